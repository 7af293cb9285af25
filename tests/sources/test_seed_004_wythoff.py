"""SEEDS.md 004 ("Wythoff Nim, a short workshop", Delta 5/2025): every claim.

Convention: squares are 0-based ``(x, y)`` = (column from the left, row from
the bottom); ``(0, 0)`` is the terminal bottom-left corner (the article
numbers "columns and rows starting from 0" for the P-positions).

Errata found by computation (the tests assert the truth):

1. Fig. 4 caption "g(5,6) = mex{0,1,2,3,4,5,7} = 6" uses 1-BASED coordinates:
   the square is (4, 5) in the article's own 0-based numbering (used for the
   P-positions and for the move (7,3) -> (5,1)).  In 0-based coordinates
   g(5, 6) = mex{0, ..., 9} = 10.
2. SEEDS.md summary: "{floor(nφ)} and {floor(nφ)+n} partition the non-negative
   integers" -- both contain 0 (n = 0); the article states it correctly:
   A ∩ B = {0} and A ∪ B = N ∪ {0}; they partition the positive integers.
"""

from __future__ import annotations

from decimal import Decimal, getcontext
from functools import cache

from cgt.games import SubtractionGame, Wythoff
from cgt.games.wythoff import (
    a_sequence_by_mex,
    golden_ratio_convergence,
    grundy_table,
    grundy_value,
    is_p_position,
    misere_p_positions,
    p_positions,
    wythoff_pair,
)
from cgt.impartial import mex, nim_sum


def option_squares(x: int, y: int) -> list[tuple[int, int]]:
    return (
        [(x - k, y) for k in range(1, x + 1)]
        + [(x, y - k) for k in range(1, y + 1)]
        + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    )


def test_recursive_pn_split_of_the_8x8_board() -> None:
    # P: the terminal corner; P only moves to N; N has a move to P (the definition)
    status: dict[tuple[int, int], str] = {}
    for s in range(15):
        for x in range(8):
            y = s - x
            if 0 <= y < 8:
                opts = option_squares(x, y)
                status[x, y] = "N" if any(status[o] == "P" for o in opts) else "P"
    p = sorted(sq for sq, v in status.items() if v == "P")
    assert p == [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]
    assert p == p_positions(8)
    assert len(p) < 64 - len(p)  # "P-positions are much rarer than N-positions"


def test_theorem_1_p_positions_closed_form() -> None:
    a = a_sequence_by_mex(3000)  # a_0 = 0, a_n = mex{a_i, a_i + i : i < n}
    assert all(a[n] == wythoff_pair(n)[0] for n in range(3000))  # = floor(n·φ)
    table = grundy_table(80)
    zeros = sorted((x, y) for x in range(80) for y in range(80) if table[x][y] == 0)
    assert zeros == p_positions(80)
    # strategy: from every N-square there is a move to a P-square, never from P to P
    for x in range(40):
        for y in range(40):
            moves_to_p = [o for o in option_squares(x, y) if is_p_position(*o)]
            assert bool(moves_to_p) != is_p_position(x, y)


def test_sets_a_and_b_erratum_2() -> None:
    limit = 5000
    a_set = {wythoff_pair(n)[0] for n in range(limit)}
    b_set = {wythoff_pair(n)[1] for n in range(limit)}
    assert a_set & b_set == {0}  # the article's statement (0 is in both)
    bound = wythoff_pair(limit - 1)[0]  # every integer up to here is covered
    assert set(range(bound + 1)) <= a_set | b_set
    assert (a_set - {0}).isdisjoint(b_set - {0})  # a partition of the positive integers


def test_limit_a_n_over_n_is_phi() -> None:
    getcontext().prec = 60
    phi = (1 + Decimal(5).sqrt()) / 2
    rows = golden_ratio_convergence([10**k for k in range(1, 25)], digits=40)
    errors = [abs(Decimal(a) / n - phi) for n, a, _ in rows]
    assert all(err < Decimal(1) / n for err, (n, _, _) in zip(errors, rows, strict=True))
    assert str(rows[4][2])[:7] == "1.61803"  # "lim a_n / n ≈ 1,61803"


def test_fig_4_value_erratum_1() -> None:
    def option_values(x: int, y: int) -> set[int]:
        return {grundy_value(*o) for o in option_squares(x, y)}

    # the printed example, read in 1-based coordinates: square (4, 5) 0-based
    assert sorted(option_values(4, 5)) == [0, 1, 2, 3, 4, 5, 7]
    assert grundy_value(4, 5) == 6
    # in the article's 0-based coordinates, (5, 6) is a different square
    assert sorted(option_values(5, 6)) == list(range(10))
    assert grundy_value(5, 6) == 10


def test_observation_value_zero_iff_p() -> None:
    table = grundy_table(60)
    for x in range(60):
        for y in range(60):
            assert (table[x][y] == 0) == is_p_position(x, y)


def test_nim_sum_example() -> None:
    assert 29 == 0b11101 and 11 == 0b1011
    assert nim_sum(29, 11) == 22 == 0b10110


def test_theorem_2_several_queens_is_the_xor() -> None:
    @cache
    def g(position: tuple[tuple[int, int], ...]) -> int:  # game-tree search of the sum
        return mex(g(tuple(sorted(o.queens))) for o in Wythoff(list(position)).options())

    for queens in [((1, 2), (2, 2)), ((3, 1), (0, 4), (2, 2)), ((2, 3), (2, 3))]:
        expected = 0
        for q in queens:
            expected ^= grundy_value(*q)
        assert g(tuple(sorted(queens))) == expected == Wythoff(list(queens)).grundy()


def test_easy_strategies() -> None:
    # all queens but one on P-squares: the mover wins by moving that queen to P
    w = Wythoff([(1, 2), (3, 5), (6, 6)])
    assert w.grundy() != 0
    to_p = [((6, 6), end) for end in option_squares(6, 6) if is_p_position(*end)]
    assert to_p and all(move in w.winning_moves() for move in to_p)
    # two queens on the same or on symmetric squares: the second player wins
    assert Wythoff([(6, 4), (6, 4)]).grundy() == 0
    assert Wythoff([(6, 4), (4, 6)]).grundy() == 0


def test_fig_5_winning_move() -> None:
    # queens on squares of values 6, 9, 5: (4, 5) [fig. 4], (7, 3), and e.g. (5, 0)
    queens = [(4, 5), (7, 3), (5, 0)]
    assert [grundy_value(*q) for q in queens] == [6, 9, 5]
    assert 6 ^ 9 ^ 5 == 10  # an N-position
    assert Wythoff(queens).grundy() == 10
    assert grundy_value(5, 1) == 3 and 6 ^ 3 ^ 5 == 0
    after = Wythoff([(4, 5), (5, 1), (5, 0)])
    assert after.grundy() == 0  # the right-hand board is a P-position
    assert ((7, 3), (5, 1)) in Wythoff(queens).winning_moves()


def test_exercise_1_three_tables_take_1_2_or_3() -> None:
    game = SubtractionGame({1, 2, 3})  # one table: G(n) = n mod 4
    assert game.grundy_sequence(12) == [n % 4 for n in range(12)]
    position = game(61, 101, 15)
    # P-positions: the xor of (coins mod 4) is 0
    assert position.grundy() == (61 % 4) ^ (101 % 4) ^ (15 % 4) == 3
    # winning moves: take 3 coins from any of the three tables
    assert position.winning_moves() == [game(58, 101, 15), game(61, 98, 15), game(61, 101, 12)]


def test_exercise_2_misere_single_queen_8x8() -> None:
    p = misere_p_positions(8)
    assert p == [(0, 1), (1, 0), (2, 2), (3, 5), (4, 7), (5, 3), (7, 4)]
    # the corner is now an N-square (no move: the player to move wins), and only
    # the three squares nearest it change status compared with normal play
    assert set(p) ^ set(p_positions(8)) == {(0, 0), (1, 2), (2, 1), (0, 1), (1, 0), (2, 2)}
