"""A tiling whose pieces, each used once, cannot cover the board is refused at once.

``docs/examples/pentominoes.py 7 9`` (63 cells for the twelve pentominoes'
60) once searched for more than ten minutes in silence, and ``0 0`` ended
in a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from dlx_helpers import SCOTT_BOARD

from dlx import ProblemError
from dlx.polyomino import PENTOMINOES, rectangle, tiling

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "docs" / "examples" / "pentominoes.py"


@pytest.mark.parametrize(
    ("height", "width", "cells"), [(7, 9, 63), (8, 8, 64), (1, 59, 59), (5, 11, 55)]
)
def test_pentominoes_on_a_board_of_other_than_60_cells(
    height: int, width: int, cells: int
) -> None:
    start = time.perf_counter()
    with pytest.raises(ProblemError) as caught:
        tiling(PENTOMINOES, rectangle(height, width))
    assert time.perf_counter() - start < 1
    assert str(caught.value) == (
        f"the 12 pieces, each used once, cover 60 cells but the board has {cells}"
    )


def test_the_area_counts_holes_and_where_does_not_matter() -> None:
    # Scott's board: 64 squares less the 4 middle ones is 60: accepted.
    scott = SCOTT_BOARD
    assert len(tiling(PENTOMINOES, scott)) > 0
    with pytest.raises(ProblemError, match="cover 60 cells but the board has 62"):
        tiling(PENTOMINOES, [row.replace("##", "#.", 1) for row in scott])
    with pytest.raises(ProblemError, match="cover 60 cells but the board has 64"):
        tiling(PENTOMINOES, rectangle(8, 8), where=lambda placed: True)


def test_one_piece_and_other_uses() -> None:
    with pytest.raises(
        ProblemError, match=r"^the piece, used once, covers 1 cell but the board has 2$"
    ):
        tiling({"M": "#"}, "..")
    assert tiling({"M": "#"}, ".").count() == 1
    # Pieces used any number of times, or at most once, are not counted.
    assert tiling({"D": "##"}, rectangle(2, 3), use="any").count() == 3
    assert tiling({"D": "##", "M": "#"}, "..", use="optional").count() == 1
    assert tiling({"D": "##", "M": "#"}, "...").count() == 2


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.processes
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("7", "9"),
            "the 12 pieces, each used once, cover 60 cells but the board has 63",
        ),
        (("7", "9", "--count"), "cover 60 cells but the board has 63"),
        (("0", "0"), "a board must have at least one cell, not 0×0"),
        (("3", "-20"), "a board must have at least one cell, not 3×-20"),
    ],
)
def test_the_example_refuses_a_board_at_once(
    args: tuple[str, ...], message: str
) -> None:
    start = time.perf_counter()
    done = run(*args)
    assert time.perf_counter() - start < 30
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    *usage, error = done.stderr.splitlines()  # the usage may take two lines
    assert usage[0].startswith("usage: pentominoes.py")
    assert error.startswith("pentominoes.py: error: ")
    assert message in error
