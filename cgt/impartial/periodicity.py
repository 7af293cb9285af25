"""Eventual periodicity of Grundy sequences, with certificates.

A heap game's Grundy sequence ``G(0), G(1), ...`` is *eventually periodic*
with preperiod ``pre`` and period ``p`` when ``G(n + p) == G(n)`` for every
``n >= pre``.  A finite prefix can never show that by itself; what makes a
claim safe is a theorem saying that agreement on a *finite window* forces
agreement forever:

* subtraction games with finite subtraction set ``S`` (``t = max S``): the
  value of ``n >= t`` depends only on the ``t`` values before it, so if
  ``G(n + p) == G(n)`` for ``pre <= n < pre + t`` the sequence repeats for
  ever after ``pre``;
* octal games with last non-zero digit at position ``t`` (the Guy-Smith
  criterion): if ``G(n + p) == G(n)`` for ``pre <= n < 2·pre + p + t`` then
  for all ``n >= pre``.  With moves that leave up to ``h`` heaps the same
  argument needs the window ``pre <= n < h·pre + (h-1)·p + t`` (and
  ``pre`` is taken to be at least 1, so that a shortened heap stays
  non-empty).

*Arithmetic periodicity* (``G(n + p) == G(n) + s`` with a saltus ``s >= 1``)
is certified the same way by :func:`find_arithmetic_periodicity`, under the
theorem a ruleset supplies (the all-but subtraction games' is in
:meth:`cgt.games.heap.SubtractionGame._periodicity_or_none`; hexadecimal
codes have their own test in :mod:`cgt.games.heap`).  Without such a theorem
an arithmetic period is only *seen*, never certified: take-and-break codes
report it in :attr:`PeriodNotFound.apparent`.

:func:`find_periodicity` scans a computed prefix for the smallest period whose
certificate window fits inside the prefix; the preperiod returned for it is
the smallest the prefix allows (the last disagreement plus one).  When no
period is proven it returns ``None``: it never guesses.

>>> seq = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]           # subtraction game {1, 2}
>>> find_periodicity(seq, lambda pre, p: pre + 2)
Periodicity(preperiod=0, period=3)
>>> find_periodicity([0, 1, 0, 0], lambda pre, p: pre + 2) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ..errors import CGTError, InvalidArgument

__all__ = ["PeriodNotFound", "Periodicity", "find_arithmetic_periodicity", "find_periodicity"]


class PeriodNotFound(CGTError, ValueError):
    """No eventual period was proven: the search says how far it went and how to go on.

    Raised by :meth:`cgt.games.heap.HeapRuleset.periodicity`.  It never means
    "not periodic", only "not proven": :attr:`searched` Grundy values were
    checked (0 when no window theorem applies to the ruleset, so that no
    finite search can prove a period), and :attr:`next_length` is the
    ``max_length`` to pass to search further (``None`` when searching further
    cannot help).

    >>> import pickle
    >>> err = PeriodNotFound("no period", searched=128, next_length=256)
    >>> back = pickle.loads(pickle.dumps(err))
    >>> back.searched, back.next_length, str(back), isinstance(back, ValueError)
    (128, 256, 'no period', True)
    >>> back.apparent is None                       # no uncertified saltus was seen
    True
    """

    def __init__(self, message: str, *, searched: int = 0, next_length: int | None = None) -> None:
        super().__init__(message)
        self.searched = searched
        """How many Grundy values ``G(0), ..., G(searched - 1)`` were checked."""
        self.next_length = next_length
        """The ``max_length`` that searches further, or ``None`` if no search can prove a period."""
        self.apparent: tuple[int, int, int] | None = None
        """``(preperiod, period, saltus)`` that the searched values *look* like, uncertified.

        Set when the values grow as an arithmetic period (``G(n + period) ==
        G(n) + saltus``) that no theorem available for the ruleset certifies;
        ``None`` otherwise.  An observation, never a proof."""


@dataclass(frozen=True)
class Periodicity:
    """A proven eventual period: ``G(n + period) == G(n) + saltus`` for all ``n >= preperiod``.

    ``saltus`` is 0 for a plain period; a positive saltus is *arithmetic
    periodicity* (CGSuite's ``Saltus``, *Winning Ways* ch. 4).  Two
    periodicities compare equal when preperiod, period and saltus agree; the
    certificate fields (``values``, ``verified_to``, ``criterion``) ride along
    without taking part in comparison.  Unpacks as ``(preperiod, period)``.

    >>> p = Periodicity(71, 12)
    >>> pre, per = p
    >>> (pre, per), p == Periodicity(71, 12), Periodicity.arithmetic(0, 2, 1)
    ((71, 12), True, Periodicity(preperiod=0, period=2, saltus=1))
    """

    preperiod: int
    period: int
    values: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """``G(0), ..., G(preperiod + period - 1)``: enough to evaluate any ``G(n)``."""
    verified_to: int = field(default=0, compare=False, repr=False)
    """``G(n + period) == G(n)`` was checked for ``preperiod <= n < verified_to``."""
    criterion: str = field(default="", compare=False, repr=False)
    """The theorem that turns the finite check into a proof."""
    saltus: int = field(default=0, init=False)
    """What a period adds: ``G(n + period) - G(n)`` for ``n >= preperiod`` (0: plain period).

    Set by :meth:`arithmetic` (the constructor keeps its signature)."""

    @classmethod
    def arithmetic(
        cls,
        preperiod: int,
        period: int,
        saltus: int,
        values: tuple[int, ...] = (),
        verified_to: int = 0,
        criterion: str = "",
    ) -> Periodicity:
        """An arithmetic periodicity: ``G(n + period) == G(n) + saltus`` for ``n >= preperiod``.

        >>> Periodicity.arithmetic(0, 2, 1, (0, 0)).value(9)
        4
        """
        found = cls(preperiod, period, values, verified_to, criterion)
        object.__setattr__(found, "saltus", saltus)
        return found

    def __repr__(self) -> str:
        more = f", saltus={self.saltus}" if self.saltus else ""
        return f"Periodicity(preperiod={self.preperiod}, period={self.period}{more})"

    def __iter__(self) -> Iterator[int]:
        yield self.preperiod
        yield self.period

    def value(self, n: int) -> int:
        """The value ``G(n)`` for any ``n >= 0``, read off the period.

        >>> p = find_periodicity([0, 1, 2] * 4, lambda pre, q: pre + 2)
        >>> p.value(10**30)
        1
        """
        if not self.values:
            raise CGTError("this Periodicity carries no values")
        if n < self.preperiod:
            return self.values[n]
        turns, place = divmod(n - self.preperiod, self.period)
        return self.values[self.preperiod + place] + turns * self.saltus

    @property
    def certificate(self) -> str:
        """A sentence saying what was checked and why it proves the period.

        >>> find_periodicity([0, 1, 2] * 4, lambda pre, q: pre + 2).certificate
        'G(n + 3) = G(n) checked for 0 <= n < 9; window criterion'
        """
        plus = f" + {self.saltus}" if self.saltus else ""
        return (
            f"G(n + {self.period}) = G(n){plus} checked for {self.preperiod} <= n < "
            f"{self.verified_to}; {self.criterion or 'window criterion'}"
        )


def _last_mismatch(seq: Sequence[int], p: int) -> int:
    """Largest ``n`` with ``seq[n] != seq[n + p]``, or -1."""
    for n in range(len(seq) - p - 1, -1, -1):
        if seq[n] != seq[n + p]:
            return n
    return -1


def find_periodicity(
    seq: Sequence[int],
    window: Callable[[int, int], int],
    *,
    criterion: str = "",
    max_period: int | None = None,
) -> Periodicity | None:
    """The smallest period proven by ``seq`` under a window criterion, or ``None``.

    ``window(pre, p)`` must return ``N`` such that ``G(n + p) == G(n)`` for
    ``pre <= n < N`` implies it for every ``n >= pre`` (the theorem behind the
    certificate), and must not decrease as ``pre`` or ``p`` grows.  A period
    ``p`` is accepted when ``seq`` holds no
    disagreement ``seq[n] != seq[n + p]`` for ``n >= pre`` and reaches far
    enough, ``N + p <= len(seq)``.

    >>> find_periodicity([5, 0, 1, 0, 1, 0, 1, 0, 1], lambda pre, p: pre + 1)
    Periodicity(preperiod=1, period=2)
    """
    if max_period is not None and max_period < 0:
        raise InvalidArgument(f"max_period must be None or non-negative, got {max_period}")
    length = len(seq)
    limit = length if max_period is None else min(length, max_period + 1)
    # window(0, p) + p grows with p: the periods whose window fits, p < fit, found by
    # bisection (a look at each p cost a call of ``window`` more per period)
    fit, top = 1, limit
    while fit < top:
        mid = (fit + top) // 2
        if window(0, mid) + mid > length:
            top = mid
        else:
            fit = mid + 1
    last = length - 1
    for p in range(1, fit):
        # the last values disagree for most p: no scan needed then
        pre = last - p + 1 if seq[last - p] != seq[last] else _last_mismatch(seq, p) + 1
        end = window(pre, p)
        if end + p <= length:
            return Periodicity(
                pre,
                p,
                tuple(seq[: pre + p]),
                verified_to=length - p,
                criterion=criterion,
            )
    return None


def find_arithmetic_periodicity(
    seq: Sequence[int],
    window: Callable[[int, int], int],
    condition: Callable[[int, int, int], bool],
    *,
    criterion: str = "",
) -> Periodicity | None:
    """The smallest period with a positive saltus proven by ``seq``, or ``None``.

    A candidate is ``G(n + p) == G(n) + s`` (``s >= 1``) for every ``n`` from
    some ``pre`` to the end of ``seq``.  ``window(pre, p)`` and
    ``condition(pre, p, s)`` state the theorem: if ``condition`` holds and the
    relation holds for ``pre <= n < window(pre, p)``, it holds for every
    ``n >= pre``.  The preperiod returned is the smallest, at or after the last
    disagreement, for which the condition holds and the window fits in ``seq``.

    >>> seq = [n // 2 for n in range(20)]                    # 0, 0, 1, 1, 2, 2, ...
    >>> find_arithmetic_periodicity(seq, lambda pre, p: pre + 1, lambda pre, p, s: True)
    Periodicity(preperiod=0, period=2, saltus=1)
    """
    length = len(seq)
    for p in range(1, length // 2 + 1):
        s = seq[-1] - seq[-1 - p]
        if s < 1:
            continue
        pre = length - p
        while pre > 0 and seq[pre - 1 + p] - seq[pre - 1] == s:
            pre -= 1
        for start in range(pre, length - p):
            if window(start, p) + p > length:
                break
            if condition(start, p, s):
                values = tuple(seq[: start + p])
                return Periodicity.arithmetic(start, p, s, values, length - p, criterion)
    return None
