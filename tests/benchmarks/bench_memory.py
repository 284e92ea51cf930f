"""Memory and time of reading a big DLX file and building its links.

Generates a file of small random options (3 to 6 items each, over 10,000
primary items; about 6 bytes of text per node), then, in a child process
of its own for each step, reads it and builds the links, and prints the
peak resident memory, the time, and the bytes of memory per node and per
byte of input.  ``--where`` adds a breakdown of the memory by attribute.

::

    python tests/benchmarks/bench_memory.py --mb 10
    python tests/benchmarks/bench_memory.py --mb 100 --keep /tmp/big.dlx
    python tests/benchmarks/bench_memory.py --file /tmp/big.dlx --where

Run it with ``PYTHONPATH`` pointing at the tree to measure.  The peak
includes the interpreter itself (about 10 MB), so it is the figure a user
sees, not just pydlx's share.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import textwrap

ITEMS = 10_000


def generate(path: str, megabytes: float, seed: int = 1) -> None:
    """Write a file of about ``megabytes`` MB of random options of 3-6 items."""
    rng = random.Random(seed)
    names = [f"i{k}" for k in range(ITEMS)]
    target = int(megabytes * 1_000_000)
    written = 0
    with open(path, "w", encoding="ascii") as out:
        head = " ".join(names) + "\n"
        out.write(head)
        written += len(head)
        while written < target:
            lines = []
            for _ in range(10_000):
                option = rng.sample(names, rng.randint(3, 6))
                lines.append(" ".join(option))
            block = "\n".join(lines) + "\n"
            out.write(block)
            written += len(block)


# Runs in the child: read the file, build the links, report.
_CHILD = textwrap.dedent(
    """
    import json, resource, sys, time
    path, where = sys.argv[1], sys.argv[2] == "1"
    import dlx.textformat as tf
    start = time.perf_counter()
    if hasattr(tf, "read_dlx"):
        with open(path, "rb") as stream:
            problem = tf.read_dlx(stream, path)
    else:
        with open(path, "rb") as stream:
            problem = tf.parse_dlx(stream.read().decode("utf-8-sig"), path)
    parsed = time.perf_counter()
    rss_parsed = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    links = problem.links()
    built = time.perf_counter()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    nodes = len(links.top) - links.n_items - 1
    result = dict(
        options=len(problem), nodes=nodes, parse_s=parsed - start,
        build_s=built - parsed, peak_parse=rss_parsed, peak=rss,
    )
    if where:
        from bench_memory import breakdown
        result["where"] = breakdown(problem, links)
    print(json.dumps(result))
    """
)


def breakdown(problem: object, links: object) -> dict[str, int]:
    """Bytes held by each attribute of the problem and of its links.

    Every object is counted once, by the first attribute (in the order
    below) that reaches it: the int objects of the node numbers, shared by
    ``up``, ``down`` and the sibling tuples, count for the first of those.
    """
    seen: set[int] = set()

    def walk(obj: object, depth: int) -> int:
        if id(obj) in seen:
            return 0
        seen.add(id(obj))
        total = sys.getsizeof(obj)
        if depth and isinstance(obj, (list, tuple)):
            total += sum(walk(x, depth - 1) for x in obj)
        elif depth and isinstance(obj, dict):
            total += sum(walk(k, 0) + walk(v, depth - 1) for k, v in obj.items())
        return total

    out: dict[str, int] = {}
    for owner, prefix in ((problem, "problem."), (links, "links.")):
        names = getattr(type(owner), "__slots__", None) or list(vars(owner))
        for name in sorted(names):
            value = getattr(owner, name, None)
            if value is None:
                continue
            out[prefix + name] = walk(value, 3)
    return out


def measure(path: str, where: bool) -> dict[str, object]:
    """Run the child on ``path`` and return its figures."""
    env = dict(os.environ)
    here = os.path.dirname(os.path.abspath(__file__))
    # Absolute paths, as the child runs elsewhere (see below).
    given = env.get("PYTHONPATH", "").split(os.pathsep)
    env["PYTHONPATH"] = os.pathsep.join(
        [*(os.path.abspath(p) for p in given if p), here]
    )
    # Run from this folder: "python -c" puts the working directory first
    # on sys.path, which would shadow PYTHONPATH from a checkout's root.
    result = subprocess.run(
        [sys.executable, "-c", _CHILD, os.path.abspath(path), "1" if where else "0"],
        capture_output=True,
        text=True,
        env=env,
        cwd=here,
        check=True,
    )
    figures: dict[str, object] = json.loads(result.stdout)
    figures["bytes"] = os.path.getsize(path)
    return figures


def main() -> None:
    """Generate (or take) a file, measure it, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=10.0, help="file size in MB")
    parser.add_argument("--file", help="measure this file instead of generating one")
    parser.add_argument("--keep", help="write the generated file here and keep it")
    parser.add_argument("--where", action="store_true", help="memory by attribute")
    args = parser.parse_args()
    if args.file:
        path = args.file
    else:
        path = args.keep or os.path.join(tempfile.mkdtemp(), "big.dlx")
        generate(path, args.mb)
    try:
        figures = measure(path, args.where)
    finally:
        if not args.file and not args.keep:
            os.remove(path)
    nodes = int(figures["nodes"])  # type: ignore[call-overload]
    size = int(figures["bytes"])  # type: ignore[call-overload]
    peak = int(figures["peak"])  # type: ignore[call-overload]
    print(
        f"file:        {size:,} bytes, {figures['options']:,} options, {nodes:,} nodes"
    )
    print(
        f"read:        {figures['parse_s']:.1f} s, peak {figures['peak_parse']:,} bytes"
    )
    print(f"links:       {figures['build_s']:.1f} s, peak {peak:,} bytes")
    print(f"per node:    {peak / nodes:.0f} bytes")
    print(f"per byte:    {peak / size:.1f} bytes")
    where = figures.get("where")
    if isinstance(where, dict):
        for name, value in sorted(where.items(), key=lambda kv: -kv[1]):
            print(f"  {name:24} {value:>14,}  {value / nodes:6.1f} per node")


if __name__ == "__main__":
    main()
