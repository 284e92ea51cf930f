"""A player's mistakes (issue 45, part 4): sudoku.mistakes.

What is checked:

* the entries reported are exactly those that are not the solution's
  (found here with :func:`sudoku.solve`), in the grid's order, with the
  symbol entered; the others (right, or a given's own symbol) are not;
* entries as a grid and as ``(row, column, symbol)`` give the same answer,
  for grids of characters and of ints;
* each mistake's givens are :func:`sudoku.conflicts`' answer for the
  puzzle with that entry (so minimal, the entry among them, checked by
  the solver), and its ``why`` the contradiction :func:`sudoku.explain`
  finds there (whose steps ``test_explained_conflicts`` replays and checks
  step by step);
* bad entries are refused, each named; a puzzle without one solution
  raises as :func:`sudoku.solve` does;
* a budget and Ctrl-C keep the mistakes explained so far.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from cage_oracles import (
    SHAPES4,
    every_grid,
    example_puzzles,
    make_cages,
    oracle_cages,
    oracle_solve,
    oracle_units,
)

import sudoku
from dlx import Outcome
from sudoku.cages import CageError
from sudoku.entries import (
    Mistake,
    MistakesBudgetError,
    MistakesInterrupted,
    MistakesProgress,
    mistakes,
)
from sudoku.errors import MultipleSolutionsError, NoSolutionError, SudokuError
from sudoku.explainer import Contradiction, ContradictionError, explain
from sudoku.grid import Grid
from sudoku.techniques import Clock

#: The 9×9 puzzle of sudoku.whynot's doc, and its solution.
PUZZLE = (
    "53..7...." "6..195..." ".98....6." "8...6...3" "4..8.3..1"
    "7...2...6" ".6....28." "...419..5" "....8..79"
)  # fmt: skip
SOLUTION = str(sudoku.solve(PUZZLE))
SMALL = "1......2..4..3.."


def fields_of(why: Contradiction | None) -> object:
    """What a contradiction says, comparable (a :class:`sudoku.Grid` compares by identity)."""
    if why is None:
        return None
    return (
        why.givens,
        [(s.text, s.grid.values, s.candidates) for s in why.steps],
        why.kind,
        why.cells,
        why.unit,
        why.symbol,
        why.text,
        why.reached.values,
        why.candidates,
    )


def with_entry(puzzle: str, row: int, column: int, symbol: str) -> str:
    size = round(len(puzzle) ** 0.5)
    cell = row * size + column
    return puzzle[:cell] + symbol + puzzle[cell + 1 :]


def check_mistake(puzzle: str, mistake: Mistake, **options: Any) -> None:
    """The mistake's givens and why are those of the puzzle with the entry."""
    broken = with_entry(puzzle, mistake.row, mistake.column, str(mistake.symbol))
    givens = sudoku.conflicts(broken, **options)
    assert mistake.givens == tuple(givens)
    assert (mistake.row, mistake.column, mistake.symbol) in givens
    try:
        explain(broken, **options)
    except ContradictionError as error:
        assert error.givens == givens
        assert fields_of(mistake.why) == fields_of(error.contradiction)
    except sudoku.ConflictError:
        why = mistake.why
        assert why is not None
        if why.kind == "repeat":
            # The entry repeats a given in a unit: the contradiction is that.
            assert not why.steps and len(givens) == 2
        else:
            # It repeats a given, but its cages alone rule it out (a
            # smaller reason): explained from that reason alone.
            assert "cages" in options
            size = round(len(puzzle) ** 0.5)
            alone = ["."] * size * size
            for row, column, symbol in givens:
                alone[row * size + column] = str(symbol)
            with pytest.raises(ContradictionError) as raised:
                explain("".join(alone), **options)
            assert fields_of(why) == fields_of(raised.value.contradiction)
    else:  # pragma: no cover - a wrong entry leaves no solution
        raise AssertionError("explained")


# ---------------------------------------------------------------- known cases


def test_the_wrong_entries_of_a_9x9_grid() -> None:
    entries = [(0, 2, "4"), (0, 3, "2"), (3, 5, "7"), (7, 2, "3"), (0, 0, "5")]
    found = mistakes(PUZZLE, entries)
    assert [(m.row, m.column, m.symbol) for m in found] == [
        (0, 3, "2"),
        (3, 5, "7"),
        (7, 2, "3"),
    ]
    assert [str(m) for m in found] == [
        "r1c4 = 2: box 2 has no place for 8 after 1 step",
        "r4c6 = 7: box 5 has no place for 4 after 1 step",
        "r8c3 = 3: box 9 has no place for 3 after 1 step",
    ]
    for m in found:
        check_mistake(PUZZLE, m)


def test_entries_as_a_grid_and_as_triples_agree() -> None:
    rng = random.Random(45)
    cells = list(PUZZLE)
    triples = []
    for cell in rng.sample([c for c in range(81) if PUZZLE[c] == "."], 20):
        symbol = rng.choice("123456789")
        cells[cell] = symbol
        triples.append((cell // 9, cell % 9, symbol))
    grid = "".join(cells)
    by_grid = mistakes(PUZZLE, grid)
    by_triples = mistakes(PUZZLE, triples)
    wrong = sorted((r, c, s) for r, c, s in triples if SOLUTION[r * 9 + c] != s)
    assert [(m.row, m.column, m.symbol) for m in by_grid] == wrong
    assert [(m.row, m.column, m.symbol, m.givens) for m in by_triples] == [
        (m.row, m.column, m.symbol, m.givens) for m in by_grid
    ]
    assert [fields_of(m.why) for m in by_triples] == [fields_of(m.why) for m in by_grid]
    for m in by_grid:
        check_mistake(PUZZLE, m)


def test_right_entries_and_givens_are_not_reported() -> None:
    assert mistakes(PUZZLE, SOLUTION) == []
    assert mistakes(PUZZLE, PUZZLE) == []
    assert mistakes(PUZZLE, []) == []
    assert mistakes(PUZZLE, [(0, 0, "5"), (0, 2, "4")]) == []


def test_an_entry_that_repeats_a_given() -> None:
    (m,) = mistakes(SMALL, [(0, 1, "3")])
    assert m.givens == ((0, 1, "3"), (3, 1, "3"))
    assert m.why is not None
    assert m.why.text == "column 2 has 3 twice: r1c2, r4c2"
    assert str(m) == "r1c2 = 3: column 2 has 3 twice: r1c2, r4c2"


def test_a_grid_of_ints() -> None:
    rows = [
        [int(ch) if ch != "." else 0 for ch in SMALL[r * 4 : r * 4 + 4]]
        for r in range(4)
    ]
    entries = [[0] * 4 for _ in range(4)]
    entries[0][3] = 3
    entries[0][1] = 2  # right
    (m,) = mistakes(rows, entries)
    assert (m.row, m.column, m.symbol) == (0, 3, 3)
    assert m.why is not None and m.why.symbol == 4
    (again,) = mistakes(rows, [(0, 3, 3), (0, 1, 2)])
    assert again.givens == m.givens


def test_random_4x4_and_9x9_players() -> None:
    rng = random.Random(4)
    for puzzle, size, count in [(SMALL, 4, 6), (PUZZLE, 9, 12)]:
        solution = str(sudoku.solve(puzzle))
        blanks = [c for c in range(size * size) if puzzle[c] == "."]
        for _ in range(3):
            cells = list(puzzle)
            for cell in rng.sample(blanks, count):
                cells[cell] = rng.choice(solution[:size] if size == 4 else "123456789")
            entries = "".join(cells)
            found = mistakes(puzzle, entries)
            wrong = [
                (c // size, c % size, entries[c])
                for c in blanks
                if entries[c] != "." and entries[c] != solution[c]
            ]
            assert [(m.row, m.column, m.symbol) for m in found] == wrong
            for m in found:
                check_mistake(puzzle, m)


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ([(0, 0, "2")], "entry r1c1 = 2: r1c1 is a given (1)"),
        ("2...............", "entry r1c1 = 2: r1c1 is a given (1)"),
        ([(4, 0, "2")], "entry (4, 0, '2'): 4 is not a row or column of a 4x4 grid"),
        ([(0, -1, "2")], "entry (0, -1, '2'): -1 is not a row or column"),
        ([(0, 1, "5")], "entry (0, 1, '5'): '5' is not a symbol of the grid ('1234')"),
        ([(0, 1, 2)], "entry (0, 1, 2): 2 is not a symbol of the grid"),
        ([(0, 1)], "entry (0, 1) is not (row, column, symbol)"),
        ([(0, 1, "2"), (0, 1, "3")], "entries r1c2 = 2 and r1c2 = 3 are for one cell"),
        ("." * 81, "entries: a 9x9 grid, the puzzle is a 4x4 grid"),
        ("x...............", "entries: "),
    ],
)
def test_bad_entries_are_refused_by_name(entries: Any, message: str) -> None:
    with pytest.raises(SudokuError) as caught:
        mistakes(SMALL, entries)
    assert str(caught.value).startswith(message)


def test_the_puzzle_needs_one_solution() -> None:
    with pytest.raises(MultipleSolutionsError):
        mistakes("." * 16, [(0, 0, "1")])
    with pytest.raises(NoSolutionError):
        mistakes("12....3.........", [(3, 3, "1")])


def test_a_timeout_or_progress_that_is_not_usable_is_refused() -> None:
    with pytest.raises(SudokuError):
        mistakes(SMALL, [], timeout=-1)
    with pytest.raises(SudokuError, match="not callable"):
        mistakes(SMALL, [], progress=3)  # type: ignore[arg-type]


# ---------------------------------------------------------------- stops


class EveryCheckClock(Clock):
    """A clock that reports at every reading of the time (tests wait for steps, not seconds)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["interval"] = 0.0
        super().__init__(*args, **kwargs)


#: Three wrong entries, each ruled out after a step.
WRONG = [(0, 3, "2"), (3, 5, "7"), (7, 2, "3")]


def test_ctrl_c_keeps_the_mistakes_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    full = mistakes(PUZZLE, WRONG)
    monkeypatch.setattr(sudoku.entries, "Clock", EveryCheckClock)
    reports: list[MistakesProgress] = []

    def stop(report: MistakesProgress) -> None:
        reports.append(report)
        if report.checked >= 1:
            raise KeyboardInterrupt

    with pytest.raises(MistakesInterrupted) as caught:
        mistakes(PUZZLE, WRONG, progress=stop)
    error = caught.value
    assert isinstance(error, KeyboardInterrupt)
    assert error.outcome is Outcome.INTERRUPTED
    assert [(m.row, m.column, m.givens) for m in error.mistakes] == [
        (m.row, m.column, m.givens) for m in full[:1]
    ]
    assert "1 wrong entry explained" in str(error)
    assert all(r.wrong == 3 for r in reports if r.checked)
    assert reports[-1].describe().startswith("1 of 3 wrong entries explained")


def test_a_budget_keeps_the_mistakes_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    full = mistakes(PUZZLE, WRONG)
    monkeypatch.setattr(sudoku.entries, "Clock", EveryCheckClock)
    timeout = 5.0
    start = time.perf_counter()

    def wait(report: MistakesProgress) -> None:
        # Once a mistake is explained, let the budget run out (an event the
        # clock reads next, not a fixed sleep).
        while report.checked >= 1 and time.perf_counter() < start + timeout + 0.01:
            pass

    with pytest.raises(MistakesBudgetError) as caught:
        mistakes(PUZZLE, WRONG, timeout=timeout, progress=wait)
    error = caught.value
    assert error.outcome is Outcome.OUT_OF_TIME
    # The step looked for as the time ran out may be found before the
    # clock is read again, and end that mistake's explanation.
    kept = len(error.mistakes)
    assert 1 <= kept < len(full)
    assert [m.givens for m in error.mistakes] == [m.givens for m in full[:kept]]
    assert f"{kept} wrong entr" in str(error)


def test_a_budget_used_up_at_once_keeps_nothing() -> None:
    with pytest.raises(MistakesBudgetError) as caught:
        mistakes(PUZZLE, WRONG, timeout=0)
    assert caught.value.mistakes == []
    assert "in the search for the puzzle's one solution" in str(caught.value)


def test_a_mistake_without_reasons_found_reads_so() -> None:
    m = Mistake(0, 0, "1", ((0, 0, "1"),), None)
    assert (
        str(m)
        == "r1c1 = 1: no solution with it, but the techniques here do not show why"
    )
    assert Grid.parse(PUZZLE).size == 9


# ---------------------------------------------------------------- cages


def caged_puzzles(seed: int, count: int) -> list[tuple[str, dict[str, Any], list[int]]]:
    """Random 4x4 cage puzzles with one solution (by the oracle), few givens, and that solution."""
    rng = random.Random(seed)
    made: list[tuple[str, dict[str, Any], list[int]]] = []
    while len(made) < count:
        size, box, variant, _ = rng.choice(SHAPES4[:2])
        solution = rng.choice(every_grid(size, box, variant))
        cages = make_cages(rng, size, solution, cover=0.7)
        givens = [v if rng.random() < 0.15 else 0 for v in solution]
        units = oracle_units(size, box, variant)
        found = oracle_solve(size, units, givens, oracle_cages(cages, size), 2)
        if len(found) != 1:
            continue
        options: dict[str, Any] = {"cages": cages}
        if variant:
            options["variant"] = variant
        puzzle = "".join(str(v) if v else "." for v in givens)
        made.append((puzzle, options, solution))
    return made


def test_mistakes_on_random_cage_puzzles() -> None:
    # Every wrong entry is reported, and each reason is checked by the
    # oracle: the cages with its givens admit no grid, and without any one
    # of them they admit one.
    rng = random.Random(44)
    checked = 0
    for puzzle, options, solution in caged_puzzles(44, 30):
        size = 4
        variant = options.get("variant", "")
        box = None if variant else (2, 2)
        units = oracle_units(size, box, variant)
        cages = oracle_cages(options["cages"], size)
        blanks = [c for c in range(16) if puzzle[c] == "."]
        entries = [
            (c // size, c % size, str(rng.randint(1, size)))
            for c in rng.sample(blanks, min(4, len(blanks)))
        ]
        found = mistakes(puzzle, entries, **options)
        wrong = sorted(
            (r, c, s) for r, c, s in entries if int(s) != solution[r * size + c]
        )
        assert [(m.row, m.column, m.symbol) for m in found] == wrong
        for m in found:
            assert (m.row, m.column, m.symbol) in m.givens
            values = [0] * 16
            for r, c, s in m.givens:
                values[r * size + int(c)] = int(s)
            assert oracle_solve(size, units, values, cages, 1) == []
            for r, c, _ in m.givens:
                fewer = list(values)
                fewer[r * size + c] = 0
                assert oracle_solve(size, units, fewer, cages, 1) != []
            check_mistake(puzzle, m, **options)
            checked += 1
    assert checked >= 20


def test_a_killer_entry_its_cages_rule_out() -> None:
    # A killer of the examples without givens: a wrong entry is refuted by
    # the cages alone, so it is the whole reason, and the steps that
    # refute it are cage techniques and singles from the blank grid.
    _, cages = example_puzzles("killer.txt")[0]
    solution = str(sudoku.solve("." * 81, cages=cages))
    wrong = "1" if solution[0] != "1" else "2"
    found = mistakes("." * 81, [(0, 0, wrong), (4, 4, solution[40])], cages=cages)
    assert [(m.row, m.column, m.symbol, m.givens) for m in found] == [
        (0, 0, wrong, ((0, 0, wrong),))
    ]
    why = found[0].why
    assert why is not None and why.steps
    assert any("cage" in step.text or "45" in step.text for step in why.steps)
    assert why.givens == ((0, 0, wrong),)
    check_mistake("." * 81, found[0], cages=cages)


def test_cage_puzzles_are_refused_as_solve_refuses_them() -> None:
    with pytest.raises(sudoku.MultipleSolutionsError):
        mistakes("." * 16, [(0, 0, "1")], cages=[(3, [(0, 0), (0, 1)])])
    with pytest.raises(CageError, match=r"cages\[0\]"):
        mistakes("." * 16, [(0, 0, "1")], cages=[(99, [(0, 0), (0, 1)])])
    with pytest.raises(SudokuError, match="disjoint_cages=True needs cages="):
        mistakes(SMALL, [(0, 1, "2")], disjoint_cages=True)
