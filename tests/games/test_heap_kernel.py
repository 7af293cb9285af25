"""The compiled kernel for octal-game Grundy sequences (``cgt/_c/heap.c``).

Every kernel sequence is checked against :func:`reference`, a direct mex over
*all* the options written in this file (numpy, sharing no code with
``cgt.games.heap``), or against the pure-Python engines of ``cgt.games.heap``
(``engine="python"``, and the numpy sparse-space engine called directly),
which have their own tests against references and published values.  The
whole module is skipped when the kernel is not built (or ``CGT_PURE_PYTHON=1``).
"""

from __future__ import annotations

import gc
import itertools
import random
import tracemalloc
from typing import Any

import pytest

from cgt.games import OctalGame
from cgt.games import heap as heap_module
from cgt.kernels import kernel

np = pytest.importorskip("numpy")
fast: Any = kernel("heap")
pytestmark = pytest.mark.skipif(fast is None, reason="the heap kernel is not built")


def parse(code: str) -> list[tuple[int, bool]]:
    """``(digit, distinct)`` for k = 0, 1, ... of a finite code of digits 0-7 and '!'."""
    head, _, tail = code.partition(".")
    out: list[tuple[int, bool]] = []
    for text in (head or "0", tail):
        i = 0
        while i < len(text):
            distinct = i + 1 < len(text) and text[i + 1] == "!"
            out.append((int(text[i]), distinct))
            i += 1 + distinct
    return out


def reference(code: str, n: int) -> list[int]:
    """G(0..n-1) by a full mex over every option of every heap."""
    digits = parse(code)
    g = np.zeros(max(n, 1), dtype=np.int64)
    for heap in range(1, n):
        parts = [np.zeros(0, dtype=np.int64)]
        for k, (d, distinct) in enumerate(digits):
            m = heap - k
            if m < 0:
                break
            if d & 1 and m == 0:
                parts.append(np.zeros(1, dtype=np.int64))
            if d & 2 and m >= 1 and k >= 1:
                parts.append(g[m : m + 1])
            if d & 4 and m >= 2:
                a = np.arange(1, m // 2 + 1)
                if distinct:
                    a = a[2 * a != m]
                parts.append(g[a] ^ g[m - a])
        seen = np.unique(np.concatenate(parts))
        free = np.nonzero(seen != np.arange(len(seen)))[0]
        g[heap] = free[0] if len(free) else len(seen)
    return [int(v) for v in g[:n]]


def compiled(code: str, n: int) -> list[int]:
    """The kernel's sequence (engine 'auto'), with no period read off."""
    values = [0]
    OctalGame(code)._extend(values, n, "auto")
    return values


def test_the_reference_agrees_with_published_values() -> None:
    # OEIS A002186 (Kayles), n = 0..20
    assert reference("0.77", 21) == [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
    ]  # fmt: skip
    # OEIS A071464 (octal game .127), a(1..20) = G(1..20)
    assert reference("0.127", 21)[1:] == [
        1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0,
    ]  # fmt: skip


@pytest.mark.parametrize("first", range(8))
def test_every_code_of_up_to_three_digits(first: int) -> None:
    # 0.abc for every b, c (and a = first): the dense kernel, all digit kinds
    for b, c in itertools.product(range(8), repeat=2):
        code = f"0.{first}{b}{c}"
        if code == "0.000":
            continue
        assert compiled(code, 160) == reference(code, 160), code


CODES = ["0.6", "0.16", "0.56", "0.51", "0.77", "0.07", "0.137", "0.4!", "0.6!", "0.7!7", "4.7"]


@pytest.mark.parametrize("code", CODES)
def test_past_the_warm_up_against_the_reference(code: str) -> None:
    # beyond 1024 values the sparse segment (or the dense one) runs per doubling
    assert compiled(code, 2600) == reference(code, 2600)


@pytest.mark.slow
def test_random_codes_against_the_reference() -> None:
    rng = random.Random(17)
    for _ in range(12):
        digits = [rng.randrange(8) for _ in range(4)]
        digits[rng.randrange(4)] |= 4  # at least one split
        bangs = [rng.random() < 0.25 for _ in range(4)]
        code = "0." + "".join(
            f"{d}{'!' if bang else ''}" for d, bang in zip(digits, bangs, strict=True)
        )
        assert compiled(code, 1500) == reference(code, 1500), code


@pytest.mark.parametrize("code", ["0.6", "0.16", "0.56", "0.7!7", "0.4!", "0.644", "0.36"])
def test_sparse_kernel_is_exact_for_any_mask(code: str) -> None:
    # The mask only decides the speed: any mask, domain and phase, from any
    # prefix, gives the exact values (masks making most values rare included).
    rng = random.Random(code)
    expected = reference(code, 900)
    rules = OctalGame(code)._rules_upto(900)
    split_parities = {k & 1 for k, digit, _ in rules if digit & 4}
    for _ in range(8):
        start = rng.randrange(1, 400)
        mask = rng.randrange(1, 64)
        domain = rng.randrange(2) if len(split_parities) == 1 else 0
        values = expected[:start]
        fast.sparse(values, 900, rules, mask, domain, rng.randrange(2), None, 1 << 60)
        assert values == expected, (mask, domain, start)


@pytest.mark.parametrize(
    ("code", "n"),
    [
        ("0.6", 30000),
        ("0.16", 30000),
        ("0.51", 30000),
        ("0.56", 30000),
        ("0.165", 20000),
        pytest.param("0.6", 100000, marks=pytest.mark.slow),
        pytest.param("0.16", 100000, marks=pytest.mark.slow),
        pytest.param("0.106", 100000, marks=pytest.mark.slow),
    ],
)
def test_kernel_equals_the_numpy_sparse_engine(code: str, n: int) -> None:
    # Officers (0.6), 0.16 and 0.106: no period known; 0.51, 0.56, 0.165 long
    expected = [0]
    OctalGame(code)._extend_sparse(np, expected, n)
    assert compiled(code, n) == expected


@pytest.mark.slow
def test_kernel_equals_the_pure_python_engine() -> None:
    for code in ("0.6", "0.16", "0.7!7", "4.7", "0.3", "0.12", "4!.0", "4!.07", "4.6", "0.0000007"):
        python = OctalGame(code).grundy_sequence(2000, engine="python", progress=False)
        assert OctalGame(code).grundy_sequence(2000, progress=False) == python, code


def test_grundy_sequence_uses_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    class Counting:
        def __getattr__(self, name: str) -> Any:
            calls.append(name)
            return getattr(fast, name)

    monkeypatch.setattr(heap_module, "_kernel", lambda name: Counting())
    # 0.16 has a sparse space from early on (Officers only after about 8000 heaps)
    assert OctalGame("0.16").grundy_sequence(5000, progress=False) == reference("0.16", 5000)
    assert {"dense", "sparse", "tally"} <= set(calls)
    calls.clear()
    OctalGame("0.6").grundy_sequence(100, engine="python", progress=False)
    assert not calls


def test_progress_reports_and_errors_leave_values_alone() -> None:
    rules = OctalGame("0.6")._rules_upto(5000)
    seen: list[int] = []

    def report(heap: int) -> int:
        seen.append(heap)
        return heap + 1000

    values = [0]
    fast.dense(values, 5000, rules, report, 10)
    assert seen[:3] == [10, 1010, 2010] and values == reference("0.6", 5000)

    def stop(heap: int) -> int:
        raise KeyboardInterrupt

    prefix = values[:3000]
    with pytest.raises(KeyboardInterrupt):
        fast.sparse(prefix, 5000, rules, 494, 0, 0, stop, 4000)
    assert prefix == values[:3000]  # nothing appended


def test_bad_arguments_raise() -> None:
    with pytest.raises(ValueError, match="digits 0-7"):
        fast.dense([0], 10, [(1, 8, False)], None, 1 << 60)
    with pytest.raises(ValueError, match="len"):
        fast.dense([0, 1, 2], 2, [(1, 6, False)], None, 1 << 60)
    with pytest.raises(ValueError, match="split rule"):
        fast.sparse([0, 1], 10, [(1, 2, False)], 1, 0, 0, None, 1 << 60)
    with pytest.raises(ValueError, match="one parity"):  # 0.44: splits remove 1 and 2
        fast.sparse([0, 1], 10, [(1, 4, False), (2, 4, False)], 1, 1, 0, None, 1 << 60)
    with pytest.raises(ValueError, match="mask"):
        fast.sparse([0, 1], 10, [(1, 6, False)], 0, 0, 0, None, 1 << 60)
    with pytest.raises(ValueError, match="out of range"):
        fast.tally([0, -1], 0, 2)
    # heaps 1 and 3 are odd (values 1 and 0), heap 2 even (value 1): counts[2 * v + n % 2]
    assert fast.tally([0, 1, 1, 0], 1, 4) == [0, 1, 1, 1]
    with pytest.raises(ValueError, match="32 bytes"):
        fast.scan(b"\0" * 10, b"\1" * 10, 8, 1, b"\1" * 31, 15)
    with pytest.raises(ValueError, match="32 bytes"):
        fast.scan(b"\0" * 10, b"\1" * 9, 8, 1, b"\1" * 32, 15)
    with pytest.raises(ValueError, match="32 bytes"):
        fast.scan(b"\0" * 10, b"\1" * 10, 10, 1, b"\1" * 32, 15)
    # codes all 0: the splits meet code 0 only
    left, looked = fast.scan(b"\0" * 10, b"\1" * 10, 8, 1, b"\3" + b"\0" * 31, 15)
    assert left == b"\2" + b"\0" * 31 and looked == 4


@pytest.mark.slow
def test_the_scans_of_splits_against_a_direct_search() -> None:
    # fast.scan runs the search of the blocks for the codes of a bit set among the splits
    # a + (m - a), 1 <= a <= m // 2 (a common, the larger part taken as common): one at a
    # time (flag 1) and with the widest vector scan here (flag 15).  Skewed codes, so that
    # some xors are rare and the searches run long: through the first chunks taken out at
    # once, the lookups, and the compares for the last few codes (whose sets shrink by
    # more than one code at a time when a group of chunks meets several).
    rng = random.Random(33)
    weights = [1.0 / (c + 1) ** 1.2 for c in range(160)]
    for trial in range(60):
        n = rng.choice([3000, 9000, 30000, 70000])
        codes = bytes(rng.choices(range(160), weights, k=n))
        common = bytes(0 if rng.random() < 0.08 else 1 for _ in range(n))
        m = rng.randrange(2, n)
        start = rng.choice([1, 64, 5120, rng.randrange(1, n)])
        met = {codes[a] ^ codes[m - a] for a in range(1, m // 2 + 1) if common[a]}
        size = rng.choice([1, 2, 3, 5, 8, 20, 60])
        top = rng.choice([64, 128, 192, 256])
        wanted = set(rng.sample(range(top), min(size, top)))
        want = bytes(sum(1 << (c & 7) for c in wanted if c >> 3 == i) for i in range(32))
        expected = bytes(sum(1 << (c & 7) for c in wanted - met if c >> 3 == i) for i in range(32))
        for flags in (1, 15):
            left, looked = fast.scan(codes, common, m, start, want, flags)
            assert left == expected, (trial, flags, sorted(wanted - met))
            assert 0 <= looked <= m // 2


def test_memory_is_flat_over_repeated_runs() -> None:
    def run() -> None:
        values = [0]
        OctalGame("0.6")._extend(values, 20000, "auto")

    run()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(3):
            run()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - before < 100_000


# --- the blocks of the sparse space (cgt/_c/heap_block.h, issue 33) -------------------
# sparse(..., flags): 0 is the general code of heap.c alone, 1 adds the blocks with
# their one-at-a-time scan, 3 their AVX2 scan where the processor has it, 7 their
# AVX-512 scan where it has that (else AVX2, else one at a time); bit 3 adds the
# candidates (a ranked part of the far rare heaps marked, the rest checked against
# each heap's least free codes): 9 one heap at a time, 15 (the default) with AVX-512
# compares where the processor has them (else 15 is 7).  Each flag value is checked
# on every machine, whichever path it falls back to.  The blocks start only past
# twice the last rare heap: Officers (0.6) after about 41,300 heaps, 0.454 and 0.356
# almost at once; the candidates after 16 more blocks (the far splits of every
# split rule, ranked together).
# With AVX-512 the marks cover the codes below 192 only (no Officers value's code
# reaches 150), and a heap whose code would lie past them marks all its row: bit 4
# (LOW_MARKS) lowers that limit to 64, so that some half of Officers' heaps take it.
# The scans start at the split into 5120 and m - 5120, the AVX-512 one with four
# chunks of 64 splits whose codes below 128 are taken out at once: bit 5 (LOW_START)
# starts them at 64, so that these paths meet the rare values found in short tests.

GENERAL, BLOCKS, SIMD, AVX512, CANDIDATES, DEFAULT = 0, 1, 3, 7, 9, 15
LOW_MARKS, LOW_START = 31, 47
FAST_FLAGS = (BLOCKS, SIMD, AVX512, CANDIDATES, DEFAULT, LOW_MARKS, LOW_START, 1 | 32)


def extend(prefix: list[int], code: str, end: int, mask: int, flags: int) -> list[int]:
    values = list(prefix)
    rules = OctalGame(code)._rules_upto(end)
    fast.sparse(values, end, rules, mask, 0, 0, None, 1 << 60, flags)
    return values


@pytest.mark.parametrize("code", ["0.454", "0.356", "0.56", "0.6", "0.16"])
def test_blocks_against_the_reference(code: str) -> None:
    # 0.454 and 0.356 have their last rare heaps at 124 and 43: blocks from heap ~300
    expected = reference(code, 3000)
    prefix = expected[:200]
    for flags in FAST_FLAGS:
        assert extend(prefix, code, 3000, _mask(code), flags) == expected, flags


def _mask(code: str) -> int:
    return {"0.454": 61, "0.356": 27, "0.56": 91, "0.6": 494, "0.16": 30, "0.36": 254}.get(
        code, 494
    )


@pytest.mark.slow
def test_officers_blocks_equal_the_general_code() -> None:
    # Officers' rare heaps end at 20627 (mask 494): blocks from about 41,300 on
    prefix = compiled("0.6", 2048)
    general = extend(prefix, "0.6", 70000, 494, GENERAL)
    for flags in FAST_FLAGS:
        assert extend(prefix, "0.6", 70000, 494, flags) == general, flags
    assert compiled("0.6", 70000) == general  # grundy_sequence's own route


@pytest.mark.parametrize("code", ["0.36", "0.56", "0.16"])
def test_more_codes_equal_the_general_code(code: str) -> None:
    prefix = compiled(code, 2048)
    general = extend(prefix, code, 40000, _mask(code), GENERAL)
    for flags in (SIMD, AVX512, DEFAULT):
        assert extend(prefix, code, 40000, _mask(code), flags) == general, flags


@pytest.mark.slow
def test_any_prefix_and_mask() -> None:
    # The kernel extends any prefix by the exact mex over the options it defines;
    # perturbed prefixes (large values, new rare heaps) and masks below 512 make the
    # blocks stop and hand heaps back to the general code, at every kind of place.
    rng = random.Random(33)
    base = compiled("0.6", 3000)
    for trial in range(12):
        prefix = list(base[: rng.randrange(600, 3000)])
        for _ in range(rng.randrange(4)):
            prefix[rng.randrange(1, len(prefix))] = rng.randrange(512 if trial % 3 else 700)
        mask = rng.choice([494, rng.randrange(1, 512)])
        general = extend(prefix, "0.6", 9000, mask, GENERAL)
        for flags in FAST_FLAGS:
            assert extend(prefix, "0.6", 9000, mask, flags) == general, (trial, mask, flags)


def test_two_split_rules() -> None:
    # 0.606: splits removing 1 or 3 (one parity), a single-heap move of 1 and of 3
    for code in ("0.606", "0.4!4", "0.0606"):
        expected = reference(code, 2500)
        mask = 494
        prefix = expected[:300]
        general = extend(prefix, code, 2500, mask, GENERAL)
        assert general == expected, code
        for flags in (SIMD, AVX512, CANDIDATES, DEFAULT):
            assert extend(prefix, code, 2500, mask, flags) == expected, (code, flags)


def test_two_split_rules_in_the_blocks_and_candidates() -> None:
    # 0.74: splits removing 1 and removing 2.  Its last rare heap (mask 475) is 15,929,
    # so the blocks start near 31,900 and the candidates, ranked over the far splits
    # of both rules, 16 blocks later; its values reach 442, codes past the marks'
    # limit of 192, so some heaps also take the full-row fallback.
    general = extend(compiled("0.74", 2048), "0.74", 45000, 475, GENERAL)
    assert max(general[32000:]) >= 2 * 192  # the fallback is reached
    prefix = general[:30000]  # each run starts before the blocks do
    for flags in (SIMD, CANDIDATES, DEFAULT, LOW_MARKS, LOW_START):
        assert extend(prefix, "0.74", 45000, 475, flags) == general, flags


def test_interrupt_in_the_blocks_appends_nothing() -> None:
    prefix = compiled("0.6", 2048)

    def stop(heap: int) -> int:
        raise KeyboardInterrupt

    values = list(prefix)
    rules = OctalGame("0.6")._rules_upto(60000)
    with pytest.raises(KeyboardInterrupt):
        fast.sparse(values, 60000, rules, 494, 0, 0, stop, 50000)
    assert values == prefix


def test_bad_flags_are_ignored_bits() -> None:
    # unknown bits change nothing: the values are the general code's
    prefix = compiled("0.454", 400)
    general = extend(prefix, "0.454", 2000, 61, GENERAL)
    assert extend(prefix, "0.454", 2000, 61, 0xF0 | SIMD) == general


def test_the_flags_pick_the_scan() -> None:
    # each flag bit only allows a scan: what runs depends on the processor
    assert fast.simd(GENERAL) == fast.simd(BLOCKS) == 0
    assert fast.simd(SIMD) in (0, 1)
    assert fast.simd(AVX512) in (0, 1, 2) and fast.simd(AVX512) >= fast.simd(SIMD)
    assert fast.simd(AVX512 & ~2) in (0, 2)  # AVX-512 allowed, AVX2 not: no AVX2 fallback


def test_the_avx512_scan_on_officers() -> None:
    # the wide scan meets its codes out of order (64 splits at a time, the wanted set
    # read a period late); the values are still the general code's
    if fast.simd(AVX512) != 2:
        pytest.skip("this processor has no AVX-512 (VBMI, VBMI2): flag 7 runs the AVX2 scan")
    prefix = compiled("0.6", 2048)
    general = extend(prefix, "0.6", 60000, 494, GENERAL)
    assert extend(prefix, "0.6", 60000, 494, AVX512) == general
    # the wide scan alone (no AVX2 bit), and with the candidates' AVX-512 compares
    assert extend(prefix, "0.6", 60000, 494, AVX512 & ~2) == general
    assert extend(prefix, "0.6", 60000, 494, DEFAULT) == general


@pytest.mark.parametrize("code", ["0.454", "0.356"])
def test_the_wide_scan_at_every_offset(code: str) -> None:
    # The AVX-512 scan reads the larger parts from a copy of the codes kept backwards
    # (indexed from ``end``) and the classes of the small parts as 64 bits that start
    # anywhere in a word: these codes' blocks start almost at once, with their splits
    # from a = 1 (not a multiple of 64) until the heaps pass 2 * 5120, from 5120 after
    # (SCAN_START in heap_block.h).  Ends and prefixes at random residues mod 64 move
    # both; the general code of heap.c (flag 0) uses neither copy
    rng = random.Random(7)
    base = compiled(code, 1200)
    for _ in range(6):
        prefix = base[: rng.randrange(300, 1200)]
        end = rng.randrange(11000, 11200)
        general = extend(prefix, code, end, _mask(code), GENERAL)
        for flags in (AVX512, AVX512 & ~2, DEFAULT):
            assert extend(prefix, code, end, _mask(code), flags) == general, (end, flags)


@pytest.mark.slow
def test_officers_to_200000() -> None:
    # past 41,300 heaps every block of 64 heaps is settled by the blocks' paths, each
    # checked against the numpy sparse engine (pure Python and numpy, no kernel) and
    # the general code.  The paths one heap at a time (flags 1 and 9) stop at 70,000
    # and 60,000 above: this test also runs under the sanitizers
    expected = [0]
    OctalGame("0.6")._extend_sparse(np, expected, 200_000)
    prefix = compiled("0.6", 2048)
    assert extend(prefix, "0.6", 200_000, 494, GENERAL) == expected
    for flags in (SIMD, AVX512, DEFAULT):
        assert extend(prefix, "0.6", 200_000, 494, flags) == expected, flags


def test_candidates_with_one_split_rule() -> None:
    # 0.16 splits only when removing 2 (one split rule): with mask 30 its blocks run
    # from early on, the candidates after their 16 ranking blocks (some 40 blocks
    # here), one heap at a time (9) and with AVX-512 compares (15)
    prefix = compiled("0.16", 2048)
    general = extend(prefix, "0.16", 12000, 30, GENERAL)
    assert extend(prefix, "0.16", 12000, 30, CANDIDATES) == general
    assert extend(prefix, "0.16", 12000, 30, DEFAULT) == general


def test_candidates_on_officers() -> None:
    # from about 42,400 heaps on (41,300 + 16 ranking blocks) the candidates settle
    # Officers' blocks; 45,000-60,000 with the checks one heap at a time
    prefix = compiled("0.6", 2048)
    general = extend(prefix, "0.6", 60000, 494, GENERAL)
    assert extend(prefix, "0.6", 60000, 494, CANDIDATES) == general
    if fast.simd(DEFAULT) == 2:
        assert extend(prefix, "0.6", 60000, 494, DEFAULT) == general


# --- fixed costs of the compiled path (issue 33) -------------------------------------------


def test_compiled_path_imports_no_numpy() -> None:
    # the kernel and the mask choice (a Walsh-Hadamard transform in plain Python) need
    # no numpy: importing it cost Officers to 10**4 heaps four times the work itself
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\n"
        "from cgt.games import OctalGame\n"
        "from cgt.kernels import kernel\n"
        "assert kernel('heap') is not None\n"
        "values = OctalGame('0.6').grundy_sequence(70000, progress=False)\n"
        "print(values[-1], 'numpy' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
        timeout=300,
    )  # fmt: skip
    last, imported = out.stdout.split()
    assert imported == "False"
    assert int(last) == OctalGame("0.6").grundy_sequence(70000, progress=False)[-1]


@pytest.mark.slow
def test_values_above_256_share_their_int_objects() -> None:
    # CPython shares the ints up to 256 only; the kernel makes each value below 1024
    # once per call (Officers' values reach past 300); heaps 16384 on come from one call
    values = OctalGame("0.6").grundy_sequence(20000, progress=False)
    big = [v for v in values[16384:] if v > 256]
    assert len(big) > 20
    first: dict[int, int] = {}
    for v in big:
        assert first.setdefault(v, id(v)) == id(v)
    assert values == reference("0.6", 20000)


@pytest.mark.slow
def test_scans_equal_a_direct_search() -> None:
    # The search for the rare codes below a heap's candidate, by itself: every scan
    # (one split at a time, AVX2, AVX-512 with its first chunks' codes below 128 taken
    # out at once, then the lookups, then the last splits one at a time), from the
    # start given and then below it, must leave exactly the codes that no split with a
    # common smaller part meets.  Codes of one parity only, sometimes, leave codes
    # never met.
    rng = random.Random(12)
    for trial in range(300):
        m = rng.choice(
            [rng.randrange(2, 300), rng.randrange(300, 3000), rng.randrange(3000, 20000)]
        )
        n = m + 1 + rng.randrange(5)
        step = rng.choice([1, 1, 2])
        top = rng.choice([4, 60, 128, 256])
        codes = bytes(rng.randrange(0, top, step) for _ in range(n))
        common = bytes(1 if i >= (m + 1) // 2 or rng.random() < 0.9 else 0 for i in range(n))
        wanted = {rng.randrange(rng.choice([8, 64, 130, 256])) for _ in range(rng.randrange(1, 90))}
        want = sum(1 << c for c in wanted).to_bytes(32, "little")
        met = {codes[a] ^ codes[m - a] for a in range(1, m // 2 + 1) if common[a]}
        left = sum(1 << c for c in wanted - met).to_bytes(32, "little")
        start = rng.choice([1, 64, 5120, rng.randrange(1, m + 2)])
        for flags in (BLOCKS, SIMD, AVX512):
            got, looked = fast.scan(codes, common, m, start, want, flags)
            assert got == left, (trial, flags)
            assert 0 <= looked <= m // 2
