"""The units of a sudoku grid: rows, columns, boxes or jigsaw regions, and extras.

A *unit* is a set of N cells that must hold each of the N symbols once.
Every grid has its N rows and N columns; the third kind is its N boxes,
or, for a jigsaw sudoku, the N irregular regions of a map given with
``regions=``.  A ``variant=`` adds extra units:

* ``"x"`` (X-sudoku): the two main diagonals;
* ``"windoku"`` (also ``"hyper"``): extra windows of a box's shape, one
  row and one column apart from each other and from the edges, as many
  as fit: the four windows of a 9x9 grid are its rows 2-4 and 6-8 by
  columns 2-4 and 6-8; a 4x4 grid has one (its centre), a 16x16 grid
  nine, a 6x6 grid with 2x3 boxes one (rows 2-3, columns 2-4);
* both at once: ``"x+windoku"``;
* ``"latin"``: no boxes at all, only rows and columns (a latin square,
  the grid of KenKen and of most arithmetic-cage puzzles); any size goes,
  and ``"x+latin"`` adds the diagonals.  It does not go with windows or
  with a jigsaw map (both replace or sit between boxes).

:class:`Regions` describes the units of one grid shape once; the
exact-cover encoding (:func:`sudoku.encode`), its propagation and the
checks of :func:`sudoku.check` all take their units from it, and other
code can ask :func:`sudoku.regions_of` for "every unit of this grid".
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, islice, permutations

from dlx.textformat import split_words, strip_space
from sudoku.errors import GridSizeError, RegionError
from sudoku.grid import GridLike, box_shape, is_array, whole_number
from sudoku.wording import counted, grid

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from sudoku.grid import ArrayLike

__all__ = [
    "VARIANTS",
    "Regions",
    "has_boxes",
    "leftover_proof",
    "read_region_map",
    "regions_of",
    "variant_name",
]

#: The variant names :func:`sudoku.regions_of` knows, with what each adds
#: (``"latin"`` takes away: the boxes).
VARIANTS = {
    "x": "the two main diagonals",
    "windoku": "the extra windows between the boxes (hyper sudoku)",
    "latin": "no boxes: only rows and columns (a latin square, as in KenKen)",
}
_ALIASES = {"hyper": "windoku", "diagonal": "x"}


class Regions:
    """Every unit of one grid shape, built once and shared (see :mod:`sudoku.regions`).

    Units are numbered: rows ``0 .. N-1``, columns ``N .. 2N-1``, boxes or
    jigsaw regions ``2N .. 3N-1``, then the extra units of the variant
    (a ``"latin"`` grid has no boxes: its extra units start at ``2N``).

    :ivar size: N.
    :ivar box: the box shape ``(rows, columns)``, or ``None`` when jigsaw
        regions replace the boxes or there are none (``"latin"``).
    :ivar variant: the variant's canonical name (``"x"``, ``"windoku"``,
        ``"x+windoku"``), or ``None``.
    :ivar region_of: for a jigsaw grid, the region (0 to N-1) of each cell,
        row by row; ``None`` otherwise.
    :ivar labels: for a jigsaw grid, each region's label as the map wrote
        it (in order of first appearance); ``()`` otherwise.
    :ivar units: the units, each a tuple of N cells (``row * N + column``).
    :ivar kinds: the kind of each unit: ``"row"``, ``"column"``, ``"box"``,
        ``"region"``, ``"diagonal"`` or ``"window"``.
    :ivar names: each unit as a message names it (``"row 3"``,
        ``"box 2 (rows 1-3, columns 4-6)"``, ``"region 'B'"``...).
    :ivar cell_units: for each cell, the units it belongs to: its row,
        column and box (or region) first, then any extra units.
    :ivar plain: whether every cell is in exactly three units (no extra
        units): ``regions_of(9, (3, 3)).plain`` is true, and so is any
        grid whose cells each have three units (the encoding's fast path).

    >>> hyper = regions_of(9, (3, 3), "windoku")
    >>> len(hyper.units), hyper.kinds[-1], hyper.names[-1]
    (31, 'window', 'window 4 (rows 6-8, columns 6-8)')
    >>> hyper.cell_units[10]  # row 2, column 2: its row, column, box and window
    (1, 10, 18, 27)
    """

    __slots__ = (
        "box",
        "cell_units",
        "kinds",
        "labels",
        "names",
        "offsets",
        "plain",
        "region_of",
        "size",
        "units",
        "variant",
    )

    def __init__(
        self,
        size: int,
        box: tuple[int, int] | None,
        variant: str | None,
        region_of: tuple[int, ...] | None,
        labels: tuple[Hashable, ...],
        units: list[tuple[int, ...]],
        kinds: list[str],
        names: list[str],
    ) -> None:
        self.size = size
        self.box = box
        self.variant = variant
        self.region_of = region_of
        self.labels = labels
        self.units = tuple(units)
        self.kinds = tuple(kinds)
        self.names = tuple(names)
        member: list[list[int]] = [[] for _ in range(size * size)]
        for u, unit in enumerate(units):
            for cell in unit:
                member[cell].append(u)
        self.cell_units = tuple(tuple(us) for us in member)
        #: Per cell, where each of its units' symbol items start in a
        #: table of N items per unit, minus 1 for value 1 (for the encoding).
        self.offsets = tuple(tuple(u * size - 1 for u in us) for us in member)
        self.plain = all(len(us) == 3 for us in member)

    def __repr__(self) -> str:
        if self.box is not None:
            third = f"boxes {self.box}"
        else:
            third = "no boxes" if self.region_of is None else "jigsaw regions"
        extra = f", variant {self.variant!r}" if self.variant else ""
        return f"<Regions {self.size}x{self.size}, {third}{extra}: {len(self.units)} units>"


def _variant_parts(variant: object) -> tuple[str, ...]:
    """The canonical parts of a variant name (``()`` for none), or RegionError."""
    if variant is None:
        return ()
    if not isinstance(variant, str):
        raise RegionError(f"variant={variant!r} is not a string")
    parts: list[str] = []
    for word in variant.replace(",", "+").split("+"):
        name = word.strip().lower()
        name = _ALIASES.get(name, name)
        if not name and variant.strip():
            continue
        if name not in VARIANTS:
            known = ", ".join(repr(v) for v in VARIANTS)
            raise RegionError(
                f"unknown variant {word.strip()!r}: the variants are {known} "
                "(or several joined by '+', e.g. 'x+windoku')"
            )
        if name not in parts:
            parts.append(name)
    return tuple(v for v in VARIANTS if v in parts)


def variant_name(variant: object) -> str | None:
    """A variant's canonical name: aliases resolved, parts in one order (``None`` for none).

    Two names of one variant (``"X"`` and ``"x"``, ``"hyper"`` and
    ``"windoku"``, ``"windoku+x"`` and ``"x+windoku"``) give the same name.

    :param variant: a variant name, as for :func:`sudoku.regions_of`.
    :returns: the canonical name, or ``None`` for no variant.
    :raises RegionError: for an unknown variant.

    >>> variant_name("Hyper+X"), variant_name(None)
    ('x+windoku', None)
    """
    parts = _variant_parts(variant)
    return "+".join(parts) if parts else None


def has_boxes(variant: object = None) -> bool:
    """Whether a grid of this variant has boxes: all but ``"latin"`` do.

    The solving functions read a grid of a variant without boxes as
    :meth:`sudoku.Grid.parse` reads one with ``boxes=False`` (any size).

    :param variant: a variant name, as for :func:`sudoku.regions_of`.
    :returns: ``False`` for ``"latin"`` (alone or joined to ``"x"``).
    :raises RegionError: for an unknown variant.

    >>> has_boxes("x"), has_boxes(None), has_boxes("x+latin")
    (True, True, False)
    """
    return "latin" not in _variant_parts(variant)


def regions_of(
    size: int,
    box: tuple[int, int] | None,
    variant: str | None = None,
    region_map: Sequence[Hashable] | None = None,
) -> Regions:
    """The units of an N x N grid with the given boxes, variant and jigsaw map.

    Results are cached: asking twice for the same shape costs nothing.

    :param size: N, an int of at least 1.
    :param box: the box shape ``(rows, columns)``, whose product is N;
        ``None`` for the size's default shape (as :func:`sudoku.box_shape`
        chooses it); ignored when ``region_map`` is given or the variant
        is ``"latin"``.
    :param variant: ``None``, ``"x"``, ``"windoku"`` (or ``"hyper"``),
        ``"latin"`` (no boxes), or several joined by ``+``.
    :param region_map: for a jigsaw grid, the N² region labels, row by row
        (as :func:`read_region_map` returns them); ``None`` for boxes.
    :returns: the units.
    :raises GridSizeError: when ``size`` is not an int of at least 1, or
        the map does not have N² labels.
    :raises BoxShapeError: when ``box`` is not a pair of positive ints
        that multiply to N, or is ``None`` for a size without a box shape
        of its own (a prime above 1, such as 5 or 7).
    :raises RegionError: for an unknown variant, a variant that does not
        fit the grid (windoku needs boxes of at least 2x2... and no jigsaw
        map; latin, no map and no windows), or a map whose regions are not
        N regions of N cells.

    >>> regions_of(5, None, "latin")
    <Regions 5x5, no boxes, variant 'latin': 10 units>
    >>> regions_of(4, (2, 2), "x").names[-2:]
    ('diagonal 1 (top left to bottom right)', 'diagonal 2 (top right to bottom left)')
    >>> regions_of(4, None, None, "AABB" "AABB" "CCDD" "CCCD")
    Traceback (most recent call last):
      ...
    sudoku.errors.RegionError: region 'C' has 5 cells and region 'D' has 3: each region of a 4x4 grid needs 4 (region 'C': row 3, columns 1-2, row 4, columns 1-3)
    >>> regions_of(12, (2, 4))
    Traceback (most recent call last):
      ...
    sudoku.errors.BoxShapeError: box=(2, 4) does not fit a 12x12 grid: rows x columns must be 12
    """
    if type(size) is not int:
        if isinstance(size, bool) or not hasattr(type(size), "__index__"):
            raise GridSizeError(
                f"size={size!r} is not a grid size: it must be an int of at least 1",
                0,
            )
        size = size.__index__()  # numpy's integers
    if size < 1:
        raise GridSizeError(
            f"size={size!r} is not a grid size: it must be an int of at least 1",
            size,
        )
    parts = _variant_parts(variant)
    labels = None if region_map is None else tuple(region_map)
    if "latin" in parts:
        if labels is not None:
            raise RegionError(
                "variant 'latin' has no boxes and no regions; "
                "it does not go with a jigsaw map (regions=)"
            )
        if "windoku" in parts:
            raise RegionError(
                "variant 'windoku' places its windows between the boxes; "
                "it does not go with variant 'latin', which has none"
            )
        box = None
    elif labels is not None:
        box = None
    elif not _fits(size, box):
        box = box_shape(size, box)
    return _regions(size, box, parts, labels)


def _fits(size: int, box: object) -> bool:
    """Whether ``box`` is a pair of positive ints that multiply to ``size`` (the quick check)."""
    return (
        type(box) is tuple
        and len(box) == 2
        and type(box[0]) is int
        and type(box[1]) is int
        and box[0] > 0
        and box[0] * box[1] == size
    )


@lru_cache(maxsize=64)
def _regions(
    size: int,
    box: tuple[int, int] | None,
    parts: tuple[str, ...],
    region_map: tuple[Hashable, ...] | None,
) -> Regions:
    units: list[tuple[int, ...]] = []
    kinds: list[str] = []
    names: list[str] = []
    for r in range(size):
        units.append(tuple(range(r * size, (r + 1) * size)))
        kinds.append("row")
        names.append(f"row {r + 1}")
    for c in range(size):
        units.append(tuple(range(c, size * size, size)))
        kinds.append("column")
        names.append(f"column {c + 1}")
    region_of: tuple[int, ...] | None = None
    labels: tuple[Hashable, ...] = ()
    if region_map is not None:
        region_of, labels = _jigsaw(size, region_map)
        members: list[list[int]] = [[] for _ in labels]
        for cell, region in enumerate(region_of):
            members[region].append(cell)
        for label, cells in zip(labels, members, strict=True):
            units.append(tuple(cells))
            kinds.append("region")
            names.append(_region_name(label))
    elif "latin" not in parts:
        assert box is not None
        box_rows, box_cols = box
        for top in range(0, size, box_rows):
            for left in range(0, size, box_cols):
                units.append(_rectangle(size, top, left, box_rows, box_cols))
                kinds.append("box")
                names.append(
                    f"box {len(units) - 2 * size} (rows {top + 1}-{top + box_rows}, "
                    f"columns {left + 1}-{left + box_cols})"
                )
    variant = "+".join(parts) or None
    if "x" in parts:
        units.append(tuple(k * size + k for k in range(size)))
        kinds.append("diagonal")
        names.append("diagonal 1 (top left to bottom right)")
        units.append(tuple(k * size + size - 1 - k for k in range(size)))
        kinds.append("diagonal")
        names.append("diagonal 2 (top right to bottom left)")
    if "windoku" in parts:
        if box is None:
            raise RegionError(
                "variant 'windoku' places its windows between the boxes; "
                "it does not go with jigsaw regions (regions=)"
            )
        box_rows, box_cols = box
        if box_rows < 2 or box_cols < 2:
            raise RegionError(
                f"variant 'windoku' needs boxes of at least 2x2; {grid(size)} "
                f"with {box_rows}x{box_cols} boxes has no window between them"
            )
        count = 0
        for top in range(1, size - box_rows, box_rows + 1):
            for left in range(1, size - box_cols, box_cols + 1):
                count += 1
                units.append(_rectangle(size, top, left, box_rows, box_cols))
                kinds.append("window")
                names.append(
                    f"window {count} (rows {top + 1}-{top + box_rows}, "
                    f"columns {left + 1}-{left + box_cols})"
                )
    return Regions(size, box, variant, region_of, labels, units, kinds, names)


def _rectangle(size: int, top: int, left: int, rows: int, cols: int) -> tuple[int, ...]:
    return tuple(
        (top + dr) * size + left + dc for dr in range(rows) for dc in range(cols)
    )


def _region_name(label: Hashable) -> str:
    return f"region {label!r}" if isinstance(label, str) else f"region {label}"


def _cells_text(size: int, cells: Sequence[int]) -> str:
    """``row 3, columns 1-2, row 4, columns 1-3``: a region's cells, row by row."""
    parts: list[str] = []
    runs: dict[int, list[int]] = {}
    for cell in cells:
        runs.setdefault(cell // size, []).append(cell % size)
    for r, columns in runs.items():
        spans: list[str] = []
        start = prev = columns[0]
        for c in [*columns[1:], None]:
            if c is not None and c == prev + 1:
                prev = c
                continue
            spans.append(f"{start + 1}" if start == prev else f"{start + 1}-{prev + 1}")
            if c is not None:
                start = prev = c
        word = "column" if len(columns) == 1 else "columns"
        parts.append(f"row {r + 1}, {word} {', '.join(spans)}")
    return ", ".join(parts)


def _jigsaw(
    size: int, region_map: tuple[Hashable, ...]
) -> tuple[tuple[int, ...], tuple[Hashable, ...]]:
    """Number the regions of a map by first appearance; check N regions of N cells."""
    if len(region_map) != size * size:
        raise GridSizeError(
            f"the region map has {counted(len(region_map), 'cell')}; "
            f"{grid(size)} has {size * size}",
            len(region_map),
            size * size,
        )
    index: dict[Hashable, int] = {}
    region_of: list[int] = []
    for label in region_map:
        region_of.append(index.setdefault(label, len(index)))
    labels = tuple(index)
    sizes = [0] * len(labels)
    for region in region_of:
        sizes[region] += 1
    if len(labels) != size or any(n != size for n in sizes):
        wrong = [(labels[k], n) for k, n in enumerate(sizes) if n != size]
        described = " and ".join(
            f"{_region_name(label)} has {counted(n, 'cell')}"
            if k == 0
            else f"{_region_name(label)} has {n}"
            for k, (label, n) in enumerate(wrong[:3])
        )
        if len(wrong) > 3:
            described += f" (and {len(wrong) - 3} more)"
        first = wrong[0][0]
        cells = [k for k, label in enumerate(region_map) if label == first]
        where = f"{_region_name(first)}: {_cells_text(size, cells)}"
        if len(labels) != size:
            raise RegionError(
                f"the region map has {counted(len(labels), 'region')}; "
                f"{grid(size)} needs {size} regions of {size} cells each "
                f"({described}; {where})"
            )
        raise RegionError(
            f"{described}: each region of {grid(size)} needs {size} ({where})"
        )
    return tuple(region_of), labels


def read_region_map(
    regions: GridLike | ArrayLike, size: int | None = None
) -> tuple[Hashable, ...]:
    """Read a jigsaw map: one region label per cell, in any grid form.

    The map may be a string of N² characters, a multi-line string (white
    space inside a line is ignored, so ``"A A B B"`` is a row of four
    cells), a list of N strings, a list of N lists of labels (characters
    or ints, NumPy's too) or a NumPy array.  Any characters or numbers
    serve as labels, ``.`` and digits included: a label is only a name.

    :param regions: the map.
    :param size: N, to check the number of cells against; ``None`` takes
        it from the map.
    :returns: the N² labels, row by row.
    :raises GridSizeError: when the map is not N rows of N cells (or not
        of the grid's size).
    :raises RegionError: when ``regions`` is not a map at all.

    >>> read_region_map(["AAB", "ABB", "CCC"])
    ('A', 'A', 'B', 'A', 'B', 'B', 'C', 'C', 'C')
    >>> read_region_map([[1, 1], [2, 2]], 2)
    (1, 1, 2, 2)
    """
    if is_array(regions):
        regions = regions.tolist()  # type: ignore[union-attr]
    labels: list[Hashable]
    rows: list[Any]
    if isinstance(regions, str):
        rows = [
            "".join(split_words(line)) for line in strip_space(regions).splitlines()
        ]
        rows = [row for row in rows if row]
        if len(rows) == 1:
            labels = list(rows[0])
            rows = []
        else:
            labels = []
    elif isinstance(regions, Sequence) and regions:
        rows = list(regions)
        labels = []
    else:
        raise RegionError(
            f"regions={regions!r} is not a region map: give one label per cell "
            "(a string, a list of rows, an array)"
        )
    if rows:
        width = len(rows)
        if not isinstance(rows[0], str | Sequence) or (
            len(rows) > 1 and all(isinstance(x, str) and len(x) == 1 for x in rows)
        ):
            # A flat list of N² labels (a 1-D array, a list of characters).
            labels = [_label(x) for x in rows]
        else:
            for r, row in enumerate(rows, 1):
                if not isinstance(row, str | Sequence):
                    raise RegionError(
                        f"row {r} of the region map is {type(row).__name__}, "
                        "not a row of labels"
                    )
                if len(row) != width:
                    raise GridSizeError(
                        f"row {r} of the region map has {counted(len(row), 'cell')}; "
                        f"a map of {width} rows needs {width} in every row",
                        len(row),
                        width,
                    )
                labels.extend(_label(x) for x in row)
    if size is not None and len(labels) != size * size:
        raise GridSizeError(
            f"the region map has {counted(len(labels), 'cell')}; "
            f"{grid(size)} has {size * size}",
            len(labels),
            size * size,
        )
    return tuple(labels)


def _label(cell: object) -> Hashable:
    """A map cell as a label: NumPy integers become ints; unhashable cells are refused."""
    value = whole_number(cell)
    if value is not None:
        return value
    if isinstance(cell, str) and len(cell.strip()) == 1:
        return cell.strip()
    if isinstance(cell, Hashable) and not isinstance(cell, str):
        return cell
    raise RegionError(f"region label {cell!r} is not a single character or a number")


# -- the law of leftovers: maps that no complete grid fits -------------------------

#: The most leftover cells on each side that :func:`leftover_proof` pairs
#: off (beyond, pairings are many and rarely fail).
_MOST_LEFTOVERS = 3
#: The most choices of regions it tries for one set of lines (regions tied
#: for the last place among the k with the most cells in the lines).
_MOST_CHOICES = 32
#: Up to this size every set of rows (and of columns) is looked at; beyond,
#: the runs of consecutive ones.
_ALL_LINE_SETS = 9


def leftover_proof(units: Regions) -> str | None:
    """Why no complete grid fits a jigsaw map, when the law of leftovers shows it.

    Any k rows hold each symbol k times, and so do any k regions.  Take
    the k regions with the most cells in the rows: the cells of the rows
    outside those regions (the *innies*) then hold the same symbols, as
    many times each, as the cells of those regions outside the rows (the
    *outies*) -- and the same goes for columns.  One innie and one outie
    hold the same symbol, so they must not share a row, column, region
    (or diagonal); such equalities chain from one set of lines to the
    next.  Two or three of each must pair off into equal symbols, each
    pair outside any common unit.  When that fails somewhere, no complete
    grid fits the map, whatever the symbols: this is a proof, and the
    message says it (cells numbered from 1).

    The exact-cover search cannot see these counting arguments, and on
    such a map it may search for a very long time before it has tried
    everything.  Every set of rows and of columns is looked at up to 9x9,
    the runs of consecutive ones beyond (a few milliseconds for 9x9).

    :param units: the units of the grid (:func:`sudoku.regions_of`).
    :returns: the reason, or ``None`` when the leftovers prove nothing:
        a map without a jigsaw (boxes), or one that may well have complete
        grids (``None`` is no promise that it has one).

    >>> print(leftover_proof(regions_of(4, None, None, "AABB" "ACBB" "CCDD" "CADD")))
    rows 1-2 hold each symbol twice, as regions 'A' and 'B' do, so row 2, column 2 holds the same symbol as row 4, column 2; but row 2, column 2 and row 4, column 2 are both in column 2
    >>> leftover_proof(regions_of(4, None, None, "AABB" "AABB" "CCDD" "CCDD")) is None
    True
    """
    region_of = units.region_of
    if region_of is None:
        return None
    size = units.size
    members: list[list[int]] = [[] for _ in range(size)]
    for cell, region in enumerate(region_of):
        members[region].append(cell)
    facts = list(_leftovers(units, members))
    seen = [set(us) for us in units.cell_units]
    # Cells known to hold the same symbol: a union-find over the cells, with
    # the links that joined them (cell, other cell, why), for the message.
    parent = list(range(size * size))
    classes: dict[int, list[int]] = {}
    links: dict[int, list[tuple[int, str]]] = {}

    def find(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    def clash(a: int, b: int) -> tuple[int, int, int] | None:
        """Two cells of the classes of ``a`` and ``b`` in one unit: (cell, cell, unit)."""
        for p in classes.get(find(a), [a]):
            for q in classes.get(find(b), [b]):
                shared = seen[p] & seen[q]
                if shared and p != q:
                    return p, q, min(shared)
        return None

    def join(a: int, b: int, why: str) -> str | None:
        """Record that ``a`` and ``b`` hold the same symbol; the proof if they cannot."""
        links.setdefault(a, []).append((b, why))
        links.setdefault(b, []).append((a, why))
        bad = clash(a, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            classes[rb] = classes.pop(rb, [b]) + classes.pop(ra, [a])
        if bad is None:
            return None
        p, q, unit = bad
        steps = "; and ".join(
            f"{reason}, so {_cell(size, x)} holds the same symbol as {_cell(size, y)}"
            for x, y, reason in _chain(links, p, q)
        )
        return (
            f"{steps}; but {_cell(size, p)} and {_cell(size, q)} are both "
            f"in {units.names[unit]}"
        )

    def apart(a: int, b: int) -> str:
        """Why ``a`` and ``b`` (which may not hold the same symbol) cannot."""
        p, q, unit = clash(a, b) or (a, b, -1)
        both = f"{_cell(size, p)} and {_cell(size, q)} are both in {units.names[unit]}"
        if (p, q) == (a, b):
            return f"{_cell(size, a)} and {_cell(size, b)} cannot: {both}"
        steps = [
            f"{reason}, so {_cell(size, x)} holds the same symbol as {_cell(size, y)}"
            for start, goal in ((a, p), (b, q))
            for x, y, reason in _chain(links, start, goal)
        ]
        return (
            f"{_cell(size, a)} and {_cell(size, b)} cannot, since "
            f"{' and '.join(steps)}, and {both}"
        )

    # Pairings of the leftovers into equal symbols: when none is left, no
    # grid; when one is, its pairs hold equal symbols in every grid (equal
    # innies make every pairing one of equal symbols); repeat while that
    # teaches something.
    changed = True
    while changed:
        changed = False
        for said, innies, outies, lines, regions in facts:
            pairings = [
                order
                for order in permutations(outies)
                if all(
                    find(i) == find(o) or clash(i, o) is None
                    for i, o in zip(innies, order, strict=True)
                )
            ]
            if not pairings and len(innies) == 1:
                # The one innie and the one outie share a unit (or their
                # classes do): the chain of equalities says which.
                proof = join(innies[0], outies[0], said)
                assert proof is not None
                return proof
            if not pairings:
                many = len(innies)
                # Each pairing fails on one of its pairs: say why each of
                # those cannot hold equal symbols (through the equalities
                # found before, where they take part), so that the reader
                # can check every pairing.
                failing: list[tuple[int, int]] = []
                for order in permutations(outies):
                    pair = next(
                        (i, o)
                        for i, o in zip(innies, order, strict=True)
                        if find(i) != find(o) and clash(i, o) is not None
                    )
                    if pair not in failing:
                        failing.append(pair)
                return (
                    f"{said}, so the {many} cells of the {lines} outside "
                    f"{regions} ({'; '.join(_cell(size, c) for c in innies)}) hold "
                    f"the same symbols as the {many} cells of {regions} outside "
                    f"the {lines} ({'; '.join(_cell(size, c) for c in outies)}); "
                    "but every way to pair them off puts two equal symbols in a "
                    "unit: " + "; ".join(apart(i, o) for i, o in failing)
                )
            if len(pairings) == 1:
                for i, o in zip(innies, pairings[0], strict=True):
                    if find(i) != find(o):
                        why = (
                            said
                            if len(innies) == 1
                            else (f"{said}, and its leftovers pair off one way only")
                        )
                        proof = join(i, o, why)
                        if proof is not None:
                            return proof
                        changed = True
    return None


def _leftovers(
    units: Regions, members: list[list[int]]
) -> Iterator[tuple[str, list[int], list[int], str, str]]:
    """Each set of lines with few leftovers: what it says, its innies and outies.

    Also the words for the lines (``"row"``, ``"columns"``) and the regions
    (``"that region"``, ``"those regions"``), for the message.
    """
    size = units.size
    region_of = units.region_of
    assert region_of is not None
    for axis in ("row", "column"):
        for lines in _line_sets(size):
            k = len(lines)
            if axis == "row":
                inside = [r * size + c for r in lines for c in range(size)]
            else:
                inside = [r * size + c for c in lines for r in range(size)]
            counts = [0] * size
            for cell in inside:
                counts[region_of[cell]] += 1
            ranked = sorted(range(size), key=lambda g: -counts[g])
            last = counts[ranked[k - 1]]
            leftover = k * size - sum(counts[g] for g in ranked[:k])
            if not 0 < leftover <= _MOST_LEFTOVERS:
                continue
            must = [g for g in range(size) if counts[g] > last]
            tied = [g for g in range(size) if counts[g] == last]
            cells = set(inside)
            for extra in islice(combinations(tied, k - len(must)), _MOST_CHOICES):
                chosen = sorted((*must, *extra))
                innies = [c for c in inside if region_of[c] not in chosen]
                outies = [c for g in chosen for c in members[g] if c not in cells]
                names = [units.names[2 * size + g] for g in chosen]
                regions = (
                    names[0]
                    if k == 1
                    else (
                        "regions "
                        + ", ".join(n.removeprefix("region ") for n in names[:-1])
                        + " and "
                        + names[-1].removeprefix("region ")
                    )
                )
                times = {1: "once", 2: "twice"}.get(k, f"{k} times")
                holds = "holds" if k == 1 else "hold"
                does = "does" if k == 1 else "do"
                said = (
                    f"{_lines_text(axis, lines)} {holds} each symbol {times}, as "
                    f"{regions} {does}"
                )
                lines_word = axis if k == 1 else f"{axis}s"
                regions_word = "that region" if k == 1 else "those regions"
                yield said, innies, outies, lines_word, regions_word


def _line_sets(size: int) -> Iterator[list[int]]:
    """The sets of lines looked at: every proper one up to 9x9, else the runs."""
    if size <= _ALL_LINE_SETS:
        for mask in range(1, (1 << size) - 1):
            yield [i for i in range(size) if mask >> i & 1]
        return
    for first in range(size):
        for end in range(first + 1, size + (first > 0)):
            yield list(range(first, end))


def _lines_text(axis: str, lines: list[int]) -> str:
    """``row 3``, ``rows 1-3``, ``columns 2, 5 and 7``."""
    if len(lines) == 1:
        return f"{axis} {lines[0] + 1}"
    if lines[-1] - lines[0] == len(lines) - 1:
        return f"{axis}s {lines[0] + 1}-{lines[-1] + 1}"
    numbers = [str(i + 1) for i in lines]
    return f"{axis}s {', '.join(numbers[:-1])} and {numbers[-1]}"


def _cell(size: int, cell: int) -> str:
    row, column = divmod(cell, size)
    return f"row {row + 1}, column {column + 1}"


def _chain(
    links: dict[int, list[tuple[int, str]]], start: int, goal: int
) -> list[tuple[int, int, str]]:
    """The equalities from ``start`` to ``goal``: (cell, next cell, why), by breadth."""
    came: dict[int, tuple[int, str]] = {start: (start, "")}
    queue = [start]
    for cell in queue:
        if cell == goal:
            break
        for other, why in links.get(cell, []):
            if other not in came:
                came[other] = (cell, why)
                queue.append(other)
    path: list[tuple[int, int, str]] = []
    cell = goal
    while cell != start:
        before, why = came[cell]
        path.append((before, cell, why))
        cell = before
    path.reverse()
    return path
