"""Partizan Euclid (Nowakowski and McKay; CGSuite's ``PartizanEuclid``).

A component is a pair of non-negative integers ``(p, q)``.  When ``q`` is 0
or divides ``p`` it is over; otherwise each player has exactly one move:
Left to ``(q, p mod q)`` (a step of Euclid's algorithm) and Right to
``(q, q - p mod q)``.  Alone a component is trivial; the game is in its sums,
where choosing the component to play is hard.  Every value is all-small.

>>> from cgt.games.partizan_euclid import PartizanEuclid
>>> [str(PartizanEuclid(8, q).value()) for q in range(1, 9)]
['0', '0', 'v', '0', '0', '^', '^5', '0']
>>> PartizanEuclid.of([(8, 3), (8, 6)]).value()
0
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidArgument, InvalidPosition
from .base import Position
from .registry import register_ruleset

__all__ = ["PartizanEuclid"]

Pair = tuple[int, int]


def _pair(item: Any) -> Pair:
    try:
        p, q = item
    except (TypeError, ValueError):
        raise InvalidPosition(
            f"a Partizan Euclid component is a pair (p, q), not {item!r}"
        ) from None
    for n in (p, q):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidPosition(
                f"a Partizan Euclid pair is two non-negative ints, not {(p, q)!r}"
            )
    return p, q


def _move(pair: Pair, left: bool) -> Pair | None:
    p, q = pair
    if q == 0 or p % q == 0:
        return None
    r = p % q
    return (q, r) if left else (q, q - r)


def _read(text: str) -> PartizanEuclid:
    pairs = []
    for word in text.split():
        p, sep, q = word.partition(",")
        if not sep or not p.isdigit() or not q.isdigit():
            raise InvalidArgument(
                f"expected pairs P,Q separated by spaces, such as 9,6 8,3; got {text!r}"
            )
        pairs.append((int(p), int(q)))
    return PartizanEuclid.of(pairs)


@register_ruleset(
    "PartizanEuclid",
    "partizan",
    syntax="PAIRS",
    summary="Partizan Euclid (pairs P,Q)",
    example="9,6 8,3 7,5",
    cli="partizan-euclid",
    docs="heap_games",
    make=_read,
)
class PartizanEuclid(Position, Drawable):
    """A sum of Partizan Euclid components: ``PartizanEuclid(p, q)`` is one,
    :meth:`of` a sum.

    Left moves a component ``(p, q)`` to ``(q, p mod q)``, Right to ``(q, q - p mod
    q)``, unless ``q`` is 0 or divides ``p``.

    >>> g = PartizanEuclid(8, 3)
    >>> g.left_options(), g.right_options(), g.value()
    ([PartizanEuclid(3, 2)], [PartizanEuclid(3, 1)], v)
    >>> PartizanEuclid(2, -1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a Partizan Euclid pair is two non-negative ints, not (2, -1)
    """

    move_coordinates: ClassVar[str] = "components are counted from 0, in the order listed"

    __slots__ = ("pairs",)

    pairs: tuple[Pair, ...]
    """The components ``(p, q)``."""

    def __init__(self, p: int, q: int) -> None:
        self.pairs = (_pair((p, q)),)

    @classmethod
    def of(cls, pairs: Iterable[tuple[int, int]]) -> PartizanEuclid:
        """The sum of the components ``(p, q)``.

        >>> PartizanEuclid.of([(9, 6), (5, 2)])
        PartizanEuclid.of([(9, 6), (5, 2)])
        """
        pos = object.__new__(cls)
        pos.pairs = tuple(_pair(x) for x in pairs)
        return pos

    def _options(self, left: bool) -> list[PartizanEuclid]:
        out = []
        for i, pair in enumerate(self.pairs):
            if pair in self.pairs[:i]:
                continue
            after = _move(pair, left)
            if after is not None:
                out.append(PartizanEuclid.of((*self.pairs[:i], after, *self.pairs[i + 1 :])))
        return out

    def left_options(self) -> list[PartizanEuclid]:
        """Left moves one component ``(p, q)`` to ``(q, p mod q)``."""
        return self._options(True)

    def right_options(self) -> list[PartizanEuclid]:
        """Right moves one component ``(p, q)`` to ``(q, q - p mod q)``."""
        return self._options(False)

    def describe_move(self, option: Any) -> str | None:
        """Which component moved, and to what.

        >>> g = PartizanEuclid.of([(8, 3), (9, 6)])
        >>> [g.describe_move(o) for o in g.left_options()]
        ['component 0: (8, 3) to (3, 2)', 'component 1: (9, 6) to (6, 3)']
        """
        if not isinstance(option, PartizanEuclid):
            return None
        for i, pair in enumerate(self.pairs):
            for left in (True, False):
                after = _move(pair, left)
                if after is not None and option.pairs == (
                    *self.pairs[:i],
                    after,
                    *self.pairs[i + 1 :],
                ):
                    return f"component {i}: {pair} to {after}"
        return None

    def components(self) -> list[PartizanEuclid]:
        """One position per component that is not over."""
        live = [x for x in self.pairs if _move(x, True) is not None]
        if len(live) == 1 and len(self.pairs) == 1:
            return [self]
        return [PartizanEuclid.of([x]) for x in live]

    def key(self) -> Hashable:
        """The sorted components still in play."""
        return tuple(sorted(x for x in self.pairs if _move(x, True) is not None))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, PartizanEuclid)
        return sorted(self.pairs) == sorted(other.pairs)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.pairs)))

    def __repr__(self) -> str:
        if len(self.pairs) == 1:
            return f"PartizanEuclid{self.pairs[0]}"
        return f"PartizanEuclid.of({list(self.pairs)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PartizanEuclid.of, (self.pairs,))

    def _draw_svg(self) -> str:
        """Each component as a ``p`` by ``q`` rectangle (p across), labelled.

        >>> PartizanEuclid.of([(3, 2), (1, 1)])._repr_svg_().count("<rect")
        3
        """
        from .._svg import document, num

        top = max((max(x) for x in self.pairs), default=1) or 1
        unit = min(10.0, 120.0 / top)
        body, x = [], 6.0
        for p, q in self.pairs:
            w, h = max(p * unit, 2.0), max(q * unit, 2.0)
            body.append(
                f'<rect x="{num(x)}" y="{num(6)}" width="{num(w)}" height="{num(h)}" '
                f'fill="#cfe3f7" stroke="#1f5fd6"/><text x="{num(x + w / 2)}" '
                f'y="{num(6 + top * unit + 14)}" font-size="10" text-anchor="middle">{p},{q}</text>'
            )
            x += max(w, 30.0) + 10
        return document(x, top * unit + 28, body, background="white")
