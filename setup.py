"""Build script: cgt's optional compiled kernels (everything else is in pyproject.toml).

Each ``cgt/_c/<name>.c`` becomes the extension module ``cgt._kernel_<name>``.
They are optional: without a C compiler the build goes on and installs cgt as
pure Python, which computes the same results more slowly.  pip shows nothing of
a build that succeeds, so the build also writes ``cgt/_build.json``, saying
which kernels were built and which failed; ``cgt`` reads it when a kernel is
missing and warns once at run time (:mod:`cgt.kernels`).  Setting the
environment variable ``CGT_PURE_PYTHON=1`` skips the kernels on purpose (the
same variable, at run time, makes an installed cgt ignore them).

Each kernel is compiled with the fingerprint of its sources (the ``.c`` file
and the local headers it includes) as its ``SOURCE_HASH``, so that a kernel
left by an earlier build is not used once its sources have changed.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE_DIR = Path("cgt", "_c")
RECORD = "_build.json"  # written beside the kernels, read by cgt/kernels.py


def _pure() -> bool:
    return os.environ.get("CGT_PURE_PYTHON", "").strip().lower() not in ("", "0", "false", "no")


def _source_hash(name: str) -> str:
    # cgt/_sources.py by its path: importing cgt would need its run-time dependencies
    spec = importlib.util.spec_from_file_location("_cgt_sources", Path("cgt", "_sources.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.source_hash(SOURCE_DIR, name))


def _kernels() -> list[Extension]:
    if _pure():
        return []
    return [
        Extension(
            f"cgt._kernel_{path.stem}",
            sources=[path.as_posix()],
            depends=[h.as_posix() for h in sorted(SOURCE_DIR.glob("*.h"))],
            define_macros=[("CGT_SOURCE_HASH", f'"{_source_hash(path.stem)}"')],
            optional=True,
            extra_compile_args=["-O2"] if os.name != "nt" else [],
        )
        for path in sorted(SOURCE_DIR.glob("*.c"))
    ]


class BuildKernels(build_ext):
    """``build_ext`` that records which kernels were built and which failed."""

    def run(self) -> None:
        self._record: dict[str, Any] = {}
        super().run()
        if not self.extensions:
            return
        path = Path(self.get_ext_fullpath(self.extensions[0].name)).parent / RECORD
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"kernels": self._record}, indent=1, sort_keys=True) + "\n")

    def build_extension(self, ext: Any) -> None:
        name = ext.name.rpartition("._kernel_")[2]
        try:
            super().build_extension(ext)
        except Exception as err:
            # an optional kernel's build goes on without it: setuptools warns in the build
            # log, which pip hides, so cgt warns when it runs without the kernel
            self._record[name] = f"failed: {str(err).strip() or type(err).__name__}"
            raise
        self._record[name] = "built"


setup(ext_modules=_kernels(), cmdclass={"build_ext": BuildKernels})
