"""Rulesets: positions whose values the generic solver computes.

Every module of this package is imported with it, so every ruleset declared
with :func:`cgt.games.registry.register_ruleset` is in the registry (a new
ruleset's module needs no line here; exporting its class here is optional).

>>> from cgt.games.base import Position, ImpartialPosition
>>> from cgt.games.registry import rulesets
>>> "Domineering" in [r.name for r in rulesets()]
True
"""

from __future__ import annotations

from .base import (
    ImpartialPosition,
    Position,
    ScoringPosition,
    clear_solver_caches,
    implementation,
    solver_for,
)

__all__ = [
    "ImpartialPosition",
    "Position",
    "ScoringPosition",
    "clear_solver_caches",
    "implementation",
    "solver_for",
]

from .chips import ChipGame
from .hexapawn import Hexapawn, HexapawnMove

__all__ += ["ChipGame", "Hexapawn", "HexapawnMove"]

from .heap import HeapPosition, OctalGame, Periodicity, PeriodNotFound, SubtractionGame  # noqa: E402

__all__ += ["HeapPosition", "OctalGame", "PeriodNotFound", "Periodicity", "SubtractionGame"]

from .wythoff import Wythoff  # noqa: E402

__all__ += ["Wythoff"]

from .wythoff import GenWythoff, GenWythoffPosition  # noqa: E402

__all__ += ["GenWythoff", "GenWythoffPosition"]

from .mem import FibonacciNim, GenMem, Mem, MemPosition  # noqa: E402

__all__ += ["FibonacciNim", "GenMem", "Mem", "MemPosition"]

from .partizan_euclid import PartizanEuclid  # noqa: E402

__all__ += ["PartizanEuclid"]

from .domineering import Cram, Domineering  # noqa: E402

__all__ += ["Cram", "Domineering"]

from .col import Col  # noqa: E402
from .graph import parse_graph  # noqa: E402
from .snort import Snort  # noqa: E402

__all__ += ["Col", "Snort", "parse_graph"]

from .kayles import ArcKayles, NodeKayles  # noqa: E402

__all__ += ["ArcKayles", "NodeKayles"]

from .arc_kayles import PartizanArcKayles, WeightedArcKayles  # noqa: E402

__all__ += ["PartizanArcKayles", "WeightedArcKayles"]

from .hackenbush import Hackenbush  # noqa: E402

__all__ += ["Hackenbush"]

from .childish_hackenbush import ChildishHackenbush  # noqa: E402

__all__ += ["ChildishHackenbush"]

# The stone rulesets and the strip rulesets, one module each, imported in the
# order they were once registered in (the registry, the CLI and the docs list
# rulesets in that order).
from .clobber import Clobber  # noqa: E402

__all__ += ["Clobber"]

from .konane import Konane  # noqa: E402

__all__ += ["Konane"]

from .fission import Fission  # noqa: E402

__all__ += ["Fission"]

from .amazons import Amazons  # noqa: E402

__all__ += ["Amazons"]

from .toads_and_frogs import ToadsAndFrogs  # noqa: E402

__all__ += ["ToadsAndFrogs"]

from .elephants_and_rhinos import ElephantsAndRhinos  # noqa: E402

__all__ += ["ElephantsAndRhinos"]

from .toppling_dominoes import ToppingDominoes, TopplingDominoes  # noqa: E402

__all__ += ["ToppingDominoes", "TopplingDominoes"]

from .partizan_subtraction import PartizanSubtraction, PartizanSubtractionPosition  # noqa: E402

__all__ += ["PartizanSubtraction", "PartizanSubtractionPosition"]

from .partizan_kayles import PartizanKayles  # noqa: E402

__all__ += ["PartizanKayles"]

from .cakes import Cutcake, Eatcake  # noqa: E402

__all__ += ["Cutcake", "Eatcake"]

from .cakes import CakePosition, GenCutcake, MaundyCake, TurnAndEatcake  # noqa: E402

__all__ += ["CakePosition", "GenCutcake", "MaundyCake", "TurnAndEatcake"]

from .pushing import Push, Shove  # noqa: E402

__all__ += ["Push", "Shove"]

from .skijumps import SkiJumps  # noqa: E402

__all__ += ["SkiJumps"]

from .nogo import NoGo  # noqa: E402

__all__ += ["NoGo"]

from .go import GoRegion  # noqa: E402

__all__ += ["GoRegion"]

from .loopy_games import BackslidingToadsAndFrogs, FoxAndGeese, Loopy  # noqa: E402

__all__ += ["BackslidingToadsAndFrogs", "FoxAndGeese", "Loopy"]

from .dots_and_boxes import DotsAndBoxes  # noqa: E402

__all__ += ["DotsAndBoxes"]

from .diskonnect import Diskonnect  # noqa: E402
from .kobber import Kobber  # noqa: E402

__all__ += ["Diskonnect", "Kobber"]


def _import_every_module() -> None:
    """Import each module of the package, so each declares its rulesets in the registry."""
    import importlib
    import pkgutil

    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_import_every_module()
