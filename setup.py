"""Build script: cgt's optional compiled kernels (everything else is in pyproject.toml).

Each ``cgt/_c/<name>.c`` becomes the extension module ``cgt._kernel_<name>``.
They are optional: without a C compiler the build warns and installs cgt as
pure Python, which computes the same results more slowly.  Setting the
environment variable ``CGT_PURE_PYTHON=1`` skips the kernels on purpose (the
same variable, at run time, makes an installed cgt ignore them).
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup


def _pure() -> bool:
    return os.environ.get("CGT_PURE_PYTHON", "").strip().lower() not in ("", "0", "false", "no")


def _kernels() -> list[Extension]:
    if _pure():
        return []
    sources = sorted(Path("cgt", "_c").glob("*.c"))
    return [
        Extension(
            f"cgt._kernel_{path.stem}",
            sources=[path.as_posix()],
            depends=[h.as_posix() for h in sorted(Path("cgt", "_c").glob("*.h"))],
            optional=True,
            extra_compile_args=["-O2"] if os.name != "nt" else [],
        )
        for path in sources
    ]


setup(ext_modules=_kernels())
