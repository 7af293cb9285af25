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
from cgt.games.graphs import _graph_value, _tint_masks
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
