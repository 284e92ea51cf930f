"""N queens: place n queens on an n×n board so that no two attack each other.

Every row and every column holds exactly one queen, so rows and columns are
*primary* items.  A diagonal holds at most one queen (most diagonals stay
empty), so diagonals are *secondary* items.  Option ``k`` is the queen on
row ``k // n``, column ``k % n``.

Usage: ``python docs/examples/queens.py [N]`` (default 8) prints the first
solution as a board, the number of solutions, and the number up to the
board's symmetries (the eight rotations and reflections: 12 for 8 queens).
``--dlx`` writes the problem in Knuth's format instead, ``--symmetry``
the board's symmetries in cycle notation, for ``dlx --symmetry``.
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


def symmetries(n: int) -> list[dict[str, str]]:
    """The board's quarter turn and one reflection, as mappings of the items.

    Together they generate the eight symmetries of the square (the group
    D4).  The quarter turn takes the square (i, j) to (j, n-1-i): row i
    becomes column n-1-i, column j row j, and the diagonals change kind;
    the reflection takes (i, j) to (i, n-1-j).
    """
    turn: dict[str, str] = {}
    mirror: dict[str, str] = {}
    for i in range(n):
        turn[f"r{i}"] = f"c{n - 1 - i}"
        turn[f"c{i}"] = f"r{i}"
        mirror[f"c{i}"] = f"c{n - 1 - i}"
    for s in range(2 * n - 1):
        turn[f"a{s}"] = f"b{s}"
        turn[f"b{s}"] = f"a{2 * (n - 1) - s}"
        mirror[f"a{s}"] = f"b{s}"
        mirror[f"b{s}"] = f"a{s}"
    return [turn, mirror]


def cycles(mapping: dict[str, str]) -> str:
    """A mapping in cycle notation: ``(r0 c7 r7 c0)(r1 c6 r6 c1)...``."""
    seen: set[str] = set()
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
        written.append("(" + " ".join(cycle) + ")")
    return "".join(written)


def board(n: int, solution: tuple[int, ...]) -> str:
    """Draw a solution: ``Q`` for a queen, ``.`` for an empty square."""
    queens_at = {divmod(k, n) for k in solution}
    return "\n".join(
        " ".join("Q" if (i, j) in queens_at else "." for j in range(n))
        for i in range(n)
    )


def boards_svg(
    n: int, solutions: list[tuple[int, ...]], *, across: int = 4, title: str = ""
) -> str:
    """Draw solutions side by side as an SVG picture, ``across`` boards a row.

    Each board is numbered from 1 below it; a queen is a dark disc.
    """
    square, gap, caption = 14, 18, 16
    size = n * square
    down = -(-len(solutions) // across)
    width = across * size + (across + 1) * gap
    height = down * (size + caption) + (down + 1) * gap
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">',
        f"<title>{title or f'{len(solutions)} solutions of {n} queens'}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for number, solution in enumerate(solutions):
        row, col = divmod(number, across)
        x0 = gap + col * (size + gap)
        y0 = gap + row * (size + caption + gap)
        for i in range(n):
            for j in range(n):
                if (i + j) % 2:
                    parts.append(
                        f'<rect x="{x0 + j * square}" y="{y0 + i * square}" '
                        f'width="{square}" height="{square}" fill="#d9c7a7"/>'
                    )
        parts.append(
            f'<rect x="{x0}" y="{y0}" width="{size}" height="{size}" '
            'fill="none" stroke="#5a4a32"/>'
        )
        for k in solution:
            i, j = divmod(k, n)
            parts.append(
                f'<circle cx="{x0 + j * square + square / 2}" '
                f'cy="{y0 + i * square + square / 2}" r="{square * 0.32}" '
                'fill="#222" class="queen"/>'
            )
        parts.append(
            f'<text x="{x0 + size / 2}" y="{y0 + size + caption - 3}" '
            'font-family="sans-serif" font-size="12" text-anchor="middle">'
            f"{number + 1}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str]) -> None:
    numbers = [word for word in argv if not word.startswith("--")]
    n = int(numbers[0]) if numbers else 8
    problem = queens(n)
    if "--dlx" in argv:
        from dlx import format_dlx

        print(format_dlx(problem), end="")
        return
    if "--symmetry" in argv:
        print("| a quarter turn, and a reflection")
        for mapping in symmetries(n):
            print(cycles(mapping))
        return
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
    orbits = problem.count(symmetry=symmetries(n))
    print(f"{n} queens up to symmetry: {orbits} solutions")


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main(sys.argv[1:])
