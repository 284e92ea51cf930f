"""Builders of classic exact-cover problems, and the other helpers the engine's tests share.

Each builder returns a fresh :class:`dlx.ExactCover` whose items and options
follow Knuth's formulations in TAOCP 7.2.2.1, so that the published counts of
solutions apply.  The test modules import their shared helpers from here (and
the random problems and brute-force oracles from :mod:`dlx_oracles`), never
from one another.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from fractions import Fraction
from itertools import product
from math import factorial
from pathlib import Path
from typing import Any, TypeVar, cast

from dlx import ExactCover, Search, Stats, algorithms, format_dlx, records
from dlx.links import TUPLE_MAX_WIDTH, Links

__all__ = [
    "CHECKPOINT",
    "DLX_FEATURES",
    "DLX_METHODS",
    "DLX_OPTIONS",
    "FORMS",
    "KNUTH_EXAMPLE",
    "LACKING",
    "NO_TRACEMALLOC",
    "PENTOMINOES",
    "ROOT",
    "SCOTT_BOARD",
    "SYMMETRY",
    "Inline",
    "a001499",
    "compiled_as",
    "default_form",
    "dlx_combos",
    "dlx_features",
    "dlx_names",
    "dlx_words",
    "dominoes",
    "k_per_line",
    "l_trominoes",
    "lacking",
    "langford",
    "langford_file",
    "n_queens",
    "orientations",
    "pentomino_rectangle",
    "run_dlx",
    "serial",
    "sudoku_empty",
    "wait_for_workers",
    "worker_pids",
]

#: What Pyodide (``sys.platform == "emscripten"``, ``nox -s pyodide``) lacks,
#: by the marker of the tests that need it: each skips there with this reason.
LACKING = {
    "processes": "starts processes (a command, a process pool or Dask's "
    "workers), which Pyodide cannot",
    "threads": "starts threads, which Pyodide cannot",
}


def lacking(what: str) -> None:
    """Skip the running test (or fixture) under Pyodide, which lacks ``what``."""
    if sys.platform == "emscripten":
        import pytest

        pytest.skip(LACKING[what])


#: The repository's root.
ROOT = Path(__file__).resolve().parent.parent

_T = TypeVar("_T")


#: The ways the engine can hold a problem while searching it (see dlx.links
#: and dlx.algorithm_x_packed): every test that compares them with an oracle runs them all.
#: The "-undo" forms back up by undoing every hide instead of restoring a
#: snapshot of the sizes, as problems with many items do.
FORMS = ("unrolled", "packed", "bytes", "list", "bytes-undo", "list-undo")

#: Why the tests that measure allocations with tracemalloc skip, or ``None``
#: where they run: PyPy has no tracemalloc (the module needs CPython's
#: ``_tracemalloc``).  Those tests import tracemalloc inside the test, so that
#: their modules load on PyPy.  (No pytest here: the benchmarks import this
#: module without it.)
NO_TRACEMALLOC = (
    None
    if importlib.util.find_spec("_tracemalloc") is not None
    else "tracemalloc traces CPython's allocator; PyPy has no tracemalloc"
)


def compiled_as(
    problem: ExactCover, form: str, tuple_width: int = TUPLE_MAX_WIDTH
) -> Links:
    """``problem``'s arrays, kept to the given form where the problem allows it.

    "unrolled" is the default choice; each of the next three forbids one
    more step: unrolling, then the packed loop, then the bytearray of sizes;
    the "-undo" forms also forbid snapshots of the sizes.  Options wider
    than ``tuple_width`` keep rings of siblings rather than tuples (set it
    low to give small problems the representation of wide options).
    """
    compiled = problem.links()
    return Links(
        compiled.n_primary,
        compiled.n_items,
        problem._rows,
        problem._colors,
        bytewise=not form.startswith("list"),
        packed=form in ("unrolled", "packed"),
        unroll=form == "unrolled",
        snapshots=not form.endswith("-undo"),
        tuple_width=tuple_width,
    )


def default_form(links: Links, rule: str) -> str:
    """The loop form the dispatcher gives ``links`` on the running interpreter.

    ``rule`` is the form the algorithm's own rules give (``Algorithm.form``:
    what CPython runs); a form that :data:`dlx.algorithms.PREFERRED_FORMS`
    lists for the interpreter (on PyPy, the forms for its JIT) comes first
    where it applies and its own ``prefer`` agrees.  Tests of the default choice assert this, so that
    each interpreter is held to its own expectation.
    """
    algorithm = algorithms.choose(links, form=rule)[0]
    for name in algorithms.PREFERRED_FORMS.get(sys.implementation.name, ()):
        if any(
            form.name == name
            and form.applies(links)
            and (form.prefer is None or form.prefer(links))
            for form in algorithm.forms
        ):
            return name
    return rule


def n_queens(n: int) -> ExactCover:
    """N queens: rows and columns primary, both kinds of diagonals secondary.

    Option ``k`` is the queen on row ``k // n``, column ``k % n``.
    """
    rows = [("r", i) for i in range(n)]
    cols = [("c", j) for j in range(n)]
    diagonals = [("a", s) for s in range(2 * n - 1)]
    antidiagonals = [("b", d) for d in range(2 * n - 1)]
    problem = ExactCover(rows + cols, diagonals + antidiagonals)
    for i in range(n):
        for j in range(n):
            problem.add_option([("r", i), ("c", j), ("a", i + j), ("b", i - j + n - 1)])
    return problem


def langford(n: int) -> ExactCover:
    """Langford pairs: place two copies of each ``k`` in ``1..n`` in ``2n`` slots.

    The two ``k``'s have exactly ``k`` slots between them.  Items are the
    values ``("v", k)`` and the slots ``("s", i)``, all primary; every
    arrangement and its mirror image are counted separately.
    """
    values = [("v", k) for k in range(1, n + 1)]
    slots = [("s", i) for i in range(1, 2 * n + 1)]
    problem = ExactCover(values + slots)
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            problem.add_option([("v", k), ("s", i), ("s", i + k + 1)])
    return problem


def sudoku_empty(box: int = 2) -> ExactCover:
    """The empty sudoku of ``box**2`` rows and columns, all primary items.

    Items: each cell is filled, each row / column / box has each digit.
    Option ``(r * size + c) * size + d`` puts digit ``d`` in cell ``(r, c)``.
    """
    size = box * box
    cells = [("p", r, c) for r in range(size) for c in range(size)]
    rows = [("r", r, d) for r in range(size) for d in range(size)]
    cols = [("c", c, d) for c in range(size) for d in range(size)]
    boxes = [("b", b, d) for b in range(size) for d in range(size)]
    problem = ExactCover(cells + rows + cols + boxes)
    for r in range(size):
        for c in range(size):
            b = (r // box) * box + c // box
            for d in range(size):
                problem.add_option([("p", r, c), ("r", r, d), ("c", c, d), ("b", b, d)])
    return problem


# The twelve pentominoes in Conway's letters, each drawn once with '#'.
PENTOMINOES: dict[str, tuple[str, ...]] = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("###.", "..##"),
    "P": ("###", "##."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("####", ".#.."),
    "Z": ("##.", ".#.", ".##"),
}

Cell = tuple[int, int]


def _normalize(cells: Iterable[Cell]) -> frozenset[Cell]:
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def orientations(drawing: Sequence[str]) -> set[frozenset[Cell]]:
    """The distinct rotations and reflections of a drawn shape, normalized."""
    cells = [
        (r, c)
        for r, line in enumerate(drawing)
        for c, ch in enumerate(line)
        if ch == "#"
    ]
    shapes: set[frozenset[Cell]] = set()
    for _ in range(2):
        for _ in range(4):
            shapes.add(_normalize(cells))
            cells = [(c, -r) for r, c in cells]  # rotate a quarter turn
        cells = [(r, -c) for r, c in cells]  # reflect
    return shapes


def pentomino_rectangle(height: int, width: int) -> ExactCover:
    """Pack the twelve pentominoes into a ``height`` x ``width`` rectangle.

    Items: the piece letters, then the cells ``(r, c)``, all primary.  Every
    orientation of every piece is an option, so each packing is counted once
    for each of the rectangle's symmetries (4 for a non-square rectangle).
    """
    assert height * width == 60
    cells: list[Hashable] = [(r, c) for r in range(height) for c in range(width)]
    problem = ExactCover([*PENTOMINOES, *cells])
    for name, drawing in PENTOMINOES.items():
        for shape in sorted(orientations(drawing), key=sorted):
            rows = 1 + max(r for r, _ in shape)
            cols = 1 + max(c for _, c in shape)
            for dr in range(height - rows + 1):
                for dc in range(width - cols + 1):
                    problem.add_option(
                        [name, *sorted((r + dr, c + dc) for r, c in shape)]
                    )
    return problem


def chain(n: int) -> ExactCover:
    """Items 0..n-1, options {i} and {i, i+1}: Fibonacci(n+1) solutions, n levels deep.

    One of the growth problems of issue 31: a node's cost should not grow
    with n (``test_algorithm_x_buckets.py``, ``benchmarks/bench_growth.py``).
    """
    options: list[list[int]] = []
    for i in range(n):
        options.append([i])
        if i + 1 < n:
            options.append([i, i + 1])
    return ExactCover.from_rows(options, n, 0, check=False)


def one_wide_option(n: int) -> ExactCover:
    """One option of all n items and n one-item options: two solutions (the other growth problem)."""
    return ExactCover.from_rows([list(range(n)), *([i] for i in range(n))], n, 0)


def dominoes(height: int, width: int) -> ExactCover:
    """Domino tilings of a ``height`` x ``width`` board (OEIS A004003 for squares).

    Items: the cells ``(r, c)`` in reading order, all primary.  Options:
    every horizontal, then every vertical placement, each cell pair in
    reading order.
    """
    problem = ExactCover([(r, c) for r in range(height) for c in range(width)])
    for r in range(height):
        for c in range(width - 1):
            problem.add_option([(r, c), (r, c + 1)])
    for r in range(height - 1):
        for c in range(width):
            problem.add_option([(r, c), (r + 1, c)])
    return problem


def l_trominoes(height: int, width: int) -> ExactCover:
    """Tilings of a ``height`` x ``width`` board by L-trominoes (all four turns).

    Items: the cells ``(r, c)`` in reading order, all primary; one option
    per placement of an L (a 2 x 2 square less one cell).
    """
    problem = ExactCover([(r, c) for r in range(height) for c in range(width)])
    for r in range(height - 1):
        for c in range(width - 1):
            square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            for missing in square:
                problem.add_option([cell for cell in square if cell != missing])
    return problem


#: The example of Knuth's DLX3 (bounds and colours), in his format.
KNUTH_EXAMPLE = """\
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def k_per_line(n: int, k: int) -> ExactCover:
    """0/1 n×n matrices with k ones in every row and column: cells as options."""
    lines = [("r", i) for i in range(n)] + [("c", j) for j in range(n)]
    problem = ExactCover(lines, bounds={line: k for line in lines})
    for i, j in product(range(n), repeat=2):
        problem.add_option([("r", i), ("c", j)])
    return problem


def a001499(n: int) -> int:
    """n×n 0/1 matrices with exactly 2 ones in each row and column (a closed sum)."""
    total = sum(
        Fraction(
            (-1) ** k * factorial(n) ** 2 * factorial(2 * n - 2 * k),
            factorial(k) * factorial(n - k) ** 2 * 2 ** (2 * n - k),
        )
        for k in range(n + 1)
    )
    assert total.denominator == 1
    return int(total)


def langford_file(tmp_path: Path, n: int) -> Path:
    """Langford pairs for n in Knuth's format (names like v3 and s12), in ``tmp_path``."""
    problem = langford(n)

    def name(item: Hashable) -> str:
        kind, k = cast(tuple[str, int], item)
        return f"{kind}{k}"

    renamed = ExactCover([name(item) for item in problem.primary])
    for index in range(len(problem)):
        renamed.add_option([name(item) for item in problem.option(index)])
    path = tmp_path / f"langford{n}.dlx"
    path.write_text(format_dlx(renamed))
    return path


def start_command(
    command: str,
    args: Sequence[str],
    stdout: Any,
    stderr: Any,
    new_group: bool = False,
) -> subprocess.Popen[bytes]:
    """Start ``python -m command args`` of this tree as a shell starts a foreground job.

    Standard input is closed; SIGINT is not ignored in the command, even
    when pytest itself runs as a background job (whose children inherit
    SIGINT ignored, and keep it).  With ``new_group`` the command leads a
    session (and process group) of its own, for signals to the group.
    """
    return subprocess.Popen(
        [sys.executable, "-m", command, *args],
        stdout=stdout,
        stderr=stderr,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        start_new_session=new_group,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def interrupt_on_a_terminal(
    args: Sequence[str], shown_when: bytes, stdout: Any = subprocess.DEVNULL
) -> tuple[int, bytes]:
    """Run ``python -m sudoku args`` with standard error on a pseudo-terminal, and Ctrl-C it.

    The signal goes once standard error has shown a match of the regular
    expression ``shown_when`` (the event, not a fixed time: at most two
    minutes).  Returns the exit status and all that standard error showed.
    """
    import pty
    import re

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku", *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=follower,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"},
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(follower)
    shown = b""
    try:
        deadline = time.monotonic() + 120
        line = re.compile(shown_when)
        while not line.search(shown):
            assert process.poll() is None, shown
            assert time.monotonic() < deadline, shown
            shown += os.read(leader, 4096)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        while True:
            try:
                more = os.read(leader, 4096)
            except OSError:  # the terminal's other end is closed
                break
            if not more:
                break
            shown += more
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)
    return process.returncode, shown


def run_dlx(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the ``dlx`` command of this tree on ``stdin``, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "dlx", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        timeout=120,
        check=False,
    )


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(word) for word in text.split()]


def worker_pids(pid: int) -> list[int]:
    """The worker processes of the command ``pid``'s ``--jobs``, started so far.

    Forked from the command (its children with its own command line) or,
    where the command runs other threads, children of its fork server;
    the resource tracker that comes with a fork server is no worker.
    """
    own = _cmdline(pid)
    found = []
    for child in _children(pid):
        line = _cmdline(child)
        if line == own:
            found.append(child)
        elif b"multiprocessing.forkserver" in line:
            found += _children(child)
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _status_fields(pid: int) -> dict[str, str]:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:  # the process is gone
        return {}
    return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)


def handlers_installed(pid: int) -> bool:
    """Whether the process catches SIGTERM: the command's handlers are in place.

    Python catches SIGINT from the start; SIGTERM only once the command has
    installed its handlers (dlx.commands.StopSignals).
    """
    caught = _status_fields(pid).get("SigCgt", "0").strip()
    return bool(int(caught, 16) >> (signal.SIGTERM - 1) & 1)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the process has used so far."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rsplit(")", 1)[1].split()  # after the name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_workers(
    process: subprocess.Popen[bytes] | subprocess.Popen[str],
    count: int = 2,
    timeout: float = 60.0,
) -> list[int]:
    """Wait until a command's worker processes (:func:`worker_pids`) exist.

    A sign that the search runs on them, where a fixed sleep is only a
    guess that fails on a loaded machine.  Without Linux's ``/proc`` it
    waits two seconds instead.  Returns the workers' process ids.
    """
    if not Path("/proc/self/task").exists():  # pragma: no cover - not Linux
        time.sleep(2.0)
        return []
    deadline = time.monotonic() + timeout
    while True:
        workers = worker_pids(process.pid)
        if len(workers) >= count:
            return workers
        assert process.poll() is None, "the command ended before its workers started"
        assert time.monotonic() < deadline, f"no workers after {timeout} s"
        time.sleep(0.01)


#: Scott's board: 8x8 without the four middle squares, 60 cells, the area of
#: the twelve pentominoes.
SCOTT_BOARD = [
    "........",
    "........",
    "........",
    "...##...",
    "...##...",
    "........",
    "........",
    "........",
]


class Inline(Executor):
    """Runs each task at once in the caller: the splitting without the processes."""

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def serial(links: Links) -> tuple[list[tuple[int, ...]], Stats]:
    """The solutions and statistics of one plain search of ``links``."""
    search = Search(links)
    return list(search), records.replace(search.stats)


# -- the dlx command's options, as the ways matrix and the terminal runs take them ----

#: Stand for files the runs make: a checkpoint in a temporary folder, and
#: the problem's symmetry file (the identity, "(item)").
CHECKPOINT = "<checkpoint>"
SYMMETRY = "<symmetry>"

#: Each option of the ``dlx`` command's matrix and its words on the command
#: line (``tests/test_ways_matrix.py`` runs them in this process,
#: ``tests/test_cli_pty.py`` in a pipe and on a terminal).
DLX_OPTIONS: dict[str, tuple[str, ...]] = {
    "count": ("--count",),
    "why": ("--why",),
    "best": ("--best", "2"),
    "sample": ("--sample", "2"),
    "estimate": ("--estimate",),
    "preprocess": ("--preprocess",),
    "solve": ("--solve",),
    "method-dlx": ("--method", "dlx"),
    "method-memo": ("--method", "memo"),
    "method-sat": ("--method", "sat"),
    "limit": ("--limit", "2"),
    "max-nodes": ("--max-nodes", "1000000"),
    "timeout": ("--timeout", "60"),
    "seed": ("--seed", "1"),
    "progress": ("--progress",),
    "no-progress": ("--no-progress",),
    "checkpoint": ("--checkpoint", CHECKPOINT),
    "checkpoint-every": ("--checkpoint-every", "5"),
    "probes": ("--probes", "10"),
    "jobs": ("--jobs", "2"),
    "task-seconds": ("--task-seconds", "1"),
    "branching": ("--branching", "first"),
    "max-entries": ("--max-entries", "100000"),
    "max-memory": ("--max-memory", "1G"),
    "stats": ("--stats",),
    "json": ("--json",),
    "symmetry": ("--symmetry", SYMMETRY),
}

#: The features of :data:`dlx.ways.FEATURES` each option asks for, as
#: ``dlx --help`` documents them (written here, not taken from dlx.cli).
DLX_FEATURES: dict[str, frozenset[str]] = {
    "count": frozenset({"count"}),
    "why": frozenset({"why"}),
    "best": frozenset({"cheapest"}),
    "sample": frozenset({"sample"}),
    "estimate": frozenset({"estimate"}),
    "preprocess": frozenset({"preprocess"}),
    "solve": frozenset({"solve"}),
    "method-dlx": frozenset({"dlx"}),
    "method-memo": frozenset({"memo"}),
    "method-sat": frozenset({"sat"}),
    "limit": frozenset({"limit"}),
    "max-nodes": frozenset({"max_nodes"}),
    "timeout": frozenset({"timeout"}),
    "seed": frozenset({"seed"}),
    "progress": frozenset({"progress"}),
    "no-progress": frozenset(),  # the off switch goes with everything
    "checkpoint": frozenset({"resume"}),
    "checkpoint-every": frozenset({"checkpoint_every"}),
    "probes": frozenset({"probes"}),
    "jobs": frozenset({"split"}),
    "task-seconds": frozenset({"task_seconds"}),
    "branching": frozenset({"branching", "branching_first"}),
    "max-entries": frozenset({"max_entries"}),
    "max-memory": frozenset({"max_bytes"}),
    "stats": frozenset({"stats"}),
    "json": frozenset({"json"}),
    "symmetry": frozenset({"symmetry"}),
}
assert DLX_FEATURES.keys() == DLX_OPTIONS.keys()

#: The options of --method: argparse keeps the last of two, so no pair of them.
DLX_METHODS = frozenset({"method-dlx", "method-memo", "method-sat"})


def dlx_features(names: Sequence[str]) -> set[str]:
    """The features the options ``names`` ask for, with the run's kind."""
    keys: set[str] = set().union(*(DLX_FEATURES[name] for name in names))
    if "sample" in keys and "seed" in keys:
        # dlx --help: with --sample, --seed seeds the draw (not tie-breaking).
        keys = (keys - {"seed"}) | {"draw_seed"}
    searches = keys & {"count", "cheapest", "sample", "solve", "why"}
    if "preprocess" in keys and not searches:
        keys.add("write")  # --preprocess alone writes the smaller problem
    if not keys & {"count", "cheapest", "sample", "estimate", "write", "why"}:
        keys.add("list")
    return keys


def dlx_names(names: Sequence[str]) -> tuple[str, ...]:
    """The options of a cell as run: an estimate in company takes --probes 10."""
    chosen = tuple(names)
    if "estimate" in chosen and len(chosen) > 1 and "probes" not in chosen:
        chosen += ("probes",)
    return chosen


def dlx_words(names: Sequence[str], stands: Mapping[str, str]) -> list[str]:
    """The command line of the options ``names`` (see :func:`dlx_names`), without the file.

    ``stands`` gives the words that :data:`CHECKPOINT` and :data:`SYMMETRY`
    stand for.
    """
    return [
        stands.get(word, word)
        for name in dlx_names(names)
        for word in DLX_OPTIONS[name]
    ]


def dlx_combos() -> Iterator[tuple[str, ...]]:
    """The cells of the matrix: no option, each option, each pair (not two of --method)."""
    names = list(DLX_OPTIONS)
    yield ()
    for name in names:
        yield (name,)
    for pair in itertools.combinations(names, 2):
        if not set(pair) <= DLX_METHODS:
            yield pair
