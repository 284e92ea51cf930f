"""The SAT back end's threads are waited for past a Ctrl-C.

The solvers run in threads of their own while the main thread waits.
On CPython before 3.13 a join cut short by a signal marks the running
thread stopped (bpo-45274's fix releases its lock), and every later join
returns at once: the wait for "the step ends first" after a Ctrl-C
returned while the solver still ran.  The waits are now on an event the
thread sets when its call returns.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.processes

SCRIPT = textwrap.dedent(
    """
    import signal, time
    from dlx import sat

    ended = []

    def call():
        time.sleep(0.5)
        ended.append(True)
        return 42

    def handler(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 0.1)
    try:
        print("answered", getattr(sat, "_off_main")(call))
    except KeyboardInterrupt:
        print("interrupted", "after the call" if ended else "while it ran")
    """
)


@pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer"), reason="POSIX")
@pytest.mark.parametrize("run", range(3))
def test_ctrl_c_while_a_solver_step_runs_is_raised_once_the_step_ends(
    run: int,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "interrupted after the call\n",
        "",
    )
