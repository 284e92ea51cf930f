"""Do the techniques of a solve by hand pay for themselves in solving?  (issue 12)

``sudoku.solve`` fills naked and hidden singles before its exact-cover
search.  The explainer's engine (``sudoku.steps``, the one that
``sudoku.grade`` and ``sudoku.explain`` run) knows stronger rules.  This
benchmark solves the same puzzles, in the same run and interleaved puzzle
by puzzle, five ways:

* ``solve``: ``sudoku.solve`` as shipped (the baseline of every ratio);
* ``singles``, ``locked``, ``subsets``, ``wings``: the engine's steps
  rated up to 2.5 (singles and SE's direct techniques), 2.9 (pointing and
  claiming), 3.9 (pairs, triples, X-wing, swordfish) and 5.9 (strong
  links, wings, quads...: the levels of ``sudoku.grade`` up to expert),
  taken until none applies, then an exact-cover search on the candidates
  that are left (first solution, as ``solve``).

It prints, per set and way, the total CPU seconds, the ratio to ``solve``
(under 1: faster), and the search nodes.  Every answer is checked by the
benchmark's own validator.

    python tests/benchmarks/bench_propagation.py
    python tests/benchmarks/bench_propagation.py --sets hard9,janko16 --n 50
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from bench_common import SYMBOLS, check_sudoku, data_dir  # noqa: E402

import sudoku  # noqa: E402
from dlx import ExactCover  # noqa: E402
from sudoku import Grid, regions_of  # noqa: E402
from sudoku.encoding import encode  # noqa: E402
from sudoku.steps import next_hint  # noqa: E402
from sudoku.techniques import Board  # noqa: E402

SETS = {
    "hard9": ("sudoku9_forum_hardest_1905_11plus_first10000.txt", 100),
    "forum1106": ("sudoku9_forum_hardest_1106.txt", 100),
    "top1465": ("sudoku9_magictour_top1465.txt", 200),
    "top95": ("sudoku9_norvig_top95.txt", 0),
    "clue17": ("sudoku9_17clue_royle.txt", 200),
    "janko16": ("sudoku16_gecode_janko55.txt", 0),
    "goomii16": ("sudoku16_goomii3000.txt", 200),
}

#: Each way's ceiling: the steps rated up to it are taken.
WAYS = {
    "singles": 2.5,
    "locked": 2.9,
    "subsets": 3.9,
    "wings": 5.9,
}


def by_solve(puzzle: str) -> tuple[str, int]:
    grid = Grid.parse(puzzle)
    enc = encode(grid)
    search = enc.problem.search(limit=1)
    first = next(search)
    return "".join(SYMBOLS[v - 1] for v in enc.decode(first)), search.stats.nodes


def cover_of(board: Board) -> tuple[ExactCover, list[tuple[int, int]]]:
    """The exact cover of the board's open cells and candidates, each option's (cell, value)."""
    units = board.regions.units
    values = board.values
    size = board.regions.size
    open_cells = [cell for cell, value in enumerate(values) if not value]
    item = len(open_cells)
    number: dict[tuple[int, int], int] = {}
    for index, unit in enumerate(units):
        placed = {values[cell] for cell in unit}
        for value in range(1, size + 1):
            if value not in placed:
                number[index, value] = item
                item += 1
    rows: list[list[int]] = []
    choices: list[tuple[int, int]] = []
    for position, cell in enumerate(open_cells):
        for value in range(1, size + 1):
            if board.cand[cell] >> (value - 1) & 1:
                rows.append(
                    [position]
                    + [number[u, value] for u in board.regions.cell_units[cell]]
                )
                choices.append((cell, value))
    return ExactCover.from_rows(rows, item, check=False), choices


def by_techniques(puzzle: str, ceiling: float) -> tuple[str, int]:
    grid = Grid.parse(puzzle)
    board = Board(regions_of(grid.size, grid.box), list(grid.values))
    while not board.solved():
        hint = next_hint(board, ceiling)
        if hint is None or hint.rating > ceiling:
            break
        board.apply(hint)
    values = board.values
    nodes = 0
    if 0 in values:
        problem, choices = cover_of(board)
        search = problem.search(limit=1)
        for k in next(search):
            cell, value = choices[k]
            values[cell] = value
        nodes = search.stats.nodes
    return "".join(SYMBOLS[v - 1] for v in values), nodes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--n", type=int, help="puzzles per set (default: per set)")
    parser.add_argument("--data", help="the puzzle folder")
    options = parser.parse_args(argv)
    folder = data_dir(options.data)
    print("| set | puzzles | way | CPU s | ratio to solve | search nodes |")
    print("|---|---|---|---|---|---|")
    for name in options.sets.split(","):
        file, default = SETS[name]
        path = folder / file
        if not path.exists():
            print(f"# {name}: {path} is absent, skipped", file=sys.stderr)
            continue
        puzzles = path.read_text().split()
        n = options.n if options.n is not None else default
        if n:
            puzzles = puzzles[:n]
        ways = ["solve", *WAYS]
        cpu = dict.fromkeys(ways, 0.0)
        nodes = dict.fromkeys(ways, 0)
        for index, puzzle in enumerate(puzzles):
            # Rotate the order, so that no way always runs first.
            shift = index % len(ways)
            for way in ways[shift:] + ways[:shift]:
                start = time.process_time()
                if way == "solve":
                    answer, searched = by_solve(puzzle)
                else:
                    answer, searched = by_techniques(puzzle, WAYS[way])
                cpu[way] += time.process_time() - start
                nodes[way] += searched
                fault = check_sudoku(puzzle, answer)
                assert fault is None, (name, index, way, fault)
        for way in ways:
            print(
                f"| {name} | {len(puzzles)} | {way} | {cpu[way]:.2f} | "
                f"{cpu[way] / cpu['solve']:.2f} | {nodes[way]} |",
                flush=True,
            )
    # sudoku.solve is what the ratios compare against: check it is the same.
    assert sudoku.solve("1......2..4..3..") == "1234341221434321"
    return 0


if __name__ == "__main__":
    sys.exit(main())
