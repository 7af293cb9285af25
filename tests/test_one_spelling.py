"""One spelling for options (issue 28, item 3).

``g.left_options`` (a property) and ``p.left_options()`` (a method) both work
on values and on positions: values' options are a callable tuple, positions'
methods also read as attributes.  Each spelling is checked against what the
object computes on its own (the engine's raw options of a value, the ruleset's
own method function on a position), on every registered ruleset.
"""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings

import cgt
from cgt._options import OptionList, Options, has_options_method
from cgt.games import Domineering, OctalGame
from cgt.games.registry import rulesets
from cgt.impartial import parse_misere
from cgt.loopy import LoopyGame, dud, off, on, over, parse_loopy, under, upon
from cgt.play import Sum
from tests.strategies import games

SIDES = ("left_options", "right_options")


@settings(max_examples=60, deadline=None)
@given(games)
def test_game_options_both_spellings(g: cgt.Game) -> None:
    left, right = g.raw_options()
    for name, raw in zip(SIDES, (left, right), strict=True):
        read = getattr(g, name)
        called = getattr(g, name)()
        assert isinstance(read, tuple) and isinstance(called, tuple)
        assert read == called and hash(read) == hash(tuple(called))
        assert sorted(map(str, read)) == sorted(map(str, raw))  # the engine's own options
        assert read() is read
    # the value itself is unchanged in pickles and copies
    assert pickle.loads(pickle.dumps(g)) is g
    assert copy.deepcopy(g) is g


def test_game_options_are_the_documented_tuple() -> None:
    g = cgt.parse("{1|-1}")
    assert g.left_options() == (cgt.number(1),) == g.left_options
    assert g.right_options() == (cgt.number(-1),)
    assert cgt.Game(g.left_options(), g.right_options()) == g
    assert repr(g.left_options) == "(1,)"
    # an options tuple pickles as a plain tuple, equal to what it was
    back = pickle.loads(pickle.dumps(g.left_options))
    assert type(back) is tuple and back == g.left_options


@pytest.mark.parametrize("g", [on, off, over, under, dud, upon, LoopyGame.of(cgt.parse("{0|*}"))])
def test_loopy_options_both_spellings(g: LoopyGame) -> None:
    graph = g.graph
    for name, side in zip(SIDES, (graph.left, graph.right), strict=True):
        read, called = getattr(g, name), getattr(g, name)()
        assert isinstance(read, Options) and read == called
        assert len(read) == len(side[graph.start])
        for option, target in zip(read, side[graph.start], strict=True):
            # each option is the game played from the start's successor
            rooted = LoopyGame(type(graph)(graph.left, graph.right, target))
            assert option == rooted


def test_loopy_options_known_values() -> None:
    assert on.left_options == (on,) and on.right_options() == ()
    assert over.left_options == (cgt.zero,) and over.right_options() == (over,)  # type: ignore[comparison-overlap]
    assert LoopyGame.of(cgt.parse("{1|*}")).left_options() == (cgt.number(1),)  # type: ignore[comparison-overlap]
    assert parse_loopy("a{0|a}").right_options == (over,)


def test_misere_options_both_spellings() -> None:
    g = parse_misere("*[2#0]")
    assert g.options == g.options() == g.left_options == g.right_options()
    assert [str(o) for o in g.options] == ["*[0]", "*[2#]"]
    assert pickle.loads(pickle.dumps(g)) == g


def _samples() -> list[object]:
    out: list[object] = []
    for info in rulesets():
        for sample in info.all_samples():
            if has_options_method(sample, "left_options") or has_options_method(sample, "options"):
                out.append(sample)
    return out


@pytest.mark.parametrize("position", _samples(), ids=repr)
def test_position_options_both_spellings(position: object) -> None:
    kind = type(position)
    names = [n for n in (*SIDES, "options") if has_options_method(position, n)]
    assert names
    for name in names:
        own = list(getattr(kind, name).__func__(position))  # the ruleset's own method
        read = getattr(position, name)
        called = getattr(position, name)()
        assert isinstance(read, list) and isinstance(called, list)
        assert read == called == own
        assert read() is read
        # a fresh list on each read: changing one changes nothing else
        read.clear()
        assert getattr(position, name) == own


def test_position_options_examples() -> None:
    # mypy types the documented spelling (a position's method), hence the ignores
    p = Domineering("..|..")
    assert [str(o).replace("\n", "|") for o in p.left_options] == ["#.|#.", ".#|.#"]  # type: ignore[attr-defined]
    assert p.right_options == p.right_options() and len(p.right_options) == 2  # type: ignore[comparison-overlap]
    kayles = OctalGame("0.77")
    assert kayles(3).options == [kayles(2), kayles(1, 1), kayles(1)]  # type: ignore[comparison-overlap]
    s = Sum(p, cgt.star)
    assert len(s.left_options) == len(s.left_options()) == 3
    # the class attribute still works as the method, with its signature and docs
    assert Domineering.left_options(p) == p.left_options  # type: ignore[comparison-overlap]
    assert "Left" in (Domineering.left_options.__doc__ or "")
    assert type(p.left_options) is OptionList


def test_probing_a_position_does_not_compute_its_options() -> None:
    calls = []

    class Counting(cgt.games.base.Position):
        def left_options(self) -> list[object]:
            calls.append("L")
            return []

        def right_options(self) -> list[object]:
            calls.append("R")
            return []

    c = Counting()
    assert has_options_method(c, "left_options") and not calls
    assert Sum(c, c).parts == (c, c) and not calls
    assert c.value() == cgt.zero and c.left_options == []  # type: ignore[comparison-overlap]
    # a value with an options property is not mistaken for a position
    assert not has_options_method(cgt.star, "left_options")
    assert not has_options_method(parse_misere("*[1]"), "options")
    with pytest.raises(cgt.errors.WrongType):
        Sum(parse_misere("*[2]"), cgt.star)
