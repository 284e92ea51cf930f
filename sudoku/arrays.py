"""What :mod:`sudoku` needs of an array grid: :class:`ArrayLike`.

:mod:`sudoku.grid` and :mod:`sudoku` re-export it (its documented home is
``sudoku.grid.ArrayLike``), importing this module when it is first asked
for: it is a :class:`typing.Protocol`, and importing :mod:`typing` costs
a start milliseconds (issue 46).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

__all__ = ["ArrayLike"]


@runtime_checkable
class ArrayLike(Protocol):
    """What :mod:`sudoku` needs of an array grid (a NumPy array has it all).

    >>> isinstance("12", ArrayLike)
    False
    """

    shape: tuple[int, ...]

    def tolist(self) -> Any: ...

    def copy(self) -> Any: ...

    @property
    def flat(self) -> Any: ...
