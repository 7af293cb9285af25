"""Childish Hackenbush (Winning Ways, ch. 7): Hackenbush where nothing else may fall.

The board is a Hackenbush graph (blue edges Left's, red Right's, green
either's, all standing on the ground), but a blue or red edge may be chopped
only when every other edge stays connected to the ground: a player takes a
leaf, a loop or an edge of a cycle, never an edge holding others up.  Green
edges are chopped as in ordinary Hackenbush, whatever falls with them (this
is CGSuite's ``game.graph.ChildishHackenbush``, whose childish colours are
blue and red).

Positions are written and built as for :class:`~cgt.games.Hackenbush`: the
string form of trees on the ground, a networkx graph or ``(u, v, colour)``
triples.  All-green parts are valued as green Hackenbush (the same game);
everything else by search.

>>> from cgt.games.childish_hackenbush import ChildishHackenbush
>>> ChildishHackenbush.parse("l(l;rl)").value(), ChildishHackenbush.parse("lr").value()
(2, 0)
>>> ChildishHackenbush.parse("lr").left_options()      # the blue edge holds the red one up
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import solver_for
from .hackenbush import Hackenbush, _prune, green_grundy
from .registry import register_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["ChildishHackenbush"]


@register_ruleset(
    "ChildishHackenbush",
    "partizan",
    syntax="TREES",
    summary="Childish Hackenbush (l blue, r red, e green; no other edge may fall)",
    example="l(l;rl)",
    cli="childish-hackenbush",
    docs="hackenbush",
    make="parse",
)
class ChildishHackenbush(Hackenbush):
    """A Childish Hackenbush position: blue and red edges may be chopped only when
    no other edge falls (CGSuite's ``ChildishHackenbush``).

    Built like :class:`~cgt.games.Hackenbush`; :meth:`parse` reads the string
    form.  A blue-red stalk can only lose its top edge, so ``lr`` is
    ``{ | 1} = 0``.

    >>> ChildishHackenbush.parse("l(l;rl)").left_options()
    [ChildishHackenbush.parse('lrl'), ChildishHackenbush.parse('l(l;r)')]
    >>> ring = [(0, 1, "L"), (1, 2, "L"), (2, 3, "R"), (3, 0, "R")]
    >>> ChildishHackenbush(ring).value()          # a square on the ground: llrr
    *
    >>> ChildishHackenbush(ring).left_options()
    [ChildishHackenbush.parse('rrl'), ChildishHackenbush.parse('l;rr')]
    >>> ChildishHackenbush.parse("eee").value()        # green edges chop as ever
    *3
    """

    __slots__ = ()

    def _options(self, colour: str) -> list[Hackenbush]:
        edges = self._edges
        out: list[Hackenbush] = []
        for i, (_, _, c) in enumerate(edges):
            if c != colour and c != "G":
                continue
            kept = _prune(edges[:i] + edges[i + 1 :])
            if c != "G" and len(kept) != len(edges) - 1:
                continue  # a blue or red edge holding others up stays
            out.append(self._make(kept, self._names))
        return out

    def left_options(self) -> list[Hackenbush]:
        """Left chops a green edge, or a blue one whose removal drops no other edge."""
        return self._options("L")

    def right_options(self) -> list[Hackenbush]:
        """Right chops a green edge, or a red one whose removal drops no other edge."""
        return self._options("R")

    def components(self) -> list[Hackenbush]:
        """The ground's separate parts; all-green ones are valued as green Hackenbush."""
        from ..game import nimber

        parts = self._parts() if self._edges else []
        solver = solver_for(ChildishHackenbush)
        with solver.lock:
            for part in parts:
                if all(c == "G" for _, _, c in part._edges):
                    key = (ChildishHackenbush, part.key())
                    if key not in solver.values:
                        solver.values[key] = nimber(green_grundy(part._edges))
        return parts

    def _theory(self) -> Game | None:
        """No closed form for blue and red edges here: searched."""
        return None

    def value(self) -> Game:
        """The canonical value, by search (all-green parts by the colon and fusion principles).

        >>> ChildishHackenbush.parse("l;r(l;l)").value()       # r(l;l) is {{-1|}|} = 1
        2
        """
        return solver_for(ChildishHackenbush).value(self)

    def __repr__(self) -> str:
        return "Childish" + super().__repr__()

    def __reduce__(self) -> tuple[Any, ...]:
        return (ChildishHackenbush._make, (self._edges, self._names))
