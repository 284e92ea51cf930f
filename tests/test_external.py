"""Checks against data nobody here wrote: the ``exact-cover-samples`` package.

Its problems come as 0/1 matrices with their full solution sets.  The test
is slow and needs the package (``pip install exact-cover-samples``, which
brings NumPy and pandas; it is CC BY-NC 4.0, used only as a test oracle and
not shipped here); it is skipped with a reason when the package is absent.
"""

from __future__ import annotations

from typing import Any

import pytest

from dlx import ExactCover

# Counting these takes minutes each; their counts are checked by
# tests/test_known_counts.py (6x10) or are the same family as those below.
TOO_LONG = {"p4x15", "p5x12", "p6x10", "p8x9"}


def _problems() -> list[str]:
    try:
        from exact_cover_samples import problems
    except ImportError:
        return ["exact-cover-samples is not installed"]
    return sorted(set(problems) - TOO_LONG)


@pytest.mark.slow
@pytest.mark.parametrize("name", _problems())
def test_exact_cover_samples_have_our_solutions(name: str) -> None:
    samples: Any = pytest.importorskip(
        "exact_cover_samples", reason="pip install exact-cover-samples to run it"
    )
    sample = samples.problems[name]()
    problem = ExactCover.from_matrix(sample["data"])
    ours = problem.solutions_list()
    assert len(ours) == len(set(ours))
    assert set(ours) == {tuple(sorted(s)) for s in sample["solutions"]}
