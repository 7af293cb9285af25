"""Dots-and-Boxes on a board of ``rows x columns`` boxes, as a scoring game.

Players take turns drawing a line between two neighbouring dots.  A line that
completes one box (its fourth side) or two scores them for the mover, who then
moves again; a line that completes none ends the turn.  Whose turn it is does
not change what a position is worth, so a position is only its board and the
lines drawn: :meth:`DotsAndBoxes.net_score` is the score the player to move
makes, minus the opponent's, from here to the end with best play by both
(boxes completed before do not count).

Lines are named by the box they border: ``h<r>,<c>`` is the top side of box
``(r, c)`` (``r`` runs to ``rows``: ``h<rows>,<c>`` is the bottom of the
board), ``v<r>,<c>`` its left side (``c`` runs to ``columns``).  A position's
text is its size, a colon and the drawn lines.

>>> p = DotsAndBoxes.parse("1x2: h0,0 h1,0 h0,1 h1,1")
>>> p
DotsAndBoxes('1x2: h0,0 h0,1 h1,0 h1,1')
>>> p.net_score()        # the mover must open the 2-chain: the opponent takes both
-2
>>> print(p.diagram())
+---+---+
:   :   :
+---+---+

Every position is also a Strings-and-Coins position
(:meth:`DotsAndBoxes.strings_and_coins`): a coin for each box not yet
completed, a string for each line not yet drawn, joining the boxes the line
borders (or a box and the ground, for a line on the edge of the board).

And a guaranteed scoring game (:mod:`cgt.scoring`), as the Scoring Games
Calculator plays it: a move is a whole turn, Left's boxes count +1 and
Right's -1, and a position may carry the points made so far (``points=1`` in
its text).  :meth:`DotsAndBoxes.scoring_value` is that game.

>>> DotsAndBoxes("1x2: h0,0 h1,0 h0,1 h1,1 v0,0 v0,2 points=1").scoring_value()
<3|-1>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from .. import _cache
from .._budget import spend_work
from .._options import options_method
from .._svg import Drawable
from ..canonical import on_clear
from ..errors import InvalidPosition, TooLarge, WrongType
from .base import register_cache
from .registry import register_ruleset

if TYPE_CHECKING:
    from ..scoring import ScoringGame

__all__ = [
    "SCORING_LIMIT",
    "SEARCH_LIMIT",
    "DotsAndBoxes",
    "Line",
]

SEARCH_LIMIT = 22
"""The most undrawn lines :meth:`DotsAndBoxes.net_score` searches (beyond: :class:`~cgt.TooLarge`).

The search visits up to ``2**n`` boards for ``n`` undrawn lines (fewer by the
board's symmetries), each at most once; the work budget (:func:`cgt.work_limit`)
bounds it further.
"""

SCORING_LIMIT = 1 << 19
"""The most forms :meth:`DotsAndBoxes.scoring_value` builds for one board (beyond:
:class:`~cgt.TooLarge`), and the most board states one turn may pass through.

A form is a board reached with some points made; forms are interned and live
as long as the process, so this bounds the memory a value takes too.
"""

_CLI_LINES = 12  # the most undrawn lines for which the command line computes the scoring value
_CLI_NODES = 40  # and the most nodes (as a tree) of the simplest form it prints

_MAX_SIDE = 30  # boxes along a side of a board (the picture and the text stay readable)
_MAX_POINTS = _MAX_SIDE * _MAX_SIDE  # points carried by a position: at most the boxes of a board
_POINTS = re.compile(r"points=([+-]?\d{1,6})", re.IGNORECASE)


class Line(NamedTuple):
    """A line of the board: ``side`` ``"h"`` (the top of box ``(row, col)``) or
    ``"v"`` (its left side); it prints as ``h0,1``.

    >>> Line("h", 0, 1), str(Line("v", 2, 3)), Line.parse("v1,0")
    (Line(side='h', row=0, col=1), 'v2,3', Line(side='v', row=1, col=0))
    """

    side: str
    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.side}{self.row},{self.col}"

    @classmethod
    def parse(cls, text: str) -> Line:
        """Read a line's name: ``h<row>,<col>`` or ``v<row>,<col>``.

        >>> Line.parse("h2,0")
        Line(side='h', row=2, col=0)
        >>> Line.parse("d0,0")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPosition: a line is h<row>,<col> or v<row>,<col> (as h0,1), got 'd0,0'
        """
        found = _LINE.fullmatch(text.strip())
        if found is None:
            raise InvalidPosition(f"a line is h<row>,<col> or v<row>,<col> (as h0,1), got {text!r}")
        return cls(found[1].lower(), int(found[2]), int(found[3]))


_LINE = re.compile(r"([hvHV])\s*(\d+)\s*,\s*(\d+)")


# --- the geometry of a board: lines, boxes, symmetries ----------------------------------
@dataclass(frozen=True)
class _Geometry:
    rows: int
    cols: int
    lines: tuple[Line, ...]  # by index: the horizontal lines row by row, then the vertical ones
    index: dict[Line, int]
    sides: tuple[int, ...]  # by box (row-major): the mask of its four lines
    borders: tuple[tuple[int, ...], ...]  # by line: the boxes it borders (row-major numbers)
    tables: tuple[tuple[tuple[int, ...], ...], ...]  # by symmetry, by byte: masks moved

    @property
    def full(self) -> int:
        return (1 << len(self.lines)) - 1

    def completed(self, mask: int, line: int) -> int:
        """How many boxes drawing line ``line`` (already in ``mask``) completes."""
        return sum(1 for b in self.borders[line] if mask & self.sides[b] == self.sides[b])

    def canonical(self, mask: int) -> int:
        """The least image of ``mask`` under the board's symmetries."""
        best = mask
        for table in self.tables[1:]:
            image = 0
            m, k = mask, 0
            while m:
                image |= table[k][m & 255]
                m >>= 8
                k += 1
            if image < best:
                best = image
        return best


@lru_cache(maxsize=64)
def _geometry(rows: int, cols: int) -> _Geometry:
    lines = [Line("h", r, c) for r in range(rows + 1) for c in range(cols)]
    lines += [Line("v", r, c) for r in range(rows) for c in range(cols + 1)]
    index = {line: i for i, line in enumerate(lines)}

    def ends(line: Line) -> frozenset[tuple[int, int]]:
        r, c = line.row, line.col
        return frozenset({(r, c), (r, c + 1) if line.side == "h" else (r + 1, c)})

    by_ends = {ends(line): i for i, line in enumerate(lines)}
    sides = []
    for r in range(rows):
        for c in range(cols):
            four = [Line("h", r, c), Line("h", r + 1, c), Line("v", r, c), Line("v", r, c + 1)]
            sides.append(sum(1 << index[x] for x in four))
    borders = []
    for line in lines:
        r, c = line.row, line.col
        near = [(r - 1, c), (r, c)] if line.side == "h" else [(r, c - 1), (r, c)]
        borders.append(tuple(a * cols + b for a, b in near if 0 <= a < rows and 0 <= b < cols))
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (rows - r, c),
        lambda r, c: (r, cols - c),
        lambda r, c: (rows - r, cols - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (rows - c, r),
            lambda r, c: (c, rows - r),
            lambda r, c: (rows - c, rows - r),
        ]
    tables = []
    for f in maps:
        perm = [by_ends[frozenset(f(*dot) for dot in ends(line))] for line in lines]
        chunks = []
        for k in range(0, len(lines), 8):
            chunk = []
            for byte in range(256):
                image = 0
                for j in range(8):
                    if byte >> j & 1 and k + j < len(lines):
                        image |= 1 << perm[k + j]
                chunk.append(image)
            chunks.append(tuple(chunk))
        tables.append(tuple(chunks))
    return _Geometry(rows, cols, tuple(lines), index, tuple(sides), tuple(borders), tuple(tables))


# --- the exact search --------------------------------------------------------------------
_NET: _cache.BoundedCache[tuple[int, int, int], int] = _cache.BoundedCache(
    "games.dots_and_boxes.net"
)
register_cache(_NET.clear)  # cgt.games.clear_solver_caches() empties it
on_clear(_NET.clear)  # and so does cgt.clear_caches()


def _net(geo: _Geometry, mask: int, table: dict[int, int] | None = None) -> int:
    """The mover's net score from ``mask`` with best play, memoised up to symmetry.

    The search keeps its positions in ``table`` (its own, dropped afterwards:
    a bounded cache that forgot half of them mid-search would make it search
    them again); only the position asked about is kept in the shared cache.
    """
    key = (geo.rows, geo.cols, geo.canonical(mask))
    found = _NET.get(key)
    if found is not None:
        return found
    value = _search(geo, mask, {} if table is None else table)
    _NET[key] = value  # a complete value only: an interrupted search stores nothing
    return value


def _search(geo: _Geometry, mask: int, table: dict[int, int]) -> int:
    key = geo.canonical(mask)
    found = table.get(key)
    if found is not None:
        return found
    spend_work()
    best: int | None = None
    free = geo.full & ~mask
    while free:
        bit = free & -free
        free ^= bit
        after = mask | bit
        made = geo.completed(after, bit.bit_length() - 1)
        score = made + _search(geo, after, table) if made else -_search(geo, after, table)
        if best is None or score > best:
            best = score
    value = 0 if best is None else best
    table[key] = value
    return value


def _turns(geo: _Geometry, mask: int) -> list[tuple[int, int]]:
    """The ends of a turn from ``mask``: ``(boxes made, mask after)``, each end once, in order.

    A turn draws lines until one completes no box or the board is full.  The
    boxes made are the boxes of the end less those of ``mask``, so the ends
    are found by a search of the board states the turn passes through, each
    visited once (a state is an end or a state to go on from, whatever the path:
    the last line drawn completes a box on every path to it or on none).
    """
    ends: dict[int, int] = {}
    seen = {mask}
    todo = [(mask, 0)]
    full, sides, borders = geo.full, geo.sides, geo.borders
    while todo:
        now, made = todo.pop()
        spend_work()
        if len(seen) > SCORING_LIMIT:
            raise TooLarge(
                f"a turn on this {geo.rows}x{geo.cols} board passes through more than "
                f"{SCORING_LIMIT} board states (boxes to take in many orders)"
            )
        free = full & ~now
        while free:
            bit = free & -free
            free ^= bit
            after = now | bit
            if after in seen:
                continue
            seen.add(after)
            boxes = 0
            for b in borders[bit.bit_length() - 1]:
                if after & sides[b] == sides[b]:
                    boxes += 1
            if boxes and after != full:
                todo.append((after, made + boxes))
            else:
                ends[after] = made + boxes
    return [(ends[m], m) for m in sorted(ends)]


_SCORING: _cache.BoundedCache[tuple[int, int, int, int], ScoringGame] = _cache.BoundedCache(
    "games.dots_and_boxes.scoring"
)
register_cache(_SCORING.clear)
on_clear(_SCORING.clear)


class _Forms:
    """One :meth:`DotsAndBoxes.scoring_value`: the forms of boards with no points made (by
    least image), and forms shifted by points made (``k + G``: every atom of ``G`` plus ``k``).
    """

    def __init__(self, geo: _Geometry) -> None:
        from ..scoring import ScoringGame

        self.geo = geo
        self.game = ScoringGame
        self.boards: dict[int, ScoringGame] = {}  # by least image
        self.seen: dict[int, ScoringGame] = {}  # by the mask itself
        self.shifts: dict[tuple[ScoringGame, int], ScoringGame] = {}

    def _count(self) -> None:
        if len(self.boards) + len(self.shifts) >= SCORING_LIMIT:
            geo = self.geo
            raise TooLarge(
                f"the scoring value of this {geo.rows}x{geo.cols} board has more than "
                f"{SCORING_LIMIT} forms (draw some lines first)"
            )
        spend_work()

    def board(self, mask: int) -> ScoringGame:
        """The scoring game of ``mask``, its atoms the points made from here."""
        found = self.seen.get(mask)
        if found is not None:
            return found
        least = self.geo.canonical(mask)
        found = self.boards.get(least)
        if found is None:
            if least == self.geo.full:
                found = self.game(0, 0)
            else:
                # the ends of a turn, each distinct (points made, form of the board left) once
                turns = dict.fromkeys(
                    (made, self.board(after)) for made, after in _turns(self.geo, least)
                )
                left = [self.shift(g, made) for made, g in turns]
                right = [self.shift(g, -made) for made, g in turns]
                found = self.game(left, right)
            self._count()
            self.boards[least] = found
        self.seen[mask] = found
        return found

    def shift(self, g: ScoringGame, k: int) -> ScoringGame:
        """``k + g``: the sum of ``g`` and the number ``k``."""
        if k == 0:
            return g
        found = self.shifts.get((g, k))
        if found is None:
            left: Any = [self.shift(o, k) for o in g.left] or g.left_atom + k  # type: ignore[operator]
            right: Any = [self.shift(o, k) for o in g.right] or g.right_atom + k  # type: ignore[operator]
            found = self.game(left, right)
            self._count()
            self.shifts[(g, k)] = found
        return found


def _tree_nodes(g: ScoringGame, limit: int) -> int:
    """The nodes of ``g``'s game tree (a follower counted on every path to it), counting
    stopped past ``limit``."""
    todo, seen = [g], 0
    while todo and seen <= limit:
        seen += 1
        h = todo.pop()
        todo.extend(h.left + h.right)
    return seen


def _side(what: str, n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidPosition(f"{what} must be an integer, got {n!r}")
    if not 1 <= n <= _MAX_SIDE:
        raise InvalidPosition(f"{what} must be from 1 to {_MAX_SIDE}, got {n}")
    return n


def _lines_text(lines: Iterable[Line]) -> str:
    return " ".join(str(x) for x in lines)


@register_ruleset(
    "DotsAndBoxes",
    "other",
    syntax="LINES",
    summary="Dots-and-Boxes: the mover's net score with best play, and the best lines",
    example="2x2: h0,0 h0,1 v0,0 v1,2",
    cli="dots-and-boxes",
    docs="dots_and_boxes",
    samples=lambda: [
        DotsAndBoxes(1, 1),
        DotsAndBoxes.parse("1x3: h0,0 h0,1 h0,2 h1,0 h1,1 h1,2"),
        DotsAndBoxes.parse("2x2: h0,0 h0,1 h2,0 h2,1 v0,0 v1,0 v0,2 v1,2"),
        DotsAndBoxes.parse("1x2: h0,0 h1,0 h0,1 h1,1 v0,0 points=1"),
    ],
)
class DotsAndBoxes(Drawable):
    """A Dots-and-Boxes board of ``rows x columns`` boxes with some lines drawn.

    ``DotsAndBoxes(text)`` reads a position's text instead (see :meth:`parse`; a ``points``
    given too is added to the text's).
    ``lines`` are :class:`Line` values or their names (``"h0,1"``).  The
    moves are the lines not drawn; :meth:`play` draws one, and
    :meth:`completes` says how many boxes it completes (the mover then moves
    again).  :meth:`net_score` is the value: the mover's score minus the
    opponent's from here on, with best play.

    ``points`` (an attribute, 0 by default) is the score made before this
    position, Left's boxes less Right's: the scoring game
    (:meth:`scoring_value`, :meth:`left_options`, ...) adds it to every final
    score; :meth:`net_score` and :meth:`play` leave it aside.

    >>> p = DotsAndBoxes(1, 1)
    >>> len(p.moves()), p.net_score()       # the opponent draws the fourth line
    (4, -1)
    >>> q = DotsAndBoxes(1, 1, ["h0,0", "h1,0", "v0,0"])
    >>> q.completes("v0,1"), q.net_score(), [str(m) for m in q.best_moves()]
    (1, 1, ['v0,1'])
    """

    move_coordinates: ClassVar[str] = (
        "h<r>,<c> is the top side of box (r, c) and v<r>,<c> its left side; rows from the top"
    )

    __slots__ = ("_geo", "_mask", "columns", "points", "rows")

    def __init__(
        self,
        rows: int | str,
        columns: int | None = None,
        lines: Iterable[Line | str] = (),
        points: int = 0,
    ) -> None:
        if isinstance(lines, (str, bytes)) or not hasattr(lines, "__iter__"):
            raise WrongType(f"the lines drawn are a list of lines such as ['h0,1'], got {lines!r}")
        if isinstance(points, bool) or not isinstance(points, int):
            raise WrongType(f"points (Left's boxes minus Right's) must be an int, got {points!r}")
        if isinstance(rows, str):
            if columns is not None:
                raise InvalidPosition("DotsAndBoxes(text) reads the size from the text: no columns")
            read = DotsAndBoxes.parse(rows)
            rows, columns, lines = read.rows, read.columns, (*read.lines, *lines)
            points += read.points
        if abs(points) > _MAX_POINTS:
            raise InvalidPosition(
                f"points must be from {-_MAX_POINTS} to {_MAX_POINTS} "
                f"(the boxes of the largest board), got {points}"
            )
        self.points: int = points
        self.rows: int = _side("rows", rows)
        self.columns: int = _side("columns", columns)
        self._geo = _geometry(self.rows, self.columns)
        mask = 0
        for item in lines:
            bit = 1 << self._line_index(item)
            if mask & bit:
                raise InvalidPosition(f"the line {item} is drawn twice")
            mask |= bit
        self._mask = mask

    def _line_index(self, item: Line | str) -> int:
        if isinstance(item, str):
            line = Line.parse(item)
        elif isinstance(item, tuple) and len(item) == 3:
            line = Line(*item)
        else:
            raise InvalidPosition(f"a line is a Line or its name such as 'h0,1', got {item!r}")
        found = self._geo.index.get(line)
        if found is None:
            raise InvalidPosition(
                f"the line {line} is not on a board of {self.rows}x{self.columns}"
            )
        return found

    @classmethod
    def parse(cls, text: str) -> DotsAndBoxes:
        """Read ``ROWSxCOLS`` and, after a colon, the lines drawn (spaces between them),
        and ``points=N`` for the points carried (see :attr:`points`; 0 if absent).

        >>> DotsAndBoxes.parse("2x3").moves()[:2]
        [Line(side='h', row=0, col=0), Line(side='h', row=0, col=1)]
        >>> DotsAndBoxes.parse("2x3: h0,0 v1,3").lines
        (Line(side='h', row=0, col=0), Line(side='v', row=1, col=3))
        >>> DotsAndBoxes.parse("1x1: h0,0 points=-2").points
        -2
        >>> DotsAndBoxes.parse("2 by 3")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPosition: a Dots-and-Boxes board is ROWSxCOLS, then a colon and the \
drawn lines (as 2x2: h0,0 v1,2), got '2 by 3'
        """
        if not isinstance(text, str):
            raise InvalidPosition(f"a Dots-and-Boxes text is a str, got {type(text).__name__}")
        size, _, drawn = text.partition(":")
        rows, sep, cols = size.strip().lower().partition("x")
        if not (sep and rows.strip().isdigit() and cols.strip().isdigit()):
            raise InvalidPosition(
                "a Dots-and-Boxes board is ROWSxCOLS, then a colon and the drawn lines "
                f"(as 2x2: h0,0 v1,2), got {text!r}"
            )
        words = drawn.replace(";", " ").split()
        marks = [w for w in words if w.lower().startswith("points=")]
        if len(marks) > 1:
            raise InvalidPosition(f"points=N is given {len(marks)} times in {text!r}")
        points = 0
        if marks:
            found = _POINTS.fullmatch(marks[0])
            if found is None:
                raise InvalidPosition(f"points=N takes an integer N, got {marks[0]!r}")
            points = int(found[1])
        lines = [w for w in words if not w.lower().startswith("points=")]
        return cls(int(rows), int(cols), lines, points)

    # --- what a position is made of ------------------------------------------------------
    @property
    def lines(self) -> tuple[Line, ...]:
        """The lines drawn, horizontal ones first, each row left to right.

        >>> DotsAndBoxes(1, 1, ["v0,1", "h0,0"]).lines
        (Line(side='h', row=0, col=0), Line(side='v', row=0, col=1))
        """
        return tuple(x for i, x in enumerate(self._geo.lines) if self._mask >> i & 1)

    @property
    def boxes(self) -> tuple[tuple[int, int], ...]:
        """The boxes completed (all four sides drawn), as ``(row, col)``.

        >>> DotsAndBoxes(1, 2, ["h0,0", "h1,0", "v0,0", "v0,1"]).boxes
        ((0, 0),)
        """
        geo = self._geo
        return tuple(
            divmod(b, self.columns)
            for b, sides in enumerate(geo.sides)
            if self._mask & sides == sides
        )

    @property
    def is_over(self) -> bool:
        """Whether every line is drawn.

        >>> DotsAndBoxes(1, 1).is_over, DotsAndBoxes.parse("1x1: h0,0 h1,0 v0,0 v0,1").is_over
        (False, True)
        """
        return self._mask == self._geo.full

    def __str__(self) -> str:
        size = f"{self.rows}x{self.columns}"
        drawn = _lines_text(self.lines)
        if self.points:
            drawn = f"{drawn} points={self.points}" if drawn else f"points={self.points}"
        return f"{size}: {drawn}" if drawn else size

    def __repr__(self) -> str:
        return f"DotsAndBoxes({str(self)!r})"  # DotsAndBoxes(text) reads it back

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DotsAndBoxes):
            return NotImplemented
        return (self.rows, self.columns, self._mask, self.points) == (
            other.rows,
            other.columns,
            other._mask,
            other.points,
        )

    def __hash__(self) -> int:
        return hash((DotsAndBoxes, self.rows, self.columns, self._mask, self.points))

    def __reduce__(self) -> tuple[Any, ...]:
        lines = [str(x) for x in self.lines]
        return (DotsAndBoxes, (self.rows, self.columns, lines, self.points))

    def key(self) -> tuple[int, int, int, int]:
        """A key equal for boards equal up to the board's symmetries (rotations,
        reflections) carrying the same :attr:`points`.

        >>> DotsAndBoxes(2, 2, ["h0,0"]).key() == DotsAndBoxes(2, 2, ["v1,2"]).key()
        True
        """
        return (self.rows, self.columns, self._geo.canonical(self._mask), self.points)

    # --- moves ----------------------------------------------------------------------------
    def moves(self) -> list[Line]:
        """The lines not yet drawn (each a move).

        >>> DotsAndBoxes.parse("1x1: h0,0 v0,0").moves()
        [Line(side='h', row=1, col=0), Line(side='v', row=0, col=1)]
        """
        return [x for i, x in enumerate(self._geo.lines) if not self._mask >> i & 1]

    def _undrawn(self, line: Line | str) -> int:
        i = self._line_index(line)
        if self._mask >> i & 1:
            raise InvalidPosition(f"the line {self._geo.lines[i]} is already drawn")
        return i

    def completes(self, line: Line | str) -> int:
        """How many boxes drawing ``line`` completes (0, 1 or 2; the mover moves again if any).

        >>> DotsAndBoxes.parse("1x2: h0,0 h1,0 h0,1 h1,1 v0,0 v0,2").completes("v0,1")
        2
        """
        i = self._undrawn(line)
        return self._geo.completed(self._mask | 1 << i, i)

    def play(self, line: Line | str) -> DotsAndBoxes:
        """The position after drawing ``line``.

        >>> DotsAndBoxes(1, 1).play("h0,0")
        DotsAndBoxes('1x1: h0,0')
        """
        i = self._undrawn(line)
        out = object.__new__(DotsAndBoxes)
        out.rows, out.columns, out._geo = self.rows, self.columns, self._geo
        out._mask = self._mask | 1 << i
        out.points = self.points
        return out

    # --- the value ---------------------------------------------------------------------------
    def _check_search(self) -> None:
        free = len(self._geo.lines) - self._mask.bit_count()
        if free > SEARCH_LIMIT:
            raise TooLarge(
                f"{free} lines are undrawn on this {self.rows}x{self.columns} board: the exact "
                f"search takes at most {SEARCH_LIMIT} (draw some lines first)"
            )

    def net_score(self) -> int:
        """The mover's score minus the opponent's from here on, both playing their best.

        Exact: a search of every line in every position, memoised on the
        position up to the board's symmetries.  It raises :class:`~cgt.TooLarge`
        beyond :data:`SEARCH_LIMIT` undrawn lines, and
        :class:`~cgt.WorkLimitExceeded` when a :func:`cgt.work_limit` is spent.

        >>> DotsAndBoxes(1, 3).net_score(), DotsAndBoxes(2, 2).net_score()
        (-1, 2)
        """
        self._check_search()
        return _net(self._geo, self._mask)

    def score_after(self, line: Line | str) -> int:
        """The mover's net score from here on if they draw ``line``, then both play their best.

        >>> p = DotsAndBoxes.parse("1x2: h0,0 h1,0 h0,1 h1,1 v0,0")
        >>> p.score_after("v0,1"), p.score_after("v0,2")
        (2, -2)
        """
        self._check_search()
        return self._score_after(self._undrawn(line), {})

    def _score_after(self, i: int, table: dict[int, int]) -> int:
        after = self._mask | 1 << i
        made = self._geo.completed(after, i)
        rest = _net(self._geo, after, table)
        return made + rest if made else -rest

    def best_moves(self) -> list[Line]:
        """The lines that reach :meth:`net_score` (every optimal move).

        >>> DotsAndBoxes.parse("1x2: h0,0 h1,0 h0,1 h1,1 v0,0").best_moves()
        [Line(side='v', row=0, col=1)]
        """
        self._check_search()
        table: dict[int, int] = {}
        scores = {m: self._score_after(self._geo.index[m], table) for m in self.moves()}
        best = max(scores.values(), default=0)
        return [m for m, s in scores.items() if s == best]

    # --- as a scoring game -------------------------------------------------------------------
    def _turn_positions(self, sign: int) -> list[DotsAndBoxes]:
        out = []
        for made, after in _turns(self._geo, self._mask):
            p = object.__new__(DotsAndBoxes)
            p.rows, p.columns, p._geo, p._mask = self.rows, self.columns, self._geo, after
            p.points = self.points + sign * made
            out.append(p)
        return out

    @options_method
    def left_options(self) -> list[DotsAndBoxes]:
        """The positions at the end of each of Left's turns, her boxes added to :attr:`points`.

        A turn is a sequence of lines, each but the last completing a box; it
        ends with a line that completes none, or with the last line of the
        game.  Each end position is listed once, however many orders of lines
        reach it.

        >>> p = DotsAndBoxes("1x2: h0,0 h1,0 v0,0 h0,1 h1,1")
        >>> [str(q) for q in p.left_options()]
        ['1x2: h0,0 h0,1 h1,0 h1,1 v0,0 v0,2', '1x2: h0,0 h0,1 h1,0 h1,1 v0,0 v0,1 v0,2 points=2']
        """
        return self._turn_positions(1)

    @options_method
    def right_options(self) -> list[DotsAndBoxes]:
        """The positions at the end of each of Right's turns, his boxes taken from :attr:`points`.

        >>> [q.points for q in DotsAndBoxes("1x2: h0,0 h1,0 v0,0 h0,1 h1,1").right_options()]
        [0, -2]
        """
        return self._turn_positions(-1)

    def components(self) -> tuple[DotsAndBoxes]:
        """The position itself: a turn may take boxes anywhere, so a board does not split.

        >>> DotsAndBoxes(1, 1).components()
        (DotsAndBoxes('1x1'),)
        """
        return (self,)

    def left_atom(self) -> int | None:
        """The final score when Left is to move and cannot: :attr:`points` once every line
        is drawn, else ``None`` (both players have the same lines to draw).

        >>> done = DotsAndBoxes("1x1: h0,0 h1,0 v0,0 v0,1 points=1")
        >>> done.left_atom(), DotsAndBoxes(1, 1).left_atom()
        (1, None)
        """
        return self.points if self.is_over else None

    def right_atom(self) -> int | None:
        """The final score when Right is to move and cannot (as :meth:`left_atom`).

        >>> DotsAndBoxes("1x1: h0,0 h1,0 v0,0 v0,1 points=-1").right_atom()
        -1
        """
        return self.points if self.is_over else None

    def scoring_value(self) -> ScoringGame:
        """The position as a guaranteed scoring game (:class:`cgt.scoring.ScoringGame`).

        Left's options are the ends of her turns (:meth:`left_options`), Right's
        of his; the game ends when every line is drawn, with the score
        :attr:`points` plus Left's boxes from here less Right's.  The form is
        built by a memoised recursion over the board and the points made (a
        turn that makes ``k`` points leads to ``k`` plus the value of the board
        it leaves), up to the board's symmetries; it is not reduced (see
        :func:`cgt.scoring.simplest_form`).  Its :attr:`~cgt.scoring.ScoringGame.left_score`
        is :attr:`points` plus :meth:`net_score`, its ``right_score``
        :attr:`points` less it.  Like :meth:`net_score` it raises
        :class:`~cgt.TooLarge` beyond :data:`SEARCH_LIMIT` undrawn lines, or
        beyond :data:`SCORING_LIMIT` forms, and it spends the work budget.

        >>> from cgt.scoring import simplest_form
        >>> p = DotsAndBoxes("1x2: h0,0 h1,0 v0,0 h0,1 h1,1")
        >>> g = p.scoring_value()
        >>> g                            # take both boxes, or leave them both
        <2, <2|-2>|-2, <2|-2>>
        >>> g.left_score, g.right_score, p.net_score(), g.is_guaranteed()
        (2, -2, 2, True)
        >>> simplest_form(DotsAndBoxes(1, 1).scoring_value())
        <^-1|^1>
        """
        self._check_search()
        key = self.key()
        found = _SCORING.get(key)
        if found is None:
            forms = _Forms(self._geo)
            found = forms.shift(forms.board(self._mask), self.points)
            _SCORING[key] = found
        return found

    # --- Strings-and-Coins ---------------------------------------------------------------------
    def strings_and_coins(self) -> Any:
        """The Strings-and-Coins position: a :class:`networkx.MultiGraph`.

        Its nodes are the boxes not yet completed, as ``(row, col)``, and the
        node ``"ground"``; each undrawn line is an edge (keyed by its name)
        between the boxes it borders, or between its box and ``"ground"`` on the
        edge of the board (a corner box has two edges to the ground).

        >>> g = DotsAndBoxes.parse("1x2: h0,0 h1,0").strings_and_coins()
        >>> sorted(g.nodes, key=str)
        [(0, 0), (0, 1), 'ground']
        >>> sorted(k for _, _, k in g.edges(keys=True))
        ['h0,1', 'h1,1', 'v0,0', 'v0,1', 'v0,2']
        >>> g.number_of_edges((0, 1), "ground")
        3
        """
        import networkx as nx

        geo = self._geo
        graph = nx.MultiGraph()
        graph.add_node("ground")
        done = set(self.boxes)
        for b in range(len(geo.sides)):
            box = divmod(b, self.columns)
            if box not in done:
                graph.add_node(box)
        for i, line in enumerate(geo.lines):
            if self._mask >> i & 1:
                continue
            ends = [divmod(b, self.columns) for b in geo.borders[i]]
            u, v = (ends[0], ends[1]) if len(ends) == 2 else (ends[0], "ground")
            graph.add_edge(u, v, key=str(line))
        return graph

    # --- text and pictures -------------------------------------------------------------------
    def diagram(self) -> str:
        """The board in text: ``+`` dots, ``---`` and ``|`` drawn lines, ``:`` undrawn
        sides, ``#`` completed boxes.

        >>> print(DotsAndBoxes.parse("1x2: h0,0 h1,0 v0,0 v0,1 h0,1").diagram())
        +---+---+
        | # |   :
        +---+...+
        """
        geo, mask = self._geo, self._mask

        def drawn(side: str, r: int, c: int) -> bool:
            return bool(mask >> geo.index[Line(side, r, c)] & 1)

        done = set(self.boxes)
        out = []
        for r in range(self.rows + 1):
            out.append(
                "+"
                + "+".join("---" if drawn("h", r, c) else "..." for c in range(self.columns))
                + "+"
            )
            if r == self.rows:
                break
            row = ""
            for c in range(self.columns + 1):
                row += "|" if drawn("v", r, c) else ":"
                if c < self.columns:
                    row += " # " if (r, c) in done else "   "
            out.append(row)
        return "\n".join(out)

    def _draw_svg(self) -> str:
        """Dots, the drawn lines in black, the undrawn ones faint and dashed,
        completed boxes shaded.

        >>> svg = DotsAndBoxes.parse("1x1: h0,0 h1,0 v0,0 v0,1")._repr_svg_()
        >>> svg.count('class="dot"'), svg.count('class="line drawn"'), svg.count('class="box"')
        (4, 4, 1)
        """
        from .._svg import document, num

        cell = max(12.0, min(48.0, 1000 / max(self.rows, self.columns)))
        pad = 12.0
        geo, mask = self._geo, self._mask
        body = []
        for r, c in self.boxes:
            body.append(
                f'<rect class="box" x="{num(pad + c * cell)}" y="{num(pad + r * cell)}" '
                f'width="{num(cell)}" height="{num(cell)}" fill="#cfe3f5"/>'
            )
        for i, line in enumerate(geo.lines):
            x1, y1 = pad + line.col * cell, pad + line.row * cell
            x2, y2 = (x1 + cell, y1) if line.side == "h" else (x1, y1 + cell)
            if mask >> i & 1:
                style, cls = 'stroke="#222222" stroke-width="3"', "line drawn"
            else:
                style, cls = 'stroke="#bbbbbb" stroke-width="1" stroke-dasharray="3,3"', "line"
            body.append(
                f'<line class="{cls}" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" '
                f'y2="{num(y2)}" {style}/>'
            )
        for r in range(self.rows + 1):
            for c in range(self.columns + 1):
                body.append(
                    f'<circle class="dot" cx="{num(pad + c * cell)}" cy="{num(pad + r * cell)}" '
                    'r="3" fill="#222222"/>'
                )
        return document(
            2 * pad + self.columns * cell, 2 * pad + self.rows * cell, body, background="white"
        )

    def coins_svg(self) -> str:
        """The Strings-and-Coins picture of the position, as SVG text: a coin in each
        box not completed, a string across each undrawn line (to the ground, drawn
        as a short bar outside the board, on the edge).

        >>> svg = DotsAndBoxes("1x2: h0,0 h1,0").coins_svg()
        >>> svg.count('class="coin"'), svg.count('class="string"'), svg.count('class="ground"')
        (2, 5, 4)
        """
        from .._svg import document, num

        cell = max(12.0, min(48.0, 1000 / max(self.rows, self.columns)))
        pad = 16.0
        geo, mask = self._geo, self._mask
        done = set(self.boxes)

        def centre(b: int) -> tuple[float, float]:
            r, c = divmod(b, self.columns)
            return pad + (c + 0.5) * cell, pad + (r + 0.5) * cell

        body = []
        for i, line in enumerate(geo.lines):
            if mask >> i & 1:
                continue
            ends = [centre(b) for b in geo.borders[i]]
            if len(ends) == 2:
                (x1, y1), (x2, y2) = ends
            else:  # to the ground: out across the edge of the board
                (x1, y1) = ends[0]
                mx = pad + line.col * cell + (cell / 2 if line.side == "h" else 0)
                my = pad + line.row * cell + (cell / 2 if line.side == "v" else 0)
                x2, y2 = x1 + 1.4 * (mx - x1), y1 + 1.4 * (my - y1)
                dx, dy = (0.0, cell / 6) if line.side == "v" else (cell / 6, 0.0)
                body.append(
                    f'<line class="ground" x1="{num(x2 - dx)}" y1="{num(y2 - dy)}" '
                    f'x2="{num(x2 + dx)}" y2="{num(y2 + dy)}" stroke="#6b4f2a" stroke-width="3"/>'
                )
            body.append(
                f'<line class="string" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" '
                f'y2="{num(y2)}" stroke="#444444" stroke-width="2"/>'
            )
        for b in range(len(geo.sides)):
            if divmod(b, self.columns) in done:
                continue
            x, y = centre(b)
            body.append(
                f'<circle class="coin" cx="{num(x)}" cy="{num(y)}" r="{num(cell / 6)}" '
                'fill="#e0b000" stroke="#7a5c00"/>'
            )
        return document(
            2 * pad + self.columns * cell, 2 * pad + self.rows * cell, body, background="white"
        )

    # --- the command line --------------------------------------------------------------------
    def cli_report(self) -> list[tuple[str, Any]]:
        """What ``python -m cgt dots-and-boxes`` prints: the board, the net score, the best
        lines and, when it is small, the scoring value in its simplest form
        (:func:`cgt.scoring.simplest_form` of :meth:`scoring_value`: with at most 12
        undrawn lines, and printed when its game tree has at most 40 nodes).

        >>> DotsAndBoxes.parse("1x1: h0,0 h1,0 v0,0").cli_report()
        [('board', '1x1: h0,0 h1,0 v0,0'), ('net score', 1), ('best moves', ['v0,1']), \
('scoring value', '<1|-1>')]
        """
        out: list[tuple[str, Any]] = [
            ("board", str(self)),
            ("net score", self.net_score()),
            ("best moves", [str(m) for m in self.best_moves()]),
        ]
        if len(self._geo.lines) - self._mask.bit_count() <= _CLI_LINES:
            from ..scoring import simplest_form

            value = simplest_form(self.scoring_value())
            if _tree_nodes(value, _CLI_NODES) <= _CLI_NODES:
                out.append(("scoring value", str(value)))
        return out
