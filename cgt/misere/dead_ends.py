"""Dead ends: forms in which one player never has a move.

A *Left dead end* is a form in which Left has no move, here or in any
follower; only Right moves, and the form is a record of how many moves Right
can be made to spend (or can choose to spend).  Right dead ends are their
conjugates.  Dead ends are the ends of the dead-ending universe
(:mod:`cgt.misere.dead_ending`), and they compare the same way in every
universe that holds them (Davies, "On factorisations of Left dead ends",
arXiv:2409.17871; Siegel, "On the general dead-ending universe of partizan
games"): for Left dead ends ``G >= H`` exactly when ``G``
is ``0`` only if ``H`` is, and every Right option of ``G`` is ``>=`` some
Right option of ``H``.

The examples of Left dead ends:

* the misère integers ``-n = {|-(n-1)}`` (:func:`~cgt.misere.integer`):
  Right has exactly ``n`` moves;
* the *waiting games* (*perfect murders*) ``W_n = {|0, W_(n-1)}``
  (:func:`waiting`, written with a negative rank for Left dead ends):
  Right may stop after any number of moves from 1 to ``n``.

Davies measures a Left dead end by the lengths of its *runs* (the numbers of
moves Right can make before it ends, :func:`terminal_lengths`), its *race*
(the shortest run, :func:`race`), its *flexibility* (how far it is from an
integer, :func:`flex`), and studies the monoid of Left dead ends under ``+``:
it is reduced and pocancellative, and every Left dead end has finitely many
factorisations into *atoms* (:func:`factors`, :func:`factorisations`,
:func:`is_atom`), and the integer ``-1`` is prime.

>>> from cgt.misere import integer
>>> g = waiting(-2) + integer(-1)
>>> canonical_dead_end(g), race(g), flex(g), terminal_lengths(g)
({|{|0, -1}}, 2, 2, (2, 3))
>>> factorisations(g)
[(-1, {|0, -1})]
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

from .._cache import BoundedCache
from .._deep import deep
from ..errors import InvalidArgument, TooLarge, WrongType
from .forms import INTEGER_LIMIT, Form, cache, conjugate, integer, zero

__all__ = [
    "FACTOR_LIMIT",
    "WAITING_LIMIT",
    "canonical_dead_end",
    "dead_end_ge",
    "factorisations",
    "factors",
    "flex",
    "is_atom",
    "left_dead_ends_born_by",
    "race",
    "terminal_lengths",
    "waiting",
]

FACTOR_LIMIT = 64
"""The largest birthday of a dead end that :func:`factors` and :func:`factorisations` take on."""

WAITING_LIMIT = INTEGER_LIMIT
"""The largest rank of a waiting game built as a form (as for the misère integers)."""

_lock = threading.Lock()
_waiting: dict[int, Form] = {0: zero}
_canonical: BoundedCache[int, Form] = cache("misere.dead_ends.canonical")
_ge_cache: BoundedCache[tuple[int, int], bool] = cache("misere.dead_ends.ge")
_factor_cache: BoundedCache[int, dict[Form, Form]] = cache("misere.dead_ends.factors")


def waiting(n: int) -> Form:
    """The waiting game of rank ``|n|``: Right's for ``n < 0``, Left's for ``n > 0``.

    ``waiting(-n)`` is the Left dead end ``{|0, waiting(-(n-1))}``: Right
    may end it at once or wait, making from 1 to ``n`` moves in all
    (``waiting(-1)`` is the integer ``-1``).  Davies calls ``W_n`` a waiting
    game, Larsson et al. a *perfect murder*.

    >>> waiting(-1), waiting(-2), waiting(3)
    (-1, {|0, -1}, {0, {0, 1|}|})
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise WrongType(f"waiting() takes an int rank, not {type(n).__name__}")
    if abs(n) > WAITING_LIMIT:
        raise TooLarge(
            f"the waiting game of rank {abs(n)} has {abs(n) + 1} forms; "
            f"at most {WAITING_LIMIT} here"
        )
    found = _waiting.get(n)
    if found is not None:
        return found
    with _lock:
        step = 1 if n > 0 else -1
        k = 0
        g = zero
        while k != n:
            k += step
            if k not in _waiting:
                if abs(k) == 1:
                    _waiting[k] = integer(k)
                else:
                    _waiting[k] = Form([zero, g], []) if step > 0 else Form([], [zero, g])
            g = _waiting[k]
    return g


def _left_dead_end(g: object, what: str = "the form") -> Form:
    if not isinstance(g, Form):
        raise WrongType(f"{what} must be a Form (a Left dead end), not {type(g).__name__}")
    if not g.is_left_dead_end():
        raise InvalidArgument(f"{what} {g} is not a Left dead end (Left has a move in it)")
    return g


def _dead_end(g: object, what: str = "the form") -> tuple[Form, bool]:
    """``g`` as a Left dead end, and whether it was conjugated (a Right dead end)."""
    if not isinstance(g, Form):
        raise WrongType(f"{what} must be a Form (a dead end), not {type(g).__name__}")
    if g.is_left_dead_end():
        return g, False
    if g.is_right_dead_end():
        return conjugate(g), True
    raise InvalidArgument(f"{what} {g} is not a dead end (both players have moves in it)")


# -- comparison and canonical form ---------------------------------------------------


def dead_end_ge(g: Form, h: Form) -> bool:
    """Whether ``g >= h`` for two Left dead ends (or two Right dead ends), in any universe.

    For Left dead ends: ``g`` is ``0`` only if ``h`` is, and each Right
    option of ``g`` is ``>=`` some Right option of ``h``.  In particular
    distinct misère integers of one sign are incomparable.

    >>> dead_end_ge(waiting(-2), integer(-1)), dead_end_ge(integer(-1), waiting(-2))
    (False, True)
    >>> dead_end_ge(integer(-2), integer(-1)), dead_end_ge(integer(-2), zero)
    (False, False)
    """
    a, flipped_a = _dead_end(g, "the first form")
    b, flipped_b = _dead_end(h, "the second form")
    if a is zero or b is zero:
        return a is b or (a is zero and b is zero)
    if flipped_a != flipped_b:
        raise InvalidArgument(f"{g} and {h} are dead ends of different players")
    return _ge_deep(b, a) if flipped_a else _ge_deep(a, b)


@deep
def _ge_deep(g: Form, h: Form) -> bool:
    return _ge(g, h)


def _ge(g: Form, h: Form) -> bool:
    if g is h:
        return True
    if g is zero or h is zero:
        return False
    key = (g._serial, h._serial)
    found = _ge_cache.get(key)
    if found is None:
        found = all(any(_ge(gr, hr) for hr in h.right) for gr in g.right)
        _ge_cache[key] = found
    return found


def canonical_dead_end(g: Form) -> Form:
    """The simplest form of a dead end: dominated options removed throughout.

    A dead end has no reversible options (the player without moves never
    answers), so its simplest form only drops, at every follower, each
    option of the moving player that is worse for him than another: for a
    Left dead end, each Right option ``>=`` some other.  Two dead ends are
    equal (in every universe holding them) exactly when their simplest forms
    are the same object.

    >>> from cgt.misere import parse_form
    >>> canonical_dead_end(parse_form("{|-1, -2, {|0, -1}}"))
    {|{|0, -1}}
    >>> canonical_dead_end(parse_form("{-1, 2|}"))
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: the form {-1, 2|} is not a dead end (both players have moves in it)
    """
    a, flipped = _dead_end(g)
    c = _canonical_deep(a)
    return conjugate(c) if flipped else c


@deep
def _canonical_deep(g: Form) -> Form:
    return _canon(g)


def _canon(g: Form) -> Form:
    found = _canonical.get(g._serial)
    if found is None:
        opts = list(dict.fromkeys(_canon(o) for o in g.right))
        keep = [o for o in opts if not any(p is not o and _ge(o, p) for p in opts)]
        found = Form([], keep)
        _canonical[g._serial] = found
    return found


# -- measures --------------------------------------------------------------------------


def terminal_lengths(g: Form) -> tuple[int, ...]:
    """The lengths of the runs of a dead end: how many moves its player can make in all, sorted.

    >>> terminal_lengths(integer(-3)), terminal_lengths(waiting(-3)), terminal_lengths(zero)
    ((3,), (1, 2, 3), (0,))
    """
    a, _ = _dead_end(g)
    return tuple(sorted(_lengths_deep(a)))


@deep
def _lengths_deep(g: Form) -> frozenset[int]:
    return _lengths(g, {})


def _lengths(g: Form, memo: dict[int, frozenset[int]]) -> frozenset[int]:
    found = memo.get(g._serial)
    if found is None:
        if g is zero:
            found = frozenset((0,))
        else:
            found = frozenset(n + 1 for o in g.right for n in _lengths(o, memo))
        memo[g._serial] = found
    return found


def race(g: Form) -> int:
    """The *race* of a dead end: the fewest moves its player can make before it ends.

    >>> race(integer(-3)), race(waiting(-3)), race(waiting(-2) + waiting(-3))
    (3, 1, 2)
    """
    return terminal_lengths(g)[0]


def flex(g: Form) -> int:
    """Davies' *flexibility*: 0 for an integer, else one more than the largest of the options'.

    It is taken on the simplest form (:func:`canonical_dead_end`), so equal
    dead ends have equal flexibility.

    >>> flex(integer(-4)), flex(waiting(-2)), flex(waiting(-2) + waiting(-3))
    (0, 1, 4)
    """
    a, _ = _dead_end(g)
    return _flex_deep(_canonical_deep(a))


@deep
def _flex_deep(g: Form) -> int:
    return _flex(g, {})


def _flex(g: Form, memo: dict[int, int]) -> int:
    found = memo.get(g._serial)
    if found is None:
        found = 0 if _is_integer(g) else 1 + max(_flex(o, memo) for o in g.right)
        memo[g._serial] = found
    return found


def _is_integer(g: Form) -> bool:
    while g is not zero:
        if len(g.right) != 1:
            return False
        g = g.right[0]
    return True


# -- factorisation -------------------------------------------------------------------------


def factors(g: Form) -> tuple[Form, ...]:
    """Every Left dead end ``h`` (simplest form) with ``g = h + k`` for some Left dead end ``k``.

    ``0`` and ``g`` itself are always factors.  The search follows Davies'
    observation that a factorisation ``g = h + k`` shows on the options: each
    option of ``g`` is ``h^R + k`` or ``h + k^R``, so ``h`` and ``k`` divide
    options of ``g``, unless one of them divides all of them.  Right dead ends
    are factored as the conjugates of Left dead ends.

    >>> factors(integer(-3))
    (0, -1, -2, -3)
    >>> factors(waiting(-2) + integer(-1))
    (0, -1, {|0, -1}, {|{|0, -1}})
    """
    a, flipped = _dead_end(g)
    if a.birthday > FACTOR_LIMIT:
        raise TooLarge(f"factors() takes dead ends born by day {FACTOR_LIMIT}, not {a.birthday}")
    pairs = _pairs_deep(_canonical_deep(a))
    found = sorted(pairs, key=lambda f: (f.birthday, str(f)))
    return tuple(conjugate(f) for f in found) if flipped else tuple(found)


def is_atom(g: Form) -> bool:
    """Whether a nonzero dead end has no factors but ``0`` and itself.

    >>> is_atom(integer(-1)), is_atom(integer(-2)), is_atom(waiting(-2)), is_atom(zero)
    (True, False, True, False)
    """
    a, _ = _dead_end(g)
    return a is not zero and len(factors(a)) == 2


def factorisations(g: Form) -> list[tuple[Form, ...]]:
    """Every way of writing a dead end as a sum of atoms (each a sorted tuple of simplest forms).

    ``0`` is the empty sum.  Every Left dead end has finitely many
    factorisations (Davies: the monoid is an FF-monoid).

    >>> factorisations(integer(-3)), factorisations(zero)
    ([(-1, -1, -1)], [()])
    """
    a, flipped = _dead_end(g)
    if a.birthday > FACTOR_LIMIT:
        raise TooLarge(
            f"factorisations() takes dead ends born by day {FACTOR_LIMIT}, not {a.birthday}"
        )
    c = _canonical_deep(a)
    out = sorted(set(_factorisations(c, {})), key=lambda t: (len(t), [str(f) for f in t]))
    if flipped:
        return [tuple(conjugate(f) for f in t) for t in out]
    return out


def _factorisations(g: Form, memo: dict[Form, list[tuple[Form, ...]]]) -> list[tuple[Form, ...]]:
    found = memo.get(g)
    if found is None:
        if g is zero:
            found = [()]
        else:
            pairs = _pairs_deep(g)
            seen: set[tuple[Form, ...]] = set()
            for h, k in pairs.items():
                if h is zero or k is zero or len(_pairs_deep(h)) != 2:
                    continue
                for rest in _factorisations(k, memo):
                    seen.add(tuple(sorted((h, *rest), key=lambda f: (f.birthday, str(f)))))
            if not seen:  # g is an atom
                seen.add((g,))
            found = list(seen)
        memo[g] = found
    return found


def _add_canon(h: Form, k: Form) -> Form:
    return _canon(h + k)


@deep
def _pairs_deep(g: Form) -> dict[Form, Form]:
    return _pairs(g)


def _pairs(g: Form) -> dict[Form, Form]:
    """``{h: k}`` for every factorisation ``g = h + k`` (simplest forms; ``g`` simplest)."""
    found = _factor_cache.get(g._serial)
    if found is not None:
        return found
    pairs: dict[Form, Form] = {zero: g, g: zero}
    if g is not zero:
        option_pairs = [_pairs(o) for o in g.right]
        candidates: dict[Form, None] = {}
        for p in option_pairs:
            candidates.update(dict.fromkeys(p))
        cands = [c for c in candidates if c is not zero]
        for i, h in enumerate(cands):
            for k in cands[i:]:
                if _add_canon(h, k) is g:
                    pairs[h] = k
                    pairs[k] = h
        # a factor dividing every option: its cofactor has one option per option of g
        for h in cands:
            if h in pairs or not all(h in p for p in option_pairs):
                continue
            k = _canon(Form([], [p[h] for p in option_pairs]))
            if k is not zero and _add_canon(h, k) is g:
                pairs[h] = k
                pairs[k] = h
    _factor_cache[g._serial] = pairs
    return pairs


def left_dead_ends_born_by(day: int) -> tuple[Form, ...]:
    """Every Left dead end in simplest form born by ``day``: one per class (1, 2, 4, 10, 52).

    Day ``n``'s are the simplest forms of ``{|A}`` for the sets ``A`` of day
    ``n - 1``'s; more than 20 of those raise :class:`~cgt.TooLarge`.

    >>> left_dead_ends_born_by(2)
    (0, -1, -2, {|0, -1})
    """
    if isinstance(day, bool) or not isinstance(day, int):
        raise WrongType(f"left_dead_ends_born_by() takes an int day, not {type(day).__name__}")
    if day < 0:
        raise InvalidArgument(f"a birthday is >= 0, not {day}")
    return tuple(_iter_dead_ends(day))


def _iter_dead_ends(day: int) -> Iterator[Form]:
    """Every Left dead end in simplest form born by ``day`` (for tests and counts)."""
    level: list[Form] = [zero]
    for _ in range(day):
        nxt: dict[Form, None] = {zero: None}
        n = len(level)
        if n > 20:
            raise TooLarge(f"the Left dead ends born by day {day}: more than 2**{n} option sets")
        for mask in range(1, 1 << n):
            opts = [level[i] for i in range(n) if mask >> i & 1]
            nxt[_canon(Form([], opts))] = None
        level = list(nxt)
    yield from level
