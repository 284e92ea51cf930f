"""Our statistics against the numbers Knuth's DLX2 printed for the same files."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from dlx_helpers import FORMS, compiled_as

from dlx import Search, algorithms, parse_dlx

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
    # dlx.algorithm_x_packed) must count alike.
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
    # The dispatcher says which loop runs each fixture; the representation
    # (bytes or list sizes) and unrolling are what the packed, wide and
    # plain forms vary on.  (The list form runs the fixture with long
    # lists only where the packed forms are forbidden: FORMS' "list".)
    # The fixture with long lists is a tiling, which the marks form runs;
    # tests/test_conformance.py checks Knuth's numbers on the wide one.
    loops: Counter[str] = Counter()
    for path in HERE.glob("*.dlx"):
        problem = parse_dlx(path.read_text(), path.stem)
        links = compiled_as(problem, "unrolled")
        search = Search(links)
        loop = f"{search.algorithm.name}-{search.form.name}"
        if search.form.name == "plain":
            loop += "-bytes" if links.bytewise else "-list"
        elif search.form.name in ("packed", "wide"):
            code = search._steps.gi_code  # type: ignore[attr-defined]
            if "_width_" in code.co_name:
                loop += "-unrolled"
        loops[loop] += 1
    expected = {
        "C-colored",
        "X-plain-bytes",
        "X-marks",
        "X-packed-unrolled",
        "X-packed",
    }
    preferred = algorithms.PREFERRED_FORMS.get(sys.implementation.name, ())
    if preferred:
        # An interpreter with forms of its own (PyPy: the form for its JIT)
        # runs Algorithm X in the first of them that applies and is
        # preferred for the fixture (dlx.algorithms.choose): these are small,
        # so not the buckets form for many items; tests/test_conformance.py
        # checks Knuth's numbers on the forms CPython runs.
        x = algorithms.by_name("X")
        first = next(
            name
            for name in preferred
            for form in x.forms
            if form.name == name and form.prefer is not None and name != "buckets"
        )
        expected = {"C-colored", f"X-{first}"}
    assert set(loops) == expected, loops
