"""cgt.impartial.grundy (through the generic solver), misère play, genus, periodicity."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import NotImpartial
from cgt.games import OctalGame, SubtractionGame, Wythoff
from cgt.games.base import ImpartialPosition, solver_for
from cgt.impartial import (
    Genus,
    Periodicity,
    find_periodicity,
    genus,
    grundy,
    mex,
    misere_grundy,
    misere_outcome,
    nim_sum,
    outcome,
)


class Chain(ImpartialPosition):
    """A path of n steps: from n you may go to n-1 or n-2 (a long game)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def options(self) -> list[Chain]:
        return [Chain(self.n - k) for k in (1, 2) if self.n >= k]

    def key(self) -> int:
        return self.n


class Pair(ImpartialPosition):
    """A sum of two positions of other rulesets, exposed as components."""

    def __init__(self, *parts: ImpartialPosition) -> None:
        self.parts = parts

    def components(self) -> tuple[ImpartialPosition, ...]:
        return self.parts


class DuckHeap:
    """Impartial by protocol only (no base class)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def options(self) -> list[DuckHeap]:
        return [DuckHeap(k) for k in range(self.n)]

    def components(self) -> tuple[DuckHeap]:
        return (self,)

    def key(self) -> int:
        return self.n


def test_grundy_delegates_to_the_shared_solver() -> None:
    solver = solver_for(Chain)
    solver.clear()
    assert grundy(Chain(10)) == 10 % 3
    assert solver.info().grundy_values == 11
    assert grundy(DuckHeap(6)) == 6
    assert outcome(Chain(9)) == "P"


@pytest.mark.slow
def test_no_recursion_error_on_long_games() -> None:
    assert grundy(Chain(30_000)) == 30_000 % 3


def test_grundy_rejects_non_impartial() -> None:
    with pytest.raises(NotImpartial, match="str is not an impartial position"):
        grundy("*3")


@settings(max_examples=200, deadline=None)
@given(
    st.sets(st.integers(1, 7), min_size=1, max_size=4),
    st.lists(st.integers(0, 40), min_size=1, max_size=5),
)
def test_grundy_of_a_sum_is_the_xor(subtraction: set[int], heaps: list[int]) -> None:
    game = SubtractionGame(subtraction)
    position = game(*heaps)
    assert grundy(position) == nim_sum(*(game.grundy(h) for h in heaps))
    # and the mex over the options of the whole sum agrees (the theorem itself)
    assert grundy(position) == mex(grundy(option) for option in position.options())


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=3))
def test_grundy_of_mixed_sum(queens: list[tuple[int, int]]) -> None:
    kayles = OctalGame("0.77")(5)
    mixed = Pair(Wythoff(queens), kayles)
    assert grundy(mixed) == grundy(Wythoff(queens)) ^ 4


# --- misère ---------------------------------------------------------------------------


@cache
def naive_misere(heaps: tuple[int, ...]) -> int:
    """Misère Grundy value of Nim by direct recursion over whole positions."""
    moves = [
        tuple(sorted(heaps[:i] + ((k,) if k else ()) + heaps[i + 1 :]))
        for i, h in enumerate(heaps)
        for k in range(h)
    ]
    if not moves:
        return 1
    return mex(naive_misere(m) for m in moves)


NIM = SubtractionGame(range(1, 16))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=4))
def test_misere_nim_against_bouton(heaps: list[int]) -> None:
    # Bouton: misère Nim is won by the player to move iff (some heap >= 2 and the
    # nim-sum is non-zero) or (all heaps <= 1 and the nim-sum is zero)
    position = NIM(*heaps)
    x = nim_sum(*heaps)
    first_wins = x != 0 if any(h >= 2 for h in heaps) else x == 0
    assert misere_outcome(position) == ("N" if first_wins else "P")
    assert misere_grundy(position) == naive_misere(tuple(sorted(h for h in heaps if h)))


def test_misere_kayles_against_naive() -> None:
    kayles = OctalGame("0.77")

    @cache
    def naive(heaps: tuple[int, ...]) -> int:
        moves = set()
        for i, h in enumerate(heaps):
            for left in kayles.options(h):
                moves.add(tuple(sorted(heaps[:i] + tuple(x for x in left if x) + heaps[i + 1 :])))
        return 1 if not moves else mex(naive(m) for m in moves)

    for n in range(12):
        assert misere_grundy(kayles(n)) == naive((n,) if n else ())
    for a in range(6):
        for b in range(6):
            ab = tuple(sorted(x for x in (a, b) if x))
            assert misere_grundy(kayles(a, b)) == naive(ab)


def test_genus_of_nim_heaps_and_sums() -> None:
    # Winning Ways ch. 13: 0^120, 1^031, and g^(g, g xor 2) for heaps g >= 2
    assert str(genus(NIM(0))) == "0^120"
    assert str(genus(NIM(1))) == "1^031"
    for g in range(2, 8):
        assert str(genus(NIM(g))) == f"{g}^{g}{g ^ 2}"
        assert genus(NIM(g)).is_tame
    assert str(genus(NIM(2, 2))) == "0^02"
    assert str(genus(NIM(1, 1))) == "0^120"
    assert Genus(12, (12, 14)).__str__() == "12^12,14"


def test_misere_rejects_non_impartial() -> None:
    with pytest.raises(NotImpartial):
        misere_grundy(3)


# --- periodicity ------------------------------------------------------------------------


def test_find_periodicity_minimal_and_unproven() -> None:
    seq = [7, 7, 7] + [1, 2, 3] * 10
    found = find_periodicity(seq, lambda pre, p: pre + 3)
    assert found == Periodicity(3, 3)
    assert found is not None and found.value(10**20) == [1, 2, 3][(10**20 - 3) % 3]
    # a prefix too short for the window proves nothing
    assert find_periodicity([1, 2, 3, 1, 2], lambda pre, p: pre + 3) is None
    # tuple-like unpacking and equality ignore the certificate fields
    pre, per = found
    assert (pre, per) == (3, 3)
    assert "checked for 3 <= n <" in found.certificate


def _find_periodicity_each_p(
    seq: list[int], window: Callable[[int, int], int], max_period: int | None
) -> tuple[int, int] | None:
    """The definition read literally: every p in turn, every disagreement looked for."""
    limit = len(seq) if max_period is None else min(len(seq), max_period + 1)
    for p in range(1, limit):
        if window(0, p) + p > len(seq):
            break
        pre = max((n + 1 for n in range(len(seq) - p) if seq[n] != seq[n + p]), default=0)
        if window(pre, p) + p <= len(seq):
            return pre, p
    return None


def test_find_periodicity_equals_the_definition() -> None:
    # find_periodicity bisects for the last period whose window fits and skips the
    # scan when the last values disagree: the same answers as trying every p
    rng = random.Random(33)
    windows: list[Callable[[int, int], int]] = [
        lambda pre, p: pre + 1,
        lambda pre, p: 2 * max(pre, 1) + p + 2,
        lambda pre, p: 3 * pre + 2 * p,
        lambda pre, p: pre,
    ]
    found = 0
    for _ in range(400):
        period = rng.randrange(1, 8)
        cycle = [rng.randrange(3) for _ in range(period)]
        head = [rng.randrange(3) for _ in range(rng.randrange(6))]
        seq = head + cycle * rng.randrange(1, 12)
        if rng.random() < 0.3:
            seq[rng.randrange(len(seq))] = 9  # a late break, sometimes
        window = rng.choice(windows)
        max_period = rng.choice([None, 0, 1, 3, 50])
        got = find_periodicity(seq, window, max_period=max_period)
        want = _find_periodicity_each_p(seq, window, max_period)
        assert (None if got is None else (got.preperiod, got.period)) == want
        found += want is not None
    assert 50 < found < 400


def test_find_periodicity_never_claims_beyond_the_prefix() -> None:
    # periodic-looking for a long time, then broken: the break must be found
    seq = [0, 1] * 50 + [5]
    assert find_periodicity(seq, lambda pre, p: pre + 1) is None
