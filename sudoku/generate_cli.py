"""``sudoku generate``: new puzzles with exactly one solution.

:func:`sudoku.cli.main` hands ``sudoku generate ...`` to :func:`main`;
run ``sudoku generate --help`` for what it does.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from math import isqrt

from dlx.algorithms import sat_available
from dlx.commands import command_parser, shows_progress
from dlx.errors import install_hint
from sudoku.batch import Batch, progress_display, run_batch
from sudoku.errors import SudokuError
from sudoku.formats import Layout, format_solution
from sudoku.generator import (
    DEFAULT_GRADE_TRIES,
    SAT_SIZE,
    SYMMETRIES,
    generate_puzzle,
)
from sudoku.grading import LEVEL_NAMES
from sudoku.options import (
    add_variant_options,
    box,
    load_region_map,
    natural,
    option_words,
    positive,
)
from sudoku.regions import regions_of
from sudoku.wording import counted

__all__ = ["main"]

DESCRIPTION = """\
Generate sudoku puzzles that have exactly one solution, and print them one
per line (N*N characters, '.' for a blank; 1-9 up to 9x9, letters A...
beyond, as in the 16x16 judge format), or with --blocks as N lines of N
characters ('-' for a blank) followed by a blank line.

Each puzzle's uniqueness is proved by a count of its solutions with limit
2.  By default a puzzle is minimal: emptying any orbit of givens that is
left (a given and its images under --symmetry; with --symmetry none, any
single given) gives a puzzle with several solutions.

Variants: --variant x, windoku or x+windoku, and --regions FILE for jigsaw
puzzles (the size comes from the map): the puzzle has one solution as that
variant, and is minimal for it."""

EPILOG = """\
seeds: with --seed S, puzzle k (from 1) is the one that --seed S+k-1
--count 1 prints, and sudoku.generate(seed=S+k-1) returns: the same on
every platform and Python version.  Without --seed, S is drawn at random
(and shown on standard error when it is a terminal).

time: a minimal 9x9 takes milliseconds, a minimal 16x16 about a second
(a few take over ten); a minimal 25x25 is out of reach (one had not
finished after 17 minutes of CPU): give it --not-minimal --givens 325
(under a second).

exit status: 0 done (a --givens target not reached is only noted on
standard error), 1 no grid of --tries had the --grade asked for (said for
each such puzzle; the others are printed), 2 bad options, 74 the output
(or standard error, which does not stop the run) could not be written,
130 interrupted (Ctrl-C, unless ignored from the start; the puzzles
printed so far stay), 141 closed pipe, 143 terminated.

examples:
  sudoku generate                          one minimal 9x9 puzzle
  sudoku generate --count 100 --seed 1     100 puzzles, the same every run
  sudoku generate --box 4x4 --blocks       a 16x16 puzzle, judge blocks
  sudoku generate --symmetry none --givens 24 --tries 50
  sudoku generate --variant x --count 5    five X-sudoku puzzles
  sudoku generate --regions map.txt        a jigsaw puzzle for map.txt
                                           (solve it: sudoku --regions
                                           map.txt puzzle.txt)"""


def _parser() -> argparse.ArgumentParser:
    parser = command_parser("sudoku generate", DESCRIPTION, EPILOG)
    parser.add_argument(
        "--box",
        type=box,
        metavar="RxC",
        help="box shape, ROWS x COLUMNS: 2x2 (4x4 grids), 2x3 (6x6), 3x3 "
        "(9x9, the default), 3x4 (12x12), 4x4 (16x16), 5x5 (25x25)...",
    )
    add_variant_options(parser, " and give the size")
    parser.add_argument(
        "--count", type=positive, default=1, metavar="N", help="print N puzzles"
    )
    parser.add_argument(
        "--seed", type=natural, metavar="S", help="make the run reproducible"
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="rotational",
        help="of the pattern of givens (default: rotational, 180 degrees)",
    )
    parser.add_argument(
        "--givens",
        type=natural,
        metavar="N",
        help="at most N givens, best effort: up to --tries grids are tried",
    )
    parser.add_argument(
        "--grade",
        choices=LEVEL_NAMES[1:],
        help="only puzzles of this grade (see sudoku --grade): up to --tries "
        "grids are tried per puzzle",
    )
    parser.add_argument(
        "--tries",
        type=positive,
        metavar="N",
        help="with --givens or --grade: grids to try per puzzle (default 20 "
        "for --givens, 200 for --grade)",
    )
    parser.add_argument(
        "--not-minimal",
        action="store_true",
        help="stop emptying cells early: at --givens N, or else at the "
        "first given that cannot go (easier puzzles, more givens)",
    )
    parser.add_argument(
        "--blocks",
        action="store_true",
        help="print each puzzle as N lines ('-' for a blank) and a blank line",
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="never show a progress bar",
    )
    return parser


def _check_options(parser: argparse.ArgumentParser, options: argparse.Namespace) -> int:
    """Refuse options that contradict each other or do nothing (status 2).

    Reads the ``--regions`` map into ``options.region_map`` (``None``
    without one) and sets ``options.box`` to 3x3 when neither is given.

    :returns: the size of the grids.
    """
    options.region_map = None
    if options.regions is not None:
        if options.box is not None:
            parser.error(
                "--box does not go with --regions: the regions replace the "
                "boxes, and the map gives the size"
            )
        options.region_map = load_region_map(parser, options.regions)
        size = isqrt(len(options.region_map))
        if size > 25:
            parser.error(
                f"--regions {options.regions}: the map is {size}x{size}; the "
                "largest generated is 25x25 (letters A-Y)"
            )
        if size < 2:
            parser.error(
                f"--regions {options.regions}: the map is 1x1: nothing to generate"
            )
    else:
        if options.box is None:
            options.box = (3, 3)
        rows, cols = options.box
        size = rows * cols
        if size > 25:
            parser.error(
                f"--box {rows}x{cols} makes {size}x{size} grids; the largest "
                "generated is 25x25 (letters A-Y)"
            )
        if size < 2:
            parser.error(f"--box {rows}x{cols} makes a 1x1 grid: nothing to generate")
    if options.variant is not None or options.region_map is not None:
        where = f"--regions {options.regions}: " if options.region_map else ""
        try:
            regions_of(size, options.box, options.variant, options.region_map)
            # One complete grid, to know that the variant or map has any.
            generate_puzzle(
                options.box,
                seed=0,
                minimal=False,
                givens=size * size,
                variant=options.variant,
                regions=options.region_map,
            )
        except SudokuError as error:
            parser.error(f"{where}{option_words(str(error))}")
    if options.tries is not None and options.givens is None and options.grade is None:
        parser.error("--tries only goes with --givens or --grade")
    return size


def main(argv: Sequence[str]) -> int:
    """Run ``sudoku generate``; return its exit status (see ``sudoku generate --help``).

    :param argv: the arguments after ``generate``.
    :raises SystemExit: for ``--help`` (status 0) and bad options (status 2),
        as :mod:`argparse` does.

    >>> main(["--box", "2x2", "--seed", "2"])
    1...3......2...3
    0
    """
    parser = _parser()
    options = parser.parse_args(argv)
    size = _check_options(parser, options)
    batch = Batch()
    if size >= SAT_SIZE and not options.not_minimal and not sat_available():
        batch.note(
            f"sudoku generate: a minimal {size}x{size} puzzle may not finish "
            "for a very long time; the sat extra "
            f"({install_hint('sat')}) makes it minutes, and "
            f"--not-minimal --givens {int(size * size * 0.52)} makes one in seconds"
        )
    base = options.seed
    if base is None:
        base = random.SystemRandom().randrange(1 << 32)
        if shows_progress(False if options.no_progress else None):
            batch.note(f"sudoku generate: --seed {base}")
    return run_batch(
        batch,
        lambda: _generate_all(options, base, batch),
        lambda how: (
            f"sudoku generate: {how} after {counted(batch.answered, 'puzzle')} printed"
        ),
    )


def _generate_all(options: argparse.Namespace, base: int, batch: Batch) -> None:
    """Generate and print the puzzles, one at a time, each as soon as it is made."""
    size = (
        isqrt(len(options.region_map))
        if options.region_map is not None
        else options.box[0] * options.box[1]
    )
    with progress_display(not options.no_progress, batch) as display:
        if display.bar is not None:
            display.bar.total = options.count
        for k in range(options.count):
            try:
                made = generate_puzzle(
                    options.box,
                    seed=base + k,
                    symmetry=options.symmetry,
                    minimal=not options.not_minimal,
                    givens=options.givens,
                    grade=options.grade,
                    tries=options.tries,
                    variant=options.variant,
                    regions=options.region_map,
                )
            except SudokuError:
                if options.grade is None:
                    raise
                # No grid of --tries had the grade: say so, go on with the next.
                batch.fail(
                    f"puzzle {k + 1} (--seed {base + k}): no "
                    f"{options.grade} puzzle in {options.tries or DEFAULT_GRADE_TRIES} "
                    "tries (a larger --tries or another --seed may find one)"
                )
                display.advance()
                continue
            if not made.reached:
                batch.note(
                    f"sudoku generate: puzzle {k + 1} (--seed {base + k}): "
                    f"asked for at most {options.givens} givens; the best of "
                    f"{made.tries} tries has {made.givens}"
                )
            if options.blocks:
                lines = made.puzzle.replace(".", "-")
                block = "\n".join(
                    lines[i : i + size] for i in range(0, size * size, size)
                )
                text = format_solution(block, Layout.BLOCKS, first=k == 0)
            else:
                text = made.puzzle + "\n"
            batch.write(text, answer=True)
            display.advance()
