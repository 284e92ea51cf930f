"""The ``sudoku`` command (also ``python -m sudoku``): solve files of puzzles.

See :func:`main`, or run ``sudoku --help``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TextIO

from dlx import BudgetExceeded
from sudoku.errors import SudokuError
from sudoku.formats import Puzzle, format_solution, read_puzzles
from sudoku.grid import box_shape
from sudoku.solver import check, count, solve

__all__ = ["main"]

#: Exit statuses.
OK, BAD_PUZZLE, BAD_INPUT = 0, 1, 2
#: The status of a process that a closed pipe (SIGPIPE) ended.
CLOSED_PIPE = 128 + 13
#: The progress bar appears once a batch has taken this many seconds.
PROGRESS_DELAY = 0.5

DESCRIPTION = """\
Solve sudoku puzzles read from FILEs (standard input when there is none,
or for '-') and print their solutions in the same format.

Input formats, detected from the most common line length:
  * one puzzle per line, N*N characters (POJ 3074 for 9x9: 81 characters,
    '.' for a blank); any size with a box shape works (16 for 4x4, 36 for
    6x6, 256 for 16x16, 625 for 25x25);
  * blocks of N lines of N characters, separated by blank lines (POJ 3076 /
    UVA 1309 for 16x16: 'A'-'P' and '-').
A line 'end' ends the input.  Blanks are '.', '-', '_' and '0' (unless 0 is
a symbol).  Symbols: 1-9 for 9x9; A-P, 1-9A-G or 0-9A-F for 16x16; A-Y or
1-9A-P for 25x25; the alphabet is detected for each puzzle and kept in the
answer.

Output: one solution per line for line input; for block input, each
solution as N lines followed by one blank line (with --uva, a blank line
only between two solutions).  A puzzle that cannot be read or solved is
reported on standard error with its number and line; the others are still
solved and printed, in order."""

EPILOG = """\
exit status: 0 when every puzzle was solved (or counted, or checked right);
1 when some puzzle was bad, unsolvable, or had a wrong solution (--check);
2 for unusable input (not a puzzle format, unreadable file) or bad options;
141 when the output pipe was closed early (e.g. by 'head').

A progress bar is shown on standard error for batches that take more than
half a second, when standard error is a terminal and tqdm is installed
(pip install 'pydlx[progress]').

examples:
  sudoku puzzles.txt                  solve, one puzzle per line
  sudoku --uva < sudoku16.in          16x16 blocks, UVA 1309 blank lines
  sudoku --count --limit 2 grids.txt  1 for unique puzzles, 2 for several
  sudoku --check puzzles.in answers.out
  sudoku --box 2x3 six-by-six.txt     6x6 grids with 2x3 boxes"""


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


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a positive integer: {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return value


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
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--count",
        action="store_true",
        help="print the number of solutions of each puzzle, one per line",
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
    return parser


class _Batch:
    """Reports on standard error and remembers the worst exit status."""

    def __init__(self) -> None:
        self.status = OK
        self.note: Callable[[str], None] = self._print

    @staticmethod
    def _print(message: str) -> None:
        print(message, file=sys.stderr)

    def fail(self, message: str, status: int = BAD_PUZZLE) -> None:
        self.note(f"sudoku: {message}")
        self.status = max(self.status, status)


def _read(name: str, batch: _Batch, size: int | None) -> list[Puzzle] | None:
    """The puzzles of one input, or ``None`` (reported) when it is unusable."""
    source = "<stdin>" if name == "-" else name
    try:
        if name == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(name, "rb") as stream:
                data = stream.read()
    except OSError as error:
        batch.fail(f"{source}: cannot read: {error.strerror or error}", BAD_INPUT)
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        batch.fail(
            f"{source}: not text: byte {data[error.start]:#04x} at offset {error.start}",
            BAD_INPUT,
        )
        return None
    try:
        return read_puzzles(text, size=size)
    except SudokuError as error:
        batch.fail(f"{source}: {error}", BAD_INPUT)
        return None


def _where(source: str, puzzle: Puzzle, noun: str = "puzzle") -> str:
    return f"{source}: {noun} {puzzle.number} ({puzzle.lines})"


@contextlib.contextmanager
def _progress(total: int, enabled: bool, batch: _Batch) -> Iterator[Callable[[], None]]:
    """A callback that advances a progress bar on standard error, if one is wanted."""
    bar = None
    if enabled and total > 1 and sys.stderr.isatty():
        try:
            from tqdm import tqdm
        except ImportError:
            pass
        else:
            bar = tqdm(
                total=total,
                unit="puzzle",
                delay=PROGRESS_DELAY,
                leave=False,
                file=sys.stderr,
            )
    if bar is None:
        yield lambda: None
        return
    note = batch.note
    batch.note = lambda message: bar.write(message, file=sys.stderr)
    try:
        yield lambda: bar.update(1)
    finally:
        batch.note = note
        bar.close()


def _solve_all(
    inputs: Iterable[tuple[str, list[Puzzle]]],
    options: argparse.Namespace,
    batch: _Batch,
    out: TextIO,
) -> None:
    """Solve (or count) every puzzle and write the answers to ``out``."""
    puzzles = [(source, puzzle) for source, found in inputs for puzzle in found]
    first = True
    with _progress(len(puzzles), not options.no_progress, batch) as advance:
        for source, puzzle in puzzles:
            answer = _answer(source, puzzle, options, batch)
            if answer is not None:
                if isinstance(answer, int):
                    out.write(f"{answer}\n")
                else:
                    out.write(
                        format_solution(
                            answer, puzzle.layout, first=first, uva=options.uva
                        )
                    )
                    first = False
            advance()


def _answer(
    source: str, puzzle: Puzzle, options: argparse.Namespace, batch: _Batch
) -> str | int | None:
    """The solution (or count) of one puzzle; ``None`` after reporting a failure."""
    if puzzle.error is not None:
        batch.fail(f"{_where(source, puzzle)}: {puzzle.error}")
        return None
    try:
        if options.count:
            return count(
                puzzle.text,
                options.limit,
                alphabet=options.alphabet,
                box=options.box,
                timeout=options.timeout,
            )
        return solve(
            puzzle.text,
            alphabet=options.alphabet,
            box=options.box,
            unique=options.unique,
            timeout=options.timeout,
        )
    except SudokuError as error:
        batch.fail(f"{_where(source, puzzle)}: {error}")
    except BudgetExceeded as error:
        batch.fail(f"{_where(source, puzzle)}: gave up: {error}")
    return None


def _check_all(
    puzzles: tuple[str, list[Puzzle]],
    answers: tuple[str, list[Puzzle]],
    options: argparse.Namespace,
    batch: _Batch,
    out: TextIO,
) -> None:
    """Check each answer against its puzzle; write a summary to ``out``."""
    puzzle_source, given = puzzles
    answer_source, offered = answers
    if len(given) != len(offered):
        batch.fail(
            f"{puzzle_source} has {len(given)} puzzles but {answer_source} "
            f"has {len(offered)} solutions"
        )
    wrong = 0
    for puzzle, answer in zip(given, offered, strict=False):
        message = puzzle.error or answer.error
        if message is None:
            try:
                check(
                    puzzle.text, answer.text, alphabet=options.alphabet, box=options.box
                )
            except SudokuError as error:
                message = str(error)
        if message is not None:
            wrong += 1
            batch.fail(
                f"{_where(answer_source, answer, 'solution')}: {message} "
                f"(puzzle {puzzle.number}, {puzzle.lines} of {puzzle_source})"
            )
    checked = min(len(given), len(offered))
    verdict = "all right" if not wrong else f"{wrong} wrong"
    out.write(f"{checked} solutions checked: {verdict}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sudoku`` command; return its exit status.

    Reads puzzles from the files named in ``argv`` (standard input when
    there is none) and writes solutions, counts or a check summary to
    standard output; ``sudoku --help`` tells everything.  Never raises for
    bad input: every problem is a message on standard error and an exit
    status (0 all good, 1 a bad puzzle, 2 unusable input, 141 closed pipe).

    :param argv: the arguments, without the program name (``None``: the
        process's own).
    :returns: the exit status.

    >>> import pathlib, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = pathlib.Path(folder, "four.txt")
    >>> _ = path.write_text("1......2..4..3..\\n" + "." * 16 + "\\n")
    >>> main(["--count", str(path)])
    1
    288
    0
    """
    parser = _parser()
    options = parser.parse_args(argv)
    if options.limit is not None and not options.count:
        parser.error("--limit only goes with --count")
    if options.check and len(options.files) != 2:
        parser.error("--check takes two files: PUZZLES SOLUTIONS")
    size = None
    if options.box is not None:
        size = options.box[0] * options.box[1]
    if options.alphabet is not None:
        _check_alphabet_option(parser, options.alphabet)
        if size is not None and len(options.alphabet) != size:
            parser.error(
                f"--alphabet has {len(options.alphabet)} symbols but --box "
                f"{options.box[0]}x{options.box[1]} makes {size}x{size} grids"
            )
        size = len(options.alphabet)
        try:
            box_shape(size, options.box)
        except SudokuError as error:
            parser.error(str(error))
    batch = _Batch()
    out = sys.stdout
    try:
        inputs: list[tuple[str, list[Puzzle]]] = []
        for name in options.files or ["-"]:
            found = _read(name, batch, size)
            if found is not None:
                inputs.append(("<stdin>" if name == "-" else name, found))
        if options.check:
            if len(inputs) == 2:
                _check_all(inputs[0], inputs[1], options, batch, out)
        else:
            _solve_all(inputs, options, batch, out)
        out.flush()
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, and keep Python
        # from complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        return CLOSED_PIPE
    except KeyboardInterrupt:
        return 128 + 2
    return batch.status
