"""Laws of temperature theory and the all-small toolkit, on generated games.

Games come from a strategy that builds random ``{L|R}`` (up to three options a
side, nested three deep) over a small pool of numbers and infinitesimals, so
birthdays stay at most about 5.  Each law names its source:

* CGT = Siegel, *Combinatorial Game Theory* (AMS 2013);
* WW = Berlekamp, Conway and Guy, *Winning Ways* (2nd ed.), ch. 6 and 8;
* ONAG = Conway, *On Numbers and Games* (2nd ed.), ch. 9;
* GS = Grossman and Siegel, "Reductions of partizan games" (2009).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Dyadic, Game

from ..tools.tiers import examples

_POOL = [cgt.parse(s) for s in ["0", "1", "-1", "1/2", "-1/2", "2", "*", "^", "3/4", "-3/2"]]
_SMALL_POOL = [cgt.parse(s) for s in ["0", "*", "^", "v", "*2", "^*", "{0|^}"]]


def _games(pool: list[Game], depth: int, both_sides: bool = False) -> st.SearchStrategy[Game]:
    base = st.sampled_from(pool)
    if depth == 0:
        return base
    sub = _games(pool, depth - 1, both_sides)
    lo = 1 if both_sides else 0
    return st.one_of(
        base,
        st.builds(
            lambda left, right: Game(left, right),
            st.lists(sub, min_size=lo, max_size=3),
            st.lists(sub, min_size=lo, max_size=3),
        ),
    )


games = _games(_POOL, 3)
# all-small: every position with options has options for both players
all_small = _games(_SMALL_POOL, 3, both_sides=True)
temperatures = st.sampled_from([Dyadic(n, 8) for n in range(0, 25)])
positive = st.sampled_from([Dyadic(n, 4) for n in range(1, 13)])


@settings(max_examples=examples(500), deadline=None)
@given(games, games)
def test_mean_is_additive(g: Game, h: Game) -> None:
    # CGT II.5 (Mean Value Theorem; WW ch. 6): m(G + H) = m(G) + m(H)
    assert (g + h).mean() == g.mean() + h.mean()


@settings(max_examples=examples(500), deadline=None)
@given(games)
def test_stops_are_ordered(g: Game) -> None:
    # CGT II.5: LS(G) >= RS(G) for every short game; and the thermograph's
    # walls are the stops at t = 0, meet at the mean, and never cross
    assert g.left_stop() >= g.right_stop()
    th = g.thermograph()
    assert th.left_wall.value_at(0) == g.left_stop()
    assert th.right_wall.value_at(0) == g.right_stop()
    assert th.left_wall.value_at(th.temperature) == th.right_wall.value_at(th.temperature)
    for t in [Dyadic(-1), Dyadic(-1, 2), Dyadic(0), Dyadic(1, 2), Dyadic(1), Dyadic(3)]:
        assert th.left_wall.value_at(t) >= th.right_wall.value_at(t)


@settings(max_examples=examples(500), deadline=None)
@given(games)
def test_temperature_signs(g: Game) -> None:
    # CGT II.5: a number m/2^n has temperature -1/2^n < 0 (an integer -1); an
    # infinitesimal has temperature 0 or less (-1 exactly for 0); any other
    # game has temperature >= 0
    t = g.temperature()
    if g.is_number:
        x = g.to_dyadic()
        assert t < 0 and t == (-1 if x.is_integer() else Dyadic(-1, x.denominator))
    elif g.is_infinitesimal:
        assert t == 0
    else:
        assert t >= 0
    if g.is_infinitesimal:
        assert t <= 0


@settings(max_examples=examples(500), deadline=None)
@given(games)
def test_cooling_by_zero_is_the_identity(g: Game) -> None:
    # CGT II.5: G_0 = G for G in canonical form (so in particular up to
    # infinitesimals), and G_t is the mean once t exceeds the temperature
    assert g.cool(0) == g
    assert g.cool(g.temperature() + Dyadic(1, 64)) == cgt.number(g.mean())


@settings(max_examples=examples(300), deadline=None)
@given(games, positive)
def test_heating_then_cooling_is_the_identity(g: Game, t: Dyadic) -> None:
    # WW ch. 6 ("heating is the inverse of cooling") / CGT II.5: for a number
    # t > 0, cooling the heated game by t gives G back: (int^t G)_t = G
    assert g.heat(t).cool(t) == g


@settings(max_examples=examples(300), deadline=None)
@given(games, games, temperatures)
def test_cooling_is_additive(g: Game, h: Game, t: Dyadic) -> None:
    # ONAG ch. 9 / CGT II.5: (G + H)_t = G_t + H_t for t >= 0
    assert (g + h).cool(t) == g.cool(t) + h.cool(t)


@settings(max_examples=examples(300), deadline=None)
@given(games, temperatures)
def test_cooling_lowers_the_temperature(g: Game, t: Dyadic) -> None:
    # CGT II.5: for a non-number G and 0 <= t <= T(G): T(G_t) = T(G) - t and
    # the mean is unchanged
    if g.is_number or t > g.temperature():
        return
    c = g.cool(t)
    assert c.temperature() == g.temperature() - t
    assert c.mean() == g.mean()


@settings(max_examples=examples(300), deadline=None)
@given(all_small, all_small)
def test_atomic_weight_is_additive_on_all_small(g: Game, h: Game) -> None:
    # CGT II.7 / WW ch. 8: all-small games are atomic, aw(G + H) = aw(G) + aw(H),
    # and aw(-G) = -aw(G)
    assert g.is_all_small and g.is_atomic
    assert (g + h).atomic_weight() == g.atomic_weight() + h.atomic_weight()
    assert (-g).atomic_weight() == -g.atomic_weight()


@settings(max_examples=examples(300), deadline=None)
@given(all_small)
def test_two_ahead_rule(g: Game) -> None:
    # WW ch. 8 ("two-ahead rule"), CGT II.7: aw(G) >= 2 implies G > 0,
    # and aw(G) <= -2 implies G < 0
    w = g.atomic_weight()
    if w >= 2:
        assert g > 0
    if w <= -2:
        assert g < 0


@settings(max_examples=examples(300), deadline=None)
@given(games, games)
def test_reduced_form_is_infinitesimally_close(g: Game, h: Game) -> None:
    # GS: rcf(G) - G is infinitesimal, rcf is idempotent and respects sums
    # modulo infinitesimals: rcf(G + H) = rcf(rcf(G) + rcf(H))
    r = g.reduced()
    assert (r - g).is_infinitesimal
    assert r.reduced() == r
    assert (g + h).reduced() == (r + h.reduced()).reduced()
