"""cgt: combinatorial game theory in typed Python.

>>> import cgt
>>> cgt.Dyadic(3, 4)
Dyadic(3, 4)
"""

from __future__ import annotations

from .dyadic import Dyadic, NotDyadic, simplest_between
from .errors import (
    CGTError,
    GameTooDeep,
    InvalidPosition,
    NotANumber,
    NotAtomic,
    NotImpartial,
    ParseError,
)

__version__ = "0.1.0"

__all__ = [
    "CGTError",
    "Dyadic",
    "GameTooDeep",
    "InvalidPosition",
    "NotANumber",
    "NotAtomic",
    "NotDyadic",
    "NotImpartial",
    "ParseError",
    "__version__",
    "simplest_between",
]
