"""Chip games: the Nim reduction against the exact search, the API, bad input."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from cgt.errors import InvalidPosition, NotImpartial
from cgt.games import ChipGame
from cgt.games.chips import misere_nim_second_wins, q_values

RULES = "ABCD"


def all_positions(max_square: int, max_chips: int) -> list[tuple[int, ...]]:
    return [
        s for k in range(max_chips + 1) for s in itertools.combinations(range(1, max_square + 1), k)
    ]


POSITIONS = all_positions(16, 6)


@pytest.mark.parametrize("rule", RULES)
def test_reduction_matches_search_exhaustively(rule: str) -> None:
    """Every position with squares up to 16 and up to 6 chips."""
    assert len(POSITIONS) == 14893
    for s in POSITIONS:
        g = ChipGame(s, rule)
        assert g.winner("search") == g.winner("theory"), (s, rule)


def test_grundy_by_search_equals_the_staircase_nim_sum() -> None:
    for s in all_positions(13, 5):
        g = ChipGame(s, "C")
        assert g.grundy("search") == g.theory_grundy(), s


def test_winning_moves_by_search_and_theory_agree() -> None:
    rng = random.Random(1)
    for _ in range(150):
        s = rng.sample(range(1, 15), rng.randint(1, 5))
        for rule in RULES:
            g = ChipGame(s, rule)
            assert g.winning_moves("search") == g.winning_moves("theory"), (s, rule)
            assert bool(g.winning_moves()) == (g.winner() == "first") or g.is_over


def test_moves_jump_one_block() -> None:
    g = ChipGame([2, 4, 5, 6, 8])
    assert g.moves() == [(2, 1), (4, 3), (5, 3), (6, 3), (8, 7)]
    assert ChipGame([1, 2, 3, 5]).moves() == [(5, 4)]
    assert ChipGame([1, 2, 3]).moves() == []
    assert ChipGame([], "D").winner() == "first"
    assert ChipGame([], "C").winner() == "second"
    assert ChipGame([3, 4, 7]).play((4, 2)).squares == (2, 3, 7)


def test_rules_a_and_b_end_on_square_one() -> None:
    assert ChipGame([1, 3], "A").is_over and ChipGame([1, 3], "A").winner() == "second"
    assert ChipGame([1, 3], "B").winner() == "first"
    assert ChipGame([1, 3], "C").moves() == [(3, 2)]
    assert ChipGame([2, 5], "A").winning_moves() == [(2, 1)]
    assert (2, 1) not in ChipGame([2, 5], "B").winning_moves()


def test_thousands_of_chips_fast() -> None:
    rng = random.Random(7)
    squares = rng.sample(range(1, 100_000), 5000)
    t0 = time.process_time()
    for rule in RULES:
        ChipGame(squares, rule).winner()
    assert time.process_time() - t0 < 1.0
    assert ChipGame(range(2, 2002, 2)).theory_grundy() == 0  # Q = 1, 2, ..., heaps of 1


def test_q_values_and_heaps() -> None:
    assert q_values([4, 6, 8]) == (3, 4, 5)
    g = ChipGame([5, 6, 8, 9, 12, 13, 14, 21, 23, 24], "B")
    assert g.nim_heaps() == (2, 2)  # blocks of even Q: 4,4 and 14,14
    assert misere_nim_second_wins([1]) and not misere_nim_second_wins([1, 1])
    assert misere_nim_second_wins([3, 2, 1]) and not misere_nim_second_wins([2])


@pytest.mark.parametrize(
    ("squares", "rule", "message"),
    [
        ([0, 3], "C", "numbered from 1"),
        ([-2], "A", "numbered from 1"),
        ([3, 3], "B", "two chips on square 3"),
        ([2.5], "C", "must be integers"),
        ([True], "C", "must be integers"),
        ([2], "E", "unknown rule"),
        ([2], "c", "unknown rule"),
    ],
)
def test_bad_input(squares: list[object], rule: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        ChipGame(squares, rule)  # type: ignore[arg-type]


def test_bad_requests() -> None:
    with pytest.raises(InvalidPosition, match="no legal move"):
        ChipGame([1, 2]).play(2)
    with pytest.raises(NotImpartial):
        ChipGame([3], "A").grundy()
    with pytest.raises(NotImpartial):
        ChipGame([3], "D").theory_grundy()
    with pytest.raises(InvalidPosition, match="method"):
        ChipGame([3]).winner("magic")  # type: ignore[arg-type]


def test_deep_search_does_not_overflow() -> None:
    # a single chip far away: thousands of moves deep
    assert ChipGame([5001], "C").winner("search") == "second"  # 5000 moves: even
    assert ChipGame([5001], "D").winner("search") == "first"
