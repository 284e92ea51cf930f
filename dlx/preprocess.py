"""Preprocessing an exact-cover problem: Knuth's DLX-PRE rules, with a way back.

:meth:`dlx.ExactCover.preprocessed` turns a problem into an equivalent
smaller one by removing options that no solution can contain and items
that other items already take care of, over and over until nothing more
goes (a fixed point).  The rules are those of Knuth's preprocessor
DLX-PRE:

* an option without a primary item is never chosen: it goes;
* an option that *blocks* a primary item ``p`` goes: every option that
  covers ``p`` clashes with it (shares an uncoloured item with it, or gives
  a secondary item another colour), so choosing it would leave ``p``
  uncoverable;
* an item ``c`` *forced* by a primary item ``p`` goes: every option that
  covers ``p`` also holds ``c`` (uncoloured), so covering ``p`` covers ``c``;
  the options that hold ``c`` but not ``p`` go with it (they would clash
  with ``p``'s option), and the others lose ``c``;
* a secondary item that no option holds any more goes; a primary item
  that no option covers makes the problem unsolvable, and then every
  option and every other item goes (as DLX-PRE writes only that item).

Every kept option is an original option, perhaps shortened, and the sets
of options that solve the smaller problem are exactly the sets that solve
the original one.  So a solution of the smaller problem is turned into
the original's by renaming each option to the original option it came
from (``Preprocessing.origin``, :meth:`Preprocessing.original`).

Knuth's program tries to remove an option only from the list of its first
item, and not when that item is a coloured secondary one; it also does
not count an option coloured differently in the item being tested as a
clash.  This module applies the rules in full, so it may remove a little
more than DLX-PRE does on problems with colours (never less than the
rules allow, never an option that some solution uses).

How it is computed: the options that clash with an option are the union
of the options of its items (for a coloured entry, minus the options that
give the item the same colour).  Removing an item never changes which of
the kept options clash.  The options that block ``p`` are the
intersection of the clash sets of ``p``'s options; the items forced by
``p`` are the intersection of the item sets of ``p``'s options.

Two representations of those sets give the same results.  While they fit
in ``_BITSET_BYTES`` (a megabyte), each item's options are a bit set (a
Python ``int``): a round then costs about (entries × option width) set
operations of (options / 64) machine words each, fastest on the small
dense problems (two to three times the sets' speed on the tilings).  But
item ``i``'s bit set is as long as its last option's number, so on a
large sparse problem these sets take about items × options / 8 bytes
(1.4 GB for 100,000 items of two options each).  Above the threshold the
sets are Python sets built for one primary item at a time from the
items' lists of options, and dropped after it: memory stays linear in
the problem, and the time of a primary item is about the number of
entries its options' items hold (on random problems of 5,000 to 40,000
options, and on a 25×25 sudoku, quicker than the bit sets).
``timeout`` is checked before each primary item and, in the test of
what blocks it, before each of its options; ``timeout`` and ``rounds``
bound the work, and a preprocessing stopped by them is still
equivalent, only less small.

This module works on item and option numbers only; it does not know
:class:`dlx.ExactCover`, which builds the smaller problem from it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Hashable, Iterable, Iterator, Sequence

from dlx.records import Record

__all__ = ["ItemRemoved", "OptionRemoved", "Preprocessing", "reduce"]

#: Why an option was removed (the values of :attr:`OptionRemoved.reason`).
NO_PRIMARY = "no primary item"
BLOCKS = "blocks"
FORCED_OUT = "forced out"
UNSOLVABLE = "unsolvable"
#: Why an item was removed (the values of :attr:`ItemRemoved.reason`).
FORCED = "forced"
UNUSED = "unused"

#: Bit sets (one per item, and one per item and colour) are used while
#: they take at most this many bytes in all; above, Python sets of one
#: primary item's options at a time (linear memory).
_BITSET_BYTES = 1 << 20
#: Bit sets: clash sets are kept (not recomputed for every primary item of
#: an option) while they take at most this many bytes in all.
_CACHE_BYTES = 8 << 20
#: Sets: the candidates are tested one by one against an option's items
#: (instead of intersected with its clash set) while this many times
#: their number is less than the length of the clash set.
_FEW = 8


class OptionRemoved(Record, frozen=True):
    """An option that preprocessing removed, and why.

    ``reason`` is one of:

    * ``"no primary item"``: the option covers no primary item;
    * ``"blocks"``: every option of the primary item ``item`` clashes
      with it, so choosing it would leave ``item`` uncoverable;
    * ``"forced out"``: it holds ``item``, which a primary item ``by``
      forces (every option of ``by`` holds ``item``), but not ``by``;
    * ``"unsolvable"``: the primary item ``item`` has no option left, so
      no solution exists and every option goes.

    ``round`` is the round of preprocessing (from 1) that removed it (0
    for the options without a primary item, removed before the first).

    >>> OptionRemoved(3, "blocks", "A")
    OptionRemoved(option=3, reason='blocks', item='A', by=None, round=0)
    """

    option: int
    reason: str
    item: Hashable = None
    by: Hashable = None
    round: int = 0


class ItemRemoved(Record, frozen=True):
    """An item that preprocessing removed, and why.

    ``reason`` is ``"forced"`` (every option of the primary item ``by``
    holds this one, uncoloured: covering ``by`` covers it), ``"unused"``
    (a secondary item that no kept option holds) or ``"unsolvable"``
    (the primary item ``by`` has no option, so everything else goes).

    >>> ItemRemoved("D", "forced", by="A", round=1)
    ItemRemoved(item='D', reason='forced', by='A', round=1)
    """

    item: Hashable
    reason: str
    by: Hashable = None
    round: int = 0


class Preprocessing(Record, frozen=True):
    """What preprocessing did: the record a preprocessed problem carries.

    ``origin[k]`` is the number of the original option that option ``k`` of
    the smaller problem is (perhaps without some items): it is how a
    solution, and anything an option carries (its label, a cost), goes
    back to the original problem.  ``items`` are the original numbers of
    the kept items, in their order.

    :param origin: the original number of each kept option, increasing.
    :param items: the original numbers of the kept items, increasing.
    :param removed_options: the options removed, in the order removed.
    :param removed_items: the items removed, in the order removed.
    :param rounds: rounds run (the last one, at a fixed point, removes
        nothing).
    :param complete: ``False`` when ``rounds`` or ``timeout`` stopped it
        before the fixed point (the smaller problem is still equivalent).
    :param unsolvable: a primary item that no option covers (then the
        problem has no solution), or ``None``.
    :param seconds: how long it took.

    >>> record = Preprocessing((1, 4), (0, 2), (), (), 1, True, None, 0.0)
    >>> record.original((0, 1))
    (1, 4)
    """

    origin: tuple[int, ...]
    items: tuple[int, ...]
    removed_options: tuple[OptionRemoved, ...]
    removed_items: tuple[ItemRemoved, ...]
    rounds: int
    complete: bool
    unsolvable: Hashable
    seconds: float

    def original(self, solution: Iterable[int]) -> tuple[int, ...]:
        """A solution of the smaller problem as the original problem's options.

        The options of the smaller problem keep the original order, so a
        sorted solution stays sorted.

        :param solution: option numbers of the smaller problem.
        :returns: the same options' numbers in the original problem.
        :raises IndexError: for a number that is not an option's.

        >>> Preprocessing((2, 5, 7), (), (), (), 1, True, None, 0.0).original([0, 2])
        (2, 7)
        """
        origin = self.origin
        return tuple([origin[k] for k in solution])

    def originals(
        self, solutions: Iterable[Iterable[int]]
    ) -> Iterator[tuple[int, ...]]:
        """Each solution of the smaller problem as the original's, lazily.

        Closing the iterator closes ``solutions`` when it can be closed (a
        split search then cancels its tasks).

        :param solutions: solutions of the smaller problem.
        :returns: the same solutions in the original problem's numbers.

        >>> record = Preprocessing((2, 5, 7), (), (), (), 1, True, None, 0.0)
        >>> list(record.originals([(0, 1), (2,)]))
        [(2, 5), (7,)]
        """
        try:
            for solution in solutions:
                yield self.original(solution)
        finally:
            close = getattr(solutions, "close", None)
            if callable(close):
                close()

    def summary(self) -> str:
        """One line in the words of DLX-PRE's report: what went, in how many rounds.

        >>> Preprocessing((0,), (0,), (), (), 1, True, None, 0.0).summary()
        'Removed 0 options and 0 items, 1 round.'
        """
        options = len(self.removed_options)
        items = len(self.removed_items)
        line = (
            f"Removed {options} option{'' if options == 1 else 's'} and "
            f"{items} item{'' if items == 1 else 's'}, "
            f"{self.rounds} round{'' if self.rounds == 1 else 's'}."
        )
        if not self.complete:
            line += " (Stopped before the fixed point.)"
        if self.unsolvable is not None:
            line += f" Item {self.unsolvable} has no option: no solution."
        return line


#: The bytes 0 and 1 as the digits "0" and "1" (a bytearray of 0s and 1s,
#: reversed, is then the digits of its bit set).
_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def _mask(positions: list[int], size: int) -> int:
    """The bit set of ``positions`` (each below ``size``)."""
    if len(positions) < 64:
        mask = 0
        for k in positions:
            mask |= 1 << k
        return mask
    bits = bytearray((size + 7) // 8)
    for k in positions:
        bits[k >> 3] |= 1 << (k & 7)
    return int.from_bytes(bits, "little")


def _bits(mask: int) -> list[int]:
    """The positions of the 1 bits of ``mask`` (not negative), lowest first.

    In time linear in the length of ``mask`` (clearing the lowest bit
    again and again would copy the number once per bit).
    """
    found: list[int] = []
    if mask.bit_count() < 16:  # (quicker for a few bits)
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found
    digits = bin(mask)[:1:-1]  # lowest first, without the "0b"
    k = digits.find("1")
    while k >= 0:
        found.append(k)
        k = digits.find("1", k + 1)
    return found


def reduce(
    names: Sequence[Hashable],
    n_primary: int,
    rows: Sequence[Sequence[int]],
    colors: Sequence[Sequence[int]] | None = None,
    *,
    rounds: int | None = None,
    timeout: float | None = None,
) -> Preprocessing:
    """Preprocess a problem given by numbers: the work of :meth:`dlx.ExactCover.preprocessed`.

    Items are ``0 .. len(names) - 1``, the first ``n_primary`` primary;
    ``rows[k]`` lists the items of option ``k``, and ``colors[k]`` their
    colour codes (0: none), or ``colors`` is ``None`` when nothing is
    coloured.  Bounds (multiplicities) are not handled here: the caller
    refuses them.

    :param names: the item names, used in the record only.
    :param n_primary: how many items are primary.
    :param rows: the items of each option.
    :param colors: the colour codes of each option's items, or ``None``.
    :param rounds: at most this many rounds (``None``: to the fixed point).
    :param timeout: stop after about this many seconds (``None``: never).
    :returns: the record; ``Preprocessing.origin`` and
        ``Preprocessing.items`` say what is kept.
    :raises ValueError: when ``rounds`` is less than 1 or ``timeout`` is
        negative.

    >>> # Knuth's first example (DLX-PRE's introduction): A..E, F G secondary.
    >>> rows = [(2, 4, 5), (0, 3, 6), (1, 2, 5), (0, 3), (1, 6), (3, 4, 6)]
    >>> record = reduce("ABCDEFG", 5, rows)
    >>> record.origin, ["ABCDEFG"[i] for i in record.items]
    ((0, 3, 4), ['A', 'B', 'E'])
    """
    if rounds is not None and rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    if timeout is not None and not timeout >= 0:
        raise ValueError(f"timeout must be >= 0, not {timeout}")
    started = time.perf_counter()
    timed = timeout is not None
    deadline = started + timeout if timeout is not None else 0.0
    n_items = len(names)
    n_options = len(rows)
    # The options holding each item, in increasing order.
    holders: list[list[int]] = [[] for _ in range(n_items)]
    for k, row in enumerate(rows):
        for item in row:
            holders[item].append(k)
    # Item i's bit set takes about (its last option) / 8 bytes, and so
    # does each of its colours': the bit sets only while they all fit in
    # _BITSET_BYTES (see the module).
    bitset_bytes = sum((ks[-1] >> 3) + 32 for ks in holders if ks)
    if colors is not None:
        tones: dict[int, set[int]] = {}
        for k, codes in enumerate(colors):
            for item, code in zip(rows[k], codes, strict=True):
                if code:
                    tones.setdefault(item, set()).add(code)
        bitset_bytes += sum(
            len(codes) * ((holders[item][-1] >> 3) + 32)
            for item, codes in tones.items()
        )
    use_bits = bitset_bytes <= _BITSET_BYTES
    holding: list[int] = []  # bit sets: the options of each item
    same: list[dict[int, int]] = []  # bit sets: per item, per colour
    shades: list[list[int]] = []  # sets: the colour codes of holders[i]
    if use_bits:
        holding = [_mask(ks, n_options) for ks in holders]
        same = [{} for _ in range(n_items)]
        if colors is not None:
            for k, codes in enumerate(colors):
                for item, code in zip(rows[k], codes, strict=True):
                    if code:
                        same[item][code] = same[item].get(code, 0) | (1 << k)
    elif colors is not None:
        shades = [[] for _ in range(n_items)]
        for k, codes in enumerate(colors):
            for item, code in zip(rows[k], codes, strict=True):
                shades[item].append(code)
    alive_item = bytearray([1]) * n_items
    alive = bytearray(n_options)
    removed_options: list[OptionRemoved] = []
    removed_items: list[ItemRemoved] = []
    for k, row in enumerate(rows):
        if any(item < n_primary for item in row):
            alive[k] = 1
        else:
            removed_options.append(OptionRemoved(k, NO_PRIMARY))
    # The kept options, as a bit set (bit sets only), but for those in
    # ``pending``, removed since (one update per primary item, not one of
    # (options / 64) words per removal).
    pending: list[int] = []
    live = int(alive.translate(_DIGITS)[::-1] or b"0", 2) if use_bits else 0
    count = [0] * n_items  # kept options of each item
    for k, row in enumerate(rows):
        if alive[k]:
            for item in row:
                count[item] += 1

    cache: dict[int, int] = {}
    cache_room = _CACHE_BYTES

    def clashes(k: int) -> int:
        """Bit sets: the options that clash with option ``k`` (``k`` among them)."""
        nonlocal cache_room
        known = cache.get(k)
        if known is not None:
            return known
        mask = 0
        codes = colors[k] if colors is not None else None
        for t, item in enumerate(rows[k]):
            code = codes[t] if codes is not None else 0
            mask |= holding[item] ^ same[item][code] if code else holding[item]
        if cache_room > 0:
            cache[k] = mask
            cache_room -= (mask.bit_length() >> 3) + 32
        return mask

    def clashing(k: int) -> Iterable[int]:
        """Sets: the options that clash with option ``k`` through a kept item.

        ``k`` is among them, an option may come more than once, and removed
        options come too.  The removed items are left out: the kept
        options that hold a forced item are those of the primary item that
        forced it, which they also share.
        """
        codes = colors[k] if colors is not None else None
        parts: list[list[int]] = []
        for t, item in enumerate(rows[k]):
            if not alive_item[item]:
                continue
            code = codes[t] if codes is not None else 0
            if code:
                pairs = zip(holders[item], shades[item], strict=True)
                parts.append([o for o, c in pairs if c != code])
            else:
                parts.append(holders[item])
        return itertools.chain.from_iterable(parts)

    # Sets: about how many options clashing(k) gives, for each option k.
    reach = [] if use_bits else [sum([len(holders[i]) for i in row]) for row in rows]

    def among(k: int, candidates: set[int]) -> set[int]:
        """Sets: those of ``candidates`` that clash with option ``k``.

        The same as ``candidates & set(clashing(k))``, by looking at the
        candidates' items instead: quicker when they are few.
        """
        codes = colors[k] if colors is not None else None
        if codes is None or not any(codes):
            # An uncoloured entry clashes with any other of its item.
            held = {item for item in rows[k] if alive_item[item]}
            return {o for o in candidates if not held.isdisjoint(rows[o])}
        assert colors is not None
        tone = {
            item: code
            for item, code in zip(rows[k], codes, strict=True)
            if alive_item[item]
        }
        found = set()
        for o in candidates:
            for item, code in zip(rows[o], colors[o], strict=True):
                other = tone.get(item)
                if other is not None and (not other or other != code):
                    found.add(o)
                    break
        return found

    unsolvable: int | None = None
    round_number = 0
    complete = True

    def drop(k: int, why: OptionRemoved) -> int | None:
        """Remove option ``k``; return a primary item left without options."""
        alive[k] = 0
        if use_bits:
            pending.append(k)
        removed_options.append(why)
        empty = None
        for item in rows[k]:
            if alive_item[item]:
                count[item] -= 1
                if not count[item]:
                    if item < n_primary:
                        empty = item if empty is None else empty
                    else:
                        alive_item[item] = 0
                        removed_items.append(
                            ItemRemoved(names[item], UNUSED, round=round_number)
                        )
        return empty

    # Items in no option from the start.
    for item in range(n_items):
        if not count[item]:
            if item < n_primary:
                unsolvable = item
                break
            alive_item[item] = 0
            removed_items.append(ItemRemoved(names[item], UNUSED))

    changed = True
    while unsolvable is None and changed:
        if rounds is not None and round_number >= rounds:
            complete = False
            break
        round_number += 1
        changed = False
        for p in range(n_primary):
            if unsolvable is not None:
                break
            if timed and time.perf_counter() > deadline:
                complete = False
                break
            if not alive_item[p]:
                continue
            mine = [k for k in holders[p] if alive[k]]
            if not mine:  # (drop notices this first; kept for safety)
                unsolvable = p
                break
            # Forcing: the items (uncoloured) that every option of p holds.
            common: set[int] | None = None
            for k in mine:
                tints = colors[k] if colors is not None else None
                held = {
                    item
                    for t, item in enumerate(rows[k])
                    if alive_item[item] and (tints is None or not tints[t])
                }
                common = held if common is None else common & held
                if len(common) <= 1:
                    break
            ours: set[int] | None = None
            for c in sorted(common or ()):
                if c == p or not alive_item[c]:
                    continue
                alive_item[c] = 0
                removed_items.append(
                    ItemRemoved(names[c], FORCED, names[p], round_number)
                )
                changed = True
                if ours is None:
                    ours = set(mine)
                for k in holders[c]:
                    if alive[k] and k not in ours:
                        empty = drop(
                            k,
                            OptionRemoved(
                                k, FORCED_OUT, names[c], names[p], round_number
                            ),
                        )
                        if empty is not None and unsolvable is None:
                            unsolvable = empty
            if unsolvable is not None:
                break
            # Blocking: the options that clash with every option of p.
            blocking: Iterable[int]
            if use_bits:
                if pending:
                    live &= ~_mask(pending, n_options)
                    pending.clear()
                blocked = -1
                for k in mine:
                    if timed and time.perf_counter() > deadline:
                        complete = False
                        break
                    blocked &= clashes(k)
                    if not blocked & live:
                        break
                blocking = _bits(blocked & live & ~holding[p]) if complete else ()
            else:
                # Start from the option of p that clashes with fewest.
                first = min(mine, key=reach.__getitem__)
                candidates = set(clashing(first))
                candidates.difference_update(holders[p])
                candidates = {o for o in candidates if alive[o]}
                for k in mine:
                    if not candidates:
                        break
                    if timed and time.perf_counter() > deadline:
                        complete = False
                        break
                    if k == first:
                        continue
                    if len(candidates) * _FEW < reach[k]:
                        candidates = among(k, candidates)
                    else:
                        candidates.intersection_update(clashing(k))
                blocking = sorted(candidates)
            if not complete:
                break
            for k in blocking:
                changed = True
                empty = drop(k, OptionRemoved(k, BLOCKS, names[p], round=round_number))
                if empty is not None and unsolvable is None:
                    unsolvable = empty
        if not complete:
            break

    if unsolvable is not None:
        # No solution: keep the item without options, and nothing else.
        for k in range(n_options):
            if alive[k]:
                alive[k] = 0
                removed_options.append(
                    OptionRemoved(k, UNSOLVABLE, names[unsolvable], round=round_number)
                )
        for item in range(n_items):
            if alive_item[item] and item != unsolvable:
                alive_item[item] = 0
                removed_items.append(
                    ItemRemoved(
                        names[item], UNSOLVABLE, names[unsolvable], round_number
                    )
                )
        complete = True
    return Preprocessing(
        origin=tuple(k for k in range(n_options) if alive[k]),
        items=tuple(i for i in range(n_items) if alive_item[i]),
        removed_options=tuple(removed_options),
        removed_items=tuple(removed_items),
        rounds=round_number,
        complete=complete,
        unsolvable=None if unsolvable is None else names[unsolvable],
        seconds=time.perf_counter() - started,
    )
