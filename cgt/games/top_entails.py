"""Top Entails (Winning Ways, chapter 12): heaps of coins, and a move that entails the reply.

A move is either to split a heap into two smaller non-empty heaps, or to take
the top coin off a heap: then the opponent must answer in that same heap (the
taking *entails* the reply).  Normal play: whoever cannot move loses, and so
does a player entailed to an empty heap.  (The rules as Larsson, Nowakowski
and Santos use them from Winning Ways; see :mod:`cgt.impartial.entailing` for
the values.)

A position is a list of heaps and, right after a top coin was taken, the heap
the player to move must play in (:attr:`TopEntails.entailed`, an index).

Winning Ways finds heaps of one and three coins loony; Nowakowski ("New values
for Top Entails", *Games of No Chance*, MSRI Publications 29, 1996) finds the
next loony heaps at 2403, 2505 and 33,243 coins; the values here agree (the
first three in the tests, the last in a slow test).

>>> from cgt.games.top_entails import TopEntails, heap_value
>>> [str(heap_value(n)) for n in range(9)]
['0', 'loony', '0', 'loony', '*', '0', '*2', '*', '*3']
>>> TopEntails([4, 6]).value(), TopEntails([4, 6]).outcome()
(*3, Outcome.N)
>>> p = TopEntails([7, 4], entailed=0)              # must play in the heap of 7
>>> p.value(), p.outcome(), p.outcome("search")
(inf_{~0}, Outcome.P, Outcome.P)
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable
from functools import cache
from typing import Any, ClassVar, Literal

from .._options import options_method
from .._svg import Drawable
from ..errors import InvalidArgument, InvalidPosition, TooLarge
from ..game import Outcome
from ..impartial.entailing import LOONY, AffineValue, affine_sum
from .base import register_cache
from .registry import register_ruleset

__all__ = ["TopEntails", "heap_survival", "heap_value"]

Move = tuple[Literal["top"], int] | tuple[Literal["split"], int, int]

_LIMIT = 50_000
"""The largest heap valued: valuing the heaps up to ``n`` takes about ``n²/4`` nim-sums
(a few seconds for 5,000, minutes for 50,000)."""

_TABLE: list[tuple[AffineValue, AffineValue]] = []
"""Heaps 0, 1, 2, ...: (entailed value, free value); one append per heap, so an
interrupt leaves a consistent table."""
_NIM: list[int] = []  # the free values as ints (-1: loony), for the splits' nim-sums
_LOCK = threading.Lock()


def _grow(n: int) -> None:
    """Value the heaps up to ``n``: the extended mex of the splits (plain options, their
    nim-sums; loony ones add nothing) and the top coin taken (an entailing option to the
    heap below, which adds the complement of that heap's survival set)."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidPosition(f"a heap is a number of coins (an int), not {type(n).__name__}")
    if n < 0:
        raise InvalidPosition(f"a heap holds a non-negative number of coins, got {n}")
    if n > _LIMIT:
        raise TooLarge(f"a heap of {n} coins is over the limit of {_LIMIT} valued here")
    with _LOCK:
        while len(_TABLE) <= n:
            h = len(_TABLE)
            nim = _NIM
            plain = {nim[a] ^ nim[h - a] for a in range(1, h // 2 + 1) if nim[a] >= 0 <= nim[h - a]}
            members: frozenset[int] = frozenset()
            cofinite = False
            if h:
                below = _TABLE[h - 1][0]
                if below.cofinite:  # the top coin adds the finite complement
                    members, cofinite = frozenset(plain | below.members), False
                else:  # the top coin adds a cofinite set: all but below's members
                    members, cofinite = frozenset(below.members - plain), True
            entailed = AffineValue.entailed(members, cofinite=cofinite)
            free = _mex_of(members, cofinite)
            _TABLE.append((entailed, free))
            _NIM.append(free.nim if free.is_nimber else -1)


def _mex_of(members: frozenset[int], cofinite: bool) -> AffineValue:
    """The free value of a survival set: its mex, or loony when it holds every integer."""
    if cofinite:
        return LOONY if not members else AffineValue.nimber(min(members))
    m = 0
    while m in members:
        m += 1
    return AffineValue.nimber(m)


def heap_value(n: int) -> AffineValue:
    """The value of one heap of ``n`` coins (the player to move free to play anywhere).

    >>> heap_value(1), heap_value(6)
    (loony, *2)
    """
    _grow(n)
    return _TABLE[n][1]


def heap_survival(n: int) -> AffineValue:
    """The entailed value of a heap of ``n`` coins: its worth to a player who must play in it.

    >>> heap_survival(0), heap_survival(4)
    (inf, inf_{0})
    """
    _grow(n)
    return _TABLE[n][0]


@register_ruleset(
    "TopEntails",
    "other",
    syntax="STACKS",
    summary="Top Entails: split a heap, or take its top coin and entail the reply",
    example="[7] 4",
    cli="top-entails",
    docs="entailing",
    make="parse",
    samples=lambda: [TopEntails([2, 4, 6]), TopEntails([3, 5], entailed=1)],
)
class TopEntails(Drawable):
    """Heaps of coins; ``entailed`` is the index of the heap the player to move must play in.

    >>> p = TopEntails([3, 2])
    >>> p.moves()
    [('split', 0, 1), ('top', 0), ('split', 1, 1), ('top', 1)]
    >>> p.play(("top", 0))
    TopEntails([2, 2], entailed=0)
    >>> p.value(), p.outcome("search")
    (loony, Outcome.N)
    """

    move_coordinates: ClassVar[str] = "heaps are numbered from 0 in the order given"

    __slots__ = ("entailed", "heaps")

    def __init__(self, heaps: Iterable[int], entailed: int | None = None) -> None:
        sizes = list(heaps)
        for i, h in enumerate(sizes):
            if isinstance(h, bool) or not isinstance(h, int):
                raise InvalidPosition(f"heap {i} is {h!r}: a heap is a number of coins (an int)")
            if h < 0:
                raise InvalidPosition(f"heap {i} holds {h} coins: a heap is never negative")
        if entailed is not None:
            if isinstance(entailed, bool) or not isinstance(entailed, int):
                raise InvalidPosition(f"entailed is a heap's index or None, not {entailed!r}")
            if not 0 <= entailed < len(sizes):
                raise InvalidPosition(
                    f"entailed is heap {entailed}, but there are {len(sizes)} heaps"
                )
        self.heaps: tuple[int, ...] = tuple(sizes)
        self.entailed = entailed

    @classmethod
    def parse(cls, text: str) -> TopEntails:
        """Read heap sizes separated by spaces (or commas); brackets round the heap the
        player to move must play in.

        >>> TopEntails.parse("[7] 4"), TopEntails.parse("2, 4, 6")
        (TopEntails([7, 4], entailed=0), TopEntails([2, 4, 6]))
        >>> TopEntails.parse("[1] [2]")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPosition: at most one heap is in brackets (the one the player to \
move must play in), got '[1] [2]'
        """
        if not isinstance(text, str):
            raise InvalidPosition(f"a Top Entails text is a str, got {type(text).__name__}")
        heaps: list[int] = []
        entailed: int | None = None
        for i, word in enumerate(text.replace(",", " ").split()):
            inner = word.removeprefix("[").removesuffix("]")
            if inner != word and not (word.startswith("[") and word.endswith("]")):
                raise InvalidPosition(f"heap {i} is {word!r}: brackets go round a whole heap")
            if not inner.isdigit():
                raise InvalidPosition(
                    f"heap {i} is {word!r}: a heap is a number of coins, as in 7 or [7], "
                    f"in {text!r}"
                )
            if inner != word:
                if entailed is not None:
                    raise InvalidPosition(
                        "at most one heap is in brackets (the one the player to move must play "
                        f"in), got {text!r}"
                    )
                entailed = i
            heaps.append(int(inner))
        return cls(heaps, entailed)

    def __str__(self) -> str:
        """The text :meth:`parse` reads: the heaps, the entailed one in brackets.

        >>> str(TopEntails([7, 4], entailed=0))
        '[7] 4'
        """
        return " ".join(
            f"[{h}]" if i == self.entailed else str(h) for i, h in enumerate(self.heaps)
        )

    def __repr__(self) -> str:
        tail = "" if self.entailed is None else f", entailed={self.entailed}"
        return f"TopEntails({list(self.heaps)}{tail})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TopEntails):
            return NotImplemented
        return self.heaps == other.heaps and self.entailed == other.entailed

    def __hash__(self) -> int:
        return hash((self.heaps, self.entailed))

    def __reduce__(self) -> tuple[object, ...]:
        return (TopEntails, (self.heaps, self.entailed))

    def key(self) -> Hashable:
        """The transposition key: the free heaps sorted (empty ones dropped) and the entailed heap.

        >>> TopEntails([3, 0, 1]).key() == TopEntails([1, 3]).key()
        True
        """
        free = [h for i, h in enumerate(self.heaps) if i != self.entailed and h]
        ent = None if self.entailed is None else self.heaps[self.entailed]
        return (tuple(sorted(free)), ent)

    # --- moves ---------------------------------------------------------------------------------
    def moves(self) -> list[Move]:
        """Every move: ``("split", i, a)`` splits heap ``i`` into ``a`` and the rest
        (``a`` at most half), ``("top", i)`` takes heap ``i``'s top coin.

        >>> TopEntails([4, 1], entailed=1).moves()
        [('top', 1)]
        """
        out: list[Move] = []
        for i, h in enumerate(self.heaps):
            if self.entailed is not None and i != self.entailed:
                continue
            out.extend(("split", i, a) for a in range(1, h // 2 + 1))
            if h:
                out.append(("top", i))
        return out

    def play(self, move: Move) -> TopEntails:
        """The position after ``move`` (one of :meth:`moves`).

        >>> TopEntails([5]).play(("split", 0, 2))
        TopEntails([2, 3])
        """
        if move not in self.moves():
            raise InvalidPosition(f"no legal move {move!r} in {self!r}")
        heaps = list(self.heaps)
        if move[0] == "top":
            heaps[move[1]] -= 1
            return TopEntails(heaps, entailed=move[1])
        i, a = move[1], move[2]
        rest = heaps[i] - a
        heaps[i : i + 1] = [a, rest]
        return TopEntails(heaps)

    @options_method
    def options(self) -> list[TopEntails]:
        """The positions after each move (a taken top coin leaves the reply entailed).

        >>> TopEntails([2]).options()
        [TopEntails([1, 1]), TopEntails([1], entailed=0)]
        """
        return [self.play(m) for m in self.moves()]

    def describe_move(self, option: object) -> str | None:
        """The move leading to ``option``, in words.

        >>> p = TopEntails([3])
        >>> [p.describe_move(o) for o in p.options()]
        ['split heap 0 into 1 and 2', 'take the top coin of heap 0']
        """
        for m in self.moves():
            if self.play(m) == option:
                return self._describe(m)
        return None

    def _describe(self, m: Move) -> str:
        if m[0] == "top":
            return f"take the top coin of heap {m[1]}"
        a = m[2]
        return f"split heap {m[1]} into {a} and {self.heaps[m[1]] - a}"

    # --- values --------------------------------------------------------------------------------
    def value(self) -> AffineValue:
        """The affine value: the nim-sum of the heaps' values (☾ if one is loony), and the
        entailed heap's entailed value added when the player to move is entailed.

        >>> TopEntails([2, 4]).value(), TopEntails([1, 4]).value()
        (*, loony)
        """
        terms = [
            heap_survival(h) if i == self.entailed else heap_value(h)
            for i, h in enumerate(self.heaps)
        ]
        return affine_sum(*terms)

    def outcome(self, method: Literal["auto", "search"] = "auto") -> Outcome:
        """``Outcome.N`` if the player to move wins, else ``Outcome.P``.

        ``"auto"`` reads the values; ``"search"`` plays the game tree out
        (memoised, for small positions).

        >>> TopEntails([3, 3]).outcome(), TopEntails([2, 2, 4]).outcome("search")
        (Outcome.N, Outcome.N)
        """
        if method == "auto":
            return self.value().outcome()
        if method != "search":
            raise InvalidArgument(f"method must be 'auto' or 'search', got {method!r}")
        if sum(self.heaps) > 40:
            raise TooLarge(f"{self!r} has too many coins to search (more than 40)")
        return Outcome.N if _mover_wins(self.key()) else Outcome.P

    def winning_moves(self) -> list[Move]:
        """The moves after which the opponent loses.

        >>> TopEntails([4, 2]).winning_moves()
        [('split', 0, 2)]
        """
        return [m for m in self.moves() if self.play(m).outcome() is Outcome.P]

    # --- the command line --------------------------------------------------------------------
    def cli_report(self) -> list[tuple[str, Any]]:
        """What ``python -m cgt top-entails`` prints: the position, its value, the winning moves.

        >>> for label, answer in TopEntails([4, 2]).cli_report():
        ...     print(f"{label}: {answer}")
        position: 4 2
        value: *
        outcome: N
        winning moves: ['split heap 0 into 2 and 2']
        """
        return [
            ("position", str(self)),
            ("value", str(self.value())),
            ("outcome", self.outcome().name),
            ("winning moves", [self._describe(m) for m in self.winning_moves()]),
        ]

    # --- picture -------------------------------------------------------------------------------
    def _draw_svg(self) -> str:
        """Each heap a stack of coins; the heap the player must play in is outlined in red.

        >>> TopEntails([2, 1], entailed=0)._repr_svg_().count('class="coin"')
        3
        """
        from .._svg import RED, document, num

        tallest = max(self.heaps, default=0)
        coin = max(4.0, min(14.0, 360 / max(tallest, 1)))
        gap, pad, width_each = 12.0, 10.0, 40.0
        width = max(2 * pad + len(self.heaps) * (width_each + gap), 80.0)
        height = 2 * pad + tallest * coin + 18
        base = height - pad - 14
        body = []
        for i, h in enumerate(self.heaps):
            x = pad + i * (width_each + gap)
            if i == self.entailed:
                body.append(
                    f'<rect x="{num(x - 3)}" y="{num(base - h * coin - 3)}" '
                    f'width="{num(width_each + 6)}" height="{num(h * coin + 6)}" fill="none" '
                    f'stroke="{RED}" stroke-width="2"/>'
                )
            for k in range(h):
                body.append(
                    f'<ellipse class="coin" cx="{num(x + width_each / 2)}" '
                    f'cy="{num(base - (k + 0.5) * coin)}" rx="{num(width_each / 2 - 2)}" '
                    f'ry="{num(coin / 2 - 0.5)}" fill="#d4af37" stroke="#7a5c00"/>'
                )
            body.append(
                f'<text x="{num(x + width_each / 2)}" y="{num(height - pad)}" font-size="10" '
                f'text-anchor="middle">{h}</text>'
            )
        return document(width, height, body, background="white")


def _clear() -> None:
    with _LOCK:
        _TABLE.clear()
        _NIM.clear()
    _mover_wins.cache_clear()


@cache
def _mover_wins(key: tuple[tuple[int, ...], int | None]) -> bool:
    free, ent = key
    position = TopEntails([*free, ent], entailed=len(free)) if ent is not None else TopEntails(free)
    return any(not _mover_wins(p.key()) for p in position.options())


register_cache(_clear)
