"""``sudoku --check`` pairs answers with puzzles as ``diff`` pairs lines.

An extra line that reads as a grid, or an answer missing in the midst,
used to pair every later answer with the puzzle before or after its own,
each then called wrong.  The pairing is now the one with the fewest
faults within a window ahead, the plain pairing in order where it is as
good: each such fault costs one complaint, two swapped answers stay two
wrong ones, and a well-formed file is checked as before, one verdict per
answer.
"""

from __future__ import annotations

import collections
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import sudoku
import sudoku.cli
from sudoku.cli import main
from sudoku.wording import counted

CLASH = "11" + "." * 14  # two 1s in row 1: no solution
NONE = "12....3........."  # no solution, which a search finds


def run(
    args: list[str],
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    """Run ``main(args)``; return (status, stdout, stderr)."""
    status = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def write(tmp_path: Path, name: str, lines: list[str]) -> str:
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines))
    return str(path)


def checked(
    puzzles: str, answers: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, list[dict[str, Any]], dict[str, int], str]:
    """Both runs of --check: status, the summary line, the records, the counts, stderr.

    The pipe and --json agree: the same status and standard error, and the
    summary line says what the counts say.
    """
    status, out, err = run(["--check", puzzles, answers], capsys)
    json_status, json_out, json_err = run(
        ["--check", "--json", puzzles, answers], capsys
    )
    assert (json_status, json_err) == (status, err)
    *records, counts = [json.loads(line) for line in json_out.splitlines()]
    faults = [
        f"{counts[key]} {key}" for key in ("wrong", "missing", "extra") if counts[key]
    ]
    if counts["without_solution"]:
        faults.append(
            counted(
                counts["without_solution"],
                "puzzle without a solution",
                "puzzles without one",
            )
        )
    paired = counts["right"] + counts["wrong"]
    line = counted(paired, "solution")
    assert out == f"{line} checked: {', '.join(faults) or 'all right'}\n"
    assert counts["puzzles"] == (
        paired + counts["missing"] + counts["without_solution"]
    )
    assert counts["solutions"] == paired + counts["extra"]
    return status, out, records, counts, err


def nine(count: int) -> tuple[list[str], list[str]]:
    puzzles = [sudoku.generate(seed=seed) for seed in range(1, count + 1)]
    return puzzles, [sudoku.solve(p) for p in puzzles]


# -- one fault, one complaint ----------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "at"),
    [
        (kind, at)
        for kind in ("damaged", "another", "duplicate")
        for at in (0, 2, 5)
        if (kind, at) != ("duplicate", 0)  # the next test
    ],
)
def test_an_extra_line_that_reads_as_a_grid_costs_one_complaint(
    kind: str, at: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It paired every later answer with the puzzle before its own, and each
    # was called wrong.
    puzzles, solved = nine(6)
    after = solved[min(at, 5)]
    extra = {
        "damaged": after[:-1],  # 80 cells
        "another": sudoku.solve(sudoku.generate(seed=99)),
        "duplicate": solved[max(at - 1, 0)],
    }[kind]
    lines = [*solved[:at], extra, *solved[at:]]
    name = write(tmp_path, "p.txt", puzzles)
    path = write(tmp_path, "a.out", lines)
    status, out, records, counts, err = checked(name, path, capsys)
    assert status == 1 and out == "6 solutions checked: 1 extra\n"
    assert (counts["solutions"], counts["extra"], counts["wrong"]) == (7, 1, 0)
    assert [(r["puzzle"], r["right"]) for r in records] == [
        (n, True) for n in range(1, 7)
    ]
    said = f"sudoku: {path}: solution {at + 1} (line {at + 1}): an extra solution: "
    if kind == "duplicate":
        assert err == f"{said}it solves puzzle {at}, already answered\n"
    else:
        assert err.startswith(f"{said}it solves no puzzle here (puzzle {at + 1}: ")
        assert len(err.splitlines()) == 1
        assert ("80 cells given" in err) == (kind == "damaged")


def test_a_duplicate_first_answer_is_the_extra_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles, solved = nine(4)
    name = write(tmp_path, "p.txt", puzzles)
    path = write(tmp_path, "a.out", [solved[0], *solved])
    status, out, records, _, err = checked(name, path, capsys)
    assert (status, out) == (1, "4 solutions checked: 1 extra\n")
    assert all(r["right"] for r in records)
    assert err == (
        f"sudoku: {path}: solution 2 (line 2): an extra solution: it solves "
        "puzzle 1, already answered\n"
    )


@pytest.mark.parametrize("gone", [0, 2, 4])
def test_a_missing_answer_in_the_midst_costs_one_complaint(
    gone: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles, solved = nine(6)
    name = write(tmp_path, "p.txt", puzzles)
    path = write(tmp_path, "a.out", solved[:gone] + solved[gone + 1 :])
    status, out, records, counts, err = checked(name, path, capsys)
    assert (status, out) == (1, "5 solutions checked: 1 missing\n")
    assert (counts["puzzles"], counts["checked"], counts["missing"]) == (6, 6, 1)
    assert [(r["puzzle"], r["right"]) for r in records] == [
        (n, n != gone + 1) for n in range(1, 7)
    ]
    message = (
        f"its solution is missing from {path}: the next one, solution "
        f"{gone + 1} (line {gone + 1}), solves puzzle {gone + 2}"
    )
    assert records[gone]["error"] == message
    assert err == f"sudoku: {name}: puzzle {gone + 1} (line {gone + 1}): {message}\n"


def test_an_extra_line_then_a_missing_answer_costs_two_complaints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The old pairing's two shifts cancelled: the answers between them were
    # wrong, those after right.  Now all are right, and those after stay so.
    puzzles, solved = nine(9)
    other = sudoku.solve(sudoku.generate(seed=99))
    lines = [*solved[:2], other, *solved[2:5], *solved[6:]]
    name = write(tmp_path, "p.txt", puzzles)
    path = write(tmp_path, "a.out", lines)
    status, out, records, _, err = checked(name, path, capsys)
    assert (status, out) == (1, "8 solutions checked: 1 missing, 1 extra\n")
    assert [r["puzzle"] for r in records if not r["right"]] == [6]
    first, second = err.splitlines()
    assert first.startswith(f"sudoku: {path}: solution 3 (line 3): an extra solution")
    assert second.startswith(
        f"sudoku: {name}: puzzle 6 (line 6): its solution is missing"
    )
    # Far apart, beyond the window: the same.
    puzzles, solved = nine(40)
    lines = [*solved[:2], other, *solved[2:30], *solved[31:]]
    name = write(tmp_path, "p40.txt", puzzles)
    path = write(tmp_path, "a40.out", lines)
    status, out, records, _, _ = checked(name, path, capsys)
    assert (status, out) == (1, "39 solutions checked: 1 missing, 1 extra\n")
    assert [r["puzzle"] for r in records if not r["right"]] == [31]


@pytest.mark.parametrize("order", ["extra first", "missing first"])
def test_an_extra_line_next_to_a_missing_answer_keeps_the_answer_between(
    order: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # As few faults as two wrong answers: but the answer between solves its
    # puzzle, and the extra line solves none, so it is no swap.
    puzzles, solved = nine(6)
    other = sudoku.solve(sudoku.generate(seed=99))
    if order == "extra first":
        lines, gone = [solved[0], other, solved[1], *solved[3:]], 3
    else:
        lines, gone = [solved[0], solved[2], other, *solved[3:]], 2
    name = write(tmp_path, "p.txt", puzzles)
    path = write(tmp_path, "a.out", lines)
    status, out, records, _, err = checked(name, path, capsys)
    assert (status, out) == (1, "5 solutions checked: 1 missing, 1 extra\n")
    assert [r["puzzle"] for r in records if not r["right"]] == [gone]
    assert len(err.splitlines()) == 2


def test_extra_lines_in_a_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles, solved = nine(12)
    others = [sudoku.solve(sudoku.generate(seed=seed)) for seed in (97, 98, 99)]
    name = write(tmp_path, "p.txt", puzzles)
    path = write(tmp_path, "a.out", [*solved[:4], *others, *solved[4:]])
    status, out, records, _, err = checked(name, path, capsys)
    assert (status, out) == (1, "12 solutions checked: 3 extra\n")
    assert all(r["right"] for r in records)
    assert [line.split(": ")[2] for line in err.splitlines()] == [
        f"solution {n} (line {n})" for n in (5, 6, 7)
    ]


def test_a_missing_answer_beside_a_long_run_of_puzzles_without_a_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Puzzles known to have no solution do not count in the window: the
    # answer after 30 of them is still found for its puzzle.
    four = [sudoku.generate((2, 2), seed=seed) for seed in range(1, 6)]
    solved = [sudoku.solve(p) for p in four]
    run_of = [CLASH if k % 3 else NONE for k in range(30)]
    name = write(tmp_path, "p.txt", [four[0], four[1], *run_of, *four[2:]])
    path = write(tmp_path, "a.out", [solved[0], *solved[2:]])
    status, out, records, counts, err = checked(name, path, capsys)
    assert (status, out) == (
        1,
        "4 solutions checked: 1 missing, 30 puzzles without one\n",
    )
    assert counts["without_solution"] == 30
    assert [r["puzzle"] for r in records if r["right"]] == [1, 33, 34, 35]
    assert "puzzle 2 (line 2): its solution is missing" in err


# -- what the plain pairing kept --------------------------------------------------------


def test_swapped_answers_stay_two_wrong_beside_a_puzzle_given_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A rule that took the first of two swapped answers for an extra line
    # (withdrawn) shifted the rest where a puzzle was given twice.
    puzzles, _ = nine(5)
    twice = [puzzles[0], puzzles[1], puzzles[2], puzzles[2], puzzles[3], puzzles[4]]
    answers = [sudoku.solve(p) for p in twice]
    swapped = [answers[0], answers[2], answers[1], *answers[3:]]
    name = write(tmp_path, "p.txt", twice)
    path = write(tmp_path, "a.out", swapped)
    status, out, records, _, _ = checked(name, path, capsys)
    assert (status, out) == (1, "6 solutions checked: 2 wrong\n")
    assert [r["puzzle"] for r in records if not r["right"]] == [2, 3]
    # The swapped pair after the twice-given puzzle too.
    swapped = [*answers[:3], answers[4], answers[3], answers[5]]
    path = write(tmp_path, "b.out", swapped)
    status, out, records, _, _ = checked(name, path, capsys)
    assert (status, out) == (1, "6 solutions checked: 2 wrong\n")


def test_swapped_answers_stay_two_wrong_beside_puzzles_sharing_a_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Common among 4x4 puzzles: 288 grids in all.
    by_solution: dict[str, list[str]] = collections.defaultdict(list)
    seed = 0
    while not any(len(found) > 1 for found in by_solution.values()):
        seed += 1
        puzzle = sudoku.generate((2, 2), seed=seed)
        if puzzle not in by_solution[sudoku.solve(puzzle)]:
            by_solution[sudoku.solve(puzzle)].append(puzzle)
    shared = next(found for found in by_solution.values() if len(found) > 1)[:2]
    others = [sudoku.generate((2, 2), seed=seed + k) for k in range(1, 4)]
    for puzzles in (
        [others[0], others[1], *shared, others[2]],
        [others[0], *shared, others[1], others[2]],
    ):
        answers = [sudoku.solve(p) for p in puzzles]
        for k in range(len(puzzles) - 1):
            if answers[k] == answers[k + 1]:
                continue
            swapped = list(answers)
            swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
            name = write(tmp_path, "p.txt", puzzles)
            path = write(tmp_path, "a.out", swapped)
            status, out, records, _, _ = checked(name, path, capsys)
            wrong = [r["puzzle"] for r in records if not r["right"]]
            assert (status, wrong) == (1, [k + 1, k + 2]), (puzzles, swapped)
            assert out == "5 solutions checked: 2 wrong\n"


def test_the_summary_never_contradicts_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An extra line in the midst and the last answer missing: as many
    # answers as puzzles.  The old pairing said "only 5 solutions but 5
    # puzzles".
    puzzles, solved = nine(5)
    other = sudoku.solve(sudoku.generate(seed=99))
    name = write(tmp_path, "p.txt", puzzles)
    path = write(tmp_path, "a.out", [*solved[:2], other, *solved[2:4]])
    status, out, _, counts, err = checked(name, path, capsys)
    assert (status, out) == (1, "4 solutions checked: 1 missing, 1 extra\n")
    assert (counts["solutions"], counts["puzzles"]) == (5, 5)
    assert err.splitlines()[-1] == (
        f"sudoku: {path} ends before the solutions of the last 1 puzzle of {name}"
    )
    # A missing answer in the midst and one past the last puzzle.
    path = write(tmp_path, "b.out", [*solved[:2], *solved[3:], other])
    status, out, _, _, err = checked(name, path, capsys)
    assert (status, out) == (1, "4 solutions checked: 1 missing, 1 extra\n")
    assert err.splitlines()[-1] == (
        f"sudoku: {path} has 1 solution past the last puzzle of {name}"
    )
    # The plain cases say it as before.
    path = write(tmp_path, "c.out", solved[:4])
    _, _, _, _, err = checked(name, path, capsys)
    assert err == (
        f"sudoku: {path} has only 4 solutions but {name} has 5 puzzles: the "
        "last 1 has none\n"
    )
    path = write(tmp_path, "d.out", [*solved, other])
    _, _, _, _, err = checked(name, path, capsys)
    assert err == f"sudoku: {name} has 5 puzzles but {path} has 6 solutions\n"


def test_a_stray_line_after_a_missing_answer_stands_for_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The old pairing called the answer after the gap wrong (for the puzzle
    # whose answer is missing), and took the stray line after it for the
    # next puzzle's answer: two faults, and a right answer called wrong.
    puzzles, solved = nine(5)
    name = write(tmp_path, "p.txt", puzzles)
    lines = [solved[0], solved[2], "a stray line", *solved[3:]]
    path = write(tmp_path, "a.out", lines)
    status, out, records, _, _ = checked(name, path, capsys)
    assert (status, out) == (1, "4 solutions checked: 1 missing\n")
    assert [r["puzzle"] for r in records if not r["right"]] == [2]
    assert records[1]["error"] == (
        f"its solution is missing from {path}: the next one, solution 2 "
        "(line 2), solves puzzle 3"
    )


def test_a_stray_line_in_place_of_an_answer_of_a_puzzle_given_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Either of the two is missing its answer: no answer is called wrong.
    puzzles, solved = nine(4)
    twice = [puzzles[0], puzzles[1], puzzles[1], puzzles[2], puzzles[3]]
    name = write(tmp_path, "p.txt", twice)
    path = write(tmp_path, "a.out", [solved[0], "a stray line", *solved[1:]])
    status, out, records, _, _ = checked(name, path, capsys)
    assert (status, out) == (1, "4 solutions checked: 1 missing\n")
    assert [r["puzzle"] for r in records if not r["right"]] in ([2], [3])


# -- random files -----------------------------------------------------------------------


def random_case(
    rng: random.Random, pool: list[str], damage: str
) -> tuple[list[str], list[str], list[str]]:
    """Puzzles, answers, and for each puzzle "right", "missing" or "none"."""
    puzzles: list[str] = []
    for _ in range(rng.randint(3, 24)):
        r = rng.random()
        if puzzles and r < 0.1:
            puzzles.append(rng.choice(puzzles))  # given twice
        elif r < 0.2:
            puzzles.append(rng.choice([CLASH, NONE]))
        else:
            puzzles.append(rng.choice(pool))
    truth = ["none" if p in (CLASH, NONE) else "right" for p in puzzles]
    answers = [
        (sudoku.solve(p), k) for k, p in enumerate(puzzles) if truth[k] != "none"
    ]
    if damage == "extra":
        at = rng.randint(0, len(answers))
        texts = [sudoku.solve(rng.choice(pool))]
        texts += [answers[at - 1][0]] if at else []  # the one before, again
        texts += [answers[min(at, len(answers) - 1)][0][:-1]] if answers else []
        answers.insert(at, (rng.choice(texts), -1))
    elif damage == "missing" and answers:
        gone = rng.randrange(len(answers))
        truth[answers[gone][1]] = "missing"
        del answers[gone]
    lines = [text for text, _ in answers]
    for _ in range(rng.choice([0, 0, 1, 2])):  # skipped lines, anywhere
        lines.insert(rng.randint(0, len(lines)), "a stray line")
    return puzzles, lines, truth


@pytest.mark.parametrize("damage", ["none", "extra", "missing"])
def test_random_files_one_fault_one_complaint(
    damage: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Random 4x4 puzzles, some given twice, some sharing a solution, some
    # without one, and skipped lines among the answers: a well-formed file
    # is all right, an extra line or a missing answer is one fault.
    rng = random.Random(f"check-{damage}")
    pool = [sudoku.generate((2, 2), seed=seed) for seed in range(1, 60)]
    for case in range(40):
        puzzles, answers, truth = random_case(rng, pool, damage)
        name = write(tmp_path, f"p{case}.txt", puzzles)
        path = write(tmp_path, f"a{case}.out", answers)
        _, _, records, counts, _ = checked(name, path, capsys)
        right = {r["puzzle"] for r in records if r["right"]}
        missing = {puzzles[k] for k, known in enumerate(truth) if known == "missing"}
        for number, known in enumerate(truth, 1):
            # The missing answer may be taken for either of two equal puzzles.
            if known == "right" and puzzles[number - 1] not in missing:
                assert number in right, (puzzles, answers, number)
        # Puzzles after the last answer that only a search shows to have no
        # solution may be missing (they are not searched there), as before.
        last = max((k for k, t in enumerate(truth) if t == "right"), default=-1)
        left = puzzles[last + 1 :].count(NONE)
        faults = counts["wrong"] + counts["missing"] + counts["extra"]
        # An extra line may be taken for the answer of a puzzle without a
        # solution: wrong, but still one fault.
        fault = damage != "none"
        assert fault <= faults <= fault + left, (puzzles, answers, counts)
        wrong = [r["puzzle"] for r in records if not r["right"] and "error" in r]
        assert all(
            truth[n - 1] != "right" or puzzles[n - 1] in missing for n in wrong
        ), (puzzles, answers, records)


# -- streaming ------------------------------------------------------------------------


class CountedLines(io.BytesIO):
    """Standard input that counts the lines read from it."""

    lines = 0

    def readline(self, size: int | None = -1) -> bytes:
        line = super().readline(size)
        self.lines += bool(line)
        return line


class Snapshots(io.StringIO):
    """Standard output that notes how many input lines were read at each write."""

    def __init__(self, source: CountedLines) -> None:
        super().__init__()
        self.source = source
        self.read_at: list[int] = []

    def write(self, text: str) -> int:
        self.read_at.extend([self.source.lines] * text.count("\n"))
        return super().write(text)


@pytest.mark.parametrize("side", ["puzzles", "answers"])
def test_each_verdict_comes_within_the_window_and_verdicts_stay_few(
    side: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    four = [sudoku.generate((2, 2), seed=seed) for seed in range(1, 41)]
    puzzles = [four[k % 40] for k in range(400)]
    answers = [sudoku.solve(p) for p in puzzles]
    other = sudoku.solve("4" + "." * 15)
    calls = 0
    real_check = sudoku.check

    def counted_check(*args: object, **kwargs: object) -> None:
        nonlocal calls
        calls += 1
        real_check(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sudoku.cli, "check", counted_check)
    window = sudoku.cli._CHECK_WINDOW
    for damaged in (
        answers,
        [*answers[:3], other, *answers[3:200], *answers[201:]],  # extra, missing
        [other] * 400,  # wrong, almost all
    ):
        calls = 0
        lines = puzzles if side == "puzzles" else damaged
        source = CountedLines("".join(f"{line}\n" for line in lines).encode())
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(source))
        out = Snapshots(source)
        monkeypatch.setattr(sys, "stdout", out)
        if side == "puzzles":
            args = ["-", write(tmp_path, "a.out", damaged)]
        else:
            args = [write(tmp_path, "p.txt", puzzles), "-"]
        main(["--check", "--json", *args])
        *records, _ = [json.loads(line) for line in out.getvalue().splitlines()]
        assert len(records) == 400
        # The layout is chosen from the first 64 lines; then a verdict comes
        # no more than the window (and a little) after its puzzle.
        for number, read in enumerate(out.read_at[:-1], 1):
            assert read <= max(number + 2 * window + 2, 64), (number, read)
        if damaged is answers:  # one verdict an answer, as before
            assert calls == 400
        assert calls <= 2 * window * 400
