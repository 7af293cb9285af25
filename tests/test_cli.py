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


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cgt", *args], capture_output=True, text=True, timeout=120
    )


def test_negative_numbers_and_expressions_starting_with_minus() -> None:
    done = _cli("-1/2", "-{1|0}", "-{1|0} + 1", "-^*", "3", "--unicode", "-5/8", "-v")
    assert done.returncode == 0, done.stderr
    values = done.stdout.splitlines()[::2]
    assert values == ["−½", "{0|−1}", "{1|0}", "↓*", "3", "−⅝", "↑"]


def test_huge_numbers_on_the_command_line() -> None:
    done = _cli("-" + "9" * 5000)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "-" + "9" * 5000


def test_a_bad_expression_starting_with_minus_is_a_parse_error() -> None:
    done = _cli("-{1|")
    assert done.returncode == 2
    assert done.stdout.startswith("cgt: ") and "^" in done.stdout


def test_options_still_work_beside_negative_expressions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-2", "--domineering", "..|.."]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "+-1" and out[2] == "-2"
    with pytest.raises(SystemExit):
        main(["-h"])
    assert "usage" in capsys.readouterr().out


def test_module_docstring_examples() -> None:
    """pytest does not collect doctests from ``__main__.py``: run them here."""
    import doctest

    import cgt.__main__

    failed, attempted = doctest.testmod(cgt.__main__, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


def test_winning_moves_of_a_domineering_grid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--domineering", "...|...", "--moves", "L"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "{2|-1/2}"
    assert out[2:] == ["Left wins with: vertical domino on (0, 1) and (1, 1)"]
    assert main(["--domineering", "..|..", "--moves", "r"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2:] == [
        "Right wins with: horizontal domino on (0, 0) and (0, 1)",
        "Right wins with: horizontal domino on (1, 0) and (1, 1)",
    ]


def test_no_winning_move_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--domineering", ".|.", "--moves", "R"]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == ["Right has no winning move"]
    assert main(["--col", "L-.-.-R", "--moves", "L"]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == ["Left has no winning move"]


def test_winning_moves_in_col_snort_and_cram(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--snort", ".-.", "--moves", "L"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2:] == [
        "Left wins with: colour vertex 0 blue",
        "Left wins with: colour vertex 1 blue",
    ]
    assert main(["--cram", "...", "--moves", "L"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "1",
        "Left wins with: horizontal domino on (0, 0) and (0, 1)",
        "Left wins with: horizontal domino on (0, 1) and (0, 2)",
    ]


def test_moves_needs_a_position_and_a_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["{1|-1}", "--moves", "L"]) == 2
    assert capsys.readouterr().out.startswith("cgt: --moves needs a position")
    with pytest.raises(SystemExit):
        main(["--domineering", "..", "--moves", "up"])
    assert "invalid choice" in capsys.readouterr().err
