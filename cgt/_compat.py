"""Old spellings kept working: properties whose values may still be called.

The library's rule (see the guide's conventions page): ``is_*`` predicates
and what an object is made of (its options as a value, its graph, its board)
are properties; whatever searches or computes is a method.  Where a name
moved from a method to a property, the property returns a value that can
still be called the old way: the call gives the same value and a
:class:`DeprecationWarning` naming the new spelling.

>>> import warnings
>>> done = flag(True, "Example.is_done")
>>> bool(done), done == True, repr(done)
(True, True, 'True')
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     done()
True
>>> print(seen[0].message)
Example.is_done() is deprecated: is_done is a property now; read it without parentheses
"""

from __future__ import annotations

import threading
import warnings
from typing import Any, cast

__all__ = ["CallableFlag", "CallableStr", "callable_graph", "deprecated", "flag"]


def deprecated(spelling: str, advice: str, stacklevel: int = 3) -> None:
    """Warn that ``spelling`` is deprecated, with ``advice`` on what to write instead.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as seen:
    ...     warnings.simplefilter("always")
    ...     deprecated("f()", "call g()")
    >>> print(seen[0].message)
    f() is deprecated: call g()
    """
    warnings.warn(f"{spelling} is deprecated: {advice}", DeprecationWarning, stacklevel=stacklevel)


def _moved(spelling: str) -> None:
    name = spelling.rpartition(".")[2]
    deprecated(
        f"{spelling}()", f"{name} is a property now; read it without parentheses", stacklevel=4
    )


class CallableFlag(int):
    """A truth value that a former method spelling may still call.

    It behaves as the bool it stands for (``if``, ``not``, ``==``, ``repr``,
    pickling gives a plain bool); calling it returns that bool with a
    :class:`DeprecationWarning`.  Only ``flag is True`` tells it apart: compare
    with ``==`` or use it as a condition.

    >>> f = flag(False, "Example.is_done")
    >>> not f, f == False, str(f), isinstance(f, int)
    (True, True, 'False', True)
    """

    __slots__ = ()
    _spelling = ""

    def __call__(self) -> bool:
        _moved(self._spelling)
        return bool(self)

    def __repr__(self) -> str:
        return repr(bool(self))

    __str__ = __repr__

    def __reduce__(self) -> tuple[Any, ...]:
        return (bool, (bool(self),))


_FLAGS: dict[str, tuple[CallableFlag, CallableFlag]] = {}
_LOCK = threading.Lock()


def flag(value: bool, spelling: str) -> bool:
    """``value`` as a :class:`CallableFlag` for the former method ``spelling``
    (``"Class.name"``); typed as a bool, which it stands for.

    >>> flag(True, "Example.is_done") is flag(True, "Example.is_done")
    True
    """
    pair = _FLAGS.get(spelling)
    if pair is None:
        with _LOCK:
            pair = _FLAGS.get(spelling)
            if pair is None:
                kind = type(
                    "CallableFlag", (CallableFlag,), {"__slots__": (), "_spelling": spelling}
                )
                pair = _FLAGS[spelling] = (kind(0), kind(1))
    return cast(bool, pair[1 if value else 0])


class CallableStr(str):
    """A string that a former method spelling may still call (with a
    :class:`DeprecationWarning`); pickles as a plain ``str``.

    >>> s = CallableStr("BBB|...|WWW", "Hexapawn.board")
    >>> s, s.split("|")[0], s == "BBB|...|WWW"
    ('BBB|...|WWW', 'BBB', True)
    """

    _spelling: str

    def __new__(cls, text: str, spelling: str) -> CallableStr:
        made = super().__new__(cls, text)
        made._spelling = spelling
        return made

    def __call__(self) -> str:
        _moved(self._spelling)
        return str(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str(self),))


_GRAPH_CLASS: type | None = None


def callable_graph(graph: Any, spelling: str) -> Any:
    """``graph`` (a ``networkx.Graph``, changed in place) made callable for the
    former method ``spelling``: calling it warns and returns it.  It pickles and
    copies as a graph.

    >>> import networkx as nx, warnings
    >>> g = callable_graph(nx.path_graph(3), "Example.graph")
    >>> isinstance(g, nx.Graph), g.number_of_edges()
    (True, 2)
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     g() is g
    True
    """
    global _GRAPH_CLASS
    if _GRAPH_CLASS is None:
        import networkx as nx

        class CallableGraph(nx.Graph):  # type: ignore[misc]
            """A ``networkx.Graph`` that the former method spelling may still call."""

            _spelling = ""

            def __call__(self) -> Any:
                _moved(self._spelling)
                return self

            def __reduce__(self) -> tuple[Any, ...]:
                return (nx.Graph, (nx.Graph(self),))

        _GRAPH_CLASS = CallableGraph
    graph.__class__ = _GRAPH_CLASS
    graph._spelling = spelling
    return graph
