"""Flags and counts of the public functions that were taken by their truth, or a bool as an int.

``count_only="no"`` handed out no solution, ``reflect="no"`` turned the
pieces over, ``rectangle(True, 3)`` was a board of one row,
``read_puzzles(boxes="no")`` and ``read_cages(disjoint=0)`` read their
input as the opposite flag: each is refused now, naming the parameter.
NumPy's booleans are booleans, and NumPy's integers are whole numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dlx import ExactCover
from dlx import polyomino as poly
from sudoku import SudokuError
from sudoku.cages import read_cage_text, read_cages
from sudoku.formats import read_puzzles

NOT_FLAGS = ["no", "", 0, 1, None, 1.0]


def small() -> ExactCover:
    return ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])


DLX_FLAGS: dict[str, Callable[[Any], object]] = {
    "count_only": lambda v: list(small().search(count_only=v)),
    "count_only ": lambda v: small().best_search(count_only=v),
    "preprocess": lambda v: small().count(preprocess=v),
    "preprocess ": lambda v: list(small().solutions(preprocess=v)),
    "preprocess  ": lambda v: small().first(preprocess=v),
    "check": lambda v: ExactCover.from_rows([[0], [1]], 2, check=v),
    "reflect": lambda v: poly.tiling(
        poly.PENTOMINOES, poly.rectangle(3, 20), reflect=v
    ),
    "reflect ": lambda v: poly.board_symmetries(poly.rectangle(3, 20), reflect=v),
    "distinct": lambda v: poly.draw([], poly.rectangle(2, 2), distinct=v),
    "distinct ": lambda v: poly.to_svg([], poly.rectangle(2, 2), distinct=v),
}


@pytest.mark.parametrize("call", list(DLX_FLAGS))
@pytest.mark.parametrize("value", NOT_FLAGS, ids=repr)
def test_dlx_flags_must_be_booleans(call: str, value: Any) -> None:
    with pytest.raises(TypeError) as raised:
        DLX_FLAGS[call](value)
    assert str(raised.value) == f"{call.strip()} must be True or False, not {value!r}"


def test_dlx_flags_still_do_what_they_say() -> None:
    problem = small()
    assert list(problem.search(count_only=False)) == [(0, 1), (2,)]
    counting = problem.search(count_only=True)
    assert list(counting) == [] and counting.stats.solutions == 2
    assert problem.count(preprocess=True) == problem.count(preprocess=False) == 2
    board = poly.rectangle(3, 20)
    assert poly.tiling(poly.PENTOMINOES, board, reflect=True).count() == 8
    assert poly.tiling(poly.PENTOMINOES, board, reflect=False).count() == 0
    assert len(poly.board_symmetries(board, reflect=False)) == 1
    assert ExactCover.from_rows([[0], [1]], 2, check=False).count() == 1


def test_numpy_booleans_are_dlx_flags() -> None:
    numpy = pytest.importorskip("numpy")
    problem = small()
    assert list(problem.search(count_only=numpy.bool_(False))) == [(0, 1), (2,)]
    assert problem.count(preprocess=numpy.bool_(True)) == 2
    board = poly.rectangle(numpy.int64(3), numpy.int64(20))
    assert board == poly.rectangle(3, 20)
    assert poly.tiling(poly.PENTOMINOES, board, reflect=numpy.bool_(True)).count() == 8


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        ((True, 3), "height must be a whole number, not True"),
        ((3, False), "width must be a whole number, not False"),
        ((2.0, 3), "height must be a whole number, not 2.0"),
        (("3", 3), "height must be a whole number, not '3'"),
    ],
)
def test_a_rectangles_sides_are_whole_numbers(
    sides: tuple[Any, Any], message: str
) -> None:
    with pytest.raises(TypeError) as raised:
        poly.rectangle(*sides)
    assert str(raised.value) == message


def test_a_picture_in_placement_colours_refuses_colours_by_name() -> None:
    """distinct=True colours each placement from the palette: colours= was dropped."""
    board = poly.rectangle(2, 3)
    problem = poly.tiling({"L": "##\n#.", "I": "###"}, board, use="any")
    placed = problem.labels_of(problem.first() or ())
    with pytest.raises(ValueError) as raised:
        poly.to_svg(placed, board, distinct=True, colours={"L": "#000000"})
    assert "colours= does not go with distinct=True" in str(raised.value)
    with pytest.raises(ValueError):
        poly.Tiling(placed, board, distinct=True).to_svg(colours={"L": "#000000"})
    # Each alone still works, and the named colour is the one drawn.
    assert 'fill="#000000"' in poly.to_svg(placed, board, colours={"L": "#000000"})
    assert poly.to_svg(placed, board, distinct=True).count("<g") == 2


SUDOKU_FLAGS: dict[str, Callable[[Any], object]] = {
    "boxes": lambda v: read_puzzles("1..." * 4 + "\n", boxes=v),
    "disjoint": lambda v: read_cages([(3, [(0, 0), (0, 1)])], 4, disjoint=v),
    "disjoint ": lambda v: read_cage_text("AB\nBA\nA=3 B=3", disjoint=v),
}


@pytest.mark.parametrize("call", list(SUDOKU_FLAGS))
@pytest.mark.parametrize("value", NOT_FLAGS, ids=repr)
def test_sudoku_reading_flags_must_be_booleans(call: str, value: Any) -> None:
    with pytest.raises(SudokuError) as raised:
        SUDOKU_FLAGS[call](value)
    assert str(raised.value) == f"{call.strip()}={value!r} is not True or False"


def test_sudoku_reading_flags_still_do_what_they_say() -> None:
    # 25 characters: a 5x5 grid without boxes; with boxes, no 5x5 reads.
    latin = "12......3" + "." * 16 + "\n"
    assert [p.text for p in read_puzzles(latin, boxes=False)] == [latin.strip()]
    assert read_cages([(3, [(0, 0), (1, 1)])], 4, disjoint=True)[0].cells == (0, 5)
    with pytest.raises(SudokuError, match="not connected"):
        read_cages([(3, [(0, 0), (1, 1)])], 4, disjoint=False)
    assert len(read_cage_text("AB\nBA\nA=3 B=7", disjoint=True).cages) == 2


def test_numpy_booleans_are_sudoku_reading_flags() -> None:
    numpy = pytest.importorskip("numpy")
    latin = "12......3" + "." * 16 + "\n"
    assert len(read_puzzles(latin, boxes=numpy.bool_(False))) == 1
    cages = read_cages([(3, [(0, 0), (1, 1)])], 4, disjoint=numpy.bool_(True))
    assert cages[0].cells == (0, 5)
