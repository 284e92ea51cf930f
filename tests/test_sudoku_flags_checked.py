"""encode()'s and Grid.parse()'s flags are True or False, and their other arguments are what they say.

``propagate="no"`` was truthy and taken as yes, ``boxes=0`` as no boxes,
without a word; ``cage_encoding`` was looked at only with cages (a typo
went unnoticed, and a list raised a bare TypeError).  NumPy's booleans
are booleans, and NumPy's integers are ints in a box shape.
"""

from __future__ import annotations

from typing import Any

import pytest

import sudoku
from sudoku import BoxShapeError, Grid, SudokuError
from sudoku.cages import read_cages
from sudoku.encoding import encode

PUZZLE4 = "1......2..4..3.."
NOT_FLAGS = ["no", "", 0, 1, None, 0.0, [], [True]]


@pytest.mark.parametrize("flag", ["propagate", "implied"])
@pytest.mark.parametrize("value", NOT_FLAGS, ids=repr)
def test_encode_refuses_a_flag_that_is_not_a_bool(flag: str, value: Any) -> None:
    with pytest.raises(SudokuError) as raised:
        encode(Grid.parse(PUZZLE4), **{flag: value})
    assert str(raised.value) == f"{flag}={value!r} is not True or False"


@pytest.mark.parametrize("value", NOT_FLAGS, ids=repr)
def test_grid_parse_refuses_boxes_that_is_not_a_bool(value: Any) -> None:
    with pytest.raises(SudokuError) as raised:
        Grid.parse(PUZZLE4, boxes=value)
    assert str(raised.value) == f"boxes={value!r} is not True or False"


def test_the_flags_still_do_what_they_say() -> None:
    """True and False as before: the checks refuse nothing that worked."""
    grid = Grid.parse(PUZZLE4)
    assert encode(grid, propagate=False).problem.count() == 1
    assert len(encode(grid, propagate=False).problem.primary) == 48
    assert len(encode(grid, propagate=True).problem.primary) == 0  # singles fill all
    killer = read_cages([(3, [(0, 0), (0, 1)]), (3, [(2, 2), (2, 3)])], 4)
    blank = Grid.parse("." * 16)
    with_implied = encode(blank, cages=killer, implied=True).problem
    without = encode(blank, cages=killer, implied=False).problem
    assert with_implied.count() == without.count() == 16
    five = "1...." * 5
    assert Grid.parse(five, boxes=False).box == (1, 5)
    with pytest.raises(BoxShapeError, match="a 5x5 grid has no box shape"):
        Grid.parse(five, boxes=True)


def test_numpy_booleans_are_flags() -> None:
    numpy = pytest.importorskip("numpy")
    grid = Grid.parse(PUZZLE4)
    off, on = numpy.bool_(False), numpy.bool_(True)
    assert len(encode(grid, propagate=off).problem.primary) == 48
    assert len(encode(grid, propagate=on, implied=off).problem.primary) == 0
    assert Grid.parse("1...." * 5, boxes=off).box == (1, 5)
    assert Grid.parse(PUZZLE4, boxes=on).box == (2, 2)


def test_numpy_integers_are_a_box_shape_and_numpy_booleans_are_not() -> None:
    numpy = pytest.importorskip("numpy")
    box = (numpy.int64(1), numpy.int32(4))
    parsed = Grid.parse(PUZZLE4, box=box)
    assert parsed.box == (1, 4) and all(type(n) is int for n in parsed.box)
    assert sudoku.solve(PUZZLE4, box=box) == sudoku.solve(PUZZLE4, box=(1, 4))
    with pytest.raises(BoxShapeError, match="is not a pair of positive ints"):
        Grid.parse(PUZZLE4, box=(numpy.bool_(True), 4))


@pytest.mark.parametrize(
    ("box", "message"),
    [
        ("22", "box='22' is not a pair (rows, columns)"),
        ((2,), "box=(2,) is not a pair (rows, columns)"),
        ((True, 4), "box=(True, 4) is not a pair of positive ints"),
        ((2.0, 2), "box=(2.0, 2) is not a pair of positive ints"),
        ((0, 4), "box=(0, 4) is not a pair of positive ints"),
        ((4, 4), "box=(4, 4) does not fit"),
    ],
)
def test_grid_parse_refuses_a_box_that_is_no_shape(box: Any, message: str) -> None:
    with pytest.raises(BoxShapeError) as raised:
        Grid.parse(PUZZLE4, box=box)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize("cages", [False, True])
@pytest.mark.parametrize("encoding", ["set", 3, ["sets"]], ids=repr)
def test_an_unknown_cage_encoding_is_refused_with_cages_or_without(
    cages: bool, encoding: Any
) -> None:
    given = read_cages([(3, [(0, 0), (0, 1)])], 4) if cages else ()
    with pytest.raises(SudokuError) as raised:
        encode(Grid.parse("." * 16), cages=given, cage_encoding=encoding)
    assert str(raised.value) == (
        f"cage_encoding={encoding!r} is none of 'mixed', 'sets', 'colours', "
        "'placements'"
    )
