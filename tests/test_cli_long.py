"""Long runs of the ``dlx`` command, with real processes: signals, checkpoints, pipes.

Each test starts ``python -m dlx`` as a subprocess and talks to it the way
a shell would: sends it SIGINT or SIGTERM, closes its pipes, points its
output at a full device.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from subprocess import PIPE
from typing import IO

import pytest
from dlx_helpers import langford, langford_file, start_command, wait_for_workers

from dlx.cli import CHECKPOINT_FORMAT

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def start(
    args: list[str], stdout: IO[bytes] | int = PIPE, stderr: IO[bytes] | int = PIPE
) -> subprocess.Popen[bytes]:
    return start_command("dlx", args, stdout, stderr)


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dlx", *args],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def wait_for(path: Path, process: subprocess.Popen[bytes]) -> None:
    """Wait until ``path`` exists (the first checkpoint), while the process runs."""
    deadline = time.monotonic() + 60
    while not path.exists():
        assert process.poll() is None, "the search ended before it could be stopped"
        assert time.monotonic() < deadline
        time.sleep(0.01)


def expected_run(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run([str(path), "--stats", *extra])


@pytest.mark.processes
@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_a_signal_stops_a_count_and_the_checkpoint_resumes_it_exactly(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    problem = langford_file(tmp_path, 11)
    whole = expected_run(problem, "--count")
    assert whole.returncode == 0 and whole.stdout == "35584\n"
    checkpoint = tmp_path / "run.json"
    args = [str(problem), "--count", "--stats", "--checkpoint", str(checkpoint)]
    process = start([*args, "--checkpoint-every", "0.1"])
    wait_for(checkpoint, process)
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == status
    assert out == b""  # a partial count is never printed as if it were the count
    lines = err.decode().splitlines()
    assert lines[0].startswith(f"dlx: {word} after ")
    assert "at least" in lines[0] and str(checkpoint) in lines[0]
    assert lines[1].startswith("Altogether ")
    saved = json.loads(checkpoint.read_text())
    assert saved["format"] == CHECKPOINT_FORMAT and saved["clean"] is True
    # The same command again: the count and Knuth's statistics of one run.
    again = run(args)
    assert again.returncode == 0
    assert again.stdout == whole.stdout
    assert again.stderr.splitlines()[0].startswith(f"dlx: resuming from {checkpoint}")
    assert again.stderr.splitlines()[-1] == whole.stderr.splitlines()[-1]
    assert not checkpoint.exists()  # done: nothing left to resume


@pytest.mark.processes
def test_listing_resumed_after_sigterm_prints_exactly_the_rest(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 11)
    whole = expected_run(problem)
    checkpoint = tmp_path / "list.json"
    args = [str(problem), "--stats", "--checkpoint", str(checkpoint)]
    printed = tmp_path / "first.out"
    with printed.open("wb") as stream:  # a file: a full pipe would stall the run
        process = start([*args, "--checkpoint-every", "0.1"], stdout=stream)
        wait_for(checkpoint, process)
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=60)
    assert process.returncode == 143
    again = run(args)
    assert again.returncode == 0
    assert printed.read_text() + again.stdout == whole.stdout
    assert again.stderr.splitlines()[-1] == whole.stderr.splitlines()[-1]


@pytest.mark.processes
def test_after_a_hard_kill_the_repeated_solutions_are_announced(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 11)
    whole = run([str(problem)]).stdout.split("\n\n")
    checkpoint = tmp_path / "kill.json"
    args = [str(problem), "--checkpoint", str(checkpoint)]
    with (tmp_path / "killed.out").open("wb") as stream:
        process = start([*args, "--checkpoint-every", "0.1"], stdout=stream)
        wait_for(checkpoint, process)
        time.sleep(0.3)  # a later checkpoint may replace the first: read it after
        process.kill()
        process.communicate(timeout=60)
    saved = json.loads(checkpoint.read_text())
    assert saved["clean"] is False
    done = saved["position"]["solutions"]
    again = run(args)
    assert again.returncode == 0
    assert "printed again" in again.stderr
    text = again.stdout
    # The resumed run prints what follows the checkpoint, each solution once,
    # the first after the blank line that separates it from those before.
    if done:
        assert text.startswith("\n")
        text = text[1:]
    assert whole[done:] == text.split("\n\n")


@pytest.mark.processes
def test_damaged_or_foreign_checkpoints_are_refused_and_kept(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 5)
    for name, text in [
        ("garbage.json", "not json at all"),
        ("other.json", '{"format": "something-else"}'),
        ("damaged.json", f'{{"format": "{CHECKPOINT_FORMAT}", "count": true}}'),
    ]:
        path = tmp_path / name
        path.write_text(text)
        result = run([str(problem), "--count", "--checkpoint", str(path)])
        assert result.returncode == 2
        assert result.stderr.startswith(f"dlx: {path}: ")
        assert len(result.stderr.splitlines()) == 1
        assert path.read_text() == text
    # A checkpoint of another problem.
    other = langford_file(tmp_path, 8)
    checkpoint = tmp_path / "eight.json"
    process = start(
        [str(other), "--count", "--checkpoint", str(checkpoint), "--max-nodes", "100"]
    )
    process.communicate(timeout=60)
    assert process.returncode == 3 and checkpoint.exists()
    kept = checkpoint.read_text()
    result = run([str(problem), "--count", "--checkpoint", str(checkpoint)])
    assert result.returncode == 2
    assert "another problem" in result.stderr and str(checkpoint) in result.stderr
    assert checkpoint.read_text() == kept
    # A run with another --limit: its count so far may be past the limit
    # (the first run had none), so it is refused, and the file kept.
    for limit in (["--limit", "5"], ["--limit", "1000"]):
        result = run([str(other), "--count", *limit, "--checkpoint", str(checkpoint)])
        assert result.returncode == 2, result.stderr
        assert result.stderr == (
            f"dlx: {checkpoint}: a checkpoint of a run without --limit; run the "
            "same command again, or remove the file to start afresh\n"
        )
        assert checkpoint.read_text() == kept
    # ... and a run of the same problem with the budget lifted finishes it.
    result = run([str(other), "--count", "--checkpoint", str(checkpoint)])
    assert result.returncode == 0 and result.stdout == "300\n"
    # A checkpoint of a run with a limit resumes only with that limit.
    limited = ["--count", "--limit", "200", "--checkpoint", str(checkpoint)]
    process = start([str(other), *limited, "--max-nodes", "100"])
    process.communicate(timeout=60)
    assert process.returncode == 3 and checkpoint.exists()
    result = run([str(other), "--count", "--checkpoint", str(checkpoint)])
    assert result.returncode == 2
    assert "a checkpoint of a run with --limit 200;" in result.stderr
    result = run([str(other), *limited])
    assert result.returncode == 0 and result.stdout == "200\n"


@pytest.mark.processes
def test_a_checkpoint_resumes_only_with_its_seed(tmp_path: Path) -> None:
    # --seed picks another tree: a run resumed with another seed (or with
    # one where the first had none) went on down its own, and its --stats
    # were neither run's.  Refused, the file kept; with the seed, the
    # resumed run ends with the uninterrupted run's count and statistics.
    problem = langford_file(tmp_path, 8)
    checkpoint = tmp_path / "seeded.json"
    for saved, resumed in [(["--seed", "3"], ["--seed", "4"]), ([], ["--seed", "4"])]:
        checkpoint.unlink(missing_ok=True)
        first = [str(problem), "--count", "--checkpoint", str(checkpoint)]
        process = start([*first, *saved, "--max-nodes", "100"])
        process.communicate(timeout=60)
        assert process.returncode == 3 and checkpoint.exists()
        kept = checkpoint.read_text()
        for other in (resumed, []) if saved else (resumed,):
            result = run([*first, *other])
            assert result.returncode == 2, result.stderr
            said = f"with --seed {saved[1]}" if saved else "without --seed"
            assert result.stderr == (
                f"dlx: {checkpoint}: a checkpoint of a run {said}; run the same "
                "command again, or remove the file to start afresh\n"
            )
            assert checkpoint.read_text() == kept
        again = run([*first, *saved, "--stats"])
        whole = run([str(problem), "--count", *saved, "--stats"])
        assert again.returncode == 0 and again.stdout == whole.stdout == "300\n"
        stats = whole.stderr.splitlines()[-1]
        assert stats.startswith("Altogether 300 solutions, ") and stats in again.stderr


@pytest.mark.processes
def test_progress_lines_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 11)
    hidden = run([str(problem), "--count"])
    assert hidden.stderr == ""
    shown = run([str(problem), "--count", "--progress"])
    assert shown.returncode == 0 and shown.stdout == "35584\n"
    lines = shown.stderr.splitlines()
    assert lines and all(line.startswith("dlx: ") for line in lines)
    assert all("% done" in line for line in lines)


# -- pipes and failed output ---------------------------------------------------------


@pytest.mark.processes
def test_a_closed_pipe_ends_with_141(tmp_path: Path) -> None:
    # `dlx problem | head -1`, with megabytes to print: more than a pipe holds.
    problem = langford_file(tmp_path, 11)
    process = start([str(problem)])
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=60) == 141
    assert process.stderr is not None and process.stderr.read() == b""
    # `dlx --count --max-nodes 10 problem 2>&1 | true`: the message cannot be
    # written either; the closed pipe decides the status.
    read, write = os.pipe()
    os.close(read)
    process = start(
        [str(problem), "--count", "--max-nodes", "10"], stdout=write, stderr=write
    )
    os.close(write)
    assert process.wait(timeout=60) == 141


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_a_message_and_status_74(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 7)
    with open("/dev/full", "wb") as full:
        process = start([str(problem)], stdout=full)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 74
    assert err.decode() == (
        "dlx: cannot write to standard output: No space left on device\n"
    )


@pytest.mark.processes
def test_closed_standard_streams(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 4)
    python = sys.executable
    closed_out = subprocess.run(
        ["bash", "-c", f'"{python}" -m dlx "{problem}" >&-'],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
    )
    assert closed_out.returncode == 74
    assert closed_out.stderr == "dlx: cannot write to standard output: it is closed\n"
    closed_in = subprocess.run(
        ["bash", "-c", f'"{python}" -m dlx <&-'],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
    )
    assert closed_in.returncode == 2
    assert closed_in.stderr == "dlx: <stdin>: cannot read: standard input is closed\n"


@pytest.mark.processes
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--checkpoint-every", "5"], "--checkpoint-every only goes with --checkpoint"),
        (["--progress", "--no-progress"], "not allowed with argument"),
        (["--checkpoint", "-"], "--checkpoint -: a checkpoint is a file"),
    ],
)
def test_inert_or_contradictory_options_are_refused(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = run([str(langford_file(tmp_path, 4)), *args])
    assert result.returncode == 2
    assert message in result.stderr


@pytest.mark.processes
def test_estimate_prints_the_estimates_without_searching(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 8)
    result = run([str(problem), "--estimate", "--probes", "3000", "--seed", "7"])
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    truth = langford(8).search(count_only=True)
    list(truth)
    for name, exact in (("nodes", truth.stats.nodes), ("solutions", 300)):
        value, error = lines[f"estimated {name}"].split(" ± ")
        estimate = float(value)
        relative = float(error.rstrip(" %")) / 100
        assert abs(estimate - exact) <= 5 * relative * estimate
    assert lines["probes"].startswith("3,000 in ")
    assert lines["estimated time"].startswith(("about", "under"))


@pytest.mark.processes
def test_estimate_within_a_time_budget_is_the_estimate_of_the_probes_taken(
    tmp_path: Path,
) -> None:
    problem = langford_file(tmp_path, 12)
    args = ["--estimate", "--probes", "10000000", "--seed", "3", "--json"]
    result = run([str(problem), *args, "--timeout", "0.5", "--progress"])
    assert result.returncode == 3, result.stderr
    record = json.loads(result.stdout)
    taken = record["estimate"]["probes"]
    assert 1 <= taken < 10_000_000
    assert (record["complete"], record["outcome"]) == (False, "out_of_time")
    lines = result.stderr.splitlines()
    assert lines[-1] == (
        "dlx: estimate stopped (time budget of 0.5 s used up): it is of the "
        f"{taken} probe{'' if taken == 1 else 's'} taken of 10000000"
    )
    # Without --timeout and --progress: the same estimate of as many probes.
    same = run([str(problem), *args[:2], str(taken), *args[3:]])
    assert same.returncode == 0 and same.stderr == ""
    assert json.loads(same.stdout)["estimate"]["nodes"] == record["estimate"]["nodes"]


@pytest.mark.processes
@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_estimate_stopped_by_a_signal_writes_the_estimate_so_far(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    problem = langford_file(tmp_path, 12)
    args = [str(problem), "--estimate", "--probes", "10000000", "--progress"]
    process = start(args)
    assert process.stderr is not None
    # The first progress line: probes are under way.
    assert process.stderr.readline().startswith(b"dlx: estimate: ")
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == status, err
    lines = dict(line.split(": ", 1) for line in out.decode().splitlines())
    taken = int(lines["probes"].split(" in ")[0].replace(",", ""))
    assert 1 <= taken < 10_000_000
    assert err.decode().splitlines()[-1] == (
        f"dlx: estimate stopped ({word}): it is of the {taken} "
        f"probe{'' if taken == 1 else 's'} taken of 10000000"
    )


@pytest.mark.processes
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--estimate", "--count"], "--estimate does not search, so --count"),
        (["--probes", "10"], "--probes only goes with --estimate"),
        (["--estimate", "--probes", "0"], "--probes must be a whole number from 1 up"),
    ],
)
def test_estimate_options_that_do_not_fit(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = run([str(langford_file(tmp_path, 4)), *args])
    assert result.returncode == 2
    assert message in result.stderr


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_jobs_survive_a_killed_worker_process(tmp_path: Path, signum: int) -> None:
    # kill -9 one worker of `dlx --jobs 2`: a new pool runs its task again,
    # and the count and statistics are those of one process.  A SIGTERM
    # to the worker alone (not the command's stop request, which never
    # comes) ends it too, after dlx.commands.ASK_WAIT seconds.
    problem = langford_file(tmp_path, 11)
    whole = expected_run(problem, "--count")
    process = start([str(problem), "--count", "--stats", "--jobs", "2"])
    workers = wait_for_workers(process)
    time.sleep(0.2)  # let the workers take tasks
    os.kill(workers[0], signum)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert out.decode() == whole.stdout == "35584\n"
    assert err.decode().splitlines()[0] == whole.stderr.splitlines()[-1]


@pytest.mark.processes
def test_a_resumed_run_with_a_smaller_budget_says_how_far_the_search_is(
    tmp_path: Path,
) -> None:
    # --max-nodes counts the nodes of every run: a run resumed with a
    # budget below what the checkpoint's runs took stops at once, and says
    # the nodes taken (it said "after 100 nodes" of a search at 2000).
    problem = langford_file(tmp_path, 11)
    checkpoint = tmp_path / "ck.json"
    args = [str(problem), "--count", "--checkpoint", str(checkpoint)]
    first = run([*args, "--max-nodes", "2000"])
    assert first.returncode == 3, first.stderr
    again = run([*args, "--max-nodes", "100"])
    assert again.returncode == 3, again.stderr
    assert again.stderr.splitlines()[-1].startswith(
        "dlx: search stopped after 2000 nodes (node budget of 100 used up): "
    ), again.stderr
    assert checkpoint.exists()


@pytest.mark.processes
def test_a_checkpoint_due_at_the_very_end_is_not_saved(tmp_path: Path) -> None:
    # The last progress report comes when the search is over: nothing to
    # save then, and the count still prints.
    problem = langford_file(tmp_path, 8)
    checkpoint = tmp_path / "end.json"
    args = [str(problem), "--count", "--checkpoint", str(checkpoint)]
    result = run([*args, "--checkpoint-every", "0.0001"])
    assert (result.returncode, result.stdout, result.stderr) == (0, "300\n", "")
    assert not checkpoint.exists()
    listing = run(
        [str(problem), "--checkpoint", str(checkpoint), "--checkpoint-every", "0.0001"]
    )
    assert listing.returncode == 0 and listing.stderr == ""
    assert listing.stdout.count("\n\n") == 299


@pytest.mark.processes
def test_a_damaged_random_state_in_a_checkpoint_is_refused(tmp_path: Path) -> None:
    problem = langford_file(tmp_path, 7)
    checkpoint = tmp_path / "seeded.json"
    args = [str(problem), "--count", "--seed", "3", "--checkpoint", str(checkpoint)]
    stopped = run([*args, "--max-nodes", "50"])
    assert stopped.returncode == 3
    data = json.loads(checkpoint.read_text())
    data["position"]["rng"] = [3, [1, 2, 3], None]
    checkpoint.write_text(json.dumps(data))
    result = run(args)
    assert result.returncode == 2
    assert result.stderr.startswith(
        f"dlx: {checkpoint}: a damaged pydlx search position"
    )


def _listed(text: str) -> tuple[list[tuple[int, ...]], dict[str, object]]:
    """The solutions of a ``--json`` listing, and its summary."""
    records = [json.loads(line) for line in text.splitlines()]
    solutions = [tuple(r["options"]) for r in records if "solution" in r]
    assert [r["solution"] for r in records if "solution" in r] == list(
        range(1, len(solutions) + 1)
    )
    return solutions, records[-1]


@pytest.mark.processes
@pytest.mark.parametrize("budget", [["--max-nodes", "3000"], ["--timeout", "2"]])
def test_a_split_listing_stopped_by_its_budget_prints_every_solution_found(
    tmp_path: Path, budget: list[str]
) -> None:
    # The tasks finish out of the serial order: at the stop, what they
    # found past the first unfinished subproblem is printed too, so the
    # listing holds every solution its statistics count.
    problem = langford_file(tmp_path, 12)
    options = langford(12)
    stopped = run([str(problem), "--json", "--jobs", "2", *budget])
    assert stopped.returncode == 3
    solutions, summary = _listed(stopped.stdout)
    stats = summary["stats"]
    assert isinstance(stats, dict)
    assert summary["count"] == len(solutions) == stats["solutions"] > 0
    assert len(set(solutions)) == len(solutions)
    for solution in solutions:  # each an exact cover of the 36 items
        items = [item for k in solution for item in options.option(k)]
        assert len(items) == len(set(items)) == 36
    assert stopped.stderr.endswith(f": {len(solutions)} solutions found\n")


@pytest.mark.processes
def test_a_split_listing_stopped_by_a_signal_prints_every_solution_found(
    tmp_path: Path,
) -> None:
    problem = langford_file(tmp_path, 12)
    printed = tmp_path / "listing.out"
    with printed.open("wb") as stream:
        process = start([str(problem), "--json", "--jobs", "2"], stdout=stream)
        deadline = time.monotonic() + 60
        while printed.stat().st_size < 20_000 and time.monotonic() < deadline:
            assert process.poll() is None
            time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    solutions, summary = _listed(printed.read_text())
    stats = summary["stats"]
    assert isinstance(stats, dict)
    assert summary["count"] == len(solutions) == stats["solutions"] > 0
    assert len(set(solutions)) == len(solutions)
    assert err.decode().endswith(f": {len(solutions)} solutions found\n")


@pytest.mark.processes
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_checkpoint_that_is_no_file_is_refused(tmp_path: Path, device: str) -> None:
    # --checkpoint /dev/zero read without end (killed by the kernel, or "out
    # of memory: the search does not fit"), and a run would save over it.
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    problem = langford_file(tmp_path, 4)
    done = run([str(problem), "--count", "--checkpoint", device])
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"dlx: {device}: not a dlx checkpoint file: not a regular file (a "
        "checkpoint is a file the run saves and replaces)\n"
    )
