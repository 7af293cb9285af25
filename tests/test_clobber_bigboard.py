"""Who wins a big Clobber board: the compiled alpha-beta (cgt/_c/clobsearch.h).

Every answer is checked against something computed another way in this test:
a brute-force win/loss search written here in Python (boards of at most 12
squares), or the sign of the board's value (the compiled and pure-Python
solvers, tested elsewhere against each other).  Skipped when the kernel is not
built or ``CGT_PURE_PYTHON=1``.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import kernels
from cgt.game import Outcome
from cgt.games import Clobber
from cgt.games.board import bit_state
from cgt.games.clobber import BIG_BOARD_STONES, big_board_outcome
from cgt.games.king_clobber import KingClobber
from tests.tools.interrupt import interrupt_after, needs_timer

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)


@functools.cache
def brute_wins(h: int, w: int, mine: int, theirs: int) -> bool:
    """Does the player owning ``mine``, moving first, win?  Plain minimax over every capture."""
    for a in range(h * w):
        if not mine >> a & 1:
            continue
        r, c = divmod(a, w)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            b = rr * w + cc
            if (
                0 <= rr < h
                and 0 <= cc < w
                and theirs >> b & 1
                and not brute_wins(h, w, theirs ^ (1 << b), mine ^ (1 << a) | (1 << b))
            ):
                return True
    return False


def as_outcome(left: bool, right: bool) -> Outcome:
    if left:
        return Outcome.N if right else Outcome.L
    return Outcome.R if right else Outcome.P


def search(board: Clobber, small: int = 10, slots: int = 1 << 12) -> Outcome:
    _, _, xs, os_, _ = bit_state(board.h, board.w, board.cells)
    left = engine.clob_wins(board.h, board.w, xs, os_, 0, 0, slots, small)[0]
    right = engine.clob_wins(board.h, board.w, xs, os_, 1, 0, slots, small)[0]
    return as_outcome(left, right)


def brute(board: Clobber) -> Outcome:
    h, w, xs, os_, _ = bit_state(board.h, board.w, board.cells)
    return as_outcome(brute_wins(h, w, xs, os_), brute_wins(h, w, os_, xs))


def checkerboard(h: int, w: int) -> Clobber:
    return Clobber("|".join("".join("xo"[(r + c) % 2] for c in range(w)) for r in range(h)))


def random_board(rng: random.Random, h: int, w: int, letters: str = "xo.") -> Clobber:
    return Clobber("|".join("".join(rng.choice(letters) for _ in range(w)) for _ in range(h)))


@pytest.mark.parametrize("small", [0, 4, 10])
def test_random_boards_against_brute_force(small: int) -> None:
    # small 0: searched to the end; 4 and 10: small regions decided by values
    rng = random.Random(33 + small)
    for _ in range(150):
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        board = random_board(rng, h, w, "xxoo.")
        assert search(board, small) is brute(board), board


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda h: st.tuples(
            st.just(h),
            st.integers(1, 12 // h).flatmap(
                lambda w: st.tuples(st.just(w), st.text("xo.", min_size=h * w, max_size=h * w))
            ),
        )
    ),
    st.sampled_from([0, 3, 10]),
    st.sampled_from([16, 1 << 10]),
)
def test_boards_up_to_twelve_squares_against_values(
    shape: tuple[int, tuple[int, str]], small: int, slots: int
) -> None:
    h, (w, cells) = shape
    board = Clobber("|".join(cells[r * w : (r + 1) * w] for r in range(h)))
    assert search(board, small, slots) is board.value().outcome()


@pytest.mark.parametrize("h, w", [(2, n) for n in range(3, 9)] + [(3, n) for n in range(3, 7)])
def test_checkerboards_against_values(h: int, w: int) -> None:
    board = checkerboard(h, w)
    expected = board.value().outcome()
    assert search(board) is expected
    assert search(checkerboard(w, h)) is expected  # its transpose: the tall frame


MCGS_CLOBBER = (
    Path(os.environ.get("CGT_MCGS_SOURCE", Path.home() / ".cache/cgt/mcgs/src"))
    / "input/autotests/clobber_autotests/clobber_rectangle_alternating.test"
)


@pytest.mark.skipif(not MCGS_CLOBBER.is_file(), reason="MCGS's Clobber test file is not here")
def test_mcgs_checkerboard_results() -> None:
    # MCGS v1.5's file (its results from MCGS and CGSuite): "B" is Black, x (Left), moving first
    text = re.sub(r"/\*.*?\*/", " ", MCGS_CLOBBER.read_text(encoding="utf-8"), flags=re.S)
    lines = re.findall(r"([XO|]+)\s*\{\s*B\s+(win|loss)\s*,\s*W\s+(win|loss)\s*\}", text)
    assert len(lines) >= 10
    for board, black, white in lines:
        position = Clobber(board.replace("X", "x").replace("O", "o"))
        assert search(position) is as_outcome(black == "win", white == "win"), board


def test_outcome_routes_single_big_boards_here() -> None:
    board = checkerboard(3, 5)  # issue 33's position: 3.9 s by the Python search
    start = time.process_time()
    assert board.outcome() is big_board_outcome(board) is board.value().outcome()
    assert time.process_time() - start < 2
    small = Clobber("xox|oxo")
    assert sum(ch in "xo" for ch in small.cells) < BIG_BOARD_STONES
    assert big_board_outcome(small) is None
    assert small.outcome() is small.value().outcome()
    assert big_board_outcome(KingClobber(board.board_string())) is None  # other captures


def test_a_board_that_splits_is_decided_by_values() -> None:
    board = Clobber("xoxox|.....|oxoxo|.....|xxoxo")
    _, _, xs, os_, _ = bit_state(board.h, board.w, board.cells)
    won, nodes, valued = engine.clob_wins(board.h, board.w, xs, os_, 0, 0, 1 << 12, 10)
    assert nodes == 1 and valued == 1
    assert as_outcome(won, search(board) in (Outcome.N, Outcome.R)) is board.value().outcome()
    dead = Clobber("xxxxxx|......|oooooo")  # no stone next to an opponent's: 0
    assert big_board_outcome(dead) is Outcome.P


def test_over_budget_the_search_gives_way() -> None:
    board = checkerboard(4, 6)
    assert big_board_outcome(board, budget=50) is None
    _, _, xs, os_, _ = bit_state(4, 6, board.cells)
    with pytest.raises(engine.Fallback):
        engine.clob_wins(4, 6, xs, os_, 0, 50)
    assert big_board_outcome(checkerboard(3, 5), budget=10**6) is Outcome.N


def test_the_work_budget_stops_it() -> None:
    with pytest.raises(cgt.WorkLimitExceeded), cgt.work_limit(1000):
        big_board_outcome(checkerboard(5, 5))


def test_pure_python_mode_has_no_hook_answer() -> None:
    with cgt.games.implementation("python"):
        assert big_board_outcome(checkerboard(3, 5)) is None


@pytest.mark.parametrize(
    "args",
    [
        (0, 5, 1, 2, 0),
        (9, 9, 1, 2, 0),
        (2, 2, 1 << 4, 1, 0),
        (2, 2, 3, 3, 0),
        (2, 2, 3, 12, 2),
        (2, 2, 3, 12, 0, -1),
        (2, 2, 3, 12, 0, 0, 100),
        (2, 2, 3, 12, 0, 0, 1 << 10, 65),
    ],
)
def test_bad_arguments_are_refused(args: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        engine.clob_wins(*args)
    with pytest.raises(cgt.errors.InvalidArgument, match="budget"):
        big_board_outcome(checkerboard(3, 5), budget=-1)


@needs_timer
def test_ctrl_c_mid_search_leaves_the_tables_consistent() -> None:
    board = checkerboard(5, 6)  # far beyond a second in C
    cgt.clear_caches()
    took = interrupt_after(0.2, lambda: big_board_outcome(board))
    assert took is not None and took < 3  # the search looks at signals often (CPU seconds)
    rng = random.Random(7)
    for h, w in itertools.product(range(1, 4), repeat=2):
        for _ in range(20):
            b = random_board(rng, h, w)
            assert search(b, 10) is brute(b), b
    assert big_board_outcome(checkerboard(3, 5)) is checkerboard(3, 5).value().outcome()
