"""Dyadic rationals: exactness, mixing, hashing, the simplicity theorem."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Dyadic, NotDyadic, simplest_between
from cgt.dyadic import number_birthday

from .strategies import dyadics


def test_big_values_do_not_overflow() -> None:
    big = Dyadic(2) ** 200
    assert big == 2**200
    assert Dyadic(1, 2**300) * 2**300 == 1
    assert str(Dyadic(3, 2**70)) == f"3/{2**70}"


@given(dyadics, dyadics)
@settings(max_examples=300)
def test_arithmetic_matches_fraction(a: Fraction, b: Fraction) -> None:
    x, y = Dyadic(a), Dyadic(b)
    assert x + y == a + b
    assert x - y == a - b
    assert x * y == a * b
    assert (x < y) == (a < b) and (x <= y) == (a <= b) and (x == y) == (a == b)
    assert hash(x) == hash(a)
    assert math.floor(x) == math.floor(a) and math.ceil(x) == math.ceil(a)
    assert -x == -a and abs(x) == abs(a)


def test_mixing_with_int_and_fraction() -> None:
    assert Dyadic(1, 2) + 1 == Fraction(3, 2)
    assert 1 + Dyadic(1, 2) == Dyadic(3, 2)
    assert Fraction(1, 4) + Dyadic(1, 4) == Dyadic(1, 2)
    assert Dyadic(1, 2) + Fraction(1, 3) == Fraction(5, 6)  # the number tower: a Fraction
    assert Fraction(1, 3) + Dyadic(1, 2) == Fraction(5, 6)
    assert Fraction(Dyadic(3, 4)) == Fraction(3, 4)  # type: ignore[call-overload]  # duck-typed
    assert Dyadic(3, 4) < Fraction(4, 5)  # non-dyadic Fractions still compare
    assert {Dyadic(2): "a"}[2] == "a"
    assert Dyadic(3, 4) / 3 == Dyadic(1, 4) and 1 / Dyadic(1, 4) == 4
    with pytest.raises(NotDyadic):
        Dyadic(1) / 3


@pytest.mark.parametrize("bad", ["1/3", "abc", "1/0", "0.1"])
def test_bad_text(bad: str) -> None:
    with pytest.raises(NotDyadic):
        Dyadic(bad)


def test_sympy_conversion_is_lazy_and_exact() -> None:
    import subprocess
    import sys

    import sympy

    probe = "import sys, cgt; print('sympy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "False"  # import cgt does not import sympy
    assert sympy.sympify(Dyadic(-5, 8)) == sympy.Rational(-5, 8)
    assert sympy.Rational(1, 2) + Dyadic(1, 4) == sympy.Rational(3, 4)


def _brute_simplest(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """Enumerate every m/2**e inside the interval, coarsest denominators first,
    and keep the earliest-born; the open ends are capped at +-200."""
    lo_ = Fraction(-200) if lo is None else lo
    hi_ = Fraction(200) if hi is None else hi
    best: Fraction | None = None
    for e in range(0, 12):
        first = math.floor(lo_ * 2**e) + 1
        last = math.ceil(hi_ * 2**e) - 1
        for m in range(first, last + 1):
            x = Fraction(m, 2**e)
            if best is None or number_birthday(Dyadic(x)) < number_birthday(Dyadic(best)):
                best = x
        if best is not None:
            break
    assert best is not None
    return best


@given(dyadics, dyadics)
@settings(max_examples=200)
def test_simplest_between_is_the_earliest_born(a: Fraction, b: Fraction) -> None:
    if a >= b:
        a, b = b, a
    if a == b:
        return
    assert simplest_between(Dyadic(a), Dyadic(b)) == _brute_simplest(a, b)


@given(st.one_of(st.none(), dyadics), st.one_of(st.none(), dyadics))
def test_simplest_between_open_ends(a: Fraction | None, b: Fraction | None) -> None:
    if a is not None and b is not None and a >= b:
        return
    x = simplest_between(None if a is None else Dyadic(a), None if b is None else Dyadic(b))
    assert x == _brute_simplest(a, b)


def test_number_birthdays() -> None:
    assert [number_birthday(Dyadic(n)) for n in (-2, -1, 0, 1, 2)] == [2, 1, 0, 1, 2]
    assert number_birthday(Dyadic(1, 2)) == 2
    assert number_birthday(Dyadic(-7, 4)) == 4  # -7/4 = {-2 | -3/2}
