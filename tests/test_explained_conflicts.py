"""Explained conflicts (issue 45, part 3): why a puzzle has no solution, step by step.

For a puzzle without a solution, :func:`sudoku.explain` and
:func:`sudoku.hint` raise a :class:`sudoku.explainer.ContradictionError` (a
``NoSolutionError``) with a minimal set of the puzzle's givens
(:func:`sudoku.conflicts`) and the steps from those givens alone to a
contradiction.  Every answer is checked here without the explainer's
code:

* the givens are the puzzle's, have no solution together and, without any
  one of them, have one (:func:`sudoku.count`, the solver);
* the steps are replayed on candidates worked out here from the givens
  alone: each step's grid and candidates are the replay's, each removes
  candidates there or fills blanks with one of their candidates, and no
  contradiction shows before the last;
* each single (full house, hidden single, naked single) is checked by its
  rule on the replay, and each step of a technique whose reasons lie in
  its cells and units (locked candidates, subsets, fish, strong links,
  wings) against every filling of those cells that the rules allow there
  (dancing links on the step's cells and units, their candidates, the
  other givens): what it removes is in none, what it places in all;
* the contradiction the record names is on the replayed board.

Puzzles: the broken 9×9 puzzle of :mod:`sudoku.whynot`'s doc, seeded random
4×4 and 6×6 grids of random givens, and 9×9 puzzles of Norvig's top 95
broken by one given (``wrong_given``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest
from sudoku_helpers import local_lines, wrong_given

import sudoku
from dlx import ExactCover, Outcome
from dlx.records import replace
from sudoku.errors import ConflictError, NoSolutionError
from sudoku.explainer import (
    Contradiction,
    ContradictionError,
    ExplanationBudgetError,
    ExplanationInterrupted,
    Step,
    explain,
    explain_contradiction,
    hint,
)
from sudoku.grid import Grid
from sudoku.regions import Regions, regions_of
from sudoku.steps import UNIQUENESS
from sudoku.techniques import Clock

#: The 9×9 puzzle of sudoku.whynot's doc, and the same with an 8 in r1c9.
PUZZLE = (
    "53..7...." "6..195..." ".98....6." "8...6...3" "4..8.3..1"
    "7...2...6" ".6....28." "...419..5" "....8..79"
)  # fmt: skip
BROKEN = PUZZLE[:8] + "8" + PUZZLE[9:]

#: Techniques whose reasons lie in their hint's cells and units (checked
#: against every filling there); the chains, forcing chains and
#: exclusions rest on more than they list.
LOCAL = (
    "pointing",
    "claiming",
    "direct pointing",
    "direct claiming",
    "naked pair",
    "naked triple",
    "naked quad",
    "hidden pair",
    "hidden triple",
    "hidden quad",
    "direct hidden pair",
    "direct hidden triple",
    "X-wing",
    "swordfish",
    "jellyfish",
    "skyscraper",
    "2-string kite",
    "turbot fish",
    "XY-wing",
    "XYZ-wing",
)


def unit_names(regions: Regions) -> dict[str, int]:
    """Each unit's name, as a step writes it (``"row 2"``), and its index."""
    names: dict[str, int] = {}
    seen: dict[str, int] = {}
    for u, kind in enumerate(regions.kinds):
        seen[kind] = seen.get(kind, 0) + 1
        names[f"{kind} {seen[kind]}"] = u
    return names


class Replay:
    """Values and candidates worked out here, from givens, as steps fill and remove."""

    def __init__(self, grid: Grid, units: Regions, givens: Sequence[Any]) -> None:
        self.grid = grid
        self.units = units
        self.size = size = grid.size
        self.values = [0] * (size * size)
        for r, c, s in givens:
            self.values[r * size + c] = value_of(grid, s)
        self.peers = [
            {o for u in units.cell_units[c] for o in units.units[u]} - {c}
            for c in range(size * size)
        ]
        self.cand = [
            set()
            if self.values[c]
            else set(range(1, size + 1)) - {self.values[o] for o in self.peers[c]}
            for c in range(size * size)
        ]

    def place(self, cell: int, value: int) -> None:
        self.values[cell] = value
        self.cand[cell] = set()
        for o in self.peers[cell]:
            self.cand[o].discard(value)

    def symbols(self) -> tuple[tuple[str | int, ...], ...]:
        return tuple(tuple(self.grid.symbol(v) for v in sorted(c)) for c in self.cand)

    def contradiction(self) -> tuple[str, int, int] | None:
        """A contradiction on the board: ("repeat", unit, value), ("cell", cell, 0), ("symbol", unit, value)."""
        values = self.values
        for u, unit in enumerate(self.units.units):
            held = [values[c] for c in unit if values[c]]
            for v in held:
                if held.count(v) > 1:
                    return "repeat", u, v
        for c, v in enumerate(values):
            if not v and not self.cand[c]:
                return "cell", c, 0
        for u, unit in enumerate(self.units.units):
            lacking = set(range(1, self.size + 1)) - {values[c] for c in unit}
            for v in sorted(lacking):
                if not any(v in self.cand[c] for c in unit):
                    return "symbol", u, v
        return None


def value_of(grid: Grid, symbol: object) -> int:
    if grid.alphabet is None:
        assert isinstance(symbol, int)
        return symbol
    assert isinstance(symbol, str)
    return grid.alphabet.index(symbol) + 1


def some_filling(
    replay: Replay, cells: set[int], fixed: dict[int, int], banned: tuple[int, int]
) -> bool:
    """Whether the blank ``cells`` can be filled from their candidates, ``fixed`` as given and ``banned`` not.

    Each unit takes a value once at most among them; a unit whose blank
    cells are all among them takes each value it lacks (dancing links).
    """
    size = replay.size
    units = replay.units
    blank = sorted(c for c in cells if not replay.values[c])
    whole = {
        u
        for u, unit in enumerate(units.units)
        if all(replay.values[c] or c in cells for c in unit)
    }
    rows: list[list[int]] = []
    items: dict[tuple[object, ...], int] = {}
    secondary: dict[tuple[object, ...], int] = {}
    for c in blank:
        items[("cell", c)] = len(items)
    for u in sorted(whole):
        held = {replay.values[c] for c in units.units[u]}
        for v in range(1, size + 1):
            if v not in held:
                items[("unit", u, v)] = len(items)
    for c in blank:
        choices = [fixed[c]] if c in fixed else sorted(replay.cand[c])
        for v in choices:
            if (c, v) == banned or v not in replay.cand[c]:
                continue
            row = [items[("cell", c)]]
            for u in units.cell_units[c]:
                key = ("unit", u, v)
                if key in items:
                    row.append(items[key])
                else:
                    row.append(-1 - secondary.setdefault(key, len(secondary)))
            rows.append(row)
    n = len(items)
    numbered = [[i if i >= 0 else n - 1 - i for i in row] for row in rows]
    if any(not any(r[0] == items[("cell", c)] for r in numbered) for c in blank):
        return False
    problem = ExactCover.from_rows(numbered, n, len(secondary))
    return problem.first() is not None


def check_step(replay: Replay, step: Step, names: dict[str, int]) -> bool:
    """Check a step against the replay, before applying it; whether checked against fillings."""
    grid = replay.grid
    size = replay.size
    assert list(step.grid.values) == replay.values, step.text
    assert step.candidates == replay.symbols(), step.text
    assert replay.contradiction() is None, step.text  # none before the last step
    assert step.technique not in UNIQUENESS and step.technique != "search"
    placements = [(r * size + c, value_of(grid, s)) for r, c, s in step.placements]
    eliminations = [(r * size + c, value_of(grid, s)) for r, c, s in step.eliminations]
    assert placements or eliminations, step.text
    for cell, value in placements:
        assert not replay.values[cell] and value in replay.cand[cell], step.text
    for cell, value in eliminations:
        assert value in replay.cand[cell], step.text
    units = [names[name] for name in step.units]
    technique = step.technique
    if technique == "full house":
        ((cell, value),) = placements
        (unit,) = units
        blanks = [c for c in replay.units.units[unit] if not replay.values[c]]
        held = {replay.values[c] for c in replay.units.units[unit]}
        assert blanks == [cell] and set(range(1, size + 1)) - held == {value}
    elif technique.startswith("hidden single"):
        ((cell, value),) = placements
        (unit,) = units
        places = [c for c in replay.units.units[unit] if value in replay.cand[c]]
        assert places == [cell], step.text
    elif technique == "naked single":
        ((cell, value),) = placements
        assert replay.cand[cell] == {value}
    elif technique in LOCAL:
        cells = {r * size + c for r, c in step.cells}
        for u in units:
            cells |= set(replay.units.units[u])
        cells |= {c for c, _ in placements} | {c for c, _ in eliminations}
        if not some_filling(replay, cells, {}, (-1, 0)):
            return False  # the contradiction lies there already: nothing to check
        for cell, value in eliminations:
            assert not some_filling(replay, cells, {cell: value}, (-1, 0)), step.text
        for cell, value in placements:
            assert not some_filling(replay, cells, {}, (cell, value)), step.text
        return True
    return False


def check_contradiction(
    grid: Grid, units: Regions, why: Contradiction, givens: Sequence[Any]
) -> int:
    """Replay ``why`` from ``givens`` (see the module's doc); how many steps were checked against fillings."""
    assert why.complete and why.stopped is None
    assert why.givens == tuple(sorted(givens))
    names = unit_names(units)
    replay = Replay(grid, units, givens)
    checked = 0
    for step in why.steps:
        checked += check_step(replay, step, names)
        size = replay.size
        for r, c, s in step.eliminations:
            replay.cand[r * size + c].discard(value_of(grid, s))
        for r, c, s in step.placements:
            replay.place(r * size + c, value_of(grid, s))
    assert list(why.reached.values) == replay.values
    assert why.candidates == replay.symbols()
    found = replay.contradiction()
    assert found is not None, why.text
    kind, where, value = found
    assert why.kind == kind
    size = grid.size
    if kind == "cell":
        assert why.cells == (divmod(where, size),)
        assert (
            why.text == f"r{where // size + 1}c{where % size + 1} has no candidate left"
        )
    else:
        assert names[str(why.unit)] == where
        assert why.symbol == grid.symbol(value)
    if kind == "symbol":
        assert why.text == f"{why.unit} has no place for {why.symbol}"
    if kind == "repeat":
        assert {replay.values[r * size + c] for r, c in why.cells} == {value}
        assert len(why.cells) >= 2
    return checked


def check_givens(
    puzzle: str, givens: Sequence[Any], alphabet: str, box: tuple[int, int]
) -> None:
    """The givens are the puzzle's, have no solution, and lose that without any one."""
    size = len(alphabet)
    assert givens
    for r, c, s in givens:
        assert puzzle[r * size + c] == s

    def grid_of(kept: Sequence[Any]) -> str:
        cells = ["."] * (size * size)
        for r, c, s in kept:
            cells[r * size + c] = s
        return "".join(cells)

    assert sudoku.count(grid_of(givens), alphabet=alphabet, box=box, limit=1) == 0
    for k in range(len(givens)):
        rest = [*givens[:k], *givens[k + 1 :]]
        assert sudoku.count(grid_of(rest), alphabet=alphabet, box=box, limit=1) == 1


def fields_of(why: Contradiction | None) -> object:
    """What a contradiction says, comparable (a :class:`sudoku.Grid` compares by identity)."""
    if why is None:
        return None
    return (
        why.givens,
        steps_of(why.steps),
        why.kind,
        why.cells,
        why.unit,
        why.symbol,
        why.text,
        why.reached.values,
        why.candidates,
        why.stopped,
    )


def steps_of(steps: Sequence[Step]) -> list[object]:
    """What steps say, comparable."""
    return [
        (s.text, s.placements, s.eliminations, s.grid.values, s.candidates)
        for s in steps
    ]


def explained(puzzle: str, **options: Any) -> ContradictionError:
    with pytest.raises(ContradictionError) as caught:
        explain(puzzle, **options)
    return caught.value


# ---------------------------------------------------------------- known cases


def test_the_broken_puzzle_of_the_docs_is_explained() -> None:
    error = explained(BROKEN)
    assert isinstance(error, NoSolutionError)
    givens = sudoku.conflicts(BROKEN)
    assert error.givens == givens
    why = error.contradiction
    assert why is not None
    assert (why.kind, why.unit, why.symbol, why.cells) == ("symbol", "row 2", "8", ())
    assert why.steps == ()
    assert str(error) == (
        "no solution: r1c9 = 8, r2c4 = 1, r2c5 = 9, r2c6 = 5, r3c3 = 8 have none "
        "together; row 2 has no place for 8"
    )
    check_contradiction(Grid.parse(BROKEN), regions_of(9, (3, 3)), why, givens)
    check_givens(BROKEN, givens, "123456789", (3, 3))


def test_a_4x4_contradiction_after_two_steps() -> None:
    puzzle = "...1143.43......"
    error = explained(puzzle)
    why = error.contradiction
    assert why is not None
    assert [s.text for s in why.steps] == [
        "r2c1 = 1: hidden single in box 1",
        "r2c4 = 2: full house in row 2",
    ]
    assert (why.kind, why.cells, why.unit, why.symbol) == (
        "cell",
        ((2, 3),),
        None,
        None,
    )
    assert str(why).splitlines()[-1] == "r3c4 has no candidate left"
    assert str(error).endswith("r3c4 has no candidate left after 2 steps")
    check_contradiction(Grid.parse(puzzle), regions_of(4, (2, 2)), why, error.givens)
    check_givens(puzzle, error.givens, "1234", (2, 2))


def test_hint_raises_the_same_error() -> None:
    with pytest.raises(ContradictionError) as caught:
        hint(BROKEN)
    assert caught.value.givens == explained(BROKEN).givens
    assert fields_of(caught.value.contradiction) == fields_of(
        explained(BROKEN).contradiction
    )


def test_two_givens_that_repeat_a_symbol_are_still_a_conflict_error() -> None:
    with pytest.raises(ConflictError):
        explain("1..1............")


def test_a_repeat_of_givens_is_a_contradiction_without_steps() -> None:
    grid = Grid.parse("." * 16)
    units = regions_of(4, (2, 2))
    why = explain_contradiction(grid, units, [(0, 0, "1"), (0, 3, "1")])
    assert why is not None
    assert (why.kind, why.cells, why.unit, why.symbol) == (
        "repeat",
        ((0, 0), (0, 3)),
        "row 1",
        "1",
    )
    assert why.text == "row 1 has 1 twice: r1c1, r1c4" and why.steps == ()
    check_contradiction(grid, units, why, [(0, 0, "1"), (0, 3, "1")])


def test_givens_with_a_solution_have_no_contradiction() -> None:
    grid = Grid.parse(PUZZLE)
    givens = [
        (c // 9, c % 9, PUZZLE[c]) for c in range(81) if PUZZLE[c] != "."
    ]  # solved by singles: the steps run to a full grid and stop there
    assert explain_contradiction(grid, regions_of(9, (3, 3)), givens) is None
    assert (
        explain_contradiction(Grid.parse("." * 16), regions_of(4, (2, 2)), []) is None
    )


def test_a_grid_of_ints_is_explained_in_ints() -> None:
    rows = [
        [int(ch) if ch != "." else 0 for ch in BROKEN[r * 9 : r * 9 + 9]]
        for r in range(9)
    ]
    error = explained(rows)  # type: ignore[arg-type]
    assert error.givens == [(r, c, int(s)) for r, c, s in explained(BROKEN).givens]
    assert error.contradiction is not None and error.contradiction.symbol == 8


# ---------------------------------------------------------------- random cases


def random_broken(
    rng: random.Random, alphabet: str, box: tuple[int, int], count: int
) -> str | None:
    """Random givens of a random solved grid, and one wrong given that repeats nothing; ``None`` if it has a solution."""
    size = len(alphabet)
    units = regions_of(size, box)
    solved = Grid.parse(str(sudoku.solve("." * (size * size), box=box)), box=box).values
    relabel = list(range(1, size + 1))
    rng.shuffle(relabel)
    solution = [relabel[v - 1] for v in solved]
    values = [0] * (size * size)
    for cell in rng.sample(range(size * size), count):
        values[cell] = solution[cell]
    broken = wrong_given(values, solution, units, alphabet, rng)
    if broken is None:
        return None
    puzzle = broken[0]
    if sudoku.count(puzzle, alphabet=alphabet, box=box, limit=1):
        return None
    return puzzle


@pytest.mark.parametrize(
    ("alphabet", "box", "lo", "hi", "cases", "least"),
    # On 4×4 grids most minimal sets show their contradiction at once.
    [("1234", (2, 2), 2, 6, 40, 1), ("123456", (2, 3), 5, 14, 25, 8)],
)
def test_random_small_grids_without_solution(
    alphabet: str, box: tuple[int, int], lo: int, hi: int, cases: int, least: int
) -> None:
    rng = random.Random(45)
    size = len(alphabet)
    units = regions_of(size, box)
    done = with_steps = checked = 0
    while done < cases:
        puzzle = random_broken(rng, alphabet, box, rng.randint(lo, hi))
        if puzzle is None:
            continue
        error = explained(puzzle, box=box)
        assert error.givens == sudoku.conflicts(puzzle, box=box)
        check_givens(puzzle, error.givens, alphabet, box)
        why = error.contradiction
        assert why is not None, puzzle  # small grids: the techniques always reach it
        checked += check_contradiction(
            Grid.parse(puzzle, box=box), units, why, error.givens
        )
        with_steps += bool(why.steps)
        done += 1
    assert with_steps >= least  # not only contradictions seen at once


def test_broken_9x9_puzzles() -> None:
    rng = random.Random(7)
    units = regions_of(9, (3, 3))
    # The first 8 (the 9th takes seconds, in the search that shows it has no solution).
    lines = [line.strip() for line in local_lines("sudoku9_norvig_top95.txt", 8)]
    steps = checked = 0
    for line in lines:
        solution = Grid.parse(sudoku.solve(line)).values
        broken = wrong_given(Grid.parse(line).values, solution, units, "123456789", rng)
        assert broken is not None
        puzzle, planted = broken
        error = explained(puzzle)
        assert planted in error.givens
        assert error.givens == sudoku.conflicts(puzzle)
        why = error.contradiction
        assert why is not None, puzzle
        checked += check_contradiction(Grid.parse(puzzle), units, why, error.givens)
        check_givens(puzzle, error.givens, "123456789", (3, 3))
        steps += len(why.steps)
    assert steps > 100 and checked > 20  # techniques beyond singles were checked


def test_a_variant_grid_uses_its_units() -> None:
    # An X-sudoku with two 1s on the main diagonal that no row, column or
    # box holds both of.
    puzzle = "1" + "." * 29 + "1" + "." * 50
    grid = Grid.parse(puzzle)
    units = sudoku.units_of(grid, "x", None)
    assert units is not None
    why = explain_contradiction(grid, units, [(0, 0, "1"), (3, 3, "1")])
    assert why is not None
    assert (why.kind, why.unit, why.cells) == ("repeat", "diagonal 1", ((0, 0), (3, 3)))
    check_contradiction(grid, units, why, [(0, 0, "1"), (3, 3, "1")])
    with pytest.raises(ConflictError):
        explain(puzzle, variant="x")


# ---------------------------------------------------------------- stops


class EveryCheckClock(Clock):
    """A clock that reports at every reading of the time (tests wait for steps, not seconds)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["interval"] = 0.0
        super().__init__(*args, **kwargs)


def long_case() -> tuple[str, Contradiction]:
    """A broken 9×9 puzzle whose contradiction takes four steps or more."""
    rng = random.Random(7)
    units = regions_of(9, (3, 3))
    for line in local_lines("sudoku9_norvig_top95.txt", 12):
        line = line.strip()
        solution = Grid.parse(sudoku.solve(line)).values
        broken = wrong_given(Grid.parse(line).values, solution, units, "123456789", rng)
        assert broken is not None
        why = explained(broken[0]).contradiction
        if why is not None and len(why.steps) >= 4:
            return broken[0], why
    raise AssertionError("no long case")  # pragma: no cover


def test_ctrl_c_keeps_the_givens_and_the_steps_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle, full = long_case()
    monkeypatch.setattr(sudoku.explainer, "Clock", EveryCheckClock)

    def stop(report: Any) -> None:
        if report.steps >= 2:
            raise KeyboardInterrupt

    with pytest.raises(ExplanationInterrupted) as caught:
        explain(puzzle, progress=stop)
    error = caught.value
    assert isinstance(error, KeyboardInterrupt)
    assert error.explanation is None
    assert error.givens == list(full.givens)
    partial = error.contradiction
    assert partial is not None
    assert partial.stopped is Outcome.INTERRUPTED and not partial.complete
    assert partial.kind is None and steps_of(partial.steps) == steps_of(full.steps[:2])
    assert partial.reached.values == full.steps[2].grid.values
    assert partial.candidates == full.steps[2].candidates
    assert "2 steps taken from givens without a solution" in str(error)


def test_a_budget_keeps_the_givens_and_the_steps_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle, full = long_case()
    monkeypatch.setattr(sudoku.explainer, "Clock", EveryCheckClock)
    timeout = 5.0
    start = time.perf_counter()

    def wait(report: Any) -> None:
        # Once two steps are taken, let the budget run out (an event the
        # clock reads next, not a fixed sleep).
        while report.steps >= 2 and time.perf_counter() < start + timeout + 0.01:
            pass

    with pytest.raises(ExplanationBudgetError) as caught:
        explain(puzzle, timeout=timeout, progress=wait)
    error = caught.value
    assert error.outcome is Outcome.OUT_OF_TIME
    assert error.givens == list(full.givens)
    partial = error.contradiction
    assert partial is not None and partial.stopped is Outcome.OUT_OF_TIME
    # The step looked for as the time ran out may be found before the
    # clock is read again.
    taken = len(partial.steps)
    assert 2 <= taken < len(full.steps)
    assert steps_of(partial.steps) == steps_of(full.steps[:taken])
    assert f"{taken} steps taken from givens without a solution" in str(error)


def test_a_budget_used_up_at_once_keeps_nothing() -> None:
    with pytest.raises(ExplanationBudgetError) as caught:
        explain(BROKEN, timeout=0)
    assert caught.value.givens is None and caught.value.contradiction is None


def test_progress_reports_come_during_the_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle, full = long_case()
    monkeypatch.setattr(sudoku.explainer, "Clock", EveryCheckClock)
    reports: list[Any] = []
    with pytest.raises(ContradictionError):
        explain(puzzle, progress=reports.append)
    assert max(r.steps for r in reports) == len(full.steps) - 1
    assert {r.technique for r in reports} >= {"hidden single"}


def test_the_filling_check_catches_a_wrong_elimination() -> None:
    # The check against fillings is not vacuous: a step of the long case
    # with one more elimination, one that some filling of its cells has,
    # is refused.
    puzzle, full = long_case()
    grid = Grid.parse(puzzle)
    units = regions_of(9, (3, 3))
    names = unit_names(units)
    replay = Replay(grid, units, full.givens)
    refused = 0
    for step in full.steps:
        if step.technique in LOCAL:
            cells = {r * 9 + c for r, c in step.cells}
            for u in step.units:
                cells |= set(units.units[names[u]])
            for cell in sorted(cells):
                for value in sorted(replay.cand[cell]):
                    if some_filling(replay, cells, {cell: value}, (-1, 0)):
                        bad = (cell // 9, cell % 9, grid.symbol(value))
                        wrong = replace(step, eliminations=(*step.eliminations, bad))
                        with pytest.raises(AssertionError):
                            check_step(replay, wrong, names)
                        refused += 1
                        break
                else:
                    continue
                break
        assert check_step(replay, step, names) in (True, False)
        for r, c, s in step.eliminations:
            replay.cand[r * 9 + c].discard(value_of(grid, s))
        for r, c, s in step.placements:
            replay.place(r * 9 + c, value_of(grid, s))
    assert refused
