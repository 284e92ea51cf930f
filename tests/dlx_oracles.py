"""Random small problems and the brute-force oracles the tests hold the engine to.

The hypothesis strategies draw problems small enough for an oracle that
tries every subset of the options; the oracles follow the definition of
a solution and know nothing of dancing links:

* :func:`brute_force` for a :class:`Spec` (items as indices, colours on
  secondary items): every option in a solution names a primary item (as
  in Knuth's programs, a solution is a set of options chosen *for*
  primary items), every primary item is named by exactly one option, and
  every secondary item either by at most one option without a colour and
  by no other, or only with colours, all the same;
* :func:`brute_force_bounded` for a :class:`Bounded` (a spec with bounds
  on its primary items, Algorithm M's problems);
* :func:`oracle` for any :class:`dlx.ExactCover`, bounds and colours
  included.

Shared by the test modules, which import them from here and never from
one another.  (Unlike :mod:`dlx_helpers`, which the benchmarks import,
this module needs hypothesis.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from dlx import Colored, ExactCover

__all__ = [
    "Bounded",
    "Entry",
    "Solution",
    "Spec",
    "bounded_specs",
    "brute_force",
    "brute_force_bounded",
    "check_items_answer",
    "costed_problems",
    "items_feasible",
    "oracle",
    "relaxed",
    "specs",
    "uniform_specs",
]

#: A solution: the sorted indices of its options.
Solution = tuple[int, ...]

#: A secondary item's mark in a solution when it is named without a colour.
_UNCOLOURED = object()


# -- problems without bounds -----------------------------------------------------------


Entry = tuple[int, str | None]  # (item index, colour or None)


@dataclass(frozen=True)
class Spec:
    """A small problem: items are indices, primary ones first."""

    n_primary: int
    n_secondary: int
    options: tuple[tuple[Entry, ...], ...]

    def name(self, item: int) -> Hashable:
        # Names of two different types, to exercise "any hashable name".
        if item < self.n_primary:
            return f"p{item}"
        return ("s", item - self.n_primary)

    def build(self) -> ExactCover:
        problem = ExactCover(
            [self.name(i) for i in range(self.n_primary)],
            [self.name(i) for i in range(self.n_primary, self.n_items)],
        )
        for option in self.options:
            problem.add_option(
                [
                    self.name(i) if colour is None else Colored(self.name(i), colour)
                    for i, colour in option
                ]
            )
        return problem

    @property
    def n_items(self) -> int:
        return self.n_primary + self.n_secondary

    @property
    def rows(self) -> list[list[int]]:
        return [[i for i, _ in option] for option in self.options]


@st.composite
def specs(draw: st.DrawFn, colours: bool = True) -> Spec:
    """≤ 7 primary, ≤ 3 secondary items, ≤ 12 options, colours on secondary ones.

    Half of the problems get a planted solution: a random partition of the
    primary items, each block with some secondary items coloured with one
    colour per item (with colours), so that problems with several
    solutions, and solutions whose options share a colour, are common.
    The other options are random, with random colours or none.
    """
    n_primary = draw(st.integers(0, 7))
    n_secondary = draw(st.integers(0, 3))
    n_items = n_primary + n_secondary
    colour = st.sampled_from(["red", "blue"]) if colours else st.none()
    some_colour = st.none() | colour
    options: list[tuple[Entry, ...]] = []
    if n_primary and draw(st.booleans()):
        planted = [draw(colour) for _ in range(n_secondary)]
        blocks = draw(
            st.lists(st.integers(0, 3), min_size=n_primary, max_size=n_primary)
        )
        for b in sorted(set(blocks)):
            block: list[Entry] = [(i, None) for i in range(n_primary) if blocks[i] == b]
            if n_secondary:
                extra = draw(
                    st.lists(
                        st.integers(n_primary, n_items - 1),
                        max_size=n_secondary,
                        unique=True,
                    )
                )
                block += [(i, planted[i - n_primary]) for i in extra]
            options.append(tuple(block))
    if n_items:
        rows = draw(
            st.lists(
                st.lists(
                    st.integers(0, n_items - 1),
                    min_size=1,
                    max_size=min(n_items, 4),
                    unique=True,
                ),
                max_size=12 - len(options),
            )
        )
        for row in rows:
            options.append(
                tuple((i, draw(some_colour) if i >= n_primary else None) for i in row)
            )
    if options:
        options = draw(st.permutations(options))
    return Spec(n_primary, n_secondary, tuple(options))


def brute_force(spec: Spec) -> set[tuple[int, ...]]:
    """Every solution, by the definition, as a sorted tuple of option indices."""
    found: set[tuple[int, ...]] = set()
    options = spec.options
    usable = [any(i < spec.n_primary for i, _ in option) for option in options]

    def extend(
        k: int, chosen: list[int], covered: set[int], uses: dict[int, object]
    ) -> None:
        if k == len(options):
            if len(covered) == spec.n_primary:
                found.add(tuple(chosen))
            return
        extend(k + 1, chosen, covered, uses)  # without option k
        if not usable[k]:
            return
        new_covered = set(covered)
        new_uses = dict(uses)
        for i, colour in options[k]:
            if i < spec.n_primary:
                if i in new_covered:
                    return
                new_covered.add(i)
            else:
                mark = _UNCOLOURED if colour is None else colour
                if i in new_uses and (mark is _UNCOLOURED or new_uses[i] != mark):
                    return
                new_uses[i] = mark
        extend(k + 1, [*chosen, k], new_covered, new_uses)

    extend(0, [], set(), {})
    return found


@st.composite
def uniform_specs(draw: st.DrawFn) -> Spec:
    """Problems whose options all have one width, without colours.

    These get the packed loop with its inner loops unrolled (dlx.algorithm_x_packed);
    ``specs()`` mostly draws options of mixed widths.
    """
    n_primary = draw(st.integers(1, 7))
    n_secondary = draw(st.integers(0, 3))
    n_items = n_primary + n_secondary
    width = draw(st.integers(1, min(n_items, 5)))
    rows = draw(
        st.lists(
            st.lists(
                st.integers(0, n_items - 1),
                min_size=width,
                max_size=width,
                unique=True,
            ),
            min_size=1,
            max_size=14,
        )
    )
    options = tuple(tuple((i, None) for i in row) for row in rows)
    return Spec(n_primary, n_secondary, options)


# -- problems with bounds (Algorithm M) ------------------------------------------------


@dataclass(frozen=True)
class Bounded:
    spec: Spec
    bounds: tuple[tuple[int, int], ...]  # per primary item

    def build(self) -> ExactCover:
        problem = self.spec.build()
        named = {
            self.spec.name(i): pair
            for i, pair in enumerate(self.bounds)
            if pair != (1, 1)
        }
        with_bounds = ExactCover(problem.primary, problem.secondary, bounds=named)
        with_bounds.add_options(problem.option(k) for k in range(len(problem)))
        return with_bounds


@st.composite
def bounded_specs(draw: st.DrawFn, colours: bool = True) -> Bounded:
    spec = draw(specs(colours=colours))
    pairs = st.integers(1, 3).flatmap(
        lambda v: st.tuples(st.integers(0, v), st.just(v))
    )
    bounds = draw(st.lists(pairs, min_size=spec.n_primary, max_size=spec.n_primary))
    widen = draw(st.booleans())  # one item with more room than any option uses
    if bounds and widen:
        bounds[draw(st.integers(0, len(bounds) - 1))] = (0, 3)
    return Bounded(spec, tuple(bounds))


def brute_force_bounded(case: Bounded) -> set[tuple[int, ...]]:
    """Every set of options obeying the definition, by trying subsets."""
    spec = case.spec
    options = spec.options
    n_primary = spec.n_primary
    usable = [any(i < n_primary for i, _ in option) for option in options]
    found: set[tuple[int, ...]] = set()

    def extend(
        k: int, chosen: list[int], uses: list[int], marks: dict[int, object]
    ) -> None:
        if k == len(options):
            if all(u >= lo for u, (lo, _) in zip(uses, case.bounds, strict=True)):
                found.add(tuple(chosen))
            return
        extend(k + 1, chosen, uses, marks)
        if not usable[k]:
            return
        new_uses = list(uses)
        new_marks = dict(marks)
        for i, colour in options[k]:
            if i < n_primary:
                new_uses[i] += 1
                if new_uses[i] > case.bounds[i][1]:
                    return
            else:
                mark = _UNCOLOURED if colour is None else colour
                if i in new_marks and (mark is _UNCOLOURED or new_marks[i] != mark):
                    return
                new_marks[i] = mark
        extend(k + 1, [*chosen, k], new_uses, new_marks)

    extend(0, [], [0] * n_primary, {})
    return found


# -- any problem, and problems with costs ----------------------------------------------


def oracle(problem: ExactCover) -> set[Solution]:
    """Every solution by the definition, found by trying subsets of the options.

    Each option is left out or taken, in order; a partial subset is given
    up only when it breaks a rule no later option can repair: a primary item
    over its upper bound, or one that the options left cannot bring up to
    its lower bound; a secondary item named without a colour twice, or with
    two colours, or with and without one.  An option without a primary item
    is never taken (as in Knuth's programs).  Knows nothing of dancing links.
    """
    index = {name: i for i, name in enumerate(problem.primary)}
    n = len(index)
    low = [1] * n
    high = [1] * n
    for name, (u, v) in problem.bounds.items():
        low[index[name]], high[index[name]] = u, v
    options: list[tuple[list[int], list[tuple[Hashable, object]]]] = []
    for k in range(len(problem)):
        items: list[int] = []
        marks: list[tuple[Hashable, object]] = []
        for entry in problem.option(k):
            if isinstance(entry, Colored):
                marks.append((entry.item, entry.color))
            elif entry in index:
                items.append(index[entry])
            else:
                marks.append((entry, _UNCOLOURED))
        options.append((items, marks))
    # later[k][i]: the options from k on that name primary item i.
    later = [[0] * n]
    for items, _ in reversed(options):
        row = later[0][:]
        for i in items:
            row[i] += 1
        later.insert(0, row)
    found: set[Solution] = set()

    def extend(
        k: int, chosen: list[int], uses: list[int], marks: dict[Hashable, object]
    ) -> None:
        if any(uses[i] + later[k][i] < low[i] for i in range(n)):
            return
        if k == len(options):
            found.add(tuple(chosen))
            return
        extend(k + 1, chosen, uses, marks)
        items, entries = options[k]
        if not items:
            return
        new_uses = uses[:]
        for i in items:
            new_uses[i] += 1
            if new_uses[i] > high[i]:
                return
        new_marks = dict(marks)
        for name, colour in entries:
            if name in new_marks and (
                colour is _UNCOLOURED or new_marks[name] != colour
            ):
                return
            new_marks[name] = colour
        extend(k + 1, [*chosen, k], new_uses, new_marks)

    extend(0, [], [0] * n, {})
    return found


@st.composite
def costed_problems(draw: st.DrawFn) -> ExactCover:
    """Small problems with costs, secondary items and colours."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    problem = ExactCover(primary, secondary)
    for _ in range(draw(st.integers(1, 14))):
        items: list[Hashable] = draw(
            st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True)
        )
        if secondary:
            for name in draw(st.lists(st.sampled_from(secondary), unique=True)):
                colour = draw(st.sampled_from([None, "red", "blue"]))
                items.append(name if colour is None else Colored(name, colour))
        cost = draw(st.sampled_from([0, 0, 1, 2, 3, 5, 8, 100]))
        problem.add_option(items, cost=cost)
    return problem


# -- minimal reasons (ExactCover.conflict, dlx --why) ----------------------------


def relaxed(problem: ExactCover, required: Sequence[Hashable]) -> ExactCover:
    """``problem`` with only the ``required`` primary items required.

    The others keep their upper bound and get the lower bound 0 (bounds
    (0, 1) for an item covered once): covered at most as often as before.
    """
    keep = set(required)
    bounds = problem.bounds
    pairs: dict[Any, tuple[int, int]] = {}
    for name in problem.primary:
        lower, upper = bounds.get(name, (1, 1))
        pairs[name] = (lower if name in keep else 0, upper)
    copy = ExactCover(problem.primary, problem.secondary, bounds=pairs)
    copy.add_options(problem.option(k) for k in range(len(problem)))
    return copy


def items_feasible(problem: ExactCover, required: Sequence[Hashable]) -> bool:
    """Whether ``problem`` has a solution with only the ``required`` items required."""
    return bool(oracle(relaxed(problem, required)))


def check_items_answer(problem: ExactCover, answer: list[Any] | None) -> None:
    """``answer`` is a minimal reason of ``problem`` (``None``: it has a solution).

    As :meth:`dlx.ExactCover.conflict` answers without ``pinned``: primary
    items in their order, no solution with only them required, and one
    with any one of them left out.
    """
    feasible = bool(oracle(problem))
    assert (answer is None) == feasible
    if answer is None:
        return
    assert len(set(answer)) == len(answer)
    assert set(answer) <= set(problem.primary)
    order = {name: k for k, name in enumerate(problem.primary)}
    assert answer == sorted(answer, key=order.__getitem__)  # declaration order
    assert not items_feasible(problem, answer)
    for k in range(len(answer)):
        assert items_feasible(problem, answer[:k] + answer[k + 1 :]), answer[k]
