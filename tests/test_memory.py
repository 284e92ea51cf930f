"""Reading big problems: the stream reader, memory per node, running out of memory."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import textwrap
from collections.abc import Hashable
from pathlib import Path

import pytest
from dlx_helpers import NO_TRACEMALLOC

import dlx.textformat
from dlx import (
    Colored,
    ExactCover,
    FormatError,
    ProblemTooLarge,
    parse_dlx,
    read_dlx,
)
from dlx.links import TUPLE_MAX_WIDTH

TEXTS = [
    "A B C | X Y\nA B\nB C X\n| a comment\n\n  A Y:red\nC X:red Y:blue\n",
    "\ufeffA B\r\nA\r\nB\r\nA B",  # byte order mark, CRLF, no last line end
    "A B\rA\x0cB\n\x85A B\u2028B\n",  # every line boundary splitlines knows
    "A B | C\nC\nA\nB C\n",  # an option without a primary item
    "  | only\n|comments\n",
    " \n\t\n",
    "",
    "A B\nA A\n",
    "A B\nA C\n",
    "A B | C\nA C:\n",
    "A B | C\nA:red\n",
    "A B\nA|B\n",
    "A A\n",
    "A: B\n",
]


def outcome(read: object) -> object:
    """What reading gives: the options and warnings, or the error message."""
    warnings: list[str] = []
    try:
        problem = read(warnings.append)  # type: ignore[operator]
    except FormatError as error:
        return str(error)
    assert isinstance(problem, ExactCover)
    return (
        problem.primary,
        problem.secondary,
        problem.options_of(range(len(problem))),
        warnings,
    )


@pytest.mark.parametrize("block", [1, 3, 1 << 20])
@pytest.mark.parametrize("text", TEXTS)
def test_reader_reads_what_parse_dlx_reads(
    text: str, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dlx.textformat, "_BLOCK", block)
    expected = outcome(lambda warn: parse_dlx(text.removeprefix("\ufeff"), "f", warn))
    data = text.encode()
    assert outcome(lambda warn: read_dlx(io.BytesIO(data), "f", warn)) == expected
    text_stream = io.StringIO(text.removeprefix("\ufeff"), newline="")
    assert outcome(lambda warn: read_dlx(text_stream, "f", warn)) == expected


def test_reader_names_the_file_and_line_of_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "bad.dlx"
    path.write_bytes(b"\xef\xbb\xbfA B\nA\n" + b"B\n" * 3000 + b"A \xff\n")
    with path.open("rb") as stream, pytest.raises(FormatError) as caught:
        read_dlx(stream)
    assert str(caught.value) == f"{path}:3003: not UTF-8 text"


def test_reader_takes_the_name_of_the_stream() -> None:
    with pytest.raises(FormatError, match=r"^<stream>: empty file$"):
        read_dlx(io.BytesIO(b""))


def test_options_are_given_back_as_they_were_added() -> None:
    class Name(str):
        pass

    problem = ExactCover([1, "be", 2.0], ["c"])
    options: list[list[Hashable]] = [
        [1, "be"],
        [True, "be"],  # True == 1, but not the same: kept as given
        [Name("be")],
        [2, Colored("c", "red")],
        [1, Colored("c", 1.0)],
        ["".join(["b", "e"]), Colored("c", "".join(["r", "ed"]))],
    ]
    problem.add_options(options)
    for k, option in enumerate(options):
        given = problem.option(k)
        assert given == tuple(option)
        assert list(map(type, given)) == list(map(type, option))
    coloured = problem.option(4)[1]
    assert isinstance(coloured, Colored)
    assert type(coloured.color) is float


def random_options(n_items: int, n_nodes: int, seed: int = 5) -> str:
    rng = random.Random(seed)
    names = [f"i{k}" for k in range(n_items)]
    lines = [" ".join(names)]
    nodes = 0
    while nodes < n_nodes:
        option = rng.sample(names, rng.randint(3, 6))
        lines.append(" ".join(option))
        nodes += len(option)
    return "\n".join(lines) + "\n"


#: Bytes per node that reading and building may take at their peak, as
#: traced by tracemalloc (options of 3-6 items over 2,000 items).  It was
#: 374 before the memory work and is 256 now (docs/performance.rst,
#: "Memory"); the bound leaves a margin of about 15 %.
BYTES_PER_NODE = 300


@pytest.mark.skipif(NO_TRACEMALLOC is not None, reason=str(NO_TRACEMALLOC))
def test_memory_per_node_stays_down() -> None:
    import tracemalloc

    data = random_options(2000, 200_000).encode()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        problem = read_dlx(io.BytesIO(data))
        links = problem.links()
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    nodes = len(links.top) - links.n_items - 1
    assert nodes >= 200_000
    assert peak / nodes < BYTES_PER_NODE


# Runs under a cap on its address space: reads the file, builds the links,
# and prints the message of the error it expects.
_CAPPED = textwrap.dedent(
    """
    import resource, sys
    cap = int(sys.argv[2]) << 20
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from dlx import ProblemTooLarge, read_dlx
    try:
        with open(sys.argv[1], "rb") as stream:
            problem = read_dlx(stream)
        problem.links().others  # the sibling tuples are made on first use
    except ProblemTooLarge as error:
        print(error)
        sys.exit(9)
    """
)


def run_capped(path: Path, megabytes: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _CAPPED, str(path), str(megabytes)],
        capture_output=True,
        text=True,
        timeout=120,
    )


#: PyPy cannot run out of memory gracefully: its garbage collector aborts the
#: process ("out of memory: couldn't allocate the next arena") rather than
#: raise MemoryError, so under a cap the commands cannot say what ran out.
NO_MEMORY_ERROR_ON_PYPY = pytest.mark.skipif(
    sys.implementation.name == "pypy",
    reason="PyPy aborts when out of memory instead of raising MemoryError",
)


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as on Linux")
@NO_MEMORY_ERROR_ON_PYPY
def test_a_file_too_big_to_read_ends_with_a_message(tmp_path: Path) -> None:
    # Short lines over one-letter items: about 13 bytes kept per byte read,
    # so 12 MB of text cannot fit in 100 MB.
    rng = random.Random(3)
    letters = "abcdefghijklmnopqrstuvwxyz"
    lines = [" ".join(rng.sample(letters, 3)) for _ in range(1000)]
    path = tmp_path / "big.dlx"
    with path.open("w") as out:
        out.write(" ".join(letters) + "\n")
        block = "\n".join(lines) + "\n"
        for _ in range(2000):
            out.write(block)
    result = run_capped(path, 100)
    assert result.returncode == 9, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith("out of memory after reading ")
    assert result.stdout.endswith(f" of {path})\n")


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as on Linux")
@NO_MEMORY_ERROR_ON_PYPY
def test_links_too_big_to_build_end_with_a_message(tmp_path: Path) -> None:
    # Options of 32 items, the widest that keep tuples: each node keeps two
    # tuples of 31 siblings, about 680 bytes with the rest, for 4 bytes of
    # text; 1.2 MB of text cannot fit in 100 MB.  (Wider options keep
    # rings, a few hundred bytes a node: tests/test_links_rings.py.)
    path = wide_file(tmp_path)
    result = run_capped(path, 100)
    assert result.returncode == 9, result.stderr
    assert result.stderr == ""
    assert result.stdout == (
        "out of memory while building the links of 9,000 options (288,000 nodes)\n"
    )


def wide_file(tmp_path: Path) -> Path:
    """A file of 9,000 options of TUPLE_MAX_WIDTH items that needs about 200 MB of links."""
    rng = random.Random(4)
    names = [f"i{k}" for k in range(60)]
    path = tmp_path / "wide.dlx"
    lines = [" ".join(names)]
    lines += (" ".join(rng.sample(names, TUPLE_MAX_WIDTH)) for _ in range(9000))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_problem_too_large_is_a_memory_error() -> None:
    assert issubclass(ProblemTooLarge, MemoryError)


_CAPPED_COMMAND = textwrap.dedent(
    """
    import resource, sys
    limit = int(sys.argv[2]) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    from dlx.cli import main
    sys.exit(main(["--count", sys.argv[1]]))
    """
)


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as on Linux")
@NO_MEMORY_ERROR_ON_PYPY
def test_the_command_says_out_of_memory_and_exits_71(tmp_path: Path) -> None:
    path = wide_file(tmp_path)
    result = subprocess.run(
        [sys.executable, "-c", _CAPPED_COMMAND, str(path), "100"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 71, result.stderr
    assert result.stdout == ""
    assert result.stderr == (
        "dlx: out of memory while building the links of 9,000 options (288,000 nodes)\n"
    )
