"""The dicot universe: every follower has moves for both players or for neither.

Comparison modulo the dicots is decided from the options alone (Dorbec,
Renault, Siegel and Sopena, "Dicots, and a taxonomy of ranks for misère
games", J. Combin. Theory Ser. A 130 (2015); Larsson, Milley, Nowakowski,
Renault and Santos, "Progress on misère dead ends", arXiv:1807.11297,
where it is the dicot case of the absolute-universe test): ``G >= H`` exactly when

* (*proviso*) Left moving first wins ``G`` if she wins ``H``, and Right
  moving first wins ``H`` if he wins ``G`` (the test with ``X = 0``, the one
  end among the dicots);
* (*maintenance*) for every ``H^L`` some ``G^L >= H^L`` or some
  ``H^{LR} <= G``; and for every ``G^R`` some ``H^R <= G^R`` or some
  ``G^{RL} >= H``.

>>> from cgt.misere import parse_form, universe
>>> u = universe("dicot")
>>> u.ge(parse_form("{0, *|*}"), parse_form("0")), u.ge(parse_form("0"), parse_form("*"))
(True, False)
"""

from __future__ import annotations

from typing import Any

from .._cache import BoundedCache
from .forms import Form, cache, star
from .universes import Order, Universe, maintained, order_test, register_universe

__all__ = ["DicotUniverse"]

_simplest_cache: BoundedCache[int, Form] = cache("misere.dicot.simplest")


class DicotUniverse(Universe):
    """The dicots: forms in which every follower is ``0`` or has options for both players.

    >>> from cgt.misere import parse_form
    >>> DicotUniverse().contains(parse_form("{0|*}")), DicotUniverse().contains(parse_form("{0|}"))
    (True, False)
    """

    name = "dicot"

    def contains(self, g: Form) -> bool:
        """Whether ``g`` is a dicot: every follower has options for both or for neither.

        >>> from cgt.misere import parse_form, universe
        >>> D = universe("dicot")
        >>> D.contains(parse_form("{0|*}")), D.contains(parse_form("1"))
        (True, False)
        """
        return g.is_dicot()

    def ge(self, g: Form, h: Form) -> bool:
        """Whether ``g >= h`` modulo the dicots (both must be dicots).

        >>> from cgt.misere import parse_form, universe
        >>> universe("dicot").ge(parse_form("{0|*}"), parse_form("*"))
        False
        """
        return _ge_deep(self.check(g, "the first form"), self.check(h, "the second form"))

    def simplest(self, g: Any) -> Form:
        """The canonical form of ``g`` modulo the dicots.

        Dorbec, Renault, Siegel and Sopena (J. Combin. Theory Ser. A 130,
        2015) prove each dicot equal to one form without dominated or
        reversible options, reached by the reductions of normal play with one
        change: a Left option ``G^L`` reversible through ``0`` (the only end
        among the dicots, so ``0 <= G``) is dropped when another Left option
        is a loss for Right moving first, and else replaced by ``*``; the
        same for Right.

        >>> from cgt.misere import parse_form
        >>> u = DicotUniverse()
        >>> u.simplest("{{*|*}|0}"), u.simplest("{0, *2|0}"), u.simplest("{*, *2|0}")
        (*, *, {*, *2|0})
        """
        f = self.check(g)
        return self._reduce(f, _ge_deep, _end_rule, _simplest_cache)


def _end_rule(options: tuple[Form, ...], option: Form, left: bool) -> tuple[Form, ...] | None:
    """Drop ``option`` (reversible through 0) if another option wins at once, else make it ``*``."""
    others = tuple(o for o in options if o is not option)
    # Left wins moving first from G through o when Right loses moving first in o
    if any(not (o.right_wins_first() if left else o.left_wins_first()) for o in others):
        return others
    if option is star:
        return None
    return (*others, star)


def _step(g: Form, h: Form, ge: Order) -> bool:
    return (
        (g.left_wins_first() or not h.left_wins_first())
        and (h.right_wins_first() or not g.right_wins_first())
        and maintained(g, h, ge)
    )


_ge, _ge_deep = order_test("misere.dicot.ge", _step)


register_universe(DicotUniverse(), "dicots")
