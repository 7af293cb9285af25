"""Dots-and-Boxes (issue 31): the rules, the exact net score against a plain minimax
written here, the board's symmetries, Strings-and-Coins, text, pictures, the CLI and
bad input.

The minimax here knows the board only through its own geometry (a box's four sides
computed from its corners), searches every line of every position and memoises on
the exact set of lines drawn (no symmetry), so it shares nothing with the library's
search but the rules.
"""

from __future__ import annotations

import json
import pickle
import random
import time
from functools import cache

import networkx as nx
import pytest

import cgt
from cgt.__main__ import main
from cgt.errors import InvalidPosition, TooLarge, WorkLimitExceeded, WrongType
from cgt.games import DotsAndBoxes
from cgt.games.dots_and_boxes import SEARCH_LIMIT, Line

Seg = frozenset[tuple[int, int]]


def segments(rows: int, cols: int) -> list[Seg]:
    """Every line as the pair of dots it joins."""
    out = [frozenset({(r, c), (r, c + 1)}) for r in range(rows + 1) for c in range(cols)]
    return out + [frozenset({(r, c), (r + 1, c)}) for r in range(rows) for c in range(cols + 1)]


def box_sides(r: int, c: int) -> list[Seg]:
    a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
    return [frozenset(p) for p in ((a, b), (d, e), (a, d), (b, e))]


def minimax(rows: int, cols: int, drawn: frozenset[Seg]) -> int:
    """The mover's net score with best play, by plain search."""
    boxes = [box_sides(r, c) for r in range(rows) for c in range(cols)]
    every = segments(rows, cols)

    @cache
    def value(done: frozenset[Seg]) -> int:
        best = None
        for s in every:
            if s in done:
                continue
            after = done | {s}
            made = sum(1 for sides in boxes if s in sides and all(x in after for x in sides))
            score = made + value(after) if made else -value(after)
            best = score if best is None else max(best, score)
        return 0 if best is None else best

    return value(drawn)


def as_segment(line: Line) -> Seg:
    r, c = line.row, line.col
    return frozenset({(r, c), (r, c + 1) if line.side == "h" else (r + 1, c)})


def random_boards(
    rows: int, cols: int, count: int, least_drawn: int, seed: int
) -> list[DotsAndBoxes]:
    rng = random.Random(seed)
    lines = DotsAndBoxes(rows, cols).moves()
    out = []
    for _ in range(count):
        k = rng.randint(least_drawn, len(lines))
        out.append(DotsAndBoxes(rows, cols, rng.sample(lines, k)))
    return out


# --- the value against plain minimax -----------------------------------------------------------
@pytest.mark.parametrize("cols", [1, 2, 3, 4, pytest.param(5, marks=pytest.mark.slow)])
def test_empty_1xn_boards(cols: int) -> None:
    assert DotsAndBoxes(1, cols).net_score() == minimax(1, cols, frozenset())
    assert DotsAndBoxes(cols, 1).net_score() == DotsAndBoxes(1, cols).net_score()


def test_empty_2x2_board() -> None:
    assert DotsAndBoxes(2, 2).net_score() == minimax(2, 2, frozenset())


@pytest.mark.parametrize("shape", [(1, 4), (2, 2), (2, 3), (3, 2), (3, 3)])
def test_random_positions_and_their_best_moves(shape: tuple[int, int]) -> None:
    rows, cols = shape
    total = len(DotsAndBoxes(rows, cols).moves())
    least = max(0, total - 10)  # at most 10 undrawn lines: the plain search stays quick
    for board in random_boards(rows, cols, 8, least, seed=rows * 10 + cols):
        drawn = frozenset(as_segment(x) for x in board.lines)
        assert board.net_score() == minimax(rows, cols, drawn), board
        best = board.best_moves()
        for move in board.moves():
            made = board.completes(move)
            rest = minimax(rows, cols, drawn | {as_segment(move)})
            score = made + rest if made else -rest
            assert board.score_after(move) == score
            assert (move in best) == (score == board.net_score())


@pytest.mark.slow
def test_empty_2x3_board() -> None:
    assert DotsAndBoxes(2, 3).net_score() == DotsAndBoxes(3, 2).net_score()
    assert DotsAndBoxes(2, 3).net_score() == minimax(2, 3, frozenset())


def test_symmetric_boards_have_equal_keys_and_values() -> None:
    rng = random.Random(7)
    for rows, cols in [(2, 2), (2, 3), (3, 3)]:
        for board in random_boards(rows, cols, 10, 0, seed=rng.randrange(1000)):
            # the board turned a half turn and mirrored, built from its dots
            images = []

            def half_turn(r: int, c: int, rows: int = rows, cols: int = cols) -> tuple[int, int]:
                return (rows - r, cols - c)

            def mirror(r: int, c: int, cols: int = cols) -> tuple[int, int]:
                return (r, cols - c)

            def transpose(r: int, c: int) -> tuple[int, int]:
                return (c, r)

            maps = [half_turn, mirror] + ([transpose] if rows == cols else [])
            for f in maps:
                moved = []
                for x in board.lines:
                    (a, b) = sorted(f(*d) for d in as_segment(x))
                    side = "h" if a[0] == b[0] else "v"
                    moved.append(Line(side, a[0], a[1]))
                images.append(DotsAndBoxes(rows, cols, moved))
            for image in images:
                assert image.key() == board.key()
                if len(board.moves()) <= 12:
                    assert image.net_score() == board.net_score()


# --- rules ----------------------------------------------------------------------------------
def test_moves_completions_and_the_end() -> None:
    p = DotsAndBoxes(1, 2)
    assert len(p.moves()) == 7 and not p.is_over
    p = DotsAndBoxes.parse("1x2: h0,0 h1,0 h0,1 h1,1 v0,0 v0,2")
    assert p.completes("v0,1") == 2  # the shared side completes both boxes
    done = p.play("v0,1")
    assert done.is_over and done.boxes == ((0, 0), (0, 1)) and done.net_score() == 0
    assert done.moves() == [] and done.best_moves() == []
    with pytest.raises(InvalidPosition, match="already drawn"):
        done.play("v0,1")


def test_text_round_trips_and_repr() -> None:
    for board in random_boards(2, 3, 20, 0, seed=3):
        assert DotsAndBoxes.parse(str(board)) == board
        assert eval(repr(board), {"DotsAndBoxes": DotsAndBoxes}) == board
        assert DotsAndBoxes(str(board)) == board
        assert pickle.loads(pickle.dumps(board)) == board
        assert hash(pickle.loads(pickle.dumps(board))) == hash(board)
    assert str(DotsAndBoxes(2, 2)) == "2x2"
    assert DotsAndBoxes.parse("2X2 : H0,0  v1,2") == DotsAndBoxes(2, 2, ["h0,0", Line("v", 1, 2)])


def test_diagram_shows_the_lines_drawn() -> None:
    board = DotsAndBoxes.parse("2x2: h0,0 v0,0 h1,0 v0,1 h2,1")
    rows = board.diagram().splitlines()
    assert len(rows) == 5 and all(len(r) == 9 for r in rows)
    assert rows[0] == "+---+...+" and rows[1] == "| # |   :"
    assert rows[4] == "+...+---+"
    assert rows[2].count("---") == 1 and rows[3] == ":   :   :"


def test_strings_and_coins() -> None:
    rng = random.Random(5)
    for board in random_boards(2, 3, 15, 0, seed=11):
        g = board.strings_and_coins()
        assert isinstance(g, nx.MultiGraph) and "ground" in g
        assert g.number_of_edges() == len(board.moves())
        done = set(board.boxes)
        assert set(g) - {"ground"} == {(r, c) for r in range(2) for c in range(3)} - done
        for r, c in set(g) - {"ground"}:
            undrawn = [s for s in box_sides(r, c) if s not in {as_segment(x) for x in board.lines}]
            assert g.degree((r, c)) == len(undrawn)  # a string for every side not drawn
        # cutting a string is drawing its line: a coin is captured with its box
        if board.moves():
            move = rng.choice(board.moves())
            u, v, key = next(e for e in g.edges(keys=True) if e[2] == str(move))
            g.remove_edge(u, v, key)
            captured = sum(1 for x in {u, v} - {"ground"} if g.degree(x) == 0)
            assert captured == board.completes(move)
    corner = DotsAndBoxes(2, 2).strings_and_coins()
    assert corner.number_of_edges((0, 0), "ground") == 2


def test_svg_picture() -> None:
    import xml.etree.ElementTree as ET

    board = DotsAndBoxes.parse("2x3: h0,0 v0,0 h1,0 v0,1 h2,2")
    root = ET.fromstring(board._repr_svg_())
    svg = "{http://www.w3.org/2000/svg}"
    classes = [e.attrib.get("class") for e in root.iter()]
    assert classes.count("dot") == 3 * 4
    assert classes.count("line drawn") == len(board.lines)
    assert classes.count("line") == len(board.moves())
    assert classes.count("box") == len(board.boxes) == 1
    assert root.tag == svg + "svg"


def test_strings_and_coins_picture() -> None:
    import xml.etree.ElementTree as ET

    for board in random_boards(2, 3, 10, 0, seed=17):
        g = board.strings_and_coins()
        root = ET.fromstring(board.coins_svg())
        classes = [e.attrib.get("class") for e in root.iter()]
        assert classes.count("coin") == g.number_of_nodes() - 1  # every coin but the ground
        assert classes.count("string") == g.number_of_edges()
        assert classes.count("ground") == g.degree("ground")


# --- limits and bad input -----------------------------------------------------------------
def test_the_search_is_bounded() -> None:
    with pytest.raises(TooLarge, match="undrawn"):
        DotsAndBoxes(3, 3).net_score()
    assert len(DotsAndBoxes(3, 3).moves()) > SEARCH_LIMIT
    cgt.clear_caches()
    with pytest.raises(WorkLimitExceeded), cgt.work_limit(100):
        DotsAndBoxes(2, 3).net_score()
    start = time.process_time()
    assert DotsAndBoxes(1, 3).net_score() == minimax(1, 3, frozenset())  # the cache is not spoilt
    assert time.process_time() - start < 5


@pytest.mark.parametrize(
    "text, message",
    [
        ("2x", "ROWSxCOLS"),
        ("0x3", "from 1 to"),
        ("2x99", "from 1 to"),
        ("2x2: h9,0", "not on a board"),
        ("2x2: q0,0", "h<row>,<col>"),
        ("2x2: h0,0 h0,0", "twice"),
    ],
)
def test_bad_boards_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message) as err:
        DotsAndBoxes.parse(text)
    assert pickle.loads(pickle.dumps(err.value)).args == err.value.args


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(InvalidPosition, match="integer"):
        DotsAndBoxes(2.0, 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="a line is"):
        DotsAndBoxes(2, 2, [3])  # type: ignore[list-item]
    with pytest.raises(InvalidPosition, match="str"):
        DotsAndBoxes.parse(5)  # type: ignore[arg-type]
    with pytest.raises(WrongType, match="list of lines"):
        DotsAndBoxes(2, 2, "h0,0")
    with pytest.raises(WrongType, match="list of lines"):
        DotsAndBoxes(2, 2, 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="no columns"):
        DotsAndBoxes("2x2", 3)


# --- the command line -----------------------------------------------------------------------
def test_the_cli_prints_the_net_score_and_best_moves(capsys: pytest.CaptureFixture[str]) -> None:
    text = "1x2: h0,0 h1,0 h0,1 h1,1 v0,0"
    assert main(["dots-and-boxes", text, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    board = DotsAndBoxes.parse(text)
    assert data["board"] == str(board) == "1x2: h0,0 h0,1 h1,0 h1,1 v0,0"
    assert data["net_score"] == minimax(1, 2, frozenset(as_segment(x) for x in board.lines))
    assert data["best_moves"] == ["v0,1"]
    assert main(["dots-and-boxes", "1x1"]) == 0
    out = capsys.readouterr().out
    assert "net score: -1" in out and "best moves:" in out
    assert main(["dots-and-boxes", "2x2: h7,7"]) == 2
    assert "not on a board" in capsys.readouterr().err
