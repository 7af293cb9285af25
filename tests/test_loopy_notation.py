"""cgt.parse reads loopy notation; loopy games print CGSuite's forms and read back."""

from __future__ import annotations

import random
import time

import pytest

import cgt
from cgt.errors import ParseError, WrongType
from cgt.loopy import GameGraph, LoopyGame, dud, off, on, over, parse_loopy, under, upon
from cgt.notation import _parse

from .loopy_samples import random_graph
from .test_fuzz import grammar_text


# --- cgt.parse on loopy text ---------------------------------------------------------
def test_constants_and_their_sums() -> None:
    for name, value in [
        ("on", on),
        ("off", off),
        ("over", over),
        ("under", under),
        ("dud", dud),
        ("upon", upon),
    ]:
        g = cgt.parse(name)
        assert isinstance(g, LoopyGame) and g.graph == value.graph
    assert cgt.parse("{0|pass}") == over
    assert cgt.parse("{pass|}") == on and cgt.parse("{|pass}") == off
    assert cgt.parse("on + off").graph == dud.graph
    assert cgt.parse("on + 5") == on  # on absorbs numbers
    assert cgt.parse("over + 1/2") == over + cgt.number("1/2")
    assert cgt.parse("-over") == under
    assert cgt.parse("over - 1") == over - 1


def test_labelled_cycles() -> None:
    assert cgt.parse("a{0|a}") == over
    assert cgt.parse("x{x|0}") == under
    g = cgt.parse("a{0||||0|||a|*||*}")  # Siegel, CGT, Figure VI.3.2 (CGSuite's loopy tutorial)
    assert isinstance(g, LoopyGame) and g.is_stopper and not g.is_short
    assert cgt.parse(str(g)) == g


def test_loopy_text_that_is_short_comes_back_short() -> None:
    # parse_loopy returns a short Game when no cycle is left
    assert cgt.parse("a{1|0}") is cgt.parse("{1|0}")


def test_short_text_unchanged() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 300:
        text = grammar_text(rng)
        if "on" in text:
            continue
        try:
            old = _parse(text)  # the short parser itself, no cache
        except cgt.CGTError:
            with pytest.raises(cgt.CGTError):
                cgt.parse(text)
            continue
        assert cgt.parse(text) is old, text
        checked += 1
    assert cgt.parse("{1|0}") is cgt.Game([1], [0])


def test_short_words_are_not_loopy() -> None:
    # v, vv, Tiny and Miny keep their short meaning; unknown words keep the short error
    assert cgt.parse("v") is cgt.down and cgt.parse("Tiny(1)") is cgt.tiny(1)
    assert cgt.parse("^ + v3 + Miny(2)") is cgt.up - 3 * cgt.up + cgt.miny(2)
    with pytest.raises(ParseError, match="expected a game, found 'foo'"):
        cgt.parse("{0|foo}")
    with pytest.raises(ParseError):
        cgt.parse("On")  # the loopy words are lowercase, as in CGSuite


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("{0|pass", "unclosed '{'", 0),
        ("pass", "'pass' is a move", 0),
        ("a{0|b}", "unknown name 'b'", 4),
        ("{1|0+pass}", "only be an option", 4),
        ("on{0|1}", "is a constant", 0),
        ("5 over", "unexpected 'over'", 2),
    ],
)
def test_caret_errors(text: str, message: str, position: int) -> None:
    with pytest.raises(ParseError, match=message) as info:
        cgt.parse(text)
    assert info.value.position == position
    assert "^" in str(info.value)


def test_to_game_refuses_loopy_text() -> None:
    with pytest.raises(WrongType, match="loopy"):
        cgt.to_game("over")


def test_huge_short_parts_are_refused_fast() -> None:
    start = time.process_time()
    with pytest.raises(ParseError, match="more than"):
        cgt.parse("{1000000|pass}")
    assert time.process_time() - start < 2


# --- printing ------------------------------------------------------------------------
# CGSuite's own tests, lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala
# ("correctly interpret loopy game specifiers") and CanonicalStopperTestCase.scala
# (aaron-siegel/cgsuite): input, CGSuite's output.
CGSUITE = [
    ("on", "on"),
    ("off", "off"),
    ("{pass|pass}", "dud"),
    ("over", "over"),
    ("under", "under"),
    ("over+5", "5over"),
    ("under+5", "5under"),
    ("over+^", "over"),
    ("5+over", "5over"),
    ("over-5", "-5over"),
    ("x{0|x}", "over"),
    ("x{x|0}", "under"),
    ("{pass|3/2}", "3/2under"),
    ("+-{0|pass}", "+-over"),
    ("+-{5|pass}", "+-(5over)"),
]


@pytest.mark.parametrize(("text", "printed"), CGSUITE)
def test_cgsuite_printed_forms(text: str, printed: str) -> None:
    g = cgt.parse(text)
    assert str(g) == printed
    assert parse_loopy(printed) == g


def test_number_plus_over() -> None:
    assert str(over + 5) == "5over" and str(5 + over) == "5over"
    assert str(under + cgt.number("3/2")) == "3/2under"
    assert str(over - 1) == "-1over" and str(under - cgt.number("1/4")) == "-1/4under"
    assert str(on + 5) == "on" and str(off - 3) == "off"
    assert parse_loopy("-5over") == over - 5  # the sign belongs to the number
    assert parse_loopy("1 - 5over") == 1 - (over + 5)


def _random_stopper(rng: random.Random) -> LoopyGame | None:
    g = LoopyGame(random_graph(rng, 4, 0.3))
    if rng.random() < 0.5:
        g = g + cgt.number(rng.choice(["1", "-2", "1/2", "3/4"]))
    return g if g.is_stopper and not g.is_short else None


def test_round_trips_on_random_stoppers() -> None:
    rng = random.Random(11)
    done = 0
    while done < 60:
        g = _random_stopper(rng)
        if g is None:
            continue
        text = str(g)
        assert parse_loopy(text) == g, text
        assert cgt.parse(text) == g, text
        done += 1


def test_command_line_prints_loopy_values(capsys: pytest.CaptureFixture[str]) -> None:
    from cgt.__main__ import main

    assert main(["over + 5", "{1|0}"]) == 0
    loopy, short = capsys.readouterr().out.split("\n\n")
    assert loopy.splitlines() == [
        "value: 5over",
        "outcome: L",
        "left first: Left",
        "right first: Left",
    ]
    assert short.splitlines()[0] == "value: {1|0}"


# CGSuite's EvalTest ("correctly interpret loopy game specifiers"): in slash notation
# ``pass`` is a move of the innermost game it is an option of, so the four upon and
# four uponth forms below are upon, upon*, -upon, -upon* and uponth, uponth*, -uponth,
# -uponth* (a regression: ``pass`` used to loop to the outer braces, which made
# {0||0|0,pass} equal to ^).
def test_pass_in_slash_notation_is_the_inner_game() -> None:
    star = cgt.parse("*")
    a = LoopyGame(GameGraph.of([[1], []], [[1, 0], []]))  # a{0|0,a}
    uponth = cgt.parse("{0||0|0,pass}")
    assert isinstance(uponth, LoopyGame)
    assert uponth == cgt.parse("{0|a{0|0,a}}") and uponth != cgt.parse("^")
    assert cgt.parse("{0|0,pass}") == a and a < star
    upon = cgt.parse("upon")
    for text, expected in [
        ("{pass|*}", upon),
        ("{pass,0|0}", upon + star),
        ("{*|pass}", -upon),
        ("{0|0,pass}", -upon + star),
        ("{0,*||*|pass}", uponth + star),
        ("{0,pass|0||0}", -uponth),
        ("{pass|*||0,*}", -uponth + star),
    ]:
        assert cgt.parse(text) == expected, text
    assert cgt.parse("{0||pass|0}") == cgt.parse("{0|a{a|0}}")
