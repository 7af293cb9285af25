"""Generalised Toads and Frogs: how far a creature may slide, and how much it may jump.

CGSuite's ``GenToadsAndFrogs(minSlide, maxSlide, maxJump, allowFriendlyJump)``:
on a strip, Left's toads ``t`` move rightwards and Right's frogs ``f``
leftwards.  A creature may

* **slide** ``k`` squares, for ``min_slide <= k <= max_slide``, when the
  squares it passes and the one it lands on are empty;
* **jump** over a run of ``1`` to ``max_jump`` adjacent creatures of the
  other side (of either side with ``allow_friendly_jump``), landing on the
  empty square just after the run.

Toads and Frogs is the member with the defaults (``1, 1, 1, False``),
Elephants and Rhinos the one with ``max_jump=0``
(:class:`~cgt.games.ToadsAndFrogs`, :class:`~cgt.games.ElephantsAndRhinos`).
A ``min_slide`` below 1 lets creatures slide back, and the game is loopy
(CGSuite's Backsliding Toads and Frogs is ``min_slide=-1``:
:class:`~cgt.games.BackslidingToadsAndFrogs`), so this short-game family
asks ``min_slide >= 1``.

>>> gen_toads_and_frogs(max_jump=2)("tttt..fff").value()
{1/2*|v}
>>> gen_toads_and_frogs(max_slide=2)("t..f").value()     # a frog answers by jumping back
0
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from ..errors import InvalidArgument
from .families import Members
from .registry import register_ruleset
from .strip import _Line

__all__ = ["ToadsAndFrogsVariant", "gen_toads_and_frogs", "read_variant"]


def read_variant(text: str) -> ToadsAndFrogsVariant:
    """A position from the command line's text: the strip, then any rules as
    ``name=value`` (``min_slide``, ``max_slide``, ``max_jump``,
    ``allow_friendly_jump``), separated by spaces.

    >>> read_variant("tttt..fff max_jump=2")
    gen_toads_and_frogs(max_jump=2)('tttt..fff')
    >>> read_variant("t..f allow_friendly_jump=yes")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: allow_friendly_jump is true or false, not 'yes'
    """
    if not isinstance(text, str):
        raise InvalidArgument(f"a Toads and Frogs variant is read from a string, not {text!r}")
    strip, *settings = text.split() or [""]
    rules: dict[str, Any] = {}
    for setting in settings:
        name, sep, value = setting.partition("=")
        if not sep or name not in _DEFAULTS:
            raise InvalidArgument(
                f"expected name=value with a name of {', '.join(_DEFAULTS)}, got {setting!r}"
            )
        if name == "allow_friendly_jump":
            if value.lower() not in ("true", "false"):
                raise InvalidArgument(f"allow_friendly_jump is true or false, not {value!r}")
            rules[name] = value.lower() == "true"
        else:
            try:
                rules[name] = int(value)
            except ValueError:
                raise InvalidArgument(f"{name} is an integer, not {value!r}") from None
    return gen_toads_and_frogs(**rules)(strip)


@register_ruleset(
    "GenToadsAndFrogs",
    "partizan",
    syntax="STRIP",
    summary="generalised Toads and Frogs: the strip, then rules such as max_jump=2",
    example="tttt..fff",
    cli="gen-toads-and-frogs",
    docs="strips",
    make=read_variant,
    samples=lambda: [ToadsAndFrogsVariant("t.tf.f")],
)
class ToadsAndFrogsVariant(_Line):
    """A strip under generalised Toads and Frogs rules (CGSuite: ``GenToadsAndFrogs``).

    This class plays the default rules (Toads and Frogs); its members made by
    :func:`gen_toads_and_frogs` set :attr:`min_slide`, :attr:`max_slide`,
    :attr:`max_jump` and :attr:`allow_friendly_jump`.  The whole strip is one
    component (longer slides and jumps leave no simple dead pieces), with the
    empty squares no creature can reach trimmed at its ends.

    >>> g = gen_toads_and_frogs(max_slide=2)("t..tf")
    >>> g.left_options()
    [gen_toads_and_frogs(max_slide=2)('.t.tf'), gen_toads_and_frogs(max_slide=2)('..ttf')]
    >>> [g.describe_move(o) for o in g.right_options()]
    ['f at 4 jumps to 2']
    >>> ToadsAndFrogsVariant("tt.f").value()      # Toads and Frogs itself
    {1/2|0}
    """

    __slots__ = ()
    left_piece = "t"
    right_piece = "f"
    ruleset = "Toads and Frogs variant"

    min_slide: ClassVar[int] = 1
    """The least number of squares a slide goes (CGSuite's ``minSlide``), at least 1."""
    max_slide: ClassVar[int] = 1
    """The most squares a slide goes (CGSuite's ``maxSlide``; below ``min_slide``: no slides)."""
    max_jump: ClassVar[int] = 1
    """The most creatures one jump goes over (CGSuite's ``maxJump``; 0: no jumps)."""
    allow_friendly_jump: ClassVar[bool] = False
    """Whether a jump may go over creatures of the jumper's side too (CGSuite's
    ``allowFriendlyJump``)."""

    def _steps(self, piece: str) -> list[tuple[int, int, bool]]:
        """Each move of ``piece``'s side as ``(from, to, jumped)``."""
        s = self.strip
        n = len(s)
        sign = 1 if piece == self.left_piece else -1
        other = self.right_piece if sign == 1 else self.left_piece
        over = (other, piece) if self.allow_friendly_jump else (other,)
        out = []
        for i, ch in enumerate(s):
            if ch != piece:
                continue
            for k in range(1, self.max_slide + 1):
                j = i + k * sign
                if not 0 <= j < n or s[j] != ".":
                    break
                if k >= self.min_slide:
                    out.append((i, j, False))
            for k in range(1, self.max_jump + 1):
                j = i + k * sign
                if not 0 <= j < n or s[j] not in over:
                    break
                land = j + sign
                if 0 <= land < n and s[land] == ".":
                    out.append((i, land, True))
        return out

    def _after(self, start: int, end: int) -> Any:
        cells = list(self.strip)
        cells[start], cells[end] = ".", cells[start]
        return self._make("".join(cells))

    def left_options(self) -> list[Any]:
        """Strips after a toad slides or jumps rightwards.

        >>> gen_toads_and_frogs(max_jump=2)("tff.").left_options()
        [gen_toads_and_frogs(max_jump=2)('.fft')]
        """
        return [self._after(i, j) for i, j, _ in self._steps(self.left_piece)]

    def right_options(self) -> list[Any]:
        """Strips after a frog slides or jumps leftwards.

        >>> gen_toads_and_frogs(max_slide=2)("..f").right_options()
        [gen_toads_and_frogs(max_slide=2)('.f.'), gen_toads_and_frogs(max_slide=2)('f..')]
        """
        return [self._after(i, j) for i, j, _ in self._steps(self.right_piece)]

    def describe_move(self, option: Any) -> str | None:
        """The creature that moved, by its square (from 0), and where it went.

        >>> g = gen_toads_and_frogs(max_jump=2)("ttf.")
        >>> g.describe_move(gen_toads_and_frogs(max_jump=2)("t.ft"))
        't at 1 jumps to 3'
        """
        if type(option) is not type(self):
            return None
        for piece in (self.left_piece, self.right_piece):
            for i, j, jumped in self._steps(piece):
                if self._after(i, j) == option:
                    return f"{piece} at {i} {'jumps' if jumped else 'slides'} to {j}"
        return None

    def components(self) -> list[Any]:
        """The strip with unreachable empty ends trimmed (nothing when it has no creature).

        >>> gen_toads_and_frogs(max_slide=2)("..tt..").components()
        [gen_toads_and_frogs(max_slide=2)('tt..')]
        """
        part = self._trim(self.strip)
        return [self._make(part)] if part.strip(".") else []

    def key(self) -> Hashable:
        """The trimmed strip (the mirror image, sides swapped, is the negative: not identified).

        >>> ToadsAndFrogsVariant("..t.f..").key(), ToadsAndFrogsVariant("t..").key()
        ('..t.f..', 't..')
        """
        return self._trim(self.strip)


_DEFAULTS: dict[str, Any] = {
    "min_slide": 1,
    "max_slide": 1,
    "max_jump": 1,
    "allow_friendly_jump": False,
}


def _made_repr(self: ToadsAndFrogsVariant) -> str:
    cls = type(self)
    said = [
        f"{name}={getattr(cls, name)!r}"
        for name, default in _DEFAULTS.items()
        if getattr(cls, name) != default
    ]
    return f"gen_toads_and_frogs({', '.join(said)})({self.strip!r})"


def gen_toads_and_frogs(
    min_slide: int = 1,
    max_slide: int = 1,
    max_jump: int = 1,
    allow_friendly_jump: bool = False,
) -> type[ToadsAndFrogsVariant]:
    """The Toads and Frogs variant with these rules (CGSuite: ``GenToadsAndFrogs``).

    A creature slides ``min_slide`` to ``max_slide`` squares over empty ones,
    or jumps over a run of 1 to ``max_jump`` creatures of the other side (of
    either, with ``allow_friendly_jump``) onto the empty square after it.  The
    same rules give the same class, which pickles; the defaults give
    :class:`ToadsAndFrogsVariant` itself.

    >>> gen_toads_and_frogs()("tt.f").value() == cgt.games.ToadsAndFrogs("tt.f").value()
    True
    >>> gen_toads_and_frogs(max_jump=0)("tttt..fff").value()    # Elephants and Rhinos
    1
    >>> gen_toads_and_frogs(min_slide=-1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: gen_toads_and_frogs(): min_slide is an int >= 1 (sliding back ...
    """
    for name, value in (("min_slide", min_slide), ("max_slide", max_slide), ("max_jump", max_jump)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidArgument(f"gen_toads_and_frogs(): {name} is an int, not {value!r}")
    if min_slide < 1:
        raise InvalidArgument(
            f"gen_toads_and_frogs(): min_slide is an int >= 1 (sliding back makes the game "
            f"loopy: see BackslidingToadsAndFrogs), not {min_slide}"
        )
    if max_slide < 0 or max_jump < 0:
        raise InvalidArgument(
            f"gen_toads_and_frogs(): max_slide and max_jump are ints >= 0, "
            f"not {max_slide} and {max_jump}"
        )
    if not isinstance(allow_friendly_jump, bool):
        raise InvalidArgument(
            f"gen_toads_and_frogs(): allow_friendly_jump is True or False, "
            f"not {allow_friendly_jump!r}"
        )
    parameters = (min_slide, max_slide, max_jump, allow_friendly_jump)
    if parameters == tuple(_DEFAULTS.values()):
        return ToadsAndFrogsVariant
    attributes = dict(zip(_DEFAULTS, parameters, strict=True))
    made: type[ToadsAndFrogsVariant] = _MEMBERS.get(
        parameters, {**attributes, "__repr__": _made_repr}
    )
    return made


_MEMBERS = Members(ToadsAndFrogsVariant, "GenToadsAndFrogs", gen_toads_and_frogs)
