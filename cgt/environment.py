"""Playing a sum against a coupon stack: Berlekamp's environment.

Berlekamp measured hot games by playing them in an *environment*: a stack of
coupons of faces ``t, t - d, ..., d`` beside the board ("The economist's view
of combinatorial games", *Games of No Chance*, 1996; the Environmental Go
games of Berlekamp and his students).  On each turn a player either moves in a
component of the sum or takes the top coupon, which is worth its face to
whoever takes it.  Taking a coupon is a pass that is paid for: the top face is
the *ambient temperature*, the price of a move at that moment, and it falls by
``d`` with every coupon taken.

Play ends when the stack is empty and the components' sum is a number (as in
:mod:`cgt.hot`, whose stops are this game with an empty stack).  The score is
that number plus the faces of the coupons Left took, less those Right took.

- :class:`CouponStack`: the stack, its faces, its alternating sum and its value
  as a game (``{c + S' | -c + S'}``, so that ``G + stack.value()`` is the whole
  game in ordinary combinatorial game theory);
- :func:`stack_move`: the move a strategy of :mod:`cgt.hot` picks, extended with
  the coupon move: take the coupon when its face is at least the temperature
  of the hottest component (the temperature-lowering rule); Sentestrat first
  answers a threat, a move of the opponent that left its component hotter
  than the top coupon;
- :func:`exact_stack_value` and :func:`exact_stack_move`: exact play, by minimax
  of the whole game (board and stack), for small sums and short stacks;
- :func:`play_with_stack` plays a sum out and :func:`guaranteed_stack_score`
  finds what a strategy is sure of against every defence.

Components are :class:`~cgt.Game` values or positions (a
:class:`~cgt.games.base.Position`, such as a Go region, is played through its
value).

>>> import cgt
>>> stack = CouponStack(3, 1)
>>> stack.faces, stack.alternating_sum()
((3, 2, 1), 2)
>>> p = play_with_stack([cgt.parse("+-2")], stack, left="sentestrat", right="sentestrat")
>>> print(p)
Left: coupon 3
Right: coupon 2
Left: component 0 to 2
Right: coupon 1
score 2 (exact 2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import reduce
from typing import NamedTuple

from ._deep import deep
from .dyadic import Dyadic
from .errors import InvalidArgument, TooLarge, WrongType
from .game import Game, GameLike, to_game, zero
from .games.base import Position
from .hot import HotMove, board_temperature, hotstrat, sentestrat, thermostrat
from .play import Player, as_player

__all__ = [
    "STACK_STRATEGIES",
    "CouponMove",
    "CouponStack",
    "StackPlayout",
    "exact_stack_move",
    "exact_stack_value",
    "guaranteed_stack_score",
    "play_with_stack",
    "stack_move",
]

_ZERO = Dyadic(0)


# ---------------------------------------------------------------------------
# The stack
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class CouponStack:
    """A stack of coupons with faces ``top, top - step, ..., step``.

    ``top`` and ``step`` are dyadic, ``step > 0`` and ``top`` a multiple of
    ``step`` (``top = 0`` is the empty stack).  The faces are Berlekamp's: a
    stack running down by equal steps to the last positive coupon (the
    Environmental Go games used ``top = 20`` and ``step = 1/2``, forty
    coupons, as we recall them: not checked against the papers here).

    >>> s = CouponStack("3/2", "1/2")
    >>> s.faces, len(s), s.face(1)
    ((3/2, 1, 1/2), 3, 1)
    >>> CouponStack(1, "1/3")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: step must be a positive dyadic rational, not '1/3'
    """

    top: Dyadic
    step: Dyadic

    def __init__(self, top: Dyadic | int | str, step: Dyadic | int | str) -> None:
        t, d = _dyadic(top, "top"), _dyadic(step, "step")
        if d <= _ZERO:
            raise InvalidArgument(f"step must be a positive dyadic rational, not {step!r}")
        if t < _ZERO:
            raise InvalidArgument(f"top must be at least 0, not {t}")
        n = t / d
        if not n.is_integer():
            raise InvalidArgument(f"top ({t}) must be a multiple of step ({d})")
        object.__setattr__(self, "top", t)
        object.__setattr__(self, "step", d)

    def __len__(self) -> int:
        return int(self.top / self.step)

    @property
    def faces(self) -> tuple[Dyadic, ...]:
        """The faces from the top down.

        >>> CouponStack(2, "1/2").faces
        (2, 3/2, 1, 1/2)
        """
        return tuple(self.top - self.step * k for k in range(len(self)))

    def face(self, taken: int) -> Dyadic:
        """The face of the top coupon once ``taken`` coupons are gone.

        >>> CouponStack(2, 1).face(0), CouponStack(2, 1).face(1)
        (2, 1)
        """
        _check_taken(self, taken, top=True)
        return self.top - self.step * taken

    def alternating_sum(self, taken: int = 0) -> Dyadic:
        """What the player to move nets if both players only take coupons
        (from the ``taken``-th on): ``c_1 - c_2 + c_3 - ...``.

        With ``n`` coupons it is ``step * ceil(n / 2)``, about ``top / 2``.

        >>> CouponStack(4, 1).alternating_sum(), CouponStack(5, 1).alternating_sum()
        (2, 3)
        """
        _check_taken(self, taken)
        total, sign = _ZERO, 1
        for face in self.faces[taken:]:
            total = total + face if sign > 0 else total - face
            sign = -sign
        return total

    def value(self, taken: int = 0) -> Game:
        """The stack (from the ``taken``-th coupon) as a game:
        ``S = {c + S' | -c + S'}``, ``c`` the top face and ``S'`` the rest.

        >>> CouponStack(2, 1).value()
        +-2+-1
        """
        _check_taken(self, taken)
        g = zero
        for face in reversed(self.faces[taken:]):
            g = Game([g + face], [g - face])
        return g

    def __repr__(self) -> str:
        return f"CouponStack({self.top}, {self.step})"


def _dyadic(x: object, what: str) -> Dyadic:
    if isinstance(x, bool):
        raise WrongType(f"{what} must be a dyadic rational, not bool")
    try:
        return Dyadic(x)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise InvalidArgument(f"{what} must be a positive dyadic rational, not {x!r}") from None


def _check_taken(stack: CouponStack, taken: object, top: bool = False) -> int:
    n = len(stack) - (1 if top else 0)
    if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= n:
        raise InvalidArgument(f"taken must be an integer from 0 to {n}, not {taken!r}")
    return taken


class CouponMove(NamedTuple):
    """``player`` takes the top coupon, of face ``face``.

    >>> import cgt
    >>> str(CouponMove(cgt.Player.RIGHT, cgt.Dyadic(2)))
    'Right: coupon 2'
    """

    player: Player
    face: Dyadic

    def __repr__(self) -> str:
        return f"CouponMove({self.player.value}, {self.face})"

    def __str__(self) -> str:
        return f"{self.player.name.title()}: coupon {self.face}"


#: A strategy: ``f(components, stack, taken, player, last) -> HotMove | CouponMove``,
#: ``taken`` the number of coupons gone, ``last`` the component the opponent just
#: moved in (``None`` at the start or after a coupon).
StackStrategy = Callable[
    [tuple[Game, ...], CouponStack, int, Player, "int | None"], "HotMove | CouponMove"
]

#: The strategies :func:`play_with_stack` and :func:`guaranteed_stack_score` know by name.
STACK_STRATEGIES: tuple[str, ...] = ("hotstrat", "thermostrat", "sentestrat", "exact")


# ---------------------------------------------------------------------------
# Reading the input
# ---------------------------------------------------------------------------
def _components(components: object) -> tuple[Game, ...]:
    if isinstance(components, (Game, Position, str, bytes)) or not isinstance(components, Iterable):
        raise WrongType(f"components must be a sequence of games, not {type(components).__name__}")
    out = []
    for i, c in enumerate(components):
        if isinstance(c, Position):
            out.append(c.value())
            continue
        try:
            out.append(to_game(c))
        except WrongType as err:
            raise WrongType(f"component {i}: {err}") from None
    return tuple(out)


def _stack(stack: object) -> CouponStack:
    if not isinstance(stack, CouponStack):
        raise WrongType(f"stack must be a CouponStack, not {type(stack).__name__}")
    return stack


def _total(components: tuple[Game, ...]) -> Game:
    return reduce(lambda a, b: a + b, components, zero)


def _replace(components: tuple[Game, ...], i: int, option: Game) -> tuple[Game, ...]:
    return (*components[:i], option, *components[i + 1 :])


def _ambient(stack: CouponStack, taken: int) -> Dyadic:
    """The ambient temperature: the top face, 0 once the stack is empty."""
    return stack.face(taken) if taken < len(stack) else _ZERO


# ---------------------------------------------------------------------------
# Exact play
# ---------------------------------------------------------------------------
def _searcher(
    stack: CouponStack,
    me: Player | None,
    plays: StackStrategy | None,
    limit: int,
) -> Callable[[tuple[Game, ...], int, Player, int | None], Dyadic]:
    """Minimax of the board and the stack.  ``me`` (if given) plays ``plays``;
    every other move is searched.  Returns the final score."""
    n = len(stack)
    memo: dict[tuple[object, ...], Dyadic] = {}
    total_of = functools.cache(_total)  # one search's sums, dropped with it

    def value(gs: tuple[Game, ...], k: int, side: Player, last: int | None) -> Dyadic:
        total = total_of(gs)
        if k == n:
            if total.is_number:
                return total.to_dyadic()
            if me is None:  # exact play on an empty stack: the stops
                return total.left_stop() if side is Player.LEFT else total.right_stop()
        key = (gs, k, side, last if side is me else None)
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= limit:
            raise TooLarge(f"more than limit={limit} positions to search")
        sign = 1 if side is Player.LEFT else -1
        if side is me:
            assert plays is not None
            move = _checked(plays(gs, stack, k, side, last), gs, stack, k, side, "the strategy")
            if isinstance(move, CouponMove):
                result = move.face * sign + value(gs, k + 1, side.opponent, None)
            else:
                after = _replace(gs, move.component, move.option)
                result = value(after, k, side.opponent, move.component)
        else:
            results = []
            if k < n:
                results.append(stack.face(k) * sign + value(gs, k + 1, side.opponent, None))
            for i, g in enumerate(gs):
                for option in g.left_options if side is Player.LEFT else g.right_options:
                    results.append(value(_replace(gs, i, option), k, side.opponent, i))
            result = max(results) if side is Player.LEFT else min(results)
        memo[key] = result
        return result

    return deep(value)


def exact_stack_value(
    components: Iterable[GameLike | Position],
    stack: CouponStack,
    first: Player | str = "L",
    taken: int = 0,
    limit: int = 1_000_000,
) -> Dyadic:
    """The score of exact play of ``components`` against ``stack`` (coupons
    from the ``taken``-th on), ``first`` to move: minimax of the whole game.
    Raises :class:`~cgt.errors.TooLarge` past ``limit`` positions.

    >>> import cgt
    >>> exact_stack_value(["+-2"], CouponStack(3, 1))
    2
    >>> exact_stack_value(["+-2"], CouponStack(0, 1)), cgt.parse("+-2").left_stop()
    (2, 2)
    """
    games, st = _components(components), _stack(stack)
    _check_taken(st, taken)
    return _searcher(st, None, None, limit)(games, taken, as_player(first), None)


def exact_stack_move(
    components: Iterable[GameLike | Position],
    stack: CouponStack,
    taken: int,
    player: Player | str,
    limit: int = 1_000_000,
) -> HotMove | CouponMove:
    """A move of exact play (the coupon first, then the components in order, the
    first that keeps :func:`exact_stack_value`).

    >>> exact_stack_move(["{6|2||-4}", "+-3"], CouponStack(1, 1), 0, "L")
    HotMove(L, 0, 4+-2)
    """
    games, st = _components(components), _stack(stack)
    side = as_player(player)
    _check_taken(st, taken)
    _need_move(games, st, taken)
    search = _searcher(st, None, None, limit)
    sign = 1 if side is Player.LEFT else -1
    moves: list[tuple[Dyadic, HotMove | CouponMove]] = []
    if taken < len(st):
        face = st.face(taken)
        moves.append(
            (face * sign + search(games, taken + 1, side.opponent, None), CouponMove(side, face))
        )
    for i, g in enumerate(games):
        for option in g.left_options if side is Player.LEFT else g.right_options:
            after = _replace(games, i, option)
            moves.append((search(after, taken, side.opponent, i), HotMove(side, i, option)))
    best = max(v * sign for v, _ in moves)
    return next(m for v, m in moves if v * sign == best)


def _need_move(games: tuple[Game, ...], stack: CouponStack, taken: int) -> None:
    if taken == len(stack) and _total(games).is_number:
        raise InvalidArgument("the stack is empty and the sum is a number: play has ended")


# ---------------------------------------------------------------------------
# The strategies with the coupon move
# ---------------------------------------------------------------------------
def stack_move(
    components: Iterable[GameLike | Position],
    stack: CouponStack,
    taken: int,
    player: Player | str,
    strategy: str = "sentestrat",
    last: int | None = None,
) -> HotMove | CouponMove:
    """The move ``strategy`` (``"hotstrat"``, ``"thermostrat"`` or
    ``"sentestrat"``) picks against the stack, ``taken`` coupons gone.

    The temperature-lowering rule: take the top coupon when its face (the
    ambient temperature) is at least the temperature of the hottest component,
    or when the components' sum is a number; otherwise move on the board as the
    strategy of :mod:`cgt.hot` does.  Sentestrat first answers a threat: if
    the opponent's last move (in component ``last``) left that component
    hotter than the top coupon, it answers there (Berlekamp's rule, the
    ambient temperature being the top face, 0 once the stack is empty).

    >>> import cgt
    >>> s = CouponStack(2, 1)
    >>> stack_move(["+-3", "+-1"], s, 0, "L"), stack_move(["+-1"], s, 0, "L")
    (HotMove(L, 0, 3), CouponMove(L, 2))
    >>> # Right just played {6|2||-4} to {6|2}: hotter (2) than the coupon 1
    >>> stack_move(["{6|2}", "+-1"], s, 1, "L", "sentestrat", last=0)
    HotMove(L, 0, 6)
    """
    games, st = _components(components), _stack(stack)
    side = as_player(player)
    _check_taken(st, taken)
    if strategy not in ("hotstrat", "thermostrat", "sentestrat"):
        raise InvalidArgument(
            f"strategy is 'hotstrat', 'thermostrat' or 'sentestrat', not {strategy!r}"
        )
    if last is not None and (
        isinstance(last, bool) or not (isinstance(last, int) and 0 <= last < len(games))
    ):
        raise InvalidArgument(
            f"last must be the index of a component (0..{len(games) - 1}), not {last!r}"
        )
    _need_move(games, st, taken)
    return _move(games, st, taken, side, strategy, last)


def _move(
    games: tuple[Game, ...],
    stack: CouponStack,
    taken: int,
    side: Player,
    strategy: str,
    last: int | None,
) -> HotMove | CouponMove:
    ambient = _ambient(stack, taken)
    if strategy == "sentestrat" and last is not None and not _total(games).is_number:
        g = games[last]
        if not g.is_number and board_temperature([g]) > ambient:
            return sentestrat(games, side, last, ambient)
    if taken < len(stack) and (_total(games).is_number or ambient >= board_temperature(games)):
        return CouponMove(side, ambient)
    if strategy == "thermostrat":
        return thermostrat(games, side)
    return hotstrat(games, side)


def _named(name: str, limit: int) -> StackStrategy:
    if name == "exact":
        return lambda gs, st, k, p, last: exact_stack_move(gs, st, k, p, limit)
    return lambda gs, st, k, p, last: _move(gs, st, k, p, name, last)


def _strategy(strategy: object, what: str, limit: int) -> StackStrategy:
    if callable(strategy):
        return strategy
    if strategy in STACK_STRATEGIES:
        return _named(str(strategy), limit)
    kind = InvalidArgument if isinstance(strategy, str) else WrongType
    raise kind(
        f"{what} must be a callable or one of {', '.join(STACK_STRATEGIES)}, not {strategy!r}"
    )


def _legal(move: object, games: tuple[Game, ...], stack: CouponStack, taken: int) -> bool:
    """Is ``move`` a move of the board or of the stack as it stands?"""
    if isinstance(move, CouponMove):
        return taken < len(stack) and move.face == stack.face(taken)
    assert isinstance(move, HotMove)
    i = move.component
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(games):
        return False
    side_options = {Player.LEFT: games[i].left_options, Player.RIGHT: games[i].right_options}
    return move.option in side_options[move.player]


def _checked(
    move: object,
    games: tuple[Game, ...],
    stack: CouponStack,
    taken: int,
    side: Player,
    what: str,
) -> HotMove | CouponMove:
    if not isinstance(move, (HotMove, CouponMove)):
        raise WrongType(f"{what} returned {type(move).__name__}, not a HotMove or CouponMove")
    if move.player is not side or not _legal(move, games, stack, taken):
        raise InvalidArgument(f"{what} made an illegal move for {side.name.title()}: {move}")
    return move


# ---------------------------------------------------------------------------
# Playing out
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class StackPlayout:
    """One play of a sum against a coupon stack, from :func:`play_with_stack`.

    ``score`` is the final number of the board plus Left's coupons less
    Right's; ``exact`` the score of exact play (:func:`exact_stack_value`,
    ``None`` if not asked for).  :meth:`loss` is what a side gave away.

    >>> p = play_with_stack(["+-1"], CouponStack(2, 1), "sentestrat", "sentestrat")
    >>> p.score, p.board, p.coupons, p.exact, p.loss("L")
    (2, 1, 1, 2, 0)
    """

    components: tuple[Game, ...]
    stack: CouponStack
    first: Player
    moves: tuple[HotMove | CouponMove, ...]
    board: Dyadic
    coupons: Dyadic
    exact: Dyadic | None

    @property
    def score(self) -> Dyadic:
        """The final score: the board's number plus the coupons' balance.

        >>> p = play_with_stack(["+-3"], CouponStack(2, 1), "sentestrat", "sentestrat")
        >>> p.board, p.coupons, p.score
        (3, -1, 2)
        """
        return self.board + self.coupons

    def loss(self, player: Player | str) -> Dyadic:
        """What ``player`` lost against exact play (``exact`` must be known).

        >>> play_with_stack(["+-1"], CouponStack(2, 1), "hotstrat", "exact").loss("R")
        0
        """
        side = as_player(player)
        if self.exact is None:
            raise InvalidArgument("this playout was made with exact=False: no exact score")
        return self.exact - self.score if side is Player.LEFT else self.score - self.exact

    def __str__(self) -> str:
        lines = [str(m) for m in self.moves]
        exact = "" if self.exact is None else f" (exact {self.exact})"
        lines.append(f"score {self.score}{exact}")
        return "\n".join(lines)


def play_with_stack(
    components: Iterable[GameLike | Position],
    stack: CouponStack,
    left: str | StackStrategy = "sentestrat",
    right: str | StackStrategy = "sentestrat",
    first: Player | str = "L",
    exact: bool = True,
    limit: int = 1_000_000,
) -> StackPlayout:
    """Play ``components`` against ``stack`` to the end, a strategy for each side.

    A strategy is a name of :data:`STACK_STRATEGIES` or a callable
    ``f(components, stack, taken, player, last)`` returning a
    :class:`~cgt.hot.HotMove` or a :class:`CouponMove`.  With ``exact`` the
    score of exact play is computed too (a minimax: small cases only).

    >>> import cgt
    >>> p = play_with_stack([cgt.parse("{4||0|-20}"), cgt.parse("+-3")], CouponStack(2, 1))
    >>> p.score, p.exact
    (2, 2)
    """
    games, st = _components(components), _stack(stack)
    strategies = {
        Player.LEFT: _strategy(left, "left", limit),
        Player.RIGHT: _strategy(right, "right", limit),
    }
    side = start = as_player(first)
    reference = exact_stack_value(games, st, side, 0, limit) if exact else None
    current, taken, last = games, 0, None
    total = _total(games)
    coupons = _ZERO
    moves: list[HotMove | CouponMove] = []
    while taken < len(st) or not total.is_number:
        what = f"the {side.name.lower()} strategy"
        move = _checked(
            strategies[side](current, st, taken, side, last), current, st, taken, side, what
        )
        if isinstance(move, CouponMove):
            coupons += move.face if side is Player.LEFT else -move.face
            taken += 1
            last = None
        else:
            total = total - current[move.component] + move.option
            current = _replace(current, move.component, move.option)
            last = move.component
        moves.append(move)
        side = side.opponent
    return StackPlayout(games, st, start, tuple(moves), total.to_dyadic(), coupons, reference)


def guaranteed_stack_score(
    components: Iterable[GameLike | Position],
    stack: CouponStack,
    strategy: str | StackStrategy,
    player: Player | str,
    first: Player | str | None = None,
    limit: int = 1_000_000,
) -> Dyadic:
    """The score ``player`` is sure of with ``strategy`` against every defence
    (every move of the opponent, coupon or board, searched); ``first`` is who
    starts (``player`` by default).

    >>> import cgt
    >>> s = [cgt.parse("{6|2||-4}"), cgt.parse("+-3")]
    >>> st = CouponStack(4, 1)
    >>> exact_stack_value(s, st), guaranteed_stack_score(s, st, "sentestrat", "L")
    (1, 1)
    """
    games, st = _components(components), _stack(stack)
    me = as_player(player)
    start = me if first is None else as_player(first)
    plays = _strategy(strategy, "strategy", limit)
    return _searcher(st, me, plays, limit)(games, 0, start, None)
