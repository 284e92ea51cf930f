"""``dlx --why``: a minimal reason for a problem without solution, as the command prints it.

The matrix of ``tests/test_ways_matrix.py`` runs ``--why`` with every
other option on small random problems (refusals, the reason against
brute force, the count of a problem with solutions) and
``tests/test_cli_pty.py`` on a terminal; here are the runs that take
long: a domino tiling of an odd board, whose reason is a set of cells,
stopped by ``--timeout`` and by real signals, the reason so far kept.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from dlx_helpers import ROOT, run_dlx
from dlx_oracles import relaxed

from dlx import ExactCover, parse_dlx

#: Every test here runs the command in a process of its own.
pytestmark = pytest.mark.processes

ENV = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PYTHONUNBUFFERED": "1"}


def odd_board(n: int) -> str:
    """Dominoes on an n×n board, n odd: no tiling, whatever the search tries."""
    cells = [f"c{r}_{c}" for r in range(n) for c in range(n)]
    lines = [" ".join(cells)]
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                lines.append(f"c{r}_{c} c{r}_{c + 1}")
            if r + 1 < n:
                lines.append(f"c{r}_{c} c{r + 1}_{c}")
    return "\n".join(lines) + "\n"


def start_dlx(*args: str) -> subprocess.Popen[str]:
    """The ``dlx`` command started with ``args``, its streams piped, Ctrl-C not ignored."""
    return subprocess.Popen(
        [sys.executable, "-m", "dlx", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=ENV,
        cwd=ROOT,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def has_no_solution(problem: ExactCover, required: list[str]) -> bool:
    """Whether the problem with only ``required`` required has no solution."""
    return relaxed(problem, required).count(limit=1) == 0


def test_the_reason_of_an_odd_board_is_minimal(tmp_path: Path) -> None:
    board = tmp_path / "odd5.dlx"
    board.write_text(odd_board(5))
    ran = run_dlx("--why", str(board))
    assert ran.returncode == 1, ran
    reason = ran.stdout.splitlines()
    assert ran.stderr == (
        f"dlx: no solution: these {len(reason)} items cannot all be covered "
        "(without any one of them, the others can)\n"
    )
    problem = parse_dlx(board.read_text())
    assert reason == [c for c in problem.primary if c in set(reason)]  # file order
    assert has_no_solution(problem, reason)
    for k in range(len(reason)):
        assert not has_no_solution(problem, reason[:k] + reason[k + 1 :]), reason[k]
    # Each cell of the reason has a neighbour outside it: the reason is not
    # the board, but cells of one colour that their neighbours cannot all serve.
    assert len(reason) < 25


def test_json_and_text_say_the_same(tmp_path: Path) -> None:
    board = tmp_path / "odd3.dlx"
    board.write_text(odd_board(3))
    text = run_dlx("--why", str(board))
    record = run_dlx("--why", "--json", str(board))
    assert (text.returncode, record.returncode) == (1, 1)
    assert json.loads(record.stdout) == {
        "why": text.stdout.splitlines(),
        "minimal": True,
        "outcome": "exhausted",
    }
    assert record.stderr == text.stderr


def test_a_problem_with_solutions_gets_its_count(tmp_path: Path) -> None:
    board = tmp_path / "even.dlx"
    lines = odd_board(3).splitlines()
    # Without the last cell's item (an 8-cell board): 4 tilings, as --count says.
    cells = lines[0].split()[:-1]
    options = [line for line in lines[1:] if "c2_2" not in line]
    board.write_text("\n".join([" ".join(cells), *options]) + "\n")
    counted = run_dlx("--count", str(board))
    ran = run_dlx("--why", str(board))
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, counted.stdout, "")
    assert int(ran.stdout) > 0
    record = json.loads(run_dlx("--why", "--json", str(board)).stdout)
    assert record == {
        "why": None,
        "count": int(counted.stdout),
        "complete": True,
        "outcome": "exhausted",
    }


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_timeout_keeps_the_reason_so_far(tmp_path: Path, as_json: bool) -> None:
    board = tmp_path / "odd7.dlx"
    board.write_text(odd_board(7))
    ran = run_dlx(
        "--why", "--timeout", "3", *(["--json"] if as_json else []), str(board)
    )
    assert ran.returncode == 3, ran
    message = ran.stderr.splitlines()[-1]
    if as_json:
        record = json.loads(ran.stdout)
        reason = record["why"]
        assert (record["minimal"], record["outcome"]) == (False, "out_of_time")
    else:
        reason = ran.stdout.splitlines() or None
    if reason is None:  # a loaded machine may not finish the first test in 3 s
        assert message == (
            "dlx: --why stopped by --timeout 3 before it knew whether there is a solution"
        )
        return
    assert message == (
        f"dlx: --why stopped by --timeout 3: these {len(reason)} items cannot all "
        "be covered, but some of them may not be needed for that (not shown minimal)"
    )
    assert has_no_solution(parse_dlx(board.read_text()), reason)


@pytest.mark.parametrize(
    ("sent", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_a_signal_keeps_the_reason_so_far(
    tmp_path: Path, sent: signal.Signals, status: int, word: str
) -> None:
    board = tmp_path / "odd7.dlx"
    board.write_text(odd_board(7))
    process = start_dlx("--why", "--progress", str(board))
    assert process.stderr is not None
    seen: list[str] = []
    while True:  # a report a second: wait for one with a reason in it
        line = process.stderr.readline()
        assert line, f"--why ended before it could be stopped: {seen}"
        seen.append(line)
        if re.match(r"dlx: why: [\d,]+ tests, a reason of", line):
            break
    process.send_signal(sent)
    out, err = process.communicate(timeout=120)
    assert process.returncode == status, (out, err)
    reason = out.splitlines()
    assert reason, (out, err)
    assert err.splitlines()[-1] == (
        f"dlx: --why {word}: these {len(reason)} items cannot all be covered, but "
        "some of them may not be needed for that (not shown minimal)"
    )
    assert has_no_solution(parse_dlx(board.read_text()), reason)


def test_why_given_twice_means_it_once(tmp_path: Path) -> None:
    board = tmp_path / "odd3.dlx"
    board.write_text(odd_board(3))
    once = run_dlx("--why", str(board))
    twice = run_dlx("--why", "--why", str(board))
    assert (twice.returncode, twice.stdout, twice.stderr) == (
        once.returncode,
        once.stdout,
        once.stderr,
    )


def test_the_options_of_a_search_are_refused_with_why(tmp_path: Path) -> None:
    board = tmp_path / "odd3.dlx"
    board.write_text(odd_board(3))
    ran = run_dlx("--why", "--limit", "3", str(board))
    assert (ran.returncode, ran.stdout) == (2, "")
    assert ran.stderr == (
        "dlx: error: --why looks for a minimal reason by searches of its own, each "
        "for one solution at most, so --limit does not apply\n"
    )


def rooks(n: int) -> str:
    """n rooks on an n×n board: n! solutions, a count that takes long from n = 10."""
    items = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    lines = [" ".join(items)]
    lines += [f"r{i} c{j}" for i in range(n) for j in range(n)]
    return "\n".join(lines) + "\n"


def test_a_count_stopped_by_its_budget_keeps_the_count_so_far(tmp_path: Path) -> None:
    board = tmp_path / "rooks11.dlx"
    board.write_text(rooks(11))
    ran = run_dlx("--why", "--json", "--timeout", "1", str(board))
    assert ran.returncode == 3, ran
    record = json.loads(ran.stdout)
    assert record["why"] is None
    assert (record["complete"], record["outcome"]) == (False, "out_of_time")
    assert 0 < record["count"] < 39_916_800
    assert ran.stderr.splitlines()[-1] == (
        "dlx: --why stopped by --timeout 1: the problem has solutions; counting "
        f"them stopped after {record['count']:,} solutions"
    )
    text = run_dlx("--why", "--timeout", "1", str(board))
    assert (text.returncode, text.stdout) == (
        3,
        "",
    )  # the count so far is not the count


def test_a_signal_while_counting_keeps_the_count_so_far(tmp_path: Path) -> None:
    board = tmp_path / "rooks11.dlx"
    board.write_text(rooks(11))
    process = start_dlx("--why", "--json", "--progress", str(board))
    assert process.stderr is not None
    while True:  # the count's own progress line: the reason's search is over
        line = process.stderr.readline()
        assert line, "--why ended before it could be stopped"
        if re.match(r"dlx: [\d,]+ solutions?, ", line):
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, (out, err)
    record = json.loads(out)
    assert (record["why"], record["complete"], record["outcome"]) == (
        None,
        False,
        "interrupted",
    )
    assert err.splitlines()[-1] == (
        "dlx: --why interrupted: the problem has solutions; counting them "
        f"stopped after {record['count']:,} solutions"
    )


def test_one_item_alone_is_named(tmp_path: Path) -> None:
    problem = tmp_path / "one.dlx"
    problem.write_text("a b\nb\n")
    ran = run_dlx("--why", str(problem))
    assert (ran.returncode, ran.stdout) == (1, "a\n")
    assert ran.stderr == "dlx: no solution: item a cannot be covered\n"
