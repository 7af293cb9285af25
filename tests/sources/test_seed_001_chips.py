"""SEEDS.md 001, "Winning strategies for games played with chips".

Every worked example and closed formula of the source, against the exact
search.  The source's game function is f(P) = 1 when the SECOND player wins.
Where a formula is wrong the test asserts the computed truth (and the failing
cases); docs/guide/chips.rst prints the errata.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache, reduce
from operator import xor

import pytest

from cgt.games import ChipGame
from cgt.games.chips import misere_nim_second_wins

Squares = tuple[int, ...]


def chip_moves(p: Squares) -> list[Squares]:
    """The positions one move leads to, from the rules (SEEDS.md 001).

    A move takes one chip to the nearest empty square on its left, jumping the
    block of chips directly to its left if any; a chip with no empty square to
    its left (a block reaching square 1) cannot move.
    """
    occupied = set(p)
    out = []
    for i, x in enumerate(p):
        y = x - 1
        while y in occupied:
            y -= 1
        if y >= 1:
            out.append(tuple(sorted((*p[:i], y, *p[i + 1 :]))))
    return out


@cache
def brute_f(p: Squares, rule: str) -> int:
    """The source's f_G (1 when the SECOND player wins) by exhaustive search, from the rules.

    Written here from the rules alone (no code of ``cgt``): Game A, whoever puts a
    chip on square 1 wins (so a position with square 1 taken is lost for the
    player to move); Game B, whoever does so loses; Game C, whoever cannot move
    loses (normal play); Game D, whoever cannot move wins (misère).
    """
    if rule in "AB" and p and p[0] == 1:
        return 1 if rule == "A" else 0
    stuck = True
    for child in chip_moves(p):
        stuck = False
        if brute_f(child, rule) == 1:  # a move to a second-player win: the mover wins
            return 0
    if stuck:
        if rule in "AB":  # pragma: no cover - some chip can always move unless one is on 1
            raise AssertionError(f"no move in game {rule} from {p}")
        return 1 if rule == "C" else 0
    return 1


def f(squares: Squares, rule: str) -> int:
    """The source's f_G: the brute force above is the truth of every test here."""
    return brute_f(tuple(sorted(squares)), rule)


@pytest.mark.parametrize("rule", "ABCD")
def test_the_library_search_agrees_with_the_brute_force(rule: str) -> None:
    for k in range(0 if rule in "CD" else 1, 5):  # (no chips: A and B have no ending)
        for p in positions(k, 1, 11):
            g = ChipGame(p, rule)
            assert (1 if g.winner("search") == "second" else 0) == f(p, rule), p
            assert (1 if g.winner() == "second" else 0) == f(p, rule), p
            over = rule in "AB" and 1 in p  # the game has ended: no moves
            expected = [] if over else sorted(chip_moves(p))
            assert sorted(child.squares for child in map(g.play, g.moves())) == expected, p


def chi(n: int) -> int:
    return n % 2


def pattern(p: Squares) -> str:
    """'=' where P_{i+1} = P_i + 1 (alpha = beta ...), '<' otherwise."""
    return "".join("=" if p[i + 1] - p[i] == 1 else "<" for i in range(len(p) - 1))


def positions(k: int, low: int, high: int) -> list[Squares]:
    return list(itertools.combinations(range(low, high + 1), k))


# --- moves and worked examples ------------------------------------------------------------


def test_move_notation_examples() -> None:
    # P = 24568: P[3] = 23468, P[5] = 24567, P[3,4,2] = 12458 (indices into the sorted array)
    def move(p: Squares, i: int) -> Squares:
        return ChipGame(p).play(p[i - 1]).squares

    p = (2, 4, 5, 6, 8)
    assert move(p, 3) == (2, 3, 4, 6, 8)
    assert move(p, 5) == (2, 4, 5, 6, 7)
    assert move(move(move(p, 3), 4), 2) == (1, 2, 4, 5, 8)


def test_tree_diagram_examples() -> None:
    assert f((4, 6, 8), "A") == 1
    for p in [(3, 6, 7), (3, 5, 8), (3, 4, 7), (3, 4, 5)]:
        assert f(p, "A") == 1, p
    for p in [(4, 6, 7), (4, 5, 8), (3, 6, 8), (3, 5, 7), (3, 5, 6), (3, 4, 8), (3, 4, 6)]:
        assert f(p, "A") == 0, p


def test_chip_on_two_wins_game_a() -> None:
    for k in range(1, 5):
        for rest in positions(k - 1, 3, 10):
            assert f((2, *rest), "A") == 0


def test_square_three_can_be_ignored_in_game_a() -> None:
    # f_A(3, X_1+1, ..., X_k+1) = f_A(X_1, ..., X_k) for X_1 >= 3
    for k in range(1, 5):
        for p in positions(k, 3, 11):
            assert f((3, *(x + 1 for x in p)), "A") == f(p, "A"), p


def test_trivial_positions_eq_3() -> None:
    for k in range(1, 7):
        assert f(tuple(range(3, k + 3)), "A") == 1  # f_A(3 4 ... k+2) = 1
        assert f(tuple(range(2, k + 2)), "B") == 1  # f_B(2 3 ... k+1) = 1
        for i in range(1, k + 1):
            full = [x for x in range(1, k + 2) if x != i]
            assert f(tuple(full), "C") == 0
        for n in range(4):
            for b in (0, 1):
                p = (*range(1, k), k + 2 * n + b)
                assert f(p, "C") == (b + 1) % 2
                assert f(p, "D") == b
    assert f((1, 5, 6), "A") == 1 and f((1, 5, 6), "B") == 0
    assert f((1, 2, 3), "C") == 1 and f((1, 2, 3), "D") == 0


# --- the closed formulas for k = 3, 4, 5, 6 -------------------------------------------------


def k3_chinese(p: Squares) -> int:
    a, b, c = p
    pat = pattern(p)
    if pat == "<<":
        return 1 - chi(a + b + c)
    if pat in ("=<", "<="):
        return chi(a * c)
    return chi(a)


def k3_english(p: Squares) -> int:
    """Proposition 3.1's 'easy formula' as printed: 1 - chi(P1 x P2 x P3)."""
    a, b, c = p
    return 1 - chi(a * b * c) if pattern(p) == "<<" else k3_chinese(p)


def test_k3_formula() -> None:
    for p in positions(3, 3, 16):
        assert k3_chinese(p) == f(p, "A"), p


def test_k3_erratum_domain_two() -> None:
    """The Chinese closed form says 2 <= a; with a = 2 the mover simply wins."""
    wrong = [p for p in positions(3, 2, 12) if k3_chinese(p) != f(p, "A")]
    assert wrong and all(p[0] == 2 for p in wrong)
    assert (2, 4, 6) in wrong and f((2, 4, 6), "A") == 0


def test_k3_erratum_product_for_sum() -> None:
    """Prop. 3.1 (English) prints 1 - chi(P1 x P2 x P3); the truth is 1 - chi(P1 + P2 + P3)."""
    wrong = [p for p in positions(3, 3, 12) if k3_english(p) != f(p, "A")]
    assert (3, 6, 8) in wrong and f((3, 6, 8), "A") == 0 and k3_english((3, 6, 8)) == 1


K4: dict[str, Callable[[Squares], int]] = {
    "<<<": lambda p: sum(p) - 1,
    "=<<": lambda p: p[0] * (p[2] + p[3]),
    "<=<": lambda p: p[2] * (p[0] + p[3]),
    "<<=": lambda p: p[2] * (p[0] + p[1]),
    "==<": lambda p: p[0] * (p[3] - 1),
    "<==": lambda p: p[0] * p[2],
    "=<=": lambda p: p[0] + p[2] - 1,
    "===": lambda p: p[0],
}

# f_A = 0 exactly when the printed product is even, i.e. f_A = chi(product)
K5: dict[str, Callable[[Squares], int]] = {
    "<<<<": lambda p: sum(p),
    "=<<<": lambda p: p[0] * (p[2] + p[3] + p[4] - 1),
    "<=<<": lambda p: p[2] * (p[0] + p[3] + p[4] - 1),
    "<<=<": lambda p: p[2] * (p[0] + p[1] + p[4] - 1),
    "<<<=": lambda p: p[4] * (p[0] + p[1] + p[2] - 1),
    "==<<": lambda p: p[0] * (p[3] + p[4]),
    "<==<": lambda p: p[2] * (p[0] + p[4] - 1),
    "<<==": lambda p: p[2] * (p[0] + p[1]),
    "=<=<": lambda p: p[4] * (p[0] + p[3]),
    "=<<=": lambda p: p[2] * (p[0] + p[3]),
    "<=<=": lambda p: p[0] * (p[2] + p[3]),
    "===<": lambda p: p[0] * p[4],
    "==<=": lambda p: p[0] * p[4],
    "=<==": lambda p: p[0] * p[4],
    "<===": lambda p: p[0] * p[4],
    "====": lambda p: p[0],
}


def _odd_if_not_same_parity(*xs: int) -> int:
    """'all of xs are even or all odd' is the W (f = 0) condition: f = 1 otherwise."""
    return 0 if len({x % 2 for x in xs}) == 1 else 1


K6: dict[str, Callable[[Squares], int]] = {
    "<<<<<": lambda p: sum(p),
    "=<<<<": lambda p: p[0] * (p[2] + p[3] + p[4] + p[5] - 1),
    "<=<<<": lambda p: p[2] * (p[0] + p[3] + p[4] + p[5] - 1),
    "<<=<<": lambda p: p[2] * (p[0] + p[1] + p[4] + p[5] - 1),
    "<<<=<": lambda p: p[4] * (p[0] + p[1] + p[2] + p[5] - 1),
    "<<<<=": lambda p: p[4] * (p[0] + p[1] + p[2] + p[3] - 1),
    "==<<<": lambda p: p[0] * (p[3] + p[4] + p[5] - 1),
    "<==<<": lambda p: p[2] * (p[0] + p[4] + p[5] - 1),
    "<<==<": lambda p: p[2] * (p[0] + p[1] + p[5] - 1),
    "<<<==": lambda p: p[4] * (p[0] + p[1] + p[2] - 1),
    "=<=<<": lambda p: (p[0] + p[3]) * (p[4] + p[5]),
    "=<<=<": lambda p: (p[0] + p[3]) * (p[2] + p[5]),
    "=<<<=": lambda p: (p[0] + p[5]) * (p[2] + p[3]),
    "<=<=<": lambda p: (p[0] + p[5]) * (p[2] + p[3]),
    "<=<<=": lambda p: (p[0] + p[3]) * (p[2] + p[5]),
    "<<=<=": lambda p: (p[0] + p[1]) * (p[2] + p[5]),
    "===<<": lambda p: p[0] * (p[4] + p[5] - 1),
    "<===<": lambda p: p[2] * (p[0] + p[5] - 1),
    "<<===": lambda p: p[4] * (p[0] + p[1] - 1),  # printed P5 x (P1 + beta), beta = P2 - 1
    "==<=<": lambda p: _odd_if_not_same_parity(p[1], p[3], p[5]),
    "==<<=": lambda p: _odd_if_not_same_parity(p[1], p[3], p[5]),
    "=<==<": lambda p: _odd_if_not_same_parity(p[1], p[3], p[5]),
    "=<<==": lambda p: _odd_if_not_same_parity(p[0], p[2], p[4]),
    "<==<=": lambda p: _odd_if_not_same_parity(p[0], p[2], p[4]),
    "<=<==": lambda p: _odd_if_not_same_parity(p[0], p[2], p[4]),
    "=<=<=": lambda p: p[0] + p[2] + p[4],
    "====<": lambda p: p[0] * p[5],
    "===<=": lambda p: p[0] * p[5],
    "==<==": lambda p: p[0] + p[3],
    "=<===": lambda p: p[0] * p[5],
    "<====": lambda p: p[0] * p[5],
    "=====": lambda p: p[0],
}

#: the computed truth for the 15 rows of the k = 6 table that fail: f_A = chi(expr)
K6_CORRECTED: dict[str, Callable[[Squares], int]] = {
    "==<<<": lambda p: p[0] * (p[3] + p[4] + p[5]),
    "<<==<": lambda p: p[2] * (p[0] + p[1] + p[5]),
    "===<<": lambda p: p[0] * (p[4] + p[5]),
    "<===<": lambda p: (p[1] + 1) * (p[0] + p[5]),
    "<<===": lambda p: p[2] * (p[0] + p[1]),
    "==<=<": lambda p: 1 - _odd_if_not_same_parity(p[1], p[3], p[5]),
    "==<<=": lambda p: (p[0] + p[3]) * (p[0] + p[4] + 1),
    "=<==<": lambda p: (p[0] + p[2] + 1) * (p[0] + p[5]),
    "=<<==": lambda p: (p[0] + p[2] + 1) * (p[0] + p[3]),
    "<==<=": lambda p: (p[0] + p[1]) * (p[0] + p[4] + 1),
    "<=<==": lambda p: (p[0] + p[1]) * (p[0] + p[3]),
    "====<": lambda p: p[0] * (p[5] + 1),
    "===<=": lambda p: p[0] * p[4],
    "=<===": lambda p: p[0] * p[2],
    "<====": lambda p: p[0] * (p[1] + 1),
}


def failing_rows(k: int, table: dict[str, Callable[[Squares], int]], high: int) -> set[str]:
    bad = set()
    for p in positions(k, 3, high):
        if chi(table[pattern(p)](p)) != f(p, "A"):
            bad.add(pattern(p))
    return bad


def test_k4_formula() -> None:
    assert failing_rows(4, K4, 15) == set()


def test_k5_formula() -> None:
    assert failing_rows(5, K5, 15) == set()


def test_k6_formula_erratum() -> None:
    """15 of the 32 rows of the printed k = 6 table are wrong; the others hold."""
    assert failing_rows(6, K6, 16) == set(K6_CORRECTED)
    corrected = {**K6, **K6_CORRECTED}
    assert failing_rows(6, corrected, 16) == set()
    # one counterexample per row, as printed in the docs
    assert f((3, 4, 5, 7, 9, 11), "A") == 1 and chi(K6["==<<<"]((3, 4, 5, 7, 9, 11))) == 0


def test_k5_chinese_list_duplicates_a_case() -> None:
    """The Chinese list of k = 5 (13 conditions for f_A = 1) names the case
    a < b-1 < c-2 < d-3 = e-4 twice (conditions 5 and 12) and never names
    a = b-1 = c-2 = d-3 < e-4; condition 12 (ae odd) is right for the latter."""
    for p in positions(5, 3, 14):
        if pattern(p) == "===<":
            assert f(p, "A") == chi(p[0] * p[4])
        if pattern(p) == "<<<=":
            assert f(p, "A") == chi(p[4] * (p[0] + p[1] + p[2] - 1))  # condition 5


D3: dict[str, Callable[[Squares], int]] = {
    "<<": lambda p: p[0] + p[1] + p[2],
    "=<": lambda p: p[0] * (1 - p[2]),
    "<=": lambda p: (1 - p[0]) * p[2],
    "==": lambda p: 0,
}
D4: dict[str, Callable[[Squares], int]] = {
    "<<<": lambda p: sum(p),
    "=<<": lambda p: p[0] * (p[2] + p[3] - 1),
    "<=<": lambda p: p[2] * (p[0] + p[3] - 1),
    "<<=": lambda p: p[2] * (p[0] + p[1] - 1),
    "==<": lambda p: p[0] * p[3],
    "<==": lambda p: p[2] * (p[0] - 1),
    "=<=": lambda p: p[1] * p[3],
    "===": lambda p: 0,
}


def test_game_d_closed_forms() -> None:
    for p in positions(3, 1, 15):
        assert chi(D3[pattern(p)](p)) == f(p, "D"), p
    for p in positions(4, 1, 14):
        assert chi(D4[pattern(p)](p)) == f(p, "D"), p


# --- the Nim reduction ------------------------------------------------------------------------


def odd_groups(q: Squares) -> list[int]:
    return [len(list(g)) for v, g in itertools.groupby(q) if v % 2 == 1]


@pytest.mark.slow  # the brute force visits a million positions of the first example
def test_examples_3_4_and_3_5() -> None:
    p1 = (4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27)
    g1 = ChipGame(p1, "A")
    assert g1.q_values() == (3, 3, 3, 4, 4, 5, 5, 5, 5, 11, 11, 11, 12, 13)
    assert g1.nim_heaps() == (3, 4, 3, 1) and reduce(xor, g1.nim_heaps()) == 5
    assert f(p1, "A") == 0  # Phi(O) = 101: the first player wins
    p2 = (5, 6, 8, 9, 12, 13, 14, 21, 23, 24)
    g2 = ChipGame(p2, "A")
    assert g2.q_values() == (4, 4, 5, 5, 7, 7, 7, 13, 14, 14)
    assert g2.nim_heaps() == (2, 3, 1) and reduce(xor, g2.nim_heaps()) == 0
    assert f(p2, "A") == 1


def test_move_examples_on_the_heaps() -> None:
    p1 = ChipGame((4, 5, 6, 8, 9, 11, 12, 13, 14, 21, 22, 23, 25, 27), "A")
    after = p1.play((13, 10))  # X_8 = 13 jumps two chips to square 10
    assert after.q_values() == (3, 3, 3, 4, 4, 4, 4, 4, 5, 11, 11, 11, 12, 13)
    assert after.nim_heaps() == (3, 1, 3, 1)
    assert p1.play((22, 20)).nim_heaps() == (3, 4, 1, 1)
    p2 = ChipGame((5, 6, 8, 9, 12, 13, 14, 21, 23, 24), "A")
    assert p2.play((24, 22)).nim_heaps() == (2, 3, 3)
    all_even = ChipGame((5, 6, 9, 12, 13), "A")
    assert all_even.q_values() == (4, 4, 6, 8, 8) and all_even.nim_heaps() == ()
    for move in [(5, 4), (9, 8), (12, 11)]:
        assert all_even.play(move).nim_heaps() == (1,)


def test_theorem_3_3_and_shifts() -> None:
    """F_A = N_w(O) for Q_1 >= 2; F_C(Q) = F_B(Q+1) = F_A(Q+2); F_B = N_w(E)."""
    for k in range(1, 6):
        for p in positions(k, 1, 13):
            q = ChipGame(p).q_values()
            nw = 1 if reduce(xor, odd_groups(q), 0) == 0 else 0
            assert f(p, "C") == nw
            assert f(tuple(x + 1 for x in p), "B") == f(p, "C")
            assert f(tuple(x + 2 for x in p), "A") == f(p, "C")
            if q[0] >= 2:
                assert f(p, "A") == nw
            if q[0] >= 1:
                even = [len(list(g)) for v, g in itertools.groupby(q) if v % 2 == 0]
                assert f(p, "B") == (1 if reduce(xor, even, 0) == 0 else 0)
            else:
                assert f(p, "B") == 0


def test_proposition_3_2_erratum_q1_bound() -> None:
    """Prop. 3.2 requires Q_1 >= 3 for f_A = 1, but f_A(3 4 5) = 1 has Q_1 = 2
    (a worked example of the source itself); Theorem 3.3's Q_1 >= 2 is right."""
    g = ChipGame((3, 4, 5), "A")
    assert g.q_values()[0] == 2 and f((3, 4, 5), "A") == 1
    wrong = [
        p
        for k in (3, 4, 5, 6)
        for p in positions(k, 3, 11)
        if ChipGame(p).q_values()[0] == 2 and f(p, "A") == 1
    ]
    assert len(wrong) > 10


def prop_3_2(q: Squares) -> bool:
    """The case lists of Prop. 3.2 for k = 3..6 (without the Q_1 bound)."""
    groups = odd_groups(q)
    odd = sum(groups)
    k = len(q)
    if k == 3:
        return max(groups, default=1) == 1 and odd % 2 == 0
    if k in (4, 5):
        if max(groups, default=1) > 2:
            return False
        pairs = groups.count(2)
        return pairs == 2 if pairs else odd % 2 == 0
    if max(groups, default=1) > 3:
        return False
    if 3 in groups:
        return sorted(groups) in ([3, 3], [1, 2, 3])
    pairs = groups.count(2)
    if pairs:
        return pairs == 2 and odd % 2 == 0
    return odd % 2 == 0


def test_proposition_3_2_lists_with_q1_at_least_2() -> None:
    """The case lists hold for k = 3, 4, 6, but for k = 5 case (a) forgets that
    two pairs plus a fifth odd value (heaps 2, 2, 1) is a first-player win."""
    wrong = []
    for k in (3, 4, 5, 6):
        for p in positions(k, 3, 12):
            q = ChipGame(p).q_values()
            if prop_3_2(q) != (f(p, "A") == 1):
                wrong.append(p)
    assert wrong and all(sorted(odd_groups(ChipGame(p).q_values())) == [1, 2, 2] for p in wrong)
    assert (4, 5, 8, 9, 12) in wrong and f((4, 5, 8, 9, 12), "A") == 0


def test_misere_nim_theorem_3_10() -> None:
    """N_l(O) = N_w(O) if some heap >= 2, else 1 - N_w(O): against a brute force."""

    @cache
    def second_wins_misere(heaps: tuple[int, ...]) -> bool:
        if not any(heaps):
            return False  # the previous player took the last chip and lost
        for i, h in enumerate(heaps):
            for take in range(1, h + 1):
                child = tuple(sorted((*heaps[:i], h - take, *heaps[i + 1 :])))
                if second_wins_misere(child):
                    return False
        return True

    for heaps in itertools.product(range(5), repeat=3):
        # here "second wins" is with the player to move facing the heaps
        assert misere_nim_second_wins(heaps) == second_wins_misere(tuple(sorted(heaps)))


def test_theorem_3_11_game_d() -> None:
    for k in range(0, 6):
        for p in positions(k, 1, 13):
            heaps = odd_groups(ChipGame(p).q_values())
            assert f(p, "D") == (1 if misere_nim_second_wins(heaps) else 0), p


@pytest.mark.parametrize("rule", "ABCD")
def test_recursion_1(rule: str) -> None:
    """f(P) = 1 - max_i f(P[i]) away from the terminal positions."""
    for p in positions(3, 2, 10):
        g = ChipGame(p, rule)
        if g.is_over:
            continue
        kids = []
        for m in g.moves():
            child = g.play(m)
            if rule in "AB" and m[1] == 1:
                kids.append(1 if rule == "A" else 0)
            else:
                kids.append(f(child.squares, rule))
        assert f(p, rule) == 1 - max(kids)
