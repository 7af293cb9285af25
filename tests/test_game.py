"""The Game value type: construction, canonical forms, predicates, API."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Outcome, Relation

from . import reference as ref
from .strategies import day3, games


def test_interning_equal_values_are_the_same_object() -> None:
    a = cgt.Game([0], ["*"])
    assert a is cgt.up is cgt.parse("{0|*}") is cgt.parse("<0|*>")
    assert cgt.Game([cgt.star], [cgt.star]) is cgt.zero
    assert hash(cgt.number(3)) == hash(3)


def test_options_are_canonical() -> None:
    g = cgt.parse("{-2,1,3|0,1,5}")
    assert g.left_options == (cgt.number(3),) and g.right_options == (cgt.zero,)
    assert cgt.up.left_options == (cgt.zero,) and cgt.up.right_options == (cgt.star,)
    assert cgt.number(-2).left_options == () and cgt.number(-2).right_options == (cgt.number(-1),)


@pytest.mark.parametrize("k", range(-5, 6))
@pytest.mark.parametrize("m", range(0, 6))
def test_nus_forms_match_the_reference(k: int, m: int) -> None:
    """x + k.up + *m built by the engine's closed form equals the naive sum."""
    up_ref = ref.form([ref.ZERO], [ref.nimber(1)])
    g = ref.nimber(m)
    for _ in range(abs(k)):
        g = ref.canonical(ref.add(g, up_ref if k > 0 else ref.neg(up_ref)))
    for x in (Fraction(0), Fraction(1, 2), Fraction(-3)):
        expected = ref.canonical(ref.add(g, ref.dyadic(x))) if x else g
        built = cgt.number(x) + k * cgt.up + cgt.nimber(m)
        assert ref.from_game(built) == expected
        assert built.birthday() == ref.birthday(expected)


@pytest.mark.parametrize("k", range(-4, 5))
@pytest.mark.parametrize("m", range(0, 5))
def test_nus_sign_matches_the_definition(k: int, m: int) -> None:
    g = k * cgt.up + cgt.nimber(m)
    f = ref.from_game(g)
    assert (g >= 0) == ref.le(ref.ZERO, f)
    assert (g <= 0) == ref.le(f, ref.ZERO)


@given(day3, st.sampled_from(["0", "1/2", "-3", "5/4"]), st.integers(-3, 3), st.integers(0, 5))
def test_nus_or_none_agrees_with_is_nus_and_rebuilds_the_game(
    g: cgt.Game, x: str, k: int, m: int
) -> None:
    # a game born by {L|R}: None exactly when it is not x + k.up + *m
    parts = g.nus_or_none()
    assert (parts is None) == (not g.is_nus)
    if parts is not None:
        assert parts == g.nus()
        gx, gk, gm = parts
        assert cgt.number(gx) + gk * cgt.up + cgt.nimber(gm) is g
        assert (gk == gm == 0) == g.is_number
    # a sum built from its parts gives them back
    h = cgt.number(x) + k * cgt.up + cgt.nimber(m)
    assert h.nus_or_none() == (cgt.Dyadic(x), k, m)
    assert h.is_number == (k == m == 0)


def test_predicates() -> None:
    assert cgt.number("3/4").is_number and not cgt.star.is_number
    assert cgt.nimber(5).is_nimber and cgt.zero.is_nimber and not cgt.up.is_nimber
    assert cgt.nimber(5).is_impartial and not cgt.parse("{1|0}").is_impartial
    assert cgt.up.is_infinitesimal and cgt.star.is_infinitesimal and cgt.tiny(2).is_infinitesimal
    assert not cgt.parse("{1|-1}").is_infinitesimal and not cgt.number("1/8").is_infinitesimal
    assert cgt.up.is_all_small and cgt.parse("{0|^*}").is_all_small
    assert not cgt.number(1).is_all_small and not cgt.tiny(1).is_all_small


def test_birthdays() -> None:
    assert [cgt.parse(s).birthday() for s in ("0", "*", "^", "1/2", "{3||2|1}", "*7")] == [
        0,
        1,
        2,
        2,
        4,
        7,
    ]
    assert cgt.parse("{3||2*|1*}").birthday() == 5


def test_compare_and_outcome() -> None:
    assert cgt.up.compare(0) is Relation.GREATER
    assert cgt.down.compare(0) is Relation.LESS
    assert cgt.star.compare(0) is Relation.CONFUSED
    assert cgt.parse("{*|*}").compare(0) is Relation.EQUAL
    assert [cgt.parse(s).outcome() for s in ("1", "-1", "*", "0")] == [
        Outcome.L,
        Outcome.R,
        Outcome.N,
        Outcome.P,
    ]
    assert cgt.star.fuzzy(cgt.zero) and not cgt.up.fuzzy(cgt.zero)


def test_operators_mix_with_numbers() -> None:
    g = cgt.parse("{1|-1}")
    assert g + 1 == cgt.parse("{2|0}") and 1 + g == g + 1
    assert g - Fraction(1, 2) == cgt.parse("{1/2|-3/2}")
    assert 2 - cgt.star == cgt.parse("2*")
    assert cgt.star * 3 is cgt.star and 3 * cgt.up == cgt.parse("^3") and 0 * g is cgt.zero
    assert -3 * cgt.up == cgt.parse("v3")
    assert cgt.up < 1 and cgt.number(2) > cgt.parse("{1|-1}") and cgt.number(2) >= 2
    assert (cgt.star == "*") is False  # strings are not games; parse them explicitly


def test_bool_is_refused() -> None:
    with pytest.raises(TypeError, match="ambiguous"):
        bool(cgt.up)


def test_constructors() -> None:
    assert cgt.switch(1) == cgt.parse("{1|-1}") and str(cgt.switch(1)) == "+-1"
    assert cgt.tiny(1) == cgt.parse("{0||0|-1}") and cgt.miny(1) == -cgt.tiny(1)
    assert 0 < cgt.tiny(1) < cgt.up and cgt.tiny(2) < cgt.tiny(1)
    assert cgt.nimber(0) is cgt.zero and cgt.down == -cgt.up
    with pytest.raises(ValueError):
        cgt.nimber(-1)
    with pytest.raises(TypeError):
        cgt.Game("{1|0}", [])  # type: ignore[arg-type]
    with pytest.raises(cgt.NotANumber):
        cgt.star.to_dyadic()
    with pytest.raises(cgt.NotImpartial):
        cgt.up.nim_value()


def test_pickle_round_trip_keeps_identity() -> None:
    g = cgt.parse("{3||2*|1*}")
    assert pickle.loads(pickle.dumps(g)) is g


def test_caches_can_be_inspected_and_cleared() -> None:
    g = cgt.parse("{2|{1|0}}") + cgt.parse("{1|-1}")
    info = cgt.cache_info()
    assert info["sum"] > 0 and info["forms"] > 0
    cgt.clear_caches()
    assert cgt.cache_info()["sum"] == 0 and cgt.cache_info()["compare"] == 0
    assert cgt.parse("{2|{1|0}}") + cgt.parse("{1|-1}") is g  # identity survives


def test_formats() -> None:
    g = cgt.parse("{1/2|-1/2}")
    assert format(g, "u") == "±½"
    assert format(cgt.parse("^^*"), "u") == "⇑*"
    assert g._repr_latex_() == "$\\pm\\frac{1}{2}$"
    with pytest.raises(ValueError):
        format(g, "x")


@settings(max_examples=200, deadline=None)
@given(games)
def test_negation_is_the_mirror_and_is_remembered(g: cgt.Game) -> None:
    n = -g
    # -G = {-G^R | -G^L}, written out from the options
    assert n is cgt.Game([-o for o in g.right_options], [-o for o in g.left_options])
    assert -g is n and -n is g and g + n is cgt.zero
