"""Rulesets: positions whose values the generic solver computes.

>>> from cgt.games.base import Position, ImpartialPosition
"""

from __future__ import annotations

from .base import ImpartialPosition, Position, clear_solver_caches, solver_for

__all__ = ["ImpartialPosition", "Position", "clear_solver_caches", "solver_for"]
