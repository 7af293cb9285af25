"""The solver's one memo loop over value algebras, and the Persistence interface."""

from __future__ import annotations

import ast
import random
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.games import Clobber, ImpartialPosition, SubtractionGame
from cgt.impartial.nim import mex
from cgt.solver import Persistence, Solver

ROOT = Path(cgt.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top and inside functions."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def test_the_solver_never_imports_the_store() -> None:
    imported = _imported_modules(ROOT / "solver.py")
    assert not [m for m in imported if m.rsplit(".", 1)[-1] == "store" or ".store." in m]
    # the check itself finds an import inside a function
    text = "def f():\n    from . import store\n"
    tree = ast.parse(text)
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(tree))


class DictStore:
    """A Persistence in memory, written in the test (no SQLite, no cgt.store)."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, tuple[str, str]], Any] = {}
        self.flushes = 0

    def ruleset_name(self, ruleset: Any) -> str:
        return ruleset if isinstance(ruleset, str) else f"{ruleset.__module__}.{ruleset.__name__}"

    def row_key(self, key: Hashable) -> str | None:
        return repr(key)

    def read(self, row: tuple[str, str], kind: str) -> Any:
        return self.rows.get((kind, row))

    def write(self, row: tuple[str, str], kind: str, value: Any) -> None:
        self.rows[(kind, row)] = value

    def flush(self) -> None:
        self.flushes += 1


def test_any_persistence_serves_the_solver() -> None:
    store = DictStore()
    assert isinstance(store, Persistence)
    position = Clobber("xoxo|ox.x")
    first = Solver(store=store)
    value = first.value(position, progress=False)
    assert value == Solver().value(position, progress=False)
    assert store.flushes == 1 and any(kind == "value" for kind, _ in store.rows)
    again = Solver(store=store)
    assert again.value(position, progress=False) is value
    assert again.info().misses == 0 and again.store_hits >= 1


def test_grundy_values_go_to_the_grundy_rows() -> None:
    store = DictStore()
    game = SubtractionGame([1, 3, 4])
    Solver(store=store).grundy(game(30), progress=False)
    assert {kind for kind, _ in store.rows} == {"grundy"}
    again = Solver(store=store)
    assert again.grundy(game(30), progress=False) == Solver().grundy(game(30), progress=False)
    assert again.info().misses == 0


def test_a_store_that_is_not_one_is_refused() -> None:
    with pytest.raises(cgt.errors.WrongType, match="Store or a file path"):
        Solver(store=object())  # type: ignore[arg-type]


class Take(ImpartialPosition):
    """Sums of heaps where a move takes 1, 2 or 5 counters, or splits a heap in two."""

    def __init__(self, n: int) -> None:
        self.n = n

    def options(self) -> list[Any]:
        opts: list[Any] = [Take(self.n - k) for k in (1, 2, 5) if k <= self.n]
        return opts + [Pair(a, self.n - a) for a in range(1, self.n // 2 + 1)]

    def key(self) -> int:
        return self.n


class Pair(ImpartialPosition):
    def __init__(self, a: int, b: int) -> None:
        self.parts = (Take(a), Take(b))

    def components(self) -> tuple[Take, Take]:
        return self.parts

    def options(self) -> list[Any]:  # pragma: no cover - only components() is used
        raise AssertionError

    def key(self) -> tuple[int, int]:  # pragma: no cover
        return (self.parts[0].n, self.parts[1].n)


def _brute(n: int, memo: dict[int, int]) -> int:
    """Grundy values by the definition, without the solver."""
    if n not in memo:
        seen = {_brute(n - k, memo) for k in (1, 2, 5) if k <= n}
        seen |= {_brute(a, memo) ^ _brute(n - a, memo) for a in range(1, n // 2 + 1)}
        memo[n] = mex(seen)
    return memo[n]


def test_the_grundy_algebra_against_the_definition() -> None:
    memo: dict[int, int] = {}
    s = Solver()
    for n in range(40):
        assert s.grundy(Take(n), progress=False) == _brute(n, memo)


class KeyedTake:
    """``Take`` as keyed rules: a state is a tuple of heaps."""

    def split(self, state: tuple[int, ...]) -> list[tuple[int, bool]]:
        return [(n, False) for n in state if n]

    def options(self, key: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        opts: list[tuple[int, ...]] = [(key - k,) for k in (1, 2, 5) if k <= key]
        opts += [(a, key - a) for a in range(1, key // 2 + 1)]
        return opts, opts


def test_keyed_mex_loop_and_outcome_search_agree_with_the_definition() -> None:
    memo: dict[int, int] = {}
    rng = random.Random(4)
    mex_solver, outcome_solver = Solver(), Solver()
    mex_solver._keyed_mex = True
    for _ in range(60):
        state = tuple(rng.randrange(30) for _ in range(rng.randrange(1, 4)))
        expected = 0
        for n in state:
            expected ^= _brute(n, memo)
        assert mex_solver.keyed_grundy(KeyedTake(), state, progress=False) == expected
        assert outcome_solver.keyed_grundy(KeyedTake(), state, progress=False) == expected
    # both filled the one Grundy table of their solver
    assert mex_solver.info().grundy_values > 0 and outcome_solver.info().grundy_values > 0


def test_keyed_partizan_values_equal_the_position_protocol() -> None:
    """A Clobber row valued through keyed rules (written here) and through positions."""

    class Row:
        def split(self, state: str) -> list[tuple[str, bool]]:
            return [(part, False) for part in state.split(".") if "x" in part and "o" in part]

        def options(self, key: str) -> tuple[list[str], list[str]]:
            def moves(me: str, you: str) -> list[str]:
                out = []
                for i, c in enumerate(key):
                    if c != me:
                        continue
                    for j in (i - 1, i + 1):
                        if 0 <= j < len(key) and key[j] == you:
                            cells = list(key)
                            cells[i], cells[j] = ".", me
                            out.append("".join(cells))
                return out

            return moves("x", "o"), moves("o", "x")

    rng = random.Random(7)
    keyed = Solver()
    for _ in range(40):
        row = "".join(rng.choice("xo.") for _ in range(rng.randrange(1, 9)))
        assert keyed.keyed_value(Row(), row, progress=False) == Solver().value(
            Clobber(row), progress=False
        )
