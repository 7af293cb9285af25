"""The census of short games (cgt.census) and of misère impartial games
(cgt.impartial.misere_census): games born by day n, and the lattice of G_n.

Independent checks, written out here:

* the published sizes of G_0 .. G_3, 1, 4, 22 and 1474 (Siegel, *Combinatorial
  Game Theory*, AMS 2013, ch. III);
* G_1 and G_2 rebuilt naively from every pair of subsets of the day before
  (no antichains), and G_3 checked closed under {A | B} for random subsets;
* join and meet against the least upper bound and greatest lower bound found
  by comparing with every game of G_n (all pairs on day 2, a sample on day 3);
* the lattice laws of Calistrate, Paulhus and Wolfe ("On the lattice structure
  of finite games", 2002): distributive, top n, bottom -n;
* the misère counts 1, 2, 3, 5, 22, 4171780 (Grundy and Smith, in Conway, On
  Numbers and Games, pp. 139-140) and Thompson's corrected count of day 6;
  the counting rule against building every game from every set of options.
"""

from __future__ import annotations

import itertools
import pickle
import random
import threading
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Game, born_by, born_on, census, hasse_diagram, join, meet
from cgt.census import BORN_BY_COUNTS, DAY_4_BOUNDS
from cgt.errors import CGTError, InvalidArgument, TooLarge, WrongType
from cgt.impartial import MisereGame, misere_born_by, misere_born_on, misere_census, misere_count
from cgt.impartial.misere_census import MISERE_COUNTS, _Level
from tests.tools.interrupt import interrupt_after


def subsets(games: tuple[Game, ...]) -> list[tuple[Game, ...]]:
    return [c for r in range(len(games) + 1) for c in itertools.combinations(games, r)]


def naive_next(games: tuple[Game, ...]) -> set[Game]:
    """G_{n+1} straight from the definition: {A | B} for all subsets A, B of G_n."""
    every = subsets(games)
    return {Game(a, b) for a in every for b in every}


# --- the census ---------------------------------------------------------------------------


def test_the_published_counts_1_4_22_1474() -> None:
    # Siegel, Combinatorial Game Theory, ch. III
    assert BORN_BY_COUNTS == (1, 4, 22, 1474)
    assert [len(born_by(n)) for n in range(4)] == [1, 4, 22, 1474]
    assert [len(set(born_by(n))) for n in range(4)] == [1, 4, 22, 1474]  # each once


def test_days_1_and_2_from_every_pair_of_subsets() -> None:
    g0 = born_by(0)
    assert g0 == (cgt.zero,)
    g1 = naive_next(g0)
    assert set(born_by(1)) == g1 == {cgt.zero, cgt.star, cgt.number(1), cgt.number(-1)}
    assert set(born_by(2)) == naive_next(born_by(1))


def test_day_3_is_closed_under_forming_games_from_day_2() -> None:
    day3 = set(born_by(3))
    g2 = born_by(2)
    rng = random.Random(29)
    for _ in range(3000):
        a = [g for g in g2 if rng.random() < 0.3]
        b = [g for g in g2 if rng.random() < 0.3]
        assert Game(a, b) in day3
    # and every game of day 3 is one: its options are born by day 2
    assert all(set(g.left_options) | set(g.right_options) <= set(g2) for g in day3)


def test_days_nest_and_birthdays() -> None:
    for n in range(4):
        assert all(g.birthday() <= n for g in born_by(n))
        assert set(born_on(n)) == set(born_by(n)) - (set(born_by(n - 1)) if n else set())
        assert all(g.birthday() == n for g in born_on(n))
        assert {-g for g in born_by(n)} == set(born_by(n))  # closed under negation
    assert set(born_by(2)) < set(born_by(3))
    # the 2**(n+1) - 1 numbers born by day n (Wolfe and Fraser, "Counting the number of
    # games", 2004, remark it) are there
    for n in range(4):
        assert sum(g.is_number for g in born_by(n)) == 2 ** (n + 1) - 1
    assert born_by(3) is born_by(3)  # computed once


# --- the lattice ----------------------------------------------------------------------------


def brute_join(g: Game, h: Game, day: int) -> Game:
    upper = [x for x in born_by(day) if x >= g and x >= h]
    least = [x for x in upper if all(x <= y for y in upper)]
    assert len(least) == 1
    return least[0]


def brute_meet(g: Game, h: Game, day: int) -> Game:
    lower = [x for x in born_by(day) if x <= g and x <= h]
    greatest = [x for x in lower if all(x >= y for y in lower)]
    assert len(greatest) == 1
    return greatest[0]


@pytest.mark.parametrize("day", [0, 1, 2])
def test_join_and_meet_are_the_bounds_found_by_brute_force(day: int) -> None:
    for g, h in itertools.product(born_by(day), repeat=2):
        assert join(g, h, day) is brute_join(g, h, day)
        assert meet(g, h, day) is brute_meet(g, h, day)


def test_join_and_meet_on_day_3_sampled() -> None:
    day3 = born_by(3)
    rng = random.Random(3)
    for _ in range(60):
        g, h = rng.choice(day3), rng.choice(day3)
        j, m = join(g, h, 3), meet(g, h, 3)
        assert j in day3 and m in day3
        upper = [x for x in day3 if x >= g and x >= h]
        lower = [x for x in day3 if x <= g and x <= h]
        assert j in upper and all(j <= x for x in upper)
        assert m in lower and all(m >= x for x in lower)


def test_the_join_depends_on_the_day() -> None:
    zero, star = cgt.zero, cgt.star
    assert join(zero, star, 1) == 1 and join(zero, star, 2) == cgt.number("1/2")
    assert join(zero, star) == 1  # the default day: the later birthday
    # a bound in a bigger lattice is never above the bound in a smaller one
    for g, h in itertools.product(born_by(2), repeat=2):
        assert join(g, h, 3) <= join(g, h, 2) and meet(g, h, 3) >= meet(g, h, 2)


def test_join_on_day_4_is_an_upper_bound_below_day_3s() -> None:
    day3 = born_by(3)
    rng = random.Random(4)
    for _ in range(25):
        g, h = rng.choice(day3), rng.choice(day3)
        j = join(g, h, 4)
        assert j.birthday() <= 4 and j >= g and j >= h and j <= join(g, h, 3)
        m = meet(g, h, 4)
        assert m.birthday() <= 4 and m <= g and m <= h and m >= meet(g, h, 3)


@pytest.mark.parametrize("day", [0, 1, 2, 3])
def test_top_and_bottom(day: int) -> None:
    games = born_by(day)
    top = games[0]
    bottom = games[0]
    for g in games:
        top, bottom = join(top, g, day), meet(bottom, g, day)
    assert top == day and bottom == -day
    assert all(bottom <= g <= top for g in games)


@pytest.mark.slow
def test_distributive_on_day_2() -> None:
    g2 = born_by(2)
    for a, b, c in itertools.product(g2, repeat=3):
        assert join(a, meet(b, c, 2), 2) is meet(join(a, b, 2), join(a, c, 2), 2)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_lattice_laws_on_day_3(data: st.DataObject) -> None:
    pick = st.sampled_from(born_by(3))
    a, b, c = data.draw(pick), data.draw(pick), data.draw(pick)
    assert join(a, b, 3) is join(b, a, 3)
    assert join(a, join(b, c, 3), 3) is join(join(a, b, 3), c, 3)
    assert join(a, meet(a, b, 3), 3) is a and meet(a, join(a, b, 3), 3) is a  # absorption
    assert join(a, meet(b, c, 3), 3) is meet(join(a, b, 3), join(a, c, 3), 3)
    assert meet(a, b, 3) is -join(-a, -b, 3)
    assert (a <= b) == (join(a, b, 3) is b)


# --- the Hasse diagram ---------------------------------------------------------------------


@pytest.mark.parametrize("day", [0, 1, 2])
def test_hasse_diagram_covers_rebuild_the_order(day: int) -> None:
    d = hasse_diagram(day)
    games = born_by(day)
    above = {g: {y for x, y in d.covers if x is g} for g in games}
    closure = {g: set(above[g]) for g in games}
    changed = True
    while changed:  # transitive closure of the covering relation
        changed = False
        for g in games:
            more = set().union(*(closure[y] for y in closure[g])) - closure[g]
            if more:
                closure[g] |= more
                changed = True
    assert all(closure[x] == {y for y in games if x < y} for x in games)
    # graded (a finite distributive lattice is), symmetric under negation
    level = {g: k for k, row in enumerate(d.levels) for g in row}
    assert sorted(level, key=str) == sorted(games, key=str)
    assert all(level[y] == level[x] + 1 for x, y in d.covers)
    assert {(-y, -x) for x, y in d.covers} == set(d.covers)
    assert d.levels[0] == (-cgt.number(day),) and d.levels[-1] == (cgt.number(day),)
    # Birkhoff: the rank of a finite distributive lattice is its number of
    # join-irreducibles (elements covering exactly one element)
    irreducible = [g for g in games if sum(y is g for _, y in d.covers) == 1]
    assert len(d.levels) - 1 == len(irreducible)


def test_hasse_diagram_picture() -> None:
    d = hasse_diagram(2)
    svg = d.to_svg()
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f".//{ns}line")) == len(d.covers) == 36
    texts = [t.text or "" for t in root.findall(f".//{ns}text")]
    assert sorted(texts) == sorted(format(g, "u") for g in born_by(2))
    assert root.find(f"{ns}title").text == d.svg_title()  # type: ignore[union-attr]
    assert "22 games" in repr(d)
    with pytest.raises(TooLarge, match="1474 games, too many to draw"):
        hasse_diagram(3)
    with pytest.raises(TooLarge, match="too many to draw"):
        hasse_diagram(4)
    with pytest.raises(InvalidArgument):
        hasse_diagram(-1)


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, -10])
def test_negative_days(bad: int) -> None:
    for f in (born_by, born_on):
        with pytest.raises(InvalidArgument, match="non-negative"):
            f(bad)


@pytest.mark.parametrize("bad", [1.0, "2", True, None])
def test_days_that_are_not_ints(bad: object) -> None:
    for f in (born_by, born_on):
        with pytest.raises(WrongType, match="int"):
            f(bad)  # type: ignore[arg-type]
    if bad is not None:  # None is join's default day
        with pytest.raises(WrongType):
            join(0, 0, bad)  # type: ignore[arg-type]


def test_day_4_and_later_say_what_is_feasible() -> None:
    assert DAY_4_BOUNDS == (10**28.2, 4.0e184)
    for day in (4, 5, 100):
        with pytest.raises(TooLarge) as info:
            born_by(day)
        assert "born_by lists days 0 to 3" in str(info.value)
        err = pickle.loads(pickle.dumps(info.value))
        assert isinstance(err, TooLarge) and str(err) == str(info.value)
    with pytest.raises(TooLarge, match=r"4\.0e\+184"):
        born_by(4)
    with pytest.raises(TooLarge, match="up to day 4"):
        join(0, 0, 5)


def test_games_not_born_by_the_day() -> None:
    with pytest.raises(InvalidArgument, match="born on day 2, not by day 1"):
        join(2, 0, 1)
    with pytest.raises(InvalidArgument, match="not by day 0"):
        meet(cgt.star, 0, 0)
    with pytest.raises(CGTError):
        join("{1|", 0)  # not a game


# --- the misère census ----------------------------------------------------------------------


def test_misere_counts_as_published() -> None:
    # Grundy and Smith, quoted in Conway, On Numbers and Games, pp. 139-140
    assert MISERE_COUNTS == (1, 2, 3, 5, 22, 4171780)
    assert [misere_count(n) for n in range(6)] == [1, 2, 3, 5, 22, 4171780]
    assert [len(misere_born_by(n)) for n in range(5)] == [1, 2, 3, 5, 22]


def powers(*terms: tuple[int, int]) -> int:
    return sum(sign * 2**e for sign, e in terms)


@pytest.mark.slow
def test_misere_count_of_day_6_is_thompsons_not_onags_printed_formula() -> None:
    n = misere_count(6)
    # Chris Thompson's recomputation, sci.math (groups.google.com/g/sci.math/c/IrjOWJ5PrwI)
    thompson = powers(
        (1, 4171780), (-1, 2096640), (-1, 2095104), (-1, 2094593), (-1, 2094080),
        (-3, 2091522), (-1, 2088960), (-1, 2088705), (-1, 2088448), (-1, 2088193),
        (-1, 2086912), (-1, 2086657), (-1, 2086401), (-1, 2086145), (-1, 2085888),
        (-1, 2079234), (1, 1960962),
    ) + 21  # fmt: skip
    # On Numbers and Games, p. 140, as printed
    onag = powers(
        (1, 4171780), (-1, 2095104), (-3, 2094593), (-1, 2094081), (-3, 2091522),
        (-1, 2088960), (-3, 2088448), (-1, 2087937), (-1, 2086912), (-1, 2086657),
        (-1, 2086401), (-1, 2086145), (-1, 2085888), (-1, 2079234), (1, 1960962),
    ) + 21  # fmt: skip
    assert n == thompson and n != onag
    # Winning Ways p. 397: 1255831 decimal digits (counted without printing them all)
    assert 10**1255830 < n < 10**1255831


def brute_count(level: int, need: frozenset[MisereGame], room: frozenset[MisereGame]) -> int:
    """Games born by day level + 1 with options ``need`` <= S <= ``room``: build each."""
    free = sorted(room - need, key=str)
    made = set()
    for r in range(len(free) + 1):
        for extra in itertools.combinations(free, r):
            g = MisereGame(need | set(extra))
            if set(g.options) == need | set(extra):  # simplest form with exactly these options
                made.add(g)
    return len(made)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_counting_rule_against_building_every_game(level: int) -> None:
    counter = _Level(misere_born_by(level), misere_born_by(level - 1))
    games = misere_born_by(level)
    for choice in itertools.product(range(3), repeat=len(games)):  # out, in room, needed
        room = frozenset(g for g, c in zip(games, choice, strict=True) if c)
        need = frozenset(g for g, c in zip(games, choice, strict=True) if c == 2)
        if room:
            assert counter.count(need, room) == brute_count(level, need, room)
    assert counter.count() == misere_count(level + 1)


def test_the_counting_rule_on_random_sets_of_day_4() -> None:
    # a set of day-4 games is a simplest form's option set iff the rule says so
    day4 = misere_born_by(4)
    counter = _Level(day4, misere_born_by(3))
    rng = random.Random(6)
    for _ in range(400):
        s = frozenset(g for g in day4 if rng.random() < 0.4)
        simplest = set(MisereGame(s).options) == s
        assert counter.count(s, s) == int(simplest)


def test_day_5_counted_two_ways() -> None:
    # from day 4 directly, and from day 3 one level further down (as day 6 is)
    assert _Level(misere_born_by(4), misere_born_by(3)).count() == 4171780
    level3 = _Level(misere_born_by(3), misere_born_by(2))
    zero = misere_born_by(0)[0]
    size = level3.count()
    with_zero = level3.count({zero})
    with_zero_p = level3.count({zero}, level3.games - level3.p_positions)
    total = 2**size - 2**with_zero + 2 ** (with_zero - with_zero_p)
    total -= sum(2 ** level3.count({k}) - 1 for k in misere_born_by(3) if not k.is_zero)
    assert size == 22 and total == 4171780


def test_misere_born_on_and_nesting() -> None:
    for n in range(5):
        assert all(g.birthday() <= n for g in misere_born_by(n))
        assert set(misere_born_on(n)) == set(misere_born_by(n)) - set(
            misere_born_by(n - 1) if n else ()
        )
    assert misere_born_by(4) is misere_born_by(4)


def test_misere_census_bad_input() -> None:
    for f in (misere_born_by, misere_born_on, misere_count):
        with pytest.raises(InvalidArgument):
            f(-1)
        for bad in (2.0, "3", True):
            with pytest.raises(WrongType):
                f(bad)  # type: ignore[arg-type]
    with pytest.raises(TooLarge, match="misere_count"):
        misere_born_by(5)
    with pytest.raises(TooLarge, match="about 2\\*\\*4171780"):
        misere_born_on(6)
    with pytest.raises(TooLarge, match="only days 0 to 6") as info:
        misere_count(7)
    assert str(pickle.loads(pickle.dumps(info.value))) == str(info.value)


# --- threads and interrupts ------------------------------------------------------------------


def test_threads_share_one_census(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(census, "_days", [])
    monkeypatch.setattr(misere_census, "_days", [])
    results: list[object] = []

    def work() -> None:
        results.append((born_by(3), misere_born_by(4)))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4 and all(r[0] is results[0][0] for r in results)  # type: ignore[index]
    assert all(r[1] is results[0][1] for r in results)  # type: ignore[index]


@pytest.mark.parametrize("seconds", [0.005, 0.02, 0.05])
def test_an_interrupted_census_is_never_half_built(
    monkeypatch: pytest.MonkeyPatch, seconds: float
) -> None:
    monkeypatch.setattr(census, "_days", [])
    monkeypatch.setattr(misere_census, "_days", [])
    interrupt_after(seconds, lambda: (born_by(3), misere_born_by(4)))
    assert [len(day) for day in census._days] == list(BORN_BY_COUNTS[: len(census._days)])
    assert [len(day) for day in misere_census._days] == list(
        MISERE_COUNTS[: len(misere_census._days)]
    )
    assert len(born_by(3)) == 1474 and len(misere_born_by(4)) == 22
