"""Playing well: who wins, with which move, in sums too big to value.

A value answers *who wins*; a player also asks *which move*.  This module
answers both for any position of any ruleset (the Position protocol:
``left_options``, ``right_options``, optionally ``components`` and ``key``)
and for sums of positions and :class:`~cgt.Game` values:

- :class:`Player`: the two sides, ``Player.LEFT`` and ``Player.RIGHT``
  (``"L"`` and ``"R"`` are accepted wherever a side is named);
- :class:`Sum`: the disjunctive sum of positions and values (``p + q``);
- :func:`outcome`: the outcome class found by an outcome-only search that
  values small components, keeps the sum itself as a multiset of values, and
  never builds the canonical form of the whole;
- :func:`winning_moves` and :func:`sensible_moves`: the moves themselves,
  each a :class:`Move` with a readable description.

>>> import cgt
>>> from cgt.games import Clobber, Domineering
>>> s = Domineering("..|..") + Clobber("xo") + cgt.up
>>> s.value(), s.outcome()
({1^*|-1^*}, Outcome.N)
>>> for move in s.winning_moves("L"):
...     print(move)
Left: Domineering (part 0): vertical domino on (0, 0) and (1, 0)
Left: Domineering (part 0): vertical domino on (0, 1) and (1, 1)
"""

from __future__ import annotations

import enum
import re
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ._budget import OverBudget, _local, work_left, work_limit
from ._cache import BoundedCache
from ._deep import deep
from ._options import has_options_method, options_method
from ._svg import Drawable, short_text
from .canonical import _options as _engine_options
from .canonical import on_clear, sum_wins
from .dyadic import Dyadic
from .errors import (
    CGTError,
    InvalidArgument,
    LoopyPosition,
    TooLarge,
    WorkLimitExceeded,
    WrongType,
)
from .game import Game, Outcome, zero
from .solver import _components_of, _unhashable

if TYPE_CHECKING:  # pragma: no cover
    from .impartial.misere_canonical import MisereGame

_T = TypeVar("_T")
_SCALE = 64
_SVG_SIZE = re.compile(r'<svg[^>]*?width="([0-9.]+)"[^>]*?height="([0-9.]+)"')


class _Fine(Exception):
    """A number with a finer fraction than the search's integer units."""


def _scaled(x: Dyadic) -> int:
    """``x * 2**64`` as an int (exact), or :class:`_Fine`."""
    if x._exp > _SCALE:
        raise _Fine
    return x._num << (_SCALE - x._exp)


__all__ = [
    "Move",
    "Player",
    "Sum",
    "first_player_wins",
    "misere_outcome",
    "outcome",
    "sensible_moves",
    "winning_moves",
]


class Player(str, enum.Enum):
    """A side: ``LEFT`` (Blue, Black, positive) or ``RIGHT`` (Red, White, negative).

    Strings are accepted: ``"L"``, ``"R"``, ``"left"``, ``"Right"``.

    >>> Player("L"), Player("right"), Player.LEFT.opponent
    (Player.LEFT, Player.RIGHT, Player.RIGHT)
    >>> Player.LEFT == "L"
    True
    """

    LEFT = "L"
    RIGHT = "R"

    @classmethod
    def _missing_(cls, value: object) -> Player | None:
        if isinstance(value, str):
            text = value.strip().lower()
            if text in ("l", "left"):
                return cls.LEFT
            if text in ("r", "right"):
                return cls.RIGHT
        return None

    @property
    def opponent(self) -> Player:
        """The other side.

        >>> Player.LEFT.opponent, Player.RIGHT.opponent
        (Player.RIGHT, Player.LEFT)
        """
        return Player.RIGHT if self is Player.LEFT else Player.LEFT

    def __repr__(self) -> str:
        return f"Player.{self.name}"


def as_player(player: object) -> Player:
    """``player`` as a :class:`Player`, or a :class:`~cgt.errors.InvalidArgument` naming it.

    >>> as_player("L")
    Player.LEFT
    >>> as_player("up")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a player is 'L' (Left) or 'R' (Right), not 'up'
    """
    if isinstance(player, Player):
        return player
    try:
        return Player(player)
    except ValueError:
        raise InvalidArgument(f"a player is 'L' (Left) or 'R' (Right), not {player!r}") from None


def _options(position: Any, player: Player) -> list[Any]:
    if isinstance(position, Game):
        return list(position.left_options if player is Player.LEFT else position.right_options)
    if player is Player.LEFT:
        return list(position.left_options())
    return list(position.right_options())


def _value(position: Any) -> Game:
    if isinstance(position, Game):
        return position
    return position.value()  # type: ignore[no-any-return]


def describe(position: Any, option: Any) -> str:
    """A readable description of the move from ``position`` to ``option``.

    Rulesets say it with ``describe_move(option)``; otherwise the option is named.

    >>> import cgt
    >>> describe(cgt.parse("{1|-1}"), cgt.number(1))
    'to 1'
    """
    method = getattr(position, "describe_move", None)
    if method is not None:
        text = method(option)
        if text is not None:
            return str(text)
    return f"to {option}"


@dataclass(frozen=True)
class Move:
    """A move: who made it, the position it leads to, and what it is.

    ``option`` is, for :func:`sensible_moves`, the canonical option of the
    value that the move achieves (else ``None``).

    >>> import cgt
    >>> m = winning_moves(cgt.parse("{1|-1}"), "L")[0]
    >>> m.player, m.position, m.description
    (Player.LEFT, 1, 'to 1')
    """

    player: Player
    position: Any
    description: str
    option: Game | None = field(default=None, compare=False)

    def value(self) -> Game:
        """The value of the position after the move.

        >>> import cgt
        >>> winning_moves(cgt.star, "R")[0].value()
        0
        """
        return _value(self.position)

    def __str__(self) -> str:
        return f"{self.player.name.title()}: {self.description}"


# ---------------------------------------------------------------------------
# Sums of positions
# ---------------------------------------------------------------------------
class Sum(Drawable):
    """The disjunctive sum of positions and game values: a move is a move in one part.

    ``p + q`` on positions makes one; its value is the sum of the parts'
    values (each ruleset's own solver values its parts), and its components
    are the parts' components.

    >>> import cgt
    >>> from cgt.games import Domineering
    >>> s = Sum(Domineering("..|.."), cgt.star, 1)
    >>> s
    Sum(Domineering('..|..'), *, 1)
    >>> s.value(), len(s.left_options()), s.outcome()
    ({2*|*}, 4, Outcome.L)
    """

    __slots__ = ("parts",)

    parts: tuple[Any, ...]

    def __init__(self, *parts: Any) -> None:
        flat: list[Any] = []
        for i, part in enumerate(parts):
            if isinstance(part, Sum):
                flat.extend(part.parts)
                continue
            if isinstance(part, (str, bytes)) or not (
                isinstance(part, Game) or has_options_method(part, "left_options")
            ):
                g = _as_value(part)
                if g is None:
                    raise WrongType(
                        f"part {i} of a sum must be a position or a game value, "
                        f"not {type(part).__name__} {part!r}"
                    )
                part = g
            flat.append(part)
        self.parts = tuple(flat)

    @options_method
    def left_options(self) -> list[Sum]:
        """The sums after a Left move in one part (read or called: ``s.left_options()``)."""
        return self._moves(Player.LEFT)

    @options_method
    def right_options(self) -> list[Sum]:
        """The sums after a Right move in one part."""
        return self._moves(Player.RIGHT)

    def _moves(self, player: Player) -> list[Sum]:
        out = []
        parts = self.parts
        for i, part in enumerate(parts):
            for option in _options(part, player):
                out.append(Sum(*parts[:i], option, *parts[i + 1 :]))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which part the move is in (ruleset or value, and its place), and the move there.

        >>> import cgt
        >>> s = Sum(cgt.star, cgt.up)
        >>> s.describe_move(s.left_options()[0])
        '* (part 0): to 0'
        """
        if not isinstance(option, Sum) or len(option.parts) != len(self.parts):
            return None
        for i, (before, after) in enumerate(zip(self.parts, option.parts, strict=True)):
            if before is not after:
                name = str(before) if isinstance(before, Game) else type(before).__name__
                return f"{name} (part {i}): {describe(before, after)}"
        return None

    def components(self) -> list[Any]:
        """The components of all parts (nonzero values count as components)."""
        out: list[Any] = []
        for part in self.parts:
            if isinstance(part, Game):
                if part is not zero:
                    out.append(part)
            else:
                out.extend(_components_of(part))
        return out

    def key(self) -> Hashable:
        """The multiset of the components' keys (ruleset class and ``key()``)."""
        return frozenset(Counter(_component_key(c) for c in self.components()).items())

    def value(self) -> Game:
        """The sum of the parts' values."""
        total = zero
        for part in self.parts:
            total = total + _value(part)
        return total

    def outcome(self) -> Outcome:
        """The outcome class, by search (see :func:`outcome`)."""
        return outcome(self)

    def misere_outcome(self) -> Outcome:
        """The outcome class under misère play, by search (see :func:`misere_outcome`).

        >>> from cgt.games import Domineering
        >>> (Domineering("..") + Domineering(".|.")).misere_outcome()
        Outcome.N
        """
        return misere_outcome(self)

    def misere_canonical_form(self) -> MisereGame:
        """The misère canonical form of an impartial sum: the sum of its parts' forms.

        See :func:`cgt.impartial.misere_canonical_form`.

        >>> import cgt
        >>> from cgt.games import OctalGame
        >>> cgt.Sum(cgt.nimber(2), OctalGame("0.77")(2)).misere_canonical_form()
        *[2[2]]
        """
        from .impartial.misere_canonical import misere_canonical_form

        return misere_canonical_form(self)

    def winning_moves(self, player: Player | str) -> list[Move]:
        """The moves with which ``player``, moving first, wins (see :func:`winning_moves`).

        >>> from cgt.games import Clobber, Domineering
        >>> s = Domineering("..|..") + Clobber("xo")            # +-1 plus *
        >>> [m.description.split(":")[0] for m in s.winning_moves("L")]   # not in *
        ['Domineering (part 0)', 'Domineering (part 0)']
        """
        return winning_moves(self, player)

    def sensible_moves(self, player: Player | str) -> list[Move]:
        """A move for each canonical option of the value (see :func:`sensible_moves`).

        >>> from cgt.games import Clobber, Domineering
        >>> s = Domineering("..|..") + Clobber("xo")
        >>> [m.position.value() for m in s.sensible_moves("R")]    # -1* both ways
        [-1*, -1*]
        """
        return sensible_moves(self, player)

    def __add__(self, other: Any) -> Sum:
        return Sum(self, other)

    def __radd__(self, other: Any) -> Sum:
        return Sum(other, self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sum):
            return NotImplemented
        return self.parts == other.parts

    def __hash__(self) -> int:
        return hash(("Sum", self.parts))

    def __repr__(self) -> str:
        return "Sum(" + ", ".join(repr(p) for p in self.parts) + ")"

    def __str__(self) -> str:
        return " + ".join(str(p) for p in self.parts) if self.parts else "0"

    def __reduce__(self) -> tuple[Any, ...]:
        return Sum, self.parts

    def svg_title(self) -> str:
        """The picture's alt text: each part's, joined by ``+``.

        >>> import cgt
        >>> from cgt.games import Clobber
        >>> (Clobber("xo") + cgt.up).svg_title()
        'sum of Clobber position xo + ^'
        """
        titles = []
        for part in self.parts:
            title = getattr(part, "svg_title", None)
            titles.append(title() if callable(title) else short_text(part))
        return "sum of " + (" + ".join(titles) if titles else "nothing (0)")

    def _draw_svg(self) -> str:
        """The parts drawn side by side with ``+`` between them (values as text).

        >>> import cgt
        >>> from cgt.games import Clobber
        >>> (Clobber("xo") + cgt.up)._repr_svg_().count("<svg")
        2
        """
        gap, x, height = 28, 0.0, 24
        pieces: list[str] = []
        drawings: list[tuple[str | None, str, float, float]] = []
        for part in self.parts:
            draw = getattr(part, "_repr_svg_", None)
            svg = draw() if draw is not None else None
            size = _SVG_SIZE.match(svg) if svg else None
            if svg is None or size is None:
                text = escape(_text(part))
                drawings.append((None, text, 9.0 * len(text) + 8, 24.0))
            else:
                w, h = float(size.group(1)), float(size.group(2))
                drawings.append((svg, "", w, h))
                height = max(height, int(h + 0.999))
        for i, (svg, text, w, h) in enumerate(drawings):
            if i:
                pieces.append(
                    f'<text x="{x + gap / 2}" y="{height / 2 + 6}" font-size="18" '
                    f'text-anchor="middle">+</text>'
                )
                x += gap
            if svg is None:
                pieces.append(
                    f'<text x="{x + w / 2}" y="{height / 2 + 6}" font-size="16" '
                    f'text-anchor="middle">{text}</text>'
                )
            else:
                top = (height - h) / 2
                pieces.append(svg.replace("<svg ", f'<svg x="{x}" y="{top}" ', 1))
            x += w
        from ._svg import document

        return document(x, height, pieces)


def _text(part: Any) -> str:
    """A part's text in a picture; a game whose text is over the text limit
    shows its summary (``repr``)."""
    if not isinstance(part, Game):
        return str(part)
    try:
        return format(part, "u")
    except TooLarge:
        return repr(part)


def _as_value(part: Any) -> Game | None:
    from .game import maybe_game

    try:
        return maybe_game(part)
    except CGTError:  # a number that is not dyadic (1/3, nan) is no part
        return None


def _component_key(component: Any) -> Hashable:
    if isinstance(component, Game):
        return (Game, component.serial)
    return (component.__class__, component.key())


# ---------------------------------------------------------------------------
# The outcome search
# ---------------------------------------------------------------------------
VALUE_BUDGET = 20_000
"""How many new positions the search lets the solver compute to value one component.

A component that needs more is searched move by move instead."""


def _compiled_solvers() -> bool:
    """Do the compiled solvers value positions in this thread (built, not switched off)?"""
    from ._engine import ENGINE, python_only

    return ENGINE is not None and not python_only()


class _OwnLimit(Exception):
    """A work slice of the route race ran out (not the caller's own work budget)."""


def _within(steps: int, compute: Callable[[], _T]) -> _T:
    """``compute()`` under a work budget of ``steps`` more steps, or :class:`_OwnLimit`.

    When the caller's own budget (:func:`cgt.work_limit`) has no more than
    ``steps`` left, running out is the caller's: that
    :class:`~cgt.errors.WorkLimitExceeded` goes on up.
    """
    outer = work_left()
    mine = outer is None or outer > steps
    try:
        with work_limit(steps):
            return compute()
    except WorkLimitExceeded:
        if mine:
            raise _OwnLimit from None
        raise


def _try_value(component: Any, budget: int) -> Game | None:
    if isinstance(component, Game):
        return component
    if _compiled_solvers():
        # the work budget: the compiled solvers count it (a positions budget
        # would switch them off), and they keep their tables when it runs out
        try:
            return _within(4 * budget, lambda: _value(component))
        except _OwnLimit:
            return None
    outer = getattr(_local, "left", None)
    _local.left = budget
    try:
        return _value(component)
    except OverBudget:
        return None
    finally:
        _local.left = outer


class _Search:
    """One outcome search: its transposition table and valued components."""

    def __init__(self, budget: int | None = None) -> None:
        self.budget = VALUE_BUDGET if budget is None else budget
        self.table: dict[tuple[Hashable, ...], bool] = {}
        self.valued: dict[Hashable, Game | None] = {}
        self.heat: dict[int, tuple[int, int, int, int] | None] = {}
        self.nodes: int | None = None  # positions this slice of the race may still search
        self.compiled = COMPILED_SUM_SEARCH  # sums of values to cgt.canonical.sum_wins

    # --- states ----------------------------------------------------------------
    def state(self, position: Any) -> tuple[list[Game], list[Any]]:
        """Split a position into values and components too big to value."""
        values: list[Game] = []
        raw: list[Any] = []
        number = position if isinstance(position, Game) else _as_value(position)
        if number is not None:
            return self.simplify([number]), raw
        for component in _components_of(position):
            self.add(component, values, raw)
        return self.simplify(values), raw

    def add(self, component: Any, values: list[Game], raw: list[Any]) -> None:
        if isinstance(component, Game):
            if component is not zero:
                values.append(component)
            return
        key: Hashable = None
        try:
            key = _component_key(component)
            known = key in self.valued
        except TypeError:  # an unhashable key: value it each time
            key, known = None, False
        if known:
            found = self.valued[key]
        else:
            found = _try_value(component, self.budget)
            if key is not None:
                self.valued[key] = found
        if found is not None and not isinstance(found, Game):
            raise LoopyPosition(
                f"{component!r} is a loopy position (its value is {found}); the outcome of "
                "a sum with it is cgt.loopy.loopy_outcome(sum)"
            )
        if found is None:
            if key is None:  # searched move by move, it needs a key for the table
                raise _unhashable(component, component.key())
            raw.append(component)
        elif found is not zero:
            values.append(found)

    @staticmethod
    def simplify(values: list[Game]) -> list[Game]:
        """Numbers and ups and nimbers added up; a value and its negative cancel."""
        nus = zero
        rest: Counter[Game] = Counter()
        for g in values:
            if g.is_nus:
                nus = nus + g
            else:
                neg = -g
                if rest[neg] > 0:
                    rest[neg] -= 1
                else:
                    rest[g] += 1
        out = [g for g, n in rest.items() for _ in range(n)]
        if nus is not zero:
            out.append(nus)
        return out

    # --- the search --------------------------------------------------------------
    def wins(self, values: list[Game], raw: list[Any], player: Player) -> bool:
        """Does ``player``, moving first, win the sum of (simplified) ``values`` and ``raw``?

        A sum of values goes to the compiled search when there is one
        (:data:`COMPILED_SUM_SEARCH`).  It bounds by stops and atomic weights
        but has no means and temperatures: unless every value is all-small
        (stops 0, temperatures at most 0), it gets :data:`_HOT_NODES` new
        positions, after which the moves are played here, each option put to
        the bounds here; so a sum of many hot values that its mean decides
        within a move or two is not searched to the end there.  Those bounds
        need a thermograph of each value, computed in Python: so the compiled
        search first gets :data:`_PROBE_NODES` of its positions for each value
        whose thermograph this search has not yet computed (most sums of a few
        hot regions are settled so, bench_play), then the bounds are asked,
        then it gets the rest.
        """
        key = (
            tuple(sorted([g.serial for g in values])),
            frozenset(Counter(_component_key(c) for c in raw).items()) if raw else None,
            player,
        )
        found = self.table.get(key)
        if found is not None:
            return found
        if self.nodes is not None:
            if self.nodes <= 0:
                raise _Slice
            self.nodes -= 1
        result = None
        if not raw:
            # all-small values: the compiled search has every bound that applies
            small = self.compiled and all(g.is_all_small for g in values)
            most = _HOT_NODES
            if not small and self.compiled:
                # the bounds need a thermograph of each value not met before
                # (in Python, about as dear as _PROBE_NODES compiled positions)
                probe = min(most, _PROBE_NODES * self.unknown_heat(values))
                if probe:
                    result = self.compiled_wins(values, player, probe)
                    most -= probe
            if result is None and not small:
                result = self.bounds(values, player)
            if result is None and self.compiled and (small or most > 0):
                result = self.compiled_wins(values, player, None if small else most)
            if result is None and small:  # (it could not answer)
                result = self.bounds(values, player)
        if result is None:
            result = self.search(values, raw, player)
        self.table[key] = result
        return result

    def compiled_wins(
        self, values: list[Game], player: Player, most: int | None = None
    ) -> bool | None:
        """The compiled search's answer for a sum of values, or None.

        None when it cannot answer (then the Python search does, and this
        search asks it no more) or when it searched ``most`` new positions
        without an answer (the Python search then plays the moves of this sum
        and asks again for each option; what it settled stays in its table).
        Its positions count against this slice of the race, each
        :data:`_COMPILED_NODES` of them as one of the Python search's.
        """
        nodes = self.nodes
        limit = None if nodes is None else nodes * _COMPILED_NODES
        capped = most is not None and (limit is None or most < limit)
        found = sum_wins(values, player is Player.LEFT, most if capped else limit)
        if found is None:  # no compiled engine, or a number beyond it: the Python search
            self.compiled = False
            return None
        answer, spent = found
        if nodes is not None:
            self.nodes = nodes - -(-spent // _COMPILED_NODES)
        if answer is None and not capped:
            raise _Slice
        return answer

    def thermal(self, g: Game) -> tuple[int, int, int, int]:
        """Mean, temperature and stops of a value as integers in units of 2**-64.

        Remembered for this search; a value with finer fractions raises
        :class:`_Fine` (the bounds are then skipped).
        """
        key = g.serial
        if key in self.heat:
            found = self.heat[key]
        else:
            try:
                found = (
                    _scaled(g.mean()),
                    max(_scaled(g.temperature()), 0),
                    _scaled(g.left_stop()),
                    _scaled(g.right_stop()),
                )
            except _Fine:
                found = None
            self.heat[key] = found
        if found is None:
            raise _Fine
        return found

    def unknown_heat(self, values: list[Game]) -> int:
        """How many of ``values`` (numbers, ups and nimbers aside) this search has no
        thermograph figures for yet (:meth:`thermal`)."""
        heat = self.heat
        return sum(1 for g in values if not g.is_nus and g.serial not in heat)

    def bounds(self, values: list[Game], player: Player) -> bool | None:
        """Decide from means, temperatures and stops (and atomic weights) alone, or None.

        The mean of a sum is the sum of the means, its temperature at most the
        largest one, and the stops of a game lie within its temperature of its
        mean: so ``m - t > 0`` makes the sum positive and ``m + t < 0``
        negative.  Stops of the parts bound the stops of the sum too:
        ``RS(G) + RS(H) <= RS(G + H) <= RS(G) + LS(H) <= LS(G + H) <= LS(G) + LS(H)``.
        """
        if len(values) <= 2:
            total = zero
            for g in values:
                total = total + g
            if player is Player.LEFT:
                return not total <= zero
            return not total >= zero
        mean = hottest = ls = rs = width = 0
        thermal = self.thermal
        try:
            for g in values:
                m, t, gl, gr = thermal(g)
                mean += m
                if hottest < t:
                    hottest = t
                ls += gl
                rs += gr
                if width < gl - gr:
                    width = gl - gr
        except _Fine:
            return None
        low = mean - hottest  # at most the right stop of the sum
        high = mean + hottest  # at least its left stop
        if rs > low:
            low = rs
        if ls < high:
            high = ls
        if player is Player.LEFT:
            if high < 0:
                return False
            if low > 0 or rs + width > 0:
                return True
        else:
            if low > 0:
                return False
            if high < 0 or ls - width < 0:
                return True
        if high == 0 and low == 0 and all(g.is_all_small for g in values):
            weight = zero
            try:
                for g in values:
                    weight = weight + g.atomic_weight()
            except CGTError:  # not atomic: no weight to go by
                return None
            if weight >= 2:  # the two-ahead rule: the sum is positive
                return player is Player.LEFT
            if weight <= -2:
                return player is Player.RIGHT
        return None

    def search(self, values: list[Game], raw: list[Any], player: Player) -> bool:
        """Try each move (hottest value first) until one wins; ``values`` are simplified."""
        other = player.opponent
        side = 0 if player is Player.LEFT else 1
        # hottest first, numbers last; a number needs no move at all when the
        # rest is a single value that is not a number (number avoidance)
        movable = [g for g in values if not g.is_number]
        movable.sort(key=self.heat_of, reverse=True)
        if not (len(movable) == 1 and not raw):
            movable += [g for g in values if g.is_number]
        for g in movable:
            rest = list(values)
            rest.remove(g)
            for option in _engine_options(g)[side]:
                if not self.wins(_with(rest.copy(), option), raw, other):
                    return True
        for i, component in enumerate(raw):
            rest_raw = raw[:i] + raw[i + 1 :]
            for option in _options(component, player):
                opt_values, opt_raw = self.state(option)
                merged = self.simplify([*values, *opt_values])
                if not self.wins(merged, [*rest_raw, *opt_raw], other):
                    return True
        return False

    def heat_of(self, g: Game) -> int:
        """The temperature of a value (in the search's units; 0 when unknown)."""
        try:
            return self.thermal(g)[1]
        except _Fine:
            return 0


def _with(values: list[Game], g: Game) -> list[Game]:
    """A simplified list of values with ``g`` added (``values`` simplified, reused)."""
    if g.is_nus:  # numbers, ups and nimbers join the one such value
        for i, h in enumerate(values):
            if h.is_nus:
                total = h + g
                if total is zero:
                    del values[i]
                else:
                    values[i] = total
                return values
        if g is not zero:
            values.append(g)
        return values
    neg = -g
    if neg in values:
        values.remove(neg)
        return values
    values.append(g)
    return values


ROUTE = "race"
"""How :func:`outcome`, :func:`first_player_wins` and :func:`winning_moves` decide.

``"race"`` (the default): the value route (the position's value, then its
sign) and the outcome search take turns in slices of growing size, each
given a share of the CPU time spent so far, and the first to finish answers
(see :func:`outcome`); ``"search"``: the outcome search alone; ``"value"``:
the value alone.  All three give the same answers.

>>> ROUTE
'race'
"""

VALUE_SHARE = 10
"""The favoured route's share of the race's CPU time against the other's 1.

With the compiled solvers the value route is favoured, so an answer costs at
most about ``1 + 1/VALUE_SHARE`` times the value route alone, after one short
slice of the search that comes first (many sums are settled in it, long before
their values).  In pure Python the search is favoured five times as much (it
was the only route before the race, and values there are dearer): an answer
costs at most about ``1 + 1/(5 * VALUE_SHARE)`` times the search alone.

>>> VALUE_SHARE
10
"""

COMPILED_SUM_SEARCH = True
"""Whether the outcome search hands the sums whose parts are all valued to the
compiled search (:func:`cgt.canonical.sum_wins`; with the canonical kernel).
``False``: the search in Python throughout (the same answers; tests compare them).

>>> COMPILED_SUM_SEARCH
True
"""

_COMPILED_NODES = 64  # positions of the compiled sum search counted as one of the Python search's
_HOT_NODES = 4096  # the compiled search's positions for a sum of hot values before Python plays it
_PROBE_NODES = 256  # of those, tried before the bounds, for each value the bounds would first meet
_PURE_SHARE = 5 * VALUE_SHARE  # without the compiled solvers: the search's share
_PEEK_WORK = 4096  # steps of work of a first glance at the value (before the search's first slice)
_FIRST_WORK = 16_384  # steps of work in the value route's first slice (fewer restarts: bench_play)
_FIRST_NODES = 256  # positions in the search's first slice (before the value route's first;
# pure Python, where the search is the favoured route: 16 times as many)


class _Slice(Exception):
    """The search's slice of the race is spent (its table keeps what it settled)."""


def _sign_wins(g: Game, player: Player) -> bool:
    """Does ``player``, moving first, win a game of value ``g``?"""
    return not (g <= zero) if player is Player.LEFT else not (g >= zero)


def _decide(search: _Search, position: Any, players: tuple[Player, ...]) -> list[bool]:
    """For each of ``players`` moving first in ``position``: does she win?

    The route race of :data:`ROUTE`: slices of the value route (under a work
    budget that doubles each time; the solvers and the engine keep what they
    finished, so a slice resumes the previous one) alternate with slices of
    the search (a budget of new search positions that doubles; its table
    keeps what it settled), the value route getting :data:`VALUE_SHARE`
    times the search's CPU time with the compiled solvers and a fiftieth of it
    without (the search in Python is the route that was there before).  The
    search's first slice comes first either way: with the compiled solvers it
    is short (:data:`_FIRST_NODES` positions, of the compiled search
    :data:`_COMPILED_NODES` times as many) and settles most sums of valued
    parts before the value route's first slice would have.
    """

    def by_search() -> list[bool]:
        values, raw = search.state(position)
        return [search.wins(values, raw, player) for player in players]

    direct = position if isinstance(position, Game) else _as_value(position)
    if direct is not None:  # a value (or a number) already
        return [_sign_wins(direct, player) for player in players]
    if ROUTE == "search" or not callable(getattr(position, "value", None)):
        return by_search()  # (without a value the search says what is wrong)
    if ROUTE == "value":
        g = _value(position)
        if isinstance(g, Game):
            return [_sign_wins(g, player) for player in players]
        return by_search()  # a loopy value: the search says so
    compiled = _compiled_solvers()
    clock = time.thread_time
    spent_value = spent_search = 0.0
    work = _FIRST_WORK
    nodes = _FIRST_NODES if compiled else 16 * _FIRST_NODES  # (the favoured route)
    value_open = True
    peeked = not compiled  # a glance at the value first: cheap values need no search
    searched = False  # then the search's first slice
    try:
        while True:
            if compiled:  # then the value route favoured
                value_turn = not peeked or (searched and spent_value <= VALUE_SHARE * spent_search)
            else:  # the search first, the value route getting a fiftieth
                value_turn = _PURE_SHARE * spent_value < spent_search
            if value_open and value_turn:
                start = clock()
                steps, peeked = (work if peeked else _PEEK_WORK), True
                try:
                    g = _within(steps, lambda: _value(position))
                except _OwnLimit:
                    if steps == work:
                        work *= 2
                except WorkLimitExceeded:  # the caller's own budget
                    raise
                except CGTError:  # no value here (loopy, too large...): search alone
                    value_open = False
                else:
                    if isinstance(g, Game):
                        return [_sign_wins(g, player) for player in players]
                    value_open = False
                spent_value += clock() - start
            else:
                start = clock()
                search.nodes = None if not value_open else nodes
                searched = True
                try:
                    return by_search()
                except _Slice:
                    nodes *= 2
                spent_search += clock() - start
    finally:
        search.nodes = None


@deep
def first_player_wins(position: Any, player: Player | str) -> bool:
    """Does ``player``, moving first in ``position``, win?  (Outcome search, no sum values.)

    Decided like :func:`outcome`.

    >>> import cgt
    >>> first_player_wins(cgt.star, "L"), first_player_wins(cgt.down, "L")
    (True, False)
    """
    side = as_player(player)
    return _decide(_Search(), position, (side,))[0]


@deep
def outcome(position: Any) -> Outcome:
    """The outcome class of a position or sum, by the cheaper of its value and a search.

    Two routes race (:data:`ROUTE`): the **value route** computes the value
    and compares it with 0; the **outcome search** never puts the sum of
    the values in canonical form.  They take turns in slices that grow
    geometrically, each slice resuming where the route's last one stopped, and
    the first to finish answers.  With the compiled solvers the value route
    gets :data:`VALUE_SHARE` times the search's CPU time, so the answer never
    costs much more than the value would (and far less where values blow
    up); in pure Python it is the other way round.

    The search values components by their rulesets (those that need more
    than :data:`VALUE_BUDGET` new positions are searched move by move), adds
    numbers, ups and nimbers, cancels a value against its negative, decides
    from stops and atomic weights where it can, tries the hottest component
    first and keeps a transposition table of the multisets of component
    values it met.

    >>> import cgt
    >>> from cgt.games import Domineering
    >>> outcome(Domineering("..|..") + Domineering("..|..")), outcome(cgt.up + cgt.star)
    (Outcome.P, Outcome.N)
    """
    # a ruleset's own outcome search for a single big position (Domineering's alpha-beta)
    big = getattr(position, "big_board_outcome", None)
    found = big() if big is not None else None
    if found is not None:
        return cast(Outcome, found)
    left, right = _decide(_Search(), position, (Player.LEFT, Player.RIGHT))
    if left:
        return Outcome.N if right else Outcome.L
    return Outcome.R if right else Outcome.P


@deep
def winning_moves(position: Any, player: Player | str) -> list[Move]:
    """Every move with which ``player``, moving first, wins.

    For Left these are the options of value at least 0, for Right at most 0;
    each option is decided like :func:`outcome` (one search table for all),
    so sums too big to value have them too.

    >>> import cgt
    >>> from cgt.games import Domineering
    >>> [str(m) for m in winning_moves(Domineering("...|...") + cgt.star, "L")]
    ['Left: Domineering (part 0): vertical domino on (0, 1) and (1, 1)']
    """
    side = as_player(player)
    search = _Search()
    out = []
    for option in _options(position, side):
        if not _decide(search, option, (side.opponent,))[0]:
            out.append(Move(side, option, describe(position, option)))
    return out


def sensible_moves(position: Any, player: Player | str) -> list[Move]:
    """For each canonical option of the value, the moves of ``position`` that achieve it.

    The options of the position are put in canonical form with each one
    tagged by the move that made it: dominated options go, and a reversible
    option is replaced by the options it reverses to, keeping its move's tag.
    Each :class:`Move` has ``option`` set to the canonical option it achieves.

    >>> import cgt
    >>> from cgt.games import Clobber
    >>> [(str(m.option), m.description) for m in sensible_moves(Clobber("xoo"), "L")]
    [('*', 'x (0, 0) takes o at (0, 1)')]
    """
    side = as_player(player)
    left = [(_value(o), o) for o in _options(position, Player.LEFT)]
    right = [(_value(o), o) for o in _options(position, Player.RIGHT)]
    value = _value(position)
    canon = value.left_options if side is Player.LEFT else value.right_options
    tagged = _tagged_canonical(left, right, value, side)
    out = []
    for option in canon:
        for g, move in tagged:
            if g is option:
                out.append(Move(side, move, describe(position, move), option))
    return out


def _tagged_canonical(
    left: list[tuple[Game, Any]], right: list[tuple[Game, Any]], value: Game, side: Player
) -> list[tuple[Game, Any]]:
    """``side``'s options with their moves, reversible ones followed through to ``value``'s."""
    mine = left if side is Player.LEFT else right
    out: list[tuple[Game, Any]] = []
    seen: set[tuple[int, int]] = set()
    todo = list(mine)
    while todo:
        g, move = todo.pop()
        key = (g.serial, id(move))
        if key in seen:
            continue
        seen.add(key)
        # reversible: a reply of the opponent's at least as good for him as value
        replies = g.right_options if side is Player.LEFT else g.left_options
        through = [r for r in replies if (r <= value if side is Player.LEFT else r >= value)]
        if through and g not in (
            value.left_options if side is Player.LEFT else value.right_options
        ):
            for r in through:
                for h in r.left_options if side is Player.LEFT else r.right_options:
                    todo.append((h, move))
        else:
            out.append((g, move))
    return out


# ---------------------------------------------------------------------------
# Misère play
# ---------------------------------------------------------------------------
_FORMS: BoundedCache[tuple[Hashable, Player], bool] = BoundedCache("play.forms")
"""Misère results of sums of game forms (kept between calls: forms are immutable)."""


def _clear_forms() -> None:
    _FORMS.clear()


on_clear(_clear_forms)


class _MisereSearch:
    """One misère search over whole sums: a state is the multiset of its components."""

    def __init__(self) -> None:
        self.table: dict[tuple[Hashable, Player], bool] = {}
        self.moves: dict[tuple[Hashable, Player], list[list[Any]]] = {}
        self.open: set[tuple[Hashable, Player]] = set()  # the states on the current line

    @staticmethod
    def parts(position: Any) -> list[Any]:
        """The components of ``position`` (game forms as they are, ``0`` left out)."""
        if not isinstance(position, Game) and not has_options_method(position, "left_options"):
            value = None if isinstance(position, (str, bytes)) else _as_value(position)
            if value is not None:  # a number stands for its value
                position = value
        if isinstance(position, Game):
            return [] if position is zero else [position]
        out: list[Any] = []
        for component in _components_of(position):
            if isinstance(component, Game):
                if component is not zero:
                    out.append(component)
            else:
                out.append(component)
        return out

    @staticmethod
    def key(parts: list[Any]) -> Hashable:
        keys = []
        for part in parts:
            key = _component_key(part)
            try:
                hash(key)
            except TypeError:
                raise _unhashable(part, key) from None
            keys.append(key)
        return frozenset(Counter(keys).items())

    def options(self, part: Any, key: Hashable, player: Player) -> list[list[Any]]:
        """The moves of ``player`` in one component, each as the option's components."""
        found = self.moves.get((key, player))
        if found is None:
            found = self.moves[key, player] = [
                self.parts(option) for option in _options(part, player)
            ]
        return found

    def wins(self, parts: list[Any], player: Player) -> bool:
        """Does ``player``, moving first in the sum of ``parts``, win when the last mover loses?"""
        state = self.key(parts)
        forms = all(isinstance(part, Game) for part in parts)
        table = _FORMS if forms else self.table
        found = table.get((state, player))
        if found is not None:
            return found
        if (state, player) in self.open:
            raise LoopyPosition(
                f"the sum {' + '.join(map(repr, parts))} can be played back to itself: it is "
                "loopy, and misère outcomes are searched for short (loop-free) games only"
            )
        self.open.add((state, player))
        try:
            result = self.decide(parts, player)
        finally:
            self.open.discard((state, player))
        table[state, player] = result
        return result

    def decide(self, parts: list[Any], player: Player) -> bool:
        other = player.opponent
        result = True  # without a move, the player to move has won
        for i, part in enumerate(parts):
            rest = parts[:i] + parts[i + 1 :]
            for option in self.options(part, _component_key(part), player):
                result = False
                if not self.wins(rest + option, other):
                    return True
        return result


class _ImpartialSum:
    """A sum of impartial components, as :mod:`cgt.impartial.misere` reads positions."""

    __slots__ = ("parts",)

    def __init__(self, parts: list[Any]) -> None:
        self.parts = parts

    def components(self) -> list[Any]:
        return self.parts

    def options(self) -> list[_ImpartialSum]:
        out = []
        for i, part in enumerate(self.parts):
            rest = self.parts[:i] + self.parts[i + 1 :]
            for option in part.options():
                out.append(_ImpartialSum(rest + list(_components_of(option))))
        return out

    def key(self) -> Hashable:
        return _MisereSearch.key(self.parts)


def _impartial_parts(parts: list[Any]) -> list[Any] | None:
    """The parts as impartial positions (nimbers as Nim heaps), or None if one is partizan."""
    from .impartial.misere import NimHeap

    out: list[Any] = []
    for part in parts:
        if isinstance(part, Game):
            if not part.is_nimber:
                return None
            out.append(NimHeap(int(part.nim_value())))
        elif has_options_method(part, "options"):
            out.append(part)
        else:
            return None
    return out


@deep
def misere_outcome(position: Any) -> Outcome:
    """The outcome class under misère play: whoever cannot move **wins**.

    ``position`` is a game value, a position of any ruleset or a
    :class:`Sum` of them.  A :class:`~cgt.Game` stands for its canonical
    *form*: misère outcome is not a normal-play invariant, so equal values
    with different forms can have different misère outcomes (see
    :meth:`cgt.Game.misere_outcome`).

    The outcome comes from a search over whole sums, memoised by the
    multiset of the components' keys (``key()``, or the form of a value).
    When every component is impartial (an impartial position or a nimber)
    the sum is handed to :func:`cgt.impartial.misere_outcome`, which computes
    misère Grundy values of whole sums of components.  No further splitting
    is done: misère outcomes of partizan sums do not follow from the
    components' outcomes or values, so the sum is always searched as a whole
    (its size grows as the product of the components' sizes).

    >>> import cgt
    >>> from cgt.games import Clobber, Domineering
    >>> misere_outcome(cgt.zero), misere_outcome(cgt.star), misere_outcome(cgt.number(1))
    (Outcome.N, Outcome.P, Outcome.R)
    >>> misere_outcome(Domineering("..")), misere_outcome(Clobber("xo") + Clobber("xo"))
    (Outcome.L, Outcome.N)
    """
    search = _MisereSearch()
    parts = search.parts(position)
    impartial = _impartial_parts(parts)
    if impartial is not None and not all(isinstance(part, Game) for part in parts):
        from .impartial.misere import misere_outcome as impartial_misere

        return impartial_misere(_ImpartialSum(impartial))
    left = search.wins(parts, Player.LEFT)
    right = search.wins(parts, Player.RIGHT)
    if left:
        return Outcome.N if right else Outcome.L
    return Outcome.R if right else Outcome.P
