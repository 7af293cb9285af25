"""Pickles written before the rulesets moved to their own modules still load (issue 27).

``cgt.games.graphs``, ``cgt.games.strips`` and ``cgt.games.boards`` once held
the classes of 15 rulesets; each lives in its own module now, and the old
modules re-export them.  A pickle names a class by its module, so a pickle
written before the move names the old module.  The bytes below are what
``pickle.dumps(position, protocol=4)`` wrote at main e5a23fa (the commit
before the move), for one position of each moved class: each must load, as
the same class as today's, and equal the position built now.
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import pickletools
from collections.abc import Callable
from typing import Any

import pytest

from cgt.games import (
    Amazons,
    Clobber,
    Col,
    Cutcake,
    Eatcake,
    ElephantsAndRhinos,
    Fission,
    Konane,
    PartizanSubtraction,
    Push,
    Shove,
    Snort,
    ToadsAndFrogs,
    TopplingDominoes,
)

OLD_HOMES = {"cgt.games.graphs", "cgt.games.strips", "cgt.games.boards"}

MAIN_PICKLES: list[tuple[Callable[[], Any], bytes]] = [
    (
        lambda: ToadsAndFrogs("tt.f"),
        bytes.fromhex(
            "80049531000000000000008c106367742e67616d65732e737472697073948c0d546f61647341"
            "6e6446726f67739493948c0474742e6694859452942e"
        ),
    ),
    (
        lambda: ElephantsAndRhinos("e..r"),
        bytes.fromhex(
            "80049536000000000000008c106367742e67616d65732e737472697073948c12456c65706861"
            "6e7473416e645268696e6f739493948c04652e2e7294859452942e"
        ),
    ),
    (
        lambda: TopplingDominoes("LGR"),
        bytes.fromhex(
            "80049533000000000000008c106367742e67616d65732e737472697073948c10546f70706c69"
            "6e67446f6d696e6f65739493948c034c475294859452942e"
        ),
    ),
    (
        lambda: PartizanSubtraction({1, 3}, {2}),
        bytes.fromhex(
            "8004953d000000000000008c106367742e67616d65732e737472697073948c1350617274697a"
            "616e5375627472616374696f6e9493945d94284b014b03655d944b0261869452942e"
        ),
    ),
    (
        lambda: PartizanSubtraction({1, 3}, {2})(4, 1),
        bytes.fromhex(
            "80049569000000000000008c106367742e67616d65732e737472697073948c1b50617274697a"
            "616e5375627472616374696f6e506f736974696f6e94939468008c1350617274697a616e5375"
            "627472616374696f6e9493945d94284b014b03655d944b0261869452944b044b018694869452"
            "942e"
        ),
    ),
    (
        lambda: Cutcake(2, 3),
        bytes.fromhex(
            "8004954c000000000000008c086275696c74696e73948c07676574617474729493948c106367"
            "742e67616d65732e737472697073948c0743757463616b659493948c026f6694869452944b02"
            "4b0386948594859452942e"
        ),
    ),
    (
        lambda: Eatcake(2, 3),
        bytes.fromhex(
            "8004954c000000000000008c086275696c74696e73948c07676574617474729493948c106367"
            "742e67616d65732e737472697073948c0745617463616b659493948c026f6694869452944b02"
            "4b0386948594859452942e"
        ),
    ),
    (
        lambda: Shove("x.o.x"),
        bytes.fromhex(
            "8004952a000000000000008c106367742e67616d65732e737472697073948c0553686f766594"
            "93948c05782e6f2e7894859452942e"
        ),
    ),
    (
        lambda: Push("x.o.x"),
        bytes.fromhex(
            "80049529000000000000008c106367742e67616d65732e737472697073948c04507573689493"
            "948c05782e6f2e7894859452942e"
        ),
    ),
    (
        lambda: Col("L-.-.-R"),
        bytes.fromhex(
            "80049565000000000000008c106367742e67616d65732e677261706873948c03436f6c949394"
            "2981944e7d94288c065f7768657265944e8c0361646a94284b024b054b0a4b0474948c056e6f"
            "646573945d94284b004b014b024b03658c0574696e7473948c044c2e2e5294758694622e"
        ),
    ),
    (
        lambda: Snort("a:.-.-.-a"),
        bytes.fromhex(
            "80049563000000000000008c106367742e67616d65732e677261706873948c05536e6f727494"
            "93942981944e7d94288c065f7768657265944e8c0361646a944b064b054b0387948c056e6f64"
            "6573945d94288c0161944b004b01658c0574696e7473948c032e2e2e94758694622e"
        ),
    ),
    (
        lambda: Clobber("xo.|.ox"),
        bytes.fromhex(
            "8004952e000000000000008c106367742e67616d65732e626f61726473948c07436c6f626265"
            "729493948c07786f2e7c2e6f7894859452942e"
        ),
    ),
    (
        lambda: Konane("xo.o.|.x..x"),
        bytes.fromhex(
            "80049531000000000000008c106367742e67616d65732e626f61726473948c064b6f6e616e65"
            "9493948c0b786f2e6f2e7c2e782e2e7894859452942e"
        ),
    ),
    (
        lambda: Fission(".x.|..."),
        bytes.fromhex(
            "8004952e000000000000008c106367742e67616d65732e626f61726473948c0746697373696f"
            "6e9493948c072e782e7c2e2e2e94859452942e"
        ),
    ),
    (
        lambda: Amazons("x..|.#.|..o"),
        bytes.fromhex(
            "80049532000000000000008c106367742e67616d65732e626f61726473948c07416d617a6f6e"
            "739493948c0b782e2e7c2e232e7c2e2e6f94859452942e"
        ),
    ),
]


def _globals(data: bytes) -> set[str]:
    """The ``module.name`` of every class or function a pickle refers to."""
    strings: list[str] = []
    found = set()
    for op, arg, _ in pickletools.genops(data):
        if op.name in ("SHORT_BINUNICODE", "BINUNICODE", "UNICODE"):
            strings.append(arg)
        elif op.name == "STACK_GLOBAL":
            found.add(".".join(strings[-2:]))
        elif op.name == "GLOBAL":
            found.add(arg.replace(" ", "."))
    return found


def _old_name(data: bytes) -> str:
    """The moved class a pickle from main names (its old ``module.name``)."""
    return min(name for name in _globals(data) if name.rpartition(".")[0] in OLD_HOMES)


@pytest.mark.parametrize("build, data", MAIN_PICKLES, ids=[_old_name(d) for _, d in MAIN_PICKLES])
def test_a_pickle_written_at_main_loads_as_the_position_built_now(
    build: Callable[[], Any], data: bytes
) -> None:
    now = build()
    named = _globals(data)
    # the bytes name the class where it lived at main, not where it lives now
    assert any(name.rpartition(".")[0] in OLD_HOMES for name in named), named
    assert f"{type(now).__module__}.{type(now).__qualname__}" not in named
    loaded = pickle.loads(data)
    assert type(loaded) is type(now)
    assert loaded == now and hash(loaded) == hash(now)
    assert repr(loaded) == repr(now)
    # and today's pickle of the loaded position round-trips too
    assert pickle.loads(pickle.dumps(loaded)) == now


def test_every_moved_ruleset_has_a_pickle_from_main() -> None:
    from cgt.games.registry import rulesets

    moved = {
        r.cls for r in rulesets() for old in r.stored_as if old.rpartition(".")[0] in OLD_HOMES
    }
    assert len(moved) == 14
    assert moved <= {type(build()) for build, _ in MAIN_PICKLES}


def test_positions_pickled_after_the_move_name_the_new_modules() -> None:
    data = pickle.dumps(Col("L-.-.-R"))
    assert _globals(data) == {"cgt.games.col.Col"}
    assert pickle.loads(data) == Col("L-.-.-R")
    assert pickle.loads(pickle.dumps(Clobber("xo"))).value() == Clobber("xo").value()


# The names each old module defined at main e5a23fa (its classes, functions and
# module-level data, public and private), read from its source with ast.
MAIN_NAMES: dict[str, list[str]] = {
    "cgt.games.boards": [
        "Amazons",
        "Clobber",
        "Fission",
        "Konane",
        "_B",
        "_BIT_RULES",
        "_BitKey",
        "_BitRules",
        "_BitState",
        "_KERNEL_KINDS",
        "_LANES",
        "_NEIGHBOURS",
        "_ORTHOGONAL",
        "_OTHER",
        "_QUEEN",
        "_SPREAD",
        "_StoneBoard",
        "_UNPACK",
        "_bit_key",
        "_bit_moves",
        "_bit_regions",
        "_bit_rules",
        "_board_svg",
        "_clear_bit_keys",
        "_crop",
        "_images",
        "_key_state",
        "_lane_tables",
        "_neighbours",
        "_rows",
        "_spread",
        "bit_cells",
        "bit_state",
        "board_lines",
        "parse_board",
    ],
    "cgt.games.graphs": [
        "COL",
        "Col",
        "GraphRules",
        "HostRules",
        "Raw",
        "SNORT",
        "Snort",
        "_CHAR_TINT",
        "_COL_END",
        "_GraphGame",
        "_HASH",
        "_HASH_SOURCE",
        "_HIGH_BITS",
        "_HOST_TOKENS",
        "_K",
        "_LOW_BITS",
        "_SWAP",
        "_TINT_CHAR",
        "_TOKEN",
        "_V",
        "_bits",
        "_canonical_labelled",
        "_certificate",
        "_components",
        "_cycle_key",
        "_cycle_order",
        "_graph_engine",
        "_graph_value",
        "_hashes",
        "_induced",
        "_label",
        "_labelling",
        "_least_rotation",
        "_mask_mapper",
        "_orbit_closure",
        "_path_key",
        "_path_order",
        "_path_tints",
        "_read_dicts",
        "_read_graph",
        "_refine",
        "_store",
        "_tint_masks",
        "_tint_profile",
        "canonical_key",
        "col_path_value",
        "format_graph",
        "graph_svg",
        "node_coordinates",
        "parse_graph",
    ],
    "cgt.games.strips": [
        "Cutcake",
        "Eatcake",
        "ElephantsAndRhinos",
        "PartizanSubtraction",
        "PartizanSubtractionPosition",
        "Push",
        "Shove",
        "ToadsAndFrogs",
        "ToppingDominoes",
        "TopplingDominoes",
        "_BLUE",
        "_C",
        "_CELL",
        "_Cake",
        "_GREEN",
        "_Line",
        "_Pushing",
        "_RED",
        "_Strip",
        "_bad_char",
        "_cake_move",
        "_cake_piece",
        "_cake_svg",
        "_moves_set",
        "_svg",
    ],
}


@pytest.mark.parametrize("module", sorted(MAIN_NAMES))
def test_every_name_an_old_module_had_still_imports_from_it(module: str) -> None:
    old = importlib.import_module(module)
    for name in MAIN_NAMES[module]:
        obj = getattr(old, name)  # an AttributeError names the name that went missing
        home = getattr(obj, "__module__", None)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            # a class or function: the same object as in its new home
            assert home != module, name
            # (under its own name there: three board helpers were renamed when shared)
            assert getattr(importlib.import_module(home), obj.__name__) is obj, name
    # the old modules define nothing any more: they only re-export
    assert not [
        name
        for name, obj in vars(old).items()
        if getattr(obj, "__module__", None) == module and isinstance(obj, type)
    ]
