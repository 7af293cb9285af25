"""Strips, cakes and heaps: Toads and Frogs, Elephants and Rhinos, Toppling
Dominoes, partizan subtraction, Cutcake, Eatcake, Push and Shove.

Every ruleset here is a :class:`~cgt.games.base.Position`; the shared solver
values it, summing the values of its independent :meth:`components`.

* **Toads and Frogs** (Winning Ways, ch. 1): on a strip of squares, Left's
  toads ``t`` move rightwards and Right's frogs ``f`` leftwards, one square
  into an empty one, or jumping over exactly one piece of the other kind
  into an empty square just beyond.
* **Elephants and Rhinos**: the same without jumps (elephants ``e`` are
  Left's and move right, rhinos ``r`` Right's and move left).
* **Toppling Dominoes** (Lessons in Play): a row of blue ``L``, red ``R`` and
  green ``G`` dominoes; a player topples one of his own or a green one to
  the left or the right, and it knocks over every domino on that side.
* **Partizan subtraction**: Left takes a number in her set from one heap,
  Right a number in his.
* **Cutcake** (Winning Ways, ch. 2): Left cuts a cake along a vertical line,
  Right along a horizontal one.
* **Eatcake** (Winning Ways, ch. 2): Left eats a whole column of one
  piece of cake, Right a whole row; what is left of the piece falls apart
  into separate cakes.
* **Push** and **Shove**: on a strip, a player moves one of her pieces
  (Left's ``x``, Right's ``o``) one square leftwards, and it pushes pieces
  ahead of it (in Push the adjacent run only, in Shove every piece to its
  left); pieces pushed off the left end leave the game.

>>> from cgt.games import ToadsAndFrogs, ElephantsAndRhinos, ToppingDominoes
>>> from cgt.games import PartizanSubtraction, Cutcake
>>> ToadsAndFrogs("t.f").value(), ToadsAndFrogs("tt.f").value()
(*, {1/2|0})
>>> ElephantsAndRhinos("e..r").value(), ToppingDominoes("LG").value()
(0, {1|0})
>>> PartizanSubtraction({1}, {2})(2).value(), Cutcake(2, 4).value()
({1|0}, 1)
>>> from cgt.games import Eatcake, Push, Shove
>>> Eatcake(1, 2).value(), Push("x.o").value(), Shove("x.o").value()
(v, -2, -5/2)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar, TypeVar

from ..errors import InvalidPosition
from .base import Position
from .registry import read_size, register_ruleset

__all__ = [
    "Cutcake",
    "Eatcake",
    "ElephantsAndRhinos",
    "PartizanSubtraction",
    "PartizanSubtractionPosition",
    "Push",
    "Shove",
    "ToadsAndFrogs",
    "ToppingDominoes",
    "TopplingDominoes",
]

_CELL = 24
_C = TypeVar("_C", bound="_Cake")
_BLUE = "#3465a4"
_RED = "#cc0000"
_GREEN = "#4e9a06"


def _svg(width: int, height: int, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2}" height="{height + 2}" '
        f'viewBox="-1 -1 {width + 2} {height + 2}">' + "".join(body) + "</svg>"
    )


def _bad_char(ruleset: str, text: str, column: int, allowed: str) -> InvalidPosition:
    return InvalidPosition(
        f"unknown character {text[column]!r} at row 0, column {column} of {text!r}: "
        f"{'an' if ruleset[:1] in 'AEIOU' else 'a'} {ruleset} strip is written with {allowed}"
    )


# ---------------------------------------------------------------------------
# Toads and Frogs, Elephants and Rhinos
# ---------------------------------------------------------------------------
class _Line(Position):
    """A strip of squares read from a string: ``left_piece``, ``right_piece`` and ``.``
    (parsing, display and identity shared by the strip rulesets)."""

    __slots__ = ("strip",)

    left_piece: ClassVar[str]
    right_piece: ClassVar[str]
    ruleset: ClassVar[str]

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

    def _repr_svg_(self) -> str:
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

    def _trim(self, part: str) -> str:
        # Only Right's pieces move leftwards: without them nothing ever enters
        # the empty squares before the first piece; likewise at the right end.
        if self.right_piece not in part:
            part = part.lstrip(".")
        if self.left_piece not in part:
            part = part.rstrip(".")
        return part

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


@register_ruleset(
    "ToadsAndFrogs",
    "partizan",
    syntax="STRIP",
    summary="Toads and Frogs (T and F)",
    example="TT.F.",
    cli="toads-and-frogs",
    docs="strips",
    stored_as=("cgt.games.strips.ToadsAndFrogs",),
)
class ToadsAndFrogs(_Strip):
    """A Toads and Frogs strip: ``t`` toads (Left's), ``f`` frogs (Right's), ``.`` empty.

    A toad moves one square right into an empty square, or jumps right over
    exactly one frog into the empty square beyond; frogs move leftwards in
    the same way.  Letters are CGSuite's; ``T`` and ``F`` (Winning Ways)
    are accepted too.

    >>> g = ToadsAndFrogs("TT.F")
    >>> print(g), g.value()
    tt.f
    (None, {1/2|0})
    >>> g.left_options(), g.right_options()
    ([ToadsAndFrogs('t.tf')], [ToadsAndFrogs('ttf.')])
    >>> ToadsAndFrogs("t.f").value(), ToadsAndFrogs("t..f").value()
    (*, 0)
    >>> ToadsAndFrogs("ft.t.f").components()    # the frog at the end never moves
    [ToadsAndFrogs('t.t.f')]
    >>> ToadsAndFrogs("tx")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character 'x' at row 0, column 1 of 'tx': ...
    """

    __slots__ = ()
    left_piece = "t"
    right_piece = "f"
    jumps = True
    ruleset = "Toads and Frogs"


@register_ruleset(
    "ElephantsAndRhinos",
    "partizan",
    syntax="STRIP",
    summary="Elephants and Rhinos",
    example="e..r.e.r",
    cli="elephants-and-rhinos",
    docs="strips",
    stored_as=("cgt.games.strips.ElephantsAndRhinos",),
)
class ElephantsAndRhinos(_Strip):
    """An Elephants and Rhinos strip: ``e`` elephants (Left's), ``r`` rhinos (Right's).

    Elephants step one square right into an empty square, rhinos one square
    left; nobody jumps (so the letters are ``e`` and ``r``, not ``t`` and
    ``f``; upper case is accepted).  Pieces never pass each other, so the
    strip also splits between a rhino and the next elephant.

    >>> ElephantsAndRhinos("e..r").value(), ElephantsAndRhinos("e.r.").value()
    (0, *)
    >>> ElephantsAndRhinos("e.r..e.r").components()
    [ElephantsAndRhinos('e.r'), ElephantsAndRhinos('e.r')]
    >>> ElephantsAndRhinos("er").components()      # they block each other for ever
    []
    """

    __slots__ = ()
    left_piece = "e"
    right_piece = "r"
    jumps = False
    ruleset = "Elephants and Rhinos"

    def _split(self, part: str) -> list[str]:
        # Between a rhino and the next elephant the squares are used by no one
        # (the rhino moves away from them, the elephant too, nobody passes).
        out = []
        start = 0
        last_piece = -1
        for i, ch in enumerate(part):
            if ch == ".":
                continue
            if ch == "e" and last_piece >= 0 and part[last_piece] == "r":
                out.append(part[start : last_piece + 1])
                start = i
            last_piece = i
        out.append(part[start:])
        return out

    def _trim(self, part: str) -> str:
        # No passing: empty squares before a leading elephant, or after a
        # trailing rhino, are never used.
        pieces = part.strip(".")
        if not pieces:
            return ""
        if pieces[0] == "e":
            part = part.lstrip(".")
        if pieces[-1] == "r":
            part = part.rstrip(".")
        return part


# ---------------------------------------------------------------------------
# Toppling Dominoes
# ---------------------------------------------------------------------------
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
class TopplingDominoes(Position):
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
        """The row or its reversal, whichever is smaller (equal values)."""
        return min(self.row, self.row[::-1])

    def __str__(self) -> str:
        return self.row

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.row!r})"

    def _repr_svg_(self) -> str:
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


# ---------------------------------------------------------------------------
# Partizan subtraction
# ---------------------------------------------------------------------------
def _moves_set(name: str, moves: Iterable[int]) -> frozenset[int]:
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise InvalidPosition(
            f"{name} must be a collection of positive ints, not {type(moves).__name__}"
        )
    out = set()
    for s in moves:
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise InvalidPosition(f"{name} holds {s!r}, which is not a positive int")
        out.add(s)
    return frozenset(out)


class PartizanSubtraction:
    """The partizan subtraction game: Left removes a number in ``left_set``
    from one heap, Right a number in ``right_set``.

    Calling the ruleset with heap sizes gives a position (heaps are
    independent components).

    >>> game = PartizanSubtraction({1}, {2})
    >>> game
    PartizanSubtraction({1}, {2})
    >>> game(1).value(), game(2).value(), game(3).value()
    (1, {1|0}, 0)
    >>> PartizanSubtraction({1, 2}, {1, 2})(5).value()      # impartial: 5 mod 3
    *2
    >>> PartizanSubtraction({0}, {1})
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: left_set holds 0, which is not a positive int
    """

    __slots__ = ("left_set", "right_set")

    def __init__(self, left_set: Iterable[int], right_set: Iterable[int]) -> None:
        self.left_set = _moves_set("left_set", left_set)
        self.right_set = _moves_set("right_set", right_set)

    def __call__(self, *heaps: int) -> PartizanSubtractionPosition:
        return PartizanSubtractionPosition(self, heaps)

    def __repr__(self) -> str:
        def show(s: frozenset[int]) -> str:
            return "{" + ", ".join(map(str, sorted(s))) + "}" if s else "set()"

        return f"PartizanSubtraction({show(self.left_set)}, {show(self.right_set)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartizanSubtraction):
            return NotImplemented
        return (self.left_set, self.right_set) == (other.left_set, other.right_set)

    def __hash__(self) -> int:
        return hash(("PartizanSubtraction", self.left_set, self.right_set))

    def __reduce__(self) -> tuple[Any, ...]:
        return (PartizanSubtraction, (sorted(self.left_set), sorted(self.right_set)))


@register_ruleset(
    "PartizanSubtractionPosition",
    "partizan",
    docs="strips",
    samples=lambda: [PartizanSubtraction({1, 3}, {2})(4, 1), PartizanSubtraction({1}, {2})(5)],
    stored_as=("cgt.games.strips.PartizanSubtractionPosition",),
)
class PartizanSubtractionPosition(Position):
    """Heaps under a :class:`PartizanSubtraction` ruleset.

    >>> p = PartizanSubtraction({1, 3}, {2})(4, 1)
    >>> print(p)
    4 + 1
    >>> for option in p.left_options():
    ...     print(option)
    3 + 1
    1 + 1
    4 + 0
    >>> PartizanSubtraction({1}, {1})(-1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: heap 0 is -1: heaps are non-negative ints
    """

    __slots__ = ("heaps", "ruleset")

    ruleset: PartizanSubtraction
    heaps: tuple[int, ...]

    def __init__(self, ruleset: PartizanSubtraction, heaps: Iterable[int]) -> None:
        if not isinstance(ruleset, PartizanSubtraction):
            raise InvalidPosition(
                f"the ruleset must be a PartizanSubtraction, not {type(ruleset).__name__}"
            )
        out = []
        for i, h in enumerate(heaps):
            if isinstance(h, bool) or not isinstance(h, int) or h < 0:
                raise InvalidPosition(f"heap {i} is {h!r}: heaps are non-negative ints")
            out.append(h)
        self.ruleset = ruleset
        self.heaps = tuple(out)

    def _options(self, moves: frozenset[int]) -> list[PartizanSubtractionPosition]:
        out = []
        for i, h in enumerate(self.heaps):
            for s in sorted(moves):
                if s <= h:
                    heaps = (*self.heaps[:i], h - s, *self.heaps[i + 1 :])
                    out.append(PartizanSubtractionPosition(self.ruleset, heaps))
        return out

    def describe_move(self, option: Any) -> str | None:
        """How many were taken from which heap (heaps counted from 0).

        >>> p = PartizanSubtraction({1, 3}, {2})(4, 1)
        >>> [p.describe_move(o) for o in p.left_options()]
        ['take 1 from heap 0', 'take 3 from heap 0', 'take 1 from heap 1']
        """
        if not isinstance(option, PartizanSubtractionPosition):
            return None
        if len(option.heaps) != len(self.heaps):
            return None
        changed = [
            i for i, (a, b) in enumerate(zip(self.heaps, option.heaps, strict=True)) if a != b
        ]
        if len(changed) != 1 or option.heaps[changed[0]] > self.heaps[changed[0]]:
            return None
        i = changed[0]
        return f"take {self.heaps[i] - option.heaps[i]} from heap {i}"

    def left_options(self) -> list[PartizanSubtractionPosition]:
        """Positions after Left removes a number of her set from one heap."""
        return self._options(self.ruleset.left_set)

    def right_options(self) -> list[PartizanSubtractionPosition]:
        """Positions after Right removes a number of his set from one heap."""
        return self._options(self.ruleset.right_set)

    def components(self) -> list[PartizanSubtractionPosition]:
        """One position per heap on which someone can still move."""
        low = min(self.ruleset.left_set | self.ruleset.right_set, default=0)
        if len(self.heaps) == 1 and self.heaps[0] >= low > 0:
            return [self]
        return [
            PartizanSubtractionPosition(self.ruleset, (h,))
            for h in self.heaps
            if h >= low and low > 0
        ]

    def key(self) -> Hashable:
        """The two sets and the sorted heaps."""
        return (self.ruleset.left_set, self.ruleset.right_set, tuple(sorted(self.heaps)))

    def __str__(self) -> str:
        return " + ".join(map(str, self.heaps)) or "0"

    def __repr__(self) -> str:
        return f"{self.ruleset!r}({', '.join(map(str, self.heaps))})"

    def _repr_svg_(self) -> str:
        body = []
        for i, h in enumerate(self.heaps):
            for j in range(h):
                body.append(
                    f'<circle cx="{i * _CELL + _CELL // 2}" cy="{(h - j) * 12 - 4}" r="5" '
                    f'fill="#555555"/>'
                )
        height = 12 * max(self.heaps, default=0) + 4
        return _svg(max(len(self.heaps), 1) * _CELL, height, body)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartizanSubtractionPosition):
            return NotImplemented
        return (self.ruleset, self.heaps) == (other.ruleset, other.heaps)

    def __hash__(self) -> int:
        return hash((self.ruleset, self.heaps))

    def __reduce__(self) -> tuple[Any, ...]:
        return (PartizanSubtractionPosition, (self.ruleset, self.heaps))


# ---------------------------------------------------------------------------
# Cutcake
# ---------------------------------------------------------------------------
def _cake_piece(piece: Any, smallest: int) -> tuple[int, int]:
    """``piece`` as a ``(rows, cols)`` pair of ints, each at least ``smallest``."""
    try:
        rows, cols = piece
    except (TypeError, ValueError):
        raise InvalidPosition(f"a piece of cake is a (rows, cols) pair, not {piece!r}") from None
    kind = "positive" if smallest == 1 else "non-negative"
    for n in (rows, cols):
        if isinstance(n, bool) or not isinstance(n, int) or n < smallest:
            raise InvalidPosition(
                f"a piece of cake is rows x cols with {kind} ints, not {(rows, cols)!r}"
            )
    return rows, cols


def _cake_move(
    before: tuple[tuple[int, int], ...], after: tuple[tuple[int, int], ...], verb: str, parts: int
) -> str | None:
    """``"cut the 2x3 piece into 2x1 and 2x2"``: one piece replaced by ``parts`` pieces."""
    if len(after) != len(before) + parts - 1:
        return None
    for i, (rows, cols) in enumerate(before):
        if before[:i] != after[:i]:
            break
        if after[i + parts :] == before[i + 1 :]:
            new = after[i : i + parts]
            if sum(r * c for r, c in new) != rows * cols:
                continue
            where = f"the {rows}x{cols} piece" if len(before) == 1 else f"piece {i} ({rows}x{cols})"
            return f"{verb} {where} into " + " and ".join(f"{r}x{c}" for r, c in new)
    return None


def _cake_svg(pieces: tuple[tuple[int, int], ...]) -> str:
    """The pieces side by side, one square of gap between them."""
    cell = 12
    body = []
    x = 0
    for rows, cols in pieces:
        for r in range(rows):
            for c in range(cols):
                body.append(
                    f'<rect x="{x + c * cell}" y="{r * cell}" width="{cell}" '
                    f'height="{cell}" fill="#f4d58d" stroke="#8f5902"/>'
                )
        x += cols * cell + cell
    height = max((r for r, _ in pieces), default=0) * cell
    return _svg(max(x - cell, 0), height, body)


class _Cake(Position):
    """A sum of rectangular pieces of cake (Cutcake and Eatcake share this)."""

    __slots__ = ("pieces",)

    pieces: tuple[tuple[int, int], ...]

    def __init__(self, rows: int, cols: int) -> None:
        self.pieces = self._pieces([(rows, cols)])

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        raise NotImplementedError

    @classmethod
    def _pieces(cls, pieces: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        return tuple(cls._check(p) for p in pieces)

    @classmethod
    def of(cls: type[_C], pieces: Iterable[tuple[int, int]]) -> _C:
        """The sum of several pieces, each a ``(rows, cols)`` pair.

        >>> print(Cutcake.of([(2, 3), (1, 1)]))
        2x3 + 1x1
        """
        cake = object.__new__(cls)
        cake.pieces = cls._pieces(pieces)
        return cake

    def __str__(self) -> str:
        return " + ".join(f"{r}x{c}" for r, c in self.pieces) or "0"

    def __repr__(self) -> str:
        name = type(self).__name__
        if len(self.pieces) == 1:
            return f"{name}({self.pieces[0][0]}, {self.pieces[0][1]})"
        return f"{name}.of({list(self.pieces)!r})"

    def _repr_svg_(self) -> str:
        return _cake_svg(self.pieces)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Cake):
            return NotImplemented
        return type(self) is type(other) and self.pieces == other.pieces

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.pieces))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).of, (self.pieces,))


@register_ruleset(
    "Cutcake",
    "partizan",
    syntax="SIZE",
    summary="Cutcake (2x3 cake)",
    example="2x3",
    cli="cutcake",
    docs="strips",
    make=read_size(lambda rows, columns: Cutcake(rows, columns)),
    stored_as=("cgt.games.strips.Cutcake",),
)
class Cutcake(_Cake):
    """Winning Ways' Cutcake: a cake of ``rows`` x ``cols`` unit squares.

    Left cuts vertically (North-South): a ``rows x cols`` piece becomes
    ``rows x a`` and ``rows x (cols - a)``.  Right cuts horizontally
    (East-West): it becomes ``a x cols`` and ``(rows - a) x cols``.  So a
    one-row strip ``Cutcake(1, n)`` is Left's alone and worth ``n - 1``, and
    ``Cutcake(n, 1)`` is worth ``-(n - 1)``.  After a cut the position is a
    sum of pieces: :meth:`of` builds one directly.

    >>> Cutcake(1, 5).value(), Cutcake(5, 1).value(), Cutcake(2, 2).value()
    (4, -4, 0)
    >>> Cutcake(2, 4).left_options()
    [Cutcake.of([(2, 1), (2, 3)]), Cutcake.of([(2, 2), (2, 2)])]
    >>> Cutcake.of([(2, 4), (3, 1)]).value()
    -1
    >>> Cutcake(0, 3)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a piece of cake is rows x cols with positive ints, not (0, 3)
    """

    __slots__ = ()

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        return _cake_piece(piece, 1)

    def _cuts(self, vertical: bool) -> list[Cutcake]:
        out = []
        for i, (rows, cols) in enumerate(self.pieces):
            before, after = self.pieces[:i], self.pieces[i + 1 :]
            side = cols if vertical else rows
            for a in range(1, side // 2 + 1):  # a and side - a give the same pieces
                halves = ((rows, a), (rows, cols - a)), ((a, cols), (rows - a, cols))
                new = halves[0] if vertical else halves[1]
                out.append(Cutcake.of(before + new + after))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which piece was cut, into which two (pieces counted from 0 when there are several).

        >>> Cutcake(2, 3).describe_move(Cutcake(2, 3).left_options()[0])
        'cut the 2x3 piece into 2x1 and 2x2'
        >>> c = Cutcake.of([(2, 2), (2, 2)])
        >>> c.describe_move(c.right_options()[1])
        'cut piece 1 (2x2) into 1x2 and 1x2'
        """
        if not isinstance(option, Cutcake):
            return None
        return _cake_move(self.pieces, option.pieces, "cut", 2)

    def left_options(self) -> list[Cutcake]:
        """Cakes after a vertical cut of one piece (Left's moves)."""
        return self._cuts(True)

    def right_options(self) -> list[Cutcake]:
        """Cakes after a horizontal cut of one piece (Right's moves)."""
        return self._cuts(False)

    def components(self) -> list[Cutcake]:
        """One cake per piece larger than a unit square."""
        if len(self.pieces) == 1:
            return [self] if self.pieces[0] != (1, 1) else []
        return [Cutcake.of([p]) for p in self.pieces if p != (1, 1)]

    def key(self) -> Hashable:
        """The sorted pieces (a transposed cake is worth the negative: not identified)."""
        return tuple(sorted(p for p in self.pieces if p != (1, 1)))


# ---------------------------------------------------------------------------
# Eatcake
# ---------------------------------------------------------------------------
@register_ruleset(
    "Eatcake",
    "partizan",
    syntax="SIZE",
    summary="Eatcake (2x3 cake)",
    example="2x3",
    cli="eatcake",
    docs="strips",
    make=read_size(lambda rows, columns: Eatcake(rows, columns)),
    stored_as=("cgt.games.strips.Eatcake",),
)
class Eatcake(_Cake):
    """Winning Ways' Eatcake: a cake of ``rows`` x ``cols`` unit squares.

    Left eats one whole column (a North-South strip one square wide) of one
    piece, anywhere in it: a ``rows x cols`` piece becomes ``rows x a`` and
    ``rows x (cols - 1 - a)`` for any ``0 <= a < cols``.  Right eats one whole
    row of one piece: it becomes ``a x cols`` and ``(rows - 1 - a) x cols``.
    Pieces with no squares left vanish, so eating the last column (or row)
    of a piece removes it, and eating an inner one leaves two separate
    cakes.  Left's side is the columns as in :class:`Cutcake` (CGSuite's
    Eatcake is the same ruleset: octal game ``0.7`` on the columns for Left
    and on the rows for Right).  :meth:`of` builds a sum of pieces.

    >>> Eatcake(1, 1).value(), Eatcake(1, 2).value(), Eatcake(2, 1).value()
    (*, v, ^)
    >>> Eatcake(1, 3).left_options()
    [Eatcake(1, 2), Eatcake.of([(1, 1), (1, 1)])]
    >>> Eatcake(1, 3).right_options()
    [Eatcake.of([])]
    >>> Eatcake(0, 3).pieces, Eatcake.of([(2, 2), (0, 5)]).pieces
    ((), ((2, 2),))
    >>> Eatcake(2, -1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a piece of cake is rows x cols with non-negative ints, not (2, -1)
    """

    __slots__ = ()

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        return _cake_piece(piece, 0)

    @classmethod
    def _pieces(cls, pieces: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        """The checked pieces, empty ones dropped.

        >>> print(Eatcake.of([(2, 3), (0, 4), (1, 1)]))
        2x3 + 1x1
        """
        checked = (cls._check(p) for p in pieces)
        return tuple((r, c) for r, c in checked if r and c)

    def _eat(self, column: bool) -> list[Eatcake]:
        out = []
        for i, (rows, cols) in enumerate(self.pieces):
            before, after = self.pieces[:i], self.pieces[i + 1 :]
            side = cols if column else rows
            for a in range((side - 1) // 2 + 1):  # a and side - 1 - a: the same pieces
                b = side - 1 - a
                halves = ((rows, a), (rows, b)) if column else ((a, cols), (b, cols))
                new = tuple(p for p in halves if p[0] and p[1])
                out.append(Eatcake.of(before + new + after))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which column (Left) or row (Right) of which piece was eaten, and what is left.

        >>> g = Eatcake(2, 3)
        >>> [g.describe_move(o) for o in g.left_options() + g.right_options()]
        ['eat column 0 of the 2x3 piece, leaving 2x2', \
'eat column 1 of the 2x3 piece, leaving 2x1 and 2x1', 'eat row 0 of the 2x3 piece, leaving 1x3']
        >>> Eatcake(1, 1).describe_move(Eatcake.of([]))
        'eat the 1x1 piece'
        """
        if not isinstance(option, Eatcake):
            return None
        before, after = self.pieces, option.pieces
        for i, (rows, cols) in enumerate(before):
            if before[:i] != after[:i]:
                break
            where = f"the {rows}x{cols} piece" if len(before) == 1 else f"piece {i} ({rows}x{cols})"
            k = len(after) - len(before) + 1
            if not 0 <= k <= 2 or after[i + k :] != before[i + 1 :]:
                continue
            new = after[i : i + k]
            if (rows, cols) == (1, 1):
                if not new:
                    return f"eat {where}"
                continue
            for a in range(max(rows, cols)):
                for column in (True, False):
                    side = cols if column else rows
                    if a >= side:
                        continue
                    b = side - 1 - a
                    halves = ((rows, a), (rows, b)) if column else ((a, cols), (b, cols))
                    if tuple(p for p in halves if p[0] and p[1]) == new:
                        line = "column" if column else "row"
                        left = " and ".join(f"{r}x{c}" for r, c in new) or "nothing"
                        return f"eat {line} {a} of {where}, leaving {left}"
        return None

    def left_options(self) -> list[Eatcake]:
        """Cakes after Left eats one column of one piece."""
        return self._eat(True)

    def right_options(self) -> list[Eatcake]:
        """Cakes after Right eats one row of one piece."""
        return self._eat(False)

    def components(self) -> list[Eatcake]:
        """One cake per piece (every piece has moves for both players)."""
        if len(self.pieces) == 1:
            return [self]
        return [Eatcake.of([p]) for p in self.pieces]

    def key(self) -> Hashable:
        """The sorted pieces (a transposed cake is worth the negative: not identified)."""
        return tuple(sorted(self.pieces))


# ---------------------------------------------------------------------------
# Push and Shove
# ---------------------------------------------------------------------------
class _Pushing(_Line):
    """A strip on which every piece moves leftwards, pushing others ahead of it.

    Left's pieces are ``x``, Right's ``o``, empty squares ``.``.  Subclasses
    say which pieces a move pushes (:meth:`_push`).
    """

    __slots__ = ()

    left_piece = "x"
    right_piece = "o"

    @staticmethod
    def _push(s: str, i: int) -> str:
        raise NotImplementedError

    def _moves(self, piece: str) -> list[Any]:
        s = self.strip
        return [self._make(self._push(s, i)) for i, ch in enumerate(s) if ch == piece]

    def describe_move(self, option: Any) -> str | None:
        """The piece that was moved one square left (squares counted from 0).

        >>> g = Push("x.ox")
        >>> [g.describe_move(o) for o in g.left_options() + g.right_options()]
        ['x at 0 moves off the strip', 'x at 3 moves to 2', 'o at 2 moves to 1']
        """
        if type(option) is not type(self):
            return None
        s = self.strip
        for i, ch in enumerate(s):
            if ch != "." and self._push(s, i) == option.strip:
                if i == 0:
                    return f"{ch} at 0 moves off the strip"
                return f"{ch} at {i} moves to {i - 1}"
        return None

    def left_options(self) -> list[Any]:
        """Strips after Left moves one of her pieces one square leftwards."""
        return self._moves("x")

    def right_options(self) -> list[Any]:
        """Strips after Right moves one of his pieces one square leftwards."""
        return self._moves("o")

    def components(self) -> list[Any]:
        """The strip without its empty squares after the last piece (nothing
        ever moves rightwards, so they are never used); no component if no
        piece is left.  Nothing else splits: a piece may later push, or be
        pushed by, any piece on its side of a gap."""
        s = self.strip.rstrip(".")
        if not s:
            return []
        return [self if s == self.strip else self._make(s)]

    def key(self) -> Hashable:
        """The strip without its trailing empty squares (swapping the sides
        negates the value: not identified)."""
        return self.strip.rstrip(".")

    @staticmethod
    def _piece_svg(x: int, fill: str) -> str:
        """A square piece (pieces that push, not jump)."""
        return f'<rect x="{x + 4}" y="4" width="{_CELL - 8}" height="{_CELL - 8}" fill="{fill}"/>'


@register_ruleset(
    "Shove",
    "partizan",
    syntax="STRIP",
    summary="Shove",
    example="x.o.x",
    cli="shove",
    docs="strips",
    stored_as=("cgt.games.strips.Shove",),
)
class Shove(_Pushing):
    """A Shove strip: ``x`` Left's pieces, ``o`` Right's, ``.`` empty.

    A player picks one of her pieces and moves it one square to the left;
    every piece to its left, adjacent or not, moves one square left with
    it, and a piece moved off the left end (square 0) leaves the game.  A
    piece on square 0 may itself be moved off.  Upper case is accepted.
    The rule is the one of the Lean CombinatorialGames library's Shove.

    >>> Shove("x").value(), Shove("..x").value(), Shove("o.").value()
    (1, 3, -1)
    >>> Shove("xo").value()
    -3/2
    >>> Shove("x.o.x").left_options()
    [Shove('..o.x'), Shove('.o.x.')]
    >>> Shove("x.o.x..").components()      # trailing empty squares are never used
    [Shove('x.o.x')]
    >>> Shove("x?o")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character '?' at row 0, column 1 of 'x?o': ...
    """

    __slots__ = ()
    ruleset = "Shove"

    @staticmethod
    def _push(s: str, i: int) -> str:
        # Squares 0..i all move one square left: square 0's content falls off.
        return s[1 : i + 1] + "." + s[i + 1 :]


@register_ruleset(
    "Push",
    "partizan",
    syntax="STRIP",
    summary="Push",
    example="x.ox",
    cli="push",
    docs="strips",
    stored_as=("cgt.games.strips.Push",),
)
class Push(_Pushing):
    """A Push strip: ``x`` Left's pieces, ``o`` Right's, ``.`` empty.

    A player picks one of her pieces and moves it one square to the left,
    pushing the run of pieces directly to its left (up to the nearest empty
    square) one square left too: the empty square is filled.  If there is
    no empty square to its left the run reaches the left end, and its
    leftmost piece is pushed off and leaves the game.  Upper case is
    accepted.  Push differs from :class:`Shove` only in moving just the
    adjacent run (the rule of the Lean CombinatorialGames library's Push).

    >>> Push("x").value(), Push("..x").value(), Push("xo").value()
    (1, 3, -3/2)
    >>> Push("x.ox").left_options()
    [Push('..ox'), Push('xox.')]
    >>> Push("x.o").value(), Shove("x.o").value()
    (-2, -5/2)
    >>> Push("x.z")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character 'z' at row 0, column 2 of 'x.z': ...
    """

    __slots__ = ()
    ruleset = "Push"

    @staticmethod
    def _push(s: str, i: int) -> str:
        # The run ends at the nearest empty square g left of i (it is filled),
        # or at the left end, where square 0's piece falls off.
        g = s.rfind(".", 0, i)
        if g < 0:
            g = 0
        return s[:g] + s[g + 1 : i + 1] + "." + s[i + 1 :]
