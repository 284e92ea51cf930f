"""The plumbing that the ``dlx`` and ``sudoku`` commands share.

Both commands read options, run for a while, print as they go, and must
end in a one-line message and a documented exit status whatever happens:
a bad option, Ctrl-C or SIGTERM, a full disk, a reader that goes away.
What they do alike is written here once:

* the exit statuses (:data:`EXIT_OK` ...), one set of names for both;
* signals as stop requests (:class:`StopSignals`): SIGINT and SIGTERM ask
  a running search to stop, or end the run; :func:`ignore_interrupts`
  for worker processes, and :func:`process_context` to start them;
* failed output (:class:`OutputError`, :func:`writing`) and closed pipes
  (:func:`end_closed_pipe`);
* the parsers (:func:`command_parser`), argument types for
  :mod:`argparse` (:func:`whole_number`, :func:`seconds`) and
  ``--version`` (:func:`add_version`);
* the progress line on standard error (:func:`shows_progress`, with
  :class:`dlx.watch.ProgressLine`) and the line a terminal's ``^C``
  leaves (:func:`clear_echoed_interrupt`).

Checkpoints are written with :func:`dlx.watch.write_atomically`.  The
library itself never uses this module.
"""

from __future__ import annotations

import argparse
import errno
import importlib.metadata
import multiprocessing
import multiprocessing.context
import os
import re
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import NoReturn, Protocol, TextIO

from dlx.watch import clear_line, is_terminal

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_BAD_PUZZLE",
    "EXIT_BUDGET",
    "EXIT_CLOSED_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_NO_MEMORY",
    "EXIT_OK",
    "EXIT_OUTPUT",
    "EXIT_TERMINATED",
    "EXIT_WORKER_LOST",
    "HELP_WIDTH",
    "OutputError",
    "StopSignals",
    "Stoppable",
    "Terminated",
    "add_version",
    "clear_echoed_interrupt",
    "command_parser",
    "end_closed_pipe",
    "ignore_interrupts",
    "is_closed_pipe",
    "process_context",
    "say",
    "seconds",
    "shows_progress",
    "silence",
    "version",
    "whole_number",
    "writing",
]

# -- exit statuses -------------------------------------------------------------------

#: All done (``dlx``: the search finished; ``sudoku``: every puzzle answered).
EXIT_OK = 0
#: ``sudoku``: some puzzle was bad, unsolvable or timed out; the others were
#: answered.
EXIT_BAD_PUZZLE = 1
#: Unusable input or options (argparse's own status for a usage error).
EXIT_BAD_INPUT = 2
#: ``dlx``: a budget (``--max-nodes``, ``--timeout``) stopped the search.
EXIT_BUDGET = 3
#: ``dlx``: a worker process of ``--jobs`` was lost (EX_SOFTWARE of sysexits.h).
EXIT_WORKER_LOST = 70
#: ``dlx``: out of memory.
EXIT_NO_MEMORY = 71
#: The output could not be written (EX_IOERR of sysexits.h).
EXIT_OUTPUT = 74
#: Interrupted by SIGINT (Ctrl-C): 128 + the signal's number.
EXIT_INTERRUPTED = 128 + signal.SIGINT
#: Terminated by SIGTERM: 128 + the signal's number.
EXIT_TERMINATED = 128 + signal.SIGTERM
#: The reader of the output went away (EPIPE): what SIGPIPE would give.
EXIT_CLOSED_PIPE = 128 + 13

# -- signals -------------------------------------------------------------------------


class Terminated(KeyboardInterrupt):
    """What SIGTERM raises in a command, as SIGINT raises :class:`KeyboardInterrupt`."""

    def __init__(self) -> None:
        super().__init__("terminated")


class Stoppable(Protocol):
    """What a signal can ask to stop: a search (:meth:`dlx.Search.request_stop`)."""

    def request_stop(self) -> None: ...


class StopSignals:
    """SIGINT (Ctrl-C) and SIGTERM as requests to stop, while :meth:`installed`.

    The first signal asks :attr:`target` to stop when there is one (a
    running search, which then ends cleanly with :class:`dlx.Interrupted`).
    Otherwise, and for a second signal, it raises :class:`KeyboardInterrupt`
    (SIGINT) or :class:`Terminated` (SIGTERM, a KeyboardInterrupt too), at
    once or, inside :meth:`held`, when that ends.  :attr:`status` and
    :attr:`how` tell the first signal's exit status and word.

    >>> signals = StopSignals()
    >>> try:
    ...     with signals.held():
    ...         signals.handle(signal.SIGTERM, None)
    ...         print("held")
    ... except Terminated:
    ...     print("raised at the end")
    held
    raised at the end
    >>> signals.status, signals.how
    (143, 'terminated')
    """

    def __init__(self) -> None:
        #: Asked to stop by the first signal (``None``: a signal raises).
        self.target: Stoppable | None = None
        #: The signals received, first first.
        self.received: list[int] = []
        self._holding = False
        self._pending: KeyboardInterrupt | None = None

    def handle(self, signum: int, frame: FrameType | None) -> None:
        """The signal handler."""
        self.received.append(signum)
        if self.target is not None and len(self.received) == 1:
            self.target.request_stop()
            return
        # Nothing to stop (or a second signal): stop now.
        error = Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()
        if self._holding:
            if self._pending is None:
                self._pending = error
            return
        raise error

    @property
    def status(self) -> int:
        """The exit status of the first signal (``EXIT_INTERRUPTED`` if none)."""
        if self.received and self.received[0] == signal.SIGTERM:
            return EXIT_TERMINATED
        return EXIT_INTERRUPTED

    @property
    def how(self) -> str:
        """``"terminated"`` or ``"interrupted"``, as :attr:`status` says."""
        return "terminated" if self.status == EXIT_TERMINATED else "interrupted"

    @contextmanager
    def held(self) -> Iterator[None]:
        """Keep a signal that comes while inside from raising until the end.

        For what must be done whole: an answer written and counted, a
        checkpoint saved.
        """
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
        if self._pending is not None:
            error, self._pending = self._pending, None
            raise error

    @contextmanager
    def installed(self, *, keep_ignored_sigint: bool = False) -> Iterator[None]:
        """Handle SIGINT and SIGTERM with :meth:`handle` while inside.

        Handlers can only be set in the main thread; elsewhere nothing
        changes.

        :param keep_ignored_sigint: leave SIGINT alone when its handler is
            not Python's default (ignored, say, by ``nohup``): ``sudoku``
            does, ``dlx`` catches SIGINT always.
        """
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        wanted = [signal.SIGINT, signal.SIGTERM]
        if (
            keep_ignored_sigint
            and signal.getsignal(signal.SIGINT) is not signal.default_int_handler
        ):
            wanted.remove(signal.SIGINT)
        previous = {signum: signal.signal(signum, self.handle) for signum in wanted}
        try:
            yield
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)


def ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process, which stops cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_context() -> multiprocessing.context.BaseContext:
    """How the commands start worker processes: never by a plain ``fork``.

    A process that already has threads (a broken pool's manager thread, a
    Dask client, a progress bar) can deadlock a child it forks; the
    ``forkserver`` method (POSIX) or ``spawn`` starts workers from a clean
    process instead.

    >>> process_context().get_start_method() in ("forkserver", "spawn")
    True
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context(
        "forkserver" if "forkserver" in methods else "spawn"
    )


def clear_echoed_interrupt() -> None:
    """Blank the ``^C`` a terminal echoed on standard error (if there is one)."""
    if sys.stderr is not None:
        clear_line(sys.stderr)


# -- output --------------------------------------------------------------------------


class OutputError(Exception):
    """Something could not be written: the run ends with :data:`EXIT_OUTPUT`.

    :ivar message: what to say on standard error, without the command's
        name (``None``: nothing, as when standard error is what failed).

    >>> with writing("standard output"):
    ...     raise OSError(errno.ENOSPC, "No space left on device")
    Traceback (most recent call last):
      ...
    dlx.commands.OutputError: cannot write to standard output: No space left on device
    """

    def __init__(self, message: str | None) -> None:
        super().__init__(message)
        self.message = message


def is_closed_pipe(error: OSError) -> bool:
    """Whether a failed write means that the reader went away (EPIPE)."""
    return isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE


@contextmanager
def writing(what: str) -> Iterator[None]:
    """Turn a failed write into :class:`OutputError` naming ``what``.

    A closed pipe becomes (or stays) :class:`BrokenPipeError`, which the
    command ends with :func:`end_closed_pipe`.
    """
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        if is_closed_pipe(error):
            raise BrokenPipeError(*error.args) from None
        reason = error.strerror or str(error) or type(error).__name__
        raise OutputError(f"cannot write to {what}: {reason}") from None


def say(message: str) -> None:
    """Write ``message`` as a line on standard error, if there is one.

    :raises OSError: when it cannot be written.
    """
    stream = sys.stderr
    if stream is not None:
        stream.write(message + "\n")
        stream.flush()


def silence(*streams: TextIO | None) -> None:
    """Point the streams' file descriptors at /dev/null.

    After a failed write, so that nothing more fails on them (Python's
    flush at exit would otherwise complain).  Streams without a file
    descriptor are left alone.
    """
    for stream in streams:
        if stream is None:
            continue
        with suppress(OSError, ValueError):
            fd = stream.fileno()
            devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(devnull, fd)
            finally:
                os.close(devnull)


def end_closed_pipe() -> int:
    """End a run whose reader went away: quietly, as SIGPIPE would.

    :returns: :data:`EXIT_CLOSED_PIPE`.
    """
    silence(sys.stdout, sys.stderr)
    return EXIT_CLOSED_PIPE


# -- options -------------------------------------------------------------------------


def whole_number(least: int | None = 0) -> Callable[[str], int]:
    """An :mod:`argparse` type: a whole number, at least ``least`` (``None``: any).

    Both commands word a refused value alike (see :func:`command_parser`,
    which puts the option's name first): what is accepted, then the text.

    >>> whole_number(1)("0")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: must be a whole number from 1 up, not '0'
    >>> whole_number(None)("-3")
    -3
    """

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is not None and (least is None or value >= least):
            return value
        wanted = (
            "a whole number" if least is None else f"a whole number from {least} up"
        )
        raise argparse.ArgumentTypeError(f"must be {wanted}, not {text!r}")

    return read


def seconds(positive: bool = False) -> Callable[[str], float]:
    """An :mod:`argparse` type: a number of seconds, not negative (or ``positive``).

    Worded as :func:`whole_number` words its refusals.

    >>> seconds(positive=True)("0")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: must be a number of seconds above 0, not '0'
    >>> seconds()("1.5")
    1.5
    """

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = None
        if value is not None and value >= 0 and (value > 0 or not positive):
            return value
        wanted = "above 0" if positive else "from 0 up"
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds {wanted}, not {text!r}"
        )

    return read


class _Parser(argparse.ArgumentParser):
    """A parser whose refused values name the option first: ``--limit must be ...``.

    :mod:`argparse` says ``argument --limit: must be ...``; the commands'
    own checks say ``--limit only goes with --count``, and so, now, do
    the argument types.
    """

    def error(self, message: str) -> NoReturn:
        found = re.fullmatch(r"argument (\S+): (must be .*)", message, re.DOTALL)
        if found is not None:
            message = f"{found[1]} {found[2]}"
        super().error(message)


#: The widest help: lines of at most 79 columns, even in a wide terminal.
HELP_WIDTH = 79


def _formatter(prog: str) -> argparse.HelpFormatter:
    columns = min(shutil.get_terminal_size().columns, HELP_WIDTH + 1)
    return argparse.RawDescriptionHelpFormatter(prog, width=columns - 2)


def command_parser(prog: str, description: str, epilog: str) -> argparse.ArgumentParser:
    """The parser of a command whose help texts are printed as written.

    Options are wrapped to the terminal, but never past 79 columns (the
    texts given here must keep to that too); refused values are worded as
    :func:`whole_number` says.
    """
    return _Parser(
        prog=prog,
        description=description,
        epilog=epilog,
        formatter_class=_formatter,
    )


def version() -> str:
    """The version of pydlx: the installed one, or the source tree's."""
    try:
        return importlib.metadata.version("pydlx")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree
        from dlx import __version__

        return __version__


def add_version(parser: argparse.ArgumentParser, name: str) -> None:
    """Give ``parser`` the option ``--version``: ``NAME (pydlx) VERSION``."""
    parser.add_argument(
        "--version", action="version", version=f"{name} (pydlx) {version()}"
    )


def shows_progress(choice: bool | None) -> bool:
    """Whether to draw a progress line on standard error.

    :param choice: ``True`` always (when there is a standard error),
        ``False`` never, ``None`` when standard error is a terminal.
    """
    stream = sys.stderr
    if stream is None or choice is False:
        return False
    return choice is True or is_terminal(stream)
