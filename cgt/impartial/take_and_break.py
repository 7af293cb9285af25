"""Generalised take-and-break codes: CGSuite's heap-count lists and the ``?`` and ``=`` modifiers.

A take-and-break code ``d_0.d_1 d_2 ...`` says, digit ``d_j`` for removing
``j`` tokens from a heap, into how many non-empty heaps the rest may be split.
An octal or hex digit is a bit set of heap counts (bit ``i``: exactly ``i``
heaps).  CGSuite's ``TakeAndBreak`` codes extend the digits, and
:class:`~cgt.games.heap.OctalGame` reads them all:

* an octal or hex digit ``0``-``9``, ``a``-``f`` (CGSuite's letters beyond ``f``
  are not read: write ``{4}`` or ``&16;``);
* ``{i,j,...}``: an explicit list of heap counts, the last one possibly
  ``k+`` (``k`` heaps or more); ``{2+}.0`` splits a heap into two or more;
* ``*``: any number of heaps (``{0+}``);
* ``&n;``: the digit of decimal value ``n`` (heap counts from its bits).

Each digit (or each count inside braces) may carry a modifier on the heaps a
move leaves: ``!`` they are pairwise different, ``?`` they are not all equal,
``=`` they are all equal.  A modifier binds moves that leave two or more
heaps (one heap is always allowed).  Counts above the last of a ``k+`` list
carry the modifier of ``k``.  Digits before the point other than ``d_0``
(CGSuite's additive digits, moves that *add* tokens) are refused: they make
games that are not short.

A code every digit of which is an octal or hex digit with no modifier but
``!`` is read as before, on the fast engines; any other goes through
:class:`GeneralRules`, in Python.

>>> digits, repeat = parse_general_code("0.{2+}=")
>>> digits[1]
GeneralDigit(counts=((2, '='),), more=True)
>>> octal_form(parse_general_code("0.{1,2!}")[0][1])    # CGSuite writes it 0.6!
(6, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from math import comb, factorial
from typing import TypeVar

from ..errors import ParseError, TooLarge
from .nim import mex

__all__ = [
    "GeneralDigit",
    "GeneralRules",
    "octal_form",
    "parse_general_code",
    "read_code_blocks",
]

PARTITION_LIMIT = 2_000_000
"""The most heap partitions one call lists (options, or the ``!`` and ``?`` digits'
Grundy values): beyond it :class:`~cgt.errors.TooLarge` is raised before the work."""

_HEX = "0123456789abcdef"
_MODIFIERS = "!?="


@dataclass(frozen=True)
class GeneralDigit:
    """One generalised digit: the allowed heap counts with their modifiers.

    ``counts`` lists ``(count, modifier)`` pairs in increasing count (modifier
    ``""``, ``"!"``, ``"?"`` or ``"="``); with ``more`` every count above the
    last is allowed too, with the last one's modifier.

    >>> d = GeneralDigit(((1, ""), (3, "?")), more=True)
    >>> [d.modifier(i) for i in range(6)]
    [None, '', None, '?', '?', '?']
    """

    counts: tuple[tuple[int, str], ...]
    more: bool = False

    def modifier(self, count: int) -> str | None:
        """The modifier for leaving ``count`` heaps, or ``None`` when that count is not allowed.

        >>> GeneralDigit(((2, "!"),)).modifier(2), GeneralDigit(((2, "!"),)).modifier(3)
        ('!', None)
        """
        for c, mod in self.counts:
            if c == count:
                return mod
        if self.more and self.counts and count > self.counts[-1][0]:
            return self.counts[-1][1]
        return None

    @property
    def is_zero(self) -> bool:
        """Whether the digit allows no move.

        >>> GeneralDigit(()).is_zero
        True
        """
        return not self.counts


def _digit_from_bits(value: int, modifier: str) -> GeneralDigit:
    return GeneralDigit(tuple((i, modifier) for i in range(value.bit_length()) if value >> i & 1))


def parse_general_code(text: str) -> tuple[list[GeneralDigit], list[GeneralDigit]]:
    """The digits ``d_0, d_1, ...`` and the repeating block of a generalised code.

    Errors say where, as :class:`~cgt.errors.ParseError`.

    >>> parse_general_code("8?.0")[0][0]
    GeneralDigit(counts=((3, '?'),), more=False)
    >>> parse_general_code("0.{2,3!}?")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: a modifier both inside and after '{...}' at position 8
      0.{2,3!}?
              ^
    """
    s = text.lower()
    pos = 0

    def modifier_at(i: int) -> tuple[str, int]:
        if i < len(s) and s[i] in _MODIFIERS:
            return s[i], i + 1
        return "", i

    def digit_at(i: int) -> tuple[GeneralDigit, int]:
        if i >= len(s):
            raise ParseError("expected a digit", text, i)
        c = s[i]
        if c in _HEX:
            mod, j = modifier_at(i + 1)
            return _digit_from_bits(_HEX.index(c), mod), j
        if c == "*":
            mod, j = modifier_at(i + 1)
            return GeneralDigit(((0, mod),), more=True), j
        if c == "&":
            end = s.find(";", i)
            if end < 0 or not s[i + 1 : end].isdigit():
                raise ParseError("expected '&' a decimal number ';'", text, i)
            mod, j = modifier_at(end + 1)
            return _digit_from_bits(int(s[i + 1 : end]), mod), j
        if c == "{":
            end = s.find("}", i)
            if end < 0:
                raise ParseError("unclosed '{'", text, i)
            outer, j = modifier_at(end + 1)
            body = s[i + 1 : end]
            more = body.endswith("+")
            if more:
                body = body[:-1]
            counts: dict[int, str] = {}
            at = i + 1
            for item in body.split(","):
                mod = item[-1] if item and item[-1] in _MODIFIERS else ""
                number = item[: len(item) - len(mod)]
                if not number.isdigit():
                    raise ParseError("expected a heap count (a number)", text, at)
                if mod and outer:
                    raise ParseError("a modifier both inside and after '{...}'", text, end + 1)
                if int(number) > 64:
                    raise ParseError("a heap count above 64", text, at)
                counts[int(number)] = mod or outer
                at += len(item) + 1
            return GeneralDigit(tuple(sorted(counts.items())), more=more), j
        raise ParseError(f"{text[i]!r} is not a take-and-break digit", text, i)

    if not isinstance(text, str):
        raise ParseError("a take-and-break code must be a str", str(text), 0)
    before: list[GeneralDigit] = []
    while pos < len(s) and s[pos] != ".":
        d, pos = digit_at(pos)
        before.append(d)
    if pos >= len(s):
        raise ParseError("expected '.'", text, pos)
    if len(before) > 1:
        raise ParseError(
            "digits before d_0 would add tokens to a heap (CGSuite's additive digits): "
            "such games are not short",
            text,
            0,
        )
    d0 = before[0] if before else GeneralDigit(())
    if d0.modifier(0) is not None or d0.modifier(1) is not None:
        raise ParseError(
            "d_0 would allow a move that removes nothing and leaves one heap or none", text, 0
        )
    more, repeat = read_code_blocks(text, pos + 1, digit_at)
    return [d0, *more], repeat


_D = TypeVar("_D")


def read_code_blocks(
    text: str, pos: int, read_digit: Callable[[int], tuple[_D, int]]
) -> tuple[list[_D], list[_D]]:
    """The digits after the point of a code, and its final repeating ``[...]`` block.

    ``read_digit(i)`` reads the digit at ``text[i]`` and returns it with the
    position after it.  Misplaced brackets raise :class:`~cgt.errors.ParseError`.

    >>> read_code_blocks("0.12[3]", 2, lambda i: (int("0.12[3]"[i]), i + 1))
    ([1, 2], [3])
    """
    digits: list[_D] = []
    repeat: list[_D] = []
    target = digits
    while pos < len(text):
        if text[pos] == "[":
            if target is repeat:
                raise ParseError("nested '['", text, pos)
            target = repeat
            pos += 1
            continue
        if text[pos] == "]":
            if target is not repeat or not repeat:
                raise ParseError("']' without a non-empty '[' block", text, pos)
            if pos != len(text) - 1:
                raise ParseError("the repeating block must end the code", text, pos + 1)
            return digits, repeat
        d, pos = read_digit(pos)
        target.append(d)
    if target is repeat:
        raise ParseError("unclosed '['", text, len(text))
    return digits, repeat


def octal_form(digit: GeneralDigit) -> tuple[int, bool] | None:
    """``(bits, distinct)`` when the digit is an octal or hex digit with or without ``!``.

    ``?`` on two heaps is ``!``; modifiers on fewer than two heaps change nothing.
    ``None`` when the digit needs the general rules.

    >>> octal_form(GeneralDigit(((2, "?"),))), octal_form(GeneralDigit(((3, "?"),)))
    ((4, True), None)
    """
    if digit.more or (digit.counts and digit.counts[-1][0] > 3):
        return None
    mods = set()
    for count, mod in digit.counts:
        if count >= 2:
            mods.add("!" if mod == "?" and count == 2 else mod)
    if len(mods) > 1 or mods - {"", "!"}:
        return None
    bits = sum(1 << count for count, _ in digit.counts)
    return bits, mods == {"!"}


def _partitions(m: int, parts: int, smallest: int = 1) -> Iterator[tuple[int, ...]]:
    """Partitions of ``m`` into exactly ``parts`` parts of at least ``smallest``, non-decreasing."""
    if parts == 1:
        if m >= smallest:
            yield (m,)
        return
    for first in range(smallest, m // parts + 1):
        for rest in _partitions(m - first, parts - 1, first):
            yield (first, *rest)


_ROWS: list[list[int]] = [[1]]  # _ROWS[m][k]: partitions of m into exactly k parts
_TABLE_ROWS = 600


def _partition_count(m: int, parts: int) -> int:
    """How many partitions ``m`` has into exactly ``parts`` parts (a lower bound above 600).

    Exact from a table up to ``m = 600``, by ``p(m, 3) = round(m**2 / 12)`` for three
    parts, and beyond by the lower bound ``C(m - 1, k - 1) / k!`` (each partition
    is at most ``k!`` compositions).
    """
    if parts <= 0 or parts > m:
        return int(parts == 0 and m == 0)
    if parts <= 2:
        return 1 if parts == 1 else m // 2
    if m < _TABLE_ROWS:
        while len(_ROWS) <= m:
            mm = len(_ROWS)
            row = [0] * (mm + 1)
            for k in range(1, mm + 1):
                row[k] = _ROWS[mm - 1][k - 1] + (_ROWS[mm - k][k] if k <= mm - k else 0)
            _ROWS.append(row)
        return _ROWS[m][parts]
    if parts == 3:
        return (m * m + 6) // 12
    return comb(m - 1, parts - 1) // factorial(parts)


def _listed(m: int, count: int, mod: str) -> int:
    """How many partitions of ``m`` into ``count`` parts are listed for modifier ``mod``
    (distinct parts: ``p(m - count(count-1)/2, count)``)."""
    if mod == "!" and count >= 2:
        return _partition_count(m - count * (count - 1) // 2, count)
    return _partition_count(m, count)


def _allowed(heaps: tuple[int, ...], mod: str) -> bool:
    if len(heaps) < 2 or not mod:
        return True
    if mod == "=":
        return heaps[0] == heaps[-1]
    if mod == "?":
        return heaps[0] != heaps[-1]
    return all(a != b for a, b in pairwise(heaps))


class GeneralRules:
    """The moves and Grundy values of a generalised code (the Python engine).

    >>> rules = GeneralRules(*parse_general_code("0.*="))
    >>> rules.options(11)
    [(10,), (5, 5), (2, 2, 2, 2, 2), (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)]
    >>> g = [0]
    >>> rules.extend(g, 8)
    >>> g
    [0, 1, 0, 1, 0, 1, 0, 1]
    """

    def __init__(self, digits: Sequence[GeneralDigit], repeat: Sequence[GeneralDigit]) -> None:
        self.digits = tuple(digits)
        self.repeat = tuple(repeat)
        self._exact: dict[tuple[int, int], frozenset[int]] = {}
        self._at_least: dict[tuple[int, int], frozenset[int]] = {}

    def digit(self, j: int) -> GeneralDigit:
        """The digit for removing ``j`` tokens.

        >>> GeneralRules(*parse_general_code("0.1[2]")).digit(5)
        GeneralDigit(counts=((1, ''),), more=False)
        """
        if j < len(self.digits):
            return self.digits[j]
        if self.repeat:
            return self.repeat[(j - len(self.digits)) % len(self.repeat)]
        return GeneralDigit(())

    def _moves(self, n: int) -> Iterator[tuple[int, int, str]]:
        """``(m, count, modifier)``: split ``m = n - j`` tokens into ``count`` heaps."""
        top = n if self.repeat else min(n, len(self.digits) - 1)
        for j in range(top + 1):
            d = self.digit(j)
            if d.is_zero:
                continue
            m = n - j
            last = d.counts[-1][0]
            for count in range(0, (m if d.more else min(m, last)) + 1):
                mod = d.modifier(count)
                if mod is None or (count == 0) != (m == 0) or (count == 1 and j == 0):
                    continue
                yield m, count, mod

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The heap tuples (largest first) one move can leave from a heap of ``n``.

        >>> GeneralRules(*parse_general_code("8?.0")).options(7)
        [(5, 1, 1), (4, 2, 1), (3, 3, 1), (3, 2, 2)]
        """
        moves = list(self._moves(n))
        listed = sum(_listed(m, count, mod) for m, count, mod in moves)
        if listed > PARTITION_LIMIT:
            raise TooLarge(
                f"a heap of {n} has about {listed} options under this code: too many to list "
                f"(the limit is {PARTITION_LIMIT})"
            )
        out: list[tuple[int, ...]] = []
        for m, count, mod in moves:
            if count == 0:
                out.append(())
                continue
            for heaps in _partitions(m, count):
                if _allowed(heaps, mod):
                    out.append(heaps[::-1])
        return out

    def extend(self, values: list[int], n: int) -> None:
        """Append ``G(len(values)), ..., G(n - 1)`` to ``values``.

        Digits with ``!`` or ``?`` on three or more heaps list partitions; when
        those would number more than :data:`PARTITION_LIMIT` it raises
        :class:`~cgt.errors.TooLarge` first.

        Dawson's Kayles, ``0.07`` (OEIS A002187 starts 0, 0, 1, 1, 2, 0, 3, 1, 1, 0):

        >>> values: list[int] = []
        >>> GeneralRules(*parse_general_code("0.07")).extend(values, 10)
        >>> values
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
        """
        self._check_work(len(values), n)
        for heap in range(len(values), n):
            seen: set[int] = set()
            for m, count, mod in self._moves(heap):
                if count == 0:
                    seen.add(0)
                elif count == 1:
                    seen.add(values[m])
                elif mod == "=":
                    if m % count == 0:
                        seen.add(values[m // count] if count % 2 else 0)
                elif mod == "" and count > self.digit(heap - m).counts[-1][0]:
                    continue  # the counts above the last of a k+ list: taken together below
                elif mod == "":
                    seen |= self._exact_xors(values, m, count)
                else:
                    for heaps in _partitions(m, count):
                        if _allowed(heaps, mod):
                            x = 0
                            for h in heaps:
                                x ^= values[h]
                            seen.add(x)
            for j in range(0, (heap if self.repeat else min(heap, len(self.digits) - 1)) + 1):
                d = self.digit(j)
                if d.more and d.counts and d.counts[-1][1] == "" and heap - j > d.counts[-1][0]:
                    seen |= self._at_least_xors(values, heap - j, d.counts[-1][0] + 1)
            values.append(mex(seen))

    def _check_work(self, start: int, n: int) -> None:
        listed = 0
        for heap in range(start, n):
            for m, count, mod in self._moves(heap):
                if mod in ("!", "?") and count >= 3:
                    listed += _listed(m, count, mod)
            if listed > PARTITION_LIMIT:
                raise TooLarge(
                    f"the Grundy values up to heap {n - 1} of this code need about {listed} or "
                    f"more heap partitions listed (the limit is {PARTITION_LIMIT}); ask for "
                    f"fewer values"
                )

    def _exact_xors(self, g: list[int], m: int, count: int) -> frozenset[int]:
        """Xors of the values of the compositions of ``m`` into exactly ``count`` parts.

        Smaller sums are filled in increasing order first, so the recursion is
        only ``count`` deep.
        """
        key = (m, count)
        found = self._exact.get(key)
        if found is not None:
            return found
        if count == 1:
            found = frozenset((g[m],))
        else:
            for smaller in range(count - 1, m):
                self._exact_xors(g, smaller, count - 1)
            out: set[int] = set()
            for a in range(1, m - count + 2):
                ga = g[a]
                out |= {ga ^ x for x in self._exact[(m - a, count - 1)]}
            found = frozenset(out)
        self._exact[key] = found
        return found

    def _at_least_xors(self, g: list[int], m: int, count: int) -> frozenset[int]:
        """Xors of the values of the compositions of ``m`` into ``count`` parts or more."""
        count = max(count, 1)
        key = (m, count)
        found = self._at_least.get(key)
        if found is not None:
            return found
        below = max(count - 1, 1)
        for smaller in range(1, m):
            if (smaller, below) not in self._at_least:
                self._at_least_xors(g, smaller, below)
        out: set[int] = {g[m]} if count == 1 else set()
        for a in range(1, m):
            ga = g[a]
            out |= {ga ^ x for x in self._at_least[(m - a, below)]}
        found = frozenset(out)
        self._at_least[key] = found
        return found

    def max_heaps(self) -> int | None:
        """The most heaps one move leaves, or ``None`` when unbounded.

        >>> rules = [GeneralRules(*parse_general_code(c)) for c in ("0.{2,5}", "0.*")]
        >>> [r.max_heaps() for r in rules]
        [5, None]
        """
        top = 0
        for d in self.digits + self.repeat:
            if d.more:
                return None
            if d.counts:
                top = max(top, d.counts[-1][0])
        return top

    def is_unconstrained(self) -> bool:
        """Whether no digit carries a modifier on two or more heaps.

        >>> GeneralRules(*parse_general_code("0.{1,4}")).is_unconstrained()
        True
        """
        return all(mod == "" or c < 2 for d in self.digits + self.repeat for c, mod in d.counts)
