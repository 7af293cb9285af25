"""Nim arithmetic basics: the minimal excludant and the nim-sum.

>>> mex([0, 1, 3]), nim_sum(3, 5, 6)
(2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import xor

__all__ = ["mex", "nim_sum"]


def mex(values: Iterable[int]) -> int:
    """The minimal excludant: the least non-negative integer not in ``values``.

    >>> mex([]), mex([0, 1, 2]), mex({1, 2}), mex([0, 2, 5])
    (0, 3, 0, 1)
    >>> mex("012")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidNimber: a mex value must be a non-negative int, not str
    """
    from .field import _check

    seen = set(values)
    if not all(type(v) is int and v >= 0 for v in seen):
        # the slow path: other integer types (numpy) as ints, or say what is wrong
        seen = {_check(v, "a mex value") for v in seen}
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """The nim-sum (bitwise xor) of non-negative integers.

    By the Sprague-Grundy theorem it is the Grundy value of a disjunctive sum.

    >>> nim_sum(), nim_sum(5), nim_sum(1, 2, 3), nim_sum(6, 9, 5)
    (0, 5, 0, 10)
    >>> nim_sum(-1, 3)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidNimber: a nim-sum term must be a non-negative int, got -1
    """
    from .field import _check

    return reduce(xor, [_check(v, "a nim-sum term") for v in values], 0)
