"""The dispatcher: which algorithm, and which loop form, a problem gets.

Every search of pydlx runs one of the algorithms listed here, and this is
the only module that imports their modules; every caller (the engine,
:mod:`dlx.parallel`, :mod:`dlx.estimate`, :class:`dlx.ExactCover`, the
commands) asks it.  The default, :func:`choose`, follows Knuth's series:

========  ==================================  ==================================
name      algorithm                           runs
========  ==================================  ==================================
``X``     Algorithm X, Knuth's DLX1           problems without colours or bounds
``C``     Algorithm C (colours), DLX2         problems with colours, no bounds
``M``     Algorithm M (multiplicities), DLX3  problems with bounds on items
``X5``    minimum cost, Knuth's DLX5          the cheapest solutions, on request
``memo``  memoised search, DXZ / DLX6         counting and diagrams, on request
``sat``   a SAT/CP solver (OR-Tools CP-SAT)   one solution, uniqueness, on request
========  ==================================  ==================================

Algorithm X has six loop forms: ``packed`` (the sizes in one integer,
a byte per item, unrolled when every option has one width; problems with
few items, ``Links.packed``), ``wide`` (the same with 16 bits per item,
for problems with few items of which some have 128 options or more:
``Links.wide``), ``marks`` (the wide form's integer, but options hidden
by a mark instead of unlinked; the dispatcher prefers it for the wide
problems whose options are wide and sparse, such as polyomino tilings,
see :data:`MARKS_MIN_WIDTH`), ``buckets`` (sizes in a bytearray with a
count of the items of each size, so that choosing an item costs the same
whatever the number of items; problems with more than
:data:`~dlx.algorithm_x.BUCKETS_MIN_ITEMS` items, on every interpreter),
``plain`` (sizes in a bytearray or a list) and ``jit`` (Knuth's own
shape, for PyPy: :mod:`dlx.algorithm_x_jit`).  Algorithm X5 has two:
``cost`` (Knuth's walk over the items) and ``many`` (the same choice
from trees over the items, for problems with many items and few updates
a node: :data:`X5_MANY_ITEMS`); the others have one each.  Which form is fastest depends on the
interpreter: CPython runs the packed, marks or wide form where it
applies, PyPy the jit one (:data:`PREFERRED_FORMS`).  :data:`REGISTRY`
describes every backtracking algorithm: its loop forms, what it
supports, and the walker that replays its tree (:mod:`dlx.position`).
Memoised search (:class:`dlx.MemoSearch`) is not a backtracking loop over a
:class:`~dlx.frame.Frame` (it caches subproblems instead), nor is the SAT
back end (:class:`dlx.SatSearch`, :mod:`dlx.sat`), which hands the problem to
a solver that learns from its dead ends and needs the optional extra
``sat`` (:func:`dlx.errors.install_hint`); which options those ways
take is decided with the others in :mod:`dlx.ways`.

Adding an algorithm is one module with the parts every algorithm's module
has (``prepare``, ``run``, a walker, ``fraction``, ``check``), one entry
in :data:`REGISTRY` and, if it is to be chosen by default, one line of
:func:`choose`; the conformance suite (``tests/test_conformance.py``) runs
every entry.  See :doc:`/adding_an_algorithm`.

>>> from dlx import ExactCover
>>> algorithm, form = choose(ExactCover("ab", options=[["a"], ["b"]]).links())
>>> algorithm.name, form.name == ("jit" if sys.implementation.name == "pypy" else "packed")
('X', True)
>>> choose(ExactCover("A", options=[["A"]], bounds={"A": 2}).links())[0].title
"Algorithm M (Knuth's DLX3)"
"""

from __future__ import annotations

import operator
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from dlx import memo
from dlx.memo import (
    DEFAULT_MAX_BYTES,
    UNSUPPORTED,
    MemoSearch,
    WholeCount,
    Zdd,
    capped,
)
from dlx.records import Record
from dlx.stats import Outcome, Stats

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random
    from types import ModuleType
    from typing import Any

    from dlx import (
        algorithm_c,
        algorithm_m,
        algorithm_x,
        algorithm_x5,
        algorithm_x_packed,
        sat,
    )
    from dlx.frame import Frame
    from dlx.links import Links
    from dlx.position import Walker
    from dlx.sat import SatModel, SatSearch

#: The names of the SAT back end this module re-exports, imported on first
#: use (PEP 562): only ``method="sat"`` needs :mod:`dlx.sat`.
_SAT_NAMES = ("sat", "SatModel", "SatSearch")

#: The modules of the algorithms, imported on first use (PEP 562) as the
#: entries of :data:`REGISTRY` are: a run imports the loops it runs.
_MODULES = (
    "algorithm_c",
    "algorithm_m",
    "algorithm_x",
    "algorithm_x5",
    "algorithm_x_jit",
    "algorithm_x_packed",
)


def __getattr__(name: str) -> Any:
    """The SAT back end's names, the algorithms' modules and :data:`REGISTRY`, on first use."""
    if name in _SAT_NAMES:
        from dlx import sat

        return sat if name == "sat" else getattr(sat, name)
    if name in _MODULES:
        return _module(name)
    if name == "REGISTRY":
        return _registry()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_SAT_NAMES, *_MODULES, "REGISTRY"])


def _module(name: str) -> ModuleType:
    """The module ``dlx.<name>`` of an algorithm, imported if it was not."""
    import importlib

    return importlib.import_module(f"dlx.{name}")


__all__ = [
    "BUCKETS_ITEMS_PER_UPDATE",
    "BUCKETS_RULES",
    "DEFAULT_MAX_BYTES",
    "FEATURES",
    "PREFERRED_FORMS",
    "REGISTRY",
    "SAT_DLX_NODES",
    "UNSUPPORTED",
    "Algorithm",
    "Arrays",
    "LoopForm",
    "MemoSearch",
    "SatModel",
    "SatSearch",
    "WholeCount",
    "Zdd",
    "algorithm_c",
    "algorithm_m",
    "algorithm_x",
    "algorithm_x5",
    "algorithm_x_packed",
    "by_name",
    "capped",
    "choose",
    "expected_updates",
    "memo",
    "refuse",
    "sat",
    "sat_available",
    "walker",
]

#: What a way of searching can support, and what each word means.
FEATURES = {
    "resume": "going on from a saved position (resume=, --checkpoint)",
    "prefix": "searching below given options (prefix=)",
    "split": "splitting the search over an executor (executor=, --jobs, --scheduler)",
    "estimate": "estimating the search by random probes (estimate(), --estimate)",
    "seed": "random tie-breaking (seed=, --seed)",
    "colors": "colours on secondary items",
    "bounds": "bounds on primary items (multiplicities)",
}


class LoopForm(Record, frozen=True):
    """One loop of an algorithm: the function that runs it and when it applies.

    :ivar name: the form's name (``"packed"``, ``"plain"``, ...).
    :ivar run: the loop: a generator of solutions over a prepared frame.
    :ivar prepare: makes the per-search state the loop needs.
    :ivar applies: whether the form can run a problem (by its arrays).
    :ivar prefer: whether the dispatcher gives the form a problem it can
        run when no form is named (``None``: always); a form whose
        ``prefer`` says no runs the problem only when named.
    """

    name: str
    run: Callable[[Frame, bool], Iterator[tuple[int, ...]]]
    prepare: Callable[[Frame], None]
    applies: Callable[[Links], bool]
    prefer: Callable[[Links], bool] | None = None


def _has_levels(frame: Frame) -> bool:
    return bool(frame.stack)


class Algorithm(Record, frozen=True):
    """One backtracking algorithm: its loop forms, its walker and what it supports.

    :ivar name: the short name (``"X"``, ``"C"``, ``"M"``).
    :ivar title: what the messages and the docs call it.
    :ivar forms: the loop forms, the preferred first.
    :ivar walker: Knuth's steps of the algorithm over a prepared frame
        (:class:`dlx.position.Walker`).
    :ivar fraction: Knuth's estimate of the part of the tree done.
    :ivar check: verify the links of a frame (raises :class:`AssertionError`).
    :ivar applies: whether the algorithm can run a problem at all.
    :ivar supports: the :data:`FEATURES` it supports.
    :ivar splittable: whether a stopped search has more to hand back than
        its own subtree (:mod:`dlx.parallel` splits only then); by
        default, whenever it has a level to back up through.
    :ivar save: what a position must carry of the algorithm's own state
        (JSON values), for an algorithm whose tree depends on more than
        the path (Algorithm X5); ``None`` for the others.
    :ivar restore: takes that back into a new search's state before its
        path is replayed (raises :class:`~dlx.PositionError` when it does
        not fit).
    """

    name: str
    title: str
    forms: tuple[LoopForm, ...]
    walker: Callable[[Frame], Walker]
    fraction: Callable[[Frame], float]
    check: Callable[[Frame], None]
    applies: Callable[[Links], bool]
    supports: frozenset[str]
    splittable: Callable[[Frame], bool] = _has_levels
    save: Callable[[Frame], Any] | None = None
    restore: Callable[[Frame, Any], None] | None = None

    def require(self, feature: str) -> None:
        """Raise :class:`ValueError` unless the algorithm supports ``feature``.

        :param feature: one of :data:`FEATURES`.

        >>> by_name("X").require("bounds")
        Traceback (most recent call last):
          ...
        ValueError: Algorithm X (Knuth's DLX1) does not support bounds on primary items (multiplicities)
        """
        if feature not in self.supports:
            raise ValueError(f"{self.title} does not support {FEATURES[feature]}")

    def form(self, links: Links, name: str | None = None) -> LoopForm:
        """The loop form that runs ``links``: the first that applies, or the one named.

        :raises ValueError: for a form that does not exist or cannot run the problem.
        """
        for form in self.forms:
            if name is None and form.prefer is not None and not form.prefer(links):
                continue
            if (name is None or form.name == name) and form.applies(links):
                return form
        names = ", ".join(repr(form.name) for form in self.forms)
        if name is not None and all(form.name != name for form in self.forms):
            raise ValueError(f"{self.title} has no loop form {name!r} (it has {names})")
        raise ValueError(f"no loop form of {self.title} can run this problem")


_COMMON = frozenset({"resume", "prefix", "split", "estimate", "seed"})


def _always(links: Links) -> bool:
    return True


def _plain_problem(links: Links) -> bool:
    return links.color is None and links.bound is None


def _colored_problem(links: Links) -> bool:
    return links.color is not None and links.bound is None


def _unbounded(links: Links) -> bool:
    return links.bound is None


def _packed(links: Links) -> bool:
    return _plain_problem(links) and links.packed


def _wide(links: Links) -> bool:
    return _plain_problem(links) and links.wide


def _bytewise(links: Links) -> bool:
    return _plain_problem(links) and links.bytewise


#: The buckets form runs a problem with more than
#: :data:`~dlx.algorithm_x.BUCKETS_MIN_ITEMS`
#: items only when it has more than this many items per update that a
#: node is expected to do (see :func:`expected_updates`).
BUCKETS_ITEMS_PER_UPDATE = 2048

#: The same two numbers, (least items, items per update), for the
#: interpreters whose preferred form looks at every item's length at every
#: node (:data:`PREFERRED_FORMS`): PyPy's jit form takes the least of them
#: in a compiled loop, but a loop over all items all the same, so the
#: buckets pay from a few hundred items there.
BUCKETS_RULES: dict[str, tuple[int, int]] = {"pypy": (128, 16)}


def _many_items(links: Links) -> bool:
    """Whether the buckets form is the one for ``links``: many items, few updates a node.

    Keeping the counts costs about half an update more per update; scanning
    the sizes costs about 0.05 µs per thousand items per node (CPython 3.11:
    a chain of items breaks even near 5,000 items, an empty 36×36 sudoku,
    432 updates a node by :func:`expected_updates`, runs 1.35 times slower
    in the buckets form at 5,184).  On PyPy (:data:`BUCKETS_RULES`) the
    chain runs 2 to 200 times faster in the buckets form than in the jit
    form from 250 to 200,000 items, and 95 hard sudokus (about 2 items per
    forecast update) 1.7 times slower.
    """
    from dlx import algorithm_x

    least, per_update = BUCKETS_RULES.get(
        sys.implementation.name,
        (algorithm_x.BUCKETS_MIN_ITEMS, BUCKETS_ITEMS_PER_UPDATE),
    )
    n = links.n_items
    if n <= least:
        return False
    return n > per_update * expected_updates(links)


def expected_updates(links: Links) -> float:
    """A rough forecast of the updates a node of the search of ``links`` does.

    A node covers the items of one option, and covering an item hides the
    other nodes of every option in its list: with the median width ``w`` of
    the options and the median length ``k`` of the lists, about
    ``w * k * (w - 1) + 1``.  Medians, so that one wide option (covered
    once near the root) does not speak for the whole tree.  An
    overestimate deep in the tree, where lists are short; it only has to
    tell problems apart by orders of magnitude.

    >>> from dlx import ExactCover
    >>> chain = ExactCover(range(6), options=[[0], [0, 1], [1], [1, 2], [2]])
    >>> expected_updates(chain.links())
    1.0
    """
    # Computed once per problem, but sudoku makes a problem per puzzle: so
    # builtins over whole lists (a Counter or a generator per item cost
    # 0.1-0.2 ms a 16x16 puzzle on PyPy, as much as its search).
    n = links.n_items
    span = links.span
    if len(span) == n + 1:
        return 1.0
    last = span[-1]
    # The headers' spans are 0: a count of the last node's span (C code,
    # where min() and max() of a slice cost 10 µs a 16x16 puzzle on PyPy).
    if span.count(last) == (len(span) - n - 1 if last else len(span)):
        # Every option of one width (sudoku, queens, Langford pairs, tilings).
        w = last + 1
    else:
        counted = Counter(links.option_of[n + 1 :])
        counted.pop(-1, None)  # nodes of no option, if any
        widths = sorted(counted.values())
        w = widths[len(widths) // 2]
    return float(w * _median_length(links) * (w - 1) + 1)


def _median_length(links: Links) -> int:
    """The median length of the lists of ``links`` before any cover (0 without items).

    In the bytearray form every length is below ``ACTIVE_BYTE``: the
    lengths are counted up from 0 until more than half the items are
    (``bytes.count``, two a length: an active primary item's carries the
    offset), which costs a tenth of sorting them on PyPy (50 µs a 16x16
    puzzle there).
    """
    n = links.n_items
    if not n:
        return 0
    half = n // 2
    if links.bytewise:
        head = bytes(links.size[:n])
        offset = links.active_offset
        seen = 0
        for k in range(offset):
            seen += head.count(k) + head.count(k + offset)
            if seen > half:
                return k
    # Each item's length before any cover: links.shift undoes the offset
    # that marks the primary items active.
    lengths: list[int] = sorted(map(operator.add, links.size[:n], links.shift))
    return lengths[half]


#: The marks form runs a problem of the wide form whose options have at
#: least this many items on average (and whose lists are sparse, below).
MARKS_MIN_WIDTH = 5


def _marks(links: Links) -> bool:
    """Whether Algorithm X's marks form is the one for ``links`` (a tiling's shape).

    Marking an option saves unlinking its other nodes, so it pays where
    options are wide; but covering an item visits every option of its
    list, hidden ones too, so it costs where most of a list is hidden
    early, as in dense problems whose options all overlap.  Measured
    (CPU time, whole search or 30,000 nodes, wide form / marks form):
    pentominoes 3×20 1.06 / 0.57 s; all 4-subsets of 13 items 0.16 /
    0.37 s; 6-subsets of 13 0.30 / 0.34 s, of 12 0.087 / 0.049 s.  So:
    options of :data:`MARKS_MIN_WIDTH` items or more on average, and
    lists whose squared lengths sum to at most the square of the number
    of options (about 0.6 of it for the pentomino boxes, 1.2 to 2.8 for
    the subsets).
    """
    if not _wide(links) or not links.n_options:
        return False
    nodes = len(links.top) - links.n_items - 1
    if nodes < MARKS_MIN_WIDTH * links.n_options:
        return False
    lengths = [links.length(links.size, item) for item in range(links.n_items)]
    return sum([k * k for k in lengths]) <= links.n_options**2


#: Algorithm X5 runs a problem in its ``many`` form
#: (:func:`dlx.algorithm_x5.run_many`), whose trees make a node's cost
#: independent of the number of items, when it has more than this many
#: primary items ...
X5_MANY_ITEMS = 1000
#: ... and more than this many per update a node is expected to do
#: (:func:`expected_updates`).
X5_ITEMS_PER_UPDATE = 16


def _many_primary_items(links: Links) -> bool:
    """Whether Algorithm X5's ``many`` form is the one for ``links``: many items, few updates.

    DLX5's choice walks every active primary item at every node, in
    Python; the ``many`` form keeps them in trees instead, and pays a walk
    up the trees for every update.  Measured (CPython 3.11, CPU time,
    ``best(1)`` or 20,000 nodes, walk / trees): ``n`` items with two
    options each, the first solution ``n`` levels deep, 0.56 / 0.12 s at
    2,500 items and 7.8 / 0.28 s at 10,000; a chain of 1,500 items 0.18 /
    0.15 s, of 600 0.03 / 0.03 s; but an empty 16×16 sudoku with costs
    (1,024 items, 16 updates a node, 193 forecast) 0.45 / 1.21 s and a
    25×25 one (2,500 items, 301 forecast) 1.15 / 1.79 s.
    """
    n = links.n_primary
    return n > X5_MANY_ITEMS and n > X5_ITEMS_PER_UPDATE * expected_updates(links)


#: Every backtracking algorithm, by name.  Built on first use (PEP 562),
#: with the modules of the algorithms: ``import dlx`` imports none of them,
#: and a search, which asks :func:`by_name` for its algorithm, only those
#: of the one it runs.
REGISTRY: dict[str, Algorithm]


def _algorithm_x() -> Algorithm:
    from dlx import algorithm_x, algorithm_x_jit, algorithm_x_packed

    return Algorithm(
        "X",
        "Algorithm X (Knuth's DLX1)",
        (
            LoopForm(
                "packed", algorithm_x_packed.run, algorithm_x_packed.prepare, _packed
            ),
            LoopForm(
                "marks",
                algorithm_x_packed.run_marks,
                algorithm_x_packed.prepare_marks,
                _wide,
                _marks,
            ),
            LoopForm(
                "wide", algorithm_x_packed.run_wide, algorithm_x_packed.prepare, _wide
            ),
            # Many items: the buckets of sizes instead of a scan of them all.
            LoopForm(
                "buckets",
                algorithm_x.run_buckets,
                algorithm_x.prepare,
                _bytewise,
                _many_items,
            ),
            LoopForm("plain", algorithm_x.run, algorithm_x.prepare, _plain_problem),
            # Knuth's own shape, for PyPy's JIT (PREFERRED_FORMS).
            LoopForm(
                "jit",
                algorithm_x_jit.run,
                algorithm_x_jit.prepare,
                _plain_problem,
                algorithm_x_jit.prefer,
            ),
        ),
        algorithm_x.XWalker,
        algorithm_x.fraction,
        algorithm_x.check,
        _plain_problem,
        _COMMON,
        algorithm_x.splittable,
    )


def _algorithm_c() -> Algorithm:
    from dlx import algorithm_c

    return Algorithm(
        "C",
        "Algorithm C (Knuth's DLX2, colours)",
        (LoopForm("colored", algorithm_c.run, algorithm_c.prepare, _colored_problem),),
        algorithm_c.CWalker,
        algorithm_c.fraction,
        algorithm_c.check,
        _colored_problem,
        _COMMON | {"colors"},
        algorithm_c.splittable,
    )


def _algorithm_m() -> Algorithm:
    from dlx import algorithm_m

    return Algorithm(
        "M",
        "Algorithm M (Knuth's DLX3)",
        (LoopForm("multiplicity", algorithm_m.run, algorithm_m.prepare, _always),),
        algorithm_m.MWalker,
        algorithm_m.fraction,
        algorithm_m.check,
        _always,
        _COMMON | {"colors", "bounds"},
        algorithm_m.splittable,
    )


def _algorithm_x5() -> Algorithm:
    # Minimum cost: run on request (ExactCover.best, dlx --best), never by
    # default, since costs do not change which solutions a problem has.
    # Its tree depends on the solutions found (the cutoff), so it has no
    # split, estimate or seed; a position carries its best costs and
    # thresholds (save, restore); below a prefix it searches as
    # dlx.parallel.best needs it.
    from dlx import algorithm_x5

    return Algorithm(
        "X5",
        "Algorithm X5 (Knuth's DLX5, minimum cost)",
        (
            # Many primary items: the trees instead of a walk over them all.
            LoopForm(
                "many",
                algorithm_x5.run_many,
                algorithm_x5.prepare,
                _unbounded,
                _many_primary_items,
            ),
            LoopForm("cost", algorithm_x5.run, algorithm_x5.prepare, _unbounded),
        ),
        algorithm_x5.X5Walker,
        algorithm_x5.fraction,
        algorithm_x5.check,
        _unbounded,
        frozenset({"colors", "prefix", "resume"}),
        save=algorithm_x5.save,
        restore=algorithm_x5.restore,
    )


#: The entries of :data:`REGISTRY` and what makes each, in its order.
_ENTRIES: dict[str, Callable[[], Algorithm]] = {
    "X": _algorithm_x,
    "C": _algorithm_c,
    "M": _algorithm_m,
    "X5": _algorithm_x5,
}

#: The entries made so far (the same objects :data:`REGISTRY` then holds).
_MADE: dict[str, Algorithm] = {}


def _entry(name: str) -> Algorithm:
    """The entry ``name`` of :data:`_ENTRIES`, made on first use."""
    made = _MADE.get(name)
    if made is None:
        made = _MADE.setdefault(name, _ENTRIES[name]())
    return made


def _registry() -> dict[str, Algorithm]:
    """:data:`REGISTRY`, built and kept the first time it is asked for."""
    built: dict[str, Algorithm] | None = globals().get("REGISTRY")
    if built is None:
        whole = {name: _entry(name) for name in _ENTRIES}
        built = globals().setdefault("REGISTRY", whole)
    return built


#: The nodes of the short DLX search that ``method="sat"`` runs before the
#: solver (:func:`dlx.engine.sat_search`): a problem DLX finishes within
#: them (most hard 9x9 sudokus: about 7 ms) is answered without the solver's
#: fixed cost of several milliseconds; one it does not finish has lost at
#: most that much (the figures: tests/benchmarks/bench_sat.py).
SAT_DLX_NODES = 2000


def sat_available() -> bool:
    """Whether the SAT back end's solver (OR-Tools) can be imported (:func:`dlx.sat.available`)."""
    from dlx.sat import available

    return available()


#: Loop forms an interpreter (``sys.implementation.name``) runs faster than
#: the ones listed before them in :data:`REGISTRY`: :func:`choose` takes
#: these first where they apply (and their ``prefer`` agrees: the
#: buckets form only for many items).  The packed form and its unrolling are
#: made for CPython's interpreter (one big-integer addition instead of a
#: loop of small steps); PyPy's JIT compiles Knuth's plain steps and runs
#: them faster, fastest in the jit form, which is written for it (see
#: "Interpreters" in :doc:`/performance`).
PREFERRED_FORMS: dict[str, tuple[str, ...]] = {"pypy": ("buckets", "jit")}


def choose(
    links: Links, algorithm: str | None = None, form: str | None = None
) -> tuple[Algorithm, LoopForm]:
    """The algorithm and loop form that search ``links``: the default, or the ones named.

    By default: Algorithm M for a problem with bounds, Algorithm C for
    one with colours, otherwise Algorithm X, in its packed form where the
    problem allows it (``links.packed``) and its plain form elsewhere.
    The loop form depends on the interpreter too: a form that
    :data:`PREFERRED_FORMS` lists for the running one
    (``sys.implementation.name``) comes first where it applies, so on
    PyPy Algorithm X always runs its jit form.

    :param links: the compiled problem.
    :param algorithm: the name of an algorithm of :data:`REGISTRY` to use
        instead of the default.
    :param form: the name of one of its loop forms.
    :returns: the algorithm and the loop form.
    :raises ValueError: for an unknown name, or an algorithm or form that
        cannot run the problem (the message says which).

    >>> from dlx import ExactCover
    >>> links = ExactCover("ab", options=[["a"], ["b"]]).links()
    >>> [entry.name for entry in choose(links, form="plain")]
    ['X', 'plain']
    >>> choose(links, "C")
    Traceback (most recent call last):
      ...
    ValueError: Algorithm C (Knuth's DLX2, colours) cannot run this problem (it has no colours)
    """
    key = ("choose", algorithm, form)
    known = links.cache.get(key)
    if known is not None:
        return known  # type: ignore[return-value]
    if algorithm is None:
        if links.bound is not None:
            algorithm = "M"
        elif links.color is not None:
            algorithm = "C"
        else:
            algorithm = "X"
    chosen = by_name(algorithm)
    if form is None:
        for name in PREFERRED_FORMS.get(sys.implementation.name, ()):
            if any(
                f.name == name
                and f.applies(links)
                and (f.prefer is None or f.prefer(links))
                for f in chosen.forms
            ):
                form = name
                break
    if not chosen.applies(links):
        why = "it has bounds" if links.bound is not None else "it has colours"
        if links.bound is None and links.color is None:
            why = "it has no colours"
        raise ValueError(f"{chosen.title} cannot run this problem ({why})")
    # The answer depends only on the links, which do not change: every
    # search of the problem after the first takes it from there.
    answer = chosen, chosen.form(links, form)
    links.cache[key] = answer
    return answer


def by_name(name: str) -> Algorithm:
    """The algorithm of :data:`REGISTRY` called ``name``.

    :raises ValueError: naming the algorithms there are.

    >>> by_name("M").title
    "Algorithm M (Knuth's DLX3)"
    """
    # Until REGISTRY is asked for (and so may have been changed), the
    # entry alone: a search imports the module of its algorithm only.
    registry: dict[str, Algorithm] | None = globals().get("REGISTRY")
    if registry is None and name in _ENTRIES:
        return _entry(name)
    if registry is not None and name in registry:
        return registry[name]
    names = ", ".join(map(repr, _ENTRIES if registry is None else registry))
    raise ValueError(f"no algorithm {name!r} (there are {names})")


def walker(links: Links, algorithm: str | None = None) -> Walker:
    """A walker of the default algorithm's tree, from the root over a fresh copy of ``links``.

    The tree the default search of ``links`` explores (without ``seed``):
    :mod:`dlx.parallel` cuts it and :mod:`dlx.estimate` probes it.
    ``algorithm`` names another algorithm of :data:`REGISTRY` to walk
    the tree of (``"X5"``, for :func:`dlx.parallel.best`).

    >>> from dlx import ExactCover
    >>> type(walker(ExactCover("A", bounds={"A": 2}).links())).__name__
    'MWalker'
    """
    chosen, form = choose(links, algorithm)
    frame = Arrays(links)
    form.prepare(frame)
    return chosen.walker(frame)


def refuse(feature: str, links: Links) -> None:
    """Raise :class:`ValueError` when the search of ``links`` cannot give ``feature``.

    What depends on the problem: a problem with bounds has no memoised
    search, and the algorithm :func:`choose` gives it supports only what
    its ``supports`` lists.  Which options go with which *way* of
    searching, whatever the problem, is decided in :mod:`dlx.ways`.

    :param feature: one of :data:`FEATURES`, or ``"memo"`` / ``"zdd"``
        (asking for memoised search of ``links``, by ``count`` or ``zdd()``).
    :param links: the problem.
    :raises ValueError: saying what is not supported, and by what.

    >>> from dlx import ExactCover
    >>> refuse("memo", ExactCover("A", bounds={"A": 2}).links())
    Traceback (most recent call last):
      ...
    ValueError: method='memo' is not supported for a problem with bounds on its items (Algorithm M) yet
    >>> refuse("estimate", ExactCover("A", bounds={"A": 2}).links())  # M estimates
    """
    if feature in ("memo", "zdd"):
        if links.bound is not None:
            what = "method='memo'" if feature == "memo" else "zdd()"
            raise ValueError(f"{what} is {UNSUPPORTED}")
        return
    choose(links)[0].require(feature)


class Arrays:
    """A :class:`~dlx.frame.Frame` for a walk from the root that no search owns.

    Copies the mutable arrays of ``links``, as a new search does;
    :func:`walker` makes one per walk (:mod:`dlx.estimate` takes one per
    probe).  Its clock never ticks: it is for walkers, not loops.

    :param links: the compiled problem.
    """

    def __init__(self, links: Links) -> None:
        self.links = links
        self.up = list(links.up)
        self.down = list(links.down)
        self.size: bytearray | list[int] = links.size[:]
        self.color = None if links.color is None else list(links.color)
        self.stats = Stats()
        self.outcome = Outcome.RUNNING
        self.limit: int | None = None
        self.rng: random.Random | None = None
        self.base: list[int] = []
        self.stack: list[int] = []
        self.saves: list[Any] = []
        self.state: Any = None

    def tick(self, nodes: int, started: float) -> int:
        raise TypeError("a walk's arrays have no clock: run a dlx.Search instead")

    def choose_at_random(self, value: int, size: Sequence[int]) -> int:
        raise TypeError("a walk's arrays have no random generator")
