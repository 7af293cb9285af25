"""SEEDS.md 002 (Polish survey): Nim(n,k), Nim(n,K) (Table 1), Officers, Sprague-Grundy.

Conventions.  The survey's Nim(n,k) and Nim(n,K): one heap of n matches,
whoever must take the LAST match loses; n = 1 is the end of the game and
F(1) = 0.  In normal play (whoever cannot move loses, heap 0 terminal) the same
game is the subtraction game on n - 1 matches: the last match is never taken,
so F(n) = G(n - 1) where G is :class:`SubtractionGame` (K).

Errata found by computation (the tests assert the truth):

1. "For Nim(n,3) the values for n = 1, 2, 3, ... are (n-1) mod 3": with moves
   1..3 the values are (n-1) mod 4 (the survey's own proof only uses moves of 1
   and 2, i.e. it computes Nim(n,2)); (n-1) mod 3 is Nim(n,2).
2. Table 1 is printed one position off its stated convention: its rows are the
   normal-play values G(1), G(2), ... = F(2), F(3), ...; F(1) = 0 is missing.
3. Row K = {4,10,11} "0,0,0,2,1,1,1" is not the start of the sequence: it is
   one period, G(15..21).  The sequence is G(1..) = 0,0,0,1,1,1,1,0,0,2,2,1,1,
   3,0 followed by the period 0,0,0,2,1,1,1 for ever (preperiod 15, period 7).
4. Officers: "odd n, the first player wins" fails for n = 1 (no legal move);
   it holds for every odd n >= 3.
"""

from __future__ import annotations

from functools import cache

from cgt.games import OctalGame, Periodicity, SubtractionGame
from cgt.impartial import mex


def survey_values(k_set: set[int], count: int) -> list[int]:
    """F(1), ..., F(count) in the survey's convention, via normal play: F(n) = G(n-1)."""
    return SubtractionGame(k_set).grundy_sequence(count)


@cache
def survey_direct(k_set: frozenset[int], n: int) -> int:
    """F(n) straight from the survey's rule: from n matches take s in K with s < n
    (taking the last match, s = n, loses at once and is never a good move); n = 1 is
    the end of the game."""
    return mex(survey_direct(k_set, n - s) for s in k_set if s < n)


TABLE_1 = {
    (4, 11): "0,0,0,1,1,1,1,0,0,0,2,1,1,1,0",
    (4, 5, 11): "0,0,0,1,1,1,1,2,0,0,2,3,1,1,3,0",
    (4, 6, 11): "0,0,0,1,1,1,1,2,2,0,2,3,3,1,0,2,0,0,1,0,1,1,2,1,0,2,0,2,1,0,1",
    (4, 10, 11): "0,0,0,2,1,1,1",
    (4, 9, 10, 11): "0,0,0,1,1,1,1,0,2,2,2,1,3,3,0,0,2,4,1,1,0,0,0,2,1,1,1,0,0,2,2,1,1,3,0,0,2,2",
    (2, 3, 9, 11): (
        "0,1,1,2,0,0,1,1,2,2,3,3,0,2,1,3,3,0,0,1,1,2,0,3,1,2,2,4,3,3,0,2,1,3,0,0,1,1,2,2,"
        "0,3,1,2,2,3,3,0"
    ),
}


def printed(row: str) -> list[int]:
    return [int(v) for v in row.split(",")]


def test_convention_mapping() -> None:
    for k_set in [{1, 2}, {1, 2, 3}, {4, 11}, {2, 3, 9, 11}]:
        f = [survey_direct(frozenset(k_set), n) for n in range(1, 80)]
        assert f == survey_values(k_set, 79)


def test_nim_n_k_second_player_wins_iff_n_is_1_mod_k_plus_1() -> None:
    for k in range(1, 9):
        f = survey_values(set(range(1, k + 1)), 120)
        for n in range(1, 121):
            assert (f[n - 1] == 0) == (n % (k + 1) == 1), (n, k)


def test_nim_n_k_values_erratum_1() -> None:
    # truth: Nim(n,3) has values (n-1) mod 4 ...
    assert survey_values({1, 2, 3}, 60) == [(n - 1) % 4 for n in range(1, 61)]
    # ... the printed (n-1) mod 3 is Nim(n,2), which is what the survey's proof computes
    assert survey_values({1, 2}, 60) == [(n - 1) % 3 for n in range(1, 61)]
    assert survey_values({1, 2, 3}, 60) != [(n - 1) % 3 for n in range(1, 61)]
    # the worked start of the proof: F(1) = 0, F(2) = mex{0} = 1, F(3) = mex{1, 0} = 2
    assert survey_values({1, 2, 3}, 3) == [0, 1, 2]


def test_table_1_rows_are_normal_play_values_from_heap_1_erratum_2() -> None:
    for k_set, row in TABLE_1.items():
        if k_set == (4, 10, 11):
            continue
        values = printed(row)
        g = SubtractionGame(set(k_set)).grundy_sequence(len(values) + 1)
        assert g[1:] == values, k_set  # G(1), G(2), ... (normal play) = F(2), F(3), ...
        f = survey_values(set(k_set), len(values))
        assert f != values  # not F(1), F(2), ... as the header says
        assert f[1:] == values[:-1]


def test_table_1_row_4_10_11_erratum_3() -> None:
    game = SubtractionGame({4, 10, 11})
    g = game.grundy_sequence(60)
    assert g[1:8] == [0, 0, 0, 1, 1, 1, 1]  # not 0,0,0,2,1,1,1
    assert g[4] == 1  # G(4) = mex{G(0)} = 1: the printed 2 is impossible
    assert g[1:16] == [0, 0, 0, 1, 1, 1, 1, 0, 0, 2, 2, 1, 1, 3, 0]
    assert g[15:22] == printed(TABLE_1[(4, 10, 11)])  # the printed row is one period
    assert game.periodicity() == Periodicity(15, 7)


def test_table_1_periods() -> None:
    # "For finite K the sequence is eventually periodic": certified for every row
    found = {k_set: SubtractionGame(set(k_set)).periodicity() for k_set in TABLE_1}
    assert found == {
        (4, 11): Periodicity(0, 15),
        (4, 5, 11): Periodicity(0, 16),
        (4, 6, 11): Periodicity(27, 5),
        (4, 10, 11): Periodicity(15, 7),
        (4, 9, 10, 11): Periodicity(19, 20),
        (2, 3, 9, 11): Periodicity(0, 48),
    }
    # each printed row (apart from {4,10,11}) runs from heap 1 to the end of the
    # first full period: G(1..pre+period-1), or G(1..period) when pre = 0
    for k_set, p in found.items():
        if k_set != (4, 10, 11):
            assert p is not None
            assert len(printed(TABLE_1[k_set])) == max(p.preperiod + p.period - 1, p.period)


@cache
def officers_direct(heaps: tuple[int, ...]) -> int:
    """Officers from the survey's rule: take one coin from a heap, optionally split
    the rest into two non-empty heaps; never take the last coin of a heap."""
    options = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        if h >= 2:
            options.add(tuple(sorted((*rest, h - 1))))
            for a in range(1, (h - 1) // 2 + 1):
                options.add(tuple(sorted((*rest, a, h - 1 - a))))
    return mex(officers_direct(o) for o in options)


def test_officers_is_octal_0_6() -> None:
    officers = OctalGame("0.6")
    assert officers.grundy_sequence(30) == [officers_direct((n,)) for n in range(30)]


def test_officers_odd_heaps_erratum_4() -> None:
    officers = OctalGame("0.6")
    seq = officers.grundy_sequence(400)
    assert seq[1] == 0  # one coin: no legal move, the first player LOSES
    for n in range(3, 400, 2):
        assert seq[n] != 0
        # the mirror strategy: take a coin and split into two equal heaps -> value 0
        half = (n - 1) // 2
        assert officers(half, half) in officers(n).options()
        assert officers(half, half).grundy() == 0


def test_sprague_grundy_on_sums() -> None:
    # the value of a sum is the xor; a position is P iff its value is 0
    game = SubtractionGame({4, 6, 11})
    g = game.grundy_sequence(40)
    for a in range(0, 40, 3):
        for b in range(0, 40, 5):
            assert game(a, b).grundy() == g[a] ^ g[b]
            assert (game(a, b).winning_moves() == []) == (g[a] == g[b])
