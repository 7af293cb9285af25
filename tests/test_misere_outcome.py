"""Misère outcomes of game forms, partizan positions, sums and heap games.

The independent check is a brute force written out here: plain recursion over
option tuples with the misère rule (a player who cannot move wins), memoised
only by the exact position (its string), never by the library's keys or
component split.  For heap games the moves are generated here from the octal
code's digits, not by the library's rulesets.  Laws add further checks: the
negative of a form has the swapped outcome, and the outcomes of the simplest
forms follow by hand (``0`` N, ``*`` P, ``*n`` N for n >= 2, integers).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any

import networkx as nx
import pytest

import cgt
from cgt import Game, Outcome, Sum
from cgt.errors import InvalidPosition, LoopyPosition, PositionProtocolError
from cgt.games import Clobber, Col, Domineering, OctalGame, Position
from cgt.play import misere_outcome

SWAP = {Outcome.L: Outcome.R, Outcome.R: Outcome.L, Outcome.N: Outcome.N, Outcome.P: Outcome.P}


def outcome_of(left_first_wins: bool, right_first_wins: bool) -> Outcome:
    if left_first_wins:
        return Outcome.N if right_first_wins else Outcome.L
    return Outcome.R if right_first_wins else Outcome.P


def brute(
    moves: Callable[[Any, bool], Iterable[Any]], name: Callable[[Any], Hashable]
) -> Callable[[Any], Outcome]:
    """A misère outcome function from a move generator (``left`` flag) and an exact name."""
    table: dict[tuple[Hashable, bool], bool] = {}

    def wins(position: Any, left: bool) -> bool:
        key = (name(position), left)
        if key not in table:
            options = list(moves(position, left))
            # no move: the player to move wins; else some move must leave the opponent losing
            table[key] = not options or any(not wins(o, not left) for o in options)
        return table[key]

    return lambda position: outcome_of(wins(position, True), wins(position, False))


# --- game forms --------------------------------------------------------------------
def form_moves(forms: tuple[Game, ...], left: bool) -> Iterable[tuple[Game, ...]]:
    """Moves in a tuple of canonical forms (a sum kept apart): one part moves."""
    for i, g in enumerate(forms):
        for option in g.left_options if left else g.right_options:
            yield (*forms[:i], option, *forms[i + 1 :])


brute_forms = brute(form_moves, lambda forms: tuple(sorted(str(g) for g in forms)))


def random_forms(rng: random.Random, count: int) -> list[Game]:
    """Random canonical values of birthday at most 3, built from options."""

    def some(pool: list[Game]) -> list[Game]:
        return rng.sample(pool, rng.randint(0, min(3, len(pool))))

    pool = [cgt.zero]
    for _ in range(2):  # days 1 and 2: twelve random games each
        pool = pool + [Game(some(pool), some(pool)) for _ in range(12)]
    out = [Game(some(pool), some(pool)) for _ in range(count)]
    assert all(g.birthday() <= 3 for g in out)
    return out


def test_simplest_forms_by_hand() -> None:
    # 0: the mover cannot move and wins; *: the mover must move to 0 and the opponent wins
    assert cgt.zero.misere_outcome() is Outcome.N
    assert cgt.star.misere_outcome() is Outcome.P
    assert all(cgt.nimber(n).misere_outcome() is Outcome.N for n in range(2, 8))
    # n > 0: Right cannot move and wins moving first; Left must move and then Right cannot
    assert all(cgt.number(n).misere_outcome() is Outcome.R for n in range(1, 6))
    assert all(cgt.number(-n).misere_outcome() is Outcome.L for n in range(1, 6))


def test_not_a_normal_play_invariant() -> None:
    two = cgt.nimber(2)
    assert two + two == cgt.zero and (two + two).misere_outcome() is Outcome.N
    assert Sum(two, two).misere_outcome() is Outcome.P  # misère Nim with heaps 2, 2
    assert Sum(cgt.star, cgt.star).misere_outcome() is Outcome.N


def test_random_forms_against_brute_force() -> None:
    rng = random.Random(18)
    forms = random_forms(rng, 150)
    seen = set()
    for g in forms:
        expected = brute_forms((g,))
        seen.add(expected)
        assert g.misere_outcome() is expected, str(g)
        assert misere_outcome(g) is expected
        assert (-g).misere_outcome() is SWAP[expected], str(g)  # -g: the players swapped
    assert seen == set(Outcome)  # the sample meets all four outcome classes


def test_the_form_outcome_lives_with_misere_theory() -> None:
    # Game.misere_outcome() is cgt.impartial.misere.form_misere_outcome (through
    # the façade), its own search over forms: deep forms and bad input included
    from cgt.impartial.misere import clear_misere_cache, form_misere_outcome

    clear_misere_cache()
    deep = cgt.zero
    for _ in range(3000):  # {G|}: the integer 3000, as a chain of 3000 forms
        deep = Game([deep], [])
    assert deep == cgt.number(3000)
    # Right has no move, so Right wins moving first, and after any move of Left's
    assert form_misere_outcome(deep) is Outcome.R
    assert form_misere_outcome(-deep) is Outcome.L
    with pytest.raises(cgt.WrongType):
        form_misere_outcome("*")  # type: ignore[arg-type]


def test_clearing_the_misere_cache_clears_the_canonical_forms_sums() -> None:
    # misere_canonical registers its clearing with misere (which cannot import it)
    from cgt.impartial import misere_canonical
    from cgt.impartial.misere import clear_misere_cache

    two = cgt.nimber(2).misere_canonical_form()
    assert two + two + two == two + (two + two)  # sums memoised
    assert len(misere_canonical._sums) > 0
    clear_misere_cache()
    assert len(misere_canonical._sums) == 0


def test_sums_of_random_forms_against_brute_force() -> None:
    rng = random.Random(19)
    forms = random_forms(rng, 60)
    seen = set()
    for _ in range(80):
        parts = tuple(rng.sample(forms, rng.randint(2, 3)))
        expected = brute_forms(parts)
        seen.add(expected)
        assert Sum(*parts).misere_outcome() is expected, [str(g) for g in parts]
    assert len(seen) >= 3


# --- partizan rulesets -------------------------------------------------------------
def position_moves(parts: tuple[Any, ...], left: bool) -> Iterable[tuple[Any, ...]]:
    for i, p in enumerate(parts):
        for option in p.left_options() if left else p.right_options():
            yield (*parts[:i], option, *parts[i + 1 :])


brute_positions = brute(
    position_moves, lambda parts: tuple(sorted((type(p).__name__, str(p)) for p in parts))
)


def random_domineering(rng: random.Random) -> Domineering:
    h, w = rng.randint(1, 3), rng.randint(2, 4)
    rows = ["".join(rng.choice("...#") for _ in range(w)) for _ in range(h)]
    return Domineering("|".join(rows))


def random_clobber(rng: random.Random) -> Clobber:
    h, w = rng.randint(1, 2), rng.randint(2, 4)
    rows = ["".join(rng.choice("xxoo.") for _ in range(w)) for _ in range(h)]
    return Clobber("|".join(rows))


def random_col(rng: random.Random) -> Col:
    while True:
        graph = nx.gnp_random_graph(rng.randint(2, 5), 0.5, seed=rng.randrange(10**6))
        for node in graph.nodes:
            graph.nodes[node]["tint"] = rng.choice([None, None, None, "L", "R"])
        try:
            return Col(graph)
        except InvalidPosition:  # neighbours of one colour: not a Col position
            continue


MAKERS = [random_domineering, random_clobber, random_col]


@pytest.mark.parametrize("make", MAKERS, ids=["domineering", "clobber", "col"])
def test_random_positions_against_brute_force(make: Callable[[random.Random], Any]) -> None:
    rng = random.Random(20)
    seen = set()
    for _ in range(40):
        p = make(rng)
        expected = brute_positions((p,))
        seen.add(expected)
        assert p.misere_outcome() is expected, repr(p)
    assert len(seen) >= 3


@pytest.mark.parametrize("seed", range(3))
def test_sums_of_two_positions_against_brute_force(seed: int) -> None:
    rng = random.Random(30 + seed)
    seen = set()
    for _ in range(20):
        p, q = rng.choice(MAKERS)(rng), rng.choice(MAKERS)(rng)
        expected = brute_positions((p, q))
        seen.add(expected)
        assert (p + q).misere_outcome() is expected, (p, q)
        assert misere_outcome(Sum(q, p)) is expected
    assert len(seen) >= 2


def mixed_moves(parts: tuple[Any, ...], left: bool) -> Iterable[tuple[Any, ...]]:
    """Moves in a tuple of positions and canonical forms."""
    for i, p in enumerate(parts):
        if isinstance(p, Game):
            moved: Iterable[Any] = p.left_options if left else p.right_options
        else:
            moved = p.left_options() if left else p.right_options()
        for option in moved:
            yield (*parts[:i], option, *parts[i + 1 :])


brute_mixed = brute(
    mixed_moves, lambda parts: tuple(sorted((type(p).__name__, str(p)) for p in parts))
)


def test_sum_of_position_and_form() -> None:
    rng = random.Random(40)
    seen = set()
    for g in random_forms(rng, 30):
        p = random_clobber(rng)
        expected = brute_mixed((p, g))
        seen.add(expected)
        assert (p + g).misere_outcome() is expected, (p, str(g))
    assert len(seen) >= 3


def test_user_ruleset_without_components() -> None:
    class Nibble(Position):
        """Left takes 1 or 2 from a heap, Right takes 2 or 3."""

        def __init__(self, n: int) -> None:
            self.n = n

        def left_options(self) -> list[Nibble]:
            return [Nibble(self.n - k) for k in (1, 2) if k <= self.n]

        def right_options(self) -> list[Nibble]:
            return [Nibble(self.n - k) for k in (2, 3) if k <= self.n]

        def key(self) -> Hashable:
            return self.n

        def __str__(self) -> str:
            return str(self.n)

    for a in range(8):
        assert Nibble(a).misere_outcome() is brute_positions((Nibble(a),))
        for b in range(5):
            assert (Nibble(a) + Nibble(b)).misere_outcome() is brute_positions(
                (Nibble(a), Nibble(b))
            )


def test_numbers_and_bad_input() -> None:
    assert misere_outcome(3) is Outcome.R and misere_outcome(0) is Outcome.N
    for bad in ("x", None, [1], Fraction(1, 3)):
        with pytest.raises(PositionProtocolError, match="not a position"):
            misere_outcome(bad)


def test_loopy_position_is_refused() -> None:
    class Swing(Position):
        """Left and Right both move between two states for ever."""

        def __init__(self, up: bool) -> None:
            self.up = up

        def left_options(self) -> list[Swing]:
            return [Swing(not self.up)]

        def right_options(self) -> list[Swing]:
            return [Swing(not self.up)]

        def key(self) -> Hashable:
            return self.up

    with pytest.raises(LoopyPosition, match="loopy"):
        Swing(True).misere_outcome()


def test_unhashable_key_is_a_protocol_error() -> None:
    class Bad(Position):
        def left_options(self) -> list[Any]:
            return []

        def right_options(self) -> list[Any]:
            return []

        def key(self) -> Hashable:
            return [1]  # type: ignore[return-value]

    with pytest.raises(PositionProtocolError, match="hashable"):
        Bad().misere_outcome()


# --- heap games ----------------------------------------------------------------------
def octal_digits(code: str) -> list[int]:
    """The digits d_1 d_2 ... of a code ``0.d1d2...`` (no ``!``, no repeats)."""
    assert code.startswith("0.")
    return [int(c, 8) for c in code[2:]]


def heap_moves(digits: list[int]) -> Callable[[tuple[int, ...], bool], Iterable[tuple[int, ...]]]:
    def moves(heaps: tuple[int, ...], left: bool) -> Iterable[tuple[int, ...]]:
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for k, d in enumerate(digits, start=1):
                if k > n:
                    break
                m = n - k
                if d & 1 and m == 0:
                    yield rest
                if d & 2 and m > 0:
                    yield (*rest, m)
                if d & 4:
                    for a in range(1, m // 2 + 1):
                        yield (*rest, a, m - a)

    return moves


def random_code(rng: random.Random) -> str:
    while True:
        digits = [rng.randint(0, 7) for _ in range(rng.randint(1, 3))]
        if digits[-1] and any(d & 3 for d in digits):
            return "0." + "".join(map(str, digits))


def test_sums_of_heaps_against_brute_force() -> None:
    rng = random.Random(50)
    codes = ["0.77", "0.07", "0.137", "0.6", "0.4"] + [random_code(rng) for _ in range(7)]
    seen = set()
    for code in codes:
        game = OctalGame(code)
        solve = brute(heap_moves(octal_digits(code)), lambda heaps: tuple(sorted(heaps)))
        for _ in range(12):
            heaps = tuple(rng.randint(0, 9) for _ in range(rng.randint(1, 4)))
            expected = solve(heaps)
            assert expected in (Outcome.N, Outcome.P)
            seen.add(expected)
            assert game(*heaps).misere_outcome() is expected, (code, heaps)
            assert Sum(*(game(n) for n in heaps)).misere_outcome() is expected, (code, heaps)
    assert seen == {Outcome.N, Outcome.P}


def test_heaps_with_nimbers_and_partizan_parts() -> None:
    kayles = OctalGame("0.77")
    nim = brute(heap_moves([3] * 9), lambda heaps: tuple(sorted(heaps)))
    assert nim((2, 2)) is Outcome.P and nim((1, 1, 1)) is Outcome.P and nim((1, 1)) is Outcome.N
    kayles_moves = heap_moves([7, 7])

    def moves(state: tuple[tuple[int, ...], Game], left: bool) -> list[Any]:
        heaps, g = state
        out: list[Any] = [(r, g) for r in kayles_moves(heaps, left)]
        out += [(heaps, o) for o in (g.left_options if left else g.right_options)]
        return out

    solve = brute(moves, lambda state: (tuple(sorted(state[0])), str(state[1])))
    # a nimber is played as its form, a Nim heap: the impartial search takes the sum
    for a in range(7):
        for n in range(4):
            expected = solve(((a,), cgt.nimber(n)))
            assert (kayles(a) + cgt.nimber(n)).misere_outcome() is expected, (a, n)
    # a partizan part: the whole sum is searched
    seen = set()
    for a in range(7):
        for g in (cgt.number(1), cgt.number(-2), cgt.up, cgt.parse("{1|-1}")):
            expected = solve(((a,), g))
            seen.add(expected)
            assert (kayles(a) + g).misere_outcome() is expected, (a, str(g))
    assert len(seen) >= 3


# The search trusts that equal keys mean identical game trees; the brute force names
# positions by their text only.  Positions of the other rulesets, partizan and impartial
# (green Hackenbush and Node Kayles go through the genus method).
def _library_positions() -> list[Any]:
    from cgt.games import (
        Amazons,
        Cutcake,
        Eatcake,
        ElephantsAndRhinos,
        Fission,
        Hackenbush,
        Konane,
        NodeKayles,
        ToadsAndFrogs,
        ToppingDominoes,
    )

    out: list[Any] = [
        Hackenbush.parse(t)
        for t in ("e(ee;e)", "lrl", "l(r;e)", "eee", "e(le;re)", "r(l;l)", "e(ee(e;e);e)")
    ]
    out += [ToadsAndFrogs(s) for s in ("tt.f.f", "t.tf.f", "t..f", "tt..ff")]
    out += [ElephantsAndRhinos(s) for s in ("e.e.r", "ee..r")]
    out += [ToppingDominoes(s) for s in ("LRG", "GGL", "LLRRG")]
    out += [Cutcake(2, 3), Cutcake(3, 3), Eatcake(2, 3), Fission("..x|..x|...")]
    out += [Konane("xo.|.ox|x.o"), Amazons("x..|...|..o")]
    out += [NodeKayles(nx.path_graph(n)) for n in (3, 4, 5)] + [NodeKayles(nx.cycle_graph(5))]
    return out


@pytest.mark.parametrize("position", _library_positions(), ids=repr)
def test_other_rulesets_against_brute_force(position: Any) -> None:
    assert misere_outcome(position) is brute_positions((position,))
