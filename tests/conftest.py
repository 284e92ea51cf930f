"""What every test of ``tests/`` starts from.

:mod:`dlx.algorithm_x_packed` writes its loop out for a problem whose
options have one width only once the process has run
:data:`~dlx.algorithm_x_packed.UNROLL_AFTER` nodes at that width (see
:class:`~dlx.algorithm_x_packed.Handoff`).  The tests set it to 0, so
that the ``"unrolled"`` links of ``dlx_helpers.compiled_as`` run the
written-out loops from their first node, as the name says.
``tests/test_algorithm_x_packed.py`` checks the default and the move in
the middle of a search, and the conformance suite's ``handoff`` variants
move every search of its pool in the middle.

Under Pyodide (CPython in WebAssembly, ``nox -s pyodide``) there are no
processes and no threads: a test that starts them says so with the marker
``processes`` or ``threads`` (a fixture, with ``dlx_helpers.lacking``),
and skips there with the reason of :data:`dlx_helpers.LACKING`.
"""

from __future__ import annotations

import sys

import pytest
from dlx_helpers import LACKING

from dlx import algorithm_x_packed


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under Pyodide, skip the tests marked as needing what it lacks."""
    if sys.platform == "emscripten":
        for item in items:
            for marker, why in LACKING.items():
                if item.get_closest_marker(marker) is not None:
                    item.add_marker(pytest.mark.skip(reason=why))
                    break


@pytest.fixture(autouse=True)
def written_out_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(algorithm_x_packed, "UNROLL_AFTER", 0)
