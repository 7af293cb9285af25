"""Parser fuzz: generated, mutated and random texts give a Game or a CGTError, fast.

At least 20,000 inputs per run with a fixed seed (``CGT_FUZZ_SEED`` changes
it); every parsed value must round-trip through ASCII and Unicode.
"""

from __future__ import annotations

import gc
import os
import random
import time
from collections.abc import Iterator

import pytest

import cgt
from cgt.errors import CGTError
from cgt.loopy import LoopyGame

SEED = int(os.environ.get("CGT_FUZZ_SEED", "20240611"))
COUNT = int(os.environ.get("CGT_FUZZ_COUNT", "7000"))  # per test; three tests
# CPU seconds per input, of this thread (time.thread_time): neither other load nor other
# threads of the test process count.  In CI a parse of 0.3 s alone took 2.2 s of process
# time in a worker that had run other test files: the collector walked their objects,
# which the fixture below freezes out of it while the fuzz runs.
TIME_LIMIT = 2.0
UNICODE_SYMBOLS = "↑⇑↓⇓±−∗½¼¾⅛⅜⅝⅞*^v|{}<>()+-/,.[]"


def _number(rng: random.Random) -> str:
    n = rng.randint(-20, 20)
    if rng.random() < 0.4:
        return f"{n}/{2 ** rng.randint(1, 5)}"
    if rng.random() < 0.05:
        return str(rng.randint(-(10**30), 10**30))
    return str(n)


def _atom(rng: random.Random, depth: int) -> str:
    r = rng.random()
    if depth <= 0 or r < 0.45:
        choice = rng.randrange(8)
        if choice == 0:
            return _number(rng)
        if choice == 1:
            return rng.choice(["*", "*2", "*3", "*7", "0"])
        if choice == 2:
            return rng.choice(["^", "v", "^^", "vv", "^3", "v4", "^*", "v*", "^^*3"])
        if choice == 3:
            return "+-" + _number(rng).lstrip("-")
        if choice == 4:
            return _number(rng).lstrip("-") + rng.choice(["^", "v*", "*", "^^"])
        if choice == 5:
            return rng.choice(["^<2>", "v[3]", "Tiny(1)", "Miny(2)", "on"])
        if choice == 6:
            return "{" + _number(rng) + rng.choice(["||", "|||"]) + "1|0}"
        return "0"
    if r < 0.75:
        left = ",".join(_atom(rng, depth - 1) for _ in range(rng.randint(0, 2)))
        right = ",".join(_atom(rng, depth - 1) for _ in range(rng.randint(0, 2)))
        return "{" + left + "|" + right + "}"
    if r < 0.85:
        return "-" + _atom(rng, depth - 1)
    if r < 0.93:
        return "(" + _atom(rng, depth - 1) + " + " + _atom(rng, depth - 1) + ")"
    return "+-" + _atom(rng, depth - 1)


def grammar_text(rng: random.Random) -> str:
    text = _atom(rng, rng.randint(0, 3))
    for _ in range(rng.randint(0, 2)):
        text += rng.choice([" + ", " - ", "+", "-"]) + _atom(rng, rng.randint(0, 2))
    return text


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice(UNICODE_SYMBOLS + "0123456789 "))
        elif op == 2 and len(chars) > 1:
            j = rng.randrange(len(chars))
            k = min(i, len(chars) - 1)
            chars[j], chars[k] = chars[k], chars[j]
        else:
            chars.insert(i, rng.choice(["٣", "３", "é", "\x00", "\n", "⅓", "²", "𝟘"]))
    return "".join(chars)


def random_bytes_text(rng: random.Random) -> str:
    data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 24)))
    return data.decode("utf-8", errors="replace")


@pytest.fixture(autouse=True)
def _collector_sees_only_the_fuzz() -> Iterator[None]:
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _check(text: str) -> None:
    start = time.thread_time()
    try:
        g = cgt.parse(text)
    except CGTError:
        g = None
    elapsed = time.thread_time() - start
    assert elapsed < TIME_LIMIT, f"parse({text!r}) took {elapsed:.2f} s"
    if g is None:
        return
    if isinstance(g, LoopyGame):
        # The word "on" makes a text loopy: cgt.parse reads loopy notation too
        # (round trips of loopy games: tests/test_loopy_notation.py).
        assert not g.is_short, text
        return
    assert isinstance(g, cgt.Game)
    assert cgt.parse(str(g)) == g, text
    assert cgt.parse(format(g, "u")) == g, text


# Inputs the fuzz found, kept as regression cases.
REGRESSIONS: list[str] = [
    "{20|||1|0} + {{{-5/8|||1|0},{903749168911v709455465074837242|||1|0}|18/8,6^}|}",
    "^3 + {|*3,{-68∗1193633327720175642264452689|||1|0}}+^3",
    "13^+({^,5/8|69611*6744987130536361126003745} + ^)-{{5||⅜|1|0}|*3}",
    "(+-36569531↑200456155262218837771 + 5/8|||1|0}) - *7",
]


@pytest.mark.parametrize("text", REGRESSIONS or ["0"])
def test_regressions(text: str) -> None:
    _check(text)


@pytest.mark.slow
def test_fuzz_grammar() -> None:
    rng = random.Random(SEED)
    for _ in range(COUNT):
        _check(grammar_text(rng))


@pytest.mark.slow
def test_fuzz_mutations() -> None:
    rng = random.Random(SEED + 1)
    for _ in range(COUNT):
        _check(mutate(rng, grammar_text(rng)))


@pytest.mark.slow
def test_fuzz_random_bytes() -> None:
    rng = random.Random(SEED + 2)
    for _ in range(COUNT):
        _check(random_bytes_text(rng))


def test_huge_counts_are_refused_where_options_would_be_listed() -> None:
    """Alone and in sums with other nus values, huge nimbers and up counts are closed
    forms (read at once); as an option the engine would list their options one by one,
    so the parser refuses them with a caret; next to a general game the engine decides,
    as for ``+`` (a closed form, or TooLarge: tests/test_far_nimber_sums.py)."""
    big = "*" + str(2**17)
    assert cgt.parse(big) == cgt.nimber(2**17)
    assert cgt.parse(big + " + ^") == cgt.nimber(2**17) + cgt.up
    assert cgt.parse("v" + str(2**21)) == -(cgt.up * 2**21)
    assert cgt.parse(big + " + {1|0}") is cgt.nimber(2**17) + cgt.parse("{1|0}")
    with pytest.raises(cgt.ParseError, match=r"above"):
        cgt.parse("{0|" + big + "}")
    with pytest.raises(cgt.TooLarge, match=r"above"):
        cgt.parse("{1|-1} + ^" + str(2**20))
