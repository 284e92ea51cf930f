"""Time and memory of building problems with wide options.

Each case runs in a child process of its own: it adds the options to an
:class:`dlx.ExactCover` (through :meth:`~dlx.ExactCover.add_option`, with
names) and builds the links (:meth:`~dlx.ExactCover.links`), then prints
the seconds of each step, the peak resident memory of the process
(interpreter included) and, in a second child, the peak that
:mod:`tracemalloc` sees (pydlx's own allocations; that run is slower, so
its times are not reported).

Cases::

    one-8000      one option of 8,000 items
    one-20000     one option of 20,000 items
    mix-8000      one option of 8,000 items and 8,000 options of one item
    mix-20000     one option of 20,000 items and 20,000 options of one item
    100k-4        100,000 options of 4 items over 1,000 items
    100k-2..64    100,000 options of 2 to 64 items (random) over 1,000 items

::

    PYTHONPATH=. python tests/benchmarks/bench_wide.py
    PYTHONPATH=/tmp/rough-base python tests/benchmarks/bench_wide.py one-8000

Run it with ``PYTHONPATH`` pointing at the tree to measure.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap

CASES = (
    "one-8000",
    "one-20000",
    "mix-8000",
    "mix-20000",
    "100k-4",
    "100k-2..64",
)

_CHILD = textwrap.dedent(
    """
    import json, random, resource, sys, time, tracemalloc
    import dlx
    from dlx import ExactCover
    case, traced = sys.argv[1], sys.argv[2] == "1"
    rng = random.Random(1)
    if case.startswith("one-"):
        n = int(case[4:])
        items = [f"i{k}" for k in range(n)]
        options = [items]
    elif case.startswith("mix-"):
        n = int(case[4:])
        items = [f"i{k}" for k in range(n)]
        options = [items, *([item] for item in items)]
    else:
        items = [f"i{k}" for k in range(1000)]
        low, _, high = case[5:].partition("..")
        low = int(low)
        high = int(high or low)
        options = [rng.sample(items, rng.randint(low, high)) for _ in range(100_000)]
    nodes = sum(map(len, options))
    if traced:
        tracemalloc.start()
    started = time.perf_counter()
    problem = ExactCover(items)
    for option in options:
        problem.add_option(option)
    added = time.perf_counter()
    problem.links()
    built = time.perf_counter()
    peak = tracemalloc.get_traced_memory()[1] if traced else 0
    print(json.dumps({
        "case": case, "nodes": nodes,
        "add": added - started, "links": built - added,
        "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "traced": peak, "tree": dlx.__file__,
    }))
    """
)


def run(case: str, traced: bool) -> dict[str, float]:
    """Run one case in a child process and return what it printed."""
    # Run from the temporary folder (with -c the current directory comes
    # first on sys.path, before PYTHONPATH), with PYTHONPATH made absolute.
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(os.path.abspath, paths))}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, case, "1" if traced else "0"],
        cwd=tempfile.gettempdir(),
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    """Run the cases given (default: all) and print one line for each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*", default=list(CASES))
    args = parser.parse_args()
    print(run("one-2", traced=False)["tree"])
    print(
        f"{'case':<12} {'nodes':>10} {'add':>7} {'links':>7} "
        f"{'peak RSS':>9} {'traced':>9} {'B/node':>7}"
    )
    for case in args.cases:
        timed = run(case, traced=False)
        traced = run(case, traced=True)["traced"]
        print(
            f"{case:<12} {timed['nodes']:>10,.0f} {timed['add']:>6.2f}s "
            f"{timed['links']:>6.2f}s {timed['rss'] / 1e6:>7.0f}MB "
            f"{traced / 1e6:>7.0f}MB {traced / timed['nodes']:>7.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
