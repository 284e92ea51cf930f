"""Preprocessing (Knuth's DLX-PRE rules) and the way back to the original options.

The oracle here is the definition of a solution, checked on every subset
of the options of small random problems (with secondary items and
colours): the solutions found through the smaller problem must be exactly
those, every removed option must be in none of them, and the smaller
problem's own solutions must be exact covers of the original once renamed.
Then the counts of every problem of the test data, Knuth's two examples
from DLX-PRE's introduction, and the API's refusals.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest
from dlx_helpers import dominoes, l_trominoes, langford, n_queens, pentomino_rectangle
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import Colored, ExactCover, ProblemError, parse_dlx, read_dlx, records
from dlx import preprocess as preprocess_module
from dlx.preprocess import (
    BLOCKS,
    FORCED,
    FORCED_OUT,
    NO_PRIMARY,
    UNUSED,
    Preprocessing,
    reduce,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"

Entry = tuple[int, str | None]  # (item, colour or None)


@dataclass(frozen=True)
class Small:
    """A small problem: items 0.., the first ``n_primary`` primary."""

    n_primary: int
    n_secondary: int
    options: tuple[tuple[Entry, ...], ...]

    def build(self) -> ExactCover:
        problem = ExactCover(
            [f"p{i}" for i in range(self.n_primary)],
            [f"s{i}" for i in range(self.n_primary, self.n_primary + self.n_secondary)],
        )
        for option in self.options:
            problem.add_option(
                [
                    (f"p{i}" if i < self.n_primary else f"s{i}")
                    if colour is None
                    else Colored(f"s{i}", colour)
                    for i, colour in option
                ]
            )
        return problem

    def is_solution(self, chosen: tuple[int, ...]) -> bool:
        """Whether the options ``chosen`` solve the problem, by the definition."""
        covered: list[int] = []
        uses: dict[int, list[str | None]] = {}
        for k in chosen:
            entries = self.options[k]
            if not any(i < self.n_primary for i, _ in entries):
                return False  # never chosen, as in Knuth's programs
            for i, colour in entries:
                if i < self.n_primary:
                    covered.append(i)
                else:
                    uses.setdefault(i, []).append(colour)
        if sorted(covered) != list(range(self.n_primary)):
            return False
        for colours in uses.values():
            if len(colours) > 1 and (None in colours or len(set(colours)) > 1):
                return False
        return True

    def all_solutions(self) -> set[tuple[int, ...]]:
        n = len(self.options)
        return {
            chosen
            for size in range(n + 1)
            for chosen in itertools.combinations(range(n), size)
            if self.is_solution(chosen)
        }


@st.composite
def smalls(draw: st.DrawFn) -> Small:
    """≤ 6 primary and ≤ 3 secondary items, ≤ 11 options, two colours.

    Half get a planted solution (a partition of the primary items, with
    some secondary items of one colour each), so that solutions, forced
    items and blocking options are common.
    """
    n_primary = draw(st.integers(0, 6))
    n_secondary = draw(st.integers(0, 3))
    n_items = n_primary + n_secondary
    colour = st.sampled_from(["red", "blue"])
    options: list[tuple[Entry, ...]] = []
    if n_primary and draw(st.booleans()):
        planted = [draw(colour) for _ in range(n_secondary)]
        blocks = draw(
            st.lists(st.integers(0, 2), min_size=n_primary, max_size=n_primary)
        )
        for b in sorted(set(blocks)):
            block: list[Entry] = [(i, None) for i in range(n_primary) if blocks[i] == b]
            for i in range(n_primary, n_items):
                if draw(st.booleans()):
                    block.append((i, planted[i - n_primary]))
            options.append(tuple(block))
    if n_items:
        rows = draw(
            st.lists(
                st.lists(
                    st.integers(0, n_items - 1),
                    min_size=1,
                    max_size=min(n_items, 4),
                    unique=True,
                ),
                max_size=11 - len(options),
            )
        )
        for row in rows:
            options.append(
                tuple(
                    (i, draw(st.none() | colour) if i >= n_primary else None)
                    for i in row
                )
            )
    if options:
        options = draw(st.permutations(options))
    return Small(n_primary, n_secondary, tuple(options))


@settings(max_examples=300, deadline=None)
@given(smalls())
def test_the_same_solutions_as_the_definition(small: Small) -> None:
    problem = small.build()
    truth = small.all_solutions()
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None and record.complete
    # Renamed, the smaller problem's solutions are the original's, once each.
    found = [record.original(s) for s in reduced.solutions()]
    assert len(found) == len(set(found))
    assert set(found) == truth
    for solution in found:
        assert small.is_solution(solution)
        assert solution == tuple(sorted(solution))
    assert set(problem.solutions(preprocess=True)) == truth
    assert problem.count(preprocess=True) == len(truth)
    first = problem.first(preprocess=True)
    assert (first is None) == (not truth)
    assert first is None or first in truth
    # Every removed option is in no solution; every kept one is itself.
    removed = {r.option for r in record.removed_options}
    assert not removed & {k for s in truth for k in s}
    assert removed.isdisjoint(record.origin)
    assert sorted(removed | set(record.origin)) == list(range(len(problem)))
    assert list(record.origin) == sorted(record.origin)
    for k, original in enumerate(record.origin):
        kept = reduced.option(k)
        assert set(kept) <= set(problem.option(original))
        assert any(not isinstance(e, Colored) and e in reduced.primary for e in kept)
    # Nothing kept would be removed by a second preprocessing.
    again = reduced.preprocessed().preprocessing
    assert again is not None
    if record.unsolvable is None:
        assert again.removed_options == () and again.removed_items == ()


@settings(max_examples=100, deadline=None)
@given(smalls(), st.integers(1, 2))
def test_stopping_early_still_gives_the_same_solutions(
    small: Small, rounds: int
) -> None:
    problem = small.build()
    reduced = problem.preprocessed(rounds=rounds)
    record = reduced.preprocessing
    assert record is not None and record.rounds <= rounds
    found = {record.original(s) for s in reduced.solutions()}
    assert found == small.all_solutions()


def _data_problems() -> list[Path]:
    files = sorted((DATA / "knuth").glob("*.dlx"))
    files += sorted((DATA / "dlx3").glob("*.dlx"))
    files += sorted((ROOT / "docs" / "examples").glob("*.dlx"))
    return files


def _expected(folder: Path) -> dict[str, int]:
    counts = {}
    for line in (folder / "expected.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            fields = line.split("\t")
            counts[fields[0]] = int(fields[1])
    return counts


@pytest.mark.parametrize("path", _data_problems(), ids=lambda p: p.name)
def test_every_data_file_counts_the_same(path: Path) -> None:
    problem = parse_dlx(path.read_text(), str(path))
    if problem.bounds:
        with pytest.raises(ProblemError, match="does not handle bounds"):
            problem.count(preprocess=True)
        return
    table = path.parent / "expected.tsv"
    expected = _expected(path.parent).get(path.stem) if table.exists() else None
    # The original's count: Knuth's DLX2 (or the DLX3 transcription) where
    # the folder has one, else our own search of the original.
    count = problem.count() if expected is None else expected
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None
    solutions = list(reduced.solutions())
    assert len(solutions) == count
    assert len(reduced) <= len(problem)
    # Every renamed solution of the smaller problem solves the original.
    covered = set(problem.primary)
    for solution in solutions:
        options = problem.options_of(record.original(solution))
        names = [e for option in options for e in option if not isinstance(e, Colored)]
        assert sorted(map(str, (n for n in names if n in covered))) == sorted(
            map(str, covered)
        )
        assert len(names) == len(set(names))


@pytest.mark.parametrize(
    "problem",
    [n_queens(6), langford(7), dominoes(4, 4), l_trominoes(6, 4)],
    ids=["queens6", "langford7", "dominoes4x4", "l-trominoes6x4"],
)
def test_classic_problems_count_the_same(problem: ExactCover) -> None:
    assert problem.count(preprocess=True) == problem.count()


def test_knuths_first_example() -> None:
    """DLX-PRE's introduction: D, F, C (or E) and G go, and the problem is trivial."""
    problem = parse_dlx((ROOT / "docs" / "examples" / "knuth.dlx").read_text())
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None
    # Three primary items, each with one option of one item: A D, E F C, B G.
    assert len(reduced.primary) == 3 and not reduced.secondary
    assert [len(reduced.option(k)) for k in range(len(reduced))] == [1, 1, 1]
    assert record.origin == (0, 3, 4)
    assert problem.solutions_list() == [record.original(s) for s in reduced.solutions()]
    assert {r.item for r in record.removed_items} == {"C", "D", "F", "G"}
    assert {r.reason for r in record.removed_items} == {FORCED}
    # D is forced by A (both options of A hold it); D E G and B C F go with it.
    forced_d = next(r for r in record.removed_items if r.item == "D")
    assert forced_d.by == "A"
    assert (5, FORCED_OUT) in {(r.option, r.reason) for r in record.removed_options}


def test_knuths_colour_example() -> None:
    """DLX-PRE's colour example: A X:1 Y:1 (from 2) and B X:1 (from 3)."""
    text = (DATA / "knuth" / "knuth_color_example.dlx").read_text()
    problem = parse_dlx(text)
    # read_dlx drops the option without a primary item, as DLX-PRE does.
    assert len(problem) == 4
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None
    # The same options are kept as DLX-PRE keeps; it keeps items A and B
    # where this keeps C and B (A and C have the same options once C Y:1
    # is gone, and either may be the one dropped).
    assert [k + 1 for k in record.origin] == [2, 3]  # Knuth's "(from N)"
    assert reduced.primary == ("B", "C") and reduced.secondary == ("X", "Y")
    assert [reduced.option(k) for k in range(len(reduced))] == [
        ("C", Colored("X", "1"), Colored("Y", "1")),
        ("B", Colored("X", "1")),
    ]
    why = {r.option: (r.reason, r.item) for r in record.removed_options}
    assert why == {3: (BLOCKS, "A"), 0: (FORCED_OUT, "A")}
    assert [(r.item, r.reason, r.by) for r in record.removed_items] == [
        ("A", FORCED, "C")
    ]
    assert problem.count(preprocess=True) == problem.count() == 1


def test_an_option_without_a_primary_item_goes_first() -> None:
    problem = ExactCover("A", "XY", [["A"], ["X", "Y"], ["A", "Y"]])
    record = problem.preprocessed().preprocessing
    assert record is not None
    assert record.removed_options[0].option == 1
    assert record.removed_options[0].reason == NO_PRIMARY
    assert record.removed_options[0].round == 0


def test_an_unused_secondary_item_goes() -> None:
    problem = ExactCover("A", "XY", [["A", "X"]])
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None
    assert ("Y", UNUSED) in {(r.item, r.reason) for r in record.removed_items}
    assert "Y" not in reduced.secondary


def test_an_unsolvable_problem_becomes_its_uncoverable_item() -> None:
    # Any two of the three options clash, and one cannot cover all three.
    problem = ExactCover("ABC", options=[["A", "B"], ["B", "C"], ["A", "C"]])
    assert problem.count() == 0
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None
    assert len(reduced) == 0 and record.unsolvable is not None
    assert reduced.primary == (record.unsolvable,) and not reduced.secondary
    assert reduced.count() == 0
    assert problem.first(preprocess=True) is None
    assert "no solution" in record.summary()


def test_labels_follow_their_options() -> None:
    problem = ExactCover("AB", "X")
    problem.add_option(["A", "X"], label="a-with-x")
    problem.add_option(["A"], label="a")
    problem.add_option(["B", "X"], label="b-with-x")
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None
    for k, original in enumerate(record.origin):
        assert reduced.label(k) == problem.label(original)


def test_bounds_are_refused_clearly() -> None:
    problem = ExactCover("AB", options=[["A"], ["B"], ["A", "B"]], bounds={"B": (0, 2)})
    for call in (
        problem.preprocessed,
        lambda: problem.count(preprocess=True),
        lambda: problem.first(preprocess=True),
        lambda: list(problem.solutions(preprocess=True)),
    ):
        with pytest.raises(
            ProblemError, match="item 'B' is to be covered 0 to 2 times"
        ):
            call()


def test_positions_do_not_go_with_preprocessing() -> None:
    problem = ExactCover("AB", options=[["A"], ["B"], ["A", "B"]])
    with pytest.raises(ValueError, match=r"^preprocess=True does not go with prefix="):
        problem.count(preprocess=True, prefix=[0])
    with pytest.raises(ValueError, match=r"^preprocess=True does not go with prefix="):
        problem.solutions(preprocess=True, prefix=[0])
    position = problem.search().position()
    with pytest.raises(ValueError, match=r"^preprocess=True does not go with resume="):
        problem.count(preprocess=True, resume=position)


def test_bad_budgets_are_refused() -> None:
    problem = ExactCover("A", options=[["A"]])
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        problem.preprocessed(rounds=0)
    with pytest.raises(ValueError, match="timeout must be >= 0"):
        problem.preprocessed(timeout=-1)


def test_a_timeout_of_zero_removes_only_before_the_first_round() -> None:
    problem = pentomino_rectangle(3, 20)
    reduced = problem.preprocessed(timeout=0)
    record = reduced.preprocessing
    assert record is not None and not record.complete
    assert len(reduced) == len(problem)
    assert "Stopped before the fixed point" in record.summary()


def test_a_sudoku_with_its_givens_shrinks_to_its_solution() -> None:
    problem = parse_dlx((DATA / "knuth" / "sudoku9a.dlx").read_text())
    reduced = problem.preprocessed()
    # A unique puzzle: one option per cell is left, each alone in its item.
    assert len(reduced) == 81 and len(reduced.primary) == 81
    assert reduced.count() == 1
    solution = problem.first(preprocess=True)
    assert solution is not None and solution == problem.first()


def test_problems_without_names() -> None:
    """from_rows and from_matrix name items by number; the record keeps them."""
    rows = [[0, 3], [1, 2], [0, 1], [2, 3], [0], [3, 1]]
    for problem in (
        ExactCover.from_rows(rows, n_primary=3, n_secondary=1),
        ExactCover.from_matrix(
            [[1 if j in row else 0 for j in range(4)] for row in rows], n_primary=3
        ),
    ):
        truth = set(problem.solutions())
        assert truth == {(0, 1), (1, 4), (2, 3)}  # by hand
        reduced = problem.preprocessed()
        record = reduced.preprocessing
        assert record is not None
        assert {record.original(s) for s in reduced.solutions()} == truth
        assert set(reduced.primary) <= {0, 1, 2}
        assert problem.count(preprocess=True) == len(truth)


def test_costs_follow_their_options() -> None:
    """The smaller problem's options keep their costs, so its cheapest are the original's."""
    path = Path(__file__).resolve().parent / "data" / "dlx5" / "timetable.dlx"
    with path.open() as stream:
        problem = read_dlx(stream)
    reduced = problem.preprocessed()
    record = reduced.preprocessing
    assert record is not None
    for k, original in enumerate(record.origin):
        assert reduced.cost(k) == problem.cost(original)
    mapped = [(cost, record.original(s)) for cost, s in reduced.best(5)]
    assert [cost for cost, _ in mapped] == [cost for cost, _ in problem.best(5)]
    for cost, solution in mapped:
        assert problem.costs_of(solution) == cost


# -- the two ways of computing it (bit sets, or sets of one item's options) --

#: (_BITSET_BYTES, _FEW): bit sets; Python sets intersected; Python sets
#: whose candidates are tested one by one.
WAYS = {"bits": (1 << 40, 8), "sets": (0, 0), "sets-few": (0, 1 << 40)}


def _reduced_every_way(
    problem: ExactCover, monkeypatch: pytest.MonkeyPatch, rounds: int | None = None
) -> dict[str, Preprocessing]:
    """The record of preprocessing ``problem`` each of the ways, ``seconds`` zeroed."""
    found = {}
    for way, (bitset_bytes, few) in WAYS.items():
        with monkeypatch.context() as patch:
            patch.setattr(preprocess_module, "_BITSET_BYTES", bitset_bytes)
            patch.setattr(preprocess_module, "_FEW", few)
            record = problem.preprocessed(rounds=rounds).preprocessing
        assert record is not None
        found[way] = records.replace(record, seconds=0.0)
    return found


@settings(max_examples=300, deadline=None)
@given(smalls(), st.none() | st.integers(1, 2))
def test_bit_sets_and_sets_give_the_same_record(
    small: Small, rounds: int | None
) -> None:
    """What goes, why, in which order: the same whichever way the sets are kept.

    The first test checks the bit sets (the way small problems take)
    against the definition; this one the linear way against them.
    """
    with pytest.MonkeyPatch.context() as monkeypatch:
        records = _reduced_every_way(small.build(), monkeypatch, rounds=rounds)
    assert records["sets"] == records["bits"]
    assert records["sets-few"] == records["bits"]


@pytest.mark.parametrize(
    "name",
    ["pentominoes", "queens8", "langford7", "color03", "cbig07", "sudoku9b"],
)
def test_bit_sets_and_sets_agree_on_larger_problems(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    builders = {
        "pentominoes": lambda: pentomino_rectangle(3, 20),
        "queens8": lambda: n_queens(8),
        "langford7": lambda: langford(7),
    }
    build = builders.get(name)
    problem = (
        build()
        if build is not None
        else parse_dlx((DATA / "knuth" / f"{name}.dlx").read_text())
    )
    records = _reduced_every_way(problem, monkeypatch)
    assert records["sets"] == records["bits"] == records["sets-few"]
    assert records["bits"].complete


def test_a_large_sparse_problem_takes_no_bit_sets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 31: 20,000 items of two options each; bit sets would take 50 MB.

    Item i's bit set is as long as its last option's number, so together
    they take items × options / 16 bytes; above ``_BITSET_BYTES`` none is
    made (``_mask`` is never called) and the sets are linear.
    """

    def no_bit_sets(positions: list[int], size: int) -> int:
        raise AssertionError("a bit set was made")

    monkeypatch.setattr(preprocess_module, "_mask", no_bit_sets)
    n = 20_000
    # Item i: options {i} and {i}; and one option {0, 1}: nothing goes.
    rows = [[i] for i in range(n) for _ in range(2)] + [[0, 1]]
    record = reduce(range(n), n, rows)
    assert record.complete and record.unsolvable is None
    assert record.rounds == 1
    assert record.removed_options == () and record.removed_items == ()
    assert record.origin == tuple(range(2 * n + 1))
    # Make the last option block item 2 (every option of 2 holds 0 or 1).
    rows = [[0, 2], [1, 2], [0], [1], *([i] for i in range(3, n)), [0, 1, 3]]
    record = reduce(range(n), n, rows)
    assert [(r.option, r.reason) for r in record.removed_options] == [
        (len(rows) - 1, BLOCKS)
    ]


class _Clock:
    """A clock that goes on one second each time it is read."""

    def __init__(self) -> None:
        self.reads = 0

    def perf_counter(self) -> float:
        self.reads += 1
        return float(self.reads)


@pytest.mark.parametrize("way", list(WAYS))
def test_the_timeout_is_checked_within_a_primary_items_options(
    way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A primary item with 200 options: the clock is read between them.

    Before, it was read once per primary item: on this problem (two
    primary items, two rounds) a timeout of 5 "seconds" of a clock that
    goes on a second a read stopped nothing, now it stops the first
    item's blocking test before it removes anything.
    """
    bitset_bytes, few = WAYS[way]
    monkeypatch.setattr(preprocess_module, "_BITSET_BYTES", bitset_bytes)
    monkeypatch.setattr(preprocess_module, "_FEW", few)
    clock = _Clock()
    monkeypatch.setattr(preprocess_module, "time", clock)
    # Primary A (0) with options A x_i; primary B (1) with options B, and
    # B x_0 .. x_199, which blocks A (it clashes with each of A's).
    n = 200
    rows = [[0, 2 + i] for i in range(n)] + [[1], [1, *range(2, n + 2)]]
    whole = reduce(range(n + 2), 2, rows, timeout=1e9)
    assert whole.complete and whole.rounds == 2
    assert [(r.option, r.reason) for r in whole.removed_options] == [(n + 1, BLOCKS)]
    reads = clock.reads
    stopped = reduce(range(n + 2), 2, rows, timeout=5)
    assert not stopped.complete and stopped.removed_options == ()
    assert reads > n and clock.reads - reads < 10
