"""dlx.records: value classes declared like dataclasses, without importing them.

pydlx's statistics, progress reports, positions and registry entries are
records, so these check what their users rely on: construction by
position and by name, defaults, equality, hashing and refusal of
assignment for the frozen ones, copies, pickling, and clear errors.
"""

from __future__ import annotations

import copy
import inspect
import pickle
from typing import Any

import pytest

from dlx import Colored, Position, Progress, SatStats, Stats, records
from dlx.records import Record, as_dict, fields, replace


class Point(Record, frozen=True):
    x: int
    y: int = 0


class Counter(Record):
    name: str
    hits: int = 0
    seen: list[str] | None = None

    def __post_init__(self) -> None:
        if self.seen is None:
            self.seen = []


class Tagged(Counter):
    tag: str = ""


def test_fields_by_position_by_name_and_by_default() -> None:
    assert fields(Point) == ("x", "y")
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2)
    assert Point(1).y == 0
    assert Point(1) != Point(2)
    assert Point(1) != (1, 0)
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"


def test_a_subclass_adds_its_fields_after_its_parents() -> None:
    assert fields(Tagged) == ("name", "hits", "seen", "tag")
    tagged = Tagged("a", 1, tag="t")
    assert tagged.seen == [] and tagged.tag == "t"
    assert Tagged("a") != Counter("a")  # not the same class
    assert fields(SatStats)[:4] == fields(Stats)


def test_post_init_runs_after_the_fields_are_set() -> None:
    one, two = Counter("a"), Counter("b")
    assert one.seen == [] and one.seen is not two.seen


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # (The type checker refuses these too.)
        (lambda: Point(), "missing 1 required positional argument: 'x'"),  # type: ignore[call-arg]
        (lambda: Point(1, 2, 3), "positional arguments but 4 were given"),  # type: ignore[call-arg]
        (lambda: Point(1, z=3), "unexpected keyword argument 'z'"),  # type: ignore[call-arg]
        (lambda: Point(1, x=3), "multiple values for argument 'x'"),  # type: ignore[misc]
        (lambda: replace(Point(1), z=2), "unexpected keyword argument 'z'"),
    ],
)
def test_bad_arguments_are_refused_by_name(call: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call()


def test_frozen_records_refuse_assignment_and_hash_by_value() -> None:
    point = Point(1, 2)
    with pytest.raises(
        AttributeError, match="cannot assign to field 'x' of a frozen Point"
    ):
        point.x = 5  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot delete field 'y'"):
        del point.y
    assert point == Point(1, 2)
    assert hash(point) == hash(Point(1, 2))
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2


def test_mutable_records_take_assignment_and_are_not_hashable() -> None:
    counter = Counter("a")
    counter.hits += 1
    assert counter == Counter("a", 1)
    with pytest.raises(TypeError, match="unhashable"):
        hash(counter)
    with pytest.raises(AttributeError):
        counter.other = 1  # type: ignore[attr-defined]  # slots: no other attribute


def test_replace_copy_and_pickle_keep_the_class_and_fields() -> None:
    stats = Stats(nodes=5, updates=7, solutions=1)
    twin = replace(stats)
    assert twin == stats and twin is not stats
    twin.nodes += 1
    assert stats.nodes == 5
    assert replace(Point(1), y=3) == Point(1, 3)
    for record in (stats, Point(1, 2), Colored("x", "red"), Tagged("a", tag="t")):
        assert copy.copy(record) == record
        assert copy.deepcopy(record) == record
        assert pickle.loads(pickle.dumps(record)) == record
    assert as_dict(stats) == {"nodes": 5, "updates": 7, "cleansings": 0, "solutions": 1}


def test_class_definitions_are_checked() -> None:
    with pytest.raises(
        TypeError, match="'y' without a default follows one with a default"
    ):

        class Bad(Record):
            x: int = 0
            y: int  # type: ignore[misc]

    with pytest.raises(
        TypeError, match="a frozen record cannot derive from a mutable one"
    ):

        class Frozen(Counter, frozen=True):  # type: ignore[misc]
            pass


def test_signatures_are_those_of_the_fields() -> None:
    assert str(inspect.signature(Point)) == "(x: 'int', y: 'int' = 0)"
    assert list(inspect.signature(Progress).parameters) == list(fields(Progress))
    assert (
        str(inspect.signature(Colored))
        == "(item: 'Hashable', color: 'Hashable') -> 'None'"
    )


def test_the_public_value_classes_are_records() -> None:
    for cls in (Stats, SatStats, Progress, Position, Colored):
        assert isinstance(cls, records.RecordType), cls
    colored = Colored("x", 1)
    assert colored == Colored("x", 1) and colored != Colored("x", 2)
    assert colored != Colored("y", 1)
    assert hash(colored) == hash(Colored("x", 1))
    with pytest.raises(AttributeError):
        colored.color = 2  # type: ignore[misc]


def test_match_statements_take_the_fields_by_position_as_for_dataclasses() -> None:
    from dlx.parallel import FrontierEntry

    match Tagged("a", 2, None, "t"):
        case Tagged(name, hits, _, tag):
            assert (name, hits, tag) == ("a", 2, "t")
        case _:  # pragma: no cover - the case above matches
            pytest.fail("no match")
    match FrontierEntry((3, 1), False, 0.25):
        case FrontierEntry(options, solution, weight):
            assert (options, solution, weight) == ((3, 1), False, 0.25)
        case _:  # pragma: no cover
            pytest.fail("no match")
    assert Tagged.__match_args__ == ("name", "hits", "seen", "tag")


def test_a_field_that_is_the_same_object_in_both_is_equal_even_nan() -> None:
    from dlx.parallel import FrontierEntry

    nan = float("nan")
    # As dataclasses compare: as tuples (two NaNs made apart are equal
    # on PyPy, where floats are the same object when their bits are).
    assert FrontierEntry((), False, nan) == FrontierEntry((), False, nan)
    assert Point(1) == Point(1, 0) and Point(1) != Point(2)
