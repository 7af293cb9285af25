"""Capture boards with a score: the shared geometry of Kobber and Diskonnect.

A position is a board of ``x`` (Left's stones), ``o`` (Right's), ``.``
(empty squares) and ``#`` (no square), rows separated by ``|`` or newlines,
and the points won so far (Left's captures count up, Right's down), written
before the board and a colon: ``"1: xo.|ox.|x.o"`` is the board of the
Scoring Games Calculator's ``kobber1.txt`` with 1 point to Left (the
calculator writes ``l`` and ``r`` for the stones).  The points are part of
the position, as in the calculator, so a position's value is its final
score with both playing well, points won included: ``Kobber("3: ")`` is the
number 3.

Every move captures, and a stone moves only by capturing, so a group of
stones can reach only a little way from where it stands: a capture puts
the capturing stone on, or next to, a square a captured stone stood on, and
each capture removes a stone, so a group of ``n`` stones of both colours
plays at most ``n - 1`` captures and its stones never come more than
``n - 1`` squares (counted along rows and columns) from where its stones
started.  Groups that stay that far apart (:func:`capture_groups`) never
meet: they are the components of the position, each cropped to the squares
it can reach, and the points are a component of their own.

>>> from cgt.games import Kobber
>>> [p.text() for p in Kobber("2: xo...|.....|....o|....x").components()]
['xo..|....|....', '...|...|..o|..x', '2: ']
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar, TypeVar

from .._svg import Drawable
from ..errors import InvalidPosition
from .base import GRID_COORDINATES, ScoringPosition
from .board import board_key, board_picture, parse_board
from .konane import Konane

__all__ = ["CaptureBoard", "capture_groups", "jumps"]

_C = TypeVar("_C", bound="CaptureBoard")

_OTHER = {"x": "o", "o": "x"}


def jumps(h: int, w: int, cells: str, player: str) -> list[tuple[str, int]]:
    """The jumping captures of ``player`` (``"x"`` or ``"o"``): ``(cells after, stones taken)``.

    A stone jumps along a row or column over an adjacent enemy stone onto the
    empty square just beyond it, removing that stone; it may jump again in
    the same direction, and stop after any jump (each stop is a move): the
    moves of Konane (:class:`~cgt.games.Konane`), with the stones each takes.

    >>> jumps(1, 5, "xo.o.", "x")
    [('..xo.', 1), ('....x', 2)]
    >>> jumps(1, 3, "xo#", "x")
    []
    """
    if not h * w:
        return []
    board = Konane("|".join(cells[r * w : (r + 1) * w] for r in range(h)))
    other = _OTHER[player]
    before = cells.count(other)
    after = board.left_options() if player == "x" else board.right_options()
    return [(p.cells, before - p.cells.count(other)) for p in after]


def _reach(h: int, w: int, cells: str, group: list[int]) -> int:
    """How far the stones of ``group`` may ever get from where they stand."""
    colours = {cells[i] for i in group}
    return len(group) - 1 if len(colours) == 2 else 0


def capture_groups(h: int, w: int, cells: str) -> list[list[int]]:
    """The stones (indices into ``cells``) in groups that can never interact.

    Two groups are one when some stone of one is within ``a + b + 2`` squares
    (along rows and columns) of a stone of the other, where ``a`` and ``b``
    bound how far each group's stones can move (its stones less one, or 0
    for a group of one colour): a group's stones stay within its reach of
    where they stand, and a capture looks one square past a stone, so
    groups further apart never touch, block or capture each other.

    >>> capture_groups(1, 7, "xo....x")     # xo reaches 1 square, x none: 5 > 1 + 0 + 2
    [[0, 1], [6]]
    >>> capture_groups(1, 6, "xo..x.")       # 4 <= 1 + 0 + 2
    [[0, 1, 4]]
    """
    groups = [[i] for i, ch in enumerate(cells) if ch in "xo"]
    merged = True
    while merged:
        merged = False
        for a in range(len(groups)):
            ra = _reach(h, w, cells, groups[a])
            for b in range(a + 1, len(groups)):
                limit = ra + _reach(h, w, cells, groups[b]) + 2
                if any(
                    abs(i // w - j // w) + abs(i % w - j % w) <= limit
                    for i in groups[a]
                    for j in groups[b]
                ):
                    groups[a] = sorted(groups[a] + groups.pop(b))
                    merged = True
                    break
            if merged:
                break
    return groups


def _read(text: Any, points: Any, name: str) -> tuple[int, int, str, int]:
    if not isinstance(text, str):
        raise InvalidPosition(f"a {name} position is a board string, not {type(text).__name__}")
    head, colon, board = text.partition(":")
    if colon:
        try:
            written = int(head.strip())
        except ValueError:
            raise InvalidPosition(
                f"the points before the colon of {text!r} must be an integer, not {head.strip()!r} "
                f"({name} positions read as 'POINTS: BOARD', e.g. '1: xo.|ox.')"
            ) from None
        if points is not None:
            raise InvalidPosition(f"the points of {text!r} are given twice (in the text and apart)")
        points = written
    else:
        board = text
    if points is None:
        points = 0
    if isinstance(points, bool) or not isinstance(points, int):
        raise InvalidPosition(f"a {name} position's points are an integer, not {points!r}")
    h, w, cells = parse_board(board, "xo.#", name)
    return h, w, cells, points


class CaptureBoard(ScoringPosition, Drawable):
    """Shared code of the capture games with a score: text, pictures, components, keys.

    ``CaptureBoard(board)`` reads ``"POINTS: BOARD"`` (or a bare board, with
    no points yet); ``points=`` gives them apart.  A ruleset states its
    moves in ``_moves(player)``: the boards a move leads to, each with the
    stones it takes that score.

    >>> from cgt.games import Kobber
    >>> k = Kobber("1: xo.|ox.|x.o")
    >>> k.shape, k.points, k["0, 1"] if False else k[0, 1]
    ((3, 3), 1, 'o')
    >>> Kobber("xo", points=-2)
    Kobber('-2: xo')
    """

    __slots__ = ("cells", "h", "points", "w")

    move_coordinates: ClassVar[str] = GRID_COORDINATES

    h: int
    w: int
    cells: str
    points: int

    def __init__(self, board: Any = "", points: int | None = None) -> None:
        self.h, self.w, self.cells, self.points = _read(board, points, type(self).__name__)

    @classmethod
    def _make(cls: type[_C], h: int, w: int, cells: str, points: int) -> _C:
        p = cls.__new__(cls)
        p.h, p.w, p.cells, p.points = h, w, cells, points
        return p

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)`` of the board.

        >>> from cgt.games import Diskonnect
        >>> Diskonnect("x.o|...").shape
        (2, 3)
        """
        return self.h, self.w

    def __getitem__(self, rc: tuple[int, int]) -> str:
        r, c = rc
        if not (0 <= r < self.h and 0 <= c < self.w):
            raise InvalidPosition(f"({r}, {c}) is off the {self.h} x {self.w} board")
        return self.cells[r * self.w + c]

    # --- the rules --------------------------------------------------------------------
    def _moves(self, player: str) -> list[tuple[str, int]]:  # pragma: no cover - overridden
        raise NotImplementedError

    def _options(self, player: str) -> list[Any]:
        sign = 1 if player == "x" else -1
        seen: dict[tuple[str, int], None] = {}
        for cells, scored in self._moves(player):
            seen[(cells, self.points + sign * scored)] = None
        return [self._make(self.h, self.w, cells, points) for cells, points in seen]

    def left_options(self) -> list[Any]:
        """The positions after a move of Left (``x``).

        >>> from cgt.games import Diskonnect
        >>> Diskonnect("xo.o.").left_options()
        [Diskonnect('1: ..xo.'), Diskonnect('2: ....x')]
        """
        return self._options("x")

    def right_options(self) -> list[Any]:
        """The positions after a move of Right (``o``).

        >>> from cgt.games import Diskonnect
        >>> Diskonnect(".xo").right_options()
        [Diskonnect('-1: o..')]
        """
        return self._options("o")

    def left_atom(self) -> int:
        """The score when Left is to move and cannot: the points won.

        >>> from cgt.games import Kobber
        >>> Kobber("4: x.o").left_atom()
        4
        """
        return self.points

    def right_atom(self) -> int:
        """The score when Right is to move and cannot: the points won.

        >>> from cgt.games import Kobber
        >>> Kobber("-1: x.o").right_atom()
        -1
        """
        return self.points

    def components(self: _C) -> list[_C]:
        """The groups of stones that never interact (:func:`capture_groups`), each
        cropped to what it can reach and with no points, then the points.

        Groups of one colour are left out: no one can move there, and no
        score comes of them.

        >>> from cgt.games import Diskonnect
        >>> Diskonnect("1: xo.....|........x").components()
        [Diskonnect('xo..|....'), Diskonnect('1: ')]
        """
        h, w, cells = self.h, self.w, self.cells
        out = []
        for group in capture_groups(h, w, cells):
            if len({cells[i] for i in group}) < 2:
                continue
            margin = _reach(h, w, cells, group) + 1
            rows = [i // w for i in group]
            cols = [i % w for i in group]
            r0, r1 = max(min(rows) - margin, 0), min(max(rows) + margin, h - 1)
            c0, c1 = max(min(cols) - margin, 0), min(max(cols) + margin, w - 1)
            mine = set(group)
            sub = "".join(
                cells[i] if i in mine or cells[i] not in "xo" else "."
                for r in range(r0, r1 + 1)
                for i in range(r * w + c0, r * w + c1 + 1)
            )
            out.append(self._make(r1 - r0 + 1, c1 - c0 + 1, sub, 0))
        if self.points:
            out.append(self._make(0, 0, "", self.points))
        return out

    def key(self) -> Hashable:
        """The board's symmetry key (:func:`cgt.games.board.board_key`) and the points.

        >>> from cgt.games import Kobber
        >>> Kobber("xo|..").key() == Kobber(".o|.x").key()
        True
        """
        return board_key(self.h, self.w, self.cells), self.points

    # --- text, pictures, identity -----------------------------------------------------
    def board_string(self, sep: str = "|") -> str:
        """The board alone, rows joined by ``sep``.

        >>> from cgt.games import Kobber
        >>> Kobber("2: xo|.o").board_string()
        'xo|.o'
        """
        return sep.join(self.cells[r * self.w : (r + 1) * self.w] for r in range(self.h))

    def text(self) -> str:
        """The position as the text the class reads: ``POINTS: BOARD`` (the board alone
        while no points are won).

        >>> from cgt.games import Kobber
        >>> Kobber("xo|.o", points=2).text(), Kobber("xo").text()
        ('2: xo|.o', 'xo')
        """
        board = self.board_string()
        return f"{self.points}: {board}" if self.points else board

    def __str__(self) -> str:
        """The board, one row a line, and the points won on a last line.

        >>> from cgt.games import Kobber
        >>> print(Kobber("-2: xo|.o"))
        xo
        .o
        points: -2
        """
        board = self.board_string("\n")
        return f"{board}\npoints: {self.points}" if board else f"points: {self.points}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text()!r})"

    def describe_move(self, option: Any) -> str | None:
        """Where the capturing stone went, and what it took.

        >>> from cgt.games import Kobber
        >>> k = Kobber("xo.")
        >>> [k.describe_move(p) for p in k.left_options()]
        ['x (0, 0) takes at (0, 1)', 'x (0, 0) takes at (0, 1) and lands on (0, 2)']
        """
        if type(option) is not type(self) or option.shape != self.shape:
            return None
        changed = [
            i for i, (a, b) in enumerate(zip(self.cells, option.cells, strict=True)) if a != b
        ]
        movers = [i for i in changed if self.cells[i] in "xo" and option.cells[i] == "."]
        landed = [i for i in changed if option.cells[i] in "xo"]
        if not landed:
            return None
        to = landed[0]
        stone = option.cells[to]
        start = [i for i in movers if self.cells[i] == stone]
        taken = [i for i in changed if self.cells[i] == _OTHER.get(stone)]
        if len(start) != 1 or not taken:
            return None
        at = ", ".join(self._at(i) for i in taken if i != to)
        text = f"{stone} {self._at(start[0])} takes at {at or self._at(to)}"
        return text if self.cells[to] != "." else f"{text} and lands on {self._at(to)}"

    def _at(self, i: int) -> str:
        return f"({i // self.w}, {i % self.w})"

    def svg_title(self) -> str:
        """The picture's alt text.

        >>> from cgt.games import Kobber
        >>> Kobber("1: xo").svg_title()
        'Kobber position xo, 1 point to Left'
        """
        board = " / ".join(self.board_string("\n").splitlines()) or "(no board)"
        return f"{type(self).__name__} position {board}, {_points_words(self.points)}"

    def _draw_svg(self) -> str:
        """The board (black ``x``, white ``o``) with the points won written under it.

        >>> from cgt.games import Kobber
        >>> svg = Kobber("2: xo.").to_svg()
        >>> svg.count("<circle"), 'class="caption"' in svg, ">2 points to Left<" in svg
        (2, True, True)
        """
        return board_picture(self.h, self.w, self.cells, caption=_points_words(self.points))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, CaptureBoard)
        return (self.h, self.w, self.cells, self.points) == (
            other.h,
            other.w,
            other.cells,
            other.points,
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.h, self.w, self.cells, self.points))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.text(),)


def _points_words(points: int) -> str:
    if points == 0:
        return "no points yet"
    side = "Left" if points > 0 else "Right"
    n = abs(points)
    return f"{n} point{'s' if n != 1 else ''} to {side}"
