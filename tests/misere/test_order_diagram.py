"""Hasse diagrams of misère forms (cgt.misere.universes.order_diagram), against the order itself.

The covering pairs must rebuild the strict order by transitive closure and be
its transitive reduction; the levels are the lengths of the longest chains
below each form.  Both are recomputed here from ``ge`` by brute force over
chains, independently of the drawing code.  The orders themselves are checked
against their definitions in test_dicot.py and test_dead_ends.py.
"""

from __future__ import annotations

import itertools
import pickle
import xml.etree.ElementTree as ET

import pytest

from cgt.errors import InvalidArgument, TooLarge, WrongType
from cgt.misere import Form, parse_form, universe
from cgt.misere.dead_ends import canonical_dead_end, dead_end_ge, left_dead_ends_born_by
from cgt.misere.universes import DIAGRAM_LIMIT, OrderDiagram, order_diagram
from tests.misere.test_dead_ends import canonical_set

SVG = "{http://www.w3.org/2000/svg}"
DICOT = universe("dicot")


def check_diagram(d: OrderDiagram, forms: list[Form], ge: object) -> None:
    assert callable(ge)
    less = {(x, y) for x, y in itertools.permutations(forms, 2) if ge(y, x)}
    assert all((y, x) not in less for x, y in less)  # a partial order on these forms
    covers = set(d.covers)
    assert len(covers) == len(d.covers)
    # the covers are the strict order with nothing in between
    between = {(x, y) for x, y in less if any((x, z) in less and (z, y) in less for z in forms)}
    assert covers == less - between
    # and their transitive closure is the strict order
    closure = set(covers)
    while True:
        more = {(x, w) for x, y in closure for z, w in closure if y is z} - closure
        if not more:
            break
        closure |= more
    assert closure == less
    # levels: each form once, at the length of the longest chain below it
    level = {g: k for k, row in enumerate(d.levels) for g in row}
    assert sorted(map(str, level)) == sorted(map(str, forms))
    assert sum(len(row) for row in d.levels) == len(forms)

    def longest(g: Form) -> int:
        return max((1 + longest(x) for x in forms if (x, g) in less), default=0)

    assert all(level[g] == longest(g) for g in forms)
    # the picture: one line per cover, one label per form, valid SVG with its title
    root = ET.fromstring(d.to_svg())
    assert len(root.findall(f".//{SVG}line")) == len(d.covers)
    texts = sorted(t.text or "" for t in root.findall(f".//{SVG}text"))
    assert texts == sorted(str(g) for g in forms)
    assert root.find(f"{SVG}title") is not None


def test_the_dicot_classes_born_by_day_two() -> None:
    d = DICOT.hasse_diagram(2)
    forms = list(DICOT.simplest_born_by(2))
    check_diagram(d, forms, DICOT.ge)
    assert repr(d) == "OrderDiagram(9 forms, 12 covers)"
    # conjugation reverses the order: the covers of the conjugates are the reversed covers
    assert {(-y, -x) for x, y in d.covers} == set(d.covers)
    for day in (0, 1):
        check_diagram(DICOT.hasse_diagram(day), list(DICOT.simplest_born_by(day)), DICOT.ge)


def test_other_universes_and_dead_ends() -> None:
    for name in ("misère", "dead-ending"):
        u = universe(name)
        check_diagram(u.hasse_diagram(1), list(u.simplest_born_by(1)), u.ge)
    # the Left dead ends born by day 3, against their canonical forms listed from the definition
    ends = left_dead_ends_born_by(3)
    assert sorted(map(str, ends)) == sorted(map(str, canonical_set(3)))
    assert all(canonical_dead_end(g) is g for g in ends)
    assert [len(left_dead_ends_born_by(d)) for d in range(5)] == [1, 2, 4, 10, 52]
    check_diagram(order_diagram(ends, dead_end_ge), list(ends), dead_end_ge)


def test_bad_input_gets_library_errors() -> None:
    with pytest.raises(InvalidArgument, match="equal in this order"):
        order_diagram([parse_form("* + *"), parse_form("0")], DICOT.ge)
    with pytest.raises(TooLarge, match="4\\*\\*9 forms"):
        DICOT.hasse_diagram(3)  # refused before day 3's 1268 classes are listed
    with pytest.raises(TooLarge, match="day 3 come from up to 4\\*\\*9 forms"):
        DICOT.hasse_diagram(5)  # refused at once, not after listing day 3 or 4
    with pytest.raises(TooLarge, match="at most"):
        universe("misère").hasse_diagram(2)  # 256 classes
    with pytest.raises(TooLarge, match=f"at most {DIAGRAM_LIMIT}"):
        order_diagram(universe("misère").simplest_born_by(2), universe("misère").ge)
    with pytest.raises(WrongType):
        DICOT.hasse_diagram("2")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        DICOT.hasse_diagram(-1)
    with pytest.raises(InvalidArgument):
        left_dead_ends_born_by(-1)
    with pytest.raises(WrongType):
        left_dead_ends_born_by(1.0)  # type: ignore[arg-type]
    for err in (TooLarge("x"), InvalidArgument("y")):
        assert type(pickle.loads(pickle.dumps(err))) is type(err)
