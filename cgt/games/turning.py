"""Coin-turning games (*Winning Ways* ch. 14): CGSuite's ``Turning`` and ``Spawning``.

A coin-turning game is played on a row of coins, each showing heads or tails.
A move turns over a set of coins, any of which may go either way, provided the
*rightmost* of them goes from heads to tails; the rules say which sets may be
turned.  Coins are numbered ``1, 2, 3, ...`` from the left, as CGSuite numbers
them (*Winning Ways* numbers them from 0).

The theorem behind every such game: **a position is the sum of its heads.**  A
row with heads at ``a, b, c, ...`` has the Grundy value
``G(a) ^ G(b) ^ G(c) ^ ...``, where ``G(n)`` is the value of the row whose only
head is coin ``n``.  (Turning a coin that shows tails to heads is like adding a
heap, turning one back is like removing it again, and two equal heaps cancel.)
So each game is a heap game, its *heap representation*: a move on a heap of
``n`` leaves the heaps ``a_1, ..., a_(k-1)`` when the move turns coins
``a_1 < ... < a_(k-1) < n``.  :class:`Spawning` is that heap game for a
*turning code*, and :class:`Turning` is the row of coins.

Turning codes (CGSuite's) name how many coins a move turns: ``"3"`` (exactly
three), ``"1-3"`` (one to three), ``"2+"`` (two or more), followed by
modifiers: ``C`` (the coins are consecutive), ``E`` (equally spaced), ``S``
(symmetrically placed), ``F`` (coin 1, the leftmost of the row, is among them)
and ``C(n)`` (all within ``n`` adjacent coins).  A comma joins codes: any of
them may be used.  The games *Winning Ways* names are in :data:`NAMED_CODES`.

>>> MOCK_TURTLES.grundy_sequence(9)[1:]
[1, 2, 4, 7, 8, 11, 13, 14]
>>> Turning("thhth", "1-3").grundy()          # heads at 2, 3, 5: 2 ^ 4 ^ 8
14
>>> Turning("htththtth", MOCK_TURTLES).grundy()
29
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, pairwise
from math import comb
from typing import Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidPosition, ParseError, TooLarge
from ..impartial.nim import mex
from .base import ImpartialPosition, solver_for
from .heap import Engine, HeapRuleset
from .registry import register_ruleset

__all__ = [
    "MOCK_TURTLES",
    "NAMED_CODES",
    "RULER",
    "TURNING_TURTLES",
    "TWINS",
    "Spawning",
    "Turning",
]

_INFINITE = float("inf")
_MOVE_LIMIT = 2_000_000  # moves listed from one heap, or xors kept while computing values

NAMED_CODES: dict[str, str] = {
    "Turning Turtles": "1-2",
    "Mock Turtles": "1-3",
    "Moebius": "1-5",
    "Mogul": "1-7",
    "Moidores": "1-9",
    "Motley": "1+",
    "Twins": "2",
    "Triplets": "3",
    "Ruler": "1+C",
    "Mock Turtle Fives": "1-3C(5)",
    "Triplet Fives": "3C(5)",
    "Ruler Fives": "1-5C",
    "Turnips": "3E",
    "Grunt": "4FS",
    "Sym": "1+S",
}
"""The coin-turning games *Winning Ways* names, with their turning codes (CGSuite's table).

>>> NAMED_CODES["Ruler"], Spawning.named("Twins")
('1+C', Spawning('2'))
"""


@dataclass(frozen=True)
class _Element:
    """One comma-separated part of a turning code: how many coins, and how placed."""

    low: int  # fewest coins turned (the head turned to tails included)
    high: float  # most coins turned (``inf``: no bound)
    span: float  # the coins turned lie within this many adjacent coins (``inf``: anywhere)
    spacing: str  # "" (any), "C" (consecutive), "E" (equally spaced), "S" (symmetric)
    first: bool  # coin 1 must be among them

    def allows(self, turned: tuple[int, ...]) -> bool:
        """Whether the sorted coin set ``turned`` (its last the head turned) is a legal move."""
        k = len(turned)
        if not self.low <= k <= self.high or turned[-1] - turned[0] + 1 > self.span:
            return False
        if self.first and turned[0] != 1:
            return False
        if self.spacing == "C":
            return turned[-1] - turned[0] == k - 1
        if self.spacing == "E":
            return len({b - a for a, b in pairwise(turned)}) <= 1
        if self.spacing == "S":
            ends = turned[0] + turned[-1]
            return all(turned[i] + turned[k - 1 - i] == ends for i in range(k))
        return True


_ELEMENT = re.compile(r"(\d+)(?:-(\d+)|(\+))?((?:[CESF]|C\(\d+\))*)")


def _parse_turning_code(code: str) -> tuple[_Element, ...]:
    if not isinstance(code, str):
        raise InvalidPosition(f"a turning code must be a str, not {type(code).__name__}")
    text = code.upper()
    elements: list[_Element] = []
    pos = 0
    for part in text.split(","):
        found = _ELEMENT.fullmatch(part.strip())
        if found is None:
            raise ParseError(
                "expected a coin count such as 3, 1-3 or 2+, then modifiers C, E, S, F or C(n)",
                code,
                pos,
            )
        low = int(found.group(1))
        high: float = (
            int(found.group(2)) if found.group(2) else _INFINITE if found.group(3) else low
        )
        if low < 1 or high < low:
            raise ParseError(
                f"the coin count {found.group(0)!r} is not a range of at least 1 coin", code, pos
            )
        span: float = _INFINITE
        spacing = ""
        first = False
        for mod in re.findall(r"C\(\d+\)|[CESF]", found.group(4)):
            if mod.startswith("C("):
                span = int(mod[2:-1])
                if span < 1:
                    raise ParseError("a span C(n) needs n >= 1", code, pos)
            elif mod == "F":
                first = True
            elif spacing and spacing != mod:
                raise ParseError(f"modifiers {spacing} and {mod} contradict each other", code, pos)
            else:
                spacing = mod
        if spacing == "C":
            span = min(span, high)
        elements.append(_Element(low, min(high, span), span, spacing, first))
        pos += len(part) + 1
    return tuple(elements)


class Spawning(HeapRuleset):
    """The heap representation of a coin-turning game, by its turning code (CGSuite's ``Spawning``).

    A heap of ``n`` is a row whose only head is coin ``n``; a move leaves the
    heaps ``a_1, ..., a_(k-1)``, the other coins it turns (all different, all
    below ``n``).  See the module text for the codes.  Grundy values are
    computed from sets of xors kept per number of coins, never by listing the
    moves; :meth:`periodicity` proves periods for codes whose moves stay within
    a bounded span (``C`` or ``C(n)``) and do not use ``F``: then ``G(n)``
    depends only on the ``span - 1`` values before it.

    >>> Spawning("1+C").grundy_sequence(13)[1:]        # Ruler
    [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
    >>> Spawning("1-3C(5)").periodicity()            # Mock Turtle Fives
    Periodicity(preperiod=1, period=5)
    >>> Spawning("1-3").options(3)
    [(), (1,), (2,), (1, 2)]
    >>> Spawning("2-1")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: the coin count '2-1' is not a range of at least 1 coin at position 0
      2-1
      ^
    """

    def __init__(self, code: str) -> None:
        super().__init__()
        self.elements = _parse_turning_code(code)
        self.code = code

    @classmethod
    def named(cls, name: str) -> Spawning:
        """The game *Winning Ways* calls ``name`` (a key of :data:`NAMED_CODES`).

        >>> Spawning.named("Ruler").grundy_sequence(9)[1:]
        [1, 2, 1, 4, 1, 2, 1, 8]
        >>> Spawning.named("Nim")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPosition: no coin-turning game is named 'Nim' (known: ...)
        """
        if name not in NAMED_CODES:
            raise InvalidPosition(
                f"no coin-turning game is named {name!r} (known: {', '.join(NAMED_CODES)})"
            )
        return cls(NAMED_CODES[name])

    @property
    def rule_key(self) -> Hashable:
        """``("spawning", elements)``: equal for codes that spell the same moves alike.

        >>> Spawning("1-3").rule_key == Spawning("1-3").rule_key
        True
        """
        return ("spawning", self.elements)

    def __repr__(self) -> str:
        return f"Spawning({self.code!r})"

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The heaps left by one move on a heap of ``n``: the other coins turned, in order.

        >>> Spawning("3E").options(5)
        [(1, 3), (3, 4)]
        >>> len(Spawning("1-3").options(20))      # 1 + 19 + 171, as CGSuite counts
        191
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidPosition(f"heap size must be a non-negative int, got {n!r}")
        count = sum(_move_count(el, n) for el in self.elements)
        if count > _MOVE_LIMIT:
            raise TooLarge(
                f"a heap of {n} has up to {count} moves under {self!r}: too many to list "
                f"(the limit is {_MOVE_LIMIT})"
            )
        out: list[tuple[int, ...]] = []
        seen: set[tuple[int, ...]] = set()
        for el in self.elements:
            for others in _element_moves(el, n):
                if others not in seen:
                    seen.add(others)
                    out.append(others)
        return out

    def _extend(self, values: list[int], n: int, engine: Engine) -> None:
        del engine  # one pure-Python computation
        states = [_Prefix(el, values) if _Prefix.applies(el) else None for el in self.elements]
        for heap in range(len(values), n):
            seen: set[int] = set()
            for el, state in zip(self.elements, states, strict=True):
                if state is not None:
                    seen |= state.xors(heap)
                else:
                    seen |= _element_xors(el, heap, values)
            if len(seen) > _MOVE_LIMIT:
                raise _too_many(self, heap)
            values.append(mex(seen))
            for state in states:
                if state is not None:
                    state.add(values[heap])

    def _window(self) -> tuple[Callable[[int, int], int], str] | None:
        spans = [el.span for el in self.elements]
        if any(el.first for el in self.elements) or _INFINITE in spans:
            return None
        s = int(max(spans))
        return (
            lambda pre, p: max(pre, s) + s - 1,
            f"every move turns coins within {s} adjacent coins: G(n) depends on the {s - 1} "
            f"values before it",
        )

    def _no_window_reason(self) -> str:
        return "its moves reach coins arbitrarily far to the left (or coin 1 itself, with F)"


def _too_many(rules: Spawning, heap: int) -> TooLarge:
    return TooLarge(
        f"the Grundy value of heap {heap} under {rules!r} needs more than {_MOVE_LIMIT} "
        f"option values kept: ask for fewer values"
    )


def _move_count(el: _Element, n: int) -> int:
    """An upper bound on the moves of ``el`` from a heap of ``n`` (before listing them)."""
    if n < 1:
        return 0
    lo = 1 if el.span == _INFINITE else max(1, n - int(el.span) + 1)
    top = int(min(el.high, n - lo + 1))
    ks = range(el.low, top + 1)
    if el.spacing == "C":
        return len(ks)
    if el.spacing == "E":
        return len(ks) * n
    if el.spacing == "S":
        return (1 << ((n - lo) // 2 + 1)) * max(n - lo, 1)
    return sum(comb(n - lo, k - 1) for k in ks)


def _element_moves(el: _Element, n: int) -> Iterator[tuple[int, ...]]:
    """The other coins of each move of ``el`` whose head turned is coin ``n``."""
    if n < 1:
        return
    lo = 1 if el.span == _INFINITE else max(1, n - int(el.span) + 1)
    top = int(min(el.high, n - lo + 1))
    for k in range(el.low, top + 1):
        if k == 1:
            if not el.first or n == 1:
                yield ()
            continue
        if el.spacing == "C":
            others: Iterable[tuple[int, ...]] = [tuple(range(n - k + 1, n))]
        elif el.spacing == "E":
            others = [
                tuple(range(n - d * (k - 1), n, d)) for d in range((n - lo) // (k - 1), 0, -1)
            ]
        elif el.spacing == "S":
            others = ((a, *inner) for a in range(lo, n) for inner in _symmetric_insides(a, n, k))
        else:
            others = combinations(range(lo, n), k - 1)
        for o in others:
            if o[0] >= lo and (not el.first or o[0] == 1):
                yield o


def _symmetric_insides(a: int, n: int, k: int) -> Iterator[tuple[int, ...]]:
    """The coins strictly between ``a`` and ``n``, in order, of each symmetric set of
    ``k`` coins with ends ``a`` and ``n`` (the centre among them when ``k`` is odd)."""
    inner = k - 2
    if inner < 0 or (inner % 2 and (a + n) % 2):
        return
    centre = ((a + n) // 2,) if inner % 2 else ()
    for half in combinations(range(a + 1, (a + n + 1) // 2), inner // 2):
        yield (*half, *centre, *(a + n - x for x in reversed(half)))


def _element_xors(el: _Element, n: int, g: list[int]) -> set[int]:
    """The Grundy values of the options of ``el`` from a heap of ``n`` (``g`` holds G(0..n-1))."""
    if el.spacing == "S":
        return _symmetric_xors(el, n, g)
    if _move_count(el, n) > _MOVE_LIMIT:
        raise TooLarge(
            f"heap {n} has more than {_MOVE_LIMIT} moves to value under this turning code"
        )
    out: set[int] = set()
    for others in _element_moves(el, n):
        x = 0
        for c in others:
            x ^= g[c]
        out.add(x)
    return out


def _symmetric_xors(el: _Element, n: int, g: list[int]) -> set[int]:
    """:func:`_element_xors` for ``S``: by left end, xors of chosen mirror pairs per count."""
    out: set[int] = set()
    if el.low <= 1 and (not el.first or n == 1):
        out.add(0)
    lo = 1 if el.span == _INFINITE else max(1, n - int(el.span) + 1)
    for a in range(lo, n):
        if el.first and a != 1:
            break
        pairs = [g[x] ^ g[a + n - x] for x in range(a + 1, (a + n + 1) // 2)]
        by_count: list[set[int]] = [{g[a]}]  # by_count[j]: j mirror pairs chosen
        for v in pairs:
            grown = [*by_count, set()]
            for j in range(len(by_count)):
                grown[j + 1] |= {x ^ v for x in by_count[j]}
            by_count = grown
            if sum(map(len, by_count)) > _MOVE_LIMIT:
                raise TooLarge(
                    f"heap {n} needs more than {_MOVE_LIMIT} option values kept under this "
                    f"turning code: ask for fewer values"
                )
        centre = g[(a + n) // 2] if (a + n) % 2 == 0 else None
        for j, xs in enumerate(by_count):
            if el.low <= 2 + 2 * j <= el.high:
                out |= xs
            if centre is not None and el.low <= 3 + 2 * j <= el.high:
                out |= {x ^ centre for x in xs}
    return out


class _Prefix:
    """Xors of sets of coins among ``1..m`` by count, grown one coin at a time.

    For codes with no span, spacing or ``F``: the moves from a heap of ``n`` are
    all sets of ``low - 1`` to ``high - 1`` coins below ``n``.  Counts at or
    above ``cap`` share one bucket when ``high`` is unbounded.
    """

    def __init__(self, el: _Element, values: list[int]) -> None:
        self.el = el
        unbounded = el.high == _INFINITE
        self.cap = el.low - 1 if unbounded else int(el.high) - 1
        self.absorbing = unbounded
        self.buckets: list[set[int]] = [{0}] + [set() for _ in range(self.cap)]
        for v in values[1:]:
            self.add(v)

    @staticmethod
    def applies(el: _Element) -> bool:
        return not el.spacing and not el.first and el.span == _INFINITE

    def add(self, v: int) -> None:
        b = self.buckets
        top = self.cap
        new_top = {x ^ v for x in b[top]} if self.absorbing else set()
        for c in range(top, 0, -1):
            b[c] = b[c] | {x ^ v for x in b[c - 1]}
        if self.absorbing:
            b[top] |= new_top
        if sum(map(len, b)) > _MOVE_LIMIT:
            raise TooLarge(
                f"more than {_MOVE_LIMIT} option values to keep under this turning code: "
                f"ask for fewer values"
            )

    def xors(self, n: int) -> set[int]:
        del n
        out: set[int] = set()
        for c in range(self.el.low - 1, self.cap + 1):
            out |= self.buckets[c]
        return out


_COINS = {"t": False, "h": True}


@register_ruleset(
    "Turning",
    "impartial",
    syntax="CODE:COINS",
    summary="a coin-turning game: turning code, then the coins (h heads, t tails)",
    example="1-3:thhth",
    cli="turning",
    docs="coin_turning",
    make="parse",
    samples=lambda: [Turning("hthh", "1+C"), Turning("tthhth", "2"), Turning("hhth", "4FS")],
)
class Turning(ImpartialPosition, Drawable):
    """A row of coins under a coin-turning code (CGSuite's ``game.strip.Turning``).

    ``coins`` is a string of ``h`` (heads) and ``t`` (tails), coin 1 first;
    ``rules`` a turning code (see the module text) or any
    :class:`~cgt.games.heap.HeapRuleset`, read as the heap representation
    (a move on coin ``n`` turns the coins of the heaps it leaves).  A move
    turns a legal set of coins whose rightmost goes from heads to tails.  The
    Grundy value is the xor of the heads' values (the theorem of the module
    text): the solver sees each head as a component of its own.

    >>> p = Turning("thth", "1-2")                  # Turning Turtles: Nim in disguise
    >>> p.grundy(), [str(o) for o in p.options()]
    (6, ['ttth', 'htth', 'thtt', 'hhtt', 'tttt', 'thht'])
    >>> Turning("thx")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: coin 3 is 'x': coins are h (heads) or t (tails)
    """

    move_coordinates: ClassVar[str] = (
        "coins are counted from 1 at the left end of the row, as CGSuite counts them"
    )

    __slots__ = ("coins", "rules")

    def __init__(self, coins: str = "", rules: str | HeapRuleset = "1-3") -> None:
        if not isinstance(coins, str):
            raise InvalidPosition(f"coins must be a str of h and t, not {type(coins).__name__}")
        for i, c in enumerate(coins.lower(), 1):
            if c not in _COINS:
                raise InvalidPosition(f"coin {i} is {c!r}: coins are h (heads) or t (tails)")
        if isinstance(rules, str):
            rules = Spawning(rules)
        elif not isinstance(rules, HeapRuleset):
            raise InvalidPosition(
                f"rules must be a turning code or a HeapRuleset, not {type(rules).__name__}"
            )
        self.coins: str = coins.lower()
        self.rules: HeapRuleset = rules

    @classmethod
    def parse(cls, text: str) -> Turning:
        """A position from ``CODE:COINS`` (the command line's text), e.g. ``1-3:thhth``.

        >>> Turning.parse("1+C:hthh")
        Turning('hthh', '1+C')
        >>> Turning.parse("hthh")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPosition: expected CODE:COINS such as 1-3:thhth, got 'hthh'
        """
        code, sep, coins = str(text).rpartition(":")
        if not sep or not code.strip():
            raise InvalidPosition(f"expected CODE:COINS such as 1-3:thhth, got {text!r}")
        return cls(coins.strip(), code.strip())

    @property
    def heads(self) -> tuple[int, ...]:
        """The coins showing heads, numbered from 1.

        >>> Turning("thhth").heads
        (2, 3, 5)
        """
        return tuple(i for i, c in enumerate(self.coins, 1) if c == "h")

    def options(self) -> list[Turning]:
        """Every row one move away: a head turned to tails with the other coins of a move.

        >>> [o.coins for o in Turning("tth", "1-2").options()]
        ['ttt', 'htt', 'tht']
        """
        out: list[Turning] = []
        seen: set[str] = set()
        row = list(self.coins)
        for n in self.heads:
            for others in self.rules.options(n):
                new = row.copy()
                new[n - 1] = "t"
                for c in others:
                    if not 1 <= c < n:
                        raise InvalidPosition(
                            f"{self.rules!r} leaves a heap of {c} from a heap of {n}: as coins, "
                            f"a move may turn only coins left of the head it turns down"
                        )
                    new[c - 1] = "h" if new[c - 1] == "t" else "t"
                text = "".join(new)
                if text not in seen:
                    seen.add(text)
                    out.append(Turning(text, self.rules))
        return out

    def describe_move(self, option: Any) -> str | None:
        """The coins turned (numbered from 1), the head turned to tails last.

        >>> p = Turning("thh", "1-2")
        >>> [p.describe_move(o) for o in p.options()]
        ['turn coin 2', 'turn coins 1, 2', 'turn coin 3', 'turn coins 1, 3', 'turn coins 2, 3']
        """
        if not isinstance(option, Turning) or option.rules != self.rules:
            return None
        if len(option.coins) != len(self.coins) or option not in self.options():
            return None
        turned = [
            i for i, (a, b) in enumerate(zip(self.coins, option.coins, strict=True), 1) if a != b
        ]
        if len(turned) == 1:
            return f"turn coin {turned[0]}"
        return "turn coins " + ", ".join(map(str, turned))

    def components(self) -> list[Turning]:
        """One row per head, that head alone (the sum-of-heads theorem).

        >>> Turning("hth").components()
        [Turning('h', '1-3'), Turning('tth', '1-3')]
        """
        heads = self.heads
        if len(heads) == 1 and len(self.coins) == heads[0]:
            return [self]
        return [Turning("t" * (n - 1) + "h", self.rules) for n in heads]

    def key(self) -> Hashable:
        """The rules and the heads (trailing tails and their order do not matter).

        >>> Turning("hth").key() == Turning("htht").key()
        True
        """
        return (self.rules.rule_key, self.heads)

    def grundy(self) -> int:
        """The Grundy value: the xor of the heads' values, through the generic solver.

        >>> Turning("h" * 8, "1+C").grundy()          # Ruler: 1^2^1^4^1^2^1^8
        12
        """
        solver = solver_for(Turning)
        for component in self.components():
            key = solver.key_of(component)
            if key not in solver.grundy_values:
                solver.grundy_values[key] = self.rules.grundy(component.heads[0])
        return solver.grundy(self)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Turning) and self.coins == other.coins and self.rules == other.rules
        )

    def __hash__(self) -> int:
        return hash((self.coins, self.rules.rule_key))

    def __repr__(self) -> str:
        rules = self.rules
        shown = repr(rules.code) if isinstance(rules, Spawning) else repr(rules)
        return f"Turning({self.coins!r}, {shown})"

    def __str__(self) -> str:
        return self.coins

    def __reduce__(self) -> tuple[Any, ...]:
        return (Turning, (self.coins, self.rules))

    def svg_title(self) -> str:
        """The picture's alt text: the rules and the row.

        >>> Turning("hth", "1+C").svg_title()
        "Turning position hth under Spawning('1+C')"
        """
        return f"Turning position {self.coins or '(no coins)'} under {self.rules!r}"

    def _draw_svg(self) -> str:
        """The coins in a row, heads gold with an H, tails grey with a T, numbered below.

        >>> svg = Turning("hth")._repr_svg_()
        >>> svg.count('class="coin heads"'), svg.count('class="coin tails"')
        (2, 1)
        """
        from .._svg import document, num

        size, pad = 26.0, 8.0
        body = []
        for i, c in enumerate(self.coins):
            x = pad + i * size + size / 2
            y = pad + size / 2
            heads = c == "h"
            fill, stroke, letter = (
                ("#e0b030", "#7a5a10", "H") if heads else ("#c8c8c8", "#666666", "T")
            )
            body.append(
                f'<g class="coin {"heads" if heads else "tails"}">'
                f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(size * 0.42)}" fill="{fill}" '
                f'stroke="{stroke}"/>'
                f'<text x="{num(x)}" y="{num(y + 4)}" font-size="11" text-anchor="middle">'
                f"{letter}</text>"
                f'<text x="{num(x)}" y="{num(y + size * 0.5 + 11)}" font-size="9" '
                f'text-anchor="middle">{i + 1}</text></g>'
            )
        width = 2 * pad + max(1, len(self.coins)) * size
        height = 2 * pad + size + 12
        return document(width, height, body, background="white")


MOCK_TURTLES = Spawning("1-3")
"""Mock Turtles: turn one, two or three coins.  ``G(n)`` is the ``n``-th odious number
(an odd count of 1 bits): ``2(n-1)`` or ``2(n-1) + 1``, whichever is odious.

>>> MOCK_TURTLES.grundy_sequence(6)[1:]
[1, 2, 4, 7, 8]
"""

RULER = Spawning("1+C")
"""Ruler: turn any number of consecutive coins; ``G(n)`` is the largest power of 2 dividing ``n``.

>>> RULER.grundy(12)
4
"""

TWINS = Spawning("2")
"""Twins: turn exactly two coins; ``G(n) = n - 1`` (Nim, with *Winning Ways*' numbering from 0).

>>> TWINS.grundy_sequence(6)[1:]
[0, 1, 2, 3, 4]
"""

TURNING_TURTLES = Spawning("1-2")
"""Turning Turtles: turn one or two coins; ``G(n) = n`` (Nim again).

>>> TURNING_TURTLES.grundy_sequence(6)[1:]
[1, 2, 3, 4, 5]
"""
