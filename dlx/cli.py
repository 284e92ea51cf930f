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
import dataclasses
import io
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from dlx.algorithms import INSTALL_SAT, SatSearch, sat_available
from dlx.commands import (
    EXIT_BAD_INPUT,
    EXIT_BUDGET,
    EXIT_NO_MEMORY,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_WORKER_LOST,
    OutputError,
    StopSignals,
    add_version,
    clear_echoed_interrupt,
    command_parser,
    end_closed_pipe,
    final_status,
    on_stderr,
    say,
    seconds,
    shows_progress,
    stderr_failed,
    whole_number,
    worker_pool,
    writing,
)
from dlx.engine import Search
from dlx.errors import (
    BudgetExceeded,
    FormatError,
    Interrupted,
    PositionError,
    ProblemTooLarge,
)
from dlx.estimate import format_estimate
from dlx.parallel import (
    DASK_TASK_SECONDS,
    TASK_SECONDS,
    ParallelSearch,
    Pieces,
    WorkerLost,
    search,
)
from dlx.position import Position
from dlx.problem import ExactCover
from dlx.stats import Outcome, Progress, SatStats
from dlx.textformat import format_option, read_dlx
from dlx.watch import (
    ProgressLine,
    is_terminal,
    remove_stale_temporaries,
    write_atomically,
)

if TYPE_CHECKING:
    from concurrent.futures import Executor

#: The kind and version of checkpoint files; others are refused.
CHECKPOINT_FORMAT = "pydlx-dlx-checkpoint-1"

_DESCRIPTION = """\
Find every exact cover of a problem in Knuth's DLX text format: the first
line names the primary items, then '|', then the secondary items; each
following line is an option; 'name:colour' colours a secondary item; lines
starting with '|' are comments.  A primary item written 'u:v|name' must be
covered between u and v times, 'v|name' exactly v times (Knuth's DLX3).
Each solution is printed as the lines of its options, solutions separated
by a blank line.

Long searches: a progress line on standard error (shown when standard
error is a terminal and the search has run for a second; --progress,
--no-progress); Ctrl-C or SIGTERM stops cleanly, keeping what was printed
and reporting the count so far (a SIGINT ignored from the start, as in a
script's background job 'dlx ... &', stays ignored); if dlx itself is
killed, its --jobs workers end too; --checkpoint FILE saves the search's
position every --checkpoint-every seconds and when stopped, and the same
command run again resumes from it (the file is removed when the search
ends).  --estimate predicts the size and time of the search by random
probes without running it.

Many cores, many machines: --jobs N splits the search over N local
processes (--jobs 0: one per core), --scheduler ADDRESS over a Dask
cluster (pip install "pydlx[dask]"); the output is the same as with one
process, in the same order.
"""

_EPILOG = """\
exit status:
  0    the search finished (with or without solutions), or --estimate ran
  2    bad input (an unreadable file, not the format, an empty file, a
       closed standard input), bad options (one that does nothing or
       contradicts another; --limit, --max-nodes and --timeout must be
       more than 0), or an unusable checkpoint file
  3    stopped by --max-nodes or --timeout (the count so far on stderr)
  70   a worker process of --jobs died (the count so far on stderr)
  71   out of memory
  74   the output (or the checkpoint) could not be written; or standard
       error could not, which does not stop the search: the result is
       still printed, and the status is 74 where it would have been 0
  130  interrupted by Ctrl-C (SIGINT); 143 terminated (SIGTERM)
  141  the reader of the output went away (closed pipe), e.g. '| head'
--json (JSON Lines on standard output, one object a line; standard error
and the exit status as without it):
  {"solution": 1, "options": [0, 3, 4], "lines": ["C E F", "A D", "B G"]}
  {"count": 1, "complete": true, "outcome": "exhausted", "stats":
   {"nodes": 6, "updates": 30, "cleansings": 0, "solutions": 1}}
  one object per solution (none with --count): its number from 1, its
  options' numbers from 0 in the order of their lines (as dlx.read_dlx
  numbers them), their lines as printed without --json; then one last
  object once the search has run, also when a budget, a signal or a lost
  worker stopped it: the solutions found, complete (false: stopped early,
  the count is a lower bound), outcome (exhausted, limit_reached,
  out_of_nodes, out_of_time, interrupted, terminated, worker_lost) and
  the search's statistics (with --jobs, work past --limit included).
  --estimate writes one object, {"estimate": {"nodes": ..., "nodes_se":
  ..., "updates", "solutions" (each with _se), "probes", "seconds",
  "probe_rate", "search_rate", "search_seconds"}} (null: none or
  unbounded).  A run refused (status 2) writes nothing.
examples:
  dlx docs/examples/knuth.dlx --stats
  dlx --count --checkpoint run.json big.dlx     (Ctrl-C, then the same again)
  dlx --count --jobs 0 big.dlx                   (on every core)
  dlx --count --scheduler tcp://host:8786 big.dlx   (on a Dask cluster)
  dlx --estimate --probes 2000 big.dlx
  dlx --json big.dlx | jq -c 'select(.solution) | .options'
"""


def _parser() -> argparse.ArgumentParser:
    parser = command_parser("dlx", _DESCRIPTION, _EPILOG)
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
        "--limit", type=whole_number(1), metavar="N", help="stop after N solutions"
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
        help="break ties between items at random, with this seed",
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
    parser.add_argument(
        "--method",
        choices=_METHODS,
        default="dlx",
        help="dlx: dancing links (the default); sat: a SAT solver, for "
        f"problems backtracking cannot finish (needs {INSTALL_SAT}; one "
        "solution, --limit N, or --count with --limit)",
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
        "--estimate",
        action="store_true",
        help="do not search: estimate the nodes, updates, solutions and time "
        "of the search by random probes (Knuth's estimator)",
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
        type=whole_number(),
        metavar="N",
        help="split the search over N worker processes (0: one per core)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="split the search over the Dask cluster whose scheduler is at "
        'ADDRESS (e.g. tcp://10.0.0.1:8786; needs pip install "pydlx[dask]")',
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
    return parser


#: The ways of searching ``--method`` takes.
_METHODS = ("dlx", "sat")


def _check_method(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse what ``--method`` does not do (the backtracking search does it all)."""
    if args.method == "sat":
        _check_sat(parser, args)


def _check_sat(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse the options ``--method sat`` does not take, and a missing OR-Tools."""
    if args.count and args.limit is None:
        parser.error(
            "--method sat counts only up to a limit: give --limit N "
            "(--limit 2 proves a solution unique), or count with --method dlx"
        )
    for name, given in (
        ("--estimate", args.estimate),
        ("--checkpoint", args.checkpoint is not None),
        ("--jobs", args.jobs is not None),
        ("--scheduler", args.scheduler is not None),
        ("--max-nodes", args.max_nodes is not None),
        ("--progress", bool(args.progress)),
    ):
        if given:
            parser.error(
                f"--method sat does not go with {name} (it takes --limit, "
                "--count with --limit, --timeout, --seed, --json and --stats)"
            )
    if not sat_available():
        parser.error(f"--method sat needs OR-Tools, not installed: {INSTALL_SAT}")


def _check_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse option combinations that contradict each other or do nothing."""
    _check_method(parser, args)
    if args.probes is not None and not args.estimate:
        parser.error("--probes only goes with --estimate")
    if args.estimate:
        for name, given in (
            ("--count", args.count),
            ("--limit", args.limit is not None),
            ("--checkpoint", args.checkpoint is not None),
            ("--max-nodes", args.max_nodes is not None),
            ("--timeout", args.timeout is not None),
            ("--stats", args.stats),
            ("--progress", args.progress is not None),
            ("--jobs", args.jobs is not None),
            ("--scheduler", args.scheduler is not None),
        ):
            if given:
                parser.error(f"--estimate does not search, so {name} does not apply")
    if args.checkpoint_every is not None and args.checkpoint is None:
        parser.error("--checkpoint-every only goes with --checkpoint")
    split = (
        "--jobs" if args.jobs is not None else "--scheduler" if args.scheduler else None
    )
    if split and args.checkpoint is not None and args.limit is not None:
        parser.error(
            f"--checkpoint does not go with --limit and {split}: the workers "
            "search past the limit, which a checkpoint cannot keep"
        )
    if args.task_seconds is not None and not split:
        parser.error("--task-seconds only goes with --jobs or --scheduler")
    if split and args.seed is not None:
        parser.error(
            f"--seed does not go with {split}: random tie-breaking cannot be "
            "split over workers"
        )


# -- input and output ----------------------------------------------------------------


def _warn(message: str) -> None:
    say(f"dlx: warning: {message}")


#: How a terminal ends what is typed on it.
_END_OF_INPUT = (
    "end it with Ctrl-Z and Enter"
    if os.name == "nt"
    else "end it with Ctrl-D at the start of a line"
)


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
                say(f"dlx: reading a problem from standard input; {_END_OF_INPUT}")
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
    path: str, count: bool, split: bool
) -> tuple[Position | Pieces, bool] | None:
    """The state saved in ``path`` and whether it was saved at a clean stop.

    ``split`` says whether this run is split over workers (``--jobs``,
    ``--scheduler``): such runs save the subproblems left (``"pieces"``),
    others the position of the search (``"position"``).  ``None`` when
    there is no such file; FormatError (naming the file) when it is not a
    checkpoint of this kind of run.  Removes the temporary files that a
    run killed while saving left beside it (nobody else would).
    """
    remove_stale_temporaries(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise FormatError(
            f"cannot read the checkpoint: {error.strerror or error}", path
        ) from None
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
    kind = "pieces" if split else "position"
    if kind not in data:
        said = "without" if split else "with"
        raise FormatError(
            f"a checkpoint of a run {said} --jobs or --scheduler; run the same "
            "command again, or remove the file to start afresh",
            path,
        )
    read = Pieces.from_json if split else Position.from_json
    try:
        state = read(json.dumps(data[kind]))
    except PositionError as error:
        raise FormatError(f"{error}; remove it to start afresh", path) from None
    return state, bool(data.get("clean"))


def _save_checkpoint(
    path: str, run: Search | ParallelSearch, count: bool, clean: bool
) -> None:
    """Save where ``run`` stands to ``path``, atomically."""
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
    """The progress hook of a command-line search: the display and the checkpoints."""

    def __init__(self, args: argparse.Namespace, out: TextIO) -> None:
        self.args = args
        self.out = out
        self.search: Search | ParallelSearch | None = None
        self.display: ProgressLine | None = None
        self.show = shows_progress(args.progress)
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
                    self.display = ProgressLine(sys.stderr, prefix="dlx: ")
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
            _save_checkpoint(self.args.checkpoint, search, self.args.count, False)
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


def _solve(
    problem: ExactCover, args: argparse.Namespace, out: TextIO, signals: StopSignals
) -> int:
    """Search in this process, resuming from ``--checkpoint`` when it exists."""
    resumed = None
    if args.checkpoint:
        resumed = _load_checkpoint(args.checkpoint, args.count, split=False)
    position = None
    if resumed is not None:
        assert isinstance(resumed[0], Position)
        position = resumed[0]
    watcher = _Watcher(args, out)
    try:
        search = problem.search(
            limit=args.limit,
            max_nodes=args.max_nodes,
            timeout=args.timeout,
            seed=args.seed,
            progress=watcher if watcher.wanted else None,
            progress_interval=watcher.interval,
            resume=position,
            count_only=args.count,
        )
    except PositionError as error:
        raise FormatError(
            f"{error}; remove it to start afresh", args.checkpoint
        ) from None
    if position is not None:
        note = (
            f"dlx: resuming from {args.checkpoint}: {position.nodes} nodes and "
            f"{position.solutions} solutions so far"
        )
        if (
            resumed is not None
            and not resumed[1]
            and not args.count
            and position.solutions
        ):
            note += _PRINTED_AGAIN
        say(note)
    return _drive(search, problem, args, out, signals, watcher)


def _sat_search(
    problem: ExactCover, args: argparse.Namespace, out: TextIO, signals: StopSignals
) -> int:
    """Search with ``--method sat`` (:class:`dlx.SatSearch`), reported as every search is."""
    sat = SatSearch(
        problem.links(),
        limit=args.limit,
        timeout=args.timeout,
        seed=args.seed,
        count_only=args.count,
    )
    return _drive(sat, problem, args, out, signals, _Watcher(args, out))


def _handed_out(run: Search | ParallelSearch | SatSearch) -> int:
    """The solutions a search has handed out so far, in order."""
    return run.handed_out if isinstance(run, ParallelSearch) else run.stats.solutions


def _drive(
    run: Search | ParallelSearch | SatSearch,
    problem: ExactCover,
    args: argparse.Namespace,
    out: TextIO,
    signals: StopSignals,
    watcher: _Watcher,
    cleanup: Callable[[], None] | None = None,
) -> int:
    """Run a search (in this process or split) and report it as the command does.

    Prints the solutions (or the count), turns a stop into its message and
    status, saves or removes the checkpoint, and prints ``--stats``.
    ``cleanup`` runs as soon as the search has ended, before the reports.
    """
    if not isinstance(run, SatSearch):  # it reports no progress, saves no position
        watcher.search = run
    signals.target = run
    status = EXIT_OK
    stopped: str | None = None
    try:
        with writing("standard output"):
            for number, solution in enumerate(run, _handed_out(run)):
                if args.count:
                    continue
                watcher.pause()
                lines = [format_option(problem.option(k)) for k in solution]
                if args.json:
                    _write_json(
                        out,
                        {"solution": number + 1, "options": solution, "lines": lines},
                    )
                    continue
                if number:
                    out.write("\n")
                for line in lines:
                    out.write(line + "\n")
        ended = run.outcome.name.lower()  # exhausted, limit_reached
    except Interrupted:
        clear_echoed_interrupt()
        status = signals.status
        stopped = f"{signals.how} after {run.stats.nodes} nodes"
        if isinstance(run.stats, SatStats):
            stopped = f"{signals.how} after {run.stats.seconds:.3g} s"
        ended = signals.how
    except BudgetExceeded as stop:
        status = EXIT_BUDGET
        stopped = str(stop)
        ended = stop.outcome.name.lower()  # out_of_nodes, out_of_time
    except WorkerLost as error:
        status = EXIT_WORKER_LOST
        stopped = str(error)
        ended = "worker_lost"
    except PositionError as error:  # a subproblem of a damaged checkpoint
        if not args.checkpoint:
            raise
        raise FormatError(
            f"{error}; remove it to start afresh", args.checkpoint
        ) from None
    finally:
        signals.target = None
        watcher.pause()
        if cleanup is not None:
            cleanup()
    with writing("standard output"):
        out.flush()
    # Those handed out in order (a split search may have found more, past a
    # limit or in tasks not yet reached); a count cut short has found at
    # least the solutions of every finished task.
    found = _handed_out(run)
    if stopped is not None and args.count:
        found = max(found, run.stats.solutions)
        if args.limit is not None:
            found = min(found, args.limit)
    if args.json:
        with signals.held(), writing("standard output"):  # whole, even on ^C
            _write_json(
                out,
                {
                    "count": found,
                    "complete": stopped is None,
                    "outcome": ended,
                    "stats": dataclasses.asdict(run.stats),
                },
            )
            out.flush()
    if stopped is not None:
        plural = "" if found == 1 else "s"
        if args.count:
            message = f"dlx: {stopped}: at least {found} solution{plural}"
        else:
            message = f"dlx: {stopped}: {found} solution{plural} found"
        if args.checkpoint:
            assert not isinstance(run, SatSearch)  # --method sat refuses it
            with signals.held():  # a signal now must not cost the save
                _save_checkpoint(args.checkpoint, run, args.count, True)
            message += f"; the same command resumes from {args.checkpoint}"
        say(message)
    else:
        if args.count and not args.json:
            with writing("standard output"):
                out.write(f"{found}\n")
                out.flush()
        if args.checkpoint:
            _remove_checkpoint(args.checkpoint)
    if args.checkpoint:
        remove_stale_temporaries(args.checkpoint)
    if args.stats and isinstance(run.stats, SatStats):
        say(run.stats.summary())
    elif args.stats:
        # DLX3, which reads bounds, always gives the cleansings.
        say(run.stats.knuth_summary(problem.uses_colors or bool(problem.bounds)))
        times = [] if not isinstance(run, ParallelSearch) else run.task_times
        if times:
            assert isinstance(run, ParallelSearch)
            say(
                f"dlx: {run.tasks} tasks; the largest took {max(times):.3g} s, "
                f"{100 * max(times) / sum(times):.2g} % of the work"
            )
    return status


def _write_json(out: TextIO, record: dict[str, Any]) -> None:
    """One line of ``--json`` output: ``record`` as JSON (ASCII, no NaN)."""
    out.write(json.dumps(record, allow_nan=False) + "\n")


def _finite(value: float | None) -> float | None:
    """A number for JSON, which has no infinity: ``None`` (null) for one."""
    return value if value is not None and math.isfinite(value) else None


def _estimate(problem: ExactCover, args: argparse.Namespace, out: TextIO) -> int:
    estimate = problem.estimate(args.probes or 1000, seed=args.seed)
    with writing("standard output"):
        if args.json:
            fields = dataclasses.asdict(estimate)
            fields["search_seconds"] = estimate.search_seconds
            _write_json(out, {"estimate": {k: _finite(v) for k, v in fields.items()}})
        else:
            out.write(format_estimate(estimate) + "\n")
        out.flush()
    return EXIT_OK


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
            yield start(), start
        except BaseException:
            for pool in pools:
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        for pool in pools:
            pool.shutdown(wait=True, cancel_futures=True)
        return
    try:
        import distributed
    except ImportError:
        raise _Unavailable(
            "--scheduler needs dask.distributed, which is not installed: "
            'python3 -m pip install "pydlx[dask]"'
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


def _solve_parallel(
    problem: ExactCover, args: argparse.Namespace, out: TextIO, signals: StopSignals
) -> int:
    """Like :func:`_solve`, with the search split over ``--jobs`` or ``--scheduler``."""
    pieces = None
    resumed = None
    if args.checkpoint:
        resumed = _load_checkpoint(args.checkpoint, args.count, split=True)
        if resumed is not None:
            assert isinstance(resumed[0], Pieces)
            pieces = resumed[0]
    watcher = _Watcher(args, out)
    workers = ExitStack()
    try:
        executor, renew = workers.enter_context(_workers(args))
    except _Unavailable as error:
        say(f"dlx: {error}")
        return EXIT_BAD_INPUT
    try:
        run = search(
            problem,
            executor,
            count_only=args.count,
            limit=args.limit,
            max_nodes=args.max_nodes,
            timeout=args.timeout,
            progress=watcher if watcher.wanted else None,
            progress_interval=watcher.interval,
            task_seconds=args.task_seconds
            or (DASK_TASK_SECONDS if args.scheduler else TASK_SECONDS),
            renew=renew,
            resume=pieces,
        )
    except PositionError as error:
        workers.close()
        raise FormatError(
            f"{error}; remove it to start afresh", args.checkpoint
        ) from None
    if pieces is not None:
        note = (
            f"dlx: resuming from {args.checkpoint}: {pieces.stats.nodes} nodes "
            f"and {pieces.stats.solutions} solutions so far, "
            f"{len(pieces.pieces)} subproblems left"
        )
        if resumed is not None and not resumed[1] and not args.count:
            note += _PRINTED_AGAIN if pieces.handed_out else ""
        say(note)

    def cleanup() -> None:
        run.close()
        workers.close()

    return _drive(run, problem, args, out, signals, watcher, cleanup)


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
    parser = _parser()
    args = parser.parse_args(argv)
    _check_options(parser, args)
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
            if args.estimate:
                return _estimate(problem, args, out)
            if args.method == "sat":
                return _sat_search(problem, args, out, signals)
            if args.jobs is not None or args.scheduler is not None:
                return _solve_parallel(problem, args, out, signals)
            return _solve(problem, args, out, signals)
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
