"""Run the ``sudoku`` command: ``python -m sudoku [FILE...]`` (see ``--help``)."""

from sudoku.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
