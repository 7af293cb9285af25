"""Heap games: subtraction games and take-and-break (octal and hex) games.

A *heap game* is played on heaps of tokens; a move changes one heap.  The
Grundy value of a position is the xor of its heaps' values, so a ruleset is
solved by its *Grundy sequence* ``G(0), G(1), G(2), ...`` (``G(n)`` the value
of one heap of ``n``).  Conventions: normal play (whoever cannot move loses),
and a heap of 0 is the empty, terminal heap, ``G(0) = 0``.

* :class:`SubtractionGame` ``(S)``: remove ``s`` tokens for some ``s`` in
  ``S``; with ``all_but=True`` any number *except* those in ``S``.
* :class:`OctalGame` ``(code)``: CGSuite's take-and-break codes.  The digit
  ``d_k`` of ``"d_0.d_1 d_2 ..."`` says what may remain after removing ``k``
  tokens from a heap: bit 1 nothing (the whole heap was ``k``), bit 2 one
  non-empty heap, bit 4 two non-empty heaps, bit 8 (hex digits) three.  A
  digit followed by ``!`` requires the heaps left to have different sizes;
  a final ``[...]`` block repeats for ever; CGSuite's generalised digits
  (``{2,3}``, ``{2+}``, ``*``, ``&n;``, modifiers ``?`` and ``=``) are read
  too (:mod:`cgt.impartial.take_and_break`).  Kayles is ``"0.77"``, Dawson's
  Kayles ``"0.07"``, Officers ``"0.6"``, Dawson's chess ``"0.137"`` and
  Grundy's game ``"4!.0"``.

Grundy sequences are computed on flat arrays (numpy when it is installed),
never on position objects; :meth:`HeapRuleset.periodicity` proves eventual
periodicity from a computed prefix or returns ``None``.  Heap positions
(``ruleset(5, 7)``) are :class:`~cgt.games.base.ImpartialPosition` objects,
valued by the generic solver with the sequence as known values.

>>> kayles = OctalGame("0.77")
>>> kayles.grundy_sequence(12)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> kayles.periodicity()
Periodicity(preperiod=71, period=12)
>>> SubtractionGame({1, 2, 3})(61, 101, 15).grundy()
3
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from .. import _engine
from .. import progress as _progress
from .._svg import Drawable
from ..errors import CGTError, InvalidPosition, ParseError, TooLarge
from ..impartial.nim import mex
from ..impartial.periodicity import (
    Periodicity,
    PeriodNotFound,
    find_arithmetic_periodicity,
    find_periodicity,
)
from ..impartial.take_and_break import (
    GeneralRules,
    octal_form,
    parse_general_code,
    read_code_blocks,
)
from ..kernels import kernel as _kernel
from ..kernels import optional_numpy as _numpy
from .base import HEAP_COORDINATES, ImpartialPosition, solver_for
from .registry import register_ruleset

if TYPE_CHECKING:
    from ..impartial.quotient import MisereQuotient

__all__ = [
    "HeapPosition",
    "HeapRuleset",
    "HeapTooLarge",
    "OctalGame",
    "PeriodNotFound",
    "Periodicity",
    "SubtractionGame",
]

Engine = Literal["auto", "numpy", "python"]

_DIRECT_LIMIT = 1 << 22  # beyond this heap size, values come from a proven period only
_EXTEND_LOCK = threading.Lock()  # one sequence extension at a time (they are CPU-bound anyway)
_tracker = _progress.IDLE  # the progress of the running extension (under _EXTEND_LOCK)
_SEQUENCE_LIMIT = 1 << 26  # grundy_sequence(n) refuses to list more values than this
_PERIOD_FROM = 1 << 12  # longer extensions first look for a proven period ...
_PERIOD_UPTO = 1 << 16  # ... in prefixes of up to this many values
_SPARSE_WARM = 1 << 10  # the sparse-space engine starts after this many values
_SPARSE_RARE = 0.2  # ... and runs while at most this fraction of values is rare (numpy)
_SPARSE_RARE_PYTHON = 0.05  # ... (pure Python)


class HeapTooLarge(TooLarge):
    """A heap is too large to value directly and no period is proven (a :class:`~cgt.TooLarge`).

    >>> issubclass(HeapTooLarge, CGTError)
    True
    """


def _heap_size(n: object, what: str = "heap size") -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidPosition(f"{what} must be an int, not {type(n).__name__}")
    if n < 0:
        raise InvalidPosition(f"{what} must be non-negative, got {n}")
    return n


class HeapRuleset:
    """Base class of single-heap rulesets: a Grundy sequence and heap positions.

    Subclasses supply :meth:`options` (the heaps left by one move on a heap
    of ``n``), :meth:`_extend` (the flat-array computation) and a hashable
    :attr:`rule_key`.

    >>> SubtractionGame({1, 2}).grundy_sequence(7)
    [0, 1, 2, 0, 1, 2, 0]
    """

    def __init__(self) -> None:
        self._values: list[int] = [0]

    # --- what subclasses provide ----------------------------------------------
    @property
    def rule_key(self) -> Hashable:
        """A hashable identity of the ruleset (used in transposition-table keys).

        >>> OctalGame("0.77").rule_key == OctalGame("0.770").rule_key
        True
        """
        raise NotImplementedError

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The heap tuples one move can leave from a single heap of ``n`` (no empty heaps).

        >>> SubtractionGame({1, 3}).options(3)
        [(2,), ()]
        """
        raise NotImplementedError

    def _extend(self, values: list[int], n: int, engine: Engine) -> None:
        """Append ``G(len(values)), ..., G(n - 1)`` to ``values``."""
        raise NotImplementedError

    def stability_bounds(self) -> tuple[int, int] | None:
        """``(h, t)`` for the misère quotient's stability proof, or ``None``.

        ``h`` is the most heaps a move leaves, ``t`` the most counters it
        removes; ``None`` when either is unbounded or the proof does not apply
        (see :class:`cgt.impartial.quotient.HeapRules`).

        >>> SubtractionGame({1, 4}).stability_bounds(), OctalGame("4!.0").stability_bounds()
        ((1, 4), None)
        """
        return None

    def _window(self) -> tuple[Callable[[int, int], int], str] | None:
        """The periodicity certificate window and its theorem, or ``None``."""
        return None

    def _extend_periodic(self, values: list[int], n: int, engine: Engine) -> None:
        """:meth:`_extend`, but once a period is proven the rest is read off it.

        A long extension grows the prefix by doubling (up to ``_PERIOD_UPTO``
        values) and asks :func:`find_periodicity` for a period certified by
        the ruleset's window theorem after each step; a proven period gives
        every later value exactly, ``G(n) = G(n - period)`` for ``n >= pre + period``.
        """
        window = self._window()
        if window is None or n - len(values) <= _PERIOD_FROM:
            self._extend(values, n, engine)
            return
        rule, criterion = window
        while len(values) < n:
            length = len(values)
            if length > _PERIOD_UPTO:
                self._extend(values, n, engine)
                return
            self._extend(values, min(n, max(2 * length, 128)), engine)
            found = find_periodicity(values, rule, criterion=criterion)
            if found is not None:
                pre, period = found
                size = len(values)
                offset = (size - pre) % period
                cycle = values[pre + offset : pre + period] + values[pre : pre + offset]
                reps, rest = divmod(n - size, period)  # cycle[0] is G(size)
                values.extend(cycle * reps)
                values.extend(cycle[:rest])
                _tracker.update(n)
                return

    # --- values ----------------------------------------------------------------
    def grundy_sequence(
        self, n: int, *, engine: Engine = "auto", progress: bool | None = None
    ) -> list[int]:
        """The first ``n`` Grundy values ``[G(0), ..., G(n - 1)]``.

        Computed once on flat arrays and kept; ``engine`` picks the numpy or
        the pure-Python loop (``"auto"``: numpy when installed).  Finite octal
        codes leaving at most two heaps run in the compiled kernel instead when
        it is built (see :func:`cgt.compiled`), unless ``engine="python"``
        (which ``"auto"`` means inside ``cgt.games.implementation("python")``);
        the values are the same.  Octal games
        use the sparse-space method when their values allow it, and once
        :meth:`periodicity`'s certificate holds for a prefix (of at most 65536
        values) the rest is read off the proven period; both are exact.  A long
        computation shows a progress bar of the heaps done after two seconds
        (see :mod:`cgt.progress`); ``progress=False`` keeps it silent.

        >>> OctalGame("0.07").grundy_sequence(10)
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
        """
        _heap_size(n, "length")
        if n > _SEQUENCE_LIMIT:
            raise HeapTooLarge(
                f"a list of {n if n < 1 << 32 else f'about 2**{n.bit_length() - 1}'} "
                f"Grundy values is "
                f"too long to build (the limit is 2**26); ask grundy(n) for single heaps"
            )
        if engine not in ("auto", "numpy", "python"):
            raise InvalidPosition(f"engine must be 'auto', 'numpy' or 'python', not {engine!r}")
        if engine == "auto" and _engine.python_only():
            engine = "python"  # the reference rules: no kernel, no numpy
        global _tracker
        _progress.check_flag(progress)
        if len(self._values) < n:
            with _EXTEND_LOCK:
                if len(self._values) < n:
                    # Extend a copy and publish it whole: other threads (and an
                    # interrupted extension) only ever see a finished prefix.
                    values = list(self._values)
                    with _progress.tracking(
                        f"Grundy values of {self!r}", progress=progress, unit="heap", total=n
                    ) as tracker:
                        _tracker = tracker
                        try:
                            self._extend_periodic(values, n, engine)
                        finally:
                            _tracker = _progress.IDLE
                    self._values = values
        return self._values[:n]

    def grundy(self, n: int) -> int:
        """The Grundy value of a single heap of ``n``.

        Very large heaps are valued through a proven period (see
        :meth:`periodicity`); without one they raise :class:`HeapTooLarge`.

        >>> OctalGame("0.77").grundy(10**30)
        1
        """
        _heap_size(n)
        if n < len(self._values):
            return self._values[n]
        if n >= _DIRECT_LIMIT:
            try:
                periodicity = self.periodicity()
            except PeriodNotFound as err:
                raise HeapTooLarge(
                    f"heap of {n} is too large to value directly and {self!r} has no proven "
                    f"period ({err})"
                ) from None
            return periodicity.value(n)
        self.grundy_sequence(max(n + 1, (len(self._values) * 5) // 4))
        return self._values[n]

    def periodicity(self, max_length: int = 1 << 14) -> Periodicity:
        """A proven eventual period of the Grundy sequence.

        Prefixes of growing length (up to ``max_length`` values) are searched
        for the smallest period whose certificate window (see
        :mod:`cgt.impartial.periodicity`) they cover; the preperiod is the
        smallest the prefix allows.  When none is proven it raises
        :class:`~cgt.impartial.PeriodNotFound`, saying how many values were
        searched and the ``max_length`` that searches further (or that no
        theorem applies, so no search can prove a period).  That means *not
        proven*, never "not periodic".  Hexadecimal codes may instead be
        proven arithmetic periodic (a saltus, by the test of
        :func:`_saltus_obstruction`).  When the values searched grow by a
        saltus that no theorem here certifies (``"0.3F"``, whose saltus 3 is
        no power of two), the error says so, names the condition that fails,
        and carries it as :attr:`~cgt.impartial.PeriodNotFound.apparent`, an
        observation only.

        >>> SubtractionGame({2, 3}).periodicity()
        Periodicity(preperiod=0, period=5)
        >>> OctalGame("0.8").periodicity()                   # take one, leave three heaps
        Periodicity(preperiod=1, period=3, saltus=1)
        >>> OctalGame("0.6").periodicity(max_length=2000)      # Officers: unknown
        Traceback (most recent call last):
        ...
        cgt.impartial.periodicity.PeriodNotFound: no period of OctalGame('0.6') is proven by \
its first 2000 Grundy values (...); pass max_length=4000 to search further
        """
        _heap_size(max_length, "max_length")
        found = self._periodicity_or_none(max_length)
        if found is not None:
            return found
        criterion = self._theorem()
        if criterion is None:
            raise PeriodNotFound(
                f"no period of {self!r} can be proven: no window theorem applies to it "
                f"({self._no_window_reason()}), so searching further cannot help",
                searched=0,
                next_length=None,
            )
        apparent = self._apparent_saltus(max_length)
        note = ""
        if apparent is not None:
            pre, period, saltus = apparent
            note = (
                f"; they look arithmetic periodic, G(n + {period}) = G(n) + {saltus} from "
                f"n = {pre} on, but {self._saltus_failure(pre, period, saltus)}, so "
                f"that is not proven either (and if it holds, no plain period exists)"
            )
        err = PeriodNotFound(
            f"no period of {self!r} is proven by its first {max_length} Grundy values "
            f"({criterion}){note}; pass max_length={2 * max(max_length, 1)} to search further",
            searched=max_length,
            next_length=2 * max(max_length, 1),
        )
        err.apparent = apparent
        raise err

    def _apparent_saltus(self, max_length: int) -> tuple[int, int, int] | None:
        """``(pre, period, saltus)`` that the computed prefix *shows*, never a proof.

        Only for rulesets certified by a plain-period window (an arithmetic
        period is then uncertified): the smallest period with a positive saltus
        that holds from some ``pre`` in the first half of the computed prefix to
        its end, over at least three periods.  ``None`` when there is none.
        """
        if self._window() is None:
            return None
        seq = self._values[:max_length]
        half = len(seq) - len(seq) // 2
        found = find_arithmetic_periodicity(
            seq, lambda pre, p: pre + max(2 * p, half - p), lambda pre, p, s: True
        )
        return None if found is None else (found.preperiod, found.period, found.saltus)

    def _saltus_failure(self, pre: int, period: int, saltus: int) -> str:
        """Why the arithmetic period ``(pre, period, saltus)`` seen is not certified."""
        return "no theorem here certifies a saltus for these rules"

    def _theorem(self) -> str | None:
        """The theorem :meth:`periodicity` certifies with, or ``None`` when none applies."""
        window = self._window()
        return None if window is None else window[1]

    def _no_window_reason(self) -> str:
        """Why :meth:`_window` gives no theorem (for :class:`PeriodNotFound`)."""
        return "its rules are not covered by a periodicity theorem"

    def _periodicity_or_none(self, max_length: int) -> Periodicity | None:
        """:meth:`periodicity`, or ``None`` when no period is proven (for internal use)."""
        window = self._window()
        if window is None:
            return None
        rule, criterion = window
        length = 128
        while True:
            length = min(length, max_length)
            found = find_periodicity(self.grundy_sequence(length), rule, criterion=criterion)
            if found is not None or length >= max_length:
                return found
            length *= 2

    def misere_quotient(self, n: int, *, max_order: int = 2000) -> MisereQuotient:
        """The misère quotient of all sums of heaps 1 to ``n``, verified (Plambeck-Siegel).

        The result decides the misère outcome of any sum of heaps up to
        ``n`` with one table look-up per heap; :attr:`~cgt.impartial.MisereQuotient.is_stable`
        says whether it is *proven* to cover every heap size (see
        :mod:`cgt.impartial.quotient`).  A quotient with more than
        ``max_order`` elements raises :class:`~cgt.impartial.QuotientNotFound`.

        >>> q = OctalGame("0.75").misere_quotient(20)
        >>> len(q), q.misere_outcome([3, 5, 7])
        (8, Outcome.N)
        """
        from ..impartial.quotient import misere_quotient

        return misere_quotient(self, n, max_order=max_order)

    # --- positions -------------------------------------------------------------
    def __call__(self, *heaps: int) -> HeapPosition:
        """A position: one heap of each given size.

        >>> SubtractionGame({1, 2, 3})(5, 6).grundy()
        3
        """
        return HeapPosition(self, heaps)

    def position(self, *heaps: int) -> HeapPosition:
        """Same as calling the ruleset: ``ruleset.position(5, 6) == ruleset(5, 6)``.

        >>> OctalGame("0.77").position(3).grundy()
        3
        """
        return HeapPosition(self, heaps)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HeapRuleset) and self.rule_key == other.rule_key

    def __hash__(self) -> int:
        return hash(self.rule_key)


@register_ruleset(
    "HeapPosition",
    "impartial",
    docs="heap_games",
    samples=lambda: [OctalGame("0.77")(5), SubtractionGame({1, 2, 3})(6, 0, 11)],
    stored_as=("cgt.games.heap.HeapPosition",),
    fast_path="compiled Grundy sequences (cgt/_c/heap.c), numpy arrays otherwise",
)
class HeapPosition(ImpartialPosition, Drawable):
    """A position of a heap game: a sum of heaps under one ruleset.

    Its components are the single heaps; the generic solver values it, with
    each heap's value taken from the ruleset's flat Grundy sequence.

    >>> p = SubtractionGame({1, 2, 3})(61, 101, 15)
    >>> p.grundy(), p.winning_moves()
    (3, [SubtractionGame({1, 2, 3})(58, 101, 15), SubtractionGame({1, 2, 3})(61, 98, 15), \
SubtractionGame({1, 2, 3})(61, 101, 12)])
    """

    move_coordinates: ClassVar[str] = HEAP_COORDINATES

    __slots__ = ("heaps", "ruleset")

    def __init__(self, ruleset: HeapRuleset, heaps: Iterable[int]) -> None:
        self.ruleset = ruleset
        self.heaps: tuple[int, ...] = tuple(_heap_size(h) for h in heaps)

    def svg_title(self) -> str:
        """The picture's alt text: the ruleset and the heaps.

        >>> OctalGame("0.77")(3, 5).svg_title()
        "OctalGame('0.77') position with heaps 3, 5"
        """
        heaps = ", ".join(map(str, self.heaps))
        return f"{self.ruleset!r} position with " + (f"heaps {heaps}" if heaps else "no heap")

    def options(self) -> list[HeapPosition]:
        """Every position one move away (one heap replaced by what the move leaves).

        >>> OctalGame("0.6")(5).options()
        [OctalGame('0.6')(4), OctalGame('0.6')(3, 1), OctalGame('0.6')(2, 2)]
        """
        out: list[HeapPosition] = []
        seen: set[tuple[int, ...]] = set()
        for i, heap in enumerate(self.heaps):
            if i and heap in self.heaps[:i]:
                continue
            for left in self.ruleset.options(heap):
                heaps = self.heaps[:i] + left + self.heaps[i + 1 :]
                normal = tuple(sorted(heaps))
                if normal not in seen:
                    seen.add(normal)
                    out.append(HeapPosition(self.ruleset, heaps))
        return out

    def describe_move(self, option: Any) -> str | None:
        """How many were taken from which heap (counted from 0), and what the heap became.

        >>> p = OctalGame("0.6")(5)
        >>> [p.describe_move(o) for o in p.options()]
        ['take 1 from heap 0 (5), leaving 4', 'take 1 from heap 0 (5), leaving 3 and 1', \
'take 1 from heap 0 (5), leaving 2 and 2']
        >>> SubtractionGame({3})(3, 4).describe_move(SubtractionGame({3})(3, 1))
        'take 3 from heap 1 (4), leaving 1'
        """
        if not isinstance(option, HeapPosition) or option.ruleset != self.ruleset:
            return None
        before, after = self.heaps, option.heaps
        k = len(after) - len(before) + 1  # how many heaps the move leaves in place of one
        if k < 0:
            return None
        for i, heap in enumerate(before):
            if before[:i] != after[:i]:
                break
            left = after[i : i + k]
            if after[i + k :] != before[i + 1 :] or left not in self.ruleset.options(heap):
                continue
            taken = heap - sum(left)
            if not left:
                return f"take all {heap} of heap {i}"
            rest = " and ".join(map(str, left))
            return f"take {taken} from heap {i} ({heap}), leaving {rest}"
        return None

    def components(self) -> list[HeapPosition]:
        """The non-empty heaps, each as a position of its own.

        >>> OctalGame("0.77")(3, 0, 5).components()
        [OctalGame('0.77')(3), OctalGame('0.77')(5)]
        """
        if len(self.heaps) == 1 and self.heaps[0]:
            return [self]
        return [HeapPosition(self.ruleset, (h,)) for h in self.heaps if h]

    def key(self) -> Hashable:
        """The ruleset and the sorted non-empty heaps.

        >>> SubtractionGame({1, 2})(5, 0, 3).key()
        (('subtraction', (1, 2), False), (3, 5))
        """
        return (self.ruleset.rule_key, tuple(sorted(h for h in self.heaps if h)))

    def grundy(self) -> int:
        """The Grundy value (xor of the heaps' values), via the generic solver.

        >>> OctalGame("0.07")(4, 5, 6).grundy()
        1
        """
        solver = solver_for(HeapPosition)
        for component in self.components():
            key = solver.key_of(component)
            if key not in solver.grundy_values:
                solver.grundy_values[key] = self.ruleset.grundy(component.heaps[0])
        return solver.grundy(self)

    def winning_moves(self) -> list[HeapPosition]:  # type: ignore[override]  # positions
        """The options of Grundy value 0 (empty when this is a P-position).

        >>> OctalGame("0.77")(4, 4).winning_moves()
        []
        """
        return [option for option in self.options() if option.grundy() == 0]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HeapPosition) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"{self.ruleset!r}({', '.join(map(str, self.heaps))})"

    def _draw_svg(self) -> str:
        """The heaps as columns of tokens, each heap's size underneath (a
        column too tall for tokens is drawn as a bar).

        >>> svg = SubtractionGame({1, 2})(3, 0, 2)._repr_svg_()
        >>> svg.count('class="token"'), svg.count('class="heap"')
        (5, 3)
        """
        from .._svg import document, escape, num, text_width

        tallest = max(self.heaps, default=0)
        token, column, pad = 12.0, 28.0, 8.0
        as_tokens = tallest <= 16
        room = 16 * token
        unit = token if as_tokens else room / tallest
        labels = [str(h) for h in self.heaps]
        column = max([column] + [text_width(t, 10) + 6 for t in labels])
        height = pad + (tallest * unit if as_tokens else room) + 30
        base = height - 22
        body = []
        for i, heap in enumerate(self.heaps):
            x = pad + i * column + column / 2
            parts = [
                f'<line x1="{num(x - column / 2 + 3)}" y1="{num(base)}" '
                f'x2="{num(x + column / 2 - 3)}" y2="{num(base)}" stroke="#555555"/>'
            ]
            if as_tokens:
                for k in range(heap):
                    parts.append(
                        f'<circle class="token" cx="{num(x)}" cy="{num(base - (k + 0.5) * unit)}" '
                        f'r="{num(token * 0.42)}" fill="#e0a030" stroke="#7a5210"/>'
                    )
            elif heap:
                parts.append(
                    f'<rect x="{num(x - 7)}" y="{num(base - heap * unit)}" width="14" '
                    f'height="{num(heap * unit)}" fill="#e0a030" stroke="#7a5210"/>'
                )
            parts.append(
                f'<text x="{num(x)}" y="{num(base + 14)}" font-size="10" '
                f'text-anchor="middle">{escape(labels[i])}</text>'
            )
            body.append('<g class="heap">' + "".join(parts) + "</g>")
        width = 2 * pad + max(1, len(self.heaps)) * column
        return document(width, height, body, background="white")


# --- subtraction games ---------------------------------------------------------------


class SubtractionGame(HeapRuleset):
    """The subtraction game ``S``: remove ``s`` tokens from one heap, ``s`` in ``S``.

    ``S`` is a finite, non-empty set of positive integers.  With
    ``all_but=True`` the moves are every positive number *not* in ``S`` (then
    ``S`` may be empty: that is Nim).  Every finite subtraction game is
    eventually periodic; :meth:`periodicity` proves the period from a window
    of ``max(S)`` values.  An all-but game is arithmetic periodic instead, and
    :meth:`periodicity` proves its period and saltus (see :meth:`_periodicity_or_none`).

    >>> g = SubtractionGame({1, 2, 3})
    >>> g.grundy_sequence(9), g.periodicity()
    ([0, 1, 2, 3, 0, 1, 2, 3, 0], Periodicity(preperiod=0, period=4))
    >>> SubtractionGame({1}, all_but=True).grundy_sequence(8)
    [0, 0, 1, 1, 2, 2, 3, 3]
    >>> SubtractionGame({1}, all_but=True).periodicity()
    Periodicity(preperiod=0, period=2, saltus=1)
    >>> SubtractionGame(set())
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: the subtraction set is empty: give at least one positive integer
    """

    def __init__(self, subtraction_set: Iterable[int], *, all_but: bool = False) -> None:
        super().__init__()
        if isinstance(subtraction_set, (str, bytes)) or not isinstance(subtraction_set, Iterable):
            raise InvalidPosition(
                f"the subtraction set must be a collection of positive ints, "
                f"not {type(subtraction_set).__name__}"
            )
        values = set()
        for s in subtraction_set:
            if isinstance(s, bool) or not isinstance(s, int):
                raise InvalidPosition(
                    f"subtraction set members must be ints, not {type(s).__name__} ({s!r})"
                )
            if s <= 0:
                raise InvalidPosition(f"subtraction set members must be positive, got {s}")
            values.add(s)
        if not values and not all_but:
            raise InvalidPosition(
                "the subtraction set is empty: give at least one positive integer"
            )
        self.subtraction_set: frozenset[int] = frozenset(values)
        self.all_but = bool(all_but)
        self._sorted = tuple(sorted(values))

    def stability_bounds(self) -> tuple[int, int] | None:
        """``(1, max S)``: a move leaves one heap, ``max S`` counters fewer (``None`` for all-but).

        >>> SubtractionGame({1, 2, 3}).stability_bounds()
        (1, 3)
        """
        if self.all_but:
            return None
        return 1, max(self.subtraction_set)

    @property
    def rule_key(self) -> Hashable:
        """``("subtraction", sorted set, all_but)``.

        >>> SubtractionGame({3, 1}).rule_key
        ('subtraction', (1, 3), False)
        """
        return ("subtraction", self._sorted, self.all_but)

    def __repr__(self) -> str:
        inner = "{" + ", ".join(map(str, self._sorted)) + "}" if self._sorted else "set()"
        return f"SubtractionGame({inner}{', all_but=True' if self.all_but else ''})"

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The heaps left by one move from a heap of ``n`` (``()`` when all are taken).

        >>> SubtractionGame({2, 5})(0).options(), SubtractionGame({2, 5}).options(6)
        ([], [(4,), (1,)])
        """
        _heap_size(n)
        if self.all_but:
            moves: Iterable[int] = (k for k in range(1, n + 1) if k not in self.subtraction_set)
        else:
            moves = (s for s in self._sorted if s <= n)
        return [(n - k,) if n > k else () for k in moves]

    def _extend(self, values: list[int], n: int, engine: Engine) -> None:
        if self.all_but:
            self._extend_all_but(values, n)
            return
        moves = self._sorted
        tracker = _tracker
        for m in range(len(values), n):
            if m >= tracker.next:
                tracker.update(m)
            seen = {values[m - s] for s in moves if s <= m}
            g = 0
            while g in seen:
                g += 1
            values.append(g)

    def _extend_all_but(self, values: list[int], n: int) -> None:
        # Every heap j <= m - t - 1 (t = max S) is an option of m: keep the set of
        # their values and its mex incrementally; only the last t heaps need a look.
        t = self._sorted[-1] if self._sorted else 0
        excluded = self.subtraction_set
        present: set[int] = set()
        low_mex = 0
        upto = 0
        tracker = _tracker
        for m in range(len(values), n):
            if m >= tracker.next:
                tracker.update(m)
            while upto <= m - t - 1:
                present.add(values[upto])
                upto += 1
            while low_mex in present:
                low_mex += 1
            near = {values[m - k] for k in range(1, min(t, m) + 1) if k not in excluded}
            g = low_mex
            while g in present or g in near:
                g += 1
            values.append(g)

    def _theorem(self) -> str | None:
        if not self.all_but:
            return super()._theorem()
        t = self._sorted[-1] if self._sorted else 0
        return (
            f"arithmetic periodicity of an all-but subtraction game (max S = {t}): the "
            f"relation on pre <= n < pre + {t} and the values below pre + period being "
            f"0 .. saltus-1 with those below pre raised by the saltus"
        )

    def _periodicity_or_none(self, max_length: int) -> Periodicity | None:
        """For all-but sets: the arithmetic period (with its saltus) proven by the theorem.

        Every heap more than ``t = max S`` below ``n`` is an option of ``n``, so the
        options of ``n + p`` are those of ``n`` moved up ``p`` places plus every heap
        below ``p``.  Hence if ``G(n + p) = G(n) + s`` for ``pre <= n < pre + t``,
        and the values ``G(j)``, ``j < pre + p``, are exactly ``0, ..., s - 1``
        together with ``G(j) + s`` for ``j < pre``, the relation holds for every
        ``n >= pre`` (by induction: the mex moves up by ``s``).
        """
        if not self.all_but:
            return super()._periodicity_or_none(max_length)
        t = self._sorted[-1] if self._sorted else 0
        criterion = self._theorem() or ""
        length = 128
        while True:
            length = min(length, max_length)
            seq = self.grundy_sequence(length)

            def condition(pre: int, p: int, s: int, seq: list[int] = seq) -> bool:
                return set(seq[: pre + p]) == set(range(s)) | {seq[j] + s for j in range(pre)}

            found = find_arithmetic_periodicity(
                seq, lambda pre, p: pre + t, condition, criterion=criterion
            )
            if found is not None or length >= max_length:
                return found
            length *= 2

    def _window(self) -> tuple[Callable[[int, int], int], str] | None:
        if self.all_but:
            return None  # G(n) differs from every G(j), j < n - max(S): unbounded, never periodic
        t = self._sorted[-1]
        return (
            lambda pre, p: pre + t,
            f"subtraction game with max(S) = {t}: a window of {t} values repeats for ever",
        )


# --- take-and-break codes ------------------------------------------------------------

_HEX = "0123456789abcdef"


def _parse_code(text: str) -> tuple[list[tuple[int, bool]], list[tuple[int, bool]]]:
    """Digits ``(bits, distinct)`` for k = 0, 1, ... and the repeating block."""
    if not isinstance(text, str):
        raise InvalidPosition(f"a take-and-break code must be a str, not {type(text).__name__}")
    s = text.lower()
    i = 0
    digits: list[tuple[int, bool]] = []

    def digit(pos: int) -> tuple[int, int]:
        if pos >= len(s):
            raise ParseError("expected a digit", text, pos)
        c = s[pos]
        if c not in _HEX:
            raise ParseError(f"{text[pos]!r} is not an octal or hex digit", text, pos)
        return _HEX.index(c), pos + 1

    if s.startswith("."):
        digits.append((0, False))
    else:
        d0, i = digit(0)
        if d0 & 3:
            raise ParseError(
                f"digit {text[0]!r} before the point would allow a move that removes "
                "nothing and leaves one heap or none (only 4 and 8 make sense there)",
                text,
                0,
            )
        distinct = i < len(s) and s[i] == "!"
        i += distinct
        digits.append((d0, distinct))
    if i >= len(s) or s[i] != ".":
        raise ParseError("expected '.' after the first digit", text, min(i, len(s)))

    def flagged(pos: int) -> tuple[tuple[int, bool], int]:
        d, pos = digit(pos)
        distinct = pos < len(s) and s[pos] == "!"
        return (d, distinct), pos + distinct

    more, repeat = read_code_blocks(text, i + 1, flagged)
    return digits + more, repeat


def _guy_smith(t: int, h: int) -> tuple[Callable[[int, int], int], str]:
    """The certificate window of a finite code: max removal ``t``, up to ``h`` heaps left."""
    if h == 1:
        return (
            lambda pre, p: max(pre, 1) + t,
            f"one heap left per move, max removal {t}: a window of {t} values repeats",
        )
    return (
        lambda pre, p: h * max(pre, 1) + (h - 1) * p + t,
        f"Guy-Smith criterion (max removal t = {t}, up to {h} heaps left): "
        f"window pre <= n < {h}*pre + {h - 1}*period + t",
    )


_SALTUS_COMPANION = 40  # companion heaps below this size enter the coverage families
_SALTUS_CLASSES = 60_000  # most heap-class combinations the bound of the saltus test checks


def _saltus_start(pre: int, period: int, t: int) -> int:
    """``N*`` of the hexadecimal saltus test: the induction runs from ``N* + P`` on."""
    big = period if period % 2 == 0 else 2 * period
    return 3 * (pre + big) + t + 2 * min(pre + big, _SALTUS_COMPANION) + 2


def _saltus_obstruction(
    g: Sequence[int], rules: Sequence[tuple[int, int]], t: int, pre: int, p: int, s: int
) -> str | None:
    """``None`` when the hexadecimal saltus test proves ``G(n + p) = G(n) + s`` for
    ``n >= pre``, else the condition that fails (see docs/guide/heap_games.rst).

    ``g`` holds ``G(0), ...`` and the relation must already hold on it from ``pre``
    to its end; ``rules`` are the code's ``(k, bits)`` (finite, no ``!``), ``t`` its
    largest removal.  The conditions, each checked here:

    * ``s`` is a power of two and ``pre >= 1``;
    * coverage: with ``P = lcm(p, 2)``, ``S = s * P / p`` and ``N*`` from
      :func:`_saltus_start`, for each ``N1`` in ``[N*, N* + P)`` the values below
      ``S`` are met by moves to ``(a, b, b)`` with ``a < pre + P`` (K1), those moves
      with ``a < pre`` raised by ``S`` are met again (K2), and the moves that persist
      under ``N -> N + P`` (to ``(a, b, b)`` and to one heap beside fixed companions
      whose values xor below ``s``) meet every value below ``G(N1) + S`` (C1);
    * exclusion: for every way to remove ``k`` and leave two or three heaps, typed by
      exact size below ``pre`` or by class mod ``p`` from ``pre`` on, either the xor
      of the values mod ``s`` differs from ``G(n) mod s`` or the sum of the values is
      below ``G(n)`` (exactly: ``sum(p*G(h) - s*h) - (p*G(n) - s*n) < s*k``).
    """
    if s < 1 or s & (s - 1):
        return (
            f"saltus {s} is not a power of two (the test adds s without touching the "
            f"bits below it; every multiple of the period has a saltus with the same odd "
            f"factor)"
        )
    if pre < 1:
        return "the preperiod must be at least 1"
    threes = [k for k, bits in rules if bits & 8]
    if not threes:
        return "no digit leaves three heaps (the test covers values with moves to a, b, b)"
    big = p if p % 2 == 0 else 2 * p
    step = s * big // p
    start = _saltus_start(pre, p, t)
    if start + big > len(g):
        return f"it needs the first {start + big} values"
    small = min(pre + big, _SALTUS_COMPANION)
    companions: set[tuple[int, int, int]] = set()  # (k, total of companions, their xor)
    for k, bits in rules:
        if bits & 2 and k >= 1:
            companions.add((k, 0, 0))
        if bits & 4:
            companions.update((k, b, g[b]) for b in range(1, small) if g[b] < s)
        if bits & 8:
            for b in range(1, small):
                companions.update(
                    (k, b + c, g[b] ^ g[c]) for c in range(b, small) if g[b] ^ g[c] < s
                )
    below = set(range(step))
    for n1 in range(start, start + big):
        low = {g[a] for k in threes for a in range(1, pre) if (a - n1 + k) % 2 == 0}
        bottom = {g[a] for k in threes for a in range(pre, pre + big) if (a - n1 + k) % 2 == 0}
        if not below <= low | bottom:
            missing = min(below - low - bottom)
            return f"no move to (a, b, b) with a < {pre + big} has value {missing} at n = {n1}"
        raised = {v + step for v in low}
        if not raised <= low | bottom | {v + step for v in bottom}:
            return f"the values below pre raised by {step} are not met again at n = {n1}"
        kept = {g[a] for k in threes for a in range(pre, n1 - k - 1) if (a - n1 + k) % 2 == 0}
        kept |= {g[n1 - k - total] ^ x for k, total, x in companions}
        met = {v + step for v in kept} | bottom | low
        target = g[n1] + step
        if not set(range(target)) <= met:
            missing = min(set(range(target)) - met)
            return f"the persistent moves of n = {n1 + big} miss the value {missing}"
    if (pre + p) ** 3 > 6 * _SALTUS_CLASSES:
        return f"too many heap classes to bound (pre + period = {pre + p})"
    dev = [p * g[h] - s * h for h in range(pre + p)]
    kinds = [(h, dev[h], g[h] % s) for h in range(1, pre + p)]
    for k, bits in rules:
        for c in (2, 3):
            if not bits & (1 << c):
                continue
            for combo in combinations_with_replacement(kinds, c):
                if combo[-1][0] < pre:
                    continue  # all heaps small: too few tokens for n >= N*
                total = sum(h for h, _, _ in combo)
                residue = 0
                for _, _, r in combo:
                    residue ^= r
                n = pre + (total + k - pre) % p  # the class of the heap moved from
                if residue == g[n] % s and sum(d for _, d, _ in combo) - dev[n] >= s * k:
                    sizes = ", ".join(str(h) if h < pre else f"{h} mod {p}" for h, _, _ in combo)
                    return (
                        f"removing {k} and leaving heaps ({sizes}) is not bounded below "
                        f"G(n) and agrees with it mod {s}"
                    )
    return None


def _certify_saltus(
    seq: Sequence[int], rules: Sequence[tuple[int, int]], t: int, criterion: str
) -> Periodicity | None:
    """The smallest period whose saltus :func:`_saltus_obstruction` certifies, or ``None``."""
    length = len(seq)
    for p in range(1, length // 4):
        s = seq[-1] - seq[-1 - p]
        if s < 1 or s & (s - 1):
            continue
        pre = length - p
        while pre > 0 and seq[pre - 1 + p] - seq[pre - 1] == s:
            pre -= 1
        pre = max(pre, 1)
        for start in range(pre, pre + min(p, 3)):  # a later start only drops early heaps
            if _saltus_start(start, p, t) + (p if p % 2 == 0 else 2 * p) > length:
                break
            if _saltus_obstruction(seq, rules, t, start, p, s) is None:
                values = tuple(seq[: start + p])
                return Periodicity.arithmetic(start, p, s, values, length - p, criterion)
    return None


class OctalGame(HeapRuleset):
    """A take-and-break game given by its CGSuite code (octal, hex, ``!`` and ``[...]``).

    See the module text for the meaning of the digits.  For finite codes
    without ``!``, :meth:`periodicity` applies the Guy-Smith criterion.

    >>> OctalGame("0.07").grundy_sequence(12)          # Dawson's Kayles
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    >>> OctalGame("4!.0").grundy_sequence(12)          # Grundy's game
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    >>> OctalGame("0.8x")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: 'x' is not an octal or hex digit at position 3
      0.8x
         ^
    """

    _general: GeneralRules | None = None  # the general rules (pickles from before them: None)

    def __init__(self, code: str) -> None:
        super().__init__()
        self._general = None
        if isinstance(code, str) and any(c in code for c in "?=*{&"):
            digits, repeat = self._read_general(code)
        else:
            digits, repeat = _parse_code(code)
        while len(digits) > 1 and digits[-1][0] == 0 and not repeat:
            digits.pop()
        self.code = code
        self._digits = tuple(digits)
        self._repeat = tuple(repeat) if any(d for d, _ in repeat) else ()
        self._finite = not self._repeat and not (self._general and self._general.repeat)

    def _read_general(self, code: str) -> tuple[list[tuple[int, bool]], list[tuple[int, bool]]]:
        """Octal digits for a generalised code that has them, else :attr:`_general` set."""
        general, block = parse_general_code(code)
        forms = [octal_form(d) for d in general + block]
        if all(f is not None for f in forms):
            octal = [f for f in forms if f is not None]
            return octal[: len(general)], octal[len(general) :]
        while len(general) > 1 and general[-1].is_zero and not block:
            general.pop()
        if all(d.is_zero for d in block):
            block = []
        self._general = GeneralRules(general, block)
        return [], []

    @property
    def rule_key(self) -> Hashable:
        """``("take-and-break", digits, repeating block)``: ``(bits, distinct)`` per digit.

        >>> OctalGame("4!.0").rule_key
        ('take-and-break', ((4, True),), ())
        """
        if self._general is not None:
            return ("take-and-break", self._general.digits, self._general.repeat)
        return ("take-and-break", self._digits, self._repeat)

    def __repr__(self) -> str:
        return f"OctalGame({self.code!r})"

    def _rule(self, k: int) -> tuple[int, bool]:
        if k < len(self._digits):
            return self._digits[k]
        if self._repeat:
            return self._repeat[(k - len(self._digits)) % len(self._repeat)]
        return (0, False)

    def stability_bounds(self) -> tuple[int, int] | None:
        """``(max_heaps, max_removal)`` for a finite code splitting into at most two heaps
        with no digit demanding distinct heaps; ``None`` otherwise.

        >>> OctalGame("0.77").stability_bounds(), OctalGame("0.8").stability_bounds()
        ((2, 2), None)
        """
        if self._general is not None or self.max_removal is None or self._octal_heaps() > 2:
            return None
        if any(distinct for _, distinct in self._digits):
            return None
        return self._octal_heaps(), self.max_removal

    @property
    def max_removal(self) -> int | None:
        """The largest number of tokens one move removes (``None`` for a repeating code).

        >>> OctalGame("0.137").max_removal, OctalGame("4!.0").max_removal
        (3, 0)
        """
        if not self._finite:
            return None
        if self._general is not None:
            return len(self._general.digits) - 1
        return len(self._digits) - 1

    @property
    def max_heaps(self) -> int | None:
        """The most heaps one move can leave (1, 2 or 3 for octal and hex codes; any
        number for generalised codes, ``None`` when a count such as ``{2+}`` is open).

        >>> OctalGame("0.77").max_heaps, OctalGame("0.3").max_heaps, OctalGame("0.8").max_heaps
        (2, 1, 3)
        >>> OctalGame("0.{5}").max_heaps, OctalGame("{2+}.0").max_heaps
        (5, None)
        """
        if self._general is not None:
            return self._general.max_heaps()
        return self._octal_heaps()

    def _octal_heaps(self) -> int:
        bits = 0
        for d, _ in self._digits + self._repeat:
            bits |= d
        return 3 if bits & 8 else 2 if bits & 4 else 1

    def options(self, n: int) -> list[tuple[int, ...]]:
        """The heap tuples one move can leave from a heap of ``n``.

        >>> OctalGame("0.77").options(3), OctalGame("0.77").options(2)
        ([(2,), (1, 1), (1,)], [(1,), ()])
        """
        _heap_size(n)
        if self._general is not None:
            return self._general.options(n)
        out: list[tuple[int, ...]] = []
        top = n if not self._finite else min(n, len(self._digits) - 1)
        for k in range(top + 1):
            bits, distinct = self._rule(k)
            m = n - k
            if bits & 2 and m >= 1 and k >= 1:
                out.append((m,))
            if bits & 4:
                out.extend(
                    (m - a, a) for a in range(1, m // 2 + 1) if not (distinct and 2 * a == m)
                )
            if bits & 8:
                for a in range(1, m // 3 + 1):
                    for b in range(a, (m - a) // 2 + 1):
                        c = m - a - b
                        if not distinct or a < b < c:
                            out.append((c, b, a))
            if bits & 1 and m == 0:
                out.append(())
        return out

    _SALTUS_THEOREM = (
        "hexadecimal saltus test (saltus a power of two; moves to a, b, b cover the values "
        "below, sums and residues mod the saltus bound the rest; see the heap games guide)"
    )

    def _saltus_rules(self) -> tuple[list[tuple[int, int]], int] | str:
        """``(rules, t)`` for the hexadecimal saltus test, or why it does not apply."""
        if self._general is not None or not self._finite:
            return "the hexadecimal saltus test needs a finite code of plain digits"
        if any(distinct for _, distinct in self._digits):
            return "the hexadecimal saltus test does not cover '!' digits"
        rules = [(k, bits) for k, (bits, _) in enumerate(self._digits) if bits]
        if not any(bits & 8 for _, bits in rules):
            return (
                "no digit leaves three heaps, and the hexadecimal saltus test needs one "
                "(it meets the values below G(n) with the moves to a, b, b)"
            )
        return rules, len(self._digits) - 1

    def _saltus_failure(self, pre: int, period: int, saltus: int) -> str:
        found = self._saltus_rules()
        if isinstance(found, str):
            return found
        rules, t = found
        why = _saltus_obstruction(self._values, rules, t, max(pre, 1), period, saltus)
        if why is None:  # pragma: no cover - certified, so periodicity() returned it
            return "the hexadecimal saltus test was not reached"
        return f"the hexadecimal saltus test fails for it: {why}"

    def _periodicity_or_none(self, max_length: int) -> Periodicity | None:
        """A plain period by the Guy-Smith criterion, else a saltus by the hexadecimal test.

        The arithmetic period is tried on the same growing prefixes, for finite codes
        of plain digits with a three-heap digit (see :func:`_saltus_obstruction`).
        """
        rules = self._saltus_rules()
        window = self._window()
        if isinstance(rules, str) or window is None:
            return super()._periodicity_or_none(max_length)
        rule, criterion = window
        length = 128
        while True:  # both searches on each prefix: a saltus is found as early as a period
            length = min(length, max_length)
            seq = self.grundy_sequence(length)
            found = find_periodicity(seq, rule, criterion=criterion)
            if found is None:
                found = _certify_saltus(seq, *rules, self._SALTUS_THEOREM)
            if found is not None or length >= max_length:
                return found
            length *= 2

    def _no_window_reason(self) -> str:
        if not self._finite:
            return "its code has infinitely many digits"
        if self._general is not None:
            return (
                "a '?', '=' or '!' modifier or an open heap count breaks the Guy-Smith "
                "criterion's shift argument"
            )
        return "a '!' digit that takes from a heap breaks the Guy-Smith criterion's shift argument"

    def _window(self) -> tuple[Callable[[int, int], int], str] | None:
        if not self._finite:
            return None
        if self._general is not None:
            # unmodified counts only, all bounded: the same shift argument, h heaps
            heaps = self._general.max_heaps()
            if heaps is None or not self._general.is_unconstrained():
                return None
            return _guy_smith(len(self._general.digits) - 1, max(heaps, 1))
        if any(distinct and d & 12 for d, distinct in self._digits):
            return None  # '!' breaks the shift argument behind the Guy-Smith criterion
        return _guy_smith(len(self._digits) - 1, self._octal_heaps())

    # --- the flat-array computation ----------------------------------------------
    def _extend(self, values: list[int], n: int, engine: Engine) -> None:
        if self._general is not None:
            self._general.extend(values, n)
            return
        self._extend_octal(values, n, engine)

    def _extend_octal(self, values: list[int], n: int, engine: Engine) -> None:
        if engine == "numpy" and _numpy() is None:  # pragma: no cover
            raise CGTError("engine='numpy' needs numpy installed")
        fast = None if engine == "python" else _kernel("heap")
        if fast is not None and self._finite and self._octal_heaps() <= 2:
            # the kernel needs no numpy: importing it would cost more than 10**4 heaps
            self._extend_compiled(fast, values, n)
            return
        np = None if engine == "python" else _numpy()
        if self._finite and self._octal_heaps() == 2:
            self._extend_sparse(np, values, n)
        elif np is None:
            self._extend_python(values, n)
        else:
            self._extend_numpy(np, values, n)

    def _extend_dense(self, np: Any, values: list[int], n: int) -> None:
        if np is None:
            self._extend_python(values, n)
        else:
            self._extend_numpy(np, values, n)

    def _extend_sparse(self, np: Any, values: list[int], n: int) -> None:
        # The sparse-space method (Achim Flammenkamp's observation for octal
        # games): split the values by the parity of popcount(v & mask) into the
        # *rare* ones (even parity, 0 among them) and the *common* ones (odd).
        # A split a + b leaves G(a) ^ G(b), of odd parity exactly when one of
        # a, b is rare.  So the common values among the options come from the
        # few splits with a rare part (enumerated through the list of rare
        # heaps), the candidate value is the least common value they miss, and
        # only the rare values below it need a search among the other splits;
        # that search stops as soon as it has met them all, usually at once.
        # The result is the exact mex for any mask: the mask only decides the
        # speed.  It is chosen (and revised at every doubling of the prefix) to
        # make the recent values rarest; when even the best leaves more than
        # a fraction of them rare (or of all the values so far), the dense
        # engines take over.  The fraction is _SPARSE_RARE with numpy and
        # smaller without: the pure-Python search is dearer per split than the
        # dense engine's cached pair sets, so it must pay for itself sooner.
        if len(values) < _SPARSE_WARM:
            self._extend_dense(np, values, min(n, _SPARSE_WARM))
        while len(values) < n:
            length = len(values)
            end = min(n, 1 << length.bit_length())
            parities = {k & 1 for k, digit, _ in self._rules_upto(end) if digit & 4}
            limit = _SPARSE_RARE if np is not None else _SPARSE_RARE_PYTHON
            found = _sparse_mask(
                values, length // 2, parities.pop() if len(parities) == 1 else None, limit
            )
            if found is not None:
                mask, domain, phase = found
                rare = sum(
                    (values[r] & mask).bit_count() & 1 == r & domain ^ phase
                    for r in range(1, length)
                )
                if rare > limit * length:
                    found = None
            if found is None:
                self._extend_dense(np, values, end)
            else:
                self._sparse_segment(np, values, end, *found)

    def _extend_compiled(self, fast: Any, values: list[int], n: int) -> None:
        # The compiled kernel (cgt/_c/heap.c) runs _extend_sparse's plan: the
        # dense mex for the first values and whenever no mask makes the values
        # sparse, else the sparse-space segment, with the mask chosen here at
        # each doubling; the kernel tallies the values for that choice.  Finite
        # codes leaving at most two heaps only (digits 0-7).
        tracker = _tracker

        def report(heap: int) -> int:
            tracker.update(heap)
            return tracker.next

        rules = self._rules_upto(n)
        if self._octal_heaps() == 1 or len(values) < _SPARSE_WARM:
            end = n if self._octal_heaps() == 1 else min(n, _SPARSE_WARM)
            fast.dense(values, end, rules, report, tracker.next)
        parities = {k & 1 for k, digit, _ in rules if digit & 4}
        split_parity = parities.pop() if len(parities) == 1 else None
        upto: tuple[int, dict[tuple[int, int], int]] = (0, {})  # counts of heaps 1 .. x - 1
        while len(values) < n:
            length = len(values)
            end = min(n, 1 << length.bit_length())
            # older: the heaps before length // 2, mostly the last round's older and recent
            older = (
                upto[1] if upto[0] == length // 2 else _tally(fast.tally(values, 1, length // 2))
            )
            recent = _tally(fast.tally(values, length // 2, length))
            merged = dict(older)
            for key, c in recent.items():
                merged[key] = merged.get(key, 0) + c
            upto = (length, merged)
            found = _mask_from_counts(recent, length - length // 2, split_parity, _SPARSE_RARE)
            if found is not None:
                mask, domain, phase = found
                rare = sum(
                    c
                    for counts in (older, recent)
                    for (v, i), c in counts.items()
                    if (v & mask).bit_count() & 1 == i & domain ^ phase
                )
                if rare > _SPARSE_RARE * length:
                    found = None
            if found is None:
                fast.dense(values, end, rules, report, tracker.next)
            else:
                fast.sparse(values, end, rules, *found, report, tracker.next)

    def _sparse_segment(
        self, np: Any, values: list[int], end: int, mask: int, domain: int, phase: int
    ) -> None:
        # Heap r is rare when parity(G(r) & mask) == (r % 2) * domain ^ phase.
        # domain = 1 is the sparse space "in the domain", for games whose
        # splits all remove amounts of one parity: the values of a split
        # a + b = m with exactly one rare part have parity 1 ^ (m % 2), and
        # those with none or two have the other parity (whatever the phase).
        start = len(values)
        rules = self._rules_upto(end)
        singles = [(k, digit) for k, digit, _ in rules if digit & 3]
        splits = [(k, distinct) for k, digit, distinct in rules if digit & 4]
        g = values
        rare = [r for r in range(1, start) if (g[r] & mask).bit_count() & 1 == r & domain ^ phase]
        pairs = [(r, g[r]) for r in rare]
        width = max(g).bit_length()
        odd, even = _parity_bits(mask, max(width, mask.bit_length()) + 1)
        if np is not None:
            g_np = np.zeros(end, dtype=np.intp)
            g_np[:start] = g
            rare_np = np.zeros(max(64, 2 * len(rare)), dtype=np.intp)
            rare_np[: len(rare)] = rare
            rare_g = g_np[rare_np]
        tracker = _tracker
        for heap in range(start, end):
            if heap >= tracker.next:
                tracker.update(heap)
            hit = 0
            for k, digit in singles:
                m = heap - k
                if digit & 1 and m == 0:
                    hit |= 1
                if digit & 2 and m >= 1 and k >= 1:
                    hit |= 1 << g[m]
            # every split with a rare part: all the common values among the options
            for k, distinct in splits:
                m = heap - k
                if m < 2:
                    continue
                count = bisect_left(rare, m)
                if np is not None and count > 48:
                    idx = rare_np[:count]
                    x = g_np[m - idx] ^ rare_g[:count]
                    if distinct and not m & 1:
                        x = x[2 * idx != m]
                    hit |= _bits_numpy(np, x, width)
                elif distinct:
                    for r, v in pairs:
                        if r >= m:
                            break
                        if 2 * r != m:
                            hit |= 1 << (v ^ g[m - r])
                else:
                    for r, v in pairs:
                        if r >= m:
                            break
                        hit |= 1 << (v ^ g[m - r])
            if domain and (heap - splits[0][0]) & 1:
                sparse, dense = even, odd
            else:
                sparse, dense = odd, even
            free = sparse & ~hit
            value = (free & -free).bit_length() - 1
            need = dense & ~hit & ((1 << value) - 1)  # the values below it still to meet
            for k, distinct in splits:
                if not need:
                    break
                m = heap - k
                top = (m - 1) // 2 if distinct else m // 2
                if np is None or top <= 32:
                    for a in range(1, top + 1):
                        need &= ~(1 << (g[a] ^ g[m - a]))
                        if not need:
                            break
                    continue
                lo, size = 1, max(256, 16 * need.bit_count())
                if need.bit_count() <= 4:  # a few values: usually met among the first splits
                    for a in range(1, 33):
                        need &= ~(1 << (g[a] ^ g[m - a]))
                        if not need:
                            break
                    lo = 33
                while need and lo <= top:
                    hi = min(top, lo + size - 1)
                    x = g_np[lo : hi + 1] ^ g_np[m - hi : m - lo + 1][::-1]
                    need &= ~_bits_numpy(np, x, width)
                    lo, size = hi + 1, 4 * size
            if need:
                value = (need & -need).bit_length() - 1
            g.append(value)
            if value.bit_length() > width:
                width = value.bit_length()
                odd, even = _parity_bits(mask, max(width, mask.bit_length()) + 1)
            if np is not None:
                g_np[heap] = value
            if (value & mask).bit_count() & 1 == heap & domain ^ phase:
                rare.append(heap)
                pairs.append((heap, value))
                if np is not None:
                    if len(rare) > len(rare_np):
                        grown = np.zeros(2 * len(rare_np), dtype=np.intp)
                        grown[: len(rare_np)] = rare_np
                        rare_np = grown
                    rare_np[len(rare) - 1] = heap
                    rare_g = g_np[rare_np]

    def _rules_upto(self, n: int) -> list[tuple[int, int, bool]]:
        top = n if not self._finite else min(n, len(self._digits) - 1)
        return [(k, *self._rule(k)) for k in range(top + 1) if self._rule(k)[0]]

    def _extend_python(self, values: list[int], n: int) -> None:
        pair_cache: dict[tuple[int, bool], frozenset[int]] = {}
        triple_cache: dict[tuple[int, bool], frozenset[int]] = {}
        g = values
        tracker = _tracker
        for heap in range(len(values), n):
            if heap >= tracker.next:
                tracker.update(heap)
            seen: set[int] = set()
            for k, bits, distinct in self._rules_upto(heap):
                m = heap - k
                if bits & 1 and m == 0:
                    seen.add(0)
                if bits & 2 and m >= 1 and k >= 1:
                    seen.add(g[m])
                if bits & 4 and m >= 2:
                    key = (m, distinct)
                    pairs = pair_cache.get(key)
                    if pairs is None:
                        top = (m - 1) // 2 if distinct else m // 2
                        pairs = pair_cache[key] = frozenset(
                            g[a] ^ g[m - a] for a in range(1, top + 1)
                        )
                    seen |= pairs
                if bits & 8 and m >= 3:
                    key = (m, distinct)
                    triples = triple_cache.get(key)
                    if triples is None:
                        triples = triple_cache[key] = frozenset(_triples_python(g, m, distinct))
                    seen |= triples
            g.append(mex(seen))
            if self._finite:
                low = heap - len(self._digits)
                for cache in (pair_cache, triple_cache):
                    for key in [key for key in cache if key[0] <= low]:
                        del cache[key]

    def _extend_numpy(self, np: Any, values: list[int], n: int) -> None:
        # Option-value sets are Python int bitmasks.  The xors of the pair splits
        # of a heap of m are computed in one vector operation; while every value
        # is below 32 they go through uint8 arrays and a shift-or reduction, else
        # through a scatter into a boolean array.
        start = len(values)
        size = n + 1
        g = np.zeros(size, dtype=np.intp)
        r = np.zeros(size, dtype=np.intp)  # r[size - 1 - i] == g[i]: reversed slices
        g[:start] = values
        r[size - start :] = g[:start][::-1]
        top_value = max(values)
        small = top_value < 32
        g8 = g.astype(np.uint8) if small else g
        r8 = r.astype(np.uint8) if small else r
        one = np.uint64(1)
        cache: dict[tuple[int, bool, int], int] = {}
        rules = self._rules_upto(n) if self._finite else []
        span = len(self._digits)

        def presence(m: int, distinct: bool, heaps: int) -> int:
            key = (m, distinct, heaps)
            found = cache.get(key)
            if found is not None:
                return found
            if heaps == 2:
                top = (m - 1) // 2 if distinct else m // 2
                if top < 1:
                    bits = 0
                elif small:
                    x = g8[1 : top + 1] ^ r8[size - m : size - m + top]
                    bits = int(np.bitwise_or.reduce(np.left_shift(one, x, dtype=np.uint64)))
                else:
                    seen = np.zeros(2 << max(1, top_value.bit_length()), dtype=bool)
                    seen[g[1 : top + 1] ^ r[size - m : size - m + top]] = True
                    bits = int.from_bytes(np.packbits(seen, bitorder="little").tobytes(), "little")
            else:
                bits = 0
                for x in _triples_numpy(np, g, r, size, m, distinct):
                    seen = np.zeros(4 << max(1, top_value.bit_length()), dtype=bool)
                    seen[x] = True
                    bits |= int.from_bytes(np.packbits(seen, bitorder="little").tobytes(), "little")
            cache[key] = bits
            return bits

        tracker = _tracker
        for heap in range(start, n):
            if heap >= tracker.next:
                tracker.update(heap)
            seen_bits = 0
            for k, digit, distinct in rules if self._finite else self._rules_upto(heap):
                m = heap - k
                if m < 0:
                    break
                if digit & 1 and m == 0:
                    seen_bits |= 1
                if digit & 2 and m >= 1 and k >= 1:
                    seen_bits |= 1 << values[m]
                if digit & 4 and m >= 2:
                    seen_bits |= presence(m, distinct, 2)
                if digit & 8 and m >= 3:
                    seen_bits |= presence(m, distinct, 3)
            value = ((~seen_bits) & (seen_bits + 1)).bit_length() - 1
            values.append(value)
            g[heap] = value
            r[size - 1 - heap] = value
            if value > top_value:
                top_value = value
                if small and value >= 32:
                    small = False
                    cache.clear()
            if small:
                g8[heap] = value
                r8[size - 1 - heap] = value
            if self._finite and heap % 64 == 0:
                low = heap - span
                for key in [key for key in cache if key[0] <= low]:
                    del cache[key]


def _sparse_mask(
    values: Sequence[int], start: int, split_parity: int | None, limit: float = _SPARSE_RARE
) -> tuple[int, int, int] | None:
    """``(mask, domain, phase)`` making fewest of ``values[start:]`` rare; ``None``: not sparse.

    Heap ``n`` is rare when ``popcount(G(n) & mask) % 2 == n % 2 * domain ^ phase``.
    The phase is ``domain * (k % 2)`` for splits that remove ``k`` tokens: only then
    is a *common* value one that the splits reach only through a rare part.
    ``domain`` is 0 when the splits remove amounts of both parities
    (``split_parity=None``).
    """
    counts: dict[tuple[int, int], int] = {}
    for n in range(start, len(values)):
        key = (values[n], n & 1)
        counts[key] = counts.get(key, 0) + 1
    return _mask_from_counts(counts, len(values) - start, split_parity, limit)


def _tally(counts: list[int]) -> dict[tuple[int, int], int]:
    """The kernel's ``counts[2 * v + n % 2]`` as ``{(v, n % 2): count}`` (non-zero counts)."""
    return {(i >> 1, i & 1): c for i, c in enumerate(counts) if c}


def _mask_from_counts(
    counts: dict[tuple[int, int], int], total: int, split_parity: int | None, limit: float
) -> tuple[int, int, int] | None:
    """:func:`_sparse_mask` from ``{(value, heap % 2): count}`` over ``total`` heaps."""
    width = max((v for v, _ in counts), default=0).bit_length()
    if not total or width > 11:
        return None
    if width > 4:
        return _mask_walsh(counts, total, width, split_parity, limit)
    best, found = total + 1, (0, 0, 0)
    for delta in (0,) if split_parity is None else (0, 1):
        phase = delta & (split_parity or 0)
        for mask in range(1, 1 << width):
            rare = sum(
                c for (v, i), c in counts.items() if (v & mask).bit_count() & 1 == i & delta ^ phase
            )
            if rare < best:
                best, found = rare, (mask, delta, phase)
    return found if best <= limit * total else None


def _mask_walsh(
    counts: dict[tuple[int, int], int],
    total: int,
    width: int,
    split_parity: int | None,
    limit: float,
) -> tuple[int, int, int] | None:
    """:func:`_mask_from_counts` with every mask at once (the same choice: first of the fewest).

    For the heaps of parity ``i``, ``S_i(mask) = sum of c * (-1) ** parity(v & mask)``
    over their counts is the Walsh-Hadamard transform of the counts, so ``(N_i - S_i) / 2``
    of them have odd parity under ``mask`` and ``(N_i + S_i) / 2`` even: every mask scored
    in ``width * 2 ** width`` additions, exactly, in plain Python (no numpy to import).
    """
    size = 1 << width
    spectra = []
    for i in (0, 1):
        s = [0] * size
        for (v, j), c in counts.items():
            if j == i:
                s[v] += c
        h = 1
        while h < size:
            for lo in range(0, size, 2 * h):
                for x in range(lo, lo + h):
                    y, z = s[x], s[x + h]
                    s[x], s[x + h] = y + z, y - z
            h *= 2
        spectra.append(s)  # s[0] is N_i
    best, found = total + 1, (0, 0, 0)
    for delta in (0,) if split_parity is None else (0, 1):
        phase = delta & (split_parity or 0)
        # rare: parity == (i & delta) ^ phase, for heaps of parity i
        signs = [-1 if (i & delta) ^ phase else 1 for i in (0, 1)]
        s0, s1 = spectra
        n0, n1 = s0[0], s1[0]
        g0, g1 = signs
        rare = [(n0 + g0 * s0[m] + n1 + g1 * s1[m]) >> 1 for m in range(1, size)]
        least = min(rare)
        if least < best:
            best, found = least, (rare.index(least) + 1, delta, phase)
    return found if best <= limit * total else None


def _parity_bits(mask: int, width: int) -> tuple[int, int]:
    """Bit sets of the values below ``2**width`` of odd and of even parity under ``mask``."""
    odd = sum(1 << v for v in range(1 << width) if (v & mask).bit_count() & 1)
    return odd, ((1 << (1 << width)) - 1) ^ odd


def _bits_numpy(np: Any, x: Any, width: int) -> int:
    """The set of values in the array ``x`` (all below ``2**width``) as a bit set."""
    if width <= 6:
        return int(np.bitwise_or.reduce(np.left_shift(np.uint64(1), x.astype(np.uint64))))
    seen = np.zeros(1 << width, dtype=bool)
    seen[x] = True
    return int.from_bytes(np.packbits(seen, bitorder="little").tobytes(), "little")


def _triples_python(g: Sequence[int], m: int, distinct: bool) -> Iterable[int]:
    for a in range(1, m // 3 + 1):
        for b in range(a + distinct, (m - a) // 2 + 1):
            c = m - a - b
            if distinct and c == b:
                continue
            yield g[a] ^ g[b] ^ g[c]


def _triples_numpy(np: Any, g: Any, r: Any, size: int, m: int, distinct: bool) -> Iterable[Any]:
    for a in range(1, m // 3 + 1):
        lo = a + 1 if distinct else a
        hi = (m - a - 1) // 2 if distinct else (m - a) // 2
        if hi < lo:
            continue
        # c = m - a - b runs from m - a - lo down to m - a - hi
        start = size - 1 - (m - a - lo)
        yield g[a] ^ g[lo : hi + 1] ^ r[start : start + hi - lo + 1]
