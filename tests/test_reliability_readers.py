"""Issue 25, item 5: every reader of game text answers or raises a cgt error at once.

Each reader -- short (:func:`cgt.parse`), loopy (:func:`cgt.loopy.parse_loopy`), sided
(:func:`cgt.loopy.sided.parse_sided`) and misère (:func:`cgt.parse_misere`) -- gets
adversarial texts (long digit runs, huge sizes and exponents, deep nesting, malformed
input) and seeded random mutations of them; each input must return a value of the
reader's type or raise a :class:`cgt.CGTError` within a CPU-time bound, never a hang,
a ``RecursionError`` or a ``MemoryError``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

import pytest

import cgt
from cgt.impartial import MisereGame, parse_misere
from cgt.impartial.misere_canonical import MISERE_HEAP_LIMIT, misere_heap
from cgt.loopy import LoopyGame, parse_loopy
from cgt.loopy.sided import SidedValue, parse_sided

SEED = int(os.environ.get("CGT_FUZZ_SEED", "20261126"))
MUTANTS = 60  # random mutations per reader
BOUND = 3.0  # CPU seconds per input

N30 = "9" * 30
N5000 = "9" * 5000
ADVERSARIAL = [
    "*" + N30,
    "*" + N5000,
    "^" + N30,
    "v" + N30,
    N30 + "*" + N30,
    "*" + N30 + "+{1|0}",
    "*65537 + +-1/2",
    "*1000 + {1/2|0||0}",
    "^" + N30 + " + {1|0}",
    "1/" + str(2**200),
    "1/" + "2" * 40,
    N5000,
    "-" + N5000,
    "0." + "1" * 2000,
    "{" * 3000 + "|" + "}" * 3000,
    "{" * 20000,
    "(" * 20000 + "0" + ")" * 20000,
    "+-" * 5000 + "1",
    "*" * 5000,
    "^" * 20000,
    "Tiny(" + N30 + ")",
    "Miny(" + N5000 + ")",
    N30 + " * {1|0}",
    "{1|0} : " + N30,
    "*[" + N30 + "]",
    "*[&" + N30 + ";]",
    "*[&" + N5000 + ";]",
    "*[2" + "#" * 3000 + "]",
    "*[" * 2000 + "]" * 2000,
    "*500 + *500",
    "*80 + *80 + *80",
    "*[2[-" + "9" * 20 + "]]",
    "*[&1000;[-&999;]]",
    "*2000",
    "*65536",
    "a{" * 2000 + "0" + "|a}" * 2000,
    "2 & " + N30,
    N30 + " & +-1",
    "on & " + N5000,
    "upon*" + N30,
    "{*" + N30 + "|0}",
    "{*70000,1|0}",
    "\x00",
    "\uffff" * 50,
    "*²",
    "*[²]",
    "١٢",
    "1e" + N30,
    "",
    "&",
    "*[",
]

READERS: dict[str, tuple[Callable[[str], object], tuple[type, ...]]] = {
    "short": (cgt.parse, (cgt.Game, LoopyGame, SidedValue)),
    "loopy": (parse_loopy, (cgt.Game, LoopyGame)),
    "sided": (parse_sided, (SidedValue,)),
    "misere": (parse_misere, (MisereGame,)),
}


def _mutate(rng: random.Random, text: str) -> str:
    pieces = ["{", "}", "|", "*", "[", "]", "&", "#", "+", "-", ",", N30, "9" * 700, "(", ")"]
    chars = list(text[:200])
    for _ in range(rng.randint(1, 4)):
        where = rng.randint(0, len(chars))
        if chars and rng.random() < 0.3:
            del chars[min(where, len(chars) - 1)]
        else:
            chars[where:where] = list(rng.choice(pieces))
    return "".join(chars)


def _check(reader: str, text: str) -> None:
    fn, kinds = READERS[reader]
    start = time.process_time()
    try:
        value = fn(text)
    except cgt.CGTError:
        pass
    except (RecursionError, MemoryError) as err:  # pragma: no cover - the failure
        pytest.fail(f"{reader} reader: {type(err).__name__} on {text[:60]!r}")
    else:
        assert isinstance(value, kinds), (reader, text[:60], type(value))
    spent = time.process_time() - start
    assert spent < BOUND, f"{reader} reader took {spent:.2f} s CPU on {text[:60]!r}"


@pytest.mark.slow
@pytest.mark.parametrize("reader", sorted(READERS))
def test_adversarial_texts_answer_at_once(reader: str) -> None:
    for text in ADVERSARIAL:
        _check(reader, text)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_random_mutations_answer_at_once(reader: str) -> None:
    rng = random.Random(f"{SEED}-{reader}")
    for _ in range(MUTANTS):
        _check(reader, _mutate(rng, rng.choice(ADVERSARIAL)))


# --- the misère heap limit, checked by counting ----------------------------------------
def test_misere_heaps_up_to_the_limit_are_nim_heaps() -> None:
    n = MISERE_HEAP_LIMIT
    heap = parse_misere(f"*{n}")
    assert heap is misere_heap(n) and heap.is_nim_heap
    assert heap.birthday() == n and heap.normal_grundy() == n and heap.misere_grundy() == n


def test_misere_heaps_above_the_limit_are_refused_at_once() -> None:
    start = time.process_time()
    for text in ("*" + N30, f"*{MISERE_HEAP_LIMIT + 1}", "*[&65536;]"):
        with pytest.raises(cgt.TooLarge, match=str(MISERE_HEAP_LIMIT)):
            parse_misere(text)
    with pytest.raises(cgt.TooLarge, match=f"size {MISERE_HEAP_LIMIT + 1} "):
        misere_heap(MISERE_HEAP_LIMIT + 1)
    with pytest.raises(cgt.TooLarge):
        misere_heap(2) + 10**30  # ``+`` with an int heap meets the same limit
    assert time.process_time() - start < 0.5


def test_misere_sums_parser_and_plus_agree() -> None:
    big = misere_heap(500)
    with pytest.raises(cgt.TooLarge, match="MISERE_SUM_WORK"):
        big + big
    with pytest.raises(cgt.TooLarge, match="MISERE_SUM_WORK"):
        parse_misere("*500 + *500")
    small = parse_misere("*40 + *40")  # within the bound: computed, and a P-position
    assert small is misere_heap(40) + misere_heap(40)
    assert small.outcome() == cgt.Outcome.P  # *n + *n is a second-player win (n >= 2)


def test_sided_sides_meet_the_loopy_readers_size() -> None:
    with pytest.raises(cgt.TooLarge, match="20000 positions"):
        parse_sided("2 & " + N30)
    with pytest.raises(cgt.TooLarge, match="OF_LIMIT"):
        SidedValue(10**30, 0)
    assert parse_sided("5 & 3").onside == LoopyGame.of(5)
