"""``dlx --preprocess``: the smaller problem written out, or searched and mapped back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dlx import parse_dlx
from dlx import preprocess as preprocess_module
from dlx.cli import main

ROOT = Path(__file__).resolve().parent.parent
KNUTH_DATA = ROOT / "tests" / "data" / "knuth"
KNUTH = ROOT / "docs" / "examples" / "knuth.dlx"
COLOURS = KNUTH_DATA / "knuth_color_example.dlx"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def option_lines(path: Path) -> list[str]:
    """The option lines of a file, in order (as read_dlx numbers the options)."""
    lines = [
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip() and not line.strip().startswith("|")
    ]
    items = parse_dlx(path.read_text()).primary
    # Options without a primary item are dropped on reading; so here.
    return [line for line in lines[1:] if any(w in items for w in line.split())]


def solution_blocks(out: str) -> set[frozenset[str]]:
    return {frozenset(block.splitlines()) for block in out.split("\n\n") if block}


FILES = [
    KNUTH,
    COLOURS,
    KNUTH_DATA / "queens6.dlx",
    KNUTH_DATA / "sudoku9a.dlx",
    KNUTH_DATA / "sudoku9b.dlx",
    KNUTH_DATA / "color03.dlx",
    KNUTH_DATA / "cbig07.dlx",
    KNUTH_DATA / "big06.dlx",
]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_written_problem_is_the_original_shortened(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["--preprocess", str(path)], capsys)
    assert status == 0
    lines = out.splitlines()
    # The item line, then each option line followed by its "| (from N)".
    options, origins = lines[1::2], lines[2::2]
    assert len(options) == len(origins)
    numbers = []
    for comment in origins:
        found = re.fullmatch(r"\| \(from (\d+)\)", comment)
        assert found, comment
        numbers.append(int(found.group(1)))
    assert numbers == sorted(set(numbers))
    originals = option_lines(path)
    for line, number in zip(options, numbers, strict=True):
        assert set(line.split()) <= set(originals[number - 1].split())
    # It reads back, and has as many solutions as the original.
    written = tmp_path / "smaller.dlx"
    written.write_text(out)
    status, count, _ = run(["--count", str(written)], capsys)
    assert status == 0
    assert count == run(["--count", str(path)], capsys)[1]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_linear_sets_write_the_same_problem(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Above its threshold preprocessing keeps no bit sets (issue 31): the same output.

    These files are small, so they take the bit sets; with the threshold
    at 0 they take the linear sets, as a problem of 100,000 items would.
    """
    bits = run(["--preprocess", "--stats", str(path)], capsys)
    monkeypatch.setattr(preprocess_module, "_BITSET_BYTES", 0)
    assert run(["--preprocess", "--stats", str(path)], capsys) == bits
    assert bits[0] == 0 and "| (from " in bits[1]


def test_knuths_colour_example_keeps_options_2_and_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """DLX-PRE's introduction: its output names original options 2 and 3."""
    _, out, err = run(["--preprocess", str(COLOURS)], capsys)
    assert re.findall(r"\(from (\d+)\)", out) == ["2", "3"]
    assert "option ignored (it has no primary item)" in err


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_count_and_solutions_are_the_originals(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = run([str(path)], capsys)
    status, out, _ = run(["--preprocess", "--solve", str(path)], capsys)
    assert status == plain[0] == 0
    assert solution_blocks(out) == solution_blocks(plain[1])
    assert out.count("\n\n") == plain[1].count("\n\n")
    counted = run(["--count", "--preprocess", str(path)], capsys)
    assert counted[:2] == run(["--count", str(path)], capsys)[:2]


def test_json_names_the_original_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--preprocess", "--solve", "--json", str(COLOURS)], capsys)
    assert status == 0
    records = [json.loads(line) for line in out.splitlines()]
    plain = [
        json.loads(line)
        for line in run(["--json", str(COLOURS)], capsys)[1].splitlines()
    ]
    assert records[0]["options"] == plain[0]["options"]
    assert records[0]["lines"] == plain[0]["lines"]
    assert records[-1]["count"] == plain[-1]["count"] == 1


def test_stats_say_what_went(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["--preprocess", "--stats", str(KNUTH)], capsys)
    assert status == 0
    kept = out.count("| (from ")
    removed = len(option_lines(KNUTH)) - kept
    found = re.fullmatch(
        r"Removed (\d+) options? and (\d+) items?, (\d+) rounds?\.\n", err
    )
    assert found and int(found.group(1)) == removed
    items_before = len(KNUTH.read_text().splitlines()[0].replace("|", " ").split())
    items_after = len(out.splitlines()[0].replace("|", " ").split())
    assert int(found.group(2)) == items_before - items_after
    # With a search, the line comes first, then Knuth's.
    status, _, err = run(["--preprocess", "--count", "--stats", str(KNUTH)], capsys)
    assert err.startswith("Removed ") and "Altogether 1 solution" in err


@pytest.mark.processes
def test_split_over_processes(capsys: pytest.CaptureFixture[str]) -> None:
    path = KNUTH_DATA / "queens6.dlx"
    status, out, _ = run(["--preprocess", "--solve", "--jobs", "2", str(path)], capsys)
    assert status == 0
    assert solution_blocks(out) == solution_blocks(run([str(path)], capsys)[1])


def test_bounds_are_refused_in_the_commands_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = ROOT / "docs" / "examples" / "dlx3.dlx"
    for extra in ([], ["--count"]):
        status, out, err = run(["--preprocess", *extra, str(path)], capsys)
        assert status == 2 and out == ""
        assert err == (
            f"dlx: {path}: --preprocess does not handle bounds (item C is to be "
            "covered 2 to 3 times); run without --preprocess\n"
        )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--solve"], "--solve only goes with --preprocess"),
        (["--preprocess", "--limit", "1"], "so --limit does not apply"),
        (["--preprocess", "--json"], "so --json does not apply"),
        (["--preprocess", "--jobs", "2"], "so --jobs does not apply"),
        (
            ["--preprocess", "--estimate"],
            "--estimate does not search, so --preprocess does not apply",
        ),
        (
            ["--preprocess", "--count", "--checkpoint", "c.json"],
            "--preprocess does not go with --checkpoint",
        ),
        (["--preprocess", "--method", "sat"], "so --method sat does not apply"),
        (["--preprocess", "--seed", "1"], "so --seed does not apply"),
    ],
)
def test_options_that_do_not_go_with_it(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*args, str(KNUTH)])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_timeout_bounds_the_preprocessing_when_writing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        ["--preprocess", "--stats", "--timeout", "1e-9", str(KNUTH)], capsys
    )
    assert status == 0
    # Stopped before its first round: every option is still there.
    assert re.findall(r"\(from (\d+)\)", out) == ["1", "2", "3", "4", "5", "6"]
    assert "Stopped before the fixed point" in err


COSTED = [
    ROOT / "tests" / "data" / "dlx5" / "timetable.dlx",
    ROOT / "tests" / "data" / "dlx5" / "queens6cost.dlx",
    ROOT / "tests" / "data" / "dlx5" / "costs01.dlx",
]


@pytest.mark.parametrize("path", COSTED, ids=lambda p: p.name)
def test_best_of_the_smaller_problem_is_the_originals(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--best with --preprocess: the same costs, as the original's option lines."""
    status, plain, _ = run(["--best", "3", "--json", str(path)], capsys)
    assert status == 0
    status, reduced, _ = run(
        ["--best", "3", "--json", "--preprocess", str(path)], capsys
    )
    assert status == 0
    records = [json.loads(line) for line in plain.splitlines()]
    shrunk = [json.loads(line) for line in reduced.splitlines()]
    assert [r.get("cost") for r in shrunk] == [r.get("cost") for r in records]
    lines = option_lines(path)
    for record in shrunk[:-1]:
        # The numbers are the original's, and name the lines printed.
        assert [_items(text) for text in record["lines"]] == [
            _items(lines[k]) for k in record["options"]
        ]


def _items(line: str) -> list[str]:
    """The items of an option line, without its costs (``|n``, possibly several)."""
    return [word for word in line.split() if not word.startswith("|")]


@pytest.mark.parametrize("path", FILES[:4], ids=lambda p: p.name)
def test_samples_of_the_smaller_problem_are_the_originals(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--sample with --preprocess draws original solutions, named by their lines."""
    status, out, _ = run(["--sample", "5", "--seed", "2", "--json", str(path)], capsys)
    assert status == 0
    plain = [json.loads(line) for line in out.splitlines()]
    args = ["--sample", "5", "--seed", "2", "--json", "--preprocess", str(path)]
    status, out, _ = run(args, capsys)
    assert status == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert records[-1]["count"] == plain[-1]["count"]
    lines = option_lines(path)
    originals = parse_dlx(path.read_text())
    solutions = {tuple(s) for s in originals.solutions()}
    for record in records[:-1]:
        assert tuple(record["options"]) in solutions
        assert [_items(text) for text in record["lines"]] == [
            _items(lines[k]) for k in record["options"]
        ]
