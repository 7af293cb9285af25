"""Shared helpers for the SVG pictures that Jupyter shows (``_repr_svg_``),
and :class:`Drawable`, the public face of every picture: ``to_svg()`` and
``save(path)``.

Every picture is one self-contained ``<svg>`` element: the SVG namespace, a
``width``, a ``height`` and a ``viewBox``, no external fonts, styles or images.
Text widths are estimated (no font metrics are available): :func:`text_width`
errs on the wide side for the digits, letters and signs labels use.

>>> from cgt._svg import document, text_width
>>> document(10, 20, ['<circle cx="5" cy="5" r="4"/>'])[:87]
'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20" viewBox="0 0 10 20" font'
>>> text_width("10", 10)
13.0
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from ._deep import deep
from .errors import InvalidArgument, MissingExtra, TooLarge, WrongType

__all__ = [
    "BLUE",
    "RED",
    "Drawable",
    "TreeNode",
    "document",
    "escape",
    "fit_font",
    "go_board_svg",
    "grow_tree",
    "hasse_svg",
    "num",
    "short_text",
    "text_width",
    "tree_svg",
    "with_title",
]

BLUE = "#3465a4"
RED = "#cc0000"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# Advance widths in ems, a little above those of common sans-serif fonts.
_NARROW = set("il.,:;|!'()[]")
_WIDE = set("mwMW@%")


def escape(text: str) -> str:
    """``text`` with ``&``, ``<``, ``>`` and ``"`` escaped for SVG text and attributes.

    >>> escape('a<b & "c"')
    'a&lt;b &amp; &quot;c&quot;'
    """
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def text_width(text: str, size: float) -> float:
    """An upper estimate of the width of ``text`` at font size ``size``.

    >>> text_width("(0, 1)", 10) < text_width("MMMMMM", 10)
    True
    """
    ems = sum(
        0.35 if ch in _NARROW else 0.95 if ch in _WIDE or not ch.isascii() else 0.65 for ch in text
    )
    return round(ems * size, 2)


def fit_font(text: str, room: float, size: float = 11.0, smallest: float = 6.0) -> float:
    """The largest font size up to ``size`` at which ``text`` fits in ``room``
    (but never below ``smallest``).

    >>> fit_font("7", 20), fit_font("(10, 12)", 20)
    (11.0, 6.0)
    """
    if not text:
        return size
    per_unit = text_width(text, 1.0)
    return max(smallest, min(size, int(room / per_unit * 4) / 4))


def num(x: float) -> str:
    """A coordinate, short: at most two decimals and no trailing zeros.

    >>> num(3.0), num(2.504), num(-0.0)
    ('3', '2.5', '0')
    """
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def document(width: float, height: float, body: Iterable[str], background: str = "") -> str:
    """An ``<svg>`` element of the given size (``viewBox`` from the origin) around ``body``.

    >>> document(4, 3, [], background="white").count("<rect")
    1
    """
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" font-family="{FONT}">'
    )
    back = f'<rect width="{num(width)}" height="{num(height)}" fill="{background}"/>'
    return head + (back if background else "") + "".join(body) + "</svg>"


_ROW = 58  # vertical distance of two levels of a Hasse diagram
_GAP = 14  # horizontal space between two labels of a level


def hasse_svg(
    levels: Sequence[Sequence[Hashable]],
    covers: Iterable[tuple[Hashable, Hashable]],
    labels: Mapping[Hashable, str],
) -> str:
    """A Hasse diagram: ``levels`` from the bottom up, each left to right, a line per cover.

    Each element is a labelled rounded box, centred in its level; a cover
    ``(x, y)`` (``x`` below ``y``) is a line from the top of ``x`` to the
    bottom of ``y``.

    >>> labels = {"a": "0", "b": "1", "c": "*"}
    >>> svg = hasse_svg([["a"], ["b", "c"]], [("a", "b"), ("a", "c")], labels)
    >>> svg.count("<line"), svg.count("<rect"), svg.count("<text")
    (2, 4, 3)
    """
    widths = [sum(text_width(labels[g], 12) + 8 + _GAP for g in level) for level in levels]
    width = max(widths, default=0) + 8
    where: dict[Hashable, tuple[float, float]] = {}
    for k, level in enumerate(levels):
        y = 20.0 + (len(levels) - 1 - k) * _ROW
        x = (width - widths[k]) / 2
        for g in level:
            w = text_width(labels[g], 12) + 8 + _GAP
            where[g] = (x + w / 2, y)
            x += w
    edges = [
        f'<line x1="{num(where[x][0])}" y1="{num(where[x][1] - 10)}" '
        f'x2="{num(where[y][0])}" y2="{num(where[y][1] + 10)}" stroke="#888888"/>'
        for x, y in covers
    ]
    nodes = []
    for g, (cx, cy) in where.items():
        w = text_width(labels[g], 12) + 8
        nodes.append(
            f'<g class="node"><rect x="{num(cx - w / 2)}" y="{num(cy - 10)}" width="{num(w)}" '
            f'height="20" rx="6" fill="white" stroke="#444444"/><text x="{num(cx)}" '
            f'y="{num(cy)}" dy="0.35em" font-size="12" text-anchor="middle">'
            f"{escape(labels[g])}</text></g>"
        )
    height = 40 + (len(levels) - 1) * _ROW
    return document(width, height, edges + nodes, background="white")


T = TypeVar("T")

_TREE_ROW = 46.0  # vertical distance between the levels of a game tree
_TREE_GAP = 8.0  # horizontal room between neighbouring subtrees
_TREE_STUB = 14.0  # room kept for a side with no options and no atom


@dataclass
class TreeNode:
    """A node of a drawn game tree (:func:`grow_tree`, :func:`tree_svg`).

    ``lefts`` and ``rights`` are the subtrees of Left's and Right's options;
    an *atom* (``atom=True``) is a leaf standing for a side with no options
    (a scoring game's ``∅s``), drawn in a square box on a dashed edge.
    ``cut`` marks a node whose options were not drawn (a depth limit).

    >>> TreeNode("{1|0}", [TreeNode("1")], [TreeNode("0")]).count()
    3
    """

    label: str
    lefts: list[TreeNode] = field(default_factory=list)
    rights: list[TreeNode] = field(default_factory=list)
    atom: bool = False
    cut: bool = False
    width: float = 0.0  # of the subtree's box, set by the layout
    anchor: float = 0.0  # x of the node inside its subtree's box

    def count(self, atoms: bool = False) -> int:
        """The nodes of this subtree, atoms left out unless ``atoms``.

        >>> TreeNode("<^0|1>", [TreeNode("∅0", atom=True)], [TreeNode("1")]).count()
        2
        """
        todo, found = [self], 0
        while todo:  # no recursion: a tree may be thousands of levels deep
            node = todo.pop()
            found += 1 if atoms or not node.atom else 0
            todo += node.lefts + node.rights
        return found

    def height(self) -> int:
        """The levels below this node (0 for a leaf), atoms included.

        >>> TreeNode("<^0|1>", [TreeNode("∅0", atom=True)], [TreeNode("1")]).height()
        1
        """
        todo, deepest = [(self, 0)], 0
        while todo:
            node, level = todo.pop()
            deepest = max(deepest, level)
            todo += [(kid, level + 1) for kid in node.lefts + node.rights]
        return deepest


Expansion = tuple[str, Sequence[T], Sequence[T], str | None, str | None]
"""What :func:`grow_tree` asks of a node: its label, Left's and Right's options, and the
labels of the atoms on the sides with no options (``None``: nothing drawn there)."""


@deep
def grow_tree(
    root: T,
    expand: Callable[[T], Expansion[T]],
    depth: int | None,
    max_nodes: int,
    too_large: Callable[[], str],
) -> TreeNode:
    """The tree of ``root`` to draw, ``depth`` moves deep (``None``: all of it).

    ``expand(g)`` gives ``g``'s label, options and atoms; an atom is drawn
    only under a side with no options.  Every node and atom counts against
    ``max_nodes``; past it :class:`~cgt.TooLarge` is raised with the message
    ``too_large()`` (a tree of repeated followers grows exponentially).

    >>> def expand(n):  # n: a chain of n moves for Left
    ...     return str(n), [n - 1] if n else [], [], None, "end"
    >>> t = grow_tree(2, expand, None, 10, lambda: "too large")
    >>> t.count(), t.count(atoms=True), t.height()
    (3, 6, 3)
    >>> grow_tree(2, expand, 1, 10, str).lefts[0].cut
    True
    """
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
        raise InvalidArgument(f"depth must be an int or None, not {depth!r}")
    if depth is not None and depth < 0:
        raise InvalidArgument(f"depth must be at least 0, got {depth}")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise InvalidArgument(f"max_nodes must be a positive int, not {max_nodes!r}")
    budget = [max_nodes]

    def spend() -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TooLarge(too_large())

    def grow(g: T, left: int | None) -> TreeNode:
        spend()
        label, lefts, rights, left_atom, right_atom = expand(g)
        node = TreeNode(label)
        if left == 0:
            node.cut = bool(lefts or rights or left_atom or right_atom)
            return node
        deeper = None if left is None else left - 1
        sides = ((node.lefts, lefts, left_atom), (node.rights, rights, right_atom))
        for kids, options, atom in sides:
            if options:
                kids.extend(grow(o, deeper) for o in options)
            elif atom is not None:
                spend()
                kids.append(TreeNode(atom, atom=True))
        return node

    return grow(root, depth)


def _measure(node: TreeNode) -> None:
    for kid in node.lefts + node.rights:
        _measure(kid)
    label = text_width(node.label, 12) + 12
    if not node.lefts and not node.rights:
        node.width, node.anchor = label + _TREE_GAP, (label + _TREE_GAP) / 2
        return
    wl = sum(k.width for k in node.lefts) or _TREE_STUB
    wr = sum(k.width for k in node.rights) or _TREE_STUB
    node.width, node.anchor = wl + wr, wl
    half = (label + _TREE_GAP) / 2  # the label is centred on the anchor: keep it in the box
    if node.anchor < half:
        node.width += half - node.anchor
        node.anchor = half
    node.width = max(node.width, node.anchor + half)


@deep
def tree_svg(root: TreeNode) -> str:
    """A game tree: Left's options hang down to the left on blue edges, Right's to the
    right on red ones; every node is a labelled rounded box (dashed when ``cut``),
    every atom a square one on a dashed edge.

    >>> svg = tree_svg(TreeNode("<^0|1>", [TreeNode("∅0", atom=True)], [TreeNode("1")]))
    >>> svg.count('class="node"'), svg.count('class="atom"'), svg.count("<line")
    (2, 1, 2)
    """
    _measure(root)
    edges: list[str] = []
    labels: list[str] = []

    def place(node: TreeNode, left: float, level: int) -> None:
        x, y = left + node.anchor, 16 + level * _TREE_ROW
        lw = text_width(node.label, 12) + 8
        dash = ' stroke-dasharray="3 2"' if node.cut or node.atom else ""
        kind, corner, fill = ("atom", 0, "#f2f2f2") if node.atom else ("node", 6, "white")
        labels.append(
            f'<g class="{kind}"><rect x="{num(x - lw / 2)}" y="{num(y - 10)}" '
            f'width="{num(lw)}" height="20" rx="{corner}" fill="{fill}" stroke="#888888"{dash}/>'
            f'<text x="{num(x)}" y="{num(y)}" dy="0.35em" font-size="12" '
            f'text-anchor="middle">{escape(node.label)}</text></g>'
        )
        for side, colour, kids in (("left", BLUE, node.lefts), ("right", RED, node.rights)):
            start = left + node.anchor - (sum(k.width for k in kids) if side == "left" else 0)
            for kid in kids:
                kx = start + kid.anchor
                line = ' stroke-dasharray="4 3"' if kid.atom else ""
                edges.append(
                    f'<line class="edge {side}" x1="{num(x)}" y1="{num(y + 10)}" x2="{num(kx)}" '
                    f'y2="{num(y + _TREE_ROW - 10)}" stroke="{colour}" stroke-width="2"{line}/>'
                )
                place(kid, start, level + 1)
                start += kid.width

    place(root, 4.0, 0)
    height = 32 + root.height() * _TREE_ROW
    return document(root.width + 8, height, edges + labels, background="white")


_TITLE_LIMIT = 400  # characters of alt text; a longer description is cut with an ellipsis
_SVG_OPEN = re.compile(r"<svg\b[^>]*>")


def with_title(svg: str, title: str) -> str:
    """``svg`` with a ``<title>`` (its alt text) as the first child of its outer ``<svg>``.

    A title already there is kept; the text is escaped and cut to a few
    hundred characters.

    >>> with_title('<svg width="1"><rect/></svg>', "a <b>")
    '<svg width="1"><title>a &lt;b&gt;</title><rect/></svg>'
    >>> with_title('<svg><title>t</title></svg>', "u")
    '<svg><title>t</title></svg>'
    """
    head = _SVG_OPEN.search(svg)
    if head is None:
        raise InvalidArgument("with_title() needs an SVG document (no <svg> element found)")
    if svg.startswith("<title", head.end()):
        return svg
    text = " ".join(title.split())
    if len(text) > _TITLE_LIMIT:
        text = text[: _TITLE_LIMIT - 1] + "\u2026"
    return f"{svg[: head.end()]}<title>{escape(text)}</title>{svg[head.end() :]}"


_FORMATS = ("svg", "png", "pdf")


def short_text(obj: object) -> str:
    """``str(obj)``, or its ``repr`` summary when its text is over the text limit.

    Alt texts use it: a picture of a game too large to print still gets a title.

    >>> import cgt
    >>> short_text(cgt.parse("{1|*}"))
    '{1|*}'
    """
    try:
        return str(obj)
    except TooLarge:
        return repr(obj)


class Drawable:
    """A mixin for everything cgt draws: positions, sums, thermographs, game trees.

    A drawing class implements ``_draw_svg()`` (the picture) and may override
    :meth:`svg_title` (its alt text); the mixin gives the picture Jupyter
    shows (``_repr_svg_``), :meth:`to_svg` and :meth:`save`.

    >>> from cgt.games import Domineering
    >>> d = Domineering("..|..")
    >>> d.svg_title()
    'Domineering position .. / ..'
    >>> d.to_svg().count("<title>Domineering position .. / ..</title>")
    1
    """

    __slots__ = ()

    def _draw_svg(self) -> str:  # pragma: no cover - every drawing class overrides it
        raise NotImplementedError

    def svg_title(self) -> str:
        """The picture's alt text: what it shows, in words (its SVG ``<title>``).

        >>> from cgt.games import Clobber
        >>> Clobber("xo.").svg_title()
        'Clobber position xo.'
        """
        name = type(self).__name__
        text = " / ".join(line.strip() for line in short_text(self).splitlines())
        if text.startswith(name + "("):  # a constructor call: what is inside it
            text = text[len(name) + 1 : -1] if text.endswith(")") else text[len(name) :]
        return f"{name} position {text}" if text.strip("' ") else f"empty {name} position"

    def to_svg(self) -> str:
        """The picture as an SVG document (text), with its :meth:`svg_title` as ``<title>``.

        The same picture Jupyter shows; self-contained (no external fonts,
        styles or images).

        >>> from cgt.games import Clobber
        >>> svg = Clobber("xo").to_svg()
        >>> svg.startswith("<svg") and "<title>Clobber position xo</title>" in svg
        True
        """
        return with_title(self._draw_svg(), self.svg_title())

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def save(self, path: str | os.PathLike[str], *, format: str | None = None) -> Path:
        """Write the picture to ``path`` and return it as a :class:`~pathlib.Path`.

        The format is ``format`` (``"svg"``, ``"png"`` or ``"pdf"``) or else
        the file's suffix.  SVG needs nothing else; PNG and PDF are drawn from
        the SVG by cairosvg, installed with the ``plot`` extra
        (or on its own: ``pip install cairosvg``); without it they raise
        :class:`~cgt.errors.MissingExtra`.

        >>> import pathlib, tempfile
        >>> from cgt.games import Clobber
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     out = Clobber("xo").save(pathlib.Path(folder) / "clobber.svg")
        ...     out.read_text(encoding="utf-8") == Clobber("xo").to_svg()
        True
        """
        if not isinstance(path, (str, os.PathLike)):
            raise WrongType(f"save() needs a file path, not {type(path).__name__}")
        target = Path(path)
        kind = format if format is not None else target.suffix.lstrip(".")
        kind = kind.lower() if isinstance(kind, str) else kind
        if kind not in _FORMATS:
            how = f"format={format!r}" if format is not None else f"the suffix of {str(target)!r}"
            raise InvalidArgument(
                f"save() writes svg, png or pdf, not {how}: name the file .svg, .png or "
                f".pdf, or pass format='svg'"
            )
        svg = self.to_svg()
        if kind == "svg":
            target.write_text(svg, encoding="utf-8")
            return target
        try:
            import cairosvg
        except (ImportError, OSError) as err:  # OSError: the package without the cairo library
            raise MissingExtra(
                f"saving {kind.upper()} needs cairosvg and the cairo library (the 'plot' "
                f"extra): pip install cairosvg, or save as .svg ({err})"
            ) from None
        convert = cairosvg.svg2png if kind == "png" else cairosvg.svg2pdf
        # twice the SVG's size for PNG, so the picture stays sharp on a high-density screen
        options = {"scale": 2.0} if kind == "png" else {}
        convert(bytestring=svg.encode("utf-8"), write_to=str(target), **options)
        return target


def go_board_svg(h: int, w: int, cells: str, cell: int = 24) -> str:
    """A Go board (NoGo's and Go regions'): lines between the points (none at ``#``),
    ``x``/``o`` black and white stones, and ``X``/``O`` stones with a small square of
    the other colour (the safe stones of a Go region).

    >>> svg = go_board_svg(1, 2, "xO")
    >>> svg.count("<circle"), svg.count("<rect")
    (2, 2)
    """
    half = cell // 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell}" height="{h * cell}" '
        f'viewBox="0 0 {w * cell} {h * cell}">',
        f'<rect x="0" y="0" width="{w * cell}" height="{h * cell}" fill="#dcb35c"/>',
    ]
    for i, ch in enumerate(cells):
        if ch == "#":
            continue
        r, c = divmod(i, w)
        x, y = c * cell + half, r * cell + half
        if c + 1 < w and cells[i + 1] != "#":
            parts.append(f'<line x1="{x}" y1="{y}" x2="{x + cell}" y2="{y}" stroke="#333333"/>')
        if r + 1 < h and cells[i + w] != "#":
            parts.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + cell}" stroke="#333333"/>')
    for i, ch in enumerate(cells):
        if ch not in "xoXO":
            continue
        r, c = divmod(i, w)
        x, y = c * cell + half, r * cell + half
        black = ch in "xX"
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{cell * 0.45}" '
            f'fill="{"#111111" if black else "#ffffff"}" stroke="#111111"/>'
        )
        if ch in "XO":
            s = cell // 5
            parts.append(
                f'<rect x="{x - s // 2}" y="{y - s // 2}" width="{s}" height="{s}" '
                f'fill="{"#ffffff" if black else "#111111"}"/>'
            )
    parts.append("</svg>")
    return "".join(parts)
