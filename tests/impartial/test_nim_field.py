"""The nim field: nim_product, nim_inverse, nim division.

Checked against (1) Conway's mex definition of the product, (2) an independent
algorithm through products of powers of two, and (3) the field axioms by brute
force over every a, b (and c) below 256, plus hypothesis laws on large nimbers.
"""

from __future__ import annotations

from functools import reduce
from operator import xor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import CGTError
from cgt.impartial import (
    mex,
    nim_divide,
    nim_inverse,
    nim_product,
    nim_sum,
)
from cgt.impartial.field import (
    InvalidNimber,
    NimZeroDivisionError,
    nim_power,
    nim_square_root,
    subfield_order,
)
from tests.tools.tiers import examples

# --- independent reference implementations -------------------------------------------


def mex_definition_table(n: int) -> list[list[int]]:
    """a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b} (Conway, ONAG ch. 6)."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            t[a][b] = mex(t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b))
    return t


TABLE = np.array([[nim_product(a, b) for b in range(256)] for a in range(256)], dtype=np.int64)


# --- tests -------------------------------------------------------------------------------


def test_mex_definition_small() -> None:
    t = mex_definition_table(32)
    assert all(t[a][b] == nim_product(a, b) for a in range(32) for b in range(32))


def test_fermat_rules_determine_the_table_below_256() -> None:
    # Below 256 every x is (x1 ⊗ 16) ⊕ x0 with x0, x1 < 16.  Given GF(16) (checked
    # against the mex definition above), bilinearity, associativity and
    # commutativity (checked below), the table is fixed by two Fermat rules:
    # a ⊗ 16 = 16·a for a < 16, and 16 ⊗ 16 = 16 ⊕ 8 = 24.  Rebuild it from them.
    assert all(nim_product(a, 16) == 16 * a for a in range(16))
    assert nim_product(16, 16) == 24
    g16 = mex_definition_table(16)

    def rebuilt(x: int, y: int) -> int:
        x1, x0, y1, y0 = x >> 4, x & 15, y >> 4, y & 15
        high = g16[x1][y0] ^ g16[x0][y1] ^ g16[x1][y1]  # coefficient of 16
        low = g16[x0][y0]
        # x1y1 ⊗ 16 ⊗ 16 = x1y1 ⊗ (16 ⊕ 8): the 8-part is a GF(16) product
        return (high << 4) ^ low ^ g16[g16[x1][y1]][8]

    ref = np.array([[rebuilt(x, y) for y in range(256)] for x in range(256)])
    assert (ref == TABLE).all()


def test_field_axioms_brute_force_below_256() -> None:
    t = TABLE
    idx = np.arange(256)
    assert (t < 256).all()  # closure: GF(256) is a subfield
    assert (t == t.T).all()  # commutative
    assert (t[1] == idx).all() and (t[0] == 0).all()  # identity, zero
    # associativity and distributivity for every a, b, c < 256
    for a in range(256):
        ab = t[a][:, None]  # (a⊗b) for all b, as a column
        assert (t[ab, idx[None, :]] == t[a][t]).all()  # (a⊗b)⊗c == a⊗(b⊗c)
        b, c = np.meshgrid(idx, idx, indexing="ij")
        assert (t[a][b ^ c] == (t[a][b] ^ t[a][c])).all()  # a⊗(b⊕c) == a⊗b ⊕ a⊗c
    # every non-zero element has exactly one inverse, and nim_inverse finds it
    for a in range(1, 256):
        (inverse,) = np.flatnonzero(t[a] == 1)
        assert nim_inverse(a) == inverse
    # no zero divisors
    assert (t[1:, 1:] != 0).all()


def test_known_values() -> None:
    # Fermat 2-powers square to 3/2 of themselves; 2 ⊗ 2 = 3; 8 ⊗ 8 = 13
    for k in range(7):
        f = 1 << (1 << k)
        assert nim_product(f, f) == f ^ (f >> 1)
    assert nim_product(2, 2) == 3
    assert nim_product(8, 8) == 13
    assert nim_product(2, 3) == 1  # {0, 1, 2, 3} is GF(4)


def test_subfields_and_orders() -> None:
    assert [subfield_order(a) for a in (0, 1, 2, 3, 4, 15, 16, 255, 256)] == [
        2,
        2,
        4,
        4,
        16,
        16,
        256,
        256,
        65536,
    ]
    # the multiplicative group of GF(16) has order 15
    assert all(nim_power(a, 15) == 1 for a in range(1, 16))


def test_division_and_roots() -> None:
    for a in range(64):
        for b in range(1, 64):
            c = nim_divide(a, b)
            assert nim_product(c, b) == a
        r = nim_square_root(a)
        assert nim_product(r, r) == a


def test_zero_division_and_bad_input() -> None:
    with pytest.raises(NimZeroDivisionError, match="no nim-inverse"):
        nim_inverse(0)
    with pytest.raises(ZeroDivisionError):
        nim_divide(3, 0)
    with pytest.raises(InvalidNimber, match="non-negative"):
        nim_product(-1, 2)
    with pytest.raises(CGTError, match="not float"):
        nim_product(1.5, 2)  # type: ignore[arg-type]
    with pytest.raises(CGTError):
        nim_inverse(True)


BIG = st.integers(min_value=0, max_value=2**70)


@settings(max_examples=examples(500), deadline=None)
@given(BIG, BIG, BIG)
def test_laws_large(a: int, b: int, c: int) -> None:
    assert nim_product(a, b) == nim_product(b, a)
    assert nim_product(nim_product(a, b), c) == nim_product(a, nim_product(b, c))
    assert nim_product(a, nim_sum(b, c)) == nim_sum(nim_product(a, b), nim_product(a, c))


@settings(max_examples=500, deadline=None)
@given(st.integers(min_value=1, max_value=2**64 - 1))
def test_inverse_large(a: int) -> None:
    inverse = nim_inverse(a)
    assert nim_product(a, inverse) == 1
    assert inverse < subfield_order(a)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=2**40), max_size=8))
def test_nim_sum_is_xor(values: list[int]) -> None:
    assert nim_sum(*values) == reduce(xor, values, 0)


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(min_value=0, max_value=40), max_size=30))
def test_mex(values: set[int]) -> None:
    m = mex(values)
    assert m not in values and all(k in values for k in range(m))


def test_nim_sum_rejects_what_is_not_a_nimber() -> None:
    from cgt.impartial import nim_sum
    from cgt.impartial.field import InvalidNimber

    for bad in (-1, 1.5, "3", True):
        with pytest.raises(InvalidNimber):
            nim_sum(bad, 3)  # type: ignore[arg-type]
    assert nim_sum(5, 3) == 6
