"""Chip-sliding games (after a 2002 Taiwanese science-fair project): four endings, Nim.

Squares ``1, 2, 3, ...`` run left to right; chips sit on distinct squares.  A
move takes one chip to the nearest *empty* square on its left, jumping the
block of chips directly to its left if there is one.  Four endings:

* rule ``"A"``: whoever puts a chip on square 1 wins;
* rule ``"B"``: whoever puts a chip on square 1 loses;
* rule ``"C"``: whoever cannot move loses (normal play; the end has the chips
  on ``1 .. k``);
* rule ``"D"``: whoever cannot move wins (misère play).

**The Nim reduction.**  With the chips sorted, ``Q_i = X_i - i`` counts the
empty squares to the left of chip ``i``.  Chips with equal ``Q`` form a block
of adjacent chips, and moving the ``t``-th chip of a block (counting from its
left end) moves the first ``t`` chips of the block from ``Q = q`` to
``Q = q - 1``: this is *staircase Nim* with the block sizes as the coins on
stair ``q``.  Hence the Grundy value under rule C is the nim-sum of the sizes
of the blocks with odd ``Q`` (every move changes exactly one of them), and

* rule C: the second player wins iff that nim-sum is 0;
* rule A: a chip on 2 wins at once; otherwise ``Q`` shifted by 2, i.e. the
  same with blocks of odd ``Q``;
* rule B: blocks of *even* ``Q`` instead (a chip on 1 ends the game);
* rule D: misère Nim on the blocks of odd ``Q``.

Everything runs in O(k log k) for ``k`` chips.

**Rule D via the misère quotient.**  :func:`game_d_quotient` computes the
misère quotient of rule-D positions themselves (each chip position one
component, all positions of up to ``k`` chips on squares up to ``m``): it
decides sums of several strips with one look-up per strip, and it comes out
as misère Nim's quotient of the heap sizes that occur (the tame quotient,
order 6, for up to 3 chips).

>>> ChipGame([4, 6, 8], rule="A").winner()
'second'
>>> ChipGame([4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27], rule="A").nim_heaps()
(3, 4, 3, 1)
>>> ChipGame([2, 3, 6]).grundy(), ChipGame([2, 3, 6]).theory_grundy()   # heaps 2 and 1
(3, 3)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import reduce
from itertools import combinations
from math import comb
from operator import xor
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from .._compat import flag
from .._deep import deep
from .._svg import Drawable
from ..errors import InvalidPosition, NotImpartial, TooLarge
from ..game import Outcome, OutcomeWord
from .base import ImpartialPosition
from .registry import register_ruleset

if TYPE_CHECKING:
    from ..impartial.quotient import FamilyQuotient

__all__ = ["RULES", "ChipGame", "game_d_quotient", "misere_nim_second_wins", "q_values"]

RULES = ("A", "B", "C", "D")

_SEARCH_LIMIT = 100_000
"""The exact search refuses games that can last longer than this many moves."""

_WIN_TABLES: dict[str, dict[tuple[int, ...], bool]] = {rule: {} for rule in RULES}


def q_values(squares: Iterable[int]) -> tuple[int, ...]:
    """``Q_i = X_i - i`` for the sorted squares (1-based ``i``).

    >>> q_values([5, 6, 8, 9, 12, 13, 14, 21, 23, 24])
    (4, 4, 5, 5, 7, 7, 7, 13, 14, 14)
    """
    return tuple(x - i for i, x in enumerate(sorted(squares), start=1))


def _groups(q: tuple[int, ...], parity: int) -> tuple[int, ...]:
    """Sizes of the blocks of equal ``Q`` with ``Q % 2 == parity``, left to right."""
    out: list[int] = []
    last = None
    for value in q:
        if value % 2 != parity:
            last = None
            continue
        if value == last:
            out[-1] += 1
        else:
            out.append(1)
            last = value
    return tuple(out)


def misere_nim_second_wins(heaps: Iterable[int]) -> bool:
    """Whether the second player wins misère Nim (taking the last chip loses).

    Bouton's rule with the misère twist: if some heap has 2 or more chips it
    is ordinary Nim (second wins iff the nim-sum is 0); otherwise the second
    player wins iff the number of heaps of size 1 is odd.

    >>> [misere_nim_second_wins(h) for h in ([1, 1, 1], [2, 2], [], [2])]
    [True, True, False, False]
    """
    hs = [h for h in heaps if h]
    if any(h >= 2 for h in hs):
        return reduce(xor, hs, 0) == 0
    return len(hs) % 2 == 1


@register_ruleset(
    "ChipGame",
    "other",
    docs="chips",
    samples=lambda: [ChipGame([2, 4, 5, 6, 8]), ChipGame([1, 3], "B")],
    stored_as=("cgt.games.chips.ChipGame",),
)
class ChipGame(ImpartialPosition, Drawable):
    """Chips on a strip of squares numbered from 1; ``rule`` is ``"A"`` to ``"D"``.

    >>> g = ChipGame([2, 4, 5, 6, 8], rule="C")
    >>> g.squares, g.rule
    ((2, 4, 5, 6, 8), 'C')
    >>> g.moves()
    [(2, 1), (4, 3), (5, 3), (6, 3), (8, 7)]
    >>> g.winner(), g.winner(method="search")
    ('second', 'second')
    """

    move_coordinates: ClassVar[str] = "squares are numbered from 1 at the left, as in the pictures"

    __slots__ = ("rule", "squares")

    def __init__(self, squares: Iterable[int], rule: str = "C") -> None:
        if rule not in RULES:
            raise InvalidPosition(f"unknown rule {rule!r}: expected 'A', 'B', 'C' or 'D'")
        chips = list(squares)
        seen: set[int] = set()
        for i, x in enumerate(chips):
            if isinstance(x, bool) or not isinstance(x, int):
                raise InvalidPosition(f"chip {i} is {x!r}: squares must be integers")
            if x < 1:
                raise InvalidPosition(f"chip {i} is on square {x}: squares are numbered from 1")
            if x in seen:
                raise InvalidPosition(f"two chips on square {x}")
            seen.add(x)
        self.squares: tuple[int, ...] = tuple(sorted(chips))
        self.rule = rule

    def __repr__(self) -> str:
        return f"ChipGame({list(self.squares)}, rule={self.rule!r})"

    def _draw_svg(self) -> str:
        """The strip of squares numbered from 1 at the left, chips as discs
        (chips move leftward), the rule named underneath.

        >>> svg = ChipGame([2, 4, 5])._repr_svg_()
        >>> svg.count('class="chip"'), svg.count("<rect") - 1     # squares 1 to 6
        (3, 6)
        """
        from .._svg import document, num

        n = max(self.squares, default=0) + 1
        cell = max(8.0, min(30.0, 600 / n))
        pad = 8.0
        body = []
        for k in range(1, n + 1):
            x = pad + (k - 1) * cell
            body.append(
                f'<rect x="{num(x)}" y="{pad}" width="{num(cell)}" height="{num(cell)}" '
                'fill="#f4ecd8" stroke="#888888"/>'
            )
            if cell >= 16 or k == 1 or k % 5 == 0:
                body.append(
                    f'<text x="{num(x + cell / 2)}" y="{num(pad + cell + 12)}" font-size="9" '
                    f'text-anchor="middle">{k}</text>'
                )
        for k in self.squares:
            body.append(
                f'<circle class="chip" cx="{num(pad + (k - 0.5) * cell)}" '
                f'cy="{num(pad + cell / 2)}" r="{num(cell * 0.36)}" fill="#2e7d32" '
                'stroke="#124116"/>'
            )
        width, height = max(2 * pad + n * cell, 60.0), 2 * pad + cell + 26
        body.append(
            f'<text x="{pad}" y="{num(height - 5)}" font-size="10" fill="#555555">'
            f"rule {self.rule}</text>"
        )
        return document(width, height, body, background="white")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChipGame):
            return NotImplemented
        return self.squares == other.squares and self.rule == other.rule

    def __hash__(self) -> int:
        return hash((self.squares, self.rule))

    # --- moves -------------------------------------------------------------------------
    def moves(self) -> list[tuple[int, int]]:
        """Every move as ``(from_square, to_square)``, left to right.

        Under rules A and B the game is over once a chip is on square 1.

        >>> ChipGame([1, 2, 4]).moves(), ChipGame([1, 3], rule="A").moves()
        ([(4, 3)], [])
        """
        if self.rule in "AB" and self.squares and self.squares[0] == 1:
            return []
        out = []
        block_start = None  # first square of the current block of adjacent chips
        previous = None
        for x in self.squares:
            if previous is None or x != previous + 1:
                block_start = x
            previous = x
            assert block_start is not None
            if block_start > 1:
                out.append((x, block_start - 1))
        return out

    def play(self, move: tuple[int, int] | int) -> ChipGame:
        """The position after moving the chip on ``move`` (a square or a move pair).

        >>> ChipGame([2, 4, 5, 6, 8]).play(5)
        ChipGame([2, 3, 4, 6, 8], rule='C')
        """
        origin = move if isinstance(move, int) else move[0]
        for a, b in self.moves():
            if a == origin and (isinstance(move, int) or move[1] == b):
                chips = [x for x in self.squares if x != a]
                chips.append(b)
                return ChipGame(chips, self.rule)
        raise InvalidPosition(f"no legal move {move!r} in {self!r}")

    def describe_move(self, option: Any) -> str | None:
        """The chip moved, by its square, and where it went.

        >>> g = ChipGame([2, 4, 5])
        >>> [g.describe_move(o) for o in g.options()]
        ['move the chip on 2 to 1', 'move the chip on 4 to 3', 'move the chip on 5 to 3']
        """
        if not isinstance(option, ChipGame):
            return None
        for a, b in self.moves():
            if self.play((a, b)) == option:
                return f"move the chip on {a} to {b}"
        return None

    def options(self) -> list[ChipGame]:
        """The positions after each move (the impartial protocol)."""
        return [self.play(m) for m in self.moves()]

    def key(self) -> Hashable:
        """The transposition key: the sorted squares and the rule."""
        return (self.squares, self.rule)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a property, as every ``is_*`` predicate; the
        former call ``is_over()`` still works, with a :class:`DeprecationWarning`).

        >>> ChipGame([1, 2, 3]).is_over, ChipGame([1, 5], rule="B").is_over
        (True, True)
        """
        return flag(not self.moves(), "ChipGame.is_over")

    # --- exact search ----------------------------------------------------------------------
    def _first_wins_search(self) -> bool:
        self._check_search_size()
        return _first_wins(self.squares, self.rule)

    def _check_search_size(self) -> None:
        # Every move lowers the total of the Q values by at least 1, so that
        # total bounds the depth of the search (and the search is at least that long).
        moves = sum(self.q_values())
        if moves > _SEARCH_LIMIT:
            raise TooLarge(
                f"a game of {self!r} can last {moves} moves, too long to search "
                f"(the limit is {_SEARCH_LIMIT}); use method='theory' (the Nim reduction)"
            )

    # --- the Nim reduction -------------------------------------------------------------------
    def q_values(self) -> tuple[int, ...]:
        """``Q_i = X_i - i``: empty squares to the left of each chip.

        >>> ChipGame([4, 6, 8]).q_values()
        (3, 4, 5)
        """
        return q_values(self.squares)

    def nim_heaps(self) -> tuple[int, ...]:
        """The Nim heaps of the reduction: sizes of the blocks of equal odd ``Q``
        (equal even ``Q`` under rule B).

        >>> ChipGame([5, 6, 8, 9, 12, 13, 14, 21, 23, 24]).nim_heaps()
        (2, 3, 1)
        """
        return _groups(self.q_values(), 0 if self.rule == "B" else 1)

    def theory_grundy(self) -> int:
        """The rule-C Grundy value by the reduction: the nim-sum of :meth:`nim_heaps`.

        >>> ChipGame(range(2, 2002, 2)).theory_grundy()
        0
        """
        if self.rule != "C":
            raise NotImpartial(f"Grundy values are for rule C (normal play), not rule {self.rule}")
        return reduce(xor, self.nim_heaps(), 0)

    def _first_wins_theory(self) -> bool:
        sq = self.squares
        if not sq:
            return self.rule == "D"
        if self.rule in "AB":
            if sq[0] == 1:
                return self.rule == "B"  # the previous player reached square 1
            if self.rule == "A" and sq[0] == 2:
                return True
        heaps = self.nim_heaps()
        if self.rule == "D":
            return not misere_nim_second_wins(heaps)
        return reduce(xor, heaps, 0) != 0

    # --- answers ----------------------------------------------------------------------------
    def grundy(self, method: Literal["auto", "search", "theory"] = "auto") -> int:
        """The Grundy value under rule C.

        ``"auto"`` and ``"theory"`` use the Nim reduction (:meth:`theory_grundy`,
        O(k log k), so any square numbers); ``"search"`` the exact search of the
        shared generic solver, which raises :class:`~cgt.errors.TooLarge` at
        once for games that can last more than 100,000 moves.

        >>> ChipGame([3, 4, 5]).grundy(), ChipGame([2, 3, 6]).grundy("search")
        (0, 3)
        >>> ChipGame([2**70]).grundy()
        1
        """
        if method not in ("auto", "search", "theory"):
            raise InvalidPosition(f"method must be 'auto', 'search' or 'theory', got {method!r}")
        if method != "search":
            return self.theory_grundy()
        if self.rule != "C":
            raise NotImpartial(f"Grundy values are for rule C (normal play), not rule {self.rule}")
        self._check_search_size()
        return super().grundy()

    def outcome(self, method: Literal["auto", "search", "theory"] = "auto") -> Outcome:
        """``Outcome.N`` if the player to move (the first player) wins under the
        position's rule, else ``Outcome.P``.

        Each rule's own ending counts (rule D is misère play), not normal play
        on the moves.  ``method`` as for :meth:`winner`.

        >>> ChipGame([1, 3], rule="A").outcome(), ChipGame([1, 3], rule="B").outcome()
        (Outcome.P, Outcome.N)
        >>> ChipGame([2, 3, 6]).outcome(), ChipGame([2, 3, 6], rule="D").outcome("search")
        (Outcome.N, Outcome.N)
        """
        if method not in ("auto", "search", "theory"):
            raise InvalidPosition(f"method must be 'auto', 'search' or 'theory', got {method!r}")
        first = self._first_wins_search() if method == "search" else self._first_wins_theory()
        return Outcome.N if first else Outcome.P

    def winner(self, method: Literal["auto", "search", "theory"] = "auto") -> OutcomeWord:
        """``"first"`` (the player to move) or ``"second"``: who wins.

        ``"auto"`` and ``"theory"`` use the Nim reduction, O(k log k);
        ``"search"`` the memoised exact search.  The word is a
        :class:`cgt.OutcomeWord`, equal to :meth:`outcome` too: ``"first"`` is
        ``Outcome.N``, ``"second"`` is ``Outcome.P``.

        >>> ChipGame([3, 5, 7], rule="A").winner(), ChipGame([3, 5, 7], rule="A").winner("search")
        ('first', 'first')
        >>> import cgt
        >>> ChipGame([4, 6, 8], rule="A").winner() == cgt.Outcome.P
        True
        """
        if self.outcome(method) is Outcome.N:
            return OutcomeWord("first", Outcome.N)
        return OutcomeWord("second", Outcome.P)

    def misere_outcome(self) -> Outcome:
        """The outcome under misère play of rule C's moves: rule D's outcome.

        Rules A, B and D have endings of their own, so only rule C has a
        misère form; ask ``ChipGame(squares, "D")`` for it directly.

        >>> ChipGame([2, 3, 6]).misere_outcome() == ChipGame([2, 3, 6], "D").outcome()
        True
        """
        if self.rule != "C":
            raise NotImpartial(
                f"rule {self.rule} has its own ending, so it has no misère form; "
                "misère play of rule C is rule D"
            )
        return ChipGame(self.squares, "D").outcome()

    def winning_moves(  # type: ignore[override]  # (from, to) chip moves, as in the source
        self, method: Literal["auto", "search", "theory"] = "auto"
    ) -> list[tuple[int, int]]:
        """The moves after which the player who made them wins.

        >>> ChipGame([4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27], "A").winning_moves()
        [(13, 10)]
        """
        out = []
        for move in self.moves():
            child = self.play(move)
            if self.rule in "AB" and move[1] == 1:
                if self.rule == "A":
                    out.append(move)
                continue
            if child.outcome(method) is Outcome.P:
                out.append(move)
        return out


_MAX_QUOTIENT_POSITIONS = 20_000


def game_d_quotient(max_square: int, max_chips: int) -> FamilyQuotient:
    """The misère quotient of rule D: ``max_chips`` chips or fewer on squares 1 to ``max_square``.

    Each chip position is one component (moves never leave the family, so
    it is closed); :func:`cgt.impartial.misere_quotient_of` computes and
    verifies the quotient.  It decides the misère outcome of any sum of such
    strips, one look-up per strip.  The result is misère Nim's quotient of
    the heap sizes :meth:`ChipGame.nim_heaps` produces: with up to 3 chips
    the tame quotient ``a^2=1, b^3=b`` (``a`` a lone chip on an odd ``Q``,
    ``b`` two adjacent ones).

    >>> q = game_d_quotient(8, 3)
    >>> len(q.components), len(q), q.presentation(), q.p_portion
    (93, 6, 'a^2=1, b^3=b', ('a', 'b^2'))
    >>> q.generators
    (ChipGame([2], rule='D'), ChipGame([2, 3], rule='D'))
    >>> g = ChipGame([2, 3, 5], "D")              # Q = 1, 1, 2: one Nim heap of 2
    >>> q.image(g), q.misere_outcome([g]), g.outcome(), q.misere_outcome([g, g])
    ('b', Outcome.N, Outcome.N, Outcome.P)
    """
    from ..errors import InvalidArgument
    from ..impartial.quotient import misere_quotient_of

    for value, name in ((max_square, "max_square"), (max_chips, "max_chips")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgument(f"{name} must be an int, got {value!r}")
        if value < 0:
            raise InvalidArgument(f"{name} must be non-negative, got {value}")
    chips = min(max_chips, max_square)
    count = sum(comb(max_square, r) for r in range(chips + 1))
    if count > _MAX_QUOTIENT_POSITIONS:
        raise TooLarge(
            f"{count} chip positions (more than {_MAX_QUOTIENT_POSITIONS}); "
            "use fewer squares or chips, or the Nim reduction"
        )
    squares = range(1, max_square + 1)
    positions = [ChipGame(c, "D") for r in range(chips + 1) for c in combinations(squares, r)]
    return misere_quotient_of(positions)


@deep
def _first_wins(squares: tuple[int, ...], rule: str) -> bool:
    return _search(squares, rule, _WIN_TABLES[rule])


def _search(squares: tuple[int, ...], rule: str, table: dict[tuple[int, ...], bool]) -> bool:
    found = table.get(squares)
    if found is not None:
        return found
    if rule in "AB" and squares and squares[0] == 1:
        result = rule == "B"
    else:
        moves = ChipGame.__new__(ChipGame)
        moves.squares, moves.rule = squares, rule
        options = moves.moves()
        if not options:
            result = rule == "D"
        else:
            result = False
            for a, b in options:
                child = tuple(sorted([b, *(x for x in squares if x != a)]))
                if not _search(child, rule, table):
                    result = True
                    break
    table[squares] = result
    return result
