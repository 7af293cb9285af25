"""Dead ends (cgt.misere.dead_ends) against brute force and the examples of Davies' work.

Sources: A. Davies, "On factorisations of Left dead ends", arXiv:2409.17871
(the monoid of Left dead ends is cancellative, factorisations are finite,
the integer written 1-bar there, -1 here, is prime; lengths of factorisations
are bounded by the race and by the number of run lengths); the examples in
the documentation of Davies' crate ``gemau`` (src/left_dead_end.rs), where a
Left dead end of rank n is our ``-n`` (gemau's ``integer(3)``, ``waiting(2)``
are our ``integer(-3)``, ``waiting(-2)``).

The references below never use the code under test: dead ends are listed as
plain option sets, sums and comparisons are checked by misère outcomes, and
factorisations by trying every pair.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from cgt.errors import InvalidArgument, WrongType
from cgt.misere import Form, integer, parse_form, star, universe, zero
from cgt.misere.dead_ending import DeadEndingUniverse
from cgt.misere.dead_ends import (
    canonical_dead_end,
    dead_end_ge,
    factorisations,
    factors,
    flex,
    is_atom,
    race,
    terminal_lengths,
    waiting,
)
from cgt.misere.forms import sum_wins

_universe = universe("dead-ending")
assert isinstance(_universe, DeadEndingUniverse)
E = _universe


@cache
def left_dead_ends(day: int) -> tuple[Form, ...]:
    """Every Left dead end born by ``day`` as a form (not reduced), by its definition."""
    if day == 0:
        return (zero,)
    prev = left_dead_ends(day - 1)
    out = {Form([], opts) for r in range(len(prev) + 1) for opts in itertools.combinations(prev, r)}
    return tuple(sorted(out, key=str))


def runs(g: Form) -> set[int]:
    """How many moves Right can make in a Left dead end, by walking it."""
    if not g.right:
        return {0}
    return {n + 1 for o in g.right for n in runs(o)}


def canonical_set(day: int) -> list[Form]:
    return sorted({canonical_dead_end(g) for g in left_dead_ends(day)}, key=str)


def test_recognition_and_errors() -> None:
    assert all(g.is_left_dead_end() and E.contains(g) for g in left_dead_ends(3))
    assert waiting(-3).is_left_dead_end() and waiting(3).is_right_dead_end()
    with pytest.raises(InvalidArgument):
        race(star)
    with pytest.raises(InvalidArgument):
        factors(parse_form("{1|-1}"))
    with pytest.raises(WrongType):
        flex("-1")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        dead_end_ge(integer(1), integer(-1))


def test_comparison_agrees_with_the_universe_and_the_definition() -> None:
    """Dead ends compare the same in E as by their own rule; checked by outcomes against X."""
    forms = left_dead_ends(2) + tuple(random.Random(1).sample(left_dead_ends(3), 12))
    xs = list(E.born_by(2))
    for g, h in itertools.product(forms, repeat=2):
        ge = dead_end_ge(g, h)
        assert ge == E.ge(g, h), (g, h)
        assert dead_end_ge(-h, -g) == ge  # conjugation reverses the order
        by_definition = all(
            (sum_wins((g, x), True) or not sum_wins((h, x), True))
            and (sum_wins((h, x), False) or not sum_wins((g, x), False))
            for x in xs
        )
        if ge:
            assert by_definition, (g, h)


def test_canonical_forms() -> None:
    """The simplest form of a dead end is its simplest form modulo E, and keeps its runs."""
    for g in left_dead_ends(3):
        c = canonical_dead_end(g)
        assert c is E.simplest(g), g
        assert runs(c) == runs(g) and set(terminal_lengths(g)) == runs(g)
        assert canonical_dead_end(-g) is -c
        assert dead_end_ge(c, g) and dead_end_ge(g, c)
    # counts of Left dead ends born by day n (computed here by enumeration)
    assert [len(canonical_set(d)) for d in range(4)] == [1, 2, 4, 10]


def test_integers_of_misere_play() -> None:
    """Milley and Renault: modulo E the misère integers add like integers."""
    xs = list(E.born_by(2))
    for m, n in itertools.product(range(-4, 5), repeat=2):
        s = integer(m) + integer(n)
        assert E.equal(s, integer(m + n)) and E.simplest(s) is integer(m + n)
        if abs(m) + abs(n) <= 4:  # and by outcomes against every X born by day 2
            t = integer(m + n)
            assert all(
                sum_wins((s, x), first) == sum_wins((t, x), first)
                for x in xs
                for first in (True, False)
            )
        if m * n >= 0:  # same sign: the sum is the integer itself, as a dead end
            assert canonical_dead_end(s) is integer(m + n)
    for n in range(1, 5):
        assert E.is_invertible(integer(n)) and E.equal(integer(n) + integer(-n), zero)
        assert flex(integer(-n)) == 0 and race(integer(-n)) == n == integer(-n).birthday
        assert factorisations(integer(-n)) == [(integer(-1),) * n]


def test_examples_of_davies() -> None:
    """Examples from the documentation of gemau (Davies' crate), in our signs."""
    w2, w3 = waiting(-2), waiting(-3)
    assert w2 is parse_form("{|0, -1}") and waiting(-1) is integer(-1)
    assert terminal_lengths(w2 + w3) == (2, 3, 4, 5)
    assert race(w2 + w3) == 2 and flex(w2 + w3) == 4
    assert canonical_dead_end(w2 + w3).birthday == 5
    assert flex(zero) == 0 and flex(integer(-3)) == 0
    assert set(factors(integer(-3))) == {zero, integer(-1), integer(-2), integer(-3)}
    g = w2 + integer(-1)
    assert set(factors(g)) == {zero, integer(-1), w2, canonical_dead_end(g)}
    # {|0, -1, ...} with a dominated option: the waiting game dominates the integer
    k = Form([], [integer(-1), w2])
    assert canonical_dead_end(k).right == (w2,)
    assert is_atom(integer(-1)) and not is_atom(zero) and not is_atom(integer(-2))


def test_factors_against_every_pair() -> None:
    """Factors found by the option rule = every h with h + k == g for dead ends born by day 3."""
    cands = canonical_set(3)
    sums: dict[Form, set[Form]] = {}
    for h, k in itertools.product(cands, repeat=2):
        s = canonical_dead_end(h + k)
        sums.setdefault(s, set()).update((h, k))
    for g in canonical_set(3):
        assert set(factors(g)) == sums.get(g, set()) | {zero, g}, g
    for s, found in sums.items():
        assert found <= set(factors(s)), s


def test_factorisations() -> None:
    rnd = random.Random(3)
    cands = canonical_set(3)
    forms = cands + [canonical_dead_end(rnd.choice(cands) + rnd.choice(cands)) for _ in range(40)]
    for g in forms:
        fs = factorisations(g)
        assert fs and len(set(fs)) == len(fs)
        for f in fs:
            total = zero
            for a in f:
                assert is_atom(a), (g, a)
                total = total + a
            assert canonical_dead_end(total) is g
            if g is not zero:
                # Davies: a factorisation is no longer than the race (races add, atoms race >= 1)
                assert len(f) <= race(g)


def test_minus_one_is_prime() -> None:
    """Davies: if -1 divides g + h (Left dead ends) then it divides g or h."""
    cands = canonical_set(3)
    one = integer(-1)
    for g, h in itertools.product(cands, repeat=2):
        if one in factors(g + h):
            assert one in factors(g) or one in factors(h), (g, h)


def test_right_dead_ends_mirror_left_dead_ends() -> None:
    for g in canonical_set(3):
        assert canonical_dead_end(-g) is -g
        assert race(-g) == race(g) and flex(-g) == flex(g)
        assert factors(-g) == tuple(-f for f in factors(g))
        assert factorisations(-g) == [tuple(-a for a in f) for f in factorisations(g)]
