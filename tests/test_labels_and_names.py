"""Option labels, and writing any item names in the DLX text format."""

from __future__ import annotations

import pytest

from dlx import Colored, ExactCover, ProblemError, format_dlx, parse_dlx


def test_labels_follow_their_options() -> None:
    problem = ExactCover("abc")
    problem.add_option(["a"])  # before any label: None
    problem.add_option(["b", "c"], label={"piece": "domino"})
    problem.add_option(["a", "b"], label="ab")
    problem.add_option(["c"])
    assert [problem.label(k) for k in range(4)] == [
        None,
        {"piece": "domino"},
        "ab",
        None,
    ]
    assert [problem.labels_of(s) for s in problem.solutions()] == [
        [None, {"piece": "domino"}],
        ["ab", None],
    ]
    for bad in (-1, 4):
        with pytest.raises(IndexError):
            problem.label(bad)


def test_a_problem_without_labels_keeps_no_list() -> None:
    problem = ExactCover("ab", options=[["a"], ["b"]])
    assert problem._labels is None
    assert problem.labels_of((0, 1)) == [None, None]


def test_add_options_with_labels() -> None:
    problem = ExactCover("abc")
    assert problem.add_options([["a"], ["b"]], labels=iter([1, 2])) == range(2)
    assert problem.labels_of(range(2)) == [1, 2]
    with pytest.raises(ProblemError, match="not as many labels as options"):
        problem.add_options([["a"], ["c"]], labels=["x"])
    with pytest.raises(ProblemError, match="unknown item 'z'"):
        problem.add_options([["z"]], labels=["x"])


def test_labels_survive_rows_added_without_them() -> None:
    problem = ExactCover.from_rows([[0], [1]], n_primary=2)
    problem.add_option([0, 1], label="both")
    assert problem.labels_of((0, 1, 2)) == [None, None, "both"]


def test_tuple_names_are_written_joined_by_commas_and_read_back() -> None:
    problem = ExactCover([(0, 0), (0, 1), ("r", 3)], [("s", 1)])
    problem.add_option([(0, 0), (0, 1), Colored(("s", 1), ("red", 2))])
    problem.add_option([("r", 3)])
    text = format_dlx(problem)
    assert text == "0,0 0,1 r,3 | s,1\n0,0 0,1 s,1:red,2\nr,3\n"
    again = parse_dlx(text)
    assert again.solutions_list() == problem.solutions_list()


def test_a_naming_function_writes_any_names() -> None:
    problem = ExactCover([(0, 0), (1, 0)], options=[[(0, 0)], [(1, 0)]])
    text = format_dlx(problem, name=lambda cell: "r{}c{}".format(*cell))  # type: ignore[misc]
    assert text == "r0c0 r1c0\nr0c0\nr1c0\n"


@pytest.mark.parametrize(
    ("items", "name", "message"),
    [
        ([(1, 11), (11, 1), "1,11"], None, r"items \(1, 11\) and '1,11' would both"),
        ([1, "1"], None, "items 1 and '1' would both be written as '1'"),
        (["a", "b"], lambda v: "x", "items 'a' and 'b' would both be written as 'x'"),
        (["a b"], None, "item 'a b' cannot be written"),
        (["a"], lambda v: "", "item 'a' cannot be written"),
        (["a"], lambda v: 3, "item 'a' cannot be written"),
        (["a"], lambda v: 1 / 0, "cannot write item 'a': ZeroDivisionError"),
    ],
)
def test_names_that_cannot_be_told_apart_are_refused(
    items: list[object], name: object, message: str
) -> None:
    problem = ExactCover(items)
    with pytest.raises(ProblemError, match=message):
        format_dlx(problem, name=name)  # type: ignore[arg-type]


def test_colours_written_alike_are_refused() -> None:
    problem = ExactCover("a", "x")
    problem.add_option(["a", Colored("x", 1)])
    problem.add_option(["a", Colored("x", "1")])
    with pytest.raises(ProblemError, match="colours 1 and '1'"):
        format_dlx(problem)
