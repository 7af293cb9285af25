"""Quality gates run as tests, so the README's one test command covers them:
``mypy --strict``, ``ruff check``, ``ruff format --check`` and the Sphinx build
with warnings as errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# mypy from a cold cache and the Sphinx build take minutes on a loaded machine
pytestmark = pytest.mark.timeout(960)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=900
    )


@pytest.mark.tooling  # in the default tier, though it takes some 25 CPU s with no cache
def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    done = _run("mypy")  # the config in pyproject.toml: strict, on cgt and the tests
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.tooling
def test_ruff_check() -> None:
    pytest.importorskip("ruff")
    done = _run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.tooling
def test_ruff_format() -> None:
    pytest.importorskip("ruff")
    done = _run("ruff", "format", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


# The Sphinx build with warnings as errors: tests/test_docs_figures.py builds the
# docs once (a module fixture) and checks that build, so it is not built again here.


def test_package_ships_type_information() -> None:
    assert (ROOT / "cgt" / "py.typed").exists()
