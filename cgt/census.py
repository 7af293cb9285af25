"""The census of short games: the games born by day ``n`` and their lattice.

``G_n``, the set of (values of) short partizan games born by day ``n``, is
``{0}`` for ``n = 0`` and otherwise every ``{A | B}`` with ``A`` and ``B``
subsets of ``G_{n-1}``.  Its sizes are 1, 4, 22 and 1474 for ``n = 0 .. 3``
(Siegel, *Combinatorial Game Theory*, ch. III).  Nobody knows how many games
are born by day 4: the best published bounds are ``10**28.2 < |G_4| <
4.0e184`` (Suetsugu, "Improving upper and lower bounds of the number of games
born by day 4", 2022; before him Wolfe and Fraser's ``3.0e12`` and
``1e434``), so :func:`born_by` stops at day 3 and says so.

Ordered by ``<=``, each ``G_n`` is a distributive lattice (Calistrate, Paulhus
and Wolfe, "On the lattice structure of finite games", 2002; Siegel ch. III)
with top ``n`` and bottom ``-n``.  Its join and meet have closed forms
(:func:`join`, :func:`meet`) that need only ``G_{n-1}``, so they work on
day 4 too.

>>> from cgt import born_by, join, meet, parse
>>> [len(born_by(n)) for n in range(4)]
[1, 4, 22, 1474]
>>> born_by(1)
(0, *, 1, -1)
>>> join(parse("0"), parse("*"), 2), meet(parse("0"), parse("*"), 2)
(1/2, -1/2)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._svg import Drawable
from .errors import InvalidArgument, TooLarge, WrongType

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game, GameLike

__all__ = [
    "BORN_BY_COUNTS",
    "DAY_4_BOUNDS",
    "HasseDiagram",
    "born_by",
    "born_on",
    "check_day",
    "hasse_diagram",
    "join",
    "meet",
]

BORN_BY_COUNTS: tuple[int, ...] = (1, 4, 22, 1474)
"""The published sizes of ``G_0`` to ``G_3`` (Siegel, *Combinatorial Game Theory*,
ch. III); :func:`born_by` computes them and the tests compare.

>>> BORN_BY_COUNTS[3]
1474
"""

DAY_4_BOUNDS: tuple[float, float] = (10**28.2, 4.0e184)
"""The best published bounds on the number of games born by day 4:
``10**28.2 < |G_4| < 4.0e184`` (K. Suetsugu, "Improving upper and lower bounds
of the number of games born by day 4", arXiv:2208.13403, 2022).

>>> f"{DAY_4_BOUNDS[1]:.1e}"
'4.0e+184'
"""

_LAST_DAY = len(BORN_BY_COUNTS) - 1  # the last day born_by lists (3)

_lock = threading.Lock()
_days: list[tuple[Game, ...]] = []  # _days[n] is born_by(n), once computed


def check_day(day: object, what: str) -> int:
    """``day`` if it is a day (an ``int >= 0``), else a :class:`~cgt.WrongType` or
    :class:`~cgt.InvalidArgument` naming ``what`` was called.

    >>> check_day(3, "born_by")
    3
    >>> check_day(-1, "born_by")
    Traceback (most recent call last):
      ...
    cgt.errors.InvalidArgument: born_by: a day is a non-negative int, got -1
    """
    if isinstance(day, bool) or not isinstance(day, int):
        raise WrongType(f"{what} takes a day as an int, not {type(day).__name__}")
    if day < 0:
        raise InvalidArgument(f"{what}: a day is a non-negative int, got {day}")
    return day


def _too_large(day: int, what: str) -> TooLarge:
    lower, upper = DAY_4_BOUNDS
    if day == _LAST_DAY + 1:
        size = (
            f"between 10**28.2 and {upper:.1e} games are born by day 4 "
            f"(Suetsugu 2022; cgt.census.DAY_4_BOUNDS)"
        )
    else:
        size = f"more than {lower:.1e} games are born by day 4, and no count of day {day} is known"
    return TooLarge(
        f"{what}({day}): {size}; too many to list. born_by lists days 0 to {_LAST_DAY} "
        f"({', '.join(map(str, BORN_BY_COUNTS))} games), and join and meet work up to day "
        f"{_LAST_DAY + 1}"
    )


def _sort_key(g: Game) -> tuple[int, int, str]:
    return (g.birthday(), len(str(g)), str(g))


def _antichains(games: Sequence[Game]) -> list[tuple[Game, ...]]:
    """Every set of pairwise incomparable games of ``games`` (the empty one too)."""
    from .game import Relation

    found: list[tuple[Game, ...]] = [()]
    for g in games:
        found += [(*a, g) for a in found if all(g.compare(x) is Relation.CONFUSED for x in a)]
    return found


def _next_day(games: Sequence[Game]) -> tuple[Game, ...]:
    """``G_{n+1}`` from ``G_n``: ``{A | B}`` for antichains ``A``, ``B`` of ``G_n``
    (a dominated option changes nothing, so these give every value)."""
    from .game import Game

    sets = _antichains(games)
    made = {Game(a, b) for a in sets for b in sets}
    return tuple(sorted(made, key=_sort_key))


def born_by(day: int) -> tuple[Game, ...]:
    """The games born by day ``day``, each once, for ``day`` from 0 to 3.

    Ordered by birthday, then by the length and text of their names.  Day 4 and
    later raise :class:`~cgt.TooLarge`: nobody has counted day 4 (see
    :data:`DAY_4_BOUNDS`).  The first call for day 3 takes a fraction of a
    second; the result is kept.

    >>> born_by(0), len(born_by(2)), len(born_by(3))
    ((0,), 22, 1474)
    >>> born_by(2)[:8]
    (0, *, 1, -1, 2, ^, v, *2)
    >>> born_by(4)
    Traceback (most recent call last):
      ...
    cgt.errors.TooLarge: born_by(4): between 10**28.2 and 4.0e+184 games are born by day 4 ...
    """
    day = check_day(day, "born_by")
    if day > _LAST_DAY:
        raise _too_large(day, "born_by")
    with _lock:
        if not _days:
            from .game import zero

            _days.append((zero,))
        while len(_days) <= day:
            _days.append(_next_day(_days[-1]))  # appended whole: Ctrl-C leaves no half day
        return _days[day]


def born_on(day: int) -> tuple[Game, ...]:
    """The games born on day ``day`` exactly (born by ``day``, not by ``day - 1``).

    >>> born_on(1)
    (*, 1, -1)
    >>> [len(born_on(n)) for n in range(4)]
    [1, 3, 18, 1452]
    """
    day = check_day(day, "born_on")
    if day > _LAST_DAY:
        raise _too_large(day, "born_on")
    return tuple(g for g in born_by(day) if g.birthday() == day)


def _lattice_args(g: GameLike, h: GameLike, day: int | None, what: str) -> tuple[Game, Game, int]:
    from .game import to_game

    g, h = to_game(g), to_game(h)
    if day is None:
        day = max(g.birthday(), h.birthday())
    day = check_day(day, what)
    for x in (g, h):
        if x.birthday() > day:
            raise InvalidArgument(
                f"{what}: {x} is born on day {x.birthday()}, not by day {day}: "
                f"it is not in the lattice of games born by day {day}"
            )
    if day > _LAST_DAY + 1:
        raise _too_large(day, what)
    return g, h, day


def join(g: GameLike, h: GameLike, day: int | None = None) -> Game:
    """The least game born by day ``day`` that is ``>= g`` and ``>= h``.

    ``g`` and ``h`` must be born by ``day`` (the default: the later of their
    birthdays).  The join depends on the day: in ``G_1`` the least upper bound
    of ``0`` and ``*`` is ``1``, in ``G_2`` it is ``1/2``.  Computed by a
    closed form (``G_n`` is a lattice by Calistrate, Paulhus and Wolfe, 2002):
    ``g v h = {g^L, h^L | T}``
    with ``T`` the games ``x`` born by day ``day - 1`` with ``x <= g`` false and
    ``x <= h`` false, so it works for ``day`` up to 4.  (CGSuite has no join.)

    >>> from cgt import parse
    >>> join(parse("0"), parse("*"), 1), join(parse("0"), parse("*"), 2)
    (1, 1/2)
    >>> join(parse("^"), parse("*"))            # day 2, their later birthday
    1/2
    >>> join(parse("2"), parse("0"), 1)
    Traceback (most recent call last):
      ...
    cgt.errors.InvalidArgument: join: 2 is born on day 2, not by day 1: ...
    """
    from .game import Game

    g, h, day = _lattice_args(g, h, day, "join")
    below = born_by(day - 1) if day else ()
    right = [x for x in below if not x <= g and not x <= h]
    return Game(g.left_options + h.left_options, right)


def meet(g: GameLike, h: GameLike, day: int | None = None) -> Game:
    """The greatest game born by day ``day`` that is ``<= g`` and ``<= h``.

    The mirror image of :func:`join`: ``g ^ h = {T | g^R, h^R}`` with ``T`` the
    games ``y`` born by day ``day - 1`` with ``y >= g`` false and ``y >= h``
    false, so that ``meet(g, h, n) == -join(-g, -h, n)``.

    >>> from cgt import parse
    >>> meet(parse("0"), parse("*"), 1), meet(parse("1"), parse("*"), 2)
    (-1, *)
    """
    from .game import Game

    g, h, day = _lattice_args(g, h, day, "meet")
    below = born_by(day - 1) if day else ()
    left = [y for y in below if not y >= g and not y >= h]
    return Game(left, g.right_options + h.right_options)


_DRAWN_DAY = 2  # the last day hasse_diagram draws (22 games; day 3 has 1474)


class HasseDiagram(Drawable):
    """The Hasse diagram of ``G_n``, the games born by day ``n`` ordered by ``<=``.

    :attr:`covers` holds the pairs ``(x, y)`` with ``x < y`` and nothing of
    ``G_n`` in between; :attr:`levels` the games by the length of the longest
    chain from the bottom ``-n`` up to them.  It draws itself (SVG) with the
    bottom at the bottom, each game labelled with its value; build it with
    :func:`hasse_diagram`.

    >>> d = hasse_diagram(1)
    >>> d.levels
    ((-1,), (*, 0), (1,))
    >>> d.covers
    ((-1, 0), (-1, *), (0, 1), (*, 1))
    >>> d.to_svg().count("<line")
    4
    """

    def __init__(self, day: int) -> None:
        games = born_by(day)
        below = {g: [x for x in games if x < g] for g in games}
        self.day = day
        self.games = games
        self.covers: tuple[tuple[Game, Game], ...] = tuple(
            (x, g)
            for g in games
            for x in below[g]
            if not any(x < z for z in below[g] if z is not x)
        )
        height: dict[Game, int] = {}
        for g in sorted(games, key=lambda g: len(below[g])):  # what is below comes first
            height[g] = 1 + max((height[x] for x in below[g]), default=-1)
        top = max(height.values())
        levels = [
            tuple(sorted((g for g in games if height[g] == k), key=_level_key))
            for k in range(top + 1)
        ]
        for k in range(top // 2):  # negation turns the picture upside down: draw it so
            levels[k] = tuple(-g for g in reversed(levels[top - k]))
        self.levels: tuple[tuple[Game, ...], ...] = tuple(levels)

    def __repr__(self) -> str:
        return f"HasseDiagram(day={self.day}: {len(self.games)} games, {len(self.covers)} covers)"

    def svg_title(self) -> str:
        """The picture's alt text.

        >>> hasse_diagram(2).svg_title()
        'Hasse diagram of the 22 games born by day 2 (36 covering pairs)'
        """
        return (
            f"Hasse diagram of the {len(self.games)} games born by day {self.day} "
            f"({len(self.covers)} covering pairs)"
        )

    def _draw_svg(self) -> str:
        from ._svg import hasse_svg

        return hasse_svg(self.levels, self.covers, {g: format(g, "u") for g in self.games})


def _level_key(g: Game) -> tuple[float, int, str]:
    """Left to right in a level: by the mean of the stops, then by name."""
    return (float(g.left_stop() + g.right_stop()) / 2, len(str(g)), str(g))


def hasse_diagram(day: int) -> HasseDiagram:
    """The Hasse diagram of the games born by day ``day`` (days 0 to 2), drawable.

    Day 3 has 1474 games, too many to draw (:class:`~cgt.TooLarge`).

    >>> hasse_diagram(2)
    HasseDiagram(day=2: 22 games, 36 covers)
    >>> len(hasse_diagram(2).levels)       # G_2 is graded: every maximal chain has 9 games
    9
    """
    day = check_day(day, "hasse_diagram")
    if day > _DRAWN_DAY:
        raise TooLarge(
            f"hasse_diagram({day}): the lattice of games born by day {day} has "
            f"{len(born_by(day)) if day <= _LAST_DAY else 'too many'} games, too many to draw; "
            f"hasse_diagram draws days 0 to {_DRAWN_DAY}"
        )
    return HasseDiagram(day)
