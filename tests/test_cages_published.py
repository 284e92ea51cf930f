"""Published killer sudoku and KenKen puzzles, solved and compared with the published solutions.

The puzzles come from free sources (each file's source and licence are in
``tests/data/README.md``), converted to the form ``sudoku --cages FILE``
reads: the files ``tests/data/cages_*.txt`` hold blocks apart by blank
lines, each a map of cage labels and its clues, after comment lines that
name the puzzle (``# name``), its source (``# source: ...``) and, where
they apply, ``# variant: x`` or ``latin``, ``# disjoint cages`` (a cage
in several pieces) and ``# published solution: ...`` (the solution the
source prints, row by row).  Each block is a file that ``sudoku --cages``
reads (with ``--disjoint-cages`` for disjoint cages).

For every puzzle: the solver finds the published solution, and
:func:`sudoku.is_unique` proves it the only one; the published solution
(or, where the source gives none, the solver's answer) keeps the rules,
as the oracle of ``tests/cage_oracles.py`` reads them, which knows
nothing of :mod:`sudoku` (so a puzzle copied wrongly shows).  The command
prints the published solution of a killer and of a KenKen.  The puzzles
that take the solver more than a few seconds are marked ``slow``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from cage_oracles import holds, oracle_cages, oracle_units
from sudoku_helpers import LOCAL_DATA, ROOT

import sudoku
from sudoku.cages import read_cage_text

#: The files of published cage puzzles, killers then KenKens.
FILES = (
    "cages_killer_hakank.txt",
    "cages_killer_sigh_tarek.txt",
    "cages_killer_sigh_hs.txt",
    "cages_kenken_hakank.txt",
    "cages_kenken_mathdoku.txt",
    "cages_kenken_ghfbsd.txt",
)

#: The file whose every puzzle takes the solver seconds to a minute (tarek's
#: killers: 2 s to 66 s each, solve and proof, on one core of the development
#: machine), and the puzzles of other files that take 1.5 s or more (up to
#: 46 s; a busy machine takes several times as long): the tests that solve
#: them are marked ``slow`` (``nox -s slow`` runs them).  The others take
#: about 3 s in all.
SLOW_FILES = frozenset(["cages_killer_sigh_tarek.txt"])
SLOW = frozenset(f"HS_KILLERS[{i}]" for i in (0, 3, 4, 6, 8))


class Published(NamedTuple):
    """One puzzle of a file: its block of text and what its comments say."""

    file: str
    name: str
    text: str
    size: int
    cages: list[tuple[object, ...]]
    variant: str | None
    disjoint: bool
    solution: str | None

    def solve(self) -> str:
        """The solver's answer, from an empty grid."""
        return sudoku.solve(
            "." * self.size**2,
            cages=self.cages,
            variant=self.variant,
            disjoint_cages=self.disjoint,
        )

    def is_unique(self) -> bool:
        """Whether the puzzle has one solution, as :func:`sudoku.is_unique` proves it."""
        return sudoku.is_unique(
            "." * self.size**2,
            cages=self.cages,
            variant=self.variant,
            disjoint_cages=self.disjoint,
        )


def read_puzzles(file: str) -> list[Published]:
    """The puzzles of a file of ``tests/data``, each block read as ``sudoku --cages`` reads it."""
    found = []
    text = (LOCAL_DATA / file).read_text(encoding="utf-8")
    for block in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        rows = [line for line in lines if not line.startswith("#") and "=" not in line]
        if not rows:
            continue  # the file's heading
        notes = [line[1:].strip() for line in lines if line.startswith("#")]
        said = dict(note.split(": ", 1) for note in notes[1:] if ": " in note)
        disjoint = "disjoint cages" in notes
        cages = read_cage_text(block, disjoint=disjoint).cages
        found.append(
            Published(
                file,
                notes[0],
                block.strip() + "\n",
                len(rows),
                cages,
                said.get("variant"),
                disjoint,
                said.get("published solution"),
            )
        )
    return found


PUZZLES = [puzzle for file in FILES for puzzle in read_puzzles(file)]


def case(puzzle: Published, solving: bool = False) -> object:
    """A puzzle as a test parameter, named by its file and its name; when ``solving``, slow where measured so."""
    stem = puzzle.file.removeprefix("cages_").removesuffix(".txt")
    name = re.sub(r"\W+", "_", puzzle.name).strip("_")
    slow = solving and (puzzle.file in SLOW_FILES or puzzle.name in SLOW)
    marks = [pytest.mark.slow] if slow else []
    return pytest.param(puzzle, id=f"{stem}-{name}", marks=marks)


def keeps_the_rules(puzzle: Published, answer: str) -> bool:
    """Whether a complete grid keeps the puzzle's units and cages, as the oracle reads them."""
    n = puzzle.size
    digits = [int(x) for x in answer]
    variant = puzzle.variant or ""
    box = None if "latin" in variant.split("+") else (3, 3)
    every = set(range(1, n + 1))
    units = oracle_units(n, box, variant)
    if any({digits[cell] for cell in unit} != every for unit in units):
        return False
    return all(
        holds(op, target, [digits[cell] for cell in cells])
        for target, op, cells in oracle_cages(puzzle.cages, n)
    )


def test_the_files_hold_what_the_readme_counts() -> None:
    # 1 + 17 + 9 killers, 1 + 7 + 4 KenKens, 29 published solutions.
    killers = [p for p in PUZZLES if "killer" in p.file]
    kenkens = [p for p in PUZZLES if "kenken" in p.file]
    assert (len(killers), len(kenkens)) == (27, 12)
    assert sum(p.solution is not None for p in PUZZLES) == 29
    assert {p.size for p in killers} == {9}
    assert {p.size for p in kenkens} == {4, 5, 6, 7, 8, 9}
    assert all(p.variant == "latin" for p in kenkens)


@pytest.mark.parametrize("puzzle", [case(p) for p in PUZZLES if p.solution is not None])
def test_published_solution_keeps_the_rules(puzzle: Published) -> None:
    assert puzzle.solution is not None
    assert keeps_the_rules(puzzle, puzzle.solution)


@pytest.mark.parametrize("puzzle", [case(p, solving=True) for p in PUZZLES])
def test_solves_to_the_published_solution(puzzle: Published) -> None:
    answer = puzzle.solve()
    if puzzle.solution is not None:
        assert answer == puzzle.solution
    else:  # the source prints none: the answer keeps the rules
        assert keeps_the_rules(puzzle, answer)
    assert puzzle.is_unique()


def named(name: str) -> Published:
    """The puzzle of that name."""
    (puzzle,) = [p for p in PUZZLES if p.name == name]
    return puzzle


def run_cages(
    path: Path, puzzle: Published, *extra: str
) -> subprocess.CompletedProcess[str]:
    """``sudoku --cages path --unique`` (and ``--variant``, ``extra``) on the puzzle's empty grid."""
    variant = ["--variant", puzzle.variant] if puzzle.variant else []
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku",
            "--cages",
            str(path),
            "--unique",
            *variant,
            *extra,
        ],
        input="." * puzzle.size**2 + "\n",
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=600,
        check=False,
    )


@pytest.mark.processes
@pytest.mark.parametrize(
    "name", ["Wikipedia killer", "Wikipedia KenKen", "mathdoku 4_1", "HS_KILLERS[7]"]
)
def test_the_command_prints_the_published_solution(tmp_path: Path, name: str) -> None:
    puzzle = named(name)
    path = tmp_path / "cages.txt"
    path.write_text(puzzle.text, encoding="utf-8")
    extra = ["--disjoint-cages"] if puzzle.disjoint else []
    done = run_cages(path, puzzle, *extra)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"{puzzle.solution}\n"
    if puzzle.disjoint:
        # Without --disjoint-cages the file is refused, naming the first
        # cage in pieces, its line and the option.
        refused = run_cages(path, puzzle)
        assert refused.returncode == 2 and refused.stdout == ""
        said = refused.stderr.splitlines()[-1]
        assert said.startswith(f"sudoku: error: --cages {path}, line ")
        assert "its cells are not connected" in said
        assert said.endswith("; give --disjoint-cages to allow it")
