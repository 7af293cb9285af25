"""Colouring games on graphs: the rules and positions Col and Snort share.

Players take turns colouring an uncoloured vertex, Left blue and Right red;
whoever cannot move loses.  A ruleset says what colouring does to the
neighbours (:class:`GraphRules`: in Col two neighbours never share a colour,
in Snort they never differ).  Positions are ``networkx.Graph`` objects of
the vertices still to colour; the node attribute ``tint`` (``None``, ``"L"``
or ``"R"``) records the coloured neighbours that are gone: ``"L"`` means
only Left may still colour that vertex, ``"R"`` only Right.  A move deletes
the vertex and tints its neighbours; a vertex that neither player may
colour is deleted too.

Values come from the generic :class:`~cgt.solver.Solver` through keyed
rules: components are stored under :func:`~cgt.games.graph.canonical_key`,
so isomorphic components (with their tints) share one entry, and a
component with ``L`` and ``R`` swapped shares it too, read negated.  Inside
one graph, :class:`HostRules` keeps positions as bit masks of the host and
names them by the host's symmetries.  Graphs of at most 64 vertices are
valued by the compiled engine when it is built (``cgt/_c/graphs.h``).

The rulesets are :mod:`cgt.games.col` and :mod:`cgt.games.snort`; the graph
geometry (syntax, keys, components, pictures) is :mod:`cgt.games.graph`.

>>> from cgt.games import Col, Snort
>>> Col(".-.-.").value(), Snort(".-.-.").value()
(0, +-2)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .. import _engine
from .._deep import deep
from .._engine import LOCK
from .._svg import Drawable
from ..solver import current_persistence
from .base import _SOLVERS, GRAPH_COORDINATES, Position, solver_for
from .graph import (
    _CHAR_TINT,
    Raw,
    _bits,
    _components,
    _induced,
    _label,
    _labelling,
    _path_key,
    _path_tints,
    _read_graph,
    _tint_masks,
    canonical_key,
    format_graph,
    graph_svg,
    node_coordinates,
    parse_graph,
)
from .registry import RulesetFamily

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["GraphRules", "HostRules"]


_K = TypeVar("_K")
_V = TypeVar("_V")


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
    """Keyed rules (:class:`~cgt.solver.KeyedRules`) of a colouring game (Col or Snort).

    ``after[player][tint]`` is what becomes of a neighbour's tint when
    ``player`` colours a vertex (``""``: the neighbour is deleted);
    ``irrelevant`` names the pairs of tints whose edge no longer constrains a
    move (:meth:`prune`); ``path_value``, when given, is the value of a path
    from its tint sequence in closed form, or ``None`` (:meth:`known_value`).  States
    are tuples of *pieces*: a ``str`` is a path given by its tint sequence,
    a pair ``(adjacency, tints)`` any raw graph, a triple
    ``(adjacency, tints, True)`` a connected one.

    >>> from cgt.games.col import COL
    >>> COL.split(("L.", "R."))          # two paths that cancel
    [('.L', False), ('.L', True)]
    >>> COL.options(".L")                # Left's move next to L deletes it
    ([(), ('R',)], [('L',)])
    """

    __slots__ = (
        "_after",
        "_graph_cache",
        "_hosts",
        "_path_cache",
        "_path_value",
        "irrelevant",
        "name",
    )

    max_cache = 1 << 20

    def __init__(
        self,
        name: str,
        after: dict[str, dict[str, str]],
        irrelevant: Iterable[str],
        path_value: Callable[[str], Game | None] | None = None,
    ) -> None:
        self.name = name
        self._path_value = path_value
        self._after = after
        self.irrelevant = frozenset(irrelevant)
        self._path_cache: dict[str, tuple[Hashable, bool]] = {}
        self._graph_cache: dict[tuple[tuple[int, ...], str], tuple[Hashable, bool]] = {}
        self._hosts: dict[tuple[int, ...], HostRules] = {}

    @property
    def ruleset(self) -> str:
        """The game these rules play (a solver serves one game's keyed rules).

        >>> from cgt.games.col import COL
        >>> COL.ruleset, COL.host((0,)).ruleset
        ('Col', 'Col')
        """
        return self.name

    def clear(self) -> None:
        """Forget the cached canonical keys.

        >>> from cgt.games.col import COL
        >>> COL.clear()
        """
        self._path_cache.clear()
        self._graph_cache.clear()
        self._drop_hosts()

    max_hosts = 16

    def host(self, adj: tuple[int, ...]) -> HostRules:
        """The rules for positions inside the graph with these adjacency masks (cached).

        >>> from cgt.games.col import COL
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

        >>> from cgt.games.col import COL
        >>> from cgt.games.snort import SNORT
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
        """The value of a component known in closed form (Col's paths), else ``None``.

        >>> from cgt.games.col import COL
        >>> from cgt.games.snort import SNORT
        >>> COL.known_value("L...R"), SNORT.known_value("L...R") is None
        (0, True)
        """
        path_value = self._path_value
        if path_value is not None and key.__class__ is str:
            return path_value(key)
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

    >>> from cgt.games.col import COL
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

        >>> from cgt.games.snort import SNORT
        >>> SNORT.host((0b10, 0b01)).ruleset
        'Snort'
        """
        return self.base.name

    def persistent(self, key: Hashable) -> bool:
        """Whether ``key`` means the same component in every process: not for this
        host's own keys, which carry a token of this process (a store must not
        keep them; another process's host of the same token is another graph).

        >>> from cgt.games.col import COL
        >>> rules = COL.host((0b1110, 1, 1, 1))
        >>> rules.persistent(rules._own_key((0b1111, 0, 0))), rules.persistent(".L")
        (False, True)
        """
        return not (key.__class__ is tuple and key[0] == self._token)

    def attach(self, values: dict[Hashable, Any]) -> None:
        """Note a solver table that stores values under this host's keys.

        When the host is dropped (:meth:`retire`), its own keys are removed from
        it: they can never be met again, since no later host has this token.

        >>> from cgt.games.col import COL
        >>> rules = COL.host((0b1110, 1, 1, 1)); table = {}
        >>> rules.attach(table); rules.attach(table); len(rules._tables)
        1
        """
        if not any(t is values for t in self._tables):
            self._tables.append(values)

    def retire(self) -> None:
        """Remove the values of this host's own components from the attached tables.

        >>> from cgt.games.col import COL
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

        >>> from cgt.games.col import COL
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

        >>> from cgt.games.snort import SNORT
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

        >>> from cgt.games.col import COL
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

        >>> from cgt.games.col import COL
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

        >>> from cgt.games.col import COL
        >>> COL.host((0b10, 0b01)).known_value("..")
        0
        """
        return self.base.known_value(key)

    def options(self, key: Hashable) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """``(left, right)`` option states of the component with this key.

        >>> from cgt.games.col import COL
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


class _GraphGame(Position, Drawable):
    """Shared code of Col and Snort positions."""

    move_coordinates: ClassVar[str] = GRAPH_COORDINATES

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

        >>> from cgt.games.col import Col
        >>> from cgt.games.snort import Snort
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

        >>> from cgt.games.snort import Snort
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

    def _draw_svg(self) -> str:
        """The graph, drawn from its vertices' coordinates when it has them
        (see :func:`node_coordinates`), blue and red vertices tinted.

        >>> from cgt.games.col import Col
        >>> import networkx as nx
        >>> svg = Col(nx.grid_2d_graph(2, 3))._repr_svg_()
        >>> svg.count("<circle"), svg.count("<line")
        (6, 7)
        """
        where = getattr(self, "_where", None)
        coords = [where[v] for v in self.nodes] if where is not None else None
        return graph_svg(self.adj, self.tints, [_label(v) for v in self.nodes], coordinates=coords)


def _graph_engine(kind: type, n: int) -> Any:
    """The compiled engine if it may value a graph of ``n`` vertices now, else ``None``.

    A thin call of the one rule, :func:`cgt._engine.solver_kernel`, as for
    boards (:func:`cgt.games.domineering._compiled`).

    >>> from cgt.games.col import Col
    >>> _graph_engine(Col, 65) is None     # too many vertices: the Python solver
    True
    """
    solver = _SOLVERS.get(kind)  # (not made here: a solver made now has no store)
    stored = (solver is not None and solver.store is not None) or current_persistence() is not None
    return _engine.solver_kernel(kind, n, stored=stored)


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


COLOURING = RulesetFamily(
    "partizan",
    "GRAPH",
    docs="col_snort",
    moved_from="cgt.games.graphs",
    fast_path="compiled graph solver (cgt/_c/graphs.h), at most 64 vertices",
    keyed_rules=lambda cls: cls.rules,
)
"""The colouring games (Col, Snort), valued through their class's :class:`GraphRules`:
their registry declarations (:class:`~cgt.games.registry.RulesetFamily`)."""
