"""Scoring game forms against references written here (issue 31, guaranteed scoring games).

The references never build a sum form: a game is a plain nested tuple
``(left, right)`` whose sides are tuples of games or a score (a Fraction),
and a sum is a list of such trees played by the rules themselves (the player
to move moves in one component; with no move in any, the game ends and the
score is the sum of his atoms).
"""

from __future__ import annotations

import functools
import pickle
import random
import threading
from fractions import Fraction
from typing import Any, Union

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidArgument, ParseError, TooLarge, WrongType
from cgt.scoring import (
    ScoringGame,
    add,
    born_by,
    conjugate,
    hat,
    is_guaranteed,
    number,
    parse_scoring,
    scoring_game,
    zero,
)
from tests.tools.tiers import examples

Tree = tuple[Any, Any]
Side = Union[tuple[Any, ...], Fraction]  # noqa: UP007 (a runtime alias)

SMALL = born_by(1, (0, 1))


def tree_of(g: ScoringGame) -> Tree:
    def side(opts: tuple[ScoringGame, ...], atom: Any) -> Side:
        return tuple(sorted((tree_of(o) for o in opts), key=repr)) if opts else Fraction(atom)

    return (side(g.left, g.left_atom), side(g.right, g.right_atom))


@functools.cache
def _play(trees: tuple[Tree, ...], left: bool) -> Fraction:
    results = []
    for i, t in enumerate(trees):
        side = t[0] if left else t[1]
        if isinstance(side, tuple):
            for o in side:
                rest = tuple(sorted((*trees[:i], o, *trees[i + 1 :]), key=repr))
                results.append(_play(rest, not left))
    if not results:
        return sum((t[0] if left else t[1] for t in trees), Fraction(0))
    return max(results) if left else min(results)


def play(trees: list[Tree], left: bool) -> Fraction:
    """The final score of the sum of ``trees`` under best play, ``left`` moving first."""
    return _play(tuple(sorted(trees, key=repr)), left)


def all_atoms(t: Tree) -> list[Fraction]:
    out = []
    for side in t:
        if isinstance(side, tuple):
            for o in side:
                out += all_atoms(o)
        else:
            out.append(side)
    return out


def guaranteed_by_definition(t: Tree) -> bool:
    """Every follower: Left's atom <= every atom in it, Right's atom >= every atom in it."""
    left, right = t
    atoms = all_atoms(t)
    if not isinstance(left, tuple) and left > min(atoms):
        return False
    if not isinstance(right, tuple) and right < max(atoms):
        return False
    return all(guaranteed_by_definition(o) for s in t if isinstance(s, tuple) for o in s)


def pure_atom_condition(t: Tree) -> bool:
    """The weaker condition: only followers with two atoms, l <= r."""
    left, right = t
    if not isinstance(left, tuple) and not isinstance(right, tuple):
        return bool(left <= right)
    return all(pure_atom_condition(o) for s in t if isinstance(s, tuple) for o in s)


@st.composite
def games(draw: Any, depth: int = 2) -> ScoringGame:
    if depth == 0 or draw(st.booleans()):
        small: ScoringGame = draw(st.sampled_from(SMALL))
        return small

    def side() -> Any:
        if draw(st.integers(0, 3)) == 0:
            return draw(st.sampled_from([-1, 0, 1, 2, Fraction(1, 2)]))
        return draw(st.lists(games(depth - 1), min_size=1, max_size=3))

    return ScoringGame(side(), side())


guaranteed_games = games().filter(lambda g: g.is_guaranteed())


def random_games_born_by_day_2(seed: int, count: int) -> list[ScoringGame]:
    """``count`` guaranteed games whose sides are atoms 0, 1 or sets of SMALL games (seeded)."""
    rng = random.Random(seed)
    found: list[ScoringGame] = []
    while len(found) < count:
        sides = [
            rng.sample(SMALL, rng.randint(1, 3)) if rng.random() < 0.8 else rng.choice([0, 1])
            for _ in range(2)
        ]
        g = ScoringGame(*sides)
        if g.is_guaranteed():
            found.append(g)
    return found


# -- the form ----------------------------------------------------------------------------


def test_numbers_atoms_and_text() -> None:
    g = ScoringGame(3, [4, parse_scoring("<^1|2>")])
    assert g.left_atom == 3 and g.right_atom is None and g.left == ()
    assert g.right == (number(4), parse_scoring("<^1|2>"))
    assert str(g) == "<^3|4, <^1|2>>" and parse_scoring(str(g)) is g
    assert number(cgt.Dyadic(-3, 4)) is parse_scoring("<^-3/4|^-3/4>")
    assert str(number(cgt.Dyadic(-3, 4))) == "-3/4"
    assert format(g, "u") == "⟨∅3|4, ⟨∅1|2⟩⟩"
    assert g._repr_latex_().startswith("$\\langle \\emptyset^3")
    assert hat(3).birthday == 3 and hat(-2).right == (hat(-1),) and hat(0) is zero


def test_every_small_form_round_trips_and_pickles() -> None:
    for g in SMALL:
        assert parse_scoring(str(g)) is g
        assert pickle.loads(pickle.dumps(g)) is g
        assert tree_of(parse_scoring(str(g))) == tree_of(g)


@given(games())
@settings(max_examples=examples(150), deadline=None)
def test_random_forms_round_trip(g: ScoringGame) -> None:
    assert parse_scoring(str(g)) is g
    assert pickle.loads(pickle.dumps(g)) is g
    assert conjugate(conjugate(g)) is g


def test_equal_forms_are_one_object_in_every_thread() -> None:
    texts = [f"<<^{i}|{i + 1}>, {i}|^{i + 2}>" for i in range(40)]
    found: list[list[ScoringGame]] = [[] for _ in range(4)]

    def work(k: int) -> None:
        for t in texts:
            found[k].append(parse_scoring(t))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(1, 4):
        assert all(a is b for a, b in zip(found[0], found[k], strict=True))


def test_bad_input_says_what_is_wrong() -> None:
    cases: list[tuple[Any, type[Exception], str]] = [
        (lambda: ScoringGame([], 0), InvalidArgument, "no options"),
        (lambda: ScoringGame("1", 0), WrongType, "iterable of options or a score"),
        (lambda: ScoringGame(True, 0), WrongType, "bool"),
        (lambda: ScoringGame(Fraction(1, 3), 0), InvalidArgument, "not a dyadic"),
        (lambda: ScoringGame([object()], 0), WrongType, "int or a dyadic"),
        (lambda: parse_scoring("<^1|>"), ParseError, "expected a game"),
        (lambda: parse_scoring("<^1/3|^2>"), ParseError, "not a score"),
        (lambda: parse_scoring("<1|2"), ParseError, "expected ','"),
        (lambda: parse_scoring("1 2"), ParseError, "unexpected"),
        (lambda: parse_scoring(3), WrongType, "needs a str"),
        (lambda: hat(1.5), WrongType, "int"),
        (lambda: hat(1 << 20), TooLarge, "at most"),
        (lambda: bool(zero), WrongType, "truth value"),
        (lambda: format(zero, "x"), InvalidArgument, "format spec"),
        (lambda: zero.outcome("1"), WrongType, "komi"),
    ]
    for call, kind, words in cases:
        with pytest.raises(kind, match=words) as info:
            call()
        err = pickle.loads(pickle.dumps(info.value))
        assert type(err) is kind and str(err) == str(info.value)


@pytest.mark.slow
def test_deep_games_do_not_overflow_the_stack() -> None:
    g = hat(20000)
    assert g.birthday == 20000 and g.left_score == 0
    text = str(g)
    assert parse_scoring(text) is g
    assert conjugate(g) is hat(-20000)
    assert scoring_game(cgt.number(3000)) is hat(3000)


# -- guaranteed ------------------------------------------------------------------------------


@given(games())
@settings(max_examples=examples(300), deadline=None)
def test_guaranteed_as_the_definition_says(g: ScoringGame) -> None:
    assert g.is_guaranteed() == guaranteed_by_definition(tree_of(g)) == is_guaranteed(g)


def test_the_two_atom_condition_alone_would_let_waiting_moves_hurt() -> None:
    # <^0|-1> meets the condition on followers with two atoms, but a waiting move
    # for Left (hat(1)) loses her a point: normal play would not embed.
    x = parse_scoring("<^0|-1>")
    assert pure_atom_condition(tree_of(x)) and not x.is_guaranteed()
    assert play([tree_of(hat(1)), tree_of(x)], True) < play([tree_of(x)], True)


@given(guaranteed_games, guaranteed_games)
@settings(max_examples=100, deadline=None)
def test_guaranteed_games_are_closed_under_sums_and_conjugates(
    g: ScoringGame, h: ScoringGame
) -> None:
    assert add(g, h).is_guaranteed() and conjugate(g).is_guaranteed()


# -- sums, scores, outcomes ------------------------------------------------------------------


@given(games(), games())
@settings(max_examples=examples(80), deadline=None)
def test_scores_of_sums_are_those_of_play(g: ScoringGame, h: ScoringGame) -> None:
    s = g + h
    assert s.left_score == play([tree_of(g), tree_of(h)], True)
    assert s.right_score == play([tree_of(g), tree_of(h)], False)
    assert g.left_score == play([tree_of(g)], True)
    assert tree_of(s) == tree_of(h + g)  # (as forms: the same object)
    assert s is h + g


@given(games(), games(), games())
@settings(max_examples=60, deadline=None)
def test_the_sum_is_a_commutative_monoid_of_forms(
    a: ScoringGame, b: ScoringGame, c: ScoringGame
) -> None:
    assert (a + b) + c is a + (b + c)
    assert a + zero is a and zero + a is a
    assert -(a + b) is (-a) + (-b)
    assert (a - b) is a + conjugate(b)


@given(guaranteed_games)
@settings(max_examples=100, deadline=None)
def test_pessimistic_and_optimistic_scores_are_those_of_waiting_moves(g: ScoringGame) -> None:
    n = g.birthday + 1
    waits_right = [tree_of(g), tree_of(hat(-n))]
    waits_left = [tree_of(g), tree_of(hat(n))]
    pess: tuple[Any, ...] = g.pessimistic_scores()
    opt: tuple[Any, ...] = g.optimistic_scores()
    assert pess == (play(waits_right, True), play(waits_right, False))
    assert opt == (play(waits_left, True), play(waits_left, False))


@given(games(), st.sampled_from([-2, -1, 0, Fraction(1, 2), 1, 2]), st.booleans())
@settings(max_examples=100, deadline=None)
def test_outcome_under_a_komi(g: ScoringGame, komi: Any, ties_to_left: bool) -> None:
    def left_wins(score: Fraction) -> bool:
        return score > komi or (ties_to_left and score == komi)

    lf = left_wins(play([tree_of(g)], True))
    rf = not left_wins(play([tree_of(g)], False))
    expected = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
    k = cgt.Dyadic(komi) if isinstance(komi, Fraction) else komi
    assert g.outcome(k, ties_to_left=ties_to_left).value == expected[lf, rf]


def test_normal_play_games_embed_with_every_atom_zero() -> None:
    for g in cgt.born_by(2):
        s = scoring_game(g)
        assert s.is_guaranteed()
        t = tree_of(s)
        assert all(a == 0 for a in all_atoms(t))
        assert len(s.left) == len(g.left_options) and len(s.right) == len(g.right_options)
        assert scoring_game(-g) is conjugate(s)


def test_sum_work_is_bounded() -> None:
    big = hat(3000)
    with pytest.raises(TooLarge, match="at most"):
        add(big, hat(-3000) + hat(1))  # 3001 * 6002 forms: over SUM_WORK, refused before work


def test_clear_caches_empties_the_layers_caches() -> None:
    from cgt.scoring import games as games_module
    from cgt.scoring import order as order_module

    g = parse_scoring("<<^0|1>|<1|^2>>")
    total = g + hat(2)
    assert order_module.ge(total, g)
    assert len(games_module._sums) > 0 and len(order_module._ge) > 0
    cgt.clear_caches()
    assert len(games_module._sums) == 0 and len(order_module._ge) == 0
    assert g + hat(2) is total  # interned forms stay valid
