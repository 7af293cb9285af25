"""Small frictions of issue 28, item 9: each checked against something computed here.

* Hackenbush built from a graph prints the user's node names;
* the command line suggests subcommands (``cgt toads`` -> toads-and-frogs);
* ``--json`` keys are snake_case;
* move descriptions say their coordinates (``move_coordinates``), and the
  places they name are the places the move changes;
* thermographs describe themselves in words, matching the cooled game's stops.
"""

from __future__ import annotations

import contextlib
import io
import json
import pickle
import re
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings

import cgt
from cgt.cli import main, suggest
from cgt.dyadic import Dyadic
from cgt.games import Domineering, Hackenbush
from cgt.games.registry import rulesets
from tests.strategies import games

# --- Hackenbush keeps the user's names ------------------------------------------------------


def _named_graph() -> nx.MultiGraph:
    g = nx.MultiGraph()
    g.add_edge("floor", "hip", color="L")
    g.add_edge("hip", "knee", color="R")
    g.add_edge("knee", "floor", color="G")  # a cycle: printed as a graph, not a tree
    g.add_edge("hip", "hip", color="L")  # a loop
    g.add_edge("moon", "star", color="L")  # not on the ground: dropped
    return g


def _edges_of(text: str) -> list[tuple[frozenset[str], str]]:
    body = text.removeprefix("graph ").rsplit(" (ground", 1)[0]
    out = []
    for item in body.split(", "):
        ends, colour = item.rsplit(":", 1)
        u, v = ends.split("-")
        out.append((frozenset((u, v)), colour))
    return sorted(out, key=repr)


def test_hackenbush_prints_the_users_node_names() -> None:
    g = _named_graph()
    pos = Hackenbush(g, ground="floor")
    text = str(pos)
    assert text.endswith("(ground floor)")
    grounded = nx.node_connected_component(g, "floor")
    expected = sorted(
        ((frozenset((u, v)), c) for u, v, c in g.edges(data="color") if u in grounded),
        key=repr,
    )
    assert _edges_of(text) == expected
    # repr rebuilds an equal position with the same names; pickles keep them
    again = eval(repr(pos), {"Hackenbush": Hackenbush})
    assert again == pos and str(again) == text
    assert str(pickle.loads(pickle.dumps(pos))) == text
    # the options (a move deletes an edge) still use the names
    for option in pos.left_options():
        if not option.is_tree:
            assert set(_edges_of(str(option))) < set(expected)
    moves = {pos.describe_move(o) for o in pos.right_options()}
    said = set()
    for move in moves:
        found = re.fullmatch(r"chop the (\w+) edge \('(\w+)', '(\w+)'\)", move or "")
        assert found, move
        colour, u, v = found.groups()
        said.add((frozenset((u, v)), {"red": "R", "green": "G"}[colour]))
    assert said == {(ends, c) for ends, c in expected if c in "RG"}
    # the value does not depend on the names
    relabelled = nx.relabel_nodes(g, {n: i for i, n in enumerate(sorted(g))})
    ground = sorted(g).index("floor")
    assert Hackenbush(relabelled, ground=ground).value() == pos.value()


def test_hackenbush_from_text_keeps_its_numbers() -> None:
    pos = Hackenbush.parse("l(l;rl)")
    assert str(pos) == "l(l;rl)"
    cyc = Hackenbush([(0, 1, "L"), (1, 2, "R"), (2, 0, "G")])
    assert str(cyc).startswith("graph 0-1:L") and str(cyc).endswith("(ground 0)")


# --- the command line ---------------------------------------------------------------------


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    return status, out.getvalue(), err.getvalue()


def test_cgt_toads_suggests_toads_and_frogs() -> None:
    status, _, err = _run("toads")
    assert status == 2 and "did you mean toads-and-frogs" in err


def test_every_subcommand_is_suggested_from_a_word_of_it_or_a_typo() -> None:
    names = sorted({r.cli for r in rulesets() if r.cli})
    assert len(names) > 15
    for name in names:
        for word in name.split("-"):
            if len(word) > 3:
                assert name in suggest(word, names), (word, name)
        if len(name) > 5:
            typo = name[:2] + name[3:]  # one letter dropped
            assert suggest(typo, names)[:1] == [name] or name in suggest(typo, names), typo
    assert suggest("zzzzzz", names) == []


def _json_runs() -> list[list[str]]:
    runs = [["{1|*}", "--json"], ["wythoff", "4", "5", "--json"], ["heap", "0.77", "9", "--json"]]
    runs.append(["chips", "1", "3", "--json"])
    for r in rulesets():
        if r.cli and r.example:
            moves = ["--moves", "L"] if r.kind in ("partizan",) else []
            runs.append([r.cli, r.example, "--json", *moves])
    return runs


@pytest.mark.parametrize("argv", _json_runs(), ids=lambda a: a[0])
def test_json_keys_are_snake_case(argv: list[str]) -> None:
    status, out, err = _run(*argv)
    assert status == 0, err
    for line in out.splitlines():
        data = json.loads(line)
        for key in data:
            assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", key), key
    if "--moves" in argv:
        assert "winning_moves_for_left" in data


# --- move descriptions say their coordinates --------------------------------------------------


def _positions_with_moves() -> list[Any]:
    out = []
    for r in rulesets():
        for sample in r.all_samples():
            if hasattr(sample, "describe_move"):
                out.append(sample)
    return out


def _options(p: Any) -> list[Any]:
    if callable(getattr(type(p), "options", None)):
        return list(p.options())
    return list(p.left_options()) + list(p.right_options())


@pytest.mark.parametrize("position", _positions_with_moves(), ids=lambda p: type(p).__name__)
def test_rulesets_that_describe_moves_say_their_coordinates(position: Any) -> None:
    described = [position.describe_move(o) for o in _options(position)[:20]]
    if any(d and re.search(r"\d", d) for d in described):
        assert type(position).move_coordinates, f"{type(position).__name__} says no coordinates"


def _cells(text: str) -> set[tuple[int, int]]:
    return {(int(a), int(b)) for a, b in re.findall(r"\((\d+), (\d+)\)", text)}


@pytest.mark.parametrize(
    "position",
    [p for p in _positions_with_moves() if "(row, column)" in type(p).move_coordinates],
    ids=lambda p: type(p).__name__,
)
def test_grid_moves_name_the_squares_they_change(position: Any) -> None:
    rows = str(position).splitlines()
    checked = 0
    for option in _options(position):
        after = str(option).splitlines()
        if [len(r) for r in after] != [len(r) for r in rows]:
            continue  # a trimmed board: the squares no longer line up
        changed = {
            (i, j)
            for i, (a, b) in enumerate(zip(rows, after, strict=True))
            for j, (x, y) in enumerate(zip(a, b, strict=True))
            if x != y
        }
        named = _cells(position.describe_move(option) or "")
        assert named and named <= changed, (position, option, named, changed)
        checked += 1
    assert checked


def test_domineering_coordinates_by_hand() -> None:
    # a 3x2 board with only the top-right square free for a vertical domino's top
    d = Domineering("#.|#.|##")
    (option,) = d.left_options()
    assert d.describe_move(option) == "vertical domino on (0, 1) and (1, 1)"


# --- thermographs in words --------------------------------------------------------------------

_POINT = re.compile(r"(-?[\d/]+) at t = (-?[\d/]+)")


@settings(max_examples=60, deadline=None)
@given(games)
def test_thermograph_describe_matches_the_cooled_stops(g: cgt.Game) -> None:
    th = g.thermograph()
    text = th.describe()
    head, left, right = text.splitlines()
    assert head == f"thermograph: mast {th.mast} from temperature {th.temperature} up"
    assert str(th) == repr(th) and str(th).startswith("Thermograph(")  # CGSuite's form stays
    for line, stop in ((left, "left_stop"), (right, "right_stop")):
        points = [(Dyadic(cgt.parse(x).to_dyadic()), cgt.parse(t)) for x, t in _POINT.findall(line)]
        assert points
        for x, t in points:
            t_value = Dyadic(t.to_dyadic())
            if t_value >= 0:
                assert getattr(g.cool(t_value), stop)() == x, (g, t_value, line)
        # the last point is the mast at the temperature
        assert points[-1][0] == th.mast and points[-1][1] == th.temperature
