"""Double word squares: fill a k×k grid so that every row and every column
reads a word from a list, no word used twice.  An example of colours.

Items: one primary item per row and per column (each gets one word); one
secondary item per cell, *coloured* by the letter placed there, so a row
word and a column word may share a cell only when they agree on its
letter; one plain secondary item per word, so no word is used twice.

Usage: ``python docs/examples/word_squares.py [WORD ...]`` (default: a
small list of three-letter words).
"""

from __future__ import annotations

import signal
import sys

from dlx import Colored, ExactCover

WORDS = ["ACT", "ADD", "ANT", "CAT", "CUE", "DEN", "DUE", "EAT", "NET", "TEA", "TEN"]


def word_squares(words: list[str]) -> ExactCover:
    """The double-word-square problem: option ``k`` puts a word on a line."""
    k = len(words[0])
    lines = [f"row{i}" for i in range(k)] + [f"col{j}" for j in range(k)]
    cells = [f"{i}{j}" for i in range(k) for j in range(k)]
    problem = ExactCover(lines, cells + words)
    for word in words:
        for i in range(k):  # the word on row i
            problem.add_option(
                [f"row{i}", word, *(Colored(f"{i}{j}", word[j]) for j in range(k))]
            )
        for j in range(k):  # the word on column j
            problem.add_option(
                [f"col{j}", word, *(Colored(f"{i}{j}", word[i]) for i in range(k))]
            )
    return problem


def square(problem: ExactCover, solution: tuple[int, ...]) -> list[str]:
    """The rows of the square: the words of the options that fill a row."""
    rows: dict[str, str] = {}
    for line, word, *_ in problem.options_of(solution):
        if str(line).startswith("row"):
            rows[str(line)] = str(word)
    return [rows[line] for line in sorted(rows)]


def main(argv: list[str]) -> None:
    words = [word.upper() for word in argv] or WORDS
    problem = word_squares(words)
    search = problem.search()
    for solution in search:
        print(*square(problem, solution), sep="\n", end="\n\n")
    stats = search.stats
    print(
        f"{stats.solutions} squares from {len(words)} words "
        f"({stats.nodes} nodes, {stats.updates} updates, "
        f"{stats.cleansings} cleansings)"
    )


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main(sys.argv[1:])
