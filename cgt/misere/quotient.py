"""Misère quotients of closed families of *partizan* games (Plambeck and Siegel, made partizan).

Let ``A`` be every sum of components of a finite family closed under options
(the hereditary closure of some positions or forms).  Two sums ``G`` and
``H`` are *indistinguishable* in ``A`` when ``o⁻(G + X) == o⁻(H + X)`` for
every ``X`` in ``A``; the classes form a commutative monoid, the *misère
quotient* ``Q``, and the outcome of a sum is a function of its class.  For
partizan games that function takes the four values ``L``, ``R``, ``N`` and
``P``: the quotient comes with an *outcome partition* of its elements
instead of the P-portion of impartial quotients (Allen, "An investigation
of partizan misère games", PhD thesis, Dalhousie 2009, arXiv:1008.4109, and
"Peeking at partizan misère quotients", Games of No Chance 4).  Unlike
impartial quotients, a partizan quotient may be infinite (the family of the
misère integers ``1`` and ``-1`` has one class per difference ``n - m``) and
its order may be odd; Rubinstein-Salzedo and Zhou ("Finite cardinalities of
misère quotients", arXiv:2603.18244) proved that every finite order but 3
occurs.

How it is computed (nothing is guessed):

* *Learning.*  A candidate monoid is learnt from exact outcomes, found by a
  plain search over sums of components: sums are told apart by their rows of
  outcomes against a growing list of *experiments* (sums ``E``), and the
  classes of the sums of representatives give the multiplication table.
  Whenever the table is not associative, an experiment that separates two
  sums the table wrongly merges is added.
* *Verification.*  A homomorphism ``Φ`` from ``A`` onto a finite monoid with
  an outcome map predicts every outcome as soon as, for every sum ``G``, the
  predicted outcome of ``Φ(G)`` is the one the *predicted* outcomes of
  ``G``'s options give by the misère rule (Left moving first wins iff she
  has no move or some Left option that Right, moving first, loses).  The
  options' images of ``G + c`` are the images of ``G``'s options times
  ``Φ(c)`` together with ``Φ(G)`` times the images of ``c``'s options, so
  the check runs over the finitely many reachable states
  ``(Φ(G), images of Left options, images of Right options)``.  When it
  fails, a sum the candidate mispredicts is found below the failure and
  split into a new experiment (as in Rivest and Schapire's refinement of
  Angluin's learning algorithm), and learning goes on.
* *One component at a time.*  The closure is numbered so that options come
  first, so its first ``m`` components are a closed family too.  Their
  quotients are found in turn, each answering the outcomes of its own sums
  for the next.  A new component is first tried as an old element (one whose
  products with the representatives have the component's outcomes there):
  if the verification below passes, the quotient is unchanged; else the
  quotient is learnt again, seeded with the old representatives.
* *Reduction.*  A verified candidate is reduced by indistinguishability
  inside the monoid (``x ~ y`` iff ``x·z`` and ``y·z`` have the same outcome
  for every ``z``): the classes are exactly those of ``A``.

Every bound (the closure's size, the search, the order, the verification
states) raises :class:`~cgt.errors.TooLarge` naming the size reached.

>>> from cgt.misere import parse_form
>>> q = partizan_quotient_of([parse_form("{0|*}")])
>>> len(q), q.presentation()
(9, 'a^2=1, ab^4=b^4, b^5=b^4')
>>> q.outcome_partition()
{'L': ('b^3', 'b^4'), 'R': ('b',), 'N': ('1', 'ab', 'ab^2', 'ab^3'), 'P': ('a', 'b^2')}
>>> q.misere_outcome(["{0|*}", "{0|*}", "*"]), q.misere_outcome(["{0|*}"] * 7)
(Outcome.N, Outcome.L)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from .._deep import deep
from ..errors import InvalidArgument, TooLarge, WrongType
from ..game import Outcome
from ..impartial import presentation as monoid
from ..impartial.closure import Closure, mask_multiplier, path_to
from .forms import Form, form

__all__ = [
    "LOSING_MOVE",
    "MAX_COMPONENTS",
    "MAX_SEARCH",
    "MAX_STATES",
    "PartizanQuotient",
    "partizan_quotient_of",
]

MAX_COMPONENTS = 20_000
"""The most components a family's closure may have."""

MAX_SEARCH = 500_000
"""The most sums the exact outcome search may remember while one component is added (by default)."""

MAX_STATES = 2_000_000
"""The most states the verification may visit."""

_MAX_ROUNDS = 10_000  # refinements of the candidate before giving up

# outcome codes: bit 1 "Left moving first wins", bit 0 "Right moving first wins"
_OUTCOMES = (Outcome.P, Outcome.R, Outcome.L, Outcome.N)
_LF, _RF = 2, 1


class _LosingMove:
    """The marker of a move that ends the game with the mover losing (see :data:`LOSING_MOVE`)."""

    _instance: _LosingMove | None = None

    def __new__(cls) -> _LosingMove:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __reduce__(self) -> tuple[Any, ...]:
        return (_LosingMove, ())

    def __repr__(self) -> str:
        return "LOSING_MOVE"


LOSING_MOVE = _LosingMove()
"""An option meaning "this move ends the game and its mover loses" (labelled families only).

Misère Hexapawn's promotion is such a move: legal, so a player whose only
moves are promotions must make one, and then loses.  It is never worth
making while another move exists, so it changes only the end: a player with
no other move anywhere loses if some component offers such a move, and wins
(the misère rule) otherwise.

>>> LOSING_MOVE
LOSING_MOVE
"""


# -- the closure ---------------------------------------------------------------------


class _Closure(Closure):
    """The hereditary closure of a family of partizan games, numbered so that options come first.

    Component ``i`` (from 0) has ``left[i]`` and ``right[i]``, the sums (sorted
    tuples of component numbers) its moves leave, and ``left_loses[i]`` /
    ``right_loses[i]``: whether a :data:`LOSING_MOVE` is among them.
    Components with no move at all (the game ``0``) are left out: they are
    the empty sum.  A :class:`~cgt.misere.Form` is a component of its own;
    anything else that is not a position is read by :func:`~cgt.misere.form`.
    """

    SIDES = ("left_options", "right_options")
    FIRST = 0
    KEEP_TERMINAL = False
    DISTINCT = True
    LOSING_MOVE = LOSING_MOVE

    def __init__(self, options: Callable[[Any], Any] | None, limit: int) -> None:
        super().__init__(options, limit)
        self.left, self.right = self.moves
        self.left_loses, self.right_loses = self.loses

    def is_atom(self, item: Any) -> bool:
        return isinstance(item, Form)

    def convert(self, item: Any) -> Any:
        try:
            return form(item)
        except WrongType:
            raise WrongType(
                f"{item!r} is neither a game form nor a position with left_options() and "
                "right_options() (give positions, forms, or labels with an options function)"
            ) from None

    def position_key(self, position: Any, key: Hashable) -> Hashable:
        return (type(position).__name__, key)  # positions of two rulesets may share keys

    def options_of(self, component: Any) -> list[Iterable[Any]]:
        if isinstance(component, Form):
            return [component.left, component.right]
        return super().options_of(component)


# -- exact outcomes of sums ------------------------------------------------------------


class _Oracle:
    """Misère outcomes of sums (sorted tuples of component numbers) by a memoised search.

    Once the quotient of the components below ``bound`` is verified, sums of
    those components are read off it (``known``) instead of searched.
    """

    def __init__(self, closure: _Closure, limit: int) -> None:
        self.c = closure
        self.limit = limit
        self.memo: dict[tuple[int, ...], int] = {(): _LF | _RF}
        self.bound = 0
        self.known: tuple[list[list[int]], list[int], list[int]] = ([[0]], [], [_LF | _RF])

    def learnt(
        self, bound: int, table: list[list[int]], images: list[int], outcomes: list[int]
    ) -> None:
        """Read sums of components below ``bound`` off this verified quotient from now on."""
        self.bound = bound
        self.known = (table, images, outcomes)
        self.memo = {(): _LF | _RF}  # those sums are read off the quotient now

    def outcome(self, s: Iterable[int]) -> int:
        """The outcome code of a sum (called inside :func:`_quotient`, which guards depth)."""
        return self._outcome(tuple(sorted(s)))

    def _outcome(self, key: tuple[int, ...]) -> int:
        found = self.memo.get(key)
        if found is not None:
            return found
        if key[-1] < self.bound:
            table, images, outcomes = self.known
            x = 0
            for i in key:
                x = table[x][images[i]]
            return outcomes[x]
        c = self.c
        code = 0
        for moves, loses, bit, other in (
            (c.left, c.left_loses, _LF, _RF),
            (c.right, c.right_loses, _RF, _LF),
        ):
            moved = False
            losing = False
            wins = False
            previous = -1
            for i, comp in enumerate(key):
                if comp == previous:
                    continue
                previous = comp
                losing = losing or loses[comp]
                rest = key[:i] + key[i + 1 :]
                for option in moves[comp]:
                    moved = True
                    after = tuple(sorted(rest + option)) if option else rest
                    if not self._outcome(after) & other:
                        wins = True
                        break
                if wins:
                    break
            if wins or (not moved and not losing):
                code |= bit
        self.memo[key] = code
        if len(self.memo) > self.limit:
            raise TooLarge(
                f"the exact outcome search passed {self.limit} sums (raise max_search to go on)"
            )
        return code


# -- learning a candidate --------------------------------------------------------------


class _Candidate:
    """States told apart by the experiments, with the components' actions on them.

    States are found breadth first from the empty sum by adding one component
    at a time; ``step[x][i]`` is the state of ``reps[x] + (i,)``.
    """

    def __init__(
        self,
        oracle: _Oracle,
        k: int,
        experiments: list[tuple[int, ...]],
        rows: dict[tuple[int, ...], tuple[int, ...]],
        max_order: int,
        progress: list[int],
    ) -> None:
        self.progress = progress
        self.oracle = oracle
        self.k = k
        self.experiments = experiments
        self.rows = rows
        self.max_order = max_order
        self.index: dict[tuple[int, ...], int] = {}
        self.reps: list[tuple[int, ...]] = []
        self.step: list[list[int]] = []
        self.state(())
        x = 0
        while x < len(self.reps):
            rep = self.reps[x]
            self.step.append([self.state(tuple(sorted((*rep, i)))) for i in range(k)])
            x += 1
        self.images = list(self.step[0])
        self.outcomes = [self.row(r)[0] for r in self.reps]
        self._table: list[list[int]] | None = None

    def row(self, s: tuple[int, ...]) -> tuple[int, ...]:
        found = self.rows.get(s, ())
        experiments = self.experiments
        if len(found) < len(experiments):
            out = self.oracle.outcome
            found = found + tuple(out(s + e) for e in experiments[len(found) :])
            self.rows[s] = found
        return found

    def state(self, s: tuple[int, ...]) -> int:
        r = self.row(s)
        found = self.index.get(r)
        if found is None:
            found = self.index[r] = len(self.reps)
            self.reps.append(s)
            self.progress[0] = max(self.progress[0], len(self.reps))
            if len(self.reps) > self.max_order:
                raise TooLarge(
                    f"the quotient has more than {self.max_order} elements "
                    "(raise max_order to go on; partizan quotients can be infinite)"
                )
        return found

    def act(self, x: int, s: Iterable[int]) -> int:
        step = self.step
        for i in s:
            x = step[x][i]
        return x

    def product(self, s: Iterable[int]) -> int:
        return self.act(0, s)

    @property
    def table(self) -> list[list[int]]:
        """``table[x][y]``: the state of ``reps[x] + reps[y]`` (once the actions commute)."""
        if self._table is None:
            reps = self.reps
            size = len(reps)
            self._table = [[self.act(x, reps[y]) for y in range(size)] for x in range(size)]
        return self._table

    def separating(
        self, s: tuple[int, ...], t: tuple[int, ...], z: tuple[int, ...]
    ) -> tuple[int, ...] | None:
        """``z + e`` for the first experiment ``e`` with ``o(s+z+e) != o(t+z+e)``."""
        out = self.oracle.outcome
        for e in self.experiments:
            if out(s + z + e) != out(t + z + e):
                return tuple(sorted(z + e))
        return None

    def inconsistency(self) -> tuple[int, ...] | None:
        """A new experiment when two components' actions do not commute, else ``None``.

        When they commute, ``Φ(sum) = 0·c1·c2·...`` is well defined on sums and
        a homomorphism onto the states, whose product is ``Φ(reps[x] + reps[y])``.
        """
        step, reps = self.step, self.reps
        for x in range(len(reps)):
            row = step[x]
            for i in range(self.k):
                a = row[i]
                for j in range(i + 1, self.k):
                    b = row[j]
                    if step[a][j] == step[b][i]:
                        continue
                    # reps[a] ~ reps[x] + i and reps[b] ~ reps[x] + j on the experiments,
                    # but adding j, resp. i, tells one pair apart
                    for s, t, extra in (
                        (reps[a], reps[x] + (i,), (j,)),
                        (reps[b], reps[x] + (j,), (i,)),
                    ):
                        found = self.separating(s, t, extra)
                        if found is not None:
                            return found
                    raise AssertionError("internal: actions that differ with no separator")
        return None


class _Extended:
    """A verified quotient of components ``0 .. k-2`` with component ``k-1`` sent to ``x``.

    The cheap proposal tried before any learning: if the verification passes,
    the old quotient serves the larger family unchanged.
    """

    def __init__(self, old: _Candidate | _Extended, x: int) -> None:
        self.table: list[list[int]] = old.table
        self.outcomes: list[int] = old.outcomes
        self.reps: list[tuple[int, ...]] = old.reps
        self.images: list[int] = [*old.images, x]
        self.k = len(self.images)

    def product(self, s: Iterable[int]) -> int:
        return monoid.product(self.table, self.images, s)


class _Verifier:
    """The check that the candidate predicts every outcome (see the module text)."""

    def __init__(self, closure: _Closure, cand: _Candidate | _Extended, limit: int) -> None:
        self.c = closure
        self.cand = cand
        self.limit = limit

    def find_failure(self) -> tuple[int, ...] | int:
        """The number of states when the check passes, else a sum where it fails."""
        # The impartial verification (cgt.impartial.quotient) is this search with one
        # side and the outcomes P and N; they share mask_multiplier and path_to.
        c, cand = self.c, self.cand
        table, outcomes = cand.table, cand.outcomes
        # components with equal images, option images and flags act alike
        kinds: dict[tuple[Any, ...], int] = {}
        for i in range(cand.k):
            kind = (
                cand.images[i],
                tuple(sorted({cand.product(o) for o in c.left[i]})),
                tuple(sorted({cand.product(o) for o in c.right[i]})),
                c.left_loses[i],
                c.right_loses[i],
            )
            kinds.setdefault(kind, i)
        not_rf = 0
        not_lf = 0
        for x, code in enumerate(outcomes):
            if not code & _RF:
                not_rf |= 1 << x
            if not code & _LF:
                not_lf |= 1 << x
        scaled = mask_multiplier(table)

        State = tuple[int, int, int, int]  # Φ, Left option images, Right option images, flags
        start: State = (0, 0, 0, 0)
        if outcomes[0] != _LF | _RF:
            return ()
        parent: dict[State, tuple[State, int] | None] = {start: None}
        stack = [start]
        while stack:
            current = stack.pop()
            phi, lmask, rmask, flags = current
            row = table[phi]
            for (w, lopts, ropts, ll, rl), comp in kinds.items():
                new_l = scaled(lmask, w)
                for o in lopts:
                    new_l |= 1 << row[o]
                new_r = scaled(rmask, w)
                for o in ropts:
                    new_r |= 1 << row[o]
                new_flags = flags | (2 if ll else 0) | (1 if rl else 0)
                state: State = (row[w], new_l, new_r, new_flags)
                if state in parent:
                    continue
                parent[state] = (current, comp)
                code = outcomes[state[0]]
                lf = bool(new_l & not_rf) or (not new_l and not new_flags & 2)
                rf = bool(new_r & not_lf) or (not new_r and not new_flags & 1)
                if lf != bool(code & _LF) or rf != bool(code & _RF):
                    return path_to(parent, state)
                stack.append(state)
                if len(parent) > self.limit:
                    raise TooLarge(
                        f"the verification of a candidate quotient of order {len(table)} "
                        f"passed {self.limit} states (raise max_states to go on)"
                    )
        return len(parent)


def _mispredicted(closure: _Closure, cand: _Candidate, failure: tuple[int, ...]) -> tuple[int, ...]:
    """A sum at or below ``failure`` whose outcome the candidate gets wrong."""
    oracle = cand.oracle
    current = failure
    while True:
        if oracle.outcome(current) != cand.outcomes[cand.product(current)]:
            return current
        moved = None
        for i, comp in enumerate(current):
            rest = current[:i] + current[i + 1 :]
            for option in closure.left[comp] + closure.right[comp]:
                s = tuple(sorted(rest + option))
                if oracle.outcome(s) != cand.outcomes[cand.product(s)]:
                    moved = s
                    break
            if moved is not None:
                break
        if moved is None:  # pragma: no cover - a failing check implies a misprediction below
            raise AssertionError("internal: no mispredicted sum below a failed check")
        current = moved


def _split(cand: _Candidate, u: tuple[int, ...]) -> tuple[int, ...]:
    """An experiment separating two sums the candidate merges, from a mispredicted ``u``.

    Along ``u = g1 + ... + gm`` with ``x(j)`` the state of ``g1 + ... + gj``,
    ``o(reps[x(j)] + g(j+1) + ... + gm)`` is ``o(u)`` at ``j = 0`` and the
    predicted outcome at ``j = m``, so it changes at some step ``j``: there the
    tail ``g(j+2) + ... + gm`` separates ``reps[x(j)] + g(j+1)`` from the
    representative of its state.
    """
    out = cand.oracle.outcome
    reps = cand.reps
    x = 0
    value = out(u)
    for j, g in enumerate(u):
        tail = u[j + 1 :]
        y = cand.step[x][g]
        after = out(reps[y] + tail)
        if after != value:
            return tuple(sorted(tail))
        x, value = y, after
    raise AssertionError("internal: a mispredicted sum with no separating step")  # pragma: no cover


# -- the result ----------------------------------------------------------------------------


def _reduce(
    table: list[list[int]], outcomes: list[int]
) -> tuple[list[int], list[list[int]], list[int]]:
    """Merge elements with the same outcome against every element; old-to-new map first."""
    new_of, new_table, first = monoid.merge_indistinguishable(table, outcomes)
    return new_of, new_table, [outcomes[x] for x in first]


class PartizanQuotient:
    """The misère quotient of a closed family of partizan games, with its outcome partition.

    Built by :func:`partizan_quotient_of`.  Elements are words in the
    generators ``a, b, c, ...`` (the images of the components listed in
    :attr:`generators`), ``'1'`` for the identity (the class of the empty sum).
    The quotient is exact for every sum of components of the closure.

    >>> q = partizan_quotient_of(["{0|}"])         # the misère integer 1 and its sums
    >>> len(q), q.elements, q.presentation()
    (2, ('1', 'a'), 'a^2=a')
    >>> q.outcome("a"), q.outcome("1")
    (Outcome.R, Outcome.N)
    """

    def __init__(
        self,
        closure: _Closure,
        table: list[list[int]],
        outcomes: list[int],
        images: list[int],
        reps: list[tuple[int, ...]],
        name: str,
        states: int,
        experiments: int,
    ) -> None:
        self._closure = closure
        self._reps = reps
        self._table = table
        self._outcomes = outcomes
        self._images = images
        self.name = name
        self.verified_states = states
        """How many states the verification visited."""
        self.experiments = experiments
        """How many experiments (test sums) the learning needed."""
        gens = monoid.generators(table, images)
        self._generators = gens
        self._gen_elements = [images[g] for g in gens]
        self._words = self._normal_forms()
        self._by_word = {self._word(w): x for x, w in enumerate(self._words)}

    # -- structure -----------------------------------------------------------------------
    def _normal_forms(self) -> list[tuple[int, ...]]:
        """The least exponent vector of each element: fewest factors, then earlier letters."""
        return monoid.normal_forms(self._table, self._gen_elements)

    def _word(self, v: Sequence[int]) -> str:
        return monoid.word(v)

    def _order(self) -> list[int]:
        return sorted(
            range(len(self._table)),
            key=lambda x: (sum(self._words[x]), tuple(-e for e in self._words[x])),
        )

    def __len__(self) -> int:
        return len(self._table)

    @property
    def generators(self) -> tuple[Any, ...]:
        """The components whose images generate the quotient, in the order ``a, b, c, ...``.

        >>> partizan_quotient_of(["{0|*}"]).generators
        (*, {0|*})
        """
        return tuple(self._closure.members[g] for g in self._generators)

    @property
    def components(self) -> tuple[Any, ...]:
        """The closure (every component but ``0``), each after the components of its options.

        >>> partizan_quotient_of(["{0|*}"]).components
        (*, {0|*})
        """
        return tuple(self._closure.members)

    @property
    def elements(self) -> tuple[str, ...]:
        """Every element as a word in the generators, the identity ``'1'`` first.

        >>> partizan_quotient_of(["{0|*}"]).elements
        ('1', 'a', 'b', 'ab', 'b^2', 'ab^2', 'b^3', 'ab^3', 'b^4')
        """
        return tuple(self._word(self._words[x]) for x in self._order())

    def _element_of_word(self, word: str) -> int:
        if not isinstance(word, str):
            raise WrongType(f"an element is written as a word (a str), not {type(word).__name__}")
        found = self._by_word.get(word)
        if found is None:
            raise InvalidArgument(f"{word!r} is not an element of this quotient (see .elements)")
        return found

    def representative(self, word: str) -> tuple[Any, ...]:
        """A sum of components (a tuple of them) in the class ``word``.

        >>> partizan_quotient_of(["{0|*}"]).representative("b^2")
        ({0|*}, {0|*})
        """
        members = self._closure.members
        return tuple(members[i] for i in self._reps[self._element_of_word(word)])

    def outcome(self, word: str) -> Outcome:
        """The misère outcome shared by every sum in the class ``word``.

        >>> q = partizan_quotient_of(["{0|*}"])
        >>> [q.outcome(w).value for w in q.elements]
        ['N', 'P', 'R', 'N', 'P', 'N', 'L', 'N', 'L']
        """
        return _OUTCOMES[self._outcomes[self._element_of_word(word)]]

    def outcome_partition(self) -> dict[str, tuple[str, ...]]:
        """The elements of each outcome class, ``{'L': ..., 'R': ..., 'N': ..., 'P': ...}``.

        >>> partizan_quotient_of(["{0|}"]).outcome_partition()
        {'L': (), 'R': ('a',), 'N': ('1',), 'P': ()}
        """
        parts: dict[str, list[str]] = {"L": [], "R": [], "N": [], "P": []}
        for x in self._order():
            parts[_OUTCOMES[self._outcomes[x]].value].append(self._word(self._words[x]))
        return {k: tuple(v) for k, v in parts.items()}

    def multiply(self, *words: str) -> str:
        """The product of elements given as words.

        >>> q = partizan_quotient_of(["{0|*}"])
        >>> q.multiply("a", "a"), q.multiply("b", "b"), q.multiply("b^3", "b^3"), q.multiply()
        ('1', 'b^2', 'b^4', '1')
        """
        x = 0
        for w in words:
            x = self._table[x][self._element_of_word(w)]
        return self._word(self._words[x])

    def table(self) -> list[list[str]]:
        """The multiplication table, rows and columns in the order of :attr:`elements`.

        >>> partizan_quotient_of(["{0|}"]).table()
        [['1', 'a'], ['a', 'a']]
        """
        order = self._order()
        return [[self._word(self._words[self._table[x][y]]) for y in order] for x in order]

    def relations(self) -> list[tuple[str, str]]:
        """Defining relations ``(u, v)``: ``u = v`` with ``u`` a minimal word not in normal form.

        Rewriting with them takes every word to its element's normal form, so
        they present the quotient (the tests check this on every word up to a degree).

        >>> partizan_quotient_of(["{0|*}"]).relations()
        [('a^2', '1'), ('ab^4', 'b^4'), ('b^5', 'b^4')]
        """
        found = monoid.relations(self._table, self._words, self._gen_elements)
        return [(monoid.word(u), monoid.word(self._words[x])) for u, x in found]

    def presentation(self) -> str:
        """The relations written ``a^2=1, b^2=b, ...`` (empty for a free or trivial quotient).

        >>> partizan_quotient_of(["*"]).presentation()
        'a^2=1'
        """
        return ", ".join(f"{u}={v}" for u, v in self.relations())

    # -- sums --------------------------------------------------------------------------------
    def _product(self, item: Any) -> int:
        return monoid.product(self._table, self._images, self._closure.numbers_of(item))

    def image(self, component: Any) -> str:
        """The element a component (or a sum of components) maps to, as a word.

        >>> q = partizan_quotient_of(["{0|*}"])
        >>> q.image("*"), q.image("{0|*}"), q.image("0")
        ('a', 'b', '1')
        """
        return self._word(self._words[self._product(component)])

    def _sum_element(self, components: Any) -> int:
        x = 0
        for item in self._closure.sum_items(components, "give the components as a list, not a {}"):
            x = self._table[x][self._product(item)]
        return x

    def element(self, components: Any) -> str:
        """The class of a sum of components, as a word (see :meth:`misere_outcome`).

        >>> partizan_quotient_of(["{0|*}"]).element(["{0|*}", "*", "{0|*}"])
        'ab^2'
        """
        return self._word(self._words[self._sum_element(components)])

    def misere_outcome(self, components: Any) -> Outcome:
        """The misère outcome of a sum of components: one look-up per component.

        ``components`` is an iterable of components (forms, text, positions,
        or labels for a labelled family); a position that is itself a sum
        counts as its parts, and one position alone is accepted too.

        >>> q = partizan_quotient_of(["{0|*}"])
        >>> q.misere_outcome(["{0|*}", "*"]), q.misere_outcome([]), q.misere_outcome(["*"] * 3)
        (Outcome.N, Outcome.N, Outcome.P)
        """
        return _OUTCOMES[self._outcomes[self._sum_element(components)]]

    def __repr__(self) -> str:
        return f"<partizan misère quotient of {self.name}: order {len(self)}>"

    def __str__(self) -> str:
        gens = ", ".join(f"{monoid.letter(i)} = {g!r}" for i, g in enumerate(self.generators))
        parts = self.outcome_partition()
        lines = [
            f"partizan misère quotient of {self.name}: order {len(self)}",
            f"  generators: {gens or 'none'}",
            f"  relations: {self.presentation() or 'none'}",
        ]
        for o in ("L", "R", "N", "P"):
            lines.append(f"  {o}: {', '.join(parts[o]) or 'none'}")
        return "\n".join(lines)


def _check_int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise WrongType(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise InvalidArgument(f"{name} must be at least 1, not {value}")
    return value


def partizan_quotient_of(
    components: Iterable[Any],
    options: Callable[[Any], Any] | None = None,
    *,
    max_order: int = 256,
    max_components: int = MAX_COMPONENTS,
    max_search: int = MAX_SEARCH,
    max_states: int = MAX_STATES,
) -> PartizanQuotient:
    """The misère quotient of a family of partizan games and everything they reach.

    ``components`` are game forms (or what :func:`~cgt.misere.form` reads:
    text such as ``"{0|*}"``, ints, normal-play values), positions of a
    partizan ruleset (with ``left_options()`` and ``right_options()``; an
    option that is a sum is split by its ``.components()``, ``.key()``
    identifies equal components), or, when ``options`` is given, hashable
    labels with ``options(label)`` returning ``(left_moves, right_moves)``,
    each move a tuple of labels (the components of the sum it leaves, ``()``
    for none) or :data:`LOSING_MOVE`.

    The result is exact for every sum of the closure's components (see the
    module text for the proof it carries); an infinite quotient, or one
    beyond the bounds, raises :class:`~cgt.errors.TooLarge`.

    >>> from cgt.games import Clobber
    >>> q = partizan_quotient_of([Clobber("xoo")])
    >>> q.components, len(q)
    ((Clobber('xo'), Clobber('xoo')), 9)
    >>> q.misere_outcome([Clobber("xoo"), Clobber("xoo")]), q.misere_outcome(Clobber("xoo.xo"))
    (Outcome.P, Outcome.N)
    """
    max_order = _check_int(max_order, "max_order")
    max_components = _check_int(max_components, "max_components")
    max_search = _check_int(max_search, "max_search")
    max_states = _check_int(max_states, "max_states")
    if options is not None and not callable(options):
        raise WrongType(f"options must be a function of a label, not {type(options).__name__}")
    closure = _Closure(options, max_components)
    items = closure.sum_items(
        components, "components must be an iterable of forms, positions or labels, not {}"
    )
    given = 0
    for item in items:
        for part in closure.atoms(item):
            closure.add(part)
        given += 1
    return _quotient(closure, given, max_order, max_search, max_states)


@deep
def _quotient(
    closure: _Closure, given: int, max_order: int, max_search: int, max_states: int
) -> PartizanQuotient:
    progress = [0]
    try:
        return _learn(closure, given, max_order, max_search, max_states, progress)
    except TooLarge as err:
        if "search" not in str(err) and "verification" not in str(err):
            raise
        raise TooLarge(
            f"{err}; by then the quotient was known to have at least {progress[0]} elements "
            "(sums told apart by experiments)"
        ) from None


def _learn(
    closure: _Closure,
    given: int,
    max_order: int,
    max_search: int,
    max_states: int,
    progress: list[int],
) -> PartizanQuotient:
    """Learn the quotients of growing prefixes of the closure (each closed under options).

    Each verified prefix answers the outcomes of its own sums for the next
    one; its representatives seed the next one's experiments.
    """
    k = len(closure.members)
    oracle = _Oracle(closure, max_search)
    experiments: list[tuple[int, ...]] = [()]
    cand: _Candidate | _Extended | None = None
    states = 1
    for m in range(1, k + 1):
        found = _extend(closure, cand, oracle, max_states) if cand is not None else None
        if found is None:
            cand, states = _learn_prefix(
                closure, m, oracle, experiments, max_order, max_states, progress
            )
            experiments.extend(r for r in cand.reps if r not in experiments)
        else:
            cand, states = found
        oracle.learnt(m, cand.table, cand.images, cand.outcomes)
    if cand is None:  # the empty family
        cand, states = _learn_prefix(
            closure, 0, oracle, experiments, max_order, max_states, progress
        )
    new_of, table, outcomes = _reduce(cand.table, cand.outcomes)
    images = [new_of[w] for w in cand.images]
    reps: list[tuple[int, ...] | None] = [None] * len(table)
    for x, r in enumerate(cand.reps):
        if reps[new_of[x]] is None:
            reps[new_of[x]] = r
    name = f"{given} game{'s' if given != 1 else ''} ({k} in the closure)"
    return PartizanQuotient(
        closure,
        table,
        outcomes,
        images,
        [r for r in reps if r is not None],
        name,
        states,
        len(experiments),
    )


def _extend(
    closure: _Closure, old: _Candidate | _Extended, oracle: _Oracle, max_states: int
) -> tuple[_Extended, int] | None:
    """The old quotient with the next component sent to an old element, if that is proven.

    The element must give the component's sums with every representative their
    outcomes (checked by search); then the verification decides.
    """
    c = old.k
    reps, table, outcomes = old.reps, old.table, old.outcomes
    row = [oracle.outcome((*r, c)) for r in reps]
    for x in range(len(table)):
        if all(outcomes[table[x][y]] == row[y] for y in range(len(reps))):
            ext = _Extended(old, x)
            found = _Verifier(closure, ext, max_states).find_failure()
            if isinstance(found, int):
                return ext, found
    return None


def _learn_prefix(
    closure: _Closure,
    k: int,
    oracle: _Oracle,
    experiments: list[tuple[int, ...]],
    max_order: int,
    max_states: int,
    progress: list[int],
) -> tuple[_Candidate, int]:
    """The verified candidate for the sums of components ``0 .. k-1``, and its state count."""
    rows: dict[tuple[int, ...], tuple[int, ...]] = {}
    for _ in range(_MAX_ROUNDS):
        cand = _Candidate(oracle, k, experiments, rows, max_order, progress)
        new = cand.inconsistency()
        if new is None:
            found = _Verifier(closure, cand, max_states).find_failure()
            if isinstance(found, int):
                return cand, found
            new = _split(cand, _mispredicted(closure, cand, found))
        if new in experiments:  # pragma: no cover - each refinement separates merged sums
            raise AssertionError("internal: the refinement made no progress")
        experiments.append(new)
    raise TooLarge(  # pragma: no cover - the order bound comes first in practice
        f"the quotient needed more than {_MAX_ROUNDS} refinements"
    )
