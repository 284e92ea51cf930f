"""Line ends of the DLX reader: LF (or CRLF) alone ends a line.

Form feeds, vertical tabs, ``\\x1c``-``\\x1e``, ``\\x85``, ``\\u2028`` and
``\\u2029`` end lines for :meth:`str.splitlines`, but not in a file: they
are blanks inside their line, and every message counts lines the way an
editor does.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import FormatError, format_dlx, parse_dlx, read_dlx, textformat

#: Characters that str.splitlines() splits at, other than LF and CRLF.
SPLITLINES_ONLY = [
    "\r",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1d",
    "\x1e",
    "\x85",
    "\u2028",
    "\u2029",
]
#: Blanks (str.isspace) that separate names inside a line.
BLANKS = [" ", "\t", "\x1f", "\xa0", *SPLITLINES_ONLY]


def error_of(read: str, text: str, block: int | None = None) -> FormatError:
    """The FormatError that reading ``text`` one way raises."""
    with (
        mock.patch.object(textformat, "_BLOCK", block or textformat._BLOCK),
        pytest.raises(FormatError) as caught,
    ):
        read_text(read, text)
    return caught.value


def read_text(read: str, text: str) -> object:
    if read == "parse":
        return parse_dlx(text, "f.dlx")
    if read == "bytes":
        return read_dlx(io.BytesIO(text.encode("utf-8")), "f.dlx")
    return read_dlx(io.StringIO(text, newline=""), "f.dlx")


READS = ["parse", "bytes", "text"]


@pytest.mark.parametrize("read", READS)
def test_the_field_report_form_feed_names_line_3(read: str) -> None:
    # printf 'A B\n\x0cA\nC\n' once gave "line 4" for a file of three lines.
    error = error_of(read, "A B\n\x0cA\nC\n")
    assert (error.line, error.message) == (3, "unknown item 'C'")
    assert str(error) == "f.dlx:3: unknown item 'C'"


@pytest.mark.parametrize("read", READS)
@pytest.mark.parametrize("blank", BLANKS)
def test_a_blank_separates_names_and_ends_no_line(read: str, blank: str) -> None:
    text = f"A{blank}B\nA{blank}B{blank}\n{blank}B\nD\n"
    error = error_of(read, text)
    assert (error.line, error.message) == (4, "unknown item 'D'")
    problem = read_text(read, text.removesuffix("D\n"))
    assert format_dlx(problem) == "A B\nA B\nB\n"  # type: ignore[arg-type]


@pytest.mark.parametrize("read", READS)
def test_crlf_and_a_lone_cr(read: str) -> None:
    # CRLF ends a line; a lone CR is a blank within it (old Mac files read
    # as one line, which is then the item line).
    assert error_of(read, "A B\r\n|c\r\n\r\nA A\r\n").line == 4
    problem = read_text(read, "A\rB\nA\rB\r\n")
    assert format_dlx(problem) == "A B\nA B\n"  # type: ignore[arg-type]


def test_bad_utf8_is_reported_on_the_lf_counted_line() -> None:
    data = "A B\n\x0cA\x1cB\n\x85\u2028A\n".encode() + b"\xffB\n"
    with pytest.raises(FormatError) as caught:
        read_dlx(io.BytesIO(data), "u.dlx")
    assert str(caught.value) == "u.dlx:4: not UTF-8 text"


class BomFirst(io.TextIOBase):
    """A text stream whose first read returns the byte order mark alone."""

    def __init__(self, text: str, chunk: int = 3) -> None:
        self._reads = [
            "\ufeff",
            *(text[k : k + chunk] for k in range(0, len(text), chunk)),
        ]

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        return self._reads.pop(0) if self._reads else ""


def test_a_text_stream_that_reads_the_bom_alone_first() -> None:
    problem = read_dlx(BomFirst("A B | C\nA C:red\nB C:red\n"), "bom.dlx")  # type: ignore[arg-type]
    assert problem.primary == ("A", "B") and problem.secondary == ("C",)
    assert len(problem) == 2 and problem.count() == 1
    with pytest.raises(FormatError, match=r"^bom\.dlx:2: unknown item 'X'$"):
        read_dlx(BomFirst("A\nX\n"), "bom.dlx")  # type: ignore[arg-type]
    with pytest.raises(FormatError, match=r"^bom\.dlx: empty file$"):
        read_dlx(BomFirst(""), "bom.dlx")  # type: ignore[arg-type]


# -- random files: the line of an error is its physical line -----------------

SEPARATORS = st.lists(st.sampled_from(BLANKS), min_size=1, max_size=3).map("".join)
PADDING = st.lists(st.sampled_from(BLANKS), max_size=2).map("".join)


@st.composite
def option_line(draw: st.DrawFn) -> str:
    """A good option of ``A B | C``, a comment, or a blank line."""
    kind = draw(st.sampled_from(["option", "comment", "blank"]))
    if kind == "blank":
        return draw(PADDING)
    if kind == "comment":
        rest = draw(st.lists(st.sampled_from(["x", *BLANKS]), max_size=5))
        return draw(PADDING) + "|" + "".join(rest)
    items = draw(st.permutations(["A", "B", "C:x"]))
    size = draw(st.integers(1, 3))
    chosen = list(items[:size])
    if chosen == ["C:x"]:
        chosen = ["A", "C:x"]
    words = [chosen[0]]
    for item in chosen[1:]:
        words += [draw(SEPARATORS), item]
    return draw(PADDING) + "".join(words) + draw(PADDING)


@settings(max_examples=200, deadline=None)
@given(
    before=st.lists(option_line(), max_size=12),
    after=st.lists(option_line(), max_size=4),
    bad=st.sampled_from(["A D", "A A", "B C:", "C:x", "A|B"]),
    end=st.sampled_from(["\n", "\r\n"]),
    last_end=st.booleans(),
    block=st.sampled_from([None, 1, 5, 16]),
)
def test_errors_name_the_physical_line(
    before: list[str],
    after: list[str],
    bad: str,
    end: str,
    last_end: bool,
    block: int | None,
) -> None:
    lines = ["A B | C", *before, bad, *after]
    text = end.join(lines) + (end if last_end else "")
    expected = len(before) + 2
    if bad == "C:x":  # no primary item: a warning, not an error
        warnings: list[str] = []
        parse_dlx(text, "f.dlx", warn=warnings.append)
        assert f"f.dlx:{expected}: option ignored (it has no primary item)" in warnings
        return
    for read in READS:
        error = error_of(read, text, block)
        assert error.line == expected, (read, text)
        assert str(error).startswith(f"f.dlx:{expected}: ")
    # What an editor shows: the same count as splitting at LF alone.
    assert text.split("\n")[expected - 1].rstrip("\r") == bad


@settings(max_examples=100, deadline=None)
@given(
    body=st.lists(option_line(), max_size=12),
    end=st.sampled_from(["\n", "\r\n"]),
)
def test_every_good_line_is_one_option(body: list[str], end: str) -> None:
    text = end.join(["A B | C", *body]) + end
    options = sum(
        1 for line in body if line.strip() and not line.strip().startswith("|")
    )
    for read in READS:
        problem = read_text(read, text)
        assert len(problem) == options  # type: ignore[arg-type]


# -- white space, the same on every interpreter ------------------------------------


def test_white_space_is_what_isspace_calls_blank() -> None:
    blanks = {chr(c) for c in range(0x110000) if chr(c).isspace()}
    assert set(textformat.WHITE_SPACE) == blanks
    assert len(textformat.WHITE_SPACE) == len(blanks)  # each once


def _words_by_isspace(text: str) -> list[str]:
    """``text`` split where ``str.isspace`` says, character by character."""
    words: list[str] = []
    word = ""
    for char in text:
        if char.isspace():
            if word:
                words.append(word)
            word = ""
        else:
            word += char
    return [*words, word] if word else words


#: What PyPy 7.3's str.split and str.strip got wrong: \x1c-\x1f (blank,
#: not split at) and U+180E (not blank, split at and stripped).
_TRICKY = ["a", "b", " ", "\t", "\x1c", "\x1f", "\u180e", "\u200b", "\x85", "\u3000"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_TRICKY), max_size=12).map("".join))
def test_words_and_stripping_follow_isspace(text: str) -> None:
    assert textformat.split_words(text) == _words_by_isspace(text)
    stripped = textformat.strip_space(text)
    assert stripped == "" or not (stripped[0].isspace() or stripped[-1].isspace())
    assert stripped in text and _words_by_isspace(stripped) == _words_by_isspace(text)
    inner = text.lstrip(textformat.WHITE_SPACE).rstrip(textformat.WHITE_SPACE)
    assert stripped == inner


def test_read_dlx_takes_a_path_and_parse_dlx_takes_bytes(tmp_path: Path) -> None:
    text = "A B | C\nA C:red\nB C:red\nA B\n"
    path = tmp_path / "two.dlx"
    path.write_text(text, encoding="utf-8")
    expected = parse_dlx(text).solutions_list()
    assert len(expected) == 2
    assert read_dlx(path).solutions_list() == expected
    assert read_dlx(str(path)).solutions_list() == expected
    assert parse_dlx(text.encode()).solutions_list() == expected
    bad = tmp_path / "bad.dlx"
    bad.write_text("A B\nA C\n", encoding="utf-8")
    with pytest.raises(FormatError, match=r"bad\.dlx:2: unknown item 'C'"):
        read_dlx(bad)
    with pytest.raises(FormatError, match=r"mine\.dlx:2: not UTF-8 text"):
        parse_dlx(b"A\nA \xff\n", source="mine.dlx")
    with pytest.raises(FileNotFoundError):
        read_dlx(tmp_path / "missing.dlx")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: read_dlx("A B\nA\n"),
            "not a problem's text; to read text, use parse_dlx",
        ),
        (lambda: read_dlx(7), "read_dlx reads a stream or a file's path, not int"),  # type: ignore[arg-type]
        (
            lambda: parse_dlx(io.StringIO("A\nA\n")),  # type: ignore[arg-type]
            "not StringIO; to read a file, use read_dlx",
        ),
    ],
)
def test_the_wrong_reader_is_named(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call()
