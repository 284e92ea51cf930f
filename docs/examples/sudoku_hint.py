"""Explain a sudoku: its Sudoku Explainer rating, a hint, its hardest step drawn.

``python docs/examples/sudoku_hint.py [PUZZLE] [--svg FILE]``: PUZZLE is
81 characters (``.`` or ``0`` for a blank; by default a puzzle that needs
an X-wing); the script prints the puzzle's rating, the first step (the
hint a player stuck at the start would get), the hardest step, and how
often each technique was used.  ``--svg FILE`` draws the hardest step:
the cells it rests on in yellow, the candidates it removes struck through
in red.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

import sudoku

#: A puzzle of the public-domain bank rated by Sukaku Explainer (3.2: an X-wing).
PUZZLE = (
    "4......7...268........7.8.9.....849..8.5.6.3..391.....2.3.6........251...4......8"
)


def hardest_step(puzzle: str) -> sudoku.Step:
    """The first step of the puzzle's explanation that is as hard as the puzzle."""
    explanation = sudoku.explain(puzzle)
    return next(s for s in explanation.steps if s.rating == explanation.rating)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzle", nargs="?", default=PUZZLE)
    parser.add_argument("--svg", metavar="FILE", help="draw the hardest step here")
    options = parser.parse_args(argv)
    try:
        explanation = sudoku.explain(options.puzzle)
    except sudoku.SudokuError as error:
        print(f"sudoku_hint.py: {error}", file=sys.stderr)
        return 1
    print(
        f"rating {explanation.rating:.1f} (pearl {explanation.pearl:.1f}, "
        f"diamond {explanation.diamond:.1f}), {len(explanation.steps)} steps"
    )
    if not explanation.steps:
        return 0
    print(f"hint:    {explanation.steps[0].text}")
    hardest = next(s for s in explanation.steps if s.rating == explanation.rating)
    print(f"hardest: {hardest.text} ({hardest.rating:.1f})")
    used = Counter(s.technique for s in explanation.steps)
    for technique, times in sorted(used.items(), key=lambda t: (-t[1], t[0])):
        print(f"  {times:3d} × {technique}")
    if options.svg:
        with open(options.svg, "w", encoding="utf-8") as out:
            out.write(hardest.to_svg())
    return 0


if __name__ == "__main__":
    sys.exit(main())
