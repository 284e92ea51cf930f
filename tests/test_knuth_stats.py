"""Our statistics against the numbers Knuth's DLX2 printed for the same files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from dlx_helpers import FORMS, compiled_as

from dlx import Search, parse_dlx

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


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("name", "solutions", "nodes", "updates", "cleansings"), CASES)
def test_counts_equal_knuths(
    name: str,
    solutions: int,
    nodes: int,
    updates: int,
    cleansings: int,
    form: str,
) -> None:
    # Every form the engine can hold a problem in (see dlx.links and
    # dlx.packed) must count alike.
    problem = parse_dlx((HERE / f"{name}.dlx").read_text(), name)
    search = Search(compiled_as(problem, form))
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


def test_the_fixtures_reach_every_loop() -> None:
    # Without this the test above could pass with every problem on one loop.
    loops: Counter[str] = Counter()
    for path in HERE.glob("*.dlx"):
        problem = parse_dlx(path.read_text(), path.stem)
        links = compiled_as(problem, "unrolled")
        spans = set(links.span[links.n_items + 1 :])
        if problem.uses_colors:
            loops["colored"] += 1
        elif not links.bytewise:
            loops["list"] += 1
        elif not links.packed:
            loops["bytes"] += 1
        elif len(spans) == 1:
            loops["unrolled"] += 1
        else:
            loops["packed"] += 1
    assert set(loops) == {"colored", "list", "bytes", "unrolled", "packed"}, loops
