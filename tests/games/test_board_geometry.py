"""The shared board geometry (issue 27): one helper per job, checked by brute force.

:mod:`cgt.games.board` holds the helpers every board ruleset uses (Clobber,
Konane, Fission, Amazons, King Clobber, NoGo, Ski Jumps): cropping, the
symmetries of the rectangle, neighbour lists, reading rectangles; and
:func:`cgt.games.grid.text_lines` splits every board or grid text.  Each is
checked here against a direct computation on ``(row, column)`` coordinates,
and the rulesets that now use them (NoGo's keys, King Clobber's moves)
against definitions written out in the test.  The one symmetry key of a board
(:func:`~cgt.games.board.board_key`), its regions
(:func:`~cgt.games.board.board_regions`) and the key of a row read either way
(:func:`~cgt.games.strip.least_reading`) are checked against brute force and
against the code main had before them, on random positions: stores key on them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

import pytest

from cgt.errors import InvalidPosition
from cgt.games import Amazons, Clobber, Fission, Konane, NoGo, TopplingDominoes
from cgt.games.board import (
    board_images,
    board_key,
    board_lines,
    board_neighbours,
    board_regions,
    crop_board,
    parse_board,
    parse_rectangle,
)
from cgt.games.grid import parse_grid, text_lines
from cgt.games.king_clobber import KingClobber
from cgt.games.strip import least_reading

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


# --- the one symmetry key and the regions of a board (issue 27) --------------------------


def brute_key(h: int, w: int, cells: str, transpose: bool) -> tuple[int, int, str]:
    """The least image of the board cropped to its squares, written out cell by cell."""
    inside = [(i // w, i % w) for i, ch in enumerate(cells) if ch != "#"]
    if not inside:
        return 0, 0, ""
    r0, r1 = min(r for r, _ in inside), max(r for r, _ in inside)
    c0, c1 = min(c for _, c in inside), max(c for _, c in inside)
    box = "".join(cells[r * w + c] for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
    a, b = r1 - r0 + 1, c1 - c0 + 1
    return min(image(a, b, box, k) for k in range(8 if transpose else 4))


def main_stone_key(board: Any) -> Hashable:
    """``_StoneBoard.key`` as main wrote it before :func:`board_key` (the keys stores hold)."""
    h, w, cells = crop_board(board.h, board.w, board._normal(board.cells), "#")
    return min(board_images(h, w, cells, board.transposes))


def main_nogo_key(board: NoGo) -> Hashable:
    """``NoGo.key`` as main wrote it before :func:`board_key`."""
    return min(board_images(*crop_board(board.h, board.w, board.cells, "#"), True))


def main_nogo_components(h: int, w: int, cells: str) -> list[tuple[int, int, str]]:
    """``NoGo.components`` as main wrote it before :func:`board_regions`."""
    near = board_neighbours(h, w, False)
    seen = [False] * (h * w)
    out = []
    for start in range(h * w):
        if seen[start] or cells[start] == "#":
            continue
        seen[start] = True
        stack, part = [start], []
        while stack:
            i = stack.pop()
            part.append(i)
            for j in near[i]:
                if not seen[j] and cells[j] != "#":
                    seen[j] = True
                    stack.append(j)
        if not any(cells[i] == "." for i in part):
            continue
        rs = [i // w for i in part]
        cs = [i % w for i in part]
        r0, r1, c0, c1 = min(rs), max(rs) + 1, min(cs), max(cs) + 1
        inside = set(part)
        sub = "".join(
            cells[r * w + c] if r * w + c in inside else "#"
            for r in range(r0, r1)
            for c in range(c0, c1)
        )
        out.append((r1 - r0, c1 - c0, sub))
    return out


STONE_RULESETS = [Clobber, Konane, Fission, Amazons, KingClobber]


def text_of(h: int, w: int, cells: str) -> str:
    return "|".join(cells[r * w : (r + 1) * w] for r in range(h))


@pytest.mark.parametrize("seed", range(3))
def test_board_key_is_the_key_every_board_ruleset_had(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        h, w, cells = random_board(rng)
        transpose = rng.random() < 0.5
        assert board_key(h, w, cells, transpose) == brute_key(h, w, cells, transpose)
        for kind in STONE_RULESETS:
            text = text_of(h, w, "".join(ch if ch in kind.letters else "." for ch in cells))
            board = kind(text)
            assert board.key() == main_stone_key(board)
            assert board.key() == brute_key(h, w, board._normal(board.cells), kind.transposes)
    done = 0
    while done < 300:
        h, w, cells = random_board(rng, "xo.#..")
        try:
            nogo = NoGo(text_of(h, w, cells))
        except InvalidPosition:
            continue  # a stone without liberty
        done += 1
        assert nogo.key() == main_nogo_key(nogo) == brute_key(h, w, cells, True)
        found = [(part.h, part.w, part.cells) for part in nogo.components()]
        assert found == main_nogo_components(h, w, cells)


def brute_regions(h: int, w: int, cells: str, links: str, diagonal: bool) -> set[frozenset[Cell]]:
    """The connected sets of squares in ``links``, by repeated merging of touching squares."""
    groups = [{(i // w, i % w)} for i, ch in enumerate(cells) if ch in links]
    merged = True
    while merged:
        merged = False
        for a in range(len(groups)):
            for b in range(a + 1, len(groups)):
                if any(
                    max(abs(r - rr), abs(c - cc)) == 1 and (diagonal or r == rr or c == cc)
                    for r, c in groups[a]
                    for rr, cc in groups[b]
                ):
                    groups[a] |= groups.pop(b)
                    merged = True
                    break
            if merged:
                break
    return {frozenset(g) for g in groups}


@pytest.mark.parametrize("seed", range(2))
def test_board_regions_are_the_connected_squares(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        h, w, cells = random_board(rng)
        links = rng.choice(["xo", "x.", "xo."])
        diagonal = rng.random() < 0.5
        filler = rng.choice(["#", "."])
        found = board_regions(h, w, cells, links, diagonal, filler)
        groups = brute_regions(h, w, cells, links, diagonal)
        assert len(found) == len(groups)
        for group, (a, b, region) in zip(
            sorted(groups, key=lambda g: min(r * w + c for r, c in g)), found, strict=True
        ):
            # the region is the board with every other square filler, cropped to the
            # group (the board as it is when the group is every square that is not #)
            board = "".join(
                cells[r * w + c] if (r, c) in group else filler for r in range(h) for c in range(w)
            )
            if len(group) == len(cells) - cells.count("#"):
                board = cells
            assert (a, b, region) == crop_board(h, w, board, filler + "#")


def test_toppling_dominoes_key_is_the_least_reading() -> None:
    rng = random.Random(4)
    for _ in range(300):
        row = "".join(rng.choice("LRG") for _ in range(rng.randint(0, 7)))
        other = "".join(rng.choice("LRG") for _ in range(len(row)))
        key = TopplingDominoes(row).key()
        assert key == min(row, row[::-1]) == least_reading(row)  # main's key, and the helper's
        assert key == TopplingDominoes(row[::-1]).key()
        assert (key == TopplingDominoes(other).key()) == (other in (row, row[::-1]))
