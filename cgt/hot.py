"""Playing sums of hot games by temperature: Hotstrat, Thermostrat, Sentestrat.

A sum of hot games is too big to value exactly long before it is too big to
*play*: the thermograph of each component says how much a move there is worth,
and three classical strategies (Hotstrat, Thermostrat, Sentestrat: *Winning
Ways*, chapter 6; Berlekamp's "The economist's view of combinatorial games",
Games of No Chance, 1996; Siegel's *Combinatorial Game Theory*, chapter on
temperature theory) pick a move from the components' thermographs alone,
without the sum's value:

- :func:`hotstrat`: move in a hottest component;
- :func:`thermostrat`: move in the component widest at the *ambient
  temperature* of the compound thermograph (:func:`ambient_temperature`);
- :func:`sentestrat`: answer the opponent locally when their last move raised
  the temperature of that component above the ambient temperature, otherwise
  play as Hotstrat does;
- :func:`exact_move`: the exact move (minimax of the whole sum, from the stops
  of the sum's value), the reference the others are measured against.

A move is a :class:`HotMove`: the component's index and the option chosen in
it.  :func:`play_sum` plays a sum to its end (the sum is a number: its final
score) with a strategy for each side and reports the score and the exact
stop; :func:`guaranteed_score` finds the least score a strategy is sure of
against *every* defence, by searching all the opponent's replies.
:func:`random_hot_sum` makes seeded random sums of switches and deeper hot
games to try them on.  The guarantee of Thermostrat, with its proof, is in
the guide (``docs/guide/hot_strategies.rst``).

The score of a play is the number the sum has become when play stops: play
stops as soon as the sum of the components' values is a number (as in the
definition of the stops), so with exact play on both sides the score is the
Left stop of the sum when Left starts and its Right stop when Right starts.

>>> import cgt
>>> s = [cgt.parse("{4||0|-20}"), cgt.parse("+-3")]
>>> [g.temperature() for g in s], (s[0] + s[1]).left_stop()
([4, 3], 3)
>>> hotstrat(s, "L"), thermostrat(s, "L")
(HotMove(L, 0, 4), HotMove(L, 1, 3))
>>> for name in ("hotstrat", "thermostrat"):
...     p = play_sum(s, left=name, right="exact")
...     print(name, p.score, p.loss("L"))
hotstrat 1 2
thermostrat 3 0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import NamedTuple

from ._deep import deep
from .dyadic import Dyadic
from .errors import InvalidArgument, TooLarge, WrongType
from .game import Game, GameLike, to_game, zero
from .play import Player, as_player
from .temperature import temperature, thermograph

__all__ = [
    "STRATEGIES",
    "HotMove",
    "Playout",
    "ambient_temperature",
    "board_temperature",
    "compound_walls",
    "exact_move",
    "guaranteed_score",
    "hotstrat",
    "play_sum",
    "random_hot_game",
    "random_hot_sum",
    "sentestrat",
    "thermostrat",
]

_ZERO = Dyadic(0)

#: A strategy for :func:`play_sum` and :func:`guaranteed_score`: called with the
#: components, the side to move, the index of the component the opponent just
#: moved in (``None`` at the start) and the ambient temperature so far.
Strategy = Callable[[tuple[Game, ...], Player, "int | None", Dyadic], "HotMove"]


class HotMove(NamedTuple):
    """A move in a sum: ``player`` moves component ``component`` to ``option``.

    >>> import cgt
    >>> m = HotMove(cgt.Player.LEFT, 1, cgt.number(2))
    >>> m, m.component, m.option, str(m)
    (HotMove(L, 1, 2), 1, 2, 'Left: component 1 to 2')
    """

    player: Player
    component: int
    option: Game

    def __repr__(self) -> str:
        return f"HotMove({self.player.value}, {self.component}, {self.option})"

    def __str__(self) -> str:
        side = "Left" if self.player is Player.LEFT else "Right"
        return f"{side}: component {self.component} to {self.option}"


# ---------------------------------------------------------------------------
# Reading the input
# ---------------------------------------------------------------------------
def _components(components: Iterable[GameLike]) -> tuple[Game, ...]:
    if isinstance(components, (Game, str, bytes)) or not isinstance(components, Iterable):
        raise WrongType(f"components must be a sequence of games, not {type(components).__name__}")
    out = []
    for i, c in enumerate(components):
        try:
            out.append(to_game(c))
        except WrongType as err:
            raise WrongType(f"component {i}: {err}") from None
    return tuple(out)


def _total(components: Sequence[Game]) -> Game:
    return reduce(lambda a, b: a + b, components, zero)


def _negated(components: Sequence[Game]) -> tuple[Game, ...]:
    return tuple(-g for g in components)


def _hot_indices(components: Sequence[Game]) -> list[int]:
    """The components that are not numbers (moving in a number never helps)."""
    return [i for i, g in enumerate(components) if not g.is_number]


def _need_move(components: tuple[Game, ...]) -> None:
    if _total(components).is_number:
        raise InvalidArgument(
            f"the sum {' + '.join(map(str, components)) or '0'} is a number: play has ended"
        )


def _left_key(option: Game, t: Dyadic) -> tuple[Dyadic, Dyadic]:
    """How good a Left option is at temperature ``t``: its right wall there, then its Right stop."""
    th = thermograph(option)
    return th.right_wall.value_at(t), option.right_stop()


def _best_left_option(g: Game, t: Dyadic) -> Game:
    """Left's option of ``g`` whose right wall at ``t`` is highest: the one that
    makes ``g``'s left scaffold at ``t`` (ties: the higher Right stop, then the first)."""
    best: Game | None = None
    best_key: tuple[Dyadic, Dyadic] | None = None
    for option in g.left_options:
        key = _left_key(option, t)
        if best_key is None or key > best_key:
            best, best_key = option, key
    assert best is not None  # a non-number has Left options
    return best


def _as_left(
    choose: Callable[[tuple[Game, ...]], HotMove],
    components: tuple[Game, ...],
    player: Player,
) -> HotMove:
    """Run a Left-side chooser for ``player``: Right's move in ``G`` is Left's in ``-G``."""
    if player is Player.LEFT:
        return choose(components)
    move = choose(_negated(components))
    return HotMove(Player.RIGHT, move.component, -move.option)


# ---------------------------------------------------------------------------
# The compound thermograph
# ---------------------------------------------------------------------------
def compound_walls(components: Iterable[GameLike], t: Dyadic | int | str) -> tuple[Dyadic, Dyadic]:
    """The walls of the compound thermograph of a sum at temperature ``t >= 0``.

    Winning Ways (ch. 6, "Thermostrat") draws, for a sum ``G_1 + ... + G_n``
    with walls ``L_i(t) >= R_i(t)`` and widths ``W_i(t) = L_i(t) - R_i(t)``, a
    *compound thermograph* whose width at ``t`` is the largest width
    ``W(t) = max W_i(t)``.  Seen from Left's side its left wall is
    ``R_1(t) + ... + R_n(t) + W(t)`` (Right's walls summed, plus the widest
    component's width: Left moves first in the widest component, Right
    answers in every other one); seen from Right's side its right wall is
    ``L_1(t) + ... + L_n(t) - W(t)``.  Returned as ``(left, right)``.

    Both are bounds on the sum's own walls (each is the stop inequality
    ``LS(G + H) >= LS(G) + RS(H)`` applied to the cooled components), and
    at ``t = 0`` the left one is ``max_i (LS(G_i) + sum_{j != i} RS(G_j))``.

    >>> import cgt
    >>> s = [cgt.parse("+-2"), cgt.parse("+-1")]
    >>> compound_walls(s, 0), compound_walls(s, 1), compound_walls(s, 3)
    ((1, -1), (1, -1), (0, 0))
    """
    games = _components(components)
    tt = Dyadic(t)
    if tt < _ZERO:
        raise InvalidArgument(f"the compound thermograph is drawn for t >= 0, not t = {tt}")
    left_sum = right_sum = _ZERO
    width = _ZERO
    for g in games:
        th = thermograph(g)
        lw, rw = th.left_wall.value_at(tt), th.right_wall.value_at(tt)
        left_sum += lw
        right_sum += rw
        if lw - rw > width:
            width = lw - rw
    return right_sum + width, left_sum - width


def _candidate_temperatures(components: Sequence[Game]) -> list[Dyadic]:
    """0 and every breakpoint t >= 0 of every wall: the compound left wall is a
    maximum of sums of walls, so it takes its largest value (first) at one of them."""
    ts = {_ZERO}
    for g in components:
        th = thermograph(g)
        for wall in (th.left_wall, th.right_wall):
            ts.update(t for t, _ in wall.points if t >= _ZERO)
    return sorted(ts)


def _left_ambient(components: tuple[Game, ...]) -> Dyadic:
    best_t = _ZERO
    best: Dyadic | None = None
    for t in _candidate_temperatures(components):
        value = compound_walls(components, t)[0]
        if best is None or value > best:
            best, best_t = value, t
    return best_t


def ambient_temperature(components: Iterable[GameLike], player: Player | str = "L") -> Dyadic:
    """Thermostrat's ambient temperature: the least ``t >= 0`` where the compound
    thermograph's wall on ``player``'s side is furthest towards ``player``.

    For Left it is where ``R_1(t) + ... + R_n(t) + max_i W_i(t)`` (see
    :func:`compound_walls`) is largest, for Right where the right wall is
    smallest.  Winning Ways (ch. 6) defines Thermostrat with it; the choice of
    the *least* such temperature when several tie is ours (reconstructed).

    >>> import cgt
    >>> s = [cgt.parse("{6|5||-1}"), cgt.parse("2+-3")]
    >>> compound_walls(s, 0)[0], compound_walls(s, "1/2")[0], compound_walls(s, 1)[0]
    (4, 9/2, 9/2)
    >>> ambient_temperature(s, "L"), ambient_temperature(s, "R")
    (1/2, 0)
    """
    games = _components(components)
    side = as_player(player)
    if side is Player.RIGHT:
        games = _negated(games)
    return _left_ambient(games)


# ---------------------------------------------------------------------------
# The strategies
# ---------------------------------------------------------------------------
def _rest_temperature(components: Sequence[Game], i: int) -> Dyadic:
    """The temperature of the board outside component ``i`` (0 if it is cold)."""
    rest = [temperature(g) for j, g in enumerate(components) if j != i and not g.is_number]
    return max([_ZERO, *rest])


def _left_hotstrat(components: tuple[Game, ...]) -> HotMove:
    hot = _hot_indices(components)
    i = max(hot, key=lambda j: (temperature(components[j]), -j))
    return HotMove(
        Player.LEFT, i, _best_left_option(components[i], _rest_temperature(components, i))
    )


def hotstrat(components: Iterable[GameLike], player: Player | str) -> HotMove:
    """Hotstrat: move in a hottest component (the first if several are equally hot).

    In that component ``player`` makes the move that is best while the rest
    of the board is at its own temperature ``t`` (the hottest other
    component's, or 0): Left the option whose right wall is highest at ``t``
    (ties: the higher Right stop), Right the mirror image.  Winning Ways only
    says "the best move there"; reading it at the rest of the board's
    temperature is ours.  Numbers are never played in (a sum that is not a
    number has a component that is not).

    Hotstrat has no guarantee: a hot component may be hot because of a
    threat that costs nothing to answer later, and a cooler component's move
    may be worth more (the guide shows a sum where it loses more than the
    temperature, found by :func:`guaranteed_score`).

    >>> import cgt
    >>> hotstrat([cgt.parse("+-1"), cgt.parse("{5|3}"), cgt.star], "R")
    HotMove(R, 0, -1)
    """
    games = _components(components)
    side = as_player(player)
    _need_move(games)
    return _as_left(_left_hotstrat, games, side)


def _left_thermostrat(components: tuple[Game, ...]) -> HotMove:
    hot = _hot_indices(components)
    t = _left_ambient(components)

    def width(j: int) -> Dyadic:
        th = thermograph(components[j])
        return th.left_wall.value_at(t) - th.right_wall.value_at(t)

    i = max(hot, key=lambda j: (width(j), temperature(components[j]), -j))
    return HotMove(Player.LEFT, i, _best_left_option(components[i], t))


def thermostrat(components: Iterable[GameLike], player: Player | str) -> HotMove:
    """Thermostrat (Winning Ways ch. 6): move in the component whose thermograph
    is widest at the ambient temperature ``T`` (:func:`ambient_temperature`).

    In it Left makes the move that builds the component's left wall at ``T``
    (the option whose right wall at ``T`` is highest), Right the mirror image.
    Ties: the hotter component, then the first.

    The guarantee (the Thermostrat theorem of Winning Ways ch. 6 and
    Siegel's chapter on temperature theory, in the form this module proves
    and tests, see ``docs/guide/hot_strategies.rst``): Left moving first with
    Thermostrat ends with at least the compound thermograph's left wall at
    the ambient temperature, ``max_t (R_1(t) + ... + R_n(t) + max_i W_i(t))``,
    whatever Right does.  That is at least the mean of the sum, so Left loses
    at most the temperature of the sum against the exact Left stop.  Moving
    second, Left is sure of ``max_t (R_1(t) + ... + R_n(t) - t)``, at least the
    mean less the hottest component's temperature.

    >>> import cgt
    >>> s = [cgt.parse("{6|2||-4}"), cgt.parse("+-3")]
    >>> thermostrat(s, "L"), thermostrat(s, "R")
    (HotMove(L, 0, 4+-2), HotMove(R, 0, -4))
    """
    games = _components(components)
    side = as_player(player)
    _need_move(games)
    return _as_left(_left_thermostrat, games, side)


def board_temperature(components: Iterable[GameLike]) -> Dyadic:
    """The temperature of the hottest component that is not a number (``-1`` if none).

    Sentestrat's ambient temperature is the least of this over the play so far.

    >>> board_temperature(["+-3", "{4||0|-20}", 5]), board_temperature([1, "1/2"])
    (4, -1)
    """
    temps = [temperature(g) for g in _components(components) if not g.is_number]
    return max(temps, default=Dyadic(-1))


def sentestrat(
    components: Iterable[GameLike],
    player: Player | str,
    last: int | None = None,
    ambient: Dyadic | int | str | None = None,
    otherwise: str = "hotstrat",
) -> HotMove:
    """Sentestrat (Berlekamp 1996; Winning Ways ch. 6): answer a threat, else Hotstrat.

    ``last`` is the component the opponent just moved in and ``ambient`` the
    ambient temperature: the least, over the play so far, of the temperature
    of the hottest component (``None``: the hottest component's temperature
    now, as at the start of play).  If the opponent's move left component
    ``last`` hotter than ``ambient``, ``player`` answers there (the move that
    is best at the ambient temperature: Left's option with the highest right
    wall there); otherwise ``player`` plays as :func:`hotstrat` (Berlekamp's
    rule), or as :func:`thermostrat` with ``otherwise="thermostrat"``.
    :func:`play_sum` keeps ``last`` and ``ambient`` up to date.

    >>> import cgt
    >>> # Right has just played {6|2||-4} to {6|2}: hotter (2) than the ambient 1
    >>> sentestrat([cgt.parse("{6|2}"), cgt.parse("+-1")], "L", last=0, ambient=1)
    HotMove(L, 0, 6)
    >>> sentestrat([cgt.parse("{6|2}"), cgt.parse("+-1")], "L", last=1, ambient=1)
    HotMove(L, 0, 6)
    """
    games = _components(components)
    side = as_player(player)
    fallbacks = {"hotstrat": _left_hotstrat, "thermostrat": _left_thermostrat}
    if otherwise not in fallbacks:
        raise InvalidArgument(f"otherwise is 'hotstrat' or 'thermostrat', not {otherwise!r}")
    _need_move(games)
    if last is not None and (
        isinstance(last, bool) or not (isinstance(last, int) and 0 <= last < len(games))
    ):
        raise InvalidArgument(
            f"last must be the index of a component (0..{len(games) - 1}), not {last!r}"
        )
    amb = board_temperature(games) if ambient is None else Dyadic(ambient)
    if last is not None and not games[last].is_number and temperature(games[last]) > amb:

        def answer(gs: tuple[Game, ...]) -> HotMove:
            return HotMove(Player.LEFT, last, _best_left_option(gs[last], max(amb, _ZERO)))

        return _as_left(answer, games, side)
    return _as_left(fallbacks[otherwise], games, side)


def _left_exact(components: tuple[Game, ...]) -> HotMove:
    best: HotMove | None = None
    best_stop: Dyadic | None = None
    total = _total(components)
    for i, g in enumerate(components):
        for option in g.left_options:
            stop = (total - g + option).right_stop()
            if best_stop is None or stop > best_stop:
                best, best_stop = HotMove(Player.LEFT, i, option), stop
    assert best is not None
    return best


def exact_move(components: Iterable[GameLike], player: Player | str) -> HotMove:
    """The exact move: one that keeps the sum's stop (the first such, in order).

    Left's move is one whose result has the highest Right stop (that stop is
    the Left stop of the sum), Right's one whose result has the lowest Left
    stop.  It needs the sum's value, so it is for small sums: the reference
    the thermal strategies are measured against.

    >>> import cgt
    >>> exact_move([cgt.parse("{6|2||-4}"), cgt.parse("+-3")], "L")
    HotMove(L, 0, 4+-2)
    """
    games = _components(components)
    side = as_player(player)
    _need_move(games)
    return _as_left(_left_exact, games, side)


def _named(name: str) -> Strategy:
    if name == "sentestrat":
        return lambda c, p, last, amb: sentestrat(c, p, last, amb)
    simple = {"hotstrat": hotstrat, "thermostrat": thermostrat, "exact": exact_move}[name]
    return lambda c, p, last, amb: simple(c, p)


#: The strategies :func:`play_sum` and :func:`guaranteed_score` know by name.
STRATEGIES: tuple[str, ...] = ("hotstrat", "thermostrat", "sentestrat", "exact")


def _strategy(strategy: str | Strategy, what: str) -> Strategy:
    if isinstance(strategy, str):
        if strategy not in STRATEGIES:
            raise InvalidArgument(
                f"{what}: no strategy {strategy!r}; known: {', '.join(STRATEGIES)}"
            )
        return _named(strategy)
    if not callable(strategy):
        raise WrongType(
            f"{what} must be a strategy name or a callable, not {type(strategy).__name__}"
        )
    return strategy


def _checked(move: object, components: tuple[Game, ...], side: Player, what: str) -> HotMove:
    if not isinstance(move, HotMove):
        raise WrongType(f"{what} returned {type(move).__name__}, not a HotMove")
    if not (isinstance(move.component, int) and 0 <= move.component < len(components)):
        raise InvalidArgument(f"{what} moved in component {move.component!r}, which is not there")
    g = components[move.component]
    options = g.left_options if side is Player.LEFT else g.right_options
    if move.player is not side or move.option not in options:
        raise InvalidArgument(f"{what} made an illegal move for {side.name.title()}: {move}")
    return move


# ---------------------------------------------------------------------------
# Playing a sum out
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Playout:
    """One play of a sum to its end, from :func:`play_sum`.

    ``moves`` in order, ``score`` the number the sum became and ``stop`` the
    exact result: the sum's Left stop if Left started (``first``), else its
    Right stop.  :meth:`loss` is what a side gave away against that stop.

    >>> p = play_sum(["+-3", "+-1"], left="exact", right="exact")
    >>> p.score, p.stop, len(p.moves)
    (2, 2, 2)
    """

    components: tuple[Game, ...]
    first: Player
    moves: tuple[HotMove, ...]
    score: Dyadic
    stop: Dyadic

    def loss(self, player: Player | str) -> Dyadic:
        """What ``player`` lost against the exact stop: ``stop - score`` for
        Left, ``score - stop`` for Right (negative when the opponent's
        mistakes gave more back).

        >>> p = play_sum(["{4||0|-20}", "+-3"], left="hotstrat", right="exact")
        >>> p.score, p.stop, p.loss("L"), p.loss("R")
        (1, 3, 2, -2)
        """
        side = as_player(player)
        return self.stop - self.score if side is Player.LEFT else self.score - self.stop

    def __str__(self) -> str:
        lines = [str(m) for m in self.moves]
        lines.append(f"score {self.score} (exact {self.stop})")
        return "\n".join(lines)


def _update(components: tuple[Game, ...], move: HotMove) -> tuple[Game, ...]:
    return (*components[: move.component], move.option, *components[move.component + 1 :])


def play_sum(
    components: Iterable[GameLike],
    left: str | Strategy = "thermostrat",
    right: str | Strategy = "exact",
    first: Player | str = "L",
    max_moves: int = 10_000,
) -> Playout:
    """Play ``components`` to the end with a strategy for each side.

    A strategy is a name of :data:`STRATEGIES` or a callable
    ``f(components, player, last, ambient) -> HotMove`` (``last``: the
    component the opponent just moved in, ``None`` at the start; ``ambient``:
    the least temperature of the hottest component so far, see
    :func:`sentestrat`).  Play stops when the sum is a number; a move that is
    not legal raises :class:`~cgt.errors.InvalidArgument`.

    >>> import cgt
    >>> p = play_sum(["{6|2||-4}", "+-3"], left="hotstrat", right="exact")
    >>> print(p)
    Left: component 0 to 4+-2
    Right: component 1 to -3
    Left: component 0 to 6
    score 3 (exact 3)
    """
    games = _components(components)
    strategies = {Player.LEFT: _strategy(left, "left"), Player.RIGHT: _strategy(right, "right")}
    side = as_player(first)
    start = side
    total = _total(games)
    stop = total.left_stop() if side is Player.LEFT else total.right_stop()
    ambient = board_temperature(games)
    last: int | None = None
    moves: list[HotMove] = []
    current = games
    while not total.is_number:
        if len(moves) >= max_moves:
            raise TooLarge(f"play went on for more than max_moves={max_moves} moves")
        what = f"the {side.name.lower()} strategy"
        move = _checked(strategies[side](current, side, last, ambient), current, side, what)
        total = total - current[move.component] + move.option
        current = _update(current, move)
        moves.append(move)
        last = move.component
        ambient = min(ambient, board_temperature(current))
        side = side.opponent
    return Playout(games, start, tuple(moves), total.to_dyadic(), stop)


def guaranteed_score(
    components: Iterable[GameLike],
    strategy: str | Strategy,
    player: Player | str,
    first: Player | str | None = None,
    limit: int = 1_000_000,
) -> Dyadic:
    """The score ``player`` is sure of with ``strategy`` against every defence.

    All the opponent's replies (in every component, numbers included) are
    searched; ``player``'s own moves are the strategy's.  ``first`` is who
    starts (``player`` by default).  Compare with the sum's stop: the
    strategy's worst-case loss is ``LS - guaranteed`` for Left starting.
    Raises :class:`~cgt.errors.TooLarge` past ``limit`` positions.

    >>> import cgt
    >>> s = [cgt.parse("{6|2||-4}"), cgt.parse("+-3")]
    >>> guaranteed_score(s, "exact", "L"), guaranteed_score(s, "hotstrat", "L")
    (3, 3)
    """
    games = _components(components)
    plays = _strategy(strategy, "strategy")
    me = as_player(player)
    start = me if first is None else as_player(first)
    uses_history = strategy == "sentestrat" or not isinstance(strategy, str)
    memo: dict[tuple[object, ...], Dyadic] = {}
    totals: dict[tuple[Game, ...], Game] = {}

    def total_of(gs: tuple[Game, ...]) -> Game:
        t = totals.get(gs)
        if t is None:
            t = totals[gs] = _total(gs)
        return t

    def value(gs: tuple[Game, ...], side: Player, last: int | None, amb: Dyadic) -> Dyadic:
        total = total_of(gs)
        if total.is_number:
            return total.to_dyadic()
        key = (gs, side, last, amb) if uses_history else (gs, side)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= limit:
            raise TooLarge(f"more than limit={limit} positions to search")
        if side is me:
            move = _checked(plays(gs, side, last, amb), gs, side, "the strategy")
            after = _update(gs, move)
            result = value(after, side.opponent, move.component, min(amb, board_temperature(after)))
        else:
            results = []
            for i, g in enumerate(gs):
                for option in g.left_options if side is Player.LEFT else g.right_options:
                    after = (*gs[:i], option, *gs[i + 1 :])
                    results.append(value(after, me, i, min(amb, board_temperature(after))))
            result = max(results) if side is Player.LEFT else min(results)
        memo[key] = result
        return result

    return deep(value)(games, start, None, board_temperature(games))


# ---------------------------------------------------------------------------
# Random hot sums
# ---------------------------------------------------------------------------
def random_hot_game(rng: random.Random, depth: int = 2, span: int = 8) -> Game:
    """A random hot game (Left stop above Right stop), built from integers: a
    switch ``{a|b}`` (ends in ``[-span, span]``) at depth 1; at depth 2 one of
    ``{a||b|c}``, ``{a|b||c}`` and ``{a|b||c|d}``; deeper, the same shapes with
    random hot games inside (a shape that comes out cold is drawn again).
    The result is the canonical form, which may be simpler than its shape.

    >>> import random
    >>> [random_hot_game(random.Random(3), depth) for depth in (1, 2, 3)]
    [{-1|-4}, {11||3|-4}, {18|||15||8|7}]
    """
    if not isinstance(rng, random.Random):
        raise WrongType(f"rng must be a random.Random, not {type(rng).__name__}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise InvalidArgument(f"depth must be an integer at least 1, not {depth!r}")
    if isinstance(span, bool) or not isinstance(span, int) or span < 1:
        raise InvalidArgument(f"span must be an integer at least 1, not {span!r}")
    if depth == 1:
        a, b = sorted(rng.sample(range(-span, span + 1), 2), reverse=True)
        return Game([a], [b])
    while True:
        shape = rng.randrange(3)
        inner = random_hot_game(rng, depth - 1, span)
        lo, hi = inner.right_stop().__floor__(), inner.left_stop().__ceil__()
        if shape == 0:  # {a || inner}, a above inner's stops: Left stop a, Right stop below
            g = Game([rng.randint(hi + 1, hi + span)], [inner])
        elif shape == 1:  # {inner || c}, c below inner's stops
            g = Game([inner], [rng.randint(lo - span, lo - 1)])
        else:  # {A || B}: hot when A's Right stop is above B's Left stop, else drawn again
            other = random_hot_game(rng, depth - 1, span)
            g = Game([inner], [other])
        if g.left_stop() > g.right_stop():
            return g


def random_hot_sum(
    seed: int, components: int = 3, depth: int = 2, span: int = 8
) -> tuple[Game, ...]:
    """A seeded random sum: ``components`` games of :func:`random_hot_game`,
    each of depth 1 to ``depth``.

    >>> random_hot_sum(7, 2)
    ({6||4|-7}, -2+-5)
    >>> random_hot_sum(7, 2) == random_hot_sum(7, 2)
    True
    """
    if isinstance(components, bool) or not isinstance(components, int) or components < 1:
        raise InvalidArgument(f"a sum needs at least one component, not {components!r}")
    rng = random.Random(seed)
    return tuple(random_hot_game(rng, rng.randint(1, depth), span) for _ in range(components))
