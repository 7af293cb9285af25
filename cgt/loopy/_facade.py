"""LoopyGame's façade: fills :mod:`cgt.loopy.values`' table of theory methods.

``LoopyGame`` (:mod:`cgt.loopy.values`) is what the other loopy modules build
on; its methods ``sides()``, ``left_stop()``, ``degree()``, ``variety()``, ...
and the text of a stopper compute with those modules.  Instead of importing
them back (an import cycle), ``cgt.loopy.values`` declares the names
(:data:`cgt.loopy.values.THEORY_METHODS`) and one table, and this module fills
it.  :mod:`cgt.loopy` imports it first, and Python imports the package before
any of its modules, so the table is full whenever a ``LoopyGame`` exists.  It
is the loopy counterpart of :mod:`cgt._facade` (see
docs/guide/architecture.rst).

>>> from cgt.loopy import _facade, values
>>> set(values.THEORY_METHODS) == set(_facade.TABLE)
True
>>> import cgt
>>> print(cgt.parse("on").sides(), cgt.parse("over").upsum(cgt.parse("under")))
on & on over
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import CGTError
from . import invariants, printing, sided
from .values import THEORY_METHODS, install_theory

__all__ = ["TABLE"]

TABLE: dict[str, Callable[..., Any]] = {
    "sides": sided.sides,
    "left_stop": invariants.left_stop,
    "right_stop": invariants.right_stop,
    "upsum": invariants.upsum_of,
    "downsum": invariants.downsum_of,
    "degree": invariants.degree,
    "is_pseudonumber": invariants.is_pseudonumber,
    "is_idempotent": invariants.is_idempotent,
    "is_stable": invariants.is_stable,
    "upsum_variety": invariants.upsum_variety,
    "downsum_variety": invariants.downsum_variety,
    "variety": invariants.variety,
    "stopper_text": printing.stopper_text,
    "sided_text": sided.sided_text,
}
"""Each method name of LoopyGame's façade and the function that computes it."""

if set(TABLE) != THEORY_METHODS:  # pragma: no cover - a mistake in this file
    raise CGTError(f"the loopy façade table misses {sorted(THEORY_METHODS - set(TABLE))}")
install_theory(TABLE)
