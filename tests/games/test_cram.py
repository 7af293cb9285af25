"""Cram: Grundy values, the mirror strategies, agreement with the generic solver."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidPosition
from cgt.games import Cram
from cgt.solver import Solver


def rect(h: int, w: int) -> Cram:
    return Cram("|".join(["." * w] * h))


def test_small_values() -> None:
    assert Cram("").grundy() == 0
    assert Cram(".").grundy() == 0
    assert Cram("..").grundy() == 1
    assert Cram("...").grundy() == 1
    assert Cram("..|..").grundy() == 0
    assert Cram("...|...").value() == cgt.star
    assert Cram("#.|..").grundy() == 1


def test_strips_follow_octal_game_0_07() -> None:
    # a 1 x n strip is the octal game 0.07 (Dawson's Kayles shifted by one)
    seq = [rect(1, n).grundy() for n in range(12)]
    assert seq == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]


@pytest.mark.parametrize(("h", "w"), [(2, 2), (2, 4), (2, 6), (4, 4), (2, 8), (4, 2)])
def test_even_by_even_is_a_second_player_win(h: int, w: int) -> None:
    # the survey: the second player mirrors through the centre
    assert rect(h, w).grundy() == 0


@pytest.mark.parametrize(
    ("h", "w"), [(2, 1), (2, 3), (2, 5), (2, 7), (4, 1), (4, 3), (4, 5), (3, 6)]
)
def test_even_by_odd_is_a_first_player_win(h: int, w: int) -> None:
    # the survey: take the two centre cells, then mirror
    assert rect(h, w).grundy() != 0


def test_symmetric_boards_and_transposes() -> None:
    a = Cram("..#|...|...")
    assert a.key() == Cram("...|...|#..").key()
    assert a.grundy() == Cram("#..|...|...").grundy() == a.transpose().grundy()


boards = st.integers(1, 4).flatmap(
    lambda h: st.integers(1, 4).flatmap(
        lambda w: st.lists(st.text(".#", min_size=w, max_size=w), min_size=h, max_size=h)
    )
)


@settings(max_examples=40, deadline=None)
@given(boards)
def test_keyed_solver_agrees_with_object_protocol(rows: list[str]) -> None:
    c = Cram("|".join(rows))
    assert Solver().grundy(c) == c.grundy()
    assert c.value() == cgt.nimber(c.grundy())
    assert c.transpose().grundy() == c.grundy()


def test_options_and_errors() -> None:
    assert len(Cram("..|..").options()) == 4
    assert Cram("..").options() == [Cram("##")]
    with pytest.raises(InvalidPosition, match="row 0, column 2"):
        Cram("..o")
