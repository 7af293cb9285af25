"""Misère canonical forms of impartial games (Conway's simplification).

Two impartial games ``G`` and ``H`` are *equal in misère play* when ``G + X``
and ``H + X`` have the same misère outcome for every impartial ``X``.  Conway
(*On Numbers and Games*, ch. 12) showed that every impartial game has a unique
simplest form in this sense, reached by one rule alone: an option ``G'`` with
an option ``G'' = G`` is *reversible* and may be replaced by the options of
``G''``, subject to the *proviso* when ``G''`` is the empty game (Siegel,
*Combinatorial Game Theory*, ch. V).  With the options already in simplest
form, this module decides it so:

* ``G = 0`` exactly when every option of ``G`` has ``0`` as an option and
  some option of ``G`` is a misère P-position;
* otherwise ``G = K`` for a simplest ``K != 0`` exactly when every option of
  ``K`` is an option of ``G`` and every other option of ``G`` has ``K`` as an
  option; such a ``K`` is an option of an option of ``G``;
* otherwise ``G`` (its options deduplicated) is already in simplest form.

That each test suffices follows by induction on ``X``; that nothing else
simplifies is Conway's uniqueness theorem, and the tests check it: the games
born by day 0 to 4 number 1, 2, 3, 5 and 22, as Conway counted, and a brute
force tells each two of the 22 apart.

:class:`MisereGame` holds such forms, interned: equal games are one object.
They print and parse in CGSuite's notation: ``*[0]`` is the empty game,
``*[2]`` the Nim heap of size 2, ``*[42]`` the game with options ``*[4]`` and
``*[2]``, ``*[2#]`` the game whose only option is ``*[2]``, and a bracketed
subscript adds (``2[2]`` is ``*[2] + *[2]``) or takes away Nim heaps, read
left to right (``2[#1]`` is ``*[2#] + *[1]``).  Options print in CGSuite's
order, so that the printed forms are CGSuite's.  A subscript ``-n`` reads
back by a quick search for the difference and, when that misses, by the
complete one of :meth:`MisereGame.minus` (within its bound).

>>> g = parse_misere("*[2]") + parse_misere("*[2]")
>>> g, g.options, g.outcome()
(*[2[2]], (*[2], *[3]), Outcome.P)
>>> misere_heap(1) + misere_heap(1)
*[0]
>>> parse_misere("*[[2],2,1,0]")
*[2#210]
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable
from typing import Any

from .._cache import BoundedCache
from .._deep import deep
from .._intern import Interned, InternTable
from .._options import Options, has_options_method
from ..canonical import on_clear
from ..errors import CGTError, InvalidArgument, NotImpartial, ParseError, TooLarge, WrongType
from ..game import Outcome
from ..notation import register_reader
from .misere import Genus, also_clear
from .nim import mex

__all__ = [
    "MisereGame",
    "clear_canonical_cache",
    "misere_canonical_form",
    "misere_heap",
    "parse_misere",
]

MISERE_HEAP_LIMIT = 1 << 10
"""The largest Nim heap held as a misère game (1024).

A misère heap ``*[n]`` is held with its ``n`` options, and every smaller heap
with its own, so ``n`` heaps cost about ``n**2 / 2`` entries (0.2 s for 1024,
half a million entries); a larger one raises :class:`~cgt.TooLarge` at once,
from :func:`misere_heap`, :func:`parse_misere` and ``+`` alike.  (In normal
play a nimber is a closed form: ``cgt.nimber(10**30)`` costs nothing.)
"""

MISERE_SUM_WORK = 1 << 28
"""The most work a misère sum ``G + H`` may take (about a second).

The sum visits each pair of subpositions of ``G`` and ``H`` once and simplifies
a set of options there, so its work is at most ``sG * sH * (wG + wH)**2`` for
``s`` subpositions with at most ``w`` options each.  Above this bound
:class:`~cgt.TooLarge` is raised before any work starts, by ``+`` and by
:func:`parse_misere` alike (``*[&1000;] + *[3]`` is refused; ``*[&80;] + *[&80;]``
takes 0.1 s).
"""

# Interned forms, keyed by the serial numbers of their options and held weakly: a
# game nobody references is freed (built again, with a new serial, when needed).
# The sums (keyed by serials, never reused) and the forms of positions are bounded
# caches; the table's lock also guards the lists of heaps and of early games below.
_games: InternTable[frozenset[int], MisereGame] = InternTable("impartial.misere_canonical")
_lock = _games.lock
_sums: BoundedCache[tuple[int, int], MisereGame] = BoundedCache("impartial.misere_canonical.sums")
_positions: BoundedCache[Hashable, MisereGame] = BoundedCache(
    "impartial.misere_canonical.positions"
)
_heaps: list[MisereGame] = []


class MisereGame(Interned):
    """An impartial game in misère canonical (simplest) form.

    Build one from options (misère games, or ints for Nim heaps): the result
    is simplified, and interned, so ``==`` is identity.  ``+`` is the
    disjunctive sum.

    >>> MisereGame([0, 1])                       # the options of *2
    *[2]
    >>> MisereGame([1])                          # *1 + *1 = 0 in misère play
    *[0]
    >>> MisereGame([MisereGame([2]), 0])
    *[2#0]
    """

    __slots__ = (
        "_even",
        "_gminus",
        "_gplus",
        "_key",
        "_options",
        "_set",
        "_span",
        "_text",
    )

    _set: frozenset[MisereGame]
    _options: tuple[MisereGame, ...]
    _gplus: int
    _gminus: int
    _even: MisereGame | None  # the even part; self when even (computed lazily)
    _key: tuple[Any, ...] | None
    _span: tuple[int, int] | None  # (subpositions, most options of one), when asked
    _text: str | None

    def __new__(cls, options: Iterable[MisereGame | int] = ()) -> MisereGame:
        if isinstance(options, (str, bytes)) or not isinstance(options, Iterable):
            raise WrongType(
                f"MisereGame takes an iterable of options, not {type(options).__name__}"
            )
        return _simplify(frozenset(_coerce(o) for o in options))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_tree, (_to_tree(self),))

    # -- structure ----------------------------------------------------------

    @property
    def options(self) -> Options[MisereGame]:
        """The options, in CGSuite's order (they print from the last to the first).

        A tuple that can also be called, as positions' ``options()`` are:

        >>> parse_misere("*[2#0]").options
        (*[0], *[2#])
        >>> parse_misere("*[2#0]").options() == parse_misere("*[2#0]").options
        True
        """
        return Options(_options_deep(self))

    @property
    def left_options(self) -> Options[MisereGame]:
        """The same as :attr:`options` (the game is impartial).

        >>> parse_misere("*[2]").left_options == parse_misere("*[2]").right_options()
        True
        """
        return self.options

    @property
    def right_options(self) -> Options[MisereGame]:
        """The same as :attr:`options` (the game is impartial).

        >>> parse_misere("*[1]").right_options
        (*[0],)
        """
        return self.options

    def birthday(self) -> int:
        """The birthday: 0 for ``*[0]``, else one more than the options' largest.

        >>> parse_misere("*[2]").birthday(), parse_misere("*[2##]").birthday()
        (2, 4)
        """
        return self._day

    @property
    def is_nim_heap(self) -> bool:
        """Whether this is a Nim heap ``*[n]`` (the form of ``n`` under misère play).

        >>> misere_heap(5).is_nim_heap, parse_misere("*[2#]").is_nim_heap
        (True, False)
        """
        return _is_heap(self)

    @property
    def is_zero(self) -> bool:
        """Whether this is the empty game ``*[0]``.

        >>> misere_heap(0).is_zero, misere_heap(1).is_zero
        (True, False)
        """
        return not self._set

    # -- invariants ---------------------------------------------------------

    def misere_grundy(self) -> int:
        """The misère Grundy value: 1 for ``*[0]``, else the mex of the options'.

        >>> parse_misere("*[2[2]]").misere_grundy(), misere_heap(0).misere_grundy()
        (0, 1)
        """
        return self._gminus

    def normal_grundy(self) -> int:
        """The normal-play Grundy value (the nim-value).

        >>> parse_misere("*[2#1]").normal_grundy()
        2
        """
        return self._gplus

    def outcome(self) -> Outcome:
        """The misère outcome: ``Outcome.P`` if the player to move loses, else ``Outcome.N``.

        >>> misere_heap(0).outcome(), misere_heap(1).outcome(), misere_heap(2).outcome()
        (Outcome.N, Outcome.P, Outcome.N)
        """
        return Outcome.P if self._gminus == 0 else Outcome.N

    def misere_outcome(self) -> Outcome:
        """The same as :meth:`outcome` (the name positions and values use).

        >>> parse_misere("*[2[2]]").misere_outcome()
        Outcome.P
        """
        return self.outcome()

    def genus(self, terms: int = 6) -> Genus:
        """Conway's genus, with ``terms`` misère values ``γk`` of ``self + k·*[2]``.

        >>> str(misere_heap(0).genus()), str(parse_misere("*[2#1]").genus())
        ('0^120', '2^1420')
        """
        if isinstance(terms, bool) or not isinstance(terms, int):
            raise WrongType(f"terms must be an int, not {type(terms).__name__}")
        if terms < 0:
            raise InvalidArgument(f"terms must be a non-negative int, got {terms}")
        two = misere_heap(2)
        gammas = []
        g = self
        for _ in range(terms):
            gammas.append(g._gminus)
            g = g + two
        return Genus(self._gplus, tuple(gammas))

    def misere_canonical_form(self) -> MisereGame:
        """This game itself (already in misère canonical form).

        >>> misere_heap(3).misere_canonical_form() is misere_heap(3)
        True
        """
        return self

    # -- the misère toolkit (ONAG ch. 12, Winning Ways ch. 13, Siegel ch. V) --

    def mate(self) -> MisereGame:
        """The mate ``G⁻``: ``*[1]`` for ``*[0]``, else the game of the options' mates.

        Each empty game at the bottom of the form is replaced by ``*[1]``.
        ``G + G⁻`` is always a misère P-position, and the mate of the mate is
        the game itself (ONAG ch. 12; Siegel, *Combinatorial Game Theory*,
        ch. V).  CGSuite calls it ``Mate``.

        >>> misere_heap(0).mate(), misere_heap(1).mate(), misere_heap(3).mate()
        (*[1], *[0], *[3])
        >>> g = parse_misere("*[2#0]")
        >>> g.mate(), (g + g.mate()).outcome()
        (*[2#1], Outcome.P)
        """
        return _mate_deep(self, {})

    @property
    def is_tame(self) -> bool:
        """Whether this game is (hereditarily) tame: it and all its positions have
        the genus of a Nim position.

        The genus of a Nim position is ``0^120``, ``1^031`` or ``a^(a, a xor 2)``:
        its normal and misère Grundy values are equal or both at most 1.  A tame
        game plays like that Nim position in sums with Nim heaps and other tame
        games (Winning Ways ch. 13, "tame" games; ONAG ch. 12).  CGSuite's
        ``IsTame`` is this hereditary notion (its ``IsGenerallyTame`` also
        admits games made tame by reversible moves, which this module does not
        decide).

        >>> misere_heap(3).is_tame, parse_misere("*[2#]").is_tame, parse_misere("*[2#0]").is_tame
        (True, True, False)
        """
        return _phylum(self, {}) == _TAME

    @property
    def is_restive(self) -> bool:
        """Whether this game is restive: not tame, all its options tame, and its
        normal-play Grundy value 0 or 1 (its misère one is then 2 or more).

        Winning Ways ch. 13 ("restive" games); CGSuite's ``IsRestive`` (which,
        like :attr:`is_tame`, asks for options tame hereditarily).

        >>> parse_misere("*[2#0]").is_restive, parse_misere("*[2#1]").is_restive
        (True, False)
        """
        return _phylum(self, {}) == _RESTIVE

    @property
    def is_restless(self) -> bool:
        """Whether this game is restless: not tame, all its options tame, and its
        misère Grundy value 0 or 1 (its normal-play one is then 2 or more).

        Winning Ways ch. 13 ("restless" games); CGSuite's ``IsRestless`` for
        games whose options are tame hereditarily.

        >>> parse_misere("*[2#1]").is_restless, parse_misere("*[2#0]").is_restless
        (True, False)
        """
        return _phylum(self, {}) == _RESTLESS

    def distinguisher(self, other: MisereGame | int) -> MisereGame:
        """A game ``X`` with ``self + X`` and ``other + X`` of different misère outcomes.

        Two different simplest forms always have one (Conway's theorem that
        simplest forms are unique, ONAG ch. 12, Theorems 75 and 76, whose
        proof builds it from mates); equal games have none, and
        :class:`~cgt.InvalidArgument` is raised.  CGSuite calls it
        ``Distinguisher``.

        >>> g, h = parse_misere("*[2#]"), parse_misere("*[2[2]]")
        >>> x = g.distinguisher(h)
        >>> x, (g + x).outcome(), (h + x).outcome()
        (*[(2#1)21], Outcome.P, Outcome.N)
        >>> g.distinguisher(g)
        Traceback (most recent call last):
          ...
        cgt.errors.InvalidArgument: *[2#] and *[2#] are the same misère game: ...
        """
        h = _coerce(other)
        if h is self:
            raise InvalidArgument(
                f"{self} and {h} are the same misère game: no game distinguishes them"
            )
        return _distinguisher_deep(self, h)

    def is_linked_to(self, other: MisereGame | int) -> bool:
        """Whether some game ``T`` makes ``self + T`` and ``other + T`` both misère
        P-positions: exactly when neither game is an option of the other (ONAG
        ch. 12, Theorem 76).  CGSuite calls it ``IsLinkedTo``.

        >>> g = parse_misere("*[2##]")
        >>> g.is_linked_to(parse_misere("*[2[2]]")), g.is_linked_to(parse_misere("*[2#]"))
        (True, False)
        """
        h = _coerce(other)
        return h not in self._set and self not in h._set

    def link(self, other: MisereGame | int) -> MisereGame:
        """A game ``T`` with ``self + T`` and ``other + T`` both misère P-positions.

        Built as in Conway's proof (ONAG ch. 12, Theorem 76) from
        distinguishers of the options; when one game is an option of the other
        there is none and :class:`~cgt.InvalidArgument` is raised (see
        :meth:`is_linked_to`).  CGSuite calls it ``Link``.

        >>> g, h = parse_misere("*[2##]"), parse_misere("*[2[2]]")
        >>> t = g.link(h)
        >>> t, (g + t).outcome(), (h + t).outcome()
        (*[((2#1)21)32], Outcome.P, Outcome.P)
        """
        h = _coerce(other)
        if not self.is_linked_to(h):
            raise InvalidArgument(
                f"{self} and {h} are not linked: one is an option of the other, so no T "
                f"makes both sums P-positions"
            )
        found = _link_deep(self, h)
        assert found is not None  # linked games always have a link
        return found

    def minus(self, other: MisereGame | int) -> MisereGame:
        """The game ``X`` with ``other + X == self``, when ``other`` is a part of ``self``.

        Misère games do not subtract in general (``*[2] + X`` is never
        ``*[0]``), but when ``X`` exists it is unique (Conway's cancellation
        theorem, ONAG ch. 12); otherwise :class:`~cgt.InvalidArgument` is
        raised.  CGSuite calls it ``MisereMinus``.  The search is complete:
        an option ``X'`` of ``X`` is ``G' - H`` for an option ``G'`` of
        ``G = self`` or ``G - H'`` for an option ``H'`` of ``H = other``
        (the sum ``H + X`` simplifies to ``G`` only through reversible
        options), so ``X`` is found among the games with such options.

        >>> g = parse_misere("*[2##]")
        >>> x = g.minus(parse_misere("*[2#]"))
        >>> x, parse_misere("*[2#]") + x is g
        (*[2[##-2]0], True)
        >>> misere_heap(3).minus(1), misere_heap(3).minus(2)
        (*[2], *[1])
        >>> g.minus(parse_misere("*[4#]"))
        Traceback (most recent call last):
          ...
        cgt.errors.InvalidArgument: *[4#] is not a part of *[2##]: no X has *[4#] + X = *[2##]
        """
        h = _coerce(other)
        found = _minus_deep(self, h)
        if found is None:
            raise InvalidArgument(f"{h} is not a part of {self}: no X has {h} + X = {self}")
        return found

    def parts(self) -> tuple[MisereGame, ...]:
        """The proper parts of this game: the even games ``H``, neither ``*[0]``
        nor the game's even part, with ``H + X`` equal to the game for some ``X``.

        Parts come in pairs ``H``, ``X`` (and ``H + *[1]``, ``X + *[1]``, so
        only even ones are listed, as CGSuite's ``Parts`` does); a game with
        none but a nonzero even part is *prime* (ONAG ch. 12; Siegel,
        "On the structure of misère impartial games", 2020).  Every pair has a
        member that is a part of an option of the game (Siegel's method of
        finding parts, the one CGSuite uses), so the parts of the options,
        found recursively, give every candidate, each checked by
        :meth:`minus`.

        >>> parse_misere("*[2#]").parts()
        (*[2], *[2[#-2]])
        >>> parse_misere("*[2[2]]").parts(), misere_heap(5).parts()
        ((*[2],), ())
        """
        return _parts_deep(self)

    @property
    def is_prime(self) -> bool:
        """Whether this game is prime: neither ``*[0]`` nor ``*[1]``, and without
        parts (:meth:`parts` is empty).  CGSuite calls it ``IsPrime``.

        >>> misere_heap(2).is_prime, parse_misere("*[2#]").is_prime, misere_heap(1).is_prime
        (True, False, False)
        """
        return self._day > 1 and not self.parts()

    def partitions(self) -> tuple[tuple[MisereGame, ...], ...]:
        """Every way to write this game as a sum of primes (see :attr:`is_prime`).

        Each partition is a tuple of even primes in CGSuite's order whose sum is
        the game's even part; for an odd game the last of them carries the
        ``*[1]``, and ``*[1]`` itself is its own partition.  Unlike whole
        numbers, misère games can factor in more than one way (ONAG ch. 12;
        Siegel, "On the structure of misère impartial games", 2020).  CGSuite
        calls it ``Partitions``.

        >>> parse_misere("*[2##]").partitions()
        ((*[2], *[2[#-2]], *[2[##-2]0]),)
        >>> parse_misere("*[4[2#]]").partitions()
        ((*[2], *[4[2#-2]]), (*[4], *[4[2#-4]]))
        >>> misere_heap(0).partitions(), misere_heap(1).partitions(), misere_heap(3).partitions()
        (((),), ((*[1],),), ((*[3],),))
        """
        return _partitions_deep(self)

    # -- arithmetic ---------------------------------------------------------

    def __add__(self, other: object) -> MisereGame:
        if isinstance(other, int) and not isinstance(other, bool):
            other = misere_heap(other)
        if not isinstance(other, MisereGame):
            return NotImplemented
        return _checked_add(self, other)

    __radd__ = __add__

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MisereGame):
            return self is other
        return NotImplemented

    def __hash__(self) -> int:
        return id(self) >> 4

    def __bool__(self) -> bool:
        raise TypeError("the truth value of a MisereGame is not defined; use .is_zero")

    # -- notation -----------------------------------------------------------

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = _format_deep(self)
        return text

    def __repr__(self) -> str:
        return str(self)


@deep
def _options_deep(g: MisereGame) -> tuple[MisereGame, ...]:
    return tuple(_sorted(g._set))


def _coerce(value: Any) -> MisereGame:
    if isinstance(value, MisereGame):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return misere_heap(value)
    raise WrongType(
        f"an option of a MisereGame must be a MisereGame or an int (a Nim heap), "
        f"not {type(value).__name__}"
    )


def _intern(options: frozenset[MisereGame]) -> MisereGame:
    # keyed by serials: a key holding the options would keep them alive
    return _games.get_or_make(frozenset([o._serial for o in options]), _new, options)


def _new(serial: int, options: frozenset[MisereGame]) -> MisereGame:
    """A new game with these options and serial number (``_intern`` interns it)."""
    g = object.__new__(MisereGame)
    g._serial = serial
    g._set = options
    g._options = tuple(options)
    g._day = 1 + max((o._day for o in options), default=-1)
    g._gplus = mex(o._gplus for o in options)
    g._gminus = mex(o._gminus for o in options) if options else 1
    g._even = None
    g._key = None
    g._span = None
    g._text = None
    return g


ZERO = _intern(frozenset())


def _simplify(options: frozenset[MisereGame]) -> MisereGame:
    """The simplest form of the game with these (simplest) options."""
    if not options:
        return ZERO
    # Reversal through 0, with the proviso: G = 0 iff every option has 0 as an
    # option and some option is a P-position.
    if all(ZERO in o._set for o in options) and any(o._gminus == 0 for o in options):
        return ZERO
    # Reversal through K != 0: K is then an option of every option of G that
    # is not an option of K, in particular of an option of largest birthday.
    top = max(options, key=lambda o: o._day)
    for k in top._options:
        if k._set and k._set <= options and all(k in o._set for o in options - k._set):
            return k
    return _intern(options)


def misere_heap(n: int) -> MisereGame:
    """The Nim heap of size ``n`` in misère canonical form (options heaps ``0 … n-1``).

    >>> misere_heap(0), misere_heap(3), misere_heap(12)
    (*[0], *[3], *[&12;])
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise WrongType(f"a Nim heap size must be an int, not {type(n).__name__}")
    if n < 0:
        raise InvalidArgument(f"a Nim heap size must be non-negative, got {n}")
    if n > MISERE_HEAP_LIMIT:
        raise TooLarge(
            f"a misère Nim heap of size {_size_text(n)} is too large: its form lists every "
            f"smaller heap, and heaps above {MISERE_HEAP_LIMIT} "
            f"(cgt.impartial.misere_canonical.MISERE_HEAP_LIMIT) are refused"
        )
    with _lock:
        while len(_heaps) <= n:  # Nim heaps are in simplest form (no reversible option)
            _heaps.append(_intern(frozenset(_heaps)))
        return _heaps[n]


def _size_text(n: int) -> str:
    """A size for a message: the number, or its digit count when huge."""
    if n < 10**12:
        return str(n)
    return f"about 2**{n.bit_length() - 1} ({len(_digit_text(n))} digits)"


def _digit_text(n: int) -> str:
    from .._digits import int_to_str

    return int_to_str(n)


def _span(g: MisereGame) -> tuple[int, int]:
    """(number of subpositions of ``g``, most options of any of them); cached."""
    span = g._span
    if span is not None:
        return span
    seen: set[int] = set()
    width = 0
    stack = [g]
    while stack:
        a = stack.pop()
        if id(a) in seen:
            continue
        seen.add(id(a))
        width = max(width, len(a._options))
        stack.extend(o for o in a._options if id(o) not in seen)
    span = g._span = (len(seen), width)
    return span


def _checked_add(g: MisereGame, h: MisereGame) -> MisereGame:
    """``g + h``, refused at once (:class:`~cgt.TooLarge`) when its work bound is
    above :data:`MISERE_SUM_WORK`.

    >>> _checked_add(misere_heap(2), misere_heap(2))
    *[2[2]]
    """
    _check_work(g, h)
    return _add_deep(g, h)


def _check_work(g: MisereGame, h: MisereGame, times: int = 1) -> None:
    """Raise :class:`~cgt.TooLarge` if ``times`` sums like ``g + h`` may take more
    than :data:`MISERE_SUM_WORK` steps."""
    if g._set and h._set:
        (sg, wg), (sh, wh) = _span(g), _span(h)
        work = sg * sh * (wg + wh) ** 2 * times
        if work > MISERE_SUM_WORK:
            what = "the misère sum" if times == 1 else "the misère difference"
            raise TooLarge(
                f"{what} of games born on days {g._day} and {h._day} "
                f"({sg} and {sh} subpositions, up to {wg} and {wh} options) needs about "
                f"{work:.2e} steps, above the bound {MISERE_SUM_WORK} "
                f"(cgt.impartial.misere_canonical.MISERE_SUM_WORK); too large to compute"
            )


def _is_heap(g: MisereGame) -> bool:
    b = g._day
    return g._gplus == b and len(g._set) == b and g is misere_heap(b)


def _add(g: MisereGame, h: MisereGame) -> MisereGame:
    if not g._set:
        return h
    if not h._set:
        return g
    a, b = (g, h) if g._serial <= h._serial else (h, g)
    key = (a._serial, b._serial)
    found = _sums.get(key)
    if found is not None:
        return found
    options = frozenset([_add(x, b) for x in a._options] + [_add(a, y) for y in b._options])
    result = _simplify(options)
    _sums[key] = result
    return result


def clear_canonical_cache() -> None:
    """Forget the memoised sums and forms of positions (interned forms stay).

    >>> clear_canonical_cache()
    """
    _sums.clear()
    _positions.clear()


on_clear(clear_canonical_cache)  # cgt.clear_caches() empties them too
also_clear(clear_canonical_cache)  # and so does cgt.impartial.clear_misere_cache()


@deep
def _add_deep(g: MisereGame, h: MisereGame) -> MisereGame:
    return _add(g, h)


# -- the misère toolkit: mates, tameness, distinguishers ---------------------------------


@deep
def _mate_deep(g: MisereGame, memo: dict[MisereGame, MisereGame]) -> MisereGame:
    return _mate(g, memo)


def _mate(g: MisereGame, memo: dict[MisereGame, MisereGame]) -> MisereGame:
    found = memo.get(g)
    if found is None:
        if not g._set:
            found = misere_heap(1)
        else:
            found = _simplify(frozenset(_mate(o, memo) for o in g._options))
        memo[g] = found
    return found


_TAME, _RESTIVE, _RESTLESS, _WILD = range(4)


def _phylum(g: MisereGame, memo: dict[MisereGame, int]) -> int:
    """Tame, restive, restless or none of these (wild), for options tame hereditarily."""
    found = memo.get(g)
    if found is not None:
        return found
    stack = [g]  # options before the game: no deep recursion
    while stack:
        x = stack[-1]
        todo = [o for o in x._options if o not in memo]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        if x in memo:
            continue
        plus, minus = x._gplus, x._gminus
        if any(memo[o] != _TAME for o in x._options):
            memo[x] = _WILD
        elif plus == minus or (plus <= 1 and minus <= 1):
            memo[x] = _TAME
        elif plus <= 1:
            memo[x] = _RESTIVE
        elif minus <= 1:
            memo[x] = _RESTLESS
        else:
            memo[x] = _WILD
    return memo[g]


MISERE_DISTINGUISHER_WORK = 1 << 24
"""The most work :meth:`MisereGame.distinguisher` may take (under a second).

Each step of the construction (a distinguisher or link of two subpositions)
counts the subpositions of the two games, and each sum it adds the work
bound of :data:`MISERE_SUM_WORK`; above this total :class:`~cgt.TooLarge` is
raised.
"""


@deep
def _distinguisher_deep(g: MisereGame, h: MisereGame) -> MisereGame:
    return _Distinguisher(g, h).distinguish(g, h)


@deep
def _link_deep(g: MisereGame, h: MisereGame) -> MisereGame | None:
    return _Distinguisher(g, h).link(g, h)


class _Distinguisher:
    """Conway's construction of distinguishers and links (ONAG Theorems 75, 76)."""

    def __init__(self, g: MisereGame, h: MisereGame) -> None:
        self.days = (g._day, h._day)  # of the games asked about, for the message
        self.found: dict[tuple[MisereGame, MisereGame], MisereGame] = {}
        self.links: dict[tuple[MisereGame, MisereGame], MisereGame | None] = {}
        self.mates: dict[MisereGame, MisereGame] = {}
        self.work = 0

    def spend(self, g: MisereGame, h: MisereGame, summed: bool = False) -> None:
        (sg, wg), (sh, wh) = _span(g), _span(h)
        self.work += sg * sh * (wg + wh) ** 2 if summed else sg + sh
        if self.work > MISERE_DISTINGUISHER_WORK:
            raise TooLarge(
                f"a distinguisher of games born on days {self.days[0]} and {self.days[1]} "
                f"needs more than {MISERE_DISTINGUISHER_WORK} steps "
                f"(cgt.impartial.misere_canonical.MISERE_DISTINGUISHER_WORK); too large to build"
            )

    def distinguish(self, g: MisereGame, h: MisereGame) -> MisereGame:
        """X with o(g + X) != o(h + X), for distinct simplest forms g and h.

        If ``g`` is ``0`` and ``h`` a P-position, ``0`` does.  Otherwise some
        option ``g'`` of ``g`` (or ``h'`` of ``h``) is *linked* to the other
        game by a ``T`` that makes both sums P-positions; then ``g + T`` has
        the move to ``g' + T``, a P-position, while ``h + T`` is one.
        """
        found = self.found.get((g, h))
        if found is not None:
            return found
        self.spend(g, h)
        if (not g._set and h._gminus == 0) or (not h._set and g._gminus == 0):
            found = ZERO
        else:
            found = next(
                (
                    t
                    for a, b in ((g, h), (h, g))
                    for option in _sorted(a._options)  # CGSuite's order: its answers
                    if (t := self.link(b, option)) is not None
                ),
                None,
            )
        if found is None:  # pragma: no cover - Conway's theorem says it cannot happen
            raise CGTError(f"no distinguisher found for {g} and {h}: please report this")
        self.found[(g, h)] = found
        return found

    def p_position_maker(self, g: MisereGame, h: MisereGame) -> MisereGame:
        """T with g + T a P-position and h + T an N-position (g != h).

        A distinguisher ``X`` that leaves ``g + X`` an N-position becomes one
        by adding the mates of g's options as options: every move from
        ``g + T`` then has a reply to a P-position (``g' + g'⁻`` is one), and
        ``h + T`` moves to ``h + X``, a P-position.
        """
        x = self.distinguish(g, h)
        self.spend(g, x, summed=True)
        if _add(g, x)._gminus == 0:
            return x
        return _simplify(frozenset([*(_mate(o, self.mates) for o in g._options), x]))

    def link(self, g: MisereGame, h: MisereGame) -> MisereGame | None:
        """T with g + T and h + T both P-positions, or None when one of g and h
        is an option of the other (then nothing links them)."""
        if (g, h) in self.links:
            return self.links[(g, h)]
        found: MisereGame | None
        if not g._set and not h._set:
            found = misere_heap(1)
        elif h in g._set or g in h._set:
            found = None
        else:
            found = _simplify(
                frozenset(
                    [self.p_position_maker(o, h) for o in g._options]
                    + [self.p_position_maker(o, g) for o in h._options]
                )
            )
        self.links[(g, h)] = found
        return found


MISERE_MINUS_OPTIONS = 16
"""The most candidate options :meth:`MisereGame.minus` tries all subsets of.

The difference ``G - H`` is looked for among the games whose options are
differences of options (see :meth:`MisereGame.minus`); with more than this
many candidates (``2**16`` subsets) :class:`~cgt.TooLarge` is raised.
"""


@deep
def _minus_deep(g: MisereGame, h: MisereGame) -> MisereGame | None:
    return _minus(g, h, {})


def _minus(
    g: MisereGame, h: MisereGame, memo: dict[tuple[MisereGame, MisereGame], MisereGame | None]
) -> MisereGame | None:
    """The X with h + X = g, or None (see MisereGame.minus for why this is complete)."""
    if not h._set:
        return g
    if h is g:
        return ZERO
    key = (g, h)
    if key in memo:
        return memo[key]
    found: MisereGame | None = None
    candidates = {d for o in g._options if (d := _minus(o, h, memo)) is not None}
    candidates |= {d for o in h._options if (d := _minus(g, o, memo)) is not None}
    plus = g._gplus ^ h._gplus  # normal-play values add as in Nim
    every = _simplify(frozenset(candidates))  # often all of them are X's options
    if mex(o._gplus for o in candidates) == plus and _checked_add(h, every) is g:
        memo[key] = every
        return every
    if len(candidates) > MISERE_MINUS_OPTIONS:
        raise TooLarge(
            f"a difference of games born on days {g._day} and {h._day} has "
            f"{len(candidates)} candidate options, above {MISERE_MINUS_OPTIONS} "
            f"(cgt.impartial.misere_canonical.MISERE_MINUS_OPTIONS): too many to try"
        )
    ordered = _sorted(candidates)
    for r in range(len(ordered) + 1):
        for options in itertools.combinations(ordered, r):
            if mex(o._gplus for o in options) != plus:
                continue
            x = _simplify(frozenset(options))
            if x._set == frozenset(options) and _checked_add(h, x) is g:
                found = x
                break
        if found is not None:
            break
    memo[key] = found
    return found


@deep
def _parts_deep(g: MisereGame) -> tuple[MisereGame, ...]:
    memo: dict[MisereGame, frozenset[MisereGame]] = {}
    even = _even_part(g)
    found = _all_parts(even, memo, {}) - {ZERO, even}
    return tuple(_sorted(found))


def _all_parts(
    g: MisereGame,
    memo: dict[MisereGame, frozenset[MisereGame]],
    minus_memo: dict[tuple[MisereGame, MisereGame], MisereGame | None],
) -> frozenset[MisereGame]:
    """Every even part of the even game ``g``, ``0`` and ``g`` included."""
    found = memo.get(g)
    if found is not None:
        return found
    parts = {ZERO, g}
    candidates: set[MisereGame] = set()
    for o in g._options:
        candidates |= _all_parts(_even_part(o), memo, minus_memo)
    for h in candidates - parts:
        x = _minus(g, h, minus_memo)  # (an odd part h + 1 pairs with x + 1)
        if x is not None:
            parts |= {h, _even_part(x)}
    result = frozenset(parts)
    memo[g] = result
    return result


@deep
def _partitions_deep(g: MisereGame) -> tuple[tuple[MisereGame, ...], ...]:
    even = _even_part(g)
    memo: dict[MisereGame, frozenset[MisereGame]] = {}
    minus_memo: dict[tuple[MisereGame, MisereGame], MisereGame | None] = {}
    found = _even_partitions(even, memo, minus_memo, {})
    if even is g:
        return tuple(sorted(found, key=lambda p: [_sort_key(x) for x in p]))
    one = misere_heap(1)
    odd = {(*p[:-1], _add(p[-1], one)) if p else (one,) for p in found}
    return tuple(sorted(odd, key=lambda p: [_sort_key(x) for x in p]))


def _even_partitions(
    g: MisereGame,
    parts_memo: dict[MisereGame, frozenset[MisereGame]],
    minus_memo: dict[tuple[MisereGame, MisereGame], MisereGame | None],
    memo: dict[MisereGame, frozenset[tuple[MisereGame, ...]]],
) -> frozenset[tuple[MisereGame, ...]]:
    """The multisets (sorted tuples) of even primes whose sum is the even game g."""
    found = memo.get(g)
    if found is not None:
        return found
    if not g._set:
        return frozenset([()])
    result: set[tuple[MisereGame, ...]] = set()
    for p in _all_parts(g, parts_memo, minus_memo) - {ZERO}:
        if _all_parts(p, parts_memo, minus_memo) != {ZERO, p}:
            continue  # not prime
        rest = g if p is g else _minus(g, p, minus_memo)
        if p is g:
            result.add((p,))
        elif rest is not None and _even_part(rest) is rest:  # (sums of even games are even)
            for tail in _even_partitions(rest, parts_memo, minus_memo, memo):
                result.add(tuple(_sorted((p, *tail))))
    frozen = frozenset(result)
    memo[g] = frozen
    return frozen


# -- canonical forms of values and positions ------------------------------------


def misere_canonical_form(x: Any) -> MisereGame:
    """The misère canonical form of an impartial game.

    ``x`` may be a :class:`MisereGame`, an ``int`` (a Nim heap), an impartial
    :class:`cgt.Game` (its canonical normal-play *form* is simplified: see
    :meth:`cgt.Game.misere_outcome`), or an impartial position: anything with
    ``options()`` (positions of :mod:`cgt.games`, heap games, sums), whose
    ``components()`` are added.

    >>> import cgt
    >>> from cgt.games import OctalGame
    >>> misere_canonical_form(cgt.nimber(3)), misere_canonical_form(2)
    (*[3], *[2])
    >>> kayles = OctalGame("0.77")
    >>> [str(misere_canonical_form(kayles(n))) for n in range(6)]
    ['*[0]', '*[1]', '*[2]', '*[3]', '*[1]', '*[2[2]321]']
    >>> misere_canonical_form(kayles(2, 2))
    *[2[2]]
    """
    return _canonical_deep(x, {})


@deep
def _canonical_deep(x: Any, memo: dict[Hashable, MisereGame]) -> MisereGame:
    return _canonical(x, memo)


def _canonical(x: Any, memo: dict[Hashable, MisereGame]) -> MisereGame:
    from ..game import Game

    if isinstance(x, MisereGame):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return misere_heap(x)
    if isinstance(x, Game):
        if not x.is_impartial:
            raise NotImpartial(f"{x} is not impartial: it has no misère canonical form")
        found = memo.get(("game", x))
        if found is None:
            found = _simplify(frozenset(_canonical(o, memo) for o in x.left_options))
            memo[("game", x)] = found
        return found
    if hasattr(x, "components"):
        parts = list(x.components())
        if len(parts) != 1:
            total = ZERO
            for part in parts:
                total = _add(total, _canonical(part, memo))
            return total
        x = parts[0]
        if isinstance(x, (MisereGame, Game, int)):
            return _canonical(x, memo)
    if not has_options_method(x, "options"):
        raise NotImpartial(
            f"{type(x).__name__} is not an impartial game or position (it has no options())"
        )
    try:
        ident: Hashable = (type(x), x.key())
    except (AttributeError, TypeError):
        ident = None
    found = _positions.get(ident) if ident is not None else None
    if found is None:
        found = _simplify(frozenset(_canonical(o, memo) for o in x.options()))
        if ident is not None:
            _positions[ident] = found
    return found


# -- printing (CGSuite's notation) ---------------------------------------------------

# CGSuite keeps its first games in a fixed order, given here by their options
# (indices into this list; ``+`` marks the game plus *1).  Later games follow
# them, ordered by the invariants of their even parts (see _sort_key).
_EARLY = (
    "",
    "0 0+",
    "1",
    "1+",
    "2",
    "1 1+",
    "1 2",
    "0 2",
    "0+ 2",
    "1 1+ 2",
    "0 1+ 2",
    "0 1 2",
    "0+ 1+ 2",
    "0+ 1 2",
    "0 1 1+ 2",
    "0 0+ 1 2",
    "0+ 1 1+ 2",
    "0 0+ 1 1+",
    "0 0+ 1 1+ 2",
    "2+",
    "4",
    "6",
    "7",
    "8",
    "9",
    "10",
    "11",
    "12",
    "13",
    "14",
    "15",
    "16",
    "17",
    "18",
    "3",
    "5",
)
_early_index: dict[MisereGame, tuple[int, int]] = {}


def _early() -> dict[MisereGame, tuple[int, int]]:
    with _lock:
        if not _early_index:
            games: list[MisereGame] = []
            for spec in _EARLY:
                opts = []
                for word in spec.split():
                    g = games[int(word.rstrip("+"))]
                    opts.append(_add(g, misere_heap(1)) if word.endswith("+") else g)
                games.append(_simplify(frozenset(opts)))
            for i, g in enumerate(games):
                _early_index[g] = (i, 0)
                _early_index[_add(g, misere_heap(1))] = (i, 1)
        return _early_index


def _even_part(g: MisereGame) -> MisereGame:
    """``g`` if ``g`` is even, else ``g + *1`` (an option of an odd ``g``)."""
    even = g._even
    if even is None:
        plus_one = _add(g, misere_heap(1))
        even = g._even = plus_one if plus_one in g._set else g
    return even


def _sort_key(g: MisereGame) -> tuple[Any, ...]:
    key = g._key
    if key is None:
        early = _early().get(g)
        if early is not None:
            key = (0, *early)
        else:
            e = _even_part(g)
            key = (
                1,
                e._day,
                len(e._set),
                e._gplus,
                e._gminus,
                tuple(_sort_key(o) for o in _sorted(e._set)),
                0 if e is g else 1,
            )
        g._key = key
    return key


def _sorted(options: Iterable[MisereGame]) -> list[MisereGame]:
    return sorted(options, key=_sort_key)


def _number(n: int) -> str:
    return str(n) if n < 10 else f"&{n};"


def _difference(g: MisereGame, n: int) -> MisereGame | None:
    """The option ``d`` of ``g`` with ``d + *n = g``, if there is one."""
    heap = misere_heap(n)
    for d in g._options:
        if d._gplus ^ n == g._gplus and _add(d, heap) is g:
            return d
    return None


def _emit(
    g: MisereGame,
    paren: bool,
    opened: bool,
    memo: dict[tuple[MisereGame, bool, bool], tuple[str, bool]],
) -> tuple[str, bool]:
    """``g`` in CGSuite's notation, and whether a subscript bracket is left open.

    ``opened`` says that the caller writes subscripts after ``g``: then the
    bracket opens right after the innermost heap or list.  ``paren`` asks for
    a list of options to be parenthesised.
    """
    found = memo.get((g, paren, opened))
    if found is not None:
        return found
    result = _emit_new(g, paren, opened, memo)
    memo[(g, paren, opened)] = result
    return result


def _emit_new(
    g: MisereGame,
    paren: bool,
    opened: bool,
    memo: dict[tuple[MisereGame, bool, bool], tuple[str, bool]],
) -> tuple[str, bool]:
    b = g._day
    if _is_heap(g):
        return _number(b) + ("[" if opened else ""), opened
    even = _even_part(g)
    odd = even is not g
    # A sum with a Nim heap of the same parity as g and an earlier part is
    # written as that part with the heap as a subscript.
    # Such a part is an option of g, and so is such a sum (it is born before
    # g); their nim-values differ from g's by n.
    start = 3 if odd else 2
    sizes = {o._gplus ^ g._gplus for o in g._options}
    for n in sorted(k for k in sizes if start <= k < b and k % 2 == start % 2):
        d = _difference(g, n)
        if d is not None:
            text, _ = _emit(d, True, True, memo)
            return text + _number(n), True
        if any(o._gplus == g._gplus ^ n for o in g._options):
            s = _add(g, misere_heap(n))
            if s._day < b:
                text, _ = _emit(s, True, True, memo)
                return text + "-" + _number(n), True
    if odd:
        text, _ = _emit(even, True, True, memo)
        return text + "1", True
    options = _sorted(g._set)
    if len(options) == 1:
        text, opened = _emit(options[0], True, opened, memo)
        return text + "#", opened
    parts = []
    for o in reversed(options):
        text, inner = _emit(o, True, False, memo)
        parts.append(text + "]" if inner else text)
    text = "".join(parts)
    if paren:
        text = "(" + text + ")"
    return text + ("[" if opened else ""), opened


@deep
def _format_deep(g: MisereGame) -> str:
    text, opened = _emit(g, False, False, {})
    return "*[" + text + ("]" if opened else "") + "]"


# -- parsing --------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, message: str, pos: int | None = None) -> ParseError:
        return ParseError(message, self.text, self.pos if pos is None else pos)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip(self) -> None:
        while self.peek().isspace():
            self.pos += 1

    def expect(self, char: str) -> None:
        self.skip()
        if self.peek() != char:
            found = repr(self.peek()) if self.peek() else "end of text"
            raise self.error(f"expected {char!r}, found {found}")
        self.pos += 1

    def integer(self) -> int:
        start = self.pos
        while "0" <= self.peek() <= "9":
            self.pos += 1
        if start == self.pos:
            raise self.error("expected a number")
        digits = self.text[start : self.pos].lstrip("0")
        if len(digits) > len(str(MISERE_HEAP_LIMIT)):  # refused unread: no int() of it
            raise TooLarge(
                f"a misère Nim heap of {len(digits)} digits at position {start} is too "
                f"large: heaps above {MISERE_HEAP_LIMIT} "
                f"(cgt.impartial.misere_canonical.MISERE_HEAP_LIMIT) are refused"
            )
        return int(digits or "0")

    def expression(self) -> MisereGame:
        total = self.term()
        self.skip()
        while self.peek() == "+":
            self.pos += 1
            total = _checked_add(total, self.term())
            self.skip()
        return total

    def term(self) -> MisereGame:
        self.skip()
        c = self.peek()
        if c == "0":
            self.pos += 1
            return ZERO
        if c != "*":
            raise self.error("expected a misère game such as *[2#0]")
        self.pos += 1
        if "0" <= self.peek() <= "9":
            return misere_heap(self.integer())
        if self.peek() != "[":
            return misere_heap(1)
        close = self._matching(self.pos)
        inner = self.text[self.pos + 1 : close]
        if not inner.strip():  # CGSuite's empty list: the game without options
            self.pos = close + 1
            return ZERO
        if "," in inner or "*" in inner or inner.lstrip().startswith("["):
            self.pos += 1
            elements = self.elements()
            self.expect("]")
            if len(elements) == 1:
                return elements[0]
            return _simplify(frozenset(elements))
        self.pos += 1
        items = self.items("]")
        self.pos += 1
        if len(items) == 1:
            return items[0]
        return _simplify(frozenset(items))

    def _matching(self, pos: int) -> int:
        depth = 0
        for i in range(pos, len(self.text)):
            if self.text[i] == "[":
                depth += 1
            elif self.text[i] == "]":
                depth -= 1
                if depth == 0:
                    return i
        raise self.error("unclosed '['", pos)

    # CGSuite's input notation: comma-separated lists, nested lists are games.
    def elements(self) -> list[MisereGame]:
        self.skip()
        if self.peek() == "]":
            return []
        out = [self.element()]
        self.skip()
        while self.peek() == ",":
            self.pos += 1
            out.append(self.element())
            self.skip()
        return out

    def element(self) -> MisereGame:
        self.skip()
        c = self.peek()
        if c == "[":
            self.pos += 1
            options = self.elements()
            self.expect("]")
            return _simplify(frozenset(options))
        if "0" <= c <= "9":
            start = self.pos
            n = self.integer()
            self.skip()
            if self.peek() == "+":
                raise self.error("write a Nim heap in a sum as *n", start)
            return misere_heap(n)
        return self.expression()

    # CGSuite's output notation: one digit a heap, '#' and bracketed subscripts.
    def items(self, end: str) -> list[MisereGame]:
        out = []
        self.skip()
        while self.peek() != end:
            if not self.peek():
                raise self.error(f"expected {end!r}, found end of text")
            out.append(self.item())
            self.skip()
        if not out:
            raise self.error("expected a game")
        return out

    def heap_number(self) -> int:
        c = self.peek()
        if "0" <= c <= "9":
            self.pos += 1
            return int(c)
        if c == "&":
            self.pos += 1
            n = self.integer()
            if self.peek() != ";":
                raise self.error("expected ';' closing a heap size '&n;'")
            self.pos += 1
            return n
        found = repr(c) if c else "end of text"
        raise self.error(f"expected a heap size, found {found}")

    def item(self) -> MisereGame:
        self.skip()
        if self.peek() == "(":
            start = self.pos
            self.pos += 1
            options = self.items(")")
            self.pos += 1
            if len(options) < 2:
                raise self.error("parentheses hold two or more options", start)
            g = _simplify(frozenset(options))
        else:
            g = misere_heap(self.heap_number())
        while True:
            c = self.peek()
            if c == "#":
                self.pos += 1
                g = _simplify(frozenset([g]))
            elif c == "[":
                self.pos += 1
                g = self.subscripts(g)
            else:
                return g

    def subscripts(self, g: MisereGame) -> MisereGame:
        if self.peek() == "]":
            raise self.error("empty subscript")
        while self.peek() != "]":
            c = self.peek()
            if c == "#":
                self.pos += 1
                g = _simplify(frozenset([g]))
            elif c == "-":
                start = self.pos
                self.pos += 1
                n = self.heap_number()
                heap = misere_heap(n)
                _check_work(g, heap, times=n + 1)  # the difference is searched among sums
                d = _subtract(g, heap)
                if d is None:
                    raise self.error(f"{g} is not a sum with *[{_number(n)}]", start)
                g = d
            else:
                g = _checked_add(g, misere_heap(self.heap_number()))
        self.pos += 1
        return g


def _subtract(g: MisereGame, heap: MisereGame) -> MisereGame | None:
    """The game ``d`` with ``d + heap = g`` (unique when it exists), or ``None``.

    A ``d`` born before ``g`` is an option of ``g``.  A later one has ``g`` as
    an option; it is guessed (see :func:`_guess_difference`), then looked for
    among the games alive (printing a game makes it, so what this module
    prints it reads back while the game printed lives).  A ``d`` that neither
    finds is missed.
    """
    found = _guess_difference(g, heap, 3)
    if found is not None:
        return found
    try:
        return _minus(g, heap, {})  # complete, within its bound
    except TooLarge:
        pass
    plus = g._gplus ^ heap._gplus
    for d in _games.values():
        if d._gplus == plus and g in d._set and _add(d, heap) is g:
            return d
    return None


def _guess_difference(g: MisereGame, heap: MisereGame, depth: int) -> MisereGame | None:
    """``g - heap`` among g's options, or a guess built from the sums of ``g``
    with smaller heaps and the guessed differences of g's options (verified)."""
    n = heap._day
    for d in g._options:
        if d._gplus ^ n == g._gplus and _add(d, heap) is g:
            return d
    if depth == 0:
        return None
    guess = {_add(g, misere_heap(j)) for j in range(n)}
    for o in g._options:
        part = _guess_difference(o, heap, depth - 1)
        if part is not None:
            guess.add(part)
    found = _simplify(frozenset(guess))
    return found if _add(found, heap) is g else None


def _to_tree(g: MisereGame) -> tuple[tuple[int, ...], ...]:
    """``g`` as a list of nodes, each the indices of its options (options first)."""
    index: dict[MisereGame, int] = {}
    nodes: list[tuple[int, ...]] = []
    stack: list[tuple[MisereGame, bool]] = [(g, False)]
    while stack:
        x, ready = stack.pop()
        if x in index:
            continue
        if ready:
            index[x] = len(nodes)
            nodes.append(tuple(index[o] for o in x._options))
        else:
            stack.append((x, True))
            stack.extend((o, False) for o in x._options if o not in index)
    return tuple(nodes)


def _from_tree(nodes: tuple[tuple[int, ...], ...]) -> MisereGame:
    made: list[MisereGame] = []
    for options in nodes:
        made.append(_simplify(frozenset(made[i] for i in options)))
    return made[-1]


@deep
def _parse_deep(text: str) -> MisereGame:
    parser = _Parser(text)
    g = parser.expression()
    parser.skip()
    if parser.pos != len(text):
        raise parser.error(f"unexpected {text[parser.pos]!r}")
    return g


def parse_misere(text: str) -> MisereGame:
    """Read a misère game written in CGSuite's notation.

    Both CGSuite's printed form (``*[2#0]``, ``*[2[2]]``, one digit a heap,
    ``&12;`` a heap of 12) and its input form (``*[[2],0]``: comma-separated
    lists, a nested list is the game with those options, ``*[n]`` the heap
    ``n``) are read, and sums with ``+``.  Errors say where the text went wrong.

    >>> parse_misere("*[2#0]") is parse_misere("*[[2],0]")
    True
    >>> parse_misere("*[[*[4] + *[2]]]")
    *[4[2#]]
    >>> parse_misere("*[2#")
    Traceback (most recent call last):
      ...
    cgt.errors.ParseError: unclosed '[' at position 1
      *[2#
       ^
    """
    if not isinstance(text, str):
        raise WrongType(f"parse_misere takes a str, not {type(text).__name__}")
    return _parse_deep(text)


# misère forms are read by name only: cgt.parse reads normal-play values
register_reader("misere", parse_misere)
