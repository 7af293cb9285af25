"""Impartial games with entailing moves: nimbers, the loony value and the entailed values.

An *entailing move* obliges the opponent to answer in the component it was
made in (Top Entails' "take the top coin"); a *carry-on move* makes the mover
move again (Nimstring's capture).  Normal play stays: whoever cannot move when
it is their turn loses, and a player entailed to a component with no move
there loses too.  Larsson, Nowakowski and Santos ("Impartial games with
entailing moves", in *Combinatorial Game Theory*, de Gruyter 2022; arXiv
2101.11699) build the theory of such *affine impartial* games with two
terminating games ∞ and ∞̄ and an extended mex.  Their paper was not readable
where this module was written, so the statements below are a reconstruction,
in this library's own terms, checked by the brute force of
``tests/impartial/test_entailing.py`` (every sum of small positions, played out).

**The model.**  A carry-on move to ``H`` is an entailing move to a position
whose only option is a plain move to ``H`` (the opponent, entailed there,
passes back).  So one kind of special move suffices.

**The values.**  Define for every position ``G`` its *survival set*
``S(G)``, a finite or cofinite set of non-negative integers::

    S(G) = { n : G has a plain option of value *n }
           ∪ ⋃ { complement of S(H) : G has an entailing option to H }

* A position in which the player to move is free (plays in any component) has
  value ``*mex S(G)``, or the **loony** value ☾ when ``S(G)`` contains every
  integer.  A sum of free positions has the nim-sum of their nimbers, or ☾ if
  one of them is ☾; the player to move wins iff that is not ``*0``.
  A plain option of value ☾ never counts in ``S`` (moving there loses): this is
  Berlekamp's "loony moves are not needed for the value".
* A position reached by an entailing move (the player to move must answer in
  it) has the **entailed** value ``∞_S`` with ``S = S(G)``: the entailed
  player, whatever the rest of the sum is worth (``*c``), wins iff ``c`` is in
  ``S``, and, when the rest holds a ☾, iff ``S`` is cofinite.
  ``∞ = ∞_{}`` (empty set) is the terminator: the entailed player loses
  whatever the rest is (entailed to an empty Top Entails heap, say).

So the extended mex maps the option values to the value: a plain option ``*n``
puts ``n`` in ``S``; an entailing option ``∞_A`` puts the complement of ``A``.

>>> from cgt.impartial.entailing import affine_mex, parse_affine
>>> affine_mex([parse_affine("*1"), parse_affine("inf")])     # ∞: a move that wins at once
loony
>>> affine_mex([parse_affine("0"), parse_affine("inf_{~0,1}")])   # complement {0, 1}; mex 2
*2
>>> affine_mex([parse_affine("0"), parse_affine("*3")], entailed=True)
inf_{0,3}
>>> parse_affine("inf_{0,3}") + parse_affine("*1")
inf_{1,2}
>>> parse_affine("*2") + parse_affine("*3"), parse_affine("*2") + parse_affine("loony")
(*, loony)
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any, Literal

from ..errors import InvalidArgument, ParseError, WrongType
from ..game import Outcome

__all__ = [
    "INFINITY",
    "LOONY",
    "AffineValue",
    "affine_mex",
    "affine_sum",
    "parse_affine",
    "survival_set",
]

Kind = Literal["nimber", "loony", "entailed"]

_INTERNED: dict[tuple[Any, ...], AffineValue] = {}
_LOCK = threading.Lock()


class AffineValue:
    """The value of an impartial position with entailing moves (immutable, interned).

    Three kinds (:attr:`kind`): a nimber ``*n``, the loony value ☾ (the
    player to move wins whatever is added), and an entailed value ``∞_A``
    (the value of a position right after an entailing move: the player to move
    must answer in it).  ``A`` is a finite set, or the complement of one
    (written ``~``): the values of the rest of a sum for which the entailed
    player wins.  Equal values are the same object.

    >>> AffineValue.nimber(2), AffineValue.loony(), AffineValue.entailed([0, 2])
    (*2, loony, inf_{0,2})
    >>> AffineValue.entailed([1], cofinite=True)        # every integer but 1
    inf_{~1}
    >>> AffineValue.nimber(3) is parse_affine("*3")
    True
    >>> format(AffineValue.entailed([0, 2]), "u"), format(LOONY, "u")
    ('∞_{0,2}', '☾')
    >>> import pickle
    >>> pickle.loads(pickle.dumps(INFINITY)) is INFINITY
    True
    """

    __slots__ = ("__weakref__", "_cofinite", "_kind", "_nim", "_set")

    _kind: Kind
    _nim: int
    _set: frozenset[int]
    _cofinite: bool

    def __new__(
        cls, kind: Kind, nim: int = 0, members: Iterable[int] = (), cofinite: bool = False
    ) -> AffineValue:
        if kind not in ("nimber", "loony", "entailed"):
            raise InvalidArgument(f"an affine value is a nimber, loony or entailed, not {kind!r}")
        if kind == "nimber":
            if isinstance(nim, bool) or not isinstance(nim, int):
                raise WrongType(f"a nimber is a non-negative int, not {type(nim).__name__}")
            if nim < 0:
                raise InvalidArgument(f"a nimber is a non-negative int, got {nim}")
        else:
            nim = 0
        found: set[int] = set()
        if kind == "entailed":
            for m in members:
                if isinstance(m, bool) or not isinstance(m, int):
                    raise WrongType(f"an entailed value's set holds ints, not {type(m).__name__}")
                if m < 0:
                    raise InvalidArgument(
                        f"an entailed value's set holds non-negative ints, got {m}"
                    )
                found.add(m)
        else:
            cofinite = False
        key = (kind, nim, frozenset(found), bool(cofinite))
        value = _INTERNED.get(key)
        if value is not None:
            return value
        with _LOCK:
            value = _INTERNED.get(key)
            if value is None:
                value = object.__new__(cls)
                object.__setattr__(value, "_kind", kind)
                object.__setattr__(value, "_nim", nim)
                object.__setattr__(value, "_set", key[2])
                object.__setattr__(value, "_cofinite", key[3])
                _INTERNED[key] = value
            return value

    # --- constructors ----------------------------------------------------------------------
    @classmethod
    def nimber(cls, n: int) -> AffineValue:
        """The nimber ``*n`` (``*0`` is printed ``0``).

        >>> AffineValue.nimber(0), AffineValue.nimber(1), AffineValue.nimber(5)
        (0, *, *5)
        """
        return cls("nimber", n)

    @classmethod
    def loony(cls) -> AffineValue:
        """The loony value ☾: the player to move wins in every sum (Berlekamp).

        >>> AffineValue.loony() is LOONY
        True
        """
        return cls("loony")

    @classmethod
    def entailed(cls, members: Iterable[int], *, cofinite: bool = False) -> AffineValue:
        """The entailed value ``∞_A``: ``A`` is ``members``, or their complement if ``cofinite``.

        >>> AffineValue.entailed([]) is INFINITY, AffineValue.entailed([], cofinite=True)
        (True, inf_{~})
        """
        return cls("entailed", 0, members, cofinite)

    def __reduce__(self) -> tuple[Any, ...]:
        return (AffineValue, (self._kind, self._nim, tuple(sorted(self._set)), self._cofinite))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("affine values are immutable")

    def __copy__(self) -> AffineValue:
        return self

    def __deepcopy__(self, memo: object) -> AffineValue:
        return self

    # --- what it is --------------------------------------------------------------------------
    @property
    def kind(self) -> Kind:
        """``"nimber"``, ``"loony"`` or ``"entailed"``.

        >>> parse_affine("*2").kind, parse_affine("loony").kind, parse_affine("inf").kind
        ('nimber', 'loony', 'entailed')
        """
        return self._kind

    @property
    def is_nimber(self) -> bool:
        """Whether the value is a nimber.

        >>> parse_affine("*2").is_nimber, LOONY.is_nimber
        (True, False)
        """
        return self._kind == "nimber"

    @property
    def is_loony(self) -> bool:
        """Whether the value is the loony value ☾.

        >>> LOONY.is_loony, INFINITY.is_loony
        (True, False)
        """
        return self._kind == "loony"

    @property
    def is_entailed(self) -> bool:
        """Whether the value is an entailed value ``∞_A`` (the player to move must answer in it).

        >>> INFINITY.is_entailed, parse_affine("0").is_entailed
        (True, False)
        """
        return self._kind == "entailed"

    @property
    def nim(self) -> int:
        """The ``n`` of a nimber ``*n``.

        >>> parse_affine("*6").nim
        6
        >>> LOONY.nim
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidArgument: loony is not a nimber
        """
        if self._kind != "nimber":
            raise InvalidArgument(f"{self} is not a nimber")
        return self._nim

    @property
    def members(self) -> frozenset[int]:
        """The finite set named in an entailed value: ``A``, or the integers ``A`` leaves out.

        >>> sorted(parse_affine("inf_{~0,2}").members), parse_affine("inf_{~0,2}").cofinite
        ([0, 2], True)
        """
        if self._kind != "entailed":
            raise InvalidArgument(f"{self} is not an entailed value")
        return self._set

    @property
    def cofinite(self) -> bool:
        """Whether an entailed value's set is the complement of :attr:`members`.

        >>> parse_affine("inf_{1}").cofinite
        False
        """
        if self._kind != "entailed":
            raise InvalidArgument(f"{self} is not an entailed value")
        return self._cofinite

    def survives(self, context: AffineValue) -> bool:
        """For an entailed value: whether the entailed player wins with ``context`` beside it.

        ``context`` is the value of the rest of the sum (a nimber or ☾).

        >>> v = parse_affine("inf_{0,3}")
        >>> [v.survives(AffineValue.nimber(c)) for c in range(5)], v.survives(LOONY)
        ([True, False, False, True, False], False)
        """
        if self._kind != "entailed":
            raise InvalidArgument(f"{self} is not an entailed value")
        if context._kind == "entailed":
            raise InvalidArgument(
                "a sum has at most one component the player to move is entailed to"
            )
        if context._kind == "loony":
            return self._cofinite
        return (context._nim in self._set) != self._cofinite

    def outcome(self) -> Outcome:
        """``Outcome.N`` if the player to move wins, else ``Outcome.P``.

        >>> [parse_affine(t).outcome().name for t in ("0", "*2", "loony", "inf", "inf_{0}")]
        ['P', 'N', 'N', 'P', 'N']
        """
        if self._kind == "nimber":
            return Outcome.P if self._nim == 0 else Outcome.N
        if self._kind == "loony":
            return Outcome.N
        return Outcome.N if self.survives(AffineValue.nimber(0)) else Outcome.P

    # --- sums ----------------------------------------------------------------------------------
    def __add__(self, other: object) -> AffineValue:
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        if not isinstance(other, AffineValue):
            return NotImplemented
        return affine_sum(self, other)

    __radd__ = __add__

    def __bool__(self) -> bool:
        raise TypeError("an affine value has no truth value; compare it or ask outcome()")

    # --- text ----------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return self._text(unicode=False)

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        if spec in ("", "s"):
            return self._text(unicode=False)
        if spec == "u":
            return self._text(unicode=True)
        raise InvalidArgument(f"an affine value is formatted with '' or 'u', not {spec!r}")

    def _text(self, *, unicode: bool) -> str:
        if self._kind == "nimber":
            return "0" if self._nim == 0 else "*" if self._nim == 1 else f"*{self._nim}"
        if self._kind == "loony":
            return "☾" if unicode else "loony"
        head = "∞" if unicode else "inf"
        if not self._set and not self._cofinite:
            return head
        inner = ",".join(str(m) for m in sorted(self._set))
        return f"{head}_{{{'~' if self._cofinite else ''}{inner}}}"


def _survival(values: Iterable[AffineValue]) -> tuple[frozenset[int], bool]:
    """The survival set of a position from its option values, as (finite part, cofinite)."""
    plain: set[int] = set()
    holes: frozenset[int] | None = None  # the integers the union of the cofinite parts leaves out
    for v in values:
        if not isinstance(v, AffineValue):
            raise WrongType(f"an option value is an AffineValue, not {type(v).__name__}")
        if v._kind == "nimber":
            plain.add(v._nim)
        elif v._kind == "entailed":
            # an entailing option to a position of value inf_A adds the complement of A
            if v._cofinite:
                plain |= v._set
            else:
                holes = v._set if holes is None else holes & v._set
        # a plain option of value loony adds nothing: moving there loses
    if holes is not None:
        return frozenset(holes - plain), True
    return frozenset(plain), False


def survival_set(options: Iterable[AffineValue]) -> AffineValue:
    """The survival set of a position, from its option values, as the entailed value ``∞_S``.

    Plain options are given by their values (nimbers or ☾), entailing options
    by the entailed values of the positions they lead to.  The same as
    ``affine_mex(options, entailed=True)``.

    >>> survival_set([parse_affine("*2"), parse_affine("inf_{~0}")])
    inf_{0,2}
    """
    finite, cofinite = _survival(options)
    return AffineValue.entailed(finite, cofinite=cofinite)


def affine_mex(options: Iterable[AffineValue], *, entailed: bool = False) -> AffineValue:
    """The extended mex: the value of a position from the values of its options.

    Plain options are given by their values (``*n`` or ☾), entailing options by
    the entailed values ``∞_A`` of the positions they lead to.  The position's
    survival set ``S`` gathers ``n`` for each plain ``*n`` and the complement of
    ``A`` for each entailing ``∞_A``.  With ``entailed=False`` (the player to
    move is free) the value is ``*mex S``, or ☾ if ``S`` holds every integer;
    with ``entailed=True`` (the player to move must answer here) it is ``∞_S``.

    >>> affine_mex([]), affine_mex([], entailed=True)
    (0, inf)
    >>> affine_mex([parse_affine("0"), parse_affine("*1"), LOONY])   # ☾ options are ignored
    *2
    >>> affine_mex([parse_affine("inf_{3}")])                   # a capture to *3 is worth *3
    *3
    >>> affine_mex([parse_affine("inf_{~0}"), parse_affine("inf_{0}")])
    loony
    """
    finite, cofinite = _survival(options)
    if entailed:
        return AffineValue.entailed(finite, cofinite=cofinite)
    if cofinite:
        if not finite:
            return LOONY
        return AffineValue.nimber(min(finite))
    m = 0
    while m in finite:
        m += 1
    return AffineValue.nimber(m)


def affine_sum(*values: AffineValue) -> AffineValue:
    """The value of a disjunctive sum: nimbers add as nim-sums, ☾ absorbs every free value,
    and an entailed value ``∞_A`` plus a free ``*n`` is ``∞_{A xor n}`` (``A`` shifted by nim-sum).

    At most one term may be entailed (only one component can be the one the
    player to move must answer in).  An entailed value plus ☾ is ``∞_{~}``
    (the entailed player wins) if ``A`` is cofinite and ``∞`` otherwise.

    >>> affine_sum(), affine_sum(parse_affine("*3"), parse_affine("*5"))
    (0, *6)
    >>> affine_sum(parse_affine("inf_{~0,1}"), parse_affine("*1")), affine_sum(INFINITY, LOONY)
    (inf_{~0,1}, inf)
    >>> affine_sum(INFINITY, INFINITY)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a sum has at most one component the player to move is entailed to
    """
    nim = 0
    loony = False
    entailed: AffineValue | None = None
    for v in values:
        if not isinstance(v, AffineValue):
            raise WrongType(f"a term of an affine sum is an AffineValue, not {type(v).__name__}")
        if v._kind == "nimber":
            nim ^= v._nim
        elif v._kind == "loony":
            loony = True
        elif entailed is None:
            entailed = v
        else:
            raise InvalidArgument(
                "a sum has at most one component the player to move is entailed to"
            )
    if entailed is None:
        return LOONY if loony else AffineValue.nimber(nim)
    if loony:
        return AffineValue.entailed((), cofinite=True) if entailed._cofinite else INFINITY
    return AffineValue.entailed((m ^ nim for m in entailed._set), cofinite=entailed._cofinite)


LOONY = AffineValue.loony()
"""The loony value ☾."""

INFINITY = AffineValue.entailed(())
"""The terminator ``∞ = ∞_{}``: the entailed player loses whatever the rest of the sum is."""


def parse_affine(text: str) -> AffineValue:
    """Read an affine value: ``0``, ``*``, ``*n``, ``loony`` or ``☾``, ``inf`` or ``∞``,
    ``inf_{0,2}`` (a finite set), ``inf_{~0,2}`` (every integer but 0 and 2), ``inf_{~}``.

    ``str(v)`` and ``format(v, "u")`` read back to ``v``.

    >>> parse_affine("∞_{~1, 3}"), parse_affine(" *4 "), parse_affine("☾")
    (inf_{~1,3}, *4, loony)
    >>> parse_affine("inf_{1,x}")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: expected a non-negative integer at position 7
      inf_{1,x}
             ^
    """
    if not isinstance(text, str):
        raise WrongType(f"parse_affine reads a str, not {type(text).__name__}")
    s = text.strip()
    start = len(text) - len(text.lstrip())
    if s in ("loony", "☾"):
        return LOONY
    if s == "0":
        return AffineValue.nimber(0)
    if s.startswith("*"):
        digits = s[1:].strip()
        if not digits:
            return AffineValue.nimber(1)
        if not digits.isdigit() or not digits.isascii():
            raise ParseError("expected a nimber such as *3", text, start + 1)
        return AffineValue.nimber(int(digits))
    for head in ("inf", "∞"):
        if s.startswith(head):
            rest = s[len(head) :]
            at = start + len(head)
            if not rest:
                return INFINITY
            if not rest.startswith("_{") or not rest.endswith("}"):
                raise ParseError("expected _{...} after the infinity", text, at)
            inner = rest[2:-1]
            at += 2
            cofinite = inner.lstrip().startswith("~")
            if cofinite:
                skip = inner.index("~") + 1
                inner, at = inner[skip:], at + skip
            members: list[int] = []
            if inner.strip():
                for part in inner.split(","):
                    lead = len(part) - len(part.lstrip())
                    word = part.strip()
                    if not word.isdigit() or not word.isascii():
                        raise ParseError("expected a non-negative integer", text, at + lead)
                    members.append(int(word))
                    at += len(part) + 1
            return AffineValue.entailed(members, cofinite=cofinite)
    raise ParseError("expected 0, *n, loony, or inf_{...}", text, start)
