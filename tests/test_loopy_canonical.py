"""Simplest forms of stoppers (cgt.loopy.canonical), checked against the
comparison of stoppers by product-graph analysis (``_ge``, an independent
computation) and against the uniqueness theorem: equal stoppers have
isomorphic simplest forms (Siegel, *Combinatorial Game Theory*, ch. VI,
sections 3-4; Winning Ways, 2nd ed., vol. 2, ch. 11).
"""

from __future__ import annotations

import itertools
import random
import time

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidArgument
from cgt.loopy import GameGraph, LoopyGame, NotAStopper, dud, off, on, over, sided, under, upon
from cgt.loopy.canonical import canonical_numbering, order, simplest_form
from cgt.loopy.sided import upsum
from cgt.loopy.values import _ge

from .loopy_samples import random_graph


# --- helpers ------------------------------------------------------------------------
def _raw_stopper(rng: random.Random, nmax: int = 5) -> GameGraph | None:
    """A random graph (not normalised) whose start is a stopper, or None."""
    g = random_graph(rng, nmax, 0.3)
    return g if g.is_stopper else None


def _random_stopper(rng: random.Random, nmax: int = 5) -> LoopyGame | None:
    """As tests/test_loopy_notation.py: a small random graph, maybe plus a short game."""
    raw = _raw_stopper(rng, nmax)
    if raw is None:
        return None
    g = LoopyGame(raw)
    if rng.random() < 0.5:
        g = g + cgt.number(rng.choice(["1", "-2", "1/2", "3/4"]))
    if rng.random() < 0.3:
        g = g + cgt.parse(rng.choice(["*", "^", "{1|0}", "{0|-1}"]))
    return g if g.is_stopper else None


def _digraph(g: GameGraph) -> nx.DiGraph:
    """The reachable part as a networkx graph: edges labelled L/R (both when both), root marked."""
    d = nx.DiGraph()
    seen = {g.start}
    todo = [g.start]
    while todo:
        v = todo.pop()
        d.add_node(v, root=v == g.start)
        for side, moves in (("L", g.left[v]), ("R", g.right[v])):
            for w in moves:
                label = d.edges[v, w]["side"] if d.has_edge(v, w) else ""
                d.add_edge(v, w, side="".join(sorted(set(label + side))))
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
    return d


def _isomorphic(a: GameGraph, b: GameGraph) -> bool:
    return bool(
        nx.is_isomorphic(
            _digraph(a),
            _digraph(b),
            node_match=lambda x, y: x["root"] == y["root"],
            edge_match=lambda x, y: x["side"] == y["side"],
        )
    )


def _equal(a: LoopyGame, b: LoopyGame) -> bool:
    return _ge(a, b) and _ge(b, a)


def _embed(left: list[list[int]], right: list[list[int]], g: GameGraph) -> int:
    """Append g's nodes to the lists; the index of its start."""
    base = len(left)
    left.extend([base + w for w in m] for m in g.left)
    right.extend([base + w for w in m] for m in g.right)
    return base + g.start


def _lists(g: GameGraph) -> tuple[list[list[int]], list[list[int]]]:
    return [list(m) for m in g.left], [list(m) for m in g.right]


# --- the order of all pairs --------------------------------------------------------
def test_order_of_all_pairs_matches_pairwise_comparison() -> None:
    rng = random.Random(3)
    done = 0
    while done < 60:
        raw = _raw_stopper(rng, 5)
        if raw is None:
            continue
        ge = order(raw)
        for u, v in itertools.product(range(raw.size), repeat=2):
            gu = LoopyGame(GameGraph(raw.left, raw.right, u))
            gv = LoopyGame(GameGraph(raw.left, raw.right, v))
            assert ge[u][v] == _ge(gu, gv), (raw, u, v)
        done += 1


def test_order_of_known_values() -> None:
    # nodes: 0 = on, 1 = over, 2 = 0, 3 = under, 4 = off; on > over > 0 > under > off
    g = GameGraph.of([[0], [2], [], [3], []], [[], [1], [], [2], [4]])
    ge = order(g)
    for u, v in itertools.product(range(5), repeat=2):
        assert ge[u][v] == (u <= v)


# --- simplest forms: equal, a fixpoint, no larger -------------------------------------
def test_canonical_form_is_an_equal_smaller_fixpoint() -> None:
    rng = random.Random(1)
    done = 0
    while done < 400:
        g = _random_stopper(rng)
        if g is None:
            continue
        c = g.canonical()
        assert c.is_stopper
        assert _equal(c, g), g.graph
        assert c.graph.size <= g.graph.size
        assert c.canonical().graph == c.graph  # a fixpoint
        assert simplest_form(c.graph) == c.graph
        assert c.graph == c._canonical_graph()  # LoopyGame keeps the numbering
        done += 1


def test_constants_are_their_own_simplest_forms() -> None:
    for x in (on, off, over, under, upon):
        assert x.canonical().graph == x.graph
    # Siegel, CGT, ch. VI: {|on} = 0 (Left never needs to move: Right has only on)
    assert cgt.parse("{|on}").canonical().is_short
    assert cgt.parse("{|on}").canonical() == cgt.zero


def test_not_a_stopper() -> None:
    with pytest.raises(NotAStopper):
        dud.canonical()
    assert dud.simplify() is dud


# --- uniqueness: equal stoppers, isomorphic simplest forms ----------------------------
@pytest.mark.slow
def test_equal_random_stoppers_have_identical_simplest_forms() -> None:
    rng = random.Random(5)
    pool: list[LoopyGame] = []
    while len(pool) < 120:
        g = _random_stopper(rng, 3)
        if g is not None:
            pool.append(g)
    equal_pairs = 0
    for a, b in itertools.combinations(pool, 2):
        same = a.canonical().graph == b.canonical().graph
        assert same == _equal(a, b), (a.graph, b.graph)
        if same:
            equal_pairs += 1
            assert hash(a) == hash(b) and a == b
    assert equal_pairs > 50  # the test compares many equal pairs


def _rewrites(g: GameGraph, rng: random.Random) -> list[GameGraph]:
    """Graphs of games equal to g's start, by rewrites that keep the value."""
    out = []
    n = g.size
    v = rng.randrange(n)
    # a dominated option: off for Left, on for Right (off <= anything <= on)
    left, right = _lists(g)
    if left[v]:
        left[v].append(_embed(left, right, off.graph))
    if right[v]:
        right[v].append(_embed(left, right, on.graph))
    out.append(GameGraph.of(left, right, g.start))
    # a dominated option below an existing one: Left's b - 1 beside b
    left, right = _lists(g)
    if left[v]:
        b = left[v][0]
        lower = LoopyGame(GameGraph(g.left, g.right, b)) - 1
        left[v].append(_embed(left, right, lower.graph))
    out.append(GameGraph.of(left, right, g.start))
    # a reversible option reversing back: Left's {A | v'} with v' a copy of v
    left, right = _lists(g)
    copy = len(left)
    left.append(list(left[v]))
    right.append(list(right[v]))
    a = _embed(left, right, rng.choice([on, over, cgt_graph("1")]).graph)
    h = len(left)
    left.append([a])
    right.append([copy])
    left[v].append(h)
    out.append(GameGraph.of(left, right, g.start))
    # unroll a cycle: a copy of v takes some of the moves into v
    left, right = _lists(g)
    copy = len(left)
    left.append(list(left[v]))
    right.append(list(right[v]))
    for moves in (*left, *right):
        for i, w in enumerate(moves):
            if w == v and rng.random() < 0.5:
                moves[i] = copy
    out.append(GameGraph.of(left, right, g.start))
    # G + (x - x) and G + H - H for short x, H
    x = LoopyGame.of(cgt.parse(rng.choice(["*", "^", "{1|0}", "1/2", "{2|-1}"])))
    game = LoopyGame(g)
    out.append((game + (x - x)).graph)
    out.append((game + x - x).graph)
    return out


def cgt_graph(text: str) -> LoopyGame:
    return LoopyGame.of(cgt.parse(text))


def test_value_preserving_rewrites_give_isomorphic_simplest_forms() -> None:
    rng = random.Random(17)
    checked = 0
    while checked < 150:
        raw = _raw_stopper(rng, 4)
        if raw is None:
            continue
        g = LoopyGame(raw)
        target = simplest_form(raw)
        for rewritten in _rewrites(raw, rng):
            h = LoopyGame(rewritten)
            if not h.is_stopper:
                continue
            assert _equal(g, h), (raw, rewritten)  # the rewrite keeps the value
            c = simplest_form(rewritten)
            assert _isomorphic(c, target), (raw, rewritten)
            assert c == target  # the numbering sees only the shape
            assert c.size <= LoopyGame(rewritten).graph.size
            checked += 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_canonical_numbering_ignores_node_names(seed: int) -> None:
    rng = random.Random(seed)
    raw = _raw_stopper(rng, 6)
    if raw is None:
        return
    perm = list(range(raw.size))
    rng.shuffle(perm)
    inv = {p: i for i, p in enumerate(perm)}
    shuffled = GameGraph.of(
        [[perm[w] for w in raw.left[inv[i]]] for i in range(raw.size)],
        [[perm[w] for w in raw.right[inv[i]]] for i in range(raw.size)],
        perm[raw.start],
    )
    assert simplest_form(shuffled) == simplest_form(raw)
    assert _isomorphic(canonical_numbering(shuffled), raw)


# --- == and hash, mixing LoopyGame and Game -------------------------------------------
def test_hash_follows_equality_across_loopy_and_short() -> None:
    zero_loopy = cgt.parse("{|on}")  # = 0, with a cycle in its graph
    assert isinstance(zero_loopy, LoopyGame) and not zero_loopy.is_short
    assert zero_loopy == cgt.zero and hash(zero_loopy) == hash(cgt.zero)
    star_loopy = LoopyGame.of(cgt.star) + cgt.parse("{|on}")
    assert star_loopy == cgt.star and hash(star_loopy) == hash(cgt.star)
    values = {cgt.zero: "zero", cgt.star: "star"}
    assert values[zero_loopy] == "zero" and values[star_loopy] == "star"
    assert {zero_loopy, cgt.zero, star_loopy, cgt.star, over, over + 0} == {
        cgt.zero,
        cgt.star,
        over,
    }
    uponth = cgt.parse("{0||0|0,pass}")
    assert len({uponth, cgt.parse("{0|a{0|0,a}}"), cgt.parse("^")}) == 2


# --- speed: the upsum of CGSuite's degree example -------------------------------------
def test_upsum_of_g_and_minus_g_is_uponth_quickly(monkeypatch: pytest.MonkeyPatch) -> None:
    g = cgt.parse("{0|{0||0|0,pass}||-{0||0|0,pass}}")
    assert isinstance(g, LoopyGame)
    with monkeypatch.context() as m:  # the onside as found, before simplification
        m.setattr(LoopyGame, "simplify", lambda self: self)
        sided._ONSIDES.clear()  # searched now, not remembered from an earlier test
        total = upsum(g, -g)
    sided._ONSIDES.clear()  # nor remembered unsimplified for later ones
    assert total.graph.size == 40
    start = time.process_time()
    c = total.canonical()
    assert time.process_time() - start < 1.0
    uponth = cgt.parse("{0||0|0,pass}")
    assert c.graph == uponth.canonical().graph and c.graph.size == 3
    assert _equal(total, uponth)  # by the product-graph comparison too


def test_canonical_of_bad_graph() -> None:
    with pytest.raises(InvalidArgument):
        LoopyGame("{0|pass}")  # type: ignore[arg-type]


# --- CGSuite's printed forms ------------------------------------------------------------
# aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/CanonicalStopperTestCase.scala:
# the columns x (input), xOut (CGSuite's output), leftOptions and rightOptions.
CANONICAL_STOPPER_CASES = [
    ("on", "on", ["on"], []),
    ("off", "off", [], ["off"]),
    ("over", "over", ["0"], ["over"]),
    ("{pass|3/2}", "3/2under", ["3/2under"], ["3/2"]),
    ("{-1/4+*|pass}", "-1/4v[on]", ["-1/4*"], ["-1/4v[on]"]),
    (
        "{0|{0||0|0,pass}||-{0||0|0,pass}}",  # with uponth := {0||0|0,pass} written out
        "{0|^<on>||v<on>}",
        ["{0|^<on>}"],
        ["v<on>"],
    ),
    ("{0|||0||0|off}", "{0|Tiny(on)}", ["0"], ["Tiny(on)"]),
    ("{on|0||0}", "Miny(on)", ["{on|0}"], ["0"]),
    ("{0||0|under}", "Tiny(over)", ["0"], ["{0|under}"]),
    ("+-{0|pass}", "+-over", ["over"], ["under"]),
    ("+-{5|pass}", "+-(5over)", ["5over"], ["-5under"]),
    ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", ["0"], ["a{0||||0|a||*|||*}"]),
    (
        "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
        "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        ["0"],
        ["{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}"],
    ),
    # Grenville's example of an unstable game
    (
        "a{0|{0||||0,*2|||a|0||0}||0}",
        "a{0|{0||||0,*2|||a|0||0}||0}",
        ["a{0||0|{0,*2||||a|0||0|||0}}"],
        ["0"],
    ),
]


def _options_text(g: LoopyGame | cgt.Game, left: bool) -> list[str]:
    loopy = g if isinstance(g, LoopyGame) else LoopyGame.of(g)
    c = loopy._canonical_graph()
    moves = c.left[c.start] if left else c.right[c.start]
    return sorted(str(LoopyGame(GameGraph(c.left, c.right, w))) for w in moves)


@pytest.mark.parametrize(("text", "printed", "lefts", "rights"), CANONICAL_STOPPER_CASES)
def test_cgsuite_canonical_stopper_cases(
    text: str, printed: str, lefts: list[str], rights: list[str]
) -> None:
    g = cgt.parse(text)
    assert isinstance(g, LoopyGame)
    assert str(g) == printed
    back = cgt.parse(printed)
    assert back == g and _equal(back, g)  # read back, and equal by the product comparison
    assert _options_text(g, True) == sorted(lefts)
    assert _options_text(g, False) == sorted(rights)


# EvalTest.scala "correctly interpret loopy game specifiers" and "simplify properly";
# GameTest.scala (aaron-siegel/cgsuite lib/core/src/test/scala/org/cgsuite/lang/).
UPON = ["{pass|*}", "{pass,0|0}", "{*|pass}", "{0|0,pass}"]
UPON_OUT = ["^[on]", "^[on]*", "v[on]", "v[on]*"]
UPONTH = ["{0||0|0,pass}", "{0,*||*|pass}", "{0,pass|0||0}", "{pass|*||0,*}"]
UPONTH_OUT = ["^<on>", "^<on>*", "v<on>", "v<on>*"]
EVAL_CASES = [
    *zip(UPON, UPON_OUT, strict=True),
    *zip(UPONTH, UPONTH_OUT, strict=True),
    *((f"5+{x}", f"5{y}") for x, y in zip(UPON, UPON_OUT, strict=True)),
    *((f"5+{x}", f"5{y}") for x, y in zip(UPONTH, UPONTH_OUT, strict=True)),
    ("upon", "^[on]"),
    ("{pass|pass}", "dud"),
    ("over+5", "5over"),
    ("under+5", "5under"),
    ("over+^", "over"),
    ("over-5", "-5over"),
    ("x{0|x}", "over"),
    ("x{x|0}", "under"),
    ("x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}"),
    ("+-{0|{0||0|0,pass}}", "+-{0|^<on>}"),
    ("+-{{0|{0||0|0,pass}},{0|{0||0|0,pass}+*}}", "+-{{0|^<on>},{0|^<on>*}}"),
    ("+-({0||0|0,pass}+*)", "0"),  # "+- loopy game simplification"
    # GameTest.scala: printed results of Pow and PowTo, read and printed again.  (Its
    # {pass||0|-2} is left out: the short printer writes {0|-2} as -1+-1.)
    ("{0||0|-2,pass}", "{0||0|-2,pass}"),
    ("{0||0|{0||0|0,pass}+*}", "{0||0|^<on>*}"),
    ("{0||0,pass|0,*}", "{0||0,pass|0,*}"),
    ("{0||0,pass|0,v[4]*}", "{0||0,pass|0,v[4]*}"),
    ("{0||0,v[4]*|0,pass}", "{0||0,v[4]*|0,pass}"),
    ("{pass|*,^}", "{pass|*,^}"),
    ("{^|*,pass}", "{^|*,pass}"),
    ("{^[5]|*,pass}", "{^[5]|*,pass}"),
    ("{pass|*,^[5]}", "{pass|*,^[5]}"),
]


def test_cgsuite_upsum_and_downsum() -> None:
    # GameTest.scala: upon.Upsum(^.Pow(on)) is {0|^<on>*}, upon.Downsum(^.Pow(on)) is
    # ^[on] (^.Pow(on) is ^<on>), and ^.Pow(on) + {0|upon} is {0||0|^<on>*} & {0|^[on]}
    from cgt.loopy.sided import downsum, sides

    a, b = cgt.parse("^[on]"), cgt.parse("^<on>")
    assert isinstance(a, LoopyGame) and isinstance(b, LoopyGame)
    assert str(upsum(a, b)) == "{0|^<on>*}" and str(downsum(a, b)) == "^[on]"
    assert str(sides(b + cgt.parse("{0|^[on]}"))) == "{0||0|^<on>*} & {0|^[on]}"


@pytest.mark.parametrize(("text", "printed"), EVAL_CASES)
def test_cgsuite_eval_cases(text: str, printed: str) -> None:
    g = cgt.parse(text)
    assert str(g) == printed
    back = cgt.parse(printed)
    assert back == g
    if isinstance(g, LoopyGame) and g.is_stopper:
        assert _equal(LoopyGame.of(back) if isinstance(back, cgt.Game) else back, g)


def test_printed_forms_read_back_to_their_definitions() -> None:
    # each printed form against the game it abbreviates, by the product comparison
    uponth = LoopyGame(GameGraph.of([[1], [], [1]], [[2], [], [1, 2]]))  # {0||0|0,pass}
    star = LoopyGame.of(cgt.star)
    cases = {
        "^[on]": upon,
        "^[on]*": upon + star,
        "v[on]*3": -upon + LoopyGame.of(cgt.nimber(3)),
        "^<on>": uponth,
        "v<on>*": -uponth + star,
        "-1/4v[on]": -upon - LoopyGame.of(cgt.number("1/4")),
        "5^<on>*": uponth + star + 5,
        "Tiny(on)": cgt.parse("{0||0|off}"),
        "Miny(on)": cgt.parse("{on|0||0}"),
        "Tiny(over)": cgt.parse("{0||0|under}"),
        "2Tiny(on)": cgt.parse("{0||0|off}") + 2,
        # Miny(over) = {over|0||0}: the test x - t <= under must not form over + under
        "Miny(over)": cgt.parse("{over|0||0}"),
        "5Tiny(over)": cgt.parse("{5||5|5under}"),
    }
    for text, value in cases.items():
        g = cgt.parse(text)
        assert isinstance(g, LoopyGame) and isinstance(value, LoopyGame)
        assert _equal(g, value), text
        assert str(g) == text


def test_over_absorbs_a_tiny_tail() -> None:
    # {0||0|over} = over, by the product comparison as well as by simplest forms
    g = cgt.parse("{0||0|over}")
    assert isinstance(g, LoopyGame) and _equal(g, over) and str(g) == "over"


def test_round_trips_of_random_stoppers() -> None:
    rng = random.Random(23)
    done = 0
    while done < 300:
        g = _random_stopper(rng)
        if g is None:
            continue
        text = str(g)
        back = cgt.parse(text)
        back_loopy = back if isinstance(back, LoopyGame) else LoopyGame.of(back)
        assert _equal(back_loopy, g), text
        assert str(back) == text
        done += 1


@pytest.mark.slow
def test_round_trips_of_forms_in_sums_and_options() -> None:
    rng = random.Random(2)
    shorts = ["*", "^", "{1|0}", "1/2", "-3", "*2", "{3|1||-1|-3}", "^*", "{0||0|-1}"]
    loopies = [
        "{pass|*}",
        "{0||0|0,pass}",
        "{0||0|off}",
        "{on|0||0}",
        "{0||0|under}",
        "{pass|*2}",
        "+-{0|pass}",
        "{over|0||0}",
    ]
    done = 0
    while done < 300:
        a = cgt.parse(rng.choice(loopies))
        b = cgt.parse(rng.choice(loopies + shorts))
        g = cgt.parse("{" + str(a) + "|" + str(b) + "}") if rng.random() < 0.5 else a + b
        if rng.random() < 0.5:
            g = -g
        if not isinstance(g, LoopyGame) or not g.is_stopper:
            continue
        text = str(g)
        back = cgt.parse(text)
        back_loopy = back if isinstance(back, LoopyGame) else LoopyGame.of(back)
        assert _equal(back_loopy, g), text
        assert str(back) == text
        done += 1


def test_equality_of_large_stoppers_by_product_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    import cgt.loopy.values as values

    monkeypatch.setattr(values, "_EQ_BY_FORMS_LIMIT", 2)
    g = cgt.parse("{0,pass|a{0|a},5}")
    assert isinstance(g, LoopyGame) and g._canon is None
    assert g == over and g._canon is None  # decided without the simplest form
    assert g != under and hash(g) == hash(over)


def test_long_texts_name_shared_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    import cgt.loopy.printing as printing

    g = cgt.parse(
        "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}"
    )
    assert isinstance(g, LoopyGame)
    monkeypatch.setattr(printing, "_BUDGET", 10)
    text = str(g)
    assert "|||" not in text  # the plain form: braces everywhere
    back = cgt.parse(text)
    assert isinstance(back, LoopyGame) and _equal(back, g)


# --- the numpy route of order() and canonical_numbering() ------------------------------
def test_the_numpy_order_and_colours_are_the_python_ones() -> None:
    """Graphs of ``NUMPY_ORDER_FROM`` nodes or more are ordered and numbered on arrays; on
    random graphs (stoppers or not) both routes give the same order and the same colours
    of the refinement, round for round."""
    np = pytest.importorskip("numpy")
    from cgt.loopy import canonical
    from cgt.progress import IDLE

    rng = random.Random(2026)
    checked = 0
    for _ in range(150):
        g = random_graph(rng, 70, rng.choice([0.03, 0.06, 0.12]))
        expected = canonical._order_python(g, IDLE, 0)
        assert canonical._order_numpy(np, g, IDLE, 0).tolist() == expected
        live = canonical._reachable(g.left, g.right, g.start)
        colours = canonical._colours(g.left, g.right, live)
        assert canonical._colours_numpy(np, g.left, g.right, live) == colours
        checked += g.is_stopper
    assert checked >= 20  # stoppers among them, the graphs order() is for


@pytest.mark.slow
def test_a_large_sum_has_the_same_simplest_form_on_both_routes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``over + 250`` (502 positions, 252 in its simplest form) takes the numpy route;
    the pure-Python route gives the identical simplest form, and it equals the sum by
    the product comparison."""
    pytest.importorskip("numpy")
    from cgt.loopy import canonical

    g = over + 250
    assert isinstance(g, LoopyGame)
    fast = simplest_form(g.graph)
    assert fast.size >= canonical.NUMPY_ORDER_FROM  # the numpy route
    monkeypatch.setattr(canonical, "_numpy", lambda: None)  # the pure-Python route
    assert simplest_form(g.graph) == fast
    c = LoopyGame(fast)
    assert _ge(c, g) and _ge(g, c)
