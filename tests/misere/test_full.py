"""The universe of all forms (general misère play) against its definition by brute force.

The references are those of tests/misere/test_forms.py: plain nested tuples,
misère play and sums by their definitions.  Modulo all forms the separating
test forms are often ends built from *adjoints* (Siegel: ``G + G°`` is a
misère P-position), so the test sets hold, besides every form born by day 2
and random day-3 forms, the adjoints of the compared forms' followers and the
ends whose options are those adjoints; the adjoint is written here from its
definition and checked to do what it should.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Relation
from cgt.errors import TooLarge
from cgt.misere import (
    Form,
    Universe,
    compare,
    parse_form,
    simplest_form,
    universe,
    universes,
    zero,
)
from tests.misere.test_forms import (
    EMPTY,
    Tree,
    form_of,
    ge_by_definition,
    random_tree,
    tree_of,
    tree_sum,
    wins_first,
)

FULL = universe("misère")
STAR: Tree = (frozenset({EMPTY}), frozenset({EMPTY}))


@cache
def adjoint(t: Tree) -> Tree:
    """Siegel's adjoint ``G°`` by its definition."""
    left, right = t
    if not left and not right:
        return STAR
    adj_r = frozenset(adjoint(o) for o in right)
    adj_l = frozenset(adjoint(o) for o in left)
    if not left:
        return (adj_r, frozenset({EMPTY}))
    if not right:
        return (frozenset({EMPTY}), adj_l)
    return (adj_r, adj_l)


def followers(t: Tree) -> set[Tree]:
    out = {t}
    for o in t[0] | t[1]:
        out |= followers(o)
    return out


def witnesses(a: Tree, b: Tree) -> list[Tree]:
    """Test forms aimed at ``a >= b``: adjoints, and the ends made of adjoints."""
    xs: set[Tree] = set()
    for t in (a, b):
        for f in followers(t):
            xs.add(adjoint(f))
            xs.add((frozenset(), frozenset(adjoint(o) for o in f[0])))
            xs.add((frozenset(adjoint(o) for o in f[1]), frozenset()))
    return sorted(xs, key=repr)


def common_tests(rnd: random.Random, n: int = 60) -> list[Tree]:
    xs = {tree_of(g) for g in FULL.born_by(2)}
    xs |= {random_tree(rnd, 3) for _ in range(n)}
    return sorted(xs, key=repr)


def test_the_adjoint_makes_a_p_position() -> None:
    rnd = random.Random(5)
    for _ in range(300):
        t = random_tree(rnd, 3)
        s = tree_sum(t, adjoint(t))
        assert not wins_first(s, True) and not wins_first(s, False)


def test_registered_first_with_its_aliases() -> None:
    assert universes()[0] is FULL and [u.name for u in universes()][:2] == ["misère", "dicot"]
    assert universe("misere") is FULL and universe("full") is FULL
    assert FULL.contains(parse_form("{|{0|}}"))


@pytest.mark.slow
def test_comparison_agrees_with_the_definition() -> None:
    """Every ``>=`` of the theorem holds on the test set; every ``not >=`` is witnessed."""
    rnd = random.Random(11)
    xs = common_tests(rnd)
    day2 = list(FULL.born_by(2))
    games = [tree_of(g) for g in rnd.sample(day2, 32)]
    games += [random_tree(rnd, 3) for _ in range(16)]
    # pairs the theorem calls >=: a form and its simplest form, and forms with an option added
    pairs = [(a, b) for a, b in itertools.product(games, repeat=2)]
    for t in games:
        s = tree_of(FULL.simplest(form_of(t)))
        pairs += [(t, s), (s, t)]
    pool = [random_tree(rnd, 3) for _ in range(1000)]
    holds = witnessed = unwitnessed = 0
    for a, b in pairs:
        theorem = FULL.ge(form_of(a), form_of(b))
        by_definition = ge_by_definition(a, b, xs + witnesses(a, b))
        if theorem:
            assert by_definition, (form_of(a), form_of(b))
            holds += 1
        elif by_definition and all(ge_by_definition(a, b, [x]) for x in pool):
            unwitnessed += 1
        else:
            witnessed += 1
    # The separating forms of the theorem's proof are built recursively from adjoints and may
    # be born later than day 3: the test set (with more random day-3 forms for the few it
    # misses) finds nearly all of them.
    assert holds >= 2 * len(games) and witnessed > 1500
    assert unwitnessed <= witnessed // 100, (holds, witnessed, unwitnessed)  # 7 of 2152 here


def test_only_zero_equals_zero_and_only_zero_is_invertible() -> None:
    """Modulo all forms ``G = 0`` only for the form ``0`` (so no other form has an inverse)."""
    rnd = random.Random(2)
    xs = common_tests(rnd, 20)
    games = list(FULL.born_by(2)) + [form_of(random_tree(rnd, 3)) for _ in range(60)]
    for g in games:
        assert FULL.equal(g, zero) == (g is zero)
        assert FULL.is_invertible(g) == (g is zero)
    for g in rnd.sample(games, 25):
        if g is not zero:  # a witness that g + (-g) differs from 0
            s = g + (-g)
            a, b = tree_of(s), EMPTY
            assert not (
                ge_by_definition(a, b, xs + witnesses(a, b))
                and ge_by_definition(b, a, xs + witnesses(a, b))
            )


@pytest.mark.slow
def test_simplest_forms_are_equal_to_their_input_and_unique() -> None:
    rnd = random.Random(4)
    xs = common_tests(rnd, 40)
    day2 = FULL.born_by(2)
    games = [form_of(random_tree(rnd, 3)) for _ in range(45)] + list(rnd.sample(day2, 25))
    games += [a + b for a, b in zip(rnd.sample(day2, 12), rnd.sample(day2, 12), strict=True)]
    for g in games:
        s = FULL.simplest(g)
        assert FULL.equal(g, s)
        a, b = tree_of(g), tree_of(s)
        w = xs + witnesses(a, b)
        assert ge_by_definition(a, b, w) and ge_by_definition(b, a, w), (g, s)
        assert s.birthday <= g.birthday and FULL.simplest(s) is s
        assert parse_form(str(s)) is s
    # equal inputs give the identical simplest form
    for g, h in itertools.combinations(games, 2):
        assert FULL.equal(g, h) == (FULL.simplest(g) is FULL.simplest(h))


@pytest.mark.slow
def test_siegel_counts_256_games_born_by_day_2() -> None:
    """Siegel, "Misère canonical forms of partizan games" (arXiv:1505.07871, abstract):
    "there are precisely 256 games born by day 2" (in general misère play)."""
    assert [len(FULL.simplest_born_by(d)) for d in range(3)] == [1, 4, 256]
    # independently: every day-2 form is its own simplest form, and distinct day-2 forms are
    # told apart by a test form (a sample of the 32640 pairs, each witnessed by brute force)
    day2 = FULL.born_by(2)
    assert all(FULL.simplest(g) is g for g in day2)
    rnd = random.Random(8)
    xs = common_tests(rnd, 0)
    for g, h in rnd.sample(list(itertools.combinations(day2, 2)), 300):
        a, b = tree_of(g), tree_of(h)
        w = xs + witnesses(a, b)
        assert not (ge_by_definition(a, b, w) and ge_by_definition(b, a, w)), (g, h)
    with pytest.raises(TooLarge):
        FULL.simplest_born_by(3)


@pytest.mark.slow
def test_all_256_day_two_forms_are_told_apart_by_brute_force() -> None:
    """Each of the 32,640 pairs of forms born by day 2 has a separating test form, so the 256
    are 256 games without the theorem's word for it.  Each form gets the outcomes of its sums
    with a common test set (all forms born by day 2 and random ones born by day 3); pairs with
    equal outcomes there are separated by the adjoint-built ends aimed at them, or failing
    that by random forms born by day 3."""
    day2 = FULL.born_by(2)
    rnd = random.Random(8)
    xs = common_tests(rnd, 0)
    pool = [random_tree(rnd, 3) for _ in range(3000)]

    def signature(t: Tree) -> tuple[bool, ...]:
        return tuple(
            won
            for x in xs
            for won in (wins_first(tree_sum(t, x), True), wins_first(tree_sum(t, x), False))
        )

    classes: dict[tuple[bool, ...], list[Tree]] = {}
    for g in day2:
        classes.setdefault(signature(tree_of(g)), []).append(tree_of(g))
    for same in classes.values():
        for a, b in itertools.combinations(same, 2):
            w = witnesses(a, b)
            if ge_by_definition(a, b, w) and ge_by_definition(b, a, w):
                assert any(
                    not (ge_by_definition(a, b, [x]) and ge_by_definition(b, a, [x])) for x in pool
                ), (form_of(a), form_of(b))


trees = st.integers(0, 2**32).map(lambda seed: random_tree(random.Random(seed), 3))


def order_laws(u: Universe, g: Form, h: Form, k: Form, y: Form) -> None:
    """``>=`` modulo ``u`` is a partial order compatible with sums; sums commute and associate;
    simplest forms of sums may be taken termwise."""
    assert u.ge(g, g)
    for p, q in ((g, u.simplest(g)), (g, h), (g + h, h)):
        if u.ge(p, q):
            assert u.ge(p + y, q + y)
            if u.ge(q, k):
                assert u.ge(p, k)
            if u.ge(q, p):
                assert u.simplest(p) is u.simplest(q)
    assert u.equal(g + h, h + g) and u.equal((g + h) + k, g + (h + k))
    assert u.simplest(g + h) is u.simplest(u.simplest(g) + u.simplest(h))
    flipped = {Relation.GREATER: Relation.LESS, Relation.LESS: Relation.GREATER}
    assert u.compare(g, h) is flipped.get(u.compare(h, g), u.compare(h, g))


@settings(max_examples=60, deadline=None)
@given(trees, trees, trees, trees)
def test_order_laws(a: Tree, b: Tree, c: Tree, x: Tree) -> None:
    order_laws(FULL, form_of(a), form_of(b), form_of(c), form_of(x))
    g, h = form_of(a), form_of(b)
    assert compare(g, h, "misère") == FULL.compare(g, h)
    assert simplest_form(g, "full") is FULL.simplest(g)


def test_named_comparisons() -> None:
    assert compare("{|1}", "0", "misère") is Relation.GREATER  # Right's move to 1 helps Left
    assert compare("* + *", "0", "misère") is Relation.CONFUSED
    assert compare("1", "0", "misère") is Relation.CONFUSED
    assert simplest_form("{0, {|1}|}", "misère") is parse_form("1")
    assert isinstance(FULL.simplest(Form([1, 0], [])), Form)


def test_deep_forms_do_not_overflow_the_stack() -> None:
    g = parse_form("{" * 3000 + "|*}" * 3000)
    assert FULL.simplest(g).birthday == 3001 and FULL.equal(g, FULL.simplest(g))
    d = parse_form("{*|" * 3000 + "*" + "}" * 3000)
    dicots = universe("dicot")
    assert dicots.compare(d, dicots.simplest(d)) is Relation.EQUAL
