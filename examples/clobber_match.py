"""A Clobber match on eight small boards, played by the outcome search.

Eight 2x5 Clobber boards make a sum whose canonical form is enormous, yet
who wins it, and with which move, is found at once: ``cgt.play`` values
each board, keeps the sum as a list of values and searches it.  This script
plays the whole match, both sides choosing a winning move when they have
one (else their first move), and prints every move with the search's
verdict on the position it leaves.

Run:  python examples/clobber_match.py
"""

from __future__ import annotations

import time

import cgt
from cgt import Player, Sum
from cgt.games import Clobber

BOARDS = [
    "xox.x|.xoxo",
    "xoo.o|xo.xo",
    "xoxox|oooxx",
    "xooox|xx.xx",
    "x.ooo|xoxxo",
    "oxxoo|xxxxx",
    "xooxo|oxxoo",
    "ooxxx|oxoox",
]


def main() -> None:
    position = Sum(*(Clobber(b) for b in BOARDS))
    start = time.perf_counter()
    verdict = position.outcome()
    print(f"Eight boards; who wins: {verdict.name} (Left moves first)")
    # Left, moving first, wins exactly when the outcome is L or N
    winner = Player.LEFT if verdict in (cgt.Outcome.L, cgt.Outcome.N) else Player.RIGHT
    player = Player.LEFT
    turn = 0
    while True:
        moves = position.winning_moves(player)
        options = position.left_options() if player is Player.LEFT else position.right_options()
        if not options:
            print(f"{player.name.title()} has no move and loses after {turn} moves.")
            # the match, played out move by move, ends as the search said at the start
            assert player is winner.opponent
            break
        if moves:
            move = moves[0]
            chosen, note = move.position, "winning"
            text = move.description
        else:
            chosen, note = options[0], "no winning move"
            text = cgt.play.describe(position, chosen)
        turn += 1
        print(f"{turn:3}. {player.name.title():5} {text}  ({note})")
        # the winner always has a winning move, the loser never does
        assert bool(moves) == (player is winner)
        position = chosen
        player = player.opponent
    print(f"({time.perf_counter() - start:.1f} s for the whole match)")


if __name__ == "__main__":
    main()
