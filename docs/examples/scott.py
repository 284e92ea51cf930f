"""Scott's pentomino problem: the twelve pentominoes on a chessboard without its centre.

Dana Scott (1958) had a computer find every way to put the twelve
pentominoes on the 8×8 board with the 2×2 square in the middle left
empty.  Built on :mod:`dlx.polyomino`: the board is drawn with its hole,
each piece is used once.  Every solution turns and reflects into 8, so
keeping the X (the one piece that looks the same every way) with its
centre in the top left quadrant leaves 130 of the 520, and the mirror
images pair those up: 65 solutions up to symmetry.

Usage: ``python docs/examples/scott.py [--count] [--all]``: prints the
first solution; ``--count`` also counts them with the X in one quadrant
(130, about 10 seconds), ``--all`` counts all 520 (about a minute).
"""

from __future__ import annotations

import argparse
import signal

from dlx.polyomino import PENTOMINOES, Placement, draw, tiling

BOARD = """\
........
........
........
...##...
...##...
........
........
........"""


def x_in_top_left(placed: Placement) -> bool:
    """Keep every placement but those of the X centred outside the top left quadrant."""
    r, c = placed.cells[2]  # the X's cells, sorted: its centre is the third
    return placed.piece != "X" or (r < 4 and c < 4)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", action="store_true", help="count, X in one quadrant")
    parser.add_argument("--all", action="store_true", help="count all solutions")
    args = parser.parse_args(argv)
    problem = tiling(PENTOMINOES, BOARD, where=x_in_top_left)
    solution = problem.first()
    assert solution is not None
    print(draw(problem.labels_of(solution), BOARD))
    if args.count:
        found = problem.count()
        print(f"{found} solutions with the X in the top left quadrant, "
              f"{found // 2} up to symmetry")  # fmt: skip
    if args.all:
        print(f"{tiling(PENTOMINOES, BOARD).count()} solutions in all")


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
