"""Run the example scripts of ``docs/examples/`` and check what they print.

Each script runs in its own process, from the repository root, the way a
reader would run it; the checks are on real results (solution counts, and
solutions verified independently of the solver).
"""

from __future__ import annotations

import itertools
import os
import re
import runpy
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import dlx.cli
import sudoku
from dlx import format_dlx, parse_dlx, polyomino
from dlx.polyomino import board_symmetries, rectangle, tiling
from dlx.symmetry import parse_cycles

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

# The words of word_squares.py's default list.
WORDS = {"ACT", "ADD", "ANT", "CAT", "CUE", "DEN", "DUE", "EAT", "NET", "TEA", "TEN"}
# The twelve pentominoes, drawn independently of pentominoes.py.
PENTOMINOES = {
    "F": ".##|##.|.#.", "I": "#####", "L": "####|#...", "N": "###.|..##",
    "P": "###|##.", "T": "###|.#.|.#.", "U": "#.#|###", "V": "#..|#..|###",
    "W": "#..|##.|.##", "X": ".#.|###|.#.", "Y": "####|.#..", "Z": "##.|.#.|.##",
}  # fmt: skip

Cells = list[tuple[int, int]]


def canonical(cells: Cells) -> tuple[tuple[int, int], ...]:
    """The same representative for all rotations and reflections of a shape."""
    shapes = []
    for _ in range(2):
        for _ in range(4):
            top = min(r for r, _ in cells)
            left = min(c for _, c in cells)
            shapes.append(tuple(sorted((r - top, c - left) for r, c in cells)))
            cells = [(c, -r) for r, c in cells]
        cells = [(r, -c) for r, c in cells]
    return min(shapes)


def drawn(picture: str) -> Cells:
    return [
        (r, c)
        for r, line in enumerate(picture.split("|"))
        for c, ch in enumerate(line)
        if ch == "#"
    ]


def run(script: str, *args: str, timeout: float = 120) -> str:
    """Run ``docs/examples/SCRIPT`` with ``args``; return its standard output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def test_every_script_is_tested() -> None:
    scripts = {path.name for path in EXAMPLES.glob("*.py")}
    assert scripts == {
        "dominoes.py",
        "draw_links.py",
        "langford.py",
        "pentominoes.py",
        "queens.py",
        "scott.py",
        "sudoku_file.py",
        "sudoku_hint.py",
        "word_squares.py",
    }


@pytest.mark.processes
def test_queens() -> None:
    out = run("queens.py").splitlines()
    assert out[-2].startswith("8 queens: 92 solutions (")
    assert out[-1] == "8 queens up to symmetry: 12 solutions"  # OEIS A002562
    board = [line.split() for line in out[1:9]]
    queens = [(i, row.index("Q")) for i, row in enumerate(board)]
    assert all(row.count("Q") == 1 for row in board)
    assert len({j for _, j in queens}) == 8
    assert len({i + j for i, j in queens}) == 8
    assert len({i - j for i, j in queens}) == 8


@pytest.mark.processes
@pytest.mark.parametrize(("n", "count"), [(1, 1), (4, 2), (6, 4), (7, 40)])
def test_queens_other_sizes(n: int, count: int) -> None:
    assert f"{n} queens: {count} solutions (" in run("queens.py", str(n))


@pytest.mark.processes
@pytest.mark.parametrize(("n", "orbits"), [(6, 1), (7, 6)])
def test_queens_up_to_symmetry(n: int, orbits: int) -> None:
    assert f"{n} queens up to symmetry: {orbits} solutions" in run("queens.py", str(n))


def test_the_twelve_fundamental_queens_drawn() -> None:
    # The picture of the symmetry how-to: read the queens back off the
    # SVG, and check them against the 92 solutions by the eight symmetries.
    script = runpy.run_path(str(EXAMPLES / "queens.py"))
    problem = script["queens"](8)
    leaders = list(problem.solutions(symmetry=script["symmetries"](8)))
    svg = ET.fromstring(script["boards_svg"](8, leaders))
    ns = "{http://www.w3.org/2000/svg}"
    discs = [c for c in svg.iter(f"{ns}circle") if c.get("class") == "queen"]
    assert [t.text for t in svg.iter(f"{ns}text")] == [str(k) for k in range(1, 13)]
    assert len(discs) == 12 * 8
    # Boards are 8 squares of 14 pixels, 18 apart, 4 a row, with 16 for the caption.
    boards: dict[int, set[tuple[int, int]]] = {}
    for disc in discs:
        x, y = float(disc.get("cx", "")), float(disc.get("cy", ""))
        board_col = int((x - 18) // (8 * 14 + 18))
        board_row = int((y - 18) // (8 * 14 + 16 + 18))
        j = int((x - 18 - board_col * (8 * 14 + 18)) // 14)
        i = int((y - 18 - board_row * (8 * 14 + 16 + 18)) // 14)
        boards.setdefault(board_row * 4 + board_col, set()).add((i, j))
    drawn = [frozenset(boards[k]) for k in range(12)]
    assert drawn == [frozenset(divmod(k, 8) for k in s) for s in leaders]

    def images(queens: frozenset[tuple[int, int]]) -> set[frozenset[tuple[int, int]]]:
        found = set()
        for _ in range(4):
            queens = frozenset((j, 7 - i) for i, j in queens)
            found.add(queens)
            found.add(frozenset((i, 7 - j) for i, j in queens))
        return found

    every = {frozenset(divmod(k, 8) for k in s) for s in problem.solutions()}
    orbits = [images(q) for q in drawn]
    assert all(not (a & b) for a, b in itertools.combinations(orbits, 2))
    assert set().union(*orbits) == every


@pytest.mark.processes
def test_queens_writes_its_problem_and_symmetries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem = tmp_path / "queens6.dlx"
    problem.write_text(run("queens.py", "6", "--dlx"))
    group = tmp_path / "d4.txt"
    group.write_text(run("queens.py", "6", "--symmetry"))
    capsys.readouterr()
    assert dlx.cli.main(["--count", "--symmetry", str(group), str(problem)]) == 0
    assert capsys.readouterr().out == "1\n"  # 4 solutions, all one orbit


@pytest.mark.processes
def test_langford() -> None:
    first, counts = run("langford.py").splitlines()
    assert counts == "n = 7: 52 arrangements, 26 up to mirror image"
    row = [int(word) for word in first.removeprefix("The first arrangement:").split()]
    assert sorted(row) == sorted([*range(1, 8)] * 2)
    for k in range(1, 8):
        i, j = (p for p, value in enumerate(row) if value == k)
        assert j - i == k + 1


@pytest.mark.processes
def test_langford_impossible() -> None:
    assert run("langford.py", "5").splitlines() == [
        "n = 5: 0 arrangements, 0 up to mirror image"
    ]


def check_tiling(rows: list[str], height: int, width: int, holes: int = 0) -> None:
    """Every cell but ``holes`` holes (#) covered, by each piece once, in its shape."""
    assert len(rows) == height
    assert all(len(row) == width for row in rows)
    assert sum(row.count("#") for row in rows) == holes
    cells: dict[str, Cells] = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            if name != "#":
                cells.setdefault(name, []).append((r, c))
    assert sorted(cells) == sorted(PENTOMINOES)
    for name, where in cells.items():
        assert canonical(where) == canonical(drawn(PENTOMINOES[name])), name


@pytest.mark.processes
def test_pentominoes_3x20(tmp_path: Path) -> None:
    picture = tmp_path / "tiling.svg"
    rows = run("pentominoes.py", "3", "20", "--svg", str(picture)).splitlines()
    check_tiling(rows, 3, 20)
    root = ET.parse(picture).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # A square per cell, grouped by piece (see tests/test_pictures.py).
    assert len(list(root.iter("{http://www.w3.org/2000/svg}rect"))) == 60


@pytest.mark.processes
def test_pentominoes_6x10() -> None:
    check_tiling(run("pentominoes.py").splitlines(), 6, 10)


@pytest.mark.slow
def test_pentominoes_3x20_count() -> None:
    assert run("pentominoes.py", "3", "20", "--count") == "3×20: 8 tilings\n"


@pytest.mark.processes
def test_pentominoes_written_for_the_dlx_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The README's recipe on the smallest board with tilings: --dlx writes
    # dlx.polyomino's problem, --symmetry the board's symmetries, and the
    # dlx command counts what dlx.polyomino counts (8 tilings, 2 up to
    # symmetry: tests/test_polyomino.py).
    board = rectangle(3, 20)
    text = run("pentominoes.py", "--dlx", "3", "20")
    assert text == format_dlx(tiling(polyomino.PENTOMINOES, board))
    cycles = run("pentominoes.py", "--symmetry", "3", "20")
    read = parse_dlx(text)
    group = parse_cycles(cycles, items=[*read.primary, *read.secondary])

    def word(cell: tuple[int, int]) -> str:
        return f"{cell[0]},{cell[1]}"

    assert list(group.generators) == [
        {word(a): word(b) for a, b in mapping.items() if a != b}
        for mapping in board_symmetries(board)
    ]
    problem = tmp_path / "p3x20.dlx"
    problem.write_text(text)
    symmetries = tmp_path / "sym3x20.txt"
    symmetries.write_text(cycles)
    capsys.readouterr()
    assert dlx.cli.main(["--count", str(problem)]) == 0
    assert capsys.readouterr().out == "8\n"
    assert dlx.cli.main(["--count", "--symmetry", str(symmetries), str(problem)]) == 0
    assert capsys.readouterr().out == "2\n"


@pytest.mark.processes
def test_pentominoes_writes_one_thing_at_a_time() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "pentominoes.py"), "--dlx", "--symmetry"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "not allowed with argument" in done.stderr


def check_dominoes(rows: list[str], height: int, width: int) -> None:
    """Every cell covered, each letter by one domino (two neighbouring cells)."""
    assert len(rows) == height
    assert all(len(row) == width for row in rows)
    cells: dict[str, Cells] = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row):
            cells.setdefault(name, []).append((r, c))
    assert len(cells) == height * width // 2
    for (r1, c1), (r2, c2) in map(sorted, cells.values()):
        assert abs(r1 - r2) + abs(c1 - c2) == 1


@pytest.mark.processes
def test_dominoes() -> None:
    *rows, last = run("dominoes.py").splitlines()
    check_dominoes(rows, 4, 4)
    assert last == "4×4: 36 domino tilings"


@pytest.mark.processes
@pytest.mark.parametrize(("height", "width", "count"), [(2, 7, 21), (3, 4, 11)])
def test_dominoes_other_sizes(height: int, width: int, count: int) -> None:
    *rows, last = run("dominoes.py", str(height), str(width)).splitlines()
    check_dominoes(rows, height, width)
    assert last == f"{height}×{width}: {count} domino tilings"
    assert run("dominoes.py", "3", "3", "--count") == "3×3: 0 domino tilings\n"


@pytest.mark.processes
def test_dominoes_written_for_the_dlx_command() -> None:
    text = run("dominoes.py", "2", "3", "--dlx")
    assert text.splitlines()[0] == "0,0 0,1 0,2 1,0 1,1 1,2"
    assert parse_dlx(text).count() == 3


@pytest.mark.processes
def test_scott() -> None:
    rows = run("scott.py").splitlines()
    assert [row[3:5] for row in rows[3:5]] == ["##", "##"]
    check_tiling(rows, 8, 8, holes=4)


@pytest.mark.slow
def test_scott_count() -> None:
    assert run("scott.py", "--count").splitlines()[-1] == (
        "130 solutions with the X in the top left quadrant, 65 up to symmetry"
    )


@pytest.mark.processes
def test_word_squares() -> None:
    *squares, summary = run("word_squares.py").split("\n\n")
    assert summary.startswith("2 squares from 11 words (")
    found = [square.split() for square in squares]
    assert sorted(found) == [["ACT", "DUE", "DEN"], ["ADD", "CUE", "TEN"]]
    for rows in found:
        columns = ["".join(column) for column in zip(*rows, strict=True)]
        assert set(rows) | set(columns) <= WORDS
        assert len(set(rows + columns)) == 6


def check_sudoku(puzzle: str, solution: str) -> None:
    """``solution`` fills in ``puzzle`` (givens kept) and breaks no rule."""
    given = [ch for ch in puzzle if not ch.isspace()]
    cells = [ch for ch in solution if not ch.isspace()]
    assert len(cells) == len(given)
    n = round(len(cells) ** 0.5)
    b = round(n**0.5)
    assert n * n == len(cells) and b * b == n
    for mine, theirs in zip(given, cells, strict=True):
        assert mine in ".-" or mine == theirs
    symbols = set(cells)
    assert len(symbols) == n
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [
        [(br + r) * n + bc + c for r in range(b) for c in range(b)]
        for br in range(0, n, b)
        for bc in range(0, n, b)
    ]
    for unit in units:
        assert {cells[k] for k in unit} == symbols


@pytest.mark.processes
def test_sudoku_file_lines(tmp_path: Path) -> None:
    picture = tmp_path / "grid.svg"
    out = run("sudoku_file.py", "--svg", str(picture)).splitlines()
    puzzles = (EXAMPLES / "sudoku9.in").read_text(encoding="utf-8").split()
    puzzles.remove("end")
    assert len(out) == len(puzzles) == 2
    for puzzle, solution in zip(puzzles, out, strict=True):
        check_sudoku(puzzle, solution)
    root = ET.parse(picture).getroot()
    texts = root.findall("{http://www.w3.org/2000/svg}text")
    assert "".join(text.text or "" for text in texts) == out[0]


@pytest.mark.processes
def test_sudoku_file_blocks() -> None:
    path = EXAMPLES / "sudoku16.in"
    out = run("sudoku_file.py", str(path))
    blocks = path.read_text(encoding="utf-8").strip().split("\n\n")
    solutions = out.strip().split("\n\n")
    assert len(solutions) == len(blocks) >= 1
    for puzzle, solution in zip(blocks, solutions, strict=True):
        check_sudoku(puzzle, solution)


@pytest.mark.processes
def test_sudoku_hint(tmp_path: Path) -> None:
    picture = tmp_path / "hint.svg"
    out = run("sudoku_hint.py", "--svg", str(picture)).splitlines()
    puzzle = "4......7...268........7.8.9.....849..8.5.6.3..391.....2.3.6........251...4......8"
    solution = sudoku.solve(puzzle)
    # The hint and the hardest step, checked against the solution here.
    assert out[0].startswith("rating 3.2 (pearl 1.2, diamond 1.2), ")
    first = re.fullmatch(r"hint: +r(\d)c(\d) = (\d): hidden single in box \d", out[1])
    assert first is not None
    r, c, symbol = (int(x) for x in first.groups())
    assert puzzle[(r - 1) * 9 + c - 1] == "." and solution[(r - 1) * 9 + c - 1] == str(
        symbol
    )
    hardest = re.fullmatch(
        r"hardest: r(\d)c(\d) <> (\d): X-wing on \d in .* \(3\.2\)", out[2]
    )
    assert hardest is not None
    r, c, symbol = (int(x) for x in hardest.groups())
    assert solution[(r - 1) * 9 + c - 1] != str(symbol)
    counts = [int(line.split("×")[0]) for line in out[3:]]
    assert sum(counts) == int(out[0].split(", ")[-1].split()[0])
    root = ET.parse(picture).getroot()
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None
    assert title.text == out[2].split(": ", 1)[1].rsplit(" (", 1)[0]
    several = subprocess.run(
        [sys.executable, str(EXAMPLES / "sudoku_hint.py"), "." * 81],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (several.returncode, several.stdout) == (1, "")
    assert several.stderr == (
        "sudoku_hint.py: more than one solution: an explanation needs a unique one\n"
    )


@pytest.mark.processes
def test_draw_links(tmp_path: Path) -> None:
    out = run("draw_links.py", str(tmp_path)).split()
    names = ["links-before.svg", "links-cover-a.svg", "links-node1.svg"]
    assert out == [str(tmp_path / name) for name in names]
    ns = "{http://www.w3.org/2000/svg}"
    headers = {}
    for name in names:
        root = ET.parse(tmp_path / name).getroot()
        assert root.tag == f"{ns}svg"
        labels = [text.text for text in root.iter(f"{ns}text")]
        # Every header's name, then its note (its size, or "covered").
        headers[name] = {
            labels[k]: labels[k + 1]
            for k in range(len(labels) - 1)
            if labels[k] in set("ABCDEFG")
        }
    assert headers["links-before.svg"] == {
        "A": "size 2", "B": "size 2", "C": "size 2", "D": "size 3",
        "E": "size 2", "F": "size 2", "G": "size 3",
    }  # fmt: skip
    # Covering A unlinks the D and G nodes of option 1 (A D G) and the D of option 3 (A D).
    assert headers["links-cover-a.svg"] == {
        "A": "covered", "B": "size 2", "C": "size 2", "D": "size 1",
        "E": "size 2", "F": "size 2", "G": "size 2",
    }  # fmt: skip
    assert headers["links-node1.svg"]["D"] == "covered"


@pytest.mark.processes
@pytest.mark.parametrize(
    "args",
    [["langford.py", "11"], ["queens.py", "10"], ["sudoku_file.py"]],
)
def test_a_closed_pipe_ends_an_example_quietly(args: list[str]) -> None:
    # `python docs/examples/langford.py 11 | head -0`: the reader is gone
    # before the first line; no traceback, and the status of a process that
    # SIGPIPE ended, as for the commands.
    read, write = os.pipe()
    os.close(read)
    try:
        process = subprocess.run(
            [sys.executable, str(EXAMPLES / args[0]), *args[1:]],
            stdout=write,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=120,
        )
    finally:
        os.close(write)
    assert process.stderr == b""
    assert process.returncode == -13  # killed by SIGPIPE: 141 in a shell
