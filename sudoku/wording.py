"""Articles, plurals and times for messages: "an 8x8 grid", "1 row", "2 rows", "2.5 s".

>>> counted(1, "puzzle"), counted(3, "puzzle"), grid(11), a("int"), seconds(2.5)
('1 puzzle', '3 puzzles', 'an 11x11 grid', 'an int', '2.5')
"""

from __future__ import annotations

__all__ = ["a", "counted", "grid", "seconds"]


def a(word: str) -> str:
    """``word`` with "a" or "an" before it, by how it is said.

    Numbers are said in English: "an 8", "an 11", "an 18", "a 9".

    :param word: a word or a number, e.g. ``"int"`` or ``"8x8"``.
    :returns: the word with its article.

    >>> a("ndarray"), a("list"), a("8x8"), a("9x9"), a("18x18")
    ('an ndarray', 'a list', 'an 8x8', 'a 9x9', 'an 18x18')
    """
    digits = ""
    for ch in word:
        if not ch.isdigit():
            break
        digits += ch
    if digits:
        number = int(digits)
        # "eight", "eleven", "eighteen", "eighty...", "eight hundred..."
        vowel = (
            digits.startswith("8") or number in (11, 18) or 11_000 <= number < 12_000
        )
    else:
        # Initials read letter by letter: "an ndarray", "an NxN grid".
        vowel = word[:1].lower() in ("a", "e", "i", "o", "u") or word[:2] in (
            "nd",
            "Nx",
        )
    return f"{'an' if vowel else 'a'} {word}"


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, in the plural unless the number is 1.

    :param number: how many.
    :param noun: the noun in the singular.
    :param plural: its plural, when it is not ``noun + "s"``.
    :returns: e.g. ``"1 row"`` or ``"3 rows"``.

    >>> counted(0, "solution"), counted(1, "box", "boxes"), counted(2, "box", "boxes")
    ('0 solutions', '1 box', '2 boxes')
    """
    if number == 1:
        return f"1 {noun}"
    return f"{number} {plural or noun + 's'}"


def grid(size: int) -> str:
    """ "a 9x9 grid", "an 8x8 grid" ...

    :param size: N of an NxN grid.
    :returns: the phrase.

    >>> grid(9), grid(8)
    ('a 9x9 grid', 'an 8x8 grid')
    """
    return f"{a(f'{size}x{size}')} grid"


def seconds(value: float) -> str:
    """A time in seconds as messages give it: three digits, ``"0"`` under a millisecond.

    A budget used up at once stops after microseconds, which no one
    needs to read (and which differ from run to run).

    :param value: the seconds.
    :returns: the number, without its unit.

    >>> seconds(5.0123), seconds(0.25), seconds(0.00002)
    ('5.01', '0.25', '0')
    """
    return f"{value:.3g}" if value >= 0.001 else "0"
