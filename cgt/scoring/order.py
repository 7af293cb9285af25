"""The order of guaranteed scoring games: by the definition, and by a finite theorem.

``G >= H`` (modulo the guaranteed scoring games) when, for every guaranteed
``X``, ``Ls(G + X) >= Ls(H + X)`` and ``Rs(G + X) >= Rs(H + X)``: Left does
at least as well in ``G`` as in ``H`` whatever the context and whoever
starts.  It is a partial order on the classes of equal games, compatible with
sums (a partially ordered monoid: not a group).  :func:`ge` decides it without
contexts, by the comparison theorem of Larsson, Neto, Nowakowski and Santos
("Guaranteed scoring games", 2016), as we read it: ``G >= H`` if and only if

1. ``Ls(G) >= Ls(H)`` underlined and ``Rs(G) >= Rs(H)`` overlined (the
   pessimistic Left score, Right passing at will, and the optimistic Right
   score, Left passing at will: :meth:`~ScoringGame.pessimistic_scores`,
   :meth:`~ScoringGame.optimistic_scores`);
2. for each Left option ``H^L`` some ``G^L >= H^L``, or some ``H^LR <= G``;
3. for each Right option ``G^R`` some ``H^R <= G^R``, or some ``G^RL >= H``.

The tests check it against the definition on every pair of small games,
with a separating context found for each pair it says are not ordered
(:func:`separator`).

>>> from cgt.scoring import parse_scoring, hat
>>> ge(hat(1), 0), ge(0, hat(1)), compare("<1|-1>", 0)
(True, False, Relation.CONFUSED)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._cache import BoundedCache
from .._deep import deep
from ..canonical import on_clear
from ..errors import InvalidArgument, TooLarge, WrongType
from ..game import Relation
from .games import ScoringGame, add, hat, number, scoring_game

__all__ = [
    "BORN_BY_LIMIT",
    "REVERSAL_WAITS",
    "born_by",
    "compare",
    "context_set",
    "equal",
    "ge",
    "ge_by_search",
    "le",
    "separator",
    "simplest_form",
]

# keyed by the serial numbers of interned games (never reused: a game nobody holds
# is freed, and an id() could then name another)
_ge: BoundedCache[tuple[int, int], bool] = BoundedCache("scoring.ge")
on_clear(_ge.clear)  # emptied by cgt.clear_caches()


def _guaranteed(x: Any, what: str) -> ScoringGame:
    g = scoring_game(x)
    if not g.is_guaranteed():
        raise InvalidArgument(f"{what} {g} is not a guaranteed scoring game")
    return g


def ge(g: Any, h: Any) -> bool:
    """Whether ``g >= h`` modulo the guaranteed scoring games (by the comparison theorem).

    >>> ge("<1|-1>", "<0|-1>"), ge(3, "<^1|3>"), ge("<^1|3>", 1)
    (True, True, False)
    """
    a = _guaranteed(g, "the first game")
    b = _guaranteed(h, "the second game")
    return _ge_deep(a, b)


@deep
def _ge_deep(g: ScoringGame, h: ScoringGame) -> bool:
    return _ge_rec(g, h)


def _ge_rec(g: ScoringGame, h: ScoringGame) -> bool:
    if g is h:
        return True
    key = (g._serial, h._serial)
    found = _ge.get(key)
    if found is not None:
        return found
    result = (
        g.pessimistic_scores()[0] >= h.pessimistic_scores()[0]
        and g.optimistic_scores()[1] >= h.optimistic_scores()[1]
        and all(
            any(_ge_rec(gl, hl) for gl in g.left) or any(_ge_rec(g, hlr) for hlr in hl.right)
            for hl in h.left
        )
        and all(
            any(_ge_rec(gr, hr) for hr in h.right) or any(_ge_rec(grl, h) for grl in gr.left)
            for gr in g.right
        )
    )
    _ge[key] = result
    return result


def le(g: Any, h: Any) -> bool:
    """Whether ``g <= h`` modulo the guaranteed scoring games.

    >>> le(0, hat(1))
    True
    """
    return ge(h, g)


def equal(g: Any, h: Any) -> bool:
    """Whether ``g`` and ``h`` are equal modulo the guaranteed scoring games.

    >>> equal(hat(1) + hat(-1), 0), equal("<1|1>", 1)
    (True, False)
    """
    return ge(g, h) and ge(h, g)


def compare(g: Any, h: Any) -> Relation:
    """How ``g`` compares with ``h``: LESS, EQUAL, GREATER or CONFUSED (incomparable).

    >>> compare(hat(1), 0), compare("<^0|^1>", 0), compare(-1, "<^-1|^0>"), compare(1, "<1|1>")
    (Relation.GREATER, Relation.GREATER, Relation.LESS, Relation.CONFUSED)
    """
    up = ge(g, h)
    down = ge(h, g)
    if up and down:
        return Relation.EQUAL
    if up:
        return Relation.GREATER
    if down:
        return Relation.LESS
    return Relation.CONFUSED


# -- the definition, on test sets ------------------------------------------------------

BORN_BY_LIMIT = 1 << 16
"""The most forms :func:`born_by` tries for one day."""


def born_by(day: int, scores: Iterable[Any] = (-1, 0, 1)) -> tuple[ScoringGame, ...]:
    """Every guaranteed game born by ``day`` whose atoms have scores in ``scores``.

    Day 0 holds the games ``<^a|^b>`` with ``a <= b``; a game born by day
    ``n`` has sides that are atoms or sets of games born by day ``n - 1``.
    More than :data:`BORN_BY_LIMIT` candidates raise :class:`~cgt.TooLarge`.

    >>> [len(born_by(d, (0, 1))) for d in range(2)]
    [3, 68]
    """
    if isinstance(day, bool) or not isinstance(day, int):
        raise WrongType(f"born_by() takes an int day, not {type(day).__name__}")
    if day < 0:
        raise InvalidArgument(f"a birthday is >= 0, not {day}")
    atoms = sorted({number(s).pessimistic_scores()[0] for s in scores})
    games = [ScoringGame(a, b) for a in atoms for b in atoms if a <= b]
    for d in range(1, day + 1):
        sides: list[Any] = list(atoms)
        n = len(games)
        if (2**n + len(atoms)) ** 2 > BORN_BY_LIMIT:
            raise TooLarge(
                f"the games born by day {d} have sides among {n} games and {len(atoms)} atoms: "
                f"up to {(2**n + len(atoms)) ** 2} candidates; at most {BORN_BY_LIMIT} are tried"
            )
        for mask in range(1, 1 << n):
            sides.append(tuple(g for i, g in enumerate(games) if mask >> i & 1))
        found = {g for g in (ScoringGame(a, b) for a in sides for b in sides) if g.is_guaranteed()}
        games = sorted(found, key=lambda g: (g.birthday, str(g)))
    return tuple(games)


def context_set(
    day: int = 1, scores: Iterable[Any] = (-1, 0, 1), waits: int = 3
) -> tuple[ScoringGame, ...]:
    """A test set of contexts: :func:`born_by` ``(day, scores)``, and each ``s + hat(n)``
    (``s`` a score, ``|n| <= waits``), the waiting moves the theorem's first condition is about.

    >>> len(context_set(0, (0,), 1))          # 0, hat(-1), hat(1)
    3
    """
    found = dict.fromkeys(born_by(day, scores))
    for s in scores:
        for n in range(-waits, waits + 1):
            found[add(number(s), hat(n))] = None
    return tuple(found)


def separator(g: Any, h: Any, contexts: Iterable[Any]) -> ScoringGame | None:
    """A context ``X`` with ``Ls(g + X) < Ls(h + X)`` or ``Rs(g + X) < Rs(h + X)``, or ``None``.

    Such an ``X`` proves that ``g >= h`` fails.

    >>> separator(0, hat(1), context_set(0, (-1, 0, 1), 1))      # Left's waiting move gains 1
    <^-1|^0>
    """
    a = _guaranteed(g, "the first game")
    b = _guaranteed(h, "the second game")
    for x in contexts:
        x = _guaranteed(x, "a context")
        s, t = add(a, x), add(b, x)
        if s.left_score < t.left_score or s.right_score < t.right_score:
            return x
    return None


def ge_by_search(g: Any, h: Any, contexts: Iterable[Any]) -> bool:
    """``g >= h`` by the definition, on the given ``contexts`` only.

    ``False`` proves ``g >= h`` false; ``True`` says no context tried tells them apart.

    >>> ge_by_search(hat(1), 0, context_set(1, (0, 1)))
    True
    """
    return separator(g, h, contexts) is None


# -- the simplest form ----------------------------------------------------------------

_simplest: BoundedCache[int, ScoringGame] = BoundedCache("scoring.simplest")
on_clear(_simplest.clear)  # emptied by cgt.clear_caches()

REVERSAL_WAITS = 64
"""The most waiting moves :func:`simplest_form` tries for an atomic reversible option."""


def simplest_form(g: Any) -> ScoringGame:
    """The simplest form equal to ``g`` modulo the guaranteed scoring games.

    Options are simplified first; then, until nothing changes, dominated
    options are removed (a Left option below or equal to another, a Right
    option above or equal to another) and reversible ones bypassed: a Left
    option ``G^L`` with some ``G^LR <= G`` is replaced by the Left options of
    ``G^LR``; when ``G^LR`` has an atom ``∅^l`` instead, the Left side
    becomes that atom if ``G^L`` was Left's only option and the result is
    guaranteed, and otherwise ``G^L`` becomes ``l + hat(-(m + 1))`` for the
    least ``m`` with ``G >= l + hat(-m)``.  These are the four reductions of
    Larsson, Neto, Nowakowski and Santos (2016) as we reconstructed them; the
    tests check that the result equals ``g``, is its own simplest form, and
    is the same form for all equal games born by day 1.

    >>> simplest_form("<0, 1|^1>"), simplest_form("<1, <^0|^1>|1>"), simplest_form("<<^0|0>|^0>")
    (<1|^1>, <1|1>, 0)
    >>> simplest_form("<<1|1>, <0|2>|^3>")        # <1|1> reverses through 1 to <^1|1>
    <<0|2>, <^1|1>|^3>
    """
    a = _guaranteed(g, "the game")
    return _simplest_deep(a)


@deep
def _simplest_deep(g: ScoringGame) -> ScoringGame:
    return _simplest_rec(g)


def _simplest_rec(g: ScoringGame) -> ScoringGame:
    found = _simplest.get(g._serial)
    if found is not None:
        return found
    left: Any = [_simplest_rec(o) for o in g.left] or g.left_atom
    right: Any = [_simplest_rec(o) for o in g.right] or g.right_atom
    h = ScoringGame(left, right)
    while True:
        k = _reduce_once(h)
        if k is h:
            break
        h = k
    _simplest[g._serial] = h
    _simplest[h._serial] = h
    return h


def _undominated(options: tuple[ScoringGame, ...], left: bool) -> list[ScoringGame]:
    """The options no other beats: for Left, drop ``o`` when some ``p >= o`` with ``p`` strictly
    better or an equal ``p`` listed earlier (so one of equal options stays)."""

    def beats(p: ScoringGame, o: ScoringGame) -> bool:
        return _ge_rec(p, o) if left else _ge_rec(o, p)

    return [
        o
        for i, o in enumerate(options)
        if not any(
            beats(p, o) and (j < i or not beats(o, p)) for j, p in enumerate(options) if j != i
        )
    ]


def _reduce_once(g: ScoringGame) -> ScoringGame:
    """One step: drop dominated options or bypass one reversible option (``g`` if none)."""
    for left in (True, False):
        options = g.left if left else g.right
        if len(options) > 1:
            kept = _undominated(options, left)
            if len(kept) < len(options):
                return _with_side(g, left, kept)
    for left in (True, False):
        options = g.left if left else g.right
        for o in options:
            for back in o.right if left else o.left:
                if not (_ge_rec(g, back) if left else _ge_rec(back, g)):
                    continue
                others = [p for p in options if p is not o]
                replies = back.left if left else back.right
                if replies:
                    return _with_side(g, left, others + list(replies))
                atom = back.left_atom if left else back.right_atom
                assert atom is not None
                if not others:
                    k = _with_side(g, left, atom)
                    if k.is_guaranteed():
                        return k
                k = _with_side(g, left, [*others, _atomic_replacement(g, atom, left)])
                if k is not g:  # (an option that is already its replacement stays)
                    return k
    return g


def _atomic_replacement(g: ScoringGame, atom: Any, left: bool) -> ScoringGame:
    """``atom + hat(-(m + 1))`` for the least ``m`` with ``g >= atom + hat(-m)`` (for Left)."""
    for m in range(REVERSAL_WAITS):
        if left and _ge_rec(g, add(number(atom), hat(-m))):
            return add(number(atom), hat(-(m + 1)))
        if not left and _ge_rec(add(number(atom), hat(m)), g):
            return add(number(atom), hat(m + 1))
    raise TooLarge(
        f"no replacement for an atomic reversible option of {g} "
        f"within {REVERSAL_WAITS} waiting moves"
    )


def _with_side(g: ScoringGame, left: bool, side: Any) -> ScoringGame:
    other: Any = (g.right or g.right_atom) if left else (g.left or g.left_atom)
    return ScoringGame(side, other) if left else ScoringGame(other, side)
