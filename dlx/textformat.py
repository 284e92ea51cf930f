"""Knuth's text format for exact-cover problems, as read by DLX1, DLX2 and DLX3.

* A line whose first non-blank character is ``|`` is a comment; blank
  lines are skipped.
* The first other line names the items: the primary ones, then ``|``,
  then the secondary ones (the ``|`` and the secondary items may be left
  out).  A primary item may carry bounds (DLX3): ``u:v|name`` means it
  must be covered between ``u`` and ``v`` times, ``v|name`` exactly
  ``v`` times (``0 <= u <= v``, ``v >= 1``).
* Every following line is an option: the names of its items separated by
  blanks.  ``name:colour`` gives a secondary item a colour.  Entries
  ``|n`` among them (DLX5) give the option a cost: ``n`` is a decimal
  number, and several entries in one option are summed.
* Names are runs of non-blank characters other than ``:`` and ``|``.

Lines end at LF (``\\n``) alone, so that CRLF files read alike and an
error's line number is the one an editor shows; a CR before the LF, like
any other blank, is dropped.  *Blanks* are the characters for which
``str.isspace()`` is true, the ones ``str.split()`` splits at: space
and tab, but also CR, form feed, vertical tab, ``\\x1c``-``\\x1f``,
``\\x85``, no-break space, ``\\u2028``, ``\\u2029`` and the other
Unicode spaces.  Inside a line they separate names and never end the
line; :func:`format_dlx` refuses names that contain one.

Example (Knuth's own, from the DLX1 documentation)::

    | A tiny problem with two secondary items
    A B C D E | F G
    C E F
    A D G
    B C F
    A D
    B G
    D E G
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import chain

from dlx.errors import FormatError, ProblemError, ProblemTooLarge
from dlx.problem import Colored, ExactCover, paused_gc

# typing.TYPE_CHECKING, without importing typing (start-up, issue 46).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO

__all__ = [
    "WHITE_SPACE",
    "format_dlx",
    "format_option",
    "parse_dlx",
    "read_dlx",
]

#: How much text is split into lines at a time: the reader never holds
#: more than this (plus one line) of the input as text.
_BLOCK = 1 << 20


#: White space: every character ``str.isspace()`` calls blank, on CPython
#: and on PyPy alike (Unicode's White_Space; ``tests/test_textformat_line_ends.py``
#: checks the list against ``str.isspace``).  ``split_words(text)`` and
#: ``strip_space(text)`` split and strip at these, on both interpreters:
#: ``str.split`` and ``str.strip`` themselves on CPython; on PyPy,
#: whose own disagree with its ``str.isspace``, a split and strip at this list.
#: The readers of both packages use them.
WHITE_SPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003"
    "\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)

if sys.implementation.name == "pypy":
    # PyPy 7.3's str.split() and str.strip() disagree with its own
    # str.isspace(): they do not split at \x1c-\x1f, and they split at
    # and strip U+180E, which Unicode no longer calls a space.  Split and
    # strip at the blanks named, so that text reads the same on both: each
    # blank becomes a plain space, and the text is split at those alone
    # (no regular expression: importing re costs PyPy milliseconds).
    _TO_SPACE = dict.fromkeys(map(ord, WHITE_SPACE), " ")

    def split_words(text: str) -> list[str]:
        """``text``'s words, split at runs of :data:`WHITE_SPACE` (``str.split()``'s)."""
        return [word for word in text.translate(_TO_SPACE).split(" ") if word]

    def strip_space(text: str) -> str:
        """``text`` without the :data:`WHITE_SPACE` at its ends (``str.strip()``'s)."""
        return text.strip(WHITE_SPACE)

else:
    # The same calls as str.split() and str.strip(), at C speed.
    split_words = str.split  # type: ignore[assignment]
    strip_space = str.strip  # type: ignore[assignment]


def _check_name(name: str, source: str, line: int) -> None:
    for bad in ":|":
        if bad in name:
            raise FormatError(f"item name {name!r} contains {bad!r}", source, line)


def parse_dlx(
    text: str | bytes,
    source: str = "<string>",
    warn: Callable[[str], None] | None = None,
) -> ExactCover:
    """Read a problem in Knuth's DLX text format.

    Options are numbered in the order of their lines.  An option that names
    no primary item can never be chosen; like Knuth's programs, it is
    dropped, and ``warn`` (if given) is called with a message naming its
    line.  Line ends may be LF or CRLF; the last line needs no line end; a
    leading byte order mark is skipped.  Lines end at LF alone, and are
    counted so in messages: a form feed, a lone CR, ``\\x85`` or a
    Unicode line separator is a blank inside its line, as is every
    character for which ``str.isspace()`` is true.
    To read a file, :func:`read_dlx` needs no copy of the whole text.

    :param text: the whole file (bytes are decoded as UTF-8, as
        :func:`read_dlx` decodes a binary stream).
    :param source: the file name used in messages.
    :param warn: called with each warning message.
    :returns: the problem.
    :raises FormatError: naming the file and line: when there is no item
        line, a name contains ``:`` or ``|``, an item is declared twice, an
        option names an unknown item or one item twice, a colour is empty or
        on a primary item; for bounds that are not numbers, an upper bound
        of zero, a lower bound above the upper one or without one, an
        empty name after bounds, or bounds on a secondary item; for a cost
        that is not a decimal number (naming its column too).
    :raises ProblemTooLarge: when the problem does not fit in memory.
    :raises TypeError: when ``text`` is neither text nor bytes.

    >>> problem = parse_dlx("A B | C\\nA C:red\\nB C:red\\n")
    >>> problem.first()
    (0, 1)
    >>> parse_dlx("A B\\nA A\\n", source="twice.dlx")
    Traceback (most recent call last):
      ...
    dlx.errors.FormatError: twice.dlx:2: item 'A' appears twice in the option
    >>> parse_dlx("A B\\nA |2 |3\\nB |x\\n", source="costs.dlx")
    Traceback (most recent call last):
      ...
    dlx.errors.FormatError: costs.dlx:3:3: cost '|x' is not a decimal number
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        import io

        return read_dlx(io.BytesIO(text), source, warn)
    if not isinstance(text, str):
        raise TypeError(
            f"parse_dlx reads the text of a problem (a str), not "
            f"{type(text).__name__}; to read a file, use read_dlx"
        )
    return _parse_blocks(_text_blocks(text.removeprefix("\ufeff")), source, warn)


def read_dlx(
    stream: IO[bytes] | IO[str] | str | os.PathLike[str],
    source: str | None = None,
    warn: Callable[[str], None] | None = None,
) -> ExactCover:
    """Read a problem in Knuth's DLX text format from a file, a megabyte at a time.

    Reads the same format as :func:`parse_dlx`, with the same messages,
    but never holds more than about a megabyte of the input as text, so
    that memory goes to the problem: once its links are built, about 270
    bytes per node (one node per item of each option) for options of 3 to
    6 items, or about 45 bytes per byte of a file with short names (see
    :ref:`memory`).
    A binary stream is decoded as UTF-8 (a leading byte order mark is
    skipped, as it is from a text stream).  Errors are reported in the
    order of the file, so a bad line before a bad byte is the one reported.

    :param stream: a binary or text stream, such as ``open(path, "rb")``
        or ``sys.stdin.buffer``, which is read to its end but not closed;
        or a file's path (a string or :class:`os.PathLike`), which is
        opened, read and closed.
    :param source: the file name used in messages (default: the path, or
        the stream's ``name`` when it is a string, else ``"<stream>"``).
    :param warn: called with each warning message, as in :func:`parse_dlx`.
    :returns: the problem.
    :raises FormatError: as :func:`parse_dlx` does, and for bytes that are
        not UTF-8 (``"not UTF-8 text"``, with the line).
    :raises ProblemTooLarge: when the problem does not fit in memory, with
        a message such as ``"out of memory after reading 1,234,567 options
        (line 1,234,570 of big.dlx)"``; what was read has been let go.
    :raises OSError: when opening or reading the file fails.
    :raises TypeError: when ``stream`` is neither a stream nor a path
        (text with a line end is taken for a problem's text, which
        :func:`parse_dlx` reads).

    >>> import io
    >>> problem = read_dlx(io.BytesIO(b"A B | C\\nA C:red\\nB C:red\\n"))
    >>> problem.first(), problem.option(1)
    ((0, 1), ('B', Colored(item='C', color='red')))
    >>> read_dlx(io.StringIO("A B\\nA\\nB C\\n"), source="demo.dlx")
    Traceback (most recent call last):
      ...
    dlx.errors.FormatError: demo.dlx:3: unknown item 'C'
    """
    if isinstance(stream, (str, os.PathLike)):
        path = os.fspath(stream)
        if isinstance(path, str) and "\n" in path:
            raise TypeError(
                "read_dlx reads a stream or a file's path, not a problem's "
                "text; to read text, use parse_dlx"
            )
        with open(path, "rb") as opened:
            return read_dlx(
                opened, os.fsdecode(path) if source is None else source, warn
            )
    if not hasattr(stream, "read"):
        raise TypeError(
            f"read_dlx reads a stream or a file's path, not {type(stream).__name__}"
        )
    if source is None:
        name = getattr(stream, "name", None)
        source = name if isinstance(name, str) else "<stream>"
    return _parse_blocks(_stream_blocks(stream, source), source, warn)


def _text_blocks(text: str) -> Iterator[str]:
    """``text`` in pieces that each end just after a ``\\n`` (or at the end).

    Splitting each piece with :func:`_lines` gives the lines of the whole text:
    no line boundary is lost or added where a piece ends.
    """
    start = 0
    while start < len(text):
        end = text.find("\n", start + _BLOCK) + 1 or len(text)
        yield text[start:end]
        start = end


def _stream_blocks(stream: IO[bytes] | IO[str], source: str) -> Iterator[str]:
    """The text of ``stream`` in pieces as :func:`_text_blocks` makes them."""
    data = stream.read(_BLOCK)
    if isinstance(data, str):
        if data.startswith("\ufeff"):  # skipped, as decoding bytes would
            # A read may return the mark alone: then the text starts with
            # the next read, and an empty piece would end the file too soon.
            data = data[1:] or stream.read(_BLOCK)
        yield from _text_stream_blocks(data, stream)  # type: ignore[arg-type]
    else:
        yield from _byte_stream_blocks(data, stream, source)  # type: ignore[arg-type]


def _text_stream_blocks(data: str, stream: IO[str]) -> Iterator[str]:
    parts: list[str] = []
    while data:
        cut = data.rfind("\n") + 1
        if cut:
            parts.append(data[:cut])
            yield "".join(parts)
            parts = [data[cut:]]
        else:
            parts.append(data)
        data = stream.read(_BLOCK)
    yield "".join(parts)


def _byte_stream_blocks(data: bytes, stream: IO[bytes], source: str) -> Iterator[str]:
    parts: list[bytes] = []
    newlines = 0  # line ends before the current piece, for error messages
    head = True
    while True:
        cut = data.rfind(b"\n") + 1
        if data and not cut:
            parts.append(data)  # a line longer than a block: keep reading
            data = stream.read(_BLOCK)
            continue
        parts.append(data[:cut] if data else b"")
        piece = b"".join(parts)
        parts = [data[cut:]]
        if head:
            head = False
            if piece.startswith(codecs.BOM_UTF8):
                piece = piece[len(codecs.BOM_UTF8) :]
        try:
            text = piece.decode("utf-8")
        except UnicodeDecodeError as error:
            line = newlines + piece.count(b"\n", 0, error.start) + 1
            raise FormatError("not UTF-8 text", source, line) from None
        newlines += piece.count(b"\n")
        if text:
            yield text
        if not data:
            return
        data = stream.read(_BLOCK)


def _lines(block: str) -> list[str]:
    """The lines of a piece of text, split at LF alone (the line ends are dropped).

    A piece ends just after a LF or at the end of the text, so a LF at its
    end starts no line of its own.  A CR before the LF stays in the line,
    where it is a blank (see :mod:`dlx.textformat`), as are form feeds and
    the other characters ``str.splitlines()`` would also split at.

    >>> _lines("A B\\r\\n\\x0cA\\n"), _lines("C"), _lines("")
    (['A B\\r', '\\x0cA'], ['C'], [])
    """
    lines = block.split("\n")
    if not lines[-1]:
        lines.pop()
    return lines


def _parse_blocks(
    blocks: Iterable[str], source: str, warn: Callable[[str], None] | None
) -> ExactCover:
    """Read a problem from the pieces of its text (see :func:`_text_blocks`).

    The common option line (no colours, nothing wrong) is read with
    C-level string and dictionary operations and stored as item numbers
    alone; any other line goes through :func:`_parse_option` and
    :meth:`ExactCover.add_option`, which give every message.  The cyclic
    garbage collector is paused meanwhile (see
    :func:`dlx.problem.paused_gc`); a :class:`MemoryError` becomes
    :class:`ProblemTooLarge` once the half-read problem has been let go.
    """
    lines = chain.from_iterable(map(_lines, blocks))
    number = 0
    problem: ExactCover | None = None
    failed = False
    # Kept aside while reading, let go when memory runs out: room for the
    # message whatever the allocator kept of the half-read problem.
    reserve = bytearray(_RESERVE)
    # The try is outside the with: leaving it (the collector turned back
    # on) may be where memory runs out, and that too must end in the message.
    try:
        with paused_gc():
            # The item line: the first line that is neither blank nor a comment.
            commented = False
            for raw in lines:
                number += 1
                line = strip_space(raw)
                if line and not line.startswith("|"):
                    problem = _parse_items(line, source, number)
                    break
                commented = commented or bool(line)
            else:
                what = "no item line (only comments)" if commented else "empty file"
                raise FormatError(what, source)
            primary = {str(name) for name in problem.primary}
            secondary = {str(name) for name in problem.secondary}
            position = problem._index.__getitem__
            n_primary = len(problem.primary)
            add_row = problem._add_row
            for raw in lines:
                number += 1
                tokens = split_words(raw)
                if not tokens or tokens[0][0] == "|":
                    continue  # blank, or a comment (first non-blank is |)
                if ":" not in raw:
                    try:
                        row = tuple(map(position, tokens))
                    except KeyError:
                        pass  # an unknown or a bad name: reported below
                    else:
                        if len(set(row)) == len(row):
                            if min(row) < n_primary:
                                add_row(row)
                            elif warn is not None:
                                warn(
                                    f"{source}:{number}: option ignored "
                                    "(it has no primary item)"
                                )
                            continue
                items, cost = _parse_option(raw, primary, secondary, source, number)
                if any(item in primary for item in items):
                    problem.add_option(items, cost=cost or None)
                elif warn is not None:
                    warn(f"{source}:{number}: option ignored (it has no primary item)")
    except MemoryError:
        failed = True
        del reserve  # room to finish the handler and leave it
    if not failed:
        assert problem is not None
        return problem
    # Out of the handler its traceback, which holds the half-read problem,
    # is gone; let go of the problem, and there is memory for a message.
    if problem is None:
        raise ProblemTooLarge(
            f"out of memory while reading the item line (line {number:,} of {source})"
        )
    options = len(problem)
    problem = None
    raise ProblemTooLarge(
        f"out of memory after reading {options:,} options (line {number:,} of {source})"
    )


#: Bytes :func:`read_dlx` keeps aside while it reads, to say that memory ran out.
_RESERVE = 1 << 20


def _parse_option(
    line: str, primary: set[str], secondary: set[str], source: str, number: int
) -> tuple[list[Hashable], int]:
    """The items of an option line, and its cost (the sum of its ``|n`` entries)."""
    items: list[Hashable] = []
    seen: set[str] = set()
    cost = 0
    for place, token in enumerate(split_words(line)):
        if token[0] == "|":
            digits = token[1:]
            if not (digits.isascii() and digits.isdigit()):
                raise FormatError(
                    f"cost {token!r} is not a decimal number",
                    source,
                    number,
                    _column(line, place),
                )
            cost += int(digits)
            continue
        name, colon, color = token.partition(":")
        if not name or "|" in token or ":" in color:
            raise FormatError(f"bad item {token!r}", source, number)
        if name in seen:
            raise FormatError(
                f"item {name!r} appears twice in the option", source, number
            )
        seen.add(name)
        if name in primary:
            if colon:
                raise FormatError(
                    f"primary item {name!r} cannot have a colour", source, number
                )
            items.append(name)
        elif name not in secondary:
            raise FormatError(f"unknown item {name!r}", source, number)
        elif colon:
            if not color:
                raise FormatError(f"empty colour in {token!r}", source, number)
            items.append(Colored(name, color))
        else:
            items.append(name)
    return items, cost


def _column(line: str, place: int) -> int:
    """The 1-based column where word ``place`` (from 0) of ``line`` starts.

    Only blanks come between two words, so each word is the first match
    of its text after the end of the one before it.
    """
    end = 0
    for word in split_words(line)[: place + 1]:
        start = line.index(word, end)
        end = start + len(word)
    return start + 1


def _number(text: str) -> int | None:
    """``text`` as a number of decimal digits, or ``None``."""
    return int(text) if text.isascii() and text.isdigit() else None


def _parse_bounds(spec: str, token: str, source: str, number: int) -> tuple[int, int]:
    """The bounds ``u:v`` or ``v`` written before the ``|`` of ``token``."""
    lower_text, colon, upper_text = spec.partition(":")
    upper = _number(upper_text if colon else lower_text)
    lower = _number(lower_text) if colon else upper
    if lower is None or upper is None:
        raise FormatError(
            f"bad bounds {spec!r} in {token!r} (write u:v|name or v|name; "
            "a '|' on its own separates the secondary items)",
            source,
            number,
        )
    if upper == 0:
        raise FormatError(f"upper bound zero in {token!r}", source, number)
    if lower > upper:
        raise FormatError(
            f"lower bound {lower} above upper bound {upper} in {token!r}",
            source,
            number,
        )
    return lower, upper


def _parse_items(line: str, source: str, number: int) -> ExactCover:
    """The item line: names, a ``|`` before the secondary ones, bounds (DLX3)."""
    primary: list[str] = []
    secondary: list[str] = []
    bounds: dict[str, tuple[int, int]] = {}
    bar = False
    for word in split_words(line):
        token = word
        if token.startswith("|"):
            if bar:
                raise FormatError("the item line has more than one '|'", source, number)
            bar = True
            token = token[1:]
            if not token:
                continue
        spec, cut, name = token.rpartition("|")
        if cut:
            if bar and "|" not in spec and _number(spec.partition(":")[2] or spec):
                raise FormatError(
                    f"bounds on secondary item {name!r} (only primary items "
                    "have bounds)",
                    source,
                    number,
                )
            if bar:
                raise FormatError("the item line has more than one '|'", source, number)
            pair = _parse_bounds(spec, token, source, number)
            if not name:
                raise FormatError(f"empty item name in {token!r}", source, number)
            bounds[name] = pair
        else:
            name = token
            lower, colon, rest = name.partition(":")
            if colon and not bar and _number(lower) is not None and rest:
                raise FormatError(
                    f"lower bound without upper bound in {token!r} "
                    f"(write {lower}:v|{rest})",
                    source,
                    number,
                )
        _check_name(name, source, number)
        (secondary if bar else primary).append(name)
    if not primary:
        raise FormatError("the item line names no primary item", source, number)
    try:
        return ExactCover(primary, secondary, bounds=bounds)
    except ProblemError as error:
        raise FormatError(str(error), source, number) from None


def format_option(items: Iterable[Hashable]) -> str:
    """One option as a line of Knuth's format (without the line end).

    :param items: the option's items.
    :returns: the line.

    >>> format_option(["A", Colored("F", "red")])
    'A F:red'
    """
    words = []
    for item in items:
        if isinstance(item, Colored):
            words.append(f"{item.item}:{item.color}")
        else:
            words.append(str(item))
    return " ".join(words)


def _default_word(value: Hashable) -> str:
    """``str(value)``, but a tuple of names as its parts joined by commas."""
    if isinstance(value, tuple) and value:
        return ",".join(map(_default_word, value))
    return str(value)


def format_dlx(
    problem: ExactCover, name: Callable[[Hashable], str] | None = None
) -> str:
    """Write a problem in Knuth's DLX text format.

    Names and colours are written as ``name(value)`` gives them; each word
    must be non-empty and free of blanks, ``:`` and ``|`` so that
    :func:`parse_dlx` reads the problem back, and no two items (nor two
    colours) may be written alike.  By default a value is written with
    :class:`str`, except that a tuple is written as its parts joined by
    commas: the cell ``(0, 3)`` becomes ``0,3`` and ``("r", 3)`` becomes
    ``r,3``.  Bounds other than ``[1..1]`` are written before their item
    as DLX3 reads them (``2:3|C``, or ``2|C`` for ``[2..2]``), and the
    cost of an option that has one at the end of its line, as DLX5 reads
    it (``A B |3``).  A problem
    without primary items cannot be written, because its item line would
    read as a comment.

    :param problem: the problem.
    :param name: the word for an item name or colour (default: see above).
    :returns: the text, ending in a line end.
    :raises ProblemError: when a name or colour cannot be written, or when
        two items (or two colours) would be written as the same word
        (naming both).

    >>> print(format_dlx(ExactCover("AB", "C", [["A", "C"], ["B"]])), end="")
    A B | C
    A C
    B
    >>> costly = ExactCover("AB")
    >>> costly.add_option(["A", "B"], cost=7)
    0
    >>> print(format_dlx(costly), end="")
    A B
    A B |7
    >>> print(format_dlx(ExactCover("AB", bounds={"A": (0, 2), "B": 2})), end="")
    0:2|A 2|B
    >>> print(format_dlx(ExactCover([(0, 0), (0, 1)], options=[[(0, 0), (0, 1)]])), end="")
    0,0 0,1
    0,0 0,1
    >>> print(format_dlx(ExactCover([(0, 0)], options=[[(0, 0)]]), name=lambda c: f"r{c[0]}c{c[1]}"), end="")
    r0c0
    r0c0
    >>> format_dlx(ExactCover([1, "1"]))
    Traceback (most recent call last):
      ...
    dlx.errors.ProblemError: items 1 and '1' would both be written as '1'
    """
    spell = _default_word if name is None else name

    def word(value: Hashable, kind: str, seen: dict[str, Hashable]) -> str:
        try:
            text = spell(value)
        except Exception as error:  # the caller's function: say which value
            raise ProblemError(
                f"cannot write {kind} {value!r}: {type(error).__name__}: {error}"
            ) from error
        if (
            not isinstance(text, str)
            or not text
            or any(c.isspace() or c in ":|" for c in text)
        ):
            raise ProblemError(
                f"{kind} {value!r} cannot be written in the DLX text format"
                f" (as {text!r})"
            )
        other = seen.setdefault(text, value)
        if other is not value and other != value:
            raise ProblemError(
                f"{kind}s {other!r} and {value!r} would both be written as {text!r}"
            )
        return text

    if not problem.primary:
        raise ProblemError("a problem without primary items cannot be written")
    item_words: dict[str, Hashable] = {}
    color_words: dict[str, Hashable] = {}
    words_of = {
        item: word(item, "item", item_words)
        for item in (*problem.primary, *problem.secondary)
    }
    bounds = problem.bounds

    def bounded(item: Hashable) -> str:
        if item not in bounds:
            return words_of[item]
        lower, upper = bounds[item]
        spec = f"{upper}" if lower == upper else f"{lower}:{upper}"
        return f"{spec}|{words_of[item]}"

    head = " ".join(bounded(item) for item in problem.primary)
    if problem.secondary:
        head += " | " + " ".join(words_of[item] for item in problem.secondary)
    lines = [head]
    for k in range(len(problem)):
        words = []
        for item in problem.option(k):
            if isinstance(item, Colored):
                colour = word(item.color, "colour", color_words)
                words.append(f"{words_of[item.item]}:{colour}")
            else:
                words.append(words_of[item])
        cost = problem.cost(k)
        if cost:
            words.append(f"|{cost}")
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"
