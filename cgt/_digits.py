"""Decimal text of integers of any size, without touching Python's global limit.

CPython refuses ``str(n)`` and ``int(text)`` beyond 4,300 digits (see
:func:`sys.set_int_max_str_digits`) to stop quadratic-time conversions on
untrusted input.  Changing that limit is global and not thread-safe, so these
helpers convert in pieces instead: the number is split by a power of ten,
each half converted (recursively) under the limit, and the halves joined.  With
Python's Karatsuba multiplication this is sub-quadratic.

>>> n = 7 ** 20000
>>> len(int_to_str(n)), str_to_int(int_to_str(n)) == n, int_to_str(-12)
(16902, True, '-12')
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["count_text", "int_to_str", "str_to_int"]

_CHUNK = 600  # digits converted directly: below 640, the lowest limit Python allows
_CHUNK_BITS = 1994  # ints below 10**600 have at most 1994 bits; those have <= 601 digits


@lru_cache(maxsize=128)
def _pow10(k: int) -> int:
    return int(10**k)


def _digits(n: int) -> str:
    """Decimal digits of ``n >= 0``."""
    if n.bit_length() <= _CHUNK_BITS:
        return str(n)
    k = max(_CHUNK, int(n.bit_length() * 0.30103) // 2)
    high, low = divmod(n, _pow10(k))
    return _digits(high) + _digits(low).zfill(k)


def int_to_str(n: int) -> str:
    """``str(n)`` for an int of any size.

    >>> int_to_str(2**20000)[:10], len(int_to_str(2**20000))
    ('3980276840', 6021)
    """
    return "-" + _digits(-n) if n < 0 else _digits(n)


def _value(text: str) -> int:
    if len(text) <= _CHUNK:
        return int(text)
    k = len(text) // 2
    return _value(text[:-k]) * _pow10(k) + _value(text[-k:])


def str_to_int(text: str) -> int:
    """``int(text)`` for a run of ASCII digits (with an optional leading ``-``) of any length.

    Unlike :class:`int` it refuses spaces, underscores, ``+`` and non-ASCII digits.

    >>> str_to_int("-0042"), str_to_int("1" * 5000) == (10**5000 - 1) // 9
    (-42, True)
    """
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a run of ASCII digits: {text[:40]!r}")
    value = _value(digits)
    return -value if digits is not text else value


def count_text(n: int) -> str:
    """A count (of characters), exact when small, rounded when huge.

    >>> count_text(27553), count_text(2_345_678_901_234)
    ('27,553', '2.3e+12')
    """
    return f"{n:,}" if n < 10**7 else f"{n:.2g}"
