"""Headless Chromium for the tests that look at pages (the notebook, the "try it" page).

``CHROMIUM`` is the browser found on ``PATH`` (``None`` without one: those tests
skip); ``FLAGS`` start it headless and quiet, without its own network traffic
(no updates, sync or first-run pages).
"""

from __future__ import annotations

import shutil

CHROMIUM = next(
    filter(None, map(shutil.which, ["chromium", "chromium-browser", "google-chrome"])), None
)

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
