"""Who wins a big Domineering board: the compiled alpha-beta (cgt/_c/bigboard.h).

Every answer is checked against something computed another way in this test:
a brute-force win/loss search written here in Python (boards of at most 12
cells, an integer ``k`` added), or the sign of the board's value (the compiled
and pure-Python solvers, tested elsewhere against each other), or published
outcomes.  Skipped when the kernel is not built or ``CGT_PURE_PYTHON=1``.
"""

from __future__ import annotations

import functools
import itertools
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import kernels
from cgt.game import Outcome
from cgt.games import Domineering
from cgt.games.domineering import BIG_BOARD_CELLS, big_board_outcome
from tests.tools.interrupt import interrupt_after, needs_timer

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)


def full(h: int, w: int) -> int:
    return (1 << (h * w)) - 1


@functools.cache
def brute_wins(h: int, w: int, bits: int, k: int, player: int) -> bool:
    """Does ``player`` (0 Left, vertical; 1 Right) moving first win board + k?

    Plain minimax over every move, the integer k as ``k`` free moves for its
    owner (Left when k > 0, Right when k < 0).
    """
    moves = []
    for r in range(h):
        for c in range(w):
            a = r * w + c
            if player == 0 and r + 1 < h:
                b = a + w
            elif player == 1 and c + 1 < w:
                b = a + 1
            else:
                continue
            m = (1 << a) | (1 << b)
            if bits & m == m:
                moves.append((bits ^ m, k))
    if player == 0 and k > 0:
        moves.append((bits, k - 1))
    if player == 1 and k < 0:
        moves.append((bits, k + 1))
    return any(not brute_wins(h, w, b, kk, 1 - player) for b, kk in moves)


def value_wins(h: int, w: int, bits: int, player: int) -> bool:
    """Does the player moving first win, by the sign of the board's value?"""
    g = Domineering._make(h, w, bits).value()
    return not (g <= 0) if player == 0 else not (g >= 0)


SHAPES = [(h, w) for h in range(1, 13) for w in range(1, 13) if h * w <= 10]


@pytest.mark.parametrize(("h", "w"), SHAPES)
def test_every_small_board_against_brute_force(h: int, w: int) -> None:
    for bits in range(1 << (h * w)):
        for player in (0, 1):
            expected = brute_wins(h, w, bits, 0, player)
            for small in (0, 6, 64):  # no values, small regions valued, every region valued
                won, _nodes, valued = engine.dom_wins(h, w, bits, player, 0, 1 << 10, small)
                assert won is expected, (h, w, bin(bits), player, small)
                if small == 0:
                    assert valued == 0


@st.composite
def boards(draw: Any, max_h: int = 5, max_w: int = 5) -> tuple[int, int, int]:
    h = draw(st.integers(1, max_h))
    w = draw(st.integers(1, max_w))
    holes = draw(st.sets(st.integers(0, h * w - 1), max_size=h * w // 3))
    bits = full(h, w)
    for i in holes:
        bits &= ~(1 << i)
    return h, w, bits


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from([0, 8, 12, 25]))
def test_random_boards_with_holes_against_values(board: tuple[int, int, int], small: int) -> None:
    h, w, bits = board
    for player in (0, 1):
        won = engine.dom_wins(h, w, bits, player, 0, 1 << 12, small)[0]
        assert won is value_wins(h, w, bits, player), (h, w, bin(bits), player)


@pytest.mark.parametrize(("h", "w"), [(1, 20), (20, 1), (2, 16), (16, 2), (3, 12), (12, 3), (8, 8)])
def test_long_and_full_frames_with_holes_against_values(h: int, w: int) -> None:
    rng = random.Random(h * 100 + w)
    for _ in range(6):
        bits = full(h, w)
        while bits.bit_count() > 16:  # values stay cheap
            bits &= ~(1 << rng.randrange(h * w))
        for player in (0, 1):
            won = engine.dom_wins(h, w, bits, player, 0, 1 << 12, 12)[0]
            assert won is value_wins(h, w, bits, player), (h, w, bin(bits), player)


def test_the_safe_move_bounds_are_sound_by_brute_force() -> None:
    """Whenever the static rule decides, the brute force agrees; and it decides often."""
    decided = {0: 0, 1: 0}
    total = 0
    for h, w in [(2, 4), (4, 2), (3, 3), (3, 4), (4, 3), (2, 5), (1, 6)]:
        for bits in range(1 << (h * w)):
            for k in range(-2, 3):
                for player in (0, 1):
                    verdict = engine.dom_bounds(h, w, bits, k, player)
                    total += 1
                    if verdict < 0:
                        continue
                    decided[verdict] += 1
                    assert bool(verdict) is brute_wins(h, w, bits, k, player), (
                        h,
                        w,
                        bin(bits),
                        k,
                        player,
                    )
    assert decided[0] > total // 10 and decided[1] > total // 10


def test_the_bounds_on_named_positions() -> None:
    # a 2x1 column (one safe Left move) against nothing: Left wins moving first or second
    assert engine.dom_bounds(2, 1, 0b11, 0, 0) == 1
    assert engine.dom_bounds(2, 1, 0b11, 0, 1) == 0
    # the 2x2 square: no safe moves, undecided
    assert engine.dom_bounds(2, 2, 0b1111, 0, 0) == -1
    # with k = -1 (one free Right move) Left still has two columns against it: undecided
    assert engine.dom_bounds(2, 2, 0b1111, -1, 0) == -1
    # k alone decides an empty board
    assert engine.dom_bounds(2, 2, 0, 1, 0) == 1 and engine.dom_bounds(2, 2, 0, 1, 1) == 0


# Published outcomes of empty boards: D. M. Breuker, J. W. H. M. Uiterwijk and
# H. J. van den Herik, "Solving 8x8 Domineering", Theoretical Computer Science
# 230 (2000) 195-206, tabulate m x n boards for m = 2..8 (5x5 a second-player
# win, 6x6 and 7x7 first-player wins, and 8x8 a first-player win, the paper's
# main result, measured in benchmarks/bench_domineering_big.py); M. Lachmann,
# C. Moore and I. Rapaport, "Who wins Domineering on rectangular boards?"
# (More Games of No Chance, 2002) settle widths 2, 3, 5 and 7.
@pytest.mark.parametrize(
    ("h", "w", "expected"),
    [(5, 5, Outcome.P), (6, 6, Outcome.N)],
)
def test_published_outcomes(h: int, w: int, expected: Outcome) -> None:
    d = Domineering("|".join(["." * w] * h))
    assert big_board_outcome(d) is expected
    if h * w <= 25:  # and the value says the same
        assert d.value().outcome() is expected


@pytest.mark.slow
def test_seven_by_seven_is_a_first_player_win() -> None:
    start = time.process_time()
    assert big_board_outcome(Domineering("|".join(["." * 7] * 7))) is Outcome.N
    assert time.process_time() - start < 60


def test_outcome_routes_single_big_boards_here() -> None:
    issue = Domineering("......|##....|#.....|#....#|..#..#|##...#")  # issue 33's position
    start = time.process_time()
    assert issue.outcome() is Outcome.R
    assert time.process_time() - start < 2  # today's search took 6.4 s
    assert big_board_outcome(issue) is Outcome.R
    # below BIG_BOARD_CELLS empty cells values answer
    small = Domineering("...|...|...")
    assert small.bits.bit_count() < BIG_BOARD_CELLS
    assert big_board_outcome(small) is None
    assert small.outcome() is small.value().outcome()


def test_a_board_that_splits_is_decided_by_values() -> None:
    # a 5x5 board cut by a wall of holes into parts the engine values
    d = Domineering(".....|.....|#####|.....|.....")
    won, nodes, valued = engine.dom_wins(d.h, d.w, d.bits, 0, 0, 1 << 12, 12)
    assert valued > 0 and nodes == 1
    assert won is value_wins(d.h, d.w, d.bits, 0)
    assert (
        big_board_outcome(Domineering("......|......|######|......|......"))
        is (Domineering("......|......").value() + Domineering("......|......").value()).outcome()
    )


def test_over_budget_the_search_gives_way() -> None:
    board = Domineering("|".join(["." * 6] * 6))
    assert big_board_outcome(board, budget=50) is None
    with pytest.raises(engine.Fallback):
        engine.dom_wins(6, 6, full(6, 6), 0, 50)
    assert big_board_outcome(board, budget=10**7) is Outcome.N


def test_the_work_budget_stops_it() -> None:
    with pytest.raises(cgt.WorkLimitExceeded), cgt.work_limit(1000):
        big_board_outcome(Domineering("|".join(["." * 7] * 7)))


def test_pure_python_mode_has_no_hook_answer() -> None:
    with cgt.games.implementation("python"):
        assert big_board_outcome(Domineering("|".join(["." * 6] * 5))) is None


@pytest.mark.parametrize(
    "args",
    [
        (0, 5, 1, 0),
        (9, 9, 1, 0),
        (2, 2, 1 << 4, 0),
        (2, 2, 15, 2),
        (2, 2, 15, 0, -1),
        (2, 2, 15, 0, 0, 100),
        (2, 2, 15, 0, 0, 1 << 10, 65),
    ],
)
def test_bad_arguments_are_refused(args: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        engine.dom_wins(*args)


@needs_timer
def test_ctrl_c_mid_search_leaves_the_tables_consistent() -> None:
    board = Domineering("|".join(["." * 8] * 8))  # minutes in C
    cgt.clear_caches()
    took = interrupt_after(0.2, lambda: big_board_outcome(board))
    assert took is not None and took < 3  # the search looks at signals often (CPU seconds)
    for h, w in itertools.product(range(1, 4), repeat=2):
        for bits in range(0, 1 << (h * w), 7):
            assert engine.dom_wins(h, w, bits, 0, 0, 1 << 10, 64)[0] is brute_wins(h, w, bits, 0, 0)
    assert Domineering("|".join(["." * 5] * 5)).outcome() is Outcome.P
