"""Loopy rulesets: positions that can repeat, so they are not short games.

* **Backsliding Toads and Frogs** (introduced in Winning Ways; M. H. Albert
  and R. J. Nowakowski, *Backsliding Toads and Frogs*, Games of No Chance 3,
  2009; CGSuite's ``BackslidingToadsAndFrogs``, which is its
  ``GenToadsAndFrogs(1, backsliding => true)``): Toads and Frogs where,
  besides the usual moves (a toad ``t`` steps one square right into an
  empty square, or jumps right over exactly one frog into the empty square
  beyond; frogs ``f`` likewise leftwards), a piece may also retreat one
  square backwards into an empty square.  Backward jumps are not allowed.
* **Fox and Geese** (Winning Ways, "Fox and Geese; Hare and Hounds";
  CGSuite's ``FoxAndGeese``): on the dark squares of a checkerboard, Left's geese
  ``x`` move one square diagonally forward (down the board as written),
  Right's fox ``o`` one square diagonally in any direction; nobody jumps
  or captures.  The geese win by trapping the fox; the fox wins when the
  geese run out of moves.

Their positions follow the Position protocol; :meth:`outcome` analyses the
whole game graph (:func:`cgt.loopy.game_graph`) and returns a
:class:`~cgt.loopy.LoopyOutcome`, in which a start may be a draw.  Their
:meth:`value` is the loopy value of that graph (:func:`cgt.loopy.loopy_value`).

>>> from cgt.games import BackslidingToadsAndFrogs, FoxAndGeese
>>> print(BackslidingToadsAndFrogs("ttt..fff").outcome())
Left first: draw; Right first: draw
>>> print(FoxAndGeese("x.x.|....|o...").outcome())
Left first: Left wins; Right first: Left wins
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from .._compat import deprecated
from .._svg import Drawable
from ..errors import InvalidPosition
from ..loopy.graph import GameGraph, LoopyOutcome
from ..loopy.positions import game_graph, loopy_outcome, loopy_value
from .base import GRID_COORDINATES, Position
from .board import parse_board
from .registry import register_ruleset
from .strip import _Strip

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..loopy.values import LoopyGame

__all__ = ["BackslidingToadsAndFrogs", "FoxAndGeese", "Loopy"]


class Loopy:
    """Mix-in for a ruleset whose positions can repeat: ``value()`` is the loopy value
    of the game graph and ``outcome()`` a :class:`~cgt.loopy.LoopyOutcome` (draws
    included), both from every position reachable from this one.

    List it before the Position base:

    >>> from cgt.games import Loopy, Position
    >>> class Pace(Loopy, Position):          # Left walks to and fro; Right only forwards
    ...     def __init__(self, at): self.at = at
    ...     def left_options(self):
    ...         return [Pace(a) for a in (self.at - 1, self.at + 1) if 0 <= a <= 2]
    ...     def right_options(self): return [Pace(self.at + 1)] if self.at < 2 else []
    ...     def key(self): return self.at
    >>> print(Pace(0).outcome())
    Left first: draw; Right first: Left wins
    >>> Pace(0).value().is_stopper         # Left and Right can take turns for ever
    False
    """

    __slots__ = ()

    def graph(self, max_nodes: int = 1_000_000) -> tuple[GameGraph, list[Any]]:
        """Deprecated spelling of :meth:`game_graph` (it warns).

        On positions, ``graph`` names the board's own graph, a property (as
        ``Col(...).graph``); the game graph is computed, so it is a method of
        its own name.

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     BackslidingToadsAndFrogs("t.").graph()[0].size
        2
        """
        deprecated(
            f"{type(self).__name__}.graph()",
            "call game_graph() (on positions, graph names the board's graph, a property)",
        )
        return game_graph(self, max_nodes)

    def game_graph(self, max_nodes: int = 1_000_000) -> tuple[GameGraph, list[Any]]:
        """The game graph of every position reachable from this one, and the positions
        by node (node 0 is this position): see :func:`cgt.loopy.game_graph`.

        >>> graph, positions = BackslidingToadsAndFrogs("t.").game_graph()
        >>> graph.left, graph.right, positions[1]
        (((1,), (0,)), ((), ()), BackslidingToadsAndFrogs('.t'))
        >>> BackslidingToadsAndFrogs("t.f").game_graph()[0].size
        6
        """
        return game_graph(self, max_nodes)

    def outcome(self) -> LoopyOutcome:
        """Who wins with Left and with Right moving first (a start may be a draw).

        >>> BackslidingToadsAndFrogs("ttt..fff").outcome()
        LoopyOutcome(left_first=Winner.DRAW, right_first=Winner.DRAW)
        """
        return loopy_outcome(self)

    def value(self) -> LoopyGame | Game:
        """The value: the game graph of every reachable position as a loopy game
        (:func:`cgt.loopy.loopy_value`; a short game when nothing can repeat).

        >>> BackslidingToadsAndFrogs("t.").value()      # the toad can always pace: on
        on
        >>> FoxAndGeese(".x.x|....|...o|....").value()
        over
        """
        return loopy_value(self)


# ---------------------------------------------------------------------------
# Backsliding Toads and Frogs
# ---------------------------------------------------------------------------
@register_ruleset(
    "BackslidingToadsAndFrogs",
    "loopy",
    syntax="STRIP",
    summary="Backsliding Toads and Frogs",
    example="tt.ff",
    cli="backsliding-toads-and-frogs",
    docs="loopy_positions",
    stored_as=("cgt.games.loopy_games.BackslidingToadsAndFrogs",),
)
class BackslidingToadsAndFrogs(Loopy, _Strip):  # type: ignore[misc]
    """A Backsliding Toads and Frogs strip: ``t`` toads (Left's), ``f`` frogs (Right's).

    The moves of :class:`~cgt.games.ToadsAndFrogs` (a toad steps right into
    an empty square or jumps right over one frog; frogs the same leftwards),
    and besides them a piece may slide back one square into an empty square
    (a toad leftwards, a frog rightwards).  There are no backward jumps.
    Play can go back and forth for ever: such play is a draw.

    >>> g = BackslidingToadsAndFrogs("t.tf.")
    >>> [str(o) for o in g.left_options()]
    ['.ttf.', 't..ft', 'tt.f.']
    >>> [g.describe_move(o) for o in g.left_options() + g.right_options()]
    ['t at 0 steps to 1', 't at 2 jumps to 4', 't at 2 slides back to 1', \
'f at 3 jumps to 1', 'f at 3 slides back to 4']
    >>> print(BackslidingToadsAndFrogs("t..f").outcome())
    Left first: Left wins; Right first: Right wins
    >>> print(BackslidingToadsAndFrogs("ttt..fff").outcome())
    Left first: draw; Right first: draw
    >>> BackslidingToadsAndFrogs("t.f").value(), BackslidingToadsAndFrogs("tt.f").value()
    (0, on)
    """

    __slots__ = ()
    left_piece = "t"
    right_piece = "f"
    jumps = True
    ruleset = "Backsliding Toads and Frogs"

    def _moves(self, piece: str, step: int) -> list[Any]:
        out: list[Any] = _Strip._moves(self, piece, step)
        s = self.strip
        for i, ch in enumerate(s):
            j = i - step
            if ch == piece and 0 <= j < len(s) and s[j] == ".":
                cells = list(s)
                cells[i], cells[j] = ".", piece
                out.append(self._make("".join(cells)))
        return out

    def left_options(self) -> list[Any]:
        """Strips after Left moves a toad: right (stepping or jumping) or one square back.

        >>> BackslidingToadsAndFrogs(".tf.").left_options()
        [BackslidingToadsAndFrogs('..ft'), BackslidingToadsAndFrogs('t.f.')]
        """
        return self._moves(self.left_piece, 1)

    def right_options(self) -> list[Any]:
        """Strips after Right moves a frog: left (stepping or jumping) or one square back.

        >>> BackslidingToadsAndFrogs(".tf.").right_options()
        [BackslidingToadsAndFrogs('ft..'), BackslidingToadsAndFrogs('.t.f')]
        """
        return self._moves(self.right_piece, -1)

    def describe_move(self, option: Any) -> str | None:
        """The piece that moved, by its square (counted from 0), and where it went.

        >>> g = BackslidingToadsAndFrogs(".tf")
        >>> [g.describe_move(o) for o in g.left_options()]
        ['t at 1 slides back to 0']
        """
        said = _Strip.describe_move(self, option)
        if said is None or " steps " not in said:
            return said
        i = int(said.split()[2])
        j = int(said.split()[-1])
        forward = j > i if self.strip[i] == self.left_piece else j < i
        return said if forward else f"{self.strip[i]} at {i} slides back to {j}"

    def dead(self) -> list[int]:
        """The squares of the pieces that can never move: all of them when the strip is
        full, none otherwise.

        A piece that never moves needs both neighbours to be pieces that never
        move (or the edge): it cannot step either way, and it cannot jump
        because its landing square would be a frozen piece too.  So frozen
        pieces come in runs reaching both ends: the whole strip.

        >>> BackslidingToadsAndFrogs("tf").dead(), BackslidingToadsAndFrogs("ft.").dead()
        ([0, 1], [])
        """
        s = self.strip
        return [] if "." in s else list(range(len(s)))

    def _segments(self) -> list[str]:
        s = self.strip
        return [s] if "." in s and s.strip(".") else []

    def components(self) -> list[Any]:
        """The strip itself, or no component when nothing can ever move (no piece,
        or no empty square): backsliding pieces reach every square, so no
        piece is a wall.

        >>> BackslidingToadsAndFrogs("t.f").components()
        [BackslidingToadsAndFrogs('t.f')]
        >>> BackslidingToadsAndFrogs("tf").components()
        []
        """
        return [self] if self._segments() else []

    def key(self) -> Hashable:
        """The strip; every strip in which nothing can move has the key ``()``.

        >>> BackslidingToadsAndFrogs("tf").key(), BackslidingToadsAndFrogs("t.").key()
        ((), ('t.',))
        """
        return tuple(self._segments())


# ---------------------------------------------------------------------------
# Fox and Geese
# ---------------------------------------------------------------------------
_FOX_STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_GOOSE_STEPS = ((1, -1), (1, 1))


@functools.lru_cache(maxsize=64)
def _tables(
    rows: int, cols: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For each square of a board (as an index): its mirror image (columns reversed),
    the squares a goose there may step to, and the squares the fox may step to.

    >>> _tables(2, 2)
    ((1, 0, 3, 2), ((3,), (2,), (), ()), ((3,), (2,), (1,), (0,)))
    """

    def steps(i: int, moves: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        r, c = divmod(i, cols)
        return tuple(
            (r + dr) * cols + c + dc
            for dr, dc in moves
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        )

    n = rows * cols
    mirror = tuple(i - i % cols + cols - 1 - i % cols for i in range(n))
    return (
        mirror,
        tuple(steps(i, _GOOSE_STEPS) for i in range(n)),
        tuple(steps(i, _FOX_STEPS) for i in range(n)),
    )


def _compact(
    rows: int, cols: int, fox: int, geese: tuple[int, ...]
) -> tuple[int, Callable[[int], tuple[list[int], list[int]]]]:
    """The code of a Fox and Geese position and the move generator on codes
    (:meth:`FoxAndGeese.compact_moves`).

    >>> code, expand = _compact(2, 2, 3, (0,))     # goose top left, fox bottom right
    >>> code, expand(code)                         # the fox is trapped, the goose stuck
    (7, ([], []))
    >>> code, expand = _compact(3, 3, 4, (0,))     # the fox in the middle blocks the goose
    >>> code, expand(code)
    (20, ([], [18, 22, 24]))
    """
    shift = max(1, (rows * cols - 1).bit_length())
    low = (1 << shift) - 1
    _, goose_steps, fox_steps = _tables(rows, cols)
    # per goose square: (the square it steps to as a bit, the code change of that step)
    geese_moves = [
        [(1 << j, ((1 << g) | (1 << j)) << shift) for j in goose_steps[g]]
        for g in range(rows * cols)
    ]
    fox_moves = [[(1 << j, f ^ j) for j in fox_steps[f]] for f in range(rows * cols)]

    def expand(code: int) -> tuple[list[int], list[int]]:
        f = code & low
        rest = code >> shift
        taken = rest | (1 << f)
        left = []
        while rest:
            bit = rest & -rest
            rest ^= bit
            for to, flip in geese_moves[bit.bit_length() - 1]:
                if not taken & to:
                    left.append(code ^ flip)
        return left, [code ^ flip for to, flip in fox_moves[f] if not taken & to]

    return sum(1 << g for g in geese) << shift | fox, expand


@register_ruleset(
    "FoxAndGeese",
    "loopy",
    syntax="BOARD",
    summary="Fox and Geese (x geese, o fox)",
    example="x.x.|....|o...",
    cli="fox-and-geese",
    docs="loopy_positions",
    stored_as=("cgt.games.loopy_games.FoxAndGeese",),
)
class FoxAndGeese(Loopy, Position, Drawable):  # type: ignore[misc]
    """A Fox and Geese position: Left's geese ``x`` and Right's fox ``o`` on a board.

    Written as a board string, rows top to bottom separated by ``|`` (or
    newlines), ``x`` a goose, ``o`` the fox, ``.`` an empty square; or by
    keywords: ``FoxAndGeese(fox=(row, column), geese=[(row, column), ...],
    rows=8, cols=8)``, squares counted from 0 with row 0 at the top.  Every
    piece stands on squares of one colour (the ones of the fox: diagonal
    moves keep to them).

    A goose moves one square diagonally downwards into an empty square; the
    fox one square diagonally in any direction into an empty square.
    Nobody jumps or captures.  A player who cannot move loses: the geese
    win when they trap the fox, the fox when the geese have run out of moves.
    Geese are Left and the fox is Right, as in CGSuite.  CGSuite's board has
    no top edge (rows counted from 1 at the bottom, the geese moving down),
    and a fox that gets level with the highest goose has escaped: ``off``.
    Here the board is ``rows`` by ``cols``; with two empty rows above the
    highest goose an escaped fox plays up there for ever while the geese run
    out of moves, which is the same game as CGSuite's.

    >>> g = FoxAndGeese("x.x.|....|o...")
    >>> print(g)
    x.x.
    ....
    o...
    >>> g.right_options()
    [FoxAndGeese('x.x.|.o..|....')]
    >>> [g.describe_move(o) for o in g.left_options()]
    ['goose (0, 0) to (1, 1)', 'goose (0, 2) to (1, 1)', 'goose (0, 2) to (1, 3)']
    >>> FoxAndGeese(fox=(2, 0), geese=[(0, 0), (0, 2)], rows=3, cols=4) == g
    True
    >>> FoxAndGeese("x.o|x..")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: the goose at (1, 0) is on a square of the other colour \
than the fox at (0, 2): diagonal moves never meet
    """

    move_coordinates: ClassVar[str] = GRID_COORDINATES

    __slots__ = ("cols", "fox", "geese", "rows")

    rows: int
    cols: int
    fox: int
    geese: tuple[int, ...]

    def __init__(
        self,
        board: str | FoxAndGeese | None = None,
        *,
        fox: tuple[int, int] | None = None,
        geese: Iterable[tuple[int, int]] = (),
        rows: int = 8,
        cols: int = 8,
    ) -> None:
        if isinstance(board, FoxAndGeese):
            self.rows, self.cols, self.fox, self.geese = (
                board.rows,
                board.cols,
                board.fox,
                board.geese,
            )
            return
        if board is not None:
            if fox is not None or tuple(geese):
                raise InvalidPosition(
                    "give a Fox and Geese board string or fox= and geese=, not both"
                )
            self._parse(board)
        else:
            self._place(fox, geese, rows, cols)
        self._check_colours()

    def _parse(self, board: str) -> None:
        h, w, cells = parse_board(board, "xo.", "Fox and Geese")
        short = cells.find("#")  # ragged rows come padded with '#'
        if short >= 0:
            r, c = divmod(short, w)
            raise InvalidPosition(
                f"row {r} of the Fox and Geese board {board!r} is shorter than the others "
                f"(no square at column {c}): every row needs {w} squares"
            )
        foxes = [i for i, ch in enumerate(cells) if ch == "o"]
        if len(foxes) != 1:
            raise InvalidPosition(
                f"a Fox and Geese board has exactly one fox 'o', but {board!r} has {len(foxes)}"
            )
        self.rows, self.cols, self.fox = h, w, foxes[0]
        self.geese = tuple(i for i, ch in enumerate(cells) if ch == "x")

    def _place(
        self, fox: tuple[int, int] | None, geese: Iterable[tuple[int, int]], rows: int, cols: int
    ) -> None:
        for name, n in (("rows", rows), ("cols", cols)):
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise InvalidPosition(f"{name} must be a positive int, not {n!r}")
        if fox is None:
            raise InvalidPosition(
                "a Fox and Geese position needs the fox's square: fox=(row, column)"
            )
        self.rows, self.cols = rows, cols

        def square(what: str, rc: Any) -> int:
            if (
                not isinstance(rc, tuple)
                or len(rc) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in rc)
            ):
                raise InvalidPosition(
                    f"the {what} square {rc!r} is not a (row, column) pair of ints"
                )
            r, c = rc
            if not (0 <= r < rows and 0 <= c < cols):
                raise InvalidPosition(
                    f"the {what} square {rc!r} is off the {rows}x{cols} board "
                    f"(rows 0 to {rows - 1}, columns 0 to {cols - 1})"
                )
            return int(r * cols + c)

        self.fox = square("fox", fox)
        seen: set[int] = set()
        for g in geese:
            i = square("goose", g)
            if i == self.fox:
                raise InvalidPosition(f"the goose square {g!r} is the fox's square")
            if i in seen:
                raise InvalidPosition(f"two geese on the square {g!r}")
            seen.add(i)
        self.geese = tuple(sorted(seen))

    def _check_colours(self) -> None:
        colour = sum(divmod(self.fox, self.cols)) % 2
        for g in self.geese:
            if sum(divmod(g, self.cols)) % 2 != colour:
                raise InvalidPosition(
                    f"the goose at {self._at(g)} is on a square of the other colour than the "
                    f"fox at {self._at(self.fox)}: diagonal moves never meet"
                )

    @classmethod
    def _make(cls, rows: int, cols: int, fox: int, geese: tuple[int, ...]) -> FoxAndGeese:
        p = object.__new__(cls)
        p.rows, p.cols, p.fox, p.geese = rows, cols, fox, geese
        return p

    @classmethod
    def standard(cls, fox_column: int = 0) -> FoxAndGeese:
        """The usual start on an 8x8 board: four geese on the dark squares of the top
        row, the fox on a dark square of the bottom row (column 0, 2, 4 or 6).

        >>> print(FoxAndGeese.standard())
        .x.x.x.x
        ........
        ........
        ........
        ........
        ........
        ........
        o.......
        """
        return cls(fox=(7, fox_column), geese=[(0, 1), (0, 3), (0, 5), (0, 7)])

    # --- squares -----------------------------------------------------------------------
    def _at(self, i: int) -> str:
        r, c = divmod(i, self.cols)
        return f"({r}, {c})"

    # --- moves -------------------------------------------------------------------------
    def left_options(self) -> list[FoxAndGeese]:
        """Boards after Left moves a goose one square diagonally down into an empty square.

        >>> FoxAndGeese(".x.|...|.o.").left_options()
        [FoxAndGeese('...|x..|.o.'), FoxAndGeese('...|..x|.o.')]
        """
        goose_steps = _tables(self.rows, self.cols)[1]
        taken = set(self.geese)
        taken.add(self.fox)
        geese = self.geese
        out = []
        for k, g in enumerate(geese):
            for j in goose_steps[g]:
                if j not in taken:
                    moved = tuple(sorted((*geese[:k], j, *geese[k + 1 :])))
                    out.append(self._make(self.rows, self.cols, self.fox, moved))
        return out

    def right_options(self) -> list[FoxAndGeese]:
        """Boards after Right moves the fox one square diagonally into an empty square.

        >>> FoxAndGeese(".x.|...|.o.").right_options()
        [FoxAndGeese('.x.|o..|...'), FoxAndGeese('.x.|..o|...')]
        """
        fox_steps = _tables(self.rows, self.cols)[2]
        geese = self.geese
        return [
            self._make(self.rows, self.cols, j, geese)
            for j in fox_steps[self.fox]
            if j not in geese
        ]

    def describe_move(self, option: Any) -> str | None:
        """The piece that moved, from square to square as ``(row, column)``.

        >>> g = FoxAndGeese("x.x.|....|o...")
        >>> g.describe_move(g.right_options()[0])
        'fox (2, 0) to (1, 1)'
        """
        if not isinstance(option, FoxAndGeese) or (option.rows, option.cols) != (
            self.rows,
            self.cols,
        ):
            return None
        if option.geese == self.geese and option.fox != self.fox:
            return f"fox {self._at(self.fox)} to {self._at(option.fox)}"
        if option.fox == self.fox:
            gone = set(self.geese) - set(option.geese)
            came = set(option.geese) - set(self.geese)
            if len(gone) == 1 and len(came) == 1:
                return f"goose {self._at(gone.pop())} to {self._at(came.pop())}"
        return None

    def compact_moves(self) -> tuple[int, Callable[[int], tuple[list[int], list[int]]]]:
        """This position as one int, and the move generator on such ints that
        :func:`cgt.loopy.loopy_outcome` builds the game graph with
        (:func:`cgt.loopy.compact_graph`): no position object per node.

        The code is the bitmask of the geese's squares shifted left past the
        fox's square (``fox | geese << b``, ``b`` the bits of a square index).

        >>> g = FoxAndGeese(".x.|...|.o.")
        >>> code, expand = g.compact_moves()
        >>> left, right = expand(code)
        >>> [o.compact_moves()[0] for o in g.left_options()] == left
        True
        >>> sorted(o.compact_moves()[0] for o in g.right_options()) == sorted(right)
        True
        """
        return _compact(self.rows, self.cols, self.fox, self.geese)

    # --- structure ---------------------------------------------------------------------
    def components(self) -> list[FoxAndGeese]:
        """The position itself (the fox and every goose may meet).

        >>> FoxAndGeese("x.|.o").components()
        [FoxAndGeese('x.|.o')]
        """
        return [self]

    def key(self) -> Hashable:
        """``(rows, cols, fox, geese)`` with squares as indices, or of the mirror image
        (columns reversed), whichever is smaller: mirror images play alike.

        >>> FoxAndGeese("x.x.|.o..").key() == FoxAndGeese(".x.x|..o.").key()
        True
        """
        mirror = _tables(self.rows, self.cols)[0]
        plain = (self.rows, self.cols, self.fox, self.geese)
        flipped = (
            self.rows,
            self.cols,
            mirror[self.fox],
            tuple(sorted([mirror[g] for g in self.geese])),
        )
        return min(plain, flipped)

    # --- display and identity ----------------------------------------------------------
    def board_string(self, sep: str = "|") -> str:
        """The board string, rows joined by ``sep``.

        >>> FoxAndGeese(fox=(1, 0), geese=[(0, 1)], rows=2, cols=2).board_string()
        '.x|o.'
        """
        cells = ["."] * (self.rows * self.cols)
        for g in self.geese:
            cells[g] = "x"
        cells[self.fox] = "o"
        w = self.cols
        return sep.join("".join(cells[r * w : (r + 1) * w]) for r in range(self.rows))

    def __str__(self) -> str:
        return self.board_string("\n")

    def __repr__(self) -> str:
        return f"FoxAndGeese({self.board_string()!r})"

    def _draw_svg(self) -> str:
        """A checkerboard: geese black stones, the fox a white one (CGSuite's icons)."""
        cell = 24
        w, h = self.cols * cell, self.rows * cell
        colour = sum(divmod(self.fox, self.cols)) % 2
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2}" height="{h + 2}" '
            f'viewBox="-1 -1 {w + 2} {h + 2}">'
        ]
        geese = set(self.geese)
        for i in range(self.rows * self.cols):
            r, c = divmod(i, self.cols)
            fill = "#b58863" if (r + c) % 2 == colour else "#f0d9b5"
            parts.append(
                f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#888888"/>'
            )
            if i in geese or i == self.fox:
                stone = "#111111" if i in geese else "#ffffff"
                parts.append(
                    f'<circle cx="{c * cell + cell / 2}" cy="{r * cell + cell / 2}" '
                    f'r="{cell * 0.38}" fill="{stone}" stroke="#111111"/>'
                )
        parts.append("</svg>")
        return "".join(parts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FoxAndGeese):
            return NotImplemented
        return (self.rows, self.cols, self.fox, self.geese) == (
            other.rows,
            other.cols,
            other.fox,
            other.geese,
        )

    def __hash__(self) -> int:
        return hash(("FoxAndGeese", self.rows, self.cols, self.fox, self.geese))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FoxAndGeese, (self.board_string(),))
