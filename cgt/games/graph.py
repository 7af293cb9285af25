"""Graph geometry: graphs as bit masks, read, written, labelled, split and drawn.

A *raw graph* is ``(adjacency, tints)``: ``adjacency[v]`` is the bit mask of
the neighbours of vertex ``v`` and ``tints`` a string over ``.LR``, one
character a vertex (the tints of Col and Snort; other games use ``.``
throughout).  This module holds what every game on graphs shares:

* the string syntax (:func:`parse_graph`, :func:`format_graph`) and reading
  ``networkx`` graphs (``_read_graph``);
* the symmetry key (:func:`canonical_key`): paths and cycles by their tint
  sequences, other graphs canonically labelled by colour refinement and
  individualisation (``_labelling``), with the tint swap ``L <-> R``;
* connected components (``_components``) and induced subgraphs
  (``_induced``);
* pictures (:func:`graph_svg`, :func:`node_coordinates`).

The colouring games built on it are :mod:`cgt.games.graph_colouring` (their
shared rules and positions), :mod:`cgt.games.col` and
:mod:`cgt.games.snort`; :mod:`cgt.games.kayles` uses it too.  The compiled
kernel's ``cgt/_c/graphs.h`` computes the same keys.

>>> g = parse_graph("a:L-.-.-a")              # a triangle, one vertex tinted L
>>> g.number_of_nodes(), g.number_of_edges(), g.nodes["a"]["tint"]
(3, 3, 'L')
>>> canonical_key((0b110, 0b101, 0b011), "L..")
(('C', '..L'), False)
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._deep import deep
from ..errors import InvalidPosition

if TYPE_CHECKING:  # pragma: no cover
    pass

__all__ = [
    "canonical_key",
    "format_graph",
    "graph_svg",
    "node_coordinates",
    "parse_graph",
]


_TINT_CHAR = {None: ".", "L": "L", "R": "R"}
_CHAR_TINT: dict[str, str | None] = {".": None, "L": "L", "R": "R"}
_SWAP = str.maketrans("LR", "RL")

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


# ---------------------------------------------------------------------------
# networkx graphs and graph strings in
# ---------------------------------------------------------------------------
def _read_graph(
    graph: Any, game: str = "Col and Snort"
) -> tuple[list[Hashable], tuple[int, ...], str]:
    if isinstance(graph, str):
        graph = parse_graph(graph)
    data, nbrs = getattr(graph, "_node", None), getattr(graph, "_adj", None)
    if type(data) is dict and type(nbrs) is dict and hasattr(graph, "is_multigraph"):
        # a networkx graph: read its own dictionaries (its views are slower to make)
        if graph.is_directed():
            raise InvalidPosition(f"{game} are played on undirected graphs")
        if not graph.is_multigraph():
            return _read_dicts(data, nbrs, game)
    if not (hasattr(graph, "nodes") and hasattr(graph, "edges") and hasattr(graph, "is_directed")):
        raise InvalidPosition(
            f"a {'Col or Snort' if game == 'Col and Snort' else game} position is a "
            f"networkx.Graph or a graph string, "
            f"not {type(graph).__name__}"
        )
    if graph.is_directed():
        raise InvalidPosition(f"{game} are played on undirected graphs")
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
            raise InvalidPosition(f"vertex {a!r} has a loop; {game} graphs have none")
        adj[index[a]] |= 1 << index[b]
        adj[index[b]] |= 1 << index[a]
    return nodes, tuple(adj), "".join(chars)


def _read_dicts(
    data: dict[Hashable, dict[str, Any]],
    nbrs: dict[Hashable, dict[Hashable, Any]],
    game: str = "Col and Snort",
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
            raise InvalidPosition(f"vertex {v!r} has a loop; {game} graphs have none")
        adj.append(mask)
    return nodes, tuple(adj), "".join(chars)


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
