"""Cutcake, Eatcake and their family (Winning Ways, ch. 2): rectangles of cake.

* **Cutcake**: Left cuts a piece along a vertical line, Right along a
  horizontal one.
* **Eatcake**: Left eats a whole column of one piece, Right a whole row;
  what is left of the piece falls apart into separate cakes.
* **Maundy Cake**: Left cuts a piece into two or more equal pieces along
  vertical lines, Right along horizontal ones.
* **Turn-and-Eatcake**: Eatcake, but every piece a move leaves is turned
  through a right angle.
* :class:`GenCutcake` (CGSuite's name): the whole family, any heap rule for
  Left's columns and any for Right's rows, twisted or not.

All are sums of rectangular pieces and share :class:`_Cake` (checking,
display, identity).

>>> Cutcake(2, 4).value(), Eatcake(1, 2).value()
(1, v)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from math import isqrt
from typing import Any, ClassVar, TypeVar

from .._svg import Drawable
from ..errors import InvalidArgument, InvalidPosition, TooLarge, WrongType
from ..impartial.nim import mex
from .base import Position
from .heap import HeapRuleset, OctalGame
from .registry import RulesetFamily, read_size, register_ruleset
from .strip import _svg

_C = TypeVar("_C", bound="_Cake")
_T = TypeVar("_T", bound=type)

__all__ = ["CakePosition", "Cutcake", "Eatcake", "GenCutcake", "MaundyCake", "TurnAndEatcake"]


def _cake_piece(piece: Any, smallest: int) -> tuple[int, int]:
    """``piece`` as a ``(rows, cols)`` pair of ints, each at least ``smallest``."""
    try:
        rows, cols = piece
    except (TypeError, ValueError):
        raise InvalidPosition(f"a piece of cake is a (rows, cols) pair, not {piece!r}") from None
    kind = "positive" if smallest == 1 else "non-negative"
    for n in (rows, cols):
        if isinstance(n, bool) or not isinstance(n, int) or n < smallest:
            raise InvalidPosition(
                f"a piece of cake is rows x cols with {kind} ints, not {(rows, cols)!r}"
            )
    return rows, cols


def _cake_move(
    before: tuple[tuple[int, int], ...], after: tuple[tuple[int, int], ...], verb: str, parts: int
) -> str | None:
    """``"cut the 2x3 piece into 2x1 and 2x2"``: one piece replaced by ``parts`` pieces."""
    if len(after) != len(before) + parts - 1:
        return None
    for i, (rows, cols) in enumerate(before):
        if before[:i] != after[:i]:
            break
        if after[i + parts :] == before[i + 1 :]:
            new = after[i : i + parts]
            if sum(r * c for r, c in new) != rows * cols:
                continue
            where = f"the {rows}x{cols} piece" if len(before) == 1 else f"piece {i} ({rows}x{cols})"
            return f"{verb} {where} into " + " and ".join(f"{r}x{c}" for r, c in new)
    return None


def _listed(pieces: tuple[tuple[int, int], ...]) -> str:
    """``"2x1, 2x1 and 2x1"`` (``"nothing"`` for no pieces)."""
    names = [f"{r}x{c}" for r, c in pieces]
    if len(names) < 2:
        return names[0] if names else "nothing"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _cake_svg(pieces: tuple[tuple[int, int], ...]) -> str:
    """The pieces side by side, one square of gap between them."""
    cell = 12
    body = []
    x = 0
    for rows, cols in pieces:
        for r in range(rows):
            for c in range(cols):
                body.append(
                    f'<rect x="{x + c * cell}" y="{r * cell}" width="{cell}" '
                    f'height="{cell}" fill="#f4d58d" stroke="#8f5902"/>'
                )
        x += cols * cell + cell
    height = max((r for r, _ in pieces), default=0) * cell
    return _svg(max(x - cell, 0), height, body)


class _Cake(Position, Drawable):
    """A sum of rectangular pieces of cake (Cutcake and Eatcake share this)."""

    move_coordinates: ClassVar[str] = (
        "pieces are named by their size, rows x columns, and counted from 0 when "
        "there are several; a piece's columns and rows are counted from 0 "
        "(from the left and the top)"
    )

    __slots__ = ("pieces",)

    pieces: tuple[tuple[int, int], ...]

    def __init__(self, rows: int, cols: int) -> None:
        self.pieces = self._pieces([(rows, cols)])

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        raise NotImplementedError

    @classmethod
    def _pieces(cls, pieces: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        return tuple(cls._check(p) for p in pieces)

    @classmethod
    def of(cls: type[_C], pieces: Iterable[tuple[int, int]]) -> _C:
        """The sum of several pieces, each a ``(rows, cols)`` pair.

        >>> print(Cutcake.of([(2, 3), (1, 1)]))
        2x3 + 1x1
        """
        cake = object.__new__(cls)
        cake.pieces = cls._pieces(pieces)
        return cake

    def __str__(self) -> str:
        return " + ".join(f"{r}x{c}" for r, c in self.pieces) or "0"

    def __repr__(self) -> str:
        name = type(self).__name__
        if len(self.pieces) == 1:
            return f"{name}({self.pieces[0][0]}, {self.pieces[0][1]})"
        return f"{name}.of({list(self.pieces)!r})"

    def _draw_svg(self) -> str:
        return _cake_svg(self.pieces)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Cake):
            return NotImplemented
        return type(self) is type(other) and self.pieces == other.pieces

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.pieces))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).of, (self.pieces,))


_CAKES = RulesetFamily(
    "partizan", "SIZE", docs="strips", moved_from="cgt.games.strips", make=read_size
)


@_CAKES.register("Cutcake", "Cutcake (2x3 cake)", "2x3")
class Cutcake(_Cake):
    """Winning Ways' Cutcake: a cake of ``rows`` x ``cols`` unit squares.

    Left cuts vertically (North-South): a ``rows x cols`` piece becomes
    ``rows x a`` and ``rows x (cols - a)``.  Right cuts horizontally
    (East-West): it becomes ``a x cols`` and ``(rows - a) x cols``.  So a
    one-row strip ``Cutcake(1, n)`` is Left's alone and worth ``n - 1``, and
    ``Cutcake(n, 1)`` is worth ``-(n - 1)``.  After a cut the position is a
    sum of pieces: :meth:`of` builds one directly.

    >>> Cutcake(1, 5).value(), Cutcake(5, 1).value(), Cutcake(2, 2).value()
    (4, -4, 0)
    >>> Cutcake(2, 4).left_options()
    [Cutcake.of([(2, 1), (2, 3)]), Cutcake.of([(2, 2), (2, 2)])]
    >>> Cutcake.of([(2, 4), (3, 1)]).value()
    -1
    >>> Cutcake(0, 3)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a piece of cake is rows x cols with positive ints, not (0, 3)
    """

    __slots__ = ()

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        return _cake_piece(piece, 1)

    def _cuts(self, vertical: bool) -> list[Cutcake]:
        out = []
        for i, (rows, cols) in enumerate(self.pieces):
            before, after = self.pieces[:i], self.pieces[i + 1 :]
            side = cols if vertical else rows
            for a in range(1, side // 2 + 1):  # a and side - a give the same pieces
                halves = ((rows, a), (rows, cols - a)), ((a, cols), (rows - a, cols))
                new = halves[0] if vertical else halves[1]
                out.append(Cutcake.of(before + new + after))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which piece was cut, into which two (pieces counted from 0 when there are several).

        >>> Cutcake(2, 3).describe_move(Cutcake(2, 3).left_options()[0])
        'cut the 2x3 piece into 2x1 and 2x2'
        >>> c = Cutcake.of([(2, 2), (2, 2)])
        >>> c.describe_move(c.right_options()[1])
        'cut piece 1 (2x2) into 1x2 and 1x2'
        """
        if not isinstance(option, Cutcake):
            return None
        return _cake_move(self.pieces, option.pieces, "cut", 2)

    def left_options(self) -> list[Cutcake]:
        """Cakes after a vertical cut of one piece (Left's moves)."""
        return self._cuts(True)

    def right_options(self) -> list[Cutcake]:
        """Cakes after a horizontal cut of one piece (Right's moves)."""
        return self._cuts(False)

    def components(self) -> list[Cutcake]:
        """One cake per piece larger than a unit square."""
        if len(self.pieces) == 1:
            return [self] if self.pieces[0] != (1, 1) else []
        return [Cutcake.of([p]) for p in self.pieces if p != (1, 1)]

    def key(self) -> Hashable:
        """The sorted pieces (a transposed cake is worth the negative: not identified)."""
        return tuple(sorted(p for p in self.pieces if p != (1, 1)))


@_CAKES.register("Eatcake", "Eatcake (2x3 cake)", "2x3")
class Eatcake(_Cake):
    """Winning Ways' Eatcake: a cake of ``rows`` x ``cols`` unit squares.

    Left eats one whole column (a North-South strip one square wide) of one
    piece, anywhere in it: a ``rows x cols`` piece becomes ``rows x a`` and
    ``rows x (cols - 1 - a)`` for any ``0 <= a < cols``.  Right eats one whole
    row of one piece: it becomes ``a x cols`` and ``(rows - 1 - a) x cols``.
    Pieces with no squares left vanish, so eating the last column (or row)
    of a piece removes it, and eating an inner one leaves two separate
    cakes.  Left's side is the columns as in :class:`Cutcake` (CGSuite's
    Eatcake is the same ruleset: octal game ``0.7`` on the columns for Left
    and on the rows for Right).  :meth:`of` builds a sum of pieces.

    >>> Eatcake(1, 1).value(), Eatcake(1, 2).value(), Eatcake(2, 1).value()
    (*, v, ^)
    >>> Eatcake(1, 3).left_options()
    [Eatcake(1, 2), Eatcake.of([(1, 1), (1, 1)])]
    >>> Eatcake(1, 3).right_options()
    [Eatcake.of([])]
    >>> Eatcake(0, 3).pieces, Eatcake.of([(2, 2), (0, 5)]).pieces
    ((), ((2, 2),))
    >>> Eatcake(2, -1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a piece of cake is rows x cols with non-negative ints, not (2, -1)
    """

    __slots__ = ()

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        return _cake_piece(piece, 0)

    @classmethod
    def _pieces(cls, pieces: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        """The checked pieces, empty ones dropped.

        >>> print(Eatcake.of([(2, 3), (0, 4), (1, 1)]))
        2x3 + 1x1
        """
        checked = (cls._check(p) for p in pieces)
        return tuple((r, c) for r, c in checked if r and c)

    def _eat(self, column: bool) -> list[Eatcake]:
        out = []
        for i, (rows, cols) in enumerate(self.pieces):
            before, after = self.pieces[:i], self.pieces[i + 1 :]
            side = cols if column else rows
            for a in range((side - 1) // 2 + 1):  # a and side - 1 - a: the same pieces
                b = side - 1 - a
                halves = ((rows, a), (rows, b)) if column else ((a, cols), (b, cols))
                new = tuple(p for p in halves if p[0] and p[1])
                out.append(Eatcake.of(before + new + after))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which column (Left) or row (Right) of which piece was eaten, and what is left.

        >>> g = Eatcake(2, 3)
        >>> [g.describe_move(o) for o in g.left_options() + g.right_options()]
        ['eat column 0 of the 2x3 piece, leaving 2x2', \
'eat column 1 of the 2x3 piece, leaving 2x1 and 2x1', 'eat row 0 of the 2x3 piece, leaving 1x3']
        >>> Eatcake(1, 1).describe_move(Eatcake.of([]))
        'eat the 1x1 piece'
        """
        if not isinstance(option, Eatcake):
            return None
        before, after = self.pieces, option.pieces
        for i, (rows, cols) in enumerate(before):
            if before[:i] != after[:i]:
                break
            where = f"the {rows}x{cols} piece" if len(before) == 1 else f"piece {i} ({rows}x{cols})"
            k = len(after) - len(before) + 1
            if not 0 <= k <= 2 or after[i + k :] != before[i + 1 :]:
                continue
            new = after[i : i + k]
            if (rows, cols) == (1, 1):
                if not new:
                    return f"eat {where}"
                continue
            for a in range(max(rows, cols)):
                for column in (True, False):
                    side = cols if column else rows
                    if a >= side:
                        continue
                    b = side - 1 - a
                    halves = ((rows, a), (rows, b)) if column else ((a, cols), (b, cols))
                    if tuple(p for p in halves if p[0] and p[1]) == new:
                        line = "column" if column else "row"
                        left = " and ".join(f"{r}x{c}" for r, c in new) or "nothing"
                        return f"eat {line} {a} of {where}, leaving {left}"
        return None

    def left_options(self) -> list[Eatcake]:
        """Cakes after Left eats one column of one piece."""
        return self._eat(True)

    def right_options(self) -> list[Eatcake]:
        """Cakes after Right eats one row of one piece."""
        return self._eat(False)

    def components(self) -> list[Eatcake]:
        """One cake per piece (every piece has moves for both players)."""
        if len(self.pieces) == 1:
            return [self]
        return [Eatcake.of([p]) for p in self.pieces]

    def key(self) -> Hashable:
        """The sorted pieces (a transposed cake is worth the negative: not identified)."""
        return tuple(sorted(self.pieces))


# --- the family: any heap rule on the columns for Left, any on the rows for Right ----------


_MOST_PARTS = 1 << 16  # Maundy Cake lists a piece's cuts into at most this many parts


class _EqualParts(HeapRuleset):
    """Maundy Cake's heap rule: split a heap into two or more heaps of one size.

    CGSuite writes it as the take-and-break code ``{2+}=.0``.  A heap of ``n``
    becomes ``k`` heaps of ``n // k`` for every divisor ``k >= 2`` of ``n``.

    >>> _EqualParts().options(6)
    [(3, 3), (2, 2, 2), (1, 1, 1, 1, 1, 1)]
    >>> _EqualParts().grundy_sequence(10)
    [0, 0, 1, 1, 1, 1, 2, 1, 1, 2]
    """

    @property
    def rule_key(self) -> Hashable:
        """``("equal-parts",)``.

        >>> _EqualParts().rule_key
        ('equal-parts',)
        """
        return ("equal-parts",)

    def __repr__(self) -> str:
        return "_EqualParts()"

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The ways to split ``n`` into two or more equal heaps, fewest heaps first.

        >>> _EqualParts().options(7), _EqualParts().options(1)
        ([(1, 1, 1, 1, 1, 1, 1)], [])
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidPosition(f"a heap is a non-negative int, not {n!r}")
        if n > _MOST_PARTS:
            raise TooLarge(
                f"a heap of {n} splits into up to {n} equal parts: too many to list "
                f"(the limit is {_MOST_PARTS})"
            )
        small = [k for k in range(2, isqrt(n) + 1) if n % k == 0]
        ks = sorted({*small, *(n // k for k in small), *([n] if n > 1 else [])})
        return [(n // k,) * k for k in ks]

    def _extend(self, values: list[int], n: int, engine: Any) -> None:
        # k equal heaps are worth G(n/k) when k is odd and 0 when it is even
        for m in range(len(values), n):
            values.append(
                mex({values[m // k] if k % 2 else 0 for k in range(2, m + 1) if m % k == 0})
            )


def _heap_rule(rule: Any, side: str) -> HeapRuleset:
    if isinstance(rule, str):
        return OctalGame(rule)
    if not isinstance(rule, HeapRuleset):
        raise WrongType(
            f"{side}'s rule of a GenCutcake is a heap ruleset (such as OctalGame('4.0')) "
            f"or its code, not {type(rule).__name__}"
        )
    return rule


class GenCutcake:
    """A ruleset of the Cutcake family (CGSuite's ``GenCutcake``): one heap rule
    for Left, one for Right, and whether pieces are turned after a move.

    Left moves on the columns of one piece: a ``rows x cols`` piece becomes
    the pieces ``rows x b`` for the heaps ``b`` that Left's heap rule leaves
    from a heap of ``cols`` (no heaps left: the piece is gone).  Right does
    the same with the rows under Right's rule.  When ``twisted``, every piece
    a move leaves is then turned through a right angle (``rows x b`` becomes
    ``b x rows``).  Rules are heap rulesets (:class:`~cgt.games.OctalGame`,
    :class:`~cgt.games.SubtractionGame`, ...) or take-and-break codes.

    * ``GenCutcake("4.0", "4.0")`` is :class:`Cutcake` (split a heap in two);
    * ``GenCutcake("0.7", "0.7")`` is :class:`Eatcake` (take one token, leave
      up to two heaps);
    * :class:`MaundyCake` splits into equal parts, :class:`TurnAndEatcake` is
      Eatcake twisted.

    Calling the ruleset gives a position, :meth:`of` a sum of pieces.
    CGSuite turns the piece *before* the move in its twisted form, so its
    twisted position ``(m, n)`` is the transposed ``n x m`` here (the same
    game; see the guide).  Pieces with no squares are dropped (CGSuite keeps
    an ``m x 0`` cake as a heap of ``m`` rows).

    >>> cut = GenCutcake("4.0", "4.0")
    >>> cut(2, 4).value() == Cutcake(2, 4).value()
    True
    >>> GenCutcake("0.7", "0.7", twisted=True)(1, 2).value()
    v
    >>> cut.value_table(2, 3)
    [[0, 1, 2], [-1, 0, 0]]
    >>> GenCutcake(3, "4.0")
    Traceback (most recent call last):
    ...
    cgt.errors.WrongType: Left's rule of a GenCutcake is a heap ruleset (such as \
OctalGame('4.0')) or its code, not int
    """

    __slots__ = ("left", "right", "twisted")

    left: HeapRuleset
    """Left's heap rule, applied to the columns of a piece."""
    right: HeapRuleset
    """Right's heap rule, applied to the rows of a piece."""
    twisted: bool
    """Whether the pieces a move leaves are turned through a right angle."""

    def __init__(self, left: HeapRuleset | str, right: HeapRuleset | str, *, twisted: bool = False):
        if not isinstance(twisted, bool):
            raise WrongType(f"twisted is True or False, not {twisted!r}")
        self.left = _heap_rule(left, "Left")
        self.right = _heap_rule(right, "Right")
        self.twisted = twisted

    @property
    def rule_key(self) -> Hashable:
        """A hashable identity: both heap rules and the twist.

        >>> GenCutcake("4.0", "4.0").rule_key == GenCutcake("4.00", "4.0").rule_key
        True
        """
        return ("cake", self.left.rule_key, self.right.rule_key, self.twisted)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GenCutcake) and self.rule_key == other.rule_key

    def __hash__(self) -> int:
        return hash(self.rule_key)

    def __repr__(self) -> str:
        twist = ", twisted=True" if self.twisted else ""
        return f"GenCutcake({self.left!r}, {self.right!r}{twist})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_gen_cutcake, (self.left, self.right, self.twisted))

    def __call__(self, rows: int, cols: int) -> CakePosition:
        """One ``rows x cols`` piece under these rules.

        >>> GenCutcake("4.0", "4.0")(2, 3)
        GenCutcake(OctalGame('4.0'), OctalGame('4.0'))(2, 3)
        """
        return CakePosition(self, [(rows, cols)])

    def of(self, pieces: Iterable[tuple[int, int]]) -> CakePosition:
        """A sum of pieces, each a ``(rows, cols)`` pair.

        >>> print(GenCutcake("4.0", "4.0").of([(2, 3), (1, 1)]))
        2x3 + 1x1
        """
        return CakePosition(self, pieces)

    def moves(self, piece: tuple[int, int], left: bool) -> list[tuple[tuple[int, int], ...]]:
        """The pieces one move by Left (``left=True``) or Right leaves of one piece.

        >>> GenCutcake("0.7", "0.7", twisted=True).moves((2, 3), True)
        [((2, 2),), ((1, 2), (1, 2))]
        """
        rows, cols = _cake_piece(piece, 0)
        out = []
        if left:
            for heaps in self.left.options(cols) if rows else []:
                out.append(tuple((b, rows) if self.twisted else (rows, b) for b in heaps))
        else:
            for heaps in self.right.options(rows) if cols else []:
                out.append(tuple((cols, a) if self.twisted else (a, cols) for a in heaps))
        return out

    def value_table(self, rows: int, cols: int) -> list[list[Any]]:
        """The values of the single pieces ``r x c``, ``1 <= r <= rows``, ``1 <= c <= cols``,
        one list per row (CGSuite's ``GameValueTable``).

        >>> MaundyCake.rules.value_table(2, 4)
        [[0, 1, 1, 3], [-1, 0, 0, 1]]
        """
        for n in (rows, cols):
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise InvalidArgument(f"a table size is a non-negative int, not {n!r}")
        return [[self(r, c).value() for c in range(1, cols + 1)] for r in range(1, rows + 1)]


def _gen_cutcake(left: HeapRuleset, right: HeapRuleset, twisted: bool) -> GenCutcake:
    return GenCutcake(left, right, twisted=twisted)


class _RuledCake(_Cake):
    """A sum of pieces moved on by the rules of a :class:`GenCutcake`."""

    __slots__ = ()

    rules: GenCutcake

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        return _cake_piece(piece, 0)

    @classmethod
    def _pieces(cls, pieces: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        checked = (cls._check(p) for p in pieces)
        return tuple((r, c) for r, c in checked if r and c)

    def _with(self, pieces: tuple[tuple[int, int], ...]) -> Any:
        cake = object.__new__(type(self))
        cake.pieces = pieces
        return cake

    def _moves(self, left: bool) -> list[Any]:
        out = []
        for i, piece in enumerate(self.pieces):
            if piece in self.pieces[:i]:
                continue  # the same moves as on the earlier equal piece
            before, after = self.pieces[:i], self.pieces[i + 1 :]
            for new in self.rules.moves(piece, left):
                out.append(self._with(before + tuple(p for p in new if p[0] and p[1]) + after))
        return out

    def left_options(self) -> list[Any]:
        """Left's moves: one piece's columns under Left's heap rule."""
        return self._moves(True)

    def right_options(self) -> list[Any]:
        """Right's moves: one piece's rows under Right's heap rule."""
        return self._moves(False)

    def describe_move(self, option: Any) -> str | None:
        """Whose side (columns or rows) of which piece was moved on, and what is left.

        >>> g = MaundyCake(2, 6)
        >>> g.describe_move(g.left_options()[1])
        'split the columns of the 2x6 piece, leaving 2x2, 2x2 and 2x2'
        """
        if type(option) is not type(self) or option.rules != self.rules:
            return None
        before, after = self.pieces, option.pieces
        for i, piece in enumerate(before):
            if before[:i] != after[:i]:
                break
            where = f"the {piece[0]}x{piece[1]} piece" if len(before) == 1 else f"piece {i}"
            if len(before) > 1:
                where += f" ({piece[0]}x{piece[1]})"
            for left in (True, False):
                for new in self.rules.moves(piece, left):
                    kept = tuple(p for p in new if p[0] and p[1])
                    if (
                        after[i : i + len(kept)] == kept
                        and after[i + len(kept) :] == before[i + 1 :]
                    ):
                        side = "columns" if left else "rows"
                        return f"split the {side} of {where}, leaving {_listed(kept)}"
        return None

    def components(self) -> list[Any]:
        """One cake per piece."""
        if len(self.pieces) == 1:
            return [self]
        return [self._with((p,)) for p in self.pieces]

    def key(self) -> Hashable:
        """The rules and the sorted pieces."""
        return (self.rules.rule_key, tuple(sorted(self.pieces)))


@register_ruleset(
    "GenCutcake",
    "partizan",
    syntax="SIZE",
    summary="a cake of the Cutcake family (heap rules for Left's columns and Right's rows)",
    docs="strips",
    samples=lambda: [
        GenCutcake("0.7", "4.0")(2, 3),
        GenCutcake("4.0", "0.7", twisted=True).of([(2, 3), (1, 2)]),
    ],
)
class CakePosition(_RuledCake):
    """A position of a :class:`GenCutcake` ruleset: a sum of pieces under its rules.

    Made by calling the ruleset (``GenCutcake(...)(rows, cols)``) or with its
    :meth:`GenCutcake.of`.

    >>> g = GenCutcake("0.7", "4.0")(2, 3)
    >>> g.left_options()
    [GenCutcake(OctalGame('0.7'), OctalGame('4.0'))(2, 2), \
GenCutcake(OctalGame('0.7'), OctalGame('4.0')).of([(2, 1), (2, 1)])]
    >>> g.value()
    3
    """

    __slots__ = ("rules",)

    def __init__(self, rules: GenCutcake, pieces: Iterable[tuple[int, int]]) -> None:
        if not isinstance(rules, GenCutcake):
            raise WrongType(f"a cake position's rules are a GenCutcake, not {type(rules).__name__}")
        self.rules = rules
        self.pieces = self._pieces(pieces)

    @classmethod
    def of(cls, pieces: Iterable[tuple[int, int]]) -> CakePosition:
        """Not for this class: ask the ruleset (``GenCutcake(...).of(pieces)``).

        >>> CakePosition.of([(1, 2)])
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidArgument: a GenCutcake position needs its rules: use GenCutcake(...).of()
        """
        raise InvalidArgument("a GenCutcake position needs its rules: use GenCutcake(...).of()")

    def _with(self, pieces: tuple[tuple[int, int], ...]) -> CakePosition:
        cake = object.__new__(CakePosition)
        cake.rules = self.rules
        cake.pieces = pieces
        return cake

    def svg_title(self) -> str:
        """The picture's alt text: the rules and the pieces.

        >>> GenCutcake("4.0", "4.0")(2, 3).svg_title()
        "GenCutcake(OctalGame('4.0'), OctalGame('4.0')) position 2x3"
        """
        return f"{self.rules!r} position {self}"

    def __repr__(self) -> str:
        if len(self.pieces) == 1:
            return f"{self.rules!r}({self.pieces[0][0]}, {self.pieces[0][1]})"
        return f"{self.rules!r}.of({list(self.pieces)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Cake):
            return NotImplemented
        return isinstance(other, CakePosition) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __reduce__(self) -> tuple[Any, ...]:
        return (CakePosition, (self.rules, self.pieces))


def _named_cake(name: str, summary: str, example: str) -> Callable[[_T], _T]:
    """Registers a named member of the family (a SIZE text, its name in lower case on the
    command line); unlike the cakes of ``_CAKES`` it was never stored under another name."""

    def register(cls: _T) -> _T:
        make = read_size(cls)
        return register_ruleset(
            name,
            "partizan",
            syntax="SIZE",
            summary=summary,
            example=example,
            cli=name.lower(),
            docs="strips",
            make=make,
        )(cls)

    return register


@_named_cake("MaundyCake", "Maundy Cake (2x6 cake)", "2x6")
class MaundyCake(_RuledCake):
    """Winning Ways' Maundy Cake (CGSuite's ``MaundyCake``): a ``rows x cols`` cake.

    Left cuts one piece along vertical lines into two or more pieces of the
    same width (a divisor ``k >= 2`` of its width: ``rows x cols`` becomes
    ``k`` pieces ``rows x cols/k``); Right cuts one piece along horizontal
    lines into pieces of the same height.  Its rules are
    ``MaundyCake.rules``, a :class:`GenCutcake`.  Every value is an integer.

    >>> MaundyCake(1, 6).value(), MaundyCake(2, 6).value(), MaundyCake(8, 2).value()
    (4, 1, -3)
    >>> MaundyCake(2, 6).left_options()
    [MaundyCake.of([(2, 3), (2, 3)]), MaundyCake.of([(2, 2), (2, 2), (2, 2)]), \
MaundyCake.of([(2, 1), (2, 1), (2, 1), (2, 1), (2, 1), (2, 1)])]
    >>> MaundyCake(2, -1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a piece of cake is rows x cols with non-negative ints, not (2, -1)
    """

    __slots__ = ()

    rules = GenCutcake(_EqualParts(), _EqualParts())


@_named_cake("TurnAndEatcake", "Turn-and-Eatcake (2x3 cake)", "2x3")
class TurnAndEatcake(_RuledCake):
    """Winning Ways' Turn-and-Eatcake (CGSuite's ``TurnAndEatcake``): Eatcake,
    after which the pieces left are turned.

    Left eats one column of one piece and Right one row, as in
    :class:`Eatcake`; then every piece the move leaves of it is turned through
    a right angle (its rows become columns).  Its rules are
    ``TurnAndEatcake.rules``, a twisted :class:`GenCutcake`.  CGSuite's
    ``TurnAndEatcake((m, n))`` is ``TurnAndEatcake(n, m)`` here.

    >>> [str(TurnAndEatcake(r, 8).value()) for r in (1, 2, 5, 6)]
    ['v', '0', 'v<3>', '0']
    >>> TurnAndEatcake(2, 3).left_options()
    [TurnAndEatcake(2, 2), TurnAndEatcake.of([(1, 2), (1, 2)])]
    """

    __slots__ = ()

    rules = GenCutcake("0.7", "0.7", twisted=True)
