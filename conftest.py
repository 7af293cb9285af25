"""Shared pytest set-up: doctests see ``cgt`` without importing it."""

from __future__ import annotations

from typing import Any

import pytest

import cgt


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["cgt"] = cgt
