"""The compiled search over sums of values (``cgt.canonical.sum_wins``, ``cgt/_c/sumsearch.h``).

Every answer is checked twice, independently: against the outcome search in
Python (``cgt.play`` with ``COMPILED_SUM_SEARCH`` off and ``ROUTE = "search"``:
another implementation of the same rules, with bounds from means and
temperatures that the compiled search does not have) and against the sign of
the canonical sum (``sum(values).outcome()``: no search at all).  Both players
move first in every sum.  Sums come from ``{L|R}`` forms, random small games,
all-small games (the atomic-weight rule), numbers, ups and nimbers (merged into
one part), values with their negatives (cancelled), and Clobber and Domineering
regions.

The tables are kept between calls, so the checks of interrupted searches (Ctrl-C,
the work budget, a slice's limit of positions) finish the search afterwards and
compare its answer with a cold one: a half-written table would show as a wrong
answer.  In the pure-Python pass (``CGT_PURE_PYTHON=1``) ``sum_wins`` answers
``None`` and the outcome search runs in Python: the value checks still hold.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Game, Player, Sum
from cgt import play as play_module
from cgt.canonical import sum_wins
from cgt.errors import WorkLimitExceeded
from cgt.games import Clobber, Domineering
from cgt.kernels import kernel
from tests.tools.tiers import examples

from .strategies import day2, games
from .tools.interrupt import interrupt_after, needs_timer

COMPILED = kernel("canonical") is not None
needs_kernel = pytest.mark.skipif(not COMPILED, reason="the canonical kernel is not built")


def by_value(values: list[Game], left: bool) -> bool:
    """The independent answer: the sign of the canonical sum."""
    total = cgt.zero
    for g in values:
        total = total + g
    return not total <= cgt.zero if left else not total >= cgt.zero


def by_python_search(values: list[Game], left: bool) -> bool:
    """The outcome search of cgt.play, in Python throughout."""
    before = play_module.COMPILED_SUM_SEARCH, play_module.ROUTE
    play_module.COMPILED_SUM_SEARCH = False
    play_module.ROUTE = "search"
    try:
        return play_module.first_player_wins(Sum(*values), "L" if left else "R")
    finally:
        play_module.COMPILED_SUM_SEARCH, play_module.ROUTE = before


def compiled(
    values: list[Game], left: bool, limit: int | None = None, *, small: bool = True
) -> bool | None:
    """The compiled answer (None in pure Python, or for a sum beyond the engine: not small)."""
    found = sum_wins(values, left, limit)
    if found is None:
        assert not (COMPILED and small), "the engine answers sums of small values"
        return None
    answer, spent = found
    assert spent >= 0 and (limit is None or spent <= limit)
    return answer


def check(values: list[Game], *, small: bool = True) -> None:
    for left in (True, False):
        expected = by_value(values, left)
        assert by_python_search(values, left) is expected, (values, left)
        answer = compiled(values, left, small=small)
        assert answer is None or answer is expected, (values, left)
        # and through cgt.play, which hands the sum to the compiled search
        assert play_module.first_player_wins(Sum(*values), "L" if left else "R") is expected


# --- strategies ------------------------------------------------------------------
def _all_small_level(children: st.SearchStrategy[Game]) -> st.SearchStrategy[Game]:
    """All-small games one day older: both sides with options, or neither."""
    options = st.lists(children, min_size=1, max_size=3)
    return st.one_of(children, st.builds(Game, options, options))


all_small = _all_small_level(_all_small_level(_all_small_level(st.just(cgt.zero))))
nus = st.builds(
    lambda x, k, m: cgt.number(x) + k * cgt.up + cgt.nimber(m),
    st.sampled_from([0, 0, 1, -1, "1/2", "-3/4"]),
    st.integers(-3, 3),
    st.integers(0, 3),
)
FORMS = ["{1|-1}", "{2|-1}", "{0|v}", "{^|*}", "{1/2|-1/2}", "{3||2|1}", "+-{1|0}", "{*|-1}"]


def form(text: str) -> Game:
    g = cgt.parse(text)
    assert isinstance(g, Game)
    return g


forms = st.sampled_from([form(text) for text in FORMS])
parts = st.one_of(day2, games, all_small, nus, forms)


@st.composite
def sums(draw: st.DrawFn, part: st.SearchStrategy[Game] = parts) -> list[Game]:
    """A few parts, some with their negatives or repeated."""
    values = draw(st.lists(part, min_size=0, max_size=6))
    for g in draw(st.lists(st.sampled_from(values), max_size=2)) if values else []:
        values.append(-g if draw(st.booleans()) else g)
    return values


# --- agreement -----------------------------------------------------------------------
@settings(max_examples=examples(150 if COMPILED else 30), deadline=None)
@given(sums())
def test_agrees_with_the_python_search_and_the_value(values: list[Game]) -> None:
    check(values)


@settings(max_examples=80 if COMPILED else 20, deadline=None)
@given(sums(all_small), st.integers(-3, 3))
def test_all_small_sums_with_ups_use_the_atomic_weights(values: list[Game], ups: int) -> None:
    """Weights of 2 or more (ups added) decide by the two-ahead rule; the answers hold."""
    check([*values, *([cgt.up] * ups if ups >= 0 else [cgt.down] * -ups), cgt.star])


@settings(max_examples=60 if COMPILED else 15, deadline=None)
@given(sums(st.one_of(forms, day2)), st.integers(0, 12))
def test_hot_sums_past_the_compiled_cap(values: list[Game], copies: int) -> None:
    """Hot sums get a few compiled positions, then Python plays their moves and asks
    the compiled search again for each option (a cap of 1 makes that happen at once)."""
    values = [*values, *[cgt.parse("{2|-1}")] * copies, *[cgt.parse("{1|-3}")] * copies]
    before = play_module._HOT_NODES
    play_module._HOT_NODES = 1
    try:
        check(values)
    finally:
        play_module._HOT_NODES = before


def test_many_hot_values_are_settled_by_their_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    """150 copies each of {2|-1} and {1|-3} and a switch +-150: the mean (-75) and the
    temperatures (150) leave it open, one move settles it; the compiled search alone has
    no means and searches long (0.6 s), so it gets only _HOT_NODES positions at a time."""
    spent: list[int] = []

    def counting(values: list[Game], left: bool, limit: int | None = None) -> object:
        found = sum_wins(values, left, limit)
        spent.append(0 if found is None else found[1])
        return found

    monkeypatch.setattr(play_module, "sum_wins", counting)
    monkeypatch.setattr(play_module, "ROUTE", "search")
    a, b, c = cgt.parse("{2|-1}"), cgt.parse("{1|-3}"), cgt.parse("{150|-150}")
    s = Sum(*[a] * 150, *[b] * 150, c)
    assert play_module.first_player_wins(s, "L") and play_module.first_player_wins(s, "R")
    assert sum(spent) <= 2 * play_module._HOT_NODES  # one capped try a player, then Python


def holed_4x4(rng: random.Random) -> Domineering:
    """A 4x4 Domineering region, each square a hole with probability 1/10 (bench_play's)."""
    cells = ["#" if rng.random() < 0.1 else "." for _ in range(16)]
    return Domineering("|".join("".join(cells[r * 4 : r * 4 + 4]) for r in range(4)))


@needs_kernel
def test_hot_sums_go_to_the_compiled_search_before_their_thermographs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bounds by means and temperatures need a thermograph of each value (in Python,
    dearer than the compiled search of these sums); the compiled search first gets
    _PROBE_NODES positions for each value new to the bounds, which settle these sums of
    ten 4x4 Domineering regions without one thermograph.  With no such probe the bounds
    come first and compute them.  The answers are the signs of the canonical sums."""
    thermal = play_module._Search.thermal
    computed: list[Game] = []

    def counting(search: play_module._Search, g: Game) -> tuple[int, int, int, int]:
        computed.append(g)
        return thermal(search, g)

    monkeypatch.setattr(play_module._Search, "thermal", counting)
    monkeypatch.setattr(play_module, "ROUTE", "search")
    for probe in (play_module._PROBE_NODES, 0):
        monkeypatch.setattr(play_module, "_PROBE_NODES", probe)
        computed.clear()
        for seed in range(4):
            rng = random.Random(seed)
            s = Sum(*[holed_4x4(rng) for _ in range(10)])
            values = [part.value() for part in s.parts]
            cgt.clear_caches()  # (the compiled search's table too)
            for side in ("L", "R"):
                wins = play_module.first_player_wins(s, side)
                assert wins is by_value(values, side == "L"), (seed, side)
        assert (not computed) if probe else computed, probe


def clobber_region(rng: random.Random, high: int = 2, wide: int = 5) -> Clobber:
    cells = [
        rng.choice("xo.") if rng.random() < 0.3 else rng.choice("xo") for _ in range(high * wide)
    ]
    return Clobber("|".join("".join(cells[r * wide : (r + 1) * wide]) for r in range(high)))


def domineering_region(rng: random.Random) -> Domineering:
    cells = ["#" if rng.random() < 0.15 else "." for _ in range(12)]
    return Domineering("|".join("".join(cells[r * 4 : r * 4 + 4]) for r in range(3)))


@pytest.mark.parametrize("seed", range(12))
def test_clobber_and_domineering_sums(seed: int) -> None:
    rng = random.Random(seed)
    for make, n in ((clobber_region, 4), (domineering_region, 5)):
        values = [make(rng).value() for _ in range(n)]
        mixed = [*values, clobber_region(rng, 1, 4).value(), -values[0], cgt.up]
        check(values)
        check(mixed)


def outcome_of(left: bool, right: bool) -> cgt.Outcome:
    """The outcome class from who wins moving first."""
    if left:
        return cgt.Outcome.N if right else cgt.Outcome.L
    return cgt.Outcome.R if right else cgt.Outcome.P


def test_small_sums_exactly() -> None:
    up, down, star, pm1 = cgt.up, cgt.down, cgt.star, cgt.parse("{1|-1}")
    for values, wins in [
        ([], (False, False)),  # 0
        ([up, star], (True, True)),  # ^*: fuzzy
        ([up, up, star], (True, False)),  # ^^*: positive
        ([up, down], (False, False)),  # cancelled
        ([star, star], (False, False)),  # nimbers added: 0
        ([pm1, pm1], (False, False)),  # +-1 is its own negative
        ([pm1, pm1, pm1], (True, True)),  # +-1
        ([pm1, cgt.number(2)], (True, False)),  # 2 +- 1 > 0
        ([pm1, cgt.parse("{2|-2}"), cgt.number(-1), star], (True, True)),
    ]:
        for left, expected in zip((True, False), wins, strict=True):
            assert by_value(values, left) is expected, (values, left)
            assert compiled(values, left) in (None, expected), (values, left)
            assert by_python_search(values, left) is expected, (values, left)


def test_cgt_play_hands_valued_sums_to_the_compiled_search(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counting(values: list[Game], left: bool, limit: int | None = None) -> object:
        calls.append(len(values))
        return sum_wins(values, left, limit)

    monkeypatch.setattr(play_module, "sum_wins", counting)
    monkeypatch.setattr(play_module, "ROUTE", "search")
    rng = random.Random(4)
    s = Sum(*[clobber_region(rng) for _ in range(6)])
    values = [part.value() for part in s.parts]
    assert play_module.outcome(s) is outcome_of(by_value(values, True), by_value(values, False))
    assert calls  # (in pure Python too: it answers None there, and Python searches)


# --- interruptions: the tables stay right ------------------------------------------------
def heavy_sum() -> list[Game]:
    """Twelve Clobber regions, six negated: weights near 0, so searched move by move
    (about 800,000 positions, some 0.7 s of CPU)."""
    rng = random.Random(10)
    first = [clobber_region(rng).value() for _ in range(12)]
    second = [clobber_region(rng).value() for _ in range(12)]
    return first[:6] + [-g for g in second[:6]]


HEAVY_LEFT = True  # Left moving first wins heavy_sum() (the search alone says so; slow to value)


@pytest.fixture
def cold() -> Iterator[None]:
    cgt.clear_caches()
    yield
    cgt.clear_caches()


@needs_kernel
@needs_timer
@pytest.mark.slow
def test_ctrl_c_mid_search_leaves_the_tables_right(cold: None) -> None:
    values = heavy_sum()
    stopped = [interrupt_after(0.05 * (i + 1), lambda: sum_wins(values, True)) for i in range(3)]
    assert any(t is not None for t in stopped), "the search finished before every interrupt"
    resumed = compiled(values, True)
    cgt.clear_caches()
    assert resumed is compiled(values, True) is HEAVY_LEFT


@needs_kernel
@pytest.mark.slow
def test_the_work_budget_stops_the_search_and_the_tables_stay_right(cold: None) -> None:
    values = heavy_sum()
    for steps in (1_000, 20_000, 100_000):
        with pytest.raises(WorkLimitExceeded), cgt.work_limit(steps):
            sum_wins(values, True)
    assert compiled(values, True) is HEAVY_LEFT
    with cgt.work_limit(1):  # settled: a table hit spends nothing
        assert compiled(values, True) is HEAVY_LEFT


@pytest.mark.slow
@needs_kernel
def test_a_slice_stops_at_its_limit_and_the_next_resumes(cold: None) -> None:
    rng = random.Random(6)
    values = [clobber_region(rng).value() for _ in range(10)]
    expected = by_python_search(values, False)
    cgt.clear_caches()
    total, calls = 0, 0
    while True:
        found = sum_wins(values, False, 500)
        assert found is not None
        answer, spent = found
        total, calls = total + spent, calls + 1
        if answer is not None:
            break
        assert spent == 500  # a slice spends all it has before it gives up
        assert calls < 10_000
    assert answer is expected and calls > 1
    cgt.clear_caches()
    found = sum_wins(values, False)
    assert found is not None and found[0] is expected
    assert found[1] <= total  # resumed slices never search fewer positions than one pass
    # a slice of nothing answers only from the table
    assert sum_wins(values, False, 0) == (expected, 0)


@pytest.mark.slow
@needs_kernel
def test_the_race_of_cgt_play_resumes_compiled_slices(cold: None) -> None:
    """Tiny slices of the race: the search gives up again and again and still agrees."""
    rng = random.Random(6)
    s = Sum(*[clobber_region(rng) for _ in range(10)])
    values = [part.value() for part in s.parts]
    expected = outcome_of(by_python_search(values, True), by_python_search(values, False))
    cgt.clear_caches()
    before = play_module._FIRST_NODES, play_module._FIRST_WORK, play_module._COMPILED_NODES
    play_module._FIRST_NODES, play_module._FIRST_WORK, play_module._COMPILED_NODES = 1, 16, 1
    try:
        assert play_module.outcome(s) is expected
    finally:
        play_module._FIRST_NODES, play_module._FIRST_WORK, play_module._COMPILED_NODES = before


# --- beyond the engine, bad input, threads, memory ---------------------------------------------
def test_numbers_beyond_the_engine_are_searched_in_python() -> None:
    big = cgt.number(2**70)
    values = [cgt.parse("{1|-1}"), cgt.parse("{2|-2}"), big, -big + cgt.up, cgt.star]
    assert sum_wins(values, True) is None  # beyond 64 bits: the Python search answers
    check(values, small=False)


@needs_kernel
def test_bad_input_is_a_cgt_error() -> None:
    with pytest.raises(cgt.errors.WrongType, match=r"sum_wins takes cgt\.Game values, not int"):
        sum_wins([cgt.up, 3], True)  # type: ignore[list-item]
    with pytest.raises(cgt.errors.WrongType, match="an iterable of games, not int"):
        sum_wins(5, True)  # type: ignore[arg-type]


@needs_kernel
def test_threads_agree(cold: None) -> None:
    rng = random.Random(3)
    sums_ = [[clobber_region(rng).value() for _ in range(8)] for _ in range(6)]
    expected = [by_value(v, True) for v in sums_]
    cgt.clear_caches()
    results: dict[int, list[bool | None]] = {}

    def run(k: int) -> None:
        results[k] = [None if (f := sum_wins(v, True)) is None else f[0] for v in sums_]

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(4):  # None: the engine was busy in another thread (Python then answers)
        assert all(r is None or r is e for r, e in zip(results[k], expected, strict=True))


@needs_kernel
def test_the_table_keeps_within_the_cache_limit(cold: None) -> None:
    engine = kernel("canonical")
    assert engine is not None
    old = cgt.cache_limit()
    rng = random.Random(8)
    values = [clobber_region(rng).value() for _ in range(8)]  # some 4,500 positions
    expected = [by_python_search(values, left) for left in (True, False)]
    try:
        cgt.set_cache_limit(1000)
        cgt.clear_caches()
        for left, wins in zip((True, False), expected, strict=True):
            assert compiled(values, left) is wins
            count, size = engine.usage()["sum_search"]
            assert 0 < count <= 1000 and size > 0
    finally:
        cgt.set_cache_limit(old)
    assert "sum_search" in cgt.cache_info()


@needs_kernel
def test_slices_survive_the_engine_forgetting_its_nodes(cold: None) -> None:
    """Under a small memory budget the engine empties its node tables when they are over
    it (at the start of a call), and cgt.clear_caches() empties them at once; this
    search's tables go with them (its on_reset hook), and the slices still come to the
    right answer (a table keyed on node ids that outlived the nodes would mislead them)."""
    rng = random.Random(8)
    values = [clobber_region(rng).value() for _ in range(8)]
    expected = [by_python_search(values, left) for left in (True, False)]
    old = cgt.memory_limit()
    try:
        cgt.set_memory_limit(8 << 20)
        for left, wins in zip((True, False), expected, strict=True):
            # slices that double, as the race's do: a table too small to keep what the
            # search settled loses it when it is emptied, and a slice large enough for
            # the whole search then answers
            for calls in range(30):
                found = sum_wins(values, left, 200 << calls)
                assert found is not None
                if found[0] is not None:
                    break
                if calls == 2:
                    cgt.clear_caches()  # the nodes go now, and the table (work done is lost)
            assert found[0] is wins
    finally:
        cgt.set_memory_limit(old)


def test_players_agree_through_outcome() -> None:
    rng = random.Random(1)
    s = Sum(*[clobber_region(rng) for _ in range(6)], cgt.parse("{1|-1}"))
    values = [part if isinstance(part, Game) else part.value() for part in s.parts]
    left, right = by_value(values, True), by_value(values, False)
    assert play_module.outcome(s) is outcome_of(left, right)
    assert play_module.first_player_wins(s, Player.LEFT) is left
    assert play_module.first_player_wins(s, Player.RIGHT) is right
