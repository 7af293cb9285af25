"""Kobber: capture by replacing an adjacent enemy stone, or by jumping over it for a point.

A scoring game of the Scoring Games Calculator (J. P. Neto,
``jpneto/ScoringGames``, ``Kobber.hs``), the example game of its user
guide.  On a board of Left's stones ``x`` and Right's ``o``, a player moves
one of her stones along a row or column and must capture:

* by *replacement*: onto an adjacent enemy stone, which is removed; or
* by *jumping*: over an adjacent enemy stone onto the empty square beyond
  it, removing it, and on over more enemy stones in the same direction as
  long as each has an empty square beyond (stopping after any jump).

A jump scores one point for each stone it takes (to Left: up; to Right:
down); a replacement scores nothing.  A player who cannot move ends the
game, and the score is the points won.  Since a capture of either kind
needs an enemy stone next to one's own, Left can move exactly when Right
can: every position is a number or has options on both sides.

Which capture scores: the calculator's comment (and its guide's rules)
say replacement earns the point and jumping does not, but its code does
the opposite, and the guide's worked example (section "getting the next
possible positions" of ``userGuide/userGuide.tex``: the five Left moves
of ``lr|rl|..``, the jump alone with 1 point) follows the code.  We
follow the code and the worked example, so our values can be compared
with every value the calculator prints.

Points already won are part of the position (``"1: xo.|ox.|x.o"``), as in
the calculator: see :mod:`cgt.games.scoring_board`.

>>> Kobber("xo").value(), Kobber("xo.").value(), Kobber("1: xo.").value().left_score
(<0|0>, <1|0>, 2)
"""

from __future__ import annotations

from .clobber import Clobber
from .registry import register_ruleset
from .scoring_board import CaptureBoard, jumps

__all__ = ["Kobber"]


@register_ruleset(
    "Kobber",
    "scoring",
    syntax="BOARD",
    summary="Kobber, a scoring game (x Left, o Right; POINTS: BOARD)",
    example="1: xo.|ox.|x.o",
    cli="kobber",
    docs="scoring",
)
class Kobber(CaptureBoard):
    """A Kobber position: the board and the points won so far (``"1: xo.|ox.|x.o"``).

    >>> k = Kobber("xo|ox|..")          # the guide's lr|rl|..
    >>> sorted(p.text() for p in k.left_options())
    ['.o|xx|..', '.x|ox|..', '1: .o|.x|x.', 'xo|x.|..', 'xx|o.|..']
    >>> v = Kobber("1: xo.|ox.|x.o").value()     # the guide's kobber1.txt
    >>> v.left_score, v.right_score
    (1, 0)
    """

    __slots__ = ()

    def _moves(self, player: str) -> list[tuple[str, int]]:
        h, w, cells = self.h, self.w, self.cells
        if not h * w:
            return []
        # a replacement is a Clobber move (onto an adjacent enemy stone, which is removed)
        clobber = Clobber(self.board_string())
        replaced = clobber.left_options() if player == "x" else clobber.right_options()
        return [(p.cells, 0) for p in replaced] + jumps(h, w, cells, player)
