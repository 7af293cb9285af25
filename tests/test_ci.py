"""What CI (``.ci/run``) relies on: the compiled pass has every kernel, the pure-Python
pass keeps tests of every kernel, and the benchmark scripts still run and agree.

The pure-Python pass runs only the tests marked ``kernel`` (the files listed in
conftest.py's ``KERNEL_TEST_FILES``).  The guard below collects that selection
the way CI does and checks it against its own, explicit map from each compiled
kernel (``cgt/_c/<name>.c``) to test files of its pure-Python counterpart, so a
renamed file, a dropped marker or a new kernel without tests fails here instead
of silently leaving a pure-Python path untested.
"""

from __future__ import annotations

import importlib.util
import os
import re
import resource
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from _pytest.mark.expression import Expression  # how ``-m`` reads its expression

import cgt
from cgt import kernels
from tests.test_kernels import DROP_EDITABLE_FINDER

ROOT = Path(__file__).resolve().parent.parent
CI = ROOT / ".ci" / "run"

PURE_SELECTION = "kernel and not slow and not tooling and not kernel_free"
"""The ``-m`` expression of CI's pure-Python pass (written the same in .ci/run)."""

#: Each kernel, with test files that exercise its pure-Python counterpart and the
#: least number of tests each kernel must keep in the pure pass.
PURE_COUNTERPARTS: dict[str, list[str]] = {
    "canonical": [  # cgt/canonical.py: le, add, canonical_form
        "tests/test_kernel_canonical.py",
        "tests/test_game.py",
        "tests/laws/test_group_laws.py",
        "tests/test_temperature.py",
    ],
    "parse": [  # cgt/notation.py: the {L|R} reader
        "tests/test_notation.py",
        "tests/test_parse_speed_paths.py",
        "tests/test_reliability_notation.py",
    ],
    "shortgame": [  # Domineering, Cram, stone boards, Col, Snort and strips in Python
        "tests/test_kernel_shortgame.py",
        "tests/test_kernel_boards.py",
        "tests/test_kernel_graphs.py",
        "tests/games/test_domineering.py",
        "tests/games/test_cram.py",
        "tests/games/test_col_snort.py",
        "tests/games/test_strips.py",
    ],
    "hexapawn": [  # cgt/games/hexapawn/_engine.py's Python search
        "tests/games/test_hexapawn.py",
        "tests/games/test_hexapawn_kernel.py",
        "tests/sources/test_seed_000_hexapawn.py",
    ],
    "heap": [  # cgt/games/heap.py's numpy and Python engines
        "tests/games/test_heap.py",
        "tests/games/test_heap_kernel.py",
        "tests/games/test_kayles.py",
    ],
}
LEAST = 15

#: Test files that mention the kernels but need not run again in the pure pass
#: (each with the reason).
NOT_IN_PURE_PASS = {
    "tests/test_ci.py": "this file: checks CI itself",
    "tests/test_conformance.py": "compares the compiled fast paths with the Python rules: "
    "without kernels it only skips",
    "tests/test_kernel_geometry.py": "compares the compiled geometry's keys with the Python "
    "keys: without kernels it only skips",
    "tests/test_kernel_bigboard.py": "the compiled big-board search has no Python twin (without "
    "kernels big_board_outcome is None and the outcome search answers): without kernels it "
    "only skips",
    "tests/test_clobber_bigboard.py": "the compiled Clobber search has no Python twin (as the "
    "big-board tests above): without kernels it only skips",
}


def _mentions_kernels(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    return bool(re.search(r"compiled\(\)|CGT_PURE_PYTHON|kernels?\.kernel\(|_kernel_", text))


def test_the_heavy_files_handed_out_first_exist() -> None:
    """conftest's HEAVY_FIRST names files that exist, once each (a renamed file would
    silently lose its place at the front), and CI keeps xdist from reordering them."""
    import conftest

    assert len(set(conftest.HEAVY_FIRST)) == len(conftest.HEAVY_FIRST)
    for name in conftest.HEAVY_FIRST:
        assert (ROOT / name).is_file(), f"{name} is gone: update conftest.HEAVY_FIRST"
    assert CI.read_text(encoding="utf-8").count("--dist loadfile --no-loadscope-reorder") == 3


def test_only_conftest_marks_tests_kernel() -> None:
    """CI's pure-Python pass and second Python collect only the files that conftest.py
    marks ``kernel`` (KERNEL_TEST_FILES and cgt/games/hexapawn): a file that set the
    marker itself would silently drop out of them."""
    text = CI.read_text(encoding="utf-8")
    assert "conftest.KERNEL_TEST_FILES" in text and '"${kernel_paths[@]}"' in text
    own = re.compile(r"mark\.kernel\b")
    setting = [
        path.relative_to(ROOT).as_posix()
        for base in ("tests", "cgt", "docs", "benchmarks")
        for path in sorted((ROOT / base).rglob("*.py"))
        if own.search(path.read_text(encoding="utf-8"))
    ]
    assert setting == [], "mark these files kernel in conftest.KERNEL_TEST_FILES instead"


@pytest.mark.slow
@pytest.mark.tooling
def test_every_kernel_keeps_tests_in_the_pure_pass(request: pytest.FixtureRequest) -> None:
    assert set(PURE_COUNTERPARTS) == set(kernels.KERNELS), "map each kernel to its tests"
    assert f'-m "{PURE_SELECTION}"' in CI.read_text(encoding="utf-8")
    # one collection of the whole suite, each test with its markers; the selections
    # are then made the way ``-m`` makes them (pytest's own expression matcher)
    items = _whole_suite_with_markers(request)

    def chosen(expression: str) -> Counter[str]:
        matcher = Expression.compile(expression)
        out: Counter[str] = Counter()
        for _, nodeid, *markers in items:
            marked = set(markers)
            if matcher.evaluate(lambda name, /, **kwargs: name in marked):  # noqa: B023
                out[nodeid.split("::")[0]] += 1
        return out

    selected = chosen(PURE_SELECTION)
    everything = sum(selected.values())
    for kernel, files in PURE_COUNTERPARTS.items():
        for name in files:
            assert (ROOT / name).is_file(), f"{name} ({kernel}) is gone: update the map"
            assert selected[name] > 0, f"{name} ({kernel}) is not in the pure-Python pass"
        count = sum(selected[name] for name in files)
        assert count >= LEAST, f"only {count} tests of the {kernel} kernel in the pure pass"
    # a test file that talks about the kernels is in the selection, or says why not
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        name = path.relative_to(ROOT).as_posix()
        if _mentions_kernels(path) and name not in NOT_IN_PURE_PASS:
            assert selected[name] > 0, f"{name} tests kernels but is not in the pure pass"
    # and the selection is a real subset: the point of it is a shorter pass
    assert 0 < everything < sum(chosen("not tooling").values())


def _whole_suite_with_markers(request: pytest.FixtureRequest) -> list[list[str]]:
    """``["ITEM", node id, marker, ...]`` for every test of the suite.

    A run of the whole suite (CI's compiled pass: every worker collects it all)
    has them already; any other run collects the suite in a child process.
    """
    config, session = request.config, request.session
    files = {item.nodeid.split("::")[0] for item in session.items}
    whole = (
        os.environ.get("CGT_SLOW_TESTS") == "1"  # else the slow tests were deselected
        and not config.option.markexpr
        and not config.option.keyword
        and not config.getoption("deselect", None)
        and not any("::" in str(arg) for arg in config.args)
        and all(
            path.relative_to(ROOT).as_posix() in files
            for path in (ROOT / "tests").rglob("test_*.py")
        )
    )
    if whole:
        return [
            ["ITEM", item.nodeid, *sorted({mark.name for mark in item.iter_markers()})]
            for item in session.items
        ]
    done = subprocess.run(
        [sys.executable, "-c", _COLLECT_WITH_MARKERS],
        cwd=ROOT,
        env=dict(os.environ, CGT_SLOW_TESTS="1"),  # the slow tier too, with its markers
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    items = [line.split("\t") for line in done.stdout.splitlines() if line.startswith("ITEM\t")]
    assert items, done.stdout[-3000:]
    return items


_COLLECT_WITH_MARKERS = """
import sys

import pytest


class Markers:
    def pytest_collection_finish(self, session):
        for item in session.items:
            names = sorted({mark.name for mark in item.iter_markers()})
            print("ITEM", item.nodeid, *names, sep="\\t")


sys.exit(pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider"], plugins=[Markers()]))
"""


def test_required_kernels_are_built() -> None:
    """In CI's compiled pass (``CGT_REQUIRE_KERNELS=1``) every kernel is in use."""
    if os.environ.get("CGT_REQUIRE_KERNELS", "").strip() in ("", "0"):
        pytest.skip("CGT_REQUIRE_KERNELS is not set")
    assert all(cgt.compiled().values()), cgt.compiled()


def test_a_missing_kernel_stops_a_run_that_requires_them() -> None:
    env = dict(os.environ, CGT_PURE_PYTHON="1", CGT_REQUIRE_KERNELS="1")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "tests/test_ci.py::test_ci_script_requirements"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode != 0
    assert "compiled kernels are missing: canonical" in done.stdout + done.stderr


def test_ci_script_requirements() -> None:
    text = CI.read_text(encoding="utf-8")
    assert "CGT_REQUIRE_KERNELS=1" in text  # the compiled pass
    assert "bench_*.py" not in text or "--smoke" in text
    assert "pytest-xdist" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


BENCHMARKS = sorted(p.name for p in (ROOT / "benchmarks").glob("bench_*.py"))
# the differential audit of the compiled kernels (not a benchmark, but it has a smoke mode)
SMOKE_SCRIPTS = [*BENCHMARKS, "audit.py"]


def test_every_benchmark_has_a_smoke_mode() -> None:
    assert len(BENCHMARKS) >= 16
    for name in BENCHMARKS:
        assert "--smoke" in (ROOT / "benchmarks" / name).read_text(encoding="utf-8"), name


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.mark.slow
@pytest.mark.tooling
@pytest.mark.parametrize("name", SMOKE_SCRIPTS)
def test_benchmark_smoke(name: str) -> None:
    """``--smoke``: tiny sizes, answers checked against known values, cgt-py and pure Python."""
    before = _children_cpu()
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1].startswith("smoke: ok"), done.stdout
    assert _children_cpu() - before < 60, "a smoke run should take seconds"


def test_a_smoke_run_fails_on_a_disagreement(tmp_path: Path) -> None:
    script = tmp_path / "bench_toy.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'benchmarks')!r})\n"
        "import _smoke, cgt\n"
        "expected = sys.argv[-1]\n"
        "sys.exit(_smoke.run(__file__, lambda: {'1 + 1': cgt.parse('1') + 1},"
        " {'1 + 1': expected}, pure=False))\n",
        encoding="utf-8",
    )

    def run(expected: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(script), "--smoke", expected],
            capture_output=True,
            text=True,
            timeout=120,
        )

    good, bad = run("2"), run("3")
    assert good.returncode == 0 and good.stdout.startswith("smoke: ok"), good
    assert bad.returncode == 1 and "DISAGREE 1 + 1" in bad.stderr, bad


# The audit's signals phase runs in this process: an interrupt that lands in a weak
# reference's callback is dropped by Python, which reports it as unraisable (expected).
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_the_audit_fails_on_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    """benchmarks/audit.py exits 1 when one pure-Python answer differs (here: made to)."""
    if not any(cgt.compiled().values()):
        pytest.skip("no compiled kernel to audit")
    spec = importlib.util.spec_from_file_location("audit", ROOT / "benchmarks" / "audit.py")
    assert spec is not None and spec.loader is not None
    audit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(audit)
    real = audit.pure_answers

    def tampered(cases: list[Any], cpu_limit: int) -> list[str]:
        answers: list[str] = real(cases, cpu_limit)
        return [answers[0] + " (changed)", *answers[1:]]

    monkeypatch.setattr(audit, "pure_answers", tampered)
    monkeypatch.setattr(sys, "argv", ["audit.py", "--count", "2", "--seed", "7"])
    assert audit.main() == 1
    monkeypatch.setattr(audit, "pure_answers", real)
    assert audit.main() == 0


@pytest.mark.slow
@pytest.mark.tooling
def test_the_sdist_installs_and_its_tests_pass(tmp_path: Path) -> None:
    """``python -m build --sdist``; pip builds a wheel from it (kernels compiled, when a
    compiler is present: the wheel holds every one) and installs the wheel apart; the
    sdist's own tests run against the installed copy, the kernels are used, and
    ``python -m cgt --demo`` works outside the checkout.

    One compilation of the kernels serves both the sdist's and the wheel's checks
    (``tests/test_kernels.py`` builds the wheels without a compiler and pure).
    """
    pytest.importorskip("build")
    source = tmp_path / "source"
    skip = shutil.ignore_patterns(
        ".git", "build", "dist", "*.so", "*.pyd", "*.egg-info", "__pycache__", "_build"
    )
    shutil.copytree(ROOT, source, ignore=skip)
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--no-isolation", "-o", str(tmp_path), "."],
        cwd=source,
        check=True,
        capture_output=True,
        timeout=600,
    )
    (sdist,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        tar.extractall(tmp_path / "unpacked", filter="data")
    for needed in ["cgt/_c/canonical.c", "conftest.py", "tests/strategies.py", "LICENSE"]:
        assert needed in names, needed
    assert "tests/games/test_domineering.py" in names
    compiler = shutil.which(os.environ.get("CC", "cc")) is not None
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), sdist],
        check=True,
        capture_output=True,
        timeout=900,
    )
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        built = sorted(
            n.split("/")[-1].split(".")[0] for n in z.namelist() if n.endswith((".so", ".pyd"))
        )
    assert built == (sorted(f"_kernel_{name}" for name in kernels.KERNELS) if compiler else [])
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), wheel],
        check=True,
        capture_output=True,
        timeout=900,
    )
    # the sdist's tests, away from any cgt source tree, import the installed copy
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    runner = tmp_path / "run"
    runner.mkdir()
    shutil.copytree(unpacked / "tests", runner / "tests")
    shutil.copy(unpacked / "conftest.py", runner)
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("CGT_PURE_PYTHON", None)
    env.pop("CGT_REQUIRE_KERNELS", None)
    if compiler:
        env["CGT_REQUIRE_KERNELS"] = "1"
    picked = ["tests/test_game.py", "tests/test_kernels.py", "tests/games/test_domineering.py"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
         "-m", "not slow", "-k", "not has_its_source", *picked],  # sources: not installed
        cwd=runner, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    code = (
        DROP_EDITABLE_FINDER + "import cgt; from cgt.games import Domineering; "
        "print(cgt.__file__); print(all(cgt.compiled().values())); "
        "print(Domineering('....|....|....').value())"
    )
    where = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert where.returncode == 0, where.stdout + where.stderr
    path, used, value = where.stdout.split()
    assert path.startswith(str(site)), where.stdout + where.stderr
    assert used == str(compiler)
    assert value == str(cgt.parse("-3/2"))
    assert "KernelWarning" not in where.stderr
    demo = subprocess.run(
        [sys.executable, "-m", "cgt", "--demo"], cwd=tmp_path, env=env, capture_output=True,
        text=True, timeout=300,
    )  # fmt: skip
    assert demo.returncode == 0 and demo.stdout.strip(), demo.stdout + demo.stderr
