"""Pictures of scoring games: ``ScoringGame.tree()`` read back from its SVG (issue 31).

Each picture is parsed as XML and the tree it draws is rebuilt from the
geometry alone (an edge joins the box its top end touches to the box its
bottom end touches), then compared with the tree expected from the form's
public sides (``left``, ``left_atom``, ...), walked here by recursion: every
option a node, every empty side its atom ``∅s``, every number a leaf; and
the atoms' scores are also counted in the form's text (``^s``).
"""

from __future__ import annotations

import itertools
import pickle
import re
import resource
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

import cgt
from cgt.errors import InvalidArgument, TooLarge, WrongType
from cgt.scoring import ScoringGame, ScoringTree, born_by, hat, number, parse_scoring
from tests.scoring.test_games import random_games_born_by_day_2

SVG = "{http://www.w3.org/2000/svg}"
ROW = 46  # the vertical distance of two levels

Drawn = tuple[str, str, bool, tuple[Any, ...], tuple[Any, ...]]  # kind, label, dashed, L, R


def tree_size(g: ScoringGame, cap: int) -> int:
    """The nodes of ``g``'s tree (each follower once per path to it), counted up to ``cap``."""
    if cap <= 0:
        return 1
    found = 1
    for o in g.left + g.right:
        found += tree_size(o, cap - found)
        if found > cap:
            break
    return found


def label(g: ScoringGame) -> str:
    """A node's label: its text cut to 40 characters, or for a tree over 64 nodes its birthday."""
    if tree_size(g, 64) > 64:
        return f"\u27e8\u2026\u27e9 day {g.birthday}"
    text = format(g, "u")
    return text if len(text) <= 40 else text[:39] + "\u2026"


def expected(g: ScoringGame, depth: int | None) -> Drawn:
    """The tree the picture of ``g`` should show, ``depth`` moves deep."""
    if g.is_number:
        return ("node", str(g.left_atom), False, (), ())
    if depth == 0:
        return ("node", label(g), True, (), ())
    deeper = None if depth is None else depth - 1
    sides = []
    for options, atom in ((g.left, g.left_atom), (g.right, g.right_atom)):
        if options:
            kids = tuple(sorted((expected(o, deeper) for o in options), key=repr))
        else:
            kids = (("atom", f"\u2205{atom}", True, (), ()),)
        sides.append(kids)
    return ("node", label(g), False, sides[0], sides[1])


def drawn(svg: str) -> Drawn:
    """The tree a picture shows, rebuilt from its boxes and edges (checking their geometry)."""
    root = ET.fromstring(svg)  # valid XML, or this raises
    assert root.tag == SVG + "svg" and root[0].tag == SVG + "title"
    boxes: dict[tuple[float, float], tuple[str, str, bool]] = {}
    order = []
    for g in root.iter(SVG + "g"):
        kind = g.attrib.get("class")
        if kind not in ("node", "atom"):
            continue
        rect, text = g.find(SVG + "rect"), g.find(SVG + "text")
        assert rect is not None and text is not None and text.text
        where = (float(text.attrib["x"]), float(text.attrib["y"]))
        assert where not in boxes
        # the box is centred on the label
        x, w = float(rect.attrib["x"]), float(rect.attrib["width"])
        assert x + w / 2 == pytest.approx(where[0], abs=0.02)
        boxes[where] = (kind, text.text, "stroke-dasharray" in rect.attrib)
        order.append((where, x, x + w))
    # no two boxes of one level overlap
    for level in {y for (_, y), _, _ in order}:
        spans = sorted((a, b) for (_, y), a, b in order if y == level)
        for (_, b), (c, _) in itertools.pairwise(spans):
            assert b <= c, f"boxes overlap on the level y={level}"
    kids: dict[tuple[float, float], tuple[list[Any], list[Any]]] = {w: ([], []) for w in boxes}
    has_parent = set()
    for line in root.iter(SVG + "line"):
        a = line.attrib
        top = (float(a["x1"]), float(a["y1"]) - 10)
        bottom = (float(a["x2"]), float(a["y2"]) + 10)
        assert top in boxes and bottom in boxes, "an edge joins two boxes"
        assert bottom[1] == pytest.approx(top[1] + ROW)
        side = a["class"]
        assert side in ("edge left", "edge right")
        assert (bottom[0] < top[0]) == (side == "edge left"), "Left hangs left, Right right"
        assert boxes[top][0] == "node", "an atom is a leaf"
        # an atom's edge is dashed, an option's is not
        assert ("stroke-dasharray" in a) == (boxes[bottom][0] == "atom")
        kids[top][side == "edge right"].append(bottom)
        has_parent.add(bottom)
    roots = [w for w in boxes if w not in has_parent]
    assert roots == [order[0][0]], "one root, drawn first"

    def build(w: tuple[float, float]) -> Drawn:
        kind, label, dashed = boxes[w]
        lefts, rights = (tuple(sorted((build(k) for k in ks), key=repr)) for ks in kids[w])
        return (kind, label, dashed, lefts, rights)

    return build(roots[0])


def forms() -> list[ScoringGame]:
    games = [
        parse_scoring("<3, <^2|5>|<^-1|1>>"),
        parse_scoring("<^-1/2|1, <2|^3>>"),
        parse_scoring("<^1|2>") + parse_scoring("<^3|^4>") + parse_scoring("<^0|<1|2>>"),
        hat(3),
        hat(-2) + number(5),
        number(-3),
        parse_scoring("<^0|^1>"),
    ]
    return games + list(born_by(1, (0, 1))) + random_games_born_by_day_2(7, 40)


@pytest.mark.parametrize("depth", [None, 0, 1, 2])
def test_the_picture_shows_every_option_and_atom(depth: int | None) -> None:
    for g in forms():
        t = g.tree(depth=depth)
        svg = t.to_svg()
        picture = drawn(svg)
        assert picture == expected(g, depth), str(g)
        assert t.size + t.atoms == svg.count('class="node"') + svg.count('class="atom"')
        assert t.size + t.atoms - 1 == svg.count("<line")
        assert t.atoms == svg.count('class="atom"')
        assert f"{t.size} node" in t.svg_title() and str(g) in t.svg_title()


@pytest.mark.parametrize("text", ["<3, <^2|5>|<^-1|1>>", "<^0|<^1|3>, <^-1/2|2>>", "<<^0|1>|^1>"])
def test_the_scores_drawn_are_those_of_the_text(text: str) -> None:
    """Fully drawn, the atoms and the number leaves carry the scores the text writes."""
    g = parse_scoring(text)
    root = ET.fromstring(g.tree().to_svg())
    shown: dict[str, Counter[str]] = {"atom": Counter(), "node": Counter()}
    for el in root.iter(SVG + "g"):
        label = el.find(SVG + "text")
        if label is not None and label.text and el.attrib.get("class") in shown:
            shown[el.attrib["class"]][label.text] += 1
    atoms = Counter("\u2205" + s for s in re.findall(r"\^(-?[0-9/]+)", text))
    assert shown["atom"] == atoms
    numbers = Counter(re.findall(r"(?<![\^0-9/-])(-?[0-9/]+)", text))
    assert Counter({k: v for k, v in shown["node"].items() if "\u27e8" not in k}) == numbers


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@pytest.mark.slow
def test_deep_games_draw_without_overflow() -> None:
    start = _cpu()
    chain = hat(3000)  # 3001 nodes in a chain, and an atom ∅0 on the right of each but the last
    t = chain.tree(max_nodes=10_000)
    assert (t.size, t.atoms, t.depth) == (3001, 3000, 3000)
    svg = t.to_svg()
    assert svg.count('class="atom"') == 3000 and ET.fromstring(svg).tag == SVG + "svg"
    assert _cpu() - start < 5


def test_large_games_are_refused_or_cut() -> None:
    start = _cpu()
    long = hat(60000)
    with pytest.raises(TooLarge, match=r"max_nodes=300.*tree\(depth=\.\.\.\)"):
        long.tree()
    t = long.tree(depth=3)
    assert (t.size, t.atoms, t.depth) == (4, 3, 3)
    assert drawn(t.to_svg()) == expected(long, 3)
    # a sum whose tree (every follower once per path) is far too large to draw or print
    wide = parse_scoring("<1, 2|<^0|3>, 4>")
    for s in ["<^1|<2|^5>>", "<<^0|1>|^1>", "<3|<^1|2>>", "<^2|4, <3|^5>>"]:
        wide = wide + parse_scoring(s)
    with pytest.raises(TooLarge, match="born on day"):
        wide.tree()
    t = wide.tree(depth=1)
    root = ET.fromstring(t.to_svg())
    labels = [el.text or "" for el in root.iter(SVG + "text")]
    assert labels[0] == f"\u27e8\u2026\u27e9 day {wide.birthday}"  # not the whole text
    assert t.size == 1 + len(wide.left) + len(wide.right)
    assert max(len(label) for label in labels) <= 40
    assert len(t.svg_title()) < 200 and repr(t).startswith("ScoringTree(born on day")
    assert _cpu() - start < 5


def test_bad_arguments() -> None:
    g = parse_scoring("<^0|<1|2>>")
    errors: list[Exception] = []
    calls: list[tuple[Any, dict[str, Any]]] = [
        (g.tree, {"depth": -1}),
        (g.tree, {"depth": 1.5}),
        (g.tree, {"max_nodes": 0}),
        (g.tree, {"max_nodes": True}),
        (ScoringTree, {"game": 3}),
        (ScoringTree, {"game": cgt.star}),
    ]
    for call, arguments in calls:
        with pytest.raises((InvalidArgument, WrongType)) as caught:
            call(**arguments)
        errors.append(caught.value)
    assert "depth" in str(errors[0]) and "max_nodes" in str(errors[2])
    assert "ScoringGame, not Game" in str(errors[5])
    for err in errors:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err)
