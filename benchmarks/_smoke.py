"""The ``--smoke`` mode shared by the benchmark scripts (CI runs each one: they must not rot).

A script's smoke run computes its workloads at tiny sizes (seconds) and checks
the answers: against values known in advance (written in the script), against
the peer library cgt-py when it is installed, and against cgt's own pure-Python
paths (the same computation again in a child process with ``CGT_PURE_PYTHON=1``).
Any disagreement or error exits non-zero; on success the last line printed is
``smoke: ok`` followed by what was checked.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping

CHILD = "--smoke-pure-child"
"""Passed to the child that repeats the computation on the pure-Python paths."""


def peer_text(form: object) -> str:
    """cgt-py's printed form without its ``CanonicalForm('...')`` wrapper."""
    text = repr(form)
    return text[len("CanonicalForm('") : -2] if text.startswith("CanonicalForm('") else text


def run(
    script: str,
    compute: Callable[[], Mapping[str, object]],
    known: Mapping[str, object] | None = None,
    peer: Callable[[], Mapping[str, object]] | None = None,
    pure: bool = True,
) -> int:
    """Compute, check, report; the exit status (0: every check passed).

    ``compute`` returns the results by name (compared as ``str``); ``known``
    holds expected results; ``peer`` (called only when cgt-py imports) returns
    cgt-py's results for some of the names, already in cgt's printed form.
    ``pure=False`` skips the pure-Python repetition (for scripts that compare
    the two paths themselves).
    """
    results = {name: str(value) for name, value in compute().items()}
    if CHILD in sys.argv:
        print(json.dumps(results))
        return 0
    problems: list[str] = []
    checks: list[str] = []
    for name, expected in (known or {}).items():
        if results.get(name) != str(expected):
            problems.append(f"{name}: got {results.get(name)!r}, expected {str(expected)!r}")
    if known:
        checks.append(f"{len(known)} known values")
    if pure:
        env = dict(os.environ, CGT_PURE_PYTHON="1")
        done = subprocess.run(
            [sys.executable, script, "--smoke", CHILD],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode:
            problems.append(f"the pure-Python run failed:\n{done.stdout}{done.stderr}")
        else:
            theirs = json.loads(done.stdout.strip().splitlines()[-1])
            for name, value in results.items():
                if theirs.get(name) != value:
                    problems.append(f"{name}: {value!r} here, {theirs.get(name)!r} pure Python")
            checks.append(f"{len(results)} results equal on the pure-Python paths")
    if peer is not None:
        try:
            import cgt_py  # noqa: F401
        except ImportError:
            checks.append("cgt-py absent")
        else:
            theirs = {name: str(value) for name, value in peer().items()}
            for name, value in theirs.items():
                if results.get(name) != value:
                    problems.append(f"{name}: {results.get(name)!r} here, {value!r} by cgt-py")
            checks.append(f"{len(theirs)} results equal by cgt-py")
    for problem in problems:
        print(f"smoke: DISAGREE {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"smoke: ok ({'; '.join(checks) or 'ran'})")
    return 0
