"""Compound games: playing several positions at once by other rules than the sum.

The disjunctive sum ``p + q`` (move in exactly one component; the game ends
when every component has ended) is one of a dozen ways of playing several
games at once (ONAG ch. 14, after C. A. B. Smith, *J. Combin. Theory* 1
(1966); Winning Ways ch. 9).  This module gives the others that normal play
makes sense of, as positions of their own, on positions of any ruleset,
your own included, and on game values (a value plays as its canonical form):

=====================================  ====================  =========================
compound                               a move is a move in   the game ends when
=====================================  ====================  =========================
:func:`selective_sum`                  some components       every component has ended
:func:`shortened_selective_sum`        some components       any component has ended
:func:`conjunctive_sum`                every component       any component has ended
:func:`continued_conjunctive_sum`      every unended one     every component has ended
:func:`diminished_disjunctive_sum`     one component         any component has ended
=====================================  ====================  =========================

For a partizan game, a component has *ended* for the player to move when
that player has no move in it; the player who cannot move in the compound
loses.  CGSuite's ``ConjunctiveSum`` and ``SelectiveSum`` are the conjunctive
and selective sums of two games.

The value of a compound is found by the solver like any position's value.
Its outcome has a theory when every component is impartial (ONAG ch. 14),
and :meth:`Compound.outcome` uses it there: the remoteness (:func:`remoteness`)
for conjunctive sums, the suspense number (:func:`suspense`) for continued
conjunctive sums, the components' outcomes for selective sums and the
foreclosed Grundy values (:func:`foreclosed_grundy`) for diminished
disjunctive sums.  With a partizan component the outcome is found by the
search of :func:`cgt.play.outcome`: no theory is known.

>>> import cgt
>>> from cgt.games import SubtractionGame
>>> nim = SubtractionGame(set(), all_but=True)      # Nim: take any number from a heap
>>> conjunctive_sum(nim(3), nim(5)).outcome(), selective_sum(nim(3), nim(5)).outcome()
(Outcome.N, Outcome.N)
>>> conjunctive_sum(cgt.parse("1/2"), cgt.parse("1/4")).value()   # CGSuite's test
1/2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from itertools import product
from typing import Any, ClassVar

from .. import play as _play
from .._svg import Drawable
from ..errors import InvalidArgument, LoopyPosition, NotImpartial, TooLarge
from ..game import Game, Outcome
from ..impartial import mex
from ..play import Sum
from .base import ImpartialPosition, Position
from .loopy_games import Loopy
from .variants import check_position, form_key, sides

__all__ = [
    "MAX_OPTIONS",
    "Compound",
    "ConjunctiveSum",
    "ContinuedConjunctiveSum",
    "DiminishedDisjunctiveSum",
    "SelectiveSum",
    "ShortenedSelectiveSum",
    "conjunctive_sum",
    "continued_conjunctive_sum",
    "diminished_disjunctive_sum",
    "foreclosed_grundy",
    "is_impartial_position",
    "remoteness",
    "selective_sum",
    "shortened_selective_sum",
    "suspense",
]

MAX_OPTIONS = 1_000_000
"""The most options a compound lists for one side (more raise :class:`~cgt.TooLarge`).

A conjunctive or selective compound of ``k`` components with ``m`` options
each has about ``m**k`` (or ``(m + 1)**k``) options."""


# --- which positions are impartial ------------------------------------------------------
def is_impartial_position(position: Any) -> bool:
    """Whether ``position`` is impartial by construction: an impartial ruleset's
    position, an impartial value (a nimber), or a sum or compound of such.

    >>> import cgt
    >>> from cgt.games import Clobber, OctalGame
    >>> kayles = OctalGame("0.77")
    >>> is_impartial_position(kayles(3)), is_impartial_position(cgt.star)
    (True, True)
    >>> is_impartial_position(Clobber("xo")), is_impartial_position(kayles(2) + cgt.up)
    (False, False)
    >>> is_impartial_position(conjunctive_sum(kayles(2), cgt.nimber(3)))
    True
    """
    if isinstance(position, Game):
        return position.is_impartial
    if isinstance(position, ImpartialPosition):
        return True
    if isinstance(position, (Sum, Compound)):
        return all(is_impartial_position(p) for p in position.parts)
    return False


def _impartial(position: Any, where: str) -> Any:
    position = check_position(position, where)
    if not is_impartial_position(position):
        raise NotImpartial(
            f"{where} is defined for impartial positions (an impartial ruleset's, a nimber, "
            f"or a sum or compound of them), not {position!r}"
        )
    if isinstance(position, Loopy):
        raise LoopyPosition(f"{where} needs a short game, not the loopy position {position!r}")
    return position


# --- remoteness, suspense, foreclosed Grundy values -------------------------------------
def _by_options(position: Any, rule: Callable[[list[int]], int], where: str) -> dict[Hashable, int]:
    """A number for every follower of an impartial ``position``, from its options' numbers
    by ``rule``: a depth-first walk on an explicit stack (no recursion, so no depth
    limit); a position met again on its own line of play raises."""
    values: dict[Hashable, int] = {}
    expanded: dict[Hashable, list[Any]] = {}  # the options of the positions on the line
    stack: list[tuple[Hashable, Any]] = [(form_key(position), position)]
    while stack:
        key, node = stack[-1]
        if key in values:
            stack.pop()
            continue
        options = expanded.get(key)
        if options is None:
            options = expanded[key] = sides(node)[0]
        pending = [(k, o) for k, o in ((form_key(o), o) for o in options) if k not in values]
        if pending:
            for k, o in pending:
                if k in expanded:
                    raise LoopyPosition(f"{where}: the position {o!r} can be played back to itself")
            stack.extend(pending)
            continue
        values[key] = rule([values[form_key(o)] for o in options])
        del expanded[key]
        stack.pop()
    return values


def _remoteness_rule(options: list[int]) -> int:
    even = [r for r in options if r % 2 == 0]
    if even:
        return 1 + min(even)  # the winner hurries
    return 1 + max(options) if options else 0  # the loser dawdles


def _suspense_rule(options: list[int]) -> int:
    even = [s for s in options if s % 2 == 0]
    if even:
        return 1 + max(even)  # the winner dawdles
    return 1 + min(options) if options else 0  # the loser hurries


def remoteness(position: Any) -> int:
    """Steinhaus's remoteness of an impartial position under normal play: how many
    moves the game lasts when the winner hurries and the loser dawdles.

    An ended position has remoteness 0; otherwise it is one more than the
    least even remoteness of an option, or, with none, one more than the
    greatest (odd) remoteness of an option (ONAG ch. 14; Winning Ways ch. 9).
    The position is a P-position exactly when its remoteness is even, and a
    conjunctive compound's remoteness is its components' least.

    >>> import cgt
    >>> from cgt.games import SubtractionGame
    >>> nim = SubtractionGame(set(), all_but=True)
    >>> [remoteness(nim(n)) for n in range(4)], remoteness(nim(2, 2))
    ([0, 1, 1, 1], 4)
    >>> remoteness(cgt.up)
    Traceback (most recent call last):
    ...
    cgt.errors.NotImpartial: remoteness() is defined for impartial positions ...
    """
    position = _impartial(position, "remoteness()")
    return _number(position, _remoteness_rule, "remoteness()")


def suspense(position: Any) -> int:
    """The suspense number of an impartial position under normal play: how many moves
    the game lasts when the winner dawdles and the loser hurries.

    An ended position has suspense 0; otherwise it is one more than the
    greatest even suspense of an option, or, with none, one more than the
    least (odd) suspense of an option (ONAG ch. 14).  The position is a
    P-position exactly when its suspense is even, and a continued conjunctive
    compound's suspense is its components' greatest.

    >>> from cgt.games import SubtractionGame
    >>> nim = SubtractionGame(set(), all_but=True)
    >>> [suspense(nim(n)) for n in range(4)], suspense(nim(2, 2)), remoteness(nim(2, 2))
    ([0, 1, 1, 1], 2, 4)
    """
    position = _impartial(position, "suspense()")
    return _number(position, _suspense_rule, "suspense()")


def foreclosed_grundy(position: Any) -> int | None:
    """The foreclosed Grundy value of an impartial position (ONAG ch. 14), or ``None``.

    Foreclosing a game forbids the positions that have ended or can be ended
    by one move; the foreclosed Grundy value is the Grundy value of what is
    left: the mex of the foreclosed values of the options that are not
    forbidden.  It is ``None`` for a forbidden position.  A diminished
    disjunctive compound of positions whose values are all defined is worth
    their nim-sum.

    >>> from cgt.games import SubtractionGame
    >>> nim = SubtractionGame(set(), all_but=True)
    >>> [foreclosed_grundy(nim(n)) for n in range(3)], foreclosed_grundy(nim(2, 2))
    ([None, None, None], 0)
    """
    position = _impartial(position, "foreclosed_grundy()")
    found = _foreclosed(position)
    return None if found < 0 else found


def _foreclosed(position: Any) -> int:
    """The foreclosed Grundy value, -1 for a forbidden position (ended, or one move from it)."""

    def rule(options: list[int]) -> int:
        # -2: an ended position; -1: a position one move from the end
        if not options:
            return -2
        if -2 in options:
            return -1
        return mex(v for v in options if v >= 0)

    found = _number(position, rule, "foreclosed_grundy()")
    return -1 if found < 0 else found


def _number(position: Any, rule: Callable[[list[int]], int], where: str) -> int:
    return _by_options(position, rule, where)[form_key(position)]


# --- the compounds ----------------------------------------------------------------------
class Compound(Position, Drawable):
    """A compound of positions (the base of the classes this module's functions make).

    A compound is a :class:`~cgt.games.Position` like any other: it has Left
    and Right options (compounds of the components' options), a value, an
    outcome and winning moves, a key (the same for the same components in
    any order), a picture, and it pickles.  It does not split into
    components: the whole compound is one component of a disjunctive sum.

    >>> import cgt
    >>> c = conjunctive_sum(cgt.parse("{1|0}"), cgt.star)
    >>> c, c.left_options(), c.value()
    (conjunctive_sum({1|0}, *), [conjunctive_sum(1, 0)], *)
    """

    __slots__ = ("parts",)

    name: ClassVar[str] = ""
    """The function that makes the compound (its ``repr`` names it)."""
    symbol: ClassVar[str] = ""
    """The operator drawn between the components."""
    parts: tuple[Any, ...]

    def __init__(self, *parts: Any) -> None:
        if not parts:
            raise InvalidArgument(f"{self.name}() needs at least one position")
        checked = []
        for part in parts:
            part = check_position(part, f"{self.name}()")
            if isinstance(part, Loopy):
                raise LoopyPosition(
                    f"{self.name}() plays short games only, not the loopy position {part!r}"
                )
            checked.append(part)
        self.parts = tuple(checked)

    @classmethod
    def _of(cls, parts: Iterable[Any]) -> Compound:
        made = object.__new__(cls)
        made.parts = tuple(parts)
        return made

    # the rules: the compound options of one side, from the parts' options of that side
    def _moves(self, options: list[list[Any]]) -> Iterable[tuple[Any, ...]]:
        raise NotImplementedError

    def _side(self, left: bool) -> list[Compound]:
        options = [sides(p)[0 if left else 1] for p in self.parts]
        return [self._of(parts) for parts in self._moves(options)]

    def left_options(self) -> list[Compound]:
        """Left's moves: compounds of the components' Left options, by the compound's rule.

        >>> import cgt
        >>> conjunctive_sum(cgt.nimber(2), cgt.parse("{1|-1}")).left_options()
        [conjunctive_sum(0, 1), conjunctive_sum(*, 1)]
        """
        return self._side(True)

    def right_options(self) -> list[Compound]:
        """Right's moves: compounds of the components' Right options, by the compound's rule.

        >>> import cgt
        >>> selective_sum(cgt.star, cgt.parse("{1|-1}")).right_options()
        [selective_sum(*, -1), selective_sum(0, +-1), selective_sum(0, -1)]
        """
        return self._side(False)

    def key(self) -> Hashable:
        """The components' keys, in any order (every compound here is commutative).

        >>> import cgt
        >>> selective_sum(cgt.star, 1).key() == selective_sum(1, cgt.star).key()
        True
        """
        return frozenset(Counter(form_key(p) for p in self.parts).items())

    def outcome(self) -> Outcome:
        """Who wins: by the compound's theory when every component is impartial
        (ONAG ch. 14), else by the search of :func:`cgt.play.outcome`.

        >>> import cgt
        >>> conjunctive_sum(cgt.parse("{1|0}"), cgt.star).outcome()
        Outcome.N
        """
        if all(is_impartial_position(p) for p in self.parts):
            return Outcome.N if self._first_player_wins() else Outcome.P
        return _play.outcome(self)

    def _first_player_wins(self) -> bool:
        """The theory's answer for impartial components (each compound overrides it)."""
        return _play.outcome(self) is Outcome.N

    def describe_move(self, option: Any) -> str | None:
        """Which components the move plays in, and each part's move as its ruleset says it.

        >>> import cgt
        >>> c = selective_sum(cgt.nimber(2), cgt.star)
        >>> c.describe_move(c.left_options()[-1])
        'in component 0: to *; in component 1: to 0'
        """
        parts = getattr(option, "parts", None)
        if parts is None or len(parts) != len(self.parts):
            return None
        moves = [
            f"in component {i}: {_play.describe(old, new)}"
            for i, (old, new) in enumerate(zip(self.parts, parts, strict=True))
            if new is not old
        ]
        return "; ".join(moves) if moves else None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Compound) and type(other) is type(self) and self.key() == other.key()
        )

    def __hash__(self) -> int:
        return hash((type(self), self.key()))

    def __repr__(self) -> str:
        return f"{self.name}({', '.join(map(repr, self.parts))})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.parts)

    def svg_title(self) -> str:
        """The picture's alt text: the compound and its components.

        >>> import cgt
        >>> conjunctive_sum(cgt.star, cgt.up).svg_title()
        'ConjunctiveSum of * and ^'
        """
        titles = []
        for part in self.parts:
            title = getattr(part, "svg_title", None)
            titles.append(title() if callable(title) else str(part))
        return f"{type(self).__name__} of {' and '.join(titles)}"

    def _draw_svg(self) -> str:
        """The components side by side, with the compound's operator between them.

        >>> import cgt
        >>> from cgt.games import Clobber
        >>> "\N{LOGICAL AND}" in conjunctive_sum(Clobber("xo"), cgt.up).to_svg()
        True
        """
        drawn = Sum(*self.parts)._draw_svg()
        return drawn.replace(
            'text-anchor="middle">+</text>', f'text-anchor="middle">{self.symbol}</text>'
        )


def _limit(count: int, name: str) -> None:
    if count > MAX_OPTIONS:
        raise TooLarge(
            f"this {name} has {count:,} options on one side, more than MAX_OPTIONS "
            f"({MAX_OPTIONS:,}); play fewer or smaller components"
        )


class ConjunctiveSum(Compound):
    """Move in every component; the game ends when any component has ended.

    CGSuite's ``ConjunctiveSum``: ``G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}``.
    Winning Ways and ONAG write ``G ∧ H``.

    >>> import cgt
    >>> ConjunctiveSum(cgt.nimber(5), cgt.nimber(6)).value()    # CGSuite's test
    *5
    """

    __slots__ = ()
    name = "conjunctive_sum"
    symbol = "\N{LOGICAL AND}"

    def _moves(self, options: list[list[Any]]) -> Iterable[tuple[Any, ...]]:
        count = 1
        for side in options:
            count *= len(side)
        _limit(count, "conjunctive sum")
        return product(*options)

    def _first_player_wins(self) -> bool:
        return min(remoteness(p) for p in self.parts) % 2 == 1


class ContinuedConjunctiveSum(Compound):
    """Move in every component that has not ended (at least one); the game ends when
    every component has ended.

    ONAG ch. 14 names it (the conjunctive rule with the long ending rule).

    >>> import cgt
    >>> ContinuedConjunctiveSum(cgt.star, cgt.nimber(2)).value()   # {0, (0 and *) | ...}
    *2
    """

    __slots__ = ()
    name = "continued_conjunctive_sum"
    symbol = "\N{TWO LOGICAL AND OPERATOR}"

    def _moves(self, options: list[list[Any]]) -> Iterable[tuple[Any, ...]]:
        if not any(options):
            return []
        count = 1
        for side in options:
            count *= max(1, len(side))
        _limit(count, "continued conjunctive sum")
        return product(
            *[side if side else [part] for side, part in zip(options, self.parts, strict=True)]
        )

    def _first_player_wins(self) -> bool:
        return max(suspense(p) for p in self.parts) % 2 == 1


class SelectiveSum(Compound):
    """Move in any nonempty set of components; the game ends when every component has ended.

    ``G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | G^R ∨ H, G ∨ H^R, G^R ∨ H^R}``, as
    ONAG, Winning Ways and CGSuite's documentation of ``SelectiveSum`` define
    it.  (CGSuite's implementation plays only the first move so: after it the
    game goes on as the disjunctive sum ``G^L + H`` or the conjunctive
    ``G^L ∧ H^L``, so its values, and its tests' (``*5 SelectiveSum *6`` is
    ``*8`` there), differ from these.)

    >>> import cgt
    >>> SelectiveSum(cgt.nimber(5), cgt.nimber(6)).value()
    *11
    """

    __slots__ = ()
    name = "selective_sum"
    symbol = "\N{LOGICAL OR}"

    def _moves(self, options: list[list[Any]]) -> Iterable[tuple[Any, ...]]:
        count = 1
        for side in options:
            count *= len(side) + 1
        _limit(count - 1, "selective sum")
        parts = self.parts
        # index 0: the component stays; index j > 0: its (j-1)-th option
        for chosen in product(*[range(len(side) + 1) for side in options]):
            if any(chosen):
                yield tuple(options[i][j - 1] if j else parts[i] for i, j in enumerate(chosen))

    def _first_player_wins(self) -> bool:
        return any(_play.outcome(p) is Outcome.N for p in self.parts)


class ShortenedSelectiveSum(SelectiveSum):
    """Move in any nonempty set of components; the game ends when any component has ended.

    ONAG ch. 14 names it (the selective rule with the short ending rule).

    >>> import cgt
    >>> ShortenedSelectiveSum(cgt.nimber(2), 0).value(), SelectiveSum(cgt.nimber(2), 0).value()
    (0, *2)
    """

    __slots__ = ()
    name = "shortened_selective_sum"
    symbol = "\N{N-ARY LOGICAL OR}"

    def _moves(self, options: list[list[Any]]) -> Iterable[tuple[Any, ...]]:
        return super()._moves(options) if all(options) else []

    def _first_player_wins(self) -> bool:
        if any(not sides(p)[0] for p in self.parts):
            return False
        return super()._first_player_wins()


class DiminishedDisjunctiveSum(Compound):
    """Move in exactly one component; the game ends when any component has ended.

    ONAG ch. 14 and Winning Ways ch. 9 (after C. A. B. Smith) name it.

    >>> import cgt
    >>> D = DiminishedDisjunctiveSum
    >>> D(cgt.nimber(2), cgt.nimber(2)).value(), D(cgt.star, 0).value()
    (*, 0)
    """

    __slots__ = ()
    name = "diminished_disjunctive_sum"
    symbol = "\N{DOT PLUS}"

    def _moves(self, options: list[list[Any]]) -> Iterable[tuple[Any, ...]]:
        if not all(options):
            return []
        parts = self.parts
        return (
            (*parts[:i], option, *parts[i + 1 :])
            for i, side in enumerate(options)
            for option in side
        )

    def _first_player_wins(self) -> bool:
        # ONAG ch. 14: an ended component ends the compound (a P-position); a
        # component one move from its end lets the mover end the compound;
        # otherwise the compound is the disjunctive sum of the foreclosed games
        values = [_foreclosed(p) for p in self.parts]
        if any(not sides(p)[0] for p in self.parts):
            return False
        if any(v < 0 for v in values):
            return True
        total = 0
        for v in values:
            total ^= v
        return total != 0


def conjunctive_sum(*positions: Any) -> ConjunctiveSum:
    """The conjunctive compound: a move is a move in every component, and the game ends
    as soon as any component has ended (for the player to move).

    CGSuite's ``G ConjunctiveSum H``.  For impartial components the outcome is
    the parity of the least :func:`remoteness` (Steinhaus; ONAG ch. 14).

    >>> import cgt
    >>> from cgt.games import SubtractionGame
    >>> nim = SubtractionGame(set(), all_but=True)
    >>> c = conjunctive_sum(nim(2, 2), nim(3))
    >>> c.outcome(), cgt.play.outcome(c), [remoteness(p) for p in c.parts]
    (Outcome.N, Outcome.N, [4, 1])
    >>> conjunctive_sum(cgt.parse("+-1"), cgt.parse("^^")).value()   # CGSuite's test
    {0|-1}
    """
    return ConjunctiveSum(*positions)


def selective_sum(*positions: Any) -> SelectiveSum:
    """The selective compound: a move is a move in any nonempty set of components, and
    the game ends when every component has ended.

    CGSuite's ``G SelectiveSum H`` as documented (see :class:`SelectiveSum` for
    how CGSuite's implementation differs).  For impartial components the
    compound is a P-position exactly when every component is (ONAG ch. 14).

    >>> import cgt
    >>> selective_sum(cgt.parse("1/2"), cgt.parse("1/4")).value()      # CGSuite's test
    3/4
    >>> selective_sum(cgt.star, cgt.star).outcome()
    Outcome.N
    """
    return SelectiveSum(*positions)


def shortened_selective_sum(*positions: Any) -> ShortenedSelectiveSum:
    """The shortened selective compound: a move in any nonempty set of components, and
    the game ends as soon as any component has ended.

    For impartial components (ONAG ch. 14): a P-position if some component has
    ended, else a P-position exactly when every component is.

    >>> import cgt
    >>> shortened_selective_sum(cgt.star, cgt.nimber(3)).outcome()
    Outcome.N
    """
    return ShortenedSelectiveSum(*positions)


def continued_conjunctive_sum(*positions: Any) -> ContinuedConjunctiveSum:
    """The continued conjunctive compound: a move is a move in every component that has
    not ended, and the game ends when every component has ended.

    For impartial components the outcome is the parity of the greatest
    :func:`suspense` number (ONAG ch. 14).

    >>> from cgt.games import SubtractionGame
    >>> nim = SubtractionGame(set(), all_but=True)
    >>> c = continued_conjunctive_sum(nim(2, 2), nim(3))
    >>> c.outcome(), [suspense(p) for p in c.parts]
    (Outcome.P, [2, 1])
    """
    return ContinuedConjunctiveSum(*positions)


def diminished_disjunctive_sum(*positions: Any) -> DiminishedDisjunctiveSum:
    """The diminished disjunctive compound: a move is a move in one component, and the
    game ends as soon as any component has ended.

    For impartial components (ONAG ch. 14): a P-position if a component has
    ended; else an N-position if a component can be ended in one move; else
    the nim-sum of the :func:`foreclosed_grundy` values decides.

    >>> from cgt.games import SubtractionGame
    >>> nim = SubtractionGame(set(), all_but=True)
    >>> diminished_disjunctive_sum(nim(2, 2), nim(2, 2)).outcome()
    Outcome.P
    """
    return DiminishedDisjunctiveSum(*positions)
