"""Coin-turning games (cgt.games.turning): rules, values, the sum-of-heads theorem.

Independent checks written here: the legal moves are found by trying every set
of coins against the rules stated naively (no code of the module), the Grundy
value of a whole row by a plain mex recursion over coin strings, and the
closed forms of Winning Ways (odious numbers, the ruler function, Nim).
Published values: CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/
lang/GameHeapTest.scala, "define other heap games properly": the first twenty
values and the option count of a heap of 20; GameStripTest.scala: Mock Turtles
on htththtth has nim value 29), and OEIS A000069 (the odious numbers).
"""

from __future__ import annotations

import pickle
import re
from functools import cache
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import CGTError, InvalidPosition, ParseError
from cgt.games import OctalGame
from cgt.games.heap import PeriodNotFound
from cgt.games.turning import (
    MOCK_TURTLES,
    NAMED_CODES,
    RULER,
    TURNING_TURTLES,
    TWINS,
    Spawning,
    Turning,
)

# --- the rules stated naively ---------------------------------------------------------


def legal(code: str, turned: tuple[int, ...]) -> bool:
    """Whether turning the sorted coins ``turned`` (the last goes heads to tails) is legal."""
    for part in code.upper().split(","):
        count = re.match(r"\d+(-\d+|\+)?", part).group(0)  # type: ignore[union-attr]
        mods = part[len(count) :]
        span = None
        if "C(" in mods:
            start = mods.index("C(")
            span = int(mods[start + 2 : mods.index(")")])
            mods = mods[:start] + mods[mods.index(")") + 1 :]
        if count.endswith("+"):
            low, high = int(count[:-1]), 10**9
        elif "-" in count:
            low, high = map(int, count.split("-"))
        else:
            low = high = int(count)
        k = len(turned)
        gaps = {b - a for a, b in pairwise(turned)}
        ok = low <= k <= high
        ok = ok and (span is None or turned[-1] - turned[0] < span)
        ok = ok and ("C" not in mods or gaps <= {1})
        ok = ok and ("E" not in mods or len(gaps) <= 1)
        mirrored = {a + b for a, b in zip(turned, reversed(turned), strict=True)}
        ok = ok and ("S" not in mods or len(mirrored) == 1)
        ok = ok and ("F" not in mods or turned[0] == 1)
        if ok:
            return True
    return False


def naive_moves(code: str, n: int) -> set[tuple[int, ...]]:
    """Every legal move whose head turned is coin ``n``: the other coins, by brute force."""
    out = set()
    for k in range(n):
        for others in combinations(range(1, n), k):
            if legal(code, (*others, n)):
                out.add(others)
    return out


def row_grundy(code: str, coins: str) -> int:
    """The Grundy value of a whole row by mex over its options (no theorem used)."""

    @cache
    def g(row: str) -> int:
        seen = set()
        for n in range(1, len(row) + 1):
            if row[n - 1] != "h":
                continue
            for others in naive_moves_cached(code, n):
                new = list(row)
                new[n - 1] = "t"
                for c in others:
                    new[c - 1] = "h" if new[c - 1] == "t" else "t"
                seen.add(g("".join(new)))
        m = 0
        while m in seen:
            m += 1
        return m

    return g(coins)


@cache
def naive_moves_cached(code: str, n: int) -> frozenset[tuple[int, ...]]:
    return frozenset(naive_moves(code, n))


def odious(count: int) -> list[int]:
    return [m for m in range(4 * count) if bin(m).count("1") % 2][:count]


CODES = [*NAMED_CODES.values(), "1+FS", "2,4C", "1-2E", "2-3S", "1-4C(3)", "2+E", "1,3C"]

# --- published values ------------------------------------------------------------------

# CGSuite GameHeapTest.scala: (code, options of a heap of 20, G(1..20))
MOIDORES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711]
MOIDORES += [8192, 16384, 26215, 32768, 43691]
CGSUITE = [
    ("1-3", 191, [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38]),
    ("1-9", 169766, MOIDORES),
    ("3", 171, [0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35]),
    ("1+C", 20, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4]),
    ("1-3C(5)", 11, [1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8]),
    ("3C(5)", 6, [0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4]),
    ("1-5C", 5, [1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4]),
    ("3E", 9, [0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4]),
    ("4FS", 9, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]),
    ("1+S", 2046, [1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28]),
]


@pytest.mark.parametrize(("code", "options", "values"), CGSUITE, ids=[c for c, _, _ in CGSUITE])
def test_cgsuite_values_and_option_counts(code: str, options: int, values: list[int]) -> None:
    rules = Spawning(code)
    assert rules.grundy_sequence(21)[1:] == values
    assert len(rules.options(20)) == options


def test_cgsuite_turning_mock_turtles_row() -> None:
    assert Turning("htththtth", "1-3").grundy() == 29
    assert Turning("htththtth", MOCK_TURTLES).grundy() == 29


def test_closed_forms_of_winning_ways() -> None:
    n = 300
    # Mock Turtles: G(n) is the n-th odious number (OEIS A000069), 2(n-1) or 2(n-1)+1
    mt = MOCK_TURTLES.grundy_sequence(n + 1)[1:]
    assert mt == odious(n)
    assert all(v in (2 * i, 2 * i + 1) for i, v in enumerate(mt))
    # Ruler: the largest power of 2 dividing n
    assert RULER.grundy_sequence(n + 1)[1:] == [k & -k for k in range(1, n + 1)]
    # Twins and Turning Turtles: Nim
    assert TWINS.grundy_sequence(n + 1)[1:] == list(range(n))
    assert TURNING_TURTLES.grundy_sequence(n + 1)[1:] == list(range(1, n + 1))


# --- the rules against the naive statement --------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_options_are_exactly_the_legal_coin_sets(code: str) -> None:
    rules = Spawning(code)
    for n in range(0, 11):
        found = rules.options(n)
        assert len(found) == len(set(found))
        assert set(found) == naive_moves(code, n), (code, n)


@pytest.mark.parametrize("code", CODES)
def test_sequence_is_the_mex_over_the_options(code: str) -> None:
    rules = Spawning(code)
    seq = rules.grundy_sequence(15)
    for n in range(15):
        xors = set()
        for others in naive_moves_cached(code, n) if n else ():
            x = 0
            for c in others:
                x ^= seq[c]
            xors.add(x)
        m = 0
        while m in xors:
            m += 1
        assert seq[n] == m, (code, n)


@pytest.mark.parametrize("code", ["1-3", "1+C", "2", "3E", "4FS", "1+S", "1-3C(5)", "2,4C"])
def test_a_row_is_the_sum_of_its_heads_by_brute_force(code: str) -> None:
    # every row of up to 7 coins: the search over whole rows vs the xor of the heads
    rules = Spawning(code)
    seq = rules.grundy_sequence(8)
    for length in range(8):
        for mask in range(1 << length):
            coins = "".join("h" if mask >> i & 1 else "t" for i in range(length))
            expected = row_grundy(code, coins)
            p = Turning(coins, code)
            heads_xor = 0
            for h in p.heads:
                heads_xor ^= seq[h]
            assert heads_xor == expected == p.grundy(), (code, coins)


@settings(max_examples=40, deadline=None)
@given(st.text("ht", max_size=9), st.sampled_from(["1-3", "1+C", "3", "1-2E", "2-3S"]))
def test_options_of_a_row_are_the_legal_turns(coins: str, code: str) -> None:
    p = Turning(coins, code)
    expected = set()
    for n in p.heads:
        for others in naive_moves_cached(code, n):
            new = list(coins)
            new[n - 1] = "t"
            for c in others:
                new[c - 1] = "h" if new[c - 1] == "t" else "t"
            expected.add("".join(new))
    options = p.options()
    assert {o.coins for o in options} == expected and len(options) == len(expected)
    for o in options:
        text = p.describe_move(o)
        assert text is not None and text.startswith("turn coin")
        turned = [int(t) for t in text.split(" ", 2)[2].split(", ")]
        assert turned == [
            i + 1 for i, (a, b) in enumerate(zip(coins, o.coins, strict=True)) if a != b
        ]
        assert coins[turned[-1] - 1] == "h" and o.coins[turned[-1] - 1] == "t"


def test_any_heap_ruleset_serves_as_rules() -> None:
    # Kayles' heap moves read as coins (duplicates cancel): the theorem still holds
    rules = OctalGame("0.7")
    p = Turning("hhthh", rules)
    seq = rules.grundy_sequence(6)
    assert p.grundy() == seq[1] ^ seq[2] ^ seq[4] ^ seq[5]


def test_periods_of_bounded_spans_are_proven_and_right() -> None:
    for code in ("1-3C(5)", "3C(5)", "1-5C", "2C(3),4C"):
        rules = Spawning(code)
        per = rules.periodicity()
        seq = rules.grundy_sequence(400)
        pre, p = per
        assert all(seq[n] == seq[n + p] for n in range(pre, 400 - p))
        assert all(per.value(n) == seq[n] for n in range(400))
    with pytest.raises(PeriodNotFound, match="no window theorem"):
        MOCK_TURTLES.periodicity()
    with pytest.raises(PeriodNotFound):
        Spawning("4FS").periodicity()


# --- positions, pictures, errors --------------------------------------------------------


def test_positions_pickle_and_compare() -> None:
    p = Turning("hth", "1-3")
    assert pickle.loads(pickle.dumps(p)) == p
    assert p != Turning("hth", "1-2") and p != Turning("htht", "1-3")
    assert p.key() == Turning("htht", "1-3").key()
    assert Turning.parse("1-3:hth") == p
    assert Turning("").grundy() == 0 and Turning("").options() == []


def test_the_picture_shows_every_coin() -> None:
    svg = Turning("hthht", "1+C").to_svg()
    assert svg.count('class="coin heads"') == 3 and svg.count('class="coin tails"') == 2
    assert "<title>Turning position hthht under Spawning('1+C')</title>" in svg


@pytest.mark.parametrize(
    ("make", "error", "text"),
    [
        (lambda: Spawning("0"), ParseError, "at least 1 coin"),
        (lambda: Spawning("3-2"), ParseError, "at least 1 coin"),
        (lambda: Spawning("1-3X"), ParseError, "expected a coin count"),
        (lambda: Spawning("1-3,"), ParseError, "expected a coin count"),
        (lambda: Spawning("3CE"), ParseError, "contradict"),
        (lambda: Spawning("3C(0)"), ParseError, "C\\(n\\) needs n >= 1"),
        (lambda: Spawning(3), InvalidPosition, "must be a str"),
        (lambda: Spawning.named("Kayles"), InvalidPosition, "no coin-turning game"),
        (lambda: Turning("hx"), InvalidPosition, "coin 2 is 'x'"),
        (lambda: Turning(["h"]), InvalidPosition, "coins must be a str"),
        (lambda: Turning("h", 3), InvalidPosition, "rules must be"),
        (lambda: Turning.parse("hth"), InvalidPosition, "CODE:COINS"),
        (lambda: Spawning("1-3").options(-1), InvalidPosition, "non-negative"),
    ],
)
def test_bad_input_is_refused(make: object, error: type, text: str) -> None:
    with pytest.raises(error, match=text) as info:
        make()  # type: ignore[operator]
    assert isinstance(info.value, CGTError)
    back = pickle.loads(pickle.dumps(info.value))
    assert type(back) is type(info.value) and str(back) == str(info.value)


def test_too_many_moves_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    import cgt.games.turning as turning
    from cgt.errors import TooLarge

    start = time.process_time()
    with pytest.raises(TooLarge, match="too many to list"):
        Spawning("1+").options(40)  # Motley: 2**39 moves
    with pytest.raises(TooLarge, match="too many to list"):
        Spawning("1+S").options(70)
    assert time.process_time() - start < 1.0
    monkeypatch.setattr(turning, "_MOVE_LIMIT", 1000)
    for code in ("1+", "1+S", "2+C(12)"):
        rules = Spawning(code)
        with pytest.raises(TooLarge):
            rules.grundy_sequence(40)
        assert rules.grundy_sequence(4) == Spawning(code).grundy_sequence(4)  # nothing half-kept


def test_rules_that_would_turn_coins_to_the_right_are_refused() -> None:
    from cgt.games import SubtractionGame

    class Up(SubtractionGame):  # a heap ruleset whose move leaves a larger heap
        def options(self, n: int) -> list[tuple[int, ...]]:
            return [(n + 1,)]

    with pytest.raises(InvalidPosition, match="only coins left of the head"):
        Turning("th", Up({1})).options()
