"""Misère quotients of heap games and of families of positions (Plambeck and Siegel).

Let ``A`` be the set of all sums of heaps of sizes ``1 .. n`` of one heap
game.  Two sums ``G`` and ``H`` are *indistinguishable* in ``A`` when
``o⁻(G + X) == o⁻(H + X)`` for every ``X`` in ``A``.  The classes form a
commutative monoid, the *misère quotient* ``Q``, and the images of the
misère P-positions form its *P-portion*.  Once ``Q`` and the image of each
heap (the *pretending function*) are known, the misère outcome of any sum
is one multiplication per heap and a look-up.

How the quotient is computed (one heap at a time).  The quotient of heaps
``1 .. n-1`` is known, with a minimal-size representative sum for each
element.  The outcomes of ``R + j·H`` (``R`` a representative, ``H`` the new
heap) are computed level by level in ``j``, reading every position without
``H`` off the known quotient.  If the level ``j = 1`` matches an existing
element, that element is ``H``'s image; otherwise ``H`` is a new generator
``x`` with ``x^(m+p) = x^m`` where the levels repeat, the candidate monoid is
``Q × <x>`` and it is reduced by indistinguishability.  These steps only
*propose* the answer.  What makes it exact is a check at the end:

*Verification.*  A map ``Φ`` from ``A`` onto a finite monoid with a subset
``P`` predicts every misère outcome (``o⁻(G) = P`` iff ``Φ(G) ∈ P``) as soon
as, for every ``G`` in ``A``, ``Φ(G) ∈ P`` exactly when ``G`` has a move and
no option ``G'`` has ``Φ(G') ∈ P`` (induction on ``G``).  The images of the
options of ``G = X + h`` (``h`` a heap of ``G``) are ``Φ(X)·Φ(h')``, so
that condition depends only on ``Φ(G)``, on ``Φ(G - h)`` for one heap ``h``
of each image present and on the options' images of the heaps present: a
finite state, and the check is a search over the finitely many reachable
states.  When it passes, ``Q`` (reduced by indistinguishability, which the
construction already is) *is* the misère quotient of ``A``; when it fails
the computation stops with :class:`QuotientNotFound` rather than guess.

*Stability.*  For an octal game with finite code of length ``t`` (moves
leave at most two heaps, no ``!``) or a finite subtraction game, if the
pretending function satisfies ``Φ(H_{k+p}) = Φ(H_k)`` for
``1 <= n0 <= k`` up to ``n`` and ``n >= h·n0 + h·p + t - 1`` (``h`` the most
heaps a move leaves), then every larger heap has the image and the options'
images of a heap ``p`` smaller (the shift argument of the Guy-Smith
periodicity theorem, applied to images in ``Q``), so the verification
above covers *all* heaps: the quotient is that of the whole game and
:attr:`MisereQuotient.is_stable` is ``True``.  Otherwise it is ``False``,
which means *not proven*, never "not stable".

*Families of positions.*  Nothing above needs heaps: only components
numbered so that a move on component ``k`` leaves a sum of components
numbered below ``k``.  :func:`misere_quotient_of` collects the hereditary
closure of any family of impartial positions (or of labels with a move
function; :class:`~cgt.impartial.closure.Closure`, the same collector as
the partizan quotients' in :mod:`cgt.misere.quotient`), numbers it in a
topological order and runs the same
construction and verification on those numbers, each component weighing
more than the total of any of its options (the role the heap size plays
for heaps, when small representatives are chosen).  The closure is finite
and closed under moves, so its quotient is *complete*: it decides every sum
of its components (:attr:`FamilyQuotient.is_complete`); stability is not
claimed.

>>> from cgt.games import OctalGame
>>> q = OctalGame("0.[3]").misere_quotient(3)      # Nim heaps up to 3: the tame quotient
>>> len(q), q.presentation()
(6, 'a^2=1, b^3=b')
>>> q.p_portion
('a', 'b^2')
>>> q.misere_outcome([1, 1, 1]), q.misere_outcome([2, 2]), q.misere_outcome([1, 1])
(Outcome.P, Outcome.P, Outcome.N)
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from .._deep import deep
from ..errors import (
    CGTError,
    InvalidArgument,
    InvalidPosition,
    LoopyPosition,  # noqa: F401  # a name of this module's API (tests/test_public_api.py)
    TooLarge,
    WrongType,
)
from ..game import Outcome
from .closure import Closure, mask_multiplier, path_to
from .presentation import (
    generators,
    letter,
    merge_indistinguishable,
    normal_forms,
    product,
    relations,
    word,
)

__all__ = ["HeapRules", "MisereQuotient", "QuotientNotFound", "QuotientTooLarge", "misere_quotient"]

_MAX_LEVELS = 64  # powers of a new generator tried before giving up
_MAX_STATES = 2_000_000  # reachable verification states before giving up
_MAX_SEARCH = 300_000  # positions the exact search may memoise at one heap size


class QuotientNotFound(CGTError, ValueError):
    """The construction could not produce a verified quotient within its limits.

    >>> issubclass(QuotientNotFound, ValueError)
    True
    """


class QuotientTooLarge(QuotientNotFound, TooLarge):
    """The quotient outgrew a stated size (elements, searched positions or states).

    The quotient of a finite family always exists; this says only that it was
    not reached within the limits, and names the size that was.

    >>> issubclass(QuotientTooLarge, TooLarge), issubclass(QuotientTooLarge, QuotientNotFound)
    (True, True)
    """


class HeapBeyondQuotient(TooLarge):
    """A heap larger than the quotient covers (it is not proven stable).

    >>> issubclass(HeapBeyondQuotient, CGTError)
    True
    """


class _Monoid:
    """A finite commutative monoid by its table; element 0 is the identity."""

    __slots__ = ("p", "table")

    def __init__(self, table: list[list[int]], p: set[int]) -> None:
        self.table = table
        self.p = p

    def __len__(self) -> int:
        return len(self.table)

    def reduce(self) -> list[int]:
        """Classes of indistinguishability (``x·z ∈ P`` iff ``y·z ∈ P`` for all ``z``).

        Renumbers in place (first occurrence order, so 0 stays the identity)
        and returns the old-to-new map.
        """
        p = self.p
        new_of, self.table, _ = merge_indistinguishable(
            self.table, [x in p for x in range(len(self.table))]
        )
        self.p = {new_of[x] for x in p}
        return new_of


class _Builder:
    """The heap-by-heap construction for one ruleset (see the module text)."""

    def __init__(self, ruleset: Any, max_order: int = 2000) -> None:
        self.ruleset = ruleset
        self.max_order = max_order
        self.monoid = _Monoid([[0]], set())  # heaps up to 0: the trivial monoid, P empty
        self.images: list[int] = [0]
        self.option_images: list[frozenset[int]] = [frozenset()]
        self.terminal: list[bool] = [True]
        self.generators: list[int] = []  # heap sizes, in order of introduction
        self._terminal_cache: list[bool] = []
        # the last verification that passed: its monoid and P-portion, its heap
        # classes, the states it reached (with their links) and its products
        self._passed: (
            tuple[
                Hashable,
                frozenset[tuple[int, frozenset[int]]],
                dict[tuple[int, int], tuple[tuple[int, int], int] | None],
                Callable[[int, int], int],
            ]
            | None
        ) = None

    def terminal_heap(self, k: int) -> bool:
        """Whether a heap of ``k`` has no move (it is the zero game)."""
        while len(self._terminal_cache) <= k:
            self._terminal_cache.append(not self.ruleset.options(len(self._terminal_cache)))
        return self._terminal_cache[k]

    def snapshot(self) -> tuple[_Monoid, list[int], list[frozenset[int]], list[bool], list[int]]:
        return (
            _Monoid([list(r) for r in self.monoid.table], set(self.monoid.p)),
            list(self.images),
            list(self.option_images),
            list(self.terminal),
            list(self.generators),
        )

    def restore(
        self, saved: tuple[_Monoid, list[int], list[frozenset[int]], list[bool], list[int]]
    ) -> None:
        monoid, images, option_images, terminal, generators = saved
        self.monoid = _Monoid([list(r) for r in monoid.table], set(monoid.p))
        self.images = list(images)
        self.option_images = list(option_images)
        self.terminal = list(terminal)
        self.generators = list(generators)

    def find_generators(self) -> None:
        """The heaps whose images are not products of earlier generators' images."""
        self.generators = generators(self.monoid.table, self.images)

    # --- one heap -------------------------------------------------------------------
    def _image_of(self, heaps: Iterable[int]) -> int:
        return product(self.monoid.table, self.images, heaps)

    def _representatives(self) -> list[tuple[int, ...]]:
        return self.representatives_of(self.monoid, self.images, self.weight)

    def weight(self, k: int) -> int:
        """The size of heap ``k`` for choosing small representatives.

        Every option of a heap must weigh less in total than the heap: a heap
        ruleset's options remove something, so the heap size serves; a family
        of positions (:func:`misere_quotient_of`) supplies its own weights.
        """
        weigh = getattr(self.ruleset, "weight", None)
        return k if weigh is None else int(weigh(k))

    @staticmethod
    def representatives_of(
        monoid: _Monoid, images: Sequence[int], weight: Any = None
    ) -> list[tuple[int, ...]]:
        """A sum of least total weight for each element (Dijkstra over the heaps)."""
        table = monoid.table
        size = len(table)
        best: list[int | None] = [None] * size
        parent: list[tuple[int, int]] = [(-1, -1)] * size
        best[0] = 0
        queue = [(0, 0)]
        heaps = [k for k in range(1, len(images)) if images[k]]
        weights = {k: (k if weight is None else weight(k)) for k in heaps}
        while queue:
            cost, x = heapq.heappop(queue)
            if cost != best[x]:
                continue
            for k in heaps:
                y = table[x][images[k]]
                old = best[y]
                w = cost + weights[k]
                if old is None or w < old:
                    best[y] = w
                    parent[y] = (x, k)
                    heapq.heappush(queue, (w, y))
        reps: list[tuple[int, ...]] = []
        for x in range(size):
            if best[x] is None:  # pragma: no cover - every element is a product of heaps
                raise QuotientNotFound("internal: an element with no representative sum")
            out = []
            y = x
            while y:
                y, k = parent[y]
                out.append(k)
            reps.append(tuple(sorted(out)))
        return reps

    def _rep_option_images(self, rep: tuple[int, ...]) -> set[int]:
        table = self.monoid.table
        out: set[int] = set()
        for k in set(rep):
            rest = list(rep)
            rest.remove(k)
            base = self._image_of(rest)
            out.update(table[base][o] for o in self.option_images[k])
        return out

    def add_heap(self, n: int) -> None:
        options = self.ruleset.options(n)
        opt_images = frozenset(self._image_of(o) for o in options)
        if not options:
            self.images.append(0)
            self.option_images.append(opt_images)
            self.terminal.append(True)
            return
        table, p = self.monoid.table, self.monoid.p
        size = len(table)
        reps = self._representatives()
        rep_moves = [self._rep_option_images(r) for r in reps]
        levels: list[list[bool]] = [[x in p for x in range(size)]]
        weights = [sum(self.weight(h) for h in r) for r in reps]
        order = sorted(range(size), key=weights.__getitem__)

        def next_level() -> list[bool]:
            below = levels[-1]
            level: list[bool | None] = [None] * size
            for x in order:  # options of a representative are smaller: already done
                in_p = not any(below[table[x][o]] for o in opt_images) and not any(
                    level[y] for y in rep_moves[x]
                )
                level[x] = in_p
            return [bool(v) for v in level]

        levels.append(next_level())
        signature = tuple(levels[1])
        for x in range(size):
            if tuple(table[x][y] in p for y in range(size)) == signature:
                self.images.append(x)
                self.option_images.append(opt_images)
                self.terminal.append(False)
                return
        # a new generator: find where the levels repeat
        while True:
            level = next_level()
            if level in levels:
                start = levels.index(level)
                period = len(levels) - start
                break
            levels.append(level)
            if len(levels) > _MAX_LEVELS:
                raise QuotientNotFound(
                    f"heap {n} of {self.ruleset!r}: the powers of its image did not repeat "
                    f"within {_MAX_LEVELS} (no finite quotient found)"
                )
        span = start + period
        if size * span > 2 * self.max_order:
            raise QuotientNotFound(
                f"heap {n} of {self.ruleset!r}: the candidate quotient has {size * span} elements"
            )

        def power(j: int) -> int:
            return j if j < span else start + (j - start) % period

        big = [
            [table[x1][x2] * span + power(j1 + j2) for x2 in range(size) for j2 in range(span)]
            for x1 in range(size)
            for j1 in range(span)
        ]
        big_p = {x * span + j for x in range(size) for j in range(span) if levels[j][x]}
        monoid = _Monoid(big, big_p)
        new_of = monoid.reduce()
        self.monoid = monoid
        self.images = [new_of[x * span] for x in self.images]
        self.option_images = [frozenset(new_of[x * span] for x in s) for s in self.option_images]
        self.images.append(new_of[1])
        self.option_images.append(frozenset(new_of[x * span] for x in opt_images))
        self.terminal.append(False)
        self.generators.append(n)

    # --- the proof --------------------------------------------------------------------
    def verify(self, heaps: Sequence[int]) -> int:
        """Check the outcome condition on every reachable state; return how many there were."""
        found = self.find_failure(heaps)
        if isinstance(found, tuple):
            raise QuotientNotFound(
                f"{self.ruleset!r}: the proposed quotient of order {len(self.monoid)} fails "
                f"its verification at the sum of heaps {found}"
            )
        return found

    def find_failure(self, heaps: Sequence[int]) -> int | tuple[int, ...]:
        """The number of states if the check passes, else a sum of heaps where it fails.

        The state of a sum ``e`` is ``Φ(e)`` with the set ``S(e)`` of its
        options' images: adding a heap ``h`` gives ``Φ(e)·Φ(h)`` and
        ``S(e)·Φ(h) ∪ Φ(e)·O(h)`` (``O(h)`` the images of ``h``'s options).
        """
        # The partizan verification (cgt.misere.quotient) walks states of the same
        # kind with one such set per side and four outcomes; the two share their
        # helpers (mask_multiplier, path_to), not this loop, which is the hot one of
        # the impartial construction and stays specialised to one side.
        table, p = self.monoid.table, self.monoid.p
        size = len(table)
        if 0 in p:
            return ()
        by_class: dict[tuple[int, frozenset[int]], int] = {}
        for k in heaps:
            if not self.terminal[k]:
                by_class.setdefault((self.images[k], self.option_images[k]), k)
        classes = [(w, tuple(sorted(opts)), k) for (w, opts), k in by_class.items()]
        # The states reached depend only on the monoid, its P-portion and the set of
        # heap classes.  Each check that passes is kept: the next one with the same
        # monoid reuses its states (all of them passed) and its products, and only
        # follows the classes that are new (none, for a heap whose class is already
        # there, as in every period of a stable quotient) from them, and every class
        # from the states that are new.  The states reached are the same as from
        # scratch, so is their number.
        base = (tuple(map(tuple, table)), frozenset(p))
        State = tuple[int, int]
        start: State = (0, 0)
        parent: dict[State, tuple[State, int] | None]
        stack: list[tuple[State, list[tuple[int, tuple[int, ...], int]]]]
        kept = self._passed
        if kept is not None and kept[0] == base and kept[1] <= frozenset(by_class):
            if len(kept[1]) == len(by_class):
                return len(kept[2])
            scaled = kept[3]
            parent = dict(kept[2])
            fresh = [c for c in classes if (c[0], frozenset(c[1])) not in kept[1]]
            stack = [(state, fresh) for state in parent]
        else:
            # (a copy: the products are kept with the states, past this monoid's life)
            scaled = mask_multiplier([list(row) for row in table])
            parent = {start: None}
            stack = [(start, classes)]
        p_mask = sum(1 << x for x in p)

        while stack:
            current, follow = stack.pop()
            phi, opts = current
            for w, option_images, heap in follow:
                mask = scaled(opts, w)
                row = table[phi]
                for o in option_images:
                    mask |= 1 << row[o]
                state: State = (row[w], mask)
                if state in parent:
                    continue
                parent[state] = (current, heap)
                if (state[0] in p) == bool(mask & p_mask):
                    return path_to(parent, state)
                stack.append((state, classes))
                if len(parent) > _MAX_STATES:
                    raise QuotientTooLarge(
                        f"{self.ruleset!r}: the verification of a quotient of order {size} "
                        f"needs more than {_MAX_STATES} states"
                    )
        self._passed = (base, frozenset(by_class), parent, scaled)
        return len(parent)


class _Oracle:
    """Exact misère outcomes of sums of heaps, by search (memoised by the sorted heaps).

    Sums of heaps below ``bound`` are read off a quotient already verified
    for them, so only positions that keep a larger heap are searched.
    """

    def __init__(
        self,
        builder: _Builder,
        bound: int,
        known: _Monoid,
        images: list[int],
        copies: int | None = None,
        limit: int = _MAX_SEARCH,
        depth: int | None = None,
    ) -> None:
        self.builder = builder
        self.bound = bound
        self.known = known
        self.known_images = images
        self.copies = copies
        self.limit = limit
        self.memo: dict[Hashable, bool] = {}
        self.asked: dict[tuple[int, ...], bool] = {}
        self.options: dict[int, list[tuple[int, ...]]] = {}
        self.calls = 0
        self.depth = depth
        self.signatures: dict[tuple[tuple[int, ...], int], Hashable] = {}

    def _signature(self, small: tuple[int, ...], depth: int) -> Hashable:
        """The image of a sum of old heaps with its options' signatures, ``depth`` deep."""
        found = self.signatures.get((small, depth))
        if found is not None:
            return found
        table, x = self.known.table, 0
        for h in small:
            x = table[x][self.known_images[h]]
        sig: Hashable = x
        if depth:
            below = set()
            for i, h in enumerate(small):
                if i and small[i - 1] == h:
                    continue
                rest = small[:i] + small[i + 1 :]
                for option in self._opts(h):
                    below.add(self._signature(tuple(sorted(rest + option)), depth - 1))
            sig = (x, frozenset(below))
        self.signatures[(small, depth)] = sig
        return sig

    def _reduced(self, key: tuple[int, ...]) -> tuple[int, ...]:
        """``key`` with ``c + 2`` copies of a heap cut to ``c`` past ``copies`` (a guess)."""
        m = self.copies
        if m is None:
            return key
        out: list[int] = []
        i, size = 0, len(key)
        while i < size:
            h = key[i]
            j = i
            while j < size and key[j] == h:
                j += 1
            c = j - i
            if c > m + 1:
                c = m + (c - m) % 2
            out.extend([h] * c)
            i = j
        return tuple(out)

    def _opts(self, k: int) -> list[tuple[int, ...]]:
        found = self.options.get(k)
        if found is None:
            found = self.options[k] = [
                tuple(h for h in o if not self.builder.terminal_heap(h))
                for o in self.builder.ruleset.options(k)
            ]
        return found

    def is_p(self, heaps: Iterable[int]) -> bool:
        self.calls += 1
        if self.calls > 20 * self.limit:
            raise _SearchTooLong(
                f"{self.builder.ruleset!r}: the learning behind heap {self.bound} "
                f"asked more than {20 * self.limit} outcomes"
            )
        # the learning asks the same sums again and again (each new experiment rebuilds
        # the table from all of them): the answers are kept by the sum as asked, before
        # it is sorted and rid of terminal heaps (a random family's quotient of order
        # 36: 22 CPU s without this, most of it there)
        asked = heaps if isinstance(heaps, tuple) else tuple(heaps)
        found = self.asked.get(asked)
        if found is None:
            terminal = self.builder.terminal_heap
            key = tuple(sorted(h for h in asked if not terminal(h)))
            found = self._is_p(key)
            if len(self.asked) >= _ASKED_KEPT:
                self.asked.clear()
            self.asked[asked] = found
        return found

    def _is_p(self, key: tuple[int, ...]) -> bool:
        if not key:
            return False  # no move: the player to move has won
        if key[-1] < self.bound:
            table, x = self.known.table, 0
            for h in key:
                x = table[x][self.known_images[h]]
            return x in self.known.p
        key = self._reduced(key)
        memo_key: Hashable = key
        if self.depth is not None:
            j = len(key) - bisect.bisect_left(key, self.bound)
            memo_key = (j, self._signature(key[: len(key) - j], self.depth))
        found = self.memo.get(memo_key)
        if found is not None:
            return found
        result = True
        for i, h in enumerate(key):
            if i and key[i - 1] == h:
                continue
            rest = key[:i] + key[i + 1 :]
            for option in self._opts(h):
                if self._is_p(tuple(sorted(rest + option))):
                    result = False
                    break
            if not result:
                break
        self.memo[memo_key] = result
        if len(self.memo) > self.limit:
            raise _SearchTooLong(
                f"{self.builder.ruleset!r}: the search behind heap {self.bound} "
                f"passed {self.limit} positions"
            )
        return result


#: How many answers of :meth:`_Oracle.is_p` are kept by the sum as asked (then they are
#: dropped, and asked again through the search's own memo).
_ASKED_KEPT = 1_000_000


class _SearchTooLong(QuotientNotFound):
    """Internal: one attempt's search passed its limit (the next attempt may do better)."""


#: The attempts of the exact step: each cuts ``c + 2`` copies of a heap to ``c`` past
#: ``copies`` (``None``: never), a guess that shrinks the search; a wrong guess cannot
#: give a wrong answer, since every result must pass the verification.
_ATTEMPTS: tuple[tuple[int | None, int | None, int], ...] = (
    # first the plain search with a small limit: where it suffices it is the fastest
    # (0.26 to heap 16: 0.25 s, against 25 s when the guesses come first)
    (None, None, 50_000),
    (3, 1, 200_000),
    (3, 2, 200_000),
    (3, 3, 300_000),
    (5, None, 1_000_000),
    (None, None, 3_000_000),
)


def _refine(
    builder: _Builder,
    n: int,
    saved: tuple[_Monoid, list[int], list[frozenset[int]], list[bool], list[int]],
    max_order: int,
) -> None:
    """The exact step for heap ``n``: learn the quotient from searched outcomes, verified.

    Tries the attempts of ``_ATTEMPTS`` in turn; raises :class:`QuotientTooLarge`
    (a :class:`~cgt.errors.TooLarge`) naming what was reached when none succeeds.
    """
    known, known_images = saved[0], saved[1]
    reps = _Builder.representatives_of(known, known_images, builder.weight)
    start = builder.snapshot()
    reached: list[str] = []
    too_big: QuotientTooLarge | None = None
    for copies, depth, limit in _ATTEMPTS:
        oracle = _Oracle(builder, n, known, known_images, copies, limit, depth)
        try:
            _learn(builder, n, oracle, list(reps), max_order)
            return
        except QuotientTooLarge as error:
            too_big = error
        except QuotientNotFound as error:
            reached.append(str(error))
        builder.restore(start)
    if too_big is not None:
        raise QuotientTooLarge(str(too_big)) from None
    raise QuotientTooLarge(
        f"{builder.ruleset!r}: the quotient of heaps up to {n} was not reached within "
        f"{_ATTEMPTS[-1][2]} searched positions ({reached[-1] if reached else 'no attempt'})"
    )


def _learn(
    builder: _Builder, n: int, oracle: _Oracle, experiments: list[tuple[int, ...]], max_order: int
) -> None:
    """Learn the quotient of heaps 1 to ``n`` from exact outcomes, refining until verified.

    States are the distinct rows ``o(s + e)`` over the experiments ``e`` (the
    empty sum first); each added experiment separates sums that are truly
    distinguishable, so the number of states never exceeds the true order.
    """
    heaps = [k for k in range(1, n + 1) if not builder.terminal_heap(k)]
    experiments = list(dict.fromkeys([(), *experiments]))

    while True:
        table, reps, images = _candidate(builder, n, heaps, oracle, experiments, max_order)
        size = len(reps)
        new_experiment = _inconsistency(table, reps, images, heaps, experiments, oracle)
        if new_experiment is None:
            p = {x for x in range(size) if oracle.is_p(reps[x])}
            builder.monoid = _Monoid(table, p)
            builder.images = images
            builder.option_images = [
                frozenset(product(table, images, o) for o in builder.ruleset.options(k))
                for k in range(n + 1)
            ]
            failure = builder.find_failure(range(1, n + 1))
            if not isinstance(failure, tuple):
                return
            new = _counterexample_suffixes(builder, oracle, failure)
            if all(e in experiments for e in new):  # pragma: no cover - a bug, not a game
                raise QuotientNotFound(f"{builder.ruleset!r}: refinement made no progress")
            experiments.extend(e for e in new if e not in experiments)
        else:
            experiments.append(new_experiment)


def _candidate(
    builder: _Builder,
    n: int,
    heaps: list[int],
    oracle: _Oracle,
    experiments: list[tuple[int, ...]],
    max_order: int,
) -> tuple[list[list[int]], list[tuple[int, ...]], list[int]]:
    """The table, representatives and heap images of the states the experiments tell apart."""
    index: dict[tuple[bool, ...], int] = {}
    reps: list[tuple[int, ...]] = []

    def state(s: tuple[int, ...]) -> int:
        r = tuple(oracle.is_p(s + e) for e in experiments)
        found = index.get(r)
        if found is None:
            found = index[r] = len(reps)
            reps.append(tuple(sorted(s)))
            if len(reps) > max_order:
                raise QuotientTooLarge(
                    f"{builder.ruleset!r}: the quotient of heaps up to {n} has more than "
                    f"{max_order} elements (raise max_order to go on)"
                )
        return found

    state(())
    images = [0] * (n + 1)
    for k in heaps:
        images[k] = state((k,))
    table: list[list[int]] = []
    while len(table) < len(reps) or any(len(r) < len(reps) for r in table):
        while len(table) < len(reps):
            table.append([])
        for x in range(len(table)):
            while len(table[x]) < len(reps):
                table[x].append(state(reps[x] + reps[len(table[x])]))
    return table, reps, images


def _inconsistency(
    table: list[list[int]],
    reps: list[tuple[int, ...]],
    images: list[int],
    heaps: list[int],
    experiments: list[tuple[int, ...]],
    oracle: _Oracle,
) -> tuple[int, ...] | None:
    """An experiment separating two sums the table wrongly merges, or ``None``."""
    size = len(reps)

    def separate(
        s: tuple[int, ...], t: tuple[int, ...], z: tuple[int, ...]
    ) -> tuple[int, ...] | None:
        for e in experiments:
            if oracle.is_p(s + z + e) != oracle.is_p(t + z + e):
                return tuple(sorted(z + e))
        return None

    for x in range(size):  # adding a heap agrees with multiplying by its image
        for k in heaps:
            y = table[x][images[k]]
            found = separate(reps[x] + (k,), reps[y], ())
            if found is not None:
                return found
            found = separate(reps[x] + reps[images[k]], reps[x] + (k,), ())
            if found is not None:
                return found
    for x in range(size):  # associativity
        for y in range(size):
            u = table[x][y]
            for z in range(size):
                v = table[y][z]
                if table[u][z] != table[x][v]:
                    for s, t, extra in (
                        (reps[u], reps[x] + reps[y], reps[z]),
                        (reps[v], reps[y] + reps[z], reps[x]),
                    ):
                        found = separate(s, t, extra)
                        if found is not None:
                            return found
    return None


def _counterexample_suffixes(
    builder: _Builder, oracle: _Oracle, failure: tuple[int, ...]
) -> list[tuple[int, ...]]:
    """The tails of a sum the candidate mispredicts (found below ``failure``)."""
    table, p, images = builder.monoid.table, builder.monoid.p, builder.images
    current = failure
    while True:
        predicted = product(table, images, current) in p
        if oracle.is_p(current) != predicted:
            break
        for i, h in enumerate(current):  # some option is mispredicted: go there
            rest = current[:i] + current[i + 1 :]
            moved = None
            for option in builder.ruleset.options(h):
                s = tuple(sorted(rest + tuple(o for o in option if not builder.terminal_heap(o))))
                if oracle.is_p(s) != (product(table, images, s) in p):
                    moved = s
                    break
            if moved is not None:
                current = moved
                break
        else:  # pragma: no cover - the failing condition implies a misprediction
            raise QuotientNotFound("internal: no mispredicted sum below a failure")
    return [current[i:] for i in range(len(current) + 1)]


@runtime_checkable
class HeapRules(Protocol):
    """What a misère quotient needs of a heap ruleset (``cgt.games.heap`` rulesets have it).

    ``options(n)`` lists the heap tuples one move leaves from a heap of ``n``;
    ``stability_bounds()`` is ``(h, t)`` when every move leaves at most ``h``
    heaps and removes at most ``t`` counters *and* the periodicity bound of
    the quotient's stability check applies to the ruleset, else ``None``.

    >>> from cgt.games import OctalGame
    >>> isinstance(OctalGame("0.77"), HeapRules), OctalGame("0.77").stability_bounds()
    (True, (2, 2))
    """

    def options(self, n: int) -> Sequence[tuple[int, ...]]:
        """The heap tuples one move can leave from a single heap of ``n``."""

    def stability_bounds(self) -> tuple[int, int] | None:
        """``(h, t)``: at most ``h`` heaps left and ``t`` counters removed by a move, or None."""


def _stability(ruleset: Any, images: Sequence[int]) -> tuple[int, int] | None:
    """``(n0, p)`` proving the pretending function periodic for ever, or ``None``."""
    # a heap ruleset states its bounds (HeapRules); other families have none
    bounds = ruleset.stability_bounds() if isinstance(ruleset, HeapRules) else None
    if bounds is None:
        return None
    h, t = bounds
    n = len(images) - 1
    for p in range(1, n + 1):
        k = n
        while k - p >= 0 and images[k] == images[k - p]:
            k -= 1
        n0 = k - p + 1  # images[j + p] == images[j] for n0 <= j <= n - p
        n0 = max(n0, 1)  # a shortened heap must stay non-empty (as in Guy-Smith)
        if n >= h * n0 + h * p + t - 1:
            return n0, p
    return None


class MisereQuotient:
    """The misère quotient of the sums of heaps 1 to ``n`` of a heap game.

    Elements are written as products of the generators ``a, b, c, ...`` (the
    images of the heaps listed in :attr:`generators`) in a fixed normal
    form, ``1`` for the identity.  ``len(q)`` is the order;
    :meth:`misere_outcome` decides a sum of heaps with one table look-up
    per heap.  The quotient was *verified* (see :mod:`cgt.impartial.quotient`);
    :attr:`is_stable` says whether it is also proven to be the quotient of
    the whole game.

    >>> from cgt.games import OctalGame
    >>> q = OctalGame("0.75").misere_quotient(30)
    >>> len(q), q.generators
    (8, (1, 2, 5))
    >>> print(q)
    misère quotient of OctalGame('0.75') (heaps up to 30): order 8
      generators: a = heap 1, b = heap 2, c = heap 5
      relations: a^2=1, b^3=b, bc=ab, c^2=b^2
      P-portion: a, b^2
      stable: heap k + 2 maps where heap k does, for k >= 8 (proven)
    """

    def __init__(self, ruleset: Any, n: int, builder: _Builder, states: int) -> None:
        self.ruleset = ruleset
        self.n = n
        self._table = builder.monoid.table
        self._p = frozenset(builder.monoid.p)
        self._images = tuple(builder.images)
        self.generators: tuple[Any, ...] = tuple(builder.generators)
        """The heaps whose images generate the quotient, in the order ``a, b, c, ...``."""
        self.verified_states = states
        """How many states the verification visited."""
        self._gen_elements = [self._images[g] for g in self.generators]
        self._words = self._normal_forms()
        self._texts = [self._word(w) for w in self._words]  # each element's word, as text
        self._by_word = {text: x for x, text in enumerate(self._texts)}
        self._stable = _stability(ruleset, self._images)

    # --- structure ---------------------------------------------------------------------
    def _normal_forms(self) -> list[tuple[int, ...]]:
        """The graded-lexicographically least exponent vector of each element."""
        return normal_forms(self._table, self._gen_elements)

    def _word(self, v: Sequence[int]) -> str:
        return word(v)

    def __len__(self) -> int:
        return len(self._table)

    # --- the certificate of distinctness -------------------------------------------------
    def _heap_of(self, k: int) -> Any:
        """How heap number ``k`` is shown in sums (a family shows its component)."""
        return k

    def _representative_numbers(self) -> list[tuple[int, ...]]:
        """A sum of least total weight (heap numbers) mapping to each element."""
        found = getattr(self, "_reps_cache", None)
        if found is None:
            monoid = _Monoid(self._table, set(self._p))
            found = _Builder.representatives_of(monoid, self._images, self._search_cost)
            self._reps_cache = found
        return list(found)

    def _search_cost(self, k: int) -> int:
        """A guess at the cost of searching heap ``k``: the log of its positions grows
        like the root of its size (as partitions do), so one big heap is cheaper to
        search than several heaps of the same total."""
        weigh = getattr(self.ruleset, "weight", None)
        w = k if weigh is None else int(weigh(k))
        return 1 + int(1000 * w**0.5)

    def representatives(self) -> dict[str, tuple[Any, ...]]:
        """A sum of heaps mapping to each element, by element (cheap ones to search).

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.[3]").misere_quotient(3).representatives()
        {'1': (), 'a': (1,), 'b': (2,), 'ab': (3,), 'b^2': (2, 2), 'ab^2': (2, 3)}
        """
        reps = self._representative_numbers()
        order = sorted(range(len(self._table)), key=lambda x: (sum(self._words[x]), self._key(x)))
        return {self._word(self._words[x]): tuple(self._heap_of(h) for h in reps[x]) for x in order}

    def separators(self) -> dict[tuple[str, str], tuple[tuple[Any, ...], ...]]:
        """The certificate that the elements are distinct: a separating sum for every pair.

        For each pair ``(u, v)`` of elements (in the order of :attr:`elements`)
        the value is ``(A, B, X)``: sums of heaps with ``A`` mapping to ``u``,
        ``B`` to ``v``, and ``o⁻(A + X) != o⁻(B + X)``; ``X`` is the sum that
        the quotient says separates them whose search looks cheapest.  Checking every triple by a
        plain search of the heap positions (:func:`check_separators`) proves,
        independently of the construction, that the quotient has at least
        ``len(q)`` elements; the verification proves it has at most that many.

        >>> from cgt.games import OctalGame
        >>> q = OctalGame("0.[3]").misere_quotient(3)
        >>> len(q.separators()), q.separators()[("1", "a")]
        (15, ((), (1,), ()))
        """
        reps = self._representative_numbers()
        size = len(self._table)
        table, p = self._table, self._p
        cost = [sum(self._search_cost(h) for h in r) for r in reps]
        by_cost = sorted(range(size), key=cost.__getitem__)
        order = sorted(range(size), key=lambda x: (sum(self._words[x]), self._key(x)))
        out: dict[tuple[str, str], tuple[tuple[Any, ...], ...]] = {}
        for i, x in enumerate(order):
            for y in order[i + 1 :]:
                z = next(z for z in by_cost if (table[x][z] in p) != (table[y][z] in p))
                out[(self._word(self._words[x]), self._word(self._words[y]))] = tuple(
                    tuple(self._heap_of(h) for h in r) for r in (reps[x], reps[y], reps[z])
                )
        return out

    @property
    def elements(self) -> tuple[str, ...]:
        """Every element, as a word in the generators (the identity ``'1'`` first).

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.[3]").misere_quotient(3).elements
        ('1', 'a', 'b', 'ab', 'b^2', 'ab^2')
        """
        order = sorted(range(len(self._table)), key=lambda x: (sum(self._words[x]), self._key(x)))
        return tuple(self._word(self._words[x]) for x in order)

    def _key(self, x: int) -> tuple[int, ...]:
        return tuple(-e for e in self._words[x])

    @property
    def p_portion(self) -> tuple[str, ...]:
        """The elements that are images of misère P-positions.

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.[3]").misere_quotient(3).p_portion
        ('a', 'b^2')
        """
        order = sorted(self._p, key=lambda x: (sum(self._words[x]), self._key(x)))
        return tuple(self._word(self._words[x]) for x in order)

    def relations(self) -> list[tuple[str, str]]:
        """Defining relations ``(u, v)``: ``u = v`` with ``u`` a minimal non-normal word.

        Together they rewrite every word to its normal form, so they present
        the quotient.

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.[3]").misere_quotient(3).relations()
        [('a^2', '1'), ('b^3', 'b')]
        """
        found = relations(self._table, self._words, self._gen_elements)
        return [(word(u), word(self._words[x])) for u, x in found]

    def presentation(self) -> str:
        """The relations as the literature prints them: ``a^2=1, b^3=b, ...``.

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.75").misere_quotient(30).presentation()
        'a^2=1, b^3=b, bc=ab, c^2=b^2'
        """
        return ", ".join(f"{u}={v}" for u, v in self.relations())

    @property
    def is_stable(self) -> bool:
        """Whether the quotient is *proven* to be that of every heap size.

        ``False`` means not proven up to the heaps computed, not "unstable";
        :attr:`stability` gives the period found.

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.75").misere_quotient(20).is_stable
        False
        >>> OctalGame("0.75").misere_quotient(30).is_stable
        True
        """
        return self._stable is not None

    @property
    def stability(self) -> tuple[int, int] | None:
        """``(n0, p)``: the image of heap ``k + p`` equals heap ``k``'s for all ``k >= n0``.

        ``None`` when no such period is proven (see :attr:`is_stable`).

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.75").misere_quotient(30).stability
        (8, 2)
        """
        return self._stable

    def _element(self, heap: int) -> int:
        if isinstance(heap, bool) or not isinstance(heap, int):
            raise InvalidPosition(f"heap sizes must be ints, not {type(heap).__name__}")
        if heap < 0:
            raise InvalidPosition(f"heap sizes must be non-negative, got {heap}")
        if heap <= self.n:
            return self._images[heap]
        if self._stable is None:
            raise HeapBeyondQuotient(
                f"heap {heap} is beyond the quotient (heaps up to {self.n}, not proven stable); "
                f"compute misere_quotient({heap}) or more"
            )
        n0, p = self._stable
        return self._images[n0 + (heap - n0) % p]

    def image(self, heap: int) -> str:
        """The element a heap maps to (the *pretending function*), as a word.

        >>> from cgt.games import OctalGame
        >>> q = OctalGame("0.[3]").misere_quotient(3)
        >>> [q.image(k) for k in range(4)]
        ['1', 'a', 'b', 'ab']
        """
        return self._texts[self._element(heap)]

    def multiply(self, *words: str) -> str:
        """The product of elements given as words (as :attr:`elements` prints them).

        >>> from cgt.games import OctalGame
        >>> q = OctalGame("0.[3]").misere_quotient(3)
        >>> q.multiply("a", "a"), q.multiply("b", "b", "b"), q.multiply()
        ('1', 'b', '1')
        """
        by_word = self._by_word
        x = 0
        for w in words:
            if w not in by_word:
                raise InvalidArgument(f"{w!r} is not an element of this quotient (see .elements)")
            x = self._table[x][by_word[w]]
        return self._texts[x]

    def misere_outcome(self, heaps: Iterable[int]) -> Outcome:
        """The misère outcome of a sum of heaps: one table look-up per heap.

        >>> from cgt.games import OctalGame
        >>> q = OctalGame("0.75").misere_quotient(30)
        >>> q.misere_outcome([2, 3, 3]), q.misere_outcome([10**9, 10**9])
        (Outcome.N, Outcome.P)
        """
        if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Iterable):
            raise WrongType(f"heaps must be an iterable of ints, not {type(heaps).__name__}")
        x = 0
        for heap in heaps:
            x = self._table[x][self._element(heap)]
        return Outcome.P if x in self._p else Outcome.N

    def __repr__(self) -> str:
        return f"<misère quotient of {self.ruleset!r}, heaps up to {self.n}: order {len(self)}>"

    def __str__(self) -> str:
        gens = ", ".join(f"{letter(i)} = heap {g}" for i, g in enumerate(self.generators))
        if self._stable is not None:
            n0, p = self._stable
            stable = f"heap k + {p} maps where heap k does, for k >= {n0} (proven)"
        else:
            stable = f"not proven (the quotient covers heaps up to {self.n})"
        lines = [
            f"misère quotient of {self.ruleset!r} (heaps up to {self.n}): order {len(self)}",
            f"  generators: {gens or 'none'}",
            f"  relations: {self.presentation() or 'none'}",
            f"  P-portion: {', '.join(self.p_portion) or 'none'}",
            f"  stable: {stable}",
        ]
        return "\n".join(lines)


@deep
def misere_quotient(ruleset: Any, n: int, *, max_order: int = 2000) -> MisereQuotient:
    """The verified misère quotient of the sums of heaps 1 to ``n`` of a heap ruleset.

    Same as ``ruleset.misere_quotient(n)``.

    >>> from cgt.games import OctalGame
    >>> len(misere_quotient(OctalGame("0.77"), 30))      # Kayles, heaps up to 30
    40
    """
    if not isinstance(ruleset, HeapRules):
        raise WrongType(f"misere_quotient needs a heap ruleset, not {type(ruleset).__name__}")
    if isinstance(n, bool) or not isinstance(n, int):
        raise WrongType(f"n must be an int, not {type(n).__name__}")
    if n < 0:
        raise InvalidArgument(f"n must be non-negative, got {n}")
    builder, states = _build(ruleset, n, max_order)
    return MisereQuotient(ruleset, n, builder, states)


def _build(ruleset: Any, n: int, max_order: int) -> tuple[_Builder, int]:
    """Run the construction over heaps ``1 .. n`` and verify it: the builder and its state count."""
    builder = _Builder(ruleset, max_order)
    for k in range(1, n + 1):
        saved = builder.snapshot()
        try:
            builder.add_heap(k)
            failure = builder.find_failure(range(1, k + 1))
        except QuotientNotFound:
            failure = ()
        if isinstance(failure, tuple):
            builder.restore(saved)
            builder.images.append(0)
            builder.option_images.append(frozenset())
            builder.terminal.append(builder.terminal_heap(k))
            _refine(builder, k, saved, max_order)
            builder.find_generators()
    states = builder.verify(range(1, n + 1))
    return builder, states


# --- families of positions ---------------------------------------------------------------

_MAX_COMPONENTS = 200_000  # components a family's closure may have


class _Family:
    """A family's closure as a "heap ruleset": component ``k`` (from 1) in topological order.

    ``options(k)`` gives the sums left by one move on component ``k``, as tuples
    of smaller component numbers; ``weight(k)`` exceeds the total weight of
    every option, so small representatives are well founded.
    """

    def __init__(self, members: list[Any], options: list[list[tuple[int, ...]]], name: str) -> None:
        self.members = members  # members[k - 1] is component k
        self._options = options  # _options[k] for k = 0 .. n (0: the empty sum)
        self.name = name
        self._weights = [0] * len(options)
        for k in range(1, len(options)):
            self._weights[k] = 1 + max(
                (sum(self._weights[h] for h in o) for o in options[k]), default=0
            )

    def options(self, k: int) -> list[tuple[int, ...]]:
        return self._options[k]

    def weight(self, k: int) -> int:
        return self._weights[k]

    def __repr__(self) -> str:
        return self.name


class FamilyQuotient(MisereQuotient):
    """The misère quotient of a finite family of impartial positions, closed under moves.

    Built by :func:`misere_quotient_of`.  Its elements, relations and
    P-portion read as for heap games, with the generators ``a, b, c, ...``
    the images of the components in :attr:`generators`.  The family is
    finite and closed under moves, so the quotient is *complete*: it decides
    every sum of members of the closure, and there is no larger heap left to
    be unsure about (:attr:`is_complete` is ``True``).  Stability, a notion
    for a sequence of heaps that grows for ever, does not apply:
    :attr:`is_stable` is ``False`` and :attr:`stability` ``None``.

    >>> q = misere_quotient_of(["*1", "*2"], lambda s: [()] if s == "*1" else [(), ("*1",)])
    >>> len(q), q.presentation(), q.generators
    (6, 'a^2=1, b^3=b', ('*1', '*2'))
    >>> q.misere_outcome(["*1", "*1", "*1"]), q.is_complete
    (Outcome.P, True)
    """

    def __init__(self, family: _Family, builder: _Builder, states: int, closure: Closure) -> None:
        super().__init__(family, len(family.members), builder, states)
        self._closure = closure
        self.generators = tuple(family.members[g - 1] for g in builder.generators)
        """The components whose images generate the quotient, in the order ``a, b, c, ...``."""

    @property
    def components(self) -> tuple[Any, ...]:
        """The closure: every component, each after all the components its options contain.

        >>> q = misere_quotient_of(["*2"], lambda s: [()] if s == "*1" else [(), ("*1",)])
        >>> q.components
        ('*1', '*2')
        """
        return tuple(self._closure.members)

    @property
    def is_complete(self) -> bool:
        """Always ``True``: the quotient covers every sum of the closure's components.

        >>> misere_quotient_of(["*1"], lambda s: [()]).is_complete
        True
        """
        return True

    def _heap_of(self, k: int) -> Any:
        return self._closure.members[k - 1]

    def _element(self, heap: Any) -> int:
        found = self._closure.number_of(heap)
        assert found is not None  # the impartial closure numbers every component
        return self._images[found]

    def image(self, component: Any) -> str:
        """The element a component maps to, as a word (``'1'``: the empty sum's class).

        A position that is a sum (with ``.components()``) maps to the product
        of its components' images.

        >>> q = misere_quotient_of(["*2"], lambda s: [()] if s == "*1" else [(), ("*1",)])
        >>> q.image("*1"), q.image("*2")
        ('a', 'b')
        """
        return self._texts[self._product(component)]

    def _product(self, item: Any) -> int:
        """The element of a component, or of a position that is a sum of components."""
        return product(self._table, self._images, self._closure.numbers_of(item))

    def misere_outcome(self, components: Any) -> Outcome:
        """The misère outcome of a sum of components: one look-up per component.

        ``components`` is an iterable of components (labels, or positions:
        a position that is itself a sum, with ``.components()``, counts as its
        parts); one position alone is accepted too.

        >>> q = misere_quotient_of(["*2"], lambda s: [()] if s == "*1" else [(), ("*1",)])
        >>> q.misere_outcome(["*2", "*2"]), q.misere_outcome(["*1", "*2"]), q.misere_outcome([])
        (Outcome.P, Outcome.N, Outcome.N)
        """
        x = 0
        for item in self._closure.sum_items(components, "give the components as a list, not a {}"):
            x = self._table[x][self._product(item)]
        return Outcome.P if x in self._p else Outcome.N

    def __repr__(self) -> str:
        return f"<misère quotient of {self.ruleset!r}: order {len(self)}>"

    def __str__(self) -> str:
        gens = ", ".join(f"{letter(i)} = {g!r}" for i, g in enumerate(self.generators))
        lines = [
            f"misère quotient of {self.ruleset!r}: order {len(self)}",
            f"  generators: {gens or 'none'}",
            f"  relations: {self.presentation() or 'none'}",
            f"  P-portion: {', '.join(self.p_portion) or 'none'}",
            "  complete: every sum of the closure's components",
        ]
        return "\n".join(lines)


@deep
def misere_quotient_of(
    components: Iterable[Any],
    options: Any = None,
    *,
    max_order: int = 2000,
    max_components: int = _MAX_COMPONENTS,
) -> FamilyQuotient:
    """The verified misère quotient of a family of impartial positions and all they reach.

    ``components`` are either positions (objects with ``.options()``; an
    option that is a sum is split by its ``.components()``; ``.key()``, when
    present, identifies equal components) or, when ``options`` is given,
    hashable labels with ``options(label)`` returning the moves as tuples of
    labels (the components of the sum each move leaves, ``()`` for none).

    The hereditary closure is numbered so that every option's components
    come before it, and the heap construction of :func:`misere_quotient`
    runs on those numbers, with the same final verification: the result is
    exact for every sum of components of the closure.  Cycles raise
    :class:`~cgt.errors.LoopyPosition`; a closure of more than
    ``max_components`` components :class:`~cgt.errors.TooLarge`; a
    quotient beyond ``max_order`` :class:`QuotientNotFound`.

    >>> from cgt.games import Wythoff
    >>> q = misere_quotient_of([Wythoff([(2, 2)])])   # the squares below (2, 2), up to symmetry
    >>> len(q.components), len(q), q.presentation()
    (5, 6, 'a^2=1, b^3=b')
    >>> q.misere_outcome([Wythoff([(2, 2), (1, 0)])]), q.misere_outcome([Wythoff([(1, 0)])])
    (Outcome.N, Outcome.P)
    """
    if isinstance(max_order, bool) or not isinstance(max_order, int):
        raise WrongType(f"max_order must be an int, not {type(max_order).__name__}")
    if isinstance(max_components, bool) or not isinstance(max_components, int):
        raise WrongType(f"max_components must be an int, not {type(max_components).__name__}")
    if options is not None and not callable(options):
        raise WrongType(f"options must be a function of a label, not {type(options).__name__}")
    closure = Closure(options, max_components)
    given = 0
    items = closure.sum_items(
        components, "components must be an iterable of positions or labels, not {}"
    )
    for item in items:
        for part in closure.atoms(item):
            closure.add(part)
        given += 1
    n = len(closure.members)
    name = f"a family of {given} position{'s' if given != 1 else ''} ({n} in its closure)"
    family = _Family(closure.members, closure.moves[0], name)
    builder, states = _build(family, n, max_order)
    return FamilyQuotient(family, builder, states, closure)


def _plain_search(options: Any) -> Any:
    """``is_p(heaps)``: misère P by plain search of sorted tuples of heap numbers."""
    memo: dict[tuple[int, ...], bool] = {}

    def is_p(heaps: tuple[int, ...]) -> bool:
        found = memo.get(heaps)
        if found is not None:
            return found
        moved = False
        result = True
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1 :]
            for left in options(h):
                moved = True
                if is_p(tuple(sorted(rest + tuple(left)))):
                    result = False
                    break
            if not result:
                break
        memo[heaps] = result and moved
        return result and moved

    return is_p


@deep
def check_separators(q: MisereQuotient) -> int:
    """Check :meth:`MisereQuotient.separators` by plain misère search; return the pairs checked.

    Uses nothing of the quotient but its claims: each sum's outcome is found
    by searching the positions (the ruleset's moves, memoised on the sorted
    heaps), so a pass proves that ``q`` has at least ``len(q)`` elements.
    Raises :class:`QuotientNotFound` on a separator that does not separate.

    >>> from cgt.games import OctalGame
    >>> check_separators(OctalGame("0.75").misere_quotient(12))
    28
    """
    if not isinstance(q, MisereQuotient):
        raise WrongType(f"check_separators needs a misère quotient, not {type(q).__name__}")

    def number(heap: Any) -> int:
        if isinstance(q, FamilyQuotient):
            found = q._closure.number_of(heap)
            assert found is not None  # the impartial closure numbers every component
            return found
        return int(heap)

    is_p = _plain_search(q.ruleset.options)
    count = 0
    for (u, v), (a, b, x) in q.separators().items():
        sa = tuple(sorted(number(h) for h in a + x))
        sb = tuple(sorted(number(h) for h in b + x))
        if is_p(sa) == is_p(sb):
            raise QuotientNotFound(f"the sum {x} does not separate {u} ({a}) from {v} ({b})")
        count += 1
    return count


__all__ += [
    "FamilyQuotient",
    "HeapBeyondQuotient",
    "check_separators",
    "misere_quotient_of",
]
