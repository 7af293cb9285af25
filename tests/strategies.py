"""Hypothesis strategies that generate games (shared by the law tests)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

import cgt

# Birthday <= 1: 0, *, 1, -1.
day1 = st.sampled_from([cgt.zero, cgt.star, cgt.number(1), cgt.number(-1)])


def _level(children: st.SearchStrategy[cgt.Game]) -> st.SearchStrategy[cgt.Game]:
    options = st.lists(children, max_size=3)
    return st.one_of(children, st.builds(cgt.Game, options, options))


day2 = _level(day1)
day3 = _level(day2)
day4 = _level(day3)
"""Games of birthday at most 4 (generated as {L|R} from younger games)."""

small_games = day3
games = day4

dyadics = st.builds(lambda n, e: Fraction(n, 2**e), st.integers(-64, 64), st.integers(0, 6))
nim_values = st.integers(0, 64)
