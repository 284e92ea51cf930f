"""Pentomino tilings: pack the twelve pentominoes into a 60-cell rectangle.

Built on :mod:`dlx.polyomino`: the items are the twelve piece names and the
60 cells, all primary (every piece is used once, every cell is covered
once); the options are every position of every rotation and reflection of
every piece, each naming its piece and its five cells, and each labelled
with its :class:`~dlx.polyomino.Placement`.

Usage: ``python docs/examples/pentominoes.py [HEIGHT WIDTH] [--count |
--dlx | --symmetry] [--svg FILE]``: prints the first tiling of the
rectangle (default 6×10), or with ``--count`` the number of tilings;
``--svg`` also draws the tiling (with :func:`dlx.polyomino.to_svg`: a
colour per piece).  ``--dlx`` writes the problem in Knuth's format instead
(a cell ``(r, c)`` as ``r,c``), and ``--symmetry`` the board's symmetries
in cycle notation over those names, for ``dlx --symmetry``: together they
count the tilings up to rotations and reflections with the ``dlx`` command.
A rectangle that is not 60 cells is refused at once (exit status 2), as
:func:`~dlx.polyomino.tiling` refuses it, rather than searched in vain.
"""

from __future__ import annotations

import argparse
import signal
from collections.abc import Hashable, Mapping

from dlx import ProblemError, format_dlx
from dlx.polyomino import Cell, Tiling, board_symmetries, rectangle, tiling

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


def word(item: Hashable) -> str:
    """An item's name in the text format: a piece's letter, a cell as ``r,c``."""
    if isinstance(item, tuple):
        return ",".join(map(str, item))
    return str(item)


def cycles(mapping: Mapping[Cell, Cell]) -> str:
    """A symmetry of the board in cycle notation: ``(0,0 5,9)(0,1 5,8)...``.

    The cells it leaves in place are left out, as ``dlx --symmetry`` reads it.
    """
    seen: set[Cell] = set()
    written = []
    for start in mapping:
        if start in seen or mapping[start] == start:
            continue
        cycle = [start]
        seen.add(start)
        item = mapping[start]
        while item != start:
            cycle.append(item)
            seen.add(item)
            item = mapping[item]
        written.append("(" + " ".join(map(word, cycle)) + ")")
    return "".join(written)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("height", type=int, nargs="?", default=6)
    parser.add_argument("width", type=int, nargs="?", default=10)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--count", action="store_true", help="count the tilings")
    mode.add_argument(
        "--dlx", action="store_true", help="write the problem in Knuth's DLX format"
    )
    mode.add_argument(
        "--symmetry",
        action="store_true",
        help="write the board's symmetries in cycle notation, for dlx --symmetry",
    )
    parser.add_argument("--svg", metavar="FILE", help="draw the first tiling")
    args = parser.parse_args(argv)
    try:
        # A board of no cell, or of other than 60 cells, is an error at once.
        board = rectangle(args.height, args.width)
        problem = tiling(PIECES, board)
    except (ValueError, ProblemError) as error:
        parser.error(str(error))
    if args.dlx:
        print(format_dlx(problem, name=word), end="")
        return
    if args.symmetry:
        # Every rotation and reflection of the board but the identity, each
        # a generator (more than the group needs, which does no harm); the
        # pieces stay as they are.
        print(
            f"| the rotations and reflections of the {args.height}×{args.width} board"
        )
        for mapping in board_symmetries(board):
            print(cycles(mapping))
        return
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
