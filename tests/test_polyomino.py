"""dlx.polyomino: shapes, placements, tilings, drawings; known counts."""

from __future__ import annotations

import re
from typing import Any

import pytest
from dlx_helpers import PENTOMINOES, pentomino_rectangle
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import ProblemError
from dlx.polyomino import (
    Placement,
    Use,
    board_cells,
    draw,
    obstruction,
    orientations,
    placements,
    rectangle,
    shape,
    tiling,
)

SCOTT = """\
........
........
........
...##...
...##...
........
........
........"""


def test_shapes_from_drawings_and_cells() -> None:
    assert shape(["#.", "##"]) == shape("#.\n##") == ((0, 0), (1, 0), (1, 1))
    assert shape([(3, 4), (4, 4)]) == ((0, 0), (1, 0))
    assert shape("  X\n XX") == ((0, 1), (1, 0), (1, 1))
    with pytest.raises(ProblemError, match="no square"):
        shape("..")


@pytest.mark.parametrize(
    ("name", "count", "turned"),
    [("F", 8, 4), ("I", 2, 2), ("L", 8, 4), ("N", 8, 4), ("P", 8, 4), ("T", 4, 4),
     ("U", 4, 4), ("V", 4, 4), ("W", 4, 4), ("X", 1, 1), ("Y", 8, 4), ("Z", 4, 2)],
)  # fmt: skip
def test_orientations_are_distinct(name: str, count: int, turned: int) -> None:
    found = orientations(PENTOMINOES[name])
    assert len(found) == len(set(found)) == count
    assert len(orientations(PENTOMINOES[name], reflect=False)) == turned
    assert orientations("##\n##") == [((0, 0), (0, 1), (1, 0), (1, 1))]


def test_boards_with_holes() -> None:
    assert board_cells([".#.", " .."]) == [(0, 0), (0, 2), (1, 1), (1, 2)]
    assert len(board_cells(SCOTT)) == 60
    with pytest.raises(ProblemError, match="row 0, column 1: 'x'"):
        board_cells(".x")
    with pytest.raises(ProblemError, match="no cell"):
        board_cells("##")
    with pytest.raises(ValueError, match="at least one cell"):
        rectangle(0, 3)


def test_placements_avoid_holes() -> None:
    assert placements("##", ".#\n..") == [((1, 0), (1, 1)), ((0, 0), (1, 0))]
    # The 2×2 hole of Scott's board: 8×8 has 112 domino placements, the
    # hole takes away the 4 inside it and the 8 across its edge.
    assert len(placements("##", SCOTT)) == 112 - 4 - 8


def test_pentomino_rectangle_is_the_helpers_problem() -> None:
    problem = tiling(PENTOMINOES, rectangle(3, 20))
    reference = pentomino_rectangle(3, 20)
    assert problem.primary == reference.primary
    assert [problem.option(k) for k in range(len(problem))] == [
        reference.option(k) for k in range(len(reference))
    ]
    assert problem.label(0) == Placement("F", problem.option(0)[1:])  # type: ignore[arg-type]


def test_pentominoes_3x20_has_8_tilings_two_up_to_symmetry() -> None:
    board = rectangle(3, 20)
    problem = tiling(PENTOMINOES, board)
    drawings = set()
    for solution in problem.solutions():
        picture = draw(problem.labels_of(solution), board)
        assert sorted(set(picture.replace("\n", ""))) == sorted(PENTOMINOES)
        drawings.add(picture)
    assert len(drawings) == 8

    # The 8 are 2 tilings, each with its turned and mirrored copies.
    def mirrored(picture: str) -> str:
        return "\n".join(row[::-1] for row in picture.split("\n"))

    def upside_down(picture: str) -> str:
        return "\n".join(picture.split("\n")[::-1])

    classes = {
        min(d, mirrored(d), upside_down(d), mirrored(upside_down(d))) for d in drawings
    }
    assert len(classes) == 2


@pytest.mark.parametrize("n", range(1, 11))
def test_dominoes_on_2_by_n_count_fibonacci(n: int) -> None:
    a, b = 1, 1
    for _ in range(n - 1):
        a, b = b, a + b
    assert tiling({"D": "##"}, rectangle(2, n), use="any").count() == b


@pytest.mark.parametrize(("side", "count"), [(2, 2), (4, 36), (6, 6728)])
def test_dominoes_on_squares(side: int, count: int) -> None:
    assert tiling({"D": "##"}, rectangle(side, side), use="any").count() == count


def test_optional_pieces_may_stay_out() -> None:
    board = rectangle(1, 4)
    pieces = {"A": "##", "B": "###", "C": "#"}
    with pytest.raises(ProblemError, match="cover 6 cells but the board has 4"):
        tiling(pieces, board)  # each piece used once: six squares for four cells
    optional = tiling(pieces, board, use="optional")
    assert optional.secondary == ("A", "B", "C")
    drawings = [draw(optional.labels_of(s), board) for s in optional.solutions()]
    assert sorted(drawings) == ["BBBC", "CBBB"]


def test_where_keeps_some_placements() -> None:
    board = rectangle(2, 2)
    problem = tiling(
        {"D": "##"},
        board,
        use="any",
        where=lambda p: p.cells[0] != (0, 0) or p.cells[1] == (0, 1),
    )
    assert problem.count() == 1
    assert (
        draw(problem.labels_of(problem.first() or ()), board, distinct=True) == "AA\nBB"
    )


def test_bad_arguments() -> None:
    with pytest.raises(ProblemError, match="use must be"):
        tiling({"D": "##"}, "..", use="twice")  # type: ignore[arg-type]
    with pytest.raises(ProblemError, match="must be a str"):
        tiling({1: "##"}, "..")  # type: ignore[dict-item]
    with pytest.raises(ProblemError, match="not on the board"):
        draw([Placement("D", ((0, 0), (0, 1)))], ".#")


@pytest.mark.slow
def test_scotts_problem_has_520_solutions() -> None:
    # Dana Scott (1958): the twelve pentominoes on the 8×8 board without its
    # centre; 65 solutions up to symmetry, each counted 8 times.
    assert tiling(PENTOMINOES, SCOTT).count() == 520


@pytest.mark.slow
def test_scotts_problem_with_the_x_in_one_quadrant() -> None:
    def where(placed: Placement) -> bool:
        r, c = placed.cells[2]  # the X's centre
        return placed.piece != "X" or (r < 4 and c < 4)

    # The 4 turns of the board take the X to the 4 quadrants: 520 / 4.
    assert tiling(PENTOMINOES, SCOTT, where=where).count() == 130


# -- tilings ruled out by counting -------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 5),
    st.integers(1, 5),
    st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=4),
    st.sampled_from(
        [
            ({"domino": "##"}, "any"),
            ({"I3": "###"}, "any"),
            ({"L3": ["#.", "##"]}, "any"),
            ({"domino": "##", "I3": "###"}, "any"),
            ({"L3": ["#.", "##"], "domino": "##"}, "once"),
            ({"square": ["##", "##"]}, "once"),
        ]
    ),
)
def test_an_obstruction_is_a_proof_of_no_tiling(
    height: int,
    width: int,
    holes: set[tuple[int, int]],
    case: tuple[dict[str, Any], Use],
) -> None:
    """Whenever counting rules a board out, dlx's search finds no tiling either."""
    pieces, use = case
    rows = [  # "." a cell, "#" a hole
        "".join("#" if (r, c) in holes else "." for c in range(width))
        for r in range(height)
    ]
    board = "\n".join(rows)
    if "." not in board:
        return
    why = obstruction(pieces, board, use=use)
    if why is None:
        return
    if use == "once":  # tiling() refuses a board of another area itself
        cells = sum(row.count(".") for row in rows)
        area = sum(len(shape(piece)) for piece in pieces.values())
        if area != cells:
            with pytest.raises(ProblemError, match=re.escape(why)):
                tiling(pieces, board, use=use)
            return
    assert tiling(pieces, board, use=use).count() == 0


def test_the_odd_and_the_mutilated_boards_are_ruled_out() -> None:
    domino = {"domino": "##"}
    assert obstruction(domino, rectangle(9, 9)) == (
        "each piece covers 2 cells and the board has 81"
    )
    mutilated = "\n".join(
        "".join("#" if (r, c) in {(0, 0), (7, 7)} else "." for c in range(8))
        for r in range(8)
    )
    assert obstruction(domino, mutilated) == (
        "each piece covers as many dark cells as light ones, and the board has "
        "30 dark and 32 light"
    )
    # Counting proves nothing where tilings exist.
    assert obstruction(domino, rectangle(4, 4)) is None
    assert tiling(domino, rectangle(4, 4), use="any").count() == 36
