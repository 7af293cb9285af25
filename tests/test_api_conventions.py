"""The library-wide API rules (docs/guide/conventions.rst).

* games that are numbers, and Dyadics, follow Python's numbers tower, checked
  against Fraction arithmetic on random dyadics;
* every value prints as its notation (repr == str, read back by parse);
* tiny/miny read and print as CGSuite does (its own test values);
* ``is_*`` predicates and what an object is made of are properties, what
  computes is a method: checked on every public class of cgt.games and the
  value types; every old spelling still works, warns, and gives the same answer.
"""

from __future__ import annotations

import inspect
import math
import numbers
import operator
import pickle
import random
import warnings
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any

import networkx as nx
import pytest

import cgt
import cgt.games as G
from cgt import Dyadic, NotANumber, NotDyadic, ParseError, WrongType
from cgt.games.nimstring import Nimstring
from cgt.games.registry import rulesets
from cgt.games.top_entails import TopEntails
from cgt.impartial.misere import Genus
from cgt.loopy import LoopyGame, on, over
from cgt.loopy.graph import GameGraph
from cgt.loopy.sided import SidedValue


def random_dyadics(n: int, seed: int) -> Iterator[Fraction]:
    rng = random.Random(seed)
    for _ in range(n):
        exp = rng.choice([0, 0, 1, 1, 2, 3, 5, 8, 30, 70])
        num = rng.randint(-(1 << rng.choice([3, 10, 64, 100])), 1 << rng.choice([3, 10, 64, 100]))
        if rng.random() < 0.2:  # ties: odd multiples of a half
            num, exp = 2 * rng.randint(-20, 20) + 1, 1
        yield Fraction(num, 1 << exp)


NON_NUMBERS = ["*", "^", "{1|-1}", "{3||2|1}", "Tiny(1)", "^*"]


# --- the numbers tower -------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_games_that_are_numbers_convert_as_fractions_do(seed: int) -> None:
    for f in random_dyadics(300, seed):
        g = cgt.number(Dyadic(f))
        assert int(g) == int(f) and math.trunc(g) == math.trunc(f)
        assert float(g) == float(f)
        assert math.floor(g) == math.floor(f) and math.ceil(g) == math.ceil(f)
        assert round(g) == round(f)  # ties to even, as Fraction
        assert type(round(g)) is int
        for n in (-1, 0, 1, 2, 5):
            assert round(g, n) == round(f, n)
        assert abs(g) == cgt.number(Dyadic(abs(f))) and isinstance(abs(g), cgt.Game)
        if f.denominator == 1:
            assert operator.index(g) == f.numerator
        else:
            with pytest.raises(WrongType, match="not an integer"):
                operator.index(g)


@pytest.mark.parametrize("seed", range(3))
def test_dyadic_follows_fraction(seed: int) -> None:
    values = list(random_dyadics(200, seed))
    rng = random.Random(seed)
    for f in values:
        d = Dyadic(f)
        assert int(d) == int(f) and float(d) == float(f) and abs(d) == abs(f)
        assert round(d) == round(f) and type(round(d)) is int
        assert round(d, 2) == round(f, 2) and isinstance(round(d, 2), Fraction)
        assert (math.floor(d), math.ceil(d), math.trunc(d)) == (
            math.floor(f),
            math.ceil(f),
            math.trunc(f),
        )
        g = Fraction(rng.choice(values)) or Fraction(1, 2)
        e = Dyadic(g)
        assert d // e == f // g and d % e == f % g and divmod(d, e) == divmod(f, g)  # type: ignore[comparison-overlap]
        assert isinstance(d % e, Dyadic) and type(d // e) is int
        k = rng.randint(0, 5)
        assert d**k == f**k and isinstance(d**k, Dyadic)
        x = rng.uniform(-100, 100)  # comparisons with floats are exact
        assert (d < x, d <= x, d == x, d > x, d >= x) == (f < x, f <= x, f == x, f > x, f >= x)
        assert d + x == f + x and type(d + x) is float  # with a float, a float (as Fraction)
    assert Dyadic(4) ** -2 == Fraction(1, 16) and Dyadic(3, 2) ** 0 == 1
    with pytest.raises(NotDyadic):
        Dyadic(3) ** -1
    nan = float("nan")
    assert not (Dyadic(1) < nan or Dyadic(1) == nan or Dyadic(1) >= nan)
    assert Dyadic(10**400) < float("inf") and Dyadic(-(10**400)) > float("-inf")


def test_dyadic_is_a_full_rational() -> None:
    # registered with numbers.Rational, and really implementing all of it
    assert isinstance(Dyadic(3, 4), numbers.Rational)
    missing = {name for name in numbers.Rational.__abstractmethods__ if not hasattr(Dyadic, name)}
    assert not missing
    for name in ("real", "imag", "conjugate", "__complex__", "__float__", "__index__"):
        assert hasattr(Dyadic, name), name
    d = Dyadic(-3, 4)
    assert (d.real, d.imag, d.conjugate(), complex(d)) == (d, 0, d, complex(-0.75))
    assert operator.index(Dyadic(8, 2)) == 4
    with pytest.raises(WrongType):
        operator.index(d)


@pytest.mark.parametrize("text", NON_NUMBERS)
def test_non_numbers_raise_not_a_number(text: str) -> None:
    g = cgt.parse(text)
    conversions: list[Callable[[Any], Any]] = [
        int,
        float,
        abs,
        round,
        lambda v: round(v, 2),
        math.floor,
        math.ceil,
        math.trunc,
        operator.index,
    ]
    for convert in conversions:
        with pytest.raises(NotANumber, match="is not a number") as err:
            convert(g)
        assert isinstance(err.value, ValueError) and isinstance(err.value, TypeError)
        assert str(g) in str(err.value)


@pytest.mark.parametrize("seed", range(2))
def test_floats_are_taken_exactly(seed: int) -> None:
    rng = random.Random(seed)
    floats = [rng.uniform(-1e6, 1e6) for _ in range(200)]
    floats += [5e-324, -1e-310, 1.7976931348623157e308, 0.1, -0.0, 0.75, -2.5]
    for x in floats:
        g = cgt.number(x)
        assert g == cgt.number(Dyadic(Fraction(x))) and float(g) == x
        assert cgt.up + x == cgt.up + g
    assert cgt.number(0.75) == cgt.parse("3/4") and cgt.number(-2.5) == cgt.parse("-5/2")
    assert cgt.up + 1.5 == cgt.parse("3/2^") and 1.5 + cgt.star == cgt.parse("3/2*")
    for bad in (float("nan"), float("inf"), float("-inf"), Decimal("nan"), Decimal("-inf")):
        with pytest.raises(NotDyadic, match="not a finite number"):
            cgt.number(bad)


def test_decimals_and_fractions_that_are_dyadic() -> None:
    assert cgt.number(Decimal("0.125")) == cgt.parse("1/8")
    assert cgt.number(Decimal("-2.75")) == cgt.parse("-11/4")
    assert cgt.number(Fraction(6, 8)) == cgt.parse("3/4")
    assert cgt.up + Decimal("0.5") == cgt.parse("1/2^")
    for bad in (Decimal("0.1"), Fraction(1, 3)):
        with pytest.raises(NotDyadic, match="not a power of two"):
            cgt.up + bad
        with pytest.raises(NotDyadic, match="not a power of two"):
            cgt.Game([bad], [])
        # cgt.number gives the surreal number (issue 29), never a Game
        assert isinstance(cgt.number(bad), cgt.surreal.Surreal)


# --- printing ------------------------------------------------------------------------


def test_every_value_prints_as_its_notation() -> None:
    for f in random_dyadics(200, 7):
        d = Dyadic(f)
        assert repr(d) == str(d) == str(cgt.number(d)) == repr(cgt.number(d))
        assert cgt.parse(repr(d)) == cgt.number(d) and Dyadic(repr(d)) == d
    g = cgt.parse("{3||2*|1*}")
    assert repr((g.mean(), g.left_stop(), g.temperature())) == "(9/4, 3, 3/4)"
    assert repr(g.mean()) == repr(cgt.number("9/4"))


# --- tiny and miny ---------------------------------------------------------------------


def test_tiny_and_miny_as_cgsuite_writes_them() -> None:
    # the definitions, built by hand
    for arg in (1, 2, "1/2", "{3|1}"):
        h = cgt.to_game(arg)
        assert cgt.tiny(arg) == cgt.Game([0], [cgt.Game([0], [-h])])
        assert cgt.miny(arg) == cgt.Game([cgt.Game([h], [0])], [0]) == -cgt.tiny(arg)
    assert cgt.tiny(2) == cgt.parse("Tiny(2)") == cgt.parse("tiny(2)")
    assert repr(cgt.tiny(2)) == "Tiny(2)" and repr(cgt.miny("1/2")) == "Miny(1/2)"
    # CGSuite's own test values (lib/core/src/test/.../CanonicalShortGameTestCase.scala)
    assert str(cgt.parse("{0||0|-3/2}")) == "Tiny(3/2)"
    assert cgt.parse("{0|||0||-1|-3}") == cgt.parse("Tiny({3|1})")
    assert set(cgt.tiny("{3|1}").incentives()) == {
        cgt.parse("{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}")
    }
    assert cgt.parse("{5||3|1|||0||||0}") == cgt.parse("Miny({5||3|1})")
    assert cgt.parse("3Tiny(2)") == 3 + cgt.tiny(2)
    assert cgt.parse("-1Miny(2)") == -1 + cgt.miny(2)


@pytest.mark.parametrize("text", ["tiny", "miny", "Tiny", "tiny + 1", "{0|tiny}"])
def test_bare_tiny_names_the_right_spelling(text: str) -> None:
    with pytest.raises(ParseError) as err:
        cgt.parse(text)
    message = str(err.value)
    assert "alone is not a game" in message
    assert ("Tiny(1)" in message) or ("Miny(1)" in message)
    assert "cgt.tiny(G)" in message or "cgt.miny(G)" in message
    assert err.value.position == text.lower().index("tiny" if "t" in text.lower() else "miny")


def test_product_of_nimbers_points_to_nim_multiply() -> None:
    with pytest.raises(WrongType) as err:
        cgt.nimber(2) * cgt.nimber(3)
    assert "nim_multiply" in str(err.value) and "nim_product(2, 3)" in str(err.value)
    assert cgt.nimber(2).nim_multiply(cgt.nimber(3)) == cgt.star  # 2 x 3 = 1 in nim arithmetic
    with pytest.raises(WrongType, match="norton"):
        cgt.up * cgt.up


# --- properties and methods --------------------------------------------------------------

SAMPLES: dict[str, Callable[[], Any]] = {
    "ChipGame": lambda: G.ChipGame([1, 3, 6]),
    "Hexapawn": lambda: G.Hexapawn(3, 3),
    "Wythoff": lambda: G.Wythoff([(2, 3)]),
    "Col": lambda: G.Col(".-.-."),
    "Snort": lambda: G.Snort(".-.-."),
    "Cram": lambda: G.Cram("..|.."),
    "Domineering": lambda: G.Domineering("..#|..."),
    "NodeKayles": lambda: G.NodeKayles(nx.path_graph(3)),
    "ArcKayles": lambda: G.ArcKayles(nx.path_graph(3)),
    "Hackenbush": lambda: G.Hackenbush.parse("l(l;rl)"),
    "Amazons": lambda: G.Amazons("x..o"),
    "Clobber": lambda: G.Clobber("xo"),
    "Fission": lambda: G.Fission("...|.x.|..."),
    "Konane": lambda: G.Konane("xo."),
    "Cutcake": lambda: G.Cutcake(2, 3),
    "Eatcake": lambda: G.Eatcake(2, 3),
    "ElephantsAndRhinos": lambda: G.ElephantsAndRhinos("e..r"),
    "Push": lambda: G.Push("x.o"),
    "Shove": lambda: G.Shove("x.o"),
    "ToadsAndFrogs": lambda: G.ToadsAndFrogs("t.f"),
    "TopplingDominoes": lambda: G.TopplingDominoes("lr"),
    "SkiJumps": lambda: G.SkiJumps("x..|..o"),
    "NoGo": lambda: G.NoGo("..|.."),
    "BackslidingToadsAndFrogs": lambda: G.BackslidingToadsAndFrogs("t.f"),
    "FoxAndGeese": lambda: G.FoxAndGeese.standard(),
    "PartizanSubtractionPosition": lambda: G.PartizanSubtraction({1}, {2})(5),
    "HeapPosition": lambda: G.OctalGame("0.77").position(5),
}

# a ruleset in the registry brings its own sample
for _ruleset in rulesets():
    SAMPLES.setdefault(_ruleset.cls.__name__, _ruleset.sample)

# Classes of cgt.games that are not positions (rulesets, bases, records).
NOT_POSITIONS = {
    "ImpartialPosition",
    "Position",
    "ScoringPosition",
    "Loopy",
    "OctalGame",
    "SubtractionGame",
    "PartizanSubtraction",
    "Periodicity",
    "HexapawnMove",
    "GenCutcake",
    "GenMem",
    "GenWythoff",
}

# What an object is made of: properties (or plain attributes), never methods.
MADE_OF = {"graph", "board", "shape", "strip", "heaps", "squares", "rows", "columns", "edges"}
# What computes: methods, never properties.
COMPUTES = {
    "value",
    "grundy",
    "outcome",
    "winner",
    "winning_moves",
    "sensible_moves",
    "left_options",
    "right_options",
    "options",
    "moves",
    "key",
    "components",
    "game_graph",
    "board_string",
    "to_networkx",
    "birthday",
    "left_stop",
    "right_stop",
    "mean",
    "temperature",
}
# Python's own numbers keep their convention (float.is_integer() is a method).
PREDICATE_METHODS = {(Dyadic, "is_integer")}
# Deprecated methods kept for the old spelling (they warn: see below).
DEPRECATED_METHODS = {(G.Loopy, "graph")}
# A thermograph is made of its walls, mast and temperature: stored, so properties.
MADE_OF_HERE = {(cgt.Thermograph, "temperature")}


def public_classes() -> list[type]:
    out = [
        obj
        for name in G.__all__
        if inspect.isclass(obj := getattr(G, name)) and not issubclass(obj, BaseException)
    ]
    return out + [r.cls for r in rulesets() if r.cls not in out]  # the registry's too


def kind_of(cls: type, name: str) -> str | None:
    for klass in cls.__mro__:
        if name in klass.__dict__:
            if (klass, name) in DEPRECATED_METHODS:
                return None
            attr = klass.__dict__[name]
            if isinstance(attr, property):
                return "property"
            if isinstance(attr, (staticmethod, classmethod)) or callable(attr):
                return "method"
            return "attribute"
    return None


def test_every_position_class_has_a_sample() -> None:
    positions = {c.__name__ for c in public_classes()} - NOT_POSITIONS
    assert positions == set(SAMPLES)


VALUE_TYPES = [cgt.Game, Dyadic, LoopyGame, GameGraph, SidedValue, Genus, cgt.Thermograph]


@pytest.mark.parametrize("cls", public_classes() + VALUE_TYPES, ids=lambda c: c.__name__)
def test_properties_and_methods_follow_the_rule(cls: type) -> None:
    for name in dir(cls):
        if name.startswith("_"):
            continue
        kind = kind_of(cls, name)
        if name.startswith("is_") and (cls, name) not in PREDICATE_METHODS:
            assert kind == "property", f"{cls.__name__}.{name} is a predicate: a property"
        if name in MADE_OF and kind is not None:
            assert kind != "method", f"{cls.__name__}.{name} is what it is made of: a property"
        if name in COMPUTES and kind is not None and (cls, name) not in MADE_OF_HERE:
            if cls in (cgt.Game, LoopyGame) and name.endswith("_options"):
                continue  # a value is its options (either spelling works: test_one_spelling)
            assert kind == "method", f"{cls.__name__}.{name} computes: a method"
    if cls in (cgt.Game, LoopyGame):  # a value is its options: properties there
        assert kind_of(cls, "left_options") == kind_of(cls, "right_options") == "property"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_position_reads_its_properties_and_calls_its_methods(name: str) -> None:
    pos = SAMPLES[name]()
    for attr in dir(type(pos)):
        readable = attr.startswith("is_") or attr in MADE_OF
        if readable and kind_of(type(pos), attr) == "property":
            with warnings.catch_warnings():
                warnings.simplefilter("error", DeprecationWarning)
                getattr(pos, attr)  # a property reads without warning
    if isinstance(pos, G.ImpartialPosition):
        moves = list(pos.options())
    elif isinstance(pos, (G.Hexapawn, G.DotsAndBoxes, TopEntails, Nimstring)):
        moves = pos.moves()  # not normal play, or entailing moves: moves, not plain options
    else:
        moves = list(pos.left_options()) + list(pos.right_options())
    assert moves and all(not isinstance(m, (bool, str)) for m in moves)


# --- the old spellings: they warn and give the same answers ---------------------------------


def old_and_new() -> list[tuple[str, Callable[[], Any], Callable[[], Any]]]:
    dom = G.Domineering("..#|...|.#.")
    cram = G.Cram("...|.#.")
    hexa = G.Hexapawn(3, 3)
    done = G.Hexapawn("B|W")
    chips = G.ChipGame([1, 2, 3])
    chips_on = G.ChipGame([1, 3, 6])
    tree = G.Hackenbush.parse("l(l;rl)")
    loop = G.Hackenbush([(0, 1, "L"), (1, 2, "R"), (2, 0, "L")], ground=0)
    graph_g = GameGraph.of([[0]], [[0]])
    sided = SidedValue(on, on)
    genus = Genus(2, (2, 0, 2, 0))
    bt = G.BackslidingToadsAndFrogs("t.f")
    return [
        ("Domineering.graph", lambda: dom.graph(), lambda: dom.graph),
        ("Cram.graph", lambda: cram.graph(), lambda: cram.graph),
        ("Hexapawn.board", lambda: hexa.board(), lambda: hexa.board),
        ("Hexapawn.is_over", lambda: hexa.is_over(), lambda: hexa.is_over),
        ("Hexapawn.is_over", lambda: done.is_over(), lambda: done.is_over),
        ("ChipGame.is_over", lambda: chips.is_over(), lambda: chips.is_over),
        ("ChipGame.is_over", lambda: chips_on.is_over(), lambda: chips_on.is_over),
        ("Hackenbush.is_tree", lambda: tree.is_tree(), lambda: tree.is_tree),
        ("Hackenbush.is_tree", lambda: loop.is_tree(), lambda: loop.is_tree),
        ("LoopyGame.is_stopper", lambda: over.is_stopper(), lambda: over.is_stopper),
        ("LoopyGame.is_short", lambda: over.is_short(), lambda: over.is_short),
        ("GameGraph.is_stopper", lambda: graph_g.is_stopper(), lambda: graph_g.is_stopper),
        ("SidedValue.is_stopper", lambda: sided.is_stopper(), lambda: sided.is_stopper),
        ("Genus.is_tame", lambda: genus.is_tame(), lambda: genus.is_tame),
        ("BackslidingToadsAndFrogs.graph", lambda: bt.graph()[0], lambda: bt.game_graph()[0]),
    ]


@pytest.mark.parametrize("spelling, old, new", old_and_new(), ids=lambda x: str(x)[:40])
def test_old_spellings_warn_and_agree(
    spelling: str, old: Callable[[], Any], new: Callable[[], Any]
) -> None:
    with pytest.warns(DeprecationWarning, match=spelling.replace(".", r"\.")) as seen:
        before = old()
    assert seen[0].filename == __file__  # the warning points at the caller's line
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        after = new()
    if isinstance(after, nx.Graph):
        assert nx.utils.graphs_equal(before, after)
    else:
        assert before == after and type(before) in (bool, str, type(after))


def test_old_spellings_give_plain_values_and_pickle() -> None:
    hexa = G.Hexapawn(3, 3)
    assert hexa.board == "BBB|...|WWW" and hexa.board.split("|")[0] == "BBB"
    assert pickle.loads(pickle.dumps(hexa.board)) == "BBB|...|WWW"
    assert type(pickle.loads(pickle.dumps(hexa.board))) is str
    flag = G.ChipGame([1, 2, 3]).is_over
    assert flag and flag == True and repr(flag) == "True"  # noqa: E712
    assert pickle.loads(pickle.dumps(flag)) is True
    g = G.Domineering("..|..").graph
    back = pickle.loads(pickle.dumps(g))
    assert type(back) is nx.Graph and nx.utils.graphs_equal(back, g)
    assert nx.utils.graphs_equal(g.copy(), g)


def test_a_property_predicate_of_a_game_cannot_be_called() -> None:
    # decided: is_number stays a plain bool (it always was a property)
    assert cgt.up.is_number is False
    with pytest.raises(TypeError, match="not callable"):
        cgt.up.is_number()  # type: ignore[operator]


def test_integer_games_are_not_nim_heaps() -> None:
    # operator.index(number(2)) is 2, but a game is never taken for a nim heap size
    with pytest.raises(WrongType):
        cgt.nimber(cgt.number(2))
    from cgt.errors import InvalidNimber
    from cgt.impartial import nim_product

    for bad in (cgt.number(2), cgt.up, Dyadic(2)):
        with pytest.raises(InvalidNimber):
            nim_product(bad, 3)
