"""Scoring positions valued by the one solver: Kobber and Diskonnect against the rules.

The rules are written again here, independently of cgt.games (stones as a
dict of squares), and each board's game tree is built from them as a
ScoringGame by direct recursion; the solver's values (simplest forms, sums
of components) must equal those trees modulo the guaranteed scoring games,
and Ls/Rs must equal a plain minimax of the final scores.
"""

from __future__ import annotations

import itertools
import pickle
import random
from functools import cache
from typing import Any

import pytest

import cgt
from cgt.errors import CGTError, InvalidPosition, LoopyPosition, PositionProtocolError
from cgt.games import Diskonnect, Domineering, Kobber, ScoringPosition, solver_for
from cgt.games.scoring_board import capture_groups
from cgt.play import Sum
from cgt.scoring import ScoringGame, equal, parse_scoring
from cgt.solver import Solver

Board = tuple[int, int, str]  # rows, columns, cells row by row
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


# --- the rules, written again --------------------------------------------------------------
def _stones(board: Board) -> dict[tuple[int, int], str]:
    _, w, cells = board
    return {(i // w, i % w): ch for i, ch in enumerate(cells) if ch in "xo"}


def _cells(board: Board, stones: dict[tuple[int, int], str]) -> str:
    h, w, cells = board
    return "".join(
        stones.get((i // w, i % w), "#" if cells[i] == "#" else ".") for i in range(h * w)
    )


def _empty(board: Board, stones: dict[tuple[int, int], str], r: int, c: int) -> bool:
    h, w, cells = board
    return 0 <= r < h and 0 <= c < w and cells[r * w + c] != "#" and (r, c) not in stones


def rule_moves(board: Board, me: str, replacement: bool) -> list[tuple[str, int]]:
    """(cells after, stones taken by jumping) for each move of ``me``."""
    them = "o" if me == "x" else "x"
    stones = _stones(board)
    out = []
    for (r, c), ch in stones.items():
        if ch != me:
            continue
        for dr, dc in STEPS:
            if replacement and stones.get((r + dr, c + dc)) == them:
                after = dict(stones)
                del after[(r, c)]
                after[(r + dr, c + dc)] = me
                out.append((_cells(board, after), 0))
            after = dict(stones)
            del after[(r, c)]
            at, taken = (r, c), 0
            while stones.get((at[0] + dr, at[1] + dc)) == them and _empty(
                board, after, at[0] + 2 * dr, at[1] + 2 * dc
            ):
                del after[(at[0] + dr, at[1] + dc)]
                at = (at[0] + 2 * dr, at[1] + 2 * dc)
                taken += 1
                landed = dict(after)
                landed[at] = me
                out.append((_cells(board, landed), taken))
    return out


def dead(board: Board, me: str) -> int:
    """My stones that some line of the opponent's jumps (me never moving) takes."""
    them = "o" if me == "x" else "x"
    h, w, cells = board
    mine = {i for i, ch in enumerate(cells) if ch == me}
    lost: set[int] = set()
    todo, seen = [cells], {cells}
    while todo:
        now = todo.pop()
        for after, _ in rule_moves((h, w, now), them, False):
            lost |= {i for i in mine if after[i] != me}
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return len(lost)


class Rules:
    def __init__(self, game: str) -> None:
        self.game = game

    def options(self, board: Board, points: int, me: str) -> set[tuple[str, int]]:
        sign = 1 if me == "x" else -1
        return {
            (cells, points + sign * taken)
            for cells, taken in rule_moves(board, me, self.game == "kobber")
        }

    def atom(self, board: Board, points: int, me: str) -> int:
        if self.game == "kobber":
            return points
        return points - dead(board, "x") if me == "x" else points + dead(board, "o")


RULES = {Kobber: Rules("kobber"), Diskonnect: Rules("diskonnect")}


@cache
def _form(cls: type, h: int, w: int, cells: str, points: int) -> ScoringGame:
    rules, board = RULES[cls], (h, w, cells)
    sides: list[Any] = []
    for me in "xo":
        opts = rules.options(board, points, me)
        sides.append(
            [_form(cls, h, w, c, p) for c, p in opts] if opts else rules.atom(board, points, me)
        )
    return ScoringGame(*sides)


def tree(cls: type, board: Board, points: int) -> ScoringGame:
    """The board's game tree as a ScoringGame, by direct recursion on the rules above."""
    return _form(cls, *board, points)


@cache
def _play(cls: type, h: int, w: int, cells: str, points: int, me: str) -> int:
    rules, board = RULES[cls], (h, w, cells)
    opts = rules.options(board, points, me)
    if not opts:
        return rules.atom(board, points, me)
    scores = [_play(cls, h, w, c, p, "o" if me == "x" else "x") for c, p in opts]
    return max(scores) if me == "x" else min(scores)


def minimax(cls: type, board: Board, points: int) -> tuple[int, int]:
    """(final score with Left first, with Right first), plain minimax on the rules."""
    return _play(cls, *board, points, "x"), _play(cls, *board, points, "o")


def boards(h: int, w: int) -> list[Board]:
    return [(h, w, "".join(t)) for t in itertools.product("xo.", repeat=h * w)]


def text(board: Board) -> str:
    h, w, cells = board
    return "|".join(cells[r * w : (r + 1) * w] for r in range(h))


SMALL = [
    b for h, w in [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 2), (2, 3)] for b in boards(h, w)
]


def check(cls: type, board: Board, points: int = 0) -> None:
    p = cls(text(board), points=points)
    got = p.value()
    want = tree(cls, board, points)
    if want.is_guaranteed():
        assert got.is_guaranteed() and equal(got, want), (p, got, want)
    else:  # outside the guaranteed games the value is the whole form
        assert got is want, (p, got, want)
    assert (got.left_score, got.right_score) == minimax(cls, board, points), p


# --- the rules agree ------------------------------------------------------------------------
@pytest.mark.parametrize("cls", [Kobber, Diskonnect])
def test_options_are_the_rules(cls: type) -> None:
    rules = RULES[cls]
    for board in SMALL + boards(3, 3)[::7]:
        p = cls(text(board), points=1)
        for me, opts in (("x", p.left_options()), ("o", p.right_options())):
            assert {(q.cells, q.points) for q in opts} == rules.options(board, 1, me), (p, me)
            if not opts:
                atom = p.left_atom() if me == "x" else p.right_atom()
                assert atom == rules.atom(board, 1, me)


# --- values against the game trees and minimax ---------------------------------------------
@pytest.mark.parametrize("cls", [Kobber, Diskonnect])
def test_every_small_board(cls: type) -> None:
    solver_for(cls).clear()
    for board in SMALL:
        check(cls, board)
    check(cls, (1, 3, "xo."), points=3)
    check(cls, (2, 2, "xo.o"), points=-2)


@pytest.mark.slow
@pytest.mark.parametrize(
    "cls",
    # Kobber's 3 x 3 boards take some 20 CPU s: a long check (every 2 x 3 board runs in CI)
    [pytest.param(Kobber, marks=pytest.mark.long), Diskonnect],
)
def test_every_3x3_board(cls: type) -> None:
    for board in boards(3, 3):
        check(cls, board)


@pytest.mark.parametrize("cls", [Kobber, Diskonnect])
def test_long_strips_split_into_components(cls: type) -> None:
    rng = random.Random(31)
    split = 0
    for _ in range(150):
        parts = ["".join(rng.choice("xo.") for _ in range(rng.randint(1, 3))) for _ in range(2)]
        cells = parts[0] + "." * rng.randint(0, 9) + parts[1]
        board = (1, len(cells), cells)
        split += len(capture_groups(1, len(cells), cells)) > 1
        check(cls, board)
    assert split > 30  # the board was split, and the sum of its parts is the whole tree
    for cells in ["xo....ox", "xo...xo..ox", "xoo.....oxx", "x.o....xo"]:
        check(cls, (1, len(cells), cells))


@pytest.mark.parametrize("cls", [Kobber, Diskonnect])
def test_two_dimensional_components(cls: type) -> None:
    for cells in [
        "xo....|......|....ox",
        "x.....|o.....|.....o|.....x",
        "xo..|....|....|....|..ox",
    ]:
        h = cells.count("|") + 1
        board = (h, len(cells.split("|")[0]), cells.replace("|", ""))
        assert len(cls(cells).components()) == 2
        check(cls, board)
    rng = random.Random(7)
    split = 0
    for _ in range(300):  # few stones on wider boards: many split, in both directions
        h, w = rng.choice([(3, 6), (4, 5), (2, 8), (5, 4)])
        squares = ["."] * (h * w)
        for i in rng.sample(range(h * w), rng.randint(2, 6)):
            squares[i] = rng.choice("xo")
        board = (h, w, "".join(squares))
        split += len(capture_groups(*board)) > 1
        check(cls, board)
    assert split > 60


# --- sums -------------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", [Kobber, Diskonnect])
def test_values_of_sums_are_sums_of_values(cls: type) -> None:
    rng = random.Random(5)
    pool = [text(b) for b in boards(1, 4) + boards(2, 2)]
    pool = [t for t in pool if cls(t).value().is_guaranteed()]
    for _ in range(60):
        a, b = cls(rng.choice(pool)), cls(rng.choice(pool), points=rng.randint(-2, 2))
        s = Solver().scoring_value(Sum(a, b), progress=False)
        assert equal(s, a.value() + b.value())
        if a.w == b.w:  # the two boards far apart on one board: the same sum
            far = "|".join([a.board_string(), *["#" * a.w] * 3, b.board_string()])
            assert equal(cls(far, points=b.points).value(), s)


def test_a_sum_with_a_number_and_a_normal_play_game() -> None:
    k = Kobber("xo.")
    got = Solver().scoring_value(Sum(k, cgt.star), progress=False)
    assert equal(got, k.value() + cgt.star)


def test_non_guaranteed_values_are_whole_forms() -> None:
    d = Diskonnect("xxo|oxo|ox.")
    assert not d.value().is_guaranteed()
    assert d.value() is tree(Diskonnect, (3, 3, "xxooxoox."), 0)
    s = Solver().scoring_value(Sum(d, Kobber("xo.")), progress=False)
    assert s is tree(Diskonnect, (3, 3, "xxooxoox."), 0) + tree(Kobber, (1, 3, "xo."), 0)


# --- the calculator's published examples -------------------------------------------------
def test_the_user_guide_diskonnect_example() -> None:
    # jpneto/ScoringGames, userGuide/userGuide.tex, section "Games", "Diskonnect":
    # evalDiskonnect "diskonnect.txt" (0 / ... / ..r / lr.) prints <<2|^2>|^2>.
    d = Diskonnect("0: ...|..o|xo.")
    assert d.value() is parse_scoring("<<2|^2>|^2>")
    assert str(d.value()) == "<<2|^2>|^2>"


def test_the_user_guide_kobber_moves() -> None:
    # userGuide.tex, section "getting the next possible positions": the Left moves of
    # fromData 0 ["lr","rl",".."] are .r/ll/.. 0, .l/rl/.. 0, .r/.l/l. 1, ll/r./.. 0, lr/l./.. 0.
    k = Kobber("xo|ox|..")
    guide = [(".r|ll|..", 0), (".l|rl|..", 0), (".r|.l|l.", 1), ("ll|r.|..", 0), ("lr|l.|..", 0)]
    want = {(b.replace("l", "x").replace("r", "o"), p) for b, p in guide}
    assert {(q.board_string(), q.points) for q in k.left_options()} == want


# --- text, pictures, errors ------------------------------------------------------------------
@pytest.mark.parametrize("cls", [Kobber, Diskonnect])
def test_text_round_trips_and_pickles(cls: type) -> None:
    for t in ["1: xo.|ox.|x.o", "-3: x.o", "xo", "2: ", "x#o|..."]:
        p = cls(t)
        assert cls(p.text()) == p and eval(repr(p), {cls.__name__: cls}) == p
        assert pickle.loads(pickle.dumps(p)) == p and hash(cls(p.text())) == hash(p)
    assert cls("xo", points=2) == cls("2: xo")
    assert cls("  xo | ox ") == cls("xo|ox")


@pytest.mark.parametrize("cls", [Kobber, Diskonnect])
def test_pictures_show_the_board_and_the_points(cls: type) -> None:
    svg = cls("-2: xo.|.ox").to_svg()
    assert svg.count("<circle") == 4 and ">2 points to Right<" in svg
    assert "no points yet" in cls("xo").to_svg()


@pytest.mark.parametrize(
    "bad, match",
    [
        ("xz", "unknown character 'z'"),
        ("a: xo", "must be an integer"),
        ("1.5: xo", "must be an integer"),
        (3, "board string"),
    ],
)
def test_malformed_boards(bad: Any, match: str) -> None:
    for cls in (Kobber, Diskonnect):
        with pytest.raises(InvalidPosition, match=match) as err:
            cls(bad)
        assert pickle.loads(pickle.dumps(err.value)).args == err.value.args
    with pytest.raises(InvalidPosition, match="given twice"):
        Kobber("1: xo", points=2)
    with pytest.raises(InvalidPosition, match="points are an integer"):
        Kobber("xo", points=1.5)  # type: ignore[arg-type]


def test_not_a_scoring_position() -> None:
    with pytest.raises(PositionProtocolError, match=r"not a scoring position.*left_atom") as err:
        Solver().scoring_value(Domineering(".."), progress=False)
    assert pickle.loads(pickle.dumps(err.value)).args == err.value.args
    with pytest.raises(PositionProtocolError, match="not a position"):
        Solver().scoring_value(42, progress=False)


def test_the_table_is_cleared_and_outcomes_follow_the_komi() -> None:
    s = Solver()
    v = s.scoring_value(Kobber("1: xo.|ox.|x.o"), progress=False)
    assert s.scoring_values and s.info().misses > 0
    s.clear()
    assert not s.scoring_values
    k = Kobber("1: xo.|ox.|x.o")
    for komi in range(-3, 4):
        assert k.outcome(komi) is v.outcome(komi)
    assert k.outcome() is cgt.Outcome.N  # Ls 1 > 0, Rs 0 <= 0


def test_a_store_is_not_used_for_scoring_values(tmp_path: Any) -> None:
    path = tmp_path / "values.sqlite"
    first = Solver(store=path)
    v = first.scoring_value(Kobber("1: xo.|ox.|x.o"), progress=False)
    again = Solver(store=path)
    assert again.scoring_value(Kobber("1: xo.|ox.|x.o"), progress=False) is v
    assert again.store_hits == 0 and again.info().misses > 0  # computed again, not read
    assert first.value(Domineering("..|.."), progress=False) == cgt.parse("+-1")  # the store works


class Toy(ScoringPosition):
    """A scoring position given by hand: Left's options, its atom and its key."""

    def __init__(self, left: Any = (), atom: Any = 0, key: Any = 0) -> None:
        self.left, self.atom, self.own_key = left, atom, key

    def left_options(self) -> list[Any]:
        return [option() for option in self.left]

    def right_options(self) -> list[Any]:
        return []

    def left_atom(self) -> Any:
        return self.atom

    def right_atom(self) -> int:
        return 0

    def key(self) -> Any:
        return self.own_key


def test_toys_with_bad_parts_are_refused_with_cgt_errors() -> None:
    with pytest.raises(LoopyPosition) as loopy:  # Left moves back to the same key
        Toy(left=[lambda: Toy(left=[Toy])]).value()
    with pytest.raises(CGTError):  # an atom that is no score
        Toy(atom="three", key=1).value()
    with pytest.raises(PositionProtocolError, match="not hashable") as unhashable:
        Toy(key=[1, 2]).value()
    for err in (loopy, unhashable):
        assert pickle.loads(pickle.dumps(err.value)).args == err.value.args
    assert Toy(atom=3, key=2).value() is parse_scoring("<^3|^0>")
