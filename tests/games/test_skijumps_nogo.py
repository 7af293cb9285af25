"""SkiJumps and NoGo: brute force, hand-derived values, errors, display, pickling."""

from __future__ import annotations

import functools
import pickle
import random

import pytest

import cgt
from cgt.errors import InvalidPosition
from cgt.games import NoGo, SkiJumps
from cgt.solver import Solver

Board = tuple[str, ...]  # rows, top to bottom


def _put(board: Board, changes: dict[tuple[int, int], str]) -> Board:
    grid = [list(row) for row in board]
    for (r, c), ch in changes.items():
        grid[r][c] = ch
    return tuple("".join(row) for row in grid)


# --- Ski Jumps: an independent whole-board brute force ---------------------------------
# x/o jumpers, X/O slippers; Left moves east, Right west; a jumper jumps down two rows
# over an opponent's skier just below onto an empty square, demoting it to a slipper.
def ski_moves(board: Board, left: bool) -> list[Board]:
    mine, theirs, step = ("xX", "oO", 1) if left else ("oO", "xX", -1)
    h, w = len(board), len(board[0])
    out = []
    for r in range(h):
        for c in range(w):
            ch = board[r][c]
            if ch not in mine:
                continue
            to = c + step
            while 0 <= to < w and board[r][to] == ".":
                out.append(_put(board, {(r, c): ".", (r, to): ch}))
                to += step
            if not 0 <= to < w:  # the whole way to the edge was clear
                out.append(_put(board, {(r, c): "."}))
            if ch.islower() and r + 2 < h:
                below, land = board[r + 1][c], board[r + 2][c]
                if below in theirs and land == ".":
                    out.append(
                        _put(board, {(r, c): ".", (r + 1, c): below.upper(), (r + 2, c): ch})
                    )
    return out


@functools.cache
def ski_brute(board: Board) -> cgt.Game:
    return cgt.Game(
        [ski_brute(b) for b in ski_moves(board, True)],
        [ski_brute(b) for b in ski_moves(board, False)],
    )


# --- NoGo: an independent whole-board brute force ---------------------------------------
def _groups_breathe(board: Board) -> bool:
    """Every group (of either colour) has an empty orthogonal neighbour."""
    h, w = len(board), len(board[0])
    seen: set[tuple[int, int]] = set()
    for r in range(h):
        for c in range(w):
            if board[r][c] not in "xo" or (r, c) in seen:
                continue
            colour, stack, free = board[r][c], [(r, c)], False
            seen.add((r, c))
            while stack:
                a, b = stack.pop()
                for na, nb in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                    if 0 <= na < h and 0 <= nb < w:
                        if board[na][nb] == ".":
                            free = True
                        elif board[na][nb] == colour and (na, nb) not in seen:
                            seen.add((na, nb))
                            stack.append((na, nb))
            if not free:
                return False
    return True


def nogo_moves(board: Board, me: str) -> list[Board]:
    out = []
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            if ch == ".":
                after = _put(board, {(r, c): me})
                if _groups_breathe(after):
                    out.append(after)
    return out


@functools.cache
def nogo_brute(board: Board) -> cgt.Game:
    return cgt.Game(
        [nogo_brute(b) for b in nogo_moves(board, "x")],
        [nogo_brute(b) for b in nogo_moves(board, "o")],
    )


# --- random boards ---------------------------------------------------------------------
def random_board(
    rng: random.Random, letters: str, weights: list[int], shapes: list[tuple[int, int]]
) -> str:
    h, w = rng.choice(shapes)
    return "|".join("".join(rng.choices(letters, weights, k=w)) for _ in range(h))


SKI_SHAPES = [(1, 3), (2, 3), (3, 2), (3, 3), (4, 2), (3, 4), (4, 3), (5, 2)]
NOGO_SHAPES = [(1, 3), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (1, 6)]


def ski_boards(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [random_board(rng, "xoXO.", [3, 3, 1, 1, 6], SKI_SHAPES) for _ in range(n)]


def nogo_boards(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        text = random_board(rng, "xo.#", [1, 1, 6, 1], NOGO_SHAPES)
        if _groups_breathe(tuple(text.split("|"))):  # only boards that can arise in play
            out.append(text)
    return out


@pytest.mark.slow
def test_ski_jumps_brute_force() -> None:
    checked = 0
    for text in ski_boards(250, seed=20261122):
        assert SkiJumps(text).value() == ski_brute(tuple(text.split("|"))), text
        checked += 1
    assert checked >= 200


def test_ski_jumps_boards_exercise_jumps() -> None:
    # the random boards must really contain jump moves, or the comparison proves little
    with_jump = 0
    for text in ski_boards(250, seed=20261122):
        board = tuple(text.split("|"))
        for left in (True, False):
            if any(_is_jump(board, b) for b in ski_moves(board, left)):
                with_jump += 1
                break
    assert with_jump >= 25  # more jumps arise deeper in the game trees


def _is_jump(before: Board, after: Board) -> bool:
    return sum(a != b for a, b in zip(before, after, strict=True)) > 1


@pytest.mark.slow
def test_nogo_brute_force() -> None:
    checked = 0
    for text in nogo_boards(250, seed=20261122):
        assert NoGo(text).value() == nogo_brute(tuple(text.split("|"))), text
        checked += 1
    assert checked >= 200


@pytest.mark.slow
def test_generic_solver_path() -> None:
    # a fresh solver on components() and key() agrees with the brute force
    solver = Solver()
    for text in ski_boards(60, seed=5):
        assert solver.value(SkiJumps(text)) == ski_brute(tuple(text.split("|"))), text
    for text in nogo_boards(60, seed=5):
        assert solver.value(NoGo(text)) == nogo_brute(tuple(text.split("|"))), text


def test_options_match_brute_force() -> None:
    for text in ski_boards(80, seed=7):
        board = tuple(text.split("|"))
        pos = SkiJumps(text)
        for mine, left in ((pos.left_options(), True), (pos.right_options(), False)):
            assert {p.board_string() for p in mine} == {"|".join(b) for b in ski_moves(board, left)}
    for text in nogo_boards(80, seed=7):
        board = tuple(text.split("|"))
        stones = NoGo(text)
        for got, me in ((stones.left_options(), "x"), (stones.right_options(), "o")):
            assert {p.board_string() for p in got} == {"|".join(b) for b in nogo_moves(board, me)}


@pytest.mark.slow
def test_components_and_keys_keep_values() -> None:
    for text in ski_boards(80, seed=11):
        parts = SkiJumps(text).components()
        total = sum((ski_brute(p.rows) for p in parts), cgt.Game([], []))
        assert total == ski_brute(tuple(text.split("|"))), text
    for text in nogo_boards(80, seed=11):
        regions = NoGo(text).components()
        total = sum(
            (nogo_brute(tuple(p.board_string().split("|"))) for p in regions), cgt.Game([], [])
        )
        assert total == nogo_brute(tuple(text.split("|"))), text


# --- values worked out by hand (not by the code under test) ----------------------------
def test_ski_jumps_hand_values() -> None:
    # A lone skier with k empty squares ahead has k + 1 moves and no reason to hurry:
    # {k, k-1, ..., 0 |} = k + 1 (the integer rule, Winning Ways ch. 1 / 2).
    assert SkiJumps("x").value() == 1
    assert SkiJumps("x...").value() == 4
    assert SkiJumps("...O").value() == -4
    # x.o: x to the middle blocks both (0); o to the middle likewise (0): {0|0} = *.
    assert SkiJumps("x.o").value() == cgt.parse("*")
    # x.|o.|..: Left slides (1 + -1 = 0), leaves (-1) or jumps to ..|O.|x. (-1 + 2 = 1);
    # Right's only move is o off the board, leaving x.|..|.. = 2.  {1 | 2} = 3/2.
    assert SkiJumps("x.|o.|..").value() == cgt.parse("3/2")
    # the same with a slipper on top: no jump, so 2 + -1 = 1
    assert SkiJumps("X.|o.|..").value() == 1
    # .x|o.|.. : x is not above o, no jump: 1 + -1 = 0
    assert SkiJumps(".x|o.|..").value() == 0


def test_nogo_hand_values() -> None:
    # One point: a stone there would have no liberty, so nobody can move.
    assert NoGo(".").value() == 0
    # Two points: whoever plays first leaves the other no legal move: {0|0} = *.
    assert NoGo("..").value() == cgt.parse("*")
    # x.: a stone on the last point would leave x (and itself) without liberty.
    assert NoGo("x.").value() == 0
    # ...: a stone in the middle gives its owner one more move later (value 1 for x,
    # since xx. is 0 and Right cannot play at either end); an end stone gives x.. = *
    # ({xx., x.x | x.o} = {0, 0 | 0}).  So {1, * | -1, *} = +-1.
    assert NoGo("...").value() == cgt.parse("+-1")
    # #-separated parts add up: .. + .. = * + * = 0
    assert NoGo("..#..").value() == 0


# --- errors, display, pickling ---------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "text", "where"),
    [
        (SkiJumps, "x.|.q", "'q' at row 1, column 1"),
        (SkiJumps, "x.#", "'#' at row 0, column 2"),
        (SkiJumps, "x..|.o", "row 1 of 'x..|.o' has 2 squares, row 0 has 3"),
        (NoGo, "x.|.z", "'z' at row 1, column 1"),
        (NoGo, "x..|.o", "row 1 of 'x..|.o' has 2 squares, row 0 has 3"),
        (NoGo, "xo|o.", "stone 'x' at row 0, column 0"),
        (NoGo, "..|.X", "'X' at row 1, column 1"),
    ],
)
def test_bad_boards(kind: type, text: str, where: str) -> None:
    with pytest.raises(InvalidPosition, match=where.replace("|", r"\|")):
        kind(text)


@pytest.mark.parametrize("kind", [SkiJumps, NoGo])
def test_not_a_string(kind: type) -> None:
    with pytest.raises(InvalidPosition, match="must be a string"):
        kind(3)


@pytest.mark.parametrize(("kind", "text"), [(SkiJumps, "x.O|.o.|X.."), (NoGo, "x.#|.o.")])
def test_str_repr_pickle_svg(kind: type, text: str) -> None:
    pos = kind(text)
    assert str(pos) == text.replace("|", "\n")
    assert repr(pos) == f"{kind.__name__}({text!r})"
    assert eval(repr(pos), {kind.__name__: kind}) == pos  # our own repr: trusted text
    assert kind(f"\n {text.replace('|', chr(10))} \n") == pos
    clone = pickle.loads(pickle.dumps(pos))
    assert clone == pos and hash(clone) == hash(pos) and clone.value() == pos.value()
    assert kind(pos) == pos
    assert pos != kind("." + text[1:])
    assert (pos == text) is False
    svg = pos._repr_svg_()
    assert svg.startswith("<svg ") and svg.endswith("</svg>")


def test_empty_boards() -> None:
    assert SkiJumps("").value() == 0 and str(SkiJumps("")) == ""
    assert NoGo("").value() == 0 and NoGo("").components() == []
    assert SkiJumps("").shape == (0, 0) and NoGo("###").value() == 0


def test_nogo_keys_use_symmetries() -> None:
    assert NoGo("x..|...").key() == NoGo("...|..x").key() == NoGo("x.|..|..").key()
    assert NoGo("x.|##|..").key() != NoGo("x.|..").key()  # an inner # row still separates
    assert NoGo("x..").key() != NoGo("o..").key()


def test_ski_jumps_components() -> None:
    # rows above the top jumper that can still jump stand alone; the rest stays whole
    assert SkiJumps("X.O|...|x..|o..|...").components() == [
        SkiJumps("X.O"),
        SkiJumps("x..|o..|..."),
    ]
    assert SkiJumps("x..|o..|...").components() == [SkiJumps("x..|o..|...")]


@pytest.mark.slow
def test_nogo_images_share_key_and_value() -> None:
    for text in nogo_boards(60, seed=13):
        board = tuple(text.split("|"))
        turned = tuple("".join(col)[::-1] for col in zip(*board, strict=True))  # quarter turn
        mirrored = tuple(row[::-1] for row in board)
        for image in (turned, mirrored):
            assert NoGo("|".join(image)).key() == NoGo(text).key(), text
            assert nogo_brute(image) == nogo_brute(board), text
