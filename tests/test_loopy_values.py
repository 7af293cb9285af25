"""Values of loopy games: sums, the order of stoppers, parsing and printing.

Sources: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.), vol. 2, ch. 11
("Games Infinite and Indefinite"); Siegel, *Combinatorial Game Theory*
(AMS 2013), ch. VI; CGSuite's help page "Loopy Games" (definitions
``on := {pass|}``, ``off := {|pass}``, ``over := {0|pass}``,
``upon := {pass|*}``; "a{0|a} is equivalent to {0|pass} (it's another name
for over)"; "dud = on & off").  Facts proved by hand are proved in a comment.
"""

from __future__ import annotations

import contextlib
import pickle
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import CGTError, InvalidArgument, ParseError
from cgt.loopy import (
    GameGraph,
    LoopyGame,
    NotAStopper,
    SidesNotFound,
    Winner,
    dud,
    off,
    on,
    over,
    parse_loopy,
    sides,
    under,
    upon,
)
from tests.tools.tiers import examples

from .strategies import small_games

L, R, D = Winner.LEFT, Winner.RIGHT, Winner.DRAW


# ---------------------------------------------------------------------------
# an independent retrograde analysis: naive fixpoint over (position, mover)
# ---------------------------------------------------------------------------
def naive_winners(moves: Any, positions: Any) -> Any:
    """moves(pos, p) -> list of positions, p = 0 Left / 1 Right to move.

    Iterate to a fixpoint: a position is won for the mover if some move
    reaches a position lost for the opponent, lost if every move reaches a
    position won for the opponent; whatever is never settled is a draw.
    """
    value: dict[Any, Any] = {}
    changed = True
    while changed:
        changed = False
        for pos in positions:
            for p in (0, 1):
                if (pos, p) in value:
                    continue
                nexts = [value.get((q, 1 - p)) for q in moves(pos, p)]
                if "lose" in nexts:
                    value[(pos, p)] = "win"
                    changed = True
                elif all(x == "win" for x in nexts):
                    value[(pos, p)] = "lose"
                    changed = True

    def winner(pos: Any, p: Any) -> Any:
        v = value.get((pos, p))
        if v is None:
            return D
        mover_wins = v == "win"
        return (L if p == 0 else R) if mover_wins else (R if p == 0 else L)

    return winner


def naive_sum_outcome(g: GameGraph, h: GameGraph) -> Any:
    """Outcome of the sum of two graphs, straight from the components."""

    def moves(pos: Any, p: Any) -> Any:
        x, y = pos
        side_g = g.left if p == 0 else g.right
        side_h = h.left if p == 0 else h.right
        return [(x2, y) for x2 in side_g[x]] + [(x, y2) for y2 in side_h[y]]

    positions = list(product(range(g.size), range(h.size)))
    w = naive_winners(moves, positions)
    return (w((g.start, h.start), 0), w((g.start, h.start), 1))


# ---------------------------------------------------------------------------
# random small graphs
# ---------------------------------------------------------------------------
@st.composite
def graphs(draw: Any, max_nodes: int = 4) -> Any:
    n = draw(st.integers(1, max_nodes))
    moves = st.lists(st.integers(0, n - 1), max_size=2)
    left = draw(st.lists(moves, min_size=n, max_size=n))
    right = draw(st.lists(moves, min_size=n, max_size=n))
    return GameGraph.of(left, right, 0)


loopy_games = graphs().map(LoopyGame.from_graph)
stoppers = loopy_games.filter(lambda g: g.is_stopper)


# ---------------------------------------------------------------------------
# textbook facts
# ---------------------------------------------------------------------------
def test_constants_are_as_defined() -> None:
    # CGSuite help "Loopy Games"; WW ch. 11: on = {pass|}, off = {|pass},
    # over = {0|pass}, under = {pass|0}, upon = {pass|*}, dud = {pass|pass}.
    assert on == parse_loopy("{pass|}") and off == parse_loopy("{|pass}")
    assert over == parse_loopy("{0|pass}") and under == parse_loopy("{pass|0}")
    assert upon == parse_loopy("{pass|*}")
    assert dud.graph == parse_loopy("{pass|pass}").graph
    # CGSuite: "a{0|a} is equivalent to {0|pass} (it's another name for over)"
    assert parse_loopy("a{0|a}") == over


@given(small_games)
@settings(max_examples=60)
def test_on_above_and_off_below_every_short_game(g: Any) -> None:
    # WW ch. 11 / Siegel VI: on is greater, and off less, than every short game.
    # By hand: in on - g Left passes in on for ever and Right's moves in -g
    # run out, so Left wins moving second; in g - on = g + off Right passes
    # in off for ever and Left's moves in g run out, so Right wins.
    assert on > g and g < on
    assert off < g and g > off


def test_on_plus_off_is_dud() -> None:
    # CGSuite: "dud = on & off" (the sum on + off is dud); WW ch. 11: dud,
    # the deathless universal draw, in which both players can pass for ever.
    s = on + off
    assert s.graph == dud.graph and str(s) == "dud"
    assert not s.is_stopper
    assert s.outcome() == (D, D)
    with pytest.raises(NotAStopper):
        _ = s <= 0
    with pytest.raises(InvalidArgument):  # NotAStopper is an InvalidArgument
        dud.compare(on)
    # equality of non-stoppers: settled when some sum tells them apart (dud
    # is a draw, 0 a loss for the player to move), refused otherwise
    assert dud != 0 and dud != on and dud == on + off
    with pytest.raises(NotAStopper):
        _ = parse_loopy("a{{pass,a|pass}|}") == parse_loopy("a{{a|},pass|pass}")


def test_over() -> None:
    # over = {0|pass} > 0: if Right starts he can only pass, Left moves to 0
    # and Right, to move in 0, loses; if Left starts she moves to 0 and wins.
    assert over > 0 and over.outcome() == (L, L)
    # WW ch. 11: over is a positive infinitesimal, below every positive
    # number, so it is no number.  By hand, for a positive number x: in
    # x - over = x + under Left can always pass (in under) and Right's moves
    # in x run out, so Right must move under to 0, leaving x > 0 to Left;
    # in over - x Right passes in over for ever, Left's moves in -x run out
    # and she must move over to 0, leaving -x < 0 to Right.
    for k in range(8):
        assert over < cgt.number(cgt.Dyadic(1, 2**k))
    assert over != 0 and not over.is_short
    # under is defined as {pass|0} = -over
    assert under == -over and -under == over and under < 0


def test_on_plus_on_is_on() -> None:
    # WW ch. 11: on + on = on (Right still never moves, Left can always pass).
    assert on + on == on
    assert off + off == off


def test_outcomes_of_the_constants() -> None:
    # on: Left always has a move and Right never: Left wins whoever starts.
    assert on.outcome() == (L, L) and off.outcome() == (R, R)
    assert under.outcome() == (R, R)
    # upon = {pass|*}: Right starting must go to *, and Left moves to 0 and
    # wins; Left starting passes and we are in the previous case.
    assert upon.outcome() == (L, L) and upon > 0 and upon.is_stopper
    # upon + *: Left starting moves * to 0 and leaves upon, won for her;
    # Right starting moves upon to *, leaving * + * = 0 for Left: Right wins.
    assert (upon + cgt.star).outcome() == (L, R)
    assert upon.compare(cgt.star) is cgt.Relation.CONFUSED


def test_on_and_on_compare_equal_though_on_minus_on_is_dud() -> None:
    # G >= G by the mirror strategy, even where G - G is not a stopper.
    assert on >= on and on == on
    assert not (over - over).is_stopper
    assert over >= over and upon <= upon


def test_short_games_convert() -> None:
    g = cgt.parse("{1|0}")
    x = LoopyGame.of(g)
    assert x == g and g == x and x.to_short() is g
    # a cycle can be equal to a short game: {|on} = 0 (Right's only move is
    # to on, where he never moves again: Right starting loses, and Left
    # starting has no move and loses)
    y = parse_loopy("{|on}")
    assert y == 0 and y == LoopyGame.of(0) and hash(y) == hash(LoopyGame.of(0))
    assert parse_loopy("{1|0}") is g
    with pytest.raises(InvalidArgument):
        over.to_short()


# ---------------------------------------------------------------------------
# retrograde analysis of sums against the naive fixpoint
# ---------------------------------------------------------------------------
@given(graphs(), graphs())
@settings(max_examples=150)
def test_sum_outcome_matches_naive_analysis(g: Any, h: Any) -> None:
    expected = naive_sum_outcome(g, h)
    got = (LoopyGame.from_graph(g) + LoopyGame.from_graph(h)).outcome()
    assert tuple(got) == expected


@given(graphs())
@settings(max_examples=100)
def test_outcome_matches_naive_analysis(g: Any) -> None:
    zero = GameGraph.of([[]], [[]])
    assert tuple(LoopyGame.from_graph(g).outcome()) == naive_sum_outcome(g, zero)


# ---------------------------------------------------------------------------
# laws on random stoppers
# ---------------------------------------------------------------------------
@given(stoppers, stoppers)
@settings(max_examples=100)
def test_sum_commutes(g: Any, h: Any) -> None:
    a, b = g + h, h + g
    assert a.outcome() == b.outcome()
    if a.is_stopper:
        assert a == b


@given(stoppers, stoppers)
@settings(max_examples=100)
def test_equal_values_hash_alike(g: Any, h: Any) -> None:
    if g == h:
        assert hash(g) == hash(h)


@given(stoppers)
@settings(max_examples=100)
def test_reflexive_and_negation(g: Any) -> None:
    assert g >= g and g <= g and g == g
    negative = -g
    assert -negative == g


@given(stoppers, stoppers)
@settings(max_examples=100)
def test_negation_reverses_order(g: Any, h: Any) -> None:
    assert (g <= h) == (-h <= -g)
    assert (
        g.compare(h)
        is {
            cgt.Relation.LESS: cgt.Relation.GREATER,
            cgt.Relation.GREATER: cgt.Relation.LESS,
            cgt.Relation.EQUAL: cgt.Relation.EQUAL,
            cgt.Relation.CONFUSED: cgt.Relation.CONFUSED,
        }[h.compare(g)]
    )


@given(stoppers, stoppers, stoppers)
@settings(max_examples=100)
def test_transitive(g: Any, h: Any, k: Any) -> None:
    if g <= h and h <= k:
        assert g <= k


@given(stoppers)
@settings(max_examples=60)
def test_adding_numbers_moves_up_and_down(g: Any) -> None:
    # a stopper plus a short game is a stopper; adding 1 cannot decrease it
    # (not strictly: off - 1 = off, on + 1 = on)
    assert g - 1 <= g <= g + 1
    assert g - 1 <= g + 1
    assert off - 1 == off and on + 1 == on


@given(small_games, small_games)
@settings(max_examples=150)
def test_order_of_embedded_short_games_agrees(g: Any, h: Any) -> None:
    x, y = LoopyGame.of(g), LoopyGame.of(h)
    assert (x <= y) == (g <= h)
    assert (x == y) == (g == h)
    assert x.compare(y) is g.compare(h)
    assert x.outcome().short == g.outcome()
    assert (x + y).to_short() == g + h


# ---------------------------------------------------------------------------
# parsing and printing
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["on", "off", "over", "under", "upon", "dud"])
def test_constants_print_by_name(name: Any) -> None:
    value = parse_loopy(name)
    # CGSuite prints upon as ^[on] (GameTest.scala: ("upon", "^[on]"))
    assert str(value) == ("^[on]" if name == "upon" else name)


def test_printing_examples() -> None:
    assert str(-over) == "under" and str(on + 5) == "on"
    # not a stopper: str() gives the sides, as CGSuite prints its value
    # (EvalTest.scala, "stopper-sided": a{1||a|0} is 2 & +-1); repr() the graph
    assert str(parse_loopy("a{1||a|0}")) == "2 & +-1"
    assert repr(parse_loopy("a{1||a|0}")) == "a{1|{a|0}}"
    # the stopper of Siegel's Figure VI.3.2, as CGSuite's help enters it and as
    # CGSuite prints it (EvalTest.scala, "canonical 4-cycle")
    g = parse_loopy("a{0||||0|||a|*||*}")
    assert isinstance(g, LoopyGame) and g.is_stopper
    assert str(g) == "a{0||||0|||a|*||*}"
    assert g.graph == parse_loopy("a{0|{0|{{a|*}|*}}}").graph


@given(loopy_games)
@settings(max_examples=150)
def test_print_parse_round_trip(g: Any) -> None:
    text = str(g)
    if g.is_stopper:
        assert parse_loopy(text) == g and repr(g) == text
        return
    # repr: the whole graph, read back to the same graph
    back = parse_loopy(repr(g))
    assert back.graph == g.graph and repr(back) == repr(g)
    # str: the sides, read back (cgt.parse) to a sided value equal to g, or a summary
    if text.startswith("<loopy game:"):
        with pytest.raises(SidesNotFound):
            sides(g)
    else:
        assert cgt.parse(text) == sides(g)


@given(loopy_games)
@settings(max_examples=60)
def test_pickle(g: Any) -> None:
    back = pickle.loads(pickle.dumps(g))
    assert back.graph == g.graph and str(back) == str(g)


@given(small_games)
@settings(max_examples=60)
def test_short_text_reads_as_cgt_parse(g: Any) -> None:
    assert parse_loopy(str(g)) is g


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("{0|1", 0, "'{'"),
        ("{0|1}}", 5, "unexpected '}'"),
        ("a{0|pass", 1, "'{'"),
        ("{0|b}", 3, "unknown name 'b'"),
        ("a{0|b{a|c}}", 8, "unknown name 'c'"),
        ("{0|1$}", 4, "unexpected character '$'"),
        ("pass", 0, "'pass'"),
        ("a{0|a+1}", 4, "only be an option"),
        ("on{0|}", 0, "constant"),
        ("{on}", 0, "'|'"),
        ("", 0, "empty"),
    ],
)
def test_parse_errors(text: Any, position: Any, message: Any) -> None:
    with pytest.raises(ParseError) as info:
        parse_loopy(text)
    err = info.value
    assert err.position == position and message in str(err)
    caret_line = str(err).splitlines()[2]
    assert caret_line.index("^") - 2 == position


def test_parse_error_is_a_cgt_error() -> None:
    with pytest.raises(CGTError):
        parse_loopy("{|")
    with pytest.raises(cgt.errors.WrongType):
        parse_loopy(None)  # type: ignore[arg-type]


def test_sums_and_names_in_text() -> None:
    assert parse_loopy("on + off").graph == dud.graph
    assert parse_loopy("-over") == under
    assert parse_loopy("1/2 + over") == cgt.number(cgt.Dyadic(1, 2)) + over
    assert parse_loopy("over - over").graph == (over - over).graph
    assert parse_loopy("-1v") is cgt.parse("-1v")
    # a name is lexically scoped: b is known only inside the braces it labels
    g = parse_loopy("a{0,{1|a}|b{a|b,-1}}")
    assert isinstance(g, LoopyGame)
    assert parse_loopy(repr(g)) == g


# ---------------------------------------------------------------------------
# simplification
# ---------------------------------------------------------------------------
@given(stoppers)
@settings(max_examples=100)
def test_simplify_keeps_the_value(g: Any) -> None:
    s = g.simplify()
    assert s == g and s.graph.size <= g.graph.size


@st.composite
def acyclic_graphs(draw: Any, max_nodes: int = 6) -> Any:
    # moves only to later nodes: a short game, given as an arbitrary graph
    n = draw(st.integers(1, max_nodes))
    sides = []
    for _ in range(2):
        side = []
        for i in range(n):
            later = st.integers(i + 1, n - 1) if i < n - 1 else st.nothing()
            side.append(draw(st.lists(later, max_size=2)) if i < n - 1 else [])
        sides.append(side)
    return GameGraph.of(sides[0], sides[1], 0)


@given(acyclic_graphs())
@settings(max_examples=100)
def test_simplify_reaches_the_canonical_form_of_short_games(graph: Any) -> None:
    # checked against cgt.Game's own canonical form (ONAG / Siegel II)
    g = LoopyGame.from_graph(graph)
    canonical = LoopyGame.of(g.to_short())
    assert g.simplify().graph.size == canonical.graph.size


def test_simplified_printing() -> None:
    assert str(parse_loopy("{|on}")) == "0"  # proved equal to 0 above
    assert str(parse_loopy("{0, pass | a{0|a}, 5}")) == str(
        parse_loopy("{0, pass | a{0|a}, 5}").simplify()
    )
    assert str(on + off) == "dud" and dud.simplify() is dud


@pytest.mark.slow
def test_long_cycles_print_and_read_back() -> None:
    # a 3000-position cycle that is not a stopper (no simplification):
    # printing names each position once; reading it back gives the same graph
    n = 3000
    left = [[i + 1, n] for i in range(n - 1)] + [[0], []]
    right = [[(i + 1) % n] for i in range(n)] + [[]]
    g = LoopyGame.from_graph(GameGraph.of(left, right))
    assert not g.is_stopper
    assert parse_loopy(repr(g)).graph == g.graph


def test_positions_met_twice_are_named_once() -> None:
    # both players move to the same non-stopper position x = {pass, 0 | pass}
    g = LoopyGame.from_graph(GameGraph.of([[1], [1, 2], []], [[1], [1], []]))
    text = repr(g)
    assert text == "{a{pass,0|pass}|a}"
    assert parse_loopy(text).graph == g.graph
    # a name written earlier (not around) still refers to its braces
    assert parse_loopy("{b{0|b}|b}") == parse_loopy("{{0|pass}|{0|pass}}")


_PIECES = [*"{}|,+-*^v01() ", "pass", "on", "off", "over", "a", "b", "a{", "upon", "||"]


@given(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join))
@settings(max_examples=300)
def test_any_text_reads_or_raises_a_cgt_error(text: Any) -> None:
    with contextlib.suppress(CGTError):
        parse_loopy(text)


_RANK = {R: 0, D: 1, L: 2}  # better for Left: a Right win, a draw, a Left win


@given(stoppers, stoppers, loopy_games)
@settings(max_examples=examples(200))
def test_order_agrees_with_outcomes_in_every_context(g: Any, h: Any, x: Any) -> None:
    # Siegel VI defines G >= H by o(G + X) >= o(H + X) for every X (whoever
    # starts, Left does at least as well); check the survival criterion
    # against it on random contexts X, loopy or not, computed naively.
    if g >= h:
        for first in (0, 1):
            better = naive_sum_outcome((g + x).graph, GameGraph.of([[]], [[]]))[first]
            worse = naive_sum_outcome((h + x).graph, GameGraph.of([[]], [[]]))[first]
            assert _RANK[better] >= _RANK[worse]
    else:
        # the context -H tells them apart: Right, starting, wins G - H but
        # not H - H (where Left mirrors him)
        assert (g - h).outcome().right_first is R
        assert (h - h).outcome().right_first is not R
