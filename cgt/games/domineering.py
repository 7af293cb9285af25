"""Domineering and Cram: dominoes on a board.

In **Domineering** Left places a domino vertically (on two empty cells one
above the other) and Right horizontally; whoever cannot move loses.  So a
2x1 column is worth 1, a 1x2 row -1, and the 2x2 square is the switch ±1.

**Cram** is the impartial twin: both players may place either orientation;
its positions have Grundy values (:meth:`Cram.grundy`).

Boards are grid strings (rows top to bottom separated by ``|`` or newlines,
``.`` empty, ``#`` blocked) or networkx graphs (induced subgraphs of
``grid_2d_graph``, nodes ``(row, col)``).

The values come from the generic :class:`~cgt.solver.Solver` through keyed
rules (:class:`~cgt.solver.KeyedRules`): a board is a bitmask; after a move
it splits into connected components, each cropped to its bounding box and
normalised over the symmetries of the rectangle.  A transposed board is
stored once: Domineering's transposition swaps the players, so its value is
the negative.

>>> from cgt.games import Domineering, Cram
>>> Domineering("..|..").value(), Domineering(".|.").value(), Domineering("...").value()
(+-1, 1, -1)
>>> Domineering("..|..|..").value()
{1/2|-2}
>>> Cram("..|..").grundy(), Cram("...|...").grundy()
(0, 1)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar

from .. import _cache, _engine
from .._compat import callable_graph
from .._engine import ENGINE, LOCK
from .._svg import Drawable
from ..errors import InvalidPosition
from ..solver import current_persistence
from .base import GRID_COORDINATES, ImpartialPosition, Position, register_cache, solver_for
from .grid import (
    board_from_graph,
    board_to_graph,
    crop,
    flood,
    format_grid,
    grid_svg,
    key_board,
    masks,
    normal_form,
    parse_grid,
    split_components,
)
from .registry import RulesetFamily

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game, Outcome

__all__ = ["Cram", "Domineering", "DomineeringRules", "big_board_outcome"]


def _state(h: int, w: int, bits: int) -> int:
    return (bits << 16) | (h << 8) | w


class DomineeringRules:
    """Keyed rules (:class:`~cgt.solver.KeyedRules`) of Domineering or Cram on bitmasks.

    States and keys are ints packing ``(bits, h, w)`` (see
    :func:`cgt.games.grid.key_board`).  :meth:`split` caches the
    normalisation of each cropped component it meets.

    >>> rules = DomineeringRules(impartial=False)
    >>> rules.split(_state(3, 2, 0b111111))     # a 3x2 board is stored transposed
    [(4129283, True)]
    >>> left, right = rules.options(4129283)   # moves on the stored 2x3 board
    >>> len(left), len(right)
    (3, 4)
    """

    __slots__ = ("_normal", "impartial")

    max_cache = 1 << 21
    """Size bound of the cache of normalised components (emptied when full)."""

    def __init__(self, impartial: bool) -> None:
        self.impartial = impartial
        self._normal: dict[int, tuple[int, bool]] = {}

    @property
    def ruleset(self) -> str:
        """The game these rules play (a solver serves one game's keyed rules).

        >>> DomineeringRules(impartial=True).ruleset
        'Cram'
        """
        return "Cram" if self.impartial else "Domineering"

    def split(self, state: int | tuple[int, int, int, int]) -> list[tuple[int, bool]]:
        """The normalised keys of the components of ``state``, with transposition flags.

        A state is a packed board (an ``int``), or, for the options that
        :meth:`options` makes, ``(h, w, bits, removed)``: a connected board
        with the domino ``removed`` just placed.  Every component of such a
        board touches the domino, so the flood fills start next to it, and
        stop early when the board is still connected.
        """
        if isinstance(state, tuple):
            h, w, bits, removed = state
        else:
            h = (state >> 8) & 0xFF
            w = state & 0xFF
            bits = state >> 16
            removed = 0
        frame = _FRAMES.get((h, w))
        if frame is None:
            frame = _frame(h, w)
        not_first, not_last, columns = frame
        if removed:
            seeds = (
                ((removed << 1) & not_first)
                | ((removed >> 1) & not_last)
                | (removed << w)
                | (removed >> w)
            ) & bits
        else:
            seeds = bits
        normal = self._normal
        out = []
        rest = bits
        while seeds:
            # every component of an option touches the domino: once the fill holds
            # every seed, all that is left is connected
            comp = flood(seeds & -seeds, rest, w, not_first, not_last, seeds if removed else 0)
            seeds &= ~comp
            rest ^= comp
            if not comp & (comp - 1):
                continue  # a single cell: no domino fits
            low = (comp & -comp).bit_length() - 1
            left = 0
            while not comp & columns[left]:
                left += 1
            raw = ((comp >> (low - low % w + left)) << 8) | w
            found = normal.get(raw)
            if found is None:
                if len(normal) >= self.max_cache:
                    normal.clear()
                ch, cw, rows = crop(h, w, comp)
                found = normal[raw] = normal_form(ch, cw, rows)
            out.append(found)
        return out

    def options(self, key: int) -> tuple[list[Any], list[Any]]:
        """``(left, right)`` states after one move in the board of ``key``.

        Left places vertical dominoes and Right horizontal ones; in Cram both
        lists hold every placement.
        """
        h, w, bits = key_board(key)
        vertical = bits & (bits >> w)
        horizontal = bits & (bits >> 1) & masks(h, w)[2]
        left = []
        while vertical:
            low = vertical & -vertical
            vertical ^= low
            removed = low | (low << w)
            left.append((h, w, bits ^ removed, removed))
        right = []
        while horizontal:
            low = horizontal & -horizontal
            horizontal ^= low
            removed = low | (low << 1)
            right.append((h, w, bits ^ removed, removed))
        if self.impartial:
            both = left + right
            return both, both
        return left, right

    def size(self, key: int) -> int:
        """The number of empty cells of the board of ``key`` (to order the Cram search).

        >>> DomineeringRules(impartial=True).size(_state(2, 2, 0b0111))
        3
        """
        return bin(key >> 16).count("1")

    def known_value(self, key: int) -> Game | None:
        """Strips: a row of ``n`` cells is worth ``-(n // 2)`` (keys have rows <= columns).

        >>> rules = DomineeringRules(impartial=False)
        >>> [(row, _)] = rules.split(_state(1, 5, 0b11111))    # a row of five cells
        >>> rules.known_value(row)
        -2
        >>> [(square, _)] = rules.split(_state(2, 2, 0b1111))
        >>> rules.known_value(square) is None                  # left to the search
        True
        """
        if (key >> 8) & 0xFF == 1 and not self.impartial:
            from ..game import number

            return number(-((key & 0xFF) // 2))
        return None

    def clear(self) -> None:
        """Forget the cached normalisations.

        >>> rules = DomineeringRules(impartial=True)
        >>> _ = rules.split(_state(2, 2, 0b1111)); rules.clear(); len(rules._normal)
        0
        """
        self._normal.clear()


_FRAMES: dict[tuple[int, int], tuple[int, int, list[int]]] = {}


def _frame(h: int, w: int) -> tuple[int, int, list[int]]:
    _full, not_first, not_last = masks(h, w)
    columns = []
    for c in range(w):
        column = 0
        for r in range(h):
            column |= 1 << (r * w + c)
        columns.append(column)
    frame = _FRAMES[(h, w)] = (not_first, not_last, columns)
    return frame


_DOMINEERING = DomineeringRules(impartial=False)
_CRAM = DomineeringRules(impartial=True)
register_cache(_DOMINEERING.clear)
register_cache(_CRAM.clear)


_DOMINOES = RulesetFamily(
    "partizan",
    "GRID",
    docs="domineering",
    moved_from="cgt.games.domineering",
    fast_path="compiled bit boards (cgt/_c/shortgame.c), at most 64 cells",
    keyed_rules=lambda cls: _CRAM if issubclass(cls, ImpartialPosition) else _DOMINEERING,
)


_ENGINE: Any = ENGINE
"""The compiled solvers (``cgt/_c/shortgame.c``), or ``None`` (see :mod:`cgt._engine`)."""
if _ENGINE is not None:
    register_cache(_ENGINE.clear)


def _compiled(kind: type, h: int, w: int) -> Any:
    """The compiled engine if it may value this ``h`` x ``w`` board now, else ``None``.

    A thin call of the one rule, :func:`cgt._engine.solver_kernel` (at most 64
    cells, no work budget, no value store, not inside
    ``cgt.games.implementation("python")``).

    >>> _compiled(Domineering, 9, 9) is None   # 81 cells: the Python solver
    True
    """
    stored = solver_for(kind).store is not None or current_persistence() is not None
    return _engine.solver_kernel(kind, h * w, stored=stored)


BIG_BOARD_CELLS = 20
"""Empty cells from which :func:`big_board_outcome` searches (below, values are cheap)."""

SMALL_REGION = 12
"""Cells of a region the big-board search values with the engine instead of searching."""


def big_board_outcome(position: Domineering, budget: int = 0) -> Outcome | None:
    """The outcome of one Domineering board by the compiled alpha-beta search, or ``None``.

    The search (``cgt/_c/bigboard.h``) asks only who wins, never the value:
    two win/loss searches (Left first, Right first) with the safe-move bounds
    of the Domineering solvers, a transposition table over the board's
    symmetries, move ordering, and the engine's values for small regions once
    the board has split.  ``None`` when it does not apply: no compiled
    kernels (or ``implementation("python")``), fewer than
    :data:`BIG_BOARD_CELLS` empty cells (values are cheaper there), more than
    64 cells, an outcome-search budget running, or more than ``budget`` nodes
    searched (0: no bound).  :func:`cgt.play.outcome` asks it first for a
    single board; ``cgt.work_limit`` and Ctrl-C stop it as they stop the
    solvers.

    >>> board = Domineering("....|" * 4 + "....")    # 20 empty cells
    >>> found = big_board_outcome(board)              # None without the compiled kernels
    >>> found is None or found is board.value().outcome()
    True
    >>> big_board_outcome(Domineering("..|..")) is None    # small: values answer
    True
    """
    h, w, bits = position.h, position.w, position.bits
    if bits.bit_count() < BIG_BOARD_CELLS:
        return None
    engine = _engine.solver_kernel(Domineering, h * w)
    if engine is None:
        return None
    from ..game import Outcome

    slots = _cache.search_slots(16)  # 16-byte entries
    with LOCK:
        try:
            left = engine.dom_wins(h, w, bits, 0, budget, slots, SMALL_REGION)[0]
            if position.transpose() == position:  # Right first is Left first on the transpose
                right = left
            else:
                right = engine.dom_wins(h, w, bits, 1, budget, slots, SMALL_REGION)[0]
        except engine.Fallback:
            return None
    if left:
        return Outcome.N if right else Outcome.L
    return Outcome.R if right else Outcome.P


class _Board(Drawable):
    """Shared code of Domineering and Cram boards: parsing, display, components."""

    move_coordinates: ClassVar[str] = GRID_COORDINATES

    __slots__ = ("bits", "h", "w")

    h: int
    w: int
    bits: int

    def __init__(self, board: Any = "") -> None:
        if isinstance(board, str):
            h, w, bits = parse_grid(board)
        elif isinstance(board, _Board):
            h, w, bits = board.h, board.w, board.bits
        elif hasattr(board, "nodes") and hasattr(board, "edges"):
            h, w, bits = board_from_graph(board)
        else:
            raise InvalidPosition(
                f"a board is a grid string or a networkx grid graph, not {type(board).__name__}"
            )
        self.h, self.w, self.bits = h, w, bits

    @classmethod
    def _make(cls, h: int, w: int, bits: int) -> Any:
        board = object.__new__(cls)
        board.h, board.w, board.bits = h, w, bits
        return board

    # --- structure -----------------------------------------------------------------
    @property
    def state(self) -> int:
        """The board packed into one ``int`` (the solver's state)."""
        return _state(self.h, self.w, self.bits)

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)`` of the board rectangle."""
        return self.h, self.w

    def empty_cells(self) -> list[tuple[int, int]]:
        """The empty cells as ``(row, col)`` pairs, row by row."""
        h, w, bits = self.h, self.w, self.bits
        return [(r, c) for r in range(h) for c in range(w) if bits >> (r * w + c) & 1]

    @property
    def graph(self) -> Any:
        """The empty cells as an induced subgraph of ``networkx.grid_2d_graph``
        (a fresh graph at each reading).

        A property, as ``Col(...).graph`` is; the former call ``graph()`` still
        works, with a :class:`DeprecationWarning`.

        >>> sorted(Domineering("..|#.").graph.edges)
        [((0, 0), (0, 1)), ((0, 1), (1, 1))]
        """
        return callable_graph(
            board_to_graph(self.h, self.w, self.bits), f"{type(self).__name__}.graph"
        )

    def _placements(self, vertical: bool) -> list[Any]:
        h, w, bits = self.h, self.w, self.bits
        if vertical:
            spots, step = bits & (bits >> w), w
        else:
            spots, step = bits & (bits >> 1) & masks(h, w)[2], 1
        out = []
        while spots:
            low = spots & -spots
            spots ^= low
            out.append(self._make(h, w, bits ^ low ^ (low << step)))
        return out

    def describe_move(self, option: Any) -> str | None:
        """The domino that leads to ``option``, by its two cells ``(row, column)``.

        >>> d = Domineering("..|..")
        >>> d.describe_move(d.left_options()[0])
        'vertical domino on (0, 0) and (1, 0)'
        >>> Cram("...").describe_move(Cram(".##"))
        'horizontal domino on (0, 1) and (0, 2)'
        """
        if type(option) is not type(self) or (option.h, option.w) != (self.h, self.w):
            return None
        placed = self.bits ^ option.bits
        if placed & option.bits or placed.bit_count() != 2:
            return None
        w = self.w
        first = (placed & -placed).bit_length() - 1
        r, c = divmod(first, w)
        if placed == 3 << first and c + 1 < w:
            return f"horizontal domino on ({r}, {c}) and ({r}, {c + 1})"
        if placed == (1 | 1 << w) << first:
            return f"vertical domino on ({r}, {c}) and ({r + 1}, {c})"
        return None

    def components(self) -> list[Any]:
        """The connected parts that can still take a domino, each cropped to its box."""
        out = []
        for comp in split_components(self.h, self.w, self.bits):
            ch, cw, rows = crop(self.h, self.w, comp)
            bits = 0
            for r, row in enumerate(rows):
                bits |= row << (r * cw)
            out.append(self._make(ch, cw, bits))
        return out

    def key(self) -> Hashable:
        """Sorted normalised component keys with transposition flags."""
        return tuple(sorted(_DOMINEERING.split(self.state)))

    def transpose(self) -> Any:
        """The board mirrored in its main diagonal (rows become columns)."""
        h, w, bits = self.h, self.w, self.bits
        out = 0
        for r in range(h):
            for c in range(w):
                if bits >> (r * w + c) & 1:
                    out |= 1 << (c * h + r)
        return self._make(w, h, out)

    # --- display ---------------------------------------------------------------------
    def __str__(self) -> str:
        return format_grid(self.h, self.w, self.bits)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({format_grid(self.h, self.w, self.bits, sep='|')!r})"

    def _draw_svg(self) -> str:
        return grid_svg(self.h, self.w, self.bits)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Board)
        return (self.h, self.w, self.bits) == (other.h, other.w, other.bits)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.h, self.w, self.bits))


@_DOMINOES.register("Domineering", "Domineering (rows split by |)", "..#|...|...")
class Domineering(_Board, Position):
    """A Domineering position: Left places vertical dominoes, Right horizontal ones.

    >>> d = Domineering("..#|...|...")
    >>> print(d)
    ..#
    ...
    ...
    >>> d.value()
    +-3/2
    >>> Domineering("....").value(), Domineering(".|.|.|.|.").value()
    (-2, 2)
    >>> import networkx as nx
    >>> Domineering(nx.grid_2d_graph(2, 2)).value()
    +-1
    >>> Domineering("..|..").transpose().value() == -Domineering("..|..").value()
    True
    """

    __slots__ = ()

    def left_options(self) -> list[Domineering]:
        """Boards after a vertical domino (Left's moves).

        >>> Domineering(".|.").left_options()
        [Domineering('#|#')]
        """
        result: list[Domineering] = self._placements(True)
        return result

    def right_options(self) -> list[Domineering]:
        """Boards after a horizontal domino (Right's moves).

        >>> Domineering("...").right_options()
        [Domineering('##.'), Domineering('.##')]
        """
        result: list[Domineering] = self._placements(False)
        return result

    def components(self) -> list[Domineering]:
        """The independent parts (connected, at least two cells), cropped.

        >>> Domineering("..|##|..").components()
        [Domineering('..'), Domineering('..')]
        """
        result: list[Domineering] = super().components()
        return result

    def big_board_outcome(self) -> Outcome | None:
        """Who wins, by the compiled alpha-beta search (:func:`big_board_outcome`), or ``None``.

        :func:`cgt.play.outcome` (so :meth:`outcome`) asks this first.

        >>> Domineering("....|" * 5 + "....").big_board_outcome() in (None, cgt.Outcome.N)
        True
        """
        return big_board_outcome(self)

    def value(self) -> Game:
        """The canonical value, via the shared solver (components memoised).

        >>> Domineering("...|...|...").value()
        +-1
        """
        engine = _compiled(Domineering, self.h, self.w)
        if engine is not None:
            with LOCK:
                try:
                    result: Game = engine.domineering(self.h, self.w, self.bits)
                    return result
                except engine.Fallback:
                    pass  # a number beyond 64 bits: the Python solver answers
        return solver_for(Domineering).keyed_value(_DOMINEERING, self.state)


@_DOMINOES.register("Cram", "Cram, impartial Domineering", "...|...|...", kind="impartial")
class Cram(_Board, ImpartialPosition):
    """A Cram position: dominoes of either orientation, for both players.

    >>> Cram("..|..").grundy(), Cram("...").grundy(), Cram("....|....").grundy()
    (0, 1, 0)
    >>> Cram("...|...").value()
    *
    """

    __slots__ = ()

    def options(self) -> list[Cram]:
        """Boards after placing one domino either way.

        >>> len(Cram("..|..").options())
        4
        """
        result: list[Cram] = self._placements(True) + self._placements(False)
        return result

    def components(self) -> list[Cram]:
        """The independent parts (connected, at least two cells), cropped.

        >>> Cram(".#.").components()
        []
        """
        result: list[Cram] = super().components()
        return result

    def grundy(self) -> int:
        """The Grundy value, via the shared solver (components memoised).

        >>> Cram("...|...|...").grundy()
        0
        """
        engine = _compiled(Cram, self.h, self.w)
        if engine is not None:
            with LOCK:
                try:
                    grundy: int = engine.cram(self.h, self.w, self.bits)
                    return grundy
                except engine.Fallback:
                    pass
        return solver_for(Cram).keyed_grundy(_CRAM, self.state)
