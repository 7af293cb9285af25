"""Game forms of partizan games, for misère play.

In normal play a game is known by its value: ``{1|-1}`` and ``{1, 0|-1}``
are the same game.  Misère play (the player who cannot move *wins*) has
almost no such identities over all games, so its theory works on *forms*,
the game trees themselves, and compares them modulo a *universe* of games
(:mod:`cgt.misere.universes`).  A :class:`Form` is one such tree: a set of
Left options and a set of Right options, each a form.  Forms are interned
(identical trees are one object, in every thread), immutable and hashable.

Notation, read and printed alike (:func:`parse_form`):

* ``0`` is ``{|}``, the form with no options;
* a positive integer ``n`` is ``{n-1|}`` and ``-n`` is ``{|-(n-1)}`` (the
  misère *integers*: Left, resp. Right, has ``n`` waiting moves);
* ``*`` is ``{0|0}`` and ``*n`` the Nim heap ``{0, *, ..., *(n-1)|0, *, ..., *(n-1)}``;
* ``{A, B|C}`` lists options, ``-G`` is the conjugate (Left and Right
  swapped throughout) and ``G + H`` the disjunctive sum.

>>> g = parse_form("{1|*}")
>>> g, -g, g.left, g.right
({1|*}, {*|-1}, (1,), (*,))
>>> g.misere_outcome(), (g + g).misere_outcome()
(Outcome.R, Outcome.N)
>>> parse_form("{0|0}") is parse_form("*")
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from .. import _budget
from .._cache import BoundedCache
from .._deep import deep
from .._intern import Interned, InternTable, ordered, serials
from .._options import Options, has_options_method
from ..canonical import on_clear
from ..errors import InvalidArgument, ParseError, TooLarge, WrongType
from ..game import Game, Outcome

__all__ = [
    "FORM_SUM_WORK",
    "SUM_SEARCH_LIMIT",
    "Form",
    "form",
    "integer",
    "nim_heap",
    "outcome_ge",
    "parse_form",
    "star",
    "sum_outcome",
    "zero",
]

FORM_SUM_WORK = 1 << 22
"""The most forms a sum ``G + H`` may build (about four million).

The sum of two forms has one subform for each pair of their subforms, so it
costs ``(followers of G) * (followers of H)``; above this bound
:class:`~cgt.TooLarge` is raised before any work starts.  The outcome of a sum
needs no sum form: :func:`sum_outcome` searches the components instead.
"""

SUM_SEARCH_LIMIT = 1 << 22
"""The most new positions one :func:`sum_outcome` (or :func:`sum_wins`) search visits.

Past it the search raises :class:`~cgt.TooLarge`; each new position also
spends one step of the thread's work budget (:func:`cgt.work_limit`).
"""

# Interned forms, held weakly: a form nobody references is freed, and built again
# (with a new serial) when needed; the caches key on serials, which are never reused.
# The sums and the outcomes of sums are bounded caches.
_forms: InternTable[tuple[tuple[int, ...], tuple[int, ...]], Form] = InternTable("misere.forms")
_caches: list[BoundedCache[Any, Any]] = []


def cache(name: str) -> BoundedCache[Any, Any]:
    """A bounded cache of the misère layer, emptied with the others by ``cgt.clear_caches()``.

    >>> t = cache("doc.misere.example"); t[1] = 2; _clear(); len(t)
    0
    >>> _ = _caches.pop()
    """
    table: BoundedCache[Any, Any] = BoundedCache(name)
    _caches.append(table)
    return table


def _clear() -> None:
    for table in _caches:
        table.clear()


on_clear(_clear)  # cgt.clear_caches() empties the layer's caches (interned forms stay valid)

_sums: BoundedCache[tuple[int, int], Form] = cache("misere.forms.sums")
_sum_outcomes: BoundedCache[tuple[int, ...], tuple[bool, bool]] = cache("misere.forms.sum_outcomes")


class Form(Interned):
    """A game form: Left options and Right options, themselves forms.

    Build one from two iterables of forms (or anything :func:`form` reads:
    ints, normal-play games, text).  Duplicate options are dropped and the
    options are kept in a fixed order, so identical trees are one object.

    >>> Form([zero], [])                          # Left's one waiting move
    1
    >>> Form([], [zero]) is -integer(1)
    True
    >>> Form([1, "*"], [0]).birthday
    2
    """

    __slots__ = (
        "_conj",
        "_followers",
        "_lf",
        "_lopts",
        "_props",
        "_rf",
        "_ropts",
        "_text",
    )

    _lopts: tuple[Form, ...]
    _ropts: tuple[Form, ...]
    _lf: bool  # Left, moving first, wins (misère)
    _rf: bool  # Right, moving first, wins (misère)
    _conj: Form | None
    _followers: int  # number of distinct followers, itself included (0: not counted yet)
    _props: int  # the structural predicates, as bits (_KNOWN and those that hold; 0: not yet)
    _text: str | None

    def __new__(cls, left: Iterable[Any] = (), right: Iterable[Any] = ()) -> Form:
        return _make(_option_set(left, "left"), _option_set(right, "right"))

    def __reduce__(self) -> tuple[Any, ...]:
        return (parse_form, (str(self),))

    # -- structure -------------------------------------------------------------

    @property
    def left(self) -> Options[Form]:
        """The Left options, in a fixed order (a tuple that can also be called).

        >>> parse_form("{1, 0|}").left
        (0, 1)
        """
        return Options(self._lopts)

    @property
    def right(self) -> Options[Form]:
        """The Right options, in a fixed order.

        >>> parse_form("{|*, 0}").right
        (0, *)
        """
        return Options(self._ropts)

    left_options = left
    right_options = right

    @property
    def birthday(self) -> int:
        """0 for ``0``, else one more than the largest birthday of an option.

        >>> zero.birthday, integer(3).birthday, parse_form("{*|-2}").birthday
        (0, 3, 3)
        """
        return self._day

    @property
    def is_left_end(self) -> bool:
        """Whether Left has no move here (a *Left end*).

        >>> integer(-2).is_left_end, star.is_left_end
        (True, False)
        """
        return not self._lopts

    @property
    def is_right_end(self) -> bool:
        """Whether Right has no move here (a *Right end*).

        >>> integer(2).is_right_end, zero.is_right_end
        (True, True)
        """
        return not self._ropts

    def followers(self) -> tuple[Form, ...]:
        """Every form reachable by moves of either player, itself first.

        >>> parse_form("{1|*}").followers()
        ({1|*}, 1, *, 0)
        """
        seen = {self._serial}
        queue = [self]
        for g in queue:  # breadth first: by distance, then in option order
            for o in g._lopts + g._ropts:
                if o._serial not in seen:
                    seen.add(o._serial)
                    queue.append(o)
        self._followers = len(queue)
        return tuple(queue)

    def follower_count(self) -> int:
        """How many distinct forms :meth:`followers` holds.

        >>> parse_form("{1|*}").follower_count()
        4
        """
        if not self._followers:
            self._followers = _count_followers(self)
        return self._followers

    def is_dicot(self) -> bool:
        """Whether every follower has options for both players or for neither.

        The *dicot* universe is closed under sums, conjugates and options.
        Computed once per form (with the other structural predicates), in
        time linear in the number of followers and their options.

        >>> star.is_dicot(), parse_form("{*|0}").is_dicot(), integer(1).is_dicot()
        (True, True, False)
        """
        return bool(_predicates(self) & _DICOT)

    def is_dead_ending(self) -> bool:
        """Whether every end in it is *dead*: a player with no move in a follower has none later.

        Precisely: for every follower ``F`` that is a Left end, every follower
        of ``F`` is a Left end, and the same for Right.

        >>> integer(3).is_dead_ending(), parse_form("{|{0|}}").is_dead_ending()
        (True, False)
        """
        return bool(_predicates(self) & _DEAD_ENDING)

    def is_left_dead_end(self) -> bool:
        """Whether Left has no move here nor in any follower (a *Left dead end*).

        >>> integer(-3).is_left_dead_end(), parse_form("{|{0|}}").is_left_dead_end()
        (True, False)
        """
        return bool(_predicates(self) & _LEFT_DEAD_END)

    def is_right_dead_end(self) -> bool:
        """Whether Right has no move here nor in any follower (a *Right dead end*).

        >>> integer(2).is_right_dead_end(), star.is_right_dead_end()
        (True, False)
        """
        return bool(_predicates(self) & _RIGHT_DEAD_END)

    def is_impartial(self) -> bool:
        """Whether Left and Right have the same options in every follower.

        >>> nim_heap(3).is_impartial(), integer(1).is_impartial()
        (True, False)
        """
        return bool(_predicates(self) & _IMPARTIAL)

    # -- misère play -------------------------------------------------------------

    def left_wins_first(self) -> bool:
        """Whether Left wins moving first under misère play.

        She wins at once when she has no move; else she needs an option from
        which Right, moving first, loses.

        >>> zero.left_wins_first(), integer(1).left_wins_first(), integer(-1).left_wins_first()
        (True, False, True)
        """
        return self._lf

    def right_wins_first(self) -> bool:
        """Whether Right wins moving first under misère play.

        >>> zero.right_wins_first(), integer(1).right_wins_first()
        (True, True)
        """
        return self._rf

    def misere_outcome(self) -> Outcome:
        """The misère outcome class: ``L``, ``R``, ``N`` or ``P``.

        >>> [f.misere_outcome().value for f in (zero, star, integer(1), integer(-1))]
        ['N', 'P', 'R', 'L']
        """
        return _outcome(self._lf, self._rf)

    def normal_outcome(self) -> Outcome:
        """The outcome class of the same form under normal play.

        >>> [f.normal_outcome().value for f in (zero, star, integer(1))]
        ['P', 'N', 'L']
        """
        return self.normal_value().outcome()

    def normal_value(self) -> Game:
        """The normal-play value of this form (its canonical :class:`~cgt.Game`).

        >>> parse_form("{1|{0|-1}}").normal_value(), nim_heap(3).normal_value()
        ({1||0|-1}, *3)
        """
        return _normal(self, {})

    # -- arithmetic ----------------------------------------------------------------

    def __add__(self, other: Any) -> Form:
        return add(self, _coerce(other, "the other term of +"))

    def __radd__(self, other: Any) -> Form:
        return add(_coerce(other, "the other term of +"), self)

    def __neg__(self) -> Form:
        return conjugate(self)

    def __sub__(self, other: Any) -> Form:
        return add(self, conjugate(_coerce(other, "the other term of -")))

    def __rsub__(self, other: Any) -> Form:
        return add(_coerce(other, "the other term of -"), conjugate(self))

    def __pos__(self) -> Form:
        return self

    # identity is equality: the default __eq__ and __hash__ (by id) are exact, but
    # hash by serial so that hashes are reproducible within a run
    def __hash__(self) -> int:
        return hash(("Form", self._serial))

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    # -- text ----------------------------------------------------------------------

    def __repr__(self) -> str:
        return self.__str__()

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = _text_deep(self)
        return text

    def _repr_latex_(self) -> str:
        return "$" + str(self).replace("{", r"\{").replace("}", r"\}") + "$"


# -- construction ------------------------------------------------------------------


def _option_set(options: Iterable[Any], side: str) -> tuple[Form, ...]:
    if isinstance(options, (str, bytes)) or not isinstance(options, Iterable):
        raise WrongType(
            f"Form takes iterables of options; its {side} options are a {type(options).__name__}"
        )
    found = {id(f): f for f in (_coerce(o, f"a {side} option") for o in options)}
    return ordered(found.values())


def _make(left: tuple[Form, ...], right: tuple[Form, ...]) -> Form:
    """The interned form with these options (already deduplicated and sorted)."""
    return _forms.get_or_make((serials(left), serials(right)), _new, left, right)


def _new(serial: int, left: tuple[Form, ...], right: tuple[Form, ...]) -> Form:
    """A new form with these options and serial number (``_make`` interns it)."""
    g = object.__new__(Form)
    g._lopts = left
    g._ropts = right
    g._serial = serial
    g._day = 1 + max((f._day for f in left + right), default=-1)
    g._lf = not left or any(not f._rf for f in left)
    g._rf = not right or any(not f._lf for f in right)
    g._conj = None
    g._followers = 0
    g._props = 0
    g._text = None
    return g


def _outcome(lf: bool, rf: bool) -> Outcome:
    if lf:
        return Outcome.N if rf else Outcome.L
    return Outcome.R if rf else Outcome.P


def _coerce(x: Any, what: str) -> Form:
    if isinstance(x, Form):
        return x
    try:
        return form(x)
    except WrongType as err:
        raise WrongType(f"{what} is not a game form: {err}") from None


def form(x: Any) -> Form:
    """The game form of ``x``: a form, an int, a text, a normal-play game or a position.

    * an ``int`` is a misère integer (:func:`integer`);
    * a ``str`` is read by :func:`parse_form`;
    * a :class:`~cgt.Game` gives its canonical (normal-play) form as a tree;
    * a position (anything with ``left_options()`` and ``right_options()``,
      such as the rulesets of :mod:`cgt.games`) gives its whole game tree;
      a position made of ``components()`` is the sum of their forms.

    >>> import cgt
    >>> form(2), form("{*|}"), form(cgt.parse("{1|*}"))
    (2, {*|}, {1|*})
    >>> from cgt.games import Domineering
    >>> form(Domineering("...")).misere_outcome()      # Left cannot move: she wins
    Outcome.L
    """
    if isinstance(x, Form):
        return x
    if isinstance(x, bool):
        raise WrongType("a bool is not a game form")
    if isinstance(x, int):
        return integer(x)
    if isinstance(x, str):
        return parse_form(x)
    if isinstance(x, Game):
        return _from_game_deep(x, {})
    if has_options_method(x, "left_options") and has_options_method(x, "right_options"):
        return _from_position_deep(x, {})
    raise WrongType(f"cannot make a game form of a {type(x).__name__}")


def _count_followers(g: Form) -> int:
    seen = {g._serial}
    stack = [g]
    while stack:
        h = stack.pop()
        for o in h._lopts + h._ropts:
            if o._serial not in seen:
                seen.add(o._serial)
                stack.append(o)
    return len(seen)


# The structural predicates of a form, as bits of ``Form._props``.  Each holds of a
# form when a condition on its own options holds and the predicate (or, for the dead
# ends, the same one) holds of every option, so all five are found in one pass from
# the leaves up; a form's bits are written once, in one assignment, after its
# options' (an interrupted pass leaves only finished forms marked).
_KNOWN = 1
_DICOT = 2
_LEFT_DEAD_END = 4
_RIGHT_DEAD_END = 8
_DEAD_ENDING = 16
_IMPARTIAL = 32


def _predicates(g: Form) -> int:
    """The predicate bits of ``g``, computed for it and its followers if not yet known.

    The walk is iterative (a stack of forms, each finished once all its options
    are), so it is linear in the options of the followers and safe at any depth.
    """
    found = g._props
    if found:
        return found
    stack = [g]
    while stack:
        f = stack[-1]
        if f._props:
            stack.pop()
            continue
        lopts, ropts = f._lopts, f._ropts
        pending = [o for o in lopts + ropts if not o._props]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        f._props = _own_props(lopts, ropts)
    return g._props


def _own_props(lopts: tuple[Form, ...], ropts: tuple[Form, ...]) -> int:
    """The bits of ``{lopts|ropts}`` from those of its options (all known)."""
    bits = _KNOWN | _DICOT | _DEAD_ENDING
    for o in lopts + ropts:
        bits &= o._props
    if bool(lopts) != bool(ropts):
        bits &= ~_DICOT
    if not lopts and all(o._props & _LEFT_DEAD_END for o in ropts):
        bits |= _LEFT_DEAD_END
    if not ropts and all(o._props & _RIGHT_DEAD_END for o in lopts):
        bits |= _RIGHT_DEAD_END
    if (not lopts and not bits & _LEFT_DEAD_END) or (not ropts and not bits & _RIGHT_DEAD_END):
        bits &= ~_DEAD_ENDING
    if lopts == ropts and all(o._props & _IMPARTIAL for o in lopts):
        bits |= _IMPARTIAL
    return bits


@deep
def _from_game_deep(g: Game, memo: dict[Game, Form]) -> Form:
    return _from_game(g, memo)


def _from_game(g: Game, memo: dict[Game, Form]) -> Form:
    found = memo.get(g)
    if found is None:
        found = _make(
            ordered({_from_game(o, memo) for o in g.left_options}),
            ordered({_from_game(o, memo) for o in g.right_options}),
        )
        memo[g] = found
    return found


@deep
def _from_position_deep(p: Any, memo: dict[Hashable, Form]) -> Form:
    return _from_position(p, memo)


def _from_position(p: Any, memo: dict[Hashable, Form]) -> Form:
    if isinstance(p, Form):
        return p
    if isinstance(p, Game):
        return _from_game(p, {})
    found = memo.get(p)
    if found is not None:
        return found
    parts = list(p.components()) if hasattr(p, "components") else [p]
    if len(parts) > 1:
        total = zero
        for part in parts:
            total = add(total, _from_position(part, memo))
        found = total
    else:
        found = _make(
            ordered({_from_position(o, memo) for o in p.left_options()}),
            ordered({_from_position(o, memo) for o in p.right_options()}),
        )
    memo[p] = found
    return found


def _normal(g: Form, memo: dict[int, Game]) -> Game:
    found = memo.get(g._serial)
    if found is None:
        found = Game([_normal(o, memo) for o in g._lopts], [_normal(o, memo) for o in g._ropts])
        memo[g._serial] = found
    return found


# -- named forms ---------------------------------------------------------------------

zero: Form = _make((), ())
"""The form with no options, ``{|}`` (written ``0``)."""

star: Form = _make((zero,), (zero,))
"""``{0|0}`` (written ``*``)."""

_integers: dict[int, Form] = {0: zero}
_heaps: list[Form] = [zero, star]

INTEGER_LIMIT = 1 << 16
"""The largest misère integer (in absolute value) built as a form (``|n| + 1`` forms)."""


def integer(n: int) -> Form:
    """The misère integer ``n``: ``{n-1|}`` for ``n > 0``, ``{|n+1}`` for ``n < 0``, ``0`` for 0.

    ``n`` counts the waiting moves of Left (``n > 0``) or Right (``n < 0``).

    >>> integer(2), integer(2).left, integer(-2).right
    (2, (1,), (-1,))
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise WrongType(f"integer() takes an int, not {type(n).__name__}")
    if abs(n) > INTEGER_LIMIT:
        raise TooLarge(
            f"the misère integer {n} has {abs(n) + 1} forms; at most {INTEGER_LIMIT} here"
        )
    found = _integers.get(n)
    if found is None:
        step = 1 if n > 0 else -1
        k = 0
        g = zero
        while k != n:
            k += step
            g = _integers.get(k) or (_make((g,), ()) if step > 0 else _make((), (g,)))
            _integers[k] = g
        found = g
    return found


NIM_HEAP_LIMIT = 1 << 10
"""The largest Nim heap built as a form (its tree has about ``n**2`` option entries)."""


def nim_heap(n: int) -> Form:
    """The Nim heap ``*n`` as a form: options ``0, *, ..., *(n-1)`` for both players.

    >>> nim_heap(0), nim_heap(1), nim_heap(2), nim_heap(2).left
    (0, *, *2, (0, *))
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise WrongType(f"nim_heap() takes an int, not {type(n).__name__}")
    if n < 0:
        raise InvalidArgument(f"a Nim heap has a size >= 0, not {n}")
    if n > NIM_HEAP_LIMIT:
        raise TooLarge(
            f"the Nim heap *{n} as a form has {n} options; at most {NIM_HEAP_LIMIT} here"
        )
    with _forms.lock:
        while len(_heaps) <= n:
            opts = tuple(_heaps)
            _heaps.append(_make(opts, opts))
    return _heaps[n]


# -- sums and conjugates ----------------------------------------------------------------


def conjugate(g: Form) -> Form:
    """The conjugate ``-g``: Left and Right swapped in every follower.

    >>> conjugate(parse_form("{2|*}"))
    {*|-2}
    """
    found = g._conj
    if found is None:
        found = _conjugate_deep(g)
    return found


@deep
def _conjugate_deep(g: Form) -> Form:
    return _conjugate(g)


def _conjugate(g: Form) -> Form:
    found = g._conj
    if found is None:
        found = _make(
            ordered({_conjugate(o) for o in g._ropts}), ordered({_conjugate(o) for o in g._lopts})
        )
        g._conj = found
        found._conj = g
    return found


def add(g: Form, h: Form) -> Form:
    """The disjunctive sum ``g + h``: each player moves in one component.

    Raises :class:`~cgt.TooLarge` before any work when the sum would have more
    than :data:`FORM_SUM_WORK` subforms.

    >>> add(integer(1), integer(-1))
    {-1|1}
    >>> add(star, zero) is star
    True
    """
    if g is zero:
        return h
    if h is zero:
        return g
    work = g.follower_count() * h.follower_count()
    if work > FORM_SUM_WORK:
        raise TooLarge(
            f"the sum of two forms with {g.follower_count()} and {h.follower_count()} "
            f"followers has up to {work} subforms; at most {FORM_SUM_WORK} are built "
            f"(the outcome of a sum needs no sum form: use sum_outcome)"
        )
    return _add_deep(g, h)


@deep
def _add_deep(g: Form, h: Form) -> Form:
    return _add(g, h)


def _add(g: Form, h: Form) -> Form:
    if g is zero:
        return h
    if h is zero:
        return g
    if g._serial > h._serial:
        g, h = h, g
    key = (g._serial, h._serial)
    found = _sums.get(key)
    if found is None:
        left = {_add(o, h) for o in g._lopts} | {_add(g, o) for o in h._lopts}
        right = {_add(o, h) for o in g._ropts} | {_add(g, o) for o in h._ropts}
        found = _make(ordered(left), ordered(right))
        _sums[key] = found
    return found


def sum_outcome(components: Iterable[Any]) -> Outcome:
    """The misère outcome of the sum of ``components``, by a search on the components.

    No sum form is built: a position of the search is the multiset of the
    components' current forms, and positions are remembered (zeros dropped).

    >>> sum_outcome([integer(1), integer(-1)]), sum_outcome([star, star, star])
    (Outcome.N, Outcome.P)
    """
    parts = tuple(sorted((f._serial, f) for f in (_coerce(c, "a component") for c in components)))
    forms = [f for _, f in parts if f is not zero]
    lf, rf = _sum_outcome_deep(tuple(forms))
    return _outcome(lf, rf)


def sum_wins(components: Iterable[Form], left_first: bool) -> bool:
    """Whether the player who moves first (Left if ``left_first``) wins the misère sum.

    >>> sum_wins([integer(1)], True), sum_wins([integer(1)], False)
    (False, True)
    """
    forms = tuple(sorted((f for f in components if f is not zero), key=lambda f: f._serial))
    lf, rf = _sum_outcome_deep(forms)
    return lf if left_first else rf


@deep
def _sum_outcome_deep(forms: tuple[Form, ...]) -> tuple[bool, bool]:
    return _sum_pair(forms, [SUM_SEARCH_LIMIT])


def _sum_pair(forms: tuple[Form, ...], left: list[int]) -> tuple[bool, bool]:
    """``(Left wins moving first, Right wins moving first)`` for a sorted tuple without zeros.

    ``left`` holds how many new positions the search may still visit.
    """
    if len(forms) == 1:
        return forms[0]._lf, forms[0]._rf
    key = tuple(f._serial for f in forms)
    found = _sum_outcomes.get(key)
    if found is not None:
        return found
    if not forms:
        return True, True
    left[0] -= 1
    if left[0] < 0:
        raise TooLarge(
            f"the misère outcome of this sum needs more than {SUM_SEARCH_LIMIT} positions "
            f"(cgt.misere.forms.SUM_SEARCH_LIMIT)"
        )
    if _budget.active:
        _budget.spend_work()
    lf = _side_wins(forms, True, left)
    rf = _side_wins(forms, False, left)
    _sum_outcomes[key] = (lf, rf)
    return lf, rf


def _side_wins(forms: tuple[Form, ...], left: bool, budget: list[int]) -> bool:
    moved = False
    for i, f in enumerate(forms):
        opts = f._lopts if left else f._ropts
        for o in opts:
            moved = True
            rest = forms[:i] + forms[i + 1 :]
            after = rest if o is zero else tuple(sorted((*rest, o), key=lambda x: x._serial))
            lf, rf = _sum_pair(after, budget)
            if not (rf if left else lf):
                return True
    return not moved


def outcome_ge(a: Outcome, b: Outcome) -> bool:
    """Left's preference of outcomes: ``L > P > R``, ``L > N > R``; ``P``, ``N`` incomparable.

    >>> outcome_ge(Outcome.L, Outcome.N), outcome_ge(Outcome.P, Outcome.N)
    (True, False)
    """
    return _LEFT_FIRST[a] >= _LEFT_FIRST[b] and _RIGHT_FIRST[a] <= _RIGHT_FIRST[b]


_LEFT_FIRST = {Outcome.L: 1, Outcome.N: 1, Outcome.P: 0, Outcome.R: 0}
_RIGHT_FIRST = {Outcome.L: 0, Outcome.N: 1, Outcome.P: 0, Outcome.R: 1}


# -- text ------------------------------------------------------------------------------


@deep
def _text_deep(g: Form) -> str:
    return _text(g)


def _text(g: Form) -> str:
    if g._text is not None:
        return g._text
    text = _short_name(g)
    if text is None:
        # options in an order of their own (birthday, then text), never of creation:
        # a form prints the same whatever was built before it
        left = ", ".join(t for _, t in sorted((o._day, _text(o)) for o in g._lopts))
        right = ", ".join(t for _, t in sorted((o._day, _text(o)) for o in g._ropts))
        text = "{" + left + "|" + right + "}"
    g._text = text
    return text


def _short_name(g: Form) -> str | None:
    if g is zero:
        return "0"
    if len(g._lopts) == 1 and not g._ropts:
        inner = g._lopts[0]
        if inner is zero or (len(inner._lopts) == 1 and not inner._ropts):
            n = _as_integer(g)
            if n is not None:
                return str(n)
    if len(g._ropts) == 1 and not g._lopts:
        n = _as_integer(g)
        if n is not None:
            return str(n)
    if g._lopts == g._ropts:
        n = len(g._lopts)
        if n < len(_heaps) and _heaps[n] is g:
            return "*" if n == 1 else f"*{n}"
        if n <= NIM_HEAP_LIMIT and nim_heap(n) is g:
            return "*" if n == 1 else f"*{n}"
    return None


def _as_integer(g: Form) -> int | None:
    n = 0
    while g is not zero:
        if len(g._lopts) == 1 and not g._ropts and n >= 0:
            g, n = g._lopts[0], n + 1
        elif len(g._ropts) == 1 and not g._lopts and n <= 0:
            g, n = g._ropts[0], n - 1
        else:
            return None
    return n


def parse_form(text: str) -> Form:
    """Read a form written as :class:`Form` prints it.

    Atoms are integers (``3``, ``-2``), ``*``, ``*n`` and ``{L|R}`` with
    comma-separated options; ``-`` before an atom conjugates it and ``+``
    adds forms.

    >>> parse_form("{2, *|-1}"), parse_form("-{1|}"), parse_form("* + *") is parse_form("{*|*}")
    ({*, 2|-1}, -2, True)
    >>> parse_form("{1|")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: the text ends where a form should be at position 3
      {1|
         ^
    """
    if not isinstance(text, str):
        raise WrongType(f"parse_form() needs a str, not {type(text).__name__}")
    return _parse_deep(text)


@deep
def _parse_deep(text: str) -> Form:
    return _Reader(text).read()


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, message: str) -> ParseError:
        return ParseError(message, self.text, self.pos)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def read(self) -> Form:
        g = self.sum()
        if self.peek():
            raise self.fail(f"unexpected character {self.peek()!r}")
        return g

    def sum(self) -> Form:
        g = self.term()
        while self.peek() == "+":
            self.pos += 1
            g = add(g, self.term())
        return g

    def term(self) -> Form:
        c = self.peek()
        if c == "-":
            self.pos += 1
            if self.peek().isdigit():
                return integer(-self.number())
            return conjugate(self.term())
        if c.isdigit():
            return integer(self.number())
        if c == "*":
            self.pos += 1
            if self.pos < len(self.text) and self.text[self.pos].isdigit():
                return nim_heap(self.number())
            return star
        if c == "{":
            return self.braces()
        raise self.fail("expected a form" if c else "the text ends where a form should be")

    def number(self) -> int:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isdigit():
            self.pos += 1
        digits = self.text[start : self.pos]
        if len(digits) > 6:
            self.pos = start
            raise self.fail(f"the number {digits} is too large for a form")
        return int(digits)

    def braces(self) -> Form:
        self.pos += 1
        left = self.options("|")
        right = self.options("}")
        return _make(ordered(set(left)), ordered(set(right)))

    def options(self, close: str) -> list[Form]:
        found: list[Form] = []
        if self.peek() == close:
            self.pos += 1
            return found
        while True:
            found.append(self.sum())
            c = self.peek()
            if c == ",":
                self.pos += 1
                continue
            if c == close:
                self.pos += 1
                return found
            raise self.fail(f"expected ',' or {close!r}")
