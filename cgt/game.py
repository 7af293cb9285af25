"""The value type: :class:`Game`, a short partizan game in canonical form.

Games are immutable and interned: two equal games are the same object, so
``==`` and ``hash`` cost O(1).  Arithmetic and order follow Conway: Left is
positive.

>>> import cgt
>>> g = cgt.Game([cgt.zero], [cgt.star])     # {0|*}
>>> g, g == cgt.up, g > 0, g < cgt.number("1/64")
(^, True, True, True)
>>> cgt.Game([-2, 1, 3], [0, 1, 5])
{3|0}
"""

from __future__ import annotations

import enum
import math
import numbers
import operator
import re
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Union, overload

from . import canonical as _engine
from ._cache import BoundedCache
from ._deep import deep
from ._digits import count_text
from ._options import Options
from .dyadic import Dyadic, DyadicLike, NotDyadic
from .errors import (
    CGTError,
    InvalidArgument,
    InvalidNimber,
    NotANumber,
    NotImpartial,
    TooLarge,
    WrongType,
)
from .surreal import Surreal, register_short_game_type

if TYPE_CHECKING:  # pragma: no cover
    import sympy

    from .atomic import UptimalExpansion
    from .impartial.misere_canonical import MisereGame
    from .thermograph import Thermograph
    from .tree import GameTree

__all__ = [
    "Game",
    "GameLike",
    "Outcome",
    "OutcomeWord",
    "Relation",
    "down",
    "miny",
    "nimber",
    "number",
    "star",
    "switch",
    "tiny",
    "to_game",
    "up",
    "zero",
]


# --- the façade -----------------------------------------------------------------
# Game's methods that compute with the theory *above* the value type (printing
# and reading, temperature theory, atomic weights, products, misère theory) do
# not import it: each looks its function up in this one table, which
# ``cgt._facade`` fills when ``cgt`` is imported.  It is the only upward edge
# of the package (docs/guide/architecture.rst; tests/test_layers.py checks it).

THEORY_METHODS: frozenset[str] = frozenset(
    {
        # temperature theory (cgt.temperature)
        "mean",
        "temperature",
        "thermograph",
        "cool",
        "freeze",
        "heat",
        "overheat",
        "incentives",
        "is_even_tempered",
        "is_odd_tempered",
        # atomic weight and reduced forms (cgt.atomic)
        "atomic_weight",
        "is_atomic",
        "reduced",
        "uptimal_expansion",
        # products (cgt.products)
        "ordinal_sum",
        "norton",
        "nim_multiply",
        "conway_product",
        "ordinal_product",
        # misère theory (cgt.impartial)
        "misere_outcome",
        "misere_canonical_form",
        # notation (cgt.notation, cgt.tree)
        "to_string",
        "to_unicode",
        "to_latex",
        "to_mathml",
        "parse",
        "parse_short",
        "tree",
        # structure of the canonical form (cgt.structure)
        "followers",
        "follower_count",
        "stop_count",
        "left_incentives",
        "right_incentives",
        "companion",
        "subordinate",
        "is_even",
        "is_odd",
        "is_ordinal",
        "is_uptimal",
        "is_number_tiny",
        "pow",
        "pow_to",
    }
)
"""The names of the façade table: what the theory above the value type provides to it."""

_THEORY: dict[str, Callable[..., Any]] = {}


def install_theory(table: Mapping[str, Callable[..., Any]]) -> None:
    """Fill the façade table through which Game's theory methods reach the theory.

    Called once by ``cgt._facade``; every name must be one of
    :data:`THEORY_METHODS`.

    >>> import cgt
    >>> from cgt import game
    >>> {'atomic_weight', 'cool', 'freeze', 'heat'} <= game.THEORY_METHODS
    True
    >>> game.install_theory({"no such method": print})
    Traceback (most recent call last):
      ...
    cgt.errors.InvalidArgument: 'no such method' is not in cgt.game.THEORY_METHODS
    """
    unknown = sorted(set(table) - THEORY_METHODS)
    if unknown:
        raise InvalidArgument(f"{unknown[0]!r} is not in cgt.game.THEORY_METHODS")
    _THEORY.update(table)


def _theory(name: str) -> Callable[..., Any]:
    """The façade table's function for ``name`` (a dict lookup once ``cgt`` is imported)."""
    found = _THEORY.get(name)
    if found is not None:
        return found
    # Not filled yet: cgt.game imported while cgt itself is still importing.
    # Importing the declared façade module fills the table.
    from . import _facade  # noqa: F401  (the one declared upward import)

    found = _THEORY.get(name)
    if found is None:
        raise CGTError(
            f"Game.{name} is not available: the façade table has no {name!r} "
            "(cgt._facade, which fills cgt.game's table of theory methods, did not provide it)"
        )
    return found


class Relation(enum.Enum):
    """How two games compare: exactly one of these holds.

    >>> import cgt
    >>> cgt.star.compare(cgt.zero), cgt.up.compare(cgt.zero)
    (Relation.CONFUSED, Relation.GREATER)
    """

    LESS = "<"
    EQUAL = "="
    GREATER = ">"
    CONFUSED = "||"

    def __repr__(self) -> str:
        return f"Relation.{self.name}"


class Outcome(str, enum.Enum):
    """The outcome class of a game: who wins with best play.

    * ``L``: Left wins whoever starts (``G > 0``);
    * ``R``: Right wins whoever starts (``G < 0``);
    * ``N``: the next player (the one to move, the *first* player) wins (``G || 0``);
    * ``P``: the previous player (the *second* player) wins (``G = 0``).

    This one type answers "who wins?" everywhere: partizan values and
    positions, impartial positions (``N`` or ``P``), misère play (the same
    letters under the misère rule) and rulesets with endings of their own.
    Rulesets that name the winner in their own words (Hexapawn's ``"white"``
    and ``"black"``, the chip games' ``"first"`` and ``"second"``) return a
    :class:`OutcomeWord`, a word that also equals the outcome class it means.

    >>> import cgt
    >>> cgt.star.outcome(), cgt.zero.outcome(), cgt.down.outcome()
    (Outcome.N, Outcome.P, Outcome.R)
    >>> cgt.Outcome.N == "N"      # members are also their letters
    True

    The words *next*/*first* and *previous*/*second* are aliases of ``N``
    and ``P`` when read (so are *left* and *right* for ``L`` and ``R``):

    >>> Outcome("first"), Outcome("Second"), Outcome("previous"), Outcome("left")
    (Outcome.N, Outcome.P, Outcome.P, Outcome.L)
    """

    L = "L"
    R = "R"
    N = "N"
    P = "P"

    @classmethod
    def _missing_(cls, value: object) -> Outcome | None:
        if isinstance(value, str):
            return _OUTCOME_WORDS.get(value.strip().lower())
        return None

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OutcomeWord):
            return other.outcome is self
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__


_OUTCOME_WORDS = {
    "l": Outcome.L,
    "r": Outcome.R,
    "n": Outcome.N,
    "p": Outcome.P,
    "left": Outcome.L,
    "right": Outcome.R,
    "next": Outcome.N,
    "first": Outcome.N,
    "previous": Outcome.P,
    "second": Outcome.P,
}


class OutcomeWord(str):
    """Who wins, in a ruleset's own words, knowing the :class:`Outcome` it means.

    Hexapawn's ``winner()`` says ``"white"`` or ``"black"``, a chip game's
    ``"first"`` or ``"second"``: those words are the rulesets' contract, so
    a :class:`OutcomeWord` *is* that ``str`` (it prints, compares and hashes as the
    word).  It also carries :attr:`outcome`, the outcome class of the position
    it was asked about, and compares equal to it, so one vocabulary works
    everywhere.  The same word may mean different classes: in Hexapawn
    White moves first from the start, so ``"white"`` is ``N`` there, but
    ``P`` in a position with Black to move.  ``"first"`` is always ``N`` and
    ``"second"`` always ``P``.

    >>> w = OutcomeWord("black", Outcome.P)
    >>> w, w == "black", w == Outcome.P, w.outcome
    ('black', True, True, Outcome.P)
    >>> w == Outcome.N, Outcome.P == w, w != Outcome.P
    (False, True, False)

    Equality with an :class:`Outcome` is a convenience that hashing cannot
    follow (``"black"`` and ``"P"`` hash differently): as a set member or a
    dictionary key a :class:`OutcomeWord` is its word; key by ``w.outcome`` to
    group by outcome class.

    >>> {"black": 1}[w], {Outcome.P: 1}[w.outcome]
    (1, 1)
    """

    outcome: Outcome
    """The outcome class the word means for the position asked about."""

    def __new__(cls, word: str, outcome: Outcome | str) -> OutcomeWord:
        if not isinstance(word, str):
            from .errors import WrongType

            raise WrongType(f"a OutcomeWord is a word (str), not {word!r}")
        try:
            kind = Outcome(outcome)
        except ValueError:
            from .errors import InvalidArgument

            raise InvalidArgument(
                f"{outcome!r} is not an outcome class: expected 'L', 'R', 'N' or 'P'"
            ) from None
        self = super().__new__(cls, word)
        self.outcome = kind
        return self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Outcome):
            return self.outcome is other
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return str.__repr__(self)

    def __reduce__(self) -> tuple[type[OutcomeWord], tuple[str, Outcome]]:
        return (OutcomeWord, (str(self), self.outcome))


GameLike = Union["Game", int, Dyadic, Fraction, str]
"""What the constructors accept as a game: a ``Game``, a number, or CGSuite text."""


class Game:
    """A short partizan game, always held in canonical form.

    ``Game(left, right)`` builds ``{left | right}`` from iterables of options;
    an option may be a :class:`Game`, an ``int``, a :class:`~cgt.Dyadic`, a
    :class:`~fractions.Fraction` or a string in CGSuite notation.  The result
    is the unique canonical (simplest) form, shared by every equal game.

    >>> Game([1], [-1])
    +-1
    >>> Game(["1/2"], [1])            # the simplicity theorem
    3/4
    >>> Game([0, "*"], [0]), Game([], [])
    (^*, 0)
    >>> Game([3], ["{2|1}"]).birthday()
    4
    """

    __slots__ = (
        "__weakref__",
        "_birthday",
        "_id",
        "_is_number",
        "_k",
        "_left",
        "_ls",
        "_m",
        "_neg",
        "_right",
        "_rs",
        "_small",
        "_x",
    )

    _id: int
    _left: tuple[Game, ...] | None
    _right: tuple[Game, ...] | None
    _x: Dyadic | None
    _k: int
    _m: int
    _ls: Dyadic
    _rs: Dyadic
    _birthday: int
    _small: bool
    _neg: Game | None
    _is_number: bool

    def __new__(cls, left: Iterable[GameLike] = (), right: Iterable[GameLike] = ()) -> Game:
        if isinstance(left, (str, bytes)) or isinstance(right, (str, bytes)):
            raise WrongType(
                "Game(left, right) takes iterables of options; use cgt.parse() for a string"
            )
        try:
            lefts = [to_game(o) for o in left]
            rights = [to_game(o) for o in right]
        except TypeError:
            for side in (left, right):  # the ABC test only on this error path
                if not isinstance(side, Iterable):
                    raise WrongType(
                        f"Game(left, right) takes iterables of options, not {type(side).__name__}"
                    ) from None
            raise
        if _has_big_nimber(lefts) or _has_big_nimber(rights):
            return _nimber_form(lefts, rights)
        return _canonical(lefts, rights)

    # --- structure -------------------------------------------------------------
    @property
    def left_options(self) -> Options[Game]:
        """Left's options in the canonical form.

        A tuple, which can also be called, as positions' ``left_options()``
        are (see :ref:`one-spelling`).

        >>> import cgt
        >>> cgt.parse("{-2,1,3|0,1,5}").left_options
        (3,)
        >>> cgt.parse("{1|-1}").left_options()
        (1,)
        """
        if self._left is None:
            _engine._lazy_options(self)
        assert self._left is not None
        return Options(_display_order(self._left))

    @property
    def right_options(self) -> Options[Game]:
        """Right's options in the canonical form (a callable tuple, as :attr:`left_options`).

        >>> import cgt
        >>> cgt.up.right_options, cgt.up.right_options()
        ((*,), (*,))
        """
        if self._right is None:
            _engine._lazy_options(self)
        assert self._right is not None
        return Options(_display_order(self._right))

    def nus_or_none(self) -> tuple[Dyadic, int, int] | None:
        """``(x, k, m)`` as :meth:`nus` gives it, or None when the game is not
        ``x + k.up + *m``; ``k == m == 0`` exactly when the game is the number ``x``.

        One call where :attr:`is_nus` then :meth:`nus` would be two: for the
        theory's walks over game trees, which ask this of every position.

        >>> import cgt
        >>> cgt.parse("1/2^^*3").nus_or_none(), cgt.parse("{1|-1}").nus_or_none()
        ((1/2, 2, 3), None)
        >>> cgt.number(-3).nus_or_none()
        (-3, 0, 0)
        """
        x = self._x
        if x is None:
            return None
        return x, self._k, self._m

    def raw_options(self) -> tuple[tuple[Game, ...], tuple[Game, ...]]:
        """``(left, right)``: both sides' canonical options as the engine keeps
        them, without the display sort of :attr:`left_options`.

        The fast way to walk a game tree when the order does not matter.

        >>> import cgt
        >>> g = cgt.parse("{-2,1,3|0,1,5}")
        >>> g.raw_options() == (g.left_options, g.right_options)
        True
        >>> [sorted(map(str, side)) for side in cgt.parse("{0,*|0,*}").raw_options()]
        [['*', '0'], ['*', '0']]
        """
        if self._left is None or self._right is None:
            _engine._lazy_options(self)
        assert self._left is not None and self._right is not None
        return self._left, self._right

    @property
    def serial(self) -> int:
        """A number naming this value among the values alive in this process.

        Equal games are one object, so they have one serial; the number is a
        cheap memo key for walks over game trees.  It is not stable across
        processes (pickles and stores never hold it).

        >>> import cgt
        >>> cgt.parse("{0|0}").serial == cgt.star.serial
        True
        >>> cgt.up.serial == cgt.down.serial
        False
        """
        return self._id

    def birthday(self) -> int:
        """The birthday: the height of the canonical game tree.

        >>> import cgt
        >>> cgt.zero.birthday(), cgt.star.birthday(), cgt.up.birthday(), cgt.number(-3).birthday()
        (0, 1, 2, 3)
        """
        return self._birthday

    # --- predicates ------------------------------------------------------------
    @property
    def is_number(self) -> bool:
        """True if the game equals a (dyadic) number.

        >>> import cgt
        >>> cgt.parse("{0|1}").is_number, cgt.star.is_number
        (True, False)
        """
        return self._is_number

    @property
    def is_nimber(self) -> bool:
        """True if the game is a nimber ``*n`` (including ``0``).

        >>> import cgt
        >>> cgt.parse("{0,*|0,*}").is_nimber, cgt.up.is_nimber
        (True, False)
        """
        x = self._x
        return x is not None and x._num == 0 and self._k == 0

    @property
    def is_impartial(self) -> bool:
        """True if the game equals an impartial game, i.e. it is a nimber.

        >>> import cgt
        >>> cgt.nimber(3).is_impartial, cgt.parse("{1|-1}").is_impartial
        (True, False)
        """
        return self.is_nimber

    @property
    def is_infinitesimal(self) -> bool:
        """True if ``-x < G < x`` for every positive number ``x`` (both stops are 0).

        Zero counts as infinitesimal.

        >>> import cgt
        >>> cgt.up.is_infinitesimal, cgt.star.is_infinitesimal
        (True, True)
        >>> cgt.number("1/1024").is_infinitesimal
        False
        """
        return self._ls._num == 0 and self._rs._num == 0

    @property
    def is_all_small(self) -> bool:
        """True if the canonical form is all-small (every non-terminal position
        has options for both players).

        >>> import cgt
        >>> cgt.up.is_all_small, cgt.parse("{0|-1}").is_all_small
        (True, False)
        """
        return self._small

    @property
    def is_nus(self) -> bool:
        """True if the game is ``x + k.up + *m`` for a number ``x`` and integers ``k, m``.

        >>> import cgt
        >>> cgt.parse("1/2^^*3").is_nus, cgt.parse("{1|-1}").is_nus
        (True, False)
        """
        return self._x is not None

    @property
    def is_integer(self) -> bool:
        """True if the game is an integer (CGSuite's ``IsInteger``).

        >>> import cgt
        >>> cgt.number(-3).is_integer, cgt.parse("{0|1}").is_integer, cgt.parse("2*").is_integer
        (True, False, False)
        """
        x = self._x
        return self._is_number and x is not None and x._exp == 0

    @property
    def is_numberish(self) -> bool:
        """True if the game is a number plus an infinitesimal: its stops are
        equal (CGSuite's ``IsNumberish``).

        >>> import cgt
        >>> cgt.parse("3/2^*").is_numberish, cgt.parse("{0||0|-1}").is_numberish
        (True, True)
        >>> cgt.parse("{3||2*|1*}").is_numberish
        False
        """
        return self._ls == self._rs

    def nus(self) -> tuple[Dyadic, int, int]:
        """``(x, k, m)`` with ``self == x + k.up + *m``; raises if not of that form.

        >>> import cgt
        >>> cgt.parse("-1v*2").nus()
        (-1, -1, 2)
        """
        if self._x is None:
            raise InvalidArgument(f"{self} is not of the form number + k.up + *m")
        return self._x, self._k, self._m

    def to_dyadic(self) -> Dyadic:
        """The number this game equals.

        >>> import cgt
        >>> cgt.parse("{1/2|1}").to_dyadic()
        3/4
        """
        if not self._is_number:
            raise NotANumber(f"{self} is not a number")
        assert self._x is not None
        return self._x

    def nim_value(self) -> int:
        """``n`` for the nimber ``*n``.

        >>> import cgt
        >>> cgt.parse("{0,*,*2|0,*,*2}").nim_value()
        3
        """
        if not self.is_nimber:
            raise NotImpartial(f"{self} is not impartial (not a nimber)")
        return self._m

    # --- the numbers tower, for games that are numbers ---------------------------
    # A number converts as the equal Fraction does; any other game raises
    # NotANumber (a ValueError and a TypeError) saying so.
    def _number_for(self, what: str) -> Dyadic:
        x = self._x
        if not self._is_number or x is None:
            raise NotANumber(f"{what} needs a number, and {self} is not a number")
        return x

    def __int__(self) -> int:
        """``int(g)`` for a number ``g``: truncated toward zero, as ``int(Fraction)``.

        >>> import cgt
        >>> int(cgt.number(5)), int(cgt.number("-7/2"))
        (5, -3)
        >>> int(cgt.up)
        Traceback (most recent call last):
        ...
        cgt.errors.NotANumber: int() needs a number, and ^ is not a number
        """
        return int(self._number_for("int()"))

    def __index__(self) -> int:
        """The integer a game equals (``range(number(3))``, ``operator.index``);
        a non-integer number raises :class:`~cgt.WrongType`.

        >>> import cgt, operator
        >>> operator.index(cgt.number(-4)), list(range(cgt.number(3)))
        (-4, [0, 1, 2])
        """
        return operator.index(self._number_for("an integer"))

    def __float__(self) -> float:
        """``float(g)`` for a number ``g`` (exact when it fits a float, else the nearest).

        >>> import cgt
        >>> float(cgt.number("1/2")), float(cgt.parse("{1|2}"))
        (0.5, 1.5)
        """
        return float(self._number_for("float()"))

    def __abs__(self) -> Game:
        """``abs(g)`` for a number ``g``, as a game.

        >>> import cgt
        >>> abs(cgt.number(-3)), abs(cgt.number("3/4"))
        (3, 3/4)
        """
        return _engine.make_number(abs(self._number_for("abs()")))

    @overload
    def __round__(self, ndigits: None = None) -> int: ...
    @overload
    def __round__(self, ndigits: int) -> Fraction: ...
    def __round__(self, ndigits: int | None = None) -> int | Fraction:
        """``round(g)``: the nearest int, ties to even; ``round(g, n)``: a
        :class:`~fractions.Fraction` (as ``round(Fraction)`` does).

        >>> import cgt
        >>> round(cgt.number("5/2")), round(cgt.number("7/2")), round(cgt.number("3/8"), 1)
        (2, 4, Fraction(2, 5))
        """
        x = self._number_for("round()")
        return round(x) if ndigits is None else round(x, ndigits)

    def __floor__(self) -> int:
        """``math.floor(g)`` for a number ``g``.

        >>> import cgt, math
        >>> x = cgt.number("-3/2")
        >>> math.floor(x), math.ceil(x), math.trunc(x)
        (-2, -1, -1)
        """
        return math.floor(self._number_for("math.floor()"))

    def __ceil__(self) -> int:
        return math.ceil(self._number_for("math.ceil()"))

    def __trunc__(self) -> int:
        return math.trunc(self._number_for("math.trunc()"))

    # --- order -----------------------------------------------------------------
    def compare(self, other: GameLike) -> Relation:
        """Compare with another game: LESS, EQUAL, GREATER or CONFUSED.

        >>> import cgt
        >>> cgt.parse("+-1").compare(cgt.star)
        Relation.CONFUSED
        >>> cgt.up.compare(cgt.zero), cgt.up.compare(cgt.parse("{0|*}"))
        (Relation.GREATER, Relation.EQUAL)
        """
        h = to_game(other)
        if self is h:
            return Relation.EQUAL
        a = _le(self, h)
        b = _le(h, self)
        if a:
            return Relation.LESS
        if b:
            return Relation.GREATER
        return Relation.CONFUSED

    def fuzzy(self, other: GameLike) -> bool:
        """True if the games are confused (incomparable): ``G || H`` (CGSuite writes
        ``G <> H``; see also :meth:`lf` and :meth:`gf`).

        >>> import cgt
        >>> cgt.star.fuzzy(0), cgt.up.fuzzy(0)
        (True, False)
        """
        return self.compare(other) is Relation.CONFUSED

    def lf(self, other: GameLike) -> bool:
        """True if this game is less than or confused with ``other``: ``G <| H``,
        that is not ``G >= H`` (CGSuite writes ``G <| H``; it writes ``G <> H`` for
        :meth:`fuzzy`, and ``G |> H`` for :meth:`gf`).

        >>> import cgt
        >>> cgt.star.lf(0), cgt.down.lf(0), cgt.up.lf(0), cgt.zero.lf(0)
        (True, True, False, False)
        """
        h = to_game(other)
        return self is not h and not _le(h, self)

    def gf(self, other: GameLike) -> bool:
        """True if this game is greater than or confused with ``other``: ``G |> H``,
        that is not ``G <= H`` (CGSuite's ``G |> H``; see :meth:`lf`).

        >>> import cgt
        >>> cgt.star.gf(0), cgt.up.gf(0), cgt.down.gf(0), cgt.zero.gf(0)
        (True, True, False, False)
        """
        h = to_game(other)
        return self is not h and not _le(self, h)

    def outcome(self) -> Outcome:
        """The outcome class (see :class:`Outcome`).

        >>> import cgt
        >>> cgt.parse("0 + * - 1 + 1/2 + 1/2").outcome()
        Outcome.N
        """
        relation = self.compare(zero)
        if relation is Relation.GREATER:
            return Outcome.L
        if relation is Relation.LESS:
            return Outcome.R
        if relation is Relation.EQUAL:
            return Outcome.P
        return Outcome.N

    def misere_outcome(self) -> Outcome:
        """The outcome class of this game's canonical *form* under misère play.

        Under misère play whoever cannot move **wins**.  Misère outcome is
        not a normal-play invariant: two forms of one value can differ, and a
        :class:`Game` always holds the canonical form, so this is the misère
        outcome of that form.  ``0`` is an N-position (the player to move
        cannot move, and wins); ``*`` is a P-position (the mover must move to
        ``0``, where the opponent cannot move and wins).  ``*2 + *2`` has
        value ``0``, and as a value it *is* the form ``0``; but the sum of the
        two forms, kept apart in a :class:`cgt.play.Sum`, is misère Nim with
        heaps 2 and 2, a P-position.  Positions of rulesets and sums keep
        their own forms: see :func:`cgt.play.misere_outcome`.

        >>> import cgt
        >>> cgt.zero.misere_outcome(), cgt.star.misere_outcome(), cgt.nimber(2).misere_outcome()
        (Outcome.N, Outcome.P, Outcome.N)
        >>> cgt.nimber(2) + cgt.nimber(2)
        0
        >>> (cgt.nimber(2) + cgt.nimber(2)).misere_outcome()
        Outcome.N
        >>> cgt.Sum(cgt.nimber(2), cgt.nimber(2)).misere_outcome()
        Outcome.P
        >>> cgt.number(1).misere_outcome(), cgt.up.misere_outcome()
        (Outcome.R, Outcome.R)
        """
        value: Outcome = _theory("misere_outcome")(self)
        return value

    def misere_canonical_form(self) -> MisereGame:
        """The misère canonical form of this impartial game's canonical *form*.

        See :func:`cgt.impartial.misere_canonical_form`.  Like the misère
        outcome it belongs to the form, and the canonical form of an impartial
        value is a nimber: ``*2 + *2`` is the form ``0``, whose misère form is
        ``*[0]``; the sum of the two heaps is ``*[2[2]]``.

        >>> import cgt
        >>> two = cgt.nimber(2)
        >>> two.misere_canonical_form(), (two + two).misere_canonical_form()
        (*[2], *[0])
        >>> two.misere_canonical_form() + two.misere_canonical_form()
        *[2[2]]
        >>> cgt.up.misere_canonical_form()
        Traceback (most recent call last):
          ...
        cgt.errors.NotImpartial: ^ is not impartial: it has no misère canonical form
        """
        value: MisereGame = _theory("misere_canonical_form")(self)
        return value

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Game):
            return self is other
        try:
            h = maybe_game(other)
        except CGTError:  # a foreign value that is no game (1/3, nan): unequal
            return False
        if h is None:
            return NotImplemented
        return self is h

    def __hash__(self) -> int:
        if self._is_number:
            return hash(self._x)
        return hash((Game, self._id))

    def __le__(self, other: object) -> bool:
        h = maybe_game(other)
        if h is None:
            return NotImplemented
        return _le(self, h)

    def __ge__(self, other: object) -> bool:
        h = maybe_game(other)
        if h is None:
            return NotImplemented
        return _le(h, self)

    def __lt__(self, other: object) -> bool:
        h = maybe_game(other)
        if h is None:
            return NotImplemented
        return self is not h and _le(self, h)

    def __gt__(self, other: object) -> bool:
        h = maybe_game(other)
        if h is None:
            return NotImplemented
        return self is not h and _le(h, self)

    def __bool__(self) -> bool:
        raise WrongType(
            "the truth value of a game is ambiguous; compare it, e.g. g > 0, or ask g.outcome()"
        )

    # --- arithmetic -------------------------------------------------------------
    def __add__(self, other: object) -> Game:
        h = maybe_game(other)
        if h is None:
            return NotImplemented
        return _add(self, h)

    __radd__ = __add__

    def __sub__(self, other: object) -> Game:
        h = maybe_game(other)
        if h is None:
            return NotImplemented
        return _add(self, _neg(h))

    def __rsub__(self, other: object) -> Game:
        h = maybe_game(other)
        if h is None:
            return NotImplemented
        return _add(h, _neg(self))

    def __neg__(self) -> Game:
        n = self._neg  # the engine caches the negative on the game: no call once known
        return n if n is not None else _neg(self)

    def __pos__(self) -> Game:
        return self

    def __mul__(self, n: object) -> Game:
        if isinstance(n, Game):
            if self.is_nimber and n.is_nimber:
                a, b = self._m, n._m
                raise WrongType(
                    f"{self} * {n}: a game times a game is not defined (g * n is the sum of "
                    f"n copies of g, for an int n); the nim product of nimbers is "
                    f"nimber({a}).nim_multiply(nimber({b})), or "
                    f"cgt.impartial.nim_product({a}, {b}) on their nim values"
                )
            raise WrongType(
                "g * h is defined for an int only (repeated sum); for the product of "
                "nimbers use g.nim_multiply(h) or cgt.impartial.nim_product(a, b); for "
                "Norton's product g.norton(u)"
            )
        if isinstance(n, bool) or not isinstance(n, int):
            return NotImplemented
        return _times(self, n)

    __rmul__ = __mul__

    # --- stops, temperature and all-small theory ------------------------------------
    # The algorithms live in cgt.temperature and cgt.atomic; these are thin
    # delegations so that the value type carries the whole public API.
    def left_stop(self) -> Dyadic:
        """Left's stop: the number reached when Left moves first and both
        players stop as soon as a number is reached.

        >>> import cgt
        >>> cgt.parse("{3||2*|1*}").left_stop(), cgt.parse("{1|-1}").left_stop()
        (3, 1)
        """
        return self._ls

    def right_stop(self) -> Dyadic:
        """Right's stop: like :meth:`left_stop` with Right moving first.

        >>> import cgt
        >>> cgt.parse("{3||2*|1*}").right_stop(), cgt.up.right_stop()
        (2, 0)
        """
        return self._rs

    def mean(self) -> Dyadic:
        """The mean value (the mast of the thermograph); ``mean(G + H) = mean(G) + mean(H)``.

        >>> import cgt
        >>> cgt.parse("{3||2*|1*}").mean(), cgt.parse("{3||2|1}").mean()
        (9/4, 9/4)
        """
        value: Dyadic = _theory("mean")(self)
        return value

    def temperature(self) -> Dyadic:
        """The temperature: ``-1/2^n`` for a number ``m/2^n`` (``-1`` for an
        integer), otherwise where the walls of the thermograph meet.

        >>> import cgt
        >>> cgt.parse("{3||2|1}").temperature(), cgt.number("25/16").temperature()
        (3/4, -1/16)
        """
        value: Dyadic = _theory("temperature")(self)
        return value

    def thermograph(self) -> Thermograph:
        """The thermograph, with exact walls (see :class:`cgt.Thermograph`).

        >>> import cgt
        >>> cgt.parse("{2|{1|0}}").thermograph()
        Thermograph(5/4,[3/4],[0,-1],5/4,[3/4,1/2],[0,1,0])
        """
        value: Thermograph = _theory("thermograph")(self)
        return value

    def cool(self, t: GameLike) -> Game:
        """This game cooled by the number ``t > -1``: ``{G^L_t - t | G^R_t + t}``
        until ``t`` passes the temperature, the mean from there on.

        >>> import cgt
        >>> g = cgt.parse("{3||2*|1*}")
        >>> g.cool("1/2"), g.cool("3/4"), g.cool(1)
        ({5/2|2*}, 9/4*, 9/4)
        """
        value: Game = _theory("cool")(self, t)
        return value

    def freeze(self) -> Game:
        """This game cooled by its own temperature (a number stays as it is).

        >>> import cgt
        >>> cgt.parse("{3||2*|1*}").freeze()
        9/4*
        """
        value: Game = _theory("freeze")(self)
        return value

    def heat(self, t: GameLike) -> Game:
        """This game heated by ``t`` (a number or any game, e.g. ``*``):
        numbers stay, otherwise ``{int G^L + t | int G^R - t}``.

        >>> import cgt
        >>> cgt.parse("{1/2|-1/2}").heat("1/2"), cgt.star.heat(1), cgt.parse("{1|0}").heat(1)
        (+-1, +-1, {2|-1})
        """
        value: Game = _theory("heat")(self, t)
        return value

    def overheat(self, s: GameLike, t: GameLike) -> Game:
        """This game overheated from ``s`` to ``t``: an integer ``n`` becomes
        ``n`` copies of ``s``, otherwise ``{int G^L + t | int G^R - t}``.

        >>> import cgt
        >>> cgt.number(2).overheat(cgt.up, 1), cgt.parse("{1|-1}").overheat(1, 1)
        (^^, +-2)
        """
        value: Game = _theory("overheat")(self, s, t)
        return value

    def incentives(self) -> tuple[Game, ...]:
        """The undominated incentives ``G^L - G`` and ``G - G^R``.

        >>> import cgt
        >>> cgt.up.incentives(), cgt.parse("{1|-1}").incentives()
        ((^*,), (1+-1,))
        """
        value: tuple[Game, ...] = _theory("incentives")(self)
        return value

    @property
    def is_even_tempered(self) -> bool:
        """True if a number, or every option is odd-tempered (Siegel II.5).

        >>> import cgt
        >>> cgt.number(3).is_even_tempered, cgt.parse("{1*|-1*}").is_even_tempered
        (True, True)
        """
        value: bool = _theory("is_even_tempered")(self)
        return value

    @property
    def is_odd_tempered(self) -> bool:
        """True if not a number and every option is even-tempered.

        >>> import cgt
        >>> cgt.star.is_odd_tempered, cgt.parse("{1|-1}").is_odd_tempered, cgt.up.is_odd_tempered
        (True, True, False)
        """
        value: bool = _theory("is_odd_tempered")(self)
        return value

    def atomic_weight(self) -> Game:
        """The atomic weight; raises :class:`cgt.NotAtomic` where undefined.

        >>> import cgt
        >>> cgt.up.atomic_weight(), cgt.nimber(8).atomic_weight()
        (1, 0)
        >>> cgt.parse("{1|^^||^}").atomic_weight()
        2
        """
        value: Game = _theory("atomic_weight")(self)
        return value

    @property
    def is_atomic(self) -> bool:
        """True if the atomic weight is defined.

        >>> import cgt
        >>> cgt.up.is_atomic, cgt.parse("{3||2*|1*}").is_atomic
        (True, False)
        """
        value: bool = _theory("is_atomic")(self)
        return value

    def reduced(self) -> Game:
        """The reduced canonical form: the simplest game infinitesimally close to this one.

        >>> import cgt
        >>> cgt.parse("{3||2*|1*}").reduced(), cgt.up.reduced()
        ({3||2|1}, 0)
        """
        value: Game = _theory("reduced")(self)
        return value

    def uptimal_expansion(self) -> UptimalExpansion | None:
        """``x + *m + sum a_i up^i`` as an :class:`~cgt.atomic.UptimalExpansion`, or None.

        >>> import cgt
        >>> print(cgt.parse("^^*").uptimal_expansion())
        *.2
        >>> cgt.parse("+-1").uptimal_expansion() is None
        True
        """
        value: UptimalExpansion | None = _theory("uptimal_expansion")(self)
        return value

    # --- structure of the canonical form (cgt.structure) ----------------------------
    def followers(self) -> tuple[Game, ...]:
        """Every follower of the canonical form, itself included, simplest first
        (CGSuite's ``Followers``); see :func:`cgt.structure.followers`.

        >>> import cgt
        >>> cgt.up.followers(), cgt.parse("^*").followers()
        ((0, *, ^), (0, *, ^*))
        """
        value: tuple[Game, ...] = _theory("followers")(self)
        return value

    def follower_count(self) -> int:
        """How many distinct followers the canonical form has, itself included
        (CGSuite's ``FollowerCount``).

        >>> import cgt
        >>> cgt.number(5).follower_count(), cgt.nimber(8).follower_count()
        (6, 9)
        """
        value: int = _theory("follower_count")(self)
        return value

    def stop_count(self) -> int:
        """The number of stopping positions (numbers) in the complete game tree of
        the canonical form (CGSuite's ``StopCount``); see :func:`cgt.structure.stop_count`.

        >>> import cgt
        >>> cgt.star.stop_count(), cgt.parse("^*6").stop_count()
        (2, 1459)
        """
        value: int = _theory("stop_count")(self)
        return value

    def left_incentives(self) -> tuple[Game, ...]:
        """Left's incentives ``G^L - G`` (CGSuite's ``LeftIncentives``); see
        :func:`cgt.structure.left_incentives`.

        >>> import cgt
        >>> cgt.up.left_incentives(), cgt.parse("{0||0|-3/2}").left_incentives()
        ((v,), (Miny(3/2),))
        """
        value: tuple[Game, ...] = _theory("left_incentives")(self)
        return value

    def right_incentives(self) -> tuple[Game, ...]:
        """Right's incentives ``G - G^R`` (CGSuite's ``RightIncentives``); see
        :func:`cgt.structure.right_incentives`.

        >>> import cgt
        >>> cgt.up.right_incentives(), cgt.parse("^*6").right_incentives()
        ((^*,), (^*,))
        """
        value: tuple[Game, ...] = _theory("right_incentives")(self)
        return value

    def companion(self) -> Game:
        """The companion ``G°`` (CGSuite's ``Companion``; Siegel III.2); see
        :func:`cgt.structure.companion`.

        >>> import cgt
        >>> cgt.zero.companion(), cgt.up.companion(), cgt.up.companion().companion()
        (*, ^*, ^)
        """
        value: Game = _theory("companion")(self)
        return value

    def subordinate(self, base: GameLike) -> Game:
        """The ``H`` with ``self == base.ordinal_sum(H)`` (CGSuite's
        ``Subordinate``); raises :class:`cgt.structure.NotSubordinate` when there
        is none.  See :func:`cgt.structure.subordinate`.

        >>> import cgt
        >>> cgt.parse("3/8").subordinate(1), cgt.star.ordinal_sum(cgt.up).subordinate(cgt.star)
        (-3/2, ^)
        """
        value: Game = _theory("subordinate")(self, base)
        return value

    @property
    def is_even(self) -> bool:
        """True if the canonical form is even: every option is odd (CGSuite's
        ``IsEven``, after Conway, ONAG); see :func:`cgt.structure.is_even`.

        >>> import cgt
        >>> cgt.number(2).is_even, cgt.parse("1*").is_even, cgt.star.is_even
        (True, True, False)
        """
        value: bool = _theory("is_even")(self)
        return value

    @property
    def is_odd(self) -> bool:
        """True if the canonical form is odd: it has an option and every option is
        even (CGSuite's ``IsOdd``); see :func:`cgt.structure.is_odd`.

        >>> import cgt
        >>> cgt.star.is_odd, cgt.number(3).is_odd, cgt.zero.is_odd
        (True, True, False)
        """
        value: bool = _theory("is_odd")(self)
        return value

    @property
    def is_ordinal(self) -> bool:
        """True if Right has no move in any follower: an integer ``n >= 0``
        (CGSuite's ``IsOrdinal``).

        >>> import cgt
        >>> cgt.number(5).is_ordinal, cgt.number(-1).is_ordinal
        (True, False)
        """
        value: bool = _theory("is_ordinal")(self)
        return value

    @property
    def is_uptimal(self) -> bool:
        """True if the game has an uptimal expansion (CGSuite's ``IsUptimal``).

        >>> import cgt
        >>> cgt.parse("{0||0|v*}").is_uptimal, cgt.parse("{0||0|vvv}").is_uptimal
        (True, False)
        """
        value: bool = _theory("is_uptimal")(self)
        return value

    @property
    def is_number_tiny(self) -> bool:
        """True if a number, or a number plus a tiny or a miny (CGSuite's
        ``IsNumberTiny``); see :func:`cgt.structure.is_number_tiny`.

        >>> import cgt
        >>> (2 + cgt.tiny(1)).is_number_tiny, cgt.up.is_number_tiny
        (True, False)
        """
        value: bool = _theory("is_number_tiny")(self)
        return value

    def pow(self, x: GameLike) -> Game:
        """The power ``G^x`` of a base ``G = {0 | H}`` (CGSuite's ``Pow``):
        ``{0 | H - G^[x-1]}``; for ``up`` it is Conway's ``up^n``, printed ``^<n>``.
        See :func:`cgt.structure.pow`.

        >>> import cgt
        >>> cgt.up.pow(3), cgt.tiny(2).pow(2)
        (^<3>, {0||0|-2,-1+-1})
        """
        value: Game = _theory("pow")(self, x)
        return value

    def pow_to(self, x: GameLike) -> Game:
        """The cumulative power ``G^[x]`` (CGSuite's ``PowTo``), the ordinal sum
        ``G : (x - 1)`` for an integer ``x >= 1``; for ``up`` it is
        ``up + up^2 + ... + up^x``, printed ``^[x]``.  See :func:`cgt.structure.pow_to`.

        >>> import cgt
        >>> cgt.up.pow_to(3), cgt.star.pow_to(3)
        (^[3], ^[2]*)
        """
        value: Game = _theory("pow_to")(self, x)
        return value

    def ordinal_sum(self, h: GameLike) -> Game:
        """The ordinal sum ``G : H`` (moving in this base game annihilates ``H``).

        >>> import cgt
        >>> cgt.star.ordinal_sum(cgt.star), cgt.number(1).ordinal_sum(-1)
        (*2, 1/2)
        """
        value: Game = _theory("ordinal_sum")(self, h)
        return value

    def norton(self, u: GameLike) -> Game:
        """Norton's product ``G.U`` for a positive unit ``U``.

        >>> import cgt
        >>> cgt.number(3).norton(cgt.up), cgt.parse("1/2").norton(cgt.up)
        (^3, {^^*|v*})
        """
        value: Game = _theory("norton")(self, u)
        return value

    def nim_multiply(self, h: GameLike) -> Game:
        """Conway's product of nimbers (nim-multiplication): ``*a x *b``.

        >>> import cgt
        >>> cgt.nimber(2).nim_multiply(cgt.nimber(3)), cgt.nimber(8).nim_multiply("*8")
        (*, *13)
        """
        value: Game = _theory("nim_multiply")(self, h)
        return value

    def conway_product(self, h: GameLike) -> Game:
        """Conway's product ``G.H`` of canonical forms (CGSuite's ``ConwayProduct``).

        >>> import cgt
        >>> cgt.parse("3/4").conway_product("1/2"), cgt.nimber(5).conway_product("*6")
        (3/8, *8)
        """
        value: Game = _theory("conway_product")(self, h)
        return value

    def ordinal_product(self, h: GameLike) -> Game:
        """The ordinal product ``G (x) H`` (CGSuite's ``OrdinalProduct``): ``G``
        substituted for each blue edge of the stalk ``H``, ``-G`` for each red one.

        >>> import cgt
        >>> cgt.parse("1/2").ordinal_product("1/4"), cgt.nimber(5).ordinal_product("*6")
        (11/32, *30)
        """
        value: Game = _theory("ordinal_product")(self, h)
        return value

    # --- notation ---------------------------------------------------------------
    def __str__(self) -> str:
        value: str = _theory("to_string")(self)
        return value

    def __repr__(self) -> str:
        """``str(g)``; a game whose text is over :func:`cgt.text_limit` gets a
        summary instead (in angle brackets: not a text to parse).

        >>> import cgt
        >>> g = cgt.parse("+".join("{%d|{%d|-%d}}" % (k, k - 1, k) for k in range(1, 9)))
        >>> old = cgt.text_limit(); cgt.set_text_limit(1000)
        >>> g
        <game born on day 52: its text has 27,553 characters, 5,946 with its shared subgames named>
        >>> cgt.set_text_limit(old)
        """
        try:
            return str(self)
        except TooLarge as err:
            full, named = getattr(err, "sizes", (0, 0))
            return (
                f"<game born on day {self._birthday}: its text has {count_text(full)} characters, "
                f"{count_text(named)} with its shared subgames named>"
            )

    def __format__(self, spec: str) -> str:
        found = _FORMAT_SPEC.fullmatch(spec)
        if found is None:
            raise InvalidArgument(
                f"unknown format {spec!r} for a game: "
                "use [[fill]align][width] then '', 'u' or 'latex'"
            )
        align, kind = found.group(1), found.group(2)
        writer = _theory({"u": "to_unicode", "latex": "to_latex"}.get(kind, "to_string"))
        return format(writer(self), align)

    def _repr_latex_(self) -> str | None:
        try:
            return f"${_theory('to_latex')(self)}$"
        except TooLarge:  # Jupyter then shows repr(g), a summary
            return None

    def _repr_html_(self) -> str | None:
        # MathML, which browsers draw with no script: an HTML export of a notebook reads
        # right offline (a LaTeX export uses _repr_latex_)
        try:
            text: str = _theory("to_mathml")(self)
            return text
        except TooLarge:
            return None

    def tree(self, depth: int | None = None, max_nodes: int = 300) -> GameTree:
        """The game tree of the canonical form, as a picture (Jupyter draws it).

        A game displays as its value; ``g.tree()`` draws its tree, Left's
        options on blue edges to the left, Right's on red edges to the right.
        ``depth`` limits the number of levels drawn.

        >>> import cgt
        >>> cgt.parse("{1|*}").tree()
        GameTree({1|*}, 6 nodes)
        """
        value: GameTree = _theory("tree")(self, depth, max_nodes)
        return value

    def _sympy_(self) -> sympy.Rational:
        """Convert a number to :class:`sympy.Rational`.

        >>> import sympy, cgt
        >>> sympy.sympify(cgt.number("3/4"))
        3/4
        """
        if not self._is_number:
            import sympy

            # sympy's protocol for "cannot convert": its operators then return
            # NotImplemented and Python asks the game (which raises, or is unequal).
            raise sympy.SympifyError(self)
        return self.to_dyadic()._sympy_()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle, (str(self),))


def _unpickle(text: str) -> Game:
    value: Game = _theory("parse_short")(text)
    return value


_engine._bind(Game)
register_short_game_type(Game)  # surreal numbers compare with short games by their stops

_le = deep(_engine.le)
_add = deep(_engine.add)
_neg = deep(_engine.negate)
_canonical = deep(_engine.canonical_form)


def _display_order(options: tuple[Game, ...]) -> tuple[Game, ...]:
    if len(options) < 2:
        return options
    return tuple(sorted(options, key=_display_key))


def _display_key(g: Game) -> tuple[int, int, str]:
    # Simpler games first; ties broken by the printed form, so the order does
    # not depend on the order in which games happened to be created.
    try:
        text = _theory("to_string")(g)
    except TooLarge:  # a text over cgt.text_limit(): after every other
        text = "\U0010ffff"
    return (g._birthday, 0 if g._is_number else 1, text)


_GROWTH_LIMIT = 1 << 12
_up_nth: BoundedCache[int, Game] = BoundedCache("atomic.up_nth")
_up_sum: BoundedCache[int, Game] = BoundedCache("atomic.up_sum")
"""``n * G`` raises :class:`TooLarge` when the canonical form of the doublings
``2**j.G`` keeps growing and ``n`` would take it past about this birthday."""


def _times(g: Game, n: int) -> Game:
    if n < 0:
        return _times(_neg(g), -n)
    if g._x is not None:
        return _engine.make_nus(g._x * n, g._k * n, g._m if n & 1 else 0)
    result = zero
    power = g
    copies = n
    while n:
        if n & 1:
            result = _add(result, power)
        n >>= 1
        if n:
            doubled = _add(power, power)
            grown = doubled._x is None and doubled._birthday > power._birthday
            if grown and doubled._birthday * n > _GROWTH_LIMIT:
                raise TooLarge(
                    f"{_big(copies)} * {g}: the canonical forms of its doublings keep "
                    f"growing (birthday {power._birthday} -> {doubled._birthday}), so the "
                    f"product would be born around day {_big(doubled._birthday * n)}; "
                    f"too large to build"
                )
            power = doubled
    return result


def _big(n: int) -> str:
    """``n`` as ``2**e`` when a large power of two (for messages)."""
    if n >= 1 << 16 and n & (n - 1) == 0:
        return f"2**{n.bit_length() - 1}"
    return str(n)


# --- guards and shortcuts for huge nimbers and nus values ---------------------------
_BIG_NIMBER = 64
"""Forms with a nimber option above ``*64`` and only nimber options are
canonicalised in closed form (:func:`_nimber_form`), without listing options."""


def _is_nim(g: Game) -> bool:
    x = g._x
    return x is not None and x._num == 0 and g._k == 0


def _has_big_nimber(options: list[Game]) -> bool:
    # on every Game(): a plain loop (faster than any() over a generator)
    for o in options:  # noqa: SIM110
        if o._m > _BIG_NIMBER and _is_nim(o):
            return True
    return False


def _nimber_form(left: list[Game], right: list[Game]) -> Game:
    """The canonical form of ``{*a, ... | *b, ...}`` without listing any nimber's options.

    With ``A``, ``B`` the sets of nim values, ``*i <= G`` iff ``i`` is not in
    ``B`` and no ``*h >= G`` for ``h < i``; ``*i >= G`` iff ``i`` is not in ``A``
    and no ``*h <= G`` for ``h < i`` (distinct nimbers are confused).  The
    first ``i`` where either holds is at most ``min(|A|, |B|)``, and then the
    Left options ``*a`` with ``a > i`` reverse (through ``*i <= G``) to
    ``*0 .. *(i-1)``, the Right ones likewise.  Nimbers never dominate each
    other.  Forms with other options go to the engine.
    """
    if not all(_is_nim(o) for o in left) or not all(_is_nim(o) for o in right):
        return _canonical(left, right)
    a_set = {o._m for o in left}
    b_set = {o._m for o in right}
    while True:
        first_le = first_ge = None
        for i in range(min(len(a_set), len(b_set)) + 1):
            le_i, ge_i = i not in b_set, i not in a_set
            if le_i or ge_i:
                first_le = i if le_i else None
                first_ge = i if ge_i else None
                break
        new_a = _reverse_nimbers(a_set, first_le)
        new_b = _reverse_nimbers(b_set, first_ge)
        if new_a == a_set and new_b == b_set:
            break
        a_set, b_set = new_a, new_b
    if max(a_set | b_set, default=0) <= _BIG_NIMBER:
        return _canonical([nimber(a) for a in a_set], [nimber(b) for b in b_set])
    lt = tuple(nimber(a) for a in sorted(a_set))
    rt = tuple(nimber(b) for b in sorted(b_set))
    found = _engine._recognise_nus(lt, rt)
    return found if found is not None else _engine._intern_general(lt, rt)


def _reverse_nimbers(values: set[int], through: int | None) -> set[int]:
    if through is None:
        return values
    kept = {v for v in values if v <= through}
    return kept | set(range(through)) if len(kept) < len(values) else values


_FORMAT_SPEC = re.compile(r"((?:.?[<>^])?[0-9]*)(|s|a|u|latex)", re.S)


def maybe_game(value: object) -> Game | None:
    """``value`` as a game if it is one or a number (else ``None``); numbers that
    are not dyadic (``Fraction(1, 3)``, ``nan``) raise a :class:`~cgt.CGTError`.

    Unlike :func:`to_game` it reads no text: operators and other value types
    (loopy games) use it to tell a short game or number from anything else.

    >>> maybe_game(3), maybe_game(star), maybe_game("3"), maybe_game(True)
    (3, *, None, None)
    >>> maybe_game(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    cgt.dyadic.NotDyadic: 1/3 is not a dyadic rational: the denominator 3 is not a power of two
    """
    if isinstance(value, Game):
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Dyadic, Fraction, float, Decimal, numbers.Rational)):
        return _dyadic_number(value)  # type: ignore[arg-type]
    if hasattr(type(value), "__index__"):  # integer types of numpy and others
        return _dyadic_number(operator.index(value))  # type: ignore[arg-type]
    return None


def to_game(value: GameLike) -> Game:
    """Convert a Game, int, Dyadic, Fraction or CGSuite string to a :class:`Game`.

    >>> to_game(3), to_game("^*"), to_game(Fraction(1, 2))
    (3, ^*, 1/2)
    """
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        read = _theory("parse")(value)
        if not isinstance(read, Game):
            raise WrongType(f"{value!r} is a loopy game, not a short one; use cgt.parse()")
        return read
    g = maybe_game(value)
    if g is None:
        raise WrongType(f"cannot make a game from {type(value).__name__} {value!r}")
    return g


@overload
def number(x: int | Dyadic | float | str | Game) -> Game: ...
@overload
def number(x: Fraction | Decimal) -> Game | Surreal: ...
def number(x: DyadicLike | str | Game) -> Game | Surreal:
    """The game equal to the dyadic number ``x``; for any other finite rational,
    the surreal number (:class:`cgt.surreal.Surreal`), which no short game equals.

    ``x`` may be anything :class:`~cgt.Dyadic` accepts: an int (or another
    integer type), a string, a Fraction, :class:`~decimal.Decimal` or other
    rational whose denominator is a power of two, or a finite float (converted
    exactly: every finite float is dyadic).  ``nan`` and infinities raise
    :class:`~cgt.NotDyadic`, as does text that is not dyadic.  A rational
    ``Fraction`` or ``Decimal`` that is not dyadic gives a
    :class:`~cgt.surreal.Surreal`, born on day ω; it is not a :class:`Game`
    (games, :func:`to_game` and arithmetic with games keep raising
    :class:`~cgt.NotDyadic` for it).

    >>> number(3), number("-3/8"), number(Dyadic(1, 2)) + number("1/2"), number(0.75)
    (3, -3/8, 1, 3/4)
    >>> from decimal import Decimal
    >>> number(-2.5), number(Decimal("0.125")), cgt.up + 1.5
    (-5/2, 1/8, 3/2^)
    >>> third = number(Fraction(1, 3)); third, type(third).__name__, third.birthday()
    (1/3, 'Surreal', ω)
    >>> number(float("inf"))
    Traceback (most recent call last):
    ...
    cgt.dyadic.NotDyadic: inf is not a finite number, so it is not a dyadic rational
    >>> number(2**100).birthday() == 2**100
    True
    """
    if isinstance(x, (Fraction, Decimal)) and not isinstance(x, Dyadic):
        try:
            return _dyadic_number(x)
        except NotDyadic:
            if isinstance(x, Decimal) and not x.is_finite():
                raise
            return Surreal(x)
    return _dyadic_number(x)


def _dyadic_number(x: DyadicLike | str | Game) -> Game:
    """:func:`number` for dyadics only: other rationals raise :class:`~cgt.NotDyadic`."""
    if isinstance(x, Game):
        if not x.is_number:
            raise NotANumber(f"{x} is not a number")
        return x
    return _engine.make_number(Dyadic(x) if not isinstance(x, Dyadic) else x)


def nimber(n: int) -> Game:
    """The nimber ``*n``: a Nim heap of size ``n``.

    >>> nimber(0), nimber(1), nimber(3) + nimber(5)
    (0, *, *6)
    """
    if isinstance(n, (bool, Game, Dyadic)) or not hasattr(type(n), "__index__"):
        raise WrongType(f"a nimber needs a non-negative int, not {type(n).__name__}")
    n = operator.index(n)
    if n < 0:
        raise InvalidNimber(f"a nimber needs a non-negative int, not {n}")
    return _engine.make_nus(Dyadic(0), 0, n)


def up_sum(n: int) -> Game:
    """``up^[n] = up + up^2 + … + up^n`` (CGSuite ``^[n]``): ``{up^[n-1] | *}``.

    >>> import cgt
    >>> up_sum(0), up_sum(1), up_sum(2), up_sum(2) == cgt.up + up_nth(2)
    (0, ^, ^[2], True)
    """
    if n < 0:
        raise InvalidArgument(f"up^[n] needs n >= 0, not {n}")
    g = _up_sum.get(n)
    if g is None:
        g = up.pow_to(n)  # {up^[n-1] | *}: cgt.structure's powers of any base {0|H}
        _up_sum[n] = g
    return g


def up_nth(n: int) -> Game:
    """Conway's up-nth ``up^n`` (CGSuite ``^<n>``): ``up^1 = up``,
    ``up^n = {0 | v^[n-1]*}``.

    >>> up_nth(1), up_nth(2), up_nth(3)
    (^, ^<2>, ^<3>)
    """
    if n < 1:
        raise InvalidArgument(f"up^n needs n >= 1, not {n}")
    g = _up_nth.get(n)
    if g is None:
        g = up.pow(n)  # {0 | * - up^[n-1]}
        _up_nth[n] = g
    return g


def switch(x: GameLike) -> Game:
    """The switch ``+-x = {x | -x}``.

    >>> switch(1), switch("{2|1}"), switch(2) + switch(1)
    (+-1, +-{2|1}, +-2+-1)
    >>> switch("{1|0}")    # its left option {1|0} reverses through 0
    0
    """
    g = to_game(x)
    return _canonical([g], [_neg(g)])


def tiny(g: GameLike) -> Game:
    """``tiny-G = {0 || 0 | -G}``, a positive infinitesimal for positive ``G``.

    A function of the game ``G``, not a value as :data:`up` and :data:`star`
    are: ``tiny(1)`` is tiny-one.  ``G`` may be a game, an int, a number or
    a string in CGSuite notation.  Printed, and read by :func:`cgt.parse`, as
    CGSuite writes it: ``Tiny(G)`` (and a number plus it as ``3Tiny(G)``).

    >>> tiny(1), tiny(1) > 0, tiny(1) < cgt.up
    (Tiny(1), True, True)
    >>> tiny("1/2"), tiny("{3|1}") == cgt.parse("{0|||0||-1|-3}")
    (Tiny(1/2), True)
    >>> cgt.parse("3Tiny(2)") == 3 + tiny(2)
    True
    """
    h = to_game(g)
    return _canonical([zero], [_canonical([zero], [_neg(h)])])


def miny(g: GameLike) -> Game:
    """``miny-G = {G | 0 || 0}``, the negative of ``tiny(G)``.

    A function of the game ``G`` like :func:`tiny`; printed and read as
    ``Miny(G)``.

    >>> miny(2), miny(2) == -tiny(2), cgt.parse("Miny({2|1})") == miny("{2|1}")
    (Miny(2), True, True)
    """
    h = to_game(g)
    return _canonical([_canonical([h], [zero])], [zero])


zero: Game = number(0)
"""The game ``0 = { | }``, lost by whoever must move."""

star: Game = nimber(1)
"""``* = {0 | 0}``."""

up: Game = _engine.make_nus(Dyadic(0), 1, 0)
"""The infinitesimal ``up = {0 | *}``, positive but smaller than every positive number."""

down: Game = _engine.make_nus(Dyadic(0), -1, 0)
"""``down = {* | 0} = -up``."""
