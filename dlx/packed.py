"""Algorithm X's packed loop form under its old module name, kept importable for one release.

The loop now lives in ``dlx.algorithm_x_packed``, which only
:mod:`dlx.algorithms` imports (there it is the ``packed`` form of
Algorithm X).  This module gives the old names their new home; use
``dlx.algorithms.algorithm_x_packed`` instead.

>>> from dlx.packed import unrolled
>>> unrolled(3).__name__
'run_packed_width_3'
"""

from dlx.algorithms import algorithm_x_packed

__all__ = [
    "COUNTER_BITS",
    "COUNTER_MASK",
    "MAX_UNROLL",
    "PackedTables",
    "run_packed",
    "start",
    "unrolled",
]

COUNTER_BITS = algorithm_x_packed.COUNTER_BITS
COUNTER_MASK = algorithm_x_packed.COUNTER_MASK
MAX_UNROLL = algorithm_x_packed.MAX_UNROLL
PackedTables = algorithm_x_packed.PackedTables
run_packed = algorithm_x_packed.run_packed
unrolled = algorithm_x_packed.unrolled
#: The old name of the packed form's entry point.
start = algorithm_x_packed.run
