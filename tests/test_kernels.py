"""The compiled kernels are optional: cgt builds, installs and runs without them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import cgt
from cgt import kernels

ROOT = Path(__file__).resolve().parent.parent

# the editable install of this checkout adds an import finder that would find the
# checkout's compiled kernels as cgt's submodules: code run to test another copy of cgt
# (a wheel installed apart, a copy of the checkout) starts with this, so only that copy counts
DROP_EDITABLE_FINDER = (
    "import sys; sys.meta_path[:] = [f for f in sys.meta_path "
    "if '__editable__' not in str(getattr(f, '__module__', '') or type(f).__module__)]; "
)


def test_every_kernel_has_its_source() -> None:
    for name in kernels.KERNELS:
        assert (ROOT / "cgt" / "_c" / f"{name}.c").is_file(), name
    assert set(cgt.compiled()) == set(kernels.KERNELS)


def test_unknown_kernel_is_none() -> None:
    assert kernels.kernel("no_such_kernel") is None


def test_switch_turns_every_kernel_off() -> None:
    env = dict(os.environ, CGT_PURE_PYTHON="1")
    code = "import cgt, json; print(json.dumps(cgt.compiled()))"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    flags = json.loads(out.stdout)
    assert set(flags) == set(kernels.KERNELS)
    assert not any(flags.values())


def _wheel(tmp: Path, **env: str) -> Path:
    # build from a copy: a build/ directory left in the checkout could hold compiled objects
    source = tmp / "source"
    skip = shutil.ignore_patterns(
        ".git",
        "build",
        "dist",
        "*.so",
        "*.pyd",
        "*.egg-info",
        "__pycache__",
        "docs",
        "tests",
        "_build.json",
    )
    shutil.copytree(ROOT, source, ignore=skip)
    out = tmp / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)],
        env=dict(os.environ, **env),
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("*.whl")
    return wheel


def _runs_demo(wheel: Path, tmp: Path) -> str:
    """Install ``wheel`` apart, value a board with it; what it wrote to stderr (its warnings)."""
    target = tmp / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    env = dict(os.environ, PYTHONPATH=str(target))
    env.pop("CGT_PURE_PYTHON", None)
    code = (
        DROP_EDITABLE_FINDER
        + f"import cgt, json; assert cgt.__file__.startswith({str(target)!r}), cgt.__file__; "
        "from cgt.games import Domineering; from importlib.metadata import version; "
        "print(json.dumps([str(Domineering('...|...|...').value()), cgt.compiled(), "
        "cgt.__version__, version('combinatorial-games')]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=tmp
    )
    value, flags, version, installed = json.loads(out.stdout)
    assert value == str(games_value())
    assert not any(flags.values())
    # one version number: the wheel's metadata (and file name) and cgt.__version__ agree
    assert version == installed == cgt.__version__
    assert f"-{version}-" in wheel.name
    return out.stderr


def games_value() -> cgt.Game:
    from cgt.games import Domineering

    return Domineering("...|...|...").value()


@pytest.mark.slow
@pytest.mark.tooling
def test_pure_python_build(tmp_path: Path) -> None:
    """CGT_PURE_PYTHON=1 at build time: a pure wheel (any platform) that works."""
    wheel = _wheel(tmp_path, CGT_PURE_PYTHON="1")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        assert not [n for n in z.namelist() if n.endswith((".so", ".pyd"))]
        assert "cgt/py.typed" in z.namelist()
        assert "cgt/_build.json" not in z.namelist()  # no build of kernels was tried
    # pure on purpose: nothing to warn about
    assert "KernelWarning" not in _runs_demo(wheel, tmp_path)


@pytest.mark.slow
@pytest.mark.tooling
def test_build_without_a_compiler(tmp_path: Path) -> None:
    """No C compiler: the kernels are skipped with a warning and cgt still installs and runs.

    pip shows nothing of a build that succeeds (setuptools' warning about an optional
    extension that failed is in the hidden build log), so the warning the user sees is
    cgt's own, when it is first imported: it names the kernels lost and what that costs.
    """
    wheel = _wheel(tmp_path, CC="/nonexistent/cc", CXX="/nonexistent/c++")
    with zipfile.ZipFile(wheel) as z:
        assert not [n for n in z.namelist() if n.endswith((".so", ".pyd"))]
        record = json.loads(z.read("cgt/_build.json"))["kernels"]
    assert sorted(record) == sorted(kernels.KERNELS)
    assert all(v.startswith("failed") for v in record.values()), record
    stderr = _runs_demo(wheel, tmp_path)
    (line,) = [x for x in stderr.splitlines() if "KernelWarning" in x]  # once, not per kernel
    assert f"compiled kernels {', '.join(sorted(kernels.KERNELS))} failed to build" in line
    assert "pure-Python fallback: same answers, slower" in line
    assert "CGT_PURE_PYTHON=1" in line


@pytest.mark.parametrize("name", ["shortgame", "parse"])
def test_the_solvers_kernel_is_not_used_without_the_engine_kernel(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # the compiled solvers run on the canonical kernel's node engine (its C API), and the
    # reader of {L|R} forms asks that API for a Game's parts: whatever keeps that kernel
    # out (stale, missing, turned off) keeps them out too
    monkeypatch.setattr(kernels, "_PURE", False)
    monkeypatch.setattr(kernels, "_loaded", {"canonical": None})
    monkeypatch.setattr(kernels, "_status", {"canonical": "stale"})
    assert kernels.kernel(name) is None
    assert kernels._status[name] == "needs: canonical"
    assert kernels._loaded[name] is None  # (not imported at all)
