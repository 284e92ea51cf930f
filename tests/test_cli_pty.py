"""The ``dlx`` command on a terminal answers as it does in a pipe (issue 42).

On a terminal the command adds one thing by itself: a progress line on
standard error, drawn in place with carriage returns and wiped at the
end.  It must add nothing else.  Before issue 42, ``dlx --best 3 --jobs
2 FILE`` printed its answer in a pipe and, on a terminal, exited with
status 2 and the library's words as a file error (``dlx: FILE: --best:
best() does not go with executor= and progress=``): the progress the
command added was refused by the way that cannot report it.  The rule
now: what the command adds by itself is dropped where the way has no use
for it; only ``--progress``, asked for, is refused (in the command's
words, as in a pipe).

Each run here starts ``python -m dlx`` twice, with standard error a pipe
and a pseudo-terminal (``pty.openpty()``, raw, so that the bytes are the
command's), and in some runs standard output a terminal too, and checks:

* the same exit status, the same standard output, and the same standard
  error once the progress line is taken out: the drawing on the terminal
  (``\\r`` + line, wiped by ``\\r`` + blanks + ``\\r``), the lines of
  ``--progress`` in the pipe;
* in the pipe, a refusal exactly where :func:`dlx.ways.check` refuses
  the options (one line, the command's words) and an answer elsewhere;
* in the pipe, progress lines exactly where ``--progress`` is given
  (the last report, however short the search);
* on the terminal, nothing at all for the small problem, whose search
  takes milliseconds: the line shows once a search has run
  :data:`dlx.watch.SHOWN_AFTER` seconds (it used to be drawn and wiped
  at once, a flash that these tests took for the proof of a line).

A second run of each cell that searches takes the long problem
(Langford pairs of 1..18: none, after days of search) on the terminal:
a progress line exactly where the run reports progress (it runs,
``--no-progress`` is not given, and the way takes progress:
:func:`dlx.ways.check` accepts the run's features with ``progress``),
waited for and then stopped with SIGINT; elsewhere, none while the
search runs out of a ``--timeout`` past ``SHOWN_AFTER`` and its first
report.  The long runs are long by nodes, not by a machine's speed.
The runs draw what the command draws without tqdm (the progress
extra), whether or not it is installed here.

The options and their values are those of the ways matrix
(``tests/test_ways_matrix.py``), shared through ``dlx_helpers``
(``DLX_OPTIONS``, ``DLX_FEATURES``, ``dlx_combos``: test modules do not
import one another).  The default run
takes a representative share of the pairs, ``--best 3 --jobs 2`` and
``--best 3 --jobs 2 --symmetry`` among them, and six long runs;
``-m slow`` runs every option, every pair (on both problems) and every
option given twice.  Where the two runs
may rightly differ they are compared on what they must share: a sample
drawn without ``--seed`` (how many, each a solution), ``--best`` split
over workers (the costs: ties come as the tasks end), the statistics of
a timed run (their lines, not their numbers).  :data:`KNOWN` lists the
cells that fail for a reason of the library, each marked to fail (none
now).
"""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import threading
import tty
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from dlx_helpers import (
    CHECKPOINT,
    DLX_OPTIONS,
    ROOT,
    SYMMETRY,
    dlx_combos,
    dlx_features,
    dlx_names,
    dlx_words,
)

from dlx import ExactCover, format_dlx, format_option, parse_dlx, ways
from dlx.algorithms import sat_available
from dlx.watch import SHOWN_AFTER

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal"),
]

NO_SAT = None if sat_available() else "--method sat needs the sat extra"

# -- the problems ---------------------------------------------------------------------

#: A small problem with costs and a coloured secondary item, several
#: solutions (more than the --limit 2 of the matrix), every way takes it.
SMALL = """\
| costs and a colour: several solutions, every way takes it
a b c d | x
a b |3
c d |1
a c x:red |2
b d x:red |4
a d |5
b c x:blue |2
a |1
b |2
c x:blue |6
d |3
"""


def queens(n: int) -> ExactCover:
    """n queens (docs/examples/queens.py's), each square costing its ring from the centre."""
    rows = [f"r{i}" for i in range(n)]
    columns = [f"c{j}" for j in range(n)]
    diagonals = [f"a{s}" for s in range(2 * n - 1)]
    antidiagonals = [f"b{d}" for d in range(2 * n - 1)]
    problem = ExactCover(rows + columns, diagonals + antidiagonals)
    for i in range(n):
        for j in range(n):
            ring = max(abs(2 * i - n + 1), abs(2 * j - n + 1)) // 2
            problem.add_option(
                [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"], cost=ring
            )
    return problem


def turn_and_mirror(n: int) -> tuple[dict[str, str], dict[str, str]]:
    """The board's quarter turn and a reflection, as mappings of the items."""
    turn: dict[str, str] = {}
    mirror: dict[str, str] = {}
    for i in range(n):
        turn[f"r{i}"] = f"c{n - 1 - i}"
        turn[f"c{i}"] = f"r{i}"
        mirror[f"c{i}"] = f"c{n - 1 - i}"
    for s in range(2 * n - 1):
        turn[f"a{s}"] = f"b{s}"
        turn[f"b{s}"] = f"a{2 * (n - 1) - s}"
        mirror[f"a{s}"] = f"b{s}"
        mirror[f"b{s}"] = f"a{s}"
    return turn, mirror


def cycles(mapping: dict[str, str]) -> str:
    """A mapping in cycle notation, as ``dlx --symmetry`` reads it."""
    seen: set[str] = set()
    written = []
    for start in mapping:
        if start in seen or mapping[start] == start:
            continue
        cycle = [start]
        seen.add(start)
        item = mapping[start]
        while item != start:
            cycle.append(item)
            seen.add(item)
            item = mapping[item]
        written.append("(" + " ".join(cycle) + ")")
    return "".join(written)


def langford_with_costs(n: int) -> str:
    """Langford pairs of ``1..n`` in Knuth's format (items ``vK`` and ``sI``), option ``vK`` costing ``K``."""
    values = [f"v{k}" for k in range(1, n + 1)]
    slots = [f"s{i}" for i in range(1, 2 * n + 1)]
    lines = [" ".join(values + slots)]
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            lines.append(f"v{k} s{i} s{i + k + 1} |{k}")
    return "\n".join(lines) + "\n"


#: The long problem: Langford pairs of 1..18, which have no arrangement (n
#: is 2 mod 4), so that every way searches a tree of days for CPython (a
#: count's progress line said "about 14.8 days left") and finds nothing to
#: end it early (--limit, --solve), and the options' costs, for --best.
LONG_N = 18


@dataclass(frozen=True)
class Files:
    """The files the runs read: the small problem, 8 queens and the long problem, with symmetries; and no tqdm."""

    small: Path
    identity: Path  # the small problem's symmetry: the identity, "(a)"
    queens: Path
    d4: Path  # the quarter turn and the reflection, one file
    turn: Path
    mirror: Path
    checkpoint: Path
    long: Path  # Langford pairs of 1..18 (LONG_N), with costs
    long_identity: Path  # the long problem's symmetry: the identity, "(v1)"
    no_tqdm: Path  # a folder whose module tqdm cannot be imported


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    folder = tmp_path_factory.mktemp("pty")
    turn, mirror = turn_and_mirror(8)
    made = Files(
        small=folder / "small.dlx",
        identity=folder / "small.sym",
        queens=folder / "queens8.dlx",
        d4=folder / "d4.txt",
        turn=folder / "turn.txt",
        mirror=folder / "mirror.txt",
        checkpoint=folder / "checkpoint.json",
        long=folder / f"langford{LONG_N}.dlx",
        long_identity=folder / "langford.sym",
        no_tqdm=folder / "no-tqdm",
    )
    made.small.write_text(SMALL)
    made.identity.write_text("(a)\n")
    made.long.write_text(langford_with_costs(LONG_N))
    made.long_identity.write_text("(v1)\n")
    made.no_tqdm.mkdir()
    (made.no_tqdm / "tqdm.py").write_text(
        'raise ImportError("the runs draw what dlx draws without tqdm")\n'
    )
    made.queens.write_text(format_dlx(queens(8)))
    made.d4.write_text(
        f"| the quarter turn, the reflection\n{cycles(turn)}\n{cycles(mirror)}\n"
    )
    made.turn.write_text(cycles(turn) + "\n")
    made.mirror.write_text(cycles(mirror) + "\n")
    return made


def _blocks(out: str) -> list[list[str]]:
    """The blocks of lines of an output, separated by blank lines."""
    return (
        [block.splitlines() for block in out.strip("\n").split("\n\n")] if out else []
    )


# -- running the command --------------------------------------------------------------


@dataclass(frozen=True)
class Ran:
    """What a run of the command did: its status, standard output and standard error."""

    status: int
    out: str
    err: str


class Running:
    """``python -m dlx argv`` under way: ``terminal`` is ``""`` (pipes), ``"stderr"`` or ``"both"``.

    A terminal is a pseudo-terminal in raw mode (what the command writes
    arrives as written, line ends and carriage returns included); each
    stream is read to its end by a thread of its own, so that a full
    buffer never stops the command, and :meth:`wait_for` waits for what
    the command writes, not for a time.  The command runs without tqdm
    (``files.no_tqdm`` first on its path), as the patterns here expect.
    """

    def __init__(self, argv: Sequence[str], files: Files, terminal: str = "") -> None:
        self.leaders: dict[str, int] = {}
        followers: dict[str, int] = {}
        for stream in ("stderr", "stdout"):
            if terminal in ("both", stream):
                leader, follower = pty.openpty()
                tty.setraw(follower)
                self.leaders[stream], followers[stream] = leader, follower
        path = os.pathsep.join([str(files.no_tqdm), str(ROOT)])
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "dlx", *argv],
                stdout=followers.get("stdout", subprocess.PIPE),
                stderr=followers.get("stderr", subprocess.PIPE),
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONPATH": path},
                cwd=ROOT,
                # SIGINT not ignored, even when pytest runs as a background job.
                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            )
        finally:
            for follower in followers.values():
                os.close(follower)
        self.read: dict[str, list[bytes]] = {"stdout": [], "stderr": []}
        self.arrived = threading.Condition()
        fds = dict(self.leaders)
        for stream, pipe in (
            ("stdout", self.process.stdout),
            ("stderr", self.process.stderr),
        ):
            if pipe is not None:
                fds[stream] = pipe.fileno()
        self.threads = [
            threading.Thread(target=self._drain, args=(fd, stream), daemon=True)
            for stream, fd in fds.items()
        ]
        for thread in self.threads:
            thread.start()

    def _drain(self, fd: int, stream: str) -> None:
        """Read ``fd`` to its end: end of file, or EIO once no process holds the terminal."""
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the other side of the terminal is closed
                chunk = b""
            with self.arrived:
                if chunk:
                    self.read[stream].append(chunk)
                self.arrived.notify_all()
            if not chunk:
                return

    def text(self, stream: str) -> str:
        return b"".join(self.read[stream]).decode(errors="replace")

    def wait_for(
        self, pattern: re.Pattern[str], stream: str = "stderr", timeout: float = 300
    ) -> None:
        """Wait until ``stream`` holds ``pattern`` (or the command ended, or ``timeout`` seconds passed: a failure)."""
        with self.arrived:
            seen = self.arrived.wait_for(
                lambda: (
                    pattern.search(self.text(stream)) is not None
                    or self.process.poll() is not None
                ),
                timeout=timeout,
            )
        assert seen and pattern.search(self.text(stream)), self.text(stream)

    def finish(self) -> Ran:
        """Wait for the end of the run; what it did."""
        try:
            status = self.process.wait(timeout=300)
            for thread in self.threads:
                thread.join(
                    timeout=60
                )  # the fork server of --jobs ends with the command
                assert not thread.is_alive(), "a stream of the command was never closed"
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            for leader in self.leaders.values():
                os.close(leader)
            for pipe in (self.process.stdout, self.process.stderr):
                if pipe is not None:
                    pipe.close()
        return Ran(status, self.text("stdout"), self.text("stderr"))


def run(argv: Sequence[str], files: Files, terminal: str = "") -> Ran:
    """Run ``python -m dlx argv`` to its end (see :class:`Running`)."""
    return Running(argv, files, terminal).finish()


# -- what differs on a terminal, and what must not -----------------------------------

#: A progress line drawn on a terminal (dlx.watch.ProgressLine, without
#: tqdm: "\r" + the line), and the blanks that wipe it.
_DRAWN = re.compile(
    r"\rdlx: ([\d,]+ solutions?, [\d,]+ nodes|why: [\d,]+ tests?, |estimate: [\d,]+ of )"
    r"[^\r\n]*"
)
_WIPED = re.compile(r"\r +\r")
#: A progress line written to a pipe (--progress), one per report.
_LINE = re.compile(
    r"dlx: ([\d,]+ solutions?, [\d,]+ nodes|why: [\d,]+ tests?, |estimate: [\d,]+ of )"
    r".*\n"
)
#: The line of --stats on the tasks of a split run (how many, the largest).
_TASKS = re.compile(r"dlx: \d+ tasks[;,].*")
#: Numbers that depend on time: the seconds, rates and tasks of a run.
_NUMBER = re.compile(r"\d[\d,.]*(e[-+]?\d+)?")


def without_progress(ran: Ran, terminal: bool) -> tuple[str, bool]:
    """Standard error without its progress line, and whether there was one."""
    if terminal:
        err, drawn = _DRAWN.subn("", ran.err)  # each up to the "\r" that wipes it
        err, wiped = _WIPED.subn("", err)
        # Each drawing is wiped once the display closes (before a message).
        assert (drawn > 0) == (wiped > 0), repr(ran.err)
        return err, drawn > 0
    err, lines = _LINE.subn("", ran.err)
    return err, lines > 0


def _timeless_json(line: str) -> str:
    record = json.loads(line)
    for key in ("stats", "estimate"):  # the statistics of a timed or split run
        if isinstance(record.get(key), dict):
            record[key] = sorted(record[key])
    return json.dumps(record, sort_keys=True)


def comparable(out: str, err: str, timed: bool) -> tuple[str, str]:
    """Standard output and error as two runs of the same command must agree on them.

    ``timed``: the run's statistics depend on time (split over workers,
    the SAT solver's seconds, an estimate's rates): their numbers are
    left out, the lines and keys kept.
    """
    if not timed:
        return out, err
    if out.startswith("{"):
        out = "".join(_timeless_json(line) + "\n" for line in out.splitlines())
    else:  # an estimate's lines: their labels ("estimated nodes", "probes")
        out = "".join(
            line.split(":")[0] + "\n"
            if line.startswith(("estimated", "probes:"))
            else line + "\n"
            for line in out.splitlines()
        )
    # The tasks of a split run, and what this process ran of them, vary.
    err = _TASKS.sub("dlx: # tasks", err)
    return out, _NUMBER.sub("#", err)


# -- the options: the ways matrix's ---------------------------------------------------

#: The options, their words and the features each asks for are the ways
#: matrix's (``dlx_helpers``'s ``DLX_OPTIONS``, ``DLX_FEATURES``,
#: ``dlx_features``; ``CHECKPOINT`` and ``SYMMETRY`` stand for the fixture's files).

#: The kinds of run that draw no progress whatever the options: they do not
#: search (an estimate's probes report as a search does).
_NO_SEARCH = {"write"}


def argv_of(
    names: Sequence[str], files: Files, problem: Path | None = None
) -> list[str]:
    """The command line of the options ``names`` on the small problem (or ``problem``).

    As the matrix's (``dlx_helpers.dlx_words``): an estimate in company takes
    ``--probes 10``.
    """
    stands = {CHECKPOINT: str(files.checkpoint), SYMMETRY: str(files.identity)}
    return [*dlx_words(names, stands), str(problem or files.small)]


@dataclass(frozen=True)
class Expected:
    """What the options ask of a run, by dlx.ways: a refusal, or a run and its progress.

    ``draws``: on a terminal the run draws a progress line once its search
    has run :data:`dlx.watch.SHOWN_AFTER` seconds (on the long problem:
    :func:`check_long`); a search of milliseconds draws nothing there,
    whatever the options (:func:`check_alike`).  ``writes``: in a pipe it
    writes progress lines, however short the search (the last report).
    """

    refusal: str | None  # the whole standard error of a refused run (else it answers)
    draws: bool  # on a terminal, a long search draws a progress line
    writes: bool  # in a pipe it writes progress lines (--progress)
    timed: bool  # its statistics depend on time

    @classmethod
    def of(cls, names: Sequence[str]) -> Expected:
        keys = dlx_features(names)
        timed = bool({"split", "sat", "estimate"} & keys)
        if "progress" in names and "no-progress" in names:  # argparse's group
            return cls("usage", False, False, timed)
        try:
            ways.check(keys, "dlx", {"split": "--jobs"} if "jobs" in names else None)
        except ways.Refused as refused:
            return cls(f"dlx: error: {refused}\n", False, False, timed)
        searches = not keys & _NO_SEARCH
        try:
            ways.check(keys | {"progress"}, "dlx")
            takes_progress = True
        except ways.Refused:
            takes_progress = False
        draws = searches and takes_progress and "no-progress" not in names
        return cls(None, draws, "progress" in names, timed)


def _solutions_of_small() -> frozenset[tuple[int, ...]]:
    """The small problem's solutions, by the library."""
    return frozenset(tuple(sorted(s)) for s in parse_dlx(SMALL).solutions())


def drawn(out: str) -> str:
    """A sample drawn at random without ``--seed``: each drawn solution checked, then how many.

    Two runs draw different solutions; what they must agree on is how
    many they draw, and that each is a solution (of the small problem).
    """
    problem = parse_dlx(SMALL)
    number = {format_option(problem.option(k)): k for k in range(len(problem))}
    solutions = _solutions_of_small()
    if out.startswith("{"):
        records = [json.loads(line) for line in out.splitlines()]
        draws = [tuple(sorted(r["options"])) for r in records if "solution" in r]
        last = records[-1]
        summary = json.dumps({k: v for k, v in last.items() if k != "stats"})
    else:
        draws = [tuple(sorted(number[line] for line in b)) for b in _blocks(out)]
        summary = ""
    assert set(draws) <= solutions, (draws, solutions)
    return f"{len(draws)} drawn {summary}"


def best_printed(out: str, problem: ExactCover) -> list[tuple[int, tuple[int, ...]]]:
    """``--best``'s output as ``(cost, options)``, each checked: a solution of that cost.

    Text (each block a ``| cost N`` line and its options' lines) or JSON.
    """
    ranked = []
    if out.startswith("{"):
        for line in out.splitlines():
            record = json.loads(line)
            if "solution" in record:
                ranked.append((record["cost"], tuple(sorted(record["options"]))))
    else:
        number = {format_option(problem.option(k)): k for k in range(len(problem))}
        for block in _blocks(out):
            found = re.fullmatch(r"\| cost (\d+)", block[0])
            assert found is not None, block
            chosen = [number[line.split(" |")[0]] for line in block[1:]]
            ranked.append((int(found[1]), tuple(sorted(chosen))))
    solutions = {tuple(sorted(s)) for s in problem.solutions()}
    for cost, options in ranked:
        assert options in solutions, (options, out)
        assert problem.costs_of(options) == cost, (options, out)
    return ranked


def tied(out: str, problem: ExactCover) -> str:
    """``--best`` split over workers: the costs, in order (ties come as the workers find them).

    Each solution is checked (:func:`best_printed`); which of equally
    cheap solutions come first, and which are kept at the ``k``-th cost,
    depend on which task ends first (docs/howto/best.rst, "Ties").
    """
    return f"costs {[cost for cost, _ in best_printed(out, problem)]}"


def check_alike(
    names: Sequence[str],
    argv: list[str],
    files: Files,
    *,
    both: bool = False,
    problem: ExactCover | None = None,
) -> Ran:
    """Run ``argv`` in a pipe and on a terminal, and hold them to :class:`Expected`.

    ``problem`` is the one the command reads (the small one by default),
    whose search takes milliseconds: the terminal shows no progress at
    all, the pipe the lines of ``--progress`` where it is given.
    Returns the pipe's run (progress lines included).
    """
    problem = problem or parse_dlx(SMALL)
    expected = Expected.of(names)
    piped = run(argv, files)
    shown = run(argv, files, "both" if both else "stderr")
    # In the pipe: a refusal exactly where dlx.ways refuses, else an answer.
    if expected.refusal == "usage":
        assert piped.status == 2 and piped.out == "", piped
        assert piped.err.startswith("usage: dlx"), piped
        assert piped.err.splitlines()[-1].startswith("dlx: error: argument "), piped
    elif expected.refusal is not None:
        assert piped == Ran(2, "", expected.refusal)
    else:
        assert piped.status == 0, piped
        assert piped.out, piped  # every run here answers something
    # On the terminal: the same, but for the progress line.
    piped_err, wrote = without_progress(piped, terminal=False)
    shown_err, drew = without_progress(shown, terminal=True)
    assert shown.status == piped.status, (shown, piped)
    shown_out, piped_out = shown.out, piped.out
    if "sample" in names and "seed" not in names and piped.status == 0:
        shown_out, piped_out = drawn(shown_out), drawn(piped_out)
    if {"best", "jobs"} <= set(names) and piped.status == 0:
        shown_out, piped_out = tied(shown_out, problem), tied(piped_out, problem)
    assert comparable(shown_out, shown_err, expected.timed) == comparable(
        piped_out, piped_err, expected.timed
    ), (shown, piped)
    assert wrote == expected.writes, piped
    # A search of milliseconds draws nothing on a terminal (it used to
    # draw its last report and wipe it at once): no line, no wipe.
    assert not drew and "\r" not in shown.err, shown
    return piped


# -- the pairs (the matrix's, dlx_helpers.dlx_combos) ---------------------------------

#: The default run's share: a refusal and an answer of each kind, the
#: progress switches, split and memoised runs (issue 42's ``--best 3
#: --jobs 2``, with and without ``--symmetry``, have tests of their own).
SHARE = {
    (),
    ("count",),
    ("why",),
    ("why", "json"),
    ("why", "progress"),
    ("why", "count"),
    ("best", "symmetry"),
    ("best", "method-sat"),
    ("best", "progress"),
    ("best", "no-progress"),
    ("count", "jobs"),
    ("count", "method-memo"),
    ("method-memo", "symmetry"),
    ("sample", "seed"),
    ("estimate", "stats"),
    ("preprocess", "solve"),
    ("progress", "no-progress"),
    ("json", "limit"),
    ("checkpoint", "stats"),
}


#: Cells that fail for a reason of the library, not of the command (strict:
#: once it is fixed there, the mark goes).
KNOWN: dict[tuple[str, ...], str] = {}


def _params(default: bool) -> Iterator[object]:
    for combo in dlx_combos():
        if (combo in SHARE) != default:
            continue
        marks = [] if default else [pytest.mark.slow]
        if "method-sat" in combo and NO_SAT:
            marks.append(pytest.mark.skip(reason=NO_SAT))
        if combo in KNOWN:
            marks.append(pytest.mark.xfail(reason=KNOWN[combo], strict=True))
        yield pytest.param(combo, marks=marks, id="+".join(combo) or "defaults")


@pytest.mark.parametrize("names", [*_params(True), *_params(False)])
def test_each_pair_answers_on_a_terminal_as_in_a_pipe(
    names: tuple[str, ...], files: Files
) -> None:
    check_alike(names, argv_of(names, files), files)


# -- a long search: its progress line once it has run a second, or none -----------------

#: The values that would end a search of the long problem at once (a
#: million nodes, 100,000 memo entries, ten probes, and the estimate's
#: default 1000 probes, all under a second here), and theirs there: no
#: bound before the days the search takes.
LONG_VALUES: dict[str, tuple[str, ...]] = {
    "max-nodes": ("--max-nodes", str(10**12)),
    "max-entries": ("--max-entries", str(10**9)),
    "probes": ("--probes", str(10**9)),
}

#: The --timeout of a long run that must draw nothing: past SHOWN_AFTER and
#: the first report (one a second), by the search's own clock.
QUIET_TIMEOUT = SHOWN_AFTER + 1.0


def long_run(
    names: Sequence[str], files: Files, folder: Path, quiet: bool
) -> tuple[tuple[str, ...], list[str]]:
    """The options of the cell ``names`` on the long problem, and their command line.

    As :func:`argv_of`, but for the values of :data:`LONG_VALUES` (an
    estimate takes ``--probes`` too), the long problem's symmetry and a
    checkpoint in ``folder``; ``quiet`` (a run that draws nothing) adds
    ``--timeout QUIET_TIMEOUT``, or sets the cell's to it.
    """
    chosen = dlx_names(names)
    if "estimate" in chosen and "probes" not in chosen:
        chosen += ("probes",)
    if quiet and "timeout" not in chosen:
        chosen += ("timeout",)
    stands = {
        CHECKPOINT: str(folder / "checkpoint.json"),
        SYMMETRY: str(files.long_identity),
    }
    words: list[str] = []
    for name in chosen:
        option = LONG_VALUES.get(name, DLX_OPTIONS[name])
        if quiet and name == "timeout":
            option = ("--timeout", f"{QUIET_TIMEOUT:g}")
        words += [stands.get(word, word) for word in option]
    return chosen, [*words, str(files.long)]


def drawing_of(names: Sequence[str]) -> re.Pattern[str]:
    """The progress line a long run of ``names`` draws: of --why's tests, an estimate's probes, or a search."""
    if "why" in names:
        return re.compile(r"\rdlx: why: [\d,]+ tests?, ")
    if "estimate" in names:
        return re.compile(r"\rdlx: estimate: [\d,]+ of ")
    return re.compile(r"\rdlx: [\d,]+ solutions?, [\d,]+ nodes")


def check_long(names: Sequence[str], files: Files, folder: Path) -> None:
    """Run the cell ``names`` on the long problem on a terminal: a progress line exactly where :class:`Expected` draws one.

    Where it draws, the run is stopped (SIGINT) once the line is there, and
    the line is wiped before the count so far; elsewhere the search runs
    out of its ``--timeout`` (status 3), having run past
    :data:`dlx.watch.SHOWN_AFTER` and a report by its own clock, and the
    terminal shows no line, no wipe.
    """
    expected = Expected.of(names)
    assert expected.refusal is None, expected
    chosen, argv = long_run(names, files, folder, quiet=not expected.draws)
    assert Expected.of(chosen) == expected  # the long values change nothing of it
    if not expected.draws:
        ran = run(argv, files, "stderr")
        assert ran.status == 3, ran  # out of its --timeout: it searched that long
        assert "\r" not in ran.err, ran
        return
    running = Running(argv, files, "stderr")
    try:
        # A line comes after a second of search: a minute is for a loaded
        # machine (a run that never draws fails then, not after 5 minutes).
        running.wait_for(drawing_of(names), timeout=60)
    finally:  # drawn or not: the search would run for days
        running.process.send_signal(signal.SIGINT)
    ran = running.finish()
    assert ran.status == 130, ran
    err, drew = without_progress(ran, terminal=True)
    assert drew and "\r" not in err, ran
    assert "interrupted" in err + ran.out, ran


#: The default run's share of the long runs: a count, --why and an
#: estimate, which draw; a split count, which draws too; --no-progress
#: and issue 42's split --best, which draw nothing.
LONG_SHARE = {
    ("count",),
    ("why",),
    ("estimate",),
    ("count", "jobs"),
    ("best", "no-progress"),
    ("best", "jobs"),
}


def _long_params(default: bool) -> Iterator[object]:
    """The cells that search (not refused, not --preprocess alone, which writes)."""
    for combo in dlx_combos():
        if (combo in LONG_SHARE) != default:
            continue
        expected = Expected.of(combo)
        if expected.refusal is not None or dlx_features(combo) & _NO_SEARCH:
            continue  # refused before any search, or none: check_alike's
        marks = [] if default else [pytest.mark.slow]
        if "method-sat" in combo and NO_SAT:
            marks.append(pytest.mark.skip(reason=NO_SAT))
        yield pytest.param(combo, marks=marks, id="+".join(combo) or "defaults")


@pytest.mark.parametrize("names", [*_long_params(True), *_long_params(False)])
def test_each_pair_draws_on_a_terminal_once_its_search_is_long(
    names: tuple[str, ...], files: Files, tmp_path: Path
) -> None:
    check_long(names, files, tmp_path)


@pytest.mark.parametrize(
    "names",
    [
        ("count",),
        pytest.param(
            ("best", "method-sat"),
            marks=[
                pytest.mark.slow,
                pytest.mark.skipif(bool(NO_SAT), reason=str(NO_SAT)),
            ],
        ),
        ("json", "stats"),
    ],
    ids="+".join,
)
def test_standard_output_on_a_terminal_too(
    names: tuple[str, ...], files: Files
) -> None:
    """Both streams on terminals (``dlx ...`` typed, not redirected): the same again."""
    check_alike(names, argv_of(names, files), files, both=True)


# -- issue 42's runs, and what they answer --------------------------------------------


@pytest.mark.parametrize(
    ("symmetric", "both"),
    [
        pytest.param(False, False, id="stderr"),
        pytest.param(True, False, id="stderr-symmetry", marks=pytest.mark.slow),
        pytest.param(False, True, id="both", marks=pytest.mark.slow),
        pytest.param(True, True, id="both-symmetry"),
    ],
)
def test_best_3_jobs_2_on_a_terminal(symmetric: bool, both: bool, files: Files) -> None:
    """Issue 42: ``dlx --best 3 --jobs 2 [--symmetry FILE]`` answers on a terminal, as the library does."""
    problem = queens(8)
    extra = ["--symmetry", str(files.d4)] if symmetric else []
    argv = ["--best", "3", "--jobs", "2", *extra, str(files.queens)]
    names = ("best", "jobs", *(("symmetry",) if symmetric else ()))
    piped = check_alike(names, argv, files, both=both, problem=problem)
    printed = best_printed(piped.out, problem)  # each a solution of its cost
    turn, mirror = turn_and_mirror(8)
    truth = problem.best(3, symmetry=[turn, mirror] if symmetric else None)
    assert [cost for cost, _ in printed] == [cost for cost, _ in truth]
    if symmetric:  # one solution of each orbit: the leaders the library gives
        assert sorted(printed) == sorted(truth)


@pytest.mark.parametrize(
    "names",
    [
        pytest.param(("best", "jobs", "symmetry"), marks=pytest.mark.slow),
        ("count", "method-memo", "symmetry"),
        pytest.param(
            ("best", "method-sat", "symmetry"),
            marks=[
                pytest.mark.slow,
                pytest.mark.skipif(bool(NO_SAT), reason=str(NO_SAT)),
            ],
        ),
        ("best", "jobs", "progress"),
        pytest.param(("count", "jobs", "task-seconds"), marks=pytest.mark.slow),
    ],
    ids="+".join,
)
def test_issue_42_triples_on_a_terminal(names: tuple[str, ...], files: Files) -> None:
    """Three options: the ways that take no progress (split --best, Burnside's count,
    the solver) answer on a terminal; ``--progress`` asked for with one is refused
    in the command's words, on a terminal as in a pipe."""
    piped = check_alike(names, argv_of(names, files), files)
    if "progress" in names:
        assert piped.status == 2
        assert "=" not in piped.err and "()" not in piped.err  # not the library's words


def test_a_resumed_search_of_milliseconds_draws_nothing(
    files: Files, tmp_path: Path
) -> None:
    """A position's reports count the seconds of the runs before it; the line waits for this run's.

    The checkpoint says an hour of searching before: the end of the
    milliseconds that are left is drawn nowhere (it would be drawn and
    wiped at once if the hour counted).
    """
    checkpoint = tmp_path / "checkpoint.json"
    argv = ["--count", "--checkpoint", str(checkpoint), str(files.small)]
    stopped = run(["--max-nodes", "5", *argv], files)
    assert stopped.status == 3 and checkpoint.exists(), stopped
    saved = json.loads(checkpoint.read_text())
    saved["position"]["seconds"] = 3600.0
    checkpoint.write_text(json.dumps(saved))
    shown = run(argv, files, "stderr")
    assert (shown.status, shown.out) == (0, f"{len(_solutions_of_small())}\n"), shown
    assert shown.err.startswith(f"dlx: resuming from {checkpoint}: "), shown
    assert "\r" not in shown.err, shown
    assert not checkpoint.exists()  # the search ended


# -- options given twice --------------------------------------------------------------

#: Two values of each option that takes one, and what the second says.
TWICE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "best": (("--best", "2"), ("--best", "3")),
    "sample": (("--sample", "2"), ("--sample", "3")),
    "method": (("--method", "dlx"), ("--method", "memo")),
    "limit": (("--limit", "3"), ("--limit", "5")),
    "max-nodes": (("--max-nodes", "1000"), ("--max-nodes", "2000")),
    "timeout": (("--timeout", "60"), ("--timeout", "30")),
    "seed": (("--seed", "1"), ("--seed", "2")),
    "checkpoint": (("--checkpoint", "a.json"), ("--checkpoint", "b.json")),
    "checkpoint-every": (("--checkpoint-every", "5"), ("--checkpoint-every", "9")),
    "probes": (("--probes", "10"), ("--probes", "20")),
    "jobs": (("--jobs", "2"), ("--jobs", "1")),
    "scheduler": (("--scheduler", "tcp://a:1"), ("--scheduler", "tcp://b:1")),
    "task-seconds": (("--task-seconds", "1"), ("--task-seconds", "2")),
    "branching": (("--branching", "first"), ("--branching", "mrv")),
    "max-entries": (("--max-entries", "10"), ("--max-entries", "20")),
    "max-memory": (("--max-memory", "1G"), ("--max-memory", "2G")),
}

_TWICE_SHARE = {"limit", "method", "max-memory"}


def _twice_params() -> Iterator[object]:
    for name in TWICE:
        marks = [] if name in _TWICE_SHARE else [pytest.mark.slow]
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(_twice_params()))
def test_an_option_given_twice_is_refused_alike_on_a_terminal(
    name: str, files: Files
) -> None:
    """Two values of one option: the same refusal on a terminal as in a pipe."""
    first, second = TWICE[name]
    argv = [*first, *second, str(files.small)]
    piped = run(argv, files)
    shown = run(argv, files, "stderr")
    assert piped == shown
    assert piped.status == 2 and piped.out == "", piped
    assert piped.err.splitlines()[-1] == (
        f"dlx: error: {first[0]} given twice ({first[1]} and {second[1]}): give it once"
    )


#: Options whose repeat means them once: the company they need, the option.
AGAIN: dict[str, tuple[list[str], list[str]]] = {
    "count": ([], ["--count"]),
    "json": ([], ["--json"]),
    "stats": ([], ["--stats"]),
    "limit": ([], ["--limit", "2"]),
    "best": ([], ["--best", "2"]),
    "progress": ([], ["--progress"]),
    "no-progress": ([], ["--no-progress"]),
    "jobs": (["--count"], ["--jobs", "2"]),
    "symmetry": (["--count"], ["--symmetry", SYMMETRY]),
}

_AGAIN_SHARE = {"count", "progress", "symmetry"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=[] if name in _AGAIN_SHARE else [pytest.mark.slow])
        for name in AGAIN
    ],
)
def test_an_option_given_twice_alike_means_it_once_on_a_terminal(
    name: str, files: Files
) -> None:
    """The same option with the same value again: the answer of once, on a terminal too."""
    company, option = AGAIN[name]
    option = [str(files.identity) if word == SYMMETRY else word for word in option]
    path = str(files.small)
    alone = run([*company, *option, path], files)
    assert alone.status == 0, alone
    assert alone.out
    for terminal in ("", "stderr"):
        again = run([*company, *option, *option, path], files, terminal)
        assert (again.status, again.out) == (alone.status, alone.out), again
        err, _ = without_progress(again, terminal=bool(terminal))
        assert err == without_progress(alone, terminal=False)[0], again
        assert not terminal or "\r" not in again.err, again  # nothing drawn


# -- --why --pin (the options pinned, issue 45) ---------------------------------------

#: Dominoes on a 2×3 board, cells rRcC: r0c0 r0c1 and r1c1 r1c2 (option 4)
#: pinned leave r0c2 and r1c0 apart, no tiling.
PIN_BOARD = (
    "r0c0 r0c1 r0c2 r1c0 r1c1 r1c2\n"
    "r0c0 r0c1\nr0c1 r0c2\nr1c0 r1c1\nr1c1 r1c2\n"
    "r0c0 r1c0\nr0c1 r1c1\nr0c2 r1c2\n"
)


@pytest.mark.parametrize(
    ("pins", "status"),
    [
        (["--why", "--pin", "r0c1 r0c0", "--pin", "4"], 1),
        (["--why", "--pin", "r0c0 r1c0", "--pin", "7"], 0),
        (["--why", "--json", "--pin", "1", "--pin", "r0c1 r0c0"], 0),
        (["--count", "--pin", "1"], 2),
    ],
    ids=["reason", "count", "json-twice", "refused"],
)
def test_why_pin_on_a_terminal_as_in_a_pipe(
    pins: list[str], status: int, files: Files, tmp_path: Path
) -> None:
    path = tmp_path / "board.dlx"
    path.write_text(PIN_BOARD)
    argv = [*pins, str(path)]
    piped = run(argv, files)
    assert piped.status == status, piped
    for terminal in ("stderr", "both"):
        shown = run(argv, files, terminal)
        out = shown.out.replace("\r\n", "\n") if terminal == "both" else shown.out
        err, drew = without_progress(shown, terminal=True)
        assert not drew, shown  # a search of milliseconds
        assert (shown.status, out, err.replace("\r\n", "\n")) == (
            piped.status,
            piped.out,
            piped.err,
        ), shown
