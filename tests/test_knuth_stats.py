"""Our statistics against the numbers Knuth's DLX2 printed for the same files."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlx import Search, parse_dlx
from dlx.links import Links

HERE = Path(__file__).parent / "data" / "knuth"
SLOW = {"pento3x20"}


def expected() -> list[tuple[str, int, int, int, int]]:
    rows = []
    for line in (HERE / "expected.tsv").read_text().splitlines():
        if line.startswith("#"):
            continue
        name, *numbers = line.split("\t")
        solutions, nodes, updates, cleansings = map(int, numbers)
        rows.append((name, solutions, nodes, updates, cleansings))
    return rows


CASES = [
    pytest.param(*row, marks=pytest.mark.slow, id=row[0])
    if row[0] in SLOW
    else pytest.param(*row, id=row[0])
    for row in expected()
]


def test_every_fixture_has_numbers() -> None:
    files = {path.stem for path in HERE.glob("*.dlx")}
    assert files == {row[0] for row in expected()}
    assert len(files) > 200


@pytest.mark.parametrize("bytewise", [True, False], ids=["bytes", "list"])
@pytest.mark.parametrize(("name", "solutions", "nodes", "updates", "cleansings"), CASES)
def test_counts_equal_knuths(
    name: str,
    solutions: int,
    nodes: int,
    updates: int,
    cleansings: int,
    bytewise: bool,
) -> None:
    # Both forms of the size array (see dlx.links) must count alike.
    problem = parse_dlx((HERE / f"{name}.dlx").read_text(), name)
    compiled = problem.links()
    links = Links(
        compiled.n_primary,
        compiled.n_items,
        problem._rows,
        problem._colors,
        bytewise=bytewise,
    )
    search = Search(links)
    for _ in search:
        pass
    stats = search.stats
    assert (stats.solutions, stats.nodes, stats.updates, stats.cleansings) == (
        solutions,
        nodes,
        updates,
        cleansings,
    )
    search.check()
