"""The documentation shows a picture on every ruleset page and in the gallery.

The HTML build (with warnings as errors) is done once for the module; each
ruleset page must contain a figure computed at build time
(``.. cgt-figure::``, see ``docs/_ext/cgt_figures.py``) holding an ``<svg``
or an ``<img``.  The API pages are checked to cover every public name.
"""

from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cgt.games.registry import rulesets
from tests.tools import browser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

#: The guide's pages about rulesets: each must show at least one figure.
RULESET_PAGES = [
    "domineering",
    "col_snort",
    "boards",
    "strips",
    "hackenbush",
    "hexapawn",
    "chips",
    "wythoff",
    "heap_games",
    "loopy_positions",
    "impartial",  # Node and Arc Kayles
]
#: ... and the page of every ruleset in the registry
RULESET_PAGES += sorted({r.docs for r in rulesets() if r.docs} - set(RULESET_PAGES))

#: Guide pages about theory, not rulesets, whose figures are checked too (issue 30: the
#: misère pages); their figures' code is also run without the HTML build, below.
THEORY_PAGES = ["census", "misere_partizan", "misere_dead_ending", "scoring", "strategies"]

# the HTML build (module fixture) takes minutes on a loaded machine
pytestmark = pytest.mark.timeout(960)

FIGURE = re.compile(r'<figure class="cgt-figure">(.*?)</figure>', re.DOTALL)


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("sphinx")
    pytest.importorskip("furo")
    pytest.importorskip("matplotlib")
    out = tmp_path_factory.mktemp("html")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-b",
            "html",
            "docs",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.mark.slow
@pytest.mark.tooling
def test_sphinx_builds_without_warnings(html: Path) -> None:
    """The fixture's build ran with ``-W`` (warnings are errors) and succeeded."""
    assert (html / "index.html").is_file()
    assert (html / "api").is_dir() and (html / "guide").is_dir()


def _figures(page: Path) -> list[str]:
    return FIGURE.findall(page.read_text(encoding="utf-8"))


def test_the_ruleset_list_names_existing_pages() -> None:
    for name in RULESET_PAGES:
        assert (ROOT / "docs" / "guide" / f"{name}.rst").exists(), name


@pytest.mark.slow
@pytest.mark.parametrize("name", RULESET_PAGES)
def test_every_ruleset_page_has_a_figure(html: Path, name: str) -> None:
    figures = _figures(html / "guide" / f"{name}.html")
    assert figures, f"guide/{name} has no figure"
    for figure in figures:
        assert "<svg" in figure or "<img" in figure, f"an empty figure in guide/{name}"


@pytest.mark.slow
@pytest.mark.parametrize("name", THEORY_PAGES)
def test_every_theory_page_has_a_figure(html: Path, name: str) -> None:
    figures = _figures(html / "guide" / f"{name}.html")
    assert figures and all("<svg" in figure for figure in figures), name


def figure_sources(name: str) -> list[str]:
    """The code of each ``.. cgt-figure::`` of a guide page (its body, options left out)."""
    lines = (ROOT / "docs" / "guide" / f"{name}.rst").read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.strip() != ".. cgt-figure::":
            continue
        j = i + 1
        while j < len(lines) and (lines[j].startswith("   :") or lines[j].startswith("      ")):
            j += 1  # the options and their continuation lines
        body = []
        for line2 in lines[j:]:
            if line2.strip() and not line2.startswith("   "):
                break
            body.append(line2[3:])
        found.append("\n".join(body).strip())
    return found


@pytest.mark.parametrize("name", THEORY_PAGES)
def test_the_figures_of_theory_pages_draw(name: str) -> None:
    """Each figure's code runs and gives an SVG (quick: no Sphinx build)."""
    pytest.importorskip("docutils")
    pytest.importorskip("sphinx")
    import cgt_figures  # type: ignore[import-not-found]  # docs/_ext, on sys.path above

    sources = figure_sources(name)
    assert sources, f"guide/{name} has no figure"
    for code in sources:
        svg = cgt_figures.to_svg(cgt_figures._evaluate(code))
        # a drawing with lines (trees, thermographs, diagrams), or a board with its stones
        assert svg.startswith("<svg") and ("<line" in svg or "<circle" in svg), code


@pytest.mark.slow
def test_the_gallery_shows_every_example_with_a_picture_and_its_output(html: Path) -> None:
    text = (html / "gallery.html").read_text(encoding="utf-8")
    scripts = sorted(p.name for p in (ROOT / "examples").glob("*.py"))
    assert scripts
    sections = re.split(r'<section id="', text)[2:]  # the page itself, then one per example
    assert len(sections) == len(scripts)
    for section in sections:
        assert FIGURE.search(section), section[:80]
        assert section.count('<div class="highlight-python') == 1  # the code
        assert section.count('<div class="highlight-text') == 1  # what it printed
    for script in scripts:  # each script's own first line is shown
        first = (ROOT / "examples" / script).read_text(encoding="utf-8").split("\n")[0]
        assert first[3:20] in text.replace("&quot;", '"').replace("&#39;", "'"), script


@pytest.mark.slow
def test_the_api_reference_has_a_summary_table_on_each_module_page(html: Path) -> None:
    import cgt_apigen  # type: ignore[import-not-found]  # docs/_ext, on sys.path above

    for modname, names in cgt_apigen.plan().items():
        page = (html / "api" / f"{modname}.html").read_text(encoding="utf-8")
        if names:
            assert 'class="autosummary' in page, modname
        for name in names:
            assert f'id="{modname}.{name}"' in page, f"{modname}.{name}"


def test_every_public_name_has_an_api_page() -> None:
    """Each name exported by ``cgt`` and its packages is documented on one module page."""
    import cgt_apigen  # type: ignore[import-not-found]  # docs/_ext, on sys.path above

    documented: dict[int, str] = {}
    for modname, names in cgt_apigen.plan().items():
        module = importlib.import_module(modname)
        for name in names:
            obj = getattr(module, name)
            assert id(obj) not in documented, (name, documented.get(id(obj)))
            documented[id(obj)] = f"{modname}.{name}"
    missing = []
    for package in ["cgt", "cgt.games", "cgt.impartial", "cgt.loopy", "cgt.play"]:
        module = importlib.import_module(package)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or name.startswith("__"):
                continue
            if id(obj) not in documented and name not in {"cache_limit", "set_cache_limit"}:
                missing.append(f"{package}.{name}")
    assert missing == []


def test_a_figure_that_cannot_be_drawn_is_reported() -> None:
    pytest.importorskip("docutils")  # the extension is a Sphinx directive: the `docs` extra
    pytest.importorskip("sphinx")
    import cgt_figures  # type: ignore[import-not-found]  # docs/_ext, on sys.path above

    with pytest.raises(TypeError, match="cannot draw int"):
        cgt_figures.to_svg(3)
    with pytest.raises(ValueError, match="last line"):
        cgt_figures._evaluate("x = 1")
    assert cgt_figures.to_svg(cgt_figures._evaluate('Domineering("..|..")')).startswith("<svg")


def test_plots_are_the_same_svg_on_every_build() -> None:
    pytest.importorskip("matplotlib")
    pytest.importorskip("docutils")
    pytest.importorskip("sphinx")
    import cgt_figures  # type: ignore[import-not-found]  # docs/_ext, on sys.path above

    def draw() -> str:
        return str(cgt_figures.to_svg(cgt_figures.grundy_plot([0, 1, 2, 0, 1], "t")))

    assert draw() == draw()


# -- maths with no network (issue 28 item 2) ----------------------------------------------
TEX_DELIMITERS = ["\\(", "\\)", "\\[", "\\]"]


@pytest.mark.slow
def test_no_page_loads_a_script_or_a_style_from_the_network(html: Path) -> None:
    """MathJax is shipped in the build (``sphinx-mathjax-offline``), not taken from a CDN."""
    remote = re.compile(r"<(?:script|link)\b[^>]*?\b(?:src|href)=\"(?:https?:)?//[^\"]*\"[^>]*>")
    loaded = re.compile(r"<(?:script|link)\b[^>]*?\b(?:src|href)=\"([^\"]*mathjax[^\"]*)\"")
    pages = sorted(html.rglob("*.html"))
    assert len(pages) > 50
    mathjax = set()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        found = [t for t in remote.findall(text) if 'rel="stylesheet"' in t or "<script" in t]
        assert not found, f"{page.relative_to(html)} loads {found[0]}"
        for src in loaded.findall(text):
            mathjax.add((page.parent / src.split("?")[0]).resolve())
    assert mathjax, "no page loads MathJax"
    for script in mathjax:
        assert script.is_file() and script.is_relative_to(html / "_static" / "mathjax"), script
    # the fonts MathJax asks for sit beside it
    assert list((html / "_static" / "mathjax" / "output" / "chtml" / "fonts").rglob("*.woff"))


@pytest.mark.slow
@pytest.mark.skipif(browser.CHROMIUM is None, reason="Chromium is not installed")
def test_the_maths_render_with_no_network(html: Path, tmp_path: Path) -> None:
    """The temperature page in Chromium with no network: every formula typeset, no TeX shown."""
    page = html / "guide" / "temperature.html"
    source = page.read_text(encoding="utf-8")
    formulas = source.count('class="math notranslate nohighlight"')
    assert formulas >= 10
    assert "G^L_t - t" in source  # the TeX MathJax must replace: the cooling formula
    visit = browser.visit_offline(page, tmp_path / "temperature.png")
    assert visit.requested == [], visit.requested
    assert visit.dom.count("<mjx-container") == formulas  # MathJax typeset each formula
    assert "Cooling by" in visit.text  # the page's text is there
    for tex in ["G^L_t", "\\mid", "\\{", "\\ge", *TEX_DELIMITERS]:
        assert tex not in visit.text, tex
    assert browser.inked(tmp_path / "temperature.png") > 0.02, "the page is (nearly) blank"
