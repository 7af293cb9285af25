"""SEEDS.md 002 (Polish survey): the algebra of partizan games.

Each test restates one claim of the survey and checks it by computation.
"""

from __future__ import annotations

import cgt
from cgt import Relation, parse


def test_dominated_options_may_be_dropped() -> None:
    # "{-2,1,3|0,1,5} = {3|0}"
    g = parse("{-2,1,3|0,1,5}")
    assert g is parse("{3|0}")
    assert g.left_options == (cgt.number(3),) and g.right_options == (cgt.zero,)


def test_simplicity_theorem_examples() -> None:
    # {9/16|15/16} = 3/4, {-2|5} = 0, {1|4} = 2, {3/4 | 27/8*} = 1, {-25/32|-15/32} = -1/2
    assert parse("{9/16|15/16}") is cgt.number("3/4")
    assert parse("{-2|5}") is cgt.zero
    assert parse("{1|4}") is cgt.number(2)
    assert parse("{3/4|27/8*}") is cgt.number(1)
    assert parse("{-25/32|-15/32}") is cgt.number("-1/2")


def test_small_values() -> None:
    # * = {0|0}; {0|1} = 1/2; x* = {x|x}; 1x2 strip {|0} = -1
    assert parse("{0|0}") is cgt.star
    assert parse("{0|1}") is cgt.number("1/2")
    for x in ("1", "-3/4", "5/8"):
        assert parse(f"{{{x}|{x}}}") is cgt.number(x) + cgt.star
    assert parse("{|0}") is cgt.number(-1)


def test_plus_minus_one_is_not_star() -> None:
    # The 2x2 Domineering square {1|-1} = +-1 "is not *".
    pm = parse("{1|-1}")
    assert pm is not cgt.star
    assert pm.compare(cgt.star) is Relation.CONFUSED
    assert (pm - cgt.star).outcome() is cgt.Outcome.N


def test_switches() -> None:
    # {a|-b} switches such as {0|-1} and {1/2|-2} are hot: confused with numbers in between.
    for text in ("{0|-1}", "{1/2|-2}"):
        g = parse(text)
        assert not g.is_number
        assert g.fuzzy(g.right_stop()) and g.left_stop() > g.right_stop()


def test_up_is_positive_but_below_every_positive_number() -> None:
    up = parse("{0|*}")
    assert up is cgt.up and up > 0
    for k in range(0, 40):
        assert up < cgt.number(cgt.Dyadic(1, 2**k))
    assert parse("{*|0}") is cgt.down and cgt.down == -up
    assert 2 * up is parse("^^") and 5 * up > 4 * up


def test_other_infinitesimals_exist() -> None:
    # {^|^}, {0|^} and {0,*|0,*} are games too.
    assert parse("{^|^}") is cgt.up + cgt.up + cgt.star
    assert parse("{0|^}") is cgt.up + cgt.up + cgt.star
    assert parse("{0,*|0,*}") is cgt.nimber(2)
    assert all(parse(s).is_infinitesimal for s in ("{^|^}", "{0|^}", "{0,*|0,*}"))


def test_sum_example_is_star() -> None:
    # 0 + * + (-1) + 1/2 + 1/2 = *, a first-player win.
    g = cgt.zero + cgt.star + cgt.number(-1) + cgt.number("1/2") + cgt.number("1/2")
    assert g is cgt.star
    assert parse("0 + * - 1 + 1/2 + 1/2").outcome() is cgt.Outcome.N
