"""Game forms for misère play (cgt.misere.forms) and the dicot universe, against brute force.

The independent references here work on plain nested tuples ``(lefts, rights)``,
never on :class:`cgt.misere.Form`: the misère outcome by the definition, the
sum by its definition, and comparison modulo the dicots by the definition on
test sets of ``X``.
"""

from __future__ import annotations

import itertools
import pickle
import random
import threading
import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidArgument, ParseError, TooLarge, WrongType
from cgt.misere import Form, form, integer, nim_heap, parse_form, star, sum_outcome, universe, zero
from cgt.misere.forms import FORM_SUM_WORK
from tests.tools.tiers import examples

Tree = tuple[frozenset["Tree"], frozenset["Tree"]]


def tree_of(g: Form) -> Tree:
    return (frozenset(tree_of(o) for o in g.left), frozenset(tree_of(o) for o in g.right))


def form_of(t: Tree) -> Form:
    return Form([form_of(o) for o in t[0]], [form_of(o) for o in t[1]])


@cache
def wins_first(t: Tree, left: bool) -> bool:
    """Misère play by the definition: no move wins; else a move after which the other loses."""
    moves = t[0] if left else t[1]
    return not moves or any(not wins_first(o, not left) for o in moves)


@cache
def tree_sum(a: Tree, b: Tree) -> Tree:
    left = {tree_sum(o, b) for o in a[0]} | {tree_sum(a, o) for o in b[0]}
    right = {tree_sum(o, b) for o in a[1]} | {tree_sum(a, o) for o in b[1]}
    return (frozenset(left), frozenset(right))


def outcome_of(t: Tree) -> str:
    lf, rf = wins_first(t, True), wins_first(t, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (lf, rf)
    ]


EMPTY: Tree = (frozenset(), frozenset())


def random_tree(rnd: random.Random, day: int, dicot: bool = False) -> Tree:
    if day == 0:
        return EMPTY
    lo = 1 if dicot else 0
    nl, nr = rnd.randint(lo, 3), rnd.randint(lo, 3)
    if dicot and rnd.random() < 0.1:
        return EMPTY
    return (
        frozenset(random_tree(rnd, rnd.randint(0, day - 1), dicot) for _ in range(nl)),
        frozenset(random_tree(rnd, rnd.randint(0, day - 1), dicot) for _ in range(nr)),
    )


trees = st.integers(0, 2**32).map(lambda seed: random_tree(random.Random(seed), 4))


@settings(max_examples=examples(200), deadline=None)
@given(trees, trees)
def test_outcomes_and_sums_follow_the_definitions(a: Tree, b: Tree) -> None:
    g, h = form_of(a), form_of(b)
    assert tree_of(g) == a
    assert g.misere_outcome().value == outcome_of(a)
    s = g + h
    assert tree_of(s) == tree_sum(a, b)
    assert s.misere_outcome().value == outcome_of(tree_sum(a, b))
    assert sum_outcome([g, h]) == s.misere_outcome()
    assert s is h + g  # forms, not values: the sum tree is the same either way
    assert (-g).misere_outcome().value == {"L": "R", "R": "L", "N": "N", "P": "P"}[outcome_of(a)]
    assert g.__neg__().__neg__() is g
    assert parse_form(str(g)) is g
    assert pickle.loads(pickle.dumps(g)) is g


@settings(max_examples=50, deadline=None)
@given(trees, trees, trees)
def test_sums_associate_and_sum_outcome_searches_three_components(
    a: Tree, b: Tree, c: Tree
) -> None:
    g, h, k = form_of(a), form_of(b), form_of(c)
    assert (g + h) + k is g + (h + k)
    assert sum_outcome([g, h, k]).value == outcome_of(tree_sum(tree_sum(a, b), c))


def test_named_forms() -> None:
    assert zero.left == () and zero.right == ()
    assert integer(3).left == (integer(2),) and integer(3).right == ()
    assert integer(-2) is -integer(2)
    assert nim_heap(3).left == (zero, star, nim_heap(2)) == nim_heap(3).right
    assert [str(integer(n)) for n in (-2, 0, 2)] == ["-2", "0", "2"]
    assert str(nim_heap(3)) == "*3" and str(Form([star], [])) == "{*|}"
    # misère integers: Left with n waiting moves wins moving first iff... never (she must move)
    assert integer(2).misere_outcome() == cgt.Outcome.R
    assert integer(-2).misere_outcome() == cgt.Outcome.L
    # misère Nim heaps: *n is P only for n = 1 (alone)
    assert [nim_heap(n).misere_outcome().value for n in range(4)] == ["N", "P", "N", "N"]


def test_forms_of_games_and_positions() -> None:
    from cgt.games import Domineering

    g = cgt.parse("{1|{0|-1}}")
    f = form(g)
    assert f.normal_value() is g
    p = Domineering("..|..")
    fp = form(p)
    assert fp.misere_outcome() == p.misere_outcome()
    assert fp.normal_value() == p.value()


def test_bad_input_gets_library_errors() -> None:
    with pytest.raises(ParseError):
        parse_form("{1|")
    with pytest.raises(ParseError):
        parse_form("{1|}}")
    with pytest.raises(WrongType):
        Form("01", [])
    with pytest.raises(WrongType):
        form(1.5)
    with pytest.raises(InvalidArgument):
        nim_heap(-1)
    with pytest.raises(TooLarge):
        integer(10**6)
    big = integer(3000)
    assert big.follower_count() ** 2 > FORM_SUM_WORK
    with pytest.raises(TooLarge):
        big + (-big)
    for err in (ParseError("x", "{", 0), TooLarge("x")):
        assert type(pickle.loads(pickle.dumps(err))) is type(err)


def test_deep_forms_do_not_overflow_the_stack() -> None:
    g = parse_form("{" * 5000 + "|*}" * 5000)
    assert g.birthday == 5001  # {|*} is born on day 2
    assert str(g).count("{") == 5000
    assert (-g).birthday == 5001 and (-g).misere_outcome() == g.misere_outcome().__class__(
        {"L": "R", "R": "L", "N": "N", "P": "P"}[g.misere_outcome().value]
    )


# -- the structural predicates, against plain definitions on trees ------------------------


def tree_followers(t: Tree) -> set[Tree]:
    found = {t}
    for o in t[0] | t[1]:
        found |= tree_followers(o)
    return found


def predicates_by_definition(t: Tree) -> tuple[bool, bool, bool, bool, bool]:
    """(dicot, dead-ending, Left dead end, Right dead end, impartial), from the followers."""
    fs = tree_followers(t)
    dicot = all(bool(f[0]) == bool(f[1]) for f in fs)
    lde = all(not f[0] for f in fs)
    rde = all(not f[1] for f in fs)
    dead = all(
        (f[0] or all(not x[0] for x in tree_followers(f)))
        and (f[1] or all(not x[1] for x in tree_followers(f)))
        for f in fs
    )
    impartial = all(f[0] == f[1] for f in fs)
    return dicot, dead, lde, rde, impartial


def predicates(g: Form) -> tuple[bool, bool, bool, bool, bool]:
    return (
        g.is_dicot(),
        g.is_dead_ending(),
        g.is_left_dead_end(),
        g.is_right_dead_end(),
        g.is_impartial(),
    )


def shaped_tree(rnd: random.Random, day: int, shape: str) -> Tree:
    """A random tree that is often dead-ending, a Left dead end, impartial or a dicot."""
    if shape == "dicot":
        return random_tree(rnd, day, dicot=True)
    if day == 0 or rnd.random() < 0.15:
        return EMPTY
    kids = frozenset(shaped_tree(rnd, rnd.randint(0, day - 1), shape) for _ in range(3))
    if shape == "impartial":
        return (kids, kids)
    if shape == "left dead end":
        return (frozenset(), kids)
    # a dead-ending tree: ends are dead ends, else both sides move; now and then one slip
    side = rnd.random()
    if side < 0.2:
        return (frozenset(), frozenset(shaped_tree(rnd, day - 1, "left dead end") for _ in "ab"))
    if side < 0.25:
        return (frozenset(), kids)  # an end that may come alive
    return (kids, frozenset(shaped_tree(rnd, rnd.randint(0, day - 1), shape) for _ in "ab"))


SHAPES = ["any", "dicot", "dead-ending", "left dead end", "impartial"]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(SHAPES), st.integers(1, 5))
def test_structural_predicates_follow_their_definitions(seed: int, shape: str, day: int) -> None:
    """Each predicate equals its definition over all followers, whatever is asked first."""
    rnd = random.Random(seed)
    t = random_tree(rnd, day) if shape == "any" else shaped_tree(rnd, day, shape)
    subtrees = sorted(tree_followers(t), key=repr)
    rnd.shuffle(subtrees)  # ask the followers in a random order: memoised answers are reused
    for sub in subtrees[: rnd.randint(0, len(subtrees))]:
        assert predicates(form_of(sub)) == predicates_by_definition(sub)
    g = form_of(t)
    assert predicates(g) == predicates_by_definition(t)
    assert predicates(-g) == tuple(predicates_by_definition(t)[i] for i in (0, 1, 3, 2, 4))


@pytest.mark.slow
def test_structural_predicates_take_linear_time_on_deep_chains() -> None:
    """10**5-deep chains answer in well under a second of CPU, and agree with their shapes.

    Before the predicates were remembered, ``is_dead_ending`` on a chain of Left
    ends walked the chain again from each follower: 1.8 s at depth 5000, 33 s at
    20000.
    """
    depth = 10**5
    chains: dict[str, Form] = {}
    g = zero
    for _ in range(depth):  # Right moves to the previous link or to 0: a Left dead end
        g = Form([], [g, zero])
    chains["left dead end"] = g
    g = zero
    for _ in range(depth):  # {g, 0|g}: a dicot, dead-ending, not impartial
        g = Form([g, zero], [g])
    chains["dicot"] = g
    chains["neither"] = Form([chains["dicot"]], [])  # a Right end that Left can bring to life
    t0 = time.process_time()
    found = {name: predicates(f) for name, f in chains.items()}
    spent = time.process_time() - t0
    assert found["left dead end"] == (False, True, True, False, False)
    assert found["dicot"] == (True, True, False, False, False)
    assert found["neither"] == (False, False, False, False, False)
    assert spent < 3.0, spent
    t0 = time.process_time()
    for _ in range(1000):  # remembered: no walk at all
        predicates(chains["dicot"])
    assert time.process_time() - t0 < 0.5


def test_equal_forms_are_one_object_in_every_thread() -> None:
    texts = [str(form_of(random_tree(random.Random(i), 3))) for i in range(200)]
    found: list[list[Form]] = [[], []]

    def build(k: int) -> None:
        found[k] = [parse_form(t) for t in texts]

    threads = [threading.Thread(target=build, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(a is b for a, b in zip(found[0], found[1], strict=True))


# -- the dicot universe ---------------------------------------------------------------


def dicot_tests(rnd: random.Random) -> list[Tree]:
    d2 = [tree_of(g) for g in universe("dicot").born_by(2)]
    xs = set(d2)
    xs |= {tree_sum(a, b) for a, b in itertools.combinations_with_replacement(d2, 2)}
    xs |= {random_tree(rnd, 3, dicot=True) for _ in range(150)}
    return sorted(xs, key=repr)


def ge_by_definition(a: Tree, b: Tree, xs: list[Tree]) -> bool:
    for x in xs:
        ga, gb = tree_sum(a, x), tree_sum(b, x)
        if wins_first(gb, True) and not wins_first(ga, True):
            return False
        if wins_first(ga, False) and not wins_first(gb, False):
            return False
    return True


def test_dicot_membership_and_counts() -> None:
    u = universe("dicot")
    assert [len(u.born_by(d)) for d in range(3)] == [1, 2, 10]
    assert u.contains(parse_form("{*|0}")) and not u.contains(parse_form("{0|}"))
    with pytest.raises(InvalidArgument):
        u.compare("1", "0")


@pytest.mark.slow
def test_dicot_comparison_agrees_with_the_definition() -> None:
    """Each ``>=`` of the theorem survives every test ``X``; nearly each ``not >=`` is witnessed."""
    rnd = random.Random(7)
    xs = dicot_tests(rnd)
    u = universe("dicot")
    games = [tree_of(g) for g in u.born_by(2)]
    games += [random_tree(rnd, 3, dicot=True) for _ in range(40)]
    witnessed = unwitnessed = 0
    for a, b in itertools.product(games, repeat=2):
        theorem = u.ge(form_of(a), form_of(b))
        by_definition = ge_by_definition(a, b, xs)
        if theorem:
            assert by_definition, (form_of(a), form_of(b))
        elif by_definition:
            unwitnessed += 1
        else:
            witnessed += 1
    # the test set is finite, so a "not >=" may lack a witness among it; nearly all have one
    assert unwitnessed <= witnessed // 100 + 5, (witnessed, unwitnessed)


def test_dicot_day_two_order_is_exact() -> None:
    """On the dicots born by day 2 the theorem and the definition agree exactly."""
    rnd = random.Random(3)
    xs = dicot_tests(rnd)
    u = universe("dicot")
    d2 = u.born_by(2)
    for g, h in itertools.product(d2, repeat=2):
        assert u.ge(g, h) == ge_by_definition(tree_of(g), tree_of(h), xs), (g, h)
    # the classical identity of the dicots: * + * = 0
    assert u.equal(star + star, zero)


def test_clear_caches_empties_the_misere_caches() -> None:
    from cgt.misere import forms as misere_forms

    u = universe("dicot")
    u.simplest(parse_form("{*|*} + {0|*}"))
    assert sum(len(t) for t in misere_forms._caches) > 0
    cgt.clear_caches()
    assert sum(len(t) for t in misere_forms._caches) == 0
    # interned forms stay valid: the same text is the same object
    assert u.simplest(parse_form("{*|*}")) is parse_form("0")
