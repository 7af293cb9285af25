"""Issue 25, item 3: ``G + *n`` for a large nimber is a closed form where one exists,
:class:`cgt.TooLarge` at once where none does, and ``+`` and :func:`cgt.parse` agree.

The closed form (``cgt.canonical._add_big_nus``) is checked against the general sum
(the same engine with the closed form switched off), for both engines.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import canonical
from tests.strategies import small_games


def _general(g: cgt.Game, n: int) -> cgt.Game:
    """g + *n expanded from the options (closed form off), caches cleared first."""
    saved = canonical.FAR_NIMBER
    canonical.FAR_NIMBER = 1 << 62
    try:
        cgt.clear_caches()
        return g + cgt.nimber(n)
    finally:
        canonical.FAR_NIMBER = saved
        cgt.clear_caches()


@pytest.fixture
def low_far() -> Iterator[None]:
    """Take the closed-form path from *5 on, so that small sums exercise it."""
    saved = canonical.FAR_NIMBER
    canonical.FAR_NIMBER = 4
    cgt.clear_caches()
    try:
        yield
    finally:
        canonical.FAR_NIMBER = saved
        cgt.clear_caches()


def _closed(g: cgt.Game, n: int) -> cgt.Game:
    saved = canonical.FAR_NIMBER
    canonical.FAR_NIMBER = 4
    try:
        cgt.clear_caches()
        return g + cgt.nimber(n)
    finally:
        canonical.FAR_NIMBER = saved
        cgt.clear_caches()


@settings(max_examples=60, deadline=None)
@given(g=small_games, n=st.integers(5, 24), extra=st.sampled_from([0, 1, -1]))
def test_closed_form_equals_the_general_sum(g: cgt.Game, n: int, extra: int) -> None:
    g = g + cgt.up * extra  # ups in the leaves too
    assert _closed(g, n) is _general(g, n)


@pytest.mark.parametrize(
    "text", ["+-1/2", "{1|0}", "{3||2|1}", "{1|1,+-1}", "{^|*3}", "{2|{1|*}}", "{1/2|0||0}"]
)
@pytest.mark.parametrize("n", [5, 8, 9, 16, 23, 32, 33])
def test_closed_form_on_named_games(text: str, n: int) -> None:
    g = cgt.parse(text)
    assert _closed(g, n) is _general(g, n)


def test_pure_and_compiled_engines_give_the_same_objects(low_far: None) -> None:
    for text in ("+-1/2", "{1|1,+-1}", "{3||2|1}", "{1/2|0||0}"):
        g = cgt.parse(text)
        for n in (5, 9, 1000, 2**40):
            try:
                compiled = canonical.add(g, cgt.nimber(n))
            except cgt.TooLarge:
                with pytest.raises(cgt.TooLarge):
                    canonical._py_add(g, cgt.nimber(n))
                continue
            cgt.clear_caches()
            assert canonical._py_add(g, cgt.nimber(n)) is compiled


def test_huge_nimbers_in_closed_form_at_once() -> None:
    start = time.process_time()
    n = 2**20
    switch = cgt.parse("+-1/2") + cgt.nimber(n)
    assert switch.left_options == (cgt.number(cgt.Dyadic(1, 2)) + cgt.nimber(n),)
    assert switch.right_options == (cgt.number(cgt.Dyadic(-1, 2)) + cgt.nimber(n),)
    g = cgt.nimber(2**64) + cgt.parse("{1|0}")
    assert g.left_options == (cgt.number(1) + cgt.nimber(2**64),)
    assert g.right_options == (cgt.nimber(2**64),)
    # algebra: negation commutes with the closed form; adding the nimber again takes
    # it away (by the general sum: the game's own nimbers are far, no closed form)
    assert -g == cgt.parse("{0|-1}") + cgt.nimber(2**64)
    assert (cgt.parse("{1|0}") + cgt.nimber(100)) + cgt.nimber(100) == cgt.parse("{1|0}")
    reversed_out = cgt.parse("{1|1,+-1}") + cgt.nimber(2**30)  # Right's 1*N reverses out
    assert reversed_out.left_options == (cgt.number(1) + cgt.nimber(2**30),)
    assert reversed_out.right_options == (cgt.parse("+-1") + cgt.nimber(2**30),)
    assert time.process_time() - start < 1.0


def test_no_closed_form_raises_at_once_with_the_size() -> None:
    g = cgt.parse("{1/2|0||0}")  # G + *n has n + 1 Right options: no closed form
    assert len((g + cgt.nimber(40)).right_options) == 41
    start = time.process_time()
    with pytest.raises(cgt.TooLarge, match=r"\*1000 \+ a game born on day 4.*256"):
        g + cgt.nimber(1000)
    with pytest.raises(cgt.TooLarge, match=r"\*2\*\*40"):
        cgt.nimber(2**40) + g
    with pytest.raises(cgt.TooLarge, match="70000 ups"):
        cgt.up * 70000 + g
    assert time.process_time() - start < 0.5


@pytest.mark.parametrize(
    ("nim", "text"),
    [
        (65537, "+-1/2"),
        (2**20, "{1|0}"),
        (10**30, "{3||2|1}"),
        (300, "{1/2|0||0}"),
        (1000, "{1/2|0||0}"),
        (100, "{1/2|0||0}"),
    ],
)
def test_parser_and_plus_agree(nim: int, text: str) -> None:
    def outcome(fn: object) -> object:
        try:
            return fn()  # type: ignore[operator]
        except cgt.TooLarge:
            return "TooLarge"

    by_plus = outcome(lambda: cgt.nimber(nim) + cgt.parse(text))
    assert outcome(lambda: cgt.parse(f"*{nim} + {text}")) == by_plus
    assert outcome(lambda: cgt.parse(f"{text} + *{nim}")) == by_plus
    # NIMBER_SUM_LIMIT is where the expansion stops
    if by_plus == "TooLarge":
        assert nim > canonical.NIMBER_SUM_LIMIT


def test_up_counts_agree_too(monkeypatch: pytest.MonkeyPatch) -> None:
    assert canonical.UP_SUM_LIMIT == 1 << 16
    monkeypatch.setattr(canonical, "UP_SUM_LIMIT", 300)  # both engines read the name
    cgt.clear_caches()
    g = cgt.parse("{1|0}")
    k = canonical.UP_SUM_LIMIT
    assert cgt.parse(f"^{k} + {{1|0}}") == cgt.up * k + g
    with pytest.raises(cgt.TooLarge, match=str(k + 1)):
        cgt.up * (k + 1) + g
    with pytest.raises(cgt.TooLarge, match=str(k + 1)):
        cgt.parse(f"^{k + 1} + {{1|0}}")
