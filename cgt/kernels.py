"""The optional compiled kernels, and the switch that turns them off.

``pip install combinatorial-games`` with a C compiler present also builds a
few kernels: the hot loops of cgt, in plain C on the CPython API (no build
dependency beyond the compiler).  Without a compiler the install warns and cgt
runs as pure Python, which gives identical results more slowly; the test suite
runs once each way.  The kernels are

* ``canonical``: comparison, canonical forms and sums of short games
  (:func:`cgt.canonical.le`, :func:`~cgt.canonical.canonical_form`,
  :func:`~cgt.canonical.add`), which every value goes through;
* ``shortgame``: a compact engine of its own that solves Domineering, Cram
  and the stone boards (Clobber, Konane, Fission, Amazons) of at most 64 cells;
* ``hexapawn``: the exact Hexapawn search;
* ``heap``: Grundy sequences of octal games (the sparse-space method);
* ``parse``: the reader of ``{L|R}`` forms.

Setting the environment variable ``CGT_PURE_PYTHON=1`` before ``cgt`` is
imported ignores every kernel (and, at install time, skips building them).
:func:`compiled` says which kernels this installation uses; code that has a
kernel asks :func:`kernel` for it and takes its pure-Python path on ``None``.

>>> import cgt
>>> sorted(cgt.compiled()) == sorted(KERNELS)
True
>>> kernel("no such kernel") is None
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["KERNELS", "compiled", "kernel", "pure_python"]

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
