"""Dots-and-Boxes as a guaranteed scoring game (issue 31): ``scoring_value()`` against a
direct recursion written here, its stops against the net score, the options and atoms
a scoring solver reads, symmetries, the points a position carries, and the examples of
the Scoring Games Calculator (J. P. Neto, github.com/jpneto/ScoringGames).

The recursion here knows the board through the geometry of ``test_dots_and_boxes``
(segments between dots, a box's four sides from its corners), plays every turn line by
line (no deduplication of the orders in which boxes are taken) and memoises on the exact
set of lines drawn with the points made (no symmetry): it shares nothing with the
library's search but the rules.  Equal trees are one interned form, so "the same value"
is ``is``.
"""

from __future__ import annotations

import json
import pickle
import random
import time
from functools import cache
from itertools import combinations

import pytest

import cgt
from cgt.__main__ import main
from cgt.errors import InvalidPosition, TooLarge, WorkLimitExceeded, WrongType
from cgt.games import DotsAndBoxes
from cgt.games.dots_and_boxes import SEARCH_LIMIT, Line
from cgt.scoring import ScoringGame, equal, number, parse_scoring, simplest_form
from tests.games.test_dots_and_boxes import Seg, as_segment, box_sides, segments


# --- the direct recursion --------------------------------------------------------------------
@cache
def direct(rows: int, cols: int, drawn: frozenset[Seg], points: int) -> ScoringGame:
    """The scoring game of a board with ``points`` made, turn by turn."""
    every = segments(rows, cols)
    if len(drawn) == len(every):
        return ScoringGame(points, points)
    ends = turn_ends(rows, cols, drawn)
    left = [direct(rows, cols, after, points + made) for made, after in ends]
    right = [direct(rows, cols, after, points - made) for made, after in ends]
    return ScoringGame(left, right)


@cache
def turn_ends(rows: int, cols: int, drawn: frozenset[Seg]) -> frozenset[tuple[int, frozenset[Seg]]]:
    """Every (boxes made, lines drawn after) at the end of a turn: a line that completes a
    box is followed by another, unless it was the last."""
    every = segments(rows, cols)
    boxes = [box_sides(r, c) for r in range(rows) for c in range(cols)]
    found: set[tuple[int, frozenset[Seg]]] = set()

    def go(now: frozenset[Seg], made: int) -> None:
        for s in every:
            if s in now:
                continue
            after = now | {s}
            k = sum(1 for sides in boxes if s in sides and all(x in after for x in sides))
            if k and len(after) < len(every):
                go(after, made + k)
            else:
                found.add((made + k, after))

    go(drawn, 0)
    return frozenset(found)


def drawn_of(board: DotsAndBoxes) -> frozenset[Seg]:
    return frozenset(as_segment(x) for x in board.lines)


def all_boards(rows: int, cols: int, least_drawn: int = 0) -> list[DotsAndBoxes]:
    lines = DotsAndBoxes(rows, cols).moves()
    return [
        DotsAndBoxes(rows, cols, chosen)
        for k in range(least_drawn, len(lines) + 1)
        for chosen in combinations(lines, k)
    ]


SMALL = [(1, 1, 0), (1, 2, 0), (2, 1, 0), (2, 2, 4)]  # rows, columns, least lines drawn


# --- the value against the direct recursion ----------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("shape", SMALL, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_small_position_against_the_direct_recursion(shape: tuple[int, int, int]) -> None:
    rows, cols, least = shape
    boards = all_boards(rows, cols, least)
    assert len(boards) == {1: 16, 2: 128, 4: 4096 - 1 - 12 - 66 - 220}[rows * cols]
    for board in boards:
        g = board.scoring_value()
        assert g is direct(rows, cols, drawn_of(board), 0), board
        assert g.is_guaranteed()
        if board.is_over:
            assert g is number(0)
            continue
        # the stops are the minimax: the mover's net score
        net = board.net_score()
        assert g.left_score == net and g.right_score == -net, board
        # a position carrying points: every atom moves by them
        for points in (-3, 2) if hash(board) % 3 == 0 or rows * cols < 4 else ():
            carried = DotsAndBoxes(rows, cols, board.lines, points)
            h = carried.scoring_value()
            assert h is direct(rows, cols, drawn_of(board), points)
            assert h is number(points) + g
            assert h.left_score == points + net and h.right_score == points - net


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), pytest.param((3, 3), marks=pytest.mark.slow)])
def test_random_larger_positions(shape: tuple[int, int]) -> None:
    rows, cols = shape
    lines = DotsAndBoxes(rows, cols).moves()
    rng = random.Random(rows * 7 + cols)
    for _ in range(5):
        board = DotsAndBoxes(rows, cols, rng.sample(lines, len(lines) - 8))  # 8 lines to draw
        g = board.scoring_value()
        assert g is direct(rows, cols, drawn_of(board), 0), board
        assert g.is_guaranteed() and g.left_score == board.net_score() == -g.right_score


@pytest.mark.slow
def test_the_empty_boards_that_fit() -> None:
    for rows, cols in [(1, 3), (3, 1)]:
        board = DotsAndBoxes(rows, cols)
        g = board.scoring_value()
        assert g is direct(rows, cols, frozenset(), 0)
        assert g.left_score == board.net_score() == -g.right_score
    # a long and a wide board are one game turned a quarter turn
    assert DotsAndBoxes(1, 3).scoring_value() is DotsAndBoxes(3, 1).scoring_value()
    assert DotsAndBoxes(1, 4).scoring_value() is DotsAndBoxes(4, 1).scoring_value()


@pytest.mark.slow
@pytest.mark.parametrize("shape", [(1, 4), (2, 2)])
def test_larger_empty_boards(shape: tuple[int, int]) -> None:
    board = DotsAndBoxes(*shape)
    g = board.scoring_value()
    assert g is direct(*shape, frozenset(), 0)
    assert g.is_guaranteed() and g.left_score == board.net_score() == -g.right_score


@pytest.mark.slow
def test_the_options_and_atoms_a_scoring_solver_reads() -> None:
    """A scoring solver built here from left_options(), right_options(), the atoms and
    key() (memoised by key) gives the same form; the options are the turns' ends."""
    table: dict[object, ScoringGame] = {}

    def solve(p: DotsAndBoxes) -> ScoringGame:
        (part,) = p.components()
        assert part is p  # a turn may take boxes anywhere: the board does not split
        found = table.get(p.key())
        if found is None:
            left = [solve(q) for q in p.left_options()] or p.left_atom()
            right = [solve(q) for q in p.right_options()] or p.right_atom()
            found = table[p.key()] = ScoringGame(left, right)
        return found

    for board in all_boards(2, 2, 5)[::7] + all_boards(1, 2):
        for points in (0, 1):
            p = DotsAndBoxes(board.rows, board.columns, board.lines, points)
            assert solve(p) is p.scoring_value()
            ends = {(made, after) for made, after in turn_ends(p.rows, p.columns, drawn_of(p))}
            lefts = p.left_options()
            assert len(lefts) == len(set(lefts)) == len(ends)  # each end once
            assert {(q.points - points, drawn_of(q)) for q in lefts} == ends
            assert {(points - q.points, drawn_of(q)) for q in p.right_options()} == ends
            atoms = (p.left_atom(), p.right_atom())
            assert atoms == ((points, points) if p.is_over else (None, None))
            assert (p.left_options() == []) == p.is_over


def test_symmetric_boards_have_the_same_value() -> None:
    """The eight symmetries of the 2x2 board, and the transpose of 1x2 and 2x1."""

    def image(board: DotsAndBoxes, f: object, rows: int, cols: int) -> DotsAndBoxes:
        moved = []
        for x in board.lines:
            a, b = sorted(f(*d) for d in as_segment(x))  # type: ignore[operator]
            moved.append(Line("h" if a[0] == b[0] else "v", a[0], a[1]))
        return DotsAndBoxes(rows, cols, moved, board.points)

    maps = [
        lambda r, c: (c, r),
        lambda r, c: (2 - r, c),
        lambda r, c: (r, 2 - c),
        lambda r, c: (2 - c, 2 - r),
        lambda r, c: (c, 2 - r),
    ]
    for board in all_boards(2, 2, 6)[::5]:
        g = board.scoring_value()
        for f in maps:
            other = image(board, f, 2, 2)
            assert other.scoring_value() is g
            assert direct(2, 2, drawn_of(other), 0) is g
    for board in all_boards(1, 2):
        turned = image(board, lambda r, c: (c, r), 2, 1)
        assert turned.scoring_value() is board.scoring_value()


# --- the Scoring Games Calculator's Dots-and-Boxes examples ----------------------------------
def calculator_board(text: str) -> DotsAndBoxes:
    """A board in the calculator's file format (Dots.hs, the comment of its type Dots):
    the first line is the points made, then the rows of the board, spaces ignored: a row
    of horizontal lines (one a box), a row of vertical lines (one more), and so on;
    ``x`` a line drawn, ``.`` one not drawn."""
    first, *rest = [row.replace(" ", "") for row in text.strip().splitlines()]
    cols = len(rest[0])
    rows = (len(rest) - 1) // 2
    lines = []
    for i, row in enumerate(rest):
        assert len(row) == cols + i % 2
        for j, mark in enumerate(row):
            assert mark in "x."
            if mark == "x":
                lines.append(Line("h" if i % 2 == 0 else "v", i // 2, j))
    return DotsAndBoxes(rows, cols, lines, int(first))


# boards/dots1.txt (= dots1.txt) at the calculator's head, commit ca28943
DOTS1 = "1\n x . . x x x \nx x . x x x x\n x x x . x x "
# boards/dots2.txt, boards/dots3.txt and boards/dots4.txt, the same commit
DOTS2 = "1\n x x x . x x\nx . x x . x x\n x x x . . .\nx x . x x x x \n x x x x x x "
DOTS3 = "0\n x x x x\nx . . . .\n x x x x"
DOTS4 = "0\n x x\nx . x\n x x"


def test_the_calculator_reads_boards_as_we_do() -> None:
    # Dots.hs (the head, commit ca28943), line 232: the board dots1, and lines 237-243:
    # showDots2 draws it, a '#' in each completed box ("1 points")
    board = calculator_board("1\nx...xx\nxx.xxxx\nxxx.xx\nx.xx.xx\nxxx...\nxx.xxxx\nxxxxxx")
    picture = [
        "+-+ + + +-+-+",
        "|#|   | |#|#|",
        "+-+-+-+ +-+-+",
        "|   |#|   | |",
        "+-+-+-+ + + +",
        "|#|   | | | |",
        "+-+-+-+-+-+-+",
    ]
    marked = tuple(
        (r // 2, c // 2) for r, row in enumerate(picture) for c, ch in enumerate(row) if ch == "#"
    )
    assert (board.rows, board.columns, board.points) == (3, 6, 1)
    assert board.boxes == marked == ((0, 0), (0, 4), (0, 5), (1, 2), (2, 0))
    drawn = [row[1::2] if r % 2 == 0 else row[0::2] for r, row in enumerate(picture)]
    assert board == calculator_board(
        "1\n"
        + "\n".join(drawn).replace("-", "x").replace("|", "x").replace(" ", ".").replace("#", "")
    )
    g = board.scoring_value()  # 11 undrawn lines
    assert g.is_guaranteed() and g.left_score == 1 + board.net_score() == 2 - g.right_score
    # userGuide.tex, lines 849-853: dots1.txt presented, "|#|   | |#|#|", "1 points"
    assert calculator_board(DOTS1).boxes == ((0, 0), (0, 4), (0, 5))


def test_the_user_guides_dots_and_boxes_value() -> None:
    """userGuide/userGuide.tex, lines 839-847 (commit cbcb3c2, 9 Oct 2015, and the head):
    ``evalDots "dots1.txt"`` prints the Position Value ``<^0|^2>``, the calculator's
    canonical form of the 1x6 board below with 1 point made.  The draft of 5 Feb 2015
    (commit 0448025, line 847) printed its Left options ``<4|0>`` and
    ``<4,<4|0>|0,<4|0>>`` and its first Right options ``<2|-2>``, ``<2,<2|-2>|...``,
    before that calculator simplified them."""
    board = calculator_board(DOTS1)
    assert str(board) == (
        "1x6: h0,0 h0,3 h0,4 h0,5 h1,0 h1,1 h1,2 h1,4 h1,5 v0,0 v0,1 v0,3 v0,4 v0,5 v0,6 points=1"
    )
    g = board.scoring_value()
    assert g is direct(1, 6, drawn_of(board), 1)
    assert simplest_form(g) is parse_scoring("<^0|^2>")
    assert equal(g, "<^0|^2>")
    # the draft's forms: take the lone box, then open the 2-chain in its middle or at an end
    assert {parse_scoring("<4|0>"), parse_scoring("<4,<4|0>|0,<4|0>>")} <= set(g.left)
    assert parse_scoring("<2|-2>") in g.right
    assert any(str(o).startswith("<2, <2|-2>|") for o in g.right)
    # its own Left side with our Right side is the same game
    assert equal(
        ScoringGame([parse_scoring("<4|0>"), parse_scoring("<4,<4|0>|0,<4|0>>")], g.right), g
    )


def test_the_calculators_other_boards() -> None:
    """boards/dots2.txt, dots3.txt, dots4.txt have no printed value: each against the
    recursion, and the one-line board of dots4 by hand (whoever draws the middle line
    takes both boxes)."""
    assert calculator_board(DOTS4).scoring_value() is parse_scoring("<2|-2>")
    for text in (DOTS2, DOTS3):
        board = calculator_board(text)
        g = board.scoring_value()
        assert g is direct(board.rows, board.columns, drawn_of(board), board.points)
        assert g.left_score == board.points + board.net_score()
    # Dots.hs line 246, dzzwang: a 2x1 board with its three horizontal lines to draw;
    # neither player wants to move first (Ls < Rs: a zugzwang)
    dzzwang = calculator_board("0\n.\nxx\n.\nxx\n.")
    assert len(dzzwang.moves()) == 3
    g = dzzwang.scoring_value()
    assert g.left_score == -2 and g.right_score == 2


# --- points carried, text, pickles ----------------------------------------------------------
def test_points_in_text_equality_keys_and_pickles() -> None:
    p = DotsAndBoxes("1x2: h0,0 v0,0 points=-3")
    assert p.points == -3 and str(p) == "1x2: h0,0 v0,0 points=-3"
    assert DotsAndBoxes(str(p)) == p and eval(repr(p), {"DotsAndBoxes": DotsAndBoxes}) == p
    assert DotsAndBoxes("1x1: points=2") == DotsAndBoxes(1, 1, points=2)
    assert str(DotsAndBoxes(1, 1, points=2)) == "1x1: points=2"
    q = pickle.loads(pickle.dumps(p))
    assert q == p and hash(q) == hash(p) and q.key() == p.key()
    other = DotsAndBoxes(1, 2, p.lines)
    assert other != p and other.key() != p.key()
    assert p.net_score() == other.net_score()  # from here on: the points do not count
    assert p.play("h1,0").points == -3  # drawing a line scores nothing by itself
    assert DotsAndBoxes("1x1: points=2", points=1).points == 3


@pytest.mark.parametrize(
    "text, message",
    [
        ("1x1: points=1 points=2", "2 times"),
        ("1x1: points=one", "integer"),
        ("1x1: points=-99999", "points must be"),
    ],
)
def test_bad_points_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message) as err:
        DotsAndBoxes(text)
    assert pickle.loads(pickle.dumps(err.value)).args == err.value.args


def test_bad_point_arguments_are_refused() -> None:
    with pytest.raises(WrongType, match="points"):
        DotsAndBoxes(1, 1, points=True)
    with pytest.raises(WrongType, match="points"):
        DotsAndBoxes(1, 1, points=0.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="points must be"):
        DotsAndBoxes(1, 1, points=901)


# --- limits -----------------------------------------------------------------------------------
def test_the_scoring_value_is_bounded() -> None:
    with pytest.raises(TooLarge, match="undrawn"):
        DotsAndBoxes(3, 3).scoring_value()
    assert len(DotsAndBoxes(3, 3).moves()) > SEARCH_LIMIT
    cgt.clear_caches()
    with pytest.raises(WorkLimitExceeded), cgt.work_limit(200):
        DotsAndBoxes(2, 2).scoring_value()
    start = time.process_time()
    g = DotsAndBoxes(2, 2).scoring_value()  # nothing half-built was kept
    assert g is direct(2, 2, frozenset(), 0)
    assert time.process_time() - start < 5


def test_the_form_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import cgt.games.dots_and_boxes as dab

    monkeypatch.setattr(dab, "SCORING_LIMIT", 50)
    cgt.clear_caches()
    with pytest.raises(TooLarge, match="more than 50 forms"):
        DotsAndBoxes(1, 3).scoring_value()
    monkeypatch.undo()
    assert DotsAndBoxes(1, 3).scoring_value() is direct(1, 3, frozenset(), 0)


def test_a_turn_through_too_many_states(monkeypatch: pytest.MonkeyPatch) -> None:
    import cgt.games.dots_and_boxes as dab

    # three pairs of boxes, each pair taken by one line: a turn may take them in 8 ways
    board = DotsAndBoxes("1x6: h0,0 h0,1 h0,2 h0,3 h0,4 h0,5 h1,0 h1,1 h1,2 h1,3 h1,4 h1,5")
    board = DotsAndBoxes(1, 6, [*board.lines, "v0,0", "v0,2", "v0,4", "v0,6"])
    assert [q.points for q in board.left_options()] == [6]
    monkeypatch.setattr(dab, "SCORING_LIMIT", 4)
    with pytest.raises(TooLarge, match="board states") as err:
        board.left_options()
    assert pickle.loads(pickle.dumps(err.value)).args == err.value.args


def test_threads_get_one_form() -> None:
    """Two threads valuing a board and its mirror image get the very same form."""
    from concurrent.futures import ThreadPoolExecutor

    cgt.clear_caches()
    a = DotsAndBoxes("2x2: h0,0 v0,0 h1,1 v1,2")
    b = DotsAndBoxes("2x2: h0,1 v0,2 h1,0 v1,0")
    assert a.key() == b.key() and a != b
    with ThreadPoolExecutor(2) as pool:
        found = list(pool.map(lambda p: p.scoring_value(), [a, b] * 4))
    assert all(g is found[0] for g in found)
    assert found[0] is direct(2, 2, drawn_of(a), 0)


# --- the command line -----------------------------------------------------------------------
def test_the_cli_prints_a_small_scoring_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dots-and-boxes", calculator_board(DOTS1).__str__(), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert parse_scoring(data["scoring_value"]) is parse_scoring("<^0|^2>")
    assert data["net_score"] == -1
    assert main(["dots-and-boxes", "1x2: h0,0 h1,0 v0,0 h0,1 h1,1"]) == 0
    out = capsys.readouterr().out
    board = DotsAndBoxes("1x2: h0,0 h1,0 v0,0 h0,1 h1,1")
    assert f"scoring value: {simplest_form(board.scoring_value())}" in out
    assert main(["dots-and-boxes", "2x2"]) == 0  # its simplest form is too large to print
    assert "scoring value" not in capsys.readouterr().out


def test_the_one_solver_values_boards_as_the_fast_path_does() -> None:
    """The declared fast path (``scoring_value``, a recursion over bitmasks) and the one
    solver's scoring algebra (options, atoms, components and keys only) agree."""
    from cgt.solver import Solver

    rng = random.Random(31)
    boards = [DotsAndBoxes("1x2"), DotsAndBoxes("2x1", points=2)]
    for _ in range(12):
        board = DotsAndBoxes("2x2")
        lines = list(board.moves())
        rng.shuffle(lines)
        for line in lines[: rng.randint(5, 9)]:
            board = board.play(line)
        boards.append(board)
    solver = Solver()
    for board in boards:
        value = solver.scoring_value(board, progress=False)  # the solver keeps simplest forms
        assert value is simplest_form(board.scoring_value()), board
        assert equal(value, board.scoring_value()), board
