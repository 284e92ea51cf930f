"""Why a problem has no solution: a minimal reason, found by counts of at most one solution.

:meth:`dlx.ExactCover.conflict` answers "why not?" for a problem with no
solution, in one of two ways:

* a set of primary items that cannot all be covered: the problem in
  which only these items must be covered (every other primary item may
  be covered at most once, as a secondary item is) has no solution;
* with ``pinned``, a subset of the options a solution was asked to
  contain: forced into the solution, these options leave none.

Either way the reason is *minimal*: leave any one of its members out and
the problem has a solution.  It is not always the smallest such set
(there may be several minimal reasons; finding the smallest of all is a
much harder search), but no member of it is there for nothing.

Every question asked on the way is the same: does a relaxed problem (some
items required, or some options forced) have a solution?  It is answered
in two steps.

1. *Propagation with reasons.*  The forced options are chosen and the
   options they clash with removed; a required item with one option left
   gets it, and so on (what a sudoku player calls naked and hidden
   singles).  Each removal remembers which of the candidates (required
   items, forced options) it rests on.  When a required item is left
   without options, the candidates its removals rest on already have no
   solution: a *core*, often much smaller than the set asked about.
2. Otherwise the engine counts the solutions of what is left (the
   problem without the covered items and the removed options), up to 1.

The minimisation keeps a set known to have no solution and drops members
from it in blocks, QuickXplain's binary splitting done as a loop: it tries
to drop a block of the last members (of 1, 2, 4... members while that
works); when dropping a block leaves a solution, the block holds a member
that is needed, and halving the block finds it.  Every test that finds
no solution shrinks the set to that test's core (the first cut comes so
from the whole problem's failure).  A member is kept only when dropping
it alone left a solution, so the answer is minimal.

Cost: about ``k·log2(n/k) + k`` tests for a reason of ``k`` members
among ``n`` candidates, fewer when the cores cut deep (a deletion-based
search, dropping members one at a time, takes about ``n``), each test a
propagation (linear in the size of the problem) and, when that does not
decide, a count with limit 1.  The counts of the tests that find no
solution are whole searches: on a problem whose own search is long, so is
this, and ``timeout=`` bounds it.  Memory is linear in the problem,
plus the clash sets (at most :data:`CLASH_BYTES`); there is no
recursion.  Problems with bounds on their items (Algorithm M) are tested
without propagation, each forced option given an item of its own.

>>> from dlx import ExactCover
>>> problem = ExactCover("abcd", options=[["a", "b"], ["b", "c"], ["a", "c"], ["d"]])
>>> problem.conflict()
['a', 'b', 'c']
>>> problem.conflict(pinned=[3])
[]
"""

from __future__ import annotations

import operator
import random
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from dlx.engine import search_class
from dlx.errors import BudgetExceeded, ProblemError
from dlx.links import Links
from dlx.records import Record
from dlx.stats import Outcome, Progress, Stats, check_budgets

__all__ = [
    "CLASH_BYTES",
    "FIRST_NODES",
    "PROBE_AFTER",
    "RESTART_NODES",
    "UNKNOWN",
    "ConflictBudgetExceeded",
    "ConflictClock",
    "ConflictInterrupted",
    "ConflictProgress",
    "find_conflict",
    "minimal_core",
    "resolve_pinned",
]


#: Blocked options (see :mod:`dlx.conflict`) are looked for while the
#: clash sets, one bit set of the options per option, take at most this
#: many bytes (a 16×16 sudoku's take 2 MB); above, singles alone.
CLASH_BYTES = 8 << 20


#: The nodes of the first count of a test; each restart doubles them.
#: Which item a count branches on among those with the fewest options
#: can make its tree a million nodes or five (the items of the reason
#: first, or last): the restarts, their ties broken at random, make a
#: long tail of slow counts short.
RESTART_NODES = 1000
#: The nodes a count may take before the test probes: each option of a
#: required item with two options left (then three, and so on) is chosen
#: on trial, and goes when propagation after it ends in a contradiction.
PROBE_AFTER = 8000
#: The nodes a test may search at first before it is put off (see
#: :func:`minimal_core`); four times as many each time it is asked again.
FIRST_NODES = 64_000
#: What a test answers when it could not tell within its nodes.
UNKNOWN = -1


class ConflictProgress(Record, frozen=True):
    """A report on a running :meth:`dlx.ExactCover.conflict`, as its ``progress`` hook receives it.

    * ``tests``: the tests run so far (each a propagation, most of them
      followed by a count with limit 1);
    * ``kept``: the members shown to be needed so far;
    * ``left``: the members not decided yet (the reason found so far has
      ``kept + left`` members);
    * ``elapsed``: seconds since the call started.

    >>> ConflictProgress(tests=12, kept=3, left=5, elapsed=1.5).left
    5
    """

    tests: int
    kept: int
    left: int
    elapsed: float


class ConflictBudgetExceeded(BudgetExceeded):
    """:meth:`dlx.ExactCover.conflict` ran out of its ``timeout``: the reason so far is ``reason``.

    A :class:`dlx.BudgetExceeded` (``outcome``
    :attr:`dlx.Outcome.OUT_OF_TIME`; ``stats`` those of the count that
    was running, or empty when the time ran out between two counts).

    :param outcome: why it stopped.
    :param stats: the statistics of the count that was running.
    :param detail: the message.
    :param reason: the reason so far, or ``None``.
    :ivar reason: a set with no solution, in the form a finished call
        returns (item names, or the pinned entries), but not shown minimal
        (drop some of its members and it may still have none); ``None``
        when the time ran out before the first test was over.

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"]])
    >>> try:
    ...     problem.conflict(timeout=0)
    ... except ConflictBudgetExceeded as stop:
    ...     print(stop.reason)
    None
    """

    def __init__(
        self, outcome: Outcome, stats: Stats, detail: str, reason: list[Any] | None
    ) -> None:
        super().__init__(outcome, stats, detail)
        self.reason = reason


class ConflictInterrupted(KeyboardInterrupt):
    """:meth:`dlx.ExactCover.conflict` was interrupted (Ctrl-C): the reason so far is ``reason``.

    A :class:`KeyboardInterrupt`, so that Ctrl-C still ends a program
    that does not catch it; like a :class:`dlx.SearchStopped` it carries
    ``outcome`` (:attr:`dlx.Outcome.INTERRUPTED`) and ``stats``.

    :param message: how long it ran and how far it got.
    :param reason: the reason so far (as in :class:`ConflictBudgetExceeded`),
        or ``None``.

    >>> ConflictInterrupted("interrupted", ["a", "b"]).reason
    ['a', 'b']
    """

    def __init__(self, message: str, reason: list[Any] | None) -> None:
        super().__init__(message)
        self.outcome = Outcome.INTERRUPTED
        self.stats = Stats()
        self.reason = reason


def resolve_pinned(
    pinned: Iterable[object], n_options: int, labels: Sequence[Any] | None
) -> tuple[list[int], list[object]]:
    """The option numbers of the ``pinned`` entries, and the entries themselves.

    An entry is an option number (any integer type but a bool) or the
    label of exactly one option (see :meth:`dlx.ExactCover.add_option`).
    An option named twice counts once (its first entry is kept).

    :param pinned: the entries.
    :param n_options: how many options the problem has.
    :param labels: the options' labels (shorter than the options when the
        last ones have none), or ``None``.
    :returns: the option numbers and the entries, one for one.
    :raises ProblemError: for a number that is no option's, an entry that
        is neither a number nor a label, or a label of several options,
        naming it.

    >>> resolve_pinned([2, "b", 2], 3, [None, "b"])
    ([2, 1], [2, 'b'])
    >>> resolve_pinned([5], 3, None)
    Traceback (most recent call last):
      ...
    dlx.errors.ProblemError: pinned option 5 does not exist: the options are numbered 0 to 2
    """
    try:
        entries = list(pinned)
    except TypeError:
        raise ProblemError(
            f"pinned must be a list of option numbers or labels, not {pinned!r}"
        ) from None
    by_label: dict[Any, int] | None = None
    numbers: list[int] = []
    kept: list[object] = []
    seen: set[int] = set()
    for entry in entries:
        number: int | None = None
        if not isinstance(entry, bool):
            try:
                number = operator.index(_any(entry))
            except TypeError:
                number = None
        if number is not None:
            if not 0 <= number < n_options:
                where = (
                    f"the options are numbered 0 to {n_options - 1}"
                    if n_options
                    else "the problem has no options"
                )
                raise ProblemError(f"pinned option {number} does not exist: {where}")
        else:
            if by_label is None:
                by_label = {}
                for k, label in enumerate(labels or ()):
                    if label is None:
                        continue
                    try:
                        by_label[label] = -1 if label in by_label else k
                    except TypeError:  # an unhashable label cannot be asked for
                        continue
            try:
                found = by_label.get(entry)
            except TypeError:
                found = None
            if found is None:
                raise ProblemError(
                    f"pinned {entry!r} is neither an option number nor an option's label"
                )
            if found < 0:
                assert labels is not None
                twice = [k for k, label in enumerate(labels) if label == entry][:2]
                raise ProblemError(
                    f"pinned label {entry!r} is the label of options {twice[0]} and "
                    f"{twice[1]}: pin one of them by its number"
                )
            number = found
        if number not in seen:
            seen.add(number)
            numbers.append(number)
            kept.append(entry)
    return numbers, kept


def _any(value: object) -> Any:
    """``value``, for :func:`operator.index` to try (it raises TypeError)."""
    return value


class ConflictClock:
    """The time budget and the progress reports of one call, and how far it got.

    :meth:`check` raises :class:`dlx.BudgetExceeded` once ``timeout``
    seconds have passed and calls ``progress`` every ``interval``
    seconds with a :class:`ConflictProgress`; :func:`minimal_core` keeps
    its state in ``kept``, ``left`` and ``later`` (``left`` is ``None``
    before the first test is over), so that a call stopped early can
    still say what it had.

    :param timeout: seconds, or ``None``.
    :param progress: the hook, or ``None``.
    :param interval: seconds between two reports.

    >>> clock = ConflictClock(None, None, 1.0)
    >>> minimal_core(4, lambda members, nodes: 1 << 1 if 1 in members else None, clock)
    [1]
    >>> clock.kept, clock.left
    ([1], [])
    """

    def __init__(
        self,
        timeout: float | None,
        progress: Callable[[ConflictProgress], object] | None,
        interval: float,
    ) -> None:
        self.timeout = timeout
        self.progress = progress
        self.interval = interval
        self.started = time.perf_counter()
        self.last_report = self.started
        self.tests = 0
        # The state of the minimisation, for reports and partial answers.
        self.kept: list[int] = []
        self.left: list[int] | None = None
        self.later: list[int] = []

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def remaining(self) -> float | None:
        if self.timeout is None:
            return None
        return max(0.0, self.timeout - self.elapsed())

    def check(self) -> None:
        """Raise :class:`dlx.BudgetExceeded` past the budget; report when one is due."""
        now = time.perf_counter()
        if self.timeout is not None and now - self.started >= self.timeout:
            raise BudgetExceeded(Outcome.OUT_OF_TIME, Stats(), "")
        if self.progress is not None and now - self.last_report >= self.interval:
            self.report(now)

    def report(self, now: float) -> None:
        assert self.progress is not None
        self.last_report = now
        left = 0 if self.left is None else len(self.left) + len(self.later)
        self.progress(
            ConflictProgress(self.tests, len(self.kept), left, now - self.started)
        )

    def relay(self, _: Progress) -> None:
        """The hook of a long count: a report of this call instead."""
        self.report(time.perf_counter())


class _Tester:
    """The feasibility test of one call: propagation with reasons, then a count.

    Candidates are numbered from 0: the primary items themselves (without
    ``pinned``), or the positions in ``pinned``.  :meth:`test` answers
    for a list of candidates: ``None`` when the relaxed problem has a
    solution, else a core as a bit mask of candidates.
    """

    def __init__(
        self,
        n_primary: int,
        n_items: int,
        rows: Sequence[Sequence[int]],
        colors: Sequence[Sequence[int]] | None,
        bounds: Mapping[int, tuple[int, int]],
        pinned: list[int] | None,
        clock: ConflictClock,
    ) -> None:
        self.n_primary = n_primary
        self.n_items = n_items
        self.rows = rows
        self.colors = colors
        self.bounds = bounds
        self.pinned = pinned
        self.clock = clock
        if bounds:
            return  # tested by the count alone (see _count_bounded)
        holders: list[list[int]] = [[] for _ in range(n_items)]
        for k, row in enumerate(rows):
            for item in row:
                holders[item].append(k)
        self.holders = holders
        # The colour of each holder on the item, for coloured problems.
        self.tones: list[list[int]] | None = None
        if colors is not None:
            tones: list[list[int]] = [[] for _ in range(n_items)]
            for row, codes in zip(rows, colors, strict=True):
                for item, code in zip(row, codes, strict=True):
                    tones[item].append(code)
            self.tones = tones
        self.sizes = [len(h) for h in holders]
        # Primary items with at most one option from the start.
        self.thin = [i for i in range(n_primary) if self.sizes[i] <= 1]
        self.every_primary = bytearray(b"\x01") * n_primary + bytearray(
            n_items - n_primary
        )
        self._clash: list[int] | None = None
        # Whether the clash sets fit CLASH_BYTES (then made on first use).
        self.blocking = len(rows) * len(rows) <= 8 * CLASH_BYTES
        # The options of each primary item, as a bit set (with the clash sets).
        self.others: list[int] = []

    def clash(self) -> list[int] | None:
        """Each option's clash set (the options it clashes with, itself too), or ``None``.

        Bit sets of the options, made on first use while they fit
        :data:`CLASH_BYTES`; ``None`` above (no blocked options then).
        """
        if self._clash is not None or not self.blocking:
            return self._clash
        rows = self.rows
        holds = []
        for ks in self.holders:
            mask = 0
            for k in ks:
                mask |= 1 << k
            holds.append(mask)
        n_primary = self.n_primary
        shades: dict[tuple[int, int], int] = {}
        if self.colors is not None:
            assert self.tones is not None
            for j in range(n_primary, self.n_items):
                for k, c in zip(self.holders[j], self.tones[j], strict=True):
                    if c:
                        shades[j, c] = shades.get((j, c), 0) | 1 << k
        clash = []
        for k, row in enumerate(rows):
            mask = 0
            if self.colors is None:
                for j in row:
                    mask |= holds[j]
            else:
                for j, c in zip(row, self.colors[k], strict=True):
                    if c and j >= n_primary:
                        mask |= (holds[j] & ~shades[j, c]) | 1 << k
                    else:
                        mask |= holds[j]
            clash.append(mask)
        self.others = [~holds[i] for i in range(n_primary)]
        self._clash = clash
        return clash

    def test(self, members: Sequence[int], nodes: int) -> int | None:
        """``None`` when the problem relaxed to ``members`` has a solution, else a core.

        :data:`UNKNOWN` when the last count of the test could not tell
        within ``nodes`` nodes.
        """
        self.clock.check()
        self.clock.tests += 1
        pinned = self.pinned
        if pinned is not None:
            # An option without a primary item is in no solution (as in
            # Knuth's programs: options are chosen for primary items).
            n_primary = self.n_primary
            for p in members:
                if min(self.rows[pinned[p]]) >= n_primary:
                    return 1 << p
        if self.bounds:
            return self._count_bounded(members, nodes)
        return self._propagate(members, nodes)

    def _propagate(self, members: Sequence[int], nodes: int) -> int | None:
        n_primary = self.n_primary
        n_items = self.n_items
        rows = self.rows
        colors = self.colors
        holders = self.holders
        tones = self.tones
        pinned = self.pinned
        n_options = len(rows)
        by_items = pinned is None
        if by_items:
            watched = bytearray(n_items)
            for i in members:
                watched[i] = 1
            assumed = 1 << n_primary  # a bit beside the candidates
        else:
            watched = self.every_primary
            assert pinned is not None
            assumed = 1 << len(pinned)
        count = self.sizes[:]
        alive = bytearray(b"\x01") * n_options
        why = [0] * n_options
        covered = bytearray(n_items)
        fixed = [0] * n_items if colors is not None else None
        # The items whose options changed since blocked options were last
        # looked for among theirs.
        dirty = bytearray(b"\x01") * n_items
        queue = [i for i in self.thin if watched[i]]
        push = queue.append

        def remove(k: int, reason: int) -> None:
            alive[k] = 0
            why[k] = reason
            for i in rows[k]:
                left = count[i] - 1
                count[i] = left
                dirty[i] = 1
                if left <= 1 and watched[i] and not covered[i]:
                    push(i)

        def choose(o: int, reason: int) -> None:
            alive[o] = 0
            codes = colors[o] if colors is not None else None
            for t, j in enumerate(rows[o]):
                code = codes[t] if codes is not None else 0
                if code and j >= n_primary:
                    assert fixed is not None and tones is not None
                    if fixed[j] == code:
                        continue
                    fixed[j] = code
                    others = [
                        k
                        for k, c in zip(holders[j], tones[j], strict=True)
                        if c != code and alive[k]
                    ]
                else:
                    covered[j] = 1
                    others = [k for k in holders[j] if alive[k]]
                for k in others:
                    remove(k, reason)

        def settle() -> int | None:
            """Singles until none is left; the reason of a contradiction."""
            while queue:
                i = queue.pop()
                if covered[i]:
                    continue
                reason = 1 << i if by_items else 0
                if count[i] == 0:
                    for k in holders[i]:
                        reason |= why[k]
                    queue.clear()
                    return reason
                last = -1
                for k in holders[i]:
                    if alive[k]:
                        last = k
                    else:
                        reason |= why[k]
                choose(last, reason)
            return None

        def block() -> int | None:
            """Blocked options out, then singles, until neither is left."""
            clash = self.clash()
            others = self.others
            if clash is None:
                return None
            while True:
                # Blocked options: those that clash with every option left
                # to a required item (pointing and claiming, on a sudoku).
                blocked = False
                i = dirty.find(1, 0, n_primary)
                while i >= 0:
                    dirty[i] = 0
                    if not watched[i] or covered[i] or count[i] < 2:
                        i = dirty.find(1, i + 1, n_primary)
                        continue
                    meets = -1
                    for k in holders[i]:
                        if alive[k]:
                            meets &= clash[k]
                            if not meets:
                                break
                    meets &= others[i]
                    reason = -1
                    while meets:
                        low = meets & -meets
                        meets ^= low
                        k = low.bit_length() - 1
                        if not alive[k]:
                            continue
                        if reason < 0:
                            reason = 1 << i if by_items else 0
                            for d in holders[i]:
                                if not alive[d]:
                                    reason |= why[d]
                        remove(k, reason)
                        blocked = True
                    i = dirty.find(1, i + 1, n_primary)
                if not blocked:
                    return None
                failed = settle()
                if failed is not None:
                    return failed

        if pinned is not None:
            for p in members:
                o = pinned[p]
                if not alive[o]:
                    return (1 << p) | why[o]
                choose(o, 1 << p)
        failed = settle()
        if failed is None:
            failed = block()
        if failed is not None:
            return failed
        left = self._left(watched, covered, fixed, alive)
        if left is None:
            return None
        most = min(PROBE_AFTER, nodes)
        found = self._count(left, most=most)
        width = 1
        seed = 0
        while found < 0:
            # A long count: probe the options of the required items with
            # two options left (then three, and so on), each chosen on
            # trial with propagation after it; an option that leads to a
            # contradiction goes, with the reason of the contradiction.
            # Then count again, with more nodes once every width is done.
            widest = max(
                (count[i] for i in range(n_primary) if watched[i] and not covered[i]),
                default=0,
            )
            if width >= widest:
                if most >= nodes:
                    return UNKNOWN
                # Probing narrowed the widest item: every width is done,
                # so the last count gets the test's whole budget of nodes.
                seed += 100
                most = nodes
                found = self._count(
                    left, PROBE_AFTER, seed, most=max(most, PROBE_AFTER)
                )
                continue
            width += 1
            while True:
                probed = False
                for i in range(n_primary):
                    if not watched[i] or covered[i] or not 2 <= count[i] <= width:
                        continue
                    for o in holders[i]:
                        if not alive[o] or covered[i]:
                            continue
                        saved = (alive, why, count, covered, fixed, dirty)
                        alive, why, count = alive[:], why[:], count[:]
                        covered, dirty = covered[:], dirty[:]
                        fixed = None if fixed is None else fixed[:]
                        choose(o, assumed)
                        failed = settle()
                        if failed is None:
                            failed = block()
                        alive, why, count, covered, fixed, dirty = saved
                        if failed is None:
                            continue
                        if not failed & assumed:
                            return failed
                        remove(o, failed ^ assumed)
                        probed = True
                        failed = settle()
                        if failed is None:
                            failed = block()
                        if failed is not None:
                            return failed
                self.clock.check()
                if not probed:
                    break
            left = self._left(watched, covered, fixed, alive)
            if left is None:
                return None
            seed += 100
            most = nodes if width >= widest else min(nodes, PROBE_AFTER * width)
            found = self._count(left, PROBE_AFTER, seed, most=max(most, PROBE_AFTER))
        if found == 0:
            return _mask(members)
        return None

    def _left(
        self,
        watched: bytearray,
        covered: bytearray,
        fixed: list[int] | None,
        alive: bytearray,
    ) -> _Left | None:
        """The problem that propagation leaves, or ``None`` when it has no item left.

        Its primary items are the required items not covered; its
        secondary items the others that are still open; its options those
        left alive, without the items closed.
        """
        n_items = self.n_items
        rows = self.rows
        colors = self.colors
        new = [-1] * n_items
        n_new = 0
        for i in range(self.n_primary):
            if watched[i] and not covered[i]:
                new[i] = n_new
                n_new += 1
        if n_new == 0:
            return None
        n_required = n_new
        for i in range(n_items):
            if new[i] < 0 and not covered[i] and (fixed is None or not fixed[i]):
                new[i] = n_new
                n_new += 1
        left_rows: list[list[int]] = []
        left_colors: list[list[int]] | None = [] if colors is not None else None
        for k in range(len(rows)):
            if not alive[k]:
                continue
            row = rows[k]
            if colors is None:
                items = [new[j] for j in row if new[j] >= 0]
                if items and min(items) < n_required:
                    left_rows.append(items)
            else:
                assert left_colors is not None
                pairs = [
                    (new[j], c)
                    for j, c in zip(row, colors[k], strict=True)
                    if new[j] >= 0
                ]
                if pairs and min(pairs)[0] < n_required:
                    left_rows.append([j for j, _ in pairs])
                    left_colors.append([c for _, c in pairs])
        if left_colors is not None and not any(map(any, left_colors)):
            left_colors = None
        return _Left(n_required, n_new, left_rows, left_colors)

    def _count_bounded(self, members: Sequence[int], nodes: int) -> int | None:
        """The test of a problem with bounds: one count, no propagation.

        Without ``pinned`` the items left out get the lower bound 0; with
        it, each forced option gets a primary item of its own that only
        it covers.
        """
        n_primary = self.n_primary
        bounds = self.bounds
        rows: Sequence[Sequence[int]] = self.rows
        colors = self.colors
        if self.pinned is None:
            required = set(members)
            pairs = []
            for i in range(n_primary):
                lower, upper = bounds.get(i, (1, 1))
                pairs.append((lower if i in required else 0, upper))
            left = _Left(n_primary, self.n_items, rows, colors, pairs)
        else:
            extra = len(members)
            shifted = [
                [j if j < n_primary else j + extra for j in row] for row in self.rows
            ]
            shifted_colors = None if colors is None else [list(c) for c in colors]
            for t, p in enumerate(members):
                o = self.pinned[p]
                shifted[o].append(n_primary + t)
                if shifted_colors is not None:
                    shifted_colors[o].append(0)
            pairs = [bounds.get(i, (1, 1)) for i in range(n_primary)]
            pairs += [(1, 1)] * extra
            left = _Left(
                n_primary + extra, self.n_items + extra, shifted, shifted_colors, pairs
            )
        found = self._count(left, most=nodes)
        if found < 0:
            return UNKNOWN
        return _mask(members) if found == 0 else None

    def _count(
        self,
        left: _Left,
        nodes: int | None = None,
        seed: int = 0,
        *,
        most: int | None = None,
    ) -> int:
        """The solutions of ``left``, up to 1, within what is left of the budget.

        By restarts: a search of at most ``nodes`` nodes (``None``:
        :data:`RESTART_NODES`), of the problem as
        it is for ``seed`` 0, else with its primary items and its options
        shuffled by a generator seeded with ``seed`` (ties between items of
        the fewest options broken at random: :meth:`_Left.links`); then,
        each with twice the nodes of the one before, searches with the
        next seeds, until one finishes.  -1 when none has within ``most``
        nodes.
        """
        clock = self.clock
        budget = max(1, RESTART_NODES if nodes is None else nodes)
        while True:
            links = left.links(seed)
            search = search_class(links)(
                links,
                limit=1,
                count_only=True,
                max_nodes=budget,
                timeout=clock.remaining(),
                progress=clock.relay if clock.progress is not None else None,
                progress_interval=clock.interval,
                estimate=False,
            )
            try:
                for _ in search:
                    pass
            except BudgetExceeded as stop:
                if stop.outcome is not Outcome.OUT_OF_NODES:
                    raise
                if most is not None and budget * 2 > most:
                    return -1
                budget *= 2
                seed += 1
                continue
            return search.stats.solutions


class _Left:
    """A problem to count, by numbers: what propagation leaves of a test.

    Items ``0 .. n_items - 1``, the first ``n_primary`` primary, with
    ``bounds`` (one pair per primary item) or ``None``.
    """

    __slots__ = ("bounds", "colors", "n_items", "n_primary", "rows")

    def __init__(
        self,
        n_primary: int,
        n_items: int,
        rows: Sequence[Sequence[int]],
        colors: Sequence[Sequence[int]] | None,
        bounds: Sequence[tuple[int, int]] | None = None,
    ) -> None:
        self.n_primary = n_primary
        self.n_items = n_items
        self.rows = rows
        self.colors = colors
        self.bounds = bounds

    def links(self, seed: int) -> Links:
        """The links, as they are for ``seed`` 0, else shuffled by it.

        The search branches on the leftmost primary item of the fewest
        options: shuffling the items breaks those ties at random, at no
        cost to the search (a ``seed=`` of the search would pay for it at
        every node), and shuffling the options the order of the branches.
        """
        n_primary = self.n_primary
        rows = self.rows
        colors = self.colors
        bounds = self.bounds
        if seed:
            rng = random.Random(seed)
            place = list(range(n_primary))
            rng.shuffle(place)
            order = list(range(len(rows)))
            rng.shuffle(order)
            rows = [[place[j] if j < n_primary else j for j in rows[k]] for k in order]
            if colors is not None:
                colors = [colors[k] for k in order]
            if bounds is not None:
                moved = list(bounds)
                for i, pair in enumerate(bounds):
                    moved[place[i]] = pair
                bounds = moved
        return Links(n_primary, self.n_items, rows, colors, bounds=bounds)


def _mask(members: Iterable[int]) -> int:
    mask = 0
    for p in members:
        mask |= 1 << p
    return mask


def minimal_core(
    n: int,
    test: Callable[[list[int], int], int | None],
    clock: ConflictClock | None = None,
) -> list[int] | None:
    """A minimal subset of ``0 .. n-1`` that ``test`` finds without solution.

    ``test(members, nodes)`` returns ``None`` when ``members`` (a list of
    candidates) has a solution, and otherwise a core: a bit mask of
    candidates among ``members`` that has none (``members`` itself will
    do); or :data:`UNKNOWN` when it could not tell within ``nodes``
    nodes of search.  A test left unknown is put off, and asked again,
    after the others, with four times the nodes (starting from
    :data:`FIRST_NODES`).  The answer is sorted; ``None`` when the whole
    set has a solution.  Having no solution must be monotone: a set that
    contains one without solution has none either.  See the module for
    how it goes.

    :param n: the number of candidates.
    :param test: the test.
    :param clock: where to keep the state for reports and partial answers.
    :returns: the minimal subset, or ``None``.

    >>> def test(members, nodes):
    ...     return sum(1 << p for p in members) if {2, 7} <= set(members) else None
    >>> minimal_core(10, test)
    [2, 7]
    >>> minimal_core(3, lambda members, nodes: None) is None
    True
    """
    clock = clock or ConflictClock(None, None, 1.0)
    nodes = FIRST_NODES
    found = test(list(range(n)), nodes)
    while found == UNKNOWN:
        nodes *= 4
        found = test(list(range(n)), nodes)
    if found is None:
        return None
    kept: list[int] = []
    left = [p for p in range(n) if found >> p & 1]
    later: list[int] = []  # members whose test was put off
    clock.kept, clock.left, clock.later = kept, left, later
    step = 1  # the size of the next block while no needed member is known in it
    needed: set[int] | None = None  # a block that holds a needed member
    while left or later:
        if not left:
            left.extend(later)
            later.clear()
            nodes *= 4
            needed = None
            step = 1
        if needed is None:
            size = min(step, len(left))
        else:
            block = sum(1 for p in left if p in needed)  # a tail of left
            if block <= 1:
                # (A sound test leaves the block a member: none left would
                # mean that the set without it has a solution.)
                if block:
                    kept.append(left.pop())
                needed = None
                step = 1
                continue
            size = block // 2
        rest = left[: len(left) - size]
        found = test(kept + rest + later, nodes)
        if found == UNKNOWN:
            if needed is not None:
                block = sum(1 for p in left if p in needed)
                later.extend(left[len(left) - block :])
                del left[len(left) - block :]
                needed = None
            elif size > 1:
                step = 1
            else:
                later.append(left.pop())
        elif found is None:
            if size == 1:
                kept.append(left.pop())
                needed = None
                step = 1
            else:
                needed = set(left[len(left) - size :])
        else:
            left[:] = [p for p in rest if found >> p & 1]
            later[:] = [p for p in later if found >> p & 1]
            if needed is None:
                step *= 2
    kept.sort()
    return kept


def find_conflict(
    names: Sequence[Hashable],
    n_primary: int,
    rows: Sequence[Sequence[int]],
    colors: Sequence[Sequence[int]] | None,
    bounds: Mapping[int, tuple[int, int]],
    labels: Sequence[Any] | None,
    pinned: Iterable[object] | None = None,
    *,
    timeout: float | None = None,
    progress: Callable[[ConflictProgress], object] | None = None,
    progress_interval: float = 1.0,
) -> list[Any] | None:
    """The work of :meth:`dlx.ExactCover.conflict`, on a problem given by numbers.

    Items are ``0 .. len(names) - 1``, the first ``n_primary`` primary;
    ``rows[k]`` lists the items of option ``k`` and ``colors[k]`` their
    colour codes (0: none), or ``colors`` is ``None``; ``bounds`` maps
    a primary item's number to its bounds where they are not ``(1, 1)``.

    :param names: the item names (the answer without ``pinned``).
    :param n_primary: how many items are primary.
    :param rows: the items of each option.
    :param colors: their colour codes, or ``None``.
    :param bounds: the bounds of some primary items.
    :param labels: the options' labels, or ``None``.
    :param pinned: as in :meth:`dlx.ExactCover.conflict`.
    :param timeout: as in :meth:`dlx.ExactCover.conflict`.
    :param progress: as in :meth:`dlx.ExactCover.conflict`.
    :param progress_interval: as in :meth:`dlx.ExactCover.conflict`.
    :returns: as :meth:`dlx.ExactCover.conflict` does.
    :raises ProblemError: for a ``pinned`` entry that names no option.
    :raises ValueError: for a negative ``timeout`` or a
        ``progress_interval`` that is not positive.
    :raises ConflictBudgetExceeded: when ``timeout`` runs out.
    :raises ConflictInterrupted: for a :class:`KeyboardInterrupt`.

    >>> find_conflict("abc", 3, [(0, 1), (1, 2), (0, 2)], None, {}, None)
    ['a', 'b', 'c']
    """
    check_budgets(None, None, timeout, progress_interval)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, not {progress!r}")
    entries: list[object] | None = None
    numbers: list[int] | None = None
    if pinned is not None:
        numbers, entries = resolve_pinned(pinned, len(rows), labels)
    clock = ConflictClock(timeout, progress, progress_interval)
    tester = _Tester(n_primary, len(names), rows, colors, bounds, numbers, clock)
    n = n_primary if entries is None else len(entries)

    def named(members: Iterable[int]) -> list[Any]:
        if entries is None:
            return [names[i] for i in sorted(members)]
        return [entries[p] for p in sorted(members)]

    def so_far() -> list[Any] | None:
        if clock.left is None:
            return None
        return named([*clock.kept, *clock.left, *clock.later])

    try:
        found = minimal_core(n, tester.test, clock)
    except BudgetExceeded as stop:
        reason = so_far()
        where = (
            "before the first test was over"
            if reason is None
            else f"the reason so far has {len(reason)} members, not shown minimal"
        )
        message = (
            f"conflict search stopped after {clock.elapsed():.3g} s (time budget of "
            f"{timeout:g} s used up) and {clock.tests} tests: {where}"
        )
        raise ConflictBudgetExceeded(
            Outcome.OUT_OF_TIME, stop.stats, message, reason
        ) from None
    except KeyboardInterrupt:
        reason = so_far()
        message = (
            f"conflict search interrupted after {clock.elapsed():.3g} s and "
            f"{clock.tests} tests"
        )
        raise ConflictInterrupted(message, reason) from None
    if progress is not None:  # the last report comes at the end, as a search's
        clock.kept, clock.left, clock.later = found or [], [], []
        clock.report(time.perf_counter())
    if found is None:
        return None
    return named(found)
