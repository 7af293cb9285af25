"""Shared pytest set-up: doctests see ``cgt`` without importing it; hypothesis profiles.

Property tests run derandomised by default, so a test run (and CI) is
reproducible.  ``CGT_HYPOTHESIS=explore python -m pytest -q tests`` draws fresh
random examples (1,000 a test where the test does not set its own number): run
it to look for new counterexamples.  Tests marked ``slow`` take more than a few
seconds; CI runs them, and ``-m "not slow"`` leaves them out of a quick local run.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import settings

import cgt

settings.register_profile("default", derandomize=True)
settings.register_profile("explore", derandomize=False, max_examples=1000)
settings.load_profile(os.environ.get("CGT_HYPOTHESIS", "default"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: takes more than a few seconds (CI runs it)")
    config.addinivalue_line(
        "markers",
        "tooling: static checks and package builds that do not run through the compiled "
        "kernels (CI runs them once, not again in its pure-Python pass)",
    )
    config.addinivalue_line(
        "markers",
        "kernel_free: a slow test whose code path has no compiled kernel (pure Python in "
        "both of CI's passes), so the pure-Python pass leaves it out",
    )


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["cgt"] = cgt
