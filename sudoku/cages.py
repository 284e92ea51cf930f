"""Cages: killer sudoku and arithmetic cages (KenKen, Calcudoku), as exact cover.

A *cage* is a group of cells whose digits must reach a target.  The
solving functions take them with ``cages=``, a list in which each cage is

* a *killer* cage ``(total, cells)``: the digits of its cells add up to
  ``total`` and never repeat within the cage;
* an *arithmetic* cage ``(target, op, cells)``: the digits combine by
  ``op`` to ``target``: ``"+"`` adds them, ``"*"`` multiplies them,
  ``"-"`` is the difference of two cells and ``"/"`` their quotient
  (the larger digit by the smaller, in either order, exactly), ``"="``
  one cell that holds the target.  ``"×"``, ``"÷"`` and the minus sign
  (U+2212) are taken for ``"*"``, ``"/"`` and ``"-"``.  Digits *may*
  repeat within an arithmetic cage, where the rows, columns and boxes
  allow it.

``cells`` lists ``(row, column)`` pairs numbered from 0, as the
``placements`` of a :class:`sudoku.Step` write them.  A cell belongs to
one cage at most, and a cage's cells must be connected (side by side),
unless ``disjoint_cages=True``.  *Digits* are a grid's values, 1 to N:
with an ``alphabet``, the first symbol is 1.

How cages become exact cover
----------------------------

Each cage is cut into *groups*: cells whose digits all differ.  A killer
cage is one group; an arithmetic cage has one group per row, column or
box that holds several of its cells (the largest first), and single
cells.  A *combination* gives each group a set of digits, one per cell,
such that the digits of all the groups reach the target.  To the items
of the plain grid (:mod:`sudoku.encoding`) the cages add, for each cage,

* an item "the cage has a combination", and
* for each group and each digit that a combination may give it, an item
  "the group holds the digit";

and to the options of the grid,

* one option per combination: the cage's item, and the items of the
  digits that the combination does *not* give each group;
* the option "(r, c) holds v" covers, besides its cell and its unit
  items, the item "the group holds v" of its cage.

So each digit item of a group is covered once: by the combination that
leaves the digit out, or by the one cell of the group that holds it.
This is the ``"sets"`` encoding, plain exact cover (Algorithm X, whose
packed form is the fastest search of :mod:`dlx`).  ``"placements"``
gives a cage instead one option per way of filling it (covering its
cells and their units' items): the search then sees at once which
fillings a choice elsewhere rules out, but a large cage has thousands of
long options.  The default, ``"mixed"``, takes fillings for the cages
that have at most :data:`sudoku.encoding.MOST_PLACEMENTS` of them and
combinations for the others: the fastest on both killers and KenKen
(``tests/benchmarks/bench_cages.py``).  ``"colours"`` joins the
combinations to the cells by colours on secondary items (Algorithm C),
for comparison; :func:`sudoku.encode` takes ``cage_encoding``.

Two more things make the search small, and neither changes the solutions:

* *implied cages* (the "law of 45"): any row, column, box, any run of
  rows or columns and any set of boxes holds each digit as many times as
  it has units, so its digits add up to a known total: the cells it has
  outside the whole cages it holds (its *innies*), and the cells
  outside it of the cages that reach into it (its *outies*), must add up
  to what is left.  When there are a few (up to
  :data:`MOST_IMPLIED_CELLS`) in one row, column or box, they become one
  more cage (with ``"+"``, and with ``"*"`` for products of ``"*"``
  cages), encoded by its combinations;
* *pruning* before the search: a cell keeps only the digits that some
  combination of each of its cages can give it, a combination that the
  cells cannot take is dropped, and naked and hidden singles
  (:mod:`sudoku.singles`) fill in what they force, until nothing
  changes.

See :doc:`/howto/cages` for examples and the measured times.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from math import factorial, isqrt, prod

from dlx.records import Record
from sudoku.errors import SudokuError
from sudoku.grid import ArrayLike, GridLike, check_flags
from sudoku.regions import Regions, read_region_map
from sudoku.wording import counted, grid

__all__ = [
    "MOST_COMBINATIONS",
    "MOST_IMPLIED_CELLS",
    "MOST_IMPLIED_COMBINATIONS",
    "MOST_IMPLIED_GROUPS",
    "OPERATIONS",
    "Cage",
    "CageConstraints",
    "CageContradiction",
    "CageError",
    "cage_fault",
    "cage_groups",
    "cell_text",
    "combinations",
    "implied_cages",
    "read_cage_map",
    "read_cages",
    "region_sets",
]

#: The operations of arithmetic cages, each spelling with the one it stands for.
OPERATIONS = {
    "+": "+",
    "-": "-",
    "*": "*",
    "/": "/",
    "=": "=",
    "×": "*",
    "÷": "/",
    "\u2212": "-",  # the minus sign
}

#: How many combinations a cage may have before it is refused (a cage of
#: many cells with many groups, such as a big sum on a 16x16 grid).
MOST_COMBINATIONS = 100_000
#: The most cells an implied cage (innies or outies) may have.
MOST_IMPLIED_CELLS = 6
#: The most combinations an implied cage may have (beyond, it is left out:
#: it would cost more to encode than it saves).
MOST_IMPLIED_COMBINATIONS = 1_000
#: The most groups an implied cage may have: 1 keeps those whose cells
#: share a unit (more made killers slower, options many times over).
MOST_IMPLIED_GROUPS = 1
#: Up to this size every set of boxes (or jigsaw regions) gives implied
#: cages; beyond, the runs of rows and columns only.
_ALL_REGION_SETS = 9


class CageError(SudokuError):
    """A cage that is not one, or that no digits can fill.

    Raised before any search: for a cage that is not ``(total, cells)``
    or ``(target, op, cells)``, a cell outside the grid or in two cages,
    a cage whose cells are not connected (without ``disjoint_cages=True``),
    an operation that does not fit the cage's number of cells, and a
    target that no digits can reach.  The message names the cage by its
    place in the list and its first cell (``cages[3] (at r2c5)``, rows
    and columns from 1).

    :ivar index: the cage's place in the list (``-1``: not one cage).

    >>> from sudoku import solve
    >>> solve("." * 16, cages=[(3, [(0, 0), (0, 1)]), (9, [(0, 1), (1, 1)])])
    Traceback (most recent call last):
      ...
    sudoku.cages.CageError: cages[1] (at r1c2): r1c2 is in cages[0] (at r1c1) too
    """

    def __init__(self, message: str, index: int = -1) -> None:
        super().__init__(message)
        self.index = index


class CageContradiction(Exception):
    """No combination of a cage fits the grid any more: the puzzle has no solution.

    Raised by :meth:`CageConstraints.prune`; :func:`sudoku.encode` turns it
    into its ``contradiction``.

    :ivar cage: the cage.
    """

    def __init__(self, cage: Cage) -> None:
        super().__init__(cage)
        self.cage = cage

    def describe(self) -> str:
        """Why, in the words of the encoding's ``contradiction``.

        >>> cage = Cage(30, "+", (0, 1), 4, True, 2)
        >>> CageContradiction(cage).describe()
        'no digits fit cages[2] (at r1c1) (2 cells, total 30)'
        """
        cage = self.cage
        size = len(cage.cells)
        if cage.distinct:
            what = f"{counted(size, 'cell')}, total {cage.target}"
        else:
            what = f"{counted(size, 'cell')}, {cage.target}{cage.op}"
        return f"no digits fit {cage.name()} ({what})"


def cell_text(size: int, cell: int) -> str:
    """A cell as ``r2c5`` (rows and columns from 1).

    >>> cell_text(9, 13)
    'r2c5'
    """
    return f"r{cell // size + 1}c{cell % size + 1}"


class Cage(Record, frozen=True):
    """One cage, read and checked (see :mod:`sudoku.cages`).

    :ivar target: the total (killer) or the target (arithmetic).
    :ivar op: ``"+"``, ``"-"``, ``"*"``, ``"/"`` or ``"="`` (``"+"`` for
        a killer cage).
    :ivar cells: its cells, ``row * N + column``, in the order given.
    :ivar size: N, the grid's size.
    :ivar distinct: whether its digits never repeat (a killer cage).
    :ivar index: its place in the list given; ``-1`` for a cage that the
        rules imply (:func:`implied_cages`).
    :ivar origin: for an implied cage, where it comes from.

    >>> cage = read_cages([(10, "+", [(0, 0), (1, 0)])], 4)[0]
    >>> cage
    Cage(target=10, op='+', cells=(0, 4), size=4, distinct=False, index=0, origin='')
    >>> cage.name(), cage.describe()
    ('cages[0] (at r1c1)', '10+ on r1c1, r2c1')
    """

    target: int
    op: str
    cells: tuple[int, ...]
    size: int
    distinct: bool
    index: int = -1
    origin: str = ""

    def name(self) -> str:
        """The cage as messages name it: ``cages[3] (at r2c5)``, or an implied cage's cells and origin."""
        if self.index >= 0:
            return f"cages[{self.index}] (at {cell_text(self.size, self.cells[0])})"
        cells = ", ".join(cell_text(self.size, c) for c in self.cells)
        return f"the cells {cells} ({self.origin})"

    def describe(self) -> str:
        """The cage as a puzzle writes it: ``15 on r1c1, r1c2``, ``6* on ...``."""
        cells = ", ".join(cell_text(self.size, c) for c in self.cells)
        clue = str(self.target) if self.distinct else f"{self.target}{self.op}"
        return f"{clue} on {cells}"

    def reaches(self, digits: Sequence[int]) -> bool:
        """Whether ``digits`` (one per cell) reach the target by the cage's operation.

        Repeats are not looked at here.

        >>> Cage(2, "/", (0, 1), 4, False).reaches([2, 4])
        True
        """
        return _reaches(self.op, self.target, digits)


def _reaches(op: str, target: int, digits: Sequence[int]) -> bool:
    if op == "+":
        return sum(digits) == target
    if op == "*":
        return prod(digits) == target
    if op == "=":
        return len(digits) == 1 and digits[0] == target
    low, high = min(digits), max(digits)
    if op == "-":
        return high - low == target
    return high == low * target  # "/"


def cage_fault(
    cage: Cage, values: Sequence[int], symbol: Callable[[int], object] = str
) -> str | None:
    """What is wrong with a cage of a complete grid, or ``None`` when it keeps its rule.

    The words of :func:`sudoku.check`: a killer cage's repeated digit
    (written by ``symbol``, as the grid writes it, and its two cells),
    then the sum, product, difference, quotient or digit that misses the
    target, from the larger digit down for ``"-"`` and ``"/"``.

    >>> cage = read_cages([(4, "*", [(0, 0), (0, 1), (1, 1)])], 4)[0]
    >>> cage_fault(cage, [1, 2, 0, 0, 0, 3] + [0] * 10)
    'cages[0] (at r1c1): 1 * 2 * 3 = 6, not 4'
    """
    size = cage.size
    digits = [values[c] for c in cage.cells]
    if cage.distinct:
        first: dict[int, int] = {}
        for cell, digit in zip(cage.cells, digits, strict=True):
            if digit in first:
                return (
                    f"symbol {symbol(digit)!r} twice in {cage.name()}: at "
                    f"{cell_text(size, first[digit])} and {cell_text(size, cell)}"
                )
            first[digit] = cell
    if cage.reaches(digits):
        return None
    op = cage.op
    if op == "=":
        return f"{cage.name()}: holds {digits[0]}, not {cage.target}"
    if op in ("-", "/"):
        digits = sorted(digits, reverse=True)
        if op == "/" and digits[0] % digits[1]:
            return f"{cage.name()}: {digits[0]} / {digits[1]} is not {cage.target}"
    got = {
        "+": sum(digits),
        "*": prod(digits),
        "-": digits[0] - digits[-1],
        "/": digits[0] // digits[-1],
    }[op]
    expression = f" {op} ".join(map(str, digits))
    return f"{cage.name()}: {expression} = {got}, not {cage.target}"


# -- reading -----------------------------------------------------------------------


def _whole(value: object) -> int | None:
    """``value`` as an int (NumPy's too), or ``None`` for a bool or a non-integer."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def read_cages(cages: object, size: int, *, disjoint: bool = False) -> tuple[Cage, ...]:
    """Read and check a list of cages for an N x N grid (see :mod:`sudoku.cages`).

    Only the cages themselves are checked here: their form, their cells
    (inside the grid, each in one cage at most, connected unless
    ``disjoint``), their targets (integers) and their operations (known,
    and fitting their number of cells).  Whether digits can reach a
    target is checked with the grid's units, by :class:`CageConstraints`.

    :param cages: the cages: ``(total, cells)`` or ``(target, op, cells)``
        each, ``cells`` being ``(row, column)`` pairs from 0 (a
        :class:`Cage` is taken too).
    :param size: N.
    :param disjoint: allow a cage whose cells are not connected.
    :returns: the cages, in the order given.
    :raises CageError: naming the first bad cage and what is wrong.
    :raises SudokuError: when ``disjoint`` is not ``True`` or ``False``.

    >>> read_cages([(3, [(0, 0), (0, 1)]), (2, "/", [(1, 0), (1, 1)])], 4)[1].cells
    (4, 5)
    >>> read_cages([(3, [(0, 0), (1, 1)])], 4)
    Traceback (most recent call last):
      ...
    sudoku.cages.CageError: cages[0] (at r1c1): its cells are not connected (r1c1 is apart from r2c2); pass disjoint_cages=True to allow it
    """
    check_flags(disjoint=disjoint)  # "no" would be taken as yes
    if isinstance(cages, str | bytes) or not isinstance(cages, Iterable):
        raise CageError(
            f"cages={cages!r} is not a list of cages: give (total, cells) or "
            "(target, op, cells) for each"
        )
    owner: dict[int, Cage] = {}
    read: list[Cage] = []
    for index, entry in enumerate(cages):
        cage = _read_cage(entry, index, size, owner)
        if not disjoint:
            apart = _apart(cage.cells, size)
            if apart is not None:
                raise CageError(
                    f"{cage.name()}: its cells are not connected "
                    f"({cell_text(size, apart[0])} is apart from "
                    f"{cell_text(size, apart[1])}); pass disjoint_cages=True "
                    "to allow it",
                    index,
                )
        read.append(cage)
    return tuple(read)


def _read_cage(entry: object, index: int, size: int, owner: dict[int, Cage]) -> Cage:
    """One cage of :func:`read_cages`; its cells go into ``owner``."""
    where = f"cages[{index}]"
    if isinstance(entry, Cage):
        cells_given: object = [divmod(c, entry.size) for c in entry.cells]
        parts: tuple[object, ...] = (
            (entry.target, cells_given)
            if entry.distinct
            else (entry.target, entry.op, cells_given)
        )
    elif isinstance(entry, Sequence) and not isinstance(entry, str | bytes):
        parts = tuple(entry)
    else:
        parts = ()
    if len(parts) not in (2, 3):
        raise CageError(
            f"{where} is {entry!r}, not a cage: give (total, cells) for a killer "
            "cage or (target, op, cells) for an arithmetic one",
            index,
        )
    distinct = len(parts) == 2
    target_given, cells_given = parts[0], parts[-1]
    op = "+"
    if not distinct:
        given_op = parts[1]
        if not isinstance(given_op, str) or given_op.strip() not in OPERATIONS:
            raise CageError(
                f"{where}: unknown operation {given_op!r}: give '+', '-', '*', "
                "'/' or '=' (or '×', '÷', '\u2212')",
                index,
            )
        op = OPERATIONS[given_op.strip()]
    if isinstance(cells_given, str | bytes) or not isinstance(cells_given, Iterable):
        raise CageError(
            f"{where}: its cells {cells_given!r} are not a list of (row, column) pairs",
            index,
        )
    cells: list[int] = []
    for k, pair in enumerate(cells_given):
        named = f"{where} (at {cell_text(size, cells[0])})" if cells else where
        row = column = None
        if (
            isinstance(pair, Sequence)
            and not isinstance(pair, str | bytes)
            and len(pair) == 2
        ):
            row, column = _whole(pair[0]), _whole(pair[1])
        if row is None or column is None:
            raise CageError(
                f"{named}: cell {k} is {pair!r}, not a (row, column) pair of ints",
                index,
            )
        if not (0 <= row < size and 0 <= column < size):
            raise CageError(
                f"{named}: cell {(row, column)} is outside {grid(size)} (rows "
                f"and columns are numbered from 0 to {size - 1})",
                index,
            )
        cell = row * size + column
        if cell in cells:
            raise CageError(
                f"{named}: {cell_text(size, cell)} is in the cage twice", index
            )
        cells.append(cell)
    if not cells:
        raise CageError(f"{where} has no cells", index)
    named = f"{where} (at {cell_text(size, cells[0])})"
    target = _whole(target_given)
    if target is None:
        what = "total" if distinct else "target"
        raise CageError(f"{named}: {what} {target_given!r} is not an integer", index)
    arity = {"-": 2, "/": 2, "=": 1}.get(op)
    if arity is not None and len(cells) != arity:
        takes = "one cell" if arity == 1 else "two cells"
        raise CageError(
            f"{named}: {op!r} takes {takes}, not {len(cells)}",
            index,
        )
    cage = Cage(target, op, tuple(cells), size, distinct, index)
    for cell in cells:
        other = owner.get(cell)
        if other is not None:
            raise CageError(
                f"{named}: {cell_text(size, cell)} is in {other.name()} too", index
            )
        owner[cell] = cage
    return cage


def _apart(cells: Sequence[int], size: int) -> tuple[int, int] | None:
    """Two cells of ``cells`` that no path of side-by-side cells joins, or ``None``."""
    inside = set(cells)
    reached = {cells[0]}
    stack = [cells[0]]
    while stack:
        cell = stack.pop()
        row, column = divmod(cell, size)
        for other, ok in (
            (cell - size, row > 0),
            (cell + size, row < size - 1),
            (cell - 1, column > 0),
            (cell + 1, column < size - 1),
        ):
            if ok and other in inside and other not in reached:
                reached.add(other)
                stack.append(other)
    for cell in cells:
        if cell not in reached:
            return cells[0], cell
    return None


def read_cage_map(
    cage_map: GridLike | ArrayLike,
    targets: str | Mapping[Hashable, object],
    size: int | None = None,
) -> list[tuple[object, ...]]:
    """Cages from a map of cage labels and the cages' targets, as ``cages=`` takes them.

    The map gives each cell the label of its cage, in any form a jigsaw
    map takes (:func:`sudoku.read_region_map`); cells labelled ``.`` are
    in no cage.  ``targets`` gives each label its clue: a number for a
    killer cage, a number and an operation for an arithmetic one
    (``12+``, ``2/``, ``3-``, ``6*``, ``4=``), as a mapping or as a
    string of ``label=clue`` words.  Each label makes one cage.

    :param cage_map: the labels.
    :param targets: the clues.
    :param size: N, to check the map against (``None``: the map's).
    :returns: the cages, in order of each label's first cell.
    :raises CageError: for a label without a clue, a clue without a
        label, a label with two clues, or a clue that is not a number (and
        an operation).
    :raises GridSizeError: when the map is not N rows of N cells.

    >>> read_cage_map(["AAB", "CDB", "CDD"], "A=3 B=5 C=4 D=6+")
    [(3, [(0, 0), (0, 1)]), (5, [(0, 2), (1, 2)]), (4, [(1, 0), (2, 0)]), (6, '+', [(1, 1), (2, 1), (2, 2)])]
    """
    labels = read_region_map(cage_map, size)
    n = isqrt(len(labels))
    clues: dict[str, str] = {}
    if isinstance(targets, str):
        for word in targets.split():
            label, equals, clue = word.partition("=")
            if not equals or not label or not clue:
                raise CageError(
                    f"{word!r} is not a label=clue word (such as A=12 or B=3-)"
                )
            if label in clues:
                raise CageError(
                    f"cage {label!r} has two clues ({label}={clues[label]} and "
                    f"{word}): give one"
                )
            clues[label] = clue
    elif isinstance(targets, Mapping):
        clues = {str(label): str(clue) for label, clue in targets.items()}
    else:
        raise CageError(
            "the clues must be a string of label=clue words or a mapping of "
            f"labels to clues, not {type(targets).__name__}"
        )
    cells: dict[str, list[tuple[int, int]]] = {}
    for cell, mark in enumerate(labels):
        if str(mark) != ".":
            cells.setdefault(str(mark), []).append(divmod(cell, n))
    for name, clue in clues.items():
        if name not in cells:
            raise CageError(f"clue {name}={clue} names no cage of the map")
    found: list[tuple[object, ...]] = []
    for name, members in cells.items():
        given = clues.get(name)
        if given is None:
            first = cell_text(n, members[0][0] * n + members[0][1])
            raise CageError(f"cage {name!r} of the map (at {first}) has no clue")
        clue = given
        digits = clue.rstrip("".join(OPERATIONS))
        op = clue[len(digits) :]
        number = digits.removeprefix("-")
        if not (number.isdecimal() and number.isascii()) or len(op) > 1:
            raise CageError(
                f"clue {name}={clue} is not a number and at most one operation"
            )
        found.append((int(digits), members) if not op else (int(digits), op, members))
    return found


class CageTextError(CageError):
    """A cage text (:func:`read_cage_text`) that cannot be read, with its line.

    The message starts with the line (``line 3: ...``), counted from 1;
    ``reason`` is the message without it, for a caller that names the
    line its own way (``sudoku --cages FILE, line 3: ...``).

    :ivar line: the line of the fault (``0``: no one line, such as an
        empty text).
    :ivar reason: what is wrong, in the text's words: a cage is named by
        its label (``cage 'D'``).

    >>> try:
    ...     read_cage_text("AB\\nAC\\nA=3 B=2")
    ... except CageTextError as error:
    ...     error.line, error.reason
    (2, "cage 'C' of the map (at r2c2) has no clue")
    """

    def __init__(self, reason: str, line: int = 0, index: int = -1) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason, index)
        self.line = line
        self.reason = reason


class CageText(Record, frozen=True):
    """The cages of a cage text, as :func:`read_cage_text` reads it.

    :ivar cages: the cages, as ``cages=`` takes them, in order of each
        label's first cell.
    :ivar size: N, the side of the grid the map covers.
    :ivar labels: each cage's label, in the order of ``cages``.
    :ivar map_lines: each label's first line in the map.
    :ivar clue_lines: each label's clue's line.
    :ivar firsts: each cage's first cell (``r2c5``), in the order of
        ``cages``.

    >>> text = read_cage_text("AB\\nAB\\nA=3 B=7")
    >>> text.cages, text.labels, text.clue_lines
    ([(3, [(0, 0), (1, 0)]), (7, [(0, 1), (1, 1)])], ('A', 'B'), {'A': 3, 'B': 3})
    """

    cages: list[tuple[object, ...]]
    size: int
    labels: tuple[str, ...]
    map_lines: dict[str, int]
    clue_lines: dict[str, int]
    firsts: tuple[str, ...]

    def line_of(self, index: int) -> int:
        """The line of the clue of ``cages[index]``: where a message about the cage points.

        >>> read_cage_text("AB\\nAB\\n# clues\\nA=3\\nB=7").line_of(1)
        5
        """
        return self.clue_lines[self.labels[index]]

    def names(self, source: str | None = None) -> list[tuple[str, str]]:
        """Per cage, its name in the library's messages and in the text's words.

        The library names a cage by its place and first cell (``cages[3]
        (at r2c5)``); the text's name is its label, first cell and clue's
        line, and ``source`` (a file's name) if given.  Replacing the one
        by the other puts a message in the words of the text.

        >>> read_cage_text("AB\\nAB\\nA=3 B=7").names("k.txt")[1]
        ('cages[1] (at r1c2)', "cage 'B' (at r1c2, line 3 of k.txt)")
        """
        where = "" if source is None else f" of {source}"
        found = []
        for index, (label, first) in enumerate(
            zip(self.labels, self.firsts, strict=True)
        ):
            found.append(
                (
                    f"cages[{index}] (at {first})",
                    f"cage {label!r} (at {first}, line {self.line_of(index)}{where})",
                )
            )
        return found

    def said(self, message: str) -> str:
        """``message`` (one of the library's) with each cage named as :meth:`names` names it.

        >>> text = read_cage_text("AB\\nAB\\nA=3 B=7")
        >>> text.said("no digits fit cages[0] (at r1c1) (2 cells, total 3)")
        "no digits fit cage 'A' (at r1c1, line 3) (2 cells, total 3)"
        """
        if "cages[" in message:
            for python, words in self.names():
                message = message.replace(python, words)
        return message


def read_cage_text(text: str, *, disjoint: bool = False) -> CageText:
    """The cages of a cage text: a map of labels, then the labels' clues.

    This is the form ``sudoku --cages FILE`` reads and the try-it page's
    killer box takes: N lines of N cage labels (``.`` for a cell in no
    cage), then lines of ``label=clue`` words (a clue as
    :func:`read_cage_map` reads it: ``12``, ``12+``, ``2/``, ``3-``,
    ``6*``, ``4=``); blank lines and lines starting with ``#`` are
    skipped, and space inside a line of the map (``A A B B``) is ignored,
    as in a region map.  Each cage is checked as ``cages=`` checks it
    (:func:`read_cages`): its cells connected (unless ``disjoint``), its
    operation fitting its cells, its target within reach of N digits.

    :param text: the text.
    :param disjoint: allow cages whose cells are not connected, as
        ``disjoint_cages=True`` does (pass it on to the solving functions).
    :returns: the cages and where each was read.
    :raises CageTextError: naming the line and the cage (by its label):
        a map line after the clues, a map line of the wrong length, a
        label without a clue or a clue without a label, a cage whose cells
        are apart (the map's line) or whose clue does not fit it (the
        clue's line).
    :raises SudokuError: when ``disjoint`` is not ``True`` or ``False``.

    >>> read_cage_text("AB\\nBA\\nA=3 B=3")
    Traceback (most recent call last):
      ...
    sudoku.cages.CageTextError: line 1: cage 'A' (at r1c1): its cells are not connected (r1c1 is apart from r2c2)
    """
    check_flags(disjoint=disjoint)  # at once, not only once a cage is read
    rows: list[tuple[int, str]] = []
    clues: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if "=" in line:
            clues.extend((number, word) for word in line.split())
        elif clues:
            raise CageTextError(
                "a line of the map after the clues (give the map's N lines "
                "first, then the clues)",
                number,
            )
        else:
            # Space inside a line is ignored, as in a region map: "A A B B".
            rows.append((number, "".join(line.split())))
    if not rows:
        raise CageTextError("no map of cages (N lines of N labels, then the clues)")
    n = len(rows)
    for number, row in rows:
        if len(row) != n:
            raise CageTextError(
                f"{counted(len(row), 'label')}, not {n} (the map is N lines of "
                "N labels)",
                number,
            )
    map_lines: dict[str, int] = {}
    for number, row in rows:
        for label in row:
            map_lines.setdefault(label, number)
    clue_lines: dict[str, int] = {}
    for number, word in clues:
        clue_lines.setdefault(word.partition("=")[0], number)
    try:
        cages = read_cage_map(
            "\n".join(row for _, row in rows), " ".join(w for _, w in clues), n
        )
    except SudokuError as error:
        message = str(error)
        for label, number in (*clue_lines.items(), *map_lines.items()):
            if f"{label!r}" in message or f"{label}=" in message:
                raise CageTextError(message, number) from None
        raise CageTextError(message) from None
    # read_cage_map's order: each label's first cell.
    labels = tuple(label for label in map_lines if label != ".")
    try:
        read = read_cages(cages, n, disjoint=disjoint)
    except CageError as error:
        message = str(error).replace("; pass disjoint_cages=True to allow it", "")
        if not 0 <= error.index < len(labels):
            raise CageTextError(message) from None
        label = labels[error.index]
        message = message.replace(f"cages[{error.index}]", f"cage {label!r}")
        # Cells apart: the map's line; a clue that does not fit: the clue's.
        lines = map_lines if "not connected" in message else clue_lines
        raise CageTextError(message, lines[label], error.index) from None
    firsts = tuple(cell_text(n, cage.cells[0]) for cage in read)
    return CageText(cages, n, labels, map_lines, clue_lines, firsts)


# -- groups and combinations ---------------------------------------------------------


def cage_groups(cage: Cage, units: Regions) -> tuple[tuple[int, ...], ...]:
    """The groups of a cage: cells whose digits all differ (see :mod:`sudoku.cages`).

    A killer cage is one group.  Otherwise, the unit that holds the most
    cells of the cage not yet grouped makes the next group (the first
    such unit on a tie), until every cell is in one.

    >>> from sudoku.regions import regions_of
    >>> ell = Cage(6, "+", (0, 1, 5), 4, False)  # r1c1, r1c2, r2c2
    >>> cage_groups(ell, regions_of(4, None, "latin"))
    ((0, 1), (5,))
    >>> cage_groups(ell, regions_of(4, (2, 2)))
    ((0, 1, 5),)
    """
    if cage.distinct or len(cage.cells) == 1:
        return (cage.cells,)
    cell_units = units.cell_units
    left = list(cage.cells)
    groups: list[tuple[int, ...]] = []
    while left:
        counts: dict[int, int] = {}
        for cell in left:
            for u in cell_units[cell]:
                counts[u] = counts.get(u, 0) + 1
        best = min(counts, key=lambda u: (-counts[u], u))
        group = tuple(c for c in left if best in cell_units[c])
        groups.append(group)
        left = [c for c in left if best not in cell_units[c]]
    return tuple(groups)


@lru_cache(maxsize=4096)
def _sets(n: int, k: int, op: str, target: int) -> tuple[int, ...]:
    """The sets of ``k`` different digits of 1 to ``n`` whose sum (or product) is ``target``, as bit masks."""
    found: list[int] = []

    def add(low: int, count: int, left: int, mask: int) -> None:
        if count == 0:
            if left == (0 if op == "+" else 1):
                found.append(mask)
            return
        # The most the count - 1 digits after the first can add.
        rest = (count - 1) * n - (count - 1) * (count - 2) // 2
        for digit in range(low, n - count + 2):
            if op == "+":
                if count * digit + count * (count - 1) // 2 > left:
                    break
                if digit + rest < left:
                    continue
                add(digit + 1, count - 1, left - digit, mask | 1 << (digit - 1))
            elif left % digit == 0:
                add(digit + 1, count - 1, left // digit, mask | 1 << (digit - 1))

    if k > 0 and target > 0:
        add(1, k, target, 0)
    return tuple(found)


@lru_cache(maxsize=1024)
def _all_sets(n: int, k: int) -> tuple[int, ...]:
    """Every set of ``k`` different digits of 1 to ``n``, as bit masks."""
    found: list[int] = []

    def add(low: int, count: int, mask: int) -> None:
        if count == 0:
            found.append(mask)
            return
        for digit in range(low, n - count + 2):
            add(digit + 1, count - 1, mask | 1 << (digit - 1))

    add(1, k, 0)
    return tuple(found)


def _digits(mask: int) -> list[int]:
    digits = []
    while mask:
        low = mask & -mask
        digits.append(low.bit_length())
        mask ^= low
    return digits


def combinations(
    op: str, target: int, sizes: Sequence[int], n: int
) -> list[tuple[int, ...]]:
    """The combinations of a cage: a set of digits per group whose digits reach ``target``.

    Each combination gives each group as many different digits of 1 to
    ``n`` as it has cells, as a bit mask (digit ``d`` is ``1 << (d - 1)``);
    the digits of all the groups together (a digit may be in several)
    reach ``target`` by ``op``.  Whether the cells can take them (two cells
    of different groups in one row hold different digits) is left to
    :class:`CageConstraints`.

    :param op: ``"+"``, ``"-"``, ``"*"``, ``"/"`` or ``"="``.
    :param target: the target.
    :param sizes: the number of cells of each group.
    :param n: the largest digit.
    :returns: the combinations, each a tuple of one mask per group.
    :raises CageError: when there are more than :data:`MOST_COMBINATIONS`.

    >>> [[_digits(m) for m in combo] for combo in combinations("+", 7, [2], 4)]
    [[[3, 4]]]
    >>> [[_digits(m) for m in combo] for combo in combinations("*", 4, [1, 1], 4)]
    [[[1], [4]], [[2], [2]], [[4], [1]]]
    """
    found: list[tuple[int, ...]] = []
    if op in ("+", "*"):
        count = len(sizes)
        if op == "+":
            lows = [k * (k + 1) // 2 for k in sizes]
            highs = [k * n - k * (k - 1) // 2 for k in sizes]
            low_rest = [sum(lows[j:]) for j in range(count + 1)]
            high_rest = [sum(highs[j:]) for j in range(count + 1)]

        def add(j: int, left: int, masks: list[int]) -> None:
            if len(found) > MOST_COMBINATIONS:
                return
            if j == count - 1:
                for mask in _sets(n, sizes[j], op, left):
                    found.append((*masks, mask))
                return
            if op == "+":
                for part in range(
                    max(lows[j], left - high_rest[j + 1]),
                    min(highs[j], left - low_rest[j + 1]) + 1,
                ):
                    for mask in _sets(n, sizes[j], op, part):
                        add(j + 1, left - part, [*masks, mask])
            else:
                for mask in _all_sets(n, sizes[j]):
                    part = prod(_digits(mask))
                    if left % part == 0:
                        add(j + 1, left // part, [*masks, mask])

        add(0, target, [])
    else:
        # "-", "/", "=": one or two cells, one or two groups.
        choices = [_all_sets(n, k) for k in sizes]

        def add_any(j: int, masks: list[int]) -> None:
            if j == len(sizes):
                digits = [d for mask in masks for d in _digits(mask)]
                if _reaches(op, target, digits):
                    found.append(tuple(masks))
                return
            for mask in choices[j]:
                add_any(j + 1, [*masks, mask])

        add_any(0, [])
    if len(found) > MOST_COMBINATIONS:
        raise CageError(
            f"more than {MOST_COMBINATIONS:,} combinations of digits reach "
            f"{target}{op} on {counted(sum(sizes), 'cell')}"
        )
    return found


# -- implied cages (the law of 45) ---------------------------------------------------------


def _region_sets(units: Regions) -> list[tuple[int, int, str]]:
    """The sets of whole units whose digits' total is known: (units, cell mask, words)."""
    size = units.size
    family: list[tuple[int, int, str]] = []
    for u, unit in enumerate(units.units):
        family.append((1, sum(1 << c for c in unit), units.names[u]))
    for axis, first in (("rows", 0), ("columns", size)):
        masks = [sum(1 << c for c in units.units[first + k]) for k in range(size)]
        for start in range(size):
            mask = masks[start]
            for end in range(start + 1, size - 1 + (start > 0)):
                mask |= masks[end]
                family.append((end - start + 1, mask, f"{axis} {start + 1}-{end + 1}"))
    third = [u for u, kind in enumerate(units.kinds) if kind in ("box", "region")]
    if third and size <= _ALL_REGION_SETS:
        word = (
            units.kinds[third[0]] + "es"
            if units.kinds[third[0]] == "box"
            else "regions"
        )
        masks = [sum(1 << c for c in units.units[u]) for u in third]
        for chosen in range(1, 1 << len(third)):
            count = chosen.bit_count()
            if 1 < count < len(third):
                mask = 0
                numbers = []
                for k in range(len(third)):
                    if chosen >> k & 1:
                        mask |= masks[k]
                        numbers.append(str(k + 1))
                family.append((count, mask, f"{word} {', '.join(numbers)}"))
    return family


def region_sets(units: Regions) -> list[tuple[int, int, str]]:
    """The sets of whole units whose digits' total is known, as :func:`implied_cages` reads them.

    Each unit, each run of rows or of columns (but the whole grid), and
    up to 9x9 each set of boxes (or jigsaw regions) but one and all;
    each as ``(k, cells, words)``: its number of units ``k`` (its digits
    add up to ``k · N(N+1)/2`` and multiply to ``(N!)^k``), its cells as a
    bit mask (bit ``c`` for cell ``c``) and its name.

    >>> from sudoku.regions import regions_of
    >>> [(k, bin(cells), words) for k, cells, words in region_sets(regions_of(4, (2, 2)))][:1]
    [(1, '0b1111', 'row 1')]
    >>> [words for _, _, words in region_sets(regions_of(4, (2, 2)))][12:15]
    ['rows 1-2', 'rows 1-3', 'rows 2-3']
    """
    return _region_sets(units)


def implied_cages(cages: Sequence[Cage], units: Regions) -> list[Cage]:
    """The cages that the rules imply (the law of 45), up to :data:`MOST_IMPLIED_CELLS` cells each.

    For each set of whole units (a unit, a run of rows or of columns, a
    set of boxes or jigsaw regions up to 9x9) the digits add up to
    ``k · N(N+1)/2`` and multiply to ``(N!)^k`` for ``k`` units.  Take
    away the cages that lie inside it and whose digits' sum is known
    (killer and ``"+"`` cages, single cells, and the implied cages found
    before): the cells left (the *innies*) add up to what is left.  And
    the cages that reach into it, when all their sums are known, add up
    to that total plus the cells they have outside it (the *outies*).
    The same with products, for ``"*"`` cages.  Each set of innies or
    outies of one cell up to :data:`MOST_IMPLIED_CELLS` becomes an implied
    cage (``"+"`` or ``"*"``, digits may repeat where the units allow),
    once.  (:class:`CageConstraints` keeps those of one group.)

    :param cages: the cages of the puzzle.
    :param units: the grid's units.
    :returns: the implied cages (``index`` -1, ``origin`` saying where
        each comes from).

    >>> from sudoku.regions import regions_of
    >>> row = read_cages([(3, [(0, 0), (0, 1)]), (3, [(0, 2), (1, 2)])], 4)
    >>> [c.describe() for c in implied_cages(row, regions_of(4, (2, 2)))][:3]
    ['7+ on r1c3, r1c4', '7+ on r3c3, r4c3', '7+ on r2c1, r2c2']
    """
    known = {(frozenset(c.cells), "+" if c.distinct else c.op) for c in cages}
    masks = [sum(1 << c for c in cage.cells) for cage in cages]
    found: list[Cage] = []
    found_masks: list[int] = []
    family = _region_sets(units)
    for _ in range(2):
        for k, region, words in family:
            for kind in ("+", "*"):
                _innies(kind, k, region, words, cages, masks, found, found_masks, known)
                _outies(kind, k, region, words, cages, masks, found, found_masks, known)
    return found


def _known(cage: Cage, kind: str) -> int | None:
    """A cage's sum (``kind`` ``"+"``) or product (``"*"``) when its rule says it, else ``None``."""
    if cage.op == kind or cage.op == "=" or len(cage.cells) == 1:
        return cage.target
    return None


def _take(kind: str, total: int, part: int) -> int | None:
    """``total`` without ``part``: a difference, or an exact quotient (``None`` when there is none)."""
    if kind == "+":
        return total - part
    if part <= 0 or total % part:
        return None
    return total // part


def _whole_total(kind: str, units: int, size: int) -> int:
    """What ``units`` whole units add up to, or multiply to."""
    if kind == "+":
        return units * size * (size + 1) // 2
    return int(factorial(size) ** units)


def _keep(
    kind: str,
    target: int,
    cells: int,
    origin: str,
    size: int,
    found: list[Cage],
    found_masks: list[int],
    known: set[tuple[frozenset[int], str]],
) -> None:
    """Add an implied cage of ``cells``, if it is small enough and new."""
    if not 0 < cells.bit_count() <= MOST_IMPLIED_CELLS:
        return
    members = tuple(_bits(cells))
    key = (frozenset(members), kind)
    if key in known:
        return
    known.add(key)
    found.append(Cage(target, kind, members, size, False, -1, origin))
    found_masks.append(cells)


def _innies(
    kind: str,
    k: int,
    region: int,
    words: str,
    cages: Sequence[Cage],
    masks: list[int],
    found: list[Cage],
    found_masks: list[int],
    known: set[tuple[frozenset[int], str]],
) -> None:
    """The innies of ``region`` (``k`` whole units) by ``kind``, as an implied cage."""
    size = cages[0].size if cages else 0
    total: int | None = _whole_total(kind, k, size)
    left = region
    for cage, mask in zip(cages, masks, strict=True):
        if mask & ~region == 0 and total is not None:
            got = _known(cage, kind)
            if got is not None:
                left &= ~mask
                total = _take(kind, total, got)
    for cage, mask in zip(found, found_masks, strict=True):
        if cage.op == kind and mask & ~left == 0 and total is not None:
            left &= ~mask
            total = _take(kind, total, cage.target)
    if total is not None and left != region:
        _keep(
            kind,
            total,
            left,
            f"{words} outside its whole cages",
            size,
            found,
            found_masks,
            known,
        )


def _outies(
    kind: str,
    k: int,
    region: int,
    words: str,
    cages: Sequence[Cage],
    masks: list[int],
    found: list[Cage],
    found_masks: list[int],
    known: set[tuple[frozenset[int], str]],
) -> None:
    """The outies of ``region``: what the cages reaching into it have outside it."""
    size = cages[0].size if cages else 0
    covered = outside = 0
    values: list[int] = []
    for cage, mask in zip(cages, masks, strict=True):
        if mask & region:
            got = _known(cage, kind)
            if got is None:
                return
            values.append(got)
            covered |= mask
            outside |= mask & ~region
    if not outside or covered & region != region:
        return
    whole = sum(values) if kind == "+" else prod(values)
    total = _take(kind, whole, _whole_total(kind, k, size))
    if total is not None:
        origin = f"what the cages reaching into {words} have outside it"
        _keep(kind, total, outside, origin, size, found, found_masks, known)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# -- the cages of one puzzle, pruned ------------------------------------------------


class CageConstraints:
    """The cages of one puzzle: their groups, their combinations, and the pruning.

    Built by :func:`sudoku.encode` from the cages read by
    :func:`read_cages` and the grid's units: the cages given, then (with
    ``implied``) the cages that the rules imply (:func:`implied_cages`).
    :meth:`prune` narrows the digits of the cells and the combinations
    of the cages; the encoding then reads ``live`` and the groups.

    :param cages: the cages, checked by :func:`read_cages`.
    :param units: the grid's units.
    :param implied: add the implied cages.
    :raises CageError: for a cage that no digits can fill (naming it), or
        one with more than :data:`MOST_COMBINATIONS` combinations.

    :ivar cages: every cage, the given ones first.
    :ivar groups: the groups of each cage (:func:`cage_groups`).
    :ivar live: the combinations of each cage that are still possible.
    :ivar member: for each cell, ``(cage, group)`` of each cage it is in.
    :ivar in_unit: for each cage and group, whether the group's cells
        share a unit (else only the killer rule keeps its digits apart).

    >>> from sudoku.regions import regions_of
    >>> cages = read_cages([(3, [(0, 0), (0, 1)]), (7, [(1, 0), (1, 1)])], 4)
    >>> constraints = CageConstraints(cages, regions_of(4, (2, 2)))
    >>> allow = [15] * 16
    >>> constraints.prune([0] * 16, [15] * 12, allow, deep=True)
    True
    >>> allow[:8]  # {1, 2} then {3, 4} on row 1, the other way round on row 2
    [3, 3, 12, 12, 12, 12, 3, 3]
    >>> constraints.prune([0] * 16, [15] * 12, allow, deep=True)
    False
    """

    __slots__ = (
        "cages",
        "differ",
        "given",
        "group_of",
        "groups",
        "in_unit",
        "live",
        "member",
        "positions",
        "seen",
        "size",
        "units",
    )

    def __init__(
        self, cages: Sequence[Cage], units: Regions, *, implied: bool = True
    ) -> None:
        size = units.size
        self.size = size
        self.units = units
        self.given = tuple(cages)
        self.cages: list[Cage] = []
        self.groups: list[tuple[tuple[int, ...], ...]] = []
        self.live: list[list[tuple[int, ...]]] = []
        self.in_unit: list[list[bool]] = []
        #: Per cage, its cells group by group, and each one's group.
        self.positions: list[tuple[int, ...]] = []
        self.group_of: list[tuple[int, ...]] = []
        #: Per cage and position, the positions whose digit must differ.
        self.differ: list[tuple[tuple[int, ...], ...]] = []
        self.member: list[list[tuple[int, int]]] = [[] for _ in range(size * size)]
        #: Per cage, its cells' digits when its combinations were last
        #: checked against them (``None``: never).
        self.seen: list[tuple[int, ...] | None] = []
        for cage in cages:
            if cage.size != size:
                raise CageError(
                    f"{cage.name()} is for {grid(cage.size)}, not {grid(size)}",
                    cage.index,
                )
            self._add(cage, real=True)
        if implied and cages:
            for cage in implied_cages(cages, units):
                self._add(cage, real=False)

    def _add(self, cage: Cage, real: bool) -> None:
        units = self.units
        cell_units = units.cell_units
        groups = cage_groups(cage, units)
        if not real and (
            len(groups) > MOST_IMPLIED_GROUPS or len(groups[0]) == self.size
        ):
            return  # too loose to pay, or a whole unit (all the digits)
        try:
            combos = combinations(
                cage.op, cage.target, [len(g) for g in groups], self.size
            )
        except CageError as error:
            if not real:
                return
            raise CageError(f"{cage.name()}: {error}", cage.index) from None
        if not real and len(combos) > MOST_IMPLIED_COMBINATIONS:
            return
        positions = tuple(c for group in groups for c in group)
        group_of = tuple(j for j, group in enumerate(groups) for _ in group)
        shared = [set(cell_units[c]) for c in positions]
        differ = tuple(
            tuple(
                q
                for q in range(len(positions))
                if q != p and (group_of[q] == group_of[p] or shared[p] & shared[q])
            )
            for p in range(len(positions))
        )
        full = (1 << self.size) - 1
        if len(groups) > 1:
            # Combinations that the cells cannot take, rows and columns apart.
            opens = [full] * len(positions)
            combos = [
                c for c in combos if _fits(c, group_of, opens, differ) is not None
            ]
        if not combos and real:
            raise CageError(_no_digits(cage), cage.index)
        k = len(self.cages)
        self.cages.append(cage)
        self.groups.append(groups)
        self.live.append(combos)
        self.seen.append(None)
        self.positions.append(positions)
        self.group_of.append(group_of)
        self.differ.append(differ)
        self.in_unit.append(
            [bool(set.intersection(*(set(cell_units[c]) for c in g))) for g in groups]
        )
        for j, group in enumerate(groups):
            for cell in group:
                self.member[cell].append((k, j))

    def fixed(self, k: int, values: Sequence[int]) -> list[int] | None:
        """The digits that filled cells give each group of cage ``k``; ``None`` for a repeat."""
        fixed = [0] * len(self.groups[k])
        for cell, j in zip(self.positions[k], self.group_of[k], strict=True):
            value = values[cell]
            if value:
                bit = 1 << (value - 1)
                if fixed[j] & bit:
                    return None
                fixed[j] |= bit
        return fixed

    def prune(
        self,
        values: Sequence[int],
        free: Sequence[int],
        allow: list[int],
        *,
        deep: bool = True,
    ) -> bool:
        """Narrow the cells' digits (``allow``) and the cages' combinations; whether anything changed.

        A combination is dropped when it leaves out a digit of a filled
        cell of a group, and (``deep``) when the open cells cannot take
        its digits (each cell a digit that its units still lack and that
        ``allow`` lets it hold, different where they must differ).  An
        open cell keeps only the digits that the combinations left give
        its group, in each of its cages.

        :param values: each cell's digit, 0 for an open cell.
        :param free: each unit's missing digits (as the encoding keeps them).
        :param allow: each cell's possible digits, narrowed in place.
        :param deep: also drop the combinations that the cells cannot take.
        :raises CageContradiction: when a cage has no combination left.
        """
        changed = False
        cell_units = self.units.cell_units
        for k in range(len(self.cages)):
            positions = self.positions[k]
            group_of = self.group_of[k]
            fixed = self.fixed(k, values)
            if fixed is None:
                raise CageContradiction(self.cages[k])
            opens = []
            for cell in positions:
                if values[cell]:
                    opens.append(0)
                    continue
                bits = allow[cell]
                for u in cell_units[cell]:
                    bits &= free[u]
                opens.append(bits)
            seen = tuple(opens)
            if deep and self.seen[k] == seen:
                continue  # nothing new since its last pruning
            differ = self.differ[k]
            single = len(fixed) == 1
            live = []
            for combo in self.live[k]:
                if not all(m & f == f for m, f in zip(combo, fixed, strict=True)):
                    continue
                if deep:
                    need = combo[0] & ~fixed[0]
                    if not (single and all(o & need == need for o in opens if o)) and (
                        _fits(combo, group_of, opens, differ, fixed) is None
                    ):
                        continue
                live.append(combo)
            if not live:
                raise CageContradiction(self.cages[k])
            if len(live) != len(self.live[k]):
                self.live[k] = live
                changed = True
            reach = [0] * len(fixed)
            for combo in live:
                for j, mask in enumerate(combo):
                    reach[j] |= mask & ~fixed[j]
            narrowed_any = False
            for cell, j in zip(positions, group_of, strict=True):
                if not values[cell]:
                    narrowed = allow[cell] & reach[j]
                    if narrowed != allow[cell]:
                        allow[cell] = narrowed
                        narrowed_any = True
            if narrowed_any:
                changed = True
            elif deep:
                self.seen[k] = seen
        return changed

    def placements(
        self, k: int, values: Sequence[int], opens: Sequence[int]
    ) -> Iterator[tuple[tuple[int, int], ...]]:
        """Every way to fill the open cells of cage ``k``: ``(cell, digit)`` pairs.

        :param values: each cell's digit, 0 for an open cell.
        :param opens: each position's possible digits (0 for a filled cell).
        """
        fixed = self.fixed(k, values) or [0] * len(self.groups[k])
        positions = self.positions[k]
        if any(not opens[p] and not values[c] for p, c in enumerate(positions)):
            return  # an open cell that no digit fits: no filling at all
        group_of = self.group_of[k]
        differ = self.differ[k]
        seen: set[tuple[tuple[int, int], ...]] = set()
        for combo in self.live[k]:
            for digits in _fillings(combo, group_of, opens, differ, fixed):
                found = tuple(
                    (positions[p], d)
                    for p, d in enumerate(digits)
                    if not values[positions[p]]
                )
                if found not in seen:
                    seen.add(found)
                    yield found


def _no_digits(cage: Cage) -> str:
    """Why no digits fill ``cage``, for :class:`CageError`."""
    n = cage.size
    count = len(cage.cells)
    if count == 1 and cage.op in ("+", "*", "="):
        return f"{cage.name()}: one cell cannot hold {cage.target} (digits go from 1 to {n})"
    if cage.distinct:
        return (
            f"{cage.name()}: no {count} different digits from 1 to {n} add up "
            f"to {cage.target}"
        )
    return (
        f"{cage.name()}: no digits from 1 to {n} make {cage.target}{cage.op} on "
        f"its {counted(count, 'cell')} (digits repeat only outside a row, "
        "column or box)"
    )


def _fits(
    combo: Sequence[int],
    group_of: Sequence[int],
    opens: Sequence[int],
    differ: Sequence[Sequence[int]],
    fixed: Sequence[int] | None = None,
) -> tuple[int, ...] | None:
    """One way for the open cells to take a combination's digits, or ``None``."""
    return next(_fillings(combo, group_of, opens, differ, fixed), None)


def _fillings(
    combo: Sequence[int],
    group_of: Sequence[int],
    opens: Sequence[int],
    differ: Sequence[Sequence[int]],
    fixed: Sequence[int] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Every way for the open cells (``opens[p]`` non-zero) to take a combination's digits.

    Each open cell takes a digit of its group's set that the filled cells
    of the group do not hold, within ``opens[p]``; cells that must differ
    (``differ``) differ.  Filled cells (``opens[p] == 0``) count as 0.
    """
    size = len(group_of)
    need = [
        combo[j] & ~(fixed[j] if fixed is not None else 0) for j in range(len(combo))
    ]
    choice = [opens[p] & need[group_of[p]] for p in range(size)]
    order = sorted(
        (p for p in range(size) if opens[p]), key=lambda p: choice[p].bit_count()
    )
    digits = [0] * size
    if any(not choice[p] for p in order):
        return

    def place(t: int) -> Iterator[tuple[int, ...]]:
        if t == len(order):
            yield tuple(digits)
            return
        p = order[t]
        bits = choice[p]
        for q in differ[p]:
            if digits[q]:
                bits &= ~(1 << (digits[q] - 1))
        while bits:
            low = bits & -bits
            bits ^= low
            digits[p] = low.bit_length()
            yield from place(t + 1)
        digits[p] = 0

    yield from place(0)
