"""The values that are trees share one weak intern table (:mod:`cgt._intern`).

Scoring games (:class:`cgt.scoring.ScoringGame`), misère forms
(:class:`cgt.misere.Form`) and misère canonical games
(:class:`cgt.impartial.MisereGame`) are interned: equal trees are one object,
in every thread.  Their tables hold them weakly, so a value nobody references
is freed and built again, equal, when needed; caches key on serial numbers,
never on ``id()``, which a freed value's successor may reuse.
"""

from __future__ import annotations

import gc
import pickle
import random
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import cgt
import cgt.impartial.misere_canonical as misere_canonical
import cgt.misere.forms as misere_forms
import cgt.scoring.games as scoring_games
from cgt._intern import Interned, InternTable
from cgt.impartial import MisereGame, misere_heap, parse_misere
from cgt.misere import Form, parse_form, simplest_form, sum_outcome
from cgt.scoring import ScoringGame, ge, hat, number, parse_scoring
from cgt.scoring import simplest_form as scoring_simplest

from . import test_concurrency


def _form_text(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(["0", "1", "-1", "*", "*2", "2", "-2"])
    left = ", ".join(_form_text(rng, depth - 1) for _ in range(rng.randint(0, 2)))
    right = ", ".join(_form_text(rng, depth - 1) for _ in range(rng.randint(0, 2)))
    return "{" + left + "|" + right + "}"


def _scoring_text(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(["0", "1", "-1", "1/2", "2"])

    def side() -> str:
        n = rng.randint(0, 2)
        if n == 0:
            return "^" + rng.choice(["0", "1", "-1"])
        return ", ".join(_scoring_text(rng, depth - 1) for _ in range(n))

    return "<" + side() + "|" + side() + ">"


def _misere_list(rng: random.Random, depth: int) -> str:
    parts = []
    for _ in range(rng.randint(1, 3)):
        if depth == 0 or rng.random() < 0.4:
            parts.append(str(rng.randint(0, 3)))
        else:
            parts.append(_misere_list(rng, depth - 1))
    return "[" + ",".join(parts) + "]"


def _misere_text(rng: random.Random, depth: int) -> str:
    return "*" + _misere_list(rng, depth)


@dataclass(frozen=True)
class Kind:
    """One of the three interned types: how to read it, a text, its table."""

    name: str
    cls: type[Interned]
    parse: Callable[[str], Any]
    text: Callable[[random.Random, int], str]
    table: Callable[[], InternTable[Any, Any]]
    fresh: str  # a value no module keeps alive
    facts: Callable[[Any], Any]  # what a value computes, to compare after a rebuild


KINDS = [
    Kind(
        "scoring",
        ScoringGame,
        parse_scoring,
        _scoring_text,
        lambda: scoring_games._forms,
        "<<^1|<3|^-7/4>>, 13/8|<-1, <^5|11/2>|^-2>>",
        lambda g: (g.left_score, g.right_score, g.is_guaranteed(), str(-g), g.birthday),
    ),
    Kind(
        "misere form",
        Form,
        parse_form,
        _form_text,
        lambda: misere_forms._forms,
        "{{{*2|1}, -1|{*|0}, 2}, *|{{0|*}|{1|}}}",
        lambda g: (g.misere_outcome(), str(-g), g.follower_count(), g.is_dicot()),
    ),
    Kind(
        "misere canonical",
        MisereGame,
        parse_misere,
        _misere_text,
        lambda: misere_canonical._games,
        "*[[[[3],2],[4,1]],[[2],[5,0]],6]",
        lambda g: (g.outcome(), g.normal_grundy(), g.misere_grundy(), g.birthday()),
    ),
]


# the threads switch every microsecond, so that races show up in a short test
fast_switching = test_concurrency.fast_switching
_in_threads = test_concurrency._in_threads


def _collect() -> None:
    cgt.clear_caches()  # the caches' values hold their results alive
    gc.collect()


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
@pytest.mark.usefixtures("fast_switching")
def test_equal_values_are_one_object_in_eight_threads(kind: Kind) -> None:
    rng = random.Random(hash(kind.name) % 1000)
    texts = [kind.text(rng, 3) for _ in range(150)]
    for _ in range(2):
        _collect()  # so the threads build the values, not find them

        def build(i: int) -> list[Any]:
            order = texts if i % 2 else texts[::-1]
            made = {t: kind.parse(t) for t in order}
            return [made[t] for t in texts]

        results = _in_threads(8, build)
        for other in results[1:]:
            for a, b, text in zip(results[0], other, texts, strict=True):
                assert a is b, text
        for g in results[0]:  # each is the value its text says: it reads back as itself
            assert isinstance(g, kind.cls)
            assert kind.parse(str(g)) is g


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_a_value_nobody_holds_is_freed_and_built_again(kind: Kind) -> None:
    _collect()
    before = len(kind.table())
    g = kind.parse(kind.fresh)
    text, facts, serial = str(g), kind.facts(g), g._serial
    grown = len(kind.table())
    assert grown > before
    ref = weakref.ref(g)
    del g
    _collect()
    assert ref() is None, gc.get_referrers(ref())
    assert len(kind.table()) < grown
    again = kind.parse(kind.fresh)  # a new object, equal in all but identity
    assert again._serial > serial
    assert str(again) == text and kind.facts(again) == facts
    assert kind.parse(text) is again


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_pickles_round_trip_to_the_one_live_value(kind: Kind) -> None:
    rng = random.Random(7)
    for _ in range(30):
        g = kind.parse(kind.text(rng, 3))
        assert pickle.loads(pickle.dumps(g)) is g
    g = kind.parse(kind.fresh)
    data, text, facts = pickle.dumps(g), str(g), kind.facts(g)
    del g
    _collect()
    back = pickle.loads(data)  # built again: equal, and then interned as usual
    assert str(back) == text and kind.facts(back) == facts
    assert pickle.loads(data) is back and kind.parse(text) is back


def test_module_constants_stay_the_interned_values() -> None:
    _collect()
    assert Form([], []) is misere_forms.zero and parse_form("*") is misere_forms.star
    assert number(0) is scoring_games.zero and ScoringGame(0, 0) is scoring_games.zero
    assert MisereGame([]) is misere_heap(0) and MisereGame([0]) is misere_heap(1)


def _reusing(old_ids: set[int], make: Callable[[int], Any], tries: int = 3000) -> Any:
    """A value made by ``make(i)`` at an address a freed value had (the misses are kept
    alive, so the allocator hands out the freed addresses in turn)."""
    kept = []
    for i in range(tries):
        x = make(i)
        if id(x) in old_ids:
            return x
        kept.append(x)
    pytest.fail("no new value took a freed address")  # pragma: no cover


def test_misere_sums_are_keyed_by_serials() -> None:
    # The sums were keyed by id(), which a freed game's successor may reuse.  A sum
    # G + H keeps G and H alive (they are its followers), so no freed game could be
    # met that way here: check the keys instead, each a pair of live games' serials.
    _collect()
    games = [MisereGame([MisereGame([k + 2]), k % 2]) for k in range(30)]  # *[2#0], *[3#1]...
    heap = misere_heap(2)
    for g in games:
        assert (g + heap).normal_grundy() == g.normal_grundy() ^ 2  # nim-values add
    serials = {g._serial for g in misere_canonical._games.values()}
    assert misere_canonical._sums
    assert all(a in serials and b in serials for a, b in misere_canonical._sums)
    assert (min(games[0]._serial, heap._serial), max(games[0]._serial, heap._serial)) in (
        misere_canonical._sums
    )


def _dicot(i: int) -> Form:
    star, heap = misere_forms.star, misere_forms.nim_heap
    return Form([heap(i % 20 + 1), star], [Form([star], [heap(i // 20 + 1)])])


@pytest.mark.slow
def test_misere_form_caches_are_not_answered_for_a_freed_form() -> None:
    _collect()
    games = [parse_form(f"{{*{k + 2}, {{*|*}}|*, {{*|*}}}}") for k in range(100)]
    for g in games:  # the simplest forms are cached for these games
        assert simplest_form(g) is not g
    old = {id(g) for g in games}
    del games, g
    gc.collect()
    h = _reusing(old, _dicot)
    found = simplest_form(h)
    tests = [parse_form(t) for t in ("0", "*", "*2", "{*|0}", "{0|*}", "{*2|*}")]
    for x in tests:  # equal modulo the dicots: the same outcome beside any dicot
        assert sum_outcome([found, x]) is sum_outcome([h, x])
    cgt.clear_caches()
    assert found is simplest_form(h)


def test_scoring_caches_are_not_answered_for_a_freed_game() -> None:
    _collect()
    games = [parse_scoring(f"<{k}, {k + 1}|^{k + 1}>") for k in range(100)]
    for k, g in enumerate(games):  # cached for these games
        assert str(scoring_simplest(g)) == f"<{k + 1}|^{k + 1}>"
    old = {id(g) for g in games}
    del games, g
    gc.collect()
    h = _reusing(old, lambda i: parse_scoring(f"<{i + 200}, <^{i}|{i + 1}>|^{i + 300}>"))
    found = scoring_simplest(h)
    assert ge(found, h) and ge(h, found)
    cgt.clear_caches()
    assert found is scoring_simplest(h)


def test_forms_of_a_large_computation_are_freed() -> None:
    _collect()
    before = len(scoring_games._forms)
    total = hat(3)
    for k in range(4):
        total = total + parse_scoring(f"<<^{k}|{k + 1}>, {k}|<-{k}|^-{k + 2}>>")
    built = len(scoring_games._forms) - before
    score = total.left_score, total.right_score
    assert built > 500
    del total
    _collect()
    assert len(scoring_games._forms) - before < built // 10
    again = hat(3)
    for k in range(4):
        again = again + parse_scoring(f"<<^{k}|{k + 1}>, {k}|<-{k}|^-{k + 2}>>")
    assert (again.left_score, again.right_score) == score


@pytest.mark.usefixtures("fast_switching")
def test_the_table_keeps_one_value_per_key_under_threads() -> None:
    table: InternTable[int, Interned] = InternTable("test.race")
    made: list[int] = []

    def make(serial: int, day: int) -> Interned:
        x = Interned()
        x._serial, x._day = serial, day
        made.append(serial)
        return x

    results = _in_threads(8, lambda i: [table.get_or_make(k, make, 0) for k in range(300)])
    for other in results[1:]:
        assert all(a is b for a, b in zip(results[0], other, strict=True))
    assert len(made) == 300 == len(set(made)) == len(table)
    assert sorted(x._serial for x in results[0]) == sorted(made)
    del results, other
    gc.collect()
    assert len(table) == 0 and table.values() == []
