"""CPU time per node against the number of items: the growth rows of issue 31.

Usage::

    python tests/benchmarks/bench_growth.py [--quick] [--rounds N]
        [--plot docs/_static/growth.png] [--json OUT]

Two problems whose nodes do the same work at every size, so that the cost
of a node should not depend on the number of items:

* the chain: items 0..n-1, options {i} and {i, i+1} (Fibonacci(n+1)
  solutions, n levels deep), counted until 200,000 nodes
  (``max_nodes``; 50,000 with ``--quick``);
* the wide problem: one option of all n items and n one-item options (two
  solutions, about n nodes), counted whole, as many times as it takes to
  reach as many nodes.

Each size is searched by the form the dispatcher gives (``default``: the
buckets form above :data:`dlx.algorithm_x.BUCKETS_MIN_ITEMS` items on
CPython) and by the plain form named (``Search(links, form="plain")``),
in one process, the problem built before the clock, CPU seconds of the
search alone (``time.process_time``) over the nodes it visited; rounds
interleaved (every size and form, then again), medians over the rounds.
Prints a table, the ratio of the largest size's cost per node to a small
size's (chain 200,000/10,000 items, wide 40,000/2,000: the target is
within 2×), and draws the plot (matplotlib, if installed; it is not a
dependency of pydlx).
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from dlx_helpers import chain, one_wide_option  # noqa: E402

from dlx import BudgetExceeded  # noqa: E402
from dlx.engine import Search  # noqa: E402
from dlx.links import Links  # noqa: E402

CHAIN_SIZES = (1_000, 2_000, 4_000, 10_000, 16_000, 40_000, 64_000, 100_000, 200_000)
WIDE_SIZES = (2_000, 5_000, 10_000, 20_000, 40_000)
QUICK_CHAIN = (1_000, 10_000, 40_000, 200_000)
QUICK_WIDE = (2_000, 10_000, 40_000)
#: (problem, small size, large size) of the growth ratios.
SPANS = (("chain", 10_000, 200_000), ("wide", 2_000, 40_000))
FORMS = ("default", "plain")
TARGET = 2.0


def per_node(links: Links, form: str, nodes: int) -> tuple[float, str]:
    """CPU seconds per node of counting ``links`` until ``nodes`` nodes or more.

    A search stops at ``nodes`` (``max_nodes``) or at its end; a search
    that ends sooner runs again until the nodes add up.
    """
    seen = 0
    seconds = 0.0
    name = ""
    while seen < nodes:
        search = Search(
            links,
            count_only=True,
            max_nodes=nodes - seen,
            form=None if form == "default" else form,
        )
        name = search.form.name
        start = time.process_time()
        try:
            for _ in search:
                pass
        except BudgetExceeded:
            pass
        seconds += time.process_time() - start
        seen += search.stats.nodes
    return seconds / seen, name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer sizes and nodes")
    parser.add_argument("--rounds", type=int, default=None, help="default 3 (quick 1)")
    parser.add_argument(
        "--plot",
        default=str(ROOT / "docs" / "_static" / "growth.png"),
        help="where to draw the plot ('' for none)",
    )
    parser.add_argument("--json", metavar="OUT", help="write the measurements here")
    args = parser.parse_args(argv)
    rounds = args.rounds or (1 if args.quick else 3)
    nodes = 50_000 if args.quick else 200_000
    sizes: dict[str, tuple[int, ...]] = {
        "chain": QUICK_CHAIN if args.quick else CHAIN_SIZES,
        "wide": QUICK_WIDE if args.quick else WIDE_SIZES,
    }
    makers = {"chain": chain, "wide": one_wide_option}
    links = {
        (problem, n): makers[problem](n).links()
        for problem, ns in sizes.items()
        for n in ns
    }
    times: dict[tuple[str, int, str], list[float]] = {}
    names: dict[tuple[str, int, str], str] = {}
    for r in range(rounds):
        order = FORMS[r % 2 :] + FORMS[: r % 2]
        for (problem, n), built in links.items():
            for form in order:
                seconds, name = per_node(built, form, nodes)
                times.setdefault((problem, n, form), []).append(seconds)
                names[problem, n, form] = name
        print(f"round {r + 1} of {rounds} done", file=sys.stderr)

    def us(key: tuple[str, int, str]) -> float:
        return 1e6 * statistics.median(times[key])

    print(
        f"{sys.implementation.name} {sys.version.split()[0]}: CPU µs per node, "
        f"search alone, {nodes:,} nodes a measurement, median of {rounds} round(s)"
    )
    head = ["problem", "items", "default form", "default", "plain", "plain/default"]
    lines = [head]
    for (problem, n), _ in links.items():
        d, p = us((problem, n, "default")), us((problem, n, "plain"))
        lines.append(
            [
                problem,
                f"{n:,}",
                names[problem, n, "default"],
                f"{d:.2f}",
                f"{p:.2f}",
                f"{p / d:.2f}×",
            ]
        )
    widths = [max(len(line[k]) for line in lines) for k in range(len(head))]
    for k, line in enumerate(lines):
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)))
        if k == 0:
            print("  ".join("-" * w for w in widths))
    print()
    growth: dict[str, dict[str, float]] = {}
    for problem, small, large in SPANS:
        if small not in sizes[problem] or large not in sizes[problem]:
            continue
        for form in FORMS:
            ratio = us((problem, large, form)) / us((problem, small, form))
            growth.setdefault(problem, {})[form] = ratio
            verdict = "within" if ratio <= TARGET else "beyond"
            print(
                f"{problem} {large:,}/{small:,} items, {form} form: {ratio:.2f}× "
                f"({verdict} the target of {TARGET:g}×)"
            )
    if args.json:
        record: dict[str, Any] = {
            "implementation": sys.implementation.name,
            "python": sys.version.split()[0],
            "rounds": rounds,
            "nodes": nodes,
            "us_per_node": [
                {"problem": p, "items": n, "form": f, "name": names[p, n, f], "us": v}
                for (p, n, f), v in ((k, us(k)) for k in times)
            ],
            "growth": growth,
        }
        Path(args.json).write_text(json.dumps(record, indent=1) + "\n")
    if args.plot:
        plot(Path(args.plot), sizes, us, names)
    return 0


def plot(
    out: Path,
    sizes: dict[str, tuple[int, ...]],
    us: Any,
    names: dict[tuple[str, int, str], str],
) -> None:
    """CPU per node against items, one panel per problem, a line per form."""
    try:
        # Through importlib, as plot.py does: matplotlib is the benchmark's,
        # not the library's, and the typecheck session has no stubs for it.
        matplotlib = importlib.import_module("matplotlib")
        matplotlib.use("Agg")
        plt = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        print("no matplotlib: no plot", file=sys.stderr)
        return
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.6), constrained_layout=True)
    titles = {
        "chain": "chain: options {i} and {i, i+1}",
        "wide": "wide: one option of all items, and singletons",
    }
    for ax, (problem, ns) in zip(axes, sizes.items(), strict=False):
        for form, style in (("default", "o-"), ("plain", "s--")):
            label = (
                "default ("
                + "/".join(dict.fromkeys(names[problem, n, form] for n in ns))
                + ")"
                if form == "default"
                else "plain form"
            )
            ax.plot(ns, [us((problem, n, form)) for n in ns], style, label=label)
        ax.set_xscale("log")
        ax.set_xticks(ns, [f"{n // 1000:g}k" for n in ns])
        ax.minorticks_off()
        ax.set_ylim(bottom=0)
        ax.set_xlabel("items")
        ax.set_ylabel("CPU µs per node")
        ax.set_title(titles[problem], fontsize=10)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
