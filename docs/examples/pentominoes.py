"""Pentomino tilings: pack the twelve pentominoes into a 60-cell rectangle.

Built on :mod:`dlx.polyomino`: the items are the twelve piece names and the
60 cells, all primary (every piece is used once, every cell is covered
once); the options are every position of every rotation and reflection of
every piece, each naming its piece and its five cells, and each labelled
with its :class:`~dlx.polyomino.Placement`.

Usage: ``python docs/examples/pentominoes.py [HEIGHT WIDTH] [--count]
[--svg FILE]``: prints the first tiling of the rectangle (default 6×10), or
with ``--count`` the number of tilings; ``--svg`` also draws the tiling.
"""

from __future__ import annotations

import argparse
import signal

from dlx.polyomino import draw, rectangle, tiling

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

# One colour per piece, for the picture.
COLOURS = {
    "F": "#e6194b",
    "I": "#3cb44b",
    "L": "#ffe119",
    "N": "#4363d8",
    "P": "#f58231",
    "T": "#911eb4",
    "U": "#42d4f4",
    "V": "#f032e6",
    "W": "#bfef45",
    "X": "#fabed4",
    "Y": "#469990",
    "Z": "#dcbeff",
}


def first_tiling(height: int, width: int) -> list[str] | None:
    """The rows of the first tiling of the rectangle.

    Each cell is shown by the letter of the piece that covers it.
    """
    board = rectangle(height, width)
    problem = tiling(PIECES, board)
    solution = problem.first()
    if solution is None:
        return None
    return draw(problem.labels_of(solution), board).splitlines()


def svg(rows: list[str], cell: int = 24) -> str:
    """Draw a tiling as SVG: a coloured square per cell, a thick line between pieces."""
    height, width = len(rows), len(rows[0])
    pad = 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell + 2 * pad}" '
        f'height="{height * cell + 2 * pad}" viewBox="{-pad} {-pad} '
        f'{width * cell + 2 * pad} {height * cell + 2 * pad}">',
        "<title>A pentomino tiling</title>",
    ]
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            parts.append(
                f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
                f'fill="{COLOURS.get(name, "#ffffff")}" stroke="#00000022"/>'
            )

    # Piece outlines: a thick edge wherever two neighbours differ (or at the border).
    def letter(r: int, c: int) -> str:
        return rows[r][c] if 0 <= r < height and 0 <= c < width else ""

    for r in range(height + 1):
        for c in range(width):
            if letter(r - 1, c) != letter(r, c):
                parts.append(_edge(c * cell, r * cell, (c + 1) * cell, r * cell))
    for r in range(height):
        for c in range(width + 1):
            if letter(r, c - 1) != letter(r, c):
                parts.append(_edge(c * cell, r * cell, c * cell, (r + 1) * cell))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _edge(x1: int, y1: int, x2: int, y2: int) -> str:
    return (
        f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#222" '
        'stroke-width="2.5" stroke-linecap="square"/>'
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("height", type=int, nargs="?", default=6)
    parser.add_argument("width", type=int, nargs="?", default=10)
    parser.add_argument("--count", action="store_true", help="count the tilings")
    parser.add_argument("--svg", metavar="FILE", help="draw the first tiling")
    args = parser.parse_args(argv)
    if args.count:
        problem = tiling(PIECES, rectangle(args.height, args.width))
        print(f"{args.height}×{args.width}: {problem.count()} tilings")
        return
    rows = first_tiling(args.height, args.width)
    if rows is None:
        print(f"{args.height}×{args.width}: no tiling")
        return
    print(*rows, sep="\n")
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(svg(rows))


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
