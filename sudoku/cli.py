"""The ``sudoku`` command (also ``python -m sudoku``): solve files of puzzles.

See :func:`main`, or run ``sudoku --help``.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import itertools
import os
import random
import shutil
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from math import isqrt
from typing import Any, BinaryIO

from dlx import BudgetExceeded, Progress
from dlx.commands import (
    EXIT_BAD_INPUT,
    EXIT_BAD_PUZZLE,
    EXIT_OK,
    EXIT_OUTPUT,
    OutputError,
    StopSignals,
    add_version,
    clear_echoed_interrupt,
    end_closed_pipe,
    ignore_interrupts,
    is_closed_pipe,
    process_context,
    say,
    seconds,
    shows_progress,
    silence,
    whole_number,
    writing,
)
from dlx.watch import ProgressLine, describe_progress
from sudoku.display import format_grid, to_svg
from sudoku.errors import MultipleSolutionsError, SudokuError
from sudoku.formats import Layout, Puzzle, format_solution, iter_puzzles
from sudoku.generator import DEFAULT_GRADE_TRIES, SYMMETRIES, generate_puzzle
from sudoku.grading import LEVEL_NAMES, grade
from sudoku.grid import Grid, box_shape
from sudoku.regions import read_region_map, regions_of
from sudoku.solver import check, count, solve
from sudoku.wording import counted

__all__ = ["main"]

#: The progress bar appears once a batch has taken this many seconds.
PROGRESS_DELAY = 0.5

DESCRIPTION = """\
Solve sudoku puzzles read from FILEs (standard input when there is none,
or for '-') and print their solutions in the same format.  Puzzles are
read, solved and printed one at a time: each answer appears as soon as it
is found, and memory stays flat however long the input.

Input formats, detected from the most common line length among the first
lines (at most 64):
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
puzzle instead (--grade: the level, 1 easy to 6 diabolical, the hardest
technique the solve needs, and how often each technique was used).  A
puzzle that cannot be read or solved is
reported on standard error with its number and line; the others are still
solved and printed, in order.

Variants: --variant x (both main diagonals hold each symbol once),
--variant windoku (also 'hyper': the windows between the boxes), or
x+windoku; --regions FILE gives a jigsaw map, one region label per cell
(any characters, N lines of N or one line of N*N), whose N regions of N
cells replace the boxes: every puzzle of the input is solved with it."""

EPILOG = """\
exit status (the first of 74, 130, 141, 143 to happen ends the run):
  0    every puzzle was solved (or counted, graded, or checked right)
  1    some puzzle was bad, unsolvable, timed out, had several solutions
       (--grade, --unique), or had a wrong or missing solution (--check);
       a skipped line counts as bad
  2    unusable input (not a puzzle format, an unreadable file, an input
       with no puzzle at all, even an empty one, a closed standard input)
       or bad options (an option that does nothing or contradicts
       another; --limit and --timeout must be more than 0)
  74   the output could not be written (disk full, standard output
       closed, another I/O error): 'sudoku: cannot write to standard
       output: REASON'
  130  interrupted (Ctrl-C, SIGINT); 143: terminated (SIGTERM).  The
       answers printed so far stay, and a last line on standard error
       tells how many puzzles were read and answered
  141  the reader of the output went away (a closed pipe, e.g. 'head'),
       on standard output or standard error: sudoku stops at once

When standard error is a terminal, a progress bar counts the puzzles of a
batch that takes more than half a second (with tqdm: pip install
'pydlx[progress]'), and a puzzle whose search runs for more than a second
shows its solutions so far, nodes per second, the part of its search tree
done and the time left; --no-progress hides both.

examples:
  sudoku puzzles.txt                  solve, one puzzle per line
  sudoku --uva < sudoku16.in          16x16 blocks, UVA 1309 blank lines
  sudoku --count --limit 2 grids.txt  1 for unique puzzles, 2 for several
  sudoku --grade puzzles.txt          one grade per puzzle, e.g.
                                      '3 hard (naked pair): naked single 40, ...'
  sudoku --check puzzles.in answers.out
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


def _add_variant_options(parser: argparse.ArgumentParser, regions_also: str) -> None:
    """``--variant`` and ``--regions``, the same for solving and for generating."""
    parser.add_argument(
        "--variant",
        metavar="NAME",
        help="a sudoku variant: x (the diagonals too), windoku (also hyper: "
        "the windows between the boxes), or x+windoku",
    )
    parser.add_argument(
        "--regions",
        metavar="FILE",
        help="jigsaw sudoku: FILE maps each cell to its region (one label "
        f"per cell, N lines of N); the regions replace the boxes{regions_also}",
    )


def _box(text: str) -> tuple[int, int]:
    """Read ``RxC`` (or ``R,C``) as a box shape, for argparse."""
    for separator in "x,X*":
        rows, found, cols = text.partition(separator)
        if found:
            try:
                shape = int(rows), int(cols)
            except ValueError:
                break
            if shape[0] > 0 and shape[1] > 0:
                return shape
            break
    raise argparse.ArgumentTypeError(f"not a box shape ROWSxCOLUMNS: {text!r}")


#: The argument types of the options, in the command's words.
_positive = whole_number(1, plain="not a positive integer")
_natural = whole_number(plain="not a whole number")
_seconds = seconds(positive=True, plain="not a positive number of seconds")


def _check_alphabet_option(parser: argparse.ArgumentParser, alphabet: str) -> None:
    """Stop with a usage error (status 2) when ``--alphabet`` cannot be an alphabet."""
    if not alphabet:
        parser.error("--alphabet is empty: give the N symbols of an NxN grid")
    if any(ch.isspace() for ch in alphabet):
        parser.error(f"--alphabet {alphabet!r} contains white space")
    repeated = next((ch for ch in alphabet if alphabet.count(ch) > 1), None)
    if repeated is not None:
        parser.error(f"--alphabet {alphabet!r} has {repeated!r} twice")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sudoku",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="files of puzzles ('-' for standard input; default: standard input)",
    )
    add_version(parser, "sudoku")
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
        "(1 easy ... 6 diabolical), the hardest technique its solve needs and "
        "how often each was used (see sudoku.grade); a puzzle without "
        "exactly one solution is reported as bad",
    )
    mode.add_argument(
        "--check",
        action="store_true",
        help="take two files, PUZZLES and SOLUTIONS, and check that each "
        "solution solves its puzzle (complete, givens kept, no repeat); "
        "print a summary, and each wrong solution on standard error",
    )
    parser.add_argument(
        "--limit",
        type=_positive,
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
        "two solutions, none before the first or after the last",
    )
    parser.add_argument(
        "--box",
        type=_box,
        metavar="RxC",
        help="box shape, ROWS x COLUMNS (e.g. 2x3 for 6x6 grids); default: "
        "square boxes, or the most square shape with fewer rows",
    )
    parser.add_argument(
        "--alphabet",
        metavar="SYMBOLS",
        help="the N symbols, the first standing for 1 (default: detected)",
    )
    _add_variant_options(parser, "")
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
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        help="give up on a puzzle after this many seconds (reported as bad)",
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="never show a progress bar",
    )
    parser.add_argument(
        "--jobs",
        type=_natural,
        metavar="N",
        help="solve N puzzles at a time in worker processes (0: one per "
        "core); answers still come in input order",
    )
    return parser


class _Batch:
    """Writes answers and reports, counts puzzles, and remembers the worst status.

    Every answer is flushed at once, so that answers appear as puzzles are
    solved and an interrupted run keeps them.  An error writing standard
    output (or standard error) raises :class:`~dlx.commands.OutputError`,
    or :class:`BrokenPipeError` for a closed pipe.
    """

    def __init__(self) -> None:
        self.status = EXIT_OK
        self.read = 0
        self.answered = 0
        #: SIGINT and SIGTERM, which end the run (see :func:`_run`).
        self.signals = StopSignals()
        self.note: Callable[[str], None] = self._print

    @staticmethod
    def _print(message: str) -> None:
        try:
            say(message)
        except OSError as error:
            if is_closed_pipe(error):
                raise BrokenPipeError(*error.args) from None
            raise OutputError(None) from None  # no message: stderr is gone

    def fail(self, message: str, status: int = EXIT_BAD_PUZZLE) -> None:
        self.note(f"sudoku: {message}")
        self.status = max(self.status, status)

    def write(self, text: str, *, answer: bool = False) -> None:
        """Write ``text`` to standard output and flush it; count it if an ``answer``.

        The text goes into the output buffer and is counted with signals
        held, so that the closing line of an interrupted run counts
        exactly the answers printed: an answer in the buffer is written at
        exit even if the flush is interrupted.
        """
        out = sys.stdout
        if out is None:
            raise OutputError(_CLOSED_OUTPUT)
        with writing("standard output"):
            with self.signals.held():
                out.write(text)
                self.answered += answer
            out.flush()


_CLOSED_OUTPUT = "cannot write to standard output: it is closed"
#: The longest line read (a 35x35 puzzle on one line has 1,225 characters).
MAX_LINE = 1 << 16


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
                f"not text: byte {raw[error.start]:#04x} at offset {offset + error.start}"
            ) from None
        offset += len(raw)
        # As str.splitlines (and so read_puzzles) does: old Mac files end
        # lines with a lone CR.
        yield from text.splitlines() or [""]


def _open(name: str, batch: _Batch) -> BinaryIO | None:
    """The binary stream of one input, or ``None`` (reported) when it cannot be opened."""
    if name == "-":
        if sys.stdin is None:
            batch.fail("cannot read standard input: it is closed", EXIT_BAD_INPUT)
            return None
        return sys.stdin.buffer
    try:
        return open(name, "rb")  # closed by _puzzles
    except OSError as error:
        batch.fail(f"{name}: cannot read: {error.strerror or error}", EXIT_BAD_INPUT)
        return None


def _puzzles(
    name: str,
    stream: BinaryIO,
    batch: _Batch,
    size: int | None,
    *,
    count: bool = True,
    required: bool = False,
) -> Iterator[Puzzle]:
    """The puzzles of one input, read lazily; problems are reported as they come.

    With ``required``, an input with no puzzle at all (empty, or nothing
    but skipped lines) is reported as unusable input.
    """
    source = "<stdin>" if name == "-" else name
    found = False

    def skipped(line: int, message: str) -> None:
        batch.fail(f"{source}: {message}")

    try:
        for puzzle in iter_puzzles(_decoded(stream), size=size, on_skip=skipped):
            found = True
            if count:
                batch.read += 1
            yield puzzle
        if required and not found:
            batch.fail(f"{source}: no puzzle in it", EXIT_BAD_INPUT)
    except (_Unreadable, SudokuError) as error:
        batch.fail(f"{source}: {error}", EXIT_BAD_INPUT)
    finally:
        if name != "-":
            stream.close()


def _where(source: str, puzzle: Puzzle, noun: str = "puzzle") -> str:
    return f"{source}: {noun} {puzzle.number} ({puzzle.lines})"


class _Progress:
    """What the command shows on standard error while it works.

    A tqdm bar counts the puzzles of a batch (when tqdm is installed); a
    puzzle whose search runs for over a second shows how far its search
    has come (:class:`dlx.Progress`): in the bar, or, without tqdm, on a
    line of its own that is cleared when the puzzle is done.
    """

    def __init__(self, enabled: bool, batch: _Batch) -> None:
        self.batch = batch
        self.bar: Any = None
        self.line: ProgressLine | None = None
        self.watched = False  # the puzzle's search has reported
        err = sys.stderr
        self.enabled = shows_progress(None if enabled else False)
        if self.enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(
                    total=None,
                    unit="puzzle",
                    delay=PROGRESS_DELAY,
                    leave=False,
                    file=err,
                    # Room at the end for the "^C" a terminal echoes.
                    ncols=max(20, shutil.get_terminal_size().columns - 3),
                )
                batch.note = lambda message: self.bar.write(message, file=sys.stderr)

    def advance(self) -> None:
        """One more puzzle done."""
        self.finish_puzzle()
        if self.bar is not None:
            self.bar.update(1)

    def hook(self, label: str) -> Callable[[Progress], None] | None:
        """The progress hook for the search of one puzzle (``None``: none wanted)."""
        if not self.enabled:
            return None

        def show(report: Progress) -> None:
            self.watched = True
            if self.bar is not None:
                self.bar.set_postfix_str(f"{label}: {describe_progress(report)}")
                return
            if self.line is None:
                self.line = ProgressLine(sys.stderr, prefix=f"sudoku: {label}: ")
            self.line.update(report)

        return show

    def finish_puzzle(self) -> None:
        """Take the puzzle's own progress off the screen."""
        if self.line is not None:
            self.line.close()
            self.line = None
        if self.watched and self.bar is not None:
            self.bar.set_postfix_str("", refresh=False)
        self.watched = False

    def close(self) -> None:
        self.finish_puzzle()
        if self.bar is not None:
            self.bar.close()
            self.bar = None
            self.batch.note = self.batch._print


@contextlib.contextmanager
def _progress(enabled: bool, batch: _Batch) -> Iterator[_Progress]:
    """The progress display of a run (nothing unless standard error is a terminal)."""
    display = _Progress(enabled, batch)
    try:
        yield display
    finally:
        display.close()


def _solve_all(
    names: Sequence[str], options: argparse.Namespace, batch: _Batch, size: int | None
) -> None:
    """Read, solve (or count) and write the puzzles one at a time.

    With ``--jobs``, up to a few puzzles per worker are solved ahead in
    worker processes; answers are still written in input order, each as
    soon as it and every one before it are done.
    """
    first = True
    pictures = _Pictures(options)

    def deliver(source: str, puzzle: Puzzle, outcome: _Outcome) -> None:
        nonlocal first
        kind, value = outcome
        pictures.count += 1
        if kind == "fail":
            batch.fail(f"{_where(source, puzzle)}: {value}")
        elif kind == "line" or isinstance(value, int):
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
        display.advance()

    with (
        _progress(not options.no_progress, batch) as display,
        _pool(options.jobs) as (pool, workers),
    ):
        ahead: collections.deque[tuple[str, Puzzle, Future[_Outcome]]] = (
            collections.deque()
        )
        window = 4 * workers  # puzzles solved ahead of the one to print
        for name in names:
            stream = _open(name, batch)
            if stream is None:
                continue
            source = "<stdin>" if name == "-" else name
            for puzzle in _puzzles(name, stream, batch, size, required=True):
                if pool is None:
                    hook = display.hook(f"puzzle {puzzle.number}")
                    outcome = _answer(puzzle, options, hook)
                    display.finish_puzzle()
                    deliver(source, puzzle, outcome)
                    continue
                try:
                    future = pool.submit(_answer, puzzle, options)
                except BrokenExecutor:
                    # A worker died: the pool is done for; go on in this process.
                    batch.note("sudoku: a worker process died; going on without --jobs")
                    pool = None
                    while ahead:
                        deliver(*_settled(ahead.popleft()))
                    deliver(source, puzzle, _answer(puzzle, options))
                    continue
                ahead.append((source, puzzle, future))
                while len(ahead) >= window or (ahead and ahead[0][2].done()):
                    deliver(*_settled(ahead.popleft()))
        while ahead:
            deliver(*_settled(ahead.popleft()))
    pictures.close()


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
        options = self.options
        picture = to_svg(
            puzzle.text,
            solution,
            alphabet=options.alphabet,
            box=options.box,
            variant=options.variant,
            regions=options.region_map,
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
        try:
            with open(name, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as error:
            reason = error.strerror or str(error)
            raise OutputError(f"cannot write {name}: {reason}") from None


#: What solving one puzzle gives: ``("answer", grid or count)``,
#: ``("line", grade)`` or ``("fail", message)``.
_Outcome = tuple[str, str | int]


def _settled(
    entry: tuple[str, Puzzle, Future[_Outcome]],
) -> tuple[str, Puzzle, _Outcome]:
    source, puzzle, future = entry
    return source, puzzle, _result(future)


def _answer(
    puzzle: Puzzle,
    options: argparse.Namespace,
    progress: Callable[[Progress], None] | None = None,
) -> _Outcome:
    """The solution (or count) of one puzzle, or why there is none.

    Runs in a worker process with ``--jobs``: it only returns values.
    """
    if puzzle.error is not None:
        return "fail", puzzle.error
    try:
        if options.grade:
            return "line", str(
                grade(
                    puzzle.text,
                    alphabet=options.alphabet,
                    box=options.box,
                    variant=options.variant,
                    regions=options.region_map,
                    timeout=options.timeout,
                    progress=progress,
                )
            )
        if options.count:
            return "answer", count(
                puzzle.text,
                options.limit,
                alphabet=options.alphabet,
                box=options.box,
                variant=options.variant,
                regions=options.region_map,
                timeout=options.timeout,
                progress=progress,
            )
        answer = solve(
            puzzle.text,
            alphabet=options.alphabet,
            box=options.box,
            variant=options.variant,
            regions=options.region_map,
            unique=options.unique,
            timeout=options.timeout,
            progress=progress,
        )
        if options.pretty:
            jigsaw = options.region_map is not None
            alphabet = (
                options.alphabet
                or Grid.parse(puzzle.text, box=options.box, boxes=not jigsaw).alphabet
            )
            answer = format_grid(
                answer, alphabet=alphabet, box=options.box, regions=options.region_map
            )
        return "answer", answer
    except MultipleSolutionsError:
        if options.grade:
            return "fail", "more than one solution: --grade needs a unique one"
        return "fail", "more than one solution (--unique)"
    except BudgetExceeded as error:  # a SudokuError too: this one first
        return "fail", f"gave up: {error}"
    except SudokuError as error:
        return "fail", str(error)


@contextlib.contextmanager
def _pool(jobs: int | None) -> Iterator[tuple[ProcessPoolExecutor | None, int]]:
    """The worker processes of ``--jobs`` and how many (``None``, 0 without it).

    On the way out by an exception (Ctrl-C, SIGTERM, a closed pipe) the
    workers are ended at once rather than waited for: a hard puzzle could
    keep them busy for long.
    """
    if jobs is None:
        yield None, 0
        return
    workers = jobs or os.cpu_count() or 1
    pool = ProcessPoolExecutor(
        workers, mp_context=process_context(), initializer=ignore_interrupts
    )
    try:
        yield pool, workers
    except BaseException:
        processes = list(getattr(pool, "_processes", None) or {})
        pool.shutdown(wait=False, cancel_futures=True)
        for pid in processes:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        raise
    pool.shutdown(wait=True)


def _result(future: Future[_Outcome]) -> _Outcome:
    """A worker's outcome; a worker that died is a failure of its puzzle."""
    try:
        return future.result()
    except BrokenExecutor as error:
        return "fail", f"not solved: its worker process died ({type(error).__name__})"


def _check_all(
    names: Sequence[str], options: argparse.Namespace, batch: _Batch, size: int | None
) -> None:
    """Check each answer against its puzzle, reading both files in step."""
    puzzle_name, answer_name = names
    puzzle_stream = _open(puzzle_name, batch)
    answer_stream = _open(answer_name, batch)
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
    given = _puzzles(puzzle_name, puzzle_stream, batch, size)
    offered = _puzzles(answer_name, answer_stream, batch, size, count=False)
    wrong = puzzles = answers = 0
    for puzzle, answer in itertools.zip_longest(given, offered):
        puzzles += puzzle is not None
        answers += answer is not None
        if puzzle is None or answer is None:
            continue
        message = puzzle.error or answer.error
        if message is None:
            try:
                check(
                    puzzle.text,
                    answer.text,
                    alphabet=options.alphabet,
                    box=options.box,
                    variant=options.variant,
                    regions=options.region_map,
                )
            except SudokuError as error:
                message = str(error)
        if message is not None:
            wrong += 1
            batch.fail(
                f"{_where(answer_source, answer, 'solution')}: {message} "
                f"(puzzle {puzzle.number}, {puzzle.lines} of {puzzle_source})"
            )
        else:
            batch.answered += 1
    checked = min(puzzles, answers)
    missing, extra = puzzles - checked, answers - checked
    if answers == 0 and puzzles:
        batch.fail(
            f"{answer_source}: no solutions at all, but {puzzle_source} has "
            f"{counted(puzzles, 'puzzle')}"
        )
    elif missing:
        batch.fail(
            f"{answer_source} has only {counted(answers, 'solution')} but "
            f"{puzzle_source} has {counted(puzzles, 'puzzle')}: the last "
            f"{missing} {'has' if missing == 1 else 'have'} none"
        )
    elif extra:
        batch.fail(
            f"{puzzle_source} has {counted(puzzles, 'puzzle')} but {answer_source} "
            f"has {counted(answers, 'solution')}"
        )
    faults = [
        f"{n} {word}"
        for n, word in ((wrong, "wrong"), (missing, "missing"), (extra, "extra"))
        if n
    ]
    verdict = ", ".join(faults) or "all right"
    batch.write(f"{counted(checked, 'solution')} checked: {verdict}\n")


def _run(batch: _Batch, work: Callable[[], None], stopped: Callable[[str], str]) -> int:
    """Do ``work``; the exit status, whatever happens.

    SIGINT and SIGTERM end the run, with the line ``stopped(how)`` on
    standard error (``how``: "interrupted" or "terminated").  A failed
    write ends it with status 74, a closed pipe with 141, quietly.
    """
    signals = batch.signals
    try:
        with signals.installed(keep_ignored_sigint=True):
            try:
                if sys.stdout is None:
                    raise OutputError(_CLOSED_OUTPUT)
                work()
                return batch.status
            except KeyboardInterrupt:
                status = signals.status
            with contextlib.suppress(OutputError, OSError):  # the status stays
                clear_echoed_interrupt()  # the ^C the terminal echoed
                batch.note(stopped(signals.how))
            return status
    except BrokenPipeError:
        return end_closed_pipe()
    except OutputError as error:
        # No traceback, and nothing more fails at exit.
        silence(sys.stdout)
        if error.message is not None and sys.stderr is not None:
            with contextlib.suppress(OSError):
                sys.stderr.write(f"sudoku: {error.message}\n")
                sys.stderr.flush()
        return EXIT_OUTPUT


def _option_words(message: str) -> str:
    """A library message in the command's words (options, not parameters)."""
    return (
        message.replace("variant=", "--variant ")
        .replace("(regions=)", "(--regions)")
        .replace("regions=", "--regions ")
        .replace("the region map", "the map")
    )


def _region_map(parser: argparse.ArgumentParser, name: str) -> tuple[object, ...]:
    """The labels of a ``--regions`` file, or a usage error (status 2) naming it."""
    try:
        with open(name, encoding="utf-8-sig") as stream:
            text = stream.read(MAX_LINE * 4)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        parser.error(f"--regions {name}: cannot read: {reason}")
    lines = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    try:
        labels = read_region_map("\n".join(lines))
        size = isqrt(len(labels))
        if size * size != len(labels) or size < 1:
            raise SudokuError(
                f"the map has {counted(len(labels), 'cell')}, not N lines of N"
            )
        regions_of(size, None, None, labels)
    except SudokuError as error:
        parser.error(f"--regions {name}: {_option_words(str(error))}")
    return labels


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
        return _generate_main(arguments[1:])
    parser = _parser()
    options = parser.parse_args(arguments)
    if options.limit is not None and not options.count:
        parser.error("--limit only goes with --count")
    if options.check and len(options.files) != 2:
        parser.error("--check takes two files: PUZZLES SOLUTIONS")
    if options.unique and options.count:
        parser.error(
            "--unique does not go with --count (--count --limit 2 tells "
            "unique puzzles, 1, from the others, 2)"
        )
    if options.unique and options.grade:
        parser.error(
            "--unique does not go with --grade, which reports a puzzle with "
            "several solutions as bad anyway"
        )
    if options.unique and options.check:
        parser.error("--unique does not go with --check, which solves nothing")
    if options.check and options.jobs is not None:
        parser.error("--jobs does not go with --check, which solves nothing")
    if options.pretty and (options.count or options.check):
        parser.error(
            "--pretty prints solutions; it does not go with --count or --check"
        )
    if options.svg is not None and (options.count or options.check):
        parser.error("--svg draws solutions; it does not go with --count or --check")
    if options.svg == "":
        parser.error("--svg needs a file name")
    options.region_map = None
    size = None
    if options.regions is not None:
        if options.box is not None:
            parser.error(
                "--box does not go with --regions: the regions replace the boxes"
            )
        options.region_map = _region_map(parser, options.regions)
        size = isqrt(len(options.region_map))
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
            parser.error(f"{where}{_option_words(str(error))}")
    if options.box is not None:
        size = options.box[0] * options.box[1]
    if options.alphabet is not None:
        _check_alphabet_option(parser, options.alphabet)
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
        try:
            if options.region_map is None:
                box_shape(size, options.box)
        except SudokuError:
            parser.error(
                f"--alphabet has {counted(size, 'symbol')}, for {size}x{size} "
                "grids, which have no box shape of their own: give one with "
                "--box ROWSxCOLUMNS"
            )
    batch = _Batch()

    def work() -> None:
        if options.check:
            _check_all(options.files, options, batch, size)
        else:
            _solve_all(options.files or ["-"], options, batch, size)

    def stopped(how: str) -> str:
        plural = "" if batch.read == 1 else "s"
        return (
            f"sudoku: {how} after {batch.read} puzzle{plural} read: "
            f"{batch.answered} answered"
        )

    return _run(batch, work, stopped)


# -- sudoku generate ----------------------------------------------------------

GENERATE_DESCRIPTION = """\
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

GENERATE_EPILOG = """\
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
could not be written, 130 interrupted (Ctrl-C; the puzzles printed so far
stay), 141 closed pipe, 143 terminated.

examples:
  sudoku generate                          one minimal 9x9 puzzle
  sudoku generate --count 100 --seed 1     100 puzzles, the same every run
  sudoku generate --box 4x4 --blocks       a 16x16 puzzle, judge blocks
  sudoku generate --symmetry none --givens 24 --tries 50
  sudoku generate --variant x --count 5    five X-sudoku puzzles
  sudoku generate --regions map.txt        a jigsaw puzzle for map.txt
                                           (solve it: sudoku --regions
                                           map.txt puzzle.txt)"""


def _generate_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sudoku generate",
        description=GENERATE_DESCRIPTION,
        epilog=GENERATE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--box",
        type=_box,
        metavar="RxC",
        help="box shape, ROWS x COLUMNS: 2x2 (4x4 grids), 2x3 (6x6), 3x3 "
        "(9x9, the default), 3x4 (12x12), 4x4 (16x16), 5x5 (25x25)...",
    )
    _add_variant_options(parser, " and give the size")
    parser.add_argument(
        "--count", type=_positive, default=1, metavar="N", help="print N puzzles"
    )
    parser.add_argument(
        "--seed", type=_natural, metavar="S", help="make the run reproducible"
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="rotational",
        help="of the pattern of givens (default: rotational, 180 degrees)",
    )
    parser.add_argument(
        "--givens",
        type=_natural,
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
        type=_positive,
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


def _generate_main(argv: Sequence[str]) -> int:
    """Run ``sudoku generate``; return its exit status (see ``sudoku generate --help``)."""
    parser = _generate_parser()
    options = parser.parse_args(argv)
    options.region_map = None
    if options.regions is not None:
        if options.box is not None:
            parser.error(
                "--box does not go with --regions: the regions replace the "
                "boxes, and the map gives the size"
            )
        options.region_map = _region_map(parser, options.regions)
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
            parser.error(f"{where}{_option_words(str(error))}")
    if options.tries is not None and options.givens is None and options.grade is None:
        parser.error("--tries only goes with --givens or --grade")
    batch = _Batch()
    if size > 16 and not options.not_minimal:
        batch.note(
            f"sudoku generate: a minimal {size}x{size} puzzle may not finish "
            "for a very long time; "
            f"--not-minimal --givens {int(size * size * 0.52)} makes one in seconds"
        )
    base = options.seed
    if base is None:
        base = random.SystemRandom().randrange(1 << 32)
        if shows_progress(False if options.no_progress else None):
            batch.note(f"sudoku generate: --seed {base}")
    return _run(
        batch,
        lambda: _generate_all(options, base, batch),
        lambda how: (
            f"sudoku generate: {how} after {counted(batch.answered, 'puzzle')} printed"
        ),
    )


def _generate_all(options: argparse.Namespace, base: int, batch: _Batch) -> None:
    """Generate and print the puzzles, one at a time, each as soon as it is made."""
    size = (
        isqrt(len(options.region_map))
        if options.region_map is not None
        else options.box[0] * options.box[1]
    )
    with _progress(not options.no_progress, batch) as display:
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
