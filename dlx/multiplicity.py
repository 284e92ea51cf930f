"""Algorithm M's old module name, kept importable for one release.

Algorithm M (Knuth's DLX3) now lives in ``dlx.algorithm_m``, which only
:mod:`dlx.algorithms` imports; :class:`dlx.MultiplicitySearch` is in
:mod:`dlx.engine`.  This module gives the old names their new homes;
import them from there (or from :mod:`dlx`) instead.

>>> from dlx.multiplicity import MultiplicitySearch
>>> MultiplicitySearch.__module__
'dlx.engine'
"""

from dlx.algorithms import UNSUPPORTED, algorithm_m
from dlx.algorithms import walker as walker
from dlx.engine import MultiplicitySearch, search_class

__all__ = ["UNSUPPORTED", "MWalker", "MultiplicitySearch", "search_class", "walker"]

MWalker = algorithm_m.MWalker
