"""Thermographs: exact piecewise-linear walls over temperatures ``t >= -1``.

A *trajectory* is a continuous piecewise-linear function ``x(t)`` of the
temperature, with slopes in ``{-1, 0, 1}`` and :class:`~cgt.Dyadic`
breakpoints.  The thermograph of a game is a pair of trajectories, the left
and right walls, which meet at the temperature of the game and then rise
together as a vertical *mast* at the mean.  Left's wall is ``LS(G_t)`` and
Right's wall is ``RS(G_t)``, the stops of ``G`` cooled by ``t``.

Everything here is exact: breakpoints are dyadic, crossings are found by
exact arithmetic (the slopes differ by 1 or 2, so a crossing of two dyadic
lines is dyadic again).

The printed form is CGSuite's::

    Thermograph(mastL,[critL],[slopesL],mastR,[critR],[slopesR])

where ``crit`` lists the critical temperatures (where the slope changes),
highest first, and ``slopes`` the slope ``dx/dt`` above the first critical
temperature, between consecutive ones, and below the last one (down to
``t = -1``).

>>> import cgt
>>> th = cgt.parse("{3||2|1}").thermograph()
>>> th
Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])
>>> th.temperature, th.mast, th.left_wall.value_at(0), th.right_wall.value_at(0)
(3/4, 9/4, 3, 2)
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from ._svg import Drawable
from .dyadic import Dyadic, DyadicLike
from .errors import InvalidArgument

__all__ = ["Thermograph", "Trajectory"]

_MINUS_ONE = Dyadic(-1)
_ZERO = Dyadic(0)


def _line(t0: Dyadic, x0: Dyadic, slope: int, t: Dyadic) -> Dyadic:
    """x0 + slope * (t - t0) for a small integer slope."""
    if slope == 0:
        return x0
    d = t - t0
    if slope == 1:
        return x0 + d
    if slope == -1:
        return x0 - d
    return x0 + d * slope


def _crossing(t0: Dyadic, xa: Dyadic, sa: int, xb: Dyadic, sb: int) -> Dyadic | None:
    """The t > t0 where the lines through (t0, xa) and (t0, xb) meet, if any."""
    if sa == sb:
        return None
    # xa + sa*d = xb + sb*d  =>  d = (xb - xa) / (sa - sb), with |sa - sb| in {1, 2}
    diff = xb - xa
    ds = sa - sb
    if ds < 0:
        diff, ds = -diff, -ds
    d = diff if ds == 1 else diff.half() if ds == 2 else Dyadic(diff.as_fraction() / ds)
    if d._num <= 0:
        return None
    return t0 + d


# A trajectory keeps its breakpoints lazily, as the first ``n`` entries of a
# list that may be shared with other trajectories: entry ``i`` is
# ``(t_i, b_i, s_i)`` with ``b_i`` the *base* value and ``s_i`` the base slope
# of the segment ending at ``t_i`` (0 for the first entry), and the trajectory
# is ``x(t) = base(t) + tilt * t``.  Tilting only changes ``tilt``; clipping a
# wall keeps a prefix of its entries and appends one, in place when the list
# holds exactly that prefix (a persistent stack), so the thermographs of a
# deep nest share their walls instead of copying them level by level.
# Entries are only ever appended, never changed, so a trajectory's prefix is
# stable; appends happen under a lock.
_Entry = tuple[Dyadic, Dyadic, int]
_entry_t = itemgetter(0)
_append_lock = threading.Lock()


class Trajectory:
    """A continuous piecewise-linear function of the temperature ``t >= -1``.

    Stored as breakpoints ``(t, x)`` in increasing ``t`` (the first at
    ``t = -1``) and the slope beyond the last breakpoint.  The walls of a
    thermograph end with slope 0, the mast.

    >>> w = Trajectory.from_cgsuite(Dyadic(9, 4), [Dyadic(3, 4)], [0, -1])
    >>> w, w.value_at(0), w.value_at(-1), w.mast
    (Trajectory(9/4,[3/4],[0,-1]), 3, 4, 9/4)
    """

    __slots__ = ("_entries", "_n", "_pts", "_slope", "_tilt")

    _entries: list[_Entry]
    _n: int
    _tilt: int
    _slope: int
    _pts: tuple[tuple[Dyadic, Dyadic], ...] | None

    def __init__(self, points: Sequence[tuple[Dyadic, Dyadic]], final_slope: int) -> None:
        if not points or points[0][0] != _MINUS_ONE:
            raise InvalidArgument("a trajectory starts at temperature -1")
        pts, slope = _normalise(list(points), final_slope)
        entries: list[_Entry] = [(pts[0][0], pts[0][1], 0)]
        for i in range(1, len(pts)):
            entries.append((pts[i][0], pts[i][1], _segment_slope(pts[i - 1], pts[i])))
        self._entries = entries
        self._n = len(entries)
        self._tilt = 0
        self._slope = slope
        self._pts = pts

    @classmethod
    def _lazy(cls, entries: list[_Entry], n: int, tilt: int, final_slope: int) -> Trajectory:
        """The trajectory of the first ``n`` entries, tilted by ``tilt`` (already normalised)."""
        self = object.__new__(cls)
        self._entries = entries
        self._n = n
        self._tilt = tilt
        self._slope = final_slope
        self._pts = None
        return self

    @classmethod
    def constant(cls, x: DyadicLike) -> Trajectory:
        """The vertical line at ``x`` (the thermograph wall of an integer).

        >>> Trajectory.constant(3)
        Trajectory(3,[],[0])
        """
        return cls([(_MINUS_ONE, Dyadic(x))], 0)

    @classmethod
    def from_cgsuite(
        cls,
        mast: DyadicLike,
        critical: Sequence[DyadicLike],
        slopes: Sequence[int],
    ) -> Trajectory:
        """Build from CGSuite's ``(mast, [critical temperatures], [slopes])``.

        >>> Trajectory.from_cgsuite(0, [0], [0, 1]).value_at(-1)
        -1
        """
        crit = [Dyadic(c) for c in critical]
        if len(slopes) != len(crit) + 1:
            raise InvalidArgument("need one more slope than critical temperatures")
        if slopes[0] != 0:
            raise InvalidArgument("a wall ends in a vertical mast (first slope 0)")
        x = Dyadic(mast)
        pts: list[tuple[Dyadic, Dyadic]] = []
        for i, c in enumerate(crit):
            if i:
                x = _line(crit[i - 1], x, slopes[i], c)
            pts.append((c, x))
        if crit:
            x = _line(crit[-1], x, slopes[-1], _MINUS_ONE)
        pts.append((_MINUS_ONE, x))
        pts.reverse()
        return cls(pts, 0)

    # --- reading ---------------------------------------------------------------
    @property
    def points(self) -> tuple[tuple[Dyadic, Dyadic], ...]:
        """The breakpoints ``(t, x)``, increasing in ``t``, starting at ``t = -1``.

        >>> Trajectory.from_cgsuite(0, [0], [0, 1]).points
        ((-1, -1), (0, 0))
        """
        pts = self._pts
        if pts is None:
            entries, a = self._entries, self._tilt
            if a == 0:
                pts = tuple((t, b) for t, b, _ in entries[: self._n])
            else:
                pts = tuple((t, b + t * a) for t, b, _ in entries[: self._n])
            self._pts = pts
        return pts

    @property
    def final_slope(self) -> int:
        """The slope ``dx/dt`` beyond the last breakpoint (0 for a wall).

        >>> Trajectory.constant(1).final_slope
        0
        """
        return self._slope

    @property
    def mast(self) -> Dyadic:
        """The value at high temperatures (the mast), for a trajectory ending vertically.

        >>> Trajectory.from_cgsuite(5, [1], [0, -1]).mast
        5
        """
        if self._slope != 0:
            raise InvalidArgument("this trajectory does not end in a vertical mast")
        t, b, _ = self._entries[self._n - 1]
        return b + t * self._tilt if self._tilt else b

    @property
    def critical_temperatures(self) -> tuple[Dyadic, ...]:
        """Temperatures where the slope changes, highest first.

        >>> Trajectory.from_cgsuite(9, [3, 1], [0, 1, 0]).critical_temperatures
        (3, 1)
        """
        entries = self._entries
        return tuple(entries[i][0] for i in range(self._n - 1, 0, -1))

    @property
    def slopes(self) -> tuple[int, ...]:
        """Slopes from the top down: above the first critical temperature, then
        between consecutive ones, then below the last one.

        >>> Trajectory.from_cgsuite(9, [3, 1], [0, 1, 0]).slopes
        (0, 1, 0)
        """
        entries, a = self._entries, self._tilt
        return (self._slope, *(entries[i][2] + a for i in range(self._n - 1, 0, -1)))

    def value_at(self, t: DyadicLike) -> Dyadic:
        """``x(t)``, exactly.

        >>> Trajectory.from_cgsuite(9, [3, 1], [0, 1, 0]).value_at(2)
        8
        """
        tt = Dyadic(t)
        if tt < _MINUS_ONE:
            raise InvalidArgument("trajectories are defined for temperatures t >= -1")
        return _at(self, tt)

    # --- arithmetic --------------------------------------------------------------
    def tilt(self, slope: int) -> Trajectory:
        """Add ``slope * t``: the trajectory of ``x(t) + slope*t``.

        >>> Trajectory.constant(2).tilt(-1)
        Trajectory(?,[],[-1])
        """
        # every slope moves by the same amount, so no two neighbouring
        # segments become equal: the tilted breakpoints stay normalised
        return Trajectory._lazy(self._entries, self._n, self._tilt + slope, self._slope + slope)

    def maximum(self, other: Trajectory) -> Trajectory:
        """The pointwise maximum.

        >>> Trajectory.constant(1).maximum(Trajectory.constant(0).tilt(1)).points
        ((-1, 1), (1, 1))
        """
        return _combine(self, other, True)

    def minimum(self, other: Trajectory) -> Trajectory:
        """The pointwise minimum.

        >>> Trajectory.constant(1).minimum(Trajectory.constant(0).tilt(1)).final_slope
        0
        """
        return _combine(self, other, False)

    # --- dunder --------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trajectory):
            return NotImplemented
        return self._slope == other._slope and self.points == other.points

    def __hash__(self) -> int:
        return hash((self.points, self._slope))

    def _cgsuite(self) -> str:
        mast = str(self.mast) if self._slope == 0 else "?"
        crit = ",".join(str(c) for c in self.critical_temperatures)
        slopes = ",".join(str(s) for s in self.slopes)
        return f"{mast},[{crit}],[{slopes}]"

    def __repr__(self) -> str:
        return f"Trajectory({self._cgsuite()})"


def _ticks(lo: Any, hi: Any, most: int = 7) -> list[Any]:
    """Round tick positions between ``lo`` and ``hi`` (Fractions), ``most + 1`` at most.

    >>> from fractions import Fraction
    >>> [str(t) for t in _ticks(Fraction(-1), Fraction(9, 4))]
    ['-1', '-1/2', '0', '1/2', '1', '3/2', '2']
    >>> _ticks(Fraction(0), Fraction(30))
    [Fraction(0, 1), Fraction(5, 1), Fraction(10, 1), Fraction(15, 1), Fraction(20, 1), \
Fraction(25, 1), Fraction(30, 1)]
    """
    from fractions import Fraction

    span = hi - lo
    steps = [Fraction(1, 8), Fraction(1, 4), Fraction(1, 2)]
    steps += [Fraction(m * 10**e) for e in range(40) for m in (1, 2, 5)]
    step = next((s for s in steps if span / s <= max(most, 1)), steps[-1])
    first = -((-lo) // step) * step
    out = []
    while first <= hi:
        out.append(first)
        first += step
    return out


def _tick_text(x: Any) -> str:
    """A tick label: an integer or a fraction, minus signs as ``−``."""
    text = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return text.replace("-", "\u2212")


def _at(tr: Trajectory, t: Dyadic) -> Dyadic:
    """``tr`` at ``t >= -1``, from its (possibly shared) entries by bisection."""
    entries, n, a = tr._entries, tr._n, tr._tilt
    j = bisect_left(entries, t, 1, n, key=_entry_t)
    if j < n:
        t0, b0, _ = entries[j - 1]
        s = entries[j][2]
    else:
        t0, b0, _ = entries[n - 1]
        s = tr._slope - a
    v = _line(t0, b0, s, t)
    return v + t * a if a else v


def _segment_slope(a: tuple[Dyadic, Dyadic], b: tuple[Dyadic, Dyadic]) -> int:
    dt = b[0] - a[0]
    dx = b[1] - a[1]
    if dx._num == 0:
        return 0
    if dx == dt:
        return 1
    if dx == -dt:
        return -1
    q = dx.as_fraction() / dt.as_fraction()
    if q.denominator != 1:
        raise InvalidArgument("trajectory slopes must be integers")
    return int(q)


def _normalise(
    pts: list[tuple[Dyadic, Dyadic]], final_slope: int
) -> tuple[tuple[tuple[Dyadic, Dyadic], ...], int]:
    """Drop repeated and collinear breakpoints."""
    out: list[tuple[Dyadic, Dyadic]] = []
    for p in pts:
        if out and out[-1][0] == p[0]:
            continue
        out.append(p)
    # remove interior points where the slope does not change
    cleaned: list[tuple[Dyadic, Dyadic]] = [out[0]]
    for i in range(1, len(out)):
        nxt_slope = _segment_slope(out[i], out[i + 1]) if i + 1 < len(out) else final_slope
        prev_slope = _segment_slope(cleaned[-1], out[i])
        if prev_slope == nxt_slope:
            continue
        cleaned.append(out[i])
    return tuple(cleaned), final_slope


def _value(pts: tuple[tuple[Dyadic, Dyadic], ...], final_slope: int, t: Dyadic) -> Dyadic:
    # the segment [pts[j-1], pts[j]] with j the first breakpoint (after the
    # first) at or above t, found by bisection: callers ask at every breakpoint
    j = bisect_left(pts, t, 1, len(pts), key=_temperature_of)
    if j < len(pts):
        t0, x0 = pts[j - 1]
        return _line(t0, x0, _segment_slope(pts[j - 1], pts[j]), t)
    t0, x0 = pts[-1]
    return _line(t0, x0, final_slope, t)


def _temperature_of(point: tuple[Dyadic, Dyadic]) -> Dyadic:
    return point[0]


def _slope_after(pts: tuple[tuple[Dyadic, Dyadic], ...], final_slope: int, i: int) -> int:
    return _segment_slope(pts[i], pts[i + 1]) if i + 1 < len(pts) else final_slope


def _combine(a: Trajectory, b: Trajectory, take_max: bool) -> Trajectory:
    """Pointwise max (take_max) or min of two trajectories, exactly."""
    pa, sa_final = a.points, a._slope
    pb, sb_final = b.points, b._slope
    ts = sorted({t for t, _ in pa} | {t for t, _ in pb})
    out: list[tuple[Dyadic, Dyadic]] = []
    ia = ib = 0
    for j, t in enumerate(ts):
        while ia + 1 < len(pa) and pa[ia + 1][0] <= t:
            ia += 1
        while ib + 1 < len(pb) and pb[ib + 1][0] <= t:
            ib += 1
        xa = _line(pa[ia][0], pa[ia][1], _slope_after(pa, sa_final, ia), t)
        xb = _line(pb[ib][0], pb[ib][1], _slope_after(pb, sb_final, ib), t)
        out.append((t, max(xa, xb) if take_max else min(xa, xb)))
        # slopes on (t, next t)
        sa = _slope_after(pa, sa_final, ia)
        sb = _slope_after(pb, sb_final, ib)
        cross = _crossing(t, xa, sa, xb, sb)
        if cross is not None and (j + 1 == len(ts) or cross < ts[j + 1]):
            out.append((cross, _line(t, xa, sa, cross)))
    # final slope: after the last point, which line is on top?
    t_end = out[-1][0]
    xa = _value(pa, sa_final, t_end)
    xb = _value(pb, sb_final, t_end)
    if xa == xb:
        final = max(sa_final, sb_final) if take_max else min(sa_final, sb_final)
    elif (xa > xb) == take_max:
        final = sa_final
    else:
        final = sb_final
    return Trajectory(out, final)


def _first_not_above(tr: Trajectory, left: Trajectory, right: Trajectory) -> int:
    """The first index of a breakpoint of ``tr`` where ``left <= right`` (``tr._n`` if none)."""
    entries = tr._entries
    lo, hi = 0, tr._n
    while lo < hi:
        mid = (lo + hi) // 2
        t = entries[mid][0]
        if _at(left, t) <= _at(right, t):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _last_below(tr: Trajectory, t: Dyadic) -> Dyadic:
    """The highest breakpoint temperature of ``tr`` below ``t > -1``."""
    return tr._entries[bisect_left(tr._entries, t, 0, tr._n, key=_entry_t) - 1][0]


def _intersect(left: Trajectory, right: Trajectory) -> tuple[Dyadic, Dyadic]:
    """(temperature, mast) where the left scaffold first drops to the right one.

    ``left - right`` is non-increasing (slopes of ``left`` are in {-1, 0} and
    those of ``right`` in {0, 1}), so the first such temperature is unique,
    and the first breakpoint of either wall at or past it is found by
    bisection: the difference is linear between that breakpoint and the
    breakpoint before it.
    """
    candidates = []
    for tr in (left, right):
        i = _first_not_above(tr, left, right)
        if i < tr._n:
            candidates.append(tr._entries[i][0])
    if candidates:
        t = min(candidates)
        if t == _MINUS_ONE:
            return t, _at(left, t)
        d = _at(left, t) - _at(right, t)
        t0 = max(_last_below(left, t), _last_below(right, t))
        d0 = _at(left, t0) - _at(right, t0)
        # linear on [t0, t]: d0 + s*(u - t0) = 0 with s = (d - d0)/(t - t0)
        frac = d0.as_fraction() * (t - t0).as_fraction() / (d0 - d).as_fraction()
        tc = t0 + Dyadic(frac)
        return tc, _at(left, tc)
    t0 = max(left._entries[left._n - 1][0], right._entries[right._n - 1][0])
    d0 = _at(left, t0) - _at(right, t0)
    s = left._slope - right._slope
    if s >= 0:
        raise AssertionError("scaffolds never meet")  # pragma: no cover
    tc = t0 + Dyadic(d0.as_fraction() / -s)
    return tc, _at(left, tc)


def _clip(wall: Trajectory, temperature: Dyadic, mast: Dyadic) -> Trajectory:
    """The wall below ``temperature``, then vertical at ``mast``.

    The result shares the wall's entries: it is a prefix of them, plus the
    point ``(temperature, mast)`` unless the segment into it is already
    vertical (then that point would be collinear with the mast).  The
    prefix stays normalised and the new point's slopes on either side differ
    (the segment's and 0), so nothing needs normalising.
    """
    entries, n, a = wall._entries, wall._n, wall._tilt
    k = bisect_left(entries, temperature, 0, n, key=_entry_t)  # points below temperature
    if k == 0:
        return Trajectory([(_MINUS_ONE, mast)], 0)
    base_slope = entries[k][2] if k < n else wall._slope - a
    if base_slope + a == 0:
        return Trajectory._lazy(entries, k, a, 0)
    entry = (temperature, mast - temperature * a if a else mast, base_slope)
    with _append_lock:
        if len(entries) == k:
            entries.append(entry)
        else:
            entries = entries[:k]
            entries.append(entry)
    return Trajectory._lazy(entries, k + 1, a, 0)


class Thermograph(Drawable):
    """The thermograph of a short game: two walls and a mast.

    ``left_wall.value_at(t)`` is Left's stop of the game cooled by ``t``
    and ``right_wall.value_at(t)`` is Right's; above :attr:`temperature` both
    equal :attr:`mast`, the mean value.

    >>> import cgt
    >>> th = cgt.parse("{1|-1}").thermograph()
    >>> th, th.temperature, th.mast
    (Thermograph(0,[1],[0,-1],0,[1],[0,1]), 1, 0)
    >>> Thermograph.from_cgsuite("Thermograph(0,[1],[0,-1],0,[1],[0,1])") == th
    True
    """

    __slots__ = ("_lwall", "_rwall", "_temperature")

    def __init__(self, left_wall: Trajectory, right_wall: Trajectory, temperature: Dyadic) -> None:
        self._lwall = left_wall
        self._rwall = right_wall
        self._temperature = temperature

    def __reduce__(self) -> tuple[type[Thermograph], tuple[Trajectory, Trajectory, Dyadic]]:
        return (Thermograph, (self._lwall, self._rwall, self._temperature))

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        # Only pickles written before __reduce__ existed come here: their state
        # is the slots' dict, with the walls then named "_left" and "_right".
        slots = state[1]
        self._lwall = slots["_left"]
        self._rwall = slots["_right"]
        self._temperature = slots["_temperature"]

    @classmethod
    def from_cgsuite(cls, text: str) -> Thermograph:
        """Read CGSuite's printed form ``Thermograph(mL,[cL],[sL],mR,[cR],[sR])``.

        >>> Thermograph.from_cgsuite("Thermograph(3,[],[0],3,[],[0])").temperature
        -1
        """
        import re

        m = re.fullmatch(
            r"\s*Thermograph\(\s*([^,\[\]]+),\s*\[([^\]]*)\],\s*\[([^\]]*)\],"
            r"\s*([^,\[\]]+),\s*\[([^\]]*)\],\s*\[([^\]]*)\]\s*\)\s*",
            text,
        )
        if m is None:
            raise InvalidArgument(f"not a printed thermograph: {text!r}")

        def nums(s: str) -> list[Dyadic]:
            return [Dyadic(p) for p in s.split(",") if p.strip()]

        left = Trajectory.from_cgsuite(
            Dyadic(m.group(1)), nums(m.group(2)), [int(s) for s in nums(m.group(3))]
        )
        right = Trajectory.from_cgsuite(
            Dyadic(m.group(4)), nums(m.group(5)), [int(s) for s in nums(m.group(6))]
        )
        crit = left.critical_temperatures + right.critical_temperatures
        temperature = max(crit) if crit else _MINUS_ONE
        return cls(left, right, temperature)

    @property
    def left_wall(self) -> Trajectory:
        """Left's wall: ``t -> LS(G_t)`` (drawn on the left: values increase leftward).

        >>> import cgt
        >>> cgt.parse("{3||2|1}").thermograph().left_wall
        Trajectory(9/4,[3/4],[0,-1])
        """
        return self._lwall

    @property
    def right_wall(self) -> Trajectory:
        """Right's wall: ``t -> RS(G_t)``.

        >>> import cgt
        >>> cgt.parse("{3||2*|1*}").thermograph().right_wall
        Trajectory(9/4,[3/4,1/2,0],[0,1,0,1])
        """
        return self._rwall

    @property
    def temperature(self) -> Dyadic:
        """Where the walls meet (``-1`` for an integer).

        >>> import cgt
        >>> cgt.parse("{2|{1|0}}").thermograph().temperature
        3/4
        """
        return self._temperature

    @property
    def mast(self) -> Dyadic:
        """The mast value: the mean of the game.

        >>> import cgt
        >>> cgt.parse("{2|{1|0}}").thermograph().mast
        5/4
        """
        return self._lwall.mast

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Thermograph):
            return NotImplemented
        return self._lwall == other._lwall and self._rwall == other._rwall

    def __hash__(self) -> int:
        return hash((self._lwall, self._rwall))

    def __repr__(self) -> str:
        return f"Thermograph({self._lwall._cgsuite()},{self._rwall._cgsuite()})"

    def describe(self) -> str:
        """The thermograph in words: the mast, the temperature, and each wall's
        value where it bends (``str`` and ``repr`` keep CGSuite's compact form).

        A wall is followed from ``t = 0`` (the stops) up to the temperature,
        where both walls meet the mast; between the listed points it is a
        straight line.  Values increase to the left, as in the pictures.

        >>> import cgt
        >>> print(cgt.parse("{3||2|1}").thermograph().describe())
        thermograph: mast 9/4 from temperature 3/4 up
          left wall:  3 at t = 0, 9/4 at t = 3/4
          right wall: 2 at t = 0, 2 at t = 1/2, 9/4 at t = 3/4
        >>> print(cgt.number(3).thermograph().describe())
        thermograph: mast 3 from temperature -1 up
          left wall:  3 at t = -1
          right wall: 3 at t = -1
        """
        temp = self._temperature
        start = min(temp, _ZERO)
        lines = [f"thermograph: mast {self.mast} from temperature {temp} up"]
        for name, wall in (("left wall: ", self._lwall), ("right wall:", self._rwall)):
            ts = sorted({start, temp} | {t for t, _ in wall.points if start < t < temp})
            where = ", ".join(f"{wall.value_at(t)} at t = {t}" for t in ts)
            lines.append(f"  {name} {where}")
        return "\n".join(lines)

    def svg_title(self) -> str:
        """The picture's alt text: :meth:`describe` on one line.

        >>> import cgt
        >>> print(cgt.parse("{1|-1}").thermograph().svg_title())
        thermograph: mast 0 from temperature 1 up; left wall: 1 at t = 0, 0 at t = 1; \
right wall: -1 at t = 0, 0 at t = 1
        """
        head, *walls = self.describe().splitlines()
        return "; ".join([head, *(" ".join(w.split()) for w in walls)])

    # --- pictures ------------------------------------------------------------------
    def _extent(self) -> tuple[Dyadic, Dyadic, Dyadic]:
        """(lowest x, highest x, top temperature) of the drawing."""
        xs = [x for _, x in self._lwall.points] + [x for _, x in self._rwall.points]
        top = max(self._temperature, _ZERO) + 1
        return min(xs), max(xs), top

    def _polylines(self, top: Dyadic) -> tuple[list[tuple[Dyadic, Dyadic]], ...]:
        walls = []
        for wall in (self._lwall, self._rwall):
            pts = list(wall.points)
            pts.append((top, _at(wall, top)))
            walls.append(pts)
        return walls[0], walls[1]

    def _draw_svg(self) -> str:
        """An SVG picture, Winning Ways style: temperature upward, values
        increasing to the left (Left's side), both axes with ticks and
        labels; Left's wall blue, Right's red, the mast an arrow.

        >>> import cgt
        >>> svg = cgt.parse("{3||2|1}").thermograph()._repr_svg_()
        >>> svg.startswith("<svg") and svg.count("<polyline") == 2
        True
        >>> 'class="tick value"' in svg and 'class="tick temperature"' in svg
        True
        """
        from fractions import Fraction

        from ._svg import BLUE, RED, document, num

        lo, hi, top = self._extent()
        x_lo, x_hi = Fraction(str(lo)), Fraction(str(hi))
        pad_x = max((x_hi - x_lo) / 10, Fraction(1, 2))
        x_lo, x_hi = x_lo - pad_x, x_hi + pad_x
        t_lo, t_hi = Fraction(-1), Fraction(str(top))
        unit = min(260 / float(x_hi - x_lo), 190 / float(t_hi - t_lo))
        left, right, head, foot = 44.0, 16.0, 26.0, 44.0
        plot_w = float(x_hi - x_lo) * unit
        plot_h = float(t_hi - t_lo) * unit
        width = max(left + plot_w + right, 240.0)
        left = (width - plot_w - right + left) / 2  # centre a narrow plot
        height = head + plot_h + foot

        def px(x: Fraction | Dyadic) -> float:  # drawing coordinates only; values stay exact
            return left + float(x_hi - Fraction(str(x))) * unit

        def py(t: Fraction | Dyadic) -> float:
            return head + float(t_hi - Fraction(str(t))) * unit

        floor, side = py(t_lo), left
        body = [
            # the axes: value along the floor t = -1, temperature up the right-hand
            # side of the picture's left edge
            f'<line x1="{num(side)}" y1="{num(floor)}" x2="{num(left + plot_w)}" '
            f'y2="{num(floor)}" stroke="#333333"/>',
            f'<line x1="{num(side)}" y1="{num(floor)}" x2="{num(side)}" y2="{num(head - 6)}" '
            'stroke="#333333"/>',
            f'<line x1="{num(side)}" y1="{num(py(_ZERO))}" x2="{num(left + plot_w)}" '
            f'y2="{num(py(_ZERO))}" stroke="#999999" stroke-dasharray="4 3"/>',
        ]
        for x in _ticks(x_lo, x_hi, int(plot_w // 36)):
            body.append(
                f'<g class="tick value"><line x1="{num(px(x))}" y1="{num(floor)}" '
                f'x2="{num(px(x))}" y2="{num(floor + 4)}" stroke="#333333"/>'
                f'<text x="{num(px(x))}" y="{num(floor + 15)}" font-size="10" '
                f'text-anchor="middle">{_tick_text(x)}</text></g>'
            )
        for t in _ticks(t_lo, t_hi, int(plot_h // 24)):
            body.append(
                f'<g class="tick temperature"><line x1="{num(side - 4)}" y1="{num(py(t))}" '
                f'x2="{num(side)}" y2="{num(py(t))}" stroke="#333333"/>'
                f'<text x="{num(side - 6)}" y="{num(py(t))}" dy="0.35em" font-size="10" '
                f'text-anchor="end">{_tick_text(t)}</text></g>'
            )
        mid = num((floor + head) / 2)
        body.append(
            f'<text x="11" y="{mid}" font-size="10" fill="#555555" text-anchor="middle" '
            f'transform="rotate(-90 11 {mid})">temperature</text>'
            f'<text x="{num(left + plot_w / 2)}" y="{num(floor + 30)}" font-size="10" '
            'fill="#555555" text-anchor="middle">value (larger to the left)</text>'
        )
        lw, rw = self._polylines(top)
        for pts, colour in ((lw, BLUE), (rw, RED)):
            coords = " ".join(f"{num(px(x))},{num(py(t))}" for t, x in pts)
            body.append(
                f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
        mx, mt = px(self.mast), py(top)
        body.append(
            f'<polygon points="{num(mx)},{num(mt - 9)} {num(mx - 4)},{num(mt)} '
            f'{num(mx + 4)},{num(mt)}" fill="black"/>'
            f'<text x="{num(width / 2)}" y="12" font-size="11" text-anchor="middle">'
            f"mean {self.mast}, temperature {self._temperature}</text>"
        )
        return document(width, height, body, background="white")

    def plot(self, ax: Any = None, **style: Any) -> Any:
        """Draw with matplotlib (the optional ``plot`` extra) and return the axes.

        Values increase to the left (the x axis is inverted) and temperature
        goes up, as in Winning Ways.  ``style`` is passed to ``ax.plot``.
        """
        try:
            import matplotlib.pyplot as plt
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError(
                "Thermograph.plot needs matplotlib (the 'plot' extra): pip install matplotlib"
            ) from exc
        if ax is None:
            _, ax = plt.subplots()
        _, _, top = self._extent()
        left, right = self._polylines(top)
        for pts, colour in ((left, "tab:blue"), (right, "tab:red")):
            ax.plot([float(x) for _, x in pts], [float(t) for t, _ in pts], color=colour, **style)
        ax.annotate(
            "",
            xy=(float(self.mast), float(top) + 0.3),
            xytext=(float(self.mast), float(top)),
            arrowprops={"arrowstyle": "->"},
        )
        ax.axhline(0, color="0.6", linestyle="--", linewidth=0.8)
        if not ax.xaxis_inverted():
            ax.invert_xaxis()
        ax.set_xlabel("value")
        ax.set_ylabel("temperature")
        return ax
