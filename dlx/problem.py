"""Building an exact-cover problem: items, options and colours."""

from __future__ import annotations

import gc
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from dlx import algorithms
from dlx.errors import ProblemError, ProblemTooLarge
from dlx.links import Links
from dlx.notset import NOT_SET, NotSet
from dlx.records import Record
from dlx.stats import Progress, check_flag, check_whole

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    # Annotations only: estimate() and preprocessed() import their modules
    # when called, so that importing dlx does not (issue 31, start-up).
    from concurrent.futures import Executor
    from typing import Any, Literal

    from dlx.algorithms import Zdd
    from dlx.conflict import ConflictProgress
    from dlx.engine import CostSearch, Search
    from dlx.estimate import Estimate, EstimateProgress
    from dlx.position import Position
    from dlx.preprocess import Preprocessing
    from dlx.symmetry import Action, Group

__all__ = ["Colored", "ExactCover"]


class Colored(Record, frozen=True):
    """A secondary item together with the colour an option gives it.

    Options that give a secondary item the *same* colour may share it;
    an option that names the item without a colour clashes with every
    other option that names it (Knuth's DLX2 rule).  Colours are any
    hashable values, compared with ``==`` like dictionary keys (so ``1`` and
    ``True`` are one colour, and ``None`` is a colour like any other); the
    same holds for item names.

    >>> Colored("F", "red")
    Colored(item='F', color='red')
    """

    item: Hashable
    color: Hashable

    # Written out, not the shared ones: reading a problem makes one per
    # coloured entry, and solutions give them back.
    def __init__(self, item: Hashable, color: Hashable) -> None:
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "color", color)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Colored)
        return (self.item, self.color) == (other.item, other.color)

    def __hash__(self) -> int:
        return hash((self.item, self.color))


#: Types whose equal values cannot be told apart (other than by ``id``): an
#: option entry of one of these types, equal to the declared name (or
#: colour) and of the same type, is stored as the item's number alone and
#: given back as the declared object.
_PLAIN = frozenset({str, int})


def _same(given: object, declared: object) -> bool:
    """Whether ``given``, known to equal ``declared``, can be replaced by it."""
    return given is declared or (
        type(given) is type(declared) and type(given) in _PLAIN
    )


@contextmanager
def paused_gc() -> Iterator[None]:
    """Keep the cyclic garbage collector off while building big structures.

    Building a problem allocates millions of tuples and lists that are all
    kept; the collector would walk them again and again for nothing (it
    took 40 % of the time of reading a 10 MB file).  Restored on the way out.
    :func:`dlx.textformat.read_dlx` uses it too.

    >>> import gc
    >>> with paused_gc():
    ...     gc.isenabled()
    False
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _item_number(item: object, n_items: int) -> int:
    """``item`` as an item number: any integer type (NumPy's too), not a bool.

    Raises :class:`ValueError` saying what is wrong with it.
    """
    if isinstance(item, bool):
        raise ValueError(f"{item!r}, a bool rather than an item number")
    try:
        number = operator.index(item)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"{item!r}, not an integer from 0 to {n_items - 1}") from None
    if not 0 <= number < n_items:
        raise ValueError(f"{item!r}, not an integer from 0 to {n_items - 1}")
    return number


def _item_count(value: object, name: str) -> int:
    """``value`` as a number of items: a whole number (numpy's too) of at least 0.

    :raises TypeError: for anything but a whole number (a bool too), as
        :func:`dlx.stats.check_whole` says.
    :raises ProblemError: for a negative number.
    """
    check_whole(value, name)
    count = operator.index(value)  # type: ignore[arg-type]
    if count < 0:
        raise ProblemError(f"{name} is {count}: item counts must not be negative")
    return count


def checked_cost(cost: object, where: str) -> int:
    """``cost`` as an option's cost: a nonnegative integer (any integer type, not a bool).

    :param cost: the cost given.
    :param where: what the message calls its option (``"option 3"``).
    :returns: the cost as an :class:`int`.
    :raises ProblemError: for a bool, a non-integer or a negative number.

    >>> checked_cost(-2, "option 0")
    Traceback (most recent call last):
      ...
    dlx.errors.ProblemError: option 0 has cost -2; a cost is an integer >= 0
    """
    if isinstance(cost, bool):
        raise ProblemError(f"{where} has cost {cost!r}, a bool rather than an integer")
    try:
        value = operator.index(cost)  # type: ignore[arg-type]
    except TypeError:
        raise ProblemError(
            f"{where} has cost {cost!r}; a cost is an integer >= 0"
        ) from None
    if value < 0:
        raise ProblemError(f"{where} has cost {value}; a cost is an integer >= 0")
    return value


def _matrix_rows(matrix: object) -> tuple[list[Sequence[int]], int]:
    """The item numbers of each row of a 0/1 matrix, and its number of columns."""
    tocsr = getattr(matrix, "tocsr", None)
    if callable(tocsr):
        csr = tocsr()
        shape = csr.shape
        pointers = csr.indptr.tolist()
        columns = csr.indices.tolist()
        values = csr.data.tolist()
        rows: list[Sequence[int]] = []
        for k in range(shape[0]):
            row = []
            for t in range(pointers[k], pointers[k + 1]):
                value = values[t]
                if value != 1 and value != 0:
                    raise ProblemError(
                        f"row {k}, column {columns[t]} is {value!r}, not 0 or 1"
                    )
                if value:
                    row.append(columns[t])
            rows.append(sorted(row))
        return rows, int(shape[1])
    if hasattr(matrix, "tolist"):
        matrix = matrix.tolist()
    elif hasattr(matrix, "__array__"):
        matrix = matrix.__array__().tolist()
    if not isinstance(matrix, Iterable):
        raise ProblemError(f"a matrix must be rows of 0s and 1s, not {matrix!r}")
    rows = []
    width: int | None = None
    for k, row in enumerate(matrix):
        try:
            entries = list(row)
        except TypeError:
            raise ProblemError(f"row {k} is not a sequence: {row!r}") from None
        if width is None:
            width = len(entries)
        elif len(entries) != width:
            raise ProblemError(f"row {k} has {len(entries)} columns, row 0 has {width}")
        items = []
        for j, value in enumerate(entries):
            if value == 1 and not isinstance(value, str):
                items.append(j)
            elif value != 0 or isinstance(value, str):
                raise ProblemError(f"row {k}, column {j} is {value!r}, not 0 or 1")
        rows.append(items)
    return rows, width or 0


class ExactCover:
    """An exact-cover problem: items, and options that each cover some items.

    *Primary* items must be covered exactly once, *secondary* items at most
    once (or, with :class:`Colored` entries, by any number of options that
    agree on their colour).  Item names are any hashable values; their order
    of declaration breaks ties when the search picks the item with the
    fewest options, as in Knuth's programs.  Options are numbered from 0 in
    the order they are added, and solutions are tuples of those numbers.

    With ``bounds``, a primary item may be covered between ``u`` and ``v``
    times rather than exactly once (``{"C": (2, 3)}``; one number ``v``
    means ``(v, v)``; ``0 <= u <= v`` and ``v >= 1``): the problem is
    then searched by Knuth's Algorithm M (:mod:`dlx.algorithm_m`).
    Solutions stay sets of options, each option used at most once.

    :param primary: the primary items.
    :param secondary: the secondary items.
    :param options: options to add at once (see :meth:`add_option`).
    :param bounds: bounds of some primary items (the others are ``[1..1]``).
    :raises ProblemError: on a duplicate item name, a bad option or bad
        bounds (naming the item).

    >>> problem = ExactCover("ABCDE", secondary="FG")
    >>> for option in ("CEF", "ADG", "BCF", "AD", "BG", "DEG"):
    ...     _ = problem.add_option(option)
    >>> problem.solutions_list()
    [(0, 3, 4)]
    >>> problem.options_of((0, 3, 4))
    [('C', 'E', 'F'), ('A', 'D'), ('B', 'G')]
    """

    def __init__(
        self,
        primary: Iterable[Hashable] = (),
        secondary: Iterable[Hashable] = (),
        options: Iterable[Iterable[Hashable]] = (),
        *,
        bounds: Mapping[Any, int | tuple[int, int]] | None = None,
    ) -> None:
        for what, given in (
            ("primary", primary),
            ("secondary", secondary),
            ("options", options),
        ):
            if not hasattr(given, "__iter__"):
                raise TypeError(
                    f"{what} must be an iterable (of item names"
                    f"{', each option' if what == 'options' else ''}), "
                    f"not {type(given).__name__}"
                )
        self._index: dict[Hashable, int] = {}
        self._primary: list[Hashable] = []
        self._secondary: list[Hashable] = []
        for name in primary:
            self._declare(name, self._primary)
        for name in secondary:
            self._declare(name, self._secondary)
        # Every item name by number.
        self._names: list[Hashable] = self._primary + self._secondary
        # The options as given, where the declared names would not give
        # them back exactly (see _PLAIN); None where they would, which saves
        # a tuple per option and keeps one name object per item however
        # many options name it.  The list itself is None for a problem
        # built by from_rows, whose item names are the row entries.
        self._options: list[tuple[Hashable, ...] | None] | None = []
        # The item numbers of each option (tuples, or the caller's rows
        # with from_rows), and their colour codes if any option has one.
        self._rows: list[Sequence[int]] = []
        self._colors: list[Sequence[int]] | None = None
        self._color_codes: dict[Hashable, int] = {}
        self._color_values: list[Hashable] = []  # colour code - 1 -> colour
        self._links: Links | None = None
        # The label of each option, or None for a problem that uses none
        # (then it costs nothing); may be shorter than _rows, the missing
        # ones unlabelled.
        self._labels: list[Any] | None = None
        # The cost of each option (Knuth's DLX5), or None for a problem
        # whose options all cost 0; may be shorter than _rows, the missing
        # ones costing 0.
        self._costs: list[int] | None = None
        # Primary item number -> (lower, upper), for the items not [1..1].
        self._bounds: dict[int, tuple[int, int]] = {}
        if bounds is not None:
            self._set_bounds(bounds)
        self.add_options(options)

    def _set_bounds(self, bounds: Mapping[Any, int | tuple[int, int]]) -> None:
        """Check and keep the bounds of some primary items."""
        try:
            pairs = list(bounds.items())
        except AttributeError:
            raise ProblemError(
                f"bounds must map item names to (lower, upper), not {bounds!r}"
            ) from None
        n_primary = len(self._primary)
        for name, given in pairs:
            position = self._position(name)
            if position is None:
                raise ProblemError(f"bounds for unknown item {name!r}")
            if position >= n_primary:
                raise ProblemError(
                    f"bounds for secondary item {name!r}: only primary items "
                    "have bounds"
                )
            pair = given if isinstance(given, tuple) else (given, given)
            if len(pair) != 2 or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in pair
            ):
                raise ProblemError(
                    f"bounds of item {name!r} must be an integer or a pair "
                    f"(lower, upper) of integers, not {given!r}"
                )
            lower, upper = pair
            if upper < 1:
                raise ProblemError(
                    f"item {name!r}: upper bound {upper}, it must be at least 1"
                )
            if not 0 <= lower <= upper:
                raise ProblemError(
                    f"item {name!r}: lower bound {lower} is not between 0 and "
                    f"the upper bound {upper}"
                )
            if (lower, upper) == (1, 1):
                self._bounds.pop(position, None)
            else:
                self._bounds[position] = (lower, upper)
        self._links = None

    def _declare(self, name: Hashable, kind: list[Hashable]) -> None:
        if isinstance(name, Colored):
            raise ProblemError(f"an item name cannot carry a colour: {name!r}")
        try:
            known = name in self._index
        except TypeError:
            raise ProblemError(f"item name {name!r} is not hashable") from None
        if known:
            raise ProblemError(f"duplicate item name {name!r}")
        self._index[name] = len(self._index)
        kind.append(name)

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[Sequence[int]],
        n_primary: int,
        n_secondary: int = 0,
        *,
        check: bool = True,
        bounds: Mapping[Any, int | tuple[int, int]] | None = None,
        costs: Iterable[int] | None = None,
    ) -> ExactCover:
        """Build a problem from rows of item numbers, without names: the fast path.

        Items are the integers ``0 .. n_primary + n_secondary - 1``, the first
        ``n_primary`` of them primary.  Each row lists the items of one
        option, by number: ``[0, 2]`` is the option of items 0 and 2.  (For
        rows of 0s and 1s, one column per item, use :meth:`from_matrix`:
        here ``[0, 1]`` would mean items 0 and 1.)  This skips the name lookups of :meth:`add_option`. With
        ``check=False`` the rows are taken as they are: the caller promises that
        every row is non-empty, in range and free of repeats, and a broken
        promise gives wrong answers, odd errors or a search that never ends. The
        rows themselves are shared, not copied: do not change them afterwards.

        :param rows: the items of each option, as integers.
        :param n_primary: how many items are primary (numbered first).
        :param n_secondary: how many items are secondary.
        :param check: validate the rows (see above).
        :param bounds: bounds of some primary items, by number (as for
            :class:`ExactCover`).
        :param costs: the cost of each option, one per row (see
            :meth:`add_option`); checked even with ``check=False``.
        :returns: the problem.
        :raises ProblemError: when ``n_primary`` or ``n_secondary`` is
            negative; (with ``check=True``) when a row is empty,
            names an item out of range, or names an item twice; when
            ``costs`` has a bad cost or not one per row.  (An empty row is
            an option of no item, a mistake in a list of item numbers;
            :meth:`from_matrix` takes a row of zeros, which a 0/1 matrix
            cannot leave out otherwise, as an option no solution contains.)
        :raises TypeError: when ``n_primary`` or ``n_secondary`` is not a
            whole number (a bool neither), or ``check`` is not ``True`` or
            ``False``.

        >>> ExactCover.from_rows([[0, 1], [0], [1]], n_primary=2).count()
        2
        >>> ExactCover.from_rows([[0, 2]], n_primary=2)
        Traceback (most recent call last):
          ...
        dlx.errors.ProblemError: option 0 names item 2, not an integer from 0 to 1
        """
        n_primary = _item_count(n_primary, "n_primary")
        n_secondary = _item_count(n_secondary, "n_secondary")
        check_flag(check, "check")  # 0 or None would take bad rows unchecked
        n_items = n_primary + n_secondary
        problem = cls(range(n_primary), range(n_primary, n_items), bounds=bounds)
        if not check:
            problem._rows = list(rows)  # a shallow copy: the rows are shared
            problem._options = None
            problem._take_costs(costs)
            return problem
        checked: list[Sequence[int]] = []
        for k, row in enumerate(rows):
            try:
                items = [_item_number(item, n_items) for item in row]
            except TypeError:
                raise ProblemError(
                    f"option {k} must be a sequence of item numbers, not {row!r}"
                ) from None
            except ValueError as error:
                raise ProblemError(f"option {k} names item {error}") from None
            if not items:
                raise ProblemError(f"option {k} is empty")
            if len(set(items)) != len(items):
                raise ProblemError(f"option {k} names an item twice: {items}")
            checked.append(tuple(items))
        problem._rows = checked
        problem._options = None
        problem._take_costs(costs)
        return problem

    @classmethod
    def from_matrix(
        cls,
        matrix: object,
        n_primary: int | None = None,
        *,
        costs: Iterable[int] | None = None,
    ) -> ExactCover:
        """Build a problem from a 0/1 matrix: one row per option, one column per item.

        A 1 in row ``k``, column ``j`` means that option ``k`` covers item
        ``j``.  The first ``n_primary`` columns are primary items and the
        others secondary (default: all primary).  Items are numbered by
        column, options by row, as in :meth:`from_rows`.  A row of zeros is
        an option that covers nothing: no solution contains it (as for an
        option without primary items).

        ``matrix`` may be a list of rows (lists or tuples of 0/1, ``True``/
        ``False``), any object with ``tolist()`` (a NumPy array) or
        ``__array__``, or a sparse matrix with ``tocsr()`` (SciPy), which
        is read without making it dense.  Nothing is imported for it.

        :param matrix: the rows.
        :param n_primary: how many of the first columns are primary.
        :param costs: the cost of each option, one per row (see
            :meth:`add_option`).
        :returns: the problem.
        :raises ProblemError: when rows differ in length, an entry is not 0
            or 1 (naming its row and column), ``n_primary`` is negative
            or more than the columns, or ``costs`` has a bad cost or not
            one per row.
        :raises TypeError: when ``n_primary`` is not a whole number (a
            bool neither).

        >>> problem = ExactCover.from_matrix([[1, 0, 1], [0, 1, 0], [1, 1, 1]])
        >>> problem.solutions_list()
        [(0, 1), (2,)]
        >>> ExactCover.from_matrix([[1, 2]])
        Traceback (most recent call last):
          ...
        dlx.errors.ProblemError: row 0, column 1 is 2, not 0 or 1
        """
        if n_primary is not None:
            n_primary = _item_count(n_primary, "n_primary")
        rows, width = _matrix_rows(matrix)
        primary = width if n_primary is None else n_primary
        if primary > width:
            raise ProblemError(
                f"n_primary is {n_primary}, but the matrix has {width} columns"
            )
        problem = cls(range(primary), range(primary, width))
        problem._rows = rows
        problem._options = None
        problem._take_costs(costs)
        return problem

    def _take_costs(self, costs: Iterable[int] | None) -> None:
        """Check and keep one cost per option (for :meth:`from_rows`, :meth:`from_matrix`)."""
        if costs is None:
            return
        try:
            given = list(costs)
        except TypeError:
            raise ProblemError(
                f"costs must be a sequence of integers, not {costs!r}"
            ) from None
        if len(given) != len(self._rows):
            raise ProblemError(
                f"{len(given)} costs for {len(self._rows)} options (one cost per option)"
            )
        checked = [checked_cost(c, f"option {k}") for k, c in enumerate(given)]
        self._costs = checked if any(checked) else None
        self._links = None

    # -- describing the problem --------------------------------------------

    @property
    def primary(self) -> tuple[Hashable, ...]:
        """The primary items, in the order they were declared.

        >>> ExactCover("ab", "c").primary
        ('a', 'b')
        """
        return tuple(self._primary)

    @property
    def secondary(self) -> tuple[Hashable, ...]:
        """The secondary items, in the order they were declared.

        >>> ExactCover("ab", "c").secondary
        ('c',)
        """
        return tuple(self._secondary)

    @property
    def bounds(self) -> dict[Hashable, tuple[int, int]]:
        """The bounds ``(lower, upper)`` of the primary items that are not ``[1..1]``.

        >>> ExactCover("AB", bounds={"B": (0, 2)}).bounds
        {'B': (0, 2)}
        """
        names = self._names
        return {names[i]: pair for i, pair in sorted(self._bounds.items())}

    @property
    def uses_colors(self) -> bool:
        """Whether any option gives a secondary item a colour.

        >>> ExactCover("a", "x", [["a", Colored("x", 1)]]).uses_colors
        True
        """
        return self._colors is not None

    def __len__(self) -> int:
        """The number of options.

        >>> len(ExactCover("a", options=[["a"], ["a"]]))
        2
        """
        return len(self._rows)

    def option(self, index: int) -> tuple[Hashable, ...]:
        """The items of option ``index``, as given (coloured ones as :class:`Colored`).

        :param index: the option's number.
        :returns: its items.
        :raises IndexError: when there is no such option (negative indices
            are refused too, as option numbers start at 0).
        :raises TypeError: when ``index`` is not a whole number.

        >>> ExactCover("ab", options=[["b", "a"]]).option(0)
        ('b', 'a')
        """
        try:
            index = index.__index__()
        except AttributeError:
            raise TypeError(
                f"an option index is a whole number, not {index!r}"
            ) from None
        if index < 0:
            raise IndexError(f"option index {index} is negative")
        if index >= len(self._rows):
            raise IndexError(
                f"option index {index} is out of range: the problem has "
                f"{len(self._rows)} option{'' if len(self._rows) == 1 else 's'}"
            )
        if self._options is None:
            return tuple(self._rows[index])
        given = self._options[index]
        if given is not None:
            return given
        names = self._names
        row = self._rows[index]
        if self._colors is None:
            return tuple([names[item] for item in row])
        values = self._color_values
        return tuple(
            [
                Colored(names[item], values[code - 1]) if code else names[item]
                for item, code in zip(row, self._colors[index], strict=True)
            ]
        )

    def options_of(self, solution: Iterable[int]) -> list[tuple[Hashable, ...]]:
        """The options of a solution, each as the tuple of its items.

        :param solution: option indices, as a search yields them.
        :returns: each option's items.

        >>> problem = ExactCover("ab", options=[["a"], ["b"]])
        >>> problem.options_of(problem.first() or ())
        [('a',), ('b',)]
        """
        return [self.option(k) for k in solution]

    def __repr__(self) -> str:
        return (
            f"<ExactCover: {len(self._primary)} primary items, "
            f"{len(self._secondary)} secondary items, {len(self._rows)} options>"
        )

    # -- adding options ----------------------------------------------------

    def add_option(
        self, items: Iterable[Hashable], label: Any = None, cost: int | None = None
    ) -> int:
        """Add an option and return its index.

        ``items`` names the items the option covers, in the order they will
        be reported.  A secondary item may be given as ``Colored(item,
        colour)``.  An option that names no primary item is allowed but is
        never part of a solution, since the search only ever chooses options
        to cover primary items (as in Knuth's programs).

        ``label`` is any object that says what the option means to you (a
        piece and its cells, a queen's square): :meth:`labels_of` gives the
        labels of a solution, so no parallel list is needed.  Options
        without one have the label ``None``; a problem whose options have
        no labels keeps no list of them.

        ``cost`` is what the option costs, a nonnegative integer (Knuth's
        DLX5): :meth:`best` finds the solutions of least total cost; every
        other search ignores it.

        :param items: the items the option covers.
        :param label: what the option stands for (kept, never looked at).
        :param cost: the option's cost (``None``, the default, is 0).
        :returns: the new option's index.
        :raises ProblemError: when the option is empty, names an unknown
            item, names an item twice, or colours a primary item; when the
            cost is negative, not an integer, or a bool.

        >>> problem = ExactCover("ab")
        >>> problem.add_option(["a", "b"], label="both")
        0
        >>> problem.label(0)
        'both'
        >>> problem.add_option(["a", "c"])
        Traceback (most recent call last):
          ...
        dlx.errors.ProblemError: option 1 names unknown item 'c'
        """
        k = len(self._rows)
        if cost is not None:
            cost = checked_cost(cost, f"option {k}")
        try:
            entries = tuple(items)
        except TypeError:
            raise ProblemError(
                f"option {k} must be an iterable of item names, not {items!r}"
            ) from None
        if not entries:
            raise ProblemError(f"option {k} is empty")
        n_primary = len(self._primary)
        names = self._names
        row: list[int] = []
        codes: list[int] = []
        seen: set[int] = set()
        plain = True  # whether the declared names give the entries back
        for entry in entries:
            if isinstance(entry, Colored):
                name = entry.item
                code = self._color_code(entry.color, k, name)
                if plain and not (
                    type(entry) is Colored
                    and _same(entry.color, self._color_values[code - 1])
                ):
                    plain = False
            else:
                name = entry
                code = 0
            position = self._position(name)
            if position is None:
                raise ProblemError(f"option {k} names unknown item {name!r}")
            if plain and not _same(name, names[position]):
                plain = False
            if position in seen:
                raise ProblemError(f"option {k} names item {name!r} twice")
            if code and position < n_primary:
                raise ProblemError(
                    f"option {k} gives primary item {name!r} a colour; "
                    "only secondary items can have colours"
                )
            seen.add(position)
            row.append(position)
            codes.append(code)
        if any(codes) and self._colors is None:
            self._colors = [(0,) * len(r) for r in self._rows]
        if self._colors is not None:
            self._colors.append(tuple(codes))
        self._rows.append(tuple(row))
        if self._options is not None:
            self._options.append(None if plain else entries)
        if label is not None or self._labels is not None:
            self._set_label(k, label)
        if cost:
            self._set_cost(k, cost)
        self._links = None
        return k

    def _set_cost(self, k: int, cost: int) -> None:
        costs = self._costs
        if costs is None:
            costs = self._costs = []
        if len(costs) < k:
            costs.extend([0] * (k - len(costs)))
        costs.append(cost)

    def cost(self, index: int) -> int:
        """The cost of option ``index`` (0 when it was given none).

        :param index: the option's number.
        :returns: its cost.
        :raises IndexError: when there is no such option.

        >>> problem = ExactCover("ab", options=[["a"]])
        >>> problem.add_option(["b"], cost=3)
        1
        >>> problem.cost(1), problem.cost(0), problem.costs_of((0, 1))
        (3, 0, 3)
        """
        if not 0 <= index < len(self._rows):
            raise IndexError(f"option index {index} out of range")
        costs = self._costs
        if costs is None or index >= len(costs):
            return 0
        return costs[index]

    def costs_of(self, solution: Iterable[int]) -> int:
        """The total cost of a solution's options.

        :param solution: option indices, as a search yields them.
        :returns: the sum of their costs.
        :raises IndexError: when an index is not an option's.

        >>> ExactCover("a", options=[["a"]]).costs_of((0,))
        0
        """
        return sum(self.cost(k) for k in solution)

    @property
    def uses_costs(self) -> bool:
        """Whether any option has a cost other than 0.

        >>> ExactCover("a").uses_costs
        False
        """
        return self._costs is not None

    def _set_label(self, k: int, label: Any) -> None:
        labels = self._labels
        if labels is None:
            labels = self._labels = []
        if len(labels) < k:
            labels.extend([None] * (k - len(labels)))
        labels.append(label)

    def _add_row(self, row: tuple[int, ...], cost: int = 0) -> None:
        """Add an option given by its item numbers, already checked, without colours.

        For readers that check the option themselves (:mod:`dlx.textformat`):
        the option is given back with the declared names.  ``cost`` is a
        checked cost.
        """
        if self._colors is not None:
            self._colors.append((0,) * len(row))
        if cost:
            self._set_cost(len(self._rows), cost)
        self._rows.append(row)
        if self._options is not None:
            self._options.append(None)
        self._links = None

    def add_options(
        self,
        options: Iterable[Iterable[Hashable]],
        labels: Iterable[Any] | None = None,
    ) -> range:
        """Add several options; return the range of their indices.

        :param options: the options, each as for :meth:`add_option`.
        :param labels: their labels, one per option (see :meth:`add_option`).
        :returns: their indices.
        :raises ProblemError: as :meth:`add_option` does, and when there
            are not as many labels as options (the options before the
            mismatch are added).

        >>> problem = ExactCover("ab")
        >>> problem.add_options([["a"], ["b"]], labels=["left", "right"])
        range(0, 2)
        >>> problem.labels_of((0, 1))
        ['left', 'right']
        """
        start = len(self._rows)
        if labels is None:
            for option in options:
                self.add_option(option)
        else:
            try:
                for option, label in zip(options, labels, strict=True):
                    self.add_option(option, label)
            except ValueError as error:
                if isinstance(error, ProblemError) or "zip()" not in str(error):
                    raise
                count = len(self._rows) - start
                raise ProblemError(
                    f"not as many labels as options (the first {count} matched)"
                ) from None
        return range(start, len(self._rows))

    def label(self, index: int) -> Any:
        """The label of option ``index`` (``None`` when it was given none).

        :param index: the option's number.
        :returns: its label.
        :raises IndexError: when there is no such option (negative indices
            are refused too).

        >>> problem = ExactCover("ab", options=[["a"]])
        >>> problem.add_option(["b"], label=("b", 1))
        1
        >>> problem.label(1), problem.label(0)
        (('b', 1), None)
        """
        if not 0 <= index < len(self._rows):
            raise IndexError(f"option index {index} out of range")
        labels = self._labels
        if labels is None or index >= len(labels):
            return None
        return labels[index]

    def labels_of(self, solution: Iterable[int]) -> list[Any]:
        """The labels of a solution's options (``None`` for an unlabelled one).

        :param solution: option indices, as a search yields them.
        :returns: each option's label, in the solution's order.
        :raises IndexError: when an index is not an option's.

        >>> problem = ExactCover("ab")
        >>> problem.add_option(["a", "b"], label="domino")
        0
        >>> [problem.labels_of(s) for s in problem.solutions()]
        [['domino']]
        """
        return [self.label(k) for k in solution]

    def _position(self, name: Hashable) -> int | None:
        try:
            return self._index.get(name)
        except TypeError:  # an unhashable name cannot be an item
            return None

    def _color_code(self, color: Hashable, k: int, name: Hashable) -> int:
        codes = self._color_codes
        try:
            return codes[color]
        except KeyError:
            codes[color] = code = len(codes) + 1
            self._color_values.append(color)
            return code
        except TypeError:
            raise ProblemError(
                f"option {k} gives item {name!r} colour {color!r}, which is not hashable"
            ) from None

    # -- solving -------------------------------------------------------------

    def links(self) -> Links:
        """The compiled arrays of the problem (built once, then cached).

        :returns: the arrays the searches copy.
        :raises ProblemTooLarge: when they do not fit in memory (the
            message says how many options and nodes there were).

        The arrays take about 230 bytes per node (one node per item of each
        option) for options of 3 to 6 items, more for wider options: each
        node keeps two tuples of the other nodes of its option, up to
        :data:`dlx.links.TUPLE_MAX_WIDTH` items, and about 180 bytes of
        :class:`dlx.links.Ring` for wider ones (see :ref:`memory`).

        >>> ExactCover("a", options=[["a"]]).links().n_options
        1
        """
        if self._links is None:
            failed = False
            try:
                with paused_gc():
                    n_primary = len(self._primary)
                    links = Links(
                        n_primary,
                        n_primary + len(self._secondary),
                        self._rows,
                        self._colors,
                        bounds=[self._bounds.get(i, (1, 1)) for i in range(n_primary)]
                        if self._bounds
                        else None,
                        costs=None
                        if self._costs is None
                        else self._costs + [0] * (len(self._rows) - len(self._costs)),
                    )
            except MemoryError:
                # Raised below, once this handler has let go of the
                # half-built arrays (its traceback holds them).
                failed = True
            if failed:
                nodes = sum(map(len, self._rows))
                raise ProblemTooLarge(
                    f"out of memory while building the links of "
                    f"{len(self._rows):,} options ({nodes:,} nodes)"
                )
            self._links = links
        return self._links

    def search(
        self,
        *,
        limit: int | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        resume: Position | None = None,
        prefix: Sequence[int] | None = None,
        count_only: bool = False,
    ) -> Search:
        """Start a search: a lazy iterator of solutions with statistics.

        See :class:`~dlx.Search` for the parameters and the statistics.

        :param limit: stop after this many solutions.
        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param seed: random tie-breaking, as in :class:`~dlx.Search`.
        :param progress: progress hook, as in :class:`~dlx.Search`.
        :param progress_interval: seconds between progress reports
            (read only with ``progress``: without a hook it is not used).
        :param resume: go on from a :class:`~dlx.position.Position` of an
            earlier search (see :meth:`dlx.Search.position`).
        :param prefix: search only below these options of the first levels.
        :param count_only: count the solutions without handing them out
            (the search yields nothing; ``stats.solutions`` holds the count).
        :returns: the search, not yet started: a
            :class:`~dlx.MultiplicitySearch` (Algorithm M)
            when some item has bounds, else a :class:`~dlx.Search`.
        :raises dlx.PositionError: when ``resume`` or ``prefix``
            does not fit this problem.
        :raises TypeError: when ``count_only`` is not ``True`` or
            ``False`` (and for a budget of the wrong type).

        >>> search = ExactCover("a", options=[["a"], ["a"]]).search()
        >>> next(search), search.stats.solutions
        ((0,), 1)
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        settings = ways.PLAIN  # most searches: one value made once, not per search
        if not (
            limit is None
            and max_nodes is None
            and timeout is None
            and seed is None
            and progress is None
            and resume is None
            and prefix is None
            and progress_interval == 1.0
        ):
            settings = ways.Settings(
                limit=limit,
                max_nodes=max_nodes,
                timeout=timeout,
                seed=seed,
                progress=progress,
                progress_interval=progress_interval,
                resume=resume,
                prefix=prefix,
            )
        check_flag(count_only, "count_only")  # "no" would hand nothing out
        settings = ways.plan("list", settings, problem=self).settings
        return ways.plain_search(self.links(), settings, count_only=count_only)

    def solutions(
        self,
        limit: int | None = None,
        *,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        resume: Position | None = None,
        prefix: Sequence[int] | None = None,
        executor: Executor | None = None,
        preprocess: bool = False,
        method: Literal["dlx", "sat"] = "dlx",
        symmetry: Group | Action | Iterable[Mapping[Any, Any]] | None = None,
    ) -> Iterator[tuple[int, ...]]:
        """Yield each solution lazily, as a sorted tuple of option indices.

        The keyword parameters are as in :class:`~dlx.Search`.  With an
        ``executor``, the search is split into subproblems that run on it
        (see :mod:`dlx.parallel`): the solutions come in the same order,
        each as soon as it and all before it are known; when ``limit``
        is reached the remaining tasks are cancelled.

        :param limit: stop after this many solutions.
        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param seed: random tie-breaking, as in :class:`~dlx.Search`.
        :param progress: progress hook, as in :class:`~dlx.Search`.
        :param progress_interval: seconds between progress reports
            (read only with ``progress``: without a hook it is not used).
        :param resume: go on from a position of an earlier search.
        :param prefix: search only below these options of the first levels.
        :param executor: a :class:`concurrent.futures.Executor` to split the
            search over (a :class:`~dlx.parallel.ParallelSearch` is returned).
        :param preprocess: search the smaller problem of
            :meth:`preprocessed` and give its solutions back as this
            problem's options: the same solutions, each a sorted tuple,
            but in the smaller search's order, not this one's (a plain
            iterator is returned, without statistics).
        :param method: ``"dlx"`` (dancing links, the default) or ``"sat"``
            (a SAT solver; a :class:`dlx.sat.SatSearch` is returned, one
            solve that pauses at each solution until the next is asked
            for; takes ``limit``, ``timeout`` and ``seed``; see
            :doc:`howto/sat`).
        :param symmetry: yield one solution of each orbit of this group of
            symmetries (a :class:`dlx.symmetry.Group` or its generators,
            each a mapping from items to items): the least of the orbit, as
            :mod:`dlx.symmetry` says; ``limit`` counts orbits (a
            :class:`dlx.symmetry.SymmetricSearch` is returned).
        :returns: a lazy iterator of solutions.
        :raises BudgetExceeded: (while iterating) when a budget runs out.
        :raises ValueError: when ``executor`` comes with ``seed``,
            ``resume`` or ``prefix``; when ``preprocess`` comes with
            ``resume`` or ``prefix`` (positions of which search?); for an
            unknown ``method``, or ``"sat"`` with what it does not take.
        :raises dlx.errors.SatUnavailable: for ``"sat"`` without OR-Tools.
        :raises ProblemError: with ``preprocess``, when the problem has
            bounds.

        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> list(problem.solutions())
        [(0, 1), (2,)]
        >>> list(problem.solutions(limit=1))
        [(0, 1)]
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(2) as pool:
        ...     list(problem.solutions(executor=pool))
        [(0, 1), (2,)]
        >>> list(problem.solutions(preprocess=True))
        [(0, 1), (2,)]
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        return ways.solutions(
            self,
            ways.Settings(
                method=method,
                limit=limit,
                max_nodes=max_nodes,
                timeout=timeout,
                seed=seed,
                progress=progress,
                progress_interval=progress_interval,
                resume=resume,
                prefix=prefix,
                executor=executor,
                preprocess=preprocess,
                symmetry=symmetry,
            ),
        )

    def solutions_list(
        self,
        limit: int | None = None,
        *,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
    ) -> list[tuple[int, ...]]:
        """All solutions (or the first ``limit``) in a list.

        The solutions come in the search's order, as :meth:`solutions`
        yields them.  A call cut short keeps what it found: the
        exception it raises carries the solutions found so far
        (``solutions``) and the search's ``stats``.

        :param limit: stop after this many solutions.
        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param seed: random tie-breaking, as in :class:`~dlx.Search`.
        :returns: the solutions.
        :raises dlx.SolutionsBudgetExceeded: (a :class:`BudgetExceeded`)
            when a budget runs out first.
        :raises dlx.SolutionsInterrupted: (a :class:`KeyboardInterrupt`)
            on Ctrl-C.
        :raises TypeError: for a budget or ``seed`` of the wrong kind
            (:class:`ValueError` for a negative budget).

        >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
        >>> problem.solutions_list()
        [(0, 1), (2,)]
        >>> from dlx import SolutionsBudgetExceeded
        >>> try:
        ...     problem.solutions_list(max_nodes=3)
        ... except SolutionsBudgetExceeded as stop:
        ...     print(stop.solutions, stop.outcome.name)
        [(0, 1)] OUT_OF_NODES
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        return ways.solutions_list(
            self,
            ways.Settings(limit=limit, max_nodes=max_nodes, timeout=timeout, seed=seed),
        )

    def first(
        self,
        *,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        executor: Executor | None = None,
        preprocess: bool = False,
        method: Literal["dlx", "sat"] = "dlx",
        symmetry: Group | Action | Iterable[Mapping[Any, Any]] | None = None,
    ) -> tuple[int, ...] | None:
        """Return one solution, or ``None`` when there is none.

        With an ``executor`` it is the same solution as without (the first
        of the serial order), found by subproblems running on it.

        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param seed: random tie-breaking, as in :class:`~dlx.Search`.
        :param executor: split the search over this executor.
        :param preprocess: search the smaller problem of
            :meth:`preprocessed` and give its first solution as this
            problem's options: a solution of this problem, not always the
            one found first without preprocessing.
        :param method: ``"dlx"`` (the default) or ``"sat"`` (a SAT
            solver, for problems backtracking cannot finish: see
            :doc:`howto/sat`).
        :param symmetry: a group of symmetries (as for :meth:`solutions`):
            the first solution found that is the least of its orbit.
        :returns: a solution, or ``None``.
        :raises BudgetExceeded: when a budget runs out first.
        :raises ValueError: when ``executor`` comes with ``seed``; as
            :meth:`solutions` does for ``method``.
        :raises ProblemError: with ``preprocess``, when the problem has
            bounds.

        >>> ExactCover("ab", options=[["a"], ["a", "b"]]).first()
        (1,)
        >>> print(ExactCover("ab", options=[["a"]]).first())
        None
        >>> ExactCover("ab", options=[["a"], ["a", "b"]]).first(preprocess=True)
        (1,)
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        return ways.first(
            self,
            ways.Settings(
                method=method,
                max_nodes=max_nodes,
                timeout=timeout,
                seed=seed,
                executor=executor,
                preprocess=preprocess,
                symmetry=symmetry,
            ),
        )

    def count(
        self,
        limit: int | None = None,
        *,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        resume: Position | None = None,
        prefix: Sequence[int] | None = None,
        executor: Executor | None = None,
        method: Literal["dlx", "memo", "sat"] = "dlx",
        branching: Literal["mrv", "first"] | None = None,
        max_entries: int | None = None,
        max_bytes: int | NotSet | None = NOT_SET,
        preprocess: bool = False,
        symmetry: Group | Action | Iterable[Mapping[Any, Any]] | None = None,
    ) -> int:
        """Count the solutions (up to ``limit``) without storing any.

        With ``resume``, the count includes the solutions found before the
        position; with ``prefix``, only those below the prefix.  With an
        ``executor`` the search is split into subproblems that run on it
        (see :mod:`dlx.parallel`); the budgets and the progress hook then
        apply to all of them together.

        ``method="memo"`` counts by memoised search instead
        (:class:`dlx.MemoSearch`, algorithm DXZ): each distinct
        subproblem is solved once and its count cached, which turns
        tilings with astronomically many solutions into milliseconds but
        costs memory and can be slower on problems with few repeated
        subproblems (see :doc:`howto/memo`).  It takes ``branching``,
        ``max_entries`` and ``max_bytes`` and the budgets, ``seed`` and
        ``progress``; ``limit`` caps the count it returns; ``resume`` and
        ``prefix`` are for plain search only.

        :param limit: stop counting here.
        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param seed: random tie-breaking, as in :class:`~dlx.Search`.
        :param progress: progress hook, as in :class:`~dlx.Search`.
        :param progress_interval: seconds between progress reports
            (read only with ``progress``: without a hook it is not used).
        :param resume: go on from a position of an earlier search.
        :param prefix: count only below these options of the first levels.
        :param executor: split the search over this executor.
        :param method: ``"dlx"`` (plain dancing links, the default),
            ``"memo"`` (memoised search) or ``"sat"`` (a SAT solver, one
            solve per solution: ``limit`` is required, and ``limit=2``
            proves a solution unique; see :doc:`howto/sat`).
        :param branching: for ``"memo"``: ``"mrv"`` (fewest options, the
            default) or ``"first"`` (first active primary item in
            declaration order).
        :param max_entries: for ``"memo"``: most subproblems to cache.
        :param max_bytes: for ``"memo"``: memory budget of the cache, in
            estimated bytes (1 GiB when not given; ``None``: no limit).
            Given with another method, even at 1 GiB, it is refused.
        :param preprocess: count the solutions of the smaller problem of
            :meth:`preprocessed`, which are as many (``resume`` and
            ``prefix`` do not go with it).
        :param symmetry: count the orbits of this group of symmetries
            instead (a :class:`dlx.symmetry.Group` or its generators, each a
            mapping from items to items; see :mod:`dlx.symmetry`): by a
            smaller search whose solutions are each tested, or with
            ``"memo"`` by Burnside's lemma, one memoised count per element
            of the group.
        :returns: the number of solutions (of orbits, with ``symmetry``).
        :raises BudgetExceeded: when a budget runs out first; its
            ``stats.solutions`` holds the count so far (for ``"memo"``,
            of the subproblems finished), and for ``"memo"`` its
            ``outcome`` is :attr:`~dlx.Outcome.OUT_OF_MEMORY` when the
            cache is full.
        :raises CountInterrupted: (a :class:`KeyboardInterrupt`) on Ctrl-C,
            its ``stats`` as a :class:`BudgetExceeded`'s.
        :raises ValueError: when ``executor`` comes with ``seed``,
            ``resume`` or ``prefix``; for an unknown ``method`` or
            ``branching``, ``resume``, ``prefix`` or ``executor`` with
            ``"memo"``, or memo parameters with ``"dlx"``; for
            ``"memo"`` with bounds (not supported); for ``"sat"`` without
            ``limit`` or with what it does not take.

        >>> ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).count()
        2
        >>> ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).count(method="memo")
        2
        >>> ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).count(preprocess=True)
        2
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        explicit: set[str] = set()
        memory = ways.given_value(
            max_bytes, algorithms.DEFAULT_MAX_BYTES, "max_bytes", explicit
        )
        return ways.count(
            self,
            ways.Settings(
                explicit=frozenset(explicit),
                method=method,
                limit=limit,
                max_nodes=max_nodes,
                timeout=timeout,
                seed=seed,
                progress=progress,
                progress_interval=progress_interval,
                resume=resume,
                prefix=prefix,
                executor=executor,
                preprocess=preprocess,
                branching=branching,
                max_entries=max_entries,
                max_bytes=memory,
                symmetry=symmetry,
            ),
        )

    def best_search(
        self,
        k: int = 1,
        *,
        limit: int | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        count_only: bool = False,
    ) -> CostSearch:
        """Start a search for the ``k`` cheapest solutions (Knuth's DLX5), not yet run.

        Iterate it for each solution cheaper than the ``k``-th best known
        when it is found (in the order found, as DLX5 prints them); call
        its :meth:`~dlx.CostSearch.best` for the ``k`` cheapest kept, also
        after a budget or Ctrl-C has stopped it.  :meth:`best` runs it to
        the end.

        :param k: how many of the cheapest solutions to keep (at least 1).
        :param limit: stop after this many solutions found (DLX5's ``t``).
        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param progress: progress hook, as in :class:`~dlx.Search`.
        :param progress_interval: seconds between progress reports
            (read only with ``progress``: without a hook it is not used).
        :param count_only: hand nothing out while searching (the best
            solutions are read with ``best()`` at the end).
        :returns: the search.
        :raises ValueError: when ``k`` is not a positive integer, or the
            problem has bounds (Algorithm X5 cannot run it).
        :raises TypeError: when ``count_only`` is not ``True`` or ``False``.

        >>> problem = ExactCover("ab", options=[["a", "b"]])
        >>> problem.add_option(["a"], cost=2)
        1
        >>> search = problem.best_search()
        >>> next(search), search.best()
        ((0,), [(0, (0,))])
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        settings = ways.Settings(
            limit=limit,
            max_nodes=max_nodes,
            timeout=timeout,
            progress=progress,
            progress_interval=progress_interval,
        )
        check_flag(count_only, "count_only")  # "no" would hand nothing out
        settings = ways.plan("cheapest", settings, problem=self).settings
        return ways.cost_search(self.links(), settings, k, count_only=count_only)

    def best(
        self,
        k: int = 1,
        *,
        limit: int | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
        executor: Executor | None = None,
        preprocess: bool = False,
        method: Literal["dlx", "sat"] = "dlx",
        symmetry: Any = None,
    ) -> list[tuple[int, tuple[int, ...]]]:
        """The ``k`` cheapest solutions, cheapest first, as ``(cost, options)`` pairs.

        A solution's cost is the sum of its options' costs (see
        :meth:`add_option`).  The search is Knuth's DLX5 (Algorithm X5,
        :mod:`dlx.algorithm_x5`): it keeps the ``k`` best solutions found
        so far and cuts off every branch that cannot beat the ``k``-th of
        them.  Solutions of equal cost come in the order the search found
        them; where more than ``k`` solutions share the ``k``-th cost,
        those that come first in the search's order are kept.  Fewer than
        ``k`` pairs come back when the problem has fewer solutions.

        :param k: how many solutions (at least 1).
        :param limit: stop after the search has found this many
            solutions (each cheaper than the ``k``-th best before it), as
            DLX5's ``t`` does: the pairs are then the cheapest *found*,
            and there may be cheaper ones (:meth:`best_search` tells by
            its outcome, :attr:`~dlx.Outcome.LIMIT_REACHED`).
        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param progress: progress hook, as in :class:`~dlx.Search`.
        :param progress_interval: seconds between progress reports
            (read only with ``progress``: without a hook it is not used).
        :param executor: split the search over this executor
            (:func:`dlx.parallel.best`: the same costs; it takes
            ``timeout`` of the budgets, and no ``limit``, ``max_nodes``
            or ``progress``).  Its tasks run in slices of a few tenths
            of a second: when the budget runs out or on Ctrl-C, those in
            flight are waited for, and what they found is kept too.
        :param preprocess: search the smaller problem of
            :meth:`preprocessed` and give its solutions as this problem's
            options (the same costs).
        :param method: ``"dlx"`` (Knuth's DLX5, the default) or ``"sat"``:
            a SAT/CP solver (OR-Tools CP-SAT, :doc:`howto/sat`) minimises
            the cost ``k`` times, each time with the solutions before
            forbidden; it takes ``timeout`` only, gives the same costs,
            but solutions of equal cost may come in another order (and,
            at the ``k``-th cost, be others).
        :param symmetry: the ``k`` cheapest *orbits* of these symmetries
            (as in :meth:`count`), one solution of each, the one
            :meth:`solutions` gives; the symmetries must keep the costs
            (:doc:`howto/symmetry`).  It takes no ``limit``.
        :returns: the pairs.
        :raises dlx.BestBudgetExceeded: (a :class:`BudgetExceeded`) when
            a budget runs out first; its ``best`` holds the pairs kept
            until then, the cheapest found but not proven the cheapest
            (``proven`` is ``False``, but for ``"sat"``, which proves each
            before the next).
        :raises dlx.BestInterrupted: (a :class:`KeyboardInterrupt`) on
            Ctrl-C, with ``best``, ``proven`` and ``stats`` alike.
        :raises ValueError: when ``k`` is not a positive integer, or the
            problem has bounds (``"dlx"``); :class:`dlx.ways.Refused` for a
            combination that does not go together (``"sat"`` with
            ``limit``, ``max_nodes``, ``progress`` or ``executor``;
            ``executor`` with ``limit``, ``max_nodes`` or ``progress``;
            ``symmetry`` with ``limit`` or ``preprocess``), and
            :class:`dlx.symmetry.SymmetryError` (a ``ValueError``) for
            symmetries that are not the problem's or change costs.
        :raises dlx.errors.SatUnavailable: for ``"sat"`` without OR-Tools.

        >>> problem = ExactCover("abc")
        >>> for items, cost in (("ab", 4), ("c", 1), ("a", 1), ("bc", 2), ("b", 2)):
        ...     _ = problem.add_option(items, cost=cost)
        >>> problem.best(2)
        [(3, (2, 3)), (4, (1, 2, 4))]
        >>> from dlx import BestBudgetExceeded
        >>> try:
        ...     problem.best(2, max_nodes=4)
        ... except BestBudgetExceeded as stop:
        ...     print(stop.best, stop.proven)
        [(3, (2, 3))] False
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        return ways.best(
            self,
            ways.Settings(
                method=method,
                limit=limit,
                max_nodes=max_nodes,
                timeout=timeout,
                progress=progress,
                progress_interval=progress_interval,
                executor=executor,
                preprocess=preprocess,
                symmetry=symmetry,
            ),
            k,
        )

    def estimate(
        self,
        probes: int = 1000,
        *,
        seed: int | None = None,
        calibration: float = 0.1,
        timeout: float | None = None,
        progress: Callable[[EstimateProgress], object] | None = None,
    ) -> Estimate:
        """Estimate the size of a full search without running it (Knuth 1975).

        Each probe walks one random path down the search tree from the
        root, choosing among a node's ``d`` branches uniformly (its
        options; with bounds, Algorithm M's branches, the null move
        included), and weights
        each node on the path by the product of the ``d``'s above it; the
        mean over the probes is an unbiased estimate of the nodes, updates
        and solutions of the full search (:class:`~dlx.Stats`, without
        ``seed``), given with its standard error.  Trustworthy on regular
        trees (queens, Langford pairs, 9×9 sudoku), not on lopsided ones
        (polyomino packings): see :class:`~dlx.Estimate` and the how-to
        :doc:`/howto/estimate`.  Then a short run of the real search
        (``calibration`` seconds) measures its updates per second, for
        :attr:`Estimate.search_seconds <dlx.Estimate.search_seconds>`.

        :param probes: how many random paths to walk (at least 1).
        :param seed: seeds the private random generator of the probes, so
            the same seed gives the same estimate; ``None`` for a fresh one.
        :param calibration: seconds to run the real search for measuring
            its speed; 0 for no calibration (then the time is estimated at
            the probes' own, slower, rate).
        :returns: the estimate.
        :param timeout: seconds of probing at most: the estimate is then
            that of the probes taken (``Estimate.probes``, at least one),
            without calibration when the time is up.
        :param progress: called about once a second with a
            :class:`dlx.estimate.EstimateProgress`.
        :raises ValueError: when ``probes`` is less than 1,
            ``calibration`` is negative, or ``timeout`` is negative or NaN.
        :raises TypeError: when ``probes`` or ``seed`` is not a whole
            number, ``timeout`` not a number, or ``progress`` not callable.
        :raises dlx.estimate.EstimateInterrupted: on Ctrl-C, with the
            estimate of the probes taken.

        >>> est = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).estimate(seed=1)
        >>> round(est.nodes), round(est.updates), round(est.solutions)
        (4, 4, 2)
        >>> two = ExactCover("A", options=[["A"]] * 3, bounds={"A": 2})
        >>> est = two.estimate(probes=2000, seed=1, calibration=0)
        >>> two.count(), abs(est.solutions - 3) < 3 * est.solutions_se
        (3, True)
        """

        def start(max_nodes: int) -> Search:
            return self.search(max_nodes=max_nodes, count_only=True)

        from dlx.estimate import estimate

        return estimate(
            self.links(),
            probes,
            seed=seed,
            start=start,
            calibration=calibration,
            timeout=timeout,
            progress=progress,
        )

    def is_unique(
        self,
        *,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        executor: Executor | None = None,
        method: Literal["dlx", "sat"] = "dlx",
    ) -> bool:
        """Whether the problem has exactly one solution (stops at the second).

        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param seed: random tie-breaking, as in :class:`~dlx.Search`.
        :param executor: split the search over this executor.
        :param method: ``"dlx"`` (the default) or ``"sat"`` (a SAT solver,
            see :doc:`howto/sat`).
        :returns: ``True`` for exactly one solution.
        :raises BudgetExceeded: when a budget runs out first.
        :raises ValueError: when ``executor`` comes with ``seed``.

        >>> ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).is_unique()
        False
        """
        found = self.count(
            limit=2,
            max_nodes=max_nodes,
            timeout=timeout,
            seed=seed,
            executor=executor,
            method=method,
        )
        return found == 1

    def conflict(
        self,
        pinned: Iterable[Any] | None = None,
        *,
        timeout: float | None = None,
        progress: Callable[[ConflictProgress], object] | None = None,
        progress_interval: float = 1.0,
    ) -> list[Any] | None:
        """Why the problem has no solution: a minimal reason, or ``None`` when it has one.

        Without ``pinned``, the reason is a set of primary items that
        cannot all be covered: the problem in which only they must be
        covered, every other primary item covered at most once (as a
        secondary item), has no solution.  With ``pinned``, options that a
        solution should contain (by number, or by label: see
        :meth:`add_option`), the reason is a subset of them that, forced
        into the solution, leaves none; ``[]`` when the problem has no
        solution even without them.

        The reason is minimal: leave any one member out and the problem has
        a solution.  It is not always the smallest reason there is.  It is
        found by propagation (forced options, items with one option left)
        and counts with limit 1, dropping members in blocks as QuickXplain
        does, each test that fails cutting the set down to what its
        propagation used: about ``k·log2(n/k) + k`` tests for a reason of
        ``k`` of ``n`` candidates, each a count that may take as long as
        the problem's own search (see :mod:`dlx.conflict`).

        :param pinned: option numbers or labels that a solution should
            contain (an integer is a number, anything else a label; an
            option named twice counts once), or ``None``.
        :param timeout: stop after about this many seconds.
        :param progress: called about every ``progress_interval`` seconds
            with a :class:`~dlx.conflict.ConflictProgress`.
        :param progress_interval: seconds between two reports
            (read only with ``progress``: without a hook it is not used).
        :returns: the item names in the order they were declared, or the
            ``pinned`` entries in the order given; ``None`` when the
            problem (with every ``pinned`` option) has a solution.
        :raises ProblemError: for a ``pinned`` entry that names no option,
            or a label that several options have (naming it).
        :raises ValueError: for a negative ``timeout``, a
            ``progress_interval`` that is not positive, or a ``progress``
            that cannot be called.
        :raises dlx.conflict.ConflictBudgetExceeded: (a
            :class:`~dlx.BudgetExceeded`) when ``timeout`` runs out; its
            ``reason`` is the reason so far, not shown minimal.

        >>> problem = ExactCover("abcd", options=[["a", "b"], ["b", "c"], ["a", "c"], ["d"]])
        >>> problem.conflict()
        ['a', 'b', 'c']
        >>> problem.conflict(pinned=[3])  # no solution even without option 3
        []
        >>> print(ExactCover("ab", options=[["a"], ["b"]]).conflict())
        None
        >>> pieces = ExactCover(["x", "y", "z"])
        >>> pieces.add_options([["x", "y"], ["z"], ["y", "z"], ["x"]], labels=["xy", "z", "yz", "x"])
        range(0, 4)
        >>> pieces.conflict(pinned=["z", "x"])  # then nothing covers y
        ['z', 'x']
        >>> pieces.conflict(pinned=[7])
        Traceback (most recent call last):
          ...
        dlx.errors.ProblemError: pinned option 7 does not exist: the options are numbered 0 to 3
        """
        from dlx.conflict import find_conflict

        return find_conflict(
            self._names,
            len(self._primary),
            self._rows,
            self._colors,
            self._bounds,
            self._labels,
            pinned,
            timeout=timeout,
            progress=progress,
            progress_interval=progress_interval,
        )

    def zdd(
        self,
        *,
        branching: Literal["mrv", "first"] | None = None,
        max_nodes: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
        max_entries: int | None = None,
        max_bytes: int | NotSet | None = NOT_SET,
        progress: Callable[[Progress], object] | None = None,
        progress_interval: float = 1.0,
    ) -> Zdd:
        """A zero-suppressed decision diagram of all solutions, by memoised search.

        The diagram (:class:`dlx.Zdd`) counts the solutions exactly,
        lists them lazily and draws them uniformly at random
        (:meth:`dlx.Zdd.sample`).  It is built by
        :class:`dlx.MemoSearch` (algorithm DXZ); see
        :doc:`howto/memo` for when that pays and which ``branching`` to use.

        A diagram is whole or nothing: one cut short is not kept (it
        would hold some solutions and miss others without telling
        which), so that a budget or Ctrl-C keeps only the statistics of
        the search (``stats.solutions`` counts the solutions of the
        subproblems finished, a lower bound).

        :param branching: ``"mrv"`` (fewest options) or ``"first"`` (first
            active primary item in declaration order).
        :param max_nodes: node budget, as in :class:`~dlx.Search`.
        :param timeout: time budget in seconds, as in :class:`~dlx.Search`.
        :param seed: random tie-breaking (with ``"mrv"``).
        :param max_entries: most subproblems to cache.
        :param max_bytes: memory budget of the cache and the diagram, in
            estimated bytes (1 GiB by default; ``None``: no limit).
        :param progress: progress hook, as in :class:`~dlx.Search`.
        :param progress_interval: seconds between progress reports
            (read only with ``progress``: without a hook it is not used).
        :returns: the diagram.
        :raises BudgetExceeded: when a budget runs out first (outcome
            :attr:`~dlx.Outcome.OUT_OF_MEMORY` when memory does).
        :raises dlx.ZddInterrupted: (a :class:`KeyboardInterrupt`) on
            Ctrl-C, with the ``stats``.
        :raises ValueError: for an unknown ``branching`` or a negative
            budget, or when the problem has bounds (not supported yet).

        >>> problem = ExactCover("abc", options=[["a", "b"], ["c"], ["a"], ["b", "c"]])
        >>> diagram = problem.zdd()
        >>> diagram.count(), list(diagram)
        (2, [(0, 1), (2, 3)])
        """
        from dlx import ways  # on first use: import dlx loads none of the ways' rules

        explicit: set[str] = set()
        memory = ways.given_value(
            max_bytes, algorithms.DEFAULT_MAX_BYTES, "max_bytes", explicit
        )
        settings = ways.Settings(
            explicit=frozenset(explicit),
            branching=branching,
            max_nodes=max_nodes,
            timeout=timeout,
            seed=seed,
            max_entries=max_entries,
            max_bytes=memory,
            progress=progress,
            progress_interval=progress_interval,
        )
        return ways.zdd(self, settings)

    # -- preprocessing -------------------------------------------------------

    #: On a problem made by :meth:`preprocessed`: what preprocessing did,
    #: and the original number of each option (``None`` on any other).
    preprocessing: Preprocessing | None = None

    def preprocessed(
        self, *, rounds: int | None = None, timeout: float | None = None
    ) -> ExactCover:
        """An equivalent smaller problem, by Knuth's preprocessing rules (DLX-PRE).

        Options that no solution can contain are removed (those without a
        primary item, and those that *block* a primary item: every option
        of that item clashes with them), and so are items that another
        takes care of (an item *forced* by a primary item, whose every
        option holds it; a secondary item that no option holds), again and
        again until nothing more goes; see :mod:`dlx.preprocess` for the
        rules.  A problem with no solution becomes a primary item without
        options.

        Each option of the smaller problem is an original option without
        the removed items, in the original order, with its label; its
        original number is ``reduced.preprocessing.origin[k]``
        (:class:`~dlx.preprocess.Preprocessing`, which also lists what was
        removed and why).  The two problems have exactly the same
        solutions once renamed that way, which
        :meth:`~dlx.preprocess.Preprocessing.original` does;
        ``solutions(preprocess=True)``, ``count(preprocess=True)`` and
        ``first(preprocess=True)`` do it all in one call.

        :param rounds: at most this many rounds (``None``: until nothing
            more goes).
        :param timeout: stop removing after about this many seconds; the
            result is still equivalent, only less small.
        :returns: the smaller problem, with :attr:`preprocessing` set.
        :raises ProblemError: when some item has bounds (Knuth's rules
            are for items covered exactly once; search such a problem as
            it is).
        :raises ValueError: when ``rounds`` is less than 1 or ``timeout``
            is negative.

        >>> problem = ExactCover("ABCDE", "FG")
        >>> for option in ("CEF", "ADG", "BCF", "AD", "BG", "DEG"):
        ...     _ = problem.add_option(option)
        >>> reduced = problem.preprocessed()
        >>> reduced.primary, [reduced.option(k) for k in range(len(reduced))]
        (('A', 'B', 'E'), [('E',), ('A',), ('B',)])
        >>> reduced.preprocessing.origin
        (0, 3, 4)
        >>> [reduced.preprocessing.original(s) for s in reduced.solutions()]
        [(0, 3, 4)]
        >>> problem.solutions_list()
        [(0, 3, 4)]
        """
        if self._bounds:
            item, (lower, upper) = next(iter(self.bounds.items()))
            raise ProblemError(
                f"preprocessing does not handle bounds: item {item!r} is to be "
                f"covered {lower} to {upper} times (search the problem as it is)"
            )
        from dlx.preprocess import reduce

        names = self._names
        record = reduce(
            names,
            len(self._primary),
            self._rows,
            self._colors,
            rounds=rounds,
            timeout=timeout,
        )
        n_primary = len(self._primary)
        kept = set(record.items)
        reduced = ExactCover(
            [names[i] for i in record.items if i < n_primary],
            [names[i] for i in record.items if i >= n_primary],
        )
        rows = self._rows
        for k in record.origin:
            entries = self.option(k)
            reduced.add_option(
                [e for e, i in zip(entries, rows[k], strict=True) if i in kept],
                self.label(k),
                self.cost(k) if self.uses_costs else None,
            )
        reduced.preprocessing = record
        return reduced
