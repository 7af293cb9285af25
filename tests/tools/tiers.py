"""The two tiers of the suite, seen from a test (conftest.py says what they are).

A property test whose full number of examples takes seconds runs in the default tier
too, with fewer examples: the same law, checked more thinly on every run, and in full
with ``CGT_SLOW_TESTS=1``.
"""

from __future__ import annotations

import os

#: The default tier runs this fraction of a property test's examples.
DEFAULT_SHARE = 10


def slow_tier() -> bool:
    """Whether this run is the slow tier (``CGT_SLOW_TESTS=1``)."""
    return os.environ.get("CGT_SLOW_TESTS", "").strip() not in ("", "0")


def examples(full: int) -> int:
    """``full`` examples in the slow tier, else a tenth of them (at least 10)."""
    return full if slow_tier() else max(10, full // DEFAULT_SHARE)
