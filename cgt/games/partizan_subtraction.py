"""Partizan subtraction: Left takes a number in her set from one heap, Right one in his.

:class:`PartizanSubtraction` is the ruleset (the two sets); calling it with
heap sizes gives a :class:`PartizanSubtractionPosition`, whose heaps are
independent components.

>>> PartizanSubtraction({1}, {2})(2).value()
{1|0}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidPosition
from .base import HEAP_COORDINATES, Position
from .registry import register_ruleset
from .strip import _CELL, _svg

__all__ = ["PartizanSubtraction", "PartizanSubtractionPosition"]


def _moves_set(name: str, moves: Iterable[int]) -> frozenset[int]:
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise InvalidPosition(
            f"{name} must be a collection of positive ints, not {type(moves).__name__}"
        )
    out = set()
    for s in moves:
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise InvalidPosition(f"{name} holds {s!r}, which is not a positive int")
        out.add(s)
    return frozenset(out)


class PartizanSubtraction:
    """The partizan subtraction game: Left removes a number in ``left_set``
    from one heap, Right a number in ``right_set``.

    Calling the ruleset with heap sizes gives a position (heaps are
    independent components).

    >>> game = PartizanSubtraction({1}, {2})
    >>> game
    PartizanSubtraction({1}, {2})
    >>> game(1).value(), game(2).value(), game(3).value()
    (1, {1|0}, 0)
    >>> PartizanSubtraction({1, 2}, {1, 2})(5).value()      # impartial: 5 mod 3
    *2
    >>> PartizanSubtraction({0}, {1})
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: left_set holds 0, which is not a positive int
    """

    __slots__ = ("left_set", "right_set")

    def __init__(self, left_set: Iterable[int], right_set: Iterable[int]) -> None:
        self.left_set = _moves_set("left_set", left_set)
        self.right_set = _moves_set("right_set", right_set)

    def __call__(self, *heaps: int) -> PartizanSubtractionPosition:
        return PartizanSubtractionPosition(self, heaps)

    def __repr__(self) -> str:
        def show(s: frozenset[int]) -> str:
            return "{" + ", ".join(map(str, sorted(s))) + "}" if s else "set()"

        return f"PartizanSubtraction({show(self.left_set)}, {show(self.right_set)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartizanSubtraction):
            return NotImplemented
        return (self.left_set, self.right_set) == (other.left_set, other.right_set)

    def __hash__(self) -> int:
        return hash(("PartizanSubtraction", self.left_set, self.right_set))

    def __reduce__(self) -> tuple[Any, ...]:
        return (PartizanSubtraction, (sorted(self.left_set), sorted(self.right_set)))


@register_ruleset(
    "PartizanSubtractionPosition",
    "partizan",
    docs="strips",
    samples=lambda: [PartizanSubtraction({1, 3}, {2})(4, 1), PartizanSubtraction({1}, {2})(5)],
    stored_as=("cgt.games.strips.PartizanSubtractionPosition",),
)
class PartizanSubtractionPosition(Position, Drawable):
    """Heaps under a :class:`PartizanSubtraction` ruleset.

    >>> p = PartizanSubtraction({1, 3}, {2})(4, 1)
    >>> print(p)
    4 + 1
    >>> for option in p.left_options():
    ...     print(option)
    3 + 1
    1 + 1
    4 + 0
    >>> PartizanSubtraction({1}, {1})(-1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: heap 0 is -1: heaps are non-negative ints
    """

    move_coordinates: ClassVar[str] = HEAP_COORDINATES

    __slots__ = ("heaps", "ruleset")

    ruleset: PartizanSubtraction
    heaps: tuple[int, ...]

    def __init__(self, ruleset: PartizanSubtraction, heaps: Iterable[int]) -> None:
        if not isinstance(ruleset, PartizanSubtraction):
            raise InvalidPosition(
                f"the ruleset must be a PartizanSubtraction, not {type(ruleset).__name__}"
            )
        out = []
        for i, h in enumerate(heaps):
            if isinstance(h, bool) or not isinstance(h, int) or h < 0:
                raise InvalidPosition(f"heap {i} is {h!r}: heaps are non-negative ints")
            out.append(h)
        self.ruleset = ruleset
        self.heaps = tuple(out)

    def _options(self, moves: frozenset[int]) -> list[PartizanSubtractionPosition]:
        out = []
        for i, h in enumerate(self.heaps):
            for s in sorted(moves):
                if s <= h:
                    heaps = (*self.heaps[:i], h - s, *self.heaps[i + 1 :])
                    out.append(PartizanSubtractionPosition(self.ruleset, heaps))
        return out

    def describe_move(self, option: Any) -> str | None:
        """How many were taken from which heap (heaps counted from 0).

        >>> p = PartizanSubtraction({1, 3}, {2})(4, 1)
        >>> [p.describe_move(o) for o in p.left_options()]
        ['take 1 from heap 0', 'take 3 from heap 0', 'take 1 from heap 1']
        """
        if not isinstance(option, PartizanSubtractionPosition):
            return None
        if len(option.heaps) != len(self.heaps):
            return None
        changed = [
            i for i, (a, b) in enumerate(zip(self.heaps, option.heaps, strict=True)) if a != b
        ]
        if len(changed) != 1 or option.heaps[changed[0]] > self.heaps[changed[0]]:
            return None
        i = changed[0]
        return f"take {self.heaps[i] - option.heaps[i]} from heap {i}"

    def left_options(self) -> list[PartizanSubtractionPosition]:
        """Positions after Left removes a number of her set from one heap."""
        return self._options(self.ruleset.left_set)

    def right_options(self) -> list[PartizanSubtractionPosition]:
        """Positions after Right removes a number of his set from one heap."""
        return self._options(self.ruleset.right_set)

    def components(self) -> list[PartizanSubtractionPosition]:
        """One position per heap on which someone can still move."""
        low = min(self.ruleset.left_set | self.ruleset.right_set, default=0)
        if len(self.heaps) == 1 and self.heaps[0] >= low > 0:
            return [self]
        return [
            PartizanSubtractionPosition(self.ruleset, (h,))
            for h in self.heaps
            if h >= low and low > 0
        ]

    def key(self) -> Hashable:
        """The two sets and the sorted heaps."""
        return (self.ruleset.left_set, self.ruleset.right_set, tuple(sorted(self.heaps)))

    def __str__(self) -> str:
        return " + ".join(map(str, self.heaps)) or "0"

    def __repr__(self) -> str:
        return f"{self.ruleset!r}({', '.join(map(str, self.heaps))})"

    def _draw_svg(self) -> str:
        body = []
        for i, h in enumerate(self.heaps):
            for j in range(h):
                body.append(
                    f'<circle cx="{i * _CELL + _CELL // 2}" cy="{(h - j) * 12 - 4}" r="5" '
                    f'fill="#555555"/>'
                )
        height = 12 * max(self.heaps, default=0) + 4
        return _svg(max(len(self.heaps), 1) * _CELL, height, body)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartizanSubtractionPosition):
            return NotImplemented
        return (self.ruleset, self.heaps) == (other.ruleset, other.heaps)

    def __hash__(self) -> int:
        return hash((self.ruleset, self.heaps))

    def __reduce__(self) -> tuple[Any, ...]:
        return (PartizanSubtractionPosition, (self.ruleset, self.heaps))
