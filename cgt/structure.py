"""The structure of a short game's canonical form: followers, stops, incentives,
companion, subordinate, form parity, number-tiny games and powers of a base.

Every function reads the *canonical form* of its game (a :class:`cgt.Game`
always holds it) and is reached as a method or property of ``Game`` through
the façade (``g.followers()``, ``g.companion()``, ``g.is_even``, ...).  The
names follow CGSuite's ``CanonicalShortGame``; each docstring says which.

>>> import cgt
>>> g = cgt.parse("{3||2*|1*}")
>>> g.follower_count(), g.stop_count(), g.left_incentives(), g.right_incentives()
(8, 5, ({2*|1*||0},), ({2*|1*||0},))
>>> cgt.up.companion(), cgt.up.pow(3), cgt.up.pow_to(3)
(^*, ^<3>, ^[3])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from ._cache import BoundedCache
from .canonical import on_clear
from .dyadic import Dyadic
from .errors import CGTError, InvalidArgument, TooLarge, WrongType
from .game import Game, nimber, number, to_game, up, zero

if TYPE_CHECKING:  # pragma: no cover
    from .game import GameLike

__all__ = [
    "NotSubordinate",
    "companion",
    "follower_count",
    "followers",
    "is_even",
    "is_number_tiny",
    "is_odd",
    "is_ordinal",
    "is_uptimal",
    "left_incentives",
    "pow",
    "pow_to",
    "right_incentives",
    "stop_count",
    "subordinate",
]

T = TypeVar("T")

POWER_LIMIT = 1 << 16
"""``pow`` and ``pow_to`` refuse exponents above this (their forms are born after that day)."""

FOLLOWERS_LIMIT = 1_000_000
"""``followers()`` lists at most this many games (``follower_count()`` has no limit)."""


class NotSubordinate(CGTError, ValueError):
    """``G.subordinate(B)`` for a game ``G`` that is not an ordinal sum ``B : H``.

    >>> import cgt
    >>> try:
    ...     cgt.star.subordinate(1)
    ... except NotSubordinate as err:
    ...     print(err)
    * is not an ordinal sum 1 : H for any H (its canonical form does not extend the base 1)
    """


# --- walks -------------------------------------------------------------------------
def _bottom_up(
    g: Game,
    leaf: Callable[[Game], T | None],
    combine: Callable[[Game, list[T], list[T]], T],
) -> T:
    """Fold the canonical game tree of ``g`` bottom-up, each distinct follower once.

    ``leaf(h)`` answers a follower directly (or None); ``combine(h, lefts,
    rights)`` combines the answers of ``h``'s options.  Iterative, so deep
    games need no recursion.
    """
    memo: dict[Game, T] = {}
    stack: list[tuple[Game, bool]] = [(g, False)]
    while stack:
        h, expanded = stack.pop()
        if h in memo:
            continue
        if not expanded:
            known = leaf(h)  # before listing options: a huge nimber has too many
            if known is not None:
                memo[h] = known
                continue
        left, right = h.raw_options()
        if expanded:
            memo[h] = combine(h, [memo[o] for o in left], [memo[o] for o in right])
            continue
        stack.append((h, True))
        stack.extend((o, False) for o in left + right if o not in memo)
    return memo[g]


def _integer(g: Game) -> int | None:
    p = g.nus_or_none()
    if p is None or p[1] or p[2] or not p[0].is_integer():
        return None
    return int(p[0])


def _nim(g: Game) -> int | None:
    p = g.nus_or_none()
    if p is None or p[1] or p[0].numerator != 0:
        return None
    return p[2]


def _key(g: Game) -> tuple[int, int, str]:
    # simpler games first, numbers before other games, then by their text
    # (the order cgt prints options in)
    return (g.birthday(), 0 if g.is_number else 1, str(g))


def _ordered(games: Iterable[Game]) -> tuple[Game, ...]:
    return tuple(sorted(dict.fromkeys(games), key=_key))


# --- followers and stops ---------------------------------------------------------------
def _follower_parts(g: Game) -> tuple[set[Game], int, int, int]:
    """The followers of ``g`` as (other followers, least and greatest integer
    follower, greatest nim value of a nimber follower).

    An integer ``n`` has the followers ``0, 1, ..., n`` (or ``n, ..., 0``) and
    ``*n`` has ``0, *, ..., *n``: those are counted, not walked.
    """
    seen: set[Game] = set()
    low = high = nim_high = 0  # 0 follows every short game
    stack = [g]
    while stack:
        h = stack.pop()
        n = _integer(h)
        if n is not None:
            low, high = min(low, n), max(high, n)
            continue
        m = _nim(h)
        if m is not None:
            nim_high = max(nim_high, m)
            continue
        if h in seen:
            continue
        seen.add(h)
        left, right = h.raw_options()
        stack.extend(left)
        stack.extend(right)
    return seen, low, high, nim_high


def follower_count(g: Game) -> int:
    """The number of distinct followers of ``g``'s canonical form, ``g`` itself
    included (CGSuite's ``FollowerCount``).

    Integers and nimbers are counted without listing their followers, so a
    huge integer is answered at once.

    >>> import cgt
    >>> follower_count(cgt.number(5)), follower_count(cgt.parse("25/16")), follower_count(cgt.up)
    (6, 7, 3)
    >>> follower_count(cgt.number(-1823437481924))
    1823437481925
    """
    seen, low, high, nim_high = _follower_parts(g)
    return len(seen) + (high - low + 1) + nim_high


def followers(g: Game) -> tuple[Game, ...]:
    """Every follower of ``g``'s canonical form, ``g`` itself included
    (CGSuite's ``Followers``, a set there): a tuple without repeats, simpler
    games first (by birthday, numbers before other games, then as printed).

    Raises :class:`~cgt.TooLarge` over a million followers
    (:func:`follower_count` counts them).

    >>> import cgt
    >>> followers(cgt.up), followers(cgt.parse("-1/2"))
    ((0, *, ^), (0, -1, -1/2))
    >>> followers(cgt.parse("{3||2*|1*}"))
    (0, 1, 2, 1*, 3, 2*, {2*|1*}, {3||2*|1*})
    >>> followers(cgt.number(10**7))
    Traceback (most recent call last):
    ...
    cgt.errors.TooLarge: 10000000 has 10000001 followers, more than 1000000 to list; ...
    """
    seen, low, high, nim_high = _follower_parts(g)
    count = len(seen) + (high - low + 1) + nim_high
    if count > FOLLOWERS_LIMIT:
        raise TooLarge(
            f"{g} has {count} followers, more than {FOLLOWERS_LIMIT} to list; "
            "follower_count() counts them"
        )
    found = list(seen)
    found += [number(n) for n in range(low, high + 1)]
    found += [nimber(m) for m in range(1, nim_high + 1)]
    return _ordered(found)


def _stop_leaf(g: Game) -> int | None:
    p = g.nus_or_none()
    if p is None or p[1]:
        return None
    m = p[2]  # x + *m: 1 stop for a number, 2 * 3**(m - 1) otherwise
    if m > _STOP_NIMBER_LIMIT:
        raise TooLarge(
            f"the stop count of {g} is 2 * 3**{m - 1}, a number of about "
            f"{(m * 1585) // 1000} bits; nimbers up to *{_STOP_NIMBER_LIMIT} are counted"
        )
    return 1 if m == 0 else 2 * 3 ** (m - 1)


_STOP_NIMBER_LIMIT = 1 << 20


def stop_count(g: Game) -> int:
    """The number of stopping positions (numbers) in the complete game tree of
    ``g``'s canonical form (CGSuite's ``StopCount``): 1 for a number, else the
    sum over all Left and Right options.  Positions are counted with their
    repeats in the tree, so ``*n`` has ``2 * 3**(n-1)`` (counted in closed form).

    >>> import cgt
    >>> stop_count(cgt.number("25/16")), stop_count(cgt.star), stop_count(cgt.up)
    (1, 2, 3)
    >>> stop_count(cgt.nimber(8)), stop_count(cgt.parse("{3||2*|1*}"))
    (4374, 5)
    """
    return _bottom_up(g, _stop_leaf, lambda _h, left, right: sum(left) + sum(right))


# --- incentives ---------------------------------------------------------------------------
def left_incentives(g: Game) -> tuple[Game, ...]:
    """Left's incentives ``G^L - G``, one for each Left option of the canonical
    form, without repeats, simplest first (CGSuite's ``LeftIncentives``).

    :meth:`cgt.Game.incentives` keeps only the greatest of these and the Right ones.

    >>> import cgt
    >>> left_incentives(cgt.up), left_incentives(cgt.number(5)), left_incentives(cgt.number(-5))
    ((v,), (-1,), ())
    """
    left, _ = g.raw_options()
    return _ordered(o - g for o in left)


def right_incentives(g: Game) -> tuple[Game, ...]:
    """Right's incentives ``G - G^R``, one for each Right option of the canonical
    form, without repeats, simplest first (CGSuite's ``RightIncentives``).

    >>> import cgt
    >>> right_incentives(cgt.up), right_incentives(cgt.parse("v*"))
    ((^*,), (v, v*))
    """
    _, right = g.raw_options()
    return _ordered(g - o for o in right)


# --- companion ------------------------------------------------------------------------
def _companion_leaf(g: Game) -> Game | None:
    p = g.nus_or_none()
    if p is None:
        return None
    x, k, m = p
    if k == m == 0 and x.numerator != 0:
        return g  # a number other than 0 is its own companion
    if x.numerator != 0:
        return None
    # k.up + *m: itself when m >= 2, else toggle the star
    return g if m >= 2 else k * up + nimber(m ^ 1)


def _companion_of(g: Game, left: list[Game], right: list[Game]) -> Game:
    if g >= zero:
        left = [*left, zero]
    if g <= zero:
        right = [*right, zero]
    return Game(left, right)


def companion(g: Game) -> Game:
    """The companion ``G°`` of ``g`` (CGSuite's ``Companion``; Siegel,
    *Combinatorial Game Theory*, III.2): the companions of ``g``'s options,
    with ``0`` added as a Left option when ``G >= 0`` and as a Right option
    when ``G <= 0``:

    ``G° = {G^L°, 0 (if G >= 0) | G^R°, 0 (if G <= 0)}``, so ``0° = *`` and ``*° = 0``.

    On the games born by day ``n >= 1`` it is the lattice automorphism that
    swaps ``0`` and ``*``; it is an involution.

    >>> import cgt
    >>> companion(cgt.zero), companion(cgt.star), companion(cgt.up), companion(cgt.nimber(8))
    (*, 0, ^*, *8)
    >>> companion(cgt.parse("{0||0|-3/2}")), companion(cgt.number(5))
    ({0,*||*|-3/2}, 5)
    """
    return _bottom_up(g, _companion_leaf, _companion_of)


# --- subordinate ----------------------------------------------------------------------
def subordinate(g: Game, base: GameLike) -> Game:
    """The subordinate ``H`` with ``g = base : H`` (CGSuite's ``Subordinate``):
    the inverse of :meth:`cgt.Game.ordinal_sum`, the base taken in canonical form.

    ``H`` is read off ``g``'s canonical form: the options of ``g`` that are not
    options of the base are taken as the ordinal sums ``base : H^L`` and
    ``base : H^R``, and each is subordinated in turn.  The ``H`` found is
    checked (``base : H == g``) before it is returned, so an answer is never
    wrong, and it is the only one: ``H -> base : H`` is an order-embedding
    (``B:H >= B:K`` exactly when ``H >= K``; the colon principle gives one
    direction, and ``X^R <= X`` never holds, which gives the other).  When the
    check fails, or ``g`` has options that are not of that shape, ``g`` is not
    ``base : H`` for any ``H`` that this reading can find and
    :class:`NotSubordinate` is raised; the tests find no ordinal sum of games
    born by day 4 that it misses.

    >>> import cgt
    >>> subordinate(cgt.parse("3/8"), 1), subordinate(cgt.nimber(5), cgt.star)
    (-3/2, *4)
    >>> subordinate(cgt.parse("^*"), cgt.star), cgt.star.ordinal_sum(1)
    (1, ^*)
    >>> subordinate(cgt.up, cgt.star)
    Traceback (most recent call last):
    ...
    cgt.structure.NotSubordinate: ^ is not an ordinal sum * : H for any H ...
    >>> cgt.parse("{3||2|1}").subordinate("{3|2}")
    Traceback (most recent call last):
    ...
    cgt.structure.NotSubordinate: {3||2|1} is not an ordinal sum {3|2} : H for any H ...
    """
    b = to_game(base)
    count = follower_count(g)
    if count > FOLLOWERS_LIMIT:
        raise TooLarge(
            f"{g}.subordinate({b}) reads every follower of {g}, and it has {count} "
            f"(the limit is {FOLLOWERS_LIMIT})"
        )
    base_left, base_right = (set(side) for side in b.raw_options())

    def combine(h: Game, left: list[Game], right: list[Game]) -> Game:
        hl, hr = h.raw_options()
        kept_l = [s for o, s in zip(hl, left, strict=True) if o not in base_left]
        kept_r = [s for o, s in zip(hr, right, strict=True) if o not in base_right]
        return Game(kept_l, kept_r)

    found = _bottom_up(g, lambda _h: None, combine)
    if b.ordinal_sum(found) is not g:
        raise NotSubordinate(
            f"{g} is not an ordinal sum {b} : H for any H "
            f"(its canonical form does not extend the base {b})"
        )
    return found


# --- predicates -----------------------------------------------------------------------
_EVEN, _ODD, _NEITHER = 0, 1, 2


def _parity_leaf(g: Game) -> int | None:
    p = g.nus_or_none()
    if p is None:
        return None
    x, k, m = p
    if k == 0 and m <= 1 and x.is_integer():
        return (int(x) + m) % 2  # n = {n-1|} (or {|n+1}) and n* = {n|n} alternate
    return _NEITHER  # options of both parities, or of neither, below


def _parity_of(_g: Game, left: list[int], right: list[int]) -> int:
    kinds = set(left) | set(right)
    if kinds == {_ODD}:
        return _EVEN
    if kinds == {_EVEN}:
        return _ODD
    return _EVEN if not kinds else _NEITHER


def _parity(g: Game) -> int:
    return _bottom_up(g, _parity_leaf, _parity_of)


def is_even(g: Game) -> bool:
    """True if ``g``'s canonical form is *even* (CGSuite's ``IsEven``; Conway,
    *On Numbers and Games*): every option is odd (``0``, with no
    option, is even).  A form is *odd* if it has an option and every option is
    even.  Parity belongs to the form: here the canonical form.

    >>> import cgt
    >>> [is_even(cgt.number(n)) for n in range(-2, 3)], is_even(cgt.parse("1*"))
    ([True, False, True, False, True], True)
    >>> is_even(cgt.up), is_odd(cgt.up)
    (False, False)
    """
    return _parity(g) == _EVEN


def is_odd(g: Game) -> bool:
    """True if ``g``'s canonical form is *odd* (CGSuite's ``IsOdd``): it has an
    option and every option is even (see :func:`is_even`).

    >>> import cgt
    >>> is_odd(cgt.star), is_odd(cgt.zero), is_odd(cgt.number(-1)), is_odd(cgt.parse("{2|0}"))
    (True, False, True, True)
    """
    return _parity(g) == _ODD


def is_ordinal(g: Game) -> bool:
    """True if ``g`` is an ordinal (CGSuite's ``IsOrdinal``): Right has no move
    in any follower, as in a blue Hackenbush stalk.  Among short games these are
    the integers ``n >= 0`` (``{0, 1, ..., n-1 | } = n``).

    >>> import cgt
    >>> is_ordinal(cgt.number(5)), is_ordinal(cgt.zero), is_ordinal(cgt.number(-1))
    (True, True, False)
    >>> is_ordinal(cgt.parse("1/2")), is_ordinal(cgt.up)
    (False, False)
    """
    n = _integer(g)
    return n is not None and n >= 0


def is_uptimal(g: Game) -> bool:
    """True if ``g`` has an uptimal expansion (CGSuite's ``IsUptimal``): a number
    plus a finite sum of multiples of Conway's ``up^n`` plus a nimber (see
    :meth:`cgt.Game.uptimal_expansion`).

    >>> import cgt
    >>> [is_uptimal(cgt.parse(g)) for g in ["{0||0|v*}", "5/2", "{0||0|vvv}"]]
    [True, True, False]
    """
    return g.uptimal_expansion() is not None


def _tiny_part(g: Game) -> bool:
    """``g`` is ``{x || x | y}`` with ``x`` a number and ``mean(y) < x``."""
    left, right = g.raw_options()
    if len(left) != 1 or len(right) != 1 or not left[0].is_number:
        return False
    inner_left, inner_right = right[0].raw_options()
    return (
        len(inner_left) == 1
        and len(inner_right) == 1
        and inner_left[0] is left[0]
        and inner_right[0].mean() < left[0].to_dyadic()
    )


def is_number_tiny(g: Game) -> bool:
    """True if ``g`` is a number, or a number plus a tiny or a miny (CGSuite's
    ``IsNumberTiny``).

    As CGSuite decides it on the canonical form: ``{x || x | y}`` with ``x`` a
    number and ``mean(y) < x`` (that is ``x + Tiny(x - y)``), or its negative
    ``{y | x || x}`` with ``mean(y) > x`` (``x + Miny(y - x)``).

    >>> import cgt
    >>> is_number_tiny(cgt.parse("{0||0|-3/2}")), is_number_tiny(3 + cgt.miny("{3|1}"))
    (True, True)
    >>> is_number_tiny(cgt.number("-1/2")), is_number_tiny(cgt.up), is_number_tiny(cgt.nimber(8))
    (True, False, False)
    """
    p = g.nus_or_none()
    if p is not None:  # x + k.up + *m: only a number has the shape
        return p[1] == p[2] == 0
    return _tiny_part(g) or _tiny_part(-g)


# --- powers ---------------------------------------------------------------------------
_pow_to_cache: BoundedCache[tuple[Game, int], Game] = BoundedCache("structure.pow_to")
on_clear(_pow_to_cache.clear)


def _exponent(x: object, what: str, least: int) -> Dyadic:
    if isinstance(x, bool):
        raise WrongType(f"{what} takes a number exponent, not {x!r}")
    try:
        g = to_game(x)  # type: ignore[arg-type]
    except WrongType:
        raise WrongType(f"{what} takes a number exponent, not {type(x).__name__} {x!r}") from None
    if not g.is_number:
        raise InvalidArgument(f"{what}: the exponent {g} is not a number")
    d = g.to_dyadic()
    if d < least:
        raise InvalidArgument(f"{what} needs an exponent >= {least}, not {d}")
    return d


def _pow_to_int(base: Game, n: int) -> Game:
    """``base : (n - 1)``, built as ``P(1) = base``, ``P(k) = {B^L, P(k-1) | B^R}``."""
    if n == 0:
        return zero
    if n == 1:
        return base
    if n > POWER_LIMIT:
        raise TooLarge(
            f"({base}).pow_to({n}) is built one power at a time and born after day {n}; "
            f"exponents up to {POWER_LIMIT} are built"
        )
    start = n
    while start > 1 and (base, start) not in _pow_to_cache:
        start -= 1
    value = base if start == 1 else _pow_to_cache[(base, start)]
    left, right = base.raw_options()
    for k in range(start + 1, n + 1):
        value = Game([*left, value], right)
        _pow_to_cache[(base, k)] = value
    return value


def pow_to(base: Game, x: object) -> Game:
    """The cumulative power ``base^[x]`` (CGSuite's ``PowTo``): the ordinal sum
    ``base : K`` with ``x = 1 : K``, and ``0`` for ``x = 0``; ``x`` is a number
    ``>= 0``.  For an integer ``n >= 1`` that is ``base : (n - 1)``: ``base^[1] =
    base`` and ``base^[n] = {B^L, base^[n-1] | B^R}``.

    For ``base = up`` these are the sums ``up^[n] = up + up^2 + ... + up^n``,
    printed ``^[n]``.

    >>> import cgt
    >>> pow_to(cgt.up, 3), pow_to(cgt.up, "7/4")
    (^[3], {^|*,^[2]||*,^[2]})
    >>> pow_to(cgt.tiny(2), 3)
    {Tiny(2)|-1+-1||-1+-1}
    """
    d = _exponent(x, "pow_to", 0)
    if d.is_integer():
        return _pow_to_int(base, int(d))
    day = number(d).birthday()
    if day > POWER_LIMIT:
        raise TooLarge(
            f"({base}).pow_to({d}): the exponent is born on day {day}, "
            f"after day {POWER_LIMIT}, the last this builds"
        )
    return base.ordinal_sum(subordinate(number(d), 1))


def pow(base: Game, x: object) -> Game:
    """The power ``base^x`` of a base ``{0 | H}`` (CGSuite's ``Pow``):
    ``base^x = {0 | H - base^[x - 1]}`` (see :func:`pow_to`), for a number
    ``x >= 1``; ``base^1 = base``.

    For ``base = up`` these are Conway's ``up^n``, printed ``^<n>``.

    >>> import cgt
    >>> pow(cgt.up, 2), pow(cgt.up, 3), pow(cgt.up, "7/4")
    (^<2>, ^<3>, {0||0,v*|0,{0,v*|0,*}})
    >>> pow(cgt.tiny(2), 3)              # {0|-2} prints as -1+-1
    {0||0|-2,{0|-2,-1+-1}}
    >>> pow(cgt.star + cgt.up, 2)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: pow needs a base {0|H}, ... ^* is not
    """
    left, right = base.raw_options()
    if len(left) != 1 or left[0] is not zero or len(right) != 1:
        raise InvalidArgument(
            f"pow needs a base {{0|H}}, one Left option 0 and one Right option; {base} is not"
        )
    d = _exponent(x, "pow", 1)
    if d == 1:
        return base
    return Game([zero], [right[0] - pow_to(base, d - 1)])
