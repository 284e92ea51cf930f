"""Showing a long search's progress on a terminal, and saving files safely.

Used by the ``dlx`` and ``sudoku`` commands; the library itself only calls
a progress hook (see :class:`dlx.Progress`).
"""

from __future__ import annotations

import contextlib
import os
import sys
import time

from dlx.stats import Progress

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    # json, pathlib, re and tempfile are imported where used: a run
    # that shows no progress and saves nothing needs none of them.
    import re
    from pathlib import Path
    from types import ModuleType
    from typing import Any, TextIO

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None

__all__ = [
    "END_OF_INPUT",
    "SHOWN_AFTER",
    "STALE_SECONDS",
    "ProgressLine",
    "clear_line",
    "describe_progress",
    "is_terminal",
    "remove_stale_temporaries",
    "temporary_names",
    "terminal_columns",
    "write_atomically",
    "write_text_atomically",
]


def _duration(seconds: float) -> str:
    """A rough, readable duration: ``"45 s"``, ``"12 min"``, ``"3.5 h"``, ``"2.1 days"``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:.1f} days"
    return f"{seconds / (365.25 * 86400):.2g} years"


def _rate(value: float) -> str:
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= limit:
            return f"{value / limit:.1f} {suffix}"
    return f"{value:.0f}"


def describe_progress(report: Progress) -> str:
    """One line saying how far a search has come.

    :param report: the search's latest progress report.
    :returns: the line, without a line end.

    >>> describe_progress(Progress(nodes=2_000_000, updates=9_000_000,
    ...     solutions=1, elapsed=4.0, depth=7, fraction=0.25, remaining=12.0))
    '1 solution, 2000000 nodes at 500.0 k/s, 25.00 % done, about 12 s left'
    """
    plural = "" if report.solutions == 1 else "s"
    rate = report.nodes / report.elapsed if report.elapsed > 0 else 0.0
    left = (
        "time left unknown"
        if report.remaining is None
        else f"about {_duration(report.remaining)} left"
    )
    return (
        f"{report.solutions} solution{plural}, {report.nodes} nodes at "
        f"{_rate(rate)}/s, {100 * report.fraction:.2f} % done, {left}"
    )


#: On a terminal, a search's progress is shown once it has run this many
#: seconds (``ProgressLine(..., shown_after=SHOWN_AFTER)``): the reports
#: before then are the ends of short searches (the first regular one comes
#: after a second), drawn only to be wiped.
SHOWN_AFTER = 1.0


class ProgressLine:
    """A progress display on a stream: a tqdm bar, a line redrawn in place, or lines.

    On a terminal it uses tqdm for a search's reports (:meth:`update`)
    when it is installed (the ``progress`` extra; one bar, made at the
    first report and gone once closed) and otherwise redraws one line
    with a carriage return; on anything else (a file, a pipe) it writes
    one line per report.  ``show`` draws any text the way a report
    is drawn without tqdm.  :meth:`close` ends the display so that later
    messages start on a line of their own.

    With ``shown_after`` (a command passes ``SHOWN_AFTER``), a report
    of work that has run under that many seconds is not drawn on a
    terminal, so that nothing flashes at the end of a search of
    milliseconds; into a file or a pipe it is written (the last report
    comes at the end).  Into a file or a pipe the same line is never
    written twice in a row.

    :param stream: where to draw (standard error for the commands).
    :param prefix: what each line starts with, e.g. ``"dlx: "``.
    :param shown_after: the seconds a search runs before a terminal shows
        its reports (0: from the first).

    >>> import io
    >>> out = io.StringIO()
    >>> line = ProgressLine(out, prefix="dlx: ")
    >>> line.update(Progress(10, 40, 0, 1.0, 2, 0.5, 1.0))
    >>> line.close()
    >>> out.getvalue()
    'dlx: 0 solutions, 10 nodes at 10/s, 50.00 % done, about 1 s left\\n'
    """

    def __init__(
        self, stream: TextIO, prefix: str = "", *, shown_after: float = 0.0
    ) -> None:
        self.stream = stream
        self.prefix = prefix
        self.shown_after = shown_after
        self.terminal = is_terminal(stream)
        self._bar: Any = None
        self._bar_made = False  # one bar at most, at the first report
        self._width = 0
        self._last = ""  # the last line written into a file or a pipe

    def update(self, report: Progress) -> None:
        """Show ``report``: in a tqdm bar on a terminal where tqdm is installed, else as ``show`` draws.

        On a terminal, nothing before the search has run ``shown_after``
        seconds.

        :param report: the latest progress report.
        """
        if self.terminal and report.elapsed < self.shown_after:
            return
        text = describe_progress(report)
        if self.terminal and not self._bar_made:
            self._bar_made = True
            self._bar = _bar(self.stream, self.prefix)
        if self._bar is None:
            self.show(text)
            return
        # The counts before the bar, the fraction of the tree after it.
        counts, _, rest = text.partition(" % done")
        counts = counts.rsplit(", ", 1)[0]
        self._bar.n = 100.0 * report.fraction
        self._bar.set_description_str(f"{self.prefix}{counts}{rest} ", refresh=False)
        self._bar.refresh()

    def show(self, text: str, elapsed: float | None = None) -> None:
        """Draw ``text`` (after the prefix) in place of the last one, as a report without tqdm is drawn.

        On a terminal the line is redrawn in place with a carriage return,
        cut to the terminal's width (room left for the ``^C`` it echoes)
        and padded over a longer line before it, and nothing is drawn
        while ``elapsed`` (the seconds the work has run, when given) is
        under ``shown_after``; into a file or a pipe each text is a
        line of its own, unless it is the line just written.  Never a
        tqdm bar: a bar that :meth:`update` drew is taken down first.

        :param text: what to show, without a line end.
        :param elapsed: the seconds the work reported has run, if known.

        >>> import io
        >>> out = io.StringIO()
        >>> line = ProgressLine(out, prefix="sudoku: puzzle 3: ")
        >>> line.show("12 steps"); line.show("13 steps"); line.show("13 steps")
        >>> line.close()
        >>> out.getvalue()
        'sudoku: puzzle 3: 12 steps\\nsudoku: puzzle 3: 13 steps\\n'
        """
        if self.terminal and elapsed is not None and elapsed < self.shown_after:
            return
        if self._bar is not None:
            self._close_bar()
        line = self.prefix + text
        if self.terminal:
            line = line[: max(20, terminal_columns() - 3)]
            pad = max(0, self._width - len(line))
            self._width = len(line)
            self.stream.write("\r" + line + " " * pad)
        elif line == self._last:
            return  # nothing new (the end of a search, as its last report)
        else:
            self._last = line
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the display (a finished line, or the bar removed)."""
        if self._bar is not None:
            self._close_bar()
        elif self.terminal and self._width:
            clear_line(self.stream)
            self._width = 0

    def _close_bar(self) -> None:
        self._bar.close()
        self._bar = None
        clear_line(self.stream)  # tqdm leaves a line with an echoed ^C


def _bar(stream: TextIO, prefix: str) -> Any:
    """A tqdm bar on ``stream`` for the reports of a search, or ``None`` without tqdm."""
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(
        total=100.0,
        file=stream,
        leave=False,
        bar_format="{desc}{bar}| {percentage:.1f} %",
        desc=prefix,
        # Room at the end for the "^C" a terminal echoes.
        ncols=max(20, terminal_columns() - 3),
    )


def clear_line(stream: TextIO) -> None:
    """Blank the current line of a terminal (and the ``^C`` it may have echoed).

    Does nothing when ``stream`` is not a terminal.

    :param stream: the stream, usually standard error.

    >>> import io
    >>> clear_line(io.StringIO())
    """
    if is_terminal(stream):
        width = terminal_columns() - 1
        stream.write("\r" + " " * width + "\r")
        stream.flush()


def terminal_columns() -> int:
    """The terminal's width, as ``shutil.get_terminal_size().columns`` gives it.

    ``$COLUMNS`` when it is a positive number, else the width of the
    terminal of the original standard output, else 80.  Both commands ask
    for it whenever they make their parser (:func:`dlx.commands.command_parser`
    wraps the help to it): ``shutil`` would bring its compression
    modules into every start for these few lines (issue 31's start-up).

    >>> import shutil
    >>> terminal_columns() == shutil.get_terminal_size().columns
    True
    """
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80
    return size.columns or 80


#: How a person ends what they type on a terminal, for the hint a command
#: gives when it reads standard input from one (``dlx``, ``sudoku``).
END_OF_INPUT = (
    "end it with Ctrl-Z and Enter"
    if os.name == "nt"
    else "end it with Ctrl-D at the start of a line"
)


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (``False`` when it cannot tell).

    :param stream: the stream, usually standard error.
    """
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def write_atomically(path: str | Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` so that a crash never leaves a damaged file.

    As :func:`write_text_atomically` writes text.

    :param path: the file.
    :param data: what to write (JSON-serialisable).
    :raises OSError: when the folder cannot be written.

    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp(), "state.json")
    >>> write_atomically(target, {"nodes": 3})
    >>> target.read_text()
    '{"nodes": 3}\\n'
    """
    import json

    write_text_atomically(path, json.dumps(data) + "\n")


def write_text_atomically(path: str | Path, text: str, *, sync: bool = True) -> None:
    """Write ``text`` to ``path`` so that no failure leaves a damaged file there.

    The text goes to a temporary file in the same folder, named
    ``.NAME.XXXXXXXX.tmp`` (:func:`temporary_names`), is flushed to disk
    (``fsync``, unless not ``sync``), then renamed over ``path`` (with the
    permissions that ``open(path, "w")`` would give it): readers
    see the old file or the new one, never a mixture, and a write that
    fails (a full disk, a file size limit) leaves ``path`` as it was.  The
    temporary file is locked while it is written, so that
    :func:`remove_stale_temporaries` can tell it from one that a killed
    process left behind.

    :param path: the file.
    :param text: what to write, as UTF-8.
    :param sync: whether to flush the file and the folder to disk (a
        crash of the machine can otherwise leave an empty file).
    :raises OSError: when the folder cannot be written.
    """
    import tempfile
    from pathlib import Path

    path = Path(path)
    folder = path.parent or Path(".")
    while True:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=folder
        )
        if _lock(handle) and _same_file(handle, temporary):
            break
        # Removed as stale between its creation and its lock: another name.
        os.close(handle)
    try:
        # mkstemp makes the file private (0600): give it the permissions
        # that open() would have.
        with contextlib.suppress(OSError):
            os.chmod(handle, _mode_for(path))
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            if sync:
                os.fsync(stream.fileno())
            os.replace(temporary, path)  # before the close drops the lock
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if not sync:
        return
    try:
        directory = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(directory)
    finally:
        os.close(directory)


def _mode_for(path: Path) -> int:
    """The permissions ``open(path, "w")`` gives: those of the file, or the umask's."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        pass
    try:  # Linux 4.7 and later: read without changing it
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


#: A temporary file older than this (in seconds) is stale where locks are
#: not to be had (no ``fcntl``, or a file system without locks).
STALE_SECONDS = 3600.0


def _lock(handle: int) -> bool:
    """Lock an open file for writing, without waiting.

    :returns: ``False`` when another process holds the lock; ``True`` when
        it is ours, or when this system has no locks (nothing to tell).
    """
    if fcntl is None:
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # no locks on this file system
        return True
    return True


def _same_file(handle: int, name: str | Path) -> bool:
    """Whether ``name`` still names the open file ``handle``."""
    try:
        there = os.stat(name)
    except OSError:
        return False
    here = os.fstat(handle)
    return (there.st_dev, there.st_ino) == (here.st_dev, here.st_ino)


def temporary_names(path: str | Path) -> re.Pattern[str]:
    """The names that :func:`write_text_atomically` gives its temporary files for ``path``.

    :param path: the file written.
    :returns: a pattern matching exactly those names (without the folder).

    >>> bool(temporary_names("run.json").fullmatch(".run.json.a1_b2c3d.tmp"))
    True
    >>> bool(temporary_names("run.json").fullmatch(".run.json.a1_b2c3d.tmp~"))
    False
    """
    import re
    from pathlib import Path

    # tempfile.mkstemp's random part: 8 characters of this set.
    return re.compile(re.escape(f".{Path(path).name}.") + r"[a-z0-9_]{8}\.tmp")


def remove_stale_temporaries(path: str | Path) -> list[Path]:
    """Remove the temporary files a killed writer left beside ``path``.

    A process killed while :func:`write_text_atomically` wrote ``path``
    (SIGKILL, a power cut) leaves its temporary file behind.  Only files
    whose names match :func:`temporary_names` exactly are considered, and
    of those only the stale ones: those that no live process holds locked
    (or, where locks are not to be had, older than
    :data:`STALE_SECONDS`).  A file being written now is left alone.

    :param path: the file written.
    :returns: the files removed.
    """
    from pathlib import Path

    path = Path(path)
    folder = path.parent or Path(".")
    pattern = temporary_names(path)
    removed: list[Path] = []
    try:
        names = [name for name in os.listdir(folder) if pattern.fullmatch(name)]
    except OSError:
        return removed
    for name in names:
        candidate = folder / name
        try:
            handle = os.open(candidate, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            if _is_stale(handle) and _same_file(handle, candidate):
                os.unlink(candidate)
                removed.append(candidate)
        except OSError:
            pass
        finally:
            os.close(handle)  # and its lock
    return removed


def _is_stale(handle: int) -> bool:
    """Whether the open temporary file ``handle`` was left by a dead writer."""
    if fcntl is not None:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # its writer is alive
        except OSError:
            pass  # no locks here: go by its age
        else:
            return True
    return time.time() - os.fstat(handle).st_mtime > STALE_SECONDS
