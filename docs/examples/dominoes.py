"""Domino tilings: cover a board with dominoes, as many as it takes.

Built on :mod:`dlx.polyomino` with ``use="any"``: the cells are the only
items (each covered once) and every domino placement is an option, so a
piece may be used any number of times.  Each domino is drawn with a letter
of its own.

Usage: ``python docs/examples/dominoes.py [HEIGHT WIDTH] [--count | --dlx]``:
prints the first tiling of the rectangle (default 4×4) and the number of
tilings (36 for 4×4; 2×n boards give the Fibonacci numbers, 6×6 has 6,728,
8×8 12,988,816: counting that takes a while; a board that counting rules
out, 9×9 say, answers 0 at once: :func:`dlx.polyomino.obstruction`).
``--count`` prints only the number; ``--dlx`` writes the problem in Knuth's
DLX format instead, for the ``dlx`` command (whose ``--count --method
memo`` counts 8×8 at once).
"""

from __future__ import annotations

import argparse
import signal

from dlx import format_dlx
from dlx.polyomino import draw, obstruction, rectangle, tiling


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("height", type=int, nargs="?", default=4)
    parser.add_argument("width", type=int, nargs="?", default=4)
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--count", action="store_true", help="only count the tilings")
    what.add_argument(
        "--dlx", action="store_true", help="write the problem in Knuth's DLX format"
    )
    args = parser.parse_args(argv)
    board = rectangle(args.height, args.width)
    problem = tiling({"domino": "##"}, board, use="any")
    why = obstruction({"domino": "##"}, board, use="any")
    if why is not None and not args.dlx:  # no search: it would find none
        print(f"{args.height}×{args.width}: 0 domino tilings")
        return
    if args.dlx:
        print(format_dlx(problem), end="")
        return
    if not args.count:
        solution = problem.first()
        if solution is not None:
            print(draw(problem.labels_of(solution), board, distinct=True))
    print(f"{args.height}×{args.width}: {problem.count()} domino tilings")


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `| head` ends the script quietly, as it would `ls`
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
