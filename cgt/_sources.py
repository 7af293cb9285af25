"""The fingerprint of a compiled kernel's C sources (imports nothing from cgt).

``setup.py`` compiles each kernel with its fingerprint as the string constant
``SOURCE_HASH`` (the macro ``CGT_SOURCE_HASH``), and :mod:`cgt.kernels`
compares it at import with the fingerprint of the sources beside the package,
when they are there (a checkout or an editable install), so a kernel built from
older sources is never used.  ``setup.py`` loads this file by its path, without
importing :mod:`cgt` (whose dependencies a build need not have).

>>> from pathlib import Path
>>> import cgt
>>> source_dir = Path(cgt.__file__).parent / "_c"
>>> not source_dir.is_dir() or len(source_hash(source_dir, "parse")) == 16
True
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

__all__ = ["source_files", "source_hash"]

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.MULTILINE)


def source_files(source_dir: Path, name: str) -> list[Path]:
    """``<name>.c`` and the local headers it includes (directly or not), sorted.

    >>> from pathlib import Path
    >>> source_files(Path("no such directory"), "parse")
    []
    """
    first = source_dir / f"{name}.c"
    if not first.is_file():
        return []
    seen: dict[str, Path] = {}
    todo = [first]
    while todo:
        path = todo.pop()
        if path.name in seen or not path.is_file():
            continue
        seen[path.name] = path
        todo.extend(source_dir / m.decode() for m in _INCLUDE.findall(path.read_bytes()))
    return [seen[k] for k in sorted(seen)]


def source_hash(source_dir: Path, name: str) -> str:
    """The fingerprint (16 hex digits) of kernel ``name``'s sources in ``source_dir``.

    The names and bytes of ``<name>.c`` and of the headers it includes; empty
    when ``<name>.c`` is not there.

    >>> from pathlib import Path
    >>> source_hash(Path("no such directory"), "parse")
    ''
    """
    files = source_files(source_dir, name)
    if not files:
        return ""
    digest = hashlib.sha256()
    for path in files:
        data = path.read_bytes()
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]
