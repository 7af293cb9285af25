"""Partizan misère quotients (cgt.misere.quotient) against the definition, by brute force.

The reference here never touches the quotient nor :class:`cgt.misere.Form`'s
search: games are canonical strings ``{L,...|R,...}`` of their trees, and the
misère outcome of a sum (a multiset of such games) comes from the definition
(Left moving first wins iff she has no move or a move after which Right,
moving first, loses).  Published facts checked: the impartial quotients of
Plambeck and Siegel (via :func:`cgt.impartial.quotient.misere_quotient_of`,
an independent construction) and Rubinstein-Salzedo and Zhou's theorem that
no partizan misère quotient has order 3 (arXiv:2603.18244).
"""

from __future__ import annotations

import contextlib
import itertools
import pickle
import random
import time
from collections.abc import Iterable
from functools import cache

import pytest

import cgt
from cgt.errors import InvalidArgument, InvalidPosition, LoopyPosition, TooLarge, WrongType
from cgt.games import Clobber
from cgt.impartial.quotient import misere_quotient_of
from cgt.misere import LOSING_MOVE, Form, PartizanQuotient, parse_form, partizan_quotient_of

# -- the reference: games as canonical strings, outcomes by the definition ----------------

OPTIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def tree(g: Form) -> str:
    """The canonical string of a form's tree (registering its options)."""
    left = sorted({tree(o) for o in g.left})
    right = sorted({tree(o) for o in g.right})
    text = "{" + ",".join(left) + "|" + ",".join(right) + "}"
    OPTIONS[text] = (tuple(left), tuple(right))
    return text


EMPTY = "{|}"


@cache
def wins(games: tuple[str, ...], left: bool) -> bool:
    moved = False
    for i, g in enumerate(games):
        rest = games[:i] + games[i + 1 :]
        for o in OPTIONS[g][0 if left else 1]:
            moved = True
            after = tuple(sorted(x for x in (*rest, o) if x != EMPTY))
            if not wins(after, not left):
                return True
    return not moved


def ref_outcome(forms: Iterable[Form]) -> str:
    games = tuple(sorted(t for t in (tree(f) for f in forms) if t != EMPTY))
    lf, rf = wins(games, True), wins(games, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (lf, rf)
    ]


def forms_born_by(day: int) -> list[Form]:
    forms = [Form([], [])]
    for _ in range(day):
        subsets = [s for r in range(len(forms) + 1) for s in itertools.combinations(forms, r)]
        forms = [Form(a, b) for a in subsets for b in subsets]
    return forms


def random_sums(q: PartizanQuotient, count: int, most: int, seed: int) -> list[list[Form]]:
    rnd = random.Random(seed)
    comps = list(q.components)
    if not comps:
        return [[]]
    return [[rnd.choice(comps) for _ in range(rnd.randint(0, most))] for _ in range(count)]


FAMILIES = [
    ["*"],
    ["*2"],
    ["{0|*}"],
    ["{*|0}"],
    ["{0,*|0}"],
    ["{*2|*}"],
    ["{0|}"],
    ["{0|*}", "*"],
    ["{*|*2}", "*"],
    ["{0|{0|0}}"],
]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: "+".join(f))
def test_every_random_sum_has_the_outcome_of_the_definition(family: list[str]) -> None:
    q = partizan_quotient_of([parse_form(g) for g in family])
    for s in random_sums(q, 300, 7, seed=len(q)):
        assert q.misere_outcome(s).value == ref_outcome(s), s


@pytest.mark.slow
def test_random_forms_born_by_day_two() -> None:
    # every single form born by day 2 whose quotient has at most 40 elements
    rnd = random.Random(5)
    forms = forms_born_by(2)
    done = 0
    for g in rnd.sample(forms, 60):
        try:
            q = partizan_quotient_of([g], max_order=40)
        except TooLarge:
            continue
        done += 1
        for s in random_sums(q, 60, 6, seed=done):
            assert q.misere_outcome(s).value == ref_outcome(s), (g, s)
    assert done >= 8


@pytest.mark.parametrize("family", FAMILIES[:7], ids=lambda f: "+".join(f))
def test_elements_are_pairwise_distinguishable(family: list[str]) -> None:
    """Each pair of classes is told apart by some sum of at most three components."""
    q = partizan_quotient_of([parse_form(g) for g in family])
    comps = [Form([], []), *q.components]
    tests = [list(x) for r in range(4) for x in itertools.combinations_with_replacement(comps, r)]
    reps = {w: list(q.representative(w)) for w in q.elements}
    for w in q.elements:
        assert q.element(reps[w]) == w
        assert q.outcome(w).value == ref_outcome(reps[w])
    for a, b in itertools.combinations(q.elements, 2):
        assert any(ref_outcome(reps[a] + x) != ref_outcome(reps[b] + x) for x in tests), (
            f"{a} and {b} look the same"
        )


def test_table_is_a_commutative_monoid_with_the_outcome_map() -> None:
    q = partizan_quotient_of(["{*2|*}"])
    els = q.elements
    table = q.table()
    assert [row[0] for row in table] == list(els) and table[0] == list(els)
    for x, y, z in itertools.product(els, repeat=3):
        assert q.multiply(x, y) == q.multiply(y, x)
        assert q.multiply(q.multiply(x, y), z) == q.multiply(x, q.multiply(y, z))
    parts = q.outcome_partition()
    assert sorted(w for p in parts.values() for w in p) == sorted(els)
    for o, words in parts.items():
        assert all(q.outcome(w).value == o for w in words)


def _rewrite(word: list[int], rules: list[tuple[list[int], list[int]]]) -> list[int]:
    changed = True
    while changed:
        changed = False
        for u, v in rules:
            if all(w >= e for w, e in zip(word, u, strict=True)):
                word = [w - e + f for w, e, f in zip(word, u, v, strict=True)]
                changed = True
    return word


def _vector(word: str, k: int) -> list[int]:
    out = [0] * k
    if word == "1":
        return out
    i = 0
    while i < len(word):
        letter = ord(word[i]) - ord("a")
        i += 1
        e = 1
        if i < len(word) and word[i] == "^":
            j = i + 1
            while j < len(word) and word[j].isdigit():
                j += 1
            e = int(word[i + 1 : j])
            i = j
        out[letter] += e
    return out


@pytest.mark.parametrize("family", [["{0|*}"], ["{*2|*}"], ["*3"]], ids=str)
def test_relations_present_the_quotient(family: list[str]) -> None:
    q = partizan_quotient_of(family)
    k = len(q.generators)
    rules = [(_vector(u, k), _vector(v, k)) for u, v in q.relations()]
    letters = "abcdefghijklmnopqrstuvwxyz"[:k]
    for degree in range(7):
        for word in itertools.combinations_with_replacement(range(k), degree):
            v = [word.count(i) for i in range(k)]
            product = q.multiply(*(letters[i] for i in word))
            assert _rewrite(v, rules) == _vector(product, k)


# -- published facts ----------------------------------------------------------------------


def kayles(n: int) -> list[tuple[int, ...]]:
    out = set()
    for take in (1, 2):
        for left in range(n - take + 1):
            right = n - take - left
            out.add(tuple(sorted(h for h in (left, right) if h)))
    return sorted(out)


@pytest.mark.slow
@pytest.mark.parametrize("top", [3, 5, 7, 10, 14])
def test_impartial_families_give_plambeck_siegel_quotients(top: int) -> None:
    """Kayles heaps up to ``top`` as a labelled family: same quotient as the impartial code."""
    heaps = list(range(1, top + 1))
    impartial = misere_quotient_of(heaps, kayles)
    q = partizan_quotient_of(heaps, lambda n: (kayles(n), kayles(n)))
    assert len(q) == len(impartial)
    assert q.presentation() == impartial.presentation()
    assert set(q.outcome_partition()["L"]) == set(q.outcome_partition()["R"]) == set()
    rnd = random.Random(top)
    for _ in range(200):
        s = [rnd.choice(heaps) for _ in range(rnd.randint(0, 6))]
        assert q.misere_outcome(s) == impartial.misere_outcome(s)


def test_tame_quotient_of_nim() -> None:
    # Nim heaps up to 3: Plambeck and Siegel's tame quotient, order 6, a^2=1, b^3=b
    q = partizan_quotient_of(["*3"])
    assert (len(q), q.presentation()) == (6, "a^2=1, b^3=b")
    assert q.outcome_partition()["P"] == ("a", "b^2")


@pytest.mark.slow
def test_no_quotient_of_order_three_among_forms_born_by_day_two() -> None:
    """Rubinstein-Salzedo and Zhou: no partizan misère quotient has order 3; odd orders occur."""
    orders = []
    for g in forms_born_by(2):
        with contextlib.suppress(TooLarge):
            orders.append(len(partizan_quotient_of([g], max_order=30)))
    assert 3 not in orders
    assert any(n % 2 for n in orders if n > 1)  # odd orders (Allen's observation)
    assert {1, 2} <= set(orders)


def test_no_order_three_on_a_sample() -> None:
    rnd = random.Random(3)
    for g in rnd.sample(forms_born_by(2), 40):
        with contextlib.suppress(TooLarge):
            assert len(partizan_quotient_of([g], max_order=30)) != 3


# -- positions, labels, losing moves -------------------------------------------------------


def test_positions_against_the_search_on_positions() -> None:
    q = partizan_quotient_of([Clobber("xoo"), Clobber("xxoo")])
    rnd = random.Random(2)
    comps = list(q.components)
    for _ in range(60):
        s = [rnd.choice(comps) for _ in range(rnd.randint(1, 4))]
        assert q.misere_outcome(s) == cgt.Sum(*s).misere_outcome(), s
    assert q.misere_outcome(Clobber("xoo.xxoo")) == cgt.Sum(Clobber("xoo.xxoo")).misere_outcome()


def test_losing_moves() -> None:
    # "p": Left's only move loses at once; Right may move to 0.
    def options(label: str) -> tuple[list[object], list[object]]:
        return {"p": ([LOSING_MOVE], [()]), "s": ([()], [()])}[label]

    q = partizan_quotient_of(["p", "s"], options)

    @cache
    def wins_ref(p: int, s: int, left: bool) -> bool:
        # p copies of "p", s of "s"; a player with only losing moves loses
        moves = []
        if s:
            moves.append((p, s - 1))
        if p and not left:
            moves.append((p - 1, s))
        if not moves:
            return not (left and p)
        return any(not wins_ref(a, b, not left) for a, b in moves)

    for p, s in itertools.product(range(5), range(5)):
        lf, rf = wins_ref(p, s, True), wins_ref(p, s, False)
        want = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
        assert q.misere_outcome(["p"] * p + ["s"] * s).value == want[(lf, rf)], (p, s)


# -- bounds and bad input ---------------------------------------------------------------------


def test_an_infinite_quotient_raises_too_large_naming_the_size() -> None:
    # the misère integers 1 and -1: n - m tells the classes apart, so no finite quotient
    with pytest.raises(TooLarge, match="more than 20 elements"):
        partizan_quotient_of(["1", "-1"], max_order=20)
    with pytest.raises(TooLarge, match="passed 50 sums"):
        partizan_quotient_of(["{*2|*}"], max_search=50)
    with pytest.raises(TooLarge, match="more than 2 components"):
        partizan_quotient_of(["*3"], max_components=2)


def test_bad_input() -> None:
    with pytest.raises(WrongType):
        partizan_quotient_of(3.5)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        partizan_quotient_of([object()])
    with pytest.raises(WrongType):
        partizan_quotient_of(["a"], lambda s: [()])
    with pytest.raises(WrongType):
        partizan_quotient_of(["a"], lambda s: ([1], []))
    with pytest.raises(LoopyPosition):
        partizan_quotient_of(["a"], lambda s: ([("a",)], []))
    with pytest.raises(InvalidArgument):
        partizan_quotient_of(["*"], max_order=0)
    with pytest.raises(WrongType):
        partizan_quotient_of(["*"], max_order=True)
    q = partizan_quotient_of(["*2"])
    with pytest.raises(InvalidPosition, match="not a component"):
        q.misere_outcome(["{1|}"])
    with pytest.raises(InvalidArgument):
        q.outcome("z")
    with pytest.raises(WrongType):
        q.misere_outcome(5)
    for err in (TooLarge("x"), InvalidPosition("y")):
        assert type(pickle.loads(pickle.dumps(err))) is type(err)
    assert pickle.loads(pickle.dumps(LOSING_MOVE)) is LOSING_MOVE


def test_text() -> None:
    q = partizan_quotient_of(["{0|*}"])
    assert repr(q) == "<partizan misère quotient of 1 game (2 in the closure): order 9>"
    text = str(q)
    assert "relations: a^2=1, ab^4=b^4, b^5=b^4" in text and "  R: b" in text


def test_cpu_time() -> None:
    t0 = time.process_time()
    q = partizan_quotient_of([Clobber("xxoo"), Clobber("xoo"), Clobber("x.xo")])
    assert len(q) > 1
    assert time.process_time() - t0 < 5.0


def test_green_hackenbush_stalks_follow_boutons_misere_nim() -> None:
    """Green stalks are Nim heaps; misère Nim (Bouton 1902): the mover loses iff the
    nim-sum is 0 with some heap of 2 or more, or every heap is 1 and there are an odd number.
    """
    from cgt.games import Hackenbush

    stalks = [Hackenbush.parse("e" * n) for n in range(1, 5)]
    q = partizan_quotient_of([stalks[-1]])
    for sizes in itertools.combinations_with_replacement(range(1, 5), 4):
        for r in range(5):
            heaps = sizes[:r]
            nim = 0
            for h in heaps:
                nim ^= h
            big = any(h >= 2 for h in heaps)
            p = (nim == 0 and big) or (not big and len(heaps) % 2 == 1)
            want = "P" if p else "N"
            assert q.misere_outcome([stalks[h - 1] for h in heaps]).value == want, heaps
