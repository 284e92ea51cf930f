"""The commands on issue 31's rows, in one process and with ``--jobs N``: wall time.

Usage::

    python tests/benchmarks/bench_jobs.py [--python PATH] [--jobs 2]
        [--rounds 2] [--rows hard9,queens12,...] [--data DIR]

Each row runs as a user runs it, the command in a process of its own,
start-up and reading the file included: the counts as ``dlx --count
FILE`` (the benchmark's formulation of ``bench_common`` written in
Knuth's format), the sudoku rows as ``sudoku FILE`` on the first puzzles
of the set.  Each row runs in one process and with ``--jobs N``, rounds
interleaved (the order of the two swapping each round); every count is
checked against the known one and every sudoku answer by the benchmark's
validator.  The figures are the wall time (what ``--jobs`` shortens),
medians over the rounds, the speed-up (the median of the ratios within
each round) and the CPU time of the one process, to show how much of a
core it had.  (Not the CPU time of ``--jobs``: workers forked from the
command count in it, but those of a fork server would not.)  The wall
time needs the N cores free: on a shared machine the speed-up says what
the other work left to it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bench_common as common

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def write_count(name: str, folder: Path) -> Path:
    """A counting row's formulation as a DLX file: items ``iK``, then ``sK``."""
    form = common.count_formulation(common.WORKLOADS[name])

    def word(item: int) -> str:
        if item < form.n_primary:
            return f"i{item}"
        return f"s{item - form.n_primary}"

    items = [word(k) for k in range(form.n_primary)]
    if form.n_secondary:
        items += ["|", *(word(form.n_primary + k) for k in range(form.n_secondary))]
    lines = [" ".join(items), *(" ".join(map(word, row)) for row in form.rows)]
    path = folder / f"{name}.dlx"
    path.write_text("\n".join(lines) + "\n")
    return path


def write_sudoku(name: str, n: int, folder: Path, data: Path) -> list[str]:
    """The first ``n`` puzzles of a sudoku row, written to ``NAME.txt``."""
    puzzles = common.load_puzzles(common.WORKLOADS[name], n, data)
    (folder / f"{name}.txt").write_text("\n".join(puzzles) + "\n")
    return puzzles


def run(command: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds (the command and the processes it waited for), output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode()
    if proc.returncode:
        raise SystemExit(f"{' '.join(command)} exited with {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, text


def check(name: str, text: str, puzzles: list[str]) -> None:
    workload = common.WORKLOADS[name]
    if workload.kind == "count":
        if text.split() != [str(workload.expected)]:
            raise SystemExit(f"{name}: counted {text.strip()!r}")
        return
    answers = text.split()
    if len(answers) != len(puzzles):
        raise SystemExit(f"{name}: {len(answers)} answers to {len(puzzles)} puzzles")
    for puzzle, answer in zip(puzzles, answers, strict=True):
        why = common.check_sudoku(puzzle, answer)
        if why is not None:
            raise SystemExit(f"{name}: {why}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--rows", default=",".join(common.ROWS))
    parser.add_argument("--data", default=None, help="puzzle folder")
    parser.add_argument(
        "--puzzles", type=int, default=None, help="puzzles of each sudoku row"
    )
    args = parser.parse_args()
    rows = [r for r in args.rows.split(",") if r]
    unknown = [r for r in rows if r not in common.WORKLOADS]
    if unknown:
        parser.error(f"unknown rows: {', '.join(unknown)}")
    data = common.data_dir(args.data)
    folder = Path(tempfile.mkdtemp(prefix="bench_jobs_"))
    commands: dict[str, list[str]] = {}
    puzzles: dict[str, list[str]] = {}
    for name in rows:
        if common.WORKLOADS[name].kind == "count":
            path = write_count(name, folder)
            commands[name] = ["-m", "dlx", "--count", "--no-progress", str(path)]
            puzzles[name] = []
        else:
            n = args.puzzles or common.ROWS.get(name) or 100
            puzzles[name] = write_sudoku(name, n, folder, data)
            path = folder / f"{name}.txt"
            commands[name] = ["-m", "sudoku", "--no-progress", str(path)]
    modes = {"one process": [], f"--jobs {args.jobs}": ["--jobs", str(args.jobs)]}
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for r in range(args.rounds):
        order = list(modes) if r % 2 == 0 else list(modes)[::-1]
        for name in rows:
            for mode in order:
                command = [args.python, *commands[name], *modes[mode]]
                wall, cpu, text = run(command)
                check(name, text, puzzles[name])
                times.setdefault((name, mode), []).append((wall, cpu))
                print(
                    f"  {name} round {r + 1} {mode}: {wall:.2f} s wall, "
                    f"{cpu:.2f} s CPU",
                    file=sys.stderr,
                )
    single, split = modes
    head = ["row", "wall, one", f"wall, {split}", "×", "CPU, one"]
    lines = [head]
    for name in rows:
        one, many = times[name, single], times[name, split]
        speedups = [a[0] / b[0] for a, b in zip(one, many, strict=True)]
        lines.append(
            [
                name,
                f"{statistics.median(t[0] for t in one):.2f}",
                f"{statistics.median(t[0] for t in many):.2f}",
                f"{statistics.median(speedups):.2f}",
                f"{statistics.median(t[1] for t in one):.2f}",
            ]
        )
    widths = [max(len(line[k]) for line in lines) for k in range(len(head))]
    print(f"{args.python}, {args.rounds} rounds; seconds, medians over the rounds")
    for k, line in enumerate(lines):
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)))
        if k == 0:
            print("  ".join("-" * w for w in widths))


if __name__ == "__main__":
    main()
