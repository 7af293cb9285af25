"""The two tiers of the suite (conftest.py): what a plain run leaves out, and the
guard that keeps the default tier quick.

Each check runs pytest in a child process on a small suite of its own, with a copy of
the project's conftest.py, so the tiers are seen as a user's run sees them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SUITE = """
import time

import pytest


def burn(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass


def test_quick():
    assert 1 + 1 == 2


@pytest.mark.slow
def test_slow():
    assert sum(range(10)) == 45


@pytest.mark.slow
@pytest.mark.tooling
def test_slow_check():
    assert "x".upper() == "X"


def test_unmarked_but_slow():
    burn(0.3)
"""


def _run(where: Path, *args: str, **env: str) -> tuple[int, str]:
    settings = {k: v for k, v in os.environ.items() if not k.startswith("CGT_SLOW")}
    settings.update(env)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", *args],
        cwd=where,
        env=settings,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.returncode, done.stdout + done.stderr


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_suite.py").write_text(SUITE, encoding="utf-8")
    return tmp_path


@pytest.mark.tooling
def test_a_plain_run_leaves_out_the_slow_tier_but_not_the_checks(suite: Path) -> None:
    code, out = _run(suite, CGT_FAST_LIMIT="60")
    assert code == 0, out
    assert "3 passed, 1 deselected" in out
    assert "PASSED test_suite.py::test_slow_check" in out
    assert not re.search(r"test_suite\.py::test_slow$", out, re.M)
    code, out = _run(suite, CGT_FAST_LIMIT="60", CGT_SLOW_TESTS="1")
    assert code == 0 and "4 passed" in out and "deselected" not in out, out
    # an explicit -m, or the test's node id, chooses for itself
    code, out = _run(suite, "-m", "slow", CGT_FAST_LIMIT="60")
    assert code == 0 and "2 passed, 2 deselected" in out, out
    code, out = _run(suite, "test_suite.py::test_slow", CGT_FAST_LIMIT="60")
    assert code == 0 and "1 passed" in out and "deselected" not in out, out


@pytest.mark.tooling
def test_an_unmarked_slow_test_fails_in_the_default_tier_only(suite: Path) -> None:
    code, out = _run(suite, CGT_FAST_LIMIT="0.1")
    assert code == 1, out
    assert "1 failed, 2 passed, 1 deselected" in out
    assert "test_unmarked_but_slow took" in out and "mark it @pytest.mark.slow" in out
    # the slow tier has no such limit
    code, out = _run(suite, CGT_FAST_LIMIT="0.1", CGT_SLOW_TESTS="1")
    assert code == 0 and "4 passed" in out, out
