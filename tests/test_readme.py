"""The README's examples stay true."""

from __future__ import annotations

import doctest
from pathlib import Path

import cgt

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [part.split("```")[0] for part in text.split("```pycon")[1:]]
    assert blocks, "the README shows examples"
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(
            block, {"cgt": cgt}, f"README[{number}]", None, 0
        )
        runner.run(test)
    assert runner.failures == 0 and runner.tries >= 10


def test_readme_commands_match_ci() -> None:
    text = README.read_text(encoding="utf-8")
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    extras = "test,docs,peer,plot,notebook,progress,parallel,widget"
    test_command = f'python -m pip install -e ".[{extras}]" && python -m pytest -q'
    assert test_command in text
    # CI installs the same way and runs the same suite, on two processes (pytest-xdist)
    install, run = test_command.split(" && ")
    assert install in ci and f"{run} -n 2" in ci
    assert "python -m pip install -e . && python -m cgt --demo" in text
