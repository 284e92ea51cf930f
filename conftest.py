"""Root pytest configuration.

``--doctest-modules`` imports every ``*.py`` file under the test paths.  The
files below are not library or test modules, so keep them out of collection.
Paths are relative to this file.
"""

collect_ignore = [
    "noxfile.py",
    "docs/conf.py",
    "docs/check_html.py",
    "docs/examples",
    "docs/_build",
    "tests/benchmarks",
]
