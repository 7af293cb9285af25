"""Domineering: values, symmetries, input formats, display, errors."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidPosition
from cgt.games import Domineering
from cgt.games.base import solver_for
from cgt.games.domineering import _DOMINEERING
from cgt.solver import Solver


def board(rows: list[str]) -> str:
    return "|".join(rows)


def rect(h: int, w: int) -> Domineering:
    return Domineering(board(["." * w] * h))


# --- known values --------------------------------------------------------------------
def test_small_values() -> None:
    assert Domineering("").value() == 0
    assert Domineering(".").value() == 0
    assert Domineering("..").value() == -1
    assert Domineering(".|.").value() == 1
    assert Domineering("..|..").value() == cgt.switch(1)
    assert Domineering("...|...").value() == cgt.parse("{2|-1/2}")
    assert Domineering("..|..|..").value() == cgt.parse("{1/2|-2}")
    assert Domineering("#.|..").value() == cgt.star


@pytest.mark.parametrize("k", range(0, 7))
def test_strips(k: int) -> None:
    for n in (2 * k, 2 * k + 1):
        assert Domineering("." * n).value() == -k
        assert Domineering("|".join("." * n)).value() == k


def test_value_is_sum_of_components() -> None:
    d = Domineering("..#..|..#..|##...")
    parts = d.components()
    assert len(parts) == 2
    assert d.value() == sum((p.value() for p in parts), cgt.zero)


def test_components_are_cropped() -> None:
    d = Domineering("#####|#..##|#####|##.##|##.##")
    assert d.components() == [Domineering(".."), Domineering(".|.")]
    assert Domineering(".#.|#.#").components() == []


# --- symmetries ------------------------------------------------------------------------
boards = st.integers(1, 4).flatmap(
    lambda h: st.integers(1, 4).flatmap(
        lambda w: st.lists(
            st.lists(st.sampled_from(".#"), min_size=w, max_size=w), min_size=h, max_size=h
        )
    )
)


def flip_h(rows: list[list[str]]) -> list[list[str]]:
    return [row[::-1] for row in rows]


def flip_v(rows: list[list[str]]) -> list[list[str]]:
    return rows[::-1]


def transpose(rows: list[list[str]]) -> list[list[str]]:
    return [list(col) for col in zip(*rows, strict=True)]


def text(rows: list[list[str]]) -> str:
    return "|".join("".join(r) for r in rows)


@settings(max_examples=60, deadline=None)
@given(boards)
def test_symmetric_and_transposed_boards(rows: list[list[str]]) -> None:
    v = Domineering(text(rows)).value()
    assert Domineering(text(flip_h(rows))).value() == v
    assert Domineering(text(flip_v(rows))).value() == v
    assert Domineering(text(flip_v(flip_h(rows)))).value() == v
    assert Domineering(text(transpose(rows))).value() == -v
    assert Domineering(text(rows)).transpose().value() == -v


@settings(max_examples=40, deadline=None)
@given(boards)
def test_keyed_solver_agrees_with_object_protocol(rows: list[list[str]]) -> None:
    # the generic Solver on left_options()/right_options()/components()/key()
    d = Domineering(text(rows))
    assert Solver().value(d) == d.value()


def test_keys_identify_symmetric_components() -> None:
    a = Domineering("..#|...")
    assert a.key() == Domineering("#..|...").key() == Domineering("...|..#").key()
    assert a.key() != a.transpose().key()


# --- input formats ---------------------------------------------------------------------
def test_multiline_and_bar_strings() -> None:
    multi = Domineering(
        """
        ..#
        ...
        """
    )
    assert multi == Domineering("..#|...")
    assert str(multi) == "..#\n..."
    assert repr(multi) == "Domineering('..#|...')"


def test_networkx_input() -> None:
    g = nx.grid_2d_graph(3, 3)
    g.remove_node((0, 2))
    assert Domineering(g) == Domineering("..#|...|...")
    assert Domineering(g).value() == Domineering("..#|...|...").value()
    shifted = nx.relabel_nodes(
        nx.grid_2d_graph(2, 2), {(r, c): (r + 5, c - 3) for r in range(2) for c in range(2)}
    )
    assert Domineering(shifted).value() == cgt.switch(1)
    back = Domineering("..#|...").graph
    assert sorted(back.nodes) == [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)]
    assert Domineering(back) == Domineering("..#|...")


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("..|.x", ["'x'", "row 1", "column 1"]),
        ("...|..", ["ragged", "row 1"]),
        ("...\n.,.", ["','", "row 1", "column 1"]),
    ],
)
def test_bad_strings(bad: str, words: list[str]) -> None:
    with pytest.raises(InvalidPosition) as err:
        Domineering(bad)
    for word in words:
        assert word in str(err.value)


def test_bad_graphs() -> None:
    with pytest.raises(InvalidPosition, match=r"not a \(row, col\) pair"):
        Domineering(nx.path_graph(3))
    with pytest.raises(InvalidPosition, match="neighbouring"):
        Domineering(nx.Graph([((0, 0), (1, 1))]))
    g = nx.grid_2d_graph(2, 2)
    g.remove_edge((0, 0), (0, 1))
    with pytest.raises(InvalidPosition, match="induced"):
        Domineering(g)
    with pytest.raises(InvalidPosition):
        Domineering(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        Domineering(nx.Graph([((True, 0), (True, 1))]))


# --- options and display -------------------------------------------------------------
def test_options() -> None:
    d = Domineering("..|..")
    assert sorted(map(str, d.left_options())) == ["#.\n#.", ".#\n.#"]
    assert sorted(map(str, d.right_options())) == ["##\n..", "..\n##"]
    assert Domineering("..").left_options() == []


def test_svg() -> None:
    svg = Domineering("..#|...")._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<rect") == 6


def test_solver_tables_inspectable_and_clearable() -> None:
    # the generic solver's tables (Domineering(...).value() may use the compiled kernel)
    solver = solver_for(Domineering)
    before = solver.keyed_value(_DOMINEERING, rect(3, 4).state)
    info = solver.info()
    assert info.values > 0 and info.misses > 0
    solver.clear()
    assert solver.info().values == 0
    assert solver.keyed_value(_DOMINEERING, rect(3, 4).state) is before is rect(3, 4).value()
    assert solver.info().values > 0


def test_rectangle_values_table() -> None:
    # values from the literature (Berlekamp; Lachmann, Moore and Rapaport)
    assert rect(2, 2).value() == cgt.switch(1)
    assert rect(3, 3).value() == cgt.switch(1)
    assert rect(2, 4).value() == cgt.miny(2)
    assert rect(4, 2).value() == cgt.tiny(2)
    assert rect(3, 4).value() == cgt.number("-3/2")
    assert rect(4, 3).value() == cgt.number("3/2")
    assert rect(4, 4).value().outcome() is cgt.Outcome.N
