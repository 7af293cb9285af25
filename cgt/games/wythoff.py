"""Wythoff's game: a queen that moves left, down or diagonally down-left.

Coordinates are 0-based ``(x, y)``: column ``x`` counted from the left, row
``y`` counted from the bottom; ``(0, 0)``, the bottom-left corner, is the only
terminal square.  A move takes the queen any positive distance left
(``x`` decreases), down (``y`` decreases) or diagonally down-left (both
decrease by the same amount); whoever cannot move loses.  Equivalently: two
heaps, take any number from one heap or the same number from both.

* P-positions: ``(a_n, a_n + n)`` and ``(a_n + n, a_n)`` with
  ``a_n = floor(n·φ)``, ``φ = (1 + √5)/2``, computed exactly with integer
  square roots (:func:`wythoff_pair`), so :func:`is_p_position` is O(1) and
  correct for coordinates of any size.
* Grundy values: :func:`grundy_table` (rows of an ``x``-by-``y`` table, by a
  bitset mex along rows, columns and diagonals; numpy when available);
  several queens form a disjunctive sum (:class:`Wythoff`).
* Misère play of one queen: :func:`misere_p_positions`; of several queens:
  :meth:`Wythoff.misere_quotient` (the misère quotient of all single queens
  on a square board) and :meth:`Wythoff.misere_outcome`.

>>> wythoff_pair(3), is_p_position(5, 3), is_p_position(5, 4)
((4, 7), True, False)
>>> grundy_value(7, 3), Wythoff([(4, 5), (7, 3), (5, 0)]).grundy()
(9, 10)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from decimal import Decimal, localcontext
from math import isqrt
from typing import TYPE_CHECKING, Any, ClassVar

from .._svg import Drawable
from ..canonical import on_clear
from ..errors import CGTError, InvalidArgument, InvalidPosition, WrongType
from ..game import Outcome
from ..impartial.nim import mex
from ..kernels import optional_numpy as _numpy
from .base import ImpartialPosition, solver_for
from .registry import register_ruleset

if TYPE_CHECKING:
    from ..impartial.quotient import FamilyQuotient

__all__ = [
    "BoardTooLarge",
    "GenWythoff",
    "GenWythoffPosition",
    "Wythoff",
    "a_sequence_by_mex",
    "golden_ratio_convergence",
    "grundy_table",
    "grundy_value",
    "is_p_position",
    "misere_p_positions",
    "p_positions",
    "plot_golden_ratio",
    "r_wythoff_pair",
    "wythoff_pair",
]

_TABLE_LIMIT = 40_000_000  # cells; beyond this a Grundy table is refused
_MISERE_BOARD = 8  # misère outcomes of queens on boards up to this size use the quotient
_MAX_QUOTIENT_BOARD = 16  # the largest board misere_quotient accepts
_quotients: dict[int, Any] = {}
on_clear(_quotients.clear)  # cgt.clear_caches() forgets the board quotients


class BoardTooLarge(CGTError, ValueError):
    """A Grundy table would be too large to compute.

    >>> issubclass(BoardTooLarge, CGTError)
    True
    """


def _coordinate(v: object, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InvalidPosition(f"{what} must be an int, not {type(v).__name__}")
    if v < 0:
        raise InvalidPosition(f"{what} must be non-negative, got {v}")
    return v


def wythoff_pair(n: int) -> tuple[int, int]:
    """The ``n``-th P-position ``(a_n, b_n) = (floor(n·φ), floor(n·φ) + n)``.

    ``n·φ = (n + √(5n²))/2``, so ``a_n = (n + isqrt(5·n²)) // 2``: exact integer
    arithmetic, valid for ``n`` of any size.

    >>> [wythoff_pair(n) for n in range(6)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    >>> wythoff_pair(10**30)[0]
    1618033988749894848204586834365
    """
    _coordinate(n, "n")
    a = (n + isqrt(5 * n * n)) // 2
    return a, a + n


def is_p_position(x: int, y: int) -> bool:
    """Whether the queen on ``(x, y)`` is a P-position (the player to move loses).

    With ``x <= y`` and ``n = y - x`` this is ``x == floor(n·φ)``: O(1) big-integer
    operations, no floats.

    >>> [(x, y) for x in range(8) for y in range(8) if is_p_position(x, y)]
    [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]
    >>> a, b = wythoff_pair(10**30)
    >>> is_p_position(a, b), is_p_position(a + 1, b)
    (True, False)
    """
    _coordinate(x, "x")
    _coordinate(y, "y")
    if x > y:
        x, y = y, x
    return wythoff_pair(y - x)[0] == x


def p_positions(size: int) -> list[tuple[int, int]]:
    """All P-positions with both coordinates below ``size``, sorted.

    >>> p_positions(8)
    [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]
    """
    _coordinate(size, "size")
    out: list[tuple[int, int]] = []
    n = 0
    while True:
        a, b = wythoff_pair(n)
        if a >= size:
            break
        if b < size:
            out.extend({(a, b), (b, a)})
        n += 1
    return sorted(out)


def a_sequence_by_mex(count: int) -> list[int]:
    """``a_0, ..., a_(count-1)`` from the recursion ``a_n = mex{a_i, a_i + i : i < n}``.

    This is the workshop's definition; it agrees with ``floor(n·φ)``.

    >>> a_sequence_by_mex(12)
    [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17]
    >>> all(a == wythoff_pair(n)[0] for n, a in enumerate(a_sequence_by_mex(500)))
    True
    """
    _coordinate(count, "count")
    taken: set[int] = set()
    out: list[int] = []
    low = 0
    for n in range(count):
        while low in taken:
            low += 1
        a = low if n else 0
        out.append(a)
        taken.add(a)
        taken.add(a + n)
    return out


def golden_ratio_convergence(ns: Iterable[int], digits: int = 12) -> list[tuple[int, int, Decimal]]:
    """Rows ``(n, a_n, a_n / n)`` showing ``a_n / n -> φ`` (``|a_n/n - φ| < 1/n``).

    The quotient is an exact-to-``digits`` :class:`~decimal.Decimal`, computed
    from the integer ``a_n``.

    >>> for n, a, q in golden_ratio_convergence([1, 10, 100, 10**6]):
    ...     print(n, a, q)
    1 1 1
    10 16 1.6
    100 161 1.61
    1000000 1618033 1.618033
    """
    rows = []
    with localcontext() as ctx:
        ctx.prec = digits
        for n in ns:
            _coordinate(n, "n")
            if n == 0:
                raise InvalidPosition("a_n / n needs n >= 1")
            a = wythoff_pair(n)[0]
            rows.append((n, a, (Decimal(a) / Decimal(n)).normalize()))
    return rows


def plot_golden_ratio(n_max: int = 100, ax: Any = None) -> Any:
    """Plot ``a_n`` for ``n <= n_max`` with the line ``n·φ`` (needs matplotlib).

    Returns the matplotlib Axes.  matplotlib is optional
    (the ``plot`` extra: ``pip install matplotlib``); the data alone are
    :func:`a_sequence_by_mex`.

    >>> callable(plot_golden_ratio)
    True
    """
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "plot_golden_ratio needs matplotlib (the 'plot' extra): pip install matplotlib"
        ) from exc
    if ax is None:
        _, ax = plt.subplots()
    ns = list(range(n_max + 1))
    phi = (1 + 5**0.5) / 2
    ax.plot(ns, [wythoff_pair(n)[0] for n in ns], ".", label="a_n = mex{a_i, a_i + i : i < n}")
    ax.plot(ns, [n * phi for n in ns], "-", label="n·φ")
    ax.set_xlabel("n")
    ax.set_ylabel("a_n")
    ax.legend()
    return ax


# --- Grundy values ----------------------------------------------------------------------


def _table_python(rows: int, cols: int) -> list[list[int]]:
    # Row x of the result holds g(x, 0..cols-1).  The options of (x, y) lie in
    # earlier rows or earlier in row x, so one pass with three families of
    # bitsets (one per column, per row and per diagonal) gives every mex.
    table = []
    down_of_column = [0] * cols  # values g(x', y) for x' < x, per column y
    diagonal = [0] * (rows + cols)  # values on the diagonal x - y, per diagonal
    for x in range(rows):
        line = [0] * cols
        along = 0  # values g(x, y') for y' < y
        for y in range(cols):
            d = x - y + cols
            used = along | down_of_column[y] | diagonal[d]
            bit = ~used & (used + 1)
            line[y] = bit.bit_length() - 1
            along |= bit
            down_of_column[y] |= bit
            diagonal[d] |= bit
        table.append(line)
    return table


def _table_numpy(np: Any, rows: int, cols: int) -> Any:
    # Cells on an anti-diagonal x + y = s have their options on earlier
    # anti-diagonals and pairwise different rows, columns and diagonals, so a
    # whole anti-diagonal is one vector step; value sets are bitsets packed in
    # uint64 words (every value on anti-diagonal s is at most s).
    words = (rows + cols) // 64 + 1
    by_x = np.zeros((rows, words), dtype=np.uint64)
    by_y = np.zeros((cols, words), dtype=np.uint64)
    by_d = np.zeros((rows + cols, words), dtype=np.uint64)
    table = np.zeros((rows, cols), dtype=np.int64)
    one = np.uint64(1)
    for s in range(rows + cols - 1):
        xs = np.arange(max(0, s - cols + 1), min(s, rows - 1) + 1)
        ys = s - xs
        ds = xs - ys + cols
        w = s // 64 + 1
        free = ~(by_x[xs, :w] | by_y[ys, :w] | by_d[ds, :w])
        first = np.argmax(free != 0, axis=1)
        word = free[np.arange(len(xs)), first]
        low = word & (~word + one)
        value = first * 64 + np.log2(low.astype(np.float64)).astype(np.int64)
        table[xs, ys] = value
        bit = np.left_shift(one, (value & 63).astype(np.uint64))
        slot = value >> 6
        by_x[xs, slot] |= bit
        by_y[ys, slot] |= bit
        by_d[ds, slot] |= bit
    return table


def grundy_table(rows: int, cols: int | None = None, *, engine: str = "auto") -> list[list[int]]:
    """The single-queen Grundy values ``table[x][y] = g(x, y)``, ``x < rows``, ``y < cols``.

    ``engine``: ``"numpy"`` (vectorised along anti-diagonals), ``"python"``
    (bitsets per row, column and diagonal) or ``"auto"`` (numpy if installed).

    >>> for row in grundy_table(5):
    ...     print(row)
    [0, 1, 2, 3, 4]
    [1, 2, 0, 4, 5]
    [2, 0, 1, 5, 3]
    [3, 4, 5, 6, 2]
    [4, 5, 3, 2, 7]
    """
    _coordinate(rows, "rows")
    cols = rows if cols is None else _coordinate(cols, "cols")
    if rows * cols > _TABLE_LIMIT:
        raise BoardTooLarge(f"a {rows} x {cols} Grundy table has more than {_TABLE_LIMIT} cells")
    if engine not in ("auto", "numpy", "python"):
        raise InvalidPosition(f"engine must be 'auto', 'numpy' or 'python', not {engine!r}")
    np = None if engine == "python" else _numpy()
    if np is None or rows == 0 or cols == 0:
        return _table_python(rows, cols)
    table: list[list[int]] = _table_numpy(np, rows, cols).tolist()
    return table


_cache: list[list[int]] = []


def grundy_value(x: int, y: int) -> int:
    """The Grundy value of one queen on ``(x, y)`` (from a cached, growing table).

    >>> grundy_value(4, 5), grundy_value(5, 6), grundy_value(0, 10**6)
    (6, 10, 1000000)
    """
    _coordinate(x, "x")
    _coordinate(y, "y")
    if x > y:
        x, y = y, x
    if x == 0:
        return y
    if x < len(_cache) and y < len(_cache[x]):
        return _cache[x][y]
    rows = max(x + 1, len(_cache))
    cols = max(y + 1, len(_cache[0]) if _cache else 0, 64)
    if rows * cols > _TABLE_LIMIT:
        raise BoardTooLarge(
            f"g({x}, {y}) needs a {rows} x {cols} table; is_p_position() decides P/N for any size"
        )
    _cache[:] = grundy_table(rows, cols)
    return _cache[x][y]


def misere_p_positions(size: int) -> list[tuple[int, int]]:
    """The misère P-positions of one queen on a ``size`` x ``size`` board.

    In misère play the player who cannot move *wins*, so ``(0, 0)`` is an
    N-position; the answer differs from normal play only near the corner.

    >>> misere_p_positions(8)
    [(0, 1), (1, 0), (2, 2), (3, 5), (4, 7), (5, 3), (7, 4)]
    """
    _coordinate(size, "size")
    p = [[False] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            if x == y == 0:
                continue  # no move: the player to move wins (N)
            p[x][y] = not (
                any(p[x - k][y] for k in range(1, x + 1))
                or any(p[x][y - k] for k in range(1, y + 1))
                or any(p[x - k][y - k] for k in range(1, min(x, y) + 1))
            )
    return [(x, y) for x in range(size) for y in range(size) if p[x][y]]


# --- positions ---------------------------------------------------------------------------


@register_ruleset(
    "Wythoff",
    "impartial",
    docs="wythoff",
    samples=lambda: [Wythoff([(2, 3)]), Wythoff([(4, 5), (7, 3), (5, 0)])],
    stored_as=("cgt.games.wythoff.Wythoff",),
)
class Wythoff(ImpartialPosition, Drawable):
    """Queens on a board (several may share a square), one moved per turn.

    The position is the disjunctive sum of its queens, so its Grundy value is
    the xor of the single-queen values (Sprague-Grundy); the generic solver
    computes it with single queens valued from :func:`grundy_value`.

    >>> w = Wythoff([(4, 5), (7, 3), (5, 0)])       # values 6, 9, 5: xor 10
    >>> w.grundy(), ((7, 3), (5, 1)) in w.winning_moves()
    (10, True)
    >>> Wythoff([(3, 5)]).outcome(), Wythoff([(2, 2), (2, 2)]).outcome()
    (Outcome.P, Outcome.P)
    """

    move_coordinates: ClassVar[str] = (
        "queens are at (x, y): column x from the left and row y from the bottom, "
        "both counted from 0 (the corner (0, 0) at the bottom left)"
    )

    __slots__ = ("queens",)

    def __init__(self, queens: Iterable[Sequence[int]]) -> None:
        if isinstance(queens, (str, bytes)) or not isinstance(queens, Iterable):
            raise InvalidPosition("give the queens as a list of (x, y) pairs")
        out = []
        for queen in queens:
            if (
                isinstance(queen, (str, bytes))
                or not isinstance(queen, Sequence)
                or len(queen) != 2
            ):
                raise InvalidPosition(
                    f"each queen must be an (x, y) pair, got {queen!r} "
                    "(for one queen write Wythoff([(x, y)]))"
                )
            out.append((_coordinate(queen[0], "x"), _coordinate(queen[1], "y")))
        self.queens: tuple[tuple[int, int], ...] = tuple(out)

    def options(self) -> list[Wythoff]:
        """Every position after one queen's move.

        >>> Wythoff([(1, 1)]).options()
        [Wythoff([(0, 1)]), Wythoff([(1, 0)]), Wythoff([(0, 0)])]
        """
        out: list[Wythoff] = []
        for i, (x, y) in enumerate(self.queens):
            if (x, y) in self.queens[:i]:
                continue
            before, after = self.queens[:i], self.queens[i + 1 :]
            targets = (
                [(x - k, y) for k in range(1, x + 1)]
                + [(x, y - k) for k in range(1, y + 1)]
                + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
            )
            out.extend(Wythoff((*before, t, *after)) for t in targets)
        return out

    def moves(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Every move as ``(from_square, to_square)``.

        >>> Wythoff([(1, 1)]).moves()
        [((1, 1), (0, 1)), ((1, 1), (1, 0)), ((1, 1), (0, 0))]
        """
        out = []
        for i, (x, y) in enumerate(self.queens):
            if (x, y) in self.queens[:i]:
                continue
            for k in range(1, x + 1):
                out.append(((x, y), (x - k, y)))
            for k in range(1, y + 1):
                out.append(((x, y), (x, y - k)))
            for k in range(1, min(x, y) + 1):
                out.append(((x, y), (x - k, y - k)))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which queen moved (by its square ``(x, y)``), and to where.

        >>> Wythoff([(1, 2)]).describe_move(Wythoff([(0, 1)]))
        'queen (1, 2) to (0, 1)'
        """
        if not isinstance(option, Wythoff) or len(option.queens) != len(self.queens):
            return None
        for i, (x, y) in enumerate(self.queens):
            before, after = self.queens[:i], self.queens[i + 1 :]
            if option.queens[:i] != before or option.queens[i + 1 :] != after:
                continue
            tx, ty = option.queens[i]
            dx, dy = x - tx, y - ty
            if (dx, dy) != (0, 0) and min(dx, dy) >= 0 and (dx == dy or 0 in (dx, dy)):
                return f"queen ({x}, {y}) to ({tx}, {ty})"
        return None

    def components(self) -> list[Wythoff]:
        """One position per queen not in the corner.

        >>> Wythoff([(1, 2), (0, 0), (3, 3)]).components()
        [Wythoff([(1, 2)]), Wythoff([(3, 3)])]
        """
        if len(self.queens) == 1 and self.queens[0] != (0, 0):
            return [self]
        return [Wythoff([q]) for q in self.queens if q != (0, 0)]

    def key(self) -> Hashable:
        """The queens as sorted ``(min, max)`` pairs (values are symmetric in x and y).

        >>> Wythoff([(5, 3), (0, 0), (1, 2)]).key()
        ((1, 2), (3, 5))
        """
        return tuple(sorted((min(q), max(q)) for q in self.queens if q != (0, 0)))

    def grundy(self) -> int:
        """The Grundy value: the xor of the queens' values, via the generic solver.

        >>> Wythoff([(5, 1), (4, 5), (5, 0)]).grundy()
        0
        """
        solver = solver_for(Wythoff)
        for component in self.components():
            key = solver.key_of(component)
            if key not in solver.grundy_values:
                solver.grundy_values[key] = grundy_value(*component.queens[0])
        return solver.grundy(self)

    def outcome(self) -> Outcome:
        """``Outcome.P`` if the player to move loses (normal play), else ``Outcome.N``.

        One queen is decided by :func:`is_p_position` for any board size.

        >>> a, b = wythoff_pair(10**20)
        >>> Wythoff([(a, b)]).outcome(), Wythoff([(a, b + 1)]).outcome()
        (Outcome.P, Outcome.N)
        """
        if len(self.queens) == 1:
            return Outcome.P if is_p_position(*self.queens[0]) else Outcome.N
        return Outcome.P if self.grundy() == 0 else Outcome.N

    def winning_moves(  # type: ignore[override]  # (from, to) pairs, as in the source
        self,
    ) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The moves ``(from, to)`` to a position of Grundy value 0.

        >>> Wythoff([(2, 4)]).winning_moves()
        [((2, 4), (2, 1))]
        """
        if len(self.queens) == 1:
            return [m for m in self.moves() if is_p_position(*m[1])]
        values = [grundy_value(*q) for q in self.queens]
        total = 0
        for v in values:
            total ^= v
        out = []
        for i, (x, y) in enumerate(self.queens):
            if (x, y) in self.queens[:i]:
                continue
            want = values[i] ^ total
            for move in Wythoff([(x, y)]).moves():
                if grundy_value(*move[1]) == want:
                    out.append(move)
        return out

    @staticmethod
    def misere_quotient(size: int) -> FamilyQuotient:
        """The misère quotient of every single queen on a ``size`` x ``size`` board.

        Computed (and verified) by :func:`cgt.impartial.misere_quotient_of`
        on the queens ``(x, y)`` with ``x, y < size``, then kept: it decides
        misère play of *any number* of queens on that board, one look-up per
        queen.  The corner is the empty sum; a queen is identified with its
        mirror image (``(x, y)`` and ``(y, x)`` are the same game).  Boards
        up to 16 x 16 are accepted (8 x 8 takes about a second).

        >>> q = Wythoff.misere_quotient(8)
        >>> len(q), q.presentation()
        (18, 'a^2=1, b^3=b, c^2=b^2, b^2c=c, d^2=b^2, b^2d=d')
        >>> q.p_portion, q.generators[2:]
        (('a', 'b^2'), (Wythoff([(0, 4)]), Wythoff([(1, 7)])))
        >>> q.misere_outcome([Wythoff([(2, 2)]), Wythoff([(1, 0)])])
        Outcome.N
        """
        from ..impartial.quotient import misere_quotient_of

        _coordinate(size, "size")
        if size > _MAX_QUOTIENT_BOARD:
            raise BoardTooLarge(
                f"a misère quotient of a {size} x {size} board is beyond this method "
                f"(boards up to {_MAX_QUOTIENT_BOARD}); use misere_outcome() (a search)"
            )
        found = _quotients.get(size)
        if found is None:
            queens = [Wythoff([(x, y)]) for x in range(size) for y in range(x, size)]
            found = _quotients[size] = misere_quotient_of(queens)
        return found

    def misere_outcome(self) -> Outcome:
        """``Outcome.P`` if the player to move loses under misère play (who cannot move wins).

        Queens on the 8 x 8 board (coordinates below 8) are decided by
        :meth:`misere_quotient` (one look-up per queen); as soon as one queen
        is outside it, by the generic misère search
        (:func:`cgt.impartial.misere_outcome`).

        >>> Wythoff([(0, 1)]).misere_outcome(), Wythoff([(0, 0)]).misere_outcome()
        (Outcome.P, Outcome.N)
        >>> Wythoff([(1, 1), (1, 1)]).misere_outcome()
        Outcome.P
        >>> Wythoff([(10, 6)]).misere_outcome(), Wythoff([(8, 0), (3, 5)]).misere_outcome()
        (Outcome.P, Outcome.N)
        """
        if all(max(q) < _MISERE_BOARD for q in self.queens):
            return Wythoff.misere_quotient(_MISERE_BOARD).misere_outcome([self])
        return super().misere_outcome()

    def mex_check(self) -> int:
        """The single queen's value recomputed as a mex over its options (a cross-check).

        >>> Wythoff([(4, 5)]).mex_check()
        6
        """
        if len(self.queens) != 1:
            raise InvalidPosition("mex_check is defined for one queen")
        return mex(grundy_value(*to) for _, to in self.moves())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Wythoff) and sorted(self.queens) == sorted(other.queens)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.queens)))

    def __repr__(self) -> str:
        return f"Wythoff({list(self.queens)!r})"

    def _draw_svg(self) -> str:
        """The quarter-plane board: the corner ``(0, 0)`` at the bottom left,
        ``x`` to the right and ``y`` up, the P-positions (where a lone queen
        loses for the player to move) marked with dots, the queens as discs
        (a number on a disc counts queens sharing its square).  A board too
        large to mark (a queen beyond 400) shows the queens only.

        >>> svg = Wythoff([(4, 5), (2, 1)])._repr_svg_()
        >>> svg.count('class="queen"'), svg.count('class="p-position"')
        (2, 5)
        """
        return _board_svg(self.queens, p_positions)


def _board_svg(
    queens: Sequence[tuple[int, int]], marks: Callable[[int], Iterable[tuple[int, int]]]
) -> str:
    """Queens on the quarter-plane board, the squares ``marks(n)`` dotted (an n x n board)."""
    from .._svg import document, escape, num, text_width

    top = max((max(q) for q in queens), default=0)
    n = max(6, top + 2)  # squares a side
    cell = min(26.0, 320 / n)  # a far queen shrinks the board to fit
    edge = max(22.0, text_width(str(n), 9) + 8)  # room for the row numbers
    body = []
    side = n * cell

    def corner(x: int, y: int) -> tuple[float, float]:
        return edge + x * cell, edge / 2 + (n - 1 - y) * cell

    body.append(
        f'<rect x="{num(edge)}" y="{num(edge / 2)}" width="{num(side)}" '
        f'height="{num(side)}" fill="#f4ecd8" stroke="#888888"/>'
    )
    if cell >= 8:
        for k in range(1, n):
            a = num(edge + k * cell)
            b = num(edge / 2 + k * cell)
            body.append(
                f'<path d="M{a},{num(edge / 2)} v{num(side)} M{num(edge)},{b} h{num(side)}" '
                'stroke="#d6c8a8" stroke-width="0.8"/>'
            )
    for x, y in marks(n) if n <= 400 else []:
        if x < n and y < n:
            cx, cy = corner(x, y)
            body.append(
                f'<circle class="p-position" cx="{num(cx + cell / 2)}" '
                f'cy="{num(cy + cell / 2)}" r="{num(max(1.5, cell / 7))}" fill="#888888"/>'
            )
    steps = [m * 10**e for e in range(20) for m in (1, 2, 5)]
    step = next(k for k in steps if n / k <= 10)  # at most ten labels an axis
    for k in range(0, n, step):
        x0, y0 = corner(k, k)
        body.append(
            f'<text x="{num(x0 + cell / 2)}" y="{num(edge / 2 + side + 11)}" font-size="9" '
            f'text-anchor="middle">{k}</text>'
            f'<text x="{num(edge - 4)}" y="{num(y0 + cell / 2)}" dy="0.35em" font-size="9" '
            f'text-anchor="end">{k}</text>'
        )
    counts: dict[tuple[int, int], int] = {}
    for q in queens:
        counts[q] = counts.get(q, 0) + 1
    for (x, y), k in counts.items():
        cx, cy = corner(x, y)
        r = max(4.0, cell * 0.42)
        mx, my = num(cx + cell / 2), num(cy + cell / 2)
        label = (
            ""
            if k == 1
            else f'<text x="{mx}" y="{my}" dy="0.35em" font-size="{num(min(11.0, r))}" '
            f'fill="white" text-anchor="middle">{escape(str(k))}</text>'
        )
        body.append(
            f'<g class="queen"><circle cx="{mx}" cy="{my}" '
            f'r="{num(r)}" fill="#7b2d8b" stroke="#3b0d4b"/>{label}</g>'
        )
    right = max(8.0, text_width(str(n), 9) / 2 + 2)  # room for the last column number
    return document(edge + side + right, edge / 2 + side + 16, body, background="white")


# --- generalised Wythoff (Fraenkel and Tanny; CGSuite's GenWythoff) ---------------------------


def r_wythoff_pair(r: int, n: int) -> tuple[int, int]:
    """The ``n``-th P-position ``(a_n, b_n)`` of Fraenkel's ``r``-Wythoff: ``a_n =
    floor(n·α)``, ``b_n = a_n + r·n`` with ``α = (2 - r + √(r² + 4)) / 2``, exactly.

    ``r = 1`` is Wythoff's game (``α = φ``, see :func:`wythoff_pair`).

    >>> [r_wythoff_pair(2, n) for n in range(5)]
    [(0, 0), (1, 3), (2, 6), (4, 10), (5, 13)]
    >>> r_wythoff_pair(1, 10**30) == wythoff_pair(10**30)
    True
    """
    for v, what in ((r, "r"), (n, "n")):
        if isinstance(v, bool) or not isinstance(v, int) or v < (1 if what == "r" else 0):
            raise InvalidArgument(f"r-Wythoff needs an int {what} >= {int(what == 'r')}, not {v!r}")
    # r*r + 4 is not a square for r >= 1, so floor((A + sqrt(B)) / 2) = (A + isqrt(B)) // 2
    a = (n * (2 - r) + isqrt(n * n * (r * r + 4))) // 2
    return a, a + r * n


class GenWythoff:
    """Generalised Wythoff (Fraenkel and Tanny; CGSuite's ``GenWythoff``), given by a
    bounding function ``bound``.

    Two heaps, or a queen at ``(x, y)``: a move takes any number from one heap,
    or ``k`` from one and ``l`` from the other where ``0 < min(k, l) <= max(k, l)
    < bound(min(k, l))``.  ``bound(k) = k + 1`` is Wythoff's game and ``bound(k)
    = k + r`` Fraenkel's ``r``-Wythoff (:meth:`r_wythoff`, whose P-positions
    are :func:`r_wythoff_pair`).  Calling the ruleset gives a position.

    >>> two = GenWythoff.r_wythoff(2)
    >>> [(x, y) for x in range(7) for y in range(x, 14) if two([(x, y)]).grundy() == 0]
    [(0, 0), (1, 3), (2, 6), (4, 10), (5, 13)]
    >>> GenWythoff(lambda k: k + 1)([(3, 5)]).grundy(), grundy_value(3, 5)
    (0, 0)
    >>> GenWythoff("k + 1")
    Traceback (most recent call last):
    ...
    cgt.errors.WrongType: a GenWythoff bound is a function from int to int, not str
    """

    __slots__ = ("bound", "name")

    def __init__(self, bound: Callable[[int], int], *, name: str | None = None) -> None:
        if not callable(bound):
            raise WrongType(
                f"a GenWythoff bound is a function from int to int, not {type(bound).__name__}"
            )
        self.bound = bound
        self.name = name if name is not None else f"GenWythoff({getattr(bound, '__name__', bound)})"

    @classmethod
    def r_wythoff(cls, r: int) -> GenWythoff:
        """Fraenkel's ``r``-Wythoff: ``k`` and ``l`` from the two heaps with ``|k - l| < r``.

        >>> GenWythoff.r_wythoff(3)
        GenWythoff.r_wythoff(3)
        """
        if isinstance(r, bool) or not isinstance(r, int) or r < 1:
            raise InvalidArgument(f"r-Wythoff needs an int r >= 1, not {r!r}")
        return _R_WYTHOFF.get(r) or _R_WYTHOFF.setdefault(
            r, cls(_Shift(r), name=f"GenWythoff.r_wythoff({r})")
        )

    @property
    def rule_key(self) -> Hashable:
        """The ruleset's identity: its bounding function.

        >>> GenWythoff.r_wythoff(2).rule_key == GenWythoff.r_wythoff(2).rule_key
        True
        """
        return ("gen-wythoff", self.bound)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GenWythoff) and self.rule_key == other.rule_key

    def __hash__(self) -> int:
        return hash(self.rule_key)

    def __repr__(self) -> str:
        return self.name

    def __call__(self, queens: Iterable[Sequence[int]]) -> GenWythoffPosition:
        """A position: queens at ``(x, y)`` (each a pair of heaps).

        >>> GenWythoff.r_wythoff(2)([(1, 3)]).grundy()
        0
        """
        return GenWythoffPosition(self, queens)

    def moves_from(self, x: int, y: int) -> list[tuple[int, int]]:
        """The squares one move reaches from ``(x, y)``.

        >>> GenWythoff.r_wythoff(2).moves_from(2, 2)
        [(1, 2), (0, 2), (2, 1), (2, 0), (1, 1), (1, 0), (0, 1), (0, 0)]
        """
        if max(x, y) > _LARGEST_GEN_WYTHOFF:
            raise BoardTooLarge(
                f"a queen at {(x, y)} has about {max(x, y)}**2 squares below it to search "
                f"(the limit is {_LARGEST_GEN_WYTHOFF} a side)"
            )
        out = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
        for s in range(1, min(x, y) + 1):
            top = self.bound(s)
            if isinstance(top, bool) or not isinstance(top, int):
                raise WrongType(f"the bound of {self!r} gave {top!r} for {s}, not an int")
            for t in range(s, top):
                if t <= y:
                    out.append((x - s, y - t))
                if t != s and t <= x:
                    out.append((x - t, y - s))
        return out

    def p_positions(self, size: int) -> list[tuple[int, int]]:
        """The P-positions ``(x, y)`` with ``x, y < size``.

        >>> GenWythoff.r_wythoff(2).p_positions(7)
        [(0, 0), (1, 3), (2, 6), (3, 1), (6, 2)]
        """
        _coordinate(size, "size")
        return [(x, y) for x in range(size) for y in range(size) if self([(x, y)]).grundy() == 0]


class _Shift:
    """``k -> k + r`` (a picklable bound for r-Wythoff)."""

    __slots__ = ("r",)

    def __init__(self, r: int) -> None:
        self.r = r

    def __call__(self, k: int) -> int:
        return k + self.r

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Shift) and other.r == self.r

    def __hash__(self) -> int:
        return hash(("shift", self.r))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shift, (self.r,))


_R_WYTHOFF: dict[int, GenWythoff] = {}
_LARGEST_GEN_WYTHOFF = 1 << 12  # a generalised queen is searched square by square


@register_ruleset(
    "GenWythoff",
    "impartial",
    docs="wythoff",
    samples=lambda: [GenWythoff.r_wythoff(2)([(2, 3)]), GenWythoff.r_wythoff(3)([(4, 1), (2, 2)])],
)
class GenWythoffPosition(ImpartialPosition, Drawable):
    """Queens of a :class:`GenWythoff` ruleset, one moved per turn (a disjunctive sum).

    >>> g = GenWythoff.r_wythoff(2)([(2, 3), (1, 1)])
    >>> g.grundy(), g.options()[:2]
    (7, [GenWythoff.r_wythoff(2)([(1, 3), (1, 1)]), GenWythoff.r_wythoff(2)([(0, 3), (1, 1)])])
    """

    move_coordinates: ClassVar[str] = Wythoff.move_coordinates

    __slots__ = ("queens", "rules")

    def __init__(self, rules: GenWythoff, queens: Iterable[Sequence[int]]) -> None:
        if not isinstance(rules, GenWythoff):
            raise WrongType(
                f"a GenWythoff position's rules are a GenWythoff, not {type(rules).__name__}"
            )
        self.rules = rules
        self.queens = Wythoff(queens).queens

    def _with(self, queens: tuple[tuple[int, int], ...]) -> GenWythoffPosition:
        pos = object.__new__(GenWythoffPosition)
        pos.rules, pos.queens = self.rules, queens
        return pos

    def options(self) -> list[GenWythoffPosition]:
        """Every position after one queen's move."""
        out = []
        for i, q in enumerate(self.queens):
            if q in self.queens[:i]:
                continue
            for t in self.rules.moves_from(*q):
                out.append(self._with((*self.queens[:i], t, *self.queens[i + 1 :])))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which queen moved, and to where.

        >>> g = GenWythoff.r_wythoff(2)([(2, 3)])
        >>> g.describe_move(g.options()[-1])
        'queen (2, 3) to (0, 0)'
        """
        if not isinstance(option, GenWythoffPosition) or option.rules != self.rules:
            return None
        for i, q in enumerate(self.queens):
            for t in self.rules.moves_from(*q):
                if (*self.queens[:i], t, *self.queens[i + 1 :]) == option.queens:
                    return f"queen {q} to {t}"
        return None

    def components(self) -> list[GenWythoffPosition]:
        """One position per queen not in the corner."""
        if len(self.queens) == 1 and self.queens[0] != (0, 0):
            return [self]
        return [self._with((q,)) for q in self.queens if q != (0, 0)]

    def key(self) -> Hashable:
        """The ruleset and the sorted queens (the moves are symmetric in x and y)."""
        return (self.rules.rule_key, tuple(sorted((min(q), max(q)) for q in self.queens if any(q))))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GenWythoffPosition) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"{self.rules!r}({list(self.queens)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (GenWythoffPosition, (self.rules, self.queens))

    def _draw_svg(self) -> str:
        """The board with the ruleset's P-positions dotted (boards up to 24 squares a side).

        >>> GenWythoff.r_wythoff(2)([(2, 3)])._repr_svg_().count('class="p-position"')
        3
        """
        return _board_svg(self.queens, lambda n: self.rules.p_positions(n) if n <= 24 else [])
