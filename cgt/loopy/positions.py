"""Game graphs of positions: every position reachable from a start, and its outcome.

A ruleset whose positions can repeat (Backsliding Toads and Frogs, Fox and
Geese, ...) is not a short game: :func:`game_graph` lists every position
reachable from a start, breadth first, as the nodes of a
:class:`~cgt.loopy.graph.GameGraph`, and :func:`loopy_outcome` labels the
start, by :func:`~cgt.loopy.graph.analyse`, with who wins with Left and with
Right to move first (or that play goes on for ever: a draw).

Two positions are the same node when they have the same type and equal
:meth:`key` (the Position protocol's normalised key).

>>> from cgt.games import BackslidingToadsAndFrogs
>>> graph, positions = game_graph(BackslidingToadsAndFrogs("t.f"))
>>> graph.size, [str(p) for p in positions]
(6, ['t.f', '.tf', 'tf.', 'ft.', '.ft', 'f.t'])
>>> print(loopy_outcome(BackslidingToadsAndFrogs("ttt..fff")))
Left first: draw; Right first: draw
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgument, PositionProtocolError, TooLarge
from ..progress import tracking
from .graph import CompactGraph, GameGraph, LoopyOutcome, analyse, analyse_states  # noqa: F401  (analyse: public here since 1de27f0)

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .values import LoopyGame

__all__ = ["compact_graph", "game_graph", "loopy_outcome", "loopy_value"]

Expander = Callable[[int], tuple[Sequence[int], Sequence[int]]]
"""A compact move generator: a position's code to the codes of its Left and Right options."""


def game_graph(position: Any, max_nodes: int = 1_000_000) -> tuple[GameGraph, list[Any]]:
    """The graph of every position reachable from ``position``, and the positions by node.

    Breadth first from ``position`` (node 0), through ``left_options()`` and
    ``right_options()``; two positions are one node when their ``(type,
    key())`` are equal (the first one met stands for the node).  Past
    ``max_nodes`` nodes it raises :class:`~cgt.errors.TooLarge` at once,
    before the graph fills the memory.

    >>> from cgt.games import ToadsAndFrogs
    >>> graph, positions = game_graph(ToadsAndFrogs("t.f"))
    >>> graph.size, graph.left[0], [str(p) for p in positions]
    (6, (1,), ['t.f', '.tf', 'tf.', 'ft.', '.ft', 'f.t'])
    >>> game_graph(ToadsAndFrogs("tt..ff"), max_nodes=5)
    Traceback (most recent call last):
    ...
    cgt.errors.TooLarge: the game graph of ToadsAndFrogs('tt..ff') has more than 5 nodes \
(6 found so far, limit max_nodes=5)
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise InvalidArgument(f"max_nodes must be a positive int, not {max_nodes!r}")
    checked: set[type] = set()  # the types whose key(), options and keys were checked
    index: dict[tuple[type, Hashable], int] = {_ident(position, checked): 0}
    positions: list[Any] = [position]
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []
    queue = deque([0])

    def node(option: Any) -> int:
        kind = type(option)
        # a type is checked once (its methods); the hash of its key at the lookup
        ident = (kind, option.key()) if kind in checked else _ident(option, checked)
        try:
            found = index.get(ident)
        except TypeError:
            _ident(option, checked)  # an unhashable key: the error says so
            raise
        if found is None:
            found = index[ident] = len(positions)
            if found >= max_nodes:
                raise TooLarge(
                    f"the game graph of {position!r} has more than {max_nodes} nodes "
                    f"({found + 1} found so far, limit max_nodes={max_nodes})"
                )
            positions.append(option)
            queue.append(found)
        return found

    # a search of more than two seconds shows a bar (cgt.progress); it stores nothing
    # outside this call, so Ctrl-C leaves nothing half done
    with tracking("game graph", unit="pos") as tracker:
        while queue:
            i = queue.popleft()
            p = positions[i]
            # nodes are numbered in the order they are met, and processed in that order
            left.append(tuple(dict.fromkeys(node(o) for o in p.left_options())))
            right.append(tuple(dict.fromkeys(node(o) for o in p.right_options())))
            if i >= tracker.next:
                tracker.update(i)
    return GameGraph(tuple(left), tuple(right), 0), positions


def _ident(position: Any, checked: set[type]) -> tuple[type, Hashable]:
    """``(type, key())`` of a position, or a :class:`~cgt.errors.PositionProtocolError`;
    its type is added to ``checked`` once it has the methods of a position.

    >>> _ident([1], set())
    Traceback (most recent call last):
    ...
    cgt.errors.PositionProtocolError: [1] (a list) is not a position: it has no key(), ...
    """
    kind = type(position).__name__
    if type(position) not in checked:
        for method in ("key", "left_options", "right_options"):
            if not callable(getattr(type(position), method, None)):
                article = "an" if kind[:1].lower() in "aeiou" else "a"
                raise PositionProtocolError(
                    f"{position!r} ({article} {kind}) is not a position: it has no {method}(), "
                    f"and a game graph needs key(), left_options() and right_options()"
                )
        checked.add(type(position))
    ident = (type(position), position.key())
    try:
        hash(ident)
    except TypeError:
        raise PositionProtocolError(
            f"{kind}.key() returned a {type(ident[1]).__name__}, which is not hashable: "
            f"key() must return a hashable value (say a tuple instead of a list)"
        ) from None
    return ident


def loopy_outcome(position: Any, max_nodes: int = 1_000_000) -> LoopyOutcome:
    """Who wins ``position`` with Left and with Right to move first (draws included).

    A position with a ``compact_moves()`` method (a code for it and a move
    generator on codes, as :meth:`cgt.games.FoxAndGeese.compact_moves`) is
    analysed on integer codes by :func:`compact_graph`, without a position
    object per node; any other through :func:`game_graph`.  Either way the
    analysis runs on a :class:`~cgt.loopy.CompactGraph`.

    >>> from cgt.games import ToadsAndFrogs, BackslidingToadsAndFrogs
    >>> loopy_outcome(ToadsAndFrogs("tt.f")).short, ToadsAndFrogs("tt.f").value()
    (Outcome.N, {1/2|0})
    >>> loopy_outcome(BackslidingToadsAndFrogs("t."))      # on: Right never moves
    LoopyOutcome(left_first=Winner.LEFT, right_first=Winner.LEFT)
    """
    coder = getattr(position, "compact_moves", None)
    if callable(coder):
        code, expand = coder()
        compact = compact_graph(code, expand, max_nodes, position)
    else:
        compact = CompactGraph.of(game_graph(position, max_nodes)[0])
    results = analyse_states(compact, compact.start)
    return LoopyOutcome(results.left_first, results.right_first)


def compact_graph(
    code: int, expand: Expander, max_nodes: int = 1_000_000, position: Any = None
) -> CompactGraph:
    """The game graph of every code reachable from ``code`` through ``expand``, in
    flat arrays (node 0 is ``code``; equal codes are one node).

    ``expand(c)`` gives the codes of the Left and of the Right options of the
    position coded ``c``.  Breadth first, as :func:`game_graph`, and past
    ``max_nodes`` nodes it raises :class:`~cgt.errors.TooLarge` at once
    (``position`` names the start in that message).

    >>> def pace(at):         # a counter Left moves up or down within 0..2, Right only up
    ...     return [a for a in (at - 1, at + 1) if 0 <= a <= 2], [at + 1] if at < 2 else []
    >>> g = compact_graph(0, pace)
    >>> g.size, list(g.left_targets), list(g.right_targets)
    (3, [1, 0, 2, 1], [1, 2])
    >>> print(g.outcome())
    Left first: draw; Right first: Left wins
    >>> compact_graph(0, lambda c: ([c + 1], []), max_nodes=4)
    Traceback (most recent call last):
    ...
    cgt.errors.TooLarge: the game graph of the code 0 has more than 4 nodes (5 found so far, \
limit max_nodes=4)
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise InvalidArgument(f"max_nodes must be a positive int, not {max_nodes!r}")
    index: dict[int, int] = {code: 0}
    codes: list[int] = [code]
    arrays = [array("i", [0]), array("i"), array("i", [0]), array("i")]
    loff, lto, roff, rto = arrays
    lpush, rpush = lto.append, rto.append
    setdefault = index.setdefault
    new = codes.append
    i = 0
    # a search of more than two seconds shows a bar (cgt.progress); it stores nothing
    # outside this call, so Ctrl-C leaves nothing half done
    with tracking("game graph", unit="pos") as tracker:
        while i < len(codes):
            left, right = expand(codes[i])
            for c in left:
                j = setdefault(c, len(codes))
                if j == len(codes):
                    new(c)
                lpush(j)
            for c in right:
                j = setdefault(c, len(codes))
                if j == len(codes):
                    new(c)
                rpush(j)
            loff.append(len(lto))
            roff.append(len(rto))
            i += 1
            if len(codes) > max_nodes:
                what = repr(position) if position is not None else f"the code {code!r}"
                raise TooLarge(
                    f"the game graph of {what} has more than {max_nodes} nodes "
                    f"({len(codes)} found so far, limit max_nodes={max_nodes})"
                )
            if i >= tracker.next:
                tracker.update(i)
    return CompactGraph(loff, lto, roff, rto, 0)


def loopy_value(position: Any, max_nodes: int = 1_000_000) -> LoopyGame | Game:
    """The value of a position whose play may repeat: its game graph as a
    :class:`~cgt.loopy.LoopyGame` (simplified when it is a stopper), or the
    short :class:`~cgt.Game` when no position can repeat.

    >>> from cgt.games import BackslidingToadsAndFrogs, ToadsAndFrogs
    >>> loopy_value(BackslidingToadsAndFrogs("t."))         # a toad with room to pace
    on
    >>> loopy_value(ToadsAndFrogs("tt.f"))                  # short after all
    {1/2|0}
    """
    from .values import LoopyGame

    graph, _ = game_graph(position, max_nodes)
    g = LoopyGame.from_graph(graph)
    if g.is_short:
        return g.to_short()
    return g.simplify()
