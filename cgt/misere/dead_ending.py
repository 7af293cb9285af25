"""The dead-ending universe: a player out of moves in a component stays out of moves there.

A form is *dead-ending* when every end in it is dead: in each follower where
Left has no move, she has none in any later follower either (and the same for
Right).  Misère Domineering is the standard example: a region where Left
cannot place a domino never gains room for one.  The dead-ending forms make a
universe ``E`` (Milley and Renault, "Dead ends in misère play: the misère
monoid of canonical numbers", Discrete Math. 313 (2013)); its ends are the
dead ends of :mod:`cgt.misere.dead_ends`.

**Comparison.**  ``G >= H`` modulo ``E`` is decided from the options
(Larsson, Milley, Nowakowski, Renault and Santos, "Progress on misère dead
ends: game comparison, canonical form, and conjugate inverses",
arXiv:1807.11297; in the form of Siegel, "On the dead-ending universe of
misère games", 2023, as Davies implements it in the crate ``gemau``):

* (*maintenance*) for every ``H^L`` some ``G^L >= H^L`` or some
  ``H^{LR} <= G``; for every ``G^R`` some ``H^R <= G^R`` or some
  ``G^{RL} >= H``;
* (*proviso*) if ``H`` is a Left end then ``G`` is *Left-strong*: Left,
  moving first, wins ``G + X`` for every Left end ``X`` of ``E``; it is
  enough to try ``X = 0`` and the waiting game ``X = W`` of rank the
  birthday of ``G`` (:func:`~cgt.misere.dead_ends.waiting`); and if ``G`` is
  a Right end then ``H`` is *Right-strong* (the same with the players
  swapped).

**Simplest forms.**  :meth:`DeadEndingUniverse.simplest` removes dominated
options and bypasses reversible ones.  An option reversing through an end
(``G^{L1R1} <= G`` with ``G^{L1R1}`` a Left end) cannot simply be bypassed,
since Left having no move at all is a different game; Siegel marks the place
with a *tombstone*, which is dropped when ``G`` without it is Left-strong.
As a form, the tombstone is written here as the waiting game ``W_{-m}`` (a
Left option from which Right may make 1 to ``m`` moves) of the smallest rank
``m`` that keeps the form equal to ``G``.  This way of writing it is ours, not
the papers': the tests check that equal forms get the same simplest form (the
same object) on every class born by day 2 and on random forms born by days 3
and 4, and that each simplest form equals its input by the definition.

**Inverses.**  Every form of ``E`` that has an inverse modulo ``E`` has its
conjugate as inverse (LMNRS, the *conjugate property*);
:meth:`DeadEndingUniverse.is_invertible` says whether ``G + (-G)`` is ``0``.

>>> from cgt.misere import parse_form, universe
>>> E = universe("dead-ending")
>>> E.contains(parse_form("{|{0|}}")), E.contains(parse_form("{1|-1}"))
(False, True)
>>> E.compare("1 + -1", "0"), E.compare("* + *", "0")
(Relation.EQUAL, Relation.CONFUSED)
>>> E.simplest(parse_form("{0, *|0}"))
{0, *|0}
>>> E.is_invertible(parse_form("2")), E.is_invertible(parse_form("*"))
(True, False)
"""

from __future__ import annotations

from typing import Any

from .._cache import BoundedCache
from .._deep import deep
from ..errors import TooLarge
from .dead_ends import waiting
from .forms import Form, cache, conjugate, sum_wins, zero
from .universes import Order, Universe, maintained, order_test, register_universe

__all__ = ["SIMPLEST_ROUNDS", "DeadEndingUniverse", "left_strong", "right_strong"]

SIMPLEST_ROUNDS = 64
"""The most rounds of reductions :meth:`DeadEndingUniverse.simplest` makes at one follower."""

_strong_cache: BoundedCache[tuple[int, bool], bool] = cache("misere.dead_ending.strong")
_simplest_cache: BoundedCache[int, Form] = cache("misere.dead_ending.simplest")


def left_strong(g: Form) -> bool:
    """Whether Left, moving first, wins ``g + X`` for every Left end ``X`` of ``E``.

    By the result quoted in :mod:`cgt.misere.dead_ending`, two test forms
    suffice: ``X = 0`` and ``X`` the waiting game of rank the birthday of ``g``.

    >>> from cgt.misere import parse_form
    >>> left_strong(parse_form("-1")), left_strong(parse_form("1")), left_strong(parse_form("{0|}"))
    (True, False, False)
    """
    key = (g._serial, True)
    found = _strong_cache.get(key)
    if found is None:
        found = g.left_wins_first() and sum_wins((g, waiting(-g.birthday)), True)
        _strong_cache[key] = found
    return found


def right_strong(g: Form) -> bool:
    """Whether Right, moving first, wins ``g + X`` for every Right end ``X`` of ``E``.

    >>> from cgt.misere import parse_form
    >>> right_strong(parse_form("1")), right_strong(parse_form("0"))
    (True, True)
    """
    key = (g._serial, False)
    found = _strong_cache.get(key)
    if found is None:
        found = g.right_wins_first() and sum_wins((g, waiting(g.birthday)), False)
        _strong_cache[key] = found
    return found


class DeadEndingUniverse(Universe):
    """The dead-ending forms: every end in them is a dead end.

    >>> from cgt.misere import parse_form
    >>> E = DeadEndingUniverse()
    >>> E.contains(parse_form("{1|}")), E.contains(parse_form("{-1|}"))
    (True, False)
    """

    name = "dead-ending"

    def contains(self, g: Form) -> bool:
        """Whether ``g`` is dead-ending: every end of a player's stays an end for that player.

        >>> from cgt.misere import parse_form, universe
        >>> E = universe("dead-ending")
        >>> E.contains(parse_form("1")), E.contains(parse_form("{|{0|}}"))
        (True, False)
        """
        return g.is_dead_ending()

    def ge(self, g: Form, h: Form) -> bool:
        """Whether ``g >= h`` modulo the dead-ending universe (both must be dead-ending).

        >>> from cgt.misere import parse_form, universe
        >>> E = universe("dead-ending")
        >>> E.ge(parse_form("-1"), parse_form("0")), E.ge(parse_form("0"), parse_form("-1"))
        (False, False)
        >>> E.ge(parse_form("{0|0}"), parse_form("{0|*}"))
        False
        """
        return _ge_deep(self.check(g, "the first form"), self.check(h, "the second form"))

    def simplest(self, g: Any) -> Form:
        """The simplest form of ``g`` modulo the dead-ending universe (equal inputs: one object).

        >>> from cgt.misere import parse_form, universe
        >>> E = universe("dead-ending")
        >>> E.simplest(parse_form("{-1, 0|1}")), E.simplest(parse_form("2 + -2"))
        ({0, -1|1}, 0)
        >>> E.simplest(parse_form("{0, -2|0}"))      # -2 reverses through the end -1
        {0, {|0, -1}|0}
        >>> E.simplest(parse_form("{0, -2|0}")) is E.simplest(parse_form("{0, {|0, -1}|0}"))
        True
        """
        return _simplest_deep(self.check(g))

    def is_invertible(self, g: Any) -> bool:
        """Whether ``g + (-g)`` equals ``0`` modulo the dead-ending universe.

        By the conjugate property (Larsson, Milley, Nowakowski, Renault and
        Santos) this is whether ``g`` has an inverse at all.

        >>> from cgt.misere import parse_form, universe
        >>> E = universe("dead-ending")
        >>> [E.is_invertible(parse_form(t)) for t in ("3", "{0|1}", "{-1|1}", "*", "{1|*}")]
        [True, True, True, False, False]
        """
        f = self.check(g)
        s = f + conjugate(f)
        return _ge_deep(s, zero) and _ge_deep(zero, s)


def _step(g: Form, h: Form, ge: Order) -> bool:
    return (
        (not h.is_left_end or left_strong(g))
        and (not g.is_right_end or right_strong(h))
        and maintained(g, h, ge)
    )


_ge, _ge_deep = order_test("misere.dead_ending.ge", _step)


def _eq(g: Form, h: Form) -> bool:
    return _ge(g, h) and _ge(h, g)


@deep
def _simplest_deep(g: Form) -> Form:
    return _simplest(g)


def _simplest(g: Form) -> Form:
    found = _simplest_cache.get(g._serial)
    if found is not None:
        return found
    cur = Form([_simplest(o) for o in g.left], [_simplest(o) for o in g.right])
    for _ in range(SIMPLEST_ROUNDS):
        left, left_tomb = _reduced_left(cur)
        right, right_tomb = _reduced_left(conjugate(cur))
        new = Form(left, [conjugate(o) for o in right])
        if left_tomb:
            new = _tombstone(new, cur, True)
        if right_tomb:
            new = _tombstone(new, cur, False)
        if new is cur:
            break
        cur = new
    else:  # pragma: no cover - the reductions only shrink a form
        raise TooLarge(f"the simplest form of {g} needs more than {SIMPLEST_ROUNDS} rounds")
    _simplest_cache[g._serial] = cur
    return cur


def _reduced_left(g: Form) -> tuple[list[Form], bool]:
    """The Left options of ``g`` with reversible ones bypassed and dominated ones dropped.

    Also says whether some option reversed through a Left end (a tombstone).
    """
    tomb = False
    work = list(g.left)
    kept: dict[Form, None] = {}
    while work:
        a = work.pop()
        for ar in a.right:
            if _ge(g, ar):
                if ar.is_left_end:
                    tomb = True
                else:
                    work.extend(ar.left)
                break
        else:
            kept[a] = None
    opts = list(kept)
    best = [
        a
        for i, a in enumerate(opts)
        if not any(j != i and _ge(b, a) and (j < i or not _ge(a, b)) for j, b in enumerate(opts))
    ]
    return best, tomb


def _tombstone(new: Form, target: Form, left: bool) -> Form:
    """``new``, with the waiting option for a tombstone if it needs one to equal ``target``."""
    if new.is_dead_ending() and _eq(new, target):
        return new
    for m in range(1, target.birthday + 3):
        if left:
            cand = Form([*new.left, waiting(-m)], new.right)
        else:
            cand = Form(new.left, [*new.right, waiting(m)])
        if cand.is_dead_ending() and _eq(cand, target):
            return cand
    raise TooLarge(  # pragma: no cover - not met on any form tried
        f"no waiting option of rank up to {target.birthday + 2} stands for the tombstone "
        f"of {target}"
    )


register_universe(DeadEndingUniverse(), "deadending", "E")
