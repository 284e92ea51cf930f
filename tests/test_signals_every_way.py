"""Every way the two commands search, stopped by a real SIGINT and a real SIGTERM.

Issue 30: whichever way a command searches, Ctrl-C (SIGINT, status 130)
and SIGTERM (143) end it the same way, keeping what it found: with
``--json`` the last line of standard output is the summary object
(``"complete": false``, for ``dlx`` the outcome ``interrupted`` or
``terminated``), with ``--stats`` the statistics line comes on standard
error, and the message says how far the search got ("at least N
solutions").  ``--method sat`` lost all three to SIGINT: python-sat
caught the signal inside CaDiCaL, past the command's handler.

Each test starts the command as a real process on a problem that runs
for many seconds, waits for evidence that the search is under way (the
command's signal handlers installed and a second of its CPU time spent,
its worker processes started, or its first answers written: not a fixed
sleep, which a loaded machine defeats), sends the signal and reads what
the command wrote.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from dlx_helpers import (
    ROOT,
    cpu_seconds,
    handlers_installed,
    langford_file,
    start_command,
    wait_for_workers,
)
from sudoku_helpers import LOCAL_DATA

from dlx import format_dlx

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/status").exists() or sys.platform == "win32",
    reason="POSIX signals, and Linux's /proc to see the run under way",
)

#: Each signal, the exit status it gives and the word the commands say.
SIGNALS = pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
    ids=["SIGINT", "SIGTERM"],
)

#: Why the SAT tests skip: the extra ``sat`` is not installed.
NO_SAT = (
    None
    if importlib.util.find_spec("ortools") and importlib.util.find_spec("pysat")
    else 'the sat extra is not installed (python3 -m pip install ".[sat]")'
)


#: Seconds of the command's CPU time that show its search under way:
#: starting Python and reading the problem take a few tenths.
UNDER_WAY = 1.0

#: An easy 9x9 puzzle: answered at once.
EASY9 = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)

#: Minimal 25x25 puzzles (Frisch's) that CaDiCaL needs many seconds for, on
#: any machine (12 to 16 s each on the one measured; under a second for
#: the DLX search and the set-up before it).
FRISCH = LOCAL_DATA / "sudoku25_gecode_frisch18.txt"
HARDEST = (9, 8, 10)


# -- the problems -----------------------------------------------------------------


def queens_file(tmp_path: Path, n: int) -> Path:
    """N queens in Knuth's format: rows and columns primary, diagonals secondary.

    14 queens: 365,596 solutions, a count of a minute; memoised (whose
    subproblems rarely repeat here) or split in two, still many seconds.
    """
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{s}" for s in range(2 * n - 1)] + [
        f"b{d}" for d in range(2 * n - 1)
    ]
    lines = [" ".join(primary) + " | " + " ".join(secondary)]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{i - j + n - 1}")
    path = tmp_path / f"queens{n}.dlx"
    path.write_text("\n".join(lines) + "\n")
    return path


def costly_langford_file(tmp_path: Path, n: int) -> Path:
    """Langford pairs with costs '|c' (Knuth's DLX5): ``--best`` prunes little.

    For n = 15 and ``--best 2000`` the solutions come at once and the
    search takes more than 6 s even on PyPy (with ``--best 5`` it prunes
    so much that PyPy ends within a second).
    """
    plain = langford_file(tmp_path, n).read_text().splitlines()
    costed = [f"{line} |{(7 * k) % 10}" for k, line in enumerate(plain[1:])]
    path = tmp_path / f"langford{n}_costs.dlx"
    path.write_text("\n".join([plain[0], *costed]) + "\n")
    return path


def frisch(k: int) -> str:
    """Frisch's minimal 25x25 puzzle number ``k`` (from 0), on one line."""
    return FRISCH.read_text().split()[k]


def frisch_file(tmp_path: Path, k: int) -> Path:
    """Frisch's puzzle ``k`` as exact cover in Knuth's format, for ``dlx``."""
    from sudoku.encoding import encode
    from sudoku.grid import Grid

    path = tmp_path / f"frisch{k}.dlx"
    path.write_text(format_dlx(encode(Grid.parse(frisch(k))).problem))
    return path


# -- running and stopping -----------------------------------------------------------


@dataclass
class Stopped:
    """What a command stopped by a signal left: its status, output and timing."""

    status: int
    out: str
    err: str
    #: Seconds from the start of the process to the signal.
    ran: float

    def summary(self) -> dict[str, object]:
        """The last line of standard output, the ``--json`` summary object."""
        lines = self.out.splitlines()
        assert lines, f"nothing on standard output; standard error: {self.err!r}"
        record = json.loads(lines[-1])
        assert isinstance(record, dict)
        return record

    def lines(self) -> list[str]:
        """The lines of standard error."""
        return self.err.splitlines()


Ready = Callable[[subprocess.Popen[bytes], Path], bool]


def thread_cpu_seconds(pid: int) -> list[float]:
    """The CPU time of each thread of the process but its main one."""
    used = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    for tid in threads:
        if int(tid) == pid:
            continue
        try:
            text = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        used.append((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    return used


def solver_solving(cpu: float = 0.3) -> Ready:
    """Ready once a thread of the run other than the main one has used ``cpu`` seconds.

    The SAT solvers solve in a thread of their own (the main thread waits
    for it, passing on stop requests); nothing else in the process burns
    CPU outside the main thread: the solver's own start, as the run
    itself shows it, whatever the load on the machine (the time before it,
    importing OR-Tools, the DLX search and building the model, varies).
    """

    def ready(process: subprocess.Popen[bytes], out: Path) -> bool:
        pid = process.pid
        return handlers_installed(pid) and any(
            seconds >= cpu for seconds in thread_cpu_seconds(pid)
        )

    return ready


def searching(cpu: float = UNDER_WAY) -> Ready:
    """Ready once the handlers are in place and the process has used ``cpu`` seconds."""

    def ready(process: subprocess.Popen[bytes], out: Path) -> bool:
        pid = process.pid
        return handlers_installed(pid) and cpu_seconds(pid) >= cpu

    return ready


def workers_searching(cpu: float = UNDER_WAY) -> Ready:
    """Ready once two worker processes run and have used ``cpu`` seconds together."""

    def ready(process: subprocess.Popen[bytes], out: Path) -> bool:
        workers = wait_for_workers(process, 2)
        return sum(cpu_seconds(pid) for pid in workers) >= cpu

    return ready


def answered(count: int, then: Ready | None = None) -> Ready:
    """Ready once ``count`` lines are on standard output (and ``then`` holds)."""

    def ready(process: subprocess.Popen[bytes], out: Path) -> bool:
        if out.read_bytes().count(b"\n") < count:
            return False
        return then is None or then(process, out)

    return ready


def stop(
    command: str,
    args: list[str],
    tmp_path: Path,
    signum: int,
    ready: Ready,
    group: bool = False,
    again: float | None = None,
) -> Stopped:
    """Run ``python -m command args``; once ``ready``, send ``signum``; what it left.

    Standard output and error go to files (a full pipe would stall the
    run); SIGINT is not ignored in the command, even when pytest runs as
    a background job (as a shell starts a foreground command).  With
    ``group``, the command leads a process group of its own, and the
    signal goes to the whole group, its worker processes too (as
    ``timeout`` or ``kill -TERM -PGID`` send it).  With ``again``, the
    signal goes a second time that many seconds after the first (as a
    user presses Ctrl-C twice), if the command still runs.
    """
    out = tmp_path / "out"
    err = tmp_path / "err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        started = time.monotonic()
        process = start_command(command, args, stdout, stderr, new_group=group)
        try:
            deadline = time.monotonic() + 60
            while not ready(process, out):
                assert process.poll() is None, (
                    f"the run ended before it could be stopped: {err.read_text()!r}"
                )
                assert time.monotonic() < deadline, "the run never got under way"
                time.sleep(0.01)
            ran = time.monotonic() - started
            if group:
                os.killpg(process.pid, signum)
            else:
                process.send_signal(signum)
            if again is not None:
                time.sleep(again)
                if process.poll() is None:
                    process.send_signal(signum)
            process.wait(timeout=60)
        finally:
            if process.poll() is None:  # a failed assertion: not left running
                process.kill()
                process.wait()
    return Stopped(process.returncode, out.read_text(), err.read_text(), ran)


def dlx_stopped_count(
    done: Stopped, status: int, word: str, after: str = r"\d+ nodes"
) -> int:
    """Check a stopped ``dlx --count --json --stats``; the count so far.

    ``after``: how far the message says the search got (a pattern).
    """
    assert done.status == status, done.err
    summary = done.summary()
    assert summary["complete"] is False and summary["outcome"] == word, summary
    count = summary["count"]
    assert isinstance(count, int)
    plural = "" if count == 1 else "s"
    message = f"dlx: {word} after {after}: at least {count} solution{plural}"
    assert any(re.fullmatch(message, line) for line in done.lines()), done.err
    assert any(line.startswith("Altogether ") for line in done.lines()), done.err
    assert "Traceback" not in done.err
    return count


# -- dlx -------------------------------------------------------------------------------


@SIGNALS
def test_dlx_count(tmp_path: Path, signum: int, status: int, word: str) -> None:
    problem = queens_file(tmp_path, 14)
    args = ["--count", "--json", "--stats", str(problem)]
    done = stop("dlx", args, tmp_path, signum, searching())
    assert 0 < dlx_stopped_count(done, status, word) < 365_596


@SIGNALS
def test_dlx_memo_count(tmp_path: Path, signum: int, status: int, word: str) -> None:
    problem = queens_file(tmp_path, 14)
    args = ["--count", "--method", "memo", "--json", "--stats", str(problem)]
    done = stop("dlx", args, tmp_path, signum, searching())
    assert dlx_stopped_count(done, status, word) < 365_596
    assert any(line.startswith("dlx: memoised search ") for line in done.lines())


@pytest.mark.skipif(NO_SAT is not None, reason=NO_SAT or "")
@SIGNALS
def test_dlx_sat_count(tmp_path: Path, signum: int, status: int, word: str) -> None:
    # CaDiCaL, after the short DLX search: the signal reaches the solver's steps.
    # The signal may come after the solver found the puzzle's one solution
    # (it then looks for a second): the count so far is 0 or 1, and kept.
    problem = frisch_file(tmp_path, HARDEST[0])
    args = ["--method", "sat", "--count", "--limit", "1000", "--json", "--stats"]
    done = stop("dlx", [*args, str(problem)], tmp_path, signum, searching())
    assert dlx_stopped_count(done, status, word, after=r"[\d.]+ s") in (0, 1)
    stats = done.summary()["stats"]
    assert isinstance(stats, dict) and stats["solver"] == "cadical"
    # The run's wall clock since the search started (the DLX search and the
    # solver's set-up included), not the solver's own seconds.
    seconds = stats["seconds"]
    assert isinstance(seconds, float)
    assert UNDER_WAY / 2 < seconds < done.ran + 1
    assert f"after {seconds:.3g} s:" in done.err
    assert any(line.endswith(f" {seconds:.3g} s.") for line in done.lines())


@pytest.mark.skipif(NO_SAT is not None, reason=NO_SAT or "")
@SIGNALS
def test_dlx_sat_by_cp_sat(tmp_path: Path, signum: int, status: int, word: str) -> None:
    # A seed sends the problem to CP-SAT, which solves in a thread of its own.
    problem = frisch_file(tmp_path, HARDEST[0])
    args = ["--method", "sat", "--seed", "1", "--count", "--limit", "2", "--json"]
    ready = solver_solving()
    done = stop("dlx", [*args, "--stats", str(problem)], tmp_path, signum, ready)
    # As with CaDiCaL: the one solution may be found before the signal comes.
    assert dlx_stopped_count(done, status, word, after=r"[\d.]+ s") in (0, 1)
    stats = done.summary()["stats"]
    assert isinstance(stats, dict) and stats["solver"] == "cp-sat"


@SIGNALS
def test_dlx_best(tmp_path: Path, signum: int, status: int, word: str) -> None:
    problem = costly_langford_file(tmp_path, 15)
    args = ["--best", "2000", "--json", "--stats", str(problem)]
    done = stop("dlx", args, tmp_path, signum, searching())
    assert done.status == status, done.err
    summary = done.summary()
    assert summary["complete"] is False and summary["outcome"] == word, summary
    count = summary["count"]
    assert isinstance(count, int)
    printed = [json.loads(line) for line in done.out.splitlines()[:-1]]
    assert len(printed) == count
    costs = [record["cost"] for record in printed]
    assert costs == sorted(costs)
    if count:
        plural = "" if count == 1 else "s"
        message = (
            rf"dlx: {word} after \d+ nodes: printed the {count} cheapest solution"
            rf"{plural} found so far \(there may be cheaper ones\)"
        )
    else:
        message = rf"dlx: {word} after \d+ nodes: no solution found so far"
    assert any(re.fullmatch(message, line) for line in done.lines()), done.err
    assert done.lines()[-1].startswith("Altogether ")


@SIGNALS
def test_dlx_sample(tmp_path: Path, signum: int, status: int, word: str) -> None:
    # The diagram of every solution (memoised) takes many seconds to build:
    # stopped while building, nothing is drawn.
    problem = queens_file(tmp_path, 14)
    args = ["--sample", "5", "--seed", "1", "--json", "--stats", str(problem)]
    done = stop("dlx", args, tmp_path, signum, searching())
    assert done.status == status, done.err
    summary = done.summary()
    assert summary["complete"] is False and summary["outcome"] == word, summary
    assert summary["samples"] == 0 and done.out.count("\n") == 1
    message = rf"dlx: {word} after \d+ nodes: no solution drawn"
    assert any(re.fullmatch(message, line) for line in done.lines()), done.err
    assert any(line.startswith("Altogether ") for line in done.lines()), done.err


@SIGNALS
def test_dlx_preprocess_count(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    problem = queens_file(tmp_path, 14)
    args = ["--preprocess", "--count", "--json", "--stats", str(problem)]
    done = stop("dlx", args, tmp_path, signum, searching())
    assert 0 < dlx_stopped_count(done, status, word) < 365_596
    assert done.lines()[0].startswith("Removed ")  # the preprocessing's report


@SIGNALS
def test_dlx_jobs_count(tmp_path: Path, signum: int, status: int, word: str) -> None:
    problem = queens_file(tmp_path, 14)
    args = ["--jobs", "2", "--count", "--json", "--stats", str(problem)]
    done = stop("dlx", args, tmp_path, signum, workers_searching())
    assert dlx_stopped_count(done, status, word) < 365_596


@pytest.mark.parametrize("gap", [0.05, 0.3])
@SIGNALS
def test_dlx_jobs_count_signalled_twice(
    tmp_path: Path, signum: int, status: int, word: str, gap: float
) -> None:
    # A second signal while the pool shut down left idle workers waiting
    # for a task for ever, and the command waiting for them at its exit.
    problem = queens_file(tmp_path, 14)
    args = ["--jobs", "2", "--count", "--json", str(problem)]
    workers: list[int] = []

    def ready(process: subprocess.Popen[bytes], out: Path) -> bool:
        workers[:] = wait_for_workers(process, 2)
        return sum(cpu_seconds(pid) for pid in workers) >= UNDER_WAY

    done = stop("dlx", args, tmp_path, signum, ready, again=gap)
    assert done.status == status, done.err
    assert "Traceback" not in done.err
    assert done.lines()[-1].startswith(f"dlx: {word}"), done.err
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived the command"
        time.sleep(0.05)


# -- sudoku ----------------------------------------------------------------------------


def sudoku_stopped(
    done: Stopped, status: int, word: str, read: int, answered: int
) -> None:
    """Check a stopped ``sudoku --json``: status, summary object, last message."""
    assert done.status == status, done.err
    assert done.summary() == {
        "puzzles": read,
        "answered": answered,
        "errors": 0,
        "skipped": 0,
        "complete": False,
    }
    plural = "" if read == 1 else "s"
    assert done.lines()[-1] == (
        f"sudoku: {word} after {read} puzzle{plural} read: {answered} answered"
    )
    assert "Traceback" not in done.err


def puzzles_file(tmp_path: Path, puzzles: Iterator[str] | list[str]) -> Path:
    path = tmp_path / "puzzles.txt"
    path.write_text("".join(f"{puzzle}\n" for puzzle in puzzles))
    return path


@SIGNALS
def test_sudoku_count(tmp_path: Path, signum: int, status: int, word: str) -> None:
    # Two quick counts, then every 9x9 grid: a count that never ends.
    path = puzzles_file(tmp_path, [EASY9, EASY9, "." * 81])
    args = ["--json", "--count", "--no-progress", str(path)]
    done = stop("sudoku", args, tmp_path, signum, answered(2, searching()))
    sudoku_stopped(done, status, word, read=3, answered=2)
    message = rf"sudoku: {path}: puzzle 3 \(line 3\): {word} after \d+ nodes: at least \d+ solutions"
    assert re.fullmatch(message, done.lines()[-2]), done.err


@pytest.mark.skipif(NO_SAT is not None, reason=NO_SAT or "")
@SIGNALS
def test_sudoku_sat_solve(tmp_path: Path, signum: int, status: int, word: str) -> None:
    path = puzzles_file(tmp_path, [EASY9, *map(frisch, HARDEST)])
    args = ["--json", "--method", "sat", "--no-progress", str(path)]
    done = stop("sudoku", args, tmp_path, signum, answered(1, searching()))
    # The SAT solver may finish a 25x25 puzzle between the moment the test
    # sees it under way and the signal: the signal then stops the next one.
    # Either way the answers so far are kept, and the one under way is not.
    kept = done.summary()["answered"]
    assert isinstance(kept, int) and 1 <= kept <= len(HARDEST), done.err
    sudoku_stopped(done, status, word, read=kept + 1, answered=kept)


@pytest.mark.skipif(NO_SAT is not None, reason=NO_SAT or "")
@SIGNALS
def test_sudoku_sat_count(tmp_path: Path, signum: int, status: int, word: str) -> None:
    # The SAT search counts no nodes (the 2000 it reports are the short DLX
    # search's): as dlx does, the message says the search's seconds.  The
    # signal may come after the solver found the puzzle's one solution (the
    # count then says "at least 1") or even finished it (the next puzzle is
    # then the one stopped); either way the counts so far are kept.
    path = puzzles_file(tmp_path, [EASY9, *map(frisch, HARDEST)])
    args = ["--json", "--count", "--limit", "2", "--method", "sat", "--no-progress"]
    done = stop(
        "sudoku", [*args, str(path)], tmp_path, signum, answered(1, searching())
    )
    kept = done.summary()["answered"]
    assert isinstance(kept, int) and 1 <= kept <= len(HARDEST), done.err
    sudoku_stopped(done, status, word, read=kept + 1, answered=kept)
    stopped = kept + 1
    match = re.fullmatch(
        rf"sudoku: {path}: puzzle {stopped} \(line {stopped}\): {word} after "
        r"([\d.]+) s: at least (0 solutions|1 solution)",
        done.lines()[-2],
    )
    assert match, done.err
    # The puzzle seen under way ran a second before the signal came.
    least = UNDER_WAY / 4 if stopped == 2 else 0.0
    assert least <= float(match.group(1)) < done.ran + 1


def each_worker_searching(cpu: float = UNDER_WAY / 2) -> Ready:
    """Ready once two worker processes run and each has used ``cpu`` seconds."""

    def ready(process: subprocess.Popen[bytes], out: Path) -> bool:
        workers = wait_for_workers(process, 2)
        return all(cpu_seconds(pid) >= cpu for pid in workers)

    return ready


@SIGNALS
def test_sudoku_jobs_count(tmp_path: Path, signum: int, status: int, word: str) -> None:
    # Puzzles 2 and 5 are counts that never end, one in each worker; the
    # quick counts 3 and 4 are done by the time the second worker is busy
    # too, but wait behind puzzle 2 to be written; puzzle 6 never begins.
    # The signal ends the run with every answer the workers had and the
    # counts so far of the two under way (their workers stop them), in
    # input order, as a run without --jobs writes the one it was counting.
    blank = "." * 81
    path = puzzles_file(tmp_path, [EASY9, blank, EASY9, EASY9, blank, EASY9])
    args = ["--json", "--count", "--jobs", "2", "--no-progress", str(path)]
    done = stop("sudoku", args, tmp_path, signum, answered(1, each_worker_searching()))
    sudoku_stopped(done, status, word, read=6, answered=3)
    records = [json.loads(line) for line in done.out.splitlines()[:-1]]
    assert [record["puzzle"] for record in records] == [1, 2, 3, 4, 5], done.out
    for record in records:
        if record["puzzle"] in (2, 5):
            assert record["complete"] is False and record["outcome"] == word, record
            assert record["count"] > 0, record  # a second's search finds many
            message = (
                rf"sudoku: {path}: puzzle {record['puzzle']} \(line "
                rf"{record['puzzle']}\): {word} after \d+ nodes: at least "
                rf"{record['count']} solutions"
            )
            assert any(re.fullmatch(message, line) for line in done.lines()), done.err
        else:
            assert record["count"] == 1 and "complete" not in record, record


@SIGNALS
def test_sudoku_jobs_count_signal_to_the_group(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    # The signal reaches the workers too (as Ctrl-C, `timeout` or `kill
    # -TERM -PGID` send it).  They leave SIGINT to the command, which asks
    # them to stop; a SIGTERM stops a worker's task as that request does,
    # and the worker waits for the request rather than dying with its
    # count: the same records as a signal sent to the command alone.
    blank = "." * 81
    path = puzzles_file(tmp_path, [EASY9, blank, EASY9, blank])
    args = ["--json", "--count", "--jobs", "2", "--no-progress", str(path)]
    ready = answered(1, each_worker_searching())
    done = stop("sudoku", args, tmp_path, signum, ready, group=True)
    sudoku_stopped(done, status, word, read=4, answered=2)
    records = [json.loads(line) for line in done.out.splitlines()[:-1]]
    assert [record["puzzle"] for record in records] == [1, 2, 3, 4], done.out
    for stopped in records[1], records[3]:
        assert stopped["outcome"] == word and stopped["count"] > 0, records
    assert records[0]["count"] == records[2]["count"] == 1, records
    assert "died" not in done.err, done.err


def test_an_answer_finished_as_the_stop_request_comes_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In a worker of --jobs, a stop request that lands as the task leaves
    # (after its answer, before the task's end) must not turn the answer
    # into nothing: the puzzle would be neither answered nor reported.
    import contextlib

    import sudoku.cli
    from dlx import commands
    from sudoku.formats import Layout, Puzzle

    answer: object = ("answer", "1234341221434321", 1, "")

    @contextlib.contextmanager
    def task_stopped_at_its_end() -> Iterator[commands.StopSignals]:
        yield commands.StopSignals()
        raise KeyboardInterrupt  # the request, as the task ends

    monkeypatch.setattr(sudoku.cli, "_answer", lambda *given: answer)
    stop_requests = commands.WorkerStop()
    monkeypatch.setattr(stop_requests, "task", task_stopped_at_its_end)
    monkeypatch.setattr(sudoku.cli, "WORKER_STOP", stop_requests)
    puzzle = Puzzle(1, 1, "1......2..4..3..", Layout.LINES, None)
    kept: object = sudoku.cli._work(puzzle, None, None)  # type: ignore[arg-type]
    assert kept == answer


def ctrl_c_on_a_terminal(args: list[str], tmp_path: Path, ready: Ready) -> Stopped:
    """Run ``python -m sudoku args`` on a terminal of its own; once ``ready``, type Ctrl-C.

    The command leads a new session whose controlling terminal is a
    pseudo-terminal (its standard input): the terminal's driver sends
    SIGINT to the whole foreground process group, the command and its
    worker processes alike, as a shell's foreground job gets it.
    """
    import fcntl
    import pty
    import termios

    def take_terminal() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    leader, follower = pty.openpty()
    out, err = tmp_path / "out", tmp_path / "err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "sudoku", *args],
            stdin=follower,
            stdout=stdout,
            stderr=stderr,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
            start_new_session=True,
            preexec_fn=take_terminal,
        )
        os.close(follower)
        try:
            deadline = time.monotonic() + 60
            while not ready(process, out):
                assert process.poll() is None, err.read_text()
                assert time.monotonic() < deadline, "the run never got under way"
                time.sleep(0.01)
            ran = time.monotonic() - started
            os.write(leader, termios.tcgetattr(leader)[6][termios.VINTR])
            process.wait(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            os.close(leader)
    return Stopped(process.returncode, out.read_text(), err.read_text(), ran)


def test_sudoku_jobs_count_ctrl_c_on_a_terminal(tmp_path: Path) -> None:
    # Ctrl-C reaches the workers too; they leave it to the command, which
    # asks them to stop: the same records as a SIGINT sent to the command.
    blank = "." * 81
    path = puzzles_file(tmp_path, [EASY9, blank, EASY9, blank])
    args = ["--json", "--count", "--jobs", "2", str(path)]
    done = ctrl_c_on_a_terminal(args, tmp_path, answered(1, each_worker_searching()))
    sudoku_stopped(done, 130, "interrupted", read=4, answered=2)
    records = [json.loads(line) for line in done.out.splitlines()[:-1]]
    assert [record["puzzle"] for record in records] == [1, 2, 3, 4], done.out
    for stopped in records[1], records[3]:
        assert stopped["outcome"] == "interrupted" and stopped["count"] > 0, records
    assert records[0]["count"] == records[2]["count"] == 1, records


def one_worker_done(busy: float = UNDER_WAY, idle: float = 0.5) -> Ready:
    """Ready once one worker has used ``busy`` seconds and the other has used none for ``idle``.

    The other has answered its puzzle, however slow the machine: its CPU
    time stopped growing (an idle worker waits for a task without using
    any).
    """
    seen: dict[int, tuple[float, float]] = {}  # pid: CPU, and since when

    def ready(process: subprocess.Popen[bytes], out: Path) -> bool:
        now = time.monotonic()
        still = []
        for pid in wait_for_workers(process, 2):
            cpu = cpu_seconds(pid)
            if pid not in seen or seen[pid][0] != cpu:
                seen[pid] = (cpu, now)
            still.append((now - seen[pid][1] >= idle, cpu))
        return any(
            done and cpu >= busy
            for (done, _), (_, cpu) in itertools.permutations(still, 2)
        )

    return ready


@SIGNALS
def test_sudoku_jobs_explain(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    # An explanation stopped in a worker keeps its steps, as one stopped
    # in the command does: the 16x16 example takes most of a minute (its
    # first steps well under a second), the other 16x16 a tenth of one.
    sixteen = "".join((LOCAL_DATA / "sudoku16.in").read_text().split())
    easy = (LOCAL_DATA / "sudoku16_gecode_janko55.txt").read_text().split()[0]
    path = puzzles_file(tmp_path, [sixteen, easy])
    args = ["--json", "--explain", "--jobs", "2", "--no-progress", str(path)]
    # Stopped once the easy one is answered in its worker, and the other
    # worker is well into the long one.
    done = stop("sudoku", args, tmp_path, signum, one_worker_done())
    sudoku_stopped(done, status, word, read=2, answered=1)
    first, second = (json.loads(line) for line in done.out.splitlines()[:-1])
    assert first["puzzle"] == 1 and first["outcome"] == word, first
    explanation = first["explanation"]
    assert explanation["complete"] is False and explanation["steps"], first
    steps = len(explanation["steps"])
    plural = "" if steps == 1 else "s"
    message = rf"sudoku: {path}: puzzle 1 \(line 1\): {word} after {steps} step{plural}"
    assert any(re.fullmatch(message, line) for line in done.lines()), done.err
    assert second["puzzle"] == 2 and second["explanation"]["complete"], second
