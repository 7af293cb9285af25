"""One conformance suite: every ruleset through every implementation (issue 27).

A ruleset states its rules once, in Python; a fast path (compiled bit boards,
a compiled search, numpy arrays) is a declared alternative implementation of
the same rules (``fast_path`` in its :class:`~cgt.games.registry.RulesetInfo`),
chosen by one rule (:func:`cgt._engine.solver_kernel`) and switched off in a
thread by ``cgt.games.implementation("python")``.

For every registered ruleset that declares a fast path (read from the
registry, so a new ruleset is picked up without a line here), its samples,
positions reached from them by seeded random play, and seeded random boards
or graphs of its syntax are valued twice in this process, each time after
:func:`cgt.clear_caches`: once by the default choice and once inside
``implementation("python")``.  The two runs must give the identical
:class:`~cgt.Game` (``is``), and the same Grundy value and outcome where the
ruleset's kind has them.  Spies check that the default run really used the
fast path and the Python run never did, so the comparison is not Python
against Python.  Without the compiled kernels (``CGT_PURE_PYTHON=1`` or not
built) the comparison would be Python against Python: it skips, with the
reason.

Finally every ruleset's samples are valued with a spy on the rule: every class
the rule is asked about declares its fast path, so the declaration cannot
drift from the code.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import networkx as nx
import pytest

import cgt
from cgt import _engine
from cgt.errors import InvalidArgument
from cgt.game import Game
from cgt.games import heap, implementation
from cgt.games.hexapawn import _engine as hexapawn_engine
from cgt.games.registry import RulesetInfo, info, rulesets

SEED = 27
WALKS = 4  # random plays from each sample
STEPS = 4  # moves in each random play
RANDOM = 16  # random boards, graphs, heaps or sizes of the ruleset's kind

FAST = [r for r in rulesets() if r.fast_path is not None]


def _options(p: Any, kind: str) -> list[Any]:
    """The positions one move away (either player's for a partizan position)."""
    if kind == "partizan":
        return list(p.left_options()) + list(p.right_options())
    if kind == "impartial":
        return list(p.options())
    if hasattr(p, "moves"):
        return [p.play(m) for m in p.moves()]
    return []


def _random_text(r: RulesetInfo, rng: random.Random) -> str:
    """A board of up to 4 x 5 cells in the letters of the ruleset's example."""
    letters = sorted(set(r.example) - {"|"} | {"."})
    h, w = rng.randint(1, 4), rng.randint(1, 5)
    return "|".join("".join(rng.choice(letters) for _ in range(w)) for _ in range(h))


def _positions(r: RulesetInfo) -> list[Any]:
    """The samples, random play from them and random positions: fresh objects, same each call."""
    rng = random.Random(f"{SEED}:{r.name}")
    out = list(r.all_samples())
    for start in r.all_samples():
        for _ in range(WALKS):
            p = start
            for _ in range(STEPS):
                nexts = _options(p, r.kind)
                if not nexts:
                    break
                p = rng.choice(nexts)
                out.append(p)
    for _ in range(RANDOM):
        if r.syntax in ("GRID", "BOARD"):
            out.append(r.make(_random_text(r, rng)))
        elif r.syntax == "STRIP":  # a strip of up to 10 squares
            letters = sorted(set(r.example) | {"."})
            out.append(r.make("".join(rng.choice(letters) for _ in range(rng.randint(1, 10)))))
        elif r.syntax == "GRAPH":
            n = rng.randint(2, 10)
            out.append(r.cls(nx.gnp_random_graph(n, 0.4, seed=rng.randrange(1 << 30))))
        elif r.name == "Hexapawn":
            out.append(r.cls(rng.randint(2, 4), rng.randint(3, 4)))
        elif r.name == "HeapPosition":  # an octal game (finite codes take the heap kernel)
            code = "0." + "".join(str(rng.randint(0, 7)) for _ in range(rng.randint(1, 3)))
            heaps = [rng.randint(0, 60) for _ in range(rng.randint(1, 3))]
            out.append(heap.OctalGame(code)(*heaps))
    return out


def _worth(p: Any, kind: str) -> tuple[Any, ...]:
    """What the ruleset's kind says a position is worth."""
    if kind == "partizan":
        return p.value(), p.outcome()
    if kind == "impartial":
        return p.grundy(), p.value(), p.outcome()
    return (p.outcome(),)


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return len(a) == len(b) and all(
        x is y if isinstance(x, Game) else type(x) is type(y) and x == y
        for x, y in zip(a, b, strict=True)
    )


class _Spy:
    """Records each fast path handed out (or refused), wrapping the real choosers."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[tuple[type, bool]] = []  # (kind, compiled solver handed out)
        self.heap_kernel = 0
        self.hexapawn_compiled: list[bool] = []
        real_rule = _engine.solver_kernel
        real_heap = heap.OctalGame._extend_compiled
        real_engine_for = hexapawn_engine.engine_for

        def rule(kind: type, cells: int, *, stored: bool = False) -> Any:
            found = real_rule(kind, cells, stored=stored)
            self.asked.append((kind, found is not None))
            return found

        def heap_compiled(ruleset: Any, fast: Any, values: list[int], n: int) -> None:
            self.heap_kernel += 1
            real_heap(ruleset, fast, values, n)

        def engine_for(*args: Any) -> Any:
            found = real_engine_for(*args)
            self.hexapawn_compiled.append(found.compiled)
            return found

        monkeypatch.setattr(_engine, "solver_kernel", rule)
        monkeypatch.setattr(heap.OctalGame, "_extend_compiled", heap_compiled)
        monkeypatch.setattr(hexapawn_engine, "engine_for", engine_for)
        import cgt.games.hexapawn as hexapawn_package

        monkeypatch.setattr(hexapawn_package, "engine_for", engine_for)

    def fast_paths_used(self) -> int:
        return (
            sum(found for _, found in self.asked) + self.heap_kernel + sum(self.hexapawn_compiled)
        )

    def reset(self) -> None:
        self.asked.clear()
        self.heap_kernel = 0
        self.hexapawn_compiled.clear()


def _kernels_built() -> bool:
    return all(cgt.compiled().values())


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Spy]:
    yield _Spy(monkeypatch)
    cgt.clear_caches()


def _run(r: RulesetInfo, python: bool) -> list[tuple[Any, ...]]:
    cgt.clear_caches()
    with implementation("python" if python else "auto"):
        return [_worth(p, r.kind) for p in _positions(r)]


@pytest.mark.skipif(not _kernels_built(), reason="the compiled kernels are not built (pure mode)")
@pytest.mark.parametrize("r", FAST, ids=lambda r: r.name)
def test_every_implementation_gives_the_same_values(r: RulesetInfo, spy: _Spy) -> None:
    fast = _run(r, python=False)
    assert spy.fast_paths_used() > 0, f"{r.name}: the default run never took its fast path"
    spy.reset()
    reference = _run(r, python=True)
    assert spy.fast_paths_used() == 0, f"{r.name}: a fast path ran inside implementation('python')"
    assert len(fast) == len(reference) > len(r.all_samples())
    for p, a, b in zip(_positions(r), fast, reference, strict=True):
        assert _same(a, b), f"{r.name} {p!r}: fast path {a}, Python rules {b}"


def test_fast_rulesets_are_the_declared_ones() -> None:
    names = {r.name for r in FAST}
    assert {
        "Domineering",
        "Cram",
        "Clobber",
        "Konane",
        "Fission",
        "Amazons",
        "Col",
        "Snort",
        "ToadsAndFrogs",
        "ElephantsAndRhinos",
        "Push",
        "Shove",
    } <= names


def test_every_class_the_rule_is_asked_about_declares_its_fast_path(spy: _Spy) -> None:
    for r in rulesets():
        if r.kind not in ("partizan", "impartial"):
            continue
        cgt.clear_caches()
        for p in r.all_samples():
            _worth(p, r.kind)
    asked = {kind for kind, _ in spy.asked}
    assert asked, "no ruleset asked the rule"
    for kind in asked:
        assert info(kind).fast_path is not None, f"{kind.__name__} takes a fast path undeclared"


def test_the_switch_is_per_thread_and_nests() -> None:
    import threading

    seen: list[bool] = []
    with implementation("python"):
        assert _engine.python_only()
        worker = threading.Thread(target=lambda: seen.append(_engine.python_only()))
        worker.start()
        worker.join()
        with implementation("auto"):
            assert not _engine.python_only()
        assert _engine.python_only()
    assert seen == [False] and not _engine.python_only()
    with pytest.raises(InvalidArgument, match="implementation is one of"), implementation("fast"):
        pass  # pragma: no cover
    assert not _engine.python_only()


def test_the_rule_refuses_what_the_compiled_solvers_do_not_take() -> None:
    from cgt.games import Domineering

    rule: Callable[..., Any] = _engine.solver_kernel
    assert rule(Domineering, 65) is None
    assert rule(Domineering, 4, stored=True) is None
    with implementation("python"):
        assert rule(Domineering, 4) is None
    assert rule(Domineering, 64) is _engine.ENGINE
