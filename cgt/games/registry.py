"""The ruleset registry: each ruleset declares what it is on its own class.

A ruleset class is decorated with :func:`register_ruleset`, which records a
:class:`RulesetInfo`: its stable name (the name its values are stored under,
whatever module the class lives in), its kind (``"partizan"``,
``"impartial"``, ``"loopy"``, ``"scoring"`` or ``"other"``), what its position text looks
like, an example position, its command-line subcommand and its guide page.
The command line, the guide's ruleset pages and the tests that check every
ruleset (pictures, move descriptions, outcome vocabulary) read this registry,
so adding a ruleset touches only its own file, its test file and its docs
section.

Every module of :mod:`cgt.games` is imported with the package, so every
ruleset there is registered once ``cgt.games`` is imported.

>>> from cgt.games.registry import info, rulesets
>>> from cgt.games import Clobber
>>> info(Clobber).name, info(Clobber).kind, info(Clobber).cli
('Clobber', 'partizan', 'clobber')
>>> info(Clobber).sample()
Clobber('xo.|.ox')
>>> len(rulesets()) >= 20
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..errors import InvalidArgument

__all__ = [
    "KINDS",
    "RulesetFamily",
    "RulesetInfo",
    "by_name",
    "info",
    "read_size",
    "register_ruleset",
    "rulesets",
    "stored_name",
]

KINDS = ("partizan", "impartial", "loopy", "scoring", "other")
"""The kinds of ruleset, by what a position is worth (a short partizan value, a
Grundy value, a loopy value, a scoring value: a :class:`~cgt.scoring.ScoringGame`
from :meth:`~cgt.games.ScoringPosition.value`, or something else: the winner of
a game that is not normal play)."""

_T = TypeVar("_T", bound=type)


@dataclass(frozen=True)
class RulesetInfo:
    """What a ruleset class declares about itself (see :func:`register_ruleset`).

    >>> from cgt.games import Cram
    >>> i = info(Cram)
    >>> i.kind, i.syntax, i.example, i.cli, i.docs
    ('impartial', 'GRID', '...|...|...', 'cram', 'domineering')
    >>> i.make(i.example).grundy()
    0
    """

    cls: type
    """The position class."""
    name: str
    """The stable name: unique among rulesets, kept when the class moves."""
    kind: str
    """One of :data:`KINDS`."""
    syntax: str
    """What a position's text is (``GRID``, ``BOARD``, ``STRIP``, ``GRAPH``, ...), or ``""``."""
    summary: str
    """A one-line description (the command line's help)."""
    example: str
    """An example position, as text :attr:`make` reads (``""``: none)."""
    cli: str | None
    """The command-line subcommand reading one position text, or ``None``."""
    docs: str | None
    """The guide page (``docs/guide/<docs>.rst``) whose section shows the ruleset."""
    make: Callable[[str], Any]
    """Makes a position from its text (the class itself unless declared)."""
    samples: Callable[[], list[Any]] | None = None
    """Sample positions for the tests of every ruleset, when the example text is not enough."""
    stored_as: tuple[str, ...] = ()
    """Names its values were stored under before (read through a migration)."""
    fast_path: str | None = None
    """Its declared alternative implementation, in a few words (``None``: the Python rules only).

    A fast path values the same positions as the rules the class states in
    Python, and gives the same values.  The compiled short-game solvers are
    chosen by one rule (:func:`cgt._engine.solver_kernel`); Hexapawn's search
    and the heap sequences keep their own size limits.  Every fast path is
    turned off in a thread by ``cgt.games.implementation("python")``, and the
    conformance suite (``tests/test_conformance.py``) values every declared
    ruleset's samples and random positions both ways.

    >>> from cgt.games import Domineering, Wythoff
    >>> info(Domineering).fast_path
    'compiled bit boards (cgt/_c/shortgame.c), at most 64 cells'
    >>> info(Wythoff).fast_path is None
    True
    """

    keyed_rules: Callable[[], Any] | None = None
    """Gives the keyed rules (:class:`~cgt.solver.KeyedRules`) the solver values
    the ruleset's components through, or is ``None`` (positions of the
    :class:`~cgt.games.base.Position` protocol only).

    A store names the rows of keyed components ``keyed:`` and the ruleset's
    name, and reads these rules to turn such a row back into a position when it
    verifies it (:meth:`cgt.store.Store.verify`).

    >>> from cgt.games import Clobber, Domineering, Wythoff
    >>> info(Domineering).keyed_rules().ruleset, info(Clobber).keyed_rules().ruleset
    ('Domineering', 'Clobber')
    >>> info(Wythoff).keyed_rules is None
    True
    """

    @property
    def stored_name(self) -> str:
        """The name the store writes this ruleset's values under: ``ruleset:`` and its name.

        >>> from cgt.games import Domineering
        >>> info(Domineering).stored_name
        'ruleset:Domineering'
        """
        return "ruleset:" + self.name

    def sample(self) -> Any:
        """The example position (the first sample when no example text is declared).

        >>> from cgt.games import Wythoff
        >>> info(Wythoff).sample()
        Wythoff([(2, 3)])
        """
        if self.example:
            return self.make(self.example)
        if self.samples is None:
            raise InvalidArgument(f"the ruleset {self.name} declares no example position")
        return self.samples()[0]

    def all_samples(self) -> list[Any]:
        """The example position and the declared samples.

        >>> from cgt.games import Clobber
        >>> info(Clobber).all_samples()
        [Clobber('xo.|.ox')]
        """
        out = [self.make(self.example)] if self.example else []
        return out + (self.samples() if self.samples is not None else [])


_REGISTRY: dict[type, RulesetInfo] = {}
_BY_NAME: dict[str, RulesetInfo] = {}
_LOCK = threading.Lock()


def register_ruleset(
    name: str,
    kind: str,
    *,
    syntax: str = "",
    summary: str = "",
    example: str = "",
    cli: str | None = None,
    docs: str | None = None,
    make: Callable[[str], Any] | str | None = None,
    samples: Callable[[], list[Any]] | None = None,
    stored_as: tuple[str, ...] = (),
    fast_path: str | None = None,
    keyed_rules: Callable[[], Any] | None = None,
) -> Callable[[_T], _T]:
    """A class decorator registering a ruleset with its metadata (a :class:`RulesetInfo`).

    ``name`` must be new and stay the same for good: the store keeps the
    ruleset's values under it.  ``stored_as`` lists the names its values
    were stored under before it had one (read through a migration).
    ``fast_path`` declares an alternative implementation of the same rules
    (see :attr:`RulesetInfo.fast_path`); ``keyed_rules`` gives the keyed rules
    its components are valued through (see :attr:`RulesetInfo.keyed_rules`).

    ``make`` reads a position's text: a function, the name of a class method
    (``"parse"``), or ``None`` for the class itself.

    >>> @register_ruleset("Toy", "impartial", summary="a toy", docs=None)
    ... class Toy:
    ...     pass
    >>> info(Toy).summary, by_name("Toy").cls is Toy
    ('a toy', True)
    >>> register_ruleset("Toy", "impartial")(type("Other", (), {}))
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: the ruleset name 'Toy' is taken by ...Toy
    >>> _forget(Toy)
    """
    if kind not in KINDS:
        raise InvalidArgument(f"a ruleset's kind is one of {', '.join(KINDS)}, not {kind!r}")

    def register(cls: _T) -> _T:
        entry = RulesetInfo(
            cls=cls,
            name=name,
            kind=kind,
            syntax=syntax,
            summary=summary,
            example=example,
            cli=cli,
            docs=docs,
            make=cls if make is None else getattr(cls, make) if isinstance(make, str) else make,
            samples=samples,
            stored_as=stored_as,
            fast_path=fast_path,
            keyed_rules=keyed_rules,
        )
        with _LOCK:
            taken = _BY_NAME.get(name)
            if taken is not None and _qualified(taken.cls) != _qualified(cls):
                raise InvalidArgument(
                    f"the ruleset name {name!r} is taken by {_qualified(taken.cls)}"
                )
            if cli is not None:
                for other in _REGISTRY.values():
                    if other.cli == cli and other.name != name:
                        raise InvalidArgument(
                            f"the subcommand {cli!r} is taken by the ruleset {other.name}"
                        )
            old = _BY_NAME.get(name)
            if old is not None:  # the module was imported again (a reload)
                _REGISTRY.pop(old.cls, None)
            _REGISTRY[cls] = _BY_NAME[name] = entry
        return cls

    return register


@dataclass(frozen=True)
class RulesetFamily:
    """What a family of rulesets declares alike: kind, text, guide page, old home,
    fast path and keyed rules, so that each member states only its name, summary
    and example (:meth:`register`).

    The stone boards (:mod:`cgt.games.board`), the colouring games
    (:mod:`cgt.games.graph_colouring`), Domineering and Cram, and the cakes are
    such families.  A member's subcommand is its name in lower case, and its
    values were stored under ``moved_from`` and its name before it had a stable
    name.

    >>> toys = RulesetFamily("impartial", "SIZE", docs=None, moved_from="old.toys",
    ...                      keyed_rules=lambda cls: f"rules of {cls.__name__}")
    >>> @toys.register("Toy2", "a toy", "2x2")
    ... class Toy2:
    ...     pass
    >>> i = info(Toy2)
    >>> i.kind, i.cli, i.stored_as, i.keyed_rules()
    ('impartial', 'toy2', ('old.toys.Toy2',), 'rules of Toy2')
    >>> _forget(Toy2)
    """

    kind: str
    """The members' kind (one of :data:`KINDS`), unless a member says another."""
    syntax: str
    """What a member's position text is (see :attr:`RulesetInfo.syntax`)."""
    docs: str | None
    """The guide page showing the members (see :attr:`RulesetInfo.docs`)."""
    moved_from: str
    """The module whose qualified class names the members' values were stored under."""
    fast_path: str | None = None
    """The members' declared alternative implementation (see :attr:`RulesetInfo.fast_path`)."""
    keyed_rules: Callable[[Any], Any] | None = None
    """Gives a member class's keyed rules (see :attr:`RulesetInfo.keyed_rules`)."""
    make: Callable[[Any], Callable[[str], Any]] | None = None
    """Gives a member class's maker from text (see :attr:`RulesetInfo.make`).

    ``None``: the class itself."""

    def register(
        self, name: str, summary: str, example: str, *, kind: str | None = None
    ) -> Callable[[_T], _T]:
        """A class decorator registering a member of the family (see :func:`register_ruleset`).

        >>> from cgt.games import Clobber
        >>> i = info(Clobber)
        >>> i.syntax, i.cli, i.docs, i.stored_as, i.keyed_rules().ruleset
        ('BOARD', 'clobber', 'boards', ('cgt.games.boards.Clobber',), 'Clobber')
        """

        def register(cls: _T) -> _T:
            keyed = self.keyed_rules
            return register_ruleset(
                name,
                self.kind if kind is None else kind,
                syntax=self.syntax,
                summary=summary,
                example=example,
                cli=name.lower(),
                docs=self.docs,
                make=None if self.make is None else self.make(cls),
                stored_as=(f"{self.moved_from}.{name}",),
                fast_path=self.fast_path,
                keyed_rules=None if keyed is None else lambda: keyed(cls),
            )(cls)

        return register


def read_size(cls: Callable[[int, int], Any]) -> Callable[[str], Any]:
    """A maker reading ``ROWSxCOLS`` (as ``2x3``) into ``cls(rows, columns)``.

    >>> read_size(lambda r, c: (r, c))("2x3")
    (2, 3)
    >>> read_size(lambda r, c: (r, c))("2 by 3")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: expected a size ROWSxCOLS such as 2x3, got '2 by 3'
    """

    def make(text: str) -> Any:
        rows, sep, cols = text.lower().partition("x")
        if not sep or not rows.strip().isdigit() or not cols.strip().isdigit():
            raise InvalidArgument(f"expected a size ROWSxCOLS such as 2x3, got {text!r}")
        return cls(int(rows), int(cols))

    return make


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _forget(cls: type) -> None:
    """Drop a class from the registry (for tests and doctests that register toys)."""
    with _LOCK:
        entry = _REGISTRY.pop(cls, None)
        if entry is not None:
            _BY_NAME.pop(entry.name, None)


def info(cls: type) -> RulesetInfo:
    """The registered metadata of a ruleset class (its own, not a base class's).

    >>> from cgt.games import Snort
    >>> info(Snort).cli
    'snort'
    >>> info(int)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: int is not a registered ruleset (decorate it with ...)
    """
    found = _REGISTRY.get(cls)
    if found is None:
        raise InvalidArgument(
            f"{cls.__qualname__} is not a registered ruleset "
            f"(decorate it with cgt.games.registry.register_ruleset)"
        )
    return found


def by_name(name: str) -> RulesetInfo:
    """The ruleset registered under the stable name ``name``.

    >>> by_name("Domineering").cli
    'domineering'
    """
    found = _BY_NAME.get(name)
    if found is None:
        raise InvalidArgument(f"no ruleset is registered as {name!r}")
    return found


def rulesets() -> list[RulesetInfo]:
    """Every registered ruleset, in the order they were registered.

    >>> [r.name for r in rulesets()][:2]
    ['ChipGame', 'Hexapawn']
    """
    with _LOCK:
        return list(_REGISTRY.values())


def stored_name(cls: type) -> str | None:
    """The stored name of a registered ruleset class, or ``None`` for any other class.

    >>> from cgt.games import Konane
    >>> stored_name(Konane), stored_name(int)
    ('ruleset:Konane', None)
    """
    found = _REGISTRY.get(cls)
    return None if found is None else found.stored_name
