"""Sudoku from a file: solve every puzzle of a batch, and draw one.

:func:`sudoku.read_puzzles` cuts the batch out of the text (one puzzle per
line, or blocks of N lines) and :func:`sudoku.solve` solves each puzzle in
the alphabet it was written in.  A puzzle that cannot be solved is reported
and the others are still solved, as the ``sudoku`` command does.

Usage: ``python docs/examples/sudoku_file.py [FILE] [--svg FILE]`` (default:
``sudoku9.in`` next to this script); ``--svg`` draws the first puzzle solved,
the givens in black and the digits the solver found in blue
(:func:`sudoku.to_svg`).
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

import sudoku

HERE = Path(__file__).resolve().parent


def solve_file(text: str) -> list[tuple[str, str]]:
    """Solve every puzzle of a batch: a list of (puzzle, solution) pairs.

    A puzzle with no solution (or that cannot be read) is reported on
    standard error and left out.
    """
    solved: list[tuple[str, str]] = []
    for puzzle in sudoku.read_puzzles(text):
        try:
            if puzzle.error is not None:
                raise sudoku.InputFormatError(puzzle.error)
            answer = sudoku.solve(puzzle.text)
        except sudoku.SudokuError as error:
            print(f"puzzle {puzzle.number} ({puzzle.lines}): {error}", file=sys.stderr)
            continue
        assert isinstance(answer, str)
        solved.append((puzzle.text, answer))
    return solved


def svg(puzzle: str, solution: str, cell: int = 34) -> str:
    """Draw a solved grid as SVG: givens in black, found symbols in blue.

    :func:`sudoku.to_svg` draws it; in Jupyter,
    ``sudoku.display.Picture(puzzle, solution)`` shows the same picture.
    """
    return sudoku.to_svg(puzzle, solution, cell=cell)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Solve the sudoku puzzles of a file.")
    parser.add_argument("file", nargs="?", default=str(HERE / "sudoku9.in"))
    parser.add_argument("--svg", metavar="FILE", help="draw the first solved puzzle")
    args = parser.parse_args(argv)
    text = Path(args.file).read_text(encoding="utf-8")
    solved = solve_file(text)
    for _, answer in solved:
        print(answer, end="\n\n" if "\n" in answer else "\n")
    if args.svg and solved:
        Path(args.svg).write_text(svg(*solved[0]), encoding="utf-8")
    return 0 if solved else 1


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
