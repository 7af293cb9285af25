"""The compiled strips (cgt/_c/strips.h) against the Python rules of the four strip rulesets.

Every test calls both in this process: the kernel (directly, or through
``value()``, which takes it by default) and the rules the classes state in
Python (``cgt.games.implementation("python")``), plus published values.  All of
it is skipped when the kernel is not built or ``CGT_PURE_PYTHON=1``.
"""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

import pytest

import cgt
from cgt import Game, _engine, kernels
from cgt.games import (
    ElephantsAndRhinos,
    Push,
    Shove,
    ToadsAndFrogs,
    clear_solver_caches,
    implementation,
)
from cgt.games.base import solver_for
from tests.tools.interrupt import interrupt_after, needs_timer

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)

RULESETS: list[Any] = [ToadsAndFrogs, ElephantsAndRhinos, Push, Shove]  # kernel numbers 0..3


def _bits(s: str, piece: str) -> int:
    return sum(1 << i for i, ch in enumerate(s) if ch == piece)


def compiled(cls: Any, s: str) -> Game:
    """The kernel's value of the strip ``s`` of ruleset ``cls``, called directly."""
    kind = RULESETS.index(cls)
    result: Game = engine.strip(kind, len(s), _bits(s, cls.left_piece), _bits(s, cls.right_piece))
    return result


def reference(cls: Any, s: str) -> Game:
    """The value by the rules the class states in Python."""
    with implementation("python"):
        result: Game = cls(s).value()
        return result


def _text(cls: Any, n: int, left: int, right: int) -> str:
    return "".join(
        cls.left_piece if left >> i & 1 else cls.right_piece if right >> i & 1 else "."
        for i in range(n)
    )


def _random_strip(rng: random.Random, cls: Any, n: int, pieces: float) -> str:
    return "".join(
        rng.choice((cls.left_piece, cls.right_piece)) if rng.random() < pieces else "."
        for _ in range(n)
    )


# --- every strip up to eight squares ---------------------------------------------------
@pytest.mark.parametrize("cls", RULESETS, ids=lambda c: c.__name__)
def test_every_strip_up_to_eight_squares(cls: Any) -> None:
    letters = "." + cls.left_piece + cls.right_piece
    for n in range(9):
        for cells in itertools.product(letters, repeat=n):
            s = "".join(cells)
            assert compiled(cls, s) is reference(cls, s), s


@pytest.mark.slow
@pytest.mark.parametrize("cls", RULESETS, ids=lambda c: c.__name__)
def test_random_strips_of_nine_to_fourteen_squares(cls: Any) -> None:
    rng = random.Random(f"33:{cls.__name__}")
    for _ in range(40):
        s = _random_strip(rng, cls, rng.randint(9, 14), rng.choice([0.3, 0.5]))
        assert compiled(cls, s) is reference(cls, s), s


@pytest.mark.slow
@pytest.mark.parametrize("cls", RULESETS, ids=lambda c: c.__name__)
def test_segments_and_keys_are_the_python_rules(cls: Any) -> None:
    # the kernel's independent segments are those of the Python rules, and each
    # key is the segment or its image under the symmetry that negates the value
    kind = RULESETS.index(cls)
    letters = "." + cls.left_piece + cls.right_piece
    swap = str.maketrans(cls.left_piece + cls.right_piece, cls.right_piece + cls.left_piece)
    for n in range(9):
        for cells in itertools.product(letters, repeat=n):
            s = "".join(cells)
            left, right = _bits(s, cls.left_piece), _bits(s, cls.right_piece)
            got = engine.strip_segments(kind, n, left, right)
            segments = [_text(cls, *seg) for seg, _ in got]
            assert sorted(segments) == sorted(c.strip for c in cls(s).components()), s
            for text, (_, (m, left, right, negated)) in zip(segments, got, strict=True):
                image = text.translate(swap)
                if cls in (ToadsAndFrogs, ElephantsAndRhinos):
                    image = image[::-1]
                assert _text(cls, m, left, right) == (image if negated else text), s
                assert reference(cls, image) is -reference(cls, text), s


# --- published values ------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 2, 3])
@pytest.mark.parametrize("m", [1, 2, 3])
def test_toads_and_frogs_hull(n: int, m: int) -> None:
    # Jesse Hull's observation, quoted in J. Erickson, "New Toads and Frogs
    # results", Games of No Chance (MSRI Publ. 29, 1996):
    # T^n . T F T^m . T F = {m+n-1 | {n | 2}} (m >= 1).
    strip = "t" * n + ".tf" + "t" * m + ".tf"
    assert compiled(ToadsAndFrogs, strip) == Game([m + n - 1], [Game([n], [2])])


def test_winning_ways_and_hand_values() -> None:
    # Winning Ways, ch. 1: TF with a gap between is 0 (t..f), with the pieces
    # jumping into one gap * (t.f), and TT.F is {1/2|0} (the module's examples).
    assert compiled(ToadsAndFrogs, "t..f") is cgt.zero
    assert compiled(ToadsAndFrogs, "t.f") is cgt.star
    assert compiled(ToadsAndFrogs, "tt.f") is cgt.parse("{1/2|0}")
    # A lone Left piece on square i of Push or Shove needs i + 1 moves to leave.
    for cls in (Push, Shove):
        for i in range(64):
            assert compiled(cls, "." * i + "x") == i + 1


@pytest.mark.slow
def test_the_issue_positions() -> None:
    # issue 33: MCGS's outcome took about 0.15 s here; the Python rules 1.2 s for the value
    cgt.clear_caches()
    start = time.process_time()
    value = ToadsAndFrogs("tttt....ffff").value()
    assert time.process_time() - start < 1  # CPU seconds; about 0.01 s
    assert value is reference(ToadsAndFrogs, "tttt....ffff") is cgt.zero


@pytest.mark.slow
@pytest.mark.long  # on demand (CGT_LONG_TESTS=1): the Python reference takes 16 CPU s
def test_the_larger_issue_position() -> None:
    cgt.clear_caches()
    value = ToadsAndFrogs("ttttt....fffff").value()  # about 0.05 s; the Python rules 7 s
    assert value is reference(ToadsAndFrogs, "ttttt....fffff") is cgt.star


# --- sizes, depth, handing over to Python -----------------------------------------------
@pytest.mark.slow
def test_strips_of_64_squares() -> None:
    rng = random.Random(64)
    strips: list[tuple[Any, str]] = [
        (ToadsAndFrogs, "t" + "." * 62 + "f"),
        (ToadsAndFrogs, "." * 20 + "t.t" + "." * 41),  # one side's pieces: an integer
        (ElephantsAndRhinos, "e" + "." * 30 + "r" + "." * 31 + "e"),
        (Push, "." * 20 + "xo.x" + "." * 40),
        (Shove, "." * 60 + "xo.x"),
        (Shove, "x" + "." * 61 + "ox"),
    ]
    for cls, wall, blocks in [  # small segments between walls of dead pieces
        (ToadsAndFrogs, "ttff", ["t.f", "t..f", ".tf.", "t.t.f", "tt.f"]),
        (ElephantsAndRhinos, "er", ["e.r", "e..r", ".e.r", "e.e.r"]),
    ]:
        s = ""
        while len(s) < 64:
            s += wall + rng.choice(blocks)
        strips.append((cls, s[:64]))
    for cls, s in strips:
        assert len(s) == 64
        assert cls(s).value() is compiled(cls, s) is reference(cls, s), s


@pytest.mark.slow
def test_numbers_beyond_64_bits_take_the_python_rules() -> None:
    s = "." * 60 + "xo.x"  # worth 142962266571249025025/2**61
    with pytest.raises(engine.Fallback, match="too large"):
        compiled(Push, s)
    assert Push(s).value() is reference(Push, s)
    assert Push(s).value().to_dyadic().denominator == 2**61


def test_65_squares_take_the_python_rules() -> None:
    assert _engine.solver_kernel(ToadsAndFrogs, 65) is None
    assert _engine.solver_kernel(ToadsAndFrogs, 64) is engine
    clear_solver_caches()
    # t, k empty squares, f: * for odd k, 0 for even k (the kernel up to k = 62)
    for k in range(63):
        assert compiled(ToadsAndFrogs, "t" + "." * k + "f") is (cgt.star if k % 2 else cgt.zero)
    assert ToadsAndFrogs("t" + "." * 63 + "f").value() is cgt.star
    assert solver_for(ToadsAndFrogs).info().values > 0
    with pytest.raises(ValueError, match="at most 64 squares"):
        engine.strip(0, 65, 1, 1 << 64)


def test_too_deep_falls_back() -> None:
    # toads and frogs that can shuffle for more than the engine's depth: Fallback, at once
    start = time.process_time()
    with pytest.raises(engine.Fallback, match="too deep"):
        compiled(ToadsAndFrogs, "t.f." * 16)
    with pytest.raises(engine.Fallback, match="too deep"):
        compiled(Shove, "." * 50 + "x" * 14)
    assert time.process_time() - start < 1


def test_a_refusing_engine_hands_over_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    class Refusing:
        Fallback = engine.Fallback

        def strip(self, *args: Any) -> Any:
            raise engine.Fallback("refused")

    clear_solver_caches()
    monkeypatch.setattr(_engine, "ENGINE", Refusing())  # the one rule hands it out
    assert ToadsAndFrogs("t.f").value() is cgt.star
    assert Push("x.o").value() == -2
    assert solver_for(ToadsAndFrogs).info().values > 0


def test_stores_use_the_python_rules(tmp_path: Any) -> None:
    clear_solver_caches()
    with cgt.use_store(tmp_path / "values.sqlite"):
        assert ToadsAndFrogs("tt.f").value() is cgt.parse("{1/2|0}")
    assert solver_for(ToadsAndFrogs).info().values > 0


def test_bad_strips_are_refused() -> None:
    for args, message in [
        ((4, 3, 1, 4), "unknown ruleset number 4"),
        ((-1, 3, 1, 4), "unknown ruleset number -1"),
        ((0, 65, 1, 4), "at most 64 squares"),
        ((0, -1, 0, 0), "at most 64 squares"),
        ((0, 3, 1, 1), "one a square"),
        ((0, 3, 8, 0), "on squares of the strip"),
        ((2, 3, 1, 16), "on squares of the strip"),
    ]:
        with pytest.raises(ValueError, match=message):
            engine.strip(*args)
        with pytest.raises(ValueError, match=message):
            engine.strip_segments(*args)


def test_clearing_caches_empties_the_table() -> None:
    cgt.clear_caches()
    ToadsAndFrogs("ttt..fff").value()
    assert engine.info()["strips"] > 0
    count, size = engine.usage()["strips"]
    assert count == engine.info()["strips"] and size >= 24 * count
    assert cgt.cache_info().bytes["shortgame.strips"] == size
    cgt.clear_caches()
    assert engine.info()["strips"] == 0
    assert ToadsAndFrogs("ttt..fff").value() is reference(ToadsAndFrogs, "ttt..fff")


# --- budget, Ctrl-C --------------------------------------------------------------------
def test_budget_bounds_the_kernel_and_leaves_its_table_right() -> None:
    boards = ["tt..t..ff.f", "ttt...fff"]
    expected = [reference(ToadsAndFrogs, b) for b in boards]
    cgt.clear_caches()
    for limit, board in zip((10, 100), boards, strict=True):
        with pytest.raises(cgt.WorkLimitExceeded), cgt.work_limit(limit):
            ToadsAndFrogs(board).value()
    assert [ToadsAndFrogs(b).value() for b in boards] == expected


@needs_timer
def test_ctrl_c_mid_search_leaves_the_table_consistent() -> None:
    board = ToadsAndFrogs("tttttt.....fffff")  # about a second in C
    interrupted = 0
    for after in (0.02, 0.1, 0.3):
        cgt.clear_caches()
        took = interrupt_after(after, board.value)
        if took is not None:
            interrupted += 1
            assert took < after + 1  # signals are looked at often
        # the half-filled table gives the right values afterwards
        rng = random.Random(after)
        for _ in range(30):
            s = _random_strip(rng, ToadsAndFrogs, rng.randint(6, 11), 0.5)
            assert compiled(ToadsAndFrogs, s) is reference(ToadsAndFrogs, s), s
    assert interrupted > 0


# --- the outcome search (strip_wins) -----------------------------------------------------
def wins(cls: Any, s: str, player: int, cells: int = 0) -> bool:
    """The kernel's search: does ``player`` (0 Left, 1 Right) moving first win ``s``?"""
    kind = RULESETS.index(cls)
    left, right = _bits(s, cls.left_piece), _bits(s, cls.right_piece)
    found: bool = engine.strip_wins(kind, len(s), left, right, player, cells)
    return found


def _first_wins(value: Game) -> tuple[bool, bool]:
    """Left moving first wins unless the value is <= 0; Right unless it is >= 0."""
    return (not value <= 0, not value >= 0)


@pytest.mark.parametrize("cls", RULESETS, ids=lambda c: c.__name__)
def test_the_search_on_every_strip_up_to_eight_squares(cls: Any) -> None:
    # cells=0: every lone segment with both sides' pieces is searched move by move
    letters = "." + cls.left_piece + cls.right_piece
    cgt.clear_caches()
    for n in range(9):
        for cells in itertools.product(letters, repeat=n):
            s = "".join(cells)
            expected = _first_wins(reference(cls, s))
            assert (wins(cls, s, 0), wins(cls, s, 1)) == expected, s


@pytest.mark.slow
def test_the_search_on_every_toads_and_frogs_strip_of_nine_and_ten_squares() -> None:
    # against the compiled values (checked against the Python rules above), and the
    # Python rules on a sample
    rng = random.Random(10)
    cgt.clear_caches()
    for n in (9, 10):
        for cells in itertools.product(".tf", repeat=n):
            s = "".join(cells)
            expected = _first_wins(compiled(ToadsAndFrogs, s))
            assert (wins(ToadsAndFrogs, s, 0), wins(ToadsAndFrogs, s, 1)) == expected, s
            if rng.random() < 0.002:
                assert expected == _first_wins(reference(ToadsAndFrogs, s)), s


@pytest.mark.slow
@pytest.mark.parametrize("cls", RULESETS, ids=lambda c: c.__name__)
def test_outcome_takes_the_search_and_agrees_with_the_python_rules(cls: Any) -> None:
    rng = random.Random(f"wins:{cls.__name__}")
    for _ in range(25):
        s = _random_strip(rng, cls, rng.randint(9, 13), rng.choice([0.4, 0.6]))
        position = cls(s)
        found = position.big_board_outcome()
        assert found is not None
        with implementation("python"):
            assert position.big_board_outcome() is None  # the Python rules: no search here
            expected = position.value().outcome()
        assert found is expected is position.outcome(), s


def test_the_issue_positions_are_searched() -> None:
    # issue 33's strips, searched (cells=8, as outcome() does) and valued: the same
    cgt.clear_caches()
    for s, outcome in [("ttttt....fffff", cgt.Outcome.N), ("tttt....ffff", cgt.Outcome.P)]:
        assert ToadsAndFrogs(s).big_board_outcome() is outcome
        assert (wins(ToadsAndFrogs, s, 0, 8), wins(ToadsAndFrogs, s, 1, 8)) == _first_wins(
            compiled(ToadsAndFrogs, s)
        )
    with pytest.raises(ValueError, match=r"0 \(Left\) or 1 \(Right\)"):
        engine.strip_wins(0, 3, 1, 4, 2)
    with pytest.raises(ValueError, match="one a square"):
        engine.strip_wins(0, 3, 1, 1, 0)


def test_the_search_keeps_to_its_budget() -> None:
    s = "ttttt....fffff"
    cgt.clear_caches()
    with pytest.raises(cgt.WorkLimitExceeded), cgt.work_limit(50):
        wins(ToadsAndFrogs, s, 0, 8)
    assert wins(ToadsAndFrogs, s, 0, 8) is True and wins(ToadsAndFrogs, s, 1, 8) is True


@needs_timer
def test_ctrl_c_mid_outcome_search_leaves_the_table_consistent() -> None:
    board = ToadsAndFrogs("ttttttt.....fffffff")  # seconds in C
    interrupted = 0
    for after in (0.02, 0.1):
        cgt.clear_caches()
        took = interrupt_after(after, board.big_board_outcome)
        if took is not None:
            interrupted += 1
            assert took < after + 1
        rng = random.Random(after)
        for _ in range(20):
            s = _random_strip(rng, ToadsAndFrogs, rng.randint(9, 12), 0.6)
            assert (wins(ToadsAndFrogs, s, 0), wins(ToadsAndFrogs, s, 1)) == _first_wins(
                reference(ToadsAndFrogs, s)
            ), s
    assert interrupted > 0


# --- the table at its cap ------------------------------------------------------------------
def test_a_full_table_forgets_its_least_recent_entries_or_says_it_is_too_small() -> None:
    # A cap of 8192 entries (16384 slots).  Strips needing a few more (8,225 to 8,434
    # values) are found with the table forgetting its less recently used half when full,
    # and it never grows past its cap; tttt....ffff needs 10,694: forgotten values would
    # be found again and again (once, the whole table was emptied each time: no end), so
    # after refilling the table 16 times over the kernel says the budget is too small.
    # The table stays consistent either way.
    boards = ["f.tft.t..f.ff", ".ttt.tff...f", "ftttt.ff..fff", ".t.tt.f.f..f.", "f.tttf.f.ff.f"]
    expected, needed = [], []
    for s in [*boards, "tttt....ffff"]:
        cgt.clear_caches()
        expected.append(compiled(ToadsAndFrogs, s))
        needed.append(engine.info()["strips"])
    assert all(8192 < k < 8500 for k in needed[:-1]) and needed[-1] > 10000
    old = cgt.cache_limit()
    try:
        cgt.set_cache_limit(8192)
        for s, value in zip(boards, expected, strict=False):
            cgt.clear_caches()
            assert compiled(ToadsAndFrogs, s) is value, s
            count, size = engine.usage()["strips"]
            assert count <= 8192 and size <= 16384 * 24
        cgt.clear_caches()
        start = time.process_time()
        with pytest.raises(cgt.TooLarge, match=r"refilled 16 times over; raise cgt\.set_memory"):
            compiled(ToadsAndFrogs, "tttt....ffff")
        assert time.process_time() - start < 20  # CPU seconds; about 0.2
        rng = random.Random(8192)
        for _ in range(30):
            s = _random_strip(rng, ToadsAndFrogs, rng.randint(6, 11), 0.5)
            assert compiled(ToadsAndFrogs, s) is reference(ToadsAndFrogs, s), s
    finally:
        cgt.set_cache_limit(old)
        cgt.clear_caches()
    assert compiled(ToadsAndFrogs, "tttt....ffff") is expected[-1]


@pytest.mark.slow
def test_a_strip_needing_more_than_the_default_table_finishes() -> None:
    # ttttttt....fffffff needs about 1,050,000 entries, a few more than the default cap
    # holds (half of 2**21 slots): once the whole table was emptied, again and again, and
    # the value never came; now it comes in seconds.  Checked against a run whose cap is
    # large enough (no entry forgotten).
    s = "ttttttt....fffffff"
    old_memory, old_entries = cgt.memory_limit(), cgt.cache_limit()
    try:
        cgt.clear_caches()
        cgt.set_memory_limit(8 << 30)
        cgt.set_cache_limit(1 << 24)
        expected = compiled(ToadsAndFrogs, s)
        assert engine.info()["strips"] > 1 << 20
        cgt.set_memory_limit(old_memory)
        cgt.set_cache_limit(old_entries)
        cgt.clear_caches()
        start = time.process_time()
        assert compiled(ToadsAndFrogs, s) is expected is cgt.star
        assert time.process_time() - start < 60  # CPU seconds; about 3
        assert engine.info()["strips"] <= 1 << 20
        assert ToadsAndFrogs(s).big_board_outcome() is cgt.Outcome.N
    finally:
        cgt.set_memory_limit(old_memory)
        cgt.set_cache_limit(old_entries)
        cgt.clear_caches()
