"""Nimstring: Strings-and-Coins under normal play, valued with entailing moves.

A position is a ``networkx.MultiGraph``: its nodes are the coins and the one
node ``"ground"``, its edges the strings (a coin may hang from the ground by
several strings; two coins may share several).  A move cuts one string.  A coin
left with no string is captured, and whoever captured must move again (a
carry-on move); whoever cannot move when it is their turn loses, so the player
who captures the last coin loses (Winning Ways, chapter 16; Berlekamp, *The
Dots and Boxes Game*, 2000).  A Dots-and-Boxes board gives such a graph: its
boxes are the coins (``(row, col)`` tuples), each side a string, border sides
tied to ``"ground"``.

A capture is an entailing move to a position whose only move is a plain move
back to the position after the capture (see :mod:`cgt.impartial.entailing`),
so the values are nimbers and Berlekamp's loony value ☾.  Loony moves (moves
to a ☾ position) do not count in the mex, and :class:`Nimstring` does not
follow them: a plain move that leaves a capturable coin hanging from a coin
with exactly two strings lets the opponent take it or decline (the
double-dealing move), so it is loony (the argument is Berlekamp's, restated in
the guide).  A coin hanging from the ground alone is as good as captured, runs
of four or more coins with two strings each are valued as runs of three, and
isolated cycles of five or more coins as cycles of four (all moves in them are
loony); the tests check these shortcuts against a search of the full tree.

>>> import networkx as nx
>>> from cgt.games.nimstring import Nimstring, chain, loop
>>> [str(chain(n).value()) for n in range(1, 6)]      # chains tied to the ground at both ends
['*', '*', '0', '0', '0']
>>> [str(loop(n).value()) for n in range(2, 8)]       # loops: cycles of coins
['*', '*', '0', '0', '0', '0']
>>> opened = chain(3).play(("ground", 0, 0))            # a long chain opened at one end
>>> opened.value(), opened.outcome("search")
(loony, Outcome.N)
"""

from __future__ import annotations

import itertools
import re
import threading
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Any, ClassVar, Literal

from .._budget import spend_work
from .._deep import deep
from .._options import options_method
from .._svg import Drawable
from ..errors import InvalidArgument, InvalidPosition, TooLarge
from ..game import Outcome
from ..impartial.entailing import LOONY, AffineValue, affine_mex, affine_sum
from .base import register_cache
from .dots_and_boxes import DotsAndBoxes
from .registry import register_ruleset

__all__ = ["GROUND", "Nimstring", "chain", "loop"]

GROUND = "ground"
"""The ground node's name."""

Edge = tuple[int, int]  # coin indices; -1 is the ground
Component = tuple[Edge, ...]  # sorted, with repeats for several strings
Move = tuple[Hashable, Hashable, int]  # (u, v, k): the k-th string between u and v

_SEARCH_LIMIT = 24
"""The most strings the plain game-tree search (``outcome("search")``) takes on."""

_CACHE: dict[Hashable, tuple[frozenset[int], bool]] = {}
_LOCK = threading.Lock()
_CACHE_LIMIT = 1_000_000


def _norm(a: int, b: int) -> Edge:
    return (a, b) if a <= b else (b, a)


@register_ruleset(
    "Nimstring",
    "other",
    syntax="STRINGS",
    summary="Nimstring: cut strings; a player who captures a coin moves again",
    example="2x2: h0,0 h0,1",
    cli="nimstring",
    docs="entailing",
    make="parse",
    samples=lambda: [chain(3) + loop(4), Nimstring.dots_and_boxes(2, 2)],
)
class Nimstring(Drawable):
    """A Strings-and-Coins position: a ``networkx.MultiGraph`` with a ``"ground"`` node,
    or an iterable of strings ``(u, v)``.

    >>> p = Nimstring([("ground", "a"), ("a", "b"), ("b", "ground")])
    >>> p.coins, len(p.strings)
    (('a', 'b'), 3)
    >>> p.value(), p.outcome("search")
    (*, Outcome.N)
    """

    move_coordinates: ClassVar[str] = (
        "a string is named by its two ends and its index among parallel strings"
    )

    __slots__ = ("_edges", "_labels")

    def __init__(self, graph: Any) -> None:
        pairs: list[tuple[Hashable, Hashable]] = []
        isolated: list[Hashable] = []
        if hasattr(graph, "edges") and hasattr(graph, "nodes"):
            if graph.is_directed():
                raise InvalidPosition("a Strings-and-Coins position is an undirected graph")
            pairs = [(u, v) for u, v in graph.edges()]
            isolated = [n for n in graph.nodes() if n != GROUND]
        else:
            try:
                items = list(graph)
            except TypeError:
                raise InvalidPosition(
                    "Nimstring takes a networkx MultiGraph or an iterable of strings (u, v), "
                    f"not {type(graph).__name__}"
                ) from None
            for i, item in enumerate(items):
                if not isinstance(item, tuple) or len(item) != 2:
                    raise InvalidPosition(f"string {i} is {item!r}: a string is a pair (u, v)")
                pairs.append(item)
        labels: dict[Hashable, int] = {}
        edges: list[Edge] = []
        for i, (u, v) in enumerate(pairs):
            if u == v:
                raise InvalidPosition(f"string {i} joins {u!r} to itself: a string has two ends")
            if u == GROUND and v == GROUND:
                raise InvalidPosition(f"string {i} joins the ground to itself: it holds no coin")
            ends = []
            for node in (u, v):
                try:
                    hash(node)
                except TypeError:
                    raise InvalidPosition(
                        f"string {i} has an end {node!r} that is not hashable"
                    ) from None
                ends.append(-1 if node == GROUND else labels.setdefault(node, len(labels)))
            edges.append(_norm(ends[0], ends[1]))
        for n in isolated:
            labels.setdefault(n, len(labels))
        self._labels: tuple[Hashable, ...] = tuple(labels)
        self._edges: tuple[Edge, ...] = tuple(sorted(edges))

    @classmethod
    def _make(cls, labels: tuple[Hashable, ...], edges: Iterable[Edge]) -> Nimstring:
        p = cls.__new__(cls)
        p._labels = labels
        p._edges = tuple(sorted(edges))
        return p

    @classmethod
    def dots_and_boxes(cls, rows: int, cols: int) -> Nimstring:
        """The Strings-and-Coins form of an empty Dots-and-Boxes board of ``rows`` x ``cols`` boxes:
        :meth:`DotsAndBoxes.strings_and_coins` of the board, its coins in order row by row
        (a side has 1 to 30 boxes, as for :class:`DotsAndBoxes`).

        >>> b = Nimstring.dots_and_boxes(1, 2)
        >>> b.coins, len(b.strings)
        (((0, 0), (0, 1)), 7)
        """
        for name, n in (("rows", rows), ("cols", cols)):
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise InvalidPosition(f"{name} is a positive int, got {n!r}")
        graph = DotsAndBoxes(rows, cols).strings_and_coins()
        coins = tuple(n for n in graph.nodes if n != GROUND)  # row by row
        index = {c: i for i, c in enumerate(coins)}
        return cls._make(
            coins, (_norm(index.get(u, -1), index.get(v, -1)) for u, v in graph.edges())
        )

    @classmethod
    def parse(cls, text: str) -> Nimstring:
        """Read a position: strings ``u-v`` separated by spaces, or a Dots-and-Boxes board.

        A string's ends are coin names or ``ground``; a name of digits is an int
        and ``(r,c)`` a pair of ints (the coins of a board).  Text starting
        ``ROWSxCOLS`` is a Dots-and-Boxes position (:meth:`DotsAndBoxes.parse`),
        read as its Strings-and-Coins graph.  ``str(p)`` is text this reads back
        (when the coins are ints, pairs of ints, or names without ``-``, spaces or
        brackets).

        >>> Nimstring.parse("ground-a a-b b-ground").strings
        (('ground', 'a'), ('ground', 'b'), ('a', 'b'))
        >>> Nimstring.parse("ground-0 0-1 1-ground") == chain(2)
        True
        >>> board = Nimstring.parse("1x2: h0,0 h1,0")
        >>> sorted(board.coins), len(board.strings), board.value()
        ([(0, 0), (0, 1)], 5, *)
        >>> Nimstring.parse("a-b-c")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPosition: string 0 is 'a-b-c': a string is two ends joined by -, \
as in a-b or a-ground
        """
        if not isinstance(text, str):
            raise InvalidPosition(f"a Nimstring text is a str, got {type(text).__name__}")
        if _BOARD.match(text):
            return cls(DotsAndBoxes.parse(text).strings_and_coins())
        pairs: list[tuple[Hashable, Hashable]] = []
        for i, word in enumerate(text.split()):
            ends = word.split("-")
            if len(ends) != 2 or not all(ends):
                raise InvalidPosition(
                    f"string {i} is {word!r}: a string is two ends joined by -, "
                    "as in a-b or a-ground"
                )
            pairs.append((_read_end(ends[0]), _read_end(ends[1])))
        return cls(pairs)

    def __str__(self) -> str:
        """The strings as :meth:`parse` reads them: ``u-v``, spaces between.

        >>> str(chain(2)), str(Nimstring.dots_and_boxes(1, 1))
        ('ground-0 ground-1 0-1', 'ground-(0,0) ground-(0,0) ground-(0,0) ground-(0,0)')
        """
        return " ".join(f"{_end_text(u)}-{_end_text(v)}" for u, v in self.strings)

    # --- what it is ------------------------------------------------------------------------
    @property
    def coins(self) -> tuple[Hashable, ...]:
        """The coins still on the board (those with a string), in the order first seen.

        >>> chain(2).coins
        (0, 1)
        """
        live = {x for e in self._edges for x in e if x >= 0}
        return tuple(label for i, label in enumerate(self._labels) if i in live)

    @property
    def strings(self) -> tuple[tuple[Hashable, Hashable], ...]:
        """The strings, as pairs of their ends (``"ground"`` for the ground).

        >>> chain(1).strings
        (('ground', 0), ('ground', 0))
        """
        return tuple((self._name(a), self._name(b)) for a, b in self._edges)

    def _name(self, i: int) -> Hashable:
        return GROUND if i < 0 else self._labels[i]

    def to_networkx(self) -> Any:
        """The position as a ``networkx.MultiGraph`` (the ground node ``"ground"``).

        >>> Nimstring(chain(2).to_networkx()) == chain(2)
        True
        """
        import networkx as nx

        g = nx.MultiGraph()
        g.add_nodes_from(self.coins)
        g.add_edges_from(self.strings)
        return g

    def __repr__(self) -> str:
        return f"Nimstring({list(self.strings)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Nimstring):
            return NotImplemented
        return Counter(map(frozenset, self.strings)) == Counter(map(frozenset, other.strings))

    def __hash__(self) -> int:
        return hash(frozenset(Counter(map(frozenset, self.strings)).items()))

    def __reduce__(self) -> tuple[object, ...]:
        return (Nimstring, (list(self.strings),))

    def __add__(self, other: object) -> Nimstring:
        """The disjunctive sum: both graphs side by side (coins renamed ``(0, c)``, ``(1, c)``).

        >>> (chain(1) + chain(2)).value()
        0
        """
        if not isinstance(other, Nimstring):
            return NotImplemented
        pairs = [
            tuple(GROUND if x == GROUND else (side, x) for x in s)
            for side, p in ((0, self), (1, other))
            for s in p.strings
        ]
        return Nimstring(pairs)

    def key(self) -> Hashable:
        """A canonical key: the components' canonical forms (the same for isomorphic positions).

        >>> same = Nimstring([("ground", "x"), ("x", "y"), ("y", "z"), ("z", "ground")])
        >>> chain(3).key() == same.key()
        True
        """
        return tuple(sorted((_canonical(c) for c in _components(self._edges)), key=repr))

    # --- moves ---------------------------------------------------------------------------------
    def moves(self) -> list[Move]:
        """Every move: ``(u, v, k)`` cuts the ``k``-th string between ``u`` and ``v``.

        >>> chain(1).moves()
        [('ground', 0, 0), ('ground', 0, 1)]
        """
        seen: Counter[Edge] = Counter()
        out: list[Move] = []
        for e in self._edges:
            out.append((self._name(e[0]), self._name(e[1]), seen[e]))
            seen[e] += 1
        return out

    def _find(self, move: Move) -> int:
        if not isinstance(move, tuple) or len(move) != 3:
            raise InvalidPosition(f"a move is (u, v, k), not {move!r}")
        u, v, k = move
        for i, m in enumerate(self.moves()):
            if m == (u, v, k) or m == (v, u, k):
                return i
        raise InvalidPosition(f"no string {move!r} in {self!r}")

    def play(self, move: Move) -> Nimstring:
        """The position after cutting a string (captured coins leave with it).

        >>> chain(2).play(("ground", 0, 0)).strings
        (('ground', 1), (0, 1))
        """
        i = self._find(move)
        return Nimstring._make(self._labels, self._edges[:i] + self._edges[i + 1 :])

    def captures(self, move: Move) -> int:
        """How many coins cutting this string captures (0, 1 or 2): if any, the mover moves again.

        >>> chain(1).play(("ground", 0, 0)).captures(("ground", 0, 0))
        1
        """
        i = self._find(move)
        rest = Counter(x for e in self._edges[:i] + self._edges[i + 1 :] for x in e)
        return sum(1 for x in set(self._edges[i]) if x >= 0 and rest[x] == 0)

    @options_method
    def options(self) -> list[Nimstring]:
        """The positions after each move (after a capture the same player moves again).

        >>> len(Nimstring.dots_and_boxes(1, 1).options())
        4
        """
        return [self.play(m) for m in self.moves()]

    def describe_move(self, option: object) -> str | None:
        """The string cut to reach ``option``, in words.

        >>> p = chain(1)
        >>> p.describe_move(p.options()[0])
        "cut a string between 'ground' and 0"
        """
        for m in self.moves():
            if self.play(m) == option:
                took = self.captures(m)
                tail = f", capturing {took} coin{'s' if took > 1 else ''}" if took else ""
                return f"cut a string between {m[0]!r} and {m[1]!r}{tail}"
        return None

    # --- values --------------------------------------------------------------------------------
    @deep
    def value(self) -> AffineValue:
        """The Nimstring value: a nimber, or ☾ (the player to move wins whatever is added).

        >>> Nimstring.dots_and_boxes(2, 2).value(), Nimstring.dots_and_boxes(1, 3).value()
        (0, *)
        """
        return _free(*_sum_survival(list(self._edges)))

    @deep
    def outcome(self, method: Literal["auto", "search"] = "auto") -> Outcome:
        """``Outcome.N`` if the player to move wins, else ``Outcome.P``.

        ``"auto"`` reads the value; ``"search"`` plays the whole game tree out
        (no values, no loony pruning), up to 24 strings.

        >>> b = Nimstring.dots_and_boxes(1, 2)
        >>> b.outcome(), b.outcome("search")
        (Outcome.N, Outcome.N)
        """
        if method == "auto":
            return self.value().outcome()
        if method != "search":
            raise InvalidArgument(f"method must be 'auto' or 'search', got {method!r}")
        if len(self._edges) > _SEARCH_LIMIT:
            raise TooLarge(
                f"{len(self._edges)} strings are too many to search (at most {_SEARCH_LIMIT})"
            )
        return Outcome.N if _search(self._edges, {}) else Outcome.P

    def winning_moves(self) -> list[Move]:
        """The moves that win: to a ``0`` position, or a capture leaving the mover a winning one.

        >>> chain(2).winning_moves()
        [(0, 1, 0)]
        """
        out = []
        for m in self.moves():
            after = self.play(m).outcome()
            if (after is Outcome.N) == bool(self.captures(m)):
                out.append(m)
        return out

    # --- the command line --------------------------------------------------------------------
    def cli_report(self) -> list[tuple[str, Any]]:
        """What ``python -m cgt nimstring`` prints: the position, its value, the winning moves.

        >>> for label, answer in chain(2).cli_report():
        ...     print(f"{label}: {answer}")
        position: ground-0 ground-1 0-1
        value: *
        outcome: N
        winning moves: ['cut 0-1']
        """
        moves = []
        for m in self.winning_moves():
            u, v, k = m
            took = self.captures(m)
            text = f"cut {_end_text(u)}-{_end_text(v)}" + (f" (parallel string {k})" if k else "")
            moves.append(text + (f", capturing {took} coin{'s' * (took > 1)}" if took else ""))
        return [
            ("position", str(self)),
            ("value", str(self.value())),
            ("outcome", self.outcome().name),
            ("winning moves", moves),
        ]

    # --- picture -------------------------------------------------------------------------------
    def _draw_svg(self) -> str:
        """Coins as discs, strings as lines; a string to the ground runs off to the nearest border
        (a board's coins sit on their grid, any other coins on a circle).

        >>> Nimstring.dots_and_boxes(2, 2)._repr_svg_().count('class="coin"')
        4
        """
        import math

        from .._svg import document, escape, num

        coins = self.coins
        grid = all(
            isinstance(c, tuple) and len(c) == 2 and all(type(x) is int for x in c) for c in coins
        )
        pos: dict[Hashable, tuple[float, float]] = {}
        pad = 30.0
        outward: dict[Hashable, list[tuple[float, float]]] = {}
        if grid and coins:
            cells = [(c[0], c[1]) for c in coins]  # type: ignore[index]
            r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
            c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
            step = min(46.0, 1000.0 / max(r1 - r0 + 1, c1 - c0 + 1))
            for coin, (r, c) in zip(coins, cells, strict=True):
                pos[coin] = (pad + (c - c0) * step, pad + (r - r0) * step)
                sides = [(0.0, -1.0)] if r == r0 else []
                sides += [(-1.0, 0.0)] if c == c0 else []
                sides += [(0.0, 1.0)] if r == r1 else []
                sides += [(1.0, 0.0)] if c == c1 else []
                outward[coin] = sides or [(0.0, -1.0)]
            width, height = 2 * pad + (c1 - c0) * step, 2 * pad + (r1 - r0) * step
        else:
            n = max(len(coins), 1)
            radius = max(40.0, min(500.0, n * 12.0))
            step = 2 * math.pi * radius / n
            for k, c in enumerate(coins):
                a = 2 * math.pi * k / n
                pos[c] = (pad + radius + radius * math.cos(a), pad + radius + radius * math.sin(a))
                outward[c] = [(math.cos(a), math.sin(a))]
            width = height = 2 * pad + 2 * radius
        body = []
        pairs: Counter[frozenset[Hashable]] = Counter()
        for u, v in self.strings:
            key = frozenset((u, v))
            k = pairs[key]
            pairs[key] += 1
            if GROUND in (u, v):
                c = v if u == GROUND else u
                x, y = pos[c]
                dirs = outward[c]
                dx, dy = dirs[k % len(dirs)]
                shift = 6.0 * (k // len(dirs))
                x1, y1 = x - dy * shift, y + dx * shift
                x2, y2 = x1 + dx * (pad - 8), y1 + dy * (pad - 8)
                body.append(
                    f'<line class="string" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" '
                    f'y2="{num(y2)}" stroke="#555555" stroke-width="2"/>'
                )
                body.append(f'<circle cx="{num(x2)}" cy="{num(y2)}" r="3" fill="#2e7d32"/>')
            else:
                (x1, y1), (x2, y2) = pos[u], pos[v]
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                near = abs(x1 - x2) + abs(y1 - y2) <= step * 1.01
                bend = (0.0 if near else 0.35 * step) + 6.0 * ((k + 1) // 2)
                bend *= -1 if k % 2 else 1
                if bend:
                    nx_, ny_ = -(y2 - y1), x2 - x1
                    norm = max((nx_**2 + ny_**2) ** 0.5, 1e-9)
                    mx, my = mx + 2 * bend * nx_ / norm, my + 2 * bend * ny_ / norm
                    mx, my = min(max(mx, 2.0), width - 2), min(max(my, 2.0), height - 2)
                body.append(
                    f'<path class="string" d="M {num(x1)} {num(y1)} Q {num(mx)} {num(my)} '
                    f'{num(x2)} {num(y2)}" fill="none" stroke="#555555" stroke-width="2"/>'
                )
        for c in coins:
            x, y = pos[c]
            body.append(
                f'<circle class="coin" cx="{num(x)}" cy="{num(y)}" r="11" fill="#d4af37" '
                f'stroke="#7a5c00"><title>{escape(str(c))}</title></circle>'
            )
        return document(width, height, body, background="white")


_BOARD = re.compile(r"\s*\d+\s*[xX]\s*\d+\s*(:|$)")
_PAIR = re.compile(r"\((\d+),(\d+)\)")


def _read_end(word: str) -> Hashable:
    """A string's end from its text: the ground, an int, a pair ``(r,c)`` or a name."""
    if word == GROUND:
        return GROUND
    if word.isdigit():
        return int(word)
    found = _PAIR.fullmatch(word)
    return (int(found[1]), int(found[2])) if found else word


def _end_text(end: Hashable) -> str:
    """A string's end as :func:`_read_end` reads it back (a pair without its space)."""
    return str(end).replace(" ", "")


def chain(n: int) -> Nimstring:
    """A chain of ``n`` coins, numbered 0 to n - 1, in a row, tied to the ground at both ends.

    >>> chain(2).strings
    (('ground', 0), ('ground', 1), (0, 1))
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidPosition(f"a chain has a positive number of coins, got {n!r}")
    return Nimstring([(GROUND, 0), *((k, k + 1) for k in range(n - 1)), (n - 1, GROUND)])


def loop(n: int) -> Nimstring:
    """A loop of ``n`` coins (``n >= 2``), each tied to the next, not to the ground.

    >>> len(loop(4).strings), loop(2).strings
    (4, ((0, 1), (0, 1)))
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise InvalidPosition(f"a loop has at least two coins, got {n!r}")
    return Nimstring([(k, (k + 1) % n) for k in range(n)])


# --- the valuation ---------------------------------------------------------------------------
def _free(finite: frozenset[int], cofinite: bool) -> AffineValue:
    """The free value from a survival set."""
    return affine_mex([AffineValue.entailed(finite, cofinite=not cofinite)])


def _components(edges: Iterable[Edge]) -> list[Component]:
    """The components of coins joined by strings (the ground joins nothing)."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    edges = list(edges)
    for a, b in edges:
        if a >= 0:
            root(a)
        if a >= 0 and b >= 0:
            parent[root(a)] = root(b)
        elif b >= 0:
            root(b)
    groups: dict[int, list[Edge]] = {}
    for a, b in edges:
        groups.setdefault(root(b if a < 0 else a), []).append((a, b))
    return [tuple(sorted(g)) for g in groups.values()]


_PERMUTATION_LIMIT = 2000
_RAW: Edge = (-2, -2)  # first in a key that is exact but not shared by isomorphic copies


def _canonical(comp: Component) -> Component:
    """A canonical relabelling of a component (coins 0, 1, ... ; the ground -1).

    Colour refinement orders the coins; ties are broken by trying every order
    within each colour class when there are few, and otherwise the first
    seen order is kept (an exact key still, only not shared by isomorphic copies).
    """
    coins = sorted({x for e in comp for x in e if x >= 0})
    adj: dict[int, Counter[int]] = {c: Counter() for c in coins}
    for a, b in comp:
        if a >= 0:
            adj[a][b] += 1
        if b >= 0:
            adj[b][a] += 1
    colour = {c: 0 for c in coins}
    for _ in range(len(coins)):
        sig = {
            c: (
                colour[c],
                tuple(sorted((-1 if n < 0 else colour[n], k) for n, k in adj[c].items())),
            )
            for c in coins
        }
        ranks = {s: i for i, s in enumerate(sorted(set(sig.values())))}
        new = {c: ranks[sig[c]] for c in coins}
        if len(set(new.values())) == len(set(colour.values())):
            colour = new
            break
        colour = new
    classes: dict[int, list[int]] = {}
    for c in coins:
        classes.setdefault(colour[c], []).append(c)
    ordered = [classes[k] for k in sorted(classes)]
    count = 1
    for cls in ordered:
        for k in range(2, len(cls) + 1):
            count *= k
        if count > _PERMUTATION_LIMIT:
            break
    if count > _PERMUTATION_LIMIT:
        label = {c: i for i, c in enumerate(x for cls in ordered for x in cls)}
        raw = sorted(_norm(_relabel(a, label), _relabel(b, label)) for a, b in comp)
        return (_RAW, *raw)
    best: Component | None = None
    for choice in itertools.product(*(itertools.permutations(cls) for cls in ordered)):
        label = {c: i for i, c in enumerate(x for cls in choice for x in cls)}
        form = tuple(sorted(_norm(_relabel(a, label), _relabel(b, label)) for a, b in comp))
        if best is None or form < best:
            best = form
    assert best is not None
    return best


def _relabel(x: int, label: dict[int, int]) -> int:
    return -1 if x < 0 else label[x]


def _survival(comp: Component) -> tuple[frozenset[int], bool]:
    """The survival set of a canonical reduced component (memoised), as (finite part, cofinite)."""
    found = _CACHE.get(comp)
    if found is not None:
        return found
    spend_work()
    edges = [e for e in comp if e != _RAW]
    options: list[AffineValue] = []
    for i in range(len(edges)):
        if i and edges[i] == edges[i - 1]:
            continue  # parallel strings: the same move
        rest = edges[:i] + edges[i + 1 :]
        left = Counter(x for e in rest for x in e if x >= 0)
        captured = any(x >= 0 and left[x] == 0 for x in edges[i])
        if captured:
            after = _free(*_sum_survival(rest))
            options.append(affine_mex([after], entailed=True))
        elif _loony_after(rest, left):
            continue  # a loony move: its value ☾ adds nothing to the mex
        else:
            options.append(_free(*_sum_survival(rest)))
    finite_value = affine_mex(options, entailed=True)
    result = (finite_value.members, finite_value.cofinite)
    _store(comp, result)
    return result


def _sum_survival(edges: list[Edge]) -> tuple[frozenset[int], bool]:
    """The survival set (as a free value's) of a plain sum of components: ``{v}`` or everything."""
    total = affine_sum(*(_free(*_survival(_canonical(c))) for c in _components(_reduce(edges))))
    if total is LOONY:
        return frozenset(), True
    # a free value *v has the survival set whose mex is v; {0..v-1} stands for it
    return frozenset(range(total.nim)), False


def _reduce(edges: list[Edge]) -> list[Edge]:
    """The position with the same value, smaller: coins hanging from the ground by their one
    string taken off, runs of four or more coins with two strings each cut to three
    (between the same two ends), cycles of five or more such coins cut to four."""
    degree = Counter(x for e in edges for x in e if x >= 0)
    edges = [e for e in edges if not (e[0] < 0 and degree[e[1]] == 1)]
    adj: dict[int, list[int]] = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    two = {c for c, ends in adj.items() if c >= 0 and len(ends) == 2 and ends[0] != ends[1]}
    seen: set[int] = set()
    gone: set[int] = set()
    added: list[Edge] = []
    for start in sorted(two):
        if start in seen:
            continue
        seen.add(start)
        sides: list[tuple[list[int], int]] = []  # (coins walked, the end reached)
        cycle = False
        for first in adj[start]:
            walked: list[int] = []
            prev, cur = start, first
            while cur in two and cur != start:
                seen.add(cur)
                walked.append(cur)
                a, b = adj[cur]
                prev, cur = cur, (b if a == prev else a)
            if cur == start:
                cycle = True
                sides = [(walked, start)]
                break
            sides.append((walked, cur))
        if cycle:
            ring = [start, *sides[0][0]]
            if len(ring) >= 5:
                gone.update(ring)
                keep = ring[:4]
                added += [_norm(keep[k], keep[(k + 1) % 4]) for k in range(4)]
            continue
        (left, a_end), (right, b_end) = sides
        run = [*reversed(left), start, *right]
        if len(run) >= 4:
            gone.update(run)
            c1, c2, c3 = run[0], run[1], run[-1]
            added += [_norm(a_end, c1), _norm(c1, c2), _norm(c2, c3), _norm(c3, b_end)]
    if not gone:
        return edges
    return [e for e in edges if e[0] not in gone and e[1] not in gone] + added


def _loony_after(edges: list[Edge], degree: Counter[int]) -> bool:
    """Whether a position offers a capturable coin ``c`` hanging from a coin ``d`` with two
    strings whose other string, cut, captures nothing (the double-dealing move)."""
    ends: dict[int, list[int]] = {}
    for a, b in edges:
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    for c, d in edges + [(b, a) for a, b in edges]:
        if c >= 0 and d >= 0 and degree[c] == 1 and degree[d] == 2:
            others = list(ends[d])
            others.remove(c)
            x = others[0]
            if x < 0 or degree[x] >= 2:
                return True
    return False


def _clear() -> None:
    with _LOCK:
        _CACHE.clear()


register_cache(_clear)


def _store(comp: Component, result: tuple[frozenset[int], bool]) -> None:
    with _LOCK:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[comp] = result


def _search(edges: tuple[Edge, ...], memo: dict[tuple[Edge, ...], bool]) -> bool:
    """Whether the player to move wins, by playing every line out (a capture: move again)."""
    found = memo.get(edges)
    if found is not None:
        return found
    win = False
    for i in range(len(edges)):
        if i and edges[i] == edges[i - 1]:
            continue
        rest = edges[:i] + edges[i + 1 :]
        left = Counter(x for e in rest for x in e if x >= 0)
        captured = any(x >= 0 and left[x] == 0 for x in edges[i])
        if _search(rest, memo) == captured:
            win = True
            break
    memo[edges] = win
    return win
