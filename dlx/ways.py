"""The ways of searching: which one a run takes, and which options each way takes.

:mod:`dlx.algorithms` chooses the algorithm and its loop form; this module
chooses the *way* a search runs — dancing links, memoised counting, a SAT
solver, the cheapest solutions, a random sample, the smaller problem of
preprocessing, split over an executor — and decides, once for every entry
point, which options each way takes.  :class:`dlx.ExactCover`'s methods,
the ``dlx`` command, :mod:`sudoku`'s functions and the ``sudoku`` command
all go through here:

* :data:`FEATURES` names every way and option with the words of each entry
  point: a parameter of the API (``limit=``), an option of a command
  (``--limit``);
* :data:`RULES` lists the combinations that are refused, each with its
  reason, written once; :data:`NEEDS` the features that only make sense
  with another;
* :data:`UNAVAILABLE` lists the ways this interpreter cannot run, with
  the reason (under Pyodide, in a web page: splitting over workers and
  the SAT solver);
* :func:`check` refuses a combination with :class:`Refused`, worded in
  the entry point's words (the API raises it, each command prints it and
  exits with status 2), and then a way of :data:`UNAVAILABLE` alike;
* :class:`Settings` is the one value that carries the limit, the budgets,
  the seed, progress, positions and the executor through the layers;
* :func:`solutions`, :func:`count`, :func:`first`, :func:`best` and
  :func:`cheapest` check a combination and start the run; below them,
  :func:`search` (every way of listing or counting, a :class:`Run`) and
  :func:`memo_search` (the diagram of a sample) start one without
  checking (the commands check their options once, when they read them).

Every pair of features is either refused by a rule here or works as
documented: ``tests/test_ways_matrix.py`` runs each entry point with each
way and each option against a brute-force oracle.

>>> check({"split", "seed"})
Traceback (most recent call last):
  ...
dlx.ways.Refused: executor= does not go with seed=: random tie-breaking cannot be split over workers
>>> check({"split", "seed"}, words="dlx", names={"split": "--jobs"})
Traceback (most recent call last):
  ...
dlx.ways.Refused: --jobs does not go with --seed: random tie-breaking cannot be split over workers
>>> check({"count", "limit", "timeout"})  # nothing to refuse
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence

from dlx import algorithms
from dlx.algorithms import MemoSearch, capped
from dlx.errors import (
    BestBudgetExceeded,
    BestInterrupted,
    BudgetExceeded,
    CountInterrupted,
    DLXError,
    SolutionsBudgetExceeded,
    SolutionsInterrupted,
    ZddInterrupted,
)
from dlx.links import Links
from dlx.notset import NotSet
from dlx.records import Record, replace
from dlx.stats import Outcome, Progress, Stats, check_budgets, check_flag, check_whole

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: a run imports what it uses
    from typing import Any, Literal

    from dlx.runs import Cheapest, Problem, Run

    Method = Literal["dlx", "memo", "sat"]
    from concurrent.futures import Executor

    from dlx.algorithms import Zdd
    from dlx.engine import CostSearch, Search
    from dlx.preprocess import Preprocessing
    from dlx.symmetry import BurnsideCount, Leaders

__all__ = [
    "FEATURES",
    "NEEDS",
    "NOT_SET",
    "PLAIN",
    "RULES",
    "UNAVAILABLE",
    "VOCABULARIES",
    "Cheapest",
    "CheapestFirst",
    "Feature",
    "Need",
    "NotSet",
    "Plan",
    "Problem",
    "Refused",
    "Rule",
    "Run",
    "Settings",
    "best",
    "capped",
    "cheapest",
    "check",
    "cost_search",
    "count",
    "first",
    "given_value",
    "lacking",
    "memo_search",
    "plain_search",
    "plan",
    "search",
    "solutions",
    "solutions_list",
    "zdd",
]

#: The protocols, defined with typing's in :mod:`dlx.runs` and imported on
#: first use (PEP 562): annotations here name them without importing typing.
_LAZY = ("Cheapest", "Problem", "Run")


def __getattr__(name: str) -> Any:
    """The protocols of :data:`_LAZY`, imported from :mod:`dlx.runs` on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from dlx import runs

    value = getattr(runs, name)
    globals()[name] = value  # the next look-up finds it at once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


#: The entry points' vocabularies: the library's parameters, the ``dlx``
#: command's options, the ``sudoku`` command's options.
VOCABULARIES = ("api", "dlx", "sudoku")


class Feature(Record, frozen=True):
    """A way of searching or an option, with the words each entry point has for it.

    :ivar api: the library's words (``"limit="``), ``None`` where it has none.
    :ivar dlx: the ``dlx`` command's (``"--limit"``).
    :ivar sudoku: the ``sudoku`` command's.
    """

    api: str | None
    dlx: str | None = None
    sudoku: str | None = None

    def word(self, words: str) -> str | None:
        """The feature's name in the vocabulary ``words`` (one of :data:`VOCABULARIES`)."""
        value: str | None = getattr(self, words)
        return value


def _same(word: str) -> Feature:
    """A feature both commands name alike."""
    return Feature(None, word, word)


#: Every feature a run can be asked for, by key: the ways first, then the
#: options.  A key a vocabulary has no word for never occurs there.
FEATURES: dict[str, Feature] = {
    # What the run does (one of them, or listing solutions by default).
    "list": Feature("solutions()", "listing solutions", "solving"),
    "count": Feature("count()", "--count", "--count"),
    "cheapest": Feature("best()", "--best", None),
    "sample": Feature("zdd()", "--sample", None),
    "estimate": Feature("estimate()", "--estimate", None),
    "write": Feature(
        None, "--preprocess without --count, --solve, --best or --sample", None
    ),
    "grade": Feature("grade()", None, "--grade"),
    "explain": Feature("explain()", None, "--explain"),
    "hint": Feature("hint()", None, "--hint"),
    "rate": Feature(None, None, "--rate"),
    "check": Feature("check()", None, "--check"),
    "generate": Feature("generate()", None, "sudoku generate"),
    "why": Feature("conflict()", "--why", "--why"),
    # The options --why asks about (conflict()'s pinned=; a command names
    # the one given: --pin or --pin-file).
    "pin": Feature(None, "--pin", None),
    # How it searches.
    "dlx": Feature("method='dlx'", "--method dlx", "--method dlx"),
    "memo": Feature("method='memo'", "--method memo", None),
    "sat": Feature("method='sat'", "--method sat", "--method sat"),
    "preprocess": Feature("preprocess=True", "--preprocess", None),
    "split": Feature("executor=", "--jobs or --scheduler", "--jobs"),
    "symmetry": Feature("symmetry=", "--symmetry", None),
    # What the problem is (not asked for: the entry points add it).
    "bounds": Feature("a problem with bounds", "a problem with bounds", None),
    # Options.
    "limit": Feature("limit=", "--limit", "--limit"),
    "max_nodes": Feature("max_nodes=", "--max-nodes", None),
    "timeout": Feature("timeout=", "--timeout", "--timeout"),
    "seed": Feature("seed=", "--seed", None),
    # --seed with --sample seeds the draw, not tie-breaking.
    "draw_seed": Feature(None, "--seed", None),
    "progress": Feature("progress=", "--progress", "--progress"),
    "resume": Feature("resume=", "--checkpoint", None),
    "prefix": Feature("prefix=", None, None),
    "checkpoint_every": Feature(None, "--checkpoint-every", None),
    "task_seconds": Feature("task_seconds=", "--task-seconds", None),
    "probes": Feature("probes=", "--probes", None),
    "branching": Feature("branching=", "--branching", None),
    "branching_first": Feature("branching='first'", "--branching first", None),
    "max_entries": Feature("max_entries=", "--max-entries", None),
    "max_bytes": Feature("max_bytes=", "--max-memory", None),
    "unique": Feature("unique=True", None, "--unique"),
    "pretty": Feature(None, None, "--pretty"),
    "uva": Feature(None, None, "--uva"),
    "svg": Feature(None, None, "--svg"),
    # The grids of the sudoku command and of generate().
    "box": Feature(None, None, "--box"),
    "regions": Feature("regions=", None, "--regions"),
    "cages": Feature("cages=", None, "--cages"),
    "disjoint_cages": Feature("disjoint_cages=True", None, "--disjoint-cages"),
    # What generate() is asked to reach.
    "givens": Feature("givens=", None, "--givens"),
    "target_grade": Feature("grade=", None, "--grade"),
    "target_rating": Feature("rating=", None, "--rating"),
    "tries": Feature("tries=", None, "--tries"),
    "solve": Feature(None, "--solve", None),
    "stats": _same("--stats"),
    "json": _same("--json"),
}


class Rule(Record, frozen=True):
    """A combination of features that is refused, and why.

    :ivar features: the keys of :data:`FEATURES` that do not go together.
    :ivar why: the reason; ``{key}`` stands for a feature's words.
    :ivar only: the vocabularies the rule holds in (``None``: all).
    :ivar say: the whole message, where "A does not go with B: why" reads
        badly (``{key}`` as in ``why``; ``{_b}``: the second feature's words).
    """

    features: tuple[str, ...]
    why: str
    only: tuple[str, ...] | None = None
    say: str | None = None


class Need(Record, frozen=True):
    """A feature that only goes with one of some others.

    :ivar feature: the key that needs company (with ``when``, all of them).
    :ivar any_of: the keys of which one must be there too.
    :ivar why: the whole message (``{key}`` as in :class:`Rule`, ``{_a}``:
        the feature's words), or ``""`` to say only what it goes with.
    :ivar when: further keys: the need holds only when they are all there.
    :ivar only: the vocabularies the need holds in (``None``: all).
    """

    feature: str
    any_of: tuple[str, ...]
    why: str = ""
    when: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None


_ONE_PROCESS = (
    "memoised search runs whole in one process (its cache is its work, "
    "which can be neither saved nor split)"
)
_WRITES = (
    "{preprocess} alone writes the smaller problem without searching it, so "
    "{_b} does not apply (add --count, --solve, --best or --sample to search "
    "it)"
)
_ESTIMATES = "{estimate} does not search, so {_b} does not apply"
_SAT_RUNS = "the SAT solver runs in one solve of its own"
_SOLVES_NOTHING = "it solves nothing"
_WHY = (
    "{why} looks for a minimal reason by searches of its own, each for one "
    "solution at most, so {_b} does not apply"
)

#: The combinations refused, in the order they are looked at: the first
#: rule whose features are all given is the one reported.
RULES: tuple[Rule, ...] = (
    # The run's kind: one at a time.
    Rule(("cheapest", "count"), "{cheapest} prints solutions, cheapest first"),
    Rule(
        ("cheapest", "sample"), "{sample} draws solutions at random and knows no costs"
    ),
    Rule(("sample", "count"), "{sample} prints the solutions it draws"),
    Rule(("estimate", "count"), "", say=_ESTIMATES),
    # "Why not?": a minimal reason, by counts with limit 1 of its own.
    *(
        Rule(("why", key), "", say=_WHY)
        for key in (
            "count",
            "cheapest",
            "sample",
            "estimate",
            "write",
            "preprocess",
            "unique",
            "grade",
            "explain",
            "hint",
            "rate",
            "check",
            "memo",
            "sat",
            "symmetry",
            "limit",
            "max_nodes",
            "seed",
            "resume",
            "task_seconds",
            "branching",
            "max_entries",
            "max_bytes",
            "stats",
            "pretty",
            "uva",
            "svg",
        )
    ),
    # The sudoku command splits a batch's puzzles over --jobs, each
    # puzzle's reason found in one process; dlx's one problem is not split.
    Rule(("why", "split"), "", say=_WHY, only=("dlx",)),
    Rule(
        ("estimate", "cheapest"),
        "Algorithm X5's tree depends on the solutions it finds, so it cannot be estimated",
    ),
    Rule(("estimate", "sample"), "", say=_ESTIMATES),
    Rule(("estimate", "preprocess"), "", say=_ESTIMATES),
    Rule(
        ("unique", "count"),
        "{count} {limit} 2 tells unique puzzles (1) from the others (2)",
    ),
    Rule(
        ("unique", "grade"),
        "{grade} reports a puzzle with several solutions as bad anyway",
    ),
    Rule(("unique", "check"), _SOLVES_NOTHING),
    *(
        Rule(
            ("unique", way),
            f"{{{way}}} reports a puzzle with several solutions as bad anyway",
        )
        for way in ("explain", "hint", "rate")
    ),
    # Estimating does not search: no option of a search goes with it
    # (but a budget of time and progress: its probes may take long).
    *(
        Rule(("estimate", key), "", say=_ESTIMATES)
        for key in (
            "limit",
            "max_nodes",
            "resume",
            "stats",
            "split",
            "dlx",
            "memo",
            "sat",
            "branching",
            "max_entries",
            "max_bytes",
            "symmetry",
        )
    ),
    # Writing the smaller problem does not search either.
    *(
        Rule(("write", key), "", say=_WRITES)
        for key in (
            "limit",
            "max_nodes",
            "seed",
            "progress",
            "resume",
            "split",
            "task_seconds",
            "json",
            "dlx",
            "memo",
            "sat",
            "branching",
            "max_entries",
            "max_bytes",
            "symmetry",
        )
    ),
    # Preprocessing searches another problem: positions are of one search.
    Rule(
        ("preprocess", "resume"),
        "a position is one search's, and the smaller problem's search is "
        "another (search the smaller problem itself to save and resume)",
    ),
    Rule(
        ("preprocess", "prefix"),
        "a prefix is of this problem's options, not the smaller problem's",
    ),
    Rule(
        ("resume", "prefix"),
        "a position already says where the search stands: give one of them",
    ),
    # Solutions up to symmetry: a smaller search of its own, each solution tested.
    Rule(
        ("symmetry", "preprocess"),
        "the symmetries permute this problem's items, and the smaller problem has others",
    ),
    Rule(
        ("symmetry", "resume"),
        "a search up to symmetry runs a smaller problem of its own, whose "
        "positions are not this problem's",
    ),
    Rule(
        ("symmetry", "prefix"),
        "a search up to symmetry runs a smaller problem of its own, whose "
        "options are numbered otherwise",
    ),
    Rule(
        ("symmetry", "cheapest", "limit"),
        "{cheapest} up to symmetry keeps the cheapest solutions of a smaller "
        "search, several to an orbit, which a limit would count one by one",
    ),
    Rule(
        ("symmetry", "sample"),
        "{sample} draws from all the solutions, not from their orbits",
    ),
    Rule(
        ("symmetry", "memo", "progress"),
        "{memo} counts the orbits by Burnside's lemma, one count per symmetry, "
        "which report no progress",
    ),
    # What the problem is: bounds on items (Algorithm M's multiplicities).
    Rule(
        ("bounds", "memo"),
        "",
        say="{memo} does not handle bounds on items (multiplicities) yet: "
        "count with {dlx}",
    ),
    Rule(
        ("bounds", "sample"),
        "",
        say="{sample} draws from the diagram of memoised search, which does not "
        "handle bounds on items (multiplicities) yet",
    ),
    # The cheapest solutions: Algorithm X5.
    Rule(
        ("cheapest", "seed"),
        "the cheapest solutions do not depend on ties, so Algorithm X5 breaks none at random",
    ),
    Rule(("cheapest", "memo"), "memoised search counts solutions and knows no costs"),
    Rule(
        ("cheapest", "sat", "limit"),
        "{cheapest} says how many: the solver proves them the cheapest one by "
        "one, each before the next",
    ),
    *(
        Rule(
            ("cheapest", "split", key),
            "the tasks search at once, so no count of theirs can stop them in order",
        )
        for key in ("limit", "max_nodes")
    ),
    Rule(
        ("cheapest", "split", "resume"),
        "the tasks of a minimum-cost search are not saved",
    ),
    Rule(
        ("cheapest", "split", "progress"),
        "the tasks of a minimum-cost search report no progress",
    ),
    Rule(
        ("cheapest", "split", "task_seconds"),
        "each task of a minimum-cost search searches its subproblem to the end",
    ),
    # Memoised search and sampling: one process, one whole run.
    Rule(
        ("memo", "list"),
        "",
        say="{memo} only counts: use {count}, or draw solutions at random with {sample}",
    ),
    Rule(("memo", "resume"), _ONE_PROCESS),
    Rule(("memo", "prefix"), _ONE_PROCESS),
    Rule(("memo", "split"), _ONE_PROCESS),
    Rule(
        ("memo", "seed", "branching_first"),
        "{seed} breaks ties between items of equal size, which {branching_first} never compares",
    ),
    Rule(
        ("sample", "seed", "branching_first"),
        "{seed} breaks ties between items of equal size, which {branching_first} "
        "never compares",
    ),
    Rule(("sample", "limit"), "its number says how many to draw"),
    Rule(("sample", "resume"), _ONE_PROCESS),
    Rule(("sample", "split"), _ONE_PROCESS),
    Rule(("sample", "dlx"), "it draws from the diagram that memoised search builds"),
    Rule(("sample", "sat"), "it draws from the diagram that memoised search builds"),
    # The SAT solver.
    Rule(("sat", "max_nodes"), "the solver counts no nodes: give it {timeout}"),
    Rule(("sat", "progress"), "the solver reports no progress"),
    Rule(("sat", "resume"), "a solve cannot be saved and resumed"),
    Rule(("sat", "prefix"), _SAT_RUNS),
    Rule(("sat", "split"), _SAT_RUNS),
    Rule(("sat", "grade"), "{grade} solves by rules"),
    *(
        Rule(("sat", way), f"{{{way}}} solves by rules")
        for way in ("explain", "hint", "rate")
    ),
    Rule(("sat", "check"), _SOLVES_NOTHING),
    # Splitting over workers.
    Rule(("split", "seed"), "random tie-breaking cannot be split over workers"),
    Rule(("split", "prefix"), "the split search cuts the tree into subproblems itself"),
    Rule(
        ("split", "resume"),
        "a position is one search's; a split search resumes from its pieces "
        "(dlx.parallel.search(resume=))",
        only=("api",),
    ),
    Rule(
        ("split", "resume", "limit"),
        "the workers search past the limit, which a checkpoint cannot keep",
    ),
    Rule(("split", "check"), _SOLVES_NOTHING),
    Rule(("timeout", "check"), _SOLVES_NOTHING),
    Rule(("progress", "check"), _SOLVES_NOTHING),
    Rule(
        ("progress", "split"),
        "the worker processes report no progress",
        only=("sudoku",),
    ),
    # How the sudoku command shows solutions.
    *(
        Rule((shown, "json"), "{json} writes each answer as one line of JSON")
        for shown in ("pretty", "uva", "svg")
    ),
    # What generate() is asked to reach: one scale at a time.
    Rule(
        ("target_rating", "target_grade"),
        "a puzzle is asked for in one way: a level ({target_grade}) or a "
        "band of Sudoku Explainer's ratings ({target_rating})",
    ),
    Rule(
        ("target_rating", "cages"),
        "cage puzzles are made to a grade only ({target_grade})",
    ),
    Rule(
        ("box", "regions"),
        "the regions replace the boxes, and the map gives the size",
    ),
    Rule(
        ("uva", "pretty"),
        "{pretty} prints boxed grids, with a blank line between two already",
    ),
)

#: The features that go only with some others.
NEEDS: tuple[Need, ...] = (
    Need("probes", ("estimate",)),
    Need(
        "pin",
        ("why",),
        "{_a} names options for {why} to find why no solution contains "
        "them all, so it only goes with {why}",
    ),
    Need(
        "bounds",
        ("sat",),
        "{cheapest} runs Knuth's Algorithm X5 (DLX5), which does not handle "
        "bounds on items (multiplicities): find them with {sat}",
        when=("cheapest",),
    ),
    Need("checkpoint_every", ("resume",)),
    Need("task_seconds", ("split",)),
    Need("solve", ("preprocess",)),
    Need("branching", ("memo", "sample")),
    Need("branching_first", ("memo", "sample")),
    Need("max_entries", ("memo", "sample")),
    Need("max_bytes", ("memo", "sample")),
    Need(
        "count",
        ("limit",),
        "{sat} counts only up to a limit: give one with {limit} (2 proves a "
        "solution unique), or count with {dlx}",
        when=("sat",),
    ),
    Need("limit", ("count",), only=("sudoku",)),
    Need("tries", ("givens", "target_grade", "target_rating")),
    Need("disjoint_cages", ("cages",)),
    *(
        Need(
            shown,
            ("list",),
            "{_a} shows solutions, so it does not go with {count}, {grade}, "
            "{explain}, {hint}, {rate} or {check}",
        )
        for shown in ("pretty", "uva", "svg")
    ),
)


def lacking(platform: str = sys.platform) -> dict[str, str]:
    """The features an interpreter on ``platform`` (a :data:`sys.platform`) cannot run.

    By key of :data:`FEATURES`, each with the reason, which completes
    "``--jobs`` is not available here: ...".  Pyodide (``"emscripten"``:
    CPython compiled to WebAssembly, in a web page or Node.js) runs one
    thread in one process, so a search cannot be split over workers, and
    the SAT solver's wheels are compiled for other machines.  Elsewhere
    nothing is lacking (a SAT solver that is not *installed* is reported
    when it is needed, with the command that installs it).

    >>> sorted(lacking("emscripten"))
    ['sat', 'split']
    >>> lacking("linux")
    {}
    """
    if platform == "emscripten":
        return {
            "split": "Pyodide runs Python in one thread of one process, so "
            "there are no workers to split the search over",
            "sat": "the SAT solver (OR-Tools) has no build for Pyodide's "
            "WebAssembly; search with dancing links (the default method)",
        }
    return {}


#: The features this interpreter cannot run (:func:`lacking` of
#: :data:`sys.platform`): :func:`check` refuses each of them.
UNAVAILABLE: dict[str, str] = lacking()


class Refused(DLXError, ValueError):
    """A combination of ways and options that does not go together.

    Raised by :func:`check` (and so by every entry point) with the message
    of the rule, in the words of the entry point that checked.

    :ivar features: the keys of :data:`FEATURES` refused together.
    """

    def __init__(self, message: str, features: tuple[str, ...]) -> None:
        super().__init__(message)
        self.features = features


def _words(words: str, names: Mapping[str, str] | None) -> dict[str, str]:
    table = {key: feature.word(words) or key for key, feature in FEATURES.items()}
    if names:
        table.update(names)
    return table


def check(
    given: Collection[str],
    words: str = "api",
    names: Mapping[str, str] | None = None,
) -> None:
    """Raise :class:`Refused` when the features ``given`` do not go together.

    :param given: keys of :data:`FEATURES`: the way and the options a run
        is asked for.
    :param words: whose words the message uses: ``"api"``, ``"dlx"`` or
        ``"sudoku"`` (:data:`VOCABULARIES`).
    :param names: words that replace the vocabulary's for this call
        (``{"split": "--scheduler"}``).
    :raises Refused: naming the first rule of :data:`RULES` (or need of
        :data:`NEEDS`) that the combination breaks, else the first feature
        given that :data:`UNAVAILABLE` lists.
    :raises KeyError: for a key that is not a feature.

    >>> check({"count", "sat"}, words="dlx")
    Traceback (most recent call last):
      ...
    dlx.ways.Refused: --method sat counts only up to a limit: give one with --limit (2 proves a solution unique), or count with --method dlx
    >>> check({"probes"}, words="dlx")
    Traceback (most recent call last):
      ...
    dlx.ways.Refused: --probes only goes with --estimate
    """
    key = (
        frozenset(given),
        words,
        tuple(sorted(names.items())) if names else (),
        tuple(UNAVAILABLE),
    )
    verdict = _VERDICTS.get(key, _UNKNOWN)
    if verdict is _UNKNOWN:
        if len(_VERDICTS) >= VERDICTS_KEPT:
            _VERDICTS.clear()
        verdict = _VERDICTS[key] = _verdict(key[0], words, names)
    if verdict is not None:
        assert isinstance(verdict, Refused)
        raise Refused(str(verdict), verdict.features)


#: How many verdicts :func:`check` keeps: every search checks its settings,
#: and a program asks the same few combinations again and again.
VERDICTS_KEPT = 1024
_VERDICTS: dict[
    tuple[frozenset[str], str, tuple[tuple[str, str], ...], tuple[str, ...]], object
] = {}
_UNKNOWN = object()


def _verdict(
    given: frozenset[str], words: str, names: Mapping[str, str] | None
) -> Refused | None:
    """What :func:`check` says of a combination: the refusal, or ``None``."""
    unknown = set(given) - FEATURES.keys()
    if unknown:
        raise KeyError(f"no feature {sorted(unknown)[0]!r}")
    table = _words(words, names)
    for rule in RULES:
        if rule.only is not None and words not in rule.only:
            continue
        if all(key in given for key in rule.features):
            first, *others = (table[key] for key in rule.features)
            why = rule.why.format_map(table)
            message = f"{first} does not go with {' and '.join(others)}: {why}"
            if rule.say is not None:
                message = rule.say.format_map(table | {"_b": others[0]})
            return Refused(message, rule.features)
    for need in NEEDS:
        if need.only is not None and words not in need.only:
            continue
        if need.feature not in given or not all(key in given for key in need.when):
            continue
        if any(key in given for key in need.any_of):
            continue
        if need.why:
            message = need.why.format_map(table | {"_a": table[need.feature]})
        else:
            message = f"{table[need.feature]} only goes with " + " or ".join(
                table[key] for key in need.any_of
            )
        return Refused(message, (need.feature, *need.any_of))
    # Last: a combination refused anyway is refused alike on every interpreter.
    for key in sorted(given & UNAVAILABLE.keys()):
        return Refused(
            f"{table[key]} is not available here: {UNAVAILABLE[key]}", (key,)
        )
    return None


# -- the one value that carries a run's settings --------------------------------------


class Settings(Record):
    """What a run is asked for besides its problem: the one value the layers pass on.

    Made by each entry point from its parameters or options, checked by
    :func:`check` (through :meth:`given`), and read by the functions of
    this module that start the run.  Never changed in place
    (:meth:`replace` makes a copy), so one value can serve many runs
    (:data:`PLAIN`).  Every field is as the parameter of
    the same name of :meth:`dlx.ExactCover.count`.
    """

    method: Method = "dlx"
    limit: int | None = None
    max_nodes: int | None = None
    timeout: float | None = None
    seed: int | None = None
    progress: Callable[[Progress], object] | None = None
    progress_interval: float = 1.0
    resume: Any = None
    prefix: Sequence[int] | None = None
    executor: Executor | None = None
    preprocess: bool = False
    branching: Literal["mrv", "first"] | None = None
    max_entries: int | None = None
    max_bytes: int | None = algorithms.DEFAULT_MAX_BYTES
    #: With an executor: seconds of search per task, how to replace a
    #: broken executor (``dlx.parallel.search``'s ``task_seconds``, ``renew``).
    task_seconds: float | None = None
    renew: Callable[[], Executor] | None = None
    #: Solutions up to symmetry: a :class:`dlx.symmetry.Group`, its
    #: generators, or its :class:`dlx.symmetry.Action` on the problem
    #: (``None``: every solution).
    symmetry: Any = None
    #: Keys of :data:`FEATURES` the caller gave explicitly at their default
    #: value (``max_bytes=`` of the default size, say): asked for all the
    #: same, as click's ``ParameterSource`` tells a value given from a default.
    explicit: frozenset[str] = frozenset()
    #: Keys the entry point added by itself, not the user (the ``dlx``
    #: command's progress line on a terminal, its default seconds of a
    #: task of a split run): :func:`plan` drops each of them where the way
    #: cannot use it, rather than refusing the run.
    added: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.method not in ("dlx", "memo", "sat"):
            raise ValueError(
                f"method must be 'dlx', 'memo' or 'sat', not {self.method!r}"
            )
        if self.branching not in (None, "mrv", "first"):
            raise ValueError(
                f"branching must be 'mrv' or 'first', not {self.branching!r}"
            )

    def given(self) -> set[str]:
        """The keys of :data:`FEATURES` these settings ask for (defaults ask for none).

        >>> sorted(Settings(method="memo", limit=3, seed=1).given())
        ['limit', 'memo', 'seed']
        """
        # Written out, not a loop over the fields: every search asks this.
        given: set[str] = set() if self.method == "dlx" else {self.method}
        if self.limit is not None:
            given.add("limit")
        if self.max_nodes is not None:
            given.add("max_nodes")
        if self.timeout is not None:
            given.add("timeout")
        if self.seed is not None:
            given.add("seed")
        if self.progress is not None:
            given.add("progress")
        if self.resume is not None:
            given.add("resume")
        if self.prefix is not None:
            given.add("prefix")
        if self.max_entries is not None:
            given.add("max_entries")
        if self.task_seconds is not None:
            given.add("task_seconds")
        if self.executor is not None:
            given.add("split")
        if self.preprocess:
            given.add("preprocess")
        if self.branching is not None:
            given.add("branching")
            if self.branching == "first":
                given.add("branching_first")
        if self.max_bytes != algorithms.DEFAULT_MAX_BYTES:
            given.add("max_bytes")
        if self.symmetry is not None:
            given.add("symmetry")
        if self.explicit:
            given |= self.explicit
        return given

    def replace(self, **changes: Any) -> Settings:
        """A copy with ``changes``."""
        return replace(self, **changes)


#: What a parameter of the API is when the caller did not give it, so that
#: its default given explicitly still counts as given (see :func:`given_value`).
#: It and its class, :class:`NotSet`, live in ``dlx.notset``, which
#: imports nothing of pydlx's.
NOT_SET = NotSet.NOT_SET


def given_value(
    value: int | NotSet | None, default: int | None, key: str, explicit: set[str]
) -> int | None:
    """``value``, or ``default`` when it is :data:`NOT_SET`; a value given adds ``key`` to ``explicit``.

    >>> explicit: set[str] = set()
    >>> given_value(NOT_SET, 1 << 30, "max_bytes", explicit), explicit
    (1073741824, set())
    >>> given_value(1 << 30, 1 << 30, "max_bytes", explicit), explicit
    (1073741824, {'max_bytes'})
    """
    if isinstance(value, NotSet):
        return default
    explicit.add(key)
    return value


class Plan(Record, frozen=True):
    """One run, decided once: what it does, with what settings, and who asked for what.

    Made by :func:`plan`, which every entry point calls before a run
    starts (the API's methods, the ``dlx`` and ``sudoku`` commands):
    what it checked is what runs.

    :ivar kind: what the run does: a key of :data:`FEATURES` among the
        ways (``"list"``, ``"count"``, ``"cheapest"``, ``"sample"``,
        ``"estimate"``, ``"explain"`` ...).
    :ivar settings: the settings the run takes (without what was dropped).
    :ivar given: every key of :data:`FEATURES` the run asks for.
    :ivar explicit: those the user asked for (the rest the entry point
        added by itself).
    :ivar dropped: keys the entry point had added by itself and the way
        cannot use (the progress line of a terminal, for a way that
        reports none; the default seconds of a task, for ``--best`` split
        over workers): left out, not refused.
    """

    kind: str
    settings: Settings
    given: frozenset[str]
    explicit: frozenset[str]
    dropped: frozenset[str] = frozenset()


#: The field of :class:`Settings` that a key of :data:`FEATURES` added by
#: an entry point sets, and the value that leaves it out.
_DROP: dict[str, tuple[str, Any]] = {
    "progress": ("progress", None),
    "task_seconds": ("task_seconds", None),
}


def _check_values(settings: Settings) -> None:
    """Raise :class:`TypeError` (or :class:`ValueError`) for a setting of the wrong kind.

    As :func:`dlx.stats.check_budgets` does for the budgets: a ``seed``
    is a whole number, ``progress`` is callable, an ``executor`` has
    ``submit``, ``resume`` is a :class:`dlx.Position`, and the memoised
    search's ``max_entries`` and ``max_bytes`` are whole numbers of at
    least 0 (``nan`` was no budget), and ``preprocess`` is ``True`` or
    ``False``.

    >>> _check_values(Settings(seed=1.5))
    Traceback (most recent call last):
      ...
    TypeError: seed must be a whole number, not 1.5
    """
    if settings.seed is not None:
        check_whole(settings.seed, "seed")
    check_flag(settings.preprocess, "preprocess")
    if settings.progress is not None and not callable(settings.progress):
        raise TypeError(f"progress must be callable, not {settings.progress!r}")
    executor = settings.executor
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            "executor must be a concurrent.futures.Executor (such as a "
            f"ProcessPoolExecutor), not {executor!r}"
        )
    resume = settings.resume
    if resume is not None and not hasattr(resume, "fingerprint"):
        raise TypeError(
            "resume must be a dlx.Position (a search's position(), or "
            f"Position.from_json of a saved one), not {type(resume).__name__}"
        )
    for name, value in (
        ("max_entries", settings.max_entries),
        ("max_bytes", settings.max_bytes),
    ):
        if value is not None:
            check_whole(value, name, least=0)


def _check_seed(
    settings: Settings, words: str, names: Mapping[str, str] | None
) -> None:
    """Refuse a ``seed`` that is not the ``resume`` position's, with :class:`Refused`.

    A seeded position goes on with its own random state; another seed,
    or one for an unseeded position, would walk another tree from there
    (the ``dlx`` command refuses a checkpoint of another ``--seed`` so).
    An unseeded position at the start, which walked nothing, takes one.

    >>> from dlx import ExactCover
    >>> search = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]]).search(seed=1)
    >>> _ = next(search)
    >>> _check_seed(Settings(seed=2, resume=search.position()), "api", None)
    Traceback (most recent call last):
      ...
    dlx.ways.Refused: seed=2 does not go with resume= of a search with seed=1: another seed walks another tree from there (give seed=1, or no seed= at all)
    """
    resume = settings.resume
    seed = settings.seed
    if resume is None or seed is None:
        return
    if resume.rng is None and not resume.path and not resume.nodes:
        return  # a position at the start walked nothing: the seed walks it all
    table = _words(words, names)
    given, position = f"{table['seed']}{seed}", table["resume"]
    if resume.rng is None:
        why = (
            f"{given} does not go with {position} of a search without "
            f"{table['seed']}: a seed walks another tree from there (give no "
            f"{table['seed']})"
        )
    elif resume.seed is None:
        why = (
            f"{given} does not go with {position} that does not record its "
            "seed (saved by an older pydlx), so that it cannot be checked: "
            f"give no {table['seed']} (the position goes on with its own "
            "random state)"
        )
    elif resume.seed != seed:
        why = (
            f"{given} does not go with {position} of a search with "
            f"{table['seed']}{resume.seed}: another seed walks another tree "
            f"from there (give {table['seed']}{resume.seed}, or no "
            f"{table['seed']} at all)"
        )
    else:
        return
    raise Refused(why, ("seed", "resume"))


def plan(
    kind: str,
    settings: Settings,
    *,
    also: Collection[str] = (),
    words: str = "api",
    names: Mapping[str, str] | None = None,
    problem: Problem | None = None,
) -> Plan:
    """Decide a run once: check its features, dropping what the entry point added and the way cannot use.

    :param kind: what the run does (a way of :data:`FEATURES`).
    :param settings: its settings; their ``added`` keys are the entry
        point's own defaults, dropped (with their setting) where a rule
        refuses them, never refused.
    :param also: further keys the entry point asks for (its own options,
        ``"json"``, ``"stats"``...).
    :param words: the vocabulary of the messages, as in :func:`check`.
    :param names: words that replace the vocabulary's, as in :func:`check`.
    :param problem: the problem to run, when what it is decides too (a
        problem with bounds: ``"bounds"``).
    :raises Refused: for what the user asked for that does not go together,
        and for a ``seed`` other than that of the ``resume`` position (a
        seeded position goes on with its own random state; a seed for an
        unseeded one would walk another tree).
    :raises TypeError: for a limit or budget that is not a number
        (:func:`dlx.stats.check_budgets`), a ``seed``, ``max_entries``
        or ``max_bytes`` that is not a whole number, a ``progress`` that
        is not callable, an ``executor`` without ``submit``, a
        ``resume`` that is not a position.
    :raises ValueError: for a negative one, or a ``timeout`` of NaN.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> pool = ThreadPoolExecutor(1)  # none of its threads starts here
    >>> auto = Settings(progress=print, added=frozenset({"progress"}))
    >>> decided = plan("cheapest", auto.replace(executor=pool))
    >>> sorted(decided.dropped), decided.settings.progress
    (['progress'], None)
    >>> plan("cheapest", Settings(progress=print, executor=pool))
    Traceback (most recent call last):
      ...
    dlx.ways.Refused: best() does not go with executor= and progress=: the tasks of a minimum-cost search report no progress
    >>> split = Settings(task_seconds=0.5, added=frozenset({"task_seconds"}))
    >>> decided = plan("cheapest", split, also={"split"}, words="dlx")
    >>> sorted(decided.dropped), decided.settings.task_seconds
    (['task_seconds'], None)
    >>> plan("count", split, also={"split"}, words="dlx").settings.task_seconds
    0.5
    """
    # The budgets' values, for every way alike (a memoised count took
    # limit=1.5 as a cap and ignored timeout=nan).
    check_budgets(
        settings.limit, settings.max_nodes, settings.timeout, settings.progress_interval
    )
    _check_values(settings)
    given = settings.given() | {kind} | set(also)
    if problem is not None and problem.links().bound is not None:
        given.add("bounds")
    dropped: set[str] = set()
    while True:
        try:
            check(given, words, names)
        except Refused as refused:
            mine = [key for key in refused.features if key in settings.added]
            if not mine:
                raise
            for key in mine:
                given.discard(key)
                dropped.add(key)
                if key in _DROP:
                    field, off = _DROP[key]
                    settings = settings.replace(**{field: off})
            continue
        break
    # After the rules, which refuse a seed with a split run's pieces.
    _check_seed(settings, words, names)
    if dropped:
        settings = settings.replace(added=settings.added - dropped)
    explicit = frozenset(given - settings.added - {"bounds"})
    return Plan(kind, settings, frozenset(given), explicit, frozenset(dropped))


#: The settings of a run that asks for nothing but the defaults (shared:
#: settings are never changed in place, :meth:`Settings.replace` copies).
PLAIN = Settings()


class CheapestFirst:
    """The SAT solver's cheapest solutions as a :class:`Cheapest`: each solve proves the next.

    :param inner: a :class:`dlx.SatSearch` made with ``costs`` and a
        ``limit`` of ``k``: it hands out the cheapest solution left, one
        solve each.
    :param costs: the cost of each option of the problem it solves.

    Reaching its ``k`` is the whole answer (``outcome`` is then
    :attr:`~dlx.Outcome.EXHAUSTED`: the ``k`` cheapest, all proved).

    >>> from dlx import ExactCover
    >>> from dlx.algorithms import sat_available
    >>> problem = ExactCover("ab")
    >>> for option, cost in ((["a"], 3), (["b"], 1), (["a", "b"], 5)):
    ...     _ = problem.add_option(option, cost=cost)
    >>> if sat_available():
    ...     run = cheapest(problem, Settings(method="sat"), 1)
    ...     run.run()
    ...     found = run.best(), run.outcome.value
    ... else:  # without the extra sat, what the solver answers
    ...     found = [(4, (0, 1))], "exhausted"
    >>> found
    ([(4, (0, 1))], 'exhausted')
    """

    #: Each solution is proved the cheapest of those left before the next.
    proven = True

    def __init__(self, inner: Run, costs: Sequence[int]) -> None:
        self.inner = inner
        self.costs = costs
        self._found: list[tuple[int, tuple[int, ...]]] = []

    @property
    def stats(self) -> Stats:
        """The solver's statistics."""
        return self.inner.stats

    @property
    def outcome(self) -> Outcome:
        """How the solves stand; the ``k`` found is the whole answer (exhausted)."""
        outcome = self.inner.outcome
        return Outcome.EXHAUSTED if outcome is Outcome.LIMIT_REACHED else outcome

    def request_stop(self) -> None:
        """Stop the solve under way (see :meth:`dlx.SatSearch.request_stop`)."""
        self.inner.request_stop()

    def close(self) -> None:
        """End the solver."""
        self.inner.close()

    def run(self) -> None:
        """Solve until the ``k`` cheapest are proved (or a budget or stop raises)."""
        costs = self.costs
        for found in self.inner:
            self._found.append((sum(costs[k] for k in found), found))

    def best(self) -> list[tuple[int, tuple[int, ...]]]:
        """The cheapest solutions proved so far, cheapest first."""
        return list(self._found)


# -- starting a run ------------------------------------------------------------------


def _checked(settings: Settings, kind: str, problem: Problem) -> Settings:
    """The settings of :func:`plan` for an API run of ``kind`` on ``problem``: checked, and what runs."""
    return plan(kind, settings, problem=problem).settings


def search(problem: Problem, settings: Settings, *, count_only: bool = False) -> Run:
    """The search that lists or counts the solutions of ``problem`` itself, by ``settings``.

    A :class:`dlx.Search` (or :class:`dlx.MultiplicitySearch`), a
    :class:`dlx.parallel.ParallelSearch` with an executor, a
    :class:`dlx.SatSearch` for ``method="sat"``, up to symmetry a
    :class:`dlx.symmetry.SymmetricSearch`; for ``method="memo"``, which
    only counts, a :class:`dlx.MemoSearch` (:func:`memo_search`), up to
    symmetry a :class:`dlx.symmetry.BurnsideCount` (:func:`burnside`).
    Not yet started; each a :class:`Run`, driven alike.  The layer below
    the entry points: it neither checks ``settings`` (:func:`check` did,
    for the caller) nor preprocesses (the caller gives the smaller
    problem: :func:`solutions`, :func:`count` and :func:`first` do both).

    :raises ValueError: for ``method="memo"`` without ``count_only``
        (memoised search lists no solutions: draw them from the diagram
        of :func:`memo_search`), or a problem it does not take (bounds).
    """
    if settings.method == "memo":
        if not count_only:
            raise ValueError(
                "method='memo' only counts (count_only=True): the solutions are "
                "in the diagram of memo_search(diagram=True)"
            )
        if settings.symmetry is not None:
            return burnside(problem, settings)
        return memo_search(problem, settings)
    if settings.symmetry is not None:
        return symmetric_search(problem, settings, count_only=count_only)
    return links_search(problem.links(), settings, count_only=count_only)


def symmetric_search(
    problem: Problem, settings: Settings, *, count_only: bool = False
) -> Run:
    """One solution of each orbit of ``settings.symmetry`` (a :class:`dlx.symmetry.SymmetricSearch`).

    The smaller problem of :meth:`dlx.symmetry.Action.restricted` is
    searched as :func:`links_search` searches (listing: each solution is
    tested), and the search stops at ``limit`` orbits.

    :raises ValueError: when the symmetries are not those of ``problem``
        (see :class:`dlx.symmetry.Action`).
    """
    from dlx import symmetry  # lazily: only a search up to symmetry needs it

    action = symmetry.Action.of(problem, settings.symmetry)  # type: ignore[arg-type]
    smaller, back = action.restricted()
    inner_settings = settings.replace(symmetry=None, limit=None)
    made: list[Run] = []  # the search, once made: its orbits go in the reports
    hook = settings.progress
    if hook is not None:

        def report(progress: Progress) -> object:
            orbits = made[0].stats.solutions if made else 0
            return hook(replace(progress, solutions=orbits))

        inner_settings = inner_settings.replace(progress=report)
    inner = links_search(smaller, inner_settings)
    made.append(
        symmetry.SymmetricSearch(
            inner,
            action,
            back,
            limit=settings.limit,
            count_only=count_only,
            progress=hook,
        )
    )
    return made[0]


def links_search(links: Links, settings: Settings, *, count_only: bool = False) -> Run:
    """The search of ``links`` by ``settings``: :func:`search`, below the problem.

    ``settings.symmetry`` is not looked at (:func:`symmetric_search` runs
    one of these on its smaller problem).
    """
    if settings.method == "sat":
        from dlx.engine import sat_search  # here and below: import dlx runs none

        return sat_search(
            links,
            limit=settings.limit,
            timeout=settings.timeout,
            seed=settings.seed,
            count_only=count_only,
        )
    if settings.executor is not None:
        from dlx import parallel  # lazily: only a split search needs it

        extra: dict[str, Any] = {}
        if settings.task_seconds is not None:
            extra["task_seconds"] = settings.task_seconds
        return parallel.search(
            links,
            settings.executor,
            count_only=count_only,
            limit=settings.limit,
            max_nodes=settings.max_nodes,
            timeout=settings.timeout,
            progress=settings.progress,
            progress_interval=settings.progress_interval,
            renew=settings.renew,
            resume=settings.resume,
            **extra,
        )
    return plain_search(links, settings, count_only=count_only)


def plain_search(
    links: Links, settings: Settings, *, count_only: bool = False
) -> Search:
    """The dancing-links search of ``links`` in this process: :func:`links_search` without a method or executor.

    A :class:`dlx.Search`, or a :class:`dlx.MultiplicitySearch` where
    :mod:`dlx.algorithms` gives the problem Algorithm M; not yet started,
    not checked (:meth:`dlx.ExactCover.search` checks, then makes one).
    """
    from dlx.engine import search_class

    return search_class(links)(
        links,
        limit=settings.limit,
        max_nodes=settings.max_nodes,
        timeout=settings.timeout,
        seed=settings.seed,
        count_only=count_only,
        progress=settings.progress,
        progress_interval=settings.progress_interval,
        resume=settings.resume,
        prefix=settings.prefix,
    )


def memo_search(
    problem: Problem, settings: Settings, *, diagram: bool = False
) -> MemoSearch:
    """The memoised search of ``problem`` by ``settings``: a count, or with ``diagram`` a ZDD.

    Like :func:`search`, it neither checks nor preprocesses; its ``seed``
    breaks ties (a draw's seed is :meth:`dlx.Zdd.samples`'s).  A count
    is a :class:`Run` (what :func:`search` gives for ``method="memo"``),
    capped at ``settings.limit``; a diagram (:meth:`dlx.MemoSearch.zdd`)
    holds every solution.

    :raises ValueError: for a problem memoised search does not take (bounds).

    >>> from dlx import ExactCover
    >>> problem = ExactCover("ab", options=[["a"], ["b"], ["a", "b"]])
    >>> memo_search(problem, Settings(method="memo", limit=1)).count()
    1
    >>> memo_search(problem, PLAIN, diagram=True).zdd().count()
    2
    """
    links = problem.links()
    algorithms.refuse("zdd" if diagram else "memo", links)
    return MemoSearch(
        links,
        progress=settings.progress,
        progress_interval=settings.progress_interval,
        limit=None if diagram else settings.limit,
        **_memo_options(settings),
    )


def _memo_options(settings: Settings) -> dict[str, Any]:
    """What a memoised search takes of ``settings`` besides progress: branching, budgets, seed."""
    return {
        "branching": settings.branching or "mrv",
        "max_nodes": settings.max_nodes,
        "timeout": settings.timeout,
        "seed": settings.seed,
        "max_entries": settings.max_entries,
        "max_bytes": settings.max_bytes,
    }


def solutions(problem: Problem, settings: Settings) -> Iterator[tuple[int, ...]]:
    """Check ``settings`` for listing solutions and start the run (see :meth:`dlx.ExactCover.solutions`)."""
    settings = _checked(settings, "list", problem)
    if settings.preprocess:
        reduced = problem.preprocessed()
        record = reduced.preprocessing
        assert record is not None
        return record.originals(search(reduced, settings))
    found: Iterator[tuple[int, ...]] = search(problem, settings)
    return found


def first(problem: Problem, settings: Settings) -> tuple[int, ...] | None:
    """Check ``settings`` and find one solution (see :meth:`dlx.ExactCover.first`)."""
    settings = _checked(settings, "list", problem).replace(limit=1)
    target = problem.preprocessed() if settings.preprocess else problem
    run = search(target, settings)
    try:
        found = next(run, None)
    finally:
        run.close()
    if found is not None and settings.preprocess:
        record = target.preprocessing
        assert record is not None
        found = record.original(found)
    return found


def count(problem: Problem, settings: Settings) -> int:
    """Check ``settings`` for counting and count (see :meth:`dlx.ExactCover.count`)."""
    settings = _checked(settings, "count", problem)
    target = problem.preprocessed() if settings.preprocess else problem
    run = search(target, settings, count_only=True)
    try:
        return run.count()
    except KeyboardInterrupt as stop:
        if isinstance(stop, CountInterrupted):
            raise
        # What the run had counted goes with the interrupt (Ctrl-C lost it).
        raise CountInterrupted(getattr(run, "stats", None)) from None


def burnside(problem: Problem, settings: Settings) -> BurnsideCount:
    """The count of the orbits of ``settings.symmetry`` by Burnside's lemma, not yet run.

    A :class:`dlx.symmetry.BurnsideCount`, a :class:`Run` (what
    :func:`search` gives for ``method="memo"`` with ``symmetry``): one
    memoised count per element of the group, with ``settings``'
    branching, budgets and seed, capped at ``settings.limit``.

    :raises ValueError: when the problem has bounds (memoised search
        takes none), or as :func:`symmetric_search` does.
    """
    from dlx import symmetry  # lazily: only a search up to symmetry needs it

    action = symmetry.Action.of(problem, settings.symmetry)  # type: ignore[arg-type]
    return symmetry.BurnsideCount(
        action, limit=settings.limit, **_memo_options(settings)
    )


def cheapest(
    problem: Problem,
    settings: Settings,
    k: int,
    *,
    count_only: bool = False,
) -> Cheapest:
    """Check ``settings`` for the ``k`` cheapest solutions and make their search, not yet run.

    A :class:`Cheapest`: a :class:`dlx.CostSearch` (Knuth's DLX5), a
    :class:`dlx.parallel.BestSearch` with an executor, or a
    :class:`CheapestFirst` (cheapest first, each proven before the next)
    for ``method="sat"``; up to symmetry, a
    :class:`dlx.symmetry.SymmetricBest` over one of them.  It searches ``problem`` itself: with
    ``preprocess`` the caller gives the smaller problem (:func:`best` does).

    :raises ValueError: when ``k`` is not a positive integer, or for a
        combination :func:`check` refuses.
    """
    settings = _checked(settings, "cheapest", problem)
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a positive integer, not {k!r}")
    if settings.symmetry is not None:
        return _symmetric_cheapest(problem, settings, k, count_only=count_only)
    return _cheapest_of(problem.links(), settings, k, count_only=count_only)


def _symmetric_cheapest(
    problem: Problem, settings: Settings, k: int, *, count_only: bool
) -> Cheapest:
    """The ``k`` cheapest orbits of ``settings.symmetry``: :func:`cheapest` up to symmetry.

    The smaller problem of :meth:`dlx.symmetry.Action.restricted` holds
    the leader of every orbit.  Its cheapest search keeps *orbits*: each
    solution found enters the kept set as its orbit's leader, once
    (:class:`dlx.symmetry.Leaders`), so that the ``k`` kept are the ``k``
    cheapest orbits and the cutoff is the ``k``-th orbit's cost; the SAT
    solver forbids the whole orbit of each solution it finds and hands
    out its leader, ``k`` solves in all.  A
    :class:`dlx.symmetry.SymmetricBest` gives them in the problem's
    numbers.

    :raises ValueError: when the symmetries are not those of ``problem``
        or do not keep its costs (see :meth:`dlx.symmetry.Action.check_costs`).
    """
    from dlx import symmetry  # lazily: only a search up to symmetry needs it

    action = symmetry.Action.of(problem, settings.symmetry)  # type: ignore[arg-type]
    action.check_costs()
    smaller, back = action.restricted()
    inner = _cheapest_of(
        smaller,
        settings.replace(symmetry=None),
        k,
        count_only=count_only,
        canonical=symmetry.Leaders(action, back),
    )
    return symmetry.SymmetricBest(inner, action, back, k)


def _cheapest_of(
    links: Links,
    settings: Settings,
    k: int,
    *,
    count_only: bool,
    canonical: Leaders | None = None,
) -> Cheapest:
    """The search for the ``k`` cheapest solutions of ``links``: :func:`cheapest`, below the problem.

    With ``canonical``, the ``k`` cheapest orbits, each its leader.
    """
    if settings.method == "sat":
        costs = links.cost or [0] * links.n_options
        solver = algorithms.SatSearch(
            links, limit=k, timeout=settings.timeout, costs=costs, orbits=canonical
        )
        return CheapestFirst(solver, costs)
    if settings.executor is not None:
        from dlx import parallel  # lazily: only a split search needs it

        return parallel.best(
            links, settings.executor, k, timeout=settings.timeout, canonical=canonical
        )
    return cost_search(links, settings, k, count_only=count_only, canonical=canonical)


def cost_search(
    links: Links,
    settings: Settings,
    k: int,
    *,
    count_only: bool = False,
    canonical: Leaders | None = None,
) -> CostSearch:
    """Knuth's DLX5 for the ``k`` cheapest solutions of ``links`` in this process: :func:`cheapest` below the problem.

    Not checked (:meth:`dlx.ExactCover.best_search` checks, then makes
    one); ``canonical`` as in :class:`dlx.CostSearch`.
    """
    from dlx.engine import CostSearch

    return CostSearch(
        links,
        keep=k,
        canonical=canonical,
        limit=settings.limit,
        max_nodes=settings.max_nodes,
        timeout=settings.timeout,
        progress=settings.progress,
        progress_interval=settings.progress_interval,
        resume=settings.resume,
        prefix=settings.prefix,
        count_only=count_only,
    )


def best(
    problem: Problem, settings: Settings, k: int
) -> list[tuple[int, tuple[int, ...]]]:
    """Check ``settings`` and find the ``k`` cheapest solutions (see :meth:`dlx.ExactCover.best`).

    A budget that runs out raises :class:`dlx.BestBudgetExceeded`, and
    Ctrl-C :class:`dlx.BestInterrupted`: each keeps the cheapest found
    so far, in this problem's numbers.
    """
    # Checked before the preprocessing, which takes time.
    settings = _checked(settings, "cheapest", problem)
    run: Cheapest | None = None
    record: Preprocessing | None = None

    def kept() -> list[tuple[int, tuple[int, ...]]]:
        ranked = [] if run is None else run.best()
        if record is not None:
            ranked = [(cost, record.original(found)) for cost, found in ranked]
        return ranked

    try:
        target = problem.preprocessed() if settings.preprocess else problem
        record = target.preprocessing if settings.preprocess else None
        run = cheapest(target, settings, k, count_only=True)
        run.run()
    except BudgetExceeded as stop:
        assert run is not None
        raise BestBudgetExceeded(
            stop.outcome, stop.stats, str(stop), kept(), run.proven
        ) from None
    except KeyboardInterrupt as stop:
        if isinstance(stop, BestInterrupted):
            raise
        # What the run had kept goes with the interrupt (Ctrl-C lost it).
        proven = run is not None and run.proven
        stats = None if run is None else run.stats
        raise BestInterrupted(stats, kept(), proven) from None
    finally:
        if run is not None:
            run.close()
    return kept()


def solutions_list(problem: Problem, settings: Settings) -> list[tuple[int, ...]]:
    """Check ``settings`` and list the solutions (see :meth:`dlx.ExactCover.solutions_list`).

    A budget that runs out raises :class:`dlx.SolutionsBudgetExceeded`,
    and Ctrl-C :class:`dlx.SolutionsInterrupted`: each keeps the
    solutions found so far.
    """
    settings = _checked(settings, "list", problem)
    found: list[tuple[int, ...]] = []
    append = found.append
    run = search(problem, settings)
    try:
        for solution in run:
            append(solution)
    except BudgetExceeded as stop:
        raise SolutionsBudgetExceeded(
            stop.outcome, stop.stats, str(stop), found
        ) from None
    except KeyboardInterrupt as stop:
        if isinstance(stop, SolutionsInterrupted):
            raise
        raise SolutionsInterrupted(run.stats, found) from None
    finally:
        run.close()
    return found


def zdd(problem: Problem, settings: Settings) -> Zdd:
    """Check ``settings`` and build the diagram of all solutions (see :meth:`dlx.ExactCover.zdd`).

    Ctrl-C raises :class:`dlx.ZddInterrupted`, with the statistics of
    the memoised search (a part of a diagram is none).
    """
    settings = _checked(settings, "sample", problem)
    run = memo_search(problem, settings, diagram=True)
    try:
        return run.zdd()
    except KeyboardInterrupt as stop:
        if isinstance(stop, ZddInterrupted):
            raise
        raise ZddInterrupted(run.stats) from None
