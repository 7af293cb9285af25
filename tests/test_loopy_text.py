"""How loopy values print (issue 28 item 4): ``str`` gives CGSuite's text (a
stopper's simplest form, ``dud``, a sided value ``onside & offside``, or a short
summary when the sides are not found), ``repr`` the whole graph.

Independent checks: the published values (CGSuite's test suite and Winning
Ways / Siegel, as cited at each case), the naive outcome fixpoint of
tests/test_loopy_sided.py (the printed sides behave as the game in every
context), and reading the text back with :func:`cgt.parse`.
"""

from __future__ import annotations

import time

import pytest

import cgt
from cgt.games import BackslidingToadsAndFrogs
from cgt.loopy import GameGraph, LoopyGame, SidedValue, SidesNotFound, parse_loopy, sided, sides
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

    def onside_only(graph: object, quick: bool = False) -> LoopyGame:
        if graph == (-g).graph:
            raise SidesNotFound("not found here")
        return real(graph, quick)  # type: ignore[arg-type]

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
    sided._ONSIDES.clear()
    sided._QUICK_FAILURES.clear()
    searches: list[int] = []
    real = sided._search

    def counting(graph: GameGraph, built: int, checks: int) -> LoopyGame:
        searches.append(built)
        return real(graph, built, checks)

    monkeypatch.setattr(sided, "_search", counting)
    g = cgt.parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")  # no side found
    first = str(g)
    assert len(searches) == 2 and str(g) == first and len(searches) == 2
    # printing searched within smaller bounds: sides() searches again, fully, once
    for _ in range(2):
        with pytest.raises(SidesNotFound):
            sides(g)
    assert len(searches) == 3 and searches[2] > searches[0]
    assert str(g) == first and len(searches) == 3  # both failures remembered
    h = cgt.parse("a{1||a|0}")  # both sides found: by printing, for good
    assert str(h) == "2 & +-1" and len(searches) == 5
    assert str(h) == "2 & +-1" and sides(h) == cgt.parse("2 & +-1") and len(searches) == 5


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


@pytest.mark.slow
def test_printing_a_large_game_is_bounded() -> None:
    # a random non-stopper of 768 positions: before the bounds of printing its
    # str() searched 42 s (and one of 2545 positions 185 s and 3.4 GB); within a
    # quarter of the sides' check work 20 s; now the search for printing stops
    # within its smaller bounds, and beyond TEXT_LIMIT positions printing does not
    # search at all
    import random

    from .loopy_samples import random_graph

    sided._ONSIDES.clear()
    sided._QUICK_FAILURES.clear()
    g = LoopyGame(random_graph(random.Random(1000), 1000, 2.5 / 1000))
    assert g.graph.size == 768 and not g.is_stopper
    start = time.process_time()
    with cgt.set_progress(False):
        text = str(g)
    assert time.process_time() - start < 10
    if text.startswith("<"):
        assert text.startswith("<loopy game: 768 positions, not a stopper;")
    else:
        assert cgt.parse(text) == g
    big = LoopyGame(random_graph(random.Random(3000), 3000, 2.5 / 3000))
    assert big.graph.size > sided.TEXT_LIMIT and not big.is_stopper
    start = time.process_time()
    assert "sides not searched" in str(big)
    assert time.process_time() - start < 1


@pytest.mark.slow
def test_printing_a_large_stopper_is_bounded() -> None:
    # a stopper of 17,326 positions (the integers of the sum are chains of positions):
    # its simplest form compares every pair of positions, which took minutes; printing
    # sums it up instead, at once, until the simplest form is asked for
    from cgt.loopy.values import SIMPLEST_TEXT_LIMIT

    g = cgt.parse("{{on,{10|||1|0}|+-10/16}|--1716,-vv}-(^<2> + {^^*3|0})")
    assert g.is_stopper and g.graph.size > SIMPLEST_TEXT_LIMIT
    start = time.thread_time()  # this thread's CPU only (a loaded CI worker took 1.2 s)
    text, again = str(g), repr(g)
    assert time.thread_time() - start < 5  # the simplest form took minutes
    summary = (
        f"<loopy stopper: {g.graph.size} positions; its simplest form is not computed "
        f"when printing more than {SIMPLEST_TEXT_LIMIT} positions (g.canonical() computes it)>"
    )
    assert text == again == summary
    # just above the limit: the summary, then the simplest form once it is known
    h = cgt.parse("on") + SIMPLEST_TEXT_LIMIT
    assert h.graph.size == SIMPLEST_TEXT_LIMIT + 1
    assert str(h).startswith("<loopy stopper:")
    assert h.canonical() == cgt.parse("on")  # on + n = on (Winning Ways, ch. 11)
    assert str(h) == "on"
