"""The compiled rulesets at the 64-cell boundary of their bitboards.

The shortgame kernel (cgt/_c/shortgame.c, boards.h, graphs.h) keeps a board
of at most 64 cells, or a graph of at most 64 vertices, in one 64-bit word;
a step by a whole row of a 1 x 64 board is a shift by 64, which C leaves
undefined (x86 shifts by 0 instead: Cram on 1 x 64 once gave 8, not 4).
Every compiled ruleset is checked here on 1 x 64, 64 x 1, 2 x 32, 32 x 2 and
8 x 8 boards, on 63 and 65 cells (65: the Python solver), and Col and Snort
on graphs of 64 and 65 vertices: against closed forms where there are some
(Dawson's Kayles for Cram strips, ``-(n // 2)`` for Domineering rows, sums
over separated parts, Col's path formula), else against the pure-Python keyed
solver on positions sparse enough for it, asking for the identical object.
Skipped when the kernel is not built or ``CGT_PURE_PYTHON=1``.
"""

from __future__ import annotations

import random
from typing import Any

import networkx as nx
import pytest

import cgt
from cgt import kernels
from cgt.games import (
    Amazons,
    Clobber,
    Col,
    Cram,
    Domineering,
    Fission,
    Konane,
    OctalGame,
    Snort,
    clear_solver_caches,
)
from cgt.games.boards import _KERNEL_KINDS, _bit_rules, bit_state
from cgt.games.domineering import DomineeringRules
from cgt.solver import Solver

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)

_D = DomineeringRules(impartial=False)
_C = DomineeringRules(impartial=True)
DAWSON = OctalGame("0.07")  # Cram on a 1 x n strip: a move removes two adjacent cells


def strip(cells: str, vertical: bool) -> str:
    return "|".join(cells) if vertical else cells


# --- item 0 of issue 25: the wrong answer -------------------------------------------------
@pytest.mark.parametrize("vertical", [False, True], ids=["1x64", "64x1"])
def test_cram_strip_of_64_cells_is_dawsons_kayles(vertical: bool) -> None:
    assert Cram(strip("." * 64, vertical)).grundy() == DAWSON.grundy(64) == 4
    assert engine.cram(*((64, 1) if vertical else (1, 64)), (1 << 64) - 1) == 4


@pytest.mark.parametrize("vertical", [False, True], ids=["1x64", "64x1"])
@pytest.mark.parametrize("n", [62, 63, 64])
def test_cram_strips_with_holes_are_sums_of_kayles_heaps(n: int, vertical: bool) -> None:
    rng = random.Random(n)
    for _ in range(25):
        cells = "".join("." if rng.random() < 0.9 else "#" for _ in range(n))
        expected = 0
        for run in cells.split("#"):
            expected ^= DAWSON.grundy(len(run))
        assert Cram(strip(cells, vertical)).grundy() == expected, cells


# --- boards at the boundary ------------------------------------------------------------
SHAPES_64 = [(1, 64), (64, 1), (2, 32), (32, 2), (8, 8)]
SHAPES_63 = [(1, 63), (63, 1)]  # 7 x 9 regions are too slow for the Python side here
# a 65-cell board that is a board of at most 64 cells plus a blocked row or column
PADDED_65 = [(1, 65, 1, 64), (65, 1, 64, 1), (5, 13, 5, 12), (13, 5, 12, 5)]


def grown(h: int, w: int, rng: random.Random, size: int, fill: dict[str, float]) -> str:
    """A board of '#' with connected regions of about ``size`` cells grown from the
    first cell, the last cell (bit h * w - 1) and a random one, filled from ``fill``."""
    n = h * w
    cells = ["#"] * n
    taken: set[int] = set()
    for seed in (0, n - 1, rng.randrange(n)):
        if seed in taken:
            continue
        region = [seed]
        taken.add(seed)
        for _ in range(8 * size):
            if len(region) >= size:
                break
            r, c = divmod(rng.choice(region), w)
            near = [(r + dr) * w + c + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            near = [
                x
                for x, (dr, dc) in zip(near, ((1, 0), (-1, 0), (0, 1), (0, -1)), strict=True)
                if 0 <= r + dr < h and 0 <= c + dc < w and x not in taken
            ]
            if near:
                x = rng.choice(near)
                taken.add(x)
                region.append(x)
        letters = list(fill)
        for x in region:
            cells[x] = rng.choices(letters, [fill[ch] for ch in letters])[0]
    return "".join(cells)


def cap(cells: str, letter: str, most: int, rng: random.Random) -> str:
    """``cells`` with all but ``most`` of ``letter`` turned into empty squares."""
    spots = [i for i, ch in enumerate(cells) if ch == letter]
    drop = set(rng.sample(spots, max(0, len(spots) - most)))
    return "".join("." if i in drop else ch for i, ch in enumerate(cells))


def bits_of(cells: str) -> int:
    return sum(1 << i for i, ch in enumerate(cells) if ch == ".")


def rows(h: int, w: int, cells: str) -> str:
    return "|".join(cells[r * w : (r + 1) * w] for r in range(h))


def pad(h: int, w: int, cells: str, h2: int, w2: int) -> str:
    """The board ``cells`` (h x w) inside an h2 x w2 rectangle, the rest blocked."""
    lines = [cells[r * w : (r + 1) * w] + "#" * (w2 - w) for r in range(h)]
    return "".join(lines) + "#" * (w2 * (h2 - h))


def test_domineering_rows_and_columns_of_62_to_65_cells() -> None:
    # a row of n cells is worth -(n // 2) (Right's horizontal dominoes), a column n // 2;
    # with holes, the sum over the runs
    rng = random.Random(4)
    for n in (62, 63, 64, 65):
        texts = ["." * n] + ["".join(rng.choice("....#") for _ in range(n)) for _ in range(20)]
        for cells in texts:
            expected = -sum(len(run) // 2 for run in cells.split("#"))
            assert Domineering(cells).value() is cgt.number(expected), cells
            assert Domineering(strip(cells, True)).value() is cgt.number(-expected), cells
            if n <= 64:
                assert engine.domineering(1, n, bits_of(cells)) is cgt.number(expected)
                assert engine.domineering(n, 1, bits_of(cells)) is cgt.number(-expected)
    assert Cram("." * 65).grundy() == DAWSON.grundy(65)  # 65 cells: the Python solver


def test_one_open_row_of_a_two_row_board() -> None:
    # 2 x 32 with one row blocked is a row of 32; 32 x 2 likewise a column
    for blocked_row in (0, 1):
        cells = ("#" * 32 + "." * 32) if blocked_row == 0 else ("." * 32 + "#" * 32)
        assert engine.domineering(2, 32, bits_of(cells)) is cgt.number(-16)
        assert engine.cram(2, 32, bits_of(cells)) == DAWSON.grundy(32)
        column = "".join(cells[c * 32 + r] for r in range(32) for c in range(2))  # transposed
        assert engine.domineering(32, 2, bits_of(column)) is cgt.number(16)
        assert engine.cram(32, 2, bits_of(column)) == DAWSON.grundy(32)


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES_64 + SHAPES_63, ids=lambda s: f"{s[0]}x{s[1]}")
def test_domineering_and_cram_regions_against_python(shape: tuple[int, int]) -> None:
    h, w = shape
    rng = random.Random(h * 100 + w)
    solver, cram_solver = Solver(), Solver()
    values = set()
    for _ in range(12):
        cells = grown(h, w, rng, rng.randint(8, 14), {".": 1.0, "#": 0.1})
        bits = bits_of(cells)
        expected = solver.keyed_value(_D, Domineering._make(h, w, bits).state, progress=False)
        assert engine.domineering(h, w, bits) is expected, rows(h, w, cells)
        assert Domineering(rows(h, w, cells)).value() is expected
        grundy = cram_solver.keyed_grundy(_C, Cram._make(h, w, bits).state, progress=False)
        assert engine.cram(h, w, bits) == grundy, rows(h, w, cells)
        # the transpose negates Domineering and keeps Cram
        cols = "".join(cells[r * w + c] for c in range(w) for r in range(h))
        assert engine.domineering(w, h, bits_of(cols)) is -expected
        assert engine.cram(w, h, bits_of(cols)) == grundy
        values.add(expected)
    assert len(values) > 3  # the boards are not all alike


# --- stone boards ----------------------------------------------------------------------
STONES: dict[type[Any], tuple[int, dict[str, float], dict[str, int]]] = {
    # region size, letters and weights, most stones of each colour (the Python side is slow
    # on dense boards: Amazons on regions of 12 squares already takes seconds)
    Clobber: (20, {"x": 1.0, "o": 1.0, ".": 0.3}, {"x": 6, "o": 6}),
    Konane: (20, {"x": 1.0, "o": 1.0, ".": 1.5}, {"x": 5, "o": 5}),
    Fission: (16, {"x": 0.3, ".": 1.0}, {"x": 5}),
    Amazons: (8, {"x": 0.2, "o": 0.2, ".": 1.0}, {"x": 1, "o": 1}),
}


def stone_board(kind: type[Any], h: int, w: int, rng: random.Random) -> str:
    size, fill, most = STONES[kind]
    cells = grown(h, w, rng, rng.randint(size // 2, size), fill)
    for letter, m in most.items():
        cells = cap(cells, letter, m, rng)
    return cells


def stones_kernel(kind: type[Any], h: int, w: int, cells: str) -> cgt.Game:
    result: cgt.Game = engine.stones(_KERNEL_KINDS[kind.__name__], *bit_state(h, w, cells))
    return result


# --- Col and Snort on 64 and 65 vertices ----------------------------------------------
def tinted(g: nx.Graph, rng: random.Random, chance: float) -> nx.Graph:
    for v in g:
        g.nodes[v]["tint"] = rng.choice("LR") if rng.random() < chance else None
    return g


def small_parts(n: int, rng: random.Random, largest: int) -> nx.Graph:
    """``n`` vertices in random connected-or-not parts of at most ``largest``, numbered
    at random (so that every part may hold the vertex 63)."""
    g = nx.Graph()
    base = 0
    while base < n:
        k = min(n - base, rng.randint(1, largest))
        part = nx.gnp_random_graph(k, rng.uniform(0.2, 0.6), seed=rng.randrange(10**6))
        g.add_nodes_from(range(base, base + k))
        g.add_edges_from((a + base, b + base) for a, b in part.edges())
        base += k
    order = list(range(n))
    rng.shuffle(order)
    return nx.relabel_nodes(g, dict(enumerate(order)))


def graphs_of(n: int, seed: int) -> list[tuple[str, nx.Graph, tuple[type[Any], ...]]]:
    """Graphs of ``n`` vertices the Python solver values quickly, and the rulesets to try
    (Snort on a lightly tinted long path or cycle takes minutes either way)."""
    rng = random.Random(seed)
    both = (Col, Snort)
    out = [
        ("path", nx.path_graph(n), (Col,)),
        ("cycle", nx.cycle_graph(n), (Col,)),
        ("tinted path", tinted(nx.path_graph(n), rng, 0.5), (Col,)),
        ("tinted cycle", tinted(nx.cycle_graph(n), rng, 0.5), (Col,)),
        ("heavily tinted path", tinted(nx.path_graph(n), rng, 0.85), both),
        ("heavily tinted cycle", tinted(nx.cycle_graph(n), rng, 0.9), both),
        ("complete", nx.complete_graph(n), both),
        ("star", tinted(nx.star_graph(n - 1), rng, 0.1), (Snort,)),
        ("complete bipartite", nx.complete_bipartite_graph(2, n - 2), (Col,)),
    ]
    for i in range(4):
        out.append((f"small parts {i}", tinted(small_parts(n, rng, 10), rng, 0.3), both))
    return out


GRAPHS_64 = graphs_of(64, 64)


def test_clear_caches_between_boundary_values() -> None:
    # the tables keep normalised keys of every width: 1 x 64 and 64 x 1 share them
    cgt.clear_caches()
    clear_solver_caches()
    first = Cram("." * 64).grundy()
    assert Cram(strip("." * 64, True)).grundy() == first == 4


# --- stone boards -------------------------------------------------------------------
STONE_LETTERS: dict[Any, str] = {Clobber: "xo.#", Konane: "xo.#", Fission: "x.#", Amazons: "xo.#"}
WEIGHTS: dict[Any, dict[str, float]] = {
    Clobber: {"x": 1.0, "o": 1.0, ".": 0.2, "#": 2.0},
    Konane: {"x": 1.0, "o": 1.0, ".": 0.5, "#": 1.0},
    Fission: {"x": 0.15, ".": 1.0, "#": 1.0},
    Amazons: {"x": 0.1, "o": 0.1, ".": 0.25, "#": 2.0},
}


def random_cells(kind: Any, rng: random.Random, cells: int) -> str:
    letters = list(WEIGHTS[kind])
    return "".join(rng.choices(letters, [WEIGHTS[kind][c] for c in letters], k=cells))


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(STONE_LETTERS), ids=lambda k: k.__name__)
@pytest.mark.parametrize("shape", [(1, 64), (64, 1), (2, 32), (32, 2), (8, 8), (1, 63)])
def test_stone_boards_of_63_and_64_cells_against_python(kind: Any, shape: tuple[int, int]) -> None:
    h, w = shape
    rng = random.Random(f"{kind.__name__}{h}x{w}")
    solver = Solver()
    for _ in range(3):
        cells = random_cells(kind, rng, h * w)
        state = bit_state(h, w, cells)
        expected = solver.keyed_value(_bit_rules(kind), state, progress=False)
        assert engine.stones(_KERNEL_KINDS[kind.__name__], *state) is expected, (h, w, cells)
        text = "|".join(cells[r * w : (r + 1) * w] for r in range(h))
        assert kind(text).value() is expected
