"""Sphinx configuration for the cgt documentation."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.abspath(".."))

project = "cgt"
author = "The cgt developers"
copyright = "2026, The cgt developers"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = False
exclude_patterns = ["_build"]
html_theme = "alabaster"
doctest_global_setup = "import cgt"
