"""Memoised search from the ``dlx`` command: ``--method memo`` and ``--sample``.

Counts are checked against plain search run by the same command (or a
published count), drawn solutions against the problem (each an exact
cover), and every refusal against its message: the options memoised
search does not take, and the problems it does not search (bounds).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from dlx_helpers import dominoes, langford_file, n_queens

from dlx import Colored, ExactCover, format_dlx, parse_dlx
from dlx.cli import main

ROOT = Path(__file__).resolve().parent.parent
DLX3 = ROOT / "docs" / "examples" / "dlx3.dlx"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The last line of standard error of a command line refused (status 2)."""
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()[-1]


def write(path: Path, problem: ExactCover) -> str:
    path.write_text(format_dlx(problem))
    return str(path)


@pytest.fixture
def board(tmp_path: Path) -> str:
    """Domino tilings of the 8x8 board: 12,988,816 (OEIS A004003)."""
    return write(tmp_path / "dominoes8.dlx", dominoes(8, 8))


@pytest.fixture
def small_board(tmp_path: Path) -> str:
    """Domino tilings of the 4x4 board: 36."""
    return write(tmp_path / "dominoes4.dlx", dominoes(4, 4))


# -- counting ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "branching", [[], ["--branching", "mrv"], ["--branching", "first"]]
)
def test_memo_counts_the_chessboards_domino_tilings_from_a_file(
    board: str, branching: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["--count", "--method", "memo", *branching, board], capsys)
    assert (status, out, err) == (0, "12988816\n", "")


@pytest.mark.parametrize(
    "problem",
    [n_queens(8), dominoes(5, 4), dominoes(3, 7)],
    ids=["queens8", "dominoes5x4", "dominoes3x7"],
)
def test_memo_count_is_the_plain_count(
    problem: ExactCover, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "p.dlx", problem)
    plain = run(["--count", path], capsys)
    for branching in ("mrv", "first"):
        memo = run(
            ["--count", "--method", "memo", "--branching", branching, path], capsys
        )
        assert memo == plain
    seeded = run(["--count", "--method", "memo", "--seed", "5", path], capsys)
    assert seeded == plain


def test_memo_counts_langford_pairs_from_knuths_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(langford_file(tmp_path, 7))
    assert run(["--count", path], capsys) == (0, "52\n", "")
    assert run(["--count", "--method", "memo", path], capsys) == (0, "52\n", "")


def test_memo_counts_with_colours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # After [a x:red] only [b c x:red] and [b] [c] may follow; after
    # [a x:blue], [b] [c] only.
    problem = ExactCover(
        "abc",
        "x",
        [
            ["a", Colored("x", "red")],
            ["a", Colored("x", "blue")],
            ["b", "c", Colored("x", "red")],
            ["b"],
            ["c"],
        ],
    )
    path = write(tmp_path / "colours.dlx", problem)
    assert run(["--count", path], capsys) == (0, "3\n", "")
    status, out, err = run(["--count", "--method", "memo", "--stats", path], capsys)
    assert (status, out) == (0, "3\n")
    # Knuth's line gives the cleansings, as it does for a plain search with colours.
    assert err.splitlines()[0].startswith("Altogether 3 solutions, ")
    assert " cleansings, " in err.splitlines()[0]


def test_json_and_stats_report_the_memoised_tree_and_its_cache(
    small_board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--count", "--method", "memo", "--branching", "first", small_board]
    status, out, err = run([*args, "--json", "--stats"], capsys)
    assert status == 0
    record = json.loads(out)
    assert record["count"] == 36 and record["complete"] is True
    assert record["outcome"] == "exhausted"
    memo = record["memo"]
    assert memo["branching"] == "first"
    assert memo["entries"] > 0 and memo["hits"] > 0
    stats = record["stats"]
    assert stats["solutions"] == 36
    # Memoised, the tree is smaller than the plain search's.
    _, plain_out, _ = run(["--count", "--json", small_board], capsys)
    assert stats["nodes"] < json.loads(plain_out)["stats"]["nodes"]
    lines = err.splitlines()
    assert lines[0] == (
        f"Altogether 36 solutions, {stats['updates']} updates, {stats['nodes']} nodes."
    )
    assert lines[1] == (
        f"dlx: memoised search (first): {memo['entries']} subproblems cached, "
        f"{memo['hits']} nodes answered from the cache"
    )


def test_progress_of_a_memoised_count(
    board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["--count", "--method", "memo", "--progress", board], capsys)
    assert (status, out) == (0, "12988816\n")
    # The last report comes at the end (standard error is not a terminal here).
    assert err.splitlines()[-1].startswith("dlx: 12988816 solutions, ")
    assert "100.00 % done" in err


# -- budgets -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("budget", "outcome"),
    [
        (["--max-entries", "10"], "out_of_memory"),
        (["--max-memory", "100K"], "out_of_memory"),
        (["--max-nodes", "100"], "out_of_nodes"),
    ],
)
def test_a_budget_stops_the_count_with_status_3_and_a_lower_bound(
    board: str, budget: list[str], outcome: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--count", "--method", "memo", *budget, board]
    status, out, err = run(args, capsys)
    assert (status, out) == (3, "")
    assert err.startswith("dlx: ") and ": at least " in err
    assert ("allow more" in err) is (outcome == "out_of_memory")
    status, out, _ = run([*args, "--json"], capsys)
    record = json.loads(out)
    assert status == 3
    assert record["complete"] is False and record["outcome"] == outcome
    assert 0 < record["count"] < 12988816
    assert f"at least {record['count']} solutions" in err


def test_a_roomy_memory_budget_is_enough(
    board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for size in ("2M", "2048K", "3000000", "1g"):
        args = ["--count", "--method", "memo", "--max-memory", size, board]
        assert run(args, capsys) == (0, "12988816\n", "")


def test_a_limit_caps_the_count_as_the_library_does(
    board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--count", "--method", "memo", board]
    assert run([*args, "--limit", "3"], capsys) == (0, "3\n", "")
    status, out, _ = run([*args, "--limit", "3", "--json"], capsys)
    record = json.loads(out)
    assert (status, record["count"], record["complete"]) == (0, 3, False)
    assert record["outcome"] == "limit_reached"
    status, out, _ = run([*args, "--limit", "20000000", "--json"], capsys)
    record = json.loads(out)
    assert (record["count"], record["complete"]) == (12988816, True)
    assert record["outcome"] == "exhausted"
    # A count that reaches the limit stopped there, as in every way.
    status, out, _ = run([*args, "--limit", "12988816", "--json"], capsys)
    record = json.loads(out)
    assert (record["count"], record["complete"]) == (12988816, False)
    assert record["outcome"] == "limit_reached"


def test_a_seed_with_sample_seeds_the_draw_whatever_the_branching(
    board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--sample", "2", "--seed", "4", "--branching", "first", board]
    status, drawn, _ = run(args, capsys)
    assert status == 0 and drawn
    # --method memo says again what --sample does: the same draw.
    assert run([*args, "--method", "memo"], capsys) == (0, drawn, "")


# -- refusals ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--method", "memo"],
            "--method memo only counts: use --count, or draw solutions at random "
            "with --sample",
        ),
        *(
            (
                ["--count", "--method", "memo", option, value],
                f"--method memo does not go with {option}: memoised search runs whole "
                "in one process (its cache is its work, which can be neither saved "
                "nor split)",
            )
            for option, value in (
                ("--checkpoint", "run.json"),
                ("--jobs", "2"),
                ("--scheduler", "tcp://localhost:8786"),
            )
        ),
        (
            ["--count", "--method", "memo", "--estimate"],
            "--estimate does not search, so --count does not apply",
        ),
        (
            ["--estimate", "--method", "memo"],
            "--estimate does not search, so --method memo does not apply",
        ),
        (
            ["--estimate", "--sample", "2"],
            "--estimate does not search, so --sample does not apply",
        ),
        (
            ["--count", "--method", "memo", "--branching", "first", "--seed", "1"],
            "--method memo does not go with --seed and --branching first: --seed "
            "breaks ties between items of equal size, which --branching first "
            "never compares",
        ),
        *(
            (
                [*extra, option, value],
                f"{option} only goes with --method memo or --sample",
            )
            for extra in ([], ["--count"], ["--count", "--method", "dlx"])
            for option, value in (
                ("--branching", "first"),
                ("--max-entries", "10"),
                ("--max-memory", "1G"),
            )
        ),
        (
            ["--sample", "2", "--method", "dlx"],
            "--sample does not go with --method dlx: it draws from the diagram "
            "that memoised search builds",
        ),
        (
            ["--sample", "2", "--count"],
            "--sample does not go with --count: --sample prints the solutions it draws",
        ),
        (
            ["--sample", "2", "--limit", "1"],
            "--sample does not go with --limit: its number says how many to draw",
        ),
        (
            ["--sample", "2", "--jobs", "2"],
            "--sample does not go with --jobs: memoised search runs whole in one "
            "process (its cache is its work, which can be neither saved nor split)",
        ),
        (
            ["--sample", "0"],
            f"--sample must be a whole number from 1 to {sys.maxsize}, not '0'",
        ),
        (
            ["--sample", "x"],
            f"--sample must be a whole number from 1 to {sys.maxsize}, not 'x'",
        ),
        (
            ["--count", "--method", "memo", "--max-entries", "0"],
            "--max-entries must be a whole number from 1 up, not '0'",
        ),
        *(
            (
                ["--count", "--method", "memo", "--max-memory", value],
                "--max-memory must be a size in bytes from 1 up, such as 800M or 4G, "
                f"not {value!r}",
            )
            for value in ("0", "-1", "1.5G", "12Q", "G", "", "١٢")
        ),
    ],
)
def test_refusals_are_in_the_commands_words(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused([*args, "problem.dlx"], capsys) == f"dlx: error: {message}"


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (
            ["--count", "--method", "memo"],
            "--method memo does not handle bounds on items (multiplicities) yet: "
            "count with --method dlx",
        ),
        (
            ["--sample", "2"],
            "--sample draws from the diagram of memoised search, which does not "
            "handle bounds on items (multiplicities) yet",
        ),
    ],
)
def test_a_problem_with_bounds_is_refused_naming_the_file(
    args: list[str], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run([*args, str(DLX3)], capsys)
    assert (status, out) == (2, "")
    assert err == f"dlx: {DLX3}: {why}\n"


# -- sampling ----------------------------------------------------------------------


def covers(problem: ExactCover, lines: list[str]) -> bool:
    """Whether the options written as ``lines`` cover every primary item once."""
    seen = [item for line in lines for item in line.split()]
    return sorted(seen) == sorted(map(str, problem.primary))


def test_samples_are_solutions_printed_as_solutions_are(
    small_board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    problem = parse_dlx(Path(small_board).read_text())
    status, out, err = run(["--sample", "5", "--seed", "7", small_board], capsys)
    assert (status, err) == (0, "")
    solutions = out.rstrip("\n").split("\n\n")
    assert len(solutions) == 5
    for solution in solutions:
        assert covers(problem, solution.splitlines())
    # The same seed draws the same solutions; the same lines with --json.
    assert run(["--sample", "5", "--seed", "7", small_board], capsys)[1] == out
    status, out_json, _ = run(
        ["--sample", "5", "--seed", "7", "--json", small_board], capsys
    )
    records = [json.loads(line) for line in out_json.splitlines()]
    assert [r["solution"] for r in records[:-1]] == [1, 2, 3, 4, 5]
    assert ["\n".join(r["lines"]) for r in records[:-1]] == solutions
    for record in records[:-1]:
        written = [" ".join(map(str, problem.option(k))) for k in record["options"]]
        assert written == record["lines"]
    last = records[-1]
    assert last["count"] == 36 and last["samples"] == 5 and last["complete"] is True
    assert last["outcome"] == "exhausted" and last["zdd_nodes"] > 0
    assert set(last["memo"]) == {"branching", "entries", "hits"}


def test_samples_reach_every_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Three solutions; 300 draws all miss one of them with probability
    # 3 * (2/3)**300, about 1e-52.
    path = tmp_path / "three.dlx"
    path.write_text("A B\nA B\nA\nB\nA\n")
    status, out, _ = run(["--sample", "300", str(path)], capsys)
    assert status == 0
    drawn = out.rstrip("\n").split("\n\n")
    assert len(drawn) == 300
    # Options 0 to 3; a solution's lines in the order of its options.
    assert set(drawn) == {"A B", "A\nB", "B\nA"}


def test_sample_stats_and_branching(
    small_board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--sample", "1", "--branching", "first", "--stats", small_board]
    status, out, err = run(args, capsys)
    assert status == 0 and out.count("\n") == 8  # one tiling: 8 dominoes
    lines = err.splitlines()
    assert lines[0].startswith("Altogether 36 solutions, ")
    assert lines[1].startswith("dlx: memoised search (first): ")
    assert lines[2].startswith("dlx: the diagram has ") and lines[2].endswith(" nodes")


def test_sample_without_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "none.dlx"
    path.write_text("A B\nA\n")
    assert run(["--sample", "3", str(path)], capsys) == (
        0,
        "",
        "dlx: the problem has no solution to draw\n",
    )
    status, out, _ = run(["--sample", "3", "--json", str(path)], capsys)
    record = json.loads(out)
    assert status == 0
    assert (record["count"], record["samples"], record["complete"]) == (0, 0, True)


def test_a_budget_stops_the_diagram_before_any_draw(
    board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["--sample", "3", "--max-entries", "5", board], capsys)
    assert (status, out) == (3, "")
    assert err.endswith(
        ": no solution drawn (--max-memory or --max-entries allow more)\n"
    )


# -- signals, with a real process ---------------------------------------------------


@pytest.mark.processes
def test_sigterm_stops_a_memoised_count_with_a_lower_bound(tmp_path: Path) -> None:
    # Memoised, 13-queens runs for seconds (its subproblems rarely repeat):
    # long enough to be stopped after its first progress report, a second
    # in, on PyPy too (3.4 s there; 12-queens, 1.05 s, sometimes ended
    # before the signal came).
    path = write(tmp_path / "queens13.dlx", n_queens(13))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dlx",
            "--count",
            "--method",
            "memo",
            "--progress",
            "--json",
            path,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        text=True,
    )
    assert process.stderr is not None
    first = process.stderr.readline()
    assert first.startswith("dlx: ") and "% done" in first
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143
    record = json.loads(out)
    assert record["complete"] is False and record["outcome"] == "terminated"
    assert 0 < record["count"] < 73712
    assert err.splitlines()[-1] == (
        f"dlx: terminated after {record['stats']['nodes']} nodes: at least "
        f"{record['count']} solutions"
    )
