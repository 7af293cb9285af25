"""The optional compiled kernels, and the switch that turns them off.

A kernel is the extension module ``cgt._kernel_<name>`` built from
``cgt/_c/<name>.c`` when ``cgt`` was installed with a C compiler.  Code that
has a kernel asks :func:`kernel` for it and falls back to its pure-Python
path when the answer is ``None``; both paths give identical results (the test
suite runs once each way).  Setting the environment variable
``CGT_PURE_PYTHON=1`` before ``cgt`` is imported ignores every kernel.

>>> from cgt._accel import kernel
>>> kernel("no such kernel") is None
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["compiled", "kernel", "pure_python"]

KERNELS: tuple[str, ...] = ("canonical", "heap", "hexapawn", "parse", "shortgame")
"""The kernels ``cgt`` has (each built from ``cgt/_c/<name>.c``)."""

_loaded: dict[str, ModuleType | None] = {}


def pure_python() -> bool:
    """Whether ``CGT_PURE_PYTHON`` asks for the pure-Python paths.

    >>> isinstance(pure_python(), bool)
    True
    """
    return os.environ.get("CGT_PURE_PYTHON", "").strip().lower() not in ("", "0", "false", "no")


_PURE = pure_python()


def kernel(name: str) -> ModuleType | None:
    """The compiled kernel ``name``, or ``None`` (not built, or turned off).

    >>> kernel("missing") is None
    True
    """
    if name in _loaded:
        return _loaded[name]
    module: ModuleType | None = None
    if not _PURE:
        try:
            module = importlib.import_module(f"cgt._kernel_{name}")
        except ImportError:
            module = None
    _loaded[name] = module
    return module


def compiled() -> dict[str, bool]:
    """Which compiled kernels this installation uses, by name.

    All ``False`` means pure Python: no C compiler at install time, or
    ``CGT_PURE_PYTHON=1``.

    >>> import cgt
    >>> all(isinstance(v, bool) for v in cgt.compiled().values())
    True
    """
    return {name: kernel(name) is not None for name in KERNELS}
