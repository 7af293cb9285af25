"""Strip geometry: a row of squares read from a string, shared by the strip rulesets.

:class:`_Line` reads, checks, prints, draws and compares a strip of squares
holding Left's piece, Right's piece and ``.`` (empty); :class:`_Strip` adds
the moves of pieces that step (and maybe jump) towards the other side, the
dead pieces that cut a strip into independent segments, and the keys.  The
rulesets built on them live in their own modules
(:mod:`cgt.games.toads_and_frogs`, :mod:`cgt.games.elephants_and_rhinos`,
:mod:`cgt.games.pushing`); :func:`_svg` and :func:`_bad_char` are shared by
every row-shaped ruleset (:mod:`cgt.games.toppling_dominoes`,
:mod:`cgt.games.partizan_subtraction`, :mod:`cgt.games.cakes`), and
:func:`least_reading` is the symmetry key of a row whose two ends play alike
(Toppling Dominoes).

>>> from cgt.games.toads_and_frogs import ToadsAndFrogs
>>> isinstance(ToadsAndFrogs("t.f"), _Strip), ToadsAndFrogs("T.F").strip
(True, 't.f')
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar

from .. import _engine
from .._engine import LOCK
from .._svg import Drawable
from ..errors import InvalidPosition
from ..solver import current_persistence
from .base import STRIP_COORDINATES, Position, solver_for

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game, Outcome

__all__ = ["least_reading"]  # the shared classes are for the strip rulesets' modules

_CELL = 24
_BLUE = "#3465a4"
_RED = "#cc0000"
_GREEN = "#4e9a06"


def _svg(width: int, height: int, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2}" height="{height + 2}" '
        f'viewBox="-1 -1 {width + 2} {height + 2}">' + "".join(body) + "</svg>"
    )


def least_reading(row: str) -> str:
    """The symmetry key of a row whose two ends play alike: the row or its
    reversal, whichever is smaller.  (A strip of pieces that move towards the
    other side has no such symmetry: read backwards, with the sides swapped, it
    is the negative, so :meth:`_Strip.key` keeps the direction.)

    >>> least_reading("LRG"), least_reading("GRL")
    ('GRL', 'GRL')
    """
    return min(row, row[::-1])


def _bad_char(ruleset: str, text: str, column: int, allowed: str) -> InvalidPosition:
    return InvalidPosition(
        f"unknown character {text[column]!r} at row 0, column {column} of {text!r}: "
        f"{'an' if ruleset[:1] in 'AEIOU' else 'a'} {ruleset} strip is written with {allowed}"
    )


class _Line(Position, Drawable):
    """A strip of squares read from a string: ``left_piece``, ``right_piece`` and ``.``
    (parsing, display and identity shared by the strip rulesets)."""

    move_coordinates: ClassVar[str] = STRIP_COORDINATES

    __slots__ = ("strip",)

    left_piece: ClassVar[str]
    right_piece: ClassVar[str]
    ruleset: ClassVar[str]
    # the ruleset's number in the compiled strips (cgt/_c/strips.h: 0 Toads and Frogs,
    # 1 Elephants and Rhinos, 2 Push, 3 Shove), or None: the Python rules only
    _kernel: ClassVar[int | None] = None

    strip: str

    def __init__(self, strip: str | _Line = "") -> None:
        if isinstance(strip, _Line):
            if type(strip) is not type(self):
                raise InvalidPosition(
                    f"a {type(strip).__name__} is not a {type(self).__name__} position"
                )
            self.strip = strip.strip
            return
        if not isinstance(strip, str):
            raise InvalidPosition(f"a {self.ruleset} strip is a string, not {type(strip).__name__}")
        letters = f".{self.left_piece}{self.right_piece}"
        out = []
        for column, ch in enumerate(strip):
            low = ch.lower()
            if low not in letters:
                allowed = (
                    f"{self.left_piece!r} (Left's), {self.right_piece!r} (Right's) "
                    f"and '.' (empty), upper or lower case"
                )
                raise _bad_char(self.ruleset, strip, column, allowed)
            out.append(low)
        self.strip = "".join(out)

    @classmethod
    def _make(cls, strip: str) -> Any:
        position = object.__new__(cls)
        position.strip = strip
        return position

    def value(self) -> Game:
        """The canonical value, via the shared solver (components memoised).

        Toads and Frogs, Elephants and Rhinos, Push and Shove are valued by the compiled strips
        (``cgt/_c/strips.h``) when :func:`cgt._engine.solver_kernel` allows it
        (at most 64 squares, no value store, no work budget of the outcome
        search, not inside ``implementation("python")``); they give the same
        game objects as the Python rules, which answer otherwise.

        >>> from cgt.games import Push, ToadsAndFrogs, implementation
        >>> ToadsAndFrogs("tt.ff").value(), Push("x.o").value()
        (*, -2)
        >>> cgt.clear_caches()
        >>> with implementation("python"):
        ...     reference = ToadsAndFrogs("ttt...fff").value()
        >>> ToadsAndFrogs("ttt...fff").value() is reference
        True
        """
        number = self._kernel
        engine = self._compiled()
        if engine is not None and number is not None:
            left, right = self._bits()
            with LOCK:
                try:
                    result: Game = engine.strip(number, len(self.strip), left, right)
                    return result
                except engine.Fallback:
                    pass  # too deep, or a number beyond 64 bits: the Python rules answer
        return solver_for(type(self)).value(self)

    SEARCH_CELLS: ClassVar[int] = 8
    """A lone segment of more squares than this is searched move by move by
    :meth:`big_board_outcome`; smaller ones (and sums of segments) are valued."""

    def big_board_outcome(self) -> Outcome | None:
        """Who wins, by the compiled outcome search of the strips, or ``None``.

        The search (``cgt/_c/strips.h``) asks who wins moving first, twice
        (Left first, Right first): a strip that is one live segment of more
        than :attr:`SEARCH_CELLS` squares with pieces of both sides is
        searched move by move, with a table of the results under the
        segment's symmetry key; anything else (several segments, small ones)
        is decided by its compiled value.  ``None`` where the compiled strips
        do not apply (as for :meth:`value`): :func:`cgt.play.outcome` (so
        :meth:`outcome`) asks this first and otherwise races values against
        its own search.  Ctrl-C and ``cgt.work_limit`` stop it as they stop
        the solvers.

        >>> from cgt.games import ToadsAndFrogs
        >>> found = ToadsAndFrogs("ttttt....fffff").big_board_outcome()
        >>> found is None or found is ToadsAndFrogs("ttttt....fffff").value().outcome()
        True
        """
        number = self._kernel
        engine = self._compiled()
        if engine is None or number is None:
            return None
        from ..game import Outcome

        left, right = self._bits()
        n = len(self.strip)
        with LOCK:
            try:
                wins = [
                    engine.strip_wins(number, n, left, right, p, self.SEARCH_CELLS) for p in (0, 1)
                ]
            except engine.Fallback:
                return None
        if wins[0]:
            return Outcome.N if wins[1] else Outcome.L
        return Outcome.R if wins[1] else Outcome.P

    def _compiled(self) -> Any:
        """The compiled strips for this position, or ``None`` (see :meth:`value`)."""
        if self._kernel is None:
            return None
        kind = type(self)
        stored = solver_for(kind).store is not None or current_persistence() is not None
        return _engine.solver_kernel(kind, len(self.strip), stored=stored)

    def _bits(self) -> tuple[int, int]:
        """Left's and Right's pieces as bit sets (bit i: square i)."""
        backwards = "0" + self.strip[::-1]
        left = int(
            backwards.replace(self.right_piece, ".")
            .replace(".", "0")
            .replace(self.left_piece, "1"),
            2,
        )
        right = int(
            backwards.replace(self.left_piece, ".")
            .replace(".", "0")
            .replace(self.right_piece, "1"),
            2,
        )
        return left, right

    def _trim(self, part: str) -> str:
        # Only Right's pieces move leftwards: without them nothing ever enters
        # the empty squares before the first piece; likewise at the right end.
        if self.right_piece not in part:
            part = part.lstrip(".")
        if self.left_piece not in part:
            part = part.rstrip(".")
        return part

    # --- display and identity ---------------------------------------------------------
    def __str__(self) -> str:
        return self.strip

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.strip!r})"

    @staticmethod
    def _piece_svg(x: int, fill: str) -> str:
        """One piece drawn in the square starting at ``x`` (a disc)."""
        return (
            f'<circle cx="{x + _CELL // 2}" cy="{_CELL // 2}" r="{_CELL // 2 - 3}" fill="{fill}"/>'
        )

    def _draw_svg(self) -> str:
        body = []
        for i, ch in enumerate(self.strip):
            x = i * _CELL
            body.append(
                f'<rect x="{x}" y="0" width="{_CELL}" height="{_CELL}" '
                f'fill="#ffffff" stroke="#888888"/>'
            )
            if ch != ".":
                body.append(self._piece_svg(x, _BLUE if ch == self.left_piece else _RED))
        return _svg(len(self.strip) * _CELL, _CELL, body)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Line)
        return self.strip == other.strip

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.strip))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.strip,))


class _Strip(_Line):
    """A strip of squares: Left's pieces move right, Right's pieces move left.

    Subclasses set the two letters, the ruleset's name and whether a piece
    may jump over one piece of the other side.
    """

    __slots__ = ()

    jumps: ClassVar[bool]

    # --- moves -------------------------------------------------------------------
    def _moves(self, piece: str, step: int) -> list[Any]:
        s = self.strip
        other = self.right_piece if piece == self.left_piece else self.left_piece
        n = len(s)
        out = []
        for i, ch in enumerate(s):
            if ch != piece:
                continue
            j = i + step
            if not 0 <= j < n:
                continue
            if s[j] == ".":
                target = j
            elif self.jumps and s[j] == other and 0 <= j + step < n and s[j + step] == ".":
                target = j + step
            else:
                continue
            cells = list(s)
            cells[i], cells[target] = ".", piece
            out.append(self._make("".join(cells)))
        return out

    def describe_move(self, option: Any) -> str | None:
        """The piece that moved, by its square (counted from 0), and where it went.

        >>> from cgt.games.toads_and_frogs import ToadsAndFrogs
        >>> g = ToadsAndFrogs("t.tf.")
        >>> [g.describe_move(o) for o in g.left_options() + g.right_options()]
        ['t at 0 steps to 1', 't at 2 jumps to 4', 'f at 3 jumps to 1']
        """
        if type(option) is not type(self) or len(option.strip) != len(self.strip):
            return None
        changed = [
            i for i, (a, b) in enumerate(zip(self.strip, option.strip, strict=True)) if a != b
        ]
        if len(changed) != 2:
            return None
        i, j = changed
        if self.strip[i] == ".":
            i, j = j, i
        piece, s = self.strip[i], self.strip
        if piece == "." or s[j] != "." or option.strip[i] != "." or option.strip[j] != piece:
            return None
        if abs(j - i) == 1:
            how = "steps"
        elif abs(j - i) == 2 and s[(i + j) // 2] not in (".", piece):
            how = "jumps"
        else:
            return None
        return f"{piece} at {i} {how} to {j}"

    def left_options(self) -> list[Any]:
        """Strips after Left moves one of her pieces rightwards (stepping or jumping)."""
        return self._moves(self.left_piece, 1)

    def right_options(self) -> list[Any]:
        """Strips after Right moves one of his pieces leftwards (stepping or jumping)."""
        return self._moves(self.right_piece, -1)

    # --- structure -----------------------------------------------------------------
    def dead(self) -> list[int]:
        """The squares of the pieces that can never move, whatever is played.

        The largest set ``D`` of pieces such that each piece of ``D`` is blocked
        by the edge of the strip or by pieces of ``D``: its step square is the
        edge or holds a piece of ``D``, and it cannot jump because the square
        stepped over holds a piece of its own side (jumps go over the other
        side only), or the landing square is the edge or holds a piece of
        ``D``.  No piece of ``D`` can ever move (no move changes a square of
        ``D``), and no live piece can use one of its squares: a dead piece is
        jumped over only from the square next to it, which is the edge or
        dead.  So dead pieces are walls.
        """
        s = self.strip
        n = len(s)
        dead = {i for i, ch in enumerate(s) if ch != "."}
        changed = True
        while changed:
            changed = False
            for i in sorted(dead):
                step = 1 if s[i] == self.left_piece else -1
                j = i + step
                if 0 <= j < n and j not in dead:
                    blocked = False
                elif not 0 <= j < n or s[j] == s[i] or not self.jumps:
                    blocked = True
                else:
                    k = j + step
                    blocked = not 0 <= k < n or k in dead
                if not blocked:
                    dead.discard(i)
                    changed = True
        return sorted(dead)

    def _segments(self) -> list[str]:
        """Independent segments: split at dead pieces, trimmed (see :meth:`components`)."""
        s = self.strip
        dead = set(self.dead())
        parts: list[str] = []
        current: list[str] = []
        for i, ch in enumerate(s):
            if i in dead:
                parts.append("".join(current))
                current = []
            else:
                current.append(ch)
        parts.append("".join(current))
        out = []
        for part in parts:
            for piece in self._split(part):
                piece = self._trim(piece)
                if piece.strip("."):
                    out.append(piece)
        return out

    def _split(self, part: str) -> list[str]:
        return [part]

    def components(self) -> list[Any]:
        """Independent parts: the strip cut at its dead pieces, empty ends trimmed.

        Dead pieces (see :meth:`dead`) never move and no piece can use their
        squares, so they cut the strip into independent segments; segments
        without pieces are dropped, and empty squares at an end that no
        piece can ever reach are trimmed.
        """
        return [self._make(part) for part in self._segments()]

    def key(self) -> Hashable:
        """The sorted strings of the components (mirror images are *not* identified:
        the mirror image, sides swapped, has the negative value)."""
        return tuple(sorted(self._segments()))

    def mirror(self) -> Any:
        """The strip read backwards with the sides swapped: its value is the negative."""
        swap = str.maketrans(self.left_piece + self.right_piece, self.right_piece + self.left_piece)
        return self._make(self.strip[::-1].translate(swap))
