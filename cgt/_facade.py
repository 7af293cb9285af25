"""The façade: fills :mod:`cgt.game`'s table of theory methods.

``Game`` is the value type, near the bottom of the layers; its theory methods
(``g.temperature()``, ``g.atomic_weight()``, ``str(g)``, ...) compute with
modules above it.  Rather than importing them, ``cgt.game`` declares the names
(:data:`cgt.game.THEORY_METHODS`) and one table; this module, imported by
``cgt``, fills the table from the theory.  It is the only upward edge of the
package (see docs/guide/architecture.rst).

>>> import cgt
>>> from cgt import game
>>> set(game.THEORY_METHODS) == set(TABLE)
True
>>> cgt.parse("{3||2|1}").temperature()
3/4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import atomic, notation, products, structure, temperature, tree
from .errors import CGTError
from .game import THEORY_METHODS, install_theory
from .impartial import misere, misere_canonical

__all__ = ["TABLE"]

TABLE: dict[str, Callable[..., Any]] = {
    "mean": temperature.mean,
    "temperature": temperature.temperature,
    "thermograph": temperature.thermograph,
    "cool": temperature.cool,
    "freeze": temperature.freeze,
    "heat": temperature.heat,
    "overheat": temperature.overheat,
    "incentives": temperature.incentives,
    "is_even_tempered": temperature.is_even_tempered,
    "is_odd_tempered": temperature.is_odd_tempered,
    "atomic_weight": atomic.atomic_weight,
    "is_atomic": atomic.is_atomic,
    "reduced": atomic.reduced,
    "uptimal_expansion": atomic.uptimal_expansion,
    "ordinal_sum": products.ordinal_sum,
    "norton": products.norton,
    "nim_multiply": products.nim_multiply,
    "conway_product": products.conway_product,
    "ordinal_product": products.ordinal_product,
    "misere_outcome": misere.form_misere_outcome,
    "misere_canonical_form": misere_canonical.misere_canonical_form,
    "to_string": notation.to_string,
    "to_unicode": notation.to_unicode,
    "to_latex": notation.to_latex,
    "to_mathml": notation.to_mathml,
    "parse": notation.parse,
    "parse_short": notation._parse_short,  # unpickling: the short reader only
    "tree": tree.GameTree,
    "followers": structure.followers,
    "follower_count": structure.follower_count,
    "stop_count": structure.stop_count,
    "left_incentives": structure.left_incentives,
    "right_incentives": structure.right_incentives,
    "companion": structure.companion,
    "subordinate": structure.subordinate,
    "is_even": structure.is_even,
    "is_odd": structure.is_odd,
    "is_ordinal": structure.is_ordinal,
    "is_uptimal": structure.is_uptimal,
    "is_number_tiny": structure.is_number_tiny,
    "pow": structure.pow,
    "pow_to": structure.pow_to,
}
"""Each method name of the façade and the function that computes it."""

if set(TABLE) != THEORY_METHODS:  # pragma: no cover - a mistake in this file
    raise CGTError(f"the façade table misses {sorted(THEORY_METHODS - set(TABLE))}")
install_theory(TABLE)
