"""The optional compiled kernels, and the switch that turns them off.

Installing ``combinatorial-games`` with a C compiler present also builds a
few kernels: the hot loops of cgt, in plain C on the CPython API (no build
dependency beyond the compiler).  Without a compiler the install warns and cgt
runs as pure Python, which gives identical results more slowly; the test suite
runs once each way.  The kernels are

* ``canonical``: comparison, canonical forms and sums of short games
  (:func:`cgt.canonical.le`, :func:`~cgt.canonical.canonical_form`,
  :func:`~cgt.canonical.add`), which every value goes through, and the node
  engine (64-bit numbers, hash-consed nodes) that the compiled solvers run on;
* ``shortgame``: the compiled solvers of Domineering, Cram, the stone boards
  (Clobber, Konane, Fission, Amazons) of at most 64 cells, and Col and Snort,
  on the canonical kernel's node engine (not used without that kernel);
* ``hexapawn``: the exact Hexapawn search;
* ``heap``: Grundy sequences of octal games (the sparse-space method);
* ``parse``: the reader of ``{L|R}`` forms (it asks the canonical kernel's C
  API for a Game's serial number and parts, so it is not used without it).

Setting the environment variable ``CGT_PURE_PYTHON=1`` before ``cgt`` is
imported ignores every kernel (and, at install time, skips building them).
:func:`compiled` says which kernels this installation uses and :func:`status`
why one is not used; code that has a kernel asks :func:`kernel` for it and
takes its pure-Python path on ``None``.

Two cases warn once, with a :class:`KernelWarning`, because nothing else would
tell: kernels that failed to build at install time (pip hides the build's
output; the build records what it built in ``cgt/_build.json``), and a *stale*
kernel, built from C sources that have changed since (an editable install or a
checkout whose last rebuild failed): each kernel carries the fingerprint of its
sources (``SOURCE_HASH``), compared at first use with that of the sources beside
the package when they are there.  A stale kernel is not used.

>>> import cgt
>>> sorted(cgt.compiled()) == sorted(KERNELS)
True
>>> kernel("no such kernel") is None
True
"""

from __future__ import annotations

import importlib
import json
import os
import threading
import warnings
from pathlib import Path
from types import ModuleType

from ._sources import source_hash

__all__ = [
    "KERNELS",
    "KernelWarning",
    "compiled",
    "kernel",
    "optional_numpy",
    "pure_python",
    "status",
]

KERNELS: tuple[str, ...] = ("canonical", "heap", "hexapawn", "parse", "shortgame")
"""The kernels ``cgt`` has (each built from ``cgt/_c/<name>.c``)."""

_NEEDS: dict[str, str] = {"shortgame": "canonical", "parse": "canonical"}
"""Kernels that run on another's C API (``cgt/_c/engine_api.h``), so they are
used only with it: the compiled solvers on the canonical kernel's node engine,
the reader of ``{L|R}`` forms on its accessor of a Game's parts."""

_HERE = Path(__file__).resolve().parent
_SOURCES = _HERE / "_c"
_RECORD = _HERE / "_build.json"
_FALLBACK = "pure-Python fallback: same answers, slower"

_loaded: dict[str, ModuleType | None] = {}
_status: dict[str, str] = {}
_warned: set[str] = set()
_lock = threading.RLock()


class KernelWarning(UserWarning):
    """A compiled kernel that should be there is not used (cgt runs pure Python instead).

    Issued once per cause: kernels that failed to build at install time, or a
    kernel whose C sources changed after it was built (stale).  The results are
    the same either way, only slower; :func:`status` says what happened.

    >>> issubclass(KernelWarning, UserWarning)
    True
    """


def pure_python() -> bool:
    """Whether ``CGT_PURE_PYTHON`` asks for the pure-Python paths.

    >>> isinstance(pure_python(), bool)
    True
    """
    return os.environ.get("CGT_PURE_PYTHON", "").strip().lower() not in ("", "0", "false", "no")


_PURE = pure_python()


def optional_numpy() -> ModuleType | None:
    """The ``numpy`` module, or ``None`` when it is not installed.

    numpy is an optional speed-up (the ``test`` extra brings it): the array
    routes of Grundy sequences, Wythoff tables and simplest forms of large
    stoppers use it when present and give the same answers without it.

    >>> np = optional_numpy()
    >>> np is None or np.__name__ == "numpy"
    True
    """
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy is optional
        return None
    return numpy


def _build_record() -> dict[str, str]:
    """What the install's build said of each kernel ('built' or 'failed: ...'); {} if none."""
    try:
        data = json.loads(_RECORD.read_text(encoding="utf-8"))
        kernels = data["kernels"]
        return {str(k): str(v) for k, v in kernels.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _warn_once(cause: str, message: str, depth: int) -> None:
    # depth: the frames between kernel()'s caller and this function, so the warning
    # names the line that asked for the kernel
    if cause not in _warned:
        _warned.add(cause)
        warnings.warn(message, KernelWarning, stacklevel=depth + 1)


def _is_stale(name: str, module: ModuleType) -> bool:
    """Whether ``module`` was built from other sources than those beside the package."""
    if not _SOURCES.is_dir():  # no sources beside the package to compare with
        return False
    wanted = source_hash(_SOURCES, name)
    return bool(wanted) and getattr(module, "SOURCE_HASH", "") != wanted


def _load(name: str) -> tuple[ModuleType | None, str]:
    if _PURE:
        return None, "pure_python"
    needs = _NEEDS.get(name)
    if needs is not None and kernel(needs) is None:
        return None, f"needs: {needs}"
    try:
        module = importlib.import_module(f"cgt._kernel_{name}")
    except ImportError as err:
        if isinstance(err, ModuleNotFoundError) and err.name == f"cgt._kernel_{name}":
            return None, _missing(name)
        return None, f"import_error: {err}"
    if name in KERNELS and _is_stale(name, module):
        _warn_once(
            f"stale:{name}",
            f"cgt: the compiled kernel {name!r} is stale: its C sources in {_SOURCES} changed "
            f"after it was built (did the last rebuild fail?), so cgt does not use it and "
            f"runs its {_FALLBACK}. Rebuild it with 'python setup.py build_ext --inplace' "
            f"(or reinstall cgt); cgt.kernels.status() says which kernels are used.",
            3,
        )
        return None, "stale"
    return module, "compiled"


def _missing(name: str) -> str:
    """The status of a kernel that is not there, warning if the install meant to build it."""
    record = _build_record()
    if name not in record:
        return "not_built"  # a pure build (CGT_PURE_PYTHON=1) or a checkout never built
    failed = sorted(k for k, v in record.items() if v != "built" and k in KERNELS)
    if failed:
        _warn_once(
            "build",
            f"cgt: the compiled kernels {', '.join(failed)} failed to build when cgt was "
            f"installed (no working C compiler?), so cgt runs its {_FALLBACK}. Reinstall "
            f"with a C compiler to get them, or set CGT_PURE_PYTHON=1 to choose pure Python "
            f"without this warning.",
            4,
        )
    return "build_failed" if name in failed else "not_built"


def kernel(name: str) -> ModuleType | None:
    """The compiled kernel ``name``, or ``None`` (not built, stale, or turned off).

    >>> kernel("missing") is None
    True
    """
    if name in _loaded:
        return _loaded[name]
    with _lock:
        if name not in _loaded:
            module, why = _load(name)
            _status[name] = why
            _loaded[name] = module
    return _loaded[name]


def compiled() -> dict[str, bool]:
    """Which compiled kernels this installation uses, by name.

    All ``False`` means pure Python: no C compiler at install time, or
    ``CGT_PURE_PYTHON=1``.

    >>> import cgt
    >>> all(isinstance(v, bool) for v in cgt.compiled().values())
    True
    """
    return {name: kernel(name) is not None for name in KERNELS}


def status() -> dict[str, str]:
    """Each kernel's state, by name: whether it is used, and if not, why.

    ``"compiled"`` (used); ``"pure_python"`` (``CGT_PURE_PYTHON`` is set);
    ``"stale"`` (built from C sources that have changed since: not used);
    ``"build_failed"`` (the install tried to build it and failed);
    ``"not_built"`` (a pure-Python build, or a checkout never built);
    ``"import_error: ..."`` (there, but it would not load);
    ``"needs: canonical"`` (the compiled solvers without the kernel whose
    engine they run on).

    >>> s = status()
    >>> sorted(s) == sorted(KERNELS), all(s[k] == "compiled" for k, v in compiled().items() if v)
    (True, True)
    """
    for name in KERNELS:
        kernel(name)
    return {name: _status[name] for name in KERNELS}
