"""One spelling for options: read them as an attribute or call them, on any object.

A game value (:class:`~cgt.Game`, loopy and misère values) keeps its options
in a property (``g.left_options``); a position computes them in a method
(``position.left_options()``).  Users type both spellings on both kinds of
object, so both give the options everywhere:

* a value's options are an :class:`Options`: a plain ``tuple`` (equal to,
  and hashing like, the tuple of the same options) that is also callable,
  returning itself, so ``g.left_options()`` works on a value;
* :class:`options_method` turns a method that computes options into an
  attribute that computes them when read, so ``position.left_options`` (no
  call) is the options of a position.  They are an :class:`OptionList`: a
  ``list`` as before (a fresh one on each read), also callable returning
  itself.  ``cgt.games.base`` applies it to every ruleset's
  ``left_options``, ``right_options`` and ``options``.

>>> import cgt
>>> from cgt.games import Domineering
>>> g, p = cgt.parse("{1|-1}"), Domineering("..|..")
>>> g.left_options, g.left_options()
((1,), (1,))
>>> len(p.left_options), len(p.left_options())
(2, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar, overload

__all__ = ["OptionList", "Options", "has_options_method", "options_method"]

_T = TypeVar("_T")
_S = TypeVar("_S")


class Options(tuple[_T, ...]):
    """A tuple of options that can also be called (returning itself).

    It is a ``tuple`` in every other way: it compares, hashes, prints and
    pickles as the tuple of the same options.

    >>> o = Options([1, 2])
    >>> o() is o, o == (1, 2), hash(o) == hash((1, 2)), o
    (True, True, True, (1, 2))
    >>> import pickle
    >>> type(pickle.loads(pickle.dumps(o))) is tuple
    True
    """

    __slots__ = ()

    def __call__(self) -> Options[_T]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # a plain tuple in a pickle: nothing else needs this class to unpickle it
        return (tuple, (tuple(self),))

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class OptionList(list[_T]):
    """A list of a position's options that can also be called (returning itself).

    A plain ``list`` otherwise (a fresh one on each read of the options, so
    changing it changes nothing else); it pickles as a list.

    >>> o = OptionList([1, 2])
    >>> o() is o, o == [1, 2], o
    (True, True, [1, 2])
    >>> import pickle
    >>> type(pickle.loads(pickle.dumps(o))) is list
    True
    """

    __slots__ = ()

    def __call__(self) -> OptionList[_T]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))

    def __repr__(self) -> str:
        return list.__repr__(self)


class options_method(Generic[_S, _T]):
    """A method computing options that also reads as an attribute.

    ``obj.name()`` and ``obj.name`` both give the options as an
    :class:`OptionList` (the method's result, made a list).  On the class, ``Cls.name`` is this
    descriptor, callable as the method: ``Cls.name(obj)``.

    >>> class Heap:
    ...     def __init__(self, n): self.n = n
    ...     @options_method
    ...     def options(self):
    ...         "The smaller heaps."
    ...         return [Heap(k) for k in range(self.n)]
    >>> [h.n for h in Heap(3).options], [h.n for h in Heap(3).options()]
    ([0, 1, 2], [0, 1, 2])
    >>> [h.n for h in Heap.options(Heap(2))], Heap.options.__doc__
    ([0, 1], 'The smaller heaps.')
    """

    def __init__(self, func: Callable[[_S], Iterable[_T]]) -> None:
        self.__func__ = func
        functools.update_wrapper(self, func)

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> options_method[_S, _T]: ...

    @overload
    def __get__(self, obj: _S, owner: type | None = None) -> OptionList[_T]: ...

    def __get__(self, obj: _S | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return _option_list(self.__func__(obj))

    def __call__(self, obj: _S) -> OptionList[_T]:
        return _option_list(self.__func__(obj))

    def __repr__(self) -> str:
        return f"<options method {self.__func__.__qualname__}>"


def _option_list(options: Iterable[_T]) -> OptionList[_T]:
    if type(options) is OptionList:
        return options
    return OptionList(options)


def has_options_method(obj: object, name: str) -> bool:
    """Whether ``obj``'s class computes options in a method ``name`` (a position's way).

    Asked of the class, so that probing a position does not compute its
    options; a value's options property does not count.

    >>> import cgt
    >>> from cgt.games import Domineering
    >>> has_options_method(Domineering("..|.."), "left_options")
    True
    >>> has_options_method(cgt.star, "left_options"), has_options_method(3, "options")
    (False, False)
    """
    return callable(getattr(type(obj), name, None))
