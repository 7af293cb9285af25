"""The nim field: Conway's nim-multiplication on the non-negative integers.

With the nim-sum (bitwise xor) as addition, Conway's nim-product turns the
non-negative integers into a field of characteristic 2, the *nimbers*.  For
every ``k`` the integers below ``2**(2**k)`` (a *Fermat 2-power*) form the
finite subfield ``GF(2**(2**k))``.  The product is defined recursively,

    ``a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b}``,

and computed by the equivalent rules on Fermat 2-powers ``F = 2**(2**k)``:
for ``x, y < F`` the product ``x ⊗ F`` is the ordinary product ``x·F`` and
``F ⊗ F = F ⊕ F/2`` (that is ``3F/2``).  Splitting ``a = a1·F ⊕ a0`` and
``b = b1·F ⊕ b0`` with halves below ``F`` gives three half-size products
(Karatsuba style).  That integer arithmetic lives in ``cgt._nim``, below
both this module and :mod:`cgt.products` (whose ``nim_multiply`` uses it).

>>> nim_product(2, 2), nim_product(4, 4), nim_product(16, 16)
(3, 6, 24)
>>> nim_product(5, nim_inverse(5))
1
>>> nim_divide(nim_product(7, 9), 9)
7
"""

from __future__ import annotations

import operator

from .._nim import level as _level
from .._nim import product as _product
from ..dyadic import Dyadic
from ..errors import DivisionByZero, InvalidNimber
from ..game import Game

__all__ = [
    "InvalidNimber",
    "NimZeroDivisionError",
    "nim_divide",
    "nim_inverse",
    "nim_power",
    "nim_product",
    "nim_square_root",
    "subfield_order",
]


class NimZeroDivisionError(DivisionByZero):
    """Division by the nimber 0 (which has no inverse).

    >>> issubclass(NimZeroDivisionError, ZeroDivisionError)
    True
    """


def _check(value: object, name: str) -> int:
    """``value`` as an int if it is a non-negative integer (``__index__``), else
    :class:`~cgt.errors.InvalidNimber` naming ``name``.

    >>> _check(3, "a"), _check(-1, "a")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidNimber: a must be a non-negative int, got -1
    """
    if isinstance(value, (bool, Game, Dyadic)) or not hasattr(type(value), "__index__"):
        raise InvalidNimber(f"{name} must be a non-negative int, not {type(value).__name__}")
    n = operator.index(value)  # type: ignore[arg-type]
    if n < 0:
        raise InvalidNimber(f"{name} must be a non-negative int, got {n}")
    return n


def nim_product(a: int, b: int) -> int:
    """Conway's nim-product of two non-negative integers.

    It is commutative and associative, distributes over the nim-sum
    (:func:`~cgt.impartial.nim_sum`), has identity 1, and every non-zero
    nimber has an inverse; the nimbers below ``2**(2**k)`` are closed under it.

    >>> nim_product(2, 3), nim_product(3, 3), nim_product(8, 8), nim_product(6, 7)
    (1, 2, 13, 3)
    >>> nim_product(2**64, 2**64) == 2**64 ^ 2**63
    True
    """
    _check(a, "a")
    _check(b, "b")
    return _product(a, b)


def subfield_order(a: int) -> int:
    """The order ``2**(2**k)`` of the smallest finite nim-subfield containing ``a``.

    >>> [subfield_order(a) for a in (0, 1, 3, 4, 255, 256)]
    [2, 2, 4, 16, 256, 65536]
    """
    _check(a, "a")
    return 1 << (1 << _level(a))


def nim_power(a: int, e: int) -> int:
    """``a`` nim-multiplied by itself ``e`` times (``e >= 0``; ``nim_power(a, 0) == 1``).

    >>> nim_power(2, 3), nim_power(16, 0), nim_power(5, 15)
    (1, 1, 1)
    """
    _check(a, "a")
    _check(e, "e")
    result, base = 1, a
    while e:
        if e & 1:
            result = _product(result, base)
        base = _product(base, base)
        e >>= 1
    return result


def nim_inverse(a: int) -> int:
    """The nim-multiplicative inverse of a non-zero nimber.

    In the subfield of order ``q = 2**(2**k)`` containing ``a`` the inverse is
    ``a**(q-2)`` (Fermat's little theorem), so it is found by repeated squaring.

    >>> nim_inverse(1), nim_inverse(2), nim_inverse(3), nim_inverse(4)
    (1, 3, 2, 15)
    >>> nim_inverse(0)
    Traceback (most recent call last):
    ...
    cgt.impartial.field.NimZeroDivisionError: the nimber 0 has no nim-inverse
    """
    _check(a, "a")
    if a == 0:
        raise NimZeroDivisionError("the nimber 0 has no nim-inverse")
    return _inverse(a)


def _inverse(a: int) -> int:
    """The inverse of ``a > 0`` by halving the field: one inverse per level.

    Write ``a = a1·F ⊕ a0`` with ``F = 2**(2**k)`` and ``a0, a1 < F``.  In
    ``GF(F**2) = GF(F)[F]``, ``F`` satisfies ``F⊗F = F ⊕ h`` with
    ``h = F/2``, so its conjugate is ``F ⊕ 1`` and the norm
    ``N = (a1·F ⊕ a0) ⊗ (a1·F ⊕ a1 ⊕ a0) = a1⊗a1⊗h ⊕ a1⊗a0 ⊕ a0⊗a0`` lies in
    ``GF(F)``; hence ``a⁻¹ = (a1·F ⊕ a1 ⊕ a0) ⊗ N⁻¹``.  That is a few
    half-size products per level instead of ``2**(2**k)`` squarings.
    """
    if a < 65536:
        return nim_power(a, subfield_order(a) - 2)
    half = 1 << (_level(a) - 1)
    a1, a0 = a >> half, a & ((1 << half) - 1)
    if a1 == 0:
        return _inverse(a0)
    h = 1 << (half - 1)
    norm = _product(_product(a1, a1), h) ^ _product(a1, a0) ^ _product(a0, a0)
    n_inv = _inverse(norm)
    return (_product(a1, n_inv) << half) ^ _product(a1 ^ a0, n_inv)


def nim_divide(a: int, b: int) -> int:
    """Nim-division: the nimber ``c`` with ``nim_product(c, b) == a`` (``b != 0``).

    >>> nim_divide(1, 2), nim_divide(13, 8), nim_divide(0, 5)
    (3, 8, 0)
    """
    _check(a, "a")
    _check(b, "b")
    if b == 0:
        raise NimZeroDivisionError(f"nim-division of {a} by the nimber 0")
    return _product(a, nim_inverse(b))


def nim_square_root(a: int) -> int:
    """The unique nimber whose nim-square is ``a``.

    Squaring is additive in characteristic 2 (the Frobenius map), and in the
    field of order ``q`` the square root is ``a**(q/2)``.

    >>> nim_square_root(2), nim_product(3, 3), nim_square_root(8)
    (3, 2, 14)
    """
    _check(a, "a")
    return nim_power(a, subfield_order(a) // 2)
