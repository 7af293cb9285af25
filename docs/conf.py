"""Sphinx configuration for the cgt documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE / "_ext"))

import cgt_apigen  # noqa: E402

project = "cgt"
author = "The cgt developers"
copyright = "2026, The cgt developers"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    # MathJax 3 shipped with the docs (copied into _static/mathjax): maths render offline
    "sphinx-mathjax-offline",
    "sphinx.ext.viewcode",
    "cgt_figures",
    "cgt_tryit",  # the "try it" page, written into the HTML output
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# The API pages' classes and functions stay out of the table of contents: with them, the
# sidebar's global tree had tens of thousands of entries, rebuilt for every page (half of
# the build's time); each API page's summary table lists them instead.
toc_object_entries = False
autosummary_generate = False  # the per-module pages are written by cgt_apigen below
nitpicky = False
exclude_patterns = ["_build", "_ext"]
templates_path: list[str] = []
doctest_global_setup = "import cgt"

# One page per module, written from the code before Sphinx reads the sources.
cgt_apigen.generate(HERE)

html_theme = "furo"
html_title = "cgt"
html_static_path = ["_static"]
html_css_files = ["cgt.css"]
pygments_style = "friendly"
pygments_dark_style = "monokai"
html_theme_options = {"navigation_with_keys": True}
