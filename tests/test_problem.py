"""Building problems: items, options, colours, the integer fast path, and errors."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence

import pytest

from dlx import Colored, DLXError, ExactCover, ProblemError

# -- describing a problem ----------------------------------------------------------


def test_items_options_and_accessors() -> None:
    problem = ExactCover("ab", ["x", "y"])
    assert problem.primary == ("a", "b")
    assert problem.secondary == ("x", "y")
    assert len(problem) == 0
    assert not ExactCover("ab", ["x", "y"], [["a", "x"]]).uses_colors
    assert problem.add_option(["b", "a", "x"]) == 0
    assert problem.add_options([["a"], ["b", Colored("y", "red")]]) == range(1, 3)
    assert problem.add_options([]) == range(3, 3)
    assert len(problem) == 3
    assert problem.uses_colors
    # Options keep the order and the form in which they were given.
    assert problem.option(0) == ("b", "a", "x")
    assert problem.option(2) == ("b", Colored("y", "red"))
    assert problem.options_of([1, 2]) == [("a",), ("b", Colored("y", "red"))]
    assert problem.solutions_list() == [(0,), (1, 2)]
    with pytest.raises(
        IndexError, match="option index 3 is out of range: the problem has 3 options"
    ):
        problem.option(3)


@pytest.mark.parametrize(
    ("index", "error", "message"),
    [
        (7, IndexError, "option index 7 is out of range: the problem has 1 option$"),
        (-1, IndexError, "option index -1 is negative"),
        (1.0, TypeError, "an option index is a whole number, not 1.0"),
        ("0", TypeError, "an option index is a whole number, not '0'"),
        (None, TypeError, "an option index is a whole number, not None"),
    ],
)
def test_an_option_that_is_not_there_is_named(
    index: object, error: type[Exception], message: str
) -> None:
    problem = ExactCover("a", options=[["a"]])
    with pytest.raises(error, match=message):
        problem.options_of([0, index])  # type: ignore[list-item]
    assert problem.option(False) == ("a",)  # a bool is an int, as for a list


def test_options_in_the_constructor() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    assert len(problem) == 3
    assert problem.solutions_list() == [(0, 1), (2,)]


def test_any_hashable_names() -> None:
    names: list[Hashable] = [0, "0", (0,), frozenset({0}), None, 2.5]
    problem = ExactCover(names[:-1], [names[-1]])
    for name in names[:-1]:
        problem.add_option([name])
    assert problem.solutions_list() == [(0, 1, 2, 3, 4)]
    problem.add_option([names[2], names[-1]])  # (0,) and 2.5
    problem.add_option([names[3], names[4], names[-1]])  # frozenset, None, 2.5
    # Each of the two new options may replace the old ones, but not both at once.
    assert problem.solutions_list() == [(0, 1, 2, 3, 4), (0, 1, 2, 6), (0, 1, 3, 4, 5)]


def test_colours_are_any_hashable_values() -> None:
    problem = ExactCover("ab", "x")
    problem.add_options(
        [["a", Colored("x", (1, "red"))], ["b", Colored("x", (1, "red"))]]
    )
    assert problem.solutions_list() == [(0, 1)]
    problem.add_options(
        [["a", Colored("x", None)], ["b", Colored("x", None)], ["b", Colored("x", 1)]]
    )
    # None is a colour like any other: options 2 and 3 share it.
    assert problem.solutions_list() == [(0, 1), (2, 3)]


def test_option_without_primary_item_is_never_chosen() -> None:
    # As in Knuth's programs, a solution is a set of options chosen for the
    # primary items: an option naming only secondary items never appears.
    problem = ExactCover("a", "x", [["a"], ["x"]])
    assert problem.solutions_list() == [(0,)]
    only_secondary = ExactCover([], ["x"], [["x"]])
    assert only_secondary.solutions_list() == [()]


def test_links_are_cached_until_an_option_is_added() -> None:
    problem = ExactCover("a", options=[["a"]])
    links = problem.links()
    assert problem.links() is links
    assert links.n_options == 1
    problem.add_option(["a"])
    assert problem.links() is not links
    assert problem.links().n_options == 2


# -- errors --------------------------------------------------------------------------


def test_problem_error_is_a_value_error() -> None:
    assert issubclass(ProblemError, ValueError)
    assert issubclass(ProblemError, DLXError)


@pytest.mark.parametrize(
    ("primary", "secondary", "name"),
    [
        (["a", "b", "a"], [], "'a'"),
        (["a"], ["x", "a"], "'a'"),
        ([], ["x", "x"], "'x'"),
        ([(1, 2), (1, 2)], [], "(1, 2)"),
    ],
)
def test_duplicate_item(
    primary: list[Hashable], secondary: list[Hashable], name: str
) -> None:
    with pytest.raises(ProblemError, match="duplicate") as info:
        ExactCover(primary, secondary)
    assert name in str(info.value)


def test_bad_item_names() -> None:
    with pytest.raises(ProblemError, match="hashable"):
        ExactCover([["a"]])  # type: ignore[list-item]
    with pytest.raises(ProblemError, match="colour"):
        ExactCover([Colored("a", 1)])


def bad_option(items: Sequence[Hashable], *, before: int = 2) -> ProblemError:
    """Add ``before`` good options and then ``items``; return the error raised."""
    problem = ExactCover("ab", "xy")
    for _ in range(before):
        problem.add_option(["a", Colored("x", "red")])
    solutions = problem.solutions_list()
    with pytest.raises(ProblemError) as info:
        problem.add_option(items)
    # A refused option leaves the problem as it was.
    assert len(problem) == before
    assert problem.solutions_list() == solutions
    assert problem.uses_colors == (before > 0)
    return info.value


def test_unknown_item() -> None:
    message = str(bad_option(["a", "zebra"]))
    assert "unknown item 'zebra'" in message
    assert "option 2" in message
    assert "unknown item 'zebra'" in str(bad_option([Colored("zebra", 1)]))
    unhashable = ["a"]
    assert "['a']" in str(bad_option([unhashable]))  # type: ignore[list-item]


def test_item_repeated_in_an_option() -> None:
    message = str(bad_option(["b", "a", "b"]))
    assert "'b' twice" in message
    assert "option 2" in message
    assert "'x' twice" in str(bad_option(["a", "x", Colored("x", 1)], before=0))
    assert "'y' twice" in str(bad_option([Colored("y", 1), Colored("y", 2)]))


def test_colour_on_a_primary_item() -> None:
    message = str(bad_option(["b", Colored("a", "red")], before=0))
    assert "primary item 'a'" in message
    assert "colour" in message
    assert "option 0" in message


def test_empty_option() -> None:
    message = str(bad_option([], before=1))
    assert "option 1 is empty" in message
    with pytest.raises(ProblemError, match="option 1 is empty"):
        ExactCover("a", options=[["a"], []])


def test_unhashable_colour() -> None:
    colour = ["red"]
    error = bad_option(["a", Colored("x", colour)])  # type: ignore[arg-type]
    assert "not hashable" in str(error)


# -- the integer fast path --------------------------------------------------------------


def test_from_rows_is_the_named_problem() -> None:
    rows = [[0, 1], [2], [0], [1, 2, 3], [3, 1]]
    fast = ExactCover.from_rows(rows, n_primary=3, n_secondary=1)
    assert fast.primary == (0, 1, 2)
    assert fast.secondary == (3,)
    assert len(fast) == 5
    assert fast.option(3) == (1, 2, 3)
    named = ExactCover("abc", "d")
    named.add_options([["abcd"[i] for i in row] for row in rows])
    expected = [(0, 1), (2, 3), (1, 2, 4)]  # in the order of the search
    assert fast.solutions_list() == named.solutions_list() == expected
    assert fast.options_of([2, 3]) == [(0,), (1, 2, 3)]


def test_from_rows_accepts_any_iterables() -> None:
    rows = ((i, i + 1) for i in range(0, 6, 2))
    assert ExactCover.from_rows(rows, 6).solutions_list() == [(0, 1, 2)]
    unchecked = ExactCover.from_rows(((i,) for i in range(3)), 3, check=False)
    assert unchecked.solutions_list() == [(0, 1, 2)]


def test_from_rows_then_add_option() -> None:
    problem = ExactCover.from_rows([[0], [1]], 2, 1)
    assert problem.add_option([0, 1, 2]) == 2
    assert problem.add_option([0, Colored(2, "red")]) == 3
    assert problem.uses_colors
    assert problem.solutions_list() == [(0, 1), (1, 3), (2,)]


@pytest.mark.parametrize(
    ("rows", "fragment"),
    [
        ([[0], []], "option 1 is empty"),
        ([[0, 3]], "option 0 names item 3"),
        ([[1], [-1]], "option 1 names item -1"),
        ([[0, 1], [1, 0, 1]], "option 1 names an item twice"),
        ([["a"]], "option 0 names item 'a'"),
        ([[0.0]], "option 0 names item 0.0"),
        ([[True]], "option 0 names item True"),
    ],
)
def test_from_rows_bad_rows(rows: list[list[object]], fragment: str) -> None:
    with pytest.raises(ProblemError) as info:
        ExactCover.from_rows(rows, 2, 1)  # type: ignore[arg-type]
    assert fragment in str(info.value)


def test_from_rows_negative_counts() -> None:
    with pytest.raises(ProblemError, match="negative"):
        ExactCover.from_rows([], -1)
    with pytest.raises(ProblemError, match="negative"):
        ExactCover.from_rows([], 1, -1)


class _Index:
    """An integer type that is not int (like NumPy's), via __index__."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_from_rows_takes_any_integer_type_but_not_bools() -> None:
    rows: list[list[object]] = [[_Index(0), _Index(1)], [0], [_Index(1)]]
    problem = ExactCover.from_rows(rows, n_primary=2)  # type: ignore[arg-type]
    assert problem.solutions_list() == [(0,), (1, 2)]
    with pytest.raises(ProblemError, match="option 1 names item True, a bool"):
        ExactCover.from_rows([[0], [True]], n_primary=2)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([5], "option 0 must be a sequence of item numbers, not 5"),
        ([[0], [0.0]], "option 1 names item 0.0, not an integer from 0 to 1"),
    ],
)
def test_from_rows_names_the_bad_row(rows: list[object], message: str) -> None:
    with pytest.raises(ProblemError, match=message):
        ExactCover.from_rows(rows, n_primary=2)  # type: ignore[arg-type]


def test_an_option_that_is_not_iterable_is_named() -> None:
    problem = ExactCover("a", options=[["a"]])
    with pytest.raises(ProblemError, match="option 1 must be an iterable"):
        problem.add_option(7)  # type: ignore[arg-type]


# -- from_matrix ---------------------------------------------------------------------


def test_from_matrix_reads_columns_as_items() -> None:
    matrix = [
        [1, 0, 1, 0],
        [0, 1, 0, 1],
        [1, 1, 0, 0],
        [0, 0, 1, 1],
        [True, False, True, 0],
    ]
    problem = ExactCover.from_matrix(matrix)
    assert problem.primary == (0, 1, 2, 3)
    by_rows = ExactCover.from_rows(
        [[j for j, v in enumerate(row) if v] for row in matrix], n_primary=4
    )
    assert (
        problem.solutions_list() == by_rows.solutions_list() == [(0, 1), (1, 4), (2, 3)]
    )


def test_from_matrix_with_secondary_columns() -> None:
    problem = ExactCover.from_matrix([[1, 1], [1, 0], [0, 1]], n_primary=1)
    assert problem.secondary == (1,)
    assert problem.solutions_list() == [(0,), (1,)]


def test_dense_rows_are_not_item_numbers() -> None:
    # The trap from_rows has: [0, 1] read as items 0 and 1.
    rows = [[0, 1], [1, 0]]
    assert ExactCover.from_rows(rows, n_primary=2).solutions_list() == [(0,), (1,)]
    assert ExactCover.from_matrix(rows).solutions_list() == [(0, 1)]


class FakeArray:
    """Stands for a NumPy array: only tolist()."""

    def __init__(self, rows: list[list[int]]) -> None:
        self.rows = rows

    def tolist(self) -> list[list[int]]:
        return self.rows


class FakeList:
    def __init__(self, values: list[int]) -> None:
        self.values = values

    def tolist(self) -> list[int]:
        return self.values


class FakeCSR:
    """Stands for a SciPy sparse matrix: tocsr() with indptr, indices, data."""

    def __init__(self, rows: list[list[int]]) -> None:
        self.shape = (len(rows), len(rows[0]))
        pointers, columns, data = [0], [], []
        for row in rows:
            for j, value in enumerate(row):
                if value:
                    columns.append(j)
                    data.append(value)
            pointers.append(len(columns))
        self.indptr = FakeList(pointers)
        self.indices = FakeList(columns)
        self.data = FakeList(data)

    def tocsr(self) -> FakeCSR:
        return self


@pytest.mark.parametrize("wrap", [FakeArray, FakeCSR])
def test_from_matrix_takes_array_like_objects(wrap: type) -> None:
    rows = [[1, 0, 1], [0, 1, 0], [1, 1, 1]]
    assert ExactCover.from_matrix(wrap(rows)).solutions_list() == [(0, 1), (2,)]


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        ([[1, 0], [1]], "row 1 has 1 columns, row 0 has 2"),
        ([[1, "1"]], "row 0, column 1 is '1', not 0 or 1"),
        ([[1, 0.5]], "row 0, column 1 is 0.5, not 0 or 1"),
        (5, "not 5"),
        ([5], "row 0 is not a sequence"),
    ],
)
def test_from_matrix_names_bad_entries(matrix: object, message: str) -> None:
    with pytest.raises(ProblemError, match=message):
        ExactCover.from_matrix(matrix)


def test_from_matrix_sparse_bad_value() -> None:
    with pytest.raises(ProblemError, match="row 0, column 1 is 3"):
        ExactCover.from_matrix(FakeCSR([[1, 3]]))


def test_from_matrix_n_primary_out_of_range() -> None:
    with pytest.raises(ProblemError, match="n_primary is 3"):
        ExactCover.from_matrix([[1, 1]], n_primary=3)


def test_rows_of_zeros_are_options_no_solution_uses() -> None:
    matrix = [[1, 0, 1], [0, 0, 0], [0, 1, 0], [1, 1, 1], [0, 0, 0]]
    problem = ExactCover.from_matrix(matrix)
    assert problem.solutions_list() == [(0, 2), (3,)]
    assert problem.option(1) == ()
    assert ExactCover.from_matrix(FakeCSR(matrix)).solutions_list() == [(0, 2), (3,)]
    assert problem.count() == 2 and problem.is_unique() is False


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: ExactCover(None),  # type: ignore[arg-type]
            "primary must be an iterable (of item names), not NoneType",
        ),
        (
            lambda: ExactCover("ab", options=None),  # type: ignore[arg-type]
            "options must be an iterable (of item names, each option), not NoneType",
        ),
        (
            lambda: ExactCover("a").zdd().node(99),
            "node 99 is out of range: the diagram has 2 nodes",
        ),
        (
            lambda: ExactCover("a").zdd().node(1.0),  # type: ignore[arg-type]
            "a node number must be a whole number, not 1.0",
        ),
        (
            lambda: ExactCover("a", options=[["a"]]).zdd().sample(1.5),  # type: ignore[arg-type]
            "k must be a whole number, not 1.5",
        ),
        (
            lambda: ExactCover("a", options=[["a"]]).zdd().sample(2, seed=[1]),  # type: ignore[arg-type]
            "seed must be a whole number, not [1]",
        ),
    ],
)
def test_inputs_of_the_wrong_kind_are_named(
    call: Callable[[], object], message: str
) -> None:
    # Each raised a raw Python error from deep inside ("'NoneType' object
    # is not iterable", "list index out of range", islice's words).
    with pytest.raises((TypeError, IndexError), match=f"^{re.escape(message)}$"):
        call()


def test_position_from_json_names_what_it_reads() -> None:
    from dlx import Position

    with pytest.raises(
        TypeError, match=r"reads the text of a position \(str or bytes\), not int"
    ):
        Position.from_json(5)  # type: ignore[arg-type]
