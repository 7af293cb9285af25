"""Misère quotients of heap games, checked against a brute force written here.

The brute force generates the moves of an octal game from its code's digits
(not through the library's rulesets) and decides the misère outcome of a sum
of heaps by plain recursion memoised on the sorted heap sizes.  Every
quotient's prediction is compared with it on *every* sum of heaps up to a
bound.  Laws add further checks: the quotient is a commutative monoid, its
order is even (Plambeck and Siegel, "Misère quotients for impartial games",
JCTA 2008: every misère quotient of impartial games has even order), its
elements are pairwise distinguished by brute-force outcomes, and the tame
quotient of Nim is the classical one (order 6, ``a^2=1, b^3=b``, P-portion
``{a, b^2}``; Conway, ONAG ch. 12, and Plambeck-Siegel).
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

import cgt
from cgt import Outcome
from cgt.errors import InvalidArgument, InvalidPosition, WrongType
from cgt.games import OctalGame, SubtractionGame
from cgt.impartial import HeapBeyondQuotient, MisereQuotient, QuotientNotFound, misere_quotient


def octal_moves(code: str, n: int) -> list[tuple[int, ...]]:
    """Heaps left by one move on a heap of ``n`` (two-heap octal codes "0.d1d2...")."""
    before, after = code.split(".")
    digits = [int(before or "0")] + [int(c) for c in after if c not in "[]"]
    repeat = code.endswith("]")
    out: list[tuple[int, ...]] = []
    for k in range(n + 1):
        if k < len(digits):
            d = digits[k]
        elif repeat:
            d = digits[-1]
        else:
            d = 0
        m = n - k
        if d & 1 and m == 0:
            out.append(())
        if d & 2 and k >= 1 and m >= 1:
            out.append((m,))
        if d & 4:
            out.extend((a, m - a) for a in range(1, m // 2 + 1))
    return out


def brute_force(code: str) -> object:
    @cache
    def is_p(heaps: tuple[int, ...]) -> bool:
        moved = False
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for left in octal_moves(code, h):
                moved = True
                if is_p(tuple(sorted(rest + left))):
                    return False
        return moved  # no move at all: the player to move wins under misère play

    return is_p


def sums(bound: int, count: int) -> list[tuple[int, ...]]:
    return [
        heaps
        for c in range(count + 1)
        for heaps in itertools.combinations_with_replacement(range(1, bound + 1), c)
    ]


# (code, heaps in the quotient, largest heap and most heaps in the exhaustive check)
GAMES = [
    ("0.[3]", 6, 6, 4),  # Nim
    ("0.77", 12, 9, 4),  # Kayles
    ("0.75", 20, 9, 4),
    ("0.73", 20, 9, 4),
    ("0.31", 20, 9, 4),
    ("0.51", 20, 9, 4),
    ("0.3", 20, 9, 4),
    ("0.12", 20, 9, 4),
    ("0.34", 12, 9, 4),
    ("0.71", 12, 9, 4),
    ("0.52", 20, 9, 4),
    ("0.56", 12, 9, 4),
    ("0.07", 12, 9, 4),  # Dawson's Kayles
    ("0.4", 12, 9, 4),
]


@pytest.mark.parametrize(("code", "n", "bound", "count"), GAMES)
def test_outcomes_of_every_small_sum(code: str, n: int, bound: int, count: int) -> None:
    q = OctalGame(code).misere_quotient(n)
    is_p = brute_force(code)
    for heaps in sums(min(bound, n), count):
        expected = Outcome.P if is_p(heaps) else Outcome.N  # type: ignore[operator]
        assert q.misere_outcome(heaps) == expected, (code, heaps)
    assert len(q) % 2 == 0


@pytest.mark.parametrize(("code", "n", "bound", "count"), GAMES[:8])
def test_elements_are_distinguishable_and_form_a_monoid(
    code: str, n: int, bound: int, count: int
) -> None:
    q = OctalGame(code).misere_quotient(n)
    elements = q.elements
    assert elements[0] == "1" and len(set(elements)) == len(q)
    for x in elements:
        assert q.multiply("1", x) == x
        for y in elements:
            xy = q.multiply(x, y)
            assert xy == q.multiply(y, x)
            for z in elements[:6]:
                assert q.multiply(xy, z) == q.multiply(x, q.multiply(y, z))
    # every element is a real class: brute-force rows of representative sums differ
    is_p = brute_force(code)
    reps: dict[str, tuple[int, ...]] = {}
    for heaps in sums(min(bound, n), 3):
        word = q.multiply(*(q.image(h) for h in heaps))
        reps.setdefault(word, heaps)
    assert len(reps) == len(q) or code == "0.77"  # Kayles' longer words need bigger sums
    if len(reps) == len(q):
        tests = sums(min(bound, n), 2)
        rows = {tuple(is_p(tuple(sorted(r + t))) for t in tests) for r in reps.values()}  # type: ignore[operator]
        assert len(rows) == len(q)


def test_tame_quotient_of_nim() -> None:
    q = OctalGame("0.[3]").misere_quotient(3)
    assert len(q) == 6
    assert q.presentation() == "a^2=1, b^3=b"
    assert q.relations() == [("a^2", "1"), ("b^3", "b")]
    assert set(q.p_portion) == {"a", "b^2"}
    assert q.generators == (1, 2)
    assert [q.image(k) for k in range(4)] == ["1", "a", "b", "ab"]
    assert isinstance(q, MisereQuotient) and isinstance(q, cgt.MisereQuotient)


def test_nim_quotient_grows_with_the_largest_value() -> None:
    # sums of Nim heaps below 2^k: the values 0 .. 2^k - 1, each with and
    # without a heap of 2 or more, except that "no big heap" allows only 0, 1
    for n, order in [(1, 2), (3, 6), (7, 10)]:
        assert len(OctalGame("0.[3]").misere_quotient(n)) == order


def test_same_as_subtraction_game() -> None:
    a = SubtractionGame({1, 2}).misere_quotient(12)
    b = OctalGame("0.33").misere_quotient(12)
    assert len(a) == len(b) and a.presentation() == b.presentation()
    assert a.is_stable and b.is_stable


def test_stability_is_proven_or_not_claimed() -> None:
    small = OctalGame("0.75").misere_quotient(8)
    big = OctalGame("0.75").misere_quotient(60)
    assert big.is_stable and big.stability is not None
    assert not small.is_stable and small.stability is None
    with pytest.raises(HeapBeyondQuotient):
        small.misere_outcome([9])
    # the proven period predicts the images a longer computation finds
    longer = OctalGame("0.75").misere_quotient(90)
    assert len(longer) == len(big)
    assert [big.image(k) for k in range(91)] == [longer.image(k) for k in range(91)]
    heaps = [10**12, 10**12 + 1, 7]
    assert big.misere_outcome(heaps) == longer.misere_outcome(heaps)


@pytest.mark.parametrize("code", ["0.73", "0.31", "0.52", "0.51", "0.75"])
def test_a_proven_period_agrees_with_longer_computations(code: str) -> None:
    n = 10
    q = OctalGame(code).misere_quotient(n)
    while not q.is_stable:
        n += 10
        q = OctalGame(code).misere_quotient(n)
    assert q.stability is not None and q.stability[0] >= 1
    longer = OctalGame(code).misere_quotient(n + 40)
    assert len(longer) == len(q) and longer.is_stable
    assert [q.image(k) for k in range(n + 41)] == [longer.image(k) for k in range(n + 41)]


def test_printing() -> None:
    q = OctalGame("0.[3]").misere_quotient(3)
    text = str(q)
    assert "order 6" in text and "a = heap 1" in text and "P-portion: a, b^2" in text
    assert repr(q).startswith("<misère quotient of OctalGame('0.[3]')")


def test_bad_input() -> None:
    g = OctalGame("0.77")
    with pytest.raises(InvalidArgument):
        g.misere_quotient(-1)
    with pytest.raises(WrongType):
        g.misere_quotient(2.5)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        misere_quotient("0.77", 3)
    q = g.misere_quotient(4)
    with pytest.raises(InvalidPosition):
        q.misere_outcome([-1])
    with pytest.raises(WrongType):
        q.misere_outcome(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        q.multiply("zz")
    with pytest.raises(QuotientNotFound):
        OctalGame("0.[3]").misere_quotient(40, max_order=20)


@pytest.mark.slow
@pytest.mark.kernel_free  # the quotient construction is pure Python
def test_kayles_larger() -> None:
    q = OctalGame("0.77").misere_quotient(30)
    is_p = brute_force("0.77")
    for heaps in sums(12, 3):
        expected = Outcome.P if is_p(heaps) else Outcome.N  # type: ignore[operator]
        assert q.misere_outcome(heaps) == expected, heaps
    assert len(q) % 2 == 0


@pytest.mark.slow
@pytest.mark.kernel_free  # the quotient construction is pure Python
def test_kayles_stable() -> None:
    # computed here (no published figure confirmed): the images of Kayles heaps
    # repeat with the normal-play period 12 from heap 71, which proves the
    # quotient of heaps up to 180 is that of all of Kayles
    q = OctalGame("0.77").misere_quotient(180)
    assert q.is_stable and q.stability == (71, 12)
    assert len(q) == len(OctalGame("0.77").misere_quotient(30)) == 40
    is_p = brute_force("0.77")
    for heaps in sums(8, 4):
        expected = Outcome.P if is_p(heaps) else Outcome.N  # type: ignore[operator]
        assert q.misere_outcome(heaps) == expected, heaps


def _partitions(total: int, largest: int) -> list[tuple[int, ...]]:
    """Every multiset of heap sizes in ``1..largest`` summing to ``total`` (descending)."""
    if total == 0:
        return [()]
    out = []
    for k in range(min(total, largest), 0, -1):
        out += [(k, *rest) for rest in _partitions(total - k, k)]
    return out


@pytest.mark.slow
@pytest.mark.kernel_free  # the quotient construction is pure Python
def test_kayles_order_lower_bound_by_brute_force() -> None:
    # A lower bound on the order of the Kayles quotient independent of the
    # library: elements are told apart by brute-force misère outcomes.  Each
    # element's representative is the sum of least total size mapping to it
    # (the library only picks the representatives).  The 26 elements with a
    # representative of at most 26 tokens get pairwise different outcome rows
    # against test sums chosen among every sum of at most 6 tokens and every
    # representative of at most 20 (smallest first, each kept when the
    # quotient's predictions say it splits two elements no earlier one did),
    # so the quotient has at least 26 elements.  The rows are the brute
    # force's: the quotient's predictions only choose which sums to search.
    # The other 14 need a heap of 25 or 27 (or 9 + 25, 12 + 25, 20 + 25),
    # too big for this brute force to separate in a test's time; all 40 are
    # separated pairwise, over misère canonical forms, in test_misere_quotient_exact.py.
    q = OctalGame("0.77").misere_quotient(30)
    assert len(q) == 40
    # the elements reached by sums of each total, with a sum reaching each
    images = {h: q.image(h) for h in range(1, 31)}
    reach: list[dict[str, tuple[int, ...]]] = [{q.multiply(): ()}]
    reps: dict[str, tuple[int, ...]] = dict(reach[0])
    while len(reps) < len(q):
        total = len(reach)
        reach.append({})
        for h in range(1, min(total, 30) + 1):
            for e, r in reach[total - h].items():
                reach[total].setdefault(q.multiply(e, images[h]), tuple(sorted((*r, h))))
        for e, r in reach[total].items():
            reps.setdefault(e, r)
    assert len(reach) - 1 == 46  # the largest least representative: 1 + 20 + 25
    is_p = brute_force("0.77")
    small = {e: r for e, r in reps.items() if sum(r) <= 26}
    assert len(small) == 26
    candidates = {r for r in reps.values() if sum(r) <= 20}
    candidates |= {tuple(sorted(p)) for t in range(7) for p in _partitions(t, t)}
    groups: list[list[str]] = [list(small)]
    tests: list[tuple[int, ...]] = []
    for x in sorted(candidates, key=lambda x: (sum(x), x)):
        split = []
        for group in groups:
            p_side = [e for e in group if q.misere_outcome(small[e] + x) == Outcome.P]
            split += [p_side, [e for e in group if e not in p_side]]
        if len([g for g in split if g]) > len(groups):
            groups, tests = [g for g in split if g], [*tests, x]
    rows = {}
    for e, r in small.items():
        row = tuple(is_p(tuple(sorted(r + x))) for x in tests)  # type: ignore[operator]
        predicted = tuple(q.misere_outcome(r + x) == Outcome.P for x in tests)
        assert row == predicted, e
        rows[e] = row
    assert len(set(rows.values())) == 26


# Published structure theory: A. N. Siegel, "The structure and classification of
# misère quotients" (arXiv math/0703070, 2007): (1) if the P-portion has exactly two
# elements and the quotient is finite, its order is 2**n + 2 or 2**n + 4; (2) there is
# exactly one misère quotient of order 8, so every order-8 quotient is isomorphic
# (as a monoid with its P-portion) to every other.
QUICK_CODES = [
    "0.04", "0.07", "0.15", "0.17", "0.22", "0.23", "0.26", "0.31", "0.32", "0.33",
    "0.34", "0.4", "0.41", "0.44", "0.46", "0.52", "0.56", "0.75", "0.77",
]  # fmt: skip


def _table(q: MisereQuotient) -> tuple[list[list[int]], set[int]]:
    elements = list(q.elements)
    index = {x: i for i, x in enumerate(elements)}
    table = [[index[q.multiply(x, y)] for y in elements] for x in elements]
    return table, {index[x] for x in q.p_portion}


def _isomorphic(q1: MisereQuotient, q2: MisereQuotient) -> bool:
    (t1, p1), (t2, p2) = _table(q1), _table(q2)
    if len(t1) != len(t2) or len(p1) != len(p2):
        return False
    rest = range(1, len(t1))  # element 0 is the identity in both
    for perm in itertools.permutations(rest):
        f = (0, *perm)
        if {f[x] for x in p1} != p2:
            continue
        if all(f[t1[x][y]] == t2[f[x]][f[y]] for x in range(len(t1)) for y in range(len(t1))):
            return True
    return False


@pytest.mark.slow
def test_two_element_p_portions_have_the_published_orders() -> None:
    seen = 0
    for code in QUICK_CODES:
        for n in (6, 12, 16):
            q = OctalGame(code).misere_quotient(n)
            if len(q.p_portion) == 2:
                seen += 1
                order = len(q)
                assert any(order in (2**k + 2, 2**k + 4) for k in range(1, 12)), (code, n, order)
    assert seen >= 10


def test_there_is_one_quotient_of_order_8() -> None:
    eights = [
        OctalGame(code).misere_quotient(n)
        for code in QUICK_CODES
        for n in (8, 16)
        if len(OctalGame(code).misere_quotient(n)) == 8
    ]
    assert len(eights) >= 3  # 0.15 and 0.75 at least
    assert {q.presentation() for q in eights} >= {"a^2=1, b^3=b, bc=ab, c^2=b^2"}
    for q in eights[1:]:
        assert _isomorphic(eights[0], q)
    # the check can fail: the order-8 quotient is not isomorphic to Nim's order-6 one,
    # nor to itself with a different P-portion size
    assert not _isomorphic(eights[0], OctalGame("0.[3]").misere_quotient(3))
