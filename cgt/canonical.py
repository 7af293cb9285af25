"""The engine: canonical forms, comparison and sums of short games.

Every :class:`~cgt.game.Game` is held in canonical form and interned, so the
engine can key its caches on the games' serial numbers.  Three kinds of node
exist, and every value has exactly one of them:

* numbers ``x`` (a :class:`~cgt.dyadic.Dyadic`),
* *nus* values ``x + k.up + *m`` that are not numbers (``k != 0`` or
  ``m != 0``), with closed-form arithmetic and comparison,
* general nodes ``{L|R}`` with canonical option tuples.

Numbers and nus values create their options lazily, so ``number(10**9)`` costs
nothing.  General nodes come from :func:`canonical_form`, which removes
dominated options and bypasses reversible ones, then recognises number and nus
results so that they land in the right table.

Laws the engine relies on (all checked by the test suite):

* number avoidance: for a number ``x`` and a non-number ``G``,
  ``x <= G`` iff no ``G^R <= x``, and ``G <= x`` iff no ``G^L >= x``;
* translation: for canonical non-number ``G``, ``G + x`` has canonical form
  ``{G^L + x | G^R + x}``;
* stops: ``G <= H`` implies ``LS(G) <= LS(H)`` and ``RS(G) <= RS(H)``, and
  ``LS(G) < RS(H)`` implies ``G < H``;
* nus forms: ``k.up + *m = {0 | (k-1).up + *(m^1)}`` for ``k >= 1`` except
  ``up* = {0,*|0}``; ``*m = {*j : j < m | *j : j < m}``.

>>> from cgt.canonical import cache_info
>>> {'compare', 'forms', 'nus', 'sum'} <= set(cache_info())
True
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any
from weakref import KeyedRef, WeakValueDictionary

from . import _budget, _cache
from ._deep import deep
from .dyadic import Dyadic, _make, _simplest_above, number_birthday
from .kernels import kernel

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = [
    "add",
    "cache_info",
    "cache_limit",
    "canonical_form",
    "clear_caches",
    "le",
    "make_number",
    "make_nus",
    "memory_limit",
    "negate",
    "set_cache_limit",
    "set_memory_limit",
    "sum_wins",
    "work_left",
    "work_limit",
]

_serial = itertools.count(1)

# Intern tables.  They hold games weakly: a game nobody references may go, and
# is rebuilt (as a new unique object) if needed again.
_numbers: WeakValueDictionary[tuple[int, int], Game] = WeakValueDictionary()
_nus_table: WeakValueDictionary[tuple[int, int, int, int], Game] = WeakValueDictionary()
_forms: WeakValueDictionary[tuple[tuple[int, ...], tuple[int, ...]], Game] = WeakValueDictionary()

# Operation caches, keyed by serial numbers (never reused).
_le_cache: dict[tuple[int, int], bool] = {}
_add_cache: dict[tuple[int, int], Game] = {}

_ZERO_D = _make(0, 0)
_cache.register("sum", _add_cache, "engine")
_cache.register("compare", _le_cache, "engine")

cache_limit = _cache.cache_limit
set_cache_limit = _cache.set_cache_limit
memory_limit = _cache.memory_limit
set_memory_limit = _cache.set_memory_limit
work_limit = _budget.work_limit
work_left = _budget.work_left
# The engine's limits are documented on this module's page (their code lives in the
# private modules _cache and _budget, which every engine and solver share).
for _public in (memory_limit, set_memory_limit, work_limit, work_left):
    _public.__module__ = __name__

# Interning is a look-up then an insertion; two threads missing the same key at
# once would otherwise each make a game, and equal values would be two objects.
# Look-ups stay lock-free; a miss re-checks and inserts under this lock.
_intern_lock = threading.Lock()

INVERSE_SHORTCUT = True
"""Recognise ``G + (-G) = 0`` without expanding the sum (benchmarks turn it off)."""

_Game: type[Game]


def _bind(game_class: type[Game]) -> None:
    global _Game
    _Game = game_class
    if _kernel is not None:
        from .errors import WorkLimitExceeded, WrongType

        _kernel.init(game_class, Dyadic, globals(), WrongType, WorkLimitExceeded)
        # The kernel's node engine (cgt/_c/engine.h, the compiled solvers' engine)
        # makes the games of its results itself, as this module would: the same
        # slots, the same keys in the same weak-value tables, the same serial
        # numbers and lock; the callbacks make the rest (nus values).
        tables: list[Any] = [_forms, _numbers, _nus_table]
        _kernel.setup_engine(
            _engine_number,
            _engine_form,
            game_class,
            Dyadic,
            KeyedRef,
            _serial,
            *[t.data for t in tables],
            *[t._remove for t in tables],
            _intern_lock,
        )


def cache_info() -> _cache.CacheInfo:
    """Entries of every cache table, with their estimated bytes and the total.

    The result is a dict from table names to entries: ``"sum"`` and
    ``"compare"`` are the engine's cached sums and comparisons (the compiled
    engine's and the Python engine's together), ``"nodes"`` the compiled
    engine's games, ``"forms"`` and ``"nus"`` the interned games (held weakly,
    so not counted in bytes), ``"shortgame.*"`` the compiled solvers' tables, ``"solvers"`` the
    tables of every live solver, and the other names the tables of the
    theory modules.  ``.bytes`` maps the same names to estimated bytes
    (allocated bytes for compiled tables), ``.total`` adds them up and
    ``.limit`` is :func:`cgt.memory_limit`; ``.report()`` prints them.

    >>> import cgt
    >>> info = cgt.cache_info()
    >>> info["sum"] >= 0 and info["compare"] >= 0
    True
    >>> info.total <= info.limit
    True
    """
    per = _cache.ENTRY_BYTES
    entries = {
        "forms": len(_forms) + len(_numbers),
        "nus": len(_nus_table),
        "sum": len(_add_cache),
        "compare": len(_le_cache),
    }
    nbytes = {"forms": 0, "nus": 0}
    nbytes["sum"] = entries["sum"] * per["engine"]
    nbytes["compare"] = entries["compare"] * per["engine"]
    engine_tables = {"nodes", "compare", "sum"}  # the node engine's (in the canonical kernel)
    if _kernel is not None:
        for name, (count, size) in _kernel.usage().items():
            entries[name] = entries.get(name, 0) + count
            nbytes[name] = nbytes.get(name, 0) + size
    board = kernel("shortgame")
    if board is not None:
        for name, (count, size) in board.usage().items():
            if name not in engine_tables:
                entries["shortgame." + name] = count
                nbytes["shortgame." + name] = size
    solved = 0
    for solver in list(_cache._solvers):
        solved += solver._table_entries()
    entries["solvers"] = solved
    nbytes["solvers"] = solved * per["solvers"]
    for name, group, table in list(_cache._tables):
        if group == "tables":
            entries[name] = entries.get(name, 0) + len(table)
            nbytes[name] = nbytes.get(name, 0) + len(table) * per["tables"]
    for name, count, size in _cache.usage():
        entries[name] = count
        nbytes[name] = size
    return _cache.CacheInfo(entries, nbytes, _cache.memory_limit())


def _apply_kernel_limits() -> None:
    """Give the node engine and the compiled solvers their share of the memory budget."""
    engine = kernel("canonical")  # (this runs once before _kernel is bound below)
    if engine is not None:
        engine.set_limit(_cache.share("kernel"), _cache.cache_limit())
    board = kernel("shortgame")
    if board is not None:
        board.set_limit(_cache.share("kernel"), _cache.cache_limit())


_cache.on_change(_apply_kernel_limits)


def clear_caches() -> None:
    """Forget cached sums and comparisons (interned games stay valid).

    Games that are no longer referenced anywhere are then freed.

    >>> import cgt
    >>> _ = cgt.parse("{3||2|1}") + cgt.star
    >>> cgt.clear_caches()
    >>> cgt.cache_info()["sum"]
    0
    """
    _le_cache.clear()
    _add_cache.clear()
    if _kernel is not None:
        _kernel.clear()  # the node engine, and the compiled solvers' tables with it
    for hook in _clear_hooks:
        hook()


_clear_hooks: list[Callable[[], None]] = []
"""Other modules' caches that :func:`clear_caches` empties too (parsing, temperature...)."""


def on_clear(*hooks: Callable[[], None]) -> None:
    """Have :func:`clear_caches` (``cgt.clear_caches()``) call each of ``hooks``
    too: how a module above the engine has its own caches of games emptied
    with the engine's (parsing, temperature, misère forms...).

    >>> seen = []
    >>> on_clear(lambda: seen.append("cleared"))
    >>> clear_caches(); seen
    ['cleared']
    >>> _ = _clear_hooks.pop()
    """
    _clear_hooks.extend(hooks)


# ---------------------------------------------------------------------------
# Node construction
# ---------------------------------------------------------------------------
def _new(
    left: tuple[Game, ...] | None,
    right: tuple[Game, ...] | None,
    x: Dyadic | None,
    k: int,
    m: int,
    ls: Dyadic,
    rs: Dyadic,
    birthday: int,
    small: bool,
) -> Game:
    g = object.__new__(_Game)
    g._id = next(_serial)
    g._left = left
    g._right = right
    g._x = x
    g._k = k
    g._m = m
    g._ls = ls
    g._rs = rs
    g._birthday = birthday
    g._small = small
    g._neg = None
    return g


def make_number(x: Dyadic) -> Game:
    """The canonical game of the number ``x`` (interned; options made lazily).

    >>> make_number(Dyadic(3, 4))
    3/4
    """
    key = (x._num, x._exp)
    g = _numbers.get(key)
    if g is None:
        birthday = number_birthday(x)
        with _intern_lock:
            g = _numbers.get(key)
            if g is None:
                g = _new(None, None, x, 0, 0, x, x, birthday, x._num == 0)
                g._is_number = True
                _numbers[key] = g
    return g


def _nus_birthday(x: Dyadic, k: int, m: int) -> int:
    """The birthday of ``x + k.up + *m``, in O(1) (``up * 2**40`` is instant).

    The canonical form is the chain ``{x | x + (k-1).up + *(m^1)}`` of ``|k|``
    links (``^* = {x, x* | x}`` ends it when it is met); this counts the links
    (checked against walking the chain in the tests).

    >>> [_nus_birthday(Dyadic(0), k, m) for k, m in [(1, 0), (1, 1), (2, 0)]]
    [2, 2, 3]
    """
    b = number_birthday(x)
    k = abs(k)
    if k == 0:
        return b + m
    if m ^ ((k - 1) & 1) == 1:  # the chain ends at ^* = {0,*|0}
        return b + k + 1
    return b + (m ^ (k & 1)) + k


def make_nus(x: Dyadic, k: int, m: int) -> Game:
    """The canonical game of ``x + k.up + *m`` (a number when ``k == m == 0``).

    >>> make_nus(Dyadic(1), 1, 1), make_nus(Dyadic(0), -2, 0), make_nus(Dyadic(1, 2), 0, 3)
    (1^*, vv, 1/2*3)
    """
    if k == 0 and m == 0:
        return make_number(x)
    key = (x._num, x._exp, k, m)
    g = _nus_table.get(key)
    if g is None:
        birthday = _nus_birthday(x, k, m)
        with _intern_lock:
            g = _nus_table.get(key)
            if g is None:
                g = _new(None, None, x, k, m, x, x, birthday, x._num == 0)
                g._is_number = False
                _nus_table[key] = g
    return g


MAX_OPTIONS = 1 << 20
"""The most options of ``x + *m`` the engine lists (2**20); beyond, :class:`~cgt.TooLarge`."""


def _lazy_options(g: Game) -> None:
    """Fill in the options of a number or nus node on first use.

    Only ``x + *m`` has many (``m`` on each side); a huge ``m`` raises at once
    instead of listing them, whichever computation asked.
    """
    if g._k == 0 and g._m > MAX_OPTIONS:
        from .errors import TooLarge

        x, m = g._x, g._m
        assert x is not None
        many = f"2**{m.bit_length() - 1}" if m & (m - 1) == 0 else str(m)
        raise TooLarge(
            f"{g} has {many} options on each side ({make_nus(x, 0, 0)} .. "
            f"{make_nus(x, 0, m - 1)}); too many to list: use g.nus() for its closed form "
            f"(x, k, m), or keep it to sums and comparisons with numbers, nimbers and ups"
        )
    left, right = _nus_options(g)
    # Assign both sides together: an interrupted call leaves the node untouched.
    g._left, g._right = left, right


def _nus_options(g: Game) -> tuple[tuple[Game, ...], tuple[Game, ...]]:
    x = g._x
    assert x is not None
    k, m = g._k, g._m
    if g._is_number:
        num, exp = x._num, x._exp
        if exp > 0:
            return (make_number(_make(num - 1, exp)),), (make_number(_make(num + 1, exp)),)
        if num > 0:
            return (make_number(_make(num - 1, 0)),), ()
        if num < 0:
            return (), (make_number(_make(num + 1, 0)),)
        return (), ()
    if k == 0:
        opts = tuple(make_nus(x, 0, j) for j in range(m))
        return opts, opts
    if k > 0:
        if k == 1 and m == 1:
            return (make_number(x), make_nus(x, 0, 1)), (make_number(x),)
        return (make_number(x),), (make_nus(x, k - 1, m ^ 1),)
    if k == -1 and m == 1:
        return (make_number(x),), (make_number(x), make_nus(x, 0, 1))
    return (make_nus(x, k + 1, m ^ 1),), (make_number(x),)


def _recognise_nus(left: tuple[Game, ...], right: tuple[Game, ...]) -> Game | None:
    """Return the nus node whose canonical options are exactly these, if any."""
    nl, nr = len(left), len(right)
    if nl == 0 or nr == 0:
        return None
    for o in left:
        if o._x is None:
            return None
    for o in right:
        if o._x is None:
            return None
    x = left[0]._x
    assert x is not None
    num, exp = x._num, x._exp
    for o in left + right:
        y = o._x
        if y is not x and (y is None or y._num != num or y._exp != exp):
            return None
    # x + *m: both sides {x + *j : j < m} (interned: the same objects, compared by serial)
    same = {o._id for o in left} == {o._id for o in right}
    if nl == nr and all(o._k == 0 for o in left) and same:
        nims = {o._m for o in left}
        if nims == set(range(nl)):
            return make_nus(x, 0, nl)
        return None
    if nl == 1 and nr == 1:
        a, b = left[0], right[0]
        if a._is_number and b._k >= 0 and not b._is_number:
            return make_nus(x, b._k + 1, b._m ^ 1)
        if b._is_number and a._k <= 0 and not a._is_number:
            return make_nus(x, a._k - 1, a._m ^ 1)
        return None
    x_and_x_star = {(0, 0), (0, 1)}
    if nl == 2 and nr == 1 and right[0]._is_number and {(o._k, o._m) for o in left} == x_and_x_star:
        return make_nus(x, 1, 1)
    if nl == 1 and nr == 2 and left[0]._is_number and {(o._k, o._m) for o in right} == x_and_x_star:
        return make_nus(x, -1, 1)
    return None


def _intern_general(left: tuple[Game, ...], right: tuple[Game, ...]) -> Game:
    """Intern a form already known canonical, not a number and not nus."""
    key = (tuple(sorted(o._id for o in left)), tuple(sorted(o._id for o in right)))
    g = _forms.get(key)
    if g is not None:
        return g
    ls = max((o._rs for o in left), default=None)
    rs = min((o._ls for o in right), default=None)
    assert ls is not None and rs is not None, "a non-number canonical form has two sides"
    birthday = 1 + max(o._birthday for o in itertools.chain(left, right))
    small = all(o._small and (o._x is None or o._x._num == 0) for o in left) and all(
        o._small and (o._x is None or o._x._num == 0) for o in right
    )
    with _intern_lock:
        g = _forms.get(key)
        if g is None:
            g = _new(left, right, None, 0, 0, ls, rs, birthday, small)
            g._is_number = False
            _forms[key] = g
    return g


def _trusted_form(left: tuple[Game, ...], right: tuple[Game, ...]) -> Game:
    """The game ``{left|right}`` when it is known to be a canonical form already.

    For the compiled engine (:mod:`cgt._c`), whose results are canonical: the
    form is only recognised (a number or nus value) or interned, not reduced.
    Numbers never come here: the engine makes them by value.

    >>> from cgt.dyadic import Dyadic
    >>> zero = make_number(Dyadic(0))
    >>> _trusted_form((zero,), (zero,)), _trusted_form((make_number(Dyadic(1)),), (zero,))
    (*, {1|0})
    """
    found = _recognise_nus(left, right)
    if found is not None:
        return found
    return _intern_general(left, right)


def _engine_number(num: int, exp: int) -> Game:
    """The number ``num / 2**exp`` (normalised) for the compiled engine.

    >>> _engine_number(3, 1)
    3/2
    """
    return make_number(_make(num, exp))


def _engine_form(
    left: tuple[Game, ...], right: tuple[Game, ...], best_left: int, best_right: int
) -> Game:
    """:func:`_trusted_form` for the compiled engine, which also tells which
    options give the stops: ``left[best_left]`` has the greatest right stop,
    ``right[best_right]`` the least left stop (no comparisons of stops here).

    >>> from cgt.dyadic import Dyadic
    >>> zero, one = make_number(Dyadic(0)), make_number(Dyadic(1))
    >>> _engine_form((one,), (zero,), 0, 0) is _trusted_form((one,), (zero,))
    True
    """
    if left[0]._x is not None and right[0]._x is not None:  # all must be, for a nus value
        found = _recognise_nus(left, right)
        if found is not None:
            return found
    key = (tuple(sorted([o._id for o in left])), tuple(sorted([o._id for o in right])))
    forms: Any = _forms
    ref = forms.data.get(key)  # (read-only: the dictionary under the weak values)
    if ref is not None:
        known: Game | None = ref()
        if known is not None:
            return known
    birthday = 0
    small = True
    for o in left + right:
        if o._birthday > birthday:
            birthday = o._birthday
        if small and not (o._small and (o._x is None or o._x._num == 0)):
            small = False
    with _intern_lock:
        g = _forms.get(key)
        if g is None:
            g = _new(
                left,
                right,
                None,
                0,
                0,
                left[best_left]._rs,
                right[best_right]._ls,
                birthday + 1,
                small,
            )
            g._is_number = False
            _forms[key] = g
    return g


def _options(g: Game) -> tuple[tuple[Game, ...], tuple[Game, ...]]:
    if g._left is None:
        _lazy_options(g)
    assert g._left is not None and g._right is not None
    return g._left, g._right


# ---------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------
def _dlt(a: Dyadic, b: Dyadic) -> bool:
    """a < b for Dyadics, inlined for speed."""
    ea, eb = a._exp, b._exp
    if ea == eb:
        return a._num < b._num
    if ea > eb:
        return a._num < (b._num << (ea - eb))
    return (a._num << (eb - ea)) < b._num


def _nus_nonneg(x: Dyadic, k: int, m: int) -> bool:
    """Is x + k.up + *m >= 0?"""
    if x._num != 0:
        return x._num > 0
    if k == 0:
        return m == 0
    if k >= 2:
        return True
    if k == 1:
        return m != 1
    return False


def le(g: Game, h: Game) -> bool:
    """``g <= h`` for canonical games (cached).

    >>> import cgt
    >>> le(cgt.zero, cgt.up), le(cgt.up, cgt.zero), le(cgt.star, cgt.zero)
    (True, False, False)
    """
    if g is h:
        return True
    gx, hx = g._x, h._x
    if gx is not None and hx is not None:
        # x + k.up + *m <= y + j.up + *n: the numbers decide when they differ
        if gx._num != hx._num or gx._exp != hx._exp:
            return _dlt(gx, hx)
        return _nus_nonneg(_ZERO_D, h._k - g._k, h._m ^ g._m)
    # Stops: G <= H needs LS(G) <= LS(H) and RS(G) <= RS(H); LS(G) < RS(H) suffices.
    if _dlt(h._ls, g._ls) or _dlt(h._rs, g._rs):
        return False
    if _dlt(g._ls, h._rs):
        return True
    key = (g._id, h._id)
    r = _le_cache.get(key)
    if r is not None:
        return r
    if _budget.active:
        _budget.spend_work()
    r = True
    if gx is not None and g._is_number:
        # number avoidance: x <= H iff no H^R <= x
        for hr in _options(h)[1]:
            if le(hr, g):
                r = False
                break
    elif hx is not None and h._is_number:
        # G <= y iff no G^L >= y
        for gl in _options(g)[0]:
            if le(h, gl):
                r = False
                break
    else:
        for gl in _options(g)[0]:
            if le(h, gl):
                r = False
                break
        if r:
            for hr in _options(h)[1]:
                if le(hr, g):
                    r = False
                    break
    if len(_le_cache) >= _cache._engine_limit:
        _cache.trim(_le_cache, _cache._engine_limit // 2)
    _le_cache[key] = r
    return r


# Comparisons of a canonical game with a raw form {L|R} (a game being built).
def _raw_ge(
    left: list[Game], right: list[Game], x: Game, memo: dict[tuple[int, bool], bool]
) -> bool:
    """x <= {left|right}"""
    key = (x._id, True)
    r = memo.get(key)
    if r is not None:
        return r
    if _budget.active:
        _budget.spend_work()
    r = True
    for gr in right:
        if le(gr, x):
            r = False
            break
    if r:
        for xl in _options(x)[0]:
            if _raw_le(left, right, xl, memo):
                r = False
                break
    memo[key] = r
    return r


def _raw_le(
    left: list[Game], right: list[Game], x: Game, memo: dict[tuple[int, bool], bool]
) -> bool:
    """{left|right} <= x"""
    key = (x._id, False)
    r = memo.get(key)
    if r is not None:
        return r
    if _budget.active:
        _budget.spend_work()
    r = True
    for gl in left:
        if le(x, gl):
            r = False
            break
    if r:
        for xr in _options(x)[1]:
            if _raw_ge(left, right, xr, memo):
                r = False
                break
    memo[key] = r
    return r


# ---------------------------------------------------------------------------
# Canonical form
# ---------------------------------------------------------------------------
def _undominated(options: list[Game], for_left: bool) -> list[Game]:
    """The options that no other option dominates: Left keeps the maximal ones,
    Right the minimal ones.  Numbers are totally ordered, so only the best
    number needs comparing with the rest."""
    if len(options) < 2:
        return options
    best_number: Game | None = None
    others: list[Game] = []
    for o in options:
        if o._is_number:
            if best_number is None or (
                _dlt(best_number._x, o._x)  # type: ignore[arg-type]
                if for_left
                else _dlt(o._x, best_number._x)  # type: ignore[arg-type]
            ):
                best_number = o
        else:
            others.append(o)
    if not others:
        return [] if best_number is None else [best_number]
    kept: list[Game] = []
    candidates = others if best_number is None else [best_number, *others]
    for a in candidates:
        # a is dominated by b if a <= b for Left (b <= a for Right)
        dominated = False
        for b in kept:
            if le(a, b) if for_left else le(b, a):
                dominated = True
                break
        if dominated:
            continue
        if kept:
            kept = [b for b in kept if not (le(b, a) if for_left else le(a, b))]
        kept.append(a)
    return kept


def _numbers_only(left: list[Game], right: list[Game]) -> Game:
    a: Dyadic | None = None
    b: Dyadic | None = None
    for o in left:
        if a is None or _dlt(a, o._x):  # type: ignore[arg-type]
            a = o._x
    for o in right:
        if b is None or _dlt(o._x, b):  # type: ignore[arg-type]
            b = o._x
    return _between(a, b)


def _between(a: Dyadic | None, b: Dyadic | None) -> Game:
    """``{a | b}`` for numbers ``a``, ``b`` (None: no option on that side)."""
    if a is not None and b is not None and not _dlt(a, b):
        if a == b:
            return make_nus(a, 0, 1)
        return _intern_general((make_number(a),), (make_number(b),))
    # a < b (or an open end): simplest_between(a, b) without its checks
    if a is not None and a._num >= 0:
        return make_number(_simplest_above(a, b))
    if b is not None and b._num <= 0:
        return make_number(-_simplest_above(-b, None if a is None else -a))
    return make_number(_ZERO_D)


def canonical_form(left: Iterable[Game], right: Iterable[Game]) -> Game:
    """The canonical game equal to ``{left | right}`` (options already canonical).

    >>> import cgt
    >>> canonical_form([cgt.zero], [cgt.star])
    ^
    >>> canonical_form([cgt.star], [cgt.star])
    0
    """
    L = list(left)
    R = list(right)
    # Numbers only: the simplest number between the best options (no need to
    # remove duplicates first).  The loops find the best ones without Dyadic's
    # operators.
    lo: Dyadic | None = None
    hi: Dyadic | None = None
    for o in L:
        if not o._is_number:
            break
        x = o._x
        if lo is None or _dlt(lo, x):  # type: ignore[arg-type]
            lo = x
    else:
        for o in R:
            if not o._is_number:
                break
            x = o._x
            if hi is None or _dlt(x, hi):  # type: ignore[arg-type]
                hi = x
        else:
            return _between(lo, hi)
    if _budget.active:
        _budget.spend_work()
    # Canonical games are interned: an option's identity is its value.
    if len(L) > 1:
        L = list({id(o): o for o in L}.values())
    if len(R) > 1:
        R = list({id(o): o for o in R}.values())
    while True:
        L = _undominated(L, for_left=True)
        R = _undominated(R, for_left=False)
        changed = False
        memo: dict[tuple[int, bool], bool] = {}
        # Left option A is reversible through A^R if A^R <= G.
        newL: list[Game] = []
        for a in L:
            replaced = False
            a_right = a._right
            if a_right is None:
                a_right = _options(a)[1]
            for ar in a_right:
                if _raw_ge(L, R, ar, memo):
                    newL.extend(_options(ar)[0])
                    replaced = changed = True
                    break
            if not replaced:
                newL.append(a)
        newR: list[Game] = []
        for b in R:
            replaced = False
            b_left = b._left
            if b_left is None:
                b_left = _options(b)[0]
            for bl in b_left:
                if _raw_le(L, R, bl, memo):
                    newR.extend(_options(bl)[1])
                    replaced = changed = True
                    break
            if not replaced:
                newR.append(b)
        L = list({id(o): o for o in newL}.values()) if changed else newL
        R = list({id(o): o for o in newR}.values()) if changed else newR
        if not changed:
            break
    for o in itertools.chain(L, R):
        if not o._is_number:
            break
    else:
        return _numbers_only(L, R)
    lt, rt = tuple(L), tuple(R)
    found = _recognise_nus(lt, rt)
    if found is not None:
        return found
    return _intern_general(lt, rt)


# ---------------------------------------------------------------------------
# Sums and negation
# ---------------------------------------------------------------------------
def negate(g: Game) -> Game:
    """``-g`` (cached on the game).

    >>> import cgt
    >>> negate(cgt.up), negate(cgt.parse("{3||2|1}"))
    (v, {-1|-2||-3})
    """
    n = g._neg
    if n is not None:
        return n
    x = g._x
    if x is not None:
        n = make_nus(-x, -g._k, g._m)
    else:
        assert g._left is not None and g._right is not None
        n = _intern_general(tuple(negate(o) for o in g._right), tuple(negate(o) for o in g._left))
    g._neg = n
    n._neg = g
    return n


def _translate(g: Game, x: Game) -> Game:
    """g + x for a general (non-nus) canonical g and a number x."""
    assert g._left is not None and g._right is not None
    left = tuple(add(o, x) for o in g._left)
    right = tuple(add(o, x) for o in g._right)
    return _intern_general(left, right)


NIMBER_SUM_LIMIT = 1 << 8
"""The largest nimber ``*n`` added to a general game by expanding the sum (256).

``G + *n`` for a general ``G`` (not ``x + k.up + *m``) and ``n`` above
:data:`FAR_NIMBER` is first tried in closed form (:func:`_add_big_nus`);
when none applies, the general sum takes time growing like ``n**3.7``
(0.2 s at ``n = 128``, half a minute at 512), so above this limit it raises
:class:`~cgt.TooLarge` at once.  The reader of game text (:func:`cgt.parse`)
meets the same limit, since it adds with the same engine.

>>> import cgt
>>> cgt.nimber(2**40) + cgt.parse("{1|0}")
{1*1099511627776|*1099511627776}
>>> try:
...     cgt.nimber(1000) + cgt.parse("{{1/2|0}|0}")
... except cgt.TooLarge as err:
...     print(str(err)[:60])
*1000 + a game born on day 3: no closed form applies, and th
"""

FAR_NIMBER = 64
"""Nimbers above this are added to general games through :func:`_add_big_nus`."""

UP_SUM_LIMIT = 1 << 16
"""The largest up count ``k`` (of ``x + k.up + *m``) added to a general game (65536).

Such a sum is a chain of about ``k`` forms built one by one (1.4 s at the
limit); above it :class:`~cgt.TooLarge` is raised at once, by ``+`` and by
:func:`cgt.parse` alike.
"""


def _pow2_above(c: int) -> int:
    """The least power of two greater than ``c >= 0``."""
    return 1 << c.bit_length()


def _nim_content(g: Game) -> int:
    """The largest nim value in the canonical form of ``g`` (at any depth).

    A leaf ``x + *m`` reaches ``*j`` for ``j < m``; ``x + k.up + *m`` with
    ``k != 0`` reaches ``*m`` and ``*(m ^ 1)``.  Iterative: deep games are fine.

    >>> import cgt
    >>> [_nim_content(cgt.parse(t)) for t in ("{1|0}", "{^|*3}", "{*4|0}")]
    [0, 3, 5]
    """
    return max((a._m | 1 if a._k else a._m for a in _nus_leaves(g)), default=0)


def _nus_leaves(g: Game) -> Iterator[Game]:
    """The distinct ``x + k.up + *m`` forms at the leaves of ``g``, each once."""
    seen: set[int] = set()
    stack = [g]
    while stack:
        a = stack.pop()
        if a._id in seen:
            continue
        seen.add(a._id)
        if a._x is not None:
            yield a
        else:
            assert a._left is not None and a._right is not None
            stack.extend(a._left)
            stack.extend(a._right)


def _shifted(g: Game, f: int, lookup: bool) -> Game | None:
    """``g`` with ``*f`` added at its leaves: every ``x + k.up + *m`` in the
    canonical form of ``g`` becomes ``x + k.up + *(m ^ f)``, general nodes keep
    their shape.  With ``lookup``, general nodes are only looked up among the
    interned forms (None when one is missing): nothing is interned that might
    not be canonical.  Iterative, one step per distinct subposition.
    """
    image: dict[int, Game] = {}
    stack: list[tuple[Game, bool]] = [(g, False)]
    while stack:
        a, expanded = stack.pop()
        if a._id in image:
            continue
        x = a._x
        if x is not None:
            image[a._id] = make_nus(x, a._k, a._m ^ f)
            continue
        left, right = a._left, a._right
        assert left is not None and right is not None
        if not expanded:
            stack.append((a, True))
            stack.extend((o, False) for o in itertools.chain(left, right) if o._id not in image)
            continue
        lt = tuple(image[o._id] for o in left)
        rt = tuple(image[o._id] for o in right)
        if lookup:
            key = (tuple(sorted(o._id for o in lt)), tuple(sorted(o._id for o in rt)))
            found = _forms.get(key)
            if found is None:
                return None
            image[a._id] = found
        else:
            image[a._id] = _intern_general(lt, rt)
    return image[g._id]


def _many(n: int) -> str:
    """``n`` for a message: ``2**e`` for a large power of two."""
    return f"2**{n.bit_length() - 1}" if n > 1 << 16 and n & (n - 1) == 0 else str(n)


def _all_far(g: Game, t: int) -> bool:
    """Is every leaf ``x + k.up + *m`` of ``g`` far, ``t <= m < 2t``?"""
    return all(a._m >> t.bit_length() - 1 == 1 for a in _nus_leaves(g))


def _add_big_nus(g: Game, h: Game) -> Game | None:
    """``g + h`` for a general ``g`` and ``h = x + k.up + *n`` with ``n > FAR_NIMBER``
    or ``|k| > UP_SUM_LIMIT``: in closed form when one applies; None (expand the
    sum) when ``n`` is at most :data:`NIMBER_SUM_LIMIT` (and ``|k|`` at most
    :data:`UP_SUM_LIMIT`), else :class:`~cgt.TooLarge`.  The compiled engine
    calls this same function for these sums.

    The closed form.  Let every nim value in the canonical form of ``G`` be
    below a power of two ``T``, and ``f >= T`` a multiple of ``T``.  Whether
    ``D + *f <= 0`` for such ``D`` does not depend on ``f`` (induction: the
    moves to ``D + *g`` with ``T <= g < f`` only repeat the case ``f = T``),
    so every comparison the canonical form of ``G + *f`` needs has the same
    answer for every such ``f``: if ``G + *T`` is ``G`` with ``*T`` added at
    its leaves, ``G + *f`` is ``G`` with ``*f`` added at its leaves.  The case
    ``f = T`` is computed by the general engine (``T <= FAR_NIMBER``) and
    compared; ``n = f + (n mod T)`` adds the low part first.  When the
    comparison fails (``{1|0||0} + *n`` has ``n + 1`` Right options) the sum
    is expanded.  Tests compare every case with the general sum.

    >>> import cgt
    >>> _add_big_nus(cgt.parse("+-1/2"), cgt.nimber(1000))
    +-1/2*1000
    """
    from .errors import TooLarge

    x, n = h._x, h._m
    assert x is not None and g._x is None
    if abs(h._k) > UP_SUM_LIMIT:
        raise TooLarge(
            f"{_many(abs(h._k))} ups + a game born on day {g._birthday}: the sum is a chain "
            f"of that many forms, above the limit {UP_SUM_LIMIT} (cgt.canonical.UP_SUM_LIMIT); "
            f"too large to build"
        )
    if n <= FAR_NIMBER:
        return None
    base = add(g, make_nus(x, h._k, 0))  # the number and ups first: cheap
    if base._x is not None:  # a nus value: the sum is one too
        return make_nus(base._x, base._k, base._m ^ n)
    t = _pow2_above(_nim_content(base))
    if t <= FAR_NIMBER:
        lo = n & (t - 1)
        hi = n - lo
        low = add(base, make_nus(_ZERO_D, 0, lo)) if lo else base
        if low._x is not None:
            return make_nus(low._x, low._k, low._m ^ hi)
        t = _pow2_above(_nim_content(low))
        if t <= FAR_NIMBER and hi and hi & (t - 1) == 0:
            near = add(low, make_nus(_ZERO_D, 0, t))
            if _all_far(near, t):
                return near if hi == t else _shifted(near, t ^ hi, lookup=False)
    if n > NIMBER_SUM_LIMIT:
        raise TooLarge(
            f"*{_many(n)} + a game born on day {g._birthday}: no closed form applies, and the "
            f"general sum of a nimber above {NIMBER_SUM_LIMIT} (cgt.canonical.NIMBER_SUM_LIMIT) "
            f"grows like n**3.7; too large to build"
        )
    return None


def add(g: Game, h: Game) -> Game:
    """``g + h`` in canonical form (cached).

    >>> import cgt
    >>> add(cgt.up, cgt.star), add(cgt.parse("{1|-1}"), cgt.parse("{1|-1}"))
    (^*, 0)
    """
    gx, hx = g._x, h._x
    if gx is not None and hx is not None:
        return make_nus(gx + hx, g._k + h._k, g._m ^ h._m)
    if h is g._neg and INVERSE_SHORTCUT:
        return make_number(_ZERO_D)  # G + (-G) = 0 exactly; no need to expand it
    gi, hi = g._id, h._id
    key = (gi, hi) if gi < hi else (hi, gi)
    r = _add_cache.get(key)
    if r is not None:
        return r
    if _budget.active:
        _budget.spend_work()
    if gx is not None and g._is_number:
        r = _translate(h, g) if gx._num != 0 else h
    elif hx is not None and h._is_number:
        r = _translate(g, h) if hx._num != 0 else g
    else:
        if gx is not None and (g._m > FAR_NIMBER or abs(g._k) > UP_SUM_LIMIT):
            r = _add_big_nus(h, g)
        elif hx is not None and (h._m > FAR_NIMBER or abs(h._k) > UP_SUM_LIMIT):
            r = _add_big_nus(g, h)
        if r is None:
            r = _add_options(g, h)
    if len(_add_cache) >= _cache._engine_limit:
        _cache.trim(_add_cache, _cache._engine_limit // 2)
    _add_cache[key] = r
    return r


def _add_options(g: Game, h: Game) -> Game:
    """``g + h`` from the options, for non-numbers ``g``, ``h`` (not both nus)."""
    gl, gr = _options(g)
    hl, hr = _options(h)
    left = [add(a, h) for a in gl]
    left.extend(add(g, b) for b in hl)
    right = [add(a, h) for a in gr]
    right.extend(add(g, b) for b in hr)
    return canonical_form(left, right)


# ---------------------------------------------------------------------------
# The compiled kernel (cgt/_c/canonical.c), when built and not turned off
# ---------------------------------------------------------------------------
_py_le = le
_py_add = add
_py_canonical_form = canonical_form
"""The pure-Python engine: the reference, and the fallback without the kernel."""

_kernel = kernel("canonical")
if _kernel is not None:
    # The same algorithms in C, under the same names and docstrings; bound to
    # Game in _bind().  Modules that import these names get the C versions.
    globals().update(
        {
            name: _kernel.export(name, signature, fn.__doc__ or "", __name__)
            for name, signature, fn in (
                ("le", "(g, h)", _py_le),
                ("add", "(g, h)", _py_add),
                ("canonical_form", "(left, right)", _py_canonical_form),
            )
        }
    )


@deep
def sum_wins(
    values: Iterable[Game], left: bool, limit: int | None = None
) -> tuple[bool | None, int] | None:
    """Does the player moving first (Left if ``left``, else Right) win the sum of ``values``?

    The compiled outcome search over sums of canonical values
    (``cgt/_c/sumsearch.h``, on the node engine), the twin of the value-only
    part of :func:`cgt.outcome`'s search: numbers, ups and nimbers added into
    one value, a value and its negative cancelled, decided from the parts'
    stops and (all-small parts) atomic weights where they decide it, else move
    by move, the widest part first, with a table of the sums it settled, kept
    between calls (bounded, emptied with the engine's nodes).

    Returns ``(answer, positions)``: the answer (``None`` when ``limit`` new
    positions were searched without one: a second call resumes where this one
    stopped, its table keeping what it settled) and the number of new
    positions searched.  Returns ``None`` when there is no compiled engine
    (pure Python) or it cannot answer (a number beyond 64 bits, a call from
    inside a running one): the caller then searches in Python.  The work
    budget (:func:`work_limit`) is spent one step a new position; a search
    deeper than the recursion limit allows is run again on a big stack
    (:mod:`cgt._deep`).

    >>> from cgt import parse
    >>> found = sum_wins([parse("{1|-1}"), parse("^"), parse("*")], left=False)
    >>> found is None or found[0]   # Right wins moving first: to -1 + ^*
    True
    >>> found = sum_wins([parse("^"), parse("v")], left=True)
    >>> found is None or found == (False, 1)   # ^ + v = 0: the mover loses
    True
    """
    if _kernel is None:
        return None
    if not isinstance(values, (list, tuple)):
        try:
            values = list(values)
        except TypeError:
            from .errors import WrongType

            raise WrongType(
                f"sum_wins takes an iterable of games, not {type(values).__name__}"
            ) from None
    found: tuple[bool | None, int] | None = _kernel.sum_wins(
        values,
        not left,
        -1 if limit is None else max(limit, 0),
    )
    return found
