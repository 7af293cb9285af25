"""The Clobber family (cgt.games.clobber_family) against a brute force written here.

The brute force reads CGSuite's definition of ``GenClobber`` afresh: a stone
slides along a direction over empty squares, at most ``max_distance`` steps,
and lands on the first square that is not empty (or, after the last step, on
an empty one) when the mover may land there; the square it left becomes the
mover's ``left_behind``.  It values the whole board from its own move list
(no regions, no keys, no symmetries, no solver).

Published values: CGSuite's test suite (``GameGridTest.scala``, "define
Clobber properly"):

* ``Clobber("xox|ox.")`` = ``{^^*|*,v}``
* ``GenClobber(directions => Coordinates.Diagonal)("xoxo|oox.|xxx.")`` = ``{0,v*|vv}``
* ``Kings("xox|ox.")`` = ``{^^*|*,v[2]}``
* ``Rooks("xox|ox.")`` = ``{^^*|0,*}``
* ``Queens("xox|ox.")`` = ``^``
* ``AntiClobber("xoxo|oo..")`` = ``{*|-1}``

and CGSuite's ruleset documentation (``game/grid/constants.cgs``): an
AntiClobber move is a Clobber move played backwards.
"""

from __future__ import annotations

import pickle
import random
from functools import cache
from typing import Any

import pytest

import cgt
from cgt.cli import RULESETS
from cgt.errors import CGTError, InvalidArgument, InvalidPosition
from cgt.games import Clobber
from cgt.games.clobber_family import (
    DIRECTIONS,
    AntiClobber,
    CannibalClobber,
    ClobberVariant,
    HotClobber,
    Kings,
    Knights,
    Queens,
    Rooks,
    gen_clobber,
)
from cgt.games.king_clobber import KingClobber
from cgt.games.registry import info

Rules = tuple[tuple[tuple[int, int], ...], tuple[str, str], tuple[str, str], int | None]


def rules_of(cls: type[ClobberVariant]) -> Rules:
    return (cls.directions, cls.clobbered, cls.left_behind, cls.max_distance)


@cache
def brute(rules: Rules, board: str) -> cgt.Game:
    """The value of a whole board (rows split by ``|``) under ``rules``."""
    directions, clobbered, behind, most = rules
    rows = board.split("|")
    h, w = len(rows), len(rows[0])

    def at(r: int, c: int) -> str | None:
        return rows[r][c] if 0 <= r < h and 0 <= c < w else None

    def moves(side: int) -> list[str]:
        me = "xo"[side]
        out = []
        for r in range(h):
            for c in range(w):
                if rows[r][c] != me:
                    continue
                for dr, dc in directions:
                    k = 1
                    while at(r + k * dr, c + k * dc) == "." and (most is None or k < most):
                        k += 1
                    there = at(r + k * dr, c + k * dc)
                    if there is None or there == "#" or there not in clobbered[side]:
                        continue
                    after = [list(row) for row in rows]
                    after[r][c] = behind[side]
                    after[r + k * dr][c + k * dc] = me
                    out.append("|".join("".join(row) for row in after))
        return out

    return cgt.Game([brute(rules, b) for b in moves(0)], [brute(rules, b) for b in moves(1)])


def random_board(rng: random.Random, shapes: list[tuple[int, int]], weights: list[int]) -> str:
    h, w = rng.choice(shapes)
    cells = rng.choices("xo.#", weights=weights, k=h * w)
    return "|".join("".join(cells[r * w : (r + 1) * w]) for r in range(h))


SMALL = [(1, 5), (2, 2), (2, 3), (3, 3), (2, 4), (3, 2), (1, 6)]
MEMBERS: list[type[ClobberVariant]] = [AntiClobber, HotClobber, Knights, Rooks, Queens]
# AntiClobber fills empty squares: fewer of them keep the trees small
WEIGHTS = {AntiClobber: [3, 3, 2, 1], HotClobber: [3, 3, 3, 1]}


@pytest.mark.parametrize("member", MEMBERS, ids=lambda c: c.__name__)
def test_members_agree_with_the_brute_force(member: type[ClobberVariant]) -> None:
    rng = random.Random(member.__name__)
    weights = WEIGHTS.get(member, [3, 3, 2, 1])
    boards = {random_board(rng, SMALL, weights) for _ in range(160)}
    for board in sorted(boards):
        assert member(board).value() == brute(rules_of(member), board), (member, board)


def random_rules(rng: random.Random) -> type[ClobberVariant]:
    """Random rules of the family that make short games (others raise, and are drawn again)."""
    names = list(DIRECTIONS)
    while True:
        if rng.random() < 0.7:
            directions: Any = rng.choice(names)
        else:  # some steps, not symmetric as a rule
            pool = sorted({s for steps in DIRECTIONS.values() for s in steps} | {(0, 2), (2, 0)})
            directions = rng.sample(pool, rng.randint(1, 4))
        clobbered = tuple(rng.choice(["o", "x", "xo", ".", "o.", "xo."]) for _ in range(2))
        behind = tuple(rng.choice(".xo") for _ in range(2))
        most = rng.choice([1, 1, 2, 3, None])
        try:
            return gen_clobber(directions, clobbered, behind, most)  # type: ignore[arg-type]
        except InvalidArgument as e:
            assert "for ever" in str(e)


def ends(cls: type[ClobberVariant], board: str, seen: frozenset[str] = frozenset()) -> bool:
    """Whether no line of play from ``board`` repeats a board (by search)."""
    if board in seen:
        return False
    p = cls(board)
    return all(
        ends(cls, o.board_string(), seen | {board}) for o in p.left_options() + p.right_options()
    )


def test_rules_that_may_loop_are_refused_and_the_others_end() -> None:
    rng = random.Random(5)
    refused = 0
    for _ in range(300):
        clobbered = tuple(rng.choice(["o", "x", "xo", ".", "o.", "xo."]) for _ in range(2))
        behind = tuple(rng.choice(".xo") for _ in range(2))
        try:
            cls = gen_clobber("orthogonal", clobbered, behind)  # type: ignore[arg-type]
        except InvalidArgument:
            refused += 1
            continue
        for board in ("xo.", "x.o|o.x", "xx.|.o."):
            assert ends(cls, board), (clobbered, behind, board)
    assert 0 < refused < 300
    # what is refused does loop: x takes o and leaves o, and back again
    with pytest.raises(InvalidArgument, match="for ever"):
        gen_clobber(left_behind=("o", "x"))


def test_random_members_agree_with_the_brute_force() -> None:
    rng = random.Random(29)
    checked = 0
    for _ in range(120):
        cls = random_rules(rng)
        for _ in range(4):
            board = random_board(rng, [(1, 4), (2, 2), (2, 3), (3, 2)], [3, 3, 2, 1])
            assert cls(board).value() == brute(rules_of(cls), board), (repr(cls("")), board)
            checked += 1
    assert checked == 480


def test_cgsuite_published_values() -> None:
    assert gen_clobber()("xox|ox.").value() == cgt.parse("{^^*|*,v}")
    assert Clobber("xox|ox.").value() == cgt.parse("{^^*|*,v}")
    diagonal = gen_clobber(directions="diagonal")
    assert diagonal("xoxo|oox.|xxx.").value() == cgt.parse("{0,v*|vv}")
    assert Kings("xox|ox.").value() == cgt.parse("{^^*|*,v[2]}")
    assert gen_clobber(directions="compass")("xox|ox.").value() == cgt.parse("{^^*|*,v[2]}")
    assert Rooks("xox|ox.").value() == cgt.parse("{^^*|0,*}")
    assert Queens("xox|ox.").value() == cgt.up
    assert AntiClobber("xoxo|oo..").value() == cgt.parse("{*|-1}")
    # and each against the brute force too
    for cls, board in [(Rooks, "xox|ox."), (Queens, "xox|ox."), (AntiClobber, "xoxo|oo..")]:
        assert cls(board).value() == brute(rules_of(cls), board)


def test_anticlobber_is_clobber_backwards() -> None:
    rng = random.Random(7)
    for _ in range(200):
        board = random_board(rng, SMALL, [3, 3, 3, 0])  # no missing squares: Clobber's '#' is '.'
        g = AntiClobber(board)
        for side in ("left_options", "right_options"):
            for h in getattr(g, side)():
                back = [o.board_string() for o in getattr(Clobber(h.board_string()), side)()]
                assert board in back, (board, h)
        # and every Clobber move lands on an AntiClobber position that moves back
        for side in ("left_options", "right_options"):
            for h in getattr(Clobber(board), side)():
                forth = [o.board_string() for o in getattr(AntiClobber(h.board_string()), side)()]
                assert board in forth, (board, h)


def test_the_defaults_are_clobber_and_the_compass_is_king_clobber() -> None:
    rng = random.Random(3)
    plain, compass = gen_clobber(), gen_clobber(directions="compass")
    for _ in range(120):
        board = random_board(rng, SMALL, [3, 3, 2, 1])
        assert plain(board).value() == Clobber(board).value(), board
        assert compass(board).value() == KingClobber(board).value(), board
    assert Kings is KingClobber and CannibalClobber is HotClobber
    assert gen_clobber(clobbered=("xo", "ox")) is gen_clobber(clobbered=("ox", "xo"))


def test_symmetries_and_colours() -> None:
    swap = str.maketrans("xo", "ox")

    def turn(board: str) -> str:  # a quarter turn
        rows = board.split("|")
        return "|".join("".join(r[c] for r in reversed(rows)) for c in range(len(rows[0])))

    rng = random.Random(11)
    for member in MEMBERS:
        for _ in range(30):
            board = random_board(rng, SMALL, WEIGHTS.get(member, [3, 3, 2, 1]))
            v = member(board).value()
            assert member(turn(board)).value() == v
            assert member(turn(board)).key() == member(board).key()
            assert member(board.translate(swap)).value() == -v  # symmetric rules
    # rules that are not symmetric keep boards apart that their mirror images are not
    east = gen_clobber(directions=[(0, 1)])
    assert east("xo").value() == 1 and east("ox").value() == -1
    assert east("xo").key() != east("ox").key()


def test_regions_drop_dead_parts_and_split() -> None:
    assert Rooks("x.o|###|o.x").components() == [Rooks("x.o"), Rooks("o.x")]
    assert Rooks("x#o").components() == []  # a missing square stops a rook
    assert len(Rooks("x..|...|..o").components()) == 0  # never on one line
    assert len(Knights("x.o|...").components()) == 0  # a knight's move is not two squares
    assert HotClobber("x.x").components() == []
    assert len(HotClobber("xx.x").components()) == 1
    # AntiClobber: empty squares count; a board with none is over
    assert AntiClobber("xo|ox").components() == []
    assert AntiClobber("x.#.o").components() == [AntiClobber("x."), AntiClobber(".o")]


def test_moves_are_described_with_the_mover_first() -> None:
    cases = [
        (Rooks("x..o"), "x (0, 0) takes o at (0, 3)"),
        (AntiClobber("x."), "x (0, 0) moves to (0, 1), leaving o"),
        (HotClobber("xx"), "x (0, 0) takes an x"),
    ]
    for position, first in cases:
        said = [position.describe_move(o) for o in position.left_options()]
        assert first in said, said
    stay = gen_clobber(clobbered=("o", "x"), left_behind=("x", "."))
    assert stay("xo").describe_move(stay("xx")) == "x takes o at (0, 1)"
    assert stay("xo").describe_move(stay("oo")) is None  # not an option


def test_bad_input_raises_cgt_errors() -> None:
    bad: list[dict[str, Any]] = [
        {"directions": "sideways"},
        {"directions": [(0, 0)]},
        {"directions": [(1, 2, 3)]},
        {"directions": []},
        {"directions": 5},
        {"clobbered": ("o",)},
        {"clobbered": ("z", "x")},
        {"clobbered": ("", "x")},
        {"left_behind": ("xo", ".")},
        {"left_behind": (".", "#")},
        {"max_distance": 0},
        {"max_distance": 1.5},
        {"max_distance": True},
    ]
    for kwargs in bad:
        with pytest.raises(InvalidArgument) as caught:
            gen_clobber(**kwargs)
        assert "gen_clobber()" in str(caught.value)
        assert isinstance(pickle.loads(pickle.dumps(caught.value)), CGTError)
    with pytest.raises(InvalidPosition, match="row 0, column 1"):
        Rooks("xz")


def test_pickles_and_equality() -> None:
    made = gen_clobber(directions="knight", max_distance=2)
    p = made("x.o|o.x")
    assert pickle.loads(pickle.dumps(made)) is made
    q = pickle.loads(pickle.dumps(p))
    assert q == p and type(q) is made and q.value() == p.value()
    assert repr(p) == "gen_clobber(directions='knight', max_distance=2)('x.o|o.x')"
    for member in MEMBERS:
        sample = info(member).sample()
        assert pickle.loads(pickle.dumps(sample)) == sample
    assert Rooks("xo") != Queens("xo")


def test_a_store_keeps_the_members_apart(tmp_path: Any) -> None:
    # two members on which one board has one key but different values
    lefts, rights = gen_clobber(clobbered=("xo", "x")), gen_clobber(clobbered=("o", "xo"))
    board = "xxoo"
    assert lefts(board).key() == rights(board).key()
    assert lefts(board).value() == cgt.up and rights(board).value() == cgt.down
    path = tmp_path / "values.sqlite"
    cgt.clear_caches()
    with cgt.use_store(path):
        assert lefts(board).value() == cgt.up
    cgt.clear_caches()
    with cgt.use_store(path):  # a later session reads its own member's values only
        assert rights(board).value() == cgt.down == brute(rules_of(rights), board)


def test_the_registry_and_the_command_line_know_them() -> None:
    for member, cli in [
        (AntiClobber, "anti-clobber"),
        (HotClobber, "hot-clobber"),
        (Knights, "knights"),
        (Rooks, "rooks"),
        (Queens, "queens"),
    ]:
        r = info(member)
        assert (r.name, r.kind, r.cli, r.docs) == (member.__name__, "partizan", cli, "boards")
        assert RULESETS[cli].make(r.example) == member(r.example)
        assert r.sample().value() == brute(rules_of(member), r.example)
