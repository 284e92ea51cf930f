"""Turn ``run.py --json`` output into plots for the docs' Performance page.

Usage::

    python tests/benchmarks/plot.py RESULTS.json                 # into /tmp/pydlx-bench
    python tests/benchmarks/plot.py RESULTS.json --out docs/_static/bench

Writes, as SVG and PNG:

* ``throughput``: puzzles per second, per solver and per sudoku set (log scale);
* ``times``: the time per puzzle of each solver, one panel per sudoku set
  (box plots of the per-puzzle medians over rounds, log scale);
* ``ratios``: how many times faster pydlx is than each peer, per set;
* ``counting``: updates per second on the counting problems.

Every plot has a title, axis labels with units, and a footer naming the run
(machine, interpreter, rounds, cap, date).  A set on which a solver did not
finish every puzzle within the cap (the 25×25 ``frisch25`` puzzles, on which
no solver finishes) is never a silent blank: the plot says so in place or in
a note under it.

Needs matplotlib (the bench environment has it; the library does not).
Files go under ``/tmp/pydlx-bench`` unless ``--out`` names a folder.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import textwrap
from pathlib import Path
from typing import Any

DEFAULT_OUT = Path("/tmp/pydlx-bench")

#: One colour per solver, the same in every plot; ours first.
COLOURS = {
    "pydlx": "#1f77b4",
    "pydlx-engine": "#6baed6",
    "dlx104": "#ff7f0e",
    "algorithm-x": "#2ca02c",
    "dict-x": "#d62728",
    "exact-cover": "#9467bd",
    "xcover": "#8c564b",
}

Results = dict[str, Any]


LEGEND: dict[str, Any] = {
    "loc": "upper left",
    "bbox_to_anchor": (1.01, 1.0),
    "fontsize": "small",
    "frameon": False,
}


def plain_ticks(ax: Any) -> None:
    """Tick labels like 0.5, 2, 300 rather than 5×10⁻¹ on a log axis, at 1, 2
    and 5 of each decade, so that an axis spanning less than a decade still
    has numbers on it."""
    ticker = importlib.import_module("matplotlib.ticker")
    if ax.get_xscale() == "log":
        ax.xaxis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        fmt = ticker.FuncFormatter(lambda x, _: f"{x:g}")
        ax.xaxis.set_major_formatter(fmt)
        ax.xaxis.set_minor_formatter(ticker.NullFormatter())


def puzzles(n: int) -> str:
    return f"{n} puzzle{'' if n == 1 else 's'}"


def colour(solver: str) -> str:
    return COLOURS.get(solver, "#7f7f7f")


def sudoku_sets(results: Results) -> dict[str, Results]:
    return {
        name: entry
        for name, entry in results["sets"].items()
        if entry.get("kind") == "sudoku"
        and not entry.get("skipped")
        and entry.get("solvers")
    }


def summaries(entry: Results) -> dict[str, Results]:
    return {s: v["summary"] for s, v in entry["solvers"].items() if "summary" in v}


def caption(results: Results) -> str:
    meta = results["meta"]
    return (
        f"Run of {meta['date'][:10]}: {meta['machine']}; Python {meta['python']}; "
        f"{meta['rounds']} round(s); cap {meta['cap']:g} s a puzzle"
    )


def unfinished(entry: Results) -> str | None:
    """Why (part of) a set is missing from a plot, or ``None`` if nothing is.

    A solver appears in the time and throughput plots only if it finished
    every puzzle of the set within the cap.
    """
    summary = summaries(entry)
    cap = f"{entry.get('cap', 0):g} s cap"
    if summary and not any(s.get("solved") for s in summary.values()):
        n = entry.get("n", 0)
        return f"no solver finished {'the' if n == 1 else 'a'} puzzle within the {cap}"
    short = [
        f"{solver} {s['solved']}/{s['puzzles']}"
        for solver, s in summary.items()
        if s.get("solved", 0) < s.get("puzzles", 0)
    ]
    if short:
        return f"solved within the {cap}: " + ", ".join(short)
    return None


def footer(fig: Any, results: Results, notes: list[str], top: float = 0.0) -> None:
    """Notes, then the caption, at the foot of ``fig``; the axes go above them
    and ``top`` inches below the top edge (room for a figure title)."""
    # Notes wrapped to the width of the figure (about 11 characters an inch).
    width = int(fig.get_figwidth() * 11)
    wrapped = [w for n in notes for w in textwrap.wrap(n, width)]
    lines = [*wrapped, caption(results)]
    height = fig.get_figheight()
    step = 0.24  # inches a line
    for k, line in enumerate(reversed(lines)):
        is_caption = k == 0
        fig.text(
            0.01,
            (0.06 + step * k) / height,
            line,
            fontsize="small" if is_caption else "medium",
            color="#555" if is_caption else "black",
            style="normal" if is_caption else "italic",
        )
    fig.tight_layout(rect=(0, (0.1 + step * len(lines)) / height, 1, 1 - top / height))


def set_notes(results: Results, kind: str = "sudoku") -> list[str]:
    """One note per set of ``kind`` that a plot cannot show in full."""
    notes = []
    for name, entry in results["sets"].items():
        if entry.get("kind") != kind or entry.get("skipped"):
            continue
        why = unfinished(entry)
        if why:
            notes.append(
                f"{name} ({entry['title']}, {puzzles(entry.get('n', 1))}): {why}"
            )
    return notes


def plot_throughput(plt: Any, results: Results) -> Any:
    sets = sudoku_sets(results)
    solvers = list(dict.fromkeys(s for e in sets.values() for s in summaries(e)))
    fig, ax = plt.subplots(figsize=(9, 1.8 + 0.17 * len(sets) * max(1, len(solvers))))
    height = 0.8 / max(1, len(solvers))
    labels = []
    for row, (name, entry) in enumerate(sets.items()):
        labels.append(f"{name}\n({puzzles(entry['n'])})")
        summary = summaries(entry)
        if not any(s.get("solved") for s in summary.values()):
            # No bar to draw: say why in the row rather than leave it blank.
            ax.text(
                0.02,
                row,
                f"no bars: {unfinished(entry)}",
                transform=ax.get_yaxis_transform(),
                va="center",
                style="italic",
                color="#444",
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
            )
            continue
        for k, solver in enumerate(solvers):
            s = summary.get(solver)
            if not s or not s.get("rate") or s["solved"] < s["puzzles"]:
                continue
            y = row + (k - (len(solvers) - 1) / 2) * height
            ax.barh(
                y,
                s["rate"],
                height=height,
                color=colour(solver),
                label=solver
                if row == 0 or solver not in ax.get_legend_handles_labels()[1]
                else None,
            )
    ax.set_yticks(range(len(sets)), labels)
    ax.set_ylim(len(sets) - 0.5, -0.5)  # top down, a whole band for every set
    ax.set_xscale("log")
    ax.set_xlabel(
        "puzzles per second, whole set (string in, checked solution out; "
        "log scale; higher is better)"
    )
    ax.set_ylabel("sudoku set")
    ax.set_title("Sudoku throughput: puzzles solved per second", loc="left")
    handles, names = ax.get_legend_handles_labels()
    unique = dict(zip(names, handles, strict=True))
    ax.legend(unique.values(), unique.keys(), **LEGEND)
    plain_ticks(ax)
    ax.grid(axis="x", which="both", alpha=0.3)
    notes = [
        n
        for n in set_notes(results)
        if "no solver finished" not in n  # said in its row already
    ]
    if notes:
        notes.insert(0, "A solver without a bar did not finish every puzzle:")
    footer(fig, results, notes)
    return fig


def plot_times(plt: Any, results: Results) -> Any:
    # Only sets on which some solver finished a puzzle have times to show;
    # the others are named in a note under the plot, not left as a blank band.
    sets = {
        name: entry
        for name, entry in sudoku_sets(results).items()
        if any(v.get("puzzle_times") for v in summaries(entry).values())
    }
    notes = set_notes(results)
    fig, axes = plt.subplots(
        len(sets), 1, figsize=(9, 1.2 + 2.5 * max(1, len(sets))), squeeze=False
    )
    for ax, (name, entry) in zip(axes[:, 0], sets.items(), strict=True):
        summary = summaries(entry)
        solvers = [s for s, v in summary.items() if v.get("puzzle_times")]
        data = [[t * 1e3 for t in summary[s]["puzzle_times"]] for s in solvers]
        labels = [
            s
            if summary[s]["solved"] == summary[s]["puzzles"]
            else f"{s} ({summary[s]['solved']}/{summary[s]['puzzles']})"
            for s in solvers
        ]
        parts = ax.boxplot(
            data,
            orientation="horizontal",
            tick_labels=labels,
            patch_artist=True,
            showfliers=True,
            flierprops={"markersize": 2},
        )
        for patch, solver in zip(parts["boxes"], solvers, strict=True):
            patch.set_facecolor(colour(solver))
            patch.set_alpha(0.6)
        ax.invert_yaxis()
        ax.set_xscale("log")
        ax.set_title(
            f"{name}: {entry['title']} ({puzzles(entry['n'])})",
            loc="left",
            fontsize="medium",
        )
        ax.grid(axis="x", which="both", alpha=0.3)
        ax.set_xlabel("time per puzzle (ms, log scale; lower is better)")
        plain_ticks(ax)
    fig.suptitle(
        "Time per puzzle, by solver and sudoku set",
        x=0.01,
        y=1 - 0.1 / fig.get_figheight(),
        ha="left",
        va="top",
        fontsize="large",
    )
    notes = [f"Not shown: {n}" for n in notes]
    notes.insert(
        0,
        "Each puzzle's time is its median over the rounds.  Box: quartiles, "
        "with the median; whiskers: 1.5 × IQR; dots: outliers.",
    )
    footer(fig, results, notes, top=0.15)
    return fig


def plot_ratios(plt: Any, results: Results, ours: str = "pydlx") -> Any:
    rows = []
    for name, entry in results["sets"].items():
        for peer, values in entry.get("ratios", {}).get(ours, {}).items():
            if values and peer not in ("pydlx", "pydlx-engine"):
                rows.append((name, peer, statistics.median(values)))
    names = list(dict.fromkeys(r[0] for r in rows))
    peers = list(dict.fromkeys(r[1] for r in rows))
    fig, ax = plt.subplots(figsize=(9, 1.8 + 0.5 * max(1, len(names))))
    height = 0.8 / max(1, len(peers))
    for k, peer in enumerate(peers):
        ys, xs = [], []
        for row, name in enumerate(names):
            for n, p, value in rows:
                if n == name and p == peer:
                    ys.append(row + (k - (len(peers) - 1) / 2) * height)
                    xs.append(value)
        ax.barh(ys, xs, height=height, color=colour(peer), label=peer)
    ax.axvline(1, color="black", linewidth=0.8)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel(
        f"speed-up: how many times faster {ours} is (×, log scale; > 1: {ours} "
        "faster)\nsudoku: peer's time ÷ ours; counting: our updates/s ÷ the peer's; "
        "median over rounds"
    )
    ax.set_ylabel("set")
    ax.set_title(f"{ours} against each peer", loc="left")
    ax.legend(**LEGEND)
    plain_ticks(ax)
    ax.grid(axis="x", which="both", alpha=0.3)
    missing = [
        name
        for name, entry in results["sets"].items()
        if name not in names and not entry.get("skipped")
    ]
    notes = (
        [
            f"Not shown: {', '.join(missing)} (a ratio needs both solvers to finish "
            "every puzzle within the cap)"
        ]
        if missing
        else []
    )
    footer(fig, results, notes)
    return fig


def plot_counting(plt: Any, results: Results) -> Any | None:
    sets = {
        name: entry
        for name, entry in results["sets"].items()
        if entry.get("kind") == "count" and entry.get("solvers")
    }
    bars = []
    for name, entry in sets.items():
        for solver, s in summaries(entry).items():
            if s.get("updates_per_s") and s["solved"] == s["puzzles"]:
                bars.append((name, solver, s["updates_per_s"]))
    if not bars:
        return None
    names = list(dict.fromkeys(b[0] for b in bars))
    solvers = list(dict.fromkeys(b[1] for b in bars))
    fig, ax = plt.subplots(figsize=(9, 1.6 + 0.6 * len(names)))
    height = 0.8 / max(1, len(solvers))
    for k, solver in enumerate(solvers):
        ys = [
            names.index(n) + (k - (len(solvers) - 1) / 2) * height
            for n, s, _ in bars
            if s == solver
        ]
        xs = [v / 1e6 for _, s, v in bars if s == solver]
        ax.barh(ys, xs, height=height, color=colour(solver), label=solver)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel(
        "million updates per second (Knuth's count of each solver's own search; "
        "higher is better)"
    )
    ax.set_ylabel("problem")
    ax.set_title("Counting all solutions: updates per second", loc="left")
    ax.legend(**LEGEND)
    plain_ticks(ax)
    ax.grid(axis="x", alpha=0.3)
    shown = set(solvers)
    others = [
        s
        for s in dict.fromkeys(s for entry in sets.values() for s in summaries(entry))
        if s not in shown
    ]
    notes = (
        [f"Not shown: {', '.join(others)} (no update count: compiled code)"]
        if others
        else []
    )
    footer(fig, results, notes)
    return fig


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("results", help="the JSON file written by run.py --json")
    parser.add_argument(
        "--out", default=None, help=f"folder for the plots (default {DEFAULT_OUT})"
    )
    parser.add_argument(
        "--formats",
        default="svg,png",
        help="comma list of file formats (default svg,png)",
    )
    args = parser.parse_args(argv)

    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    plt = importlib.import_module("matplotlib.pyplot")
    # Reproducible SVGs: no random ids, no date.
    matplotlib.rcParams["svg.hashsalt"] = "pydlx"
    matplotlib.rcParams["svg.fonttype"] = "none"
    # The page shows a 9-inch figure in a column of about 7.7 inches: a size
    # up from the default 10 pt keeps the smallest text readable there.
    matplotlib.rcParams["font.size"] = 11.5

    results: Results = json.loads(Path(args.results).read_text())
    out = Path(args.out) if args.out else DEFAULT_OUT
    out.mkdir(parents=True, exist_ok=True)
    figures = {
        "throughput": plot_throughput(plt, results) if sudoku_sets(results) else None,
        "times": plot_times(plt, results) if sudoku_sets(results) else None,
        "ratios": plot_ratios(plt, results),
        "counting": plot_counting(plt, results),
    }
    for name, fig in figures.items():
        if fig is None:
            continue
        for ext in args.formats.split(","):
            path = out / f"{name}.{ext.strip()}"
            fig.savefig(
                path, dpi=110, metadata={"Date": None} if ext == "svg" else None
            )
            print(path)
        plt.close(fig)
    return 0


if __name__ == "__main__":
    sys.exit(main())
