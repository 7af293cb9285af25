"""List the public API of ``cgt``: one line per public name, sorted.

Run:  ``PYTHONPATH=<tree> python tests/tools/public_api.py > listing.txt``

It lists the public names of ``cgt`` and of every public submodule (no part of
the dotted name starts with ``_``):

* module-level names: those in the module's ``__all__``, and the other names not
  starting with ``_``, leaving out imported modules and objects defined outside
  ``cgt`` (``typing.Any``, ``dataclasses.dataclass``, ...), which are imports,
  not the module's API;
* the public methods, properties and attributes of each public class defined in
  ``cgt`` (those its classes in ``cgt`` define, not ``object``'s or ``str``'s),
  listed once, under the class's own module when that module is public, else
  under the first public path that names it.

Each line is ``path<TAB>kind<TAB>signature``: ``kind`` says what the name is
(``function``, ``class``, ``method``, ``classmethod``, ``staticmethod``,
``property``, ``attribute``, ``module``-level ``value``) and the signature is
:func:`inspect.signature`'s, without annotations (callers rely on parameter
names, kinds and defaults; annotations are documentation, spelled differently
as modules move), or the value's type for a value.

``tests/test_public_api.py`` reads a listing made at the commit before
issue 27's work (``tests/data/public_api_1de27f0.txt``) and checks that every
line still holds in this tree.  The script runs unchanged in older trees.

>>> line = next(l for l in listing() if l.startswith("cgt.parse\\t"))
>>> line.split("\\t")[:2]
['cgt.parse', 'function']
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import re
import sys
import types
from collections.abc import Iterator
from typing import Any

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def public_modules() -> list[str]:
    """``cgt`` and its submodules with no part of the name starting with ``_``."""
    import cgt

    names = ["cgt"]
    for info in pkgutil.walk_packages(cgt.__path__, "cgt."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def _from_cgt(obj: Any) -> bool:
    module = getattr(obj, "__module__", None)
    return isinstance(module, str) and (module == "cgt" or module.startswith("cgt."))


def _exported(module: types.ModuleType) -> Iterator[tuple[str, Any]]:
    declared = set(getattr(module, "__all__", ()))
    for name in sorted(set(vars(module)) | declared):
        if name not in declared and name.startswith("_"):
            continue
        try:
            obj = getattr(module, name)
        except AttributeError:
            continue
        if name not in declared:
            if isinstance(obj, types.ModuleType):
                continue
            if (inspect.isclass(obj) or callable(obj)) and not _from_cgt(obj):
                continue
            if type(obj).__module__ in ("__future__", "typing", "typing_extensions"):
                continue
        yield name, obj


def signature(obj: Any) -> str:
    """``inspect.signature`` without annotations, or ``(?)`` where there is none.

    >>> def f(a: int, *, b: str = "x") -> None: ...
    >>> signature(f)
    "(a, *, b='x')"
    """
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return "(?)"
    params = [p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()]
    text = str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))
    return _ADDRESS.sub("", text)


def _value(obj: Any) -> str:
    return type(obj).__qualname__


def _describe(obj: Any) -> tuple[str, str]:
    if inspect.isclass(obj):
        return "class", signature(obj)
    if callable(obj):
        return "function", signature(obj)
    return "value", _value(obj)


def _member(cls: type, name: str) -> tuple[str, str] | None:
    """(kind, signature) of the public attribute ``name`` of ``cls``, if a cgt class defines it."""
    owner = next((k for k in cls.__mro__ if name in vars(k)), None)
    if owner is None or not _from_cgt(owner):
        return None
    raw = inspect.getattr_static(cls, name)
    if isinstance(raw, property):
        return "property", ""
    if isinstance(raw, classmethod):
        return "classmethod", signature(getattr(cls, name))
    if isinstance(raw, staticmethod):
        return "staticmethod", signature(raw.__func__)
    if isinstance(raw, enum.Enum):
        return "member", repr(raw)
    if inspect.isfunction(raw):
        return "method", signature(raw)
    if hasattr(raw, "__get__") and not callable(raw):
        return "property", ""
    if callable(raw):
        return "method", signature(raw)
    return "attribute", _value(raw)


def _members(cls: type) -> Iterator[tuple[str, str, str]]:
    for name in sorted(dir(cls)):
        if not name.startswith("_"):
            found = _member(cls, name)
            if found is not None:
                yield name, *found


def line_for(path: str) -> str | None:
    """The line ``path`` has in this tree, found by resolving it (``None``: it does not resolve).

    A name that moved still resolves through its old module when that module
    re-exports it, so its old line is checked against what that path reaches.

    >>> line_for("cgt.Game.compare").split("\\t")[:2]
    ['cgt.Game.compare', 'method']
    >>> line_for("cgt.no_such_name") is None
    True
    """
    parts = path.split(".")
    module: types.ModuleType | None = None
    rest: list[str] = []
    for cut in range(len(parts) - 1, 0, -1):  # a module's name in its parent is a value
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        rest = parts[cut:]
        break
    if module is None or not rest:
        return None
    obj: Any = module
    for name in rest[:-1]:
        obj = getattr(obj, name, None)
        if obj is None:
            return None
    last = rest[-1]
    if isinstance(obj, types.ModuleType):
        if not hasattr(obj, last):
            return None
        kind, sig = _describe(getattr(obj, last))
    elif inspect.isclass(obj):
        found = _member(obj, last) if hasattr(obj, last) else None
        if found is None:
            return None
        kind, sig = found
    else:
        return None
    return f"{path}\t{kind}\t{sig}"


def listing() -> list[str]:
    """The sorted lines (see the module docstring)."""
    lines: set[str] = set()
    classes: dict[type, str] = {}
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name, obj in _exported(module):
            path = f"{module_name}.{name}"
            kind, sig = _describe(obj)
            lines.add(f"{path}\t{kind}\t{sig}")
            if inspect.isclass(obj) and _from_cgt(obj):
                home = f"{obj.__module__}.{obj.__qualname__}"
                if home == path or obj not in classes:
                    classes[obj] = path
    for cls, path in classes.items():
        for name, kind, sig in _members(cls):
            lines.add(f"{path}.{name}\t{kind}\t{sig}")
    return sorted(lines)


def main() -> None:
    sys.stdout.write("".join(line + "\n" for line in listing()))


if __name__ == "__main__":
    main()
