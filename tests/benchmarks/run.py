"""Benchmark pydlx against the other Python exact-cover solvers, side by side.

Every solver runs on the same inputs in a process of its own (``worker.py``),
rounds interleaved (the solver order rotates each round), and every answer is
checked by the benchmark's own validator.  The machine is shared and noisy,
so the figures that matter are the ratios between solvers measured in the
same round, summarised by their median over the rounds.  Times are CPU
time.  Each set gives three measures: the whole process (the solver's
imports and every puzzle, plus a bare interpreter's start measured in the
same round), string in and solution out (or problem in, count out), and
the search alone (where the solver's build and search can be timed apart;
for sudoku, ``pydlx-engine``'s); the "rows" table at the end gives, for
every set, pydlx against the fastest pure-Python peer in each measure.

Examples::

    python tests/benchmarks/run.py --sets rows --rounds 3 --no-stats \
        --solvers pydlx,pydlx-engine,algorithm-x,dlx104 \
        --peer-python /tmp/peers/bin/python
    python tests/benchmarks/run.py --quick
    python tests/benchmarks/run.py --rounds 5 --json /tmp/bench.json
    python tests/benchmarks/run.py --sets hard9:50,goomii16 --solvers pydlx,dict-x
    python tests/benchmarks/run.py --peer-python /tmp/benchvenv/bin/python
    python tests/benchmarks/run.py --sets rows --python pypy3 \
        --peer-python /tmp/peerspypy/bin/python \
        --compiled-python /tmp/benchvenv/bin/python

Prints a Markdown (or, with ``--format rst``, reStructuredText) report and,
with ``--json``, writes every measurement for ``plot.py``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import selectors
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import bench_common as common
from worker import COMPILED_PEERS, OURS, PURE_PYTHON_PEERS, SOLVERS

HERE = Path(__file__).resolve().parent
WORKER = HERE / "worker.py"

#: Extra seconds past the cap before a worker that does not answer (C or
#: numba code, which no alarm can interrupt) is killed.
GRACE = 2.0
#: Seconds a worker may take to import and warm up (numba's first compile).
READY_TIMEOUT = 600.0

Record = dict[str, Any]


# -- running workers ---------------------------------------------------------------


class Worker:
    """One ``worker.py`` process, read line by line with deadlines."""

    def __init__(self, cmd: list[str]) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed in close())
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=self.stderr, stdin=subprocess.DEVNULL
        )
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.fd, selectors.EVENT_READ)
        self.buffer = b""

    def next_record(self, timeout: float | None) -> Record | None:
        """The next JSON line, or ``None`` at end of output or past ``timeout``."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            if not self.selector.select(left):
                return None
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            record: Record = json.loads(line)
        except json.JSONDecodeError:
            return {"event": "junk", "line": line.decode(errors="replace")}
        return record

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace").strip()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.selector.close()
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        self.stderr.close()


def bare_start(python: str) -> float:
    """CPU seconds (user and system) of ``python -c pass``, the least of three."""
    best = float("inf")
    for _ in range(3):
        proc = subprocess.Popen(
            [python, "-c", "pass"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL
        )
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0  # reaped here: keep Popen from waiting again
        best = min(best, usage.ru_utime + usage.ru_stime)
    return best


def run_worker(
    python: str,
    solver: str,
    workload: common.Workload,
    n: int,
    cap: float,
    data: Path,
    stats: bool,
) -> tuple[Record, list[Record], str | None, float | None]:
    """Run one solver over one set: (its ready info, a record per puzzle,
    failure, the whole process's CPU seconds less the harness's own).

    A puzzle that outlives ``cap + GRACE`` has its worker killed; it is
    recorded as a timeout and a new worker goes on from the next puzzle
    (there is then no whole-process figure).
    """
    total = n if workload.kind == "sudoku" else 1
    records: list[Record] = []
    info: Record = {}
    start = 0
    process: float | None = None
    workers = 0
    while start < total:
        workers += 1
        cmd = [
            python,
            str(WORKER),
            solver,
            workload.name,
            str(n),
            "--start",
            str(start),
        ]
        cmd += ["--cap", str(cap), "--data", str(data)]
        if stats:
            cmd.append("--stats")
        worker = Worker(cmd)
        try:
            ready = worker.next_record(READY_TIMEOUT)
            if ready is None or ready.get("event") != "ready":
                detail = (ready or {}).get("error") or worker.errors()[-2000:]
                return info, records, f"{solver} did not start: {detail}", None
            info = ready
            # The stats pass (counting only) is untimed and may take longer.
            limit = None if cap <= 0 else (cap + GRACE) * (4 if stats else 1)
            while start < total:
                record = worker.next_record(limit)
                if record is None:
                    if worker.proc.poll() is None:  # alive: stuck past the cap
                        records.append(
                            {"i": start, "status": "timeout", "killed": True}
                        )
                        start += 1
                        break
                    why = f"{solver} died: {worker.errors()[-2000:]}"
                    return info, records, why, None
                if record.get("event") == "puzzle":
                    records.append(record)
                    start = int(record["i"]) + 1
                elif record.get("event") == "done":
                    start = total
                    if workers == 1 and record.get("process") is not None:
                        process = float(record["process"])
            if start >= total and workers == 1 and process is None:
                # The last puzzle is in: the worker's last line has its CPU.
                done = worker.next_record(limit)
                if done is not None and done.get("process") is not None:
                    process = float(done["process"])
        finally:
            worker.close()
    return info, records, None, process


# -- summaries ---------------------------------------------------------------------


def median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def round_summary(
    records: list[Record], cap: float, process: float | None = None
) -> Record:
    """Totals of one solver on one set in one round (``process``: the whole
    process's CPU seconds, a bare interpreter's start included)."""
    ok = [r for r in records if r.get("status") == "ok"]
    timeouts = [r for r in records if r.get("status") == "timeout"]
    bad = [r for r in records if r.get("status") not in ("ok", "timeout")]
    total = sum(r["total"] for r in ok)
    split = [
        r for r in ok if r.get("build") is not None and r.get("search") is not None
    ]
    out: Record = {
        "puzzles": len(records),
        "ok": len(ok),
        "timeouts": len(timeouts),
        "failed": len(bad),
        "errors": sorted({str(r.get("error") or r.get("status")) for r in bad})[:5],
        # Time spent: solved puzzles, plus the cap for each timeout.
        "time": total + cap * len(timeouts),
        "complete": len(ok) == len(records) and bool(records),
        "process": process,
    }
    if split and len(split) == len(ok):
        out["build"] = sum(r["build"] for r in split)
        out["search"] = sum(r["search"] for r in split)
    if ok and all(r.get("updates") is not None for r in ok):
        out["nodes"] = sum(r["nodes"] for r in ok)
        out["updates"] = sum(r["updates"] for r in ok)
    return out


def solver_summary(rounds: list[list[Record]], rsum: list[Record]) -> Record:
    """Medians over the rounds of one solver on one set."""
    per_puzzle: dict[int, list[float]] = {}
    for records in rounds:
        for r in records:
            if r.get("status") == "ok":
                per_puzzle.setdefault(int(r["i"]), []).append(r["total"])
    times = sorted(statistics.median(v) for v in per_puzzle.values())
    out: Record = {
        "solved": min((s["ok"] for s in rsum), default=0),
        "puzzles": max((s["puzzles"] for s in rsum), default=0),
        "timeouts": max((s["timeouts"] for s in rsum), default=0),
        "failed": max((s["failed"] for s in rsum), default=0),
        "errors": sorted({e for s in rsum for e in s["errors"]}),
        "time": median([s["time"] for s in rsum]),
        "puzzle_times": times,
        "median_puzzle": median(times),
        "worst_puzzle": times[-1] if times else None,
    }
    if out["time"]:
        out["rate"] = out["puzzles"] / out["time"]
    builds = [s["build"] / (s["build"] + s["search"]) for s in rsum if "build" in s]
    if builds:
        out["build_share"] = median(builds)
    counted = [s for s in rsum if "updates" in s and s["ok"]]
    if counted:
        first = counted[0]
        out["nodes"] = first["nodes"] / first["ok"]
        out["updates"] = first["updates"] / first["ok"]
        # Throughput of the whole run (string in, answer out) and of the search.
        out["updates_per_s"] = median([s["updates"] / s["time"] for s in counted])
        searching = [s["updates"] / s["search"] for s in counted if s.get("search")]
        if searching:
            out["updates_per_search_s"] = median(searching)
    return out


def ratio_rounds(
    rsum: dict[str, list[Record]], ours: str, peer: str, by_updates: bool
) -> list[float]:
    """Per round: how many times faster ``ours`` is than ``peer``.

    By time: peer time / our time.  By updates: our updates per second /
    the peer's.  Only rounds in which both solved every puzzle count.
    """
    out = []
    for a, b in zip(rsum.get(ours, []), rsum.get(peer, []), strict=False):
        if not (a["complete"] and b["complete"]) or a["time"] <= 0 or b["time"] <= 0:
            continue
        if by_updates:
            if "updates" not in a or "updates" not in b:
                continue
            out.append((a["updates"] / a["time"]) / (b["updates"] / b["time"]))
        else:
            out.append(b["time"] / a["time"])
    return out


def best_peer_rounds(
    rsum: dict[str, list[Record]], ours: str, peers: Sequence[str], by_updates: bool
) -> list[float]:
    """Per round: the ratio against the fastest of ``peers`` in that round."""
    n = len(rsum.get(ours, []))
    per_peer = {p: ratio_rounds(rsum, ours, p, by_updates) for p in peers if p in rsum}
    per_peer = {p: v for p, v in per_peer.items() if len(v) == n}
    if not per_peer or n == 0:
        return []
    return [min(v[i] for v in per_peer.values()) for i in range(n)]


def measure_rounds(
    rsum: dict[str, list[Record]], ours: str, peer: str, key: str
) -> list[float]:
    """Per round: ``peer``'s ``key`` (time, process or search) over ``ours``'s."""
    out = []
    for a, b in zip(rsum.get(ours, []), rsum.get(peer, []), strict=False):
        if not (a["complete"] and b["complete"]):
            continue
        x, y = a.get(key), b.get(key)
        if x and y:
            out.append(y / x)
    return out


def best_measure_rounds(
    rsum: dict[str, list[Record]], ours: str, peers: Sequence[str], key: str
) -> tuple[list[float], str]:
    """Per round, the ratio against the fastest of ``peers`` in that round in
    ``key``; and the peer that was fastest most often."""
    n = len(rsum.get(ours, []))
    per_peer = {p: measure_rounds(rsum, ours, p, key) for p in peers if p in rsum}
    per_peer = {p: v for p, v in per_peer.items() if v and len(v) == n}
    if not per_peer or n == 0:
        return [], ""
    best = [min(per_peer, key=lambda p: per_peer[p][i]) for i in range(n)]
    return [per_peer[best[i]][i] for i in range(n)], max(best, key=best.count)


#: The row targets of issue 31 on CPython: pydlx at least this many times
#: the fastest pure-Python peer on every row, whole process and search alone.
ROW_TARGET = 1.5


def rows_summary(result: Record) -> list[Record]:
    """Every set: pydlx against the fastest pure-Python peer, per measure.

    The whole process and string-in-answer-out are ``pydlx``'s (for sudoku,
    ``sudoku.solve``); the search alone is ``pydlx-engine``'s on sudoku (the
    product does not time its search apart) and ``pydlx``'s on counts.
    """
    out = []
    for name, entry in result["sets"].items():
        rsum = entry.get("rsum")
        if not rsum or "pydlx" not in rsum:
            continue
        peers = [p for p in PURE_PYTHON_PEERS if p in rsum]
        searcher = "pydlx-engine" if "pydlx-engine" in rsum else "pydlx"
        row: Record = {"set": name, "title": entry["title"]}
        for key, ours in (
            ("process", "pydlx"),
            ("time", "pydlx"),
            ("search", searcher),
        ):
            ratios, peer = best_measure_rounds(rsum, ours, peers, key)
            row[key] = {"ratios": ratios, "peer": peer}
        out.append(row)
    return out


def fastest_peer(
    summary: dict[str, Record], peers: Sequence[str], by_updates: bool
) -> str:
    best, best_value = "", 0.0
    for p in peers:
        s = summary.get(p)
        if not s or s["solved"] != s["puzzles"] or not s["time"]:
            continue
        value = s.get("updates_per_s", 0.0) if by_updates else 1 / s["time"]
        if value > best_value:
            best, best_value = p, value
    return best


# -- tables --------------------------------------------------------------------


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def fmt_num(value: float | None, digits: int = 3) -> str:
    if value is None:
        return "—"
    if value >= 1e6:
        return f"{value / 1e6:.2f} M"
    if value >= 1e4:
        return f"{value / 1e3:.1f} k"
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.{digits}g}"


def fmt_ratio(values: Sequence[float]) -> str:
    if not values:
        return "—"
    mid = statistics.median(values)
    if len(values) == 1:
        return f"{mid:.2f}×"
    return f"{mid:.2f}× ({min(values):.2f}–{max(values):.2f})"


def table(headers: list[str], rows: list[list[str]], style: str) -> str:
    """A Markdown pipe table or an RST simple table."""
    cells = [headers, *rows]
    widths = [max(len(row[c]) for row in cells) for c in range(len(headers))]
    if style == "rst":
        rule = "  ".join("=" * w for w in widths)
        lines = [
            rule,
            "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)),
        ]
        lines.append(rule)
        lines += [
            "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows
        ]
        lines.append(rule)
        return "\n".join(lines)
    lines = [
        "| "
        + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))
        + " |"
    ]
    lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    lines += [
        "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
        for r in rows
    ]
    return "\n".join(lines)


def heading(text: str, style: str, level: int) -> str:
    if style == "rst":
        return f"{text}\n{'=-~'[level - 1] * len(text)}"
    return f"{'#' * (level + 1)} {text}"


def report(result: Record, style: str) -> str:
    """The whole report: one table per set, then the targets."""
    out: list[str] = []
    meta = result["meta"]
    out.append(heading("pydlx benchmark", style, 1))
    out.append("")
    out.append(
        f"{meta['date']}; {meta['machine']}; Python {meta['python']}; "
        f"{meta['rounds']} round(s), solvers interleaved; per-puzzle cap "
        f"{meta['cap']} s; load average {meta['load_before']} before, "
        f"{meta['load_after']} after."
    )
    out.append(
        "Times are string in, solution out (counting: problem in, count out), "
        "validated outside the clock; per-puzzle figures are medians over rounds; "
        "ratios are medians over rounds of same-round ratios (range in brackets)."
    )
    for name, entry in result["sets"].items():
        out.append("")
        out.append(heading(f"{name}: {entry['title']}", style, 2))
        out.append("")
        if entry.get("skipped"):
            out.append(f"Skipped: {entry['skipped']}")
            continue
        summary: dict[str, Record] = {
            s: v["summary"] for s, v in entry["solvers"].items() if "summary" in v
        }
        counting = entry["kind"] == "count"
        headers = ["solver", "solved", "puzzles/s" if not counting else "time"]
        headers += ["median", "worst"] if not counting else []
        headers += ["build %", "nodes", "updates", "updates/s"]
        ours_present = [o for o in OURS if o in summary]
        # The ratios go in a table of their own: one table with both is wider
        # than the docs' text column.
        ratio_headers = ["solver", *(f"{o} ×" for o in ours_present)]
        rows = []
        ratio_rows = []
        for solver, s in summary.items():
            row = [solver, f"{s['solved']}/{s['puzzles']}"]
            if counting:
                row.append(fmt_time(s["time"]))
            else:
                rate = fmt_num(s.get("rate"))
                row.append(f"≤ {rate}" if s["timeouts"] and rate != "—" else rate)
                row += [fmt_time(s["median_puzzle"]), fmt_time(s["worst_puzzle"])]
            share = s.get("build_share")
            row.append("—" if share is None else f"{100 * share:.0f}%")
            row += [fmt_num(s.get("nodes")), fmt_num(s.get("updates"))]
            row.append(fmt_num(s.get("updates_per_s")))
            rows.append(row)
            ratio_row = [solver]
            for o in ours_present:
                if solver == o:
                    ratio_row.append("1")
                else:
                    ratio_row.append(
                        fmt_ratio(entry["ratios"].get(o, {}).get(solver, []))
                    )
            ratio_rows.append(ratio_row)
        out.append(table(headers, rows, style))
        if any(c not in ("1", "—") for r in ratio_rows for c in r[1:]):
            out.append("")
            out.append(
                "How many times faster each of ours is (median over rounds, "
                "range in brackets):"
            )
            out.append("")
            out.append(table(ratio_headers, ratio_rows, style))
        notes = []
        for solver, s in summary.items():
            why = [*s["errors"]]
            if s["timeouts"]:
                why.insert(0, f"{s['timeouts']} past the cap of {entry['cap']:g} s")
            if why:
                notes.append(f"{solver}: {', '.join(why)}")
        if notes:
            out.append("")
            out.append("Not solved: " + "; ".join(notes))
        failed = {s: v["failed"] for s, v in entry["solvers"].items() if "failed" in v}
        if failed:
            out.append("")
            out.append(
                "Failed: " + "; ".join(f"{s}: {why}" for s, why in failed.items())
            )
    out.append("")
    out.append(
        f"{'``' if style == 'rst' else '`'}X ×{'``' if style == 'rst' else '`'} "
        "columns: how many times faster X is than that solver "
        "(time; for counting, updates per second where both are known)."
    )
    targets = result.get("targets", [])
    if targets:
        out.append("")
        out.append(heading("Targets (pydlx vs the fastest pure-Python peer)", style, 2))
        out.append("")
        rows = [
            [
                t["set"],
                t["measure"],
                t["peer"] or "—",
                fmt_ratio(t["ratios"]),
                f"{t['target']}×",
                "yes" if t["met"] else "no",
            ]
            for t in targets
        ]
        out.append(
            table(
                ["set", "measure", "fastest peer", "pydlx ×", "target", "met"],
                rows,
                style,
            )
        )
    row_results = result.get("rows", [])
    if row_results:
        out.append("")
        out.append(heading("Rows (pydlx vs the fastest pure-Python peer)", style, 2))
        out.append("")

        def cell(measure: Record) -> str:
            if not measure["ratios"]:
                return "—"
            return f"{fmt_ratio(measure['ratios'])} {measure['peer']}"

        rows = [
            [r["set"], cell(r["process"]), cell(r["time"]), cell(r["search"])]
            for r in row_results
        ]
        out.append(
            table(["set", "whole process", "in → out", "search alone"], rows, style)
        )
        out.append("")
        out.append(
            "Each cell: how many times faster pydlx is than the fastest "
            "pure-Python peer of the round (median over rounds, range in "
            "brackets), and that peer; CPU time; the target is "
            f"{ROW_TARGET}× on every row."
        )
    return "\n".join(out)


# -- main ----------------------------------------------------------------------------


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


TARGETS = [
    # (sets, measure, target)
    (("hard9",), "time", 2.0),
    (("goomii16", "janko16"), "time", 3.0),
    (("queens10", "langford11"), "updates/s", 1.5),
]


def parse_list(text: str, known: Sequence[str], what: str) -> list[str]:
    if text == "all":
        return list(known)
    chosen = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [t for t in chosen if t.split(":")[0] not in known]
    if unknown:
        raise SystemExit(
            f"unknown {what}: {', '.join(unknown)} (known: {', '.join(known)})"
        )
    return chosen


def parse_sets(text: str, quick: bool) -> dict[str, int | None]:
    """``--sets``: names, each with an optional ``:N`` puzzle count (0: all)."""
    if text == "all":
        return {s: None for s in common.WORKLOADS if not (quick and s == "queens12")}
    if text == "rows":
        return dict(common.ROWS)
    out: dict[str, int | None] = {}
    for item in parse_list(text, list(common.WORKLOADS), "sets"):
        name, _, count = item.partition(":")
        try:
            out[name] = int(count) if count else None
        except ValueError:
            raise SystemExit(f"bad puzzle count in --sets: {item}") from None
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join((__doc__ or "").splitlines()[2:]),
    )
    parser.add_argument(
        "--rounds", type=int, default=None, help="rounds (default 3; 1 with --quick)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="few puzzles per set, no 12-queens"
    )
    parser.add_argument(
        "--sets",
        default="all",
        help=f"comma list of: {', '.join(common.WORKLOADS)}; NAME:N takes N "
        "puzzles; 'rows': issue 31's rows (bench_common.ROWS)",
    )
    parser.add_argument(
        "--solvers", default="all", help=f"comma list of: {', '.join(SOLVERS)}"
    )
    parser.add_argument(
        "--puzzles", type=int, default=None, help="puzzles per set (overrides)"
    )
    parser.add_argument(
        "--cap", type=float, default=10.0, help="seconds per sudoku puzzle (0: none)"
    )
    parser.add_argument(
        "--count-cap",
        type=float,
        default=300.0,
        help="seconds per counting problem (0: none)",
    )
    parser.add_argument(
        "--no-stats",
        action="store_true",
        help="counting: no untimed pass for Knuth's nodes and updates "
        "(the instrumented peers take minutes on the long counts)",
    )
    parser.add_argument("--json", metavar="OUT", help="write every measurement here")
    parser.add_argument(
        "--format", choices=["md", "rst"], default="md", help="report style"
    )
    parser.add_argument(
        "--data",
        default=None,
        help="puzzle folder (default: ../shared/data, or tests/data when that "
        "is absent; $PYDLX_BENCH_DATA overrides the default)",
    )
    parser.add_argument(
        "--python",
        default=None,
        help="interpreter for pydlx (default: --peer-python's, so that every "
        "solver's process starts alike)",
    )
    parser.add_argument(
        "--peer-python",
        default=sys.executable,
        help="interpreter for the peers (their venv)",
    )
    parser.add_argument(
        "--compiled-python",
        default=None,
        help="interpreter for the compiled peers, exact-cover and xcover "
        "(default: --peer-python); e.g. a CPython venv beside pydlx on PyPy, "
        "where numba does not install",
    )
    args = parser.parse_args(argv)
    if args.python is None:
        # One interpreter for all: a venv starts without the site-packages'
        # .pth files that an interpreter outside it may run at every start
        # (on the benchmark machine one imports certifi, 20-30 ms).
        args.python = args.peer_python

    rounds = args.rounds if args.rounds is not None else (1 if args.quick else 3)
    sets = parse_sets(args.sets, args.quick)
    solvers = parse_list(args.solvers, list(SOLVERS), "solvers")
    data = common.data_dir(args.data)

    def python_for(solver: str) -> str:
        if SOLVERS[solver][0] == "ours":
            return str(args.python)
        if solver in COMPILED_PEERS and args.compiled_python:
            return str(args.compiled_python)
        return str(args.peer_python)

    pythons = {s: python_for(s) for s in solvers}

    result: Record = {
        "meta": {
            "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "machine": machine(),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "rounds": rounds,
            "cap": args.cap,
            "count_cap": args.count_cap,
            "quick": args.quick,
            "data": str(data),
            "load_before": load(),
            "argv": sys.argv[1:] if argv is None else argv,
            "pythons": pythons,
            "solvers": {s: SOLVERS[s][1] for s in solvers},
        },
        "sets": {},
    }
    for name in sets:
        workload = common.WORKLOADS[name]
        entry: Record = {"title": workload.title, "kind": workload.kind, "solvers": {}}
        result["sets"][name] = entry
        n = 1
        if workload.kind == "sudoku":
            n = workload.quick if args.quick else workload.count
            if args.puzzles is not None:
                n = args.puzzles
            if sets[name] is not None:
                n = sets[name] or 0
            try:
                available = len(common.load_puzzles(workload, 0, data))
            except FileNotFoundError:
                entry["skipped"] = f"{data / workload.file} is absent"
                print(
                    f"skipping {name}: {data / workload.file} is absent "
                    "(where to get the full sets: tests/benchmarks/README.rst)",
                    file=sys.stderr,
                )
                continue
            n = available if n <= 0 else min(n, available)
            entry["file"] = workload.file
        entry["n"] = n
        cap = args.cap if workload.kind == "sudoku" else args.count_cap
        entry["cap"] = cap
        # On a count, pydlx-engine is pydlx: the same call on the same rows.
        runs = [
            s for s in solvers if not (workload.kind == "count" and s == "pydlx-engine")
        ]
        raw: dict[str, list[list[Record]]] = {s: [] for s in runs}
        processes: dict[str, list[float | None]] = {s: [] for s in runs}
        infos: dict[str, Record] = {}
        failures: dict[str, str] = {}
        for r in range(rounds):
            bare = {py: bare_start(py) for py in {*pythons.values()}}
            order = runs[r % len(runs) :] + runs[: r % len(runs)]
            for solver in order:
                if solver in failures:
                    continue
                python = pythons[solver]
                stats = workload.kind == "count" and r == 0 and not args.no_stats
                began = time.monotonic()
                info, records, failure, process = run_worker(
                    python, solver, workload, n, cap, data, stats
                )
                took = time.monotonic() - began
                if failure:
                    failures[solver] = failure
                    print(f"  {name} {solver}: {failure}", file=sys.stderr)
                    continue
                if r > 0 and workload.kind == "count" and raw[solver]:
                    # Knuth's counts come from round 1's untimed pass.
                    first = raw[solver][0][0] if raw[solver][0] else {}
                    for key in ("nodes", "updates"):
                        if key in first and records:
                            records[0][key] = first[key]
                infos[solver] = info
                raw[solver].append(records)
                processes[solver].append(
                    None if process is None else process + bare[python]
                )
                ok = sum(1 for x in records if x.get("status") == "ok")
                print(
                    f"  {name} round {r + 1}/{rounds} {solver}: {ok}/{len(records)} ok "
                    f"in {took:.1f} s",
                    file=sys.stderr,
                )
        rsum = {
            s: [
                round_summary(rec, cap, proc)
                for rec, proc in zip(raw[s], processes[s], strict=True)
            ]
            for s in runs
            if raw[s]
        }
        for solver in runs:
            if solver in failures:
                entry["solvers"][solver] = {"failed": failures[solver]}
                continue
            if solver not in rsum:
                continue
            entry["solvers"][solver] = {
                "info": infos.get(solver, {}),
                "rounds": rsum[solver],
                "records": raw[solver],
                "summary": solver_summary(raw[solver], rsum[solver]),
            }
        entry["solvers"] = {
            s: v for s, v in entry["solvers"].items() if "summary" in v
        } | {s: v for s, v in entry["solvers"].items() if "summary" not in v}
        by_updates = workload.kind == "count"
        entry["ratios"] = {
            o: {p: ratio_rounds(rsum, o, p, False) for p in rsum if p != o}
            for o in OURS
            if o in rsum
        }
        if by_updates:
            entry["update_ratios"] = {
                o: {p: ratio_rounds(rsum, o, p, True) for p in rsum if p != o}
                for o in OURS
                if o in rsum
            }
            # In the table, counting ratios are by updates per second where known.
            for o, peers in entry["update_ratios"].items():
                for p, values in peers.items():
                    if values:
                        entry["ratios"][o][p] = values
        entry["rsum"] = rsum
    result["meta"]["load_after"] = load()
    result["targets"] = targets(result)
    result["rows"] = rows_summary(result)
    for entry in result["sets"].values():
        entry.pop("rsum", None)
    print(report(result, args.format))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
        print(f"\nwrote {args.json}", file=sys.stderr)
    return 0


def targets(result: Record) -> list[Record]:
    """pydlx against the fastest pure-Python peer, per target set."""
    out = []
    for names, measure, target in TARGETS:
        for name in names:
            entry = result["sets"].get(name)
            if not entry or "rsum" not in entry or "pydlx" not in entry["rsum"]:
                continue
            by_updates = measure == "updates/s"
            rsum = entry["rsum"]
            summary = {
                s: v["summary"] for s, v in entry["solvers"].items() if "summary" in v
            }
            peers = [p for p in PURE_PYTHON_PEERS if p in rsum]
            ratios = best_peer_rounds(rsum, "pydlx", peers, by_updates)
            met = bool(ratios) and statistics.median(ratios) >= target
            out.append(
                {
                    "set": name,
                    "measure": measure,
                    "target": target,
                    "peer": fastest_peer(summary, peers, by_updates),
                    "ratios": ratios,
                    "met": met,
                }
            )
    return out


if __name__ == "__main__":
    sys.exit(main())
