"""Keep the lines of the documentation's code within the page.

Furo gives a code block a column of 708 pixels at 13 px monospace, 90 full
characters (measured in headless Chromium at a 1280 px wide window, the
tutorial's blocks); a longer line scrolls out of sight.  Blocks inside a
list or a note lose about 4 more characters per level, hence the margin:
no line of a code block, ``::`` literal block, ``>>>`` example or
``literalinclude``d file of README.rst and docs/**/*.rst may be longer
than :data:`WIDTH`.  The API reference's examples live in the docstrings of
the packages, not in these pages, and are not checked here.

A doctest's expected exception message may be broken over lines: the
doctests run with NORMALIZE_WHITESPACE, which applies to it too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from doc_blocks import ROOT, Block, blocks, pages

WIDTH = 88

BLOCKS = [block for page in pages() for block in blocks(page)]


def too_long(block: Block) -> list[str]:
    """Where ``block`` has a line longer than :data:`WIDTH`, one text for each."""
    where = f"{block.where}, line "
    if block.source is not None:
        where = f"{block.where}: {block.source.resolve().relative_to(ROOT)}:"
    return [
        f"{where}{number} has {len(line)} characters: {line[:50]}..."
        for number, line in enumerate(block.lines, 1)
        if len(line) > WIDTH
    ]


def test_blocks_are_found() -> None:
    kinds = {block.kind for block in BLOCKS}
    assert kinds == {"code-block", "literal", "doctest", "literalinclude"}


@pytest.mark.parametrize(
    "page", pages(), ids=[str(page.relative_to(ROOT)) for page in pages()]
)
def test_code_lines_fit_the_page(page: Path) -> None:
    found = [
        problem for block in BLOCKS if block.page == page for problem in too_long(block)
    ]
    assert not found, "\n".join(found)
