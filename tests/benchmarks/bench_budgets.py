"""How soon ``timeout=`` stops the long sudoku calls: the overshoot of each budget (issue 42).

Every case is a call that runs much longer than its budget: the
explanation of the 16x16 example ``docs/examples/sudoku16.in`` (minutes)
and of Arto Inkala's 9x9 puzzle (about 35 s on CPython), the grade of a
minimal 25x25 puzzle (Frisch's first: its search runs for days), the
canonical form of the regular 64x64 grid and its equivalence to a moved
copy (minutes), and three generations that do not end soon: a minimal
25x25 puzzle, a 16x16 of grade "medium" (out of reach) and a 9x9 of at
most 17 givens (out of reach).  Each runs with ``timeout=T`` for T in
1, 3 and 5 s (``--timeouts``); the wall-clock time from the call to the
budget's exception is its stop, and the stop minus T its overshoot.  The
table gives both for every case, the bound, and what the exception kept
(the steps found, the grade so far, the nodes searched, the tries).

The bound is 10 % of T plus 1 s: a stop later than that, one before T,
a call that ends without its budget's exception and an exception of
another class all fail the run (``AssertionError``, status 1), after the
table.  The calls run one after the other in this process, the
functions looked up before any clock starts (so their first use's import
is not counted); the load average is printed before and after, as a loaded
machine delays a stop too.  ``--rounds`` repeats the whole table and
reports each case's worst round.

::

    python tests/benchmarks/bench_budgets.py [--rounds 1] [--timeouts 1,3,5] [--only explain]
    /opt/pypy311/bin/pypy3 tests/benchmarks/bench_budgets.py
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench_canonical import moved, regular  # noqa: E402

import sudoku  # noqa: E402

DATA = ROOT / "tests" / "data"
SIXTEEN = "".join((ROOT / "docs" / "examples" / "sudoku16.in").read_text().split())
#: Arto Inkala's "world's hardest sudoku" (2012).
INKALA = (
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
)
FRISCH = next(
    line.strip()
    for line in (DATA / "sudoku25_gecode_frisch18.txt").read_text().splitlines()
    if line.strip()
)
REGULAR64 = regular(8)
MOVED64 = moved(REGULAR64, 8, seed=8)

#: The budgets, in seconds.
TIMEOUTS = (1.0, 3.0, 5.0)
#: The bound on a stop: at most T + SHARE * T + SLACK seconds.
SHARE = 0.10
SLACK = 1.0


def explained(make: Callable[[float], object]) -> Callable[[float], str]:
    def call(timeout: float) -> str:
        try:
            make(timeout)
        except sudoku.ExplanationBudgetError as stop:
            found = stop.explanation
            if found is None:
                return "no step yet (the solution was searched for)"
            return f"{len(found.steps)} step{'' if len(found.steps) == 1 else 's'}"
        raise AssertionError("the explanation ended within its budget")

    return call


def graded(make: Callable[[float], object]) -> Callable[[float], str]:
    def call(timeout: float) -> str:
        try:
            make(timeout)
        except sudoku.GradeBudgetError as stop:
            g = stop.grade
            if g.hardest is None:
                return "no step yet (the solution was searched for)"
            steps = sum(n for _, n in g.techniques)
            return f"at least {g.name} (rating {g.rating_text}), {steps} steps"
        raise AssertionError("the grade ended within its budget")

    return call


def compared(make: Callable[[float], object]) -> Callable[[float], str]:
    def call(timeout: float) -> str:
        try:
            make(timeout)
        except sudoku.BudgetError as stop:
            return f"{stop.stats.nodes:,} nodes"
        raise AssertionError("the canonical form ended within its budget")

    return call


def generated(make: Callable[[float], object]) -> Callable[[float], str]:
    def call(timeout: float) -> str:
        try:
            make(timeout)
        except sudoku.GenerationStopped as stop:
            return f"{stop.tries} {'try' if stop.tries == 1 else 'tries'}"
        raise AssertionError("the generation ended within its budget")

    return call


#: name -> the call with a budget of T seconds, which returns what its
#: budget's exception kept.
CASES: dict[str, Callable[[float], str]] = {
    "explain 16x16 (sudoku16.in)": explained(
        lambda t: sudoku.explain(SIXTEEN, timeout=t)
    ),
    "explain 9x9 (Inkala)": explained(lambda t: sudoku.explain(INKALA, timeout=t)),
    "grade 25x25 (Frisch 1)": graded(lambda t: sudoku.grade(FRISCH, timeout=t)),
    "canonical 64x64 (regular)": compared(
        lambda t: sudoku.canonical(REGULAR64, timeout=t)
    ),
    "equivalent 64x64 (regular, moved)": compared(
        lambda t: sudoku.equivalent(REGULAR64, MOVED64, timeout=t)
    ),
    "generate 25x25": generated(lambda t: sudoku.generate((5, 5), seed=0, timeout=t)),
    "generate 16x16, grade medium": generated(
        lambda t: sudoku.generate((4, 4), seed=7, grade="medium", tries=1000, timeout=t)
    ),
    "generate 9x9, 17 givens": generated(
        lambda t: sudoku.generate(
            seed=3, symmetry="none", givens=17, tries=10**6, timeout=t
        )
    ),
}


def bound(timeout: float) -> float:
    """The latest stop allowed for a budget of ``timeout`` seconds, as an overshoot."""
    return SHARE * timeout + SLACK


def measure(call: Callable[[float], str], timeout: float) -> tuple[float, str]:
    """Seconds from the call to its budget's exception, and what the exception kept."""
    gc.collect()
    started = time.perf_counter()
    kept = call(timeout)
    return time.perf_counter() - started, kept


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument(
        "--timeouts",
        default=",".join(f"{t:g}" for t in TIMEOUTS),
        help="budgets in seconds, comma-separated (default %(default)s)",
    )
    parser.add_argument(
        "--only", default="", help="the cases whose name holds this text"
    )
    args = parser.parse_args(argv)
    # The functions imported on first use, before any clock starts.
    for name in ("explain", "grade", "canonical", "equivalent", "generate"):
        getattr(sudoku, name)
    timeouts = [float(t) for t in args.timeouts.split(",")]
    cases = {name: call for name, call in CASES.items() if args.only in name}
    if not cases:
        parser.error(f"no case's name holds {args.only!r}")
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"load {os.getloadavg()[0]:.1f}, {args.rounds} round(s)",
        flush=True,
    )
    # (case, budget) -> the worst round's stop and what it kept.
    worst: dict[tuple[str, float], tuple[float, str]] = {}
    failures: list[str] = []
    for _ in range(args.rounds):
        for timeout in timeouts:
            for name, call in cases.items():
                try:
                    stop, kept = measure(call, timeout)
                except Exception as error:  # the wrong exception, or none
                    failures.append(
                        f"{name}, T = {timeout:g} s: {type(error).__name__}: {error}"
                    )
                    continue
                if stop < timeout:
                    failures.append(
                        f"{name}, T = {timeout:g} s: stopped early, after {stop:.3f} s"
                    )
                if stop - timeout > bound(timeout):
                    failures.append(
                        f"{name}, T = {timeout:g} s: stopped after {stop:.3f} s, "
                        f"{stop - timeout:.3f} s late (bound {bound(timeout):.1f} s)"
                    )
                key = (name, timeout)
                if key not in worst or stop > worst[key][0]:
                    worst[key] = (stop, kept)
    width = max(len(name) for name in cases)
    print(
        f"\n{'case':{width}}  {'T (s)':>5}  {'stop (s)':>8}  {'overshoot (s)':>13}  "
        f"{'bound (s)':>9}  {'met':3}  kept"
    )
    for name in cases:
        for timeout in timeouts:
            if (name, timeout) not in worst:
                continue
            stop, kept = worst[name, timeout]
            met = "yes" if 0 <= stop - timeout <= bound(timeout) else "no"
            print(
                f"{name:{width}}  {timeout:5g}  {stop:8.3f}  {stop - timeout:13.3f}  "
                f"{bound(timeout):9.1f}  {met:3}  {kept}"
            )
    overshoots = [stop - t for (_, t), (stop, _) in worst.items()]
    if overshoots:
        print(
            f"\nlargest overshoot {max(overshoots):.3f} s, median "
            f"{sorted(overshoots)[len(overshoots) // 2]:.3f} s; "
            f"load {os.getloadavg()[0]:.1f} at the end"
        )
    assert not failures, "budgets not kept:\n" + "\n".join(failures)


if __name__ == "__main__":
    main(sys.argv[1:])
