"""Values of loopy games: sums, negatives, and the order of stoppers.

A :class:`LoopyGame` is a finite game graph with a start node, held as a
value: ``+`` is the disjunctive sum (a move is a move in one component),
unary ``-`` swaps the players.  Every position is kept in a normal form
(only the nodes reachable from the start, bisimilar nodes merged unless
there are very many on cycles), which does not change the game tree.

Order.  A *stopper* is a loopy game in which no play alternating Left, Right,
Left, ... goes on for ever (:meth:`LoopyGame.is_stopper`).  For stoppers ``G``
and ``H``, ``G >= H`` exactly when Left, moving second in ``G - H``, can
survive: either she wins or play goes on for ever (Winning Ways, 2nd ed.,
vol. 2, ch. 11, "Stoppers"; Siegel, *Combinatorial Game Theory*, ch. VI,
the order of stoppers).  ``G - H`` need not be a stopper (``on - on`` is
``dud``), which is why infinite play counts for Left.  Games that are not
stoppers are compared through their sides (:func:`cgt.loopy.sides`); a
``LoopyGame`` comparison of them raises :class:`NotAStopper`.

Equality and hashing.  A stopper has a unique simplest form
(:meth:`LoopyGame.canonical`, :mod:`cgt.loopy.canonical`); ``==`` compares
simplest forms, ``hash`` follows them, and a stopper whose simplest form has
no cycle hashes as the short :class:`~cgt.Game` it equals.

>>> from cgt.loopy import on, off, over, dud
>>> over > 0, over < 1, on + off == dud
(True, True, True)
>>> (on + off).outcome()
LoopyOutcome(left_first=Winner.DRAW, right_first=Winner.DRAW)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Union

from .._compat import flag
from .._deep import deep
from .._options import Options
from ..errors import CGTError, InvalidArgument, TooLarge
from ..game import Game, Relation, maybe_game
from ..notation import names as notation_names
from .canonical import simplest_form
from .graph import GameGraph, LoopyOutcome, Winner, analyse

__all__ = [
    "SIMPLEST_TEXT_LIMIT",
    "LoopyGame",
    "NotAStopper",
    "dud",
    "off",
    "on",
    "over",
    "under",
    "upon",
]

LoopyLike = Union["LoopyGame", Game, int]

THEORY_METHODS: frozenset[str] = frozenset(
    {
        # onside and offside (cgt.loopy.sided)
        "sides",
        # invariants of stoppers (cgt.loopy.invariants)
        "left_stop",
        "right_stop",
        "upsum",
        "downsum",
        "degree",
        "is_pseudonumber",
        "is_idempotent",
        "is_stable",
        "upsum_variety",
        "downsum_variety",
        "variety",
        # the text of a stopper (cgt.loopy.printing)
        "stopper_text",
        # the text of a game that is not a stopper: its sides (cgt.loopy.sided)
        "sided_text",
    }
)
"""The names of LoopyGame's façade table: what the loopy modules built on it provide.

``LoopyGame`` is at the bottom of :mod:`cgt.loopy`; its sides, invariants and
printing are computed by modules that import it.  Rather than importing them
back, this module declares the names and one table, and
:mod:`cgt.loopy._facade` (imported by :mod:`cgt.loopy`, which Python imports
before any of its modules) fills it, as :mod:`cgt._facade` does for ``Game``.

>>> import cgt.loopy
>>> from cgt.loopy import values
>>> sorted(values.THEORY_METHODS)[:3]
['degree', 'downsum', 'downsum_variety']
>>> print(cgt.parse("5over").left_stop())
5over
"""

_THEORY: dict[str, Callable[..., Any]] = {}


def install_theory(table: Mapping[str, Callable[..., Any]]) -> None:
    """Fill LoopyGame's façade table; every name must be one of :data:`THEORY_METHODS`.

    Called once by ``cgt.loopy._facade``.

    >>> from cgt.loopy import values
    >>> values.install_theory({"no such method": print})
    Traceback (most recent call last):
      ...
    cgt.errors.InvalidArgument: 'no such method' is not in cgt.loopy.values.THEORY_METHODS
    """
    unknown = sorted(set(table) - THEORY_METHODS)
    if unknown:
        raise InvalidArgument(f"{unknown[0]!r} is not in cgt.loopy.values.THEORY_METHODS")
    _THEORY.update(table)


def _theory(name: str) -> Callable[..., Any]:
    """The façade table's function for ``name`` (filled once ``cgt.loopy`` is imported)."""
    found = _THEORY.get(name)
    if found is None:
        raise CGTError(
            f"LoopyGame.{name} is not available: its façade table has no {name!r} "
            "(cgt.loopy._facade, imported by cgt.loopy, fills cgt.loopy.values' table)"
        )
    return found


class NotAStopper(InvalidArgument):
    """An operation defined for stoppers only was asked of a game that is not one.

    >>> from cgt.loopy import on, off
    >>> try:
    ...     (on + off) <= on
    ... except NotAStopper as err:
    ...     print(err)
    comparison needs stoppers; dud is not a stopper (compare its sides: ...)
    """


# ---------------------------------------------------------------------------
# graph helpers
# ---------------------------------------------------------------------------
OF_LIMIT = 1 << 20
"""The most positions of a short game made into a loopy game graph (:meth:`LoopyGame.of`):
a game born after this day is refused at once with :class:`~cgt.TooLarge`
(so ``SidedValue(10**30, 0)`` and ``parse_sided("10**30 & 0")``-like texts do not hang)."""

_REFINE_LIMIT = 400  # positions on or leading to cycles merged only up to this many


def _normal(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]], start: int) -> GameGraph:
    """The reachable part of a graph, bisimilar nodes merged, numbered breadth-first.

    (Positions that can reach a cycle are merged only when there are at most
    ``_REFINE_LIMIT`` of them; either way the graph plays the same game.)
    """
    n = len(left)
    # nodes reachable from the start
    seen = [False] * n
    seen[start] = True
    order = [start]
    for v in order:
        for w in (*left[v], *right[v]):
            if not seen[w]:
                seen[w] = True
                order.append(w)
    # coarsest bisimulation.  Nodes that reach no cycle get their classes
    # bottom-up in one pass (children first); the others, which no node of
    # the first kind can match, by partition refinement.
    succ = {v: (*left[v], *right[v]) for v in order}
    pending = {v: len(set(succ[v])) for v in order}
    preds: dict[int, set[int]] = {v: set() for v in order}
    for v in order:
        for w in succ[v]:
            preds[w].add(v)
    sigs: dict[tuple[int, frozenset[int], frozenset[int]], int] = {}
    fixed: dict[int, int] = {}
    ready = [v for v in order if pending[v] == 0]
    for v in ready:
        sig = (-1, frozenset(fixed[w] for w in left[v]), frozenset(fixed[w] for w in right[v]))
        fixed[v] = sigs.setdefault(sig, len(sigs))
        for u in preds[v]:
            pending[u] -= 1
            if pending[u] == 0:
                ready.append(u)
    loopy = [v for v in order if v not in fixed]
    base = len(sigs)
    cls = dict(fixed)
    cls.update({v: base for v in loopy})
    count = 1
    if len(loopy) > _REFINE_LIMIT:  # refinement takes up to len(loopy) rounds: skip it
        cls.update({v: base + k for k, v in enumerate(loopy)})
        loopy = []
    while loopy:
        refined: dict[tuple[int, frozenset[int], frozenset[int]], int] = {}
        new = {}
        for v in loopy:
            sig = (
                cls[v],
                frozenset(cls[w] for w in left[v]),
                frozenset(cls[w] for w in right[v]),
            )
            new[v] = base + refined.setdefault(sig, len(refined))
        cls.update(new)
        if len(refined) == count:
            break
        count = len(refined)
    # renumber the classes breadth-first from the start
    rep: dict[int, int] = {}
    for v in order:
        rep.setdefault(cls[v], v)
    index = {cls[start]: 0}
    queue = [cls[start]]
    out_l: list[tuple[int, ...]] = []
    out_r: list[tuple[int, ...]] = []
    for c in queue:
        v = rep[c]
        sides = []
        for moves in (left[v], right[v]):
            targets: list[int] = []
            for w in moves:
                d = cls[w]
                if d not in index:
                    index[d] = len(queue)
                    queue.append(d)
                if index[d] not in targets:
                    targets.append(index[d])
            sides.append(tuple(targets))
        out_l.append(sides[0])
        out_r.append(sides[1])
    return GameGraph(tuple(out_l), tuple(out_r), 0)


def _acyclic(graph: GameGraph) -> bool:
    """Whether no cycle of moves (by either player, in any order) is reachable."""
    n = graph.size
    indegree = [0] * n
    for v in range(n):
        for w in (*graph.left[v], *graph.right[v]):
            indegree[w] += 1
    queue = [v for v in range(n) if indegree[v] == 0]
    done = 0
    for v in queue:
        done += 1
        for w in (*graph.left[v], *graph.right[v]):
            indegree[w] -= 1
            if indegree[w] == 0:
                queue.append(w)
    return done == n


def _short_nodes(graph: GameGraph) -> dict[int, Game]:
    """The short value of every node from which no cycle can be reached."""
    n = graph.size
    succ = [(*graph.left[v], *graph.right[v]) for v in range(n)]
    # a node is short when it reaches no cycle: peel nodes whose successors are short
    remaining = [len(set(s)) for s in succ]
    preds: list[set[int]] = [set() for _ in range(n)]
    for v in range(n):
        for w in succ[v]:
            preds[w].add(v)
    queue = deque(v for v in range(n) if remaining[v] == 0)
    values: dict[int, Game] = {}
    while queue:
        v = queue.popleft()
        values[v] = Game([values[w] for w in graph.left[v]], [values[w] for w in graph.right[v]])
        for u in preds[v]:
            remaining[u] -= 1
            if remaining[u] == 0:
                queue.append(u)
    return values


# ---------------------------------------------------------------------------
# the value class
# ---------------------------------------------------------------------------
class LoopyGame:
    """A loopy game: a finite game graph and its start node, held as a value.

    Build one with :meth:`from_graph`, :meth:`of` (a short game),
    :func:`~cgt.loopy.parse_loopy`, or the constants :data:`on`,
    :data:`off`, :data:`over`, :data:`under`, :data:`dud`, :data:`upon`.

    >>> from cgt.loopy import GameGraph, LoopyGame
    >>> g = LoopyGame.from_graph(GameGraph.of([[1], []], [[0], []]))   # a{0|a}
    >>> g, g.is_stopper, g > 0
    (over, True, True)
    """

    __slots__ = ("_canon", "_graph", "_short")
    _graph: GameGraph
    _canon: GameGraph | None
    _short: Game | None  # the short value of a stopper whose simplest form has no cycle

    def __init__(self, graph: GameGraph) -> None:
        if not isinstance(graph, GameGraph):
            raise InvalidArgument(f"LoopyGame needs a GameGraph, not {type(graph).__name__}")
        object.__setattr__(self, "_graph", _normal(graph.left, graph.right, graph.start))
        object.__setattr__(self, "_canon", None)
        object.__setattr__(self, "_short", None)

    def _canonical_graph(self) -> GameGraph:
        """The simplest form's graph (computed once); the caller checks for a stopper."""
        if self._canon is None:
            object.__setattr__(self, "_canon", simplest_form(self._graph))
        assert self._canon is not None
        return self._canon

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LoopyGame is immutable")

    # --- construction ----------------------------------------------------------
    @classmethod
    def from_graph(cls, graph: GameGraph) -> LoopyGame:
        """The game played on ``graph`` from its start node.

        >>> from cgt.loopy import GameGraph, LoopyGame
        >>> LoopyGame.from_graph(GameGraph.of([[0]], [[]]))
        on
        """
        return cls(graph)

    @classmethod
    def of(cls, game: Game | int, max_positions: int | None = None) -> LoopyGame:
        """A short game as a loopy game (its graph of options, with no cycle).

        A game with more than ``max_positions`` positions (:data:`OF_LIMIT` by
        default) raises :class:`~cgt.TooLarge` instead.

        >>> import cgt
        >>> from cgt.loopy import LoopyGame
        >>> g = LoopyGame.of(cgt.parse("{1|0}"))
        >>> g, g == cgt.parse("{1|0}"), g.graph.size
        ({1|0}, True, 3)
        """
        if isinstance(game, LoopyGame):
            return game
        g = maybe_game(game)
        if g is None:
            raise InvalidArgument(f"cannot make a loopy game from {type(game).__name__} {game!r}")
        limit = OF_LIMIT if max_positions is None else max_positions
        day = g.birthday()
        born = f"on day {day}" if day < 10**12 else f"after day 2**{day.bit_length() - 1}"
        too_many = TooLarge(
            f"a short game born {born} has more than {limit} positions: too large for a "
            f"loopy game graph here" + (" (cgt.loopy.values.OF_LIMIT)" if limit == OF_LIMIT else "")
        )
        if g.birthday() >= limit:  # a game born on day d has more than d positions
            raise too_many
        index: dict[Game, int] = {g: 0}
        nodes = [g]
        left: list[tuple[int, ...]] = []
        right: list[tuple[int, ...]] = []
        for h in nodes:
            if len(nodes) > limit:
                raise too_many
            sides = []
            for options in (h.left_options, h.right_options):
                targets = []
                for o in options:
                    if o not in index:
                        index[o] = len(nodes)
                        nodes.append(o)
                    targets.append(index[o])
                sides.append(tuple(targets))
            left.append(sides[0])
            right.append(sides[1])
        return cls(GameGraph(tuple(left), tuple(right), 0))

    @property
    def graph(self) -> GameGraph:
        """The game graph (reachable nodes only, bisimilar nodes merged, start 0).

        >>> from cgt.loopy import on
        >>> on.graph
        GameGraph(left=((0,),), right=((),), start=0)
        """
        return self._graph

    @property
    def left_options(self) -> Options[LoopyGame]:
        """The games Left can move to: the start's Left successors in :attr:`graph`.

        A tuple that can also be called, as positions' ``left_options()`` are.

        >>> from cgt.loopy import on, over
        >>> on.left_options, over.left_options()
        ((on,), (0,))
        """
        return self._moves(self._graph.left)

    @property
    def right_options(self) -> Options[LoopyGame]:
        """The games Right can move to (a callable tuple, as :attr:`left_options`).

        >>> from cgt.loopy import on, over
        >>> on.right_options, over.right_options()
        ((), (over,))
        """
        return self._moves(self._graph.right)

    def _moves(self, side: tuple[tuple[int, ...], ...]) -> Options[LoopyGame]:
        graph = self._graph
        return Options(
            LoopyGame(GameGraph(graph.left, graph.right, target)) for target in side[graph.start]
        )

    # --- properties ------------------------------------------------------------
    @property
    def is_stopper(self) -> bool:
        """Whether no alternating play goes on for ever from any position.

        >>> from cgt.loopy import on, dud
        >>> on.is_stopper, dud.is_stopper
        (True, False)
        """
        return flag(self._graph.is_stopper, "LoopyGame.is_stopper")

    @property
    def is_short(self) -> bool:
        """Whether no position can repeat (the graph has no cycle).

        >>> import cgt
        >>> from cgt.loopy import LoopyGame, over
        >>> LoopyGame.of(cgt.star).is_short, over.is_short
        (True, False)
        """
        return flag(_acyclic(self._graph), "LoopyGame.is_short")

    def to_short(self) -> Game:
        """The short game with the same graph; InvalidArgument if the graph has a cycle.

        >>> import cgt
        >>> from cgt.loopy import LoopyGame
        >>> LoopyGame.of(cgt.up).to_short()
        ^
        """
        if not _acyclic(self._graph):
            raise InvalidArgument(f"{self!r} has a cycle: it is not a short game")
        return _short_nodes(self._graph)[0]

    def canonical(self) -> LoopyGame:
        """The simplest form of a stopper: the unique equal stopper in which no
        position has a dominated or reversible option and no two positions
        are equal (Siegel, CGT, ch. VI, sections 3-4: equal stoppers have
        isomorphic simplest forms).  Raises :class:`NotAStopper` otherwise.

        The order of all pairs of positions comes from one retrograde
        analysis (:func:`cgt.loopy.canonical.order`); then equal positions
        are fused, dominated options deleted and reversible ones bypassed
        until nothing changes (:func:`cgt.loopy.canonical.simplest_form`).

        >>> import cgt
        >>> g = cgt.parse("{0, pass | a{0|a}, 5}")
        >>> g.canonical(), g.canonical().graph.size, g.graph.size
        (over, 2, 8)
        >>> cgt.parse("{|on}").canonical()
        0
        """
        if not self.is_stopper:
            raise NotAStopper(
                f"canonical forms are for stoppers; {self!r} is not one "
                "(its sides are: cgt.loopy.sides(g))"
            )
        c = self._canonical_graph()
        result = LoopyGame(c)
        if result._graph == c:  # (always: a simplest form is its own normal form)
            object.__setattr__(result, "_canon", c)
        return result

    def simplify(self) -> LoopyGame:
        """The simplest form of a stopper (:meth:`canonical`); a game that is
        not a stopper comes back as it is.

        >>> from cgt.loopy import parse_loopy
        >>> g = parse_loopy("{0, pass | a{0|a}, 5}")
        >>> g.simplify().graph.size < g.graph.size, g.simplify() == g
        (True, True)
        >>> print(parse_loopy("{|on}").simplify())
        0
        """
        if not self.is_stopper:
            return self
        return self.canonical()

    def outcome(self) -> LoopyOutcome:
        """Who wins with Left moving first and with Right moving first (or draw).

        >>> from cgt.loopy import on, over, dud
        >>> str(on.outcome())
        'Left first: Left wins; Right first: Left wins'
        >>> str(over.outcome()), str(dud.outcome())
        ('Left first: Left wins; Right first: Left wins', 'Left first: draw; Right first: draw')
        """
        r = analyse(self._graph)[0]
        return LoopyOutcome(r.left_first, r.right_first)

    # --- arithmetic ------------------------------------------------------------
    def __neg__(self) -> LoopyGame:
        g = self._graph
        return LoopyGame(GameGraph(g.right, g.left, 0))

    def __pos__(self) -> LoopyGame:
        return self

    def __add__(self, other: object) -> LoopyGame:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _sum(self, h)

    def __radd__(self, other: object) -> LoopyGame:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _sum(h, self)

    def __sub__(self, other: object) -> LoopyGame:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _sum(self, -h)

    def __rsub__(self, other: object) -> LoopyGame:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _sum(h, -self)

    # --- order -----------------------------------------------------------------
    def __ge__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _ge(self, h)

    def __le__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _ge(h, self)

    def __gt__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _ge(self, h) and not _ge(h, self)

    def __lt__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        return _ge(h, self) and not _ge(self, h)

    def compare(self, other: LoopyLike) -> Relation:
        """Compare two stoppers: LESS, EQUAL, GREATER or CONFUSED.

        >>> from cgt.loopy import on, over, upon
        >>> over.compare(0), on.compare(over), upon.compare(0)
        (Relation.GREATER, Relation.GREATER, Relation.GREATER)
        """
        h = _coerce(other)
        if h is None:
            raise InvalidArgument(f"cannot compare a loopy game with {type(other).__name__}")
        ge, le = _ge(self, h), _ge(h, self)
        if ge and le:
            return Relation.EQUAL
        if ge:
            return Relation.GREATER
        if le:
            return Relation.LESS
        return Relation.CONFUSED

    def __eq__(self, other: object) -> bool:
        h = _coerce(other)
        if h is None:
            return NotImplemented
        if self._graph == h._graph:  # the same normal form: the same game tree
            return True
        if self.is_stopper and h.is_stopper:
            # equal stoppers have the same simplest form (Siegel, CGT, ch. VI);
            # for large graphs not yet simplified, two product comparisons are cheaper
            large = max(self._graph.size, h._graph.size) > _EQ_BY_FORMS_LIMIT
            if large and (self._canon is None or h._canon is None):
                return _ge(self, h) and _ge(h, self)
            return self._canonical_graph() == h._canonical_graph()
        # Equal games have equal outcomes in every sum (Siegel VI: G = H when
        # G + X and H + X have the same outcome for all X), so a context
        # telling them apart settles it; otherwise it needs onsides/offsides.
        for x in _CONTEXTS:
            if _outcome(_product(self._graph, x)) != _outcome(_product(h._graph, x)):
                return False
        return _ge(self, h) and _ge(h, self)  # raises NotAStopper

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        # A stopper hashes by its simplest form, and as the short Game when
        # that has no cycle, so equal values (LoopyGame or Game) hash alike.
        # Other loopy games equal only themselves (``==`` raises or says no
        # otherwise): their outcome will do.
        if not self.is_stopper:
            return hash((LoopyGame, self.outcome()))
        c = self._canonical_graph()
        if _acyclic(c):
            # Games hash by identity of their interned form: keep it alive
            if self._short is None:
                object.__setattr__(self, "_short", _short_nodes(c)[0])
            return hash(self._short)
        return hash((LoopyGame, c.left, c.right))

    # --- pickling and printing -------------------------------------------------
    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._graph.left, self._graph.right))

    def __str__(self) -> str:
        """CGSuite's text: a stopper in its simplest form, ``dud``, else the
        sides ``onside & offside`` (a summary when they are not found).

        >>> import cgt
        >>> from cgt.games import BackslidingToadsAndFrogs
        >>> print(cgt.parse("{0|pass}"), cgt.parse("a{1||a|0}"))
        over 2 & +-1
        >>> print(BackslidingToadsAndFrogs("tt..ff").value())
        * & *
        """
        return _to_string(self, True)

    def __repr__(self) -> str:
        """As :meth:`__str__` for a stopper; the whole graph for any other game
        (which :func:`cgt.parse` reads back to the same graph).

        >>> import cgt
        >>> cgt.parse("{0|pass}"), cgt.parse("a{1||a|0}")
        (over, a{1|{a|0}})
        """
        return _to_string(self, False)

    def sides(self) -> Any:
        """The onside and offside, a :class:`cgt.loopy.sided.SidedValue`
        (:func:`cgt.loopy.sided.sides`; ``SidesNotFound`` when not found exactly).

        >>> from cgt.loopy import on, off
        >>> print((on + off).sides())
        on & off
        """
        return _theory("sides")(self)

    # --- invariants of stoppers (cgt.loopy.invariants) ---------------------------
    def left_stop(self) -> LoopyGame | Game:
        """The Left stop: a number, ``on``, ``off``, ``x over`` or ``x under``.

        >>> import cgt
        >>> g = cgt.parse("+-(5over)")
        >>> g.left_stop(), g.right_stop()
        (5over, -5under)
        """
        value: LoopyGame | Game = _theory("left_stop")(self)
        return value

    def right_stop(self) -> LoopyGame | Game:
        """The Right stop (see :meth:`left_stop`).

        >>> import cgt
        >>> cgt.parse("{pass|3/2}").right_stop()
        3/2under
        """
        value: LoopyGame | Game = _theory("right_stop")(self)
        return value

    def upsum(self, other: LoopyGame | Game | int) -> LoopyGame | Game:
        """The upsum ``G +⁺ H``: the onside of ``G + H``, simplest form.

        >>> import cgt
        >>> cgt.parse("over").upsum(cgt.parse("under")), cgt.parse("on").upsum(cgt.parse("off"))
        (over, on)
        """
        value: LoopyGame | Game = _theory("upsum")(self, other)
        return value

    def downsum(self, other: LoopyGame | Game | int) -> LoopyGame | Game:
        """The downsum ``G +⁻ H``: the offside of ``G + H``, simplest form.

        >>> import cgt
        >>> cgt.parse("over").downsum(cgt.parse("under"))
        under
        """
        value: LoopyGame | Game = _theory("downsum")(self, other)
        return value

    def degree(self) -> LoopyGame | Game:
        """The degree of loopiness ``G +⁺ -G`` (``0`` for a short game).

        >>> import cgt
        >>> cgt.parse("3/2under").degree(), cgt.parse("{-1/4+*|pass}").degree()
        (over, ^<on>)
        """
        value: LoopyGame | Game = _theory("degree")(self)
        return value

    @property
    def is_pseudonumber(self) -> bool:
        """Whether this stopper is a number, ``on``, ``off``, ``x over`` or ``x under``.

        >>> import cgt
        >>> cgt.parse("5over").is_pseudonumber, cgt.parse("upon").is_pseudonumber
        (True, False)
        """
        value: bool = _theory("is_pseudonumber")(self)
        return value

    @property
    def is_idempotent(self) -> bool:
        """Whether ``G + G = G`` (``on``, ``off``, ``over``, ``Tiny(on)``, ...).

        >>> import cgt
        >>> cgt.parse("over").is_idempotent, cgt.parse("upon").is_idempotent
        (True, False)
        """
        value: bool = _theory("is_idempotent")(self)
        return value

    @property
    def is_stable(self) -> bool:
        """Whether the upsum and downsum varieties relative to the degree agree
        (``NotIdempotent`` when the degree is not idempotent).

        >>> import cgt
        >>> cgt.parse("+-over").is_stable, cgt.parse("a{0|{0||||0,*2|||a|0||0}||0}").is_stable
        (True, False)
        """
        value: bool = _theory("is_stable")(self)
        return value

    def upsum_variety(self, degree: LoopyGame | Game | int | None = None) -> LoopyGame | Game:
        """``G +⁺ (-G +⁻ -D)`` for an idempotent ``D`` (by default the degree).

        >>> import cgt
        >>> cgt.parse("upon").upsum_variety(cgt.parse("^<on>"))
        v<on>
        """
        value: LoopyGame | Game = _theory("upsum_variety")(self, degree)
        return value

    def downsum_variety(self, degree: LoopyGame | Game | int | None = None) -> LoopyGame | Game:
        """``G +⁻ (-G +⁺ D)`` for an idempotent ``D`` (by default the degree).

        >>> import cgt
        >>> cgt.parse("upon").downsum_variety(cgt.parse("^<on>"))
        v<on>
        """
        value: LoopyGame | Game = _theory("downsum_variety")(self, degree)
        return value

    def variety(self) -> LoopyGame | Game:
        """The variety of a stable stopper (``NotStable`` otherwise).

        >>> import cgt
        >>> cgt.parse("+-(5over)").variety()
        +-{10over|over}
        """
        value: LoopyGame | Game = _theory("variety")(self)
        return value


_EQ_BY_FORMS_LIMIT = 1000  # positions; above, == compares by product graphs


def _rebuild(left: tuple[tuple[int, ...], ...], right: tuple[tuple[int, ...], ...]) -> LoopyGame:
    return LoopyGame(GameGraph(left, right, 0))


def _coerce(value: object) -> LoopyGame | None:
    if isinstance(value, LoopyGame):
        return value
    g = maybe_game(value)
    return None if g is None else LoopyGame.of(g)


def _sum(g: LoopyGame, h: LoopyGame) -> LoopyGame:
    """The disjunctive sum: the product of the graphs, a move in one component."""
    return LoopyGame(_product(g.graph, h.graph))


def _product(a: GameGraph, b: GameGraph) -> GameGraph:
    """The graph of the sum (its nodes reachable from the start)."""
    index = {(0, 0): 0}
    pairs = [(0, 0)]
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []

    def node(p: tuple[int, int]) -> int:
        if p not in index:
            index[p] = len(pairs)
            pairs.append(p)
        return index[p]

    for x, y in pairs:
        left.append(
            tuple([node((x2, y)) for x2 in a.left[x]] + [node((x, y2)) for y2 in b.left[y]])
        )
        right.append(
            tuple([node((x2, y)) for x2 in a.right[x]] + [node((x, y2)) for y2 in b.right[y]])
        )
    return GameGraph(tuple(left), tuple(right), 0)


def _outcome(graph: GameGraph) -> tuple[Winner, Winner]:
    r = analyse(graph)[graph.start]
    return (r.left_first, r.right_first)


def _ge(g: LoopyGame, h: LoopyGame) -> bool:
    """``G >= H`` for stoppers: Left, moving second in ``G - H``, survives
    (wins or plays for ever) -- Winning Ways ch. 11; Siegel ch. VI."""
    for x in (g, h):
        if not x.is_stopper:
            raise NotAStopper(
                f"comparison needs stoppers; {x!r} is not a stopper "
                "(compare its sides: cgt.loopy.sides(g) gives onside & offside)"
            )
    difference = _product(g.graph, (-h).graph)
    return analyse(difference)[0].right_first is not Winner.RIGHT


# ---------------------------------------------------------------------------
# printing
# ---------------------------------------------------------------------------
SIMPLEST_TEXT_LIMIT = 2000
"""The largest stopper (in positions) whose simplest form ``str()`` and ``repr()``
compute: it compares every pair of positions, some seconds at this size (a sum
of 17,326 positions took minutes).  A larger stopper prints as a summary unless
its simplest form is known already (:meth:`LoopyGame.canonical` computes it)."""


@deep
def _to_string(g: LoopyGame, readable: bool) -> str:
    """A short game's text, ``dud``, a stopper's simplest form; then, for other
    games, their sides (``readable``) or their whole graph.

    A stopper of more than :data:`SIMPLEST_TEXT_LIMIT` positions whose simplest
    form is not known yet is summed up instead:

    >>> import cgt
    >>> g = cgt.parse("on") + 2000
    >>> g.graph.size
    2001
    >>> print(g)  # doctest: +ELLIPSIS
    <loopy stopper: 2001 positions; its simplest form is not computed when printing ...>
    >>> g.canonical()
    on
    >>> print(g)
    on
    """
    graph = g.graph
    shorts = _short_nodes(graph)
    if 0 in shorts:
        return str(shorts[0])
    if graph == dud.graph:
        return "dud"
    if g.is_stopper:
        if g._canon is None and graph.size > SIMPLEST_TEXT_LIMIT:
            return (
                f"<loopy stopper: {graph.size} positions; its simplest form is not computed "
                f"when printing more than {SIMPLEST_TEXT_LIMIT} positions "
                "(g.canonical() computes it)>"
            )
        value: str = _theory("stopper_text")(g._canonical_graph())
        return value
    if readable:
        text: str = _theory("sided_text")(g)
        return text
    return _plain_text(graph, shorts)


def _plain_text(graph: GameGraph, shorts: dict[int, Game]) -> str:
    """Braces for every position not short, each written once and named when met again."""
    # Every position is written once; meeting it again, the text names it
    # (``pass`` for the innermost braces themselves).  A first walk finds the
    # positions met twice, the second writes the text.
    stack: list[int] = []
    written: set[int] = set()
    needs_name: set[int] = set()

    def walk(v: int) -> None:
        if v in shorts:
            return
        if v in written:
            if not (stack and v == stack[-1]):
                needs_name.add(v)
            return
        written.add(v)
        stack.append(v)
        for w in (*graph.left[v], *graph.right[v]):
            walk(w)
        stack.pop()

    walk(graph.start)
    names = notation_names()
    label = {v: next(names) for v in sorted(needs_name)}
    written.clear()

    def show(v: int) -> str:
        if v in shorts:
            return str(shorts[v])
        if v in written:
            return "pass" if stack and v == stack[-1] else label[v]
        written.add(v)
        stack.append(v)
        lefts = ",".join(show(w) for w in graph.left[v])
        rights = ",".join(show(w) for w in graph.right[v])
        stack.pop()
        return label.get(v, "") + "{" + lefts + "|" + rights + "}"

    return show(graph.start)


def _plumtree(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> LoopyGame:
    return LoopyGame(GameGraph.of(left, right))


# Definitions: Winning Ways (2nd ed.) vol. 2 ch. 11 and Siegel, CGT, ch. VI;
# the same as CGSuite's documentation of loopy games ("on := {pass|}",
# "off := {|pass}", "over := {0|pass}", "upon := {pass|*}", dud = on & off).
on = _plumtree([[0]], [[]])
"""``on = {pass|}``: Left can always move, Right never."""
off = _plumtree([[]], [[0]])
"""``off = {|pass}``, the negative of :data:`on`."""
over = _plumtree([[1], []], [[0], []])
"""``over = {0|pass}``: positive, and less than every positive number."""
under = _plumtree([[0], []], [[1], []])
"""``under = {pass|0}``, the negative of :data:`over`."""
dud = _plumtree([[0]], [[0]])
"""``dud = {pass|pass}``, the deathless universal draw (not a stopper)."""
# upon = {pass|*}: node 0 = upon, node 1 = 0, node 2 = * = {0|0}
upon = _plumtree([[0], [], [1]], [[2], [], [1]])
"""``upon = {pass|*}``, "on-up"."""

_CONTEXTS = [
    GameGraph.of([[]], [[]]),  # 0
    on.graph,
    off.graph,
    GameGraph.of([[1], []], [[1], []]),  # *
    GameGraph.of([[1], []], [[], []]),  # 1
    GameGraph.of([[], []], [[1], []]),  # -1
]

_CONSTANTS = {"on": on, "off": off, "over": over, "under": under, "dud": dud, "upon": upon}
