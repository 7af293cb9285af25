"""King Clobber against a brute force written here, and the laws it must keep.

The brute force values the whole board from its own move list (no regions, no
keys, no solver).  On one row King Clobber is Clobber (no corners to capture
across), so Clobber's published one-row values hold: ``xo`` = * and ``xxo`` = ^
(Albert, Grossman, Nowakowski and Wolfe, *An introduction to Clobber*, Integers
5(2), 2005).  No table of King Clobber values on wider boards was found, so
those are checked against the brute force and the symmetries only.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import cgt
from cgt.cli import RULESETS
from cgt.games import Clobber
from cgt.games.king_clobber import KingClobber
from cgt.games.registry import info


@cache
def brute(board: str) -> cgt.Game:
    """The value of a board (rows split by ``|``), by trying every king capture."""
    rows = [list(r) for r in board.split("|")]
    h, w = len(rows), len(rows[0])

    def moves(me: str, them: str) -> list[str]:
        out = []
        for r in range(h):
            for c in range(w):
                if rows[r][c] != me:
                    continue
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if (dr or dc) and 0 <= rr < h and 0 <= cc < w and rows[rr][cc] == them:
                            after = [row[:] for row in rows]
                            after[r][c], after[rr][cc] = ".", me
                            out.append("|".join("".join(row) for row in after))
        return out

    return cgt.Game([brute(b) for b in moves("x", "o")], [brute(b) for b in moves("o", "x")])


def random_board(rng: random.Random) -> str:
    h, w = rng.choice([(1, 5), (2, 2), (2, 3), (3, 3), (2, 4), (3, 2)])
    cells = rng.choices("xo..#", weights=[3, 3, 2, 0, 1], k=h * w)
    if rng.random() < 0.2:
        cells[rng.randrange(h * w)] = "#"
    return "|".join("".join(cells[r * w : (r + 1) * w]) for r in range(h))


BOARDS = list(dict.fromkeys(random_board(random.Random(seed)) for seed in range(300)))


@pytest.mark.parametrize("chunk", range(6))
def test_values_agree_with_the_brute_force(chunk: int) -> None:
    for board in BOARDS[chunk::6]:
        assert KingClobber(board).value() == brute(board), board


def test_one_row_is_clobber_and_its_published_values() -> None:
    assert KingClobber("xo").value() == cgt.star
    assert KingClobber("xxo").value() == cgt.up
    for board in [b for b in BOARDS if "|" not in b] + ["xoxo", "xxoxo", "oxxo.xo"]:
        assert KingClobber(board).value() == Clobber(board).value(), board


def test_the_symmetries_of_the_square_and_the_colours() -> None:
    def turn(board: str) -> str:  # a quarter turn
        rows = board.split("|")
        return "|".join("".join(r[c] for r in reversed(rows)) for c in range(len(rows[0])))

    swap = str.maketrans("xo", "ox")
    for board in BOARDS[:80]:
        v = KingClobber(board).value()
        assert KingClobber(turn(board)).value() == v
        assert KingClobber("|".join(r[::-1] for r in board.split("|"))).value() == v
        assert KingClobber(board.translate(swap)).value() == -v
        assert KingClobber(board).key() == KingClobber(turn(board)).key()


def test_moves_and_regions() -> None:
    p = KingClobber("x.o|.o.")
    assert sorted(o.board_string() for o in p.left_options()) == ["..o|.x."]
    assert [o.board_string() for o in p.right_options()] == ["o.o|..."]
    assert len(KingClobber("x.o|o.x").components()) == 2
    assert len(KingClobber("x.o|.o.").components()) == 1
    assert all(isinstance(d, str) for d in map(p.describe_move, p.left_options()))


def test_the_registry_and_the_command_line_know_it() -> None:
    r = info(KingClobber)
    assert (r.name, r.kind, r.cli, r.docs) == ("KingClobber", "partizan", "king-clobber", "boards")
    assert r.stored_name == "ruleset:KingClobber" and r.stored_as == ()
    assert RULESETS["king-clobber"].make(r.example) == KingClobber(r.example)
