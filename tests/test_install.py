"""Installing cgt, as the docs and the messages tell it (issue 28, items 1 and 10).

* Every ``pip install`` hint in the package, the docs, the README and the
  scripts names something pip can install: never ``cgt`` (on PyPI that name is
  another project), never our own distribution from the index while it is not
  published there (:data:`ON_PYPI`), a checkout or a wheel with extras that
  exist, or a package that one of our extras brings.
* Run from the folder that holds a clone named ``cgt``, Python imports the
  clone's root as an empty namespace package: the entry points say so, and the
  install page's one-line check tells the two cases apart.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_kernels import DROP_EDITABLE_FINDER

ROOT = Path(__file__).resolve().parent.parent

#: Is ``combinatorial-games`` on PyPI?  Until it is, an install hint that fetches it
#: from the index (``pip install combinatorial-games``) fails for every reader.
ON_PYPI = False

#: Tools the contributor docs install that are no dependency of ours.
TOOLS = {"pre-commit"}

# the files a user or a contributor reads install hints in (tests/ not: this file quotes them)
SCANNED = [
    *sorted((ROOT / "cgt").rglob("*.py")),
    *sorted((ROOT / "docs").rglob("*.rst")),
    *sorted((ROOT / "docs").rglob("*.py")),
    *sorted((ROOT / "examples").glob("*.py")),
    *sorted((ROOT / "benchmarks").rglob("*.py")),
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / ".ci" / "run",
]

# ``pip install`` (or ``pip3``) and its arguments: quoted strings or plain words, up to
# the end of a code span, a shell operator, a comment, or prose punctuation
HINT = re.compile(r"\bpip3? install((?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'`,;()#&]+))*)")
ARG = re.compile(r"\"([^\"\n]*)\"|'([^'\n]*)'|([^\s\"'`,;()#&]+)")
REQUIREMENT = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[([^\]]*)\])?(.*)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _project() -> dict[str, object]:
    toml = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    data: dict[str, object] = toml.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data


def _facts() -> tuple[str, set[str], set[str]]:
    """Our distribution's name, its extras, and every distribution pyproject.toml names."""
    project = _project()
    table = project["project"]
    assert isinstance(table, dict)
    return _canonical(table["name"]), set(table["optional-dependencies"]), _known_packages(project)


def _known_packages(project: dict[str, object]) -> set[str]:
    """The distributions our dependencies and extras name (without versions or extras)."""
    table = project["project"]
    assert isinstance(table, dict)
    specs = list(table["dependencies"])
    for extra in table["optional-dependencies"].values():
        specs += extra
    build = project["build-system"]
    assert isinstance(build, dict)
    specs += build["requires"]
    names = set()
    for spec in specs:
        found = REQUIREMENT.match(spec)
        assert found is not None, spec
        names.add(_canonical(found.group(1)))
    return names


def hints(text: str) -> list[list[str]]:
    """The argument lists of the ``pip install`` commands in ``text``.

    >>> hints("run ``pip install 'cgt[parallel]'`` then") + hints("pip install -e '.[a,b]' && x")
    [['cgt[parallel]'], ['-e', '.[a,b]']]
    """
    found = []
    for match in HINT.finditer(text):
        found.append([next(g for g in m.groups() if g is not None) for m in ARG.finditer(match[1])])
    return found


def problems(args: list[str], ours: str, extras: set[str], known: set[str]) -> list[str]:
    """What is wrong with one ``pip install`` command's arguments (empty: nothing)."""
    wrong = []
    for arg in args:
        if arg.startswith("-"):  # an option (-e, -q, --no-deps, ...): its value is checked too
            continue
        if arg.startswith((".", "/", "$", "~")) or "/" in arg or ".whl" in arg:
            # a checkout or a wheel: its extras must be ours
            named = re.search(r"\[([^\]]*)\]$", arg)
            for extra in named.group(1).split(",") if named else []:
                if extra.strip() not in extras:
                    wrong.append(f"{arg!r}: no extra {extra.strip()!r} in pyproject.toml")
            continue
        found = REQUIREMENT.fullmatch(arg)
        if found is None:
            wrong.append(f"{arg!r}: not a requirement")
            continue
        name = _canonical(found.group(1))
        if name == "cgt":
            wrong.append(f"{arg!r}: 'cgt' on PyPI is another project; ours is {ours!r}")
        elif name == ours:
            if not ON_PYPI:
                wrong.append(f"{arg!r}: {ours!r} is not on PyPI yet (a checkout or a wheel)")
            for extra in (found.group(2) or "").split(","):
                if extra.strip() and extra.strip() not in extras:
                    wrong.append(f"{arg!r}: no extra {extra.strip()!r} in pyproject.toml")
        elif name not in known and name not in TOOLS:
            wrong.append(f"{arg!r}: {name!r} is no dependency of ours (pyproject.toml)")
    return wrong


def test_the_hint_checker_catches_the_wrong_hints() -> None:
    """The checker itself: the hints issue 28 found are caught, good ones pass."""
    ours, extras, known = _facts()
    assert ours == "combinatorial-games" and {"parallel", "progress"} <= extras

    def check(text: str) -> list[str]:
        return [p for args in hints(text) for p in problems(args, ours, extras, known)]

    assert check("Dask is an optional extra (``pip install 'cgt[parallel]'``)")
    assert check("raise InvalidArgument(\"--scheduler needs Dask: pip install 'cgt[parallel]'\")")
    assert bool(check("   $ pip install combinatorial-games")) is not ON_PYPI
    assert check('pip install -e ".[test,nosuchextra]"')
    assert check("pip install left-pad")
    assert not check('python -m pip install -e ".[test,docs,plot]" && python -m pytest -q')
    assert not check("(the ``progress`` extra: ``pip install tqdm``)")
    assert not check("pip install 'dask[distributed]'")
    assert not check("$ python -m pip install dist/combinatorial_games-*.whl")


def test_every_install_hint_names_something_pip_can_install() -> None:
    ours, extras, known = _facts()
    wrong = []
    seen = 0
    for path in SCANNED:
        text = path.read_text(encoding="utf-8")
        for args in hints(text):
            seen += 1
            wrong += [f"{path.relative_to(ROOT)}: {p}" for p in problems(args, ours, extras, known)]
    assert seen >= 10  # the scan found the hints (the docs, the runtime errors, the README)
    assert not wrong, "\n".join(wrong)


def _install_section() -> str:
    text = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    start = text.index("Install\n-------\n")
    return text[start : text.index("\n-----", start + 20)]


def test_the_install_page_installs_from_a_checkout_or_a_wheel() -> None:
    table = _project()["project"]
    assert isinstance(table, dict)
    wheel = re.sub(r"[-_.]+", "_", table["name"]).lower()  # setuptools' wheel file name prefix
    commands = [" ".join(args) for args in hints(_install_section())]
    assert "-e ." in commands, commands
    assert f"dist/{wheel}-*.whl" in commands, commands
    assert "python -m build --wheel" in _install_section()
    if not ON_PYPI:
        assert "not on PyPI yet" in _install_section()


# -- run beside a clone named cgt (item 10) ---------------------------------------------------


def _documented_check() -> str:
    """The install page's one-line check: the Python code of its ``python -c "..."``."""
    text = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    found = re.search(r"\$ python -c \"(import cgt;[^\"\n]*)\"\n", text)
    assert found is not None, "the install page has no one-line check"
    return found[1]


def _beside_a_clone(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in ``tmp_path``, which holds a clone named ``cgt``, where only that folder
    provides ``cgt`` (as for an editable install, whose finder Python asks after the current
    folder): ``import cgt`` there finds the clone's root, an empty namespace package."""
    clone = tmp_path / "cgt"
    (clone / "cgt").mkdir(parents=True)
    shutil.copy2(ROOT / "__main__.py", clone / "__main__.py")
    (clone / "cgt" / "__init__.py").write_text("parse = None\n")  # the package, one level down
    prefix = (
        DROP_EDITABLE_FINDER
        + f"sys.path[:] = [{str(tmp_path)!r}] + [p for p in sys.path[1:] if 'site-packages' "
        + "not in p]; "
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, "-c", prefix + code], cwd=tmp_path, env=env, capture_output=True, text=True
    )


def test_the_documented_check_names_the_folder_python_took(tmp_path: Path) -> None:
    check = _documented_check()
    trapped = _beside_a_clone(tmp_path, check)
    assert trapped.returncode == 0, trapped.stderr
    assert trapped.stdout.strip() == f"not the package, a folder: {tmp_path / 'cgt'}"
    # ... and where all is well, the package's own file
    # (this checkout on the path: the test must not depend on where an editable install points)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    fine = subprocess.run(
        [sys.executable, "-c", check], cwd=tmp_path.parent, env=env, capture_output=True, text=True
    )
    assert fine.returncode == 0, fine.stderr
    assert Path(fine.stdout.strip()).name == "__init__.py"
    assert Path(fine.stdout.strip()).parent.name == "cgt"


def test_the_cgt_command_beside_a_clone_says_why(tmp_path: Path) -> None:
    """The ``cgt`` command (``cgt.__main__:main``) with the clone's folder on the path: the
    clone's root ``__main__.py`` is what ``cgt.__main__`` finds, and it says what happened."""
    done = _beside_a_clone(tmp_path, "from cgt.__main__ import main; sys.exit(main())")
    assert done.returncode == 1, done.stderr
    assert f"took the folder {tmp_path / 'cgt'} (a clone of cgt's repository)" in done.stderr
    assert "Run Python from another folder" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_install_page_has_a_troubleshooting_section() -> None:
    text = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    head = "Troubleshooting: ``module 'cgt' has no attribute 'parse'``"
    assert head in text and text.index(head) < text.index("A first session")
    assert "namespace package" in text[text.index(head) :]
