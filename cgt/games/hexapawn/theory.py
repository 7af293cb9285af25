"""The theory of Hexapawn on three rows (after the article "Elongated Hexapawn").

On a board of three rows and ``n`` columns the start position is ``P(n)``: two
facing rows of ``n`` pawns.  Under optimal play the game is impartial and
every game ends by stalemate, so positions have nimbers:

* ``f(n)`` is the nimber of ``P(n)``;
* ``g(n)`` is the nimber of ``P'(n)``: ``P(n)`` with one *edge* pawn of the
  player who just moved advanced to the middle row (``g(2)`` is undefined:
  ``P'(2)`` wins for the player to move whatever else is on the board, so
  moving into it always loses and the move is excluded);
* ``P'(x)·P'(y)`` is ``P(x + y - 1)`` with the pawn in column ``x`` advanced;
  the reply must capture, and the recapture must be on the same side, which
  leaves ``P(x-2) + P'(y)`` or ``P'(x) + P(y-2)``.  Moving there is sound only
  when both have the same nimber.

The recursion of the source: ``f(0) = 0``, ``f(1) = 1``, ``f(2) = 0``,
``g(1) = 0``, ``g(3) = 1``, ``g(4) = 0`` and for ``x >= 3``::

    Z = {g(x)} ∪ {g(a) ^ f(x-1-a) : 3 <= a <= (x+1)/2,
                  kept when g(a) ^ f(x-1-a) == f(a-2) ^ g(x+1-a)}
    f(x) = mex Z,   g(x+2) = mex(Z ∪ {g(x+1)})

>>> n = nimbers(10)
>>> n.f
(0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0)
>>> three_row_winner(8), three_row_winner(10**100)
('white', 'black')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...errors import InvalidPosition
from ...game import Outcome, OutcomeWord
from ...impartial.nim import mex

__all__ = [
    "SOURCE_PERIOD_TABLE",
    "Block",
    "Nimbers",
    "PeriodCertificate",
    "block_board",
    "block_value",
    "certify_period",
    "nimbers",
    "parse_blocks",
    "period_hypothesis",
    "theory_winning_openings",
    "three_row_winner",
]

#: The source's table of ``(f(n), g(n))`` by ``n mod 10``, as printed.
SOURCE_PERIOD_TABLE: dict[int, tuple[int, int]] = {
    0: (0, 4),
    1: (1, 0),
    2: (0, 2),
    3: (0, 1),
    4: (1, 0),
    5: (1, 4),
    6: (0, 1),
    7: (1, 2),
    8: (1, 0),
    9: (0, 1),
}


@dataclass(frozen=True)
class Nimbers:
    """``f(0..n)`` and ``g(0..n+2)`` of the three-row theory (``None``: undefined).

    >>> nimbers(3).g
    (None, 0, None, 1, 0, 2)
    """

    f: tuple[int, ...]
    g: tuple[int | None, ...]


def _step(f: list[int], g: list[int | None], x: int) -> set[int]:
    """The set Z of the source for P(x), given f up to x-1 and g up to x+1."""
    gx = g[x]
    assert gx is not None
    z = {gx}
    for a in range(3, (x + 1) // 2 + 1):
        ga, gb = g[a], g[x + 1 - a]
        assert ga is not None and gb is not None
        one = ga ^ f[x - 1 - a]
        if one == f[a - 2] ^ gb:
            z.add(one)
    return z


@lru_cache(maxsize=8)
def _compute(n: int) -> Nimbers:
    f: list[int] = [0, 1, 0]
    g: list[int | None] = [None, 0, None, 1, 0]
    for x in range(3, n + 1):
        z = _step(f, g, x)
        f.append(mex(z))
        g1 = g[x + 1]
        assert g1 is not None
        g.append(mex(z | {g1}))
    return Nimbers(tuple(f[: n + 1]), tuple(g[: n + 3]))


def nimbers(n: int) -> Nimbers:
    """``f(0..n)`` and ``g(0..n+2)`` by the source's O(n²) recursion.

    >>> nimbers(8).g[5:10]
    (2, 1, 3, 0, 1)
    """
    if n < 0:
        raise InvalidPosition(f"nimbers(n) needs n >= 0, got {n}")
    full = _compute(max(n, 2))
    return full if n >= 2 else Nimbers(full.f[: n + 1], full.g[: n + 3])


@dataclass(frozen=True)
class PeriodCertificate:
    """A checked instance of the source's periodicity theorem.

    If ``f(b) = f(b - p)`` and ``g(b + 2) = g(b - p + 2)`` for every
    ``b`` with ``a + p < b < 3a`` (and ``a`` is large enough for the proof:
    ``3a/2 - 1 > a + p``), then the same holds for every ``b > a + p``.
    ``f_table[n % p]`` and ``g_table[n % p]`` then give ``f(n)`` for
    ``n > a`` and ``g(n)`` for ``n > a + 2``; ``last_f_exception`` and
    ``last_g_exception`` are the last ``n`` where the tables fail.

    >>> c = certify_period()
    >>> c.a <= 64, c.period, c.last_g_exception
    (True, 10, 65)
    """

    a: int
    period: int
    f_table: tuple[int, ...]
    g_table: tuple[int, ...]
    last_f_exception: int | None
    last_g_exception: int | None

    def f(self, n: int) -> int:
        """``f(n)`` for any ``n >= 0`` in O(1) (O(log n) for big integers).

        >>> c = certify_period()
        >>> [c.f(n) for n in range(8)], c.f(10**6) == c.f(10**6 - c.period)
        ([0, 1, 0, 0, 1, 1, 0, 1], True)
        """
        if n < 0:
            raise InvalidPosition(f"f(n) needs n >= 0, got {n}")
        if n <= 3 * self.a:
            return nimbers(3 * self.a).f[n]
        return self.f_table[n % self.period]

    def g(self, n: int) -> int | None:
        """``g(n)`` for any ``n >= 1`` (``None`` for the undefined ``g(2)``).

        >>> c = certify_period()
        >>> [c.g(n) for n in range(1, 6)], c.g(10**6) == c.g(10**6 - c.period)
        ([0, None, 1, 0, 2], True)
        """
        if n < 1:
            raise InvalidPosition(f"g(n) needs n >= 1, got {n}")
        if n <= 3 * self.a:
            return nimbers(3 * self.a).g[n]
        return self.g_table[n % self.period]

    def holds(self) -> bool:
        """Re-check the hypothesis of the theorem on ``a + p < b < 3a``.

        >>> certify_period().holds()
        True
        """
        return period_hypothesis(self.a, self.period)


def period_hypothesis(a: int, period: int = 10) -> bool:
    """Whether the source's hypothesis holds for ``a``: ``f(b) = f(b - p)`` and
    ``g(b + 2) = g(b - p + 2)`` for ``a + p < b < 3a`` (and ``3a/2 - 1 > a + p``).

    >>> period_hypothesis(64), period_hypothesis(62)
    (True, False)
    """
    p = period
    if 3 * a / 2 - 1 <= a + p:
        return False  # the proof needs the larger half of every split past a + p
    nb = nimbers(3 * a + 2)
    f, g = nb.f, nb.g
    return all(f[b] == f[b - p] and g[b + 2] == g[b - p + 2] for b in range(a + p + 1, 3 * a))


@lru_cache(maxsize=4)
def certify_period(period: int = 10, search_up_to: int = 400) -> PeriodCertificate:
    """The least ``a`` for which the source's periodicity criterion holds.

    >>> certify_period().f_table
    (0, 1, 0, 0, 1, 1, 0, 1, 1, 0)
    """
    for a in range(1, search_up_to + 1):
        if period_hypothesis(a, period):
            nb = nimbers(3 * a)
            f, g = nb.f, nb.g
            tail = range(3 * a - period + 1, 3 * a + 1)
            f_table = tuple(f[n] for n in sorted(tail, key=lambda n: n % period))
            g_table = tuple(int(g[n] or 0) for n in sorted(tail, key=lambda n: n % period))
            last_f = max((n for n in range(len(f)) if f[n] != f_table[n % period]), default=None)
            last_g = max(
                (n for n in range(1, len(g)) if g[n] != g_table[n % period]),
                default=None,
            )
            return PeriodCertificate(a, period, f_table, g_table, last_f, last_g)
    raise InvalidPosition(f"no certificate of period {period} with a <= {search_up_to}")


def three_row_winner(n: int) -> OutcomeWord:
    """OutcomeWord of ``Hexapawn(n, 3)`` (normal pawns and rules) by the theory, O(1).

    White (who moves first) wins iff ``f(n) != 0``: by the certified period,
    iff ``n mod 10`` is 1, 4, 5, 7 or 8.  The word is a :class:`cgt.OutcomeWord`:
    ``"white"`` is ``Outcome.N`` (the first player wins), ``"black"`` ``Outcome.P``.

    >>> [three_row_winner(n)[0] for n in range(1, 11)]
    ['w', 'b', 'b', 'w', 'w', 'b', 'w', 'w', 'b', 'b']
    """
    if n < 1:
        raise InvalidPosition(f"a board needs at least one column, got {n}")
    if certify_period().f(n):
        return OutcomeWord("white", Outcome.N)
    return OutcomeWord("black", Outcome.P)


def theory_winning_openings(n: int) -> list[int]:
    """The 0-based columns whose pawn's first step wins on ``3 x n``, by the theory.

    Advancing the edge pawn leaves ``P'(n)`` (nimber ``g(n)``); advancing the
    pawn of column ``x`` (1-based, not an edge) leaves ``P'(x)·P'(n+1-x)``,
    sound only when both replies have the same nimber.  A move wins when it
    leaves nimber 0.

    >>> theory_winning_openings(8)   # the a, c, f and h pawns
    [0, 2, 5, 7]
    """
    if n < 1:
        raise InvalidPosition(f"a board needs at least one column, got {n}")
    nb = nimbers(n + 2)
    f, g = nb.f, nb.g
    out = []
    for col in range(n):
        x, y = col + 1, n - col
        if x == 1 or y == 1:
            value = g[n]
            if value == 0:
                out.append(col)
            continue
        if x == 2 or y == 2:
            continue
        gx, gy = g[x], g[y]
        assert gx is not None and gy is not None
        left, right = f[x - 2] ^ gy, gx ^ f[y - 2]
        if left == right == 0:
            out.append(col)
    return out


# --- position classes as boards ----------------------------------------------------------

#: ``("P", k)``, ``("P'", k)`` or ``("P'P'", x, y)``
Block = tuple[str, ...]

_BLOCK = re.compile(r"\s*P'?\s*\(\s*\d+\s*\)(\s*[·.*]?\s*P'\s*\(\s*\d+\s*\))?\s*")


def parse_blocks(text: str) -> list[tuple[str, int, int]]:
    """Read ``"P(3) + P'(4) + P'(3)·P'(5)"`` as ``[(kind, x, y), ...]``.

    ``kind`` is ``"P"``, ``"P'"`` or ``"P'P'"``; ``y`` is 0 except for the last.

    >>> parse_blocks("P(3) + P'(4) + P'(3)·P'(5)")
    [('P', 3, 0), ("P'", 4, 0), ("P'P'", 3, 5)]
    """
    out: list[tuple[str, int, int]] = []
    offset = 0
    for part in text.split("+"):
        if not _BLOCK.fullmatch(part):
            raise InvalidPosition(
                f"cannot read block {part.strip()!r} at offset {offset} of {text!r}: "
                "expected P(k), P'(k) or P'(x)·P'(y)"
            )
        nums = [int(v) for v in re.findall(r"\d+", part)]
        primes = part.count("'")
        if len(nums) == 2:
            if primes != 2:
                raise InvalidPosition(f"a split block must read P'(x)·P'(y), got {part.strip()!r}")
            x, y = nums
            if x < 2 or y < 2:
                raise InvalidPosition(f"P'(x)·P'(y) needs x, y >= 2, got {part.strip()!r}")
            out.append(("P'P'", x, y))
        else:
            k = nums[0]
            if primes and k < 1:
                raise InvalidPosition(f"P'(k) needs k >= 1, got {part.strip()!r}")
            out.append(("P'" if primes else "P", k, 0))
        offset += len(part) + 1
    return out


def block_board(text: str, to_move: str = "white") -> str:
    """A three-row board string for a sum of blocks separated by empty columns.

    The advanced pawn of a primed block belongs to the player who has just
    moved (the opponent of ``to_move``); in ``P'(k)`` it is the rightmost pawn.

    >>> block_board("P(2) + P'(3)")
    'BB.BB.|.....B|WW.WWW'
    """
    if to_move not in ("white", "black"):
        raise InvalidPosition(f"to_move must be 'white' or 'black', got {to_move!r}")
    columns: list[str] = []  # each column bottom-to-top: 3 chars
    for kind, x, y in parse_blocks(text):
        if columns:
            columns.append("...")
        k = x if kind != "P'P'" else x + y - 1
        advanced = -1
        if kind == "P'":
            advanced = k - 1
        elif kind == "P'P'":
            advanced = x - 1
        for c in range(k):
            if c != advanced:
                columns.append("W.B")
            elif to_move == "white":  # Black just moved: a black pawn stepped down
                columns.append("WB.")
            else:
                columns.append(".WB")
    if not columns:
        raise InvalidPosition(f"no columns in {text!r}")
    rows = ["".join(col[r] for col in columns) for r in (2, 1, 0)]
    return "|".join(rows)


def block_value(text: str) -> int | None:
    """The nimber of a sum of blocks by the theory (``None`` if a block is unsound).

    ``P'(2)`` and ``P'(x)·P'(y)`` with unequal replies have no nimber (the
    player to move wins whatever the rest is).

    >>> block_value("P(3) + P'(4)"), block_value("P'(2)")
    (0, None)
    """
    blocks = parse_blocks(text)
    top = max(x + y for _k, x, y in blocks) + 2
    nb = nimbers(top)
    total = 0
    for kind, x, y in blocks:
        if kind == "P":
            total ^= nb.f[x]
        elif kind == "P'":
            gx = nb.g[x]
            if gx is None:
                return None
            total ^= gx
        else:
            gx, gy = nb.g[x], nb.g[y]
            if gx is None or gy is None:
                return None
            one, two = nb.f[x - 2] ^ gy, gx ^ nb.f[y - 2]
            if one != two:
                return None
            total ^= one
    return total
