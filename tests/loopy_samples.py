"""Random loopy game graphs shared by the loopy tests (seeded ``random.Random``)."""

from __future__ import annotations

import random

from cgt.loopy import GameGraph


def random_moves(rng: random.Random, n: int, p: float) -> tuple[list[list[int]], list[list[int]]]:
    """Left's and Right's move lists of ``n`` nodes, each move present with probability ``p``."""
    left = [[w for w in range(n) if rng.random() < p] for _ in range(n)]
    right = [[w for w in range(n) if rng.random() < p] for _ in range(n)]
    return left, right


def random_graph(rng: random.Random, nmax: int, p: float) -> GameGraph:
    """A graph of 1 to ``nmax`` nodes (start 0), each move present with probability ``p``."""
    return GameGraph.of(*random_moves(rng, rng.randint(1, nmax), p))
