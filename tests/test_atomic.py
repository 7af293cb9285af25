"""Atomic weights, reduced canonical forms and uptimals: known values.

WW = Winning Ways (2nd ed.), ch. 7-8; CGT = Siegel, *Combinatorial Game
Theory* (2013), II.7 and II.? (uptimals); CGSuite = values CGSuite prints;
GS = Grossman and Siegel, "Reductions of partizan games" (2009).
"""

from __future__ import annotations

import random

import pytest

import cgt
from cgt.atomic import (
    UptimalExpansion,
    atomic_weight,
    clear_atomic_caches,
    far_star,
    format_uptimal,
    is_atomic,
    parse_uptimal,
    reduced,
    up_nth,
    up_sum,
    uptimal,
    uptimal_expansion,
)
from cgt.dyadic import Dyadic

P = cgt.parse


def test_issue_values() -> None:
    # issue 3 acceptance: up has atomic weight 1, temperature 0, reduced 0;
    # *8 has atomic weight 0; {1|^^||^} has atomic weight 2
    assert cgt.up.atomic_weight() == 1
    assert cgt.up.reduced() == 0
    assert cgt.nimber(8).atomic_weight() == 0 and cgt.nimber(8).temperature() == 0
    assert P("{1|^^||^}").atomic_weight() == 2


def test_atomic_weights_of_ups_and_tinies() -> None:
    # WW ch. 8: aw(n.up + *m) = n; tiny and miny have atomic weight 0
    for k in range(-4, 5):
        for m in range(4):
            assert (k * cgt.up + cgt.nimber(m)).atomic_weight() == k
    assert cgt.tiny(2).atomic_weight() == 0 and cgt.miny(1).atomic_weight() == 0
    # CGT II.7: aw is additive on all-small games
    g, h = P("{0|^^}"), P("{^*|v}")
    assert (g + h).atomic_weight() == g.atomic_weight() + h.atomic_weight()


def test_atomic_weight_of_norton_multiples() -> None:
    # CGT II.7 / WW ch. 8: aw(G.up) = G for the atomic weight calculus;
    # 1/2.up = {^^*|v*} has atomic weight 1/2
    half_up = cgt.number("1/2").norton(cgt.up)
    assert half_up == P("{^^*|v*}")
    assert half_up.atomic_weight() == cgt.number("1/2")
    assert cgt.number(3).norton(cgt.up).atomic_weight() == 3


def test_eccentric_case() -> None:
    # WW ch. 8 eccentric case: {0 | vv} = v* has weight -1; +-(up) = {^|v} = *
    assert P("{0|vv}").atomic_weight() == -1
    assert P("{^|v}").atomic_weight() == 0
    assert P("{0|^}").atomic_weight() == 2  # {0|^} = ^^*


def test_not_atomic() -> None:
    for s in ["{3||2*|1*}", "1", "{1|-1}", "1/2*"]:
        g = P(s)
        assert not is_atomic(g)
        with pytest.raises(cgt.NotAtomic, match="not atomic"):
            atomic_weight(g)


def test_far_star() -> None:
    assert far_star(cgt.nimber(5)) == 6 and far_star(cgt.up) == 2
    assert far_star(cgt.zero) == 1


def test_reduced_canonical_forms() -> None:
    # GS: rcf removes infinitesimals; {3||2*|1*} -> {3||2|1} (issue 3, CGSuite)
    assert reduced(P("{3||2*|1*}")) == P("{3||2|1}")
    # numbers plus infinitesimals reduce to the number
    assert reduced(P("3/2^^*")) == cgt.number("3/2")
    assert reduced(P("{1|^}")) == P("{1|0}")  # hot: stops 1 and 0
    assert reduced(P("{2|^}")) == P("{2|0}")
    # a hot game without infinitesimals is its own reduced form
    for s in ["{1|-1}", "{4||2|-2}", "{3||2|1}"]:
        assert reduced(P(s)) == P(s)


def test_uptimal_definitions() -> None:
    # CGT (uptimals): up^1 = up, up^2 = {0 | v*}, up^[n] = up + ... + up^n
    assert up_nth(1) == cgt.up and up_nth(2) == P("{0|v*}")
    assert up_sum(1) == cgt.up and up_sum(2) == P("{^|*}")
    for n in range(1, 6):
        assert up_sum(n) == up_sum(n - 1) + up_nth(n)
        # each up^(n+1) is positive and below every positive multiple ... of up^n
        assert up_nth(n + 1) > 0
        assert 5 * up_nth(n + 1) < up_nth(n)
    with pytest.raises(ValueError):
        up_nth(0)
    with pytest.raises(ValueError):
        up_sum(-1)


def test_uptimal_printing_and_parsing() -> None:
    assert format_uptimal(up_nth(2)) == "^<2>"
    assert format_uptimal(up_sum(3)) == "^[3]"
    assert format_uptimal(-up_nth(4) + cgt.star) == "v<4>*"
    assert format_uptimal(cgt.number(1) - up_sum(3) + cgt.star) == "1v[3]*"
    assert format_uptimal(up_nth(2) + cgt.nimber(3), "unicode") == "↑<2>*3"
    assert format_uptimal(cgt.up) is None and format_uptimal(P("{1|-1}")) is None
    assert parse_uptimal("^<3>", 0) == (up_nth(3), 4)
    assert parse_uptimal("x v[2]", 2) == (-up_sum(2), 6)
    assert parse_uptimal("^<2]", 0) is None and parse_uptimal("^^", 0) is None


def test_uptimal_expansions_round_trip() -> None:
    rng = random.Random(3)
    for _ in range(60):
        coeffs = tuple(rng.randint(-3, 3) for _ in range(rng.randint(0, 4)))
        e = UptimalExpansion(Dyadic(rng.randint(-4, 4), 2), rng.randint(0, 5), coeffs)
        g = e.game()
        found = uptimal_expansion(g)
        assert found is not None and found.game() == g
        trimmed = list(coeffs)
        while trimmed and trimmed[-1] == 0:
            trimmed.pop()
        assert found.coefficients == tuple(trimmed) and found.nimber == e.nimber
    assert str(uptimal_expansion(P("^^*"))) == "*.2"
    assert str(UptimalExpansion(Dyadic(1), 0, (1, 12))) == "1.1(12)"
    assert uptimal(0, 0, 1, 1) == up_sum(2)
    assert uptimal_expansion(P("{1|-1}")) is None
    assert cgt.parse("^^*").uptimal_expansion() == UptimalExpansion(Dyadic(0), 1, (2,))


def test_caches_can_be_cleared() -> None:
    w = P("{1|^^||^}").atomic_weight()
    clear_atomic_caches()
    assert P("{1|^^||^}").atomic_weight() == w
