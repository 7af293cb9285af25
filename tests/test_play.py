"""Playing well: sums of positions, outcomes by search, winning and sensible moves.

The independent check is the value: the outcome search never builds the
canonical form of a sum, so ``value().outcome()`` (canonical sums and
comparisons) is a different computation.  Winning moves are checked against
the signs of the options' values, and sensible moves against the definition
of reversibility, written out again here.
"""

from __future__ import annotations

import pickle
import random
import threading
from collections.abc import Hashable
from typing import Any

import networkx as nx
import pytest

import cgt
from cgt import Game, Move, Outcome, Player, Sum
from cgt import play as play_module
from cgt.errors import InvalidArgument, WrongType
from cgt.games import Clobber, Col, Domineering, Position, ToadsAndFrogs, clear_solver_caches
from cgt.play import first_player_wins, outcome, sensible_moves, winning_moves


class Nibble(Position):
    """A user-defined ruleset: Left takes 1 or 2 from a heap, Right 2 or 3; a heap of
    5 or more may instead be split in two by either player."""

    def __init__(self, *heaps: int) -> None:
        self.heaps = tuple(sorted(h for h in heaps if h > 0))

    def _moves(self, takes: tuple[int, ...]) -> list[Nibble]:
        out = []
        for i, h in enumerate(self.heaps):
            rest = self.heaps[:i] + self.heaps[i + 1 :]
            out += [Nibble(*rest, h - t) for t in takes if t <= h]
            if h >= 5:
                out += [Nibble(*rest, a, h - a) for a in range(1, h // 2 + 1)]
        return out

    def left_options(self) -> list[Nibble]:
        return self._moves((1, 2))

    def right_options(self) -> list[Nibble]:
        return self._moves((2, 3))

    def components(self) -> list[Nibble]:
        return [Nibble(h) for h in self.heaps]

    def key(self) -> Hashable:
        return self.heaps

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Nibble) and other.heaps == self.heaps

    def __hash__(self) -> int:
        return hash(self.heaps)

    def __repr__(self) -> str:
        return f"Nibble{self.heaps}"


# ---------------------------------------------------------------------------
# Random positions
# ---------------------------------------------------------------------------
def _board(rng: random.Random, letters: str, weights: list[int]) -> str:
    h, w = rng.randint(1, 3), rng.randint(1, 4)
    return "|".join("".join(rng.choices(letters, weights, k=w)) for _ in range(h))


def random_position(rng: random.Random) -> Any:
    kind = rng.randrange(5)
    if kind == 0:
        return Domineering(_board(rng, ".#", [4, 1]))
    if kind == 1:
        return Clobber(_board(rng, "xo.", [3, 3, 1]))
    if kind == 2:
        g = nx.gnp_random_graph(rng.randint(1, 6), 0.5, seed=rng.randrange(10**6))
        for v in g:
            tint = rng.choice(["", "", "L", "R"])
            if tint:
                g.nodes[v]["tint"] = tint
        return Col(g)
    if kind == 3:
        return ToadsAndFrogs("".join(rng.choices("tf.", [2, 2, 3], k=rng.randint(2, 7))))
    return Nibble(*(rng.randint(0, 7) for _ in range(rng.randint(1, 2))))


SMALL_VALUES = ["0", "*", "^", "v", "1", "-1/2", "{1|-1}", "{2|0}", "^*", "*2", "{0|v}"]


def random_sum(rng: random.Random) -> Any:
    parts: list[Any] = [random_position(rng) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.5:
        parts.append(cgt.parse(rng.choice(SMALL_VALUES)))
    rng.shuffle(parts)
    return parts[0] if len(parts) == 1 else Sum(*parts)


CASES = [random_sum(random.Random(seed)) for seed in range(500)]


# ---------------------------------------------------------------------------
# Player, Sum, Move
# ---------------------------------------------------------------------------
def test_players_from_strings() -> None:
    assert Player("L") is Player.LEFT and Player("r") is Player.RIGHT
    assert Player("Left") is Player.LEFT and Player(" right ") is Player.RIGHT
    assert Player.LEFT.opponent is Player.RIGHT and Player.RIGHT.opponent is Player.LEFT
    with pytest.raises(InvalidArgument, match="not 'X'"):
        winning_moves(cgt.star, "X")
    with pytest.raises(InvalidArgument):
        winning_moves(cgt.star, 1)  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(Player.RIGHT)) is Player.RIGHT


def test_sum_of_positions_and_values() -> None:
    d, c = Domineering("..|.."), Clobber("xo")
    s = d + c + cgt.up
    assert isinstance(s, Sum) and s.parts == (d, c, cgt.up)
    assert s.value() == d.value() + c.value() + cgt.up
    assert (cgt.up + d).parts == (cgt.up, d)  # type: ignore[attr-defined]  # Game + position: a Sum
    assert (1 + d).parts == (cgt.number(1), d)
    assert Sum(s, cgt.star).parts == (d, c, cgt.up, cgt.star)  # sums flatten
    # a move of a sum is a move in one part
    assert len(s.left_options()) == len(d.left_options()) + len(c.left_options()) + 1
    assert all(
        sum(a is not b for a, b in zip(o.parts, s.parts, strict=True)) == 1
        for o in s.left_options() + s.right_options()
    )
    assert str(Sum(cgt.star, cgt.up)) == "* + ^"
    assert pickle.loads(pickle.dumps(s)) == s
    assert hash(Sum(d, c)) == hash(Sum(d, c))
    assert Sum(d, c).key() == Sum(c, d).key()
    with pytest.raises(WrongType, match="part 1"):
        Sum(d, "xo")
    with pytest.raises(WrongType):
        Sum(d, object())


def test_move_records() -> None:
    moves = winning_moves(cgt.parse("{1|-1}"), "L")
    assert moves == [Move(Player.LEFT, cgt.number(1), "to 1")]
    assert moves[0].value() == 1 and str(moves[0]) == "Left: to 1"
    assert pickle.loads(pickle.dumps(moves[0])) == moves[0]


# ---------------------------------------------------------------------------
# Outcomes by search agree with the outcomes of values
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("route", ["race", "search"])
@pytest.mark.parametrize("chunk", range(10))
def test_outcome_search_agrees_with_values(
    chunk: int, route: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play_module, "ROUTE", route)
    for case in CASES[chunk::10]:
        expected = (case.value() if not isinstance(case, Game) else case).outcome()
        assert outcome(case) is expected, case
        assert first_player_wins(case, "L") == (expected in (Outcome.L, Outcome.N))
        assert first_player_wins(case, "R") == (expected in (Outcome.R, Outcome.N))


def test_outcome_method_on_positions_and_sums() -> None:
    assert Clobber("xo").outcome() is Outcome.N
    assert (Clobber("xo") + Clobber("xo")).outcome() is Outcome.P
    assert (Domineering("..|..") + Domineering("..|..")).outcome() is Outcome.P
    assert Nibble(4, 6).outcome() is Nibble(4, 6).value().outcome()


def test_components_too_big_to_value_are_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    # with a budget of a few positions, most components are searched move by move
    monkeypatch.setattr(play_module, "VALUE_BUDGET", 3)
    monkeypatch.setattr(play_module, "ROUTE", "search")
    rng = random.Random(7)
    for _ in range(60):
        clear_solver_caches()
        case = Sum(*(random_position(rng) for _ in range(2)))
        parts = [p.value() for p in case.parts]
        expected = (parts[0] + parts[1]).outcome()
        clear_solver_caches()
        assert outcome(case) is expected, case


def test_interrupted_valuations_leave_correct_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    boards = ["....|....|...#", "...|...|...", "#...|....|...."]
    expected = []
    for text in boards:
        clear_solver_caches()
        cgt.clear_caches()
        expected.append(Domineering(text).value())
    monkeypatch.setattr(play_module, "VALUE_BUDGET", 25)
    monkeypatch.setattr(play_module, "ROUTE", "search")
    clear_solver_caches()
    for text in boards:
        Domineering(text).outcome()  # valuations stopped part way
    monkeypatch.setattr(play_module, "VALUE_BUDGET", 20_000)
    assert [Domineering(text).value() for text in boards] == expected


def test_outcome_of_a_sum_too_big_to_value() -> None:
    # Clobber: infinitesimal parts whose sums grow fast; the two-ahead rule and
    # the search settle it.
    parts = [Clobber("xoxo|oxox"), Clobber("xxo|oxo"), Clobber("xoo|oxx"), Clobber("oxxo")]
    s = Sum(*parts)
    assert outcome(s) is s.value().outcome()


def test_search_in_threads() -> None:
    cases = CASES[:40]
    expected = [outcome(c) for c in cases]
    results: list[list[Outcome]] = []

    def work() -> None:
        results.append([outcome(c) for c in cases])

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 3


# ---------------------------------------------------------------------------
# Winning moves
# ---------------------------------------------------------------------------
def _value(p: Any) -> Game:
    return p if isinstance(p, Game) else p.value()


@pytest.mark.parametrize("route", ["race", "search"])
@pytest.mark.parametrize("chunk", range(5))
def test_winning_moves_are_the_options_of_the_right_sign(
    chunk: int, route: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play_module, "ROUTE", route)
    for case in CASES[chunk::5]:
        is_game = isinstance(case, Game)
        lefts = list(case.left_options if is_game else case.left_options())
        rights = list(case.right_options if is_game else case.right_options())
        want_left = [o for o in lefts if _value(o) >= 0]
        want_right = [o for o in rights if _value(o) <= 0]
        assert [m.position for m in winning_moves(case, Player.LEFT)] == want_left, case
        assert [m.position for m in winning_moves(case, "R")] == want_right, case
        # a player has a winning move exactly when she wins moving first
        expected = _value(case).outcome()
        assert bool(want_left) == (expected in (Outcome.L, Outcome.N))
        assert bool(want_right) == (expected in (Outcome.R, Outcome.N))


def test_winning_moves_in_a_domineering_sum() -> None:
    s = Domineering("...|...") + cgt.star
    moves = s.winning_moves("L")
    assert moves and all(m.value() >= 0 for m in moves)
    assert all(m.player is Player.LEFT and m.description for m in moves)


# ---------------------------------------------------------------------------
# Sensible moves
# ---------------------------------------------------------------------------
def _reaches(g: Game, target: Game, whole: Game, left: bool, depth: int = 0) -> bool:
    """Is ``target`` reached from the option ``g`` by following reversible moves?"""
    if g is target:
        return True
    if depth > 20:
        return False
    replies = g.right_options if left else g.left_options
    for r in replies:
        if (r <= whole) if left else (r >= whole):
            nexts = r.left_options if left else r.right_options
            if any(_reaches(h, target, whole, left, depth + 1) for h in nexts):
                return True
    return False


@pytest.mark.parametrize("chunk", range(5))
def test_sensible_moves_cover_the_canonical_options(chunk: int) -> None:
    for case in CASES[chunk::5]:
        if isinstance(case, Game):
            continue
        v = case.value()
        for side, canon, left in (("L", v.left_options, True), ("R", v.right_options, False)):
            moves = sensible_moves(case, side)
            assert {m.option for m in moves} == set(canon), case
            physical = case.left_options() if left else case.right_options()
            for m in moves:
                assert m.position in physical
                assert _reaches(_value(m.position), m.option, v, left), (case, m)


def test_sensible_moves_of_a_clobber_position() -> None:
    moves = Clobber("xoo").sensible_moves("L")
    assert [str(m.option) for m in moves] == [str(o) for o in Clobber("xoo").value().left_options]


def test_sums_draw_their_parts() -> None:
    from xml.dom.minidom import parseString

    s = Domineering("...|...") + cgt.parse("{1|-1}") + Clobber("xo")
    svg = s._repr_svg_()
    doc = parseString(svg)  # well-formed
    assert doc.documentElement.tagName == "svg"
    assert svg.count("<svg") == 3  # the sum and its two drawn parts
    assert ">±1</text>" in svg  # the value, in its Unicode notation, between the drawings
