"""The Clobber family: Clobber's rules with other reaches, targets and leftovers.

One class of rules, :class:`ClobberVariant`, with four parameters (CGSuite
calls the schema ``GenClobber``; :func:`gen_clobber` makes a member from
them):

* ``directions``: the steps a stone moves along (orthogonal in Clobber,
  the eight of a king, a knight's eight, ...);
* ``clobbered``: what each player's stone may land on (``"o"`` for Left and
  ``"x"`` for Right in Clobber; ``"xo"`` lets a stone take either colour,
  ``"."`` makes it move onto an empty square);
* ``left_behind``: what the square a stone leaves becomes (empty in Clobber;
  a stone of the opponent in AntiClobber);
* ``max_distance``: how many steps a stone may slide along one direction
  over empty squares before it lands (1 in Clobber; ``None`` for no limit,
  as a chess rook or queen).

The named members are CGSuite's (``game.grid``): :class:`AntiClobber`,
:class:`HotClobber` (which is Ingo Althöfer's *Cannibal Clobber*, also named
here :data:`CannibalClobber`), :data:`Kings` (the library's
:class:`~cgt.games.king_clobber.KingClobber`), :class:`Knights`,
:class:`Rooks` and :class:`Queens`.  Boards are written as for
:class:`~cgt.games.Clobber`: ``x`` Left, ``o`` Right, ``.`` empty and ``#``
no square.

>>> Rooks("xox|ox.").value(), Queens("xox|ox.").value()
({^^*|0,*}, ^)
>>> AntiClobber("xoxo|oo..").value()
{*|-1}
>>> gen_clobber(directions="diagonal")("xoxo|oox.|xxx.").value()
{0,v*|vv}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import InvalidArgument
from .base import solver_for
from .board import _StoneBoard, crop_board
from .families import Members
from .king_clobber import KingClobber
from .registry import register_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = [
    "DIRECTIONS",
    "AntiClobber",
    "CannibalClobber",
    "ClobberVariant",
    "HotClobber",
    "Kings",
    "Knights",
    "Queens",
    "Rooks",
    "gen_clobber",
]

_Step = tuple[int, int]

DIRECTIONS: dict[str, tuple[_Step, ...]] = {
    "orthogonal": ((-1, 0), (0, -1), (0, 1), (1, 0)),
    "diagonal": ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    "compass": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    "knight": ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)),
}
"""The named direction sets (CGSuite's ``Coordinates.Orthogonal``, ``Diagonal``,
``Compass`` and ``KnightsMove``), as ``(row step, column step)`` pairs."""


class ClobberVariant(_StoneBoard):
    """A position of a member of the Clobber family (CGSuite: ``GenClobber``).

    A move takes one of the mover's stones along one of :attr:`directions`:
    it slides over up to ``max_distance - 1`` empty squares and lands on the
    next square when that square holds what :attr:`clobbered` allows the
    mover (a stone there is removed); the square it left becomes the
    mover's entry of :attr:`left_behind`.  A stone never slides over a stone
    or over a missing square (``#``), and never leaves the board.

    Members are subclasses that set the four rules (:func:`gen_clobber` makes
    one from its parameters; :class:`AntiClobber`, :class:`HotClobber`,
    :class:`Knights`, :class:`Rooks`, :class:`Queens` are named).  Regions
    are the parts of the board that can never interact (see
    :meth:`components`); the key is the cropped board under the symmetries of
    the square that keep :attr:`directions`.

    >>> Knights("x..|..o").left_options()
    [Knights('...|..x')]
    >>> Knights("x..|..o").value()
    *
    >>> HotClobber("xx").value(), HotClobber("xo").value()
    (1, *)
    """

    __slots__ = ()

    directions: ClassVar[tuple[_Step, ...]] = DIRECTIONS["orthogonal"]
    """The steps ``(row, column)`` a stone moves along (CGSuite's ``directions``)."""
    clobbered: ClassVar[tuple[str, str]] = ("o", "x")
    """What Left's and Right's stones may land on: strings of ``x``, ``o`` and ``.``
    (CGSuite's ``clobbered``, its 1, 2 and 0)."""
    left_behind: ClassVar[tuple[str, str]] = (".", ".")
    """What the square Left's (Right's) stone leaves becomes: ``.``, ``x`` or ``o``
    (CGSuite's ``leftBehind``)."""
    max_distance: ClassVar[int | None] = 1
    """How many steps a stone may go along one direction (``None``: no limit,
    CGSuite's ``inf``)."""

    # --- moves -----------------------------------------------------------------------
    @classmethod
    def _target(cls, h: int, w: int, cells: str, i: int, step: _Step, player: int) -> int | None:
        """Where the stone on square ``i`` lands going along ``step``, or ``None``."""
        r, c = divmod(i, w)
        dr, dc = step
        most = cls.max_distance
        n = 1
        while True:
            rr, cc = r + n * dr, c + n * dc
            if not (0 <= rr < h and 0 <= cc < w):
                return None
            j = rr * w + cc
            if cells[j] == "." and (most is None or n < most):
                n += 1  # slide on over the empty square
                continue
            return j if cells[j] in cls.clobbered[player] else None

    @classmethod
    def _steps(cls, h: int, w: int, cells: str, player: str) -> list[tuple[int, int, str]]:
        """Each move of ``player`` as ``(start, landing square, board after)``."""
        side = 0 if player == "x" else 1
        behind = cls.left_behind[side]
        out = []
        for i, ch in enumerate(cells):
            if ch != player:
                continue
            for step in cls.directions:
                j = cls._target(h, w, cells, i, step, side)
                if j is not None:
                    board = list(cells)
                    board[i], board[j] = behind, player
                    out.append((i, j, "".join(board)))
        return out

    @classmethod
    def _moves(cls, h: int, w: int, cells: str, player: str) -> list[str]:
        return list(dict.fromkeys(board for _, _, board in cls._steps(h, w, cells, player)))

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (0, 0) takes o at (0, 1)``, ``x (0, 0) moves to (0, 2), leaving o``.

        The move is found among the position's own moves.  Only squares the move
        changes are named: a stone landing on its own colour is known by where it
        started, one leaving its own colour behind by where it landed.

        >>> AntiClobber("x.").describe_move(AntiClobber("ox"))
        'x (0, 0) moves to (0, 1), leaving o'
        >>> HotClobber("xx").describe_move(HotClobber(".x"))
        'x (0, 0) takes an x'
        """
        after = list(self.cells)
        for i, _, now in changed:
            after[i] = now
        wanted = "".join(after)
        for side, me in enumerate("xo"):
            for i, j, board in self._steps(self.h, self.w, self.cells, me):
                if board == wanted:
                    return self._say(me, i, j, self.cells[j], self.left_behind[side])
        return None

    def _say(self, me: str, i: int, j: int, there: str, behind: str) -> str:
        """The words for a move, naming only the squares it changes."""
        if there == me:  # the landing square keeps its colour: the move is known by its start
            return f"{me} {self._at(i)} takes an {me}" + (
                "" if behind == "." else f", leaving {behind}"
            )
        what = f"moves to {self._at(j)}" if there == "." else f"takes {there} at {self._at(j)}"
        if behind == me:  # the start keeps its colour: the move is known by its end
            return f"{me} {what}"
        return f"{me} {self._at(i)} {what}" + ("" if behind == "." else f", leaving {behind}")

    # --- regions and keys ------------------------------------------------------------
    @classmethod
    def _fills_empty(cls) -> bool:
        """Whether a stone may ever land on an empty square."""
        return "." in cls.clobbered[0] + cls.clobbered[1]

    @classmethod
    def _regions(cls, h: int, w: int, cells: str) -> list[tuple[int, int, str]]:
        """The parts of the board that never interact, cropped; a part where
        neither player can move is 0 and is dropped.

        The squares that may ever hold a stone are today's stones (when no stone
        lands on an empty square, they only lose stones) or else every square.
        Two of them are linked when one is at most ``max_distance`` steps from
        the other along a direction with no missing square between: every move
        goes between linked squares and depends only on the squares between, so
        parts of linked squares never interact.
        """
        fills = cls._fills_empty()
        nodes = [i for i, ch in enumerate(cells) if (ch != "#" if fills else ch in "xo")]
        is_node = [False] * (h * w)
        for i in nodes:
            is_node[i] = True
        most = cls.max_distance
        parent = list(range(h * w))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for i in nodes:
            r, c = divmod(i, w)
            for dr, dc in cls.directions:
                n = 1
                while most is None or n <= most:
                    rr, cc = r + n * dr, c + n * dc
                    if not (0 <= rr < h and 0 <= cc < w) or cells[rr * w + cc] == "#":
                        break
                    j = rr * w + cc
                    if is_node[j]:
                        parent[find(j)] = find(i)
                    n += 1
        groups: dict[int, list[int]] = {}
        for i in nodes:
            groups.setdefault(find(i), []).append(i)
        out = []
        for members in groups.values():
            if len(members) == len(nodes):
                sub = cells
            else:
                board = list(cells)
                for i in nodes:
                    board[i] = "#"
                for i in members:
                    board[i] = cells[i]
                sub = "".join(board)
            # crop to the part's own squares: nothing outside their box is ever between two
            rows = sorted({i // w for i in members})
            cols = sorted({i % w for i in members})
            r0, r1, c0, c1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
            part = "".join(sub[r * w + c0 : r * w + c1] for r in range(r0, r1))
            ph, pw = r1 - r0, c1 - c0
            if cls._moves(ph, pw, part, "x") or cls._moves(ph, pw, part, "o"):
                out.append((ph, pw, part))
        return out

    def components(self) -> list[Any]:
        """The parts of the board that can never interact, cropped; a part where
        neither player can move is 0 and is dropped.

        Squares are linked when one is at most ``max_distance`` steps from the
        other along a direction, with no missing square between; the parts are
        the linked groups of the squares that may ever hold a stone (today's
        stones when no stone lands on an empty square, else every square).

        >>> Rooks("x.o|###|o.x").components()
        [Rooks('x.o'), Rooks('o.x')]
        >>> AntiClobber("x.#.o").components()
        [AntiClobber('x.'), AntiClobber('.o')]
        """
        return super().components()

    @classmethod
    def _normal(cls, cells: str) -> str:
        # with one step and no landing on empty squares, empty and missing squares play alike
        if cls.max_distance == 1 and not cls._fills_empty():
            return cells.replace(".", "#")
        return cells

    @classmethod
    def _symmetries(cls) -> tuple[tuple[bool, bool, bool], ...]:
        """The symmetries of the square that keep the directions, as (transpose,
        flip rows, flip columns)."""
        found = _SYMMETRIES.get(cls.directions)
        if found is None:
            steps = set(cls.directions)
            found = tuple(
                (t, fr, fc)
                for t in (False, True)
                for fr in (False, True)
                for fc in (False, True)
                if {_turn(step, t, fr, fc) for step in steps} == steps
            )
            _SYMMETRIES[cls.directions] = found
        return found

    def key(self) -> Hashable:
        """The cropped board, least image under the symmetries that keep the directions.

        >>> Knights("x.#|..o").key() == Knights("o..|#.x").key()
        True
        """
        h, w, cells = crop_board(self.h, self.w, self._normal(self.cells), "#")
        rows = [cells[r * w : (r + 1) * w] for r in range(h)]
        images = []
        for t, fr, fc in self._symmetries():
            image = [row[::-1] for row in rows] if fc else list(rows)
            if fr:
                image.reverse()
            if t:
                image = ["".join(row[c] for row in image) for c in range(w)]
                images.append((w, h, "".join(image)))
            else:
                images.append((h, w, "".join(image)))
        return min(images)

    def value(self) -> Game:
        """The canonical value, by the one solver over regions and keys.

        >>> Rooks("x.o").value(), gen_clobber()("x.o").value()
        (*, 0)
        """
        return solver_for(type(self)).value(self)


def _turn(step: _Step, transpose: bool, flip_rows: bool, flip_cols: bool) -> _Step:
    dr, dc = step
    dr, dc = (-dr if flip_rows else dr), (-dc if flip_cols else dc)
    return (dc, dr) if transpose else (dr, dc)


_SYMMETRIES: dict[tuple[_Step, ...], tuple[tuple[bool, bool, bool], ...]] = {}


# --- the named members ---------------------------------------------------------------


@register_ruleset(
    "AntiClobber",
    "partizan",
    syntax="BOARD",
    summary="AntiClobber (stones step onto empty squares, leaving an opponent's stone)",
    example="xoxo|oo..",
    cli="anti-clobber",
    docs="boards",
)
class AntiClobber(ClobberVariant):
    """An AntiClobber position (CGSuite's ``AntiClobber``): Clobber played backwards.

    A stone steps orthogonally onto an adjacent *empty* square, and the square
    it leaves gets a stone of the opponent; so Left has a move from ``G`` to
    ``H`` here exactly when she has one from ``H`` to ``G`` in Clobber.  Here
    ``.`` (empty) and ``#`` (no square) differ.

    >>> AntiClobber("x.").left_options(), AntiClobber("x.").right_options()
    ([AntiClobber('ox')], [])
    >>> AntiClobber("x.").value(), AntiClobber("x#").value()
    (1, 0)
    """

    __slots__ = ()
    clobbered = (".", ".")
    left_behind = ("o", "x")


@register_ruleset(
    "HotClobber",
    "partizan",
    syntax="BOARD",
    summary="Hot Clobber, or Cannibal Clobber (a stone may take either colour)",
    example="xxo|o.x",
    cli="hot-clobber",
    docs="boards",
)
class HotClobber(ClobberVariant):
    """A Hot Clobber position (CGSuite's ``HotClobber``): a stone may capture a stone
    of *either* colour on a square beside it.

    These are Ingo Althöfer's rules of Cannibal Clobber (2003), so the class is
    also :data:`CannibalClobber`.  Stones of one colour alone are no longer
    dead: ``xx`` is a free move for Left, so values are not all infinitesimal.

    >>> HotClobber("xx").value(), HotClobber("xxx").value(), HotClobber("xxo").value()
    (1, 2, ^)
    """

    __slots__ = ()
    clobbered = ("xo", "xo")


CannibalClobber = HotClobber
"""Cannibal Clobber (Althöfer): the same rules as :class:`HotClobber`.

>>> CannibalClobber("xo|x.").value() == HotClobber("xo|x.").value()
True
"""

Kings = KingClobber
"""CGSuite's ``Kings``: stones capture as chess kings; the library's
:class:`~cgt.games.king_clobber.KingClobber`.

>>> Kings("xox|ox.").value()
{^^*|*,v[2]}
"""


@register_ruleset(
    "Knights",
    "partizan",
    syntax="BOARD",
    summary="Knights (Clobber where stones capture as chess knights)",
    example="x.o|o.x|.x.",
    cli="knights",
    docs="boards",
)
class Knights(ClobberVariant):
    """A Knights position (CGSuite's ``Knights``): a stone captures an opponent's stone a
    chess knight's move away, jumping over whatever is between.

    >>> Knights("x.|..|.o").value(), Knights("xo").value()
    (*, 0)
    """

    __slots__ = ()
    directions = DIRECTIONS["knight"]


@register_ruleset(
    "Rooks",
    "partizan",
    syntax="BOARD",
    summary="Rooks (Clobber where stones capture as chess rooks)",
    example="x.o|...|o.x",
    cli="rooks",
    docs="boards",
)
class Rooks(ClobberVariant):
    """A Rooks position (CGSuite's ``Rooks``): a stone slides orthogonally over any number
    of empty squares and captures the opponent's stone it meets.

    >>> Rooks("x..o").value(), Rooks("x.x.o").value()
    (*, ^)
    """

    __slots__ = ()
    max_distance = None


@register_ruleset(
    "Queens",
    "partizan",
    syntax="BOARD",
    summary="Queens (Clobber where stones capture as chess queens)",
    example="x.o|.o.|x..",
    cli="queens",
    docs="boards",
)
class Queens(ClobberVariant):
    """A Queens position (CGSuite's ``Queens``): a stone slides like a chess queen over
    empty squares and captures the opponent's stone it meets.

    >>> Queens("x..|...|..o").value()
    *
    """

    __slots__ = ()
    directions = DIRECTIONS["compass"]
    max_distance = None


# --- members made from parameters ------------------------------------------------------


def _made_repr(self: ClobberVariant) -> str:
    return f"{_call(type(self))}({self.board_string()!r})"


def _call(cls: type[ClobberVariant]) -> str:
    """The :func:`gen_clobber` call that makes ``cls``, its default arguments left out."""
    said = []
    named = {v: k for k, v in DIRECTIONS.items()}
    if cls.directions != DIRECTIONS["orthogonal"]:
        said.append(f"directions={named.get(cls.directions, list(cls.directions))!r}")
    if cls.clobbered != ("o", "x"):
        said.append(f"clobbered={cls.clobbered!r}")
    if cls.left_behind != (".", "."):
        said.append(f"left_behind={cls.left_behind!r}")
    if cls.max_distance != 1:
        said.append(f"max_distance={cls.max_distance!r}")
    return f"gen_clobber({', '.join(said)})"


def _pair(value: Any, name: str, letters: str, single: bool) -> tuple[str, str]:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise InvalidArgument(f"gen_clobber(): {name} is a pair (Left's, Right's), not {value!r}")
    out = []
    for side, part in zip(("Left", "Right"), value, strict=True):
        if not isinstance(part, str) or not part or any(ch not in letters for ch in part):
            raise InvalidArgument(
                f"gen_clobber(): {side}'s {name} is a string of {', '.join(letters)}, not {part!r}"
            )
        if single and len(part) != 1:
            raise InvalidArgument(
                f"gen_clobber(): {side}'s {name} is one of {', '.join(letters)}, not {part!r}"
            )
        out.append("".join(sorted(set(part), key=letters.index)))
    return out[0], out[1]


def gen_clobber(
    directions: str | Iterable[tuple[int, int]] = "orthogonal",
    clobbered: tuple[str, str] = ("o", "x"),
    left_behind: tuple[str, str] = (".", "."),
    max_distance: int | None = 1,
) -> type[ClobberVariant]:
    """The member of the Clobber family with these rules (CGSuite: ``GenClobber``).

    ``directions`` is a name of :data:`DIRECTIONS` (``"orthogonal"``,
    ``"diagonal"``, ``"compass"``, ``"knight"``) or steps ``(row, column)``;
    ``clobbered`` says what Left's and Right's stones may land on (strings of
    ``x``, ``o`` and ``.``); ``left_behind`` what the square each leaves
    becomes (``.``, ``x`` or ``o``); ``max_distance`` how far a stone may go
    along a direction (an int >= 1, or ``None``: no limit).  The same rules
    give the same class, which pickles.  Its positions are valued by the
    one solver over their regions (see :meth:`ClobberVariant.components`).

    >>> Diagonal = gen_clobber(directions="diagonal")
    >>> Diagonal("xoxo|oox.|xxx.").value()
    {0,v*|vv}
    >>> gen_clobber() is gen_clobber(directions="orthogonal")
    True
    >>> gen_clobber(clobbered=("xo", "xo"))("xxo").value() == HotClobber("xxo").value()
    True
    >>> gen_clobber(clobbered=(".", "."))     # a stone walking to and fro
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: gen_clobber(): a stone landing on '.' and leaving '.' ...
    >>> gen_clobber(max_distance=0)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: gen_clobber(): max_distance is an int >= 1 or None (no limit), not 0
    """
    if isinstance(directions, str):
        if directions not in DIRECTIONS:
            raise InvalidArgument(
                f"gen_clobber(): directions is one of {', '.join(DIRECTIONS)} "
                f"or a list of steps (row, column), not {directions!r}"
            )
        steps = DIRECTIONS[directions]
    else:
        try:
            given = list(directions)
        except TypeError:
            raise InvalidArgument(
                f"gen_clobber(): directions is a name or a list of steps, not {directions!r}"
            ) from None
        found = set()
        for step in given:
            if (
                not isinstance(step, (tuple, list))
                or len(step) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in step)
                or tuple(step) == (0, 0)
            ):
                raise InvalidArgument(
                    f"gen_clobber(): a direction is a step (row, column) of two ints, "
                    f"not both 0, not {step!r}"
                )
            found.add((step[0], step[1]))
        if not found:
            raise InvalidArgument("gen_clobber(): directions names no step")
        steps = tuple(sorted(found))
    if max_distance is not None and (
        not isinstance(max_distance, int) or isinstance(max_distance, bool) or max_distance < 1
    ):
        raise InvalidArgument(
            f"gen_clobber(): max_distance is an int >= 1 or None (no limit), not {max_distance!r}"
        )
    targets = _pair(clobbered, "clobbered", "xo.", False)
    behind = _pair(left_behind, "left_behind", ".xo", True)
    _check_ends(targets, behind)
    made: type[ClobberVariant] = _MEMBERS.get(
        (steps, targets, behind, max_distance),
        {
            "directions": steps,
            "clobbered": targets,
            "left_behind": behind,
            "max_distance": max_distance,
            "__repr__": _made_repr,
        },
    )
    return made


def _check_ends(targets: tuple[str, str], behind: tuple[str, str]) -> None:
    """Raise unless every game under these rules ends.

    A move turns the landing square's content ``L`` into a stone and the square
    left into ``B``: the count of ``L`` goes down by one and that of ``B`` up
    by one.  When the arrows ``L -> B`` of every move make no cycle (and no
    ``L == B``), a weighting of ``.``, ``x`` and ``o`` in their order makes every
    move lower a bounded sum, so play ends.  Otherwise play may go on for ever
    (``xo`` and back again), which is not a short game.
    """
    arrows = {(land, behind[side]) for side in (0, 1) for land in targets[side]}
    for land, left in sorted(arrows):
        if land == left:
            raise InvalidArgument(
                f"gen_clobber(): a stone landing on {land!r} and leaving {left!r} behind "
                f"changes no count, so play may go on for ever (the family holds short games)"
            )
    for a, b in arrows:
        for c in "xo.":
            if ((b, c) in arrows and (c, a) in arrows) or (b, a) in arrows:
                raise InvalidArgument(
                    f"gen_clobber(): with clobbered={targets!r} and left_behind={behind!r} "
                    f"play may go on for ever (the family holds short games)"
                )


_MEMBERS = Members(ClobberVariant, "GenClobber", gen_clobber)
