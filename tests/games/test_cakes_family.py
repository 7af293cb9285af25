"""The Cutcake family (GenCutcake, Maundy Cake, Turn-and-Eatcake) against brute force
written here from the definitions, CGSuite's published values and Winning Ways' closed forms."""

from __future__ import annotations

import pickle
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Game
from cgt.errors import CGTError, InvalidArgument, InvalidPosition, TooLarge, WrongType
from cgt.games import Cutcake, Eatcake, OctalGame, SubtractionGame
from cgt.games.cakes import CakePosition, GenCutcake, MaundyCake, TurnAndEatcake

Pieces = tuple[tuple[int, int], ...]

# ---------------------------------------------------------------------------
# Brute force: the rules restated on sorted tuples of pieces, valued by Game(L, R)
# ---------------------------------------------------------------------------


def equal_splits(n: int) -> list[list[int]]:
    """Maundy Cake: n becomes k equal parts, k >= 2 dividing n."""
    return [[n // k] * k for k in range(2, n + 1) if n % k == 0]


def eat_one(n: int) -> list[list[int]]:
    """Eatcake: one unit eaten anywhere, the rest in at most two parts (empty ones gone)."""
    return [[p for p in (a, n - 1 - a) if p] for a in range(n)]


@cache
def piece(r: int, c: int, rule: str, twisted: bool) -> Game:
    """One piece by its game tree; a move's pieces are added as games (the disjunctive sum)."""
    split = equal_splits if rule == "maundy" else eat_one

    def moves(left: bool) -> list[Game]:
        out = []
        for parts in split(c if left else r):
            new = [(r, b) for b in parts] if left else [(a, c) for a in parts]
            if twisted:
                new = [(y, x) for x, y in new]
            out.append(sum((piece(x, y, rule, twisted) for x, y in new), cgt.zero))
        return out

    return Game(moves(True), moves(False))


def brute(pieces: Pieces, rule: str, twisted: bool) -> Game:
    return sum((piece(r, c, rule, twisted) for r, c in pieces), cgt.zero)


def test_maundy_cake_brute_force() -> None:
    for r in range(1, 7):
        for c in range(1, 9):
            assert MaundyCake(r, c).value() == brute(((r, c),), "maundy", False), (r, c)
    rng = random.Random(29)
    for _ in range(30):
        pieces = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rng.randint(1, 3))]
        expected = brute(tuple(sorted(pieces)), "maundy", False)
        assert MaundyCake.of(pieces).value() == expected, pieces


def test_turn_and_eatcake_brute_force() -> None:
    for r in range(1, 6):
        for c in range(1, 6):
            assert TurnAndEatcake(r, c).value() == brute(((r, c),), "eat", True), (r, c)
    rng = random.Random(30)
    for _ in range(20):
        pieces = [(rng.randint(1, 4), rng.randint(1, 4)) for _ in range(rng.randint(1, 3))]
        assert TurnAndEatcake.of(pieces).value() == brute(tuple(sorted(pieces)), "eat", True)


def test_gen_cutcake_equals_cutcake_and_eatcake() -> None:
    # CGSuite: Cutcake = GenCutcake(4.0, 4.0), Eatcake = GenCutcake(0.7, 0.7)
    cut, eat = GenCutcake("4.0", "4.0"), GenCutcake(OctalGame("0.7"), OctalGame("0.7"))
    for r in range(1, 6):
        for c in range(1, 6):
            assert cut(r, c).value() == Cutcake(r, c).value(), (r, c)
            assert eat(r, c).value() == Eatcake(r, c).value(), (r, c)
            assert eat(r, c).value() == brute(((r, c),), "eat", False)
    twisted_maundy = GenCutcake(MaundyCake.rules.left, MaundyCake.rules.right, twisted=True)
    for r in range(1, 6):
        for c in range(1, 7):
            assert twisted_maundy(r, c).value() == brute(((r, c),), "maundy", True), (r, c)


def test_gen_cutcake_any_heap_rules() -> None:
    # Left subtracts 1 or 2 from the columns (the piece shrinks), Right halves the rows
    game = GenCutcake(SubtractionGame({1, 2}), "4.0")

    @cache
    def naive(pieces: Pieces) -> Game:
        lefts, rights = [], []
        for i, (r, c) in enumerate(pieces):
            rest = pieces[:i] + pieces[i + 1 :]
            for s in (1, 2):
                if c - s > 0:
                    lefts.append(naive(tuple(sorted((*rest, (r, c - s))))))
                elif c - s == 0:
                    lefts.append(naive(tuple(sorted(rest))))
            for a in range(1, r):
                rights.append(naive(tuple(sorted((*rest, (a, c), (r - a, c))))))
        return Game(lefts, rights)

    for r in range(1, 6):
        for c in range(1, 7):
            assert game(r, c).value() == naive(((r, c),)), (r, c)


# ---------------------------------------------------------------------------
# Published values
# ---------------------------------------------------------------------------

# CGSuite's test suite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala
# ("define partizan coordinate games properly"): [rs((8, n)).CanonicalForm for n from 0
# to 8] and rs((8, 8)).LeftOptions.Size.  CGSuite keeps an 8 x 0 cake as a heap of eight
# rows; here an empty piece is gone, so n = 0 is left out.  CGSuite turns the piece
# before a twisted move: its twisted (8, n) is n x 8 here.
CGSUITE = {
    "Cutcake": (GenCutcake("4.0", "4.0"), False, 4, "-7,-3,-3,-1,-1,-1,-1,0"),
    "MaundyCake": (MaundyCake.rules, False, 3, "-7,-3,-3,-1,-3,-1,-3,0"),
    "Eatcake": (
        GenCutcake("0.7", "0.7"),
        False,
        4,
        "^;{^|||^*|v||0};{^^|*};{^^|*||0,{0|vv*}};{^3|^*||*};"
        "{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}};{0||^^*|0|||*};*",
    ),
    "TurnAndEatcake": (TurnAndEatcake.rules, True, 4, "v,0,v,0,v<3>,0,v,0"),
    "twisted MaundyCake": (
        GenCutcake(MaundyCake.rules.left, MaundyCake.rules.right, twisted=True),
        True,
        3,
        "1;{8|-2};{8|-3};{8|-6};{8|-5};{8|-6,{-4|-14}};{10|-7};+-12",
    ),
}


@pytest.mark.parametrize("name", sorted(CGSUITE))
def test_cgsuite_published_values(name: str) -> None:
    rules, transposed, left_count, values = CGSUITE[name]
    sep = ";" if ";" in values else ","
    expected = [cgt.parse(v) for v in values.split(sep)]
    got = [(rules(n, 8) if transposed else rules(8, n)).value() for n in range(1, 9)]
    assert got == expected
    assert len(rules(8, 8).left_options()) == left_count


def test_registered_classes_match_cgsuite() -> None:
    assert [MaundyCake(8, n).value() for n in range(1, 9)] == [
        cgt.parse(v) for v in CGSUITE["MaundyCake"][3].split(",")
    ]
    assert [TurnAndEatcake(n, 8).value() for n in range(1, 9)] == [
        cgt.parse(v) for v in CGSUITE["TurnAndEatcake"][3].split(",")
    ]


def test_cutcake_winning_ways_closed_form() -> None:
    # Winning Ways ch. 2 (and Lessons in Play): with Left cutting the columns, a piece
    # whose columns have more binary digits than its rows is worth
    # floor(cols / 2**(digits of rows - 1)) - 1, and symmetrically for Right; equal
    # digit counts give 0.
    cut = GenCutcake("4.0", "4.0")
    for r in range(1, 13):
        for c in range(1, 13):
            a, b = r.bit_length() - 1, c.bit_length() - 1
            expected = 0 if a == b else (c >> a) - 1 if b > a else -((r >> b) - 1)
            assert cut(r, c).value() == expected, (r, c)


def maundy_strip(n: int) -> int:
    """Left's moves in a 1 x n Maundy strip, played to the end: with the prime factors
    p1 <= p2 <= ... of n, n/p1 + n/(p1 p2) + ... + 1 (cut into the largest prime
    number of parts first, so as to keep the most pieces)."""
    primes, m, p = [], n, 2
    while m > 1:
        while m % p == 0:
            primes.append(p)
            m //= p
        p += 1
    # round by round: one piece cut into p_r, those p_r pieces into p_{r-1}, ...
    total, size = 0, n
    for q in sorted(primes, reverse=True):
        total += n // size  # the pieces cut in this round
        size //= q
    return total


def test_maundy_strips() -> None:
    # a strip 1 x n is Left's alone: its value counts her moves; n x 1 is its negative
    for n in range(1, 40):
        assert MaundyCake(1, n).value() == maundy_strip(n), n
        assert MaundyCake(n, 1).value() == -maundy_strip(n), n


def test_transposing_a_symmetric_cake_negates_it() -> None:
    for r in range(1, 7):
        for c in range(1, 7):
            assert MaundyCake(c, r).value() == -MaundyCake(r, c).value()
            assert TurnAndEatcake(c, r).value() == -TurnAndEatcake(r, c).value()


# ---------------------------------------------------------------------------
# Positions, moves, bad input
# ---------------------------------------------------------------------------


def test_moves_and_descriptions() -> None:
    g = MaundyCake(2, 6)
    assert [o.pieces for o in g.left_options()] == [
        ((2, 3), (2, 3)),
        ((2, 2), (2, 2), (2, 2)),
        ((2, 1),) * 6,
    ]
    assert [o.pieces for o in g.right_options()] == [((1, 6), (1, 6))]
    assert g.describe_move(g.right_options()[0]) == (
        "split the rows of the 2x6 piece, leaving 1x6 and 1x6"
    )
    t = TurnAndEatcake.of([(1, 3), (2, 1)])
    assert [o.pieces for o in t.left_options()] == [
        ((2, 1), (2, 1)),
        ((1, 1), (1, 1), (2, 1)),
        ((1, 3),),
    ]
    assert (
        t.describe_move(t.left_options()[2])
        == "split the columns of piece 1 (2x1), leaving nothing"
    )
    assert t.describe_move(MaundyCake(1, 2)) is None


def test_bad_input() -> None:
    with pytest.raises(InvalidPosition):
        MaundyCake(-1, 2)
    with pytest.raises(InvalidPosition):
        TurnAndEatcake.of([(1, 2, 3)])  # type: ignore[list-item]
    with pytest.raises(InvalidPosition):
        GenCutcake("4.0", "4.0")(True, 2)
    with pytest.raises(WrongType):
        GenCutcake(4, "4.0")  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        GenCutcake("4.0", "4.0", twisted=1)  # type: ignore[arg-type]
    with pytest.raises(cgt.errors.ParseError):
        GenCutcake("0.x", "4.0")
    with pytest.raises(InvalidArgument):
        CakePosition.of([(1, 2)])
    with pytest.raises(WrongType):
        CakePosition("4.0", [(1, 2)])  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        MaundyCake.rules.value_table(-1, 2)
    for err in (InvalidPosition("x"), WrongType("y")):
        assert isinstance(pickle.loads(pickle.dumps(err)), CGTError)


def test_maundy_heap_rule_and_huge_cakes() -> None:
    from cgt.games.cakes import _EqualParts

    rule = _EqualParts()
    for n in range(0, 200):
        assert rule.options(n) == [tuple([n // k] * k) for k in range(2, n + 1) if n % k == 0]
    values = rule.grundy_sequence(60)
    for n in range(60):
        seen = set()
        for parts in rule.options(n):
            x = 0
            for m in parts:
                x ^= values[m]
            seen.add(x)
        assert values[n] == min(set(range(len(seen) + 1)) - seen)
    with pytest.raises(TooLarge):
        MaundyCake(1, 10**9).left_options()


def test_identity_and_pickling() -> None:
    rules = GenCutcake("0.7", "4.0", twisted=True)
    g = rules.of([(2, 3), (0, 4), (1, 2)])
    assert g.pieces == ((2, 3), (1, 2))
    assert pickle.loads(pickle.dumps(g)) == g and pickle.loads(pickle.dumps(rules)) == rules
    assert rules.of([(1, 2), (2, 3)]) == g and hash(rules.of([(1, 2), (2, 3)])) == hash(g)
    assert GenCutcake("0.7", "4.0")(2, 3) != rules(2, 3)
    for cake in (MaundyCake(2, 6), TurnAndEatcake.of([(1, 2), (3, 1)])):
        assert pickle.loads(pickle.dumps(cake)) == cake
        assert pickle.loads(pickle.dumps(cake)).value() == cake.value()
    assert repr(MaundyCake(2, 6)) == "MaundyCake(2, 6)" and str(MaundyCake(0, 6)) == "0"
    assert MaundyCake(2, 6) != TurnAndEatcake(2, 6)


RULES = ["4.0", "0.7", "0.37", "0.6", "4!.0"]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(RULES),
    st.sampled_from(RULES),
    st.booleans(),
    st.lists(st.tuples(st.integers(1, 5), st.integers(1, 5)), min_size=1, max_size=3),
)
def test_swapping_the_rules_and_transposing_negates(
    left: str, right: str, twisted: bool, pieces: list[tuple[int, int]]
) -> None:
    # Left's rule on the columns is Right's on the rows of the transposed cake: the
    # players swap roles, so the value is negated (twisted or not)
    g = GenCutcake(left, right, twisted=twisted).of(pieces)
    h = GenCutcake(right, left, twisted=twisted).of([(c, r) for r, c in pieces])
    assert h.value() == -g.value()
