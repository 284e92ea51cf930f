"""Budgets in generation (issue 42): timeouts, progress, Ctrl-C, and what cannot be made.

* ``sudoku.generate(timeout=, progress=)``: the budget ends a generation
  with :class:`sudoku.generator.GenerationStopped`, saying what it had
  reached; progress reports come about once a second, from the
  generator's own loops and from the engine's counts inside them; a
  :class:`KeyboardInterrupt` goes through and leaves nothing changed.
* A grade that minimal puzzles of a size almost never have (medium on
  16x16) ends with a message that says why, at the default number of
  tries or at the budget.
* A jigsaw map that no complete grid fits is refused at once with the
  reason (the law of leftovers), by the SAT back end when that reason is
  not found, or by the budget with a clear message; a map that has grids
  is never refused.
* ``sudoku generate --timeout`` (status 3), and real SIGINT and SIGTERM
  sent to real processes once they have printed a puzzle (130, 143):
  the puzzles printed stay, and the last line says how many.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from math import isqrt
from pathlib import Path

import pytest
from dlx_helpers import ROOT, interrupt_on_a_terminal, start_command
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku
from dlx import BudgetExceeded, Outcome, Progress
from dlx.algorithms import sat_available
from sudoku import BudgetError, RegionError, SudokuError
from sudoku.cli import main
from sudoku.generator import (
    DEFAULT_BIG_GRADE_TRIES,
    Generated,
    GenerationProgress,
    GenerationStopped,
    generate_puzzle,
)
from sudoku.regions import leftover_proof, regions_of

#: The jigsaw map of issue 42: boxes, with two pairs of cells traded across
#: the edges between bands (rows 3 and 4, column 3; rows 6 and 7, column 7).
#: No complete grid fits it; before the law of leftovers, generate ran for
#: over 500 s and count(limit=1) over 60 s without finding that out.
IMPOSSIBLE = (
    "AAABBBCCCAAABBBCCCAADBBBCCCDDAEEEFFFDDDEEEFFFDDDEEEIFFGGGHHHFIIGGGHHHIIIGGGHHHIII"
)


class Enough(Exception):
    """Raised by a test's progress hook to end a generation it has seen enough of."""


# -- an independent oracle for small maps ------------------------------------------


def units_of_map(size: int, labels: Sequence[object]) -> list[list[int]]:
    """Rows, columns and the map's regions, from the rules."""
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    for label in dict.fromkeys(labels):
        units.append([k for k, x in enumerate(labels) if x == label])
    return units


def has_grid(size: int, labels: Sequence[object]) -> bool:
    """Whether any complete grid fits the map: plain backtracking, cell by cell.

    No singles, no exact cover, no leftovers: the first region holds 1..N
    in order (any grid can be relabelled so), then each blank cell with
    the fewest symbols left is tried with each of them.
    """
    units = units_of_map(size, labels)
    peers: list[set[int]] = [set() for _ in range(size * size)]
    for unit in units:
        for cell in unit:
            peers[cell].update(unit)
    grid = [0] * (size * size)
    for value, cell in enumerate(units[2 * size], 1):
        grid[cell] = value
    stack: list[tuple[int, list[int]]] = []
    while True:
        blanks = [c for c in range(size * size) if not grid[c]]
        if not blanks:
            return True
        options = {
            c: [v for v in range(1, size + 1) if all(grid[p] != v for p in peers[c])]
            for c in blanks
        }
        cell = min(blanks, key=lambda c: len(options[c]))
        stack.append((cell, options[cell]))
        while stack:
            cell, rest = stack[-1]
            if rest:
                grid[cell] = rest.pop()
                break
            grid[cell] = 0
            stack.pop()
        else:
            return False


def fitting_map(
    solution: str, box: tuple[int, int], rng: random.Random, swaps: int
) -> list[int]:
    """A region map that the complete grid ``solution`` fits, drawn with ``rng``.

    Regions start as the boxes (``swaps`` > 0) and trade cells that hold
    the same symbol, or (``swaps`` = 0) take each symbol's N cells in a
    random order, one per region: either way every region holds each
    symbol once, so the grid fits the map.
    """
    rows, cols = box
    size = rows * cols
    values = [ord(ch) for ch in solution]
    if swaps == 0:
        labels = [0] * (size * size)
        for symbol in set(values):
            cells = [c for c in range(size * size) if values[c] == symbol]
            rng.shuffle(cells)
            for region, cell in enumerate(cells):
                labels[cell] = region
        return labels
    labels = [
        (r // rows) * (size // cols) + c // cols
        for r in range(size)
        for c in range(size)
    ]
    for _ in range(swaps):
        a = rng.randrange(size * size)
        others = [
            b
            for b in range(size * size)
            if values[b] == values[a] and labels[b] != labels[a]
        ]
        b = rng.choice(others)
        labels[a], labels[b] = labels[b], labels[a]
    return labels


def rows_of(labels: Sequence[int], size: int) -> list[str]:
    """A map of region numbers as N rows of letters."""
    letters = "".join(chr(65 + x) for x in labels)
    return [letters[r * size : (r + 1) * size] for r in range(size)]


def edge_swaps(size: int, box: tuple[int, int]) -> list[list[int]]:
    """Every map made from the boxes by trading two cells across an edge between boxes."""
    rows, cols = box
    base = [
        (r // rows) * (size // cols) + c // cols
        for r in range(size)
        for c in range(size)
    ]
    maps = []
    for a in range(size * size):
        r, c = divmod(a, size)
        for b in (a + 1 if c + 1 < size else -1, a + size if r + 1 < size else -1):
            if b >= 0 and base[a] != base[b]:
                labels = list(base)
                labels[a], labels[b] = labels[b], labels[a]
                maps.append(labels)
    return maps


# -- the library: timeout and progress ---------------------------------------------


def test_a_timeout_of_zero_stops_before_any_work() -> None:
    with pytest.raises(GenerationStopped) as stopped:
        sudoku.generate(seed=1, timeout=0)
    stop = stopped.value
    # A BudgetError, so a SudokuError and a dlx.BudgetExceeded, out of time.
    assert isinstance(stop, BudgetError) and isinstance(stop, SudokuError)
    assert isinstance(stop, BudgetExceeded) and stop.outcome is Outcome.OUT_OF_TIME
    assert stop.tries == 1 and stop.what == "the puzzle was not finished"
    assert str(stop).startswith("generation stopped after ")
    assert "(time budget of 0 s used up): the puzzle was not finished" in str(stop)


def test_a_timeout_ends_a_grade_out_of_reach_with_what_it_reached() -> None:
    # Minimal 16x16 puzzles are almost never medium: the budget ends the
    # search, and the message says so and why.
    with pytest.raises(GenerationStopped) as stopped:
        generate_puzzle((4, 4), seed=7, grade="medium", tries=1000, timeout=2)
    stop = stopped.value
    assert stop.tries >= 1 and stop.stats.nodes > 0
    assert "time budget of 2 s used up" in str(stop)
    assert stop.what.startswith("no puzzle of grade 'medium' in ")
    # One try or many, as the machine's speed allows: "1 finished try".
    assert re.search(
        r" \d+ finished tr(y|ies) \(minimal 16x16 puzzles almost always grade "
        r"extreme or diabolical\)$",
        stop.what,
    )


def test_a_timeout_ends_a_givens_target_with_the_best_reached() -> None:
    # 17 givens: no puzzle of the generator reaches it; 9x9 tries take
    # milliseconds, so several are finished in the second.
    with pytest.raises(GenerationStopped) as stopped:
        generate_puzzle(seed=3, symmetry="none", givens=17, tries=10**6, timeout=1)
    what = stopped.value.what
    assert what.startswith("no try had at most 17 givens in ")
    best = int(what.rpartition("(the best had ")[2].rstrip(")"))
    assert 18 <= best <= 30


def test_a_generous_budget_changes_no_puzzle() -> None:
    reports: list[Progress] = []
    for seed in range(4):
        plain = generate_puzzle(seed=seed, symmetry="none", grade="hard")
        watched = generate_puzzle(
            seed=seed,
            symmetry="none",
            grade="hard",
            timeout=600,
            progress=reports.append,
        )
        assert watched == plain
    twelve = generate_puzzle((3, 4), seed=1, timeout=600.0, progress=reports.append)
    assert twelve == generate_puzzle((3, 4), seed=1)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"timeout": -1}, "timeout=-1 is not a number of seconds >= 0"),
        ({"timeout": "5"}, "timeout='5' is not a number of seconds >= 0"),
        ({"progress": 5}, "progress=5 is not callable"),
    ],
)
def test_bad_budgets_are_named(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(
        SudokuError, match="^" + words.replace("(", r"\(").replace(")", r"\)")
    ):
        sudoku.generate(**kwargs)  # type: ignore[arg-type]


def test_progress_reports_arrive_and_say_how_far() -> None:
    # A 16x16 takes seconds: reports come from the digging, whose branches
    # the engine's counts take over (their nodes and updates are counted).
    reports: list[Progress] = []

    def watch(report: Progress) -> None:
        reports.append(report)
        if len(reports) == 3:
            raise Enough

    with pytest.raises(Enough):
        generate_puzzle((4, 4), seed=7, grade="medium", tries=1000, progress=watch)
    assert len(reports) == 3
    for report in reports:
        assert isinstance(report, GenerationProgress) and isinstance(report, Progress)
        assert report.tries >= 1 and report.attempts == 1000
        assert report.stage in ("filling", "digging", "grading", "proving")
        assert 0 <= report.fraction <= 1 and 0 < report.depth <= 256
    assert [r.elapsed for r in reports] == sorted(r.elapsed for r in reports)
    # At least an interval apart, as the reports of searches are.
    gaps = [b.elapsed - a.elapsed for a, b in itertools.pairwise(reports)]
    assert min(gaps) >= 0.99
    assert reports[0].elapsed >= 1.0  # the first after a second, as searches report
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)
    assert reports[-1].updates > 0  # the engine's counts were heard from
    # Remaining time only once a try has finished and given a rate.
    assert all((r.remaining is None) == (r.solutions == 0) for r in reports)


def test_keyboard_interrupt_goes_through_and_changes_nothing() -> None:
    before = generate_puzzle((3, 4), seed=5)

    def interrupt(report: Progress) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        # Out of reach (16x16 medium) so that it lasts past the first
        # report on every interpreter: PyPy makes a plain 16x16 in 0.6 s.
        generate_puzzle((4, 4), seed=7, grade="medium", tries=1000, progress=interrupt)
    # Nothing the generator shares was left half changed.
    assert generate_puzzle((3, 4), seed=5) == before


# -- grades out of reach ------------------------------------------------------------


def test_a_grade_out_of_reach_says_why() -> None:
    with pytest.raises(SudokuError) as failed:
        generate_puzzle((4, 4), seed=0, grade="medium", tries=1)
    assert str(failed.value) == (
        "no puzzle of grade 'medium' in 1 try (minimal 16x16 puzzles almost "
        "always grade extreme or diabolical: they are rated 6.0 and up; "
        "minimal=False with more givens makes easier ones)"
    )
    # Up to 9x9 more tries may well find one.
    with pytest.raises(SudokuError, match=r"in 2 tries \(more tries, another seed"):
        generate_puzzle(seed=1, grade="diabolical", tries=2)


def test_easier_grades_come_with_more_givens() -> None:
    made = generate_puzzle((3, 4), seed=0, grade="easy", minimal=False, givens=80)
    assert made.grade is not None and made.grade.name == "easy"
    assert sudoku.grade(made.puzzle, box=(3, 4)).name == "easy"


@pytest.mark.slow
def test_the_default_tries_beyond_12x12_end_with_the_reason() -> None:
    # Issue 42: this printed nothing in 120 s; it now ends after 10 tries.
    with pytest.raises(SudokuError) as failed:
        generate_puzzle((4, 4), seed=7, grade="medium")
    assert str(failed.value).startswith(
        f"no puzzle of grade 'medium' in {DEFAULT_BIG_GRADE_TRIES} tries (minimal "
        "16x16 puzzles almost always grade extreme or diabolical"
    )


# -- maps that no complete grid fits ---------------------------------------------------


def test_the_impossible_map_is_refused_at_once_with_its_reason() -> None:
    # The budget only makes a regression fail rather than hang.
    with pytest.raises(RegionError) as refused:
        sudoku.generate(regions=IMPOSSIBLE, timeout=60)
    assert str(refused.value) == (
        "no complete 9x9 grid fits: the jigsaw map has no solution at all, so "
        "no puzzle either: rows 1-3 hold each symbol 3 times, as regions 'A', "
        "'B' and 'C' do, so row 3, column 3 holds the same symbol as row 4, "
        "column 3; but row 3, column 3 and row 4, column 3 are both in column 3"
    )
    assert not has_grid(4, "AABBACBBCCDDCADD")  # the doctest's 4x4 too


@pytest.mark.skipif(not sat_available(), reason="the sat extra is not installed")
def test_the_sat_back_end_agrees_that_the_map_has_no_grid() -> None:
    with pytest.raises(sudoku.NoSolutionError):
        sudoku.solve("." * 81, regions=IMPOSSIBLE, method="sat")


def test_every_trade_across_a_4x4_box_edge_is_refused_and_right() -> None:
    # Trading two neighbours across an edge between boxes puts one cell of
    # each box in the other's rows (or columns), next to its own: the law
    # of leftovers forbids it, and the plain search agrees.
    maps = edge_swaps(4, (2, 2))
    assert len(maps) == 8
    for labels in maps:
        assert leftover_proof(regions_of(4, None, None, labels)) is not None, labels
        assert not has_grid(4, labels), labels


@pytest.mark.skipif(not sat_available(), reason="the sat extra is not installed")
def test_every_trade_across_a_6x6_box_edge_is_refused_and_right() -> None:
    # The plain search takes minutes on these (the exact-cover engine too):
    # the SAT back end checks the proofs.
    maps = edge_swaps(6, (2, 3))
    assert len(maps) == 6 + 12
    for labels in maps:
        assert leftover_proof(regions_of(6, None, None, labels)) is not None, labels
        with pytest.raises(sudoku.NoSolutionError):
            sudoku.solve("." * 36, regions=rows_of(labels, 6), method="sat")


@pytest.mark.parametrize(
    ("labels", "proof"),
    [
        (
            "AAABBCBBCADDCDDC",
            "row 2 holds each symbol once, as region 'B' does, so row 2, column 2 "
            "holds the same symbol as row 1, column 4; and row 1 holds each symbol "
            "once, as region 'A' does, so row 1, column 4 holds the same symbol as "
            "row 3, column 2; but row 2, column 2 and row 3, column 2 are both in "
            "column 2",
        ),
        (
            "AABBADABCCDDCCDB",
            "row 3 holds each symbol once, as region 'D' does, so the 2 cells of "
            "the row outside that region (row 3, column 1; row 3, column 2) hold "
            "the same symbols as the 2 cells of that region outside the row (row "
            "2, column 2; row 4, column 3); but every way to pair them off puts "
            "two equal symbols in a unit: row 3, column 1 and row 2, column 2 "
            "cannot, since row 2 holds each symbol once, as region 'A' does, and "
            "its leftovers pair off one way only, so row 2, column 2 holds the "
            "same symbol as row 1, column 1, and row 3, column 1 and row 1, "
            "column 1 are both in column 1; row 3, column 2 and row 2, column 2 "
            "cannot: row 3, column 2 and row 2, column 2 are both in column 2",
        ),
        (  # the pairing fails through an equality found before: it is said
            "AABBBAAEBCADDCCDDBCCDEEEE",
            "rows 3-4 hold each symbol twice, as regions 'C' and 'D' do, so the 2 "
            "cells of the rows outside those regions (row 3, column 1; row 4, "
            "column 3) hold the same symbols as the 2 cells of those regions "
            "outside the rows (row 2, column 5; row 5, column 1); but every way "
            "to pair them off puts two equal symbols in a unit: row 3, column 1 "
            "and row 2, column 5 cannot, since rows 1-2 hold each symbol twice, "
            "as regions 'A' and 'B' do, and its leftovers pair off one way only, "
            "so row 3, column 1 holds the same symbol as row 2, column 3 and rows "
            "1-2 hold each symbol twice, as regions 'A' and 'B' do, and its "
            "leftovers pair off one way only, so row 2, column 5 holds the same "
            "symbol as row 4, column 3, and row 2, column 3 and row 4, column 3 "
            "are both in column 3; row 3, column 1 and row 5, column 1 cannot: "
            "row 3, column 1 and row 5, column 1 are both in column 1",
        ),
    ],
    ids=["chain", "pairs", "pairs-through-a-chain"],
)
def test_chained_and_paired_leftovers(labels: str, proof: str) -> None:
    size = isqrt(len(labels))
    assert leftover_proof(regions_of(size, None, None, labels)) == proof
    assert not has_grid(size, labels)


def test_every_trade_across_a_9x9_box_edge_is_refused() -> None:
    for labels in edge_swaps(9, (3, 3)):
        with pytest.raises(RegionError, match="the jigsaw map has no solution at all"):
            generate_puzzle(regions=rows_of(labels, 9), timeout=60)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from([(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4)]),
    st.integers(0, 10**6),
    st.sampled_from([0, 1, 2, 3, 8, 30]),
)
def test_a_map_that_has_grids_is_never_refused(
    box: tuple[int, int], seed: int, swaps: int
) -> None:
    size = box[0] * box[1]
    rng = random.Random(seed)
    solution = generate_puzzle(
        box, seed=seed, minimal=False, givens=size * size
    ).solution
    labels = fitting_map(solution, box, rng, swaps)
    assert leftover_proof(regions_of(size, None, None, labels)) is None
    # Puzzles on such maps (scattered regions) can take long beyond 6x6.
    if size <= 6:
        made = generate_puzzle(seed=seed, regions=rows_of(labels, size))
        assert sudoku.count(made.puzzle, regions=rows_of(labels, size), limit=2) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 12))
def test_small_maps_refused_have_no_grid(seed: int, moves: int) -> None:
    # Contiguous or not, any 4x4 or 5x5 map the proof refuses has no grid,
    # by the plain search; and a map with a grid always gets a puzzle.
    rng = random.Random(seed)
    size = rng.choice([4, 5])
    labels = [k // size for k in range(size * size)]  # rows as regions
    for _ in range(moves):
        a, b = rng.randrange(size * size), rng.randrange(size * size)
        labels[a], labels[b] = labels[b], labels[a]
    proof = leftover_proof(regions_of(size, None, None, labels))
    exists = has_grid(size, labels)
    if proof is not None:
        assert not exists, (labels, proof)
    if exists:
        made = generate_puzzle(seed=seed, regions=rows_of(labels, size))
        assert sudoku.count(made.puzzle, regions=rows_of(labels, size), limit=2) == 1
    else:
        with pytest.raises(RegionError, match="the jigsaw map has no solution at all"):
            generate_puzzle(
                seed=seed,
                regions=rows_of(labels, size),
            )


@pytest.mark.skipif(not sat_available(), reason="the sat extra is not installed")
def test_without_a_proof_the_sat_back_end_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sudoku.generator

    monkeypatch.setattr(sudoku.generator, "leftover_proof", lambda units: None)
    sudoku.generator._no_grid.cache_clear()
    try:
        with pytest.raises(RegionError) as refused:
            sudoku.generate(regions=IMPOSSIBLE, timeout=120)
    finally:
        sudoku.generator._no_grid.cache_clear()
    assert str(refused.value).endswith(
        "has no solution at all, so no puzzle either: the SAT back end found none "
        "(a search over every grid)"
    )


def test_without_sat_the_budget_ends_the_search_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sudoku.generator

    monkeypatch.setattr(sudoku.generator, "leftover_proof", lambda units: None)
    monkeypatch.setattr(sudoku.generator, "sat_available", lambda: False)
    sudoku.generator._no_grid.cache_clear()
    try:
        with pytest.raises(GenerationStopped) as stopped:
            sudoku.generate(regions=IMPOSSIBLE, timeout=2)
    finally:
        sudoku.generator._no_grid.cache_clear()
    assert stopped.value.what == (
        "no complete grid that fits the jigsaw map was found yet: it may have "
        'none; the SAT back end (python3 -m pip install ".[sat]" in pydlx\'s '
        "folder) would tell"
    )


# -- the command, in this process ----------------------------------------------------


def test_command_timeout_ends_a_grade_out_of_reach(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        [
            "generate",
            "--box",
            "4x4",
            "--grade",
            "medium",
            "--seed",
            "7",
            "--timeout",
            "2",
        ]
    )
    out, err = capsys.readouterr()
    assert status == 3 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(
        "sudoku generate: puzzle 1 (--seed 7): --timeout 2 ran out: no puzzle of grade "
        "'medium' in "
    )
    assert re.search(
        r" \d+ finished tr(y|ies) \(minimal 16x16 puzzles almost always grade "
        r"extreme or diabolical\)$",
        lines[0],
    )
    assert (
        lines[-1] == "sudoku generate: stopped by --timeout 2 after 0 puzzles printed"
    )


def test_command_grade_out_of_reach_says_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        ["generate", "--box", "4x4", "--grade", "medium", "--tries", "1", "--seed", "0"]
    )
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert err == (
        "sudoku generate: puzzle 1 (--seed 0): no medium puzzle in 1 try (minimal 16x16 "
        "puzzles almost always grade extreme or diabolical: they are rated 6.0 "
        "and up; --not-minimal with --givens makes easier ones)\n"
    )


def test_command_refuses_the_impossible_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "map.txt"
    path.write_text("\n".join(IMPOSSIBLE[r * 9 : r * 9 + 9] for r in range(9)) + "\n")
    with pytest.raises(SystemExit) as stop:
        main(["generate", "--regions", str(path)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith(
        f"sudoku generate: error: --regions {path}: no complete 9x9 grid fits: the "
        "jigsaw map has no solution at all, so no puzzle either: rows 1-3 hold "
        "each symbol 3 times, as regions 'A', 'B' and 'C' do, so row 3, column 3 "
        "holds the same symbol as row 4, column 3; but row 3, column 3 and row 4, "
        "column 3 are both in column 3\n"
    )


def test_command_timeout_while_looking_for_a_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sudoku.generator

    # A map without the proof and without the SAT back end: only the budget.
    monkeypatch.setattr(sudoku.generator, "leftover_proof", lambda units: None)
    monkeypatch.setattr(sudoku.generator, "sat_available", lambda: False)
    sudoku.generator._no_grid.cache_clear()
    path = tmp_path / "map.txt"
    path.write_text("\n".join(IMPOSSIBLE[r * 9 : r * 9 + 9] for r in range(9)) + "\n")
    try:
        status = main(["generate", "--regions", str(path), "--timeout", "1.5"])
    finally:
        sudoku.generator._no_grid.cache_clear()
    out, err = capsys.readouterr()
    assert status == 3 and out == ""
    assert err == (
        "sudoku generate: --timeout 1.5 ran out: no complete grid that fits the jigsaw "
        "map was found yet: it may have none; the sat extra (python3 -m pip "
        'install ".[sat]" in pydlx\'s folder) would tell\n'
        "sudoku generate: stopped by --timeout 1.5 after 0 puzzles printed\n"
    )


class TtyErr:
    """Standard error that says it is a terminal, and keeps what is written."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("not a real terminal")


def test_command_shows_progress_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sudoku.generate_cli

    monkeypatch.setitem(sys.modules, "tqdm", None)  # the line, not a bar
    monkeypatch.setenv("COLUMNS", "200")
    err = TtyErr()
    monkeypatch.setattr(sys, "stderr", err)
    hooks = []

    def reporting(*args: object, **kwargs: object) -> Generated:
        hook = kwargs["progress"]
        hooks.append(hook)
        if hook is not None:
            hook(
                GenerationProgress(72595, 9, 2, 4.4, 104, 0.25, 48.7, 3, 10, "digging")
            )  # type: ignore[operator]
        return generate_puzzle(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sudoku.generate_cli, "generate_puzzle", reporting)
    status = main(["generate", "--box", "2x2", "--seed", "3", "--grade", "easy"])
    out = capsys.readouterr().out
    assert status == 0 and out == sudoku.generate((2, 2), seed=3, grade="easy") + "\n"
    assert len(hooks) == 1 and hooks[0] is not None
    assert (
        "\rsudoku generate: puzzle 1: try 3 of 10, digging (104 givens), 72595 nodes in 4 s, "
        "at most about 49 s left" in err.text
    )
    assert err.text.endswith("\r")  # cleared when the puzzle was done


def test_no_progress_off_a_terminal_or_when_not_wanted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sudoku.generate_cli

    hooks = []

    def recording(*args: object, **kwargs: object) -> Generated:
        hooks.append(kwargs["progress"])
        return generate_puzzle(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sudoku.generate_cli, "generate_puzzle", recording)
    assert main(["generate", "--box", "2x2", "--seed", "3"]) == 0  # not a terminal
    monkeypatch.setattr(sys, "stderr", TtyErr())
    assert main(["generate", "--box", "2x2", "--seed", "3", "--no-progress"]) == 0
    assert hooks == [None, None]
    capsys.readouterr()


# -- the command, in real processes ---------------------------------------------------


def _stop_after_first_puzzle(
    args: list[str], tmp_path: Path, signum: int
) -> tuple[int, list[str], str]:
    """Run ``sudoku generate args``; once it has printed a puzzle, send ``signum``."""
    out, err = tmp_path / "out", tmp_path / "err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = start_command("sudoku", ["generate", *args], stdout, stderr)
        try:
            deadline = time.monotonic() + 120
            while b"\n" not in out.read_bytes():
                assert process.poll() is None, err.read_text()
                assert time.monotonic() < deadline, "no puzzle came"
                time.sleep(0.01)
            process.send_signal(signum)
            process.wait(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return process.returncode, out.read_text().splitlines(), err.read_text()


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
    ids=["SIGINT", "SIGTERM"],
)
def test_signals_keep_the_puzzles_printed(
    tmp_path: Path, signum: int, status: int, word: str
) -> None:
    code, lines, err = _stop_after_first_puzzle(
        ["--box", "3x4", "--count", "500", "--seed", "40"], tmp_path, signum
    )
    assert code == status, err
    assert 1 <= len(lines) < 500
    # Each line printed is the puzzle of its seed, whole.
    for k, line in enumerate(lines[:3]):
        assert line == sudoku.generate((3, 4), seed=40 + k)
    assert err.splitlines()[-1] == (
        f"sudoku generate: {word} after {len(lines)} puzzle{'s' * (len(lines) != 1)} printed"
    )


@pytest.mark.processes
def test_timeout_in_a_real_process_keeps_the_puzzles_printed() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku",
            "generate",
            "--box",
            "3x4",
            "--count",
            "5000",
            "--seed",
            "7",
            "--timeout",
            "3",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 3, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) < 5000
    for k, line in enumerate(lines[:2]):
        assert line == sudoku.generate((3, 4), seed=7 + k)
    err = done.stderr.splitlines()
    assert err[-2].startswith(
        f"sudoku generate: puzzle {len(lines) + 1} (--seed {7 + len(lines)}): --timeout 3 ran out: "
    )
    assert err[-1] == (
        f"sudoku generate: stopped by --timeout 3 after {len(lines)} "
        f"puzzle{'s' * (len(lines) != 1)} printed"
    )


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_progress_on_a_real_terminal_then_ctrl_c(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["generate", "--box", "4x4", "--grade", "medium", "--tries", "1000"]
    with out.open("wb") as stdout:
        # Which try and stage the first progress line names depends on the
        # interpreter's speed (PyPy is past the first try when it comes).
        status, shown = interrupt_on_a_terminal(
            [*args, "--seed", "7"],
            rb"sudoku generate: puzzle 1: try \d+ of 1000, [a-z]+ \(",
            stdout,
        )
    assert status == 130
    assert out.read_text() == ""
    text = shown.decode()
    assert "nodes in " in text
    assert text.rstrip().endswith(
        "sudoku generate: interrupted after 0 puzzles printed"
    )


def test_an_option_given_twice_says_one_thing_or_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same value again is that value; two values are refused (dlx.commands.register_once)."""
    from sudoku.generate_cli import main as generate_main

    assert generate_main(["--box", "2x2", "--seed", "3", "--seed", "3"]) == 0
    once = capsys.readouterr().out
    assert generate_main(["--box", "2x2", "--seed", "3"]) == 0
    assert capsys.readouterr().out == once
    with pytest.raises(SystemExit) as refused:
        generate_main(["--box", "2x2", "--count", "2", "--count", "3"])
    assert refused.value.code == 2
    assert "--count given twice (2 and 3): give it once" in capsys.readouterr().err
