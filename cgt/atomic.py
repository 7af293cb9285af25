"""All-small theory: atomic weights, reduced canonical forms and uptimals.

**Atomic weight** (Winning Ways ch. 8, "the atomic weight calculus";
Siegel, *Combinatorial Game Theory*, II.7), with CGSuite's conventions:

* ``x + k.up + *m`` has atomic weight ``k``;
* otherwise let ``G0 = {aw(G^L) - 2 | aw(G^R) + 2}``.  If ``G0`` is not an
  integer, ``aw(G) = G0``.  If it is an integer (the *eccentric* case),
  compare ``G`` with the *far star* ``*N`` (a nimber beyond every nimber in
  ``G``): if ``G < *N`` the weight is the least integer ``n`` with
  ``n |> aw(G^L) - 2`` for every ``G^L``; if ``G > *N`` the greatest integer
  ``n`` with ``n <| aw(G^R) + 2`` for every ``G^R``; otherwise ``G0``;
* the weight is only defined for infinitesimals.  All-small games are always
  atomic; another infinitesimal ``G`` is *atomic* when ``G - aw(G).up`` lies
  between ``-e`` and ``e`` for ``e = up* + (*2^j : -1)`` (Wolfe's test, as in
  CGSuite), where ``*2^j`` is beyond the far star.

**Reduced canonical form** (Calistrate 1996; Grossman and Siegel,
"Reductions of partizan games", 2009): the simplest game infinitesimally
close to ``G``.  Computed as CGSuite does: a number plus infinitesimal
reduces to its number; otherwise heat by ``*`` and replace every ``x*`` by
``x`` ("star projection").

**Uptimals** (Siegel II.?; CGSuite notation): Conway's *up-nth*
``up^n`` (``^<n>``), ``up^1 = up`` and ``up^n = {0 | v^[n-1]*}``; the
cumulative ``up^[n] = up + up^2 + … + up^n`` (``^[n]``), ``up^[n] =
{up^[n-1] | *}``.  An *uptimal* is ``x + *m + sum a_i up^i``; its expansion is
found by :func:`uptimal_expansion`.

>>> import cgt
>>> cgt.up.atomic_weight(), cgt.parse("{1|^^||^}").atomic_weight()
(1, 2)
>>> cgt.parse("{3||2*|1*}").reduced(), up_nth(2), up_sum(2)
({3||2|1}, ^<2>, ^[2])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import canonical as _engine
from ._cache import BoundedCache
from ._deep import deep
from .dyadic import Dyadic
from .errors import NotAtomic
from .game import up_nth, up_sum  # the uptimal values (re-exported: cgt.atomic.up_nth)
from .notation import format_uptimal, parse_uptimal  # their notation (re-exported)

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = [
    "UptimalExpansion",
    "atomic_weight",
    "clear_atomic_caches",
    "far_star",
    "format_uptimal",
    "is_atomic",
    "parse_uptimal",
    "reduced",
    "up_nth",
    "up_sum",
    "uptimal",
    "uptimal_expansion",
]

_ZERO_D = Dyadic(0)
_naive: BoundedCache[Game, Game] = BoundedCache("atomic.naive")
_far: BoundedCache[Game, int] = BoundedCache("atomic.far")
_reduced: BoundedCache[Game, Game] = BoundedCache("atomic.reduced")
_projected: BoundedCache[Game, Game] = BoundedCache("atomic.projected")
_aw: BoundedCache[Game, Game | None] = BoundedCache("atomic.aw")


def clear_atomic_caches() -> None:
    """Forget cached atomic weights and reduced forms.

    >>> clear_atomic_caches()
    """
    for cache in (_naive, _far, _reduced, _projected, _aw):
        cache.clear()


def _num(x: Dyadic | int) -> Game:
    return _engine.make_number(x if isinstance(x, Dyadic) else Dyadic(x))


def _star(m: int) -> Game:
    return _engine.make_nus(_ZERO_D, 0, m)


def _is_integer(g: Game) -> bool:
    return g.is_number and g.to_dyadic()._exp == 0


# ---------------------------------------------------------------------------
# Atomic weight
# ---------------------------------------------------------------------------
def _far_star(g: Game) -> int:
    p = g.nus_or_none()
    if p is not None and p[1] == 0 and p[0]._num == 0:  # the nimber *m
        return p[2] + 1
    r = _far.get(g)
    if r is not None:
        return r
    left, right = g.raw_options()
    r = 1
    for o in left + right:
        r = max(r, _far_star(o))
    _far[g] = r
    return r


_far_star_deep = deep(_far_star)


def far_star(g: Game) -> int:
    """The far-star index: one more than every nimber ``*m`` in ``g``'s form
    (at least 1), so that ``*far_star(g)`` is a "far star" for ``g``.

    >>> import cgt
    >>> far_star(cgt.up), far_star(cgt.nimber(5)), far_star(cgt.parse("{*3|v}"))
    (2, 6, 4)
    """
    return int(_far_star_deep(g))


def _naive_aw(g: Game) -> Game:
    p = g.nus_or_none()
    if p is not None:
        return _num(p[1])
    r = _naive.get(g)
    if r is not None:
        return r
    add = _engine.add
    two, minus_two = _num(2), _num(-2)
    left, right = g.raw_options()
    lw = [add(_naive_aw(o), minus_two) for o in left]
    rw = [add(_naive_aw(o), two) for o in right]
    g0 = _engine.canonical_form(lw, rw)
    r = g0
    if _is_integer(g0):
        fs = _star(_far_star(g))
        le_fs = _engine.le(g, fs)
        ge_fs = _engine.le(fs, g)
        if le_fs and not ge_fs:
            if lw:
                best: Dyadic | None = None
                for w in lw:
                    rs = w.right_stop()
                    n = Dyadic(-((-rs._num) >> rs._exp))  # ceiling of RS(w)
                    if _engine.le(_num(n), w):
                        n = n + 1
                    best = n if best is None or n > best else best
                assert best is not None
                r = _num(best)
            else:
                r = _num(0)
        elif ge_fs and not le_fs:
            if rw:
                least: Dyadic | None = None
                for w in rw:
                    ls = w.left_stop()
                    n = Dyadic(ls._num >> ls._exp)  # floor of LS(w)
                    if _engine.le(w, _num(n)):
                        n = n - 1
                    least = n if least is None or n < least else least
                assert least is not None
                r = _num(least)
            else:
                r = _num(0)
    _naive[g] = r
    return r


def _atomic_weight_or_none(g: Game) -> Game | None:
    if g in _aw:
        return _aw[g]
    result: Game | None
    if not g.is_infinitesimal:
        result = None
    else:
        w = _naive_aw(g)
        if g.is_all_small:
            result = w
        else:
            from .game import up
            from .products import norton, ordinal_sum

            diff = _engine.add(g, _engine.negate(norton(w, up)))
            p = 2
            while p < _far_star(g):
                p <<= 1
            kite = ordinal_sum(_star(p), _num(-1))
            eps = _engine.add(_engine.make_nus(_ZERO_D, 1, 1), kite)
            ok = _engine.le(diff, eps) and _engine.le(_engine.negate(eps), diff)
            result = w if ok else None
    _aw[g] = result
    return result


_aw_deep = deep(_atomic_weight_or_none)


def atomic_weight(g: Game) -> Game:
    """The atomic weight ``aw(G)`` (a game, usually an integer).

    Raises :class:`cgt.NotAtomic` for a game that is not atomic (in
    particular for any game that is not infinitesimal).

    >>> import cgt
    >>> atomic_weight(cgt.up), atomic_weight(cgt.nimber(8)), atomic_weight(cgt.parse("^^^*"))
    (1, 0, 3)
    >>> atomic_weight(cgt.parse("{0|vv}")), atomic_weight(cgt.tiny(2))
    (-1, 0)
    >>> atomic_weight(cgt.parse("{3||2*|1*}"))
    Traceback (most recent call last):
    ...
    cgt.errors.NotAtomic: {3||2*|1*} is not atomic: it is not infinitesimal (stops 3 and 2)
    """
    w = _aw_deep(g)
    if w is None:
        if not g.is_infinitesimal:
            raise NotAtomic(
                f"{g} is not atomic: it is not infinitesimal "
                f"(stops {g.left_stop()} and {g.right_stop()})"
            )
        raise NotAtomic(
            f"{g} is not atomic: it differs from (atomic weight).up by more than up* plus a kite"
        )
    return w


def is_atomic(g: Game) -> bool:
    """True if the atomic weight of ``g`` is defined (see :func:`atomic_weight`).

    >>> import cgt
    >>> is_atomic(cgt.up), is_atomic(cgt.parse("{3||2*|1*}")), is_atomic(cgt.parse("{1|^^||^}"))
    (True, False, True)
    """
    return _aw_deep(g) is not None


# ---------------------------------------------------------------------------
# Reduced canonical form
# ---------------------------------------------------------------------------
def _project(g: Game) -> Game:
    """Star projection: replace each ``x*`` by ``x`` throughout."""
    p = g.nus_or_none()
    if p is not None:
        x, k, m = p
        if k == m == 0:
            return g
        if k == 0 and m == 1:
            return _engine.make_number(x)
    r = _projected.get(g)
    if r is not None:
        return r
    left, right = g.raw_options()
    r = _engine.canonical_form([_project(o) for o in left], [_project(o) for o in right])
    _projected[g] = r
    return r


def _reduce(g: Game) -> Game:
    p = g.nus_or_none()
    if p is not None:
        return _engine.make_number(p[0])
    ls = g.left_stop()
    if ls == g.right_stop():
        return _engine.make_number(ls)
    r = _reduced.get(g)
    if r is not None:
        return r
    from .temperature import _heat

    r = _project(_heat(g, _star(1)))
    _reduced[g] = r
    return r


_reduce_deep = deep(_reduce)


def reduced(g: Game) -> Game:
    """The reduced canonical form: the simplest game equal to ``g`` up to an
    infinitesimal.

    >>> import cgt
    >>> reduced(cgt.parse("{3||2*|1*}")), reduced(cgt.up), reduced(cgt.parse("{2|^}"))
    ({3||2|1}, 0, 1+-1)
    """
    return _reduce_deep(g)


# ---------------------------------------------------------------------------
# Uptimals
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class UptimalExpansion:
    """``number + *nimber + sum(coefficients[i-1] * up^i)``.

    ``str`` gives CGSuite's expansion notation ``x*m.d1d2...`` with digits
    outside 0..9 in parentheses.

    >>> e = UptimalExpansion(Dyadic(0), 1, (1, -1))
    >>> print(e), e.game()
    *.1(-1)
    (None, {^^|0,^*})
    """

    number: Dyadic
    nimber: int
    coefficients: tuple[int, ...]

    def game(self) -> Game:
        """The game this expansion denotes.

        >>> UptimalExpansion(Dyadic(1, 2), 0, (0, 1)).game()
        1/2^<2>
        """
        g = _engine.make_nus(
            self.number, self.coefficients[0] if self.coefficients else 0, self.nimber
        )
        for i, a in enumerate(self.coefficients[1:], start=2):
            if a:
                from .game import _times

                g = _engine.add(g, _times(up_nth(i), a))
        return g

    def __str__(self) -> str:
        head = ""
        if self.number._num != 0 or not self.nimber:
            head = str(self.number)
        if self.nimber:
            head += "*" if self.nimber == 1 else f"*{self.nimber}"
        digits = "".join(str(d) if 0 <= d <= 9 else f"({d})" for d in self.coefficients)
        return f"{head}.{digits or '0'}"


def _sub_number(g: Game, x: Dyadic) -> Game:
    return _engine.add(g, _engine.make_number(-x)) if x._num else g


def _lt(a: Game, b: Game) -> bool:
    return a is not b and _engine.le(a, b)


def uptimal_expansion(g: Game) -> UptimalExpansion | None:
    """The uptimal expansion of ``g``, or None if ``g`` is not an uptimal.

    Found digit by digit: ``a_i`` is the integer ``k`` for which the rest
    ``R = S - k.up^i`` satisfies ``-up^i < 2R < up^i`` (every multiple of
    ``up^(i+1)`` is smaller than ``up^i``); what remains must be a nimber, and
    the result is verified by rebuilding the game.

    >>> import cgt
    >>> str(uptimal_expansion(cgt.parse("^^*"))), str(uptimal_expansion(up_sum(3) + cgt.star))
    ('*.2', '*.111')
    >>> uptimal_expansion(cgt.parse("{1|-1}")) is None
    True
    """
    x = g.left_stop()
    if x != g.right_stop():
        return None
    if g.is_nus:
        _, k, m = g.nus()
        return UptimalExpansion(x, m, (k,) if k else ())
    h = _sub_number(g, x)
    if not h.is_all_small:
        return None
    bound = h.birthday() + 1
    from .game import _times

    # Doubling kills the nim part, so the digits can be read off 2R alone:
    # a_i is the k with (2k-1).up^i < 2R < (2k+1).up^i.
    s = h
    coeffs: list[int] = []
    for i in range(1, bound + 1):
        if s.is_nus and s.nus()[1] == 0:
            break
        u = up_nth(i)
        s2 = _engine.add(s, s)
        k = 0
        if not _lt(s2, u):
            k = 1
            while not _lt(s2, _times(u, 2 * k + 1)):
                k += 1
                if k > bound:
                    return None
        elif not _lt(_engine.negate(u), s2):
            k = -1
            while not _lt(_times(u, 2 * k - 1), s2):
                k -= 1
                if k < -bound:
                    return None
        if not (_lt(_times(u, 2 * k - 1), s2) and _lt(s2, _times(u, 2 * k + 1))):
            return None
        coeffs.append(k)
        if k:
            s = _engine.add(s, _engine.negate(_times(u, k)))
    if not s.is_nus:
        return None
    _, k, m = s.nus()
    if k != 0:
        return None
    while coeffs and coeffs[-1] == 0:
        coeffs.pop()
    e = UptimalExpansion(x, m, tuple(coeffs))
    return e if e.game() is g else None


def uptimal(number: Dyadic | int = 0, nimber: int = 0, *coefficients: int) -> Game:
    """Build ``number + *nimber + sum a_i up^i`` from the digits ``a_1, a_2, ...``.

    >>> uptimal(0, 0, 1, 1) == up_sum(2), uptimal(1, 1, 0, 1)
    (True, ...)
    """
    return UptimalExpansion(Dyadic(number), nimber, tuple(coefficients)).game()


_engine.on_clear(clear_atomic_caches)
