"""The command line, ``python -m cgt``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cgt.__main__ import main


def test_expression(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["{3||2|1} + ^ + *"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "{3^*||2^*|1^*}"
    assert "temperature 3/4" in out[1] and "outcome L" in out[1]


def test_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--domineering", "..|..", "--col", "L-.-R"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "+-1" and out[2] == "0"


def test_bad_input_is_reported_with_a_caret(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["{1|?}"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("cgt: unexpected character") and out[-1].strip() == "^"


def test_module_entry_point_runs_the_demo() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cgt", "--demo"], capture_output=True, text=True, check=True
    )
    assert "{-2,1,3|0,1,5}     = {3|0}" in done.stdout
    assert "Periodicity(preperiod=71, period=12)" in done.stdout
