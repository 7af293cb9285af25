"""The engine against the naive reference on every kind of generated form."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from tests.tools.tiers import examples

from . import reference as ref

_day1 = [ref.ZERO, ref.nimber(1), ref.integer(1), ref.integer(-1)]


def _random_form(rng: random.Random, depth: int) -> ref.Form:
    if depth == 0:
        return rng.choice(_day1)
    left = [_random_form(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    right = [_random_form(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    return ref.form(left, right)


@given(st.integers(0, 2**32), st.integers(1, 3))
@settings(max_examples=500, deadline=None)
def test_canonical_form_matches_reference(seed: int, depth: int) -> None:
    f = _random_form(random.Random(seed), depth)
    g = ref.to_game(f)
    assert ref.from_game(g) == ref.canonical(f)


@given(st.integers(0, 2**32))
@settings(max_examples=examples(300), deadline=None)
def test_sum_and_order_match_reference(seed: int) -> None:
    rng = random.Random(seed)
    f, h = _random_form(rng, rng.randint(1, 3)), _random_form(rng, rng.randint(1, 3))
    g, k = ref.to_game(f), ref.to_game(h)
    assert ref.from_game(g + k) == ref.canonical(ref.add(f, h))
    assert (g <= k) == ref.le(f, h)
    assert ref.from_game(-g) == ref.canonical(ref.neg(f))


def test_translation_by_numbers_is_canonical() -> None:
    """G + x = {G^L + x | G^R + x} for non-number G: checked against the reference."""
    rng = random.Random(7)
    for _ in range(200):
        f = _random_form(rng, 3)
        g = ref.to_game(f)
        for x in ("1/2", "-3", "7/8"):
            n = cgt.number(x)
            expected = ref.canonical(ref.add(ref.from_game(g), ref.from_game(n)))
            assert ref.from_game(g + n) == expected
