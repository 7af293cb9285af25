"""How loopy values print (issue 28 item 4): ``str`` gives CGSuite's text (a
stopper's simplest form, ``dud``, a sided value ``onside & offside``, or a short
summary when the sides are not found), ``repr`` the whole graph.

Independent checks: the published values (CGSuite's test suite and Winning
Ways / Siegel, as cited at each case), the naive outcome fixpoint of
tests/test_loopy_sided.py (the printed sides behave as the game in every
context), and reading the text back with :func:`cgt.parse`.
"""

from __future__ import annotations

import pytest

import cgt
from cgt.games import BackslidingToadsAndFrogs
from cgt.loopy import LoopyGame, SidedValue, SidesNotFound, parse_loopy, sided, sides
from cgt.store import decode_data, encode_data

from .test_loopy_sided import _check

# (text entered, text printed).  Sources:
# * CGSuite's test suite (aaron-siegel/cgsuite, lib/core/src/test/scala/org/
#   cgsuite/lang/): SidedValueTestCase.scala ("dud" prints "dud", "a{{|a}|}"
#   prints "1 & 0", "{0|{dud|},*}" prints "^ & v*"), EvalTest.scala
#   ("stopper-sided": a{1||a|0} is 2 & +-1), GameTest.scala (^<on> + {0|upon});
# * Winning Ways (2nd ed., vol. 2, ch. 11, "Sidling"): over - over has onside
#   over and offside under; dud = on & off (CGSuite writes it "dud");
# * stoppers print by their simplest forms (Winning Ways ch. 11; Siegel, CGT,
#   ch. VI: on = {pass|}, over = {0|pass}, upon = {pass|*} written ^[on]).
PUBLISHED = [
    ("dud", "dud"),
    ("a{{|a}|}", "1 & 0"),
    ("{0|{dud|},*}", "^ & v*"),
    ("a{1||a|0}", "2 & +-1"),
    ("^<on> + {0|upon}", "{0||0|^<on>*} & {0|^[on]}"),
    ("over - over", "over & under"),
    ("{pass|}", "on"),
    ("{0|pass}", "over"),
    ("{pass|*}", "^[on]"),
]


@pytest.mark.parametrize(("text", "printed"), PUBLISHED)
def test_published_values_print_as_published(text: str, printed: str) -> None:
    g = cgt.parse(text)
    assert str(g) == printed
    # what is printed reads back to an equal value
    back = cgt.parse(printed)
    assert back == g and g == back
    if isinstance(back, SidedValue):
        _check(g, back)  # the printed sides behave as the game (naive fixpoint)
    if isinstance(g, LoopyGame) and not g.is_stopper:
        # repr keeps the whole graph, which reads back to the same graph
        assert parse_loopy(repr(g)).graph == g.graph


def test_backsliding_tt_ff_prints_its_sides() -> None:
    # the example: 867 characters of graph before, its sides now
    g = BackslidingToadsAndFrogs("tt..ff").value()
    assert isinstance(g, LoopyGame) and not g.is_stopper
    assert str(g) == "* & *"
    star = LoopyGame.of(cgt.star)
    _check(g, SidedValue(star, star))  # both sides are * (checked independently)
    assert cgt.parse(str(g)) == g
    assert len(repr(g)) > 500 and parse_loopy(repr(g)).graph == g.graph


@pytest.mark.slow
def test_backsliding_ttt_fff_prints_cgsuites_value() -> None:
    # CGSuite's GameStripTest.scala: BackslidingToadsAndFrogs("ttt..fff").GameValue
    # is "{on||0|-1/2} & {1/2|0||off}"
    g = BackslidingToadsAndFrogs("ttt..fff").value()
    assert str(g) == "{on||0|-1/2} & {1/2|0||off}"
    assert cgt.parse(str(g)) == g


def test_bachs_carousel_prints_a_summary() -> None:
    # Bach's Carousel: its sides are not stoppers (Winning Ways ch. 11; CGSuite's
    # SidedValueTestCase.scala prints them as loopy graphs), so sides() raises
    g = cgt.parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    with pytest.raises(SidesNotFound):
        sides(g)
    text = str(g)
    assert text.startswith("<loopy game: 8 positions, not a stopper;")
    assert "onside not found" in text and "offside not found" in text
    assert len(text) < 200
    with pytest.raises(cgt.ParseError):
        cgt.parse(text)


def test_a_summary_names_the_side_that_was_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # the offside search made to fail: the summary still gives the onside
    g = cgt.parse("a{1||a|0}")
    real = sided._sidle

    def onside_only(graph: object) -> LoopyGame:
        if graph == (-g).graph:
            raise SidesNotFound("not found here")
        return real(graph)  # type: ignore[arg-type]

    monkeypatch.setattr(sided, "_sidle", onside_only)
    text = str(g)
    assert "onside 2, offside not found" in text, text


def test_large_graphs_print_a_summary_without_searching(monkeypatch: pytest.MonkeyPatch) -> None:
    g = BackslidingToadsAndFrogs("tt...ff").value()
    assert isinstance(g, LoopyGame) and g.graph.size > 100
    monkeypatch.setattr(sided, "TEXT_LIMIT", 100)
    monkeypatch.setattr(sided, "_sidle", lambda graph: pytest.fail("searched"))
    text = str(g)
    assert text.startswith(f"<loopy game: {g.graph.size} positions, not a stopper;")
    assert "cgt.loopy.sides(g)" in text


def test_failures_are_remembered_and_successes_too(monkeypatch: pytest.MonkeyPatch) -> None:
    g = cgt.parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    first = str(g)
    monkeypatch.setattr(sided, "_search", lambda graph: pytest.fail("searched again"))
    assert str(g) == first
    with pytest.raises(SidesNotFound):
        sides(g)
    h = cgt.parse("a{1||a|0}")
    sided._ONSIDES.clear()
    monkeypatch.undo()
    assert str(h) == "2 & +-1"
    monkeypatch.setattr(sided, "_search", lambda graph: pytest.fail("searched again"))
    assert str(h) == "2 & +-1" and sides(h) == cgt.parse("2 & +-1")


def test_the_store_keeps_the_whole_graph() -> None:
    # stored values are read back as the same game, not as its sides
    g = BackslidingToadsAndFrogs("tt..ff").value()
    back = decode_data(encode_data(g))
    assert isinstance(back, LoopyGame) and back.graph == g.graph


def test_error_messages_name_the_graph_not_the_sides() -> None:
    # an error about a game that is not a stopper does not start a sides search
    g = cgt.parse("a{1||a|0}")
    with pytest.raises(cgt.loopy.NotAStopper, match=r"a\{1\|\{a\|0\}\}"):
        _ = g <= 0
