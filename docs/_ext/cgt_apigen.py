"""Write one API page per module of ``cgt`` at build time (``docs/api/cgt.*.rst``).

Each page holds the module's docstring, a summary table (``autosummary``) of
the public names the module defines, and their reference entries.  The pages
are derived from the code alone (its ``__all__``, or the public names a module
defines), so the build is deterministic; they are not committed (see
``.gitignore``).  ``docs/api/index.rst`` (committed) groups them by layer.
"""

from __future__ import annotations

import importlib
import inspect
import unicodedata
from pathlib import Path
from types import ModuleType
from typing import Any

#: The modules documented, grouped as the layers of the design (top-down).
LAYERS: dict[str, list[str]] = {
    "Values": [
        "cgt.dyadic",
        "cgt.ordinal",
        "cgt.surreal",
        "cgt.game",
        "cgt.canonical",
        "cgt.errors",
    ],
    "Notation and pictures": ["cgt.notation", "cgt.tree"],
    "Temperature and the theory of values": [
        "cgt.temperature",
        "cgt.thermograph",
        "cgt.atomic",
        "cgt.products",
        "cgt.structure",
        "cgt.census",
    ],
    "Impartial games": [
        "cgt.impartial.nim",
        "cgt.impartial.sprague_grundy",
        "cgt.impartial.periodicity",
        "cgt.impartial.field",
        "cgt.impartial.misere",
        "cgt.impartial.misere_canonical",
        "cgt.impartial.misere_census",
        "cgt.impartial.quotient",
        "cgt.impartial.closure",
        "cgt.impartial.presentation",
        "cgt.impartial.take_and_break",
        "cgt.impartial.entailing",
        "cgt.impartial_search",
    ],
    "Positions and the solver": ["cgt.games.base", "cgt.games.registry", "cgt.solver"],
    "Games (one page per ruleset, and the shared geometry)": [
        "cgt.games.domineering",
        "cgt.games.graph",
        "cgt.games.graph_colouring",
        "cgt.games.col",
        "cgt.games.snort",
        "cgt.games.kayles",
        "cgt.games.hackenbush",
        "cgt.games.board",
        "cgt.games.clobber",
        "cgt.games.konane",
        "cgt.games.fission",
        "cgt.games.amazons",
        "cgt.games.skijumps",
        "cgt.games.nogo",
        "cgt.games.go",
        "cgt.games.strip",
        "cgt.games.toads_and_frogs",
        "cgt.games.elephants_and_rhinos",
        "cgt.games.toppling_dominoes",
        "cgt.games.partizan_subtraction",
        "cgt.games.cakes",
        "cgt.games.pushing",
        "cgt.games.heap",
        "cgt.games.wythoff",
        "cgt.games.chips",
        "cgt.games.hexapawn",
        "cgt.games.hexapawn.theory",
        "cgt.games.hexapawn.dawson",
        "cgt.games.hexapawn.misere",
        "cgt.games.loopy_games",
        "cgt.games.dots_and_boxes",
        "cgt.games.loony_endgames",
        "cgt.games.grid",
        "cgt.games.variants",
        "cgt.games.families",
        "cgt.games.compounds",
    ],
    "Partizan misère play": [
        "cgt.misere.forms",
        "cgt.misere.universes",
        "cgt.misere.full",
        "cgt.misere.dicot",
        "cgt.misere.dead_ending",
        "cgt.misere.dead_ends",
        "cgt.misere.quotient",
    ],
    "Scoring games": [
        "cgt.scoring.games",
        "cgt.scoring.order",
        "cgt.games.scoring_board",
        "cgt.games.kobber",
        "cgt.games.diskonnect",
    ],
    "Loopy games": [
        "cgt.loopy.values",
        "cgt.loopy.sided",
        "cgt.loopy.notation",
        "cgt.loopy.graph",
        "cgt.loopy.positions",
        "cgt.loopy.canonical",
        "cgt.loopy.printing",
        "cgt.loopy.invariants",
    ],
    "Play": [
        "cgt.play",
        "cgt.hot",
        "cgt.environment",
        "cgt.certificates",
        "cgt.verify",
        "cgt.versus",
        "cgt.widget",
    ],
    "Campaigns": ["cgt.store", "cgt.surveys"],
    "Tools": ["cgt.progress", "cgt.kernels", "cgt.cli"],
}


GAMES = "Games (one page per ruleset, and the shared geometry)"


def layers() -> dict[str, list[str]]:
    """:data:`LAYERS`, with the module of each registered ruleset not listed there added
    to the games (a new ruleset's page needs no line here)."""
    from cgt.games.registry import rulesets

    out = {layer: list(modules) for layer, modules in LAYERS.items()}
    listed = {m for modules in out.values() for m in modules}
    for r in rulesets():
        if r.cls.__module__ not in listed:
            listed.add(r.cls.__module__)
            out[GAMES].append(r.cls.__module__)
    return out


def _public_names(module: ModuleType) -> list[str]:
    """The names ``module`` documents: ``__all__`` if it has one, else its own public names."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            name
            for name, obj in vars(module).items()
            if not name.startswith("_")
            and (inspect.isclass(obj) or inspect.isfunction(obj))
            and obj.__module__ == module.__name__
        ]
        # source order, as autodoc's "bysource"
        try:
            source = inspect.getsource(module)
        except (OSError, TypeError):  # pragma: no cover - compiled modules
            return sorted(names)
        names.sort(key=lambda n: (source.find(f"class {n}"), source.find(f"def {n}")))
        return names
    return [n for n in names if not n.startswith("_")]


def _defines(module: ModuleType, name: str) -> bool:
    obj = getattr(module, name, None)
    if obj is None or inspect.ismodule(obj):
        return False
    home = getattr(obj, "__module__", None)
    if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.isbuiltin(obj):
        if home == module.__name__:
            return True
        # a name from an internal module (``cgt._engine``) is documented on the
        # page of the public module that exports it in ``__all__``
        internal = isinstance(home, str) and any(p.startswith("_") for p in home.split("."))
        return internal and name in getattr(module, "__all__", ())
    return True  # data (a constant, a value) listed in ``__all__``


def plan() -> dict[str, list[str]]:
    """Module -> the names documented on its page (each object on one page only)."""
    seen: set[int] = set()
    pages: dict[str, list[str]] = {}
    for modules in layers().values():
        for modname in modules:
            module = importlib.import_module(modname)
            names = []
            for name in _public_names(module):
                if not _defines(module, name):
                    continue
                obj: Any = getattr(module, name)
                if id(obj) in seen:
                    continue
                seen.add(id(obj))
                names.append(name)
            pages[modname] = names
    return pages


def _page(modname: str, names: list[str]) -> str:
    title = f"``{modname}``"
    lines = [title, "=" * len(title), "", f".. automodule:: {modname}", "   :no-members:", ""]
    if names:
        lines += [".. rubric:: Summary", "", ".. autosummary::", "   :nosignatures:", ""]
        lines += [f"   {name}" for name in names]
        lines += ["", ".. rubric:: Reference", ""]
        for name in names:
            obj = getattr(importlib.import_module(modname), name)
            if inspect.isclass(obj):
                directive = "autoclass"
                options = ["   :members:", "   :show-inheritance:"]
            elif inspect.isroutine(obj):
                directive, options = "autofunction", []
            else:
                directive, options = "autodata", ["   :no-value:"]
            lines += [f".. {directive}:: {modname}.{name}", *options, ""]
    return "\n".join(lines)


def top_level_summary() -> str:
    """The ``cgt`` namespace: each top-level name linked to the page that documents it."""
    import cgt

    where: dict[int, str] = {}
    for modname, names in plan().items():
        module = importlib.import_module(modname)
        for name in names:
            where[id(getattr(module, name))] = f"{modname}.{name}"
    rows = []
    private = []
    for name in cgt.__all__:
        obj = getattr(cgt, name)
        if inspect.ismodule(obj) or name.startswith("__"):
            continue
        if id(obj) in where:
            rows.append(f"   ~{where[id(obj)]}")
        else:
            private.append(name)
    out = [".. autosummary::", "   :nosignatures:", "", *rows, ""]
    for name in private:
        out += [f".. autofunction:: cgt.{name}", ""]
    return "\n".join(out)


def generate(docs: Path) -> None:
    """Write ``docs/api/<module>.rst`` for every module, and the top-level table."""
    target = docs / "api"
    target.mkdir(exist_ok=True)
    wanted = {}
    for modname, names in plan().items():
        wanted[f"{modname}.rst"] = _page(modname, names)
    wanted["_toplevel.rst.inc"] = top_level_summary()
    for layer, modules in layers().items():
        name = unicodedata.normalize("NFKD", layer.split(" (")[0].lower())
        slug = name.encode("ascii", "ignore").decode().replace(" ", "_")
        wanted[f"_layer_{slug}.rst.inc"] = "\n".join(
            [".. toctree::", "   :maxdepth: 1", "", *[f"   {m}" for m in modules], ""]
        )
    for name, text in wanted.items():
        path = target / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")  # unchanged pages keep their mtime
    # pages of modules that are gone or no longer documented (a module moved): a
    # stale page would be built outside every toctree
    for path in [*target.glob("cgt.*.rst"), *target.glob("_layer_*.rst.inc")]:
        if path.name not in wanted:
            path.unlink()
