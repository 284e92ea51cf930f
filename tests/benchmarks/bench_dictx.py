"""Algorithm X with a dict of sets: the classic pure-Python recipe, as a peer.

This is the well-known formulation of Algorithm X without links: ``X`` maps
each item to the set of options that contain it, ``Y`` maps each option to
its list of items; covering an option pops its items from ``X`` and removes
every clashing option from the other items' sets, and uncovering puts them
back in reverse order.  The item to branch on is the one with the fewest
options (``min`` over the dict, ties broken by the dict's current order, so
the search tree is not exactly Knuth's).  Written for this benchmark (not
copied from anywhere); it extends the recipe with secondary items, which are
covered like primary ones but never chosen for branching.

:func:`solutions` is the timed solver.  :func:`count_updates` is the same
search with counters, run once outside the timing to report this peer's
nodes and updates with Knuth's definitions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Columns = dict[int, set[int]]


def build(
    rows: Sequence[Sequence[int]], n_primary: int, n_items: int
) -> tuple[Columns, Columns, Sequence[Sequence[int]]]:
    """The two dicts: ``X`` (every item → its options) and its primary part."""
    X: Columns = {item: set() for item in range(n_items)}
    for k, row in enumerate(rows):
        for item in row:
            X[item].add(k)
    P: Columns = {item: X[item] for item in range(n_primary)}
    return X, P, rows


def select(
    X: Columns, P: Columns, Y: Sequence[Sequence[int]], r: int
) -> list[set[int]]:
    """Cover option ``r``: pop its items and remove the options that clash."""
    cols = []
    for j in Y[r]:
        for i in X[j]:
            for k in Y[i]:
                if k != j:
                    X[k].remove(i)
        cols.append(X.pop(j))
        P.pop(j, None)
    return cols


def deselect(
    X: Columns,
    P: Columns,
    Y: Sequence[Sequence[int]],
    r: int,
    n_primary: int,
    cols: list[set[int]],
) -> None:
    """Undo :func:`select` (in reverse order)."""
    for j in reversed(Y[r]):
        X[j] = cols.pop()
        if j < n_primary:
            P[j] = X[j]
        for i in X[j]:
            for k in Y[i]:
                if k != j:
                    X[k].add(i)


def solutions(
    X: Columns,
    P: Columns,
    Y: Sequence[Sequence[int]],
    n_primary: int,
    partial: list[int],
) -> Iterator[list[int]]:
    """Yield every exact cover (as a list of option indices) depth first."""
    if not P:
        yield list(partial)
        return
    c = min(P, key=lambda c: len(P[c]))
    for r in list(P[c]):
        partial.append(r)
        cols = select(X, P, Y, r)
        yield from solutions(X, P, Y, n_primary, partial)
        deselect(X, P, Y, r, n_primary, cols)
        partial.pop()


def count_updates(
    X: Columns, P: Columns, Y: Sequence[Sequence[int]], n_primary: int
) -> tuple[int, int, int]:
    """(solutions, nodes, updates) of the same search, counted like Knuth's DLX1.

    A node is every level entered (the root, dead ends and solutions
    included); an update is every item covered plus every option removed
    from another item's set.  The branching set is copied *before* the first
    option is covered, as in :func:`solutions`, so the order is the same.
    """
    found = nodes = updates = 0

    def walk() -> None:
        nonlocal found, nodes, updates
        nodes += 1
        if not P:
            found += 1
            return
        c = min(P, key=lambda c: len(P[c]))
        if not P[c]:
            updates += 1  # Knuth covers the empty item at a dead end
            return
        # Knuth covers c once for all its options; the recipe covers it
        # again inside every select().  Each select removes every clashing
        # option once from each of its other items (whatever the order), so
        # its work is len(Y[r]) + those removals; count Knuth's cover of c
        # once and the rest of each select.
        cover_c = 1 + sum(len(Y[i]) - 1 for i in P[c])
        updates += cover_c
        for r in list(P[c]):
            work = len(Y[r])
            cols = []
            for j in Y[r]:
                for i in X[j]:
                    for k in Y[i]:
                        if k != j:
                            X[k].remove(i)
                            work += 1
                cols.append(X.pop(j))
                P.pop(j, None)
            updates += work - cover_c
            walk()
            deselect(X, P, Y, r, n_primary, cols)

    walk()
    return found, nodes, updates
