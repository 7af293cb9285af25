"""The chip games of a 2002 science-fair project: the four rules, the Nim reduction.

Run ``python examples/chip_games.py``.
"""

from __future__ import annotations

import itertools
import random
import time

from cgt.games import ChipGame


def show(squares: list[int], rule: str) -> None:
    g = ChipGame(squares, rule)
    print(f"  {rule}: squares {list(g.squares)}")
    print(f"     Q = {g.q_values()}  heaps = {g.nim_heaps()}  winner: {g.winner()}")
    print(f"     winning moves: {g.winning_moves()}")


def main() -> None:
    print("Worked examples of the source (rule A):")
    show([4, 6, 8], "A")
    show([4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27], "A")
    show([5, 6, 8, 9, 12, 13, 14, 21, 23, 24], "A")

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

    rng = random.Random(2002)
    squares = rng.sample(range(1, 1_000_000), 10_000)
    t0 = time.perf_counter()
    winners = {rule: ChipGame(squares, rule).winner() for rule in "ABCD"}
    print(f"\n10,000 chips: {winners} in {time.perf_counter() - t0:.3f} s")
    print(f"Grundy value under rule C: {ChipGame(squares, 'C').theory_grundy()}")


if __name__ == "__main__":
    main()
