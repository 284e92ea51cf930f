"""Pentomino tilings: pack the twelve pentominoes into a 60-cell rectangle.

Built on :mod:`dlx.polyomino`: the items are the twelve piece names and the
60 cells, all primary (every piece is used once, every cell is covered
once); the options are every position of every rotation and reflection of
every piece, each naming its piece and its five cells, and each labelled
with its :class:`~dlx.polyomino.Placement`.

Usage: ``python docs/examples/pentominoes.py [HEIGHT WIDTH] [--count]
[--svg FILE]``: prints the first tiling of the rectangle (default 6×10), or
with ``--count`` the number of tilings; ``--svg`` also draws the tiling
(with :func:`dlx.polyomino.to_svg`: a colour per piece).
A rectangle that is not 60 cells is refused at once (exit status 2), as
:func:`~dlx.polyomino.tiling` refuses it, rather than searched in vain.
"""

from __future__ import annotations

import argparse
import signal

from dlx import ProblemError
from dlx.polyomino import Tiling, rectangle, tiling

# The twelve pentominoes in Conway's letters, each drawn once with '#'.
PIECES = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("###.", "..##"),
    "P": ("###", "##."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("####", ".#.."),
    "Z": ("##.", ".#.", ".##"),
}


def first_tiling(height: int, width: int) -> Tiling | None:
    """The first tiling of the rectangle (``None`` if there is none).

    ``print`` shows it as text, a letter per piece; its ``to_svg()`` draws
    it (:func:`dlx.polyomino.to_svg`), and Jupyter shows it as that picture.
    """
    board = rectangle(height, width)
    problem = tiling(PIECES, board)
    solution = problem.first()
    if solution is None:
        return None
    return Tiling(problem.labels_of(solution), board)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("height", type=int, nargs="?", default=6)
    parser.add_argument("width", type=int, nargs="?", default=10)
    parser.add_argument("--count", action="store_true", help="count the tilings")
    parser.add_argument("--svg", metavar="FILE", help="draw the first tiling")
    args = parser.parse_args(argv)
    try:
        # A board of no cell, or of other than 60 cells, is an error at once.
        problem = tiling(PIECES, rectangle(args.height, args.width))
    except (ValueError, ProblemError) as error:
        parser.error(str(error))
    if args.count:
        print(f"{args.height}×{args.width}: {problem.count()} tilings")
        return
    shown = first_tiling(args.height, args.width)
    if shown is None:
        print(f"{args.height}×{args.width}: no tiling")
        return
    print(shown)
    if args.svg:
        title = f"A pentomino tiling of the {args.height}×{args.width} rectangle"
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(shown.to_svg(title=title))


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
