"""Sided values of loopy games: the onside and offside, written ``S & T``.

A loopy game ``G`` that is not a stopper is described by two stoppers
(Winning Ways, 2nd ed., vol. 2, ch. 11, "Sidling"; Siegel, *Combinatorial
Game Theory*, ch. VI): its *onside* ``G⁺``, how ``G`` behaves when infinite
play is counted as a win for Left, and its *offside* ``G⁻``, when it is
counted for Right.  Always ``G⁺ >= G⁻``; for a stopper both sides are the
game itself, and ``dud = on & off``.  Sided values are compared side by side
(``G >= H`` when ``G⁺ >= H⁺`` and ``G⁻ >= H⁻``); the onside of a sum is the
*upsum* of the onsides (the onside of their sum) and the offside the
*downsum* of the offsides.

How :func:`sides` finds the onside ``G⁺``.  Everything rests on its
definition: ``G⁺`` is the stopper with ``o⁺(G⁺ + X) = o⁺(G + X)`` for every
stopper ``X``, where ``o⁺`` is the outcome with infinite play won by Left.

* *Lower bound*: for a stopper ``T``, ``G⁺ >= T`` exactly when Left, moving
  second in ``G - T`` with infinite play counting for her, survives
  (:func:`onside_ge`; take ``X = -T``).
* *Upper bounds*: a stopper ``C`` made from ``G`` by taking Right's moves
  away, sending them to ``on``, or replacing positions by ``on``, satisfies
  ``C >= G⁺``: Left's strategies in ``G + X`` still work in ``C + X``
  (where play reaches ``on`` she passes there for ever, which counts for
  her), so ``o⁺(C + X) >= o⁺(G + X) = o⁺(G⁺ + X)``; take ``X = -G⁺``.
  Sidling from ``on`` (Winning Ways, ch. 11), ``S_0(v) = on``,
  ``S_{k+1}(v) = {S_k(v^L) | S_k(v^R)}``, is such a ``C``: ``G`` unrolled
  ``k`` moves deep with ``on`` below (a position from which the game is a
  stopper is kept as it is).

A candidate that is an upper bound by construction and passes the lower-bound
test is the onside: ``C >= G⁺ >= C`` (the order of stoppers is a partial
order, Siegel, ch. VI).  Whatever steered the search, this check alone
decides.  The candidates tried, in order:

1. ``G`` with every position ``v`` where ``G⁺(v) >= on`` replaced by ``on``
   and Right's moves on cycles of alternating play sent to ``on`` (then:
   taken away).
2. (Graphs of at most ``_UNRAVEL_SIZE`` positions.)  Right's moves on
   alternating cycles taken away one at a time, each kept away when a
   comparison of onsides (:func:`_onside_le`, a Büchi game on ``G - G'``:
   Left must win, or play in ``G``, by either player, must go on for ever;
   the condition of CGSuite's comparison of sides) says the onside did not grow; a cycle move
   that must stay is *unravelled*: Right may use it at most ``k`` times
   (``k = 1, 2, 3``: ``k + 1`` copies of the graph, the move leading to the
   next copy and absent from the last), and the deletions go on.  This finds
   onsides with cycles of their own (``^[on]*``, ``{0|^[on]*}``).
3. Sidling on values, ``S_1, S_2, ...``, each ``S_k(v)`` kept in simplest
   form so equal values are met once; then plain sidling within a budget.
   The positions whose onside is ``off`` (by :func:`_onside_le`, as in
   step 2) start at ``off`` rather than ``on``: sidling from ``on`` reaches
   them only in the limit, ``-1, -2, ...`` (the offside of Backsliding
   ``tt.t..ff``, ``on``, was out of reach that way).

Each candidate (up to ``_SIMPLIFY_SIZE`` positions) is put in simplest form
before the check, so the check plays ``G`` against a small graph.  When
none passes (the onside is not a stopper, as for Bach's Carousel, or the
search is out of reach) :func:`sides` raises :class:`SidesNotFound` rather than guess.  The offside
is ``-(-G)⁺``.

>>> from cgt.loopy import on, off, dud, over
>>> from cgt.loopy.sided import sides
>>> print(sides(dud))
on & off
>>> print(sides(over))
over & over
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .._cache import BoundedCache
from .._compat import flag
from ..errors import InvalidArgument, TooLarge
from ..game import Game, Relation
from ..notation import register_reader
from ..progress import Tracker, tracking
from .graph import GameGraph, Winner, analyse
from .values import LoopyGame, NotAStopper, _coerce, _product, off, on

__all__ = [
    "TEXT_LIMIT",
    "SidedValue",
    "SidesNotFound",
    "downsum",
    "offside",
    "onside",
    "onside_ge",
    "parse_sided",
    "sided_text",
    "sides",
    "upsum",
]

_SIDLING_STEPS = 40  # candidates tried
_SIDLING_WORK = 400_000  # bound on the size of the games analysed in all
_VALUE_STEPS = 200  # steps of sidling on values
_VALUE_WORK = 200_000  # bound on the total size of the values built
# bound on the positions of the graphs simplified while sidling on values (each
# {S(v^L) | S(v^R)} is a graph of its options' values): ttt..fff needs 88,000
_VALUE_BUILT = 300_000
_VALUE_SIZE = 32  # a larger value is replaced by on (still an upper bound)
_UNRAVEL_ROUNDS = 12  # cycle moves of Right unravelled
_UNRAVEL_SIZE = 60  # positions: larger graphs skip the search by deletion
_UNRAVEL_WORK = 3_000_000  # bound on the states of its comparisons, in all
_SIMPLIFY_SIZE = 600  # candidates up to this size are checked in simplest form
# the exact check of a candidate C analyses G - C, of up to |G| * |C| positions: a
# candidate whose check would be larger is skipped, and one search checks at most
# _CHECK_WORK such positions in all (ttt..fff needs 42,560)
_CHECK_SIZE = 1_000_000
_CHECK_WORK = 4_000_000
# printing (sided_text) searches within half the first bound and a fortieth of the
# second: ttt..fff still prints its sides (2.3 CPU s), and a random non-stopper of 768
# positions says in 0.04 s that they were not found (a quarter of _CHECK_WORK took 20 s)
_QUICK = (_VALUE_BUILT // 2, _CHECK_WORK // 40)


class SidesNotFound(TooLarge):
    """The sides of a loopy game could not be found exactly within the budget.

    >>> issubclass(SidesNotFound, TooLarge)
    True
    """


class SidedValue:
    """A sided value ``S & T``: a stopper onside ``S`` and offside ``T <= S``.

    >>> from cgt.loopy import on, off, over, LoopyGame
    >>> from cgt.loopy.sided import SidedValue
    >>> d = SidedValue(on, off)
    >>> print(d)
    on & off
    >>> d.onside, d.offside
    (on, off)
    >>> d == SidedValue(on, off), SidedValue(over, 0) >= SidedValue(0, 0)
    (True, True)
    >>> SidedValue(off, on)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a sided value S & T needs S >= T; here off & on
    """

    __slots__ = ("_off", "_on")
    _on: LoopyGame
    _off: LoopyGame

    def __init__(self, onside: LoopyGame | Game | int, offside: LoopyGame | Game | int) -> None:
        sides_: list[LoopyGame] = []
        for name, x in (("onside", onside), ("offside", offside)):
            g = _coerce(x)
            if g is None:
                raise InvalidArgument(
                    f"the {name} of a sided value must be a loopy game, not {type(x).__name__}"
                )
            if not g.is_stopper:
                raise NotAStopper(f"the {name} of a sided value must be a stopper; {g!r} is not")
            sides_.append(g)
        if not sides_[0] >= sides_[1]:
            raise InvalidArgument(
                f"a sided value S & T needs S >= T; here {sides_[0]} & {sides_[1]}"
            )
        object.__setattr__(self, "_on", sides_[0])
        object.__setattr__(self, "_off", sides_[1])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("SidedValue is immutable")

    @property
    def onside(self) -> LoopyGame:
        """The onside ``S`` of ``S & T`` (a stopper).

        >>> from cgt.loopy import on, off
        >>> from cgt.loopy.sided import SidedValue
        >>> SidedValue(on, off).onside
        on
        """
        return self._on

    @property
    def offside(self) -> LoopyGame:
        """The offside ``T`` of ``S & T`` (a stopper).

        >>> from cgt.loopy import on, off
        >>> from cgt.loopy.sided import SidedValue
        >>> SidedValue(on, off).offside
        off
        """
        return self._off

    @property
    def is_stopper(self) -> bool:
        """Whether both sides are equal (the value of a stopper).

        >>> from cgt.loopy import on, off, over
        >>> from cgt.loopy.sided import SidedValue
        >>> SidedValue(over, over).is_stopper, SidedValue(on, off).is_stopper
        (True, False)
        """
        return flag(bool(self._on == self._off), "SidedValue.is_stopper")

    # --- arithmetic ------------------------------------------------------------
    def __neg__(self) -> SidedValue:
        return SidedValue(-self._off, -self._on)

    def __pos__(self) -> SidedValue:
        return self

    def __add__(self, other: object) -> SidedValue:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return SidedValue(upsum(self._on, h._on), downsum(self._off, h._off))

    __radd__ = __add__

    def __sub__(self, other: object) -> SidedValue:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return self + (-h)

    def __rsub__(self, other: object) -> SidedValue:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return h + (-self)

    # --- order -----------------------------------------------------------------
    def __ge__(self, other: object) -> bool:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return bool(self._on >= h._on and self._off >= h._off)

    def __le__(self, other: object) -> bool:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return bool(h._on >= self._on and h._off >= self._off)

    def __gt__(self, other: object) -> bool:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return self >= h and not h >= self

    def __lt__(self, other: object) -> bool:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return h >= self and not self >= h

    def __eq__(self, other: object) -> bool:
        h = _sided(other)
        if h is None:
            return NotImplemented
        return self >= h and h >= self

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        # equal sided values have equal outcomes of their sides
        return hash((SidedValue, self._on.outcome(), self._off.outcome()))

    def compare(self, other: object) -> Relation:
        """LESS, EQUAL, GREATER or CONFUSED, comparing side by side.

        >>> from cgt.loopy import on, off
        >>> from cgt.loopy.sided import SidedValue
        >>> SidedValue(on, off).compare(0), SidedValue(on, on).compare(0)
        (Relation.CONFUSED, Relation.GREATER)
        """
        h = _sided(other)
        if h is None:
            raise InvalidArgument(f"cannot compare a sided value with {type(other).__name__}")
        ge, le = self >= h, h >= self
        if ge and le:
            return Relation.EQUAL
        if ge:
            return Relation.GREATER
        if le:
            return Relation.LESS
        return Relation.CONFUSED

    # --- pickling and printing -------------------------------------------------
    def __reduce__(self) -> tuple[Any, ...]:
        return (SidedValue, (self._on, self._off))

    def __str__(self) -> str:
        return f"{self._on} & {self._off}"

    def __repr__(self) -> str:
        return f"SidedValue({self._on!r}, {self._off!r})"


def _sided(value: object) -> SidedValue | None:
    if isinstance(value, SidedValue):
        return value
    g = _coerce(value)
    return None if g is None else sides(g)


def upsum(s: LoopyGame, t: LoopyGame) -> LoopyGame:
    """The upsum of two stoppers: the onside of their sum.

    >>> from cgt.loopy import on, off
    >>> from cgt.loopy.sided import upsum, downsum
    >>> upsum(on, off), downsum(on, off)
    (on, off)
    """
    total = s + t
    return total if total.is_stopper else onside(total)


def downsum(s: LoopyGame, t: LoopyGame) -> LoopyGame:
    """The downsum of two stoppers: the offside of their sum.

    >>> from cgt.loopy import over, under
    >>> from cgt.loopy.sided import downsum
    >>> print(downsum(over, under))
    under
    """
    total = s + t
    return total if total.is_stopper else offside(total)


def sides(g: LoopyGame | Game | int | Any) -> SidedValue:
    """The onside and offside of a loopy game, as a :class:`SidedValue`.

    ``g`` is a value (a :class:`LoopyGame`, a short :class:`~cgt.Game` or an
    int) or a position with a ``value()`` method, such as
    ``BackslidingToadsAndFrogs("tt..ff")``: its sides are those of its value.
    Raises :class:`SidesNotFound` when the sides could not be found exactly
    (see the module documentation).

    >>> from cgt.loopy import on, off, parse_loopy
    >>> from cgt.loopy.sided import sides
    >>> print(sides(on + off))
    on & off
    >>> print(sides(parse_loopy("{pass|pass,0}")))
    under & off
    >>> from cgt.games import BackslidingToadsAndFrogs
    >>> print(sides(BackslidingToadsAndFrogs("tt..ff")))
    * & *
    """
    h = _coerce(g)
    if h is None:
        h = _coerce(_value_of_position(g))
    if h is None:
        raise InvalidArgument(
            f"cannot take the sides of {type(g).__name__} {g!r}: give a loopy game, "
            "a short game, an int, or a position with a value() method"
        )
    if h.is_stopper:
        return SidedValue(h, h)
    return SidedValue(onside(h), offside(h))


TEXT_LIMIT = 2000
"""The largest game graph (in positions) whose sides ``str()`` searches for;
:func:`sided_text` of a larger one says so instead (``sides()`` still searches)."""


def sided_text(g: LoopyGame) -> str:
    """How ``str()`` writes a loopy game that is not a stopper: ``onside & offside``
    when both are found (CGSuite's notation, which :func:`cgt.parse` reads back
    to an equal :class:`SidedValue`), else a summary in angle brackets: the
    number of positions, the side that was found, and why the other was not.
    The search is :func:`sides`' within smaller bounds (:data:`_QUICK`), and is
    not made for more than :data:`TEXT_LIMIT` positions.

    >>> import cgt
    >>> from cgt.games import BackslidingToadsAndFrogs
    >>> g = BackslidingToadsAndFrogs("ttt..fff").value()
    >>> sided_text(g)
    '{on||0|-1/2} & {1/2|0||off}'
    >>> cgt.parse(sided_text(g)) == g
    True
    >>> print(cgt.parse("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"))   # Bach's Carousel
    <loopy game: 8 positions, not a stopper; onside not found, offside not found (...)>
    """
    n = g.graph.size
    head = f"<loopy game: {n} positions, not a stopper"
    if n > TEXT_LIMIT:
        return (
            f"{head}; sides not searched for when printing more than {TEXT_LIMIT} "
            "positions (cgt.loopy.sides(g) searches)>"
        )
    texts: list[str | None] = []
    for sign in (1, -1):  # the onside, then the offside: -(onside of -G)
        try:
            side = _sidle((g if sign == 1 else -g).graph, quick=True)
            texts.append(str(side if sign == 1 else -side))
        except SidesNotFound:
            texts.append(None)
    if texts[0] is not None and texts[1] is not None:
        return f"{texts[0]} & {texts[1]}"
    said = [
        f"{name} {text}" if text is not None else f"{name} not found"
        for name, text in zip(("onside", "offside"), texts, strict=True)
    ]
    return (
        f"{head}; {', '.join(said)} (not found within the bounds of printing: "
        "cgt.loopy.sides(g) searches further; a side may not be a stopper)>"
    )


def _value_of_position(position: object) -> object:
    """``position.value()`` for a position (its type has the methods ``value()``
    and ``left_options()``), else None; the value is taken once, by the position.

    >>> from cgt.games import BackslidingToadsAndFrogs
    >>> _value_of_position(BackslidingToadsAndFrogs("t.")), _value_of_position("on")
    (on, None)
    """
    kind = type(position)
    if not callable(getattr(kind, "value", None)) or not callable(
        getattr(kind, "left_options", None)
    ):
        return None
    return position.value()  # type: ignore[attr-defined]


def onside(g: LoopyGame) -> LoopyGame:
    """The onside of a loopy game, as a stopper (:class:`SidesNotFound` if not found).

    >>> from cgt.loopy import dud
    >>> from cgt.loopy.sided import onside
    >>> onside(dud)
    on
    """
    if g.is_stopper:
        return g
    return _sidle(g.graph)


def offside(g: LoopyGame) -> LoopyGame:
    """The offside of a loopy game, as a stopper (:class:`SidesNotFound` if not found).

    >>> from cgt.loopy import dud
    >>> from cgt.loopy.sided import offside
    >>> offside(dud)
    off
    """
    if g.is_stopper:
        return g
    try:
        return -_sidle((-g).graph)
    except SidesNotFound as err:  # the search was for the onside of -g: say it of g
        text = str(err).replace("onside", "offside").replace("Right's", "Left's")
        raise SidesNotFound(text) from None


def onside_ge(g: LoopyGame | Game | int, t: LoopyGame | Game | int) -> bool:
    """Whether ``G⁺ >= T`` for a stopper ``T``: Left, moving second in ``G - T``
    with infinite play counting for her, survives.

    >>> from cgt.loopy import dud, on, parse_loopy
    >>> from cgt.loopy.sided import onside_ge
    >>> onside_ge(dud, on), onside_ge(parse_loopy("{pass|pass,0}"), 0)
    (True, False)
    """
    a, b = _coerce(g), _coerce(t)
    if a is None or b is None:
        raise InvalidArgument("onside_ge compares loopy games")
    if not b.is_stopper:
        raise NotAStopper(f"onside_ge compares with a stopper; {b!r} is not one")
    return analyse(_product(a.graph, (-b).graph))[0].right_first is not Winner.RIGHT


def _stopper_nodes(graph: GameGraph) -> list[bool]:
    """Which nodes start a stopper: from them no position on a cycle of
    alternating play can be reached (by any moves)."""
    n = graph.size
    comp = _scc(graph)
    size: dict[int, int] = {}
    for c in comp:
        size[c] = size.get(c, 0) + 1
    moves = (graph.left, graph.right)
    bad = [False] * n
    for v in range(n):
        for p in (0, 1):
            s = 2 * v + p
            if size[comp[s]] > 1 or any(2 * w + 1 - p == s for w in moves[p][v]):
                bad[v] = True
    preds: list[list[int]] = [[] for _ in range(n)]
    for v in range(n):
        for w in (*graph.left[v], *graph.right[v]):
            preds[w].append(v)
    queue = [v for v in range(n) if bad[v]]
    for v in queue:
        for u in preds[v]:
            if not bad[u]:
                bad[u] = True
                queue.append(u)
    return [not b for b in bad]


def _scc(graph: GameGraph) -> list[int]:
    """The strongly connected component of every state ``2*v + p`` (node ``v``,
    player ``p`` to move, 0 Left, 1 Right) in the graph of alternating play."""
    n = 2 * graph.size
    moves = (graph.left, graph.right)

    def succ(s: int) -> list[int]:
        v, p = divmod(s, 2)
        return [2 * w + 1 - p for w in moves[p][v]]

    index = [-1] * n
    low = [0] * n
    comp = [-1] * n
    on_stack = [False] * n
    stack: list[int] = []
    counter = 0
    ncomp = 0
    for root in range(n):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            s, k = work[-1]
            targets = succ(s)
            if k < len(targets):
                work[-1] = (s, k + 1)
                t = targets[k]
                if index[t] == -1:
                    index[t] = low[t] = counter
                    counter += 1
                    stack.append(t)
                    on_stack[t] = True
                    work.append((t, 0))
                elif on_stack[t]:
                    low[s] = min(low[s], index[t])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[s])
                if low[s] == index[s]:
                    while True:
                        t = stack.pop()
                        on_stack[t] = False
                        comp[t] = ncomp
                        if t == s:
                            break
                    ncomp += 1
    return comp


def _cut_right(graph: GameGraph, redirect: bool) -> LoopyGame:
    """An upper bound of the onside that is a stopper: first every position
    ``v`` with ``G⁺(v) >= on`` becomes ``on``; then each Right move on a cycle
    of alternating play is taken away (or, with ``redirect``, sent to ``on``).
    Both only help Left, so the result is at least ``G⁺`` (module docstring).
    """
    n = graph.size
    # G(v) - on = G(v) + off: a Right pass added everywhere
    with_off = GameGraph(graph.left, tuple((*m, v) for v, m in enumerate(graph.right)), 0)
    results = analyse(with_off)
    is_on = [results[v].right_first is not Winner.RIGHT for v in range(n)]
    top = n  # a new node: on

    def to(w: int) -> int:
        return top if is_on[w] else w

    left = [(top,) if is_on[v] else tuple(to(w) for w in graph.left[v]) for v in range(n)]
    right = [() if is_on[v] else tuple(to(w) for w in graph.right[v]) for v in range(n)]
    left.append((top,))
    right.append(())
    replaced = GameGraph(tuple(left), tuple(right), graph.start)
    comp = _scc(replaced)
    kept = []
    for v in range(n + 1):
        moves = []
        for w in right[v]:
            if comp[2 * v + 1] != comp[2 * w]:
                moves.append(w)
            elif redirect and top not in moves:
                moves.append(top)
        kept.append(tuple(moves))
    return LoopyGame(GameGraph(tuple(left), tuple(kept), graph.start))


_ONSIDES: BoundedCache[GameGraph, LoopyGame | str] = BoundedCache("loopy.sided.onsides")
"""The onside found for a graph, or the message saying it was not found (the
search is deterministic, so a failure is remembered too).  An entry is written
only when a search ends: a search stopped by Ctrl-C leaves nothing behind."""


_QUICK_FAILURES: BoundedCache[GameGraph, str] = BoundedCache("loopy.sided.quick_failures")
"""The graphs whose onside the quick search of printing did not find (a full search may)."""


def _sidle(graph: GameGraph, quick: bool = False) -> LoopyGame:
    """The onside of the game on ``graph``, searched for once per graph (:data:`_ONSIDES`);
    ``quick``: within the smaller bounds of printing (:data:`_QUICK`)."""
    found = _ONSIDES.get(graph)
    if found is None and quick:
        found = _QUICK_FAILURES.get(graph)
    if found is None:
        try:
            found = _search(graph, *(_QUICK if quick else (_VALUE_BUILT, _CHECK_WORK)))
        except SidesNotFound as err:
            found = str(err)
        if quick and isinstance(found, str):
            _QUICK_FAILURES[graph] = found
        else:
            _ONSIDES[graph] = found
    if isinstance(found, str):
        raise SidesNotFound(found)
    return found


class _Steps:
    """The steps of one search for a side (candidates checked, values built while
    sidling), counted for its progress bar."""

    __slots__ = ("count", "tracker")

    def __init__(self, tracker: Tracker) -> None:
        self.count = 0
        self.tracker = tracker

    def tick(self) -> None:
        self.count += 1
        if self.count >= self.tracker.next:
            self.tracker.update(self.count)


def _search(graph: GameGraph, built: int, checks: int) -> LoopyGame:
    """The onside, from candidates each checked exactly (see the module).  A
    search of more than two seconds shows a bar of its steps (:mod:`cgt.progress`).
    ``built`` bounds the positions built while sidling on values, ``checks`` the
    positions of the exact checks."""
    n = graph.size
    game = LoopyGame(graph)
    tried: set[GameGraph] = set()
    spent = 0  # positions of the checks made (bounded by checks)
    with tracking("sides of a loopy game", unit="step") as tracker:
        steps = _Steps(tracker)
        for candidate in _candidates(graph, steps, built):
            steps.tick()
            if candidate.graph.size <= _SIMPLIFY_SIZE:
                # in simplest form the check below is a small product
                candidate = candidate.simplify()
                if candidate.graph in tried:
                    continue
                tried.add(candidate.graph)
            cost = n * candidate.graph.size
            if cost > _CHECK_SIZE:
                continue
            spent += cost
            if spent > checks:
                break
            if onside_ge(game, candidate):
                return candidate.simplify()
    raise SidesNotFound(
        f"the onside of this loopy game ({n} positions) was not found exactly: no "
        "candidate (Right's cycle moves cut, taken away or unravelled, sidling on "
        f"values, sidling up to {_SIDLING_STEPS} steps) passed the check; the onside "
        "may not be a stopper (as for Bach's Carousel), or be out of reach of this search"
    )


def _candidates(graph: GameGraph, steps: _Steps, built: int) -> Iterator[LoopyGame]:
    """Stoppers ``C >= G⁺``, each an upper bound by construction (module
    docstring), in the order tried."""
    n = graph.size
    for redirect in (True, False):
        cut = _cut_right(graph, redirect)
        if cut.is_stopper:
            yield cut
    if n <= _UNRAVEL_SIZE:
        found = _delete_and_unravel(graph, steps)
        if found is not None:
            yield found
    stopper = _stopper_nodes(graph)
    yield from _value_sidling(graph, stopper, steps, built)
    work = 0
    for depth in range(_SIDLING_STEPS + 1):
        candidate = _sidling(graph, stopper, depth)
        work += graph.size * candidate.graph.size
        if work > _SIDLING_WORK:
            return
        yield candidate


def _onside_le(a: GameGraph, b: GameGraph) -> bool:
    """Whether ``A⁺ <= B⁺`` for any loopy games, by the play of ``B - A``: Left,
    moving second, must end the game as the winner or make infinitely many
    moves (of either player) in ``B``; an infinite play confined to ``-A``
    from some point on is Right's.  (With ``A`` a stopper this is the
    survival test of :func:`onside_ge`; in general it is the condition of
    CGSuite's comparison of sides.)  Used only to steer the search for a
    candidate: every answer is still checked by the exact tests.
    """
    return _onside_le_from(a, b, [a.start])[0]


def _onside_le_from(a: GameGraph, b: GameGraph, starts: list[int]) -> list[bool]:
    """:func:`_onside_le` of ``A`` started at each node of ``starts`` (one game
    of ``B - A`` solved for all of them)."""
    # states (x, y, p, f): node x of B, node y of A, player p to move (0
    # Left), f = 1 when the move into the state was made in B.  Left wins an
    # infinite play when it meets f = 1 infinitely often (a Büchi condition).
    moves_b = (b.left, b.right)
    moves_a = (a.right, a.left)  # in -A, Left plays A's Right moves
    index: dict[tuple[int, int, int, int], int] = {}
    states: list[tuple[int, int, int, int]] = []
    succ: list[list[int]] = []
    sink_left, sink_right = 0, 1  # Left has won / Right has won (self-loops)
    succ = [[0], [1]]
    states = [(-1, -1, 0, 1), (-1, -1, 1, 0)]
    owner = [0, 1]
    accepting = [True, False]

    def state(key: tuple[int, int, int, int]) -> int:
        i = index.get(key)
        if i is None:
            i = index[key] = len(states)
            states.append(key)
            succ.append([])
            owner.append(key[2])
            accepting.append(key[3] == 1)
        return i

    begin = [state((b.start, y, 1, 0)) for y in starts]
    k = 2
    while k < len(states):
        x, y, p, _ = states[k]
        targets = {state((x2, y, 1 - p, 1)) for x2 in moves_b[p][x]}
        targets.update(state((x, y2, 1 - p, 0)) for y2 in moves_a[p][y])
        if not targets:
            targets = {sink_right if p == 0 else sink_left}
        succ[k] = sorted(targets)
        k += 1
    n = len(states)
    preds: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        for t in succ[s]:
            preds[t].append(s)
    alive = [True] * n
    live_succ = [len(succ[s]) for s in range(n)]  # successors still alive
    while True:
        # Left's attractor to the accepting states, within the live states
        count = live_succ[:]
        attr = [False] * n
        queue = [s for s in range(n) if alive[s] and accepting[s]]
        for s in queue:
            attr[s] = True
        for s in queue:
            for u in preds[s]:
                if not alive[u] or attr[u]:
                    continue
                if owner[u] == 0:
                    attr[u] = True
                    queue.append(u)
                else:
                    count[u] -= 1
                    if count[u] == 0:
                        attr[u] = True
                        queue.append(u)
        lost = [s for s in range(n) if alive[s] and not attr[s]]
        if not lost:
            return [alive[s] for s in begin]
        # Right's attractor to the states where Right avoids them for ever
        for s in lost:
            alive[s] = False
        queue = lost
        for s in queue:
            for u in preds[s]:
                live_succ[u] -= 1
                if not alive[u]:
                    continue
                if owner[u] == 1 or live_succ[u] == 0:
                    alive[u] = False
                    queue.append(u)
        if not any(alive[s] for s in begin):
            return [False] * len(begin)


def _delete_and_unravel(graph: GameGraph, steps: _Steps | None = None) -> LoopyGame | None:
    """A stopper ``C >= G⁺`` by construction, made from ``G`` by taking Right
    moves away one at a time (each step kept only when :func:`_onside_le` says
    the onside did not grow), and, when a cycle move of Right cannot go, by
    letting Right use it at most ``k`` times (``k = 1, 2, 3``).  None if the
    result still has alternating cycles."""
    left = [list(m) for m in graph.left]
    right = [list(m) for m in graph.right]
    start = graph.start
    base = GameGraph.of(left, right, start)
    work = 0  # states of the comparisons made, bounded by _UNRAVEL_WORK
    for _ in range(_UNRAVEL_ROUNDS):
        current = GameGraph.of(left, right, start)
        if current.size > _UNRAVEL_SIZE:
            return None
        changed = True
        while changed:  # passes over Right's cycle moves
            changed = False
            comp = _scc(current)
            for v in range(current.size):
                for w in list(right[v]):
                    if comp[2 * v + 1] != comp[2 * w]:
                        continue
                    right[v].remove(w)
                    trial = GameGraph.of(left, right, start)
                    work += 4 * trial.size * base.size
                    if steps is not None:
                        steps.tick()
                    if work > _UNRAVEL_WORK:
                        return None
                    if _onside_le(trial, base):
                        current = trial
                        changed = True
                    else:
                        right[v].append(w)
        if current.is_stopper:
            return LoopyGame(current)
        # unravel one remaining cycle move of Right
        comp = _scc(current)
        edge = next(
            (
                (v, w)
                for v in range(current.size)
                for w in right[v]
                if comp[2 * v + 1] == comp[2 * w]
            ),
            None,
        )
        if edge is None:  # pragma: no cover - an alternating cycle has a Right move
            return None
        for k in range(1, 4):
            trial = _unravel(current, edge, k)
            work += 4 * trial.size * base.size
            if steps is not None:
                steps.tick()
            if work > _UNRAVEL_WORK:
                return None
            if _onside_le(trial, base):
                left = [list(m) for m in trial.left]
                right = [list(m) for m in trial.right]
                start = trial.start
                break
        else:
            return None
    return None


def _unravel(graph: GameGraph, edge: tuple[int, int], k: int) -> GameGraph:
    """``graph`` with Right allowed the move ``edge`` at most ``k`` times:
    ``k + 1`` copies, the move leading to the next copy, absent from the last
    (an upper bound of the onside, as Right only loses moves)."""
    n = graph.size
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []
    for c in range(k + 1):
        for v in range(n):
            left.append(tuple(c * n + w for w in graph.left[v]))
            moves: list[int] = []
            for w in graph.right[v]:
                if (v, w) == edge:
                    if c < k:
                        moves.append((c + 1) * n + w)
                else:
                    moves.append(c * n + w)
            right.append(tuple(moves))
    return LoopyGame(GameGraph(tuple(left), tuple(right), graph.start)).graph


def _sidling(graph: GameGraph, stopper: list[bool], steps: int) -> LoopyGame:
    """``S_steps`` at the start: the positions of the original graph that are
    stoppers kept, every other position ``v`` copied for each depth ``k`` with
    ``S_k(v) = {S_{k-1}(v^L) | S_{k-1}(v^R)}`` and ``S_0(v) = on``."""
    n = graph.size
    left: list[tuple[int, ...]] = list(graph.left)
    right: list[tuple[int, ...]] = list(graph.right)
    on_node = n
    left.append((on_node,))
    right.append(())
    layer: dict[int, int] = {}  # node -> its copy at the previous depth

    def image(w: int, prev: dict[int, int]) -> int:
        if stopper[w]:
            return w
        return prev.get(w, on_node)

    for _ in range(steps):
        new: dict[int, int] = {}
        for v in range(n):
            if stopper[v]:
                continue
            new[v] = len(left)
            left.append(tuple(image(w, layer) for w in graph.left[v]))
            right.append(tuple(image(w, layer) for w in graph.right[v]))
        layer = new
    start = image(graph.start, layer)
    # non-stopper nodes of the original graph are unreachable from the layers
    return LoopyGame(GameGraph(tuple(left), tuple(right), start))


class _Values:
    """Stoppers met while sidling on values, each kept once, in simplest form.

    Every value is numbered by its simplest form (:meth:`LoopyGame.canonical`),
    so equal stoppers get the same number (Siegel, CGT, ch. VI: equal stoppers
    have the same simplest form) and a fixed point of sidling is seen exactly.
    """

    def __init__(self, steps: _Steps | None = None) -> None:
        self.games: list[LoopyGame] = []
        self.index: dict[GameGraph, int] = {}
        self.work = 0  # positions of the distinct values kept
        self.built = 0  # positions of the graphs built by node()
        self.steps = steps

    def add(self, g: LoopyGame) -> int:
        """The number of the stopper ``g`` (put in simplest form)."""
        c = g.canonical()
        i = self.index.get(c.graph)
        if i is None:
            i = self.index[c.graph] = len(self.games)
            self.games.append(c)
            self.work += c.graph.size
        return i

    def node(self, left: frozenset[int], right: frozenset[int]) -> int:
        """The number of ``{left | right}`` (options given by number).  The
        options are stoppers and the new root is on no cycle, so it is a
        stopper; its simplest form takes dominated and reversible options away
        and fuses equal positions, none of which changes its value."""
        moves: list[list[int]] = [[], []]
        graph_left: list[tuple[int, ...]] = [()]
        graph_right: list[tuple[int, ...]] = [()]
        for side, options in ((0, sorted(left)), (1, sorted(right))):
            for i in options:
                graph = self.games[i].graph
                shift = len(graph_left)
                graph_left.extend(tuple(w + shift for w in m) for m in graph.left)
                graph_right.extend(tuple(w + shift for w in m) for m in graph.right)
                moves[side].append(graph.start + shift)
        graph_left[0], graph_right[0] = tuple(moves[0]), tuple(moves[1])
        self.built += len(graph_left)
        if self.steps is not None:
            self.steps.tick()
        return self.add(LoopyGame(GameGraph(tuple(graph_left), tuple(graph_right), 0)))


_BOTTOM_SIZE = 5_000  # graphs up to this size look for positions whose onside is off


def _off_nodes(graph: GameGraph, stopper: list[bool]) -> list[bool]:
    """Which positions ``v`` (not stoppers) have onside ``off``: ``G⁺(v) <= off`` by
    :func:`_onside_le`, one game for all of them.

    Sidling from ``on`` reaches such a position only in the limit (``S_k(v)``
    goes down ``-1, -2, ...`` for ever, as in ``-BackslidingToadsAndFrogs("tt.t..ff")``),
    so :func:`_value_sidling` starts them at ``off``: replacing a position by
    a game of the same onside keeps the onside.  Like the deletions of
    :func:`_delete_and_unravel` this rests on :func:`_onside_le`, and each
    candidate is still checked by :func:`onside_ge`.

    >>> from cgt.games import BackslidingToadsAndFrogs
    >>> g = -BackslidingToadsAndFrogs("tt.t..ff").value()
    >>> bottom = _off_nodes(g.graph, _stopper_nodes(g.graph))
    >>> bottom[g.graph.start], sum(bottom), g.graph.size
    (True, 472, 560)
    """
    n = graph.size
    todo = [v for v in range(n) if not stopper[v]]
    out = [False] * n
    if not todo or n > _BOTTOM_SIZE:
        return out
    for v, low in zip(todo, _onside_le_from(graph, off.graph, todo), strict=True):
        out[v] = low
    return out


def _value_sidling(
    graph: GameGraph, stopper: list[bool], steps: _Steps | None = None, built: int = _VALUE_BUILT
) -> Iterator[LoopyGame]:
    """``S_k`` at the start, ``k = 1, 2, ...``: sidling from ``on`` with every
    ``S_k(v) = {S_{k-1}(v^L) | S_{k-1}(v^R)}`` built from the values of the
    options and put in simplest form, so each is equal to the ``S_k`` of
    :func:`_sidling`.  Yields each new start value, until a fixed point, or
    :data:`_VALUE_STEPS` steps, or the work bounds (:data:`_VALUE_WORK`, and
    ``built`` positions of the graphs built)."""
    n = graph.size
    values = _Values(steps)
    top = values.add(on)
    bottom = _off_nodes(graph, stopper)
    low = values.add(off)
    current = [
        low
        if bottom[v]
        else values.add(LoopyGame(GameGraph(graph.left, graph.right, v)))
        if stopper[v]
        else top
        for v in range(n)
    ]
    stopper = [a or b for a, b in zip(stopper, bottom, strict=True)]  # not sidled
    memo: dict[tuple[frozenset[int], frozenset[int]], int] = {}
    seen = {current[graph.start]}
    if bottom[graph.start]:
        yield values.games[low]
    for _ in range(_VALUE_STEPS):
        new = list(current)
        for v in range(n):
            if stopper[v]:
                continue
            key = (
                frozenset(current[w] for w in graph.left[v]),
                frozenset(current[w] for w in graph.right[v]),
            )
            if key not in memo:
                value = values.node(key[0], key[1])
                # a position may be replaced by on (module docstring)
                memo[key] = top if values.games[value].graph.size > _VALUE_SIZE else value
            new[v] = memo[key]
            if values.work > _VALUE_WORK or values.built > built:
                return
        if new == current:
            return
        current = new
        if current[graph.start] not in seen:
            seen.add(current[graph.start])
            yield values.games[current[graph.start]]


def parse_sided(text: str) -> SidedValue:
    """Read a sided value ``S & T`` in CGSuite notation (two stoppers, onside first).

    >>> parse_sided("on & off")
    SidedValue(on, off)
    >>> tt = parse_sided("{on||0|-1/2} & {1/2|0||off}")    # Backsliding ttt..fff
    >>> tt.offside == parse_sided("{1/2|0||off} & off").onside, tt.onside > tt.offside
    (True, True)
    >>> parse_sided("on & off & on")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: a second '&' at position 9
      on & off & on
               ^
    >>> parse_sided("0 & on")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a sided value S & T needs S >= T; here 0 & on
    """
    from ..errors import ParseError, WrongType
    from .notation import MAX_NODES, parse_loopy

    if not isinstance(text, str):
        raise WrongType(f"parse_sided() needs a str, not {type(text).__name__}")
    depth = 0
    cut = -1
    for i, ch in enumerate(text):
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        elif ch == "&" and depth == 0:
            if cut >= 0:
                raise ParseError("a second '&'", text, i)
            cut = i
    if cut < 0:
        raise ParseError("a sided value is 'onside & offside': no '&'", text, len(text))
    # short sides become loopy games of at most the loopy reader's size
    sides = []
    for part in (text[:cut], text[cut + 1 :]):
        value = parse_loopy(part)
        sides.append(value if isinstance(value, LoopyGame) else LoopyGame.of(value, MAX_NODES))
    return SidedValue(sides[0], sides[1])


def _is_sided_text(text: str) -> bool:
    """Whether a text is a sided value ``S & T`` (it holds an ``&``).

    >>> _is_sided_text("on & off"), _is_sided_text("{1|0}")
    (True, False)
    """
    return "&" in text


# cgt.parse hands this reader every text with an '&', before any other reader
register_reader("sided", parse_sided, _is_sided_text, priority=10)
