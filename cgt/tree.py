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

from typing import TYPE_CHECKING, Any

from ._svg import Drawable, Expansion, grow_tree, short_text, tree_svg
from .errors import InvalidArgument, TooLarge  # noqa: F401 (cgt.tree.InvalidArgument is kept)

if TYPE_CHECKING:
    from .game import Game

__all__ = ["GameTree"]


def _options(g: Any, side: str) -> tuple[Game, ...]:
    opts = getattr(g, f"{side}_options")
    return tuple(opts() if callable(opts) else opts)


def _expand(g: Game) -> Expansion[Game]:
    return _label(g), _options(g, "left"), _options(g, "right"), None, None


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
        self.game = game

        def too_large() -> str:
            return (
                f"the game tree of {_label(game)} has more nodes than max_nodes allows; "
                f"draw fewer levels with tree(depth=...) (asked: {depth})"
            )

        self._root = grow_tree(game, _expand, depth, max_nodes, too_large)
        self.size = self._root.count()
        self.depth = self._root.height()

    def __repr__(self) -> str:
        return f"GameTree({short_text(self.game)}, {self.size} nodes)"

    def svg_title(self) -> str:
        """The picture's alt text.

        >>> import cgt
        >>> cgt.parse("{1|*}").tree().svg_title()
        'game tree of {1|*}: 6 nodes, depth 2'
        """
        return f"game tree of {short_text(self.game)}: {self.size} nodes, depth {self.depth}"

    def _draw_svg(self) -> str:
        """The tree as an SVG picture (see the class documentation)."""
        return tree_svg(self._root)


def _label(g: Game) -> str:
    """A node's label: its value, or its summary (``repr``) when its text is over
    the text limit."""
    try:
        return format(g, "u")
    except TooLarge:
        return repr(g)
