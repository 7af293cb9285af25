"""Hexapawn: the bitboard search against a naive reference, the API, bad input."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cgt import Outcome
from cgt.errors import InvalidPosition
from cgt.games import Hexapawn
from cgt.games.hexapawn import HexapawnMove, file_name
from cgt.games.hexapawn._engine import Engine

PAWNS = ("normal", "berolina", "berolina_plus")

# --- a deliberately naive reference implementation (dict boards, no bit tricks) -------------

Board = tuple[tuple[str, ...], ...]  # board[row][col], row 0 = White's home row


def ref_moves(board: Board, white: bool, pawn: str) -> list[tuple[Board, bool]]:
    """All moves as (new board, promotes)."""
    rows, cols = len(board), len(board[0])
    me, them, dr = ("W", "B", 1) if white else ("B", "W", -1)
    out = []
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != me:
                continue
            steps: list[tuple[int, int, str]] = []  # (dr, dc, needs)
            if pawn == "normal":
                steps = [(dr, 0, "."), (dr, -1, them), (dr, 1, them)]
            else:
                steps = [(dr, -1, "."), (dr, 1, "."), (dr, 0, them)]
                if pawn == "berolina_plus":
                    steps += [(0, -1, them), (0, 1, them)]
            for sr, sc, needs in steps:
                r2, c2 = r + sr, c + sc
                if 0 <= r2 < rows and 0 <= c2 < cols and board[r2][c2] == needs:
                    new = [list(row) for row in board]
                    new[r][c] = "."
                    new[r2][c2] = me
                    far = rows - 1 if white else 0
                    out.append((tuple(tuple(row) for row in new), r2 == far))
    return out


@cache
def ref_wins(board: Board, white: bool, pawn: str, misere: bool) -> bool:
    moves = ref_moves(board, white, pawn)
    if not moves:
        return misere
    if misere:
        return any(not p and not ref_wins(b, not white, pawn, misere) for b, p in moves)
    return any(p or not ref_wins(b, not white, pawn, misere) for b, p in moves)


def to_ref(h: Hexapawn) -> Board:
    rows = h.board.split("|")[::-1]
    return tuple(tuple(row) for row in rows)


@pytest.mark.parametrize("pawn", PAWNS)
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("size", [(1, 2), (2, 2), (3, 2), (1, 3), (2, 3), (3, 3), (4, 3),
                                  (5, 3), (3, 4), (4, 4), (2, 5), (3, 5)])  # fmt: skip
def test_start_positions_match_reference(size: tuple[int, int], pawn: str, misere: bool) -> None:
    h = Hexapawn(*size, pawn=pawn, misere=misere)
    want = ref_wins(to_ref(h), True, pawn, misere)
    assert h.winner(method="search") == ("white" if want else "black")


def random_board(rng: random.Random, cols: int, rows: int) -> str:
    lines = []
    for r in reversed(range(rows)):
        line = ""
        for _c in range(cols):
            x = rng.random()
            if x < 0.25 and r != rows - 1:
                line += "W"
            elif x < 0.5 and r != 0:
                line += "B"
            else:
                line += "."
        lines.append(line)
    return "|".join(lines)


@pytest.mark.parametrize("pawn", PAWNS)
@pytest.mark.parametrize("misere", [False, True])
def test_random_positions_match_reference(pawn: str, misere: bool) -> None:
    rng = random.Random(f"{pawn}{misere}")
    for _ in range(60):
        cols, rows = rng.randint(1, 4), rng.randint(2, 4)
        text = random_board(rng, cols, rows)
        to_move = rng.choice(["white", "black"])
        h = Hexapawn(text, pawn=pawn, misere=misere, to_move=to_move)
        white = to_move == "white"
        ref = ref_moves(to_ref(h), white, pawn)
        assert len(h.moves()) == len(ref)
        assert sorted(to_ref(h.play(m)) for m in h.moves()) == sorted(b for b, _p in ref)
        want = ref_wins(to_ref(h), white, pawn, misere)
        assert (h.outcome() is Outcome.N) == want
        # winning moves are exactly the moves to positions lost for the opponent
        for m in h.moves():
            child = h.play(m)
            if h.promotes(m):
                wins_it = not misere
            else:
                wins_it = not ref_wins(to_ref(child), not white, pawn, misere)
            assert (m in h.winning_moves()) == wins_it


def test_mirror_and_colour_keys_agree() -> None:
    e = Engine(4, 4, "normal", False)
    h = Hexapawn("B..B|.W..|..B.|WW.W")
    w, b = h.bits()
    mirror = Hexapawn("B..B|..W.|.B..|W.WW")
    mw, mb = mirror.bits()
    assert e.key(w, b, True) == e.key(mw, mb, True)
    # the same position seen upside down with colours swapped, other side to move
    flipped = Hexapawn("BB.B|..W.|.B..|W..W", to_move="black")
    fw, fb = flipped.bits()
    assert e.key(w, b, True) == e.key(fw, fb, False)
    assert h.outcome() == flipped.outcome()


def test_moves_notation_and_play() -> None:
    h = Hexapawn(3, 3)
    assert [str(m) for m in h.moves()] == ["a1-a2", "b1-b2", "c1-c2"]
    after = h.play("b1-b2")
    assert after.to_move == "black"
    assert after.board == "BBB|.W.|W.W"
    assert [str(m) for m in after.moves()] == ["a3xb2", "c3xb2", "a3-a2", "c3-c2"]
    m = after.moves()[0]
    assert isinstance(m, HexapawnMove) and m.capture
    assert after.play(m).board == ".BB|.B.|W.W"
    assert Hexapawn(3, 3, pawn="berolina").moves()[0].target[1] == 1
    assert file_name(27) == "ab"


def test_winner_methods_agree_on_three_rows() -> None:
    for n in range(1, 12):
        h = Hexapawn(n, 3)
        assert h.winner(method="search") == h.winner(method="theory") == h.winner()


def test_game_over_and_terminal_winners() -> None:
    stuck = Hexapawn("B|W")
    assert stuck.is_over and stuck.winner() == "black"
    assert Hexapawn("B|W", misere=True).winner() == "white"
    assert stuck.winning_moves() == []
    with pytest.raises(InvalidPosition, match="game is over"):
        stuck.play("a1-a2")
    # misère: White's only move promotes, so White loses
    forced = Hexapawn("..|W.|..", misere=True)
    assert forced.winner() == "black"
    assert forced.winning_moves() == []


def test_principal_variation_is_legal_and_ends_the_game() -> None:
    for pawn in PAWNS:
        for misere in (False, True):
            h = Hexapawn(3, 4, pawn=pawn, misere=misere)
            line = h.principal_variation()
            assert len(line) == h.game_length()
            pos = h
            for m in line[:-1]:
                pos = pos.play(m)
            last = line[-1]
            if pos.promotes(last):
                pass  # ended by promotion
            else:
                assert pos.play(last).is_over


def test_repr_and_equality() -> None:
    assert repr(Hexapawn(3, 3)) == "Hexapawn(3, 3)"
    h = Hexapawn(3, 3, pawn="berolina", misere=True).play("a1-b2")
    assert "to_move='black'" in repr(h) and "misere=True" in repr(h)
    assert Hexapawn(3, 3) == Hexapawn("BBB|...|WWW")
    assert Hexapawn(3, 3) != Hexapawn(3, 3, to_move="black")
    assert len({Hexapawn(3, 3), Hexapawn("BBB|...|WWW")}) == 1


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((0, 3), {}, "at least one column"),
        ((3, 1), {}, "rows must be between"),
        ((3, 9), {}, "rows must be between"),
        ((3, 3), {"pawn": "knight"}, "unknown pawn type"),
        ((3, 3), {"to_move": "red"}, "to_move"),
        ((3,), {}, "rows is missing"),
        ((3.0, 3), {}, "columns must be"),
        (("BBB|..|WWW",), {}, "row 2 from the top has 2 squares"),
        (("BBB|.x.|WWW",), {}, "unexpected 'x' at b2"),
        (("BWB|...|WWW",), {}, "white pawn on its promotion row at b3"),
        (("BBB|...|WBW",), {}, "black pawn on its promotion row at b1"),
        (("",), {}, "empty board"),
        (("BBB|...|WWW", 3), {}, "not both"),
    ],
)
def test_bad_input(args: tuple[object, ...], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        Hexapawn(*args, **kwargs)  # type: ignore[arg-type]


def test_bad_method_and_moves() -> None:
    with pytest.raises(InvalidPosition, match="method"):
        Hexapawn(3, 3).winner(method="guess")  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="theory covers only"):
        Hexapawn(4, 4).winner(method="theory")
    with pytest.raises(InvalidPosition, match="not a legal move"):
        Hexapawn(3, 3).play("a1-a3")
    with pytest.raises(InvalidPosition, match="too large to search"):
        Hexapawn(10**7, 3).moves()


def test_huge_three_row_board_by_theory() -> None:
    assert Hexapawn(10**100, 3).winner() == "black"
    assert Hexapawn(10**100 + 1, 3).winner() == "white"
    assert Hexapawn(10**100, 3).to_move == "white"
