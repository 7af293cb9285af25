"""The exception classes of :mod:`cgt`.

Every error the library raises on purpose derives from :class:`CGTError`, and
also from :class:`ValueError` or :class:`TypeError`, so that ``except
ValueError`` keeps working in code that does not know about ``cgt``.

>>> import cgt
>>> try:
...     cgt.parse("{1|")
... except cgt.CGTError as err:
...     print(type(err).__name__)
ParseError
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CGTError",
    "DivisionByZero",
    "GameTooDeep",
    "InvalidArgument",
    "InvalidNimber",
    "InvalidPosition",
    "LoopyPosition",
    "MissingExtra",
    "NotANumber",
    "NotAtomic",
    "NotImpartial",
    "ParseError",
    "PositionProtocolError",
    "RulesetMismatch",
    "TooLarge",
    "WorkLimitExceeded",
    "WrongType",
]


def _rebuild(cls: type[CGTError], args: tuple[Any, ...], state: dict[str, Any]) -> CGTError:
    """Recreate a pickled error without calling its ``__init__`` again."""
    err = cls.__new__(cls, *args)
    err.args = args
    err.__dict__.update(state)
    return err


class CGTError(Exception):
    """Base class of every error raised by :mod:`cgt`.

    Every error pickles with its message and attributes, whatever its
    ``__init__`` takes, so errors raised in worker processes
    (:mod:`multiprocessing`, Dask) reach the parent intact.

    >>> import pickle
    >>> issubclass(ParseError, CGTError)
    True
    >>> err = pickle.loads(pickle.dumps(ParseError("unexpected '?'", "{1|?}", 3)))
    >>> err.position, str(err).splitlines()[0]
    (3, "unexpected '?' at position 3")
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


_WINDOW = 72  # characters of a long text shown in a ParseError message


class ParseError(CGTError, ValueError):
    """A string could not be read as a game.

    The message repeats the text with a caret under the first offending
    character; :attr:`text` and :attr:`position` (0-based) say the same.

    >>> err = ParseError("unexpected '?'", "{1|?}", 3)
    >>> print(err)
    unexpected '?' at position 3
      {1|?}
         ^
    >>> err.position
    3
    >>> print(ParseError("unexpected '?'", "1+" * 50 + "?", 100))
    unexpected '?' at position 100
      ...+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+?
                                                                               ^
    """

    def __init__(self, message: str, text: str, position: int) -> None:
        self.message = message
        self.text = text
        self.position = position
        line = text.replace("\n", " ").replace("\t", " ")
        caret = position
        if len(line) > _WINDOW:  # long texts: show a window around the caret
            start = max(0, min(position - _WINDOW // 2, len(line) - _WINDOW))
            end = start + _WINDOW
            head = "..." if start > 0 else ""
            line = head + line[start:end] + ("..." if end < len(line) else "")
            caret = position - start + len(head)
        super().__init__(f"{message} at position {position}\n  {line}\n  {' ' * caret}^")


class NotANumber(CGTError, ValueError, TypeError):
    """A number was required but the game is not one.

    It is a :class:`ValueError` like every ``cgt`` error, and also a
    :class:`TypeError`, as Python raises for ``int()``, ``float()`` or
    ``math.floor()`` of something that is not a number.

    >>> import cgt
    >>> try:
    ...     float(cgt.star)
    ... except TypeError as err:
    ...     print(err)
    float() needs a number, and * is not a number
    >>> try:
    ...     cgt.star.to_dyadic()
    ... except NotANumber as err:
    ...     print(err)
    * is not a number
    """


class NotImpartial(CGTError, ValueError):
    """An impartial game was required but the game is partizan.

    >>> import cgt
    >>> try:
    ...     cgt.up.nim_value()
    ... except NotImpartial as err:
    ...     print(err)
    ^ is not impartial (not a nimber)
    """


class NotAtomic(CGTError, ValueError):
    """The atomic weight of a game is not defined.

    >>> issubclass(NotAtomic, ValueError)
    True
    """


class InvalidPosition(CGTError, ValueError):
    """A board, graph, rule name or other position description is invalid.

    >>> issubclass(InvalidPosition, ValueError)
    True
    """


class GameTooDeep(CGTError, ValueError):
    """A computation recursed deeper than the library's controlled limit.

    >>> issubclass(GameTooDeep, CGTError)
    True
    """


class RulesetMismatch(CGTError, ValueError):
    """A solver's tables hold one ruleset's values and were asked about another.

    Keyed rules of different games may use equal keys for different
    components, so one :class:`~cgt.solver.Solver` serves one ruleset's keyed
    rules (until it is cleared).

    >>> issubclass(RulesetMismatch, ValueError)
    True
    """


class TooLarge(CGTError, ValueError):
    """The answer is too large to build (or the search too long to run) at once.

    Raised before any work starts, with the reason: say a game with ``2**40``
    options to list, or a canonical form that grows with a huge multiplier.
    Values of the form ``x + k.up + *m`` are closed forms and never raise it.

    >>> import cgt
    >>> try:
    ...     cgt.nimber(2**40).left_options
    ... except TooLarge as err:
    ...     print(err)
    *1099511627776 has 2**40 options on each side (0 .. *1099511627775); too many to list: ...
    """


class WorkLimitExceeded(TooLarge):
    """A computation needed more steps of work than its budget allows.

    Raised by the engines (both the compiled one and pure Python) when the
    budget that :func:`cgt.work_limit` gave the running thread is spent.  It
    is a :class:`TooLarge` (a :class:`ValueError`): the answer was too costly
    to find within the limit.  Nothing half-built stays in the caches, so the
    same computation can be run again with a larger budget.
    :attr:`limit` is the budget that was spent.

    >>> import cgt, pickle
    >>> g = cgt.parse("+".join("{%d|{%d|-%d}}" % (k, k - 1, k) for k in range(1, 9)))
    >>> try:
    ...     with cgt.work_limit(100):
    ...         g + g.left_options[0]
    ... except WorkLimitExceeded as err:
    ...     print(err.limit, isinstance(err, TooLarge))
    100 True
    >>> pickle.loads(pickle.dumps(WorkLimitExceeded(100))).limit
    100
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(
            f"this computation needs more than its work budget of {limit:,} steps "
            "(cgt.work_limit); run it with a larger budget, or without one"
        )


class LoopyPosition(CGTError, ValueError):
    """A position can be played back to itself: it is loopy, not a short game.

    The solver values short games only; it meets the same key again on its
    current line of play and says so at once.

    >>> from cgt.games.base import ImpartialPosition
    >>> class Cycle(ImpartialPosition):
    ...     def __init__(self, n): self.n = n
    ...     def options(self): return [Cycle((self.n + 1) % 3)]
    ...     def key(self): return self.n
    >>> Cycle(0).grundy()
    Traceback (most recent call last):
    ...
    cgt.errors.LoopyPosition: the position Cycle with key 0 can be played back to itself ...
    """


class PositionProtocolError(CGTError, TypeError):
    """A user position does not implement what the solver needs.

    The message names the method and the type of the offending object: an
    option that is not a position, or a ``key()`` that is not hashable.

    >>> from cgt.games.base import ImpartialPosition
    >>> class Bad(ImpartialPosition):
    ...     def options(self): return [3]
    ...     def key(self): return "bad"
    >>> Bad().grundy()
    Traceback (most recent call last):
    ...
    cgt.errors.PositionProtocolError: 3 (an int) is not a position: it has no components(); ...
    """


class WrongType(CGTError, TypeError):
    """An argument has a type the function does not accept.

    >>> import cgt
    >>> try:
    ...     cgt.parse(None)
    ... except WrongType as err:
    ...     print(err)
    parse() needs a str, not NoneType
    >>> issubclass(WrongType, TypeError)
    True
    """


class InvalidArgument(CGTError, ValueError):
    """An argument has the right type but a value the function cannot use
    (a negative count, an unknown format specification, ...).

    >>> import cgt
    >>> try:
    ...     format(cgt.up, ".3f")
    ... except InvalidArgument as err:
    ...     print(err)
    unknown format '.3f' for a game: use [[fill]align][width] then '', 'u' or 'latex'
    """


class MissingExtra(CGTError, ImportError, ValueError):
    """An optional dependency is not installed; the message names the extra to install.

    It is an :class:`ImportError`, as Python's own, and a :class:`ValueError`
    like every other ``cgt`` error.

    >>> err = MissingExtra("saving PNG needs cairosvg (the 'plot' extra): pip install cairosvg")
    >>> isinstance(err, ImportError), "'plot' extra" in str(err)
    (True, True)
    """


class InvalidNimber(CGTError, ValueError):
    """A nimber or nim-arithmetic argument is not a non-negative integer.

    >>> import cgt
    >>> try:
    ...     cgt.nimber(-1)
    ... except InvalidNimber as err:
    ...     print(err)
    a nimber needs a non-negative int, not -1
    """


class DivisionByZero(CGTError, ZeroDivisionError, ValueError):
    """Division by zero (of dyadics, or by the nimber 0).

    It is a :class:`ZeroDivisionError`, as Python's own division by zero, and
    also a :class:`ValueError` like every other ``cgt`` error.

    >>> import cgt
    >>> try:
    ...     cgt.Dyadic(1, 2) / 0
    ... except ZeroDivisionError as err:
    ...     print(type(err).__name__, "-", err)
    DivisionByZero - division of 1/2 by zero
    """
