"""The misère toolkit on MisereGame: mate, tame/restive/restless, distinguisher.

Independent checks, written out here:

* the brute-force misère outcome of tests/test_misere_canonical.py (plain
  recursion on raw game trees, never the library's simplification) decides
  whether a distinguisher distinguishes and whether ``G + G⁻`` is a P-position;
* the mate computed on the raw tree (each empty game at the bottom replaced by
  ``{0}``) and then simplified;
* tameness from the textbook definition (Winning Ways ch. 13): the normal and
  misère Grundy values of every position of the form, by plain mex recursion
  on the raw tree; and tame games play like the Nim position of their genus
  against Nim heaps (brute force);
* CGSuite's published values (aaron-siegel/cgsuite,
  lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala:
  IsTame, IsRestive, IsRestless, Mate; GameTest.scala:
  ``*[[2]] Distinguisher *[2]+*[2]`` is ``*[(2#1)21]``).
"""

from __future__ import annotations

import functools
import itertools
import pickle
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Outcome
from cgt.errors import InvalidArgument, TooLarge, WrongType
from cgt.games import OctalGame
from cgt.impartial import (
    MisereGame,
    misere_born_by,
    misere_canonical_form,
    misere_heap,
    parse_misere,
)
from tests.test_misere_canonical import Raw, brute_outcome, form, raw, raw_heap
from tests.tools.tiers import examples

# --- CGSuite's published values -------------------------------------------------------------

# form, IsTame, IsRestive, IsRestless, Mate (MisereCanonicalGameTestCase.scala)
CGSUITE = [
    ("*[0]", True, False, False, "*[1]"),
    ("*[1]", True, False, False, "*[0]"),
    ("*[2]", True, False, False, "*[2]"),
    ("*[2#]", True, False, False, "*[2#]"),
    ("*[2##]", True, False, False, "*[2##]"),
    ("*[2[2]]", True, False, False, "*[2[2]]"),
    ("*[2[#2#]]", True, False, False, "*[2[#2#]]"),
    ("*[2#0]", False, True, False, "*[2#1]"),
    ("*[2#1]", False, False, True, "*[2#0]"),
    ("*[4[2#]]", True, False, False, "*[4[2#]]"),
    ("*[(2#1)2##]", False, False, False, "*[(2#0)2##]"),
    ("*[((2#0)10)2##]", False, False, False, "*[((2#1)10)2##]"),
    ("*[((2#0)2[#1]2#)(2#1)[1]]", False, False, False, "*[((2#1)2[#1]2#)(2#0)[1]]"),
    ("*[(2#20)2[#1]1]", False, False, False, "*[(2#21)2[#1]0]"),
]


@pytest.mark.parametrize("row", CGSUITE, ids=[row[0] for row in CGSUITE])
def test_cgsuites_published_values(row: tuple[Any, ...]) -> None:
    text, tame, restive, restless, mate = row
    g = parse_misere(text)
    assert (g.is_tame, g.is_restive, g.is_restless) == (tame, restive, restless)
    assert g.mate() is parse_misere(mate)


def test_cgsuites_distinguisher() -> None:
    g, h = parse_misere("*[[2]]"), parse_misere("*[2]+*[2]")
    x = g.distinguisher(h)
    assert x is parse_misere("*[(2#1)21]")  # GameTest.scala
    assert brute_outcome(raw(g), raw(x)) != brute_outcome(raw(h), raw(x))


# --- games to test on ------------------------------------------------------------------------

DAY4 = misere_born_by(4)


def day5_sample(count: int, seed: int) -> list[MisereGame]:
    rng = random.Random(seed)
    return [MisereGame(g for g in DAY4 if rng.random() < 0.25) for _ in range(count)]


day5 = st.lists(st.sampled_from(DAY4), max_size=6).map(MisereGame)


# --- mate -------------------------------------------------------------------------------------


def raw_mate(g: Raw) -> Raw:
    return Raw([Raw()]) if not g else Raw(raw_mate(o) for o in g)


def test_mate_by_the_definition_on_the_tree() -> None:
    for g in [*DAY4, *day5_sample(40, 1)]:
        assert g.mate() is form(raw_mate(raw(g)))


def test_a_game_plus_its_mate_is_a_p_position() -> None:
    for g in [*DAY4, *day5_sample(15, 2)]:
        assert brute_outcome(raw(g), raw(g.mate())) is Outcome.P
        assert (g + g.mate()).outcome() is Outcome.P


@settings(max_examples=80, deadline=None)
@given(day5)
def test_mate_is_an_involution(g: MisereGame) -> None:
    assert g.mate().mate() is g
    assert g.mate().birthday() <= g.birthday() + 1  # a leaf 0 becomes {0}


# --- tame, restive, restless ------------------------------------------------------------------


@functools.cache
def grundy_pair(g: Raw) -> tuple[int, int]:
    """(normal-play Grundy value, misère Grundy value) by plain mex recursion."""

    def mex(values: set[int]) -> int:
        return next(n for n in itertools.count() if n not in values)

    pairs = [grundy_pair(o) for o in g]
    plus = mex({p for p, _ in pairs})
    minus = mex({m for _, m in pairs}) if g else 1
    return plus, minus


def nim_genus(pair: tuple[int, int]) -> bool:
    plus, minus = pair
    return plus == minus or (plus <= 1 and minus <= 1)


@functools.cache
def naive_tame(g: Raw) -> bool:
    return nim_genus(grundy_pair(g)) and all(naive_tame(o) for o in g)


def naive_kind(g: Raw) -> str:
    if naive_tame(g):
        return "tame"
    plus, minus = grundy_pair(g)
    if all(naive_tame(o) for o in g):
        if plus <= 1:
            return "restive"
        if minus <= 1:
            return "restless"
    return "wild"


def kind(g: MisereGame) -> str:
    flags = [g.is_tame, g.is_restive, g.is_restless]
    assert sum(flags) <= 1
    return ["tame", "restive", "restless"][flags.index(True)] if any(flags) else "wild"


def test_tame_restive_restless_by_the_definition() -> None:
    games = [*DAY4, *day5_sample(200, 3)]
    for g in games:
        assert kind(g) == naive_kind(raw(g))
    kinds = {kind(g) for g in games}
    assert kinds == {"tame", "restive", "restless", "wild"}
    assert all(misere_heap(n).is_tame for n in range(12))


def nim_of_genus(pair: tuple[int, int]) -> list[Raw]:
    """The Nim position (as heaps) with these normal and misère Grundy values."""
    plus, minus = pair
    if plus <= 1 and minus <= 1 and plus != minus:
        return [raw_heap(1)] * plus  # 0 or *1: all heaps of size 1
    if plus == minus >= 2:
        return [raw_heap(plus)]
    return [raw_heap(2), raw_heap(2 + plus)]  # 0^0 is *2+*2, 1^1 is *2+*3


def test_tame_games_play_like_nim_against_nim_heaps() -> None:
    # Winning Ways ch. 13: a tame game behaves like the Nim position of its genus
    heaps = [raw_heap(n) for n in range(1, 4)]
    tame = [g for g in [*DAY4, *day5_sample(60, 4)] if g.is_tame]
    assert len(tame) > 20
    for g in tame:
        nim = nim_of_genus(grundy_pair(raw(g)))
        for size in range(3):
            for xs in itertools.combinations_with_replacement(heaps, size):
                assert brute_outcome(raw(g), *xs) == brute_outcome(*nim, *xs)


def test_a_wild_game_does_not_play_like_nim() -> None:
    # *[2#0] (restive, genus 1^2...) is not the Nim position of its first two values
    g = parse_misere("*[2#0]")
    assert not g.is_tame and g.is_restive
    assert g.misere_outcome() is Outcome.N and g.normal_grundy() == 1


# --- distinguisher ----------------------------------------------------------------------------


def test_distinguishers_of_every_pair_born_by_day_4() -> None:
    for g, h in itertools.permutations(DAY4, 2):
        x = g.distinguisher(h)
        assert brute_outcome(raw(g), raw(x)) != brute_outcome(raw(h), raw(x))


def test_distinguishers_of_games_born_on_day_5() -> None:
    games = day5_sample(25, 5)
    for g, h in itertools.combinations(games, 2):
        if g is h:
            continue
        x = g.distinguisher(h)
        assert (g + x).outcome() != (h + x).outcome()
    for g, h in itertools.combinations(games[:6], 2):
        if g is not h:
            x = g.distinguisher(h)
            assert brute_outcome(raw(g), raw(x)) != brute_outcome(raw(h), raw(x))


@settings(max_examples=60, deadline=None)
@given(day5, day5)
def test_distinguisher_law(g: MisereGame, h: MisereGame) -> None:
    if g is h:
        with pytest.raises(InvalidArgument):
            g.distinguisher(h)
    else:
        x = g.distinguisher(h)
        assert (g + x).outcome() != (h + x).outcome()


def test_distinguisher_takes_heaps_and_rejects_other_things() -> None:
    x = misere_heap(2).distinguisher(3)
    assert (misere_heap(2) + x).outcome() != (misere_heap(3) + x).outcome()
    with pytest.raises(WrongType, match="MisereGame or an int"):
        misere_heap(2).distinguisher("*[3]")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="same misère game") as info:
        misere_heap(2).distinguisher(misere_heap(2))
    again = pickle.loads(pickle.dumps(info.value))
    assert isinstance(again, InvalidArgument) and str(again) == str(info.value)


def tower(height: int) -> MisereGame:
    g = misere_heap(2)
    for _ in range(height):
        g = MisereGame([g])
    return g


@pytest.mark.slow
def test_deep_games() -> None:
    # a tower of 3000 single-option games: no RecursionError, and a refusal in time
    g = tower(3000)
    assert g.mate() is g  # *[2] is its own mate, and so is the tower on it
    assert g.is_tame  # genus 0^0 and 1^1 alternate up the tower, all tame
    start = time.process_time()
    with pytest.raises(TooLarge, match="born on days 3002 and 0"):
        g.distinguisher(misere_heap(0))
    assert time.process_time() - start < 20
    x = tower(100).distinguisher(misere_heap(0))
    assert (tower(100) + x).outcome() != x.outcome()


# --- differences and parts --------------------------------------------------------------------

# form and CGSuite's Parts (MisereCanonicalGameTestCase.scala); the forms not listed have none
CGSUITE_PARTS = {
    "*[2#]": ["*[2]", "*[2[#-2]]"],
    "*[2##]": ["*[2]", "*[2[##-2]]", "*[2#]", "*[2[##-2]0]", "*[2[#-2]]", "*[(2[##-2]0)[2]]"],
    "*[2[2]]": ["*[2]"],
    "*[2[#2#]]": [
        "*[2]",
        "*[2[#2#-2]]",
        "*[2#]",
        "*[2[2]]",
        "*[2[#2#-2-2]]",
        "*[2[#-2]]",
        "*[2[#2]]",
    ],
    "*[4[2#]]": ["*[2]", "*[4[2#-2]]", "*[4]", "*[4[2#-4]]"],
}


@pytest.mark.parametrize("row", CGSUITE, ids=[row[0] for row in CGSUITE])
def test_cgsuites_parts(row: tuple[Any, ...]) -> None:
    g = parse_misere(row[0])
    expected = {parse_misere(text) for text in CGSUITE_PARTS.get(row[0], [])}
    assert set(g.parts()) == expected
    assert len(g.parts()) == len(expected)
    for h in g.parts():  # each part and its complement sum to the game
        assert h + g.minus(h) is g
    # the printed parts read back (the reader's differences use minus when guessing fails)
    assert all(parse_misere(str(h)) is h for h in g.parts())


def test_cgsuites_differences() -> None:
    # GameTest.scala: *[[[2]]] MisereMinus *[[2]] and *[[4]]
    g = parse_misere("*[[[2]]]")
    assert g.minus(parse_misere("*[[2]]")) is parse_misere("*[2[##-2]0]")
    with pytest.raises(InvalidArgument, match="is not a part of"):
        g.minus(parse_misere("*[[4]]"))


def plays_the_same(g: Raw, h: tuple[Raw, ...], testers: list[Raw]) -> bool:
    return all(brute_outcome(g, t) == brute_outcome(*h, t) for t in testers)


@pytest.mark.slow
def test_differences_of_sums_of_day_4_games() -> None:
    testers = [raw(t) for t in misere_born_by(3)] + [raw_heap(2) for _ in range(1)]
    for a, b in itertools.combinations_with_replacement(DAY4, 2):
        g = a + b
        assert g.minus(a) is b and g.minus(b) is a  # cancellation: the difference is unique
        # every summand's even part is among the parts (or is 0 or the game's even part)
        listed = {*g.parts(), misere_heap(0), g if g.birthday() < (g + 1).birthday() else g + 1}
        assert (a if a.birthday() < (a + 1).birthday() else a + 1) in listed
    for g in DAY4[:10]:
        for h in g.parts():
            assert plays_the_same(raw(g), (raw(h), raw(g.minus(h))), testers)


def test_non_parts_are_refused() -> None:
    assert all(not misere_heap(n).parts() for n in range(8))  # Nim heaps are prime or 0, 1
    with pytest.raises(InvalidArgument):
        misere_heap(2).minus(4)
    assert misere_heap(2).minus(3) is misere_heap(1)  # *3 + *1 = *2
    with pytest.raises(InvalidArgument):
        misere_heap(0).minus(2)
    assert misere_heap(0).minus(1) is misere_heap(1)  # *1 + *1 = 0
    assert misere_heap(100).minus(1) is misere_heap(101)
    with pytest.raises(WrongType):
        misere_heap(2).minus(None)  # type: ignore[arg-type]


@settings(max_examples=examples(40), deadline=None)
@given(day5, day5)
def test_minus_undoes_plus(a: MisereGame, b: MisereGame) -> None:
    g = a + b
    assert g.minus(a) is b and g.minus(b) is a


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(day5, day5)
def test_parts_of_sums_of_day_5_games(a: MisereGame, b: MisereGame) -> None:
    g = a + b
    parts = g.parts()
    assert all(h + g.minus(h) is g for h in parts)
    even = a if a.birthday() < (a + 1).birthday() else a + 1
    assert even in {*parts, misere_heap(0), g if g.birthday() < (g + 1).birthday() else g + 1}


# --- primes and partitions --------------------------------------------------------------------

# form, CGSuite's IsPrime and Partitions (MisereCanonicalGameTestCase.scala)
CGSUITE_PARTITIONS = [
    ("*[0]", False, [[]]),
    ("*[1]", False, [["*[1]"]]),
    ("*[2]", True, [["*[2]"]]),
    ("*[2#]", False, [["*[2]", "*[2[#-2]]"]]),
    ("*[2##]", False, [["*[2]", "*[2[#-2]]", "*[2[##-2]0]"]]),
    ("*[2[2]]", False, [["*[2]", "*[2]"]]),
    ("*[2[#2#]]", False, [["*[2]", "*[2]", "*[2[#-2]]", "*[2[#-2]]"]]),
    ("*[2#0]", True, [["*[2#0]"]]),
    ("*[2#1]", True, [["*[2#1]"]]),
    ("*[4[2#]]", False, [["*[2]", "*[4[2#-2]]"], ["*[4]", "*[4[2#-4]]"]]),
    ("*[(2#1)2##]", True, [["*[(2#1)2##]"]]),
    ("*[((2#0)10)2##]", True, [["*[((2#0)10)2##]"]]),
    ("*[((2#0)2[#1]2#)(2#1)[1]]", True, [["*[((2#0)2[#1]2#)(2#1)[1]]"]]),
    ("*[(2#20)2[#1]1]", True, [["*[(2#20)2[#1]1]"]]),
]


def multiset(games: Any) -> list[str]:
    return sorted(str(g) for g in games)


@pytest.mark.parametrize("row", CGSUITE_PARTITIONS, ids=[row[0] for row in CGSUITE_PARTITIONS])
def test_cgsuites_primes_and_partitions(row: tuple[Any, ...]) -> None:
    text, prime, partitions = row
    g = parse_misere(text)
    assert g.is_prime is prime
    got = sorted(multiset(p) for p in g.partitions())
    assert got == sorted(multiset(parse_misere(t) for t in p) for p in partitions)


def total(games: tuple[MisereGame, ...]) -> MisereGame:
    result = misere_heap(0)
    for g in games:
        result = result + g
    return result


def test_partitions_sum_to_the_game_and_are_made_of_primes() -> None:
    for g in [*DAY4, *day5_sample(30, 7)]:
        partitions = g.partitions()
        assert partitions and len(set(partitions)) == len(partitions)
        for p in partitions:
            assert total(p) is g
            assert all(x.is_prime for x in p) or p == (misere_heap(1),)
        assert g.is_prime == (g.birthday() > 1 and partitions == ((g,),))


@settings(max_examples=60, deadline=None)
@given(day5, day5)
def test_sums_of_even_games_are_even(a: MisereGame, b: MisereGame) -> None:
    # what partitions() relies on: the even part of a sum is the sum of the even parts
    def even(g: MisereGame) -> MisereGame:
        return g if g.birthday() < (g + 1).birthday() else g + 1

    assert even(a + b) is even(even(a) + even(b)) is even(a) + even(b)


@pytest.mark.slow
def test_sums_of_two_primes_have_that_partition() -> None:
    primes = [g for g in DAY4 if g.is_prime and g.birthday() < (g + 1).birthday()]
    assert len(primes) >= 5
    for a, b in itertools.combinations_with_replacement(primes, 2):
        pair = sorted([str(a), str(b)])
        assert pair in [multiset(p) for p in (a + b).partitions()]


# --- links ----------------------------------------------------------------------------------------


def test_cgsuites_links() -> None:
    # GameTest.scala: *[[[2]]] Link *[2]+*[2], IsLinkedTo *[2]+*[2] and *[[2]]
    g = parse_misere("*[[[2]]]")
    assert g.is_linked_to(parse_misere("*[2]+*[2]"))
    assert not g.is_linked_to(parse_misere("*[[2]]"))
    assert g.link(parse_misere("*[2]+*[2]")) is parse_misere("*[((2#1)21)32]")
    with pytest.raises(InvalidArgument, match="not linked"):
        g.link(parse_misere("*[[2]]"))


def test_links_by_brute_force() -> None:
    for g, h in itertools.product(misere_born_by(3), repeat=2):
        if g.is_linked_to(h):
            t = g.link(h)
            assert brute_outcome(raw(g), raw(t)) is Outcome.P
            assert brute_outcome(raw(h), raw(t)) is Outcome.P
        else:  # one is an option of the other: it moves to the other's P-position
            assert h in g.options or g in h.options
    for g, h in itertools.product(DAY4, repeat=2):
        assert g.is_linked_to(h) == (h not in g.options and g not in h.options)
        if g.is_linked_to(h):
            t = g.link(h)
            assert (g + t).outcome() is Outcome.P and (h + t).outcome() is Outcome.P


def test_kayles_heaps_factor_back() -> None:
    # the forms of Kayles heaps 5 and 7 are prime; their sum factors into them again
    kayles = OctalGame("0.77")
    k5, k7 = misere_canonical_form(kayles(5)), misere_canonical_form(kayles(7))
    assert k5.is_prime and k7.is_prime and not k5.is_tame
    g = k5 + k7
    assert set(g.parts()) == {k5, k7} and not g.is_prime
    assert [multiset(p) for p in g.partitions()] == [multiset((k5, k7))]
    assert g.minus(k5) is k7
