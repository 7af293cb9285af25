"""Inputs that used to hang: each answers at once (closed forms) or raises a cgt error at once.

Calls that would hang without the fix run in a subprocess with a timeout, so
the suite itself never hangs.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap

import pytest

import cgt
from cgt import TooLarge, nimber
from cgt import canonical as engine
from cgt.dyadic import Dyadic, number_birthday
from cgt.game import _nimber_form

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_quickly(code: str, timeout: float = 60.0) -> str:
    """Run ``code`` (after ``import cgt``) in a fresh interpreter; return its stdout.

    The child measures the call itself (CPU time, so other load on the machine
    does not count) and prints it last, so the test
    can ask for an answer "at once" without counting interpreter start-up.
    """
    program = "import time, cgt, cgt.games, cgt.impartial\n" + textwrap.dedent(code)
    env = dict(os.environ, PYTHONPATH=_ROOT)
    try:
        done = subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
        )
    except subprocess.TimeoutExpired:  # pragma: no cover - the failure being tested for
        pytest.fail(f"still running after {timeout} s: {code}")
    assert done.returncode == 0, done.stderr
    return done.stdout


def answers_at_once(expression: str, limit: float = 2.0) -> str:
    """The repr of ``expression``; fails if it takes longer than ``limit`` seconds."""
    out = run_quickly(
        f"""
        t = time.process_time()
        r = repr({expression})
        print(r[:300])
        print(time.process_time() - t)
        """
    )
    *value, seconds = out.strip().splitlines()
    assert float(seconds) < limit, f"{expression} took {seconds} s"
    return "\n".join(value)


def raises_at_once(expression: str, error: str = "TooLarge", limit: float = 2.0) -> str:
    """The message of the cgt error ``expression`` raises, at once."""
    out = run_quickly(
        f"""
        t = time.process_time()
        try:
            {expression}
        except cgt.CGTError as err:
            print(type(err).__name__)
            print(str(err).replace(chr(10), ' '))
        else:
            print("no error")
            print("")
        print(time.process_time() - t)
        """
    )
    name, message, seconds = out.strip().splitlines()
    assert name == error, f"{expression}: {name} {message}"
    assert float(seconds) < limit, f"{expression} took {seconds} s"
    return message


# --- nus values are closed forms -----------------------------------------------------
def test_parse_many_ups_is_a_closed_form() -> None:
    assert answers_at_once('cgt.parse("^1000000000")') == "^1000000000"


def test_multiples_of_up_are_closed_forms() -> None:
    assert answers_at_once("cgt.up * 2**40") == f"^{2**40}"
    assert answers_at_once("(cgt.up * 2**40).left_options") == "(0,)"
    assert answers_at_once("((cgt.up * 2**40) + cgt.star).birthday()") == str(2**40 + 1)


def test_nus_birthday_closed_form_matches_the_walk() -> None:
    def walk(x: Dyadic, k: int, m: int) -> int:  # the engine's original O(k) count
        b = number_birthday(x)
        k = abs(k)
        if k == 0:
            return b + m
        depth = 0
        while k > 0:
            if k == 1 and m == 1:
                return b + 2 + depth
            depth += 1
            k -= 1
            m ^= 1
        return max(b, b + m) + depth

    for x in (Dyadic(0), Dyadic(3), Dyadic(-5, 2)):
        for k in range(-9, 10):
            for m in range(9):
                assert engine._nus_birthday(x, k, m) == walk(x, k, m), (x, k, m)


def test_nus_birthday_agrees_with_the_options() -> None:
    for k in range(-6, 7):
        for m in range(6):
            g = engine.make_nus(Dyadic(0), k, m)
            opts = g.left_options + g.right_options
            assert g.birthday() == 1 + max((o.birthday() for o in opts), default=-1)


def test_listing_the_options_of_a_huge_nimber_raises() -> None:
    message = raises_at_once("cgt.nimber(2**40).left_options")
    assert "2**40 options on each side" in message
    message = raises_at_once("(cgt.number(3) + cgt.nimber(2**40)).right_options")
    assert "2**40 options on each side" in message
    assert issubclass(TooLarge, cgt.CGTError) and issubclass(TooLarge, ValueError)
    assert len(nimber(1000).left_options) == 1000  # moderate ones still list


def test_multiples_of_tiny_raise_at_once() -> None:
    message = raises_at_once("cgt.tiny(1) * 2**40")
    assert "keep growing" in message
    raises_at_once("2**40 * cgt.miny(2)")


def test_moderate_multiples_of_tiny_still_compute() -> None:
    t = cgt.tiny(1)
    total = cgt.zero
    for _ in range(20):
        total = total + t
    assert t * 20 == total


# --- forms whose options are nimbers -----------------------------------------------------
def test_big_nimber_forms_at_once() -> None:
    assert answers_at_once('cgt.parse("{*65536|0}")') == "v*65537"
    assert answers_at_once("cgt.Game([cgt.nimber(2**40)], [cgt.nimber(2**40)])") == "0"
    assert answers_at_once("cgt.Game([0], [cgt.nimber(2**40)])") == f"^*{2**40 + 1}"


def test_nimber_form_matches_the_engine_on_small_sets() -> None:
    values = range(5)
    subsets = [s for r in range(4) for s in itertools.combinations(values, r)]
    for a, b in itertools.product(subsets, repeat=2):
        left = [nimber(i) for i in a]
        right = [nimber(i) for i in b]
        assert _nimber_form(left, right) is engine.canonical_form(left, right), (a, b)


def test_nimber_form_matches_the_engine_past_the_threshold() -> None:
    # nimbers above *64 take the closed-form path in Game(); the engine checks it
    import random

    rng = random.Random(7)
    pool = [0, 1, 2, 3, 65, 66, 80, 100]
    for _ in range(300):
        a = rng.sample(pool, rng.randint(0, 3))
        b = rng.sample(pool, rng.randint(0, 3))
        left = [nimber(i) for i in a]
        right = [nimber(i) for i in b]
        assert cgt.Game(left, right) is engine.canonical_form(left, right), (a, b)


# --- nim arithmetic ----------------------------------------------------------------------
@pytest.mark.slow
def test_nim_inverse_of_a_huge_nimber_at_once() -> None:
    out = answers_at_once(
        "cgt.impartial.nim_product(2**10000 + 3, cgt.impartial.nim_inverse(2**10000 + 3))",
        limit=5.0,
    )
    assert out == "1"


@pytest.mark.slow
def test_nim_inverse_by_halving_matches_fermat() -> None:
    import random

    from cgt.impartial.field import nim_power, subfield_order

    rng = random.Random(3)
    samples = [2**16, 2**16 + 1, 2**32 - 1, 2**32, 2**64 - 1]
    samples += [rng.randrange(1, 2**64) for _ in range(100)]
    for a in samples:
        assert cgt.impartial.nim_inverse(a) == nim_power(a, subfield_order(a) - 2), a


# --- rulesets ----------------------------------------------------------------------------
def test_chip_game_grundy_of_a_far_chip_at_once() -> None:
    assert answers_at_once("cgt.games.ChipGame([2**70]).grundy()") == "1"
    message = raises_at_once('cgt.games.ChipGame([2**70]).grundy("search")')
    assert "too long to search" in message
    raises_at_once('cgt.games.ChipGame([2**70], rule="A").winner("search")')


def test_grundy_sequence_bound_raises_at_once() -> None:
    message = raises_at_once(
        "cgt.games.SubtractionGame({1, 2, 3}).grundy_sequence(2**64)", "HeapTooLarge"
    )
    assert "2**64" in message
    from cgt.games.heap import HeapTooLarge

    assert issubclass(HeapTooLarge, TooLarge)


# --- ordinal sums ---------------------------------------------------------------------------
@pytest.mark.slow
def test_ordinal_sum_with_a_huge_subordinate() -> None:
    assert answers_at_once("cgt.number(3).ordinal_sum(2**40)") == str(3 + 2**40)
    assert answers_at_once("cgt.number(-1).ordinal_sum(2**40).to_dyadic()._exp") == str(2**40)
    assert answers_at_once("cgt.star.ordinal_sum(cgt.nimber(2**40))") == f"*{2**40 + 1}"
    message = raises_at_once('cgt.parse("{1|0}").ordinal_sum(2**40)')
    assert "born on day 1099511627776" in message
    raises_at_once("cgt.up.ordinal_sum(-(2**40))")


def test_number_ordinal_integer_matches_the_recursion() -> None:
    from cgt.products import _ordinal_deep

    for x in ("0", "1", "3", "-1", "-3", "1/2", "-3/4", "5/8", "7/4", "-13/8"):
        for n in range(-5, 6):
            g, h = cgt.number(x), cgt.number(n)
            assert g.ordinal_sum(h) is _ordinal_deep(g, h), (x, n)
    switch = cgt.to_game("{1|0}")
    assert cgt.zero.ordinal_sum(switch) is switch is _ordinal_deep(cgt.zero, switch)


def test_huge_nimbers_never_list_their_options_in_any_computation() -> None:
    """The engine refuses to list 2**40 options whoever asks: a sum, a comparison or
    a form with other options.  Where domination settles a form first, it answers."""
    huge = cgt.nimber(2**40)
    hot = cgt.parse("{1|0}")
    for compute in (lambda: huge <= hot, lambda: huge.right_options):
        with pytest.raises(cgt.TooLarge, match="options on each side"):
            compute()
    # a sum with a general game: a closed form (issue 25, tests/test_far_nimber_sums.py)
    assert (hot + huge).right_options == (huge,)
    assert cgt.Game([huge, 1], [0]) is hot  # *N < 1: dominated before any listing
    assert huge + cgt.up + huge is cgt.up  # nus sums are closed forms


def test_a_component_without_key_is_a_protocol_error() -> None:
    from cgt.games.base import ImpartialPosition

    class Piece:  # no key()
        def options(self) -> list[Piece]:
            return []

    class Whole(ImpartialPosition):
        def options(self) -> list[Whole]:
            return []

        def components(self) -> list[Piece]:  # type: ignore[override]
            return [Piece()]

    with pytest.raises(cgt.PositionProtocolError, match=r"key\(\)"):
        Whole().grundy()
