"""Conway's product and the ordinal product (cgt.products).

Checked against the definitions computed naively on game *forms* written here
(no closed forms, no canonical shortcuts), against number multiplication,
nim-multiplication and Berlekamp's rule on substituted Hackenbush stalks, and
against CGSuite's test values (lib/core/src/test/scala/org/cgsuite/lang/
CompoundGameTestCase.scala, GameTest.scala, EvalTest.scala).

ONAG = Conway, *On Numbers and Games*, ch. 1 (products) and ch. 6 (nimbers).
"""

from __future__ import annotations

import itertools
import pickle
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import ClassVar

import pytest
from hypothesis import given, settings

import cgt
from cgt.dyadic import Dyadic
from cgt.games.hackenbush import stalk_value
from cgt.impartial import nim_product
from cgt.products import conway_product, ordinal_product

from .strategies import day1, day3, dyadics

P = cgt.parse


# ---------------------------------------------------------------------------
# Forms: (left forms, right forms), nested tuples; the definitions on them
# ---------------------------------------------------------------------------
class Form:
    """A game form: its left and right options, interned (equal trees are one
    object, hashed by identity, so memoised walks over shared subtrees stay cheap)."""

    __slots__ = ("left", "right")
    left: tuple[Form, ...]
    right: tuple[Form, ...]
    _made: ClassVar[dict[tuple[tuple[int, ...], tuple[int, ...]], Form]] = {}

    def __new__(cls, left: tuple[Form, ...], right: tuple[Form, ...]) -> Form:
        key = (tuple(id(x) for x in left), tuple(id(x) for x in right))
        made = cls._made.get(key)
        if made is None:
            made = object.__new__(cls)
            made.left, made.right = left, right
            cls._made[key] = made
        return made

    def __getitem__(self, i: int) -> tuple[Form, ...]:
        return self.left if i == 0 else self.right

    def __iter__(self) -> Iterator[tuple[Form, ...]]:
        return iter((self.left, self.right))


ZERO = Form((), ())


@cache
def value(f: Form) -> cgt.Game:
    return cgt.Game([value(x) for x in f[0]], [value(x) for x in f[1]])


def form(g: cgt.Game) -> Form:
    """The canonical form of ``g`` as nested tuples."""
    return Form(tuple(form(x) for x in g.left_options), tuple(form(x) for x in g.right_options))


def star_form(*options: int | Form) -> Form:
    """CGSuite's ``*[a, b, ...]``: the impartial form with options ``*a``, ``*b``, ..."""
    opts = tuple(form(cgt.nimber(o)) if isinstance(o, int) else o for o in options)
    return Form(opts, opts)


@cache
def neg(f: Form) -> Form:
    return Form(tuple(neg(x) for x in f[1]), tuple(neg(x) for x in f[0]))


@cache
def naive_conway(g: Form, h: Form) -> cgt.Game:
    """The value of the form ``G.H`` (ONAG ch. 1), from the forms ``g`` and ``h``."""

    def term(a: Form, b: Form) -> cgt.Game:
        return naive_conway(a, h) + naive_conway(g, b) - naive_conway(a, b)

    gl, gr = g
    hl, hr = h
    left = [term(a, b) for a in gl for b in hl] + [term(a, b) for a in gr for b in hr]
    right = [term(a, b) for a in gl for b in hr] + [term(a, b) for a in gr for b in hl]
    return cgt.Game(left, right)


@cache
def ordinal_sum_form(base: Form, k: Form) -> Form:
    """The form ``base : k``: moves in the base annihilate ``k``."""
    return Form(
        base[0] + tuple(ordinal_sum_form(base, x) for x in k[0]),
        base[1] + tuple(ordinal_sum_form(base, x) for x in k[1]),
    )


@cache
def ordinal_product_form(g: Form, h: Form) -> Form:
    """CGSuite's definition of ``G (x) H`` on forms (Game.cgs, ``OrdinalProduct``)."""
    gl, gr = g
    hl, hr = h
    left = [ordinal_sum_form(ordinal_product_form(g, b), a) for b in hl for a in gl]
    left += [ordinal_sum_form(ordinal_product_form(g, b), neg(a)) for b in hr for a in gr]
    right = [ordinal_sum_form(ordinal_product_form(g, b), a) for b in hl for a in gr]
    right += [ordinal_sum_form(ordinal_product_form(g, b), neg(a)) for b in hr for a in gl]
    return Form(tuple(left), tuple(right))


def stalk_form(colours: str) -> Form:
    """The Hackenbush stalk as a game form: each move chops an edge of the
    mover's colour (or green) and everything above it."""
    lefts = tuple(stalk_form(colours[:i]) for i, c in enumerate(colours) if c in "LG")
    rights = tuple(stalk_form(colours[:i]) for i, c in enumerate(colours) if c in "RG")
    return Form(lefts, rights)


def substitute(g: str, h: str) -> str:
    """Each blue edge of the stalk ``h`` replaced by ``g``, each red one by ``-g``."""
    swap = str.maketrans("LR", "RL")
    return "".join(g if c == "L" else g.translate(swap) for c in h)


# ---------------------------------------------------------------------------
# CGSuite's values
# ---------------------------------------------------------------------------
# g, h, Conway product, ordinal product (CompoundGameTestCase.scala)
CGSUITE = [
    ("1/2", "1/4", "1/8", "11/32"),
    ("*5", "*6", "*8", "*30"),
    ("+-1", "^^", "+-^^", "+-1"),
    ("{1|0}", "0", "0", "0"),
]


@pytest.mark.parametrize(("g", "h", "conway", "ordinal"), CGSUITE)
def test_cgsuite_compound_values(g: str, h: str, conway: str, ordinal: str) -> None:
    assert P(g).conway_product(h) == P(conway)
    assert P(g).ordinal_product(h) == P(ordinal)
    # and the definitions on the canonical forms agree
    assert naive_conway(form(P(g)), form(P(h))) == P(conway)
    assert value(ordinal_product_form(form(P(g)), form(P(h)))) == P(ordinal)


def test_cgsuite_values_on_explicit_forms() -> None:
    # CompoundGameTestCase.scala: '{*|*}' (a form of 0) with 3, and
    # *[[[2]],[2],0] (a form of *2) with *5; products of forms, by the definitions
    g = Form((form(cgt.star),), (form(cgt.star),))
    assert value(g) == cgt.zero
    assert naive_conway(g, form(cgt.number(3))) == cgt.zero
    assert value(ordinal_product_form(g, form(cgt.number(3)))) == cgt.zero
    h = star_form(star_form(star_form(2)), star_form(2), 0)
    assert value(h) == cgt.nimber(2)
    assert naive_conway(h, form(cgt.nimber(5))) == P("*10")
    assert value(ordinal_product_form(h, form(cgt.nimber(5)))) == P("*10")
    # on the canonical forms the library gives the same
    assert cgt.zero.conway_product(3) == cgt.zero == cgt.zero.ordinal_product(3)
    assert cgt.nimber(2).conway_product("*5") == P("*10") == cgt.nimber(2).ordinal_product("*5")


def test_cgsuite_game_test_values() -> None:
    # GameTest.scala: *4.ConwayProduct(*4) = *6, *19 x *23 = *86, 15 x ^^*2 = ^30*2;
    # EvalTest.scala: *6 ConwayProduct '{0,*|0,*}' = *11
    assert cgt.nimber(4).conway_product("*4") == cgt.nimber(6)
    assert cgt.nimber(19).conway_product("*23") == cgt.nimber(86)
    assert cgt.number(15).conway_product("^^*2") == P("^30*2")
    assert naive_conway(form(cgt.number(15)), form(P("^^*2"))) == P("^30*2")
    assert cgt.nimber(6).conway_product(P("{0,*|0,*}")) == cgt.nimber(11)


# ---------------------------------------------------------------------------
# Conway's product
# ---------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(dyadics, dyadics)
def test_conway_product_is_multiplication_on_numbers(x: Fraction, y: Fraction) -> None:
    gx, gy = (
        cgt.number(Dyadic(x.numerator, x.denominator)),
        cgt.number(Dyadic(y.numerator, y.denominator)),
    )
    expected = x * y
    assert gx.conway_product(gy) == cgt.number(Dyadic(expected.numerator, expected.denominator))


def test_conway_definition_multiplies_numbers() -> None:
    # ONAG ch. 1: the definition itself (no closed form) multiplies numbers
    values = [P(s) for s in ("0", "1", "-1", "2", "1/2", "-3/4", "5/4", "3/8")]
    for a, b in itertools.product(values, values):
        product = a.to_dyadic() * b.to_dyadic()
        assert naive_conway(form(a), form(b)) == cgt.number(product), (a, b)


def test_conway_product_is_nim_multiplication_on_nimbers() -> None:
    # ONAG ch. 6: on nimbers the definition is nim-multiplication
    for a, b in itertools.product(range(8), range(8)):
        expected = cgt.nimber(nim_product(a, b))
        assert naive_conway(form(cgt.nimber(a)), form(cgt.nimber(b))) == expected
        assert cgt.nimber(a).conway_product(cgt.nimber(b)) == expected


@settings(max_examples=80, deadline=None)
@given(day3, day3)
def test_conway_product_agrees_with_the_definition(g: cgt.Game, h: cgt.Game) -> None:
    assert conway_product(g, h) == naive_conway(form(g), form(h))


@settings(max_examples=80, deadline=None)
@given(day3, day3)
def test_conway_product_laws(g: cgt.Game, h: cgt.Game) -> None:
    # commutative (the definition is symmetric), 0 and 1 act as in a ring, signs
    assert g.conway_product(h) == h.conway_product(g)
    assert g.conway_product(0) == cgt.zero
    assert g.conway_product(1) == g
    assert (-g).conway_product(h) == -g.conway_product(h)


def test_conway_product_depends_on_forms() -> None:
    # ONAG: the product of games is not compatible with equality.  {0|} and
    # {-1, 0|} are both 1, but their products with * differ.
    one = Form((ZERO,), ())
    other_one = Form((form(cgt.number(-1)), ZERO), ())
    assert value(one) == value(other_one) == cgt.number(1)
    assert naive_conway(one, form(cgt.star)) == cgt.star
    assert naive_conway(other_one, form(cgt.star)) == cgt.nimber(2)


def test_conway_product_is_not_distributive_or_associative_on_games() -> None:
    # So the canonical-form product is neither distributive nor associative:
    s, u = cgt.star, cgt.up
    assert s.conway_product(s + u) == cgt.nimber(2)
    assert s.conway_product(s) + s.conway_product(u) == cgt.nimber(3)
    assert s.conway_product(2).conway_product(u) == cgt.zero
    assert s.conway_product(cgt.number(2).conway_product(u)) == cgt.star
    # ... while on numbers and on nimbers it is (fields: ONAG ch. 1 and 6)
    for a, b, c in itertools.product([P("1/2"), P("-3/4"), cgt.number(3)], repeat=3):
        assert a.conway_product(b + c) == a.conway_product(b) + a.conway_product(c)
        assert a.conway_product(b).conway_product(c) == a.conway_product(b.conway_product(c))
    for x, y, z in itertools.product([3, 5, 6, 9], repeat=3):
        a, b, c = cgt.nimber(x), cgt.nimber(y), cgt.nimber(z)
        assert a.conway_product(b + c) == a.conway_product(b) + a.conway_product(c)


# ---------------------------------------------------------------------------
# Ordinal product
# ---------------------------------------------------------------------------
def _stalks(n: int) -> list[str]:
    return ["".join(p) for k in range(1, n + 1) for p in itertools.product("LR", repeat=k)]


def test_ordinal_product_substitutes_stalks() -> None:
    # Berlekamp's rule on the substituted stalk (CGSuite's doc of OrdinalProduct)
    for g, h in itertools.product(_stalks(3), _stalks(3)):
        x, y = stalk_value(g), stalk_value(h)
        gx = cgt.number(Dyadic(x.numerator, x.denominator))
        expected = stalk_value(substitute(g, h))
        assert gx.ordinal_product(cgt.number(Dyadic(y.numerator, y.denominator))) == cgt.number(
            Dyadic(expected.numerator, expected.denominator)
        ), (g, h)


def test_ordinal_product_of_green_stalks() -> None:
    # a green stalk of b edges, each replaced by a stalk of a: *(ab), by the definition
    for a, b in itertools.product(range(5), range(5)):
        assert value(ordinal_product_form(form(cgt.nimber(a)), form(cgt.nimber(b)))) == cgt.nimber(
            a * b
        )
        assert cgt.nimber(a).ordinal_product(cgt.nimber(b)) == cgt.nimber(a * b)


def test_ordinal_product_of_stalk_forms() -> None:
    # the Hackenbush game of the substituted stalk, searched on its form
    for g, h in itertools.product(_stalks(2), _stalks(2)):
        assert value(ordinal_product_form(stalk_form(g), stalk_form(h))) == value(
            stalk_form(substitute(g, h))
        )


@settings(max_examples=60, deadline=None)
@given(day3, day3)
def test_ordinal_product_agrees_with_the_definition(g: cgt.Game, h: cgt.Game) -> None:
    assert ordinal_product(g, h) == value(ordinal_product_form(form(g), form(h)))


@settings(max_examples=60, deadline=None)
@given(day3, day3)
def test_ordinal_product_laws(g: cgt.Game, h: cgt.Game) -> None:
    # G (x) 1 = G, G (x) 0 = 0, 0 (x) H = 0, G (x) -H = -(G (x) H) (CGSuite's doc)
    assert g.ordinal_product(1) == g
    assert g.ordinal_product(0) == cgt.zero == cgt.zero.ordinal_product(h)
    assert g.ordinal_product(-h) == -g.ordinal_product(h)


@settings(max_examples=40, deadline=None)
@given(day1, day1, day1)
def test_ordinal_product_laws_on_forms(g: cgt.Game, h: cgt.Game, k: cgt.Game) -> None:
    # CGSuite's doc: associative and left-distributive over ordinal sum, on forms
    fg, fh, fk = form(g), form(h), form(k)
    left = ordinal_product_form(ordinal_product_form(fg, fh), fk)
    right = ordinal_product_form(fg, ordinal_product_form(fh, fk))
    assert value(left) == value(right)
    left = ordinal_product_form(fg, ordinal_sum_form(fh, fk))
    right = ordinal_sum_form(ordinal_product_form(fg, fh), ordinal_product_form(fg, fk))
    assert value(left) == value(right)


def test_ordinal_product_laws_fail_on_canonical_forms() -> None:
    # ... but not on values: the canonical form of G (x) H forgets the form
    s, u = cgt.star, cgt.up
    assert s.ordinal_product(u).ordinal_product(2) == cgt.zero
    assert s.ordinal_product(u.ordinal_product(2)) == cgt.star
    assert s.ordinal_product(cgt.number(1).ordinal_sum(s)) == cgt.zero
    assert s.ordinal_product(1).ordinal_sum(s.ordinal_product(s)) == cgt.nimber(2)


def test_ordinal_product_is_not_commutative() -> None:
    assert P("1/2").ordinal_product("1/4") == P("11/32")  # LR RL RL
    assert P("1/4").ordinal_product("1/2") == P("7/32")  # LRR RLL
    assert stalk_value("LRRRLL") == Fraction(7, 32)


# ---------------------------------------------------------------------------
# Bad input, limits, pickling
# ---------------------------------------------------------------------------
def test_bad_input() -> None:
    with pytest.raises(cgt.CGTError):
        cgt.star.conway_product(object())  # type: ignore[arg-type]
    with pytest.raises(cgt.CGTError):
        cgt.star.ordinal_product("{1|")
    with pytest.raises(TypeError):
        cgt.star.conway_product([1])  # type: ignore[arg-type]


def test_limits() -> None:
    # a huge integer times a non-number: refused at once, not a hang
    with pytest.raises(cgt.TooLarge, match="pairs of followers") as err:
        cgt.number(10**9).conway_product(cgt.parse("{1|-1}"))
    assert isinstance(pickle.loads(pickle.dumps(err.value)), cgt.TooLarge)
    with pytest.raises(cgt.TooLarge, match="ordinal product"):
        cgt.parse("{1|-1}").ordinal_product(10**9)
    # closed forms need no limit
    assert cgt.number(10**9).conway_product(10**9) == cgt.number(10**18)
    assert cgt.nimber(2**40).conway_product(cgt.nimber(2**40)) == cgt.nimber(
        nim_product(2**40, 2**40)
    )
    assert cgt.nimber(10**9).ordinal_product(cgt.nimber(10**9)) == cgt.nimber(10**18)


def test_deep_products_do_not_crash() -> None:
    # a game born on day 3001 that is no number: {0|{0|...{0|*}}}
    g = cgt.star
    for _ in range(3000):
        g = cgt.Game([0], [g])
    assert g.conway_product(1) == g
    assert cgt.number(1).ordinal_product(g) == g == g.ordinal_product(1)
