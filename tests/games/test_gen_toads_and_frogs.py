"""Generalised Toads and Frogs (cgt.games.gen_toads_and_frogs) against a brute force here.

The brute force reads CGSuite's definition of ``GenToadsAndFrogs`` afresh and
values the whole strip from its own move list (no trimming, no keys, no
solver).  Published values, from CGSuite's test suite
(``GameStripTest.scala``, "define Toads and Frogs properly"):

* ``GenToadsAndFrogs(maxJump => 2)("tttt..fff")`` = ``{1/2*|v}``
* ``ElephantsAndRhinos("tttt..fff")`` = ``1`` (``GenToadsAndFrogs(maxJump => 0)``)
* ``ToadsAndFrogs("ttttt..fffff")`` = the long value below (``GenToadsAndFrogs()``)
"""

from __future__ import annotations

import pickle
import random
from functools import cache
from typing import Any

import pytest

import cgt
from cgt.cli import RULESETS
from cgt.errors import CGTError, InvalidArgument, InvalidPosition
from cgt.games import ElephantsAndRhinos, ToadsAndFrogs
from cgt.games.gen_toads_and_frogs import ToadsAndFrogsVariant, gen_toads_and_frogs, read_variant
from cgt.games.registry import info

Rules = tuple[int, int, int, bool]


def rules_of(cls: type[ToadsAndFrogsVariant]) -> Rules:
    return (cls.min_slide, cls.max_slide, cls.max_jump, cls.allow_friendly_jump)


@cache
def brute(rules: Rules, strip: str) -> cgt.Game:
    """The value of a whole strip under ``rules`` = (min slide, max slide, max jump, friendly)."""
    low, high, most, friendly = rules

    def moves(me: str, them: str, sign: int) -> list[str]:
        out = []
        for i, ch in enumerate(strip):
            if ch != me:
                continue
            targets = []
            for k in range(low, high + 1):  # a slide of k squares: all of them empty
                if all(
                    0 <= i + m * sign < len(strip) and strip[i + m * sign] == "."
                    for m in range(1, k + 1)
                ):
                    targets.append(i + k * sign)
            for k in range(1, most + 1):  # a jump over k creatures, landing just after
                run = [i + m * sign for m in range(1, k + 1)]
                land = i + (k + 1) * sign
                if (
                    all(
                        0 <= j < len(strip) and strip[j] in ((them, me) if friendly else (them,))
                        for j in run
                    )
                    and 0 <= land < len(strip)
                    and strip[land] == "."
                ):
                    targets.append(land)
            for j in targets:
                cells = list(strip)
                cells[i], cells[j] = ".", me
                out.append("".join(cells))
        return out

    return cgt.Game(
        [brute(rules, s) for s in moves("t", "f", 1)],
        [brute(rules, s) for s in moves("f", "t", -1)],
    )


def random_strip(rng: random.Random, n: int) -> str:
    return "".join(rng.choices("tf.", weights=[2, 2, 3], k=n))


def test_random_rules_agree_with_the_brute_force() -> None:
    rng = random.Random(29)
    for _ in range(60):
        rules = (rng.randint(1, 2), rng.randint(0, 3), rng.randint(0, 3), rng.random() < 0.5)
        cls = gen_toads_and_frogs(*rules)
        for _ in range(6):
            strip = random_strip(rng, rng.randint(1, 8))
            assert cls(strip).value() == brute(rules, strip), (rules, strip)


def test_cgsuite_published_values() -> None:
    assert gen_toads_and_frogs(max_jump=2)("tttt..fff").value() == cgt.parse("{1/2*|v}")
    assert gen_toads_and_frogs(max_jump=0)("tttt..fff").value() == 1
    assert ElephantsAndRhinos("eeee..rrr").value() == 1
    published = (
        "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}"
        "|||v<2>|-1/2||-1*}|||0}}"
    )
    assert ToadsAndFrogsVariant("ttttt..fffff").value() == cgt.parse(published)
    assert brute((1, 1, 2, False), "tttt..fff") == cgt.parse("{1/2*|v}")


def test_the_defaults_are_toads_and_frogs_and_no_jumps_elephants_and_rhinos() -> None:
    rng = random.Random(4)
    no_jumps = gen_toads_and_frogs(max_jump=0)
    assert gen_toads_and_frogs() is ToadsAndFrogsVariant
    for _ in range(150):
        strip = random_strip(rng, rng.randint(1, 10))
        assert ToadsAndFrogsVariant(strip).value() == ToadsAndFrogs(strip).value(), strip
        er = strip.replace("t", "e").replace("f", "r")
        assert no_jumps(strip).value() == ElephantsAndRhinos(er).value(), strip


def test_mirror_image_is_the_negative() -> None:
    rng = random.Random(8)
    swap = str.maketrans("tf", "ft")
    for _ in range(60):
        rules = (rng.randint(1, 2), rng.randint(1, 3), rng.randint(0, 2), rng.random() < 0.5)
        cls = gen_toads_and_frogs(*rules)
        strip = random_strip(rng, rng.randint(1, 8))
        assert cls(strip[::-1].translate(swap)).value() == -cls(strip).value(), (rules, strip)


def test_moves_and_trimming() -> None:
    g = gen_toads_and_frogs(max_slide=3, allow_friendly_jump=True)("tt..f")
    said = [g.describe_move(o) for o in g.left_options()]
    assert said == ["t at 0 jumps to 2", "t at 1 slides to 2", "t at 1 slides to 3"]
    assert g.describe_move(gen_toads_and_frogs()("tt..f")) is None  # another ruleset
    assert gen_toads_and_frogs(max_slide=2)("..t..").components() == [
        gen_toads_and_frogs(max_slide=2)("t..")
    ]
    assert gen_toads_and_frogs(max_slide=2)("....").components() == []
    # slides of 2 or 3 only: a toad one square from the end is stuck
    h = gen_toads_and_frogs(min_slide=2, max_slide=3)
    assert h("t.").left_options() == [] and h("t..").left_options() == [h("..t")]


def test_bad_input_raises_cgt_errors() -> None:
    bad: list[dict[str, Any]] = [
        {"min_slide": 0},
        {"min_slide": -1},
        {"max_slide": -1},
        {"max_jump": -2},
        {"max_jump": 1.5},
        {"max_slide": True},
        {"allow_friendly_jump": 1},
    ]
    for kwargs in bad:
        with pytest.raises(InvalidArgument) as caught:
            gen_toads_and_frogs(**kwargs)
        assert "gen_toads_and_frogs()" in str(caught.value)
        assert isinstance(pickle.loads(pickle.dumps(caught.value)), CGTError)
    for text in ("t.f max_jump", "t.f speed=2", "t.f max_jump=two", "t.f min_slide=0"):
        with pytest.raises(InvalidArgument):
            read_variant(text)
    with pytest.raises(InvalidPosition, match="column 1"):
        gen_toads_and_frogs(max_jump=2)("tx")


def test_pickles_and_reads_from_text() -> None:
    cls = gen_toads_and_frogs(max_slide=2, max_jump=3)
    p = cls("tt..ff")
    assert pickle.loads(pickle.dumps(cls)) is cls
    assert pickle.loads(pickle.dumps(p)) == p
    assert repr(p) == "gen_toads_and_frogs(max_slide=2, max_jump=3)('tt..ff')"
    assert read_variant("tt..ff max_slide=2 max_jump=3") == p
    assert read_variant("tt..ff") == ToadsAndFrogsVariant("tt..ff")
    assert read_variant("t.f allow_friendly_jump=TRUE").allow_friendly_jump is True


def test_the_registry_and_the_command_line_know_it() -> None:
    r = info(ToadsAndFrogsVariant)
    assert (r.name, r.kind, r.cli, r.docs) == (
        "GenToadsAndFrogs",
        "partizan",
        "gen-toads-and-frogs",
        "strips",
    )
    assert RULESETS["gen-toads-and-frogs"].make("tttt..fff max_jump=2").value() == cgt.parse(
        "{1/2*|v}"
    )
    for sample in r.all_samples():
        assert sample.value() == brute(rules_of(type(sample)), sample.strip)
