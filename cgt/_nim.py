"""Conway's nim-product of plain non-negative ints, with no checks and no games.

The arithmetic behind :func:`cgt.impartial.nim_product` (which checks its
arguments and documents the theory) and :func:`cgt.products.nim_multiply`
(which multiplies nimbers as games).  It lives here, below both, so that the
theory of products does not import the impartial package above it.

For a Fermat 2-power ``F = 2**(2**k)`` and ``x, y < F``: ``x ⊗ F`` is the
ordinary ``x·F`` and ``F ⊗ F = F ⊕ F/2``.  Splitting ``a = a1·F ⊕ a0`` and
``b = b1·F ⊕ b0`` leaves three half-size products (Karatsuba style); products
of two factors below ``2**16`` are cached.

>>> product(2, 2), product(4, 4), product(16, 16), level(255), level(256)
(3, 6, 24, 3, 4)
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["level", "product"]


def level(n: int) -> int:
    """The least ``k`` with ``n < 2**(2**k)`` (``n >= 0``): the subfield level.

    >>> [level(n) for n in (0, 1, 2, 3, 4, 15, 16, 2**16)]
    [0, 0, 1, 1, 2, 2, 3, 5]
    """
    k = 0
    while n >> (1 << k):
        k += 1
    return k


@lru_cache(maxsize=1 << 16)
def _small(a: int, b: int) -> int:
    return _split(a, b)


def _split(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    k = level(max(a, b)) - 1  # both below 2**(2**(k+1)); split at F = 2**(2**k)
    half = 1 << k
    mask = (1 << half) - 1
    a1, a0 = a >> half, a & mask
    b1, b0 = b >> half, b & mask
    low = product(a0, b0)
    high_part = product(a1, b1)
    cross = product(a1 ^ a0, b1 ^ b0) ^ low  # a1b1 ^ a1b0 ^ a0b1
    # a1b1 ⊗ F⊗F = a1b1 ⊗ (F ⊕ F/2): the F part joins ``cross``; F/2 = 2**(half-1) < F
    return (cross << half) ^ low ^ product(high_part, 1 << (half - 1))


def product(a: int, b: int) -> int:
    """The nim-product of two non-negative ints (not checked: see
    :func:`cgt.impartial.nim_product` for the checked one).

    >>> product(2, 3), product(8, 8), product(0, 7), product(2**64, 2**64) == 2**64 ^ 2**63
    (1, 13, 0, True)
    """
    if a < 2 or b < 2:
        return a * b
    if a < 65536 and b < 65536:
        return _small(a, b) if a <= b else _small(b, a)
    return _split(a, b)
