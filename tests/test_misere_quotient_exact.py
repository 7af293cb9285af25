"""The exact step of the misère quotient construction, and the certificate of distinctness.

Independent checks: the brute force of ``test_misere_quotient`` (moves generated
from the octal digits here, outcomes by plain memoised recursion) decides every
small sum and re-checks every separator the quotient offers; the library's own
:func:`check_separators` must agree.  A quotient whose elements are pairwise
separated by checked sums has at least ``len(q)`` elements; its verification
(inside the construction) gives at most; so the order is exact.
"""

from __future__ import annotations

import os
import pickle

import pytest

from cgt import Outcome
from cgt.errors import TooLarge
from cgt.games import OctalGame
from cgt.impartial import (
    QuotientNotFound,
    QuotientTooLarge,
    check_separators,
    misere_quotient_of,
)

from .test_misere_quotient import brute_force, sums


def _check_certificate_by_brute_force(code: str, q: object) -> int:
    is_p = brute_force(code)
    separators = q.separators()  # type: ignore[attr-defined]
    elements = q.elements  # type: ignore[attr-defined]
    assert len(separators) == len(elements) * (len(elements) - 1) // 2
    for (u, v), (a, b, x) in separators.items():
        assert q.multiply(*(q.image(h) for h in a)) == u  # type: ignore[attr-defined]
        assert q.multiply(*(q.image(h) for h in b)) == v  # type: ignore[attr-defined]
        assert is_p(tuple(sorted(a + x))) != is_p(tuple(sorted(b + x))), (u, v)  # type: ignore[operator]
    return len(separators)


@pytest.mark.parametrize(
    ("code", "n"), [("0.[3]", 7), ("0.75", 12), ("0.31", 12), ("0.52", 12), ("0.07", 10)]
)
def test_every_pair_is_separated(code: str, n: int) -> None:
    q = OctalGame(code).misere_quotient(n)
    pairs = _check_certificate_by_brute_force(code, q)
    assert check_separators(q) == pairs == len(q) * (len(q) - 1) // 2


@pytest.mark.slow
def test_officers_to_heap_14() -> None:
    # Officers (0.6) stopped at heap 12 before ("the exact search behind heap 12
    # passed 300000 positions"); the quotient of heaps up to 14 exists and is found.
    q = OctalGame("0.6").misere_quotient(14)
    assert len(q) == 48 and len(q) % 2 == 0
    assert q.generators == (2, 3, 7, 11, 12)
    is_p = brute_force("0.6")
    for heaps in sums(14, 2):
        expected = Outcome.P if is_p(heaps) else Outcome.N  # type: ignore[operator]
        assert q.misere_outcome(heaps) == expected, heaps
    # the split at heap 12: the quotient of heaps up to 11 merges sums that heap 12 tells apart
    assert len(OctalGame("0.6").misere_quotient(11)) == 24


LONG = pytest.mark.skipif(
    os.environ.get("CGT_LONG_TESTS") != "1",
    reason="minutes of CPU: run with CGT_LONG_TESTS=1 (passed on 2026-11-27)",
)
"""For checks of minutes: CI runs a part of each (the test's other case), this on demand."""


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.kernel_free  # pure Python
@LONG  # about 70 CPU s; test_officers_to_heap_14 checks every sum of up to two heaps
def test_officers_to_heap_14_certified() -> None:
    q = OctalGame("0.6").misere_quotient(14)
    assert _check_certificate_by_brute_force("0.6", q) == 48 * 47 // 2
    is_p = brute_force("0.6")
    for heaps in sums(14, 3):
        expected = Outcome.P if is_p(heaps) else Outcome.N  # type: ignore[operator]
        assert q.misere_outcome(heaps) == expected, heaps


def test_family_quotient_separators() -> None:
    def nim(n: int) -> list[tuple[int, ...]]:
        return [(k,) if k else () for k in range(n)]

    q = misere_quotient_of([3], nim)
    assert check_separators(q) == len(q) * (len(q) - 1) // 2 == 15
    for a, b, x in q.separators().values():
        assert q.misere_outcome(a + x) != q.misere_outcome(b + x)


def test_too_large_names_the_size_and_pickles() -> None:
    with pytest.raises(QuotientTooLarge) as info:
        OctalGame("0.[3]").misere_quotient(40, max_order=20)
    error = info.value
    assert isinstance(error, TooLarge) and isinstance(error, QuotientNotFound)
    assert "20" in str(error)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is QuotientTooLarge and str(again) == str(error)


def test_bad_certificate_input() -> None:
    from cgt.errors import WrongType

    with pytest.raises(WrongType):
        check_separators("0.77")  # type: ignore[arg-type]


def _independent_verification(code: str, q: object, n: int) -> int:
    """The upper bound, re-derived here: the quotient's table predicts every sum of heaps.

    A map ``Φ`` onto a monoid with subset ``P`` predicts every misère outcome when each
    sum ``G`` has ``Φ(G) ∈ P`` exactly if ``G`` has a move and no option ``G'`` has
    ``Φ(G') ∈ P`` (induction on ``G``).  The state ``(Φ(G), {Φ(G')})`` of ``G + h`` follows
    from that of ``G`` and from heap ``h``, so the check runs over the reachable states.
    Moves come from the octal digits (``octal_moves``), products from ``q.multiply``.
    """
    from .test_misere_quotient import octal_moves

    elements = list(q.elements)  # type: ignore[attr-defined]
    index = {e: i for i, e in enumerate(elements)}
    table = [[index[q.multiply(x, y)] for y in elements] for x in elements]  # type: ignore[attr-defined]
    p = {index[e] for e in q.p_portion}  # type: ignore[attr-defined]
    images = {h: index[q.image(h)] for h in range(n + 1)}  # type: ignore[attr-defined]

    def phi(heaps: tuple[int, ...]) -> int:
        x = 0
        for h in heaps:
            x = table[x][images[h]]
        return x

    heaps = {
        (images[h], frozenset(phi(o) for o in octal_moves(code, h)))
        for h in range(1, n + 1)
        if octal_moves(code, h)
    }
    assert elements[0] == "1" and 0 not in p  # the empty sum: no move, so an N-position
    start: tuple[int, frozenset[int]] = (0, frozenset())
    seen = {start}
    stack = [start]
    while stack:
        x, opts = stack.pop()
        for w, w_opts in heaps:
            row = table[x]
            moved = {table[o][w] for o in opts} | {row[o] for o in w_opts}
            state = (row[w], frozenset(moved))
            if state in seen:
                continue
            assert (state[0] in p) == (not (state[1] & p)), state  # it has a move: h's
            seen.add(state)
            stack.append(state)
    return len(seen)


@pytest.mark.slow
@pytest.mark.parametrize(("code", "n"), [("0.75", 12), ("0.6", 14), ("0.77", 30)])
def test_upper_bound_rederived(code: str, n: int) -> None:
    q = OctalGame(code).misere_quotient(n)
    assert _independent_verification(code, q, n) >= len(q)


@pytest.mark.slow
@pytest.mark.timeout(2400)
@pytest.mark.kernel_free  # pure Python search over misère canonical forms
@pytest.mark.parametrize(
    "hard",
    [
        pytest.param(0, id="pairs-of-heaps-to-21"),
        # all 780 pairs, with the 28 that need two heaps of 27: about 10 CPU minutes, so
        # only on demand
        pytest.param(
            28,
            id="all-780-pairs",
            marks=LONG,
        ),
    ],
)
def test_kayles_separators(hard: int) -> None:
    # Kayles' quotient of heaps up to 30 (order 40; the upper bound is re-derived above).
    # Every one of the 780 separators is checked by a plain search of sums in which each
    # part is replaced by its misère canonical form (Conway, ONAG ch. 12: a game equals
    # its canonical form in misère play, so the outcome of any sum is unchanged); that
    # module shares no code with the quotient construction.  Parts are single heaps,
    # except for the 28 pairs among the 8 elements containing g = heap 27's image: their
    # separating sums need two heaps of 27 (g·g = b^2, and no element with one g is in
    # the P-portion), so there the parts are the sums A, B and X themselves, each with
    # one heap of 27 (a form of a few hundred subforms, where a heap of 27 alone has
    # 3718 positions).  Before, only 26 of the 40 elements were separated independently.
    from cgt.impartial import misere_canonical_form

    kayles = OctalGame("0.77")
    q = kayles.misere_quotient(30)
    assert len(q) == 40
    forms = {n: misere_canonical_form(kayles(n)) for n in range(1, 31 if hard == 28 else 22)}
    memo: dict[tuple[object, ...], bool] = {}

    def key(fs: list[object] | tuple[object, ...]) -> tuple[object, ...]:
        return tuple(sorted((f for f in fs if f.options), key=id))  # type: ignore[attr-defined]

    def is_p(fs: tuple[object, ...]) -> bool:
        found = memo.get(fs)
        if found is not None:
            return found
        result = bool(fs)  # no move: the player to move has won
        for i, f in enumerate(fs):
            if i and fs[i - 1] is f:
                continue
            rest = fs[:i] + fs[i + 1 :]
            if any(is_p(key((*rest, o))) for o in f.options):  # type: ignore[attr-defined]
                result = False
                break
        memo[fs] = result
        return result

    separated: set[str] = set()
    two_heaps_of_27 = []
    for (u, v), (a, b, x) in q.separators().items():
        assert q.multiply(*(q.image(h) for h in a)) == u
        assert q.multiply(*(q.image(h) for h in b)) == v
        if hard < 28 and max(a + b + x, default=0) > 21:
            continue  # larger heaps: checked by the on-demand run of all 780 pairs
        if (a + x).count(27) >= 2 or (b + x).count(27) >= 2:
            two_heaps_of_27.append((u, v))
            fa, fb, fx = (misere_canonical_form(kayles(*r)) for r in (a, b, x))
            sa, sb = key([fa, fx]), key([fb, fx])
        else:
            sa, sb = key([forms[h] for h in a + x]), key([forms[h] for h in b + x])
        assert is_p(sa) != is_p(sb), (u, v)
        separated |= {u, v}
    if hard < 28:
        assert len(separated) >= 24  # the elements of the sums of heaps up to 21
        return
    assert separated == set(q.elements)
    assert len(q.separators()) == 780 and len(two_heaps_of_27) == 28
    with_g = {e for pair in two_heaps_of_27 for e in pair}
    assert len(with_g) == 8 and all("g" in e for e in with_g)
