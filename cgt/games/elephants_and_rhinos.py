"""Elephants and Rhinos: Toads and Frogs without jumps.

Elephants ``e`` are Left's and step right, rhinos ``r`` Right's and step
left, one square into an empty one; nobody jumps, so pieces never pass each
other.  The strip geometry is :mod:`cgt.games.strip`'s.

>>> ElephantsAndRhinos("e..r").value(), ElephantsAndRhinos("e.r.").value()
(0, *)
"""

from __future__ import annotations

from .registry import register_ruleset
from .strip import _Strip

__all__ = ["ElephantsAndRhinos"]


@register_ruleset(
    "ElephantsAndRhinos",
    "partizan",
    syntax="STRIP",
    summary="Elephants and Rhinos",
    example="e..r.e.r",
    cli="elephants-and-rhinos",
    docs="strips",
    fast_path="compiled strips (cgt/_c/strips.h), at most 64 squares",
    stored_as=("cgt.games.strips.ElephantsAndRhinos",),
)
class ElephantsAndRhinos(_Strip):
    """An Elephants and Rhinos strip: ``e`` elephants (Left's), ``r`` rhinos (Right's).

    Elephants step one square right into an empty square, rhinos one square
    left; nobody jumps (so the letters are ``e`` and ``r``, not ``t`` and
    ``f``; upper case is accepted).  Pieces never pass each other, so the
    strip also splits between a rhino and the next elephant.

    >>> ElephantsAndRhinos("e..r").value(), ElephantsAndRhinos("e.r.").value()
    (0, *)
    >>> ElephantsAndRhinos("e.r..e.r").components()
    [ElephantsAndRhinos('e.r'), ElephantsAndRhinos('e.r')]
    >>> ElephantsAndRhinos("er").components()      # they block each other for ever
    []
    """

    __slots__ = ()
    left_piece = "e"
    right_piece = "r"
    jumps = False
    ruleset = "Elephants and Rhinos"
    _kernel = 1

    def _split(self, part: str) -> list[str]:
        # Between a rhino and the next elephant the squares are used by no one
        # (the rhino moves away from them, the elephant too, nobody passes).
        out = []
        start = 0
        last_piece = -1
        for i, ch in enumerate(part):
            if ch == ".":
                continue
            if ch == "e" and last_piece >= 0 and part[last_piece] == "r":
                out.append(part[start : last_piece + 1])
                start = i
            last_piece = i
        out.append(part[start:])
        return out

    def _trim(self, part: str) -> str:
        # No passing: empty squares before a leading elephant, or after a
        # trailing rhino, are never used.
        pieces = part.strip(".")
        if not pieces:
            return ""
        if pieces[0] == "e":
            part = part.lstrip(".")
        if pieces[-1] == "r":
            part = part.rstrip(".")
        return part
