"""Game graphs of positions (cgt.loopy.positions) and the loopy rulesets
Backsliding Toads and Frogs and Fox and Geese (cgt.games.loopy_games).

The main check: the outcomes from ``game_graph`` + ``analyse`` agree, at
every reachable position and for either player to move, with a naive
fixpoint computed here directly from ``left_options()``/``right_options()``
(positions told apart by ``repr``, so the rulesets' normalised keys are
checked too); and for ordinary Toads and Frogs (which never repeats) with
the short outcome of the value.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from cgt.errors import (
    InvalidArgument,
    InvalidPosition,
    LoopyPosition,
    PositionProtocolError,
    TooLarge,
)
from cgt.game import Outcome
from cgt.games import BackslidingToadsAndFrogs, FoxAndGeese, ToadsAndFrogs
from cgt.loopy import LoopyOutcome, Winner, analyse, game_graph, loopy_outcome

WIN, LOSS, DRAW = "win", "loss", "draw"


def naive_labels(start: Any) -> dict[tuple[str, int], str]:
    """For every reachable position (by repr) and mover (0 Left, 1 Right): whether the
    mover wins, loses or draws, by iterating the rules to a fixpoint."""
    moves: dict[str, tuple[list[str], list[str]]] = {}
    stack = [start]
    seen = {repr(start)}
    while stack:
        p = stack.pop()
        lo = [o for o in p.left_options()]
        ro = [o for o in p.right_options()]
        moves[repr(p)] = ([repr(o) for o in lo], [repr(o) for o in ro])
        for o in lo + ro:
            if repr(o) not in seen:
                seen.add(repr(o))
                stack.append(o)
    label: dict[tuple[str, int], str] = {}
    changed = True
    while changed:
        changed = False
        for name, sides in moves.items():
            for mover in (0, 1):
                if (name, mover) in label:
                    continue
                after = [label.get((o, 1 - mover)) for o in sides[mover]]
                if LOSS in after:
                    label[name, mover] = WIN
                    changed = True
                elif all(a == WIN for a in after):  # includes: no move at all
                    label[name, mover] = LOSS
                    changed = True
    for name in moves:
        for mover in (0, 1):
            label.setdefault((name, mover), DRAW)
    return label


def winner(mover: int, result: str) -> Winner:
    if result == DRAW:
        return Winner.DRAW
    wins_left = (mover == 0) == (result == WIN)
    return Winner.LEFT if wins_left else Winner.RIGHT


def check_against_naive(start: Any) -> None:
    graph, positions = game_graph(start)
    assert graph.start == 0 and positions[0] is start
    assert len({(type(p), p.key()) for p in positions}) == graph.size == len(positions)
    results = analyse(graph)
    node = {(type(p), p.key()): i for i, p in enumerate(positions)}
    labels = naive_labels(start)
    names = {name for name, _ in labels}
    # every node's position is reachable, and (through its key) every reachable one a node
    assert {repr(p) for p in positions} <= names
    reps: dict[str, Any] = {repr(p): p for p in positions}
    for name in names:
        p = reps.get(name) or eval(name)
        r = results[node[type(p), p.key()]]
        assert r.left_first == winner(0, labels[name, 0]), (start, name)
        assert r.right_first == winner(1, labels[name, 1]), (start, name)
    assert loopy_outcome(start) == LoopyOutcome(results[0].left_first, results[0].right_first)


def random_strip(rng: random.Random, longest: int) -> str:
    n = rng.randint(1, longest)
    return "".join(rng.choice("tf..") for _ in range(n))


# ---------------------------------------------------------------------------
# independent checks
# ---------------------------------------------------------------------------
def test_backsliding_against_naive_fixpoint() -> None:
    rng = random.Random(20261122)
    strips = {random_strip(rng, 7) for _ in range(400)}
    strips |= {"t.f", "tt..ff", "tt.ff", "ttt..ff", "t.t.f.f"}
    assert len(strips) >= 200
    draws = 0
    for s in sorted(strips):
        check_against_naive(BackslidingToadsAndFrogs(s))
        draws += Winner.DRAW in loopy_outcome(BackslidingToadsAndFrogs(s))
    assert draws > 0  # the comparison covers draws too


def random_fox_and_geese(rng: random.Random, rows: int, cols: int) -> FoxAndGeese:
    colour = rng.randint(0, 1)
    squares = [(r, c) for r in range(rows) for c in range(cols) if (r + c) % 2 == colour]
    picked = rng.sample(squares, rng.randint(2, 4))
    return FoxAndGeese(fox=picked[0], geese=picked[1:], rows=rows, cols=cols)


def test_fox_and_geese_against_naive_fixpoint() -> None:
    rng = random.Random(7)
    boards = {random_fox_and_geese(rng, 4, 4) for _ in range(40)}
    boards |= {random_fox_and_geese(rng, 4, 6) for _ in range(30)}
    boards |= {random_fox_and_geese(rng, 3, 5) for _ in range(10)}
    assert len(boards) >= 50
    seen = set()
    for g in sorted(boards, key=repr):
        check_against_naive(g)
        seen.add(g.outcome())
    assert len(seen) >= 2  # both sides win somewhere


def test_short_toads_and_frogs_agree_with_values() -> None:
    rng = random.Random(11)
    strips = {random_strip(rng, 8) for _ in range(600)}
    strips = set(sorted(strips)[:260])
    assert len(strips) >= 200
    for s in sorted(strips):
        p = ToadsAndFrogs(s)
        out = loopy_outcome(p)
        assert Winner.DRAW not in out
        assert out.short == p.value().outcome(), s
        assert game_graph(p)[0].is_stopper


def test_forward_moves_are_toads_and_frogs_moves() -> None:
    # Backsliding adds moves to Toads and Frogs and removes none
    rng = random.Random(3)
    for _ in range(100):
        s = random_strip(rng, 8)
        b, t = BackslidingToadsAndFrogs(s), ToadsAndFrogs(s)
        for mine, theirs in (
            (b.left_options(), t.left_options()),
            (b.right_options(), t.right_options()),
        ):
            assert [str(o) for o in theirs] == [str(o) for o in mine][: len(theirs)]
            for o in mine[len(theirs) :]:
                assert "slides back" in str(b.describe_move(o))


# ---------------------------------------------------------------------------
# published and hand-checked facts
# ---------------------------------------------------------------------------
def test_lonely_toad_is_on() -> None:
    # a toad alone slides forward and back for ever; Right never moves: on = {on|}
    out = loopy_outcome(BackslidingToadsAndFrogs("t."))
    assert out == LoopyOutcome(Winner.LEFT, Winner.LEFT)
    graph, _ = game_graph(BackslidingToadsAndFrogs("t."))
    assert graph.left == ((1,), (0,)) and graph.right == ((), ())


def test_backsliding_makes_play_loopy() -> None:
    # Albert and Nowakowski (GONC 3): "unlike standard Toads and Frogs, the
    # backsliding variant is loopy"
    graph, _ = game_graph(BackslidingToadsAndFrogs("tt..ff"))
    assert not graph.is_stopper
    assert game_graph(ToadsAndFrogs("tt..ff"))[0].is_stopper


def test_ttt_fff_is_a_draw() -> None:
    out = BackslidingToadsAndFrogs("ttt..fff").outcome()
    assert out == LoopyOutcome(Winner.DRAW, Winner.DRAW)
    assert out.short is None


def test_fox_and_geese_small_cases() -> None:
    # a trapped fox loses at once; geese out of moves lose at once
    trapped = FoxAndGeese("o.|.x")
    assert trapped.right_options() == []
    assert trapped.outcome().right_first is Winner.LEFT
    stuck = FoxAndGeese(".o|x.")
    assert stuck.left_options() == []
    assert stuck.outcome().left_first is Winner.RIGHT
    # alternating play always ends (each goose move goes down a row): no draws
    rng = random.Random(5)
    for _ in range(20):
        g = random_fox_and_geese(rng, 4, 4)
        assert Winner.DRAW not in g.outcome()


def test_fox_and_geese_standard_board_is_big() -> None:
    # Winning Ways ("Fox and Geese"): with four geese on the 8x8 board the geese win.
    # The full graph has 966,123 nodes (about 40 s: benchmarks/bench_loopy.py
    # checks it, the geese win whoever starts); here only that it is refused early.
    with pytest.raises(TooLarge, match="limit max_nodes=2000"):
        FoxAndGeese.standard().game_graph(max_nodes=2000)


# ---------------------------------------------------------------------------
# the protocol: errors, limits, identity
# ---------------------------------------------------------------------------
def test_too_large() -> None:
    with pytest.raises(
        TooLarge, match=r"more than 10 nodes \(11 found so far, limit max_nodes=10\)"
    ):
        game_graph(BackslidingToadsAndFrogs("tt..ff"), max_nodes=10)
    with pytest.raises(TooLarge):
        BackslidingToadsAndFrogs("tt..ff").game_graph(max_nodes=3)
    with pytest.raises(InvalidArgument):
        game_graph(BackslidingToadsAndFrogs("t."), max_nodes=0)
    graph, positions = game_graph(BackslidingToadsAndFrogs("tt..ff"), max_nodes=90)
    assert graph.size == len(positions) == 90


def test_values_are_loopy_values() -> None:
    from cgt.loopy import LoopyGame, off, on

    # a lone toad (frog) with room behind it can always pace: on (off), as in CGSuite
    assert BackslidingToadsAndFrogs("t.").value() == on
    assert BackslidingToadsAndFrogs(".f").value() == off
    assert BackslidingToadsAndFrogs("tf").value() == 0  # nothing repeats: a short game
    for text in (".x.x|....|...o|....", "x.x.|....|o..."):
        board = FoxAndGeese(text)
        v = board.value()
        assert isinstance(v, LoopyGame) and v.is_stopper
        assert v.outcome() == board.outcome()
        # the value plays like the position in sums with numbers too
        for n in (-2, -1, 1, 2):
            assert (v + n).outcome() == loopy_outcome(board + n)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("t.x", "'x' at row 0, column 2"),
        ("x.x.|o..", "shorter"),
        ("x.#.|o...", "'#' at row 0, column 2"),
        ("x.|o#..", "'#' at row 1, column 1"),
        ("x..|o.", r"row 1 .* is shorter .*no square at column 2"),
        ("x.z.|o...", "'z' at row 0, column 2"),
        ("x.x.|....", "exactly one fox"),
        ("o.o.|....", "exactly one fox"),
        ("x.o|x..", r"goose at \(1, 0\)"),
    ],
)
def test_bad_input(text: str, message: str) -> None:
    kind = BackslidingToadsAndFrogs if text.startswith("t") else FoxAndGeese
    with pytest.raises(InvalidPosition, match=message):
        kind(text)


def test_bad_keywords() -> None:
    with pytest.raises(InvalidPosition, match=r"\(8, 0\) is off the 8x8 board"):
        FoxAndGeese(fox=(8, 0), geese=[])
    with pytest.raises(InvalidPosition, match="goose square"):
        FoxAndGeese(fox=(0, 0), geese=[(0, 0)])
    with pytest.raises(InvalidPosition, match="two geese"):
        FoxAndGeese(fox=(0, 0), geese=[(1, 1), (1, 1)])
    with pytest.raises(InvalidPosition, match="fox=\\(row, column\\)"):
        FoxAndGeese(geese=[(1, 1)])
    with pytest.raises(InvalidPosition, match="rows must be"):
        FoxAndGeese(fox=(0, 0), rows=0)
    with pytest.raises(InvalidPosition, match="not a \\(row, column\\) pair"):
        FoxAndGeese(fox=(0, 0), geese=[(1, "a")])  # type: ignore[list-item]
    with pytest.raises(InvalidPosition, match="not both"):
        FoxAndGeese("o.", fox=(0, 0))


def test_identity_pickle_and_display() -> None:
    p: Any
    for p in (
        BackslidingToadsAndFrogs("TT.F"),
        FoxAndGeese.standard(),
        FoxAndGeese("x.x.|....|o..."),
    ):
        q = pickle.loads(pickle.dumps(p))
        assert q == p and hash(q) == hash(p) and q.key() == p.key()
        assert eval(repr(p)) == p
        assert type(p)(p) == p
        svg = p._repr_svg_()
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert p.components() == [p]
    assert str(BackslidingToadsAndFrogs("TT.F")) == "tt.f"
    assert repr(BackslidingToadsAndFrogs("TT.F")) == "BackslidingToadsAndFrogs('tt.f')"
    assert BackslidingToadsAndFrogs("tt.f") != ToadsAndFrogs("tt.f")
    g = FoxAndGeese("x.x.|....|o...")
    assert str(g) == "x.x.\n....\no..."
    assert repr(g) == "FoxAndGeese('x.x.|....|o...')"
    assert g._repr_svg_().count("<circle") == 3
    assert FoxAndGeese.standard() != FoxAndGeese.standard(2)


def test_describe_moves() -> None:
    b = BackslidingToadsAndFrogs("t.tf.")
    said = [b.describe_move(o) for o in b.left_options() + b.right_options()]
    assert said == [
        "t at 0 steps to 1",
        "t at 2 jumps to 4",
        "t at 2 slides back to 1",
        "f at 3 jumps to 1",
        "f at 3 slides back to 4",
    ]
    assert b.describe_move(BackslidingToadsAndFrogs("ff")) is None
    g = FoxAndGeese("........|...o....|....x...|........")
    assert g.describe_move(g.right_options()[0]) == "fox (1, 3) to (0, 2)"
    assert [g.describe_move(o) for o in g.left_options()] == [
        "goose (2, 4) to (3, 3)",
        "goose (2, 4) to (3, 5)",
    ]
    h = FoxAndGeese("x.x.|....|o...")
    assert [h.describe_move(o) for o in h.left_options()] == [
        "goose (0, 0) to (1, 1)",
        "goose (0, 2) to (1, 1)",
        "goose (0, 2) to (1, 3)",
    ]
    assert h.describe_move(FoxAndGeese.standard()) is None


def test_keys_normalise() -> None:
    # nothing can move: one key
    assert BackslidingToadsAndFrogs("tf").key() == BackslidingToadsAndFrogs("").key()
    assert BackslidingToadsAndFrogs("...").components() == []
    # mirror images of Fox and Geese boards share a node
    a, b = FoxAndGeese("x.x.|.o.."), FoxAndGeese(".x.x|..o.")
    assert a.key() == b.key() and a != b
    assert game_graph(a)[0].size == game_graph(b)[0].size


def test_outcome_types() -> None:
    out = BackslidingToadsAndFrogs("t..f").outcome()
    assert isinstance(out, LoopyOutcome) and out.short is Outcome.N
    graph, positions = BackslidingToadsAndFrogs("t..f").game_graph()
    assert graph.size == len(positions) == 12


def test_every_option_is_described_apart() -> None:
    rng = random.Random(13)
    positions: list[Any] = [BackslidingToadsAndFrogs(random_strip(rng, 8)) for _ in range(60)]
    positions += [random_fox_and_geese(rng, 5, 5) for _ in range(30)]
    sides = {BackslidingToadsAndFrogs: ("t ", "f "), FoxAndGeese: ("goose ", "fox ")}
    for p in positions:
        for prefix, options in zip(
            sides[type(p)], (p.left_options(), p.right_options()), strict=True
        ):
            said = [p.describe_move(o) for o in options]
            assert all(s is not None and s.startswith(prefix) for s in said), (p, said)
            assert len(set(said)) == len(said) == len({repr(o) for o in options}), p


# ---------------------------------------------------------------------------
# CGSuite's published Fox and Geese values
# ---------------------------------------------------------------------------
class PlusInteger:
    """A position plus the integer ``n`` (``n`` spare moves for Left, or ``-n`` for
    Right when negative): the outcomes of ``G + n`` tell the stops of ``G``."""

    def __init__(self, position: Any, n: int) -> None:
        self.position, self.n = position, n

    def left_options(self) -> list[PlusInteger]:
        out = [PlusInteger(o, self.n) for o in self.position.left_options()]
        if self.n > 0:
            out.append(PlusInteger(self.position, self.n - 1))
        return out

    def right_options(self) -> list[PlusInteger]:
        out = [PlusInteger(o, self.n) for o in self.position.right_options()]
        if self.n < 0:
            out.append(PlusInteger(self.position, self.n + 1))
        return out

    def key(self) -> Any:
        return (self.position.key(), self.n)


def cgsuite_board(geese: list[tuple[int, int]], fox: tuple[int, int], top: int) -> FoxAndGeese:
    """A CGSuite Fox and Geese position (rows counted from 1 at the bottom, the geese
    moving down, columns from 1, width 8, no top edge) on a board with two rows
    above ``top``, the highest goose row: a fox that gets level with the last goose
    plays up there for ever while the geese run out of moves, as CGSuite's ``off``.
    """
    rows = top + 2

    def square(rc: tuple[int, int]) -> tuple[int, int]:
        return rows - rc[0], rc[1] - 1

    return FoxAndGeese(fox=square(fox), geese=[square(g) for g in geese], rows=rows, cols=8)


L_, R_, N_, P_ = (
    LoopyOutcome(Winner.LEFT, Winner.LEFT),
    LoopyOutcome(Winner.RIGHT, Winner.RIGHT),
    LoopyOutcome(Winner.LEFT, Winner.RIGHT),
    LoopyOutcome(Winner.RIGHT, Winner.LEFT),
)

# CGSuite's test suite (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
# GameGridTest.scala): FoxAndGeese.ValuesTable({(3,1),(3,3),(3,5),(3,7)}) has, by the
# fox's square, the values below; the outcomes of value - k for k = 0..7 follow from
# them (over = {0|over} is positive and below every positive number).
CGSUITE_TABLE = {
    (2, 2): ("2over", [L_, L_, L_, R_, R_, R_, R_, R_]),
    (2, 4): ("2", [L_, L_, P_, R_, R_, R_, R_, R_]),
    (2, 6): ("3*", [L_, L_, L_, N_, R_, R_, R_, R_]),
    (2, 8): ("4over", [L_, L_, L_, L_, L_, R_, R_, R_]),
    (1, 1): ("{6|2over}", [L_, L_, L_, N_, N_, N_, N_, R_]),
    (1, 3): ("{2over|2}", [L_, L_, N_, R_, R_, R_, R_, R_]),
    (1, 5): ("{4|3||2}", [L_, L_, N_, R_, R_, R_, R_, R_]),
    (1, 7): ("{4over|3*}", [L_, L_, L_, L_, N_, R_, R_, R_]),
}


@pytest.mark.slow
def test_fox_and_geese_agrees_with_cgsuite_values() -> None:
    geese = [(3, 1), (3, 3), (3, 5), (3, 7)]
    start = PlusInteger(cgsuite_board(geese, (1, 1), 3), -7)
    graph, positions = game_graph(start)
    results = analyse(graph)
    node = {p.key(): i for i, p in enumerate(positions)}
    for fox, (value, outcomes) in CGSUITE_TABLE.items():
        g = cgsuite_board(geese, fox, 3)
        for k, expected in enumerate(outcomes):
            r = results[node[g.key(), -k]]
            assert LoopyOutcome(r.left_first, r.right_first) == expected, (value, k)


@pytest.mark.slow
def test_fox_and_geese_four_geese_agrees_with_cgsuite_value() -> None:
    # CGSuite (GameGridTest.scala): FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)) is
    # {4*|7/2}: G - k is a Left win for k <= 3 whoever starts, and for k = 4 a Right
    # win (Left's 4* - 4 = * leaves Right to take the star; Right's 7/2 - 4 < 0).
    geese = [(4, 2), (4, 4), (4, 6), (4, 8)]
    g = cgsuite_board(geese, (1, 1), 4)
    graph, positions = game_graph(PlusInteger(g, -4))
    results = analyse(graph)
    node = {p.key(): i for i, p in enumerate(positions)}
    for k, expected in enumerate([L_, L_, L_, L_, R_]):
        r = results[node[g.key(), -k]]
        assert LoopyOutcome(r.left_first, r.right_first) == expected, k


def test_backsliding_agrees_with_cgsuite_value() -> None:
    # CGSuite's test suite (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/
    # lang/GameStripTest.scala): BackslidingToadsAndFrogs("ttt..fff").GameValue is
    # {on||0|-1/2} & {1/2|0||off} (onside & offside).  Alone: a draw whoever starts.
    # Plus n >= 1: Left moving first wins (offside: she plays to {1/2|0} + n, and
    # Right's reply leaves at least n > 0); Right moving first draws (offside: he
    # plays to off, so he does not lose; onside: his move leaves {0|-1/2} + n and
    # Left plays to n, so he does not win).  Minus n: the mirror image.
    start = PlusInteger(BackslidingToadsAndFrogs("ttt..fff"), 3)
    graph, positions = game_graph(start)
    results = analyse(graph)
    node = {p.key(): i for i, p in enumerate(positions)}
    key = BackslidingToadsAndFrogs("ttt..fff").key()
    expected = {
        0: LoopyOutcome(Winner.DRAW, Winner.DRAW),
        1: LoopyOutcome(Winner.LEFT, Winner.DRAW),
        2: LoopyOutcome(Winner.LEFT, Winner.DRAW),
        3: LoopyOutcome(Winner.LEFT, Winner.DRAW),
    }
    for n, out in expected.items():
        r = results[node[key, n]]
        assert LoopyOutcome(r.left_first, r.right_first) == out, n
    below = PlusInteger(BackslidingToadsAndFrogs("ttt..fff"), -2)
    assert loopy_outcome(below) == LoopyOutcome(Winner.DRAW, Winner.RIGHT)


@pytest.mark.slow
def test_sums_are_loopy_positions_too() -> None:
    # a Sum of positions and integers has options and a key: its graph is the
    # product graph, and its outcomes agree with the PlusInteger ones above
    g = BackslidingToadsAndFrogs("ttt..fff")
    for n in range(-3, 4):
        assert loopy_outcome(g + n) == loopy_outcome(PlusInteger(g, n)), n
    on, off = BackslidingToadsAndFrogs("t."), BackslidingToadsAndFrogs(".f")
    assert loopy_outcome(on + off) == LoopyOutcome(Winner.DRAW, Winner.DRAW)  # dud
    assert loopy_outcome(on + -5) == LoopyOutcome(Winner.LEFT, Winner.LEFT)
    with pytest.raises(LoopyPosition, match="loopy_outcome"):
        (g + 1).outcome()


def test_not_positions() -> None:
    class ListKey(BackslidingToadsAndFrogs):
        def key(self) -> Any:
            return [self.strip]

    class BadOption(BackslidingToadsAndFrogs):
        def left_options(self) -> list[Any]:
            return [3]

    with pytest.raises(PositionProtocolError, match="not hashable"):
        game_graph(ListKey("t."))
    with pytest.raises(PositionProtocolError, match=r"3 \(an int\) is not a position"):
        game_graph(BadOption("t."))
