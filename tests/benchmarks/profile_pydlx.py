"""Profile pydlx (cProfile) on a batch of puzzles or a counting problem.

Usage::

    python tests/benchmarks/profile_pydlx.py hard9 --n 50
    python tests/benchmarks/profile_pydlx.py goomii16 --n 100 --top 25
    python tests/benchmarks/profile_pydlx.py langford11 --solver pydlx-engine
    python tests/benchmarks/profile_pydlx.py hard9 --out /tmp/hard9.prof

Runs the same adapters as ``worker.py`` (``pydlx``: ``sudoku.solve`` when it
exists; ``pydlx-engine``: ``dlx.ExactCover.from_rows`` on the benchmark's
formulation), checks every answer, and prints the top functions by total
time spent in the function itself (``tottime``).  ``--out`` keeps the raw
profile for ``snakeviz`` or ``python -m pstats``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys

import bench_common as common
import worker


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("set", choices=sorted(common.WORKLOADS))
    parser.add_argument("--n", type=int, default=50, help="puzzles (default 50)")
    parser.add_argument("--solver", choices=worker.OURS, default="pydlx")
    parser.add_argument("--top", type=int, default=20, help="rows to print")
    parser.add_argument("--sort", default="tottime", help="pstats sort key")
    parser.add_argument("--data", default=None, help="puzzle folder")
    parser.add_argument("--out", default=None, help="write the raw profile here")
    args = parser.parse_args(argv)

    worker.set_path("ours")
    adapter = worker.ADAPTERS[args.solver]()
    workload = common.WORKLOADS[args.set]
    profiler = cProfile.Profile()
    if workload.kind == "count":
        form = common.count_formulation(workload)
        profiler.enable()
        found, _, _ = adapter.count(form)
        profiler.disable()
        if found != workload.expected:
            print(f"wrong count {found}, expected {workload.expected}", file=sys.stderr)
            return 1
        what = f"{workload.title}: {found} solutions"
    else:
        puzzles = common.load_puzzles(workload, args.n, common.data_dir(args.data))
        answers = []
        profiler.enable()
        for puzzle in puzzles:
            answers.append(adapter.solve(puzzle)[0])
        profiler.disable()
        for puzzle, answer in zip(puzzles, answers, strict=True):
            why = "unsolved" if answer is None else common.check_sudoku(puzzle, answer)
            if why is not None:
                print(f"wrong answer to {puzzle}: {why}", file=sys.stderr)
                return 1
        what = f"{workload.title}: {len(puzzles)} puzzles, all checked"
    print(f"{args.solver} ({adapter.info.get('sudoku', 'dlx engine')}) on {what}")
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.strip_dirs().sort_stats(args.sort).print_stats(args.top)
    print(stream.getvalue())
    if args.out:
        profiler.dump_stats(args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
