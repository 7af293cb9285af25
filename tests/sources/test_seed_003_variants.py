"""SEEDS.md 003: the chess-variants Hexapawn page and its Zillions table.

The page writes sizes as "AxB" without saying which number counts rows.  Both
readings are searched: "columns x rows" (A files, B ranks) matches all 16
entries, "rows x columns" contradicts two of them (Normal 3x4 and 5x6).
"""

from __future__ import annotations

import pytest

from cgt import Outcome
from cgt.games import Hexapawn

PAGE = [
    ("normal", 3, 3, "black"),
    ("normal", 3, 4, "black"),
    ("normal", 4, 4, "white"),
    ("normal", 4, 5, "black"),
    ("normal", 5, 5, "white"),
    ("normal", 5, 6, "white"),
    ("berolina", 3, 3, "black"),
    ("berolina", 3, 4, "white"),
    ("berolina", 4, 4, "black"),
    ("berolina", 4, 5, "black"),
    ("berolina", 5, 5, "black"),
    ("berolina_plus", 3, 3, "white"),
    ("berolina_plus", 3, 4, "white"),
    ("berolina_plus", 4, 4, "black"),
    ("berolina_plus", 4, 5, "white"),
    ("berolina_plus", 5, 5, "white"),
]


@pytest.mark.parametrize(("pawn", "a", "b", "winner"), PAGE)
def test_table_as_columns_by_rows(pawn: str, a: int, b: int, winner: str) -> None:
    assert Hexapawn(a, b, pawn=pawn).winner(method="search") == winner


def test_rows_by_columns_reading_is_refuted() -> None:
    wrong = [
        (pawn, a, b)
        for pawn, a, b, winner in PAGE
        if Hexapawn(b, a, pawn=pawn).winner(method="search") != winner
    ]
    assert wrong == [("normal", 3, 4), ("normal", 5, 6)]


def test_three_by_three_analysis() -> None:
    h = Hexapawn(3, 3)
    assert h.winner() == "black"
    # a side pawn: Black captures and will promote unless White recaptures
    side = h.play("a1-a2").play("b3xa2")
    assert [str(m) for m in side.winning_moves()] == []  # every White move loses
    # the centre pawn captured from White's left: recapturing with the left pawn
    # lets Black stalemate, with the right pawn lets Black promote
    centre = h.play("b1-b2").play("a3xb2")
    assert centre.winning_moves() == []
    assert centre.play("a1xb2").outcome() is Outcome.N  # Black advances and stalemates
    assert centre.play("c1xb2").outcome() is Outcome.N  # Black advances and promotes


def test_berolina_three_by_three_black_wins_on_first_move() -> None:
    h = Hexapawn(3, 3, pawn="berolina")
    assert h.winner() == "black"
    # after a centre pawn's move Black ends the game with its first move ...
    for m in h.moves():
        reply = h.play(m)
        if m.origin == (1, 0):
            assert reply.game_length() == 1
        else:  # ... a side pawn's move delays the end to Black's second move
            assert reply.game_length() == 3
    assert h.game_length() == 4


def test_berolina_plus_definition() -> None:
    """Berolina Plus = Berolina pawn that may also capture one square sideways."""
    h = Hexapawn("B..|BW.|...", pawn="berolina_plus")
    assert sorted(str(m) for m in h.moves()) == ["b2-c3", "b2xa2"]
    plain = Hexapawn("B..|BW.|...", pawn="berolina")
    assert sorted(str(m) for m in plain.moves()) == ["b2-c3"]
