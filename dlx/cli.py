"""The ``dlx`` command: solve a problem written in Knuth's DLX text format.

Exit statuses (the same rule as the ``sudoku`` command's): 0 the search
finished (with or without solutions), 2 bad input, usage or checkpoint,
3 a budget (``--max-nodes``, ``--timeout``) stopped the search, 70 a
worker process of ``--jobs`` was lost, 71 out of memory, 74 the output
(or standard error, which does not stop the search) could not be
written, 130 interrupted (SIGINT, Ctrl-C), 143 terminated (SIGTERM), 141
the reader of the output went away (a closed pipe).
"""

from __future__ import annotations

import argparse
import io
import itertools
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager

from dlx import algorithms, ways
from dlx.algorithms import DEFAULT_MAX_BYTES, SAT_DLX_NODES
from dlx.commands import (
    EXIT_BAD_INPUT,
    EXIT_BUDGET,
    EXIT_NO_MEMORY,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_WORKER_LOST,
    MOST_JOBS,
    OutputError,
    StopSignals,
    add_version,
    check_options,
    clear_echoed_interrupt,
    command_parser,
    end_closed_pipe,
    end_workers,
    final_status,
    how_far,
    on_stderr,
    refuse,
    register_once,
    say,
    seconds,
    shows_progress,
    stderr_failed,
    whole_number,
    worker_pool,
    writing,
)
from dlx.errors import (
    BudgetExceeded,
    CostRangeError,
    DLXError,
    FormatError,
    Interrupted,
    PositionError,
    ProblemTooLarge,
    SearchStopped,
    install_hint,
)
from dlx.problem import ExactCover
from dlx.records import Record, as_dict
from dlx.stats import Outcome, Progress, SatStats
from dlx.textformat import (
    format_dlx,
    format_option,
    read_dlx,
    split_words,
    strip_space,
)
from dlx.watch import (
    END_OF_INPUT,
    SHOWN_AFTER,
    ProgressLine,
    is_terminal,
    remove_stale_temporaries,
    write_atomically,
)

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    # Imported where a run uses them (--jobs, --scheduler, --method sat or
    # memo, --estimate), so that the others start quickly (issue 31).
    from concurrent.futures import Executor
    from typing import Any, Protocol, TextIO, TypeGuard

    from dlx.algorithms import MemoSearch, SatSearch
    from dlx.engine import Search
    from dlx.parallel import BestSearch, ParallelSearch, Pieces
    from dlx.position import Position

    class _Memoised(Protocol):
        """What the reports say of a memoised search's cache: a :class:`dlx.MemoSearch`'s, or a :class:`dlx.symmetry.BurnsideCount`'s."""

        @property
        def branching(self) -> str: ...

        @property
        def entries(self) -> int: ...

        @property
        def hits(self) -> int: ...


def _is_sat(run: object) -> TypeGuard[SatSearch]:
    """Whether ``run`` is a :class:`dlx.SatSearch` (of ``--method sat``).

    Only a run that made one has imported :mod:`dlx.sat`: the others ask
    without importing it.
    """
    return "dlx.sat" in sys.modules and isinstance(run, algorithms.SatSearch)


def _is_parallel(run: object) -> TypeGuard[ParallelSearch]:
    """Whether ``run`` is a split search (:class:`dlx.parallel.ParallelSearch`).

    Only a run split by ``--jobs`` or ``--scheduler`` has imported
    :mod:`dlx.parallel`: the others ask without importing it.
    """
    if "dlx.parallel" not in sys.modules:
        return False
    from dlx import parallel

    return isinstance(run, parallel.ParallelSearch)


def _is_split_best(run: object) -> TypeGuard[BestSearch]:
    """Whether ``run`` is ``--best`` split over workers (:class:`dlx.parallel.BestSearch`)."""
    if "dlx.parallel" not in sys.modules:
        return False
    from dlx import parallel

    return isinstance(run, parallel.BestSearch)


def _worker_lost(error: BaseException) -> bool:
    """Whether ``error`` is a :class:`dlx.parallel.WorkerLost` (of a split run)."""
    if "dlx.parallel" not in sys.modules:
        return False
    from dlx import parallel

    return isinstance(error, parallel.WorkerLost)


#: What the text output prints for the empty solution (no option, where
#: every primary item may stay uncovered): a comment line, so that the
#: solution is seen and the output still reads as options.
EMPTY_SOLUTION = "| no option"


def _text_lines(lines: list[str]) -> list[str]:
    """The lines the text output prints for a solution's option lines."""
    return lines or [EMPTY_SOLUTION]


#: The kind and version of checkpoint files; others are refused.
CHECKPOINT_FORMAT = "pydlx-dlx-checkpoint-1"

_DESCRIPTION = """\
Find every exact cover of a problem in Knuth's DLX text format: the first
line names the primary items, then '|', then the secondary items; each
following line is an option; 'name:colour' colours a secondary item; lines
starting with '|' are comments.  A primary item written 'u:v|name' must be
covered between u and v times, 'v|name' exactly v times (Knuth's DLX3).
Each solution is printed as the lines of its options, solutions separated
by a blank line (the empty solution, where no primary item must be
covered, as the comment line '| no option').  An option may end with
costs '|n' (Knuth's DLX5, summed): --best K prints the K cheapest
solutions instead, cheapest first, each after a comment line '| cost N'.

Long searches: a progress line on standard error (shown when standard
error is a terminal and the search has run for a second, by the ways that
report progress: not --method sat, --best with --jobs, or --method memo
with --symmetry, which answer on a terminal as in a pipe; --progress,
--no-progress); Ctrl-C or SIGTERM stops cleanly, keeping what was printed
and reporting the count so far (a SIGINT ignored from the start, as in a
script's background job 'dlx ... &', stays ignored); if dlx itself is
killed, its --jobs workers end too; --checkpoint FILE saves the search's
position every --checkpoint-every seconds and when stopped, and the same
command run again resumes from it (the file is removed when the search
ends).  --estimate predicts the size and time of the search by random
probes without running it.

Memoised search: --count --method memo solves each distinct subproblem
once.  That pays where subproblems repeat, as in tilings of regular boards:
the 12,988,816 domino tilings of 8x8 count in a few hundredths of a second,
where the plain search takes minutes (--branching first suits items that
are cells in reading order).  Where they rarely repeat it costs time and
memory: 12-queens counts 2.5x and Langford pairs (n=11) 1.8x slower than
with the plain search.  --sample N draws N solutions uniformly at random
from the diagram of all solutions (a ZDD) that it builds.

Many cores, many machines: --jobs N splits the search over N local
processes (--jobs 0: one per core), --scheduler ADDRESS over a Dask
cluster (needs the dask extra: python3 -m pip install ".[dask]" in pydlx's
folder); the output is the same as with one process, in the same order,
but for --best K: the same costs, and where several solutions tie at the
K-th cost, which of them are printed may differ from run to run.
"""

_EPILOG = """\
exit status:
  0    the search finished (with or without solutions), or --estimate
       or --sample ran
  1    --why: the problem (with the options of --pin) has no solution
       (the reason is printed)
  2    bad input (an unreadable file, not the format, an empty file, a
       closed standard input), bad options (one that does nothing or
       contradicts another, or one given twice with different values;
       --limit, --max-nodes and --timeout must be more than 0), or an
       unusable checkpoint file
  3    stopped by --max-nodes, --timeout, --max-entries or --max-memory
       (the count so far on stderr)
  70   a worker process of --jobs died (the count so far on stderr)
  71   out of memory
  74   the output (or the checkpoint) could not be written; or standard
       error could not (a full disk, an I/O error), which does not stop
       the search: the result is still printed, and the status is 74
       where it would have been 0
  130  interrupted by Ctrl-C (SIGINT); 143 terminated (SIGTERM)
  141  the reader of the output went away (closed pipe), e.g. '| head',
       on standard output or standard error: dlx stops at once
--json (JSON Lines on standard output, one object a line; standard error
and the exit status as without it):
  {"solution": 1, "options": [0, 3, 4], "lines": ["C E F", "A D", "B G"]}
  {"count": 1, "complete": true, "outcome": "exhausted", "stats":
   {"nodes": 6, "updates": 30, "cleansings": 0, "solutions": 1}}
  one object per solution (none with --count): its number from 1, its
  options' numbers from 0 in the order dlx.read_dlx numbers them (the
  option lines kept: a line without a primary item is dropped, with a
  warning, and not numbered), their lines as printed without --json; then
  one last object once the search has run, also when --limit, a budget, a
  signal or a lost worker stopped it: the solutions found, complete (true:
  the search ran to its end, so the count is exact and --best's solutions
  are the cheapest; false: it stopped before its end, so the count is a
  lower bound and there may be cheaper solutions), outcome (exhausted,
  limit_reached, out_of_nodes, out_of_time, out_of_memory, interrupted,
  terminated, worker_lost) and the search's statistics (with --jobs, work
  past --limit included).  With --best, each solution's object also has
  its "cost", the solutions come cheapest first once the search has
  ended, and "count" is how many are printed ("stats" counts the
  solutions as DLX5 does); --best K --limit L stops after L solutions
  found and prints the cheapest of them, saying there may be cheaper
  ones.  --method memo and --sample add "memo": {"branching",
  "entries" (subproblems cached), "hits" (nodes answered from the cache)},
  and their statistics are those of the memoised tree; with --sample the
  last object's "count" is the problem's number of solutions, "samples"
  how many were drawn and "zdd_nodes" the size of the diagram.
  --estimate writes one object, {"estimate": {"nodes": ..., "nodes_se":
  ..., "updates", "solutions" (each with _se), "probes", "seconds",
  "probe_rate", "search_rate", "search_seconds"}} (null: none or
  unbounded).  --why writes one object: {"why": ["a", "b", "c"],
  "minimal": true, "outcome": "exhausted"} for a problem without solution
  (stopped by --timeout or a signal: the items so far, "minimal": false,
  or null before any), {"why": null, "count": N, "complete": true,
  "outcome": "exhausted"} for one with solutions (its count stopped by
  --timeout or a signal: the count so far, "complete": false); with
  --pin, "why" lists pinned options as they were named, and "count"
  the solutions with all of them.  A run refused (status 2) writes
  nothing.
options given twice: the same option with the same value again (--count
--count, --limit 3 --limit 3) means it once; with another value, or
--progress with --no-progress, it is refused (status 2: '--limit given
twice (3 and 5): give it once').  Only --symmetry, --pin and --pin-file
add up: each --symmetry file's generators join those of the others
(--symmetry rotations.txt --symmetry reflections.txt: the group of both);
each --pin or --pin-file pins more options (an option pinned twice, by
the same name or another, counts once: the first name is printed).
examples:
  dlx docs/examples/knuth.dlx --stats
  dlx --count --checkpoint run.json big.dlx     (Ctrl-C, then the same again)
  dlx --count --jobs 0 big.dlx                   (on every core)
  dlx --count --scheduler tcp://host:8786 big.dlx   (on a Dask cluster)
  dlx --estimate --probes 2000 big.dlx
  dlx --best 3 --stats timetable.dlx            (the 3 cheapest solutions)
  dlx --count --method memo --branching first tiling.dlx
  dlx --sample 3 --seed 1 tiling.dlx              (3 tilings at random)
  dlx --count --symmetry d4.txt queens8.dlx       (up to symmetry: 12)
  dlx --why tiling.dlx             (no tiling? the cells that cannot all be)
  dlx --why --pin 'a1 a2' --pin 7 tiling.dlx  (why no tiling has both)
  dlx --json big.dlx | jq -c 'select(.solution) | .options'
"""


def _parser() -> argparse.ArgumentParser:
    parser = command_parser("dlx", _DESCRIPTION, _EPILOG)
    register_once(parser)  # an option given twice says one thing, or is refused
    parser.add_argument(
        "file",
        nargs="?",
        default="-",
        help="problem file ('-' or none: standard input)",
    )
    add_version(parser, "dlx")
    parser.add_argument(
        "--count", action="store_true", help="print only the number of solutions"
    )
    parser.add_argument(
        "--method",
        choices=_METHODS,
        help="how to search: "
        + "; ".join(f"{name}: {words}" for name, words in _METHODS.items()),
    )
    parser.add_argument(
        "--limit",
        type=whole_number(1),
        metavar="N",
        help="stop after N solutions (--best: after N found, printing the "
        "cheapest of them; --method memo: the count, capped at N)",
    )
    parser.add_argument(
        "--best",
        type=whole_number(1),
        metavar="K",
        help="print the K cheapest solutions (costs '|n' on option lines; "
        "Knuth's DLX5), cheapest first, each after a line '| cost N'",
    )
    parser.add_argument(
        "--why",
        action="store_true",
        help="for a problem without solution, print a minimal reason: items "
        "that cannot all be covered, one a line (exit status 1); for one "
        "with solutions, their number (exit status 0)",
    )
    parser.add_argument(
        "--pin",
        action="append",
        dest="pins",
        type=_pin_option,
        metavar="OPTION",
        help="with --why: ask why no solution has this option (and the "
        "others pinned); the reason printed is then a minimal set of the "
        "pinned options, as they were named.  Name an option by its items, "
        "as on its line, in any order, colours included (a cost |n is "
        "ignored), or by its number: the option lines kept, counted from 1 "
        "(--json's option numbers count from 0).  "
        "Repeatable: each pins one more option; an option pinned twice "
        "counts once",
    )
    parser.add_argument(
        "--pin-file",
        action="append",
        dest="pins",
        type=_pin_file,
        metavar="FILE",
        help="with --why: pin the options of FILE, one a line, each named as "
        "--pin names it (blank lines and lines starting with '|' skipped)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="write JSON Lines to standard output: an object per solution, "
        "then one with the count and how the search ended (see below)",
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help="write Knuth's 'Altogether ... nodes.' line to standard error",
    )
    parser.add_argument(
        "--seed",
        type=whole_number(None),
        help="break ties between items at random, with this seed (with "
        "--sample: draw with this seed)",
    )
    parser.add_argument(
        "--max-nodes",
        type=whole_number(1),
        metavar="N",
        help="give up after N search nodes",
    )
    parser.add_argument(
        "--timeout",
        type=seconds(positive=True),
        metavar="SECONDS",
        help="give up after SECONDS",
    )
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--progress",
        action="store_true",
        default=None,
        help="always show progress on standard error (one line per second "
        "when it is not a terminal)",
    )
    shown.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="never show progress",
    )
    parser.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="save the search's position to FILE now and then and when "
        "stopped; resume from FILE if it exists",
    )
    parser.add_argument(
        "--checkpoint-every",
        type=seconds(positive=True),
        metavar="SECONDS",
        help="with --checkpoint: seconds between two saves (default 60)",
    )
    parser.add_argument(
        "--symmetry",
        action="append",
        metavar="FILE",
        help="count or list one solution of each orbit of the symmetries in "
        "FILE (with --best K, the K cheapest orbits, when the symmetries keep "
        "the costs): one generator a line, in cycle notation over item names, "
        "e.g. (R0 R7)(R1 R6)(R2 R5)(R3 R4); items a line does not name stay "
        "where they are; given several times, the symmetries that the "
        "generators of all the files generate together",
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help="do not search: estimate the nodes, updates, solutions and time "
        "of the search by random probes (Knuth's estimator); with --timeout, "
        "or when stopped, the estimate of the probes taken",
    )
    parser.add_argument(
        "--probes",
        type=whole_number(1),
        metavar="N",
        help="with --estimate: how many random probes (default 1000)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=whole_number(0, most=MOST_JOBS),
        metavar="N",
        help=f"split the search over N worker processes (0: one per core; at "
        f"most {MOST_JOBS})",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="split the search over the Dask cluster whose scheduler is at "
        "ADDRESS (e.g. tcp://10.0.0.1:8786; needs the dask extra: "
        f"{install_hint('dask')})",
    )
    parser.add_argument(
        "--task-seconds",
        type=seconds(positive=True),
        metavar="S",
        help="with --jobs or --scheduler: seconds of search per task before "
        "it hands back the rest of its subtree (default 0.5 with --jobs, 2 "
        "with --scheduler; longer tasks cost less scheduling, shorter ones "
        "balance the end better)",
    )
    memo = parser.add_argument_group("memoised search (--method memo, --sample)")
    memo.add_argument(
        "--sample",
        type=whole_number(1, most=sys.maxsize),
        metavar="N",
        help="print N solutions drawn uniformly at random (with replacement) "
        "from the diagram of all solutions; --seed makes the draw repeatable",
    )
    memo.add_argument(
        "--branching",
        choices=("mrv", "first"),
        help="the item to branch on: the one with the fewest options (mrv, "
        "the default) or the first one left in the item line (first: best "
        "for tilings whose items are the cells in reading order)",
    )
    memo.add_argument(
        "--max-entries",
        type=whole_number(1),
        metavar="N",
        help="give up rather than cache more than N subproblems",
    )
    memo.add_argument(
        "--max-memory",
        type=_byte_size,
        metavar="SIZE",
        help="give up rather than let the cache (and the diagram) pass about "
        f"SIZE bytes; K, M, G, T: powers of 1024 (default "
        f"{DEFAULT_MAX_BYTES >> 30}G)",
    )
    _add_preprocess_options(parser)
    return parser


def _pin_option(text: str) -> tuple[str, str]:
    """An :mod:`argparse` type: the words of ``--pin``, kept with the option's name."""
    return ("--pin", text)


def _pin_file(text: str) -> tuple[str, str]:
    """An :mod:`argparse` type: the file of ``--pin-file``, kept with the option's name."""
    return ("--pin-file", text)


def _byte_size(text: str) -> int:
    """An :mod:`argparse` type: a number of bytes from 1 up, with K, M, G or T.

    Worded as :func:`dlx.commands.whole_number` words its refusals.

    >>> _byte_size("512M"), _byte_size("2g"), _byte_size("1000")
    (536870912, 2147483648, 1000)
    >>> _byte_size("0")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: must be a size in bytes from 1 up, such as 800M or 4G, not '0'
    """
    digits, unit = text, ""
    if text[-1:].upper() in _UNITS:
        digits, unit = text[:-1], text[-1].upper()
    if digits.isdigit() and digits.isascii() and int(digits) > 0:
        return int(digits) << _UNITS.get(unit, 0)
    raise argparse.ArgumentTypeError(
        f"must be a size in bytes from 1 up, such as 800M or 4G, not {text!r}"
    )


#: The multiples --max-memory takes, as shifts.
_UNITS = {"K": 10, "M": 20, "G": 30, "T": 40}


def _add_preprocess_options(parser: argparse.ArgumentParser) -> None:
    """The options of preprocessing (Knuth's DLX-PRE rules, see dlx.preprocess)."""
    group = parser.add_argument_group(
        "preprocessing (Knuth's DLX-PRE rules)",
        "--preprocess alone writes the smaller problem and does not search:\n"
        "each option line is followed by a comment '| (from N)', N the line's\n"
        "original option (counted from 1, as DLX-PRE numbers them); --stats\n"
        "says what went, --timeout stops the preprocessing early (what it\n"
        "writes is still equivalent).  With --count, --solve, --best or\n"
        "--sample it searches the smaller problem and prints the original\n"
        "problem's solutions, the same ones, in the smaller search's order.",
    )
    group.add_argument(
        "--preprocess",
        action="store_true",
        help="remove the options and items that Knuth's preprocessing rules "
        "find unnecessary (not for problems with bounds)",
    )
    group.add_argument(
        "--solve",
        action="store_true",
        help="with --preprocess: search the smaller problem and print the "
        "original's solutions instead of writing the smaller problem",
    )


def _preprocess(
    problem: ExactCover, args: argparse.Namespace, out: TextIO
) -> ExactCover | None:
    """The smaller problem to search; or, --preprocess alone, write it and return None.

    Raises FormatError (naming the file) for a problem with bounds.
    """
    write = not (
        args.count or args.solve or args.best is not None or args.sample is not None
    )
    if problem.bounds:
        item, (lower, upper) = next(iter(problem.bounds.items()))
        raise FormatError(
            f"--preprocess does not handle bounds (item {item} is to be covered "
            f"{lower} to {upper} times); run without --preprocess",
            "<stdin>" if args.file == "-" else args.file,
        )
    # A search's preprocessing always runs to the end, so that the problem
    # searched does not depend on the machine's speed.
    reduced = problem.preprocessed(timeout=args.timeout if write else None)
    record = reduced.preprocessing
    assert record is not None
    if not write:
        if args.stats:
            say(record.summary())
        args.original = problem  # the problem whose solutions are printed
        return reduced
    lines = format_dlx(reduced).splitlines()
    with writing("standard output"):
        out.write(lines[0] + "\n")
        for line, original in zip(lines[1:], record.origin, strict=True):
            out.write(f"{line}\n| (from {original + 1})\n")
        out.flush()
    if args.stats:
        say(record.summary())
    return None


def _given(args: argparse.Namespace) -> set[str]:
    """The ways and options of :data:`dlx.ways.FEATURES` the command's options ask for.

    ``--no-progress`` asks for nothing: the off switch goes everywhere.
    """
    searches = (
        args.count
        or args.solve
        or args.why
        or args.best is not None
        or args.sample is not None
    )
    given = {
        key
        for key, asked in (
            ("why", args.why),
            ("pin", args.pins is not None),
            ("count", args.count),
            ("cheapest", args.best is not None),
            ("sample", args.sample is not None),
            ("estimate", args.estimate),
            ("write", args.preprocess and not searches),
            ("preprocess", args.preprocess),
            ("solve", args.solve),
            ("split", _split(args)),
            ("symmetry", args.symmetry is not None),
            ("limit", args.limit is not None),
            ("max_nodes", args.max_nodes is not None),
            ("timeout", args.timeout is not None),
            ("seed", args.seed is not None and args.sample is None),
            ("draw_seed", args.seed is not None and args.sample is not None),
            ("progress", args.progress is True),
            ("resume", args.checkpoint is not None),
            ("checkpoint_every", args.checkpoint_every is not None),
            ("task_seconds", args.task_seconds is not None),
            ("probes", args.probes is not None),
            ("branching", args.branching is not None),
            ("branching_first", args.branching == "first"),
            ("max_entries", args.max_entries is not None),
            ("max_bytes", args.max_memory is not None),
            ("stats", args.stats),
            ("json", args.json),
        )
        if asked
    }
    if args.method is not None:
        given.add(args.method)
    if not given & {"count", "cheapest", "sample", "estimate", "write", "why"}:
        given.add("list")
    return given


def _names(args: argparse.Namespace) -> dict[str, str]:
    """The words of this command line where :data:`dlx.ways.FEATURES` has two.

    --jobs or --scheduler; --pin or --pin-file (the first given).
    """
    names: dict[str, str] = {}
    if _split(args):
        names["split"] = "--scheduler" if args.scheduler is not None else "--jobs"
    if args.pins:
        names["pin"] = args.pins[0][0]
    return names


def _check_options(args: argparse.Namespace) -> set[str]:
    """Refuse a combination of options that contradict each other or do nothing.

    The combinations are decided in :mod:`dlx.ways` (:func:`dlx.ways.check`),
    worded here in the command's options.  A refusal is one line on
    standard error and exit status 2, as argparse ends on a bad option.

    :returns: the features the options ask for (:func:`_given`), accepted.
    """
    given = _given(args)
    check_options("dlx", given, _names(args))
    if args.checkpoint == "-":
        refuse("dlx", "--checkpoint -: a checkpoint is a file; give a file name")
    return given


def _refused_where(args: argparse.Namespace, refused: ways.Refused) -> str:
    """Where a refusal is told: the input, for a problem the way does not take (bounds), else ``error``.

    The options alone are refused when read (``dlx: error: ...``, as
    argparse words a usage error); a way that does not take the problem
    read is refused naming it, as the input's other errors are.
    """
    if "bounds" in refused.features:
        return "<stdin>" if args.file == "-" else args.file
    return "error"


def _in_our_words(refused: ways.Refused, given: set[str], names: dict[str, str]) -> str:
    """A refusal of :mod:`dlx.ways` raised below the command, in the command's words.

    :func:`dlx.ways.plan` refuses in the command's words; a refusal
    raised below it, by a function of :mod:`dlx.ways` that checks in the
    library's words (``best() does not go with executor=``), is told as
    :func:`dlx.ways.check` words the run's features (``given``, checked)
    with each refused feature (a rule's, or one that needs another: the
    other is the one missing), then with all of them.
    """
    features = set(refused.features)
    candidates = [given | {key} for key in sorted(features)] + [given | features]
    for candidate in candidates:
        try:
            ways.check(candidate, "dlx", names)
        except ways.Refused as ours:
            return str(ours)
    words = [ways.FEATURES[key].word("dlx") or key for key in refused.features]
    return f"{' and '.join(words)} do not go together"


# -- input and output ----------------------------------------------------------------


def _warn(message: str) -> None:
    say(f"dlx: warning: {message}")


def _read(name: str) -> ExactCover:
    """The problem in file ``name`` ('-': standard input), read as a stream.

    A terminal on standard input is told how to end the problem.

    Raises FormatError naming the input when it cannot be read or parsed.
    """
    source = "<stdin>" if name == "-" else name
    try:
        if name == "-":
            if sys.stdin is None:
                raise FormatError("cannot read: standard input is closed", source)
            if is_terminal(sys.stdin):
                say(f"dlx: reading a problem from standard input; {END_OF_INPUT}")
                # Read at once to the end that the person types: reading in
                # blocks would wait for a second one after the first block.
                typed = io.BytesIO(sys.stdin.buffer.read())
                return read_dlx(typed, source, warn=_warn)
            return read_dlx(sys.stdin.buffer, source, warn=_warn)
        with open(name, "rb") as handle:
            return read_dlx(handle, source, warn=_warn)
    except FileNotFoundError:
        raise FormatError("no such file", source) from None
    except OSError as error:
        raise FormatError(f"cannot read: {error.strerror or error}", source) from None


# -- checkpoints ---------------------------------------------------------------------


def _load_checkpoint(
    path: str,
    count: bool,
    split: bool,
    best: int | None = None,
    limit: int | None = None,
    seed: int | None = None,
) -> tuple[Position | Pieces, bool] | None:
    """The state saved in ``path`` and whether it was saved at a clean stop.

    A checkpoint of a run with another ``--count``, ``--best``,
    ``--limit`` (whose solutions so far may be past this run's limit) or
    ``--seed`` (whose tree it walked), or split otherwise, is refused.

    ``split`` says whether this run is split over workers (``--jobs``,
    ``--scheduler``): such runs save the subproblems left (``"pieces"``),
    others the position of the search (``"position"``).  ``None`` when
    there is no such file; FormatError (naming the file) when it is not a
    checkpoint of this kind of run.  Removes the temporary files that a
    run killed while saving left beside it (nobody else would).
    """
    remove_stale_temporaries(path)
    import stat

    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                # A device (/dev/zero reads without end) or a pipe: the run
                # would also save over it.
                raise FormatError(
                    "not a dlx checkpoint file: not a regular file (a checkpoint "
                    "is a file the run saves and replaces)",
                    path,
                )
            raw = handle.read()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise FormatError(
            f"cannot read the checkpoint: {error.strerror or error}", path
        ) from None
    import json  # here and below: only checkpoints and --json need it

    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        what = (
            f"a checkpoint of another kind or pydlx version ({found!r})"
            if isinstance(found, str)
            else "not a dlx checkpoint file"
        )
        raise FormatError(f"{what}; remove it to start afresh", path)
    if data.get("count") is not count:
        said = "with" if data.get("count") else "without"
        raise FormatError(
            f"a checkpoint of a run {said} --count; run the same command again, "
            "or remove the file to start afresh",
            path,
        )
    for key, value in (("best", best), ("limit", limit), ("seed", seed)):
        if data.get(key) != value:
            saved = data.get(key)
            said = f"without --{key}" if saved is None else f"with --{key} {saved}"
            raise FormatError(
                f"a checkpoint of a run {said}; run the same command again, "
                "or remove the file to start afresh",
                path,
            )
    kind = "pieces" if split else "position"
    if kind not in data:
        said = "without" if split else "with"
        raise FormatError(
            f"a checkpoint of a run {said} --jobs or --scheduler; run the same "
            "command again, or remove the file to start afresh",
            path,
        )
    if split:
        from dlx.parallel import Pieces

        read: Callable[[str], Position | Pieces] = Pieces.from_json
    else:
        from dlx.position import Position

        read = Position.from_json
    try:
        state = read(json.dumps(data[kind]))
    except PositionError as error:
        raise FormatError(f"{error}; remove it to start afresh", path) from None
    return state, bool(data.get("clean"))


def _save_checkpoint(
    path: str,
    run: Search | ParallelSearch,
    count: bool,
    clean: bool,
    best: int | None = None,
    limit: int | None = None,
    seed: int | None = None,
) -> None:
    """Save where ``run`` stands to ``path``, atomically (``best``: of ``--best K``; ``limit``: ``--limit``; ``seed``: ``--seed``)."""
    import json

    from dlx.engine import Search

    if isinstance(run, Search):
        state = ("position", run.position().to_json())
    else:
        state = ("pieces", run.pieces().to_json())
    data: dict[str, Any] = {
        "format": CHECKPOINT_FORMAT,
        "count": count,
        "clean": clean,
        state[0]: json.loads(state[1]),
    }
    if best is not None:
        data["best"] = best
    if limit is not None:
        data["limit"] = limit
    if seed is not None:
        data["seed"] = seed
    with writing(f"the checkpoint {path}"):
        write_atomically(path, data)


def _remove_checkpoint(path: str) -> None:
    """The search is done: nothing is left to resume."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        _warn(f"cannot remove the checkpoint {path}: {error.strerror or error}")


# -- the run -------------------------------------------------------------------------


class _Watcher:
    """The progress hook of a command-line search: the display and the checkpoints.

    On a terminal the line shows once the search has run
    :data:`dlx.watch.SHOWN_AFTER` seconds in this run (``shown_after``:
    the reports of a search resumed from a checkpoint count the seconds
    of the runs before it too), as ``sudoku``'s does: the only report
    before then is the end of a short search, drawn only to be wiped.
    """

    def __init__(self, args: argparse.Namespace, out: TextIO) -> None:
        self.args = args
        self.out = out
        self.search: Search | ParallelSearch | None = None
        self.display: ProgressLine | None = None
        self.show = shows_progress(args.progress)
        self.shown_after = SHOWN_AFTER
        self.every = args.checkpoint_every or 60.0
        self.last_save = time.monotonic()

    @property
    def wanted(self) -> bool:
        return self.show or self.args.checkpoint is not None

    @property
    def interval(self) -> float:
        return min(1.0, self.every) if self.args.checkpoint else 1.0

    def __call__(self, report: Progress) -> None:
        if self.show:
            # Best effort: a standard error that fails costs the display,
            # never the search (the exit status tells, see final_status).
            with on_stderr():
                if self.display is None:
                    self.display = ProgressLine(
                        sys.stderr, prefix="dlx: ", shown_after=self.shown_after
                    )
                self.display.update(report)
            if stderr_failed():
                self.show = False
                self.display = None
        now = time.monotonic()
        search = self.search
        if (
            self.args.checkpoint
            and now - self.last_save >= self.every
            and search is not None
            and search.outcome is Outcome.RUNNING  # the last report comes at the end
        ):
            with writing("standard output"):
                self.out.flush()  # what the checkpoint counts is out
            _save_checkpoint(
                self.args.checkpoint,
                search,
                self.args.count,
                False,
                self.args.best,
                self.args.limit,
                self.args.seed,
            )
            self.last_save = now

    def pause(self) -> None:
        """Take the display off the screen (before printing, or at the end)."""
        if self.display is not None:
            with on_stderr():
                self.display.close()


#: Said on resuming a listing from a checkpoint saved by a run that died.
_PRINTED_AGAIN = (
    " (the run that saved it was not stopped cleanly: solutions "
    "it printed after saving are printed again)"
)


def _symmetry(problem: ExactCover, paths: Sequence[str]) -> Any:
    """``--symmetry FILE`` (given once or more): the group the lines generate, acting on ``problem``.

    The generators of every file together generate one group: rotations
    in one file and reflections in another give the rotations and
    reflections.

    :raises FormatError: naming the file and line of a generator that is
        not written right, or is not a symmetry of the problem (naming the
        files, for a group too large).
    """
    from dlx import symmetry  # only --symmetry needs it

    items = [*problem.primary, *problem.secondary]
    generators: list[dict[Any, Any]] = []
    origins: list[tuple[str, int]] = []  # the file and line of each generator
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except FileNotFoundError:
            raise FormatError("no such file", path) from None
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or error
            raise FormatError(f"cannot read: {reason}", path) from None
        read = symmetry.parse_cycles(text, path, items)
        assert read.lines is not None
        generators += read.generators
        origins += [(path, line) for line in read.lines]
    group = symmetry.Group(generators)
    try:
        return group.on(problem)
    except symmetry.SymmetryError as error:
        if error.generator is None:
            raise FormatError(
                error.detail, " and ".join(dict.fromkeys(paths))
            ) from None
        path, line = origins[error.generator]
        raise FormatError(f"the generator {error.detail}", path, line) from None


def _settings(args: argparse.Namespace, watcher: _Watcher) -> ways.Settings:
    """The settings of the run the options ask for (:class:`dlx.ways.Settings`).

    The one place the command makes them.  The progress hook draws the
    progress line and saves the checkpoints (:class:`_Watcher`); given
    only for the line that a terminal shows by itself, it is the
    command's own addition (``added``): :func:`dlx.ways.plan` drops it
    where the way reports no progress (``dlx --best 3 --jobs 2`` on a
    terminal runs as in a pipe), where ``--progress`` asked for is
    refused.  So are the seconds of a task of a split run without
    ``--task-seconds`` (0.5 with ``--jobs``, 2 with ``--scheduler``):
    dropped where the way has no use for them (the tasks of ``--best``
    search their subproblems to the end), where ``--task-seconds`` is
    refused.  ``--seed`` with ``--sample`` seeds the draw, not the
    diagram's tie-breaking (ties at random change the diagram, not what
    a draw from it gives).
    """
    added = set()
    if watcher.show and args.progress is None and not args.checkpoint:
        added.add("progress")
    task_seconds = args.task_seconds
    if task_seconds is None and _split(args):
        from dlx.parallel import DASK_TASK_SECONDS, TASK_SECONDS

        task_seconds = DASK_TASK_SECONDS if args.scheduler else TASK_SECONDS
        added.add("task_seconds")
    return ways.Settings(
        method=args.method or "dlx",
        limit=args.limit,
        max_nodes=args.max_nodes,
        timeout=args.timeout,
        seed=args.seed if args.sample is None else None,
        progress=watcher if watcher.wanted else None,
        progress_interval=watcher.interval,
        branching=args.branching,
        max_entries=args.max_entries,
        max_bytes=args.max_memory or DEFAULT_MAX_BYTES,
        symmetry=getattr(args, "group", None),
        task_seconds=None if task_seconds is None else float(task_seconds),
        added=frozenset(added),
    )


#: The kinds of run (keys of :data:`dlx.ways.FEATURES`): the options ask
#: for one of them (``write``, ``--preprocess`` alone, is done before).
_KINDS = ("estimate", "why", "cheapest", "sample", "count", "list")


def _kind(given: set[str]) -> str:
    """The kind of run of the features ``given`` (one of :data:`_KINDS`)."""
    (kind,) = [kind for kind in _KINDS if kind in given]
    return kind


def _start(
    problem: ExactCover, settings: ways.Settings, kind: str, k: int | None
) -> Any:
    """The run of ``kind`` by ``settings``, made by :mod:`dlx.ways`, not yet started.

    The way is the library's: the functions of :mod:`dlx.ways` that its
    own :func:`dlx.ways.count`, :func:`dlx.ways.solutions` and
    :func:`dlx.ways.best` run, chosen as they choose them; the command
    only drives the run it gets (and prints as it goes).  Listing or
    counting, every way (memoised counts, by Burnside's lemma too) gives
    a :class:`dlx.ways.Run`.

    :raises ValueError: for a problem the way does not take (bounds).
    :raises dlx.ways.Refused: for settings :func:`dlx.ways.cheapest` refuses.
    """
    if kind == "cheapest":
        assert k is not None
        return ways.cheapest(problem, settings, k, count_only=True)
    if kind == "sample":
        return ways.memo_search(problem, settings, diagram=True)
    return ways.search(problem, settings, count_only=kind == "count")


def _damaged(error: PositionError, path: str) -> FormatError:
    """A checkpoint whose position does not fit the problem, as the command reports it."""
    return FormatError(f"{error}; remove it to start afresh", path)


def _resumed(
    args: argparse.Namespace, resumed: tuple[Position | Pieces, bool] | None
) -> None:
    """Say where a run resumes from its checkpoint (nothing without one)."""
    if resumed is None:
        return
    state, clean = resumed
    from dlx.position import Position

    def many(n: int, noun: str) -> str:
        return f"{n} {noun}" if n == 1 else f"{n} {noun}s"

    if isinstance(state, Position):
        note = (
            f"dlx: resuming from {args.checkpoint}: {many(state.nodes, 'node')} "
            f"and {many(state.solutions, 'solution')} so far"
        )
        printed = state.solutions
    else:  # the pieces left of a split run
        note = (
            f"dlx: resuming from {args.checkpoint}: "
            f"{many(state.stats.nodes, 'node')} and "
            f"{many(state.stats.solutions, 'solution')} so far, "
            f"{many(len(state.pieces), 'subproblem')} left"
        )
        printed = state.handed_out
    if not clean and not args.count and args.best is None and printed:
        note += _PRINTED_AGAIN
    say(note)


def _split(args: argparse.Namespace) -> bool:
    return args.jobs is not None or args.scheduler is not None


def _search(
    problem: ExactCover,
    args: argparse.Namespace,
    out: TextIO,
    signals: StopSignals,
    kind: str,
) -> int:
    """Make the run of ``kind`` by :mod:`dlx.ways` (:func:`_start`), drive it and report it.

    Resumes from ``--checkpoint`` when it exists; splits over ``--jobs``
    or ``--scheduler``.  The run's kind chooses how it is driven and
    printed: the cheapest solutions (:func:`_best`), a sample
    (:func:`_sample`), or a count or solutions, whatever the way
    (:func:`_drive`, through :class:`dlx.ways.Run`).
    """
    watcher = _Watcher(args, out)
    # Decided once, before anything starts: what the options ask for (in
    # args.given, checked when read), what the command adds, and what
    # the problem is (bounds).  A refusal goes up to _run.
    try:
        planned = ways.plan(
            kind,
            _settings(args, watcher),
            also=args.given,
            words="dlx",
            names=_names(args),
            problem=problem,
        )
    except ways.Refused as refused:  # the options were checked: the problem
        say(f"dlx: {_refused_where(args, refused)}: {refused}")
        return EXIT_BAD_INPUT
    settings = planned.settings
    split = _split(args)
    resumed = None
    if args.checkpoint:
        resumed = _load_checkpoint(
            args.checkpoint, args.count, split, args.best, args.limit, args.seed
        )
        settings = settings.replace(resume=None if resumed is None else resumed[0])
        if resumed is not None and not split:
            from dlx.position import Position  # loaded to read the checkpoint

            assert isinstance(resumed[0], Position)
            # Its reports count the seconds of the runs before (a split
            # run's, resumed from its pieces, start at 0).
            watcher.shown_after += resumed[0].seconds
    workers = ExitStack()
    if split:
        try:
            executor, renew = workers.enter_context(_workers(args))
        except _Unavailable as error:
            say(f"dlx: {error}")
            return EXIT_BAD_INPUT
        settings = settings.replace(executor=executor, renew=renew)
    try:
        run = _start(problem, settings, kind, args.best)
    except PositionError as error:
        workers.close()
        raise _damaged(error, args.checkpoint) from None
    except ValueError as error:
        workers.close()
        if kind != "cheapest" or isinstance(error, ways.Refused):
            raise
        source = "<stdin>" if args.file == "-" else args.file
        if isinstance(error, CostRangeError):
            raise FormatError(
                f"--best with --method sat: the options' costs add up to "
                f"{error.total}, more than CP-SAT ranks exactly (2**53); "
                "without --method sat the DLX search takes any costs",
                source,
            ) from None
        # Symmetries that do not keep the costs (dlx.symmetry.Action.check_costs).
        raise FormatError(f"--best: {error}", source) from None
    _resumed(args, resumed)
    if kind == "cheapest":
        return _best(run, problem, args, out, signals, watcher, workers.close)
    if kind == "sample":
        return _sample(run, problem, args, out, signals, watcher)

    def cleanup() -> None:
        if _is_parallel(run):
            run.close()
        workers.close()

    # A memoised count also reports its cache (--json's "memo", --stats).
    memo = run if settings.method == "memo" else None
    return _drive(run, problem, args, out, signals, watcher, cleanup, memo)


def _handed_out(run: ways.Run) -> int:
    """The solutions a search has handed out so far, in order."""
    return run.handed_out if _is_parallel(run) else run.stats.solutions


class _Ending(Record):
    """How a run of the command ended: its exit status, and why it stopped early.

    ``stopped`` is ``None`` when the run went to its end (or to
    ``--limit``); ``outcome`` is the word of ``--json``'s ``"outcome"``.
    """

    status: int = EXIT_OK
    stopped: str | None = None
    outcome: str = "exhausted"

    @property
    def complete(self) -> bool:
        """``--json``'s ``"complete"``: the run went to its end (a stop at ``--limit`` too is not)."""
        return self.outcome == "exhausted"


@contextmanager
def _ending(
    run: Any,
    signals: StopSignals,
    watcher: _Watcher,
    cleanup: Callable[[], None] | None = None,
) -> Iterator[_Ending]:
    """Run the block as the command runs every search, and tell how it ended.

    The signals stop ``run`` (its ``request_stop``); a stop by a signal, a
    budget or a lost worker is caught and told in the :class:`_Ending`
    (otherwise the outcome is the run's own).  ``cleanup`` runs as soon
    as the block ends, before any report.
    """
    ending = _Ending()
    signals.target = run
    try:
        yield ending
        ending.outcome = run.outcome.name.lower()  # exhausted, limit_reached
    except Interrupted:
        clear_echoed_interrupt()
        ending.status = signals.status
        ending.stopped = f"{signals.how} after {how_far(run.stats)}"
        ending.outcome = signals.how
    except BudgetExceeded as stop:
        ending.status = EXIT_BUDGET
        ending.stopped = str(stop)
        ending.outcome = stop.outcome.name.lower()  # out_of_nodes, out_of_time
    except DLXError as error:
        if not _worker_lost(error):
            raise
        ending.status = EXIT_WORKER_LOST
        ending.stopped = str(error)
        ending.outcome = "worker_lost"
    finally:
        signals.target = None
        watcher.pause()
        if cleanup is not None:
            cleanup()


def _summary(
    out: TextIO,
    signals: StopSignals,
    args: argparse.Namespace,
    found: int,
    ending: _Ending,
    stats: Any,
    **more: Any,
) -> None:
    """``--json``'s last object: the count, whether complete, the outcome, the statistics."""
    if not args.json:
        return
    with signals.held(), writing("standard output"):  # whole, even on ^C
        record = {
            "count": found,
            "complete": ending.complete,
            "outcome": ending.outcome,
            "stats": as_dict(stats),
        }
        _write_json(out, record | more)
        out.flush()


def _checkpoint_tail(
    args: argparse.Namespace,
    run: Any,
    ending: _Ending,
    signals: StopSignals,
    saves: bool,
) -> str:
    """Save the checkpoint of a stopped run, or remove it after a finished one.

    ``saves`` says whether ``run`` can be saved.  Returns what the
    stop message adds (how to resume), ``""`` when nothing.
    """
    if not args.checkpoint:
        return ""
    said = ""
    if ending.stopped is not None:
        if saves:
            with signals.held():  # a signal now must not cost the save
                _save_checkpoint(
                    args.checkpoint,
                    run,
                    args.count,
                    True,
                    args.best,
                    args.limit,
                    args.seed,
                )
            said = f"; the same command resumes from {args.checkpoint}"
            if ending.outcome == "out_of_nodes":
                # --max-nodes counts the nodes of every run of the search
                # (--best's too): the same command would stop again at once.
                said = (
                    f"; run again with a larger --max-nodes to resume from "
                    f"{args.checkpoint} (it counts the nodes of every run)"
                )
    else:
        _remove_checkpoint(args.checkpoint)
    remove_stale_temporaries(args.checkpoint)
    return said


def _print_solutions(
    run: ways.Run,
    problem: ExactCover,
    args: argparse.Namespace,
    out: TextIO,
    watcher: _Watcher,
    solutions: Iterable[tuple[int, ...]] | None = None,
    first: int | None = None,
) -> None:
    """Print the solutions of ``run`` as it hands them out (as text, or ``--json``).

    With ``--preprocess``, those of the original problem (``args.original``).
    ``solutions`` (numbered from ``first``) instead of ``run``'s: those a
    stopped split run still held.
    """
    original: ExactCover | None = getattr(args, "original", None)
    given = run if solutions is None else solutions
    start = _handed_out(run) if first is None else first
    for number, solution in enumerate(given, start):
        watcher.pause()
        shown = problem
        if original is not None:
            assert problem.preprocessing is not None
            solution = problem.preprocessing.original(solution)
            shown = original
        lines = [format_option(shown.option(k)) for k in solution]
        if args.json:
            _write_json(
                out, {"solution": number + 1, "options": solution, "lines": lines}
            )
            continue
        if number:
            out.write("\n")
        for line in _text_lines(lines):
            out.write(line + "\n")


def _drive(
    run: ways.Run,
    problem: ExactCover,
    args: argparse.Namespace,
    out: TextIO,
    signals: StopSignals,
    watcher: _Watcher,
    cleanup: Callable[[], None] | None = None,
    memo: _Memoised | None = None,
) -> int:
    """Run a search, whatever its way, and report it as the command does.

    ``run`` is a :class:`dlx.ways.Run` (in this process or split, the
    SAT solver's, a memoised count): ``--count`` calls its ``count``,
    a listing iterates it.  Prints the solutions (or the count), turns
    a stop into its message and status, saves or removes the checkpoint,
    and prints ``--stats``.  ``cleanup`` runs as soon as the search has
    ended, before the reports; ``memo`` is the run again when it is a
    memoised count, whose cache the reports describe.
    """
    from dlx.engine import Search  # here and below: the run has imported it

    if isinstance(run, Search) or _is_parallel(run):
        watcher.search = run  # (a SatSearch reports no progress, saves no position)
    # With --preprocess, the original problem, whose solutions are printed.
    original: ExactCover | None = getattr(args, "original", None)
    counted: int | None = None  # the count, once it has run to its end
    try:
        with (
            _ending(run, signals, watcher, cleanup) as ending,
            writing("standard output"),
        ):
            if args.count:
                counted = run.count()
            else:
                _print_solutions(run, problem, args, out, watcher)
    except PositionError as error:  # a subproblem of a damaged checkpoint
        if not args.checkpoint:
            raise
        raise _damaged(error, args.checkpoint) from None
    # Those handed out in order (a split search may have found more, past a
    # limit or in tasks not yet reached); a count cut short has found at
    # least the solutions of every finished task.
    found = _handed_out(run) if counted is None else counted
    if (
        ending.stopped is not None
        and not args.count
        and not args.checkpoint
        and _is_parallel(run)
    ):
        # A split listing stopped: the solutions its tasks found past the
        # first unfinished subproblem are printed too (a checkpoint keeps
        # them for the resumed run instead, which prints them in order).
        held = run.left_over()
        with signals.held(), writing("standard output"):
            _print_solutions(run, problem, args, out, watcher, held, found)
        found += len(held)
    with writing("standard output"):
        out.flush()
    if ending.stopped is not None and args.count:
        found = max(found, run.stats.solutions)
        if args.limit is not None:
            found = min(found, args.limit)
    more = {} if memo is None else {"memo": _memo_record(memo)}
    _summary(out, signals, args, found, ending, run.stats, **more)
    resumes = _checkpoint_tail(args, run, ending, signals, not _is_sat(run))
    if ending.stopped is not None:
        plural = "" if found == 1 else "s"
        if args.count:
            message = f"dlx: {ending.stopped}: at least {found} solution{plural}"
        else:
            message = f"dlx: {ending.stopped}: {found} solution{plural} found"
        say(message + _more_memory(ending.outcome) + resumes)
    elif args.count and not args.json:
        with signals.held(), writing("standard output"):
            out.write(f"{found}\n")
            out.flush()
    if args.stats and isinstance(run.stats, SatStats):
        say(run.stats.summary())
    elif args.stats:
        # DLX3, which reads bounds, always gives the cleansings.
        shown = problem if original is None else original
        say(run.stats.knuth_summary(shown.uses_colors or bool(shown.bounds)))
        if memo is not None:
            _say_memo_cache(memo)
        times = run.task_times if _is_parallel(run) else []
        if times:
            assert _is_parallel(run)
            here = f"; this process ran {run.local_tasks}" if run.local_tasks else ""
            say(
                f"dlx: {run.tasks} tasks; the largest took {max(times):.3g} s, "
                f"{100 * max(times) / sum(times):.2g} % of the work{here}"
            )
    return ending.status


def _write_json(out: TextIO, record: dict[str, Any]) -> None:
    """One line of ``--json`` output: ``record`` as JSON (ASCII, no NaN)."""
    import json

    out.write(json.dumps(record, allow_nan=False) + "\n")


def _finite(value: float | None) -> float | None:
    """A number for JSON, which has no infinity: ``None`` (null) for one."""
    return value if value is not None and math.isfinite(value) else None


def _estimate(
    problem: ExactCover, args: argparse.Namespace, out: TextIO, signals: StopSignals
) -> int:
    """``--estimate``: Knuth's probes, within ``--timeout``, shown with ``--progress``.

    A run stopped by its time budget or by a signal writes the estimate
    of the probes it took (status 3, or the signal's), and says so.
    """
    from dlx.estimate import EstimateInterrupted, EstimateProgress, format_estimate

    wanted = args.probes or 1000
    line = (
        ProgressLine(sys.stderr, "dlx: ", shown_after=SHOWN_AFTER)
        if shows_progress(args.progress)
        else None
    )

    def show(report: EstimateProgress) -> None:
        if line is not None:
            with on_stderr():
                line.show(f"estimate: {report}", elapsed=report.seconds)

    status = EXIT_OK
    stopped = None
    try:
        estimate = problem.estimate(
            wanted,
            seed=args.seed,
            timeout=args.timeout,
            progress=show if line is not None else None,
        )
    except EstimateInterrupted as stop:
        clear_echoed_interrupt()
        if stop.estimate is None:
            raise
        estimate = stop.estimate
        status = signals.status
        stopped = signals.how
    finally:
        if line is not None:
            with on_stderr():
                line.close()
    if estimate.probes < wanted and stopped is None:
        status = EXIT_BUDGET
        stopped = "out_of_time"
    with signals.held(), writing("standard output"):
        if args.json:
            fields = as_dict(estimate)
            fields["search_seconds"] = estimate.search_seconds
            record: dict[str, Any] = {
                "estimate": {k: _finite(v) for k, v in fields.items()}
            }
            if stopped is not None:
                record |= {"complete": False, "outcome": stopped}
            _write_json(out, record)
        else:
            out.write(format_estimate(estimate) + "\n")
        out.flush()
    if stopped is not None:
        why = (
            f"time budget of {args.timeout:g} s used up"
            if stopped == "out_of_time"
            else stopped
        )
        say(
            f"dlx: estimate stopped ({why}): it is of the {estimate.probes} "
            f"probe{'' if estimate.probes == 1 else 's'} taken of {wanted}"
        )
    return status


# -- why not: a minimal reason -------------------------------------------------------


def _pin_lines(
    pins: Sequence[tuple[str, str]],
) -> Iterator[tuple[str, str, int | None]]:
    """The options ``--pin`` and ``--pin-file`` name, in the order given.

    Each as its words (stripped), where they come from (``--pin 'A B'``,
    or the file) and the line of the file (``None`` for ``--pin``).

    Raises FormatError naming a file that cannot be read.
    """
    for flag, value in pins:
        if flag == "--pin":
            yield strip_space(value), f"--pin {value!r}", None
            continue
        try:
            with open(value, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        except FileNotFoundError:
            raise FormatError("no such file (--pin-file)", value) from None
        except UnicodeDecodeError:
            raise FormatError(
                "cannot read: not UTF-8 text (--pin-file)", value
            ) from None
        except OSError as error:
            raise FormatError(
                f"cannot read (--pin-file): {error.strerror or error}", value
            ) from None
        for number, raw in enumerate(lines, 1):
            words = strip_space(raw)
            if words and not words.startswith("|"):
                yield words, value, number


class _Options:
    """The options of a problem by the set of their items' words (``F:red``, ``A``)."""

    def __init__(self, problem: ExactCover) -> None:
        self.count = len(problem)
        self.names = {str(name) for name in (*problem.primary, *problem.secondary)}
        self.by_items: dict[frozenset[str], list[int]] = {}
        for k in range(self.count):
            key = frozenset(format_option(problem.option(k)).split(" "))
            self.by_items.setdefault(key, []).append(k)

    def by_words(self, words: str) -> list[int] | str:
        """The options whose items are ``words``, or what is wrong with them."""
        seen: set[str] = set()
        for word in split_words(words):
            if word[0] == "|" and word[1:].isascii() and word[1:].isdigit():
                continue  # a cost, copied with the line
            name, colon, color = word.partition(":")
            if not name or "|" in word or ":" in color or (colon and not color):
                return f"bad item {word!r}"
            if name not in self.names:
                return f"unknown item {name!r}"
            if any(other.partition(":")[0] == name for other in seen):
                return f"item {name!r} appears twice in the option"
            seen.add(word)
        if not seen:
            return "no items and no number: name an option by its items or its number"
        return self.by_items.get(frozenset(seen), [])

    def find(self, words: str) -> int | str:
        """The option ``words`` names (its number from 0), or why it names none or several."""
        number: int | None = None
        if words.isascii() and words.isdigit():
            number = int(words) - 1
            if not 0 <= number < self.count:
                number = None
        found = self.by_words(words)
        if isinstance(found, str) or not found:
            if number is not None:
                return number
            if words.isascii() and words.isdigit():
                where = (
                    f"the options are numbered 1 to {self.count} (the option "
                    "lines, in order)"
                    if self.count
                    else "the problem has no options"
                )
                return f"there is no option {words}: {where}"
            if isinstance(found, str):
                return found
            return "no option has exactly these items"
        if len(found) > 1:
            return (
                f"options {found[0] + 1} and {found[1] + 1} both have these items: "
                "pin one of them by its number"
            )
        if number is not None and number != found[0]:
            return (
                f"names both option {number + 1} (by its number) and option "
                f"{found[0] + 1} (by its items): name option {number + 1} by its "
                f"items or option {found[0] + 1} by its number"
            )
        return found[0]


def _pinned(
    problem: ExactCover, pins: Sequence[tuple[str, str]]
) -> tuple[list[int], list[str]]:
    """The options pinned, by number from 0, and their names as written; each option once.

    Raises FormatError naming a pin (``--pin 'A B'``, or the file and
    line of ``--pin-file``) that names no option, or several.
    """
    options = _Options(problem)
    numbers: list[int] = []
    named: list[str] = []
    for words, source, line in _pin_lines(pins):
        found = options.find(words)
        if isinstance(found, str):
            raise FormatError(found, source, line)
        if found not in numbers:  # an option pinned again counts once
            numbers.append(found)
            named.append(words)
    return numbers, named


def _with_pinned(problem: ExactCover, pinned: Sequence[int]) -> ExactCover:
    """``problem`` whose solutions are its solutions that have every ``pinned`` option.

    Each pinned option gets a primary item of its own, which only it covers.
    """
    marks = [_Mark(k) for k in pinned]
    mark_of = dict(zip(pinned, marks, strict=True))
    forced = ExactCover(
        [*problem.primary, *marks], problem.secondary, bounds=problem.bounds
    )
    for k in range(len(problem)):
        items = problem.option(k)
        forced.add_option([*items, mark_of[k]] if k in mark_of else items)
    return forced


class _Mark(Record, frozen=True):
    """The item of a pinned option in :func:`_with_pinned` (no item of a file is one)."""

    option: int


#: ``--why``: the problem has no solution, and the reason is printed.
EXIT_NO_SOLUTION = 1


def _why(
    problem: ExactCover, args: argparse.Namespace, out: TextIO, signals: StopSignals
) -> int:
    """``--why``: a minimal set of items that cannot all be covered, or the count.

    The reason is :meth:`dlx.ExactCover.conflict`'s, one item a line (or
    ``{"why": [...], "minimal": true}`` with ``--json``), exit status 1;
    a problem with solutions gets its count, as ``--count`` prints it,
    exit status 0.  With ``--pin`` or ``--pin-file``, the reason is a
    minimal set of the pinned options, each named as it was pinned, and
    the count that of the solutions with every pinned option.
    ``--timeout`` bounds both together; stopped by it or by a signal,
    the reason so far (a set without solution, not shown minimal) is
    printed all the same, and said to be so.
    """
    from dlx.conflict import (
        ConflictBudgetExceeded,
        ConflictInterrupted,
        ConflictProgress,
    )

    started = time.monotonic()
    display: ProgressLine | None = None
    pinned: list[int] | None = None
    named: list[str] = []
    if args.pins is not None:
        pinned, named = _pinned(problem, args.pins)
    members = "item" if pinned is None else "pinned option"

    def line() -> ProgressLine:
        nonlocal display
        if display is None:
            display = ProgressLine(sys.stderr, prefix="dlx: ", shown_after=SHOWN_AFTER)
        return display

    def report(progress: ConflictProgress) -> None:
        with on_stderr():
            size = progress.kept + progress.left
            line().show(
                f"why: {progress.tests:,} test{'' if progress.tests == 1 else 's'}, "
                + (
                    f"a reason of {size:,} {members}{'' if size == 1 else 's'} so far "
                    f"({progress.kept:,} shown needed)"
                    if size
                    else "no reason yet"
                )
                + f", {progress.elapsed:.0f} s",
                elapsed=progress.elapsed,
            )

    def counting(progress: Progress) -> None:
        with on_stderr():
            line().update(progress)

    def done() -> None:
        if display is not None:
            with on_stderr():
                display.close()

    shown = shows_progress(args.progress)
    reason: list[Any] | None
    stop: str | None = None  # "timeout", or the signal's word
    try:
        reason = problem.conflict(
            pinned, timeout=args.timeout, progress=report if shown else None
        )
    except ConflictBudgetExceeded as stopped:
        reason, stop = stopped.reason, "timeout"
    except ConflictInterrupted as stopped:
        reason, stop = stopped.reason, signals.how
    done()
    if reason is None and stop is None:
        counted = problem if pinned is None else _with_pinned(problem, pinned)
        status = _why_count(
            counted, args, out, signals, started, counting if shown else None
        )
        done()
        return status
    if pinned is not None and reason is not None:
        # The pinned options as they were named, in the order given.
        reason = [named[pinned.index(k)] for k in reason]
    with writing("standard output"):
        if args.json:
            outcome = "exhausted" if stop is None else stop
            _write_json(
                out,
                {
                    "why": None if reason is None else [str(i) for i in reason],
                    "minimal": stop is None,
                    "outcome": "out_of_time" if stop == "timeout" else outcome,
                },
            )
        else:
            for item in reason or ():
                out.write(f"{item}\n")
        out.flush()
    if stop is None:
        assert reason is not None
        if pinned is not None:
            say(f"dlx: {_no_solution_with(reason)}")
        elif len(reason) == 1:
            say(f"dlx: no solution: item {reason[0]} cannot be covered")
        else:
            say(
                f"dlx: no solution: these {len(reason)} items cannot all be "
                "covered (without any one of them, the others can)"
            )
        return EXIT_NO_SOLUTION
    if stop != "timeout":
        clear_echoed_interrupt()
    how = f"stopped by --timeout {args.timeout:g}" if stop == "timeout" else stop
    if reason is None:
        say(f"dlx: --why {how} before it knew whether there is a solution")
    elif pinned is not None:
        say(
            f"dlx: --why {how}: no solution has these {len(reason)} pinned "
            "options, but some of them may not be needed for that (not shown "
            "minimal)"
        )
    else:
        say(
            f"dlx: --why {how}: these {len(reason)} items cannot all be "
            "covered, but some of them may not be needed for that (not shown "
            "minimal)"
        )
    return EXIT_BUDGET if stop == "timeout" else signals.status


def _no_solution_with(reason: Sequence[str]) -> str:
    """What ``--why --pin`` says of a minimal set of pinned options without solution."""
    if not reason:
        return (
            "no solution, even without the pinned options (--why without "
            "--pin names items that cannot all be covered)"
        )
    if len(reason) == 1:
        return f"no solution has the pinned option {reason[0]}"
    return (
        f"no solution has these {len(reason)} pinned options (without any one "
        "of them, the others are in one)"
    )


def _why_count(
    problem: ExactCover,
    args: argparse.Namespace,
    out: TextIO,
    signals: StopSignals,
    started: float,
    progress: Callable[[Progress], object] | None,
) -> int:
    """``--why`` on a problem with solutions: their count, within what is left of ``--timeout``.

    Stopped by ``--timeout`` or a signal, the count so far is said on
    standard error (``--json``: the object, ``"complete": false``), as
    ``--count`` says it; exit status 3, or the signal's.
    """
    timeout = args.timeout
    left = None if timeout is None else max(0.0, timeout - (time.monotonic() - started))
    settings = ways.Settings(timeout=left, progress=progress)
    search: ways.Run = ways.search(problem, settings, count_only=True)
    signals.target = search
    stopped: SearchStopped | None = None
    try:
        for _ in search:
            pass
    except SearchStopped as stop:
        stopped = stop
    finally:
        signals.target = None
    found = search.stats.solutions
    outcome = "exhausted" if stopped is None else stopped.outcome.name.lower()
    with writing("standard output"):
        if args.json:
            record: dict[str, Any] = {"why": None, "count": found}
            record.update(complete=stopped is None, outcome=outcome)
            _write_json(out, record)
        elif stopped is None:
            out.write(f"{found}\n")
        out.flush()
    if stopped is None:
        return EXIT_OK
    if isinstance(stopped, BudgetExceeded):
        how, status = f"stopped by --timeout {timeout:g}", EXIT_BUDGET
    else:
        clear_echoed_interrupt()
        how, status = signals.how, signals.status
    which = (
        "the problem has solutions"
        if args.pins is None
        else ("the pinned options are in solutions")
    )
    say(
        f"dlx: --why {how}: {which}; counting them stopped "
        f"after {found:,} solution{'' if found == 1 else 's'}"
    )
    return status


# -- memoised search -----------------------------------------------------------------


def _more_memory(ended: str) -> str:
    """What to add to the message of a search stopped as ``ended``."""
    if ended == "out_of_memory":
        return " (--max-memory or --max-entries allow more)"
    return ""


def _memo_record(search: _Memoised) -> dict[str, Any]:
    """What ``--json`` says of a memoised search besides its statistics."""
    return {
        "branching": search.branching,
        "entries": search.entries,
        "hits": search.hits,
    }


def _say_memo_cache(search: _Memoised) -> None:
    """``--stats`` of a memoised search after Knuth's line: its cache."""
    entries = "1 subproblem" if search.entries == 1 else f"{search.entries} subproblems"
    hits = "1 node" if search.hits == 1 else f"{search.hits} nodes"
    say(
        f"dlx: memoised search ({search.branching}): {entries} cached, "
        f"{hits} answered from the cache"
    )


def _sample(
    search: MemoSearch,
    problem: ExactCover,
    args: argparse.Namespace,
    out: TextIO,
    signals: StopSignals,
    watcher: _Watcher,
) -> int:
    """``--sample N``: N solutions drawn uniformly at random from the diagram ``search`` builds."""
    diagram = None
    with _ending(search, signals, watcher) as ending:
        diagram = search.zdd()
    if ending.stopped is not None:
        ending.stopped += ": no solution drawn"
    drawn = 0
    # With --preprocess, the original problem's options are printed: its
    # solutions and the smaller problem's match one to one, so the draw
    # stays uniform.
    original: ExactCover | None = getattr(args, "original", None)
    done = problem.preprocessing
    if original is None or done is None:
        original, done = problem, None
    if diagram is not None and diagram.count():
        draws = itertools.islice(diagram.samples(seed=args.seed), args.sample)
        try:
            with writing("standard output"):
                for drawing in draws:
                    solution = drawing if done is None else done.original(drawing)
                    lines = [format_option(original.option(k)) for k in solution]
                    drawn += 1
                    if args.json:
                        record = {
                            "solution": drawn,
                            "options": list(solution),
                            "lines": lines,
                        }
                        _write_json(out, record)
                        continue
                    if drawn > 1:
                        out.write("\n")
                    for line in _text_lines(lines):
                        out.write(line + "\n")
        except KeyboardInterrupt:  # nothing to ask to stop: the signal raised
            clear_echoed_interrupt()
            ending.stopped = (
                f"{signals.how} after {drawn} of {args.sample} solutions drawn"
            )
            ending.status, ending.outcome = signals.status, signals.how
    _summary(
        out,
        signals,
        args,
        search.stats.solutions,
        ending,
        search.stats,
        samples=drawn,
        memo=_memo_record(search),
        zdd_nodes=None if diagram is None else diagram.size,
    )
    if ending.stopped is not None:
        say(f"dlx: {ending.stopped}{_more_memory(ending.outcome)}")
    elif not drawn:
        say("dlx: the problem has no solution to draw")
    if args.stats:
        say(search.stats.knuth_summary(problem.uses_colors))
        _say_memo_cache(search)
        if diagram is not None:
            say(f"dlx: the diagram has {diagram.size} nodes")
    return ending.status


#: ``--method``'s choices and their words in ``--help``, the default first.
_METHODS = {
    "dlx": "dancing links (the default)",
    "memo": "memoised counting, with --count (see above)",
    "sat": "a SAT solver, for problems backtracking cannot finish, after a "
    f"short DLX search of {SAT_DLX_NODES} nodes (needs the sat extra: "
    f"{install_hint('sat')}; lists the solutions one solve each, all "
    "or --limit N, --count with --limit, --best)",
}


class _Unavailable(Exception):
    """The workers asked for cannot be had; the message says why."""


@contextmanager
def _workers(
    args: argparse.Namespace,
) -> Iterator[tuple[Executor, Callable[[], Executor] | None]]:
    """The executor of ``--jobs`` or ``--scheduler``, and how to replace a broken one.

    A process pool whose worker died is broken for good: ``--jobs`` then
    starts a new one and the search runs the lost tasks there.  Dask runs
    lost tasks again by itself.  Pools are shut down at the end; a Dask
    cluster is left running.
    """
    if args.scheduler is None:
        from concurrent.futures import ProcessPoolExecutor

        jobs = args.jobs or os.cpu_count() or 1
        pools: list[ProcessPoolExecutor] = []

        def start() -> Executor:
            if pools:
                pools[-1].shutdown(wait=False, cancel_futures=True)
            pools.append(worker_pool(jobs))
            return pools[-1]

        try:
            first = start()
        except OSError as error:  # a fork refused (EAGAIN, ENOMEM)
            raise _Unavailable(
                f"--jobs {jobs}: cannot start the worker processes: "
                f"{error.strerror or error}"
            ) from None
        try:
            yield first, start
            for pool in pools:
                pool.shutdown(wait=True, cancel_futures=True)
        except BaseException:
            # Ctrl-C, SIGTERM (a second one while the pool shuts down too),
            # a closed pipe: the workers are ended at once.  Shut down
            # without waiting, a worker the signal left idle waited for a
            # task for ever, and the interpreter's exit waited for it.
            for pool in pools:
                end_workers(pool)
            raise
        return
    try:
        import distributed
    except ImportError:
        raise _Unavailable(
            "--scheduler needs dask.distributed, which is not installed: "
            f"{install_hint('dask')}"
        ) from None
    connect: Any = distributed.Client  # not fully typed
    try:
        client = connect(args.scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise _Unavailable(
            f"cannot reach the Dask scheduler at {args.scheduler}: {error}"
        ) from None
    try:
        # Tasks carry a search id of their own, so Dask need not hash their
        # arguments to tell them apart (pure=False skips that).
        yield client.get_executor(pure=False), None
    finally:
        client.close()


def _best(
    run: ways.Cheapest,
    problem: ExactCover,
    args: argparse.Namespace,
    out: TextIO,
    signals: StopSignals,
    watcher: _Watcher,
    cleanup: Callable[[], None],
) -> int:
    """``--best K``: search for the K cheapest solutions, then print them, cheapest first.

    ``run`` is :func:`dlx.ways.cheapest`'s.  Stopped by ``--limit``, a
    budget or a signal, it prints the cheapest found so far (not proven
    to be the cheapest) and says so.
    """
    from dlx.engine import CostSearch

    watcher.search = run if isinstance(run, CostSearch) else None
    with _ending(run, signals, watcher, cleanup) as ending:
        run.run()
    ranked = run.best()
    # The SAT solver's come cheapest first, each proved before the next:
    # stopped early, they are the cheapest that many.
    one_by_one = bool(run.proven)
    # With --preprocess, the original problem's options are printed.
    original: ExactCover | None = getattr(args, "original", None)
    done = problem.preprocessing
    if original is not None and done is not None:
        ranked = [(cost, done.original(solution)) for cost, solution in ranked]
        problem = original
    with signals.held(), writing("standard output"):
        for number, (cost, solution) in enumerate(ranked):
            lines = [_costed_line(problem, k) for k in solution]
            if args.json:
                record = {"solution": number + 1, "cost": cost}
                _write_json(out, record | {"options": solution, "lines": lines})
                continue
            if number:
                out.write("\n")
            out.write(f"| cost {cost}\n")
            for line in lines:
                out.write(line + "\n")
        out.flush()
    _summary(out, signals, args, len(ranked), ending, run.stats)
    resumes = _checkpoint_tail(args, run, ending, signals, isinstance(run, CostSearch))
    stopped = ending.stopped
    if stopped is None and not ending.complete:  # at --limit
        stopped = f"stopped at --limit {args.limit}"
    if stopped is not None:
        if not ranked:
            message = f"dlx: {stopped}: no solution found so far"
        elif one_by_one:  # each proven the cheapest before the next
            plural = "" if len(ranked) == 1 else "s"
            message = (
                f"dlx: {stopped}: printed the {len(ranked)} cheapest solution"
                f"{plural}, not all {args.best} asked for"
            )
        else:
            plural = "" if len(ranked) == 1 else "s"
            message = (
                f"dlx: {stopped}: printed the {len(ranked)} cheapest solution"
                f"{plural} found so far (there may be cheaper ones)"
            )
        say(message + resumes)
    if args.stats and isinstance(run.stats, SatStats):
        say(run.stats.summary())
    elif args.stats:
        say(run.stats.knuth_summary(True))
        if _is_split_best(run):
            say(
                f"dlx: {run.tasks} tasks, {run.bounds_given} of them started with "
                "a bound from the others"
            )
    return ending.status


def _costed_line(problem: ExactCover, k: int) -> str:
    """Option ``k`` as a line of the format, with its cost ``|n`` if it has one."""
    line = format_option(problem.option(k))
    cost = problem.cost(k)
    return f"{line} |{cost}" if cost else line


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``dlx`` command with ``argv`` (default: ``sys.argv[1:]``).

    Never raises for bad input, full disks, closed pipes or signals: each
    ends in a one-line message on standard error and the exit status that
    ``dlx --help`` lists.

    :param argv: the arguments, without the program name.
    :returns: the exit status (0 done, 2 bad input, 3 stopped by a budget,
        70 a worker process of ``--jobs`` lost, 71 out of memory, 74 output
        failed, 130/143 interrupted or terminated, 141 closed pipe).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tiny.dlx"
    >>> _ = path.write_text("A B\\nA\\nB\\nA B\\n")
    >>> main([str(path)])
    A
    B
    <BLANKLINE>
    A B
    0
    >>> main([str(path), "--count"])
    2
    0
    """
    args = _parser().parse_args(argv)
    args.given = _check_options(args)
    try:
        # Messages, progress and --stats are written best effort: a
        # standard error that fails does not stop the search (74 at the end).
        return final_status(_run(args))
    except BrokenPipeError:
        # The reader went away (e.g. `dlx file | head`): stop quietly, as a
        # process ended by SIGPIPE would.
        return end_closed_pipe()


def _run(args: argparse.Namespace) -> int:
    """The command after its options are read; a closed pipe escapes as BrokenPipeError."""
    out = sys.stdout
    if out is None:
        say("dlx: cannot write to standard output: it is closed")
        return EXIT_OUTPUT
    signals = StopSignals()
    try:
        with signals.installed():
            problem = _read(args.file)
            # The group of --symmetry, checked against the problem at once.
            args.group = (
                None if args.symmetry is None else _symmetry(problem, args.symmetry)
            )
            if args.preprocess:
                reduced = _preprocess(problem, args, out)
                if reduced is None:
                    return EXIT_OK
                problem = reduced
            kind = _kind(args.given)
            if kind == "estimate":
                return _estimate(problem, args, out, signals)
            if kind == "why":
                return _why(problem, args, out, signals)
            return _search(problem, args, out, signals, kind)
    except ways.Refused as refused:  # below ways.plan: a combination made here
        message = _in_our_words(refused, args.given, _names(args))
        say(f"dlx: {_refused_where(args, refused)}: {message}")
        return EXIT_BAD_INPUT
    except FormatError as error:
        say(f"dlx: {error}")
        return EXIT_BAD_INPUT
    except OutputError as error:
        say(f"dlx: {error}")
        return EXIT_OUTPUT
    except ProblemTooLarge as error:
        say(f"dlx: {error}")
        return EXIT_NO_MEMORY
    except MemoryError:
        say("dlx: out of memory: the search does not fit")
        return EXIT_NO_MEMORY
    except KeyboardInterrupt:
        say(f"dlx: {signals.how}")
        return signals.status
