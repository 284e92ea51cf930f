"""Draw the dancing-links structure of a problem as SVG, from the engine's arrays.

The picture is read straight from the arrays of :class:`dlx.links.Links` (or
from a running :class:`dlx.Search`): one column per item, the item's header
on top and its option nodes below, one row per option.  A solid line joins
two neighbours of an item's list (``down`` one way, ``up`` the other); the
line on the right of a column closes the circle back to the header.  A
dashed node has been unlinked from its item's list: its own ``up`` and
``down`` (the dashed arrows) still remember where it was, which is what
lets *uncover* put it back.

Usage: ``python docs/examples/draw_links.py [DIRECTORY]`` writes
``links-before.svg``, ``links-cover-a.svg`` and ``links-node1.svg`` for
Knuth's example problem.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from dlx import BudgetExceeded, ExactCover
from dlx.links import Links

#: The mutable size array of a search: a bytearray or a list (see :mod:`dlx.links`).
Sizes = bytearray | list[int]

KNUTH_OPTIONS = ["C E F", "A D G", "B C F", "A D", "B G", "D E G"]


def knuth_problem() -> ExactCover:
    """Knuth's example from the DLX1 documentation: items A-E, F and G secondary."""
    return ExactCover("ABCDE", "FG", [option.split() for option in KNUTH_OPTIONS])


def cover(links: Links, up: list[int], down: list[int], size: Sizes, item: int) -> int:
    """Cover ``item`` exactly as the engine does (step X4); return its updates.

    The same statements as the cover in Algorithm X's loop
    (:func:`dlx.algorithm_x.run`):
    the item leaves the active items (its size entry gets ``links.shift[item]``
    added, which takes the active offset away; 0 for a secondary item), and
    every other node of every option on its list is unlinked from its own
    item's list.  The item's own list is left alone.
    """
    top, others = links.top, links.others
    size[item] += links.shift[item]
    updates = 1
    row = down[item]
    while row != item:
        for y in others[row]:
            above, below = up[y], down[y]
            down[above] = below
            up[below] = above
            size[top[y]] -= 1
            updates += 1
        row = down[row]
    return updates


def uncover(
    links: Links, up: list[int], down: list[int], size: Sizes, item: int
) -> None:
    """Undo :func:`cover`: the same nodes, relinked in the opposite order."""
    top, others = links.top, links.others
    row = up[item]
    while row != item:
        for y in others[row]:
            down[up[y]] = y
            up[down[y]] = y
            size[top[y]] += 1
        row = up[row]
    size[item] -= links.shift[item]


# Geometry of the picture.
LEFT, TOP_Y, COLUMN, ROW, BOX = 96, 34, 74, 56, 34


def svg(
    problem: ExactCover,
    up: Sequence[int],
    down: Sequence[int],
    size: Sequence[int],
    title: str,
) -> str:
    """Draw the state given by ``up``, ``down`` and ``size`` as an SVG image."""
    links = problem.links()
    n = links.n_items
    names = [*problem.primary, *problem.secondary]
    top = links.top
    first = n + 1  # position n is the spare header with the sentinel size
    option_first = {links.option_of[x]: x for x in range(len(top) - 1, first - 1, -1)}

    def centre(x: int) -> tuple[int, int]:
        column = x if x < n else top[x]
        row = 0 if x < n else 1 + links.option_of[x]
        return LEFT + COLUMN * column, TOP_Y + ROW * row

    width = LEFT + COLUMN * n + 10
    height = TOP_Y + ROW * (links.n_options + 1) + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f"<title>{title}</title>",
        "<defs>",
        '<marker id="head" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L8,4 L0,8 z" '
        'fill="context-stroke"/></marker>',
        "</defs>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    # Option bands and numbers: the nodes of one option are contiguous.
    for k in range(links.n_options):
        x0 = option_first[k]
        columns = [top[x] for x in (x0, *links.others[x0])]
        _, y = centre(x0)
        left = LEFT + COLUMN * min(columns) - BOX // 2 - 6
        right = LEFT + COLUMN * max(columns) + BOX // 2 + 6
        out.append(
            f'<rect x="{left}" y="{y - BOX // 2 - 5}" width="{right - left}" '
            f'height="{BOX + 10}" rx="8" fill="#eef3fb"/>'
        )
        out.append(f'<text x="8" y="{y + 4}" fill="#555">option {k}</text>')
    # The lists, as the engine's arrays link them.
    on_list: set[int] = set()
    for item in range(n):
        x = item
        while True:
            below = down[x]
            (x1, y1), (x2, y2) = centre(x), centre(below)
            if below == item:  # the link that closes the circle
                out.append(
                    f'<path d="M{x1},{y1 + BOX // 2} v10 h{BOX // 2 + 8} '
                    f'V{y2} h-8" fill="none" stroke="#1f4e9c" stroke-width="1.5" '
                    'marker-end="url(#head)"/>'
                )
                break
            out.append(
                _arrow(x1, y1 + BOX // 2, x2, y2 - BOX // 2, "#1f4e9c", both=True)
            )
            on_list.add(below)
            x = below
    # Unlinked nodes remember their neighbours.
    for x in range(first, len(top)):
        if x in on_list:
            continue
        cx, cy = centre(x)
        for target, dx in ((up[x], 6), (down[x], 10)):
            tx, ty = centre(target)
            if target < n and target == down[x]:
                continue  # pointing at its own header from the last row: keep it quiet
            end = ty + BOX // 2 if ty < cy else ty - BOX // 2
            start = cy - BOX // 2 if ty < cy else cy + BOX // 2
            out.append(_arrow(cx + dx, start, tx + dx, end, "#999", dashed=True))
    # Headers.
    for item in range(n):
        cx, cy = centre(item)
        active = links.is_active(size, item)
        primary = item < links.n_primary
        fill = (
            "#ffd966" if primary and active else "#dddddd" if not primary else "#bbbbbb"
        )
        out.append(_box(cx, cy, fill, "#333", dashed=False))
        bold = 'text-anchor="middle" font-weight="bold"'
        out.append(f'<text x="{cx}" y="{cy + 5}" {bold}>{names[item]}</text>')
        if primary and not active:
            note = "covered"
        else:
            note = f"size {links.length(size, item)}"
        out.append(
            f'<text x="{cx}" y="{cy - BOX // 2 - 4}" text-anchor="middle" '
            f'font-size="10" fill="#444">{note}</text>'
        )
    # Nodes.
    for x in range(first, len(top)):
        cx, cy = centre(x)
        live = x in on_list
        out.append(
            _box(
                cx,
                cy,
                "white" if live else "#f4f4f4",
                "#333" if live else "#999",
                not live,
            )
        )
        out.append(
            f'<text x="{cx}" y="{cy + 5}" text-anchor="middle" '
            f'fill="{"#000" if live else "#999"}">{x}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _box(cx: int, cy: int, fill: str, stroke: str, dashed: bool) -> str:
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return (
        f'<rect x="{cx - BOX // 2}" y="{cy - BOX // 2}" width="{BOX}" height="{BOX}" '
        f'rx="4" fill="{fill}" stroke="{stroke}" stroke-width="1.5"{dash}/>'
    )


def _arrow(
    x1: int,
    y1: int,
    x2: int,
    y2: int,
    colour: str,
    both: bool = False,
    dashed: bool = False,
) -> str:
    start = ' marker-start="url(#head)"' if both else ""
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return (
        f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
        f'stroke-width="1.5"{dash}{start} marker-end="url(#head)"/>'
    )


def engine_state(problem: ExactCover, nodes: int) -> tuple[list[int], list[int], Sizes]:
    """The arrays of a real :class:`dlx.Search` stopped on entering node ``nodes + 1``.

    With ``nodes=0`` nothing has happened yet; with ``nodes=1`` the engine
    has covered its first item and the other items of the option it tries.
    """
    search = problem.search(max_nodes=nodes)
    with contextlib.suppress(BudgetExceeded):
        next(search)
    return search.up, search.down, search.size


def pictures() -> dict[str, str]:
    """The three pictures of the Implementation page, by file name.

    All three are drawn from the engine's arrays: the problem as compiled,
    then item A covered by :func:`cover` (the engine's own statements),
    then a real search stopped inside its first option.
    """
    problem = knuth_problem()
    links = problem.links()
    up, down, size = engine_state(problem, 0)
    result = {
        "links-before.svg": svg(
            problem, up, down, size, "Knuth's example, before the search"
        )
    }
    a = 0  # the item A
    cover(links, up, down, size, a)
    result["links-cover-a.svg"] = svg(problem, up, down, size, "After covering A")
    # The engine, stopped on entering its second node: it chose A (the
    # leftmost item of fewest options), covered it, and is trying option 1
    # (A D G), so D and G are covered too.  Covering them by hand gives the
    # very same arrays.
    search_up, search_down, search_size = engine_state(problem, 1)
    for item in (3, 6):  # D and G
        cover(links, up, down, size, item)
    assert (up, down, size) == (search_up, search_down, search_size)
    result["links-node1.svg"] = svg(
        problem, search_up, search_down, search_size, "The engine trying option A D G"
    )
    return result


def main(argv: list[str]) -> None:
    directory = Path(argv[0] if argv else ".")
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in pictures().items():
        (directory / name).write_text(text, encoding="utf-8")
        print(directory / name)


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main(sys.argv[1:])
