"""The compiled engine (cgt/_c/canonical.c) against the pure-Python engine.

Each test computes with both engines in one process: the kernel's functions
(``cgt.canonical.le``, ``add``, ``canonical_form`` when it is built) and the
Python ones (``_py_le``, ``_py_add``, ``_py_canonical_form``) run with the
module's names switched back to Python, so that their recursion is pure
Python too.  Games are interned, so "the same result" means the same object.
"""

from __future__ import annotations

import functools
import gc
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import canonical
from cgt.dyadic import Dyadic
from cgt.errors import WrongType
from cgt.kernels import kernel
from tests.tools.tiers import examples

from .strategies import day3, games

pytestmark = pytest.mark.skipif(
    kernel("canonical") is None, reason="the canonical kernel is not built (or CGT_PURE_PYTHON=1)"
)

T = TypeVar("T")

C_LE, C_ADD, C_CANONICAL = canonical.le, canonical.add, canonical.canonical_form


@contextmanager
def python_engine() -> Iterator[None]:
    """Run the module's Python functions, recursing into Python only."""
    saved = canonical.le, canonical.add, canonical.canonical_form
    canonical.le, canonical.add, canonical.canonical_form = (  # type: ignore[assignment]
        canonical._py_le,
        canonical._py_add,
        canonical._py_canonical_form,
    )
    try:
        yield
    finally:
        canonical.le, canonical.add, canonical.canonical_form = saved  # type: ignore[assignment]


def both(fn: Callable[[], T], clear: bool = True) -> tuple[T, T]:
    """(kernel result, Python result), each computed from empty caches."""
    if clear:
        cgt.clear_caches()
    c = fn()
    if clear:
        cgt.clear_caches()
    with python_engine():
        p = fn()
    return c, p


def test_kernel_is_bound() -> None:
    assert cgt.compiled()["canonical"]
    assert C_LE is not canonical._py_le and type(C_LE).__name__ == "builtin_function_or_method"
    assert C_LE.__module__ == "cgt.canonical" and C_LE.__doc__ and ">>> " in C_LE.__doc__
    # modules that imported the names get the compiled functions
    from cgt import solver

    assert solver._add is C_ADD  # type: ignore[attr-defined]
    assert solver._canonical_form is C_CANONICAL  # type: ignore[attr-defined]


# --- random games ---------------------------------------------------------------
big_numbers = st.builds(
    lambda n, e: cgt.number(Dyadic(n, 2**e)),
    st.one_of(st.integers(-(10**30), 10**30), st.integers(-(2**70), 2**70)),
    st.one_of(st.integers(0, 4), st.integers(0, 200)),
)
nus_values = st.builds(
    lambda x, k, m: canonical.make_nus(x.to_dyadic(), k, m),
    st.one_of(big_numbers, st.sampled_from([cgt.zero, cgt.number(1), cgt.number("-1/2")])),
    st.one_of(st.integers(-4, 4), st.integers(-(2**80), 2**80)),
    st.one_of(st.integers(0, 4), st.integers(0, 2**70)),
)
translated = st.builds(cgt.Game.__add__, games, big_numbers)
any_game = st.one_of(games, big_numbers, nus_values, translated)
small_nus = st.builds(
    lambda x, k, m: canonical.make_nus(x.to_dyadic(), k, m),
    st.one_of(big_numbers, st.sampled_from([cgt.zero, cgt.number(1), cgt.number("-1/2")])),
    st.integers(-4, 4),
    st.integers(0, 4),
)
# Sums of a general game with x + k.up unfold k links: keep k small there.
summands = st.one_of(games, big_numbers, small_nus, translated)


@settings(max_examples=examples(600), deadline=None)
@given(any_game, any_game)
def test_le_agrees(g: cgt.Game, h: cgt.Game) -> None:
    try:
        c, p = both(lambda: (C_LE(g, h), C_LE(h, g)))
    except cgt.errors.TooLarge:  # x + *m with a huge m has too many options to list
        return
    assert c == (canonical._py_le(g, h), canonical._py_le(h, g))
    assert c == p


@settings(max_examples=examples(400), deadline=None)
@given(summands, summands)
def test_add_agrees(g: cgt.Game, h: cgt.Game) -> None:
    try:
        c, p = both(lambda: C_ADD(g, h))
        with python_engine():
            p = canonical.add(g, h)
    except cgt.errors.TooLarge:
        return
    assert c is p
    # a law, independent of both engines: (g + h) - h is g
    assert C_ADD(c, canonical.negate(h)) is g


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(day3, max_size=5), st.lists(day3, max_size=5))
def test_canonical_form_agrees(left: list[cgt.Game], right: list[cgt.Game]) -> None:
    c, p = both(lambda: C_CANONICAL(left, right))
    assert c is p
    # independent of the kernel: the value equals the raw form {left|right}
    with python_engine():
        assert canonical._raw_le(left, right, c, {}) and canonical._raw_ge(left, right, c, {})


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(games, min_size=1, max_size=4), st.lists(games, min_size=1, max_size=4))
def test_sums_of_many_agree(a: list[cgt.Game], b: list[cgt.Game]) -> None:
    def total(parts: list[cgt.Game]) -> cgt.Game:
        s = cgt.zero
        for part in parts:
            s = canonical.add(s, part)
        return s

    c, p = both(lambda: canonical.canonical_form([total(a)], [total(b)]))
    assert c is p


def test_thousands_of_random_sums_and_comparisons() -> None:
    rng = random.Random(17)
    pool = [cgt.zero, cgt.star, cgt.up, cgt.number(1), cgt.number(-1), cgt.number("1/2")]
    for _ in range(300):
        left = rng.sample(pool, rng.randint(0, 3))
        right = rng.sample(pool, rng.randint(0, 3))
        c, p = both(functools.partial(C_CANONICAL, left, right), clear=False)
        assert c is p
        if c not in pool and len(pool) < 120:
            pool.append(c)
    pairs = [(rng.choice(pool), rng.choice(pool)) for _ in range(3000)]
    c_res, p_res = both(lambda: [(C_LE(g, h), C_ADD(g, h)) for g, h in pairs])
    assert len(c_res) == len(p_res)
    for (cl, cs), (pl, ps) in zip(c_res, p_res, strict=True):
        assert cl == pl and cs is ps


def test_numbers_with_huge_numerators() -> None:
    x = cgt.number(Dyadic(3**80 + 1, 2**90))
    y = cgt.number(Dyadic(3**80 - 1, 2**90))
    g = cgt.parse("{1|-1}")
    for a, b in [(x, y), (y, x), (x, g), (g, x), (C_ADD(g, x), C_ADD(g, y))]:
        assert C_LE(a, b) == canonical._py_le(a, b)
    assert C_LE(y, x) and not C_LE(x, y)
    s = C_ADD(g, x)
    assert s.left_options == (C_ADD(cgt.number(1), x),)
    # translation preserves order (y < x), and the stops differ by x - y > 0
    assert C_LE(C_ADD(g, y), s) is True and C_LE(s, C_ADD(g, y)) is False


def test_inverse_shortcut_flag_is_read_each_call() -> None:
    g = cgt.parse("{3||2|1}")
    ng = canonical.negate(g)
    try:
        canonical.INVERSE_SHORTCUT = False
        cgt.clear_caches()
        assert C_ADD(g, ng) is cgt.zero
        assert cgt.cache_info()["sum"] > 0  # the sum was expanded
    finally:
        canonical.INVERSE_SHORTCUT = True
    cgt.clear_caches()
    assert C_ADD(g, ng) is cgt.zero
    assert cgt.cache_info()["sum"] == 0  # not expanded


def test_caches_count_clear_and_stay_bounded() -> None:
    cgt.clear_caches()
    assert cgt.cache_info()["sum"] == 0 and cgt.cache_info()["compare"] == 0
    g = cgt.parse("{3||2|1}") + cgt.parse("{2|{1|-1}}")
    assert cgt.cache_info()["sum"] > 0 and cgt.cache_info()["compare"] > 0
    cgt.clear_caches()
    assert cgt.cache_info()["sum"] == 0 and cgt.cache_info()["compare"] == 0
    old = cgt.cache_limit()
    try:
        cgt.set_cache_limit(16)
        import networkx as nx

        from cgt.games import Snort

        value = Snort(nx.path_graph(8)).value()
        info = cgt.cache_info()
        assert info["sum"] <= 16 and info["compare"] <= 16
    finally:
        cgt.set_cache_limit(old)
    cgt.clear_caches()
    assert Snort(nx.path_graph(8)).value() is value
    assert g is cgt.parse(str(g))


def test_bad_input_raises_cgt_errors() -> None:
    with pytest.raises(WrongType, match=r"le takes cgt\.Game values, not int"):
        C_LE(1, cgt.zero)  # type: ignore[arg-type]
    with pytest.raises(WrongType, match=r"add takes cgt\.Game values, not str"):
        C_ADD(cgt.zero, "*")  # type: ignore[arg-type]
    with pytest.raises(WrongType, match=r"canonical_form takes cgt\.Game values, not int"):
        C_CANONICAL([cgt.zero, 1], [])  # type: ignore[list-item]
    with pytest.raises(WrongType, match="iterables of games, not int"):
        C_CANONICAL(3, [])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        C_LE(cgt.zero)  # type: ignore[call-arg]


def _outcome(fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except cgt.errors.TooLarge as e:
        return str(e)


def test_huge_nimber_options_behave_as_in_python() -> None:
    big = canonical.make_nus(Dyadic(0), 0, 2**30)
    g = cgt.parse("{1|-1}")
    for fn in (
        lambda: canonical.canonical_form([big], [g]),
        lambda: canonical.canonical_form([g], [big, cgt.zero]),
        lambda: canonical.add(g, big),
        lambda: canonical.le(g, big),
    ):
        c, p = both(functools.partial(_outcome, fn))
        assert c == p
    assert C_LE(big, big) and not C_LE(big, cgt.zero)
    assert C_ADD(big, big) is cgt.zero


def _nested(depth: int) -> cgt.Game:
    g = cgt.zero
    for n in range(1, depth + 1):
        g = canonical.canonical_form([cgt.number(n)], [g])  # {n | {n-1 | ...}}
    return g


def test_deep_games_raise_recursion_error_not_crash() -> None:
    """Straight into the kernel (no cgt._deep guard): a RecursionError, like Python's."""
    limit = sys.getrecursionlimit()
    g = _nested(3 * limit)
    with pytest.raises(RecursionError):
        C_ADD(g, cgt.star)
    # through the operators (guarded): computed on a big stack
    h = g + cgt.star
    assert h - cgt.star is g
    assert sys.getrecursionlimit() == limit


@pytest.mark.slow
def test_high_recursion_limit_on_a_small_stack_does_not_crash() -> None:
    """A recursion limit far beyond the C stack: the stack check raises first."""
    import threading

    out: list[Any] = []

    def run() -> None:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(10**6)
        try:
            deep = _nested_c(60000)
            out.append(C_ADD(deep, cgt.star))
        except RecursionError as e:
            out.append(e)
        finally:
            sys.setrecursionlimit(old)

    old_size = threading.stack_size()
    threading.stack_size(1 << 21)  # 2 MiB
    try:
        t = threading.Thread(target=run)
        t.start()
        t.join()
    finally:
        threading.stack_size(old_size)
    assert len(out) == 1 and isinstance(out[0], RecursionError)


def _nested_c(depth: int) -> cgt.Game:
    g = cgt.zero
    for n in range(1, depth + 1):
        g = canonical._intern_general((cgt.number(n),), (g,))
    return g


@pytest.mark.slow
def test_references_are_released() -> None:
    """Memory is flat: repeated operations after clear_caches leak no references."""
    g = cgt.parse("{3||2|1}")
    h = cgt.parse("{2|{1|-1}}")
    cgt.clear_caches()
    gc.collect()
    before = sys.getrefcount(g), sys.getrefcount(h), sys.getrefcount(cgt.zero)
    for _ in range(3):
        for _ in range(2000):
            C_ADD(g, h)
            C_LE(g, h)
            C_CANONICAL([g, h], [cgt.zero])
        cgt.clear_caches()
    gc.collect()
    assert (sys.getrefcount(g), sys.getrefcount(h), sys.getrefcount(cgt.zero)) == before


def test_fractions_and_games_mix() -> None:
    g = cgt.Game([Fraction(1, 2)], [cgt.star])
    assert g is C_CANONICAL([cgt.number("1/2")], [cgt.star])
    c, p = both(lambda: C_ADD(g, g))
    assert c is p


def test_nus_comparisons_at_the_edges_of_machine_words() -> None:
    """Up-multiples whose difference overflows 64 bits, or is 1 between huge values."""
    zero = Dyadic(0)
    ks = [0, 1, 2, -1, 2**62, -(2**62), 2**63 - 1, -(2**63), 2**63, 2**70, 2**70 + 1, -(2**70)]
    values = [canonical.make_nus(zero, k, m) for k in ks for m in (0, 1, 2**64 + 1)]
    values += [canonical.make_nus(Dyadic(2**65 + 1, 2**70), 2**70, 1), cgt.number(2**64)]
    for g in values:
        for h in values:
            assert C_LE(g, h) == canonical._py_le(g, h), (g.nus(), h.nus())
    # x + k.up + *m >= 0 by the closed form, checked against the rule itself
    assert C_LE(canonical.make_nus(zero, 2**70, 0), canonical.make_nus(zero, 2**70 + 1, 1)) is False
    assert C_LE(canonical.make_nus(zero, 2**70, 0), canonical.make_nus(zero, 2**70 + 2, 1))
    assert C_LE(canonical.make_nus(zero, -(2**63), 0), canonical.make_nus(zero, 2**62, 0))


# --- one engine: the node engine answers, Python when it cannot ------------------------
@contextmanager
def counting_python_path() -> Iterator[list[str]]:
    """Count the questions the kernel hands back to the Python functions (it looks
    them up in cgt.canonical at each hand-over)."""
    calls: list[str] = []
    saved = canonical._py_le, canonical._py_add, canonical._py_canonical_form

    def counted(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            calls.append(name)
            return fn(*args)

        return call

    canonical._py_le = counted("le", saved[0])  # type: ignore[assignment]
    canonical._py_add = counted("add", saved[1])  # type: ignore[assignment]
    canonical._py_canonical_form = counted("canonical_form", saved[2])  # type: ignore[assignment]
    try:
        yield calls
    finally:
        canonical._py_le, canonical._py_add, canonical._py_canonical_form = saved  # type: ignore[assignment]


def test_a_re_entrant_call_is_answered_by_python() -> None:
    """Python code that runs inside an engine call (here a garbage-collector callback,
    while the engine makes the games of a result) and computes with games gets its
    answers from the Python path, and they are right."""
    g, h = cgt.parse("{3||2|1}"), cgt.parse("{2|{1|-1}}")
    expected = C_ADD(g, h), C_LE(g, h)
    inner: list[Any] = []
    busy: list[bool] = []

    def during_gc(phase: str, info: dict[str, int]) -> None:
        # (not while a game is being interned: the intern lock is not re-entrant, in
        # pure Python as well, so such a callback would wait for itself)
        if phase == "start" and not canonical._intern_lock.locked() and not busy:
            busy.append(True)
            try:
                inner.append((C_ADD(g, h), C_LE(g, h)))
            finally:
                busy.pop()

    old = gc.get_threshold()
    # games no other test makes: the engine must build the sums' games here, not find
    # them still interned from an earlier test (tests/test_budget.py parses this family
    # with integers, and a run that put it first saw no callback inside the engine)
    work = [cgt.parse(f"{{{k}/4096|{{{k - 1}/4096|-{k}/4096}}}}") for k in range(1, 6)]
    cgt.clear_caches()
    with counting_python_path() as calls:
        gc.callbacks.append(during_gc)
        gc.set_threshold(1)
        try:
            total = functools.reduce(C_ADD, work)
        finally:
            gc.set_threshold(*old)
            gc.callbacks.remove(during_gc)
    assert inner and all(r[0] is expected[0] and r[1] == expected[1] for r in inner)
    assert calls, "no callback ran inside an engine call"
    cgt.clear_caches()
    with python_engine():
        assert functools.reduce(canonical.add, work) is total


def test_threads_wait_for_the_engine_and_agree() -> None:
    """Two threads computing at once: a thread that finds the engine inside the other's
    call back into Python waits for it (few questions go to Python), and every result
    is the object a fresh single-threaded computation gives."""
    import threading

    texts = [f"{{{k}|{{{k - 1}|-{k}}}}}" for k in range(1, 7)] + ["{^|*}", "{1*|v}", "+-3/2"]
    parts = [cgt.parse(t) for t in texts]
    rng = random.Random(5)
    pairs = [(rng.choice(parts), rng.choice(parts)) for _ in range(300)]
    out: dict[int, list[Any]] = {0: [], 1: []}

    def run(i: int) -> None:
        for a, b in pairs if i == 0 else reversed(pairs):
            s = C_ADD(a, b)
            out[i].append((C_ADD(s, a), C_LE(s, b)))

    cgt.clear_caches()
    with counting_python_path() as calls:
        threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert len(calls) <= 10, len(calls)
    cgt.clear_caches()
    with python_engine():
        alone = [
            (canonical.add(canonical.add(a, b), a), canonical.le(canonical.add(a, b), b))
            for a, b in pairs
        ]
    assert all(x[0] is y[0] and x[1] == y[1] for x, y in zip(out[0], alone, strict=True))
    assert all(x[0] is y[0] and x[1] == y[1] for x, y in zip(reversed(out[1]), alone, strict=True))


def test_ups_and_nimbers_are_values_in_the_engine() -> None:
    """x + k.up + *m converts by value and sums and compares in closed form, with
    general games too, as the Python engine does; far nimbers and long up chains."""
    star300, up500 = canonical.make_nus(Dyadic(0), 0, 300), canonical.make_nus(Dyadic(1, 2), 500, 1)
    g = cgt.parse("{1|{0|-1}}")
    for fn in (
        lambda: (C_LE(g, star300), C_LE(star300, g), C_LE(up500, g + 1), C_LE(g, up500)),
        lambda: C_ADD(cgt.parse("{1|0}") + cgt.nimber(100), cgt.nimber(100)),
        lambda: C_CANONICAL([cgt.up, cgt.star], [cgt.zero]),  # ^* by its form
        lambda: C_CANONICAL([cgt.zero], [canonical.make_nus(Dyadic(0), 3, 0)]),  # ^^^^ by its form
        lambda: C_ADD(g, canonical.make_nus(Dyadic(3), -7, 1)),
    ):
        c, p = both(fn)
        assert c == p if isinstance(c, tuple) else c is p
    assert C_CANONICAL([cgt.up, cgt.star], [cgt.zero]) is cgt.up + cgt.star
    with counting_python_path() as calls:
        assert C_ADD(star300, star300) is cgt.zero and C_LE(up500, up500 + cgt.up)
        assert C_ADD(g, -g) is cgt.zero
    assert calls == []
