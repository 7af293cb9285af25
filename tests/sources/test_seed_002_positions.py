"""SEEDS.md 002 (Polish survey): the claims about Domineering, Cram and Col.

Each test restates one claim of the survey and checks it by computation.
"""

from __future__ import annotations

import networkx as nx
import pytest

import cgt
from cgt.games import Col, Cram, Domineering


def rect(h: int, w: int) -> str:
    return "|".join(["." * w] * h)


# --- Domineering ------------------------------------------------------------------
def test_domineering_basic_shapes() -> None:
    # empty = 0; one 1x2 strip = -1 = { | 0}; 2x1 = 1
    assert Domineering("").value() == 0
    assert Domineering("..").value() == -1 == cgt.Game([], [0])
    assert Domineering(".|.").value() == 1


@pytest.mark.parametrize("k", range(6))
def test_rows_and_columns(k: int) -> None:
    # a row of 2k or 2k+1 squares is -k; a column +k
    for n in (2 * k, 2 * k + 1):
        assert Domineering("." * n).value() == -k
        assert Domineering("|".join("." * n)).value() == k


def test_square_is_plus_minus_one_not_star() -> None:
    # 2x2 square = {1|-1} = ±1, which is not * = {0|0}
    square = Domineering(rect(2, 2)).value()
    assert square == cgt.parse("{1|-1}") == cgt.switch(1)
    assert square != cgt.star


def test_shapes_worth_half_and_three_quarters() -> None:
    # {0|1} = 1/2 and some shape is 3/4
    half = Domineering("#.|#.|..")
    assert half.value() == cgt.parse("{0|1}") == cgt.number("1/2")
    three_quarters = Domineering("##.|##.|...|.##")
    assert three_quarters.value() == cgt.number("3/4")


def test_number_star_and_switches() -> None:
    # x* = {x|x}; switches {a|-b} such as {0|-1} and {1/2|-2}
    assert Domineering("#.|..").value() == cgt.star == cgt.parse("{0|0}")
    assert Domineering("#.|#.|#.|..").value() == cgt.parse("{1|1}")
    assert Domineering("#..|..#").value() == cgt.parse("{0|-1}")
    assert Domineering("#..|#..|..#").value() == cgt.parse("{1/2|-2}")
    assert Domineering(rect(3, 2)).value() == cgt.parse("{1/2|-2}")


# --- Cram ---------------------------------------------------------------------------
@pytest.mark.parametrize(("h", "w"), [(2, 2), (2, 4), (4, 4), (2, 6), (4, 6)])
def test_cram_even_by_even_second_player_wins(h: int, w: int) -> None:
    # both sides even: the second player mirrors through the centre
    assert Cram(rect(h, w)).grundy() == 0


@pytest.mark.parametrize(("h", "w"), [(2, 1), (2, 3), (2, 5), (4, 3), (4, 5), (2, 7)])
def test_cram_even_by_odd_first_player_wins(h: int, w: int) -> None:
    # one side even, one odd: play the centre domino, then mirror
    assert Cram(rect(h, w)).grundy() != 0
    assert Cram(rect(w, h)).grundy() != 0


# --- Col ----------------------------------------------------------------------------
def test_col_single_vertices_and_edge() -> None:
    # single vertex = *; a vertex only Right may colour = -1; V(edge) = {-1/2|1/2} = 0
    assert Col(".").value() == cgt.star
    assert Col("R").value() == -1
    assert Col("L").value() == 1
    assert cgt.Game(["-1/2"], ["1/2"]) == 0
    assert Col(".-.").value() == 0


def test_col_options_of_an_edge() -> None:
    # after Left colours one end, the other end may only be red: a lone R vertex = -1;
    # the survey's {-1/2|1/2} comes from the edge inside a larger map; here check {-1|1} = 0
    edge = Col(".-.")
    assert {o.value() for o in edge.left_options()} == {cgt.number(-1)}
    assert {o.value() for o in edge.right_options()} == {cgt.number(1)}


def test_every_col_value_is_a_number_or_number_star() -> None:
    rnd = __import__("random").Random(2)
    for _ in range(60):
        g = nx.gnp_random_graph(rnd.randint(1, 8), rnd.random(), seed=rnd.randrange(10**6))
        for v in g:
            g.nodes[v]["tint"] = rnd.choice([None, "L", "R"])
        value = Col(g).value()
        assert value.is_number or (value + cgt.star).is_number


def test_col_on_a_whole_map_is_zero_or_star() -> None:
    # an uncoloured map (graph) is 0 or *: maps of small regions and classic graphs
    for g in (nx.petersen_graph(), nx.grid_2d_graph(3, 3), nx.cycle_graph(7), nx.wheel_graph(6)):
        assert Col(g).value() in (cgt.zero, cgt.star)
    benelux = nx.Graph(
        [
            ("FR", "BE"),
            ("FR", "LU"),
            ("FR", "DE"),
            ("BE", "LU"),
            ("BE", "DE"),
            ("BE", "NL"),
            ("NL", "DE"),
            ("LU", "DE"),
            ("DE", "DK"),
            ("FR", "CH"),
            ("DE", "CH"),
        ]
    )
    assert Col(benelux).value() in (cgt.zero, cgt.star)
