"""Universes of games, modulo which misère forms are compared.

Two forms ``G`` and ``H`` are *equal modulo a universe* ``U`` when ``G + X``
and ``H + X`` have the same misère outcome for every ``X`` in ``U``, and
``G >= H`` modulo ``U`` when Left likes the outcome of ``G + X`` at least as
well as that of ``H + X`` for every such ``X`` (:func:`~cgt.misere.outcome_ge`).
A universe is a set of forms closed under options, sums and conjugates.  The
universes known here are registered by name (:func:`universe`); each says
which forms it holds (:meth:`Universe.contains`), lists its forms by birthday
(:meth:`Universe.born_by`), and compares forms by its theorem
(:meth:`Universe.ge`), with the definition itself as a check on small test
sets (:meth:`Universe.ge_by_search`).

>>> from cgt.misere import parse_form
>>> "dicot" in [u.name for u in universes()]
True
>>> dicots = universe("dicot")
>>> dicots.contains(parse_form("{*|0}")), dicots.contains(parse_form("1"))
(True, False)
>>> [len(dicots.born_by(d)) for d in range(3)]
[1, 2, 10]
"""

from __future__ import annotations

import abc
import threading
from collections.abc import Iterable
from typing import Any

from ..errors import InvalidArgument, TooLarge, WrongType
from ..game import Relation
from .forms import Form, form, sum_wins, zero

__all__ = [
    "BORN_BY_LIMIT",
    "Universe",
    "register_universe",
    "universe",
    "universes",
]

BORN_BY_LIMIT = 1 << 16
"""The most forms :meth:`Universe.born_by` tries (all forms: 256 by day 2, ``2**512`` by day 3)."""


class Universe(abc.ABC):
    """A universe of games: its members, its forms by birthday, its order.

    Subclasses state membership (:meth:`contains`) and the comparison theorem
    of the universe (:meth:`ge`); the rest is shared.
    """

    name: str = ""
    """The registered name (``"dicot"``, ``"dead-ending"``, ...)."""

    def __init__(self) -> None:
        self._days: list[tuple[Form, ...]] = [(zero,)]
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"universe({self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (universe, (self.name,))

    # -- membership -------------------------------------------------------------

    @abc.abstractmethod
    def contains(self, g: Form) -> bool:
        """Whether ``g`` (with all its followers) lies in this universe."""

    def check(self, g: Any, what: str = "the form") -> Form:
        """``g`` as a form of this universe, or :class:`~cgt.InvalidArgument` saying why not.

        >>> universe("dicot").check("*")
        *
        >>> universe("dicot").check("1")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidArgument: the form 1 is not in the dicot universe
        """
        f = form(g)
        if not self.contains(f):
            raise InvalidArgument(f"{what} {f} is not in the {self.name} universe")
        return f

    def born_by(self, day: int) -> tuple[Form, ...]:
        """Every form of the universe born by ``day``, in a fixed order (forms, not values).

        The forms born by day ``n`` have options among those born by day
        ``n - 1``; more than :data:`BORN_BY_LIMIT` raises
        :class:`~cgt.TooLarge` before they are built.

        >>> [len(universe("dicot").born_by(d)) for d in range(4)]
        Traceback (most recent call last):
        ...
        cgt.errors.TooLarge: the dicot forms born by day 3 ... up to 4**10 forms to try; ...
        """
        if isinstance(day, bool) or not isinstance(day, int):
            raise WrongType(f"born_by() takes an int day, not {type(day).__name__}")
        if day < 0:
            raise InvalidArgument(f"a birthday is >= 0, not {day}")
        with self._lock:
            while len(self._days) <= day:
                prev = self._days[-1]
                if 4 ** len(prev) > BORN_BY_LIMIT:
                    raise TooLarge(
                        f"the {self.name} forms born by day {len(self._days)} have options among "
                        f"the {len(prev)} born by day {len(self._days) - 1}: up to 4**{len(prev)} "
                        f"forms to try; at most {BORN_BY_LIMIT} are listed"
                    )
                subsets = _subsets(prev)
                found = [
                    g for g in (Form(a, b) for a in subsets for b in subsets) if self.contains(g)
                ]
                self._days.append(tuple(found))
            return self._days[day]

    # -- order ------------------------------------------------------------------------

    @abc.abstractmethod
    def ge(self, g: Form, h: Form) -> bool:
        """Whether ``g >= h`` modulo this universe, by the universe's theorem."""

    def le(self, g: Form, h: Form) -> bool:
        """Whether ``g <= h`` modulo this universe.

        >>> from cgt.misere import parse_form
        >>> universe("dicot").le(parse_form("{*|*}"), parse_form("0"))
        True
        """
        return self.ge(h, g)

    def equal(self, g: Form, h: Form) -> bool:
        """Whether ``g == h`` modulo this universe.

        >>> from cgt.misere import parse_form
        >>> universe("dicot").equal(parse_form("* + *"), parse_form("0"))
        True
        """
        return self.ge(g, h) and self.ge(h, g)

    def compare(self, g: Any, h: Any) -> Relation:
        """How ``g`` compares with ``h`` modulo this universe: LESS, EQUAL, GREATER or CONFUSED.

        >>> from cgt.misere import parse_form
        >>> u = universe("dicot")
        >>> u.compare("{0, *|*}", "0"), u.compare("*", "0"), u.compare("* + *", "0")
        (Relation.GREATER, Relation.CONFUSED, Relation.EQUAL)
        """
        a = self.check(g, "the first form")
        b = self.check(h, "the second form")
        ge = self.ge(a, b)
        le = self.ge(b, a)
        if ge and le:
            return Relation.EQUAL
        if ge:
            return Relation.GREATER
        if le:
            return Relation.LESS
        return Relation.CONFUSED

    def ge_by_search(self, g: Any, h: Any, day: int, extra: Iterable[Any] = ()) -> bool:
        """``g >= h`` on a test set: every ``X`` of the universe born by ``day``, and ``extra``.

        The definition itself, checked on finitely many ``X``: ``False`` is a
        proof that ``g >= h`` fails modulo the universe (a distinguishing
        ``X`` is found), ``True`` only says no ``X`` tried tells them apart.

        >>> from cgt.misere import parse_form
        >>> universe("dicot").ge_by_search(parse_form("{0, *|*}"), parse_form("0"), 2)
        True
        """
        return self.separator(g, h, day, extra) is None

    def separator(self, g: Any, h: Any, day: int, extra: Iterable[Any] = ()) -> Form | None:
        """A test form ``X`` (see :meth:`ge_by_search`) with ``o(g + X) < o(h + X)``, or ``None``.

        >>> from cgt.misere import parse_form
        >>> universe("dicot").separator(parse_form("*"), parse_form("0"), 1)
        0
        """
        a, b = form(g), form(h)
        tests = list(self.born_by(day)) + [self.check(x, "a test form") for x in extra]
        for x in tests:
            if not _outcome_ge(a, b, x):
                return x
        return None


def _outcome_ge(a: Form, b: Form, x: Form) -> bool:
    la, ra = sum_wins((a, x), True), sum_wins((a, x), False)
    lb, rb = sum_wins((b, x), True), sum_wins((b, x), False)
    return la >= lb and ra <= rb


def _subsets(forms: tuple[Form, ...]) -> list[tuple[Form, ...]]:
    out: list[tuple[Form, ...]] = []
    for mask in range(1 << len(forms)):
        out.append(tuple(f for i, f in enumerate(forms) if mask >> i & 1))
    return out


_registry: dict[str, Universe] = {}
_registry_lock = threading.Lock()


def register_universe(u: Universe, *aliases: str) -> Universe:
    """Register ``u`` under its name (and aliases), replacing one of the same name.

    >>> register_universe(universe("dicot")) is universe("dicot")
    True
    """
    if not isinstance(u, Universe):
        raise WrongType(f"register_universe() takes a Universe, not {type(u).__name__}")
    with _registry_lock:
        for name in (u.name, *aliases):
            _registry[name] = u
    return u


def universe(name: str | Universe) -> Universe:
    """The universe registered under ``name`` (a :class:`Universe` is returned as it is).

    >>> universe("dicot").name, universe("dicots") is universe("dicot")
    ('dicot', True)
    >>> universe("loopy")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: no universe is called 'loopy'; known: ...
    """
    if isinstance(name, Universe):
        return name
    if not isinstance(name, str):
        raise WrongType(f"a universe is named by a str, not {type(name).__name__}")
    found = _registry.get(name)
    if found is None:
        known = ", ".join(repr(u.name) for u in universes())
        raise InvalidArgument(f"no universe is called {name!r}; known: {known}")
    return found


def universes() -> list[Universe]:
    """The registered universes, each once, in the order registered.

    >>> all(isinstance(u, Universe) for u in universes())
    True
    """
    seen: dict[int, Universe] = {}
    for u in _registry.values():
        seen.setdefault(id(u), u)
    return list(seen.values())
