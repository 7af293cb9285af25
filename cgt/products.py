"""Products of games: ordinal sum, Norton multiplication, nim-multiplication.

* **Ordinal sum** (Conway, ONAG ch. 15; Siegel II.?): ``G : H = {G^L, G:H^L |
  G^R, G:H^R}`` -- playing in the subordinate ``H`` is allowed, but a move in
  the base ``G`` annihilates ``H``.  It depends on the *form* of ``G``; here
  ``G`` is always its canonical form.
* **Norton multiplication** (Winning Ways ch. 8; Siegel II.?): for ``U > 0``,
  ``G.U = n`` copies of ``U`` if ``G`` is the integer ``n``, otherwise
  ``{G^L.U + U + I | G^R.U - U - I}`` with ``I`` ranging over the incentives of
  ``U`` (``U^L - U`` and ``U - U^R``).  It depends on the form of ``U``; the
  canonical form is used.
* **Nim-multiplication** (Conway's product restricted to nimbers):
  ``*a x *b = *(a (x) b)``, with ``(x)`` the nim-product of
  :func:`cgt.impartial.nim_product`.

>>> import cgt
>>> cgt.star.ordinal_sum(cgt.number(1)), cgt.parse("1/2").norton(cgt.up)
(^*, {^^*|v*})
>>> cgt.nimber(3).nim_multiply(cgt.nimber(3))
*2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _nim
from . import canonical as _engine
from ._cache import BoundedCache
from ._deep import deep
from .dyadic import Dyadic, _make
from .errors import CGTError, NotImpartial, TooLarge

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game, GameLike

__all__ = ["NotPositive", "nim_multiply", "norton", "ordinal_sum"]


class NotPositive(CGTError, ValueError):
    """Norton multiplication ``G.U`` needs a positive unit ``U > 0``.

    >>> import cgt
    >>> try:
    ...     cgt.number(2).norton(cgt.star)
    ... except NotPositive as err:
    ...     print(err)
    Norton multiplication G.U needs U > 0, but U = * is not positive
    """


_ordinal_cache: BoundedCache[tuple[Game, Game], Game] = BoundedCache("products.ordinal_cache")
_norton_cache: BoundedCache[tuple[Game, Game], Game] = BoundedCache("products.norton_cache")
_engine.on_clear(_ordinal_cache.clear, _norton_cache.clear)


def _game(value: GameLike) -> Game:
    from .game import to_game

    return to_game(value)


def _ordinal_sum(g: Game, h: Game) -> Game:
    hp = h.nus_or_none()
    if hp is not None and hp[1] == 0 and hp[0]._num == 0:
        # H = *n (or 0): x + *m : *n = x + *(m + n)
        n = hp[2]
        if n == 0:
            return g
        gp = g.nus_or_none()
        if gp is not None and gp[1] == 0:
            return _engine.make_nus(gp[0], 0, gp[2] + n)
    key = (g, h)
    r = _ordinal_cache.get(key)
    if r is not None:
        return r
    gl, gr = g.raw_options()
    hl, hr = h.raw_options()
    left = list(gl) + [_ordinal_sum(g, o) for o in hl]
    right = list(gr) + [_ordinal_sum(g, o) for o in hr]
    r = _engine.canonical_form(left, right)
    _ordinal_cache[key] = r
    return r


_ordinal_deep = deep(_ordinal_sum)


def ordinal_sum(g: Game, h: GameLike) -> Game:
    """The ordinal sum ``G : H`` (base ``G`` in canonical form).

    >>> import cgt
    >>> ordinal_sum(cgt.star, cgt.star), ordinal_sum(cgt.zero, cgt.up)
    (*2, ^)
    >>> ordinal_sum(cgt.number(1), cgt.number(-1)), ordinal_sum(cgt.star, cgt.number(1))
    (1/2, ^*)
    """
    hh = _game(h)
    if hh.is_nimber:
        return _ordinal_deep(g, hh)  # H = *n: closed form for a base x + *m
    if g.is_number and hh.is_number:
        hx = hh.to_dyadic()
        if hx._exp == 0:
            return _engine.make_number(_number_then_integer(g.to_dyadic(), hx._num))
    if g.birthday() == 0:
        return hh  # 0 : H = H
    day = hh.birthday()
    if day > _ORDINAL_LIMIT:
        raise TooLarge(
            f"{g} : {hh} recurses through every position of the subordinate game, "
            f"which is born on day {day} (the limit is {_ORDINAL_LIMIT})"
        )
    return _ordinal_deep(g, hh)


_ORDINAL_LIMIT = 1 << 16
"""Ordinal sums without a closed form refuse subordinates born after this day."""


def _number_then_integer(x: Dyadic, n: int) -> Dyadic:
    """The number ``x : n`` for an integer ``n``: ``n`` more signs after ``x``'s.

    Each sign of ``n`` halves the step towards the next simpler number on its
    side: ``x : n = xR - (xR - x) / 2**n`` for ``n > 0``, with ``xR`` the right
    option of ``x`` (``x + n`` when ``x`` is a non-negative integer).
    """
    if n < 0:
        return -_number_then_integer(-x, -n)
    if n == 0:
        return x
    if x._exp == 0 and x._num >= 0:
        return x + n
    step = _make(1, x._exp)
    return x + step - _make(1, x._exp + n)


def _incentive_units(u: Game) -> list[Game]:
    """``U + I`` for the undominated incentives ``I`` of ``U``."""
    from .temperature import incentives

    return [_engine.add(u, i) for i in incentives(u)]


def _norton(g: Game, u: Game, units: list[Game]) -> Game:
    p = g.nus_or_none()
    if p is not None and p[1] == p[2] == 0 and p[0]._exp == 0:  # the integer n: n copies of U
        from .game import _times

        return _times(u, p[0]._num)
    key = (g, u)
    r = _norton_cache.get(key)
    if r is not None:
        return r
    gl, gr = g.raw_options()
    add, neg = _engine.add, _engine.negate
    left = [add(_norton(o, u, units), v) for o in gl for v in units]
    right = [add(_norton(o, u, units), neg(v)) for o in gr for v in units]
    r = _engine.canonical_form(left, right)
    _norton_cache[key] = r
    return r


_norton_deep = deep(_norton)


def norton(g: Game, u: GameLike) -> Game:
    """Norton's product ``G.U`` for a positive ``U``.

    >>> import cgt
    >>> norton(cgt.number(3), cgt.up), norton(cgt.parse("1/2"), cgt.number(1))
    (^3, 1/2)
    >>> norton(cgt.parse("{1|-1}"), cgt.up)    # {1.up + up + up* | -1.up - up - up*}
    +-^3*
    """
    uu = _game(u)
    zero = _engine.make_number(_engine._ZERO_D)
    if uu is zero or not _engine.le(zero, uu):
        raise NotPositive(f"Norton multiplication G.U needs U > 0, but U = {uu} is not positive")
    return _norton_deep(g, uu, _incentive_units(uu))


def nim_multiply(g: Game, h: GameLike) -> Game:
    """Conway's product of two nimbers: ``*a x *b = *(a (x) b)`` (nim-multiplication).

    >>> import cgt
    >>> nim_multiply(cgt.nimber(2), cgt.nimber(3)), nim_multiply(cgt.nimber(8), cgt.nimber(8))
    (*, *13)
    """
    hh = _game(h)
    for a in (g, hh):
        if not a.is_nimber:
            raise NotImpartial(f"nim-multiplication needs nimbers, and {a} is not one")
    return _engine.make_nus(_engine._ZERO_D, 0, _nim.product(g.nim_value(), hh.nim_value()))
