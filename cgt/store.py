"""A persistent value store on SQLite: values computed once, kept across processes.

A :class:`Store` is one SQLite file (standard library :mod:`sqlite3`, WAL
journal) holding

* the values of components that solvers computed, keyed by the ruleset's name
  and the component's normalised key: canonical forms as CGSuite text (read
  back with :func:`cgt.parse`) and Grundy values as integers;
* the results of surveys (:func:`cgt.survey`), keyed by the survey's name and
  a stable key of each item.

:func:`use_store` attaches a store to every solver of the process (a
``with`` block, or a plain call that holds until ``use_store(None)``);
``Solver(store=...)`` attaches one to a single solver.  A solver then looks a
component up in the store whenever its own table misses, and writes every
new component value there, in transactions of :data:`BATCH` values and at the
end of each top-level call (also when the call is interrupted: only complete
values are ever written).  A second run of a search, even in a new process,
computes only what is new.

>>> import os, tempfile
>>> from cgt.games import Domineering, clear_solver_caches
>>> clear_solver_caches()          # values already in memory are not written again
>>> path = os.path.join(tempfile.mkdtemp(), "values.cgt.sqlite")
>>> with use_store(path):
...     Domineering("...|...|...").value()
+-1
>>> store = Store.open(path)
>>> len(store) > 0, store.lookup("ruleset:Domineering", 0) is None
(True, True)
>>> store.close()

Several processes may read and write one store at once (SQLite locks the file;
a writer waits up to :attr:`Store.timeout` seconds for another to finish).  A
process killed mid-write loses at most the values it had not yet committed
and never leaves the file half-written.

A store holds data only, never code: values as CGSuite text, Grundy values
as integers, survey items and results as tagged JSON (:func:`encode_data`).
Every row carries the version of the encoding it was written under and a
checksum, verified whenever the row is read; :meth:`Store.verify` recomputes
a sample of the values from their keys.  The user guide's reliability page
says what this does and does not guarantee.

Keys are serialised deterministically (tuples, sets and frozensets, ints,
strings, booleans, ``None``, floats, bytes, classes and enum members, nested
freely; sets sorted), so the same key always finds the same row.  Components
whose keys are anything else (say a position keyed by its own identity) are
simply not stored.

A ruleset's rows are named by its stable name in the ruleset registry
(``ruleset:Clobber``, see :mod:`cgt.games.registry`), not by where its class
lives, so moving a class keeps its rows.  Stores written before the registry
named rows by ``module.qualname`` (``cgt.games.boards.Clobber``); opening
such a store renames those rows, each under the names its ruleset declares
in ``stored_as`` (a migration: a row's checksum is checked, then written
again for its new name); a file this process may not write is read under
the old names instead.
"""

from __future__ import annotations

import enum
import hashlib
import io
import json
import math
import os
import pickle
import random
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, TypeVar

from .errors import CGTError, InvalidArgument, TooLarge, WrongType

try:
    import sqlite3
except ImportError:  # Pyodide (cgt in a browser) ships sqlite3 apart from the standard library
    sqlite3 = None  # type: ignore[assignment]
from .game import Game
from .solver import set_persistence_provider

__all__ = [
    "BATCH",
    "ENCODING",
    "SCHEMA_VERSION",
    "Disagreement",
    "Store",
    "StoreEntry",
    "StoreError",
    "UnstorableKey",
    "UnstorableResult",
    "Verification",
    "current_store",
    "decode_data",
    "decode_key",
    "encode_data",
    "encode_key",
    "ruleset_name",
    "use_store",
]

_P = TypeVar("_P")

SCHEMA_VERSION = 2
"""The version of the store's tables this library writes (and the newest it reads).

Version 1 (cgt before the trust fixes) kept survey items and results as
pickles and rows without checksums; such a file is migrated to version 2
when it is opened (see :class:`Store`)."""

ENCODING = 1
"""The version of the row contents: key text (:func:`encode_key`), value text,
the rulesets' key normalisation and :func:`encode_data`.  Every row records
the version it was written under (and its checksum covers it); a row of
another version is refused with :class:`StoreError`, never reinterpreted.
Raise it when any of these change meaning."""

FORMAT = "cgt-store"
"""The ``format`` row that marks a SQLite file as a :mod:`cgt` store."""

BATCH = 1000
"""New values a solver keeps in memory before it writes them in one transaction."""


class StoreError(CGTError, ValueError):
    """A store file that cannot be used: corrupt, not a store, or of a newer version.

    >>> issubclass(StoreError, ValueError)
    True
    """


class UnstorableResult(WrongType):
    """A survey item or result that is not data :func:`encode_data` can store.

    >>> encode_data(object())
    Traceback (most recent call last):
    ...
    cgt.store.UnstorableResult: a value of type object cannot be stored: ...
    """


class UnstorableKey(CGTError, TypeError):
    """A key (or survey item) that has no stable text form, so it cannot be stored.

    >>> encode_key([1, 2])
    Traceback (most recent call last):
    ...
    cgt.store.UnstorableKey: a key of type list cannot be stored: keys must be built from ...
    """


# --- keys --------------------------------------------------------------------------


def ruleset_name(ruleset: Any) -> str:
    """The name under which a ruleset's values are stored.

    A registered ruleset class is named by its stable name (see
    :mod:`cgt.games.registry`), any other class by its module and qualified
    name; a string is itself.

    >>> from cgt.games import Domineering
    >>> ruleset_name(Domineering), ruleset_name("Domineering")
    ('ruleset:Domineering', 'Domineering')
    >>> ruleset_name(Store)
    'cgt.store.Store'
    """
    if isinstance(ruleset, str):
        return ruleset
    if isinstance(ruleset, type):
        from .games.registry import stored_name

        return stored_name(ruleset) or _qualified_name(ruleset)
    return encode_key(ruleset)


def _qualified_name(cls: type) -> str:
    """A class's module and qualified name: how a class inside a key is written."""
    return f"{cls.__module__}.{cls.__qualname__}"


def encode_key(key: Any) -> str:
    """A deterministic text form of a hashable key, the same in every process.

    Sets and frozensets are written sorted, so equal keys give equal text
    whatever the hash seed.

    >>> encode_key((3, frozenset({"b", "a"}), None, True))
    '(i3,{"a","b"},N,T)'
    >>> encode_key(frozenset({2, 1})) == encode_key(frozenset({1, 2}))
    True
    """
    return _encode(key)


def _encode(key: Any) -> str:
    kind = type(key)
    if kind is int:
        return f"i{key}"
    if kind is str:
        return json.dumps(key, ensure_ascii=False)
    if kind is tuple:
        return "(" + ",".join([_encode(k) for k in key]) + ")"
    if key is None:
        return "N"
    if key is True:
        return "T"
    if key is False:
        return "F"
    if kind is frozenset or kind is set:
        return "{" + ",".join(sorted([_encode(k) for k in key])) + "}"
    if kind is float:
        return f"f{key!r}"
    if kind is bytes:
        return f"b{key.hex()}"
    if isinstance(key, enum.Enum):
        return f"e{_qualified_name(type(key))}.{key.name}"
    if isinstance(key, type):
        return f"t{_qualified_name(key)}"
    if isinstance(key, Game):
        return f"g{json.dumps(str(key))}"
    if isinstance(key, tuple):  # a named tuple: its class and fields
        return f"n{_qualified_name(kind)}" + _encode(tuple(key))
    if isinstance(key, int):  # an int subclass other than bool
        return f"i{int(key)}"
    raise UnstorableKey(
        f"a key of type {kind.__name__} cannot be stored: keys must be built from "
        f"tuples, frozensets, ints, strings, booleans, None, floats, bytes, classes "
        f"and enum members (got {key!r:.80})"
    )


def decode_key(text: str) -> Any:
    """The key that :func:`encode_key` wrote as ``text``, for keys made of plain data.

    Ints, strings, tuples, frozensets, ``None``, booleans, floats, bytes and
    games come back; enum members, classes and named tuples are not rebuilt
    from a file (their names would have to be imported), so they raise
    :class:`StoreError`, as does text that no key encodes to.

    >>> decode_key('(i3,{"a","b"},N,T)') == (3, frozenset({"a", "b"}), None, True)
    True
    >>> decode_key(encode_key((b"\\x01", -2.5, ((),)))) == (b"\\x01", -2.5, ((),))
    True
    """
    if not isinstance(text, str):
        raise WrongType(f"decode_key() reads a str, not {type(text).__name__}")
    try:
        key, end = _decode(text, 0, 0)
    except (ValueError, IndexError, RecursionError):
        raise StoreError(f"{text!r:.80} is not the text of a key") from None
    if end != len(text):
        raise StoreError(f"{text!r:.80} is not the text of a key (junk at {end})")
    return key


_DECODER = json.JSONDecoder()


def _decode(text: str, at: int, depth: int) -> tuple[Any, int]:
    if depth > 200:
        raise ValueError("too deep")
    c = text[at]
    if c == "i" or c == "f":
        end = at + 1
        while end < len(text) and text[end] not in ",)}":
            end += 1
        body = text[at + 1 : end]
        if c == "f":
            return float(body), end
        if body != str(int(body)):
            raise ValueError(body)
        return int(body), end
    if c == '"':
        value, end = _DECODER.raw_decode(text, at)
        if type(value) is not str:
            raise ValueError(value)
        return value, end
    if c in "({":
        close = ")" if c == "(" else "}"
        items = []
        at += 1
        if text[at] != close:
            while True:
                item, at = _decode(text, at, depth + 1)
                items.append(item)
                if text[at] == close:
                    break
                if text[at] != ",":
                    raise ValueError(at)
                at += 1
        return (tuple(items) if c == "(" else frozenset(items)), at + 1
    if c in "NTF":
        return {"N": None, "T": True, "F": False}[c], at + 1
    if c == "b":
        end = at + 1
        while end < len(text) and text[end] in "0123456789abcdef":
            end += 1
        return bytes.fromhex(text[at + 1 : end]), end
    if c == "g":
        from .notation import parse

        value, end = _DECODER.raw_decode(text, at + 1)
        try:
            game = parse(value)
        except CGTError:
            raise ValueError(value) from None
        if not isinstance(game, Game):
            raise ValueError(value)
        return game, end
    raise ValueError(f"no plain key starts with {c!r}")


# --- survey data -------------------------------------------------------------------

_DEPTH = 200


def encode_data(value: Any) -> str:
    """``value`` as tagged JSON text, for survey items and results.

    Plain JSON holds ``None``, booleans, ints, finite floats, strings and
    lists; every other value is an object with one key naming its type:
    ``tuple``, ``dict`` (str keys), ``set``, ``frozenset``, ``bytes``,
    ``float`` (infinities and NaN), and the library's values in CGSuite text:
    ``game`` (:class:`~cgt.Game`), ``loopy``, ``sided``, ``dyadic``, and
    ``outcome``, ``player``, ``relation`` (enum members by name) and
    ``periodicity``.  Anything else raises :class:`UnstorableResult`: a store
    holds data, never objects that rebuild themselves by running code.

    >>> import cgt
    >>> encode_data((3, cgt.up, None))
    '{"tuple":[3,{"game":"^"},null]}'
    >>> decode_data(encode_data({"a": [1.5, frozenset({2})]}))
    {'a': [1.5, frozenset({2})]}
    """
    try:
        return json.dumps(_to_json(value, 0), separators=(",", ":"), ensure_ascii=False)
    except RecursionError:
        raise UnstorableResult("a value nested too deeply cannot be stored") from None


def _kinds() -> dict[str, tuple[type, Callable[[Any], Any], Callable[[Any], Any]]]:
    """The library's value types: tag -> (class, to JSON, from JSON)."""
    global _KINDS
    if _KINDS is None:
        from .dyadic import Dyadic
        from .game import Outcome, Relation
        from .impartial.periodicity import Periodicity
        from .loopy.sided import SidedValue
        from .loopy.values import LoopyGame
        from .play import Player

        def text(kind: type) -> Callable[[Any], Any]:
            def read(payload: Any) -> Any:
                from .notation import parse

                if type(payload) is not str:
                    raise ValueError(f"{kind.__name__} text must be a string")
                value: Any = parse(payload)
                if kind is Dyadic:
                    if not isinstance(value, Game) or not value.is_number:
                        raise ValueError(f"{payload!r:.60} is not a dyadic")
                    value = value.left_stop()
                if not isinstance(value, kind):
                    raise ValueError(f"{payload!r:.60} is not a {kind.__name__}")
                return value

            return read

        def member(kind: Any) -> Callable[[Any], Any]:
            def read(payload: Any) -> Any:
                if type(payload) is not str or payload not in kind.__members__:
                    raise ValueError(f"{payload!r:.60} is no {kind.__name__}")
                return kind[payload]

            return read

        def period(payload: Any) -> Any:
            if type(payload) is not list or len(payload) not in (5, 6):
                raise ValueError(
                    "a periodicity is [preperiod, period, values, verified_to, why(, saltus)]"
                )
            pre, per, values, upto, why, *rest = payload
            ints = [pre, per, upto, *rest, *(values if type(values) is list else [None])]
            if any(type(n) is not int for n in ints) or type(why) is not str:
                raise ValueError("a periodicity holds ints and a string")
            if rest:
                return Periodicity.arithmetic(pre, per, rest[0], tuple(values), upto, why)
            return Periodicity(pre, per, tuple(values), upto, why)

        _KINDS = {
            "game": (Game, str, text(Game)),
            "loopy": (LoopyGame, repr, text(LoopyGame)),  # repr: the whole graph
            "sided": (SidedValue, str, text(SidedValue)),
            "dyadic": (Dyadic, str, text(Dyadic)),
            "outcome": (Outcome, lambda v: v.name, member(Outcome)),
            "player": (Player, lambda v: v.name, member(Player)),
            "relation": (Relation, lambda v: v.name, member(Relation)),
            "periodicity": (
                Periodicity,
                lambda p: (
                    [p.preperiod, p.period, list(p.values), p.verified_to, p.criterion]
                    + ([p.saltus] if p.saltus else [])
                ),
                period,
            ),
        }
    return _KINDS


_KINDS: dict[str, tuple[type, Callable[[Any], Any], Callable[[Any], Any]]] | None = None


def _to_json(value: Any, depth: int) -> Any:
    if depth > _DEPTH:
        raise UnstorableResult(f"a value nested over {_DEPTH} deep cannot be stored")
    kind = type(value)
    if value is None or kind is bool or kind is str or kind is int:
        return value
    if kind is float:
        return value if math.isfinite(value) else {"float": repr(value)}
    if kind is list:
        return [_to_json(v, depth + 1) for v in value]
    if kind is tuple:
        return {"tuple": [_to_json(v, depth + 1) for v in value]}
    if kind is dict:
        if not all(type(k) is str for k in value):
            raise UnstorableResult(f"a dict is stored only with str keys, not {value!r:.80}")
        return {"dict": {k: _to_json(v, depth + 1) for k, v in value.items()}}
    if kind is set or kind is frozenset:
        parts = [_to_json(v, depth + 1) for v in value]
        parts.sort(key=lambda p: json.dumps(p, sort_keys=True))
        return {kind.__name__: parts}
    if kind is bytes:
        return {"bytes": value.hex()}
    for tag, (cls, write, _) in _kinds().items():
        if kind is cls:
            return {tag: write(value)}
    raise UnstorableResult(
        f"a value of type {kind.__name__} cannot be stored: survey items and results must be "
        f"data (None, bools, ints, floats, strings, lists, tuples, sets, dicts with str keys, "
        f"bytes, or the library's games, loopy and sided values, dyadics, outcomes, players, "
        f"relations and periodicities; got {value!r:.80})"
    )


def decode_data(text: str) -> Any:
    """The value :func:`encode_data` wrote as ``text``; text of any other shape raises
    :class:`StoreError` (the schema is checked, nothing is run).

    >>> decode_data('{"tuple":[1,{"outcome":"P"}]}')
    (1, Outcome.P)
    >>> decode_data('{"pickle":"..."}')
    Traceback (most recent call last):
    ...
    cgt.store.StoreError: not stored data: unknown tag 'pickle'
    """
    if not isinstance(text, str):
        raise StoreError(f"not stored data: a {type(text).__name__}, not JSON text")
    try:
        return _from_json(json.loads(text), 0)
    except RecursionError:
        raise StoreError("not stored data: nested too deeply") from None
    except CGTError as err:
        raise StoreError(f"not stored data: {err}") from None
    except ValueError as err:
        raise StoreError(f"not stored data: {err}") from None


def _from_json(data: Any, depth: int) -> Any:
    if depth > _DEPTH:
        raise ValueError(f"nested over {_DEPTH} deep")
    kind = type(data)
    if data is None or kind is bool or kind is str or kind is int or kind is float:
        return data
    if kind is list:
        return [_from_json(v, depth + 1) for v in data]
    if kind is not dict or len(data) != 1:
        raise ValueError(f"an object must have one key, its type's tag: {data!r:.60}")
    ((tag, payload),) = data.items()
    if tag in ("tuple", "set", "frozenset"):
        if type(payload) is not list:
            raise ValueError(f"a {tag} is a list")
        items = [_from_json(v, depth + 1) for v in payload]
        try:
            return (
                tuple(items) if tag == "tuple" else set(items) if tag == "set" else frozenset(items)
            )
        except TypeError:
            raise ValueError(f"a {tag} of unhashable items") from None
    if tag == "dict":
        if type(payload) is not dict:
            raise ValueError("a dict is an object")
        return {k: _from_json(v, depth + 1) for k, v in payload.items()}
    if tag == "bytes":
        if type(payload) is not str:
            raise ValueError("bytes are hex text")
        return bytes.fromhex(payload)
    if tag == "float":
        if payload not in ("inf", "-inf", "nan"):
            raise ValueError(f"{payload!r:.20} is no special float")
        return float(payload)
    found = _kinds().get(tag)
    if found is None:
        raise ValueError(f"unknown tag {tag!r:.40}")
    return found[2](payload)


# --- checksums and the schema-1 migration --------------------------------------------


def _checksum(table: str, name: str, key: str, text: str, version: int) -> bytes:
    """The checksum of a row: the first 64 bits of SHA-256 over its table, ruleset (or
    survey) name, key text, value text and encoding version.  Not keyed: it detects
    corruption and naive edits, not a forger who recomputes it."""
    data = f"{table}\x1f{name}\x1f{key}\x1f{text}\x1f{version}"
    return _sha256(data.encode("utf-8", "surrogatepass")).digest()[:8]


_sha256 = hashlib.sha256


def _survey_checksum(name: str, item: str, item_data: str, result: str) -> bytes:
    return _checksum("survey", name, item, item_data + "\x1e" + result, ENCODING)


class _OldPickles(pickle.Unpickler):
    """Reads the pickles of schema-1 survey rows, admitting only plain builtins and the
    library's value types: every other global (``os.system``, ``builtins.eval``...)
    is refused, so no ``__reduce__`` reaches an arbitrary callable."""

    _ALLOWED: frozenset[tuple[str, str]] = frozenset(
        {
            ("builtins", "set"),
            ("builtins", "frozenset"),
            ("cgt.game", "_unpickle"),
            ("cgt.game", "Outcome"),
            ("cgt.game", "Relation"),
            ("cgt.dyadic", "Dyadic"),
            ("cgt.loopy.values", "_rebuild"),
            ("cgt.loopy.sided", "SidedValue"),
            ("cgt.play", "Player"),
            ("cgt.impartial.periodicity", "Periodicity"),
        }
    )

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name == "getattr":
            return _dyadic_getattr  # Dyadic pickles as getattr(Dyadic, "from_exponent")
        if (module, name) not in self._ALLOWED:
            raise pickle.UnpicklingError(f"refused global {module}.{name}")
        return super().find_class(module, name)


def _dyadic_getattr(owner: Any, name: Any) -> Any:
    from .dyadic import Dyadic

    if owner is Dyadic and name == "from_exponent":
        return Dyadic.from_exponent
    raise pickle.UnpicklingError(f"refused getattr({owner!r:.40}, {name!r:.40})")


def _old_pickle(blob: Any) -> Any:
    """A schema-1 pickle read by :class:`_OldPickles` (raises ``UnpicklingError``)."""
    if not isinstance(blob, bytes):
        raise pickle.UnpicklingError(f"a {type(blob).__name__}, not a pickle")
    try:
        return _OldPickles(io.BytesIO(blob)).load()
    except pickle.UnpicklingError:
        raise
    except Exception as err:  # a malformed pickle fails in many ways
        raise pickle.UnpicklingError(f"{type(err).__name__}: {err}") from None


# --- the store ------------------------------------------------------------------------


class StoreEntry(NamedTuple):
    """One stored component value: ruleset name, key text, and the value.

    ``value`` is a :class:`~cgt.Game` for a canonical value, an ``int`` for a
    Grundy value.

    >>> from cgt import star
    >>> StoreEntry("Nim", "i1", star).value
    *
    """

    ruleset: str
    key: str
    value: Game | int


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS value (
    ruleset TEXT NOT NULL, key TEXT NOT NULL, game TEXT NOT NULL,
    version INTEGER NOT NULL, checksum BLOB NOT NULL,
    PRIMARY KEY (ruleset, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS grundy (
    ruleset TEXT NOT NULL, key TEXT NOT NULL, value INTEGER NOT NULL,
    version INTEGER NOT NULL, checksum BLOB NOT NULL,
    PRIMARY KEY (ruleset, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS survey (
    name TEXT NOT NULL, item TEXT NOT NULL, item_data TEXT NOT NULL, result TEXT NOT NULL,
    version INTEGER NOT NULL, checksum BLOB NOT NULL,
    PRIMARY KEY (name, item)) WITHOUT ROWID;
"""


class Disagreement(NamedTuple):
    """A stored row that :meth:`Store.verify` found wrong: ``problem`` is ``"value"``
    (the recomputed value differs) or ``"row"`` (the row itself fails its checksum
    or does not read).

    >>> Disagreement("value", "keyed:Domineering", "i196866", "7", "-1").problem
    'value'
    """

    problem: str
    ruleset: str
    key: str
    stored: str
    recomputed: str


@dataclass
class Verification:
    """What :meth:`Store.verify` found: rows recomputed, disagreements, and the
    sampled rows of rulesets whose keys cannot be turned back into positions.

    >>> v = Verification(checked=3)
    >>> v.ok, v
    (True, Verification(checked=3, disagreements=[], unverifiable={}))
    """

    checked: int = 0
    """Rows whose value was recomputed from the key."""
    disagreements: list[Disagreement] = field(default_factory=list)
    """Rows whose stored value differs from the recomputed one, or that fail to read."""
    unverifiable: dict[str, int] = field(default_factory=dict)
    """Ruleset name -> stored rows that cannot be rebuilt into positions (not checked)."""

    @property
    def ok(self) -> bool:
        """No disagreement was found."""
        return not self.disagreements


class Store:
    """A store file: component values and survey results (see :mod:`cgt.store`).

    ``Store(path)`` (or :meth:`Store.open`) opens the file, creating an empty
    store if it does not exist.  A file that is not a SQLite database, a
    SQLite database that is not a store, or a store written by a newer
    version of the library raises :class:`StoreError` naming the file.

    >>> import os, tempfile
    >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
    >>> s.put_grundy("Kayles", 3, 3); s.flush()
    >>> len(s), s.lookup("Kayles", 3, grundy=True), list(s)
    (1, 3, [StoreEntry(ruleset='Kayles', key='i3', value=3)])
    >>> s.close()
    """

    timeout: float = 60.0
    """Seconds a writer waits for another process's transaction to finish."""

    def __init__(self, path: str | os.PathLike[str], *, batch: int = BATCH) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise WrongType(f"a store is opened from a file path, not {type(path).__name__}")
        if not isinstance(batch, int) or batch < 1:
            raise WrongType(f"batch must be a positive int, not {batch!r}")
        self.path = Path(path)
        self.batch = batch
        self._lock = threading.RLock()
        self._values: dict[tuple[str, str], Game] = {}
        self._grundy: dict[tuple[str, str], int] = {}
        self._connection: sqlite3.Connection | None = None
        self._pid = -1
        self._old_names: dict[str, str] = {}  # stable name -> old name, in a file not renamed
        self._connect()

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (or create) the store at ``path``: the same as ``Store(path)``.

        >>> import os, tempfile
        >>> Store.open(os.path.join(tempfile.mkdtemp(), "s.sqlite")).schema_version
        2
        """
        return cls(path)

    # --- connection -------------------------------------------------------------
    def _error(self, what: str) -> StoreError:
        return StoreError(f"{self.path}: {what}")

    def _connect(self) -> sqlite3.Connection:
        """The connection of this process (a forked child opens its own)."""
        conn = self._connection
        if conn is not None and self._pid == os.getpid():
            return conn
        if self.path.is_dir():
            raise self._error("is a directory, not a store file")
        if sqlite3 is None:
            raise self._error(
                "cannot be opened: this Python has no sqlite3 module (in Pyodide, load it first:"
                " `await pyodide.loadPackage('sqlite3')`)"
            )
        try:
            conn = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as err:
            raise self._error(f"cannot be opened as a store ({err})") from None
        try:
            self._prepare(conn)
        except StoreError:
            conn.close()
            raise
        except sqlite3.DatabaseError as err:
            conn.close()
            raise self._error(
                f"is not a readable cgt store (corrupt, or not a SQLite file: {err})"
            ) from None
        self._connection = conn
        self._pid = os.getpid()
        return conn

    def _prepare(self, conn: sqlite3.Connection) -> None:
        conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if not tables:
            _retry(lambda: conn.execute("PRAGMA journal_mode=WAL"))
            _retry(lambda: self._create(conn))
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if "meta" not in tables:
            raise self._error(
                "is a SQLite database but not a cgt store (it has no 'meta' table); "
                "open a new file instead"
            )
        meta = dict(conn.execute("SELECT name, value FROM meta").fetchall())
        if meta.get("format") != FORMAT:
            raise self._error(
                f"is a SQLite database but not a cgt store (format {meta.get('format')!r})"
            )
        try:
            version = int(meta.get("schema", ""))
        except ValueError:
            raise self._error(f"has an unreadable schema version {meta.get('schema')!r}") from None
        if version > SCHEMA_VERSION:
            raise self._error(
                f"was written by a newer cgt (store schema {version}; this cgt reads up to "
                f"{SCHEMA_VERSION}): upgrade cgt to use it"
            )
        if version < 1:
            raise self._error(f"has an unknown store schema version {version}")
        if version == 1:
            _retry(lambda: self._migrate(conn))
        renames = _renamed_rulesets()
        if _holds_any(conn, renames):
            try:
                _retry(lambda: self._rename(conn, renames))
            except sqlite3.OperationalError as err:
                if "readonly" not in str(err) and "read-only" not in str(err):
                    raise
                # a file this process may not write: read the old names where they are
                self._old_names = {new: old for old, new in renames.items()}
        conn.execute("PRAGMA synchronous = NORMAL")

    def _rename(self, conn: sqlite3.Connection, renames: dict[str, str]) -> None:
        """Move the rows of rulesets stored under their old names to their stable names.

        One transaction.  A row whose version and checksum hold gets the checksum
        of its new name; any other row moves as it is, so reading it still
        raises :class:`StoreError` as it did.  A row already present under the
        new name wins over the old one.
        """
        conn.execute("BEGIN IMMEDIATE")
        try:
            for table, column in (("value", "game"), ("grundy", "value")):
                for old, new in renames.items():
                    rows = conn.execute(
                        f"SELECT key, {column}, version, checksum FROM {table} WHERE ruleset=?",
                        (old,),
                    ).fetchall()
                    moved = []
                    for key, text, version, checksum in rows:
                        good = version == ENCODING and checksum == _checksum(
                            table, old, key, str(text), version
                        )
                        if good:
                            checksum = _checksum(table, new, key, str(text), version)
                        moved.append((new, key, text, version, checksum))
                    conn.executemany(f"INSERT OR IGNORE INTO {table} VALUES (?, ?, ?, ?, ?)", moved)
                    conn.execute(f"DELETE FROM {table} WHERE ruleset=?", (old,))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _migrate(self, conn: sqlite3.Connection) -> None:
        """Rewrite a schema-1 store as schema 2, in one transaction.

        Values and Grundy values gain their encoding version and checksum (a
        checksum certifies the row as found at migration).  Survey rows were
        pickles: each is read by a restricted unpickler that admits only plain
        builtins and the library's value types, and written again as
        :func:`encode_data` text.  A row it refuses (a pickle naming any other
        global, as a crafted file's would) or cannot encode raises
        :class:`StoreError` naming the survey and item, and the file is left
        as it was: results are never dropped silently, and a shared file that
        holds code is refused as a whole rather than half used.
        """
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("SELECT value FROM meta WHERE name='schema'").fetchone()
            if version is None or version[0] != "1":  # another process migrated it
                conn.execute("ROLLBACK")
                return
            conn.create_function("cgt_checksum", 5, _checksum, deterministic=True)
            for table, column in (("value", "game"), ("grundy", "value")):
                conn.execute(f"ALTER TABLE {table} ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
                conn.execute(f"ALTER TABLE {table} ADD COLUMN checksum BLOB NOT NULL DEFAULT x''")
                conn.execute(
                    f"UPDATE {table} SET version={ENCODING}, checksum=cgt_checksum("
                    f"'{table}', ruleset, key, CAST({column} AS TEXT), {ENCODING})"
                )
            rows = []
            for name, item, item_pickle, result in conn.execute(
                "SELECT name, item, item_pickle, result FROM survey"
            ).fetchall():
                where = f"survey row ({name!r:.80}, item {item!r:.80})"
                try:
                    item_data = encode_data(_old_pickle(item_pickle))
                    result_data = encode_data(_old_pickle(result))
                except (pickle.UnpicklingError, UnstorableResult) as err:
                    raise self._error(
                        f"schema-1 {where} is not plain data, so it was not "
                        f"read ({err}); the file is unchanged: delete that row or use a new "
                        f"store"
                    ) from None
                rows.append((name, item, item_data, result_data))
            conn.execute("DROP TABLE survey")
            conn.execute(_SCHEMA.split(";")[3])
            conn.executemany(
                "INSERT INTO survey VALUES (?, ?, ?, ?, ?, ?)",
                [(*row, ENCODING, _survey_checksum(*row)) for row in rows],
            )
            conn.execute("UPDATE meta SET value=? WHERE name='schema'", (str(SCHEMA_VERSION),))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @staticmethod
    def _create(conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (FORMAT,))
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """The schema version recorded in the file.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).schema_version
        2
        """
        with self._lock:
            row = self._connect().execute("SELECT value FROM meta WHERE name='schema'").fetchone()
        return int(row[0])

    def close(self) -> None:
        """Write what is pending and close the file (it reopens when used again).

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")); s.close(); s.close()
        """
        with self._lock:
            if self._connection is not None and self._pid == os.getpid():
                self.flush()
                self._connection.close()
            self._connection = None

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Store, (str(self.path),))

    # --- component values -----------------------------------------------------------
    def put_value(self, ruleset: Any, key: Hashable, value: Game) -> None:
        """Record the canonical value of ``ruleset``'s component ``key`` (written at the next
        :meth:`flush`, or once :attr:`batch` values are pending).

        >>> import os, tempfile, cgt
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_value("Toy", (1, 2), cgt.up); s.lookup("Toy", (1, 2))
        ^
        """
        if not isinstance(value, Game):
            raise WrongType(f"put_value() stores a Game, not {type(value).__name__}")
        str(value)  # a text over cgt.text_limit() is refused now (TooLarge), never cut
        self._put(self._values, (ruleset_name(ruleset), encode_key(key)), value)

    def put_grundy(self, ruleset: Any, key: Hashable, value: int) -> None:
        """Record the Grundy value of ``ruleset``'s component ``key`` (see :meth:`put_value`).

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_grundy("Toy", 4, 2); s.lookup("Toy", 4, grundy=True)
        2
        """
        if type(value) is not int or value < 0:
            raise WrongType(f"a Grundy value is a non-negative int, not {value!r}")
        self._put(self._grundy, (ruleset_name(ruleset), encode_key(key)), value)

    def _put(self, pending: dict[tuple[str, str], Any], row: tuple[str, str], value: Any) -> None:
        with self._lock:
            pending[row] = value
            if len(self._values) + len(self._grundy) >= self.batch:
                self.flush()

    def flush(self) -> None:
        """Write the pending values in one transaction.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_grundy("Toy", 1, 1); len(s), s.flush(), len(s)
        (0, None, 1)
        """
        with self._lock:
            if not self._values and not self._grundy:
                return
            values = []
            for (r, k), g in self._values.items():
                text = _text(g)
                if text is not None:
                    values.append((r, k, text, ENCODING, _checksum("value", r, k, text, ENCODING)))
            grundy = [
                (r, k, v, ENCODING, _checksum("grundy", r, k, str(v), ENCODING))
                for (r, k), v in self._grundy.items()
            ]

            def write(conn: sqlite3.Connection) -> None:
                conn.executemany("INSERT OR IGNORE INTO value VALUES (?, ?, ?, ?, ?)", values)
                conn.executemany("INSERT OR IGNORE INTO grundy VALUES (?, ?, ?, ?, ?)", grundy)

            self._transaction(write)
            self._values.clear()
            self._grundy.clear()

    def _transaction(self, body: Any) -> None:
        conn = self._connect()

        def run() -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                body(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

        _retry(run)

    def lookup(self, ruleset: Any, key: Hashable, *, grundy: bool = False) -> Game | int | None:
        """The stored value of ``ruleset``'s component ``key``, or ``None``.

        ``ruleset`` is a class (a position class of the Position protocol) or
        the name of keyed rules; ``grundy=True`` asks for the Grundy value.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).lookup("Toy", 1) is None
        True
        """
        try:
            row = (ruleset_name(ruleset), encode_key(key))
        except UnstorableKey:
            return None
        return self._get_grundy(row) if grundy else self._get_value(row)

    # --- the solver's Persistence interface (cgt.solver.Persistence) -------------------
    def ruleset_name(self, ruleset: Any) -> str:
        """The stable name ``ruleset``'s values are stored under (see :func:`ruleset_name`).

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).ruleset_name("Toy")
        'Toy'
        """
        return ruleset_name(ruleset)

    def row_key(self, key: Hashable) -> str | None:
        """``key`` encoded for a row (see :func:`encode_key`), ``None`` if it cannot be stored.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.row_key((1, 2)) == encode_key((1, 2)), s.row_key(object())
        (True, None)
        """
        try:
            return encode_key(key)
        except UnstorableKey:
            return None

    def read(self, row: tuple[str, str], kind: str) -> Game | int | None:
        """The value of ``kind`` (``"value"`` or ``"grundy"``) stored in ``row``, or ``None``.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.write(("Toy", "1"), "grundy", 3); s.read(("Toy", "1"), "grundy")
        3
        """
        return self._get_grundy(row) if kind == "grundy" else self._get_value(row)

    def write(self, row: tuple[str, str], kind: str, value: Game | int) -> None:
        """Record ``value`` of ``kind`` in ``row`` (pending until the next :meth:`flush`).

        >>> import os, tempfile, cgt
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.write(("Toy", "1"), "value", cgt.up); s.read(("Toy", "1"), "value")
        ^
        """
        self._put(self._grundy if kind == "grundy" else self._values, row, value)

    def _get_value(self, row: tuple[str, str]) -> Game | None:
        found, row, found_row = self._lookup(self._values, "value", "game", row)
        if found is not None or found_row is None:
            return found
        return self._game(row, *found_row)

    def _lookup(
        self, pending: Mapping[tuple[str, str], _P], table: str, column: str, row: tuple[str, str]
    ) -> tuple[_P | None, tuple[str, str], Any]:
        """``(value, row, None)`` when ``row``'s value is still ``pending``, else
        ``(None, row, fields)``: the ``column``, version and checksum of the row in
        ``table`` (``None`` if absent), read under the ruleset's old name when a
        migration renamed it (and then the row under that name)."""
        sql = f"SELECT {column}, version, checksum FROM {table} WHERE ruleset=? AND key=?"
        with self._lock:
            found = pending.get(row)
            if found is not None:
                return found, row, None
            found_row = self._query(sql, row)
            if found_row is None and row[0] in self._old_names:
                row = (self._old_names[row[0]], row[1])
                found_row = self._query(sql, row)
        return None, row, found_row

    def _check_row(
        self, table: str, row: tuple[str, str], text: Any, version: Any, checksum: Any
    ) -> None:
        """Raise :class:`StoreError` naming the row unless its version and checksum hold."""
        where = f"{table} row ({row[0]!r:.80}, key {row[1]!r:.80})"
        if version != ENCODING:
            raise self._error(
                f"{where} was written under encoding {version!r:.20}; this cgt reads encoding "
                f"{ENCODING} only (recompute it in a new store)"
            )
        if type(text) is not str or checksum != _checksum(table, *row, text, version):
            raise self._error(
                f"{where} fails its checksum: the file was corrupted or edited; the row is "
                f"not used (run Store.verify, or recompute in a new store)"
            )

    def _game(self, row: tuple[str, str], text: Any, version: Any, checksum: Any) -> Game:
        from .notation import parse

        self._check_row("value", row, text, version, checksum)
        try:
            game = parse(text)
        except CGTError as err:
            raise self._error(f"holds a value that does not parse: {text!r:.80} ({err})") from None
        if not isinstance(game, Game):
            raise self._error(f"holds a value that is not a short game: {text!r:.80}")
        return game

    def _nim(self, row: tuple[str, str], value: Any, version: Any, checksum: Any) -> int:
        if type(value) is not int or value < 0:
            raise self._error(
                f"grundy row ({row[0]!r:.80}, key {row[1]!r:.80}) holds {value!r:.40}, "
                f"not a Grundy value"
            )
        self._check_row("grundy", row, str(value), version, checksum)
        return value

    def _get_grundy(self, row: tuple[str, str]) -> int | None:
        found, row, found_row = self._lookup(self._grundy, "grundy", "value", row)
        if found is not None or found_row is None:
            return found
        return self._nim(row, *found_row)

    def _query(self, sql: str, args: tuple[Any, ...]) -> Any:
        conn = self._connect()
        return _retry(lambda: conn.execute(sql, args).fetchone())

    def __len__(self) -> int:
        """The number of stored component values (canonical forms and Grundy values)."""
        with self._lock:
            conn = self._connect()
            n = conn.execute("SELECT count(*) FROM value").fetchone()[0]
            return int(n + conn.execute("SELECT count(*) FROM grundy").fetchone()[0])

    def __iter__(self) -> Iterator[StoreEntry]:
        """Every stored component value, canonical forms first, in key order."""
        with self._lock:
            conn = self._connect()
            games = conn.execute("SELECT * FROM value ORDER BY 1, 2").fetchall()
            nims = conn.execute("SELECT * FROM grundy ORDER BY 1, 2").fetchall()
        for ruleset, key, *rest in games:
            yield StoreEntry(ruleset, key, self._game((ruleset, key), *rest))
        for ruleset, key, *rest in nims:
            yield StoreEntry(ruleset, key, self._nim((ruleset, key), *rest))

    def rulesets(self) -> dict[str, int]:
        """How many values each ruleset has in the store.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_grundy("A", 1, 1); s.put_grundy("A", 2, 2); s.flush(); s.rulesets()
        {'A': 2}
        """
        with self._lock:
            conn = self._connect()
            counts: dict[str, int] = {}
            for table in ("value", "grundy"):
                for name, n in conn.execute(f"SELECT ruleset, count(*) FROM {table} GROUP BY 1"):
                    counts[name] = counts.get(name, 0) + int(n)
        return dict(sorted(counts.items()))

    def check(self) -> None:
        """Raise :class:`StoreError` unless SQLite's integrity check passes and every
        row reads: its encoding version, its checksum, and (for survey rows) its data.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_grundy("Toy", 1, 1); s.flush(); s.check()
        """
        with self._lock:
            self.flush()
            conn = self._connect()
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                raise self._error(f"fails SQLite's integrity check: {rows[:5]}")
            for ruleset, key, *rest in conn.execute("SELECT * FROM value"):
                self._check_row("value", (ruleset, key), *rest)
            for ruleset, key, *rest in conn.execute("SELECT * FROM grundy"):
                self._nim((ruleset, key), *rest)
            for row in conn.execute("SELECT * FROM survey"):
                self._survey_row(*row)

    def export(self, path: str | os.PathLike[str]) -> Store:
        """Copy the store (a consistent snapshot, pending values included) to a new file.

        >>> import os, tempfile
        >>> d = tempfile.mkdtemp(); s = Store(os.path.join(d, "a.sqlite"))
        >>> s.put_grundy("Toy", 1, 1)
        >>> len(s.export(os.path.join(d, "b.sqlite")))
        1
        """
        target = Path(path)
        if target.exists():
            raise StoreError(f"{target}: exists already; export writes a new file")
        with self._lock:
            self.flush()
            out = sqlite3.connect(target)
            try:
                self._connect().backup(out)
            finally:
                out.close()
        return Store(target)

    # --- verification -------------------------------------------------------------
    def verify(self, sample: float = 100, *, seed: int | None = 0) -> Verification:
        """Recompute a sample of the stored values from their keys and report disagreements.

        ``sample`` is a number of rows (an ``int``), or a fraction of them (a
        ``float`` in (0, 1]); ``seed`` makes the sample repeatable (``None``:
        a fresh one).  Rows of rulesets whose keys can be turned back into
        positions (the keyed rules of Domineering, Cram, Col, Snort, Clobber,
        Konane, Fission and Amazons) are recomputed by a solver without a
        store (the process store of :func:`use_store` is detached while this
        runs); rows of other rulesets are counted in
        :attr:`Verification.unverifiable`.  A row that fails its checksum is
        reported as a disagreement, not raised.

        >>> import os, tempfile
        >>> from cgt.games import Domineering, clear_solver_caches
        >>> clear_solver_caches()
        >>> path = os.path.join(tempfile.mkdtemp(), "v.sqlite")
        >>> with use_store(path):
        ...     Domineering("...|...|...").value()
        +-1
        >>> report = Store(path).verify(sample=5)
        >>> report.ok, report.checked
        (True, 5)
        """
        if isinstance(sample, bool) or not isinstance(sample, (int, float)):
            raise WrongType(f"sample is a count (int) or a fraction (float), not {sample!r}")
        if isinstance(sample, float) and not 0 < sample <= 1:
            raise WrongType(f"a fraction to sample is in (0, 1], not {sample!r}")
        if isinstance(sample, int) and sample < 0:
            raise WrongType(f"a count to sample is non-negative, not {sample!r}")
        with self._lock:
            self.flush()
            conn = self._connect()
            rows = [("value", *r) for r in conn.execute("SELECT ruleset, key FROM value")]
            rows += [("grundy", *r) for r in conn.execute("SELECT ruleset, key FROM grundy")]
        report = Verification()
        checkable = []
        for row in rows:
            if _rebuild(row[1], row[2]) is None:
                report.unverifiable[row[1]] = report.unverifiable.get(row[1], 0) + 1
            else:
                checkable.append(row)
        report.unverifiable = dict(sorted(report.unverifiable.items()))
        count = sample if isinstance(sample, int) else math.ceil(sample * len(checkable))
        chosen = random.Random(seed).sample(checkable, min(count, len(checkable)))
        chosen.sort()
        solvers: dict[str, Any] = {}
        with use_store(None):
            for table, ruleset, key in chosen:
                report.checked += 1
                try:
                    stored: Game | int | None = (
                        self._get_value((ruleset, key))
                        if table == "value"
                        else self._get_grundy((ruleset, key))
                    )
                except StoreError as err:
                    report.disagreements.append(Disagreement("row", ruleset, key, str(err), ""))
                    continue
                fresh = _recompute(solvers, table, ruleset, key)
                if fresh != stored:
                    report.disagreements.append(
                        Disagreement("value", ruleset, key, str(stored), str(fresh))
                    )
        return report

    # --- surveys ------------------------------------------------------------------
    def _survey_row(
        self, name: Any, item: Any, item_data: Any, result: Any, version: Any, checksum: Any
    ) -> tuple[Any, Any]:
        """The item and result of a survey row, checked (else :class:`StoreError` naming it)."""
        where = f"survey row ({name!r:.80}, item {item!r:.80})"
        if version != ENCODING:
            raise self._error(
                f"{where} was written under encoding {version!r:.20}; this cgt reads "
                f"encoding {ENCODING} only"
            )
        texts = (name, item, item_data, result)
        if not all(type(t) is str for t in texts) or checksum != _survey_checksum(*texts):
            raise self._error(
                f"{where} fails its checksum: the file was corrupted or edited; not used"
            )
        try:
            return decode_data(item_data), decode_data(result)
        except StoreError as err:
            raise self._error(f"{where} holds {err}") from None

    def _survey_rows(self, name: str) -> list[tuple[Any, ...]]:
        if not isinstance(name, str):
            raise WrongType(f"a survey is named by a str, not {type(name).__name__}")
        with self._lock:
            return (
                self._connect()
                .execute("SELECT * FROM survey WHERE name=? ORDER BY item", (name,))
                .fetchall()
            )

    def survey_done(self, name: str) -> dict[str, Any]:
        """The stored results of survey ``name``: item key text to result.

        Every row is checked (version, checksum, data) as it is read; a bad
        one raises :class:`StoreError` naming it.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).survey_done("x")
        {}
        """
        return {row[1]: self._survey_row(*row)[1] for row in self._survey_rows(name)}

    def survey_results(self, name: str) -> dict[Any, Any]:
        """The stored results of survey ``name``: item to result (rows checked as in
        :meth:`survey_done`).

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_results("squares", [(3, 9), (2, 4)]); s.survey_results("squares")
        {2: 4, 3: 9}
        """
        return dict(self._survey_row(*row) for row in self._survey_rows(name))

    def surveys(self) -> dict[str, int]:
        """The surveys in the store and how many results each has.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).surveys()
        {}
        """
        with self._lock:
            rows = (
                self._connect()
                .execute("SELECT name, count(*) FROM survey GROUP BY name ORDER BY name")
                .fetchall()
            )
        return {name: int(n) for name, n in rows}

    def put_results(self, name: str, results: list[tuple[Any, Any]]) -> None:
        """Write survey results ``(item, result)`` in one transaction (committed on return).

        Items and results are stored as data (:func:`encode_data`): one that is
        not raises :class:`UnstorableResult` naming it, and nothing is written.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_results("t", [("a", 1)]); s.surveys()
        {'t': 1}
        >>> s.put_results("t", [("b", object())])
        Traceback (most recent call last):
        ...
        cgt.store.UnstorableResult: survey 't', item 'b': a value of type object cannot be ...
        """
        if not isinstance(name, str):
            raise WrongType(f"a survey is named by a str, not {type(name).__name__}")
        rows = []
        for item, result in results:
            try:
                texts = (name, encode_key(item), encode_data(item), encode_data(result))
            except UnstorableResult as err:
                raise UnstorableResult(f"survey {name!r:.80}, item {item!r:.80}: {err}") from None
            rows.append((*texts, ENCODING, _survey_checksum(*texts)))

        def write(conn: sqlite3.Connection) -> None:
            conn.executemany("INSERT OR REPLACE INTO survey VALUES (?, ?, ?, ?, ?, ?)", rows)

        with self._lock:
            self._transaction(write)


def _text(g: Game) -> str | None:
    """The text a value is stored as (it reads back with :func:`cgt.parse`), or
    None for a value whose text is over :func:`cgt.text_limit`: that value is
    not stored (a solver computes it again), rather than stored cut short."""
    try:
        return str(g)
    except TooLarge:
        return None


def _rebuild(ruleset: str, key: str) -> tuple[Any, Any] | None:
    """The keyed rules and the decoded key of a stored row, or ``None`` when the row
    cannot be turned back into a position (no known rules, or an opaque key).

    The rules are those the ruleset declares in the registry
    (:attr:`cgt.games.registry.RulesetInfo.keyed_rules`)."""
    name = ruleset.removeprefix("keyed:")
    if name == ruleset:
        return None  # a Position class: its key() is not invertible in general
    from .games.registry import by_name

    try:
        entry = by_name(name)
    except InvalidArgument:
        return None
    if entry.keyed_rules is None:
        return None
    try:
        decoded = decode_key(key)
    except StoreError:
        return None
    if entry.syntax == "GRAPH" and type(decoded) is tuple and type(decoded[0]) is int:
        return None  # a graph host's key: it names a graph of the writing process only
    return entry.keyed_rules(), decoded


def _recompute(solvers: dict[str, Any], table: str, ruleset: str, key: str) -> Game | int | str:
    """The value of a stored row computed again from its options, with no store."""
    from .canonical import canonical_form
    from .impartial.nim import mex
    from .solver import Solver

    found = _rebuild(ruleset, key)
    assert found is not None
    rules, decoded = found
    solver = solvers.get(ruleset)
    if solver is None:
        solver = solvers[ruleset] = Solver()
    try:
        left, right = rules.options(decoded)
        if table == "grundy":
            return mex([solver.keyed_grundy(rules, s, progress=False) for s in left])
        return canonical_form(
            [solver.keyed_value(rules, s, progress=False) for s in left],
            [solver.keyed_value(rules, s, progress=False) for s in right],
        )
    except CGTError as err:
        return f"(not computable: {err})"


def _renamed_rulesets() -> dict[str, str]:
    """Old stored name -> stable stored name, for every ruleset that declares old names.

    >>> _renamed_rulesets()["cgt.games.boards.Clobber"]
    'ruleset:Clobber'
    """
    from .games.registry import rulesets

    return {old: r.stored_name for r in rulesets() for old in r.stored_as}


def _holds_any(conn: sqlite3.Connection, names: dict[str, str]) -> bool:
    """Whether a row of the value or grundy table is stored under one of ``names``."""
    if not names:
        return False
    marks = ",".join("?" * len(names))
    for table in ("value", "grundy"):
        sql = f"SELECT 1 FROM {table} WHERE ruleset IN ({marks}) LIMIT 1"
        if conn.execute(sql, tuple(names)).fetchone() is not None:
            return True
    return False


def _retry(action: Any, attempts: int = 20) -> Any:
    """Run ``action``, retrying while another process holds the file's lock."""
    for attempt in range(attempts):
        try:
            return action()
        except sqlite3.OperationalError as err:
            message = str(err)
            if ("locked" not in message and "busy" not in message) or attempt == attempts - 1:
                raise
            time.sleep(min(0.05 * 2**attempt, 2.0))
    return None  # pragma: no cover


# --- the process-wide store -----------------------------------------------------------

_current: Store | None = None


def current_store() -> Store | None:
    """The store that :func:`use_store` attached to every solver, or ``None``.

    >>> current_store() is None
    True
    """
    return _current


class _Using:
    """What :func:`use_store` returns: a ``with`` block restores the previous store."""

    __slots__ = ("opened", "previous", "store")

    def __init__(self, store: Store | None, previous: Store | None, opened: bool) -> None:
        self.store = store
        self.previous = previous
        self.opened = opened

    def __enter__(self) -> Store | None:
        return self.store

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        global _current
        _current = self.previous
        if self.store is not None:
            if self.opened:
                self.store.close()
            else:
                self.store.flush()

    def __repr__(self) -> str:
        return f"use_store({None if self.store is None else str(self.store.path)!r})"


def use_store(store: Store | str | os.PathLike[str] | None) -> _Using:
    """Attach a store to every solver of the process (``None`` detaches it).

    Used as a plain call it holds until the next call; in a ``with`` block the
    previous store comes back at the end (and a store opened from a path is
    closed, its pending values written).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "v.sqlite")
    >>> with use_store(path) as store:
    ...     current_store() is store
    True
    >>> current_store() is None
    True
    >>> _ = use_store(path); current_store().path.name
    'v.sqlite'
    >>> _ = use_store(None); current_store() is None
    True
    """
    global _current
    previous = _current
    opened = False
    if store is None:
        resolved: Store | None = None
    elif isinstance(store, Store):
        resolved = store
    elif isinstance(store, (str, os.PathLike)):
        resolved = Store(store)
        opened = True
    else:
        raise WrongType(f"use_store() needs a Store, a file path or None, not {store!r}")
    if previous is not None and previous is not resolved:
        previous.flush()
    _current = resolved
    return _Using(resolved, previous, opened)


set_persistence_provider(current_store, Store)  # the solver reaches stores only this way
