"""The universe of all game forms: general misère play.

Modulo every form, ``G >= H`` exactly when (Siegel, "Misère canonical forms
of partizan games", arXiv:1505.07871; it is the absolute-universe test of
Larsson, Nowakowski and Santos, with its proviso worked out for all forms as
in Larsson, Milley, Nowakowski, Renault and Santos, arXiv:1807.11297):

* (*ends*) if ``H`` is a Left end then so is ``G``, and if ``G`` is a Right
  end then so is ``H``;
* (*maintenance*) for every ``H^L`` some ``G^L >= H^L`` or some
  ``H^{LR} <= G``; and for every ``G^R`` some ``H^R <= G^R`` or some
  ``G^{RL} >= H``.

The end conditions stand for every test ``X`` that is an end: were ``H`` a
Left end and ``G`` not, Left would lose ``G + X`` moving first for the Left
end ``X`` whose Right options are the *adjoints* of the ``G^L``, while she
wins ``H + X`` at once.  So ``0`` equals only itself, and no form but ``0``
has an inverse.

Simplest forms: options that are dominated are dropped, reversible options
bypassed as in normal play; a reversal through an end cannot happen here
(``G^{LR} <= G`` with ``G^{LR}`` a Left end would make ``G`` a Left end).
Siegel shows the result unique, and that the 256 forms born by day 2 are 256
distinct games.

>>> from cgt.misere import parse_form, universe
>>> u = universe("misère")
>>> u.compare("{|1}", "0"), u.compare("* + *", "0"), len(u.simplest_born_by(2))
(Relation.GREATER, Relation.CONFUSED, 256)
"""

from __future__ import annotations

from typing import Any

from .._cache import BoundedCache
from .forms import Form, cache, form
from .universes import Order, Universe, maintained, order_test, register_universe

__all__ = ["FullUniverse"]

_simplest_cache: BoundedCache[int, Form] = cache("misere.full.simplest")


class FullUniverse(Universe):
    """All game forms (general misère play), registered as ``"misère"``, ``"misere"``, ``"full"``.

    >>> from cgt.misere import parse_form
    >>> u = FullUniverse()
    >>> u.contains(parse_form("{|{0|}}")), u.ge(parse_form("{|1}"), parse_form("0"))
    (True, True)
    """

    name = "misère"

    def contains(self, g: Form) -> bool:
        """Whether ``g`` is a form: every form is in this universe.

        >>> from cgt.misere import parse_form
        >>> FullUniverse().contains(parse_form("{1|}"))
        True
        """
        return isinstance(g, Form)

    def check(self, g: Any, what: str = "the form") -> Form:
        """``g`` as a form (every form is in this universe).

        >>> FullUniverse().check("{1|}")
        2
        """
        return form(g)

    def ge(self, g: Form, h: Form) -> bool:
        """Whether ``g >= h`` modulo all forms.

        >>> from cgt.misere import parse_form
        >>> u = FullUniverse()
        >>> u.ge(parse_form("1"), parse_form("0")), u.ge(parse_form("0"), parse_form("{|1}"))
        (False, False)
        """
        return _ge_deep(form(g), form(h))

    def simplest(self, g: Any) -> Form:
        """The canonical form of ``g`` modulo all forms (Siegel's reductions).

        >>> FullUniverse().simplest("{{0|0}, *|{|0}}"), FullUniverse().simplest("{0, {|1}|}")
        ({*|-1}, 1)
        """
        return self._reduce(form(g), _ge_deep, _no_end_rule, _simplest_cache)


def _no_end_rule(options: tuple[Form, ...], option: Form, left: bool) -> tuple[Form, ...] | None:
    # Reversal through an end does not occur modulo all forms (see the module text);
    # should it ever be met, the option is kept, which is always sound.
    return None


def _step(g: Form, h: Form, ge: Order) -> bool:
    return (
        (not h.is_left_end or g.is_left_end)
        and (not g.is_right_end or h.is_right_end)
        and maintained(g, h, ge)
    )


_ge, _ge_deep = order_test("misere.full.ge", _step)


register_universe(FullUniverse(), "misere", "full")
