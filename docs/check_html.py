"""Fail when a built HTML page shows an error box that the build log did not.

Sphinx with ``-W`` stops on warnings, but docutils and furo write some
problems into the page itself (a red "system message", or furo's
admonition against ``.. contents::``).  Run after the HTML build:
``python docs/check_html.py docs/_build/html``.  Furo's search page holds an
error box inside ``<noscript>`` for readers without JavaScript; that one is
not a problem and is skipped.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PROBLEMS = re.compile(
    r'class="system-message"|admonition error|table of contents in Furo'
)
NOSCRIPT = re.compile(r"<noscript>.*?</noscript>", re.DOTALL)


def problems(folder: Path) -> list[str]:
    """Each page with an error box, with the first line of the box."""
    found = []
    for page in sorted(folder.rglob("*.html")):
        text = NOSCRIPT.sub("", page.read_text(encoding="utf-8"))
        match = PROBLEMS.search(text)
        if match:
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{page}:{line}: {match.group(0)}")
    return found


def main() -> int:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/_build/html")
    found = problems(folder)
    for problem in found:
        print(problem, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
