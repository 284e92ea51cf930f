"""Parameters of the problem's builders and of symmetry= refused in one clear message.

``from_rows(rows, True)`` took the bool as one primary item and then
blamed the rows; ``from_matrix(m, n_primary=-1)`` spoke of the columns;
``count(symmetry=5)`` said "'int' object is not iterable".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dlx import ExactCover, ProblemError
from dlx.algorithms import sat_available


@pytest.mark.parametrize(
    ("n_primary", "n_secondary", "error", "message"),
    [
        (True, 0, TypeError, "n_primary must be a whole number, not True"),
        (2.0, 0, TypeError, "n_primary must be a whole number, not 2.0"),
        ("2", 0, TypeError, "n_primary must be a whole number, not '2'"),
        (-1, 0, ProblemError, "n_primary is -1: item counts must not be negative"),
        (2, False, TypeError, "n_secondary must be a whole number, not False"),
        (2, -3, ProblemError, "n_secondary is -3: item counts must not be negative"),
    ],
)
def test_from_rows_refuses_counts_that_are_not_whole(
    n_primary: Any, n_secondary: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as refused:
        ExactCover.from_rows([[0], [1]], n_primary, n_secondary)
    assert str(refused.value) == message


def test_from_rows_takes_numpy_counts() -> None:
    np = pytest.importorskip("numpy")
    two, none = np.int64(2), np.int64(0)
    problem = ExactCover.from_rows([[0], [1], [0, 1]], two, none)
    assert problem.primary == (0, 1) and problem.count() == 2


@pytest.mark.parametrize(
    ("n_primary", "error", "message"),
    [
        (True, TypeError, "n_primary must be a whole number, not True"),
        (1.5, TypeError, "n_primary must be a whole number, not 1.5"),
        (-1, ProblemError, "n_primary is -1: item counts must not be negative"),
        (3, ProblemError, "n_primary is 3, but the matrix has 2 columns"),
    ],
)
def test_from_matrix_refuses_a_bad_n_primary(
    n_primary: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as refused:
        ExactCover.from_matrix([[1, 0], [0, 1]], n_primary=n_primary)
    assert str(refused.value) == message


def test_from_matrix_takes_a_numpy_n_primary() -> None:
    np = pytest.importorskip("numpy")
    one: Any = np.int64(1)
    problem = ExactCover.from_matrix([[1, 0], [0, 1], [1, 1]], n_primary=one)
    assert problem.primary == (0,) and problem.secondary == (1,)
    assert problem.count() == 2


def test_a_row_of_zeros_is_an_option_an_empty_row_of_numbers_is_not() -> None:
    """Decided: a 0/1 matrix cannot leave a row out (published ones have rows of zeros)."""
    assert ExactCover.from_matrix([[1, 0], [0, 0], [0, 1]]).solutions_list() == [(0, 2)]
    with pytest.raises(ProblemError, match="option 1 is empty"):
        ExactCover.from_rows([[0], [], [1]], 2)


CALLS: dict[str, Callable[[ExactCover, Any], object]] = {
    "count": lambda p, s: p.count(symmetry=s),
    "count memo": lambda p, s: p.count(symmetry=s, method="memo"),
    "solutions": lambda p, s: list(p.solutions(symmetry=s)),
    "first": lambda p, s: p.first(symmetry=s),
    "best": lambda p, s: p.best(symmetry=s),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
@pytest.mark.parametrize(
    ("symmetry", "kind"), [(5, "int"), (1.5, "float"), ("ab", "str")]
)
def test_symmetry_that_is_not_a_list_is_refused_in_one_message(
    call: Callable[[ExactCover, Any], object], symmetry: object, kind: str
) -> None:
    problem = ExactCover("ab", options=[["a"], ["b"]])
    with pytest.raises(TypeError) as refused:
        call(problem, symmetry)
    assert str(refused.value) == (
        "symmetry= takes a dlx.symmetry.Group or a list of mappings (the "
        f"generators), not {kind}"
    )


def test_progress_interval_without_progress_is_not_used_but_checked() -> None:
    """Decided: read only with a progress hook (sudoku's generator passes it always)."""
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    assert problem.count(progress_interval=0.01) == 2
    if sat_available():
        assert problem.count(method="sat", limit=2, progress_interval=0.01) == 2
    with pytest.raises(ValueError, match="progress_interval must be > 0"):
        problem.count(progress_interval=0)
