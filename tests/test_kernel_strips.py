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


@pytest.mark.parametrize("cls", RULESETS, ids=lambda c: c.__name__)
def test_random_strips_of_nine_to_fourteen_squares(cls: Any) -> None:
    rng = random.Random(f"33:{cls.__name__}")
    for _ in range(40):
        s = _random_strip(rng, cls, rng.randint(9, 14), rng.choice([0.3, 0.5]))
        assert compiled(cls, s) is reference(cls, s), s


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


def test_the_issue_positions() -> None:
    # issue 33: MCGS's outcome took about 0.15 s here; the Python rules 1.2 s for the value
    cgt.clear_caches()
    start = time.process_time()
    value = ToadsAndFrogs("tttt....ffff").value()
    assert time.process_time() - start < 1  # CPU seconds; about 0.01 s
    assert value is reference(ToadsAndFrogs, "tttt....ffff") is cgt.zero


@pytest.mark.slow
def test_the_larger_issue_position() -> None:
    cgt.clear_caches()
    value = ToadsAndFrogs("ttttt....fffff").value()  # about 0.05 s; the Python rules 7 s
    assert value is reference(ToadsAndFrogs, "ttttt....fffff") is cgt.star


# --- sizes, depth, handing over to Python -----------------------------------------------
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
