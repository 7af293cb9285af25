"""Every script in ``examples/`` runs to the end and prints its story, asserting
what it prints (against independent values where there are some)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert len(SCRIPTS) >= 5
    for script in SCRIPTS:  # each checks what it prints (so running it is a test)
        assert "assert " in script.read_text(encoding="utf-8"), script.name


#: Options for a shorter run: col_europe grows its region while a value takes less
#: than its budget (5 s a value by default: 13 CPU s in all; with 1 s, 3.5)
OPTIONS = {"col_europe": ["--budget", "1"]}


@pytest.mark.slow
@pytest.mark.timeout(360)
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_example_runs(script: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    done = subprocess.run(
        [sys.executable, str(script), *OPTIONS.get(script.stem, [])],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), f"{script.name} printed nothing"
