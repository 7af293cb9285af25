"""Jupyter pictures: every ruleset, sums, thermographs and game trees draw
self-contained, valid SVG, and what is drawn matches the position.

Each check reads the picture back (``xml.etree``) and compares it with facts
computed here independently: brute-force P-positions of Wythoff's game, node
counts of game trees by recursion, the grid coordinates of a graph, widths of
labels from DejaVu Sans advance widths.
"""

from __future__ import annotations

import inspect
import itertools
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any

import networkx as nx
import pytest

import cgt
import cgt.games
from cgt.certificates import Certificate, strategy
from cgt.games import (
    Amazons,
    ArcKayles,
    BackslidingToadsAndFrogs,
    ChipGame,
    Clobber,
    Col,
    Cram,
    Cutcake,
    Domineering,
    Eatcake,
    ElephantsAndRhinos,
    Fission,
    FoxAndGeese,
    Hackenbush,
    Hexapawn,
    Konane,
    NodeKayles,
    NoGo,
    OctalGame,
    PartizanSubtraction,
    Push,
    Shove,
    SkiJumps,
    Snort,
    SubtractionGame,
    ToadsAndFrogs,
    ToppingDominoes,
    TopplingDominoes,
    Wythoff,
)
from cgt.games.base import ImpartialPosition, Position
from cgt.games.compounds import (
    conjunctive_sum,
    continued_conjunctive_sum,
    diminished_disjunctive_sum,
    selective_sum,
    shortened_selective_sum,
)
from cgt.games.heap import HeapPosition
from cgt.games.registry import rulesets
from cgt.games.strips import PartizanSubtractionPosition
from cgt.games.variants import dicotic_variant, impartial_variant, twisted_variant
from cgt.misere import universe
from cgt.misere.dead_ends import dead_end_ge, left_dead_ends_born_by
from cgt.misere.universes import order_diagram
from cgt.scoring import parse_scoring

SVG = "{http://www.w3.org/2000/svg}"

SAMPLES: dict[type, list[Any]] = {
    Amazons: [Amazons("x.."), Amazons("x.#|###|..o")],
    ArcKayles: [ArcKayles(nx.path_graph(5)), ArcKayles(nx.grid_2d_graph(2, 3))],
    BackslidingToadsAndFrogs: [BackslidingToadsAndFrogs("ttt..fff")],
    ChipGame: [ChipGame([2, 4, 5, 6, 8]), ChipGame([], rule="A"), ChipGame([1, 60])],
    Clobber: [Clobber("xo"), Clobber("xo|ox")],
    Col: [Col("L-.-.-R"), Col(nx.grid_2d_graph(3, 4)), Col(nx.petersen_graph()), Col("")],
    Cram: [Cram("...|...")],
    Cutcake: [Cutcake(2, 4)],
    Domineering: [Domineering("..|..|.."), Domineering("...#|....")],
    Eatcake: [Eatcake(2, 3)],
    ElephantsAndRhinos: [ElephantsAndRhinos("e..r")],
    Fission: [Fission(".x.")],
    FoxAndGeese: [FoxAndGeese("x.x.|....|o...")],
    Hackenbush: [Hackenbush.parse("l(l;rl);e"), Hackenbush([(0, 1, "G"), (1, 2, "G")])],
    HeapPosition: [
        SubtractionGame({1, 2, 3})(6, 0, 11),
        OctalGame("0.07")(61, 101, 15),
        SubtractionGame({1})(),
    ],
    Hexapawn: [Hexapawn(3, 3), Hexapawn("B.B|.W.|W.W", to_move="black"), Hexapawn(8, 5)],
    Konane: [Konane("x.o|o.x")],
    NodeKayles: [NodeKayles(nx.path_graph(4)), NodeKayles(nx.star_graph(12))],
    NoGo: [NoGo("x.|..")],
    PartizanSubtractionPosition: [PartizanSubtraction({1, 3}, {2})(4, 1)],
    Push: [Push("xo.x")],
    Shove: [Shove("xo.x")],
    SkiJumps: [SkiJumps("x.|o.|..")],
    Snort: [Snort(".-.;."), Snort(nx.cycle_graph(7))],
    ToadsAndFrogs: [ToadsAndFrogs("tt.f")],
    ToppingDominoes: [ToppingDominoes("LG")],
    TopplingDominoes: [TopplingDominoes("LGR")],
    Wythoff: [Wythoff([(4, 5), (7, 3), (5, 0)]), Wythoff([(2, 2), (2, 2)]), Wythoff([(300, 7)])],
}

# a ruleset in the registry brings its own samples (its example and declared samples)
for _ruleset in rulesets():
    SAMPLES.setdefault(_ruleset.cls, _ruleset.all_samples())

EXTRA = [
    cgt.Sum(Clobber("xo"), cgt.up, Domineering("..")),
    cgt.parse("{3||2|1}").thermograph(),
    cgt.number(3).thermograph(),
    cgt.parse("{30|-20}").thermograph(),
    cgt.parse("{1/2|^*}").tree(),
    cgt.parse("{3||2|1}").tree(depth=1),
    cgt.hasse_diagram(2),
    cgt.hasse_diagram(0),
    universe("dicot").hasse_diagram(2),
    universe("dicot").hasse_diagram(0),
    order_diagram(left_dead_ends_born_by(3), dead_end_ge),
    parse_scoring("<3, <^2|5>|<^-1|1>>").tree(),
    (parse_scoring("<^1|2>") + parse_scoring("<^0|<1|2>>")).tree(depth=1),
    # a winning strategy (cgt.certificates), and one read back from its JSON
    strategy(Clobber("xo") + Clobber("xo.o"), "L"),
    Certificate.from_json(strategy(Clobber("xo.o"), "L").to_json()),
    strategy(Clobber("xo") + Clobber("xo.o"), "L").tree(),
]
# the ruleset variants and the compounds (cgt.games.variants, cgt.games.compounds)
EXTRA += [
    impartial_variant(Domineering)("..|.."),
    dicotic_variant(Clobber)("xo.|.ox"),
    twisted_variant(Domineering("...")),
    *(
        compound(Clobber("xo"), cgt.up)
        for compound in (
            conjunctive_sum,
            continued_conjunctive_sum,
            diminished_disjunctive_sum,
            selective_sum,
            shortened_selective_sum,
        )
    ),
]

# DejaVu Sans advance widths in ems (the browsers' usual fallback sans-serif);
# anything else counted as a wide letter.
DEJAVU = {**dict.fromkeys("0123456789{}", 0.636), ",": 0.318, "-": 0.361, ".": 0.318}
DEJAVU |= {
    "|": 0.337,
    "*": 0.5,
    "\u2212": 0.838,
    **dict.fromkeys("\u2191\u2193\u21d1\u21d3", 0.838),
}


def label_width(text: str, size: float) -> float:
    return sum(DEJAVU.get(ch, 0.72 if ch.isascii() else 0.954) for ch in text) * size


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # valid XML, or this raises
    assert root.tag == SVG + "svg"
    return root


def all_samples() -> list[Any]:
    return [p for ps in SAMPLES.values() for p in ps] + EXTRA


def ruleset_classes() -> list[type]:
    out = []
    for name in cgt.games.__all__:
        obj = getattr(cgt.games, name)
        if not inspect.isclass(obj) or obj in (Position, ImpartialPosition):
            continue
        if issubclass(obj, (Position, ImpartialPosition, Hexapawn)) and not inspect.isabstract(obj):
            out.append(obj)
    out += [HeapPosition, PartizanSubtractionPosition]
    return out + [r.cls for r in rulesets() if r.cls not in out]


def test_every_ruleset_has_a_sample_and_a_picture() -> None:
    for cls in ruleset_classes():
        if cls.__name__ in ("Loopy",):
            continue
        assert cls in SAMPLES, f"{cls.__name__} has no sample position here"
        assert callable(getattr(cls, "_repr_svg_", None)), f"{cls.__name__} draws no picture"


@pytest.mark.parametrize("thing", all_samples(), ids=lambda p: type(p).__name__)
def test_pictures_are_self_contained_valid_svg(thing: Any) -> None:
    svg = thing._repr_svg_()
    root = parse(svg)
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    assert width > 0 and height > 0
    box = [float(v) for v in root.attrib["viewBox"].split()]
    assert box[2:] == pytest.approx([width, height], abs=2.5)
    assert width <= 1200 and height <= 1200, "too large to look at"
    # nothing fetched from elsewhere: no links, images, external styles or fonts
    assert not re.search(r"href|<image|@import|url\(|<script|<foreignObject", svg)
    for el in root.iter():
        if el.tag == SVG + "text":
            assert (el.text or "").strip(), "an empty label"


def own_texts(el: ET.Element) -> list[ET.Element]:
    """The text elements of a picture, not those of pictures nested in it."""
    out = []
    for child in el:
        if child.tag == SVG + "text":
            out.append(child)
        elif child.tag != SVG + "svg":
            out.extend(own_texts(child))
    return out


@pytest.mark.parametrize(
    "thing",
    [*all_samples(), Wythoff([(10**9, 3)]), Wythoff([(45, 9)]), ChipGame([120])],
    ids=lambda p: type(p).__name__,
)
def test_text_stays_inside_the_picture(thing: Any) -> None:
    root = parse(thing._repr_svg_())
    width = float(root.attrib["width"])
    for text in own_texts(root):
        if "transform" in text.attrib:
            continue  # the thermograph's rotated axis title
        x, size = float(text.attrib["x"]), float(text.attrib.get("font-size", 16))
        w = label_width(text.text or "", size)
        anchor = text.attrib.get("text-anchor", "start")
        left = x - {"start": 0, "middle": w / 2, "end": w}[anchor]
        assert left >= -1 and left + w <= width + 1, (text.text, left, left + w, width)


def centres(svg: str) -> dict[str, tuple[float, float, float]]:
    """Label -> (x, y, radius) of each labelled vertex."""
    out = {}
    for g in parse(svg).iter(SVG + "g"):
        circle, text = g.find(SVG + "circle"), g.find(SVG + "text")
        if circle is not None and text is not None:
            a = circle.attrib
            out[text.text or ""] = (float(a["cx"]), float(a["cy"]), float(a["r"]))
    return out


@pytest.mark.parametrize(
    "graph",
    [nx.grid_2d_graph(3, 4), nx.grid_2d_graph(12, 12), nx.petersen_graph(), nx.path_graph(150)],
    ids=["grid", "big grid", "petersen", "long path"],
)
def test_graph_labels_fit_inside_their_vertices(graph: Any) -> None:
    for position in (Col(graph), NodeKayles(graph)):
        svg = position._repr_svg_()
        for g in parse(svg).iter(SVG + "g"):
            circle, text = g.find(SVG + "circle"), g.find(SVG + "text")
            if circle is None or text is None:
                continue
            r = float(circle.attrib["r"])
            size = float(text.attrib["font-size"])
            assert label_width(text.text or "", size) <= 2 * r - 2, (text.text, size, r)
            assert size >= 6


def test_grid_graphs_are_drawn_as_grids() -> None:
    rows, cols = 3, 5
    drawn = centres(Col(nx.grid_2d_graph(rows, cols))._repr_svg_())
    assert len(drawn) == rows * cols
    xs = sorted({round(x, 1) for x, _, _ in drawn.values()})
    ys = sorted({round(y, 1) for _, y, _ in drawn.values()})
    assert (len(xs), len(ys)) == (cols, rows)  # an upright lattice, not a tilted one
    assert len({round(b - a, 1) for a, b in itertools.pairwise(xs)}) == 1  # evenly spaced
    for r in range(rows):
        for c in range(cols):
            x, y, radius = drawn[f"{r},{c}"]
            assert (xs.index(round(x, 1)), ys.index(round(y, 1))) == (c, r)
    step = xs[1] - xs[0]
    assert step >= 2 * radius + 4  # neighbours do not touch


def test_grid_layout_survives_moves() -> None:
    g = Col(nx.grid_2d_graph(2, 3))
    option = g.left_options()[0]
    drawn = centres(option._repr_svg_())
    assert len(drawn) == 5
    assert len({round(x, 1) for x, _, _ in drawn.values()}) == 3


def test_pos_attributes_place_the_vertices() -> None:
    g = nx.Graph()
    where = {"a": (0, 0), "b": (4, 0), "c": (4, 3), "d": (0, 3)}
    for v, p in where.items():
        g.add_node(v, pos=p)
    g.add_edges_from([("a", "b"), ("b", "c"), ("c", "d")])
    g.nodes["b"]["tint"] = "L"
    for position in (Snort(g), Col(g), ArcKayles(g)):
        drawn = centres(position._repr_svg_())
        (ax, ay, _), (bx, by, _) = drawn["a"][:3], drawn["b"][:3]
        (cx, cy, _), (dx, dy, _) = drawn["c"][:3], drawn["d"][:3]
        assert ay == pytest.approx(by) and cx == pytest.approx(bx)
        assert cy < by, "networkx's y grows upward; SVG's downward"
        assert (bx - ax) / (by - cy) == pytest.approx(4 / 3)  # proportions kept
        assert (dx, dy) == pytest.approx((ax, cy))


def test_wythoff_marks_exactly_the_p_positions() -> None:
    n = 6  # the board shows at least 6 x 6 squares
    p: set[tuple[int, int]] = set()
    for s in range(2 * n):  # brute force: P iff no queen move reaches a P-position
        for x in range(s + 1):
            y = s - x
            moves = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
            moves += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
            if not any(m in p for m in moves):
                p.add((x, y))
    root = parse(Wythoff([(3, 2)])._repr_svg_())
    dots = [
        (float(c.attrib["cx"]), float(c.attrib["cy"]))
        for c in root.iter(SVG + "circle")
        if c.attrib.get("class") == "p-position"
    ]
    (qx, qy) = next(
        (float(c.attrib["cx"]), float(c.attrib["cy"]))
        for g in root.iter(SVG + "g")
        if g.attrib.get("class") == "queen"
        for c in g.iter(SVG + "circle")
    )
    origin = next(
        d for d in dots if d[0] == min(x for x, _ in dots) and d[1] == max(y for _, y in dots)
    )
    cell = (qx - origin[0]) / 3
    assert (origin[1] - qy) / 2 == pytest.approx(cell)  # the queen is at x = 3, y = 2
    found = {(round((x - origin[0]) / cell), round((origin[1] - y) / cell)) for x, y in dots}
    assert found == {q for q in p if max(q) < n}


def test_heaps_hexapawn_and_chips_show_their_pieces() -> None:
    root = parse(SubtractionGame({1, 2})(3, 0, 5)._repr_svg_())
    heaps = [g for g in root.iter(SVG + "g") if g.attrib.get("class") == "heap"]
    assert [len([c for c in g.iter(SVG + "circle")]) for g in heaps] == [3, 0, 5]
    for board in ["B.B|.W.|W.W", "BBB|...|WWW", ".B..|W..B|..W.|W..."]:
        h = Hexapawn(board)
        svg = h._repr_svg_()
        assert svg.count('class="pawn white"') == board.count("W")
        assert svg.count('class="pawn black"') == board.count("B")
    root = parse(ChipGame([2, 4, 5])._repr_svg_())
    chips = [float(c.attrib["cx"]) for c in root.iter(SVG + "circle")]
    gaps = [b - a for a, b in itertools.pairwise(chips)]
    assert gaps[0] == pytest.approx(2 * gaps[1])  # squares 2, 4, 5


def ticks(root: ET.Element, kind: str) -> list[tuple[float, float, Fraction]]:
    out = []
    for g in root.iter(SVG + "g"):
        if g.attrib.get("class") == f"tick {kind}":
            text = g.find(SVG + "text")
            assert text is not None and text.text
            value = Fraction(text.text.replace("\u2212", "-"))
            out.append((float(text.attrib["x"]), float(text.attrib["y"]), value))
    return out


@pytest.mark.parametrize("expr", ["{3||2|1}", "{2|{1|0}}", "{30|-20}", "7/4", "{5|-1/2}"])
def test_thermograph_axes(expr: str) -> None:
    g = cgt.parse(expr)
    root = parse(g.thermograph()._repr_svg_())
    values, temps = ticks(root, "value"), ticks(root, "temperature")
    assert len(values) >= 2 and len(temps) >= 2
    by_x = sorted(values)
    assert [v for _, _, v in by_x] == sorted((v for _, _, v in values), reverse=True)  # Left left
    by_y = sorted(temps, key=lambda t: t[1])
    assert [t for _, _, t in by_y] == sorted((t for _, _, t in temps), reverse=True)  # hot up
    # the mast stands where the value axis puts the mean
    (x0, _, v0), (x1, _, v1) = by_x[0], by_x[-1]
    mean = Fraction(str(g.mean()))
    expected = x0 + float((mean - v0) / (v1 - v0)) * (x1 - x0)
    arrow = next(root.iter(SVG + "polygon")).attrib["points"].split()[0]
    assert float(arrow.split(",")[0]) == pytest.approx(expected, abs=0.5)
    # and the temperature axis puts the top of the walls at the temperature
    (_, y0, t0), (_, y1, t1) = by_y[0], by_y[-1]
    left_wall = next(root.iter(SVG + "polyline")).attrib["points"].split()
    t = Fraction(str(g.temperature()))
    tops = [float(p.split(",")[1]) for p in left_wall]
    y_of_t = y0 + float((t - t0) / (t1 - t0)) * (y1 - y0)
    if t >= 0:
        assert any(y == pytest.approx(y_of_t, abs=0.5) for y in tops)


def count_nodes(g: cgt.Game, depth: int | None) -> int:
    if depth == 0:
        return 1
    deeper = None if depth is None else depth - 1
    return 1 + sum(count_nodes(o, deeper) for o in g.left_options + g.right_options)


@pytest.mark.parametrize(
    "expr", ["0", "{1|*}", "{3||2|1}", "{1/2|^*}", "^^*", "{2|-1}", "{5|{2|-3}||{1|-1},*}"]
)
@pytest.mark.parametrize("depth", [None, 1, 2])
def test_game_trees(expr: str, depth: int | None) -> None:
    g = cgt.parse(expr)
    tree = g.tree(depth=depth)
    assert tree.size == count_nodes(g, depth)
    root = parse(tree._repr_svg_())
    nodes = [el for el in root.iter(SVG + "g") if el.attrib.get("class") == "node"]
    lines = list(root.iter(SVG + "line"))
    assert len(nodes) == tree.size and len(lines) == tree.size - 1
    for line in lines:
        a = line.attrib
        dx = float(a["x2"]) - float(a["x1"])
        assert dx < 0 if a["class"] == "edge left" else dx > 0, "Left hangs left, Right right"
    labels = [n.find(SVG + "text") for n in nodes]
    assert labels[0] is not None and labels[0].text == format(g, "u")
    spans: dict[float, list[tuple[float, float]]] = {}
    for n in nodes:  # every label inside its box
        rect, text = n.find(SVG + "rect"), n.find(SVG + "text")
        assert rect is not None and text is not None
        width = float(rect.attrib["width"])
        assert label_width(text.text or "", float(text.attrib["font-size"])) <= width
        x = float(rect.attrib["x"])
        spans.setdefault(float(rect.attrib["y"]), []).append((x, x + width))
    for level in spans.values():  # no two boxes of a level overlap
        level.sort()
        assert all(b <= c for (_, b), (c, _) in itertools.pairwise(level))


def test_game_trees_refuse_what_is_too_large() -> None:
    g = cgt.parse("{3||2|1}")
    with pytest.raises(cgt.TooLarge, match="depth"):
        g.tree(max_nodes=5)
    with pytest.raises(cgt.InvalidArgument, match="depth"):
        g.tree(depth=-1)
    with pytest.raises(cgt.InvalidArgument, match="depth"):
        g.tree(depth=1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("k", [3, 4, 7, 12])
def test_latex_of_many_ups_is_a_multiple_not_up_nth(k: int) -> None:
    assert (k * cgt.up)._repr_latex_() == f"${k}\\cdot\\uparrow$"
    assert (-k * cgt.up)._repr_latex_() == f"${k}\\cdot\\downarrow$"
    assert (1 + k * cgt.up + cgt.star)._repr_latex_() == f"$1+{k}\\cdot\\uparrow\\ast$"
    assert "^" not in (k * cgt.up)._repr_latex_()
    assert (2 * cgt.up)._repr_latex_() == "$\\Uparrow$"
