"""Stops, mean, temperature, thermographs, cooling, heating: known values.

Each value cites where it comes from.  Abbreviations: WW = Berlekamp, Conway
and Guy, *Winning Ways* (2nd ed.); LIP = Albert, Nowakowski and Wolfe,
*Lessons in Play*; CGT = Siegel, *Combinatorial Game Theory* (2013);
CGSuite = the values CGSuite prints for the same input.
"""

from __future__ import annotations

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
