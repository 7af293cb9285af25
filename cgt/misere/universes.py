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
from collections.abc import Callable, Iterable
from typing import Any

from .. import _budget
from .._cache import BoundedCache
from .._deep import deep
from .._svg import Drawable, hasse_svg
from ..errors import InvalidArgument, TooLarge, WrongType
from ..game import Relation
from .forms import Form, cache, form, sum_wins, zero

__all__ = [
    "BORN_BY_LIMIT",
    "DIAGRAM_LIMIT",
    "SIMPLEST_BORN_BY_LIMIT",
    "OrderDiagram",
    "Universe",
    "compare",
    "order_diagram",
    "order_test",
    "register_universe",
    "simplest_form",
    "universe",
    "universes",
]

BORN_BY_LIMIT = 1 << 16
"""The most forms :meth:`Universe.born_by` tries (all forms: 256 by day 2, ``2**512`` by day 3)."""

SIMPLEST_BORN_BY_LIMIT = 1 << 18
"""The most forms :meth:`Universe.simplest_born_by` simplifies for one day."""

DIAGRAM_LIMIT = 64
"""The most forms an :class:`OrderDiagram` draws (more would not be read)."""

_DIAGRAM_WORK = 4**6  # Universe.hasse_diagram lists a day only if it tries at most this many forms


class Universe(abc.ABC):
    """A universe of games: its members, its forms by birthday, its order.

    Subclasses state membership (:meth:`contains`) and the comparison theorem
    of the universe (:meth:`ge`); the rest is shared.

    >>> from cgt.misere import universe
    >>> D = universe("dicot")
    >>> D.name, len(D.born_by(1)), D.contains(D.check("*"))
    ('dicot', 2, True)
    """

    name: str = ""
    """The registered name (``"dicot"``, ``"dead-ending"``, ...)."""

    def __init__(self) -> None:
        self._days: list[tuple[Form, ...]] = [(zero,)]
        self._simplest_days: list[tuple[Form, ...]] = [(zero,)]
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"universe({self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (universe, (self.name,))

    # -- membership -------------------------------------------------------------

    @abc.abstractmethod
    def contains(self, g: Form) -> bool:
        """Whether ``g`` (with all its followers) lies in this universe.

        >>> from cgt.misere import parse_form, universe
        >>> g = parse_form("{0|}")
        >>> universe("dicot").contains(g), universe("full").contains(g)
        (False, True)
        """

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
        """Whether ``g >= h`` modulo this universe, by the universe's theorem.

        >>> from cgt.misere import parse_form, universe
        >>> universe("dicot").ge(parse_form("{*|*}"), parse_form("0"))
        True
        """

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

    # -- simplest forms --------------------------------------------------------------

    def simplest(self, g: Any) -> Form:
        """The simplest form equal to ``g`` modulo this universe (its canonical form).

        Each universe with a canonical-form theorem implements this; equal
        forms (modulo the universe) give the identical object.

        >>> universe("dicot").simplest("{0, *|0, *}"), universe("dicot").simplest("* + *")
        (*2, 0)
        """
        raise InvalidArgument(f"no simplest forms are known here for the {self.name} universe")

    def simplest_born_by(self, day: int) -> tuple[Form, ...]:
        """The simplest forms born by ``day``: one per class of the universe born by then.

        Day ``n``'s classes are the simplest forms of ``{A|B}`` with ``A``
        and ``B`` sets of day ``n - 1``'s simplest forms (an option may be
        replaced by any equal form, and reducing never raises the birthday),
        each set free of dominated options (removing one keeps the class);
        more than :data:`SIMPLEST_BORN_BY_LIMIT` such ``{A|B}`` raise
        :class:`~cgt.TooLarge` before any is built.

        >>> [len(universe("dicot").simplest_born_by(d)) for d in range(3)]
        [1, 2, 9]
        """
        if isinstance(day, bool) or not isinstance(day, int):
            raise WrongType(f"simplest_born_by() takes an int day, not {type(day).__name__}")
        if day < 0:
            raise InvalidArgument(f"a birthday is >= 0, not {day}")
        with self._lock:
            while len(self._simplest_days) <= day:
                prev = self._simplest_days[-1]
                if 4 ** len(prev) > SIMPLEST_BORN_BY_LIMIT:
                    raise TooLarge(
                        f"the simplest {self.name} forms born by day {len(self._simplest_days)} "
                        f"come from forms with options among the {len(prev)} born by day "
                        f"{len(self._simplest_days) - 1}: up to 4**{len(prev)} forms to simplify; "
                        f"at most {SIMPLEST_BORN_BY_LIMIT} are tried"
                    )
                # a dominated option leaves the class unchanged (every universe here
                # removes it), so only sets of pairwise incomparable options are tried
                subsets = _antichains(prev, self.ge)
                found: dict[int, Form] = {}
                for a in subsets:
                    for b in subsets:
                        f = Form(a, b)
                        if self.contains(f):
                            s = self.simplest(f)
                            found.setdefault(id(s), s)
                self._simplest_days.append(
                    tuple(sorted(found.values(), key=lambda f: (f.birthday, str(f))))
                )
            return self._simplest_days[day]

    def is_invertible(self, g: Any) -> bool:
        """Whether ``g + (-g)`` equals ``0`` modulo this universe.

        In every universe an inverse, when there is one, is the conjugate
        (Davies and Yadav, "Invertibility in the misère multiverse",
        arXiv:2410.06924; for the dicots and the dead-ending games already
        Larsson, Milley, Nowakowski, Renault and Santos, arXiv:1807.11297), so
        this says whether ``g`` has an inverse at all.

        >>> u = universe("dicot")
        >>> u.is_invertible("*"), u.is_invertible("*2")
        (True, False)
        """
        f = self.check(g)
        return self.equal(f + (-f), zero)

    def hasse_diagram(self, day: int) -> OrderDiagram:
        """The order of the classes born by ``day`` (:meth:`simplest_born_by`), drawable.

        Only days whose forms are quick to list are drawn (at most ``4**6``
        forms with options among the previous day's classes) and only up to
        :data:`DIAGRAM_LIMIT` classes; else :class:`~cgt.TooLarge`.

        >>> d = universe("dicot").hasse_diagram(2)
        >>> d
        OrderDiagram(9 forms, 12 covers)
        >>> d.levels[0]
        ({*|0, *}, {0|0, *})
        >>> universe("dicot").hasse_diagram(3)
        Traceback (most recent call last):
        ...
        cgt.errors.TooLarge: the dicot classes born by day 3 come from up to 4**9 forms; ...
        """
        if isinstance(day, bool) or not isinstance(day, int):
            raise WrongType(f"hasse_diagram() takes an int day, not {type(day).__name__}")
        if day < 0:
            raise InvalidArgument(f"a birthday is >= 0, not {day}")
        for d in range(1, day + 1):  # no day is listed unless it is quick to list
            prev = len(self.simplest_born_by(d - 1))
            if 4**prev > _DIAGRAM_WORK:
                raise TooLarge(
                    f"the {self.name} classes born by day {d} come from up to 4**{prev} forms; "
                    f"hasse_diagram draws a day listed from at most {_DIAGRAM_WORK} forms"
                )
        return order_diagram(self.simplest_born_by(day), self.ge)

    def _reduce(
        self,
        g: Form,
        ge: Callable[[Form, Form], bool],
        end_rule: EndRule,
        cache: BoundedCache[int, Form],
    ) -> Form:
        """``g`` reduced by the reductions of normal play, with ``end_rule`` for ends.

        Options are reduced first; then dominated options are dropped (by
        ``ge``) and reversible options bypassed, until none is left.  A Left
        option ``G^L`` reversible through a Right option ``G^{LR} <= G`` is
        replaced by the Left options of ``G^{LR}``, unless ``G^{LR}`` is a
        Left end: then ``end_rule(options, G^L, True)`` gives the new Left
        options, or ``None`` to keep them (the same for Right, mirrored).
        """
        return _reduce_deep(g, ge, end_rule, cache)


EndRule = Callable[[tuple[Form, ...], Form, bool], "tuple[Form, ...] | None"]
"""What a universe does with an option reversible through an end (see :meth:`Universe._reduce`)."""


@deep
def _reduce_deep(
    g: Form, ge: Callable[[Form, Form], bool], end_rule: EndRule, cache: BoundedCache[int, Form]
) -> Form:
    return _reduce_form(g, ge, end_rule, cache)


def _reduce_form(
    g: Form, ge: Callable[[Form, Form], bool], end_rule: EndRule, cache: BoundedCache[int, Form]
) -> Form:
    found = cache.get(g._serial)
    if found is not None:
        return found
    left: tuple[Form, ...] = tuple(_reduce_form(o, ge, end_rule, cache) for o in g.left)
    right: tuple[Form, ...] = tuple(_reduce_form(o, ge, end_rule, cache) for o in g.right)
    while True:
        cur = Form(left, right)
        left = _undominated(cur.left, ge)
        right = _undominated(cur.right, lambda a, b: ge(b, a))
        cur = Form(left, right)
        if (left or right) and ge(cur, zero) and ge(zero, cur):
            # A form equal to 0 is 0.  The rules for ends alone may stop short of it:
            # in {*|*} each * reverses through the end 0, but a dicot keeps an option
            # on one side while the other side has one.
            cur = zero
            break
        step = _reverse(cur, ge, end_rule)
        if step is None:
            break
        left, right = step
    cache[g._serial] = cur
    cache[cur._serial] = cur
    return cur


def _undominated(
    options: tuple[Form, ...], better: Callable[[Form, Form], bool]
) -> tuple[Form, ...]:
    """The options no other beats (of options equal to each other, the first)."""
    kept = []
    for i, a in enumerate(options):
        beaten = False
        for j, b in enumerate(options):
            if i != j and better(b, a) and (j < i or not better(a, b)):
                beaten = True
                break
        if not beaten:
            kept.append(a)
    return tuple(kept)


def _reverse(
    g: Form, ge: Callable[[Form, Form], bool], end_rule: EndRule
) -> tuple[tuple[Form, ...], tuple[Form, ...]] | None:
    """The options of ``g`` after one reversible option is bypassed, or ``None``."""
    left, right = tuple(g.left), tuple(g.right)
    for gl in left:
        for glr in gl.right:
            if ge(g, glr):
                others = tuple(o for o in left if o is not gl)
                if glr.left:
                    return others + tuple(glr.left), right
                new = end_rule(left, gl, True)
                if new is not None and set(new) != set(left):
                    return new, right
    for gr in right:
        for grl in gr.left:
            if ge(grl, g):
                others = tuple(o for o in right if o is not gr)
                if grl.right:
                    return left, others + tuple(grl.right)
                new = end_rule(right, gr, False)
                if new is not None and set(new) != set(right):
                    return left, new
    return None


Order = Callable[[Form, Form], bool]
"""A comparison ``ge(g, h)`` of forms within a universe."""


class OrderDiagram(Drawable):
    """The Hasse diagram of finitely many forms under a partial order ``ge``.

    :attr:`covers` holds the pairs ``(x, y)`` with ``x < y`` and no form of the
    set strictly between; :attr:`levels` the forms by the length of the
    longest chain below them (the minimal forms first), each level ordered
    to keep the lines short.  It draws itself (SVG), the greater forms
    higher; build it with :func:`order_diagram` or
    :meth:`Universe.hasse_diagram`.

    >>> from cgt.misere import parse_form
    >>> u = universe("dicot")
    >>> d = order_diagram([parse_form(t) for t in ("0", "{0, *|*}", "{*|0, *}", "*")], u.ge)
    >>> d.levels
    ((*, {*|0, *}), (0,), ({0, *|*},))
    >>> d.covers
    (({*|0, *}, 0), (0, {0, *|*}))
    """

    def __init__(self, forms: Iterable[Any], ge: Order) -> None:
        items = list(dict.fromkeys(form(g) for g in forms))
        if len(items) > DIAGRAM_LIMIT:
            raise TooLarge(
                f"an order diagram of {len(items)} forms: at most {DIAGRAM_LIMIT} are drawn"
            )
        below: dict[Form, list[Form]] = {g: [] for g in items}
        for g in items:
            for h in items:
                if g is not h and ge(g, h):
                    if ge(h, g):
                        raise InvalidArgument(
                            f"{g} and {h} are equal in this order: pass one form per class "
                            f"(simplest forms)"
                        )
                    below[g].append(h)
        self.forms: tuple[Form, ...] = tuple(items)
        """The forms drawn, in the order given (repeats dropped)."""
        strictly = {g: set(map(id, below[g])) for g in items}
        self.covers: tuple[tuple[Form, Form], ...] = tuple(
            (x, g)
            for g in items
            for x in below[g]
            if not any(id(x) in strictly[z] for z in below[g] if z is not x)
        )
        """The covering pairs ``(x, y)``: ``x < y``, nothing of the forms in between."""
        height: dict[Form, int] = {}
        for g in sorted(items, key=lambda g: len(below[g])):  # what is below comes first
            height[g] = 1 + max((height[x] for x in below[g]), default=-1)
        rows = [
            sorted((g for g in items if height[g] == k), key=lambda g: (g.birthday, str(g)))
            for k in range(1 + max(height.values(), default=-1))
        ]
        levels = _arrange(rows, self.covers)
        self.levels: tuple[tuple[Form, ...], ...] = tuple(levels)
        """The forms by height (longest chain below them), lowest first."""

    def __repr__(self) -> str:
        return f"OrderDiagram({len(self.forms)} forms, {len(self.covers)} covers)"

    def svg_title(self) -> str:
        """The picture's alt text.

        >>> universe("dicot").hasse_diagram(1).svg_title()
        'Hasse diagram of 2 forms (0 covering pairs): 0, *'
        """
        names = ", ".join(str(g) for level in self.levels for g in level)
        return (
            f"Hasse diagram of {len(self.forms)} forms ({len(self.covers)} covering pairs): {names}"
        )

    def _draw_svg(self) -> str:
        return hasse_svg(self.levels, self.covers, {g: str(g) for g in self.forms})


def _arrange(
    rows: list[list[Form]], covers: tuple[tuple[Form, Form], ...]
) -> list[tuple[Form, ...]]:
    """The rows reordered to shorten the lines: each form moved towards the mean place of
    its neighbours in the row below, then in the row above (a few sweeps each way)."""
    under: dict[Form, list[Form]] = {g: [] for row in rows for g in row}
    over: dict[Form, list[Form]] = {g: [] for row in rows for g in row}
    for x, y in covers:
        under[y].append(x)
        over[x].append(y)
    place = {g: (i + 0.5) / len(row) for row in rows for i, g in enumerate(row)}

    def sweep(row: list[Form], links: dict[Form, list[Form]]) -> None:
        def key(g: Form) -> float:
            xs = [place[x] for x in links[g]]
            return sum(xs) / len(xs) if xs else place[g]

        row.sort(key=key)  # stable: ties keep their order
        for i, g in enumerate(row):
            place[g] = (i + 0.5) / len(row)

    for _ in range(4):
        for row in rows[1:]:
            sweep(row, under)
        for row in reversed(rows[:-1]):
            sweep(row, over)
    return [tuple(row) for row in rows]


def order_diagram(forms: Iterable[Any], ge: Order) -> OrderDiagram:
    """The Hasse diagram of ``forms`` ordered by ``ge`` (one form per class), drawable.

    ``ge`` is any partial order on the forms: a universe's
    :meth:`Universe.ge`, or :func:`~cgt.misere.dead_ends.dead_end_ge` for dead
    ends.  At most :data:`DIAGRAM_LIMIT` forms.

    >>> from cgt.misere.dead_ends import dead_end_ge, left_dead_ends_born_by
    >>> d = order_diagram(left_dead_ends_born_by(2), dead_end_ge)
    >>> d.levels, d.covers
    (((0, {|0, -1}), (-1, -2)), (({|0, -1}, -1), ({|0, -1}, -2)))
    """
    return OrderDiagram(forms, ge)


def order_test(name: str, step: Callable[[Form, Form, Order], bool]) -> tuple[Order, Order]:
    """A universe's ``ge`` from its recursive test ``step(g, h, ge)``: remembered, budgeted, deep.

    Returns ``(ge, ge_deep)``: ``ge`` recurses on the caller's stack (for use
    inside ``step`` and other recursions), ``ge_deep`` is the entry point that
    survives forms deeper than the recursion limit.  Answers are kept in a
    bounded cache named ``name``, emptied by ``cgt.clear_caches()`` (forms are
    interned, so their serial numbers are keys), and each new pair spends one unit
    of :func:`cgt.work_limit`.

    >>> from cgt.misere import parse_form
    >>> ge, ge_deep = order_test("doc.identity", lambda g, h, ge: g is h)
    >>> ge_deep(parse_form("*"), parse_form("{0|0}")), ge(parse_form("*"), parse_form("0"))
    (True, False)
    """
    answers: BoundedCache[tuple[int, int], bool] = cache(name)

    def ge(g: Form, h: Form) -> bool:
        if g is h:
            return True
        key = (g._serial, h._serial)
        found = answers.get(key)
        if found is None:
            if _budget.active:
                _budget.spend_work()
            found = step(g, h, ge)
            answers[key] = found
        return found

    @deep
    def ge_deep(g: Form, h: Form) -> bool:
        return ge(g, h)

    return ge, ge_deep


def maintained(g: Form, h: Form, ge: Callable[[Form, Form], bool]) -> bool:
    """The *maintenance* half of the options-only tests for ``g >= h``.

    For every ``H^L`` some ``G^L >= H^L`` or some ``H^{LR} <= G``; for every
    ``G^R`` some ``H^R <= G^R`` or some ``G^{RL} >= H`` (``ge`` compares
    within the universe).

    >>> from cgt.misere import parse_form
    >>> maintained(parse_form("*"), parse_form("0"), lambda a, b: a is b)
    False
    """
    return all(
        any(ge(gl, hl) for gl in g.left) or any(ge(g, hlr) for hlr in hl.right) for hl in h.left
    ) and all(
        any(ge(gr, hr) for hr in h.right) or any(ge(grl, h) for grl in gr.left) for gr in g.right
    )


def simplest_form(g: Any, universe: str | Universe = "dicot") -> Form:
    """The simplest form of ``g`` modulo ``universe`` (see :meth:`Universe.simplest`).

    >>> simplest_form("{{*|*}, *|{*|*}, *}"), simplest_form("{0, {|1}|}", "misère")
    (*2, 1)
    """
    return _universe(universe).simplest(g)


def compare(g: Any, h: Any, universe: str | Universe = "dicot") -> Relation:
    """How ``g`` compares with ``h`` modulo ``universe`` (see :meth:`Universe.compare`).

    >>> compare("* + *", "0"), compare("* + *", "0", "misère")
    (Relation.EQUAL, Relation.CONFUSED)
    """
    return _universe(universe).compare(g, h)


def _outcome_ge(a: Form, b: Form, x: Form) -> bool:
    la, ra = sum_wins((a, x), True), sum_wins((a, x), False)
    lb, rb = sum_wins((b, x), True), sum_wins((b, x), False)
    return la >= lb and ra <= rb


def _subsets(forms: tuple[Form, ...]) -> list[tuple[Form, ...]]:
    out: list[tuple[Form, ...]] = []
    for mask in range(1 << len(forms)):
        out.append(tuple(f for i, f in enumerate(forms) if mask >> i & 1))
    return out


def _antichains(
    forms: tuple[Form, ...], ge: Callable[[Form, Form], bool]
) -> list[tuple[Form, ...]]:
    """Every subset of ``forms`` (pairwise unequal) with no two members comparable by ``ge``."""
    out: list[tuple[Form, ...]] = []

    def extend(chosen: tuple[Form, ...], start: int) -> None:
        out.append(chosen)
        for i in range(start, len(forms)):
            f = forms[i]
            if not any(ge(f, c) or ge(c, f) for c in chosen):
                extend((*chosen, f), i + 1)

    extend((), 0)
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


_universe = universe
