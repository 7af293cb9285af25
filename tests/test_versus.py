"""Playing against cgt (cgt/versus.py, ``python -m cgt play``; issue 32, "Playing against cgt").

cgt's moves are checked against a win/loss search written here on the rulesets'
move generators only (no values): whenever cgt has a winning move it makes one,
and from a position it wins (moving second in a P position or first in an N
position, or in its own L/R) it wins against every line of the person's play.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.cli import RULESETS, main
from cgt.errors import InvalidArgument, WorkLimitExceeded, WrongType
from cgt.games import Clobber, Cram, Domineering, Hackenbush, ToadsAndFrogs
from cgt.play import Player
from cgt.versus import PLAYABLE_KINDS, VALUE_STEPS, Match, play_in_terminal

ROOT = Path(__file__).resolve().parent.parent


def _options(position: Any, side: Player) -> list[Any]:
    return list(position.left_options() if side is Player.LEFT else position.right_options())


@cache
def _wins(position: Any, side: Player) -> bool:
    """Whether ``side``, to move in ``position``, wins (normal play): a plain search."""
    return any(not _wins(o, side.opponent) for o in _options(position, side))


def _expected_winner(position: Any, first: Player) -> Player:
    return first if _wins(position, first) else first.opponent


def _all_lines(
    position: Any, human: Player, first: Player, value_steps: int | None = VALUE_STEPS
) -> list[Player]:
    """The winner of every game the person can play against cgt from ``position``."""
    winners: list[Player] = []
    stack = [(position, first)]
    while stack:
        here, to_move = stack.pop()
        m = Match(here, human=human, first=to_move, value_steps=value_steps)
        if m.over:
            winners.append(to_move.opponent)
            continue
        if to_move is human:
            for i in range(len(m.moves())):
                stack.append((m.moves()[i].position, to_move.opponent))
            continue
        scored = m.scored()
        move = m.reply()
        assert move is not None
        # cgt's move is winning whenever it has one (checked by the search above)
        if _wins(here, to_move):
            assert not _wins(move.position, to_move.opponent), (here, move)
        # and its choice is one of its moves, marked winning exactly when the search says so
        for mv, _, wins in scored:
            assert wins == (not _wins(mv.position, to_move.opponent)), (here, mv)
        stack.append((move.position, to_move.opponent))
    return winners


SMALL = [
    Domineering("...|..."),
    Domineering("..|..|.."),
    Domineering("...|.#.|..."),
    Domineering("....|...."),
    Domineering("..|..|..|.."),
    Domineering("...|...|..#"),
    Clobber("xox|oxo"),
    Clobber("xo.|oxo|.x."),
    ToadsAndFrogs("tt..ff"),
    ToadsAndFrogs("t.tf.f"),
    Hackenbush.parse("l(l;rl);r(lr;r)"),
    Cram("...|..."),
    Cram("...|.#."),
]


@pytest.mark.parametrize("position", SMALL, ids=str)
def test_cgt_wins_every_line_from_a_position_it_wins(position: Any) -> None:
    lines = 0
    for first in (Player.LEFT, Player.RIGHT):
        winner = _expected_winner(position, first)
        # cgt takes the side that wins with this side to move first (moving first
        # in an N position, second in a P position, or its own side of L/R)
        computer = winner
        outcomes = _all_lines(position, human=computer.opponent, first=first)
        assert outcomes and all(w is computer for w in outcomes), (position, first)
        lines += len(outcomes)
    assert lines >= 2


def test_without_values_cgt_plays_by_search() -> None:
    # with almost no work allowed for values, cgt decides its moves by the outcome search
    # (a board no other test values: values once found are kept by the solvers)
    board = Domineering("..#.|....|.#..")
    m = Match(board, human="left", first="left", value_steps=1)
    assert m.value() is None and m.outcome() is cgt.Outcome.P
    assert not _wins(board, Player.LEFT)
    scored = m.scored()
    assert scored and all(value is None for _, value, _ in scored)
    for move, _, wins in scored:
        assert wins == (not _wins(move.position, Player.RIGHT))
    # cgt, second in this P position, wins every line the person can play
    lines = _all_lines(board, Player.LEFT, Player.LEFT, value_steps=1)
    assert len(lines) >= 5 and all(w is Player.RIGHT for w in lines)


def test_a_work_limit_of_the_caller_still_holds() -> None:
    with cgt.work_limit(5), pytest.raises(WorkLimitExceeded):
        Match(Domineering(".#..|....|..#.|...."), value_steps=1000).value()
    with pytest.raises(InvalidArgument, match="value_steps"):
        Match(Domineering(".."), value_steps=0)


def test_the_small_positions_have_every_outcome() -> None:
    # the positions above give cgt both jobs: first in N positions, second in P positions
    found = set()
    for position in SMALL:
        left, right = _wins(position, Player.LEFT), _wins(position, Player.RIGHT)
        names = {(True, True): "N", (False, False): "P", (True, False): "L", (False, True): "R"}
        found.add(names[(left, right)])
    assert found == {"N", "P", "L", "R"}


def test_cgt_moves_by_value_when_it_cannot_win() -> None:
    # Clobber "xo.|.ox" is worth 0: Left (cgt) moving first loses whatever it does
    lost = Clobber("xo.|.ox")
    assert not _wins(lost, Player.LEFT)
    m = Match(lost, human="right", first="left")
    scored = m.scored()
    assert scored and not any(wins for _, _, wins in scored)
    best = m.best()
    assert best is not None
    # the best by value for Left: the highest right stop (Right moves next), then the mean
    top = max((g.right_stop(), g.mean()) for _, g, _ in scored)
    assert (best.value().right_stop(), best.value().mean()) == top
    # and for Right the lowest left stop
    m = Match(Clobber("ox.|.xo"), human="left", first="right")
    top = min((g.left_stop(), g.mean()) for _, g, _ in m.scored())
    best = m.best()
    assert best is not None and (best.value().left_stop(), best.value().mean()) == top


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_the_command_plays_a_whole_game_and_cgt_wins(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 3x3 Domineering with a corner filled: a position where cgt wins moving second
    board = "...|...|..#"
    position = Domineering(board)
    for first in (Player.LEFT, Player.RIGHT):
        computer = _expected_winner(position, first)
        human = computer.opponent.name.lower()
        # a bad line, a number out of range and a hint first; then numbers from 40 down:
        # each turn the person plays the largest number left that is one of the moves
        script = ["nonsense", "0", "h"] + [str(n) for n in range(40, 0, -1)]
        feed(monkeypatch, "\n".join(script) + "\n")
        status = main(["play", "domineering", board, "--as", human, "--first", first.name.lower()])
        out = capsys.readouterr().out
        assert status == 0
        assert out.rstrip().endswith("cgt wins."), out
        assert "is not one of your moves" in out
        assert "hint: " in out
        assert f"You play {human.title()} against cgt" in out


@pytest.mark.slow
def test_a_board_too_big_to_value_is_played_by_search(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the empty 6x6 Domineering board: its value is out of reach, its outcome (and its
    # options') a quick big-board search with the compiled kernels
    if not cgt.compiled().get("shortgame"):
        pytest.skip("needs the compiled kernels (the big-board search)")
    start = time.process_time()
    feed(monkeypatch, "1\nq\n")
    assert main(["play", "domineering", "|".join(["......"] * 6), "--as", "right"]) == 0
    out = capsys.readouterr().out
    assert "value: not computed (too much work), outcome N" in out
    assert out.count("cgt plays: vertical domino") == 2 and out.rstrip().endswith("Bye.")
    assert time.process_time() - start < 60


def test_quit_and_end_of_input_leave_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for text in ("q\n", "", "quit\n"):
        feed(monkeypatch, text)
        assert main(["play", "clobber", "xoxo|oxox"]) == 0
        out = capsys.readouterr().out
        assert out.rstrip().endswith("Bye.")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "dots-and-boxes", "2x2: h0,0"], "cgt cannot play dots-and-boxes"),
        (["play", "fox-and-geese", "x.x.|....|o..."], "is loopy"),
        (["play", "domineerin", ".."], "did you mean domineering?"),
        (["play", "domineering", "..x"], "cgt: "),
    ],
)
def test_rulesets_it_cannot_play_are_a_clear_error(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err and "Traceback" not in captured.err


def test_bad_choices_are_errors_not_moves() -> None:
    m = Match(Domineering("..|.."))
    with pytest.raises(InvalidArgument, match="no move 2"):
        m.play(2)
    with pytest.raises(WrongType):
        m.play("1")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="your turn"):
        m.reply()
    with pytest.raises(WrongType):
        Match(object())
    import pickle

    with pytest.raises(InvalidArgument) as caught:
        m.play(-1)
    err = caught.value
    assert str(pickle.loads(pickle.dumps(err))) == str(err)


@pytest.mark.parametrize("name", sorted(n for n, r in RULESETS.items() if r.kind in PLAYABLE_KINDS))
def test_every_playable_ruleset_plays_its_example_to_the_end(name: str) -> None:
    ruleset = RULESETS[name]
    match = Match(ruleset.make(ruleset.example), human="left")
    out: list[str] = []
    winner = play_in_terminal(match, lambda: "1\n", out.append)
    assert winner in (Player.LEFT, Player.RIGHT)
    assert out[-1] in ("You win!", "cgt wins.")
    assert match.over and match.winner is winner
    # who won agrees with the moves made: the loser is the side with no move
    assert match.to_move is winner.opponent and not _options(match.position, match.to_move)


def test_python_m_cgt_play_in_a_subprocess() -> None:
    # the whole program, reading a pipe: 2x3 Domineering with Right to move first is a
    # Right win; the person plays Left, so cgt (Right) moves first and must win
    done = subprocess.run(
        [sys.executable, "-m", "cgt", "play", "domineering", "...|...", "--first", "right"],
        input="1\n1\n1\n1\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=100,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("cgt wins."), done.stdout
    assert done.stdout.count("cgt plays: horizontal domino") >= 1
