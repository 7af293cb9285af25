"""The census of misère impartial games: how many are born by day ``n``.

Counting games in misère simplest form (:class:`~cgt.impartial.MisereGame`),
Grundy and Smith found 1, 2, 3, 5, 22 and 4171780 games born by days 0 to 5,
and Conway (*On Numbers and Games*, 1976, pp. 139-140) gave the count for
day 6 as ``2**4171780`` minus a few dozen smaller powers of two.  The exact
terms he printed were later found to be off: Chris Thompson recomputed them
in a post to the sci.math newsgroup
(https://groups.google.com/g/sci.math/c/IrjOWJ5PrwI), and
:func:`misere_count` agrees with Thompson's formula, not with the printed one.

:func:`misere_born_by` lists the games for days 0 to 4.  The counts come from
the rule that decides simplest forms (see :mod:`cgt.impartial.misere_canonical`):
a set ``S`` of simplest games born by day ``n`` is the option set of a game in
simplest form unless

* every game of ``S`` has the option ``0`` and some game of ``S`` is a misère
  P-position (then ``S`` makes ``0``), or
* ``S`` is the options of some ``K != 0`` together with a non-empty set ``T``
  of games that each have ``K`` as an option (then ``S`` makes ``K``),

and a set makes one game at most.  So the number of games born by day
``n + 1`` is ``2**|G_n|`` minus the sets of each kind, and the sets of each
kind are counted from ``G_n`` and ``G_{n-1}`` alone; one level further down,
the sizes ``G_{n+2}`` needs (how many games of ``G_{n+1}`` have a given
option, ...) are counted the same way from ``G_n``.  That is how day 6 is
counted from the 22 games of day 4.  Day 7 would need the same facts about
the 4171780 games of day 5 and is not attempted.

>>> from cgt.impartial import misere_born_by, misere_count
>>> [misere_count(n) for n in range(6)]
[1, 2, 3, 5, 22, 4171780]
>>> misere_born_by(2)
(*[0], *[1], *[2])
>>> misere_count(6).bit_length()
4171780
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterable, Sequence

from ..census import check_day
from ..errors import TooLarge
from .misere_canonical import MisereGame, misere_heap

__all__ = [
    "MISERE_COUNTS",
    "misere_born_by",
    "misere_born_on",
    "misere_count",
]

MISERE_COUNTS: tuple[int, ...] = (1, 2, 3, 5, 22, 4171780)
"""The published numbers of misère impartial games (in simplest form) born by
days 0 to 5 (Grundy and Smith, quoted in Conway, *On Numbers and Games*,
ch. 12, and Siegel, *Combinatorial Game Theory*, ch. V).

>>> MISERE_COUNTS[5]
4171780
"""

_LAST_LISTED = 4  # misere_born_by lists days 0 .. 4
_LAST_COUNTED = 6  # misere_count counts days 0 .. 6

_lock = threading.Lock()
_days: list[tuple[MisereGame, ...]] = []


def _sort_key(g: MisereGame) -> tuple[int, int, str]:
    return (g.birthday(), len(str(g)), str(g))


def misere_born_by(day: int) -> tuple[MisereGame, ...]:
    """The misère impartial games born by day ``day`` (days 0 to 4), each once.

    Ordered by birthday, then by the length and text of their names.  Day 5
    has 4171780 games and is refused (:class:`~cgt.TooLarge`); count it with
    :func:`misere_count`.

    >>> misere_born_by(3)
    (*[0], *[1], *[2], *[3], *[2#])
    >>> len(misere_born_by(4))
    22
    >>> misere_born_by(5)
    Traceback (most recent call last):
      ...
    cgt.errors.TooLarge: misere_born_by(5): 4171780 misère games are born by day 5, ...
    """
    day = check_day(day, "misere_born_by")
    if day > _LAST_LISTED:
        size = (
            f"{misere_count(day)} misère games are born by day {day}"
            if day == _LAST_LISTED + 1
            else f"about 2**{MISERE_COUNTS[-1]} misère games are born by day 6"
        )
        raise TooLarge(
            f"misere_born_by({day}): {size}, too many to list; misere_born_by lists days "
            f"0 to {_LAST_LISTED} and misere_count(day) counts days 0 to {_LAST_COUNTED}"
        )
    with _lock:
        if not _days:
            _days.append((misere_heap(0),))
        while len(_days) <= day:
            last = _days[-1]
            made = {
                MisereGame(subset)
                for r in range(len(last) + 1)
                for subset in itertools.combinations(last, r)
            }
            _days.append(tuple(sorted(made, key=_sort_key)))  # whole: Ctrl-C leaves no half day
        return _days[day]


def misere_born_on(day: int) -> tuple[MisereGame, ...]:
    """The misère games born on day ``day`` exactly (days 0 to 4).

    >>> misere_born_on(3)
    (*[3], *[2#])
    >>> [len(misere_born_on(n)) for n in range(5)]
    [1, 1, 1, 2, 17]
    """
    day = check_day(day, "misere_born_on")
    if day > _LAST_LISTED:
        misere_born_by(day)  # raises, saying why
    return tuple(g for g in misere_born_by(day) if g.birthday() == day)


class _Level:
    """What the count needs to know of ``G_n`` (``games``) and ``G_{n-1}``."""

    def __init__(self, games: Sequence[MisereGame], before: Sequence[MisereGame]) -> None:
        self.games = frozenset(games)
        zero = misere_heap(0)
        self.with_zero = frozenset(g for g in games if zero in g.options)
        self.p_positions = frozenset(g for g in games if g.misere_grundy() == 0)
        # each K != 0 of G_{n-1}: its options, and the games of G_n with K as an option
        self.reversible = [
            (frozenset(k.options), frozenset(g for g in games if k in g.options))
            for k in before
            if not k.is_zero
        ]

    def count(self, required: Iterable[MisereGame] = (), within: Iterable[MisereGame] = ()) -> int:
        """How many games born by day ``n + 1`` have ``required`` among their
        options and no options outside ``within`` (default: all of ``G_n``)."""
        need = frozenset(required)
        room = frozenset(within) or self.games
        if not need <= room:
            return 0
        total = 1 << (len(room) - len(need))
        # sets that make 0: inside the games with option 0, some P-position among them
        zeros = room & self.with_zero
        if need <= zeros:
            total -= 1 << (len(zeros) - len(need))
            if not need & self.p_positions:
                total += 1 << (len(zeros - self.p_positions) - len(need))
        # sets that make K: K's options and a non-empty set of games with option K
        for options, above in self.reversible:
            if not options <= room:
                continue
            extra = need - options
            if not extra <= above:
                continue
            total -= (1 << (len(above & room) - len(extra))) - (0 if extra else 1)
        return total


def misere_count(day: int) -> int:
    """The number of misère impartial games born by day ``day``, for days 0 to 6.

    Days 0 to 4 are counted by listing them; days 5 and 6 by the counting rule
    of the module's description, from the games of days 3 and 4.  Day 6 is an
    integer of 4171780 bits (1255831 decimal digits), the value Thompson found
    (Python prints ints of over 4300 digits only after
    :func:`sys.set_int_max_str_digits`):

    >>> misere_count(4), misere_count(5)
    (22, 4171780)
    >>> n = misere_count(6)
    >>> below = [2096640, 2095104, 2094593, 2094080, 2091522, 2091522, 2091522, 2088960]
    >>> below += [2088705, 2088448, 2088193, 2086912, 2086657, 2086401, 2086145, 2085888]
    >>> below += [2079234]
    >>> n.bit_length(), n == 2**4171780 - sum(2**e for e in below) + 2**1960962 + 21
    (4171780, True)
    >>> misere_count(7)
    Traceback (most recent call last):
      ...
    cgt.errors.TooLarge: misere_count(7): only days 0 to 6 are counted ...
    """
    day = check_day(day, "misere_count")
    if day <= _LAST_LISTED:
        return len(misere_born_by(day))
    if day > _LAST_COUNTED:
        raise TooLarge(
            f"misere_count({day}): only days 0 to {_LAST_COUNTED} are counted (day 7 needs "
            f"facts about each of the {MISERE_COUNTS[5]} games of day 5); the count of day 6 "
            f"has {MISERE_COUNTS[5] + 1} bits"
        )
    if day == 5:
        return _level(4).count()
    # day 6 = 2**|G_5| - (sets making 0) - (sets making each K of G_4)
    level = _level(4)
    zero = misere_heap(0)
    size = level.count()
    with_zero = level.count({zero})
    # a game with option 0 is a P-position when none of its options is one
    with_zero_p = level.count({zero}, level.games - level.p_positions)
    total = (1 << size) - (1 << with_zero) + (1 << (with_zero - with_zero_p))
    for k in misere_born_by(4):
        if not k.is_zero:
            total -= (1 << level.count({k})) - 1
    return total


def _level(n: int) -> _Level:
    return _Level(misere_born_by(n), misere_born_by(n - 1))
