"""Stone boards: the board geometry shared by Clobber, Konane, Fission and Amazons.

Boards are written as CGSuite and cgt-py write them: rows top to bottom
separated by ``|`` (or newlines), ``x`` a Left (black, blue) stone, ``o`` a
Right (white, red) stone, ``.`` an empty square and ``#`` no square.  Spaces
around rows and blank lines at either end are ignored.  Rows of different
lengths are padded on the right with ``#`` (as CGSuite does), so ``"x.|o"``
is ``"x.|o#"``.  An unknown character (``o`` in Fission, say) raises
:class:`~cgt.errors.InvalidPosition` naming it with its row and column.

This module holds what the board rulesets share: reading boards
(:func:`board_lines`, :func:`parse_board`, :func:`parse_rectangle`),
cropping (:func:`crop_board`), the symmetries of the rectangle
(:func:`board_images`) and the one symmetry key of a board
(:func:`board_key`), neighbour lists (:func:`board_neighbours`) and regions
(:func:`board_regions`), which NoGo, Ski Jumps and King Clobber use too;
pictures; and ``_StoneBoard``, the
base class that splits a position into independent regions
(``components()``) and keys it by its cropped board under the symmetries of
the rules (``key()``).  It also holds the bitboard representation that
``value()`` runs on (:func:`bit_state`, ``_bit_regions``, ``_bit_key``,
``_BitRules``).  Each ruleset lives in its own module, where it writes its
moves on strings (``_moves``, ``_live``) and on bitboards, the fast path
(``_bit_options``, ``_bit_live``): :mod:`cgt.games.clobber`,
:mod:`cgt.games.konane`, :mod:`cgt.games.fission`, :mod:`cgt.games.amazons`
(and :mod:`cgt.games.king_clobber`, on strings only).

>>> parse_board("x.|o")
(2, 2, 'x.o#')
>>> from cgt.games.clobber import Clobber
>>> Clobber("xo.|...").key() == Clobber("#|o|x").key()   # cropped, turned
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .._engine import LOCK
from .._svg import Drawable
from ..errors import InvalidPosition
from .base import GRID_COORDINATES, Position, register_cache, solver_for
from .domineering import _compiled
from .grid import masks, text_lines
from .registry import RulesetFamily

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = [
    "bit_cells",
    "bit_state",
    "board_images",
    "board_key",
    "board_lines",
    "board_neighbours",
    "board_picture",
    "board_regions",
    "crop_board",
    "parse_board",
    "parse_rectangle",
]


_B = TypeVar("_B", bound="_StoneBoard")

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_QUEEN = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
_OTHER = {"x": "o", "o": "x"}
"""The opponent's stone of each player's stone."""
_KERNEL_KINDS = {"Clobber": 0, "Konane": 1, "Fission": 2, "Amazons": 3}
"""The compiled engine's number for each ruleset (``stones(kind, ...)``)."""


def board_lines(text: Any, letters: str, name: str) -> list[str]:
    """The rows of a board string, checked: spaces around rows and blank lines at
    either end dropped; a character outside ``letters`` raises
    :class:`~cgt.errors.InvalidPosition` naming its row and column.

    >>> board_lines(" x.| .o ", "xo.", "Clobber")
    ['x.', '.o']
    """
    lines = text_lines(text, "board")
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch not in letters:
                allowed = ", ".join(letters[:-1]) + " and " + letters[-1]
                raise InvalidPosition(
                    f"unknown character {ch!r} at row {r}, column {c} of {text!r} "
                    f"({name} boards use {allowed})"
                )
    return lines


def parse_board(text: str, letters: str = "xo.#", name: str = "a") -> tuple[int, int, str]:
    """Read a board string: ``(rows, columns, cells)``, the cells row by row in one string.

    Ragged rows are padded on the right with ``#``.

    >>> parse_board("x.o|o")
    (2, 3, 'x.oo##')
    >>> parse_board('''
    ...     xo
    ...     .#
    ... ''')
    (2, 2, 'xo.#')
    >>> parse_board("x.|.z", name="Clobber")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character 'z' at row 1, column 1 of 'x.|.z' (Clobber ...)
    """
    lines = board_lines(text, letters, name)
    h = len(lines)
    w = max((len(line) for line in lines), default=0)
    if w == 0:
        h = 0
    return h, w, "".join(line.ljust(w, "#") for line in lines)


def parse_rectangle(text: Any, letters: str, name: str) -> tuple[str, ...]:
    """The rows of a rectangular board string, top to bottom.

    Rows are separated by ``|`` or newlines; spaces around rows and blank lines
    at either end are ignored.  A character outside ``letters``, or a row of
    another length than the first, raises :class:`~cgt.errors.InvalidPosition`
    naming its row and column (counted from 0).

    >>> parse_rectangle("x.|.o", "xo.", "SkiJumps")
    ('x.', '.o')
    >>> parse_rectangle("x..|.o", "xo.", "SkiJumps")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: row 1 of 'x..|.o' has 2 squares, row 0 has 3 (SkiJumps ...)
    """
    lines = board_lines(text, letters, name)
    for r, line in enumerate(lines):
        if len(line) != len(lines[0]):
            raise InvalidPosition(
                f"row {r} of {text!r} has {len(line)} squares, row 0 has {len(lines[0])} "
                f"({name} boards are rectangles)"
            )
    if not lines or not lines[0]:
        return ()
    return tuple(lines)


def _rows(h: int, w: int, cells: str) -> list[str]:
    return [cells[r * w : (r + 1) * w] for r in range(h)]


def crop_board(h: int, w: int, cells: str, outside: str) -> tuple[int, int, str]:
    """Crop to the bounding box of the cells that are not in ``outside``.

    >>> crop_board(3, 3, "####x####", "#")
    (1, 1, 'x')
    >>> crop_board(2, 3, "x.#" "#..", ".#")     # only the stones count
    (1, 1, 'x')
    >>> crop_board(1, 2, "##", "#")
    (0, 0, '')
    """
    rows = _rows(h, w, cells)
    inside = [r for r in range(h) if any(ch not in outside for ch in rows[r])]
    if not inside:
        return 0, 0, ""
    cols = [c for c in range(w) if any(rows[r][c] not in outside for r in inside)]
    r0, r1, c0, c1 = inside[0], inside[-1] + 1, cols[0], cols[-1] + 1
    return r1 - r0, c1 - c0, "".join(rows[r][c0:c1] for r in range(r0, r1))


def board_images(h: int, w: int, cells: str, transpose: bool) -> list[tuple[int, int, str]]:
    """The board under the reflections and half turn, and (with ``transpose``) its
    transposed images too: the 8 symmetries of the square, or 4 of them.

    Each image is ``(rows, columns, cells)``; the least one is a key for the
    board up to those symmetries.

    >>> board_images(1, 2, "x.", False)
    [(1, 2, 'x.'), (1, 2, '.x'), (1, 2, 'x.'), (1, 2, '.x')]
    >>> min(board_images(1, 2, "x.", True))
    (1, 2, '.x')
    >>> len(board_images(2, 3, "x....o", True))
    8
    """
    rows = _rows(h, w, cells)
    out = []
    shapes = [(h, w, rows)]
    if transpose:
        columns = ["".join(rows[r][c] for r in range(h)) for c in range(w)]
        shapes.append((w, h, columns))
    for a, b, rs in shapes:
        flipped = [row[::-1] for row in rs]
        for image in (rs, flipped, rs[::-1], flipped[::-1]):
            out.append((a, b, "".join(image)))
    return out


def board_key(h: int, w: int, cells: str, transpose: bool = True) -> tuple[int, int, str]:
    """The symmetry key of a board: cropped to its squares (the cells that are not
    ``#``), its least image under the symmetries of the rectangle
    (:func:`board_images`: all eight, or without ``transpose`` the four that keep
    rows as rows).  Boards that are images of each other, or differ by rows and
    columns of ``#`` around them, have one key; it is the key of every stone
    ruleset (:class:`_StoneBoard`) and of NoGo.

    >>> board_key(2, 3, "#x.###")
    (1, 2, '.x')
    >>> board_key(2, 2, "x#.#") == board_key(1, 2, "x.") == board_key(1, 2, ".x")
    True
    >>> board_key(2, 1, "x.", transpose=False)     # a column stays a column
    (2, 1, '.x')
    """
    return min(board_images(*crop_board(h, w, cells, "#"), transpose))


_NEIGHBOURS: dict[tuple[int, int, bool], list[tuple[int, ...]]] = {}


def board_neighbours(h: int, w: int, diagonal: bool) -> list[tuple[int, ...]]:
    """For each square of an ``h`` x ``w`` board (row by row), the indices of its
    neighbours: the orthogonal ones, or (``diagonal``) the eight around it, in
    reading order.  The list is cached: do not change it.

    >>> board_neighbours(2, 2, False)
    [(2, 1), (3, 0), (0, 3), (1, 2)]
    >>> board_neighbours(2, 2, True)[0]
    (1, 2, 3)
    """
    found = _NEIGHBOURS.get((h, w, diagonal))
    if found is None:
        steps = _QUEEN if diagonal else _ORTHOGONAL
        found = [
            tuple((r + dr) * w + c + dc for dr, dc in steps if 0 <= r + dr < h and 0 <= c + dc < w)
            for r in range(h)
            for c in range(w)
        ]
        _NEIGHBOURS[(h, w, diagonal)] = found
    return found


def board_regions(
    h: int,
    w: int,
    cells: str,
    links: str,
    diagonal: bool = False,
    filler: str = "#",
    live: Callable[[str], bool] | None = None,
) -> list[tuple[int, int, str]]:
    """The regions of a board: its squares in ``links`` connected through sides
    (and with ``diagonal`` through corners), in reading order of their first
    square.  Each is the board with every other square made ``filler`` (a
    region of every square that is not ``#`` keeps the board as it is), kept
    when ``live`` says so, and cropped to what is neither ``filler`` nor ``#``.

    >>> board_regions(2, 3, "x.o#.x", "xo")                  # rows x.o and #.x
    [(1, 1, 'x'), (2, 1, 'ox')]
    >>> board_regions(2, 3, "x..#.o", "xo", diagonal=True)   # (0, 0) and (1, 2) do not touch
    [(1, 1, 'x'), (1, 1, 'o')]
    >>> board_regions(2, 3, "x.o#.x", "xo.", live=lambda t: "o" not in t)
    []
    """
    neighbours = board_neighbours(h, w, diagonal)
    seen = [False] * (h * w)
    out = []
    for start in range(h * w):
        if seen[start] or cells[start] not in links:
            continue
        seen[start] = True
        stack = [start]
        region = []
        while stack:
            i = stack.pop()
            region.append(i)
            for j in neighbours[i]:
                if not seen[j] and cells[j] in links:
                    seen[j] = True
                    stack.append(j)
        if len(region) == len(cells) - cells.count("#"):
            text = cells  # one region: nothing to blank out
        else:
            sub = [filler] * (h * w)
            for i in region:
                sub[i] = cells[i]
            text = "".join(sub)
        if live is None or live(text):
            out.append(crop_board(h, w, text, filler + "#"))
    return out


def _board_svg(h: int, w: int, cells: str, cell: int = 24) -> str:
    """A small SVG picture: light squares, dark missing ones, black ``x`` and white ``o`` stones."""
    return board_picture(h, w, cells, cell)


def board_picture(h: int, w: int, cells: str, cell: int = 24, caption: str = "") -> str:
    """An SVG picture of a board: light squares, dark missing ones (``#``), black ``x``
    and white ``o`` stones, and an optional ``caption`` line under the board (say the
    score of a scoring game, in a ``text`` of class ``caption``).

    >>> svg = board_picture(1, 2, "xo", caption="2 points to Left")
    >>> svg.count("<circle"), 'class="caption"' in svg
    (2, True)
    """
    width = w * cell
    height = h * cell
    if caption:
        width = max(width, len(caption) * 9 + 8)  # 12 px sans-serif: under 9 px a letter
        height += 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2}" '
        f'height="{height + 2}" viewBox="-1 -1 {width + 2} {height + 2}">'
    ]
    radius = cell * 0.38
    for r in range(h):
        for c in range(w):
            ch = cells[r * w + c]
            fill = "#444444" if ch == "#" else "#f4e4c4"
            parts.append(
                f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#888888"/>'
            )
            if ch in "xo":
                stone = "#111111" if ch == "x" else "#ffffff"
                parts.append(
                    f'<circle cx="{c * cell + cell / 2}" cy="{r * cell + cell / 2}" '
                    f'r="{radius}" fill="{stone}" stroke="#111111"/>'
                )
    if caption:
        parts.append(
            f'<text class="caption" x="2" y="{h * cell + 17}" font-size="12" '
            f'font-family="sans-serif">{caption}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


class _StoneBoard(Position, Drawable):
    """Shared code: parsing, display, equality, regions and symmetric keys."""

    move_coordinates: ClassVar[str] = GRID_COORDINATES

    __slots__ = ("cells", "h", "w")

    letters: ClassVar[str] = "xo.#"
    """The characters a board of this ruleset may hold."""
    links: ClassVar[str] = "xo."
    """The squares that connect a region (the others separate regions)."""
    diagonal: ClassVar[bool] = False
    """Whether squares touching at a corner are in the same region."""
    filler: ClassVar[str] = "#"
    """What a square outside a region becomes in that region's board."""
    transposes: ClassVar[bool] = True
    """Whether the transposed board has the same value (rows and columns play alike)."""

    h: int
    w: int
    cells: str

    def __init__(self, board: Any = "") -> None:
        if isinstance(board, type(self)):
            h, w, cells = board.h, board.w, board.cells
        else:
            h, w, cells = parse_board(board, self.letters, type(self).__name__)
        self.h, self.w, self.cells = h, w, cells

    @classmethod
    def _make(cls: type[_B], h: int, w: int, cells: str) -> _B:
        board = object.__new__(cls)
        board.h, board.w, board.cells = h, w, cells
        return board

    # --- structure -------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)`` of the board rectangle."""
        return self.h, self.w

    def __getitem__(self, rc: tuple[int, int]) -> str:
        """The character at ``(row, column)``.

        >>> from cgt.games.clobber import Clobber
        >>> Clobber("xo|.#")[1, 0]
        '.'
        """
        r, c = rc
        if not (0 <= r < self.h and 0 <= c < self.w):
            raise IndexError(f"no square ({r}, {c}) on a {self.h}x{self.w} board")
        return self.cells[r * self.w + c]

    @staticmethod
    def _live(cells: str) -> bool:
        """Whether a region (its squares in ``cells``) may be worth something."""
        return True

    @staticmethod
    def _bit_live(xs: int, os_: int, region: int) -> bool:
        """Whether a region may be worth something, on bitboards (as :meth:`_live`):
        ``xs`` and ``os_`` its stones, ``region`` its squares (see :func:`_bit_regions`)."""
        return bool(xs and os_)

    @classmethod
    def _regions(cls, h: int, w: int, cells: str) -> list[tuple[int, int, str]]:
        """The independent regions of a raw board, cropped (dead ones dropped)."""
        return board_regions(h, w, cells, cls.links, cls.diagonal, cls.filler, cls._live)

    def components(self: _B) -> list[_B]:
        """The independent regions, each cropped to its bounding box (dead ones dropped)."""
        return [self._make(*region) for region in self._regions(self.h, self.w, self.cells)]

    @staticmethod
    def _normal(cells: str) -> str:
        """The board the key is read from (before cropping)."""
        return cells

    def key(self) -> Hashable:
        """The cropped board, least image under the symmetries that keep the rules
        (:func:`board_key`)."""
        return board_key(self.h, self.w, self._normal(self.cells), self.transposes)

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        """The boards (cells only) after a move by ``player`` (``x`` or ``o``)."""
        raise NotImplementedError

    @staticmethod
    def _bit_options(state: _BitState, left: bool) -> list[_BitState]:
        """The states after a move by Left (``left``) or Right, on bitboards (as
        :meth:`_moves`; see :func:`_bit_moves`)."""
        raise NotImplementedError

    def describe_move(self, option: Any) -> str | None:
        """The move that leads to ``option``, with squares as ``(row, column)``.

        >>> from cgt.games.clobber import Clobber
        >>> Clobber("xo").describe_move(Clobber(".x"))
        'x (0, 0) takes o at (0, 1)'
        >>> Clobber("xo").describe_move(Clobber("xo|..")) is None    # not an option
        True
        """
        if type(option) is not type(self) or (option.h, option.w) != (self.h, self.w):
            return None
        changed = [
            (i, a, b)
            for i, (a, b) in enumerate(zip(self.cells, option.cells, strict=True))
            if a != b
        ]
        if not changed:
            return None
        return self._describe(changed)

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """Say the move from the squares it changed: ``(index, before, after)``."""
        return None

    def _at(self, i: int) -> str:
        r, c = divmod(i, self.w)
        return f"({r}, {c})"

    def left_options(self: _B) -> list[_B]:
        """The boards after a move by Left (``x``)."""
        h, w = self.h, self.w
        return [self._make(h, w, cells) for cells in self._moves(h, w, self.cells, "x")]

    def right_options(self: _B) -> list[_B]:
        """The boards after a move by Right (``o``)."""
        h, w = self.h, self.w
        return [self._make(h, w, cells) for cells in self._moves(h, w, self.cells, "o")]

    def value(self) -> Game:
        """The canonical value, via the shared solver (regions memoised under signed keys).

        Boards of at most 64 cells are valued by the compiled engine when it is
        built (``cgt/_c/boards.h``), under the same conditions as Domineering
        (no value store, no work budget); it gives the same game objects.

        >>> from cgt.games.konane import Konane
        >>> Konane("xo.|.ox").value() == Konane("xo.|.ox").value()
        True
        """
        state = bit_state(self.h, self.w, self.cells)
        kind = type(self)
        engine = _compiled(kind, self.h, self.w)
        if engine is not None:
            with LOCK:
                try:
                    result: Game = engine.stones(_KERNEL_KINDS[kind.__name__], *state)
                    return result
                except engine.Fallback:
                    pass  # a number beyond 64 bits, or a re-entrant call: Python answers
        return solver_for(kind).keyed_value(_bit_rules(kind), state)

    # --- display and identity ---------------------------------------------------------
    def board_string(self, sep: str = "|") -> str:
        """The board string, rows joined by ``sep``.

        >>> from cgt.games.konane import Konane
        >>> Konane("x.o|o.x").board_string()
        'x.o|o.x'
        """
        return sep.join(_rows(self.h, self.w, self.cells))

    def __str__(self) -> str:
        return self.board_string("\n")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_string()!r})"

    def _draw_svg(self) -> str:
        return _board_svg(self.h, self.w, self.cells)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _StoneBoard)
        return (self.h, self.w, self.cells) == (other.h, other.w, other.cells)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.h, self.w, self.cells))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.board_string(),)


# --- bitboard keyed rules (the fast path of ``value()``) -------------------------------
#
# A state is ``(h, w, xs, os, squares)``: bit ``r * w + c`` of ``xs`` (``os``)
# is set when row ``r``, column ``c`` holds an ``x`` (``o``) stone and of
# ``squares`` when it is a square of the board (``x``, ``o`` or ``.``).  A key
# is ``(h, w, code)``: the cropped region in its least image, packed with two
# bits a cell (``#`` 0, ``.`` 1, ``x`` 2, ``o`` 3), cell ``r * w + c`` at
# bits ``2 * (r * w + c)`` and up.

_BitState = tuple[int, int, int, int, int]
_BitKey = tuple[int, int, int]

_SPREAD: dict[int, list[int]] = {}


def _spread(w: int) -> list[int]:
    """For each ``w``-bit row, the row with bit ``c`` moved to bit ``2 * c``.

    >>> _spread(2)
    [0, 1, 4, 5]
    """
    table = _SPREAD.get(w)
    if table is None:
        table = [0] * (1 << w)
        for x in range(1, 1 << w):
            low = x & -x
            table[x] = table[x ^ low] | (1 << (2 * (low.bit_length() - 1)))
        _SPREAD[w] = table
    return table


def bit_state(h: int, w: int, cells: str) -> _BitState:
    """A board's cells as bitboards ``(h, w, xs, os, squares)``.

    >>> bit_state(1, 4, "xo.#")
    (1, 4, 1, 2, 7)
    """
    xs = os_ = squares = 0
    for i, ch in enumerate(cells):
        if ch == "#":
            continue
        bit = 1 << i
        squares |= bit
        if ch == "x":
            xs |= bit
        elif ch == "o":
            os_ |= bit
    return h, w, xs, os_, squares


def bit_cells(state: _BitState) -> str:
    """The cells string of a bitboard state (the inverse of :func:`bit_state`).

    >>> bit_cells((1, 4, 1, 2, 7))
    'xo.#'
    """
    h, w, xs, os_, squares = state
    return "".join(
        "x" if xs >> i & 1 else "o" if os_ >> i & 1 else "." if squares >> i & 1 else "#"
        for i in range(h * w)
    )


_UNPACK: list[tuple[int, int]] = []


def _key_state(key: _BitKey) -> _BitState:
    """The board of a key.

    >>> _key_state((1, 3, 0b101101))   # cells '.', 'o', 'x' from column 0 (bits 0-1)
    (1, 3, 4, 2, 7)
    """
    if not _UNPACK:
        # each 16-bit piece of a code (8 cells): its low bits and its high bits
        table = [(0, 0)] * (1 << 16)
        for v in range(1, 1 << 16):
            top = (v.bit_length() - 1) >> 1
            low, high = table[v & ~(3 << (2 * top))]
            table[v] = (
                low | ((v >> (2 * top)) & 1) << top,
                high | ((v >> (2 * top + 1)) & 1) << top,
            )
        _UNPACK.extend(table)
    h, w, code = key
    lows = highs = 0
    at = 0
    while code:
        low, high = _UNPACK[code & 0xFFFF]
        lows |= low << at
        highs |= high << at
        code >>= 16
        at += 8
    return h, w, highs & ~lows, highs & lows, lows | highs


def _bit_regions(kind: type[_StoneBoard], state: _BitState) -> list[_BitState]:
    """The live regions of a bitboard state, uncropped (as :meth:`_StoneBoard._regions`).

    A region is connected through the squares ``kind.links`` names (stones
    only when it names no empty square), orthogonally or, when
    ``kind.diagonal``, at corners too; ``kind._bit_live`` drops the dead ones.

    >>> from cgt.games.clobber import Clobber
    >>> _bit_regions(Clobber, bit_state(1, 5, "xo.ox"))
    [(1, 5, 1, 2, 3), (1, 5, 16, 8, 24)]
    """
    h, w, xs, os_, squares = state
    full, not_first, not_last = masks(h, w)
    rest = squares if "." in kind.links else xs | os_
    diagonal = kind.diagonal
    live = kind._bit_live
    out = []
    while rest:
        if rest == full:
            comp = rest  # a whole rectangle is one region
        else:
            comp = rest & -rest
            while True:
                side = comp | ((comp << 1) & not_first) | ((comp >> 1) & not_last)
                if diagonal:
                    grow = (side | (side << w) | (side >> w)) & rest
                else:
                    grow = (side | (comp << w) | (comp >> w)) & rest
                if grow == comp:
                    break
                comp = grow
        rest ^= comp
        x, o = xs & comp, os_ & comp
        if live(x, o, comp):
            out.append((h, w, x, o, comp))
    return out


_LANES: dict[tuple[int, int], tuple[list[list[int]], list[list[int]]]] = {}


def _lane_tables(h: int, w: int) -> tuple[list[list[int]], list[list[int]]]:
    """Tables that pack a board into its eight symmetric images at once.

    The images are lanes of ``2 * h * w`` bits of one ``int``: lanes 0 to 3
    hold the identity, the mirror image, the upside-down image and the half
    turn (``h`` rows of ``w`` cells), lanes 4 to 7 the transposed images (``w``
    rows of ``h``).  For each byte ``k`` of the low-bit board (empty squares
    and ``o`` stones) and of the high-bit board (stones), the tables give
    every byte value's contribution to all lanes.

    >>> lows, highs = _lane_tables(1, 2)
    >>> [bin(lows[0][0b01] >> (4 * lane) & 0b1111) for lane in range(8)]   # cell (0, 0)
    ['0b1', '0b100', '0b1', '0b100', '0b1', '0b1', '0b100', '0b100']
    >>> highs[0][0b11] == lows[0][0b11] << 1
    True
    """
    found = _LANES.get((h, w))
    if found is None:
        n = h * w
        cells = [divmod(i, w) for i in range(n)]
        places = (
            [r * w + c for r, c in cells],
            [r * w + (w - 1 - c) for r, c in cells],
            [(h - 1 - r) * w + c for r, c in cells],
            [(h - 1 - r) * w + (w - 1 - c) for r, c in cells],
            [c * h + r for r, c in cells],
            [c * h + (h - 1 - r) for r, c in cells],
            [(w - 1 - c) * h + r for r, c in cells],
            [(w - 1 - c) * h + (h - 1 - r) for r, c in cells],
        )
        spots = [0] * n
        for lane, where in enumerate(places):
            for i in range(n):
                spots[i] |= 1 << (2 * (lane * n + where[i]))
        lows, highs = [], []
        for k in range(0, n, 8):
            low = [0] * 256
            for v in range(1, 256):
                top = v.bit_length() - 1
                if k + top < n:
                    low[v] = low[v ^ (1 << top)] | spots[k + top]
            lows.append(low)
            highs.append([x << 1 for x in low])
        found = _LANES[(h, w)] = (lows, highs)
    return found


def _bit_key(kind: type[_StoneBoard], region: _BitState) -> tuple[_BitKey, bool]:
    """A region's signed key: its least image, and whether its value is the negative."""
    h, w, xs, os_, squares = region
    n = h * w
    if squares != (1 << n) - 1:
        # crop to the bounding box of the region's squares
        row_mask = (1 << w) - 1
        srows = [(squares >> (r * w)) & row_mask for r in range(h)]
        lo = 0
        while not srows[lo]:
            lo += 1
        hi = h
        while not srows[hi - 1]:
            hi -= 1
        cols = 0
        for row in srows[lo:hi]:
            cols |= row
        shift = (cols & -cols).bit_length() - 1
        nh, nw = hi - lo, cols.bit_length() - shift
        if (nh, nw) != (h, w):
            box = (1 << nw) - 1
            nx = no = ns = 0
            for r in range(hi - 1, lo - 1, -1):
                at = r * w + shift
                nx = (nx << nw) | ((xs >> at) & box)
                no = (no << nw) | ((os_ >> at) & box)
                ns = (ns << nw) | ((squares >> at) & box)
            h, w, xs, os_, squares = nh, nw, nx, no, ns
            n = h * w
    lows = squares & ~xs  # empty squares and o stones
    highs = xs | os_
    low_tables, high_tables = _LANES.get((h, w)) or _lane_tables(h, w)
    lanes = 0
    for low_table, high_table in zip(low_tables, high_tables, strict=True):
        lanes |= low_table[lows & 255] | high_table[highs & 255]
        lows >>= 8
        highs >>= 8
    width = 2 * n
    a, b = _least_lanes(lanes, width)
    if kind.transposes:
        plain = (h, w, a) if (h, w, a) < (w, h, b) else (w, h, b)
        # the colours swapped: x and o exchange their low bits
        a, b = _least_lanes(lanes ^ ((lanes >> 1) & (((1 << (8 * width)) - 1) // 3)), width)
        swapped = (h, w, a) if (h, w, a) < (w, h, b) else (w, h, b)
    else:
        plain, swapped = (h, w, a), (w, h, b)
    return (swapped, True) if swapped < plain else (plain, False)


def _least_lanes(lanes: int, width: int) -> tuple[int, int]:
    """The least of lanes 0 to 3 (the images keeping the shape) and of lanes 4 to 7
    (the transposed ones), each lane ``width`` bits."""
    mask = (1 << width) - 1
    turned = lanes >> (4 * width)
    return (
        min(
            lanes & mask,
            (lanes >> width) & mask,
            (lanes >> 2 * width) & mask,
            (lanes >> 3 * width) & mask,
        ),
        min(
            turned & mask,
            (turned >> width) & mask,
            (turned >> 2 * width) & mask,
            turned >> 3 * width,
        ),
    )


def _bit_moves(kind: type[_StoneBoard], state: _BitState, left: bool) -> list[_BitState]:
    """The states after a move (as :meth:`_StoneBoard._moves`, on bitboards): the
    ruleset's :meth:`~_StoneBoard._bit_options`.

    >>> from cgt.games.konane import Konane
    >>> [bit_cells(s) for s in _bit_moves(Konane, bit_state(1, 5, "xo.o."), True)]
    ['..xo.', '....x']
    """
    return kind._bit_options(state, left)


def _bit_steps(h: int, w: int, diagonal: bool) -> tuple[tuple[int, int], ...]:
    """The directions a stone moves in on an ``h`` x ``w`` bitboard: ``(d, mask)``
    moves bit ``i`` to ``i + d``, kept when the shifted bit is in ``mask`` (so
    nothing wraps around a row's end); the orthogonal ones first, then (with
    ``diagonal``) the diagonal ones.

    >>> [d for d, _ in _bit_steps(3, 4, True)]
    [1, -1, 4, -4, 5, 3, -3, -5]
    """
    full, not_first, not_last = masks(h, w)
    steps: tuple[tuple[int, int], ...] = (
        (1, not_first),  # right: bit i to i + 1
        (-1, not_last),  # left
        (w, full),  # down
        (-w, full),  # up
    )
    if diagonal:
        steps += ((w + 1, not_first & full), (w - 1, not_last & full))
        steps += ((-w + 1, not_first), (-w - 1, not_last))
    return steps


def _bit_sides(h: int, w: int, found: list[tuple[int, int, int]], left: bool) -> list[_BitState]:
    """States from ``(mover's stones, other's stones, squares)`` triples, the mover
    being Left (``x``) when ``left``.

    >>> _bit_sides(1, 2, [(1, 2, 3)], False)
    [(1, 2, 2, 1, 3)]
    """
    if left:
        return [(h, w, m, t, sq) for m, t, sq in found]
    return [(h, w, t, m, sq) for m, t, sq in found]


class _BitRules:
    """Keyed rules on bitboards (see the module's bitboard section); ``value()`` uses them.

    >>> from cgt.games.clobber import Clobber
    >>> rules = _BitRules(Clobber)
    >>> [(_key_state(k), neg) for k, neg in rules.split(bit_state(1, 5, "xox.o"))]
    [((1, 3, 5, 2, 7), False)]
    """

    __slots__ = ("_keys", "kind", "ruleset")

    max_keys: ClassVar[int] = 1 << 18
    """How many regions' keys are remembered (the table is emptied when full)."""

    def __init__(self, kind: type[_StoneBoard]) -> None:
        self.kind = kind
        self.ruleset = kind.__name__
        self._keys: dict[_BitState, tuple[_BitKey, bool]] = {}

    def split(self, state: _BitState) -> list[tuple[_BitKey, bool]]:
        """The signed keys of the live regions of a state."""
        regions = _bit_regions(self.kind, state)
        if len(regions) == 1 and regions[0][4] == state[4]:
            # the whole state is one region: the solver remembers the state itself
            return [_bit_key(self.kind, regions[0])]
        keys = self._keys
        found = []
        for region in regions:
            signed = keys.get(region)
            if signed is None:
                if len(keys) >= self.max_keys:
                    keys.clear()
                signed = keys[region] = _bit_key(self.kind, region)
            found.append(signed)
        return found

    def options(self, key: _BitKey) -> tuple[list[_BitState], list[_BitState]]:
        """The states each player can move to from the board of ``key``."""
        state = _key_state(key)
        return _bit_moves(self.kind, state, True), _bit_moves(self.kind, state, False)

    def state_key(self, state: _BitState) -> _BitState:
        """Whole states are remembered as they are."""
        return state


_BIT_RULES: dict[type, _BitRules] = {}


def _bit_rules(kind: type[_StoneBoard]) -> _BitRules:
    rules = _BIT_RULES.get(kind)
    if rules is None:
        rules = _BIT_RULES[kind] = _BitRules(kind)
    return rules


STONES = RulesetFamily(
    "partizan",
    "BOARD",
    docs="boards",
    moved_from="cgt.games.boards",
    fast_path="compiled bit boards (cgt/_c/boards.h), at most 64 cells",
    keyed_rules=_bit_rules,
)
"""The stone rulesets on bitboards (Clobber, Konane, Fission, Amazons): their
registry declarations (:class:`~cgt.games.registry.RulesetFamily`)."""


def _clear_bit_keys() -> None:
    for rules in _BIT_RULES.values():
        rules._keys.clear()


register_cache(_clear_bit_keys)
