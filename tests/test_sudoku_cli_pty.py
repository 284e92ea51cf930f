"""The ``sudoku`` command on a terminal answers as it does in a pipe, and as the library does.

On a terminal the command adds one thing by itself: the progress of a
long puzzle on standard error (a line drawn in place with carriage
returns, wiped when the puzzle is done).  The command decides each run
once, by :func:`dlx.ways.plan`: that progress is the command's own
addition, dropped where the run reports none (``--jobs``, ``--check``,
``--method sat``), where ``--progress`` asked for is refused in the
command's words.  It must add nothing else.

Each run here starts ``python -m sudoku`` twice, with standard error a
pipe and a pseudo-terminal (``pty.openpty()``, raw, so that the bytes are
the command's), in some runs standard output a terminal too, and checks:

* the same exit status, standard output and standard error once the
  progress is taken out (on the terminal its drawing, in the pipe the
  lines of ``--progress``);
* in the pipe, a refusal exactly where :func:`dlx.ways.check` refuses the
  options (one line, ``sudoku: error: ...``, status 2; argparse's usage
  error for two options of one group, such as ``--count --grade``, and
  the command's own for ``--box`` with ``--regions``), and elsewhere the
  answers of the library: :func:`sudoku.solve`,
  :func:`sudoku.count`, :func:`sudoku.grade`, :func:`sudoku.explain`,
  :func:`sudoku.hint`, :func:`sudoku.check`, :func:`sudoku.to_svg`, and
  :func:`sudoku.generate` for ``sudoku generate``.

The puzzles are three 4x4 grids in blocks of rows (so that ``--uva``
applies): one with one solution, one with three (one as X-sudoku), one
with none; the jigsaw map of ``--regions`` gives the first two one
solution each.  The default run takes a share of each matrix; ``-m slow``
runs every option pair, every option given twice, every option of
``sudoku generate`` and their pairs.  The runs draw what the command
draws without tqdm (the progress extra), whether or not it is installed
here: a module ``tqdm`` that cannot be imported comes first on their path.
"""

from __future__ import annotations

import itertools
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
from typing import Any

import pytest
from sudoku_helpers import (
    ROOT,
    SUDOKU_CAGE_FILE,
    SUDOKU_CAGE_LIST,
    SUDOKU_CAGES,
    SUDOKU_FEATURES,
    SUDOKU_MAP,
    SUDOKU_OPTIONS,
    SUDOKU_SVG,
    local_lines,
    why_text,
)

import sudoku
from dlx import ways
from dlx.algorithms import sat_available
from sudoku.generator import cage_text

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal"),
]

NO_SAT = None if sat_available() else "--method sat needs the sat extra"

# -- the puzzles ----------------------------------------------------------------------

#: 4x4 puzzles: one solution (none as X-sudoku, one in the jigsaw), three
#: (one as X-sudoku, one in the jigsaw), none (no two givens clash).
PUZZLES = ("1......2..4..3..", ".....4..4..12...", "12........3...4.")

#: The jigsaw map of ``--regions``: four regions of four cells, not the boxes.
JIGSAW = "AAAB\nCABB\nCCDB\nCDDD\n"

#: An empty 9x9 grid: its count runs for minutes, reporting progress.
EMPTY9 = "." * 81


def block(grid: str) -> str:
    """A 4x4 grid as a block of four rows."""
    return "".join(grid[i : i + 4] + "\n" for i in range(0, 16, 4))


@dataclass(frozen=True)
class Files:
    """What the runs read: the puzzles, the answers --check checks, the map; and no tqdm."""

    puzzles: Path
    answers: Path
    jigsaw: Path
    cages: Path
    empty9: Path
    hard25: Path
    no_tqdm: Path  # a folder whose module tqdm cannot be imported


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    folder = tmp_path_factory.mktemp("sudoku-pty")
    made = Files(
        puzzles=folder / "puzzles.txt",
        answers=folder / "answers.txt",
        jigsaw=folder / "jigsaw.txt",
        cages=folder / "cages.txt",
        empty9=folder / "empty9.txt",
        hard25=folder / "hard25.txt",
        no_tqdm=folder / "no-tqdm",
    )
    made.puzzles.write_text("\n".join(block(p) for p in PUZZLES))
    # Right for the first two as plain sudoku; the third has no solution.
    first, second = sudoku.solve(PUZZLES[0]), sudoku.solve(PUZZLES[1])
    made.answers.write_text("\n".join(block(g) for g in (first, second, first)))
    made.jigsaw.write_text(JIGSAW)
    made.cages.write_text(SUDOKU_CAGE_FILE)
    made.empty9.write_text(EMPTY9 + "\n")
    made.hard25.write_text(local_lines("sudoku25_gecode_frisch18.txt", 1)[0] + "\n")
    made.no_tqdm.mkdir()
    (made.no_tqdm / "tqdm.py").write_text(
        'raise ImportError("the runs draw what sudoku draws without tqdm")\n'
    )
    return made


# -- running the command --------------------------------------------------------------


@dataclass(frozen=True)
class Ran:
    """What a run of the command did: its status, standard output and standard error."""

    status: int
    out: str
    err: str


class Running:
    """``python -m sudoku argv`` under way: ``terminal`` is ``""`` (pipes), ``"stderr"`` or ``"both"``.

    A terminal is a pseudo-terminal in raw mode (what the command writes
    arrives as written); each stream is read to its end by a thread of
    its own, so that a full buffer never stops the command, and
    :meth:`wait_for` waits for what the command writes, not for a time.
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
                [sys.executable, "-m", "sudoku", *argv],
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

    def wait_for(self, pattern: re.Pattern[str], stream: str = "stderr") -> None:
        """Wait until ``stream`` holds ``pattern`` (or the command ended: a failure)."""
        with self.arrived:
            seen = self.arrived.wait_for(
                lambda: (
                    pattern.search(self.text(stream)) is not None
                    or self.process.poll() is not None
                ),
                timeout=300,
            )
        assert seen and pattern.search(self.text(stream)), self.text(stream)

    def finish(self) -> Ran:
        """Wait for the end of the run; what it did."""
        try:
            status = self.process.wait(timeout=300)
            for thread in self.threads:
                thread.join(timeout=60)  # the workers of --jobs end with the command
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
    """Run ``python -m sudoku argv`` to its end (see :class:`Running`)."""
    return Running(argv, files, terminal).finish()


# -- what differs on a terminal, and what must not -----------------------------------

#: A puzzle's progress drawn on a terminal (dlx.watch.ProgressLine.show, or
#: sudoku generate's line: "\r" + the line), and the blanks that wipe it.
_DRAWN = re.compile(r"\rsudoku(?: generate)?: puzzle \d+: [^\r\n]*")
_WIPED = re.compile(r"\r +\r")
#: A puzzle's progress written to a pipe (--progress), one line a report.
_LINE = re.compile(r"^sudoku(?: generate)?: puzzle \d+: .*\n", re.MULTILINE)


def without_progress(ran: Ran, terminal: bool) -> tuple[str, bool]:
    """Standard error without the progress of a puzzle, and whether there was any."""
    if terminal:
        err, drawn = _DRAWN.subn("", ran.err)
        err, wiped = _WIPED.subn("", err)
        assert (drawn > 0) == (wiped > 0), repr(ran.err)  # each drawing is wiped
        return err, drawn > 0
    err, lines = _LINE.subn("", ran.err)
    return err, lines > 0


# -- the options ----------------------------------------------------------------------

#: The command's options, their words and features: shared with the ways
#: matrix (tests/sudoku_helpers.py).
SVG, MAP, CAGES = SUDOKU_SVG, SUDOKU_MAP, SUDOKU_CAGES
OPTIONS, FEATURES = SUDOKU_OPTIONS, SUDOKU_FEATURES

#: The kinds of run, one at a time (argparse's group); none: solving.
KINDS = ("count", "grade", "explain", "hint", "rate", "check", "why")
#: Solved by hand: answered in words.
SAID = ("explain", "hint", "rate")


def kind_of(names: Sequence[str]) -> str:
    return next((name for name in KINDS if name in names), "list")


def features(names: Sequence[str]) -> set[str]:
    """The features the options ``names`` ask for, with the run's kind."""
    keys: set[str] = set().union(*(FEATURES[name] for name in names))
    return keys | {kind_of(names)}


def argv_of(names: Sequence[str], files: Files, folder: Path) -> list[str]:
    """The command line of the options ``names`` (pictures into ``folder``)."""
    stands = {
        SVG: str(folder / "pic.svg"),
        MAP: str(files.jigsaw),
        CAGES: str(files.cages),
    }
    words = [stands.get(word, word) for name in names for word in OPTIONS[name]]
    inputs = [files.puzzles, files.answers] if "check" in names else [files.puzzles]
    return [*words, *map(str, inputs)]


def grid_options(names: Sequence[str]) -> dict[str, Any]:
    """The library's parameters for the grid options among ``names``."""
    options: dict[str, Any] = {}
    if "box" in names:
        options["box"] = (2, 2)
    if "alphabet" in names:
        options["alphabet"] = "1234"
    if "variant" in names:
        options["variant"] = "x"
    if "regions" in names:
        options["regions"] = JIGSAW.replace("\n", "")
    if "cages" in names:
        options["cages"] = SUDOKU_CAGE_LIST
    return options


@dataclass(frozen=True)
class Refusal:
    """A run refused: its last line, and whether argparse's usage comes before it."""

    line: str
    usage: bool


def refusal_of(names: Sequence[str]) -> Refusal | None:
    """What the command must refuse of ``names``, by dlx.ways (``None``: it runs).

    Before dlx.ways, argparse refuses two options of one group (two kinds,
    or ``--progress`` with ``--no-progress``: its words start the line).
    """
    given = set(names)
    if len(given & set(KINDS)) > 1 or {"progress", "no-progress"} <= given:
        return Refusal("sudoku: error: argument ", usage=True)
    try:
        ways.check(features(names), "sudoku")
    except ways.Refused as refused:
        return Refusal(f"sudoku: error: {refused}", usage=False)
    return None


# -- the library's answers ------------------------------------------------------------


def _said_of(found: Any, kind: str) -> str:
    """What --explain, --hint or --rate say of an explanation or a step, made comparable."""
    if kind == "hint":
        return (
            "no blank cell" if found is None else f"{found.text} ({found.rating:.1f})"
        )
    if kind == "rate":
        return f"{found.rating:.1f}"
    steps = "\n".join(f"[{s.rating:.1f}] {s.text}" for s in found.steps)
    return f"{found.rating:.1f} {found.pearl:.1f} {found.diamond:.1f}\n{steps}"


def library(names: Sequence[str]) -> list[set[str] | None]:
    """Each puzzle's answers by the library, made comparable (``None``: a bad puzzle).

    A set: the answers the command may give (several only for a puzzle
    solved by the SAT solver, whose first solution may be another one).
    For ``--check``: whether each answer is right (``"right"`` or ``None``).
    """
    kind = kind_of(names)
    grid = grid_options(names)
    method = "sat" if "method-sat" in names else "dlx"
    answers = (
        sudoku.solve(PUZZLES[0]),
        sudoku.solve(PUZZLES[1]),
        sudoku.solve(PUZZLES[0]),
    )
    found: list[set[str] | None] = []
    for number, puzzle in enumerate(PUZZLES):
        try:
            if kind == "check":
                sudoku.check(puzzle, answers[number], **grid)
                found.append({"right"})
            elif kind == "count":
                limit = 2 if "limit" in names else None
                found.append({str(sudoku.count(puzzle, limit, method=method, **grid))})
            elif kind == "grade":
                found.append({str(sudoku.grade(puzzle, **grid))})
            elif kind == "why":
                found.append({why_text(sudoku.conflicts(puzzle, **grid))})
            elif kind == "hint":
                found.append({_said_of(sudoku.hint(puzzle, **grid), kind)})
            elif kind in SAID:
                found.append({_said_of(sudoku.explain(puzzle, **grid), kind)})
            elif method == "sat":
                unique = "unique" in names
                solved = sudoku.solve(puzzle, unique=unique, method="sat", **grid)
                found.append({solved, *map(str, sudoku.solutions(puzzle, **grid))})
            else:
                found.append({sudoku.solve(puzzle, unique="unique" in names, **grid)})
        except sudoku.SudokuError:
            found.append(None)
    return found


_HEADER = re.compile(
    r".*: puzzle \d+ \(lines? [\d-]+\): rating ([\d.]+) \(pearl ([\d.]+), "
    r"diamond ([\d.]+)\), (\d+) steps?"
)
_STEP = re.compile(r"\d+\. (\[[\d.]+\] .*)")


def printed(out: str, names: Sequence[str]) -> list[str]:
    """The answers the command printed as text, in order, made comparable."""
    kind = kind_of(names)
    if kind == "explain":
        said: list[str] = []
        for text in out.split("\n\n"):
            head, *steps = text.strip("\n").splitlines()
            found = _HEADER.fullmatch(head)
            assert found is not None, head
            assert int(found[4]) == len(steps), text
            shown = [_STEP.fullmatch(step) for step in steps]
            assert all(shown), text
            said.append(
                f"{found[1]} {found[2]} {found[3]}\n"
                + "\n".join(s[1] for s in shown if s is not None)
            )
        return said
    if kind != "list":
        return out.splitlines()
    if "pretty" in names:  # boxed grids, a blank line between two
        return [
            "".join(ch for ch in text if ch in "1234") for text in out.split("\n\n")
        ]
    rows = [line for line in out.splitlines() if line]
    assert all(len(row) == 4 for row in rows), out
    return ["".join(rows[i : i + 4]) for i in range(0, len(rows), 4)]


def recorded(record: dict[str, Any], kind: str) -> str | None:
    """A puzzle's answer in --json, made comparable (``None``: an error)."""
    if "error" in record:
        return None
    if kind == "check":
        assert record["right"] is True, record
        return "right"
    if kind == "count":
        return str(record["count"])
    if kind == "why":
        return why_text([tuple(given) for given in record["why"] or ()])
    if kind == "grade":
        return str(record["grade"]["text"])
    if kind == "rate":
        return f"{record['rating']:.1f}"
    if kind == "hint":
        step = record["hint"]
        return (
            "no blank cell"
            if step is None
            else f"{step['text']} ({step['rating']:.1f})"
        )
    if kind == "explain":
        found = record["explanation"]
        ratings = " ".join(
            f"{found[key]:.1f}" for key in ("rating", "pearl", "diamond")
        )
        steps = "\n".join(f"[{s['rating']:.1f}] {s['text']}" for s in found["steps"])
        return f"{ratings}\n{steps}"
    return str(record["solution"])


def check_answers(ran: Ran, names: Sequence[str], folder: Path) -> None:
    """A run that answered: its answers are the library's, and so are its bad puzzles."""
    kind = kind_of(names)
    truth = library(names)
    bad = sum(answer is None for answer in truth)
    if kind == "why":  # a puzzle without solution: its givens, and a bad puzzle
        bad = sum(known != {why_text([])} for known in truth if known is not None)
    assert ran.status == (1 if bad else 0), ran
    err, _ = without_progress(ran, terminal=False)
    err_lines = err.splitlines()
    assert len(err_lines) == bad, ran  # one line for each bad puzzle (wrong answer)
    assert all(line.startswith("sudoku: ") for line in err_lines), ran
    if "json" in names:
        *records, last = [json.loads(line) for line in ran.out.splitlines()]
        assert last["complete"] is True and last["skipped"] == 0, last
        assert [r["puzzle"] for r in records] == [1, 2, 3], records
        shown: list[str | None] = [recorded(r, kind) for r in records]
        for answer, known in zip(shown, truth, strict=True):
            assert (answer is None) == (known is None), (shown, truth)
            assert known is None or answer in known, (answer, known)
        return
    if kind == "check":
        verdict = f"{bad} wrong" if bad else "all right"
        assert ran.out == f"3 solutions checked: {verdict}\n", ran
        return
    answers = printed(ran.out, names) if ran.out else []
    good = [known for known in truth if known is not None]
    if kind == "why":
        assert err_lines == [
            line
            for line in err_lines
            if line.endswith("no solution (--why printed the givens)")
        ], ran
    assert len(answers) == len(good), (answers, truth)
    for answer, known in zip(answers, good, strict=True):
        assert answer in known, (answer, known)
    if "svg" in names:  # a picture of each puzzle solved, numbered in the input
        grid = grid_options(names)
        pictures = {
            f"pic-{n}.svg": sudoku.to_svg(
                PUZZLES[n - 1], answer, title=f"Puzzle {n}, solved", **grid
            )
            for n, answer in zip(
                [n for n, known in enumerate(truth, 1) if known is not None],
                answers,
                strict=True,
            )
        }
        drawn = {path.name: path.read_text() for path in folder.glob("*.svg")}
        assert drawn == pictures


def check_alike(
    names: Sequence[str], files: Files, folder: Path, *, both: bool = False
) -> Ran:
    """Run the options ``names`` in a pipe and on a terminal; hold them to dlx.ways and the library.

    Returns the pipe's run.
    """
    runs = {}
    for where in ("pipe", "terminal"):
        (folder / where).mkdir()
        terminal = "" if where == "pipe" else "both" if both else "stderr"
        runs[where] = run(argv_of(names, files, folder / where), files, terminal)
    piped, shown = runs["pipe"], runs["terminal"]
    refusal = refusal_of(names)
    if refusal is not None:
        assert (piped.status, piped.out) == (2, ""), piped
        lines = piped.err.splitlines()
        assert lines[0].startswith("usage: sudoku") == refusal.usage, piped
        assert lines[-1].startswith(refusal.line), piped
        if not refusal.usage:  # dlx.ways's refusal: one line, exactly
            assert lines == [refusal.line], piped
    else:
        check_answers(piped, names, folder / "pipe")
    # On the terminal: the same, but for the progress line.
    piped_err, wrote = without_progress(piped, terminal=False)
    shown_err, _ = without_progress(shown, terminal=True)
    assert (shown.status, shown.out, shown_err) == (piped.status, piped.out, piped_err)
    pictures = [
        {path.name: path.read_text() for path in (folder / where).glob("*.svg")}
        for where in ("pipe", "terminal")
    ]
    assert pictures[0] == pictures[1]
    # Progress in a pipe only for --progress (none here: each search is short).
    assert not wrote or "progress" in names, piped
    return piped


# -- (a) every pair, (c) --explain, --hint and --rate with every other option ---------


def _combos() -> Iterator[tuple[str, ...]]:
    yield ()
    for name in OPTIONS:
        yield (name,)
    for pair in itertools.combinations(OPTIONS, 2):
        if len(set(pair) & set(SAID)) == 1:
            continue  # (c): test_said_with_every_other_option
        if set(pair) != {"method-sat", "method-dlx"}:
            yield pair


#: The default run's share: an answer and a refusal of each kind, the
#: progress switches, workers, the grid's options.
SHARE: set[tuple[str, ...]] = {
    (),
    ("count", "limit"),
    ("count", "jobs"),
    ("count", "grade"),
    ("count", "method-sat"),
    ("grade", "unique"),
    ("check", "json"),
    ("check", "progress"),
    ("jobs", "progress"),
    ("why", "progress"),
    ("why", "cages"),
    ("grade", "cages"),
    ("svg", "cages"),
    ("cages", "disjoint-cages"),
    ("count", "disjoint-cages"),
    ("method-sat", "pretty"),
    ("uva", "pretty"),
    ("svg", "alphabet"),
    ("box", "regions"),
    ("progress", "no-progress"),
    ("unique", "variant"),
    ("json", "regions"),
}


def _params(
    combos: Iterator[tuple[str, ...]], share: set[tuple[str, ...]]
) -> list[Any]:
    params = []
    for combo in combos:
        marks: list[pytest.MarkDecorator] = []
        if combo not in share:
            marks.append(pytest.mark.slow)
        if "method-sat" in combo and NO_SAT:
            marks.append(pytest.mark.skip(reason=NO_SAT))
        params.append(
            pytest.param(combo, marks=marks, id="+".join(combo) or "defaults")
        )
    return params


@pytest.mark.parametrize("names", _params(_combos(), SHARE))
def test_each_pair_answers_on_a_terminal_as_in_a_pipe(
    names: tuple[str, ...], files: Files, tmp_path: Path
) -> None:
    check_alike(names, files, tmp_path)


def _said_combos() -> Iterator[tuple[str, ...]]:
    for way in SAID:
        for name in OPTIONS:
            if name != way:
                yield (way, name)


SAID_SHARE: set[tuple[str, ...]] = {
    ("explain", "jobs"),
    ("explain", "regions"),
    ("hint", "json"),
    ("hint", "progress"),
    ("rate", "timeout"),
    ("rate", "method-sat"),
}


@pytest.mark.parametrize("names", _params(_said_combos(), SAID_SHARE))
def test_said_with_every_other_option(
    names: tuple[str, ...], files: Files, tmp_path: Path
) -> None:
    """--explain, --hint and --rate with each other option, both streams on terminals."""
    check_alike(names, files, tmp_path, both=True)


def test_the_matrix_covers_every_pair() -> None:
    """Every pair of options is run by one of the two matrices (but the two methods)."""
    combos = {frozenset(c) for c in itertools.chain(_combos(), _said_combos())}
    pairs = {frozenset(p) for p in itertools.combinations(OPTIONS, 2)}
    assert pairs - combos == {frozenset({"method-sat", "method-dlx"})}
    assert {frozenset(c) for c in SHARE | SAID_SHARE} <= combos


# -- the progress the command adds, and the one asked for ------------------------------

_PUZZLE_DRAWN = re.compile(r"\rsudoku: puzzle 1: \d+ solutions?, \d+ nodes")
_PUZZLE_LINE = re.compile(r"(?m)^sudoku: puzzle 1: \d+ solutions?, \d+ nodes.*\n")


@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "pipe-progress"])
def test_a_long_count_shows_its_progress(terminal: bool, files: Files) -> None:
    """On a terminal by itself, in a pipe with --progress: then Ctrl-C keeps the count so far."""
    argv = ["--count", str(files.empty9)] + ([] if terminal else ["--progress"])
    running = Running(argv, files, "stderr" if terminal else "")
    running.wait_for(_PUZZLE_DRAWN if terminal else _PUZZLE_LINE)
    running.process.send_signal(signal.SIGINT)
    ran = running.finish()
    assert (ran.status, ran.out) == (130, ""), ran
    err, shown = without_progress(ran, terminal)
    assert shown
    assert re.fullmatch(
        r"sudoku: \S+: puzzle 1 \(line 1\): interrupted after \d+ nodes: at least "
        r"\d+ solutions?\nsudoku: interrupted after 1 puzzle read: 0 answered\n",
        err,
    ), ran


#: A report of --why (sudoku.cli's words for a ConflictProgress).
_WHY_REPORT = (
    r"sudoku: puzzle 1: \d+ tests?, (no reason yet|a reason of \d+ givens?.*), \d+ s"
)
_WHY_DRAWN = re.compile("\r" + _WHY_REPORT)
_WHY_LINE = re.compile("(?m)^" + _WHY_REPORT + "\n")
#: What --why says of a puzzle it did not finish: the givens so far, if any.
_WHY_SO_FAR = (
    r"( before it knew whether there is a solution|: (r\d+c\d+ = \w+, )*"
    r"r\d+c\d+ = \w+ have no solution together, but some of them may not be "
    r"needed for that \(not shown minimal\))"
)


@pytest.mark.parametrize("signalled", ["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "pipe-progress"])
def test_a_long_why_shows_its_progress_and_a_signal_keeps_its_reason(
    terminal: bool, signalled: str, files: Files
) -> None:
    """--why on a 25x25 puzzle that backtracking cannot finish: its reports, then a signal.

    On a terminal by itself, in a pipe with --progress; the signal (sent
    once a report is out) ends it with what it found: here nothing yet,
    or the givens without solution so far, said not shown minimal.
    """
    argv = ["--why", str(files.hard25)] + ([] if terminal else ["--progress"])
    running = Running(argv, files, "stderr" if terminal else "")
    running.wait_for(_WHY_DRAWN if terminal else _WHY_LINE)
    running.process.send_signal(getattr(signal, signalled))
    ran = running.finish()
    how = "interrupted" if signalled == "SIGINT" else "terminated"
    status = 130 if signalled == "SIGINT" else 143
    assert (ran.status, ran.out) == (status, ""), ran
    err, shown = without_progress(ran, terminal)
    assert shown
    assert re.fullmatch(
        rf"sudoku: \S+: puzzle 1 \(line 1\): {how}{_WHY_SO_FAR}\n"
        rf"sudoku: {how} after 1 puzzle read: 0 answered\n",
        err,
    ), ran


def test_a_long_why_out_of_time_says_so_after_its_reports(files: Files) -> None:
    """--why --progress --timeout in a pipe: its reports, then the budget's message (status 3).

    The reports come once a second of the search (none, on a machine so
    loaded that the budget runs out first: the signal tests above wait
    for one); nothing else is said but the puzzle's line.
    """
    ran = run(["--why", "--progress", "--timeout", "2", str(files.hard25)], files)
    assert (ran.status, ran.out) == (3, ""), ran
    err = _WHY_LINE.sub("", ran.err)
    assert re.fullmatch(
        rf"sudoku: \S+: puzzle 1 \(line 1\): gave up{_WHY_SO_FAR}\n", err
    ), ran


@pytest.mark.parametrize(
    "extra",
    [
        pytest.param(["--jobs", "1"], id="jobs"),
        pytest.param(
            ["--method", "sat", "--limit", "50000"],
            id="method-sat",
            marks=[
                pytest.mark.slow,
                pytest.mark.skipif(bool(NO_SAT), reason=str(NO_SAT)),
            ],
        ),
    ],
)
def test_the_progress_it_adds_is_dropped_where_the_run_reports_none(
    extra: list[str], files: Files
) -> None:
    """A long count on a terminal with --jobs or --method sat: no progress, no refusal.

    The same run in a pipe says the same (its budget's message, numbers
    aside); with ``--progress`` asked for, both refuse it in the command's
    words, as dlx.ways does.
    """
    argv = ["--count", "--timeout", "2", *extra, str(files.empty9)]
    shown, piped = run(argv, files, "stderr"), run(argv, files)
    assert shown.status == piped.status == 3, (shown, piped)
    assert shown.out == piped.out == ""
    assert not _DRAWN.search(shown.err) and "\r" not in shown.err, shown
    number = re.compile(r"\d[\d.,]*")
    assert number.sub("#", shown.err) == number.sub("#", piped.err)
    assert "gave up" in piped.err
    asked = [*argv[:-1], "--progress", argv[-1]]
    keys = {"count", "timeout", "progress"} | (
        {"split"} if "--jobs" in extra else {"sat", "limit"}
    )
    with pytest.raises(ways.Refused) as rule:
        ways.check(keys, "sudoku")
    for terminal in ("", "stderr"):
        assert run(asked, files, terminal) == Ran(
            2, "", f"sudoku: error: {rule.value}\n"
        )


# -- (b) each option given twice ------------------------------------------------------

#: Two values of each option that takes one, and what the run needs besides.
TWICE: dict[str, tuple[tuple[str, str], tuple[str, str], list[str]]] = {
    "method": (("--method", "dlx"), ("--method", "sat"), []),
    "jobs": (("--jobs", "2"), ("--jobs", "1"), []),
    "limit": (("--limit", "2"), ("--limit", "3"), ["--count"]),
    "timeout": (("--timeout", "60"), ("--timeout", "30"), []),
    "svg": (("--svg", "a.svg"), ("--svg", "b.svg"), []),
    "box": (("--box", "2x2"), ("--box", "1x4"), []),
    "alphabet": (("--alphabet", "1234"), ("--alphabet", "4321"), []),
    "variant": (("--variant", "x"), ("--variant", "windoku"), []),
    "regions": (("--regions", MAP), ("--regions", "other.txt"), []),
    "cages": (("--cages", CAGES), ("--cages", "other.txt"), []),
}

_TWICE_SHARE = {"limit", "method", "box"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=[] if name in _TWICE_SHARE else [pytest.mark.slow])
        for name in TWICE
    ],
)
def test_an_option_given_twice_with_two_values_is_refused(
    name: str, files: Files
) -> None:
    """Two values of one option: refused naming it, before anything runs, alike on a terminal."""
    first, second, company = TWICE[name]
    stands = {MAP: str(files.jigsaw), CAGES: str(files.cages)}
    words = [stands.get(word, word) for word in (*first, *second)]
    argv = [*company, *words, str(files.puzzles)]
    piped, shown = run(argv, files), run(argv, files, "stderr")
    assert piped == shown
    assert piped.status == 2 and piped.out == "", piped
    assert piped.err.startswith("usage: sudoku"), piped
    assert piped.err.splitlines()[-1] == (
        f"sudoku: error: {first[0]} given twice ({words[1]} and {words[3]}): give it once"
    )


#: Options whose repeat means them once (each option alike), and their company.
AGAIN: dict[str, list[str]] = {
    name: ["count"] if name == "limit" else [] for name in OPTIONS
}

_AGAIN_SHARE = {"count", "progress", "variant"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            name,
            marks=[] if name in _AGAIN_SHARE else [pytest.mark.slow],
        )
        for name in AGAIN
    ],
)
def test_an_option_given_twice_alike_means_it_once(
    name: str, files: Files, tmp_path: Path
) -> None:
    """The same option with the same value again: the answer of once, on a terminal too."""
    names = [*AGAIN[name], name]
    if "method-sat" in names and NO_SAT:
        pytest.skip(NO_SAT)
    once = argv_of(names, files, tmp_path)
    twice = argv_of([*names, name], files, tmp_path)
    assert len(twice) == len(once) + len(OPTIONS[name])
    alone = run(once, files)
    expected = refusal_of(names)
    assert (alone.status == 2) == (expected is not None), alone
    for terminal in ("", "stderr"):
        again = run(twice, files, terminal)
        assert (again.status, again.out) == (alone.status, alone.out), again
        err, _ = without_progress(again, terminal=bool(terminal))
        assert err == without_progress(alone, terminal=False)[0], again


# -- (d) sudoku generate ---------------------------------------------------------------

#: Each option of ``sudoku generate`` and its words (all runs take --seed).
GENERATE: dict[str, tuple[str, ...]] = {
    "box": ("--box", "2x2"),
    "variant": ("--variant", "windoku"),  # graded in seconds, where x takes longer
    "regions": ("--regions", MAP),
    "count": ("--count", "3"),
    "symmetry": ("--symmetry", "none"),
    "givens": ("--givens", "30"),
    "grade": ("--grade", "easy"),
    "tries": ("--tries", "3"),
    "timeout": ("--timeout", "60"),
    "not-minimal": ("--not-minimal",),
    "blocks": ("--blocks",),
    "no-progress": ("--no-progress",),
    "cages": ("--cages", "killer"),
    "size": ("--size", "4"),
}

SEED = 5

#: The options of sudoku generate that --cages refuses, in the order it
#: checks them (a cage puzzle has no givens).
NOT_WITH_CAGES = ("givens", "symmetry", "not-minimal", "blocks")


#: The options of sudoku generate that are features of dlx.ways (--grade
#: is the feature target_grade there).
GENERATE_FEATURES = frozenset({"box", "regions", "givens", "grade", "tries", "timeout"})


def generated(names: Sequence[str], files: Files) -> tuple[int, str, str | None]:
    """What ``sudoku generate`` must do with ``names``: status, output and a refusal.

    The puzzles are :func:`sudoku.generate`'s for the seeds from
    :data:`SEED`; refused is what :func:`dlx.ways.check` refuses of the
    options that are features of it (``--tries`` without ``--givens`` or
    ``--grade``, ``--box`` with ``--regions``).
    """
    given = set(names)
    asked = {"grade": "target_grade"}
    if "cages" in given:
        for name in NOT_WITH_CAGES:
            if name in given:
                return 2, "", f"--cages does not go with --{name}: "
    try:
        ways.check(
            {asked.get(name, name) for name in given if name in GENERATE_FEATURES},
            "sudoku",
        )
    except ways.Refused as refused:
        return 2, "", str(refused)
    keywords: dict[str, Any] = {"seed": SEED}
    box = (2, 2) if "box" in given else None
    if "variant" in given:
        keywords["variant"] = "windoku"
    if "regions" in given:
        keywords["regions"] = JIGSAW.replace("\n", "")
    if "symmetry" in given:
        keywords["symmetry"] = "none"
    if "givens" in given:
        keywords["givens"] = 30
    if "grade" in given:
        keywords["grade"] = "easy"
    if "tries" in given:
        keywords["tries"] = 3
    if "not-minimal" in given:
        keywords["minimal"] = False
    if "size" in given and box is None and "regions" not in given:
        keywords["size"] = 4
    out = []
    status = 0
    if "cages" in given:
        # Killers in the form sudoku --cages reads, each under its seed.
        for k in range(3 if "count" in given else 1):
            try:
                made = sudoku.generate_puzzle(
                    box, cages="killer", **dict(keywords, seed=SEED + k)
                )
            except sudoku.SudokuError:  # no killer of the grade: said, go on
                status = 1
                continue
            size = round(len(made.puzzle) ** 0.5)
            out.append(("\n" if k else "") + f"# seed {SEED + k}\n")
            out.append(cage_text(size, made.cages) + "\n")
        return status, "".join(out), None
    for k in range(3 if "count" in given else 1):
        try:
            puzzle = sudoku.generate(box, **dict(keywords, seed=SEED + k))
        except sudoku.SudokuError as error:
            if "grade" in given and "no easy puzzle" in str(error):
                status = 1  # said for this puzzle; the others are printed
                continue
            # A variant and map without a complete grid: refused, as options.
            return 2, "", "--regions " if "regions" in given else "--variant "
        if "blocks" in given:
            size = int(len(puzzle) ** 0.5)
            rows = puzzle.replace(".", "-")
            out.append(
                "".join(rows[i : i + size] + "\n" for i in range(0, len(rows), size))
            )
            out.append("\n")
        else:
            out.append(puzzle + "\n")
    return status, "".join(out), None


#: The default run's share of sudoku generate's runs (each option alone
#: and each pair with -m slow).
GENERATE_SHARE: set[tuple[str, ...]] = {
    (),
    ("count",),
    ("blocks",),
    ("regions",),
    ("grade",),
    ("tries",),
    ("box", "cages"),
    ("cages", "size"),
    ("symmetry", "cages"),
    ("box", "size"),
}


def _generate_params() -> list[Any]:
    combos: list[tuple[str, ...]] = [(), *((name,) for name in GENERATE)]
    combos += itertools.combinations(GENERATE, 2)
    return [
        pytest.param(
            combo,
            marks=[] if combo in GENERATE_SHARE else [pytest.mark.slow],
            id="+".join(combo) or "defaults",
        )
        for combo in combos
    ]


@pytest.mark.parametrize("names", _generate_params())
def test_generate_on_a_terminal_as_in_a_pipe(
    names: tuple[str, ...], files: Files
) -> None:
    """``sudoku generate`` with each option and each pair: as the library, alike."""
    stands = {MAP: str(files.jigsaw)}
    words = [stands.get(w, w) for name in names for w in GENERATE[name]]
    argv = ["generate", "--seed", str(SEED), *words]
    piped, shown = run(argv, files), run(argv, files, "stderr")
    status, out, refusal = generated(names, files)
    assert (piped.status, piped.out) == (status, out), piped
    if refusal is not None:
        assert piped.err.startswith("usage: sudoku generate"), piped
        assert piped.err.splitlines()[-1].startswith(
            f"sudoku generate: error: {refusal}"
        )
    else:
        # Only a --givens target missed, or a --grade not found, is said.
        for line in piped.err.splitlines():
            assert re.search(
                r"asked for at most 30 givens|no easy puzzle|no cage puzzle of grade 'easy'",
                line,
            ), piped
    shown_err, _ = without_progress(shown, terminal=True)
    assert (shown.status, shown.out, shown_err) == (piped.status, piped.out, piped.err)


def test_generate_without_a_seed_shows_it_on_a_terminal(files: Files) -> None:
    """The seed drawn is said on a terminal only; given, it makes the same puzzles again."""
    argv = ["generate", "--box", "2x2", "--count", "2"]
    shown = run(argv, files, "stderr")
    assert shown.status == 0, shown
    said = re.fullmatch(r"sudoku generate: --seed (\d+)\r?\n", shown.err)
    assert said is not None, shown
    again = run([*argv, "--seed", said[1]], files)
    assert again == Ran(0, shown.out, "")
    seed = int(said[1])
    assert shown.out.splitlines() == [
        sudoku.generate((2, 2), seed=seed + k) for k in range(2)
    ]
    # --no-progress hides the progress, not how to make the puzzles again.
    quiet = run([*argv, "--no-progress"], files, "stderr")
    assert re.fullmatch(r"sudoku generate: --seed (\d+)\r?\n", quiet.err), quiet


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param(("--count", "2"), ("--count", "3"), id="count"),
        pytest.param(
            ("--seed", "1"), ("--seed", "2"), id="seed", marks=pytest.mark.slow
        ),
        pytest.param(
            ("--grade", "easy"), ("--grade", "hard"), id="grade", marks=pytest.mark.slow
        ),
        pytest.param(
            ("--box", "2x2"), ("--box", "2x3"), id="box", marks=pytest.mark.slow
        ),
    ],
)
def test_generate_refuses_an_option_given_twice_with_two_values(
    first: tuple[str, str], second: tuple[str, str], files: Files
) -> None:
    argv = ["generate", *first, *second]
    piped, shown = run(argv, files), run(argv, files, "stderr")
    assert piped == shown
    assert (piped.status, piped.out) == (2, ""), piped
    assert piped.err.splitlines()[-1] == (
        f"sudoku generate: error: {first[0]} given twice ({first[1]} and "
        f"{second[1]}): give it once"
    )
