"""Ordinal sums, Norton products and nim-multiplication on games.

ONAG = Conway, *On Numbers and Games* (2nd ed.); WW = Winning Ways;
CGT = Siegel, *Combinatorial Game Theory* (2013).
"""

from __future__ import annotations

import pytest

import cgt
from cgt.impartial import nim_product
from cgt.products import NotPositive, nim_multiply, norton, ordinal_sum

P = cgt.parse


def test_ordinal_sums_of_nimbers_and_numbers() -> None:
    # ONAG ch. 15 / CGT: *a : *b = *(a+b); 1 : -1 = 1/2; 0 : G = G
    for a in range(4):
        for b in range(4):
            assert ordinal_sum(cgt.nimber(a), cgt.nimber(b)) == cgt.nimber(a + b)
    assert ordinal_sum(cgt.number(1), cgt.number(-1)) == cgt.number("1/2")
    assert ordinal_sum(cgt.number(1), cgt.number(1)) == cgt.number(2)
    assert ordinal_sum(cgt.zero, P("{2|^}")) == P("{2|^}")
    assert cgt.star.ordinal_sum(1) == P("^*")  # * : 1 = {0, * | 0}


def test_ordinal_sum_sign_rule() -> None:
    # ONAG ch. 15 (Norton's lemma on ordinal sums): G : H - G has the sign of H
    for g in [cgt.star, P("{1|-1}"), P("{3||2|1}"), cgt.up]:
        for h, sign in [(1, 1), (-1, -1), (cgt.up, 1), (cgt.down, -1), (P("1/4"), 1)]:
            gh = ordinal_sum(g, h)
            assert (gh > g) if sign > 0 else (gh < g), (g, h)
        assert ordinal_sum(g, cgt.star).fuzzy(g)


def test_norton_products() -> None:
    # WW ch. 8: integers give copies; 1/2.up = {^^*|v*}; {1|-1}.up = {^3*|v3*}
    assert norton(cgt.number(3), cgt.up) == P("^3")
    assert norton(cgt.number(-2), cgt.up) == P("vv")
    assert norton(cgt.number(2), P("{2|1/2}")) == 2 * P("{2|1/2}")
    assert norton(cgt.number("1/2"), cgt.up) == P("{^^*|v*}")
    assert norton(P("{1|-1}"), cgt.up) == P("+-^3*")
    # with unit 1, G.1 = G for numbers (CGT: Norton product by 1)
    for s in ["1/2", "-3/4", "5/8"]:
        assert norton(P(s), 1) == P(s)


def test_norton_needs_positive_unit() -> None:
    for u in ["0", "*", "v", "-1", "{1|-1}"]:
        with pytest.raises(NotPositive, match="needs U > 0"):
            norton(cgt.number(2), P(u))


def test_nim_multiplication() -> None:
    # ONAG ch. 6: *2 x *3 = *, *8 x *8 = *13, and agrees with nim_product
    assert nim_multiply(cgt.nimber(2), cgt.nimber(3)) == cgt.star
    assert cgt.nimber(8).nim_multiply(cgt.nimber(8)) == cgt.nimber(13)
    for a in range(16):
        for b in range(16):
            assert nim_multiply(cgt.nimber(a), cgt.nimber(b)) == cgt.nimber(nim_product(a, b))
    with pytest.raises(cgt.NotImpartial):
        nim_multiply(cgt.up, cgt.star)
