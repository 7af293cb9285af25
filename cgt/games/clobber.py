"""Clobber: move a stone onto an adjacent opponent's stone, capturing it.

Move one of your stones orthogonally onto an adjacent opponent's stone,
which is removed; the square left behind is empty.  The board, its regions
and keys are :mod:`cgt.games.board`'s; :mod:`cgt.games.king_clobber`
captures in eight directions.

>>> Clobber("xo").value(), Clobber("xoo").value(), Clobber("xo|ox").value()
(*, v, *)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _cache, _engine
from .._engine import LOCK
from ..errors import InvalidArgument
from .board import (
    _ORTHOGONAL,
    _OTHER,
    STONES,
    _bit_sides,
    _bit_steps,
    _BitState,
    _StoneBoard,
    bit_state,
)

if TYPE_CHECKING:
    from ..game import Outcome

__all__ = ["BIG_BOARD_STONES", "SMALL_REGION", "Clobber", "big_board_outcome"]

BIG_BOARD_STONES = 12
"""Stones from which :func:`big_board_outcome` searches (below, values are cheap)."""

SMALL_REGION = 10
"""Stones of a region the big-board search values with the engine instead of searching."""


def big_board_outcome(position: Clobber, budget: int = 0) -> Outcome | None:
    """The outcome of one Clobber board by the compiled alpha-beta search, or ``None``.

    Domineering's big-board search (``cgt/_c/bigboard.h``) on stone boards
    (``cgt/_c/clobsearch.h``): two win/loss searches (Left first, Right
    first) that drop the regions where no stone touches an opponent's, value
    the regions with the engine once all are small (at most
    :data:`SMALL_REGION` stones), keep a transposition table over the
    board's symmetries and try first the captures that leave the opponent
    fewest. ``None`` when it does not apply: no compiled kernels (or
    ``implementation("python")``), fewer than :data:`BIG_BOARD_STONES`
    stones (values are cheaper there), a variant's rules (King Clobber's),
    more than 64 squares, an
    outcome-search budget running, or more than ``budget`` nodes searched
    (0: no bound).  :func:`cgt.play.outcome` asks it first for a single
    board; ``cgt.work_limit`` and Ctrl-C stop it as they stop the solvers.

    >>> board = Clobber("xoxo|oxox|xoxo")           # 12 stones
    >>> found = big_board_outcome(board)            # None without the compiled kernels
    >>> found is None or found is board.value().outcome()
    True
    >>> big_board_outcome(Clobber("xo|ox")) is None  # small: values answer
    True
    """
    if not isinstance(budget, int) or budget < 0:
        raise InvalidArgument(f"the node budget is an integer >= 0, not {budget!r}")
    h, w, cells = position.h, position.w, position.cells
    if type(position) is not Clobber:  # King Clobber and other variants capture otherwise
        return None
    if sum(ch in "xo" for ch in cells) < BIG_BOARD_STONES:
        return None
    engine = _engine.solver_kernel(Clobber, h * w)
    if engine is None:
        return None
    from ..game import Outcome

    _, _, xs, os_, _ = bit_state(h, w, cells)
    slots = _cache.search_slots(24)  # 24-byte entries
    with LOCK:
        try:
            left = engine.clob_wins(h, w, xs, os_, 0, budget, slots, SMALL_REGION)[0]
            right = engine.clob_wins(h, w, xs, os_, 1, budget, slots, SMALL_REGION)[0]
        except engine.Fallback:
            return None
    if left:
        return Outcome.N if right else Outcome.L
    return Outcome.R if right else Outcome.P


@STONES.register("Clobber", "Clobber (x Left, o Right)", "xo.|.ox")
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

    @staticmethod
    def _bit_options(state: _BitState, left: bool) -> list[_BitState]:
        """The states after a capture (as :meth:`_moves`, on bitboards)."""
        h, w, xs, os_, squares = state
        mine, theirs = (xs, os_) if left else (os_, xs)
        out: list[tuple[int, int, int]] = []  # (mine, theirs, squares)
        for d, m in _bit_steps(h, w, False):
            # the stones whose neighbour in direction d is the opponent's
            src = mine & (((theirs & m) >> d) if d > 0 else ((theirs & m) << -d))
            while src:
                s = src & -src
                src ^= s
                t = s << d if d > 0 else s >> -d
                out.append((mine ^ s | t, theirs ^ t, squares))
        return _bit_sides(h, w, out, left)

    def big_board_outcome(self) -> Outcome | None:
        """Who wins, by the compiled alpha-beta search (:func:`big_board_outcome`), or ``None``.

        :func:`cgt.play.outcome` (so :meth:`outcome`) asks this first.

        >>> import cgt
        >>> Clobber("xoxo|oxox|xoxo").big_board_outcome() in (None, cgt.Outcome.P)
        True
        """
        return big_board_outcome(self)
