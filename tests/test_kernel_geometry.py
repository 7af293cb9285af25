"""The compiled board geometry (cgt/_c/grid.h) against its definition and the Python keys.

``grid.h`` is the one C implementation of the fill into regions, the crop and
the least image over the symmetries of the rectangle, used by Domineering and
Cram (``shortgame.c``) and by the stone boards (``boards.h``).  The kernel
exposes the two keys built on it, ``grid_key`` (a Domineering component) and
``stone_key`` (a Clobber, Konane, Fission or Amazons region).  Each is checked
against the least image written out here cell by cell, and against the Python
twins (:func:`cgt.games.grid.normal_form` and the stone boards' ``_bit_key``):
the two encodings differ, but they must put the same regions under one key,
with the same sign.  Skipped when the kernel is not built or
``CGT_PURE_PYTHON=1``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cgt import kernels
from cgt.games import Amazons, Clobber, Fission, Konane
from cgt.games.board import _bit_key, _key_state
from cgt.games.boards import _KERNEL_KINDS
from cgt.games.grid import crop, normal_form
from tests.games.test_board_geometry import SYMMETRIES  # the 8 maps of (row, column)

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)


def cells_of(bits: int, w: int) -> list[tuple[int, int]]:
    return [divmod(i, w) for i in range(bits.bit_length()) if bits >> i & 1]


def box(h: int, w: int, squares: int) -> tuple[int, int, int, int]:
    """``(top, left, rows, columns)`` of the squares' bounding box."""
    cells = cells_of(squares, w)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def images(h: int, w: int, sets: list[int]) -> list[tuple[int, int, list[int]]]:
    """The eight images ``(rows, columns, sets)`` of the sets, cropped to the box of sets[0]."""
    top, left, bh, bw = box(h, w, sets[0])
    out = []
    for k, move in enumerate(SYMMETRIES):
        rows, cols = (bh, bw) if k < 4 else (bw, bh)
        moved = []
        for s in sets:
            m = 0
            for r, c in cells_of(s, w):
                rr, cc = move(r - top, c - left, bh, bw)
                m |= 1 << (rr * cols + cc)
            moved.append(m)
        out.append((rows, cols, moved))
    return out


def random_region(rng: random.Random) -> tuple[int, int, int]:
    h = rng.randint(1, 8)
    w = rng.randint(1, min(8, 64 // h))
    p = rng.uniform(0.2, 1.0)
    bits = 0
    while not bits:
        bits = sum(1 << i for i in range(h * w) if rng.random() < p)
    return h, w, bits


def test_domineering_keys_are_the_least_image_with_rows_at_most_columns() -> None:
    rng = random.Random(1)
    for _ in range(3000):
        h, w, bits = random_region(rng)
        rows, cols, key, transposed = engine.grid_key(h, w, bits)
        # the least (shape, bits) among the images with rows <= columns, the first of equals
        candidates = [(r, c, s[0], k >= 4) for k, (r, c, s) in enumerate(images(h, w, [bits]))]
        best = min((x for x in candidates if x[0] <= x[1]), key=lambda x: x[:3])
        assert (rows, cols, key) == best[:3]
        assert any(x == (rows, cols, key, transposed) for x in candidates)


def test_domineering_keys_group_regions_as_the_python_keys_do() -> None:
    rng = random.Random(2)
    c_to_python: dict[Any, Any] = {}
    python_to_c: dict[Any, Any] = {}
    for _ in range(3000):
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        bits = rng.randrange(1, 1 << (h * w))
        rows, cols, key, c_flip = engine.grid_key(h, w, bits)
        python_key, python_flip = normal_form(*crop(h, w, bits))
        assert (python_key >> 8 & 0xFF, python_key & 0xFF) == (rows, cols)
        # a region equal to a transpose of itself may carry either flag
        symmetric = any(
            k >= 4 and (r, c, s) == (rows, cols, [key])
            for k, (r, c, s) in enumerate(images(h, w, [bits]))
        ) and any(
            k < 4 and (r, c, s) == (rows, cols, [key])
            for k, (r, c, s) in enumerate(images(h, w, [bits]))
        )
        relative = None if symmetric else c_flip != python_flip
        for table, a, b in (
            (c_to_python, (rows, cols, key), python_key),
            (python_to_c, python_key, (rows, cols, key)),
        ):
            seen = table.setdefault(a, (b, relative))
            assert seen[0] == b
            if relative is not None and seen[1] is not None:
                assert seen[1] == relative
            elif relative is not None:
                table[a] = (b, relative)


KINDS = [Clobber, Konane, Fission, Amazons]


def random_stones(rng: random.Random, kind: type[Any]) -> tuple[int, int, int, int, int]:
    h, w, squares = random_region(rng)
    x = o = 0
    for i in range(h * w):
        if squares >> i & 1:
            roll = rng.random()
            if roll < 0.35:
                x |= 1 << i
            elif roll < 0.7 and kind is not Fission:
                o |= 1 << i
    return h, w, x, o, squares


def stone_images(kind: type[Any], h: int, w: int, x: int, o: int, squares: int) -> Any:
    """The images that keep the value and those that negate it, as (shape, sq, x, o)."""
    keep: list[tuple[int, int, int, int]] = []
    negate: list[tuple[int, int, int, int]] = []
    for k, (r, c, (sq, xs, os_)) in enumerate(images(h, w, [squares, x, o])):
        plain = (r << 8 | c, sq, xs, os_)
        swapped = (r << 8 | c, sq, os_, xs)
        if kind is Fission:  # a transposed board is the negative
            (keep if k < 4 else negate).append(plain)
        else:  # every symmetry keeps the value; swapped colours negate it
            keep.append(plain)
            negate.append(swapped)
    return keep, negate


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_stone_keys_are_the_least_image_signed(kind: type[Any]) -> None:
    rng = random.Random(3)
    number = _KERNEL_KINDS[kind.__name__]
    for _ in range(1500):
        h, w, x, o, squares = random_stones(rng, kind)
        rows, cols, kx, ko, ksq, neg = engine.stone_key(number, h, w, x, o, squares)
        keep, negate = stone_images(kind, h, w, x, o, squares)
        least_keep, least_negate = min(keep), min(negate)
        assert neg == (least_negate < least_keep)
        assert (rows << 8 | cols, ksq, kx, ko) == (least_negate if neg else least_keep)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_stone_keys_group_regions_as_the_python_keys_do(kind: type[Any]) -> None:
    rng = random.Random(4)
    number = _KERNEL_KINDS[kind.__name__]
    c_to_python: dict[Any, Any] = {}
    python_to_c: dict[Any, Any] = {}
    for _ in range(3000):
        h, w = rng.randint(1, 3), rng.randint(1, 3)
        squares = rng.randrange(1, 1 << (h * w))
        x = o = 0
        for i in range(h * w):
            if squares >> i & 1:
                roll = rng.randrange(3)
                x |= (roll == 1) << i
                o |= (roll == 2 and kind is not Fission) << i
        *c_key, c_neg = engine.stone_key(number, h, w, x, o, squares)
        python_key, python_neg = _bit_key(kind, (h, w, x, o, squares))
        ph, pw, px, po, psq = _key_state(python_key)
        assert {(ph, pw), (pw, ph)} == {(c_key[0], c_key[1]), (c_key[1], c_key[0])}
        assert (bin(px).count("1"), bin(po).count("1"), bin(psq).count("1")) in {
            (bin(c_key[2]).count("1"), bin(c_key[3]).count("1"), bin(c_key[4]).count("1")),
            (bin(c_key[3]).count("1"), bin(c_key[2]).count("1"), bin(c_key[4]).count("1")),
        }
        keep, negate = stone_images(kind, h, w, x, o, squares)
        relative = None if min(keep) == min(negate) else c_neg != python_neg
        for table, a, b in (
            (c_to_python, tuple(c_key), python_key),
            (python_to_c, python_key, tuple(c_key)),
        ):
            seen = table.setdefault(a, (b, relative))
            assert seen[0] == b, "the C and Python keys group regions differently"
            if relative is not None and seen[1] is not None:
                assert seen[1] == relative, "the C and Python keys disagree on a sign"
            elif relative is not None:
                table[a] = (b, relative)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        engine.grid_key(2, 2, 0)
    with pytest.raises(ValueError):
        engine.grid_key(9, 9, 1)
    with pytest.raises(ValueError):
        engine.stone_key(0, 2, 2, 1, 1, 1)  # an x and an o on one square
    with pytest.raises(ValueError):
        engine.stone_key(7, 2, 2, 0, 0, 1)
