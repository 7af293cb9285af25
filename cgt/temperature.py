"""Temperature theory: stops, mean, temperature, thermographs, cooling and heating.

Conventions follow Siegel, *Combinatorial Game Theory* (AMS 2013), Chapter II.5
("Temperature theory"), which agrees with CGSuite:

* the **thermograph** of a canonical ``G`` is built recursively.  An integer
  ``n`` has the vertical thermograph at ``n``.  Otherwise the left scaffold is
  ``max_{G^L} RW(G^L)(t) - t`` and the right scaffold ``min_{G^R} LW(G^R)(t) + t``;
  the walls follow the scaffolds up to the first temperature ``tau >= -1``
  where they meet, and from there a vertical mast rises at the meeting point.
  ``tau`` is the **temperature** and the mast the **mean**.  Numbers are not
  special-cased beyond the integers, so ``m/2^n`` (``m`` odd, ``n >= 1``) has
  temperature ``-1/2^n``; an integer has temperature ``-1``;
* **cooling** (Siegel Def. II.5.?; Winning Ways ch. 6): for ``t > -1``,
  ``G_t = n`` if ``G`` is the integer ``n``; otherwise, if ``t`` exceeds the
  temperature of ``G``, ``G_t`` is the mean of ``G`` (the first ``t'`` at which
  ``G_t'`` is infinitesimally close to a number is exactly the temperature);
  otherwise ``G_t = {G^L_t - t | G^R_t + t}``, computed on canonical forms;
* **heating** by a game ``t``: ``int^t G = G`` if ``G`` is a number, otherwise
  ``{int^t G^L + t | int^t G^R - t}`` (on the canonical form of ``G``);
* **overheating** from ``s`` to ``t``: ``G.s`` (``n`` copies of ``s``) if ``G``
  is the integer ``n``, otherwise ``{int G^L + t | int G^R - t}``.

Every value is exact: stops, temperatures and the breakpoints of the walls are
:class:`~cgt.Dyadic`.  Results are cached per game (games are interned), see
:func:`clear_temperature_caches`.

>>> import cgt
>>> g = cgt.parse("{3||2*|1*}")
>>> g.left_stop(), g.right_stop(), g.mean(), g.temperature()
(3, 2, 9/4, 3/4)
>>> g.freeze(), g.cool(1), g.cool("1/2")
(9/4*, 9/4, {5/2|2*})
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import canonical as _engine
from ._cache import BoundedCache
from ._deep import deep
from .dyadic import Dyadic
from .errors import CGTError, NotANumber, WrongType
from .thermograph import Thermograph, Trajectory, _clip, _intersect

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game, GameLike

__all__ = [
    "TemperatureError",
    "clear_temperature_caches",
    "cool",
    "freeze",
    "heat",
    "incentives",
    "is_even_tempered",
    "is_odd_tempered",
    "left_stop",
    "mean",
    "overheat",
    "right_stop",
    "temperature",
    "thermograph",
]

_MINUS_ONE = Dyadic(-1)


class TemperatureError(CGTError, ValueError):
    """A temperature outside the range where an operation is defined.

    >>> import cgt
    >>> try:
    ...     cgt.star.cool(-1)
    ... except TemperatureError as err:
    ...     print(err)
    cooling is defined for temperatures t > -1, not t = -1
    """


_thermographs: BoundedCache[Game, Thermograph] = BoundedCache("temperature.thermographs")
_cooled: BoundedCache[tuple[Game, Dyadic], Game] = BoundedCache("temperature.cooled")
_heated: BoundedCache[tuple[Game, Game], Game] = BoundedCache("temperature.heated")
_overheated: BoundedCache[tuple[Game, Game, Game], Game] = BoundedCache("temperature.overheated")
_tempered: BoundedCache[Game, int] = BoundedCache("temperature.tempered")


def clear_temperature_caches() -> None:
    """Forget cached thermographs and cooled/heated games.

    >>> import cgt
    >>> _ = cgt.parse("{2|1}").thermograph()
    >>> clear_temperature_caches()
    >>> len(_thermographs)
    0
    """
    _thermographs.clear()
    _cooled.clear()
    _heated.clear()
    _overheated.clear()
    _tempered.clear()


def _game(value: GameLike) -> Game:
    from .game import to_game

    return to_game(value)


def _as_number(value: GameLike | Dyadic, what: str) -> Dyadic:
    """A temperature given as int, Dyadic, Fraction, str or number-valued Game."""
    from .game import Game

    if isinstance(value, Game):
        if not value.is_number:
            raise NotANumber(f"{what} must be a number, not {value}")
        return value.to_dyadic()
    if isinstance(value, str):
        return _as_number(_game(value), what)
    if isinstance(value, bool):
        raise WrongType(f"{what} must be a number, not a bool")
    try:
        return Dyadic(value)
    except TypeError:
        raise WrongType(f"{what} must be a number, not {type(value).__name__}") from None


# ---------------------------------------------------------------------------
# Stops, thermographs, mean and temperature
# ---------------------------------------------------------------------------
def left_stop(g: Game) -> Dyadic:
    """Left's stop ``LS(G)`` (kept on every game by the engine).

    >>> import cgt
    >>> left_stop(cgt.parse("{3||2*|1*}")), left_stop(cgt.parse("-5/2"))
    (3, -5/2)
    """
    return g.left_stop()


def right_stop(g: Game) -> Dyadic:
    """Right's stop ``RS(G)``.

    >>> import cgt
    >>> right_stop(cgt.parse("{3||2*|1*}"))
    2
    """
    return g.right_stop()


def _thermo(g: Game) -> Thermograph:
    th = _thermographs.get(g)
    if th is not None:
        return th
    p = g.nus_or_none()
    if p is not None and p[1] == p[2] == 0 and p[0]._exp == 0:  # an integer
        wall = Trajectory.constant(p[0])
        th = Thermograph(wall, wall, _MINUS_ONE)
    else:
        left, right = g.raw_options()
        lsc: Trajectory | None = None
        for gl in left:
            w = _thermo(gl)._rwall  # the walls' slots: this module builds thermographs
            lsc = w if lsc is None else lsc.maximum(w)
        rsc: Trajectory | None = None
        for gr in right:
            w = _thermo(gr)._lwall
            rsc = w if rsc is None else rsc.minimum(w)
        # canonical non-integers have options on both sides
        assert lsc is not None and rsc is not None
        lsc = lsc.tilt(-1)
        rsc = rsc.tilt(1)
        tau, mast = _intersect(lsc, rsc)
        th = Thermograph(_clip(lsc, tau, mast), _clip(rsc, tau, mast), tau)
    _thermographs[g] = th
    return th


_thermo_deep = deep(_thermo)


def thermograph(g: Game) -> Thermograph:
    """The thermograph of ``g``, with exact walls.

    >>> import cgt
    >>> thermograph(cgt.parse("{3||2*|1*}"))
    Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])
    >>> thermograph(cgt.star), thermograph(cgt.number(5))
    (Thermograph(0,[0],[0,-1],0,[0],[0,1]), Thermograph(5,[],[0],5,[],[0]))
    """
    return _thermo_deep(g)


def mean(g: Game) -> Dyadic:
    """The mean value (mast of the thermograph); additive: ``m(G+H) = m(G) + m(H)``.

    >>> import cgt
    >>> mean(cgt.parse("{3||2*|1*}")), mean(cgt.parse("1/2^*")), mean(cgt.parse("{5|-1}"))
    (9/4, 1/2, 2)
    """
    p = g.nus_or_none()
    if p is not None:
        return p[0]
    ls = g.left_stop()
    if ls == g.right_stop():
        return ls
    return thermograph(g).mast


def temperature(g: Game) -> Dyadic:
    """The temperature: ``-1/2^n`` for a number ``m/2^n`` (``-1`` for an integer),
    ``0`` for a number plus a non-zero infinitesimal, else where the thermograph's
    walls meet.

    >>> import cgt
    >>> temperature(cgt.parse("{3||2|1}")), temperature(cgt.number("25/16"))
    (3/4, -1/16)
    >>> temperature(cgt.zero), temperature(cgt.up), temperature(cgt.parse("{1|-1}"))
    (-1, 0, 1)
    """
    p = g.nus_or_none()
    if p is not None:
        x, k, m = p
        return Dyadic.from_exponent(-1, x._exp) if k == m == 0 else Dyadic(0)
    return thermograph(g).temperature


# ---------------------------------------------------------------------------
# Cooling, freezing, heating, overheating
# ---------------------------------------------------------------------------
def _cool(g: Game, t: Dyadic, shift_l: Game, shift_r: Game) -> Game:
    p = g.nus_or_none()
    if p is not None and p[1] == p[2] == 0 and p[0]._exp == 0:  # an integer
        return g
    key = (g, t)
    r = _cooled.get(key)
    if r is not None:
        return r
    if t > temperature(g):
        r = _engine.make_number(mean(g))
    else:
        left, right = g.raw_options()
        add = _engine.add
        lo = [add(_cool(gl, t, shift_l, shift_r), shift_l) for gl in left]
        ro = [add(_cool(gr, t, shift_l, shift_r), shift_r) for gr in right]
        r = _engine.canonical_form(lo, ro)
    _cooled[key] = r
    return r


_cool_deep = deep(_cool)


def cool(g: Game, t: GameLike | Dyadic) -> Game:
    """``G`` cooled by the number ``t > -1``.

    ``G_t = {G^L_t - t | G^R_t + t}`` until ``t`` passes the temperature of
    ``G``; from there on ``G_t`` is the mean.  Integers never change.

    >>> import cgt
    >>> g = cgt.parse("{3||2*|1*}")
    >>> cool(g, 0) == g, cool(g, "1/2"), cool(g, "3/4"), cool(g, 1)
    (True, {5/2|2*}, 9/4*, 9/4)
    >>> cool(cgt.parse("{1|-1}"), "1/2"), cool(cgt.number("1/2"), "-3/4")
    (+-1/2, {3/4|1/4})
    >>> cool(cgt.star, -2)
    Traceback (most recent call last):
    ...
    cgt.temperature.TemperatureError: cooling is defined for temperatures t > -1, not t = -2
    """
    tt = _as_number(t, "the cooling temperature")
    if tt <= _MINUS_ONE:
        raise TemperatureError(f"cooling is defined for temperatures t > -1, not t = {tt}")
    minus = _engine.make_number(-tt)
    plus = _engine.make_number(tt)
    return _cool_deep(g, tt, minus, plus)


def freeze(g: Game) -> Game:
    """``G`` cooled by its own temperature (infinitesimally close to its mean).

    A number is already frozen and is returned unchanged.

    >>> import cgt
    >>> freeze(cgt.parse("{3||2*|1*}")), freeze(cgt.parse("{2|1}")), freeze(cgt.number("1/2"))
    (9/4*, 3/2*, 1/2)
    """
    if g.is_number:
        return g
    tau = temperature(g)
    if tau._num == 0:
        return g
    return cool(g, tau)


def _heat(g: Game, t: Game) -> Game:
    p = g.nus_or_none()
    if p is not None and p[1] == p[2] == 0:  # a number
        return g
    key = (g, t)
    r = _heated.get(key)
    if r is not None:
        return r
    left, right = g.raw_options()
    add = _engine.add
    neg_t = _engine.negate(t)
    lo = [add(_heat(gl, t), t) for gl in left]
    ro = [add(_heat(gr, t), neg_t) for gr in right]
    r = _engine.canonical_form(lo, ro)
    _heated[key] = r
    return r


_heat_deep = deep(_heat)


def heat(g: Game, t: GameLike | Dyadic) -> Game:
    """``int^t G``: ``G`` heated by ``t`` (any game, e.g. a number or ``*``).

    >>> import cgt
    >>> heat(cgt.parse("{3/2|1/2}"), "1/2"), heat(cgt.star, 1), heat(cgt.parse("{2|0}"), cgt.star)
    (1+-1, +-1, {2*|*})
    """
    return _heat_deep(g, _game(t))


def _overheat(g: Game, s: Game, t: Game) -> Game:
    p = g.nus_or_none()
    if p is not None and p[1] == p[2] == 0 and p[0]._exp == 0:  # an integer
        from .game import _times

        return _times(s, p[0]._num)
    key = (g, s, t)
    r = _overheated.get(key)
    if r is not None:
        return r
    left, right = g.raw_options()
    add = _engine.add
    neg_t = _engine.negate(t)
    lo = [add(_overheat(gl, s, t), t) for gl in left]
    ro = [add(_overheat(gr, s, t), neg_t) for gr in right]
    r = _engine.canonical_form(lo, ro)
    _overheated[key] = r
    return r


_overheat_deep = deep(_overheat)


def overheat(g: Game, s: GameLike | Dyadic, t: GameLike | Dyadic) -> Game:
    """``int_s^t G``: ``G`` overheated from ``s`` to ``t``.

    An integer ``n`` becomes ``n`` copies of ``s``; otherwise
    ``{int G^L + t | int G^R - t}``.

    >>> import cgt
    >>> overheat(cgt.number(2), cgt.star, 1), overheat(cgt.parse("{1|0}"), 1, 1)
    (0, {2|-1})
    """
    return _overheat_deep(g, _game(s), _game(t))


def incentives(g: Game) -> tuple[Game, ...]:
    """The undominated incentives: Left's ``G^L - G`` and Right's ``G - G^R``,
    keeping only the maximal ones (what a player gains by moving).

    >>> import cgt
    >>> incentives(cgt.parse("{3||2|1}")), incentives(cgt.up), incentives(cgt.zero)
    (({1,{2|1}|0},), (^*,), ())
    """
    left, right = g.raw_options()
    neg_g = _engine.negate(g)
    cands = [_engine.add(gl, neg_g) for gl in left]
    cands += [_engine.add(g, _engine.negate(gr)) for gr in right]
    kept = _engine._undominated(list(dict.fromkeys(cands)), for_left=True)
    from .game import _display_order

    return _display_order(tuple(kept))


def _temper(g: Game) -> int:
    """0: neither, 1: even-tempered, 2: odd-tempered."""
    p = g.nus_or_none()
    if p is not None:
        _, k, m = p
        if k == m == 0:
            return 1
        return 2 if k == 0 and m == 1 else 0
    r = _tempered.get(g)
    if r is not None:
        return r
    left, right = g.raw_options()
    kinds = {_temper(o) for o in left + right}
    r = 1 if kinds == {2} else 2 if kinds == {1} else 0
    _tempered[g] = r
    return r


_temper_deep = deep(_temper)


def is_even_tempered(g: Game) -> bool:
    """Even-tempered (Siegel II.5): a number, or a game all of whose options are
    odd-tempered.

    >>> import cgt
    >>> is_even_tempered(cgt.number(2)), is_even_tempered(cgt.parse("{1*|-1*}"))
    (True, True)
    >>> is_even_tempered(cgt.star), is_even_tempered(cgt.up)
    (False, False)
    """
    return bool(_temper_deep(g) == 1)


def is_odd_tempered(g: Game) -> bool:
    """Odd-tempered: not a number, and all options even-tempered.

    >>> import cgt
    >>> is_odd_tempered(cgt.star), is_odd_tempered(cgt.parse("{3|1}")), is_odd_tempered(cgt.up)
    (True, True, False)
    """
    return bool(_temper_deep(g) == 2)


_engine.on_clear(clear_temperature_caches)
