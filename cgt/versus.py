"""Playing a game against cgt: a :class:`Match` between a person and the library.

A match holds a position, the side the person plays and the side to move.
The person picks one of the legal moves (:meth:`Match.moves`, each a
:class:`cgt.Move` with the ruleset's description); cgt answers with
:meth:`Match.reply`: a winning move when it has one, else the move whose value
is best for it.  The match ends when the side to move has no move; under normal
play that side has lost.  :func:`play_in_terminal` is the text game behind
``python -m cgt play``; :class:`cgt.widget.Board` is the notebook one.

>>> from cgt.games import Domineering
>>> m = Match(Domineering("..|.."), human="left", first="left")
>>> [move.description for move in m.moves()]
['vertical domino on (0, 0) and (1, 0)', 'vertical domino on (0, 1) and (1, 1)']
>>> m.play(0).description
'vertical domino on (0, 0) and (1, 0)'
>>> m.reply() is None, m.over, m.winner
(True, True, Player.LEFT)

cgt chooses, of its winning moves (or of all its moves when none wins), the one
whose value is best for it: for Left the highest right stop (Right moves
next), then the highest mean; for Right the lowest left stop, then the lowest
mean.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any

from ._budget import work_left, work_limit
from .errors import InvalidArgument, WorkLimitExceeded, WrongType
from .game import Game, Outcome, nimber
from .play import Move, Player, as_player, describe, outcome

__all__ = ["PLAYABLE_KINDS", "VALUE_STEPS", "Match", "outcome_words", "play_in_terminal"]

VALUE_STEPS = 300_000
"""The work (steps, see :func:`cgt.work_limit`) a :class:`Match` spends on one position's
value by default; a position whose value needs more is played by outcome search alone
(and so are its options: their values are not tried)."""

PLAYABLE_KINDS = ("partizan", "impartial")
"""The ruleset kinds (see :data:`cgt.games.registry.KINDS`) a :class:`Match` plays."""

_SAYS = {
    Outcome.L: "Left wins, whoever moves first",
    Outcome.R: "Right wins, whoever moves first",
    Outcome.N: "the player to move wins",
    Outcome.P: "the player to move loses (the second player wins)",
}


def outcome_words(outcome: Outcome) -> str:
    """Who wins, in words, for an outcome class.

    >>> outcome_words(Outcome.P)
    'the player to move loses (the second player wins)'
    """
    return _SAYS[outcome]


def _options(position: Any, side: Player) -> list[Any]:
    if isinstance(position, Game):
        return list(position.left_options if side is Player.LEFT else position.right_options)
    method = position.left_options if side is Player.LEFT else position.right_options
    return list(method())


def _value_of(position: Any) -> Game:
    if isinstance(position, Game):
        return position
    value = getattr(position, "value", None)
    if value is not None:
        found = value()
        if isinstance(found, Game):
            return found
    grundy = getattr(position, "grundy", None)
    if grundy is not None:
        return nimber(grundy())
    raise WrongType(f"cannot value {type(position).__name__} {position!r} as a short game")


def _playable(position: Any) -> None:
    if isinstance(position, Game):
        return
    if not (callable(getattr(position, "left_options", None)) and hasattr(position, "value")):
        raise WrongType(
            f"cgt plays positions with left and right options and a value (or Games), "
            f"not {type(position).__name__} {position!r}"
        )
    from .games.registry import info

    try:
        kind = info(type(position)).kind
    except InvalidArgument:  # a ruleset of the user's own, unregistered: play it by its options
        return
    if kind not in PLAYABLE_KINDS:
        raise InvalidArgument(
            f"cgt cannot play {type(position).__name__} positions: it plays short games under "
            f"normal play (partizan or impartial rulesets), and this ruleset is {kind}"
        )


class Match:
    """A game between a person (``human``: a side) and cgt, from ``position``.

    ``first`` is the side that moves first (default Left).  Sides may be
    :class:`cgt.Player` members or ``"left"``/``"right"``/``"L"``/``"R"``.
    ``value_steps`` bounds the work spent on each position's value (default
    :data:`VALUE_STEPS`; ``None``: no bound): a position whose value needs more
    has none (:meth:`value` is ``None``), and whether a move wins is found by
    the outcome search of :func:`cgt.play.outcome` instead.

    >>> import cgt
    >>> m = Match(cgt.parse("{1|-1}"), human="right", first="left")
    >>> m.to_move, m.computer, m.reply().description
    (Player.LEFT, Player.LEFT, 'to 1')
    >>> m.over, m.winner
    (True, Player.LEFT)
    """

    def __init__(
        self,
        position: Any,
        human: Player | str = "left",
        first: Player | str = "left",
        *,
        value_steps: int | None = VALUE_STEPS,
    ) -> None:
        _playable(position)
        if value_steps is not None and (
            isinstance(value_steps, bool) or not isinstance(value_steps, int) or value_steps < 1
        ):
            raise InvalidArgument(
                f"value_steps is a positive number of steps or None, not {value_steps!r}"
            )
        self.value_steps = value_steps
        self._values: dict[Any, Game | None] = {}
        self.start = position
        self.position: Any = position
        self.human: Player = as_player(human)
        self.to_move: Player = as_player(first)
        self.history: list[Move] = []

    @property
    def computer(self) -> Player:
        """The side cgt plays.

        >>> import cgt
        >>> Match(cgt.star, human="left").computer
        Player.RIGHT
        """
        return self.human.opponent

    def value(self) -> Game | None:
        """The value of the current position (a nimber for an impartial ruleset), or ``None``
        when it needs more work than ``value_steps``.

        >>> from cgt.games import Cram, Domineering
        >>> Match(Cram("...")).value()
        *
        >>> print(Match(Domineering("....#|.....|....."), value_steps=10).value())
        None
        """
        return self._value(self.position)

    def _value(self, position: Any) -> Game | None:
        if isinstance(position, Game):
            return position
        key = (type(position), str(position))
        if key in self._values:
            return self._values[key]
        found: Game | None
        if self.value_steps is None:
            found = _value_of(position)
        else:
            try:
                with work_limit(self.value_steps):
                    found = _value_of(position)
            except WorkLimitExceeded:
                if work_left() == 0:  # the caller's own budget is spent, not ours
                    raise
                found = None
        if len(self._values) > 4096:
            self._values.clear()
        self._values[key] = found
        return found

    def outcome(self) -> Outcome:
        """The outcome class of the current position (by search when there is no value).

        >>> from cgt.games import Domineering
        >>> Match(Domineering("....|....|...."), value_steps=10).outcome()
        Outcome.R
        """
        value = self.value()
        return value.outcome() if value is not None else outcome(self.position)

    def moves(self) -> list[Move]:
        """The moves of the side to move, in the ruleset's order, each with its description.

        >>> import cgt
        >>> [str(m) for m in Match(cgt.star).moves()]
        ['Left: to 0']
        """
        side, here = self.to_move, self.position
        return [Move(side, o, describe(here, o)) for o in _options(here, side)]

    @property
    def over(self) -> bool:
        """Whether the side to move has no move (and so, under normal play, has lost).

        >>> import cgt
        >>> Match(cgt.zero).over
        True
        """
        return not _options(self.position, self.to_move)

    @property
    def winner(self) -> Player | None:
        """The side that won (the other side has no move), or ``None`` while play goes on.

        >>> import cgt
        >>> Match(cgt.zero, first="right").winner
        Player.LEFT
        """
        return self.to_move.opponent if self.over else None

    def _move(self, move: Move) -> Move:
        self.position = move.position
        self.history.append(move)
        self.to_move = self.to_move.opponent
        return move

    def play(self, index: int) -> Move:
        """The person plays the move numbered ``index`` (from 0) of :meth:`moves`.

        >>> import cgt
        >>> m = Match(cgt.parse("{1,2|-1}"))
        >>> m.play(0).position, m.to_move
        (2, Player.RIGHT)
        >>> m.play(0)
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidArgument: it is cgt's turn (Right), not yours
        """
        if self.to_move is not self.human:
            raise InvalidArgument(f"it is cgt's turn ({self.to_move.name.title()}), not yours")
        moves = self.moves()
        if isinstance(index, bool) or not isinstance(index, int):
            raise WrongType(f"a move is chosen by its number, not {index!r}")
        if not 0 <= index < len(moves):
            raise InvalidArgument(
                f"there is no move {index}: the moves are numbered 0 to {len(moves) - 1}"
                if moves
                else f"there is no move {index}: {self.to_move.name.title()} has no move"
            )
        return self._move(moves[index])

    def scored(self) -> list[tuple[Move, Game | None, bool]]:
        """Each move of the side to move with its value and whether it wins for that side.

        A move wins for Left when its value is at least 0 (Right, moving next,
        loses), for Right when it is at most 0.  A move to a position with no
        value (see ``value_steps``) has ``None``, and whether it wins is
        searched.

        >>> from cgt.games import Domineering
        >>> for move, value, wins in Match(Domineering("...|...")).scored():
        ...     print(move.description, "|", value, "|", wins)
        vertical domino on (0, 0) and (1, 0) | +-1 | False
        vertical domino on (0, 1) and (1, 1) | 2 | True
        vertical domino on (0, 2) and (1, 2) | +-1 | False
        """
        side = self.to_move
        out = []
        good = (Outcome.L, Outcome.P) if side is Player.LEFT else (Outcome.R, Outcome.P)
        valued = self.value() is not None  # else the options' values are out of reach too
        for move in self.moves():
            value = self._value(move.position) if valued else None
            found = value.outcome() if value is not None else outcome(move.position)
            wins = found in good
            out.append((move, value, wins))
        return out

    def best(self) -> Move | None:
        """The move cgt would make for the side to move: winning if one wins, else best by value.

        >>> from cgt.games import Domineering
        >>> Match(Domineering("....|...."), first="right").best().description
        'horizontal domino on (0, 1) and (0, 2)'
        """
        scored = self.scored()
        if not scored:
            return None
        winning = [s for s in scored if s[2]]
        pool = [s for s in winning or scored if s[1] is not None]
        if not pool:  # no value known: the first winning move, else the first move
            return (winning or scored)[0][0]
        sign = 1 if self.to_move is Player.LEFT else -1

        def key(item: tuple[Move, Game | None, bool]) -> tuple[Any, ...]:
            g = item[1]
            assert g is not None
            if sign > 0:
                return (g.right_stop(), g.mean(), g.left_stop())
            return (-g.left_stop(), -g.mean(), -g.right_stop())

        return max(pool, key=key)[0]

    def reply(self) -> Move | None:
        """cgt moves (:meth:`best`) when it is its turn; ``None`` when it has no move.

        >>> import cgt
        >>> m = Match(cgt.parse("{1|-1}"), human="left", first="right")
        >>> m.reply().position, m.over, m.winner
        (-1, True, Player.RIGHT)
        """
        if self.to_move is not self.computer:
            raise InvalidArgument(f"it is your turn ({self.to_move.name.title()}), not cgt's")
        move = self.best()
        return None if move is None else self._move(move)

    def hint(self) -> str:
        """Who wins from here with the side to move, and with which moves.

        >>> from cgt.games import Domineering
        >>> print(Match(Domineering("...|...")).hint())
        Left to move wins with: vertical domino on (0, 1) and (1, 1)
        >>> print(Match(Domineering("..|##")).hint())
        Left to move has no move and loses
        """
        side = self.to_move.name.title()
        scored = self.scored()
        if not scored:
            return f"{side} to move has no move and loses"
        wins = [m.description for m, _, w in scored if w]
        if not wins:
            return f"{side} to move loses against best play (every move loses)"
        return f"{side} to move wins with: " + "; ".join(wins)


def _board_lines(position: Any) -> list[str]:
    return str(position).replace("|", "\n").splitlines() or [""]


def play_in_terminal(
    match: Match,
    read: Callable[[], str] | None = None,
    write: Callable[[str], Any] | None = None,
    *,
    echo: bool | None = None,
) -> Player | None:
    """Play ``match`` in a terminal: the board, the person's numbered moves, cgt's answers.

    ``read`` returns one line of input (``""`` at the end of the input: the
    person leaves), ``write`` prints one line; they default to standard input
    and output.  ``echo`` repeats each line read after its prompt (the default
    when the input is not a terminal, so a transcript reads well).  Typing
    ``h`` shows the winning moves, ``q`` quits.  Returns the winner, or
    ``None`` when the person left before the end.

    >>> import io
    >>> from cgt.games import Domineering
    >>> answers = io.StringIO("2\\n")
    >>> winner = play_in_terminal(Match(Domineering("...|..."), "left"), answers.readline)
    You play Left against cgt (Right); Left moves first.
    <BLANKLINE>
      ...
      ...
    value: {2|-1/2}, outcome N: the player to move wins
    Your moves (Left):
      1. vertical domino on (0, 0) and (1, 0)
      2. vertical domino on (0, 1) and (1, 1)
      3. vertical domino on (0, 2) and (1, 2)
    Your move (1-3, h: hint, q: quit): 2
    You play: vertical domino on (0, 1) and (1, 1)
    <BLANKLINE>
      .#.
      .#.
    value: 2, outcome L: Left wins, whoever moves first
    Right (cgt) has no move.
    You win!
    >>> winner
    Player.LEFT
    """
    stdin: IO[str] = sys.stdin
    if read is None:
        read = stdin.readline
        if echo is None:
            echo = not stdin.isatty()
    echo = True if echo is None else echo
    out: Callable[[str], Any] = write if write is not None else print
    me, it = match.human.name.title(), match.computer.name.title()
    out(f"You play {me} against cgt ({it}); {match.to_move.name.title()} moves first.")

    def show() -> None:
        out("")
        for line in _board_lines(match.position):
            out("  " + line)
        value = match.value()
        found = match.outcome()
        shown = "not computed (too much work)" if value is None else str(value)
        out(f"value: {shown}, outcome {found.name}: {outcome_words(found)}")

    show()
    while True:
        side = match.to_move.name.title()
        if match.over:
            who = "you" if match.to_move is match.human else "cgt"
            out(f"{side} ({who}) has no move.")
            out("You win!" if match.winner is match.human else "cgt wins.")
            return match.winner
        if match.to_move is match.computer:
            move = match.reply()
            assert move is not None
            out(f"cgt plays: {move.description}")
            show()
            continue
        moves = match.moves()
        out(f"Your moves ({side}):")
        for i, move in enumerate(moves, 1):
            out(f"  {i}. {move.description}")
        numbers = "1" if len(moves) == 1 else f"1-{len(moves)}"
        while True:
            prompt = f"Your move ({numbers}, h: hint, q: quit): "
            if write is None:
                print(prompt, end="", flush=True)
            line = read()
            if write is None and echo:
                print(line.rstrip("\n"))
            elif write is not None:
                out(prompt + line.rstrip("\n"))
            text = line.strip().lower()
            if not line or text in ("q", "quit", "exit"):
                out("Bye.")
                return None
            if text in ("h", "hint", "?"):
                out("hint: " + match.hint())
                continue
            if text.isdigit() and 1 <= int(text) <= len(moves):
                move = match.play(int(text) - 1)
                out(f"You play: {move.description}")
                show()
                break
            wanted = "1" if len(moves) == 1 else f"a number from 1 to {len(moves)}"
            out(f"{line.strip()!r} is not one of your moves: type {wanted}")
