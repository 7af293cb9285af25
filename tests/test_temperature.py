"""Stops, mean, temperature, thermographs, cooling, heating: known values.

Each value cites where it comes from.  Abbreviations: WW = Berlekamp, Conway
and Guy, *Winning Ways* (2nd ed.); LIP = Albert, Nowakowski and Wolfe,
*Lessons in Play*; CGT = Siegel, *Combinatorial Game Theory* (2013);
CGSuite = the values CGSuite prints for the same input.
"""

from __future__ import annotations

import random
import time
from fractions import Fraction
from itertools import pairwise

import pytest

import cgt
from cgt import Dyadic
from cgt.temperature import TemperatureError, clear_temperature_caches
from cgt.thermograph import Thermograph, Trajectory

P = cgt.parse
D = Dyadic


# --- issue 3 acceptance values ----------------------------------------------------
def test_three_two_star_one_star() -> None:
    # issue 3 acceptance; the game {3||2*|1*} of CGT II.5 (and CGSuite)
    g = P("{3||2*|1*}")
    assert g.left_stop() == 3 and g.right_stop() == 2
    assert g.mean() == D(9, 4) and g.temperature() == D(3, 4)
    assert g.freeze() == P("9/4*")
    assert g.reduced() == P("{3||2|1}")
    assert g.birthday() == 5
    assert g.outcome() is cgt.Outcome.L
    assert not g.is_atomic
    with pytest.raises(cgt.NotAtomic, match="not atomic"):
        g.atomic_weight()


def test_three_two_one() -> None:
    # issue 3 acceptance; CGSuite: {3||2|1}.Mean == 9/4, .Temperature == 3/4
    g = P("{3||2|1}")
    assert g.birthday() == 4 and g.mean() == D(9, 4) and g.temperature() == D(3, 4)


def test_number_temperatures() -> None:
    # CGT II.5: the number m/2^n has temperature -1/2^n; integers -1 (issue 3)
    assert cgt.zero.temperature() == -1
    assert cgt.number("25/16").temperature() == D(-1, 16)
    assert cgt.number(7).temperature() == -1
    assert cgt.number("-3/2").temperature() == D(-1, 2)
    assert cgt.number("5/8").mean() == D(5, 8)


def test_infinitesimals_have_temperature_zero() -> None:
    # CGT II.5: a number plus a non-zero infinitesimal has temperature 0
    for s in ["*", "^", "^*", "*8", "{0||0|-1}", "3/2v*"]:
        assert P(s).temperature() == 0, s
    assert P("3/2v*").mean() == D(3, 2)


def test_switches() -> None:
    # WW ch. 6 ("hot" games): {a|b} with numbers a > b has mean (a+b)/2 and
    # temperature (a-b)/2
    for a, b in [(1, -1), (2, -1), (5, 3), (10, -4)]:
        g = cgt.Game([a], [b])
        assert g.mean() == D(a + b, 2)
        assert g.temperature() == D(a - b, 2)


def test_worked_cooling_example() -> None:
    # By hand from the definition (CGT II.5): G = {4 || 2 | -2}.  Left's
    # scaffold is 4 - t; Right's is LW(+-2)(t) + t = 2 up to t = 2, so they
    # meet at t = 2 with mean 2.  G_1 = {3 | (+-2)_1 + 1} = {3 || 2 | 0};
    # G_2 = {2 | (+-2)_2 + 2} = {2 | 2*} = 2^.
    g = P("{4||2|-2}")
    assert g.temperature() == 2 and g.mean() == 2
    assert g.cool(1) == P("{3||2|0}")
    assert g.cool(2) == P("2^") and g.cool(3) == 2


def test_thermograph_printing() -> None:
    # CGSuite: {3||2*|1*}.Thermograph prints with critical temperatures and slopes
    th = P("{3||2*|1*}").thermograph()
    assert str(th) == "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
    assert Thermograph.from_cgsuite(str(th)) == th
    assert th.left_wall.value_at(0) == 3 and th.right_wall.value_at(0) == 2
    assert th.left_wall.value_at(D(1, 2)) == D(5, 2)
    assert th.right_wall.value_at(-1) == 1
    # integers: vertical mast, no critical temperatures (CGSuite)
    assert str(cgt.number(-2).thermograph()) == "Thermograph(-2,[],[0],-2,[],[0])"
    # 25/16 (cgt-py / CGSuite agree)
    assert str(cgt.number("25/16").thermograph()) == (
        "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])"
    )


def test_thermograph_svg_and_trajectory_api() -> None:
    th = P("{3||2|1}").thermograph()
    svg = th._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    w = Trajectory.from_cgsuite(D(9, 4), [D(3, 4)], [0, -1])
    assert w == th.left_wall and hash(w) == hash(th.left_wall)
    assert w.critical_temperatures == (D(3, 4),) and w.slopes == (0, -1)
    with pytest.raises(ValueError):
        w.value_at(-2)


#: pickle.dumps(parse("{1|-1}").thermograph(), protocol=4) at main e5a23fa, when
#: Thermograph's slots were still named _left/_right (pickled as the slots' dict).
OLD_THERMOGRAPH_PICKLE = """
gASVhgEAAAAAAACMD2NndC50aGVybW9ncmFwaJSMC1RoZXJtb2dyYXBolJOUKYGUTn2UKIwFX2xlZnSUaACMClRy
YWplY3RvcnmUk5QpgZROfZQojAhfZW50cmllc5RdlCiMCGJ1aWx0aW5zlIwHZ2V0YXR0cpSTlIwKY2d0LmR5YWRp
Y5SMBkR5YWRpY5STlIwNZnJvbV9leHBvbmVudJSGlFKUSv////9LAIaUUpRoDmgRaBKGlFKUSwFLAIaUUpRLAIeU
aA5oEWgShpRSlEsBSwCGlFKUaA5oEWgShpRSlEsBSwCGlFKUSwCHlGWMAl9ulEsCjARfcHRzlE6MBl9zbG9wZZRL
AIwFX3RpbHSUSv////91hpRijAZfcmlnaHSUaAcpgZROfZQoaApdlChoFmgOaBFoEoaUUpRK/////0sAhpRSlEsA
h5RoH2gOaBFoEoaUUpRK/////0sAhpRSlEsAh5RlaCVLAmgmTmgnSwBoKEsBdYaUYowMX3RlbXBlcmF0dXJllGgf
dYaUYi4=
"""


def test_thermographs_pickle_and_old_pickles_still_load() -> None:
    import base64
    import pickle

    for text in ("{3||2*|1*}", "{1|-1}", "5", "^*"):
        th = P(text).thermograph()
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(th, protocol=protocol))
            assert back == th and str(back) == str(th)
            assert back.temperature == th.temperature and back.mast == th.mast
    old = pickle.loads(base64.b64decode(OLD_THERMOGRAPH_PICKLE))
    # {1|-1}: both walls start at 1 and -1 and meet at the mast 0 at temperature 1
    assert str(old) == "Thermograph(0,[1],[0,-1],0,[1],[0,1])"
    assert old == P("{1|-1}").thermograph()
    assert (old.temperature, old.mast, old.left_wall.value_at(0)) == (1, 0, 1)


def test_thermograph_plot() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    ax = P("{3||2|1}").thermograph().plot()
    assert ax.xaxis_inverted()


def test_cooling() -> None:
    # CGT II.5 / CGSuite: {3||2*|1*} cooled by 1/2 is {5/2|2*}; at its
    # temperature it freezes to 9/4*, above it the mean 9/4
    g = P("{3||2*|1*}")
    assert g.cool(0) == g
    assert g.cool("1/2") == P("{5/2|2*}")
    assert g.cool(D(3, 4)) == P("9/4*")
    assert g.cool(1) == 9 / 4 or g.cool(1) == cgt.number("9/4")
    # WW ch. 6: +-1 cooled by 1/2 is +-1/2; by 1 it is 0*; beyond, 0
    assert P("{1|-1}").cool("1/2") == P("+-1/2")
    assert P("{1|-1}").cool(1) == cgt.star and P("{1|-1}").cool(2) == 0
    # numbers are cooled below their (negative) temperature as well (cgt-py)
    assert cgt.number("1/2").cool("-3/4") == P("{3/4|1/4}")
    assert cgt.number("1/2").cool("-1/4") == P("1/2")
    # integers never change
    assert cgt.number(3).cool("-1/2") == 3


def test_cool_rejects_bad_temperatures() -> None:
    with pytest.raises(TemperatureError, match="t > -1"):
        cgt.star.cool(-1)
    with pytest.raises(cgt.CGTError):
        cgt.star.cool("-3/2")
    with pytest.raises(cgt.NotANumber, match="must be a number"):
        cgt.star.cool(cgt.star)
    with pytest.raises(TypeError):
        cgt.star.cool(None)  # type: ignore[arg-type]
    # finite floats are exact dyadics (accepted since the reliability work)
    assert P("{3|-3}").cool(1.5) == P("{3|-3}").cool("3/2")


def test_heating_and_overheating() -> None:
    # WW ch. 6: heating +-1/2 by 1/2 gives +-1; heating * by 1 gives +-1
    assert P("{1/2|-1/2}").heat("1/2") == P("+-1")
    assert cgt.star.heat(1) == P("+-1")
    # numbers are unchanged by heating
    assert cgt.number("3/4").heat(5) == cgt.number("3/4")
    # heating by * (CGSuite / pycgt): {2|0} -> {2*|*}
    assert P("{2|0}").heat(cgt.star) == P("{2*|*}")
    # overheating: integers become copies of s (WW ch. 6 "overheating")
    assert cgt.number(2).overheat(cgt.up, 1) == P("^^")
    assert P("{1|-1}").overheat(1, 1) == P("+-2")
    assert cgt.number(-3).overheat(cgt.star, 1) == cgt.star


def test_incentives_and_tempering() -> None:
    assert cgt.up.incentives() == (P("^*"),)
    assert cgt.zero.incentives() == ()
    assert cgt.number("1/2").incentives() == (cgt.number("-1/2"),)
    # CGT II.5: even/odd tempered
    assert cgt.number(2).is_even_tempered and not cgt.number(2).is_odd_tempered
    assert cgt.star.is_odd_tempered and P("{1|-1}").is_odd_tempered
    assert P("{1*|-1*}").is_even_tempered
    assert not cgt.up.is_even_tempered and not cgt.up.is_odd_tempered


def test_hot_sum_played_in_hottest_component() -> None:
    # WW ch. 6 / LIP ch. 6: in a sum of switches, moving in the hottest one is
    # best; the mean of the sum is the sum of the means.
    parts = [P("{5|-5}"), P("{3|-3}"), P("{1|-1}")]
    total = parts[0] + parts[1] + parts[2]
    assert total.mean() == 0 and total.left_stop() == 3
    assert total.temperature() == 5


def test_caches_can_be_cleared() -> None:
    g = P("{4||2|-2}")
    t = g.temperature()
    clear_temperature_caches()
    assert g.temperature() == t


def test_deep_game_does_not_crash() -> None:
    g = cgt.zero
    for k in range(1, 400):
        g = cgt.Game([g], [-k])
    assert g.temperature() >= -1
    assert g.cool(1) is not None


# --- thermographs against a plain reference ----------------------------------------
# The library shares and lazily tilts the walls of thermographs; this reference
# is the straightforward algorithm on plain lists of Fraction points: walls of
# options combined by max/min, tilted point by point, the scaffolds' crossing
# found by scanning every breakpoint, then both walls clipped there.
_RefWall = tuple[list[tuple[Fraction, Fraction]], int]


def _ref_slope(a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction]) -> int:
    q = (b[1] - a[1]) / (b[0] - a[0])
    assert q.denominator == 1
    return int(q)


def _ref_normalise(pts: list[tuple[Fraction, Fraction]], final: int) -> _RefWall:
    out: list[tuple[Fraction, Fraction]] = []
    for p in pts:
        if not out or out[-1][0] != p[0]:
            out.append(p)
    cleaned = [out[0]]
    for i in range(1, len(out)):
        nxt = _ref_slope(out[i], out[i + 1]) if i + 1 < len(out) else final
        if _ref_slope(cleaned[-1], out[i]) != nxt:
            cleaned.append(out[i])
    return cleaned, final


def _ref_value(w: _RefWall, t: Fraction) -> Fraction:
    pts, final = w
    for (t0, x0), (t1, x1) in pairwise(pts):
        if t0 <= t <= t1:
            return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
    return pts[-1][1] + final * (t - pts[-1][0])


def _ref_combine(a: _RefWall, b: _RefWall, take_max: bool) -> _RefWall:
    pick = max if take_max else min
    ts = sorted({t for t, _ in a[0]} | {t for t, _ in b[0]})
    ts.append(ts[-1] + 1)  # a point past every breakpoint fixes the final slopes
    out: list[tuple[Fraction, Fraction]] = []
    for t0, t1 in pairwise(ts):
        da = _ref_value(a, t0) - _ref_value(b, t0)
        db = _ref_value(a, t1) - _ref_value(b, t1)
        out.append((t0, pick(_ref_value(a, t0), _ref_value(b, t0))))
        if da * db < 0:  # the walls cross strictly inside (t0, t1)
            tc = t0 + (t1 - t0) * da / (da - db)
            out.append((tc, _ref_value(a, tc)))
    t_end = ts[-1]
    xa, xb = _ref_value(a, t_end), _ref_value(b, t_end)
    final = pick(a[1], b[1]) if xa == xb else a[1] if (xa > xb) == take_max else b[1]
    return _ref_normalise(out, final)


def _ref_thermograph(
    g: cgt.Game, memo: dict[cgt.Game, tuple[_RefWall, _RefWall, Fraction]]
) -> tuple[_RefWall, _RefWall, Fraction]:
    if g in memo:
        return memo[g]
    ls = g.left_stop().as_fraction()
    if g.is_number and ls.denominator == 1:
        wall: _RefWall = ([(Fraction(-1), ls)], 0)
        memo[g] = (wall, wall, Fraction(-1))
        return memo[g]
    lsc: _RefWall | None = None
    for gl in g.left_options:
        w = _ref_thermograph(gl, memo)[1]
        lsc = w if lsc is None else _ref_combine(lsc, w, True)
    rsc: _RefWall | None = None
    for gr in g.right_options:
        w = _ref_thermograph(gr, memo)[0]
        rsc = w if rsc is None else _ref_combine(rsc, w, False)
    assert lsc is not None and rsc is not None
    lsc = _ref_normalise([(t, x - t) for t, x in lsc[0]], lsc[1] - 1)
    rsc = _ref_normalise([(t, x + t) for t, x in rsc[0]], rsc[1] + 1)
    # the first temperature where the left scaffold is not above the right one
    ts = sorted({t for t, _ in lsc[0]} | {t for t, _ in rsc[0]})
    tau: Fraction | None = None
    prev: Fraction | None = None
    for t in ts:
        d = _ref_value(lsc, t) - _ref_value(rsc, t)
        if d <= 0:
            if prev is None:
                tau = t
            else:
                d0 = _ref_value(lsc, prev) - _ref_value(rsc, prev)
                tau = prev + (t - prev) * d0 / (d0 - d)
            break
        prev = t
    if tau is None:
        assert prev is not None
        d0 = _ref_value(lsc, prev) - _ref_value(rsc, prev)
        tau = prev + d0 / (rsc[1] - lsc[1])
    mast = _ref_value(lsc, tau)

    def clip(w: _RefWall) -> _RefWall:
        pts = [(t, x) for t, x in w[0] if t < tau]
        return _ref_normalise([*pts, (tau, mast)] if pts else [(Fraction(-1), mast)], 0)

    memo[g] = (clip(lsc), clip(rsc), tau)
    return memo[g]


def _assert_matches_reference(
    g: cgt.Game, memo: dict[cgt.Game, tuple[_RefWall, _RefWall, Fraction]]
) -> None:
    left, right, tau = _ref_thermograph(g, memo)
    th = g.thermograph()
    assert th.temperature.as_fraction() == tau
    assert th.mast.as_fraction() == left[0][-1][1] == right[0][-1][1]
    for wall, ref in ((th.left_wall, left), (th.right_wall, right)):
        assert [(t.as_fraction(), x.as_fraction()) for t, x in wall.points] == ref[0]
        assert wall.final_slope == ref[1] == 0
        ref_slopes = [_ref_slope(a, b) for a, b in pairwise(ref[0])]
        assert wall.slopes == (0, *reversed(ref_slopes))
        assert wall.critical_temperatures == tuple(t for t, _ in reversed(wall.points[1:]))
        assert wall == Trajectory(wall.points, 0) and hash(wall) == hash(Trajectory(wall.points, 0))
        for t, _ in ref[0]:
            assert wall.value_at(Dyadic(t)).as_fraction() == _ref_value(ref, t)
    assert repr(th) == repr(
        Thermograph(Trajectory(th.left_wall.points, 0), th.right_wall, th.temperature)
    )


def _nest(depth: int) -> cgt.Game:
    g = cgt.zero
    for i in range(1, depth + 1):
        g = cgt.Game([i], [g]) if i % 2 else cgt.Game([g], [-i])
    return g


def test_thermographs_match_a_plain_reference() -> None:
    clear_temperature_caches()
    memo: dict[cgt.Game, tuple[_RefWall, _RefWall, Fraction]] = {}
    for depth in range(1, 41):
        _assert_matches_reference(_nest(depth), memo)
    rng = random.Random(20261122)
    pool = [cgt.number(x) for x in (0, 1, -1, 2, -2, Fraction(1, 2), Fraction(-3, 4), 3)]
    pool += [cgt.star, cgt.up, P("{1|-1}"), P("{3||2|1}")]
    for _ in range(300):
        left = rng.sample(pool, rng.randint(0, 3))
        right = rng.sample(pool, rng.randint(0, 3))
        g = cgt.Game(left, right)
        _assert_matches_reference(g, memo)
        if rng.random() < 0.5 and len(pool) < 60:
            pool.append(g)


def test_deep_nest_temperature_is_fast() -> None:
    # each level shares its walls with the level below: near-linear in the depth
    g = _nest(2000)
    clear_temperature_caches()
    start = time.process_time()
    assert g.temperature() > 0
    assert len(g.thermograph().left_wall.points) == 2001
    assert time.process_time() - start < 10
