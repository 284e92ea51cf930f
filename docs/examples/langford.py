"""Langford pairs: arrange two 1s, two 2s, ..., two ns in a row of 2n slots
so that the two copies of k have exactly k slots between them.

Items: the values 1..n and the slots 1..2n, all primary.  Option: value k
in slots i and i + k + 1.  Every arrangement is found twice, once as its
mirror image; ``unmirrored=True`` lets the value 1 take only the left half
of its positions, which keeps exactly one of each mirrored pair.

Usage: ``python docs/examples/langford.py [N]`` (default 7).
"""

from __future__ import annotations

import signal
import sys

from dlx import ExactCover

Placement = tuple[int, int, int]  # (value, first slot, second slot)


def langford(n: int, unmirrored: bool = False) -> tuple[ExactCover, list[Placement]]:
    """The Langford-pairs problem for the values 1..n, and its placements.

    ``placements[k]`` says what option ``k`` does.
    """
    values = [f"v{k}" for k in range(1, n + 1)]
    slots = [f"s{i}" for i in range(1, 2 * n + 1)]
    problem = ExactCover(values + slots)
    placements: list[Placement] = []
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            if unmirrored and k == 1 and i >= n:
                continue  # the mirror image of i is 2n - 1 - i, in the left half
            j = i + k + 1
            problem.add_option([f"v{k}", f"s{i}", f"s{j}"])
            placements.append((k, i, j))
    return problem, placements


def arrangement(placements: list[Placement], solution: tuple[int, ...]) -> list[int]:
    """The row of 2n values that a solution describes."""
    row = [0] * (2 * len(solution))
    for option in solution:
        k, i, j = placements[option]
        row[i - 1] = row[j - 1] = k
    return row


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 7
    problem, placements = langford(n)
    first = problem.first()
    if first is not None:
        print("The first arrangement:", *arrangement(placements, first))
    unmirrored, _ = langford(n, unmirrored=True)
    print(
        f"n = {n}: {problem.count()} arrangements, "
        f"{unmirrored.count()} up to mirror image"
    )


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main(sys.argv[1:])
