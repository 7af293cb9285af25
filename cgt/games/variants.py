"""Ruleset variants: the impartial, dicotic and twisted variant of any ruleset.

Each function takes a position class (a ruleset of the library or your own)
and returns a new position class playing the variant's rules on the same
positions; given a position (or a :class:`cgt.Game`) instead, it returns that
position wrapped in the variant.  The definitions are CGSuite's
(``Game.ImpartialVariant``, ``Game.DicoticVariant``, ``Game.TwistedVariant``
and the same names on ``Ruleset``), on game forms:

* the **impartial variant** ``i(G) = {i(G^L), i(G^R) | i(G^L), i(G^R)}``:
  either player may make any move of either side (the impartial variant of
  Domineering is Cram, of blue-red Hackenbush green Hackenbush);
* the **dicotic variant** ``d(G) = {d(G^L) | d(G^R)}`` while both players have
  a move, and ``0`` as soon as one of them has none: the game stops for both
  when either player is stuck, so every value is all-small;
* the **twisted variant** ``t(G) = {-t(G^L) | -t(G^R)}``: after every move
  the players swap roles.

>>> import cgt
>>> from cgt.games import Clobber, Cram, Domineering
>>> ImpartialDomineering = impartial_variant(Domineering)
>>> ImpartialDomineering("...|...").grundy(), Cram("...|...").grundy()
(1, 1)
>>> dicotic_variant(Domineering)("..|..|..").value()   # Domineering's is {1/2|-2}
v
>>> twisted_variant(cgt.parse("{1|-1}")).value()     # t(+-1) = {-t(1)|-t(-1)} = {-1|1}
0
"""

from __future__ import annotations

import copyreg
import threading
from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from .._options import has_options_method
from .._svg import Drawable
from ..errors import PositionProtocolError, WrongType
from ..game import Game
from . import registry
from .base import ImpartialPosition, Position
from .loopy_games import Loopy
from .registry import RulesetInfo

__all__ = ["VARIANTS", "dicotic_variant", "impartial_variant", "twisted_variant"]


# --- reading any position's options ----------------------------------------------------
def sides(position: Any) -> tuple[list[Any], list[Any]]:
    """The Left and Right options of a position or a :class:`cgt.Game` (its canonical options).

    An impartial position's ``options()`` are both sides.

    >>> import cgt
    >>> from cgt.games import OctalGame
    >>> sides(cgt.parse("{1|*}"))
    ([1], [*])
    >>> left, right = sides(OctalGame("0.77")(2)); left == right
    True
    >>> sides(3)
    Traceback (most recent call last):
    ...
    cgt.errors.WrongType: 3 (an int) is not a position: it has no left_options() or options()
    """
    if isinstance(position, Game):
        return list(position.left_options), list(position.right_options)
    if has_options_method(position, "left_options"):
        return list(position.left_options()), list(position.right_options())
    if has_options_method(position, "options"):
        both = list(position.options())
        return both, both
    raise WrongType(
        f"{position!r} (a{_article(position)} {type(position).__name__}) is not a position: "
        "it has no left_options() or options()"
    )


def form_key(position: Any) -> Hashable:
    """A hashable key of a position: equal for positions the ruleset's ``key()`` makes equal.

    A :class:`cgt.Game` is its own key (values are interned); any other
    position is keyed by its class and its ``key()``.

    >>> import cgt
    >>> from cgt.games import Clobber
    >>> form_key(cgt.star) is cgt.star, form_key(Clobber("xo")) == form_key(Clobber("ox"))
    (True, True)
    """
    if isinstance(position, Game):
        return position
    try:
        key = (type(position), position.key())
        hash(key)
    except AttributeError:
        raise PositionProtocolError(
            f"{position!r} (a{_article(position)} {type(position).__name__}) is not a "
            "position: it has no key()"
        ) from None
    except TypeError:
        raise PositionProtocolError(
            f"the key() of a {type(position).__name__} position is not hashable"
        ) from None
    return key


def check_position(position: Any, where: str) -> Any:
    """``position`` if it is a position or a :class:`cgt.Game`; ints become their Game.

    >>> check_position(2, "here")
    2
    >>> check_position("..", "impartial_variant()")
    Traceback (most recent call last):
    ...
    cgt.errors.WrongType: impartial_variant() needs a position class, a position or a Game, not ...
    """
    if isinstance(position, Game):
        return position
    if isinstance(position, int) and not isinstance(position, bool):
        from ..game import number

        return number(position)
    if isinstance(position, type) or not (
        has_options_method(position, "left_options") or has_options_method(position, "options")
    ):
        raise WrongType(
            f"{where} needs a position class, a position or a Game, not "
            f"{position!r} (a{_article(position)} {type(position).__name__})"
        )
    return position


def _article(obj: Any) -> str:
    return "n" if type(obj).__name__[:1].lower() in "aeiou" else ""


# --- the variant classes ----------------------------------------------------------------
class _Variant(Drawable):
    """What every variant class shares: the wrapped position, its key, text and picture."""

    __slots__ = ("position",)

    base: ClassVar[type] = object
    variant: ClassVar[str] = ""
    position: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.position = check_position(self.base(*args, **kwargs), self._function())

    @classmethod
    def wrap(cls, position: Any) -> Any:
        """``position`` (of any ruleset, or a :class:`cgt.Game`) played by this variant's rules.

        >>> from cgt.games import Clobber, Domineering
        >>> impartial_variant(Domineering).wrap(Clobber("xo")).grundy()
        1
        """
        made = object.__new__(cls)
        made.position = check_position(position, cls._function())
        return made

    @classmethod
    def _function(cls) -> str:
        return f"{cls.variant}_variant()"

    @classmethod
    def ruleset_info(cls) -> RulesetInfo:
        """The variant's ruleset metadata, made from its base ruleset's registration.

        The name, the kind (an impartial variant is ``"impartial"``), the text a
        position is read from, the example and the maker are the base ruleset's,
        played by the variant's rules.  The variant is not added to the registry
        (the registry lists the library's own rulesets): its values are stored under
        the variant class's module and name, and ``python -m cgt`` plays it with the
        base ruleset's subcommand and ``--variant``.

        >>> from cgt.games import Cram, Domineering
        >>> info = impartial_variant(Domineering).ruleset_info()
        >>> info.name, info.kind, info.example
        ('ImpartialDomineering', 'impartial', '..#|...|...')
        >>> info.make("...|...|...").grundy() == Cram("...|...|...").grundy() == 0
        True
        >>> impartial_variant(cgt.Game).ruleset_info()
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidArgument: Game is not a registered ruleset (decorate it with ...)
        """
        base = registry.info(cls.base)
        make = base.make
        return RulesetInfo(
            cls=cls,
            name=cls.__name__,
            kind="impartial" if cls.variant == "impartial" else base.kind,
            syntax=base.syntax,
            summary=f"the {cls.variant} variant of {base.name}",
            example=base.example,
            cli=None,
            docs="compounds",
            make=lambda text: cls.wrap(make(text)),
            samples=None
            if base.samples is None
            else (lambda: [cls.wrap(p) for p in base.samples()]),  # type: ignore[misc]
        )

    def key(self) -> Hashable:
        """The key of the wrapped position (its class and key).

        >>> from cgt.games import Domineering
        >>> V = dicotic_variant(Domineering)
        >>> V("..|..").key() == V("..|..").key()
        True
        """
        return form_key(self.position)

    def describe_move(self, option: Any) -> str | None:
        """The wrapped ruleset's description of the move (see ``describe_move``).

        >>> from cgt.games import Domineering
        >>> p = impartial_variant(Domineering)("..")
        >>> p.describe_move(next(iter(p.options())))
        'horizontal domino on (0, 0) and (0, 1)'
        """
        describe = getattr(self.position, "describe_move", None)
        inner = getattr(option, "position", option)
        return describe(inner) if describe is not None else None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Variant) and type(other) is type(self) and self.key() == other.key()
        )

    def __hash__(self) -> int:
        return hash((type(self), self.key()))

    def __repr__(self) -> str:
        return f"{self._function()[:-1]}{self.position!r})"

    def __str__(self) -> str:
        return str(self.position)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.variant, self.base, self.position))

    def _draw_svg(self) -> str:
        draw = getattr(self.position, "_draw_svg", None)
        if draw is not None:
            return str(draw())
        from .._svg import document

        text = str(self.position).replace("&", "&amp;").replace("<", "&lt;")
        return document(
            9.0 * len(text) + 8,
            24,
            [f'<text x="4" y="18" font-size="16">{text}</text>'],
        )


class _ImpartialVariant(_Variant, ImpartialPosition):
    """Either player may make any move of either side: ``i(G) = {i(G^L), i(G^R) | same}``."""

    __slots__ = ()
    variant = "impartial"

    def options(self) -> Iterable[Any]:
        left, right = sides(self.position)
        wrap = type(self).wrap
        return [wrap(p) for p in left + right]

    def components(self) -> Iterable[Any]:
        # i(G + H) = i(G) + i(H): the variant splits where the wrapped position does
        parts = getattr(self.position, "components", None)
        if parts is None or isinstance(self.position, Game):
            return (self,)
        wrap = type(self).wrap
        return [wrap(p) for p in parts()]


class _DicoticVariant(_Variant, Position):
    """Play stops for both as soon as either player has no move: ``d(G) = {d(G^L) | d(G^R)}``
    while both sides have options, else ``0``."""

    __slots__ = ()
    variant = "dicotic"

    def left_options(self) -> Iterable[Any]:
        left, right = sides(self.position)
        wrap = type(self).wrap
        return [wrap(p) for p in left] if right else []

    def right_options(self) -> Iterable[Any]:
        left, right = sides(self.position)
        wrap = type(self).wrap
        return [wrap(p) for p in right] if left else []


class _TwistedVariant(_Variant, Position):
    """The players swap roles after every move: ``t(G) = {-t(G^L) | -t(G^R)}``.

    A position is ``t(G)`` or, with :attr:`negated`, ``-t(G)``; unary minus
    flips it.
    """

    __slots__ = ("negated",)
    variant = "twisted"
    negated: bool

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.negated = False

    @classmethod
    def wrap(cls, position: Any, negated: bool = False) -> Any:
        """``position`` played by the twisted rules (``negated``: its negative ``-t(G)``).

        >>> import cgt
        >>> twisted_variant(cgt.Game).wrap(cgt.parse("{2|0}"), negated=True).value()
        *
        """
        made = super().wrap(position)
        made.negated = bool(negated)
        return made

    def __neg__(self) -> Any:
        return type(self).wrap(self.position, not self.negated)

    def _moves(self, left: bool) -> list[Any]:
        # t(G) moves to -t(G^L); -t(G) (Left playing G's Right part) to t(G^R)
        lefts, rights = sides(self.position)
        moves = rights if self.negated else lefts
        if not left:
            moves = lefts if self.negated else rights
        wrap = type(self).wrap
        return [wrap(p, not self.negated) for p in moves]

    def left_options(self) -> Iterable[Any]:
        return self._moves(True)

    def right_options(self) -> Iterable[Any]:
        return self._moves(False)

    def key(self) -> Hashable:
        return (self.negated, form_key(self.position))

    def __repr__(self) -> str:
        return ("-" if self.negated else "") + super().__repr__()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.variant, self.base, self.position, self.negated))


class _VariantClass(type):
    """The type of the variant classes made at run time: a class pickles as the variant
    and the base it was made from (:func:`copyreg.pickle` below), so that positions of a
    variant of a variant pickle too."""


def _reduce_class(cls: _VariantClass) -> tuple[Any, ...]:
    return (_variant_class, (cls.variant, cls.base))  # type: ignore[attr-defined]


copyreg.pickle(_VariantClass, _reduce_class)

_KINDS: dict[str, tuple[type[_Variant], str]] = {
    "impartial": (_ImpartialVariant, "Impartial"),
    "dicotic": (_DicoticVariant, "Dicotic"),
    "twisted": (_TwistedVariant, "Twisted"),
}
_CLASSES: dict[tuple[str, type], type[_Variant]] = {}
_LOCK = threading.Lock()


def _variant_class(variant: str, base: type) -> type[_Variant]:
    """The one variant class of ``base`` (made once, under a lock)."""
    found = _CLASSES.get((variant, base))
    if found is not None:
        return found
    with _LOCK:
        found = _CLASSES.get((variant, base))
        if found is None:
            shared, prefix = _KINDS[variant]
            bases: tuple[type, ...] = (shared,)
            if isinstance(base, type) and issubclass(base, Loopy):
                bases = (Loopy, shared)
            name = prefix + base.__name__
            made: Any = _VariantClass(  # a subclass of _Variant
                name,
                bases,
                {
                    "__slots__": (),
                    "__module__": __name__,
                    "__qualname__": name,
                    "__doc__": f"The {variant} variant of {base.__qualname__} "
                    f"(CGSuite: {base.__name__}.{prefix}Variant).",
                    "base": base,
                    "move_coordinates": getattr(base, "move_coordinates", ""),
                },
            )
            found = _CLASSES[(variant, base)] = made
    return found


def _rebuild(variant: str, base: type, position: Any, negated: bool = False) -> Any:
    """Unpickle a variant position (its class is made again from the base class)."""
    cls: Any = _variant_class(variant, base)
    return cls.wrap(position, negated) if negated else cls.wrap(position)


def _variant(variant: str, ruleset: Any) -> Any:
    where = f"{variant}_variant()"
    if isinstance(ruleset, type):
        if not (
            ruleset is Game
            or callable(getattr(ruleset, "left_options", None))
            or callable(getattr(ruleset, "options", None))
        ):
            raise WrongType(
                f"{where} needs a position class (with left_options() and right_options(), "
                f"or options()), not the class {ruleset.__qualname__}"
            )
        return _variant_class(variant, ruleset)
    position = check_position(ruleset, where)
    return _variant_class(variant, type(position)).wrap(position)


def impartial_variant(ruleset: Any) -> Any:
    """The impartial variant of a ruleset (a class) or of one position: either player may
    make any move of either side.

    CGSuite calls it ``ImpartialVariant``: ``i(G) = {i(G^L), i(G^R) | i(G^L), i(G^R)}``.
    The class made is an :class:`~cgt.games.ImpartialPosition` named after
    the base (``ImpartialDomineering``); its constructor takes the base's
    arguments, and :meth:`wrap` wraps a position already made.  The variant
    splits into components where the base does.

    >>> import cgt
    >>> from cgt.games import Domineering, Hackenbush
    >>> V = impartial_variant(Domineering)
    >>> V.__name__, V("..|..").grundy(), V("..|..")
    ('ImpartialDomineering', 0, impartial_variant(Domineering('..|..')))
    >>> impartial_variant(Hackenbush.parse("lrl")).value()   # green Hackenbush: *3
    *3
    >>> impartial_variant(cgt.parse("{1|-1}")).value()    # i(1) = i(-1) = *
    0
    """
    return _variant("impartial", ruleset)


def dicotic_variant(ruleset: Any) -> Any:
    """The dicotic (all-small) variant of a ruleset or a position: play stops for both
    players as soon as either has no move.

    CGSuite calls it ``DicoticVariant``: ``d(G) = {d(G^L) | d(G^R)}`` if ``G``
    has a Left and a Right option, else ``0``.  Every value is all-small.

    >>> import cgt
    >>> from cgt.games import Domineering
    >>> dicotic_variant(Domineering)("...|...").value()
    ^
    >>> dicotic_variant(cgt.parse("{2|-1}")).value()     # d(2) = d(-1) = 0
    *
    """
    return _variant("dicotic", ruleset)


def twisted_variant(ruleset: Any) -> Any:
    """The twisted variant of a ruleset or a position: the players swap roles after
    every move.

    CGSuite calls it ``TwistedVariant``: ``t(G) = {-t(G^L) | -t(G^R)}``.
    Positions of the variant class negate with unary minus (``-t(G)``).

    >>> import cgt
    >>> from cgt.games import Domineering
    >>> T = twisted_variant(Domineering)
    >>> T("..|..|..").value(), Domineering("..|..|..").value()
    (-1, {1/2|-2})
    >>> (-T("...")).value(), [twisted_variant(cgt.number(n)).value() for n in range(4)]
    (1, [0, 1, 0, 1])
    """
    return _variant("twisted", ruleset)


VARIANTS = {
    "impartial": impartial_variant,
    "dicotic": dicotic_variant,
    "twisted": twisted_variant,
}
"""The variant functions by name (the command line's ``--variant``).

>>> sorted(VARIANTS)
['dicotic', 'impartial', 'twisted']
"""
