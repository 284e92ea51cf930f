"""What a wrong ``symmetry=`` is told: one message each, naming the generator and the item.

A name that is not an item of the problem is what is refused, wherever it
stands in a generator (as key or as value, moved or left in place): the
old check for a permutation came first and blamed the mapping instead
(``{"a": "zz"}`` was "nothing maps to 'a'").  The command reads cycles,
which are permutations by construction; its refusals name the file and
line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dlx import ExactCover
from dlx import symmetry as sym
from dlx.cli import main


def small() -> ExactCover:
    """Primary ``a`` and ``b``, secondary ``x``; swapping ``a`` and ``b`` is no symmetry (option 3)."""
    return ExactCover("ab", ["x"], options=[["a"], ["b"], ["a", "b"], ["a", "x"]])


def square() -> ExactCover:
    """A 2x2 board's dominoes: the quarter turn ``a b d c`` is a symmetry."""
    return ExactCover("abcd", options=[["a", "b"], ["c", "d"], ["a", "c"], ["b", "d"]])


TURN = {"a": "b", "b": "d", "d": "c", "c": "a"}

# Each wrong symmetry of small(), and the whole message it gets.
WRONG: list[tuple[str, Any, type[Exception], str]] = [
    (
        "unknown item as value",
        [{"a": "zz"}],
        sym.SymmetryError,
        "symmetry generator 1 names 'zz', which is not an item of the problem "
        "(it maps 'a' to 'zz')",
    ),
    (
        "unknown item as key",
        [{"zz": "a"}],
        sym.SymmetryError,
        "symmetry generator 1 names 'zz', which is not an item of the problem "
        "(it maps 'zz' to 'a')",
    ),
    (
        "unknown item after a good entry",
        [{"a": "b", "b": "zz"}],
        sym.SymmetryError,
        "symmetry generator 1 names 'zz', which is not an item of the problem "
        "(it maps 'b' to 'zz')",
    ),
    (
        "unknown item in the second generator",
        [{}, {"b": "zz", "zz": "b"}],
        sym.SymmetryError,
        "symmetry generator 2 names 'zz', which is not an item of the problem "
        "(it maps 'b' to 'zz')",
    ),
    (
        "unknown item mapped to itself",
        [{"zz": "zz"}],
        sym.SymmetryError,
        "symmetry generator 1 names 'zz', which is not an item of the problem "
        "(it maps 'zz' to 'zz')",
    ),
    (
        "an option for an item",
        [{("a", "x"): ("b",), ("b",): ("a", "x")}],
        sym.SymmetryError,
        "symmetry generator 1 names ('a', 'x'), which is not an item of the problem "
        "(it maps ('a', 'x') to ('b',)); a generator maps items to items, "
        "not options to options",
    ),
    (
        "an option as a list",
        [{"a": ["b"]}],
        sym.SymmetryError,
        "symmetry generator 1 maps 'a' to ['b']: ['b'] is unhashable, so it is no "
        "item's name; a generator maps items to items, not options to options",
    ),
    (
        "not a permutation",
        [{"a": "b"}],
        sym.SymmetryError,
        "symmetry generator 1 maps 'a' to 'b' but nothing to 'a': it must permute "
        "the items it names",
    ),
    (
        "two items to one",
        [{"a": "b", "x": "b"}],
        sym.SymmetryError,
        "symmetry generator 1 maps both 'a' and 'x' to 'b'",
    ),
    (
        "primary to secondary",
        [{"a": "x", "x": "a"}],
        sym.SymmetryError,
        "symmetry generator 1 maps primary item 'a' to secondary item 'x'",
    ),
    (
        "an option to no option",
        [{"a": "b", "b": "a"}],
        sym.SymmetryError,
        "symmetry generator 1 maps option 3 ('a', 'x') to ('b', 'x'), which is "
        "not an option",
    ),
    (
        "one mapping",
        {"a": "b", "b": "a"},
        TypeError,
        "symmetry= takes a list of mappings (the generators), not one mapping: "
        "give [mapping]",
    ),
    (
        "a string",
        "ab",
        TypeError,
        "symmetry= takes a dlx.symmetry.Group or a list of mappings (the "
        "generators), not str",
    ),
    (
        "a number",
        3,
        TypeError,
        "symmetry= takes a dlx.symmetry.Group or a list of mappings (the "
        "generators), not int",
    ),
    (
        "a generator that is no mapping",
        [("a", "b")],
        TypeError,
        "symmetry generator 1 must be a mapping from items to items, not tuple",
    ),
]

WAYS: dict[str, Callable[[ExactCover, Any], object]] = {
    "count": lambda problem, s: problem.count(symmetry=s),
    "memo count": lambda problem, s: problem.count(symmetry=s, method="memo"),
    "solutions": lambda problem, s: list(problem.solutions(symmetry=s)),
    "first": lambda problem, s: problem.first(symmetry=s),
    "best": lambda problem, s: problem.best(1, symmetry=s),
}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize(
    ("given", "error", "message"),
    [case[1:] for case in WRONG],
    ids=[case[0] for case in WRONG],
)
def test_each_wrong_symmetry_gets_its_own_message(
    way: str, given: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        WAYS[way](small(), given)
    assert str(raised.value) == message


def test_a_group_made_beforehand_is_checked_against_the_problem_too() -> None:
    """Without the items, :class:`~dlx.symmetry.Group` checks the mapping; acting on a problem, the names."""
    with pytest.raises(sym.SymmetryError) as raised:
        small().count(symmetry=sym.Group([{"a": "zz", "zz": "a"}]))
    assert str(raised.value) == (
        "symmetry generator 1 names 'zz', which is not an item of the problem "
        "(it maps 'a' to 'zz')"
    )
    # An unknown item left in place was dropped with the entry, and taken.
    with pytest.raises(sym.SymmetryError) as raised:
        small().count(symmetry=sym.Group([{"a": "a", "zz": "zz"}]))
    assert str(raised.value) == (
        "symmetry generator 1 names 'zz', which is not an item of the problem "
        "(it maps 'zz' to 'zz')"
    )


def test_items_given_to_a_group_are_checked_before_the_permutation() -> None:
    with pytest.raises(sym.SymmetryError, match="names 'zz', which is not an item"):
        sym.Group([{"a": "zz"}], items="ab")
    with pytest.raises(sym.SymmetryError, match="but nothing to 'a'"):
        sym.Group([{"a": "b"}], items="ab")
    assert sym.Group([{"a": "b", "b": "a", "c": "c"}], items="abc").generators == (
        {"a": "b", "b": "a"},
    )


def test_right_symmetries_are_still_taken() -> None:
    """The checks refuse nothing that is a symmetry: the orbits agree with brute force."""
    problem = square()

    def turned(solution: frozenset[frozenset[str]]) -> frozenset[frozenset[str]]:
        return frozenset(
            frozenset(TURN[item] for item in option) for option in solution
        )

    solutions = {
        frozenset(frozenset(str(item) for item in problem.option(k)) for k in found)
        for found in problem.solutions()
    }
    orbits: set[frozenset[frozenset[frozenset[str]]]] = set()
    for solution in solutions:
        orbit = frozenset([solution])
        while (grown := orbit | {turned(s) for s in orbit}) != orbit:
            orbit = grown
        assert orbit <= solutions  # the turn is a symmetry
        orbits.add(orbit)
    assert len(solutions) == 2 and len(orbits) == 1
    assert problem.count(symmetry=[TURN]) == len(orbits)
    # Items left in place may be named; no generator, or an empty one, is the identity.
    assert problem.count(symmetry=[{"a": "a"}]) == 2
    assert problem.count(symmetry=[{}]) == 2
    assert problem.count(symmetry=[]) == 2


# -- the command: cycles in a file ------------------------------------------------------


PROBLEM = "a b | x\na\nb\na b\na x\n"


@pytest.mark.parametrize(
    ("cycles", "message"),
    [
        ("(a zz)\n", "s.txt:1: unknown item 'zz'"),
        ("(zz)\n", "s.txt:1: unknown item 'zz'"),
        ("| a comment\n(a b)(x)\n(b zz)\n", "s.txt:3: unknown item 'zz'"),
        ("(a b)(a x)\n", "s.txt:1: item 'a' is named twice in one generator"),
        (
            "(a x)\n",
            "s.txt:1: the generator maps primary item 'a' to secondary item 'x'",
        ),
        (
            "(a b)\n",
            "s.txt:1: the generator maps option 3 ('a', 'x') to ('b', 'x'), which "
            "is not an option",
        ),
        ("a b\n", "s.txt:1: 'a' is outside a cycle: write the cycles in parentheses"),
        ("(a b\n", "s.txt:1: a cycle is not closed: ')' missing"),
        ("| nothing\n", "s.txt: no generator: write one a line, as (a b)(c d)"),
    ],
)
def test_the_command_names_the_file_the_line_and_the_item(
    cycles: str,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.dlx").write_text(PROBLEM)
    (tmp_path / "s.txt").write_text(cycles)
    status = main(["--count", "--symmetry", "s.txt", "p.dlx"])
    captured = capsys.readouterr()
    assert (status, captured.out, captured.err) == (2, "", f"dlx: {message}\n")
