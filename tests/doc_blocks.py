"""Read the code of the documentation's pages: console transcripts and code lines.

Shared by ``test_doc_console.py`` (which runs the transcripts) and
``test_doc_width.py`` (which keeps code lines within the page).  A small
reader of the reStructuredText the pages use, not a full parser: it knows
directives by their ``.. name::`` line and their content by its indentation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: The comment that skips the console block after it, with the reason.
SKIP_MARKER = re.compile(r"^\s*\.\. console-no-test:\s*(?P<reason>.*\S)\s*$")
DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\. (?P<name>[\w:-]+)::\s*(?P<argument>.*)$")
OPTION = re.compile(r"^\s*:[\w-]+:")
CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "parsed-literal"}


@dataclass(frozen=True)
class Block:
    """A block of code on a page: where it is and its lines, dedented."""

    page: Path
    line: int  # 1-based line of the directive (or of the block's first line)
    kind: str  # "code-block" (with its language), "literal", "doctest"
    language: str
    lines: tuple[str, ...]
    skip_reason: str | None = None
    source: Path | None = None  # the file of a literalinclude

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def pages() -> list[Path]:
    """The pages: README.rst and every docs/**/*.rst but the build's output."""
    found = [ROOT / "README.rst"]
    found += sorted(
        page
        for page in DOCS.rglob("*.rst")
        if not {"_build", "_generated"} & set(page.relative_to(DOCS).parts)
    )
    return found


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _content(lines: list[str], start: int, parent: int) -> tuple[list[str], int]:
    """The lines indented more than ``parent`` from ``start`` on, dedented.

    Skips the directive's options (``:caption: ...``) before the first blank
    line.  Returns the content and the index of the line after it.
    """
    index = start
    while index < len(lines) and lines[index].strip() and OPTION.match(lines[index]):
        index += 1
    body: list[str] = []
    while index < len(lines):
        line = lines[index]
        if line.strip() and _indent(line) <= parent:
            break
        body.append(line.rstrip())
        index += 1
    while body and not body[0]:
        body.pop(0)
    while body and not body[-1]:
        body.pop()
    margin = min((_indent(line) for line in body if line), default=0)
    return [line[margin:] for line in body], index


def _skip_reason(lines: list[str], index: int) -> str | None:
    """The reason of a skip marker just before line ``index`` (blank lines between)."""
    before = index - 1
    while before >= 0 and not lines[before].strip():
        before -= 1
    if before < 0:
        return None
    match = SKIP_MARKER.match(lines[before])
    return match["reason"] if match else None


def blocks(page: Path) -> Iterator[Block]:
    """Every block of code of ``page``: code-block directives, ``::`` literal
    blocks, ``>>>`` doctest blocks and the files of ``literalinclude``."""
    lines = page.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        directive = DIRECTIVE.match(line)
        if directive and directive["name"] in CODE_DIRECTIVES:
            body, after = _content(lines, index + 1, len(directive["indent"]))
            yield Block(
                page,
                index + 1,
                "code-block",
                directive["argument"].strip(),
                tuple(body),
                _skip_reason(lines, index),
            )
            index = after
            continue
        if directive and directive["name"] == "literalinclude":
            target = directive["argument"].strip()
            path = (
                (DOCS / target[1:]) if target.startswith("/") else page.parent / target
            )
            if path.exists():  # not the figures' output, written by the build
                text = path.read_text(encoding="utf-8").splitlines()
                yield Block(
                    page, index + 1, "literalinclude", "", tuple(text), source=path
                )
            index += 1
            continue
        if line.lstrip().startswith(">>>"):
            start = index
            while index < len(lines) and lines[index].strip():
                index += 1
            margin = _indent(line)
            body = [text[margin:].rstrip() for text in lines[start:index]]
            yield Block(page, start + 1, "doctest", "pycon", tuple(body))
            continue
        if (
            line.rstrip().endswith("::")
            and not directive
            and not line.strip().startswith("..")
        ):
            body, after = _content(lines, index + 1, _indent(line))
            if body:
                yield Block(page, index + 2, "literal", "", tuple(body))
            index = after
            continue
        index += 1


def skip_markers(page: Path) -> Iterator[tuple[int, str]]:
    """The line and reason of every skip marker of ``page``."""
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        match = SKIP_MARKER.match(line)
        if match:
            yield number, match["reason"]
