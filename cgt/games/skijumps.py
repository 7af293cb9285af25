"""Ski Jumps, from *Winning Ways*, chapter 1.

The board is a slope seen from above: rows top (uphill) to bottom
(downhill), separated by ``|`` (or newlines).  Left's skiers travel east (to
the right), Right's travel west (to the left).

* ``x`` -- a Left *jumper*, ``o`` -- a Right *jumper*;
* ``X`` -- a Left *slipper*, ``O`` -- a Right *slipper*;
* ``.`` -- an empty square.

On a turn a player moves one of their own skiers in one of two ways:

* **slalom**: move it any positive number of squares in its own direction
  along its row, across empty squares only; a skier whose path to the board's
  edge is clear may also leave the board, and is then gone for good;
* **jump** (jumpers only): if the square directly below the jumper holds an
  opponent's skier and the square directly below *that* is an empty square of
  the board, the jumper moves down two rows into that square.  The skier
  jumped over stays where it is, but if it was a jumper it becomes a slipper
  (``o`` becomes ``O``, ``x`` becomes ``X``).  A jumper stays a jumper after
  jumping.

Slippers only slalom.  Nothing ever moves up the slope.  As usual, a player
who cannot move loses.  These are the rules of Berlekamp, Conway and Guy,
*Winning Ways for your Mathematical Plays*, vol. 1, chapter 1 ("Ski-Jumps");
Albert, Nowakowski and Wolfe's *Lessons in Play* uses the same game.

A lone skier is an integer: it can make as many moves as it has squares
ahead of it (the last one off the board), and either player wants to keep
moves for later.

>>> from cgt.games import SkiJumps
>>> SkiJumps("x..").value(), SkiJumps("..o").value(), SkiJumps("x.o").value()
(3, -3, *)
>>> SkiJumps("x.|o.").value(), SkiJumps("x.|o.|..").value()
(1, 3/2)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from .._svg import Drawable
from .base import GRID_COORDINATES, Position
from .board import parse_rectangle
from .registry import register_ruleset

__all__ = ["SkiJumps"]

_LETTERS = "xoXO."
_LEFT = "xX"
_RIGHT = "oO"
_SLIPPER = {"x": "X", "o": "O", "X": "X", "O": "O"}


def _ski_svg(rows: tuple[str, ...], cell: int = 24) -> str:
    """White squares; Left skiers dark, Right skiers light; jumpers round, slippers square."""
    h, w = len(rows), len(rows[0]) if rows else 0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 2}" '
        f'height="{h * cell + 2}" viewBox="-1 -1 {w * cell + 2} {h * cell + 2}">'
    ]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = c * cell, r * cell
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                f'fill="#f8fbff" stroke="#9aa8b8"/>'
            )
            if ch == ".":
                continue
            fill = "#1f3a93" if ch in _LEFT else "#c0392b"
            if ch in "xo":
                parts.append(
                    f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.38}" '
                    f'fill="{fill}" stroke="#111111"/>'
                )
            else:
                side = cell * 0.6
                parts.append(
                    f'<rect x="{x + (cell - side) / 2}" y="{y + (cell - side) / 2}" '
                    f'width="{side}" height="{side}" fill="{fill}" stroke="#111111"/>'
                )
            arrow = "&#8594;" if ch in _LEFT else "&#8592;"
            parts.append(
                f'<text x="{x + cell / 2}" y="{y + cell * 0.68}" font-size="{cell // 2}" '
                f'text-anchor="middle" fill="#ffffff">{arrow}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


@register_ruleset(
    "SkiJumps",
    "partizan",
    syntax="BOARD",
    summary="Ski Jumps",
    example="x..|o..|...",
    cli="ski-jumps",
    docs="boards",
    stored_as=("cgt.games.skijumps.SkiJumps",),
)
class SkiJumps(Position, Drawable):
    """A Ski Jumps position (see :mod:`cgt.games.skijumps` for the rules).

    ``x``/``o`` are Left's and Right's jumpers, ``X``/``O`` their slippers,
    ``.`` an empty square; Left skis east, Right west, and a jumper may jump
    down over an opponent's skier just below it, turning it into a slipper.

    >>> SkiJumps("x.").value(), SkiJumps("X.|o.").value(), SkiJumps("x.|o.|..").value()
    (2, 1, 3/2)
    >>> SkiJumps("x.|o.|..").left_options()
    [SkiJumps('.x|o.|..'), SkiJumps('..|o.|..'), SkiJumps('..|O.|x.')]
    """

    move_coordinates: ClassVar[str] = GRID_COORDINATES

    __slots__ = ("rows",)

    rows: tuple[str, ...]

    def __init__(self, board: Any = "") -> None:
        if isinstance(board, SkiJumps):
            self.rows = board.rows
        else:
            self.rows = parse_rectangle(board, _LETTERS, "SkiJumps")

    @classmethod
    def _make(cls, rows: tuple[str, ...]) -> SkiJumps:
        board = object.__new__(cls)
        board.rows = rows
        return board

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)`` of the board.

        >>> SkiJumps("x..|.o.").shape
        (2, 3)
        """
        return len(self.rows), len(self.rows[0]) if self.rows else 0

    # --- moves -------------------------------------------------------------------------
    def _moves(self, mine: str, theirs: str, step: int) -> list[SkiJumps]:
        rows = self.rows
        h = len(rows)
        w = len(rows[0]) if rows else 0
        out: list[SkiJumps] = []
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in mine:
                    continue
                # slalom along the row, possibly off the board
                cc = c + step
                while True:
                    if not 0 <= cc < w:
                        out.append(self._make(_set(rows, {(r, c): "."})))
                        break
                    if row[cc] != ".":
                        break
                    out.append(self._make(_set(rows, {(r, c): ".", (r, cc): ch})))
                    cc += step
                # jump down over an opponent's skier onto an empty square
                if ch in "xo" and r + 2 < h and rows[r + 1][c] in theirs and rows[r + 2][c] == ".":
                    jumped = _SLIPPER[rows[r + 1][c]]
                    out.append(
                        self._make(_set(rows, {(r, c): ".", (r + 1, c): jumped, (r + 2, c): ch}))
                    )
        return out

    def left_options(self) -> list[SkiJumps]:
        """The positions after a move by Left (a skier slaloms east, or a jumper jumps).

        >>> SkiJumps("x.").left_options()
        [SkiJumps('.x'), SkiJumps('..')]
        """
        return self._moves(_LEFT, _RIGHT, 1)

    def right_options(self) -> list[SkiJumps]:
        """The positions after a move by Right (a skier slaloms west, or a jumper jumps).

        >>> SkiJumps("o.|x.|..").right_options()
        [SkiJumps('..|x.|..'), SkiJumps('..|X.|o.')]
        """
        return self._moves(_RIGHT, _LEFT, -1)

    def describe_move(self, option: Any) -> str | None:
        """The skier moved, by its square ``(row, column)``: a slalom, leaving, or a jump.

        >>> g = SkiJumps("x.|o.|..")
        >>> [g.describe_move(o) for o in g.left_options()]
        ['x (0, 0) slaloms to (0, 1)', 'x (0, 0) leaves the board', \
'x (0, 0) jumps over o at (1, 0) to (2, 0)']
        """
        if not isinstance(option, SkiJumps) or option.shape != self.shape:
            return None
        w = self.shape[1]
        changed = [
            (divmod(i, w), a, b)
            for i, (a, b) in enumerate(zip("".join(self.rows), "".join(option.rows), strict=True))
            if a != b
        ]
        starts = [(rc, a) for rc, a, b in changed if a in "xoXO" and b == "."]
        ends = [(rc, b) for rc, a, b in changed if a == "." and b in "xoXO"]
        # a jump over a jumper also turns it into a slipper: one more square changes
        others = [(a, b) for _, a, b in changed if a in "xo" and b == _SLIPPER[a]]
        if len(starts) != 1 or len(ends) > 1 or len(changed) != 1 + len(ends) + len(others):
            return None
        (r, c), piece = starts[0]
        if not ends:
            return f"{piece} ({r}, {c}) leaves the board"
        (r2, c2), landed = ends[0]
        if landed != piece:
            return None
        if r2 == r:
            return f"{piece} ({r}, {c}) slaloms to ({r2}, {c2})"
        return (
            f"{piece} ({r}, {c}) jumps over {self.rows[r + 1][c]} at ({r + 1}, {c}) to ({r2}, {c2})"
        )

    # --- splitting and keys ------------------------------------------------------------
    def _can_jump(self) -> list[bool]:
        """For each row, whether it holds a jumper that may still jump some day.

        A jumper in one of the bottom two rows never can (it would land off the
        board), so it plays like a slipper.
        """
        h = len(self.rows)
        return [r + 2 < h and any(ch in "xo" for ch in row) for r, row in enumerate(self.rows)]

    def components(self) -> list[SkiJumps]:
        """Independent parts: each row above the topmost row with a live jumper, and the rest.

        Skiers never move up, and only a jump links two rows; a jump needs a
        jumper, and a jumper never rises above its row.  So each row above
        the top live jumper only ever meets its own skiers, and is a game of
        its own.  Below that row nothing is split.  Rows without skiers are
        dropped when they stand alone.

        >>> SkiJumps("X.O|.O.|x..|o..|...").components()
        [SkiJumps('X.O'), SkiJumps('.O.'), SkiJumps('x..|o..|...')]
        >>> SkiJumps("o.|x.").components()   # x is in the bottom two rows: no jumps
        [SkiJumps('o.'), SkiJumps('x.')]
        """
        rows = self.rows
        live = self._can_jump()
        top = live.index(True) if True in live else len(rows)
        out = [self._make((row,)) for row in rows[:top] if row.strip(".")]
        if top < len(rows):
            out.append(self._make(rows[top:]))
        return out

    def key(self) -> Hashable:
        """The rows, with jumpers that can never jump written as slippers.

        >>> SkiJumps("x.|o.").key() == SkiJumps("X.|O.").key()
        True
        >>> SkiJumps("x.|o.|..").key() == SkiJumps("X.|o.|..").key()
        False
        """
        h = len(self.rows)
        return tuple(
            row if r + 2 < h else row.replace("x", "X").replace("o", "O")
            for r, row in enumerate(self.rows)
        )

    # --- display and identity -----------------------------------------------------------
    def board_string(self, sep: str = "|") -> str:
        """The board string, rows joined by ``sep``.

        >>> SkiJumps("x.|.o").board_string()
        'x.|.o'
        """
        return sep.join(self.rows)

    def __str__(self) -> str:
        return self.board_string("\n")

    def __repr__(self) -> str:
        return f"SkiJumps({self.board_string()!r})"

    def _draw_svg(self) -> str:
        return _ski_svg(self.rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SkiJumps):
            return NotImplemented
        return self.rows == other.rows

    def __hash__(self) -> int:
        return hash(("SkiJumps", self.rows))

    def __reduce__(self) -> tuple[Any, ...]:
        return SkiJumps, (self.board_string(),)


def _set(rows: tuple[str, ...], changes: dict[tuple[int, int], str]) -> tuple[str, ...]:
    out = list(rows)
    for (r, c), ch in changes.items():
        out[r] = out[r][:c] + ch + out[r][c + 1 :]
    return tuple(out)
