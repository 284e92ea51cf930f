"""The default of a parameter the caller did not give: :data:`NOT_SET`.

:mod:`dlx.ways` re-exports both names (their documented home); they live
here, in a module that imports nothing of pydlx's, so that a module
whose signatures default to :data:`NOT_SET` (:class:`dlx.ExactCover`'s
methods) need not import the ways' rules to be imported (start-up,
issue 46).

>>> from dlx import ways
>>> ways.NOT_SET is NOT_SET, NOT_SET
(True, NOT_SET)
"""

from __future__ import annotations

import enum

__all__ = ["NOT_SET", "NotSet"]


class NotSet(enum.Enum):
    """The default of a parameter the caller did not give (:data:`NOT_SET`)."""

    NOT_SET = "not set"

    def __repr__(self) -> str:
        return "NOT_SET"


#: What a parameter of the API is when the caller did not give it, so that
#: its default given explicitly still counts as given (see
#: :func:`dlx.ways.given_value`).
NOT_SET = NotSet.NOT_SET
