"""Run the console examples of the documentation and compare what they print.

The ``>>>`` examples of the pages run as doctests; this module does the same
for the transcripts of the commands: every ``.. code-block:: console`` block
of README.rst and docs/**/*.rst.  The convention of such a block:

* A line that starts with ``$`` and a space is a command, run by ``bash``; a
  command continues on the next lines while a quotation is open or the line
  ends with a backslash.  Comments after ``#`` are the shell's own.
* The lines after a command, up to the next one, are what it prints: its
  standard output and standard error merged in the order they are written,
  as a terminal shows them (Python runs unbuffered).  Trailing spaces and
  blank lines at the end are ignored.
* A line of output too long for the page is wrapped: a line of output that
  starts with spaces continues the line before it (the two are joined with
  one space), so it must be broken where the command prints a space.
* A line that is only ``...`` matches any number of lines, none too: for
  long or variable output (times, counts of a machine).  Elsewhere ``...`` is
  literal, since puzzles are full of dots.
* ``dlx`` and ``sudoku`` are ``python -m dlx`` and ``python -m sudoku``, and
  ``python`` and ``python3`` are the Python that runs the tests, with
  ``PYTHONPATH`` set to the repository.  The blocks of a page run in their
  order in a temporary folder of the page that links ``docs`` and ``tests``
  to the repository's, so paths read as from the repository root while the
  files the commands write (``> queens8.dlx``) stay out of the checkout, and
  later commands of the page see them.  (Testing one block alone runs the
  page's blocks before it first.)
* A command must end with status 0 unless the next command is ``echo $?``,
  which prints its status.
* A block that cannot run here (a Dask cluster, a long run, a Ctrl-C, files
  the reader brings) is skipped by the comment ``.. console-no-test: REASON``
  just before it (blank lines between are fine).  The comment is invisible
  in the pages; pytest lists the skips with their reasons, and a marker that
  is not followed by a console block fails.  A ``$`` line in a block of
  another language fails too: every transcript is a console block, and
  tested.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from doc_blocks import ROOT, Block, blocks, pages, skip_markers

PROMPT = "$ "
ANY_LINES = "..."
TIMEOUT = 60  # seconds per command

CONSOLE = [
    block
    for page in pages()
    for block in blocks(page)
    if block.kind == "code-block" and block.language == "console"
]


@dataclass
class Command:
    text: str
    expected: list[str]


def _complete(command: str) -> bool:
    """Whether ``command`` is whole: no open quotation, no final backslash."""
    if command.endswith("\\"):
        return False
    try:
        shlex.split(command, comments=True)
    except ValueError:  # "No closing quotation"
        return False
    return True


def commands(block: Block) -> list[Command]:
    """The commands of a transcript, each with the lines it should print."""
    found: list[Command] = []
    lines = list(block.lines)
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.startswith(PROMPT):
            if found:
                found[-1].expected.append(line)
                index += 1
                continue
            raise AssertionError(
                f"{block.where}: text before the first command: {line!r}"
            )
        text = line[len(PROMPT) :]
        index += 1
        while not _complete(text) and index < len(lines):
            text += "\n" + lines[index]
            index += 1
        found.append(Command(text, []))
    return found


def shows_status(command: Command) -> bool:
    """Whether ``command`` is ``echo $?`` (a comment after it is fine)."""
    return shlex.split(command.text, comments=True) == ["echo", "$?"]


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` fits ``expected``, where a line ``...`` fits any lines.

    Inside a line, a word ``...`` fits any text (see :func:`fits`).
    """
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == ANY_LINES:
        return any(matches(rest, actual[start:]) for start in range(len(actual) + 1))
    return bool(actual) and fits(head, actual[0]) and matches(rest, actual[1:])


def fits(expected: str, actual: str) -> bool:
    """Whether one line fits: a word ``...`` inside a line stands for any text.

    A page writes ``in ... (minimal`` where the tries finished depend on the
    machine's speed (PyPy finishes a try that CPython does not).
    """
    if expected == actual:
        return True
    if " ... " not in expected:
        return False
    pattern = " .* ".join(re.escape(part) for part in expected.split(" ... "))
    return re.fullmatch(pattern, actual) is not None


def unwrap(lines: list[str]) -> list[str]:
    """The lines of a page's output with the wrapped ones joined again."""
    joined: list[str] = []
    for line in lines:
        if joined and joined[-1] and line[:1].isspace() and line.strip():
            joined[-1] = f"{joined[-1]} {line.strip()}"
        else:
            joined.append(line)
    return joined


def _trim(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _tools(folder: Path) -> Path:
    """A folder of the commands the transcripts name, run by this Python."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    scripts = {
        "dlx": f'exec "{sys.executable}" -m dlx "$@"',
        "sudoku": f'exec "{sys.executable}" -m sudoku "$@"',
        "python": f'exec "{sys.executable}" "$@"',
        "python3": f'exec "{sys.executable}" "$@"',
    }
    for name, body in scripts.items():
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return bin_dir


@dataclass
class PageFolder:
    """Where the blocks of one page run, and the lines of those already run."""

    work: Path
    tools: Path
    done: set[int] = field(default_factory=set)


PAGE_FOLDERS: dict[Path, PageFolder] = {}


def page_folder(page: Path, factory: pytest.TempPathFactory) -> PageFolder:
    if page not in PAGE_FOLDERS:
        folder = factory.mktemp(page.stem)
        work = folder / "work"
        work.mkdir()
        for name in ("docs", "tests"):
            (work / name).symlink_to(ROOT / name)
        PAGE_FOLDERS[page] = PageFolder(work, _tools(folder))
    return PAGE_FOLDERS[page]


def run_block(block: Block, folder: PageFolder) -> None:
    work = folder.work
    env = dict(os.environ)
    env["PATH"] = f"{folder.tools}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(ROOT)
    env["PYTHONUNBUFFERED"] = "1"
    env.pop("PYTHONSTARTUP", None)
    status = 0
    steps = commands(block)
    for number, command in enumerate(steps):
        result = subprocess.run(
            ["bash", "-c", f"(exit {status}); {command.text}"],
            cwd=work,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TIMEOUT,
        )
        status = result.returncode
        actual = _trim(result.stdout.splitlines())
        expected = _trim(unwrap(command.expected))
        assert matches(expected, actual), (
            f"{block.where}: $ {command.text}\n"
            f"--- the page shows:\n" + "\n".join(expected) + "\n"
            "--- the command printed:\n" + "\n".join(actual)
        )
        checked = number + 1 < len(steps) and shows_status(steps[number + 1])
        assert status == 0 or checked, (
            f"{block.where}: $ {command.text}\nended with status {status}, "
            "and the page does not show it with `echo $?`"
        )


@pytest.mark.processes
@pytest.mark.parametrize("block", CONSOLE, ids=[block.where for block in CONSOLE])
def test_console_block(block: Block, tmp_path_factory: pytest.TempPathFactory) -> None:
    if block.skip_reason is not None:
        pytest.skip(f"{block.where}: console-no-test: {block.skip_reason}")
    uses_jq = any(re.search(r"\bjq\b", command.text) for command in commands(block))
    if uses_jq and shutil.which("jq") is None:
        # jq is not part of a fresh machine; the JSON it reads is tested by
        # tests/test_cli_json.py.
        pytest.skip(f"{block.where}: needs jq, which is not installed")
    folder = page_folder(block.page, tmp_path_factory)
    for earlier in CONSOLE:
        if (
            earlier.page == block.page
            and earlier.line < block.line
            and earlier.skip_reason is None
            and earlier.line not in folder.done
        ):
            run_block(earlier, folder)
            folder.done.add(earlier.line)
    run_block(block, folder)
    folder.done.add(block.line)


def test_there_are_console_blocks() -> None:
    # The reader must find them: a change of the directive's spelling would
    # otherwise make every test above silently disappear.
    tested = [block for block in CONSOLE if block.skip_reason is None]
    assert len(tested) >= 10


def test_skip_markers_precede_console_blocks() -> None:
    marked = {(block.page, block.line) for block in CONSOLE if block.skip_reason}
    for page in pages():
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, _ in skip_markers(page):
            after = number  # index of the line after the marker
            while after < len(lines) and not lines[after].strip():
                after += 1
            assert (page, after + 1) in marked, (
                f"{page.relative_to(ROOT)}:{number}: console-no-test marker "
                "not followed by a console block"
            )


def test_transcripts_are_console_blocks() -> None:
    for page in pages():
        for block in blocks(page):
            if block.kind == "code-block" and block.language == "console":
                continue
            prompts = [line for line in block.lines if line.startswith(PROMPT)]
            assert not prompts, (
                f"{block.where}: {prompts[0]!r} looks like a transcript; "
                "make it a `.. code-block:: console` so that it is tested"
            )


def test_matches() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "b"], ["a", "b"])
    assert matches(["..."], [])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert not matches(["a..."], ["ab"])
    assert matches(["in ... tries"], ["in 0 tries"])
    assert matches(["in ... tries"], ["in 12 finished tries"])
    assert not matches(["in ... tries"], ["in 0 puzzles"])
    assert not matches(["in ... tries"], ["in tries"])
    assert not matches([], ["a"])


def test_unwrap() -> None:
    assert unwrap(["a b", "  c", "d", "", "  e"]) == ["a b c", "d", "", "  e"]


def test_commands() -> None:
    block = Block(
        ROOT / "README.rst",
        1,
        "code-block",
        "console",
        ("$ echo 'a", "b' \\", "  c", "a", "b c", "$ echo $?", "0"),
    )
    assert [(c.text, c.expected) for c in commands(block)] == [
        ("echo 'a\nb' \\\n  c", ["a", "b c"]),
        ("echo $?", ["0"]),
    ]
