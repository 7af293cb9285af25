"""Col and Snort: colouring the vertices of a graph.

Players take turns colouring an uncoloured vertex, Left blue and Right red;
whoever cannot move loses.  In **Col** two neighbours may never have the
same colour; in **Snort** two neighbours may never have different colours.

Positions are ``networkx.Graph`` objects of the vertices still to colour.
The node attribute ``tint`` (``None``, ``"L"`` or ``"R"``) records the
coloured neighbours that are gone: ``"L"`` means only Left may still colour
that vertex, ``"R"`` only Right.  A move deletes the vertex and tints its
neighbours; a vertex that neither player may colour is deleted too.

Values come from the generic :class:`~cgt.solver.Solver` through keyed rules:
components are stored under canonical keys, so isomorphic components (with
their tints) share one entry, and a component with ``L`` and ``R`` swapped
shares it too, read negated.  Paths and cycles have direct keys (their tint
sequences up to reversal and rotation); other graphs are canonically labelled
by colour refinement and individualisation.

>>> from cgt.games import Col, Snort
>>> import networkx as nx
>>> Col(nx.path_graph(3)).value(), Snort(nx.path_graph(3)).value()
(0, +-2)
>>> Col("L-.").value(), Col("L").value(), Col(".").value()
(1/2, 1, *)
>>> Col("a:.-.-.-.-a").value()                 # the 4-cycle, in the string syntax
0
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .. import _budget
from .._deep import deep
from .._engine import ENGINE as _ENGINE
from .._engine import LOCK
from ..errors import InvalidPosition
from ..solver import current_persistence
from .base import _SOLVERS, Position, register_cache, solver_for
from .registry import register_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = [
    "Col",
    "GraphRules",
    "HostRules",
    "Snort",
    "canonical_key",
    "col_path_value",
    "format_graph",
    "parse_graph",
]

_TINT_CHAR = {None: ".", "L": "L", "R": "R"}
_CHAR_TINT: dict[str, str | None] = {".": None, "L": "L", "R": "R"}
_SWAP = str.maketrans("LR", "RL")

_K = TypeVar("_K")
_V = TypeVar("_V")

# A raw graph: (adjacency bitmasks, tints) with tints a string over ".LR".
Raw = tuple[tuple[int, ...], str]


# ---------------------------------------------------------------------------
# The string syntax
# ---------------------------------------------------------------------------
_TOKEN = re.compile(r"\s*(?:([a-z0-9_]+)(?::\s*([.LR]))?|([.LR]))\s*")


def parse_graph(text: str) -> Any:
    """Read a graph in the small path syntax into a ``networkx.Graph``.

    Vertices are written by their tint: ``.`` (none), ``L`` or ``R``;
    ``-`` joins consecutive vertices into a path, ``;`` or ``,`` starts a new
    path.  A vertex may be named, ``a:L``, and a name alone (``a``) refers to
    it again, which closes cycles and joins paths.  Unnamed vertices are
    numbered 0, 1, 2, ... in order of appearance.

    >>> g = parse_graph("L-.-R")
    >>> sorted(g.edges), [g.nodes[v]["tint"] for v in g]
    ([(0, 1), (1, 2)], ['L', None, 'R'])
    >>> import networkx as nx
    >>> nx.is_isomorphic(parse_graph("a:.-.-.-a"), nx.cycle_graph(3))   # a triangle
    True
    >>> parse_graph("L-?")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unexpected character '?' at position 2 of the graph 'L-?'
    """
    import networkx as nx

    if not isinstance(text, str):
        raise InvalidPosition(f"a graph string must be a str, not {type(text).__name__}")
    graph = nx.Graph()
    counter = 0
    pos = 0
    n = len(text)
    previous: Hashable | None = None
    expect_vertex = True
    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            break
        if expect_vertex:
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                raise InvalidPosition(
                    f"unexpected character {text[pos]!r} at position {pos} of the graph {text!r}"
                )
            name, named_tint, tint_char = m.group(1), m.group(2), m.group(3)
            node: Hashable
            if name is not None:
                node = name
                if named_tint is not None:
                    if node in graph and graph.nodes[node]["tint"] != _CHAR_TINT[named_tint]:
                        raise InvalidPosition(
                            f"vertex {name!r} given two tints at position {m.start(1)} "
                            f"of the graph {text!r}"
                        )
                    graph.add_node(node, tint=_CHAR_TINT[named_tint])
                elif node not in graph:
                    raise InvalidPosition(
                        f"vertex {name!r} used before it is given a tint (write {name}:.) "
                        f"at position {m.start(1)} of the graph {text!r}"
                    )
            else:
                node = counter
                counter += 1
                graph.add_node(node, tint=_CHAR_TINT[tint_char])
            if previous is not None:
                if previous == node:
                    raise InvalidPosition(
                        f"a vertex joined to itself at position {pos} of the graph {text!r}"
                    )
                graph.add_edge(previous, node)
            previous = node
            pos = m.end()
            expect_vertex = False
        else:
            ch = text[pos]
            if ch == "-":
                expect_vertex = True
            elif ch in ";,":
                previous = None
                expect_vertex = True
            else:
                raise InvalidPosition(
                    f"unexpected character {ch!r} at position {pos} of the graph {text!r}"
                )
            pos += 1
    if expect_vertex and previous is not None:
        raise InvalidPosition(f"the graph {text!r} ends with '-' but no vertex")
    return graph


def format_graph(adjacency: Iterable[int], tints: str) -> str:
    """Write a raw graph (adjacency bitmasks and a tint string) in the path syntax.

    Vertices are named ``v0, v1, ...``; the output reads back with
    :func:`parse_graph` to an isomorphic graph.

    >>> format_graph((0b10, 0b101, 0b10), "L.R")
    'v0:L-v1:.-v2:R'
    >>> format_graph((0, 0), "..")
    'v0:.;v1:.'
    """
    adj = list(adjacency)
    named: set[int] = set()

    def name(v: int) -> str:
        if v in named:
            return f"v{v}"
        named.add(v)
        return f"v{v}:{tints[v]}"

    chains: list[str] = []
    used: set[tuple[int, int]] = set()
    for v in range(len(adj)):
        # follow a path of unused edges from v
        if v not in named and not any((min(v, u), max(v, u)) not in used for u in _bits(adj[v])):
            chains.append(name(v))
            continue
        while True:
            nxt = [u for u in _bits(adj[v]) if (min(v, u), max(v, u)) not in used]
            if not nxt:
                break
            chain = [name(v)]
            cur = v
            while nxt:
                u = nxt[0]
                used.add((min(cur, u), max(cur, u)))
                chain.append(name(u))
                cur = u
                nxt = [x for x in _bits(adj[cur]) if (min(cur, x), max(cur, x)) not in used]
            chains.append("-".join(chain))
            nxt = [u for u in _bits(adj[v]) if (min(v, u), max(v, u)) not in used]
    return ";".join(chains)


_LOW_BITS: list[tuple[int, ...]] = [
    tuple(i for i in range(12) if m >> i & 1) for m in range(1 << 12)
]
_HIGH_BITS: list[tuple[int, ...]] = [tuple(12 + i for i in bits) for bits in _LOW_BITS]


def _bits(mask: int) -> tuple[int, ...]:
    """The positions of the set bits, lowest first.

    >>> _bits(0b1010), _bits(1 << 20 | 1 << 5), _bits(1 << 40 | 1)
    ((1, 3), (5, 20), (0, 40))
    """
    if mask < 4096:
        return _LOW_BITS[mask]
    if mask < 1 << 24:
        return _LOW_BITS[mask & 4095] + _HIGH_BITS[mask >> 12]
    out: list[int] = []
    base = 0
    while mask:
        chunk = mask & 4095
        if chunk:
            out.extend([base + i for i in _LOW_BITS[chunk]])
        mask >>= 12
        base += 12
    return tuple(out)


# ---------------------------------------------------------------------------
# Canonical keys
# ---------------------------------------------------------------------------
_HASH: list[int] = []
_HASH_SOURCE = random.Random(0x5EED)


def _hashes(k: int) -> list[int]:
    """Fixed pseudo-random 60-bit words, one per colour (the table only grows)."""
    while len(_HASH) < k:
        _HASH.append(_HASH_SOURCE.getrandbits(60))
    return _HASH


def _refine(nbrs: list[tuple[int, ...]], colours: list[int], k: int) -> tuple[list[int], int]:
    """Colour refinement to a stable partition; colours renumbered canonically.

    ``colours`` are ranks ``0 .. k-1``.  A vertex's new colour is its old
    colour and a hash of the multiset of its neighbours' colours (a sum of
    fixed random words).  Any invariant function would do for the canonical
    labelling; a collision only makes the search branch more.  Stops as soon
    as every vertex has a colour of its own.  Returns the ranks and their number.
    """
    n = len(nbrs)
    table = _hashes(2 * n + 2)
    while True:
        word = list(map(table.__getitem__, colours)).__getitem__
        sigs = [(c << 72) | sum(map(word, nb)) for c, nb in zip(colours, nbrs, strict=True)]
        order = sorted(set(sigs))
        index = {s: i for i, s in enumerate(order)}
        colours = [index[s] for s in sigs]
        if len(order) == k or len(order) == n:
            return colours, len(order)
        k = len(order)


def _certificate(nbrs: list[tuple[int, ...]], tints: str, labels: list[int]) -> Raw:
    n = len(nbrs)
    order = [0] * n
    for v, label in enumerate(labels):
        order[label] = v
    bit = [1 << label for label in labels].__getitem__
    return (
        tuple([sum(map(bit, nbrs[v])) for v in order]),
        "".join([tints[v] for v in order]),
    )


def _canonical_labelled(adj: tuple[int, ...], tints: str) -> Raw:
    """The least certificate over an individualisation-refinement search."""
    return _labelling(adj, tints)[0]


@deep  # the search recurses once per individualised vertex
def _labelling(adj: tuple[int, ...], tints: str) -> tuple[Raw, list[list[int]]]:
    """The canonical certificate and the automorphisms met on the way.

    An individualisation-refinement search: refine, split the first
    non-singleton cell by giving each of its vertices a colour of its own in
    turn, and keep the least certificate over the leaves.  Two leaves with
    equal certificates differ by an automorphism; a branch is skipped when an
    automorphism found so far that fixes the individualised vertices maps it
    to a branch already searched (the subtrees give the same certificates), so
    that graphs with many symmetric parts do not cost a factorial search.
    Each automorphism is a list ``perm`` with ``perm[v]`` the image of ``v``.

    >>> star = (0b1110, 0b1, 0b1, 0b1)       # a star with three leaves
    >>> cert, autos = _labelling(star, "....")
    >>> cert
    ((8, 8, 8, 7), '....')
    >>> all(sorted(g) == [0, 1, 2, 3] and g[0] == 0 for g in autos)
    True
    """
    n = len(adj)
    nbrs = [_bits(a) for a in adj]
    first = [".LR".index(t) * (n + 1) + len(nbrs[v]) for v, t in enumerate(tints)]
    ranks = {c: i for i, c in enumerate(sorted(set(first)))}
    colours, k = _refine(nbrs, [ranks[c] for c in first], len(ranks))
    if k == n:  # the usual case: refinement alone tells every vertex apart
        return _certificate(nbrs, tints, colours), []
    best: list[Raw] = []
    best_labels: list[int] = []
    best_path: list[int] = []
    autos: list[list[int]] = []
    no_jump = n + 1

    def search(colours: list[int], k: int, fixed: list[int]) -> int:
        """Search below the node that individualised ``fixed``; returns the depth to go
        back to (``no_jump`` to carry on)."""
        colours, k = _refine(nbrs, colours, k)
        if k == n:
            cert = _certificate(nbrs, tints, colours)
            if not best or cert < best[0]:
                best[:] = [cert]
                best_labels[:] = colours
                best_path[:] = fixed
                return no_jump
            if cert != best[0]:
                return no_jump
            at = [0] * n
            for v, label in enumerate(best_labels):
                at[label] = v
            autos.append([at[label] for label in colours])
            # This automorphism maps the subtree where the best leaf lies onto
            # the current one, from the node where the two paths part: the rest
            # of the current subtree brings nothing new.
            depth = 0
            while depth < len(fixed) and fixed[depth] == best_path[depth]:
                depth += 1
            return depth
        cells: dict[int, list[int]] = {}
        for v, c in enumerate(colours):
            cells.setdefault(c, []).append(v)
        target = min(c for c, vs in cells.items() if len(vs) > 1)
        tried: list[int] = []
        seen: set[int] = set()  # orbit of the tried vertices under `gens`
        gens: list[list[int]] = []  # the automorphisms found that fix `fixed`
        used = 0
        for v in cells[target]:
            # twins (same neighbours apart from each other) are interchangeable:
            # swapping them is an automorphism that fixes everything else
            twin = next((u for u in tried if adj[v] & ~(1 << u) == adj[u] & ~(1 << v)), -1)
            if twin >= 0:
                swap = list(range(n))
                swap[v], swap[twin] = twin, v
                autos.append(swap)
                continue
            if used < len(autos):
                more = [g for g in autos[used:] if all(g[x] == x for x in fixed)]
                used = len(autos)
                if more:
                    gens += more
                    seen = _orbit_closure(set(tried), gens)
            if v in seen:
                continue
            tried.append(v)
            child = [2 * c for c in colours]
            child[v] += 1
            jump = search(child, k + 1, [*fixed, v])
            if jump < len(fixed):
                return jump
        return no_jump

    search(colours, k, [])
    return best[0], autos


def _orbit_closure(points: set[int], gens: list[list[int]]) -> set[int]:
    """The least superset of ``points`` closed under the permutations ``gens``.

    >>> sorted(_orbit_closure({0}, [[1, 2, 0, 3]]))
    [0, 1, 2]
    """
    out = set(points)
    todo = list(out)
    while todo:
        x = todo.pop()
        for g in gens:
            y = g[x]
            if y not in out:
                out.add(y)
                todo.append(y)
    return out


def _path_order(adj: tuple[int, ...]) -> list[int] | None:
    """The vertices in path order if the connected graph is a path."""
    n = len(adj)
    if n == 1:
        return [0]
    ends = []
    for v in range(n):
        d = adj[v].bit_count()
        if d > 2:
            return None
        if d == 1:
            ends.append(v)
    if len(ends) != 2:
        return None
    order = [ends[0]]
    prev_mask = 0
    cur = ends[0]
    while True:
        nxt = adj[cur] & ~prev_mask
        if not nxt:
            break
        prev_mask = 1 << cur
        cur = nxt.bit_length() - 1
        order.append(cur)
    return order if len(order) == n else None


def _path_tints(adj: tuple[int, ...], tints: str, comp: int) -> str | None:
    """The tints in path order if the connected vertex set ``comp`` induces a path.

    >>> _path_tints((0b110, 0b001, 0b001), "L.R", 0b111)   # the path 2-0-1, read from 2
    'RL.'
    >>> _path_tints((0b110, 0b101, 0b011), "...", 0b111) is None   # a triangle
    True
    """
    end = -1
    edges = 0
    for v in _bits(comp):
        d = (adj[v] & comp).bit_count()
        if d > 2:
            return None
        edges += d
        if d < 2:
            end = v
    if end < 0 or edges != 2 * comp.bit_count() - 2:
        return None
    out = [tints[end]]
    prev = 0
    cur = end
    while True:
        nxt = adj[cur] & comp & ~prev
        if not nxt:
            return "".join(out)
        prev = 1 << cur
        cur = nxt.bit_length() - 1
        out.append(tints[cur])


def _cycle_order(adj: tuple[int, ...]) -> list[int] | None:
    """The vertices around the cycle if the connected graph is a cycle."""
    n = len(adj)
    if n < 3 or any(a.bit_count() != 2 for a in adj):
        return None
    order = [0]
    prev = -1
    cur = 0
    while True:
        a = adj[cur]
        if prev >= 0:
            a &= ~(1 << prev)
        nxt = (a & -a).bit_length() - 1
        if nxt == 0:
            break
        order.append(nxt)
        prev, cur = cur, nxt
    return order if len(order) == n else None


def _path_key(seq: str) -> tuple[Hashable, bool]:
    swapped = seq.translate(_SWAP)
    return min((min(seq, seq[::-1]), False), (min(swapped, swapped[::-1]), True))


def col_path_value(seq: str) -> Game | None:
    """The Col value of a path with tint sequence ``seq``, in closed form when its
    interior is untinted (``None`` otherwise).

    A single vertex is ``*`` untinted, ``1`` if only Left may colour it, ``-1``
    if only Right may.  A longer path is worth ``e(first) + e(last)`` with
    ``e(".") = 0``, ``e("L") = 1/2``, ``e("R") = -1/2``.

    Proof, by induction on the length: every move leaves at most two paths
    whose interiors are untinted again (the new ends take the tints), so the
    options' values are given by the formula.  They depend only on the end
    tints of the pieces and on whether a piece has 0, 1 or more vertices; a
    move at vertex ``i`` gives a left piece of that kind for ``i <= 2`` and one
    of at least two vertices otherwise (likewise on the right).  So from 8
    vertices on, every path with the same end tints has the same *set* of
    option values, hence the same value; the tests check the formula against
    the full search on every such path of 1 to 10 vertices, which covers the
    induction from 8 on.  (Paths of untinted vertices are 0 from two vertices
    on: the familiar fact that Col on a strip is a second-player win.)

    >>> [str(col_path_value(s)) for s in [".", "L", "..", "L...", "L..L", "L..R", "R.R"]]
    ['*', '1', '0', '1/2', '1', '0', '-1']
    >>> col_path_value("L.L.") is None    # an interior tint: searched instead
    True
    """
    from ..game import nimber, number

    if len(seq) == 1:
        return nimber(1) if seq == "." else number(1 if seq == "L" else -1)
    if seq[1:-1].count(".") != len(seq) - 2:
        return None
    return number(_COL_END[seq[0]] + _COL_END[seq[-1]])


_COL_END = {".": Fraction(0), "L": Fraction(1, 2), "R": Fraction(-1, 2)}


def _least_rotation(seq: str) -> str:
    doubled = seq + seq
    n = len(seq)
    return min(doubled[i : i + n] for i in range(n))


def _cycle_key(seq: str) -> tuple[Hashable, bool]:
    swapped = seq.translate(_SWAP)
    a = min(_least_rotation(seq), _least_rotation(seq[::-1]))
    b = min(_least_rotation(swapped), _least_rotation(swapped[::-1]))
    return min((("C", a), False), (("C", b), True))


def canonical_key(adj: tuple[int, ...], tints: str) -> tuple[Hashable, bool]:
    """The key of a connected raw graph, and whether it is the tint-swapped image.

    Isomorphic graphs (preserving tints) get equal keys; swapping ``L`` and
    ``R`` gives the same key with the flag flipped (the value is negated).
    A path's key is its tint string (up to reversal), a cycle's is
    ``("C", tints)`` (up to rotation and reflection), any other graph's is a
    canonically labelled ``(adjacency, tints)``.

    >>> canonical_key((0b10, 0b01), "L.")
    ('.L', False)
    >>> canonical_key((0b10, 0b01), "R.")
    ('.L', True)
    >>> canonical_key((0b110, 0b1, 0b1), "RL.") == canonical_key((0b10, 0b101, 0b10), ".RL")
    True
    >>> canonical_key((0b110, 0b101, 0b011), "...")
    (('C', '...'), False)
    """
    order = _path_order(adj)
    if order is not None:
        return _path_key("".join(tints[v] for v in order))
    order = _cycle_order(adj)
    if order is not None:
        return _cycle_key("".join(tints[v] for v in order))
    lefts, rights = tints.count("L"), tints.count("R")
    if lefts > rights or lefts == rights == 0:
        return _canonical_labelled(adj, tints), False
    if rights > lefts:
        return _canonical_labelled(adj, tints.translate(_SWAP)), True
    swapped = tints.translate(_SWAP)
    # An isomorphism invariant often tells the two colourings apart without
    # labelling both; only when it ties are both labelled and compared.
    mine, theirs = _tint_profile(adj, tints), _tint_profile(adj, swapped)
    if mine != theirs:
        return (
            (_canonical_labelled(adj, tints), False)
            if mine < theirs
            else (
                _canonical_labelled(adj, swapped),
                True,
            )
        )
    a = _canonical_labelled(adj, tints)
    b = _canonical_labelled(adj, swapped)
    return (a, False) if a <= b else (b, True)


def _tint_profile(adj: tuple[int, ...], tints: str) -> list[tuple[str, int, int]]:
    """Sorted (tint, degree, L-neighbours) per vertex: invariant under isomorphism.

    >>> _tint_profile((0b10, 0b01), "L.")
    [('.', 1, 1), ('L', 1, 0)]
    """
    lefts = sum(1 << v for v, t in enumerate(tints) if t == "L")
    return sorted(
        (t, a.bit_count(), (a & lefts).bit_count()) for t, a in zip(tints, adj, strict=True)
    )


def _components(adj: tuple[int, ...], alive: int) -> list[int]:
    out = []
    rest = alive
    while rest:
        comp = rest & -rest
        frontier = comp
        while frontier:
            grow = 0
            for v in _bits(frontier):
                grow |= adj[v]
            grow &= rest & ~comp
            comp |= grow
            frontier = grow
        rest &= ~comp
        out.append(comp)
    return out


def _induced(adj: tuple[int, ...], tints: str, comp: int) -> Raw:
    n = len(adj)
    dropped = ((1 << n) - 1) & ~comp
    vs = _bits(comp)
    if dropped.bit_count() <= 3:
        # squeeze the few dropped positions out of each mask, highest first
        cuts = [((1 << r) - 1, r + 1, r) for r in reversed(_bits(dropped))]
        squeezed = []
        for v in vs:
            m = adj[v] & comp
            for low, up, r in cuts:
                m = (m & low) | ((m >> up) << r)
            squeezed.append(m)
        return tuple(squeezed), "".join([tints[v] for v in vs])
    bit = [0] * n
    for i, v in enumerate(vs):
        bit[v] = 1 << i
    new_bit = bit.__getitem__
    return (
        tuple([sum(map(new_bit, _bits(adj[v] & comp))) for v in vs]),
        "".join([tints[v] for v in vs]),
    )


def _store(table: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """``table[key] = value``, emptying the table first when it holds ``limit`` entries.

    >>> t = {1: "a"}; _store(t, 2, "b", 1), t
    ('b', {2: 'b'})
    """
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
class GraphRules:
    """Keyed rules (:class:`~cgt.solver.KeyedRules`) of Col or Snort.

    ``after[player][tint]`` is what becomes of a neighbour's tint when
    ``player`` colours a vertex (``""``: the neighbour is deleted).  States
    are tuples of *pieces*: a ``str`` is a path given by its tint sequence,
    a pair ``(adjacency, tints)`` any raw graph, a triple
    ``(adjacency, tints, True)`` a connected one.

    >>> COL.split(("L.", "R."))          # two paths that cancel
    [('.L', False), ('.L', True)]
    >>> COL.options(".L")                # Left's move next to L deletes it
    ([(), ('R',)], [('L',)])
    """

    __slots__ = ("_after", "_graph_cache", "_hosts", "_path_cache", "irrelevant", "name")

    max_cache = 1 << 20

    def __init__(
        self, name: str, after: dict[str, dict[str, str]], irrelevant: Iterable[str]
    ) -> None:
        self.name = name
        self._after = after
        self.irrelevant = frozenset(irrelevant)
        self._path_cache: dict[str, tuple[Hashable, bool]] = {}
        self._graph_cache: dict[tuple[tuple[int, ...], str], tuple[Hashable, bool]] = {}
        self._hosts: dict[tuple[int, ...], HostRules] = {}

    @property
    def ruleset(self) -> str:
        """The game these rules play (a solver serves one game's keyed rules).

        >>> COL.ruleset, COL.host((0,)).ruleset
        ('Col', 'Col')
        """
        return self.name

    def clear(self) -> None:
        """Forget the cached canonical keys.

        >>> COL.clear()
        """
        self._path_cache.clear()
        self._graph_cache.clear()
        self._drop_hosts()

    max_hosts = 16

    def host(self, adj: tuple[int, ...]) -> HostRules:
        """The rules for positions inside the graph with these adjacency masks (cached).

        >>> COL.host((0b10, 0b01)) is COL.host((0b10, 0b01))
        True
        """
        found = self._hosts.get(adj)
        if found is None:
            if len(self._hosts) >= self.max_hosts:
                self._drop_hosts()
            found = self._hosts[adj] = HostRules(self, adj)
        return found

    def _drop_hosts(self) -> None:
        for host in self._hosts.values():
            host.retire()
        self._hosts.clear()

    def _key(self, adj: tuple[int, ...], tints: str) -> tuple[Hashable, bool]:
        raw = (adj, tints)
        found = self._graph_cache.get(raw)
        if found is None:
            found = _store(self._graph_cache, raw, canonical_key(adj, tints), self.max_cache)
        return found

    def prune(self, adj: tuple[int, ...], tints: str) -> tuple[int, ...]:
        """Drop the edges that can no longer matter.

        In Col an edge between an ``L`` and an ``R`` vertex never constrains
        a move (the two will get different colours anyway); in Snort the
        same holds for an edge between two ``L`` or two ``R`` vertices.

        >>> COL.prune((0b10, 0b01), "LR"), SNORT.prune((0b10, 0b01), "LR")
        ((0, 0), (2, 1))
        """
        irrelevant = self.irrelevant
        new = list(adj)
        for v, t in enumerate(tints):
            if t == ".":
                continue
            for u in _bits(adj[v]):
                if t + tints[u] in irrelevant:
                    new[v] &= ~(1 << u)
        return tuple(new)

    def split(self, state: tuple[Any, ...]) -> list[tuple[Hashable, bool]]:
        """Canonical keys (with swap flags) of the components of the pieces."""
        out = []
        cache = self._path_cache
        for piece in state:
            if piece.__class__ is str:
                found = cache.get(piece)
                if found is None:
                    found = cache[piece] = _path_key(piece)
                out.append(found)
            elif len(piece) == 3:  # known to be connected and pruned
                out.append(self._key(piece[0], piece[1]))
            else:
                adj, tints = piece
                adj = self.prune(adj, tints)
                for comp in _components(adj, (1 << len(adj)) - 1):
                    sub_adj, sub_tints = _induced(adj, tints, comp)
                    out.append(self._key(sub_adj, sub_tints))
        return out

    def known_value(self, key: Hashable) -> Game | None:
        """The value of a component known in closed form (Col paths), else ``None``.

        >>> COL.known_value("L...R"), SNORT.known_value("L...R") is None
        (0, True)
        """
        if self.name == "Col" and key.__class__ is str:
            return col_path_value(key)
        return None

    def options(self, key: Hashable) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """``(left, right)`` option states of the component with this key."""
        if isinstance(key, str):
            return self._path_options(key), self._path_options(key, "R")
        assert isinstance(key, tuple)
        kind: Any = key[0]
        data: str = key[1]
        if kind == "C":
            return self._cycle_options(data), self._cycle_options(data, "R")
        return self._graph_options(kind, data), self._graph_options(kind, data, "R")

    def _path_options(self, seq: str, player: str = "L") -> list[tuple[Any, ...]]:
        after = self._after[player]
        irrelevant = self.irrelevant
        out: list[tuple[Any, ...]] = []
        n = len(seq)
        for i, t in enumerate(seq):
            if t != "." and t != player:
                continue
            pieces = []
            if i > 0:
                end = after[seq[i - 1]]
                if end and i > 1 and seq[i - 2] + end in irrelevant:
                    pieces.append(seq[: i - 1])
                    pieces.append(end)
                else:
                    piece = seq[: i - 1] + end
                    if piece:
                        pieces.append(piece)
            if i < n - 1:
                end = after[seq[i + 1]]
                if end and i < n - 2 and end + seq[i + 2] in irrelevant:
                    pieces.append(end)
                    pieces.append(seq[i + 2 :])
                else:
                    piece = end + seq[i + 2 :]
                    if piece:
                        pieces.append(piece)
            out.append(tuple(pieces))
        return out

    def _cycle_options(self, seq: str, player: str = "L") -> list[tuple[Any, ...]]:
        after = self._after[player]
        out: list[tuple[Any, ...]] = []
        n = len(seq)
        for i, t in enumerate(seq):
            if t != "." and t != player:
                continue
            rest = seq[i + 1 :] + seq[:i]  # a path of n - 1 vertices
            if n == 3:
                piece = after[rest[0]] + after[rest[1]]
            else:
                piece = after[rest[0]] + rest[1:-1] + after[rest[-1]]
            out.append(self._cut(piece))
        return out

    def _cut(self, seq: str) -> tuple[str, ...]:
        """A path's tint string cut at its irrelevant edges."""
        pieces = []
        start = 0
        for j in range(len(seq) - 1):
            if seq[j : j + 2] in self.irrelevant:
                pieces.append(seq[start : j + 1])
                start = j + 1
        if seq:
            pieces.append(seq[start:])
        return tuple(pieces)

    def _graph_options(
        self, adj: tuple[int, ...], tints: str, player: str = "L"
    ) -> list[tuple[Any, ...]]:
        after = self._after[player]
        n = len(adj)
        full = (1 << n) - 1
        out: list[tuple[Any, ...]] = []
        for v in range(n):
            t = tints[v]
            if t != "." and t != player:
                continue
            new = list(tints)
            alive = full & ~(1 << v)
            for u in _bits(adj[v]):
                nt = after[tints[u]]
                if nt:
                    new[u] = nt
                else:
                    alive &= ~(1 << u)
            new_tints = "".join(new)
            pruned = list(adj)
            for u in _bits(adj[v] & alive):
                tu = new_tints[u]
                for x in _bits(adj[u] & alive):
                    if tu + new_tints[x] in self.irrelevant:
                        pruned[u] &= ~(1 << x)
                        pruned[x] &= ~(1 << u)
            adj2 = tuple(pruned)
            pieces: list[Any] = []
            for comp in _components(adj2, alive):
                seq = _path_tints(adj2, new_tints, comp)
                if seq is not None:
                    pieces.append(seq)
                else:
                    sub_adj, sub_tints = _induced(adj2, new_tints, comp)
                    pieces.append((sub_adj, sub_tints, True))
            out.append(tuple(pieces))
        return out


_HOST_TOKENS = itertools.count(1)


def _mask_mapper(perm: list[int]) -> Callable[[int], int]:
    """The action of a vertex permutation on bit masks, a byte at a time.

    >>> swap = _mask_mapper([1, 0, 2])
    >>> swap(0b001), swap(0b110)
    (2, 5)
    """
    n = len(perm)
    tables = []
    for start in range(0, n, 8):
        table = [0] * 256
        for i in range(min(8, n - start)):
            image = 1 << perm[start + i]
            step = 1 << i
            for byte in range(256):
                if byte & step:
                    table[byte] |= image
        tables.append(table)

    def apply(mask: int) -> int:
        out = 0
        for table in tables:
            if not mask:
                break
            out |= table[mask & 255]
            mask >>= 8
        return out

    return apply


class HostRules:
    """Keyed rules for the positions inside one fixed graph, the *host*.

    A piece of a state is an exact triple ``(vertices, lefts, rights)`` of
    bit masks over the host's vertices: the vertices still to colour and
    those tinted ``L`` and ``R``.  A move is a few bit operations, and a
    component met before is found by one dictionary lookup on its triple.
    Paths and cycles are keyed by their tint strings and expanded on them by
    the :class:`GraphRules` this wraps, so their values are shared by every
    host.  The components of a position asked about are keyed by canonical
    labelling (:meth:`identify`), so isomorphic positions share their values.

    Other components are keyed in one of two ways (:meth:`_classify`).  On a
    host with few symmetries (a grid, a map) a new component is a class of
    its own, keyed by ``(token, vertices, lefts, rights)`` with this host's
    token (never reused), and entered with its images under the host's
    symmetries and with ``L`` and ``R`` swapped (read negated).  On a forest,
    or a host with too many symmetries to list (a star, a complete graph),
    isomorphic parts abound, and a new component is canonically labelled.

    >>> rules = COL.host((0b10, 0b01))          # one edge
    >>> rules.split(((0b11, 0b01, 0),))         # L-. is the path '.L'
    [('.L', False)]
    >>> rules.split(((0b11, 0b01, 0b10),))      # L and R: the edge no longer matters
    [('L', False), ('L', True)]
    """

    __slots__ = (
        "_col",
        "_exact",
        "_label_all",
        "_mappers",
        "_nbr",
        "_own",
        "_rep",
        "_tables",
        "_token",
        "adj",
        "base",
    )

    max_symmetries = 64
    """How many automorphisms of the host are used to find known mirror images."""

    def __init__(self, base: GraphRules, adj: tuple[int, ...]) -> None:
        self.base = base
        self.adj = adj
        # Col: a move deletes the mover's own tinted neighbours and tints the
        # others for the opponent; Snort: it deletes the opponent's and tints
        # the others for the mover.
        self._col = base._after["L"]["."] == "R"
        self._exact: dict[tuple[int, int, int], tuple[Hashable, bool]] = {}
        self._rep: dict[Hashable, tuple[int, int, int]] = {}
        self._mappers: list[Callable[[int], int]] | None = None
        self._token = next(_HOST_TOKENS)  # never reused: keys of other hosts cannot clash
        self._nbr = {1 << v: a for v, a in enumerate(adj)}  # a vertex's bit -> its neighbours
        self._own: list[Hashable] = []  # the keys made with this host's token
        self._label_all = False  # set with the symmetries, by _images()
        self._tables: list[dict[Hashable, Any]] = []  # the solver tables they are kept in

    @property
    def ruleset(self) -> str:
        """The game of the rules this host wraps (``"Col"`` or ``"Snort"``).

        >>> SNORT.host((0b10, 0b01)).ruleset
        'Snort'
        """
        return self.base.name

    def persistent(self, key: Hashable) -> bool:
        """Whether ``key`` means the same component in every process: not for this
        host's own keys, which carry a token of this process (a store must not
        keep them; another process's host of the same token is another graph).

        >>> rules = COL.host((0b1110, 1, 1, 1))
        >>> rules.persistent(rules._own_key((0b1111, 0, 0))), rules.persistent(".L")
        (False, True)
        """
        return not (key.__class__ is tuple and key[0] == self._token)

    def attach(self, values: dict[Hashable, Any]) -> None:
        """Note a solver table that stores values under this host's keys.

        When the host is dropped (:meth:`retire`), its own keys are removed from
        it: they can never be met again, since no later host has this token.

        >>> rules = COL.host((0b1110, 1, 1, 1)); table = {}
        >>> rules.attach(table); rules.attach(table); len(rules._tables)
        1
        """
        if not any(t is values for t in self._tables):
            self._tables.append(values)

    def retire(self) -> None:
        """Remove the values of this host's own components from the attached tables.

        >>> from cgt.solver import Solver
        >>> rules = COL.host((0b1110, 0b0101, 0b0011, 0b0001))   # a triangle with a tail
        >>> solver = Solver(); rules.attach(solver.values)
        >>> solver.keyed_value(rules, ((0b1111, 0b1000, 0),))      # the tail's end is L
        1
        >>> own = [k for k in solver.values if isinstance(k, tuple) and isinstance(k[0], int)]
        >>> len(own) > 0, rules.retire(), own[0] in solver.values
        (True, None, False)
        """
        for table in self._tables:
            for key in self._own:
                table.pop(key, None)
        self._own.clear()

    def symmetries(self) -> list[list[int]]:
        """Automorphisms of the host graph (not the identity), at most :attr:`max_symmetries`.

        They come from the canonical labelling search of the uncoloured host and
        the group they generate.  A new component is entered in the exact table
        with its images under them, or, on a host whose group is too large to
        list, looked up under them before it is labelled.

        >>> COL.host((0b10, 0b101, 0b10)).symmetries()       # the path a-b-c
        [[2, 1, 0]]
        """
        n = len(self.adj)
        identity = list(range(n))
        found = [identity]
        known = {tuple(identity)}
        gens = _labelling(self.adj, "." * n)[1]
        for g in found:  # breadth-first closure, growing while it is read
            for h in gens:
                gh = [g[h[v]] for v in range(n)]
                if tuple(gh) not in known and len(found) <= self.max_symmetries:
                    known.add(tuple(gh))
                    found.append(gh)
        return found[1:]

    def _images(self) -> list[Callable[[int], int]]:
        if self._mappers is None:
            symmetries = self.symmetries()
            # each mapper holds 256 masks per byte of vertices; keep them to about 2**20
            budget = max(1, (1 << 20) // (32 * len(self.adj) + 256))
            self._mappers = [_mask_mapper(g) for g in symmetries[:budget]]
            # A group too large to list, or a forest (whose subtrees are often
            # isomorphic without a symmetry between them): label new components.
            adj = self.adj
            edges = sum(a.bit_count() for a in adj) // 2
            forest = edges == len(adj) - len(_components(adj, (1 << len(adj)) - 1))
            self._label_all = (
                forest or len(symmetries) >= self.max_symmetries or budget < len(symmetries)
            )
        return self._mappers

    def split(self, state: tuple[Any, ...]) -> list[tuple[Hashable, bool]]:
        """Canonical keys (with swap flags) of the components of the pieces.

        >>> rules = SNORT.host((0b10, 0b101, 0b10))      # the path a-b-c
        >>> rules.split(((0b101, 0b001, 0b100),))        # a (L) and c (R) are apart
        [('L', False), ('L', True)]
        >>> rules.split(("L.",))                         # a tint string is a path
        [('.L', False)]
        """
        out: list[tuple[Hashable, bool]] = []
        nbr = self._nbr
        exact = self._exact
        col = self._col
        paths = self.base._path_cache
        for piece in state:
            if piece.__class__ is str:
                found = paths.get(piece)
                if found is None:
                    found = paths[piece] = _path_key(piece)
                out.append(found)
                continue
            if piece[0].__class__ is not int:
                out.extend(self.base.split((piece,)))
                continue
            found = exact.get(piece)
            if found is not None:  # a connected component met before: no search
                out.append(found)
                continue
            rest, lefts, rights = piece
            # edges that no longer matter: L-R in Col, L-L and R-R in Snort
            keep_l = ~rights if col else ~lefts
            keep_r = ~lefts if col else ~rights
            while rest:
                # flood fill from the lowest vertex; ``todo`` is what is not reached yet
                frontier = rest & -rest
                todo = rest ^ frontier
                while frontier:
                    b = frontier & -frontier
                    if b & lefts:
                        grow = nbr[b] & keep_l & todo
                    elif b & rights:
                        grow = nbr[b] & keep_r & todo
                    else:
                        grow = nbr[b] & todo
                    todo ^= grow
                    frontier ^= b | grow
                comp = rest ^ todo
                rest = todo
                triple = (comp, lefts & comp, rights & comp)
                found = exact.get(triple)
                if found is None:
                    found = self._classify(triple)
                out.append(found)
        return out

    def _classify(self, triple: tuple[int, int, int]) -> tuple[Hashable, bool]:
        """The key of a component whose triple is not in the exact table yet.

        Paths and cycles get their tint strings (shared by every host).  On a
        host with few symmetries (a grid, a map) any other component is a class
        of its own, keyed by this host's token and the triple, and entered
        together with its images under the host's symmetries and with L and R
        swapped (read negated), so that a mirror image is found by one lookup
        later.  Labelling every new component would cost more than the few
        isomorphic copies it finds: on the 3 x 6 grid, 7,090 labellings would
        merge 7,377 classes into 6,288 and take longer than valuing the rest.

        On a forest, or a host whose symmetries are too many to list (a star,
        a complete graph), isomorphic parts abound and the classes would
        multiply, so there a new component is looked up under the host's
        symmetries and, if none is known, canonically labelled.
        """
        comp, lefts, rights = triple
        exact = self._exact
        images = self._images()  # also decides whether to label
        key: Hashable
        if self._label_all:
            for image in images:
                c, left, right = image(comp), image(lefts), image(rights)
                found = exact.get((c, left, right))
                if found is None:
                    found = exact.get((c, right, left))
                    if found is not None:
                        found = (found[0], not found[1])
                if found is not None:
                    return _store(exact, triple, found, GraphRules.max_cache)
            return self._label(triple)
        if self._plain(triple):
            key, negated = self._own_key(triple), False
        else:  # a path or a cycle
            key, negated = self.base._key(*self._raw(triple))
        if len(exact) >= GraphRules.max_cache:
            exact.clear()
        exact[(comp, rights, lefts)] = (key, not negated)
        for image in images:
            c, left, right = image(comp), image(lefts), image(rights)
            exact[(c, right, left)] = (key, not negated)
            exact[(c, left, right)] = (key, negated)
        # last, so that a triple equal to one of its images keeps this entry
        found = exact[triple] = (key, negated)
        return found

    def _label(self, triple: tuple[int, int, int]) -> tuple[Hashable, bool]:
        """Key a component by its canonical labelling; enter it and its L/R swap."""
        comp, lefts, rights = triple
        key, negated = found = self.base._key(*self._raw(triple))
        if key.__class__ is tuple and key[0] != "C":
            # the class's own colouring is the triple's, swapped if negated
            self._rep[key] = (comp, rights, lefts) if negated else triple
        _store(self._exact, (comp, rights, lefts), (key, not negated), GraphRules.max_cache)
        return _store(self._exact, triple, found, GraphRules.max_cache)

    def _own_key(self, triple: tuple[int, int, int]) -> Hashable:
        key = (self._token, *triple)
        self._own.append(key)
        return key

    def _plain(self, triple: tuple[int, int, int]) -> bool:
        """Whether a component has a vertex of degree over 2 (is no path or cycle).

        >>> rules = COL.host((0b1110, 1, 1, 1))          # a star, centre 0
        >>> rules._plain((0b1111, 0, 0)), rules._plain((0b0011, 0, 0))
        (True, False)
        """
        comp, lefts, rights = triple
        adj = self.adj
        cut_l = rights if self._col else lefts
        cut_r = lefts if self._col else rights
        for v in _bits(comp):
            nb = adj[v] & comp
            if (1 << v) & lefts:
                nb &= ~cut_l
            elif (1 << v) & rights:
                nb &= ~cut_r
            if nb.bit_count() > 2:
                return True
        return False

    def _raw(self, triple: tuple[int, int, int]) -> Raw:
        """The component as a raw graph (vertices renumbered in order), edges pruned."""
        comp, lefts, rights = triple
        adj = self.adj
        cut_l = rights if self._col else lefts
        cut_r = lefts if self._col else rights
        vs = _bits(comp)
        bit = [0] * len(adj)
        for i, v in enumerate(vs):
            bit[v] = 1 << i
        new_bit = bit.__getitem__
        sub_adj = []
        tints = []
        for v in vs:
            b = 1 << v
            nb = adj[v] & comp
            if b & lefts:
                nb &= ~cut_l
                tints.append("L")
            elif b & rights:
                nb &= ~cut_r
                tints.append("R")
            else:
                tints.append(".")
            sub_adj.append(sum(map(new_bit, _bits(nb))))
        return tuple(sub_adj), "".join(tints)

    def identify(self, state: tuple[Any, ...]) -> None:
        """Key the components of ``state`` up to isomorphism (canonical labelling).

        Components met inside the host are otherwise known by exact bit masks
        (up to the host's symmetries); the components of a position asked
        about are keyed by :func:`canonical_key` first, so that isomorphic
        positions, in this graph or any other, share their values.

        >>> rules = COL.host((0b10, 0b101, 0b10))         # the path a-b-c
        >>> rules.identify(((0b111, 0b001, 0),))
        >>> rules.split(((0b111, 0b001, 0),))
        [('..L', False)]
        """
        col = self._col
        for rest, lefts, rights in state:
            cut_l = rights if col else lefts
            cut_r = lefts if col else rights
            pruned = tuple(
                [
                    a & ~cut_l if lefts >> v & 1 else a & ~cut_r if rights >> v & 1 else a
                    for v, a in enumerate(self.adj)
                ]
            )
            for comp in _components(pruned, rest):
                triple = (comp, lefts & comp, rights & comp)
                if triple not in self._exact:
                    self._label(triple)

    def known_value(self, key: Hashable) -> Game | None:
        """The value of a component known in closed form (see :meth:`GraphRules.known_value`).

        >>> COL.host((0b10, 0b01)).known_value("..")
        0
        """
        return self.base.known_value(key)

    def options(self, key: Hashable) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """``(left, right)`` option states of the component with this key.

        >>> rules = COL.host((0b1110, 1, 1, 1))      # a star: centre 0, leaves 1, 2, 3
        >>> [(key, negated)] = rules.split(((0b1111, 0, 0),))
        >>> left, right = rules.options(key)
        >>> left[0]       # Left colours the centre: the three leaves are Right's
        ((14, 0, 14),)
        """
        triple: tuple[int, int, int] | None
        if isinstance(key, tuple) and key[0] == self._token:  # a class of this host
            triple = (key[1], key[2], key[3])
        else:
            triple = self._rep.get(key)
            if triple is None:
                return self.base.options(key)
        return self._moves(triple, True), self._moves(triple, False)

    def _moves(self, triple: tuple[int, int, int], left: bool) -> list[tuple[Any, ...]]:
        comp, lefts, rights = triple
        adj = self.adj
        mine, theirs = (lefts, rights) if left else (rights, lefts)
        col = self._col
        out: list[tuple[Any, ...]] = []
        for v in _bits(comp & ~theirs):
            nb = adj[v] & comp
            if col:
                alive = comp & ~(1 << v) & ~(nb & mine)
                new_mine, new_theirs = mine & alive, (theirs | nb) & alive
            else:
                alive = comp & ~(1 << v) & ~(nb & theirs)
                new_mine, new_theirs = (mine | nb) & alive, theirs & alive
            if left:
                out.append(((alive, new_mine, new_theirs),))
            else:
                out.append(((alive, new_theirs, new_mine),))
        return out


COL = GraphRules(
    "Col",
    {"L": {".": "R", "R": "R", "L": ""}, "R": {".": "L", "L": "L", "R": ""}},
    ("LR", "RL"),
)
SNORT = GraphRules(
    "Snort",
    {"L": {".": "L", "L": "L", "R": ""}, "R": {".": "R", "R": "R", "L": ""}},
    ("LL", "RR"),
)
register_cache(COL.clear)
register_cache(SNORT.clear)


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------
def _read_graph(graph: Any) -> tuple[list[Hashable], tuple[int, ...], str]:
    if isinstance(graph, str):
        graph = parse_graph(graph)
    data, nbrs = getattr(graph, "_node", None), getattr(graph, "_adj", None)
    if type(data) is dict and type(nbrs) is dict and hasattr(graph, "is_multigraph"):
        # a networkx graph: read its own dictionaries (its views are slower to make)
        if graph.is_directed():
            raise InvalidPosition("Col and Snort are played on undirected graphs")
        if not graph.is_multigraph():
            return _read_dicts(data, nbrs)
    if not (hasattr(graph, "nodes") and hasattr(graph, "edges") and hasattr(graph, "is_directed")):
        raise InvalidPosition(
            f"a Col or Snort position is a networkx.Graph or a graph string, "
            f"not {type(graph).__name__}"
        )
    if graph.is_directed():
        raise InvalidPosition("Col and Snort are played on undirected graphs")
    nodes = list(graph.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    chars = []
    for v in nodes:
        tint = graph.nodes[v].get("tint")
        if tint not in _TINT_CHAR:
            raise InvalidPosition(f"vertex {v!r} has tint {tint!r}; a tint is None, 'L' or 'R'")
        chars.append(_TINT_CHAR[tint])
    adj = [0] * len(nodes)
    for a, b in graph.edges():
        if a == b:
            raise InvalidPosition(f"vertex {a!r} has a loop; Col and Snort graphs have none")
        adj[index[a]] |= 1 << index[b]
        adj[index[b]] |= 1 << index[a]
    return nodes, tuple(adj), "".join(chars)


def _read_dicts(
    data: dict[Hashable, dict[str, Any]], nbrs: dict[Hashable, dict[Hashable, Any]]
) -> tuple[list[Hashable], tuple[int, ...], str]:
    """:func:`_read_graph` on a ``networkx.Graph``'s own dictionaries (node data and
    adjacency), which is much quicker than going through its views.

    >>> import networkx as nx
    >>> g = nx.path_graph(3); g.nodes[2]["tint"] = "R"
    >>> _read_dicts(g._node, g._adj)
    ([0, 1, 2], (2, 5, 2), '..R')
    """
    nodes = list(data)
    index = {v: i for i, v in enumerate(nodes)}
    chars = []
    for v, attrs in data.items():
        tint = attrs.get("tint") if attrs else None
        if tint is None:
            chars.append(".")
        elif tint == "L" or tint == "R":
            chars.append(tint)
        else:
            raise InvalidPosition(f"vertex {v!r} has tint {tint!r}; a tint is None, 'L' or 'R'")
    adj = []
    for v in nodes:
        mask = 0
        for u in nbrs[v]:
            mask |= 1 << index[u]
        if mask >> index[v] & 1:
            raise InvalidPosition(f"vertex {v!r} has a loop; Col and Snort graphs have none")
        adj.append(mask)
    return nodes, tuple(adj), "".join(chars)


class _GraphGame(Position):
    """Shared code of Col and Snort positions."""

    __slots__ = ("_where", "adj", "nodes", "tints")

    rules: ClassVar[GraphRules]
    _kernel_kind: ClassVar[int]

    nodes: list[Hashable]
    adj: tuple[int, ...]
    tints: str
    _where: dict[Hashable, tuple[float, float]] | None  # drawing coordinates, if given

    def __init__(self, graph: Any = "") -> None:
        if isinstance(graph, str):
            graph = parse_graph(graph)
        self.nodes, self.adj, self.tints = _read_graph(graph)
        self._where = node_coordinates(graph)

    @classmethod
    def _make(
        cls,
        nodes: list[Hashable],
        adj: tuple[int, ...],
        tints: str,
        where: dict[Hashable, tuple[float, float]] | None = None,
    ) -> Any:
        pos = object.__new__(cls)
        pos.nodes, pos.adj, pos.tints, pos._where = nodes, adj, tints, where
        return pos

    @property
    def graph(self) -> Any:
        """A fresh ``networkx.Graph`` of the position, with node attribute ``tint``."""
        import networkx as nx

        g = nx.Graph()
        for v, t in zip(self.nodes, self.tints, strict=True):
            g.add_node(v, tint=_CHAR_TINT[t])
        for i, v in enumerate(self.nodes):
            for j in _bits(self.adj[i]):
                if j > i:
                    g.add_edge(v, self.nodes[j])
        return g

    def _move(self, i: int, player: str) -> Any:
        after = self.rules._after[player]
        alive = ((1 << len(self.adj)) - 1) & ~(1 << i)
        new = list(self.tints)
        for u in _bits(self.adj[i]):
            nt = after[self.tints[u]]
            if nt:
                new[u] = nt
            else:
                alive &= ~(1 << u)
        keep = _bits(alive)
        sub_adj, sub_tints = _induced(self.adj, "".join(new), alive)
        return self._make(
            [self.nodes[u] for u in keep], sub_adj, sub_tints, getattr(self, "_where", None)
        )

    def _moves(self, player: str) -> list[Any]:
        return [self._move(i, player) for i, t in enumerate(self.tints) if t in (".", player)]

    def describe_move(self, option: Any) -> str | None:
        """The vertex coloured, by its name in the graph (and the colour, when it matters).

        >>> g = Col("L-.-.")
        >>> [g.describe_move(o) for o in g.right_options()]
        ['colour vertex 1 red', 'colour vertex 2 red']
        >>> g = Snort(".-.;.")
        >>> [g.describe_move(o) for o in g.left_options()]    # vertex 2: either player's move
        ['colour vertex 0 blue', 'colour vertex 1 blue', 'colour vertex 2']
        """
        if type(option) is not type(self):
            return None
        target = (option.nodes, option.adj, option.tints)
        found: dict[int, list[str]] = {}
        for player in "LR":
            for i, t in enumerate(self.tints):
                if t in (".", player):
                    after = self._move(i, player)
                    if (after.nodes, after.adj, after.tints) == target:
                        found.setdefault(i, []).append(player)
        if not found:
            return None
        i, players = next(iter(found.items()))
        colour = "" if len(players) == 2 else " blue" if players == ["L"] else " red"
        return f"colour vertex {self.nodes[i]}{colour}"

    def left_options(self) -> list[Any]:
        """Positions after Left colours one vertex blue."""
        return self._moves("L")

    def right_options(self) -> list[Any]:
        """Positions after Right colours one vertex red."""
        return self._moves("R")

    def components(self) -> list[Any]:
        """The connected components, each a position of its own."""
        out = []
        for comp in _components(self.adj, (1 << len(self.adj)) - 1):
            sub_adj, sub_tints = _induced(self.adj, self.tints, comp)
            nodes = [self.nodes[u] for u in _bits(comp)]
            out.append(self._make(nodes, sub_adj, sub_tints, getattr(self, "_where", None)))
        return out

    def key(self) -> Hashable:
        """Sorted canonical component keys with swap flags (equal for isomorphic positions)."""
        return tuple(sorted(self.rules.split(((self.adj, self.tints),)), key=repr))

    def value(self) -> Game:
        """The canonical value, via the shared solver (components memoised up to isomorphism).

        Each connected part is valued inside its own graph (its host), so
        equal parts share one host and their symmetries are searched once.
        A graph of at most 64 vertices is valued by the compiled engine when
        it is built (see :func:`_graph_engine`); the value is the same game.

        >>> Snort("L-.-.").value()
        {2|-1}
        """
        engine = _graph_engine(type(self), len(self.adj))
        if engine is not None:
            lefts, rights = _tint_masks(self.tints)
            with LOCK:
                try:
                    result: Game = engine.graph(self._kernel_kind, self.adj, lefts, rights)
                    return result
                except engine.Fallback:
                    pass  # a number beyond 64 bits: the Python solver answers
        return _graph_value(self)

    def __len__(self) -> int:
        return len(self.adj)

    def __str__(self) -> str:
        return format_graph(self.adj, self.tints)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _GraphGame)
        return self.graph.nodes(data=True) == other.graph.nodes(data=True) and set(
            map(frozenset, self.graph.edges)
        ) == set(map(frozenset, other.graph.edges))

    def __hash__(self) -> int:
        return hash((type(self).__name__, len(self.adj), self.tints.count(".")))

    def _repr_svg_(self) -> str:
        """The graph, drawn from its vertices' coordinates when it has them
        (see :func:`node_coordinates`), blue and red vertices tinted.

        >>> import networkx as nx
        >>> svg = Col(nx.grid_2d_graph(2, 3))._repr_svg_()
        >>> svg.count("<circle"), svg.count("<line")
        (6, 7)
        """
        where = getattr(self, "_where", None)
        coords = [where[v] for v in self.nodes] if where is not None else None
        return graph_svg(self.adj, self.tints, [_label(v) for v in self.nodes], coordinates=coords)


def _label(node: Hashable) -> str:
    """A vertex's label: grid points ``(1, 2)`` as ``1,2`` to fit inside the vertex."""
    if isinstance(node, tuple):
        return ",".join(map(str, node))
    return str(node)


def _tint_masks(tints: str) -> tuple[int, int]:
    """The vertices tinted ``L`` and those tinted ``R``, as bit masks.

    >>> _tint_masks("L.RL")
    (9, 4)
    """
    if tints.count(".") == len(tints):
        return 0, 0
    lefts = rights = 0
    for v, t in enumerate(tints):
        if t == "L":
            lefts |= 1 << v
        elif t == "R":
            rights |= 1 << v
    return lefts, rights


def _graph_engine(kind: type, n: int) -> Any:
    """The compiled engine if it may value a graph of ``n`` vertices now, else ``None``.

    As for boards (:func:`cgt.games.domineering._compiled`): at most 64
    vertices, no value store and no work budget in use.

    >>> _graph_engine(Col, 65) is None     # too many vertices: the Python solver
    True
    """
    if n > 64 or _ENGINE is None:
        return None
    if getattr(_budget._local, "left", None) is not None:
        return None
    solver = _SOLVERS.get(kind)  # (not made here: a solver made now has no store)
    if (solver is not None and solver.store is not None) or current_persistence() is not None:
        return None
    return _ENGINE


@deep
def _graph_value(position: _GraphGame) -> Game:
    # Controlled recursion: canonical labelling and the symmetry search recurse
    # as deep as a graph has vertices (a star with a thousand leaves).
    from ..canonical import add
    from ..game import zero

    solver = solver_for(type(position))
    total = zero
    # The host tables are shared by every position of the ruleset: one thread at a time.
    with solver.lock:
        for part in position.components():
            lefts = rights = 0
            for v, t in enumerate(part.tints):
                if t == "L":
                    lefts |= 1 << v
                elif t == "R":
                    rights |= 1 << v
            state = (((1 << len(part.adj)) - 1, lefts, rights),)
            rules = part.rules.host(part.adj)
            rules.attach(solver.values)
            rules.identify(state)
            total = add(total, solver.keyed_value(rules, state))
    return total


def node_coordinates(graph: Any) -> dict[Hashable, tuple[float, float]] | None:
    """Where to draw each vertex, when the graph says: ``None`` when it does not.

    A node attribute ``pos = (x, y)`` on every vertex wins (networkx's
    convention: ``y`` grows upward); otherwise, when every vertex is a pair of
    numbers, the pair is read as ``(row, column)`` of a grid, as in
    ``networkx.grid_2d_graph(rows, columns)``.  Coordinates are in drawing
    order: ``x`` to the right and ``y`` downward.

    >>> import networkx as nx
    >>> node_coordinates(nx.grid_2d_graph(2, 3))[(1, 2)]
    (2.0, 1.0)
    >>> g = nx.path_graph(2); g.nodes[0]["pos"] = (0, 0); g.nodes[1]["pos"] = (3, 4)
    >>> node_coordinates(g)
    {0: (0.0, -0.0), 1: (3.0, -4.0)}
    >>> node_coordinates(nx.path_graph(3)) is None
    True
    """

    def pair(p: Any) -> tuple[float, float] | None:
        if isinstance(p, (str, bytes)) or not hasattr(p, "__len__") or len(p) != 2:
            return None
        if any(isinstance(c, bool) or not isinstance(c, (int, float, Fraction)) for c in p):
            return None
        return float(p[0]), float(p[1])

    data = getattr(graph, "_node", None)
    if type(data) is not dict:
        data = {v: graph.nodes[v] for v in graph.nodes}
    nodes = list(data)
    if not nodes:
        return None
    if all(not attrs or "pos" not in attrs for attrs in data.values()):
        if type(nodes[0]) is int:  # the usual graph of numbered vertices: no coordinates
            return None
        given: list[tuple[float, float] | None] = [None]
    else:
        given = [pair(data[v].get("pos")) for v in nodes]
    if all(p is not None for p in given):
        return {v: (p[0], -p[1]) for v, p in zip(nodes, given, strict=True) if p is not None}
    grid = [pair(v) for v in nodes]
    if all(p is not None for p in grid):
        return {v: (p[1], p[0]) for v, p in zip(nodes, grid, strict=True) if p is not None}
    return None


def graph_svg(
    adj: tuple[int, ...],
    tints: str,
    names: list[str],
    size: int = 240,
    coordinates: list[tuple[float, float]] | None = None,
) -> str:
    """An SVG drawing of a graph, vertices tinted blue (L) or red (R) and labelled.

    ``coordinates`` (one ``(x, y)`` a vertex, ``y`` downward) place the
    vertices; without them a deterministic spring layout does.  Vertices are
    drawn as large as their longest label needs, and adjacent grid points
    never overlap.

    >>> svg = graph_svg((0b10, 0b01), "L.", ["a", "b"])
    >>> svg.startswith("<svg") and svg.count("<circle") == 2
    True
    """
    from .._svg import BLUE, RED, document, escape, fit_font, num, text_width

    n = len(adj)
    edges = [(i, j) for i in range(n) for j in _bits(adj[i]) if j > i]
    longest = max(names, key=lambda t: text_width(t, 1.0), default="")
    font = fit_font(longest, 18.0, size=10.0, smallest=7.0)
    radius = max(11.0, text_width(longest, font) / 2 + 3.0)
    if coordinates is None:
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_edges_from(edges)
        layout = nx.spring_layout(g, seed=1) if n > 1 else {0: (0.0, 0.0)}
        coordinates = [(float(layout[v][0]), float(layout[v][1])) for v in range(n)]
    xs = [x for x, _ in coordinates] or [0.0]
    ys = [y for _, y in coordinates] or [0.0]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    closest = span
    if n <= 400:  # the nearest two vertices must not overlap
        for i in range(n):
            for j in range(i + 1, n):
                (x1, y1), (x2, y2) = coordinates[i], coordinates[j]
                d = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5
                if d > 1e-9:
                    closest = min(closest, d)
    scale = (2 * radius + 14) / closest if closest > 0 else 1.0
    scale = max(scale, (size - 2 * radius - 8) / span) if span > 0 else scale
    scale = min(scale, 900 / span) if span > 0 else scale
    margin = radius + 4

    def xy(v: int) -> tuple[str, str]:
        x, y = coordinates[v]
        return num(margin + (x - min(xs)) * scale), num(margin + (y - min(ys)) * scale)

    width = 2 * margin + (max(xs) - min(xs)) * scale
    height = 2 * margin + (max(ys) - min(ys)) * scale
    fill = {".": "#ffffff", "L": "#9ec5ff", "R": "#ffaaaa"}
    stroke = {".": "#222222", "L": BLUE, "R": RED}
    body = []
    for i, j in edges:
        (a, b), (c, d) = xy(i), xy(j)
        body.append(
            f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="#555555" stroke-width="1.5"/>'
        )
    for v in range(n):
        sx, sy = xy(v)
        body.append(
            f'<g><circle cx="{sx}" cy="{sy}" r="{num(radius)}" fill="{fill[tints[v]]}" '
            f'stroke="{stroke[tints[v]]}" stroke-width="1.5"/>'
            f'<text x="{sx}" y="{sy}" dy="0.35em" font-size="{num(font)}" '
            f'text-anchor="middle">{escape(names[v])}</text></g>'
        )
    return document(width, height, body, background="white")


@register_ruleset(
    "Col",
    "partizan",
    syntax="GRAPH",
    summary="Col on a graph (L-.-R syntax)",
    example="L-.-.-R",
    cli="col",
    docs="col_snort",
    stored_as=("cgt.games.graphs.Col",),
)
class Col(_GraphGame):
    """A Col position: neighbours never share a colour.

    ``Col(graph)`` takes a ``networkx.Graph`` (node attribute ``tint`` in
    ``None, "L", "R"``) or a graph string (see :func:`parse_graph`).

    >>> Col(".-.").value(), Col("L-.-R").value(), Col("L-.-L").value()
    (0, 0, 1)
    >>> import networkx as nx
    >>> g = nx.cycle_graph(5); g.nodes[0]["tint"] = "L"
    >>> Col(g).value()
    0
    """

    __slots__ = ()
    rules = COL
    _kernel_kind = 0  # the compiled engine's number for Col


@register_ruleset(
    "Snort",
    "partizan",
    syntax="GRAPH",
    summary="Snort on a graph",
    example=".-.-.",
    cli="snort",
    docs="col_snort",
    stored_as=("cgt.games.graphs.Snort",),
)
class Snort(_GraphGame):
    """A Snort position: neighbours never have different colours.

    >>> Snort(".-.").value(), Snort("L-.").value(), Snort("L").value()
    (+-1, {1|0}, 1)
    """

    __slots__ = ()
    rules = SNORT
    _kernel_kind = 1  # the compiled engine's number for Snort
