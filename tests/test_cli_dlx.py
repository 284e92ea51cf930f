"""The ``dlx`` command line and Knuth's text format."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

from dlx import Colored, ExactCover, FormatError, format_dlx, parse_dlx
from dlx.cli import main

KNUTH = """\
| Knuth's DLX1 example
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
"""


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def knuth_file(tmp_path: Path) -> Path:
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH)
    return path


def write(tmp_path: Path, text: str, name: str = "p.dlx") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode())
    return str(path)


def test_prints_the_solution_with_original_names(
    knuth_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run([str(knuth_file)], capsys)
    assert status == 0
    assert out == "C E F\nA D\nB G\n"
    assert err == ""


def test_stats_line_matches_knuth(
    knuth_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run([str(knuth_file), "--stats"], capsys)
    assert status == 0
    assert err.splitlines()[-1] == "Altogether 1 solution, 30 updates, 6 nodes."


def test_count_prints_only_the_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a b c\na\nb\nc\na b\nb c\na b c\n")
    status, out, _ = run([path, "--count"], capsys)
    assert status == 0
    assert (
        out
        == f"{ExactCover('abc', options=['a', 'b', 'c', 'ab', 'bc', 'abc']).count()}\n"
    )
    assert out == "4\n"


def test_solutions_are_separated_by_one_blank_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a b\na\nb\na b\n")
    _, out, _ = run([path], capsys)
    assert out == "a\nb\n\na b\n"


def test_the_empty_solution_is_printed_as_a_comment_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Both primary items may stay uncovered: choosing no option is one of
    # the five solutions.  It once printed as nothing, which the blank
    # lines between solutions hid; --count and --json had it.
    path = write(tmp_path, "0:1|A 0:1|B | x\nA\nB\nA B\n")
    status, out, _ = run([path], capsys)
    blocks = [block.splitlines() for block in out.rstrip("\n").split("\n\n")]
    assert status == 0 and len(blocks) == 5
    assert sorted(blocks) == sorted(
        [["A", "B"], ["A"], ["A B"], ["B"], ["| no option"]]
    )
    assert run([path, "--count"], capsys)[:2] == (0, "5\n")
    # The comment line reads as no option: the blocks read back as the
    # solutions, the empty one empty.
    problem = parse_dlx(Path(path).read_text())
    chosen = [[line for line in block if not line.startswith("|")] for block in blocks]
    assert sorted(len(lines) for lines in chosen) == [0, 1, 1, 1, 2]
    assert problem.count() == 5
    status, out, _ = run([path, "--json"], capsys)
    assert [line for line in out.splitlines() if '"options": []' in line]


def test_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "a b\na\nb\na b\n")
    _, out, _ = run([path, "--limit", "1"], capsys)
    assert out == "a\nb\n"
    _, out, _ = run([path, "--limit", "1", "--count"], capsys)
    assert out == "1\n"


def test_colours_are_printed_and_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "p q | x\np x:red\nq x:red\nq x:blue\n"
    path = write(tmp_path, text)
    status, out, err = run([path, "--stats"], capsys)
    assert status == 0
    assert out == "p x:red\nq x:red\n"
    assert "cleansings" in err.splitlines()[-1]


def test_crlf_and_missing_last_newline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "A B\r\n|comment\r\n\r\nA\r\nB")
    status, out, _ = run([path], capsys)
    assert status == 0
    assert out == "A\nB\n"


@pytest.mark.processes
def test_reads_standard_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dlx", "-", "--count"],
        input=KNUTH,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == "1\n"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("A B\nA C\n", 2, "unknown item 'C'"),
        ("A A\nA\n", 1, "duplicate item name 'A'"),
        ("A B\nA B A\n", 2, "item 'A' appears twice in the option"),
        ("A | F\nA:red F\n", 2, "primary item 'A' cannot have a colour"),
        ("A | F\nA F:\n", 2, "empty colour in 'F:'"),
        ("A:x B\nA\n", 1, "item name 'A:x' contains ':'"),
        ("A | B | C\nA\n", 1, "more than one '|'"),
    ],
)
def test_bad_input_is_one_line_naming_file_and_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str,
    line: int,
    message: str,
) -> None:
    path = write(tmp_path, text)
    status, out, err = run([path], capsys)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"dlx: {path}:{line}: ")
    assert message in err


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty file"), ("\n  \n", "empty file"), ("| only\n", "no item line")],
)
def test_empty_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = write(tmp_path, text)
    status, _, err = run([path], capsys)
    assert status == 2
    assert err == f"dlx: {path}: {message}" + (
        "\n" if message == "empty file" else " (only comments)\n"
    )


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "absent.dlx")
    status, _, err = run([missing], capsys)
    assert status == 2
    assert err == f"dlx: {missing}: no such file\n"


def test_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bin.dlx"
    path.write_bytes(b"A B\nA\n\xff\xfe\n")
    status, _, err = run([str(path)], capsys)
    assert status == 2
    assert err == f"dlx: {path}:3: not UTF-8 text\n"


def test_option_without_primary_item_is_dropped_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "A | X\nX\nA\n")
    status, out, err = run([path, "--count"], capsys)
    assert status == 0
    assert out == "1\n"
    assert err == f"dlx: warning: {path}:2: option ignored (it has no primary item)\n"


def test_node_budget_is_not_mistaken_for_no_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["a b c d"] + [" ".join(sorted(set(o))) for o in ("ab", "cd", "ac", "bd")]
    path = write(tmp_path, "\n".join(lines) + "\n")
    status, out, err = run([path, "--count", "--max-nodes", "1"], capsys)
    assert status == 3
    assert out == ""
    assert "node budget of 1 used up" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--timeout", "0"], "--timeout must be a number of seconds above 0, not '0'"),
        (["--max-nodes", "0"], "--max-nodes must be a whole number from 1 up, not '0'"),
        (["--limit", "0"], "--limit must be a whole number from 1 up, not '0'"),
    ],
)
def test_budgets_and_limits_that_do_nothing_are_refused(
    knuth_file: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    # The same rule as the sudoku command's: a budget of nothing is a mistake.
    with pytest.raises(SystemExit) as stop:
        main([str(knuth_file), *args])
    assert stop.value.code == 2
    assert words in capsys.readouterr().err


def test_seed_gives_the_same_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a b c\na\nb\nc\na b\nb c\na b c\na c\n")
    _, plain, _ = run([path], capsys)
    _, seeded, _ = run([path, "--seed", "7"], capsys)
    assert sorted(plain.strip().split("\n\n")) == sorted(seeded.strip().split("\n\n"))


@pytest.mark.parametrize(
    "args", [["--limit", "-1"], ["--timeout", "soon"], ["--bogus"]]
)
def test_bad_usage_exits_2(
    knuth_file: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([str(knuth_file), *args])
    assert exit_info.value.code == 2
    assert "usage: dlx" in capsys.readouterr().err


@pytest.mark.processes
def test_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    # 8 items, options of every pair: many solutions, far more output than `head`.
    items = [f"i{k}" for k in range(10)]
    options = [f"{a} {b}" for n, a in enumerate(items) for b in items[n + 1 :]]
    path = write(tmp_path, " ".join(items) + "\n" + "\n".join(options) + "\n")
    done = subprocess.run(
        f"{sys.executable} -m dlx {path} | head -n 1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout == "i0 i1\n"
    assert done.stderr == ""


def test_round_trip_through_the_text_format() -> None:
    problem = ExactCover(
        ["p", "q", "r"],
        ["x", "y"],
        [
            ["p", Colored("x", "red")],
            ["q", "y", Colored("x", "red")],
            ["r"],
            ["q", "r"],
        ],
    )
    text = format_dlx(problem)
    again = parse_dlx(text)
    assert format_dlx(again) == text
    assert again.solutions_list() == problem.solutions_list()


def test_format_error_carries_source_and_line() -> None:
    with pytest.raises(FormatError) as info:
        parse_dlx("A\nB\n", source="x.dlx")
    assert (info.value.source, info.value.line) == ("x.dlx", 2)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import dlx

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"dlx (pydlx) {dlx.__version__}\n"
    assert dlx.__version__ == importlib.metadata.version("pydlx")


# -- --symmetry given several times (issue 42) ----------------------------------


def _queens_and_moves(n: int) -> tuple[ExactCover, dict[str, str], dict[str, str]]:
    """n queens (rows and columns primary, diagonals secondary), its quarter turn and a reflection."""
    problem = ExactCover(
        [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)],
        [f"a{s}" for s in range(2 * n - 1)] + [f"b{s}" for s in range(2 * n - 1)],
    )
    for i in range(n):
        for j in range(n):
            problem.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    turn: dict[str, str] = {}
    mirror: dict[str, str] = {}
    for i in range(n):
        turn[f"r{i}"], turn[f"c{i}"] = f"c{n - 1 - i}", f"r{i}"
        mirror[f"c{i}"] = f"c{n - 1 - i}"
    for s in range(2 * n - 1):
        turn[f"a{s}"], turn[f"b{s}"] = f"b{s}", f"a{2 * (n - 1) - s}"
        mirror[f"a{s}"], mirror[f"b{s}"] = f"b{s}", f"a{s}"
    return problem, turn, mirror


def _cycles(mapping: dict[str, str]) -> str:
    seen: set[str] = set()
    written = []
    for start in mapping:
        if start not in seen and mapping[start] != start:
            cycle = [start]
            while mapping[cycle[-1]] != start:
                cycle.append(mapping[cycle[-1]])
            seen.update(cycle)
            written.append("(" + " ".join(cycle) + ")")
    return "".join(written) + "\n"


def _orbits(problem: ExactCover, generators: list[dict[str, str]]) -> int:
    """The orbits of the solutions under the group the generators make, by brute force.

    The group is closed by hand (products of the generators until nothing
    new comes), each solution is a set of options as sets of items, and
    an orbit is counted by its least image: nothing of dlx.symmetry.
    """
    items = [str(item) for item in (*problem.primary, *problem.secondary)]
    identity = tuple(items)
    as_tuple = [tuple(g.get(item, item) for item in items) for g in generators]
    index = {item: k for k, item in enumerate(items)}
    group = {identity}
    frontier = [identity]
    while frontier:
        element = frontier.pop()
        for g in as_tuple:
            product = tuple(g[index[image]] for image in element)
            if product not in group:
                group.add(product)
                frontier.append(product)
    solutions = [
        frozenset(frozenset(map(str, problem.option(k))) for k in solution)
        for solution in problem.solutions()
    ]
    leaders = set()
    for solution in solutions:
        images = []
        for element in group:
            moved = dict(zip(items, element, strict=True))
            images.append(
                tuple(
                    sorted(
                        tuple(sorted(moved[e] for e in option)) for option in solution
                    )
                )
            )
        leaders.add(min(images))
    return len(leaders)


@pytest.fixture
def queens_files(
    tmp_path: Path,
) -> tuple[Path, Path, Path, ExactCover, list[dict[str, str]]]:
    problem, turn, mirror = _queens_and_moves(6)
    path = tmp_path / "queens6.dlx"
    path.write_text(format_dlx(problem))
    (tmp_path / "turn.txt").write_text(_cycles(turn))
    (tmp_path / "mirror.txt").write_text("| the reflection\n" + _cycles(mirror))
    return path, tmp_path / "turn.txt", tmp_path / "mirror.txt", problem, [turn, mirror]


@pytest.mark.parametrize(
    "chosen",
    [["turn"], ["mirror"], ["turn", "mirror"], ["mirror", "turn"], ["turn", "turn"]],
)
def test_symmetry_given_several_times_generates_one_group(
    chosen: list[str],
    queens_files: tuple[Path, Path, Path, ExactCover, list[dict[str, str]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, _, _, problem, (turn, mirror) = queens_files
    moves = {"turn": turn, "mirror": mirror}
    argv = ["--count"]
    for name in chosen:
        argv += ["--symmetry", str(tmp_path / f"{name}.txt")]
    status, out, err = run([*argv, str(path)], capsys)
    generators = [moves[name] for name in chosen]
    assert (status, err) == (0, "")
    assert int(out) == _orbits(problem, generators)
    assert int(out) == problem.count(symmetry=generators)


def test_queens8_up_to_both_files_is_the_dihedral_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 42's command: the reflection's file alone was kept (46); both give D4's orbits."""
    problem, turn, mirror = _queens_and_moves(8)
    path = tmp_path / "queens8.dlx"
    path.write_text(format_dlx(problem))
    (tmp_path / "rot.txt").write_text(_cycles(turn))
    (tmp_path / "refl.txt").write_text(_cycles(mirror))
    argv = ["--count", "--symmetry", str(tmp_path / "rot.txt")]
    argv += ["--symmetry", str(tmp_path / "refl.txt"), str(path)]
    status, out, _ = run(argv, capsys)
    assert status == 0
    assert int(out) == _orbits(problem, [turn, mirror])
    alone = run(
        ["--count", "--symmetry", str(tmp_path / "refl.txt"), str(path)], capsys
    )
    assert int(alone[1]) == _orbits(problem, [mirror]) != int(out)


def test_a_bad_generator_of_a_later_file_is_named_with_its_file_and_line(
    queens_files: tuple[Path, Path, Path, ExactCover, list[dict[str, str]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, turn_file, _, _, _ = queens_files
    bad = tmp_path / "bad.txt"
    bad.write_text(
        "| fine, then not a symmetry\n(c0 c5)(c1 c4)(c2 c3)(a0 b0)(a1 b1)"
        "(a2 b2)(a3 b3)(a4 b4)(a5 b5)(a6 b6)(a7 b7)(a8 b8)(a9 b9)(a10 b10)\n(r0 r1)\n"
    )
    argv = ["--count", "--symmetry", str(turn_file), "--symmetry", str(bad), str(path)]
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err.startswith(f"dlx: {bad}:3: the generator maps option "), err
    assert err.count("\n") == 1


def test_a_refusal_from_below_is_told_in_the_commands_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A :class:`dlx.ways.Refused` raised while the run is made: never a file error, never ``executor=``."""
    from dlx import ways

    features = {"cheapest", "split", "progress"}

    def refusing(*args: object, **kwargs: object) -> object:
        ways.check(features)  # the library's words: best() ... executor= ...
        raise AssertionError("ways.check accepted them")

    monkeypatch.setattr(ways, "cheapest", refusing)
    monkeypatch.setattr(ways, "UNAVAILABLE", {})  # the rule, even where split is not
    path = write(tmp_path, "a b\na |1\nb |2\na b |4\n")
    status, out, err = run(["--best", "1", path], capsys)
    with pytest.raises(ways.Refused) as ours:
        ways.check(features, "dlx")  # no --jobs given: "--jobs or --scheduler"
    assert (status, out) == (2, "")
    assert err == f"dlx: error: {ours.value}\n"
    assert path not in err
