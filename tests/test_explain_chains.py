"""Chains shown as chains: the links of every chain step of :func:`sudoku.explain`, checked.

Each step that rests on a chain, cycle or forcing chain carries its links
(:attr:`sudoku.Step.chains`, the first :attr:`sudoku.Step.branches` of them
its branches).  Checked here, on puzzles of the SE-rated bank from 6.6 to
9.x, from the step's own grid and candidates (nothing of the finder's):

* every node is a candidate of the step's grid, and two nodes in a row
  share a cell, or the symbol and a unit (in the dynamic chains with
  simple techniques inside, SE 9.0 and up, an off node may follow from
  the pattern of other off nodes);
* in the static chains (cycles, forcing chains, cell and region forcing
  chains) the nodes alternate on and off, a link from on to off is weak
  (the two cannot both hold) and one from off to on strong (a cell of two
  candidates, or a unit where the symbol has two places);
* each family's shape: a cycle closes on its start; a forcing chain goes
  from a candidate to its opposite, which is the step's conclusion; a
  contradiction has two branches from one node to a node on and off, and
  the step denies the start; a double forcing chain's two branches start
  on and off one candidate, and cell and region forcing chains' branches
  start on each candidate of a cell or each place of a symbol in a unit,
  all ending at the conclusion; the chains besides start and end on
  nodes drawn before them, but for the nested forcing chains (SE 9.5 and
  up): a static cycle or forcing chain, last, whose strong links are
  strong once the off nodes drawn in the other chains are gone;
* the text writes the branches; the picture draws one arrow per link,
  the strong ones solid.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

import pytest
from sudoku_helpers import LOCAL_DATA, replay

from sudoku import Step, explain, steps
from sudoku.cli import main
from sudoku.explainer import SEARCH_RATING
from sudoku.regions import Regions

SE_RATED = LOCAL_DATA / "sudoku9_se_rated_1284.tsv"

Node = tuple[int, int, "str | int", bool]

STATIC = {
    "X-cycle",
    "Y-cycle",
    "forcing chain cycle",
    "forcing X-chain",
    "forcing chain",
    "cell forcing chains",
    "region forcing chains",
}


def first_rated(*ratings: float) -> list[str]:
    """The bank's first puzzle of each rating."""
    found: dict[float, str] = {}
    for line in SE_RATED.read_text().splitlines():
        puzzle, rating = line.split("\t")
        found.setdefault(float(rating), puzzle)
    return [found[r] for r in ratings]


def units_of_cell(regions: Regions, row: int, column: int) -> set[int]:
    return set(regions.cell_units[row * regions.size + column])


def shares(regions: Regions, a: Node, b: Node) -> bool:
    """Whether two nodes share a cell, or the symbol and a unit."""
    if a[:2] == b[:2]:
        return True
    return a[2] == b[2] and bool(
        units_of_cell(regions, a[0], a[1]) & units_of_cell(regions, b[0], b[1])
    )


def strong(step: Step, a: Node, b: Node, gone: frozenset[Node] = frozenset()) -> bool:
    """Whether ``a`` off and ``b`` on is a strong link in the step's grid, less the candidates ``gone``."""
    size = step.grid.size
    cands = [
        tuple(s for s in symbols if (*divmod(c, size), s, False) not in gone)
        for c, symbols in enumerate(step.candidates)
    ]
    if a[:2] == b[:2]:
        return set(cands[a[0] * size + a[1]]) == {a[2], b[2]}
    if a[2] != b[2]:
        return False
    regions = step.regions
    for u in units_of_cell(regions, a[0], a[1]) & units_of_cell(regions, b[0], b[1]):
        places = {divmod(c, size) for c in regions.units[u] if a[2] in cands[c]}
        if places == {a[:2], b[:2]}:
            return True
    return False


def conclusion(step: Step, node: Node) -> bool:
    """Whether ``node`` is what the step concludes: placed when on, removed when off."""
    row, column, symbol, on = node
    if on:
        return (row, column, symbol) in step.placements
    return (row, column, symbol) in step.eliminations


def check_links(step: Step) -> None:
    size = step.grid.size
    static = step.technique in STATIC and step.rating < 8.5
    for chain in step.chains:
        assert len(chain) >= 2, step.text
        for row, column, symbol, _ in chain:
            assert symbol in step.candidates[row * size + column], step.text
        for a, b in pairwise(chain):
            if not shares(step.regions, a, b):
                # A pattern inside a dynamic chain (SE 9.0 and up).
                assert step.rating >= 9.0 and not a[3] and not b[3], (a, b, step.text)
                continue
            if static:
                assert a[3] != b[3], (a, b, step.text)
                if not a[3]:
                    assert strong(step, a, b), (a, b, step.text)


def check_shape(step: Step) -> None:
    chains = step.chains
    k = step.branches
    assert 1 <= k <= len(chains), step.text
    branches = chains[:k]
    name = step.technique
    if name.endswith("cycle"):
        assert (k, len(chains)) == (1, 1)
        assert chains[0][0] == chains[0][-1]
        assert step.eliminations
    elif name in ("forcing chain", "forcing X-chain"):
        assert (k, len(chains)) == (1, 1)
        start, end = chains[0][0], chains[0][-1]
        assert end == (*start[:3], not start[3])
        assert conclusion(step, end)
    elif name in ("contradiction forcing chain", "Nishio forcing chain"):
        assert k == 2
        (a, b) = branches
        assert a[0] == b[0]
        assert a[-1][:3] == b[-1][:3] and a[-1][3] != b[-1][3]
        start = a[0]
        assert conclusion(step, (*start[:3], not start[3]))
    else:
        ends = {chain[-1] for chain in branches}
        assert len(ends) == 1, step.text
        (end,) = ends
        assert conclusion(step, end)
        starts = [chain[0] for chain in branches]
        size = step.grid.size
        if name == "double forcing chain":
            assert k == 2
            assert starts[0][:3] == starts[1][:3] and starts[0][3] != starts[1][3]
        elif name == "cell forcing chains":
            (cell,) = {s[:2] for s in starts}
            assert all(s[3] for s in starts)
            assert sorted(s[2] for s in starts) == sorted(
                step.candidates[cell[0] * size + cell[1]], key=str
            )
        else:
            assert name == "region forcing chains", name
            (symbol,) = {s[2] for s in starts}
            assert all(s[3] for s in starts)
            cells = {s[:2] for s in starts}
            regions = step.regions
            assert any(
                cells == {divmod(c, size) for c in unit if symbol in step.candidates[c]}
                for unit in regions.units
            ), step.text
    nested = False
    for k, chain in enumerate(chains[step.branches :], step.branches):
        before = {node for earlier in chains[:k] for node in earlier}
        if not nested and chain[0] in before and chain[-1] in before:
            continue
        # The nested forcing chains, last: static chains on the grid as the
        # chain's removals (the off nodes drawn before them) leave it.
        assert step.rating >= 9.5, step.text
        if not nested:
            nested = True
            gone = frozenset(node for node in before if not node[3])
        check_nested(step, chain, gone)


def check_nested(step: Step, chain: Sequence[Node], gone: frozenset[Node]) -> None:
    """A nested forcing chain: a cycle, or a chain from a node to its opposite, static on the grid less candidates of ``gone``.

    Each strong link is strong once the other candidates of its cell, or
    the symbol's other places in a unit, are gone: the branch the nested
    chain belongs to removed them (``gone`` holds every branch's off
    nodes, so the link's own two stay).
    """
    start, end = chain[0], chain[-1]
    assert end == start or end == (*start[:3], not start[3]), step.text
    for a, b in pairwise(chain):
        assert a[3] != b[3], (a, b, step.text)
        if not a[3]:
            others = gone - {(*a[:3], False), (*b[:3], False)}
            assert strong(step, a, b, others), (a, b, step.text)


def written(step: Step, chain: Sequence[Node]) -> str:
    return " -> ".join(
        f"r{r + 1}c{c + 1}{'=' if on else '<>'}{s}" for r, c, s, on in chain
    )


def check_step(step: Step) -> None:
    check_links(step)
    check_shape(step)
    for chain in step.chains[: step.branches]:
        assert written(step, chain) in step.text
    svg = step.to_svg()
    links = [
        (a, b) for chain in step.chains for a, b in pairwise(chain) if a[:3] != b[:3]
    ]
    assert svg.count('class="strong-link"') == sum(not a[3] and b[3] for a, b in links)
    assert svg.count('class="strong-link"') + svg.count('class="weak-link"') == len(
        links
    )


def chain_steps(puzzles: list[str]) -> list[Step]:
    return [step for puzzle in puzzles for step in explain(puzzle).steps if step.chains]


def test_chain_steps_carry_their_links() -> None:
    found = chain_steps(first_rated(6.6, 7.1, 7.8, 8.3, 8.4))
    names = {step.technique for step in found}
    assert {
        "Y-cycle",
        "forcing chain",
        "forcing chain cycle",
        "Nishio forcing chain",
        "cell forcing chains",
        "region forcing chains",
    } <= names
    for step in found:
        check_step(step)


@pytest.mark.slow
def test_dynamic_forcing_chains_carry_their_links() -> None:
    found = chain_steps(first_rated(9.0, 9.1, 9.2))
    assert "contradiction forcing chain" in {step.technique for step in found}
    for step in found:
        check_step(step)


#: The first puzzle of the forum's hardest list (../shared/data): the
#: dynamic forcing chains (+) run out on it, the nested ones solve it.
FORUM_HARDEST_FIRST = (
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
)


def nested_steps(found: Sequence[Step]) -> list[Step]:
    """The steps whose chains hold a nested forcing chain: one that starts on a node not drawn before."""
    out = []
    for step in found:
        chains = step.chains
        for k in range(step.branches, len(chains)):
            if chains[k][0] not in {node for chain in chains[:k] for node in chain}:
                out.append(step)
                break
    return out


@pytest.mark.slow
def test_nested_forcing_chains_carry_their_links() -> None:
    found = explain(FORUM_HARDEST_FIRST)
    replay(FORUM_HARDEST_FIRST, found)
    # Without them a search step comes (SE's rating of it: 10.3).
    assert found.by_logic
    nested = nested_steps(found.steps)
    assert nested
    for step in nested:
        assert step.rating >= 9.5
    for step in found.steps:
        if step.chains:
            check_step(step)


def test_nested_forcing_chains_come_last_and_only_where_the_rest_found_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Without the nested forcing chains, the steps are today's but for the
    # search steps where they would have come.
    last = steps.TECHNIQUES[-1]
    assert (last.name, last.rating) == ("nested forcing chains", 9.5)
    assert all(t.rating <= last.rating for t in steps.TECHNIQUES)
    (puzzle,) = first_rated(8.4)

    def taken() -> list[tuple[str, float, str, object]]:
        return [
            (s.technique, s.rating, s.text, s.chains) for s in explain(puzzle).steps
        ]

    with_them = taken()
    monkeypatch.setattr(steps, "TECHNIQUES", steps.TECHNIQUES[:-1])
    assert taken() == with_them
    assert all(rating < 9.5 for _, rating, _, _ in with_them)


def test_steps_without_chains_have_none() -> None:
    (puzzle,) = first_rated(2.6)
    for step in explain(puzzle).steps:
        assert (step.chains, step.branches) == ((), 0)
        assert "->" not in step.text


# ------------------------------------------------------------- the command


def run_command(
    argv: list[str], tmp_path: Path, puzzle: str, capsys: pytest.CaptureFixture[str]
) -> str:
    path = tmp_path / "puzzle.txt"
    path.write_text(puzzle + "\n")
    assert main([*argv, str(path)]) == 0
    return capsys.readouterr().out


def test_the_json_of_a_step_carries_its_chains(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (puzzle,) = first_rated(7.1)
    taken = explain(puzzle).steps
    out = run_command(["--explain", "--json"], tmp_path, puzzle, capsys)
    record = json.loads(out.splitlines()[0])["explanation"]
    assert record["by_logic"] is True
    assert [(s["chains"], s["branches"]) for s in record["steps"]] == [
        ([[list(node) for node in chain] for chain in s.chains], s.branches)
        for s in taken
    ]
    assert any(s["chains"] for s in record["steps"])


def test_a_rating_says_when_logic_ran_out(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (puzzle,) = first_rated(3.2)
    assert run_command(["--rate"], tmp_path, puzzle, capsys) == "3.2\n"
    # With the singles alone the puzzle needs search steps: the rating is
    # marked, the JSON says so, and --explain's first line counts them.
    monkeypatch.setattr(steps, "TECHNIQUES", steps.TECHNIQUES[:1])
    found = explain(puzzle)
    assert not found.by_logic
    rating = f"{SEARCH_RATING:.1f}+"
    assert run_command(["--rate"], tmp_path, puzzle, capsys) == f"{rating}\n"
    record = json.loads(
        run_command(["--rate", "--json"], tmp_path, puzzle, capsys).splitlines()[0]
    )
    assert (record["rating"], record["by_logic"]) == (SEARCH_RATING, False)
    head = run_command(["--explain"], tmp_path, puzzle, capsys).splitlines()[0]
    assert head.endswith(
        f"rating {rating} (pearl {found.pearl:.1f}, diamond {found.diamond:.1f}), "
        f"{len(found.steps)} steps, {found.searches} by search (logic ran out)"
    )
