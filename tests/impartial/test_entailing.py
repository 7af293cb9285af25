"""Affine impartial values (cgt.impartial.entailing) against a direct brute force.

A game here is a tree written in the test: a tuple of ``(child, entails)``
pairs.  The brute force plays a disjunctive sum of such trees out (the player
to move is free, or entailed to one component; whoever cannot move loses) and
is checked against the values: every sum of small trees, with a free player or
an entailed one, has the outcome the values predict.
"""

from __future__ import annotations

import itertools
import pickle
import random
import threading
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import CGTError, InvalidArgument, ParseError, WrongType
from cgt.game import Outcome
from cgt.impartial.entailing import (
    INFINITY,
    LOONY,
    AffineValue,
    affine_mex,
    affine_sum,
    parse_affine,
    survival_set,
)

Tree = tuple[tuple["Tree", bool], ...]


# --- the brute force -----------------------------------------------------------------------
@cache
def mover_wins(free: tuple[Tree, ...], entailed: Tree | None) -> bool:
    """Whether the player to move wins the sum ``free`` (+ ``entailed``, where they must move)."""
    moves: list[tuple[tuple[Tree, ...], Tree, bool]] = []
    if entailed is not None:
        moves = [(free, child, entails) for child, entails in entailed]
    else:
        for i, tree in enumerate(free):
            rest = free[:i] + free[i + 1 :]
            moves += [(rest, child, entails) for child, entails in tree]
    for rest, child, entails in moves:
        if entails:
            if not mover_wins(rest, child):
                return True
        elif not mover_wins(tuple(sorted((*rest, child))), None):
            return True
    return False


def brute_outcome(free: list[Tree], entailed: Tree | None = None) -> Outcome:
    return Outcome.N if mover_wins(tuple(sorted(free)), entailed) else Outcome.P


# --- values by the theory --------------------------------------------------------------------
@cache
def value(tree: Tree, entailed: bool = False) -> AffineValue:
    return affine_mex([value(child, entails) for child, entails in tree], entailed=entailed)


def trees(previous: list[Tree], width: int) -> list[Tree]:
    """Every tree with at most ``width`` distinct options from ``previous``, plain or entailing."""
    options = [(t, e) for t in previous for e in (False, True)]
    out = set()
    for r in range(width + 1):
        for chosen in itertools.combinations(options, r):
            out.add(tuple(sorted(chosen)))
    return sorted(out)


DAY1 = trees([()], 2)
DAY2 = trees(DAY1, 2)  # 37 trees


def random_tree(rng: random.Random, depth: int) -> Tree:
    if depth == 0:
        return ()
    n = rng.randint(0, 3)
    return tuple(
        sorted((random_tree(rng, rng.randint(0, depth - 1)), rng.random() < 0.4) for _ in range(n))
    )


def test_day_two_values_are_nimbers_and_loony() -> None:
    found = {value(t) for t in DAY2}
    assert found == {AffineValue.nimber(n) for n in range(3)} | {LOONY}
    assert value((((), True),)) is LOONY  # an entailing move to an empty position wins at once
    assert value((((((), False),), True),)) is AffineValue.nimber(0)  # a carry-on move to 0


def test_every_sum_of_two_day_two_trees_has_the_predicted_outcome() -> None:
    for a, b in itertools.combinations_with_replacement(DAY2, 2):
        assert brute_outcome([a, b]) is (value(a) + value(b)).outcome(), (a, b)


def test_sums_of_three_and_entailed_states_have_the_predicted_outcome() -> None:
    rng = random.Random(31)
    pool = DAY2 + [random_tree(rng, 4) for _ in range(40)]
    for _ in range(1500):
        parts = [rng.choice(pool) for _ in range(rng.randint(1, 3))]
        assert brute_outcome(parts) is affine_sum(*map(value, parts)).outcome(), parts
        # the player to move entailed to one more tree, beside the free ones
        h = rng.choice(pool)
        predicted = affine_sum(value(h, True), *map(value, parts)).outcome()
        assert brute_outcome(parts, h) is predicted, (parts, h)


def test_survives_says_who_wins_an_entailed_component_in_context() -> None:
    rng = random.Random(7)
    pool = DAY2 + [random_tree(rng, 4) for _ in range(30)]
    loony = next(t for t in DAY2 if value(t) is LOONY)
    for h in pool:
        v = value(h, True)
        for x in pool[:20]:
            if value(x).is_nimber:
                assert v.survives(value(x)) == (brute_outcome([x], h) is Outcome.N)
        assert v.survives(LOONY) == (brute_outcome([loony], h) is Outcome.N), h


def test_a_value_predicts_sums_with_every_small_game() -> None:
    """Trees with equal values are interchangeable in every sum with a day-two tree."""
    rng = random.Random(3)
    pool = [random_tree(rng, 4) for _ in range(60)]
    by_value: dict[AffineValue, list[Tree]] = {}
    for t in pool + DAY2:
        by_value.setdefault(value(t), []).append(t)
    for same in by_value.values():
        a = same[0]
        for b in same[1:4]:
            for x in DAY2:
                assert brute_outcome([a, x]) is brute_outcome([b, x])


# --- the value type --------------------------------------------------------------------------
values = st.one_of(
    st.integers(0, 16).map(AffineValue.nimber),
    st.just(LOONY),
)
entailed_values = st.builds(
    lambda m, c: AffineValue.entailed(m, cofinite=c),
    st.frozensets(st.integers(0, 8), max_size=4),
    st.booleans(),
)


@settings(max_examples=200, deadline=None)
@given(values, values, values)
def test_sums_are_commutative_and_associative(
    a: AffineValue, b: AffineValue, c: AffineValue
) -> None:
    assert a + b is b + a
    assert (a + b) + c is a + (b + c)
    assert a + AffineValue.nimber(0) is a


@settings(max_examples=200, deadline=None)
@given(entailed_values, values, values)
def test_entailed_plus_free_is_associative(e: AffineValue, a: AffineValue, b: AffineValue) -> None:
    assert (e + a) + b is e + (a + b) is affine_sum(b, e, a)


@settings(max_examples=200, deadline=None)
@given(st.one_of(values, entailed_values))
def test_text_round_trips_and_values_pickle(v: AffineValue) -> None:
    assert parse_affine(str(v)) is v
    assert parse_affine(format(v, "u")) is v
    assert pickle.loads(pickle.dumps(v)) is v


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(values, entailed_values), max_size=5))
def test_mex_of_a_free_position_is_the_least_integer_out_of_the_survival_set(
    opts: list[AffineValue],
) -> None:
    s = survival_set(opts)
    free = affine_mex(opts)
    assert affine_mex(opts, entailed=True) is s
    if free.is_loony:
        assert s.cofinite and not s.members
    else:
        n = free.nim
        assert not s.survives(AffineValue.nimber(n))
        assert all(s.survives(AffineValue.nimber(k)) for k in range(n))


def test_equal_values_are_the_same_object_in_every_thread() -> None:
    out: list[AffineValue] = []

    def make() -> None:
        out.extend(AffineValue.entailed(range(k % 5), cofinite=k % 2 == 1) for k in range(200))

    threads = [threading.Thread(target=make) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(200):
        assert len({id(out[k + 200 * i]) for i in range(4)}) == 1


def test_bad_input_gets_cgt_errors_that_pickle() -> None:
    cases: list[Callable[[], object]] = [
        lambda: AffineValue.nimber(-1),
        lambda: AffineValue.nimber(1.5),  # type: ignore[arg-type]
        lambda: AffineValue.entailed([-2]),
        lambda: AffineValue("other"),  # type: ignore[arg-type]
        lambda: INFINITY + INFINITY,
        lambda: affine_mex([3]),  # type: ignore[list-item]
        lambda: parse_affine("*x"),
        lambda: parse_affine("inf_{1"),
        lambda: parse_affine("up"),
        lambda: parse_affine(3),  # type: ignore[arg-type]
        lambda: LOONY.nim,
        lambda: format(LOONY, "x"),
        lambda: INFINITY.survives(INFINITY),
    ]
    for case in cases:
        with pytest.raises(CGTError) as info:
            case()
        assert isinstance(info.value, (ValueError, TypeError))
        again = pickle.loads(pickle.dumps(info.value))
        assert str(again) == str(info.value)
    with pytest.raises(ParseError, match="position 3"):
        parse_affine("inf_{1")
    with pytest.raises(InvalidArgument):
        AffineValue.nimber(2).members  # noqa: B018
    with pytest.raises(WrongType):
        affine_sum(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        bool(LOONY)
    with pytest.raises(AttributeError):
        LOONY._nim = 3  # type: ignore[misc]
