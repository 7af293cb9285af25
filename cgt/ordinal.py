"""Ordinals below epsilon_0 in Cantor normal form, and Conway's nim arithmetic on them.

An :class:`Ordinal` is a finite sum ``ω^a1·c1 + ω^a2·c2 + ...`` with
exponents ``a1 > a2 > ...`` that are ordinals themselves and positive integer
coefficients ``ci``: every ordinal below epsilon_0 (the least ``e`` with
``ω^e = e``) has exactly one such form.  Ordinals compare, add and multiply as
ordinals (``+`` and ``*`` are not commutative), and have the commutative
natural (Hessenberg) sum and product, and Conway's nim sum and nim product
(ONAG, chapter 6; CGSuite's ``GeneralizedOrdinal`` calls them ``NimSum`` and
``NimProduct``), under which the ordinals below ``ω^ω^ω`` are the algebraic
closure of the field of two elements.

>>> from cgt.ordinal import omega, Ordinal
>>> omega ** omega * 2 + 3
ω^ω·2 + 3
>>> 1 + omega == omega, omega + 1 > omega
(True, True)
>>> Ordinal.parse("w^2 + w*3 + 1").natural_sum(omega ** 2)
ω^2·2 + ω·3 + 1
>>> omega.nim_product(omega).nim_product(omega)  # ONAG: ω is the cube root of 2
2
"""

from __future__ import annotations

import functools
import operator
import threading
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar, Union
from weakref import ReferenceType, WeakValueDictionary

from . import _nim
from ._tokens import tokenize
from .errors import CGTError, InvalidArgument, ParseError, TooLarge, WrongType

__all__ = [
    "NOT_AN_ORDINAL",
    "Ordinal",
    "OrdinalLike",
    "alpha",
    "excess",
    "kappa",
    "nim_power",
    "odd_primes",
    "omega",
    "to_ordinal",
]

NOT_AN_ORDINAL = "an ordinal is a non-negative int or a cgt.ordinal.Ordinal"

MAX_HEIGHT = 60
"""The deepest tower of exponents an :class:`Ordinal` may have (``ω^ω^ω`` has height 4)."""

_MAX_NESTING = 2 * MAX_HEIGHT + 8  # parentheses and exponents in a text

OrdinalLike = Union["Ordinal", int]
"""An :class:`Ordinal` or a non-negative ``int``."""

_Terms = tuple[tuple["Ordinal", int], ...]

# Ordinals are interned like games (cgt.canonical): one object per value, held weakly by
# its Cantor normal form (exponents are interned, so comparing keys is mostly identity).
# Look-ups are lock-free; a miss re-checks and inserts under the lock, so two threads
# building the same value at once still get one object.
_ordinals: WeakValueDictionary[_Terms, Ordinal] = WeakValueDictionary()
# the weak reference of a key, or None: the fast path (the table's own dict, read only)
_ordinal_refs: Callable[[_Terms], ReferenceType[Ordinal] | None] = _ordinals.data.get  # type: ignore[attr-defined]
_intern_lock = threading.Lock()
_SMALL = 256  # the ordinals 0 .. _SMALL - 1 are kept alive (_small) and found by index


class Ordinal:
    """An ordinal below epsilon_0, held in Cantor normal form.

    ``Ordinal(n)`` is the finite ordinal ``n``; :data:`omega` is ``ω``; bigger
    ones come from arithmetic (``omega ** omega * 2 + 3``), from
    :meth:`from_cnf` or from :meth:`parse`.  Ordinals are immutable and
    hashable; a finite one equals (and hashes like) the ``int``.

    Ordinals are interned: equal ordinals are the *same object*, however they
    were built (arithmetic, :meth:`from_cnf`, :meth:`parse`, unpickling) and in
    whichever thread, as games are.  An equal ``int``, or the equal
    :class:`~cgt.surreal.Surreal` of an ordinal below ``ω^ω``, is of another
    type and so another object: it is ``==`` to the ordinal, not ``is``.

    >>> Ordinal(3) == 3, hash(Ordinal(3)) == hash(3), Ordinal(3) < omega
    (True, True, True)
    >>> Ordinal.parse("ω·2 + 1") is (omega + 1) * 2 is Ordinal.from_cnf([(0, 1), (1, 2)])
    True
    >>> (omega + 1) * 2, 2 * (omega + 1), (omega + 1).natural_product(2)
    (ω·2 + 1, ω + 2, ω·2 + 2)
    >>> Ordinal(-1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: an ordinal is a non-negative int or a cgt.ordinal.Ordinal, not -1
    """

    __slots__ = ("__weakref__", "_hash", "_height", "_terms")

    _terms: _Terms
    _hash: int
    _height: int  # 0 for zero, else 1 + the largest height of an exponent

    def __new__(cls, n: OrdinalLike = 0) -> Ordinal:
        if type(n) is int and 0 <= n < _SMALL:
            return _small[n]
        if isinstance(n, Ordinal):
            return n
        value = _as_int(n)
        return Ordinal._make(((_ZERO_EXP, value),) if value else ())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} values are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} values are immutable")

    @classmethod
    def _make(cls, terms: _Terms) -> Ordinal:
        """The one ordinal of the Cantor normal form ``terms`` (canonical: exponents
        interned and decreasing, coefficients positive ints)."""
        ref = _ordinal_refs(terms)
        if ref is not None:
            self = ref()
            if self is not None:
                return self
        # the leading exponent is the largest, and the height grows with the value
        height = 1 + terms[0][0]._height if terms else 0
        if height > MAX_HEIGHT:
            raise TooLarge(
                f"an ordinal whose exponents nest {height} deep (ω^ω^...^ω): "
                f"at most {MAX_HEIGHT} levels are handled"
            )
        value_hash = _hash_terms(terms)
        with _intern_lock:
            ref = _ordinal_refs(terms)
            self = None if ref is None else ref()
            if self is None:
                self = object.__new__(Ordinal)
                object.__setattr__(self, "_terms", terms)
                object.__setattr__(self, "_hash", value_hash)
                object.__setattr__(self, "_height", height)
                _ordinals[terms] = self
        return self

    @classmethod
    def from_cnf(cls, terms: Any) -> Ordinal:
        """The ordinal ``Σ ω^e·c`` from ``(exponent, coefficient)`` pairs in any order.

        Coefficients are positive ints; pairs with the same exponent add up.

        >>> Ordinal.from_cnf([(0, 3), (omega, 2), (1, 1)])
        ω^ω·2 + ω + 3
        >>> Ordinal.from_cnf([(1, 0)])
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidArgument: a Cantor normal form coefficient must be a positive int, not 0
        """
        collected: dict[Ordinal, int] = {}
        try:
            pairs = list(terms)
        except TypeError:
            raise WrongType(
                f"from_cnf() needs (exponent, coefficient) pairs, not {type(terms).__name__}"
            ) from None
        for pair in pairs:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise WrongType(f"from_cnf() needs (exponent, coefficient) pairs, not {pair!r}")
            exponent, coefficient = to_ordinal(pair[0]), pair[1]
            if (
                isinstance(coefficient, bool)
                or not isinstance(coefficient, int)
                or coefficient <= 0
            ):
                raise InvalidArgument(
                    f"a Cantor normal form coefficient must be a positive int, not {coefficient!r}"
                )
            collected[exponent] = collected.get(exponent, 0) + coefficient
        return cls._make(tuple(sorted(collected.items(), key=lambda t: t[0], reverse=True)))

    # -- reading the form -------------------------------------------------------

    @property
    def cnf(self) -> tuple[tuple[Ordinal, int], ...]:
        """The Cantor normal form: ``(exponent, coefficient)`` pairs, largest exponent first.

        >>> (omega ** 2 * 3 + 5).cnf
        ((2, 3), (0, 5))
        """
        return self._terms

    @property
    def is_finite(self) -> bool:
        """``True`` for the natural numbers ``0, 1, 2, ...``.

        >>> Ordinal(7).is_finite, omega.is_finite
        (True, False)
        """
        return not self._terms or (len(self._terms) == 1 and not self._terms[0][0]._terms)

    @property
    def is_limit(self) -> bool:
        """``True`` for limit ordinals (not zero, not a successor).

        >>> omega.is_limit, (omega + 1).is_limit, Ordinal(0).is_limit
        (True, False, False)
        """
        return bool(self._terms) and bool(self._terms[-1][0]._terms)

    def __int__(self) -> int:
        if not self.is_finite:
            raise InvalidArgument(f"{self} is infinite; it has no int value")
        return self._terms[0][1] if self._terms else 0

    def __index__(self) -> int:
        return int(self)

    def __bool__(self) -> bool:
        return bool(self._terms)

    # -- comparison ----------------------------------------------------------------

    def _cmp(self, other: Ordinal) -> int:
        for (e1, c1), (e2, c2) in zip(self._terms, other._terms, strict=False):
            k = e1._cmp(e2)
            if k:
                return k
            if c1 != c2:
                return -1 if c1 < c2 else 1
        return (len(self._terms) > len(other._terms)) - (len(self._terms) < len(other._terms))

    def __eq__(self, other: object) -> bool:
        o = _maybe(other)
        if o is None:
            return NotImplemented
        return self._terms == o._terms

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: OrdinalLike) -> bool:
        o = _maybe(other)
        return NotImplemented if o is None else self._cmp(o) < 0

    def __le__(self, other: OrdinalLike) -> bool:
        o = _maybe(other)
        return NotImplemented if o is None else self._cmp(o) <= 0

    def __gt__(self, other: OrdinalLike) -> bool:
        o = _maybe(other)
        return NotImplemented if o is None else self._cmp(o) > 0

    def __ge__(self, other: OrdinalLike) -> bool:
        o = _maybe(other)
        return NotImplemented if o is None else self._cmp(o) >= 0

    # -- ordinal arithmetic ------------------------------------------------------------

    def __add__(self, other: OrdinalLike) -> Ordinal:
        o = _maybe(other)
        if o is None:
            return NotImplemented
        if not o._terms:
            return self
        lead = o._terms[0][0]
        kept = [t for t in self._terms if t[0]._cmp(lead) >= 0]
        if kept and kept[-1][0]._cmp(lead) == 0:
            merged = (lead, kept[-1][1] + o._terms[0][1])
            return Ordinal._make((*kept[:-1], merged, *o._terms[1:]))
        return Ordinal._make((*kept, *o._terms))

    def __radd__(self, other: int) -> Ordinal:
        o = _maybe(other)
        return NotImplemented if o is None else o + self

    def __mul__(self, other: OrdinalLike) -> Ordinal:
        o = _maybe(other)
        if o is None:
            return NotImplemented
        if not self._terms or not o._terms:
            return _ZERO
        lead, lead_coefficient = self._terms[0]
        result = _ZERO
        for exponent, coefficient in o._terms:
            if exponent._terms:  # self · ω^e = ω^(lead + e)
                part = Ordinal._make(((lead + exponent, coefficient),))
            else:  # self · c: the leading coefficient grows, the rest stays
                part = Ordinal._make(((lead, lead_coefficient * coefficient), *self._terms[1:]))
            result = result + part
        return result

    def __rmul__(self, other: int) -> Ordinal:
        o = _maybe(other)
        return NotImplemented if o is None else o * self

    def __pow__(self, other: OrdinalLike) -> Ordinal:
        """``self ** n`` for a finite ``n``; ``ω ** a`` (and ``ω^b ** n``) for any ordinal ``a``.

        >>> omega ** omega ** 2, (omega + 1) ** 2, Ordinal(2) ** 10
        (ω^ω^2, ω^2 + ω + 1, 1024)
        """
        o = _maybe(other)
        if o is None:
            return NotImplemented
        if len(self._terms) == 1 and self._terms[0][1] == 1 and self._terms[0][0]._terms:
            # (ω^b)^a = ω^(b·a)
            return Ordinal._make(((self._terms[0][0] * o, 1),)) if o._terms else _ONE
        if not o.is_finite:
            if self.is_finite and int(self) in (0, 1):
                return self if o._terms else _ONE
            raise InvalidArgument(
                f"{self} ** {o}: only powers of ω may have an infinite exponent here"
            )
        n = int(o)
        if self.is_finite:
            if n > 4096 and int(self) > 1:
                raise TooLarge(f"{int(self)} ** {n} is too large to build")
            return Ordinal(int(self) ** n)
        if n > 4096:
            raise TooLarge(f"({self}) ** {n} is too large to build term by term")
        result = _ONE
        for _ in range(n):
            result = result * self
        return result

    def __rpow__(self, other: int) -> Ordinal:
        o = _maybe(other)
        return NotImplemented if o is None else o**self

    # -- natural (Hessenberg) arithmetic ---------------------------------------------------

    def natural_sum(self, other: OrdinalLike) -> Ordinal:
        """The natural (Hessenberg) sum: Cantor normal forms added term by term.

        Commutative and strictly increasing in each argument; CGSuite has no name for it.

        >>> (omega + 1).natural_sum(omega ** 2), (omega + 1) + omega ** 2
        (ω^2 + ω + 1, ω^2)
        """
        o = to_ordinal(other)
        return Ordinal.from_cnf([*self._terms, *o._terms])

    def natural_product(self, other: OrdinalLike) -> Ordinal:
        """The natural (Hessenberg) product: ``Σ ω^(a ⊕ b)·c·d`` over pairs of terms.

        >>> (omega + 1).natural_product(omega + 1)
        ω^2 + ω·2 + 1
        """
        o = to_ordinal(other)
        return Ordinal.from_cnf(
            [(e1.natural_sum(e2), c1 * c2) for e1, c1 in self._terms for e2, c2 in o._terms]
        )

    def __sub__(self, other: OrdinalLike) -> Ordinal:
        """Left subtraction: the ``d`` with ``other + d == self`` (``other <= self``).

        >>> (omega * 2 + 3) - omega, (omega + 3) - 2
        (ω + 3, ω + 3)
        """
        o = _maybe(other)
        if o is None:
            return NotImplemented
        if o > self:
            raise InvalidArgument(
                f"{o} > {self}: ordinal subtraction needs the smaller on the right"
            )
        terms = list(self._terms)
        for i, (e, c) in enumerate(o._terms):
            if i >= len(terms) or terms[i] != (e, c):
                # first difference: self has a larger term here
                se, sc = terms[i]
                if se == e:
                    return Ordinal._make(((se, sc - c), *terms[i + 1 :]))
                return Ordinal._make(tuple(terms[i:]))
        return Ordinal._make(tuple(terms[len(o._terms) :]))

    # -- nim arithmetic -------------------------------------------------------------------------

    def nim_sum(self, other: OrdinalLike) -> Ordinal:
        """Conway's nim sum (CGSuite ``NimSum``): binary digits added without carry.

        Every ordinal is a sum of distinct powers of two ``2^(ω·a + n) = ω^a·2^n``,
        so the nim sum XORs the coefficients of equal exponents.  Defined for every
        ordinal here.

        >>> (omega + 3).nim_sum(omega * 3 + 1), omega.nim_sum(omega)
        (ω·2 + 2, 0)
        """
        o = to_ordinal(other)
        merged: dict[Ordinal, int] = dict(self._terms)
        for e, c in o._terms:
            merged[e] = merged.get(e, 0) ^ c
        return Ordinal.from_cnf([(e, c) for e, c in merged.items() if c])

    def nim_product(self, other: OrdinalLike) -> Ordinal:
        """Conway's nim product (CGSuite ``NimProduct``), for ordinals below ``ω^ω^ω``.

        Below ``ω^ω^ω`` the ordinals form the algebraic closure of the field of
        two elements (ONAG, ch. 6).  The product follows Lenstra's description:
        for the ``k``-th odd prime ``p`` the ordinal ``κ = ω^ω^(k-1)`` satisfies
        ``κ^p = α_p`` (:func:`alpha`), ``κ_(p^(n+1)) = ω^(ω^(k-1)·p^n)`` is a
        ``p``-th root of ``κ_(p^n)``, and products of those with exponents below
        ``p`` and a finite coefficient are ordinal products.  Exponents that need
        a prime beyond the published table of :func:`alpha` raise
        :class:`~cgt.errors.TooLarge`; ordinals from ``ω^ω^ω`` on raise
        :class:`~cgt.errors.InvalidArgument`.

        >>> omega.nim_product(omega), omega.nim_product(2), (omega ** 2).nim_product(omega)
        (ω^2, ω·2, 2)
        >>> (omega ** omega) ** 5 == omega ** (omega * 5)   # ordinal power, not nim
        True
        >>> nim_power(omega ** omega, 5), nim_power(omega ** omega ** 2, 7)   # ONAG
        (4, ω + 1)
        """
        a, b = _nim_form(self), _nim_form(to_ordinal(other))
        depth = max(_depth(a), _depth(b))
        return _from_nim_form(_nim_mul(_pad(a, depth), _pad(b, depth), depth))

    # -- text ---------------------------------------------------------------------------------

    def __str__(self) -> str:
        if not self._terms:
            return "0"
        parts = []
        for e, c in self._terms:
            if not e._terms:
                parts.append(str(c))
                continue
            if e == _ONE:
                base = "ω"
            elif e.is_finite or (len(e._terms) == 1 and e._terms[0][1] == 1):
                base = f"ω^{e}"
            else:
                base = f"ω^({e})"
            parts.append(base if c == 1 else f"{base}·{c}")
        return " + ".join(parts)

    def __repr__(self) -> str:
        return str(self)

    def __format__(self, spec: str) -> str:
        return format_omega_text(str(self), spec, "an ordinal")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ordinal._make, (self._terms,))  # interned again on arrival

    def __copy__(self) -> Ordinal:
        return self

    def __deepcopy__(self, memo: Any) -> Ordinal:
        return self

    @classmethod
    def parse(cls, text: str) -> Ordinal:
        """Read an ordinal: ints, ``ω`` (or ``w``, ``omega``), ``+``, ``·`` (or ``*``),
        ``^`` (right-associative) and parentheses.

        >>> Ordinal.parse("ω^ω·2 + 3"), Ordinal.parse("omega^(omega+1) * 2")
        (ω^ω·2 + 3, ω^(ω + 1)·2)
        >>> Ordinal.parse("ω +")
        Traceback (most recent call last):
        ...
        cgt.errors.ParseError: expected a number, ω or '(' at position 3
          ω +
             ^
        """
        return evaluate(text, _ORDINAL_ALGEBRA)


def format_omega_text(text: str, spec: str, kind: str) -> str:
    """``text`` (with ``ω`` and ``·``) in the format ``spec``: ``''``/``'u'`` as it is,
    ``'a'`` in ASCII (``w``, ``*``), as :func:`parse` reads back.

    >>> format_omega_text("ω·2 + 1", "a", "an ordinal")
    'w*2 + 1'
    """
    if spec in ("", "u"):
        return text
    if spec == "a":
        return text.replace("ω", "w").replace("·", "*")
    raise InvalidArgument(f"unknown format {spec!r} for {kind}: use '', 'u' or 'a'")


def _hash_terms(terms: _Terms) -> int:
    if not terms:
        return hash(0)
    if len(terms) == 1 and not terms[0][0]._terms:
        return hash(terms[0][1])
    return hash(("Ordinal", terms))


def _as_int(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        index = getattr(type(n), "__index__", None)
        if index is None or isinstance(n, bool):
            raise WrongType(f"{NOT_AN_ORDINAL}, not {type(n).__name__} {n!r}")
        n = int(index(n))
    if n < 0:
        raise InvalidArgument(f"{NOT_AN_ORDINAL}, not {n}")
    return n


def _maybe(value: object) -> Ordinal | None:
    if isinstance(value, Ordinal):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Ordinal(value)
    return None


def to_ordinal(value: object) -> Ordinal:
    """``value`` as an :class:`Ordinal` (an ``int`` >= 0, an ``Ordinal``, or its text).

    >>> to_ordinal(3), to_ordinal("w+1")
    (3, ω + 1)
    """
    if isinstance(value, str):
        return Ordinal.parse(value)
    o = _maybe(value)
    if o is None:
        raise WrongType(f"{NOT_AN_ORDINAL}, not {type(value).__name__} {value!r}")
    return o


_ZERO_EXP: Ordinal = Ordinal._make(())
_ZERO = _ZERO_EXP
_small: tuple[Ordinal, ...] = (_ZERO, *(Ordinal._make(((_ZERO, n),)) for n in range(1, _SMALL)))
_ONE = Ordinal(1)
omega: Ordinal = Ordinal._make(((_ONE, 1),))
"""The least infinite ordinal ``ω``."""


def nim_power(base: OrdinalLike, n: int) -> Ordinal:
    """``base`` nim-multiplied by itself ``n`` times (``n >= 0``).

    >>> nim_power(omega, 3), nim_power(2, 2)
    (2, 3)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidArgument(f"nim_power() needs a non-negative int exponent, not {n!r}")
    result, square, b = _ONE, to_ordinal(base), n
    while b:
        if b & 1:
            result = result.nim_product(square)
        b >>= 1
        if b:
            square = square.nim_product(square)
    return result


# ---------------------------------------------------------------------------------------------
# Nim multiplication below ω^ω^ω (Lenstra, "On the algebraic closure of two", 1977).
#
# An ordinal below ω^ω^ω is Σ ω^β·c with β = Σ_j ω^j·b_j < ω^ω.  Its "nim form" is a dict
# from the tuple (b_0, ..., b_{K-1}) to the finite coefficient c.  For the (j+1)-th odd prime
# p, b_j written in base p has digits d_0, d_1, ... standing for κ_p^d_0 · κ_{p^2}^d_1 ...,
# where κ_{p^(n+1)}^p = κ_{p^n} and κ_p^p = α_p.  Reading the digits in reverse order as a
# number e (most significant digit first) makes the product of two such monomials the sum
# of their e's, with one overflow past p^N meaning "times α_p".

# The published table: Lenstra's excess m_p and the set Q(p) of prime powers q with
# κ_f(p) = Σ κ_q, for the odd primes in order (CGSuite's NimFieldConstants, the excesses also
# OEIS A380496; α_3, α_5, α_7 are Conway's, α_11 .. α_43 Lenstra's).
_ODD_PRIMES = (
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191,
    193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257,
)  # fmt: skip
_EXCESS = (
    0, 0, 1, 1, 0, 0, 4, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1,
    0, 1, 0, 1, 0, 1, 4, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0,
)  # fmt: skip
_Q_SETS: tuple[tuple[int, ...], ...] = (
    (2,), (4,), (3,), (5,), (4, 3), (8,), (9,), (11,), (4, 7), (5,), (4, 9), (5,), (7,), (23,),
    (13,), (29,), (3, 5), (3, 11), (5, 7), (9,), (13,), (41,), (11,), (16, 3), (25,), (3, 17),
    (53,), (4, 9), (4, 7), (7,), (5, 13), (17,), (3, 23), (37,), (3, 5), (13,), (81,), (83,),
    (4, 43), (89,), (9, 5), (5, 19), (32, 3), (4, 49), (9, 11), (5, 7), (37,), (113,), (19,),
    (29,), (7, 17), (8, 3), (25,), (16,),
)  # fmt: skip


def odd_primes() -> tuple[int, ...]:
    """The odd primes whose ``α_p`` is tabulated, in order (3, 5, 7, ..., 257).

    >>> odd_primes()[:5], len(odd_primes())
    ((3, 5, 7, 11, 13), 54)
    """
    return _ODD_PRIMES


def _prime_index(p: int) -> int:
    try:
        return _ODD_PRIMES.index(p)
    except ValueError:
        raise InvalidArgument(
            f"{p!r} is not an odd prime up to {_ODD_PRIMES[-1]} "
            "(the published table of Lenstra's α_p)"
        ) from None


def kappa(q: int) -> Ordinal:
    """Lenstra's ``κ_q`` for a prime power ``q``: ``2^2^(n-1)`` for ``q = 2^n``, and
    ``ω^(ω^(k-1)·p^(n-1))`` for ``q = p^n`` with ``p`` the ``k``-th odd prime.

    >>> kappa(2), kappa(4), kappa(3), kappa(9), kappa(5), kappa(7)
    (2, 4, ω, ω^3, ω^ω, ω^ω^2)
    >>> kappa(6)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: κ_q needs a prime power q > 1, not 6
    """
    if isinstance(q, bool) or not isinstance(q, int) or q < 2:
        raise InvalidArgument(f"κ_q needs a prime power q > 1, not {q!r}")
    p = next(d for d in range(2, q + 1) if q % d == 0)
    n, rest = 0, q
    while rest % p == 0:
        rest //= p
        n += 1
    if rest != 1:
        raise InvalidArgument(f"κ_q needs a prime power q > 1, not {q}")
    if p == 2:
        return Ordinal(1 << (1 << (n - 1)))
    k = _prime_index(p) + 1
    exponent: Ordinal = omega ** (k - 1) * p ** (n - 1)
    return omega**exponent


def excess(p: int) -> int:
    """Lenstra's excess ``m_p`` of an odd prime ``p`` (OEIS A380496): ``α_p = κ_f(p) + m_p``.

    >>> [excess(p) for p in (3, 5, 7, 11, 13, 17, 19, 23)]
    [0, 0, 1, 1, 0, 0, 4, 1]
    """
    return _EXCESS[_prime_index(p)]


def alpha(p: int) -> Ordinal:
    """Conway's ``α_p`` for an odd prime ``p``: the ``p``-th nim power of ``ω^ω^(k-1)``
    when ``p`` is the ``k``-th odd prime, the least ordinal that is not a ``p``-th power
    below it.  From Lenstra's theorem ``α_p = κ_f(p) + m_p`` and the published table.

    >>> alpha(3), alpha(5), alpha(7), alpha(11), alpha(13), alpha(19)
    (2, 4, ω + 1, ω^ω + 1, ω + 4, ω^3 + 4)
    """
    i = _prime_index(p)
    total = Ordinal(_EXCESS[i])
    for q in _Q_SETS[i]:
        total = total.nim_sum(kappa(q))
    return total


_NimForm = dict[tuple[int, ...], int]


def _nim_form(a: Ordinal) -> _NimForm:
    form: _NimForm = {}
    for exponent, coefficient in a._terms:
        digits: list[int] = []
        for e, c in reversed(exponent._terms):
            if not e.is_finite:
                raise InvalidArgument(
                    f"{a} is not below ω^ω^ω: nim products are defined here only below it"
                )
            k = int(e)
            digits.extend([0] * (k - len(digits)))
            digits.append(c)
        if len(digits) > len(_ODD_PRIMES):
            raise TooLarge(
                f"the nim product of {a} needs α_p for the {len(digits)}-th odd prime, "
                f"beyond the published table (up to {_ODD_PRIMES[-1]})"
            )
        while digits and not digits[-1]:
            digits.pop()
        form[tuple(digits)] = coefficient
    return form


def _depth(form: _NimForm) -> int:
    return max((len(k) for k in form), default=0)


def _pad(form: _NimForm, depth: int) -> _NimForm:
    return {k + (0,) * (depth - len(k)): c for k, c in form.items()}


def _from_nim_form(form: _NimForm) -> Ordinal:
    pairs = []
    for digits, c in form.items():
        exponent = _ZERO
        for j in range(len(digits) - 1, -1, -1):
            if digits[j]:
                exponent = exponent + Ordinal._make(((Ordinal(j), digits[j]),))
        pairs.append((exponent, c))
    return Ordinal.from_cnf(pairs) if pairs else _ZERO


def _base_digits(b: int, p: int) -> list[int]:
    out = []
    while b:
        b, d = divmod(b, p)
        out.append(d)
    return out


def _combine(b1: int, b2: int, p: int) -> tuple[int, bool]:
    """κ-monomials of exponent coefficients ``b1``, ``b2`` multiplied: the new coefficient,
    and whether a factor ``α_p`` came out."""
    d1, d2 = _base_digits(b1, p), _base_digits(b2, p)
    n = max(len(d1), len(d2), 1)
    d1 += [0] * (n - len(d1))
    d2 += [0] * (n - len(d2))
    carry = 0
    out = [0] * n
    for i in range(n - 1, -1, -1):  # the deepest root is the least significant digit of e
        s = d1[i] + d2[i] + carry
        carry, out[i] = divmod(s, p)
    return sum(d * p**i for i, d in enumerate(out)), bool(carry)


@functools.lru_cache(maxsize=64)
def _alpha_form(j: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple(_pad(_nim_form(alpha(_ODD_PRIMES[j])), j).items())


def _nim_mul(a: _NimForm, b: _NimForm, depth: int) -> _NimForm:
    if not a or not b:
        return {}
    if depth == 0:
        c = _nim.product(a[()], b[()])
        return {(): c} if c else {}
    p = _ODD_PRIMES[depth - 1]
    ga, gb = _group(a), _group(b)
    result: _NimForm = {}
    for top1, low1 in ga.items():
        for top2, low2 in gb.items():
            coefficient = _nim_mul(low1, low2, depth - 1)
            top, overflow = _combine(top1, top2, p)
            if overflow:
                coefficient = _nim_mul(coefficient, dict(_alpha_form(depth - 1)), depth - 1)
            for low, c in coefficient.items():
                key = (*low, top)
                value = result.get(key, 0) ^ c
                if value:
                    result[key] = value
                else:
                    result.pop(key, None)
    return result


def _group(form: _NimForm) -> dict[int, _NimForm]:
    groups: dict[int, _NimForm] = {}
    for key, c in form.items():
        groups.setdefault(key[-1], {})[key[:-1]] = c
    return groups


# ---------------------------------------------------------------------------------------------
# A small expression reader shared by ordinals and surreal numbers.

T = TypeVar("T")


class Algebra(Generic[T]):
    """The operations an expression of :func:`evaluate` needs (a private helper type)."""

    def __init__(
        self,
        integer: Callable[[int], T],
        omega: T,
        add: Callable[[T, T], T],
        mul: Callable[[T, T], T],
        power: Callable[[T, T], T],
        sub: Callable[[T, T], T] | None = None,
        div: Callable[[T, T], T] | None = None,
        neg: Callable[[T], T] | None = None,
        kind: str = "an ordinal",
    ) -> None:
        self.integer, self.omega, self.add, self.mul, self.power = integer, omega, add, mul, power
        self.sub, self.div, self.neg, self.kind = sub, div, neg, kind


_AS_ASCII = {ord("ω"): "w", ord("·"): "*"}  # one character for one: positions are kept


def _tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, position, integer)`` of each token, from the tokenizer of game text
    (:func:`cgt._tokens.tokenize`): ints, ``ω`` (also ``w`` and ``omega``), the
    operators and parentheses, then ``end``."""
    for tok in tokenize(text.translate(_AS_ASCII)):
        if tok.kind == "INT":
            yield ("int", tok.pos, int(tok.text))
        elif tok.kind == "IDENT" and tok.text in ("w", "omega"):
            yield ("ω", tok.pos, 0)
        elif tok.kind == "PM":  # "+-": a plus, then a minus
            yield ("+", tok.pos, 0)
            yield ("-", tok.pos + 1, 0)
        elif tok.kind in ("+", "-", "*", "^", "/", "(", ")"):
            yield (tok.kind, tok.pos, 0)
        elif tok.kind == "END":
            yield ("end", len(text), 0)
        else:
            raise ParseError(
                f"unexpected {text[tok.pos : tok.pos + len(tok.text)]!r}", text, tok.pos
            )


def evaluate(text: str, algebra: Algebra[T]) -> T:
    """Read ``text`` as an expression in ``algebra`` (ints, ``ω``, ``+ - · * / ^``, parentheses).

    >>> evaluate("(w+1)*2", _ORDINAL_ALGEBRA)
    ω·2 + 1
    """
    if not isinstance(text, str):
        raise WrongType(f"parse() needs a str, not {type(text).__name__}")
    tokens = list(_tokens(text))
    pos = 0
    depth = 0  # nesting of parentheses and exponents, bounded: no RecursionError

    def peek() -> str:
        return tokens[pos][0]

    def take() -> tuple[str, int, int]:
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        return tok

    def fail(message: str, at: int) -> ParseError:
        return ParseError(message, text, at)

    def apply(op: Callable[[T, T], T] | None, name: str, a: T, b: T, at: int) -> T:
        if op is None:
            raise fail(f"{algebra.kind} has no '{name}'", at)
        try:
            return op(a, b)
        except ParseError:
            raise
        except CGTError as err:
            raise fail(str(err), at) from None

    def expr() -> T:
        if peek() == "-":
            at = take()[1]
            if algebra.neg is None:
                raise fail(f"{algebra.kind} cannot be negative", at)
            value = algebra.neg(term())
        else:
            value = term()
        while peek() in "+-":
            op, at, _ = take()
            rhs = term()
            value = apply(algebra.add if op == "+" else algebra.sub, op, value, rhs, at)
        return value

    def term() -> T:
        value = factor()
        while peek() in ("*", "/"):
            op, at, _ = take()
            rhs = factor()
            value = apply(algebra.mul if op == "*" else algebra.div, op, value, rhs, at)
        return value

    def nest(at: int) -> None:
        nonlocal depth
        depth += 1
        if depth > _MAX_NESTING:
            raise fail(f"nested more than {_MAX_NESTING} deep", at)

    def factor() -> T:
        nonlocal depth
        base = atom()
        if peek() == "^":
            at = take()[1]
            nest(at)
            if peek() == "-":  # a negative exponent: ω^-2
                minus = take()[1]
                if algebra.neg is None:
                    raise fail(f"{algebra.kind} cannot be negative", minus)
                exponent = algebra.neg(factor())
            else:
                exponent = factor()
            depth -= 1
            return apply(algebra.power, "^", base, exponent, at)
        return base

    def atom() -> T:
        nonlocal depth
        kind, at, value = tokens[pos]
        if kind == "int":
            take()
            return algebra.integer(value)
        if kind == "ω":
            take()
            return algebra.omega
        if kind == "(":
            take()
            nest(at)
            inner = expr()
            depth -= 1
            if peek() != ")":
                raise fail("expected ')'", tokens[pos][1])
            take()
            return inner
        raise fail("expected a number, ω or '('", at)

    result = expr()
    if peek() != "end":
        raise fail(f"unexpected {text[tokens[pos][1]]!r}", tokens[pos][1])
    return result


_ORDINAL_ALGEBRA: Algebra[Ordinal] = Algebra(
    Ordinal, omega, operator.add, operator.mul, operator.pow, sub=operator.sub, kind="an ordinal"
)
