"""Without the optional extras, the tests that need them skip cleanly.

The quick run (``pip install -e ".[test]" && python -m pytest -q -m "not slow"``)
must work with the ``test`` extra alone.  Here the tests that use docutils and
Sphinx (the ``docs`` extra) and tqdm (the ``progress`` extra) run in a child
interpreter where those modules cannot be imported (``None`` in ``sys.modules``
makes ``import`` raise ImportError, as when the package is not installed): the
run must pass, with skips, and without collection errors.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BLOCKED = ["docutils", "sphinx", "tqdm", "tqdm.auto"]


@pytest.mark.slow
def test_docs_and_progress_tests_skip_without_their_extras() -> None:
    code = textwrap.dedent(
        f"""
        import sys
        for name in {BLOCKED!r}:
            sys.modules[name] = None  # import now raises ImportError
        import pytest
        sys.exit(pytest.main(sys.argv[1:]))
        """
    )
    args = [
        "-q",
        "-p",
        "no:cacheprovider",
        "-m",
        "not slow",
        "-rs",
        "-k",
        "figure or plots or ctrl_c_mid_search or shows_a_bar",
        "tests/test_docs_figures.py",
        "tests/test_progress.py",
        "docs/_ext",
    ]
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=110,  # a hang guard only (under the 120 s per-test limit)
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert "skipped" in summary and "passed" in summary, summary
    assert "error" not in summary, summary
    assert "could not import 'docutils'" in done.stdout
    assert "tqdm is not installed" in done.stdout
    # the docs extension, which imports docutils at its top, was not collected
    assert "cgt_figures" not in done.stdout


def test_a_hanging_test_is_stopped(tmp_path: Path, pytestconfig: pytest.Config) -> None:
    """pytest-timeout is configured (120 s, thread method) and stops a test that hangs."""
    pytest.importorskip("pytest_timeout")
    assert float(pytestconfig.getini("timeout")) == 120
    assert pytestconfig.getini("timeout_method") == "thread"
    hang = tmp_path / "test_hang.py"
    hang.write_text("import time\n\ndef test_hang():\n    time.sleep(60)\n", encoding="utf-8")
    config = ["-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path)]
    done = subprocess.run(
        # the project's configuration, with the limit lowered to one second
        [sys.executable, "-m", "pytest", "-q", *config, "-o", "timeout=1", str(hang)],
        capture_output=True,
        text=True,
        timeout=50,  # a hang guard, shorter than the sleep: the plugin must stop it first
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode != 0
    assert "Timeout" in done.stdout + done.stderr, done.stdout[-2000:]
