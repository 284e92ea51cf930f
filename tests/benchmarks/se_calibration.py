"""How sudoku.explain's ratings compare with Sudoku Explainer's, and how long explaining takes.

Reads ``tests/data/sudoku9_se_rated_1284.tsv`` (1,284 puzzles rated 2.5 to
9.3 by Sukaku Explainer; see ``tests/data/README.md``), explains every
puzzle (or one half of them, ``--half``) and prints, as
reStructuredText for the grading page:

* per SE rating value: the puzzles, how many get the same rating, how many
  within 0.1, and the ratings given (the commonest first);
* the agreement up to 4.5 (issue 33's target: at least 80 %, aim 95 %);
* Spearman's rank correlation over all of them (target 0.90, aim 0.97);
* CPU seconds per explanation: the median and the 95th percentile
  (targets 0.5 s and 5 s on CPython 3.11), and the slowest.

``--half even`` (lines 2, 4, ...) and ``--half odd`` report one half of
the file: the techniques were written from Sudoku Explainer's rules, and
the halves show that the agreement does not hang on puzzles looked at
while writing them.

``python tests/benchmarks/se_calibration.py [--jobs 2] [--half odd|even]
[--limit N] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

DATA = ROOT / "tests" / "data" / "sudoku9_se_rated_1284.tsv"


def rated(half: str | None) -> list[tuple[str, float]]:
    rows = []
    for number, line in enumerate(DATA.read_text().splitlines(), 1):
        if (half == "odd" and number % 2 == 0) or (half == "even" and number % 2 == 1):
            continue
        puzzle, rating = line.split("\t")
        rows.append((puzzle, float(rating)))
    return rows


def explain_one(puzzle: str) -> tuple[float, float]:
    """Our rating of ``puzzle`` and the CPU seconds it took."""
    import sudoku

    start = time.process_time()
    rating = sudoku.explain(puzzle).rating
    return rating, time.process_time() - start


def ranks(values: list[float]) -> list[float]:
    """Ranks from 0, ties sharing the mean of their places."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    a, b = ranks(xs), ranks(ys)
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    return float(cov / (va * vb) ** 0.5)


def table(rows: list[list[str]], head: list[str]) -> str:
    widths = [max(len(r[k]) for r in [head, *rows]) for k in range(len(head))]
    rule = "  ".join("=" * w for w in widths)

    def line(r: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()

    return "\n".join([rule, line(head), rule, *map(line, rows), rule])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--half", choices=("odd", "even"))
    parser.add_argument("--limit", type=int, help="the first N puzzles of each rating")
    parser.add_argument("--json", help="write every (SE, ours, seconds) here")
    options = parser.parse_args()
    rows = rated(options.half)
    if options.limit:
        taken: Counter[float] = Counter()
        kept = []
        for puzzle, se in rows:
            if taken[se] < options.limit:
                taken[se] += 1
                kept.append((puzzle, se))
        rows = kept
    puzzles = [p for p, _ in rows]
    if options.jobs > 1:
        with ProcessPoolExecutor(options.jobs) as pool:
            results = list(pool.map(explain_one, puzzles, chunksize=4))
    else:
        results = [explain_one(p) for p in puzzles]
    by_rating: dict[float, list[float]] = defaultdict(list)
    for (_, se), (ours, _) in zip(rows, results, strict=True):
        by_rating[se].append(ours)
    lines = []
    for se in sorted(by_rating):
        given = by_rating[se]
        equal = sum(r == se for r in given)
        near = sum(abs(r - se) <= 0.1 + 1e-9 for r in given)
        common = ", ".join(f"{r:.1f} ×{k}" for r, k in Counter(given).most_common(4))
        lines.append([f"{se:.1f}", str(len(given)), str(equal), str(near), common])
    print(
        table(lines, ["SE", "puzzles", "same", "within 0.1", "ours (commonest first)"])
    )
    print()
    easy = [(se, r) for (_, se), (r, _) in zip(rows, results, strict=True) if se <= 4.5]
    if easy:
        same = sum(se == r for se, r in easy)
        print(
            f"up to 4.5: {same} of {len(easy)} the same ({100 * same / len(easy):.1f} %)"
        )
    ses = [se for _, se in rows]
    given_all = [r for r, _ in results]
    print(
        f"Spearman's rank correlation over {len(rows)} puzzles: {spearman(ses, given_all):.3f}"
    )
    exact = sum(se == r for se, r in zip(ses, given_all, strict=True))
    print(f"the same rating: {exact} of {len(rows)} ({100 * exact / len(rows):.1f} %)")
    if options.half is None and not options.limit:
        # Each half of the file apart (lines 1, 3, ... and 2, 4, ...).
        for name, parity in (("odd", 0), ("even", 1)):
            part = [
                (se, r)
                for k, ((_, se), (r, _)) in enumerate(zip(rows, results, strict=True))
                if k % 2 == parity
            ]
            easy_part = [(se, r) for se, r in part if se <= 4.5]
            same = sum(se == r for se, r in easy_part)
            rho = spearman([se for se, _ in part], [r for _, r in part])
            print(
                f"{name} lines: up to 4.5 {same} of {len(easy_part)} the same, "
                f"Spearman {rho:.3f} over {len(part)}"
            )
    seconds = sorted(s for _, s in results)
    p95 = seconds[min(len(seconds) - 1, round(0.95 * (len(seconds) - 1)))]
    print(
        f"CPU seconds an explanation: median {statistics.median(seconds):.3f}, "
        f"95th percentile {p95:.3f}, slowest {seconds[-1]:.3f}"
    )
    if options.json:
        Path(options.json).write_text(
            json.dumps(
                [
                    {"se": se, "ours": r, "seconds": s}
                    for (_, se), (r, s) in zip(rows, results, strict=True)
                ]
            )
        )


if __name__ == "__main__":
    main()
