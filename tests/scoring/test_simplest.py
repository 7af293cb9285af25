"""Simplest forms of guaranteed scoring games: value kept, idempotent, one per class.

Equality here is the comparison theorem, which tests/scoring/test_order.py
checks against the definition (contexts played on plain trees).
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings

import cgt
import cgt.scoring
from cgt.errors import InvalidArgument
from cgt.scoring import (
    ScoringGame,
    born_by,
    equal,
    hat,
    number,
    parse_scoring,
    scoring_game,
    simplest_form,
)
from tests.scoring.test_games import guaranteed_games, random_games_born_by_day_2
from tests.scoring.test_order import CONTEXTS, ge_by_definition


def check_classes(games: list[ScoringGame]) -> int:
    """Each simplest form equals its game, is its own simplest form, and no two differ in value."""
    simplest = {g: simplest_form(g) for g in games}
    for g, s in simplest.items():
        assert equal(g, s), (g, s)
        assert simplest_form(s) is s, (g, s)
        assert s.birthday <= g.birthday
    forms = sorted(set(simplest.values()), key=str)
    for i, a in enumerate(forms):
        for b in forms[i + 1 :]:
            assert not equal(a, b), (a, b)
    return len(forms)


def test_one_simplest_form_per_class_born_by_day_1() -> None:
    start = time.process_time()
    assert check_classes(list(born_by(1, (0, 1)))) == 20
    assert check_classes(list(born_by(1, (-1, 0, 1)))) == 77
    assert time.process_time() - start < 10


def test_one_simplest_form_per_class_on_random_games_born_by_day_2() -> None:
    games = random_games_born_by_day_2(31, 800)
    assert check_classes(games) > 100


@pytest.mark.slow
def test_simplest_forms_keep_the_value_by_the_definition() -> None:
    # independent of the theorem: no context of the test set tells a game from its simplest form
    for g in born_by(1, (0, 1)):
        s = simplest_form(g)
        assert ge_by_definition(g, s) and ge_by_definition(s, g), (g, s)


@given(guaranteed_games)
@settings(max_examples=100, deadline=None)
def test_simplest_forms_of_random_games(g: ScoringGame) -> None:
    s = simplest_form(g)
    assert equal(g, s) and simplest_form(s) is s
    assert s.left_score == g.left_score and s.right_score == g.right_score


def test_known_reductions() -> None:
    assert simplest_form("<0, 1|^1>") is parse_scoring("<1|^1>")  # a dominated option
    assert simplest_form(hat(2) + hat(-2)) is number(0)
    assert simplest_form(scoring_game(cgt.parse("{1|1}"))) is scoring_game(cgt.parse("1*"))
    for g in cgt.born_by(2):
        s = scoring_game(g)
        # normal-play canonical forms keep their shape: no option of one is dominated or reversible
        assert simplest_form(s) is s, g


def test_simplest_form_refuses_games_that_are_not_guaranteed() -> None:
    with pytest.raises(InvalidArgument, match="not a guaranteed"):
        simplest_form("<^1|^0>")


def test_contexts_used_are_the_order_tests_ones() -> None:
    assert len(CONTEXTS) > 70


@pytest.mark.slow
def test_deep_games_compare_and_simplify_without_overflow() -> None:
    a, b = hat(6000), hat(5999)
    assert cgt.scoring.ge(a, b) and not cgt.scoring.ge(b, a)
    assert simplest_form(a) is a
