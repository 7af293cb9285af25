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
from array import array
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import accumulate, chain, pairwise
from typing import NamedTuple

from .._compat import flag
from ..errors import InvalidArgument
from ..game import Outcome
from ..kernels import kernel
from ..progress import Tracker, tracking

__all__ = [
    "CompactGraph",
    "GameGraph",
    "LoopyOutcome",
    "Results",
    "Winner",
    "analyse",
    "analyse_states",
]


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


def analyse(graph: GameGraph | CompactGraph) -> list[Results]:
    """Who wins from every node, with Left and with Right to move first.

    >>> dud = GameGraph.of([[0]], [[0]])
    >>> analyse(dud)[0]
    Results(left_first=Winner.DRAW, right_first=Winner.DRAW)
    >>> star = GameGraph.of([[1], []], [[1], []])
    >>> analyse(star)[0]
    Results(left_first=Winner.LEFT, right_first=Winner.RIGHT)
    """
    if isinstance(graph, CompactGraph):
        settled = graph.settle()
    elif graph.size >= _SMALL_COMPILED and _compiled() is not None:
        settled = CompactGraph.of(graph).settle()
    else:  # the pure-Python analysis runs on the tuples themselves
        with tracking("retrograde analysis", unit="state") as tracker:
            settled = _settle(graph.size, lambda: graph.left, lambda: graph.right, tracker)
    names = (Winner.DRAW, Winner.LEFT, Winner.RIGHT)  # by 0 draw, 1 mover wins, 2 loses
    return [
        Results(names[settled[2 * i]], names[(3 - settled[2 * i + 1]) % 3])
        for i in range(graph.size)
    ]


_SMALL_COMPILED = 64  # nodes: smaller GameGraphs are analysed in Python, on their tuples


def _compiled() -> Callable[..., bytes] | None:
    """The compiled analysis (the ``shortgame`` kernel's ``loopy_settle``), or None."""
    k = kernel("shortgame")
    return getattr(k, "loopy_settle", None) if k is not None else None


@dataclass(frozen=True, eq=False)
class CompactGraph:
    """A game graph in flat arrays: Left's moves from node ``i`` are
    ``left_targets[left_offsets[i]:left_offsets[i + 1]]``, Right's likewise.

    The same graph as a :class:`GameGraph` without a tuple per node: what
    :func:`loopy_outcome` analyses, built straight from integer-coded positions
    (:func:`~cgt.loopy.compact_graph`) when a ruleset can code them.

    >>> g = CompactGraph.of(GameGraph.of([[1], []], [[1], []]))   # star
    >>> g.size, list(g.left_offsets), list(g.left_targets)
    (2, [0, 1, 1], [1])
    >>> print(g.outcome())
    Left first: Left wins; Right first: Right wins
    >>> CompactGraph(array("i", [0, 1]), array("i", [3]), array("i", [0, 0]), array("i"))
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a compact game graph has a Left move to 3, but its nodes are 0 to 0
    """

    left_offsets: array[int]
    left_targets: array[int]
    right_offsets: array[int]
    right_targets: array[int]
    start: int = 0

    def __post_init__(self) -> None:
        n = len(self.left_offsets) - 1
        if n < 1 or len(self.right_offsets) != n + 1:
            raise InvalidArgument(
                "a compact game graph needs offset arrays of the same length, at least 2 "
                f"(one more than its nodes), not {len(self.left_offsets)} and "
                f"{len(self.right_offsets)}"
            )
        if not 0 <= self.start < n:
            raise InvalidArgument(f"the start node {self.start} is not a node of the graph")
        for side, offsets, targets in (
            ("Left", self.left_offsets, self.left_targets),
            ("Right", self.right_offsets, self.right_targets),
        ):
            if (
                offsets[0] != 0
                or offsets[n] != len(targets)
                or any(a > b for a, b in pairwise(offsets))
            ):
                raise InvalidArgument(
                    f"the {side} offsets of a compact game graph must rise from 0 to the "
                    f"number of {side} moves ({len(targets)})"
                )
            if targets and not 0 <= min(targets) <= max(targets) < n:
                bad = next(t for t in targets if not 0 <= t < n)
                raise InvalidArgument(
                    f"a compact game graph has a {side} move to {bad}, but its nodes are "
                    f"0 to {n - 1}"
                )

    @property
    def size(self) -> int:
        """The number of nodes.

        >>> CompactGraph.of(GameGraph.of([[0]], [[0]])).size
        1
        """
        return len(self.left_offsets) - 1

    @classmethod
    def of(cls, graph: GameGraph) -> CompactGraph:
        """The compact form of a :class:`GameGraph`.

        >>> list(CompactGraph.of(GameGraph.of([[0, 1], [0]], [[], [1]])).left_offsets)
        [0, 2, 3]
        """

        def offsets(moves: tuple[tuple[int, ...], ...]) -> array[int]:
            return array("i", accumulate((len(m) for m in moves), initial=0))

        # a GameGraph is checked already: its arrays are not checked again
        compact = object.__new__(cls)
        for name, value in (
            ("left_offsets", offsets(graph.left)),
            ("left_targets", array("i", chain.from_iterable(graph.left))),
            ("right_offsets", offsets(graph.right)),
            ("right_targets", array("i", chain.from_iterable(graph.right))),
            ("start", graph.start),
        ):
            object.__setattr__(compact, name, value)
        return compact

    def settle(self) -> bytes:
        """The retrograde analysis: for state ``2 * i + p`` (node ``i``, ``p`` 0 with Left
        to move, 1 with Right), 1 when the player to move wins, 2 when they lose,
        0 for a draw.

        Compiled (the ``shortgame`` kernel) when it is there, else the same
        loops in Python on the arrays; a bar counts the states after two seconds.

        >>> CompactGraph.of(GameGraph.of([[1], []], [[1], []])).settle()   # star, then 0
        b'\\x01\\x01\\x02\\x02'
        """
        settle = _compiled()
        with tracking("retrograde analysis", unit="state") as tracker:
            if settle is not None:
                done: bytes = settle(
                    self.left_offsets,
                    self.left_targets,
                    self.right_offsets,
                    self.right_targets,
                    tracker,
                )
                return done
            return _settle(
                self.size,
                lambda: _rows(self.left_offsets, self.left_targets),
                lambda: _rows(self.right_offsets, self.right_targets),
                tracker,
            )

    def outcome(self, node: int | None = None) -> LoopyOutcome:
        """Who wins from ``node`` (the start by default) with Left and with Right first.

        >>> CompactGraph.of(GameGraph.of([[0]], [[0]])).outcome()      # dud
        LoopyOutcome(left_first=Winner.DRAW, right_first=Winner.DRAW)
        """
        i = self.start if node is None else node
        if not (isinstance(i, int) and 0 <= i < self.size):
            raise InvalidArgument(f"node {i!r} is not a node of the graph (0 to {self.size - 1})")
        r = analyse_states(self, i)
        return LoopyOutcome(r.left_first, r.right_first)


def analyse_states(graph: CompactGraph, node: int) -> Results:
    """:func:`analyse` of one node of a compact graph (no list of every node's results).

    >>> analyse_states(CompactGraph.of(GameGraph.of([[1], []], [[], []])), 0)
    Results(left_first=Winner.LEFT, right_first=Winner.LEFT)
    """
    settled = graph.settle()
    names = (Winner.DRAW, Winner.LEFT, Winner.RIGHT)
    return Results(names[settled[2 * node]], names[(3 - settled[2 * node + 1]) % 3])


_SMALL = 1 << 16  # states: below, the pure-Python analysis works on lists


def _rows(offsets: array[int], targets: array[int]) -> Iterator[array[int]]:
    """The move lists of a compact graph's nodes, one by one."""
    for a, b in pairwise(offsets):
        yield targets[a:b]


def _settle(
    n: int,
    left: Callable[[], Iterable[Sequence[int]]],
    right: Callable[[], Iterable[Sequence[int]]],
    tracker: Tracker,
) -> bytes:
    """The pure-Python retrograde analysis of :meth:`CompactGraph.settle` (and of
    :func:`analyse` of a :class:`GameGraph`, on its tuples), on ``n`` nodes
    whose move lists ``left()`` and ``right()`` give, node by node.

    State ``2 * i + p`` moves to states ``2 * j + 1 - p``; a state with no move
    is lost for the mover, one with a move to a lost state is won, one whose
    moves all reach won states is lost; the rest are draws.

    >>> from cgt.progress import Tracker
    >>> on = GameGraph.of([[0]], [[]])
    >>> _settle(1, lambda: on.left, lambda: on.right, Tracker("t"))
    b'\\x01\\x02'
    """
    states = 2 * n
    # lists are faster, arrays smaller (no int object per entry): lists for small graphs
    small = states < _SMALL
    kind: Callable[[Iterable[int]], MutableSequence[int]] = list if small else partial(array, "i")

    def zeros(k: int) -> MutableSequence[int]:
        return [0] * k if small else array("i", bytes(4 * k))

    # predecessors of every state, as offsets into one array
    starts = zeros(states + 1)
    for shift, rows in ((2, left), (1, right)):  # (i, p) -> (t, 1 - p): state 2t + 1 - p
        for row in rows():
            for t in row:
                starts[2 * t + shift] += 1
    starts = kind(accumulate(starts))
    fill = kind(starts)
    preds = zeros(starts[states])
    remaining = zeros(states)
    queue = kind(())
    result = bytearray(states)
    for p, rows in ((0, left), (1, right)):
        shift = 1 - p
        for i, row in enumerate(rows()):
            v = 2 * i + p
            if not row:
                result[v] = 2
                queue.append(v)
                continue
            remaining[v] = len(row)
            for t in row:
                w = 2 * t + shift
                preds[fill[w]] = v
                fill[w] += 1
            if i >= tracker.next:
                tracker.update(i)
    del fill
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        if head >= tracker.next:
            tracker.update(n + head)
        if result[v] == 2:  # the predecessors can move to a state lost for the mover
            for u in preds[starts[v] : starts[v + 1]]:
                if not result[u]:
                    result[u] = 1
                    queue.append(u)
        else:
            for u in preds[starts[v] : starts[v + 1]]:
                if not result[u]:
                    r = remaining[u] - 1
                    remaining[u] = r
                    if not r:
                        result[u] = 2
                        queue.append(u)
    return bytes(result)
