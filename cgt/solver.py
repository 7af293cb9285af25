"""The one generic solver: positions to values, with transposition tables.

A *position* of a ruleset implements a small protocol (see
:class:`cgt.games.base.Position`): its options, its split into independent
components (a disjunctive sum) and a normalised hashable key.  The solver
values a position as the sum of its components' values, memoising each
component by its key, so a component met again anywhere in the search (or in
a later search) costs a dictionary lookup.

* partizan: :meth:`Solver.value` returns the canonical :class:`cgt.Game`;
* impartial: :meth:`Solver.grundy` returns the Grundy value (an ``int``),
  the XOR of the components' values and the mex over options;
* scoring: :meth:`Solver.scoring_value` returns a :class:`~cgt.scoring.ScoringGame`
  (a play ends with a score: see :class:`cgt.games.ScoringPosition`).

>>> from cgt.games.base import ImpartialPosition
>>> class Heap(ImpartialPosition):          # one Nim heap
...     def __init__(self, n: int) -> None: self.n = n
...     def options(self): return [Heap(k) for k in range(self.n)]
...     def key(self): return self.n
>>> Solver().grundy(Heap(5))
5

Rulesets that need speed may instead expose *keyed rules*
(:class:`KeyedRules`): positions become plain hashable states, each split
into normalised component keys that carry a negation flag (a Domineering
board and its transpose share one table entry, the second read negated).
The same tables, hit counts and :meth:`Solver.clear` serve both protocols.

Every kind of value goes through one memo loop, parametrised by a
:class:`ValueAlgebra` (partizan ``{L | R}`` and ``+``; Grundy mex and xor;
scoring ``<L | R>`` with atoms, and ``+``):
look the component up, else read it from the store, else value its options
as sums and ``combine`` them, then keep the value within the solver's memory
share and write it to the store.  The loop has two entries, one per protocol
(``_component`` for positions, ``_keyed_component`` for keyed rules), that
share the algebra, the tables, ``_keep`` and the store; they differ only in
how a component is reached (an object with methods, or a key handed back to
the rules) and in the checks the open protocol needs (loops, identity keys,
malformed positions).  An adapter presenting positions as keyed rules would
need a key-to-object table and one more call per component on the hottest
path, so the two entries stay.

Stores are reached through :class:`Persistence`, which :class:`cgt.Store`
implements; this module never imports the store.  The outcome searches
(:mod:`cgt.impartial_search`, and :mod:`cgt.play`'s outcome and misère
searches) stop at the first winning move instead of combining every
option's value, so they are not algebras of this loop (see
:mod:`cgt.impartial_search`); the impartial one keeps its values in the
loop's Grundy table through ``_keep``.

>>> class Strip:                 # a Domineering row of n cells, as keyed rules
...     def split(self, state): return [(state, False)] if state > 1 else []
...     def options(self, key):
...         right = [(i, key - i - 2) for i in range(key - 1)]
...         return [], right
>>> class Row:                   # a sum of rows: the state is a tuple of lengths
...     def split(self, state): return [(n, False) for n in state if n > 1]
...     def options(self, key): return Strip().options(key)
>>> s = Solver()
>>> s.keyed_value(Row(), (5, 4))
-4
"""

from __future__ import annotations

import operator
import os
import threading
import weakref
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from . import _cache
from . import progress as _progress
from ._budget import spend
from ._deep import deep
from .canonical import add as _add
from .canonical import canonical_form as _canonical_form
from .canonical import negate as _negate
from .errors import NotImpartial, WrongType
from .game import Game, zero
from .impartial_search import OutcomeSearch

if TYPE_CHECKING:  # pragma: no cover
    from .scoring import ScoringGame

__all__ = [
    "IdentityKeyWarning",
    "ImpartialLike",
    "KeyedRules",
    "PartizanLike",
    "Persistence",
    "Solver",
    "SolverInfo",
    "ValueAlgebra",
    "current_persistence",
    "set_persistence_provider",
]


_T = TypeVar("_T")
_serial: Callable[[Game], int] = operator.attrgetter("serial")  # mapped over options


@runtime_checkable
class PartizanLike(Protocol):
    """What the solver needs of a partizan position.

    >>> from cgt.games import Domineering
    >>> isinstance(Domineering("..|.."), PartizanLike)
    True
    """

    def left_options(self) -> Iterable[Any]: ...
    def right_options(self) -> Iterable[Any]: ...
    def components(self) -> Iterable[Any]: ...
    def key(self) -> Hashable: ...


@runtime_checkable
class ImpartialLike(Protocol):
    """What the solver needs of an impartial position.

    >>> from cgt.games import OctalGame
    >>> isinstance(OctalGame("0.77")(5), ImpartialLike)
    True
    """

    def options(self) -> Iterable[Any]: ...
    def components(self) -> Iterable[Any]: ...
    def key(self) -> Hashable: ...


class KeyedRules(Protocol):
    """Fast protocol: a ruleset that works on raw hashable states and keys.

    * ``split(state)`` returns the state's independent components as pairs
      ``(key, negated)``: ``key`` is normalised (symmetry-reduced, cropped)
      and the component's value is the value stored for ``key``, negated when
      ``negated`` is true (for example a transposed Domineering board).
      Components worth 0 for sure may be left out.
    * ``options(key)`` returns ``(left, right)``: the states each player can
      move to from the component of that key (for impartial rules both lists
      are the options; only ``left`` is used).

    Optionally ``known_value(key)`` returns a :class:`~cgt.Game` (or ``None``)
    and ``known_grundy(key)`` an ``int`` (or ``None``) to skip a search;
    ``size(key)`` an ``int`` measure of a component (say its cells), with
    which the impartial search (:mod:`cgt.impartial_search`) picks the
    largest part of an option and tries small options first; and
    ``state_key(state)`` returns a hashable key of a whole state, with which
    the solver also remembers the values of whole option states (the same
    state is often reached from several positions), in a table of bounded
    size (:attr:`Solver.max_states`); ``persistent(key)`` returns ``False`` for
    a key that means something in this process only (so it is never looked up
    in, or written to, a store).

    Keys of different games may clash (a Col and a Snort graph), so a solver
    serves the keyed rules of one game, named by the optional attribute
    ``ruleset`` (by default the rules' class); asking it about another raises
    :class:`~cgt.errors.RulesetMismatch` until it is cleared.

    Nim heaps as keyed rules (each heap is a component, keyed by its size):

    >>> class Nim:
    ...     def split(self, state): return [(n, False) for n in state if n]
    ...     def options(self, key):
    ...         opts = [(k,) for k in range(key)]
    ...         return opts, opts
    >>> Solver().keyed_value(Nim(), (1, 2)), Solver().keyed_grundy(Nim(), (1, 2))
    (*3, 3)
    """

    def split(self, state: Any) -> Iterable[tuple[Hashable, bool]]: ...
    def options(self, key: Any) -> tuple[Iterable[Any], Iterable[Any]]: ...


_V = TypeVar("_V")

Row = tuple[str, str]
"""A row of a persistent store: ``(ruleset name, encoded key)``."""


@runtime_checkable
class Persistence(Protocol):
    """What the solver needs of a persistent value store (:class:`cgt.Store` implements it).

    The solver is given one (``Solver(store=...)``, or the process-wide one of
    :func:`cgt.use_store`) and never imports the store module: the store layer
    sits below the solver and provides itself through
    :func:`set_persistence_provider`.

    * ``ruleset_name(ruleset)``: the stable stored name of a ruleset (a class,
      or the rules' ``ruleset``);
    * ``row_key(key)``: a component key encoded as text, ``None`` if the key
      cannot be stored;
    * ``read(row, kind)`` / ``write(row, kind, value)``: the value of ``kind``
      (a :class:`ValueAlgebra`'s ``kind``: ``"value"`` or ``"grundy"``) stored
      under ``row``, ``None`` if absent; a written value may be held pending;
    * ``flush()``: write what is pending (at the end of every top-level search).

    >>> import os, tempfile, cgt
    >>> isinstance(cgt.Store(os.path.join(tempfile.mkdtemp(), "p.sqlite")), Persistence)
    True
    """

    def ruleset_name(self, ruleset: Any) -> str: ...
    def row_key(self, key: Hashable) -> str | None: ...
    def read(self, row: Row, kind: str) -> Any: ...
    def write(self, row: Row, kind: str, value: Any) -> None: ...
    def flush(self) -> None: ...


def _no_persistence() -> Persistence | None:
    return None


_current_persistence: Callable[[], Persistence | None] = _no_persistence
_open_persistence: Callable[[str | os.PathLike[str]], Persistence] | None = None


def current_persistence() -> Persistence | None:
    """The store every solver without its own uses now (:func:`cgt.use_store`'s), or ``None``.

    >>> current_persistence() is None
    True
    """
    return _current_persistence()


def set_persistence_provider(
    current: Callable[[], Persistence | None],
    opener: Callable[[str | os.PathLike[str]], Persistence],
) -> None:
    """Install the store layer: ``current()`` gives the process-wide store (or
    ``None``) and ``opener(path)`` opens a store file for ``Solver(store=path)``.

    :mod:`cgt.store` calls this when it is imported (``import cgt`` does), so
    the solver reaches the store only through :class:`Persistence`.

    >>> import cgt.store
    >>> set_persistence_provider(cgt.store.current_store, cgt.store.Store)
    """
    global _current_persistence, _open_persistence
    _current_persistence = current
    _open_persistence = opener


class ValueAlgebra(Protocol[_V]):
    """How the one memo loop of :class:`Solver` turns options into values.

    The loop (for positions, :meth:`Solver.value`/:meth:`Solver.grundy`, and
    for keyed rules, :meth:`Solver.keyed_value`/:meth:`Solver.keyed_grundy`)
    looks a component up in ``values``, else in the store under ``kind``, else
    values each option (recursively, as a sum of components added with
    ``add`` from ``zero``) and forms the component's value with ``combine``;
    the value is kept in ``values`` (within the solver's memory share) and
    written to the store.  Three algebras exist: partizan (``{L | R}``
    canonical forms, ``+``), Grundy (mex, xor) and scoring (forms with atoms, ``+``).

    A third algebra, scoring values (:class:`_Scoring`, for
    :meth:`Solver.scoring_value`), forms ``<G^L | G^R>`` whose empty sides carry
    the score the component ends with there: so ``combine`` is also handed the
    component itself (a position of the protocol; for keyed rules, its key),
    the one change the scoring algebra made to this protocol; the partizan and
    Grundy algebras ignore it.  Another kind of value (misère forms, say)
    plugs in as one more class with these members, one more pair of tables
    on the solver (``values`` and ``states``), a store ``kind`` its
    :class:`Persistence` knows how to encode (or ``stored = False``: never
    read from or written to a store), and a public method on
    :class:`Solver` that calls ``_sum`` or ``_keyed_sum`` with it; the loop
    itself does not change.

    * ``kind``: the store table; ``known``: the name of the keyed rules' optional
      shortcut (``known_value``, ``known_grundy``); ``sides``: how many option
      lists ``combine`` takes (2: Left's and Right's; 1: the impartial options);
      ``budgeted``: whether each new component counts against a work budget;
      ``stored``: whether values of this kind go to and come from a store;
    * ``of_game(g)``: a :class:`~cgt.Game` met as a position (say an option);
    * ``position_options(component)``: its option lists, ``sides`` of them;
    * ``combine(option_values, component)``, ``add(a, b)``, ``negate(a)``.

    >>> from cgt import up, zero
    >>> s = Solver()
    >>> s._partizan.combine([[zero], [zero]], None), s._partizan.add(up, up)
    (*, ^^)
    >>> s._grundy_algebra.combine([[0, 1, 3]], None), s._grundy_algebra.add(5, 3)
    (2, 6)
    """

    kind: str
    known: str
    sides: int
    budgeted: bool
    stored: bool
    zero: _V
    values: dict[Hashable, _V]
    states: dict[Hashable, _V]

    def of_game(self, g: Game) -> _V: ...
    def position_options(self, component: Any) -> Sequence[Iterable[Any]]: ...
    def combine(self, option_values: Sequence[Sequence[_V]], component: Any) -> _V: ...
    def add(self, a: _V, b: _V) -> _V: ...
    def negate(self, a: _V) -> _V: ...


class _Partizan:
    """Partizan values: ``{L | R}`` in canonical form, sums with ``+``.

    Canonical forms and sums are remembered by the options' and terms'
    identities (different components often have the same option values, and
    few distinct component values meet in sums), in tables of bounded size.
    """

    kind = "value"
    known = "known_value"
    sides = 2
    budgeted = True
    stored = True

    def __init__(self, solver: Solver) -> None:
        self.zero = zero
        self.values = solver.values
        self.states = solver.state_values
        self._sums = solver._sums
        self._forms = solver._forms
        self._solver = solver

    @staticmethod
    def of_game(g: Game) -> Game:
        return g

    @staticmethod
    def position_options(component: Any) -> tuple[Iterable[Any], Iterable[Any]]:
        return component.left_options(), component.right_options()

    def combine(self, option_values: Sequence[Sequence[Game]], component: Any) -> Game:
        left, right = option_values
        form = (frozenset(map(_serial, left)), frozenset(map(_serial, right)))
        forms = self._forms
        result = forms.get(form)
        if result is None:
            result = self._remember(forms, form, _canonical_form(left, right))
        return result

    def add(self, a: Game, b: Game) -> Game:
        if a is zero:
            return b
        sums = self._sums
        pair = (a.serial, b.serial)
        summed = sums.get(pair)
        if summed is None:
            summed = self._remember(sums, pair, _add(a, b))
        return summed

    def _remember(self, table: dict[Any, Game], key: Any, value: Game) -> Game:
        """Keep ``value`` in a table of bounded size (emptied when full)."""
        if len(table) >= min(self._solver.max_sums, _cache._solver_limit):
            table.clear()
        table[key] = value
        return value

    negate = staticmethod(_negate)


def _same(value: int) -> int:
    return value


class _Grundy:
    """Grundy values: the mex of the options' values, sums by xor."""

    kind = "grundy"
    known = "known_grundy"
    sides = 1
    budgeted = False
    stored = True
    zero = 0
    add = staticmethod(operator.xor)
    negate = staticmethod(_same)  # an impartial game is its own negative

    def __init__(self, solver: Solver) -> None:
        self.values = solver.grundy_values
        self.states = solver.state_grundy

    @staticmethod
    def of_game(g: Game) -> int:
        if not g.is_nimber:
            raise NotImpartial(f"{g} is not a nimber, so it has no Grundy value")
        return g.nim_value()

    @staticmethod
    def position_options(component: Any) -> tuple[Iterable[Any]]:
        return (component.options(),)

    @staticmethod
    def combine(option_values: Sequence[Sequence[int]], component: Any) -> int:
        seen = set(option_values[0])
        n = 0
        while n in seen:
            n += 1
        return n


class _Scoring:
    """Scoring values (:mod:`cgt.scoring`): ``<G^L | G^R>`` with an atom ``∅^s`` on
    an empty side (the component's ``left_atom()`` / ``right_atom()``), sums with
    ``+``, negation the conjugate.

    A guaranteed value is kept in its simplest form (:func:`cgt.scoring.simplest_form`).
    Equality of guaranteed games says nothing of contexts outside them, so a
    component whose game is not guaranteed is kept as its whole form, built
    from its options' forms with no reduction anywhere below it (in
    ``forms``, a table of bounded size); its parents are then not guaranteed
    either, and :meth:`Solver.scoring_value` sums such forms unreduced.
    A component with options on both sides is guaranteed when its options
    are; one with an atom is checked on its whole form.  Values never go to
    a store: it keeps short partizan values and Grundy values only
    (``stored`` is false).
    """

    kind = "scoring"
    known = "known_scoring_value"
    sides = 2
    budgeted = True
    stored = False

    def __init__(self, solver: Solver) -> None:
        from .scoring import ScoringGame, add, scoring_game, simplest_form, zero

        self.zero = zero
        self.values = solver.scoring_values
        self.states = solver.state_scoring
        self.forms = solver._scoring_forms
        self._solver = solver
        self._make = ScoringGame
        self._add = add
        self._embed = scoring_game
        self._simplest = simplest_form

    def of_game(self, g: Game) -> Any:
        return self._simplest(self._embed(g))  # normal play embeds as guaranteed games

    @staticmethod
    def position_options(component: Any) -> tuple[Iterable[Any], Iterable[Any]]:
        return component.left_options(), component.right_options()

    def combine(self, option_values: Sequence[Sequence[Any]], component: Any) -> Any:
        left, right = option_values
        if left and right:
            if all(o.is_guaranteed() for o in left) and all(o.is_guaranteed() for o in right):
                return self._simplest(self._make(list(left), list(right)))
            return self.tree(component)
        whole = self.tree(component)
        return self._simplest(whole) if whole.is_guaranteed() else whole

    def add(self, a: Any, b: Any) -> Any:
        if a is self.zero:
            return b
        if b is self.zero:
            return a
        total = self._add(a, b)
        return self._simplest(total) if total.is_guaranteed() else total

    def negate(self, a: Any) -> Any:
        return -a

    def form(self, position: Any) -> Any:
        """The whole form of ``position``: its components' game trees, atoms at empty
        sides, unreduced, summed as forms."""
        if isinstance(position, Game):
            return self._embed(position)
        total = self.zero
        for part in _components_of(position):
            total = self._add(total, self.tree(part))
        return total

    def tree(self, component: Any) -> Any:
        """The game tree of one component as a form (its options' :meth:`form`)."""
        if isinstance(component, Game):
            return self._embed(component)
        key, found = self._solver._look_up(component, self.forms)
        if found is not None:
            return found
        left = [self.form(o) for o in component.left_options()]
        right = [self.form(o) for o in component.right_options()]
        made = self._make(
            left or _atom(component, "left"),
            right or _atom(component, "right"),
        )
        forms = self.forms
        if len(forms) >= min(self._solver.max_sums, _cache._solver_limit):
            forms.clear()
        forms[key] = made
        return made


def _atom(component: Any, side: str) -> Any:
    """The score ``component`` ends with when ``side`` is to move and cannot."""
    method = getattr(component, f"{side}_atom", None)
    if method is None:
        from .errors import PositionProtocolError

        raise PositionProtocolError(
            f"{type(component).__name__} is not a scoring position: {side.capitalize()} has no "
            f"move there, and it has no {side}_atom() giving the score the game then ends "
            f"with (subclass cgt.games.ScoringPosition)"
        )
    return method()


class _Call:
    """Marks a running top-level call of a :class:`Solver` (see ``Solver._attach``)."""

    __slots__ = ("__weakref__",)


class SolverInfo(tuple[int, int, int, int]):
    """Sizes and hit counts of a solver's tables: ``(values, grundy, hits, misses)``.

    >>> info = SolverInfo((3, 0, 1, 3))
    >>> info.values, info.grundy_values, info.hits, info.misses
    (3, 0, 1, 3)
    """

    __slots__ = ()

    @property
    def values(self) -> int:
        """Number of stored partizan component values."""
        return self[0]

    @property
    def grundy_values(self) -> int:
        """Number of stored Grundy values."""
        return self[1]

    @property
    def hits(self) -> int:
        """Table lookups that found a stored value."""
        return self[2]

    @property
    def misses(self) -> int:
        """Table lookups that had to compute."""
        return self[3]

    def __repr__(self) -> str:
        return (
            f"SolverInfo(values={self[0]}, grundy_values={self[1]}, "
            f"hits={self[2]}, misses={self[3]})"
        )


class Solver:
    """A memoising solver with one transposition table per kind of value.

    Keys must identify a component's value: positions with equal keys must
    have equal values.  A ruleset may make its keys symmetry-reduced (equal for
    mirror images) as long as that holds.

    One solver may be shared by many threads: its public methods hold
    :attr:`lock` (re-entrant), so its tables change under one thread at a
    time.  The tables are bounded by the solvers' share of
    :func:`cgt.memory_limit` (divided among the live solvers) and by
    :func:`cgt.cache_limit` entries each (the older half of a component table
    is forgotten when full; the other tables are emptied).

    With a store (``Solver(store=path)``, or for every solver
    :func:`cgt.use_store`) a component missing from the tables is looked up
    in the store, and every new component value is written there (see
    :mod:`cgt.store`), so later searches in any process read it.

    >>> s = Solver()
    >>> s.info()
    SolverInfo(values=0, grundy_values=0, hits=0, misses=0)
    >>> import os, tempfile
    >>> from cgt.games import Clobber
    >>> path = os.path.join(tempfile.mkdtemp(), "values.sqlite")
    >>> Solver(store=path).value(Clobber("xox"), progress=False)
    *
    >>> again = Solver(store=path)
    >>> again.value(Clobber("xox"), progress=False), again.info().misses, again.store_hits
    (*, 0, 1)
    """

    max_states: int = 1 << 21
    """Size bound of the table of whole option states (emptied when full)."""

    _keyed_mex: bool = False
    """Value keyed impartial components by the mex over all options (the older,
    slower search) instead of the outcome search of :mod:`cgt.impartial_search`."""

    max_sums: int = 1 << 16
    """Size bound of the tables of sums and of canonical forms of option values
    (each emptied when full)."""

    def __init__(self, store: Persistence | str | os.PathLike[str] | None = None) -> None:
        if isinstance(store, (str, os.PathLike)):
            if _open_persistence is None:  # pragma: no cover - import cgt installs the store
                raise WrongType("Solver(store=path) needs cgt.store, which is not imported")
            store = _open_persistence(store)
        elif store is not None and not isinstance(store, Persistence):
            raise WrongType(f"Solver(store=...) needs a Store or a file path, not {store!r}")
        self.store = store
        """This solver's own store (see :mod:`cgt.store`); ``None``: :func:`cgt.use_store`'s."""
        self.store_hits = 0
        """Component values this solver read from a store instead of computing them."""
        self._persist: Persistence | None = None  # the store of the running top-level call
        self._call: weakref.ref[_Call] | None = None  # the running top-level call's
        self._absent: set[tuple[str, str]] = set()  # rows the store lacked in this call
        self._class_names: dict[type, str] = {}
        self._keyed_name = ""
        self.lock = threading.RLock()
        """Held while the tables change; hold it to use them from outside."""
        self.values: dict[Hashable, Game] = {}
        self.grundy_values: dict[Hashable, int] = {}
        self.state_values: dict[Hashable, Game] = {}
        self.state_grundy: dict[Hashable, int] = {}
        self.outcomes: dict[Hashable, int] = {}
        """Keyed impartial components ``G`` by the heaps ``n`` (bit ``n``) with
        ``G + *n`` known to be a first-player win (see :mod:`cgt.impartial_search`)."""
        self._sums: dict[tuple[int, int], Game] = {}
        self._forms: dict[tuple[frozenset[int], frozenset[int]], Game] = {}
        self.scoring_values: dict[Hashable, Any] = {}
        """Scoring components' values (:meth:`scoring_value`), by table key."""
        self.state_scoring: dict[Hashable, Any] = {}
        self._scoring_forms: dict[Hashable, Any] = {}
        self._partizan: ValueAlgebra[Game] = _Partizan(self)
        self._grundy_algebra: ValueAlgebra[int] = _Grundy(self)
        self._scoring: _Scoring | None = None  # made on first use (it imports cgt.scoring)
        self._hits = 0
        self._misses = 0
        self._ruleset: Hashable | None = None
        self._path: set[Hashable] = set()  # keys being valued on the current line of play
        self._tracker: _progress.Tracker | None = None  # the running search's progress
        self._tick_at = _progress.NEVER  # the miss count at which to update it
        _cache.add_solver(self)  # the solvers' share of the memory budget is divided among them

    def info(self) -> SolverInfo:
        """Table sizes and hit counts.

        >>> Solver().info().values
        0
        """
        return SolverInfo((len(self.values), len(self.grundy_values), self._hits, self._misses))

    def _table_entries(self) -> int:
        """Entries in all the tables (for :func:`cgt.cache_info`)."""
        return (
            len(self.values)
            + len(self.grundy_values)
            + len(self.state_values)
            + len(self.state_grundy)
            + len(self.outcomes)
            + len(self._sums)
            + len(self._forms)
            + len(self.scoring_values)
            + len(self.state_scoring)
            + len(self._scoring_forms)
        )

    def _full(self, table: Sized) -> bool:
        """Is ``table`` to be trimmed: at :func:`cgt.cache_limit`, or with this
        solver's tables together holding its share of the memory budget?

        Each table is first checked against an equal part of the share
        (:func:`cgt._cache.solver_limit`); only past that is the total looked at,
        so a search that fills one table (the usual case) may use the whole share
        instead of a seventh of it, and a memo just below its working set is not
        halved again and again (a search that then recomputes without end).
        """
        return len(table) >= _cache._entries or self._table_entries() >= _cache._solver_total

    def clear(self) -> None:
        """Empty the tables.

        >>> s = Solver(); s.clear(); s.info().misses
        0
        """
        with self.lock:
            self._clear()

    def _clear(self) -> None:
        self.values.clear()
        self.grundy_values.clear()
        self.state_values.clear()
        self.state_grundy.clear()
        self.outcomes.clear()
        self._sums.clear()
        self._forms.clear()
        self.scoring_values.clear()
        self.state_scoring.clear()
        self._scoring_forms.clear()
        self._hits = self._misses = 0
        self._ruleset = None
        self._keyed_name = ""

    # --- partizan ----------------------------------------------------------------
    @deep
    def value(self, position: PartizanLike, *, progress: bool | None = None) -> Game:
        """The canonical value of ``position``: the sum of its components' values.

        A search longer than two seconds shows a progress bar (see
        :mod:`cgt.progress`); ``progress=False`` keeps this one silent.

        >>> from cgt.games import Clobber
        >>> Solver().value(Clobber("xox"), progress=False)
        *
        """
        return self._run(progress, lambda: self._sum(position, self._partizan))

    def _run(
        self, progress: bool | None, search: Callable[[], _V], rules: KeyedRules | None = None
    ) -> _V:
        """Run ``search`` as a call of the public API: under the lock (with keyed
        ``rules`` bound first, when given), the store attached and a progress bar."""
        with self.lock:
            if rules is not None:
                self._bind(rules)
            call = _Call()  # held by this frame only: see _attach
            top = self._attach(call)
            try:
                with _progress.tracking(
                    "positions solved", progress=progress, base=self._misses
                ) as tracker:
                    if tracker is _progress.IDLE:  # inside another tracked search
                        return search()
                    self._tracker, self._tick_at = tracker, tracker.next
                    try:
                        return search()
                    finally:
                        self._tracker, self._tick_at = None, _progress.NEVER
            finally:
                if top:
                    self._detach()

    # --- the store ---------------------------------------------------------------
    def _attach(self, call: _Call) -> bool:
        """A call of the public API starts; if no other is running (it is a top-level
        call), use this solver's store, or the process's, and return ``True``.

        The running top-level call is known by its ``call`` object, which only
        its frame holds: if an interrupt cuts its clean-up short, the call still
        ends once that frame is freed (a counter of nested calls would stay
        raised, and no later call would attach the store again).
        """
        running = self._call
        if running is not None and running() is not None:
            return False
        self._absent.clear()
        self._persist = self.store if self.store is not None else _current_persistence()
        self._call = weakref.ref(call)
        return True

    def _detach(self) -> None:
        """A top-level call ends (however it ends): write the complete values pending."""
        self._call = None
        persist, self._persist = self._persist, None
        self._absent.clear()
        if persist is not None:
            persist.flush()

    def _row(self, key: Hashable) -> Row | None:
        """The store row of a protocol component's table key ``(class, key())``."""
        pair: tuple[type, Hashable] = key  # type: ignore[assignment]
        cls, own = pair
        persist = self._persist
        assert persist is not None
        name = self._class_names.get(cls)
        if name is None:
            name = self._class_names[cls] = persist.ruleset_name(cls)
        encoded = persist.row_key(own)
        return None if encoded is None else (name, encoded)

    def _keyed_row(self, key: Hashable) -> Row | None:
        """The store row of a keyed component."""
        persist = self._persist
        assert persist is not None
        if not self._keyed_name:
            self._keyed_name = "keyed:" + persist.ruleset_name(self._ruleset)
        encoded = persist.row_key(key)
        return None if encoded is None else (self._keyed_name, encoded)

    def _stored(self, row: Row | None, kind: str) -> Any:
        """The value of ``kind`` the store holds for ``row`` (``None`` if none or unstorable)."""
        if row is None or row in self._absent:
            return None
        persist = self._persist
        assert persist is not None
        found = persist.read(row, kind)
        if found is None:
            if len(self._absent) >= _cache._solver_limit:
                self._absent.clear()
            self._absent.add(row)
        else:
            self.store_hits += 1
        return found

    def _save(self, row: Row | None, kind: str, value: Any) -> None:
        persist = self._persist
        if row is not None and persist is not None:
            persist.write(row, kind, value)

    # --- progress ----------------------------------------------------------------
    def _tick(self) -> None:
        """A checkpoint of the running search (every few thousand new positions)."""
        tracker = self._tracker
        if tracker is None:
            self._tick_at = _progress.NEVER
            return
        tracker.update(self._misses)
        self._tick_at = tracker.next

    # --- the one memo loop: positions --------------------------------------------
    def _sum(self, position: Any, algebra: ValueAlgebra[_V]) -> _V:
        """The value of ``position`` in ``algebra``: the sum of its components' values."""
        if isinstance(position, Game):  # a value is a position too (say, an option)
            return algebra.of_game(position)
        total = None
        add = algebra.add
        for component in _components_of(position):
            value = self._component(component, algebra)
            total = value if total is None else add(total, value)
        return algebra.zero if total is None else total

    def _keep(self, algebra: ValueAlgebra[_V], key: Hashable, value: _V, row: Row | None) -> None:
        """Remember a new component value (within this solver's memory share, see
        :meth:`_full`) and write it to the store."""
        table = algebra.values
        if len(table) >= _cache._solver_limit and self._full(table):
            _cache.trim(table, len(table) // 2)
        table[key] = value
        if row is not None:
            self._save(row, algebra.kind, value)

    @staticmethod
    def key_of(component: PartizanLike | ImpartialLike) -> Hashable:
        """The table key of a component: its class and its :meth:`key`.

        The class keeps rulesets apart that use equal keys for different
        games (a Col and a Snort graph, a Domineering and a Cram board), so
        one solver may serve several.

        >>> from cgt.games import Col, Snort
        >>> Col(".-.").key() == Snort(".-.").key()
        True
        >>> Solver.key_of(Col(".-.")) == Solver.key_of(Snort(".-."))
        False
        """
        return (component.__class__, component.key())

    def _look_up(self, component: Any, table: Mapping[Hashable, _T]) -> tuple[Hashable, _T | None]:
        """``component``'s table key and stored value (``None`` if new), raising
        :class:`~cgt.PositionProtocolError` if it has no hashable ``key()`` (the
        slow path: the fast one is inlined in the callers)."""
        try:
            key = self.key_of(component)
        except AttributeError:
            if hasattr(component, "key"):
                raise  # the component's own key() failed
            raise _not_a_position(component, "key") from None
        try:
            return key, table.get(key)
        except TypeError:
            raise _unhashable(component, key) from None

    def _component(self, component: Any, algebra: ValueAlgebra[_V]) -> _V:
        table = algebra.values
        try:
            key: Hashable = (component.__class__, component.key())
            found = table.get(key)
        except (AttributeError, TypeError):  # not a position, or an unhashable key()
            key, found = self._look_up(component, table)
        if found is not None:
            self._hits += 1
            return found
        row = None
        if self._persist is not None and algebra.stored:
            row = self._row(key)
            stored = self._stored(row, algebra.kind)
            if stored is not None:
                self._hits += 1
                table[key] = stored
                return stored  # type: ignore[no-any-return]
        self._misses += 1
        if self._misses >= self._tick_at:
            self._tick()
        if algebra.budgeted:
            spend()
        if key[1] is component:  # type: ignore[index]
            _note_identity_key(component, table)
        path = self._path
        if key in path:
            raise _loopy(component)
        path.add(key)
        try:
            result = algebra.combine(
                [
                    [self._sum(option, algebra) for option in side]
                    for side in algebra.position_options(component)
                ],
                component,
            )
        finally:
            path.discard(key)
        self._keep(algebra, key, result, row)
        return result

    # --- scoring -----------------------------------------------------------------
    @deep
    def scoring_value(self, position: Any, *, progress: bool | None = None) -> ScoringGame:
        """The value of a scoring ``position`` (see :class:`cgt.games.ScoringPosition`):
        a :class:`~cgt.scoring.ScoringGame`, the sum of its components' values.

        Each component is valued by the one memo loop with the scoring
        algebra: its options' values make ``<G^L | G^R>``, an empty side
        taking the component's ``left_atom()`` or ``right_atom()``, and a
        guaranteed value is kept in simplest form.  When a component is not
        a guaranteed game, the position's value is its whole form instead,
        unreduced (equality of guaranteed games says nothing outside them;
        see ``_Scoring``).  Values are memoised by key in
        :attr:`scoring_values` (bounded like the other tables, emptied by
        :meth:`clear`) but never written to a store, which keeps short
        partizan and Grundy values only.  ``progress`` as for :meth:`value`.

        >>> from cgt.games import Diskonnect
        >>> v = Solver().scoring_value(Diskonnect("...|..o|xo."), progress=False)
        >>> v, v.left_score, v.right_score
        (<<2|^2>|^2>, 2, 2)
        """

        def search() -> ScoringGame:
            algebra = self._scoring_values()
            if isinstance(position, Game):
                return algebra.of_game(position)  # type: ignore[no-any-return]
            parts = [self._sum(part, algebra) for part in _components_of(position)]
            if not all(part.is_guaranteed() for part in parts):
                return algebra.form(position)  # type: ignore[no-any-return]
            total = algebra.zero
            for part in parts:
                total = algebra.add(total, part)
            return total

        return self._run(progress, search)

    def _scoring_values(self) -> _Scoring:
        algebra = self._scoring
        if algebra is None:
            algebra = self._scoring = _Scoring(self)
        return algebra

    # --- impartial ---------------------------------------------------------------
    @deep
    def grundy(self, position: ImpartialLike, *, progress: bool | None = None) -> int:
        """The Grundy value of ``position``: the XOR of its components' values.

        ``progress`` as for :meth:`value`.

        >>> from cgt.games import OctalGame
        >>> Solver().grundy(OctalGame("0.07")(8), progress=False)
        1
        """
        return self._run(progress, lambda: self._sum(position, self._grundy_algebra))

    # --- keyed rules (fast protocol) --------------------------------------------
    @deep
    def keyed_value(self, rules: KeyedRules, state: Any, *, progress: bool | None = None) -> Game:
        """The canonical value of ``state`` under keyed ``rules`` (see :class:`KeyedRules`).

        Component values are stored under their normalised keys in
        :attr:`values`, so they are shared with every later call.
        ``progress`` as for :meth:`value`.

        >>> class Stalks:            # Hackenbush stalks of blue (+n) or red (-n) edges
        ...     def split(self, state): return [(abs(n), n < 0) for n in state if n]
        ...     def options(self, key): return [(k,) for k in range(key)], []
        >>> s = Solver()
        >>> s.keyed_value(Stalks(), (3, -1, 2))
        4
        >>> sorted(s.values.items())     # one stored value for each stalk length
        [(1, 1), (2, 2), (3, 3)]
        """
        return self._run(progress, lambda: self._keyed_sum(rules, state, self._partizan), rules)

    def _bind(self, rules: KeyedRules) -> None:
        """Tie the keyed tables to the game of ``rules`` (see :class:`KeyedRules`).

        >>> class Nim:
        ...     def split(self, state): return [(n, False) for n in state if n]
        ...     def options(self, key): return [(k,) for k in range(key)], []
        >>> class Other(Nim): pass
        >>> s = Solver(); s.keyed_grundy(Nim(), (3,))
        3
        >>> s.keyed_grundy(Other(), (3,))
        Traceback (most recent call last):
        ...
        cgt.errors.RulesetMismatch: this solver holds keyed values of Nim, not of Other; ...
        """
        ruleset = getattr(rules, "ruleset", None) or rules.__class__
        if self._ruleset is None:
            self._ruleset = ruleset
            self._keyed_name = ""  # named when the store is first used
        elif self._ruleset != ruleset:
            from .errors import RulesetMismatch

            raise RulesetMismatch(
                f"this solver holds keyed values of {_name(self._ruleset)}, "
                f"not of {_name(ruleset)}; use another Solver (or clear this one)"
            )

    # --- the one memo loop: keyed rules ------------------------------------------
    def _keyed_sum(self, rules: KeyedRules, state: Any, algebra: ValueAlgebra[_V]) -> _V:
        # Engine functions are called directly: this runs inside the public
        # methods' controlled-recursion wrapper already.
        state_key = getattr(rules, "state_key", None)
        states = algebra.states
        if state_key is not None:
            skey = state_key(state)
            known = states.get(skey)
            if known is not None:
                self._hits += 1
                return known
        total = None  # most states are one component: no sum to form then
        values = algebra.values
        add = algebra.add
        for key, negated in rules.split(state):
            found = values.get(key)
            if found is None:
                self._misses += 1
                if self._misses >= self._tick_at:
                    self._tick()
                found = self._keyed_component(rules, key, algebra)
            else:
                self._hits += 1
            if negated:
                found = algebra.negate(found)
            total = found if total is None else add(total, found)
        if total is None:
            total = algebra.zero
        if state_key is not None:
            if len(states) >= min(self.max_states, _cache._solver_limit):
                states.clear()
            states[skey] = total
        return total

    def _keyed_component(self, rules: KeyedRules, key: Hashable, algebra: ValueAlgebra[_V]) -> _V:
        row = None
        if self._persist is not None and algebra.stored:
            persistent = getattr(rules, "persistent", None)
            row = self._keyed_row(key) if persistent is None or persistent(key) else None
            stored = self._stored(row, algebra.kind)
            if stored is not None:  # read, not computed: a hit after all
                self._misses -= 1
                self._hits += 1
                algebra.values[key] = stored
                return stored  # type: ignore[no-any-return]
        if algebra.budgeted:
            spend()
        known = getattr(rules, algebra.known, None)
        result = known(key) if known is not None else None
        if result is None:
            sides = rules.options(key)
            result = algebra.combine(
                [
                    [self._keyed_sum(rules, s, algebra) for s in side]
                    for side in sides[: algebra.sides]
                ],
                key,
            )
        self._keep(algebra, key, result, row)
        return result

    @deep
    def keyed_grundy(self, rules: KeyedRules, state: Any, *, progress: bool | None = None) -> int:
        """The Grundy value of ``state`` under impartial keyed ``rules``.

        >>> class Nim:
        ...     def split(self, state): return [(n, False) for n in state if n]
        ...     def options(self, key):
        ...         opts = [(k,) for k in range(key)]
        ...         return opts, opts
        >>> Solver().keyed_grundy(Nim(), (3, 5, 6))
        0

        Each component's value is the least ``n`` such that the component
        plus a nim heap of ``n`` is a second-player win, decided by a search
        that stops at the first winning move (:mod:`cgt.impartial_search`).
        ``progress`` as for :meth:`value`.
        """

        def search() -> int:
            if self._keyed_mex:
                return self._keyed_sum(rules, state, self._grundy_algebra)
            return self._keyed_outcome_xor(rules, state)

        return self._run(progress, search, rules)

    def _keyed_outcome_xor(self, rules: KeyedRules, state: Any) -> int:
        state_key = getattr(rules, "state_key", None)
        if state_key is not None:
            skey = state_key(state)
            known = self.state_grundy.get(skey)
            if known is not None:
                self._hits += 1
                return known
        search = OutcomeSearch(self, rules)
        total = 0
        for key, _negated in rules.split(state):
            total ^= search.grundy(key)
        if state_key is not None:
            if len(self.state_grundy) >= min(self.max_states, _cache._solver_limit):
                self.state_grundy.clear()
            self.state_grundy[skey] = total
        return total


IDENTITY_KEY_WARNING = 10_000
"""Table size at which the solver warns, once per class, about positions keyed by identity."""

_warned: set[type] = set()


class IdentityKeyWarning(UserWarning):
    """Positions are keyed by identity (no ``key()``), so transpositions are never found.

    >>> issubclass(IdentityKeyWarning, UserWarning)
    True
    """


def _note_identity_key(component: Any, table: Mapping[Hashable, Any]) -> None:
    """Warn once per class when a large table is filled with identity-keyed positions:
    equal positions reached by different move orders are then valued again and again."""
    cls = type(component)
    if (
        len(table) >= IDENTITY_KEY_WARNING
        and cls not in _warned
        and cls.__hash__ is object.__hash__  # type: ignore[comparison-overlap]
    ):
        import warnings

        _warned.add(cls)
        warnings.warn(
            f"{cls.__name__} positions have no key(): each is stored under its identity, so "
            f"positions reached by different move orders are valued again (the table holds "
            f"{len(table)} entries). Define key() to return a hashable description of the "
            f"position (normalised, so equal positions get equal keys).",
            IdentityKeyWarning,
            stacklevel=4,
        )


def _components_of(position: Any) -> Iterable[Any]:
    try:
        return position.components()  # type: ignore[no-any-return]
    except AttributeError:
        if hasattr(position, "components"):
            raise  # the position's own components() failed
        raise _not_a_position(position, "components") from None


def _loopy(component: Any) -> Exception:
    from .errors import LoopyPosition

    return LoopyPosition(
        f"the position {type(component).__name__} with key {component.key()!r} can be played "
        f"back to itself (its key came up again while valuing its own options): it is loopy, "
        f"and the solver values short (loop-free) games only; its value and outcome come from "
        f"its game graph: cgt.loopy.loopy_value(position) and cgt.loopy.loopy_outcome(position), "
        f"or list cgt.games.Loopy first among its ruleset's bases"
    )


def _unhashable(component: Any, key: Hashable) -> Exception:
    from .errors import PositionProtocolError

    own = key[1] if isinstance(key, tuple) and len(key) == 2 else key
    return PositionProtocolError(
        f"{type(component).__name__}.key() returned a {type(own).__name__}, which is not "
        f"hashable: key() must return a hashable value (say a tuple instead of a list)"
    )


def _not_a_position(value: Any, method: str) -> Exception:
    from .errors import PositionProtocolError

    kind = type(value).__name__
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    return PositionProtocolError(
        f"{value!r} ({article} {kind}) is not a position: it has no {method}(); positions "
        f"and their options must implement the Position protocol ({method}(), key(), and "
        f"left_options()/right_options() or options()), e.g. by subclassing "
        f"cgt.games.Position or cgt.games.ImpartialPosition"
    )


def _name(ruleset: Hashable) -> str:
    return ruleset.__name__ if isinstance(ruleset, type) else str(ruleset)
