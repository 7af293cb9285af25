"""Impartial games: nim arithmetic, the Sprague-Grundy value, periodicity, misère play.

>>> from cgt.impartial import mex, nim_sum, nim_product, nim_inverse
>>> mex([0, 1, 3]), nim_sum(6, 9, 5), nim_product(2, 3), nim_inverse(2)
(2, 10, 1, 3)
"""

from __future__ import annotations

from .field import (
    InvalidNimber,
    NimZeroDivisionError,
    nim_divide,
    nim_inverse,
    nim_power,
    nim_product,
    nim_square_root,
    subfield_order,
)
from .misere import Genus, NimHeap, clear_misere_cache, genus, misere_grundy, misere_outcome
from .misere_canonical import MisereGame, misere_canonical_form, misere_heap, parse_misere
from .misere_census import misere_born_by, misere_born_on, misere_count
from .nim import mex, nim_sum
from .periodicity import Periodicity as Periodicity  # documented in cgt.games
from .periodicity import PeriodNotFound, find_periodicity
from .quotient import (
    FamilyQuotient,
    HeapBeyondQuotient,
    MisereQuotient,
    QuotientNotFound,
    QuotientTooLarge,
    check_separators,
    misere_quotient,
    misere_quotient_of,
)
from .sprague_grundy import grundy, outcome

__all__ = [
    "FamilyQuotient",
    "Genus",
    "HeapBeyondQuotient",
    "InvalidNimber",
    "MisereGame",
    "MisereQuotient",
    "NimHeap",
    "NimZeroDivisionError",
    "PeriodNotFound",
    "QuotientNotFound",
    "QuotientTooLarge",
    "check_separators",
    "clear_misere_cache",
    "find_periodicity",
    "genus",
    "grundy",
    "mex",
    "misere_born_by",
    "misere_born_on",
    "misere_canonical_form",
    "misere_count",
    "misere_grundy",
    "misere_heap",
    "misere_outcome",
    "misere_quotient",
    "misere_quotient_of",
    "nim_divide",
    "nim_inverse",
    "nim_power",
    "nim_product",
    "nim_square_root",
    "nim_sum",
    "outcome",
    "parse_misere",
    "subfield_order",
]
