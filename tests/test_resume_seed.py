"""A position resumed with a seed other than its own is refused, not silently walked.

``search(resume=pos, seed=S)`` took the position's random state and
ignored ``S`` when the position was seeded, and for an unseeded position
walked the rest of the tree with ``S``; the ``dlx`` command refuses a
checkpoint of another ``--seed`` ("it walked another tree").  A position
now records its seed, and every entry point refuses a seed that is not
the position's; the position's own seed, or none, goes on exactly.
"""

from __future__ import annotations

import json

import pytest
from dlx_helpers import n_queens

from dlx import ExactCover, Position
from dlx.ways import Refused


def stopped_after(problem: ExactCover, seed: int | None, solutions: int) -> Position:
    search = problem.search(seed=seed)
    for _ in range(solutions):
        next(search)
    return search.position()


@pytest.mark.parametrize(
    "call",
    [
        lambda p, pos, seed: list(p.search(resume=pos, seed=seed)),
        lambda p, pos, seed: list(p.solutions(resume=pos, seed=seed)),
        lambda p, pos, seed: p.count(resume=pos, seed=seed),
    ],
    ids=["search", "solutions", "count"],
)
def test_another_seed_is_refused(call: object) -> None:
    problem = n_queens(6)
    seeded = stopped_after(problem, 1, 1)
    with pytest.raises(
        Refused, match=r"seed=2 does not go with resume= of a search with seed=1"
    ) as refused:
        call(problem, seeded, 2)  # type: ignore[operator]
    assert refused.value.features == ("seed", "resume")
    unseeded = stopped_after(problem, None, 1)
    with pytest.raises(Refused, match=r"of a search without seed="):
        call(problem, unseeded, 2)  # type: ignore[operator]


def test_the_same_seed_or_none_goes_on_exactly() -> None:
    problem = n_queens(8)
    whole = list(problem.search(seed=5))
    for seed in (5, None):
        position = stopped_after(problem, 5, 30)
        assert whole[:30] + list(problem.search(resume=position, seed=seed)) == whole
        assert problem.count(resume=position, seed=seed) == len(whole) == 92
    # A numpy integer is a seed as well (random.Random refused one).
    np = pytest.importorskip("numpy")
    assert list(problem.search(seed=np.int64(5))) == whole


def test_the_seed_is_saved_and_carried_on() -> None:
    problem = n_queens(8)
    first = stopped_after(problem, 7, 10)
    assert first.seed == 7 and json.loads(first.to_json())["seed"] == 7
    again = Position.from_json(first.to_json())
    assert again == first
    resumed = problem.search(resume=again)
    next(resumed)
    assert resumed.position().seed == 7
    # An unseeded position writes no seed, as before.
    assert "seed" not in json.loads(stopped_after(problem, None, 1).to_json())


def test_a_seeded_position_without_its_seed_takes_no_seed() -> None:
    """A position of an older pydlx has a random state but no seed: a seed cannot be checked."""
    problem = n_queens(8)
    data = json.loads(stopped_after(problem, 3, 10).to_json())
    del data["seed"]
    old = Position.from_json(json.dumps(data))
    assert old.seed is None and old.rng is not None
    with pytest.raises(Refused, match="does not record its seed"):
        problem.count(resume=old, seed=3)
    assert problem.count(resume=old) == 92


@pytest.mark.parametrize("seed", [True, "3", 1.5])
def test_a_damaged_seed_is_a_damaged_position(seed: object) -> None:
    from dlx import PositionError

    data = json.loads(stopped_after(n_queens(6), 3, 1).to_json())
    data["seed"] = seed
    with pytest.raises(PositionError, match="damaged"):
        Position.from_json(json.dumps(data))


def test_a_seed_without_a_random_state_is_a_damaged_position() -> None:
    from dlx import PositionError

    data = json.loads(stopped_after(n_queens(6), None, 1).to_json())
    data["seed"] = 3
    with pytest.raises(PositionError, match="damaged"):
        Position.from_json(json.dumps(data))


def test_an_unseeded_position_at_the_start_takes_a_seed() -> None:
    """Nothing was walked yet: the seed walks the whole tree, as a fresh search does."""
    problem = n_queens(8)
    start = problem.search().position()
    assert list(problem.search(resume=start, seed=4)) == list(problem.search(seed=4))
