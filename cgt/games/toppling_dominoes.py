"""Toppling Dominoes (Lessons in Play): topple a domino and everything on one side of it.

A row of blue ``L``, red ``R`` and green ``G`` dominoes; a player topples
one of his own or a green one to the left or the right, and it knocks over
every domino on that side.  ``ToppingDominoes`` is the same class.

>>> TopplingDominoes("LG").value(), ToppingDominoes("LLL").value()
({1|0}, 3)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidPosition
from .base import Position
from .registry import register_ruleset
from .strip import _BLUE, _CELL, _GREEN, _RED, _bad_char, _svg, least_reading

__all__ = ["ToppingDominoes", "TopplingDominoes"]


@register_ruleset(
    "TopplingDominoes",
    "partizan",
    syntax="ROW",
    summary="Toppling Dominoes (L, R, G)",
    example="LGRL",
    cli="toppling-dominoes",
    docs="strips",
    stored_as=("cgt.games.strips.TopplingDominoes",),
)
class TopplingDominoes(Position, Drawable):
    """A row of Toppling Dominoes: ``L`` blue (Left's), ``R`` red (Right's), ``G`` green.

    A player topples one of his own dominoes or a green one, to the left or
    to the right; it knocks over every domino on that side, and the others
    stay as one row.  ``ToppingDominoes`` is the same class.  A row and its
    reversal have the same value, so they share a key.

    >>> TopplingDominoes("L").value(), TopplingDominoes("G").value()
    (1, *)
    >>> TopplingDominoes("LLL").value(), TopplingDominoes("LR").value()
    (3, *)
    >>> TopplingDominoes("LGR").left_options()
    [TopplingDominoes('GR'), TopplingDominoes(''), TopplingDominoes('R'), TopplingDominoes('L')]
    >>> TopplingDominoes("RGL").key() == TopplingDominoes("LGR").key()
    True
    >>> TopplingDominoes("LxR")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character 'x' at row 0, column 1 of 'LxR': ...
    """

    move_coordinates: ClassVar[str] = "dominoes are counted from 0 at the left end of the row"

    __slots__ = ("_move", "row")

    row: str
    _move: tuple[int, str]

    def __init__(self, row: str | TopplingDominoes = "") -> None:
        if isinstance(row, TopplingDominoes):
            self.row = row.row
            return
        if not isinstance(row, str):
            raise InvalidPosition(f"a row of dominoes is a string, not {type(row).__name__}")
        out = []
        for column, ch in enumerate(row):
            up = ch.upper()
            if up not in "LRG":
                raise _bad_char(
                    "Toppling Dominoes",
                    row,
                    column,
                    "'L' (blue, Left's), 'R' (red, Right's) and 'G' (green), either case",
                )
            out.append(up)
        self.row = "".join(out)

    @classmethod
    def _make(cls, row: str) -> TopplingDominoes:
        position = object.__new__(cls)
        position.row = row
        return position

    def _topple(self, colour: str) -> list[TopplingDominoes]:
        r = self.row
        out = []
        seen = set()
        for i, ch in enumerate(r):
            if ch == colour or ch == "G":
                for rest, way in ((r[i + 1 :], "left"), (r[:i], "right")):
                    if rest not in seen:
                        seen.add(rest)
                        option = self._make(rest)
                        option._move = (i, way)
                        out.append(option)
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which domino (counted from 0) was toppled, and which way.

        >>> g = TopplingDominoes("LGR")
        >>> [g.describe_move(o) for o in g.left_options()]
        ['topple domino 0 to the left', 'topple domino 0 to the right', \
'topple domino 1 to the left', 'topple domino 1 to the right']
        """
        if not isinstance(option, TopplingDominoes):
            return None
        move = getattr(option, "_move", None)
        if move is None:  # made elsewhere: the first move that leaves this row
            r = self.row
            for i in range(len(r)):
                if r[i + 1 :] == option.row:
                    move = (i, "left")
                    break
                if r[:i] == option.row:
                    move = (i, "right")
                    break
            else:
                return None
        return f"topple domino {move[0]} to the {move[1]}"

    def left_options(self) -> list[TopplingDominoes]:
        """Rows after Left topples a blue or green domino either way."""
        return self._topple("L")

    def right_options(self) -> list[TopplingDominoes]:
        """Rows after Right topples a red or green domino either way."""
        return self._topple("R")

    def components(self) -> list[TopplingDominoes]:
        """The row itself (an empty row has no components)."""
        return [self] if self.row else []

    def key(self) -> Hashable:
        """The row or its reversal, whichever is smaller (equal values; :func:`least_reading`)."""
        return least_reading(self.row)

    def __str__(self) -> str:
        return self.row

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.row!r})"

    def _draw_svg(self) -> str:
        colours = {"L": _BLUE, "R": _RED, "G": _GREEN}
        w = _CELL // 2
        body = [
            f'<rect x="{i * _CELL + 3}" y="0" width="{w}" height="{2 * _CELL}" '
            f'fill="{colours[ch]}" stroke="#333333"/>'
            for i, ch in enumerate(self.row)
        ]
        return _svg(max(len(self.row), 1) * _CELL, 2 * _CELL, body)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TopplingDominoes):
            return NotImplemented
        return self.row == other.row

    def __hash__(self) -> int:
        return hash(("TopplingDominoes", self.row))

    def __reduce__(self) -> tuple[Any, ...]:
        return (TopplingDominoes, (self.row,))


ToppingDominoes = TopplingDominoes
"""The name asked for in the issue; the game's name in Lessons in Play is Toppling Dominoes."""
