"""The fast parsing paths read exactly what the reference parser reads.

``cgt.parse`` first tries a fast path (braces, commas, single bars and simple
literals; compiled when the ``parse`` kernel is built) and hands every other
text -- and every error -- to the reference recursive-descent parser.  These
tests compare the two on thousands of seeded random texts, well formed and
malformed: the same game object, or the same error at the same position.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import cgt
from cgt import notation
from cgt.errors import CGTError
from cgt.game import Game
from cgt.kernels import kernel

_ATOMS = [
    "0", "*", "1", "-1", "1/2", "^", "v", "*2", "3/4", "^*", "2", "-3/8", "vv*", "^3",
    "1.25", "+-1", "1+*", "-2^*3", " 5 ", "v*", "1 / 2", "^^^", "-1v", "3+-1", "+1",
]  # fmt: skip
_BAD_ATOMS = ["1/3", "-", "", "pass", "2*", "(1", "^<2>"]
# digits only 0 and 1: a mutation must not make a nimber with thousands of options
_NOISE = [*"{}|,*^v-+/01 ()<>.", "||", "|||", "+-", "\t"]


def _form(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.2:
        return rng.choice(_BAD_ATOMS if rng.random() < 0.01 else _ATOMS)
    sides = [",".join(_form(rng, depth - 1) for _ in range(rng.randint(0, 3))) for _ in range(2)]
    bar = "|" if rng.random() < 0.98 else rng.choice(["||", ""])
    space = " " if rng.random() < 0.1 else ""
    return "{" + space + sides[0] + bar + sides[1] + space + "}"


def _mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 3)):
        i = rng.randint(0, len(text))
        roll = rng.random()
        if roll < 0.4 and text:  # delete a character
            text = text[:i] + text[i + 1 :]
        elif roll < 0.8:  # insert one
            text = text[:i] + rng.choice(_NOISE) + text[i:]
        else:  # swap two
            j = rng.randint(0, len(text))
            a, b = sorted((i, j))
            text = text[:a] + text[b:] + text[a:b]
    return text


def _texts(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        t = _form(rng, rng.randint(1, 3))
        if rng.random() < 0.5:
            t = _mutate(rng, t)
        texts.append(t)
    return texts


TEXTS = _texts(2500, seed=17)


def _outcome(read: Callable[[str], object], text: str) -> tuple[str, object]:
    try:
        return "game", read(text)
    except CGTError as exc:
        return type(exc).__name__, str(exc)


def _reference(text: str) -> object:
    return notation._Parser(text).parse_all()


def test_the_texts_exercise_both_paths() -> None:
    fast = sum(notation._fast_parse(t) is not None for t in TEXTS)
    errors = sum(_outcome(_reference, t)[0] != "game" for t in TEXTS)
    assert fast >= 800 and errors >= 800, (fast, errors)


def test_fast_path_builds_the_reference_game() -> None:
    cgt.clear_caches()
    for text in TEXTS:
        g = notation._fast_parse(text)
        if g is not None:
            assert g is _reference(text), text


def test_python_fast_path_with_and_without_groups() -> None:
    # the pure-Python path reads an innermost {..} as one token, remembered by
    # its text; token by token it must read the same
    cgt.clear_caches()
    for text in TEXTS + TEXTS:  # the second time from the memos
        g = notation._fast_parse_python(text)
        assert g is notation._fast_parse_python(text, group=False), text
        if g is not None:
            assert g is _reference(text), text


def test_parse_gives_the_reference_game_or_error() -> None:
    cgt.clear_caches()
    for text in TEXTS:
        notation._parsed.clear()
        assert _outcome(notation._parse, text) == _outcome(_reference, text), text


def test_fast_path_memos_do_not_change_results() -> None:
    # warm memos (and options in another order) give the same objects
    cgt.clear_caches()
    first = [_outcome(notation._parse, t) for t in TEXTS]
    notation._parsed.clear()
    second = [_outcome(notation._parse, t) for t in reversed(TEXTS)]
    assert first == second[::-1]
    assert notation._fast_parse("{1/2, 0 | *, ^}") is notation._fast_parse("{0,1/2,0|^,*}")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{1|*3", "missing '}' to close the '{'"),
        ("{1,|0}", "missing option before this separator"),
        ("{1|2|3}", "ambiguous: '|' appears twice at the same level"),
        ("{1|0}}", "unexpected '}'"),
        ("{1/3|0}", "1/3"),
        ("{*65537|0}", "but not as an option"),
        ("{1}", "a game needs a '|' between Left's and Right's options"),
    ],
)
def test_errors_come_from_the_reference_parser(text: str, message: str) -> None:
    assert notation._fast_parse(text) is None
    with pytest.raises(cgt.ParseError) as info:
        cgt.parse(text)
    assert message in str(info.value)
    assert _outcome(cgt.parse, text) == _outcome(_reference, text)


def test_results_are_games_of_the_right_value() -> None:
    # independent check: options built by hand, not by any parser
    half, star, up = cgt.number(cgt.Dyadic(1, 2)), cgt.star, cgt.up
    assert notation._fast_parse("{0|1}") is half
    assert notation._fast_parse("{0,*|0,*}") is cgt.nimber(2)
    assert notation._fast_parse("{0|*}") is up
    assert notation._fast_parse("{ {1|0} | 1/2 }") is Game([Game([1], [0])], [half])
    assert notation._fast_parse("{^*,1/2|*}") is Game([up + star, half], [star])


_scan = kernel("parse")


@pytest.mark.skipif(_scan is None, reason="the parse kernel is not built")
def test_kernel_and_python_fast_paths_agree() -> None:
    assert _scan is not None
    cgt.clear_caches()
    for text in TEXTS:
        py = notation._fast_parse_python(text)
        c = notation._fast_parse(text)
        assert (py is None) == (c is None), text
        assert py is None or py is c, text


def test_deep_and_long_texts() -> None:
    from cgt._deep import deep

    reference = deep(_reference)
    nested = "".join(f"{{{n}|" for n in range(2000, 0, -1)) + "0" + "}" * 2000
    g = notation._fast_parse(nested)
    assert g is not None and g is reference(nested) and g.birthday() == 2001
    assert notation._fast_parse_python(nested) is g
    # a long innermost form is read every time, not remembered by its text
    wide = "{" + ",".join(["1/2", "*"] * 100) + "|0}"
    cgt.clear_caches()
    assert (
        notation._fast_parse_python(wide)
        is reference(wide)
        is Game([cgt.number("1/2"), cgt.star], [0])
    )
    assert wide not in notation._inner
