"""Stone boards: Clobber, Konane, Fission and Amazons.

Boards are written as CGSuite and cgt-py write them: rows top to bottom
separated by ``|`` (or newlines), ``x`` a Left (black, blue) stone, ``o`` a
Right (white, red) stone, ``.`` an empty square and ``#`` no square.  Spaces
around rows and blank lines at either end are ignored.  Rows of different
lengths are padded on the right with ``#`` (as CGSuite does), so ``"x.|o"``
is ``"x.|o#"``.  An unknown character (``o`` in Fission, say) raises
:class:`~cgt.errors.InvalidPosition` naming it with its row and column.

- **Clobber**: move one of your stones orthogonally onto an adjacent
  opponent's stone, which is removed; the square left behind is empty.
- **Konane**: jump one of your stones orthogonally over an adjacent
  opponent's stone into the empty square beyond, removing the jumped stone;
  further jumps in the same straight line may continue the move (every
  prefix of such a multi-jump is a move too).
- **Fission**: ``x`` stones only.  Left splits a stone into its two vertical
  neighbours, Right into its two horizontal neighbours; both must be empty
  squares of the board, and the stone's own square becomes empty.
- **Amazons**: move one of your amazons like a chess queen through empty
  squares, then shoot an arrow from its landing square, again like a queen
  through empty squares (the square just left counts as empty); the arrow's
  square becomes ``#``.

Positions split into independent regions (:meth:`~_StoneBoard.components`)
and are keyed by their cropped board under the symmetries of the rules
(:meth:`~_StoneBoard.key`); the generic solver does the rest.

>>> from cgt.games import Amazons, Clobber, Fission, Konane
>>> Clobber("xo").value(), Clobber("xoo").value(), Clobber("xo|ox").value()
(*, v, *)
>>> Konane("xo.").value(), Konane("xo.o.").value()
(1, 1)
>>> Fission(".|x|.").value(), Fission(".x.").value()
(1, -1)
>>> Amazons("x.o").value(), Amazons("x..").value()
(*, 2)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .._engine import LOCK
from ..errors import InvalidPosition
from .base import Position, register_cache, solver_for
from .domineering import _compiled
from .grid import masks
from .registry import register_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["Amazons", "Clobber", "Fission", "Konane", "board_lines", "parse_board"]

_B = TypeVar("_B", bound="_StoneBoard")

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_QUEEN = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
_OTHER = {"x": "o", "o": "x"}
_KERNEL_KINDS = {"Clobber": 0, "Konane": 1, "Fission": 2, "Amazons": 3}
"""The compiled engine's number for each ruleset (``stones(kind, ...)``)."""


def board_lines(text: Any, letters: str, name: str) -> list[str]:
    """The rows of a board string, checked: spaces around rows and blank lines at
    either end dropped; a character outside ``letters`` raises
    :class:`~cgt.errors.InvalidPosition` naming its row and column.

    >>> board_lines(" x.| .o ", "xo.", "Clobber")
    ['x.', '.o']
    """
    if not isinstance(text, str):
        raise InvalidPosition(f"a board must be a string, not {type(text).__name__}")
    lines = [line.strip() for line in text.replace("|", "\n").split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
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


def _rows(h: int, w: int, cells: str) -> list[str]:
    return [cells[r * w : (r + 1) * w] for r in range(h)]


def _crop(h: int, w: int, cells: str, outside: str) -> tuple[int, int, str]:
    """Crop to the bounding box of the cells that are not in ``outside``."""
    rows = _rows(h, w, cells)
    inside = [r for r in range(h) if any(ch not in outside for ch in rows[r])]
    if not inside:
        return 0, 0, ""
    cols = [c for c in range(w) if any(rows[r][c] not in outside for r in inside)]
    r0, r1, c0, c1 = inside[0], inside[-1] + 1, cols[0], cols[-1] + 1
    return r1 - r0, c1 - c0, "".join(rows[r][c0:c1] for r in range(r0, r1))


def _images(h: int, w: int, cells: str, transpose: bool) -> list[tuple[int, int, str]]:
    """The board under the reflections and half turn, and (with ``transpose``) its
    transposed images too: the 8 symmetries of the square, or 4 of them."""
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


_NEIGHBOURS: dict[tuple[int, int, bool], list[tuple[int, ...]]] = {}


def _neighbours(h: int, w: int, diagonal: bool) -> list[tuple[int, ...]]:
    """For each square of an ``h`` x ``w`` board, the indices of its neighbours.

    >>> _neighbours(2, 2, False)
    [(2, 1), (3, 0), (0, 3), (1, 2)]
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


def _board_svg(h: int, w: int, cells: str, cell: int = 24) -> str:
    """A small SVG picture: light squares, dark missing ones, black ``x`` and white ``o`` stones."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 2}" '
        f'height="{h * cell + 2}" viewBox="-1 -1 {w * cell + 2} {h * cell + 2}">'
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
    parts.append("</svg>")
    return "".join(parts)


class _StoneBoard(Position):
    """Shared code: parsing, display, equality, regions and symmetric keys."""

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

    @classmethod
    def _regions(cls, h: int, w: int, cells: str) -> list[tuple[int, int, str]]:
        """The independent regions of a raw board, cropped (dead ones dropped)."""
        links = cls.links
        neighbours = _neighbours(h, w, cls.diagonal)
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
                sub = [cls.filler] * (h * w)
                for i in region:
                    sub[i] = cells[i]
                text = "".join(sub)
            if cls._live(text):
                out.append(_crop(h, w, text, cls.filler + "#"))
        return out

    def components(self: _B) -> list[_B]:
        """The independent regions, each cropped to its bounding box (dead ones dropped)."""
        return [self._make(*region) for region in self._regions(self.h, self.w, self.cells)]

    @staticmethod
    def _normal(cells: str) -> str:
        """The board the key is read from (before cropping)."""
        return cells

    def key(self) -> Hashable:
        """The cropped board, least image under the symmetries that keep the rules."""
        h, w, cells = _crop(self.h, self.w, self._normal(self.cells), "#")
        return min(_images(h, w, cells, self.transposes))

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        """The boards (cells only) after a move by ``player`` (``x`` or ``o``)."""
        raise NotImplementedError

    def describe_move(self, option: Any) -> str | None:
        """The move that leads to ``option``, with squares as ``(row, column)``.

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

        >>> Konane("x.o|o.x").board_string()
        'x.o|o.x'
        """
        return sep.join(_rows(self.h, self.w, self.cells))

    def __str__(self) -> str:
        return self.board_string("\n")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_string()!r})"

    def _repr_svg_(self) -> str:
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


@register_ruleset(
    "Clobber",
    "partizan",
    syntax="BOARD",
    summary="Clobber (x Left, o Right)",
    example="xo.|.ox",
    cli="clobber",
    docs="boards",
    stored_as=("cgt.games.boards.Clobber",),
)
class Clobber(_StoneBoard):
    """A Clobber position: move a stone onto an adjacent opponent's stone, capturing it.

    Regions are the groups of orthogonally connected stones; a group of one
    colour only is 0 and is dropped.  Empty and missing squares play alike.

    >>> Clobber("xo").value(), Clobber("xxo").value(), Clobber("xoxo").value()
    (*, ^, +-{*,^})
    >>> Clobber("x.o|o.x").components()
    [Clobber('x|o'), Clobber('o|x')]
    >>> Clobber("xo.").key() == Clobber("#|o|x").key()   # cropped, turned
    True
    >>> Clobber("xo|ox").right_options()
    [Clobber('x.|oo'), Clobber('o.|ox'), Clobber('oo|.x'), Clobber('xo|.o')]
    """

    __slots__ = ()
    links = "xo"
    filler = "."

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells and "o" in cells

    @staticmethod
    def _normal(cells: str) -> str:
        return cells.replace(".", "#")

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (0, 0) takes o at (0, 1)``.

        >>> Clobber("xo|ox").describe_move(Clobber("o.|ox"))
        'o (0, 1) takes x at (0, 0)'
        """
        if len(changed) != 2:
            return None
        (i, a, b), (j, c, d) = changed
        if (a, b) == (c, d) or {a, b, c, d} != {"x", "o", "."}:
            return None
        if b == ".":  # the stone moved from i onto j
            return f"{a} {self._at(i)} takes {c} at {self._at(j)}"
        return f"{c} {self._at(j)} takes {a} at {self._at(i)}"

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        other = _OTHER[player]
        out = []
        for i, ch in enumerate(cells):
            if ch != player:
                continue
            r, c = divmod(i, w)
            for dr, dc in _ORTHOGONAL:
                rr, cc = r + dr, c + dc
                if 0 <= rr < h and 0 <= cc < w and cells[rr * w + cc] == other:
                    board = list(cells)
                    board[i] = "."
                    board[rr * w + cc] = player
                    out.append("".join(board))
        return list(dict.fromkeys(out))


@register_ruleset(
    "Konane",
    "partizan",
    syntax="BOARD",
    summary="Konane",
    example="xo.o.|.x..x",
    cli="konane",
    docs="boards",
    stored_as=("cgt.games.boards.Konane",),
)
class Konane(_StoneBoard):
    """A Konane position: jump over an adjacent opponent's stone into an empty square.

    Multiple jumps in one straight line are one move, and every prefix of a
    multi-jump is a move too.  Regions are the orthogonally connected parts
    of the board's squares (``x``, ``o`` and ``.``): no jump crosses a
    missing square.  A region without stones of both colours is 0 and is
    dropped.  (Konane regions split no further here: an empty square can be
    filled by a jump, so stones of one group can reach another.)

    >>> Konane("xo.").value(), Konane("ox.").value(), Konane("x.o|o.x").value()
    (1, -1, 0)
    >>> Konane("xo.o.").left_options()
    [Konane('..xo.'), Konane('....x')]
    """

    __slots__ = ()

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells and "o" in cells

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (0, 0) jumps to (0, 2), taking o at (0, 1)``; several stones in a multi-jump.

        >>> k = Konane("xo.o.")
        >>> [k.describe_move(o) for o in k.left_options()]
        ['x (0, 0) jumps to (0, 2), taking o at (0, 1)', \
'x (0, 0) jumps to (0, 4), taking o at (0, 1) and (0, 3)']
        """
        landed = [i for i, a, b in changed if a == "." and b in "xo"]
        if len(landed) != 1:
            return None
        to = landed[0]
        piece = next(b for i, _, b in changed if i == to)
        starts = [i for i, a, b in changed if a == piece and b == "."]
        taken = [i for i, a, b in changed if a == _OTHER[piece] and b == "."]
        if len(starts) != 1 or not taken or len(taken) + 2 != len(changed):
            return None
        start = starts[0]
        taken.sort(key=lambda i: abs(i - start))
        squares = [self._at(i) for i in taken]
        where = squares[0] if len(squares) == 1 else ", ".join(squares[:-1]) + " and " + squares[-1]
        return (
            f"{piece} {self._at(start)} jumps to {self._at(to)}, taking {_OTHER[piece]} at {where}"
        )

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        other = _OTHER[player]
        out = []
        for i, ch in enumerate(cells):
            if ch != player:
                continue
            r, c = divmod(i, w)
            for dr, dc in _ORTHOGONAL:
                board = list(cells)
                board[i] = "."
                k = 1
                while True:
                    r1, c1 = r + (2 * k - 1) * dr, c + (2 * k - 1) * dc
                    r2, c2 = r + 2 * k * dr, c + 2 * k * dc
                    if not (0 <= r2 < h and 0 <= c2 < w):
                        break
                    if cells[r1 * w + c1] != other or cells[r2 * w + c2] != ".":
                        break
                    board[r1 * w + c1] = "."
                    landing = list(board)
                    landing[r2 * w + c2] = player
                    out.append("".join(landing))
                    k += 1
        return list(dict.fromkeys(out))


@register_ruleset(
    "Fission",
    "partizan",
    syntax="BOARD",
    summary="Fission",
    example=".x.|...",
    cli="fission",
    docs="boards",
    stored_as=("cgt.games.boards.Fission",),
)
class Fission(_StoneBoard):
    """A Fission position: split a stone in two, Left vertically, Right horizontally.

    Both neighbours must be empty squares of the board.  Only ``x``, ``.``
    and ``#`` may appear.  Regions are the orthogonally connected parts of
    the board's squares: a split touches only the stone and its neighbours.
    A region without a stone or without an empty square is 0 and is dropped.
    Keys use the reflections and the half turn only (a transposed board has
    the negated value).

    >>> Fission(".|x|.").value(), Fission(".x.").value(), Fission("x|.|.").value()
    (1, -1, 0)
    >>> Fission(".x.|...").right_options()
    [Fission('x.x|...')]
    >>> Fission(".|x|.").key() == Fission(".x.").key()
    False
    """

    __slots__ = ()
    letters = "x.#"
    links = "x."
    transposes = False

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells and "." in cells

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (1, 1) splits vertically into (0, 1) and (2, 1)`` (or horizontally).

        >>> Fission(".x.").describe_move(Fission("x.x"))
        'x (0, 1) splits horizontally into (0, 0) and (0, 2)'
        """
        if len(changed) != 3:
            return None
        (a, a0, a1), (i, i0, i1), (b, b0, b1) = changed
        if (a0, a1, i0, i1, b0, b1) != (".", "x", "x", ".", ".", "x"):
            return None
        way = "horizontally" if i - a == 1 else "vertically"
        return f"x {self._at(i)} splits {way} into {self._at(a)} and {self._at(b)}"

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        dr, dc = (1, 0) if player == "x" else (0, 1)
        out = []
        for i, ch in enumerate(cells):
            if ch != "x":
                continue
            r, c = divmod(i, w)
            if not (r - dr >= 0 and r + dr < h and c - dc >= 0 and c + dc < w):
                continue
            a, b = (r - dr) * w + c - dc, (r + dr) * w + c + dc
            if cells[a] == "." and cells[b] == ".":
                board = list(cells)
                board[i] = "."
                board[a] = board[b] = "x"
                out.append("".join(board))
        return list(dict.fromkeys(out))


@register_ruleset(
    "Amazons",
    "partizan",
    syntax="BOARD",
    summary="Amazons (# burnt)",
    example="x..|.#.|..o",
    cli="amazons",
    docs="boards",
    stored_as=("cgt.games.boards.Amazons",),
)
class Amazons(_StoneBoard):
    """An Amazons position: a queen move of one of your amazons, then an arrow shot from it.

    Regions are the parts of the board's squares connected orthogonally or
    diagonally (queens move diagonally too); a region without amazons is 0
    and is dropped.

    >>> Amazons("x.").value(), Amazons("o..").value(), Amazons("x.o").value()
    (1, -2, *)
    >>> Amazons("x.#|###|..o").components()
    [Amazons('x.'), Amazons('..o')]
    >>> Amazons("x.").left_options()
    [Amazons('#x')]
    """

    __slots__ = ()
    diagonal = True

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells or "o" in cells

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (0, 0) to (2, 2), arrow at (2, 0)``: the amazon's move, then the arrow.

        >>> Amazons("x..").describe_move(Amazons(".x#"))
        'x (0, 0) to (0, 1), arrow at (0, 2)'
        >>> Amazons("x..").describe_move(Amazons("#x."))    # back where it came from
        'x (0, 0) to (0, 1), arrow at (0, 0)'
        """
        starts = [(i, a) for i, a, b in changed if a in "xo" and b in ".#"]
        ends = [(i, b) for i, a, b in changed if a == "." and b in "xo"]
        arrows = [i for i, _, b in changed if b == "#"]
        if len(starts) != 1 or len(ends) != 1 or len(arrows) != 1 or starts[0][1] != ends[0][1]:
            return None
        (start, piece), (end, _) = starts[0], ends[0]
        return f"{piece} {self._at(start)} to {self._at(end)}, arrow at {self._at(arrows[0])}"

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        out = []
        for i, ch in enumerate(cells):
            if ch != player:
                continue
            board = list(cells)
            board[i] = "."
            r, c = divmod(i, w)
            for dr, dc in _QUEEN:
                r1, c1 = r + dr, c + dc
                while 0 <= r1 < h and 0 <= c1 < w and board[r1 * w + c1] == ".":
                    j = r1 * w + c1
                    board[j] = player
                    for er, ec in _QUEEN:
                        r2, c2 = r1 + er, c1 + ec
                        while 0 <= r2 < h and 0 <= c2 < w and board[r2 * w + c2] == ".":
                            k = r2 * w + c2
                            board[k] = "#"
                            out.append("".join(board))
                            board[k] = "."
                            r2, c2 = r2 + er, c2 + ec
                    board[j] = "."
                    r1, c1 = r1 + dr, c1 + dc
        return list(dict.fromkeys(out))


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

    >>> _bit_regions(Clobber, bit_state(1, 5, "xo.ox"))
    [(1, 5, 1, 2, 3), (1, 5, 16, 8, 24)]
    """
    h, w, xs, os_, squares = state
    full, not_first, not_last = masks(h, w)
    stones = xs | os_
    rest = stones if kind is Clobber else squares
    diagonal = kind.diagonal
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
        if kind is Fission:
            live = bool(x) and comp != x
        elif kind is Amazons:
            live = bool(x or o)
        else:
            live = bool(x and o)
        if live:
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
    mask = (1 << width) - 1
    turned = lanes >> (4 * width)  # lanes 4 to 7: the transposed images
    a = min(
        lanes & mask,
        (lanes >> width) & mask,
        (lanes >> 2 * width) & mask,
        (lanes >> 3 * width) & mask,
    )
    b = min(
        turned & mask, (turned >> width) & mask, (turned >> 2 * width) & mask, turned >> 3 * width
    )
    if kind.transposes:
        plain = (h, w, a) if (h, w, a) < (w, h, b) else (w, h, b)
        # the colours swapped: x and o exchange their low bits
        lanes ^= (lanes >> 1) & (((1 << (8 * width)) - 1) // 3)
        turned = lanes >> (4 * width)
        a = min(
            lanes & mask,
            (lanes >> width) & mask,
            (lanes >> 2 * width) & mask,
            (lanes >> 3 * width) & mask,
        )
        b = min(
            turned & mask,
            (turned >> width) & mask,
            (turned >> 2 * width) & mask,
            turned >> 3 * width,
        )
        swapped = (h, w, a) if (h, w, a) < (w, h, b) else (w, h, b)
    else:
        plain, swapped = (h, w, a), (w, h, b)
    return (swapped, True) if swapped < plain else (plain, False)


def _bit_moves(kind: type[_StoneBoard], state: _BitState, left: bool) -> list[_BitState]:
    """The states after a move (as :meth:`_StoneBoard._moves`, on bitboards).

    >>> [bit_cells(s) for s in _bit_moves(Konane, bit_state(1, 5, "xo.o."), True)]
    ['..xo.', '....x']
    """
    h, w, xs, os_, squares = state
    full, not_first, not_last = masks(h, w)
    mine, theirs = (xs, os_) if left else (os_, xs)
    empty = squares & ~(xs | os_)
    out: list[tuple[int, int, int]] = []  # (mine, theirs, squares)
    if kind is Fission:
        if left:
            cand = xs & (empty >> w) & (empty << w)
            step = w
        else:
            cand = xs & ((empty >> 1) & not_last) & ((empty << 1) & not_first)
            step = 1
        while cand:
            s = cand & -cand
            cand ^= s
            out.append((xs ^ s | (s << step) | (s >> step), 0, squares))
        return [(h, w, m, t, sq) for m, t, sq in out]
    steps: tuple[tuple[int, int], ...] = (
        (1, not_first),  # right: bit i to i + 1
        (-1, not_last),  # left
        (w, full),  # down
        (-w, full),  # up
    )
    if kind is Amazons:
        steps += ((w + 1, not_first & full), (w - 1, not_last & full))
        steps += ((-w + 1, not_first), (-w - 1, not_last))
    if kind is Clobber:
        for d, m in steps:
            # the stones whose neighbour in direction d is the opponent's
            src = mine & (((theirs & m) >> d) if d > 0 else ((theirs & m) << -d))
            while src:
                s = src & -src
                src ^= s
                t = s << d if d > 0 else s >> -d
                out.append((mine ^ s | t, theirs ^ t, squares))
    elif kind is Konane:
        for d, m in steps:
            # the stones that can jump at least once in direction d
            if d > 0:
                rest = mine & ((theirs & m) >> d) & ((((empty & m) >> d) & m) >> d)
            else:
                rest = mine & ((theirs & m) << -d) & ((((empty & m) << -d) & m) << -d)
            while rest:
                s = rest & -rest
                rest ^= s
                cur, gone = s, theirs
                while True:
                    over = ((cur << d) if d > 0 else (cur >> -d)) & m
                    if not over & theirs:
                        break
                    land = ((over << d) if d > 0 else (over >> -d)) & m
                    if not land & empty:
                        break
                    gone ^= over
                    out.append((mine ^ s | land, gone, squares))
                    cur = land
    else:  # Amazons
        rest = mine
        while rest:
            s = rest & -rest
            rest ^= s
            base = mine ^ s
            free = empty | s
            for d, m in steps:
                to = ((s << d) if d > 0 else (s >> -d)) & m
                while to & free:
                    after = free ^ to
                    for e, n in steps:
                        arrow = ((to << e) if e > 0 else (to >> -e)) & n
                        while arrow & after:
                            out.append((base | to, theirs, squares ^ arrow))
                            arrow = ((arrow << e) if e > 0 else (arrow >> -e)) & n
                    to = ((to << d) if d > 0 else (to >> -d)) & m
    # only Amazons moves are checked for repeats (the others cannot repeat)
    found = list(dict.fromkeys(out)) if kind is Amazons else out
    if left:
        return [(h, w, m, t, sq) for m, t, sq in found]
    return [(h, w, t, m, sq) for m, t, sq in found]


class _BitRules:
    """Keyed rules on bitboards (see the module's bitboard section); ``value()`` uses them.

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


def _clear_bit_keys() -> None:
    for rules in _BIT_RULES.values():
        rules._keys.clear()


register_cache(_clear_bit_keys)
