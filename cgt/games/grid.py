"""Rectangular boards as bitmasks: parsing, components, symmetries, display.

A board of ``h`` rows and ``w`` columns is an ``int`` whose bit ``r * w + c``
is set when the cell in row ``r`` (top to bottom) and column ``c`` (left to
right) is empty.  Everything here works on such masks: grid strings and
networkx grid graphs in and out, splitting into connected components (a bit
parallel flood fill), cropping to the bounding box and normalising under the
symmetries of the rectangle.  Domineering and Cram build on it; every board
reader of the package splits its text with :func:`text_lines`, and the stone
boards (:mod:`cgt.games.board`) use its masks.

>>> h, w, bits = parse_grid("..#|...")
>>> (h, w, bin(bits))
(2, 3, '0b111011')
>>> format_grid(h, w, bits)
'..#\\n...'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import InvalidPosition

__all__ = [
    "board_from_graph",
    "board_to_graph",
    "crop",
    "flood",
    "format_grid",
    "grid_svg",
    "key_board",
    "masks",
    "normal_form",
    "parse_grid",
    "split_components",
    "text_lines",
    "transpose",
]

_MAX_SIDE = 255  # keys pack the sides in 8 bits each

# Per-(h, w) masks: (all cells, cells not in column 0, cells not in the last column).
_MASKS: dict[tuple[int, int], tuple[int, int, int]] = {}


def masks(h: int, w: int) -> tuple[int, int, int]:
    """``(full, not_first_column, not_last_column)`` bitmasks of an ``h`` x ``w`` board.

    >>> [bin(m) for m in masks(2, 2)]
    ['0b1111', '0b1010', '0b101']
    """
    found = _MASKS.get((h, w))
    if found is None:
        row = (1 << w) - 1
        full = not_first = not_last = 0
        for r in range(h):
            full |= row << (r * w)
            not_first |= (row & ~1) << (r * w)
            not_last |= (row >> 1) << (r * w)
        found = _MASKS[(h, w)] = (full, not_first, not_last)
    return found


def text_lines(text: Any, what: str) -> list[str]:
    """The rows of a board or grid string, top to bottom, as written.

    Rows are separated by ``|`` or newlines; spaces around each row and blank
    lines at either end are dropped.  Every board reader of the package
    (grids, stone boards, rectangles) starts here; a text that is not a
    string raises :class:`~cgt.errors.InvalidPosition` naming ``what`` it
    should have been.

    >>> text_lines(" x.| .o ", "board")
    ['x.', '.o']
    >>> text_lines('''
    ...     ..
    ...     .#
    ... ''', "grid")
    ['..', '.#']
    >>> text_lines(3, "grid")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a grid must be a string, not int
    """
    if not isinstance(text, str):
        raise InvalidPosition(f"a {what} must be a string, not {type(text).__name__}")
    lines = [line.strip() for line in text.replace("|", "\n").split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def parse_grid(text: str) -> tuple[int, int, int]:
    """Read a grid string: rows top to bottom separated by ``|`` or newlines.

    ``.`` is an empty cell, ``#`` a blocked one; spaces around rows and blank
    lines at either end are ignored.  Returns ``(h, w, bits)``.

    >>> parse_grid(".#|..")
    (2, 2, 13)
    >>> parse_grid('''
    ...     ..
    ...     .#
    ... ''')
    (2, 2, 7)
    >>> parse_grid("..|.x")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character 'x' at row 1, column 1 of '..|.x' (use . or #)
    """
    lines = text_lines(text, "grid")
    h = len(lines)
    w = len(lines[0]) if lines else 0
    if h > _MAX_SIDE or w > _MAX_SIDE:
        raise InvalidPosition(f"a grid may have at most {_MAX_SIDE} rows and columns")
    bits = 0
    for r, line in enumerate(lines):
        if len(line) != w:
            raise InvalidPosition(
                f"ragged grid: row {r} has {len(line)} cells but row 0 has {w} in {text!r}"
            )
        for c, ch in enumerate(line):
            if ch == ".":
                bits |= 1 << (r * w + c)
            elif ch != "#":
                raise InvalidPosition(
                    f"unknown character {ch!r} at row {r}, column {c} of {text!r} (use . or #)"
                )
    return h, w, bits


def format_grid(h: int, w: int, bits: int, sep: str = "\n") -> str:
    """The grid string of a board, rows joined by ``sep``.

    >>> format_grid(2, 3, 0b110111, sep="|")
    '...|#..'
    """
    rows = []
    for r in range(h):
        rows.append("".join("." if bits >> (r * w + c) & 1 else "#" for c in range(w)))
    return sep.join(rows)


def board_from_graph(graph: Any) -> tuple[int, int, int]:
    """Read a board from a networkx graph whose nodes are ``(row, col)`` cells.

    The graph must be an induced subgraph of ``networkx.grid_2d_graph``:
    nodes are pairs of integers, edges join cells one step apart, and every
    two present cells one step apart are joined.  The board is cropped to
    the nodes' bounding box.

    >>> import networkx as nx
    >>> board_from_graph(nx.grid_2d_graph(2, 3))
    (2, 3, 63)
    >>> board_from_graph(nx.Graph([((0, 0), (1, 1))]))
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: edge ((0, 0), (1, 1)) does not join two neighbouring cells of a grid
    """
    nodes = list(graph.nodes)
    for node in nodes:
        if not (
            isinstance(node, tuple)
            and len(node) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in node)
        ):
            raise InvalidPosition(
                f"node {node!r} is not a (row, col) pair of integers as in grid_2d_graph"
            )
    if not nodes:
        return 0, 0, 0
    r0 = min(r for r, _ in nodes)
    c0 = min(c for _, c in nodes)
    h = max(r for r, _ in nodes) - r0 + 1
    w = max(c for _, c in nodes) - c0 + 1
    if h > _MAX_SIDE or w > _MAX_SIDE:
        raise InvalidPosition(f"a grid may have at most {_MAX_SIDE} rows and columns")
    for a, b in graph.edges:
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise InvalidPosition(f"edge {(a, b)!r} does not join two neighbouring cells of a grid")
    present = set(nodes)
    for r, c in nodes:
        for other in ((r + 1, c), (r, c + 1)):
            if other in present and not graph.has_edge((r, c), other):
                raise InvalidPosition(
                    f"cells {(r, c)!r} and {other!r} are neighbours but not joined: "
                    "the graph must be an induced subgraph of grid_2d_graph"
                )
    bits = 0
    for r, c in nodes:
        bits |= 1 << ((r - r0) * w + (c - c0))
    return h, w, bits


def board_to_graph(h: int, w: int, bits: int) -> Any:
    """The empty cells as an induced subgraph of ``networkx.grid_2d_graph(h, w)``.

    >>> sorted(board_to_graph(1, 3, 0b011).edges)
    [((0, 0), (0, 1))]
    """
    import networkx as nx

    cells = [(r, c) for r in range(h) for c in range(w) if bits >> (r * w + c) & 1]
    graph = nx.Graph()
    graph.add_nodes_from(cells)
    present = set(cells)
    for r, c in cells:
        for other in ((r + 1, c), (r, c + 1)):
            if other in present:
                graph.add_edge((r, c), other)
    return graph


def flood(start: int, cells: int, w: int, not_first: int, not_last: int, whole: int = 0) -> int:
    """The cells of ``cells`` connected to ``start`` (4-neighbourhood), as a mask: a bit
    parallel flood fill on a board ``w`` columns wide, whose ``not_first`` and
    ``not_last`` column masks are those of :func:`masks`.

    ``start`` is a non-empty part of ``cells``.  With ``whole``, the caller
    knows that every cell of ``cells`` is connected to some cell of ``whole``:
    once the fill holds every cell of ``whole``, it is all of ``cells``, and the
    fill stops there.

    >>> _full, not_first, not_last = masks(2, 3)
    >>> bin(flood(0b1, 0b101011, 3, not_first, not_last))    # (1, 2) is apart
    '0b1011'
    >>> bin(flood(0b1, 0b101011, 3, not_first, not_last, whole=0b1))
    '0b101011'
    """
    comp = start
    while True:
        grow = (
            comp | ((comp << 1) & not_first) | ((comp >> 1) & not_last) | (comp << w) | (comp >> w)
        ) & cells
        if grow == comp:
            return comp
        if whole and grow & whole == whole:
            return cells
        comp = grow


def split_components(h: int, w: int, bits: int) -> list[int]:
    """The connected components (4-neighbourhood) of at least two cells.

    Single isolated cells are dropped: no domino fits in them.

    >>> [bin(c) for c in split_components(2, 3, 0b101011)]   # (1, 2) is isolated
    ['0b1011']
    >>> split_components(1, 3, 0b101)
    []
    """
    _full, not_first, not_last = masks(h, w)
    out: list[int] = []
    rest = bits
    while rest:
        comp = flood(rest & -rest, rest, w, not_first, not_last)
        rest ^= comp
        if comp & (comp - 1):
            out.append(comp)
    return out


def crop(h: int, w: int, bits: int) -> tuple[int, int, list[int]]:
    """Crop to the bounding box: ``(h, w, rows)`` with rows as ints (bit c = column c).

    >>> crop(3, 3, 0b000110110)
    (2, 2, [3, 3])
    """
    row_mask = (1 << w) - 1
    rows = [(bits >> (r * w)) & row_mask for r in range(h)]
    lo = 0
    while lo < h and not rows[lo]:
        lo += 1
    hi = h
    while hi > lo and not rows[hi - 1]:
        hi -= 1
    rows = rows[lo:hi]
    if not rows:
        return 0, 0, []
    cols = 0
    for row in rows:
        cols |= row
    shift = (cols & -cols).bit_length() - 1
    if shift:
        rows = [row >> shift for row in rows]
    return hi - lo, cols.bit_length() - shift, rows


_REVERSE: dict[int, list[int]] = {}


def _reverser(w: int) -> list[int]:
    table = _REVERSE.get(w)
    if table is None:
        table = [0] * (1 << w)
        for x in range(1 << w):
            y = 0
            for c in range(w):
                if x >> c & 1:
                    y |= 1 << (w - 1 - c)
            table[x] = y
        _REVERSE[w] = table
    return table


def _reverse_rows(rows: list[int], w: int) -> list[int]:
    if w <= 12:
        table = _reverser(w)
        return [table[row] for row in rows]
    return [int(format(row, f"0{w}b")[::-1], 2) for row in rows]


def _pack(rows: Iterable[int], w: int) -> int:
    packed = 0
    for row in rows:
        packed = (packed << w) | row
    return packed


def transpose(h: int, w: int, rows: list[int]) -> list[int]:
    """The rows of the transposed board (``w`` rows of ``h`` cells).

    >>> transpose(2, 3, [0b011, 0b001])
    [3, 1, 0]
    """
    out = []
    for c in range(w):
        col = 0
        for r in range(h):
            col |= ((rows[r] >> c) & 1) << r
        out.append(col)
    return out


def normal_form(h: int, w: int, rows: list[int]) -> tuple[int, bool]:
    """The least packed key over the board's symmetries, and whether it is transposed.

    The key packs ``(bits, h, w)`` into one ``int`` (see :func:`key_board`).
    All eight symmetries of the rectangle are used: the four that keep the
    orientation (identity, the two mirror images, the half turn) and the four
    transposed images; the flag says that the key's board is a transposed
    image (in Domineering its value is then the negative; in Cram it does
    not matter).  Keys have at most as many rows as columns.

    >>> key, flipped = normal_form(2, 1, [1, 1])
    >>> key_board(key), flipped
    ((1, 2, 3), True)
    >>> normal_form(1, 3, [0b011]) == normal_form(1, 3, [0b110])
    True
    """
    candidates: list[tuple[int, bool]] = []
    if h <= w:
        rev = _reverse_rows(rows, w)
        best = min(
            _pack(reversed(rows), w),
            _pack(rows, w),
            _pack(reversed(rev), w),
            _pack(rev, w),
        )
        candidates.append(((best << 16) | (h << 8) | w, False))
    if h >= w:
        cols = transpose(h, w, rows)
        rev = _reverse_rows(cols, h)
        best = min(
            _pack(reversed(cols), h),
            _pack(cols, h),
            _pack(reversed(rev), h),
            _pack(rev, h),
        )
        candidates.append(((best << 16) | (w << 8) | h, True))
    if len(candidates) == 1:
        return candidates[0]
    a, b = candidates
    if b[0] < a[0]:
        return b
    return a


def key_board(key: int) -> tuple[int, int, int]:
    """Unpack a key from :func:`normal_form` into ``(h, w, bits)``.

    >>> key_board((0b1111 << 16) | (2 << 8) | 2)
    (2, 2, 15)
    """
    return (key >> 8) & 0xFF, key & 0xFF, key >> 16


def grid_svg(h: int, w: int, bits: int, cell: int = 24, marks: dict[int, str] | None = None) -> str:
    """A small SVG picture of a board: white empty cells, dark blocked ones.

    >>> grid_svg(1, 2, 0b01).startswith("<svg")
    True
    """
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 2}" '
        f'height="{h * cell + 2}" viewBox="-1 -1 {w * cell + 2} {h * cell + 2}">'
    ]
    for r in range(h):
        for c in range(w):
            i = r * w + c
            fill = "#ffffff" if bits >> i & 1 else "#444444"
            if marks and i in marks:
                fill = marks[i]
            parts.append(
                f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#888888"/>'
            )
    parts.append("</svg>")
    return "".join(parts)
