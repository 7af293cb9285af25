"""Arithmetic periodicity (saltus) of all-but subtraction and hexadecimal games, certified.

Independent checks written here: Grundy sequences by a plain mex over every
legal removal (no code of the library), checked far beyond the prefix that
proved the period; the certificate's theorem re-derived as a property of the
sequence (the mex moves up by the saltus).  Published values: CGSuite's
GameHeapTest.scala (``game.heap.Subtraction([2,3,7], allbut => true)``: nim
values 1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10 for heaps 1..20, which has
period 4 and saltus 2; CGSuite does not certify a saltus), and Nim (``0.[3]``,
``G(n) = n``: period 1, saltus 1).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import CGTError
from cgt.games import OctalGame, SubtractionGame
from cgt.games.heap import PeriodNotFound
from cgt.impartial.periodicity import Periodicity, find_arithmetic_periodicity
from cgt.store import decode_data, encode_data


def naive_all_but(excluded: set[int], n: int) -> list[int]:
    g: list[int] = []
    for heap in range(n):
        seen = {g[heap - k] for k in range(1, heap + 1) if k not in excluded}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def test_cgsuite_all_but_2_3_7() -> None:
    game = SubtractionGame({2, 3, 7}, all_but=True)
    cgsuite = [1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
    assert game.grundy_sequence(21)[1:] == cgsuite
    per = game.periodicity()
    assert per == Periodicity.arithmetic(0, 4, 2)
    assert [per.value(n) for n in range(1, 21)] == cgsuite
    assert per.certificate.startswith("G(n + 4) = G(n) + 2 checked for 0 <= n < ")
    assert game.grundy(10**30) == per.value(10**30) == 10**30 // 2


def test_nim_has_saltus_one() -> None:
    nim = SubtractionGame(set(), all_but=True)
    assert nim.periodicity() == Periodicity.arithmetic(0, 1, 1)
    assert nim.grundy(2**70 + 5) == 2**70 + 5
    assert OctalGame("0.[3]").grundy_sequence(40) == nim.grundy_sequence(40)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 9), max_size=5))
def test_certified_saltus_holds_far_beyond_the_prefix(excluded: set[int]) -> None:
    game = SubtractionGame(excluded, all_but=True)
    per = game.periodicity(max_length=512)
    assert per.saltus >= 1
    seq = naive_all_but(excluded, 4 * max(per.verified_to, 64))
    assert all(per.value(n) == seq[n] for n in range(len(seq)))
    # the theorem's hypothesis, re-checked from the naive values
    pre, p = per
    s = per.saltus
    assert set(seq[: pre + p]) == set(range(s)) | {seq[j] + s for j in range(pre)}


def test_the_set_condition_is_needed() -> None:
    def condition_of(seq: list[int]) -> Callable[[int, int, int], bool]:
        def condition(pre: int, p: int, s: int) -> bool:
            return set(seq[: pre + p]) == set(range(s)) | {seq[j] + s for j in range(pre)}

        return condition

    # G(n + 2) = G(n) + 1 from 0 on, but the low values are not 0 .. s-1: no certificate
    bad = [1 + n // 2 for n in range(40)]
    assert find_arithmetic_periodicity(bad, lambda pre, p: pre + 1, condition_of(bad)) is None
    # ... and a window longer than the prefix proves nothing
    fine = [n // 2 for n in range(10)]
    assert find_arithmetic_periodicity(fine, lambda pre, p: pre + 20, condition_of(fine)) is None
    found = find_arithmetic_periodicity(fine, lambda pre, p: pre + 1, condition_of(fine))
    assert found == Periodicity.arithmetic(0, 2, 1)


def test_plain_and_arithmetic_periods_differ() -> None:
    assert Periodicity(0, 2) != Periodicity.arithmetic(0, 2, 1)
    assert repr(Periodicity(3, 4)) == "Periodicity(preperiod=3, period=4)"
    with pytest.raises(CGTError, match="carries no values"):
        Periodicity.arithmetic(0, 2, 1).value(5)


def test_an_arithmetic_periodicity_survives_the_store() -> None:
    per = SubtractionGame({1}, all_but=True).periodicity()
    back = decode_data(encode_data(per))
    assert back == per and back.saltus == 1 and back.value(101) == 50
    plain = SubtractionGame({1, 2}).periodicity()
    assert decode_data(encode_data(plain)) == plain


def test_not_proven_says_how_to_go_on() -> None:
    # all-but sets certify with the arithmetic theorem: a short search is not final
    game = SubtractionGame({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, all_but=True)
    with pytest.raises(PeriodNotFound, match="arithmetic periodicity") as info:
        game.periodicity(max_length=20)
    assert info.value.next_length == 40
    assert game.periodicity(max_length=4096).saltus >= 1


def test_the_command_line_prints_the_saltus() -> None:
    import contextlib
    import io
    import json

    from cgt.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["heap", "{2,3,7}", "9", "--all-but", "--json"])
    assert status == 0
    assert json.loads(out.getvalue())["periodicity"] == {"preperiod": 0, "period": 4, "saltus": 2}


# --- hexadecimal games: a saltus proven by the hexadecimal test, or only seen -----------
#
# OctalGame certifies a power-of-two saltus by the test proven in the heap games guide
# ("Arithmetic periodicity"); the games it cannot certify stay "not proven", with
# PeriodNotFound.apparent reporting what the prefix shows.  Both are re-checked here
# against Grundy values computed by a plain mex over every move (naive_hexadecimal),
# several times past the prefix that was searched.


def naive_hexadecimal(digits: list[int], n: int) -> list[int]:
    """G(0..n-1) of 0.d1d2...: remove k tokens, leave exactly c non-empty heaps (bit c of d_k)."""
    import numpy as np

    width = 1 << max(4, (2 * n).bit_length())
    index = np.arange(width)
    g: list[int] = []
    pairs: list[np.ndarray] = []  # pairs[m][v]: some a + b = m, a, b >= 1, has G(a) ^ G(b) = v
    for heap in range(n):
        two = np.zeros(width, dtype=bool)
        for a in range(1, heap // 2 + 1):
            two[g[a] ^ g[heap - a]] = True
        pairs.append(two)
        seen = np.zeros(width, dtype=bool)
        for k, d in enumerate(digits, start=1):
            m = heap - k
            if m < 0:
                break
            if d & 1 and m == 0:
                seen[0] = True
            if d & 2 and m >= 1:
                seen[g[m]] = True
            if d & 4 and m >= 2:
                seen |= pairs[m]
            if d & 8 and m >= 3:
                for a in range(1, m - 1):  # a the first heap, the other two split m - a
                    seen |= pairs[m - a][index ^ g[a]]
        g.append(int(np.argmin(seen)))
    return g


HEX_DIGITS = "0123456789abcdef"


def digits_of(code: str) -> list[int]:
    assert code.startswith("0.")
    return [HEX_DIGITS.index(c) for c in code[2:].lower()]


def relation_holds(seq: list[int], per: Periodicity) -> bool:
    return all(per.value(n) == v for n, v in enumerate(seq))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("0.8", Periodicity.arithmetic(1, 3, 1)),
        ("0.C", Periodicity.arithmetic(1, 2, 1)),
        ("0.AA", Periodicity.arithmetic(1, 1, 1)),
        ("0.CF", Periodicity.arithmetic(3, 3, 2)),
        ("0.F8", Periodicity.arithmetic(7, 6, 4)),
    ],
)
def test_a_hexadecimal_saltus_is_certified_and_holds_far_beyond(
    code: str, expected: Periodicity
) -> None:
    game = OctalGame(code)
    per = game.periodicity()
    assert per == expected and per.saltus >= 1
    assert "hexadecimal saltus test" in per.certificate
    # brute force four times past the values the certificate was checked on
    seq = naive_hexadecimal(digits_of(code), 4 * (per.verified_to + per.period))
    assert relation_holds(seq, per)
    assert game.grundy_sequence(len(seq)) == seq
    # here the period is the smallest: no shorter shift gives a constant difference
    for q in range(1, per.period):
        assert len({seq[n + q] - seq[n] for n in range(per.preperiod, len(seq) - q)}) > 1
    assert game.grundy(10**40 + 7) == per.value(10**40 + 7)


@pytest.mark.slow
def test_the_period_certified_may_be_a_multiple_of_the_one_seen() -> None:
    # 0.A8 looks like period 4, saltus 2; the test proves only period 8, saltus 4 (true too)
    game = OctalGame("0.A8")
    per = game.periodicity()
    assert per == Periodicity.arithmetic(1, 8, 4)
    seq = naive_hexadecimal([10, 8], 4 * (per.verified_to + per.period))
    assert relation_holds(seq, per)
    assert all(seq[n + 4] == seq[n] + 2 for n in range(1, len(seq) - 4))


def test_certified_hexadecimal_saltus_pickles_and_the_command_line_prints_it() -> None:
    import contextlib
    import io
    import json
    import pickle

    from cgt.cli import main

    per = OctalGame("0.8").periodicity()
    back = pickle.loads(pickle.dumps(per))
    assert back == per and back.saltus == 1 and back.value(100) == 33
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["heap", "0.8", "7", "--json"])
    assert status == 0
    assert json.loads(out.getvalue())["periodicity"] == {"preperiod": 1, "period": 3, "saltus": 1}


# Random short hexadecimal codes: every certificate issued must match the computed
# sequence far past the prefix it was proven from (a false certificate would show as
# a disagreement), and a sequence that breaks the relation must get no certificate.
_rng = __import__("random").Random(2929)
RANDOM_CODES = sorted(
    {
        "0." + "".join(_rng.choice("0123456789ABCDEF") for _ in range(_rng.randint(1, 3)))
        for _ in range(40)
    }
)


@pytest.mark.slow
@pytest.mark.parametrize("code", RANDOM_CODES)
def test_random_hexadecimal_codes_never_get_a_false_saltus(code: str) -> None:
    game = OctalGame(code)
    try:
        per = game.periodicity(max_length=256)
    except PeriodNotFound:
        return
    seq = OctalGame(code).grundy_sequence(1024)  # four times the prefix it was proven from
    assert relation_holds(seq, per), code
    if per.saltus:
        short = naive_hexadecimal(digits_of(code), 4 * (per.verified_to + per.period))
        assert seq[: len(short)] == short


def test_the_test_refuses_a_prefix_whose_relation_breaks() -> None:
    from cgt.games.heap import _certify_saltus

    game = OctalGame("0.8")
    rules = game._saltus_rules()
    assert not isinstance(rules, str)
    seq = list(game.grundy_sequence(256))
    assert _certify_saltus(seq, *rules, "t") == Periodicity.arithmetic(1, 3, 1)
    broken = seq[:]
    broken[-1] += 1  # the relation fails at the very end: no saltus may be issued
    found = _certify_saltus(broken, *rules, "t")
    assert found is None or relation_holds(broken, found)
    broken = seq[:]
    broken[150] += 4  # and in the middle: the period must start after it or not at all
    found = _certify_saltus(broken, *rules, "t")
    assert found is None or (found.preperiod > 150 and relation_holds(broken, found))


@pytest.mark.parametrize(
    ("code", "digits", "apparent", "reason", "searched"),
    [
        ("0.3F", [3, 15], (0, 6, 3), "saltus 3 is not a power of two", 128),
        ("0.FF", [15, 15], (0, 1, 1), "no move to (a, b, b)", 128),
        pytest.param(
            "0.9C", [9, 12], (28, 36, 16), "is not bounded below G(n)", 512, marks=pytest.mark.slow
        ),
    ],
)
def test_a_hexadecimal_saltus_is_seen_but_not_proven(
    code: str, digits: list[int], apparent: tuple[int, int, int], reason: str, searched: int
) -> None:
    game = OctalGame(code)
    with pytest.raises(PeriodNotFound, match="look arithmetic periodic") as info:
        game.periodicity(max_length=searched)
    assert info.value.apparent == apparent
    assert "not proven either" in str(info.value)
    assert "hexadecimal saltus test fails" in str(info.value) and reason in str(info.value)
    seq = naive_hexadecimal(digits, 2 * searched)
    assert game.grundy_sequence(len(seq)) == seq
    pre, p, s = apparent
    assert all(seq[n + p] == seq[n] + s for n in range(pre, len(seq) - p))
    assert pre == 0 or seq[pre - 1 + p] != seq[pre - 1] + s  # the smallest preperiod shown


def test_an_octal_code_gets_no_saltus_test() -> None:
    # the test needs a digit that leaves three heaps; an octal code never reaches it
    from cgt.games.heap import OctalGame as Octal

    assert isinstance(Octal("0.77")._saltus_rules(), str)
    assert isinstance(Octal("0.4!8")._saltus_rules(), str)  # '!' digits: not covered
    assert not isinstance(Octal("0.8")._saltus_rules(), str)


@pytest.mark.slow
def test_a_saltus_that_is_no_power_of_two_or_a_bounded_sequence_is_not_reported() -> None:
    # 0.3F's saltus 3 is no power of two, and no multiple of the period gives one
    seq = OctalGame("0.3F").grundy_sequence(600)
    assert all(seq[n + 6 * q] - seq[n] == 3 * q for q in range(1, 10) for n in range(500))
    with pytest.raises(PeriodNotFound) as info:
        OctalGame("0.3F").periodicity(max_length=1024)
    assert info.value.apparent == (0, 6, 3)
    # Officers: values bounded so far, no saltus shown, nothing to report
    with pytest.raises(PeriodNotFound) as info:
        OctalGame("0.6").periodicity(max_length=512)
    assert info.value.apparent is None and "arithmetic" not in str(info.value)


def test_an_apparent_saltus_pickles_and_the_command_line_keeps_null() -> None:
    import contextlib
    import io
    import json
    import pickle

    from cgt.cli import main

    with pytest.raises(PeriodNotFound) as info:
        OctalGame("0.FF").periodicity(max_length=64)
    back = pickle.loads(pickle.dumps(info.value))
    assert back.apparent == (0, 1, 1) and str(back) == str(info.value)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["heap", "0.3F", "7", "--search", "256", "--json"])
    assert status == 0
    assert json.loads(out.getvalue())["periodicity"] is None  # not proven: null
