"""Simple loony Dots-and-Boxes endgames: long chains and loops, and how to play them.

A *simple loony endgame* is a Dots-and-Boxes (or Strings-and-Coins) position
made only of independent long chains (3 boxes or more, both ends on the edge
of the board: the ground) and loops (4 boxes or more).  Every move opens one
of them, and the opponent, the *controller*, then either takes every box of
it and must open the next one, or keeps control: takes all but the last two
boxes of a chain (all but four of a loop) and hands those over with one line
(Berlekamp, *The Dots and Boxes Game*, 2000; Buzzard and Ciere, "Playing
simple loony Dots-and-Boxes endgames optimally", INTEGERS 14 (2014) #G08).

:meth:`LoonyEndgame.value` is the controller's net score with best play by
both: opening a chain of ``n`` leaves the controller
``max(n - v, n - 4 + v) = n - 2 + |v - 2|`` with ``v`` the value of the rest,
a loop ``n - 4 + |v - 4|``, and the opener picks the least.
:meth:`LoonyEndgame.fully_controlled_value` is what the controller makes by
keeping control to the end, :meth:`LoonyEndgame.controlled_value` Berlekamp's
controlled value (with its terminal bonus), which is the value when it is at
least 2.

>>> g = LoonyEndgame(chains=[3, 4], loops=[4])
>>> g.value(), g.controlled_value()
(1, -1)
>>> [str(c) for c in g.best_openings()]
['4-loop']
>>> g.keeps_control(Component("loop", 4))   # the rest is worth 3 to them: less than 4
False

:func:`endgame_move` plays such a position optimally on its Strings-and-Coins
graph (or Dots-and-Boxes board), for the opener and for the controller.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from functools import lru_cache
from typing import Any, NamedTuple

from ..errors import InvalidPosition, TooLarge, WrongType

__all__ = ["Component", "LoonyEndgame", "endgame_move", "strings_and_coins_parts"]

_MAX_COMPONENTS = 400  # the value recursion goes one component deep per level


class Component(NamedTuple):
    """A chain or a loop of a simple loony endgame: ``kind`` ``"chain"`` or ``"loop"``, its boxes.

    >>> str(Component("loop", 6)), Component("chain", 3) < Component("loop", 4)
    ('6-loop', True)
    """

    kind: str
    length: int

    def __str__(self) -> str:
        return f"{self.length}-{self.kind}"


class LoonyEndgame:
    """An endgame of long chains (``>= 3`` boxes) and loops (``>= 4``), the opener to move.

    >>> g = LoonyEndgame([3, 3], [6])
    >>> g, g.size
    (LoonyEndgame(chains=(3, 3), loops=(6,)), 12)
    >>> LoonyEndgame([2])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a long chain has at least 3 boxes, got 2 (a chain of 1 or 2 \
is not part of a simple loony endgame)
    """

    __slots__ = ("chains", "loops")

    def __init__(self, chains: Iterable[int] = (), loops: Iterable[int] = ()) -> None:
        found: dict[str, list[int]] = {"chain": [], "loop": []}
        for kind, items, least in (("chain", chains, 3), ("loop", loops, 4)):
            if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
                raise WrongType(f"the {kind}s are a list of lengths, got {items!r}")
            for n in items:
                if isinstance(n, bool) or not isinstance(n, int):
                    raise InvalidPosition(f"a {kind}'s length is an integer, got {n!r}")
                if n < least:
                    short = "1 or 2" if kind == "chain" else "3 or less"
                    raise InvalidPosition(
                        f"a long {kind} has at least {least} boxes, got {n} (a {kind} of "
                        f"{short} is not part of a simple loony endgame)"
                    )
                found[kind].append(n)
        if len(found["chain"]) + len(found["loop"]) > _MAX_COMPONENTS:
            raise TooLarge(f"an endgame of more than {_MAX_COMPONENTS} chains and loops")
        self.chains: tuple[int, ...] = tuple(sorted(found["chain"]))
        """The lengths of the chains, shortest first."""
        self.loops: tuple[int, ...] = tuple(sorted(found["loop"]))
        """The lengths of the loops, shortest first."""

    def __repr__(self) -> str:
        return f"LoonyEndgame(chains={self.chains}, loops={self.loops})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LoonyEndgame):
            return NotImplemented
        return (self.chains, self.loops) == (other.chains, other.loops)

    def __hash__(self) -> int:
        return hash((LoonyEndgame, self.chains, self.loops))

    def __reduce__(self) -> tuple[Any, ...]:
        return (LoonyEndgame, (self.chains, self.loops))

    @property
    def size(self) -> int:
        """The number of boxes.

        >>> LoonyEndgame([3, 5], [4]).size
        12
        """
        return sum(self.chains) + sum(self.loops)

    @property
    def components(self) -> tuple[Component, ...]:
        """The chains and loops, chains first, shortest first.

        >>> [str(c) for c in LoonyEndgame([4], [4]).components]
        ['4-chain', '4-loop']
        """
        return tuple(Component("chain", n) for n in self.chains) + tuple(
            Component("loop", n) for n in self.loops
        )

    def without(self, component: Component) -> LoonyEndgame:
        """The endgame left after ``component`` is played out.

        >>> LoonyEndgame([3, 4], [4]).without(Component("chain", 4))
        LoonyEndgame(chains=(3,), loops=(4,))
        """
        chains, loops = list(self.chains), list(self.loops)
        kind, n = _component(component)
        group = chains if kind == "chain" else loops
        if n not in group:
            raise InvalidPosition(f"this endgame has no {n}-{kind}: {self!r}")
        group.remove(n)
        return LoonyEndgame(chains, loops)

    # --- values --------------------------------------------------------------------------
    def value(self) -> int:
        """The controller's net score (the player *not* to move) with best play by both.

        >>> LoonyEndgame([3]).value(), LoonyEndgame([], [4, 4]).value(), LoonyEndgame().value()
        (3, 0, 0)
        """
        return _value(self.chains, self.loops)

    def fully_controlled_value(self) -> int:
        """The controller's net score when they keep control to the very end.

        Each chain but the last costs them 4 (two boxes given instead of
        taken), each loop but the last 8; the opener leaves a chain for last
        when there is one.  The value is at least this.

        >>> LoonyEndgame([3, 4], [4]).fully_controlled_value()
        -1
        >>> LoonyEndgame([3], [8]).fully_controlled_value(), LoonyEndgame([3], [8]).value()
        (3, 5)
        """
        if not self.chains and not self.loops:
            return 0
        bonus = 4 if self.chains else 8
        return self.size - 4 * len(self.chains) - 8 * len(self.loops) + bonus

    def controlled_value(self) -> int:
        """The controlled value: the size, less 4 a chain and 8 a loop, plus a terminal bonus.

        The bonus is 8 when there are only loops, 6 when every chain is a
        3-chain and there is a loop, else 4.  The 6 is the fully controlled
        value (:meth:`fully_controlled_value`) corrected for a 3-chain left
        last: offered the loop, the controller may take it all and give the
        3-chain.  When the controlled value is at least 2 it is the value:
        checked in the tests on every endgame of up to four chains of 3 to 7
        boxes and loops of 4, 6 and 8 (with the bonus 4 in place of the 6 it
        fails: a 3-chain and an 8-loop give 3 and the value is 5).

        >>> LoonyEndgame([3, 4], [4]).controlled_value()
        -1
        >>> LoonyEndgame([], [6, 6]).controlled_value()
        4
        >>> LoonyEndgame([3], [8]).controlled_value(), LoonyEndgame([3], [8]).value()
        (5, 5)
        """
        if not self.chains and not self.loops:
            return 0
        if not self.chains:
            bonus = 8
        elif self.loops and all(n == 3 for n in self.chains):
            bonus = 6
        else:
            bonus = 4
        return self.size - 4 * len(self.chains) - 8 * len(self.loops) + bonus

    def opening_value(self, component: Component) -> int:
        """The controller's net score when the opener opens ``component``, then best play.

        >>> LoonyEndgame([3, 4], [4]).opening_value(Component("loop", 4))
        1
        """
        kind, n = _component(component)
        rest = self.without(component).value()
        return _after_opening(kind, n, rest)

    def best_openings(self) -> list[Component]:
        """The components whose opening gives the controller the least: the opener's best moves.

        >>> [str(c) for c in LoonyEndgame([3, 6], [4, 8]).best_openings()]
        ['3-chain', '4-loop']
        """
        values = {c: self.opening_value(c) for c in dict.fromkeys(self.components)}
        best = min(values.values(), default=0)
        return [c for c, v in values.items() if v == best]

    def keeps_control(self, component: Component) -> bool | None:
        """Whether the controller should keep control after the opener opens ``component``.

        ``True``: take all but 2 boxes of the chain (all but 4 of the loop) and
        hand them over; ``False``: take them all and open the next one;
        ``None``: both are best.  The controller keeps control of a chain
        when the rest is worth more than 2 to them, of a loop when more than 4.

        >>> g = LoonyEndgame([3, 3])
        >>> g.keeps_control(Component("chain", 3))      # the rest, one 3-chain, is worth 3
        True
        >>> LoonyEndgame([3], [4]).keeps_control(Component("loop", 4))
        False
        """
        kind, _ = _component(component)
        rest = self.without(component).value()
        threshold = 2 if kind == "chain" else 4
        if rest == threshold:
            return None
        return rest > threshold

    def optimal_line(self) -> list[tuple[Component, bool, int]]:
        """A line of best play: ``(component opened, controller keeps control, net score)``
        for each component in turn, the score counted for whoever was controller at the start.

        >>> for opened, keep, score in LoonyEndgame([3, 4], [4]).optimal_line():
        ...     print(opened, "kept" if keep else "taken", score)
        4-loop taken 4
        3-chain kept 5
        4-chain taken 1
        >>> LoonyEndgame([3, 4], [4]).value()
        1
        """
        line: list[tuple[Component, bool, int]] = []
        game, sign, total = self, 1, 0
        while game.components:
            opened = game.best_openings()[0]
            keep = game.keeps_control(opened)
            keep = bool(keep) if keep is not None else True
            n = opened.length
            handout = 2 if opened.kind == "chain" else 4
            total += sign * (n - 2 * handout if keep else n)
            line.append((opened, keep, total))
            game = game.without(opened)
            if not keep:
                sign = -sign  # the controller now opens: the roles swap
        return line

    # --- the position itself -------------------------------------------------------------
    def strings_and_coins(self) -> Any:
        """The Strings-and-Coins position: a :class:`networkx.MultiGraph` with a ``"ground"``.

        The ``i``-th chain's coins are ``("c", i, 0) .. ("c", i, n - 1)``, joined
        in a row, its two end coins tied to the ground; the ``i``-th loop's are
        ``("l", i, j)``, joined in a ring.

        >>> g = LoonyEndgame([3], [4]).strings_and_coins()
        >>> g.number_of_nodes(), g.number_of_edges(), g.degree("ground")
        (8, 8, 2)
        """
        import networkx as nx

        graph = nx.MultiGraph()
        graph.add_node("ground")
        for i, n in enumerate(self.chains):
            coins = [("c", i, j) for j in range(n)]
            nx.add_path(graph, ["ground", *coins, "ground"])
        for i, n in enumerate(self.loops):
            nx.add_cycle(graph, [("l", i, j) for j in range(n)])
        return graph


def _component(component: Any) -> tuple[str, int]:
    if not isinstance(component, tuple) or len(component) != 2:
        raise InvalidPosition(f"a component is Component(kind, length), got {component!r}")
    kind, n = component
    if kind not in ("chain", "loop") or isinstance(n, bool) or not isinstance(n, int):
        raise InvalidPosition(f"a component is ('chain' or 'loop', length), got {component!r}")
    return kind, n


def _after_opening(kind: str, n: int, rest: int) -> int:
    """The controller's best after an ``n``-``kind`` is opened, the rest worth ``rest`` to them."""
    handout = 2 if kind == "chain" else 4
    return max(n - rest, n - 2 * handout + rest)


@lru_cache(maxsize=4096)
def _value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    if not chains and not loops:
        return 0
    best: int | None = None
    for kind, group in (("chain", chains), ("loop", loops)):
        for i, n in enumerate(group):
            if i and group[i - 1] == n:
                continue
            rest_group = group[:i] + group[i + 1 :]
            rest = _value(rest_group, loops) if kind == "chain" else _value(chains, rest_group)
            v = _after_opening(kind, n, rest)
            if best is None or v < best:
                best = v
    assert best is not None
    return best


# --- playing on the board: Strings-and-Coins ------------------------------------------------
class _Part(NamedTuple):
    """A piece of a Strings-and-Coins position of chains and loops."""

    coins: tuple[Hashable, ...]  # in order along the path or ring
    grounded: tuple[bool, bool]  # the first and last coin tied to the ground (paths)
    ring: bool


def strings_and_coins_parts(graph: Any, ground: Hashable = "ground") -> list[tuple[str, int]]:
    """The pieces of a Strings-and-Coins position made of chains and loops, each
    ``(kind, coins)``: ``"chain"`` (both ends on the ground), ``"loop"``,
    ``"open"`` (one end on the ground: capturable from the other) or ``"free"``
    (a row of coins on no ground, capturable from both ends).  Captured coins
    (no string left) are left out.

    >>> from cgt.games.dots_and_boxes import DotsAndBoxes
    >>> board = DotsAndBoxes.parse("2x3: h0,0 h0,1 h0,2 h1,1 h2,0 h2,1 h2,2 v0,0 v1,0 v0,3 v1,3")
    >>> print(board.diagram())
    +---+---+---+
    |   :   :   |
    +...+---+...+
    |   :   :   |
    +---+---+---+
    >>> strings_and_coins_parts(board.strings_and_coins())
    [('loop', 6)]
    >>> strings_and_coins_parts(board.play("v0,1").strings_and_coins())
    [('free', 6)]

    A position with another shape raises :class:`~cgt.InvalidPosition`.
    """
    return [(_kind(p), len(p.coins)) for p in _parts(graph, ground)]


def _kind(part: _Part) -> str:
    if part.ring:
        return "loop"
    tied = sum(part.grounded)
    return ("free", "open", "chain")[tied]


def _parts(graph: Any, ground: Hashable) -> list[_Part]:
    import networkx as nx

    if not isinstance(graph, nx.MultiGraph) or graph.is_directed():
        raise InvalidPosition(
            f"a Strings-and-Coins position is a networkx.MultiGraph, got {type(graph).__name__}"
        )
    coins = graph.subgraph([v for v in graph if v != ground])
    tied = Counter[Hashable]()
    for u, v in graph.edges(ground) if ground in graph else []:
        other = v if u == ground else u
        if other == ground:
            raise InvalidPosition("a string joins the ground to itself")
        tied[other] += 1
    parts = []
    for members in nx.connected_components(coins):
        sub = coins.subgraph(members)
        if sub.number_of_edges() == 0 and len(members) == 1:
            (coin,) = members
            if tied[coin] == 0:
                continue  # captured
            parts.append(_Part((coin,), (tied[coin] >= 1, tied[coin] >= 2), False))
            if tied[coin] > 2:
                raise InvalidPosition(f"the coin {coin!r} has {tied[coin]} strings to the ground")
            continue
        degrees = dict(sub.degree())
        if any(d > 2 for d in degrees.values()) or any(
            sub.number_of_edges(u, v) > 1 for u, v in sub.edges()
        ):
            raise InvalidPosition(
                "not a position of chains and loops: some coin has more than two neighbours "
                f"or two strings to one coin, in {sorted(members, key=repr)!r}"
            )
        ends = [v for v, d in degrees.items() if d == 1]
        if not ends:  # a ring
            if any(tied[v] for v in members):
                raise InvalidPosition(f"a loop tied to the ground: {sorted(members, key=repr)!r}")
            start = min(members, key=repr)
            order = [start]
            previous, here = None, start
            while True:
                step = next(w for w in sub.neighbors(here) if w != previous)
                if step == start:
                    break
                order.append(step)
                previous, here = here, step
            parts.append(_Part(tuple(order), (False, False), True))
            continue
        first, last = sorted(ends, key=repr)
        order = [first]
        previous, here = None, first
        while here != last:
            step = next(w for w in sub.neighbors(here) if w != previous)
            order.append(step)
            previous, here = here, step
        inner = order[1:-1]
        if any(tied[v] for v in inner) or tied[first] > 1 or tied[last] > 1:
            raise InvalidPosition(
                "not a position of chains and loops: a coin inside a row, or an end coin, has "
                f"too many strings to the ground in {order!r}"
            )
        parts.append(_Part(tuple(order), (tied[first] == 1, tied[last] == 1), False))
    return parts


def endgame_move(position: Any, ground: Hashable = "ground") -> Any:
    """An optimal move in a simple loony endgame, for whoever is to move.

    ``position`` is a Strings-and-Coins :class:`networkx.MultiGraph` (the move
    is an edge ``(u, v, key)`` to cut) or a
    :class:`~cgt.games.dots_and_boxes.DotsAndBoxes` board (the move is a
    :class:`~cgt.games.dots_and_boxes.Line`).  It is made of long chains and
    loops, and at most the pieces one opening left: coins to capture.  With
    nothing to capture the mover opens a best component
    (:meth:`LoonyEndgame.best_openings`) at its end; otherwise they capture,
    and keep control (hand over the last 2 boxes of a chain, 4 of a loop)
    exactly when that is better (:meth:`LoonyEndgame.keeps_control`).

    >>> from cgt.games.dots_and_boxes import DotsAndBoxes
    >>> board = DotsAndBoxes.parse("1x3: h0,0 h0,1 h0,2 h1,0 h1,1 h1,2")
    >>> endgame_move(board)                 # open the 3-chain at an end
    Line(side='v', row=0, col=0)
    >>> endgame_move(board.play("v0,0"))    # take the first box
    Line(side='v', row=0, col=1)
    """
    from .dots_and_boxes import DotsAndBoxes, Line

    if isinstance(position, DotsAndBoxes):
        _, _, key = endgame_move(position.strings_and_coins())
        return Line.parse(key)
    parts = _parts(position, ground)
    closed = [p for p in parts if _kind(p) in ("chain", "loop")]
    loose = [p for p in parts if _kind(p) in ("open", "free")]
    for p in closed:
        least = 3 if _kind(p) == "chain" else 4
        if len(p.coins) < least:
            raise InvalidPosition(
                f"not a simple loony endgame: a {len(p.coins)}-{_kind(p)} "
                f"(chains need 3 boxes, loops 4)"
            )
    rest = LoonyEndgame(
        [len(p.coins) for p in closed if not p.ring], [len(p.coins) for p in closed if p.ring]
    )
    if not loose:
        if not closed:
            raise InvalidPosition("the game is over: no string is left")
        kind, n = rest.best_openings()[0]
        part = next(p for p in closed if _kind(p) == kind and len(p.coins) == n)
        if part.ring:
            return _edge(position, part.coins[0], part.coins[1])
        return _edge(position, part.coins[0], ground)
    # the controller: capture, then keep control or not
    capturable = sum(len(p.coins) for p in loose)
    v = rest.value()
    chain_handout = [p for p in loose if _kind(p) == "open" and len(p.coins) >= 2]
    loop_handout = [p for p in loose if _kind(p) == "free" and len(p.coins) >= 4]
    handout = 2 if chain_handout else 4 if loop_handout else 0
    keep = handout and capturable - 2 * handout + v > capturable - v
    if not keep:
        return _capture(position, loose[0], ground)
    keeper = (chain_handout or loop_handout)[0]
    others = [p for p in loose if p is not keeper]
    if others:
        return _capture(position, others[0], ground)
    if len(keeper.coins) > handout:
        return _capture(position, keeper, ground)
    if handout == 2:  # hand over the last two boxes: cut the string to the ground
        end = keeper.coins[0] if keeper.grounded[0] else keeper.coins[-1]
        return _edge(position, end, ground)
    return _edge(position, keeper.coins[1], keeper.coins[2])  # a 4-row: cut it in the middle


def _edge(graph: Any, u: Hashable, v: Hashable) -> tuple[Hashable, Hashable, Any]:
    key = next(iter(graph[u][v]))
    return (u, v, key)


def _capture(graph: Any, part: _Part, ground: Hashable) -> tuple[Hashable, Hashable, Any]:
    """A cut that captures a coin of a capturable piece (its free end's last string)."""
    coins = part.coins
    if len(coins) == 1:
        return _edge(graph, coins[0], ground)
    end, inner = (coins[-1], coins[-2]) if part.grounded[0] else (coins[0], coins[1])
    return _edge(graph, end, inner)
