"""Canonical (simplest) forms of stoppers.

A stopper is a loopy game in which no alternating play goes on for ever.
Every stopper has a *simplest form*: a graph in which no position has a
dominated or a reversible option and no two positions are equal.  Two equal
stoppers have isomorphic simplest forms (Siegel, *Combinatorial Game Theory*,
ch. VI, sections 3-4, the simplest-form theorem for stoppers; Winning Ways,
2nd ed., vol. 2, ch. 11).  This module computes it in three steps:

1. :func:`order`: ``G_u >= G_v`` for *all* pairs of nodes at once, by one
   retrograde analysis of the pair graph (Left, moving second in
   ``G_u - G_v``, survives).
2. :func:`simplest_form`: with that order, fuse equal nodes, delete
   dominated options and bypass reversible ones until nothing changes.  None
   of these steps changes the value of any node, and bypassing keeps a
   stopper a stopper (a new Left move ``v -> w`` stands for the alternating
   run ``v -> a -> c -> w`` of the old graph, so it adds no alternating cycle).
3. :func:`canonical_numbering`: number the reachable nodes by a rule that
   sees only the shape of the graph, so isomorphic graphs come out identical.

>>> from cgt.loopy import GameGraph
>>> g = GameGraph.of([[1, 2], [], [1]], [[1], [], []])      # {0, 1 | 0}
>>> simplest_form(g)                                        # {1|0}: 0 is dominated
GameGraph(left=((1,), (2,), ()), right=((2,), (), ()), start=0)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from ..kernels import optional_numpy, pure_python
from ..progress import IDLE, Tracker, tracking
from .graph import GameGraph

__all__ = ["canonical_numbering", "order", "simplest_form"]

_MAX_ROUNDS = 1000


def order(graph: GameGraph) -> list[list[bool]]:
    """``ge[u][v]``: whether ``G_u >= G_v`` for the stoppers at nodes u and v.

    ``G_u >= G_v`` when Left, moving second in ``G_u - G_v``, can survive
    (win, or play for ever): Siegel, CGT, ch. VI.  All pairs are settled by
    one backward induction over the states ``(u, v, player to move)``: the
    states from which Right can force Left to run out of moves.  Meaningful
    for stoppers only (the caller checks).

    >>> from cgt.loopy import GameGraph
    >>> g = GameGraph.of([[1], [], [1]], [[], [], [2]])     # nodes: 1, 0, over
    >>> ge = order(g)
    >>> ge[0][2], ge[2][0], ge[2][1], ge[1][2]               # 1 >= over > 0
    (True, False, True, False)
    """
    return _order(graph, IDLE, 0)


#: Graphs of at least this many nodes are ordered and numbered with numpy when it is
#: installed (:func:`_order_numpy`, :func:`_colours_numpy`); below it the pure-Python
#: route is as quick (``benchmarks/bench_loopy_canonical.py --routes``: even at 170
#: nodes, 0.43 at 486, 0.23 at 1602).
NUMPY_ORDER_FROM = 200


def _order(graph: GameGraph, tracker: Tracker, base: int) -> list[list[bool]]:
    """:func:`order`, ``tracker`` counting the pairs set up and settled from ``base``."""
    if graph.size >= NUMPY_ORDER_FROM:
        np = _numpy()
        if np is not None:
            return _order_numpy(np, graph, tracker, base).tolist()  # type: ignore[no-any-return]
    return _order_python(graph, tracker, base)


def _numpy() -> Any:
    """numpy for the array route, or ``None``: not installed, or ``CGT_PURE_PYTHON=1``."""
    return None if pure_python() else optional_numpy()


def _moves_and_predecessors(
    graph: GameGraph,
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[list[int]], list[list[int]]]:
    """Each node's Left and Right moves (each target once), and the nodes with a Left
    (``lpred[w]``) or a Right (``rpred[w]``) move to each node."""
    n = graph.size
    left = [tuple(dict.fromkeys(m)) for m in graph.left]
    right = [tuple(dict.fromkeys(m)) for m in graph.right]
    lpred: list[list[int]] = [[] for _ in range(n)]
    rpred: list[list[int]] = [[] for _ in range(n)]
    for v in range(n):
        for w in left[v]:
            lpred[w].append(v)
        for w in right[v]:
            rpred[w].append(v)
    return left, right, lpred, rpred


def _csr(np: Any, preds: list[list[int]]) -> tuple[Any, Any]:
    """``preds`` as offsets and a flat array: ``flat[start[w]:start[w + 1]]`` is ``preds[w]``."""
    start = np.zeros(len(preds) + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(p) for p in preds])
    flat = np.fromiter((x for p in preds for x in p), dtype=np.int64, count=int(start[-1]))
    return start, flat


def _expand(np: Any, keys: Any, start: Any, flat: Any) -> tuple[Any, Any]:
    """For each ``k`` in ``keys`` and each ``x`` in its list: the pairs (index of k, x)."""
    lengths = start[keys + 1] - start[keys]
    owner = np.repeat(np.arange(len(keys)), lengths)
    offset = np.arange(len(owner)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return owner, flat[start[keys][owner] + offset]


def _order_numpy(np: Any, graph: GameGraph, tracker: Tracker, base: int) -> Any:
    """:func:`_order_python` level by level on arrays: an ``n x n`` boolean matrix.

    The same retrograde analysis of the states ``(u, v)`` of ``G_u - G_v``: each
    level takes the states found lost for Left to move, marks the Right-to-move
    states with a move to them won for Right, and counts those moves off the
    Left-to-move states before them; the states whose count reaches zero are the
    next level.  The sets it ends with do not depend on the order the states are
    settled in (they are the least fixed point), so the answer is the same.
    """
    n = graph.size
    left, right, lpred, rpred = _moves_and_predecessors(graph)
    lp, lflat = _csr(np, lpred)
    rp, rflat = _csr(np, rpred)
    size = n * n
    count = np.add.outer(
        np.array([len(m) for m in left], dtype=np.int32),
        np.array([len(m) for m in right], dtype=np.int32),
    ).ravel()
    left_lost = count == 0
    right_wins = np.zeros(size, dtype=bool)
    level = np.flatnonzero(left_lost)
    settled = base + size
    while len(level):
        settled += len(level)
        if settled >= tracker.next:
            tracker.update(settled)
        u, v = np.divmod(level, n)
        # Right, to move before, wins from the states with a Right move u' -> u,
        # or a Left move v' -> v (in -G_v), to a lost state
        i, p = _expand(np, u, rp, rflat)
        j, q = _expand(np, v, lp, lflat)
        won = np.unique(np.concatenate((p * n + v[i], u[j] * n + q)))
        won = won[~right_wins[won]]
        right_wins[won] = True
        # a Left-to-move state loses one move for each move it has to a won state
        u, v = np.divmod(won, n)
        i, p = _expand(np, u, lp, lflat)
        j, q = _expand(np, v, rp, rflat)
        before = np.concatenate((p * n + v[i], u[j] * n + q))
        before = before[~left_lost[before]]
        states, moves = np.unique(before, return_counts=True)
        count[states] -= moves.astype(np.int32)
        level = states[count[states] == 0]
        left_lost[level] = True
    return ~right_wins.reshape(n, n)


def _order_python(graph: GameGraph, tracker: Tracker, base: int) -> list[list[bool]]:
    """:func:`order` in pure Python: the retrograde analysis state by state."""
    n = graph.size
    left, right, lpred, rpred = _moves_and_predecessors(graph)
    # state u * n + v of G_u - G_v.  Left to move there has len(left[u]) +
    # len(right[v]) moves (in -G_v Left plays Right's moves of G_v); Right to
    # move has right[u] and left[v].
    size = n * n
    count = [0] * size  # Left to move: moves not yet known lost for her
    for u in range(n):
        lu = len(left[u])
        row = u * n
        for v in range(n):
            count[row + v] = lu + len(right[v])
        if base + row >= tracker.next:
            tracker.update(base + row)
    left_lost = bytearray(size)  # Left to move, Right wins
    right_wins = bytearray(size)  # Right to move, Right wins
    queue: deque[int] = deque()
    for s in range(size):
        if count[s] == 0:
            left_lost[s] = 1
            queue.append(s)
    settled = base + size
    while queue:
        s = queue.popleft()
        settled += 1
        if settled >= tracker.next:
            tracker.update(settled)
        u, v = divmod(s, n)
        # s is lost for Left to move: Right, to move before, wins from the
        # states with a Right move to s: u' -R-> u, or a Left move v' -L-> v
        for p in rpred[u]:
            t = p * n + v
            if not right_wins[t]:
                right_wins[t] = 1
                _after_right_win(t, n, lpred, rpred, count, left_lost, queue)
        for p in lpred[v]:
            t = u * n + p
            if not right_wins[t]:
                right_wins[t] = 1
                _after_right_win(t, n, lpred, rpred, count, left_lost, queue)
    return [[not right_wins[u * n + v] for v in range(n)] for u in range(n)]


def _after_right_win(
    t: int,
    n: int,
    lpred: list[list[int]],
    rpred: list[list[int]],
    count: list[int],
    left_lost: bytearray,
    queue: deque[int],
) -> None:
    """State t (Right to move) is won by Right: Left-to-move states moving to t lose a move."""
    u, v = divmod(t, n)
    for p in lpred[u]:  # Left moved u' -L-> u
        s = p * n + v
        if not left_lost[s]:
            count[s] -= 1
            if count[s] == 0:
                left_lost[s] = 1
                queue.append(s)
    for p in rpred[v]:  # Left moved in -G_v: v' -R-> v
        s = u * n + p
        if not left_lost[s]:
            count[s] -= 1
            if count[s] == 0:
                left_lost[s] = 1
                queue.append(s)


def _reachable(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], start: int
) -> list[int]:
    seen = {start}
    out = [start]
    for v in out:
        for w in (*left[v], *right[v]):
            if w not in seen:
                seen.add(w)
                out.append(w)
    return out


def simplest_form(graph: GameGraph) -> GameGraph:
    """The simplest form of the stopper played on ``graph`` from its start,
    canonically numbered (:func:`canonical_numbering`).

    Equal stoppers give identical graphs (Siegel, CGT, ch. VI, the uniqueness
    of simplest forms of stoppers).  The graph must be a stopper (not checked
    here).

    >>> from cgt.loopy import GameGraph
    >>> on_twice = GameGraph.of([[1], [0]], [[], []])       # a{b{a|}|}: on
    >>> simplest_form(on_twice)
    GameGraph(left=((0,),), right=((),), start=0)
    """
    # a long one (thousands of positions: pairs of them are compared) shows a
    # bar of the pairs (cgt.progress); it keeps nothing outside, so Ctrl-C is safe
    with tracking("simplest form", unit="pair") as tracker:
        return _simplest_form(graph, tracker)


def _simplest_form(graph: GameGraph, tracker: Tracker) -> GameGraph:
    left = [list(dict.fromkeys(m)) for m in graph.left]
    right = [list(dict.fromkeys(m)) for m in graph.right]
    start = graph.start
    done = 0  # pairs counted by the earlier rounds
    for _ in range(_MAX_ROUNDS):
        ge = _order(GameGraph.of(left, right, start), tracker, done)
        done += 2 * len(left) ** 2
        changed = False
        for v in _reachable(left, right, start):
            if _simplify_node(v, left, right, ge):
                changed = True
        # fuse equal nodes, each into the first equal one met
        live = _reachable(left, right, start)
        rep: dict[int, int] = {}
        classes: list[int] = []
        for v in live:
            for c in classes:
                if ge[v][c] and ge[c][v]:
                    rep[v] = c
                    changed = True
                    break
            else:
                classes.append(v)
                rep[v] = v
        if len(classes) < len(live):
            for v in live:
                left[v] = list(dict.fromkeys(rep[w] for w in left[v]))
                right[v] = list(dict.fromkeys(rep[w] for w in right[v]))
            start = rep[start]
        if not changed:
            break
        # keep only the reachable nodes, so the next order is of fewer pairs
        live = _reachable(left, right, start)
        index = {v: i for i, v in enumerate(live)}
        left = [[index[w] for w in left[v]] for v in live]
        right = [[index[w] for w in right[v]] for v in live]
        start = 0
    result = canonical_numbering(GameGraph.of(left, right, start))
    if graph.is_stopper and not result.is_stopper:  # pragma: no cover
        # deleting moves and bypassing keep a stopper a stopper; fusing equal
        # positions of a graph with no reversible option too, as checked here
        raise RuntimeError("internal error: the simplest form of a stopper is not a stopper")
    return result


def _simplify_node(
    v: int, left: list[list[int]], right: list[list[int]], ge: list[list[bool]]
) -> bool:
    """Delete dominated and bypass reversible options of node v (of two equal
    options the first stays)."""
    changed = False
    steps = 0
    while True:
        steps += 1
        if steps > 10_000:  # pragma: no cover - simplification of a stopper ends
            return changed
        again = False
        # dominated: Left's a with a <= b for another option b; Right's a >= b
        for side, moves in ((0, left[v]), (1, right[v])):

            def worse(a: int, b: int, side: int = side) -> bool:  # a no better than b
                return ge[b][a] if side == 0 else ge[a][b]

            keep = [
                a
                for i, a in enumerate(moves)
                if not any(
                    b != a and worse(a, b) and (j < i or not worse(b, a))
                    for j, b in enumerate(moves)
                )
            ]
            if len(keep) != len(moves):
                moves[:] = keep
                changed = again = True
        # reversible: Left's a has a Right option c <= G_v; Right's a a Left option c >= G_v
        for side in (0, 1):
            moves = (left, right)[side][v]
            for a in list(moves):
                replies = (right, left)[side][a]
                for c in replies:
                    if ge[v][c] if side == 0 else ge[c][v]:
                        extra = (left, right)[side][c]
                        new = [w for w in moves if w != a]
                        new += [w for w in extra if w not in new]
                        moves[:] = new
                        changed = again = True
                        break
                if again:
                    break
            if again:
                break
        if not again:
            return changed


def canonical_numbering(graph: GameGraph) -> GameGraph:
    """The reachable part of ``graph`` numbered by its shape alone.

    Nodes are coloured by partition refinement (a node's colour: its old
    colour and the sets of colours of its Left and of its Right options,
    ranked in sorted order), then numbered breadth-first from the start,
    options in order of colour.  When no two nodes are bisimilar (true of
    simplest forms, whose nodes have distinct values) the final colours tell
    all nodes apart, so isomorphic graphs get the same numbering.

    >>> from cgt.loopy import GameGraph
    >>> canonical_numbering(GameGraph.of([[], [0], [1, 0]], [[], [], [0]], 2))   # {0, 1 | 0}
    GameGraph(left=((1, 2), (), (1,)), right=((1,), (), ()), start=0)
    """
    left, right = graph.left, graph.right
    live = _reachable(left, right, graph.start)
    np = _numpy() if len(live) >= NUMPY_ORDER_FROM else None
    colour = _colours(left, right, live) if np is None else _colours_numpy(np, left, right, live)
    index = {graph.start: 0}
    queue = [graph.start]
    out_l: list[tuple[int, ...]] = []
    out_r: list[tuple[int, ...]] = []
    for v in queue:
        sides = []
        for moves in (left[v], right[v]):
            targets = sorted(set(moves), key=lambda w: (colour[w], w))
            for w in targets:
                if w not in index:
                    index[w] = len(queue)
                    queue.append(w)
            sides.append(tuple(sorted(index[w] for w in targets)))
        out_l.append(sides[0])
        out_r.append(sides[1])
    return GameGraph(tuple(out_l), tuple(out_r), 0)


def _colours(
    left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], live: list[int]
) -> dict[int, int]:
    """The final colours of :func:`canonical_numbering`'s refinement (pure Python)."""
    colour = dict.fromkeys(live, 0)
    classes = 1
    while True:
        sigs = {
            v: (
                colour[v],
                tuple(sorted({colour[w] for w in left[v]})),
                tuple(sorted({colour[w] for w in right[v]})),
            )
            for v in live
        }
        ranks = {s: k for k, s in enumerate(sorted(set(sigs.values())))}
        colour = {v: ranks[sigs[v]] for v in live}
        if len(ranks) == classes:
            return colour
        classes = len(ranks)


def _colours_numpy(
    np: Any, left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], live: list[int]
) -> dict[int, int]:
    """:func:`_colours` on arrays, round for round the same colours.

    A node's signature ``(colour, sorted Left colours, sorted Right colours)`` (each
    colour once) is a row: its colour, then the sorted distinct colours of each side
    padded with -1 after them to the widest side.  A shorter tuple that begins
    another is smaller, and -1 is below every colour, so the rows sort as the tuples
    do; a round's colours are the ranks of the distinct rows.
    """
    where = {v: i for i, v in enumerate(live)}
    m = len(live)

    def table(moves: Sequence[Sequence[int]]) -> tuple[Any, Any]:
        width = max(1, max(len(moves[v]) for v in live))
        targets = np.zeros((m, width), dtype=np.int64)
        present = np.zeros((m, width), dtype=bool)
        for i, v in enumerate(live):
            row = [where[w] for w in moves[v]]
            targets[i, : len(row)] = row
            present[i, : len(row)] = True
        return targets, present

    tables = (table(left), table(right))
    colour = np.zeros(m, dtype=np.int64)
    classes = 1
    big = np.iinfo(np.int64).max
    while True:
        columns = [colour[:, None]]
        for targets, present in tables:
            side = np.where(present, colour[targets], big)
            side.sort(axis=1)
            repeat = np.zeros_like(present)
            repeat[:, 1:] = side[:, 1:] == side[:, :-1]
            side[repeat] = big
            side.sort(axis=1)
            side[side == big] = -1
            columns.append(side)
        rows = np.concatenate(columns, axis=1)
        order = np.lexsort(rows.T[::-1])
        ranked = rows[order]
        new = np.empty(m, dtype=bool)
        new[0] = True
        new[1:] = (ranked[1:] != ranked[:-1]).any(axis=1)
        colour = np.empty(m, dtype=np.int64)
        colour[order] = np.cumsum(new) - 1
        count = int(new.sum())
        if count == classes:
            return {v: int(colour[i]) for i, v in enumerate(live)}
        classes = count
