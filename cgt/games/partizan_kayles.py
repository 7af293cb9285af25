"""Partizan Kayles (Milley, "Partizan Kayles and misère invertibility", INTEGERS 15, 2015, #G3).

A row of pins: Left knocks down one pin, Right knocks down two adjacent
pins, and a move in the middle of a row leaves two rows.  Whoever cannot
move loses (normal play; :meth:`PartizanKayles.value`).  Impartial Kayles
lets either player do either (the octal game ``0.77``).

A position is written as a strip: ``i`` a standing pin, ``.`` a gap, so
``"iii.ii"`` is a row of three and a row of two; or as row lengths,
``PartizanKayles(3, 2)``.  Each row is an independent component, keyed by
its length.

>>> PartizanKayles(1).value(), PartizanKayles(2).value(), PartizanKayles("iii.ii").value()
(1, {1|0}, 2)

**Misère play** (whoever cannot move wins) is solved by one integer, the
position's :meth:`~PartizanKayles.misere_class`: a row of ``n`` pins counts
``w(n) = 1, -1, 0`` as ``n`` is ``1, 2, 0`` modulo 3, and a sum adds the
counts.  A sum of class ``k`` is an ``R`` position when ``k >= 1``, and when
``k <= 0`` it is ``N``, ``P`` or ``R`` as ``k`` is ``0``, ``2`` or ``1``
modulo 3.  So the misère monoid of all sums of rows is the group of the
integers (which is why :func:`cgt.misere.partizan_quotient_of`, which finds
finite quotients, stops with :class:`~cgt.errors.TooLarge` on any row but
the single pin).  The proof, by induction on sums, needs only what one move
does to ``k``.  Left knocking down a pin of a row of ``n`` leaves rows
``j`` and ``n - 1 - j``: ``k`` changes by ``-1`` or ``+2`` (``+2`` only
from a row whose length is 0 or 2 modulo 3; ``-1`` from every row but the
row of two).  Right's move changes ``k`` by ``+1`` (possible from every row
Right can move in) or ``-2``.  Left, moving first, wins iff she has no move
or can reach a class ``-1, -4, -7, ...`` (where Right, moving first,
loses): that is, iff ``k`` is ``0, -3, -6, ...`` (with ``-1``, or with
``+2`` when only rows of 2 are left).  Right, moving first, wins iff he has
no move (only single pins: ``k >= 0``) or can reach a class that is not
``0, -3, -6, ...``: his ``+1`` does it unless ``k`` is ``-1, -4, ...``,
from where ``+1`` and ``-2`` both reach such a class.  Two different
classes are told apart by adding rows of one pin or of two.  The tests
check each step of this argument, and the outcomes against a search.

The row of one pin ``G = {0|}`` is an ``R`` position and the row of two
``H = {1|0}`` a ``P`` position, and ``G + H`` is ``0`` modulo Partizan
Kayles, although ``G``'s negative ``{|0}``, also an inverse modulo the
dead-ending games, is not equivalent to ``H`` (it is an ``L`` position):
the example of Milley's abstract.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidPosition, WrongType
from .base import STRIP_COORDINATES, Position
from .registry import register_ruleset
from .strip import _CELL, _bad_char, _svg

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Outcome

__all__ = ["PartizanKayles"]

_PIN = "i"
_WEIGHT = (0, 1, -1)  # a row's misère class by its length modulo 3


def _rows(args: tuple[int | str, ...]) -> tuple[int, ...]:
    """Row lengths (no empty rows) from ints and strip texts."""
    out: list[int] = []
    for arg in args:
        if isinstance(arg, str):
            run = 0
            for column, ch in enumerate(arg):
                if ch.lower() == _PIN:
                    run += 1
                elif ch == ".":
                    if run:
                        out.append(run)
                    run = 0
                else:
                    raise _bad_char("Partizan Kayles", arg, column, "'i' (a pin) and '.' (a gap)")
            if run:
                out.append(run)
        elif isinstance(arg, bool) or not isinstance(arg, int):
            raise InvalidPosition(
                f"a Partizan Kayles row is a length (an int) or a strip of 'i' and '.', "
                f"not {type(arg).__name__}"
            )
        elif arg < 0:
            raise InvalidPosition(f"a row has a non-negative number of pins, not {arg}")
        elif arg:
            out.append(arg)
    return tuple(out)


@register_ruleset(
    "PartizanKayles",
    "partizan",
    syntax="STRIP",
    summary="Partizan Kayles (i pins, . gaps): Left takes one pin, Right two adjacent",
    example="iii.ii",
    cli="partizan-kayles",
    docs="strips",
    samples=lambda: [PartizanKayles(5), PartizanKayles(1, 2, 4)],
)
class PartizanKayles(Position, Drawable):
    """Rows of pins: Left knocks down one pin, Right two adjacent ones (Milley 2015).

    Arguments are row lengths or strips (``i`` a pin, ``.`` a gap, either
    case); they are read in order and empty rows are dropped.  The position
    prints as a strip with one gap between rows.

    >>> p = PartizanKayles("ii.iiii")
    >>> p, str(p), p.rows
    (PartizanKayles(2, 4), 'ii.iiii', (2, 4))
    >>> [str(o) for o in PartizanKayles(3).left_options()]
    ['ii', 'i.i']
    >>> [str(o) for o in PartizanKayles(4).right_options()]
    ['ii', 'i.i']
    >>> PartizanKayles(1).value(), PartizanKayles(3).value(), PartizanKayles(4).value()
    (1, {2|1}, 1)
    >>> PartizanKayles(1).misere_outcome(), PartizanKayles("i.ii").misere_outcome()
    (Outcome.R, Outcome.N)
    >>> PartizanKayles("ii-i")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character '-' at row 0, column 2 of 'ii-i': ...
    """

    move_coordinates: ClassVar[str] = STRIP_COORDINATES

    __slots__ = ("_move", "rows")

    rows: tuple[int, ...]
    """The lengths of the rows, in order (no empty rows)."""
    _move: tuple[int, int]
    """The move that made this option: the strip column of its first pin and how many pins."""

    def __init__(self, *rows: int | str) -> None:
        self.rows = _rows(rows)

    @classmethod
    def _make(cls, rows: tuple[int, ...], move: tuple[int, int]) -> PartizanKayles:
        position = object.__new__(cls)
        position.rows = rows
        position._move = move
        return position

    def _knock(self, pins: int) -> list[PartizanKayles]:
        """The positions after ``pins`` adjacent pins of one row are knocked down.

        A row and its mirror image play alike, so of the two mirror moves in a
        row only the one nearer the row's left end is listed, and of moves that
        leave the same rows only the first.
        """
        out = []
        seen: set[tuple[int, ...]] = set()
        start = 0  # the strip column of the row's first pin
        for i, n in enumerate(self.rows):
            for j in range((n - pins) // 2 + 1):
                rest = tuple(r for r in (j, n - pins - j) if r)
                rows = (*self.rows[:i], *rest, *self.rows[i + 1 :])
                if rows in seen:
                    continue
                seen.add(rows)
                out.append(self._make(rows, (start + j, pins)))
            start += n + 1
        return out

    def left_options(self) -> list[PartizanKayles]:
        """Positions after Left knocks down one pin.

        >>> PartizanKayles("iiii").left_options()
        [PartizanKayles(3), PartizanKayles(1, 2)]
        """
        return self._knock(1)

    def right_options(self) -> list[PartizanKayles]:
        """Positions after Right knocks down two adjacent pins.

        >>> PartizanKayles(1, 3).right_options()
        [PartizanKayles(1, 1)]
        """
        return self._knock(2)

    def describe_move(self, option: Any) -> str | None:
        """Which pins were knocked down (strip columns, from 0 at the left end).

        >>> p = PartizanKayles("iii.ii")
        >>> [p.describe_move(o) for o in p.left_options()]
        ['knock down the pin at 0', 'knock down the pin at 1', 'knock down the pin at 4']
        >>> [p.describe_move(o) for o in p.right_options()]
        ['knock down the pins at 0 and 1', 'knock down the pins at 4 and 5']
        """
        if not isinstance(option, PartizanKayles):
            return None
        move = getattr(option, "_move", None)
        if move is None:  # made elsewhere: the first move that leaves these rows
            for pins in (1, 2):
                for made in self._knock(pins):
                    if made.rows == option.rows:
                        move = made._move
                        break
                if move is not None:
                    break
            else:
                return None
        column, pins = move
        if pins == 1:
            return f"knock down the pin at {column}"
        return f"knock down the pins at {column} and {column + 1}"

    def components(self) -> list[PartizanKayles]:
        """One position per row.

        >>> PartizanKayles("ii.iii").components()
        [PartizanKayles(2), PartizanKayles(3)]
        """
        if len(self.rows) == 1:
            return [self]
        return [PartizanKayles(n) for n in self.rows]

    def key(self) -> Hashable:
        """The sorted row lengths (the order of rows and the side a row is read from do not matter).

        >>> PartizanKayles(2, 3).key() == PartizanKayles("iii.ii").key()
        True
        """
        return tuple(sorted(self.rows))

    def misere_class(self) -> int:
        """The position's element of the misère monoid of Partizan Kayles: an integer.

        A row of ``n`` pins counts ``1`` when ``n % 3 == 1``, ``-1`` when
        ``n % 3 == 2`` and ``0`` when ``3`` divides ``n``; a sum counts the total.
        Two sums are indistinguishable in misère play (whatever sum of rows is
        added) exactly when their counts are equal, so the monoid of all sums
        is the group of integers, and every position has an inverse (see the
        module text for the proof).

        >>> PartizanKayles(1).misere_class(), PartizanKayles(2).misere_class()
        (1, -1)
        >>> PartizanKayles("i.ii").misere_class(), PartizanKayles(3, 6, 9).misere_class()
        (0, 0)
        """
        return sum(_WEIGHT[n % 3] for n in self.rows)

    @staticmethod
    def misere_outcome_of_class(k: int) -> Outcome:
        """The misère outcome of every sum of rows whose :meth:`misere_class` is ``k``.

        ``R`` for ``k >= 1``; for ``k <= 0``, ``N``, ``P`` or ``R`` as ``k``
        is ``0``, ``2`` or ``1`` modulo 3.

        >>> [PartizanKayles.misere_outcome_of_class(k).value for k in range(-6, 3)]
        ['N', 'R', 'P', 'N', 'R', 'P', 'N', 'R', 'R']
        """
        from ..game import Outcome

        if isinstance(k, bool) or not isinstance(k, int):
            raise WrongType(f"a misère class of Partizan Kayles is an int, not {type(k).__name__}")
        if k >= 1:
            return Outcome.R
        return (Outcome.N, Outcome.R, Outcome.P)[k % 3]

    def misere_outcome(self) -> Outcome:
        """The outcome under misère play, read off :meth:`misere_class` (exact; no search).

        The search every position has (:func:`cgt.play.misere_outcome`) gives
        the same outcome; the tests compare the two, and both with a search of
        their own.

        >>> PartizanKayles(1).misere_outcome(), PartizanKayles(2).misere_outcome()
        (Outcome.R, Outcome.P)
        >>> PartizanKayles(*range(2, 200)).misere_outcome()   # 199 rows, class 0
        Outcome.N
        """
        return self.misere_outcome_of_class(self.misere_class())

    def __str__(self) -> str:
        return ".".join(_PIN * n for n in self.rows)

    def __repr__(self) -> str:
        return f"PartizanKayles({', '.join(map(str, self.rows))})"

    def _draw_svg(self) -> str:
        """The strip: a pin as a grey bar, a gap as an empty square.

        >>> PartizanKayles(2, 1)._repr_svg_().count("<rect")
        3
        """
        text = str(self)
        body = [
            f'<rect x="{i * _CELL + _CELL // 2 - 4}" y="2" width="8" height="{2 * _CELL - 4}" '
            f'rx="4" fill="#888888" stroke="#333333"/>'
            for i, ch in enumerate(text)
            if ch == _PIN
        ]
        return _svg(max(len(text), 1) * _CELL, 2 * _CELL, body)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartizanKayles):
            return NotImplemented
        return self.rows == other.rows

    def __hash__(self) -> int:
        return hash(("PartizanKayles", self.rows))

    def __reduce__(self) -> tuple[Any, ...]:
        return (PartizanKayles, self.rows)
