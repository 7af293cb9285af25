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
* **Conway's product** (ONAG ch. 1; CGSuite's ``ConwayProduct``):
  ``G.H = {G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R |
  G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}``, on canonical forms.
  It is the product of numbers on numbers and nim-multiplication on nimbers,
  but on other games it depends on the forms (see :func:`conway_product`).
* **Ordinal product** (CGSuite's ``OrdinalProduct``): ``G (x) H`` substitutes
  ``G`` for every blue edge and ``-G`` for every red edge of a Hackenbush
  stalk ``H``; on forms, ``{G(x)H^L : G^L, G(x)H^R : -G^R | G(x)H^L : G^R,
  G(x)H^R : -G^L}`` (``:`` the ordinal sum, its base the product's form).

>>> import cgt
>>> cgt.star.ordinal_sum(cgt.number(1)), cgt.parse("1/2").norton(cgt.up)
(^*, {^^*|v*})
>>> cgt.nimber(3).nim_multiply(cgt.nimber(3))
*2
>>> cgt.parse("1/2").conway_product("1/4"), cgt.parse("1/2").ordinal_product("1/4")
(1/8, 11/32)
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

__all__ = [
    "NotPositive",
    "conway_product",
    "nim_multiply",
    "norton",
    "ordinal_product",
    "ordinal_sum",
]


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
_conway_cache: BoundedCache[tuple[Game, Game], Game] = BoundedCache("products.conway_cache")
_form_cache: BoundedCache[tuple[Game, Game], tuple[list[Game], list[Game]]] = BoundedCache(
    "products.ordinal_product_forms"
)
_stacked_cache: BoundedCache[tuple[Game, Game, Game], Game] = BoundedCache(
    "products.ordinal_product_cache"
)
_engine.on_clear(
    _ordinal_cache.clear,
    _norton_cache.clear,
    _conway_cache.clear,
    _form_cache.clear,
    _stacked_cache.clear,
)


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


# ---------------------------------------------------------------------------
# Conway's product and the ordinal product
# ---------------------------------------------------------------------------
_PRODUCT_LIMIT = 1 << 14
"""Products whose recursion would visit more pairs of followers than this refuse."""


def _check_size(g: Game, h: Game, what: str) -> None:
    from .structure import follower_count

    fg, fh = follower_count(g), follower_count(h)
    if fg * fh > _PRODUCT_LIMIT:
        raise TooLarge(
            f"the {what} of {g} and {h} recurses through {fg} x {fh} pairs of followers "
            f"(the limit is {_PRODUCT_LIMIT})"
        )


def _conway(g: Game, h: Game) -> Game:
    if g.is_number and h.is_number:
        return _engine.make_number(g.to_dyadic() * h.to_dyadic())
    if g.is_nimber and h.is_nimber:
        return _engine.make_nus(_engine._ZERO_D, 0, _nim.product(g.nim_value(), h.nim_value()))
    key = (g, h) if g.serial <= h.serial else (h, g)  # the definition is symmetric
    r = _conway_cache.get(key)
    if r is not None:
        return r
    gl, gr = g.raw_options()
    hl, hr = h.raw_options()
    add, neg = _engine.add, _engine.negate

    def term(a: Game, b: Game) -> Game:  # a H + G b - a b
        return add(add(_conway(a, h), _conway(g, b)), neg(_conway(a, b)))

    left = [term(a, b) for a in gl for b in hl] + [term(a, b) for a in gr for b in hr]
    right = [term(a, b) for a in gl for b in hr] + [term(a, b) for a in gr for b in hl]
    r = _engine.canonical_form(left, right)
    _conway_cache[key] = r
    return r


_conway_deep = deep(_conway)


def conway_product(g: Game, h: GameLike) -> Game:
    """Conway's product ``G.H`` of canonical forms (CGSuite's ``ConwayProduct``).

    ``G.H = {G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R |
    G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}`` (ONAG ch. 1), each
    product of options computed the same way on canonical forms.  On numbers
    it is their product, on nimbers nim-multiplication, and it commutes; but
    on other games it depends on the form: ``{0|}`` and ``{-1, 0|}`` are both
    ``1``, and their products with ``*`` are ``*`` and ``*2`` (ONAG: the
    product of games is not compatible with equality).  Here both factors
    are taken in canonical form, as CGSuite does.

    Raises :class:`~cgt.TooLarge` when the recursion would visit more than
    ``2**14`` pairs of followers and no closed form applies.

    >>> import cgt
    >>> conway_product(cgt.parse("3/4"), cgt.parse("-5/2")), conway_product(cgt.nimber(5), "*6")
    (-15/8, *8)
    >>> conway_product(cgt.parse("+-1"), cgt.parse("^^")), conway_product(1, cgt.parse("{2|^}"))
    (+-^^, {2|^})
    """
    gg, hh = _game(g), _game(h)
    if not (gg.is_number and hh.is_number) and not (gg.is_nimber and hh.is_nimber):
        _check_size(gg, hh, "Conway product")
    return _conway_deep(gg, hh)


def _product_form(g: Game, h: Game) -> tuple[list[Game], list[Game]]:
    """The values of the options of the form ``G (x) H`` (not its canonical form:
    ordinal sums on it depend on its options)."""
    key = (g, h)
    r = _form_cache.get(key)
    if r is not None:
        return r
    gl, gr = g.raw_options()
    hl, hr = h.raw_options()
    neg = _engine.negate
    left = [_stacked(g, b, a) for b in hl for a in gl] + [
        _stacked(g, b, neg(a)) for b in hr for a in gr
    ]
    right = [_stacked(g, b, a) for b in hl for a in gr] + [
        _stacked(g, b, neg(a)) for b in hr for a in gl
    ]
    r = (left, right)
    _form_cache[key] = r
    return r


def _stacked(g: Game, h: Game, k: Game) -> Game:
    """The value of ``(G (x) H) : K``, the base taken as the product's form."""
    if h.birthday() == 0:
        return k  # G (x) 0 has no options: 0 : K = K
    key = (g, h, k)
    r = _stacked_cache.get(key)
    if r is not None:
        return r
    left, right = _product_form(g, h)
    kl, kr = k.raw_options()
    r = _engine.canonical_form(
        left + [_stacked(g, h, a) for a in kl], right + [_stacked(g, h, a) for a in kr]
    )
    _stacked_cache[key] = r
    return r


_stacked_deep = deep(_stacked)


def ordinal_product(g: Game, h: GameLike) -> Game:
    """The ordinal product ``G (x) H`` (CGSuite's ``OrdinalProduct``).

    On Hackenbush stalks it substitutes a copy of ``G`` for every blue edge of
    ``H`` and a copy of ``-G`` for every red edge; in general
    ``G (x) H = {G(x)H^L : G^L, G(x)H^R : -G^R | G(x)H^L : G^R, G(x)H^R : -G^L}``,
    where ``X : K`` is the ordinal sum whose base is the *form* ``X`` (its
    options as this definition lists them, not its canonical form).  Both
    factors are taken in canonical form, as CGSuite does.  It is not
    commutative: ``1/2 (x) 1/4 = 11/32`` (the stalk ``LR RL RL``) but
    ``1/4 (x) 1/2 = 7/32`` (``LRR RLL``); ``*a (x) *b = *(ab)``.

    Raises :class:`~cgt.TooLarge` when the recursion would visit more than
    ``2**14`` pairs of followers.

    >>> import cgt
    >>> ordinal_product(cgt.parse("1/2"), "1/4"), ordinal_product(cgt.parse("1/4"), "1/2")
    (11/32, 7/32)
    >>> ordinal_product(cgt.nimber(5), "*6"), ordinal_product(cgt.parse("+-1"), "^^")
    (*30, +-1)
    """
    gg, hh = _game(g), _game(h)
    if gg.is_nimber and hh.is_nimber:  # green stalks of a and b edges: a stalk of ab
        return _engine.make_nus(_engine._ZERO_D, 0, gg.nim_value() * hh.nim_value())
    _check_size(gg, hh, "ordinal product")
    return _stacked_deep(gg, hh, _engine.make_number(_engine._ZERO_D))
