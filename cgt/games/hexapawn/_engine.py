"""The exact Hexapawn search: bitboards, a compact transposition table, mirror symmetry.

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
positions.  In a position that is not over, the mover's pawns never stand on
the far row and the opponent's never on the mover's home row, so each colour
needs ``rows - 1`` bits per column; the key packs them into one integer
(``10 * columns`` bits on six rows, so 60 bits for 6 x 6).

Keys of at most :data:`SLOT_KEY_BITS` bits go into a :class:`SlotTable`: an
open-addressing table of 64-bit slots in an ``array('Q')`` holding the full key
and the result (8 bytes a position instead of about 100 for a ``dict`` entry
with a ``bytes`` key).  It grows up to a slot limit and then replaces the
entries that were cheapest to compute; a replaced result is only recomputed,
never guessed, so the search stays exact.  Larger keys go into a
:class:`DictTable`.

Pruning, all sound: a player who can promote at once (normal rules) wins
without further search.  Under normal rules a pawn one step from promotion with
an empty promotion square can only be stopped by capturing it (no pawn ever
moves onto its own home row), so a player facing two such pawns loses at once,
and a player facing one may only capture it.  The table stores only proven
results.  Captures are tried first, and the search stops at the first winning
move (``winner()`` needs only win or loss).

The same search is compiled (``cgt/_c/hexapawn.c``, the kernel
``cgt._kernel_hexapawn``) for boards of at most 64 squares: an :class:`Engine`
uses it when it is built and not turned off (``CGT_PURE_PYTHON=1``), and its
own Python search otherwise.  Both expand the same positions in the same order
(their counts differ only by the few entries a full probe window replaces,
which the two tables meet at different places); the compiled one keeps its
table (8 bytes a position, 16 for keys over 60 bits) in C.
"""

from __future__ import annotations

import sys
import threading
from array import array
from collections.abc import Callable
from itertools import product
from typing import Any

from ... import _cache
from ... import progress as _progress
from ..._engine import python_only as _python_only
from ...errors import InvalidArgument, InvalidPosition
from ...kernels import kernel

__all__ = [
    "DEFAULT_MAX_SLOTS",
    "KERNEL_MAX_SQUARES",
    "MAX_ROWS",
    "PAWN_TYPES",
    "SLOT_KEY_BITS",
    "DictTable",
    "Engine",
    "MoveBits",
    "SlotTable",
    "clear_engines",
    "engine_for",
]

MAX_ROWS = 8
PAWN_TYPES = ("normal", "berolina", "berolina_plus")

#: keys of at most this many bits fit a :class:`SlotTable` slot (4 bits are flags)
SLOT_KEY_BITS = 60
#: the largest :class:`SlotTable`: 2**28 slots of 8 bytes, 2 GiB
DEFAULT_MAX_SLOTS = 1 << 28

#: ``(target_bits, shift, is_capture)``: every set bit of ``target_bits`` is the
#: target of one move whose origin is the target shifted back by ``shift``.
MoveBits = tuple[int, int, bool]

#: the compiled search (``None`` when not built or turned off)
_KERNEL = kernel("hexapawn")
#: boards of at most this many squares can use the compiled search
KERNEL_MAX_SQUARES = 64

_MIX = 0x9E3779B97F4A7C15  # odd 64-bit multiplier (Fibonacci hashing: top bits of key * _MIX)
_M64 = (1 << 64) - 1


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


class SlotTable:
    """Exact transposition table for keys below ``2**60``, 8 bytes a slot.

    Each slot of an ``array('Q')`` holds ``key << 4 | effort << 1 | result``
    (0 marks an empty slot; keys are never 0).  A key lives in one of the
    :attr:`WINDOW` slots from its home slot ``home(key)`` on (the array has
    ``WINDOW - 1`` spare slots at the end, so a window never wraps round), and a
    lookup compares full keys, so it never returns another position's result.
    The table doubles when half full, up to ``max_slots``.  A new entry whose
    window is full (rare below the limit, the rule once the table is full)
    replaces the entry there with the least ``effort`` (a 0..7 measure of the
    work behind it).

    >>> t = SlotTable(max_slots=1 << 12)
    >>> t.put(12345, True, 3)
    >>> t.get(12345), t.get(54321), len(t)
    (True, None, 1)
    >>> t.put(12345, False, 0); t.get(12345), len(t)
    (False, 1)
    """

    WINDOW = 16

    def __init__(self, max_slots: int = DEFAULT_MAX_SLOTS, initial_slots: int = 1 << 12) -> None:
        if max_slots & (max_slots - 1) or initial_slots & (initial_slots - 1):
            raise ValueError("slot counts must be powers of two")
        self.max_slots = max(max_slots, self.WINDOW)
        self.initial_slots = min(max(initial_slots, self.WINDOW), self.max_slots)
        #: entries overwritten by other positions (their window was full)
        self.replaced = 0
        self._reset(self.initial_slots)

    def _reset(self, size: int) -> None:
        #: number of home slots (a power of two)
        self.size = size
        self.slots = array("Q", [0]) * (size + self.WINDOW - 1)
        self.count = 0
        #: ``home(key) = (key * _MIX mod 2**64) >> shift``
        self.shift = 64 - (size.bit_length() - 1)
        #: entries that trigger :meth:`grow` (never, once at ``max_slots``)
        self.limit = size // 2 if size < self.max_slots else 1 << 62

    def __len__(self) -> int:
        return self.count

    def home(self, key: int) -> int:
        """The first slot of ``key``'s window.

        >>> 0 <= SlotTable().home(2**59 + 1) < SlotTable().size
        True
        """
        return (key * _MIX & _M64) >> self.shift

    def clear(self) -> None:
        """Forget every entry and shrink back to the initial size.

        >>> t = SlotTable(); t.put(7, True, 0); t.clear(); len(t), t.get(7)
        (0, None)
        """
        self.replaced = 0
        self._reset(self.initial_slots)

    def get(self, key: int) -> bool | None:
        """The stored result for ``key``, or ``None``.

        >>> t = SlotTable(); t.put(99, False, 1); t.get(99), t.get(98)
        (False, None)
        """
        slots = self.slots
        i = (key * _MIX & _M64) >> self.shift
        end = i + self.WINDOW
        while i < end:
            v = slots[i]
            if not v:
                return None
            if v >> 4 == key:
                return v & 1 == 1
            i += 1
        return None

    def put(self, key: int, result: bool, effort: int) -> None:
        """Store ``result`` for ``key``; ``effort`` (0..7) ranks it for replacement.

        >>> t = SlotTable(); t.put(5, True, 7); t.get(5)
        True
        """
        entry = key << 4 | effort << 1 | result
        slots = self.slots
        i = (key * _MIX & _M64) >> self.shift
        end = i + self.WINDOW
        victim = i
        least = 8
        while i < end:
            v = slots[i]
            if not v:
                slots[i] = entry
                self.count += 1
                if self.count > self.limit:
                    self.grow()
                return
            if v >> 4 == key:
                slots[i] = entry
                return
            e = (v >> 1) & 7
            if e < least:
                least, victim = e, i
            i += 1
        slots[victim] = entry
        self.replaced += 1

    def grow(self) -> None:
        """Double the number of slots (beyond ``max_slots`` if asked) and re-insert.

        >>> t = SlotTable(); t.put(11, True, 0); t.grow(); t.size, t.get(11)
        (8192, True)
        """
        old = self.slots
        self._reset(self.size * 2)
        slots = self.slots
        shift = self.shift
        window = self.WINDOW
        count = 0
        for v in old:
            if v:
                i = ((v >> 4) * _MIX & _M64) >> shift
                end = i + window
                while i < end:
                    if not slots[i]:
                        slots[i] = v
                        count += 1
                        break
                    i += 1
                # a full window in a table twice as large is next to impossible;
                # dropping the entry then only costs a recomputation
        self.count = count
        del old


class DictTable:
    """Transposition table in a plain ``dict`` (for keys too long for a :class:`SlotTable`).

    >>> t = DictTable(); t.put(1 << 80, True, 0); t.get(1 << 80), len(t)
    (True, 1)
    """

    def __init__(self) -> None:
        self.data: dict[int, bool] = {}
        self.replaced = 0

    def __len__(self) -> int:
        return len(self.data)

    def clear(self) -> None:
        """Forget every entry.

        >>> t = DictTable(); t.put(3, False, 0); t.clear(); len(t)
        0
        """
        self.data.clear()

    def get(self, key: int) -> bool | None:
        """The stored result for ``key``, or ``None``.

        >>> DictTable().get(3) is None
        True
        """
        return self.data.get(key)

    def put(self, key: int, result: bool, effort: int) -> None:
        """Store ``result`` for ``key`` (``effort`` is ignored: nothing is replaced).

        >>> t = DictTable(); t.put(3, True, 5); t.data
        {3: True}
        """
        self.data[key] = result


def _key_function(columns: int, rows: int) -> tuple[Callable[[int, int, bool], int], int]:
    """The canonical-key function of one board size and the bits its keys can use.

    The key is built from ``x``, the mover's pawns, and ``y``, the opponent's
    shifted down one row (both as seen by the mover: rows 0 .. rows-2 of each
    column byte), combined column by column into a code whose bytes follow the
    columns, so the mirror image is the same code read with the other byte
    order; the key is the smaller of the two.

    >>> key, bits = _key_function(3, 3)
    >>> bits, key(0b1, 0b100 << 16, True) == key(0b1 << 16, 0b100, True)
    (12, True)
    """
    n = columns
    nbits = 8 * n
    flip = _flip_table(rows)
    flip_down = bytes(v >> 1 for v in flip)

    if rows <= 5:
        # x and y share one byte a column; on three rows (or two) a byte holds
        # two columns
        f = 2 if rows <= 3 else rows - 1

        def key(w: int, b: int, white: bool) -> int:
            if white:
                code = w | (b >> 1) << f
            else:
                code = (
                    int.from_bytes(b.to_bytes(n, "little").translate(flip), "little")
                    | int.from_bytes(w.to_bytes(n, "little").translate(flip_down), "little") << f
                )
            mirrored = int.from_bytes(code.to_bytes(n, "little"), "big")
            return code if code <= mirrored else mirrored

        if rows > 3:
            return key, 8 * n

        def key3(w: int, b: int, white: bool) -> int:
            code = key(w, b, white)
            code |= code >> 4
            return int.from_bytes(code.to_bytes(n, "little")[::2], "little")

        return key3, 4 * n

    if rows == 6 and n <= 8:
        # five bits a colour: x and the low three bits of y fill one byte a
        # column; the top two bits of y in every column are gathered by a
        # lookup (one table for each reading direction)
        m7 = int.from_bytes(b"\x07" * n, "little")
        m3 = int.from_bytes(b"\x03" * n, "little")
        gather: dict[int, int] = {}
        gather_mirrored: dict[int, int] = {}
        for digits in product(range(4), repeat=n):
            spread = packed = packed_mirrored = 0
            for c, d in enumerate(digits):
                spread |= d << (8 * c)
                packed |= d << (2 * c)
                packed_mirrored |= d << (2 * (n - 1 - c))
            gather[spread] = packed << nbits
            gather_mirrored[spread] = packed_mirrored << nbits

        def key6(w: int, b: int, white: bool) -> int:
            if white:
                x = w
                y = b >> 1
            else:
                x = int.from_bytes(b.to_bytes(n, "little").translate(flip), "little")
                y = int.from_bytes(w.to_bytes(n, "little").translate(flip_down), "little")
            code = x | (y & m7) << 5
            y = (y >> 3) & m3
            k1 = code | gather[y]
            k2 = int.from_bytes(code.to_bytes(n, "little"), "big") | gather_mirrored[y]
            return k1 if k1 <= k2 else k2

        return key6, 10 * n

    def oriented(w: int, b: int, white: bool) -> int:
        if white:
            x = w.to_bytes(n, "little")
            y = (b >> 1).to_bytes(n, "little")
        else:
            x = b.to_bytes(n, "little").translate(flip)
            y = w.to_bytes(n, "little").translate(flip_down)
        k1 = x + y
        k2 = x[::-1] + y[::-1]
        return int.from_bytes(k1 if k1 <= k2 else k2, "little")

    return oriented, 16 * n


class Engine:
    """Memoised win/loss search for one board size, pawn type and ending rule.

    ``wins(white, black, white_to_move)`` says whether the side to move wins.
    ``max_slots`` bounds the :class:`SlotTable` (a power of two; 8 bytes a slot).
    ``compiled`` chooses the search: ``None`` (the default) the compiled one
    when it is available and the board has at most :data:`KERNEL_MAX_SQUARES`
    squares, ``False`` always the Python one, ``True`` the compiled one or
    :class:`~cgt.errors.InvalidArgument` if it is not available.

    >>> e = Engine(3, 3, "normal", False)
    >>> e.wins(e.start_white, e.start_black, True)
    False
    >>> e.positions > 0
    True
    >>> p = Engine(3, 3, "normal", False, compiled=False)
    >>> p.compiled, p.wins(p.start_white, p.start_black, True), p.positions == e.positions
    (False, False, True)
    """

    def __init__(
        self,
        columns: int,
        rows: int,
        pawn: str,
        misere: bool,
        max_slots: int = DEFAULT_MAX_SLOTS,
        *,
        compiled: bool | None = None,
    ) -> None:
        if pawn not in PAWN_TYPES:
            raise InvalidPosition(f"unknown pawn type {pawn!r}: expected one of {PAWN_TYPES}")
        fits = columns * rows <= KERNEL_MAX_SQUARES and 2 <= rows <= MAX_ROWS
        if compiled and (_KERNEL is None or not fits):
            raise InvalidArgument(
                "the compiled Hexapawn search is not available"
                + (
                    " (not built, or CGT_PURE_PYTHON is set)"
                    if _KERNEL is None
                    else f" for a {columns} x {rows} board (at most {KERNEL_MAX_SQUARES} squares)"
                )
            )
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
        self._key, self.key_bits = _key_function(columns, rows)
        #: canonical key -> does the side to move win
        self.table: SlotTable | DictTable = (
            SlotTable(max_slots) if self.key_bits <= SLOT_KEY_BITS else DictTable()
        )
        #: positions expanded by the search (table entries written)
        self.nodes = 0
        self._length_table: dict[int, int] = {}
        #: held by :meth:`solve` and :meth:`length`: the table changes under one thread at a time
        self.lock = threading.RLock()
        #: the running search's progress bar, and the node count of its next update
        self.tracker: _progress.Tracker | None = None
        self.tick_at = _progress.NEVER
        #: the pure-Python search (also the fallback for boards the kernel refuses)
        self.python_wins: Callable[[int, int, bool], bool] = self._make_search()
        self._kernel: Any = None
        if _KERNEL is not None and fits and compiled is not False:
            self._kernel = _KERNEL.Search(
                columns, rows, PAWN_TYPES.index(pawn), misere, max(max_slots, 2 * SlotTable.WINDOW)
            )
        self.wins: Callable[[int, int, bool], bool] = (
            self.python_wins if self._kernel is None else self._kernel_wins
        )

    @property
    def compiled(self) -> bool:
        """Whether this engine searches with the compiled kernel.

        >>> isinstance(Engine(3, 3, "normal", False).compiled, bool)
        True
        """
        return self._kernel is not None

    def _kernel_wins(self, white: int, black: int, white_to_move: bool) -> bool:
        """The compiled search (the Python one for boards it does not take)."""
        search = self._kernel
        try:
            w = white.to_bytes(self.columns, "little")
            b = black.to_bytes(self.columns, "little")
        except OverflowError:  # off the board, or negative
            return self.python_wins(white, black, white_to_move)
        search.nodes = self.nodes
        try:
            result = search.wins(w, b, white_to_move, self.tick_at, self._kernel_tick)
        finally:
            self.nodes = search.nodes
        if result is NotImplemented:
            return self.python_wins(white, black, white_to_move)
        return bool(result)

    def _kernel_tick(self, nodes: int) -> int:
        """The compiled search's checkpoint: update the progress bar, say when to call again."""
        self.nodes = nodes
        self.tick()
        return self.tick_at

    @property
    def positions(self) -> int:
        """Distinct positions stored in the transposition table."""
        if self._kernel is not None:
            return int(self._kernel.count) + len(self.table)
        return len(self.table)

    def clear(self) -> None:
        """Forget every stored result."""
        self.table.clear()
        if self._kernel is not None:
            self._kernel.clear()
        self._length_table.clear()
        self.nodes = 0

    # --- keys ---------------------------------------------------------------------
    def key(self, white: int, black: int, white_to_move: bool) -> int:
        """The canonical key: mover's point of view, reduced by the mirror symmetry.

        >>> e = Engine(3, 3, "normal", False)
        >>> e.key(0b10 | 1 << 16, 0b100 << 8, True) == e.key(1 | 0b10 << 16, 0b100 << 8, True)
        True
        """
        return self._key(white, black, white_to_move)

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
        white_last = top >> 1  # the row from which White promotes
        black_last = bottom << 1  # the row from which Black promotes
        table_get = self.table.get
        table_put = self.table.put
        slot_table = self.table if isinstance(self.table, SlotTable) else None
        window = SlotTable.WINDOW
        mix, m64 = _MIX, _M64
        key = self._key
        misere = self.misere
        threats = not misere
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
            if threats:
                # the opponent's pawns that could promote onto an empty square
                # next move: no move blocks such a square (nobody enters their
                # own home row), so each must be captured at once
                if white:
                    r = b & black_last
                    if normal_pawns:
                        threat = ((r >> 1) & empty) << 1
                    else:
                        threat = ((r << 7) & empty) >> 7 | ((r >> 9) & empty) << 9
                else:
                    r = w & white_last
                    if normal_pawns:
                        threat = ((r << 1) & empty) >> 1
                    else:
                        threat = ((r << 9) & empty) >> 9 | ((r >> 7) & empty) << 7
                if threat:
                    if threat & (threat - 1):
                        return False  # two threats: one capture cannot stop both
                    caps = tuple(t & threat for t in caps)
                    if not any(caps):
                        return False
                    quiet = ()
                    shifts_q = ()
            k = key(w, b, white)
            if slot_table is None:
                found = table_get(k)
                if found is not None:
                    return found
            else:  # SlotTable.get, inlined; i ends at the first free slot
                slots = slot_table.slots
                i = (k * mix & m64) >> slot_table.shift
                end = i + window
                while i < end:
                    v = slots[i]
                    if not v:
                        break
                    if v >> 4 == k:
                        return v & 1 == 1
                    i += 1
            before = engine.nodes = engine.nodes + 1
            if before >= engine.tick_at:
                engine.tick()
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
            effort = (engine.nodes - before).bit_length() // 3
            if effort > 7:
                effort = 7
            if slot_table is None:
                table_put(k, result, effort)
            elif i < end and slots is slot_table.slots and not slots[i]:
                # SlotTable.put, inlined: the free slot found by the lookup is
                # still the first free one in the window (slots are never freed)
                slots[i] = k << 4 | effort << 1 | result
                slot_table.count += 1
                if slot_table.count > slot_table.limit:
                    slot_table.grow()
            else:
                table_put(k, result, effort)
            return result

        return wins

    def solve(
        self, white: int, black: int, white_to_move: bool, *, progress: bool | None = None
    ) -> bool:
        """:meth:`wins` with recursion head-room (the depth is at most the number of moves).

        A search longer than two seconds shows a progress bar (see
        :mod:`cgt.progress`) unless ``progress`` is ``False``.
        """
        depth = 2 * self.columns * self.rows + 100
        if sys.getrecursionlimit() < depth:
            sys.setrecursionlimit(depth)
        with (
            self.lock,
            _progress.tracking("Hexapawn positions", progress=progress, base=self.nodes) as tracker,
        ):
            if tracker is _progress.IDLE:  # inside another tracked search
                return self.wins(white, black, white_to_move)
            self.tracker, self.tick_at = tracker, tracker.next
            try:
                return self.wins(white, black, white_to_move)
            finally:
                self.tracker, self.tick_at = None, _progress.NEVER

    def tick(self) -> None:
        """A checkpoint of the running search: update its progress bar."""
        tracker = self.tracker
        if tracker is None:
            self.tick_at = _progress.NEVER
            return
        tracker.update(self.nodes)
        self.tick_at = tracker.next

    # --- game length under optimal play ----------------------------------------------
    def length(self, white: int, black: int, white_to_move: bool) -> int:
        """Plies left when the winner hurries and the loser delays as long as possible.

        >>> e = Engine(3, 3, "normal", False)
        >>> e.length(e.start_white, e.start_black, True)
        6
        """
        with self.lock:
            return self._length(white, black, white_to_move)

    def _length(self, white: int, black: int, white_to_move: bool) -> int:
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
                1 + self._length(nw, nb, not white_to_move)
                for _o, t, _c, nw, nb in kids
                if not (self.misere and t & far) and not self.wins(nw, nb, not white_to_move)
            )
        else:
            result = max(
                1 + (0 if self.misere and t & far else self._length(nw, nb, not white_to_move))
                for _o, t, _c, nw, nb in kids
            )
        self._length_table[k] = result
        return result


_ENGINES: dict[tuple[int, int, str, bool, bool], Engine] = {}


def engine_for(columns: int, rows: int, pawn: str, misere: bool) -> Engine:
    """The shared engine (and table) for one size, pawn type and ending.

    >>> engine_for(3, 3, "normal", False) is engine_for(3, 3, "normal", False)
    True

    Inside ``cgt.games.implementation("python")`` it is an engine of the
    Python search (its own table):

    >>> from cgt.games import implementation
    >>> with implementation("python"):
    ...     engine_for(3, 3, "normal", False).compiled
    False
    """
    python = _python_only()  # inside cgt.games.implementation("python"): no kernel
    spec = (columns, rows, pawn, misere, python)
    found = _ENGINES.get(spec)
    if found is None:
        while len(_ENGINES) >= MAX_ENGINES:  # the oldest engine's table goes
            _release(_ENGINES.pop(next(iter(_ENGINES))))
        found = _ENGINES[spec] = Engine(
            columns,
            rows,
            pawn,
            misere,
            max_slots=budget_slots(),
            compiled=False if python else None,
        )
    return found


MAX_ENGINES = 4
"""Engines (one transposition table each) kept at once; each gets an equal part
of the Hexapawn share of :func:`cgt.memory_limit`."""


def budget_slots() -> int:
    """Slots (8 bytes each) of a new engine's table: its part of the memory budget.

    >>> budget_slots() & (budget_slots() - 1), budget_slots() >= 32
    (0, True)
    """
    slots = 32
    while slots * 2 * 8 <= _cache.share("hexapawn") // MAX_ENGINES:
        slots *= 2
    return slots


def _usage() -> list[tuple[str, int, int]]:
    """Positions and bytes of the engines' tables (for :func:`cgt.cache_info`)."""
    count = nbytes = 0
    for engine in list(_ENGINES.values()):
        count += engine.positions
        table = engine.table
        if engine._kernel is not None:
            nbytes += int(engine._kernel.nbytes)
        nbytes += 8 * table.size if isinstance(table, SlotTable) else 128 * len(table)
    return [("hexapawn", count, nbytes)]


_cache.add_usage(_usage)


def clear_engines() -> None:
    """Drop every engine and its transposition table.

    Each table is emptied first (unless its engine is searching in another
    thread), so its memory is returned at once rather than when the garbage
    collector next finds the engine.

    >>> clear_engines()
    """
    for engine in list(_ENGINES.values()):
        _release(engine)
    _ENGINES.clear()


def _release(engine: Engine) -> None:
    """Empty ``engine``'s table now, unless it is searching (in this thread or another).

    The search holds the engine's lock, a re-entrant one: this thread is inside it when
    the lock is already its own.  (The running search's ``tracker`` is no such sign: a
    search nested in another tracked search has none, and a clean-up cut short by a
    second interrupt can leave one set.)
    """
    is_owned: Callable[[], bool] = getattr(engine.lock, "_is_owned")  # noqa: B009
    if is_owned() or not engine.lock.acquire(blocking=False):
        return
    try:
        engine.clear()
    finally:
        engine.lock.release()
