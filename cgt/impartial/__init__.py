"""Impartial games: nim arithmetic, the Sprague-Grundy solver, misère play.

>>> from cgt.impartial import mex, nim_sum
>>> mex([0, 1, 3]), nim_sum(6, 9, 5)
(2, 10)
"""

from __future__ import annotations

from .nim import mex, nim_sum

__all__ = ["mex", "nim_sum"]
