"""Bad input raises a cgt error that says what was wrong; foreign values compare unequal."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import cgt
from cgt import atomic
from cgt.errors import CGTError


def _kind_ok(err: BaseException, kind: type[BaseException]) -> None:
    assert isinstance(err, CGTError), f"{type(err).__mro__} is not a CGTError"
    assert isinstance(err, kind), f"{type(err).__mro__} is not a {kind.__name__}"
    assert isinstance(err, (ValueError, TypeError))


def _games() -> Any:
    from cgt import games

    return games


BAD: list[tuple[str, Callable[[], object], type[BaseException], str]] = [
    ("parse(None)", lambda: cgt.parse(None), TypeError, "needs a str"),  # type: ignore[arg-type]
    ("parse(b'1')", lambda: cgt.parse(b"1"), TypeError, "bytes"),  # type: ignore[arg-type]
    ("number(nan)", lambda: cgt.number(float("nan")), ValueError, "nan"),  # type: ignore[arg-type]
    ("number(inf)", lambda: cgt.number(float("inf")), ValueError, "inf"),  # type: ignore[arg-type]
    ("number(None)", lambda: cgt.number(None), TypeError, "NoneType"),  # type: ignore[call-overload]
    ("zero + 1/3", lambda: cgt.zero + Fraction(1, 3), ValueError, "power of two"),
    ("Game(None, None)", lambda: cgt.Game(None, None), TypeError, "iterable"),  # type: ignore[arg-type]
    ("Game([None])", lambda: cgt.Game([None], []), TypeError, "NoneType"),  # type: ignore[list-item]
    ("nimber(-1)", lambda: cgt.nimber(-1), ValueError, "-1"),
    ("nimber('3')", lambda: cgt.nimber("3"), TypeError, "str"),  # type: ignore[arg-type]
    ("mex('012')", lambda: cgt.impartial.mex("012"), ValueError, "str"),  # type: ignore[arg-type]
    ("mex([-1, 0])", lambda: cgt.impartial.mex([-1, 0]), ValueError, "-1"),
    ("mex([0.5])", lambda: cgt.impartial.mex([0.5]), ValueError, "float"),  # type: ignore[list-item]
    ("Dyadic/0", lambda: cgt.Dyadic(1, 2) / 0, ZeroDivisionError, "zero"),
    ("1/Dyadic(0)", lambda: 1 / cgt.Dyadic(0), ZeroDivisionError, "zero"),
    ("Dyadic(1, 0)", lambda: cgt.Dyadic(1, 0), ValueError, "zero"),
    ("format(g, 'x')", lambda: format(cgt.up, "x"), ValueError, "'x'"),
    ("format(g, '.3f')", lambda: format(cgt.up, ".3f"), ValueError, ".3f"),
    (
        "Hexapawn misere='no'",
        lambda: _games().Hexapawn(3, 3, misere="no"),
        TypeError,
        "misere",
    ),
    (
        "Hexapawn(2**40, 4).winner()",
        lambda: _games().Hexapawn(2**40, 4).winner(),
        ValueError,
        f"more than {2**20} squares",
    ),
    ("Hexapawn(3, 2**40)", lambda: _games().Hexapawn(3, 2**40), ValueError, "between 2 and 8"),
    ("solver_for(None)", lambda: _games().base.solver_for(None), TypeError, "class"),
    (
        "genus terms=-1",
        lambda: cgt.impartial.genus(_games().OctalGame("0.77")(3), terms=-1),
        ValueError,
        "terms",
    ),
    (
        "periodicity(-1)",
        lambda: _games().OctalGame("0.77").periodicity(-1),
        ValueError,
        "max_length",
    ),
    (
        "grundy_sequence(-1)",
        lambda: _games().OctalGame("0.77").grundy_sequence(-1),
        ValueError,
        "-1",
    ),
    (
        "find_periodicity max_period=-1",
        lambda: cgt.impartial.find_periodicity([0, 1], lambda a, b: a + 1, max_period=-1),
        ValueError,
        "max_period",
    ),
    ("nimber * nimber", lambda: cgt.nimber(2) * cgt.nimber(3), TypeError, "nim_product"),
    ("up_sum(-1)", lambda: atomic.up_sum(-1), ValueError, "n >= 0"),
    ("up_nth(0)", lambda: atomic.up_nth(0), ValueError, "n >= 1"),
]


@pytest.mark.parametrize(("label", "call", "kind", "words"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_raises_a_cgt_error_that_says_what(
    label: str, call: Callable[[], object], kind: type[BaseException], words: str
) -> None:
    with pytest.raises(BaseException) as info:
        call()
    _kind_ok(info.value, kind)
    assert words in str(info.value), str(info.value)


def test_sympy_values_mix_in_exactly_or_raise() -> None:
    sympy = pytest.importorskip("sympy")
    with pytest.raises(cgt.NotDyadic, match="power of two"):
        cgt.zero + sympy.Rational(1, 3)
    with pytest.raises(cgt.NotDyadic):
        sympy.Rational(1, 3) + cgt.up
    assert cgt.zero + sympy.Rational(3, 4) == cgt.number("3/4")
    assert cgt.up - sympy.Integer(2) == cgt.parse("-2^")
    assert (cgt.parse("+-1") == sympy.Integer(-1)) is False
    assert (cgt.parse("+-1") != sympy.Integer(-1)) is True
    assert cgt.number(sympy.Integer(5)) == 5


@pytest.mark.parametrize(
    "foreign",
    [Fraction(1, 3), 0.1, float("nan"), "1/2", None, object(), 1j, Fraction(1, 2**70) / 3],
    # the same ids in every process (pytest -n: an object's repr holds its address)
    ids=lambda x: "object()" if type(x) is object else repr(x),
)
def test_equality_with_foreign_values_is_false_and_never_raises(foreign: object) -> None:
    for g in (cgt.number("1/2"), cgt.parse("+-1"), cgt.star, cgt.zero):
        assert (g == foreign) is False
        assert (foreign == g) is False
        assert (g != foreign) is True


def test_finite_floats_are_exact_dyadics() -> None:
    assert cgt.number(0.75) == cgt.number("3/4")
    assert cgt.number(-0.5) == cgt.number("-1/2")
    assert cgt.number(2.0**-60) == cgt.number(Fraction(1, 2**60))
    assert cgt.number(1e300).to_dyadic() == Fraction(1e300)
    assert cgt.Dyadic(0.1) == Fraction(0.1)  # the float nearest 1/10, exactly
    assert cgt.number(0.5) == 0.5 and cgt.number(0.5) != 0.25


def test_integral_objects_are_accepted() -> None:
    numpy = pytest.importorskip("numpy")
    assert cgt.number(numpy.int64(3)) == 3
    assert cgt.nimber(numpy.int64(3)) == cgt.nimber(3)
    assert cgt.up + numpy.int64(2) == cgt.parse("2^")
    assert cgt.Dyadic(numpy.int32(-7)) == -7


def test_format_supports_alignment_like_str() -> None:
    for g in (cgt.up, cgt.parse("{3||2|1}"), cgt.number("5/8")):
        assert format(g, ">10") == format(str(g), ">10")
        assert format(g, "*^12u") == format(format(g, "u"), "*^12")
        assert format(g, "<3") == str(g).ljust(3)
        assert f"{g:20latex}" == format(format(g, "latex"), "20")


@pytest.mark.parametrize("text", ["٣", "３", "1/٢", "*۵", "^٣", "{٣|0}", "𝟘", "1²", "½٣"])
def test_non_ascii_digits_are_refused_with_a_caret(text: str) -> None:
    with pytest.raises(cgt.ParseError) as info:
        cgt.parse(text)
    err = info.value
    assert not ("0" <= text[err.position] <= "9")
    assert not text[err.position].isascii()
    caret_line = str(err).splitlines()[-1]
    assert re.fullmatch(r" *\^", caret_line)


def test_hex_take_and_break_codes_stay_valid() -> None:
    # "0.8" is a hexadecimal code (bit 8: leave three heaps), documented in
    # cgt.games.heap; only non-hex characters are refused.
    games = _games()
    assert games.OctalGame("0.8").grundy_sequence(5) == [0, 0, 0, 0, 1]
    with pytest.raises(cgt.ParseError):
        games.OctalGame("0.g")


def test_wide_three_row_hexapawn_is_answered_by_its_theory() -> None:
    # Not an absurd size: the 3-row theory answers at once; other boards
    # raise InvalidPosition naming the limit when a search is needed (above).
    assert _games().Hexapawn(2**40, 3).winner() in ("white", "black")


def test_hexapawn_misere_accepts_real_bools() -> None:
    games = _games()
    assert games.Hexapawn(3, 3, misere=False).winner() in ("white", "black")
    with pytest.raises(TypeError):
        games.Hexapawn(3, 3, misere=1)
