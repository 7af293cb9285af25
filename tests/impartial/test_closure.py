"""The closed family shared by both misère quotients (``cgt.impartial.closure``).

Random labelled families (one side of moves, as impartial quotients read
them, and two sides with losing moves, as partizan ones do) are collected by
:class:`Closure` and compared with what this file computes on its own: the
labels reachable from the given ones (a plain graph search), each
component's moves translated to component numbers, and whether a cycle is
reachable.  The numbering must put every option's components first.
"""

from __future__ import annotations

import pickle
import random
import sys
from collections.abc import Hashable
from typing import Any

import pytest

from cgt.errors import InvalidPosition, LoopyPosition, TooLarge, WrongType
from cgt.impartial.closure import Closure, mask_multiplier, path_to
from cgt.misere import LOSING_MOVE, partizan_quotient_of


class TwoSided(Closure):
    """The partizan flavour, as ``cgt.misere.quotient`` sets it."""

    SIDES = ("left_options", "right_options")
    FIRST = 0
    KEEP_TERMINAL = False
    DISTINCT = True
    LOSING_MOVE = LOSING_MOVE


def random_family(rng: random.Random, size: int, sides: int, loops: bool) -> dict[int, Any]:
    """Labels ``0 .. size-1``; a move of ``k`` leaves a sum of smaller labels (any, with loops)."""
    family: dict[int, Any] = {}
    for k in range(size):
        per_side = []
        for _ in range(sides):
            moves: list[Any] = []
            for _ in range(rng.randrange(4) if k else 0):
                top = size if loops else k
                moves.append(tuple(rng.randrange(top) for _ in range(rng.randrange(3))))
            if moves:
                moves.append(moves[0])  # a repeated move: kept by one flavour, not the other
            if sides == 2 and rng.random() < 0.1:
                moves.append(LOSING_MOVE)
            per_side.append(moves)
        family[k] = per_side[0] if sides == 1 else tuple(per_side)
    return family


def reachable(family: dict[int, Any], start: list[int], sides: int) -> set[int]:
    seen, todo = set(start), list(start)
    while todo:
        k = todo.pop()
        for side in [family[k]] if sides == 1 else family[k]:
            for move in side:
                if move is LOSING_MOVE:
                    continue
                for label in move:
                    if label not in seen:
                        seen.add(label)
                        todo.append(label)
    return seen


def has_cycle(family: dict[int, Any], start: list[int], sides: int) -> bool:
    nodes = reachable(family, start, sides)
    succ = {
        k: {
            label
            for side in ([family[k]] if sides == 1 else family[k])
            for move in side
            if move is not LOSING_MOVE
            for label in move
        }
        for k in nodes
    }
    colour: dict[int, int] = {}

    def visit(k: int) -> bool:  # the families here are small: recursion is fine
        colour[k] = 1
        for j in succ[k]:
            if colour.get(j) == 1 or (j not in colour and visit(j)):
                return True
        colour[k] = 2
        return False

    return any(k not in colour and visit(k) for k in nodes)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("sides", [1, 2])
def test_random_families_are_numbered_with_options_first(seed: int, sides: int) -> None:
    rng = random.Random(seed)
    family = random_family(rng, rng.randrange(1, 25), sides, loops=False)
    start = rng.sample(sorted(family), rng.randrange(1, min(4, len(family)) + 1))
    closure = (
        Closure(family.__getitem__, 1000) if sides == 1 else TwoSided(family.__getitem__, 1000)
    )
    for label in start:
        closure.add(label)

    def moves_of(k: int) -> list[list[Any]]:
        return [family[k]] if sides == 1 else list(family[k])

    def dead(k: int) -> bool:
        return all(not side for side in moves_of(k))

    expected = reachable(family, start, sides)
    if sides == 2:  # the partizan flavour leaves out the components with no move at all
        expected = {k for k in expected if not dead(k)}
    assert set(closure.members) == expected
    assert sorted(closure.number.values()) == list(
        range(closure.FIRST, closure.FIRST + len(expected))
    )
    for label in expected:
        k = closure.number[label]
        assert closure.members[k - closure.FIRST] == label
        for s, side in enumerate(moves_of(label)):
            want = [
                tuple(sorted(closure.number[x] for x in move if not (sides == 2 and dead(x))))
                for move in side
                if move is not LOSING_MOVE
            ]
            if closure.DISTINCT:
                want = sorted(set(want))
            assert closure.moves[s][k] == want
            assert closure.loses[s][k] == any(m is LOSING_MOVE for m in side)
            assert all(x < k for move in want for x in move)  # options come first


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("sides", [1, 2])
def test_a_reachable_cycle_raises_loopy_position(seed: int, sides: int) -> None:
    rng = random.Random(1000 + seed)
    family = random_family(rng, rng.randrange(2, 12), sides, loops=True)
    start = [rng.randrange(len(family))]
    closure = (
        Closure(family.__getitem__, 1000) if sides == 1 else TwoSided(family.__getitem__, 1000)
    )
    if has_cycle(family, start, sides):
        with pytest.raises(LoopyPosition) as info:
            closure.add(start[0])
        assert pickle.loads(pickle.dumps(info.value)).args == info.value.args
    else:
        closure.add(start[0])


def test_a_deep_family_needs_no_deep_recursion() -> None:
    depth = sys.getrecursionlimit() * 3
    moves = {k: [(k - 1,)] if k else [] for k in range(depth)}
    closure = Closure(moves.__getitem__, depth)
    assert closure.add(depth - 1) == depth
    assert closure.moves[0][depth] == [(depth - 1,)]


def test_bad_families_and_sums_raise_cgt_errors() -> None:
    with pytest.raises(TooLarge):
        Closure({0: [], 1: [(0,)], 2: [(1,)]}.__getitem__, 2).add(2)
    with pytest.raises(WrongType):
        Closure(lambda s: [3], 10).add("x")
    with pytest.raises(WrongType):
        TwoSided(lambda s: ([], 3), 10).add("x")
    with pytest.raises(WrongType):
        TwoSided(lambda s: [()], 10).add("x")
    with pytest.raises(WrongType):
        Closure(None, 10).add(3)  # not a position
    with pytest.raises(WrongType):
        Closure(lambda s: [], 10).add([1])  # a label must hash
    closure = Closure({"x": [()]}.__getitem__, 10)
    closure.add("x")
    with pytest.raises(InvalidPosition):
        closure.number_of("y")
    with pytest.raises(WrongType):
        closure.sum_items(5, "give a list, not a {}")


def test_the_partizan_quotient_reads_the_same_closure() -> None:
    """``partizan_quotient_of`` numbers forms as :class:`TwoSided` numbers them as labels."""
    from cgt.misere import parse_form

    g = parse_form("{0, *|{0|*}}")
    q = partizan_quotient_of([g])
    closure = TwoSided(lambda f: ([(o,) for o in f.left], [(o,) for o in f.right]), 100)
    closure.add(g)
    assert q.components == tuple(closure.members)
    assert parse_form("0") not in closure.number  # the empty sum, left out


def test_mask_multiplier_and_path_to_against_direct_computation() -> None:
    rng = random.Random(7)
    size = 9
    table = [[(x * y) % size for y in range(size)] for x in range(size)]  # not a monoid: fine
    times = mask_multiplier(table)
    for _ in range(200):
        mask, w = rng.randrange(1 << size), rng.randrange(size)
        direct = {table[x][w] for x in range(size) if mask >> x & 1}
        assert times(mask, w) == sum(1 << y for y in direct)
    parent: dict[Hashable, tuple[Hashable, int] | None] = {"start": None}
    added: list[int] = []
    state: Hashable = "start"
    for step in range(20):
        component = rng.randrange(5)
        parent[step] = (state, component)
        added.append(component)
        state = step
    assert path_to(parent, state) == tuple(sorted(added))
    assert path_to(parent, "start") == ()
