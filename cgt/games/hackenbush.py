"""Blue-red-green Hackenbush.

A position is a graph of edges drawn on the ground.  Each edge is blue
(Left's, ``"L"``), red (Right's, ``"R"``) or green (either player's,
``"G"``).  A move deletes one edge of your colour or a green one; every edge
no longer connected to the ground then vanishes.  Whoever cannot move loses.

Positions come from a ``networkx.MultiGraph`` (or ``Graph``) with the edge
attribute ``color`` and a ground node (or several, all treated as one), from
a list of ``(u, v, colour)`` triples, or from CGSuite's string form of trees
planted on the ground (:meth:`Hackenbush.parse`): ``l`` blue, ``r`` red,
``e`` green, a run of letters a stalk going up, parentheses branches, a
top-level ``;`` between trees standing on the ground, and vertex labels
``:X`` / ``:{Name}`` for cycles (one name, one vertex).

Values use the theory where it applies and the generic solver elsewhere:

* a blue-red *stalk* by Berlekamp's sign-expansion rule, a blue-red *tree*
  by the edge rule (an edge of Left's under a part worth ``x`` is worth
  ``(x + n) / 2**(n-1)``, ``n`` the least integer ``>= 1`` with ``x + n > 1``);
* an all-green graph by the colon and fusion principles (a nimber);
* a loop is exactly a leaf edge (the game trees are the same), so blue-red
  trees with loops take the edge rule too;
* anything else (green mixed with blue or red, blue-red graphs with cycles)
  by search, the parts above seeded into the solver's table.

>>> from cgt.games import Hackenbush
>>> Hackenbush.parse("lr").value(), Hackenbush.parse("llr").value()
(1/2, 3/2)
>>> Hackenbush.parse("e(ee;e)").value()
*4
>>> Hackenbush.parse("le").value()
1*
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar

from .. import _cache
from .._compat import flag
from .._svg import Drawable
from ..errors import InvalidPosition, NotImpartial, ParseError, TooLarge
from .base import Position, register_cache, solver_for
from .registry import register_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = [
    "Hackenbush",
    "green_grundy",
    "red_blue_tree_value",
    "stalk_string",
    "stalk_value",
]

Edge = tuple[int, int, str]

_COLOURS = ("L", "R", "G")
_LETTER = {"L": "l", "R": "r", "G": "e"}
_COLOUR_OF = {"l": "L", "r": "R", "e": "G"}
_SVG_COLOUR = {"L": "#1f5fd6", "R": "#d62020", "G": "#1a9a35"}


# ---------------------------------------------------------------------------
# The theory
# ---------------------------------------------------------------------------
def stalk_value(colours: str) -> Fraction:
    """The value of a blue-red stalk by Berlekamp's sign-expansion rule.

    ``colours`` lists the edges from the ground up (``"L"``/``"l"`` blue,
    ``"R"``/``"r"`` red).  The edges up to the first change of colour count
    ``±1`` each; every later edge counts half the one below it.

    >>> stalk_value("LR"), stalk_value("lrr"), stalk_value("llr"), stalk_value("")
    (Fraction(1, 2), Fraction(1, 4), Fraction(3, 2), Fraction(0, 1))
    """
    total = Fraction(0)
    step = Fraction(1)
    first = None
    changed = False
    for c in colours.upper():
        if c not in ("L", "R"):
            raise InvalidPosition(f"a blue-red stalk has only L and R edges, not {c!r}")
        if first is None:
            first = c
        elif c != first:
            changed = True
        if changed:
            step /= 2
        total += step if c == "L" else -step
    return total


_STALK_LIMIT = 1 << 20
"""The longest stalk :func:`stalk_string` writes out."""


def stalk_string(x: Any) -> str:
    """The blue-red stalk worth the number ``x``, from the ground up (``l`` blue,
    ``r`` red): its sign expansion, the inverse of Berlekamp's rule.

    Whole steps towards ``x`` until reaching or passing it, then steps of
    ``1/2``, ``1/4``, ... towards it; a step up is a blue edge, a step down a
    red one.  The stalk has as many edges as ``x``'s birthday.  ``x`` is an
    int, a :class:`~cgt.Dyadic`, a dyadic :class:`~fractions.Fraction` or
    string, or a number :class:`~cgt.Game`; stalks over ``2**20`` edges raise
    :class:`~cgt.TooLarge`.

    >>> stalk_string(3), stalk_string("3/4"), stalk_string(-2.5), stalk_string(0)
    ('lll', 'lrl', 'rrrl', '')
    >>> stalk_value(stalk_string("77/128"))
    Fraction(77, 128)
    """
    from ..game import Game, to_game

    try:
        g = x if isinstance(x, Game) else to_game(x)
    except (TypeError, ValueError) as err:
        raise InvalidPosition(f"a stalk is made for a dyadic number, not {x!r}") from err
    if not g.is_number:
        raise InvalidPosition(f"a blue-red stalk is worth a number, and {g} is not one")
    if g.birthday() > _STALK_LIMIT:
        raise TooLarge(f"the stalk of {g} has {g.birthday()} edges (the limit is {_STALK_LIMIT})")
    target = g.to_dyadic().as_fraction()
    whole = -((-target) // 1) if target > 0 else -(target // 1)  # whole steps: up to ceil(|x|)
    letters = ["l" if target > 0 else "r"] * int(abs(whole))
    at = Fraction(whole if target > 0 else -whole)
    step = Fraction(1, 2)
    while at != target:
        up = at < target
        letters.append("l" if up else "r")
        at += step if up else -step
        step /= 2
    return "".join(letters)


def _above_blue(x: Fraction) -> Fraction:
    """The value of a blue edge carrying a part worth ``x`` (a number)."""
    if x >= 0:
        return x + 1
    n = (1 - x).__floor__() + 1  # the least n >= 1 with x + n > 1
    return (x + n) / (1 << (n - 1))


def _above(colour: str, x: Fraction) -> Fraction:
    return _above_blue(x) if colour == "L" else -_above_blue(-x)


def _rooted(edges: Sequence[Edge]) -> tuple[list[int], dict[int, list[tuple[str, int]]]] | None:
    """The nodes in depth-first order and the children (edge colour, child) of
    each, if ``edges`` form a tree rooted at the ground 0; else ``None``."""
    adj: dict[int, list[tuple[str, int]]] = {0: []}
    for u, v, c in edges:
        if u == v:
            return None
        adj.setdefault(u, []).append((c, v))
        adj.setdefault(v, []).append((c, u))
    if len(adj) != len(edges) + 1:
        return None
    children: dict[int, list[tuple[str, int]]] = {}
    order: list[int] = []
    seen = {0}
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        kids = []
        for c, w in adj[node]:
            if w not in seen:
                seen.add(w)
                kids.append((c, w))
        children[node] = kids
        stack.extend(w for _, w in reversed(kids))
    if len(seen) != len(adj):
        return None
    return order, children


def red_blue_tree_value(edges: Sequence[Edge]) -> Fraction:
    """The value of a blue-red tree (edges ``(u, v, colour)``, ground node 0).

    The value at a node is the sum of its branches; a branch is an edge
    carrying the part above it, valued by the edge rule (a stalk by the
    sign-expansion rule, which the edge rule extends).

    >>> red_blue_tree_value([(0, 1, "L"), (1, 2, "L"), (1, 3, "R")])
    Fraction(1, 1)
    """
    rooted = _rooted(edges)
    if rooted is None:
        raise InvalidPosition("not a tree planted on the ground")
    order, children = rooted
    if any(c not in ("L", "R") for _, _, c in edges):
        raise InvalidPosition("a blue-red tree has only L and R edges")
    value: dict[int, Fraction] = {}
    for node in reversed(order):
        value[node] = sum((_above(c, value[w]) for c, w in children[node]), Fraction(0))
    return value[0]


def green_grundy(edges: Sequence[Edge]) -> int:
    """The Grundy value of an all-green graph (edges ``(u, v, colour)``, ground 0).

    By the fusion principle every cycle's vertices fuse into one, the cycle's
    edges becoming loops; a loop is worth a single edge (``*1``), so the
    loops at a node count by their parity.  What is left is a tree of the
    bridges, valued by the colon principle: a node is worth the nim-sum of
    its loops and branches, and an edge under a part worth ``g`` is worth
    ``g + 1``.

    >>> green_grundy([(0, 1, "G"), (1, 2, "G"), (2, 0, "G")])     # a triangle
    1
    >>> green_grundy([(0, 1, "G"), (1, 2, "G"), (1, 3, "G")])     # a Y
    1
    """
    bridge = _bridges(edges)
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(x, x) != root:
            parent[x], x = root, parent[x]
        return root

    for i, (u, v, _) in enumerate(edges):
        if not bridge[i]:
            ru, rv = find(u), find(v)
            if ru != rv:
                parent[ru] = rv
    loops: dict[int, int] = {}
    adj: dict[int, list[int]] = {}
    for i, (u, v, _) in enumerate(edges):
        if bridge[i]:
            a, b = find(u), find(v)
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        else:
            r = find(u)
            loops[r] = loops.get(r, 0) ^ 1
    root = find(0)
    order = [root]
    up = {root: root}
    for node in order:  # breadth first: grows while it runs
        for w in adj.get(node, ()):
            if w not in up:
                up[w] = node
                order.append(w)
    value = {node: loops.get(node, 0) for node in order}
    for node in reversed(order[1:]):
        value[up[node]] ^= value[node] + 1
    return value[root]


def _bridges(edges: Sequence[Edge]) -> list[bool]:
    """Which edges are bridges (Tarjan's low-link, iterative, parallel edges by id)."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _) in enumerate(edges):
        if u == v:
            continue
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    bridge = [False] * len(edges)
    disc: dict[int, int] = {}
    low: dict[int, int] = {}
    counter = 0
    for start in adj:
        if start in disc:
            continue
        disc[start] = low[start] = counter
        counter += 1
        stack: list[tuple[int, int, int]] = [(start, -1, 0)]  # node, edge in, next index
        while stack:
            node, via, k = stack[-1]
            nbrs = adj[node]
            if k < len(nbrs):
                stack[-1] = (node, via, k + 1)
                w, i = nbrs[k]
                if i == via:
                    continue
                if w in disc:
                    low[node] = min(low[node], disc[w])
                else:
                    disc[w] = low[w] = counter
                    counter += 1
                    stack.append((w, i, 0))
            else:
                stack.pop()
                if stack:
                    p = stack[-1][0]
                    low[p] = min(low[p], low[node])
                    if low[node] > disc[p]:
                        bridge[via] = True
    return bridge


def _unlooped(edges: Sequence[Edge]) -> Sequence[Edge]:
    """The edges with each loop replaced by an edge to a new leaf.

    A loop is exactly a leaf edge: deleting it disconnects nothing, and it
    falls when its node does; so the game trees are the same.

    >>> _unlooped([(0, 1, "L"), (1, 1, "R")])
    [(0, 1, 'L'), (1, 2, 'R')]
    """
    if all(u != v for u, v, _ in edges):
        return edges
    fresh = max(max(u, v) for u, v, _ in edges)
    out = []
    for u, v, c in edges:
        if u == v:
            fresh += 1
            v = fresh
        out.append((u, v, c))
    return out


def _prune(edges: Iterable[Edge]) -> tuple[Edge, ...]:
    """The edges still connected to the ground 0 (in their order)."""
    edges = tuple(edges)
    adj: dict[int, list[int]] = {}
    for u, v, _ in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    seen = {0}
    todo = [0]
    while todo:
        node = todo.pop()
        for w in adj.get(node, ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    if not adj or (0 in adj and len(seen) == len(adj)):
        return edges
    return tuple(e for e in edges if e[0] in seen)


def _tree_string(children: dict[int, list[tuple[str, int]]], order: list[int]) -> str:
    """The forest in the string form, branches in their order."""
    text: dict[int, str] = {}
    for node in reversed(order):
        kids = [_LETTER[c] + text.pop(w) for c, w in children[node]]
        if node == 0:
            return ";".join(kids)
        text[node] = kids[0] if len(kids) == 1 else ("(" + ";".join(kids) + ")" if kids else "")
    raise AssertionError("the ground is always the first node")  # pragma: no cover


def _canonical_tree(children: dict[int, list[tuple[str, int]]], order: list[int]) -> str:
    """A canonical string of the rooted tree: branches sorted at every node."""
    # A branch is its stalk of letters up to the next node without exactly one
    # child, then that node's text in parentheses: stalks cost their length.
    text: dict[int, str] = {}
    for node in reversed(order):
        kids = children[node]
        if len(kids) == 1 and node != 0:
            continue
        entries = []
        for c, w in kids:
            letters = [_LETTER[c]]
            while len(children[w]) == 1:
                c, w = children[w][0]
                letters.append(_LETTER[c])
            entries.append("".join(letters) + "(" + text.pop(w) + ")")
        text[node] = "".join(sorted(entries))
    return text[0]


def _label_text(name: str) -> str:
    return ":" + name if len(name) == 1 else ":{" + name + "}"


def _labelled_string(edges: Sequence[Edge], labels: dict[int, str]) -> str:
    """Any graph on the ground in the string form with vertex labels.

    A depth-first search from the ground gives the trees of the string; every
    other edge (closing a cycle, a loop, a second edge between two vertices)
    is written at its first vertex as a one-edge branch ending at a labelled
    vertex.  Vertices keep the labels they were read with; others needing one
    get the first unused of ``A``, ``B``, ... (then ``{v1}``, ``{v2}``, ...).

    >>> _labelled_string([(0, 1, "G"), (1, 2, "G"), (2, 0, "G")], {})
    'ee:A;e:A'
    >>> _labelled_string([(0, 1, "L"), (1, 1, "R"), (1, 2, "L")], {})
    'l:A(r:A;l)'
    """
    adj: dict[int, list[tuple[int, int]]] = {0: []}
    for i, (u, v, _) in enumerate(edges):
        adj.setdefault(u, []).append((i, v))
        if v != u:
            adj.setdefault(v, []).append((i, u))
    # the depth-first tree, iteratively, branches in the order of the edges
    seen = {0}
    order = [0]
    tree_edge: set[int] = set()
    stack = [(0, 0)]
    while stack:
        node, k = stack[-1]
        if k == len(adj[node]):
            stack.pop()
            continue
        stack[-1] = (node, k + 1)
        i, w = adj[node][k]
        if w not in seen:
            seen.add(w)
            order.append(w)
            tree_edge.add(i)
            stack.append((w, 0))
    position = {n: k for k, n in enumerate(order)}
    branches: dict[int, list[tuple[int, str, int]]] = {n: [] for n in order}
    wanted: set[int] = set()
    for i, (u, v, c) in enumerate(edges):
        a, b = (u, v) if position[u] <= position[v] else (v, u)
        branches[a].append((i, c, b))
        if i not in tree_edge:
            wanted.add(b)
    used = {name for n, name in labels.items() if n in wanted}
    names: dict[int, str] = {}
    fresh = (chr(c) for c in range(ord("A"), ord("Z") + 1))
    spare = (f"v{k}" for k in range(1, len(edges) + 2))
    for n in order:
        if n not in wanted:
            continue
        name = labels.get(n)
        if name is None:
            name = next((x for x in fresh if x not in used), None) or next(
                x for x in spare if x not in used
            )
            used.add(name)
        names[n] = name
    text: dict[int, str] = {}
    for node in reversed(order):
        parts = []
        for i, c, w in branches[node]:
            if i in tree_edge:
                parts.append(_LETTER[c] + text.pop(w))
            else:
                parts.append(_LETTER[c] + _label_text(names[w]))
        if node == 0:
            body = ";".join(parts)
            return (_label_text(names[0]) if 0 in names else "") + body
        inner = parts[0] if len(parts) == 1 else ("(" + ";".join(parts) + ")" if parts else "")
        text[node] = (_label_text(names[node]) if node in names else "") + inner
    raise AssertionError("the ground is always the first node")  # pragma: no cover


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------
class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.edges: list[Edge] = []
        self.nodes = 1
        self.labels: dict[str, int] = {}  # vertex label -> node

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def fail(self, message: str, at: int | None = None) -> ParseError:
        return ParseError(message, self.text, self.pos if at is None else at)

    def forest(self) -> None:
        if self.peek() == "":
            return
        self.branches(0, closing="")
        if self.peek() != "":
            raise self.fail(f"unexpected {self.peek()!r}")

    def branches(self, base: int, closing: str) -> None:
        while True:
            self.tree(base)
            ch = self.peek()
            if ch == ";":
                self.pos += 1
                continue
            if ch == closing:
                return
            raise self.fail(f"unexpected {ch!r}" if ch else "unexpected end")

    def label(self) -> tuple[str, int] | None:
        """A vertex label ``:X`` or ``:{Name}`` (and where it starts), if one follows."""
        if self.peek() != ":":
            return None
        at = self.pos
        self.pos += 1
        text = self.text
        if self.pos < len(text) and text[self.pos] == "{":
            close = text.find("}", self.pos)
            if close < 0:
                self.pos = len(text)
                raise self.fail("a label :{...} is not closed")
            name = text[self.pos + 1 : close].strip()
            self.pos = close + 1
        else:
            name = text[self.pos] if self.pos < len(text) else ""
            self.pos += 1 if name else 0
        if not name or not all(c.isalnum() or c == "_" for c in name):
            raise self.fail(
                "a vertex label is :X (a letter or digit) or :{Name} (letters, digits, _)", at
            )
        return name, at

    def tree(self, base: int) -> None:
        found = self.label()  # a label before any edge names the vertex the tree stands on
        if found is not None:
            name, at = found
            known = self.labels.setdefault(name, base)
            if known != base:
                raise self.fail(f"the label {name!r} already names another vertex", at)
        ch = self.peek()
        if ch not in _COLOUR_OF and ch != "(":
            what = repr(ch) if ch else "end"
            raise self.fail(f"expected an edge (l, r or e), found {what}")
        node = base
        while ch in _COLOUR_OF and ch:
            colour = _COLOUR_OF[ch]
            self.pos += 1
            found = self.label()
            top = self.labels.get(found[0]) if found is not None else None
            if top is None:
                top = self.nodes
                self.nodes += 1
                if found is not None:
                    self.labels[found[0]] = top
            self.edges.append((node, top, colour))
            node = top
            ch = self.peek()
        if ch == "(":
            self.pos += 1
            self.branches(node, closing=")")
            self.pos += 1  # the ")"


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------
# The split of an edge list into parts and their keys (searches meet the same
# position through many move orders).
_SPLITS: dict[tuple[Edge, ...], list[tuple[tuple[Edge, ...], Hashable]]] = {}
_SPLITS_LOCK = threading.Lock()
_cache.register("games.hackenbush.splits", _SPLITS)
register_cache(_SPLITS.clear)


_COLOUR_NAMES = {"L": "blue", "R": "red", "G": "green"}


class _Grounds(tuple[Any, ...]):
    """The user's ground nodes, when a position has several (all of them node 0,
    printed by the first one's name)."""

    __slots__ = ()


class _Labels(dict[int, str]):
    """The vertex labels of a position read from text (node -> label): such a
    position prints in the string form, labels and all."""


@register_ruleset(
    "Hackenbush",
    "partizan",
    syntax="TREES",
    summary="Hackenbush (l blue, r red, e green)",
    example="l(l;rl)",
    cli="hackenbush",
    docs="hackenbush",
    make="parse",
    stored_as=("cgt.games.hackenbush.Hackenbush",),
)
class Hackenbush(Position, Drawable):
    """A blue-red-green Hackenbush position.

    ``Hackenbush(graph, ground=0)`` takes a ``networkx.MultiGraph`` or
    ``Graph`` whose edges carry ``color`` in ``"L"`` (blue), ``"R"`` (red)
    or ``"G"`` (green), or a list of ``(u, v, colour)`` triples; ``ground``
    is one node or an iterable of nodes, all of them the ground.  Edges not
    connected to the ground are dropped.

    Two positions are equal when their keys are: forests of trees up to
    isomorphism (the order of branches does not matter), other graphs as
    labelled by their stored order.

    >>> import networkx as nx
    >>> g = nx.MultiGraph()
    >>> _ = g.add_edge("floor", 1, color="L"); _ = g.add_edge(1, 1, color="R")
    >>> Hackenbush(g, ground="floor").value()
    1/2
    >>> Hackenbush([(0, 1, "G"), (1, 2, "G"), (2, 0, "G")]).grundy()
    1
    >>> print(Hackenbush.parse("l(l;rl);e"))
    l(l;rl);e
    """

    move_coordinates: ClassVar[str] = (
        "nodes are named as in the graph given; a position read from text "
        "numbers them, the ground 0 (see edges)"
    )

    __slots__ = ("_edges", "_key", "_names")

    def __init__(self, graph: Any, ground: Any = 0) -> None:
        triples = self._triples(graph)
        nodes = {u for u, _, _ in triples} | {v for _, v, _ in triples}
        if hasattr(graph, "nodes"):
            nodes |= set(graph.nodes)
        elif isinstance(ground, Hashable) and not (
            isinstance(ground, Iterable) and not isinstance(ground, (str, bytes))
        ):
            nodes.add(ground)  # an edge list: the ground may have no edges yet
        try:
            grounds = [ground] if ground in nodes else None
        except TypeError:
            grounds = None
        if grounds is None:
            if isinstance(ground, (str, bytes)) or not isinstance(ground, Iterable):
                raise InvalidPosition(f"the ground node {ground!r} is not in the graph")
            grounds = list(ground)
            if not grounds:
                raise InvalidPosition("no ground node given")
            for g in grounds:
                try:
                    present = g in nodes
                except TypeError:
                    present = False
                if not present:
                    raise InvalidPosition(f"the ground node {g!r} is not in the graph")
        label: dict[Any, int] = {g: 0 for g in grounds}
        edges: list[Edge] = []
        for u, v, c in triples:
            for x in (u, v):
                if x not in label:
                    label[x] = len(edges) * 2 + (x == v) + 1  # distinct, never 0
            edges.append((label[u], label[v], c))
        self._edges = _prune(edges)
        self._key: Hashable | None = None
        # the user's names of the nodes, for printing (the ground: its node, or all of them)
        names: dict[int, Any] = {n: x for x, n in label.items() if n}
        names[0] = grounds[0] if len(grounds) == 1 else _Grounds(grounds)
        self._names: dict[int, Any] | None = names

    @staticmethod
    def _triples(graph: Any) -> list[tuple[Any, Any, str]]:
        import networkx as nx

        out: list[tuple[Any, Any, str]] = []
        if isinstance(graph, nx.Graph):
            if graph.is_directed():
                raise InvalidPosition("a Hackenbush graph must be undirected")
            for u, v, data in graph.edges(data=True):
                out.append((u, v, data.get("color")))
        elif isinstance(graph, Iterable) and not isinstance(graph, (str, bytes)):
            for item in graph:
                if not isinstance(item, tuple) or len(item) != 3:
                    raise InvalidPosition(f"an edge must be a (u, v, colour) triple, not {item!r}")
                out.append(item)
        else:
            raise InvalidPosition(
                "Hackenbush needs a networkx graph or a list of (u, v, colour) triples, "
                f"not {type(graph).__name__} (use Hackenbush.parse for strings)"
            )
        for u, v, c in out:
            if c not in _COLOURS:
                raise InvalidPosition(
                    f"the edge {u!r}-{v!r} has colour {c!r}; "
                    "use 'L' (blue), 'R' (red) or 'G' (green)"
                )
        return out

    @classmethod
    def _make(cls, edges: tuple[Edge, ...], names: dict[int, Any] | None = None) -> Hackenbush:
        self = cls.__new__(cls)
        self._edges = edges
        self._key = None
        self._names = names
        return self

    def _name(self, node: int) -> Any:
        """The user's name of a node (its number when the position has no names)."""
        names = self._names
        if names is None:
            return node
        name = names.get(node, node)
        return name[0] if isinstance(name, _Grounds) else name  # the grounds are one node

    @classmethod
    def parse(cls, text: str) -> Hackenbush:
        """Read trees planted on the ground in CGSuite's string form.

        ``l`` is a blue edge, ``r`` red, ``e`` green; letters in a row make a
        stalk going up; ``(a;b;...)`` after a stalk puts branches on its top;
        ``;`` at the top level separates trees standing on the ground.  The
        empty string is the empty position.

        Vertices may be labelled, as in CGSuite: ``:X`` (a letter or digit) or
        ``:{Name}`` after an edge names the vertex at its top, before a tree's
        first edge the vertex it stands on; every use of a name is the same
        vertex, so cycles, loops and multiple edges can be written.  Such a
        position prints in this form, and describes moves by its labels.

        >>> Hackenbush.parse(":Geee:G").value()       # a triangle on the ground
        *
        >>> Hackenbush.parse("ee:{top}e:{top}").edges  # a loop at the top of a stalk
        ((0, 1, 'G'), (1, 2, 'G'), (2, 2, 'G'))

        >>> Hackenbush.parse("l(l;rl)").value()
        3/2
        >>> Hackenbush.parse("l(r")
        Traceback (most recent call last):
        ...
        cgt.errors.ParseError: unexpected end at position 3
          l(r
             ^
        """
        if not isinstance(text, str):
            raise InvalidPosition(f"Hackenbush.parse() needs a str, not {type(text).__name__}")
        parser = _Parser(text)
        parser.forest()
        edges = tuple(parser.edges)
        return cls._make(edges, _Labels({n: name for name, n in parser.labels.items()}))

    @classmethod
    def stalk(cls, x: Any) -> Hackenbush:
        """The blue-red stalk worth the number ``x`` (its sign expansion,
        :func:`stalk_string`).

        >>> Hackenbush.stalk("5/8"), Hackenbush.stalk("5/8").value()
        (Hackenbush.parse('lrlr'), 5/8)
        """
        return cls.parse(stalk_string(x))

    # --- structure ---------------------------------------------------------------
    @property
    def edges(self) -> tuple[Edge, ...]:
        """The edges ``(u, v, colour)``, nodes numbered with the ground 0.

        >>> Hackenbush.parse("lr").edges      # a stalk: blue on the ground, red above
        ((0, 1, 'L'), (1, 2, 'R'))
        """
        return self._edges

    def __len__(self) -> int:
        return len(self._edges)

    @property
    def is_tree(self) -> bool:
        """Whether the position is a forest of trees on the ground (no cycles or loops).

        A property, as every ``is_*`` predicate; the former call ``is_tree()``
        still works, with a :class:`DeprecationWarning`.

        >>> Hackenbush.parse("l(l;rl)").is_tree
        True
        """
        return flag(_rooted(self._edges) is not None, "Hackenbush.is_tree")

    def to_networkx(self) -> Any:
        """The position as a ``networkx.MultiGraph`` (ground node 0, edge attribute ``color``).

        >>> g = Hackenbush.parse("lr").to_networkx()
        >>> g.number_of_nodes(), sorted(c for _, _, c in g.edges(data="color"))
        (3, ['L', 'R'])
        """
        import networkx as nx

        g = nx.MultiGraph()
        g.add_node(0)
        for u, v, c in self._edges:
            g.add_edge(u, v, color=c)
        return g

    # --- the protocol ------------------------------------------------------------
    def _options(self, colour: str) -> list[Hackenbush]:
        edges = self._edges
        return [
            self._make(_prune(edges[:i] + edges[i + 1 :]), self._names)
            for i, (_, _, c) in enumerate(edges)
            if c == colour or c == "G"
        ]

    def describe_move(self, option: Any) -> str | None:
        """The edge chopped, by its colour and its two nodes: the names of the
        graph it was built from, else numbered as in :attr:`edges` (the ground 0).

        >>> g = Hackenbush.parse("le")
        >>> g.edges
        ((0, 1, 'L'), (1, 2, 'G'))
        >>> [g.describe_move(o) for o in g.left_options()]
        ['chop the blue edge (0, 1)', 'chop the green edge (1, 2)']
        >>> h = Hackenbush([("floor", "a", "L"), ("a", "b", "R")], ground="floor")
        >>> [h.describe_move(o) for o in h.right_options()]
        ["chop the red edge ('a', 'b')"]
        """
        if not isinstance(option, Hackenbush):
            return None
        edges = self._edges
        for i, (u, v, c) in enumerate(edges):
            if _prune(edges[:i] + edges[i + 1 :]) == option._edges:
                return f"chop the {_COLOUR_NAMES[c]} edge {(self._name(u), self._name(v))!r}"
        return None

    def left_options(self) -> list[Hackenbush]:
        """Left deletes a blue or a green edge."""
        return self._options("L")

    def right_options(self) -> list[Hackenbush]:
        """Right deletes a red or a green edge."""
        return self._options("R")

    def _parts(self) -> list[Hackenbush]:
        found = _SPLITS.get(self._edges)
        if found is None:
            found = [(p._edges, p._key) for p in self._split()]
            with _SPLITS_LOCK:
                if len(_SPLITS) >= _cache._limit:
                    _cache.trim(_SPLITS)
                _SPLITS[self._edges] = found
        out = []
        for edges, key in found:
            part = self._make(edges, self._names)
            part._key = key
            out.append(part)
        return out

    def _split(self) -> list[Hackenbush]:
        owner: dict[int, int] = {}  # non-ground node -> component id (union-find root)

        def find(x: int) -> int:
            while owner[x] != x:
                owner[x] = owner[owner[x]]
                x = owner[x]
            return x

        for u, v, _ in self._edges:
            for x in (u, v):
                if x and x not in owner:
                    owner[x] = x
            if u and v:
                a, b = find(u), find(v)
                if a != b:
                    owner[a] = b
        groups: dict[int, list[Edge]] = {}
        out: list[Hackenbush] = []
        for e in self._edges:
            u, v, _ = e
            if u == 0 and v == 0:
                out.append(self._make((e,)))
            else:
                groups.setdefault(find(u or v), []).append(e)
        out.extend(self._make(tuple(g)) for g in groups.values())
        for part in out:  # each part is one component: its key needs no new split
            part._key = part._part_key()
        return out

    def components(self) -> list[Hackenbush]:
        """The ground's separate trees (parts meeting only at the ground); parts
        the theory values are entered in the solver's table as they are met."""
        parts = self._parts() if self._edges else []
        solver = solver_for(Hackenbush)
        with solver.lock:
            table = solver.values
            for part in parts:
                key = (Hackenbush, part.key())
                if key not in table:
                    known = part._theory()
                    if known is not None:
                        if len(table) >= _cache._solver_limit:
                            _cache.trim(table, _cache._solver_limit // 2)
                        table[key] = known
        return parts

    def key(self) -> Hashable:
        """A canonical key: sorted keys of the parts; a tree part as its
        canonical string, any other part as its sorted labelled edges."""
        if self._key is None:
            parts = self._parts() if self._edges else []
            if len(parts) == 1 and parts[0]._edges == self._edges:
                self._key = self._part_key()
            else:
                self._key = ("+", *sorted((p.key() for p in parts), key=repr))
        return self._key

    def _part_key(self) -> Hashable:
        rooted = _rooted(_unlooped(self._edges))
        if rooted is not None:
            order, children = rooted
            return ("tree", _canonical_tree(children, order))
        relabel = {0: 0}
        for u, v, _ in self._edges:
            for x in (u, v):
                relabel.setdefault(x, len(relabel))
        return (
            "graph",
            tuple(
                sorted(
                    (min(relabel[u], relabel[v]), max(relabel[u], relabel[v]), c)
                    for u, v, c in self._edges
                )
            ),
        )

    def _theory(self) -> Game | None:
        """The value of a part by the theory, or ``None`` where search is needed."""
        from ..game import nimber, number

        colours = {c for _, _, c in self._edges}
        if colours == {"G"}:
            return nimber(green_grundy(self._edges))
        if "G" in colours:
            return None
        edges = _unlooped(self._edges)
        rooted = _rooted(edges)
        if rooted is None:
            return None
        order, children = rooted
        if all(len(children[n]) <= 1 for n in order):  # a stalk
            stalk = "".join(c for n in order for c, _ in children[n])
            x = stalk_value(stalk)
        else:
            x = red_blue_tree_value(edges)
        from ..dyadic import Dyadic

        return number(Dyadic(x.numerator, x.denominator))

    def value(self) -> Game:
        """The canonical value: theory for blue-red trees and green graphs, search elsewhere.

        >>> Hackenbush.parse("lrlrrllr").value()
        77/128
        """
        return solver_for(Hackenbush).value(self)

    def grundy(self) -> int:
        """The Grundy value of an all-green position (fusion and colon principles).

        >>> Hackenbush.parse("eee;e(e;e)").grundy()
        2
        >>> Hackenbush.parse("l").grundy()
        Traceback (most recent call last):
        ...
        cgt.errors.NotImpartial: l has blue or red edges: it is not impartial
        """
        if any(c != "G" for _, _, c in self._edges):
            raise NotImpartial(f"{self} has blue or red edges: it is not impartial")
        return green_grundy(self._edges)

    # --- printing ------------------------------------------------------------------
    def __str__(self) -> str:
        """CGSuite's string for trees on the ground; a graph lists its edges by
        the names of the nodes it was built with (numbers otherwise).

        >>> import networkx as nx
        >>> g = nx.MultiGraph()
        >>> g.add_edge("floor", "a", color="L"); g.add_edge("a", "b", color="R")
        0
        0
        >>> g.add_edge("b", "floor", color="G")
        0
        >>> print(Hackenbush(g, ground="floor"))
        graph floor-a:L, floor-b:G, a-b:R (ground floor)
        >>> print(Hackenbush.parse("l(l;rl)"))
        l(l;rl)
        """
        rooted = _rooted(self._edges)
        if rooted is not None:
            order, children = rooted
            return _tree_string(children, order)
        if isinstance(self._names, _Labels):
            return _labelled_string(self._edges, self._names)
        name = self._name
        grounds = None if self._names is None else self._names.get(0)
        ground = (
            f"{', '.join(map(str, grounds))}: one node"
            if isinstance(grounds, _Grounds)
            else name(0)
        )
        listed = ", ".join(f"{name(u)}-{name(v)}:{c}" for u, v, c in self._edges)
        return f"graph {listed} (ground {ground})"

    def __repr__(self) -> str:
        if _rooted(self._edges) is not None or isinstance(self._names, _Labels):
            return f"Hackenbush.parse({str(self)!r})"
        if self._names is None:
            return f"Hackenbush({list(self._edges)!r})"
        name = self._name
        named = [(name(u), name(v), c) for u, v, c in self._edges]
        return f"Hackenbush({named!r}, ground={name(0)!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Hackenbush)
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Hackenbush._make, (self._edges, self._names))

    def _draw_svg(self) -> str:
        labels = self._names if isinstance(self._names, _Labels) else None
        return _drawing(self._edges, labels=labels)


def hackenbush_svg(edges: Sequence[Edge], width: int = 320) -> str:
    """An SVG drawing: the ground line, edges blue, red and green on a layered layout.

    >>> hackenbush_svg([(0, 1, "L"), (1, 1, "G")]).startswith("<svg")
    True
    """
    return _drawing(edges, width)


def _drawing(edges: Sequence[Edge], width: int = 320, labels: dict[int, str] | None = None) -> str:
    """:func:`hackenbush_svg` with ``labels`` (node -> text) written beside their vertices.

    >>> "waist</text>" in _drawing([(0, 1, "G")], labels={1: "waist"})
    True
    """
    depth = {0: 0}
    adj: dict[int, list[int]] = {}
    for u, v, _ in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    order = [0]
    for node in order:
        for w in adj.get(node, ()):
            if w not in depth:
                depth[w] = depth[node] + 1
                order.append(w)
    levels: dict[int, list[int]] = {}
    for node in order[1:]:
        levels.setdefault(depth[node], []).append(node)
    top = max(levels, default=0)
    step_y = 50
    loops = any(u == v for u, v, _ in edges)
    height = step_y * top + (70 if loops else 40)  # room for the top vertices (and loops)
    ground_y = height - 20
    x: dict[int, float] = {}
    for nodes in levels.values():
        for i, node in enumerate(nodes):
            x[node] = width * (i + 1) / (len(nodes) + 1)
    ground_loops = sum(1 for u, v, _ in edges if u == v == 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<line x1="5" y1="{ground_y}" x2="{width - 5}" y2="{ground_y}" '
        'stroke="#444" stroke-width="3"/>',
    ]
    seen: dict[tuple[int, int], int] = {}
    loops_drawn = 0
    for u, v, c in edges:
        colour = _SVG_COLOUR[c]
        if u == v:
            if u == 0:
                loops_drawn += 1
                cx: float = width * loops_drawn / (ground_loops + 1)
                cy = ground_y - 12
            else:
                k = seen.get((u, u), 0)
                seen[(u, u)] = k + 1
                cx, cy = x[u], ground_y - step_y * depth[u] - 12 - 8 * k
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="12" fill="none" '
                f'stroke="{colour}" stroke-width="3"/>'
            )
            continue
        a, b = (u, v) if depth[u] <= depth[v] else (v, u)
        x2, y2 = x[b], ground_y - step_y * depth[b]
        if a == 0:
            x1, y1 = x2, float(ground_y)
        else:
            x1, y1 = x[a], ground_y - step_y * depth[a]
        k = seen.get((a, b), 0)
        seen[(a, b)] = k + 1
        bend = (k + 1) // 2 * (12 if k % 2 else -12)
        mx, my = (x1 + x2) / 2 + bend, (y1 + y2) / 2
        parts.append(
            f'<path d="M {x1:.1f} {y1:.1f} Q {mx:.1f} {my:.1f} {x2:.1f} {y2:.1f}" '
            f'fill="none" stroke="{colour}" stroke-width="3"/>'
        )
    for node in order[1:]:
        parts.append(
            f'<circle cx="{x[node]:.1f}" cy="{ground_y - step_y * depth[node]:.1f}" '
            'r="3" fill="#222"/>'
        )
    for node, text in (labels or {}).items():
        if node in x or node == 0:
            lx, ly = (
                (x[node] + 6, ground_y - step_y * depth[node] - 4) if node else (8, ground_y - 6)
            )
            parts.append(
                f'<text x="{lx:.1f}" y="{ly:.1f}" font-family="sans-serif" font-size="11" '
                f'fill="#222">{escape(str(text))}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
