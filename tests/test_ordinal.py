"""Ordinals below epsilon_0 (cgt.ordinal): ordinal, natural and nim arithmetic.

Independent checks: ordinal sum and product against their definition on
ordinals below ω^2 written as pairs (a, b) = ω·a + b; Hessenberg arithmetic
against the polynomial reading of the Cantor normal form; nim arithmetic of
finite ordinals against a brute-force mex; the field laws of the nim field
below ω^ω^ω by hypothesis; the finite subfields F_64, F_2^20, F_2^42 and
F_2^60 checked exhaustively or by Fermat's little theorem (x^(q-1) = 1).
Published values: ONAG ch. 6 (ω^3 = 2, (ω^ω)^5 = 4, (ω^ω^2)^7 = ω + 1),
Lenstra's excesses (OEIS A380496) and Q-sets (CGSuite NimFieldConstants).
"""

from __future__ import annotations

import copy
import gc
import itertools
import pickle
import random
import subprocess
import sys
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.ordinal import Ordinal, alpha, excess, kappa, nim_power, odd_primes, omega, to_ordinal

# -- strategies ------------------------------------------------------------------------------

finite = st.integers(0, 40).map(Ordinal)


def _from_parts(parts: list[tuple[Ordinal, int]]) -> Ordinal:
    return Ordinal.from_cnf(parts) if parts else Ordinal(0)


# ordinals below ω^ω^2 (exponents ω·a + b), small coefficients
small_exponents = st.builds(lambda a, b: omega * a + b, st.integers(0, 3), st.integers(0, 4))
ordinals = st.lists(st.tuples(small_exponents, st.integers(1, 5)), max_size=4).map(_from_parts)
# ordinals with ordinal exponents themselves ordinals (towers)
towers = st.lists(st.tuples(ordinals, st.integers(1, 3)), max_size=3).map(_from_parts)

# nim field elements below ω^ω^3 with exponent digits beyond the primes (ω^5, ω^(ω·7), ...)
nim_exponents = st.builds(
    lambda a, b, c: omega**2 * a + omega * b + c,
    st.integers(0, 2),
    st.integers(0, 6),
    st.integers(0, 7),
)
nim_elements = st.lists(st.tuples(nim_exponents, st.integers(1, 20)), max_size=3).map(_from_parts)


# -- ordinal arithmetic against the definition on ω·a + b --------------------------------------


def _pair(o: Ordinal) -> tuple[int, int]:
    a = b = 0
    for e, c in o.cnf:
        if e == 1:
            a = c
        elif e == 0:
            b = c
        else:
            raise AssertionError(o)
    return a, b


@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9), st.integers(0, 9))
def test_sum_and_product_below_omega_squared(a: int, b: int, c: int, d: int) -> None:
    x, y = omega * a + b, omega * c + d
    # (ωa + b) + (ωc + d) = ω(a + c) + d when c > 0, else ωa + (b + d)
    assert _pair(x + y) == ((a + c, d) if c else (a, b + d))
    # (ωa + b)·n = ωa·n + b for a > 0 (n finite), and (ωa + b)·ω = ω^2 when a > 0
    if c == 0:
        assert _pair(x * d) == ((a * d, b) if a and d else (0, b * d) if d else (0, 0))
    # comparison is lexicographic on (a, b)
    assert (x < y) == ((a, b) < (c, d)) and (x == y) == ((a, b) == (c, d))


def test_textbook_identities() -> None:
    assert 1 + omega == omega and omega + 1 != omega
    assert 2 * omega == omega and omega * 2 == omega + omega
    assert (omega + 1) * omega == omega**2
    assert omega * (omega + 1) == omega**2 + omega
    assert omega**omega == Ordinal.parse("ω^ω")
    assert (omega**2) ** omega == omega ** (omega)  # (ω^2)^ω = ω^(2·ω) = ω^ω
    assert (omega + 3) - omega == 3 and (omega * 2 + 1) - (omega + 5) == omega + 1


@given(towers, towers, towers)
def test_ordinal_laws(x: Ordinal, y: Ordinal, z: Ordinal) -> None:
    assert (x + y) + z == x + (y + z)
    assert (x * y) * z == x * (y * z)
    assert x * (y + z) == x * y + x * z  # left distributive only
    assert x + y >= y and x + y >= x
    if y > 0:
        assert x + y > x  # strictly increasing on the right
    if x <= y:
        assert x + (y - x) == y


@given(towers, towers, towers)
def test_natural_arithmetic_laws(x: Ordinal, y: Ordinal, z: Ordinal) -> None:
    assert x.natural_sum(y) == y.natural_sum(x)
    assert x.natural_product(y) == y.natural_product(x)
    assert x.natural_product(y.natural_sum(z)) == x.natural_product(y).natural_sum(
        x.natural_product(z)
    )
    assert x.natural_sum(y) >= x + y or x.natural_sum(y) >= y + x
    if z > 0:
        assert x.natural_sum(z) > x


def test_natural_arithmetic_is_polynomial_arithmetic() -> None:
    # below ω^ω the CNF is a polynomial in ω; natural sum/product are polynomial sum/product
    rng = random.Random(3)
    for _ in range(200):
        p = [rng.randrange(4) for _ in range(3)]
        q = [rng.randrange(4) for _ in range(3)]

        def ordinal(coefficients: list[int]) -> Ordinal:
            return _from_parts([(Ordinal(i), c) for i, c in enumerate(coefficients) if c])

        product = [0] * 5
        for (i, a), (j, b) in itertools.product(enumerate(p), enumerate(q)):
            product[i + j] += a * b
        assert ordinal(p).natural_sum(ordinal(q)) == ordinal(
            [a + b for a, b in zip(p, q, strict=True)]
        )
        assert ordinal(p).natural_product(ordinal(q)) == ordinal(product)


# -- text --------------------------------------------------------------------------------------


@given(towers)
def test_print_parse_round_trip(x: Ordinal) -> None:
    assert Ordinal.parse(str(x)) == x
    assert Ordinal.parse(format(x, "a")) == x
    assert pickle.loads(pickle.dumps(x)) == x


def test_printing() -> None:
    assert str(omega**omega * 2 + 3) == "ω^ω·2 + 3"
    assert str(omega ** (omega + 1)) == "ω^(ω + 1)"
    assert str(omega ** (omega**2)) == "ω^ω^2"
    assert format(omega * 2 + 1, "a") == "w*2 + 1"


@pytest.mark.parametrize(
    ("text", "where"),
    [("", 0), ("ω +", 3), ("(ω", 2), ("ω ) ", 2), ("ω$", 1), ("2 - 3", 2), ("ω/2", 1)],
)
def test_parse_errors(text: str, where: int) -> None:
    with pytest.raises(cgt.ParseError) as info:
        Ordinal.parse(text)
    assert info.value.position == where


def test_bad_input() -> None:
    for bad, error in [
        (-1, cgt.errors.InvalidArgument),
        (1.5, cgt.WrongType),
        (True, cgt.WrongType),
    ]:
        with pytest.raises(error):
            Ordinal(bad)  # type: ignore[arg-type]
    with pytest.raises(cgt.WrongType):
        to_ordinal(None)
    with pytest.raises(cgt.errors.InvalidArgument):
        Ordinal(3) - omega
    with pytest.raises(cgt.errors.InvalidArgument):
        int(omega)
    with pytest.raises(cgt.errors.InvalidArgument):
        Ordinal.from_cnf([(1, -2)])
    with pytest.raises(cgt.WrongType):
        Ordinal.from_cnf(5)
    with pytest.raises(cgt.errors.TooLarge):
        (omega + 1) ** 10**6
    with pytest.raises(cgt.errors.InvalidArgument):
        (omega + 1) ** omega
    with pytest.raises(cgt.errors.InvalidArgument):
        format(omega, "x")
    with pytest.raises(AttributeError):
        omega._terms = ()  # type: ignore[misc]
    for err in (cgt.errors.InvalidArgument("x"), cgt.errors.TooLarge("y")):
        assert str(pickle.loads(pickle.dumps(err))) == str(err)


# -- nim arithmetic -----------------------------------------------------------------------------


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def test_finite_nim_arithmetic_is_the_mex_definition() -> None:
    # a ⊕ b and a ⊗ b by their recursive mex definitions, for a, b < 16
    add: dict[tuple[int, int], int] = {}
    mul: dict[tuple[int, int], int] = {}
    for a in range(16):
        for b in range(16):
            add[a, b] = _mex({add[x, b] for x in range(a)} | {add[a, y] for y in range(b)})
    for a in range(16):
        for b in range(16):
            mul[a, b] = _mex(
                {add[add[mul[x, b], mul[a, y]], mul[x, y]] for x in range(a) for y in range(b)}
            )
    for a in range(16):
        for b in range(16):
            assert Ordinal(a).nim_sum(b) == add[a, b]
            assert Ordinal(a).nim_product(b) == mul[a, b]
            assert Ordinal(a).nim_product(b) == cgt.impartial.nim_product(a, b)


@given(st.integers(0, 2**70), st.integers(0, 2**70))
def test_finite_nim_product_is_the_library_s(a: int, b: int) -> None:
    assert Ordinal(a).nim_product(b) == cgt.impartial.nim_product(a, b)
    assert Ordinal(a).nim_sum(b) == a ^ b


def test_small_transfinite_products_by_the_mex_argument() -> None:
    # ω ⊗ n: the options ω⊗n' ⊕ a'⊗(n ⊕ n') (a' < ω, n' < n) cover exactly ω·n' + f for all
    # n' < n and finite f (a' ↦ a'⊗(n ⊕ n') is onto the finite ordinals), so the mex is ω·n.
    for n in range(1, 40):
        assert omega.nim_product(n) == omega * n
    # ω ⊗ ω: the options ω⊗(a' ⊕ b') ⊕ a'⊗b' are every ω·c + d, since x² + c·x + d always
    # has a root below ω (ω is quadratically closed), so the mex is ω^2.
    assert omega.nim_product(omega) == omega**2


def test_published_values() -> None:
    # ONAG ch. 6: ω is the cube root of 2, ω^ω the fifth root of 4, ω^ω^2 the 7th root of ω + 1
    assert nim_power(omega, 3) == 2
    assert nim_power(omega**omega, 5) == 4
    assert nim_power(omega ** (omega**2), 7) == omega + 1
    # Lenstra's excess, OEIS A380496 (first terms)
    a380496 = [0, 0, 1, 1, 0, 0, 4, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1]
    assert [excess(p) for p in odd_primes()[: len(a380496)]] == a380496
    # α_p = κ_f(p) + m_p; f(p) = the order of 2 mod p; κ_q for the prime powers q of CGSuite's
    # Q-sets: α_11 = κ_5 + 1, α_13 = κ_4 + κ_3, α_17 = κ_8, α_23 = κ_11 + 1 = ω^ω^3 + 1
    assert alpha(11) == omega**omega + 1
    assert alpha(13) == omega + 4
    assert alpha(17) == 16
    assert alpha(19) == omega**3 + 4
    assert alpha(23) == omega ** (omega**3) + 1
    for k, p in enumerate(odd_primes()[:6]):  # the defining property κ_p^p = α_p
        assert nim_power(omega ** (omega**k), p) == alpha(p)
        assert alpha(p) < omega ** (omega**k)
    assert nim_power(kappa(9), 3) == kappa(3) and nim_power(kappa(25), 5) == kappa(5)


def _order_divides(x: Ordinal, n: int) -> bool:
    return nim_power(x, n) == 1


def test_the_field_of_64_elements_exhaustively() -> None:
    # F_4(ω): ω^2·c2 + ω·c1 + c0 with c < 4 is the field of 64 elements (ω^3 = 2)
    elements = [omega**2 * a + omega * b + c for a in range(4) for b in range(4) for c in range(4)]
    as_set = set(elements)
    for x in elements:
        for y in elements:
            assert x.nim_product(y) in as_set and x.nim_sum(y) in as_set
        if x:
            assert _order_divides(x, 63)
            assert sum(1 for y in elements if x.nim_product(y) == 1) == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("exponents", "coefficient_bound", "size_log2"),
    [
        ([omega * i for i in range(5)], 16, 20),  # F_16(ω^ω), ω^ω of degree 5: 2^20
        ([omega * i + j for i in range(5) for j in range(3)], 16, 60),  # with ω too: 2^60
        ([omega**2 * k + j for k in range(7) for j in range(3)], 4, 42),  # F_64(ω^ω^2): 2^42
    ],
)
def test_finite_subfields_by_fermat(
    exponents: list[Ordinal], coefficient_bound: int, size_log2: int
) -> None:
    rng = random.Random(size_log2)
    for _ in range(3):
        x = _from_parts([(e, c) for e in exponents if (c := rng.randrange(coefficient_bound))])
        if not x:
            continue
        assert nim_power(x, 2**size_log2) == x  # Frobenius fixes the field
        assert _order_divides(x, 2**size_log2 - 1)
        inverse = nim_power(x, 2**size_log2 - 2)
        assert x.nim_product(inverse) == 1


@settings(max_examples=60, deadline=None)
@given(nim_elements, nim_elements, nim_elements)
def test_nim_field_laws(x: Ordinal, y: Ordinal, z: Ordinal) -> None:
    assert x.nim_product(y) == y.nim_product(x)
    assert x.nim_product(y).nim_product(z) == x.nim_product(y.nim_product(z))
    assert x.nim_product(y.nim_sum(z)) == x.nim_product(y).nim_sum(x.nim_product(z))
    assert x.nim_sum(y).nim_sum(z) == x.nim_sum(y.nim_sum(z)) and x.nim_sum(x) == 0
    assert x.nim_product(1) == x and (x.nim_product(y) == 0) == (x == 0 or y == 0)


def test_nim_product_bounds() -> None:
    with pytest.raises(cgt.errors.InvalidArgument):
        (omega ** (omega**omega)).nim_product(2)
    with pytest.raises(cgt.errors.TooLarge):
        (omega ** (omega**60)).nim_product(omega)
    with pytest.raises(cgt.errors.InvalidArgument):
        alpha(9)
    with pytest.raises(cgt.errors.InvalidArgument):
        kappa(12)
    with pytest.raises(cgt.errors.InvalidArgument):
        nim_power(omega, -1)
    # nim sums are defined for every ordinal below epsilon_0
    big = omega ** (omega**omega) * 3
    assert big.nim_sum(big) == 0 and big.nim_sum(1) == big + 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("x", "size_log2"),
    [
        # κ_11 = ω^ω^3 over F_2(ω^ω) (degree 20), α_11 = ω^ω + 1 (Lenstra): a field of 2^220
        (omega ** (omega**3) * 3 + omega**omega + 1, 220),
        # κ_13 = ω^ω^4 over F_2(ω, 4) (degree 12), α_13 = ω + 4: a field of 2^156
        (omega ** (omega**4 * 2 + 1) + omega * 5 + 3, 156),
    ],
)
def test_lenstra_fields_by_fermat(x: Ordinal, size_log2: int) -> None:
    # with a wrong α_p the ring would not be the field of 2^n elements and Frobenius^n
    # would move x
    assert nim_power(x, 2**size_log2) == x
    assert x.nim_product(nim_power(x, 2**size_log2 - 2)) == 1


def test_deep_towers_and_texts_raise_cgt_errors() -> None:
    x = omega
    for _ in range(57):
        x = omega ** (x + 1)
    assert Ordinal.parse(str(x)) == x and x > omega  # height 59: still handled
    with pytest.raises(cgt.TooLarge, match="nest"):
        omega ** (omega ** (omega**x))
    for text in ("(" * 500 + "1" + ")" * 500, "w^" * 500 + "1"):
        with pytest.raises(cgt.ParseError, match="nested"):
            Ordinal.parse(text)


# -- interning: one object per value, by every route and in every thread ----------------------


def _by_arithmetic(x: Ordinal) -> Ordinal:
    """``x`` rebuilt from ``omega``, ints, ``**``, ``*`` and ``+`` (no from_cnf, no parse)."""
    total = Ordinal(0)
    for exponent, coefficient in x.cnf:
        total = total + omega ** _by_arithmetic(exponent) * coefficient
    return total


def test_equal_ordinals_are_one_object_by_every_route() -> None:
    big = 10**30 + 7  # beyond the small ordinals kept alive
    routes = [
        Ordinal(big),
        Ordinal(Ordinal(big)),
        Ordinal.parse(str(big)),
        Ordinal.from_cnf([(0, big - 7), (0, 7)]),
        Ordinal(10**15) * 10**15 + 7,
        to_ordinal(big),
        pickle.loads(pickle.dumps(Ordinal(big))),
    ]
    assert all(r is routes[0] for r in routes) and routes[0] == big and hash(routes[0]) == hash(big)
    x = omega ** (omega + 1) * 3 + omega**2 + 5
    others = [
        Ordinal.parse("ω^(ω+1)·3 + ω^2 + 5"),
        Ordinal.parse("w^(w+1)*3 + w^2 + 5"),
        Ordinal.from_cnf([(0, 5), (2, 1), (omega + 1, 2), (Ordinal.parse("ω+1"), 1)]),
        (omega ** (omega + 1) * 3 + omega**2 + 5) - 0 + Ordinal(0),
        (omega**2 + 5).natural_sum(omega ** (omega + 1) * 3),
        (omega ** (omega + 1) * 3).nim_sum(omega**2 + 5),
        (omega ** (omega + 1) * 2 + omega**2 + 5).nim_sum(omega ** (omega + 1)),  # 2 xor 1
        Ordinal.parse("ω^(ω+1)·3 + ω^2 + 5") - omega**2 * 7,  # left subtraction
        (omega + 1) * 0 + omega ** (omega + 1) * 3 + (omega**2 + 5),
        _by_arithmetic(x),
        copy.copy(x),
        copy.deepcopy(x),
        pickle.loads(pickle.dumps(x, protocol=0)),
        pickle.loads(pickle.dumps([x, x]))[1],
    ]
    for y in others:
        assert y is x, y
    # the exponents inside are the interned ordinals too
    assert x.cnf[0][0] is omega + 1 and x.cnf[1][0] is Ordinal(2) and x.cnf[2][0] is Ordinal(0)
    assert (omega**omega).nim_product(omega**omega) is nim_power(omega**omega, 2)


def test_ordinal_interning_keeps_ints_and_surreals_apart() -> None:
    from cgt.surreal import Surreal

    three, w2 = Ordinal(3), omega * 2
    assert three == 3 and hash(three) == hash(3) and not isinstance(three, int)
    assert Surreal(w2) == w2 and hash(Surreal(w2)) == hash(w2) and not isinstance(w2, Surreal)
    assert Surreal(w2) is Surreal("ω·2") and Ordinal(three) is three


def test_unused_ordinals_are_not_kept() -> None:
    x = omega ** (omega * 7 + 3) * (10**40 + 1) + 12345  # made by this test only
    ref = weakref.ref(x)
    del x
    gc.collect()
    assert ref() is None  # held weakly: the table does not keep values alive
    y = omega ** (omega * 7 + 3) * (10**40 + 1) + 12345
    assert y == Ordinal.parse(f"ω^(ω·7 + 3)·{10**40 + 1} + 12345") and y is Ordinal.parse(str(y))


@settings(max_examples=120, deadline=None)
@given(towers, towers)
def test_interning_by_hypothesis(x: Ordinal, y: Ordinal) -> None:
    for same in (
        Ordinal.parse(str(x)),
        Ordinal.parse(format(x, "a")),
        Ordinal.from_cnf(list(reversed(x.cnf))),
        _by_arithmetic(x),
        pickle.loads(pickle.dumps(x)),
        x + 0,
        x.natural_sum(0),
        x.nim_sum(y).nim_sum(y),
    ):
        assert same is x
    assert x.natural_sum(y) is y.natural_sum(x) and x.natural_product(y) is y.natural_product(x)
    assert x.nim_sum(y) is y.nim_sum(x)
    if y <= x:
        assert y + (x - y) is x
    assert (x is y) == (x == y) and (x is y) == (x.cnf == y.cnf)


def _pickle_in_a_new_process(values: list[object], texts: list[str], module: str) -> str:
    """Whether ``values``, unpickled in a new Python, are the objects ``kind.parse`` gives there."""
    kind = "Ordinal" if module == "cgt.ordinal" else "Surreal"
    script = (
        "import pickle, sys\n"
        f"from {module} import *\n"
        "values = pickle.loads(sys.stdin.buffer.read())\n"
        f"texts = {texts!r}\n"
        f"parsed = [{kind}.parse(t) for t in texts]\n"
        "print(all(v is p for v, p in zip(values, parsed, strict=True)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=pickle.dumps(values),
        capture_output=True,
        check=True,
    )
    return done.stdout.decode().strip()


def test_unpickled_ordinals_are_interned_in_a_new_process() -> None:
    values: list[object] = [omega ** (omega + 1) * 3 + 5, Ordinal(10**30), Ordinal(0), omega]
    assert _pickle_in_a_new_process(values, [str(v) for v in values], "cgt.ordinal") == "True"


def _built_at_once_by_8_threads(routes: list[Callable[[int], object]]) -> list[object]:
    """Every thread calls every route (thread ``t`` the ``i``-th with its ``(i + t) % 3``-th
    way, given as the argument), all starting together and switching as often as Python
    can; the results must be the same objects in every thread.  Returns thread 0's."""
    barrier = threading.Barrier(8)

    def build(thread: int) -> list[object]:
        barrier.wait()
        return [route((i + thread) % 3) for i, route in enumerate(routes)]

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(8) as pool:
            runs = list(pool.map(build, range(8)))
    finally:
        sys.setswitchinterval(old)
    for run in runs[1:]:
        assert all(a is b for a, b in zip(runs[0], run, strict=True))
    return runs[0]


@pytest.mark.parametrize("round_", range(8))
def test_threads_get_the_same_ordinals(round_: int) -> None:
    # values nothing else holds, built at once by 8 threads, each by another route
    big = 10**25 + 1000 * round_
    texts = [f"w^(w·{i % 5} + {i % 3})·{big + i} + w^{i % 4 + 1}·{i + 1} + {i}" for i in range(150)]
    forms = [Ordinal.parse(t).cnf for t in texts]  # parsed, then dropped: not kept alive

    def route(text: str, form: tuple[tuple[Ordinal, int], ...]) -> Callable[[int], object]:
        ways: list[Callable[[], Ordinal]] = [
            lambda: Ordinal.parse(text),
            lambda: Ordinal.from_cnf(list(form)),
            lambda: _by_arithmetic(Ordinal.from_cnf(form)),
        ]
        return lambda way: ways[way]()

    built = _built_at_once_by_8_threads([route(t, f) for t, f in zip(texts, forms, strict=True)])
    assert [x.cnf for x in built if isinstance(x, Ordinal)] == forms
