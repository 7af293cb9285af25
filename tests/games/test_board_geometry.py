"""The shared board geometry (issue 27): one helper per job, checked by brute force.

:mod:`cgt.games.board` holds the helpers every board ruleset uses (Clobber,
Konane, Fission, Amazons, King Clobber, NoGo, Ski Jumps): cropping, the
symmetries of the rectangle, neighbour lists, reading rectangles; and
:func:`cgt.games.grid.text_lines` splits every board or grid text.  Each is
checked here against a direct computation on ``(row, column)`` coordinates,
and the rulesets that now use them (NoGo's keys, King Clobber's moves)
against definitions written out in the test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cgt.errors import InvalidPosition
from cgt.games import NoGo
from cgt.games.board import (
    board_images,
    board_lines,
    board_neighbours,
    crop_board,
    parse_board,
    parse_rectangle,
)
from cgt.games.grid import parse_grid, text_lines
from cgt.games.king_clobber import KingClobber

Cell = tuple[int, int]

# The eight symmetries of a rectangle as maps of (row, column) on an h x w board;
# the first four keep rows as rows, the last four exchange them with columns.
SYMMETRIES: list[Callable[[int, int, int, int], Cell]] = [
    lambda r, c, h, w: (r, c),
    lambda r, c, h, w: (r, w - 1 - c),
    lambda r, c, h, w: (h - 1 - r, c),
    lambda r, c, h, w: (h - 1 - r, w - 1 - c),
    lambda r, c, h, w: (c, r),
    lambda r, c, h, w: (c, h - 1 - r),
    lambda r, c, h, w: (w - 1 - c, r),
    lambda r, c, h, w: (w - 1 - c, h - 1 - r),
]


def image(h: int, w: int, cells: str, k: int) -> tuple[int, int, str]:
    """The board moved by symmetry ``k``, written out cell by cell."""
    a, b = (h, w) if k < 4 else (w, h)
    out = [""] * (h * w)
    for r in range(h):
        for c in range(w):
            rr, cc = SYMMETRIES[k](r, c, h, w)
            out[rr * b + cc] = cells[r * w + c]
    return a, b, "".join(out)


def random_board(rng: random.Random, letters: str = "xo.#") -> tuple[int, int, str]:
    h, w = rng.randint(1, 5), rng.randint(1, 5)
    return h, w, "".join(rng.choice(letters) for _ in range(h * w))


@pytest.mark.parametrize("seed", range(3))
def test_images_are_the_symmetries_of_the_rectangle(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        h, w, cells = random_board(rng)
        every = {image(h, w, cells, k) for k in range(8)}
        kept = {image(h, w, cells, k) for k in range(4)}
        assert set(board_images(h, w, cells, True)) == every
        assert set(board_images(h, w, cells, False)) == kept
        assert len(board_images(h, w, cells, True)) == 8


@pytest.mark.parametrize("diagonal", [False, True])
def test_neighbours_are_the_squares_next_to_each_square(diagonal: bool) -> None:
    for h in range(1, 6):
        for w in range(1, 6):
            found = board_neighbours(h, w, diagonal)
            assert len(found) == h * w
            for i, near in enumerate(found):
                r, c = divmod(i, w)
                expected = {
                    rr * w + cc
                    for rr in range(h)
                    for cc in range(w)
                    if (rr, cc) != (r, c)
                    and abs(rr - r) <= 1
                    and abs(cc - c) <= 1
                    and (diagonal or rr == r or cc == c)
                }
                assert set(near) == expected and len(near) == len(expected)
                if diagonal:  # King Clobber's moves come in reading order
                    assert list(near) == sorted(near)


@pytest.mark.parametrize("seed", range(3))
def test_crop_is_the_bounding_box_of_what_is_inside(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        h, w, cells = random_board(rng, "x.##")
        outside = rng.choice(["#", ".#"])
        inside = [(i // w, i % w) for i, ch in enumerate(cells) if ch not in outside]
        got = crop_board(h, w, cells, outside)
        if not inside:
            assert got == (0, 0, "")
            continue
        r0, r1 = min(r for r, _ in inside), max(r for r, _ in inside)
        c0, c1 = min(c for _, c in inside), max(c for _, c in inside)
        box = "".join(cells[r * w + c] for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
        assert got == (r1 - r0 + 1, c1 - c0 + 1, box)


def test_every_board_reader_splits_text_alike() -> None:
    text = "\n   ..#  | .#. \n\n"
    assert text_lines(text, "grid") == ["..#", ".#."]
    assert board_lines(text, ".#", "Clobber") == ["..#", ".#."]
    assert parse_rectangle(text, ".#", "NoGo") == ("..#", ".#.")
    assert parse_board(text) == (2, 3, "..#.#.")
    assert parse_grid(text) == (2, 3, 0b101011)  # bit r * w + c: empty cells
    for read, what in [(parse_grid, "grid"), (parse_board, "board"), (NoGo, "board")]:
        with pytest.raises(InvalidPosition, match=f"a {what} must be a string, not int"):
            read(7)
    with pytest.raises(InvalidPosition, match=r"row 1 .* has 2 squares, row 0 has 3"):
        parse_rectangle("x..|.o", "xo.", "NoGo")


@pytest.mark.parametrize("seed", range(2))
def test_nogo_keys_are_the_cropped_board_up_to_symmetry(seed: int) -> None:
    rng = random.Random(seed)
    done = 0
    while done < 100:
        h, w, cells = random_board(rng, "x.#..")
        try:
            board = NoGo("|".join(cells[r * w : (r + 1) * w] for r in range(h)))
        except InvalidPosition:
            continue  # a stone without liberty
        done += 1
        for k in range(8):
            a, b, moved = image(h, w, cells, k)
            other = NoGo("|".join(moved[r * b : (r + 1) * b] for r in range(a)))
            assert other.key() == board.key()
        padded = NoGo(
            "#" * (w + 2) + "|" + "|".join("#" + cells[r * w : (r + 1) * w] + "#" for r in range(h))
        )
        assert padded.key() == board.key()


def king_moves(h: int, w: int, cells: str, player: str) -> set[str]:
    """King Clobber's moves written out: onto an opponent's stone a king step away."""
    other = "o" if player == "x" else "x"
    out = set()
    for i, ch in enumerate(cells):
        if ch != player:
            continue
        r, c = divmod(i, w)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                inside = 0 <= rr < h and 0 <= cc < w
                if (dr, dc) != (0, 0) and inside and cells[rr * w + cc] == other:
                    board = list(cells)
                    board[i], board[rr * w + cc] = ".", player
                    out.add("".join(board))
    return out


def test_king_clobber_moves_use_the_eight_neighbours() -> None:
    rng = random.Random(5)
    for _ in range(200):
        h, w, cells = random_board(rng, "xo.")
        game = KingClobber("|".join(cells[r * w : (r + 1) * w] for r in range(h)))
        for player, options in (("x", game.left_options()), ("o", game.right_options())):
            assert {o.cells for o in options} == king_moves(h, w, cells, player)
            assert len(options) == len(king_moves(h, w, cells, player))
