"""Budgets, progress and Ctrl-C for the solves by hand (issue 42: every long run can be bounded).

``sudoku.explain``, ``sudoku.hint`` and ``sudoku.grade`` take ``timeout=``
and ``progress=``, read the clock inside their long techniques, and keep
what they found when a budget or Ctrl-C stops them; the command's
``--explain``, ``--hint``, ``--rate`` and ``--grade`` take ``--timeout``,
show progress, and print what was found when stopped.  What is checked:

* a hard 16×16 and a hard 25×25 explanation stop at their budget with the
  steps found, each one sound when replayed here (from the step's own
  placements and eliminations, over candidates worked out here, against
  the solution :func:`sudoku.solve` finds), and the grid they reach;
* progress reports arrive, and say what the solve is doing;
* a :class:`KeyboardInterrupt` keeps the steps found, as a budget does;
* every long technique reads the clock itself (a budget already used up
  stops it from inside);
* the command, in real processes: ``--timeout`` (status 3), ``--json``
  (``"complete": false`` and the outcome), a batch whose first puzzle runs
  out while the others are answered, and real SIGINT and SIGTERM sent once
  a progress line says a step was found (never after a fixed sleep).

The timings asserted are loose (a budget stops "within seconds"): the
figures of the stop (within milliseconds, on 25×25 too) are measured on
the explaining how-to's page, not here.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from sudoku_helpers import LOCAL_DATA, ROOT, local_lines, replay

import sudoku
from dlx import BudgetExceeded, Outcome
from sudoku.explainer import (
    Explanation,
    ExplanationBudgetError,
    ExplanationInterrupted,
    explain,
    hint,
)
from sudoku.grading import GradeBudgetError, GradeInterrupted, grade
from sudoku.grid import Grid
from sudoku.steps import TECHNIQUES
from sudoku.techniques import Board, Clock, StepProgress

#: The POJ 3076 / UVA 1309 sample: a 16×16 puzzle whose explanation runs
#: for minutes (chains, aligned triplet exclusion).
SIXTEEN_FILE = LOCAL_DATA / "sudoku16.in"
SIXTEEN = "".join(SIXTEEN_FILE.read_text().split())
#: A 25×25 puzzle of 310 givens: sudoku.generate((5, 5), seed=2,
#: minimal=False, givens=300) and the ten cells of its solution that
#: random.Random(1).sample(its blank cells, 10) picks, so that dancing links
#: proves it unique at once (the SAT solver is not needed): its explanation
#: (398 steps) takes about 4 s of CPU on CPython and 3 s on PyPy, its first
#: hundred steps well under a second.
TWENTY_FIVE = (
    "D..MALGP..JUX..RY.FO......EH..Q.KDTBYAMC..JU.R.IV.S..K..Y.NJ..L.P...HDQ..UW.Y.IJ"
    "..V...NW.D..KMLC....FL..B.UWES.Q...TINP..J.K.AX..C....E.LMWODN.K......E....GDLW."
    "T.CRVFJ...A.......HV.X.SCDFG..B.T.W.KJ..O.JFK.TH..E..Q...P.M..DY.G...Y...M...JBU"
    ".RO..P..WHP.NXEW.I.FCA..G..H..S....MAI.....OLN....P.UT.XQ.HV.....EPQJ.K...T.BGDA"
    ".....KU.YL.MT.N....QVW.....EGB....T..G..X..OLK.I.NWAC.PLQ..N..ET.VRH...C...F...A"
    ".HD..Y.M......E..RB.KOG.U..VW.K.F.A.PTYXUH.L.JM.......M.H.RVFCK.B.QSJP....T....X"
    ".J.QGU.OA.I....V..N..K.E..LRFW...S.HDAY.T..XJ....DTEU..Y.NX...V..MB.F.TR.B.VI..."
    "W.D..JM.S..L..O.NP.I.KS..LVUTJXOC.F..YE......JA.PQ..ECR..LNTDV..I"
)
#: A minimal 25×25 puzzle: the grader's search runs for days.
FRISCH = local_lines("sudoku25_gecode_frisch18.txt", 1)[0]
#: How long past its budget a call may run here (a loaded machine's
#: scheduling and collections included): generous, see the module's doc.
LATE = 10.0


def steps(n: int) -> str:
    """``n`` steps in words, as the messages count them: ``1 step``, ``2 steps``.

    A slow machine may take one step where a fast one takes many.
    """
    return f"{n} step" if n == 1 else f"{n} steps"


def stopped_by_budget(
    puzzle: str, timeout: float, reports: list[StepProgress] | None = None
) -> ExplanationBudgetError:
    """The error of ``explain(puzzle, timeout=)``, which must run out, checked for its time."""
    started = time.perf_counter()
    with pytest.raises(ExplanationBudgetError) as caught:
        explain(
            puzzle,
            timeout=timeout,
            progress=None if reports is None else reports.append,
        )
    elapsed = time.perf_counter() - started
    assert timeout <= elapsed < timeout + LATE
    return caught.value


# -- the library ---------------------------------------------------------------------


def test_a_hard_16x16_explanation_stops_at_its_budget_with_the_steps_found() -> None:
    reports: list[StepProgress] = []
    stop = stopped_by_budget(SIXTEEN, 2.5, reports)
    # A budget error as solve's: a SudokuError and a dlx.BudgetExceeded.
    assert isinstance(stop, sudoku.BudgetError) and isinstance(stop, BudgetExceeded)
    assert stop.outcome is Outcome.OUT_OF_TIME
    assert str(stop).startswith("explanation stopped after ")
    assert "(time budget of 2.5 s used up)" in str(stop)
    found = stop.explanation
    assert found is not None
    assert not found.complete and found.stopped is Outcome.OUT_OF_TIME
    assert found.steps, "the first steps of this puzzle take well under a second"
    assert f"{steps(len(found.steps))} taken" in str(stop)
    assert found.solution == sudoku.solve(SIXTEEN)
    replay(SIXTEEN, found, partial=True)
    assert 0 in found.reached.values  # far from solved
    assert str(found).startswith("unfinished (out of time): rating at least ")
    # Progress: about once a second, the first after one.
    assert reports, "no progress report in 2.5 s"
    names = {t.name for t in TECHNIQUES}
    blanks = SIXTEEN.count("-")
    for earlier, report in zip([None, *reports], reports, strict=False):
        assert isinstance(report, StepProgress)
        assert report.elapsed >= 1.0
        assert report.blanks == blanks
        assert 0 <= report.filled <= blanks
        assert report.fraction == report.filled / blanks
        assert report.technique in names | {""}  # "": the search for the solution
        assert report.steps <= len(found.steps)
        if earlier is not None:
            assert report.elapsed > earlier.elapsed
            assert report.steps >= earlier.steps
    last = reports[-1]
    placed = sum(len(s.placements) for s in found.steps[: last.steps])
    assert last.filled == placed
    assert f"{steps(last.steps)}, {last.filled} of {blanks} cells" in last.describe()


def test_a_hard_25x25_explanation_stops_at_its_budget_with_the_steps_found() -> None:
    # The budget runs out on an event, once a step is found (a report after
    # a second): a slow machine gets its first steps in, and a fast one
    # (PyPy explains the whole puzzle in about 3 s) does not finish first.
    timeout = 3.0
    started = time.perf_counter()

    def hold(report: StepProgress) -> None:
        if report.steps:
            time.sleep(max(0.0, started + timeout + 0.01 - time.perf_counter()))

    with pytest.raises(ExplanationBudgetError) as caught:
        explain(TWENTY_FIVE, timeout=timeout, progress=hold)
    assert timeout <= time.perf_counter() - started < timeout + LATE
    stop = caught.value
    found = stop.explanation
    assert found is not None and found.stopped is Outcome.OUT_OF_TIME
    assert found.steps
    replay(TWENTY_FIVE, found, partial=True)


def test_ctrl_c_keeps_the_steps_found() -> None:
    # Ctrl-C comes as a KeyboardInterrupt, here from the first progress
    # report after a step was found (the first comes after a second of the
    # 16x16 puzzle's explanation; on a loaded machine, the search for the
    # puzzle's solution may still run then).
    def interrupt(report: StepProgress) -> None:
        if report.steps:
            raise KeyboardInterrupt

    with pytest.raises(ExplanationInterrupted) as caught:
        explain(SIXTEEN, progress=interrupt)
    assert isinstance(caught.value, KeyboardInterrupt)  # a program still ends
    assert caught.value.outcome is Outcome.INTERRUPTED
    found = caught.value.explanation
    assert found is not None
    assert not found.complete and found.stopped is Outcome.INTERRUPTED
    assert found.steps
    replay(SIXTEEN, found, partial=True)
    assert str(found).startswith("unfinished (interrupted): ")
    assert str(caught.value).startswith("explanation interrupted after ")
    assert str(caught.value).endswith(f", {steps(len(found.steps))} taken")


def test_a_budget_used_up_at_once_stops_before_the_first_step() -> None:
    for call in (explain, hint):
        with pytest.raises(ExplanationBudgetError) as caught:
            call(SIXTEEN, timeout=0)
        assert caught.value.explanation is None  # no solution yet, so no step
        assert "in the search for the puzzle's one solution" in str(caught.value)
    # A budget that holds changes nothing.
    first = hint(SIXTEEN, timeout=60)
    assert first is not None
    four = "1......2..4..3.."
    found = explain(four, timeout=60)
    assert [s.text for s in found.steps] == [s.text for s in explain(four).steps]
    assert found.complete and found.reached.values == Grid.parse(found.solution).values


@pytest.mark.parametrize("bad", [-1, "soon", float("nan"), True])
def test_a_timeout_that_is_not_seconds_is_refused(bad: object) -> None:
    with pytest.raises(sudoku.SudokuError, match="timeout="):
        explain(SIXTEEN, timeout=bad)  # type: ignore[arg-type]
    with pytest.raises(sudoku.SudokuError, match="progress="):
        hint(SIXTEEN, progress="every second")  # type: ignore[arg-type]


def test_every_long_technique_reads_the_clock_itself() -> None:
    # A budget already used up: a technique that reads the clock stops
    # inside, before its answer; the singles and the BUG, one pass over the
    # grid each, need not.
    grid = Grid.parse(SIXTEEN)
    units = sudoku.regions_of(grid.size, grid.box)
    # (and the cage techniques, which find nothing on a board without cages).
    quick = {
        "hidden single",
        "naked single",
        "bivalue universal grave",
        "cage combinations",
        "rule of 45",
    }
    for technique in TECHNIQUES:
        board = Board(units, grid.values, Clock(timeout=0))
        if technique.name in quick:
            technique.find(board)
            continue
        with pytest.raises(BudgetExceeded) as caught:
            technique.find(board)
        assert caught.value.outcome is Outcome.OUT_OF_TIME, technique.name
    # A board's own clock stops nothing.
    assert Board(units, grid.values).clock.remaining() is None


#: A 9x9 puzzle whose grade takes seconds (logic runs out near its end).
GRADED = (
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
)


def test_a_grade_stops_at_its_budget_with_the_grade_so_far() -> None:
    started = time.perf_counter()
    with pytest.raises(GradeBudgetError) as caught:
        grade(GRADED, timeout=2.0)
    assert time.perf_counter() - started < 2.0 + LATE
    stop = caught.value
    assert isinstance(stop, sudoku.BudgetError) and stop.outcome is Outcome.OUT_OF_TIME
    assert str(stop).startswith("grade stopped after ")
    partial = stop.grade
    taken = sum(n for _, n in partial.techniques)
    assert str(stop).endswith(f", {steps(taken)} taken")
    assert not partial.complete and partial.stopped is Outcome.OUT_OF_TIME
    # The first steps come within a second; the whole grade takes longer.
    assert partial.techniques and partial.blanks == GRADED.count(".")
    assert partial.hardest is not None and partial.rating > 0
    assert str(partial).startswith("unfinished (out of time): at least ")
    # A budget used up at once stops before the first step.
    with pytest.raises(GradeBudgetError) as caught:
        grade(GRADED, timeout=0)
    assert caught.value.grade.techniques == ()
    assert caught.value.grade.hardest is None


def test_ctrl_c_keeps_the_grade_so_far() -> None:
    seen: list[object] = []

    def interrupt(report: object) -> None:
        seen.append(report)
        raise KeyboardInterrupt

    with pytest.raises(GradeInterrupted) as caught:
        grade(GRADED, progress=interrupt)
    assert len(seen) == 1  # the first report, after a second
    assert isinstance(seen[0], StepProgress)
    partial = caught.value.grade
    assert partial.stopped is Outcome.INTERRUPTED
    taken = sum(n for _, n in partial.techniques)
    assert taken == seen[0].steps or taken == seen[0].steps + 1
    assert str(caught.value).startswith("grade interrupted after ")
    assert str(caught.value).endswith(f", {steps(taken)} taken")


# -- the command, in real processes ---------------------------------------------------

ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def sudoku_run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )


def step_lines(text: str) -> list[str]:
    """The step lines of --explain's output: '12. [1.2] r1c6 = J: ...'."""
    return [line for line in text.splitlines() if line[:1].isdigit()]


def as_printed(found: Explanation) -> list[str]:
    return [f"{k}. [{s.rating:.1f}] {s.text}" for k, s in enumerate(found.steps, 1)]


def same_start(printed: list[str], found: Explanation) -> None:
    """The steps printed are the first steps of the explanation (which is the same every time)."""
    ours = as_printed(found)
    common = min(len(printed), len(ours))
    assert common, (printed, ours)
    assert printed[:common] == ours[:common]


@pytest.fixture(scope="module")
def found_in_time() -> Explanation:
    """The 16×16 puzzle's first steps, found in 3 s and replayed."""
    found = stopped_by_budget(SIXTEEN, 3.0).explanation
    assert found is not None
    replay(SIXTEEN, found, partial=True)
    return found


@pytest.mark.processes
def test_the_command_prints_the_steps_found_in_time_and_exits_3(
    found_in_time: Explanation,
) -> None:
    done = sudoku_run("--explain", "--timeout", "2", str(SIXTEEN_FILE))
    assert done.returncode == 3, done.stderr
    head, *rest = done.stdout.splitlines()
    where = f"{SIXTEEN_FILE}: puzzle 1 (lines 1-16)"
    assert head.startswith(f"{where}: unfinished (out of time): rating at least ")
    printed = step_lines(done.stdout)
    assert rest == printed and head.endswith(f", {steps(len(printed))}")
    same_start(printed, found_in_time)
    assert done.stderr == (
        f"sudoku: {where}: gave up: explanation stopped after "
        + done.stderr.split("explanation stopped after ", 1)[1]
    )
    assert done.stderr.rstrip().endswith(f"{steps(len(printed))} taken")


@pytest.mark.processes
def test_a_batch_answers_the_puzzles_after_one_out_of_time(
    found_in_time: Explanation,
) -> None:
    nine = LOCAL_DATA / "sudoku9.in"
    easy = local_lines("sudoku9.in")[:2]
    args = ["--timeout", "2", str(SIXTEEN_FILE), str(nine)]
    rated = sudoku_run("--rate", *args)
    assert rated.returncode == 3
    assert rated.stdout == "".join(f"{explain(p).rating:.1f}\n" for p in easy)
    (message,) = rated.stderr.splitlines()
    assert message.startswith(
        f"sudoku: {SIXTEEN_FILE}: puzzle 1 (lines 1-16): gave up: "
        "rating stopped after "  # --rate's own word
    )
    assert "(rating at least " in message
    # --json: the stopped puzzle says so, with its steps; the others are whole.
    shown = sudoku_run("--explain", "--json", *args)
    assert shown.returncode == 3
    first, *others, last = [json.loads(line) for line in shown.stdout.splitlines()]
    assert first["complete"] is False and first["outcome"] == "out_of_time"
    assert first["error"].startswith("gave up: explanation stopped after ")
    assert first["explanation"]["complete"] is False
    texts = [s["text"] for s in first["explanation"]["steps"]]
    ours = [s.text for s in found_in_time.steps]
    common = min(len(texts), len(ours))
    assert common and texts[:common] == ours[:common]
    assert [r["puzzle"] for r in others] == [1, 2]
    for record, puzzle in zip(others, easy, strict=True):
        whole = explain(puzzle)
        assert record["explanation"]["complete"] is True
        assert "outcome" not in record and "error" not in record
        assert [s["text"] for s in record["explanation"]["steps"]] == [
            s.text for s in whole.steps
        ]
    assert last == {
        "puzzles": 3,
        "answered": 2,
        "errors": 1,
        "skipped": 0,
        "complete": True,
    }


@pytest.mark.processes
def test_the_grade_of_a_minimal_25x25_puzzle_runs_out_of_time() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku", "--grade", "--timeout", "1", "-"],
        input=FRISCH + "\n",
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr.startswith(
        "sudoku: <stdin>: puzzle 1 (line 1): gave up: grade stopped after "
    )


def signalled(sig: int, *args: str) -> tuple[int, str, str]:
    """Run sudoku ``args`` with --progress, send ``sig`` once a progress line says a step was found."""
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku", "--progress", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        # Not ignored, even when pytest runs as a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stderr is not None
    reports = ""
    while True:
        line = process.stderr.readline()  # the event waited for, not a sleep
        assert line.startswith("sudoku: puzzle 1: "), reports + line
        assert " steps, " in line and " cells filled " in line
        reports += line
        # Before the first step the search for the puzzle's solution runs,
        # longer than the first report's second on a loaded machine.
        if not line.removeprefix("sudoku: puzzle 1: ").startswith("0 steps, "):
            break
    process.send_signal(sig)
    out, err = process.communicate(timeout=120)
    return process.returncode, out, reports + err


@pytest.mark.processes
def test_sigint_prints_the_steps_found_and_exits_130(
    found_in_time: Explanation,
) -> None:
    status, out, err = signalled(signal.SIGINT, "--explain", str(SIXTEEN_FILE))
    assert status == 130, err
    where = f"{SIXTEEN_FILE}: puzzle 1 (lines 1-16)"
    head = out.splitlines()[0]
    assert head.startswith(f"{where}: unfinished (interrupted): rating at least ")
    printed = step_lines(out)
    assert head.endswith(f", {steps(len(printed))}")
    same_start(printed, found_in_time)
    lines = err.splitlines()
    assert f"sudoku: {where}: interrupted after {steps(len(printed))}" in lines
    assert lines[-1] == "sudoku: interrupted after 1 puzzle read: 0 answered"


@pytest.mark.processes
def test_sigterm_writes_the_steps_found_as_json_and_exits_143(
    found_in_time: Explanation,
) -> None:
    status, out, err = signalled(
        signal.SIGTERM, "--explain", "--json", str(SIXTEEN_FILE)
    )
    assert status == 143, err
    record, last = [json.loads(line) for line in out.splitlines()]
    assert record["complete"] is False and record["outcome"] == "terminated"
    assert "error" not in record  # a signal is not the puzzle's fault
    steps = record["explanation"]["steps"]
    assert record["explanation"]["complete"] is False and steps
    ours = [s.text for s in found_in_time.steps]
    common = min(len(steps), len(ours))
    assert [s["text"] for s in steps][:common] == ours[:common]
    assert last == {
        "puzzles": 1,
        "answered": 0,
        "errors": 0,
        "skipped": 0,
        "complete": False,
    }
    assert err.splitlines()[-1] == "sudoku: terminated after 1 puzzle read: 0 answered"


def test_progress_line_words() -> None:
    report = StepProgress(3, 2, 167, 1.4, "", 2 / 167)
    assert report.describe() == (
        "3 steps, 2 of 167 cells filled (1 %), 1 s, searching for the one solution"
    )
    one = StepProgress(1, 1, 1, 0.0, "X-wing", 1.0)
    assert one.describe().startswith("1 step, 1 of 1 cells filled (100 %)")
