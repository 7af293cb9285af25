"""Finite game graphs and their retrograde analysis (win, loss or draw).

A loopy game is a finite directed graph: each node has Left's and Right's
moves to other nodes (cycles allowed), and one node is the start.  Under
normal play a player with no move loses; play that goes on for ever is a
draw.

:class:`GameGraph` holds such a graph as tuples of node indices.
:func:`analyse` labels every node, for each player to move first, with who
wins (:class:`Winner`), by the standard backward induction from the
terminal positions: a position is won for the player to move if some move
reaches a position lost for the opponent (to move there), lost if every move
reaches a position won for the opponent, and a draw when neither is ever
settled.

>>> g = GameGraph(left=((1,), ()), right=((), ()))     # {0|}: Left moves to 0
>>> analyse(g)[0]
Results(left_first=Winner.LEFT, right_first=Winner.LEFT)
>>> on = GameGraph(left=((0,),), right=((),))           # on = {on|}: Right never moves
>>> analyse(on)[0]
Results(left_first=Winner.LEFT, right_first=Winner.LEFT)
>>> loop = GameGraph(left=((0,),), right=((0,),))       # both pass for ever
>>> analyse(loop)[0]
Results(left_first=Winner.DRAW, right_first=Winner.DRAW)
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .._compat import flag
from ..errors import InvalidArgument
from ..game import Outcome
from ..progress import tracking

__all__ = ["GameGraph", "LoopyOutcome", "Results", "Winner", "analyse"]


class Winner(str, enum.Enum):
    """Who wins a line of play: ``LEFT``, ``RIGHT``, or ``DRAW`` (play never ends).

    >>> Winner.DRAW == "D"
    True
    """

    LEFT = "L"
    RIGHT = "R"
    DRAW = "D"

    def __repr__(self) -> str:
        return f"Winner.{self.name}"


class Results(NamedTuple):
    """Who wins a position with Left to move first, and with Right to move first.

    >>> dud = GameGraph(left=((0,),), right=((0,),))   # both can pass for ever
    >>> analyse(dud)[0], analyse(dud)[0].left_first
    (Results(left_first=Winner.DRAW, right_first=Winner.DRAW), Winner.DRAW)
    """

    left_first: Winner
    right_first: Winner


class LoopyOutcome(NamedTuple):
    """The outcome of a loopy position: who wins with Left first and with Right first.

    ``short`` is the ordinary :class:`~cgt.Outcome` when neither start is a draw.

    >>> LoopyOutcome(Winner.LEFT, Winner.RIGHT).short
    Outcome.N
    >>> LoopyOutcome(Winner.DRAW, Winner.LEFT).short is None
    True
    >>> str(LoopyOutcome(Winner.DRAW, Winner.LEFT))
    'Left first: draw; Right first: Left wins'
    """

    left_first: Winner
    right_first: Winner

    @property
    def short(self) -> Outcome | None:
        """The short-game outcome class, or None when a start is a draw."""
        table = {
            (Winner.LEFT, Winner.LEFT): Outcome.L,
            (Winner.RIGHT, Winner.RIGHT): Outcome.R,
            (Winner.LEFT, Winner.RIGHT): Outcome.N,
            (Winner.RIGHT, Winner.LEFT): Outcome.P,
        }
        return table.get((self.left_first, self.right_first))

    def __str__(self) -> str:
        def say(w: Winner) -> str:
            return "draw" if w is Winner.DRAW else f"{w.name.title()} wins"

        return f"Left first: {say(self.left_first)}; Right first: {say(self.right_first)}"


@dataclass(frozen=True)
class GameGraph:
    """A finite game graph: ``left[i]`` and ``right[i]`` are the nodes Left and
    Right can move to from node ``i``; ``start`` is the position itself.

    >>> GameGraph(left=((1,), ()), right=((), ())).size
    2
    >>> GameGraph(left=((5,),), right=((),))
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: node 0 has a Left move to 5, but the graph has nodes 0 to 0
    """

    left: tuple[tuple[int, ...], ...]
    right: tuple[tuple[int, ...], ...]
    start: int = 0

    def __post_init__(self) -> None:
        n = len(self.left)
        if len(self.right) != n:
            raise InvalidArgument(
                f"a game graph needs as many Right move lists ({len(self.right)}) "
                f"as Left ones ({n})"
            )
        if not 0 <= self.start < max(n, 1):
            raise InvalidArgument(f"the start node {self.start} is not a node of the graph")
        for side, moves in (("Left", self.left), ("Right", self.right)):
            for i, targets in enumerate(moves):
                for j in targets:
                    if not (isinstance(j, int) and 0 <= j < n):
                        raise InvalidArgument(
                            f"node {i} has a {side} move to {j}, but the graph has "
                            f"nodes 0 to {n - 1}"
                        )

    @property
    def size(self) -> int:
        """The number of nodes."""
        return len(self.left)

    @classmethod
    def of(
        cls, left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], start: int = 0
    ) -> GameGraph:
        """A graph from any sequences of move lists.

        >>> GameGraph.of([[0]], [[]]).left
        ((0,),)
        """
        return cls(tuple(tuple(m) for m in left), tuple(tuple(m) for m in right), start)

    @property
    def is_stopper(self) -> bool:
        """Whether no alternating play from any node goes on for ever.

        A stopper has no cycle of alternating moves (Left, Right, Left, ...).

        >>> GameGraph.of([[0]], [[]]).is_stopper          # on: Left passes for ever
        True
        >>> GameGraph.of([[0]], [[0]]).is_stopper         # dud = {dud|dud}
        False
        """
        # nodes (i, p): node i with player p to move; an edge for each move
        n = self.size
        moves = (self.left, self.right)
        colour = [0] * (2 * n)  # 0 new, 1 on the stack, 2 done
        for root in range(2 * n):
            if colour[root]:
                continue
            stack = [(root, 0)]
            colour[root] = 1
            while stack:
                v, k = stack[-1]
                node, p = divmod(v, 2)
                targets = moves[p][node]
                if k < len(targets):
                    stack[-1] = (v, k + 1)
                    w = 2 * targets[k] + (1 - p)
                    if colour[w] == 1:
                        return flag(False, "GameGraph.is_stopper")
                    if colour[w] == 0:
                        colour[w] = 1
                        stack.append((w, 0))
                else:
                    colour[v] = 2
                    stack.pop()
        return flag(True, "GameGraph.is_stopper")


def analyse(graph: GameGraph) -> list[Results]:
    """Who wins from every node, with Left and with Right to move first.

    >>> dud = GameGraph.of([[0]], [[0]])
    >>> analyse(dud)[0]
    Results(left_first=Winner.DRAW, right_first=Winner.DRAW)
    >>> star = GameGraph.of([[1], []], [[1], []])
    >>> analyse(star)[0]
    Results(left_first=Winner.LEFT, right_first=Winner.RIGHT)
    """
    n = graph.size
    moves = (graph.left, graph.right)
    # state 2*i + p: node i, player p (0 Left, 1 Right) to move
    result: list[int] = [0] * (2 * n)  # 0 unknown, 1 mover wins, -1 mover loses
    remaining = [len(moves[v % 2][v // 2]) for v in range(2 * n)]
    preds: list[list[int]] = [[] for _ in range(2 * n)]
    # over two seconds a bar counts the states (a node and who moves), once to
    # list the moves into each, once to settle them (cgt.progress)
    with tracking("retrograde analysis", unit="state") as tracker:
        for v in range(2 * n):
            node, p = divmod(v, 2)
            for target in moves[p][node]:
                preds[2 * target + (1 - p)].append(v)
            if v >= tracker.next:
                tracker.update(v)
        queue = deque(v for v in range(2 * n) if remaining[v] == 0)
        for v in queue:
            result[v] = -1
        settled = 2 * n
        while queue:
            v = queue.popleft()
            settled += 1
            if settled >= tracker.next:
                tracker.update(settled)
            for u in preds[v]:
                if result[u]:
                    continue
                if result[v] == -1:  # u can move to a position lost for the opponent
                    result[u] = 1
                    queue.append(u)
                else:
                    remaining[u] -= 1
                    if remaining[u] == 0:
                        result[u] = -1
                        queue.append(u)
    out = []
    for i in range(n):
        lf, rf = result[2 * i], result[2 * i + 1]
        out.append(
            Results(
                Winner.LEFT if lf == 1 else Winner.RIGHT if lf == -1 else Winner.DRAW,
                Winner.RIGHT if rf == 1 else Winner.LEFT if rf == -1 else Winner.DRAW,
            )
        )
    return out
