"""NoGo: Go in which nothing may be captured, for small boards.

Boards are written like the other stone boards: rows top to bottom separated
by ``|`` (or newlines), ``x`` a Black (Left) stone, ``o`` a White (Right)
stone, ``.`` an empty point and ``#`` no point.  All rows must have the same
length.

A move places a stone of your colour on an empty point, and is legal only if
afterwards every group on the board -- of either colour -- still has a
liberty.  A *group* is a maximal set of same-coloured stones connected
orthogonally, and its *liberties* are the empty points orthogonally next to
it (``#`` is not a point, so it gives no liberty).  So there is no capture and
no suicide.  As usual, the player who cannot move loses.  A board on which
some group already has no liberty cannot arise in play and is rejected.

Parts of the board separated by ``#`` are independent; nothing else is
split.  Keys use the eight symmetries of the rectangle and its transpose.

>>> from cgt.games import NoGo
>>> NoGo(".").value(), NoGo("..").value(), NoGo("x.").value(), NoGo("...").value()
(0, *, 0, +-1)
>>> NoGo("..|..").value(), NoGo("...|...|...").value()
(*, *)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from .._svg import Drawable, go_board_svg
from ..errors import InvalidPosition
from .base import GRID_COORDINATES, Position
from .board import board_key, board_neighbours, board_regions, parse_rectangle
from .registry import register_ruleset

__all__ = ["NoGo"]


def _breathes(cells: str, start: int, near: list[tuple[int, ...]]) -> bool:
    """Whether the group of the stone at ``start`` has a liberty."""
    colour = cells[start]
    seen = {start}
    stack = [start]
    while stack:
        i = stack.pop()
        for j in near[i]:
            ch = cells[j]
            if ch == ".":
                return True
            if ch == colour and j not in seen:
                seen.add(j)
                stack.append(j)
    return False


def _has_empty_point(cells: str) -> bool:
    return "." in cells


@register_ruleset(
    "NoGo",
    "partizan",
    syntax="BOARD",
    summary="NoGo",
    example="x..|...",
    cli="nogo",
    docs="boards",
    stored_as=("cgt.games.nogo.NoGo",),
)
class NoGo(Position, Drawable):
    """A NoGo position (see :mod:`cgt.games.nogo` for the rules).

    ``x`` is Black (Left), ``o`` White (Right), ``.`` an empty point, ``#``
    no point.  A stone may be placed only where afterwards every group of
    either colour keeps a liberty.

    >>> NoGo("..").value(), NoGo("x..").value(), NoGo("..#..").value()
    (*, *, 0)
    >>> NoGo("x.|..").left_options()
    [NoGo('xx|..'), NoGo('x.|x.'), NoGo('x.|.x')]
    """

    move_coordinates: ClassVar[str] = GRID_COORDINATES

    __slots__ = ("cells", "h", "w")

    h: int
    w: int
    cells: str

    def __init__(self, board: Any = "") -> None:
        if isinstance(board, NoGo):
            self.h, self.w, self.cells = board.h, board.w, board.cells
            return
        rows = parse_rectangle(board, "xo.#", "NoGo")
        h, w = len(rows), len(rows[0]) if rows else 0
        cells = "".join(rows)
        near = board_neighbours(h, w, False)
        for i, ch in enumerate(cells):
            if ch in "xo" and not _breathes(cells, i, near):
                r, c = divmod(i, w)
                raise InvalidPosition(
                    f"the group of the stone {ch!r} at row {r}, column {c} of {board!r} has no "
                    "liberty (impossible in NoGo)"
                )
        self.h, self.w, self.cells = h, w, cells

    @classmethod
    def _make(cls, h: int, w: int, cells: str) -> NoGo:
        board = object.__new__(cls)
        board.h, board.w, board.cells = h, w, cells
        return board

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)`` of the board rectangle.

        >>> NoGo("..|..|x.").shape
        (3, 2)
        """
        return self.h, self.w

    # --- moves -------------------------------------------------------------------------
    def _moves(self, colour: str) -> list[NoGo]:
        h, w, cells = self.h, self.w, self.cells
        near = board_neighbours(h, w, False)
        out = []
        for i, ch in enumerate(cells):
            if ch != ".":
                continue
            after = cells[:i] + colour + cells[i + 1 :]
            # only the new stone's group and the groups next to it lose a liberty
            if _breathes(after, i, near) and all(
                after[j] not in "xo" or _breathes(after, j, near) for j in near[i]
            ):
                out.append(self._make(h, w, after))
        return out

    def left_options(self) -> list[NoGo]:
        """The boards after Black (Left, ``x``) places a stone.

        >>> NoGo("o.|..").left_options()
        [NoGo('ox|..'), NoGo('o.|x.'), NoGo('o.|.x')]
        """
        return self._moves("x")

    def right_options(self) -> list[NoGo]:
        """The boards after White (Right, ``o``) places a stone.

        >>> NoGo("x.|..").right_options()
        [NoGo('xo|..'), NoGo('x.|o.'), NoGo('x.|.o')]
        """
        return self._moves("o")

    def describe_move(self, option: Any) -> str | None:
        """The stone placed, by its point ``(row, column)``.

        >>> g = NoGo("x.|..")
        >>> [g.describe_move(o) for o in g.right_options()]
        ['o at (0, 1)', 'o at (1, 0)', 'o at (1, 1)']
        """
        if not isinstance(option, NoGo) or option.shape != self.shape:
            return None
        changed = [
            i for i, (a, b) in enumerate(zip(self.cells, option.cells, strict=True)) if a != b
        ]
        if len(changed) != 1 or self.cells[changed[0]] != ".":
            return None
        r, c = divmod(changed[0], self.w)
        return f"{option.cells[changed[0]]} at ({r}, {c})"

    # --- splitting and keys ------------------------------------------------------------
    def components(self) -> list[NoGo]:
        """The parts of the board connected orthogonally through points (not ``#``).

        Groups and liberties never reach across a ``#``, so these parts are
        independent.  Parts without an empty point are 0 and are dropped.

        >>> NoGo("x.#.o|###..").components()
        [NoGo('x.'), NoGo('.o|..')]
        """
        regions = board_regions(self.h, self.w, self.cells, "xo.", live=_has_empty_point)
        return [self._make(*region) for region in regions]

    def key(self) -> Hashable:
        """The board cropped to its points, least image under the eight symmetries.

        >>> NoGo("x..").key() == NoGo("#.|#.|#x").key()
        True
        """
        # crop to the bounding box only: an inner row of ``#`` still separates
        return board_key(self.h, self.w, self.cells)

    # --- display and identity -----------------------------------------------------------
    def board_string(self, sep: str = "|") -> str:
        """The board string, rows joined by ``sep``.

        >>> NoGo("x.|.o").board_string()
        'x.|.o'
        """
        return sep.join(self.cells[r * self.w : (r + 1) * self.w] for r in range(self.h))

    def __str__(self) -> str:
        return self.board_string("\n")

    def __repr__(self) -> str:
        return f"NoGo({self.board_string()!r})"

    def _draw_svg(self) -> str:
        return go_board_svg(self.h, self.w, self.cells)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NoGo):
            return NotImplemented
        return (self.h, self.w, self.cells) == (other.h, other.w, other.cells)

    def __hash__(self) -> int:
        return hash(("NoGo", self.h, self.w, self.cells))

    def __reduce__(self) -> tuple[Any, ...]:
        return NoGo, (self.board_string(),)
