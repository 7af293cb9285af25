"""Clobber, Konane, Fission, Amazons: brute force, cgt-py, published values, errors."""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import cgt
from cgt.errors import InvalidPosition
from cgt.games import Amazons, Clobber, Fission, Konane
from cgt.solver import Solver

Board = tuple[str, ...]  # rows, top to bottom

ROOK = ((-1, 0), (1, 0), (0, -1), (0, 1))
QUEEN = (*ROOK, (-1, -1), (-1, 1), (1, -1), (1, 1))


# --- an independent brute force: whole boards, no splitting, no keys, no symmetry ----
def _on(board: Board, r: int, c: int) -> bool:
    return 0 <= r < len(board) and 0 <= c < len(board[0])


def _put(board: Board, changes: dict[tuple[int, int], str]) -> Board:
    grid = [list(row) for row in board]
    for (r, c), ch in changes.items():
        grid[r][c] = ch
    return tuple("".join(row) for row in grid)


def _stones(board: Board, me: str) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == me]


def clobber_moves(board: Board, me: str) -> list[Board]:
    you = "o" if me == "x" else "x"
    out = []
    for r, c in _stones(board, me):
        for dr, dc in ROOK:
            if _on(board, r + dr, c + dc) and board[r + dr][c + dc] == you:
                out.append(_put(board, {(r, c): ".", (r + dr, c + dc): me}))
    return out


def konane_moves(board: Board, me: str) -> list[Board]:
    you = "o" if me == "x" else "x"
    out = []
    for r, c in _stones(board, me):
        for dr, dc in ROOK:
            changes = {(r, c): "."}
            for k in range(1, 10):
                over = (r + (2 * k - 1) * dr, c + (2 * k - 1) * dc)
                land = (r + 2 * k * dr, c + 2 * k * dc)
                if not _on(board, *land) or board[over[0]][over[1]] != you:
                    break
                if board[land[0]][land[1]] != ".":
                    break
                changes[over] = "."
                out.append(_put(board, {**changes, land: me}))
    return out


def fission_moves(board: Board, me: str) -> list[Board]:
    dr, dc = (1, 0) if me == "x" else (0, 1)
    out = []
    for r, c in _stones(board, "x"):
        a, b = (r - dr, c - dc), (r + dr, c + dc)
        if _on(board, *a) and _on(board, *b) and board[a[0]][a[1]] == board[b[0]][b[1]] == ".":
            out.append(_put(board, {(r, c): ".", a: "x", b: "x"}))
    return out


def _queen_reach(board: Board, r: int, c: int) -> list[tuple[int, int]]:
    out = []
    for dr, dc in QUEEN:
        rr, cc = r + dr, c + dc
        while _on(board, rr, cc) and board[rr][cc] == ".":
            out.append((rr, cc))
            rr, cc = rr + dr, cc + dc
    return out


def amazons_moves(board: Board, me: str) -> list[Board]:
    out = []
    for r, c in _stones(board, me):
        for land in _queen_reach(board, r, c):
            moved = _put(board, {(r, c): ".", land: me})
            for arrow in _queen_reach(moved, *land):
                out.append(_put(moved, {arrow: "#"}))
    return out


MOVES: dict[type, Callable[[Board, str], list[Board]]] = {
    Clobber: clobber_moves,
    Konane: konane_moves,
    Fission: fission_moves,
    Amazons: amazons_moves,
}


@functools.cache
def brute(kind: type[Any], board: Board) -> cgt.Game:
    moves = MOVES[kind]
    lefts = [brute(kind, b) for b in moves(board, "x")]
    rights = [brute(kind, b) for b in moves(board, "o")]
    return cgt.Game(lefts, rights)


def random_board(
    rng: random.Random, letters: str, weights: list[int], shapes: list[tuple[int, int]]
) -> str:
    h, w = rng.choice(shapes)
    return "|".join("".join(rng.choices(letters, weights, k=w)) for _ in range(h))


SMALL = [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (1, 5)]
# Konane and Fission are mostly 0 on the smallest boards: these sizes give varied values
LARGER = [(2, 3), (3, 3), (2, 4), (3, 4), (4, 3), (4, 4), (2, 5)]
TINY = [(1, 3), (1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (1, 5)]

CASES = {
    Clobber: ("xo.#", [4, 4, 2, 1], SMALL),
    Konane: ("xo.#", [4, 4, 3, 1], LARGER),
    Fission: ("x.#", [2, 7, 1], LARGER),
    Amazons: ("xo.#", [1, 1, 4, 3], TINY),
}


def boards(kind: type[Any], n: int, seed: int) -> list[str]:
    letters, weights, shapes = CASES[kind]
    rng = random.Random(seed)
    return [random_board(rng, letters, weights, shapes) for _ in range(n)]


@pytest.mark.slow
@pytest.mark.parametrize("kind", [Clobber, Konane, Fission, Amazons], ids=lambda k: k.__name__)
def test_brute_force(kind: type[Any]) -> None:
    checked = 0
    for text in boards(kind, 220, seed=20261122):
        board = tuple(text.split("|"))
        assert kind(text).value() == brute(kind, board), text
        checked += 1
    assert checked >= 200


@pytest.mark.slow
@pytest.mark.parametrize("kind", [Clobber, Konane, Fission, Amazons], ids=lambda k: k.__name__)
def test_position_protocol_path(kind: type[Any]) -> None:
    # value() uses keyed rules; the generic solver on components() and key() must agree
    solver = Solver()
    for text in boards(kind, 80, seed=99):
        assert solver.value(kind(text)) == brute(kind, tuple(text.split("|"))), text


@pytest.mark.parametrize("kind", [Clobber, Konane, Fission, Amazons], ids=lambda k: k.__name__)
def test_options_match_brute_force(kind: type[Any]) -> None:
    for text in boards(kind, 60, seed=7):
        board = tuple(text.split("|"))
        pos = kind(text)
        for mine, me in ((pos.left_options(), "x"), (pos.right_options(), "o")):
            assert {b.board_string() for b in mine} == {"|".join(b) for b in MOVES[kind](board, me)}


# --- cgt-py --------------------------------------------------------------------------
# cgt-py's CanonicalForm prints as ``CanonicalForm('...')`` (str and repr alike), the
# CGSuite notation inside the quotes.
def peer_text(form: object) -> str:
    text = str(form)
    assert text.startswith("CanonicalForm('") and text.endswith("')"), text
    return text[len("CanonicalForm('") : -2]


def test_cgt_py_conventions() -> None:
    cp = pytest.importorskip("cgt_py")
    # Left is x; in Fission Left splits vertically, Right horizontally.
    assert peer_text(cp.Fission(".|x|.").canonical_form) == "1" == str(Fission(".|x|.").value())
    assert peer_text(cp.Fission(".x.").canonical_form) == "-1" == str(Fission(".x.").value())
    assert peer_text(cp.Konane("xo.").canonical_form) == "1" == str(Konane("xo.").value())
    assert peer_text(cp.Amazons("x..").canonical_form) == "2" == str(Amazons("x..").value())
    assert peer_text(cp.Amazons("o.").canonical_form) == "-1" == str(Amazons("o.").value())


def test_cgt_py_amazons_example() -> None:
    cp = pytest.importorskip("cgt_py")
    text = "x..|...|..o"
    expected = "{{5|{1*|0, {1/2|0}}, {2|-1/4}}|{{0, {0|-1/2}|-1*}, {1/4|-2}|-5}}"
    assert peer_text(cp.Amazons(text).canonical_form) == expected
    assert Amazons(text).value() == cgt.parse(expected)


@pytest.mark.parametrize("kind", [Konane, Fission, Amazons], ids=lambda k: k.__name__)
def test_cgt_py_differential(kind: type[Any]) -> None:
    cp = pytest.importorskip("cgt_py")
    peer = getattr(cp, kind.__name__)
    agreed = 0
    for text in boards(kind, 50, seed=1234):
        assert kind(text).value() == cgt.parse(peer_text(peer(text).canonical_form)), text
        agreed += 1
    assert agreed == 50


# --- published values ----------------------------------------------------------------
def test_clobber_small_values() -> None:
    # The first Clobber values of the textbooks (e.g. Albert, Nowakowski, Wolfe,
    # Lessons in Play, 2007; quoted from memory, so derived here by hand as well):
    # xo = {0|0} = *; in xxo Left captures to x.x = 0 and Right to xo = *: {0|*} = ^;
    # xoo is its negative, v.
    assert Clobber("xo").value() == cgt.star
    assert Clobber("xxo").value() == cgt.up
    assert Clobber("xoo").value() == cgt.down
    assert Clobber("x|o").value() == cgt.star
    assert Clobber("xo|ox").value() == cgt.star


def test_amazons_small_values() -> None:
    # A lone amazon with n squares in a row has n - 1 free moves (the last shot
    # fills a square): the n-square strip with the amazon at an end is n - 1.
    assert Amazons("x.").value() == 1
    assert Amazons("x...").value() == 3
    assert Amazons("o..").value() == -2
    assert Amazons("x.o").value() == cgt.star
    assert Amazons("xo").value() == 0


def test_fission_and_konane_small_values() -> None:
    assert Fission(".|x|.|.|x|.").value() == 2
    assert Fission("...").value() == 0
    assert Konane("xo.o.").value() == 1
    assert Konane("xo").value() == 0


# --- structure -----------------------------------------------------------------------
def test_components() -> None:
    assert Clobber("xx.oo").components() == []
    assert Clobber("xo.xo").components() == [Clobber("xo"), Clobber("xo")]
    assert Konane("xo.#.ox").components() == [Konane("xo."), Konane(".ox")]
    assert Konane("xx.#oo").components() == []
    # Amazons regions touching at a corner are one region
    assert len(Amazons("x#|#o").components()) == 1
    assert len(Amazons("x.#|##.|#.o").components()) == 1
    assert Fission("x#.|.#x").components() == [Fission("x|."), Fission(".|x")]
    assert Fission("..|..").components() == []


def test_keys() -> None:
    # Clobber, Konane, Amazons: all eight symmetries
    assert Clobber("xo.|...").key() == Clobber("#|o|x").key()
    assert Konane("xo.|..#").key() == Konane("#.|.o|.x").key()
    assert Amazons("x..|.o.").key() == Amazons(".x|o.|..").key()
    # Fission: reflections and the half turn only, never the transpose
    assert Fission("x.|..").key() == Fission("..|.x").key()
    assert Fission(".|x|.").key() != Fission(".x.").key()
    # colour matters
    assert Clobber("xxo").key() != Clobber("oox").key()


def test_ragged_rows_are_padded() -> None:
    assert Konane("xo.|o") == Konane("xo.|o##")
    assert Clobber("\n  xo\n  o\n") == Clobber("xo|o#")
    assert str(Clobber("xo|ox")) == "xo\nox"
    assert repr(Clobber("x.o|o.x")) == "Clobber('x.o|o.x')"
    assert Clobber("").value() == 0


@pytest.mark.parametrize(
    ("kind", "text", "where"),
    [
        (Clobber, "xo|.z", "'z' at row 1, column 1"),
        (Konane, "xO", "'O' at row 0, column 1"),
        (Fission, "x.|.o", "'o' at row 1, column 1"),
        (Amazons, "x.|..|.@", "'@' at row 2, column 1"),
    ],
)
def test_bad_boards(kind: type[Any], text: str, where: str) -> None:
    with pytest.raises(InvalidPosition, match=where):
        kind(text)


def test_not_a_string() -> None:
    with pytest.raises(InvalidPosition):
        Clobber(3)


@pytest.mark.parametrize("kind", [Clobber, Konane, Fission, Amazons], ids=lambda k: k.__name__)
def test_pickle_hash_svg(kind: type[Any]) -> None:
    text = "x.|.." if kind is Fission else "xo.|.ox"
    pos = kind(text)
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and hash(again) == hash(pos) and type(again) is kind
    assert again.value() == pos.value()
    assert pos._repr_svg_().startswith("<svg") and "circle" in pos._repr_svg_()
    assert pos != text and kind(pos) == pos


# --- the bitboard keyed rules behind value() ----------------------------------------
def _rows_of(h: int, w: int, cells: str) -> Board:
    return tuple(cells[r * w : (r + 1) * w] for r in range(h))


@pytest.mark.parametrize("kind", [Clobber, Konane, Fission, Amazons], ids=lambda k: k.__name__)
def test_bitboard_helpers(kind: type[Any]) -> None:
    from cgt.games.boards import (
        _bit_key,
        _bit_moves,
        _bit_regions,
        _key_state,
        bit_cells,
        bit_state,
        parse_board,
    )

    for text in boards(kind, 60, seed=11):
        h, w, cells = parse_board(text)
        state = bit_state(h, w, cells)
        assert bit_cells(state) == cells
        board = _rows_of(h, w, cells)
        for left, me in ((True, "x"), (False, "o")):
            mine = {bit_cells(s) for s in _bit_moves(kind, state, left)}
            assert mine == {"".join(b) for b in MOVES[kind](board, me)}, text
        regions = [bit_cells(r) for r in _bit_regions(kind, state)]
        assert len(regions) == len(kind._regions(h, w, cells)), text
        for region in _bit_regions(kind, state):
            key, negated = _bit_key(kind, region)
            kh, kw, _, _, _ = keyed = _key_state(key)
            value = brute(kind, _rows_of(kh, kw, bit_cells(keyed)))
            alone = brute(kind, _rows_of(h, w, bit_cells(region)))
            assert (-value if negated else value) == alone, text
        # symmetric images share the key
        mirrored = "|".join(row[::-1] for row in text.split("|"))
        turned = "|".join(reversed(text.split("|")))
        for other in (mirrored, turned):
            oh, ow, ocells = parse_board(other)
            ostate = bit_state(oh, ow, ocells)
            assert sorted(rules_keys(kind, ostate)) == sorted(rules_keys(kind, state)), text


def rules_keys(kind: type[Any], state: tuple[int, int, int, int, int]) -> list[Any]:
    from cgt.games.boards import _bit_key, _bit_regions

    return [_bit_key(kind, region) for region in _bit_regions(kind, state)]
