"""Exact dyadic rationals, the numbers that short games can equal.

A dyadic rational is ``m / 2**k`` with integer ``m`` and ``k >= 0``.  They are
closed under ``+``, ``-`` and ``*``; :class:`Dyadic` keeps them exact at any
size and mixes with :class:`int` and :class:`fractions.Fraction`.

>>> from cgt import Dyadic
>>> Dyadic(3, 4) + Dyadic(1, 8)
7/8
>>> Dyadic(3, 4) == Fraction(3, 4), hash(Dyadic(3, 4)) == hash(Fraction(3, 4))
(True, True)
>>> simplest_between(Dyadic(9, 16), Dyadic(15, 16))
3/4
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Union, overload

from ._digits import int_to_str, str_to_int
from .errors import CGTError, DivisionByZero, WrongType

if TYPE_CHECKING:  # pragma: no cover
    import sympy

__all__ = [
    "Dyadic",
    "DyadicLike",
    "NotDyadic",
    "number_birthday",
    "simplest_between",
    "to_dyadic",
]

_HASH_MODULUS = (1 << 61) - 1  # sys.hash_info.modulus on 64-bit CPython


class NotDyadic(CGTError, ValueError):
    """A value is not a dyadic rational (its denominator is not a power of two).

    >>> Dyadic(1, 3)
    Traceback (most recent call last):
    ...
    cgt.dyadic.NotDyadic: 1/3 is not a dyadic rational: the denominator 3 is not a power of two
    """


DyadicLike = Union["Dyadic", int, Fraction, float, Decimal]
"""Convertible to a ``Dyadic``: an ``int``, or a ``Fraction``, ``float`` or ``Decimal`` of
denominator 2^k."""


def _short(n: int) -> str:
    """``n`` for a message: in full up to 60 digits, else abbreviated."""
    if n.bit_length() < 200:
        return str(n)
    return f"{'-' if n < 0 else ''}<an integer of {n.bit_length()} bits>"


def _from_fraction(num: int, den: int, shown: Callable[[], str] | None = None) -> tuple[int, int]:
    if den == 0:
        raise NotDyadic(f"{_shown(num, den, shown)} has a zero denominator")
    if den < 0:
        num, den = -num, -den
    g = math.gcd(num, den)
    num //= g
    den //= g
    if den & (den - 1):
        raise NotDyadic(
            f"{_shown(num, den, shown)} is not a dyadic rational: "
            f"the denominator {_short(den)} is not a power of two"
        )
    return num, den.bit_length() - 1


def _shown(num: int, den: int, shown: Callable[[], str] | None) -> str:
    return shown() if shown is not None else f"{_short(num)}/{_short(den)}"


def _parse_number_text(text: str) -> tuple[int, int]:
    s = text.strip().replace("_", "")
    shown = (lambda: text) if len(text) <= 60 else (lambda: "the number")
    try:
        if "/" in s:
            top, bottom = s.split("/")
            return _from_fraction(_int(top), _int(bottom), shown)
        if "e" in s.lower():
            f = Fraction(s)
            return _from_fraction(f.numerator, f.denominator, shown)
        if "." in s:
            whole, _, tail = s.partition(".")
            sign = -1 if whole.startswith("-") else 1
            whole = (whole[1:] if whole[:1] in ("+", "-") else whole) or "0"
            return _from_fraction(sign * _int(whole + tail), 10 ** len(tail), shown)
        return _int(s), 0
    except ValueError as exc:
        if isinstance(exc, NotDyadic):
            raise
        raise NotDyadic(f"cannot read {text!r} as a dyadic rational") from None


def _is_int(value: object) -> bool:
    return not isinstance(value, bool) and hasattr(type(value), "__index__")


def _int(text: str) -> int:
    t = text.strip()
    return str_to_int(t[1:] if t.startswith("+") else t)


class Dyadic:
    """An exact dyadic rational ``numerator / denominator``.

    ``Dyadic(n)`` and ``Dyadic(n, d)`` work like :class:`fractions.Fraction`,
    but the denominator must be a power of two.  Strings (``"3/4"``,
    ``"-0.375"``), ints, Fractions and Dyadics are accepted too, and so are
    other integer types (anything with ``__index__``, such as numpy's) and
    other :class:`numbers.Rational` values (sympy's).  A finite float is
    converted exactly (every binary float is dyadic); ``nan`` and ``inf``
    raise :class:`NotDyadic`.  Values are immutable, hash like the equal
    ``int``/``Fraction`` and never overflow.

    >>> Dyadic("3/4"), Dyadic(6, 8), Dyadic(Fraction(-1, 2)), Dyadic(0.375)
    (3/4, 3/4, -1/2, 3/8)
    >>> Dyadic(2) ** 200 == 2 ** 200
    True
    >>> Dyadic(1, 2) + 1, 1 - Dyadic(1, 4), Dyadic(3, 4) * 2
    (3/2, 3/4, 3/2)
    >>> Dyadic(3, 4) < 1, Dyadic(1, 2) == Fraction(1, 2), str(Dyadic(-5, 8))
    (True, True, '-5/8')
    """

    __slots__ = ("_exp", "_num")

    _num: int
    _exp: int

    def __init__(self, value: DyadicLike | str = 0, denominator: int | None = None) -> None:
        if denominator is None:
            if isinstance(value, Dyadic):
                num, exp = value._num, value._exp
            elif isinstance(value, bool):
                raise WrongType("a bool is not a number here; use 0 or 1")
            elif isinstance(value, int):
                num, exp = value, 0
            elif isinstance(value, Fraction):
                num, exp = _from_fraction(value.numerator, value.denominator)
            elif isinstance(value, str):
                num, exp = _parse_number_text(value)
            elif isinstance(value, float):
                if not math.isfinite(value):
                    raise NotDyadic(
                        f"{value} is not a finite number, so it is not a dyadic rational"
                    )
                num, exp = _from_fraction(*value.as_integer_ratio())  # exact: floats are dyadic
            elif isinstance(value, Decimal):
                if not value.is_finite():
                    raise NotDyadic(
                        f"{value} is not a finite number, so it is not a dyadic rational"
                    )
                num, exp = _from_fraction(*value.as_integer_ratio(), lambda: str(value))
            elif hasattr(type(value), "__index__"):  # numpy and sympy integers
                num, exp = operator.index(value), 0
            elif isinstance(value, numbers.Rational):  # sympy.Rational and the like
                num, exp = _from_fraction(int(value.numerator), int(value.denominator))
            else:
                raise WrongType(f"cannot make a Dyadic from {type(value).__name__}")
        else:
            if not (_is_int(value) and _is_int(denominator)):
                raise WrongType("Dyadic(numerator, denominator) takes two ints")
            num, exp = _from_fraction(operator.index(value), operator.index(denominator))  # type: ignore[arg-type]
        if num == 0:
            exp = 0
        else:
            while exp > 0 and not num & 1:
                num >>= 1
                exp -= 1
        self._num = num
        self._exp = exp

    @classmethod
    def from_exponent(cls, numerator: int, exponent: int) -> Dyadic:
        """The dyadic ``numerator / 2**exponent`` (``exponent`` may be negative).

        >>> Dyadic.from_exponent(3, 2), Dyadic.from_exponent(3, -2)
        (3/4, 12)
        """
        if exponent < 0:
            return _make(numerator << -exponent, 0)
        return _make(numerator, exponent)

    # --- accessors -----------------------------------------------------------
    @property
    def numerator(self) -> int:
        """The numerator in lowest terms.

        >>> Dyadic(6, 8).numerator
        3
        """
        return self._num

    @property
    def denominator(self) -> int:
        """The denominator in lowest terms, a power of two.

        >>> Dyadic(6, 8).denominator
        4
        """
        return 1 << self._exp

    @property
    def exponent(self) -> int:
        """``k`` such that the denominator is ``2**k``.

        >>> Dyadic(3, 8).exponent
        3
        """
        return self._exp

    def is_integer(self) -> bool:
        """True if the value is a whole number.

        >>> Dyadic(4, 2).is_integer(), Dyadic(1, 2).is_integer()
        (True, False)
        """
        return self._exp == 0

    def as_fraction(self) -> Fraction:
        """The equal :class:`fractions.Fraction`.

        >>> Dyadic(3, 4).as_fraction()
        Fraction(3, 4)
        """
        return Fraction(self._num, 1 << self._exp)

    def as_integer_ratio(self) -> tuple[int, int]:
        """``(numerator, denominator)``, like :meth:`float.as_integer_ratio`.

        >>> Dyadic(-3, 4).as_integer_ratio()
        (-3, 4)
        """
        return self._num, 1 << self._exp

    def _sympy_(self) -> sympy.Rational:
        """Convert to :class:`sympy.Rational` (sympy is imported only here).

        >>> import sympy
        >>> sympy.sympify(Dyadic(3, 4)) + sympy.Rational(1, 4)
        1
        """
        import sympy

        return sympy.Rational(self._num, 1 << self._exp)

    # --- arithmetic ------------------------------------------------------------
    # Dyadic with Dyadic or int stays Dyadic; with a Fraction the result is a
    # Fraction, as int with Fraction gives a Fraction in Python's number tower.
    @overload
    def __add__(self, other: Dyadic | int) -> Dyadic: ...
    @overload
    def __add__(self, other: Fraction) -> Fraction: ...
    @overload
    def __add__(self, other: float) -> float: ...
    def __add__(self, other: object) -> Dyadic | Fraction | float:
        o = _coerce(other)
        if o is None:
            if isinstance(other, Fraction):
                return self.as_fraction() + other
            if isinstance(other, float):
                return float(self) + other
            return NotImplemented
        a, ea, b, eb = self._num, self._exp, o._num, o._exp
        if ea == eb:
            return _make(a + b, ea)
        if ea > eb:
            return _make(a + (b << (ea - eb)), ea)
        return _make((a << (eb - ea)) + b, eb)

    __radd__ = __add__

    @overload
    def __sub__(self, other: Dyadic | int) -> Dyadic: ...
    @overload
    def __sub__(self, other: Fraction) -> Fraction: ...
    @overload
    def __sub__(self, other: float) -> float: ...
    def __sub__(self, other: object) -> Dyadic | Fraction | float:
        o = _coerce(other)
        if o is None:
            if isinstance(other, Fraction):
                return self.as_fraction() - other
            if isinstance(other, float):
                return float(self) - other
            return NotImplemented
        return self + _make(-o._num, o._exp)

    @overload
    def __rsub__(self, other: Dyadic | int) -> Dyadic: ...
    @overload
    def __rsub__(self, other: Fraction) -> Fraction: ...
    @overload
    def __rsub__(self, other: float) -> float: ...
    def __rsub__(self, other: object) -> Dyadic | Fraction | float:
        o = _coerce(other)
        if o is None:
            if isinstance(other, Fraction):
                return other - self.as_fraction()
            if isinstance(other, float):
                return other - float(self)
            return NotImplemented
        return o - self

    @overload
    def __mul__(self, other: Dyadic | int) -> Dyadic: ...
    @overload
    def __mul__(self, other: Fraction) -> Fraction: ...
    @overload
    def __mul__(self, other: float) -> float: ...
    def __mul__(self, other: object) -> Dyadic | Fraction | float:
        o = _coerce(other)
        if o is None:
            if isinstance(other, Fraction):
                return self.as_fraction() * other
            if isinstance(other, float):
                return float(self) * other
            return NotImplemented
        return _make(self._num * o._num, self._exp + o._exp)

    __rmul__ = __mul__

    def __truediv__(self, other: object) -> Any:
        """Exact division; the quotient must be dyadic (else :class:`NotDyadic`);
        division by zero raises :class:`~cgt.errors.DivisionByZero`.  With a
        float the quotient is a float, as for :class:`~fractions.Fraction`.

        >>> Dyadic(3, 4) / 3, Dyadic(3, 4) / 0.5
        (1/4, 1.5)
        """
        o = _coerce(other)
        if o is None:
            if isinstance(other, float):
                return float(self) / other
            return NotImplemented
        return _divide(self, o)

    def __rtruediv__(self, other: object) -> Any:
        o = _coerce(other)
        if o is None:
            if isinstance(other, float):
                return other / float(self)
            return NotImplemented
        return _divide(o, self)

    def __pow__(self, power: object) -> Any:
        """``d ** n`` for an integer ``n`` (a negative one must leave the result
        dyadic, else :class:`NotDyadic`); a float power gives a float, as for
        :class:`~fractions.Fraction`.

        >>> Dyadic(3, 2) ** 2, Dyadic(4) ** -1, Dyadic(9, 4) ** 0.5
        (9/4, 1/4, 1.5)
        """
        if isinstance(power, Dyadic) and power._exp == 0:
            power = power._num
        if isinstance(power, int) and not isinstance(power, bool):
            if power >= 0:
                return _make(self._num**power, self._exp * power)
            return _divide(_make(1, 0), _make(self._num**-power, self._exp * -power))
        if isinstance(power, (float, complex)):
            return float(self) ** power
        if isinstance(power, Dyadic):  # a fractional power is not rational
            return float(self) ** float(power)
        return NotImplemented

    def __rpow__(self, base: object) -> Any:
        """``base ** d``: exact for an integer ``d`` and an int or Dyadic base,
        else a float (as ``2 ** Fraction(1, 2)``).

        >>> 2 ** Dyadic(3), 4 ** Dyadic(1, 2)
        (8, 2.0)
        """
        if self._exp == 0 and isinstance(base, (int, Dyadic)) and not isinstance(base, bool):
            return _coerce(base) ** self._num  # type: ignore[operator]
        if isinstance(base, (int, float, complex, Dyadic)) and not isinstance(base, bool):
            return base ** float(self)
        return NotImplemented

    def __floordiv__(self, other: object) -> int:
        """``floor(self / other)``, as for :class:`~fractions.Fraction`.

        >>> Dyadic(7, 2) // 2, Dyadic(-7, 2) // Dyadic(1, 2)
        (1, -7)
        """
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _divmod(self, o)[0]

    def __rfloordiv__(self, other: object) -> int:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _divmod(o, self)[0]

    def __mod__(self, other: object) -> Dyadic:
        """``self - other * (self // other)``, with the sign of ``other``.

        >>> Dyadic(7, 2) % 2, Dyadic(-7, 2) % 2
        (3/2, 1/2)
        """
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _divmod(self, o)[1]

    def __rmod__(self, other: object) -> Dyadic:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _divmod(o, self)[1]

    def __divmod__(self, other: object) -> tuple[int, Dyadic]:
        """``(self // other, self % other)``.

        >>> divmod(Dyadic(7, 2), Dyadic(3, 4))
        (4, 1/2)
        """
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return _divmod(self, o)

    def __rdivmod__(self, other: object) -> tuple[int, Dyadic]:
        o = _coerce(other)
        if o is None:
            return NotImplemented  # type: ignore[no-any-return]
        quotient, rest = _divmod(o, self)
        return quotient, rest

    def __neg__(self) -> Dyadic:
        return _make(-self._num, self._exp)

    def __pos__(self) -> Dyadic:
        return self

    def __abs__(self) -> Dyadic:
        return self if self._num >= 0 else -self

    def half(self) -> Dyadic:
        """The value divided by two.

        >>> Dyadic(3, 4).half()
        3/8
        """
        return _make(self._num, self._exp + 1)

    @overload
    def __round__(self, ndigits: None = None) -> int: ...
    @overload
    def __round__(self, ndigits: int) -> Fraction: ...
    def __round__(self, ndigits: int | None = None) -> int | Fraction:
        """``round(d)``: the nearest int, ties to even (as ``round(Fraction)``);
        ``round(d, n)``: the nearest multiple of ``10**-n`` as a
        :class:`~fractions.Fraction` (it need not be dyadic).

        >>> round(Dyadic(5, 2)), round(Dyadic(7, 2)), round(Dyadic(-5, 2)), round(Dyadic(1, 8), 1)
        (2, 4, -2, Fraction(1, 10))
        """
        if ndigits is None:
            if self._exp == 0:
                return self._num
            floor = self._num >> self._exp
            twice = (self._num - (floor << self._exp)) << 1  # twice the fractional part, scaled
            half = 1 << self._exp
            if twice > half or (twice == half and floor & 1):
                return floor + 1
            return floor
        return round(self.as_fraction(), ndigits)

    def __floor__(self) -> int:
        return self._num >> self._exp

    def __ceil__(self) -> int:
        return -((-self._num) >> self._exp)

    def __trunc__(self) -> int:
        return self.__floor__() if self._num >= 0 else self.__ceil__()

    def __int__(self) -> int:
        return self.__trunc__()

    def __float__(self) -> float:
        return float(self.as_fraction())

    def __complex__(self) -> complex:
        return complex(float(self))

    def __index__(self) -> int:
        """The value as an int, for an integer only (``range(Dyadic(3))``).

        >>> import operator
        >>> operator.index(Dyadic(6, 2))
        3
        >>> operator.index(Dyadic(1, 2))
        Traceback (most recent call last):
        ...
        cgt.errors.WrongType: 1/2 is not an integer; use math.floor(), math.ceil() or round()
        """
        if self._exp:
            raise WrongType(f"{self} is not an integer; use math.floor(), math.ceil() or round()")
        return self._num

    @property
    def real(self) -> Dyadic:
        """The value itself (the real part, as for every real number).

        >>> Dyadic(3, 4).real, Dyadic(3, 4).imag
        (3/4, 0)
        """
        return self

    @property
    def imag(self) -> int:
        """``0`` (the imaginary part).

        >>> Dyadic(3, 4).imag
        0
        """
        return 0

    def conjugate(self) -> Dyadic:
        """The value itself (a real number is its own conjugate).

        >>> Dyadic(-3, 4).conjugate()
        -3/4
        """
        return self

    def __bool__(self) -> bool:
        return self._num != 0

    # --- comparison and hashing ----------------------------------------------
    def _cmp(self, other: object) -> int | None:
        o = _coerce(other)
        if o is None:
            if isinstance(other, float):
                if math.isnan(other):
                    return 2  # unordered: every comparison is False
                if math.isinf(other):
                    return -1 if other > 0 else 1
                o = Dyadic(other)
            elif isinstance(other, Fraction):
                f = self.as_fraction()
                return (f > other) - (f < other)
            else:
                return None
        a, ea, b, eb = self._num, self._exp, o._num, o._exp
        if ea > eb:
            b <<= ea - eb
        elif eb > ea:
            a <<= eb - ea
        return (a > b) - (a < b)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dyadic):
            return self._num == other._num and self._exp == other._exp
        c = self._cmp(other)
        return NotImplemented if c is None else c == 0

    def __lt__(self, other: object) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c == -1

    def __le__(self, other: object) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c in (-1, 0)

    def __gt__(self, other: object) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c == 1

    def __ge__(self, other: object) -> bool:
        c = self._cmp(other)
        return NotImplemented if c is None else c in (0, 1)

    def __hash__(self) -> int:
        if self._exp == 0:
            return hash(self._num)
        # The CPython numeric hash: n * inverse(2**k) modulo 2**61 - 1, where
        # the inverse of 2 is 2**60 because 2**61 == 1 (mod 2**61 - 1).
        h = (abs(self._num) % _HASH_MODULUS) * pow(2, (-self._exp) % 61, _HASH_MODULUS)
        h %= _HASH_MODULUS
        if self._num < 0:
            h = -h
        return -2 if h == -1 else h

    def __reduce__(self) -> tuple[Any, ...]:
        return (Dyadic.from_exponent, (self._num, self._exp))

    def __repr__(self) -> str:
        # Every value of the library shows as its notation (``3/4``, as a game
        # equal to it shows), not as a constructor call.
        return str(self)

    def __str__(self) -> str:
        if self._exp == 0:
            return int_to_str(self._num)
        return f"{int_to_str(self._num)}/{int_to_str(1 << self._exp)}"

    def __format__(self, spec: str) -> str:
        if spec in ("", "s"):
            return str(self)
        if spec == "u":
            return _unicode(self)
        if spec == "latex":
            if self._exp == 0:
                return int_to_str(self._num)
            sign = "-" if self._num < 0 else ""
            num, den = int_to_str(abs(self._num)), int_to_str(1 << self._exp)
            return f"{sign}\\frac{{{num}}}{{{den}}}"
        return format(float(self), spec)


_VULGAR = {
    (1, 2): "½",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 8): "⅛",
    (3, 8): "⅜",
    (5, 8): "⅝",
    (7, 8): "⅞",
}


def _unicode(d: Dyadic) -> str:
    if d._exp == 0:
        return int_to_str(d._num) if d._num >= 0 else "−" + int_to_str(-d._num)
    sign = "−" if d._num < 0 else ""
    n, den = abs(d._num), 1 << d._exp
    whole, rest = divmod(n, den)
    glyph = _VULGAR.get((rest, den))
    if glyph is not None:
        return f"{sign}{int_to_str(whole) if whole else ''}{glyph}"
    return f"{sign}{int_to_str(n)}/{int_to_str(den)}"


def _divmod(a: Dyadic, b: Dyadic) -> tuple[int, Dyadic]:
    if b._num == 0:
        raise DivisionByZero(f"division of {a} by zero")
    e = max(a._exp, b._exp)
    q = (a._num << (e - a._exp)) // (b._num << (e - b._exp))
    return q, a - b * q


def _divide(a: Dyadic, b: Dyadic) -> Dyadic:
    if b._num == 0:
        raise DivisionByZero(f"division of {a} by zero")
    return Dyadic(a.as_fraction() / b.as_fraction())


def _make(num: int, exp: int) -> Dyadic:
    d = object.__new__(Dyadic)
    if num == 0:
        exp = 0
    elif exp > 0 and not num & 1:
        tz = (num & -num).bit_length() - 1
        if tz >= exp:
            num >>= exp
            exp = 0
        else:
            num >>= tz
            exp -= tz
    d._num = num
    d._exp = exp
    return d


def _coerce(value: object) -> Dyadic | None:
    if isinstance(value, Dyadic):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return _make(value, 0)
    return None


numbers.Rational.register(Dyadic)


def to_dyadic(value: DyadicLike | str) -> Dyadic:
    """Convert an int, Fraction, string or Dyadic to a :class:`Dyadic`.

    >>> to_dyadic("-3/8"), to_dyadic(5)
    (-3/8, 5)
    """
    if isinstance(value, Dyadic):
        return value
    return Dyadic(value)


def simplest_between(
    low: DyadicLike | None, high: DyadicLike | None, *, strict: bool = True
) -> Dyadic:
    """The simplest dyadic rational ``x`` with ``low < x < high``.

    This is the simplicity theorem: ``{a|b}`` with numbers ``a < b`` equals the
    number of smallest birthday strictly between them: zero if it fits, else
    the integer closest to zero, else the fraction with the smallest
    denominator.  ``None`` stands for an open end (minus or plus infinity).
    With ``strict=False`` the ends themselves are allowed.

    >>> simplest_between(-2, 5), simplest_between(1, 4)
    (0, 2)
    >>> simplest_between(Dyadic(-25, 32), Dyadic(-15, 32))
    -1/2
    >>> simplest_between(Dyadic(3, 4), Dyadic(27, 8)), simplest_between(None, -1)
    (1, -2)
    >>> simplest_between(1, 1)
    Traceback (most recent call last):
    ...
    cgt.dyadic.NotDyadic: no number lies strictly between 1 and 1
    """
    lo = None if low is None else to_dyadic(low)
    hi = None if high is None else to_dyadic(high)
    if lo is not None and hi is not None:
        if lo > hi or (strict and lo == hi):
            raise NotDyadic(f"no number lies strictly between {lo} and {hi}")
        if not strict and lo == hi:
            return lo
    if not strict:
        # Allowing the ends is the same as widening them by an infinitesimal
        # amount, except that an end may itself be the simplest answer.
        best = simplest_between(lo, hi, strict=True) if lo != hi else lo
        assert best is not None
        for end in (lo, hi):
            if end is not None and _simpler(end, best):
                best = end
        return best
    if lo is not None and lo >= 0:
        return _simplest_above(lo, hi)
    if hi is not None and hi <= 0:
        return -_simplest_above(-hi, None if lo is None else -lo)
    return _make(0, 0)


def _simplest_above(lo: Dyadic, hi: Dyadic | None) -> Dyadic:
    """Simplest x with 0 <= lo < x < hi (integer arithmetic only)."""
    num, exp = lo._num, lo._exp
    n = (num >> exp) + 1  # floor(lo) + 1
    if hi is None or (n << hi._exp) < hi._num:  # n < hi
        return _make(n, 0)
    hn, he = hi._num, hi._exp
    k = 1
    while True:
        m = ((num << k) >> exp) + 1  # floor(lo * 2**k) + 1
        if (m << he) < (hn << k):  # m / 2**k < hi
            return _make(m, k)
        k += 1


def _simpler(a: Dyadic, b: Dyadic) -> bool:
    """True if ``a`` is strictly simpler (earlier born) than ``b``."""
    return number_birthday(a) < number_birthday(b)


def number_birthday(x: Dyadic) -> int:
    """The birthday of the number ``x``: the day the surreal number is born.

    An integer ``n`` is born on day ``|n|``; ``m/2**k`` (odd ``m``, ``k >= 1``)
    on day ``floor(|x|) + 1 + k``.

    >>> number_birthday(Dyadic(3)), number_birthday(Dyadic(3, 4)), number_birthday(Dyadic(-5, 2))
    (3, 3, 4)
    """
    if x._exp == 0:
        return abs(x._num)
    return (abs(x._num) >> x._exp) + 1 + x._exp
