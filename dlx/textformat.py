"""Knuth's text format for exact-cover problems, as read by DLX1 and DLX2.

* A line whose first non-blank character is ``|`` is a comment; blank
  lines are skipped.
* The first other line names the items: the primary ones, then ``|``,
  then the secondary ones (the ``|`` and the secondary items may be left
  out).
* Every following line is an option: the names of its items separated by
  blanks.  ``name:colour`` gives a secondary item a colour.
* Names are runs of non-blank characters other than ``:`` and ``|``.

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

from collections.abc import Callable, Hashable, Iterable

from dlx.errors import FormatError, ProblemError
from dlx.problem import Colored, ExactCover

__all__ = ["format_dlx", "format_option", "parse_dlx"]


def _check_name(name: str, source: str, line: int) -> None:
    for bad in ":|":
        if bad in name:
            raise FormatError(f"item name {name!r} contains {bad!r}", source, line)


def parse_dlx(
    text: str,
    source: str = "<string>",
    warn: Callable[[str], None] | None = None,
) -> ExactCover:
    """Read a problem in Knuth's DLX text format.

    Options are numbered in the order of their lines.  An option that names
    no primary item can never be chosen; like Knuth's programs, it is
    dropped, and ``warn`` (if given) is called with a message naming its
    line.  Line ends may be LF or CRLF; the last line needs no line end.

    :param text: the whole file.
    :param source: the file name used in messages.
    :param warn: called with each warning message.
    :returns: the problem.
    :raises FormatError: naming the file and line: when there is no item
        line, a name contains ``:`` or ``|``, an item is declared twice, an
        option names an unknown item or one item twice, a colour is empty or
        on a primary item.

    >>> problem = parse_dlx("A B | C\\nA C:red\\nB C:red\\n")
    >>> problem.first()
    (0, 1)
    >>> parse_dlx("A B\\nA A\\n", source="twice.dlx")
    Traceback (most recent call last):
      ...
    dlx.errors.FormatError: twice.dlx:2: item 'A' appears twice in the option
    """
    problem: ExactCover | None = None
    primary: set[str] = set()
    secondary: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("|"):
            continue
        if problem is None:
            problem = _parse_items(line, source, number)
            primary = {str(name) for name in problem.primary}
            secondary = {str(name) for name in problem.secondary}
            continue
        items = _parse_option(line, primary, secondary, source, number)
        if any(item in primary for item in items):
            problem.add_option(items)
        elif warn is not None:
            warn(f"{source}:{number}: option ignored (it has no primary item)")
    if problem is None:
        what = "empty file" if not text.strip() else "no item line (only comments)"
        raise FormatError(what, source)
    return problem


def _parse_option(
    line: str, primary: set[str], secondary: set[str], source: str, number: int
) -> list[Hashable]:
    items: list[Hashable] = []
    seen: set[str] = set()
    for token in line.split():
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
    return items


def _parse_items(line: str, source: str, number: int) -> ExactCover:
    first, bar, rest = line.partition("|")
    if "|" in rest:
        raise FormatError("the item line has more than one '|'", source, number)
    primary = first.split()
    secondary = rest.split() if bar else []
    if not primary:
        raise FormatError("the item line names no primary item", source, number)
    for name in primary + secondary:
        _check_name(name, source, number)
    try:
        return ExactCover(primary, secondary)
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


def format_dlx(problem: ExactCover) -> str:
    """Write a problem in Knuth's DLX text format.

    Names and colours are written with :class:`str`; each must be non-empty
    and free of blanks, ``:`` and ``|`` so that :func:`parse_dlx` reads the
    same problem back.  A problem without primary items cannot be written,
    because its item line would read as a comment.

    :param problem: the problem.
    :returns: the text, ending in a line end.
    :raises ProblemError: when a name or colour cannot be written.

    >>> print(format_dlx(ExactCover("AB", "C", [["A", "C"], ["B"]])), end="")
    A B | C
    A C
    B
    """

    def word(value: Hashable) -> str:
        text = str(value)
        if not text or any(c.isspace() or c in ":|" for c in text):
            raise ProblemError(f"{value!r} cannot be written in the DLX text format")
        return text

    if not problem.primary:
        raise ProblemError("a problem without primary items cannot be written")
    head = " ".join(word(name) for name in problem.primary)
    if problem.secondary:
        head += " | " + " ".join(word(name) for name in problem.secondary)
    lines = [head]
    for k in range(len(problem)):
        words = []
        for item in problem.option(k):
            if isinstance(item, Colored):
                words.append(f"{word(item.item)}:{word(item.color)}")
            else:
                words.append(word(item))
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"
