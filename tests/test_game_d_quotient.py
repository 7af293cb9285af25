"""Game D (chip sliding, misère) via its misère quotient, checked against a brute force.

The brute force written here moves one chip to the nearest empty square on
its left (jumping the block of chips directly to its left) and decides misère
play (whoever cannot move wins) of a *sum of strips* by recursion memoised
on the sorted strips.  Two routes are checked against it: (a) the quotient
of the chip positions themselves (:func:`cgt.games.chips.game_d_quotient`)
and (b) misère Nim's quotient applied to the Nim heaps of the reduction (the
sizes of the blocks of equal odd ``Q``; SEEDS section 001: "Game D:
F_D(Q) = N_l(O)").
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from cgt import Outcome
from cgt.errors import InvalidArgument, TooLarge
from cgt.games import ChipGame, OctalGame
from cgt.games.chips import game_d_quotient
from cgt.impartial import FamilyQuotient

Strip = tuple[int, ...]


def strip_moves(chips: Strip) -> list[Strip]:
    out = []
    occupied = set(chips)
    for x in chips:
        target = x - 1
        while target in occupied:
            target -= 1
        if target >= 1:
            out.append(tuple(sorted([target, *(c for c in chips if c != x)])))
    return out


@cache
def brute_is_p(strips: tuple[Strip, ...]) -> bool:
    any_move = False
    for i, s in enumerate(strips):
        rest = strips[:i] + strips[i + 1 :]
        for t in strip_moves(s):
            any_move = True
            if brute_is_p(tuple(sorted((*rest, t)))):
                return False
    return any_move  # no move: the player to move has won


def brute(strips: list[Strip]) -> Outcome:
    live = tuple(sorted(s for s in strips if strip_moves(s)))
    return Outcome.P if brute_is_p(live) else Outcome.N


def all_positions(max_square: int, max_chips: int) -> list[Strip]:
    return [
        c for r in range(max_chips + 1) for c in itertools.combinations(range(1, max_square + 1), r)
    ]


@pytest.fixture(scope="module")
def quotient_10_4() -> FamilyQuotient:
    return game_d_quotient(10, 4)


def test_single_positions_up_to_four_chips_on_ten_squares(quotient_10_4: FamilyQuotient) -> None:
    q = quotient_10_4
    positions = all_positions(10, 4)
    assert len(q.components) == len(positions) == 386
    nim = OctalGame("0.[3]").misere_quotient(4)
    outcomes = set()
    for c in positions:
        g = ChipGame(c, "D")
        expected = brute([c])
        outcomes.add(expected)
        assert q.misere_outcome([g]) is expected, c  # (b) the chip positions' own quotient
        assert nim.misere_outcome(g.nim_heaps()) is expected, c  # (a) Nim on the heaps O
        assert g.outcome() is expected and g.outcome("search") is expected, c
    assert outcomes == {Outcome.P, Outcome.N}


def test_sums_of_strips(quotient_10_4: FamilyQuotient) -> None:
    q = quotient_10_4
    nim = OctalGame("0.[3]").misere_quotient(4)
    small = all_positions(7, 3)
    for a, b in itertools.combinations_with_replacement(small, 2):  # every pair
        expected = brute([a, b])
        assert q.misere_outcome([ChipGame(a, "D"), ChipGame(b, "D")]) is expected, (a, b)
        heaps = ChipGame(a, "D").nim_heaps() + ChipGame(b, "D").nim_heaps()
        assert nim.misere_outcome(heaps) is expected, (a, b)
    rng = random.Random(4)
    big = all_positions(10, 4)
    for count, pool in ((2, big), (3, small)):  # random sums of two and three strips
        for _ in range(60):
            strips = [rng.choice(pool) for _ in range(count)]
            assert q.misere_outcome([ChipGame(s, "D") for s in strips]) is brute(strips), strips


def test_the_quotient_is_misere_nim_on_the_heaps(quotient_10_4: FamilyQuotient) -> None:
    # computed: up to 3 chips the heaps are 1 to 3 and the quotient is the tame
    # one (order 6, a^2=1, b^3=b, P-portion {a, b^2}; Conway, ONAG ch. 12);
    # with 4 chips a heap of 4 appears and it is misère Nim's of heaps up to 7
    tame = game_d_quotient(10, 3)
    assert (len(tame), tame.presentation(), tame.p_portion) == (6, "a^2=1, b^3=b", ("a", "b^2"))
    for q, m in ((tame, 3), (quotient_10_4, 7)):
        nim = OctalGame("0.[3]").misere_quotient(m)
        assert (len(q), q.presentation(), q.p_portion) == (
            len(nim),
            nim.presentation(),
            nim.p_portion,
        )
        assert [g.nim_heaps() for g in q.generators] == [(h,) for h in nim.generators]
        for g in q.components:  # every strip maps where its Nim heaps do
            assert q.image(g) == nim.multiply(*(nim.image(h) for h in g.nim_heaps())), g
    assert len(quotient_10_4) == 10


def test_bad_sizes() -> None:
    with pytest.raises(InvalidArgument):
        game_d_quotient(-1, 2)
    with pytest.raises(InvalidArgument):
        game_d_quotient(5, "3")  # type: ignore[arg-type]
    with pytest.raises(TooLarge):
        game_d_quotient(60, 5)
    assert len(game_d_quotient(0, 3)) == 1  # no chip can move: the trivial quotient
