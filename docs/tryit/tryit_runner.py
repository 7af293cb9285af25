"""Run a cell of the "try it" page: the same code runs in the browser (Pyodide) and in tests.

``run(source)`` executes ``source`` like a notebook cell in a namespace where
``cgt`` and every name of ``cgt.games`` are imported: the statements run, and
the value of a last line that is an expression is shown, as its ``repr`` and,
when it has one, its SVG picture (``_repr_svg_``, the picture Jupyter shows).
What the cell prints is captured; an error is reported by its type and message.
"""

from __future__ import annotations

import ast
import contextlib
import io
import traceback
from typing import Any

NAMESPACE: dict[str, Any] = {}


def namespace() -> dict[str, Any]:
    """The cells' shared namespace: ``cgt`` and ``cgt.games``' names, imported once."""
    if not NAMESPACE:
        import cgt
        import cgt.games

        NAMESPACE.update({name: getattr(cgt.games, name) for name in cgt.games.__all__})
        NAMESPACE.update({"cgt": cgt, "__name__": "__main__"})
    return NAMESPACE


def run(source: str) -> dict[str, str | None]:
    """Run one cell; return what it printed, its value's repr and SVG, or its error."""
    env = namespace()
    out = io.StringIO()
    result: dict[str, str | None] = {"stdout": "", "value": None, "svg": None, "error": None}
    try:
        tree = ast.parse(source, "<cell>", "exec")
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        with contextlib.redirect_stdout(out):
            exec(compile(tree, "<cell>", "exec"), env)
            if last is not None:
                value = eval(compile(last, "<cell>", "eval"), env)
                if value is not None:
                    env["_"] = value
                    result["value"] = repr(value)
                    draw = getattr(value, "_repr_svg_", None)
                    if callable(draw):
                        result["svg"] = draw()
    except BaseException as err:  # a cell's error is shown, whatever it is
        result["error"] = "".join(traceback.format_exception_only(type(err), err)).rstrip()
    result["stdout"] = out.getvalue()
    return result
