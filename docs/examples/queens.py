"""N queens: place n queens on an n×n board so that no two attack each other.

Every row and every column holds exactly one queen, so rows and columns are
*primary* items.  A diagonal holds at most one queen (most diagonals stay
empty), so diagonals are *secondary* items.  Option ``k`` is the queen on
row ``k // n``, column ``k % n``.

Usage: ``python docs/examples/queens.py [N]`` (default 8) prints the first
solution as a board and the number of solutions.
"""

from __future__ import annotations

import signal
import sys

from dlx import ExactCover


def queens(n: int) -> ExactCover:
    """The n-queens problem: one option per square."""
    rows = [f"r{i}" for i in range(n)]
    columns = [f"c{j}" for j in range(n)]
    diagonals = [f"a{s}" for s in range(2 * n - 1)]  # i + j is constant
    antidiagonals = [f"b{d}" for d in range(2 * n - 1)]  # i - j is constant
    problem = ExactCover(rows + columns, diagonals + antidiagonals)
    for i in range(n):
        for j in range(n):
            problem.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    return problem


def board(n: int, solution: tuple[int, ...]) -> str:
    """Draw a solution: ``Q`` for a queen, ``.`` for an empty square."""
    queens_at = {divmod(k, n) for k in solution}
    return "\n".join(
        " ".join("Q" if (i, j) in queens_at else "." for j in range(n))
        for i in range(n)
    )


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 8
    problem = queens(n)
    first = problem.first()
    if first is not None:
        print(f"The first solution for {n} queens:")
        print(board(n, first))
    search = problem.search()
    for _ in search:
        pass
    stats = search.stats
    print(
        f"{n} queens: {stats.solutions} solutions "
        f"({stats.nodes} nodes, {stats.updates} updates)"
    )


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main(sys.argv[1:])
