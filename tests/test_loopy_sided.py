"""Sided values: onsides and offsides of loopy games (cgt.loopy.sided).

The independent check: the onside ``S`` of ``G`` behaves like ``G`` when
infinite play is counted for Left, in every stopper context ``X``:
``o+(G + X) == o+(S + X)``; the offside likewise with infinite play for
Right (Winning Ways ch. 11, Siegel ch. VI).  Outcomes here come from a naive
fixpoint written in this file, not from ``cgt.loopy.analyse``.
"""

from __future__ import annotations

import contextlib
import pickle
import random

import pytest

from cgt.games import BackslidingToadsAndFrogs
from cgt.loopy import (
    GameGraph,
    LoopyGame,
    LoopyOutcome,
    Winner,
    analyse,
    dud,
    off,
    on,
    over,
    parse_loopy,
    sided,
    under,
    upon,
)
from cgt.loopy.sided import SidedValue, SidesNotFound, sides

from .loopy_samples import random_graph, random_moves


# --- a naive, independent outcome with draws given to one player ------------
def _graph(g: object) -> tuple[list[list[int]], list[list[int]]]:
    g = LoopyGame.of(g)  # type: ignore[arg-type]
    return [list(m) for m in g.graph.left], [list(m) for m in g.graph.right]


def _sum(a: LoopyGame, b: LoopyGame) -> tuple[list[list[int]], list[list[int]]]:
    al, ar = _graph(a)
    bl, br = _graph(b)
    m = len(bl)
    n = len(al) * m
    left: list[list[int]] = [[] for _ in range(n)]
    right: list[list[int]] = [[] for _ in range(n)]
    for x in range(len(al)):
        for y in range(m):
            v = x * m + y
            left[v] = [x2 * m + y for x2 in al[x]] + [x * m + y2 for y2 in bl[y]]
            right[v] = [x2 * m + y for x2 in ar[x]] + [x * m + y2 for y2 in br[y]]
    return left, right


def _naive(left: list[list[int]], right: list[list[int]], draws_to: str) -> tuple[str, str]:
    """Outcome at node 0, (Left first, Right first), infinite play won by draws_to."""
    n = len(left)
    # the player not getting the draws must force a finite win: least fixpoint
    if draws_to == "L":
        mine, theirs, me = right, left, "R"
    else:
        mine, theirs, me = left, right, "L"
    win_me_moving = [False] * n  # `me` to move wins
    lose_other_moving = [False] * n  # the other to move loses
    changed = True
    while changed:
        changed = False
        for v in range(n):
            if not win_me_moving[v] and any(lose_other_moving[w] for w in mine[v]):
                win_me_moving[v] = changed = True
            if not lose_other_moving[v] and all(win_me_moving[w] for w in theirs[v]):
                lose_other_moving[v] = changed = True
    other = "L" if me == "R" else "R"
    if me == "R":
        return ("R" if lose_other_moving[0] else "L", "R" if win_me_moving[0] else "L")
    return ("L" if win_me_moving[0] else "R", "L" if lose_other_moving[0] else other)


_CONTEXTS = [
    LoopyGame.of(0),
    LoopyGame.of(1),
    LoopyGame.of(-1),
    parse_loopy("{0|0}"),
    parse_loopy("{1|0}"),
    parse_loopy("{0|-1}"),
    parse_loopy("{1/2|0}"),
    on,
    off,
    over,
    under,
    upon,
    -upon,
    parse_loopy("{pass|0}") + LoopyGame.of(1),
]


def _check(g: LoopyGame, s: SidedValue) -> None:
    for x in _CONTEXTS:
        assert _naive(*_sum(g, x), "L") == _naive(*_sum(s.onside, x), "L"), (g, s, x)
        assert _naive(*_sum(g, x), "R") == _naive(*_sum(s.offside, x), "R"), (g, s, x)


def _random_game(rng: random.Random, n: int) -> LoopyGame:
    left, right = random_moves(rng, n, 0.3)
    # some exits to short games
    for v in range(n):
        if rng.random() < 0.3:
            left[v].append(n + rng.randrange(3))
        if rng.random() < 0.3:
            right[v].append(n + rng.randrange(3))
    # n: 0, n+1: 1, n+2: -1
    left += [[], [n], []]
    right += [[], [], [n]]
    return LoopyGame(GameGraph.of(left, right, 0))


# --- tests -------------------------------------------------------------------
def test_dud_is_on_and_off() -> None:
    s = sides(dud)
    assert s.onside == on and s.offside == off
    assert s == SidedValue(on, off)
    assert str(s) == "on & off"
    _check(dud, s)


def test_stoppers_have_themselves_as_sides() -> None:
    for g in (on, off, over, under, upon, LoopyGame.of(1), parse_loopy("{1|0}")):
        s = sides(g)
        assert s.onside == g and s.offside == g
        assert s.is_stopper


def test_sided_value_needs_onside_ge_offside() -> None:
    from cgt.errors import InvalidArgument

    with pytest.raises(InvalidArgument):
        SidedValue(off, on)
    with pytest.raises(InvalidArgument):
        SidedValue(dud, off)


@pytest.mark.parametrize("seed", range(60))
def test_sides_agree_with_draws_counted_for_each_player(seed: int) -> None:
    rng = random.Random(seed)
    g = _random_game(rng, rng.randint(1, 3))
    try:
        s = sides(g)
    except SidesNotFound:
        pytest.skip("sides not found for this game")
    _check(g, s)


def test_some_random_games_get_sides() -> None:
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        g = _random_game(rng, rng.randint(1, 3))
        try:
            sides(g)
            found += 1
        except SidesNotFound:
            pass
    assert found >= 40


def test_negation_swaps_and_negates_sides() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        g = _random_game(rng, rng.randint(1, 3))
        try:
            s, t = sides(g), sides(-g)
        except SidesNotFound:
            continue
        assert t.onside == -s.offside and t.offside == -s.onside
        assert t == -s


def test_sides_of_sums_are_upsum_and_downsum() -> None:
    games = [dud, parse_loopy("{pass|pass,0}"), over, on + off + LoopyGame.of(1)]
    for seed in range(8):
        rng = random.Random(100 + seed)
        games.append(_random_game(rng, rng.randint(1, 2)))
    checked = 0
    for g in games:
        for h in games[:5]:
            try:
                total = sides(g + h)
                s = sides(g) + sides(h)
            except SidesNotFound:
                continue
            assert total == s
            checked += 1
    assert checked >= 20


def test_pickle_and_order() -> None:
    s = sides(dud)
    assert pickle.loads(pickle.dumps(s)) == s
    assert SidedValue(on, on) >= s >= SidedValue(off, off)
    assert not s >= 0 and not s <= 0


# --- Backsliding Toads and Frogs ----------------------------------------------
# CGSuite's test suite (aaron-siegel/cgsuite,
# lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala):
# game.strip.BackslidingToadsAndFrogs("ttt..fff").GameValue
#     == "{on||0|-1/2} & {1/2|0||off}"
def _ttt_fff() -> tuple[LoopyGame, LoopyGame, LoopyGame]:
    from cgt.games import BackslidingToadsAndFrogs

    g = BackslidingToadsAndFrogs("ttt..fff").value()
    assert isinstance(g, LoopyGame)
    return g, parse_loopy("{on||0|-1/2}"), parse_loopy("{1/2|0||off}")


@pytest.mark.slow
def test_published_sides_of_ttt_fff_behave_as_the_game() -> None:
    g, onside_, offside_ = _ttt_fff()
    assert not g.is_stopper
    published = SidedValue(onside_, offside_)
    _check(g, published)


def test_published_sides_of_ttt_fff_are_lower_and_upper_bounds() -> None:
    from cgt.loopy.sided import onside_ge

    g, onside_, offside_ = _ttt_fff()
    assert onside_ge(g, onside_)  # G+ >= {on||0|-1/2}
    assert onside_ge(-g, -offside_)  # G- <= {1/2|0||off}


@pytest.mark.slow
def test_sides_of_ttt_fff_are_the_published_ones() -> None:
    # found by sidling on values (each side checked exactly by sides())
    g, onside_, offside_ = _ttt_fff()
    s = sides(g)
    assert s.onside == onside_ and s.offside == offside_
    assert s == SidedValue(onside_, offside_)
    _check(g, s)


def test_order_of_sided_values_agrees_with_outcomes_in_contexts() -> None:
    # G >= H (side by side) implies o+(G + X) >= o+(H + X) and
    # o-(G + X) >= o-(H + X) for every stopper X; checked with the naive
    # fixpoint on the games themselves, not their sides.
    def at_least(a: tuple[str, str], b: tuple[str, str]) -> bool:
        # Left first and Right first separately: L beats R
        return all(x == "L" or y == "R" for x, y in zip(a, b, strict=True))

    games = [dud, on, off, over, under, parse_loopy("{pass|pass,0}"), LoopyGame.of(0)]
    for seed in range(12):
        rng = random.Random(200 + seed)
        games.append(_random_game(rng, rng.randint(1, 2)))
    valued = []
    for g in games:
        with contextlib.suppress(SidesNotFound):
            valued.append((g, sides(g)))
    comparable = 0
    for g, s in valued:
        for h, t in valued:
            if s >= t and g is not h:
                comparable += 1
                for x in _CONTEXTS:
                    for draws in ("L", "R"):
                        assert at_least(_naive(*_sum(g, x), draws), _naive(*_sum(h, x), draws))
    assert comparable >= 20


def test_stopper_positions_found_by_components_agree_with_is_stopper() -> None:
    from cgt.loopy.sided import _stopper_nodes

    for seed in range(100):
        rng = random.Random(seed)
        graph = _random_game(rng, rng.randint(1, 5)).graph
        expected = [
            LoopyGame(GameGraph(graph.left, graph.right, v)).is_stopper for v in range(graph.size)
        ]
        assert _stopper_nodes(graph) == expected


@pytest.mark.parametrize("position", ["t..f", "t...f", "tt.ff"])
def test_sides_of_small_backsliding_positions_behave_as_the_game(position: str) -> None:
    from cgt.games import BackslidingToadsAndFrogs

    g = BackslidingToadsAndFrogs(position).value()
    assert isinstance(g, LoopyGame)
    _check(g, sides(g))


def test_sides_of_tt_ff_behave_as_the_game() -> None:
    from cgt.games import BackslidingToadsAndFrogs

    g = BackslidingToadsAndFrogs("tt..ff").value()
    assert isinstance(g, LoopyGame) and not g.is_stopper
    _check(g, sides(g))


def test_sided_notation_reads_back() -> None:
    import cgt
    from cgt.errors import ParseError
    from cgt.loopy import parse_sided

    # CGSuite writes a sided value "onside & offside" (its StopperSidedValue docs: "1 & 0")
    cases = ["on & off", "1 & 0", "{on||0|-1/2} & {1/2|0||off}", "over & under", "2 & +-1"]
    for text in cases:
        v = cgt.parse(text)
        assert isinstance(v, SidedValue)
        assert v == parse_sided(text)
        again = cgt.parse(str(v))
        assert isinstance(again, SidedValue)
        assert again.onside == v.onside and again.offside == v.offside, text
    assert cgt.parse("on & off") == sides(dud)
    for bad in ("on &", "& off", "on & off & on", "{0|& 1}"):
        with pytest.raises(ParseError):
            cgt.parse(bad)


# --- every game of a random sample gets its sides -----------------------------
def _random_sample(count: int) -> list[LoopyGame]:
    """Non-stoppers of 1 to 4 nodes, each move present with probability 0.35."""
    rng = random.Random(1)
    games: list[LoopyGame] = []
    while len(games) < count:
        g = LoopyGame(random_graph(rng, 4, 0.35))
        if not g.is_stopper:
            games.append(g)
    return games


def test_every_game_of_a_random_sample_gets_sides_that_behave_as_the_game() -> None:
    # Before the search by taking away and unravelling Right's cycle moves,
    # 11 of these 150 raised SidesNotFound; now all 150 are found (and each
    # side was checked exactly inside sides()); here checked again, by the
    # naive fixpoint, in every context of _CONTEXTS.
    games = _random_sample(150)
    for g in games:
        s = sides(g)
        _check(g, s)
        assert s.onside >= s.offside


@pytest.mark.parametrize(
    ("text", "published"),
    [
        # CGSuite's test suite (aaron-siegel/cgsuite, lib/core/src/test/scala/
        # org/cgsuite/lang/): EvalTest.scala "stopper-sided" and "over & v";
        # SidedValueTestCase.scala; GameTest.scala (^.Pow(on) + {0|upon}).
        ("a{1||a|0}", "2 & +-1"),
        ("a{{|a}|}", "1 & 0"),
        ("{0|{dud|},*}", "^ & v*"),
        ("dud", "on & off"),
        ("^<on> + {0|upon}", "{0||0|^<on>*} & {0|^[on]}"),
        # over - over = over + under: upsum over, downsum under (Winning Ways ch. 11)
        ("over - over", "over & under"),
    ],
)
def test_published_sided_values(text: str, published: str) -> None:
    import cgt
    from cgt.loopy import parse_sided

    g = cgt.parse(text)
    assert isinstance(g, LoopyGame) and not g.is_stopper
    s = sides(g)
    want = parse_sided(published)
    assert s.onside == want.onside and s.offside == want.offside
    assert str(s) == published
    _check(g, s)


def test_bachs_carousel_is_not_given_sides() -> None:
    # Its onside and offside are not stoppers (CGSuite, EvalTest.scala, "not
    # stopper-sided"): sides() must say so, not loop or guess.
    g = parse_loopy("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    with pytest.raises(SidesNotFound, match="not be a stopper"):
        sides(g)


def test_buchi_comparison_of_onsides_agrees_with_the_checked_sides() -> None:
    # _onside_le steers the search only; it must agree with the order of the
    # sides found (each checked exactly), onsides and (through -G) offsides.
    from cgt.loopy.sided import _onside_le

    games = [*_random_sample(40)[::2], dud, on, off, over, under, upon, LoopyGame.of(0)]
    valued = [(g, sides(g)) for g in games]
    agree = 0
    for g, s in valued:
        for h, t in valued:
            assert _onside_le(g.graph, h.graph) == (s.onside <= t.onside), (g, h)
            assert _onside_le((-g).graph, (-h).graph) == (-s.offside <= -t.offside), (g, h)
            agree += 1
    assert agree == len(valued) ** 2


def test_buchi_comparison_is_the_order_of_stoppers() -> None:
    from cgt.loopy.sided import _onside_le

    stoppers = [on, off, over, under, upon, -upon, LoopyGame.of(0), LoopyGame.of(1)]
    stoppers += [
        LoopyGame.of(parse_loopy(t)) for t in ("{1|0}", "{0|0}", "{pass|0}+1", "a{1|{0|a}}")
    ]
    for a in stoppers:
        for b in stoppers:
            assert _onside_le(a.graph, b.graph) == (a <= b), (a, b)


def test_an_offside_that_needs_unravelling(monkeypatch: pytest.MonkeyPatch) -> None:
    # Game 7 of the sample.  For its offside (the onside of -G) taking Right's
    # cycle moves of -G away is not enough: one must be unravelled (Right may
    # use it once, then it is gone).  The sides, found and checked exactly,
    # behave as the game in every context of _CONTEXTS.
    import cgt.loopy.sided as sided_module
    from cgt.loopy.sided import _delete_and_unravel, onside_ge

    g = parse_loopy("a{pass|b{pass,c{b|}|a,c}}")
    calls: list[int] = []
    original = sided_module._unravel

    def counting(graph: GameGraph, edge: tuple[int, int], k: int) -> GameGraph:
        calls.append(k)
        return original(graph, edge, k)

    monkeypatch.setattr(sided_module, "_unravel", counting)
    found = _delete_and_unravel((-g).graph)
    assert calls and found is not None and found.is_stopper
    assert onside_ge(-g, found)  # found >= (-G)+ by construction, so equal
    s = sides(g)
    assert s.onside == on and s.offside == -found
    assert str(s) == "on & {0|^[on]*}"
    _check(g, s)


def test_unravelling_lets_right_use_a_move_k_times() -> None:
    from cgt.loopy.sided import _unravel

    # dud = a{pass|pass}: Right's pass allowed twice, then gone
    unravelled = _unravel(dud.graph, (0, 0), 2)
    assert unravelled.size == 3 and GameGraph.of(*_graph(dud)).size == 1
    g = LoopyGame(unravelled)
    assert g.is_stopper and not dud.is_stopper
    # Right's passes: from the start, two and then none
    v, steps = unravelled.start, 0
    while unravelled.right[v]:
        (v,) = unravelled.right[v]
        steps += 1
    assert steps == 2 and unravelled.left[v] == (v,)
    assert g == on  # Left passes for ever; Right runs out of moves


@pytest.mark.slow
def test_larger_random_games_get_sides_that_behave_as_the_game() -> None:
    # 12 sparse non-stoppers of 8 to 30 positions (each move with probability
    # 2/n): all found (before this search 5 of the 12 raised SidesNotFound), each
    # checked by the naive fixpoint in every context of _CONTEXTS.
    rng = random.Random(7)
    checked = 0
    while checked < 12:
        n = rng.randint(8, 30)
        left = [[w for w in range(n) if rng.random() < 2 / n] for _ in range(n)]
        right = [[w for w in range(n) if rng.random() < 2 / n] for _ in range(n)]
        g = LoopyGame(GameGraph.of(left, right))
        if g.is_stopper:
            continue
        _check(g, sides(g))
        checked += 1


# --- sides of positions (issue 28 item 5) --------------------------------------
@pytest.mark.parametrize("strip", ["tt..ff", "t..f", "tt.ff", "t."])
def test_sides_of_a_position_are_the_sides_of_its_value(strip: str) -> None:
    from cgt.games import BackslidingToadsAndFrogs

    position = BackslidingToadsAndFrogs(strip)
    s = sides(position)
    value = position.value()
    assert s == sides(value)
    # checked independently: the sides behave as the game itself (naive fixpoint)
    _check(LoopyGame.of(value), s)


def test_sides_of_a_short_position_are_its_value_twice() -> None:
    import cgt
    from cgt.games import Domineering

    s = sides(Domineering("..|.."))
    assert s.onside == s.offside == cgt.parse("+-1")


@pytest.mark.parametrize("bad", ["on", [1, 2], object(), None])
def test_sides_of_what_is_neither_a_game_nor_a_position(bad: object) -> None:
    from cgt.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="position with a value"):
        sides(bad)  # type: ignore[arg-type]


def test_an_offside_not_found_is_named_the_offside(monkeypatch: pytest.MonkeyPatch) -> None:
    # offside(g) searches the onside of -g; its failure must speak of g's offside
    from cgt.loopy import sided

    def fail(graph: object, built: int, checks: int) -> None:
        raise sided.SidesNotFound(
            "the onside of this loopy game (9 positions) was not found exactly: no candidate "
            "(Right's cycle moves cut) passed the check; the onside may not be a stopper"
        )

    monkeypatch.setattr(sided, "_search", fail)
    sided._ONSIDES.clear()
    g = parse_loopy("{pass|pass,0}")  # not a stopper
    with pytest.raises(sided.SidesNotFound) as err:
        sided.offside(g)
    assert "offside of this loopy game" in str(err.value) and "onside" not in str(err.value)
    assert "Left's cycle moves" in str(err.value)
    with pytest.raises(sided.SidesNotFound, match="the onside of this loopy game"):
        sided.onside(g)
    sided._ONSIDES.clear()


# ---------------------------------------------------------------------------
# positions whose onside is off (issue 33: the offside of tt.t..ff)
# ---------------------------------------------------------------------------
def _wins(g: LoopyGame, infinite: Winner) -> tuple[Winner, Winner]:
    """Who wins ``g`` with Left and with Right first, infinite play going to ``infinite``."""
    r = analyse(g.graph)[g.graph.start]
    return (
        infinite if r.left_first is Winner.DRAW else r.left_first,
        infinite if r.right_first is Winner.DRAW else r.right_first,
    )


@pytest.mark.slow
def test_positions_pinned_to_off_play_like_off() -> None:
    # sidling from on never reaches them (S_k goes -1, -2, ...); the search starts
    # them at off.  Independently: o+(H(v) + n) = o+(off + n), Right wins either way
    h = -BackslidingToadsAndFrogs("tt.t..ff").value()
    graph = h.graph
    bottom = sided._off_nodes(graph, sided._stopper_nodes(graph))
    pinned = [v for v in range(graph.size) if bottom[v]]
    assert graph.start in pinned and len(pinned) < graph.size
    for v in pinned[::7]:
        at = LoopyGame(GameGraph(graph.left, graph.right, v))
        for n in (0, 1, 3):
            assert _wins(at + n, Winner.LEFT) == (Winner.RIGHT, Winner.RIGHT), (v, n)
    # and an unpinned, unsettled position does not: some n lets Left survive
    free = [v for v in range(graph.size) if not bottom[v]]
    assert any(
        _wins(LoopyGame(GameGraph(graph.left, graph.right, v)) + n, Winner.LEFT)
        != (Winner.RIGHT, Winner.RIGHT)
        for v in free
        for n in (0, 1, 3)
    )


def test_sides_of_tt_t__ff() -> None:
    # issue 33: SidesNotFound before; the offside's candidate search never reached off
    g = BackslidingToadsAndFrogs("tt.t..ff").value()
    assert sides(g) == SidedValue(on, on)
    # o-(G - n) = o-(on - n): Left wins whoever starts, even with infinite play Right's
    for n in range(4):
        assert _wins(g - n, Winner.RIGHT) == (Winner.LEFT, Winner.LEFT), n
    assert BackslidingToadsAndFrogs("tt.t..ff").outcome() == LoopyOutcome(Winner.LEFT, Winner.LEFT)
