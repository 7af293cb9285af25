"""Print the Hexapawn tables: the 3 x n theory, the chess-variants table, the
winners of every board up to 6 x 6, misère and Berolina 3 x n.

Usage::

    python examples/hexapawn_tables.py            # quick tables (a few seconds)
    python examples/hexapawn_tables.py --big      # also every board up to 6 x 6 (slow)
    python examples/hexapawn_tables.py --three-row N   # misère/Berolina 3 x n to N

In ``--big`` the two 6 x 6 Berolina boards dominate: about 21 minutes (6 x 6
Berolina) and 12 minutes (Berolina Plus) on one core, and up to 3 GiB of
memory each (the transposition table is dropped between boards).

The literal tables in ``docs/guide/hexapawn.rst`` were produced by this script.
"""

from __future__ import annotations

import argparse
import time

from cgt.games import Hexapawn
from cgt.games.hexapawn import clear_engines, engine_for
from cgt.games.hexapawn.theory import certify_period, nimbers

PAWNS = ("normal", "berolina", "berolina_plus")

#: Robert Price's Hexapawn page (The Chess Variant Pages): "AxB" -> winner
PAGE = {
    "normal": {"3x3": "black", "3x4": "black", "4x4": "white", "4x5": "black",
               "5x5": "white", "5x6": "white"},
    "berolina": {"3x3": "black", "3x4": "white", "4x4": "black", "4x5": "black",
                 "5x5": "black"},
    "berolina_plus": {"3x3": "white", "3x4": "white", "4x4": "black", "4x5": "white",
                      "5x5": "white"},
}  # fmt: skip


def solve(
    columns: int, rows: int, pawn: str = "normal", misere: bool = False
) -> tuple[str, int, float]:
    """Winner, positions searched and seconds for one start position."""
    clear_engines()
    t0 = time.perf_counter()
    winner = Hexapawn(columns, rows, pawn, misere).winner(method="search")
    seconds = time.perf_counter() - t0
    positions = engine_for(columns, rows, pawn, misere).positions
    clear_engines()
    return winner, positions, seconds


def theory_table(n: int = 30) -> None:
    nb = nimbers(n)
    print(f"3 x n theory: f(n), g(n) for n = 0..{n}")
    print("  n  " + " ".join(f"{k:>2}" for k in range(n + 1)))
    print("f(n) " + " ".join(f"{v:>2}" for v in nb.f))
    print("g(n) " + " ".join(" -" if v is None else f"{v:>2}" for v in nb.g[: n + 1]))
    c = certify_period()
    print(f"certified period {c.period} from a = {c.a}; last exception of g: {c.last_g_exception}")
    # the theory against the exhaustive search: White, moving first on 3 x n (n
    # columns, 3 rows), wins exactly when f(n), the nimber of the start, is not 0
    for k in range(1, 13):
        expected = "white" if nb.f[k] else "black"
        assert Hexapawn(k, 3).winner(method="search") == expected, k
    # the certified period: f and g repeat with period 10 past a (the article: a = 64)
    assert c.period == 10 and c.a <= 64 and c.holds()
    assert all(nimbers(3 * c.a).f[k] == c.f_table[k % c.period] for k in range(c.a, 3 * c.a))


def page_table() -> None:
    print("\nchess-variants page, AxB read as columns x rows:")
    for pawn in PAWNS:
        for size, claim in PAGE[pawn].items():
            a, b = (int(v) for v in size.split("x"))
            win_ab = Hexapawn(a, b, pawn).winner(method="search")
            win_ba = Hexapawn(b, a, pawn).winner(method="search")
            print(
                f"  {pawn:14} {size}: page {claim:5}  "
                f"columns x rows {win_ab:5}  rows x columns {win_ba}"
            )
            assert win_ab == claim, (pawn, size)  # the page agrees, read as columns x rows


def big_table(limit: int = 6, misere: bool = False) -> None:
    kind = "misère" if misere else "normal rules"
    print(f"\nwinners, {kind}: columns (across) x rows (down), W = white, B = black")
    for pawn in PAWNS:
        print(f"  {pawn}")
        print("        " + " ".join(f"{c:>2}" for c in range(1, limit + 1)))
        for rows in range(2, limit + 1):
            cells = []
            for columns in range(1, limit + 1):
                winner, positions, seconds = solve(columns, rows, pawn, misere)
                cells.append(" " + winner[0].upper())
                if seconds > 5:
                    print(
                        f"    ({columns}x{rows}: {positions} positions, {seconds:.1f} s)",
                        flush=True,
                    )
            print(f"  rows {rows}" + " ".join(cells), flush=True)


def three_row(limit: int, pawn: str, misere: bool, budget: float = 20.0) -> None:
    """Solve 3 x n for n = 1, 2, ... until ``limit`` or a solve takes over ``budget`` s."""
    label = f"{pawn}{' misère' if misere else ''}"
    print(f"\n3 x n, {label}: n, winner, positions, seconds")
    line = []
    for n in range(1, limit + 1):
        winner, positions, seconds = solve(n, 3, pawn, misere)
        line.append(winner[0].upper())
        print(f"  {n:>3} {winner:5} {positions:>10} {seconds:8.2f}", flush=True)
        if seconds > budget:
            break
    print(f"  {label}, n = 1..{len(line)}: " + "".join(line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--big", action="store_true", help="every board up to 6 x 6")
    parser.add_argument("--misere-big", action="store_true", help="the same under misère rules")
    parser.add_argument("--three-row", type=int, default=0, metavar="N")
    args = parser.parse_args()
    theory_table()
    page_table()
    if args.big:
        big_table()
    if args.misere_big:
        big_table(misere=True)
    if args.three_row:
        three_row(args.three_row, "normal", True)
        three_row(args.three_row, "berolina", False)
        three_row(args.three_row, "berolina", True)
        three_row(args.three_row, "berolina_plus", False)


if __name__ == "__main__":
    main()
