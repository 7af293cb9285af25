"""Differential tests against the peer library cgt-py (skipped when absent).

Games are generated at random, handed to both libraries as CGSuite strings,
and compared by value: cgt-py's printed canonical form is parsed back here.
"""

from __future__ import annotations

import random

import pytest

import cgt

cp = pytest.importorskip("cgt_py")

POOL = ["0", "*", "1", "-1", "1/2", "-1/2", "^", "v", "*2", "{1|-1}", "{0|1}", "2", "^*"]
N_GAMES = 2200


def _peer(text: str) -> str:
    return repr(cp.CanonicalForm(text))[len("CanonicalForm('") : -2]


def _random_game(rng: random.Random, depth: int) -> str:
    if depth == 0:
        return rng.choice(POOL)
    left = [_random_game(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    right = [_random_game(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def test_canonical_forms_sums_and_order_agree() -> None:
    rng = random.Random(2026)
    for _ in range(N_GAMES):
        a = _random_game(rng, rng.randint(1, 3))
        b = _random_game(rng, rng.randint(1, 3))
        ga, gb = cgt.parse(a), cgt.parse(b)
        ca, cb = cp.CanonicalForm(a), cp.CanonicalForm(b)
        assert cgt.parse(_peer(a)) is ga, a
        assert cgt.parse(repr(ca + cb)[len("CanonicalForm('") : -2]) is ga + gb, (a, b)
        assert cgt.parse(repr(ca - cb)[len("CanonicalForm('") : -2]) is ga - gb, (a, b)
        assert (ga <= gb) == (ca <= cb), (a, b)
        assert (ga == gb) == (ca == cb), (a, b)
        assert ga.birthday() == ca.birthday, a


def test_switch_sums_agree() -> None:
    ours, theirs = cgt.zero, cp.CanonicalForm(0)
    for k in range(1, 9):
        ours += cgt.parse(f"{{{k}|-{k}}}")
        theirs = theirs + cp.CanonicalForm(f"{{{k}|-{k}}}")
        assert cgt.parse(repr(theirs)[len("CanonicalForm('") : -2]) is ours
    ours, theirs = cgt.zero, cp.CanonicalForm(0)
    for k in range(1, 6):
        ours += cgt.parse(f"{{{k}||{k - 1}|0}}")
        theirs = theirs + cp.CanonicalForm(f"{{{k}|{{{k - 1}|0}}}}")
        assert cgt.parse(repr(theirs)[len("CanonicalForm('") : -2]) is ours
