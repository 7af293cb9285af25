"""Algebraic laws of short games, on generated games of birthday up to 4.

Short games modulo equality form an ordered abelian group (Conway, On Numbers
and Games, ch. 1; Siegel, Combinatorial Game Theory, II.1): these tests check
that the engine's canonical forms behave like one.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings

import cgt

from ..strategies import dyadics, games, nim_values
from ..tools.tiers import examples

LAW = settings(max_examples=examples(500), deadline=None)  # 50 in the default tier


@given(games)
@LAW
def test_inverse(g: cgt.Game) -> None:
    assert g + (-g) == 0
    assert g - g is cgt.zero


@given(games)
@LAW
def test_double_negation(g: cgt.Game) -> None:
    minus_g = -g
    assert -minus_g is g


@given(games, games)
@LAW
def test_commutativity(g: cgt.Game, h: cgt.Game) -> None:
    assert g + h is h + g


@given(games, games, games)
@LAW
def test_associativity(g: cgt.Game, h: cgt.Game, k: cgt.Game) -> None:
    assert (g + h) + k is g + (h + k)


@given(games)
@LAW
def test_zero_is_neutral(g: cgt.Game) -> None:
    assert g + 0 is g and g + cgt.zero is g


@given(games, games, games)
@LAW
def test_order_is_compatible_with_sum(g: cgt.Game, h: cgt.Game, k: cgt.Game) -> None:
    assert (g <= h) == (g + k <= h + k)


@given(games, games)
@LAW
def test_antisymmetry(g: cgt.Game, h: cgt.Game) -> None:
    assert (g <= h and h <= g) == (g == h)


@given(games, games, games)
@LAW
def test_transitivity(g: cgt.Game, h: cgt.Game, k: cgt.Game) -> None:
    if g <= h and h <= k:
        assert g <= k


@given(games, games)
@LAW
def test_order_is_a_difference_sign(g: cgt.Game, h: cgt.Game) -> None:
    assert (g <= h) == (h - g >= 0)
    assert g.compare(h) is (-h).compare(-g)


@given(dyadics, dyadics)
@LAW
def test_number_embedding(a: Fraction, b: Fraction) -> None:
    x, y = cgt.number(a), cgt.number(b)
    assert x + y is cgt.number(a + b)
    assert (x < y) == (a < b) and (x == y) == (a == b)
    assert -x is cgt.number(-a)


@given(nim_values, nim_values)
@LAW
def test_nimber_sum_is_xor(a: int, b: int) -> None:
    assert cgt.nimber(a) + cgt.nimber(b) is cgt.nimber(a ^ b)


@given(games)
@LAW
def test_notation_round_trips(g: cgt.Game) -> None:
    assert cgt.parse(str(g)) is g
    assert cgt.parse(format(g, "u")) is g


@given(games, games)
@LAW
def test_canonical_form_is_unique(g: cgt.Game, h: cgt.Game) -> None:
    # Rebuilding from the canonical options gives the same object, and equal
    # values are the same object (so canonical forms are unique).
    assert cgt.Game(g.left_options, g.right_options) is g
    if g <= h <= g:
        assert g is h


@given(games)
@LAW
def test_outcome_agrees_with_order(g: cgt.Game) -> None:
    outcome = g.outcome()
    assert (outcome is cgt.Outcome.L) == (g > 0)
    assert (outcome is cgt.Outcome.R) == (g < 0)
    assert (outcome is cgt.Outcome.P) == (g == 0)
    assert (outcome is cgt.Outcome.N) == g.fuzzy(0)


@given(games)
@LAW
def test_integer_multiples(g: cgt.Game) -> None:
    assert 3 * g is g + g + g
    assert -2 * g is -(g + g)
