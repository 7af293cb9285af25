"""Partizan misère quotients of misère 3 x n Hexapawn blocks, against the block model's search.

The reference is :func:`cgt.games.hexapawn.misere.sum_outcome` (its own search,
with the promotion rule, checked against the compiled Hexapawn search in
tests/games): Left moving first wins a sum iff White to move wins it, Right
moving first iff White wins the colour-swapped sum.
"""

from __future__ import annotations

import random

import pytest

from cgt.errors import TooLarge
from cgt.game import Outcome
from cgt.games.hexapawn.misere import block_quotient, colour_swap, sum_outcome

WORDS = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}


def reference(blocks: list[tuple[str, ...]]) -> str:
    lf = sum_outcome(blocks) is Outcome.N
    rf = sum_outcome([colour_swap(b) for b in blocks]) is Outcome.N
    return WORDS[(lf, rf)]


@pytest.mark.parametrize(
    ("block", "order"),
    [(("W.B",), 2), (("..B", "WB.", ".W."), 3), ((".BB", "W..", "WB."), 5)],
)
def test_finite_block_quotients_against_the_block_search(
    block: tuple[str, ...], order: int
) -> None:
    q = block_quotient([block])
    assert len(q) == order
    rnd = random.Random(order)
    comps = list(q.components)
    for _ in range(300):
        s = [rnd.choice(comps) for _ in range(rnd.randint(0, 6))]
        assert q.misere_outcome(s).value == reference(s), s


def test_order_three_with_promotions() -> None:
    # promotions are losing moves, not moves of a game form: order 3 occurs here,
    # which Rubinstein-Salzedo and Zhou rule out for ordinary partizan games
    q = block_quotient([("..B", "WB.", ".W.")])
    assert q.presentation() == "a^2=a, ab=b, b^2=b"
    assert q.outcome_partition() == {"L": ("b",), "R": (), "N": ("1",), "P": ("a",)}


@pytest.mark.slow
def test_the_start_block_of_two_columns_is_out_of_reach() -> None:
    with pytest.raises(TooLarge, match=r"at least [0-9]+ elements"):
        block_quotient([("W.B", "W.B")], max_search=100_000)
