"""Heap games with a memory (CGSuite's ``GenMem``): Fibonacci Nim and Mem.

A heap remembers how many tokens the last move took from it, and the rule
says how many the next move may take given that number: ``rule(k, a)`` is
whether ``a`` tokens may be taken after ``k`` were.  A position is a sum of
such heaps, each with its own memory (CGSuite writes one as the pair
``(n, k)``).  A heap nobody has moved on yet has the memory ``None`` and
follows the ruleset's opening rule.

* **Fibonacci Nim** (Whinihan, 1963): take at most twice as many as the
  last move took; the opening move takes anything but the whole heap.  The
  player to move loses exactly when the heap is a Fibonacci number, and from
  a heap with memory ``k`` wins exactly when the smallest part of the heap's
  Zeckendorf representation is at most ``2k``.
* **Mem**: take at least as many as the last move took (CGSuite's ``Mem``).

>>> from cgt.games.mem import FibonacciNim, Mem
>>> [n for n in range(1, 30) if FibonacciNim(n).grundy() == 0]
[1, 2, 3, 5, 8, 13, 21]
>>> Mem(10, 1).grundy(), FibonacciNim(10, 3).grundy()
(3, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidArgument, InvalidPosition, TooLarge, WrongType
from .base import HEAP_COORDINATES, ImpartialPosition
from .registry import register_ruleset

__all__ = ["FibonacciNim", "GenMem", "Mem", "MemPosition", "zeckendorf"]

Heap = tuple[int, int | None]

_LARGEST_HEAP = 1 << 12  # a heap with a memory is searched whole: n**2 / 2 positions


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf representation of ``n >= 1``: distinct, non-consecutive
    Fibonacci numbers summing to ``n``, largest first.

    >>> zeckendorf(100), zeckendorf(1)
    ([89, 8, 3], [1])
    >>> zeckendorf(0)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a Zeckendorf representation is of an int n >= 1, not 0
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidArgument(f"a Zeckendorf representation is of an int n >= 1, not {n!r}")
    fib = [1, 2]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    out = []
    for f in reversed(fib):
        if f <= n:
            out.append(f)
            n -= f
    return out


def _heap(item: Any) -> Heap:
    try:
        n, k = item
    except (TypeError, ValueError):
        raise InvalidPosition(f"a heap with a memory is a pair (n, k), not {item!r}") from None
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidPosition(f"a heap size is a non-negative int, not {n!r}")
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 0):
        raise InvalidPosition(f"a heap's memory is a non-negative int or None, not {k!r}")
    return n, k


class GenMem:
    """A heap ruleset with a memory (CGSuite's ``GenMem``): ``rule(k, a)`` says
    whether ``a`` tokens may be taken from a heap whose last move took ``k``.

    ``opening(n, a)`` says what the first move on a heap of ``n`` may take
    (the memory ``None``); by default anything.  Calling the ruleset gives a
    position: ``ruleset(n, k)`` one heap, :meth:`of` a sum of ``(n, k)`` heaps.

    >>> take_away_3 = GenMem(lambda k, a: a <= 3 * k, name="TakeAway(3)")
    >>> [take_away_3(10, k).grundy() for k in range(6)]
    [0, 2, 2, 6, 6, 6]
    >>> take_away_3(10, 2).options()[:2]
    [TakeAway(3)(9, 1), TakeAway(3)(8, 2)]
    >>> GenMem(3)
    Traceback (most recent call last):
    ...
    cgt.errors.WrongType: a GenMem rule is a function of (k, a), not int
    """

    __slots__ = ("name", "opening", "rule")

    def __init__(
        self,
        rule: Callable[[int, int], bool],
        *,
        opening: Callable[[int, int], bool] | None = None,
        name: str | None = None,
    ) -> None:
        if not callable(rule):
            raise WrongType(f"a GenMem rule is a function of (k, a), not {type(rule).__name__}")
        if opening is not None and not callable(opening):
            raise WrongType(
                f"a GenMem opening is a function of (n, a), not {type(opening).__name__}"
            )
        self.rule = rule
        self.opening = opening
        self.name = name if name is not None else f"GenMem({getattr(rule, '__name__', rule)})"

    @property
    def rule_key(self) -> Hashable:
        """The identity of the ruleset: its two functions (by identity).

        >>> FibonacciNim.rules.rule_key == FibonacciNim.rules.rule_key
        True
        """
        return ("mem", self.rule, self.opening)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GenMem) and self.rule_key == other.rule_key

    def __hash__(self) -> int:
        return hash(self.rule_key)

    def __repr__(self) -> str:
        return self.name

    def takes(self, n: int, k: int | None) -> list[int]:
        """How many tokens a move may take from a heap of ``n`` with memory ``k``.

        >>> FibonacciNim.rules.takes(10, 2), FibonacciNim.rules.takes(5, None)
        ([1, 2, 3, 4], [1, 2, 3, 4])
        """
        n, k = _heap((n, k))
        if n > _LARGEST_HEAP:
            raise TooLarge(
                f"a heap of {n} with a memory has about {n}**2 / 2 positions to search "
                f"(the limit is a heap of {_LARGEST_HEAP})"
            )
        if k is None:
            if self.opening is None:
                return list(range(1, n + 1))
            return [a for a in range(1, n + 1) if self.opening(n, a)]
        return [a for a in range(1, n + 1) if self.rule(k, a)]

    def __call__(self, n: int, k: int | None = None) -> MemPosition:
        """One heap of ``n`` whose last move took ``k`` (``None``: no move yet).

        >>> FibonacciNim.rules(5)
        FibonacciNim.rules(5)
        """
        return MemPosition(self, [(n, k)])

    def of(self, heaps: Iterable[tuple[int, int | None]]) -> MemPosition:
        """A sum of heaps, each a pair ``(n, k)``.

        >>> Mem.rules.of([(3, 1), (4, None)]).grundy()
        3
        """
        return MemPosition(self, heaps)

    def grundy_table(self, heaps: int, memories: int) -> list[list[int]]:
        """The Grundy values of the heaps ``(n, k)``, ``0 <= n <= heaps``, ``0 <= k <=
        memories``, a list per heap size (CGSuite's ``NimValueTable``).

        >>> Mem.rules.grundy_table(3, 3)
        [[0, 0, 0, 0], [1, 1, 0, 0], [2, 2, 1, 0], [1, 1, 1, 1]]
        """
        for m in (heaps, memories):
            if isinstance(m, bool) or not isinstance(m, int) or m < 0:
                raise InvalidArgument(f"a table size is a non-negative int, not {m!r}")
        return [[self(n, k).grundy() for k in range(memories + 1)] for n in range(heaps + 1)]


class _MemGame(ImpartialPosition, Drawable):
    """A sum of heaps with memories under a :class:`GenMem` ruleset."""

    move_coordinates: ClassVar[str] = HEAP_COORDINATES

    __slots__ = ("heaps",)

    rules: GenMem
    heaps: tuple[Heap, ...]

    def __init__(self, n: int, k: int | None = None) -> None:
        self.heaps = (_heap((n, k)),)

    def _with(self, heaps: tuple[Heap, ...]) -> Any:
        pos = object.__new__(type(self))
        pos.heaps = heaps
        return pos

    def options(self) -> Iterator[Any]:
        """One option a heap and a number of tokens the rule lets a move take from it."""
        for i, (n, k) in enumerate(self.heaps):
            if (n, k) in self.heaps[:i]:
                continue
            for a in self.rules.takes(n, k):
                yield self._with((*self.heaps[:i], (n - a, a), *self.heaps[i + 1 :]))

    def describe_move(self, option: Any) -> str | None:
        """How many tokens were taken from which heap.

        >>> g = FibonacciNim(4)
        >>> [g.describe_move(o) for o in g.options()]
        ['take 1 from heap 0 (4)', 'take 2 from heap 0 (4)', 'take 3 from heap 0 (4)']
        """
        if type(option) is not type(self) or getattr(option, "rules", None) != self.rules:
            return None
        for i, (n, k) in enumerate(self.heaps):
            for a in self.rules.takes(n, k):
                if (*self.heaps[:i], (n - a, a), *self.heaps[i + 1 :]) == option.heaps:
                    return f"take {a} from heap {i} ({n})"
        return None

    def components(self) -> list[Any]:
        """One position a heap that still has a move."""
        live = [h for h in self.heaps if self.rules.takes(*h)]
        if len(live) == 1 and len(self.heaps) == 1:
            return [self]
        return [self._with((h,)) for h in live]

    def key(self) -> Hashable:
        """The ruleset and the sorted heaps (an empty heap's memory does not matter)."""
        heaps = sorted(((n, -1 if k is None else k) for n, k in self.heaps if n), key=repr)
        return (self.rules.rule_key, tuple(heaps))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _MemGame)
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def _name(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        if len(self.heaps) == 1:
            n, k = self.heaps[0]
            return f"{self._name()}({n})" if k is None else f"{self._name()}({n}, {k})"
        return f"{self._name()}.of({list(self.heaps)!r})"

    def svg_title(self) -> str:
        """The picture's alt text.

        >>> Mem.of([(3, 1)]).svg_title()
        'Mem position with heaps 3 (last move took 1)'
        """
        said = ", ".join(
            f"{n} (no move yet)" if k is None else f"{n} (last move took {k})"
            for n, k in self.heaps
        )
        return f"{self._name()} position with heaps {said}"

    def _draw_svg(self) -> str:
        """The heaps as columns of tokens with the memory underneath.

        >>> Mem.of([(3, 1), (2, None)])._repr_svg_().count("<circle")
        5
        """
        from .._svg import document, num

        tallest = max((n for n, _ in self.heaps), default=0)
        unit = 12.0 if tallest <= 16 else 192.0 / tallest
        height = 16 + min(tallest, 16) * 12.0 + 30
        base = height - 24
        body = []
        for i, (n, k) in enumerate(self.heaps):
            x = 24 + 40 * i
            for t in range(n) if tallest <= 16 else []:
                body.append(
                    f'<circle cx="{num(x)}" cy="{num(base - (t + 0.5) * unit)}" r="5" '
                    f'fill="#e0a030" stroke="#7a5210"/>'
                )
            if tallest > 16 and n:
                body.append(
                    f'<rect x="{num(x - 6)}" y="{num(base - n * unit)}" width="12" '
                    f'height="{num(n * unit)}" fill="#e0a030" stroke="#7a5210"/>'
                )
            memory = "-" if k is None else str(k)
            body.append(
                f'<text x="{num(x)}" y="{num(base + 16)}" font-size="10" '
                f'text-anchor="middle">{n}/{memory}</text>'
            )
        return document(16 + 40 * max(1, len(self.heaps)), height, body, background="white")


@register_ruleset(
    "GenMem",
    "impartial",
    summary="a heap game with a memory (CGSuite's GenMem)",
    docs="heap_games",
    samples=lambda: [MemPosition(GenMem(_mem_rule, name="Mem"), [(5, 2), (3, None)])],
)
class MemPosition(_MemGame):
    """A position of a :class:`GenMem` ruleset (made by calling the ruleset).

    >>> g = GenMem(lambda k, a: a != k, name="Mem0")(9, 3)
    >>> g, g.grundy()
    (Mem0(9, 3), 5)
    """

    __slots__ = ("rules",)

    rules: GenMem

    def __init__(self, rules: GenMem, heaps: Iterable[tuple[int, int | None]]) -> None:
        if not isinstance(rules, GenMem):
            raise WrongType(f"a GenMem position's rules are a GenMem, not {type(rules).__name__}")
        self.rules = rules
        self.heaps = tuple(_heap(h) for h in heaps)

    def _with(self, heaps: tuple[Heap, ...]) -> MemPosition:
        pos = object.__new__(MemPosition)
        pos.rules, pos.heaps = self.rules, heaps
        return pos

    def _name(self) -> str:
        return repr(self.rules)

    def __reduce__(self) -> tuple[Any, ...]:
        return (MemPosition, (self.rules, self.heaps))


def _fibonacci_rule(k: int, a: int) -> bool:
    return a <= 2 * k


def _fibonacci_opening(n: int, a: int) -> bool:
    return a < n


def _mem_rule(k: int, a: int) -> bool:
    return a >= k


def _read_heaps(cls: Any) -> Callable[[str], Any]:
    def make(text: str) -> Any:
        heaps: list[tuple[int, int | None]] = []
        for word in text.replace(",", " ").split():
            n, _, k = word.partition("/")
            if not n.isdigit() or (k and not k.isdigit()):
                raise InvalidArgument(
                    f"expected heaps N or N/K (K taken by the last move), as 10 7/2, not {text!r}"
                )
            heaps.append((int(n), int(k) if k else None))
        return cls.of(heaps)

    return make


class _NamedMem(_MemGame):
    __slots__ = ()

    @classmethod
    def of(cls, heaps: Iterable[tuple[int, int | None]]) -> Any:
        """A sum of heaps, each a pair ``(n, k)`` (``k`` ``None``: no move on it yet).

        >>> FibonacciNim.of([(5, None), (7, 2)])
        FibonacciNim.of([(5, None), (7, 2)])
        """
        pos = object.__new__(cls)
        pos.heaps = tuple(_heap(h) for h in heaps)
        return pos


def _named(name: str, title: str, cli: str) -> Callable[[type[_NamedMem]], type[_NamedMem]]:
    """Registers a named member of the family (text: heaps ``N`` or ``N/K``)."""

    def register(cls: type[_NamedMem]) -> type[_NamedMem]:
        return register_ruleset(
            name,
            "impartial",
            syntax="HEAPS",
            summary=f"{title} (heaps N, or N/K after a move that took K)",
            example="6 5/1",
            cli=cli,
            docs="heap_games",
            make=_read_heaps(cls),
        )(cls)

    return register


@_named("FibonacciNim", "Fibonacci Nim", "fibonacci-nim")
class FibonacciNim(_NamedMem):
    """Fibonacci Nim (Whinihan; CGSuite's ``FibonacciNim``): ``FibonacciNim(n, k)``
    is a heap of ``n`` whose last move took ``k``.

    A move takes at least one token and at most twice as many as the last
    move took; the opening move (``k`` ``None``, the default) takes anything but
    the whole heap.  The rules are ``FibonacciNim.rules``, a :class:`GenMem`.

    >>> [FibonacciNim(10, k).grundy() for k in range(6)]
    [0, 2, 2, 2, 5, 5]
    >>> FibonacciNim(8).grundy(), FibonacciNim(9).grundy()
    (0, 5)
    >>> FibonacciNim(-1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a heap size is a non-negative int, not -1
    """

    __slots__ = ()

    rules = GenMem(_fibonacci_rule, opening=_fibonacci_opening, name="FibonacciNim.rules")


@_named("Mem", "Mem", "mem")
class Mem(_NamedMem):
    """Mem (CGSuite's ``Mem``): ``Mem(n, k)`` is a heap of ``n`` whose last move took ``k``.

    A move takes at least as many tokens as the last move took (any number on
    a heap nobody has moved on).  The rules are ``Mem.rules``, a :class:`GenMem`.

    >>> [Mem(10, k).grundy() for k in range(0, 12, 2)]
    [3, 3, 2, 1, 1, 1]
    """

    __slots__ = ()

    rules = GenMem(_mem_rule, name="Mem.rules")
