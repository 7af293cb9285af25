"""The "try it" page in the built HTML: ``<html>/tryit`` (see ``docs/tryit/tryit_build.py``).

After an HTML build, the page, the Pyodide runtime and the wheels (cgt's pure
wheel built from this checkout, its dependencies' from the cache) are written
into ``tryit/`` of the output.  Without the fetched cache the page alone is
written, and says how to fetch Pyodide when opened; the build says it too.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

TRYIT = Path(__file__).resolve().parents[1] / "tryit"


def builder() -> ModuleType:
    """``docs/tryit/tryit_build.py``, loaded by its path (``docs/tryit`` is no package)."""
    spec = importlib.util.spec_from_file_location("tryit_build", TRYIT / "tryit_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_site(app: Any, exception: BaseException | None) -> None:
    """``build-finished``: write the page into the HTML output (not for other builders)."""
    if exception is not None or app.builder.format != "html":
        return
    tryit = builder()
    out = Path(app.outdir) / "tryit"
    tryit.build(out)
    if not tryit.fetched():
        from sphinx.util import logging

        logging.getLogger(__name__).info(
            "tryit: the page has no Pyodide (run python docs/tryit/tryit_build.py --fetch)"
        )


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", write_site)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
