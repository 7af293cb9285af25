"""Game trees as pictures: :meth:`cgt.Game.tree` and :class:`GameTree`.

A value shows itself in notation (LaTeX in Jupyter); its tree is a separate
object, so a notebook cell ending in ``g.tree()`` draws the tree and one ending
in ``g`` prints the value.

>>> import cgt
>>> t = cgt.parse("{1|*}").tree()
>>> t
GameTree({1|*}, 6 nodes)
>>> t.size, t.depth
(6, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ._svg import Drawable
from .errors import InvalidArgument, TooLarge

if TYPE_CHECKING:
    from .game import Game

__all__ = ["GameTree"]

_ROW = 46.0  # vertical distance between levels
_GAP = 8.0  # horizontal room between neighbouring subtrees
_STUB = 14.0  # room kept for a side with no options


@dataclass
class _Node:
    label: str
    lefts: list[_Node] = field(default_factory=list)
    rights: list[_Node] = field(default_factory=list)
    cut: bool = False  # has options that were not drawn (the depth limit)
    width: float = 0.0
    anchor: float = 0.0  # x of the node inside its subtree's box

    def count(self) -> int:
        return 1 + sum(c.count() for c in self.lefts + self.rights)


def _options(g: Any, side: str) -> tuple[Game, ...]:
    opts = getattr(g, f"{side}_options")
    return tuple(opts() if callable(opts) else opts)


class GameTree(Drawable):
    """The game tree of a short game's canonical form: Left's options hang
    down to the left on blue edges, Right's down to the right on red ones,
    and every node is labelled with its value.

    ``depth`` limits how many moves deep the tree goes (a node with options
    cut off is drawn with a dashed outline); ``max_nodes`` guards against
    trees too large to look at.

    >>> import cgt
    >>> svg = cgt.parse("{2|-1}").tree()._repr_svg_()
    >>> svg.count('class="edge left"'), svg.count('class="edge right"')
    (3, 2)
    >>> cgt.parse("{3||2|1}").tree(depth=1).size
    3
    """

    def __init__(self, game: Game, depth: int | None = None, max_nodes: int = 300) -> None:
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
            raise InvalidArgument(f"depth must be an int or None, not {depth!r}")
        if depth is not None and depth < 0:
            raise InvalidArgument(f"depth must be at least 0, got {depth}")
        self.game = game
        budget = [max_nodes]
        self._root = self._build(game, depth, budget, depth)
        self.size = self._root.count()
        self.depth = self._height(self._root)

    def _build(self, g: Game, left: int | None, budget: list[int], asked: int | None) -> _Node:
        budget[0] -= 1
        if budget[0] < 0:
            raise TooLarge(
                f"the game tree of {_label(self.game)} has more nodes than max_nodes allows; "
                f"draw fewer levels with tree(depth=...) (asked: {asked})"
            )
        node = _Node(_label(g))
        lefts, rights = _options(g, "left"), _options(g, "right")
        if left == 0:
            node.cut = bool(lefts or rights)
            return node
        deeper = None if left is None else left - 1
        node.lefts = [self._build(o, deeper, budget, asked) for o in lefts]
        node.rights = [self._build(o, deeper, budget, asked) for o in rights]
        return node

    def _height(self, node: _Node) -> int:
        kids = node.lefts + node.rights
        return 1 + max(self._height(k) for k in kids) if kids else 0

    def __repr__(self) -> str:
        return f"GameTree({self.game}, {self.size} nodes)"

    def svg_title(self) -> str:
        """The picture's alt text.

        >>> import cgt
        >>> cgt.parse("{1|*}").tree().svg_title()
        'game tree of {1|*}: 6 nodes, depth 2'
        """
        return f"game tree of {self.game}: {self.size} nodes, depth {self.depth}"

    # --- drawing -------------------------------------------------------------------
    def _measure(self, node: _Node) -> None:
        from ._svg import text_width

        for kid in node.lefts + node.rights:
            self._measure(kid)
        label = text_width(node.label, 12) + 12
        if not node.lefts and not node.rights:
            node.width, node.anchor = label + _GAP, (label + _GAP) / 2
            return
        wl = sum(k.width for k in node.lefts) or _STUB
        wr = sum(k.width for k in node.rights) or _STUB
        node.width, node.anchor = wl + wr, wl
        spare = label + _GAP - node.width
        if spare > 0:  # a label wider than what hangs below it
            node.width += spare
            node.anchor += spare / 2

    def _draw_svg(self) -> str:
        """The tree as an SVG picture (see the class documentation)."""
        from ._svg import BLUE, RED, document, escape, num, text_width

        self._measure(self._root)
        edges: list[str] = []
        labels: list[str] = []

        def place(node: _Node, left: float, level: int) -> None:
            x, y = left + node.anchor, 16 + level * _ROW
            lw = text_width(node.label, 12) + 8
            dash = ' stroke-dasharray="3 2"' if node.cut else ""
            labels.append(
                f'<g class="node"><rect x="{num(x - lw / 2)}" y="{num(y - 10)}" '
                f'width="{num(lw)}" height="20" rx="6" fill="white" stroke="#888888"{dash}/>'
                f'<text x="{num(x)}" y="{num(y)}" dy="0.35em" font-size="12" '
                f'text-anchor="middle">{escape(node.label)}</text></g>'
            )
            start = left + node.anchor - sum(k.width for k in node.lefts)
            for kid in node.lefts:
                kx = start + kid.anchor
                edges.append(
                    f'<line class="edge left" x1="{num(x)}" y1="{num(y + 10)}" x2="{num(kx)}" '
                    f'y2="{num(y + _ROW - 10)}" stroke="{BLUE}" stroke-width="2"/>'
                )
                place(kid, start, level + 1)
                start += kid.width
            start = left + node.anchor
            for kid in node.rights:
                kx = start + kid.anchor
                edges.append(
                    f'<line class="edge right" x1="{num(x)}" y1="{num(y + 10)}" x2="{num(kx)}" '
                    f'y2="{num(y + _ROW - 10)}" stroke="{RED}" stroke-width="2"/>'
                )
                place(kid, start, level + 1)
                start += kid.width

        place(self._root, 4.0, 0)
        height = 32 + self.depth * _ROW
        return document(self._root.width + 8, height, edges + labels, background="white")


def _label(g: Game) -> str:
    """A node's label: its value, or its summary (``repr``) when its text is over
    the text limit."""
    try:
        return format(g, "u")
    except TooLarge:
        return repr(g)
