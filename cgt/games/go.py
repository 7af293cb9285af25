"""Go endgame regions without ko, under Japanese (territory) counting.

A small region of a Go board whose boundary is settled, valued as in
Berlekamp and Wolfe, *Mathematical Go: Chilling Gets the Last Point* (1994):
the value of a region is the game whose end positions are worth their score
(territory and prisoners, Black minus White), so that its stops are the score
of best play; :meth:`GoRegion.chilled` cools it by one point (the book's
chilling), and :func:`warm` undoes that.

Boards are written like the other stone boards: rows top to bottom separated by
``|`` (or newlines), ``.`` an empty point, ``x`` a Black (Left) stone, ``o`` a
White (Right) stone and ``#`` no point.  ``X`` and ``O`` are *safe* stones of
Black and White: the settled boundary of the region, which can never be
captured.  All rows have the same length.

The rules, precisely:

* A *group* is a maximal set of orthogonally connected stones of one colour
  (``X`` and ``x`` are one colour); it is *safe* if it holds a safe stone. Its
  *liberties* are the empty points next to it.  An *area* is a maximal set of
  orthogonally connected empty points.
* An area is *settled territory* of a colour when every stone next to it is of
  that colour and in a safe group.  Nobody plays there: filling one's own
  territory loses a point, and invading the opponent's is taken to be hopeless
  (the region's wall is safe, and its settled areas are small).
* A move puts a stone of the mover's colour on an empty point outside settled
  territory, except a point whose neighbours are all the mover's own stones
  (a player never fills his own one-point eye).  Opponent groups that are not
  safe and are left without a liberty are captured: removed, each stone a
  prisoner of the mover.  Then the mover's group must have a liberty or be
  safe (no suicide).
* A capture of exactly one stone by a lone stone (not safe) whose only liberty
  is the point just emptied could be recaptured at once: that is a *ko*, and a
  region in which any line of play reaches one raises :class:`KoError` (so does
  a region that can be played back to a position it had).
* The region's play ends when neither player has a move; the score is then
  the territory (each area next to stones of one colour only counts for that
  colour) plus the prisoners taken, Black minus White.  An end position is
  worth that integer, and a region's value is ``{left options | right
  options}`` as usual.

A stone that cannot live is counted as Japanese counting counts it, taken off
at the end as a prisoner without a move to capture it (``GoRegion("o..X")`` is
worth 4: three points and a prisoner).  On regions whose stones are all safe at
the start, the tests check the stops against a whole-board play-out of the
region with passes.

A region that is settled already is a number:

>>> from cgt.games import GoRegion
>>> GoRegion("XXXX|X..X|XXXX").value()
2

A corridor of three points between Black's wall and White's: Black gets two
points if he plays first at its mouth, one if White does:

>>> corridor = GoRegion("OXXXX|O...X|OXXXX")
>>> corridor.value(), corridor.chilled()
({2||1|*}, 5/4)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar

from .._svg import Drawable, go_board_svg
from ..errors import InvalidPosition, LoopyPosition, WrongType
from .base import GRID_COORDINATES, Position
from .board import board_key, board_neighbours, crop_board, parse_rectangle
from .registry import register_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["GoRegion", "KoError", "warm"]

_COLOUR = {"x": "x", "X": "x", "o": "o", "O": "o"}
_OTHER = {"x": "o", "o": "x"}
_NAME = {"x": "Black", "o": "White"}


class KoError(InvalidPosition):
    """A Go region whose play reaches a ko (or repeats a position): outside the model.

    >>> from cgt.games import GoRegion
    >>> GoRegion("#XO#|Xo.O|#XO#").left_options()
    Traceback (most recent call last):
    ...
    cgt.games.go.KoError: GoRegion('#XO#|Xo.O|#XO#'): Black's capture at (1, 2) can be ...
    """


def _group(cells: str, start: int, near: list[tuple[int, ...]]) -> tuple[list[int], set[int], bool]:
    """The stones of the group at ``start``, its liberties, and whether it is safe."""
    colour = _COLOUR[cells[start]]
    stones = [start]
    seen = {start}
    liberties: set[int] = set()
    safe = cells[start].isupper()
    k = 0
    while k < len(stones):
        i = stones[k]
        k += 1
        for j in near[i]:
            ch = cells[j]
            if ch == ".":
                liberties.add(j)
            elif j not in seen and _COLOUR.get(ch) == colour:
                seen.add(j)
                stones.append(j)
                safe = safe or ch.isupper()
    return stones, liberties, safe


def _areas(cells: str, near: list[tuple[int, ...]]) -> list[tuple[list[int], set[int]]]:
    """The empty areas, each with the stones next to it."""
    seen: set[int] = set()
    out = []
    for start, ch in enumerate(cells):
        if ch != "." or start in seen:
            continue
        seen.add(start)
        points = [start]
        border: set[int] = set()
        k = 0
        while k < len(points):
            i = points[k]
            k += 1
            for j in near[i]:
                if cells[j] == ".":
                    if j not in seen:
                        seen.add(j)
                        points.append(j)
                elif cells[j] != "#":
                    border.add(j)
        out.append((points, border))
    return out


def _safe_stones(cells: str, near: list[tuple[int, ...]]) -> set[int]:
    """The stones in safe groups."""
    safe: set[int] = set()
    for i, ch in enumerate(cells):
        if ch in "XO" and i not in safe:
            safe.update(_group(cells, i, near)[0])
    return safe


def _settled(cells: str, near: list[tuple[int, ...]]) -> set[int]:
    """The points of settled territory (areas next to safe stones of one colour only)."""
    safe = _safe_stones(cells, near)
    out: set[int] = set()
    for points, border in _areas(cells, near):
        if border and border <= safe and len({_COLOUR[cells[j]] for j in border}) == 1:
            out.update(points)
    return out


def territory(cells: str, near: list[tuple[int, ...]]) -> int:
    """Black's territory minus White's: each area next to stones of one colour only.

    >>> territory("X..O.", board_neighbours(1, 5, False))
    -1
    >>> territory("x..x.|ooooo", board_neighbours(2, 5, False))   # both areas touch both
    0
    """
    score = 0
    for points, border in _areas(cells, near):
        colours = {_COLOUR[cells[j]] for j in border}
        if colours == {"x"}:
            score += len(points)
        elif colours == {"o"}:
            score -= len(points)
    return score


def _at(i: int, w: int) -> tuple[int, int]:
    return divmod(i, w)


@register_ruleset(
    "GoRegion",
    "partizan",
    syntax="BOARD",
    summary="Go endgame region (no ko)",
    example="OXXXX|O...X|OXXXX",
    cli="go",
    docs="go",
)
class GoRegion(Position, Drawable):
    """A Go endgame region with a safe boundary (see :mod:`cgt.games.go` for the rules).

    ``x``/``o`` are Black (Left) and White (Right) stones, ``X``/``O`` their
    safe stones, ``.`` an empty point, ``#`` no point.  ``prisoners`` is the
    balance of stones captured so far in the region (Black's minus White's),
    which the score counts.

    >>> GoRegion("X.O").value()          # one neutral point (dame): star
    *
    >>> GoRegion("OXXX|O..X|OXXX").value(), GoRegion("OXXX|O..X|OXXX").chilled()
    ({1|*}, 1/2)
    >>> GoRegion("XXX|X.X|XXX", prisoners=2).value()
    3
    """

    move_coordinates: ClassVar[str] = GRID_COORDINATES

    __slots__ = ("cells", "h", "prisoners", "w")

    h: int
    w: int
    cells: str
    prisoners: int

    def __init__(self, board: Any = "", prisoners: int = 0) -> None:
        if isinstance(prisoners, bool) or not isinstance(prisoners, int):
            raise WrongType(
                f"GoRegion's prisoners is an int (Black's minus White's), not "
                f"{type(prisoners).__name__} {prisoners!r}"
            )
        if isinstance(board, GoRegion):
            self.h, self.w, self.cells = board.h, board.w, board.cells
            self.prisoners = board.prisoners + prisoners
            return
        if not isinstance(board, str):
            raise WrongType(f"a GoRegion is read from a board string, not {type(board).__name__}")
        rows = parse_rectangle(board, "xoXO.#", "GoRegion")
        h, w = len(rows), len(rows[0]) if rows else 0
        cells = "".join(rows)
        near = board_neighbours(h, w, False)
        for i, ch in enumerate(cells):
            if ch in "xo":
                _, liberties, safe = _group(cells, i, near)
                if not liberties and not safe:
                    r, c = _at(i, w)
                    raise InvalidPosition(
                        f"the group of the stone {ch!r} at row {r}, column {c} of {board!r} has "
                        "no liberty and no safe stone (it would have been captured)"
                    )
        self.h, self.w, self.cells, self.prisoners = h, w, cells, prisoners

    @classmethod
    def _make(cls, h: int, w: int, cells: str, prisoners: int) -> GoRegion:
        region = object.__new__(cls)
        region.h, region.w, region.cells, region.prisoners = h, w, cells, prisoners
        return region

    # --- moves -------------------------------------------------------------------------
    def _moves(self, colour: str) -> list[GoRegion]:
        h, w, cells = self.h, self.w, self.cells
        near = board_neighbours(h, w, False)
        settled = _settled(cells, near)
        other = _OTHER[colour]
        sign = 1 if colour == "x" else -1
        out = []
        for i, ch in enumerate(cells):
            if ch != "." or i in settled:
                continue
            points = [j for j in near[i] if cells[j] != "#"]
            if points and all(_COLOUR.get(cells[j]) == colour for j in points):
                continue  # the mover's own one-point eye
            after = list(cells)
            after[i] = colour
            taken: list[int] = []
            for j in near[i]:
                if after[j] == other:  # a stone of the opponent that is not safe
                    stones, liberties, safe = _group("".join(after), j, near)
                    if not liberties and not safe:
                        for s in stones:
                            after[s] = "."
                        taken.extend(stones)
            board = "".join(after)
            stones, liberties, safe = _group(board, i, near)
            if not liberties and not safe:
                continue  # suicide
            if len(taken) == 1 and len(stones) == 1 and not safe and liberties == {taken[0]}:
                raise KoError(
                    f"{self!r}: {_NAME[colour]}'s capture at {_at(i, w)} can be taken back at once "
                    f"at {_at(taken[0], w)}: the region needs a ko rule, and GoRegion values "
                    "regions without ko only"
                )
            out.append(self._make(h, w, board, self.prisoners + sign * len(taken)))
        return out

    def _end_options(self, left: bool) -> list[Any]:
        """An end position is worth its score ``s``: ``{s-1|}`` or ``{|s+1}`` (or ``{|}``)."""
        from ..game import number

        score = self.score()
        if left and score > 0:
            return [number(score - 1)]
        if not left and score < 0:
            return [number(score + 1)]
        return []

    def left_options(self) -> list[Any]:
        """The regions after a Black (Left, ``x``) move; at the end, the score's options.

        >>> GoRegion("OXXX|O..X|OXXX").left_options()
        [GoRegion('OXXX|Ox.X|OXXX'), GoRegion('OXXX|O.xX|OXXX')]
        >>> GoRegion("XXX|X.X|XXX").left_options()    # settled: worth 1 = {0|}
        [0]
        """
        moves = self._moves("x")
        if moves or self._moves("o"):
            return moves
        return self._end_options(True)

    def right_options(self) -> list[Any]:
        """The regions after a White (Right, ``o``) move; at the end, the score's options.

        >>> GoRegion("OXXX|O..X|OXXX").right_options()
        [GoRegion('OXXX|Oo.X|OXXX'), GoRegion('OXXX|O.oX|OXXX')]
        """
        moves = self._moves("o")
        if moves or self._moves("x"):
            return moves
        return self._end_options(False)

    @property
    def is_over(self) -> bool:
        """Whether neither player has a move left (play in the region has ended).

        >>> GoRegion("XX.OO").is_over, GoRegion("XXX|X.X|XXX").is_over
        (False, True)
        """
        return not self._moves("x") and not self._moves("o")

    def score(self) -> int:
        """The score now (territory plus prisoners, Black minus White), counted as at the end.

        Every area next to stones of one colour only counts for that colour.

        >>> GoRegion("XXXX|X..X|XXXX", prisoners=-1).score()
        1
        """
        return territory(self.cells, board_neighbours(self.h, self.w, False)) + self.prisoners

    def describe_move(self, option: Any) -> str | None:
        """The stone placed, by its point ``(row, column)``, and the stones it captured.

        >>> g = GoRegion("XXX|Xo.|XXO")
        >>> [g.describe_move(o) for o in g.left_options()]
        ['x at (1, 2) takes 1']
        """
        if not isinstance(option, GoRegion) or (option.h, option.w) != (self.h, self.w):
            return None
        placed = [
            i
            for i, (a, b) in enumerate(zip(self.cells, option.cells, strict=True))
            if a == "." and b in "xo"
        ]
        if len(placed) != 1:
            return None
        i = placed[0]
        taken = abs(option.prisoners - self.prisoners)
        text = f"{option.cells[i]} at {_at(i, self.w)}"
        return f"{text} takes {taken}" if taken else text

    # --- value ---------------------------------------------------------------------------
    def value(self) -> Game:
        """The value, through the shared solver; :class:`KoError` if play can repeat.

        >>> GoRegion("O..X").value()      # Black's x at (0, 1), White takes it at (0, 2)
        Traceback (most recent call last):
        ...
        cgt.games.go.KoError: GoRegion('O..X'): play reaches a ko: GoRegion('Ox.X'): White's ...
        """
        try:
            return super().value()
        except KoError as e:
            if str(e).startswith(repr(self) + ":"):
                raise
            raise KoError(f"{self!r}: play reaches a ko: {e}") from None
        except LoopyPosition as e:
            raise KoError(
                f"{self!r} can be played back to a position it had (a repetition, as in a ko): "
                "GoRegion values regions without ko only"
            ) from e

    def chilled(self) -> Game:
        """The value cooled by one point: Berlekamp and Wolfe's chilling, ``cool(value, 1)``.

        >>> GoRegion("OXXXX|O...X|OXXXX").chilled()
        5/4
        """
        from ..temperature import cool

        return cool(self.value(), 1)

    # --- splitting and keys ------------------------------------------------------------
    def components(self) -> list[GoRegion]:
        """The parts the safe stones wall off from each other, each with the safe
        stones next to it; the prisoners taken so far are a part of their own (an
        empty board), so that a board coming back is seen as a repetition.

        >>> GoRegion("O.X.O").components()
        [GoRegion('O.X'), GoRegion('X.O')]
        >>> GoRegion("X.O", prisoners=2).components()
        [GoRegion('X.O'), GoRegion('', prisoners=2)]
        """
        h, w, cells = self.h, self.w, self.cells
        near = board_neighbours(h, w, False)
        seen: set[int] = set()
        parts: list[GoRegion] = []
        for start, ch in enumerate(cells):
            if ch not in "xo." or start in seen:
                continue
            seen.add(start)
            region = [start]
            keep = {start}
            k = 0
            while k < len(region):
                i = region[k]
                k += 1
                for j in near[i]:
                    if cells[j] in "xo." and j not in seen:
                        seen.add(j)
                        region.append(j)
                        keep.add(j)
                    elif cells[j] in "XO":
                        keep.add(j)
            if len(keep) == len(cells) - cells.count("#"):
                parts = [self if not self.prisoners else self._make(h, w, cells, 0)]
                break
            text = "".join(ch if i in keep else "#" for i, ch in enumerate(cells))
            parts.append(self._make(*crop_board(h, w, text, "#"), 0))
        if self.prisoners:
            parts.append(self._make(0, 0, "", self.prisoners))
        return parts

    def key(self) -> Hashable:
        """The cropped board's least image under the eight symmetries, and the prisoners.

        >>> GoRegion("X.O").key() == GoRegion("O|.|X").key()
        True
        """
        return board_key(self.h, self.w, self.cells), self.prisoners

    # --- display and identity -----------------------------------------------------------
    def board_string(self, sep: str = "|") -> str:
        """The board string, rows joined by ``sep``.

        >>> GoRegion("X.|.O").board_string()
        'X.|.O'
        """
        return sep.join(self.cells[r * self.w : (r + 1) * self.w] for r in range(self.h))

    def __str__(self) -> str:
        return self.board_string("\n")

    def __repr__(self) -> str:
        more = f", prisoners={self.prisoners}" if self.prisoners else ""
        return f"GoRegion({self.board_string()!r}{more})"

    def _draw_svg(self) -> str:
        return go_board_svg(self.h, self.w, self.cells)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GoRegion):
            return NotImplemented
        return (self.h, self.w, self.cells, self.prisoners) == (
            other.h,
            other.w,
            other.cells,
            other.prisoners,
        )

    def __hash__(self) -> int:
        return hash(("GoRegion", self.h, self.w, self.cells, self.prisoners))

    def __reduce__(self) -> tuple[Any, ...]:
        return GoRegion, (self.board_string(), self.prisoners)


def warm(g: Any) -> Game:
    """Berlekamp and Wolfe's warming, the inverse of chilling on even Go values.

    ``warm(n)`` is ``n`` for an even integer and ``n*`` for an odd one, and
    ``warm(G) = {1 + warm(G^L) | -1 + warm(G^R)}`` otherwise (on the canonical
    form): the overheating from ``1*`` by ``1``, ``overheat(G, 1*, 1)``.  On a
    region whose empty points that have a neighbouring point, plus its prisoners,
    are even in number, ``warm(region.chilled()) == region.value()``; on an odd one
    it gives the value plus a star (see the guide's Go page).

    >>> import cgt
    >>> warm(cgt.parse("1/2")), warm(cgt.number(3)), warm(cgt.parse("5/4"))
    ({1|*}, 3*, {2*||1*|0})
    """
    from ..game import Game as _Game
    from ..temperature import overheat

    if not isinstance(g, _Game):
        raise WrongType(f"warm() takes a game value, not {type(g).__name__} {g!r}")
    return overheat(g, "1*", 1)
