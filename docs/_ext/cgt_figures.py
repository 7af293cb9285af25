"""Figures computed while the documentation builds.

``.. cgt-figure::`` runs the Python code in its body (``cgt``, ``cgt.games``'
names and every registered ruleset class are imported, and the drawing helpers
below) and shows
the value of its last line as an inline SVG: a position or value with a
``_repr_svg_`` method, a matplotlib figure, or an SVG string.  The option
``:caption:`` adds a caption; ``:alt:`` a text alternative (defaults to the
caption).

``.. cgt-example-output:: examples/name.py`` shows what an example script
prints.  The scripts run two at a time; their outputs are kept in
``docs/_generated/examples`` (not committed) under a hash of the script and of
the library's sources, so a rebuild reruns only what changed.
"""

from __future__ import annotations

import ast
import hashlib
import html
import io
import os
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]


# --- drawing helpers for rulesets without an SVG of their own ----------------------------
def _svg(width: float, height: float, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">' + "".join(body) + "</svg>"
    )


def hexapawn_svg(position: Any, cell: int = 36) -> str:
    """A Hexapawn board: white and black pawns on a chequered board, White at the bottom."""
    rows = str(position).splitlines()
    h, w = len(rows), len(rows[0])
    body = []
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            shade = "#e8d9b5" if (r + c) % 2 == 0 else "#b58863"
            x, y = c * cell, r * cell
            body.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{shade}"/>')
            if ch in "WB":
                fill, stroke = ("#ffffff", "#222222") if ch == "W" else ("#222222", "#000000")
                cx, cy = x + cell / 2, y + cell / 2
                body.append(
                    f'<circle cx="{cx}" cy="{cy - 3}" r="{cell * 0.18:g}" fill="{fill}" '
                    f'stroke="{stroke}" stroke-width="1.5"/>'
                    f'<path d="M{cx - cell * 0.24:g},{cy + cell * 0.3:g} '
                    f'L{cx:g},{cy - 2:g} L{cx + cell * 0.24:g},{cy + cell * 0.3:g} Z" '
                    f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
                )
    return _svg(w * cell, h * cell, body)


def chips_svg(position: Any, cell: int = 30) -> str:
    """A row of numbered squares with the chips of a :class:`~cgt.games.ChipGame`."""
    squares = set(position.squares)
    n = max(squares) + 1
    body = []
    for k in range(1, n + 1):
        x = (k - 1) * cell
        body.append(
            f'<rect x="{x}" y="0" width="{cell}" height="{cell}" fill="#f4f4f4" '
            f'stroke="#555555"/><text x="{x + cell / 2:g}" y="{cell + 14}" font-size="11" '
            f'text-anchor="middle" font-family="sans-serif" fill="#555555">{k}</text>'
        )
        if k in squares:
            body.append(
                f'<circle cx="{x + cell / 2:g}" cy="{cell / 2:g}" r="{cell * 0.35:g}" '
                'fill="#c0392b" stroke="#7b241c" stroke-width="1.5"/>'
            )
    return _svg(n * cell, cell + 18, body)


def _figure(width: float, height: float) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9, "svg.hashsalt": "cgt"})
    return plt.figure(figsize=(width, height))


def grundy_plot(values: list[int], title: str) -> Any:
    """A Grundy sequence ``G(0), G(1), ...`` as a stem plot (needs matplotlib)."""
    fig = _figure(6.4, 2.4)
    ax = fig.add_subplot()
    ax.vlines(range(len(values)), 0, values, color="#4c72b0", linewidth=1)
    ax.plot(range(len(values)), values, "o", color="#4c72b0", markersize=2.5)
    ax.set_xlabel("heap size n")
    ax.set_ylabel("G(n)")
    ax.set_title(title)
    ax.set_xlim(-1, len(values))
    ax.set_ylim(bottom=0)
    fig.tight_layout()
    return fig


def table_plot(table: list[list[int]], title: str, xlabel: str = "y", ylabel: str = "x") -> Any:
    """A table of Grundy values as a coloured grid with the numbers written in."""
    fig = _figure(5.6, 5.3)
    ax = fig.add_subplot()
    ax.imshow(table, cmap="viridis", origin="lower")
    for x, row in enumerate(table):
        for y, v in enumerate(row):
            colour = "white" if v < 0.6 * max(max(r) for r in table) else "black"
            ax.text(y, x, str(v), ha="center", va="center", fontsize=7, color=colour)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    fig.tight_layout()
    return fig


def load_example(name: str) -> Any:
    """The module ``examples/<name>.py``, imported (its ``main`` is not run)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        f"_example_{name}", ROOT / "examples" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: Drawings for positions that do not (yet) draw themselves.
FALLBACKS = {"Hexapawn": hexapawn_svg, "ChipGame": chips_svg}

HELPERS = {
    "hexapawn_svg": hexapawn_svg,
    "chips_svg": chips_svg,
    "grundy_plot": grundy_plot,
    "table_plot": table_plot,
    "load_example": load_example,
}


def _evaluate(code: str) -> Any:
    import cgt
    import cgt.games
    import cgt.games.registry

    namespace: dict[str, Any] = {"cgt": cgt, **HELPERS}
    namespace.update({name: getattr(cgt.games, name) for name in cgt.games.__all__})
    namespace.update({r.cls.__name__: r.cls for r in cgt.games.registry.rulesets()})
    tree = ast.parse(code)
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        raise ValueError("the last line of a cgt-figure must be an expression")
    last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, "<cgt-figure>", "exec"), namespace)
    return eval(compile(last, "<cgt-figure>", "eval"), namespace)


def to_svg(obj: Any) -> str:
    """The SVG text of a figure's value."""
    if isinstance(obj, str):
        return obj
    if hasattr(obj, "_repr_svg_"):
        return str(obj._repr_svg_())
    fallback = FALLBACKS.get(type(obj).__name__)
    if fallback is not None:
        return fallback(obj)
    if hasattr(obj, "savefig"):
        import matplotlib.pyplot as plt

        buffer = io.StringIO()
        obj.savefig(buffer, format="svg", metadata={"Date": None})  # the same bytes each build
        plt.close(obj)
        text = buffer.getvalue()
        return text[text.index("<svg") :]
    raise TypeError(f"cannot draw {type(obj).__name__} as SVG")


class CgtFigure(SphinxDirective):
    """``.. cgt-figure::``: an SVG computed from the code in the body."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "caption": directives.unchanged,
        "alt": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        try:
            svg = to_svg(_evaluate("\n".join(self.content)))
        except Exception as exc:  # report where the figure failed, as a build error
            raise self.error(f"cgt-figure failed: {type(exc).__name__}: {exc}") from exc
        caption = self.options.get("caption", "")
        alt = self.options.get("alt", caption)
        label = f' role="img" aria-label="{html.escape(alt)}"' if alt else ""
        text = f'<figure class="cgt-figure"><div class="cgt-figure-body"{label}>{svg}</div>'
        if caption:
            text += f"<figcaption>{html.escape(caption)}</figcaption>"
        text += "</figure>"
        return [nodes.raw("", text, format="html")]


_runs: dict[str, Future[str]] = {}
_pool = ThreadPoolExecutor(max_workers=2)
CACHE = ROOT / "docs" / "_generated" / "examples"


def _fingerprint(script: Path) -> str:
    """A hash of the script and of the library's sources: the output is reused while both hold."""
    digest = hashlib.sha256(script.read_bytes())
    for source in sorted((ROOT / "cgt").rglob("*.py")):
        digest.update(source.relative_to(ROOT).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def _run_example(script: Path) -> str:
    cached = CACHE / f"{script.stem}.{_fingerprint(script)}.txt"
    if cached.exists():
        return cached.read_text(encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{script.name} failed:\n{done.stderr}")
    CACHE.mkdir(parents=True, exist_ok=True)
    for stale in CACHE.glob(f"{script.stem}.*.txt"):
        stale.unlink()
    cached.write_text(done.stdout, encoding="utf-8")
    return done.stdout


def _start_examples(key: str) -> None:
    """Start every example script (two at a time) when the first output is asked for."""
    if not _runs:
        for script in sorted((ROOT / "examples").glob("*.py")):
            _runs[f"examples/{script.name}"] = _pool.submit(_run_example, script)
    if key not in _runs:
        _runs[key] = _pool.submit(_run_example, ROOT / key)


class ExampleOutput(SphinxDirective):
    """``.. cgt-example-output:: examples/name.py``: what the script prints."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        key = self.arguments[0]
        _start_examples(key)
        self.env.note_dependency(str(ROOT / key))
        try:
            output = _runs[key].result()
        except Exception as exc:
            raise self.error(f"{key}: {exc}") from exc
        block = nodes.literal_block(output, output)
        block["language"] = "text"
        intro = nodes.paragraph()
        intro += nodes.Text("What ")
        intro += nodes.literal(f"python {key}", f"python {key}")
        intro += nodes.Text(" prints:")
        return [intro, block]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cgt-figure", CgtFigure)
    app.add_directive("cgt-example-output", ExampleOutput)
    return {"version": "1", "parallel_read_safe": False}
