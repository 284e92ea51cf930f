"""Items covered between u and v times: Algorithm M (Knuth's DLX3), issue 11.

The oracles:

* literature counts (OEIS A001499, A001501) and closed formulas
  (A001499's sum, ``dlx_helpers.a001499``; partial matchings
  Σ C(k,i)² i!, here), with brute force over the subsets of cells where
  that is quick;
* a brute-force enumerator of the option subsets that obey the bounds,
  the secondary items and the colours (``dlx_oracles.brute_force_bounded``),
  under hypothesis;
* for problems without colours, Algorithm M written out on Python sets,
  with Knuth's DLX3 definitions of nodes and updates computed from the
  sets, which pins down the branching rule, the order of the solutions
  and the statistics;
* ``tests/data/dlx3``: files with bounds and colours, with the numbers of
  Knuth's DLX3 search loop (see the header of its ``expected.tsv``).

The first three know nothing of dancing links.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Hashable
from dataclasses import dataclass
from itertools import combinations, product
from math import comb, factorial
from pathlib import Path

import pytest
from dlx_helpers import KNUTH_EXAMPLE, a001499, k_per_line, run_dlx
from dlx_oracles import Bounded, Spec, bounded_specs, brute_force_bounded, specs
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import (
    BudgetExceeded,
    Colored,
    ExactCover,
    FormatError,
    Interrupted,
    MemoSearch,
    MultiplicitySearch,
    Outcome,
    Position,
    PositionError,
    ProblemError,
    Progress,
    Search,
    Stats,
    format_dlx,
    parse_dlx,
    read_dlx,
    ways,
)

# -- known counts ---------------------------------------------------------------------


def brute_k_per_line(n: int, k: int) -> int:
    """The same count by trying every choice of k cells in each row."""
    rows = list(combinations(range(n), k))
    count = 0
    for choice in product(rows, repeat=n):
        columns = [0] * n
        for cells in choice:
            for j in cells:
                columns[j] += 1
        count += all(c == k for c in columns)
    return count


def test_a001499_formula_agrees_with_the_literature() -> None:
    assert [a001499(n) for n in range(2, 7)] == [1, 6, 90, 2040, 67950]


@pytest.mark.parametrize(("n", "expected"), [(2, 1), (3, 6), (4, 90), (5, 2040)])
def test_two_per_line_small(n: int, expected: int) -> None:
    assert a001499(n) == expected
    assert brute_k_per_line(n, 2) == expected
    assert k_per_line(n, 2).count() == expected


def test_two_per_line_six() -> None:
    assert k_per_line(6, 2).count() == a001499(6) == 67950


@pytest.mark.parametrize(("n", "expected"), [(3, 1), (4, 24), (5, 2040)])
def test_three_per_line(n: int, expected: int) -> None:
    # OEIS A001501 gives 1, 24, 2040, 297200 for n = 3..6.
    assert brute_k_per_line(n, 3) == expected
    assert k_per_line(n, 3).count() == expected


@pytest.mark.slow
def test_three_per_line_six() -> None:
    assert k_per_line(6, 3).count() == 297200  # OEIS A001501


def partial_matchings(k: int) -> ExactCover:
    """Non-attacking rooks on a k×k board: rows and columns [0..1], cells as options."""
    lines = [("r", i) for i in range(k)] + [("c", j) for j in range(k)]
    problem = ExactCover(lines, bounds={line: (0, 1) for line in lines})
    for i, j in product(range(k), repeat=2):
        problem.add_option([("r", i), ("c", j)])
    return problem


@pytest.mark.parametrize(("k", "expected"), [(1, 2), (2, 7), (3, 34), (4, 209)])
def test_partial_matchings(k: int, expected: int) -> None:
    formula = sum(comb(k, i) ** 2 * factorial(i) for i in range(k + 1))
    assert formula == expected
    problem = partial_matchings(k)
    solutions = problem.solutions_list()
    assert len(solutions) == expected == problem.count()
    assert len(set(solutions)) == expected
    assert () in solutions  # the empty placement is a solution


# -- Knuth's example ----------------------------------------------------------------


def test_knuths_dlx3_example_has_one_solution() -> None:
    problem = parse_dlx(KNUTH_EXAMPLE, "dlx3.dlx")
    assert problem.bounds == {"C": (2, 3)}
    assert problem.is_unique()
    (solution,) = problem.solutions_list()
    assert [" ".join(map(str, o)) for o in problem.options_of(solution)] == [
        "A C Colored(item='X', color='1') Colored(item='Y', color='1')",
        "B Colored(item='X', color='1')",
        "C Colored(item='Y', color='1')",
    ]


def test_bounds_through_the_api_match_the_text() -> None:
    problem = ExactCover("ABC", "XY", bounds={"C": (2, 3)})
    for option in (
        ["A", "B", Colored("X", 0), Colored("Y", 0)],
        ["A", "C", Colored("X", 1), Colored("Y", 1)],
        ["C", Colored("X", 0)],
        ["B", Colored("X", 1)],
        ["C", Colored("Y", 1)],
    ):
        problem.add_option(option)
    assert problem.solutions_list() == [(1, 3, 4)]


# -- brute force with bounds and colours ----------------------------------------------


@settings(max_examples=300, deadline=None)
@given(bounded_specs())
def test_same_solutions_as_brute_force(case: Bounded) -> None:
    problem = case.build()
    search = problem.search()
    assert isinstance(search, MultiplicitySearch) == any(
        pair != (1, 1) for pair in case.bounds
    )
    solutions = []
    for solution in search:
        search.check()
        solutions.append(solution)
    search.check()
    assert search.outcome is Outcome.EXHAUSTED
    expected = brute_force_bounded(case)
    assert set(solutions) == expected
    assert len(solutions) == len(expected)
    assert all(list(s) == sorted(s) for s in solutions)
    assert problem.count() == len(expected)
    assert problem.is_unique() == (len(expected) == 1)
    assert (problem.first() is None) == (not expected)


@settings(max_examples=100, deadline=None)
@given(bounded_specs(), st.integers(0, 2**32))
def test_random_tie_breaking_finds_the_same_solutions(case: Bounded, seed: int) -> None:
    problem = case.build()
    assert set(problem.solutions(seed=seed)) == brute_force_bounded(case)


@settings(max_examples=100, deadline=None)
@given(specs())
def test_algorithm_m_without_bounds_finds_algorithm_xs_solutions(spec: Spec) -> None:
    links = spec.build().links()
    m = MultiplicitySearch(links)
    solutions = list(m)
    m.check()
    assert sorted(solutions) == sorted(Search(links))
    assert m.stats.solutions == len(solutions)


# -- DLX3's branching and statistics, on sets -----------------------------------------


@dataclass
class Reference:
    solutions: list[tuple[int, ...]]
    nodes: int = 0
    updates: int = 0


def reference_m(case: Bounded) -> Reference:
    """Algorithm M on sets, for problems without colours, counting as DLX3 does.

    * a node for every level entered (solutions and dead ends included);
    * each active primary item scores ``len + s - bound + 1`` with
      ``s = min(bound, slack)``; the lowest wins, then the smaller ``s``,
      then the longer list, then the leftmost; a score ≤ 0 is a dead end
      (no update);
    * covering an item costs 1 plus ``len(option) - 1`` for each option
      still in its list; tweaking an option costs ``len(option)`` (all its
      nodes leave their lists), or 1 when the item was already covered
      (only the option's own node leaves the item's list);
    * an item whose bound drops to 0 is covered; one with slack left ends
      its branches with the null move (no option, the item retires).
    """
    spec = case.spec
    rows = spec.rows
    n_primary = spec.n_primary
    bound = [v for _, v in case.bounds]
    slack = [v - u for u, v in case.bounds]
    containing: list[list[int]] = [[] for _ in range(spec.n_items)]
    for k, row in enumerate(rows):
        for i in row:
            containing[i].append(k)
    covered: set[int] = set()
    retired: set[int] = set()
    hidden: set[int] = set()  # options tweaked away
    result = Reference([])

    def live(k: int) -> bool:
        return k not in hidden and covered.isdisjoint(rows[k])

    def length(i: int) -> int:
        return sum(map(live, containing[i]))

    def cover(i: int) -> None:
        result.updates += 1 + sum(len(rows[k]) - 1 for k in containing[i] if live(k))
        covered.add(i)

    def others(k: int, i: int) -> list[int]:
        t = rows[k].index(i)
        return rows[k][t + 1 :] + rows[k][:t]

    def commit(k: int, best: int) -> None:
        for j in others(k, best):
            if j < n_primary:
                bound[j] -= 1
                if bound[j] == 0:
                    cover(j)
            else:
                cover(j)

    def uncommit(k: int, best: int) -> None:
        for j in others(k, best):
            if j < n_primary:
                if bound[j] == 0:
                    covered.discard(j)
                bound[j] += 1
            else:
                covered.discard(j)

    def level(chosen: list[int]) -> None:
        result.nodes += 1
        active = [i for i in range(n_primary) if i not in covered | retired]
        if not active:
            result.solutions.append(tuple(sorted(chosen)))
            return

        def key(i: int) -> tuple[int, int, int, int]:
            s = min(bound[i], slack[i])
            return (length(i) + s - bound[i] + 1, s, -length(i), i)

        best = min(active, key=key)
        if key(best)[0] <= 0:
            return
        options = [k for k in containing[best] if live(k)]
        bound[best] -= 1
        b = bound[best]
        if b == 0 and slack[best] == 0:
            cover(best)
            for k in options:
                commit(k, best)
                level([*chosen, k])
                uncommit(k, best)
            covered.discard(best)
        else:
            if b == 0:
                cover(best)
            tweaked = []
            for t in range(len(options) + 1):
                if len(options) - t <= b - slack[best]:
                    break
                if t < len(options):
                    k = options[t]
                    result.updates += len(rows[k]) if b else 1
                    if b:
                        hidden.add(k)
                        tweaked.append(k)
                    commit(k, best)
                    level([*chosen, k])
                    uncommit(k, best)
                else:
                    retired.add(best)
                    level(chosen)
                    retired.discard(best)
            hidden.difference_update(tweaked)
            covered.discard(best)
        bound[best] += 1

    level([])
    return result


@settings(max_examples=300, deadline=None)
@given(bounded_specs(colours=False))
def test_order_and_statistics_follow_dlx3(case: Bounded) -> None:
    expected = reference_m(case)
    search = MultiplicitySearch(case.build().links())
    assert list(search) == expected.solutions
    stats = search.stats
    assert (stats.nodes, stats.updates, stats.solutions) == (
        expected.nodes,
        expected.updates,
        len(expected.solutions),
    )
    assert stats.cleansings == 0


def test_reference_on_a_small_case_by_hand() -> None:
    # A [1..2], B [1..1]; options A, AB, B.  Worked through by hand:
    # B is chosen first (score 2 like A's, but slack 0); the tree has 7
    # nodes; covers of B (1 + 1), A (1) and A again (1), and tweaks (1, 1).
    spec = Spec(2, 0, (((0, None),), ((0, None), (1, None)), ((1, None),)))
    case = Bounded(spec, ((1, 2), (1, 1)))
    expected = reference_m(case)
    assert (expected.solutions, expected.nodes, expected.updates) == (
        [(0, 1), (1,), (0, 2)],
        7,
        6,
    )
    search = case.build().search()
    assert list(search) == expected.solutions
    assert (search.stats.nodes, search.stats.updates) == (7, 6)


# -- DLX3's numbers on files --------------------------------------------------------

DLX3_DATA = Path(__file__).parent / "data" / "dlx3"


def dlx3_expected() -> list[tuple[str, int, int, int, int]]:
    rows = []
    for line in (DLX3_DATA / "expected.tsv").read_text().splitlines():
        if not line.startswith("#"):
            name, *numbers = line.split("\t")
            solutions, updates, cleansings, nodes = map(int, numbers)
            rows.append((name, solutions, updates, cleansings, nodes))
    return rows


def test_every_dlx3_fixture_has_numbers() -> None:
    files = {path.stem for path in DLX3_DATA.glob("*.dlx")}
    assert files == {row[0] for row in dlx3_expected()}
    assert len(files) > 40


@pytest.mark.parametrize(
    ("name", "solutions", "updates", "cleansings", "nodes"), dlx3_expected()
)
def test_counts_equal_dlx3s(
    name: str, solutions: int, updates: int, cleansings: int, nodes: int
) -> None:
    # The numbers come from Knuth's DLX3 search loop, transcribed into C
    # (see the header of expected.tsv); these files have colours too.
    problem = parse_dlx((DLX3_DATA / f"{name}.dlx").read_text(), name)
    search = MultiplicitySearch(problem.links())
    for _ in search:
        pass
    search.check()
    stats = search.stats
    assert (stats.solutions, stats.updates, stats.cleansings, stats.nodes) == (
        solutions,
        updates,
        cleansings,
        nodes,
    )


# -- resuming, prefixes ----------------------------------------------------------------


def full_run(problem: ExactCover) -> tuple[list[tuple[int, ...]], Stats]:
    search = problem.search()
    solutions = list(search)
    return solutions, search.stats


@settings(max_examples=150, deadline=None)
@given(bounded_specs(), st.data())
def test_resuming_anywhere_finishes_like_one_run(
    case: Bounded, data: st.DataObject
) -> None:
    problem = case.build()
    solutions, stats = full_run(problem)
    budget = data.draw(st.integers(1, max(1, stats.nodes)))
    search = problem.search(max_nodes=budget)
    got: list[tuple[int, ...]] = []
    with contextlib.suppress(BudgetExceeded):
        got.extend(search)
    if search.outcome is Outcome.EXHAUSTED:
        assert got == solutions
        return
    position = Position.from_json(search.position().to_json())
    resumed = problem.search(resume=position)
    got.extend(resumed)
    resumed.check()
    assert got == solutions
    assert resumed.stats == stats


@settings(max_examples=150, deadline=None)
@given(bounded_specs())
def test_resuming_after_each_solution(case: Bounded) -> None:
    problem = case.build()
    solutions, stats = full_run(problem)
    search = problem.search()
    for k, solution in enumerate(search):
        assert solution == solutions[k]
        resumed = problem.search(resume=search.position())
        assert list(resumed) == solutions[k + 1 :]
        assert resumed.stats == stats


@settings(max_examples=150, deadline=None)
@given(bounded_specs())
def test_prefixes_give_the_subtrees(case: Bounded) -> None:
    problem = case.build()
    search = problem.search()
    if not isinstance(search, MultiplicitySearch):
        return
    below: dict[int, list[tuple[int, ...]]] = {}
    for solution in search:
        path = search.position().path
        if path and path[0][1] >= 0:
            below.setdefault(path[0][1], []).append(solution)
    for option, expected in below.items():
        assert list(problem.solutions(prefix=[option])) == expected


def test_prefixes_and_positions_that_do_not_fit() -> None:
    problem = k_per_line(3, 2)
    with pytest.raises(PositionError, match="level 0: option 99 is not one of"):
        problem.count(prefix=[99])
    start = ExactCover("A", options=[["A"]]).search().position()
    with pytest.raises(PositionError, match="another problem"):
        problem.search(resume=start)
    plain = ExactCover(problem.primary)
    plain.add_options(problem.option(k) for k in range(len(problem)))
    assert plain.search().fingerprint() != problem.search().fingerprint()


@pytest.mark.processes
def test_checkpoint_and_resume_through_the_command(tmp_path: Path) -> None:
    path = tmp_path / "two.dlx"
    path.write_text(
        format_dlx(k_per_line(5, 2), name=lambda v: f"{v!r}".replace(" ", ""))
    )
    checkpoint = str(tmp_path / "run.json")
    first = run_dlx(
        "--count", "--max-nodes", "1000", "--checkpoint", checkpoint, str(path)
    )
    assert first.returncode == 3, first.stderr
    assert Path(checkpoint).exists()
    second = run_dlx("--count", "--stats", "--checkpoint", checkpoint, str(path))
    assert second.returncode == 0, second.stderr
    assert second.stdout == "2040\n"
    search = k_per_line(5, 2).search()
    list(search)
    assert second.stderr.endswith(search.stats.knuth_summary(colors=True) + "\n")
    assert not Path(checkpoint).exists()


# -- the rest of the API with bounds --------------------------------------------------


def test_budgets_limit_progress_and_stop() -> None:
    problem = k_per_line(5, 2)
    with pytest.raises(BudgetExceeded) as caught:
        problem.count(max_nodes=100)
    assert caught.value.outcome is Outcome.OUT_OF_NODES
    assert caught.value.stats.nodes == 100
    assert problem.count(limit=7) == 7
    search = problem.search(limit=3)
    assert len(list(search)) == 3
    assert search.outcome is Outcome.LIMIT_REACHED
    reports: list[Progress] = []
    search = problem.search(progress=reports.append, progress_interval=1e-9)
    total = sum(1 for _ in search)
    assert total == 2040
    assert reports and reports[-1].fraction == 1.0
    assert all(0 <= r.fraction <= 1 for r in reports)
    fractions = [r.fraction for r in reports]
    assert fractions == sorted(fractions)
    search = problem.search()
    next(search)
    search.request_stop()
    with pytest.raises(Interrupted):
        list(search)
    with pytest.raises(BudgetExceeded):
        k_per_line(6, 2).count(timeout=0.01)


def test_what_is_not_supported_says_so() -> None:
    problem = k_per_line(3, 2)
    message = re.escape("bounds on its items (Algorithm M)")
    # The entry points refuse it by the table of ways (the feature "bounds").
    table = re.escape("does not handle bounds on items (multiplicities) yet")
    with pytest.raises(ways.Refused, match=table):
        problem.count(method="memo")
    with pytest.raises(ways.Refused, match=table):
        problem.zdd()
    # Search asks the dispatcher, which gives bounds Algorithm M.
    assert list(Search(problem.links())) == list(MultiplicitySearch(problem.links()))
    with pytest.raises(ValueError, match=re.escape("cannot run this problem")):
        Search(problem.links(), algorithm="X")
    with pytest.raises(ValueError, match=message):
        MemoSearch(problem.links())


def test_plain_problems_keep_algorithm_x() -> None:
    problem = ExactCover("AB", options=[["A"], ["B"], ["A", "B"]], bounds={"A": 1})
    assert problem.bounds == {}
    assert type(problem.search()) is Search
    assert problem.links().bound is None


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        ({"Z": 2}, "bounds for unknown item 'Z'"),
        ({"X": 2}, "bounds for secondary item 'X'"),
        ({"A": 0}, "item 'A': upper bound 0"),
        (
            {"A": (3, 2)},
            "item 'A': lower bound 3 is not between 0 and the upper bound 2",
        ),
        ({"A": (-1, 2)}, "lower bound -1"),
        ({"A": (1, 2, 3)}, "must be an integer or a pair"),
        ({"A": "2"}, "must be an integer or a pair"),
        ({"A": True}, "must be an integer or a pair"),
    ],
)
def test_bad_bounds_are_named(bounds: dict[Hashable, object], message: str) -> None:
    with pytest.raises(ProblemError, match=message.replace("(", r"\(")):
        ExactCover("AB", "X", bounds=bounds)  # type: ignore[arg-type]


def test_from_rows_takes_bounds() -> None:
    problem = ExactCover.from_rows([[0], [0], [0, 1], [1]], 2, bounds={0: (2, 2)})
    assert problem.solutions_list() == [(0, 1, 3), (0, 2), (1, 2)]


# -- the text format and the command --------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(bounded_specs())
def test_text_format_round_trip(case: Bounded) -> None:
    problem = case.build()
    if not problem.primary:
        return
    text = format_dlx(
        problem,
        name=lambda v: "_".join(map(str, v)) if isinstance(v, tuple) else str(v),
    )
    again = parse_dlx(text)
    assert len(again.bounds) == len(problem.bounds)
    assert sorted(again.bounds.values()) == sorted(problem.bounds.values())
    # Options without a primary item are dropped on reading (as by Knuth).
    kept = [
        line
        for line in text.splitlines()[1:]
        if any(word.startswith("p") for word in line.split())
    ]
    assert format_dlx(again).splitlines() == [text.splitlines()[0], *kept]
    assert again.count() == problem.count()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("A 0|B", "upper bound zero in '0|B'"),
        ("A 3:2|B", "lower bound 3 above upper bound 2 in '3:2|B'"),
        ("A 2:B", "lower bound without upper bound in '2:B'"),
        ("A 2|", "empty item name in '2|'"),
        ("A 2:3|", "empty item name in '2:3|'"),
        ("A | 2|X", "bounds on secondary item 'X'"),
        ("A | 0:2|X", "bounds on secondary item 'X'"),
        ("A x|B", "bad bounds 'x' in 'x|B'"),
        ("A 1:2:3|B", "bad bounds '1:2:3'"),
        ("A 2|A", "duplicate item name 'A'"),
    ],
)
def test_bad_bounds_in_a_file(line: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_dlx(io.StringIO(f"| comment\n{line}\nA\n"), source="b.dlx")
    assert str(caught.value).startswith("b.dlx:2: ")
    assert message in str(caught.value)


def test_the_forms_of_bounds() -> None:
    problem = parse_dlx("3|A 0:2|B 1:1|C D |X\nA B\nA C\nA\n")
    assert problem.primary == ("A", "B", "C", "D")
    assert problem.secondary == ("X",)
    assert problem.bounds == {"A": (3, 3), "B": (0, 2)}


@pytest.mark.processes
def test_command_solves_bounds_with_dlx3_statistics() -> None:
    done = run_dlx("--stats", "-", stdin=KNUTH_EXAMPLE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "A C X:1 Y:1\nB X:1\nC Y:1\n"
    search = parse_dlx(KNUTH_EXAMPLE).search()
    list(search)
    assert done.stderr == search.stats.knuth_summary(colors=True) + "\n"
    assert "cleansings" in done.stderr


@pytest.mark.processes
@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        ((), "A 0|B\nA\n", "dlx: <stdin>:1: upper bound zero in '0|B'\n"),
        ((), "A 3:2|B\nA\n", "dlx: <stdin>:1: lower bound 3 above upper bound 2"),
    ],
)
def test_command_refuses_with_one_line(
    args: tuple[str, ...], stdin: str, message: str
) -> None:
    done = run_dlx(*args, "-", stdin=stdin)
    assert done.returncode == 2
    assert done.stderr.startswith(message)
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
