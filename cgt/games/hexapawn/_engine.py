"""The exact Hexapawn search: bitboards, a transposition table, mirror symmetry.

Squares are bits of one Python ``int`` per colour, *column-major* with a
stride of 8 bits per column: square ``(column c, row r)`` (both 0-based, row 0
is White's home row) is bit ``8 * c + r``.  With this layout

* a step forward is a shift by one bit (up for White, down for Black), a
  diagonal step a shift by 7 or 9 bits and a sideways step a shift by 8 bits;
  nothing wraps round, since rows stay inside their byte;
* the left-right mirror image is the byte string of the board reversed, and
  swapping the colours (turning the board upside down) is a byte translation,
  so the canonical key of a position costs a few C-level calls.

The key is taken from the point of view of the side to move (a position with
Black to move is keyed as its upside-down, colour-swapped twin with White to
move) and reduced by the mirror symmetry, so one table entry serves up to four
positions.

Pruning, all sound: a player who can promote at once (normal rules) wins
without further search, and the table stores only proven results.  Captures are
tried first, and the search stops at the first winning move (``winner()``
needs only win or loss).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ...errors import InvalidPosition

__all__ = ["MAX_ROWS", "PAWN_TYPES", "Engine", "MoveBits", "engine_for"]

MAX_ROWS = 8
PAWN_TYPES = ("normal", "berolina", "berolina_plus")

#: ``(target_bits, shift, is_capture)``: every set bit of ``target_bits`` is the
#: target of one move whose origin is the target shifted back by ``shift``.
MoveBits = tuple[int, int, bool]


def _flip_table(rows: int) -> bytes:
    """Byte translation that turns a column upside down (row r <-> rows-1-r)."""
    out = bytearray(256)
    for value in range(256):
        flipped = 0
        for r in range(rows):
            if value >> r & 1:
                flipped |= 1 << (rows - 1 - r)
        out[value] = flipped
    return bytes(out)


class Engine:
    """Memoised win/loss search for one board size, pawn type and ending rule.

    ``wins(white, black, white_to_move)`` says whether the side to move wins.

    >>> e = Engine(3, 3, "normal", False)
    >>> e.wins(e.start_white, e.start_black, True)
    False
    >>> e.positions > 0
    True
    """

    def __init__(self, columns: int, rows: int, pawn: str, misere: bool) -> None:
        if pawn not in PAWN_TYPES:
            raise InvalidPosition(f"unknown pawn type {pawn!r}: expected one of {PAWN_TYPES}")
        self.columns = columns
        self.rows = rows
        self.pawn = pawn
        self.misere = misere
        column_mask = (1 << rows) - 1
        self.board = sum(column_mask << (8 * c) for c in range(columns))
        self.top = sum(1 << (8 * c + rows - 1) for c in range(columns))
        self.bottom = sum(1 << (8 * c) for c in range(columns))
        self.start_white = self.bottom
        self.start_black = self.top
        self.flip = _flip_table(rows)
        #: canonical key -> does the side to move win
        self.table: dict[bytes, bool] = {}
        #: positions expanded by the search (table entries written)
        self.nodes = 0
        self._length_table: dict[bytes, int] = {}
        self.wins: Callable[[int, int, bool], bool] = self._make_search()

    @property
    def positions(self) -> int:
        """Distinct positions stored in the transposition table."""
        return len(self.table)

    def clear(self) -> None:
        """Forget every stored result."""
        self.table.clear()
        self._length_table.clear()
        self.nodes = 0

    # --- keys ---------------------------------------------------------------------
    def key(self, white: int, black: int, white_to_move: bool) -> bytes:
        """The canonical key: mover's point of view, reduced by the mirror symmetry."""
        n = self.columns
        if white_to_move:
            x = white.to_bytes(n, "little")
            y = black.to_bytes(n, "little")
        else:
            x = black.to_bytes(n, "little").translate(self.flip)
            y = white.to_bytes(n, "little").translate(self.flip)
        k1 = x + y
        k2 = x[::-1] + y[::-1]
        return k1 if k1 <= k2 else k2

    # --- move generation ------------------------------------------------------------
    def move_bits(self, white: int, black: int, white_to_move: bool) -> list[MoveBits]:
        """Target sets of every legal move, captures first (promotions included)."""
        empty = self.board & ~(white | black)
        pawn = self.pawn
        if white_to_move:
            me, them = white, black
            if pawn == "normal":
                return [
                    ((me << 9) & them, 9, True),
                    ((me >> 7) & them, -7, True),
                    ((me << 1) & empty, 1, False),
                ]
            out = [((me << 1) & them, 1, True)]
            if pawn == "berolina_plus":
                out += [((me << 8) & them, 8, True), ((me >> 8) & them, -8, True)]
            return [*out, ((me << 9) & empty, 9, False), ((me >> 7) & empty, -7, False)]
        me, them = black, white
        if pawn == "normal":
            return [
                ((me << 7) & them, 7, True),
                ((me >> 9) & them, -9, True),
                ((me >> 1) & empty, -1, False),
            ]
        out = [((me >> 1) & them, -1, True)]
        if pawn == "berolina_plus":
            out += [((me << 8) & them, 8, True), ((me >> 8) & them, -8, True)]
        return [*out, ((me << 7) & empty, 7, False), ((me >> 9) & empty, -9, False)]

    def children(
        self, white: int, black: int, white_to_move: bool
    ) -> list[tuple[int, int, bool, int, int]]:
        """Every legal move as ``(origin_bit, target_bit, capture, new_white, new_black)``."""
        out = []
        for targets, shift, capture in self.move_bits(white, black, white_to_move):
            t = targets
            while t:
                bit = t & -t
                t ^= bit
                origin = bit >> shift if shift > 0 else bit << -shift
                if white_to_move:
                    nw, nb = white ^ bit ^ origin, (black ^ bit if capture else black)
                else:
                    nw, nb = (white ^ bit if capture else white), black ^ bit ^ origin
                out.append((origin, bit, capture, nw, nb))
        return out

    def promotes(self, target_bit: int, white_to_move: bool) -> bool:
        """Whether a move to ``target_bit`` reaches the far row."""
        return bool(target_bit & (self.top if white_to_move else self.bottom))

    # --- the search -------------------------------------------------------------------
    def _make_search(self) -> Callable[[int, int, bool], bool]:
        board, top, bottom = self.board, self.top, self.bottom
        table = self.table
        key = self.key
        misere = self.misere
        normal_pawns = self.pawn == "normal"
        plus = self.pawn == "berolina_plus"
        engine = self

        def wins(w: int, b: int, white: bool) -> bool:
            caps: tuple[int, ...]
            quiet: tuple[int, ...]
            shifts_c: tuple[int, ...]
            shifts_q: tuple[int, ...]
            empty = board & ~(w | b)
            if white:
                if normal_pawns:
                    caps = ((w << 9) & b, (w >> 7) & b)
                    quiet = ((w << 1) & empty,)
                    shifts_c = (9, -7)
                    shifts_q = (1,)
                else:
                    if plus:
                        caps = ((w << 1) & b, (w << 8) & b, (w >> 8) & b)
                        shifts_c = (1, 8, -8)
                    else:
                        caps = ((w << 1) & b,)
                        shifts_c = (1,)
                    quiet = ((w << 9) & empty, (w >> 7) & empty)
                    shifts_q = (9, -7)
                far = top
            else:
                if normal_pawns:
                    caps = ((b << 7) & w, (b >> 9) & w)
                    quiet = ((b >> 1) & empty,)
                    shifts_c = (7, -9)
                    shifts_q = (-1,)
                else:
                    if plus:
                        caps = ((b >> 1) & w, (b << 8) & w, (b >> 8) & w)
                        shifts_c = (-1, 8, -8)
                    else:
                        caps = ((b >> 1) & w,)
                        shifts_c = (-1,)
                    quiet = ((b << 7) & empty, (b >> 9) & empty)
                    shifts_q = (7, -9)
                far = bottom
            every = 0
            for t in caps:
                every |= t
            for t in quiet:
                every |= t
            if misere:
                if not every:
                    return True  # no move: the player to move wins
                if not every & ~far:
                    return False  # every move promotes, and promoting loses
            else:
                if every & far:
                    return True  # an immediate promotion wins
                if not every:
                    return False  # stalemate loses
            k = key(w, b, white)
            found = table.get(k)
            if found is not None:
                return found
            engine.nodes += 1
            result = False
            for group, shifts, capture in ((caps, shifts_c, True), (quiet, shifts_q, False)):
                for t, shift in zip(group, shifts, strict=True):
                    if misere:
                        t &= ~far
                    while t:
                        bit = t & -t
                        t ^= bit
                        origin = bit >> shift if shift > 0 else bit << -shift
                        if white:
                            if not wins(w ^ bit ^ origin, b ^ bit if capture else b, False):
                                result = True
                                break
                        elif not wins(w ^ bit if capture else w, b ^ bit ^ origin, True):
                            result = True
                            break
                    if result:
                        break
                if result:
                    break
            table[k] = result
            return result

        return wins

    def solve(self, white: int, black: int, white_to_move: bool) -> bool:
        """:meth:`wins` with recursion head-room (the depth is at most the number of moves)."""
        depth = 2 * self.columns * self.rows + 100
        if sys.getrecursionlimit() < depth:
            sys.setrecursionlimit(depth)
        return self.wins(white, black, white_to_move)

    # --- game length under optimal play ----------------------------------------------
    def length(self, white: int, black: int, white_to_move: bool) -> int:
        """Plies left when the winner hurries and the loser delays as long as possible.

        >>> e = Engine(3, 3, "normal", False)
        >>> e.length(e.start_white, e.start_black, True)
        6
        """
        kids = self.children(white, black, white_to_move)
        far = self.top if white_to_move else self.bottom
        if not kids:
            return 0
        if self.misere:
            if all(k[1] & far for k in kids):
                return 1
        elif any(k[1] & far for k in kids):
            return 1
        k = self.key(white, black, white_to_move)
        found = self._length_table.get(k)
        if found is not None:
            return found
        if self.solve(white, black, white_to_move):
            result = min(
                1 + self.length(nw, nb, not white_to_move)
                for _o, t, _c, nw, nb in kids
                if not (self.misere and t & far) and not self.wins(nw, nb, not white_to_move)
            )
        else:
            result = max(
                1 + (0 if self.misere and t & far else self.length(nw, nb, not white_to_move))
                for _o, t, _c, nw, nb in kids
            )
        self._length_table[k] = result
        return result


_ENGINES: dict[tuple[int, int, str, bool], Engine] = {}


def engine_for(columns: int, rows: int, pawn: str, misere: bool) -> Engine:
    """The shared engine (and table) for one size, pawn type and ending.

    >>> engine_for(3, 3, "normal", False) is engine_for(3, 3, "normal", False)
    True
    """
    spec = (columns, rows, pawn, misere)
    found = _ENGINES.get(spec)
    if found is None:
        found = _ENGINES[spec] = Engine(columns, rows, pawn, misere)
    return found


def clear_engines() -> None:
    """Drop every engine and its transposition table.

    >>> clear_engines()
    """
    _ENGINES.clear()
