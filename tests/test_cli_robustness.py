"""The commands in the field: killed, short of standard error, stopped, limited.

Every test runs ``python -m dlx`` or ``python -m sudoku`` as a real
process and does to it what happens outside: SIGKILL (the OOM killer),
a standard error on a full device, a file size limit, SIGINT ignored by
a shell's background job.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from subprocess import DEVNULL, PIPE

import pytest
from dlx_helpers import LACKING, langford_file, worker_pids
from sudoku_helpers import LOCAL_DATA, ROOT, assert_solves, local_lines

from dlx.commands import EXIT_OUTPUT, EXIT_TERMINATED, stderr_failed
from dlx.stats import Progress
from dlx.watch import temporary_names
from sudoku.batch import Batch, PuzzleProgress

# Every test starts a process, and some limit it with resource.
resource = pytest.importorskip("resource", reason=LACKING["processes"])
pytestmark = pytest.mark.processes

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
LINUX_PROC = pytest.mark.skipif(
    not Path("/proc/self/task").exists(), reason="needs Linux /proc"
)


def cores() -> int:
    """How many cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


#: Two cores or more: with fewer, ``dlx --jobs 2`` searches in the command
#: itself and its pool starts no worker, and ``sudoku``'s workers come from
#: a fork server (``dlx.commands.worker_pool``).
TWO_CORES = pytest.mark.skipif(cores() < 2, reason="needs 2 cores to run 2 workers")
HARD = local_lines("sudoku9_norvig_top95.txt")


def default_sigint() -> None:
    """As an interactive shell starts a foreground command: SIGINT not ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ignored_sigint() -> None:
    """As a script starts ``cmd &``: SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start(
    command: str,
    *args: str,
    stdout: int = PIPE,
    stderr: int = PIPE,
    preexec_fn: Callable[[], None] = default_sigint,
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", command, *args],
        stdin=DEVNULL,
        stdout=stdout,
        stderr=stderr,
        env=ENV,
        cwd=ROOT,
        preexec_fn=preexec_fn,
    )


def run(
    command: str, *args: str, stderr: int = PIPE
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", command, *args],
        stdin=DEVNULL,
        stdout=PIPE,
        stderr=stderr,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=120,
        preexec_fn=default_sigint,
    )


@contextmanager
def full_stderr() -> Iterator[int]:
    """A file descriptor on /dev/full: every write fails with ENOSPC."""
    fd = os.open("/dev/full", os.O_WRONLY)
    try:
        yield fd
    finally:
        os.close(fd)


needs_dev_full = pytest.mark.skipif(
    not Path("/dev/full").exists(), reason="needs /dev/full"
)


def wait_until(condition: Callable[[], bool], process: subprocess.Popen[bytes]) -> None:
    """Poll ``condition`` while ``process`` runs (60 s at most)."""
    deadline = time.monotonic() + 60
    while not condition():
        assert process.poll() is None, "the command ended too soon"
        assert time.monotonic() < deadline
        time.sleep(0.01)


# -- point 2: killing the command ends its workers ------------------------------------


def identity(pid: int) -> tuple[int, str] | None:
    """A process as (pid, start time), so that a reused pid is not mistaken for it.

    ``None`` when it is gone, or a zombie (it has ended; its new parent,
    PID 1, has not reaped it yet).
    """
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    state, start_time = fields[0], fields[19]
    return None if state in ("Z", "X") else (pid, start_time)


def parent(pid: int) -> int | None:
    """The process id of ``pid``'s parent (``None``: it is gone)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def descendants(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = [int(word) for word in (task / "children").read_text().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


def assert_whole_tree_ends(
    process: subprocess.Popen[bytes], workers: int, fork_server: bool = False
) -> None:
    """SIGKILL ``process`` once its workers run; all it started must end within 5 s.

    ``fork_server``: the workers are children of a fork server, which
    comes with a resource tracker (so are they where the command may run
    on fewer cores than workers); else they are forked from the command.
    Whatever fails, nothing the command started is left running.
    """
    fork_server = fork_server or cores() < workers
    tree: list[tuple[int, str]] = []
    try:
        wait_until(lambda: len(worker_pids(process.pid)) >= workers, process)
        pids = worker_pids(process.pid)
        forked = [pid for pid in pids if parent(pid) == process.pid]
        assert len(forked) == (0 if fork_server else workers)
        tree = [i for p in descendants(process.pid) if (i := identity(p)) is not None]
        # With a fork server: the server and the resource tracker too.
        assert len(tree) == workers + (2 if fork_server else 0)
    except BaseException:
        for pid in descendants(process.pid):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.kill()
        process.wait(timeout=10)
        raise
    process.kill()
    process.wait(timeout=10)
    deadline = time.monotonic() + 5
    try:
        while (left := [i for i in tree if identity(i[0]) == i]) and (
            time.monotonic() < deadline
        ):
            time.sleep(0.05)
        assert not left, f"still running after 5 s: {left}"
    finally:
        for pid, _ in [i for i in tree if identity(i[0]) == i]:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@LINUX_PROC
@TWO_CORES
def test_killing_dlx_ends_its_workers(tmp_path: Path) -> None:
    # Langford 16 runs for hours: the workers are busy when the command dies.
    problem = langford_file(tmp_path, 16)
    process = start("dlx", "--count", "--jobs", "2", str(problem), stderr=DEVNULL)
    assert_whole_tree_ends(process, workers=2)


@LINUX_PROC
def test_killing_sudoku_ends_its_workers() -> None:
    # Minimal 25x25 puzzles keep the workers searching for long.
    puzzles = LOCAL_DATA / "sudoku25_gecode_frisch18.txt"
    process = start("sudoku", "--jobs", "2", str(puzzles), stderr=DEVNULL)
    assert_whole_tree_ends(process, workers=2)


#: A command's pool made while another thread runs: its workers come
#: from a fork server (``process_context``), and search for hours.
FORK_SERVER_POOL = """
import sys, threading
from dlx.commands import worker_pool
from dlx_helpers import langford
done = threading.Event()
threading.Thread(target=done.wait, daemon=True).start()
pool = worker_pool(2)
futures = [pool.submit(langford(16).count) for _ in range(2)]
futures[0].result()
"""


@LINUX_PROC
def test_killing_a_command_ends_its_fork_server_workers_and_resource_tracker() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", FORK_SERVER_POOL],
        stdin=DEVNULL,
        stderr=DEVNULL,
        env={**ENV, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])},
        cwd=ROOT,
    )
    assert_whole_tree_ends(process, workers=2, fork_server=True)


#: Output still in the buffer of a pipe when the pool forks, and
#: handlers for SIGTERM and SIGHUP: the workers print nothing of the
#: first, and take none of the command's handlers, each as a fresh
#: process would.
FORKED_POOL = """
import os, signal, sys
from dlx.commands import worker_pool
signal.signal(signal.SIGTERM, lambda signum, frame: None)
signal.signal(signal.SIGHUP, lambda signum, frame: None)
print("before the pool", end="")

def handler(signum):  # defined before the workers fork
    found = signal.getsignal(signum)
    return getattr(found, "__qualname__", found)

pool = worker_pool(2)
pids = set()
while len(pids) < 2:  # both workers answer (each task is short)
    # The command's handlers are not inherited: SIGINT is left to the
    # command (which passes its stop on), SIGTERM stops the task and ends
    # the worker unless the command asks it to stop (a pool ends its
    # workers with SIGTERM), the rest default.
    handlers = [
        pool.submit(handler, signum)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP) * 3
    ]
    pids |= {pool.submit(os.getpid).result() for _ in range(8)}
    got = [h.result() for h in handlers]
    assert set(got[0::3]) == {"WorkerStop.terminate"}, got
    assert set(got[1::3]) == {signal.SIG_IGN}, got
    assert set(got[2::3]) == {signal.SIG_DFL}, got
assert os.getpid() not in pids
pool.shutdown()
print(" and after,", pool._mp_context.get_start_method(), end="")
"""


def run_script(source: str) -> subprocess.CompletedProcess[str]:
    """Run ``source`` in a fresh Python with pydlx importable; its output as text."""
    return subprocess.run(
        [sys.executable, "-c", source],
        stdin=DEVNULL,
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=120,
    )


@LINUX_PROC
@TWO_CORES
def test_forked_workers_write_no_buffered_output_and_take_default_handlers() -> None:
    done = run_script(FORKED_POOL)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "before the pool and after, fork"
    assert done.stderr == ""


#: Every fork after the first refused, as a full pids cgroup or
#: RLIMIT_NPROC refuses it (imported first by every Python started with
#: this folder first on PYTHONPATH).
REFUSED_FORKS = """
import os

_fork = os.fork
_forks = [0]


def fork():
    _forks[0] += 1
    if _forks[0] >= 2:
        raise BlockingIOError(11, "Resource temporarily unavailable")
    return _fork()


os.fork = fork
"""


@LINUX_PROC
@TWO_CORES
def test_a_refused_fork_ends_the_forked_workers_and_the_commands_say_so(
    tmp_path: Path,
) -> None:
    (tmp_path / "sitecustomize.py").write_text(REFUSED_FORKS)
    env = {**ENV, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    problem = langford_file(tmp_path, 7)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", *args],
            stdin=DEVNULL,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=120,  # the worker forked first must not keep it waiting
        )

    dlx = run("dlx", "--count", "--jobs", "2", str(problem))
    assert (dlx.returncode, dlx.stdout) == (2, "")
    assert dlx.stderr == (
        "dlx: --jobs 2: cannot start the worker processes: "
        "Resource temporarily unavailable\n"
    )
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(HARD[:5]) + "\n")
    sudoku = run("sudoku", "--jobs", "2", str(puzzles))
    alone = run("sudoku", str(puzzles))
    assert (sudoku.returncode, alone.returncode) == (0, 0), sudoku.stderr
    assert sudoku.stdout == alone.stdout and len(sudoku.stdout.split()) == 5
    assert sudoku.stderr == (
        "sudoku: cannot start worker processes (Resource temporarily "
        "unavailable); going on without --jobs\n"
    )


# -- point 3: a standard error that fails costs nothing but itself --------------------


@needs_dev_full
@pytest.mark.parametrize(
    "options",
    [["--progress"], ["--stats"], ["--progress", "--stats", "--jobs", "2"]],
    ids=["progress", "stats", "jobs"],
)
def test_dlx_with_a_full_stderr_finishes_and_prints_the_count(
    tmp_path: Path, options: list[str]
) -> None:
    problem = langford_file(tmp_path, 8)
    with full_stderr() as err:
        done = run("dlx", "--count", *options, str(problem), stderr=err)
    assert (done.returncode, done.stdout) == (EXIT_OUTPUT, "300\n")
    listing = run("dlx", "--progress", str(problem))
    with full_stderr() as err:
        listed = run("dlx", "--progress", str(problem), stderr=err)
    assert listed.returncode == EXIT_OUTPUT
    assert listed.stdout == listing.stdout and listing.stdout.count("\n\n") == 299


@needs_dev_full
def test_a_full_stderr_does_not_hide_a_signal(tmp_path: Path) -> None:
    # 143 says more than 74: the search was stopped, not only unreported.
    problem = langford_file(tmp_path, 12)
    checkpoint = tmp_path / "run.json"
    with full_stderr() as err:
        process = start(
            "dlx",
            "--count",
            "--progress",
            "--checkpoint",
            str(checkpoint),
            "--checkpoint-every",
            "0.1",
            str(problem),
            stderr=err,
        )
        wait_until(checkpoint.exists, process)
        process.terminate()
        out, _ = process.communicate(timeout=60)
    assert (process.returncode, out) == (EXIT_TERMINATED, b"")


@needs_dev_full
def test_dlx_with_a_full_stderr_keeps_a_failure_status(tmp_path: Path) -> None:
    # Only a 0 becomes 74: a budget's 3 says more.
    problem = langford_file(tmp_path, 8)
    with full_stderr() as err:
        done = run(
            "dlx", "--count", "--stats", "--max-nodes", "100", str(problem), stderr=err
        )
    assert (done.returncode, done.stdout) == (3, "")


@needs_dev_full
def test_sudoku_with_a_full_stderr_answers_every_puzzle(tmp_path: Path) -> None:
    # The message about the bad second puzzle cannot be written: the third
    # puzzle is still solved, and the status still says that one was bad.
    path = tmp_path / "three.txt"
    path.write_text("1...............\n1..1............\n.2..............\n")
    with full_stderr() as err:
        done = run("sudoku", str(path), stderr=err)
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["1234341221434321", "1234342121434312"]
    with full_stderr() as err:
        counted = run("sudoku", "--count", str(path), stderr=err)
    assert (counted.returncode, counted.stdout) == (1, "72\n72\n")
    # A run that would end with 0 but lost a message ends with 74.
    args = ["generate", "--seed", "1", "--givens", "17", "--tries", "1"]
    noted = run("sudoku", *args)
    assert noted.returncode == 0 and "asked for at most 17 givens" in noted.stderr
    with full_stderr() as err:
        lost = run("sudoku", *args, stderr=err)
    assert (lost.returncode, lost.stdout) == (EXIT_OUTPUT, noted.stdout)


class FailingTerminal:
    """A terminal whose every write fails, as a hung-up one does (EIO)."""

    def __init__(self) -> None:
        self.writes = 0

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("no file descriptor")

    def write(self, text: str) -> int:
        self.writes += 1
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        pass


def test_sudoku_progress_on_a_failing_terminal_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = FailingTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    # The progress line's path: a tqdm bar (the progress extra) would wait
    # half a second before its first write.
    monkeypatch.setitem(sys.modules, "tqdm", None)
    batch = Batch()
    display = PuzzleProgress(True, batch)
    hook = display.hook("puzzle 1")
    assert hook is not None
    report = Progress(10, 40, 3, 2.0, 2, 0.5, 1.0)
    hook(report)  # the failure is kept, not raised
    assert stderr_failed() and terminal.writes >= 1
    hook(report)
    display.advance()
    batch.fail("bad puzzle")
    display.close()
    assert terminal.writes == 1  # nothing more tried after the failure
    assert batch.status == 1


# -- point 4: no stale temporary files, no truncated pictures --------------------------


def test_stale_checkpoint_temporaries_are_removed_and_others_kept(
    tmp_path: Path,
) -> None:
    problem = langford_file(tmp_path, 8)
    checkpoint = tmp_path / "run.json"
    stale = tmp_path / ".run.json.k3_9abcd.tmp"  # a save killed by SIGKILL
    alive = tmp_path / ".run.json.zz11yy22.tmp"  # a save going on now
    others = [
        tmp_path / ".run.json.abc.tmp",  # not mkstemp's 8 characters
        tmp_path / "run.json.k3_9abcd.tmp",  # no dot in front
        tmp_path / ".other.json.k3_9abcd.tmp",  # another file's
        tmp_path / ".run.json.k3_9abcd.tmp.bak",
    ]
    for path in [stale, alive, *others]:
        path.write_text("{")
    assert temporary_names(checkpoint).fullmatch(stale.name)
    with open(alive, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # its writer holds it while writing
        done = run("dlx", "--count", "--checkpoint", str(checkpoint), str(problem))
    assert (done.returncode, done.stdout, done.stderr) == (0, "300\n", "")
    assert not stale.exists()
    assert alive.exists() and all(path.exists() for path in others)
    assert not checkpoint.exists()


def test_temporaries_left_during_a_run_are_removed_at_its_end(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 12)
    checkpoint = tmp_path / "run.json"
    process = start(
        "dlx",
        "--count",
        "--checkpoint",
        str(checkpoint),
        "--checkpoint-every",
        "0.1",
        str(problem),
    )
    wait_until(checkpoint.exists, process)
    stale = tmp_path / ".run.json.abcdefgh.tmp"
    stale.write_text("{")
    process.terminate()
    _, err = process.communicate(timeout=60)
    assert process.returncode == EXIT_TERMINATED, err
    assert b"the same command resumes from" in err
    assert checkpoint.exists() and not stale.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [problem.name, "run.json"]


def limit_file_size() -> None:
    default_sigint()
    resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))


@pytest.mark.parametrize("how", ["prlimit", "setrlimit"])
def test_a_picture_that_cannot_be_written_leaves_no_truncated_file(
    tmp_path: Path, how: str
) -> None:
    puzzle = tmp_path / "one.txt"
    puzzle.write_text(HARD[0] + "\n")
    picture = tmp_path / "grid.svg"
    args = ["-m", "sudoku", "--svg", str(picture), str(puzzle)]
    if how == "prlimit":
        prlimit = shutil.which("prlimit")
        if prlimit is None:
            pytest.skip("no prlimit")
        command = [prlimit, "--fsize=3000", sys.executable, *args]
        preexec: Callable[[], None] = default_sigint
    else:
        command, preexec = [sys.executable, *args], limit_file_size
    picture.write_text("the old picture\n")  # kept whole: replaced or not at all
    done = subprocess.run(
        command,
        stdin=DEVNULL,
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=60,
        preexec_fn=preexec,
    )
    assert done.returncode == EXIT_OUTPUT
    assert done.stderr == f"sudoku: cannot write {picture}: File too large\n"
    assert_solves(HARD[0], done.stdout.strip(), (3, 3))  # the answer was printed
    assert picture.read_text() == "the old picture\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grid.svg", "one.txt"]
    picture.unlink()
    drawn = run("sudoku", "--svg", str(picture), str(puzzle))
    assert drawn.returncode == 0
    assert picture.read_text().rstrip().endswith("</svg>")
    assert picture.stat().st_mode & 0o777 == 0o666 & ~current_umask()


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# -- point 6: SIGINT ignored from the start stays ignored ------------------------------


def changed(path: Path) -> Callable[[], bool]:
    """Whether ``path`` has been written again since now."""
    before = path.stat().st_mtime_ns

    def check() -> bool:
        try:
            return path.stat().st_mtime_ns != before
        except FileNotFoundError:  # between two saves
            return False

    return check


#: PyPy installs its KeyboardInterrupt handler even when started with SIGINT
#: ignored (CPython keeps the inherited SIG_IGN), so a program on PyPy cannot
#: tell that it was meant to ignore Ctrl-C.
PYPY_DROPS_SIG_IGN = pytest.mark.xfail(
    sys.implementation.name == "pypy",
    reason="PyPy replaces an inherited SIG_IGN for SIGINT with its own handler",
    strict=True,
)


@PYPY_DROPS_SIG_IGN
def test_dlx_started_with_sigint_ignored_is_not_stopped_by_it(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 12)
    checkpoint = tmp_path / "run.json"
    process = start(
        "dlx",
        "--count",
        "--checkpoint",
        str(checkpoint),
        "--checkpoint-every",
        "0.1",
        str(problem),
        preexec_fn=ignored_sigint,
    )
    wait_until(checkpoint.exists, process)
    process.send_signal(signal.SIGINT)
    # Two more saves after the signal: the search goes on.
    for _ in range(2):
        wait_until(changed(checkpoint), process)
    process.terminate()
    out, err = process.communicate(timeout=60)
    assert process.returncode == EXIT_TERMINATED, err
    assert out == b""
    assert err.decode().startswith("dlx: terminated after ")


@PYPY_DROPS_SIG_IGN
def test_sudoku_started_with_sigint_ignored_is_not_stopped_by_it(
    tmp_path: Path,
) -> None:
    puzzles = HARD * 20  # minutes of work
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(puzzles) + "\n")
    process = start("sudoku", str(path), preexec_fn=ignored_sigint)
    assert process.stdout is not None
    answers = [process.stdout.readline() for _ in range(3)]
    process.send_signal(signal.SIGINT)
    answers += [process.stdout.readline() for _ in range(3)]  # it goes on
    process.terminate()
    out, err = process.communicate(timeout=60)
    assert process.returncode == EXIT_TERMINATED, err
    lines = [line.decode().strip() for line in answers] + out.decode().splitlines()
    for puzzle, answer in zip(puzzles, lines, strict=False):
        assert_solves(puzzle, answer, (3, 3))
    assert err.decode().splitlines()[-1].startswith("sudoku: terminated after ")


@pytest.mark.parametrize(
    ("signum", "how", "status"),
    [(signal.SIGINT, "interrupted", 130), (signal.SIGTERM, "terminated", 143)],
)
def test_sudoku_count_stopped_reports_the_count_so_far(
    tmp_path: Path, signum: int, how: str, status: int
) -> None:
    # The empty grid has 6.67e21 solutions: its count never ends.
    path = tmp_path / "two.txt"
    path.write_text(HARD[0] + "\n" + "." * 81 + "\n")
    process = start("sudoku", "--count", str(path))
    assert process.stdout is not None
    assert process.stdout.readline() == b"1\n"
    time.sleep(0.5)  # from the first answer into the second count
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, out) == (status, b"")
    *_, partial, last = err.decode().splitlines()
    assert last == f"sudoku: {how} after 2 puzzles read: 1 answered"
    head, _, count = partial.partition(": at least ")
    assert head.startswith(f"sudoku: {path}: puzzle 2 (line 2): {how} after ")
    # However far a slow machine got: "at least 0 solutions", "1 solution".
    assert re.fullmatch(r"\d+ solutions?", count), partial


#: How process_context decides: one thread and a small heap fork; a large
#: heap on CPython (FORK_MOST_BYTES lowered) or a native thread
#: (faulthandler's timer, which threading does not know of) take the fork
#: server.
CONTEXTS = """
import faulthandler
import os
import time

from dlx import commands

print(commands.process_context().get_start_method())
commands.FORK_MOST_BYTES = 0
print(commands.process_context().get_start_method())
commands.FORK_MOST_BYTES = 10**12
faulthandler.dump_traceback_later(600)
print(commands.process_context().get_start_method())
faulthandler.cancel_dump_traceback_later()
deadline = time.monotonic() + 30
while len(os.listdir("/proc/self/task")) > 1 and time.monotonic() < deadline:
    time.sleep(0.01)  # the timer's thread ends
print(commands.process_context().get_start_method())
"""


@LINUX_PROC
def test_workers_are_forked_from_one_thread_and_a_small_heap_only() -> None:
    done = run_script(CONTEXTS)
    assert done.returncode == 0, done.stderr
    # The memory bound is CPython's: PyPy's resident size moves with its
    # compiler and collector, not with the problem.
    large = "fork" if sys.implementation.name == "pypy" else "forkserver"
    assert done.stdout.split() == ["fork", large, "forkserver", "fork"]
