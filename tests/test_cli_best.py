"""``dlx --best K``: the K cheapest solutions from the command, with real processes.

The output format (a ``| cost N`` comment before each solution's option
lines, so that it is still Knuth's format), ``--stats`` with DLX5's
figures (``tests/data/dlx5/expected.tsv``), ``--json``, the refusals, a
``--jobs 2`` run on a real process pool, and Ctrl-C keeping the best so far.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from dlx_helpers import langford_file

from dlx import parse_dlx, read_dlx
from dlx.cli import main

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "dlx5"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dlx", *args],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def dlx5(name: str, k: int) -> tuple[str, list[int]]:
    """DLX5's closing line (without mems and bytes) and optimum costs for a file and k."""
    for line in (DATA / "expected.tsv").read_text().splitlines():
        fields = line.split("\t")
        if fields[:2] == [f"dlx5/{name}", str(k)]:
            solutions, nodes, updates, cleansings = fields[2:6]
            plural = "" if solutions == "1" else "s"
            summary = (
                f"Altogether {solutions} solution{plural}, {updates} updates, "
                f"{cleansings} cleansings, {nodes} nodes."
            )
            costs = [] if fields[6] == "-" else [int(c) for c in fields[6].split(",")]
            return summary, costs
    raise AssertionError(f"no DLX5 numbers for {name} k{k}")


def blocks(text: str) -> list[tuple[int, list[str]]]:
    """The solutions printed: their costs and option lines."""
    found = []
    for block in text.split("\n\n"):
        lines = block.strip("\n").split("\n")
        match = re.fullmatch(r"\| cost (\d+)", lines[0])
        assert match, lines[0]
        found.append((int(match.group(1)), lines[1:]))
    return found


def test_the_cheapest_solutions_and_dlx5s_statistics(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = DATA / "timetable.dlx"
    problem = read_dlx(path.open("rb"))
    item_line = format_items(path)
    for k in (1, 3, 5):
        assert main([str(path), "--best", str(k), "--stats"]) == 0
        out, err = capsys.readouterr()
        summary, costs = dlx5("timetable", k)
        assert err.splitlines() == [summary]
        found = blocks(out)
        assert [cost for cost, _ in found] == costs
        # Still Knuth's format: with the item line, the output reads as a
        # problem (the '| cost' lines are comments) of the options printed.
        again = parse_dlx(item_line + out)
        assert len(again) == sum(len(lines) for _, lines in found)
        for cost, lines in found:
            options = [problem_option(problem, line) for line in lines]
            assert sum(problem.cost(k) for k in options) == cost
        assert sorted(problem.costs_of(s) for _, s in problem.best(k)) == costs


def test_the_how_tos_timetable_is_the_fixture() -> None:
    # DLX5's numbers for tests/data/dlx5/timetable.dlx are those of the page.
    page = (ROOT / "docs" / "examples" / "timetable.dlx").read_text()
    assert page == (DATA / "timetable.dlx").read_text()


def format_items(path: Path) -> str:
    """The item line of a file (its first line that is not a comment), with its line end."""
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("|"):
            return line + "\n"
    raise AssertionError("no item line")


def problem_option(problem: object, line: str) -> int:
    """The number of the option printed as ``line`` (its items and cost)."""
    from dlx import ExactCover
    from dlx.textformat import format_option

    assert isinstance(problem, ExactCover)
    for k in range(len(problem)):
        cost = problem.cost(k)
        text = format_option(problem.option(k)) + (f" |{cost}" if cost else "")
        if text == line:
            return k
    raise AssertionError(f"no option {line!r}")


@pytest.mark.processes
def test_json_lines() -> None:
    result = run(str(DATA / "queens6cost.dlx"), "--best", "2", "--json")
    assert result.returncode == 0 and result.stderr == ""
    records = [json.loads(line) for line in result.stdout.splitlines()]
    summary, costs = dlx5("queens6cost", 2)
    assert [r["cost"] for r in records[:-1]] == costs
    assert [r["solution"] for r in records[:-1]] == [1, 2]
    problem = read_dlx((DATA / "queens6cost.dlx").open("rb"))
    for record in records[:-1]:
        assert problem.costs_of(record["options"]) == record["cost"]
        assert len(record["lines"]) == len(record["options"])
    last = records[-1]
    assert (last["count"], last["complete"], last["outcome"]) == (2, True, "exhausted")
    stats = last["stats"]
    expected = re.findall(r"\d+", summary)  # solutions, updates, cleansings, nodes
    assert [stats[key] for key in ("solutions", "updates", "cleansings", "nodes")] == [
        int(n) for n in expected
    ]


def test_bad_input_and_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.dlx"
    bad.write_text("A B\nA |2\nB |x2\n")
    assert main([str(bad), "--best", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"dlx: {bad}:3:3: cost '|x2' is not a decimal number\n"
    timetable = str(DATA / "timetable.dlx")
    refusals = {
        ("--best", "0"): "--best must be a whole number from 1 up, not '0'",
        ("--best", "2", "--estimate"): "--estimate does not go with --best: "
        "Algorithm X5's tree depends on the solutions it finds, so it cannot be "
        "estimated",
        ("--best", "2", "--seed", "1"): "--best does not go with --seed",
        ("--best", "2", "--jobs", "2", "--checkpoint", "c.json"): "--best "
        "does not go with --jobs and --checkpoint",
        ("--best", "2", "--count"): "--best does not go with --count",
        ("--best", "2", "--jobs", "2", "--limit", "1"): "--best does not go with "
        "--jobs and --limit",
        ("--best", "2", "--jobs", "2", "--max-nodes", "9"): "--best does not go "
        "with --jobs and --max-nodes",
        ("--best", "2", "--jobs", "2", "--progress"): "--best does not go with "
        "--jobs and --progress: the tasks of a minimum-cost search report no "
        "progress",
        ("--best", "2", "--sample", "2"): "--best does not go with --sample",
        ("--best", "2", "--method", "memo"): "--best does not go with --method "
        "memo: memoised search counts solutions and knows no costs",
    }
    for args, message in refusals.items():
        with pytest.raises(SystemExit) as caught:
            main([timetable, *args])
        assert caught.value.code == 2, args
        out, err = capsys.readouterr()
        assert out == ""
        assert f"dlx: error: {message}" in err, (args, err)
    bounded = tmp_path / "bounded.dlx"
    bounded.write_text("2|A\nA\nA |1\n")
    assert main([str(bounded), "--best", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"dlx: {bounded}: --best runs Knuth's Algorithm X5 (DLX5), which does not "
        "handle bounds on items (multiplicities): find them with --method sat\n"
    )


def test_a_checkpoint_resumes_a_stopped_search_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(DATA / "queens6cost.dlx")
    checkpoint = str(tmp_path / "best.json")
    args = [path, "--best", "2", "--stats", "--checkpoint", checkpoint]
    assert main([*args, "--max-nodes", "40"]) == 3
    out, err = capsys.readouterr()
    assert len(blocks(out)) == 1  # the best found in 40 nodes
    # --max-nodes counts the nodes of every run, --best's too: the same
    # command would stop again at once (it said "the same command resumes").
    assert err.splitlines()[0].endswith(
        f"; run again with a larger --max-nodes to resume from {checkpoint} "
        "(it counts the nodes of every run)"
    )
    assert main([*args, "--max-nodes", "40"]) == 3  # as it says: no progress
    assert "resuming from" in capsys.readouterr().err
    assert Path(checkpoint).exists()
    # Another k cannot take it.
    assert main([path, "--best", "3", "--checkpoint", checkpoint]) == 2
    out, err = capsys.readouterr()
    assert "a checkpoint of a run with --best 2" in err
    # The same command again: DLX5's figures for one run.
    assert main(args) == 0
    out, err = capsys.readouterr()
    summary, costs = dlx5("queens6cost", 2)
    assert [cost for cost, _ in blocks(out)] == costs
    assert err.splitlines() == [
        f"dlx: resuming from {checkpoint}: 40 nodes and 1 solution so far",
        summary,
    ]
    assert not Path(checkpoint).exists()


@pytest.mark.processes
def test_jobs_on_real_processes_find_the_same_costs() -> None:
    path = DATA / "queens6cost.dlx"
    serial = read_dlx(path.open("rb")).best(3)
    split = run(str(path), "--best", "3", "--jobs", "2", "--stats")
    assert split.returncode == 0, split.stderr
    assert [c for c, _ in blocks(split.stdout)] == [c for c, _ in serial]
    lines = split.stderr.splitlines()
    assert lines[0].startswith("Altogether ")
    assert re.fullmatch(
        r"dlx: \d+ tasks, \d+ of them started with a bound .*", lines[1]
    )


@pytest.mark.processes
def test_ctrl_c_prints_the_cheapest_found_so_far(tmp_path: Path) -> None:
    # Langford pairs, n = 15, with costs: k = 1000 prunes little, so
    # solutions come at once and the whole search takes many minutes on
    # any machine (n = 11 took minutes on a busy one, 3 s on a quiet one).
    plain = langford_file(tmp_path, 15).read_text().splitlines()
    costly = tmp_path / "langford_costs.dlx"
    lines = [plain[0]] + [f"{line} |{(7 * k) % 10}" for k, line in enumerate(plain[1:])]
    costly.write_text("\n".join(lines) + "\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "dlx", str(costly), "--best", "1000", "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=ENV,
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while True:  # a progress line a second; wait for one with solutions
        line = process.stderr.readline().decode()
        assert line, "the search ended before it could be stopped"
        match = re.match(r"dlx: (\d+) solutions?", line)
        if match and int(match.group(1)) > 0:
            break
        assert time.monotonic() < deadline
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    found = blocks(out.decode())
    assert found and len(found) <= 1000
    costs = [cost for cost, _ in found]
    assert costs == sorted(costs)
    message = err.decode().splitlines()[-1]
    assert re.fullmatch(
        rf"dlx: interrupted after \d+ nodes: printed the {len(found)} cheapest "
        r"solutions? found so far \(there may be cheaper ones\)",
        message,
    ), message


def test_a_count_stopped_by_its_node_budget_says_how_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # --max-nodes counts the nodes of every run: the same command would
    # stop again at once (it once said "the same command resumes"), so the
    # message asks for a larger budget, and a larger one goes on.
    path = str(DATA / "queens6cost.dlx")
    checkpoint = str(tmp_path / "count.json")
    args = [path, "--count", "--checkpoint", checkpoint]
    assert main([*args, "--max-nodes", "10"]) == 3
    err = capsys.readouterr().err
    assert err.splitlines()[0].endswith(
        f"; run again with a larger --max-nodes to resume from {checkpoint} "
        "(it counts the nodes of every run)"
    )
    assert main([*args, "--max-nodes", "10"]) == 3  # as it says: no progress
    capsys.readouterr()
    assert main([*args, "--max-nodes", "10000"]) == 0
    out, err = capsys.readouterr()
    whole = main([path, "--count"])
    assert (out, whole) == (capsys.readouterr().out, 0)
    assert not Path(checkpoint).exists()
