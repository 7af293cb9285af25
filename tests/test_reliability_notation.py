"""Printing and parsing at any size, and Unicode output that parses back."""

from __future__ import annotations

import threading
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt._digits import int_to_str, str_to_int
from tests.tools.tiers import examples

from .strategies import dyadics, games, nim_values

# --- exact numbers of any size (item 6) ---------------------------------------


@pytest.mark.parametrize("bits", [0, 1, 100, 14_000, 14_300, 100_000, 333_333])
def test_digit_helpers_agree_with_int_and_str(bits: int) -> None:
    import sys

    n = 3**bits // 7 + bits
    text = int_to_str(n)
    assert text[0] != "0" or n == 0
    assert str_to_int(text) == n and str_to_int("-" + text) == -n
    # the global limit is untouched
    assert sys.get_int_max_str_digits() == 4300
    if len(text) < 4000:
        assert text == str(n)
    else:  # compare digit by digit through a different route: the last 18 digits
        assert int(text[-18:]) == n % 10**18


@pytest.mark.parametrize("bad", ["", "-", "+1", "1_000", " 1", "١٢", "１２", "1.5"])
def test_str_to_int_refuses_what_is_not_ascii_digits(bad: str) -> None:
    with pytest.raises(ValueError):
        str_to_int(bad)


HUGE = [
    cgt.number(2**100_000),
    cgt.number(-(3**50_000)),
    cgt.number(Fraction(1, 2**100_000)),
    cgt.number(Fraction(-(3**20_000), 2**20_000)),
    cgt.number(Fraction(5 * 2**100_000 + 5, 8)),
    cgt.nimber(2**60_000 + 1),
    cgt.up * 5001 + cgt.nimber(2**14_000 + 3),
    cgt.parse("{1|0}") + cgt.number(Fraction(1, 2**20_000)),
]


@pytest.mark.parametrize("g", HUGE, ids=range(len(HUGE)))
def test_huge_values_print_and_parse_back(g: cgt.Game) -> None:
    for text in (str(g), format(g, "u"), repr(g)):
        assert cgt.parse(text) == g
    assert len(format(g, "latex")) > 1000


def test_huge_dyadics_print() -> None:
    d = cgt.Dyadic(1, 2**20000)
    # (Python itself cannot eval such a literal: the limit applies to source too)
    assert repr(d) == f"1/{int_to_str(2**20000)}"
    assert len(repr(d)) == len("1/") + 6021
    assert cgt.Dyadic(str(d)) == d and cgt.Dyadic(format(d, "u").replace("−", "-")) == d
    big = cgt.Dyadic(-(10**9000) - 1)
    assert str(big) == "-1" + "0" * 8999 + "1"
    # 2**-6000 written as a decimal has 6000 digits after the point
    decimal = "0." + int_to_str(5**6000).zfill(6000)
    assert cgt.Dyadic(decimal) == cgt.Dyadic(1, 2**6000)


def test_huge_decimals_parse() -> None:
    text = "1." + "5" * 5000
    with pytest.raises(cgt.ParseError, match="not a dyadic") as info:
        cgt.parse(text)
    assert len(str(info.value)) < 400  # the message shows a window of the text
    tail = int_to_str(5**6000).zfill(6000)
    assert cgt.parse("-3." + tail + "^") == cgt.number(Fraction(-3 * 2**6000 - 1, 2**6000)) + cgt.up


def test_huge_numbers_print_in_threads_too() -> None:
    g = cgt.number(Fraction(7, 2**30_000))
    results: list[bool] = []

    def work() -> None:
        results.append(cgt.parse(str(g)) == g)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 4


# --- Unicode output parses back (item 7) --------------------------------------

UNICODE_CASES = [
    ("⅝", "5/8"),
    ("1⅞", "15/8"),
    ("−3⅝", "-29/8"),
    ("−⅞↑*", "-7/8^*"),
    ("½", "1/2"),
    ("¼", "1/4"),
    ("¾⇑*", "3/4^^*"),
    ("⅛", "1/8"),
    ("⅜", "3/8"),
    ("↑3", "^3"),
    ("↓3*2", "v3*2"),
    ("⇓", "vv"),
    ("±⅝", "+-5/8"),
    ("2±½", "2+-1/2"),
    ("{⅞|⅝}", "{7/8|5/8}"),
    ("↑<2>", "^<2>"),
    ("↓[3]*", "v[3]*"),
]


@pytest.mark.parametrize(("unicode", "ascii"), UNICODE_CASES)
def test_unicode_symbols_parse(unicode: str, ascii: str) -> None:
    assert cgt.parse(unicode) == cgt.parse(ascii)


@pytest.mark.parametrize("ascii", [a for _, a in UNICODE_CASES])
def test_unicode_output_of_explicit_cases_round_trips(ascii: str) -> None:
    g = cgt.parse(ascii)
    assert cgt.parse(format(g, "u")) == g


@given(dyadics)
def test_every_unicode_number_round_trips(x: Fraction) -> None:
    g = cgt.number(x)
    assert cgt.parse(format(g, "u")) == g
    for offset in (cgt.up, cgt.down + cgt.star, cgt.up * 3 + cgt.nimber(2)):
        h = g + offset
        assert cgt.parse(format(h, "u")) == h
    assert cgt.parse(format(cgt.switch(g), "u")) == cgt.switch(g)


@settings(max_examples=examples(300))
@given(games)
def test_every_unicode_game_round_trips(g: cgt.Game) -> None:
    assert cgt.parse(format(g, "u")) == g
    assert cgt.parse(str(g)) == g


@pytest.mark.slow
@given(games, dyadics, nim_values, st.integers(-5, 5))
def test_unicode_round_trips_with_numbers_and_nimbers(
    g: cgt.Game, x: Fraction, m: int, k: int
) -> None:
    h = g + cgt.number(x) + cgt.nimber(m) + k * cgt.up
    assert cgt.parse(format(h, "u")) == h


def test_printing_obeys_the_lowest_int_str_limit_python_allows() -> None:
    """Chunks stay below 640 digits, the lowest limit ``sys.set_int_max_str_digits``
    accepts, so printing works whatever a program set; chunk edges are exact."""
    import sys

    from cgt._digits import int_to_str, str_to_int

    numbers = [10**600 - 1, 10**600, 2**1994 - 1, 2**1994, 7**2000, 10**1200 + 7]
    expected = [str(n) for n in numbers]  # under the default limit (4,300 digits)
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        for n, text in zip(numbers, expected, strict=True):
            assert int_to_str(n) == text
            assert str_to_int(text) == n
        g = cgt.number(2**20000)
        assert cgt.parse(str(g)) is g
    finally:
        sys.set_int_max_str_digits(old)
