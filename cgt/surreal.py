"""Surreal numbers beyond the dyadics: rationals, ω, 1/ω and their polynomials.

Short games equal only dyadic numbers.  A :class:`Surreal` is a finite sum
``Σ r·ω^k`` with rational coefficients ``r`` and integer exponents ``k``
(``ω^-1 = 1/ω`` is the infinitesimal ``ε``): every rational number, ``ω``,
``ω - 1``, ``ω/2``, ``1/ω``, ``3 + 2/ω``...  They form an ordered ring
(sums, differences and products stay in it; division by a monomial ``r·ω^k``
too), compare with ints, fractions and short games, and know their sign
expansion and birthday where Gonshor's theorems give them (an
:class:`~cgt.ordinal.Ordinal`).  CGSuite calls these values ``SurrealNumber``
(its ``RationalNumber`` are the real ones).

:func:`cgt.number` of a rational that is not dyadic gives one:

>>> import cgt
>>> from fractions import Fraction
>>> third = cgt.number(Fraction(1, 3)); third, third.birthday()
(1/3, ω)
>>> from cgt.surreal import omega
>>> omega + 1, (omega + 1).birthday(), (1 / omega).birthday(), (omega / 2).sign_expansion()
(ω + 1, ω + 1, ω, '+^ω -^ω')
>>> cgt.up < 1 / omega < third < cgt.parse("{1|0}") + 1
True
"""

from __future__ import annotations

import math
import numbers
import threading
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any, Union
from weakref import ReferenceType, WeakValueDictionary

from .dyadic import Dyadic, NotDyadic
from .errors import DivisionByZero, InvalidArgument, NotANumber, WrongType
from .ordinal import Algebra, Ordinal, evaluate, format_omega_text
from .ordinal import omega as _omega_ordinal

__all__ = ["Surreal", "SurrealLike", "epsilon", "omega", "surreal"]

SurrealLike = Union["Surreal", int, Fraction, Dyadic, Decimal, Ordinal]
"""What :class:`Surreal` accepts: a surreal, an int, a finite rational, or an ordinal
below ``ω^ω``."""

_Terms = tuple[tuple[int, Fraction], ...]

# Surreals are interned like games and ordinals: one object per value, held weakly.  The
# key is the terms as ints (k, numerator, denominator): ints hash and compare in C, where
# Fraction's hash and == are Python code.  Look-ups are lock-free; a miss re-checks and
# inserts under the lock, so two threads building the same value get one object.
_Key = tuple[tuple[int, int, int], ...]
_surreals: WeakValueDictionary[_Key, Surreal] = WeakValueDictionary()
# the weak reference of a key, or None: the fast path (the table's own dict, read only)
_surreal_refs: Callable[[_Key], ReferenceType[Surreal] | None] = _surreals.data.get  # type: ignore[attr-defined]
_intern_lock = threading.Lock()
_SMALL = 128  # the integers n with |n| < _SMALL are kept alive (_small[n]) and found by index

_SHORT_GAME_TYPES: list[type] = []


def register_short_game_type(cls: type) -> None:
    """Let surreals compare with instances of ``cls`` (:class:`cgt.Game` registers itself).

    A short game has ``is_number``, ``to_dyadic()``, ``left_stop()`` and
    ``right_stop()`` and compares with :class:`~cgt.Dyadic`; a surreal that is
    not dyadic is compared with it by its stops.

    >>> import cgt
    >>> cgt.Game in _SHORT_GAME_TYPES
    True
    """
    if cls not in _SHORT_GAME_TYPES:
        _SHORT_GAME_TYPES.append(cls)


def _is_short_game(value: object) -> bool:
    return any(isinstance(value, cls) for cls in _SHORT_GAME_TYPES)


class Surreal:
    """A surreal number ``Σ r·ω^k`` (finitely many terms, rational ``r``, integer ``k``).

    Build one with ``Surreal(x)`` for a rational ``x`` (int, Fraction, Dyadic,
    finite Decimal or float), an :class:`~cgt.ordinal.Ordinal` below ``ω^ω``,
    or text (``Surreal("ω - 1/3")``), or by arithmetic on :data:`omega` and
    :data:`epsilon`.  Values are immutable and hashable; a
    real one equals and hashes like the equal :class:`~fractions.Fraction`
    (and like the equal short game, for a dyadic one).

    Surreals are interned: equal surreals are the *same object*, however they
    were built (arithmetic, text, :meth:`from_terms`, unpickling) and in
    whichever thread.  An equal number of another type (a ``Fraction``, an
    :class:`~cgt.ordinal.Ordinal` below ``ω^ω``, a short game) is ``==`` to it
    but another object.

    >>> third = Fraction(1, 3)
    >>> Surreal("ω - 1/3") is omega - third is Surreal.from_terms([(0, -third), (1, 1)])
    True
    >>> omega == Ordinal.parse("ω"), omega is Ordinal.parse("ω")
    (True, False)

    >>> Surreal(Fraction(2, 6)) * 3 == 1, (omega - 1) * (omega + 1), omega**-2
    (True, ω^2 - 1, 1/ω^2)
    >>> Surreal("w*2 + 1/3") > omega, -omega < -1000, omega == Ordinal.parse("ω")
    (True, True, True)
    >>> 1 / (omega + 1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: 1/(ω + 1) is not a finite sum of terms r·ω^k: ...
    """

    __slots__ = ("__weakref__", "_hash", "_terms")

    _terms: _Terms
    _hash: int

    def __new__(cls, value: SurrealLike | float | str = 0) -> Surreal:
        if type(value) is int and -_SMALL < value < _SMALL:
            return _small[value]
        if isinstance(value, Surreal):
            return value
        if isinstance(value, Ordinal):
            return _from_ordinal(value)
        if isinstance(value, str):
            return Surreal.parse(value)
        r = _rational(value)
        return Surreal._make(((0, r),) if r else ())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} values are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} values are immutable")

    @classmethod
    def _make(cls, terms: _Terms) -> Surreal:
        """The one surreal of ``terms`` (canonical: exponents decreasing, no zero ``r``)."""
        key = tuple([(k, r.numerator, r.denominator) for k, r in terms])
        ref = _surreal_refs(key)
        if ref is not None:
            self = ref()
            if self is not None:
                return self
        value_hash = _hash_terms(terms, key)
        with _intern_lock:
            ref = _surreal_refs(key)
            self = None if ref is None else ref()
            if self is None:
                self = object.__new__(Surreal)
                object.__setattr__(self, "_terms", terms)
                object.__setattr__(self, "_hash", value_hash)
                _surreals[key] = self
        return self

    @classmethod
    def from_terms(cls, terms: Any) -> Surreal:
        """The surreal ``Σ r·ω^k`` from ``(k, r)`` pairs (``k`` an int, ``r`` rational).

        >>> Surreal.from_terms([(1, 2), (0, Fraction(-1, 3)), (-1, 1)])
        ω·2 - 1/3 + 1/ω
        """
        collected: dict[int, Fraction] = {}
        for pair in terms:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise WrongType(f"from_terms() needs (exponent, coefficient) pairs, not {pair!r}")
            k, r = pair
            if isinstance(k, bool) or not isinstance(k, int):
                raise WrongType(f"an exponent of ω must be an int here, not {k!r}")
            collected[k] = collected.get(k, Fraction(0)) + _rational(r)
        return cls._make(_sorted(collected))

    @property
    def terms(self) -> tuple[tuple[int, Fraction], ...]:
        """The ``(k, r)`` pairs of ``Σ r·ω^k``, largest ``k`` first, no zero ``r``.

        >>> (omega * 2 - Fraction(1, 3)).terms
        ((1, Fraction(2, 1)), (0, Fraction(-1, 3)))
        """
        return self._terms

    @property
    def is_real(self) -> bool:
        """``True`` when the number is a rational (no ``ω`` in it).

        >>> Surreal(Fraction(1, 3)).is_real, omega.is_real, (1 / omega).is_real
        (True, False, False)
        """
        return all(k == 0 for k, _ in self._terms)

    @property
    def is_dyadic(self) -> bool:
        """``True`` when the number is a dyadic rational: the number of a short game.

        >>> Surreal(Fraction(3, 8)).is_dyadic, Surreal(Fraction(1, 3)).is_dyadic
        (True, False)
        """
        return self.is_real and _is_dyadic(self._real())

    @property
    def is_infinite(self) -> bool:
        """``True`` when ``|x| > n`` for every integer ``n``.

        >>> omega.is_infinite, (1 / omega).is_infinite, (-omega / 3).is_infinite
        (True, False, True)
        """
        return bool(self._terms) and self._terms[0][0] > 0

    @property
    def is_infinitesimal(self) -> bool:
        """``True`` for a nonzero number smaller in size than every positive real.

        >>> (1 / omega).is_infinitesimal, Surreal(0).is_infinitesimal
        (True, False)
        """
        return bool(self._terms) and self._terms[0][0] < 0

    def to_fraction(self) -> Fraction:
        """The value as a :class:`~fractions.Fraction` (real numbers only).

        >>> Surreal("1/3").to_fraction()
        Fraction(1, 3)
        """
        if not self.is_real:
            raise NotANumber(f"{self} is not a real number: it has no Fraction value")
        return self._real()

    def _real(self) -> Fraction:
        return self._terms[0][1] if self._terms else Fraction(0)

    # -- order ---------------------------------------------------------------------------

    def _sign(self) -> int:
        return 0 if not self._terms else (1 if self._terms[0][1] > 0 else -1)

    def _relation(self, other: object) -> int | None:
        """-1, 0, 1 as self <, =, > other; None if confused with a game; _Foreign if no number."""
        o = _maybe(other)
        if o is not None:
            return (self - o)._sign()
        if _is_short_game(other):
            return self._versus_game(other)
        raise _Foreign(other)

    def _versus_game(self, g: Any) -> int | None:
        if self.is_dyadic:
            d = Dyadic(self._real())
            if g == d:
                return 0
            if g > d:
                return -1
            return 1 if g < d else None
        # x is not equal to any dyadic, so not to any stop: x > LS(G) gives G < x,
        # x < RS(G) gives G > x, and between the stops G is confused with x.
        if self > Surreal(g.left_stop()):
            return 1
        if self < Surreal(g.right_stop()):
            return -1
        return None

    def __eq__(self, other: object) -> bool:
        try:
            return self._relation(other) == 0
        except _Foreign:
            return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: object) -> bool:
        try:
            return self._relation(other) == -1
        except _Foreign:
            return NotImplemented

    def __le__(self, other: object) -> bool:
        try:
            return self._relation(other) in (-1, 0)
        except _Foreign:
            return NotImplemented

    def __gt__(self, other: object) -> bool:
        try:
            return self._relation(other) == 1
        except _Foreign:
            return NotImplemented

    def __ge__(self, other: object) -> bool:
        try:
            return self._relation(other) in (0, 1)
        except _Foreign:
            return NotImplemented

    def fuzzy(self, other: object) -> bool:
        """``True`` when ``self`` is confused with the short game ``other`` (never for numbers).

        >>> import cgt
        >>> Surreal("1/3").fuzzy(cgt.parse("{1|0}")), Surreal("1/3").fuzzy(cgt.star)
        (True, False)
        """
        try:
            return self._relation(other) is None
        except _Foreign:
            raise WrongType(
                f"cannot compare a surreal number with {type(other).__name__}"
            ) from None

    def __bool__(self) -> bool:
        return bool(self._terms)

    # -- arithmetic ----------------------------------------------------------------------------

    def _operand(self, other: object, what: str) -> Surreal | None:
        o = _maybe(other)
        if o is None and _is_short_game(other):
            if not other.is_number:  # type: ignore[attr-defined]
                raise NotANumber(f"cannot {what} a surreal number and {other}: it is not a number")
            o = Surreal(other.to_dyadic())  # type: ignore[attr-defined]
        return o

    def __add__(self, other: object) -> Surreal:
        o = self._operand(other, "add")
        if o is None:
            return NotImplemented
        collected = dict(self._terms)
        for k, r in o._terms:
            collected[k] = collected.get(k, Fraction(0)) + r
        return Surreal._make(_sorted(collected))

    __radd__ = __add__

    def __neg__(self) -> Surreal:
        return Surreal._make(tuple((k, -r) for k, r in self._terms))

    def __pos__(self) -> Surreal:
        return self

    def __abs__(self) -> Surreal:
        return -self if self._sign() < 0 else self

    def __sub__(self, other: object) -> Surreal:
        o = self._operand(other, "subtract")
        return NotImplemented if o is None else self + (-o)

    def __rsub__(self, other: object) -> Surreal:
        o = self._operand(other, "subtract")
        return NotImplemented if o is None else o + (-self)

    def __mul__(self, other: object) -> Surreal:
        o = self._operand(other, "multiply")
        if o is None:
            return NotImplemented
        collected: dict[int, Fraction] = {}
        for k1, r1 in self._terms:
            for k2, r2 in o._terms:
                collected[k1 + k2] = collected.get(k1 + k2, Fraction(0)) + r1 * r2
        return Surreal._make(_sorted(collected))

    __rmul__ = __mul__

    def _inverse(self) -> Surreal:
        if not self._terms:
            raise DivisionByZero("division of a surreal number by zero")
        if len(self._terms) > 1:
            raise InvalidArgument(
                f"1/({self}) is not a finite sum of terms r·ω^k: only monomials divide here"
            )
        k, r = self._terms[0]
        return Surreal._make(((-k, 1 / r),))

    def __truediv__(self, other: object) -> Surreal:
        o = self._operand(other, "divide")
        return NotImplemented if o is None else self * o._inverse()

    def __rtruediv__(self, other: object) -> Surreal:
        o = self._operand(other, "divide")
        return NotImplemented if o is None else o * self._inverse()

    def __pow__(self, n: int) -> Surreal:
        if isinstance(n, bool) or not isinstance(n, int):
            return NotImplemented
        if n < 0:
            return self._inverse() ** -n
        if n > 10_000:
            raise InvalidArgument(
                f"a power of a surreal number needs an exponent up to 10000, not {n}"
            )
        result, base = Surreal(1), self
        while n:
            if n & 1:
                result = result * base
            n >>= 1
            if n:
                base = base * base
        return result

    # -- sign expansion and birthday -----------------------------------------------------------

    def sign_expansion(self) -> str:
        """The sign expansion (Gonshor): runs ``+^n``/``-^n`` with ordinal lengths;
        ``(...)^ω`` is a block repeated ω times (the tail of a rational that is not dyadic).

        Covered, by Gonshor's theorems: every rational; every monomial ``r·ω^k``;
        and sums ``Σ n_k·ω^k + a + y`` (``k > 0``, integer ``n_k``) whose real
        part ``a`` is dyadic or whose infinitesimal part ``y`` is absent,
        ``y`` being one monomial.  Other sums raise
        :class:`~cgt.errors.InvalidArgument`.

        >>> Surreal("1/3").sign_expansion(), Surreal("-5/4").sign_expansion()
        ('+ - (- +)^ω', '-^2 +^2')
        >>> (omega - 1).sign_expansion(), (3 / omega).sign_expansion()
        ('+^ω -', '+ -^ω +^2')
        """
        runs, tail = self._expansion()
        text = " ".join(_run_text(s, n) for s, n in runs)
        if tail:
            block = " ".join(_run_text(s, n) for s, n in tail)
            text = f"{text} ({block})^ω" if text else f"({block})^ω"
        return text

    def birthday(self) -> Ordinal:
        """The day the number is born: the length of its sign expansion (an ordinal).

        Dyadics are born on finite days, every other rational on day ω (ONAG).

        >>> [Surreal(x).birthday() for x in (0, 1, Fraction(3, 4), Fraction(1, 3))]
        [0, 1, 3, ω]
        >>> omega.birthday(), (omega + 1).birthday(), (omega * 2).birthday(), (omega**2).birthday()
        (ω, ω + 1, ω·2, ω^2)
        """
        runs, tail = self._expansion()
        length = Ordinal(0)
        for _, n in runs:
            length = length + n
        if tail:
            block = Ordinal(0)
            for _, n in tail:
                block = block + n
            length = length + block * _omega_ordinal
        return length

    def _expansion(self) -> tuple[list[tuple[int, Ordinal]], list[tuple[int, Ordinal]]]:
        terms = self._terms
        runs: list[tuple[int, Ordinal]] = []
        for i, (k, r) in enumerate(terms):
            last = i == len(terms) - 1
            if not last and not ((k > 0 and r.denominator == 1) or (k == 0 and _is_dyadic(r))):
                raise InvalidArgument(
                    f"the sign expansion of {self} is beyond this implementation: only the last "
                    "term of a sum may have a coefficient that is not an integer (a dyadic for "
                    "the real part)"
                )
            if k < 0 and not last:
                raise InvalidArgument(
                    f"the sign expansion of {self} is beyond this implementation: "
                    "at most one infinitesimal term"
                )
            term_runs, tail = _monomial_expansion(k, r)
            for run in term_runs:
                _append(runs, run)
            if tail:
                return runs, tail
        return runs, []

    # -- text -----------------------------------------------------------------------------------

    def __str__(self) -> str:
        if not self._terms:
            return "0"
        out = ""
        for i, (k, r) in enumerate(self._terms):
            text = _monomial_text(k, abs(r))
            if i == 0:
                out = text if r > 0 else "-" + text
            else:
                out += (" + " if r > 0 else " - ") + text
        return out

    def __repr__(self) -> str:
        return str(self)

    def __format__(self, spec: str) -> str:
        return format_omega_text(str(self), spec, "a surreal number")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Surreal._make, (self._terms,))  # interned again on arrival

    def __copy__(self) -> Surreal:
        return self

    def __deepcopy__(self, memo: Any) -> Surreal:
        return self

    @classmethod
    def parse(cls, text: str) -> Surreal:
        """Read a surreal number: ints, ``ω`` (``w``, ``omega``), ``+ - · * /``, ``^``
        with an integer exponent, parentheses.

        >>> Surreal.parse("w^2 - 3/w + 1/3"), Surreal.parse("(ω + 1)^2")
        (ω^2 + 1/3 - 3/ω, ω^2 + ω·2 + 1)
        >>> Surreal.parse("ω^ω")
        Traceback (most recent call last):
        ...
        cgt.errors.ParseError: the exponent of a surreal power must be an integer, ...
          ω^ω
           ^
        """
        return evaluate(text, _SURREAL_ALGEBRA)


class _Foreign(Exception):
    """Internal: the other operand is no number this module knows."""


def _sorted(collected: dict[int, Fraction]) -> _Terms:
    return tuple(sorted(((k, r) for k, r in collected.items() if r), reverse=True))


def _hash_terms(terms: _Terms, key: _Key) -> int:
    """The hash of the surreal ``terms`` (``key``: the same as ints): a real one's is the
    Fraction's, an ordinal's the Ordinal's, as they are equal."""
    if not terms:
        return hash(0)
    if len(terms) == 1 and terms[0][0] == 0:
        return hash(terms[0][1])
    if all(k >= 0 and n > 0 and d == 1 for k, n, d in key):  # an ordinal: hash as one
        return hash(Ordinal.from_cnf([(k, n) for k, n, _ in key]))
    return hash(("Surreal", key))


def _is_dyadic(r: Fraction) -> bool:
    d = r.denominator
    return d & (d - 1) == 0


def _rational(value: object) -> Fraction:
    if isinstance(value, bool):
        raise WrongType("a surreal number is not made from a bool")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, (int, Dyadic, numbers.Rational)):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, (float, Decimal)):
        if not math.isfinite(value):
            raise NotDyadic(f"{value} is not a finite number")
        return Fraction(value)
    raise WrongType(f"cannot make a surreal number from {type(value).__name__} {value!r}")


def _maybe(value: object) -> Surreal | None:
    if isinstance(value, Surreal):
        return value
    if type(value) is int and -_SMALL < value < _SMALL:
        return _small[value]
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction, Dyadic, numbers.Rational)) or (
        isinstance(value, float) and math.isfinite(value)
    ):
        return Surreal._make(((0, r),) if (r := _rational(value)) else ())
    if isinstance(value, Ordinal):
        return _from_ordinal(value)
    return None


def _from_ordinal(a: Ordinal) -> Surreal:
    terms = []
    for exponent, coefficient in a.cnf:
        if not exponent.is_finite:
            raise InvalidArgument(
                f"the ordinal {a} is not below ω^ω: it is no finite sum of terms r·ω^k"
            )
        terms.append((int(exponent), Fraction(coefficient)))
    return Surreal._make(tuple(terms))


def surreal(value: SurrealLike | float | str) -> Surreal:
    """``value`` as a :class:`Surreal` (the same as ``Surreal(value)``).

    >>> surreal(Fraction(1, 3)) + surreal("ω")
    ω + 1/3
    """
    return Surreal(value)


_small: dict[int, Surreal] = {
    n: Surreal._make(((0, Fraction(n)),) if n else ()) for n in range(1 - _SMALL, _SMALL)
}

omega: Surreal = Surreal._make(((1, Fraction(1)),))
"""The surreal number ``ω``, born on day ω."""

epsilon: Surreal = Surreal._make(((-1, Fraction(1)),))
"""The infinitesimal ``ε = 1/ω = {0 | 1, 1/2, 1/4, ...}``, born on day ω."""


# -- sign expansions (Gonshor, An Introduction to the Theory of Surreal Numbers, ch. 5) -------


def _append(runs: list[tuple[int, Ordinal]], run: tuple[int, Ordinal]) -> None:
    if not run[1]:
        return
    if runs and runs[-1][0] == run[0]:
        runs[-1] = (run[0], runs[-1][1] + run[1])
    else:
        runs.append(run)


def _real_signs(r: Fraction) -> tuple[list[int], list[int]]:
    """The signs of a rational ``r > 0``: a finite prefix and the block repeated ω times
    after it (empty when ``r`` is dyadic).  The walk down the tree from 0: pluses up to the
    integer just above ``r``, then halving steps towards ``r``; the position of ``r`` in the
    current interval, with the side we stand on, fixes all later signs, so its first
    repetition closes the period."""
    n = math.floor(r)
    if r == n:
        return [1] * n, []
    signs = [1] * (n + 1)
    lo, hi, on_high = Fraction(n), Fraction(n + 1), True
    seen: dict[tuple[Fraction, bool], int] = {}
    while True:
        state = ((r - lo) / (hi - lo), on_high)
        if state in seen:
            return signs[: seen[state]], signs[seen[state] :]
        seen[state] = len(signs)
        signs.append(-1 if on_high else 1)
        mid = (lo + hi) / 2
        if r == mid:
            return signs, []
        if r < mid:
            hi, on_high = mid, True
        else:
            lo, on_high = mid, False


def _monomial_expansion(
    k: int, r: Fraction
) -> tuple[list[tuple[int, Ordinal]], list[tuple[int, Ordinal]]]:
    sign = 1 if r > 0 else -1
    runs: list[tuple[int, Ordinal]] = []
    # ω^k: + then ω^k - 1 more pluses (k > 0), or + then ω·|k| minuses (k < 0)
    if k > 0:
        _append(runs, (sign, _omega_ordinal**k))
    else:
        _append(runs, (sign, Ordinal(1)))
        if k < 0:
            _append(runs, (-sign, _omega_ordinal * -k))
    # each further sign of |r| is repeated ω^(number of pluses of k) times
    width = _omega_ordinal ** max(k, 0)
    prefix, block = _real_signs(abs(r))
    for s in prefix[1:]:
        _append(runs, (s * sign, width))
    tail: list[tuple[int, Ordinal]] = []
    for s in block:
        _append(tail, (s * sign, width))
    return runs, tail


def _run_text(sign: int, n: Ordinal) -> str:
    s = "+" if sign > 0 else "-"
    if n == 1:
        return s
    simple = n.is_finite or (len(n.cnf) == 1 and n.cnf[0][1] == 1)  # 5, ω, ω^2
    return f"{s}^{n}" if simple else f"{s}^({n})"


def _monomial_text(k: int, r: Fraction) -> str:
    p, q = r.numerator, r.denominator
    if k == 0:
        return str(r)
    if k > 0:
        base = "ω" if k == 1 else f"ω^{k}"
        if r == 1:
            return base
        if q == 1:
            return f"{base}·{p}"
        return f"{base}/{q}" if p == 1 else f"{base}·{p}/{q}"
    base = "ω" if k == -1 else f"ω^{-k}"
    return f"{p}/{base}" if q == 1 else f"{p}/({q}·{base})"


def _power(base: Surreal, exponent: Surreal) -> Surreal:
    if not exponent.is_real or exponent.to_fraction().denominator != 1:
        raise InvalidArgument(f"the exponent of a surreal power must be an integer, not {exponent}")
    return base ** int(exponent.to_fraction())


_SURREAL_ALGEBRA: Algebra[Surreal] = Algebra(
    Surreal,
    omega,
    lambda a, b: a + b,
    lambda a, b: a * b,
    _power,
    sub=lambda a, b: a - b,
    div=lambda a, b: a / b,
    neg=lambda a: -a,
    kind="a surreal number",
)
