"""Deep games must not crash with RecursionError."""

from __future__ import annotations

import sys

import cgt

DEPTH = 3000


def test_birthday_3000_by_nesting() -> None:
    assert sys.getrecursionlimit() < DEPTH * 3  # the default limit would not suffice
    text = "".join(f"{{{n}|" for n in range(DEPTH, 0, -1)) + "0" + "}" * DEPTH
    g = cgt.parse(text)  # the parser recurses once per nesting level
    assert g.birthday() == DEPTH + 1
    printed = str(g)
    assert cgt.parse(printed) is g
    h = g + cgt.star
    assert h - cgt.star is g
    assert g > 0 and g - g is cgt.zero
    minus_g = -g
    assert -minus_g is g
    assert (g + cgt.up).compare(g) is cgt.Relation.GREATER
    assert sys.getrecursionlimit() < DEPTH * 3  # the limit is restored afterwards


def test_deep_nus_chain() -> None:
    g = cgt.zero
    for _ in range(DEPTH):
        g = cgt.Game([0], [g])  # 0, ^*... grows an up-multiple each step
    assert g.is_infinitesimal and g > 0
    assert cgt.parse(str(g)) is g
