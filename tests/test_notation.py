"""Parsing and printing: CGSuite notation, round trips and error messages."""

from __future__ import annotations

import pytest

import cgt
from cgt import parse


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("^", "{0|*}"),
        ("^^", "{0|^*}"),
        ("^5", "^^^^^"),
        ("^3", "^^ + ^"),
        ("v", "{*|0}"),
        ("vv", "-^^"),
        ("v3", "-^3"),
        ("^*", "{0,*|0}"),
        ("1^*", "1 + ^ + *"),
        ("*", "{0|0}"),
        ("*7", "*3 + *4"),
        ("3*", "3 + *"),
        ("1/2*", "{1/2|1/2}"),
        ("+-1", "{1|-1}"),
        ("+-{1,1*}", "{1,1*|-1,-1*}"),
        ("3+-1", "{4|2}"),
        ("{3||2|1}", "{3|{2|1}}"),
        ("{0|||0||0|-1}", "{0|{0|{0|-1}}}"),
        ("{a|b||c}".replace("a", "1").replace("b", "0").replace("c", "-1"), "{{1|0}|-1}"),
        ("Tiny(1)", "{0||0|-1}"),
        ("Miny({2|1})", "{{2|1}|0||0}"),
        ("<0|*>", "^"),
        ("<1|<0|-1>>", "{1||0|-1}"),
        ("2*{1|-1}", "{1|-1} + {1|-1}"),
        ("2 + (1 + *)", "3*"),
        ("-1v", "-1 + v"),
        ("- 1v", "-1 + v"),
        ("-(1v)", "-1 + ^"),
        ("0.5", "1/2"),
        ("½", "1/2"),
        ("↑ + ⇑", "^3"),
        ("±1", "+-1"),
        ("-3/8", "{-1/2|-1/4}"),
        ("{ | }", "0"),
        ("{|0}", "-1"),
    ],
)
def test_notation(text: str, expected: str) -> None:
    assert parse(text) is parse(expected)


@pytest.mark.parametrize(
    "game",
    [
        "{3|0}",
        "+-1",
        "3+-1",
        "+-{1,1*}",
        "{3||2|1}",
        "^^*",
        "v3",
        "1^*",
        "1/2*",
        "Tiny(1)",
        "Miny({2|1})",
        "{1|^^||^}",
        "{2|-1}",
        "*2",
        "-1/2v*3",
    ],
)
def test_printing_is_cgsuite_style(game: str) -> None:
    assert str(parse(game)) == game


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("{1|?}", 3, "unexpected character"),
        ("{1|*3", 0, "missing '}'"),
        ("{1,2}", 0, "needs a '|'"),
        ("{1|2|3}", 4, "ambiguous"),
        ("1/3", 2, "not a dyadic"),
        ("", 0, "empty"),
        ("{1|2}}", 5, "unexpected"),
        ("{1,,2|0}", 3, "missing option"),
        ("{,1|0}", 1, "missing option"),
        ("Tiny 1", 0, "'Tiny' alone is not a game"),
        ("3 +", 3, "end of text"),
    ],
)
def test_parse_errors_point_at_the_problem(text: str, column: int, words: str) -> None:
    with pytest.raises(cgt.ParseError) as info:
        parse(text)
    err = info.value
    assert err.position == column, str(err)
    assert words in str(err)
    lines = str(err).splitlines()
    assert lines[-1].index("^") - 2 == column  # caret under the bad character
    assert isinstance(err, ValueError)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(TypeError):
        parse(3)  # type: ignore[arg-type]


def test_deep_slash_nesting_stays_linear() -> None:
    g = cgt.zero
    for n in range(1, 60):
        g = cgt.Game([n], [g])
    text = str(g)
    assert "||||" not in text and len(text) < 2000
    assert parse(text) is g


def test_unicode_ups_with_a_count_round_trip() -> None:
    # format(g, "u") writes three ups as ↑3 (found by the hypothesis round-trip law)
    from cgt.canonical import make_nus
    from cgt.dyadic import Dyadic

    assert cgt.parse("↑3") == cgt.parse("^3") == 3 * cgt.up
    assert cgt.parse("↓4*") == cgt.parse("v4*")
    for x in (Dyadic(0), Dyadic(1), Dyadic(-3, 2)):
        for k in range(-6, 7):
            for m in range(4):
                g = make_nus(x, k, m)
                assert cgt.parse(format(g, "u")) is g, format(g, "u")
                assert cgt.parse(str(g)) is g, str(g)
