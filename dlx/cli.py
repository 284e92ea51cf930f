"""The ``dlx`` command: solve a problem written in Knuth's DLX text format.

Exit status: 0 when the search finished (whether or not it found a
solution), 2 for bad input or usage, 3 when a budget (``--max-nodes``,
``--timeout``) stopped the search early.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from dlx.errors import BudgetExceeded, FormatError
from dlx.problem import ExactCover
from dlx.textformat import format_option, parse_dlx

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_BUDGET = 3

_DESCRIPTION = """\
Find every exact cover of a problem in Knuth's DLX text format: the first
line names the primary items, then '|', then the secondary items; each
following line is an option; 'name:colour' colours a secondary item; lines
starting with '|' are comments.  Each solution is printed as the lines of
its options, solutions separated by a blank line.
"""

_EPILOG = """\
exit status: 0 search finished (with or without solutions), 2 bad input,
3 stopped by --max-nodes or --timeout.
example: dlx docs/examples/knuth.dlx --stats
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dlx",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file",
        nargs="?",
        default="-",
        help="problem file ('-' or none: standard input)",
    )
    parser.add_argument(
        "--count", action="store_true", help="print only the number of solutions"
    )
    parser.add_argument(
        "--limit", type=_natural, metavar="N", help="stop after N solutions"
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help="write Knuth's 'Altogether ... nodes.' line to standard error",
    )
    parser.add_argument(
        "--seed", type=int, help="break ties between items at random, with this seed"
    )
    parser.add_argument(
        "--max-nodes", type=_natural, metavar="N", help="give up after N search nodes"
    )
    parser.add_argument(
        "--timeout", type=_seconds, metavar="SECONDS", help="give up after SECONDS"
    )
    return parser


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {text!r}")
    return value


def _read(name: str) -> tuple[str, str]:
    """Return (text, source name); raises FormatError for unreadable input."""
    if name == "-":
        data = sys.stdin.buffer.read()
        source = "<stdin>"
    else:
        source = name
        try:
            with open(name, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            raise FormatError("no such file", source) from None
        except OSError as error:
            raise FormatError(error.strerror or "cannot be read", source) from None
    try:
        return data.decode("utf-8-sig"), source
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise FormatError("not UTF-8 text", source, line) from None


def _warn(message: str) -> None:
    print(f"dlx: warning: {message}", file=sys.stderr)


def _solve(problem: ExactCover, args: argparse.Namespace, out: TextIO) -> int:
    search = problem.search(
        limit=args.limit, max_nodes=args.max_nodes, timeout=args.timeout, seed=args.seed
    )
    status = EXIT_OK
    try:
        for number, solution in enumerate(search):
            if args.count:
                continue
            if number:
                out.write("\n")
            for k in solution:
                out.write(format_option(problem.option(k)) + "\n")
    except BudgetExceeded as stop:
        out.flush()
        found = stop.stats.solutions
        print(f"dlx: {stop} with {found} solutions found", file=sys.stderr)
        status = EXIT_BUDGET
    if args.count and status == EXIT_OK:
        out.write(f"{search.stats.solutions}\n")
    out.flush()
    if args.stats:
        print(search.stats.knuth_summary(problem.uses_colors), file=sys.stderr)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``dlx`` command with ``argv`` (default: ``sys.argv[1:]``).

    :param argv: the arguments, without the program name.
    :returns: the exit status (0 done, 2 bad input, 3 stopped by a budget).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tiny.dlx"
    >>> _ = path.write_text("A B\\nA\\nB\\nA B\\n")
    >>> main([str(path)])
    A
    B
    <BLANKLINE>
    A B
    0
    >>> main([str(path), "--count"])
    2
    0
    """
    args = _parser().parse_args(argv)
    try:
        text, source = _read(args.file)
        problem = parse_dlx(text, source, warn=_warn)
        return _solve(problem, args, sys.stdout)
    except FormatError as error:
        print(f"dlx: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (e.g. `dlx file | head`): stop quietly, and
        # keep Python from complaining when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
