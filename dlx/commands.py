"""The plumbing that the ``dlx`` and ``sudoku`` commands share.

Both commands read options, run for a while, print as they go, and must
end in a one-line message and a documented exit status whatever happens:
a bad option, Ctrl-C or SIGTERM, a full disk, a reader that goes away.
What they do alike is written here once:

* the exit statuses (:data:`EXIT_OK` ...), one set of names for both;
* signals as stop requests (:class:`StopSignals`): SIGINT and SIGTERM ask
  a running search to stop, or end the run (a SIGINT ignored from the
  start, as in a shell's background job, stays ignored);
* worker processes (:func:`worker_pool`): they leave Ctrl-C to the
  command and end when it dies, even by SIGKILL (:func:`start_worker`);
* failed output (:class:`OutputError`, :func:`writing`) and closed pipes
  (:func:`end_closed_pipe`); standard error written best effort
  (:func:`say`, :func:`on_stderr`, :func:`stderr_failed`);
* refusing options that do not go together (:func:`check_options`, with
  the table of :mod:`dlx.ways`, and :func:`refuse`: one line, status 2);
* the parsers (:func:`command_parser`), argument types for
  :mod:`argparse` (:func:`whole_number`, :func:`seconds`),
  ``--version`` (:func:`add_version`), and options that say one thing
  (:class:`Once`, :func:`register_once`): argparse keeps the last of an
  option given twice, silently, where the commands refuse two that
  differ;
* the progress line on standard error (:func:`shows_progress`, with
  :class:`dlx.watch.ProgressLine`) and the line a terminal's ``^C``
  leaves (:func:`clear_echoed_interrupt`).

Checkpoints are written with :func:`dlx.watch.write_atomically`.  The
library itself never uses this module.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from functools import partial, wraps

from dlx import ways
from dlx.algorithms import sat_available
from dlx.errors import install_hint
from dlx.records import Record
from dlx.stats import SatStats, Stats
from dlx.watch import clear_line, is_terminal, terminal_columns

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import multiprocessing.context  # imported where used: only --jobs starts workers
    import threading
    from concurrent.futures import ProcessPoolExecutor
    from types import FrameType
    from typing import Any, NoReturn, Protocol, TextIO
else:
    # The protocols here are for the type checker: nothing asks isinstance().
    Protocol = object

__all__ = [
    "ASK_WAIT",
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
    "FORK_MOST_BYTES",
    "HELP_WIDTH",
    "MOST_JOBS",
    "STOP_REQUESTS",
    "WATCH_INTERVAL",
    "WORKER_STOP",
    "Once",
    "OnceConst",
    "OutputError",
    "StopSignals",
    "Stoppable",
    "Terminated",
    "WorkerStop",
    "add_version",
    "ask_workers_to_stop",
    "check_options",
    "clear_echoed_interrupt",
    "command_parser",
    "end_closed_pipe",
    "end_with",
    "end_workers",
    "final_status",
    "how_far",
    "ignore_interrupts",
    "is_closed_pipe",
    "on_stderr",
    "process_context",
    "refuse",
    "register_once",
    "say",
    "seconds",
    "shows_progress",
    "silence",
    "start_worker",
    "stderr_failed",
    "version",
    "whole_number",
    "worker_pool",
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
        checkpoint saved.  Inside another :meth:`held`, the outermost one
        raises.
        """
        outer = self._holding  # held inside held: the outermost raises
        self._holding = True
        try:
            yield
        finally:
            self._holding = outer
        if not outer and self._pending is not None:
            error, self._pending = self._pending, None
            raise error

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Handle SIGINT and SIGTERM with :meth:`handle` while inside.

        A SIGINT whose handler is not Python's default is left alone: a
        command started with SIGINT ignored (a shell's background job,
        ``cmd &`` in a script, ``nohup``) must not be stopped by the
        Ctrl-C meant for the foreground.  Handlers can only be set in the
        main thread; elsewhere nothing changes.
        """
        # threading is not imported for this (17 ms on PyPy, issue 46): a
        # thread it started means it was imported; in any other thread the
        # first handler set raises, and nothing has changed.
        threads = sys.modules.get("threading")
        if (
            threads is not None
            and threads.current_thread() is not threads.main_thread()
        ):
            yield
            return
        wanted = [signal.SIGINT, signal.SIGTERM]
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            wanted.remove(signal.SIGINT)
        try:
            previous = {signum: signal.signal(signum, self.handle) for signum in wanted}
        except ValueError:  # not the main thread
            previous = None
        if previous is None:
            yield
            return
        try:
            yield
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)


#: The signals a command sends its worker processes to stop the task each
#: runs (:func:`ask_workers_to_stop`), by the word of the command's own
#: signal; none where the system has no SIGUSR1 and SIGUSR2.
STOP_REQUESTS: dict[str, int] = {
    how: number
    for how, number in (
        ("interrupted", getattr(signal, "SIGUSR1", None)),
        ("terminated", getattr(signal, "SIGUSR2", None)),
    )
    if number is not None
}


def ask_workers_to_stop(pool: ProcessPoolExecutor, how: str) -> None:
    """Ask every worker process of ``pool`` to stop the task it runs.

    For a command that a signal stops while its workers count or explain
    puzzles: each task ends as the command's own would (a count with its
    count so far, an explanation with its steps), and tasks that start
    later are refused (:class:`WorkerStop`), so that the command can
    write what every puzzle had.  ``how`` is the command's word for its
    signal ("interrupted" or "terminated"); nothing is sent where
    :data:`STOP_REQUESTS` has no signal for it.

    >>> from concurrent.futures import ProcessPoolExecutor
    >>> pool = ProcessPoolExecutor(1, mp_context=process_context())
    >>> ask_workers_to_stop(pool, "interrupted")  # no worker started yet
    >>> pool.shutdown()
    """
    number = STOP_REQUESTS.get(how)
    if number is None:
        return
    for pid in list(getattr(pool, "_processes", None) or {}):
        with suppress(OSError):
            os.kill(pid, number)


class WorkerStop:
    """A worker process's stop requests from its command (:func:`ask_workers_to_stop`).

    :func:`start_worker` makes :data:`WORKER_STOP` handle them for the
    worker's life.  While a task runs inside :meth:`task`, the first
    request goes to the task's :class:`StopSignals` as the command's own
    signal would (SIGINT for "interrupted", SIGTERM for "terminated"):
    it stops the task's search, or raises in it.  Outside a task it is
    only recorded; :attr:`how` then refuses every task after it, since
    the command is ending.

    SIGTERM goes to :meth:`terminate` (see there): a SIGTERM sent to the
    whole process group stops the task as the command's request would,
    rather than ending the worker and its task's results with it.

    >>> stop = WorkerStop()
    >>> with stop.task() as signals:
    ...     try:
    ...         stop.handle(STOP_REQUESTS["terminated"], None)
    ...     except Terminated:
    ...         print("stopped")
    stopped
    >>> stop.how, signals.how
    ('terminated', 'terminated')
    """

    def __init__(self) -> None:
        #: The first request's word (``None``: no request yet).
        self.how: str | None = None
        #: Whether the command has asked (a SIGTERM alone has not).
        self.asked = False
        self._signals: StopSignals | None = None
        self._leaving: Any = None  # the timer of terminate(), once started

    def handle(self, signum: int, frame: FrameType | None) -> None:
        """The signal handler of the stop requests."""
        self.asked = True
        terminated = signum == STOP_REQUESTS.get("terminated")
        self._stop("terminated" if terminated else "interrupted", frame)

    def terminate(self, signum: int, frame: FrameType | None) -> None:
        """The handler of SIGTERM in a worker: stop the task, leave unless the command asks.

        A SIGTERM sent to the whole process group (``timeout``, ``kill
        -TERM -PGID``, a shell's ``kill %1``) reaches the command and
        its workers at once.  A worker that died of it would take its
        task's results along: the command would have to report the
        puzzle as lost, its count or steps so far with it.  So the
        first SIGTERM stops the task as the command's request does (and
        refuses every later one), and the worker waits
        :data:`ASK_WAIT` seconds for that request.  Where none comes,
        the SIGTERM was not the command's (a process pool ends its
        workers with SIGTERM when one of them died, and waits for them)
        and the worker ends, with status :data:`EXIT_TERMINATED`.
        """
        if self._leaving is None:
            import threading  # a worker of --jobs has it already (end_with)

            self._leaving = threading.Timer(ASK_WAIT, self._leave)
            self._leaving.daemon = True
            self._leaving.start()
        self._stop("terminated", frame)

    def _leave(self) -> None:
        """:data:`ASK_WAIT` seconds after a SIGTERM: end the worker unless asked."""
        if not self.asked:
            os._exit(EXIT_TERMINATED)

    def _stop(self, how: str, frame: FrameType | None) -> None:
        """The first request stops the running task (and refuses later ones)."""
        if self.how is not None:
            return  # one request stops a task; the command ends the rest
        self.how = how
        if self._signals is not None:
            number = signal.SIGTERM if how == "terminated" else signal.SIGINT
            self._signals.handle(number, frame)

    @contextmanager
    def task(self) -> Iterator[StopSignals]:
        """While a task runs: the :class:`StopSignals` its requests go to."""
        self._signals = signals = StopSignals()
        try:
            yield signals
        finally:
            self._signals = None


#: A worker process's :class:`WorkerStop` (see :func:`start_worker`).
WORKER_STOP = WorkerStop()

#: After a SIGTERM, how long a worker of ``--jobs`` waits for its command's
#: stop request before it ends (:meth:`WorkerStop.terminate`), in seconds.
ASK_WAIT = 2.0


def ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process, which stops cleanly.

    SIGTERM is not ignored: a process pool ends its workers with it
    (when one of them dies), and waits for them.  :func:`start_worker`
    gives it to :meth:`WorkerStop.terminate`, which ends the worker
    unless its command asks it to stop.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: How often :func:`end_with` looks for its process where it cannot wait
#: for it (no ``os.pidfd_open``), in seconds.
WATCH_INTERVAL = 0.25


def end_with(pid: int) -> None:
    """End this process (``os._exit``) as soon as process ``pid`` has ended.

    A daemon thread waits on a pidfd of ``pid`` (Linux 5.3 and later),
    which becomes readable when it ends, even as a zombie; elsewhere it
    checks every :data:`WATCH_INTERVAL` seconds that ``pid`` still exists.
    The pid is watched rather than the parent: workers started by the
    ``forkserver`` method are children of the fork server, not of the
    command.  A ``pid`` already gone ends this process at once.
    """
    try:
        handle: int | None = os.pidfd_open(pid)
    except ProcessLookupError:
        os._exit(EXIT_WORKER_LOST)
    except (AttributeError, OSError):  # not Linux, or an old kernel
        handle = None

    def wait_for_pidfd(handle: int) -> None:
        import select  # only a worker of --jobs waits so

        poll = select.poll()
        poll.register(handle, select.POLLIN)
        while not poll.poll():
            pass
        os._exit(EXIT_WORKER_LOST)

    def look_now_and_then() -> None:
        while True:
            time.sleep(WATCH_INTERVAL)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(EXIT_WORKER_LOST)
            except OSError:  # there, but not ours to signal
                pass

    import threading  # only a worker of --jobs watches so

    threading.Thread(
        target=look_now_and_then if handle is None else wait_for_pidfd,
        args=() if handle is None else (handle,),
        name=f"end with {pid}",
        daemon=True,
    ).start()


def start_worker(command: int) -> None:
    """The initializer of a worker process of ``--jobs``.

    Leaves Ctrl-C to the command (:func:`ignore_interrupts`), takes the
    command's stop requests (:data:`WORKER_STOP`), gives every
    other signal its default action again (a worker forked from the
    command inherits its handlers, SIGTERM's stop request among them;
    a fresh process has none), and ends the worker when the command ends
    (:func:`end_with`): a command killed by SIGKILL or the OOM killer
    runs no cleanup, and its workers, blocked on a task queue they hold
    both ends of, would otherwise run forever.  Where the workers came
    from a fork server, with them go the fork server (it ends when the
    last process holding its "alive" pipe does) and the resource tracker
    (when its pipe closes).

    :param command: the pid of the command (``os.getpid()`` there).
    """
    ignore_interrupts()
    for signum in signal.valid_signals():
        if signum != signal.SIGINT and callable(signal.getsignal(signum)):
            signal.signal(signum, signal.SIG_DFL)
    for number in STOP_REQUESTS.values():
        signal.signal(number, WORKER_STOP.handle)
    if STOP_REQUESTS.get("terminated") is not None:  # else it cannot be asked
        signal.signal(signal.SIGTERM, WORKER_STOP.terminate)
    end_with(command)


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """The worker processes of ``--jobs``, ended with the command.

    See :func:`process_context` and :func:`start_worker`.  Where they are
    forked, they are all forked here, before the pool starts its own
    thread: a process forked while another thread runs may deadlock.
    A fork that fails ends the workers forked before it, and its
    :class:`OSError` goes up.  A
    pool with more workers than the cores this process may run on
    (``taskset``) starts them from a fork server instead, as tasks come:
    the search then runs its tasks in this process first
    (:mod:`dlx.parallel`), and on one core it starts no worker at all.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = process_context()
    affinity = getattr(os, "sched_getaffinity", None)
    cores = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    if context.get_start_method() == "fork" and cores < workers:
        context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=start_worker,
        initargs=(os.getpid(),),
    )
    if context.get_start_method() == "fork":
        # The first task forks every worker (a pool that forks cannot
        # start them one by one later), then starts the pool's thread.
        try:
            pool.submit(os.getpid)
        except BaseException:
            # A fork that failed (EAGAIN, ENOMEM) or a signal between two:
            # the workers forked so far wait for tasks that never come.
            end_workers(pool)
            raise
    return pool


def end_workers(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down without waiting, and end its workers at once (SIGKILL).

    For a run that stops (Ctrl-C, SIGTERM, a closed pipe) while a worker
    may be busy for long, and for a pool whose start failed halfway.

    >>> from concurrent.futures import ProcessPoolExecutor
    >>> pool = ProcessPoolExecutor(1, mp_context=process_context())
    >>> pool.submit(abs, -3).result()
    3
    >>> end_workers(pool)
    >>> pool.submit(abs, -3)
    Traceback (most recent call last):
      ...
    RuntimeError: cannot schedule new futures after shutdown
    """
    processes = list(getattr(pool, "_processes", None) or {})
    # Taken before the shutdown, which forgets it.
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for pid in processes:
        with suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    # The pool's thread sees its workers gone and ends, closing its wake-up
    # pipe.  At exit, concurrent.futures wakes every such thread through
    # that pipe without the lock that guards its closing: a pipe closed at
    # that moment printed "Exception ignored ... Bad file descriptor" on
    # CPython 3.11 and "TypeError: expected integer, got NoneType" on PyPy
    # (about once in a hundred runs stopped by Ctrl-C).  So the thread is
    # waited for until it has really ended (up to 2 s), and then taken off
    # that list: its workers are gone, so it ends without being woken.
    if manager is not None:
        pending = _wait_until_ended(manager, 2.0)
        from concurrent.futures import process

        wakeups = getattr(process, "_threads_wakeups", None)
        if wakeups is not None:
            wakeups.pop(manager, None)
        if pending is not None:
            raise pending


def _wait_until_ended(
    thread: threading.Thread, seconds: float
) -> KeyboardInterrupt | None:
    """Wait up to ``seconds`` for ``thread`` to end, even if it says it has.

    Its :meth:`~threading.Thread.is_alive` cannot be trusted here.  On
    CPython before 3.13, a join cut short by a signal (a second Ctrl-C
    while a pool shuts down) marks a running thread stopped: the fix of
    bpo-45274 then releases the lock the thread still holds.  The
    interpreter's exit does not wait for such a thread, and a pool's
    thread ended at finalization while it held the pool's lock left the
    pool's weak-reference callback waiting for that lock for ever (a
    hang of ``dlx --jobs 2`` at exit on CPython 3.12).  A thread is
    listed by :func:`threading.enumerate` until it has really ended.  A
    signal that comes during the wait does not cut it short: it is
    returned, for the caller to raise when its work is done.
    """
    import threading

    deadline = time.monotonic() + seconds
    pending: KeyboardInterrupt | None = None
    while time.monotonic() < deadline:
        try:
            if thread not in threading.enumerate():
                break
            time.sleep(0.005)
        except KeyboardInterrupt as error:  # the wait is short: finish it
            pending = pending or error
    return pending


def process_context() -> multiprocessing.context.BaseContext:
    """How the commands start worker processes: a plain ``fork`` only where it is safe.

    A forked worker starts at once, with every module the command has
    imported (on PyPy, with its compiled code too): 0.1-0.2 s less than
    a worker of a fork server, which is a new interpreter that imports
    pydlx again.  But a fork copies one thread only, so a process that
    has others (a broken pool's manager thread, a Dask client, a
    progress bar's monitor) may fork a child that waits forever on a
    lock one of them held; and macOS's system libraries do not survive
    a fork; and a forked child copies the pages of a large command as
    either writes to them.  So ``fork`` on Linux where the process runs
    no other thread (``/proc/self/task`` lists them all, a library's
    native ones too), has grown by at most :data:`FORK_MOST_BYTES` (on
    CPython),
    and its standard output and error could be flushed (a forked child
    copies their buffers: :mod:`multiprocessing` flushes them before it
    forks, and a closed pipe there would stop the pool from starting);
    else the ``forkserver`` method (POSIX) or ``spawn``, which start
    workers from a clean process.  The answer holds until another thread
    starts: fork right after asking (:func:`worker_pool` does).

    >>> import threading
    >>> done = threading.Event()
    >>> thread = threading.Thread(target=done.wait)
    >>> thread.start()
    >>> process_context().get_start_method() in ("forkserver", "spawn")
    True
    >>> done.set()
    >>> thread.join()
    """
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if (
        sys.platform == "linux"
        and "fork" in methods
        and _one_thread()
        and (_PYPY or _resident_bytes() - _STARTED_WITH <= FORK_MOST_BYTES)
        and _flushed()
    ):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context(
        "forkserver" if "forkserver" in methods else "spawn"
    )


#: The most memory (resident, in bytes) a command on CPython forks its
#: workers from (:func:`process_context`), beyond what it had when it
#: imported this module (about 16 MB).  A forked worker shares the
#: command's pages until one of them writes to a page, which is then
#: copied, and the command's own work after the fork (compiling the
#: problem, collecting its garbage) touches most of them.  With a problem
#: of 150,000 options (310 MB resident) two forked workers made the three
#: processes take 1,041 MB together, against 855 MB from a fork server;
#: below this size, the 0.1-0.2 s a fork saves matters more.  Not on PyPy,
#: whose resident size grows by 60-80 MB with its compiler and collector
#: before any problem is read (and whose fresh workers start at 160 MB).
FORK_MOST_BYTES = 100_000_000


def _resident_bytes() -> int:
    """The memory this process has resident, in bytes (0: cannot tell)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


_STARTED_WITH = _resident_bytes()
_PYPY = sys.implementation.name == "pypy"


def _one_thread() -> bool:
    """Whether this process runs no thread but the calling one (``False``: cannot tell).

    Linux lists every thread of the process, a library's native ones too
    (a timer of :mod:`faulthandler`, a solver's), in ``/proc/self/task``.
    """
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


def _flushed() -> bool:
    """Flush standard output and error; whether both could be."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            try:
                stream.flush()
            except (OSError, ValueError):
                return False
    return True


def clear_echoed_interrupt() -> None:
    """Blank the ``^C`` a terminal echoed on standard error (if there is one).

    Best effort (:func:`on_stderr`).
    """
    if sys.stderr is not None and not stderr_failed():
        with on_stderr():
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


#: The standard error stream that failed (see :func:`stderr_failed`).
_failed_stderr: object = None


def stderr_failed() -> bool:
    """Whether writing to standard error has failed (other than by a closed pipe).

    The command then goes on without it (see :func:`on_stderr`) and ends
    with :data:`EXIT_OUTPUT` where it would have ended with
    :data:`EXIT_OK` (:func:`final_status`).
    The failure belongs to the stream that failed: a new ``sys.stderr``
    (a test's capture, say) starts afresh.
    """
    return _failed_stderr is not None and _failed_stderr is sys.stderr


@contextmanager
def on_stderr() -> Iterator[None]:
    """Write to standard error inside, best effort.

    Progress lines, statistics and messages must not cost the result: a
    write that fails (a full disk, an I/O error) is dropped, the stream is
    silenced (:func:`silence`) so that nothing more fails on it, and
    :func:`stderr_failed` turns true.  A closed pipe still raises
    :class:`BrokenPipeError`: the reader went away, and the command ends
    with :data:`EXIT_CLOSED_PIPE`, as ``dlx --help`` and ``sudoku --help``
    say.
    """
    global _failed_stderr
    try:
        yield
    except OSError as error:
        if is_closed_pipe(error):
            raise BrokenPipeError(*error.args) from None
        _failed_stderr = sys.stderr
        silence(sys.stderr)


def say(message: str) -> None:
    """Write ``message`` as a line on standard error, best effort (:func:`on_stderr`).

    Nothing is written once standard error has failed, or when there is
    none.

    :raises BrokenPipeError: when the reader of standard error went away.
    """
    stream = sys.stderr
    if stream is None or stderr_failed():
        return
    with on_stderr():
        stream.write(message + "\n")
        stream.flush()


def final_status(status: int) -> int:
    """The exit status of a run that would end with ``status``.

    :data:`EXIT_OUTPUT` in place of :data:`EXIT_OK` when standard error
    failed (:func:`stderr_failed`): the run finished and printed its
    result, but something asked for (a message, ``--stats``, the
    progress) was lost, so it is not all done.  Any other status already
    says that something went wrong, and says what: it stays.

    >>> final_status(EXIT_OK), final_status(EXIT_BUDGET)
    (0, 3)
    """
    return EXIT_OUTPUT if status == EXIT_OK and stderr_failed() else status


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


#: The most worker processes ``--jobs`` starts (a larger number is refused
#: rather than forked until the system runs out of processes).
MOST_JOBS = 1024


def whole_number(
    least: int | None = 0, most: int | None = None
) -> Callable[[str], int]:
    """An :mod:`argparse` type: a whole number, at least ``least`` (``None``: any), at most ``most``.

    Both commands word a refused value alike (see :func:`command_parser`,
    which puts the option's name first): what is accepted, then the text.

    >>> whole_number(1)("0")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: must be a whole number from 1 up, not '0'
    >>> whole_number(0, most=MOST_JOBS)("99999999999999")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: must be a whole number from 0 to 1024, not '99999999999999'
    >>> whole_number(None)("-3")
    -3
    """

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if (
            value is not None
            and (least is None or value >= least)
            and (most is None or value <= most)
        ):
            return value
        if least is None:
            wanted = (
                "a whole number" if most is None else f"a whole number up to {most}"
            )
        else:
            wanted = f"a whole number from {least} " + (
                "up" if most is None else f"to {most}"
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


def how_far(stats: Stats) -> str:
    """How far a stopped search got, as both commands' messages say it.

    ``"N nodes"``; for the SAT back end, which counts no nodes of its own
    (its ``nodes`` are those of the short DLX search before it), the
    seconds of the run (the ``seconds`` of :class:`dlx.SatStats`).

    >>> how_far(Stats(nodes=12))
    '12 nodes'
    >>> how_far(SatStats(seconds=2.345))
    '2.35 s'
    """
    if isinstance(stats, SatStats):
        return f"{stats.seconds:.3g} s"
    return f"{stats.nodes} nodes"


def check_options(
    prog: str, given: set[str], names: dict[str, str] | None = None
) -> None:
    """Refuse, as :func:`refuse` does, options that :func:`dlx.ways.check` refuses.

    Also ``--method sat`` without the sat extra.  ``given`` holds the
    keys of :data:`dlx.ways.FEATURES` the command's options ask for;
    ``prog`` (``"dlx"`` or ``"sudoku"``) is both the command and its
    vocabulary.
    """
    try:
        ways.check(given, prog, names)
    except ways.Refused as refused:
        refuse(prog, str(refused))
    if "sat" in given and not sat_available():
        refuse(
            prog,
            "--method sat needs the sat extra, which is not installed: "
            + install_hint("sat"),
        )


def refuse(prog: str, message: str) -> NoReturn:
    """End a command on options that do not go together: one line, exit status 2.

    The message is :func:`dlx.ways.check`'s, in the command's words;
    argparse's own errors (a bad value) end the same way, after the usage.
    """
    say(f"{prog}: error: {message}")
    raise SystemExit(EXIT_BAD_INPUT)


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

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        """argparse's, without the record :class:`Once` kept while parsing."""
        parsed, rest = super().parse_known_args(args, namespace)
        if hasattr(parsed, _SAID):
            delattr(parsed, _SAID)
        return parsed, rest


#: The widest help: lines of at most 79 columns, even in a wide terminal.
HELP_WIDTH = 79


def _formatter(prog: str) -> argparse.HelpFormatter:
    columns = min(terminal_columns(), HELP_WIDTH + 1)
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
    import importlib.metadata  # milliseconds to import: only --version asks

    try:
        return importlib.metadata.version("pydlx")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree
        from dlx import __version__

        return __version__


class _VersionAction(argparse.Action):
    """``--version``: print ``NAME (pydlx) VERSION`` and exit.

    argparse's own ``action="version"`` takes the text when the parser is
    made, so every run would look the version up (:func:`version`, whose
    :mod:`importlib.metadata` costs milliseconds); this looks it up only
    when ``--version`` is given.
    """

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        self.name: str = kwargs.pop("name")
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="show program's version number and exit",
            **kwargs,
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        with suppress(AttributeError, OSError):  # as argparse's: no standard output
            sys.stdout.write(f"{self.name} (pydlx) {version()}\n")
        parser.exit()


def add_version(parser: argparse.ArgumentParser, name: str) -> None:
    """Give ``parser`` the option ``--version``: ``NAME (pydlx) VERSION``."""
    parser.add_argument(
        "--version", action=_VersionAction, dest=argparse.SUPPRESS, name=name
    )


# -- options that say one thing ------------------------------------------------------

#: Where :class:`Once` keeps, for one parse, what each option has said: an
#: attribute of the namespace that no option has (a blank in its name).
#: :func:`command_parser`'s parsers take it off when the parse ends.
_SAID = "options said"


class _Given(Record, frozen=True):
    """A value of a :class:`Once` option and the text it was read from."""

    text: str
    value: Any


def _keeping_text(read: Callable[[str], Any]) -> Callable[[str], _Given]:
    """The argparse type ``read``, whose value keeps the text typed (for messages)."""

    @wraps(read)  # argparse names the type in some messages
    def keep(text: str) -> _Given:
        return _Given(text, read(text))

    return keep


class Once(argparse.Action):
    """An option that says one thing: given again, the same is harmless and another thing refused.

    argparse keeps the last of an option given twice, silently: ``dlx
    --limit 3 --limit 5`` would have searched to 5 with nothing said.  An
    option of this action given again with the same value (``--count
    --count``, ``--limit 3 --limit 3``, ``--timeout 1 --timeout 1.0``:
    values compared as read) means what it meant once and is taken;
    with another value the parse ends as on a bad value, with the usage
    and one line, exit status 2::

        dlx: error: --limit given twice (3 and 5): give it once

    Options that share a destination (``--progress`` and ``--no-progress``
    store ``True`` and ``False`` in one) are one option here: both given
    contradict, ``--progress and --no-progress say different things: give
    one of them``.  The values are named as typed (``--max-memory 1G``, not
    its bytes).  An option meant to be given several times takes an
    action of its own (``action="append"``) and says what the repeats do.

    Stores as argparse's ``store`` does; :class:`OnceConst` as its
    ``store_const``, ``store_true`` and ``store_false`` do.
    :func:`register_once` makes these a parser's actions of those names.
    """

    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str,
        nargs: int | str | None = None,
        type: Callable[[str], Any] | None = None,
        choices: Any = None,
        default: Any = None,
        **kwargs: Any,
    ) -> None:
        # One value read by a type, and kept with its text; not a default
        # given as text, which argparse reads by the type before parsing.
        single = nargs is None and choices is None and not isinstance(default, str)
        if type is not None and single:
            type = _keeping_text(type)
        super().__init__(
            option_strings,
            dest,
            nargs=nargs,
            type=type,
            choices=choices,
            default=default,
            **kwargs,
        )

    @property
    def name(self) -> str:
        """The option's name in messages: its longest spelling (``--jobs``, not ``-j``)."""
        return max(self.option_strings, key=len, default=self.dest)

    def said(self, values: Any, option_string: str | None) -> tuple[Any, str]:
        """The value to store and the text that names it in a message."""
        if isinstance(values, _Given):
            return values.value, values.text
        return values, str(values)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        value, text = self.said(values, option_string)
        record: dict[str, tuple[Once, str, Any]] | None = getattr(
            namespace, _SAID, None
        )
        if record is None:
            record = {}
            setattr(namespace, _SAID, record)
        if self.dest in record:
            first, first_text, first_value = record[self.dest]
            if first_value != value or type(first_value) is not type(value):
                raise argparse.ArgumentError(
                    None, self.refusal(first, first_text, text)
                )
        else:
            record[self.dest] = (self, text, value)
        setattr(namespace, self.dest, value)

    def refusal(self, first: Once, first_text: str, text: str) -> str:
        """What to say when this option says ``text`` after ``first`` said ``first_text``."""
        if first is self:
            return f"{self.name} given twice ({first_text} and {text}): give it once"
        return f"{first.name} and {self.name} say different things: give one of them"


class OnceConst(Once):
    """A flag that says one thing (:class:`Once`): it stores ``const``, as argparse's ``store_const``.

    ``store_true`` is ``OnceConst`` with ``const=True, default=False``,
    ``store_false`` with ``const=False, default=True``
    (:func:`register_once`).
    """

    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str,
        const: Any = None,
        default: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            option_strings, dest, nargs=0, const=const, default=default, **kwargs
        )

    def said(self, values: Any, option_string: str | None) -> tuple[Any, str]:
        return self.const, option_string or self.name


def register_once(parser: argparse.ArgumentParser) -> None:
    """Make the options that ``parser`` adds from now on say one thing each (:class:`Once`).

    The actions ``store`` (the default), ``store_const``, ``store_true``
    and ``store_false`` become :class:`Once` and :class:`OnceConst`, in the
    parser and in its argument groups (which share its actions); an
    option given ``action="append"`` or an action class of its own is
    left as it is.  Call it before adding the options.

    >>> parser = command_parser("demo", "", "")
    >>> register_once(parser)
    >>> _ = parser.add_argument("--limit", type=int)
    >>> _ = parser.add_argument("--count", action="store_true")
    >>> vars(parser.parse_args(["--limit", "3", "--count", "--limit", "3", "--count"]))
    {'limit': 3, 'count': True}
    >>> parser.parse_args(["--limit", "3", "--limit", "5"])
    Traceback (most recent call last):
      ...
    SystemExit: 2
    """
    parser.register("action", None, Once)
    parser.register("action", "store", Once)
    parser.register("action", "store_const", OnceConst)
    parser.register(
        "action", "store_true", partial(OnceConst, const=True, default=False)
    )
    parser.register(
        "action", "store_false", partial(OnceConst, const=False, default=True)
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
