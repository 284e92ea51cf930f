"""The options that both sudoku commands take, and how they are read.

``--box``, ``--variant`` and ``--regions`` mean the same for solving
(:mod:`sudoku.cli`) and for generating (:mod:`sudoku.generate_cli`); the
argument types word a refused value as ``dlx`` does (see
:mod:`dlx.commands`).
"""

from __future__ import annotations

import argparse
from math import isqrt

from dlx.commands import seconds, whole_number
from sudoku.errors import SudokuError
from sudoku.grid import GIVE_BOX
from sudoku.regions import read_region_map, regions_of, variant_name
from sudoku.wording import counted

__all__ = [
    "MAX_LINE",
    "add_variant_options",
    "box",
    "load_region_map",
    "natural",
    "option_words",
    "positive",
    "positive_seconds",
]

#: The longest line read (a 35x35 puzzle on one line has 1,225 characters).
MAX_LINE = 1 << 16

#: Argument types for :mod:`argparse`, worded as the ``dlx`` command's.
positive = whole_number(1)
natural = whole_number(0)
positive_seconds = seconds(positive=True)


def add_variant_options(parser: argparse.ArgumentParser, regions_also: str) -> None:
    """``--variant`` and ``--regions``, the same for solving and for generating."""
    parser.add_argument(
        "--variant",
        metavar="NAME",
        type=variant,
        help="a sudoku variant: x (the diagonals too), windoku (also hyper: "
        "the windows between the boxes), x+windoku, or latin (a latin "
        "square: rows and columns, no boxes)",
    )
    parser.add_argument(
        "--regions",
        metavar="FILE",
        help="jigsaw sudoku: FILE maps each cell to its region (one label "
        f"per cell, N lines of N); the regions replace the boxes{regions_also}",
    )


def variant(text: str) -> str:
    """Read a variant name as its canonical name, for argparse (an unknown one as it is).

    So that ``--variant X --variant x`` and ``--variant hyper --variant
    windoku`` say one thing; an unknown name is refused later, with the
    other options (:func:`sudoku.regions_of`'s message).
    """
    try:
        return variant_name(text) or text
    except SudokuError:
        return text


def box(text: str) -> tuple[int, int]:
    """Read ``RxC`` (or ``R,C``) as a box shape, for argparse."""
    for separator in "x,X*":
        rows, found, cols = text.partition(separator)
        if found:
            try:
                shape = int(rows), int(cols)
            except ValueError:
                break
            if shape[0] > 0 and shape[1] > 0:
                return shape
            break
    raise argparse.ArgumentTypeError(
        f"must be a box shape ROWSxCOLUMNS such as 2x3, not {text!r}"
    )


def option_words(message: str) -> str:
    """A library message in the command's words (options, not parameters).

    >>> option_words("a 5x5 grid has no box shape; pass box=(rows, columns)")
    'a 5x5 grid has no box shape; give --box ROWSxCOLUMNS (or --variant latin)'
    """
    return (
        message.replace(
            GIVE_BOX,
            "a jigsaw? give its map (--regions); else give --box to read it anyway",
        )
        .replace("variant=", "--variant ")
        .replace("(regions=)", "(--regions)")
        .replace("regions=", "--regions ")
        .replace("the region map", "the map")
        .replace(
            "pass box=(rows, columns)", "give --box ROWSxCOLUMNS (or --variant latin)"
        )
    )


def _map_with_hashes(text: str) -> bool:
    """Whether ``text`` reads as a region map once its ``#`` lines are rows too.

    Then a region was labelled ``#``, and the message says why its rows
    went missing; a map with true comments and another fault gets no such
    word.
    """
    rows = [line.strip() for line in text.splitlines() if line.strip()]
    if not any(row.startswith("#") for row in rows):
        return False
    try:
        labels = read_region_map("\n".join(rows))
        size = isqrt(len(labels))
        if size * size != len(labels) or size < 1:
            return False
        regions_of(size, None, None, labels)
    except SudokuError:
        return False
    return True


def load_region_map(parser: argparse.ArgumentParser, name: str) -> tuple[object, ...]:
    """The labels of a ``--regions`` file, or a usage error (status 2) naming it."""
    try:
        with open(name, encoding="utf-8-sig") as stream:
            text = stream.read(MAX_LINE * 4)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        parser.error(f"--regions {name}: cannot read: {reason}")
    lines = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    try:
        labels = read_region_map("\n".join(lines))
        size = isqrt(len(labels))
        if size * size != len(labels) or size < 1:
            raise SudokuError(
                f"the map has {counted(len(labels), 'cell')}, not N lines of N"
            )
        regions_of(size, None, None, labels)
    except SudokuError as error:
        why = (
            " (lines starting with '#' are comments: label the regions with "
            "other characters)"
            if _map_with_hashes(text)
            else ""
        )
        parser.error(f"--regions {name}: {option_words(str(error))}{why}")
    return labels
