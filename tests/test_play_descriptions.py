"""Move descriptions: every built-in ruleset says its moves (``describe_move``).

For several positions of each ruleset, every option of either player gets a
description of its own (not the fallback ``"to <option>"``), and options that
differ get different descriptions.
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

import cgt
from cgt.games import (
    Amazons,
    ArcKayles,
    ChipGame,
    Clobber,
    Col,
    Cram,
    Cutcake,
    Domineering,
    Eatcake,
    ElephantsAndRhinos,
    Fission,
    Hackenbush,
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
    TopplingDominoes,
    Wythoff,
)
from cgt.games.registry import rulesets
from cgt.play import describe

POSITIONS: dict[str, list[Any]] = {
    "Domineering": [Domineering(b) for b in ("..|..", "..#|...|...", "....|.#..|....")],
    "Cram": [Cram(b) for b in ("...|...", ".#.|...|..#")],
    "Clobber": [Clobber(b) for b in ("xo|ox", "xoxo", "....|.xo.|.o..|....", "x.o|oxx")],
    "Konane": [Konane(b) for b in ("xo.o.", "xo.|o..|...", "....|.xo.|.o..|....", "x.xo.o.")],
    "Fission": [Fission(b) for b in ("...|.x.|...", ".x.x.", "...|xx.|...|.x.")],
    "Amazons": [Amazons(b) for b in ("x..|...|..o", "x.o", "x..o|....")],
    "Col": [Col(g) for g in ("L-.-.-R", ".-.-.;.", "a:.-.-.-a", "L-.-.-.-L")],
    "Snort": [Snort(g) for g in (".-.-R", ".-.;.", "a:.-.-.-a", "L-.-.")],
    "NodeKayles": [
        NodeKayles(g) for g in (nx.path_graph(5), nx.complete_graph(4), nx.star_graph(3))
    ],
    "ArcKayles": [
        ArcKayles(g) for g in (nx.path_graph(5), nx.complete_graph(4), nx.cycle_graph(5))
    ],
    "Hackenbush": [
        Hackenbush.parse("l(l;rl);e"),
        Hackenbush.parse("lre(l;r)"),
        Hackenbush([(0, 1, "L"), (1, 2, "R"), (2, 0, "G"), (1, 1, "L")]),
    ],
    "ToadsAndFrogs": [ToadsAndFrogs(s) for s in ("tt.ff", "t.tf.f", "tf.tf.")],
    "ElephantsAndRhinos": [ElephantsAndRhinos(s) for s in ("e..r", "e.e.r.r", ".e.r")],
    "TopplingDominoes": [TopplingDominoes(s) for s in ("LGR", "RL", "GGLR", "LRLRG")],
    "PartizanSubtraction": [
        PartizanSubtraction({1, 3}, {2})(4, 1),
        PartizanSubtraction({1, 2}, {1, 2})(3, 3),
    ],
    "Cutcake": [Cutcake(2, 3), Cutcake(4, 4), Cutcake.of([(2, 2), (2, 2), (3, 1)])],
    "Eatcake": [Eatcake(2, 3), Eatcake(1, 1), Eatcake.of([(1, 3), (3, 1), (1, 3)])],
    "Push": [Push(s) for s in ("x.ox", "xxoo", ".x.o.x")],
    "Shove": [Shove(s) for s in ("x.ox", "xxoo", ".x.o.x")],
    "SkiJumps": [SkiJumps(b) for b in ("x..|o..|...", "x.|O.|..", "..o|x..|.o.|...")],
    "NoGo": [NoGo(b) for b in ("..|..", "x.|..", ".o.|...|x..")],
    "OctalGame": [OctalGame("0.6")(5), OctalGame("0.77")(4, 3), OctalGame("0.137")(6, 6)],
    "SubtractionGame": [SubtractionGame({1, 3})(4, 5), SubtractionGame({2})(2, 0, 3)],
    "Wythoff": [Wythoff([(2, 3)]), Wythoff([(1, 1), (2, 0), (1, 1)])],
    "ChipGame": [ChipGame([2, 4, 5, 6, 8]), ChipGame([3, 5, 7], rule="A")],
}

# Rulesets whose pieces are letters: a side's moves name its own pieces.
PIECES: dict[str, tuple[str | tuple[str, ...], str | tuple[str, ...]]] = {
    "Clobber": ("x", "o"),
    "Konane": ("x", "o"),
    "Amazons": ("x", "o"),
    "ToadsAndFrogs": ("t", "f"),
    "ElephantsAndRhinos": ("e", "r"),
    "Push": ("x", "o"),
    "Shove": ("x", "o"),
    "SkiJumps": (("x", "X"), ("o", "O")),
    "NoGo": ("x", "o"),
}


def _registered() -> dict[str, list[Any]]:
    """The registry's samples of the rulesets not sampled above (a new ruleset's, say)."""
    covered = {type(p) for positions in POSITIONS.values() for p in positions}
    return {
        r.name: r.all_samples()
        for r in rulesets()
        if r.kind in ("partizan", "impartial") and r.cls not in covered
    }


def _cases() -> list[Any]:
    return [
        pytest.param(position, id=f"{name}-{i}")
        for name, positions in {**POSITIONS, **_registered()}.items()
        for i, position in enumerate(positions)
    ]


@pytest.mark.parametrize("position", _cases())
def test_every_option_is_described(position: Any) -> None:
    moves = [("L", o) for o in position.left_options()] + [
        ("R", o) for o in position.right_options()
    ]
    assert moves, "a position with moves is wanted"
    said = [(side, o, describe(position, o)) for side, o in moves]
    for _, option, text in said:
        assert text and not text.startswith("to "), (position, option, text)
        assert position.describe_move(option) == text
    # options that differ are told apart, for one side and across both
    for side in ("L", "R", None):
        mine = [(o, t) for s, o, t in said if side is None or s == side]
        for i, (a, ta) in enumerate(mine):
            for b, tb in mine[i + 1 :]:
                if a != b:
                    assert ta != tb, (position, a, b, ta)


@pytest.mark.parametrize(
    "position",
    [p for name in PIECES for p in (pytest.param(q, id=name) for q in POSITIONS[name])],
)
def test_a_side_moves_its_own_pieces(position: Any) -> None:
    name = type(position).__name__
    left, right = PIECES[name]
    for option in position.left_options():
        assert describe(position, option).startswith(left), option
    for option in position.right_options():
        assert describe(position, option).startswith(right), option


def test_what_is_not_an_option_is_not_described() -> None:
    assert Domineering("..|..").describe_move(Domineering("...")) is None
    assert Domineering("..|..").describe_move(Domineering("#.|.#")) is None
    assert Clobber("xo").describe_move(Clobber("xx")) is None
    assert ToadsAndFrogs("t.f").describe_move(ToadsAndFrogs("..t")) is None
    assert Cutcake(2, 3).describe_move(Cutcake(2, 2)) is None
    assert Col("L-.").describe_move(Snort("L")) is None
    assert describe(Domineering("..|.."), cgt.zero) == "to 0"


def test_exact_wording() -> None:
    d = Domineering("..|..")
    assert [describe(d, o) for o in d.left_options()] == [
        "vertical domino on (0, 0) and (1, 0)",
        "vertical domino on (0, 1) and (1, 1)",
    ]
    k = Konane("xo.o.")
    assert describe(k, Konane("....x")) == "x (0, 0) jumps to (0, 4), taking o at (0, 1) and (0, 3)"
    assert describe(Amazons("x..|...|..."), Amazons("...|...|#.x")) == (
        "x (0, 0) to (2, 2), arrow at (2, 0)"
    )
    assert describe(Fission("...|.x.|..."), Fission(".x.|...|.x.")) == (
        "x (1, 1) splits vertically into (0, 1) and (2, 1)"
    )
    assert describe(Cutcake(2, 3), Cutcake.of([(2, 1), (2, 2)])) == (
        "cut the 2x3 piece into 2x1 and 2x2"
    )
    # the same row is left by Left toppling domino 1 and by Right toppling domino 0
    t = TopplingDominoes("RL")
    assert [describe(t, o) for o in t.left_options()] == [
        "topple domino 1 to the left",
        "topple domino 1 to the right",
    ]
    assert [describe(t, o) for o in t.right_options()] == [
        "topple domino 0 to the left",
        "topple domino 0 to the right",
    ]


def test_sums_name_the_part() -> None:
    s = Domineering("..|..") + Clobber("xo") + cgt.up
    texts = [describe(s, o) for o in s.left_options()]
    assert "Clobber (part 1): x (0, 0) takes o at (0, 1)" in texts
    assert [m.description for m in s.sensible_moves("L")] == [
        "Domineering (part 0): vertical domino on (0, 1) and (1, 1)",
        "Domineering (part 0): vertical domino on (0, 0) and (1, 0)",
    ]
    assert [describe(s, o) for o in s.left_options()][:2] == [
        "Domineering (part 0): vertical domino on (0, 0) and (1, 0)",
        "Domineering (part 0): vertical domino on (0, 1) and (1, 1)",
    ]


def test_winning_moves_carry_descriptions() -> None:
    moves = Domineering("...|...").winning_moves("L")
    assert moves and all(m.description.startswith("vertical domino on") for m in moves)
    assert [str(m) for m in Clobber("xo").winning_moves("R")] == [
        "Right: o (0, 1) takes x at (0, 0)"
    ]
