"""What a search reports: its counts (:class:`Stats`) and how it stands (:class:`Outcome`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Outcome(enum.Enum):
    """How a search stands.

    >>> Outcome.EXHAUSTED.value
    'exhausted'
    """

    #: Not finished: more solutions may follow.
    RUNNING = "running"
    #: Every solution has been visited.
    EXHAUSTED = "exhausted"
    #: Stopped because the requested number of solutions was reached.
    LIMIT_REACHED = "limit reached"
    #: Stopped by the node budget (``max_nodes``).
    OUT_OF_NODES = "out of nodes"
    #: Stopped by the time budget (``timeout``).
    OUT_OF_TIME = "out of time"


@dataclass(slots=True)
class Stats:
    """Counts of one search, with the definitions of Knuth's DLX1/DLX2.

    * ``nodes``: search-tree nodes, one for every level entered, the root,
      dead ends and solutions included (Knuth's ``nodes``);
    * ``updates``: one for every cover of an item, plus one for every node
      unlinked from another item's list by a cover or a purification
      (Knuth's ``updates``);
    * ``cleansings``: one for every purification, plus one for every node
      it marks as already compatible (Knuth's ``cleansings``; 0 without
      colours);
    * ``solutions``: solutions visited so far.

    These agree with the later versions of Knuth's DLX2 on the same input
    (checked on queens, Langford pairs, pentominoes and hundreds of random
    problems with and without colours).  His older DLX1/DLX2 did not count
    a solution as a node: subtract ``solutions`` from ``nodes`` to compare
    with those.

    >>> Stats()
    Stats(nodes=0, updates=0, cleansings=0, solutions=0)
    """

    nodes: int = 0
    updates: int = 0
    cleansings: int = 0
    solutions: int = 0

    def knuth_summary(self, colors: bool = False) -> str:
        """The closing line Knuth's programs print, e.g. for comparison.

        :param colors: also give the cleansings.
        :returns: the line, without a line end.

        >>> Stats(nodes=6, updates=30, solutions=1).knuth_summary()
        'Altogether 1 solution, 30 updates, 6 nodes.'
        >>> Stats(nodes=6, updates=3, cleansings=2, solutions=2).knuth_summary(True)
        'Altogether 2 solutions, 3 updates, 2 cleansings, 6 nodes.'
        """
        plural = "" if self.solutions == 1 else "s"
        cleansings = f" {self.cleansings} cleansings," if colors else ""
        return (
            f"Altogether {self.solutions} solution{plural}, {self.updates} updates,"
            f"{cleansings} {self.nodes} nodes."
        )
