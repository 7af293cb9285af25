"""The Position protocol that every ruleset implements.

A ruleset subclasses :class:`Position` (partizan) or
:class:`ImpartialPosition` and supplies the options, and optionally a split
into independent components and a normalised key.  The generic
:class:`cgt.solver.Solver` does the rest; each ruleset class shares one solver
(and so one transposition table) across all its positions.

>>> class Heap(ImpartialPosition):
...     def __init__(self, n: int) -> None: self.n = n
...     def options(self): return [Heap(k) for k in range(self.n)]
...     def key(self): return self.n
>>> Heap(6).grundy(), Heap(2).value()
(6, *2)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from .. import play as _play
from .._engine import implementation
from .._options import options_method
from ..errors import WrongType
from ..impartial.sprague_grundy import register_grundy_solver
from ..play import Move, Player, Sum
from ..solver import ImpartialLike, Solver

if TYPE_CHECKING:  # pragma: no cover
    from ..certificates import Certificate
    from ..dyadic import Dyadic
    from ..game import Game, Outcome
    from ..impartial.misere_canonical import MisereGame
    from ..scoring import ScoringGame

__all__ = [
    "GRAPH_COORDINATES",
    "GRID_COORDINATES",
    "HEAP_COORDINATES",
    "STRIP_COORDINATES",
    "ImpartialPosition",
    "Position",
    "ScoringPosition",
    "clear_solver_caches",
    "implementation",
    "register_cache",
    "solver_for",
]

_SOLVERS: dict[type, Solver] = {}
_CLEARERS: list[Callable[[], None]] = []


def register_cache(clear: Callable[[], None]) -> None:
    """Register a ruleset's own cache (say of normalised keys) with :func:`clear_solver_caches`.

    >>> seen = []
    >>> register_cache(lambda: seen.append("cleared"))
    >>> clear_solver_caches(); seen
    ['cleared']
    >>> _CLEARERS.pop() is not None
    True
    """
    _CLEARERS.append(clear)


def solver_for(kind: type) -> Solver:
    """The shared solver (and transposition table) of a ruleset class.

    >>> solver_for(int) is solver_for(int)
    True
    """
    if not isinstance(kind, type):
        raise WrongType(f"solver_for() needs a ruleset class, not {type(kind).__name__}")
    solver = _SOLVERS.get(kind)
    if solver is None:
        solver = _SOLVERS[kind] = Solver()
    return solver


def clear_solver_caches() -> None:
    """Empty every ruleset's transposition table (and the registered ruleset caches).

    >>> clear_solver_caches()
    """
    for solver in _SOLVERS.values():
        solver.clear()
    for clear in _CLEARERS:
        clear()


_OPTION_METHODS = ("left_options", "right_options", "options")

# How move descriptions (describe_move, Move.description, the CLI) name places:
GRID_COORDINATES = (
    "squares are (row, column), both counted from 0 from the top-left square "
    "(rows top to bottom, as the board string is written)"
)
STRIP_COORDINATES = "squares are counted from 0 at the left end of the strip"
HEAP_COORDINATES = "heaps are counted from 0, in the order they are listed"
GRAPH_COORDINATES = (
    "vertices and edges are named as in the graph given "
    "(a graph read from text numbers its vertices from 0 in the order written)"
)


class _Spelled:
    """Options read alike as an attribute or a call, for every kind of position.

    A subclass's ``left_options``, ``right_options`` and ``options`` methods
    are made :class:`~cgt._options.options_method` s, so that
    ``position.left_options`` reads the options as ``position.left_options()``
    does (one spelling for values and positions, see :ref:`one-spelling`):

    >>> from cgt.games import Domineering
    >>> Domineering("..|..").left_options == Domineering("..|..").left_options()
    True
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in _OPTION_METHODS:
            raw = cls.__dict__.get(name)
            # only the options of a position (self alone), not a ruleset's options(key)
            if inspect.isfunction(raw) and raw.__code__.co_argcount == 1:
                setattr(cls, name, options_method(raw))


class _Playing(_Spelled):
    """What every normal-play position can be asked about play: sums, outcomes,
    winning moves (and its options read as an attribute or a call, see :class:`_Spelled`).

    >>> from cgt.games import Clobber
    >>> Clobber("xo").outcome()
    Outcome.N
    """

    __slots__ = ()

    move_coordinates: ClassVar[str] = ""
    """How the ruleset's move descriptions name places ("": they name none).

    >>> from cgt.games import Domineering
    >>> Domineering.move_coordinates
    'squares are (row, column), both counted from 0 from the top-left square (rows ...)'
    """

    def __add__(self, other: Any) -> Sum:
        """The disjunctive sum with another position or a game value (a :class:`~cgt.play.Sum`).

        >>> from cgt.games import Clobber
        >>> Clobber("xo") + Clobber("xo") + 1
        Sum(Clobber('xo'), Clobber('xo'), 1)
        """
        return Sum(self, other)

    def __radd__(self, other: Any) -> Sum:
        return Sum(other, self)

    def outcome(self) -> Outcome:
        """Who wins, by the outcome search of :func:`cgt.play.outcome` (no sum values).

        >>> from cgt.games import Clobber
        >>> Clobber("xo").outcome(), (Clobber("xo") + Clobber("xo")).outcome()
        (Outcome.N, Outcome.P)
        """
        return _play.outcome(self)

    def misere_outcome(self) -> Outcome:
        """The outcome class under misère play (whoever cannot move wins).

        By :func:`cgt.play.misere_outcome`: a search over the whole position
        (sums included), memoised by the components' keys.

        >>> from cgt.games import Domineering
        >>> Domineering("..|..").outcome(), Domineering("..|..").misere_outcome()
        (Outcome.N, Outcome.P)
        """
        return _play.misere_outcome(self)

    def sensible_moves(self, player: Player | str) -> list[Move]:
        """For each canonical option of the value, the moves that achieve it.

        >>> from cgt.games import Clobber
        >>> [(str(m.option), m.description) for m in Clobber("xoo").sensible_moves("R")]
        [('0', 'o (0, 1) takes x at (0, 0)')]
        """
        return _play.sensible_moves(self, player)

    def strategy(
        self,
        player: Player | str,
        *,
        moving: str | None = None,
        negate: Callable[[str], str] | None = None,
        split: bool = True,
        max_nodes: int = 200_000,
    ) -> Certificate:
        """A winning strategy for ``player`` as a certificate anyone can check.

        See :func:`cgt.certificates.strategy` (which takes sums too) and
        :mod:`cgt.verify`, the checker.

        >>> from cgt.games import Clobber
        >>> Clobber("xo.o").strategy("L")
        Certificate(Left wins moving first, 2 nodes)
        """
        from ..certificates import strategy

        return strategy(
            self, player, moving=moving, negate=negate, split=split, max_nodes=max_nodes
        )

    def describe_move(self, option: Any) -> str | None:
        """A readable description of the move to ``option`` (None: just name the option).

        Places are named as :attr:`move_coordinates` says.
        """
        return None


class Position(_Playing):
    """Base class of partizan positions.

    Subclasses implement :meth:`left_options` and :meth:`right_options`, and
    should override :meth:`key` (and :meth:`components` where the position
    splits into independent parts).

    A row of Domineering cells as a toy ruleset (Right plays horizontally):

    >>> class Row(Position):
    ...     def __init__(self, n: int) -> None: self.n = n
    ...     def left_options(self): return []
    ...     def right_options(self):
    ...         return [Row(i) + Row(self.n - i - 2) for i in range(self.n - 1)]
    ...     def __add__(self, other): return _Sum(self, other)
    ...     def key(self): return self.n
    >>> class _Sum(Position):
    ...     def __init__(self, *parts): self.parts = parts
    ...     def components(self): return self.parts
    >>> Row(2).value(), Row(5).value(), list(Row(3).components())[0].key()
    (-1, -2, 3)
    """

    solver_class: ClassVar[type | None] = None

    def winning_moves(self, player: Player | str) -> list[Move]:
        """The moves with which ``player`` (``"L"`` or ``"R"``), moving first, wins.

        >>> from cgt.games import Clobber
        >>> [m.description for m in Clobber("oxx").winning_moves("L")]
        ['x (0, 1) takes o at (0, 0)']
        >>> Clobber("xoo").winning_moves("L")   # worth v: Left has no good move
        []
        """
        return _play.winning_moves(self, player)

    def left_options(self) -> Iterable[Any]:
        """The positions Left can move to.

        >>> from cgt.games import Domineering       # Left places vertical dominoes
        >>> [str(p).replace(chr(10), "|") for p in Domineering("..|..").left_options()]
        ['#.|#.', '.#|.#']
        """
        raise NotImplementedError

    def right_options(self) -> Iterable[Any]:
        """The positions Right can move to.

        >>> from cgt.games import Domineering       # Right places horizontal ones
        >>> [str(p).replace(chr(10), "|") for p in Domineering("..|..").right_options()]
        ['##|..', '..|##']
        """
        raise NotImplementedError

    def components(self) -> Iterable[Any]:
        """Independent parts whose disjunctive sum is this position (default: itself).

        >>> from cgt.games import Domineering
        >>> list(Domineering("..#..").components())   # the wall splits the row
        [Domineering('..'), Domineering('..')]
        """
        return (self,)

    def key(self) -> Hashable:
        """A hashable key; equal keys must mean equal values (default: the object).

        >>> from cgt.games import Domineering
        >>> Domineering("..|..").key() == Domineering("..|..").key()
        True
        """
        return self

    def value(self) -> Game:
        """The canonical value of the position, via the ruleset's shared solver.

        >>> from cgt.games import Domineering
        >>> Domineering("..|..").value(), Domineering("...").value()
        (+-1, -1)
        """
        return solver_for(type(self)).value(self)


class ImpartialPosition(_Playing):
    """Base class of impartial positions: both players have the same options.

    >>> class Heap(ImpartialPosition):      # a Nim heap
    ...     def __init__(self, n: int) -> None: self.n = n
    ...     def options(self): return [Heap(k) for k in range(self.n)]
    ...     def key(self): return self.n
    >>> Heap(5).grundy(), Heap(2).value(), len(list(Heap(3).left_options()))
    (5, *2, 3)
    """

    def options(self) -> Iterable[Any]:
        """The positions either player can move to.

        >>> from cgt.games import OctalGame
        >>> list(OctalGame("0.77")(3).options())   # Kayles: take one or two pins
        [OctalGame('0.77')(2), OctalGame('0.77')(1, 1), OctalGame('0.77')(1)]
        """
        raise NotImplementedError

    def left_options(self) -> Iterable[Any]:
        """Same as :meth:`options`.

        >>> from cgt.games import OctalGame
        >>> list(OctalGame("0.77")(2).left_options())
        [OctalGame('0.77')(1), OctalGame('0.77')()]
        """
        return self.options()

    def right_options(self) -> Iterable[Any]:
        """Same as :meth:`options`.

        >>> from cgt.games import OctalGame
        >>> list(OctalGame("0.77")(2).right_options())
        [OctalGame('0.77')(1), OctalGame('0.77')()]
        """
        return self.options()

    def components(self) -> Iterable[Any]:
        """Independent parts whose disjunctive sum is this position (default: itself).

        >>> from cgt.games import NodeKayles
        >>> import networkx as nx
        >>> two_paths = nx.disjoint_union(nx.path_graph(2), nx.path_graph(3))
        >>> sorted(len(part.graph) for part in NodeKayles(two_paths).components())
        [2, 3]
        """
        return (self,)

    def key(self) -> Hashable:
        """A hashable key; equal keys must mean equal values (default: the object).

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.77")(3).key() == OctalGame("0.77")(3).key()
        True
        """
        return self

    def winning_moves(self, player: Player | str = Player.LEFT) -> list[Move]:
        """The moves that win for the player to move (both players have the same ones).

        >>> from cgt.games import NodeKayles
        >>> import networkx as nx
        >>> [m.position.grundy() for m in NodeKayles(nx.path_graph(3)).winning_moves()]
        [0]
        """
        return _play.winning_moves(self, player)

    def grundy(self) -> int:
        """The Grundy value, via the ruleset's shared solver.

        >>> from cgt.games import OctalGame
        >>> [OctalGame("0.77")(n).grundy() for n in range(8)]   # Kayles
        [0, 1, 2, 3, 1, 4, 3, 2]
        """
        return solver_for(type(self)).grundy(self)

    def misere_outcome(self) -> Outcome:
        """The outcome class under misère play (the last player to move loses).

        ``Outcome.P`` if the player to move loses, else ``Outcome.N``, by
        :func:`cgt.impartial.misere_outcome`.

        >>> from cgt.games import OctalGame
        >>> kayles = OctalGame("0.77")
        >>> kayles(1).misere_outcome(), kayles(1).outcome(), kayles(2).misere_outcome()
        (Outcome.P, Outcome.N, Outcome.N)
        """
        from ..impartial.misere import misere_outcome

        return misere_outcome(self)

    def misere_canonical_form(self) -> MisereGame:
        """The misère canonical form (see :func:`cgt.impartial.misere_canonical_form`).

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.77")(5).misere_canonical_form()
        *[2[2]321]
        """
        from ..impartial.misere_canonical import misere_canonical_form

        return misere_canonical_form(self)

    def value(self) -> Game:
        """The value as a game: the nimber of the Grundy value.

        >>> from cgt.games import OctalGame
        >>> OctalGame("0.77")(5).value()
        *4
        """
        from ..game import nimber

        return nimber(self.grundy())


class ScoringPosition(_Spelled):
    """Base class of scoring positions: a play ends with a score, not with a loser.

    Subclasses implement :meth:`left_options` and :meth:`right_options`
    like a partizan position, and :meth:`left_atom` / :meth:`right_atom`: the
    score (an ``int`` or :class:`~cgt.Dyadic`) the game ends with when Left
    (Right) is to move and has no option; they are asked only then.  Left
    wants the score high, Right low.  :meth:`components` and :meth:`key` are
    as for :class:`Position`; the atoms of a sum are the sums of the
    components' atoms, so a split into components must keep that true.
    The shared solver values the position as a
    :class:`~cgt.scoring.ScoringGame` (:meth:`cgt.solver.Solver.scoring_value`).

    A take-away game with a score: Left takes one or two counters from a
    heap, scoring one point each; Right takes one, losing a point; whoever
    cannot move ends the game with the points so far:

    >>> class Take(ScoringPosition):
    ...     def __init__(self, n, points=0): self.n, self.points = n, points
    ...     def left_options(self):
    ...         return [Take(self.n - k, self.points + k) for k in (1, 2) if k <= self.n]
    ...     def right_options(self):
    ...         return [Take(self.n - 1, self.points - 1)] if self.n else []
    ...     def left_atom(self): return self.points
    ...     def right_atom(self): return self.points
    ...     def key(self): return (self.n, self.points)
    >>> Take(2).value(), Take(2).value().left_score, Take(2).outcome(komi=1)
    (<2|<0|-2>>, 2, Outcome.N)
    """

    __slots__ = ()

    move_coordinates: ClassVar[str] = ""

    def left_options(self) -> Iterable[Any]:
        """The positions Left can move to.

        >>> from cgt.games import Kobber
        >>> [p.text() for p in Kobber("xo").left_options()]
        ['.x']
        """
        raise NotImplementedError

    def right_options(self) -> Iterable[Any]:
        """The positions Right can move to.

        >>> from cgt.games import Kobber
        >>> [p.text() for p in Kobber("xo").right_options()]
        ['o.']
        """
        raise NotImplementedError

    def left_atom(self) -> int | Dyadic:
        """The final score when Left is to move and has no option.

        >>> from cgt.games import Kobber
        >>> Kobber("2: x.o").left_atom()
        2
        """
        raise NotImplementedError

    def right_atom(self) -> int | Dyadic:
        """The final score when Right is to move and has no option.

        >>> from cgt.games import Diskonnect
        >>> Diskonnect("xo.").right_atom()      # Left could take the o: a point to Left
        1
        """
        raise NotImplementedError

    def components(self) -> Iterable[Any]:
        """Independent parts whose sum is this position (default: itself).

        >>> from cgt.games import Kobber
        >>> list(Kobber("3: xo").components())
        [Kobber('xo'), Kobber('3: ')]
        """
        return (self,)

    def key(self) -> Hashable:
        """A hashable key; equal keys must mean equal values (default: the object).

        >>> from cgt.games import Kobber
        >>> Kobber("xo.").key() == Kobber(".ox").key()      # mirror images
        True
        """
        return self

    def value(self) -> ScoringGame:
        """The value as a scoring game, via the ruleset's shared solver.

        >>> from cgt.games import Kobber
        >>> Kobber("xo").value()
        <0|0>
        """
        return solver_for(type(self)).scoring_value(self)

    def outcome(self, komi: Any = 0, *, ties_to_left: bool = False) -> Outcome:
        """Who wins with each player starting, when Left needs a score above ``komi``
        (see :meth:`cgt.scoring.ScoringGame.outcome`; a tie goes to Right, or to Left
        with ``ties_to_left``).

        >>> from cgt.games import Kobber
        >>> Kobber("1: xo").outcome(), Kobber("1: xo").outcome(komi=1)
        (Outcome.L, Outcome.R)
        >>> Kobber("1: xo").outcome(komi=1, ties_to_left=True)
        Outcome.L
        """
        return self.value().outcome(komi, ties_to_left=ties_to_left)


def _grundy_by_solver(position: Any) -> int | None:
    """The Grundy value of a position the solver knows (for :func:`cgt.impartial.grundy`)."""
    if isinstance(position, ImpartialPosition):
        return position.grundy()
    if isinstance(position, ImpartialLike):
        return solver_for(type(position)).grundy(position)
    return None


register_grundy_solver(_grundy_by_solver)
