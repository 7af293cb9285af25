"""Dawson's chess: three-row Hexapawn with compulsory capture, by direct search.

Same board and pawns as :class:`~cgt.games.hexapawn.Hexapawn` (normal pawns,
normal rules: promoting wins, a player with no move loses), but a player who
can capture must capture.  The game is then impartial outright; Winning Ways
identifies it with the octal game ``0.137`` (a heap per block of files).  This
module searches the chess rules directly, so that the identification can be
checked rather than assumed.

>>> [dawson_wins(n) for n in range(1, 8)]
[True, True, True, False, True, True, True]
"""

from __future__ import annotations

from ...errors import InvalidPosition
from ._engine import Engine

__all__ = ["dawson_wins"]

_TABLES: dict[tuple[int, int], dict[int, bool]] = {}


def dawson_wins(position: int | str, rows: int = 3) -> bool:
    """Whether the side to move (White) wins Dawson's chess.

    ``position`` is a number of columns (the start position on ``rows`` rows)
    or a board string as for :class:`~cgt.games.hexapawn.Hexapawn`, White to
    move.

    >>> dawson_wins(4), dawson_wins("BB.B|....|WW.W")    # 0.137: G(4) = 0, G(2) ^ G(1) = 0
    (False, False)
    """
    from . import Hexapawn

    h = Hexapawn(position, rows) if isinstance(position, int) else Hexapawn(position)
    white, black = h.bits()
    engine = Engine(h.columns, h.rows, "normal", False)
    table = _TABLES.setdefault((h.columns, h.rows), {})

    def wins(w: int, b: int, white_to_move: bool) -> bool:
        kids = engine.children(w, b, white_to_move)
        if any(cap for _o, _t, cap, _w, _b in kids):
            kids = [k for k in kids if k[2]]
        if not kids:
            return False
        if any(engine.promotes(t, white_to_move) for _o, t, _c, _w, _b in kids):
            return True
        key = engine.key(w, b, white_to_move)
        found = table.get(key)
        if found is None:
            found = any(not wins(nw, nb, not white_to_move) for *_x, nw, nb in kids)
            table[key] = found
        return found

    if h.columns < 1:  # pragma: no cover - Hexapawn rejects it already
        raise InvalidPosition("no columns")
    return wins(white, black, True)
