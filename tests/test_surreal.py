"""Surreal numbers beyond the dyadics (cgt.surreal).

Independent checks: sign expansions of rationals against the walk down the
tree by the definition (each new node the simplest number between the bounds
so far, cgt.dyadic.simplest_between); dyadic birthdays against the library's
Game.birthday; comparisons with short games against comparisons with dyadics
close enough to the surreal (no stop of the game lies between them); the
ordered-ring laws by hypothesis.  Published values: ONAG ch. 1-3 (day ω holds
every real, ω and ε = 1/ω = {0 | 1, 1/2, 1/4, ...}; ω + 1 = {ω |} and
ε/2 = {0 | ε} are born on day ω+1, ω/2 and ω·2 on day ω·2, ω^2 on day ω^2).
"""

from __future__ import annotations

import copy
import gc
import pickle
import re
import weakref
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.dyadic import Dyadic, simplest_between
from cgt.ordinal import Ordinal
from cgt.ordinal import omega as OMEGA
from cgt.surreal import Surreal, epsilon, omega, surreal
from tests.strategies import games
from tests.test_ordinal import _built_at_once_by_8_threads, _pickle_in_a_new_process

rationals = st.builds(Fraction, st.integers(-40, 40), st.integers(1, 24))
monomials = st.builds(
    lambda r, k: Surreal.from_terms([(k, r)]), rationals.filter(bool), st.integers(-2, 2)
)
surreals = st.lists(st.tuples(st.integers(-2, 2), rationals), max_size=4).map(Surreal.from_terms)


# -- the brief's and ONAG's values -------------------------------------------------------------


def test_number_of_a_rational_that_is_not_dyadic() -> None:
    third = cgt.number(Fraction(1, 3))
    assert isinstance(third, Surreal) and not isinstance(third, cgt.Game)
    assert third == Fraction(1, 3) and hash(third) == hash(Fraction(1, 3))
    assert third.birthday() == OMEGA
    assert cgt.number(Fraction(1, 2)) == cgt.parse("1/2")  # dyadic: still a Game
    assert isinstance(cgt.number(Fraction(6, 8)), cgt.Game)


def test_birthdays_published() -> None:
    # ONAG: on day ω, every real, ±ω and ±ε (and dyadic ± ε); ε = 1/ω = {0 | 1, 1/2, ...}
    # has the sign expansion + -^ω, of length 1 + ω = ω.  (Issue 29's note put 1/ω on day
    # ω+1; by the definition it is born on day ω, with ω.)
    for x in (omega, -omega, epsilon, -epsilon, Surreal(Fraction(1, 3)), 1 + epsilon, 1 - epsilon):
        assert x.birthday() == OMEGA, x
    for x in (omega + 1, omega - 1, epsilon / 2, 2 * epsilon):
        assert x.birthday() == OMEGA + 1, x
    assert (Fraction(1, 3) - omega).birthday() == OMEGA * 2  # -ω then 1/3's ω signs
    assert (omega / 2).birthday() == OMEGA * 2 and (omega * 2).birthday() == OMEGA * 2
    assert (omega**2).birthday() == OMEGA**2 and (omega**2 + omega).birthday() == OMEGA**2 + OMEGA
    assert (epsilon**2).birthday() == OMEGA * 2  # + -^(ω·2)


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 5)), max_size=4))
def test_ordinals_are_surreals_of_pluses(parts: list[tuple[int, int]]) -> None:
    # an ordinal a is the surreal +^a (ONAG): born on day a, ordered as ordinals are
    a = Ordinal.from_cnf(parts) if parts else Ordinal(0)
    s = Surreal(a)
    assert s.birthday() == a and s == a
    assert s.sign_expansion() in ("", "+" if a == 1 else f"+^{a}", f"+^({a})")
    assert (s < omega**2) == (a < OMEGA**2) and Surreal(a + 1) == s + 1
    assert hash(s) == hash(a) and len({s, a}) == 1


def test_sign_expansions_published() -> None:
    assert omega.sign_expansion() == "+^ω"
    assert (omega + 1).sign_expansion() == "+^(ω + 1)"
    assert (omega - 1).sign_expansion() == "+^ω -"
    assert epsilon.sign_expansion() == "+ -^ω"
    assert (omega / 2).sign_expansion() == "+^ω -^ω"
    assert (-omega * 2).sign_expansion() == "-^(ω·2)"


def _signs_from_text(text: str, n: int) -> list[int]:
    """The first n signs of a sign expansion written by Surreal.sign_expansion (finite runs)."""
    out: list[int] = []
    tail = re.search(r"\((.*)\)\^ω$", text)
    head = text[: tail.start()] if tail else text

    def runs(part: str) -> list[int]:
        signs = []
        for token in part.split():
            sign = 1 if token[0] == "+" else -1
            count = int(token[2:]) if "^" in token else 1
            signs += [sign] * count
        return signs

    out = runs(head)
    if tail:
        block = runs(tail.group(1))
        while len(out) < n:
            out += block
    return out[:n]


def _walk(x: Fraction, n: int) -> list[int]:
    """The first n signs of x by the definition: from 0, each next node is the simplest
    number strictly between the nearest nodes so far on either side of x."""
    lo: Dyadic | None = None
    hi: Dyadic | None = None
    node = Dyadic(0)
    signs: list[int] = []
    while len(signs) < n and node != x:
        if x > node:
            signs.append(1)
            lo = node
        else:
            signs.append(-1)
            hi = node
        node = simplest_between(lo, hi)
    return signs


@given(rationals)
def test_sign_expansion_of_rationals_is_the_walk(x: Fraction) -> None:
    s = Surreal(x)
    expected = _walk(x, 60)
    assert _signs_from_text(s.sign_expansion(), 60) == expected
    if x.denominator & (x.denominator - 1) == 0:
        assert s.birthday() == len(expected) == cgt.number(x).birthday()  # type: ignore[union-attr]
    else:
        assert s.birthday() == OMEGA


@given(rationals.filter(bool))
def test_sign_expansion_of_infinitesimal_monomials(r: Fraction) -> None:
    # Gonshor: r·ε is + -^ω followed by the signs of |r| after the first, each once;
    # its negative has every sign flipped
    text = (abs(r) * epsilon).sign_expansion()
    lengths = re.findall(r"\^\([^)]*\)", text)  # ordinal lengths like ^(ω + 1): kept
    flipped = re.sub(r"\^\([^)]*\)", "#", text).translate(str.maketrans("+-", "-+"))
    for length in lengths:
        flipped = flipped.replace("#", length, 1)
    assert (-abs(r) * epsilon).sign_expansion() == flipped
    head = re.match(r"\+ -\^(ω|\(ω \+ (\d+)\))( |$)", text)
    assert head is not None, text
    extra = int(head.group(2) or 0)  # minuses of |r| merged into the run of ω minuses
    rest = [-1] * extra + _signs_from_text(text[head.end() :], 60)
    assert rest[:59] == _walk(abs(r), 60)[1:60]


def test_unsupported_sign_expansion() -> None:
    for x in (Fraction(1, 3) + epsilon, omega / 2 + 1, epsilon + epsilon**2):
        with pytest.raises(cgt.InvalidArgument, match="beyond this implementation"):
            Surreal(x).birthday()


# -- comparison with short games ---------------------------------------------------------------


def _close_dyadics(x: Fraction, g: cgt.Game) -> tuple[Fraction, Fraction]:
    """Dyadics a < x < b so close that no stop of g (denominator <= 2^birthday) is between."""
    n = g.birthday() + 3
    scale = 2**n
    a = Fraction((x * scale).__floor__(), scale)
    if a == x:
        a -= Fraction(1, scale)
    return a, a + Fraction(1, scale)


@settings(max_examples=150, deadline=None)
@given(games, rationals)
def test_comparison_with_games(g: cgt.Game, x: Fraction) -> None:
    s = Surreal(x)
    if s.is_dyadic:
        d = cgt.number(x)
        assert (s < g, s == g, s > g) == (d < g, d == g, d > g)  # type: ignore[operator]
        return
    a, b = _close_dyadics(x, g)
    greater, less = g > b, g < a  # g > x exactly when g > b; g < x exactly when g < a
    assert (g > s, g < s, s.fuzzy(g), g == s) == (greater, less, not greater and not less, False)
    assert (s < g, s > g) == (greater, less)


@settings(max_examples=100, deadline=None)
@given(games, st.integers(-8, 8), st.integers(0, 3), st.sampled_from([1, -1]))
def test_comparison_with_games_near_a_dyadic(g: cgt.Game, m: int, e: int, sign: int) -> None:
    d = Fraction(m, 2**e)
    s = d + sign * epsilon
    n = g.birthday() + e + 3
    near = cgt.number(d + sign * Fraction(1, 2**n))  # d ± 2^-n is on the same side of every stop
    assert (g > s, g < s) == (g > near, g < near)


def test_infinite_and_infinitesimal_against_games() -> None:
    assert cgt.up < epsilon and cgt.star < epsilon and -epsilon < cgt.down
    assert cgt.number(2**60) < omega and -omega < cgt.parse("{-100|-200}")
    assert epsilon.fuzzy(cgt.parse("{1|-1}")) and not omega.fuzzy(cgt.parse("{1|-1}"))
    assert Surreal(Fraction(1, 2)) == cgt.number(Fraction(1, 2)) == Surreal("1/2")
    assert {Surreal(Fraction(1, 2)), cgt.parse("1/2")} == {cgt.parse("1/2")}


# -- the ordered ring --------------------------------------------------------------------------


@given(surreals, surreals, surreals)
def test_ordered_ring_laws(x: Surreal, y: Surreal, z: Surreal) -> None:
    assert x + y == y + x and (x + y) + z == x + (y + z) and x + 0 == x and x - x == 0
    assert x * y == y * x and (x * y) * z == x * (y * z) and x * 1 == x
    assert x * (y + z) == x * y + x * z
    assert sum((x < y, x == y, x > y)) == 1  # a total order
    if x < y:
        assert x + z < y + z
        if z > 0:
            assert x * z < y * z
        if z < 0:
            assert x * z > y * z
    assert (x * x >= 0) and (x <= abs(x))


@given(surreals, monomials)
def test_division_by_monomials(x: Surreal, m: Surreal) -> None:
    assert (x / m) * m == x and m * (1 / m) == 1


def test_real_surreals_are_the_fractions() -> None:
    for a in range(-6, 7):
        for b in range(1, 7):
            x = Fraction(a, b)
            assert Surreal(x) == x and Surreal(x).to_fraction() == x
            assert (Surreal(x) < Fraction(1, 7)) == (x < Fraction(1, 7))
            assert Surreal(x) + Fraction(2, 5) == x + Fraction(2, 5)


# -- text --------------------------------------------------------------------------------------


@given(surreals)
def test_print_parse_round_trip(x: Surreal) -> None:
    assert Surreal.parse(str(x)) == x
    assert Surreal.parse(format(x, "a")) == x
    assert pickle.loads(pickle.dumps(x)) == x


def test_printing() -> None:
    assert str(omega * 2 - Fraction(1, 3) + 3 * epsilon) == "ω·2 - 1/3 + 3/ω"
    assert str(omega**2 / 3 + Fraction(2, 3) * epsilon**2) == "ω^2/3 + 2/(3·ω^2)"
    assert str(-omega) == "-ω" and str(Surreal(0)) == "0"


# -- bad input and what stays as it was --------------------------------------------------------


def test_bad_input() -> None:
    with pytest.raises(cgt.WrongType):
        Surreal(None)  # type: ignore[arg-type]
    with pytest.raises(cgt.WrongType):
        Surreal(True)
    with pytest.raises(cgt.NotDyadic):
        Surreal(float("nan"))
    with pytest.raises(cgt.InvalidArgument):
        1 / (omega + 1)
    with pytest.raises(cgt.DivisionByZero):
        omega / 0
    with pytest.raises(cgt.NotANumber):
        omega.to_fraction()
    with pytest.raises(cgt.NotANumber):
        omega + cgt.star
    with pytest.raises(cgt.WrongType):
        omega.fuzzy("x")
    with pytest.raises(cgt.ParseError):
        Surreal("ω^(1/2)")
    with pytest.raises(cgt.ParseError):
        Surreal("ω +* 1")
    with pytest.raises(cgt.ParseError, match="nested"):
        Surreal("(" * 1000 + "1" + ")" * 1000)
    with pytest.raises(TypeError):
        omega < "x"  # noqa: B015
    with pytest.raises(cgt.InvalidArgument):
        Surreal(OMEGA**OMEGA)
    with pytest.raises(AttributeError):
        omega._terms = ()  # type: ignore[misc]
    assert omega > 1e300 and epsilon < 1e-300 and (omega == float("nan")) is False
    err = pickle.loads(pickle.dumps(cgt.InvalidArgument("x")))
    assert str(err) == "x"


def test_short_games_keep_their_behaviour() -> None:
    for bad in (Fraction(1, 3), Fraction(-5, 7)):
        with pytest.raises(cgt.NotDyadic):
            cgt.up + bad
        with pytest.raises(cgt.NotDyadic):
            cgt.Game([bad], [])
        with pytest.raises(cgt.NotDyadic):
            cgt.to_game(bad)
        assert (cgt.star == bad) is False
    with pytest.raises(cgt.NotDyadic):
        cgt.number("1/3")
    assert cgt.number(Fraction(3, 4)).left_options == (cgt.parse("1/2"),)  # type: ignore[union-attr]
    assert Ordinal(3) == 3


# -- interning: one object per value, by every route and in every thread ----------------------


def _by_arithmetic(x: Surreal) -> Surreal:
    """``x`` rebuilt from ``omega``, ints, ``**``, ``*``, ``/`` and ``+`` (no from_terms)."""
    total = Surreal(0)
    for k, r in x.terms:
        total = total + omega**k * r.numerator / r.denominator
    return total


def test_equal_surreals_are_one_object_by_every_route() -> None:
    third = Fraction(1, 3)
    x = omega - third
    for y in (
        Surreal("ω - 1/3"),
        Surreal.from_terms([(0, -third), (1, 1)]),
        -(third - omega),
        (omega * 3 - 1) / 3,
        (omega + 1) - Fraction(4, 3),
        surreal("w - 1/3"),
        Surreal(x),
        _by_arithmetic(x),
        copy.copy(x),
        copy.deepcopy(x),
        pickle.loads(pickle.dumps(x)),
        pickle.loads(pickle.dumps(x, protocol=0)),
    ):
        assert y is x, y
    quarter3 = Surreal(Fraction(3, 4))
    for q in (Surreal("3/4"), Surreal(Dyadic(3, 4)), Surreal(0.75), Surreal(Decimal("0.75"))):
        assert q is quarter3
    assert Surreal(3) / 4 is quarter3 and 1 - Surreal(1) / 4 is quarter3
    assert cgt.number(third) is Surreal("1/3") is Surreal(1) / 3
    big = 10**30 + 7  # beyond the small integers kept alive
    assert Surreal(big) is Surreal(str(big)) is Surreal(10**15) * 10**15 + 7
    w2_3 = omega**2 * 3 + 1
    assert Surreal(Ordinal.parse("ω^2·3 + 1")) is w2_3 is (omega + 1) * (omega - 1) * 3 + 4
    assert (1 / omega) is epsilon is omega**-1 and (omega**2) ** -1 is epsilon * epsilon


def test_surreal_interning_keeps_other_types_apart() -> None:
    half = Surreal(Fraction(1, 2))
    assert half == Fraction(1, 2) and hash(half) == hash(Fraction(1, 2))
    assert half == cgt.parse("1/2") and not isinstance(half, (Fraction, cgt.Game))
    w2 = OMEGA * 2
    assert Surreal(w2) == w2 and hash(Surreal(w2)) == hash(w2) and not isinstance(w2, Surreal)


@pytest.mark.slow
def test_unused_surreals_are_not_kept() -> None:
    x = omega**3 * Fraction(10**40 + 1, 7) - Fraction(5, 11) / omega  # made by this test only
    ref = weakref.ref(x)
    del x
    gc.collect()
    assert ref() is None  # held weakly: the table does not keep values alive
    y = omega**3 * Fraction(10**40 + 1, 7) - Fraction(5, 11) / omega
    assert y is Surreal.parse(str(y)) and y == Surreal.from_terms(y.terms)


@settings(max_examples=150, deadline=None)
@given(surreals, surreals)
def test_interning_by_hypothesis(x: Surreal, y: Surreal) -> None:
    for same in (
        Surreal.parse(str(x)),
        Surreal.parse(format(x, "a")),
        Surreal.from_terms(list(reversed(x.terms))),
        _by_arithmetic(x),
        pickle.loads(pickle.dumps(x)),
        x + 0,
        0 - (0 - x),
        -x * -1,
        (x + y) - y,
        x * 1,
    ):
        assert same is x
    assert x + y is y + x and x * y is y * x
    assert (x is y) == (x == y) and (x is y) == (x.terms == y.terms)


def test_unpickled_surreals_are_interned_in_a_new_process() -> None:
    values: list[object] = [omega - Fraction(1, 3), epsilon, Surreal(0), Surreal(10**30)]
    texts = [format(v, "a") for v in values]
    assert _pickle_in_a_new_process(values, texts, "cgt.surreal") == "True"


@pytest.mark.parametrize("round_", range(8))
def test_threads_get_the_same_surreals(round_: int) -> None:
    # values nothing else holds, built at once by 8 threads, each by another route
    big = 10**25 + 1000 * round_
    texts = [f"w^{i % 4}·{big + i}/{i % 7 + 1} - {i + 1}/w + {i}/3" for i in range(150)]
    forms = [Surreal.parse(t).terms for t in texts]  # parsed, then dropped: not kept alive

    def route(text: str, form: tuple[tuple[int, Fraction], ...]) -> Callable[[int], object]:
        ways: list[Callable[[], Surreal]] = [
            lambda: Surreal.parse(text),
            lambda: Surreal.from_terms(form),
            lambda: _by_arithmetic(Surreal.from_terms(form)),
        ]
        return lambda way: ways[way]()

    built = _built_at_once_by_8_threads([route(t, f) for t, f in zip(texts, forms, strict=True)])
    assert [x.terms for x in built if isinstance(x, Surreal)] == forms
