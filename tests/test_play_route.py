"""The route race of ``cgt.play``: the value route against the outcome search.

Whatever route answers, the answer is the one of the other routes: each test
computes the outcome by the value alone (``ROUTE = "value"``: canonical sums
and comparisons with 0) and by the search alone, and checks the race against
both, with slices made tiny so that every race switches routes many times
(value slices run out of work, search slices out of positions, and each
resumes later).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Outcome, Player, Sum
from cgt import play as play_module
from cgt.errors import PositionProtocolError, WorkLimitExceeded
from cgt.games import (
    Clobber,
    Domineering,
    Konane,
    ToadsAndFrogs,
    clear_solver_caches,
    implementation,
)
from cgt.play import first_player_wins, outcome, winning_moves
from tests.tools.tiers import examples

from .tools.interrupt import interrupt_after, needs_timer

COMPILED = cgt.compiled()["shortgame"]
EXAMPLES = 80 if COMPILED else 25  # pure Python: the same checks, fewer of them
HIGH = 4 if COMPILED else 3  # rows of a random board


KINDS: list[tuple[Any, str, list[int]]] = [
    (Domineering, ".#", [5, 1]),
    (Clobber, "xo.", [3, 3, 1]),
    (Konane, "xo.", [3, 3, 1]),
]
VALUES = ["*", "^", "v*", "1/2", "{1|-1}", "{0|v}", "-2"]


def random_part(rng: random.Random, high: int = HIGH) -> Any:
    """A board of up to 4x4 cells (Domineering, Clobber, Konane), a Toads and Frogs
    strip, or a small value."""
    pick = rng.randrange(len(KINDS) + 2)
    if pick < len(KINDS):
        kind, letters, weights = KINDS[pick]
        rows = ["".join(rng.choices(letters, weights, k=4)) for _ in range(rng.randint(1, high))]
        width = rng.randint(1, 4)
        return kind("|".join(row[:width] for row in rows))
    if pick == len(KINDS):
        return ToadsAndFrogs("".join(rng.choices("tf.", [2, 2, 3], k=rng.randint(2, 8))))
    return cgt.parse(rng.choice(VALUES))


def random_case(seed: int, high: int = HIGH) -> Any:
    rng = random.Random(seed)
    parts = [random_part(rng, high) for _ in range(rng.randint(1, high))]
    return parts[0] if len(parts) == 1 else Sum(*parts)


def by_route(route: str, position: Any) -> Outcome:
    before = play_module.ROUTE
    play_module.ROUTE = route
    try:
        return outcome(position)
    finally:
        play_module.ROUTE = before


@pytest.fixture
def tiny_slices(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_module, "_FIRST_WORK", 1)
    monkeypatch.setattr(play_module, "_FIRST_NODES", 1)
    yield


def _check(seed: int, high: int = HIGH) -> None:
    case = random_case(seed, high)
    cgt.clear_caches()
    clear_solver_caches()
    expected = by_route("value", case)
    cgt.clear_caches()
    clear_solver_caches()
    assert by_route("search", case) is expected, case
    cgt.clear_caches()
    clear_solver_caches()
    assert by_route("race", case) is expected, case
    assert first_player_wins(case, "L") == (expected in (Outcome.L, Outcome.N))
    assert first_player_wins(case, "R") == (expected in (Outcome.R, Outcome.N))


@pytest.mark.usefixtures("tiny_slices")
@settings(max_examples=examples(EXAMPLES), deadline=None)
@given(st.integers(0, 10**6))
def test_the_race_agrees_with_the_value_and_the_search(seed: int) -> None:
    _check(seed)


@pytest.mark.usefixtures("tiny_slices")
@settings(max_examples=EXAMPLES // 4, deadline=None)
@given(st.integers(0, 10**6))
def test_the_race_in_python_agrees_too(seed: int) -> None:
    # without the compiled solvers the search is the favoured route
    with implementation("python"):
        _check(seed, high=3)


@pytest.mark.usefixtures("tiny_slices")
def test_winning_moves_by_race_are_the_options_of_the_right_sign() -> None:
    for seed in range(40):
        case = random_case(seed)
        if isinstance(case, cgt.Game):
            continue
        for side in (Player.LEFT, Player.RIGHT):
            if side is Player.LEFT:
                want = [o for o in case.left_options() if o.value() >= 0]
            else:
                want = [o for o in case.right_options() if o.value() <= 0]
            assert [m.position for m in winning_moves(case, side)] == want, case


def test_the_callers_work_budget_still_holds() -> None:
    board = Domineering("....|....|....|....")
    cgt.clear_caches()
    clear_solver_caches()
    expected = board.value()
    cgt.clear_caches()
    clear_solver_caches()
    with pytest.raises(WorkLimitExceeded), cgt.work_limit(50):
        by_route("value", board)
    # the race does not take the caller's budget for one of its own slices
    with pytest.raises(WorkLimitExceeded), cgt.work_limit(50):
        outcome(board)
    assert board.value() == expected
    assert outcome(board) is expected.outcome()


@pytest.mark.slow
@needs_timer
def test_ctrl_c_mid_race_leaves_the_caches_consistent() -> None:
    big, clobber = (
        ("|".join(["....."] * 5), "xoxox|oxoxo|xoxox")
        if COMPILED
        else ("....|....|....", "xoxo|oxox")
    )
    boards = ["....|....|...#", "...|...|...", "#...|....|....", big]
    cgt.clear_caches()
    clear_solver_caches()
    expected = [Domineering(text).value() for text in boards]
    whole = Sum(*(Domineering(text) for text in boards), Clobber(clobber))

    interrupted = 0
    for after in (0.001, 0.005, 0.02, 0.1):
        cgt.clear_caches()
        clear_solver_caches()
        took = interrupt_after(after, lambda: outcome(whole))
        if took is not None:
            interrupted += 1
            assert took < after + 1.5  # CPU seconds
        assert [Domineering(text).value() for text in boards] == expected
        assert by_route("race", whole) is by_route("search", whole)
    assert interrupted > 0


def ten_regions(seed: int) -> Sum:
    """Ten 4x4 Domineering regions, each square a hole with probability 1/10 (bench_play's)."""
    rng = random.Random(seed)
    cells = "".join("#" if rng.random() < 0.1 else "." for _ in range(160))
    regions = [cells[j : j + 16] for j in range(0, 160, 16)]
    return Sum(*[Domineering("|".join(r[i : i + 4] for i in range(0, 16, 4))) for r in regions])


@pytest.mark.skipif(not COMPILED, reason="in pure Python the search is the favoured route anyway")
def test_with_the_compiled_solvers_the_search_slice_comes_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a glance at the value (:data:`_PEEK_WORK` steps), the search's first slice
    comes before the value route's: a sum that the search settles in it is never valued
    as a whole (ten 4x4 Domineering regions: a value takes 1-30 ms, the search well under
    one; bench_play).  Given no positions (a first slice of 0), the search gives up at
    once and the value route answers.  Both agree with the value alone."""
    value = play_module._value
    valued: list[Any] = []

    def recording(position: Any) -> Any:
        found = value(position)
        if isinstance(position, Sum):  # (a value route's slice that ran out is not here)
            valued.append(position)
        return found

    monkeypatch.setattr(play_module, "_value", recording)
    monkeypatch.setattr(play_module, "_PEEK_WORK", 1)  # (a glance that never finishes)
    nodes = play_module._FIRST_NODES
    for seed in range(3):
        s = ten_regions(seed)
        expected = by_route("value", s)
        for first, whole in ((nodes, False), (0, True)):
            monkeypatch.setattr(play_module, "_FIRST_NODES", first)
            cgt.clear_caches()
            clear_solver_caches()
            valued.clear()
            assert outcome(s) is expected, (seed, first)
            assert bool(valued) is whole, (seed, first)


@pytest.mark.skipif(not COMPILED, reason="in pure Python the search is the favoured route")
def test_a_cheap_value_answers_before_any_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The glance at the value (:data:`_PEEK_WORK` steps) answers small sums before the
    search has split them into components; a glance of 1 step does not, and the search
    answers.  The outcomes are those of the values."""
    state = play_module._Search.state
    searched: list[Any] = []

    def recording(search: Any, position: Any) -> Any:
        searched.append(position)
        return state(search, position)

    monkeypatch.setattr(play_module._Search, "state", recording)
    cases = [
        Sum(Domineering("..|.."), cgt.star),
        Sum(Domineering("...|..#"), Clobber("xo|ox"), cgt.up),
        Sum(Konane("xox|o.o"), ToadsAndFrogs("t.f.")),
    ]
    for peek, search in ((play_module._PEEK_WORK, False), (1, True)):
        monkeypatch.setattr(play_module, "_PEEK_WORK", peek)
        for case in cases:
            cgt.clear_caches()
            clear_solver_caches()
            searched.clear()
            assert outcome(case) is case.value().outcome(), case
            assert bool(searched) is search, (case, peek)


def test_numbers_values_and_bad_input_in_the_race() -> None:
    # a number or a value needs no race: its sign is its outcome
    assert [outcome(x) for x in (1, -0.5, 0, cgt.star, cgt.up)] == [
        Outcome.L,
        Outcome.R,
        Outcome.P,
        Outcome.N,
        Outcome.L,
    ]
    # no value to race with: the search names what is wrong
    for bad in ("foo", object()):
        with pytest.raises(PositionProtocolError, match="is not a position"):
            outcome(bad)
