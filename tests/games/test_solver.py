"""The generic solver: both protocols, tables, negation flags, deep games."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

import cgt
from cgt.games.base import ImpartialPosition, Position, solver_for
from cgt.solver import Solver


class Heap(ImpartialPosition):
    def __init__(self, *sizes: int) -> None:
        self.sizes = sizes

    def options(self) -> list[Heap]:
        out = []
        for i, n in enumerate(self.sizes):
            for k in range(n):
                out.append(Heap(*self.sizes[:i], k, *self.sizes[i + 1 :]))
        return out

    def components(self) -> list[Heap]:
        return [Heap(n) for n in self.sizes if n]

    def key(self) -> Hashable:
        return self.sizes


class Pair(Position):
    """A Left stack of a and a Right stack of b: worth a - b."""

    def __init__(self, a: int, b: int) -> None:
        self.a, self.b = a, b

    def left_options(self) -> list[Pair]:
        return [Pair(self.a - 1, self.b)] if self.a else []

    def right_options(self) -> list[Pair]:
        return [Pair(self.a, self.b - 1)] if self.b else []

    def key(self) -> Hashable:
        return (self.a, self.b)


def test_object_protocol() -> None:
    s = Solver()
    assert s.grundy(Heap(3, 5, 6)) == 0
    assert s.grundy(Heap(3, 5)) == 6
    assert s.value(Pair(4, 1)) == 3
    assert s.info().values > 0 and s.info().grundy_values > 0
    s.clear()
    assert tuple(s.info()) == (0, 0, 0, 0)


def test_shared_solver_per_class() -> None:
    assert solver_for(Heap) is solver_for(Heap)
    assert Heap(2, 3).grundy() == 1
    assert Heap(2).value() == cgt.nimber(2)


class Swapper:
    """Keyed rules: a state is a tuple of signed ints; -n is the negative of n (n Left moves)."""

    def __init__(self) -> None:
        self.computed: list[Any] = []

    def split(self, state: tuple[int, ...]) -> list[tuple[int, bool]]:
        return [(abs(n), n < 0) for n in state if n]

    def options(self, key: int) -> tuple[list[Any], list[Any]]:
        self.computed.append(key)
        return [(key - 1,)], []


def test_negation_flags_share_entries() -> None:
    rules = Swapper()
    s = Solver()
    assert s.keyed_value(rules, (3, -2)) == 1
    assert s.keyed_value(rules, (-3,)) == -3
    assert rules.computed == [3, 2, 1]  # -2 and -3 reuse the entries of 2 and 3
    assert s.info().hits >= 2


class Chain:
    """A deep impartial chain: n -> n - 1 (grundy n % 2)."""

    def split(self, state: int) -> list[tuple[int, bool]]:
        return [(state, False)] if state else []

    def options(self, key: int) -> tuple[list[int], list[int]]:
        return [key - 1], [key - 1]

    def known_grundy(self, key: int) -> int | None:
        return None


def test_deep_keyed_games_do_not_crash() -> None:
    s = Solver()
    assert s.keyed_grundy(Chain(), 6000) == 0
    assert s.keyed_value(Chain(), 3001) == cgt.star


class Known:
    def split(self, state: int) -> list[tuple[int, bool]]:
        return [(state, False)]

    def options(self, key: int) -> tuple[list[int], list[int]]:
        raise AssertionError("known values need no search")

    def known_value(self, key: int) -> cgt.Game:
        return cgt.number(key)

    def known_grundy(self, key: int) -> int:
        return key


def test_known_values_skip_search() -> None:
    s = Solver()
    assert s.keyed_value(Known(), 5) == 5
    assert s.keyed_grundy(Known(), 5) == 5


class StateKeyed(Swapper):
    def state_key(self, state: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(state))


def test_state_table_is_bounded() -> None:
    s = Solver()
    s.max_states = 2
    rules = StateKeyed()
    for n in range(1, 6):
        assert s.keyed_value(rules, (n, 1)) == n + 1
    assert len(s.state_values) <= 2
    s.clear()
    assert not s.state_values


def test_one_solver_keeps_rulesets_with_equal_keys_apart() -> None:
    # Col and Snort positions on the same graph have equal keys, and so do a
    # Domineering and a Cram board: a solver used for both must not mix them.
    import networkx as nx

    from cgt.games import Col, Cram, Domineering, Snort

    s = Solver()
    for g in (nx.path_graph(3), nx.star_graph(3), nx.cycle_graph(5)):
        assert Col(g).key() == Snort(g).key()
        assert (s.value(Col(g)), s.value(Snort(g))) == (Col(g).value(), Snort(g).value())
    for board in ("...|...", "..|..|..", "...."):
        assert Domineering(board).key() == Cram(board).key()
        assert s.value(Domineering(board)) == Domineering(board).value()
        assert s.value(Cram(board)) == Cram(board).value()
        assert s.grundy(Cram(board)) == Cram(board).grundy()


def test_keyed_tables_serve_one_ruleset() -> None:
    from cgt.errors import RulesetMismatch
    from cgt.games.graphs import COL, SNORT

    s = Solver()
    path = COL.host((0b10, 0b101, 0b10))
    assert s.keyed_value(path, ((0b111, 0, 0),)) == cgt.zero  # Col on P_3
    with pytest.raises(RulesetMismatch, match="keyed values of Col, not of Snort"):
        s.keyed_value(SNORT.host((0b10, 0b101, 0b10)), ((0b111, 0, 0),))
    s.clear()
    assert s.keyed_value(SNORT.host((0b10, 0b101, 0b10)), ((0b111, 0, 0),)) == cgt.parse("+-2")
