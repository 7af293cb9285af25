"""Misère play of impartial games: outcome, misère Grundy value and genus.

Under the *misère* convention whoever cannot move **wins**.  The misère
Grundy value is ``G⁻(x) = 1`` for a terminal ``x`` and the mex of the options'
values otherwise; the player to move loses exactly when ``G⁻(x) == 0``.
Unlike normal play, misère values do not add over disjunctive sums, so the
search here runs on *whole* sums: a state is the multiset of the position's
non-terminal components, and a move replaces one component by the components
of one of its options.  States are memoised (by the components' ``key()``),
so identical sub-sums are solved once.

Conway's *genus* ``g^(γ0 γ1 γ2 ...)`` refines this: ``g`` is the normal-play
Grundy value and ``γk`` the misère Grundy value of the position plus ``k``
extra Nim heaps of size 2.  It is printed as in *Winning Ways*, cut after the
point from which the computed ``γ`` alternate (``0^120`` for the empty game,
``1^031`` for ``*``).

>>> from cgt.games import SubtractionGame
>>> nim = SubtractionGame(range(1, 100))      # Nim, for heaps below 100
>>> misere_outcome(nim(1, 1, 1)), misere_outcome(nim(2, 2)), misere_outcome(nim(1, 1))
(Outcome.P, Outcome.P, Outcome.N)
>>> str(genus(nim(0))), str(genus(nim(1))), str(genus(nim(2))), str(genus(nim(3)))
('0^120', '1^031', '2^20', '3^31')
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from .._cache import BoundedCache
from .._compat import flag
from .._deep import deep
from .._options import has_options_method
from ..errors import InvalidArgument, NotImpartial, WrongType
from ..game import Game, Outcome
from .nim import mex

__all__ = [
    "Genus",
    "NimHeap",
    "clear_misere_cache",
    "form_misere_outcome",
    "genus",
    "misere_grundy",
    "misere_outcome",
]

_Id = tuple[type, Hashable]
_State = frozenset[tuple[_Id, int]]

_objects: dict[_Id, Any] = {}  # not bounded: the move tables refer to these
_moves: BoundedCache[_Id, tuple[tuple[_Id, ...], ...]] = BoundedCache("impartial.misere.moves")
_values: BoundedCache[_State, int] = BoundedCache("impartial.misere.values")
_terminal: BoundedCache[_Id, bool] = BoundedCache("impartial.misere.terminal")
_lock = threading.RLock()  # the tables change under one thread at a time
# (form, Left to move) -> does the player to move win the form under misère play?
_form_wins: BoundedCache[tuple[Game, bool], bool] = BoundedCache("impartial.misere.forms")


class NimHeap:
    """A plain Nim heap of ``n`` counters, as an impartial position.

    A move takes any number of counters, leaving ``0`` to ``n - 1``.  The genus
    adds ``*2`` heaps with it, and :mod:`cgt.play` plays a nimber of a sum as
    one under misère play.

    >>> misere_outcome(NimHeap(1)), misere_outcome(NimHeap(2)), NimHeap(3)
    (Outcome.P, Outcome.N, NimHeap(3))
    """

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def __repr__(self) -> str:
        return f"NimHeap({self.n})"

    def options(self) -> list[NimHeap]:
        """The heaps of ``0`` to ``n - 1`` counters.

        >>> NimHeap(3).options()
        [NimHeap(0), NimHeap(1), NimHeap(2)]
        """
        return [NimHeap(k) for k in range(self.n)]

    def components(self) -> tuple[NimHeap]:
        """The heap itself: one component.

        >>> NimHeap(2).components()
        (NimHeap(2),)
        """
        return (self,)

    def key(self) -> int:
        """The number of counters.

        >>> NimHeap(4).key()
        4
        """
        return self.n


# clear_misere_cache() runs these too: cgt.impartial.misere_canonical registers
# the clearing of its sums (it builds on this module, so this one cannot import it)
_ALSO_CLEARED: list[Callable[[], None]] = []


def also_clear(clear: Callable[[], None]) -> None:
    """Have :func:`clear_misere_cache` call ``clear`` too (once, however often registered).

    >>> from cgt.impartial.misere_canonical import clear_canonical_cache
    >>> also_clear(clear_canonical_cache); clear_canonical_cache in _ALSO_CLEARED
    True
    """
    if clear not in _ALSO_CLEARED:
        _ALSO_CLEARED.append(clear)


def clear_misere_cache() -> None:
    """Forget every memoised misère value (and the sums of misère canonical forms).

    >>> clear_misere_cache()
    """
    for clear in _ALSO_CLEARED:
        clear()
    _form_wins.clear()
    with _lock:
        _objects.clear()
        _moves.clear()
        _terminal.clear()
        _values.clear()


def _check(position: Any) -> None:
    if not (has_options_method(position, "options") and hasattr(position, "components")):
        raise NotImpartial(
            f"{type(position).__name__} is not an impartial position (it has no options())"
        )


def _ids(position: Any) -> list[_Id]:
    """The ids of the non-terminal components of ``position``."""
    out = []
    for component in position.components():
        ident: _Id = (type(component), component.key())
        if not _is_terminal(ident, component):
            out.append(ident)
    return out


def _is_terminal(ident: _Id, component: Any) -> bool:
    found = _terminal.get(ident)
    if found is None:
        found = _terminal[ident] = not any(True for _ in component.options())
    _objects.setdefault(ident, component)
    return found


def _options_of(ident: _Id) -> tuple[tuple[_Id, ...], ...]:
    found = _moves.get(ident)
    if found is None:
        component = _objects[ident]
        found = _moves[ident] = tuple(tuple(_ids(option)) for option in component.options())
    return found


def _state(ids: Iterable[_Id]) -> _State:
    return frozenset(Counter(ids).items())


@deep
def _misere_value(make_state: Callable[[], _State]) -> int:
    # The state is made under the lock too: a concurrent clear would drop the
    # components its ids refer to.
    with _lock:
        return _value(make_state())


def _value(state: _State) -> int:
    found = _values.get(state)
    if found is not None:
        return found
    if not state:
        result = 1  # no move: the player to move has already won
    else:
        counts = dict(state)
        seen: set[int] = set()
        for ident in counts:
            rest = Counter(counts)
            rest[ident] -= 1
            if rest[ident] == 0:
                del rest[ident]
            for replacement in _options_of(ident):
                after = rest.copy()
                after.update(replacement)
                seen.add(_value(frozenset(after.items())))
        result = mex(seen)
    _values[state] = result
    return result


def misere_grundy(position: Any) -> int:
    """The misère Grundy value ``G⁻`` of an impartial position (a whole sum).

    ``G⁻`` is 1 for a position without moves and the mex of the options'
    values otherwise; the position is a misère P-position iff it is 0.

    >>> from cgt.games import SubtractionGame
    >>> nim = SubtractionGame(range(1, 10))
    >>> [misere_grundy(nim(n)) for n in range(5)]
    [1, 0, 2, 3, 4]
    >>> misere_grundy(nim(1, 1)), misere_grundy(nim(2, 2))
    (1, 0)
    """
    _check(position)
    return _misere_value(lambda: _state(_ids(position)))


def misere_outcome(position: Any) -> Outcome:
    """The misère outcome of a position: ``Outcome.P`` or ``Outcome.N``.

    ``Outcome.P`` if the player to move loses when the last mover loses, else
    ``Outcome.N`` (members equal the letters ``"P"``, ``"N"``).

    >>> from cgt.games import OctalGame
    >>> kayles = OctalGame("0.77")
    >>> "".join(misere_outcome(kayles(n)).value for n in range(6))
    'NPNNPN'
    """
    return Outcome.P if misere_grundy(position) == 0 else Outcome.N


@deep
def form_misere_outcome(g: Game) -> Outcome:
    """The misère outcome of the canonical *form* of ``g`` (partizan or not).

    Under misère play the player who cannot move wins.  Misère outcome is not
    a normal-play invariant: a :class:`~cgt.Game` stands for its canonical
    form, so ``*2 + *2`` (the form ``0``) is an N-position, while the sum of
    the two forms kept apart (a :class:`cgt.Sum`) is a P-position.  This is
    :meth:`cgt.Game.misere_outcome`; :func:`cgt.play.misere_outcome` searches
    positions and sums of them.

    >>> import cgt
    >>> [form_misere_outcome(g) for g in (cgt.zero, cgt.star, cgt.nimber(2), cgt.up)]
    [Outcome.N, Outcome.P, Outcome.N, Outcome.R]
    >>> form_misere_outcome(cgt.parse("{0|0}")), form_misere_outcome(cgt.number(1))
    (Outcome.P, Outcome.R)
    """
    if not isinstance(g, Game):
        raise WrongType(f"the misère outcome of a form needs a Game, not {type(g).__name__}")
    left = _misere_form_wins(g, True)
    right = _misere_form_wins(g, False)
    if left:
        return Outcome.N if right else Outcome.L
    return Outcome.R if right else Outcome.P


def _misere_form_wins(g: Game, left: bool) -> bool:
    """Does the player to move (Left if ``left``) win the form ``g`` under misère play?"""
    found = _form_wins.get((g, left))
    if found is None:
        options = g.left_options if left else g.right_options
        # without a move the player to move has won; else a move to a lost form wins
        found = not options or any(not _misere_form_wins(o, not left) for o in options)
        _form_wins[g, left] = found
    return found


@dataclass(frozen=True)
class Genus:
    """Conway's genus ``g^(γ0 γ1 ...)``: normal value ``g`` and misère values ``γk``.

    ``gammas[k]`` is the misère Grundy value of the position plus ``k`` Nim
    heaps of size 2.  ``str`` prints the *Winning Ways* symbol, stopping once
    the computed ``γ`` alternate.

    >>> g = Genus(0, (1, 2, 0, 2, 0, 2))
    >>> str(g), g.is_tame
    ('0^120', True)
    """

    normal: int
    gammas: tuple[int, ...]

    def shown(self) -> tuple[int, ...]:
        """The ``γ`` that the symbol shows: up to where the computed tail alternates.

        >>> Genus(1, (0, 3, 1, 3, 1, 3)).shown()
        (0, 3, 1)
        """
        g = self.gammas
        start = len(g)
        while start > 0 and (start - 1 + 2 >= len(g) or g[start - 1] == g[start + 1]):
            start -= 1
        return g[: min(len(g), start + 2)]

    @property
    def is_tame(self) -> bool:
        """Whether the computed genus is one that sums of Nim heaps have (*tame*).

        Those are ``0^120`` and ``1^031`` (the empty game and ``*``) and
        ``g^(g, g xor 2)`` for every ``g`` (``0^02``, ``1^13``, ``2^20``, ...).

        >>> Genus(2, (2, 0, 2, 0)).is_tame, Genus(1, (1, 4, 2, 0, 2)).is_tame
        (True, False)
        """
        shown = self.shown()
        return flag(
            shown in {(1, 2, 0), (0, 3, 1)} or shown == (self.normal, self.normal ^ 2),
            "Genus.is_tame",
        )

    def __str__(self) -> str:
        shown = self.shown()
        sep = "" if all(v < 10 for v in shown) else ","
        return f"{self.normal}^{sep.join(map(str, shown))}"


def genus(position: Any, terms: int = 6) -> Genus:
    """The genus of an impartial position, with ``terms`` misère values ``γ0 … γ(terms-1)``.

    >>> from cgt.games import OctalGame
    >>> [str(genus(OctalGame("0.77")(n))) for n in range(5)]
    ['0^120', '1^031', '2^20', '3^31', '1^031']
    """
    from .sprague_grundy import grundy

    if isinstance(terms, bool) or not isinstance(terms, int):
        raise WrongType(f"terms must be an int, not {type(terms).__name__}")
    if terms < 0:
        raise InvalidArgument(f"terms must be a non-negative int, got {terms}")
    _check(position)

    def state(k: int) -> Callable[[], _State]:
        return lambda: _state(_ids(position) + _ids(NimHeap(2)) * k)

    gammas = tuple(_misere_value(state(k)) for k in range(terms))
    return Genus(grundy(position), gammas)
