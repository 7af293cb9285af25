"""Build the "try cgt in your browser" page: cgt running on Pyodide, served with the docs.

Nothing fetched here is committed.  ``--fetch`` fills a cache directory
(``$CGT_TRYIT_CACHE``, by default ``~/.cache/cgt/tryit``) with

* Pyodide from the npm registry (``npm pack pyodide@PYODIDE``, its tarball checked
  against the pinned integrity hash): the Python runtime compiled to WebAssembly
  and its standard library;
* the pure-Python (``py3-none-any``) wheels of cgt's run-time dependencies from
  PyPI, at the versions this Pyodide release lists in its ``pyodide-lock.json``
  (the versions its own distribution ships).

Building the site (``python docs/tryit/tryit_build.py OUTDIR``, or the Sphinx build,
which calls :func:`build` into ``<html>/tryit``) copies the runtime and the
wheels next to the page, and builds cgt's own wheel from this checkout with
``CGT_PURE_PYTHON=1`` (no compiled kernels: the pure-Python path computes the
same values).  The page fetches nothing but files of its own origin: the wheels
are unpacked into Pyodide's ``site-packages`` (``pyodide.unpackArchive``), so
neither ``micropip`` nor a CDN is needed.

Serve the result with any static server, e.g.
``python -m http.server -d OUTDIR`` and open ``http://127.0.0.1:8000/``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

#: The Pyodide release (npm package ``pyodide``; Python 3.13) and its tarball's integrity hash
#: as the npm registry publishes it (``npm view pyodide@0.29.5 dist.integrity``).
PYODIDE = "0.29.5"
INTEGRITY = "sha512-" + (
    "TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
)
#: The files of the npm package the page needs (the rest are typings, maps and demos).
RUNTIME = [
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
]
#: cgt's run-time dependencies and theirs (sympy needs mpmath), all pure Python.
DEPENDENCIES = ["networkx", "sympy", "mpmath"]
#: The files of the checkout that cgt's wheel is built from, besides the package ``cgt/``.
SOURCES = ["pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in"]
#: The page's own files, copied from this directory.
PAGE = [
    "index.html",
    "tryit.js",
    "tryit-worker.js",
    "tryit.css",
    "tryit_runner.py",
    "examples.json",
]


class TryItError(RuntimeError):
    """A step of the build failed; the message says which and why."""


def cache_dir() -> Path:
    """Where fetched files are kept: ``$CGT_TRYIT_CACHE`` or ``~/.cache/cgt/tryit``."""
    env = os.environ.get("CGT_TRYIT_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "cgt" / "tryit"


def pyodide_dir(cache: Path) -> Path:
    return cache / f"pyodide-{PYODIDE}"


def wheel_dir(cache: Path) -> Path:
    return cache / f"wheels-{PYODIDE}"


def fetched(cache: Path | None = None) -> bool:
    """Whether the cache holds this Pyodide release and the dependencies' wheels."""
    cache = cache_dir() if cache is None else cache
    runtime = pyodide_dir(cache)
    wheels = wheel_dir(cache)
    return (
        all((runtime / name).is_file() for name in RUNTIME)
        and wheels.is_dir()
        and {w.name.split("-")[0].lower() for w in wheels.glob("*.whl")} >= set(DEPENDENCIES)
    )


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch(cache: Path | None = None) -> Path:
    """Fetch Pyodide (npm) and the dependencies' wheels (PyPI) into ``cache``; return it."""
    cache = cache_dir() if cache is None else cache
    if fetched(cache):
        return cache
    runtime = pyodide_dir(cache)
    if not all((runtime / name).is_file() for name in RUNTIME):
        npm = shutil.which("npm")
        if npm is None:
            raise TryItError("npm is not installed: it fetches Pyodide from the npm registry")
        with tempfile.TemporaryDirectory() as tmp:
            done = subprocess.run(
                [npm, "pack", "--silent", f"pyodide@{PYODIDE}"],
                cwd=tmp,
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                raise TryItError(f"npm pack pyodide@{PYODIDE} failed: {done.stderr.strip()}")
            tarball = Path(tmp) / done.stdout.strip().splitlines()[-1]
            data = tarball.read_bytes()
            if _integrity(data) != INTEGRITY:
                raise TryItError(f"{tarball.name}: its hash is not the pinned one ({INTEGRITY})")
            part = runtime.with_name(runtime.name + ".part")
            shutil.rmtree(part, ignore_errors=True)
            part.mkdir(parents=True)
            with tarfile.open(tarball) as tar:
                for name in RUNTIME:
                    member = tar.extractfile(f"package/{name}")
                    if member is None:
                        raise TryItError(f"the npm package has no {name}")
                    (part / name).write_bytes(member.read())
            shutil.rmtree(runtime, ignore_errors=True)
            part.rename(runtime)
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = lock["info"]["python"]  # e.g. "3.13.2"
    pins = [f"{name}=={lock['packages'][name]['version']}" for name in DEPENDENCIES]
    wheels = wheel_dir(cache)
    wheels.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",  # wheels only ...
            "--platform=any",  # ... pure-Python ones (py3-none-any)
            f"--python-version={'.'.join(python.split('.')[:2])}",
            "--implementation=py",
            f"--dest={wheels}",
            *pins,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise TryItError(f"pip download {' '.join(pins)} failed: {done.stderr.strip()}")
    return cache


def cgt_wheel(dest: Path) -> Path:
    """Build cgt's pure-Python wheel from this checkout into ``dest``; return its path.

    The wheel is built from a copy of what it is made of (the package and the build's
    files), so that compiled kernels built in place, caches and old ``build/`` trees
    of the checkout cannot end up in it.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp, "src")
        src.mkdir()
        for name in SOURCES:
            shutil.copy2(ROOT / name, src / name)
        shutil.copytree(
            ROOT / "cgt",
            src / "cgt",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_build.json"),
        )
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "--no-build-isolation",
                f"--wheel-dir={tmp}",
                str(src),
            ],
            env={**os.environ, "CGT_PURE_PYTHON": "1"},
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise TryItError(f"building cgt's wheel failed: {done.stderr.strip()}")
        (built,) = Path(tmp).glob("*.whl")
        if not built.name.endswith("-py3-none-any.whl"):
            raise TryItError(f"cgt's wheel is not pure Python: {built.name}")
        with zipfile.ZipFile(built) as whl:
            binary = [n for n in whl.namelist() if n.endswith((".so", ".pyd", ".dylib"))]
        if binary:
            raise TryItError(f"cgt's wheel holds compiled files: {binary}")
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(built, dest / built.name))


def build(out: Path, cache: Path | None = None) -> Path:
    """Write the page, the Pyodide runtime and the wheels into ``out``; return ``out``.

    Without a fetched cache the page alone is written: it says, when opened, how to
    fetch Pyodide and build again.
    """
    cache = cache_dir() if cache is None else cache
    out.mkdir(parents=True, exist_ok=True)
    for name in PAGE:
        shutil.copy2(HERE / name, out / name)
    manifest: dict[str, object] = {"pyodide": PYODIDE, "wheels": []}
    if fetched(cache):
        shutil.rmtree(out / "pyodide", ignore_errors=True)
        shutil.copytree(pyodide_dir(cache), out / "pyodide")
        wheels = out / "wheels"
        shutil.rmtree(wheels, ignore_errors=True)
        wheels.mkdir()
        names = [shutil.copy2(w, wheels / w.name) for w in sorted(wheel_dir(cache).glob("*.whl"))]
        names.append(cgt_wheel(wheels))
        manifest["wheels"] = [Path(n).name for n in names]
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="write the site into this directory")
    parser.add_argument(
        "--fetch", action="store_true", help="fetch Pyodide and the wheels into the cache first"
    )
    args = parser.parse_args(argv)
    try:
        if args.fetch:
            print(f"cache: {fetch()}")
        if args.out is not None:
            build(args.out)
            state = "with Pyodide" if fetched() else "without Pyodide (run with --fetch)"
            print(f"wrote {args.out} {state}")
    except TryItError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
