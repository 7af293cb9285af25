"""Invariants of stoppers: stops, degree of loopiness, idempotents, varieties.

The definitions are those of Winning Ways (2nd ed., vol. 2, ch. 11) and
Siegel, *Combinatorial Game Theory* (ch. VI, sections 4-5), in the form
CGSuite computes them:

* the *stops* of a stopper: ``L(G) = R(G) = G`` when ``G`` is a
  *pseudonumber* (a number, ``on``, ``off``, ``x over`` or ``x under``),
  otherwise ``L(G)`` is the largest ``R(G^L)`` and ``R(G)`` the smallest
  ``L(G^R)``; a stopper has no endless alternating play, so this recursion
  ends;
* the *degree* of loopiness ``deg G = G +⁺ -G`` (the upsum of ``G`` and
  ``-G``: the onside of ``G - G``), ``0`` for a short game;
* ``G`` is *idempotent* when ``G + G = G`` (as sided values);
* for an idempotent ``D``, the *upsum variety* ``G +⁺ (-G +⁻ -D)`` and the
  *downsum variety* ``G +⁻ (-G +⁺ D)`` of ``G`` relative to ``D``; ``G`` is
  *stable* when the two varieties relative to its own degree agree, and that
  common value is its *variety*.  Not every stopper whose degree is
  idempotent is stable (Ian Grenville found ``a{0|{0||||0,*2|||a|0||0}||0}``
  in 2022).

>>> import cgt
>>> from cgt.loopy import invariants as inv
>>> g = cgt.parse("+-over")
>>> inv.left_stop(g), inv.right_stop(g), inv.degree(g)
(over, under, over)
>>> inv.is_idempotent(cgt.parse("over")), inv.variety(g)
(True, +-over)
"""

from __future__ import annotations

from ..dyadic import Dyadic
from ..errors import InvalidArgument
from ..game import Game, number, zero
from .graph import GameGraph
from .sided import downsum, sides, upsum
from .values import LoopyGame, NotAStopper, _coerce, off, on, over, under

__all__ = [
    "NotIdempotent",
    "NotStable",
    "degree",
    "downsum_of",
    "downsum_variety",
    "is_idempotent",
    "is_pseudonumber",
    "is_stable",
    "left_stop",
    "right_stop",
    "upsum_of",
    "upsum_variety",
    "variety",
]


class NotIdempotent(InvalidArgument):
    """A variety was asked relative to a degree that is not idempotent.

    >>> variety(cgt.parse("{0|||0||0|off}"))
    Traceback (most recent call last):
    ...
    cgt.loopy.invariants.NotIdempotent: a variety needs an idempotent degree; ...
    """


class NotStable(InvalidArgument):
    """The upsum and downsum varieties of a stopper differ: it has no variety.

    >>> variety(cgt.parse("a{0|{0||||0,*2|||a|0||0}||0}"))
    Traceback (most recent call last):
    ...
    cgt.loopy.invariants.NotStable: a{0|{0||||0,*2|||a|0||0}||0} is not stable: ...
    """


Stopper = LoopyGame | Game | int


def _stopper(g: object, what: str) -> LoopyGame:
    h = _coerce(g)
    if h is None:
        raise InvalidArgument(f"{what} needs a stopper, not {type(g).__name__} {g!r}")
    if not h.is_stopper:
        raise NotAStopper(
            f"{what} is defined for stoppers; {h!r} is not one (cgt.loopy.sides gives its sides)"
        )
    return h.simplify()


def _value(g: LoopyGame) -> LoopyGame | Game:
    """A stopper as the short Game when it has no cycle."""
    return g.to_short() if g.is_short else g


# --- pseudonumbers and stops ------------------------------------------------------
def _pseudonumber_key(g: LoopyGame) -> tuple[int, Dyadic, int] | None:
    """An order key of a pseudonumber (None for other stoppers).

    ``off < x under < x < x over < y under < ... < on`` for numbers ``x < y``.
    """
    if g.is_short:
        s = g.to_short()
        return (0, s.to_dyadic(), 0) if s.is_number else None
    if g == on:
        return (1, Dyadic(0), 0)
    if g == off:
        return (-1, Dyadic(0), 0)
    graph = g.graph
    start = graph.start
    for sign, loop_side, number_side in (
        (1, graph.right, graph.left),
        (-1, graph.left, graph.right),
    ):
        # x over = {x | pass}, x under = {pass | x}
        if list(loop_side[start]) == [start] and len(number_side[start]) == 1:
            x = LoopyGame(GameGraph(graph.left, graph.right, number_side[start][0]))
            if x.is_short and x.to_short().is_number:
                return (0, x.to_short().to_dyadic(), sign)
    return None


def is_pseudonumber(g: Stopper) -> bool:
    """Whether a stopper is a number, ``on``, ``off``, ``x over`` or ``x under``.

    >>> import cgt
    >>> from cgt.loopy.invariants import is_pseudonumber
    >>> [is_pseudonumber(cgt.parse(t)) for t in ("3/2under", "on", "upon", "1/2", "*")]
    [True, True, False, True, False]
    """
    return _pseudonumber_key(_stopper(g, "is_pseudonumber")) is not None


def _pseudonumber(key: tuple[int, Dyadic, int]) -> LoopyGame | Game:
    kind, x, sign = key
    if kind:
        return on if kind > 0 else off
    n = number(x)
    return n if sign == 0 else (n + over if sign > 0 else n + under)


def _stops(g: LoopyGame) -> tuple[tuple[int, Dyadic, int], tuple[int, Dyadic, int]]:
    graph = g.graph
    pseudo: dict[int, tuple[int, Dyadic, int] | None] = {}
    memo: dict[tuple[int, int], tuple[int, Dyadic, int]] = {}
    lowest: tuple[int, Dyadic, int] = (-1, Dyadic(0), 0)
    highest: tuple[int, Dyadic, int] = (1, Dyadic(0), 0)

    def key_of(v: int) -> tuple[int, Dyadic, int] | None:
        if v not in pseudo:
            pseudo[v] = _pseudonumber_key(
                LoopyGame(GameGraph(graph.left, graph.right, v)).simplify()
            )
        return pseudo[v]

    # iterative depth-first evaluation of L(v) (side 0) and R(v) (side 1)
    todo: list[tuple[int, int]] = [(graph.start, 0), (graph.start, 1)]
    busy: set[tuple[int, int]] = set()
    while todo:
        item = todo[-1]
        if item in memo:
            todo.pop()
            continue
        v, side = item
        k = key_of(v)
        if k is not None:
            memo[item] = k
            todo.pop()
            continue
        moves = graph.left[v] if side == 0 else graph.right[v]
        wanted = [(w, 1 - side) for w in moves if (w, 1 - side) not in memo]
        if wanted:
            if item in busy:  # pragma: no cover - impossible in a stopper
                raise NotAStopper("stops are undefined: play can alternate for ever")
            busy.add(item)
            todo.extend(wanted)
            continue
        busy.discard(item)
        values = [memo[(w, 1 - side)] for w in moves]
        if side == 0:
            memo[item] = max(values) if values else lowest
        else:
            memo[item] = min(values) if values else highest
        todo.pop()
    return memo[(graph.start, 0)], memo[(graph.start, 1)]


def left_stop(g: Stopper) -> LoopyGame | Game:
    """The Left stop of a stopper: a number, ``on``, ``off``, ``x over`` or ``x under``.

    >>> import cgt
    >>> from cgt.loopy.invariants import left_stop
    >>> left_stop(cgt.parse("{pass|3/2}")), left_stop(cgt.parse("+-(5over)"))
    (3/2under, 5over)
    """
    return _pseudonumber(_stops(_stopper(g, "left_stop"))[0])


def right_stop(g: Stopper) -> LoopyGame | Game:
    """The Right stop of a stopper (see :func:`left_stop`).

    >>> import cgt
    >>> from cgt.loopy.invariants import right_stop
    >>> right_stop(cgt.parse("+-(5over)")), right_stop(cgt.parse("upon"))
    (-5under, 0)
    """
    return _pseudonumber(_stops(_stopper(g, "right_stop"))[1])


# --- degree, idempotents, varieties -----------------------------------------------
def _up(a: LoopyGame, b: LoopyGame) -> LoopyGame:
    return upsum(a, b).simplify()


def _down(a: LoopyGame, b: LoopyGame) -> LoopyGame:
    return downsum(a, b).simplify()


def upsum_of(g: Stopper, h: Stopper) -> LoopyGame | Game:
    """The upsum ``G +⁺ H`` of two stoppers (the onside of ``G + H``), simplest form.

    >>> import cgt
    >>> from cgt.loopy.invariants import upsum_of
    >>> upsum_of(cgt.parse("upon"), cgt.parse("^<on>"))
    {0|^<on>*}
    """
    return _value(_up(_stopper(g, "upsum"), _stopper(h, "upsum")))


def downsum_of(g: Stopper, h: Stopper) -> LoopyGame | Game:
    """The downsum ``G +⁻ H`` of two stoppers (the offside of ``G + H``), simplest form.

    >>> import cgt
    >>> from cgt.loopy.invariants import downsum_of
    >>> downsum_of(cgt.parse("upon"), cgt.parse("^<on>"))
    ^[on]
    """
    return _value(_down(_stopper(g, "downsum"), _stopper(h, "downsum")))


def degree(g: Stopper) -> LoopyGame | Game:
    """The degree of loopiness ``G +⁺ -G`` of a stopper (``0`` when it is short).

    >>> import cgt
    >>> from cgt.loopy.invariants import degree
    >>> degree(cgt.parse("on")), degree(cgt.parse("3/2under")), degree(cgt.parse("{1|0}"))
    (on, over, 0)
    """
    h = _stopper(g, "degree")
    if h.is_short:
        return zero
    return _value(_up(h, -h))


def is_idempotent(g: Stopper) -> bool:
    """Whether ``G + G = G`` (the sum compared as a sided value).

    >>> import cgt
    >>> from cgt.loopy.invariants import is_idempotent
    >>> [is_idempotent(cgt.parse(t)) for t in ("on", "over", "3/2under", "0", "*")]
    [True, True, False, True, False]
    """
    h = _stopper(g, "is_idempotent")
    if h.is_short:
        return bool(h.to_short() == 0)
    both = sides(h + h)
    return bool(both.onside == h and both.offside == h)


def _degree_of(d: Stopper | None, h: LoopyGame) -> LoopyGame:
    dd = _stopper(degree(h) if d is None else d, "a variety's degree")
    if not is_idempotent(dd):
        raise NotIdempotent(f"a variety needs an idempotent degree; {_value(dd)} is not one")
    return dd


def _up_variety(h: LoopyGame, dd: LoopyGame) -> LoopyGame:
    return _up(h, _down(-h, -dd))


def _down_variety(h: LoopyGame, dd: LoopyGame) -> LoopyGame:
    return _down(h, _up(-h, dd))


def upsum_variety(g: Stopper, d: Stopper | None = None) -> LoopyGame | Game:
    """``G +⁺ (-G +⁻ -D)`` for an idempotent ``D`` (by default the degree of ``G``).

    >>> import cgt
    >>> from cgt.loopy.invariants import upsum_variety
    >>> upsum_variety(cgt.parse("3/2under"))
    under
    """
    h = _stopper(g, "upsum_variety")
    return _value(_up_variety(h, _degree_of(d, h)))


def downsum_variety(g: Stopper, d: Stopper | None = None) -> LoopyGame | Game:
    """``G +⁻ (-G +⁺ D)`` for an idempotent ``D`` (by default the degree of ``G``).

    >>> import cgt
    >>> from cgt.loopy.invariants import downsum_variety
    >>> downsum_variety(cgt.parse("3/2under"))
    under
    """
    h = _stopper(g, "downsum_variety")
    return _value(_down_variety(h, _degree_of(d, h)))


def _varieties(h: LoopyGame) -> tuple[LoopyGame, LoopyGame]:
    """The upsum and downsum varieties of a stopper relative to its degree."""
    dd = _degree_of(None, h)
    return _up_variety(h, dd), _down_variety(h, dd)


def is_stable(g: Stopper) -> bool:
    """Whether the upsum and downsum varieties of ``G`` relative to its degree agree.

    Raises :class:`NotIdempotent` when the degree is not idempotent.

    >>> import cgt
    >>> from cgt.loopy.invariants import is_stable
    >>> is_stable(cgt.parse("+-over"))
    True
    """
    h = _stopper(g, "is_stable")
    if h.is_short:
        return True
    up_v, down_v = _varieties(h)
    return bool(up_v == down_v)


def variety(g: Stopper) -> LoopyGame | Game:
    """The variety of a stable stopper (:class:`NotStable` if it is not stable).

    >>> import cgt
    >>> from cgt.loopy.invariants import variety
    >>> variety(cgt.parse("on")), variety(cgt.parse("off")), variety(cgt.parse("3/2under"))
    (on, off, under)
    """
    h = _stopper(g, "variety")
    if h.is_short:
        return zero
    up_v, down_v = _varieties(h)
    if up_v != down_v:
        raise NotStable(f"{h!r} is not stable: its upsum and downsum varieties differ")
    return _value(up_v)
