"""Arithmetic periodicity (saltus) of all-but subtraction games, detected and certified.

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
