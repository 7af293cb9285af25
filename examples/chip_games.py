"""The chip games of a 2002 science-fair project: the four rules, the Nim reduction.

Run ``python examples/chip_games.py``.
"""

from __future__ import annotations

import itertools
import math
import random
import time

from cgt.games import ChipGame


def show(squares: list[int], rule: str) -> ChipGame:
    g = ChipGame(squares, rule)
    print(f"  {rule}: squares {list(g.squares)}")
    print(f"     Q = {g.q_values()}  heaps = {g.nim_heaps()}  winner: {g.winner()}")
    # Q_i = X_i - i over the sorted squares (the source's definition)
    assert g.q_values() == tuple(x - i for i, x in enumerate(sorted(squares), start=1))
    assert g.winner() == g.winner("search")  # the Nim reduction against the exact search
    print(f"     winning moves: {g.winning_moves()}")
    # a winning move leaves a position the player to move then loses (the game
    # may also end at once: rule A, a chip reaches square 1)
    for move in g.winning_moves():
        child = g.play(move)
        assert child.winner("search") == "second" or (rule == "A" and 1 in child.squares)
    return g


def main() -> None:
    print("Worked examples of the source (rule A):")
    # the source's answers (SEEDS.md 001): f_A(4 6 8) = 1, the second player wins;
    # heaps O = {3, 4, 3, 1} (xor 5: the first player wins) and O = {2, 3, 1} (xor 0)
    assert show([4, 6, 8], "A").winner() == "second"
    first = show([4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27], "A")
    assert first.nim_heaps() == (3, 4, 3, 1) and first.winner() == "first"
    second = show([5, 6, 8, 9, 12, 13, 14, 21, 23, 24], "A")
    assert second.nim_heaps() == (2, 3, 1) and second.winner() == "second"

    print("\nOne position under the four rules:")
    for rule in "ABCD":
        show([3, 5, 6, 9, 10, 11], rule)

    print("\nThe reduction against the exact search (squares <= 12, up to 5 chips):")
    for rule in "ABCD":
        n = agree = 0
        for k in range(6):
            for s in itertools.combinations(range(1, 13), k):
                n += 1
                g = ChipGame(s, rule)
                agree += g.winner("search") == g.winner("theory")
        print(f"  rule {rule}: {agree}/{n} positions agree")
        assert agree == n == sum(math.comb(12, k) for k in range(6))

    rng = random.Random(2002)
    squares = rng.sample(range(1, 1_000_000), 10_000)
    t0 = time.perf_counter()
    winners = {rule: ChipGame(squares, rule).winner() for rule in "ABCD"}
    print(f"\n10,000 chips: {winners} in {time.perf_counter() - t0:.3f} s")
    grundy = ChipGame(squares, "C").theory_grundy()
    print(f"Grundy value under rule C: {grundy}")
    # rule C is normal play: the second player wins exactly when the Grundy value is 0;
    # and the source's shifts: F_C(Q) = F_B(Q + 1) = F_A(Q + 2)
    assert (grundy == 0) == (winners["C"] == "second")
    shifted = [x + 1 for x in squares]
    assert ChipGame(shifted, "B").winner() == winners["C"]
    assert ChipGame([x + 2 for x in squares], "A").winner() == winners["C"]


if __name__ == "__main__":
    main()
