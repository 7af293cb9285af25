"""Heap games: SubtractionGame and OctalGame.

Convention: normal play, a heap of 0 is terminal, G(0) = 0, and
``grundy_sequence(n)`` lists G(0), ..., G(n-1).  Preperiods count from heap 0:
``Periodicity(pre, p)`` means G(n + p) == G(n) for every n >= pre, and
G(pre - 1) != G(pre - 1 + p).
"""

from __future__ import annotations

import pickle
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import CGTError, InvalidPosition, ParseError
from cgt.games import HeapPosition, OctalGame, Periodicity, PeriodNotFound, SubtractionGame
from cgt.games.heap import HeapTooLarge
from cgt.impartial import grundy, mex
from tests.tools.tiers import examples

# OEIS A002186 (Kayles, 0.77), n = 0..83
KAYLES = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
]  # fmt: skip

# OEIS A002187 (Dawson's chess, 0.137), n = 0..51
DAWSONS_CHESS = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
]  # fmt: skip


def naive_sequence(ruleset: SubtractionGame | OctalGame, n: int) -> list[int]:
    """Grundy values by recursion over ruleset.options (no flat arrays)."""

    @cache
    def g(h: int) -> int:
        return mex(_xor(g(x) for x in left) for left in ruleset.options(h))

    return [g(h) for h in range(n)]


def _xor(values: object) -> int:
    out = 0
    for v in values:  # type: ignore[attr-defined]
        out ^= v
    return out


# --- known sequences ----------------------------------------------------------------------


def test_kayles_values_1_to_20_and_more() -> None:
    kayles = OctalGame("0.77")
    assert kayles.grundy_sequence(21)[1:] == [
        1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
    ]  # fmt: skip
    assert kayles.grundy_sequence(len(KAYLES)) == KAYLES


def test_kayles_period_12_preperiod_71() -> None:
    # Convention: the last exceptional value is G(70) = 6 != G(82) = 2, so the
    # sequence is periodic from heap 71 on: preperiod 71 counting heap 0
    # (the "70" of Winning Ways names the last exception).
    kayles = OctalGame("0.77")
    p = kayles.periodicity()
    assert p == Periodicity(71, 12)
    seq = kayles.grundy_sequence(3000)
    assert seq[70] != seq[82]
    assert all(seq[n] == seq[n + 12] for n in range(71, 3000 - 12))
    # Guy-Smith window: 2*71 + 12 + 2 = 156 values after n = 71 had to agree
    assert p is not None and p.verified_to >= 2 * 71 + 12 + 2
    assert all(p.value(n) == seq[n] for n in range(3000))


def test_dawsons_kayles_period_34() -> None:
    dk = OctalGame("0.07")
    assert dk.periodicity() == Periodicity(53, 34)  # last exception G(52)
    chess = OctalGame("0.137")
    assert chess.grundy_sequence(len(DAWSONS_CHESS)) == DAWSONS_CHESS
    assert chess.periodicity() == Periodicity(52, 34)  # last exception G(51)
    # Dawson's chess with n pawns is Dawson's Kayles with n + 1 pins
    a, b = dk.grundy_sequence(500), chess.grundy_sequence(499)
    assert a[1:] == b


def test_officers_and_grundys_game_against_naive() -> None:
    for code in ("0.6", "4!.0", "0.77", "0.07", "0.137", "0.8", "0.4!4", "0.F", "8.0", "0.1[3]"):
        game = OctalGame(code)
        expected = naive_sequence(game, 60)
        assert game.grundy_sequence(60, engine="python") == expected, code
        assert OctalGame(code).grundy_sequence(60, engine="numpy") == expected, code


def test_engines_agree_on_long_prefixes() -> None:
    for code in ("0.6", "0.77", "4!.0", "0.51", "0.156"):
        a = OctalGame(code).grundy_sequence(1500, engine="python")
        b = OctalGame(code).grundy_sequence(1500, engine="numpy")
        assert a == b, code


def test_incremental_extension_matches_one_shot() -> None:
    game = OctalGame("0.6")
    for n in (5, 40, 41, 300, 1000):
        game.grundy_sequence(n)
    assert game.grundy_sequence(1000) == OctalGame("0.6").grundy_sequence(1000)


def test_nim_as_repeating_code() -> None:
    assert OctalGame("0.[3]").grundy_sequence(30) == list(range(30))
    with pytest.raises(PeriodNotFound, match="infinitely many digits") as err:
        OctalGame("0.[3]").periodicity()
    assert err.value.next_length is None and err.value.searched == 0


# --- subtraction games ----------------------------------------------------------------------


@settings(max_examples=examples(100), deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4))
def test_subtraction_sequence_and_certified_period(s: set[int]) -> None:
    game = SubtractionGame(s)
    seq = game.grundy_sequence(400)
    assert seq == naive_sequence(game, 400)
    p = game.periodicity()
    # certificate: the window of max(S) values after the preperiod repeats ...
    assert all(seq[n] == seq[n + p.period] for n in range(p.preperiod, p.preperiod + max(s)))
    # ... and the claim holds on a long independent prefix; pre and period are minimal
    long = SubtractionGame(s).grundy_sequence(4000)
    assert all(p.value(n) == long[n] for n in range(4000))
    if p.preperiod:
        assert long[p.preperiod - 1] != long[p.preperiod - 1 + p.period]
    for q in range(1, p.period):
        assert any(long[n] != long[n + q] for n in range(p.preperiod + 500, 3000))


@settings(max_examples=examples(60), deadline=None)
@given(st.sets(st.integers(1, 6), max_size=3))
def test_all_but_subtraction(s: set[int]) -> None:
    game = SubtractionGame(s, all_but=True)
    assert game.grundy_sequence(200) == naive_sequence(game, 200)
    # arithmetic periodicity (tests/games/test_heap_saltus.py): a saltus, never a plain period
    per = game.periodicity()
    naive = naive_sequence(game, 200)
    assert per.saltus >= 1 and all(per.value(n) == v for n, v in enumerate(naive))


def test_subtraction_known_cases() -> None:
    assert SubtractionGame({1, 2, 3}).grundy_sequence(10) == [n % 4 for n in range(10)]
    assert SubtractionGame({1, 2, 3}).periodicity() == Periodicity(0, 4)
    assert SubtractionGame({2, 3}).periodicity() == Periodicity(0, 5)
    assert SubtractionGame(set(), all_but=True).grundy_sequence(6) == list(range(6))  # Nim
    assert SubtractionGame({1, 2, 3}).grundy(10**40) == 0


def _follow_advice(game: SubtractionGame | OctalGame, max_length: int) -> tuple[Periodicity, int]:
    """Search as the PeriodNotFound messages say, from ``max_length``: (period, tries)."""
    tries = 0
    while True:
        try:
            return game.periodicity(max_length=max_length), tries
        except PeriodNotFound as err:
            assert err.searched == max_length
            assert f"max_length={err.next_length}" in str(err)
            assert err.next_length is not None and err.next_length > max_length
            max_length, tries = err.next_length, tries + 1


def test_periodicity_not_claimed_from_a_short_prefix() -> None:
    # {4, 6, 11}: preperiod 27, period 5; 40 values cannot cover the window
    with pytest.raises(PeriodNotFound, match="first 40 Grundy values"):
        SubtractionGame({4, 6, 11}).periodicity(max_length=40)
    assert SubtractionGame({4, 6, 11}).periodicity() == Periodicity(27, 5)
    # following the message's advice from a short prefix finds the same period
    assert _follow_advice(SubtractionGame({4, 6, 11}), 40) == (Periodicity(27, 5), 1)
    # Kayles needs 2*71 + 12 + 2 + 12 = 168 values for the Guy-Smith certificate
    with pytest.raises(PeriodNotFound, match="max_length=320 to search further"):
        OctalGame("0.77").periodicity(max_length=160)
    assert _follow_advice(OctalGame("0.77"), 10) == (Periodicity(71, 12), 5)  # 10 .. 320
    # Officers: no period is known (and none is claimed)
    with pytest.raises(PeriodNotFound, match="first 3000 Grundy values") as err:
        OctalGame("0.6").periodicity(max_length=3000)
    assert (err.value.searched, err.value.next_length) == (3000, 6000)
    # '!' codes: the Guy-Smith shift argument does not apply, so no search can help
    with pytest.raises(PeriodNotFound, match="cannot help") as err:
        OctalGame("4!.0").periodicity(max_length=3000)
    assert (err.value.searched, err.value.next_length) == (0, None)


def test_period_not_found_of_the_issue() -> None:
    # issue 28: OctalGame("0.106").periodicity() returned a bare None
    with pytest.raises(PeriodNotFound) as err:
        OctalGame("0.106").periodicity(max_length=2048)
    text = str(err.value)
    assert "OctalGame('0.106')" in text and "2048" in text and "max_length=4096" in text
    assert isinstance(err.value, ValueError) and isinstance(err.value, CGTError)
    back = pickle.loads(pickle.dumps(err.value))
    assert (str(back), back.searched, back.next_length) == (text, 2048, 4096)


def test_huge_heaps() -> None:
    assert OctalGame("0.77").grundy(10**30) == KAYLES[71 + (10**30 - 71) % 12]
    with pytest.raises(HeapTooLarge, match="no proven period"):
        OctalGame("0.6").grundy(10**12)


# --- positions ---------------------------------------------------------------------------------


def test_positions_and_solver() -> None:
    g = SubtractionGame({1, 2, 3})
    p = g(61, 101, 15)
    assert isinstance(p, HeapPosition)
    assert grundy(p) == p.grundy() == 1 ^ 1 ^ 3
    assert p.winning_moves() == [g(58, 101, 15), g(61, 98, 15), g(61, 101, 12)]
    assert g(5, 0, 6) == g(6, 5)
    assert repr(g(1, 2)) == "SubtractionGame({1, 2, 3})(1, 2)"
    kayles = OctalGame("0.77")
    assert kayles(4, 4).winning_moves() == []
    assert kayles(3).value().__class__.__name__ in {"Game"}  # nimber through the Game type


def test_value_is_a_nimber() -> None:
    import cgt

    if not hasattr(cgt, "nimber"):
        pytest.skip("cgt.Game is not available yet")
    assert OctalGame("0.77")(5).value() == cgt.nimber(4)


# --- bad input -----------------------------------------------------------------------------------


def test_bad_subtraction_sets() -> None:
    with pytest.raises(InvalidPosition, match="empty"):
        SubtractionGame([])
    with pytest.raises(InvalidPosition, match="positive"):
        SubtractionGame({0, 2})
    with pytest.raises(InvalidPosition, match="must be ints"):
        SubtractionGame({1.5})  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="collection"):
        SubtractionGame("123")
    with pytest.raises(InvalidPosition, match="non-negative"):
        SubtractionGame({1}).grundy(-1)
    with pytest.raises(InvalidPosition, match="must be an int"):
        SubtractionGame({1}).grundy(2.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="non-negative"):
        SubtractionGame({1})(3, -2)
    with pytest.raises(CGTError, match="engine"):
        OctalGame("0.77").grundy_sequence(5, engine="fast")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("code", "position", "message"),
    [
        ("0.8x", 3, "'x' is not an octal or hex digit"),
        ("0.7g7", 3, "'g' is not"),
        ("077", 1, "expected '.'"),
        ("", 0, "expected a digit"),
        ("3.7", 0, "removes nothing"),
        ("0.7[", 4, "unclosed"),
        ("0.7]", 3, "without"),
        ("0.[3]7", 5, "must end"),
    ],
)
def test_malformed_codes(code: str, position: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as info:
        OctalGame(code)
    assert info.value.position == position
    assert str(info.value).splitlines()[-1] == "  " + " " * position + "^"


def test_code_normalisation() -> None:
    assert OctalGame("0.770") == OctalGame("0.77")
    assert OctalGame(".77") == OctalGame("0.77")
    assert OctalGame("0.77") != OctalGame("0.07")
    assert OctalGame("0.6").max_removal == 1
    with pytest.raises(InvalidPosition):
        OctalGame(77)  # type: ignore[arg-type]
