"""Toads and Frogs (Winning Ways, ch. 1): toads step or jump rightwards, frogs leftwards.

On a strip of squares, Left's toads ``t`` move rightwards and Right's frogs
``f`` leftwards, one square into an empty one, or jumping over exactly one
piece of the other kind into an empty square just beyond.  The strip
geometry (reading, dead pieces, segments, keys) is :mod:`cgt.games.strip`'s.

>>> ToadsAndFrogs("t.f").value(), ToadsAndFrogs("tt.f").value()
(*, {1/2|0})
"""

from __future__ import annotations

from .registry import register_ruleset
from .strip import _Strip

__all__ = ["ToadsAndFrogs"]


@register_ruleset(
    "ToadsAndFrogs",
    "partizan",
    syntax="STRIP",
    summary="Toads and Frogs (T and F)",
    example="TT.F.",
    cli="toads-and-frogs",
    docs="strips",
    fast_path="compiled strips (cgt/_c/strips.h), at most 64 squares",
    stored_as=("cgt.games.strips.ToadsAndFrogs",),
)
class ToadsAndFrogs(_Strip):
    """A Toads and Frogs strip: ``t`` toads (Left's), ``f`` frogs (Right's), ``.`` empty.

    A toad moves one square right into an empty square, or jumps right over
    exactly one frog into the empty square beyond; frogs move leftwards in
    the same way.  Letters are CGSuite's; ``T`` and ``F`` (Winning Ways)
    are accepted too.

    >>> g = ToadsAndFrogs("TT.F")
    >>> print(g), g.value()
    tt.f
    (None, {1/2|0})
    >>> g.left_options(), g.right_options()
    ([ToadsAndFrogs('t.tf')], [ToadsAndFrogs('ttf.')])
    >>> ToadsAndFrogs("t.f").value(), ToadsAndFrogs("t..f").value()
    (*, 0)
    >>> ToadsAndFrogs("ft.t.f").components()    # the frog at the end never moves
    [ToadsAndFrogs('t.t.f')]
    >>> ToadsAndFrogs("tx")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character 'x' at row 0, column 1 of 'tx': ...
    """

    __slots__ = ()
    left_piece = "t"
    right_piece = "f"
    jumps = True
    ruleset = "Toads and Frogs"
    _kernel = 0
