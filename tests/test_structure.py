"""Structure of canonical forms (issue 29, "Structure"): followers, stop count,
incentives, companion, subordinate, form parity, the CGSuite predicates, powers
of a base and the "confused with" relations.

Each is checked three ways: against its textbook definition computed naively
in this file (plain recursion over ``left_options``/``right_options``, with
none of the library's shortcuts), against laws by hypothesis, and against the
values CGSuite publishes in its own test suite (aaron-siegel/cgsuite,
``lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala``
and ``GameTest.scala``/``EvalTest.scala``).
"""

from __future__ import annotations

import pickle
import resource
from fractions import Fraction
from itertools import chain, combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Game
from cgt.errors import CGTError, InvalidArgument, TooLarge, WrongType
from cgt.game import to_game, up_nth, up_sum
from cgt.structure import NotSubordinate

from .strategies import day3, day4
from .tools.interrupt import interrupt_after, needs_timer

LAW = settings(max_examples=300, deadline=None)


def P(text: str) -> Game:
    return to_game(text)  # a short game (cgt.parse also reads loopy ones)


# --- naive definitions (independent of cgt.structure) ----------------------------------


def naive_followers(g: Game) -> set[Game]:
    found = {g}
    for o in chain(g.left_options, g.right_options):
        found |= naive_followers(o)
    return found


def naive_stop_count(g: Game) -> int:
    if g.is_number:
        return 1
    return sum(naive_stop_count(o) for o in chain(g.left_options, g.right_options))


def naive_is_even(g: Game) -> bool:
    # ONAG, CGSuite: even if every option is odd; odd if some option and all even
    return all(naive_is_odd(o) for o in chain(g.left_options, g.right_options))


def naive_is_odd(g: Game) -> bool:
    options = list(chain(g.left_options, g.right_options))
    return bool(options) and all(naive_is_even(o) for o in options)


def naive_companion(g: Game) -> Game:
    left = [naive_companion(o) for o in g.left_options]
    right = [naive_companion(o) for o in g.right_options]
    if g >= 0:
        left.append(cgt.zero)
    if g <= 0:
        right.append(cgt.zero)
    return Game(left, right)


def naive_is_ordinal(g: Game) -> bool:
    return not g.right_options and all(naive_is_ordinal(o) for o in g.left_options)


def naive_pow_to(base: Game, n: int) -> Game:
    # base^[n] = base : (n - 1), the ordinal sum, with base^[0] = 0
    return cgt.zero if n == 0 else base.ordinal_sum(n - 1)


def naive_pow(base: Game, n: int) -> Game:
    (h,) = base.right_options
    return Game([0], [h - naive_pow_to(base, n - 1)])


def day(n: int) -> list[Game]:
    """Every game born by day n (1, 4, 22 games for n = 0, 1, 2)."""
    games = [cgt.zero]
    for _ in range(n):
        subsets = [list(c) for k in range(len(games) + 1) for c in combinations(games, k)]
        games = list(dict.fromkeys(Game(a, b) for a in subsets for b in subsets))
    return games


def varied() -> st.SearchStrategy[Game]:
    """Day-4 games, and sums with numbers, nimbers and multiples of up (the
    library's shortcut forms)."""
    nus = st.builds(
        lambda x, k, m: cgt.number(x) + k * cgt.up + cgt.nimber(m),
        st.sampled_from([0, 1, -2, Fraction(3, 4), Fraction(-5, 8)]),
        st.integers(-3, 3),
        st.integers(0, 5),
    )
    return st.one_of(day4, nus, st.builds(lambda g, h: g + h, day3, nus))


# --- CGSuite's published values --------------------------------------------------------
# (game, companion, follower count, left incentives, right incentives, even, odd,
#  integer, numberish, number-tiny, ordinal, uptimal, stop count) from
# CanonicalShortGameTestCase.scala; the game texts and sets as CGSuite prints them.
CGSUITE = [
    ("0", "*", 1, "", "", 1, 0, 1, 1, 1, 1, 1, 1),
    ("5", "5", 6, "-1", "", 0, 1, 1, 1, 1, 1, 1, 1),
    ("-1823437481924", "-1823437481924", 1823437481925, "", "-1", 1, 0, 1, 1, 1, 0, 1, 1),
    ("-1/2", "-1/2", 3, "-1/2", "-1/2", 0, 0, 0, 1, 1, 0, 1, 1),
    ("25/16", "25/16", 7, "-1/16", "-1/16", 0, 0, 0, 1, 1, 0, 1, 1),
    ("*8", "*8", 9, "*8;*9;*10;*11;*12;*13;*14;*15", "*8;*9;*10;*11;*12;*13;*14;*15",
     0, 0, 0, 1, 0, 0, 1, 4374),
    ("9/8+*", "9/8*", 7, "*", "*", 0, 0, 0, 1, 0, 0, 1, 2),
    ("^", "^*", 3, "v", "^*", 0, 0, 0, 1, 0, 0, 1, 3),
    ("v*", "v", 3, "^*", "v;v*", 0, 0, 0, 1, 0, 0, 1, 4),
    ("6+^*", "6^*", 9, "v;v*", "^*", 0, 0, 0, 1, 0, 0, 1, 4),
    ("^*6", "^*6", 9, "v*6", "^*", 0, 0, 0, 1, 0, 0, 1, 1459),
    ("73/16+v9*8", "73/16v9*8", 28, "^*", "v9*8", 0, 0, 0, 1, 0, 0, 1, 13131),
    ("{0|*||*|||*||||*}", "^[4]*", 6, "v<4>", "^[4]*", 0, 0, 0, 1, 0, 0, 1, 9),
    ("{0||0|v*}", "{0|^<2>*}", 5, "{v<2>|0}", "^[2]*", 0, 0, 0, 1, 0, 0, 1, 6),
    ("{0||0|vvv}", "{0,*||*|v3*}", 7, "{^3|0||0}", "{^3,{^3|0}|0}", 0, 0, 0, 1, 0, 0, 0, 7),
    ("{^^^|vv}", "{^3*|vv*}", 8, "{^5|0}", "{^5|0}", 0, 0, 0, 1, 0, 0, 0, 10),
    ("{0||0|-3/2}", "{0,*||*|-3/2}", 6, "Miny(3/2)", "{3/2,{3/2|0}|0}", 0, 0, 0, 1, 1, 0, 0, 3),
    ("{0|||0||-1|-3}", "{0,*|||*||-1|-3}", 7, "Miny({3|1})",
     "{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}", 0, 0, 0, 1, 1, 0, 0, 4),
    ("{5||3|1|||0||||0}", "{5||3|1|||*||||0,*}", 10,
     "{5Tiny({5||3|1})|{3,{3|1}|||3|1||0|-2,{-2|-4}},{{4|2},{5||3|1}|0}||0}",
     "Miny({5||3|1})", 0, 0, 0, 1, 1, 0, 0, 5),
    ("{1|^^||^}", "{1|^^*||^*}", 8, "{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}", "{1v|^||0}",
     0, 0, 0, 1, 0, 0, 0, 9),
    ("{3||2+*|1+*}", "{3||2*|1*}", 8, "{2*|1*||0}", "{2*|1*||0}", 0, 0, 0, 0, 0, 0, 0, 5),
    ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}",
     17, "{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}", None,
     0, 0, 0, 0, 0, 0, 0, 11),
]  # fmt: skip

CGSUITE_FOLLOWERS = {  # the Followers sets CGSuite lists
    "0": "0",
    "5": "0;1;2;3;4;5",
    "-1/2": "-1;-1/2;0",
    "25/16": "0;1;3/2;25/16;13/8;7/4;2",
    "*8": "0;*;*2;*3;*4;*5;*6;*7;*8",
    "9/8+*": "0;1;9/8;5/4;3/2;2;9/8*",
    "^": "0;*;^",
    "{0|*||*|||*||||*}": "0;*;^;^[2];^[3];^[4]",
    "{0||0|v*}": "0;*;v*;^<2>;{0|^<2>}",
    "{0||0|vvv}": "0;*;v3;vv*;v;{0|v3};{0||0|v3}",
    "{^^^|vv}": "0;*;vv;v*;^;^^*;^3;{^3|vv}",
    "{0||0|-3/2}": "-2;-3/2;-1;0;{0|-3/2};Tiny(3/2)",
    "{1|^^||^}": "0;1;*;^;^*;^^;{1|^^};{1|^^||^}",
    "{3||2+*|1+*}": "0;1;2;3;1*;2*;{3||2*|1*};{2*|1*}",
}


def games_of(text: str) -> set[Game]:
    # CGSuite's set texts, with the elements split on ";" (they contain commas)
    return {P(t) for t in text.split(";") if t} if ";" in text else ({P(text)} if text else set())


@pytest.mark.parametrize("row", CGSUITE, ids=[r[0] for r in CGSUITE])
def test_cgsuite_published_values(row: tuple[object, ...]) -> None:
    text, comp, count, lefts, rights, even, odd, integer, numberish, tiny, ordinal, upt, stops = row
    g = P(str(text))
    assert g.companion() == P(str(comp))
    assert g.follower_count() == count
    assert set(g.left_incentives()) == games_of(str(lefts))
    if rights is not None:
        assert set(g.right_incentives()) == games_of(str(rights))
    assert (g.is_even, g.is_odd, g.is_integer, g.is_numberish) == (even, odd, integer, numberish)
    assert (g.is_number_tiny, g.is_ordinal, g.is_uptimal) == (tiny, ordinal, upt)
    assert g.stop_count() == stops
    if str(text) in CGSUITE_FOLLOWERS:
        assert set(g.followers()) == games_of(CGSUITE_FOLLOWERS[str(text)])


def test_cgsuite_powers() -> None:
    # GameTest.scala and EvalTest.scala (integer and dyadic exponents)
    up, t = cgt.up, P("{0||0|-2}")
    assert up.pow(2) == P("{0|v*}") and up.pow(2) + cgt.star == P("{0,*|v}")
    assert up.pow_to(2) == P("{^|*}") and up.pow_to(2) + cgt.star == P("{0,^*|0}")
    assert up.pow(3) == P("^<3>") and up.pow_to(3) == P("^[3]")
    assert up.pow("7/4") == P("{0||0,v*|0,{0,v*|0,*}}")
    assert up.pow_to("7/4") == P("{^|*,^[2]||*,^[2]}")
    assert t.pow(3) == P("{0||0|-2,{0|-2,{0|-2}}}")
    assert t.pow("7/4") == P("{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}")
    assert t.pow_to(3) == P("{Tiny(2)||0|-2|||0|-2}")
    assert t.pow_to("7/4") == P("{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}")


def test_cgsuite_subordinate_doc_example() -> None:
    # CanonicalStopper.cgs: (3/8).Subordinate(1); 3/8 = 1 : {-2|-1} since
    # 1 : H = {0, 1:H^L | 1:H^R} and 1:-1 = 1/2, 1:-2 = 1/4
    assert P("3/8").subordinate(1) == P("{-2|-1}")
    assert cgt.number(1).ordinal_sum(P("{-2|-1}")) == P("3/8")


# --- against the naive definitions --------------------------------------------------------
@pytest.mark.slow
@given(varied())
@LAW
def test_followers_and_counts_are_the_definitions(g: Game) -> None:
    found = naive_followers(g)
    assert set(g.followers()) == found and len(g.followers()) == len(found)
    assert g.follower_count() == len(found)
    assert g.stop_count() == naive_stop_count(g)
    birthdays = [h.birthday() for h in g.followers()]
    assert birthdays == sorted(birthdays) and g.followers()[-1].birthday() == g.birthday()


@pytest.mark.slow
@given(varied())
@LAW
def test_incentives_are_the_differences(g: Game) -> None:
    assert set(g.left_incentives()) == {gl - g for gl in g.left_options}
    assert set(g.right_incentives()) == {g - gr for gr in g.right_options}
    # incentives() keeps exactly the maximal ones among both sides
    both = set(g.left_incentives()) | set(g.right_incentives())
    maximal = {i for i in both if not any(j > i for j in both)}
    assert set(g.incentives()) == maximal


@pytest.mark.slow
@given(varied())
@LAW
def test_companion_is_the_definition_and_an_involution(g: Game) -> None:
    c = g.companion()
    assert c == naive_companion(g)
    assert c.companion() == g


def test_companion_is_the_lattice_automorphism_of_day_2() -> None:
    # Siegel III.2: on games born by day n >= 1, G -> G° is the automorphism
    # swapping 0 and *; checked on all 22 games of day 2
    games = day(2)
    assert len(games) == 22 and len(day(1)) == 4
    image = [g.companion() for g in games]
    assert set(image) == set(games)
    for g, gc in zip(games, image, strict=True):
        for h, hc in zip(games, image, strict=True):
            assert (g <= h) == (gc <= hc)
    assert cgt.zero.companion() is cgt.star and cgt.star.companion() is cgt.zero


@given(varied())
@LAW
def test_parity_is_the_definition(g: Game) -> None:
    assert g.is_even == naive_is_even(g)
    assert g.is_odd == naive_is_odd(g)
    assert not (g.is_even and g.is_odd)


def test_parity_of_integers_and_sums() -> None:
    # n is even or odd as an integer, n* the other way
    for n in range(-9, 10):
        assert cgt.number(n).is_even == (n % 2 == 0) == cgt.number(n).is_even
        assert cgt.number(n).is_odd == (n % 2 == 1)
        assert (cgt.number(n) + cgt.star).is_odd == (n % 2 == 0)
    # deep integers answered without walking
    assert cgt.number(10**15).is_even and cgt.number(-(10**15) - 1).is_odd


def test_parity_of_sums() -> None:
    # even + even and odd + odd are even, even + odd is odd, for canonical forms:
    # on every pair of the even and odd forms among games of day <= 3 built here
    two = day(2)
    built = {Game(a, b) for a in combinations(two, 2) for b in combinations(two, 1)}
    built |= {Game(a, b) for a in combinations(two, 1) for b in combinations(two, 2)}
    forms = set(two) | built
    even = [g for g in forms if naive_is_even(g)]
    odd = [g for g in forms if naive_is_odd(g)]
    assert len(even) >= 5 and len(odd) >= 10
    for g in even + odd:
        for h in even + odd:
            total = g + h
            assert total.is_even == (g.is_even == h.is_even) == naive_is_even(total)
            assert total.is_odd == (g.is_even != h.is_even)


@given(varied())
@LAW
def test_predicates_are_their_definitions(g: Game) -> None:
    assert g.is_ordinal == naive_is_ordinal(g)
    assert g.is_integer == (g.is_number and g.to_dyadic().denominator == 1)
    # numberish: within 2**-(b+2) of its left stop, for b the birthday, on both sides
    eps = cgt.number(Fraction(1, 2 ** (g.birthday() + 2)))
    x = cgt.number(g.left_stop())
    assert g.is_numberish == (x - eps < g < x + eps)
    assert g.is_uptimal == (g.uptimal_expansion() is not None)
    if g.is_number_tiny and not g.is_number:
        # the parts read off the form rebuild the game: x + Tiny(x - y) or its negative
        for h, sign in ((g, 1), (-g, -1)):
            (gl,), (gr,) = h.left_options, h.right_options
            if gl.is_number and len(gr.left_options) == 1 and gr.left_options[0] == gl:
                (y,) = gr.right_options
                assert (y - gl).mean() < 0
                assert sign * h == sign * (gl + cgt.tiny(gl - y))
                break
        else:
            raise AssertionError(f"{g} is number-tiny but has neither shape")


def test_number_plus_tiny_is_number_tiny() -> None:
    # CGSuite (NormalValue.cgs): tiny is {0||0|-H} with H >= x for some number x > 0,
    # which holds when H's right stop is positive (H - x > 0 for 0 < x < RS(H))
    candidates = [*day(2), P("{3|1}"), P("{5||3|1}"), P("^"), P("3/2"), P("{2|1*}")]
    positive = [h for h in candidates if h.right_stop() > 0]
    assert len(positive) >= 6
    for x in [0, 1, Fraction(-3, 4), 5]:
        for h in positive:
            for g in (x + cgt.tiny(h), x + cgt.miny(h)):
                assert g.is_number_tiny, (x, h)
        for other in (x + cgt.up, x + cgt.star, x + P("{1|-1}")):
            assert not other.is_number_tiny


# --- subordinate ---------------------------------------------------------------------------
@given(day3, day3)
@LAW
def test_subordinate_inverts_the_ordinal_sum(base: Game, h: Game) -> None:
    g = base.ordinal_sum(h)
    assert g.subordinate(base) == h


@pytest.mark.slow
@given(day3, day3)
@LAW
def test_subordinate_is_defined_exactly_on_ordinal_sums(g: Game, base: Game) -> None:
    try:
        h = g.subordinate(base)
    except NotSubordinate:
        # then no H of small birthday gives base : H == g
        assert all(base.ordinal_sum(k) != g for k in day(2))
    else:
        assert base.ordinal_sum(h) == g


def test_subordinate_published_and_errors() -> None:
    assert cgt.nimber(5).subordinate(cgt.star) == cgt.nimber(4)
    assert cgt.number(7).subordinate(1) == 6
    assert P("{3||2|1}").subordinate(0) == P("{3||2|1}")  # 0 : H = H
    with pytest.raises(NotSubordinate) as err:
        cgt.up.subordinate(cgt.star)
    assert "^ is not an ordinal sum * : H" in str(err.value)
    assert isinstance(err.value, ValueError) and isinstance(err.value, CGTError)
    with pytest.raises(NotSubordinate):
        cgt.number(-1).subordinate(1)
    with pytest.raises(WrongType):
        cgt.up.subordinate([1])  # type: ignore[arg-type]
    start = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    with pytest.raises(TooLarge, match="follower"):
        cgt.number(10**12).subordinate(1)  # refused at once, not walked
    assert resource.getrusage(resource.RUSAGE_SELF).ru_utime - start < 5
    assert cgt.number(1000).subordinate(1) == 999


# --- powers --------------------------------------------------------------------------------
def test_pow_of_up_is_up_nth_and_prints_as_before() -> None:
    # Conway's definitions, built here option by option: up^[n] = {up^[n-1] | *},
    # up^n = {0 | * - up^[n-1]}, and up^[n] = up^1 + ... + up^n
    cumulative, total = cgt.zero, cgt.zero
    for n in range(1, 25):
        power = Game([0], [cgt.star - cumulative])
        cumulative = Game([cumulative], [cgt.star]) if n > 1 else cgt.up
        total += power
        assert cgt.up.pow(n) is power is up_nth(n)
        assert cgt.up.pow_to(n) is cumulative is up_sum(n) is total
    assert str(cgt.up.pow(5)) == "^<5>" and str(cgt.up.pow_to(5)) == "^[5]"
    assert cgt.up.pow_to(0) is cgt.zero and cgt.up.pow(1) is cgt.up
    # cleared caches: the powers are rebuilt, still the interned values
    g = P("{0|{5||3|1}}+*")
    before = str(cgt.up.pow_to(7) + g)
    cgt.clear_caches()
    assert cgt.up.pow_to(7) is P("^[7]") and str(cgt.up.pow_to(7) + g) == before


BASES = [
    cgt.up,
    P("{0||0|-2}"),
    cgt.star,
    P("{0|v*}"),
    P("{0|1}"),
    P("{0|^*}"),
    P("{0||-1|-2}"),
    P("{0|-1}"),
]


def test_bases_have_the_form_zero_bar_h() -> None:
    for base in BASES:
        left, right = base.left_options, base.right_options
        assert left == (cgt.zero,) and len(right) == 1


@pytest.mark.parametrize("base", BASES, ids=str)
def test_pow_is_the_recursive_definition(base: Game) -> None:
    for n in range(1, 7):
        assert base.pow_to(n) == naive_pow_to(base, n)
        assert base.pow(n) == naive_pow(base, n)
    # the dyadic path (ordinal sum on x's subordinate to 1) agrees on integers
    assert base.pow_to(cgt.number(4)) == base.ordinal_sum(cgt.number(4).subordinate(1))


def test_pow_dyadic_exponent_is_the_ordinal_sum_definition() -> None:
    for base in BASES:
        for x in ["1/2", "3/4", "7/4", "5/2"]:
            k = P(x).subordinate(1)
            assert base.pow_to(x) == base.ordinal_sum(k)
            assert base.pow(P(x) + 1) == naive_pow_to_any(base, P(x) + 1)


def naive_pow_to_any(base: Game, x: Game) -> Game:
    (h,) = base.right_options
    return Game([0], [h - base.ordinal_sum((x - 1).subordinate(1))])


def test_pow_bad_input() -> None:
    with pytest.raises(InvalidArgument, match="base"):
        cgt.parse("{1|-1}").pow(2)
    with pytest.raises(InvalidArgument, match="base"):
        cgt.number(1).pow(2)
    with pytest.raises(InvalidArgument, match=">= 1"):
        cgt.up.pow(0)
    with pytest.raises(InvalidArgument, match=">= 1"):
        cgt.up.pow("1/2")
    with pytest.raises(InvalidArgument, match=">= 0"):
        cgt.up.pow_to(-1)
    with pytest.raises(InvalidArgument, match="not a number"):
        cgt.up.pow_to(cgt.star)
    with pytest.raises(WrongType):
        cgt.up.pow(True)
    with pytest.raises(WrongType):
        cgt.up.pow_to([2])  # type: ignore[arg-type]
    assert cgt.up.pow_to(2.5) == cgt.up.pow_to("5/2") == cgt.up.pow_to(Fraction(5, 2))
    with pytest.raises(CGTError):
        cgt.up.pow("1/3")
    start = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    for huge in (10**9, 10**9 + Fraction(1, 2)):
        with pytest.raises(TooLarge):
            cgt.up.pow(huge)
        with pytest.raises(TooLarge):
            cgt.up.pow_to(huge)
    with pytest.raises(TooLarge):
        cgt.up.pow_to(Fraction(1, 2**70000))  # the subordinate is born too late
    assert resource.getrusage(resource.RUSAGE_SELF).ru_utime - start < 10


# --- confused-with relations ----------------------------------------------------------------
@pytest.mark.slow
@given(day3, day3)
@LAW
def test_lf_gf_fuzzy_are_cgsuite_relations(g: Game, h: Game) -> None:
    rel = g.compare(h)
    assert g.lf(h) == (rel in (cgt.Relation.LESS, cgt.Relation.CONFUSED))  # G <| H
    assert g.gf(h) == (rel in (cgt.Relation.GREATER, cgt.Relation.CONFUSED))  # G |> H
    assert g.fuzzy(h) == (g.lf(h) and g.gf(h))  # G <> H
    assert g.lf(h) == (not g >= h) and g.gf(h) == (not g <= h)


def test_relations_take_game_text() -> None:
    assert cgt.star.lf("0") and cgt.star.gf(0) and not cgt.up.lf("0")
    with pytest.raises(WrongType):
        cgt.up.lf([1])  # type: ignore[arg-type]


# --- size, depth, errors ------------------------------------------------------------------------
def test_huge_and_deep_games() -> None:
    start = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    big = cgt.number(-(10**30))
    assert big.follower_count() == 10**30 + 1 and big.stop_count() == 1
    assert big.companion() is big and big.is_even
    n = cgt.nimber(300)
    assert n.follower_count() == 301 and n.stop_count() == 2 * 3**299
    assert len(n.followers()) == 301
    with pytest.raises(TooLarge, match="follower_count"):
        big.followers()
    huge = cgt.nimber(2**40) + cgt.up  # 2**40 options: never listed
    assert cgt.nimber(2**40).companion() is cgt.nimber(2**40) and huge.companion() is huge
    assert cgt.nimber(2**40).follower_count() == 2**40 + 1
    assert not huge.is_even and not huge.is_odd and not huge.is_number_tiny
    assert (cgt.nimber(2**40) + 1).is_numberish and not cgt.nimber(2**40).is_integer
    with pytest.raises(TooLarge, match="bits"):
        cgt.nimber(2**40).stop_count()
    deep = cgt.up.pow_to(1500)  # born on day 1501
    assert deep.birthday() == 1501
    assert deep.follower_count() == 1502  # 0, *, and up^[1] .. up^[1500]
    assert deep.stop_count() == 2 * 1500 + 1  # SC(^) = 3, SC(^[n]) = SC(^[n-1]) + SC(*)
    assert not deep.is_even and not deep.is_odd
    assert deep.companion().companion() is deep
    assert resource.getrusage(resource.RUSAGE_SELF).ru_utime - start < 60


def test_threads_get_the_same_values() -> None:
    from concurrent.futures import ThreadPoolExecutor

    texts = ["{0||0|-3/2}", "{1|^^||^}", "{3||2*|1*}", "^*6", "{0||0|vvv}"]

    def work(_: int) -> list[object]:
        games = [P(t) for t in texts]
        base = P("{0||0|-2}")
        return [
            *(g.companion() for g in games),
            *(g.followers() for g in games),
            base.pow_to(9),
            base.pow(7),
            base.pow_to(9).subordinate(base),
        ]

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(work, range(8)))
    first = results[0]
    for other in results[1:]:
        for a, b in zip(first, other, strict=True):
            if isinstance(a, tuple):
                assert isinstance(b, tuple)
                assert all(x is y for x, y in zip(a, b, strict=True))
            else:
                assert a is b


@needs_timer
def test_ctrl_c_leaves_the_powers_consistent() -> None:
    # interrupted part way through building the powers of a fresh base, the
    # cache holds only finished powers: asked again, each is the ordinal sum
    for attempt in range(20):
        base = cgt.tiny(Fraction(53 + attempt, 16))  # {0 | {0 | -x}}, fresh each time
        if interrupt_after(0.002, lambda b=base: b.pow_to(4000)) is not None:  # type: ignore[misc]
            break
    else:
        raise AssertionError("pow_to(4000) never took 2 ms of CPU")
    for n in (2, 50, 4000):
        assert base.pow_to(n) == base.ordinal_sum(n - 1)
    assert base.pow(30) == naive_pow(base, 30)


def test_errors_pickle() -> None:
    for err in (NotSubordinate("x is not"), TooLarge("too many")):
        again = pickle.loads(pickle.dumps(err))
        assert type(again) is type(err) and str(again) == str(err)
