"""The run of a sudoku command: a batch of puzzles answered one at a time.

Both commands, solving (:mod:`sudoku.cli`) and ``sudoku generate``
(:mod:`sudoku.generate_cli`), write each answer as soon as it is made,
report bad puzzles on standard error, show their progress, and end with
the exit status of :mod:`dlx.commands` whatever happens.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

from dlx import Progress
from dlx.commands import (
    EXIT_BAD_INPUT,
    EXIT_BAD_PUZZLE,
    EXIT_BUDGET,
    EXIT_OK,
    EXIT_OUTPUT,
    OutputError,
    StopSignals,
    clear_echoed_interrupt,
    end_closed_pipe,
    final_status,
    on_stderr,
    say,
    shows_progress,
    silence,
    stderr_failed,
    writing,
)
from dlx.watch import ProgressLine, describe_progress, is_terminal, terminal_columns

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    _Report = TypeVar("_Report")

__all__ = [
    "PROGRESS_DELAY",
    "Batch",
    "PuzzleProgress",
    "progress_display",
    "run_batch",
    "worse_status",
]

#: The progress bar appears once a batch has taken this many seconds.
PROGRESS_DELAY = 0.5

_CLOSED_OUTPUT = "cannot write to standard output: it is closed"

#: How grave each status of a batch's puzzles is: unusable input (2) above
#: a budget run out (3) above a bad puzzle (1).
_GRAVITY = {EXIT_OK: 0, EXIT_BAD_PUZZLE: 1, EXIT_BUDGET: 2, EXIT_BAD_INPUT: 3}


def worse_status(status: int, other: int) -> int:
    """The graver of two statuses of a batch: 2 (unusable input), then 3 (a budget), then 1.

    >>> worse_status(1, 3), worse_status(3, 2), worse_status(0, 1)
    (3, 2, 1)
    """
    return max(status, other, key=lambda s: _GRAVITY.get(s, s))


class Batch:
    """Writes answers and reports, counts puzzles, and remembers the worst status.

    Every answer is flushed at once, so that answers appear as puzzles are
    solved and an interrupted run keeps them.  An error writing standard
    output raises :class:`~dlx.commands.OutputError`, or
    :class:`BrokenPipeError` for a closed pipe.  Standard error is written
    best effort (:func:`~dlx.commands.on_stderr`): when it fails the
    puzzles are still answered, and a run that would end with status 0
    ends with 74.
    """

    def __init__(self, name: str = "sudoku") -> None:
        #: The command's name, which begins every line it says.
        self.name = name
        self.status = EXIT_OK
        self.read = 0
        self.answered = 0
        #: Lines skipped as part of no grid (each also reported as bad).
        self.skipped = 0
        #: SIGINT and SIGTERM, which end the run (see :func:`run_batch`).
        self.signals = StopSignals()
        self.note: Callable[[str], None] = self._print

    @staticmethod
    def _print(message: str) -> None:
        say(message)

    def fail(self, message: str, status: int = EXIT_BAD_PUZZLE) -> None:
        """Report ``message`` on standard error; the run's status is at least ``status``.

        (:func:`worse_status`: 2, unusable input, outranks 3, a budget run
        out, which outranks 1, a bad puzzle.)
        """
        self.note(f"{self.name}: {message}")
        self.status = worse_status(self.status, status)

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


class PuzzleProgress:
    """What the command shows on standard error while it works.

    A tqdm bar counts the puzzles of a batch (when tqdm is installed and
    standard error is a terminal); a puzzle whose search runs for over a
    second shows how far its search has come (:class:`dlx.Progress`, or a
    solve by hand's report): in the bar, or, without it, on a line of its
    own (:meth:`dlx.watch.ProgressLine.show`) that is cleared when the
    puzzle is done.

    :param enabled: whether progress may be shown (not ``--no-progress``):
        on a terminal only, unless ``always`` (``--progress``: into a file
        or pipe too, one line a report).
    """

    def __init__(self, enabled: bool, batch: Batch, always: bool = False) -> None:
        self.batch = batch
        self.bar: Any = None
        self.line: ProgressLine | None = None
        self.watched = False  # the puzzle's search has reported
        err = sys.stderr
        self.enabled = shows_progress((True if always else None) if enabled else False)
        if self.enabled and err is not None and is_terminal(err):
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
                    ncols=max(20, terminal_columns() - 3),
                )
                batch.note = self._note

    def _note(self, message: str) -> None:
        """A message written above the bar."""
        self._draw(lambda: self.bar.write(message, file=sys.stderr))
        if not self.enabled:  # standard error failed (or the bar is gone)
            say(message)

    def _draw(self, draw: Callable[[], object]) -> None:
        """Draw, best effort: a standard error that fails ends the display."""
        if not self.enabled:
            return
        with on_stderr():
            draw()
        if stderr_failed():
            self.enabled = False
            self.bar = None
            self.line = None
            self.batch.note = self.batch._print

    def advance(self) -> None:
        """One more puzzle done."""
        self.finish_puzzle()
        if self.bar is not None:
            self._draw(lambda: self.bar.update(1))

    def hook(self, label: str) -> Callable[[Progress], None] | None:
        """The progress hook for the search of one puzzle (``None``: none wanted)."""
        return self.text_hook(label, describe_progress)

    def text_hook(
        self, label: str, describe: Callable[[_Report], str]
    ) -> Callable[[_Report], None] | None:
        """The progress hook for one puzzle, whose reports ``describe`` puts in words (``None``: none wanted).

        The words go in the bar, or on a line of their own after
        the command's name and ``LABEL: `` (``sudoku: puzzle 3: ``).
        """
        if not self.enabled:
            return None

        def show(report: _Report) -> None:
            self.watched = True
            text = describe(report)
            self._draw(lambda: draw(text))

        def draw(text: str) -> None:
            if self.bar is not None:
                self.bar.set_postfix_str(f"{label}: {text}")
                return
            if self.line is None:
                self.line = ProgressLine(
                    sys.stderr, prefix=f"{self.batch.name}: {label}: "
                )
            self.line.show(text)

        return show

    def finish_puzzle(self) -> None:
        """Take the puzzle's own progress off the screen."""
        line, self.line = self.line, None
        if line is not None:
            self._draw(line.close)
        if self.watched and self.bar is not None:
            self._draw(lambda: self.bar.set_postfix_str("", refresh=False))
        self.watched = False

    def close(self) -> None:
        self.finish_puzzle()
        bar, self.bar = self.bar, None
        if bar is not None:
            self._draw(bar.close)
            self.batch.note = self.batch._print


@contextlib.contextmanager
def progress_display(
    enabled: bool, batch: Batch, always: bool = False
) -> Iterator[PuzzleProgress]:
    """The progress display of a run (nothing unless standard error is a terminal, or ``always``)."""
    display = PuzzleProgress(enabled, batch, always)
    try:
        yield display
    finally:
        display.close()


def run_batch(
    batch: Batch, work: Callable[[], None], stopped: Callable[[str], str]
) -> int:
    """Do ``work``; the exit status, whatever happens.

    SIGINT and SIGTERM end the run, with the line ``stopped(how)`` on
    standard error (``how``: "interrupted" or "terminated").  A failed
    write ends it with status 74, a closed pipe with 141, quietly.  A
    standard error that fails does not end it, but turns a status 0 into
    74 (:func:`~dlx.commands.final_status`).
    """
    signals = batch.signals
    try:
        with signals.installed():
            try:
                if sys.stdout is None:
                    raise OutputError(_CLOSED_OUTPUT)
                work()
                return final_status(batch.status)
            except KeyboardInterrupt:
                status = signals.status
            with contextlib.suppress(OutputError, OSError):  # the status stays
                clear_echoed_interrupt()  # the ^C the terminal echoed
                batch.note(stopped(signals.how))
            return final_status(status)
    except BrokenPipeError:
        return end_closed_pipe()
    except OutputError as error:
        # No traceback, and nothing more fails at exit.
        silence(sys.stdout)
        if error.message is not None:
            with contextlib.suppress(OSError):
                say(f"{batch.name}: {error.message}")
        return EXIT_OUTPUT
