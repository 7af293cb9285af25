"""A store written by one tree, to be read by another.

Run:  ``PYTHONPATH=<tree> python tests/tools/store_corpus.py <out.sqlite>``

:func:`write` values :data:`POSITIONS` (positions of several rulesets, and
Grundy values of impartial ones) with a store in use, so the solver writes
their components' rows the way that tree's store names and encodes them, and
records a Dask-free survey's results.  ``tests/data/store_1de27f0.sqlite`` was
written so by 1de27f0 (the commit before issue 27's work), whose store named a
ruleset's rows by the class's ``module.qualname``; ``tests/test_store_compat.py``
reads it with this tree.

>>> sorted({kind for _, kind, _ in POSITIONS})
['grundy', 'value']
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any


def _games() -> Any:
    from cgt import games

    return games


POSITIONS: list[tuple[str, str, Callable[[], Any]]] = [
    ("Domineering ...|...|..#", "value", lambda: _games().Domineering("...|...|..#")),
    ("Domineering ....|.#..|....", "value", lambda: _games().Domineering("....|.#..|....")),
    ("NoGo x..|...", "value", lambda: _games().NoGo("x..|...")),
    ("NoGo ...|.o.", "value", lambda: _games().NoGo("...|.o.")),
    ("ToadsAndFrogs tt.f.f", "value", lambda: _games().ToadsAndFrogs("tt.f.f")),
    ("ToadsAndFrogs t..ff.t.f", "value", lambda: _games().ToadsAndFrogs("t..ff.t.f")),
    ("Clobber xox|oxo", "value", lambda: _games().Clobber("xox|oxo")),
    ("Konane xo.|.ox|x.o", "value", lambda: _games().Konane("xo.|.ox|x.o")),
    ("SkiJumps x..|..o|.x.", "value", lambda: _games().SkiJumps("x..|..o|.x.")),
    ("Cutcake 3x4", "value", lambda: _games().Cutcake(3, 4)),
    ("ElephantsAndRhinos e..r.e.r", "value", lambda: _games().ElephantsAndRhinos("e..r.e.r")),
    ("TopplingDominoes LGRLLR", "value", lambda: _games().TopplingDominoes("LGRLLR")),
    ("Cram ...|...|..#", "grundy", lambda: _games().Cram("...|...|..#")),
    ("Cram ..#|...|...", "grundy", lambda: _games().Cram("..#|...|...")),
]
"""(label, "value" or "grundy", a function building the position).  Heap games are
not here: their Grundy values come from the heap sequences, which the store does not keep."""


def compute(kind: str, position: Any) -> Any:
    """The position's value (a Game) or Grundy value (an int)."""
    return position.value() if kind == "value" else position.grundy()


def write(path: str) -> None:
    """Value :data:`POSITIONS` with a store at ``path`` and flush it."""
    from cgt.store import use_store
    from cgt.surveys import domineering_value, octal_period, survey

    with use_store(path):
        for _, kind, make in POSITIONS:
            compute(kind, make())
    # surveys are named by their function's module.qualname by default
    survey(domineering_value, SURVEYED, store=path, workers=0, progress=False)
    survey(octal_period, [("0.77", 512)], store=path, workers=0, progress=False)


SURVEYED = ["..|..", "...|...", ".#.|..."]
"""The boards of the Domineering survey."""


if __name__ == "__main__":
    write(sys.argv[1])
