"""Partizan Euclid against game trees written here from the rule, CGSuite's published
values and the properties its tutorial states."""

from __future__ import annotations

import pickle
import random
from functools import cache

import pytest

import cgt
from cgt import Game
from cgt.errors import InvalidArgument, InvalidPosition
from cgt.games.partizan_euclid import PartizanEuclid
from cgt.games.registry import info


@cache
def tree(p: int, q: int) -> Game:
    if q == 0 or p % q == 0:
        return cgt.zero
    return Game([tree(q, p % q)], [tree(q, q - p % q)])


def test_brute_force() -> None:
    for p in range(0, 25):
        for q in range(0, 25):
            assert PartizanEuclid(p, q).value() == tree(p, q), (p, q)
    rng = random.Random(29)
    for _ in range(40):
        pairs = [(rng.randint(0, 30), rng.randint(0, 30)) for _ in range(rng.randint(1, 4))]
        expected = sum((tree(p, q) for p, q in pairs), cgt.zero)
        assert PartizanEuclid.of(pairs).value() == expected, pairs


def test_cgsuite_published_values() -> None:
    # CGSuite's test suite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala:
    # [game.heap.PartizanEuclid((8, n)).CanonicalForm for n from 0 to 8] and
    # PartizanEuclid((8, 8)).LeftOptions.Size == 0
    row = [cgt.parse(v) for v in ["0", "0", "0", "v", "0", "0", "^", "^5", "0"]]
    assert [PartizanEuclid(8, n).value() for n in range(9)] == row
    assert PartizanEuclid(8, 8).left_options() == []


def test_tutorial_properties() -> None:
    # CGSuite's tutorial "CGSuite in action": every position is all-small, and the columns
    # are periodic with period q
    for p in range(1, 30):
        for q in range(1, 16):
            v = PartizanEuclid(p, q).value()
            assert v.is_all_small, (p, q)
            assert PartizanEuclid(p + q, q).value() == v
    # ... positions (p, p + 1) have hot atomic weights from some p on (a few checked)
    weights = [PartizanEuclid(p, p + 1).value().atomic_weight() for p in range(1, 12)]
    assert all(not w.is_number for w in weights[6:]) and weights[6] == cgt.parse("{3|2}")


def test_text_moves_bad_input_and_pickling() -> None:
    g = info(PartizanEuclid).make("9,6 8,3")
    assert g == PartizanEuclid.of([(8, 3), (9, 6)])
    assert g.describe_move(g.right_options()[1]) == "component 1: (8, 3) to (3, 1)"
    assert pickle.loads(pickle.dumps(g)) == g
    assert PartizanEuclid.of([(4, 2), (3, 0)]).components() == []
    for bad in ("9;6", "9,x", "9"):
        with pytest.raises(InvalidArgument):
            info(PartizanEuclid).make(bad)
    for pair in ((1, -1), (True, 2), (1.0, 2)):
        with pytest.raises(InvalidPosition):
            PartizanEuclid(*pair)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        PartizanEuclid.of([(1, 2, 3)])  # type: ignore[list-item]
