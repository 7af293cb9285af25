"""Shared pytest set-up: doctests see ``cgt`` without importing it; hypothesis profiles.

Property tests run derandomised by default, so a test run (and CI) is
reproducible.  ``CGT_HYPOTHESIS=explore python -m pytest -q tests`` draws fresh
random examples (1,000 a test where the test does not set its own number): run
it to look for new counterexamples.

Two tiers.  A plain ``python -m pytest`` (the README's command, and CI's) runs
every test not marked ``slow``, and the ``tooling`` ones however slow (mypy, ruff,
the Sphinx build, the package builds, the benchmarks' smoke runs: the project's
own checks); ``CGT_SLOW_TESTS=1`` adds the other slow ones (more than about a CPU
second each: the large brute forces, the property tests with many examples).  An
explicit ``-m`` expression or a test named by its node id chooses for itself.  In
the default tier a test marked neither ``slow`` nor ``tooling`` that spends more
than ``FAST_LIMIT`` CPU seconds fails, so the tier stays quick.  To find what to
mark, run with ``CGT_CPU_LOG=/tmp/cpu.tsv``: each test's CPU seconds (its process
and children) are appended there.  Time bounds inside tests are CPU time, never
wall time; pytest-timeout stops any test after 120 s (pyproject.toml) as a hang
guard.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import resource
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

import cgt

# The docs' Sphinx extension imports docutils and Sphinx, which only the `docs`
# extra brings: without them its doctests are not collected (the quick run needs
# the `test` extra alone; tests/test_extras.py checks that it skips cleanly).
collect_ignore: list[str] = []
if importlib.util.find_spec("docutils") is None or importlib.util.find_spec("sphinx") is None:
    collect_ignore.append("docs/_ext/cgt_figures.py")

settings.register_profile("default", derandomize=True)
settings.register_profile("explore", derandomize=False, max_examples=1000)
settings.load_profile(os.environ.get("CGT_HYPOTHESIS", "default"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "slow: takes more than about a CPU second; runs with CGT_SLOW_TESTS=1 (or an explicit "
        "-m), not in the default tier unless it is also `tooling`",
    )
    config.addinivalue_line(
        "markers",
        "tooling: static checks and package builds that do not run through the compiled "
        "kernels (CI runs them once, not again in its pure-Python pass)",
    )
    config.addinivalue_line(
        "markers",
        "kernel_free: a slow test whose code path has no compiled kernel (pure Python in "
        "both of CI's passes), so the pure-Python pass leaves it out",
    )
    config.addinivalue_line(
        "markers",
        "kernel: a test of code that has a compiled kernel (cgt/_c), so it runs again in CI's "
        "pure-Python pass; set on the files of KERNEL_TEST_FILES below",
    )
    config.addinivalue_line(
        "markers",
        "long: a check of tens of CPU seconds or more whose smaller case runs in CI; it runs "
        "on demand, with CGT_LONG_TESTS=1",
    )


#: The test files (and modules whose doctests run) whose code has a compiled kernel
#: (cgt/_c/*.c): their tests are marked ``kernel`` and CI runs them a second time with
#: ``CGT_PURE_PYTHON=1``, so the pure-Python paths are proven equal.
#: tests/test_ci.py checks that every kernel keeps tests in this selection.
KERNEL_TEST_FILES = frozenset(
    {
        # canonical: comparison, sums and canonical forms of short games
        "tests/test_kernel_canonical.py",
        "tests/test_kernels.py",
        "tests/test_packaging.py",
        "tests/test_game.py",
        "tests/test_temperature.py",
        "tests/laws/test_group_laws.py",
        "tests/laws/test_temperature_laws.py",
        "tests/sources/test_seed_002_algebra.py",
        "cgt/canonical.py",
        "cgt/kernels.py",
        # the work budget, far nimbers and the memory budget: both engines count alike
        "tests/test_budget.py",
        "tests/test_far_nimber_sums.py",
        "tests/test_memory.py",
        "tests/test_reliability_readers.py",
        # parse: the reader of {L|R} forms
        "tests/test_notation.py",
        "tests/test_parse_speed_paths.py",
        "tests/test_reliability_notation.py",
        "cgt/notation.py",
        # shortgame: Domineering, Cram, the stone boards, Col and Snort
        "tests/test_kernel_shortgame.py",
        "tests/test_kernel_boards.py",
        "tests/test_kernel_graphs.py",
        "tests/test_kernel_boundary.py",
        "tests/games/test_domineering.py",
        "tests/games/test_cram.py",
        "tests/games/test_boards.py",
        "tests/games/test_col_snort.py",
        "tests/sources/test_seed_002_positions.py",
        "cgt/games/domineering.py",
        "cgt/games/graph_colouring.py",
        "cgt/games/col.py",
        "cgt/games/snort.py",
        # shortgame: the strips (strips.h)
        "tests/test_kernel_strips.py",
        "tests/games/test_strips.py",
        "cgt/games/strip.py",
        # outcome(): the race of the value route (compiled solvers) and the search
        "tests/test_play_route.py",
        # hexapawn: the exact search
        "tests/games/test_hexapawn.py",
        "tests/games/test_hexapawn_kernel.py",
        "tests/games/test_hexapawn_misere.py",
        "tests/sources/test_seed_000_hexapawn.py",
        # heap: Grundy sequences of octal games
        "tests/games/test_heap.py",
        "tests/games/test_heap_kernel.py",
        "tests/games/test_heap_sparse.py",
        "tests/games/test_kayles.py",
        "tests/sources/test_seed_002_impartial.py",
        "cgt/games/heap.py",
        # canonical: the compiled search over sums of values (sumsearch.h)
        "tests/test_sum_search.py",
        # play against cgt: its logic runs on values and on searches
        "tests/test_versus.py",
    }
)
_ROOT = Path(__file__).resolve().parent

#: The test files that take the most CPU time, heaviest first (CPU seconds of CI's
#: compiled pass on two Zen 3 cores, from ``CGT_CPU_LOG``: 79, 76, 56, ... 19).  Under
#: pytest-xdist (CI runs ``--dist loadfile --no-loadscope-reorder``) they are handed out
#: first and the many light files fill in behind them; xdist's own order, by number of
#: tests, left files of few heavy tests (the Sphinx build, the kernel builds, mypy) to the
#: end, where one worker could run them while the other had finished (the compiled pass
#: took 892 s for some 780 s of CPU a worker; with this order 860 and 909 s in two runs,
#: within the noise of this machine).  A file missing here only runs later; the order
#: changes no result.
HEAVY_FIRST = (
    "tests/test_docs_figures.py",
    "tests/test_ci.py",
    "tests/games/test_heap_saltus.py",
    "tests/games/test_heap_kernel.py",
    "tests/test_kernel_strips.py",
    "tests/misere/test_dead_ending.py",
    "tests/games/test_heap_sparse.py",
    "tests/test_kernels.py",
    "tests/test_concurrency.py",
    "tests/test_kernel_boards.py",
    "tests/laws/test_temperature_laws.py",
    "tests/test_misere_toolkit.py",
    "tests/laws/test_group_laws.py",
    "tests/test_examples.py",
    "tests/test_intern.py",
    "tests/test_memory.py",
    "tests/test_tooling.py",
    "tests/games/test_hexapawn_kernel.py",
    "tests/test_loopy_compact.py",
    "tests/test_misere_quotient.py",
    "tests/games/test_hexapawn_misere.py",
    "tests/scoring/test_order.py",
    "tests/test_survey.py",
    "tests/test_kernel_graphs.py",
)


def _heavy_first(items: list[pytest.Item]) -> None:
    """Put the items of HEAVY_FIRST's files first, in its order (a stable sort)."""
    rank = {name: i for i, name in enumerate(HEAVY_FIRST)}
    last = len(HEAVY_FIRST)

    def key(item: pytest.Item) -> int:
        try:
            return rank.get(item.path.resolve().relative_to(_ROOT).as_posix(), last)
        except ValueError:
            return last

    items.sort(key=key)


#: Slow cases that carry no marker in their source: one case of a parametrised test,
#: or a doctest (CPU seconds of the default tier from ``CGT_CPU_LOG``, 1.1 to 7.4 each).
SLOW_CASES = frozenset(
    {
        "docs/guide/hexapawn.rst::hexapawn.rst",
        "tests/games/test_clobber_family.py::test_members_agree_with_the_brute_force[Queens]",
        "tests/games/test_heap_kernel.py::test_kernel_equals_the_numpy_sparse_engine[0.6-30000]",
        "tests/test_cli.py::test_every_ruleset_subcommand_against_brute_force[turning]",
        "tests/test_clobber_bigboard.py::test_checkerboards_against_values[3-6]",
        "tests/test_conformance.py::test_every_implementation_gives_the_same_values[Clobber]",
        "tests/test_misere_quotient_of.py::test_random_families_against_brute_force[8]",
    }
)

#: CPU seconds of a test's call above which a test of the default tier that is not
#: marked ``slow`` fails: it belongs in the slow tier (``CGT_FAST_LIMIT`` overrides it).
#: A guard against gross misses, with room for a loaded machine: a page of doctests
#: of 3 CPU s here took 4.2 on a CI worker.
FAST_LIMIT = float(os.environ.get("CGT_FAST_LIMIT", "10"))


def slow_tier(config: pytest.Config) -> bool:
    """Whether this run keeps the ``slow`` tests (else they are deselected)."""
    if os.environ.get("CGT_SLOW_TESTS", "").strip() not in ("", "0"):
        return True
    return bool(config.option.markexpr)  # an explicit -m chooses for itself


def _named(config: pytest.Config) -> set[str]:
    """The node ids given on the command line (their tests always run)."""
    return {arg for arg in config.args if "::" in arg}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _heavy_first(items)
    for item in items:
        if item.nodeid in SLOW_CASES:
            item.add_marker(pytest.mark.slow)
        try:
            where = item.path.resolve().relative_to(_ROOT).as_posix()
        except ValueError:
            continue
        if where in KERNEL_TEST_FILES or where.startswith("cgt/games/hexapawn/"):
            item.add_marker(pytest.mark.kernel)
        if item.get_closest_marker("long") and os.environ.get("CGT_LONG_TESTS") != "1":
            item.add_marker(pytest.mark.skip(reason="a long check: run with CGT_LONG_TESTS=1"))
    if not slow_tier(config):
        named = _named(config)
        kept = [
            i
            for i in items
            if not i.get_closest_marker("slow")
            or i.get_closest_marker("tooling")  # the project's checks always run
            or _is_named(i, named)
        ]
        if len(kept) < len(items):
            keep = set(kept)
            config.hook.pytest_deselected(items=[i for i in items if i not in keep])
            items[:] = kept


def _is_named(item: pytest.Item, named: set[str]) -> bool:
    """Whether the command line named this test (or its function, all cases)."""
    if not named:
        return False
    return item.nodeid in named or item.nodeid.split("[")[0] in named


def pytest_sessionstart(session: pytest.Session) -> None:
    """``CGT_REQUIRE_KERNELS=1`` (CI's compiled pass): stop at once if a kernel is missing.

    The kernels are optional extensions, so a failed build would otherwise turn the
    compiled pass into a second pure-Python pass, green while proving less.
    """
    if os.environ.get("CGT_REQUIRE_KERNELS", "").strip() not in ("", "0"):
        missing = [name for name, built in cgt.compiled().items() if not built]
        if missing:
            raise pytest.UsageError(
                f"CGT_REQUIRE_KERNELS is set but these compiled kernels are missing: "
                f"{', '.join(missing)} (build them: python setup.py build_ext --inplace)"
            )


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["cgt"] = cgt


@pytest.fixture(autouse=True)
def _no_search_left_running() -> Generator[None, None, None]:
    """Fail the test after which this thread still has a running search.

    A search left as the thread's outermost (an interrupt that skipped its
    clean-up) would make every later search in the worker a nested one, with no
    bar of its own: later tests would fail, far from the cause.
    """
    from cgt import progress

    yield
    if progress.outermost() is None:
        return
    gc.collect()  # a search whose frame is held only by a reference cycle ends here
    left = progress.outermost()
    if left is not None:
        progress.set_outermost(None)
        pytest.fail(f"a search was left running as this thread's outermost: {left.desc!r}")


def _cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and its waited-for children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


_CPU_LOG = os.environ.get("CGT_CPU_LOG")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """In the default tier, fail a test not marked ``slow`` that spent more than
    ``FAST_LIMIT`` CPU seconds: mark it ``slow`` (or make it cheaper)."""
    if item.get_closest_marker("slow") or item.get_closest_marker("tooling"):
        return (yield)  # static checks (mypy) belong in the default tier, however long
    if slow_tier(item.config):
        return (yield)
    start = _cpu_seconds()
    result = yield
    spent = _cpu_seconds() - start
    if spent > FAST_LIMIT:
        pytest.fail(
            f"{item.nodeid} took {spent:.1f} CPU s, more than the default tier's "
            f"{FAST_LIMIT} s: mark it @pytest.mark.slow (or make it cheaper)",
            pytrace=False,
        )
    return result


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    """With ``CGT_CPU_LOG=path``, append each test's CPU seconds (set-up, call and
    tear-down) to *path*.

    The figure is user + system time of the test process and its children (not
    wall time, which other load inflates); use it to find the tests to mark
    ``slow``: ``sort -t$'\\t' -k2 -g path``.
    """
    if not _CPU_LOG:
        yield
        return
    start = _cpu_seconds()
    yield
    with open(_CPU_LOG, "a", encoding="utf-8") as log:
        log.write(f"{item.nodeid}\t{_cpu_seconds() - start:.3f}\n")
