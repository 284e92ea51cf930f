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


# -- --pin and --pin-file: why no solution has these options ---------------------


def board(height: int, width: int) -> str:
    """Dominoes on a height×width board, cells ``rRcC`` (read by the test's brute force)."""
    cells = [f"r{r}c{c}" for r in range(height) for c in range(width)]
    lines = [" ".join(cells)]
    for r in range(height):
        for c in range(width):
            if c + 1 < width:
                lines.append(f"r{r}c{c} r{r}c{c + 1}")
            if r + 1 < height:
                lines.append(f"r{r}c{c} r{r + 1}c{c}")
    return "\n".join(lines) + "\n"


def option_number(problem: ExactCover, words: str) -> int:
    """The option (from 0) whose items are ``words``, in any order (brute force)."""
    wanted = set(words.split())
    found = [
        k for k in range(len(problem)) if set(map(str, problem.option(k))) == wanted
    ]
    assert len(found) == 1, (words, found)
    return found[0]


def with_all(problem: ExactCover, pinned: list[int]) -> int:
    """How many solutions have every ``pinned`` option: all of them, filtered."""
    return sum(1 for solution in problem.solutions() if set(pinned) <= set(solution))


#: Pins on a 4×4 board: the second and fourth leave r0c0 no domino; the
#: others are in tilings with any one of those two.
PINS = ["r3c3 r3c2", "r0c2 r0c1", "r2c3 r1c3", "r2c0 r1c0", "r3c0 r3c1"]


def test_the_pinned_options_without_solution_are_minimal(tmp_path: Path) -> None:
    path = tmp_path / "four.dlx"
    path.write_text(board(4, 4))
    problem = parse_dlx(path.read_text())
    argv = [word for pin in PINS for word in ("--pin", pin)]
    ran = run_dlx("--why", *argv, str(path))
    assert ran.returncode == 1, ran
    reason = ran.stdout.splitlines()
    # The pins as written (items in the order given), in the order given.
    assert reason == [pin for pin in PINS if pin in reason], reason
    numbers = [option_number(problem, pin) for pin in reason]
    assert with_all(problem, numbers) == 0
    for k in range(len(numbers)):
        assert with_all(problem, numbers[:k] + numbers[k + 1 :]) > 0, reason[k]
    said = (
        f"dlx: no solution has the pinned option {reason[0]}"
        if len(reason) == 1
        else f"dlx: no solution has these {len(reason)} pinned options "
        "(without any one of them, the others are in one)"
    )
    assert ran.stderr == said + "\n"
    # --json: the same pins, the same words.
    record = run_dlx("--why", "--json", *argv, str(path))
    assert (record.returncode, record.stderr) == (1, ran.stderr)
    assert json.loads(record.stdout) == {
        "why": reason,
        "minimal": True,
        "outcome": "exhausted",
    }


def test_pins_by_number_by_file_and_twice(tmp_path: Path) -> None:
    path = tmp_path / "four.dlx"
    path.write_text(board(4, 4))
    problem = parse_dlx(path.read_text())
    # Option numbers count the option lines from 1.
    second = str(option_number(problem, "r0c1 r0c2") + 1)
    fourth = str(option_number(problem, "r1c0 r2c0") + 1)
    ran = run_dlx("--why", "--pin", second, "--pin", fourth, str(path))
    assert (ran.returncode, ran.stdout) == (1, f"{second}\n{fourth}\n"), ran
    # A file of pins: comments and blank lines skipped, a cost ignored.
    pins = tmp_path / "pins.txt"
    pins.write_text("| the corner\n\n  r0c1 r0c2 |3\nr2c0 r1c0\n")
    ran = run_dlx("--why", "--pin-file", str(pins), str(path))
    assert (ran.returncode, ran.stdout) == (1, "r0c1 r0c2 |3\nr2c0 r1c0\n"), ran
    # An option pinned twice (the same words, other words, its number)
    # counts once: its first name is printed, the answer is the same.
    once = run_dlx("--why", "--pin", "r0c2 r0c1", "--pin", "r2c0 r1c0", str(path))
    twice = run_dlx(
        "--why",
        *("--pin", "r0c2 r0c1", "--pin", "r0c1 r0c2", "--pin", second),
        *("--pin", "r2c0 r1c0", "--pin", "r2c0 r1c0", "--pin-file", str(pins)),
        str(path),
    )
    assert (twice.returncode, twice.stdout, twice.stderr) == (
        once.returncode,
        once.stdout,
        once.stderr,
    )
    assert once.stdout == "r0c2 r0c1\nr2c0 r1c0\n"


def test_pins_with_solutions_get_their_count(tmp_path: Path) -> None:
    path = tmp_path / "four.dlx"
    path.write_text(board(4, 4))
    problem = parse_dlx(path.read_text())
    pins = ["r0c0 r0c1", "r3c3 r2c3"]
    expected = with_all(problem, [option_number(problem, pin) for pin in pins])
    assert 0 < expected < problem.count()
    argv = ["--why", "--pin", pins[0], "--pin", pins[1], str(path)]
    ran = run_dlx(*argv)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, f"{expected}\n", ""), ran
    record = run_dlx("--json", *argv)
    assert json.loads(record.stdout) == {
        "why": None,
        "count": expected,
        "complete": True,
        "outcome": "exhausted",
    }


def test_pins_of_a_problem_without_solution_at_all(tmp_path: Path) -> None:
    path = tmp_path / "odd3.dlx"
    path.write_text(odd_board(3))
    ran = run_dlx("--why", "--pin", "c0_0 c0_1", str(path))
    assert (ran.returncode, ran.stdout) == (1, ""), ran
    assert ran.stderr == (
        "dlx: no solution, even without the pinned options (--why without --pin "
        "names items that cannot all be covered)\n"
    )
    record = run_dlx("--why", "--json", "--pin", "c0_0 c0_1", str(path))
    assert json.loads(record.stdout)["why"] == []


@pytest.mark.parametrize(
    ("pin", "message"),
    [
        ("r0c0 rXcX", "unknown item 'rXcX'"),
        ("r0c0 r0c1 r0c0", "item 'r0c0' appears twice in the option"),
        ("r0c0 r1c1", "no option has exactly these items"),
        ("r0c0 r0c1:red", "no option has exactly these items"),
        ("r0c0 r0c1:", "bad item 'r0c1:'"),
        ("", "no items and no number: name an option by its items or its number"),
        (
            "0",
            "there is no option 0: the options are numbered 1 to 4 (the option "
            "lines, in order)",
        ),
        (
            "5",
            "there is no option 5: the options are numbered 1 to 4 (the option "
            "lines, in order)",
        ),
    ],
)
def test_a_pin_that_names_no_option_is_refused(
    tmp_path: Path, pin: str, message: str
) -> None:
    path = tmp_path / "two.dlx"
    path.write_text(board(2, 2))
    ran = run_dlx("--why", "--pin", "r0c0 r0c1", "--pin", pin, str(path))
    assert (ran.returncode, ran.stdout) == (2, ""), ran
    assert ran.stderr == f"dlx: --pin {pin!r}: {message}\n"
    pins = tmp_path / "pins.txt"
    pins.write_text(f"r0c0 r0c1\n| a comment\n{pin}\n")
    ran = run_dlx("--why", "--pin-file", str(pins), str(path))
    if not pin:  # a blank line of a file pins nothing
        alone = run_dlx("--why", "--pin", "r0c0 r0c1", str(path))
        assert (ran.returncode, ran.stdout, ran.stderr) == (0, alone.stdout, "")
        return
    assert (ran.returncode, ran.stdout) == (2, ""), ran
    assert ran.stderr == f"dlx: {pins}:3: {message}\n"


def test_a_pin_of_two_options_or_two_ways_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "twice.dlx"
    # Options 1 and 3 have the same items; item 2 alone is option 4's.
    path.write_text("1 2 a\n1 a\n1 2\n1 a\n2\n")
    ran = run_dlx("--why", "--pin", "a 1", str(path))
    assert (ran.returncode, ran.stdout) == (2, ""), ran
    assert ran.stderr == (
        "dlx: --pin 'a 1': options 1 and 3 both have these items: pin one of "
        "them by its number\n"
    )
    ran = run_dlx("--why", "--pin", "2", str(path))
    assert (ran.returncode, ran.stdout) == (2, ""), ran
    assert ran.stderr == (
        "dlx: --pin '2': names both option 2 (by its number) and option 4 (by "
        "its items): name option 2 by its items or option 4 by its number\n"
    )
    missing = tmp_path / "none.txt"
    ran = run_dlx("--why", "--pin-file", str(missing), str(path))
    assert (ran.returncode, ran.stdout) == (2, ""), ran
    assert ran.stderr == f"dlx: {missing}: no such file (--pin-file)\n"


@pytest.mark.parametrize("flag", ["--pin", "--pin-file"])
def test_a_pin_without_why_is_refused(tmp_path: Path, flag: str) -> None:
    path = tmp_path / "two.dlx"
    path.write_text(board(2, 2))
    for way in ([], ["--count"]):
        ran = run_dlx(*way, flag, "1", str(path))
        assert (ran.returncode, ran.stdout) == (2, ""), ran
        assert ran.stderr == (
            f"dlx: error: {flag} names options for --why to find why no solution "
            "contains them all, so it only goes with --why\n"
        )


#: Pins on the odd 9×9 board (no tiling at all): the first two leave c0_0
#: no domino, which propagation sees at once; whether fewer of them have
#: no solution takes counts of the whole board, long past --timeout 2.
ODD_PINS = ["c0_1 c0_2", "c1_0 c2_0", "c8_8 c8_7"]


def odd_pinned(forced: list[str]) -> bool:
    """Whether the odd 9×9 board with ``forced`` dominoes has no tiling (quick: c0_0 is cut off)."""
    problem = parse_dlx(odd_board(9))
    numbers = [option_number(problem, words) for words in forced]
    marked = ExactCover(
        [*problem.primary, *(f"pin{k}" for k in numbers)], problem.secondary
    )
    for k in range(len(problem)):
        extra = [f"pin{k}"] if k in numbers else []
        marked.add_option([*problem.option(k), *extra])
    return marked.count(limit=1) == 0


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("pinned", [False, True], ids=["items", "pins"])
def test_timeout_keeps_the_reason_so_far(
    tmp_path: Path, as_json: bool, pinned: bool
) -> None:
    # Items or pins of the odd 9x9 board (the 7x7 finished within 3 s on PyPy): a reason
    # found before the time runs out is kept, said not to be minimal.
    board = tmp_path / "odd.dlx"
    board.write_text(odd_board(9))
    argv = [word for pin in ODD_PINS for word in ("--pin", pin)] if pinned else []
    seconds = "2" if pinned else "3"
    more = ["--json"] if as_json else []
    ran = run_dlx("--why", "--timeout", seconds, *more, *argv, str(board))
    assert ran.returncode == 3, ran
    message = ran.stderr.splitlines()[-1]
    if as_json:
        record = json.loads(ran.stdout)
        reason = record["why"]
        assert (record["minimal"], record["outcome"]) == (False, "out_of_time")
    else:
        reason = ran.stdout.splitlines() or None
    stopped = f"dlx: --why stopped by --timeout {seconds}"
    if reason is None:  # a loaded machine may not finish the first test in time
        assert message == (f"{stopped} before it knew whether there is a solution")
        return
    if not pinned:
        assert message == (
            f"{stopped}: these {len(reason)} items cannot all be covered, but "
            "some of them may not be needed for that (not shown minimal)"
        )
        assert has_no_solution(parse_dlx(board.read_text()), reason)
        return
    assert message == (
        f"{stopped}: no solution has these {len(reason)} pinned options, but "
        "some of them may not be needed for that (not shown minimal)"
    )
    assert reason == [pin for pin in ODD_PINS if pin in reason], reason
    assert odd_pinned(reason)


def test_a_signal_keeps_the_pinned_reason_so_far(tmp_path: Path) -> None:
    path = tmp_path / "odd9.dlx"
    path.write_text(odd_board(9))
    argv = [word for pin in ODD_PINS for word in ("--pin", pin)]
    process = start_dlx("--why", "--progress", *argv, str(path))
    assert process.stderr is not None
    seen: list[str] = []
    while True:  # a report a second: wait for one with a reason in it
        line = process.stderr.readline()
        assert line, f"--why ended before it could be stopped: {seen}"
        seen.append(line)
        if re.match(r"dlx: why: [\d,]+ tests?, a reason of [\d,]+ pinned", line):
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, (out, err)
    reason = out.splitlines()
    assert reason, (out, err)
    assert err.splitlines()[-1] == (
        f"dlx: --why interrupted: no solution has these {len(reason)} pinned "
        "options, but some of them may not be needed for that (not shown minimal)"
    )
    assert reason == [pin for pin in ODD_PINS if pin in reason], reason
    assert odd_pinned(reason)


def test_a_pinned_count_stopped_by_its_budget_keeps_the_count_so_far(
    tmp_path: Path,
) -> None:
    path = tmp_path / "rooks11.dlx"
    path.write_text(rooks(11))
    ran = run_dlx("--why", "--json", "--timeout", "1", "--pin", "c0 r0", str(path))
    assert ran.returncode == 3, ran
    record = json.loads(ran.stdout)
    assert record["why"] is None
    assert (record["complete"], record["outcome"]) == (False, "out_of_time")
    assert 0 < record["count"] < 3_628_800  # 10!: the placements with a rook on r0 c0
    assert ran.stderr.splitlines()[-1] == (
        "dlx: --why stopped by --timeout 1: the pinned options are in solutions; "
        f"counting them stopped after {record['count']:,} solutions"
    )
