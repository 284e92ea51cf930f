"""Fuzzing the DLX text readers and the ``dlx`` command: only documented errors.

Any input either reads as a problem or raises :class:`dlx.FormatError`;
the command answers with a documented exit status and never a traceback.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dlx import ExactCover, FormatError, parse_dlx, read_dlx
from dlx.cli import main

# Text made of the characters that matter to the format, plus some others.
TOKENS = st.sampled_from(
    ["A", "B", "C", "a:1", "B:x", "|", ":", " ", "  ", "\t", "\n", "\r\n", "\r",
     "| comment\n", "é", "\x00", "A B | C\n", "::", "x|y", "\ufeff"]
)  # fmt: skip
TEXTS = st.lists(TOKENS, max_size=40).map("".join) | st.text(max_size=200)


def read_both(text: str) -> ExactCover | None:
    """parse_dlx and read_dlx on ``text``: the same problem or the same error."""
    outcomes: list[tuple[object, ...]] = []
    for read in ("text", "stream"):
        try:
            if read == "text":
                problem = parse_dlx(text, "fuzz.dlx")
            else:
                problem = read_dlx(io.BytesIO(text.encode()), "fuzz.dlx")
        except FormatError as error:
            assert str(error).startswith("fuzz.dlx")
            assert "\n" not in str(error)
            outcomes.append(("error", error.line))
        else:
            outcomes.append(
                (
                    "ok",
                    problem.primary,
                    problem.secondary,
                    [problem.option(k) for k in range(len(problem))],
                )
            )
    assert outcomes[0] == outcomes[1]
    return None


@settings(max_examples=300, deadline=None)
@given(TEXTS)
@example("\ufeff")  # once read as an item name by parse_dlx only
@example("\ufeff\ufeff")  # once stripped twice by read_dlx
@example("A B\r\rA\n")
def test_readers_raise_only_format_errors(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return  # lone surrogates cannot be in a file
    read_both(text)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.binary(max_size=200) | TEXTS.map(lambda t: t.encode("utf-8", "replace")))
def test_the_command_answers_every_input_with_a_documented_status(
    data: bytes,
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "input.dlx"
    path.write_bytes(data)
    status = main([str(path), "--count", "--max-nodes", "10000"])
    out, err = capsys.readouterr()
    assert status in (0, 2, 3)
    assert "Traceback" not in err
    if status == 0:
        assert out.strip().isdigit()
    elif status == 2:
        assert err.startswith(f"dlx: {path}") and out == ""


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(TEXTS)
def test_readers_raise_only_format_errors_long_run(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return
    read_both(text)
