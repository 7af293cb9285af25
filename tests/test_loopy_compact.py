"""Game graphs in flat arrays (cgt.loopy.graph.CompactGraph, cgt.loopy.compact_graph)
and Fox and Geese on integer codes (FoxAndGeese.compact_moves).

The checks: the retrograde analysis on arrays agrees with a naive fixpoint
over the rules, computed here from ``left_options()``/``right_options()``
(tests/test_loopy_positions.py's ``naive_labels``), on many small Fox and
Geese boards analysed through codes; the codes' move generator gives exactly
the options' codes; the compiled analysis gives the same bytes as the Python
one on random graphs; and the standard 8x8 board stays within 300 MB.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from array import array
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from cgt import progress
from cgt.errors import InvalidArgument, TooLarge
from cgt.games import BackslidingToadsAndFrogs, FoxAndGeese
from cgt.kernels import kernel
from cgt.loopy import (
    CompactGraph,
    GameGraph,
    LoopyOutcome,
    analyse,
    compact_graph,
    game_graph,
    loopy_outcome,
)
from cgt.loopy import graph as graph_module

from .loopy_samples import random_graph
from .test_loopy_positions import naive_labels, random_fox_and_geese, winner


def reachable(start: FoxAndGeese) -> list[FoxAndGeese]:
    seen = {start}
    stack = [start]
    while stack:
        p = stack.pop()
        for o in p.left_options() + p.right_options():
            if o not in seen:
                seen.add(o)
                stack.append(o)
    return sorted(seen, key=repr)


def test_codes_move_like_the_positions() -> None:
    rng = random.Random(20261127)
    for _ in range(40):
        start = random_fox_and_geese(rng, rng.randint(3, 5), rng.randint(3, 5))
        expand = start.compact_moves()[1]
        codes: dict[int, FoxAndGeese] = {}
        for p in reachable(start):
            c = p.compact_moves()[0]
            assert codes.setdefault(c, p) == p  # one position per code
            left, right = expand(c)
            assert sorted(left) == sorted(o.compact_moves()[0] for o in p.left_options())
            assert sorted(right) == sorted(o.compact_moves()[0] for o in p.right_options())


def test_fox_and_geese_outcomes_on_codes_against_naive_fixpoint() -> None:
    rng = random.Random(33)
    boards = {random_fox_and_geese(rng, rng.randint(3, 5), rng.randint(3, 5)) for _ in range(80)}
    outcomes = set()
    for start in sorted(boards, key=repr):
        labels = naive_labels(start)
        got = loopy_outcome(start)  # through compact_moves
        name = repr(start)
        assert got == LoopyOutcome(winner(0, labels[name, 0]), winner(1, labels[name, 1]))
        outcomes.add(got)
    assert len(outcomes) >= 3  # the boards are not all alike


@pytest.mark.slow
@pytest.mark.parametrize(
    "start",
    [
        FoxAndGeese(fox=(3, 0), geese=[(0, 1), (0, 3)], rows=4, cols=4),
        FoxAndGeese(fox=(5, 0), geese=[(0, 1), (0, 3), (0, 5)], rows=6, cols=6),
    ],
    ids=repr,
)
def test_compact_graph_is_the_game_graph(start: FoxAndGeese) -> None:
    # on an even width a mirror image is on the other colour, so keys and codes
    # tell the same positions apart: the same nodes, and the same results at each
    graph, positions = game_graph(start)
    code, expand = start.compact_moves()
    compact = compact_graph(code, expand)
    assert compact.size == graph.size
    by_code = analyse(compact)
    old = analyse(graph)
    index: dict[int, int] = {}
    codes = [code]
    for c in codes:  # the codes by node, breadth first as compact_graph numbers them
        index[c] = len(index)
        for o in expand(c)[0] + expand(c)[1]:
            if o not in index and o not in codes:
                codes.append(o)
    for p, r in zip(positions, old, strict=True):
        assert by_code[index[p.compact_moves()[0]]] == r


def test_compiled_and_python_analysis_agree() -> None:
    k = kernel("shortgame")
    if k is None:
        pytest.skip("the shortgame kernel is not used (pure Python)")
    rng = random.Random(7)
    draws = 0
    for _ in range(300):
        graph = random_graph(rng, 12, rng.choice([0.1, 0.2, 0.35]))
        g = CompactGraph.of(graph)
        tracker = progress.Tracker("t")
        pure = graph_module._settle(
            g.size,
            partial(graph_module._rows, g.left_offsets, g.left_targets),
            partial(graph_module._rows, g.right_offsets, g.right_targets),
            tracker,
        )
        # the same analysis on the GameGraph's tuples
        assert (
            graph_module._settle(
                graph.size, partial(iter, graph.left), partial(iter, graph.right), tracker
            )
            == pure
        )
        arrays = (g.left_offsets, g.left_targets, g.right_offsets, g.right_targets)
        assert k.loopy_settle(*arrays, tracker) == pure
        draws += 0 in pure
    assert draws > 20


def test_compiled_analysis_refuses_bad_arrays() -> None:
    k = kernel("shortgame")
    if k is None:
        pytest.skip("the shortgame kernel is not used (pure Python)")
    one = array("i", [0, 1])
    with pytest.raises(AttributeError):  # no tracker
        k.loopy_settle(one, array("i", [0]), one, array("i", [0]), None)
    with pytest.raises(TypeError, match="array"):
        k.loopy_settle(array("d", [0, 1]), array("i", [0]), one, array("i", [0]), None)
    with pytest.raises(ValueError, match="no node"):
        k.loopy_settle(one, array("i", [5]), one, array("i", [0]), None)


def test_analysis_of_game_graphs_goes_through_arrays() -> None:
    graph = GameGraph.of([[1], [0], []], [[2], [], [0]])
    compact = CompactGraph.of(graph)
    assert analyse(compact) == analyse(graph)
    assert compact.outcome(1) == LoopyOutcome(*analyse(graph)[1])


def test_bad_compact_graphs_say_what_is_wrong() -> None:
    i = array("i")
    with pytest.raises(InvalidArgument, match="offset arrays"):
        CompactGraph(array("i", [0]), i, array("i", [0]), i)
    with pytest.raises(InvalidArgument, match="rise from 0"):
        CompactGraph(array("i", [0, 2]), array("i", [0]), array("i", [0, 0]), i)
    with pytest.raises(InvalidArgument, match="Right move to -1"):
        CompactGraph(array("i", [0, 0]), i, array("i", [0, 1]), array("i", [-1]))
    with pytest.raises(InvalidArgument, match="start node 3"):
        CompactGraph(array("i", [0, 0]), i, array("i", [0, 0]), i, start=3)
    with pytest.raises(InvalidArgument, match="node 4"):
        CompactGraph(array("i", [0, 0]), i, array("i", [0, 0]), i).outcome(4)
    with pytest.raises(TooLarge, match="more than 10 nodes") as caught:
        compact_graph(0, lambda c: ([c + 1], [c + 2]), max_nodes=10)
    assert str(pickle.loads(pickle.dumps(caught.value))) == str(caught.value)
    with pytest.raises(InvalidArgument, match="max_nodes"):
        compact_graph(0, lambda c: ([], []), max_nodes=0)


def test_ctrl_c_mid_build_and_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    start = FoxAndGeese(fox=(5, 0), geese=[(0, 1), (0, 3), (0, 5)], rows=6, cols=6)
    expected = loopy_outcome(start)
    original = progress.Tracker.update
    for desc in ("game graph", "retrograde analysis"):

        def stop(self: Any, count: int, desc: str = desc) -> None:
            if self.desc == desc:
                raise KeyboardInterrupt
            original(self, count)

        monkeypatch.setattr(progress, "EVERY", 1)
        monkeypatch.setattr(progress.Tracker, "update", stop)
        with pytest.raises(KeyboardInterrupt):
            loopy_outcome(start)
        monkeypatch.undo()
        assert progress.outermost() is None
        assert loopy_outcome(start) == expected


def test_backsliding_strips_still_agree_through_game_graphs() -> None:
    # no codes: game_graph's nodes, analysed as a CompactGraph
    for s in ("t.f", "tt..ff", "t.t.f.f", "ttt..fff"):
        graph, _ = game_graph(BackslidingToadsAndFrogs(s))
        assert loopy_outcome(BackslidingToadsAndFrogs(s)) == LoopyOutcome(*analyse(graph)[0])


# The peak is VmHWM, the high-water mark of this process's own memory: Linux keeps
# ru_maxrss across exec, so a child of a big test worker would report the worker's size.
_STANDARD = """
from cgt.games import FoxAndGeese
found = FoxAndGeese.standard().outcome().short
with open("/proc/self/status") as f:
    peak = next(line.split()[1] for line in f if line.startswith("VmHWM:"))
print(found, peak)
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_standard_board_within_300_mb() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _STANDARD], capture_output=True, text=True, check=True
    ).stdout.split()
    # the geese win whoever starts (Winning Ways, "Fox and Geese"); ru_maxrss in KiB
    assert out[0] == "Outcome.L", out
    assert int(out[1]) < 300 * 1024, out
