"""``sudoku generate``: new puzzles with exactly one solution.

:func:`sudoku.cli.main` hands ``sudoku generate ...`` to :func:`main`;
run ``sudoku generate --help`` for what it does.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from math import isqrt

from dlx import Progress, ways
from dlx.algorithms import sat_available
from dlx.commands import (
    EXIT_BUDGET,
    command_parser,
    on_stderr,
    register_once,
    shows_progress,
    stderr_failed,
)
from dlx.errors import install_hint
from dlx.watch import clear_line, terminal_columns
from sudoku.batch import Batch, PuzzleProgress, progress_display, run_batch
from sudoku.errors import SudokuError
from sudoku.formats import Layout, format_solution
from sudoku.generator import (
    CAGE_GRID_SIZES,
    CAGE_KINDS,
    DEFAULT_BIG_GRADE_TRIES,
    DEFAULT_GRADE_TRIES,
    DEFAULT_RATING_TRIES,
    HIGHEST_RATING,
    RATING_SIZE,
    SYMMETRIES,
    GenerationProgress,
    GenerationStopped,
    band_text,
    cage_text,
    default_grade_tries,
    generate_puzzle,
    grade_out_of_reach,
)
from sudoku.grading import LEVEL_NAMES
from sudoku.grid import box_shape
from sudoku.options import (
    add_variant_options,
    box,
    load_region_map,
    natural,
    option_words,
    positive,
    positive_seconds,
)
from sudoku.regions import has_boxes, regions_of
from sudoku.solver import SAT_SIZE
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
variant, and is minimal for it; --variant latin makes latin squares (no
boxes: give the size with --size).

Cage puzzles: --cages killer or --cages arithmetic (KenKen: with --variant
latin) makes puzzles with no givens, only cages of 2 to 5 connected cells,
4x4 to 9x9, and prints each in the form that sudoku --cages FILE reads: a
'# seed S' line, N lines of cage labels, then one line of label=clue words
(A=21 for a killer cage's total, A=2/ for an arithmetic cage's target and
operation), with a blank line between two puzzles.  Save one puzzle to a
file and solve it with  sudoku --cages FILE  (and --variant latin for
KenKen), its grid all blanks.  With --grade, puzzles are made and graded
with their cages until one has the grade (--tries of them, 20 by default)."""

EPILOG = """\
seeds: with --seed S, puzzle k (from 1) is the one that --seed S+k-1
--count 1 prints, and sudoku.generate(seed=S+k-1) returns: the same on
every platform and Python version.  Without --seed, S is drawn at random
(and shown on standard error when it is a terminal).

time: a minimal 9x9 takes milliseconds, a minimal 16x16 about a second
(a few take over ten); a minimal 25x25 is out of reach (one had not
finished after 17 minutes of CPU): give it --not-minimal --givens 325
(under a second).

budgets: --timeout S ends the run after S seconds (status 3), in the
middle of a puzzle if need be: the puzzles printed so far stay, and the
last lines say what the unfinished one had reached.  --grade tries at
most --tries grids per puzzle (200 up to 12x12, 10 beyond), --rating
1,000 (a band of width 1.0 up to 8.0 takes seconds; few minimal puzzles
are rated above 8.5); a grade is a range of ratings (see sudoku --grade):
minimal 9x9 puzzles are mostly easy or expert, diabolical (9.0 and up)
almost never; minimal puzzles beyond 12x12 almost always grade extreme
or diabolical: easier grades want --not-minimal --givens N (16x16: most
with --givens 115 are easy).  On a terminal, a puzzle that takes over a
second shows how far it has come.

exit status: 0 done (a --givens target not reached is only noted on
standard error), 1 no grid of --tries had the --grade or --rating asked
for, or no grid took cages with one solution (said for each such puzzle;
the others are printed), 2 bad options (a --regions map
that no complete grid fits among them, and an option given twice with two
values), 3 stopped by --timeout, 74 the
output (or standard error, which does not stop the run) could not be
written, 130 interrupted (Ctrl-C, unless ignored from the start; the
puzzles printed so far stay), 141 closed pipe, 143 terminated (the same).

examples:
  sudoku generate                          one minimal 9x9 puzzle
  sudoku generate --count 100 --seed 1     100 puzzles, the same every run
  sudoku generate --box 4x4 --blocks       a 16x16 puzzle, judge blocks
  sudoku generate --symmetry none --givens 24 --tries 50
  sudoku generate --rating 6.0-7.0         a puzzle Sudoku Explainer rates
                                           6.0 to 7.0 (sudoku --rate)
  sudoku generate --variant x --count 5    five X-sudoku puzzles
  sudoku generate --regions map.txt        a jigsaw puzzle for map.txt
                                           (solve it: sudoku --regions
                                           map.txt puzzle.txt)
  sudoku generate --cages killer --seed 3 > k.txt
                                           a 9x9 killer (solve it: give
                                           sudoku --cages k.txt a grid
                                           of 81 dots)
  sudoku generate --cages arithmetic --variant latin --size 6
                                           a 6x6 KenKen"""


def _parser() -> argparse.ArgumentParser:
    parser = command_parser("sudoku generate", DESCRIPTION, EPILOG)
    register_once(parser)  # an option given twice with two values is refused
    parser.add_argument(
        "--box",
        type=box,
        metavar="RxC",
        help="box shape, ROWS x COLUMNS: 2x2 (4x4 grids), 2x3 (6x6), 3x3 "
        "(9x9, the default), 3x4 (12x12), 4x4 (16x16), 5x5 (25x25)...",
    )
    add_variant_options(parser, " and give the size")
    parser.add_argument(
        "--size",
        type=positive,
        metavar="N",
        help="N x N grids: the only way to give the size with --variant latin "
        "(default 9); otherwise the default boxes of N (6: 2x3)",
    )
    parser.add_argument(
        "--cages",
        choices=CAGE_KINDS,
        help="cage puzzles without givens: killer (totals) or arithmetic "
        "(+ - * /; KenKen with --variant latin), printed as sudoku --cages "
        "reads them",
    )
    parser.add_argument(
        "--count", type=positive, default=1, metavar="N", help="print N puzzles"
    )
    parser.add_argument(
        "--seed", type=natural, metavar="S", help="make the run reproducible"
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
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
        help="only puzzles of this grade, a range of Sudoku Explainer ratings "
        "(see sudoku --grade): up to --tries grids are tried per puzzle",
    )
    parser.add_argument(
        "--rating",
        type=rating_band,
        metavar="LOW-HIGH",
        help="only 9x9 (or smaller) puzzles whose rating (see sudoku --rate: "
        "Sudoku Explainer's scale) is in the band, as 4.0-5.0, or is one "
        "value, as 7.2: up to --tries grids are tried per puzzle",
    )
    parser.add_argument(
        "--tries",
        type=positive,
        metavar="N",
        help="with --givens, --grade or --rating: grids to try per puzzle "
        f"(default 20 for --givens; for --grade {DEFAULT_GRADE_TRIES} up to "
        f"12x12, {DEFAULT_BIG_GRADE_TRIES} beyond; for --rating "
        f"{DEFAULT_RATING_TRIES})",
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="stop the run after this many seconds (status 3); the puzzles "
        "printed so far stay",
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
    without one) and sets ``options.box`` to 3x3 when neither is given
    (the shape of ``--size`` when it is given; ``None`` for a latin
    square).

    :returns: the size of the grids.
    """
    _check_cage_options(parser, options)
    asked = (
        ("box", options.box is not None),
        ("regions", options.regions is not None),
        ("givens", options.givens is not None),
        ("target_grade", options.grade is not None),
        ("target_rating", options.rating is not None),
        ("tries", options.tries is not None),
        ("cages", options.cages is not None),
        ("timeout", options.timeout is not None),
    )
    # Decided by the one table of what goes with what (dlx.ways), in the
    # command's words.
    try:
        ways.plan(
            "generate",
            ways.PLAIN,
            also={key for key, given in asked if given},
            words="sudoku",
        )
    except ways.Refused as refused:
        parser.error(str(refused))
    options.region_map = None
    if options.regions is not None:
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
        if options.size is not None and options.size != size:
            parser.error(
                f"--size {options.size} does not go with --regions "
                f"{options.regions}: the map is {size}x{size}, and gives the size"
            )
    elif options.box is None and (options.size is not None or _latin(options)):
        size = 9 if options.size is None else options.size
        if size > 25:
            parser.error(f"--size {size}: the largest generated is 25x25 (letters A-Y)")
        if size < 2:
            parser.error("--size 1 makes a 1x1 grid: nothing to generate")
        if not _latin(options):
            try:
                options.box = box_shape(size)
            except SudokuError:
                parser.error(
                    f"--size {size} has no box shape: give --variant latin "
                    "(no boxes) or --regions FILE (a jigsaw map)"
                )
    else:
        if _latin(options):
            parser.error(
                f"--box does not go with --variant {options.variant}: a latin "
                "square has no boxes (give its size with --size)"
            )
        if options.box is None:
            options.box = (3, 3)
        rows, cols = options.box
        size = rows * cols
        if options.size is not None and options.size != size:
            parser.error(
                f"--size {options.size} does not go with --box {rows}x{cols}, "
                f"which makes {size}x{size} grids"
            )
        if size > 25:
            parser.error(
                f"--box {rows}x{cols} makes {size}x{size} grids; the largest "
                "generated is 25x25 (letters A-Y)"
            )
        if size < 2:
            parser.error(f"--box {rows}x{cols} makes a 1x1 grid: nothing to generate")
    if options.rating is not None and size > RATING_SIZE:
        parser.error(
            f"--rating does not go with a {size}x{size} grid: Sudoku Explainer's "
            f"ratings are for grids up to {RATING_SIZE}x{RATING_SIZE}, and beyond, "
            "one rating takes minutes (ask for a --grade instead)"
        )
    low, high = CAGE_GRID_SIZES
    if options.cages is not None and not low <= size <= high:
        parser.error(
            f"--cages makes grids from {low}x{low} to {high}x{high}, not "
            f"{size}x{size}"
            + (
                ": beyond, the counts that prove them unique take too long"
                if size > high
                else ""
            )
        )
    if options.variant is not None or options.region_map is not None:
        try:
            regions_of(size, options.box, options.variant, options.region_map)
        except SudokuError as error:
            _refuse_units(parser, options, error)
    return size


def _latin(options: argparse.Namespace) -> bool:
    """Whether ``--variant`` makes latin squares (no boxes); a bad name is left to regions_of."""
    try:
        return not has_boxes(options.variant)
    except SudokuError:
        return False


#: The options that do not go with --cages, each with why (about givens:
#: a cage puzzle has none).
_NOT_WITH_CAGES = (
    ("givens", "--givens", "a cage puzzle has no givens"),
    (
        "symmetry",
        "--symmetry",
        "it is the symmetry of the givens, and a cage puzzle has none",
    ),
    (
        "not_minimal",
        "--not-minimal",
        "it stops emptying givens early, and a cage puzzle has none",
    ),
    (
        "blocks",
        "--blocks",
        "cage puzzles are printed as a map of cage labels and their clues",
    ),
)


def _check_cage_options(
    parser: argparse.ArgumentParser, options: argparse.Namespace
) -> None:
    """Refuse the options that do not go with ``--cages`` (status 2)."""
    if options.cages is None:
        return
    for name, words, why in _NOT_WITH_CAGES:
        value = getattr(options, name)
        if value is not None and value is not False:
            parser.error(f"--cages does not go with {words}: {why}")


def _refuse_units(
    parser: argparse.ArgumentParser, options: argparse.Namespace, error: SudokuError
) -> None:
    """A variant or map without a complete grid: a usage error (status 2)."""
    where = f"--regions {options.regions}: " if options.region_map else ""
    parser.error(f"{where}{option_words(str(error))}")


def _check_grid(
    parser: argparse.ArgumentParser,
    options: argparse.Namespace,
    size: int,
    left: float | None,
) -> None:
    """One complete grid, to know that the variant or map has any (else status 2).

    :raises GenerationStopped: when the ``left`` seconds of ``--timeout``
        run out first.
    """
    if options.variant is None and options.region_map is None:
        return
    try:
        generate_puzzle(
            options.box,
            seed=0,
            minimal=False,
            givens=size * size,
            variant=options.variant,
            regions=options.region_map,
            timeout=left,
            size=None if options.box is not None else size,
        )
    except GenerationStopped:
        raise
    except SudokuError as error:
        _refuse_units(parser, options, error)


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
    batch = Batch("sudoku generate")
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
        # On a terminal, with or without --no-progress (which hides the
        # progress, not how to make the same puzzles again).
        if shows_progress(None):
            batch.note(f"sudoku generate: --seed {base}")
    deadline = (
        None if options.timeout is None else time.perf_counter() + options.timeout
    )
    return run_batch(
        batch,
        lambda: _generate_all(parser, options, base, batch, deadline),
        lambda how: (
            f"sudoku generate: {how} after {counted(batch.answered, 'puzzle')} printed"
        ),
    )


def _generate_all(
    parser: argparse.ArgumentParser,
    options: argparse.Namespace,
    base: int,
    batch: Batch,
    deadline: float | None,
) -> None:
    """Generate and print the puzzles, one at a time, each as soon as it is made.

    ``--timeout`` (the ``deadline``) ends the run with status 3, saying
    what the puzzle under way had reached.
    """
    size = (
        isqrt(len(options.region_map))
        if options.region_map is not None
        else options.box[0] * options.box[1]
        if options.box is not None
        else options.size or 9
    )

    def left() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.perf_counter())

    try:
        _check_grid(parser, options, size, left())
    except GenerationStopped as stop:
        _out_of_time(batch, options, "", stop)
        return
    with progress_display(not options.no_progress, batch) as display:
        if display.bar is not None:
            display.bar.total = options.count
        for k in range(options.count):
            label = f"puzzle {k + 1} (--seed {base + k})"
            shown = _Shown(display, f"puzzle {k + 1}")
            try:
                made = generate_puzzle(
                    options.box,
                    seed=base + k,
                    symmetry=options.symmetry,
                    minimal=not options.not_minimal,
                    givens=options.givens,
                    grade=options.grade,
                    rating=options.rating,
                    tries=options.tries,
                    variant=options.variant,
                    regions=options.region_map,
                    timeout=left(),
                    progress=shown.hook(),
                    size=None if options.box is not None else size,
                    cages=options.cages,
                )
            except GenerationStopped as stop:
                shown.close()
                _out_of_time(batch, options, f"{label}: ", stop)
                return
            except SudokuError as error:
                if options.cages is not None:
                    # No grid took cages with one solution, or none of
                    # --tries had the --grade: go on.
                    shown.close()
                    batch.fail(f"{label}: {str(error).replace('tries=', '--tries')}")
                    display.advance()
                    continue
                if options.grade is None and options.rating is None:
                    raise
                # No grid of --tries had the grade or the rating: say so, go
                # on with the next.
                shown.close()
                words = (
                    _no_grade_words(options, size)
                    if options.rating is None
                    else _no_rating_words(options)
                )
                batch.fail(f"{label}: {words}")
                display.advance()
                continue
            shown.close()
            if not made.reached:
                batch.note(
                    f"sudoku generate: puzzle {k + 1} (--seed {base + k}): "
                    f"asked for at most {options.givens} givens; the best of "
                    f"{made.tries} tries has {made.givens}"
                )
            if options.cages is not None:
                text = ("\n" if k else "") + f"# seed {base + k}\n"
                text += cage_text(size, made.cages) + "\n"
            elif options.blocks:
                lines = made.puzzle.replace(".", "-")
                block = "\n".join(
                    lines[i : i + size] for i in range(0, size * size, size)
                )
                text = format_solution(block, Layout.BLOCKS, first=k == 0)
            else:
                text = made.puzzle + "\n"
            batch.write(text, answer=True)
            display.advance()


def _no_rating_words(options: argparse.Namespace) -> str:
    """No grid of ``--tries`` had a rating in the ``--rating`` band: what to say."""
    tries = options.tries or DEFAULT_RATING_TRIES
    reason = "a larger --tries or another --seed may find one"
    if options.rating[0] > 8.5:
        reason = (
            "minimal puzzles rated above 8.5 are rare, and those that need a "
            f"search step have no rating: {reason}"
        )
    return f"no puzzle rated {band_text(options.rating)} in {counted(tries, 'try', 'tries')} ({reason})"


def rating_band(text: str) -> tuple[float, float]:
    """The argument of ``--rating``: one rating (``7.2``) or a band (``4.0-5.0``), as a pair.

    :raises argparse.ArgumentTypeError: for anything else, saying what is wanted.

    >>> rating_band("4.0-5.0"), rating_band("7.2")
    ((4.0, 5.0), (7.2, 7.2))
    >>> rating_band("0-0.5")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: '0-0.5' lies below Sudoku Explainer's scale (1.0 to 12.0): no puzzle is rated under 1.0
    """
    top = HIGHEST_RATING
    parts = text.split("-")
    try:
        if len(parts) in (1, 2):
            low, high = float(parts[0]), float(parts[-1])
            if 0 <= low <= high < 1:
                raise argparse.ArgumentTypeError(
                    f"{text!r} lies below Sudoku Explainer's scale (1.0 to "
                    f"{top:.1f}): no puzzle is rated under 1.0"
                )
            if 0 <= low <= high <= top:
                return low, high
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(
        f"{text!r} is not a rating or a band of them: give one rating, as 7.2, "
        "or LOW-HIGH with LOW <= HIGH, as 4.0-5.0 (Sudoku Explainer's scale, "
        f"1.0 to {top:.1f})"
    )


def _no_grade_words(options: argparse.Namespace, size: int) -> str:
    """No grid of ``--tries`` had the ``--grade``: what to say, and why beyond 9x9."""
    tries = options.tries or default_grade_tries(size)
    level = LEVEL_NAMES.index(options.grade)
    if grade_out_of_reach(size, level, not options.not_minimal):
        reason = (
            f"minimal {size}x{size} puzzles almost always grade extreme or "
            "diabolical: they are rated 6.0 and up; --not-minimal with "
            "--givens makes easier ones"
        )
    else:
        reason = "a larger --tries or another --seed may find one"
    return f"no {options.grade} puzzle in {counted(tries, 'try', 'tries')} ({reason})"


def _out_of_time(
    batch: Batch, options: argparse.Namespace, where: str, stop: GenerationStopped
) -> None:
    """Say that ``--timeout`` ended the run (status 3), and what it had reached."""
    what = stop.what.replace("minimal=False", "--not-minimal").replace(
        "the SAT back end (", "the sat extra ("
    )
    batch.fail(f"{where}--timeout {options.timeout:g} ran out: {what}", EXIT_BUDGET)
    batch.note(
        f"sudoku generate: stopped by --timeout {options.timeout:g} after "
        f"{counted(batch.answered, 'puzzle')} printed"
    )


class _Shown:
    """How far the puzzle being made has come, on the terminal.

    In the bar of puzzles when there is one (tqdm), else on a line of its
    own, redrawn in place and cleared when the puzzle is done; nothing
    unless the display is enabled (standard error is a terminal, and no
    ``--no-progress``).  Writes are best effort, as all progress is.
    """

    def __init__(self, display: PuzzleProgress, label: str) -> None:
        self.display = display
        self.label = label
        self.width = 0

    def hook(self) -> Callable[[Progress], None] | None:
        """The ``progress=`` of the generation (``None``: nothing is shown)."""
        if not self.display.enabled:
            return None
        return self.show

    def show(self, report: Progress) -> None:
        text = f"{self.label}: {describe_generation(report)}"
        bar = self.display.bar
        if bar is not None:
            self.display.watched = True  # the bar's own finish clears it
            self._draw(lambda: bar.set_postfix_str(text))
            return
        stream = sys.stderr
        room = max(20, terminal_columns() - 3)
        line = f"{self.display.batch.name}: {text}"[:room]
        pad = max(0, self.width - len(line))
        self.width = len(line)

        def draw() -> None:
            stream.write("\r" + line + " " * pad)
            stream.flush()

        self._draw(draw)

    def close(self) -> None:
        """Clear the line, if one was drawn."""
        if self.width:
            self.width = 0
            self._draw(lambda: clear_line(sys.stderr))

    def _draw(self, draw: Callable[[], object]) -> None:
        if not self.display.enabled or sys.stderr is None or stderr_failed():
            return
        with on_stderr():
            draw()


def describe_generation(report: Progress) -> str:
    """One line saying how far a generation has come, from its progress report.

    :param report: the generation's report (a
        :class:`sudoku.generator.GenerationProgress`; a plain
        :class:`dlx.Progress` is described by its counts only).
    :returns: the line, without a line end.

    >>> describe_generation(GenerationProgress(
    ...     nodes=72595, updates=0, solutions=0, elapsed=4.4, depth=104,
    ...     fraction=0.0836, remaining=48.7, tries=1, attempts=10, stage="digging"))
    'try 1 of 10, digging (104 givens), 72595 nodes in 4 s, at most about 49 s left'
    """
    parts = []
    if isinstance(report, GenerationProgress):
        if report.attempts > 1:
            parts.append(f"try {report.tries} of {report.attempts}")
        stage = report.stage
        if stage == "digging":
            stage += f" ({report.depth} givens)"
        elif stage == "caging":
            stage += f" ({report.depth} cages)"
        parts.append(stage)
    parts.append(f"{report.nodes} nodes in {report.elapsed:.0f} s")
    if report.remaining is not None:
        many = isinstance(report, GenerationProgress) and report.attempts > 1
        # Tries that may end early: the time of all of them, at most.
        parts.append(f"{'at most ' if many else ''}about {report.remaining:.0f} s left")
    return ", ".join(parts)
