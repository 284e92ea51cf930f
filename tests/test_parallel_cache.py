"""The problem cache of a split search's workers, shared by the tasks of a thread pool.

Two threads that evicted at once took the same oldest entry, and the
second one's ``del`` raised KeyError: a split search with a
``ThreadPoolExecutor`` failed now and then (seen on PyPy in CI, in the
cheapest-orbits oracle test).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

from dlx import ExactCover, parallel


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Switch threads as often as CPython allows, so that races show."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.threads
def test_threads_unpacking_many_problems_at_once_never_fail(
    busy_switching: None,
) -> None:
    pack = getattr(parallel, "_pack")  # noqa: B009
    unpack = getattr(parallel, "_unpack")  # noqa: B009
    payloads = [
        pack(ExactCover("ab", options=[["a"], ["b"], ["a", "b"], *[["a"]] * n]).links())
        for n in range(12)
    ]
    errors: list[BaseException] = []
    counts: list[int] = []

    def work(offset: int) -> None:
        try:
            for i in range(300):
                key, payload = payloads[(i * 7 + offset) % len(payloads)]
                links = unpack(key, payload)
                counts.append(links.n_options)
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(counts) == 8 * 300 and set(counts) == {3 + n for n in range(12)}
