"""Readers registered with cgt.parse: each module registers its own when imported.

The dispatch is checked against the rule cgt.parse followed before the registry
(written out here): a text with ``&`` is a sided value, a text with a loopy word
or a name before braces is loopy, anything else is a short game.
"""

from __future__ import annotations

import pickle
import re

import pytest

import cgt
from cgt.errors import InvalidArgument, ParseError
from cgt.impartial.misere_canonical import parse_misere
from cgt.loopy import parse_loopy, parse_sided
from cgt.notation import _parse_short, reader, readers, register_reader

LOOPY_WORDS = {"pass", "on", "off", "over", "under", "dud", "upon"}


def old_rule(text: str) -> str:
    """Which reader the former switch in cgt.parse chose for ``text``."""
    if "&" in text:
        return "sided"
    words = list(re.finditer(r"[A-Za-z_]+", text))
    for m in words:
        if m.group() in LOOPY_WORDS:
            return "loopy"
        if m.group().lower() in ("tiny", "miny") or set(m.group()) == {"v"}:
            continue
        if text[m.end() :].lstrip().startswith("{"):
            return "loopy"
    return "short"


TEXTS = [
    "{1|-1}",
    "^^*",
    "v3",
    "Tiny(1)",
    "{0|pass}",
    "a{0|a}",
    "a {0|a}",
    "on + off",
    "on & off",
    "{on||0|-1/2} & {1/2|0||off}",
    "upon",
    "5over",
    "vv + 1/2",
    "{3||2|1}",
    "over + *",
    "Miny({2|1})",
]


@pytest.mark.parametrize("text", TEXTS)
def test_parse_goes_to_the_reader_the_old_switch_chose(text: str) -> None:
    chosen = old_rule(text)
    direct = {"sided": parse_sided, "loopy": parse_loopy, "short": _parse_short}[chosen](text)
    assert cgt.parse(text) == direct
    claimed = [r.name for r in readers() if r.claims is not None and r.claims(text)]
    assert (claimed[0] if claimed else "short") == chosen
    assert reader(chosen).read(text) == direct


@pytest.mark.parametrize("text", ["{1|*3", "{0|pass", "on & off & on", "foo", "a{0|b}", "1 &"])
def test_errors_are_those_of_the_reader_the_old_switch_chose(text: str) -> None:
    chosen = old_rule(text)
    direct = {"sided": parse_sided, "loopy": parse_loopy, "short": _parse_short}[chosen]
    with pytest.raises(cgt.CGTError) as expected:
        direct(text)
    with pytest.raises(type(expected.value)) as got:
        cgt.parse(text)
    assert str(got.value) == str(expected.value)


def test_the_readers_and_their_order() -> None:
    names = [r.name for r in readers()]
    assert names == ["sided", "loopy", "misere", "short"]
    assert reader("misere").read is parse_misere and reader("misere").claims is None
    assert reader("misere").read("*[2#0]") == parse_misere("*[2#0]")
    with pytest.raises(ParseError):  # cgt.parse never hands a text to the misère reader
        cgt.parse("*[2#0]")


def test_a_registered_reader_is_asked_first_by_priority_and_can_be_dropped() -> None:
    from cgt.notation import _unregister

    seen: list[str] = []

    def read(text: str) -> cgt.Game:
        seen.append(text)
        return cgt.nimber(len(text))

    register_reader("stars", read, lambda t: t.startswith("#"), priority=5)
    try:
        assert cgt.parse("###") == cgt.nimber(3) and seen == ["###"]
        assert [r.name for r in readers()][:3] == ["stars", "sided", "loopy"]
        assert cgt.parse("{1|0}") == cgt.Game([1], [0])  # not claimed: short
    finally:
        _unregister("stars")
    with pytest.raises(ParseError):
        cgt.parse("###")
    assert "stars" not in [r.name for r in readers()]


def test_bad_reader_names() -> None:
    for name in ("", "short", 3):
        with pytest.raises(InvalidArgument, match="a reader's name"):
            register_reader(name, str)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="no reader of game text is registered as 'chess'"):
        reader("chess")
    err = InvalidArgument("x")
    assert pickle.loads(pickle.dumps(err)).args == ("x",)
