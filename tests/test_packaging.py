"""The plumbing of the package: one version number, the pre-commit hooks, and
compiled kernels that are never used once their C sources have changed."""

from __future__ import annotations

import ast
import json
import os
import shlex
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest

import cgt
from cgt import kernels
from cgt._sources import source_files, source_hash
from tests.test_kernels import DROP_EDITABLE_FINDER

ROOT = Path(__file__).resolve().parent.parent


# -- one version number -------------------------------------------------------------------


def test_version_is_written_once() -> None:
    toml = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    project = toml.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    attr = project["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "cgt._version.__version__"
    # the build reads cgt/_version.py without importing cgt: it must import nothing
    tree = ast.parse((ROOT / "cgt" / "_version.py").read_text())
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    # and no other file of the package writes a version of its own
    for path in (ROOT / "cgt").rglob("*.py"):
        if path.name != "_version.py":
            assert "__version__ = " not in path.read_text(), path


def test_version_matches_the_installed_distribution() -> None:
    try:
        installed = metadata.version("combinatorial-games")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        pytest.skip("combinatorial-games is not installed")
    assert cgt.__version__ == installed
    parts = cgt.__version__.split(".")
    assert len(parts) >= 3 and all(p.isdigit() for p in parts[:3])


# -- pre-commit ---------------------------------------------------------------------------


def test_pre_commit_config_names_commands_that_exist() -> None:
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    assert [repo["repo"] for repo in config["repos"]] == ["local"]  # no network needed
    ids = [hook["id"] for hook in hooks]
    assert len(ids) == len(set(ids))
    assert {"ruff-check", "ruff-format", "mypy"} <= set(ids)
    for hook in hooks:
        assert hook["language"] == "system", hook["id"]
        command = shlex.split(hook["entry"])[0]
        assert shutil.which(command) is not None, f"{hook['id']}: no command {command!r}"
    # mypy checks what pyproject.toml configures (its `files`), not the changed files alone
    (mypy,) = [hook for hook in hooks if hook["id"] == "mypy"]
    assert mypy["pass_filenames"] is False
    if shutil.which("pre-commit") is not None:
        done = subprocess.run(
            ["pre-commit", "validate-config", ".pre-commit-config.yaml"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr


# -- the fingerprint of a kernel's sources --------------------------------------------------


def test_source_files_follow_local_includes(tmp_path: Path) -> None:
    (tmp_path / "a.c").write_text('#include <Python.h>\n#include "b.h"\nint a;\n')
    (tmp_path / "b.h").write_text('  #  include "c.h"\n#include "missing.h"\n')
    (tmp_path / "c.h").write_text('#include "b.h"\n')  # a cycle: each file once
    (tmp_path / "d.h").write_text("int d;\n")  # not included
    assert [p.name for p in source_files(tmp_path, "a")] == ["a.c", "b.h", "c.h"]
    before = source_hash(tmp_path, "a")
    (tmp_path / "d.h").write_text("int d2;\n")
    assert source_hash(tmp_path, "a") == before
    (tmp_path / "c.h").write_text('#include "b.h"\n/* changed */\n')
    changed = source_hash(tmp_path, "a")
    assert changed != before and len(changed) == 16
    # the same bytes under another name are other sources
    (tmp_path / "c.h").rename(tmp_path / "e.h")
    (tmp_path / "b.h").write_text('  #  include "e.h"\n#include "missing.h"\n')
    assert source_hash(tmp_path, "a") not in (before, changed)
    assert source_hash(tmp_path, "nothing") == ""


def test_compiled_kernels_carry_their_sources_fingerprint() -> None:
    sources = Path(kernels.__file__).parent / "_c"
    used = [name for name, on in cgt.compiled().items() if on]
    if not used or not sources.is_dir():
        pytest.skip("no compiled kernel, or no sources beside the package")
    for name in used:
        module = kernels.kernel(name)
        assert module is not None
        assert source_hash(sources, name) == module.SOURCE_HASH, name


def test_a_kernel_of_other_sources_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "x.c").write_text("int x;\n")
    monkeypatch.setattr(kernels, "_SOURCES", tmp_path)
    fresh = ModuleType("fresh")
    fresh.SOURCE_HASH = source_hash(tmp_path, "x")  # type: ignore[attr-defined]
    assert not kernels._is_stale("x", fresh)
    (tmp_path / "x.c").write_text("int x = 1;\n")
    assert kernels._is_stale("x", fresh)
    assert kernels._is_stale("x", ModuleType("built_before_fingerprints"))
    monkeypatch.setattr(kernels, "_SOURCES", tmp_path / "absent")  # no sources: trust it
    assert not kernels._is_stale("x", fresh)


def _copy_with_one_kernel(tmp: Path, name: str) -> Path:
    """The package and its build script in ``tmp``, with the C sources of kernel ``name``
    only (and of the kernel whose C API it needs, if any)."""
    copy = tmp / "checkout"
    skip = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "_build.json", "_c")
    shutil.copytree(ROOT / "cgt", copy / "cgt", ignore=skip)
    (copy / "cgt" / "_c").mkdir()
    needed = [name, *([kernels._NEEDS[name]] if name in kernels._NEEDS else [])]
    for path in {p for kernel in needed for p in source_files(ROOT / "cgt" / "_c", kernel)}:
        shutil.copy2(path, copy / "cgt" / "_c" / path.name)
    for file in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / file, copy / file)
    return copy


def _build_in_place(copy: Path, **env: str) -> None:
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=copy,
        env=dict(os.environ, **env),
        capture_output=True,
        check=True,
    )


def _status_in(copy: Path, name: str) -> tuple[dict[str, str], str]:
    """cgt.kernels.status() of the copy in a fresh process, after parsing a form; its stderr."""
    env = dict(os.environ, PYTHONPATH=str(copy))
    env.pop("CGT_PURE_PYTHON", None)
    code = (
        DROP_EDITABLE_FINDER
        + f"import cgt, json; assert cgt.__file__.startswith({str(copy)!r}), cgt.__file__; "
        "from cgt import notation; "
        "assert str(cgt.parse('{2|{1|0}}')) == '{2||1|0}'; "
        f"assert (notation._kernel is None) == (cgt.kernels.status()[{name!r}] != 'compiled'); "
        "print(json.dumps(cgt.kernels.status()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=copy, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout), done.stderr


@pytest.mark.slow
@pytest.mark.tooling
def test_stale_kernel_is_not_used(tmp_path: Path) -> None:
    """A kernel left by an earlier build is not used once its sources change, even when
    the rebuild fails (the build of an optional kernel fails quietly and leaves the old one)."""
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler")
    copy = _copy_with_one_kernel(tmp_path, "parse")
    _build_in_place(copy)
    status, stderr = _status_in(copy, "parse")
    assert status["parse"] == "compiled"
    assert "KernelWarning" not in stderr
    source = copy / "cgt" / "_c" / "parse.c"
    source.write_text(source.read_text() + "\n/* edited after the build */\n")
    # the rebuild fails (no compiler) and leaves the old kernel in place
    (built,) = (copy / "cgt").glob("_kernel_parse.*")
    _build_in_place(copy, CC="/nonexistent/cc", CXX="/nonexistent/c++")
    assert built.exists()
    record = json.loads((copy / "cgt" / "_build.json").read_text())["kernels"]
    assert record["parse"].startswith("failed")
    status, stderr = _status_in(copy, "parse")
    assert status["parse"] == "stale"
    (line,) = [x for x in stderr.splitlines() if "KernelWarning" in x]
    assert "compiled kernel 'parse' is stale" in line
    assert "pure-Python fallback: same answers, slower" in line
    # a rebuild that works brings it back
    _build_in_place(copy)
    status, stderr = _status_in(copy, "parse")
    assert status["parse"] == "compiled" and "KernelWarning" not in stderr


# -- run beside a clone named cgt ---------------------------------------------------------


def test_python_m_cgt_beside_a_clone_named_cgt_says_why(tmp_path: Path) -> None:
    """From the folder holding a clone named ``cgt``, Python may import the clone's root as
    an empty namespace package ``cgt`` (an editable install's finder comes after the current
    folder); ``python -m cgt`` then runs the root's ``__main__.py``, which says so."""
    clone = tmp_path / "cgt"
    clone.mkdir()
    shutil.copy2(ROOT / "__main__.py", clone / "__main__.py")
    # only the folder holding the clone can provide 'cgt', as with an editable install
    code = (
        DROP_EDITABLE_FINDER
        + "import runpy; "
        + f"sys.path[:] = [{str(tmp_path)!r}] + [p for p in sys.path[1:] if 'site-packages' "
        + "not in p]; "
        + "import cgt; assert cgt.__file__ is None and not hasattr(cgt, 'parse'); "
        + "runpy.run_module('cgt', run_name='__main__', alter_sys=True)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 1, done.stderr
    assert f"took the folder {clone} (a clone of cgt's repository)" in done.stderr
    assert "Run Python from another folder" in done.stderr
