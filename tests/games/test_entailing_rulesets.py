"""Top Entails and Nimstring: values against a direct brute force of the game tree.

The brute force here plays sums of components out, whatever their ruleset: a
Top Entails heap (split, or take the top coin and entail the reply), a
Strings-and-Coins component (cut a string; a capture makes the mover move
again), or a bare tree of plain and entailing moves.  The player to move is
free or entailed to one component; whoever cannot move loses.  Every sum of
small components must have the outcome their values predict
(:func:`cgt.impartial.entailing.affine_sum`).
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from functools import cache
from typing import Any

import networkx as nx
import pytest

from cgt.errors import CGTError, InvalidPosition, TooLarge
from cgt.game import Outcome
from cgt.games.nimstring import GROUND, Nimstring, chain, loop
from cgt.games.registry import info
from cgt.games.top_entails import TopEntails, heap_survival, heap_value
from cgt.impartial.entailing import LOONY, AffineValue, affine_mex, affine_sum

# A component: ("heap", n) | ("str", edges) with edges a sorted tuple of frozensets
# ({coin, coin} or {coin, "g"}) | ("tree", tree) with tree a tuple of (tree, entails).
Comp = tuple[str, Any]
Edges = tuple[tuple[Any, ...], ...]


def strings(pairs: list[tuple[Any, Any]]) -> Comp:
    return ("str", tuple(sorted(tuple(sorted(map(str, p))) for p in pairs)))


def moves(c: Comp) -> list[tuple[Comp, str]]:
    """The moves of a component: (component after, "plain" | "entail" | "again")."""
    kind, body = c
    out: list[tuple[Comp, str]] = []
    if kind == "heap":
        out += [(("sum", (("heap", a), ("heap", body - a))), "plain") for a in range(1, body)]
        if body:
            out.append((("heap", body - 1), "entail"))
    elif kind == "tree":
        out += [(("tree", t), "entail" if e else "plain") for t, e in body]
    else:
        for i in range(len(body)):
            rest = body[:i] + body[i + 1 :]
            left = Counter(x for e in rest for x in e)
            took = any(x != GROUND and left[x] == 0 for x in body[i])
            out.append((("str", rest), "again" if took else "plain"))
    return out


def flatten(comps: tuple[Comp, ...]) -> tuple[Comp, ...]:
    out: list[Comp] = []
    for c in comps:
        if c[0] == "sum":
            out.extend(c[1])
        elif c not in (("heap", 0), ("str", ()), ("tree", ())):
            out.append(c)
    return tuple(sorted(out, key=repr))


@cache
def wins(free: tuple[Comp, ...], entailed: Comp | None) -> bool:
    """Whether the player to move wins (free, or entailed to ``entailed``)."""
    choices: list[tuple[tuple[Comp, ...], Comp]] = []
    if entailed is not None:
        choices = [(free, entailed)]
    else:
        choices = [(free[:i] + free[i + 1 :], c) for i, c in enumerate(free)]
    for rest, c in choices:
        for after, how in moves(c):
            if how == "entail":
                if after[0] == "sum":  # pragma: no cover - entailing moves go to one component
                    raise AssertionError
                if not wins(rest, after):
                    return True
            elif how == "again":
                if wins(flatten((*rest, after)), None):
                    return True
            elif not wins(flatten((*rest, after)), None):
                return True
    return False


def brute(comps: list[Comp], entailed: Comp | None = None) -> Outcome:
    return Outcome.N if wins(flatten(tuple(comps)), entailed) else Outcome.P


@cache
def tree_value(tree: Any, entailed: bool = False) -> AffineValue:
    return affine_mex([tree_value(t, e) for t, e in tree], entailed=entailed)


def value(c: Comp) -> AffineValue:
    kind, body = c
    if kind == "heap":
        return heap_value(body)
    if kind == "tree":
        return tree_value(body)
    return Nimstring([tuple(GROUND if x == GROUND else x for x in e) for e in body]).value()


def ground_pairs(edges: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    return [tuple(GROUND if x == "g" else x for x in e) for e in edges]  # type: ignore[misc]


def random_strings(rng: random.Random, coins: int, extra: int) -> Comp:
    names = [f"c{k}" for k in range(coins)]
    pairs: list[tuple[Any, Any]] = []
    for k, name in enumerate(names):  # every coin gets a string
        pairs.append((name, rng.choice([GROUND, *names[:k]]) if k else GROUND))
    for _ in range(extra):
        a, b = rng.sample([GROUND, *names], 2)
        pairs.append((a, b))
    return strings(pairs)


TREES = [
    (),
    (((), False),),
    (((), True),),
    (((((), False),), True),),
    (((), False), ((((), False),), False)),
]
SMALL_STRINGS = [
    strings([(GROUND, "a")]),
    strings([(GROUND, "a"), (GROUND, "a")]),
    strings([(GROUND, "a"), ("a", "b"), ("b", GROUND)]),
    strings([("a", "b"), ("b", "c"), ("c", "a")]),
    strings([(GROUND, "a"), ("a", "b"), ("b", "c"), ("c", GROUND)]),
    strings([(GROUND, "a"), ("a", "b")]),
]
CONTEXTS: list[Comp] = (
    [("heap", n) for n in range(7)] + [("tree", t) for t in TREES] + SMALL_STRINGS
)


# --- Top Entails -----------------------------------------------------------------------------
def test_heap_values_predict_every_sum_with_every_small_game() -> None:
    for n in range(12):
        for x in CONTEXTS:
            predicted = (heap_value(n) + value(x)).outcome()
            assert brute([("heap", n), x]) is predicted, (n, x)


def test_entailed_heaps_predict_who_wins() -> None:
    for n in range(10):
        for x, y in itertools.combinations_with_replacement(CONTEXTS[:9], 2):
            predicted = affine_sum(heap_survival(n), value(x), value(y)).outcome()
            assert brute([x, y], ("heap", n)) is predicted, (n, x, y)


def test_positions_value_sums_and_search_agrees() -> None:
    rng = random.Random(12)
    for _ in range(150):
        heaps = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
        ent = rng.choice([None, *range(len(heaps))])
        p = TopEntails(heaps, entailed=ent)
        free = [("heap", h) for i, h in enumerate(heaps) if i != ent]
        expected = brute(free, None if ent is None else ("heap", heaps[ent]))
        assert p.outcome() is expected is p.outcome("search"), p
        assert all(p.play(m).outcome() is Outcome.P for m in p.winning_moves())
        assert bool(p.winning_moves()) == (expected is Outcome.N)


def test_top_entails_first_values_by_hand() -> None:
    """Worked by hand from the rules: a heap of 1 wins at once (take the coin; the
    opponent is entailed to an empty heap), 2 loses for the mover (both moves give
    the opponent a heap of 1), 3 is loony again, 4 has the one option 2+2 = 0."""
    assert [heap_value(n) for n in range(5)] == [
        AffineValue.nimber(0),
        LOONY,
        AffineValue.nimber(0),
        LOONY,
        AffineValue.nimber(1),
    ]


@pytest.mark.slow
def test_loony_heaps_as_published() -> None:
    """Winning Ways (p. 376): heaps of 1 and 3 coins are loony.  Nowakowski, "New values
    for Top Entails" (Games of No Chance, MSRI Publications 29, 1996, pp. 345-350): up to
    600,000 coins the only other loony heaps have 2403, 2505 and 33,243 coins."""
    assert [n for n in range(5001) if heap_value(n) is LOONY] == [1, 3, 2403, 2505]


@pytest.mark.slow
@pytest.mark.long  # on demand (CGT_LONG_TESTS=1); its smaller case runs in CI
def test_the_loony_heap_of_33243_coins() -> None:
    loony = [n for n in range(2506, 33244) if heap_value(n) is LOONY]
    assert loony == [33243]


def test_heap_table_is_the_extended_mex_of_the_options() -> None:
    """The table's fast path (nim-sums of ints) against the definition: the extended mex
    of the splits' values and the entailed value of the heap below."""
    free: list[AffineValue] = []
    entailed: list[AffineValue] = []
    for h in range(300):
        options = [free[a] + free[h - a] for a in range(1, h // 2 + 1)]
        options += [entailed[h - 1]] if h else []
        free.append(affine_mex(options))
        entailed.append(affine_mex(options, entailed=True))
        assert heap_value(h) is free[h] and heap_survival(h) is entailed[h], h


def test_top_entails_bad_input() -> None:
    for bad in ([-1], ["3"], [True]):
        with pytest.raises(InvalidPosition):
            TopEntails(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="entailed is heap 3"):
        TopEntails([1, 2], entailed=3)
    with pytest.raises(InvalidPosition):
        TopEntails([4]).play(("top", 1))
    with pytest.raises(TooLarge):
        heap_value(10**9)
    with pytest.raises(TooLarge):
        heap_value(50_001)
    with pytest.raises(TooLarge):
        TopEntails([30, 30]).outcome("search")
    p = TopEntails([3, 5], entailed=1)
    assert pickle.loads(pickle.dumps(p)) == p and pickle.loads(pickle.dumps(p.value())) is p.value()


# --- Nimstring --------------------------------------------------------------------------------
def test_nimstring_values_predict_every_sum_with_every_small_game() -> None:
    rng = random.Random(5)
    pool = SMALL_STRINGS + [
        random_strings(rng, rng.randint(1, 4), rng.randint(0, 3)) for _ in range(40)
    ]
    for c in pool:
        for x in CONTEXTS:
            assert brute([c, x]) is (value(c) + value(x)).outcome(), (c, x)


def test_values_of_random_positions_match_the_search() -> None:
    rng = random.Random(8)
    for _ in range(60):
        c = random_strings(rng, rng.randint(2, 6), rng.randint(0, 4))
        p = Nimstring([tuple(e) for e in c[1]])
        assert p.outcome() is brute([c]) is p.outcome("search"), p


def test_chains_and_loops_published_values() -> None:
    """Berlekamp, *The Dots and Boxes Game* (2000), the Nimstring chapter, and Winning Ways
    ch. 16, as recalled (the books were not readable here, so the brute force below checks
    the same claims): short chains (1 or 2 coins, grounded at both ends) are worth *1, long
    chains (3 or more) 0; loops (4 or more coins) 0; opening a long chain is loony."""
    assert [chain(n).value() for n in (1, 2)] == [AffineValue.nimber(1)] * 2
    assert all(chain(n).value() == AffineValue.nimber(0) for n in range(3, 10))
    assert all(loop(n).value() == AffineValue.nimber(0) for n in range(4, 10))
    for n in range(3, 8):
        for move in chain(n).moves():
            assert chain(n).play(move).value() is LOONY, (n, move)
    for n in range(4, 8):
        assert all(loop(n).play(m).value() is LOONY for m in loop(n).moves())
    # and the same by brute force, not by the values
    for n in range(1, 7):
        c = strings(list(chain(n).strings))
        assert brute([c]) is (Outcome.N if n <= 2 else Outcome.P)


def test_loony_positions_win_beside_anything() -> None:
    opened = chain(4).play(("ground", 0, 0))
    c = strings(list(opened.strings))
    for x in CONTEXTS:
        assert brute([c, x]) is Outcome.N


def test_boards_against_the_search() -> None:
    for rows, cols in [(1, 1), (1, 2), (1, 3), (2, 2), (1, 4)]:
        b = Nimstring.dots_and_boxes(rows, cols)
        assert b.outcome() is b.outcome("search"), (rows, cols)


def test_the_board_builder_is_dots_and_boxes_strings_and_coins() -> None:
    from cgt.games import DotsAndBoxes

    for rows, cols in [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 3), (1, 5), (4, 2)]:
        # the grid written out here: a coin per box, a string per side, border sides to ground
        pairs = []
        for r, c in itertools.product(range(rows), range(cols)):
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < rows and 0 <= cc < cols:
                    if (rr, cc) > (r, c):
                        pairs.append(((r, c), (rr, cc)))
                else:
                    pairs.append(((r, c), GROUND))
        built = Nimstring.dots_and_boxes(rows, cols)
        graph = built.to_networkx()
        board = DotsAndBoxes(rows, cols).strings_and_coins()
        assert (
            set(graph.nodes)
            == set(board.nodes)
            == {GROUND, *itertools.product(range(rows), range(cols))}
        )
        edges = Counter(frozenset(e) for e in graph.edges())
        assert (
            edges == Counter(frozenset(e) for e in board.edges()) == Counter(map(frozenset, pairs))
        )
        assert built == Nimstring(pairs) and built.coins == tuple(
            itertools.product(range(rows), range(cols))
        )
    with pytest.raises(InvalidPosition):
        Nimstring.dots_and_boxes(0, 2)
    with pytest.raises(InvalidPosition):
        Nimstring.dots_and_boxes(2, True)


def test_networkx_graphs_and_keys() -> None:
    g = nx.MultiGraph()
    g.add_edges_from([(GROUND, (0, 0)), ((0, 0), (0, 1)), ((0, 1), GROUND), ((0, 1), GROUND)])
    p = Nimstring(g)
    assert p.coins == ((0, 0), (0, 1)) and len(p.strings) == 4
    assert Nimstring(p.to_networkx()) == p
    assert pickle.loads(pickle.dumps(p)) == p
    relabelled = nx.relabel_nodes(g, {(0, 0): "x", (0, 1): "y"})
    assert Nimstring(relabelled).key() == p.key()
    assert Nimstring(relabelled).value() is p.value()


def test_nimstring_bad_input() -> None:
    bad_inputs: list[Any] = [
        [("a", "a")],
        [(GROUND, GROUND)],
        [("a",)],
        42,
        nx.MultiDiGraph([(GROUND, "a")]),
        [([1], "a")],
    ]
    for bad in bad_inputs:
        with pytest.raises(InvalidPosition) as err:
            Nimstring(bad)
        assert str(pickle.loads(pickle.dumps(err.value))) == str(err.value)
    with pytest.raises(InvalidPosition):
        chain(2).play(("a", "b", 0))
    with pytest.raises(InvalidPosition):
        chain(0)
    with pytest.raises(TooLarge):
        Nimstring.dots_and_boxes(3, 4).outcome("search")
    with pytest.raises(CGTError):
        chain(2).outcome("guess")  # type: ignore[arg-type]


def test_registered_with_samples() -> None:
    for cls in (TopEntails, Nimstring):
        i = info(cls)
        assert i.kind == "other" and i.docs == "entailing"
        for p in i.all_samples():
            assert pickle.loads(pickle.dumps(p)) == p
            assert "<svg" in p._repr_svg_()


def subdivide(rng: random.Random, c: Comp, runs: int) -> Comp:
    """Replace ``runs`` strings by runs of 4 or 5 new coins with two strings each."""
    pairs = [tuple(e) for e in c[1]]
    for r in range(runs):
        a, b = pairs.pop(rng.randrange(len(pairs)))
        coins = [f"r{r}_{k}" for k in range(rng.randint(4, 5))]
        path = [a, *coins, b]
        pairs += list(itertools.pairwise(path))
    return strings(pairs)  # type: ignore[arg-type]


def test_long_runs_and_cycles_shortened_keep_the_value() -> None:
    """The valuation cuts runs of two-string coins to three and cycles to four: checked
    here against the brute force, which plays the full positions out."""
    rng = random.Random(21)
    for _ in range(12):
        c = subdivide(rng, random_strings(rng, rng.randint(1, 2), rng.randint(1, 2)), 1)
        for x in CONTEXTS[::4]:
            assert brute([c, x]) is (value(c) + value(x)).outcome(), (c, x)
    for n in range(4, 7):
        ring = strings(list(loop(n).strings))
        hung = strings([*loop(n).strings, (0, GROUND)])
        for x in CONTEXTS[::4]:
            assert brute([ring, x]) is (value(ring) + value(x)).outcome()
            assert brute([hung, x]) is (value(hung) + value(x)).outcome()


def test_long_chains_deep_positions_and_work_limits() -> None:
    import cgt
    from cgt.errors import WorkLimitExceeded
    from cgt.games import clear_solver_caches

    assert chain(5000).value() == AffineValue.nimber(0)
    assert chain(5000).play(("ground", 0, 0)).value() is LOONY
    long = Nimstring([(GROUND, 0), *((k, k + 1) for k in range(3000)), (3000, 0)])
    assert long.value() is LOONY or long.value().is_nimber
    clear_solver_caches()
    with pytest.raises(WorkLimitExceeded), cgt.work_limit(200):
        Nimstring.dots_and_boxes(3, 3).value()
    clear_solver_caches()
    assert heap_value(6) == AffineValue.nimber(2)  # the table refills after clearing


def test_nimstring_winning_moves_win_by_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(25):
        c = random_strings(rng, rng.randint(1, 4), rng.randint(0, 3))
        p = Nimstring([tuple(e) for e in c[1]])
        good = p.winning_moves()
        assert bool(good) == (brute([c]) is Outcome.N)
        for m in good:
            after = strings(list(p.play(m).strings))
            # a capture keeps the turn: the mover must win what is left; else the opponent must lose
            expected = Outcome.N if p.captures(m) else Outcome.P
            assert brute([after]) is expected, (p, m)
