"""The closed family behind a misère quotient, shared by the impartial and the partizan one.

A misère quotient (impartial in :mod:`cgt.impartial.quotient`, partizan in
:mod:`cgt.misere.quotient`) is that of every sum of components of a finite
family closed under options.  :class:`Closure` collects that family from
some positions, labels or forms: it splits sums into their components,
identifies equal components by a key, numbers every component after the
components of its options (an iterative depth-first search: deep families do
not reach Python's recursion limit, and a cycle raises
:class:`~cgt.errors.LoopyPosition`) and records each component's moves as
sorted tuples of component numbers.

What differs between the two quotients is a few class attributes, set by a
subclass: :attr:`Closure.SIDES`, the methods that list a position's options
(``options`` for impartial positions, one list of moves; ``left_options``
and ``right_options`` for partizan ones, two), whether components with no
move are numbered, whether equal moves are kept once, and the marker of a
move that loses for its mover.  The outcome algebra (P or N; L, R, N or P)
is not the closure's business: each quotient reads its own outcomes.

Two helpers serve both verifications (the search over states of sums,
``(Φ(G), images of G's options ...)``, that proves a candidate quotient):
:func:`mask_multiplier` multiplies a set of elements, held as a bit mask, by
one element, and :func:`path_to` reads the sum of components that led to a
state back from the search's parent links.

>>> moves = {"*1": [()], "*2": [(), ("*1",)]}
>>> c = Closure(moves.__getitem__, 100)
>>> c.add("*2"), c.members, c.moves[0]
(2, ['*1', '*2'], [[], [()], [(), (1,)]])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, ClassVar

from .._options import has_options_method
from ..errors import InvalidPosition, LoopyPosition, TooLarge, WrongType

__all__ = ["Closure", "mask_multiplier", "path_to"]


class Closure:
    """The hereditary closure of a family, numbered so that options come first.

    ``options`` is ``None`` for positions (objects with the methods named in
    :attr:`SIDES`; an option that is a sum is split by its ``.components()``,
    and ``.key()``, when present, identifies equal components), or a function
    of a hashable label returning its moves (for one side, an iterable of
    tuples of labels, the components of the sum each move leaves; for two,
    a pair of such iterables).  ``limit`` bounds the number of components
    (:class:`~cgt.errors.TooLarge` beyond it).

    After :meth:`add`, component number ``k`` is ``members[k - FIRST]``;
    ``moves[s][k]`` lists the sums its moves on side ``s`` leave (sorted
    tuples of component numbers) and ``loses[s][k]`` whether a losing move
    (:attr:`LOSING_MOVE`) is among them.  With ``FIRST = 1`` the lists start
    with the empty sum's entry (no move) at index 0.

    >>> moves = {"a": [("b", "b"), ()], "b": [()]}
    >>> c = Closure(moves.__getitem__, 10)
    >>> c.add("a"), c.number, c.moves[0][2]
    (2, {'b': 1, 'a': 2}, [(1, 1), ()])
    """

    SIDES: ClassVar[tuple[str, ...]] = ("options",)
    """The methods listing a position's options, one per side whose moves are recorded."""
    FIRST: ClassVar[int] = 1
    """The number of the first component."""
    KEEP_TERMINAL: ClassVar[bool] = True
    """Whether a component with no move is numbered (else it counts as the empty sum)."""
    DISTINCT: ClassVar[bool] = False
    """Whether each side's moves are kept once each and sorted (else as listed)."""
    LOSING_MOVE: ClassVar[object | None] = None
    """The marker a label's options may give for a move that loses for its mover."""

    def __init__(self, options: Callable[[Any], Any] | None, limit: int) -> None:
        self.option_function = options
        self.labels = options is not None
        self.limit = limit
        self.number: dict[Hashable, int] = {}
        self.members: list[Any] = []
        self.moves: tuple[list[list[tuple[int, ...]]], ...] = tuple(
            [[] for _ in range(self.FIRST)] for _ in self.SIDES
        )
        self.loses: tuple[list[bool], ...] = tuple([False] * self.FIRST for _ in self.SIDES)
        self._terminal_keys: set[Hashable] = set()
        self._no_loss = (False,) * len(self.SIDES)

    # -- what a component is ----------------------------------------------------------
    def is_atom(self, item: Any) -> bool:
        """Whether ``item`` is a component that is never split (a game form, say).

        >>> Closure(None, 10).is_atom("x")
        False
        """
        return False

    def is_position(self, item: Any) -> bool:
        """Whether ``item`` has the option methods of :attr:`SIDES`.

        >>> from cgt.games import OctalGame
        >>> c = Closure(None, 10)
        >>> c.is_position(OctalGame("0.77").position(3)), c.is_position(3)
        (True, False)
        """
        return all(has_options_method(item, name) for name in self.SIDES)

    def convert(self, item: Any) -> Any:
        """What an item that is neither a position nor an atom stands for (default: an error).

        >>> Closure(None, 10).convert(3)
        Traceback (most recent call last):
        ...
        cgt.errors.WrongType: 3 has no .options(): give positions, or labels with ...
        """
        raise WrongType(
            f"{item!r} has no .options(): give positions, or labels with an options(label) function"
        )

    def normal(self, item: Any) -> Any:
        """``item`` as a component or sum of them: a label, an atom, a position, or converted.

        >>> Closure(lambda s: [], 10).normal(3)
        3
        """
        if self.labels or self.is_atom(item) or self.is_position(item):
            return item
        return self.convert(item)

    def key(self, component: Any) -> Hashable:
        """What identifies ``component``: itself, or its ``.key()`` for a position.

        >>> from cgt.games import OctalGame
        >>> Closure(None, 10).key(OctalGame("0.77").position(3)) is not None
        True
        """
        key: Hashable = component
        if not self.labels and not self.is_atom(component):
            method = getattr(component, "key", None)
            if callable(method):
                key = self.position_key(component, method())
        try:
            hash(key)
        except TypeError:
            raise WrongType(
                f"component {component!r} is not hashable (a family's components must be, "
                "or have a hashable .key())"
            ) from None
        return key

    def position_key(self, position: Any, key: Hashable) -> Hashable:
        """The key of a position whose ``.key()`` is ``key`` (default: that key).

        >>> Closure(None, 10).position_key(object(), (1, 2))
        (1, 2)
        """
        return key

    def atoms(self, item: Any) -> list[Any]:
        """The components of a sum (a position's ``.components()``, in turn split).

        >>> from cgt.games import OctalGame
        >>> len(Closure(None, 10).atoms(OctalGame("0.77").position(3, 4)))
        2
        """
        item = self.normal(item)
        if self.labels or self.is_atom(item):
            return [item]
        split = getattr(item, "components", None)
        if not callable(split):
            return [item]
        parts = list(split())
        if len(parts) == 1 and self.key(parts[0]) == self.key(item):
            return [parts[0]]
        out: list[Any] = []
        for part in parts:
            out.extend(self.atoms(part))
        return out

    def sum_items(self, components: Any, message: str) -> Iterable[Any]:
        """The items of a sum given as an iterable, or as one position (or atom) alone.

        ``message`` is that of the :class:`~cgt.errors.WrongType` raised for
        anything else, with ``{}`` where the type's name goes.

        >>> Closure(None, 10).sum_items(["x", "y"], "give a list, not a {}")
        ['x', 'y']
        """
        if not self.labels and (self.is_atom(components) or self.is_position(components)):
            return [components]
        if isinstance(components, (str, bytes)) or not isinstance(components, Iterable):
            raise WrongType(message.format(type(components).__name__))
        return components

    # -- its moves --------------------------------------------------------------------
    def options_of(self, component: Any) -> list[Iterable[Any]]:
        """The options of a position (or atom) on each side, before they are split.

        >>> from cgt.games import OctalGame
        >>> len(Closure(None, 10).options_of(OctalGame("0.77").position(3))[0])
        3
        """
        return [getattr(component, name)() for name in self.SIDES]

    def component_moves(self, component: Any) -> tuple[list[list[list[Any]]], Sequence[bool]]:
        """For each side, the sums (lists of components) its moves leave, and the losing flags.

        >>> Closure(lambda s: [("x",), ()], 10).component_moves("y")
        ([[['x'], []]], (False,))
        """
        # few new containers per component: the collector's passes grow with them
        no_loss = self._no_loss
        if not self.labels:
            return [[self.atoms(o) for o in side] for side in self.options_of(component)], no_loss
        assert self.option_function is not None
        found = self.option_function(component)
        if len(self.SIDES) == 1:
            per_side = [found]
        elif not isinstance(found, (tuple, list)) or len(found) != len(self.SIDES):
            names = ", ".join(f"{self._side(s)} moves" for s in range(len(self.SIDES)))
            raise WrongType(f"options({component!r}) must return a pair ({names}), not {found!r}")
        else:
            per_side = list(found)
        sides: list[list[list[Any]]] = []
        flags: Sequence[bool] = no_loss
        marker = self.LOSING_MOVE
        for s, moves in enumerate(per_side):
            if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
                side = self._side(s)
                where = f": the {side} moves must be" if side else " must return"
                raise WrongType(
                    f"options({component!r}){where} an iterable of tuples of labels, "
                    f"not {type(moves).__name__}"
                )
            sums: list[list[Any]] = []
            for option in moves:
                if isinstance(option, (tuple, list)):
                    sums.append(list(option))
                elif marker is not None and option is marker:
                    if flags[s]:
                        continue
                    flags = list(flags)
                    flags[s] = True
                else:
                    side = self._side(s)
                    also = f" or {marker!r}" if marker is not None else ""
                    raise WrongType(
                        f"options({component!r}) gave {f'the {side} move ' if side else ''}"
                        f"{option!r}: each move must be a tuple of labels (the components of the "
                        f"sum it leaves; () for none){also}"
                    )
            sides.append(sums)
        return sides, flags

    def _side(self, s: int) -> str:
        name = self.SIDES[s]
        return name.removesuffix("options").removesuffix("_")

    # -- numbering --------------------------------------------------------------------
    def add(self, component: Any) -> int | None:
        """Number ``component`` and everything below it; ``None`` for a dropped terminal one.

        ``component`` is one component (see :meth:`atoms` for splitting a sum).

        >>> moves = {"a": [("b",)], "b": [("a",)]}
        >>> Closure(moves.__getitem__, 10).add("a")
        Traceback (most recent call last):
        ...
        cgt.errors.LoopyPosition: 'a' can be reached again from itself: a family must be short ...
        """
        component = self.normal(component)
        top = self.key(component)
        if top in self.number:
            return self.number[top]
        if top in self._terminal_keys:
            return None
        on_path: set[Hashable] = {top}
        Frame = tuple[
            Hashable, Any, list[list[Any]], list[list[list[Any]]], Sequence[bool], list[Any]
        ]
        stack: list[Frame] = []
        moves_of = self.component_moves
        single = len(self.SIDES) == 1

        def push(key: Hashable, c: Any) -> None:
            sides, flags = moves_of(c)
            every = sides[0] if single else [move for side in sides for move in side]
            stack.append((key, c, every, sides, flags, []))

        push(top, component)
        key_of, number, terminal = self.key, self.number, self._terminal_keys
        while stack:
            key, c, every, sides, flags, done = stack[-1]
            descended = False
            while len(done) < len(every):
                numbers: list[int] = []
                for part in every[len(done)]:
                    part_key = key_of(part)
                    if part_key in terminal:
                        continue
                    if part_key in on_path:
                        raise LoopyPosition(
                            f"{part!r} can be reached again from itself: a family must be short "
                            "(every play ends) for its misère quotient"
                        )
                    found = number.get(part_key)
                    if found is None:
                        on_path.add(part_key)
                        push(part_key, part)
                        descended = True
                        break
                    numbers.append(found)
                if descended:
                    break
                done.append(tuple(sorted(numbers)))
            if descended:
                continue
            stack.pop()
            on_path.discard(key)
            self._record(key, c, done, sides, flags)
        return self.number.get(top)

    def _record(
        self,
        key: Hashable,
        component: Any,
        done: list[tuple[int, ...]],
        moves: list[list[list[Any]]],
        flags: Sequence[bool],
    ) -> None:
        """Number a component whose moves (on each side) leave the sums ``done`` (in order)."""
        if not self.KEEP_TERMINAL and not done and not any(flags):
            self._terminal_keys.add(key)
            return
        members = self.members
        members.append(component)
        self.number[key] = len(members) - 1 + self.FIRST
        if len(moves) == 1 and not self.DISTINCT:
            self.moves[0].append(done)
            self.loses[0].append(flags[0])
        else:
            start = 0
            for s, side in enumerate(moves):
                found = done[start : start + len(side)]
                start += len(side)
                self.moves[s].append(sorted(set(found)) if self.DISTINCT else found)
                self.loses[s].append(flags[s])
        if len(members) > self.limit:
            raise TooLarge(
                f"the family's closure has more than {self.limit} components "
                "(raise max_components to go on)"
            )

    # -- reading sums -----------------------------------------------------------------
    def number_of(self, part: Any) -> int | None:
        """The number of a component of the closure (``None``: a dropped terminal one).

        Raises :class:`~cgt.errors.InvalidPosition` for a component not in it.

        >>> c = Closure({"x": [()]}.__getitem__, 10)
        >>> c.add("x"), c.number_of("x")
        (1, 1)
        """
        key = self.key(part)
        found = self.number.get(key)
        if found is None and key not in self._terminal_keys:
            raise InvalidPosition(
                f"{part!r} is not a component of this family's closure "
                f"({len(self.members)} components; see .components)"
            )
        return found

    def numbers_of(self, item: Any) -> list[int]:
        """The numbers of the components of a sum (dropped terminal ones left out).

        >>> c = Closure({"x": [()]}.__getitem__, 10)
        >>> c.add("x"), c.numbers_of("x")
        (1, [1])
        """
        out: list[int] = []
        for part in self.atoms(item):
            found = self.number_of(part)
            if found is not None:
                out.append(found)
        return out


def mask_multiplier(table: list[list[int]]) -> Callable[[int, int], int]:
    """``times(mask, w)``: the set ``{x·w : x in mask}`` of a monoid's elements, as bit masks.

    Remembers its answers (the verifications ask the same products again and again).

    >>> times = mask_multiplier([[0, 1], [1, 0]])     # the group of order 2
    >>> times(0b01, 1), times(0b11, 1), times(0, 1)
    (2, 3, 0)
    """
    times: dict[tuple[int, int], int] = {}

    def scaled(mask: int, w: int) -> int:
        found = times.get((mask, w))
        if found is None:
            out, m, x = 0, mask, 0
            while m:
                if m & 1:
                    out |= 1 << table[x][w]
                m >>= 1
                x += 1
            found = times[(mask, w)] = out
        return found

    return scaled


def path_to(parent: dict[Any, tuple[Any, int] | None], state: Any) -> tuple[int, ...]:
    """The sorted components added from the start to reach ``state`` (``parent`` links back).

    >>> path_to({"s": None, "t": ("s", 4), "u": ("t", 2)}, "u")
    (2, 4)
    """
    path: list[int] = []
    link = parent[state]
    while link is not None:
        state, component = link
        path.append(component)
        link = parent[state]
    return tuple(sorted(path))
