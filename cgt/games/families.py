"""Ruleset families: the classes a family's maker function makes from parameters.

A family such as CGSuite's ``GenClobber`` is one position class whose rules
are class attributes; its maker (:func:`cgt.games.clobber_family.gen_clobber`,
:func:`cgt.games.gen_toads_and_frogs.gen_toads_and_frogs`) checks the
parameters and asks :class:`Members` for the subclass of those rules.  The
same parameters give the same class (so positions compare equal and share a
solver's table), made once under a lock, and a made class pickles as the
maker's call: its positions pickle too.  A made class's qualified name
holds its parameters, so a value store (:func:`cgt.use_store`) files each
member's values apart.

>>> import pickle
>>> from cgt.games.clobber_family import gen_clobber
>>> Diagonal = gen_clobber(directions="diagonal")
>>> type(Diagonal) is MemberClass, pickle.loads(pickle.dumps(Diagonal)) is Diagonal
(True, True)
"""

from __future__ import annotations

import copyreg
import threading
from collections.abc import Callable, Hashable
from typing import Any

__all__ = ["MemberClass", "Members"]


class MemberClass(type):
    """The type of a family's made classes: such a class pickles as the call of its
    maker with its parameters (:func:`copyreg.pickle` below).

    >>> from cgt.games.gen_toads_and_frogs import gen_toads_and_frogs
    >>> type(gen_toads_and_frogs(max_jump=2)).__name__
    'MemberClass'
    """


def _reduce_member(cls: MemberClass) -> tuple[Any, ...]:
    return (cls._maker, cls._parameters)  # type: ignore[attr-defined]


copyreg.pickle(MemberClass, _reduce_member)


class Members:
    """The made classes of one family: one subclass of ``base`` per parameters.

    ``maker`` is the module-level function that makes them (called again with
    the parameters to unpickle a class); ``name`` is the made classes' name.

    >>> class Base:
    ...     size = 1
    >>> def make(size):
    ...     return members.get((size,), {"size": size})
    >>> members = Members(Base, "Sized", make)
    >>> make(3) is make(3), make(3).size, make(3).__name__, make(3).__qualname__
    (True, 3, 'Sized', 'Sized(3,)')
    """

    def __init__(self, base: type, name: str, maker: Callable[..., Any]) -> None:
        self.base, self.name, self.maker = base, name, maker
        self._made: dict[Hashable, type] = {}
        self._lock = threading.Lock()

    def get(self, parameters: tuple[Any, ...], attributes: dict[str, Any]) -> Any:
        """The class of these parameters, with these class attributes (made once).

        >>> members = Members(object, "Kind", lambda n: members.get((n,), {"n": n}))
        >>> first = members.get((2,), {"n": 2})
        >>> first is members.get((2,), {"n": 2}), first.n, first.__qualname__
        (True, 2, 'Kind(2,)')
        """
        found = self._made.get(parameters)
        if found is not None:
            return found
        with self._lock:
            found = self._made.get(parameters)
            if found is None:
                found = MemberClass(
                    self.name,
                    (self.base,),
                    {
                        "__slots__": (),
                        "__module__": self.base.__module__,
                        # the parameters in the qualified name: a store names a ruleset's
                        # rows by it, so each member keeps its values apart
                        "__qualname__": f"{self.name}{parameters!r}",
                        "__doc__": f"A member of a family made by {self.maker.__name__}().",
                        "_maker": self.maker,
                        "_parameters": parameters,
                        **attributes,
                    },
                )
                self._made[parameters] = found
        return found
