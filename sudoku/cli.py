"""The ``sudoku`` command (also ``python -m sudoku``): solve files of puzzles.

See :func:`main`, or run ``sudoku --help``.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import itertools
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from math import isqrt

from dlx import (
    BudgetExceeded,
    Interrupted,
    Progress,
    ways,
)
from dlx.algorithms import SAT_DLX_NODES
from dlx.commands import (
    EXIT_BAD_INPUT,
    EXIT_BUDGET,
    MOST_JOBS,
    WORKER_STOP,
    OutputError,
    StopSignals,
    add_version,
    ask_workers_to_stop,
    check_options,
    command_parser,
    end_workers,
    how_far,
    refuse,
    register_once,
    say,
    shows_progress,
    whole_number,
    worker_pool,
)
from dlx.errors import install_hint
from dlx.watch import END_OF_INPUT, SHOWN_AFTER, is_terminal, write_text_atomically
from sudoku.batch import Batch, progress_display, run_batch
from sudoku.encoding import encode
from sudoku.errors import MultipleSolutionsError, SudokuError
from sudoku.formats import Layout, Puzzle, format_solution, iter_puzzles
from sudoku.grid import BLANKS, Grid, box_shape, detect_alphabet
from sudoku.options import (
    MAX_LINE,
    add_variant_options,
    box,
    load_region_map,
    option_words,
    positive,
    positive_seconds,
)
from sudoku.regions import has_boxes, regions_of
from sudoku.solver import cages_of, check, count, solve, units_of
from sudoku.wording import counted

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    # Imported where used (--jobs, --grade, --json, --method sat, generate,
    # --pretty, --svg): a plain run starts without them (issues 31 and 46).
    from concurrent.futures import Future, ProcessPoolExecutor
    from typing import Any, BinaryIO, Protocol, TypeAlias, TypeVar

    from dlx.conflict import ConflictProgress
    from sudoku.explainer import Explanation, Step
    from sudoku.grading import Grade
    from sudoku.techniques import StepProgress

    class _Timed(Protocol):
        """A progress report: each kind says how long its work has run."""

        @property
        def elapsed(self) -> float: ...

    _TimedReport = TypeVar("_TimedReport", bound=_Timed)

__all__ = ["main"]

DESCRIPTION = """\
Solve sudoku puzzles read from FILEs (standard input when there is none,
or for '-') and print their solutions in the same format.  Puzzles are
read, solved and printed one at a time: each answer appears as soon as it
is found, and memory stays flat however long the input.

Input formats, detected from the most common line length among the first
lines (at most 64, or to the end of the input: on a terminal, end what
you type with Ctrl-D):
  * one puzzle per line, N*N characters (POJ 3074 for 9x9: 81 characters,
    '.' for a blank); any size with a box shape works (16 for 4x4, 36 for
    6x6, 256 for 16x16, 625 for 25x25);
  * blocks of N lines of N characters, separated by blank lines or not
    (POJ 3076 / UVA 1309 for 16x16: 'A'-'P' and '-').
  * boxed or spaced grids (as --pretty prints them, or Norvig-style:
    '5 3 . | . 7 . | . . .' rows, '------+------+------' rules): rule
    lines belong to the grid around them.
A line 'end' ends the input.  Lines starting with '#' are comments, and
header lines such as 'Grid 01' (Project Euler's file, 0 for a blank) or
'Puzzle 7' are skipped; a header also ends a block.  Any other line that
cannot be part of a grid (a title; in blocks, a line far from N
characters) is reported and skipped without moving the grids around it.
Blanks are '.', '-', '_' and '0' (unless 0 is a symbol).  Symbols: 1-9 for
9x9; A-P, 1-9A-G or 0-9A-F for 16x16; A-Y or 1-9A-P for 25x25; the alphabet
is detected for each puzzle and kept in the answer.

Output: one solution per line for line input; for block input, each
solution as N lines followed by one blank line (with --uva, a blank line
only between two solutions).  --count and --grade print one line per
puzzle instead (--grade: the level, 1 easy to 6 diabolical, a range of
Sudoku Explainer ratings, the rating and the hardest step's technique, and
how many steps each technique took, by the same steps as --explain), and so
do --rate (the puzzle's Sudoku Explainer rating, e.g. '4.4', or '10.0+'
where the techniques ran out and a step was taken by search) and --hint
(the next step, e.g. 'r1c6 = 8: hidden single in box 2 (1.2)');
--explain prints a line naming the puzzle with its rating, then every step
of its solve by hand with its rating, and a blank line between puzzles.  A
puzzle that cannot be read or solved is
reported on standard error with its number and line; the others are still
solved and printed, in order.

Variants: --variant x (both main diagonals hold each symbol once),
--variant windoku (also 'hyper': the windows between the boxes),
x+windoku, or latin (a latin square: no boxes, so any size); --regions
FILE gives a jigsaw map, one region label per cell (any characters but a
leading '#', N lines of N or one line of N*N), whose N regions of N
cells replace the boxes: every puzzle of the input is solved with it.
--cages FILE adds killer or arithmetic cages (KenKen: with --variant
latin) to every puzzle; --disjoint-cages allows a cage in pieces."""

EPILOG = """\
exit status (the first of 74, 130, 141, 143 to happen ends the run, but
a standard error that cannot be written does not):
  0    every puzzle was solved (or counted, graded, rated, explained,
       hinted, or checked right)
  1    some puzzle was bad, unsolvable, had several solutions (--grade,
       --rate, --explain, --hint, --unique), or had a wrong, missing or
       extra solution (--check); a skipped line counts as bad
  2    unusable input (not a puzzle format, an unreadable file, an input
       with no puzzle at all, even an empty one, a closed standard input)
       or bad options (an option that does nothing or contradicts
       another, such as --uva for one puzzle a line, or one given twice
       with different values; --limit and --timeout must be more than 0)
  3    some puzzle ran out of its --timeout (reported as 'gave up'); the
       others were answered.  Of 1, 2 and 3, the status is 2 if it
       applies, else 3, else 1
  74   the output could not be written (disk full, standard output
       closed, another I/O error): 'sudoku: cannot write to standard
       output: REASON'; or standard error could not: the puzzles are
       still answered, and the status is 74 where it would have been 0
  130  interrupted (Ctrl-C, SIGINT; a SIGINT ignored from the start, as
       in a script's background job 'sudoku ... &', stays ignored); 143:
       terminated (SIGTERM).  The answers printed so far stay, and a
       last line on standard error tells how many puzzles were read and
       answered (before it, with --count, the puzzle being counted:
       'interrupted after N nodes: at least M solutions', with --method
       sat 'after S s'; with --explain, --hint, --rate or --grade, how
       far its solve by hand came, and --explain prints the steps it
       found, under a line 'unfinished (interrupted)').  With --jobs the
       workers stop too: every answer they had is written, in input
       order, and each puzzle they had under way is reported as above
       (also where the signal goes to the whole process group)
  141  the reader of the output went away (a closed pipe, e.g. 'head'),
       on standard output or standard error: sudoku stops at once

--json (JSON Lines on standard output, one object a line; standard error
and the exit status as without it; not with --pretty, --uva or --svg):
  {"file": "p.txt", "puzzle": 1, "line": 1, "solution": "5346789..."}
  {"file": "p.txt", "puzzle": 2, "line": 2, "error": "symbol '1' twice..."}
  {"puzzles": 2, "answered": 1, "errors": 1, "skipped": 0, "complete": true}
  one object per puzzle, in input order, numbered in its file as messages
  number it: "solution" (the grid on one line, in the puzzle's symbols),
  "count" (--count), "grade" (--grade: "level", "name", "rating",
  "by_logic", "hardest", "techniques" {name: steps}, "blanks", "text" as
  printed without --json), "rating", "pearl", "diamond" and "by_logic" (false
  where a step was taken by search) (--rate), "hint" (--hint: a step;
  null for a full grid), "explanation" (--explain: the same and "steps";
  a step has "technique", "rating", "placements" and "eliminations"
  [[row, column, symbol]...], "cells" [[row, column]...], "units",
  "text", "chains" [[[row, column, symbol, on]...]...] and "branches"
  (the first chains; see sudoku.Step); rows and columns from 0;
  "complete": true, or false for one cut short), "right" true or false
  (--check), or "error" for a bad puzzle (also on standard error).  A
  puzzle stopped by --timeout or a signal has "complete": false and its
  "outcome" (out_of_time, interrupted, terminated) too, --explain its
  steps so far and --count its count so far.  Then one last object,
  also after Ctrl-C or SIGTERM: puzzles read, answered, errors, lines
  skipped, complete (false: a signal ended the run); with --check:
  puzzles, solutions, checked, right, wrong, without_solution, missing,
  extra, skipped, complete.

When standard error is a terminal, a progress bar counts the puzzles of a
batch that takes more than half a second (with tqdm: the progress extra,
python3 -m pip install ".[progress]" in pydlx's folder), and a puzzle
whose search runs for more than a second shows its solutions so far, nodes
per second, the part of its search tree done and the time left (with
--explain, --hint, --rate and --grade: the steps so far, the cells filled
and the technique being tried; with --why: the tests run and the givens of the
reason so far); --no-progress hides both, --progress shows the puzzle's
progress on standard error whatever it is (one line a second).

options given twice: the same option with the same value again (--count
--count, --limit 2 --limit 2) means it once; with another value it is
refused (status 2: '--limit given twice (2 and 3): give it once').

examples:
  sudoku puzzles.txt                  solve, one puzzle per line
  sudoku --uva < sudoku16.in          16x16 blocks, UVA 1309 blank lines
  sudoku --count --limit 2 grids.txt  1 for unique puzzles, 2 for several
  sudoku --grade puzzles.txt          one grade per puzzle, e.g. '3 hard
                                      (rating 3.0, naked pair): hidden
                                      single 48, naked pair 1, ...'
  sudoku --rate puzzles.txt           one Sudoku Explainer rating a line
  sudoku --explain puzzle.txt         the steps of a solve by hand, rated
  sudoku --check puzzles.in answers.out
  sudoku --json puzzles.txt | jq -r 'select(.error) | .line'
                                      the lines of the bad puzzles
  sudoku --box 2x3 six-by-six.txt     6x6 grids with 2x3 boxes
  sudoku --jobs 0 many.txt            on every core, answers in input order
  sudoku p096_sudoku.txt              Project Euler's 'Grid NN' file
  sudoku generate --count 10          ten new 9x9 puzzles (see
                                      'sudoku generate --help'; a file
                                      named generate: 'sudoku ./generate')
  sudoku --variant x x-sudoku.txt     X-sudoku: the diagonals too
  sudoku --regions map.txt jigsaw.txt jigsaw sudoku, regions from map.txt
  sudoku --pretty --svg grid.svg puzzle.txt
                                      boxed answers, and a picture of each
                                      (grid.svg, or grid-1.svg, grid-2.svg
                                      ... for several puzzles)"""


def _fit(line: str, width: int = 79) -> str:
    """A usage line cut at its alternatives (``' | '``) to fit ``width``.

    argparse keeps a group of alternatives on one line, however long: the
    kinds of run (``--count | ... | --why | --check``) are longer than the
    79 columns every help text keeps to.

    >>> print(_fit("  [--aaaa | --bbbb | --cccc]", 20))
      [--aaaa | --bbbb |
       --cccc]
    """
    lines = []
    while len(line) > width:
        cut = line.rfind(" | ", 0, width - 1)
        if cut < 0:
            break
        lines.append(line[: cut + 2])
        indent = len(line) - len(line.lstrip())
        line = " " * (indent + 1) + line[cut + 3 :]
    return "\n".join([*lines, line])


def _parser() -> argparse.ArgumentParser:
    parser = command_parser("sudoku", DESCRIPTION, EPILOG)
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="files of puzzles ('-' for standard input; default: standard input)",
    )
    add_version(parser, "sudoku")
    # Every option from here on says one thing: given twice, the same value
    # is that value, two values are refused (FILEs are not an option).
    register_once(parser)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--count",
        action="store_true",
        help="print the number of solutions of each puzzle, one per line",
    )
    mode.add_argument(
        "--grade",
        action="store_true",
        help="print the grade of each puzzle, one per line: the level "
        "(1 easy ... 6 diabolical, ranges of Sudoku Explainer ratings), the "
        "rating, the hardest step's technique and how many steps each took "
        "(see sudoku.grade); a puzzle without exactly one solution is "
        "reported as bad",
    )
    mode.add_argument(
        "--explain",
        action="store_true",
        help="print the steps of each puzzle's solve by hand, one a line, "
        "each with its Sudoku Explainer rating, after a line with the "
        "puzzle's rating (see sudoku.explain); a blank line between puzzles",
    )
    mode.add_argument(
        "--hint",
        action="store_true",
        help="print the next step of each puzzle's solve by hand, one a line "
        "(see sudoku.hint)",
    )
    mode.add_argument(
        "--rate",
        action="store_true",
        help="print the Sudoku Explainer rating of each puzzle, one a line "
        "(its hardest step; see sudoku.explain)",
    )
    mode.add_argument(
        "--why",
        action="store_true",
        help="for each puzzle without a solution, print a minimal set of its "
        "givens that already has none ('r1c9 = 8, r2c4 = 1, ...: no solution "
        "with these givens'; exit status 1); 'has a solution' for the others "
        "(see sudoku.conflicts)",
    )
    mode.add_argument(
        "--check",
        action="store_true",
        help="take two files, PUZZLES and SOLUTIONS, and check that each "
        "solution solves its puzzle (complete, givens kept, no repeat); "
        "print a summary, and each wrong, missing or extra solution on "
        "standard error (the files are paired as diff pairs lines, by the "
        "fewest faults)",
    )
    parser.add_argument(
        "--limit",
        type=positive,
        metavar="N",
        help="with --count: stop counting at N (--limit 2 tells unique "
        "puzzles from the others quickly)",
    )
    parser.add_argument(
        "--unique",
        action="store_true",
        help="report a puzzle with more than one solution as bad",
    )
    parser.add_argument(
        "--uva",
        action="store_true",
        help="block output in the UVA 1309 style: a blank line between "
        "two solutions, none before the first or after the last (for "
        "blocks of rows: refused for one puzzle a line, or with --pretty)",
    )
    parser.add_argument(
        "--box",
        type=box,
        metavar="RxC",
        help="box shape, ROWS x COLUMNS (e.g. 2x3 for 6x6 grids); default: "
        "the boxes a grid draws with | and rule lines, else square boxes, "
        "or the most square shape with fewer rows",
    )
    parser.add_argument(
        "--alphabet",
        metavar="SYMBOLS",
        help="the N symbols, the first standing for 1 (default: detected)",
    )
    add_variant_options(parser, "")
    parser.add_argument(
        "--cages",
        metavar="FILE",
        help="killer or arithmetic cages (KenKen: with --variant latin) for "
        "every puzzle: FILE maps each cell to its cage's label (N lines of "
        "N, '.' for a cell in no cage), then gives each label its clue in "
        "words such as 'A=12 B=3- C=2/' (a total; with +, -, *, / or =: an "
        "arithmetic cage); lines starting with # are comments.  Messages "
        "name a cage by its label and its clue's line",
    )
    parser.add_argument(
        "--disjoint-cages",
        action="store_true",
        help="allow cages of --cages whose cells are not connected (some "
        "puzzles have them; without it such a cage is refused)",
    )
    parser.add_argument(
        "--pretty",
        action="store_true",
        help="print each solution as a boxed grid (with --regions: the "
        "regions' borders drawn), followed by a blank line",
    )
    parser.add_argument(
        "--svg",
        metavar="FILE",
        help="also draw each solved puzzle as SVG (givens black, the rest "
        "blue): in FILE for one puzzle; for several, FILE with the "
        "puzzle's position in the whole input (over all FILEs) before its "
        "suffix (grid-1.svg, grid-2.svg ...); a puzzle not solved has none",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="write JSON Lines to standard output: an object per puzzle, "
        "then a summary object (see below)",
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="give up on a puzzle after this many seconds (reported; exit "
        "status 3): its search, or its solve by hand with --grade, --rate, "
        "--explain or --hint (--explain still prints the steps it found, "
        "--count its count so far)",
    )
    parser.add_argument(
        "--method",
        choices=("dlx", "sat"),
        default="dlx",
        help="dlx: dancing links (the default); sat: a SAT solver (needs "
        f"the sat extra: {install_hint('sat')}), for big grids that backtracking cannot finish, such "
        f"as minimal 25x25 puzzles, after a short DLX search of {SAT_DLX_NODES} "
        "nodes; with --count it needs --limit",
    )
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--progress",
        action="store_true",
        default=None,
        help="always show the progress of a long puzzle on standard error "
        "(one line per second when it is not a terminal)",
    )
    shown.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never show progress",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number(0, most=MOST_JOBS),
        metavar="N",
        help="solve N puzzles at a time in worker processes (0: one per "
        f"core; at most {MOST_JOBS}); answers still come in input order",
    )
    # The usage names the subcommand too (argparse knows only this parser).
    usage = parser.format_usage().removeprefix("usage: ").rstrip("\n")
    usage = "\n".join(_fit(line) for line in usage.splitlines())
    parser.usage = f"{usage}\n       sudoku generate [-h] [OPTION ...]"
    return parser


def _check_options(
    parser: argparse.ArgumentParser, options: argparse.Namespace
) -> tuple[int | None, ways.Plan]:
    """Refuse options that contradict each other or do nothing (status 2); decide the run.

    Reads the ``--regions`` map into ``options.region_map`` (``None``
    without one).

    :returns: the size of the grids when the options give it (``--box``,
        ``--regions``, ``--alphabet``), else ``None``; and the run's
        :class:`dlx.ways.Plan` (:func:`_plan`), whose settings every
        puzzle's run takes.
    """
    planned = _plan(options)
    if options.check and len(options.files) != 2:
        refuse("sudoku", "--check takes two files: PUZZLES SOLUTIONS")
    if options.files.count("-") > 1:
        # The first would read it to its end, and the second find nothing.
        refuse("sudoku", "standard input ('-') is given twice: give it once")
    if options.svg == "":
        parser.error("--svg needs a file name")
    if options.svg is not None:
        _check_svg_path(parser, options.svg)
    options.region_map = None
    options.cage_list = None
    options.cage_names = ()
    options.sized_by = None
    size = None
    if options.box is not None and options.variant is not None:
        try:
            boxless = not has_boxes(options.variant)
        except SudokuError:
            boxless = False  # an unknown variant: refused below, by name
        if boxless:
            refuse(
                "sudoku",
                f"--box does not go with --variant {options.variant}: "
                "its grids have no boxes",
            )
    if options.regions is not None:
        options.region_map = load_region_map(parser, options.regions)
        size = isqrt(len(options.region_map))
        options.sized_by = f"the --regions map {options.regions}"
    if options.variant is not None or options.region_map is not None:
        try:
            regions_of(
                size or 9,
                None if options.region_map else (3, 3),
                options.variant,
                options.region_map,
            )
        except SudokuError as error:
            where = f"--regions {options.regions}: " if options.region_map else ""
            parser.error(f"{where}{option_words(str(error))}")
    if options.box is not None:
        size = options.box[0] * options.box[1]
        options.sized_by = (
            options.sized_by or f"--box {options.box[0]}x{options.box[1]}"
        )
    if options.alphabet is not None:
        alphabet = options.alphabet
        if not alphabet:
            parser.error("--alphabet is empty: give the N symbols of an NxN grid")
        if any(ch.isspace() for ch in alphabet):
            parser.error(f"--alphabet {alphabet!r} contains white space")
        repeated = next((ch for ch in alphabet if alphabet.count(ch) > 1), None)
        if repeated is not None:
            parser.error(f"--alphabet {alphabet!r} has {repeated!r} twice")
        blank = next((ch for ch in alphabet if ch in BLANKS), None)
        if blank is not None:
            parser.error(
                f"--alphabet {alphabet!r} contains {blank!r}, the blank: no "
                "symbol may be '.', '-' or '_', which mark blank cells"
            )
        if options.box is not None and len(options.alphabet) != size:
            parser.error(
                f"--alphabet has {len(options.alphabet)} symbols but --box "
                f"{options.box[0]}x{options.box[1]} makes {size}x{size} grids"
            )
        if size is not None and len(options.alphabet) != size:
            parser.error(
                f"--alphabet has {len(options.alphabet)} symbols but the "
                f"--regions map is {size}x{size}"
            )
        size = len(options.alphabet)
        options.sized_by = options.sized_by or f"--alphabet {options.alphabet}"
        try:
            # Latin squares have no boxes: any size is theirs.
            if options.region_map is None and _boxed(options):
                box_shape(size, options.box)
        except SudokuError:
            parser.error(
                f"--alphabet has {counted(size, 'symbol')}, for {size}x{size} "
                "grids, which have no box shape of their own: give one with "
                "--box ROWSxCOLUMNS (or --variant latin)"
            )
    if options.cages is not None:
        options.cage_list, size = _load_cages(parser, options, size)
        options.sized_by = options.sized_by or f"the --cages map {options.cages}"
    options.grid_size = size
    return size, planned


def _load_cages(
    parser: argparse.ArgumentParser, options: argparse.Namespace, size: int | None
) -> tuple[list[tuple[object, ...]], int]:
    """The cages of a ``--cages`` file and the grids' size, or a usage error (status 2) naming the file, line and cage.

    The map's lines come first (N lines of N labels, ``.`` for no cage),
    then the clue lines (``label=clue`` words); blank lines and lines
    starting with ``#`` are skipped.  Each cage is checked against the
    grid of the other options (:class:`sudoku.cages.CageConstraints`):
    its cells connected, its target within reach.  ``options.cage_names``
    keeps, for :func:`_command_words`, each cage's name in the library's
    messages with the command's: its label and its clue's line.
    """
    from sudoku.cages import CageConstraints, CageTextError, read_cage_text, read_cages

    name = options.cages
    try:
        with open(name, encoding="utf-8-sig") as stream:
            text = stream.read(MAX_LINE * 4)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        parser.error(f"--cages {name}: cannot read: {reason}")
    try:
        read = read_cage_text(text, disjoint=options.disjoint_cages)
    except CageTextError as error:
        where = f", line {error.line}" if error.line else ""
        allow = (
            "; give --disjoint-cages to allow it"
            if "not connected" in error.reason
            else ""
        )
        parser.error(f"--cages {name}{where}: {option_words(error.reason)}{allow}")
    n = read.size
    if size is not None and n != size:
        parser.error(
            f"--cages {name}: the map is {n}x{n}, but the other options make "
            f"{size}x{size} grids"
        )
    try:
        box = options.box
        if options.region_map is None and box is None and has_boxes(options.variant):
            box = box_shape(n, None)
        units = regions_of(n, box, options.variant, options.region_map)
        CageConstraints(
            read_cages(read.cages, n, disjoint=options.disjoint_cages), units
        )
    except SudokuError as error:
        index = getattr(error, "index", -1)
        message = option_words(str(error))
        message = message.replace("; pass disjoint_cages=True to allow it", "")
        if index >= 0:
            label = read.labels[index]
            message = message.replace(f"cages[{index}]", f"cage {label!r}")
            parser.error(f"--cages {name}, line {read.line_of(index)}: {message}")
        parser.error(f"--cages {name}: {message}")
    # Later messages (no solution, a wrong answer...) name a cage as the
    # library does, cages[3] (at r2c5): _command_words puts these instead.
    options.cage_names = tuple(read.names(name))
    return read.cages, n


def _command_words(message: str, options: argparse.Namespace) -> str:
    """A message of the library in the command's words: its options, and the cages of the ``--cages`` file.

    The library's words for what the command calls an option become the
    option (:func:`sudoku.options.option_words`: the box shape a drawing
    needs is ``--box``), and ``no digits fit cages[2] (at r1c1)`` becomes
    ``no digits fit cage 'C' (at r1c1, line 6 of cages.txt)``: each cage
    named by its label and the line of its clue.
    """
    message = option_words(message)
    if "cages[" not in message:
        return message
    for python, words in options.cage_names:
        message = message.replace(python, words)
    return message


#: The options that choose the kind of run, each a key of
#: :data:`dlx.ways.FEATURES` (argparse refuses two); without one, the run
#: solves (``"list"``).
_KINDS = ("count", "grade", "explain", "hint", "rate", "check", "why")


def _plan(options: argparse.Namespace) -> ways.Plan:
    """The run the options ask for, decided once by :func:`dlx.ways.plan` (refused: status 2).

    The one place the command makes its :class:`dlx.ways.Settings`.  The
    progress of a puzzle's search is asked for by ``--progress``, or
    added by the command itself when standard error is a terminal
    (``added``): the plan drops the latter where the run reports no
    progress (``--jobs``, ``--check``, ``--method sat``), and refuses the
    former there in the command's words.  The hook in the plan only says
    that progress is wanted: each puzzle gets one of its own from the
    display (:func:`_solve_all`).
    """
    automatic = options.progress is None and shows_progress(None)
    wanted = options.progress is True or automatic
    settings = ways.Settings(
        method=options.method,
        limit=options.limit,
        timeout=options.timeout,
        progress=_each_puzzle if wanted else None,
        added=frozenset({"progress"}) if automatic else frozenset(),
    )
    kind = next((key for key in _KINDS if getattr(options, key)), "list")
    also = {
        key
        for key, asked in (
            ("split", options.jobs is not None),
            ("unique", options.unique),
            ("json", options.json),
            ("pretty", options.pretty),
            ("uva", options.uva),
            ("svg", options.svg is not None),
            ("box", options.box is not None),
            ("regions", options.regions is not None),
            ("cages", options.cages is not None),
            ("disjoint_cages", options.disjoint_cages),
        )
        if asked
    }
    try:
        planned = ways.plan(kind, settings, also=also, words="sudoku")
    except ways.Refused as refused:
        refuse("sudoku", str(refused))
    # The plan's features pass dlx.ways again (a verdict kept): what is
    # checked here is what this interpreter lacks (the sat extra).
    check_options("sudoku", set(planned.given))
    return planned


def _each_puzzle(report: Progress) -> None:
    """The progress hook of the plan: it says progress is wanted, and is never called.

    Each puzzle's search is given the display's hook for that puzzle
    instead (:meth:`sudoku.batch.PuzzleProgress.hook`).
    """


class _Unreadable(Exception):
    """An input stops being readable (an I/O error, bytes that are not text)."""


def _decoded(stream: BinaryIO) -> Iterator[str]:
    """The lines of a binary stream as text, read one at a time.

    Lines are split as :meth:`str.splitlines` splits them, so the command
    numbers lines as :func:`sudoku.read_puzzles` does.
    """
    offset = 0
    number = 0
    while True:
        try:
            raw = stream.readline(MAX_LINE + 1)
        except OSError as error:
            raise _Unreadable(f"cannot read: {error.strerror or error}") from None
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE:
            raise _Unreadable(
                f"line {number}: longer than {MAX_LINE} bytes: not a puzzle file"
            )
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            raise _Unreadable(
                f"line {number}: not UTF-8 text (byte {raw[error.start]:#04x} "
                f"at offset {offset + error.start})"
            ) from None
        offset += len(raw)
        # As str.splitlines (and so read_puzzles) does: old Mac files end
        # lines with a lone CR.
        yield from text.splitlines() or [""]


def _after_a_second(
    hook: Callable[[_TimedReport], None] | None,
) -> Callable[[_TimedReport], None] | None:
    """A puzzle's progress hook that, on a terminal, lets no report through before a second.

    A report that comes before the work has run :data:`dlx.watch.SHOWN_AFTER`
    seconds is the end of a short one: drawn, it would only flash before
    it is wiped (in the bar of puzzles too).  Into a file or a pipe
    (``--progress``) every report is written, as there the last one tells
    how the work ended.
    """
    if hook is None or sys.stderr is None or not is_terminal(sys.stderr):
        return hook
    shown = hook

    def hook_after_a_second(report: _TimedReport) -> None:
        if report.elapsed >= SHOWN_AFTER:
            shown(report)

    return hook_after_a_second


def _open(name: str, batch: Batch, what: str = "puzzles") -> BinaryIO | None:
    """The binary stream of one input, or ``None`` (reported) when it cannot be opened.

    A terminal on standard input is told how to end what is typed (the
    ``what`` it reads): the layout is chosen from the first lines (up to
    64) or the end of the input, so a typed 4x4 puzzle, whose line may
    also be a row of a 16x16 one, is answered when the input ends
    (:func:`sudoku.iter_puzzles`).
    """
    if name == "-":
        if sys.stdin is None:
            batch.fail("cannot read standard input: it is closed", EXIT_BAD_INPUT)
            return None
        if is_terminal(sys.stdin):
            say(f"sudoku: reading {what} from standard input; {END_OF_INPUT}")
        return sys.stdin.buffer
    try:
        return open(name, "rb")  # closed by _puzzles
    except OSError as error:
        batch.fail(f"{name}: cannot read: {error.strerror or error}", EXIT_BAD_INPUT)
        return None


def _boxed(options: argparse.Namespace) -> bool:
    """Whether the grids of the run have boxes: not with ``--regions`` or ``--variant latin``."""
    return options.region_map is None and has_boxes(options.variant)


def _puzzles(
    name: str,
    stream: BinaryIO,
    batch: Batch,
    size: int | None,
    *,
    count: bool = True,
    required: bool = False,
    boxes: bool = True,
    strays: list[int] | None = None,
) -> Iterator[Puzzle]:
    """The puzzles of one input, read lazily; problems are reported as they come.

    With ``required``, an input with no puzzle at all (empty, or nothing
    but skipped lines) is reported as unusable input.  ``boxes``: as for
    :func:`sudoku.iter_puzzles` (``False`` for ``--variant latin``).
    ``strays`` gets the number of each line skipped.
    """
    source = "<stdin>" if name == "-" else name
    found = False

    def skipped(line: int, message: str) -> None:
        if strays is not None:
            strays.append(line)
        batch.skipped += 1
        batch.fail(f"{source}: {message}")

    try:
        for puzzle in iter_puzzles(
            _decoded(stream), size=size, on_skip=skipped, boxes=boxes
        ):
            found = True
            if count:
                batch.read += 1
            yield puzzle
        if required and not found:
            batch.fail(f"{source}: no puzzle in it", EXIT_BAD_INPUT)
    except (_Unreadable, SudokuError) as error:
        batch.fail(f"{source}: {option_words(str(error))}", EXIT_BAD_INPUT)
    finally:
        if name != "-":
            stream.close()


def _where(source: str, puzzle: Puzzle, noun: str = "puzzle") -> str:
    return f"{source}: {noun} {puzzle.number} ({puzzle.lines})"


# -- --json ------------------------------------------------------------------------


def _json_line(record: dict[str, Any]) -> str:
    """One line of ``--json`` output (ASCII: safe whatever the locale)."""
    import json

    return json.dumps(record) + "\n"


def _json_puzzle(source: str, puzzle: Puzzle) -> dict[str, Any]:
    """The start of a puzzle's ``--json`` object: where it is, as messages say."""
    return {"file": source, "puzzle": puzzle.number, "line": puzzle.line}


def _json_grade(found: Grade) -> dict[str, Any]:
    """A :class:`~sudoku.Grade` as ``--json`` writes it; ``text`` as printed without."""
    return {
        "level": found.level,
        "name": found.name,
        "rating": found.rating,
        "by_logic": found.by_logic,
        "hardest": found.hardest,
        "techniques": dict(found.techniques),
        "blanks": found.blanks,
        "text": str(found),
    }


def _solve_all(
    names: Sequence[str],
    options: argparse.Namespace,
    settings: ways.Settings,
    batch: Batch,
    size: int | None,
    tally: dict[str, int],
) -> None:
    """Read, solve (or count) and write the puzzles one at a time.

    ``settings`` are the plan's (:func:`_plan`); each puzzle's run takes
    them, with its own progress hook where they want progress.  With
    ``--jobs``, up to a few puzzles per worker are solved ahead in
    worker processes; answers are still written in input order, each as
    soon as it and every one before it are done.
    """
    first = True
    pictures = _Pictures(options)

    def stop(source: str, puzzle: Puzzle, said: _Said, signal: bool) -> None:
        """Write what was found of a puzzle stopped by its budget or by a ``signal``.

        A budget makes the puzzle a bad one (status 3), whose message
        (and ``--json`` "error") says how far it came; after a signal the
        run ends (its own status), and the message is a note.
        """
        nonlocal first
        where = _where(source, puzzle)
        if signal:
            batch.note(f"sudoku: {where}: {said.why}")
        else:
            tally["errors"] += 1
            batch.fail(f"{where}: {said.why}", EXIT_BUDGET)
        if options.json:
            record = _json_puzzle(source, puzzle)
            record.update(said.record)
            if not signal:
                record["error"] = said.why
            batch.write(_json_line(record))
        elif said.text:  # the steps so far of --explain
            batch.write(("" if first else "\n") + f"{where}: {said.text}\n")
            first = False

    def _no_solution(source: str, puzzle: Puzzle) -> None:
        """``--why`` found a puzzle without solution: it is a bad one (status 1)."""
        tally["errors"] += 1
        batch.fail(f"{_where(source, puzzle)}: no solution (--why printed the givens)")

    def deliver(source: str, puzzle: Puzzle, outcome: _Outcome) -> None:
        nonlocal first
        kind, value = outcome
        pictures.count += 1
        if kind == "stopped":
            assert isinstance(value, _Said)
            stop(source, puzzle, value, signal=False)
        elif kind == "fail":
            tally["errors"] += 1
            batch.fail(f"{_where(source, puzzle)}: {value}")
            if options.json:
                record = _json_puzzle(source, puzzle)
                record["error"] = value
                batch.write(_json_line(record))
        elif options.json:
            record = _json_puzzle(source, puzzle)
            if isinstance(value, _Said):
                record.update(value.record)
            elif isinstance(value, str):  # a solved grid, on one line
                record["solution"] = value.replace("\n", "")
            elif isinstance(value, int):
                record["count"] = value
            else:
                record["grade"] = _json_grade(value)
            batch.write(_json_line(record), answer=True)
        elif isinstance(value, _Said):
            text = value.text
            if options.explain:  # a header naming the puzzle, a blank line between
                text = ("" if first else "\n") + f"{_where(source, puzzle)}: {text}"
            batch.write(f"{text}\n", answer=True)
            first = False
        elif not isinstance(value, str):  # a count or a grade
            batch.write(f"{value}\n", answer=True)
        else:
            if options.pretty:
                text = ("" if first else "\n") + value + "\n"
            else:
                text = format_solution(
                    value, puzzle.layout, first=first, uva=options.uva
                )
            batch.write(text, answer=True)
            first = False
            pictures.draw(puzzle, value)
        if (
            kind == "answer"
            and options.why
            and isinstance(value, _Said)
            and value.record.get("why")
        ):
            _no_solution(source, puzzle)  # after its givens are printed
        display.advance()

    steps: Callable[[StepProgress], str] | None = None
    if _said(options) or options.grade:
        from sudoku.techniques import StepProgress

        steps = StepProgress.describe

    def solve_all(pool: ProcessPoolExecutor | None) -> None:
        window = 4 * workers  # puzzles solved ahead of the one to print
        for name in names:
            with holding():
                stream = _open(name, batch)
            if stream is None:
                continue
            source = "<stdin>" if name == "-" else name
            kept = _KeptAlphabet(options)
            for puzzle in in_order(
                _puzzles(
                    name, stream, batch, size, required=True, boxes=_boxed(options)
                )
            ):
                read = kept.options_for(puzzle)
                if options.uva and puzzle.layout is Layout.LINES:
                    # --uva shapes blocks of rows; lines stay lines.
                    batch.fail(
                        f"error: --uva does nothing for {source}: it spaces "
                        "blocks of rows as UVA 1309 does, and this input has "
                        "one puzzle a line (leave --uva out)",
                        EXIT_BAD_INPUT,
                    )
                    return
                if pool is None:
                    label = f"puzzle {puzzle.number}"
                    hook = said = reasons = None
                    if settings.progress is not None:  # the plan wants progress
                        hook = _after_a_second(display.hook(label))
                        if steps is not None:
                            said = _after_a_second(display.text_hook(label, steps))
                        elif options.why:
                            reasons = _after_a_second(
                                display.text_hook(label, _why_progress)
                            )
                    own = settings.replace(progress=hook)
                    try:
                        outcome = _answer(
                            puzzle, read, own, batch.signals, said, reasons
                        )
                    except _CountStopped as stopped:
                        # As dlx does: the count so far, never as the count
                        # (--json: "count" with "complete": false).
                        display.finish_puzzle()
                        so_far = stopped.said(batch.signals.how)
                        stop(source, puzzle, so_far, signal=True)
                        raise
                    except KeyboardInterrupt as stopped:
                        # A solve by hand stopped: what it found, then the end.
                        found = _interrupted(stopped, options, batch.signals.how)
                        if found is not None:
                            display.finish_puzzle()
                            stop(source, puzzle, found, signal=True)
                        raise
                    display.finish_puzzle()
                    deliver(source, puzzle, outcome)
                    continue
                from concurrent.futures import BrokenExecutor  # loaded with the pool

                try:
                    future = pool.submit(_work, puzzle, read, settings)
                except BrokenExecutor:
                    # A worker died: the pool is done for; go on in this process.
                    batch.note("sudoku: a worker process died; going on without --jobs")
                    pool = None
                    while ahead:
                        deliver_first()
                    deliver(source, puzzle, _answer(puzzle, read, settings))
                    continue
                ahead.append((source, puzzle, future))
                while len(ahead) >= window or (ahead and ahead[0][2].done()):
                    deliver_first()
        while ahead:
            deliver_first()

    def deliver_first() -> None:
        """Deliver the first puzzle of ``ahead`` once its worker is done.

        It leaves ``ahead`` only as it is written, so that a signal that
        comes while its worker is busy leaves it there for :func:`settle`.
        """
        outcome = _result(ahead[0][2])
        with batch.signals.held():
            source, puzzle, _ = ahead.popleft()
            deliver(source, puzzle, outcome)
            say_held(puzzle)

    def settle(pool: ProcessPoolExecutor) -> None:
        """After a signal: write what every puzzle of ``ahead`` has, in input order.

        The workers are asked to stop their tasks (as this process's
        signal stops its own), so a count ends with its count so far
        and an explanation with its steps; puzzles whose worker was done
        are delivered as they are, and those not begun are left out.  A
        second signal, or :data:`STOP_WAIT` seconds without an answer,
        ends the wait: what came so far is written.
        """
        from concurrent.futures import wait  # loaded with the pool

        for _, _, future in ahead:
            future.cancel()  # not begun: nothing to say
        ask_workers_to_stop(pool, batch.signals.how)
        deadline = time.monotonic() + STOP_WAIT
        while ahead:
            source, puzzle, future = ahead[0]
            if not future.cancelled():
                left = max(0.0, deadline - time.monotonic())
                if not wait([future], left).done:
                    return
                outcome = _result(future)
            with batch.signals.held():
                ahead.popleft()
                if not future.cancelled():
                    kind, value = outcome
                    if kind == "signalled":
                        if isinstance(value, _Said):
                            stop(source, puzzle, value, signal=True)
                    else:
                        deliver(source, puzzle, outcome)
                say_held(puzzle)

    ahead: collections.deque[tuple[str, Puzzle, Future[_Outcome]]] = collections.deque()
    #: With --jobs, what reading the input had to say (a line skipped, a
    #: file missing) while puzzles read before it were still with the
    #: workers: said after the last of them, so that standard error keeps
    #: the input's order.  By the puzzle it follows.
    held: dict[int, list[str]] = {}

    @contextlib.contextmanager
    def holding() -> Iterator[None]:
        """While inside, the notes of the batch wait for the puzzles ahead of them."""
        if not ahead:
            yield
            return
        after = held.setdefault(id(ahead[-1][1]), [])
        note = batch.note
        batch.note = after.append
        try:
            yield
        finally:
            batch.note = note

    def in_order(puzzles: Iterator[Puzzle]) -> Iterator[Puzzle]:
        """``puzzles``, read with the notes of the reading held (:func:`holding`)."""
        while True:
            with holding():
                puzzle = next(puzzles, None)
            if puzzle is None:
                return
            yield puzzle

    def say_held(puzzle: Puzzle) -> None:
        """The notes held for after ``puzzle``, now that it is written."""
        for message in held.pop(id(puzzle), ()):
            batch.note(message)

    with (
        progress_display(
            options.progress is not False, batch, bool(options.progress)
        ) as display,
        _pool(options.jobs, batch) as (pool, workers),
    ):
        try:
            solve_all(pool)
        except KeyboardInterrupt:
            if pool is not None and ahead:
                settle(pool)
            raise
        finally:
            for messages in held.values():  # a stop left puzzles unwritten
                for message in messages:
                    batch.note(message)
    pictures.close()


class _KeptAlphabet:
    """The alphabet of a file's puzzles, kept from one puzzle to the next.

    A puzzle's alphabet is detected from its givens
    (:func:`sudoku.grid.detect_alphabet`), which may leave it open: a
    16x16 puzzle without a ``0`` or a ``G`` reads as 1-9A-G, though the
    file's other puzzles are hexadecimal.  Such a puzzle is read in the
    alphabet of the puzzle before it in the file when that alphabet
    holds all its symbols and leaves the same cells blank (the givens
    are the same, only their names differ), so that a file's answers
    come in one alphabet.  ``--alphabet`` decides alone.
    """

    def __init__(self, options: argparse.Namespace) -> None:
        self.options = options
        self.previous: str | None = None

    def options_for(self, puzzle: Puzzle) -> argparse.Namespace:
        """The options to read ``puzzle`` with (``options`` itself, or a copy with its alphabet)."""
        options = self.options
        if options.alphabet is not None or puzzle.error is not None:
            return options
        cells = "".join(puzzle.text.split())
        size = math.isqrt(len(cells))
        try:
            fresh = detect_alphabet(cells, size)
        except SudokuError:
            return options  # the puzzle's own reading says what is wrong
        previous, self.previous = self.previous, fresh
        if previous is None or previous == fresh or len(previous) != size:
            return options

        def given(alphabet: str) -> list[bool]:
            return [ch not in BLANKS and (ch != "0" or "0" in alphabet) for ch in cells]

        shown = {ch for ch, on in zip(cells, given(fresh), strict=True) if on}
        if not shown <= set(previous) or given(previous) != given(fresh):
            return options
        self.previous = previous
        return argparse.Namespace(**dict(vars(options), alphabet=previous))


def _check_svg_path(parser: argparse.ArgumentParser, path: str) -> None:
    """Refuse, before any puzzle is solved, an ``--svg`` name no picture can take.

    Pictures are files: ``-`` (standard output, for the answers) is not
    one, nor a folder; the folder they go to must exist and be writable,
    or every picture of the run would fail.
    """
    if path == "-":
        parser.error("--svg -: pictures are written to files; give a file name")
    if path.endswith(("/", os.sep)) or os.path.isdir(path):
        parser.error(f"--svg {path}: a folder; give a file name in it")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        parser.error(f"--svg {path}: no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        parser.error(f"--svg {path}: the folder {folder} cannot be written to")


class _Pictures:
    """The SVG files of ``--svg``: FILE for one puzzle, FILE-N.svg for several.

    Whether there are several is known only when a second puzzle comes,
    so the first picture waits until then (or until the end).
    """

    def __init__(self, options: argparse.Namespace) -> None:
        self.options = options
        self.path: str | None = options.svg
        self.count = 0  # puzzles delivered so far, solved or not
        self.waiting: tuple[str, int] | None = None  # the first picture

    def _numbered(self, number: int) -> str:
        assert self.path is not None
        stem, dot, suffix = self.path.rpartition(".")
        if not dot or "/" in suffix or os.sep in suffix:
            return f"{self.path}-{number}"
        return f"{stem}-{number}.{suffix}"

    def draw(self, puzzle: Puzzle, solution: str) -> None:
        if self.path is None:
            return
        from sudoku.display import to_svg

        options = self.options
        picture = to_svg(
            puzzle.text,
            solution,
            **_grid(options),
            title=f"Puzzle {self.count}, solved",
        )
        if self.count == 1:
            self.waiting = (picture, 1)
            return
        if self.waiting is not None:
            self._write(self._numbered(1), self.waiting[0])
            self.waiting = None
        self._write(self._numbered(self.count), picture)

    def close(self) -> None:
        if self.waiting is not None and self.path is not None:
            name = self.path if self.count == 1 else self._numbered(1)
            self._write(name, self.waiting[0])
            self.waiting = None

    @staticmethod
    def _write(name: str, text: str) -> None:
        # Atomically: a write that fails (a full disk, a file size limit)
        # must not leave a truncated picture under the name.  Not synced:
        # pictures are many, and can be drawn again.
        try:
            write_text_atomically(name, text, sync=False)
        except OSError as error:
            reason = error.strerror or str(error)
            raise OutputError(f"cannot write {name}: {reason}") from None


class _Said:
    """What is said of a puzzle: its text, its --json keys, and for one stopped, why.

    ``text`` is what standard output gets (``""``: nothing); ``why`` is
    ``None`` for an answer, else the message for standard error of a
    puzzle whose budget ran out or a signal stopped (``record`` then has
    ``"complete": false`` and the ``"outcome"``).  Made in a worker
    process with ``--jobs``: plain strings and dicts only.
    """

    __slots__ = ("record", "text", "why")

    def __init__(
        self, text: str, record: dict[str, Any], why: str | None = None
    ) -> None:
        self.text = text
        self.record = record
        self.why = why

    def __getstate__(self) -> tuple[str, dict[str, Any], str | None]:
        return self.text, self.record, self.why

    def __setstate__(self, state: tuple[str, dict[str, Any], str | None]) -> None:
        self.text, self.record, self.why = state


def _said(options: argparse.Namespace) -> bool:
    """Whether the run explains, hints or rates (an answer in words, not a grid)."""
    return bool(options.explain or options.hint or options.rate)


def _json_step(step: Step) -> dict[str, Any]:
    """A :class:`~sudoku.Step` as ``--json`` writes it (rows and columns from 0)."""
    return {
        "technique": step.technique,
        "rating": step.rating,
        "placements": [list(p) for p in step.placements],
        "eliminations": [list(e) for e in step.eliminations],
        "cells": [list(c) for c in step.cells],
        "units": list(step.units),
        "text": step.text,
        "chains": [[list(node) for node in chain] for chain in step.chains],
        "branches": step.branches,
    }


def _stopped(outcome: str, why: str, said: _Said | None = None) -> _Said:
    """What is said of a puzzle stopped: ``said`` so far, ``outcome`` (``--json``'s word) and ``why``."""
    text, record = ("", {}) if said is None else (said.text, said.record)
    return _Said(text, dict(record, complete=False, outcome=outcome), why)


def _told(
    puzzle: Puzzle,
    options: argparse.Namespace,
    settings: ways.Settings,
    progress: Callable[[StepProgress], None] | None = None,
) -> _Outcome:
    """The explanation, the hint or the rating of a puzzle (a stopped one with what it found).

    ``settings`` are the plan's (their ``timeout``); ``progress`` the
    hook of the solve by hand.
    """
    from sudoku.explainer import ExplanationBudgetError, explain, hint

    kwargs: dict[str, Any] = {
        **_grid(options),
        "timeout": settings.timeout,
        "progress": progress,
    }
    try:
        if options.hint:
            step = hint(puzzle.text, **kwargs)
            if step is None:
                return "answer", _Said("no blank cell", {"hint": None})
            text = f"{step.text} ({step.rating:.1f})"
            return "answer", _Said(text, {"hint": _json_step(step)})
        found = explain(puzzle.text, **kwargs)
    except ExplanationBudgetError as stop:
        # In the option's own word: a rating or a hint stopped.
        word = "rating" if options.rate else "hint" if options.hint else ""
        message = str(stop)
        if word:
            message = message.replace("explanation stopped", f"{word} stopped", 1)
        why = f"gave up: {message}{_rated_so_far(stop.explanation, options)}"
        said = _explained(stop.explanation, options, "out of time")
        return "stopped", _stopped("out_of_time", why, said)
    answer = _explained(found, options)
    assert answer is not None
    return "answer", answer


def _other_size(
    text: str, options: argparse.Namespace, what: str = "the puzzle"
) -> str | None:
    """Why a grid of the input is refused for its size, or ``None``.

    ``--box``, ``--alphabet``, ``--regions`` and ``--cages`` each fix the
    size of the grids.  An input may hold grids of another size (a file of
    4x4 and 9x9 lines): each is refused, in the options' words.  The
    library refuses most of them itself, but not a cage map laid on a
    larger grid, whose cells all lie in it: a 4x4 map's cages would be
    solved in a 9x9 grid's corner.  ``None`` too when the grid cannot be
    read at all (the solving says why).
    """
    size = options.grid_size
    if size is None:
        return None
    found = None
    for alphabet in (options.alphabet, None):
        try:
            found = Grid.parse(text, alphabet=alphabet, boxes=False).size
            break
        except SudokuError:
            continue
    if found is None or found == size:
        return None
    return (
        f"{what} is {found}x{found}, but {options.sized_by} makes {size}x{size} grids"
    )


def _grid(options: argparse.Namespace) -> dict[str, Any]:
    """The grid's options, as the library's solving functions take them (with ``--cages``: ``cages=``)."""
    grid: dict[str, Any] = {
        "alphabet": options.alphabet,
        "box": options.box,
        "variant": options.variant,
        "regions": options.region_map,
    }
    if options.cage_list is not None:  # refused where the run takes no cages
        grid["cages"] = options.cage_list
        if options.disjoint_cages:
            grid["disjoint_cages"] = True
    return grid


def _givens_text(givens: Sequence[tuple[int, int, str | int]]) -> str:
    """Givens as ``--why`` prints them: ``r1c9 = 8, r2c4 = 1``."""
    return ", ".join(f"r{r + 1}c{c + 1} = {symbol}" for r, c, symbol in givens)


def _why_said(givens: Sequence[tuple[int, int, str | int]] | None) -> _Said:
    """What ``--why`` says of a puzzle: its givens without solution, or that it has one."""
    if not givens:
        return _Said("has a solution", {"why": None})
    text = f"{_givens_text(givens)}: no solution with these givens"
    return _Said(text, {"why": [list(g) for g in givens]})


def _why_not(
    puzzle: Puzzle,
    options: argparse.Namespace,
    settings: ways.Settings,
    progress: Callable[[ConflictProgress], None] | None = None,
) -> _Outcome:
    """``--why``: a minimal set of the puzzle's givens without solution (:func:`sudoku.conflicts`).

    Stopped by ``--timeout``, the givens found so far (a set without
    solution, not shown minimal) are said with the message.  ``progress``
    is the puzzle's hook (:func:`_why_progress` puts its reports in words).
    """
    from sudoku.whynot import ConflictsBudgetError, conflicts

    try:
        found = conflicts(
            puzzle.text,
            **_grid(options),
            timeout=settings.timeout,
            progress=progress,
        )
    except ConflictsBudgetError as stop:
        why = _why_stopped(stop.givens, "gave up")
        return "stopped", _stopped("out_of_time", why, _why_so_far(stop.givens))
    return "answer", _why_said(found)


def _why_progress(report: ConflictProgress) -> str:
    """A report of ``--why`` in words: ``4 tests, a reason of 9 givens so far (2 shown needed), 3 s``."""
    size = report.kept + report.left
    found = (
        f"a reason of {counted(size, 'given')} so far ({report.kept:,} shown needed)"
        if size
        else "no reason yet"
    )
    return f"{counted(report.tests, 'test')}, {found}, {report.elapsed:.0f} s"


def _why_so_far(givens: Sequence[tuple[int, int, str | int]] | None) -> _Said | None:
    """What ``--json`` keeps of a stopped ``--why``: the givens so far, not shown minimal.

    ``"why"`` as a finished run writes it, with ``"complete": false``
    beside it; nothing where it was not yet known whether there is a
    solution.
    """
    if givens is None:
        return None
    return _Said("", {"why": [list(g) for g in givens]})


def _why_stopped(givens: Sequence[tuple[int, int, str | int]] | None, how: str) -> str:
    """The message of a ``--why`` stopped early, with the givens so far."""
    if givens is None:
        return f"{how} before it knew whether there is a solution"
    return (
        f"{how}: {_givens_text(givens)} have no solution together, but some of "
        "them may not be needed for that (not shown minimal)"
    )


def _rated_so_far(found: Explanation | None, options: argparse.Namespace) -> str:
    """What a stopped --rate says of the rating: at least that of the steps taken."""
    if not options.rate or found is None or not found.steps:
        return ""
    return f" (rating at least {found.rating_text})"


def _explained(
    found: Explanation | None, options: argparse.Namespace, how: str = ""
) -> _Said | None:
    """What --explain or --rate say of an explanation (``None``: nothing).

    One cut short (``how`` says why: "out of time", "interrupted"...) is
    said by --explain alone: a header that says it is unfinished, then
    its steps.
    """
    if found is None or (not found.complete and not options.explain):
        return None  # a stopped hint or rating says nothing on standard output
    ratings: dict[str, Any] = {
        "rating": found.rating,
        "pearl": found.pearl,
        "diamond": found.diamond,
        "by_logic": found.by_logic,
    }
    if options.rate:
        return _Said(found.rating_text, ratings)
    head = (
        f"rating {found.rating_text} (pearl {found.pearl:.1f}, "
        f"diamond {found.diamond:.1f}), {counted(len(found.steps), 'step')}"
    )
    if not found.by_logic:
        head += f", {found.searches} by search (logic ran out)"
    if not found.complete:
        head = f"unfinished ({how}): {head.replace('rating', 'rating at least', 1)}"
    lines = [head]
    lines += [f"{k}. [{s.rating:.1f}] {s.text}" for k, s in enumerate(found.steps, 1)]
    record = dict(
        ratings, steps=[_json_step(s) for s in found.steps], complete=found.complete
    )
    return _Said("\n".join(lines), {"explanation": record})


def _interrupted(
    stop: KeyboardInterrupt, options: argparse.Namespace, how: str
) -> _Said | None:
    """What was found of the puzzle that a signal stopped (``None``: nothing to say).

    ``how``: "interrupted" or "terminated" (the first signal's word).
    """
    if _said(options):
        from sudoku.explainer import ExplanationInterrupted

        if isinstance(stop, ExplanationInterrupted):
            found = stop.explanation
            steps = 0 if found is None else len(found.steps)
            why = f"{how} after {counted(steps, 'step')}{_rated_so_far(found, options)}"
            return _stopped(how, why, _explained(found, options, how))
    elif options.why:
        from sudoku.whynot import ConflictsInterrupted

        if isinstance(stop, ConflictsInterrupted):
            return _stopped(
                how, _why_stopped(stop.givens, how), _why_so_far(stop.givens)
            )
    elif options.grade:
        from sudoku.grading import GradeInterrupted

        if isinstance(stop, GradeInterrupted):
            steps = sum(n for _, n in stop.grade.techniques)
            why = f"{how} after {counted(steps, 'step')}: {_graded_so_far(stop.grade)}"
            return _stopped(how, why, _Said("", {"grade": _json_grade(stop.grade)}))
    return None


def _graded_so_far(graded: Grade) -> str:
    """What a stopped ``--grade`` says of its grade: at least that of the steps taken."""
    if graded.hardest is None:
        return "no step taken yet"
    return f"at least {graded.level} {graded.name} (rating {graded.rating_text})"


#: What solving one puzzle gives: ``("answer", grid, count, grade or what
#: --explain, --hint or --rate say)``, ``("fail", message)``,
#: ``("stopped", what was said)`` for a puzzle whose budget ran out, or
#: ``("signalled", what was said or "")`` for one a stop request ended
#: in a worker process (:func:`_work`).
if TYPE_CHECKING:
    _Outcome: TypeAlias = tuple[str, str | int | Grade | _Said]


def _settled(
    entry: tuple[str, Puzzle, Future[_Outcome]],
) -> tuple[str, Puzzle, _Outcome]:
    source, puzzle, future = entry
    return source, puzzle, _result(future)


class _CountStopped(KeyboardInterrupt):
    """A signal stopped the count of a puzzle: the run ends, saying how far it got.

    ``after``: how far, "N nodes", or "S s" for the SAT solver, which
    counts no nodes (its statistics' nodes are those of the short DLX
    search before it); ``dlx`` says the same.
    """

    def __init__(self, after: str, solutions: int) -> None:
        super().__init__("count stopped")
        self.after = after
        self.solutions = solutions

    def said(self, how: str) -> _Said:
        """What the command says of the count so far (``how``: the signal's word)."""
        plural = "" if self.solutions == 1 else "s"
        why = f"{how} after {self.after}: at least {self.solutions} solution{plural}"
        return _stopped(how, why, _Said("", {"count": self.solutions}))


def _count(
    puzzle: Puzzle,
    options: argparse.Namespace,
    settings: ways.Settings,
    signals: StopSignals | None,
) -> int:
    """The solutions of a puzzle, counted as :func:`sudoku.count` counts them.

    The search is :func:`dlx.ways.search`'s, by the plan's ``settings``
    (method, limit, timeout, and the puzzle's progress hook).  The
    command's ``signals`` (none in a worker process) stop the search
    cleanly rather than break into it, so that the count so far is known.

    :raises _CountStopped: when a signal stopped the count.
    """
    grid = Grid.parse(
        puzzle.text,
        alphabet=options.alphabet,
        box=options.box,
        boxes=_boxed(options),
    )
    units = units_of(grid, options.variant, options.region_map)
    cages = cages_of(grid, options.cage_list, options.disjoint_cages)
    problem = encode(grid, units=units, cages=cages).problem
    # Decided by dlx.ways.plan already (_plan): the search starts unchecked.
    search: ways.Run = ways.search(problem, settings, count_only=True)
    if signals is not None:
        signals.target = search
    try:
        for _ in search:
            pass
    except Interrupted as stop:
        raise _CountStopped(how_far(stop.stats), stop.stats.solutions) from None
    finally:
        if signals is not None:
            signals.target = None
    if signals is not None and signals.received:
        # The signal came as the count ended, too late to stop it: it still
        # ends the run (a request to stop is never lost).
        raise KeyboardInterrupt
    return search.stats.solutions


def _answer(
    puzzle: Puzzle,
    options: argparse.Namespace,
    settings: ways.Settings,
    signals: StopSignals | None = None,
    steps: Callable[[StepProgress], None] | None = None,
    reasons: Callable[[ConflictProgress], None] | None = None,
) -> _Outcome:
    """The solution (or count) of one puzzle, or why there is none.

    Runs in a worker process with ``--jobs``: it only returns values.
    ``settings`` are the plan's (:func:`_plan`), with the puzzle's own
    progress hook (a search's; none where the plan dropped it, as for
    ``--method sat``); ``steps`` is the hook of a solve by hand, and
    ``reasons`` that of ``--why``.
    ``signals`` (in the command's own process) may stop a count.  A
    signal that stops a solve by hand raises its
    :class:`KeyboardInterrupt` (which carries what was found).
    """
    if puzzle.error is not None:
        return "fail", puzzle.error
    other = _other_size(puzzle.text, options)
    if other is not None:
        return "fail", other
    try:
        if options.why:
            return _why_not(puzzle, options, settings, reasons)
        if _said(options):
            return _told(puzzle, options, settings, steps)
        if options.grade:
            from sudoku.grading import grade

            return "answer", (
                grade(
                    puzzle.text,
                    **_grid(options),
                    timeout=settings.timeout,
                    progress=steps,
                )
            )
        if options.count:
            return "answer", _count(puzzle, options, settings, signals)
        answer = solve(
            puzzle.text,
            **_grid(options),
            unique=options.unique,
            timeout=settings.timeout,
            progress=settings.progress,
            method=settings.method,
        )
        if options.pretty:
            from sudoku.display import format_grid

            boxes = _boxed(options)
            read = Grid.parse(
                puzzle.text, alphabet=options.alphabet, box=options.box, boxes=boxes
            )
            answer = format_grid(
                answer,
                alphabet=options.alphabet or read.alphabet,
                # The boxes the puzzle draws (a 6x6 in 3x2 boxes), if any.
                box=read.box if boxes else options.box,
                regions=options.region_map,
                variant=options.variant,
            )
        return "answer", answer
    except MultipleSolutionsError:
        if options.grade:
            return "fail", "more than one solution: --grade needs a unique one"
        for flag in ("explain", "hint", "rate"):
            if getattr(options, flag):
                return "fail", f"more than one solution: --{flag} needs a unique one"
        return "fail", "more than one solution (--unique)"
    except BudgetExceeded as error:  # a SudokuError too: this one first
        outcome = error.outcome.name.lower()  # out_of_time, out_of_nodes
        if options.grade:
            from sudoku.grading import GradeBudgetError  # loaded by the grade

            if isinstance(error, GradeBudgetError):
                # A grade keeps what it found, as after a signal.
                why = f"gave up: {error}: {_graded_so_far(error.grade)}"
                said = _Said("", {"grade": _json_grade(error.grade)})
                return "stopped", _stopped(outcome, why, said)
        found = getattr(error.stats, "solutions", None)
        if options.count and isinstance(found, int):
            # A count keeps what it found, as after a signal.
            plural = "" if found == 1 else "s"
            why = f"gave up: {error}: at least {found} solution{plural}"
            return "stopped", _stopped(outcome, why, _Said("", {"count": found}))
        return "stopped", _stopped(outcome, f"gave up: {error}")
    except SudokuError as error:
        return "fail", _command_words(str(error), options)


#: After a signal, how long the command waits for its workers to stop
#: their tasks and say what they had, in seconds (a second signal ends the
#: wait at once).
STOP_WAIT = 10.0


def _work(
    puzzle: Puzzle, options: argparse.Namespace, settings: ways.Settings
) -> _Outcome:
    """:func:`_answer` in a worker process of ``--jobs``, which the command may stop.

    A stop request (:func:`dlx.commands.ask_workers_to_stop`, after the
    command's own signal) ends the task as that signal ends a puzzle in
    the command: ``("signalled", what was found)``, the count so far or
    the steps so far (a puzzle begun with nothing found is said to be
    stopped; ``""`` for a task that began after the request).  An answer
    finished as the request came is kept.
    """
    stop = WORKER_STOP
    outcome: _Outcome = ("signalled", "")
    try:
        if stop.how is None:
            with stop.task() as signals:
                try:
                    outcome = _answer(puzzle, options, settings, signals)
                except _CountStopped as stopped:
                    outcome = "signalled", stopped.said(stop.how or "interrupted")
                except KeyboardInterrupt as stopped:
                    how = stop.how or "interrupted"
                    found = _interrupted(stopped, options, how)
                    # Begun: reported, if only as stopped (one not begun is not).
                    outcome = "signalled", found or _stopped(how, how)
    except KeyboardInterrupt:
        # The request came as the task ended: what it had is kept (an
        # answer finished a moment before is an answer).
        pass
    return outcome


@contextlib.contextmanager
def _pool(
    jobs: int | None, batch: Batch
) -> Iterator[tuple[ProcessPoolExecutor | None, int]]:
    """The worker processes of ``--jobs`` and how many (``None``, 0 without it).

    Where they cannot be started (a fork refused: EAGAIN, ENOMEM), a
    note says so and the puzzles are solved in this process, as after a
    worker died.

    On the way out by an exception (Ctrl-C, SIGTERM, a closed pipe) the
    workers are ended at once rather than waited for: a hard puzzle could
    keep them busy for long.
    """
    if jobs is None:
        yield None, 0
        return
    workers = jobs or os.cpu_count() or 1
    try:
        pool = worker_pool(workers)
    except OSError as error:
        reason = error.strerror or str(error)
        batch.note(
            f"sudoku: cannot start worker processes ({reason}); going on without --jobs"
        )
        yield None, 0
        return
    try:
        yield pool, workers
    except BaseException:
        end_workers(pool)
        raise
    pool.shutdown(wait=True)


def _result(future: Future[_Outcome]) -> _Outcome:
    """A worker's outcome; a worker that died is a failure of its puzzle."""
    from concurrent.futures import BrokenExecutor

    try:
        return future.result()
    except BrokenExecutor as error:
        return "fail", f"not solved: its worker process died ({type(error).__name__})"


class _Missing(str):
    """The message of ``--check`` on a puzzle whose answer is missing from the answers' midst."""

    __slots__ = ()


class _Stray:
    """A line of the answers of ``--check`` that was skipped as no grid."""

    __slots__ = ("line",)

    def __init__(self, line: int) -> None:
        self.line = line


#: How far ``--check`` looks ahead (puzzles, and answers with the skipped
#: lines among them) to pair the answers with the puzzles where they are
#: out of step: enough for a few extra or missing answers in a row.
_CHECK_WINDOW = 16

#: How far it looks ahead over puzzles without a solution in a row, for
#: the answer at hand (which ``sudoku`` wrote for the puzzle after them).
_CHECK_RUN = 1024

# The moves of the pairing: an answer for a puzzle; a puzzle without one
# (missing, or without a solution); an answer (or skipped line) for none.
_PAIR, _NO_ANSWER, _NO_PUZZLE = 0, 1, 2

#: What ``_in_step`` yields: (kind, puzzle, answer, message).
_StepEvent = tuple[str, Puzzle | None, Puzzle | None, str | None]


def _in_step(
    given: Iterator[Puzzle],
    offered: Iterator[Puzzle],
    verdict: Callable[[Puzzle, Puzzle], str | None],
    options: argparse.Namespace,
    strays: list[int] | None = None,
    answers_name: str = "",
    window: int = _CHECK_WINDOW,
) -> Iterator[_StepEvent]:
    """The puzzles and the answers of ``--check`` in step, as ``diff`` pairs lines.

    Yields ``(kind, puzzle, answer, message)`` in the order of both files:

    * ``"pair"``: ``answer`` is the answer of ``puzzle``; ``message`` is
      what is wrong with it (``verdict``), ``None`` when it is right;
    * ``"without"``: ``puzzle`` has no solution (``message`` says why), so
      it takes no answer, as ``sudoku`` writes none for it;
    * ``"missing"``: ``puzzle``'s answer is missing from the answers' midst
      (``message``, a :class:`_Missing`, says where);
    * ``"extra"``: ``answer``, in the answers' midst, is the answer of no
      puzzle (``message`` says what it solves, if anything near);
    * ``"left"``: ``puzzle`` comes after the last answer: ``message`` says
      why it has no solution when its givens show at once, else ``None``
      (missing);
    * ``"over"``: ``answer`` comes after the last puzzle.

    The pairing is one with the fewest faults (a wrong answer, a missing
    one and an extra one cost one each, and so does a skipped line in the
    place of an answer; a puzzle without a solution costs nothing to leave
    unanswered, nor does a skipped line that stands for nothing),
    found within ``window`` puzzles (those known to have no solution not
    counted) and ``window`` answers ahead, so memory stays bounded and
    each verdict comes as soon as the pairing is decided.
    Between pairings with as few faults, it is one with the most answers
    right, less those whose pairing calls extra an answer that solves a
    puzzle ahead or missing the answer of a puzzle that an answer ahead
    solves (two answers out of order stay two wrong ones); and between
    those, the plain one in order, as it was before answers could be extra
    or missing in the midst (with its two rules: a puzzle without a
    solution takes no answer where the answer at hand fits the next puzzle
    with one; skipped lines ``strays`` (their numbers, growing as the
    answers are read) just before an answer that does not fit its puzzle
    but fits one of the next ones take the place of the answers of the
    puzzles in between).  An answer that solves its puzzle is always taken
    for it.
    """
    yield from _InStep(
        given,
        offered,
        verdict,
        options,
        [] if strays is None else strays,
        answers_name,
        window,
    ).events()


class _InStep:
    """The state of :func:`_in_step`: the windows ahead and what is known of them."""

    def __init__(
        self,
        given: Iterator[Puzzle],
        offered: Iterator[Puzzle],
        verdict: Callable[[Puzzle, Puzzle], str | None],
        options: argparse.Namespace,
        strays: list[int],
        answers_name: str,
        window: int,
    ) -> None:
        self.given: Iterator[Puzzle] | None = given
        self.offered = offered
        self.verdict = verdict
        self.options = options
        self.strays = strays
        self.answers_name = answers_name
        self.window = max(2, window)
        self.tokens_in = self._tokens()
        self.tokens_left = True
        self.puzzles: collections.deque[Puzzle] = collections.deque()
        self.tokens: collections.deque[Puzzle | _Stray] = collections.deque()
        #: The verdicts known, by (puzzle number, answer number).
        self.verdicts: dict[tuple[int, int], str | None] = {}
        #: Why each puzzle has no solution (``None``: it has one), by number.
        self.unsolvable: dict[int, str | None] = {}
        #: The numbers of the puzzles that an answer solves (so they have one).
        self.solved: set[int] = set()
        #: The numbers of the answers that solve a puzzle.
        self.solving: set[int] = set()
        #: The puzzles already paired or passed, and whether answered right.
        self.passed: collections.deque[tuple[Puzzle, bool | None]] = collections.deque(
            maxlen=self.window
        )
        #: Skipped lines taken since the last answer.
        self.strays_before = 0

    # -- reading ahead ---------------------------------------------------------

    def _tokens(self) -> Iterator[Puzzle | _Stray]:
        """The answers, with the skipped lines among them in line order."""
        strays = self.strays
        for answer in self.offered:
            taken = 0
            while taken < len(strays) and strays[taken] < answer.line:
                yield _Stray(strays[taken])
                taken += 1
            del strays[:taken]
            yield answer
        for line in list(strays):
            yield _Stray(line)
        strays.clear()

    def _fill_puzzles(self, count: int, most: int = 0) -> bool:
        """Read puzzles until ``count`` are ahead (at most ``most``, or the window)."""
        most = most or self.window
        while len(self.puzzles) < min(count, most) and self.given is not None:
            puzzle = next(self.given, None)
            if puzzle is None:
                self.given = None
            else:
                self.puzzles.append(puzzle)
        return len(self.puzzles) >= count

    def _fill_tokens(self, count: int) -> bool:
        """Read answers (and skipped lines) until ``count`` are ahead."""
        while len(self.tokens) < min(count, self.window) and self.tokens_left:
            token = next(self.tokens_in, None)
            if token is None:
                self.tokens_left = False
            else:
                self.tokens.append(token)
        return len(self.tokens) >= count

    # -- what is known ---------------------------------------------------------

    def _fits(self, puzzle: Puzzle, answer: Puzzle) -> bool:
        """Whether ``answer`` solves ``puzzle`` (never, if it is known to have no solution)."""
        if self.unsolvable.get(puzzle.number) is not None:
            return False
        return self._verdict(puzzle, answer) is None

    def _verdict(self, puzzle: Puzzle, answer: Puzzle) -> str | None:
        key = (puzzle.number, answer.number)
        try:
            return self.verdicts[key]
        except KeyError:
            found = self.verdicts[key] = self.verdict(puzzle, answer)
            if found is None:
                self.solved.add(puzzle.number)
                self.solving.add(answer.number)
            return found

    def _no_solution(self, puzzle: Puzzle) -> str | None:
        """Why ``puzzle`` has no solution (a short search), or ``None``."""
        try:
            return self.unsolvable[puzzle.number]
        except KeyError:
            if puzzle.number in self.solved:
                return None
            why = self.unsolvable[puzzle.number] = _without_solution(
                puzzle, self.options
            )
            return why

    def _left_why(self, puzzle: Puzzle) -> str | None:
        """Why a puzzle past the last answer has no solution, when its givens show it."""
        why = self.unsolvable.get(puzzle.number)
        return why or _without_solution(puzzle, self.options, nodes=0)

    def _forget(self) -> None:
        """Drop what is known of the puzzles and answers left behind."""
        known = len(self.verdicts) + len(self.unsolvable) + len(self.solved)
        known += len(self.solving)
        if known < 4 * (self.window**2 + _CHECK_RUN):
            return
        first = self.passed[0][0].number if self.passed else 0
        answers = [t.number for t in self.tokens if isinstance(t, Puzzle)]
        after = answers[0] if answers else math.inf
        self.verdicts = {
            key: known
            for key, known in self.verdicts.items()
            if key[0] >= first and key[1] >= after
        }
        self.unsolvable = {n: w for n, w in self.unsolvable.items() if n >= first}
        self.solved = {n for n in self.solved if n >= first}
        self.solving = {n for n in self.solving if n >= after}

    # -- the old rules: the pairing preferred between pairings as good ----------

    def _answer_after(self, j: int) -> int | None:
        """The index of the first answer (not a skipped line) from token ``j`` on."""
        while self._fill_tokens(j + 1):
            if isinstance(self.tokens[j], Puzzle):
                return j
            j += 1
        return None

    def _preferred(self, i: int, j: int) -> int:
        """The move of the plain pairing at puzzle ``i`` and token ``j`` ahead."""
        puzzle, token = self.puzzles[i], self.tokens[j]
        if isinstance(token, _Stray):
            # Skipped lines just before an answer that does not fit this
            # puzzle but fits one of the next ones, one for each skipped
            # line: they took the place of the answers in between.
            k = self._answer_after(j)
            if k is None:
                return _NO_PUZZLE
            answer = self.tokens[k]
            assert isinstance(answer, Puzzle)
            if self._fits(puzzle, answer):
                return _NO_PUZZLE
            for q in range(i + 1, i + 1 + k - j):
                if not self._fill_puzzles(q + 1):
                    break
                if self._fits(self.puzzles[q], answer):
                    if self._no_solution(puzzle) is not None:
                        return _NO_ANSWER
                    return _PAIR
            return _NO_PUZZLE
        if self._fits(puzzle, token) or self._no_solution(puzzle) is None:
            return _PAIR
        # Puzzles without a solution in a row, up to one the answer fits.
        q = i + 1
        while self._fill_puzzles(q + 1, _CHECK_RUN):
            following = self.puzzles[q]
            if self._fits(following, token):
                return _NO_ANSWER
            if self._no_solution(following) is None:
                return _PAIR
            q += 1
        return _PAIR

    def _certain(self) -> int | None:
        """The move at the head where it is sure to be in a best pairing, else ``None``.

        An answer that solves its puzzle is taken for it (some best pairing
        does); a puzzle without a solution may always go unanswered, and a
        skipped line may always stand for nothing, at no cost (where the
        plain pairing does so).
        """
        token = self.tokens[0]
        if isinstance(token, Puzzle) and self._fits(self.puzzles[0], token):
            return _PAIR
        move = self._preferred(0, 0)
        if move == _NO_PUZZLE and isinstance(token, _Stray):
            return move
        if move == _NO_ANSWER and self._no_solution(self.puzzles[0]) is not None:
            return move
        return None

    # -- the best pairing over the window ----------------------------------------

    def _has_solution(self, puzzle: Puzzle) -> bool | None:
        """Whether ``puzzle`` has a solution, where known without a search."""
        if puzzle.number in self.solved:
            return True
        if puzzle.number in self.unsolvable:
            return self.unsolvable[puzzle.number] is None
        return None

    def _moves(self, i: int, j: int) -> list[tuple[int, int, int, int]]:
        """The moves from puzzle ``i`` and token ``j`` ahead: (move, i, j, cost).

        Where it is not known yet whether the puzzle has a solution, it is
        taken to have none (leaving it unanswered costs nothing) and yet a
        skipped line may take the place of its answer: no pairing costs
        more than it will, so one that still costs as much once that is
        known is a best one (:meth:`_best` makes sure).
        """
        puzzle, token = self.puzzles[i], self.tokens[j]
        solvable = self._has_solution(puzzle)
        unanswered = 1 if solvable else 0
        if isinstance(token, Puzzle):
            if self._fits(puzzle, token):
                return [(_PAIR, i + 1, j + 1, 0)]
            return [
                (_PAIR, i + 1, j + 1, 1),
                (_NO_ANSWER, i + 1, j, unanswered),
                (_NO_PUZZLE, i, j + 1, 1),
            ]
        moves = [(_NO_ANSWER, i + 1, j, unanswered), (_NO_PUZZLE, i, j + 1, 0)]
        if solvable is not False and self._answer_after(j) is not None:
            moves.append((_PAIR, i + 1, j + 1, 1))  # the line took its place
        return moves

    def _best(self) -> list[int]:
        """The moves of the best pairing of the window, from its head to its edge.

        Searches again while the best pairing leaves unanswered a puzzle not
        known to have a solution or not (or puts a skipped line in its
        answer's place), once that is known.
        """
        ahead = self._extent()
        while True:
            path, (i, j, cost) = self._best_so_far(ahead)
            stale = False
            if j == len(self.tokens) and i < ahead and not self.tokens_left:
                # Past the last answer: missing, but for those without.
                missing = sum(
                    self._no_solution(puzzle) is None
                    for puzzle in itertools.islice(self.puzzles, i, ahead)
                )
                stale = missing != cost
            for move, i, j, cost in path:
                if move == _NO_PUZZLE or (
                    move == _PAIR and isinstance(self.tokens[j], Puzzle)
                ):
                    continue
                solvable = self._no_solution(self.puzzles[i]) is None
                if move == _NO_ANSWER and solvable != bool(cost):
                    stale = True  # missing: 1; without a solution: 0
                elif move == _PAIR and not solvable:
                    stale = True  # a line in the place of no answer
            if self._extent() > ahead:  # more puzzles known without one
                ahead = self._extent()
                stale = True
            if not stale:
                return [move for move, *_ in path]

    def _extent(self) -> int:
        """How many puzzles ahead the best pairing looks at.

        The window, where those known to have no solution do not count
        (they cost nothing to leave unanswered), up to :data:`_CHECK_RUN`.
        """
        counted = ahead = 0
        while counted < self.window and self._fill_puzzles(ahead + 1, _CHECK_RUN):
            counted += self.unsolvable.get(self.puzzles[ahead].number) is None
            ahead += 1
        return ahead

    def _best_so_far(
        self, ahead: int
    ) -> tuple[list[tuple[int, int, int, int]], tuple[int, int, int]]:
        """The best pairing's moves (move, i, j, cost) with what is known so far.

        It pairs the ``ahead`` puzzles ahead with the window of answers.
        Returns also where it leaves them (i, j), with the cost past it.
        """
        self._fill_tokens(self.window)
        puzzles, tokens = ahead, len(self.tokens)
        ended = self.given is None and len(self.puzzles) == puzzles
        # Past the edge of the window: nothing is known and all is free,
        # unless a file has ended: then the rest of the other file is extra
        # or missing.
        answers_from = [0] * (tokens + 1)
        for j in range(tokens - 1, -1, -1):
            answers_from[j] = answers_from[j + 1] + isinstance(self.tokens[j], Puzzle)
        left: list[int] | None = None

        def edge(i: int, j: int) -> int:
            nonlocal left
            if i == puzzles and j == tokens:
                return 0
            if i == puzzles:
                return answers_from[j] if ended else 0
            if self.tokens_left:
                return 0
            if left is None:  # as for _moves: none where not known yet
                left = [0] * (puzzles + 1)
                for k in range(puzzles - 1, -1, -1):
                    missing = bool(self._has_solution(self.puzzles[k]))
                    left[k] = left[k + 1] + missing
            return left[i]

        # Costs 0 and 1: a breadth-first search with a double-ended queue.
        start = (0, 0)
        distance: dict[tuple[int, int], int] = {start: 0}
        moves: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        settled: list[tuple[int, int]] = []
        best = math.inf
        queue = collections.deque([start])
        while queue:
            state = queue.popleft()
            if state in moves:
                continue
            cost = distance[state]
            if cost > best:
                break
            settled.append(state)
            i, j = state
            if i == puzzles or j == tokens:
                moves[state] = []
                best = min(best, cost + edge(i, j))
                continue
            moves[state] = found = self._moves(i, j)
            for _, p, t, step in found:
                if cost + step < distance.get((p, t), math.inf):
                    distance[(p, t)] = cost + step
                    if step:
                        queue.append((p, t))
                    else:
                        queue.appendleft((p, t))
        # The states on some best pairing, from the edge back, with the
        # most worth that a best pairing from them can have (_worth).
        worth: dict[tuple[int, int], int] = {}
        for state in sorted(settled, key=sum, reverse=True):
            i, j = state
            cost = distance[state]
            if i == puzzles or j == tokens:
                if cost + edge(i, j) == best:
                    worth[state] = 0
                continue
            worths = [
                self._worth(move, i, j, step) + worth[(p, t)]
                for move, p, t, step in moves[state]
                if (p, t) in worth and distance[(p, t)] == cost + step
            ]
            if worths:
                worth[state] = max(worths)
        # Of those, one worth the most, and of those the one that keeps to
        # the plain pairing longest.
        path: list[tuple[int, int, int, int]] = []
        i = j = 0
        while i < puzzles and j < tokens:
            cost, most = distance[(i, j)], worth[(i, j)]
            preferred = self._preferred(i, j)
            for move, p, t, step in sorted(
                moves[(i, j)], key=lambda m: (m[0] != preferred, m[0])
            ):
                if (
                    (p, t) in worth
                    and distance[(p, t)] == cost + step
                    and self._worth(move, i, j, step) + worth[(p, t)] == most
                ):
                    path.append((move, i, j, step))
                    i, j = p, t
                    break
            else:  # pragma: no cover - the start is on a best pairing
                raise AssertionError("no best pairing")
        return path, (i, j, edge(i, j))

    def _worth(self, move: int, i: int, j: int, cost: int) -> int:
        """What a move is worth between pairings with as few faults.

        An answer that solves its puzzle, 1; an extra answer that solves a
        puzzle ahead or a missing answer of a puzzle that an answer ahead
        solves, -1: two answers out of order are two wrong answers, not a
        missing and an extra one around a right one.  An extra line that
        solves nothing, or a missing answer that is nowhere, 0: the
        answers around them keep their puzzles.
        """
        token = self.tokens[j]
        if move == _PAIR:
            return int(not cost and isinstance(token, Puzzle))
        if move == _NO_ANSWER:
            return -int(bool(cost) and self.puzzles[i].number in self.solved)
        return -int(isinstance(token, Puzzle) and token.number in self.solving)

    # -- what the moves say --------------------------------------------------------

    def _next_answer(self) -> tuple[Puzzle | None, int]:
        """The next answer ahead, and the skipped lines before it since the last one."""
        k = self._answer_after(0)
        strays = self.strays_before + (len(self.tokens) if k is None else k)
        found = self.tokens[k] if k is not None else None
        assert found is None or isinstance(found, Puzzle)
        return found, strays

    def _missing(self) -> _Missing:
        """The message of the puzzle just passed, whose answer is missing here."""
        answer, strays = self._next_answer()
        said = f"its solution is missing from {self.answers_name}"
        if answer is None:
            return _Missing(said)
        ahead = itertools.islice(self.puzzles, self.window)
        solves = next((p for p in ahead if self._fits(p, answer)), None)
        where = f"solution {answer.number} ({answer.lines})"
        if strays:
            lines = "lines" if strays > 1 else "line"
            said += f": stray {lines} before {where}"
            if solves is not None:
                said += f", which solves puzzle {solves.number}"
        elif solves is not None:
            said += f": the next one, {where}, solves puzzle {solves.number}"
        else:
            said += f": the next one is {where}"
        return _Missing(said)

    def _extra(self, answer: Puzzle) -> str:
        """The message of an answer in the midst that is the answer of no puzzle."""
        said = "an extra solution: it solves"
        for puzzle, right in reversed(self.passed):
            if self._fits(puzzle, answer):
                how = "already answered" if right else "out of place"
                return f"{said} puzzle {puzzle.number}, {how}"
        for puzzle in itertools.islice(self.puzzles, self.window):
            if self._fits(puzzle, answer):
                return f"{said} puzzle {puzzle.number}, further on"
        here = self.puzzles[0]
        why = self._verdict(here, answer)
        return f"{said} no puzzle here (puzzle {here.number}: {why})"

    def _take(self, move: int) -> Iterator[_StepEvent]:
        """Take one move at the head of the windows, and say what it means."""
        if move == _NO_PUZZLE:
            token = self.tokens.popleft()
            if isinstance(token, _Stray):
                self.strays_before += 1
                return
            self.strays_before = 0
            yield "extra", None, token, self._extra(token)
            return
        puzzle = self.puzzles.popleft()
        token = self.tokens[0]
        if move == _PAIR and isinstance(token, Puzzle):
            self.tokens.popleft()
            self.strays_before = 0
            message = self._verdict(puzzle, token)
            self.passed.append((puzzle, message is None))
            yield "pair", puzzle, token, message
        else:
            self.passed.append((puzzle, None))
            why = None if move == _PAIR else self._no_solution(puzzle)
            said = why if why is not None else self._missing()
            if move == _PAIR:  # a skipped line took the place of its answer
                self.tokens.popleft()
                self.strays_before += 1
            yield ("without" if why is not None else "missing"), puzzle, None, said
        self._forget()

    def events(self) -> Iterator[_StepEvent]:
        """The whole pairing, move by move."""
        while True:
            self._fill_puzzles(1)
            self._fill_tokens(1)
            if not self.puzzles:
                for token in itertools.chain(self.tokens, self.tokens_in):
                    if isinstance(token, Puzzle):
                        yield "over", None, token, None
                return
            if not self.tokens:
                while self.puzzles:
                    puzzle = self.puzzles.popleft()
                    yield "left", puzzle, None, self._left_why(puzzle)
                    self._fill_puzzles(1)
                return
            move = self._certain()
            if move is not None:
                yield from self._take(move)
                continue
            # Out of step, or a wrong answer: the best pairing ahead says
            # which, and its moves are taken up to where the plain pairing
            # is sure again (or half the window, so the rest is decided
            # with as much ahead).
            path = self._best()
            for taken, move in enumerate(path):
                if taken and (
                    taken >= self.window // 2
                    or not self.puzzles
                    or not self.tokens
                    or self._certain() is not None
                ):
                    break
                yield from self._take(move)


def _without_solution(
    puzzle: Puzzle, options: argparse.Namespace, nodes: int = 1000
) -> str | None:
    """Why ``puzzle`` has no solution, when that is quick to see (else ``None``).

    Its text or its givens are refused, or a search of at most ``nodes``
    nodes finds no solution.
    """
    from dlx import BudgetExceeded

    why = puzzle.error or _other_size(puzzle.text, options)
    if why is not None:
        return why
    try:
        if count(puzzle.text, 1, max_nodes=nodes, **_grid(options)):
            return None
    except BudgetExceeded:
        return None
    except SudokuError as error:
        return _command_words(str(error), options)
    return "no solution"


def _check_all(
    names: Sequence[str],
    options: argparse.Namespace,
    batch: Batch,
    size: int | None,
    tally: dict[str, int],
) -> None:
    """Check each answer against its puzzle, reading both files in step."""
    puzzle_name, answer_name = names
    puzzle_stream = _open(puzzle_name, batch)
    answer_stream = _open(answer_name, batch, "answers")
    if puzzle_stream is None or answer_stream is None:
        for stream, name in (
            (puzzle_stream, puzzle_name),
            (answer_stream, answer_name),
        ):
            if stream is not None and name != "-":
                stream.close()
        return
    puzzle_source = "<stdin>" if puzzle_name == "-" else puzzle_name
    answer_source = "<stdin>" if answer_name == "-" else answer_name
    boxes = _boxed(options)
    given = _puzzles(puzzle_name, puzzle_stream, batch, size, boxes=boxes)
    strays: list[int] = []
    offered = _puzzles(
        answer_name, answer_stream, batch, size, count=False, boxes=boxes, strays=strays
    )

    def judged(puzzle: Puzzle, answer: Puzzle) -> str | None:
        """What is wrong with ``answer`` as the solution of ``puzzle`` (``None``: right)."""
        message = (
            puzzle.error
            or answer.error
            or _other_size(puzzle.text, options)
            or _other_size(answer.text, options, "the solution")
        )
        if message is None:
            try:
                check(puzzle.text, answer.text, **_grid(options))
            except SudokuError as error:
                message = _command_words(str(error), options)
        return message

    wrong = puzzles = answers = paired = skipped = 0
    gaps = extras = left = over = 0  # missing and extra: in the midst, at the end
    for kind, puzzle, answer, message in _in_step(
        given, offered, judged, options, strays, answer_source
    ):
        puzzles += puzzle is not None
        answers += answer is not None
        tally["puzzles"], tally["solutions"] = puzzles, answers
        if kind == "over":
            over += 1  # past the last puzzle: said below
        elif kind == "extra":
            assert answer is not None
            extras += 1
            batch.fail(f"{_where(answer_source, answer, 'solution')}: {message}")
        elif kind == "left" and message is None:
            left += 1  # the answers ended first: said below
        tally["missing"], tally["extra"] = gaps + left, extras + over
        if puzzle is None or (kind == "left" and message is None):
            continue
        if answer is None:
            if kind == "missing":
                gaps += 1  # one of the missing, in the midst
                tally["missing"] += 1
            else:
                # No solution, so none is expected: the next answer is the
                # next puzzle's, as sudoku writes none for such a puzzle.
                skipped += 1
            batch.fail(f"{_where(puzzle_source, puzzle, 'puzzle')}: {message}")
        else:
            paired += 1
            if message is not None:
                wrong += 1
                batch.fail(
                    f"{_where(answer_source, answer, 'solution')}: {message} "
                    f"(puzzle {puzzle.number}, {puzzle.lines} of {puzzle_source})"
                )
            else:
                batch.answered += 1
        if options.json:
            record = _json_puzzle(puzzle_source, puzzle)
            record["right"] = message is None
            if message is not None:
                record["error"] = message
            batch.write(_json_line(record))
        tally["checked"] += 1
        tally["right"], tally["wrong"] = batch.answered, wrong
        tally["without_solution"] = skipped
    missing, extra = gaps + left, extras + over
    tally["missing"], tally["extra"] = missing, extra
    if answers == 0 and puzzles:
        batch.fail(
            f"{answer_source}: no solutions at all, but {puzzle_source} has "
            f"{counted(puzzles, 'puzzle')}"
        )
    elif left and answers < puzzles:
        batch.fail(
            f"{answer_source} has only {counted(answers, 'solution')} but "
            f"{puzzle_source} has {counted(puzzles, 'puzzle')}: the last "
            f"{left} {'has' if left == 1 else 'have'} none"
        )
    elif left:  # extra answers in the midst: the counts do not tell it
        batch.fail(
            f"{answer_source} ends before the solutions of the last "
            f"{counted(left, 'puzzle')} of {puzzle_source}"
        )
    elif over and (gaps or extras or answers - puzzles != over):
        batch.fail(
            f"{answer_source} has {counted(over, 'solution')} past the last "
            f"puzzle of {puzzle_source}"
        )
    elif over:
        batch.fail(
            f"{puzzle_source} has {counted(puzzles, 'puzzle')} but {answer_source} "
            f"has {counted(answers, 'solution')}"
        )
    faults = [
        f"{n} {word}"
        for n, word in (
            (wrong, "wrong"),
            (missing, "missing"),
            (extra, "extra"),
        )
        if n
    ]
    if skipped:  # --json's "without_solution", a record with "right": false each
        faults.append(
            counted(skipped, "puzzle without a solution", "puzzles without one")
        )
    verdict = ", ".join(faults) or "all right"
    if not options.json:  # else the summary line says it
        batch.write(f"{counted(paired, 'solution')} checked: {verdict}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sudoku`` command; return its exit status.

    Reads puzzles from the files named in ``argv`` (standard input when
    there is none) one at a time, and writes each solution, count or
    check summary to standard output as soon as it has it; ``sudoku
    --help`` tells everything.  Never raises for bad input, output errors
    or signals: every problem is a message on standard error and an exit
    status (0 all good, 1 a bad puzzle, 2 unusable input, 74 output not
    written, 130 interrupted, 141 closed pipe, 143 terminated).

    :param argv: the arguments, without the program name (``None``: the
        process's own).
    :returns: the exit status.
    :raises SystemExit: for ``--help`` (status 0) and bad options (status 2),
        as :mod:`argparse` does.

    >>> import pathlib, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = pathlib.Path(folder, "four.txt")
    >>> _ = path.write_text("1......2..4..3..\\n" + "." * 16 + "\\n")
    >>> main(["--count", str(path)])
    1
    288
    0
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] == ["generate"]:
        from sudoku.generate_cli import main as generate_main

        return generate_main(arguments[1:])
    parser = _parser()
    options = parser.parse_args(arguments)
    size, planned = _check_options(parser, options)
    batch = Batch()
    #: More counts for the summary of --json (besides the batch's own).
    tally: dict[str, int] = collections.Counter()

    def summary(complete: bool) -> None:
        """The last line of ``--json``: the counts of the run."""
        counts: dict[str, Any]
        if options.check:
            names = ("puzzles", "solutions", "checked", "right", "wrong")
            later = ("without_solution", "missing", "extra")
            counts = {name: tally[name] for name in (*names, *later)}
        else:
            counts = {"puzzles": batch.read, "answered": batch.answered}
            counts["errors"] = tally["errors"]
        counts["skipped"] = batch.skipped
        counts["complete"] = complete
        batch.write(_json_line(counts))

    def work() -> None:
        try:
            if options.check:
                _check_all(options.files, options, batch, size, tally)
            else:
                files = options.files or ["-"]
                _solve_all(files, options, planned.settings, batch, size, tally)
        except KeyboardInterrupt:
            if options.json:  # the answers so far, and the counts of them
                summary(complete=False)
            raise
        if options.json:
            summary(complete=True)

    def stopped(how: str) -> str:
        plural = "" if batch.read == 1 else "s"
        return (
            f"sudoku: {how} after {batch.read} puzzle{plural} read: "
            f"{batch.answered} answered"
        )

    return run_batch(batch, work, stopped)
