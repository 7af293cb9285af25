"""Partizan Kayles (Milley, "Partizan Kayles and misère invertibility", INTEGERS 15 (2015) #G3).

Everything is checked against a reference written here that shares no code
with the ruleset: a sum of rows is a sorted tuple of row lengths, the moves
are computed afresh from the rules (Left knocks down one pin, Right two
adjacent pins), normal-play values are built with ``cgt.Game`` from those
moves (not through the solver), and misère outcomes come from the definition
(whoever cannot move wins).  The misère solution of the ruleset (the class of
a sum in the integers) is checked three ways: against that search on every
sum of at most 13 pins and on random larger sums, against the library's own
search on positions, and by checking each step of its inductive proof (the
changes one move makes to the class, for every row length modulo 3).
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections.abc import Iterator
from functools import cache

import pytest

import cgt
from cgt.errors import InvalidPosition, TooLarge, WrongType
from cgt.game import Outcome
from cgt.games import PartizanKayles
from cgt.misere import conjugate, form, partizan_quotient_of, universe
from cgt.play import misere_outcome as search_misere_outcome

Rows = tuple[int, ...]

# -- the reference ----------------------------------------------------------------------------


def moves(rows: Rows, pins: int) -> set[Rows]:
    """The sums after ``pins`` adjacent pins of one row are knocked down."""
    out = set()
    for i, n in enumerate(rows):
        for j in range(n - pins + 1):
            rest = rows[:i] + rows[i + 1 :] + (j, n - pins - j)
            out.add(tuple(sorted(r for r in rest if r)))
    return out


@cache
def ref_value(rows: Rows) -> cgt.Game:
    return cgt.Game([ref_value(o) for o in moves(rows, 1)], [ref_value(o) for o in moves(rows, 2)])


@cache
def wins_normal(rows: Rows, left: bool) -> bool:
    return any(not wins_normal(o, not left) for o in moves(rows, 1 if left else 2))


@cache
def wins_misere(rows: Rows, left: bool, minus_ones: int = 0) -> bool:
    """Moving first wins in misère play; ``minus_ones`` extra components ``{|0}`` (Right's)."""
    after = [(o, minus_ones) for o in moves(rows, 1 if left else 2)]
    if not left and minus_ones:
        after.append((rows, minus_ones - 1))
    if not after:
        return True
    return any(not wins_misere(o, not left, m) for o, m in after)


WORD = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}


def ref_misere(rows: Rows, minus_ones: int = 0) -> str:
    rows = tuple(sorted(r for r in rows if r))
    return WORD[(wins_misere(rows, True, minus_ones), wins_misere(rows, False, minus_ones))]


def ref_normal(rows: Rows) -> str:
    rows = tuple(sorted(r for r in rows if r))
    return WORD[(wins_normal(rows, True), wins_normal(rows, False))]


def partitions(n: int, most: int | None = None) -> Iterator[Rows]:
    most = n if most is None else most
    if n == 0:
        yield ()
        return
    for k in range(min(n, most), 0, -1):
        for rest in partitions(n - k, k):
            yield (k, *rest)


def sums_of_at_most(pins: int) -> list[Rows]:
    return [p for n in range(pins + 1) for p in partitions(n)]


TESTS = sums_of_at_most(13)  # every sum of at most 13 pins: 1 + 1 + 2 + ... + 101 sums


# -- the ruleset ----------------------------------------------------------------------------------


def test_reading_printing_and_keys() -> None:
    p = PartizanKayles("II..iii.")
    assert p.rows == (2, 3) and str(p) == "ii.iii" and repr(p) == "PartizanKayles(2, 3)"
    assert p == PartizanKayles(2, 3) == PartizanKayles("ii", 3) == PartizanKayles(0, 2, 0, 3)
    assert p != PartizanKayles(3, 2) and p.key() == PartizanKayles(3, 2).key()
    assert PartizanKayles() == PartizanKayles("...") and str(PartizanKayles()) == ""
    assert PartizanKayles().components() == [] and PartizanKayles(4).components() == [
        PartizanKayles(4)
    ]
    assert p.components() == [PartizanKayles(2), PartizanKayles(3)]
    assert pickle.loads(pickle.dumps(p)) == p
    assert PartizanKayles(2, 1)._repr_svg_().count("<rect") == 3


def test_bad_input_names_what_is_wrong() -> None:
    with pytest.raises(InvalidPosition, match=r"column 2 of 'ii\|i'"):
        PartizanKayles("ii|i")
    with pytest.raises(InvalidPosition, match="non-negative number of pins, not -1"):
        PartizanKayles(-1)
    for bad in (1.5, True, None, [3]):
        with pytest.raises(InvalidPosition, match=r"length \(an int\) or a strip"):
            PartizanKayles(bad)  # type: ignore[arg-type]
    with pytest.raises(WrongType, match="is an int, not str"):
        PartizanKayles.misere_outcome_of_class("1")  # type: ignore[arg-type]
    err = InvalidPosition("x")
    assert pickle.loads(pickle.dumps(err)).args == err.args


def test_options_are_the_rules() -> None:
    for rows in sums_of_at_most(9):
        p = PartizanKayles(*rows)
        for side, pins in ((p.left_options(), 1), (p.right_options(), 2)):
            assert len(side) == len({o.rows for o in side}), rows  # each strip once
            got = {tuple(sorted(o.rows)) for o in side}
            assert got == moves(tuple(sorted(rows)), pins), rows


def test_move_descriptions_name_the_pins() -> None:
    p = PartizanKayles("ii.iii")
    assert [p.describe_move(o) for o in p.right_options()] == [
        "knock down the pins at 0 and 1",
        "knock down the pins at 3 and 4",
    ]
    # an option made elsewhere is described by the first move that leaves it
    assert p.describe_move(PartizanKayles(2, 1, 1)) == "knock down the pin at 4"
    assert p.describe_move(PartizanKayles(2)) is None and p.describe_move(3) is None
    for o in p.left_options():
        column = int(str(p.describe_move(o)).rsplit(" ", 1)[1])
        knocked = str(p)[:column] + "." + str(p)[column + 1 :]
        assert str(p)[column] == "i" and PartizanKayles(knocked) == o


def test_normal_play_values_against_the_reference() -> None:
    for n in range(1, 15):
        assert PartizanKayles(n).value() is ref_value((n,)), n
    rnd = random.Random(30)
    for _ in range(40):
        rows = tuple(sorted(rnd.randint(1, 9) for _ in range(rnd.randint(2, 3))))
        assert PartizanKayles(*rows).value() is ref_value(rows), rows


def test_normal_play_outcomes_against_a_search() -> None:
    for rows in sums_of_at_most(12):
        assert PartizanKayles(*rows).value().outcome().value == ref_normal(rows), rows


# -- misère play ----------------------------------------------------------------------------------


def test_misere_outcomes_of_every_small_sum() -> None:
    for rows in TESTS:
        p = PartizanKayles(*rows)
        assert p.misere_outcome().value == ref_misere(rows), rows


def test_misere_outcomes_of_random_larger_sums() -> None:
    rnd = random.Random(2015)
    for _ in range(60):
        rows = tuple(rnd.randint(1, 11) for _ in range(rnd.randint(2, 4)))
        assert PartizanKayles(*rows).misere_outcome().value == ref_misere(rows), rows


def test_the_library_search_agrees() -> None:
    rnd = random.Random(3)
    for _ in range(25):
        rows = tuple(rnd.randint(1, 7) for _ in range(rnd.randint(1, 3)))
        parts = [PartizanKayles(n) for n in rows]
        total = cgt.Sum(*parts) if len(parts) > 1 else parts[0]
        assert search_misere_outcome(total) is PartizanKayles(*rows).misere_outcome(), rows


def test_equal_classes_are_indistinguishable() -> None:
    """Sums of one class have the same outcome plus every test sum (the definition)."""
    small = sums_of_at_most(7)
    by_class: dict[int, list[Rows]] = {}
    for rows in small:
        by_class.setdefault(PartizanKayles(*rows).misere_class(), []).append(rows)
    tests = sums_of_at_most(7)
    for members in by_class.values():
        first = members[0]
        for other in members[1:]:
            for x in tests:
                assert ref_misere(first + x) == ref_misere(other + x), (first, other, x)


def test_different_classes_are_told_apart_by_rows_of_one_or_two_pins() -> None:
    # so the monoid of all sums is infinite: the class of 2 + 2 + ... + 2 keeps changing
    for b, c in itertools.combinations(range(7), 2):
        g, h = (2,) * b, (2,) * c
        assert any(
            ref_misere(g + x) != ref_misere(h + x) for x in ((1,) * a for a in range(c + 3))
        ), (b, c)
    classes = {PartizanKayles(*(2,) * b).misere_class() for b in range(7)}
    assert len(classes) == 7


def test_each_step_of_the_proof() -> None:
    """The module text's induction, checked step by step.

    A move replaces a row ``n`` by rows ``j`` and ``n - pins - j``; what that does to
    the class depends on ``n`` modulo 3 once ``n`` is at least 6, so rows up to 40
    cover every case.  Then the predicted outcome of class ``k`` must be the one
    the misère rule gives from the classes the moves reach, for every set of rows
    present; the rule only looks at ``k`` plus changes in ``[-2, 2]``, so classes
    from ``-12`` to ``12`` cover every case (the prediction is periodic below 0,
    constant above 0).
    """
    weight = PartizanKayles.misere_class

    def changes(n: int, pins: int) -> frozenset[int]:
        start = weight(PartizanKayles(n))
        return frozenset(
            weight(PartizanKayles(j, n - pins - j)) - start for j in range(n - pins + 1)
        )

    kinds = {(changes(n, 1), changes(n, 2), weight(PartizanKayles(n))) for n in range(1, 41)}
    for n in range(6, 41):  # the pattern modulo 3 from 6 on
        assert (changes(n, 1), changes(n, 2)) == (changes(n + 3, 1), changes(n + 3, 2))
    assert all(c <= {-1, 2} for c, _, _ in kinds) and all(c <= {1, -2} for _, c, _ in kinds)

    outcome = PartizanKayles.misere_outcome_of_class
    left_first = {k: outcome(k) in (Outcome.L, Outcome.N) for k in range(-16, 17)}
    right_first = {k: outcome(k) in (Outcome.R, Outcome.N) for k in range(-16, 17)}
    checked = 0
    for r in range(1, len(kinds) + 1):
        for present in itertools.combinations(sorted(kinds, key=repr), r):
            left = frozenset().union(*(c for c, _, _ in present))
            right = frozenset().union(*(c for _, c, _ in present))
            weights = {w for _, _, w in present}
            base = sum(w for _, _, w in present)  # one row of each kind; more add their weights
            for k in range(-12, 13):
                if not (k == base or (k > base and 1 in weights) or (k < base and -1 in weights)):
                    continue  # no sum of these rows has class k
                lf = any(not right_first[k + d] for d in left)
                rf = not right or any(not left_first[k + d] for d in right)
                assert (lf, rf) == (left_first[k], right_first[k]), (present, k)
                checked += 1
    assert checked > 100
    # different classes are distinguishable: adding some class m gives different outcomes
    # (m is realised by rows of one pin, m > 0, or of two, m < 0)
    for k1, k2 in itertools.combinations(range(-12, 13), 2):
        assert any(outcome(k1 + m) is not outcome(k2 + m) for m in range(-30, 31)), (k1, k2)
    # and the empty sum, class 0: whoever is to move has no move and wins
    assert outcome(0) is Outcome.N


# -- the quotient machinery and the abstract's claims ------------------------------------------


def test_the_quotient_of_the_single_pin_and_no_other() -> None:
    q = partizan_quotient_of([PartizanKayles(1)])
    assert (len(q), q.presentation(), q.outcome("a")) == (2, "a^2=a", Outcome.R)
    # any longer row reaches rows of one and of two pins: an infinite quotient
    with pytest.raises(TooLarge, match=r"more than 12 elements"):
        partizan_quotient_of([PartizanKayles(2)], max_order=12)


def test_a_right_win_position_with_a_previous_win_inverse() -> None:
    """Milley's abstract: a position G (here one pin) is R, its inverse H (two pins) is P,
    and H is not its negative."""
    found = [
        (g, h)
        for g in sums_of_at_most(3)
        for h in sums_of_at_most(3)
        if g
        and ref_misere(g) == "R"
        and ref_misere(h) == "P"
        and all(ref_misere(g + h + x) == ref_misere(x) for x in TESTS)  # G + H = 0 here
    ]
    assert ((1,), (2,)) in found
    g, h = PartizanKayles(1), PartizanKayles(2)
    assert (g + h).misere_outcome() is Outcome.N and PartizanKayles(1, 2).misere_class() == 0
    # the negative of G is the misère integer -1 = {|0}: Left has no move there but Right
    # has, which no nonempty position of Partizan Kayles allows (Left can always move)
    minus = conjugate(form(g))
    assert str(minus) == "-1" and form(h) != minus
    assert all(PartizanKayles(*rows).left_options() for rows in sums_of_at_most(8) if rows)
    # -G is an inverse of G too (G + -G plus any sum of rows has that sum's outcome) ...
    assert all(ref_misere((1, *x), minus_ones=1) == ref_misere(x) for x in TESTS)
    # ... even modulo every dead-ending game, while H is not one there ...
    dead_ending = universe("dead-ending")
    assert dead_ending.equal(form(g) + minus, form(0))
    assert not dead_ending.equal(form(g) + form(h), form(0))
    # ... and -G is not equivalent to H modulo Partizan Kayles: the empty sum tells them apart
    assert ref_misere((), minus_ones=1) == "L" and minus.misere_outcome() is Outcome.L
    assert ref_misere((2,)) == "P"
