"""Differential tests against the peer libraries (skipped when absent).

cgt-py (``cgt_py``): temperature, thermograph, reduced canonical form, cooling
and stops on more than 1000 generated games.  pycgt: heating and overheating.
Games are sent to the peers as explicit nested braces over numbers (no
shorthand), and read back with :func:`cgt.parse`.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import cgt
from cgt import Dyadic, Game
from cgt.canonical import _options

cgt_py = pytest.importorskip("cgt_py")

_BASE = [cgt.parse(s) for s in ["0", "1", "-1", "1/2", "-1/2", "2", "-2", "*", "3/4"]]
_TRAJECTORY = re.compile(r"Trajectory\(([^,]+), \[([^\]]*)\], \[([^\]]*)\]\)")


def _explicit(g: Game, memo: dict[Game, str]) -> str:
    """Slash-free, shorthand-free braces: only numbers and {L|R}."""
    if g.is_number:
        return str(g.to_dyadic())
    text = memo.get(g)
    if text is None:
        left, right = _options(g)
        text = (
            "{"
            + ",".join(_explicit(o, memo) for o in left)
            + "|"
            + ",".join(_explicit(o, memo) for o in right)
            + "}"
        )
        memo[g] = text
    return text


def _generated_games(count: int, seed: int) -> list[Game]:
    """Layered pools: each layer adds random {L|R} over the games so far."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        pool = list(_BASE)
        for size in (12, 40, 200):
            new = []
            for _ in range(size):
                left = rng.sample(pool, min(rng.randint(1, 3), len(pool)))
                right = rng.sample(pool, min(rng.randint(1, 3), len(pool)))
                new.append(Game(left, right))
            pool = list(dict.fromkeys(pool + new))
        out = list(dict.fromkeys(out + pool))
    return out


GAMES = _generated_games(1100, seed=7)


def _game(peer: Any) -> Game:
    m = re.fullmatch(r"CanonicalForm\('(.*)'\)", repr(peer))
    assert m is not None, repr(peer)
    return cgt.parse(m.group(1))


def _number(peer: Any) -> Dyadic:
    m = re.fullmatch(r"DyadicRationalNumber\('(.*)'\)", repr(peer))
    assert m is not None, repr(peer)
    return Dyadic(m.group(1))


def _thermograph(peer: Any) -> str:
    walls = [
        f"{mast},[{crit.replace(' ', '')}],[{slopes.replace(' ', '')}]"
        for mast, crit, slopes in _TRAJECTORY.findall(repr(peer))
    ]
    assert len(walls) == 2, repr(peer)
    return "Thermograph(" + ",".join(walls) + ")"


def test_enough_distinct_games() -> None:
    assert len(GAMES) >= 1000


@pytest.mark.slow
def test_against_cgt_py() -> None:
    memo: dict[Game, str] = {}
    mismatches = []
    for g in GAMES:
        p = cgt_py.CanonicalForm(_explicit(g, memo))
        checks = {
            "form": (_game(p), g),
            "left stop": (_number(p.left_stop), g.left_stop()),
            "right stop": (_number(p.right_stop), g.right_stop()),
            "temperature": (_number(p.temperature), g.temperature()),
            "thermograph": (_thermograph(p.thermograph), str(g.thermograph())),
            "reduced": (_game(p.reduced), g.reduced()),
        }
        for t in ["0", "1/4", "1/2", "1", "3/2", "-1/2"]:
            checks[f"cool {t}"] = (_game(p.cool(t)), g.cool(t))
        for name, (theirs, ours) in checks.items():
            if theirs != ours:
                mismatches.append((str(g), name, str(theirs), str(ours)))
    assert not mismatches, mismatches[:5]


@pytest.mark.slow
def test_heating_against_pycgt() -> None:
    pycgt = pytest.importorskip("pycgt")
    memo: dict[Game, str] = {}
    for g in GAMES[:300]:
        p = pycgt.parse(_explicit(g, memo))
        for t in ["1", "1/2", "*"]:
            theirs = cgt.parse(str(pycgt.heat(p, pycgt.parse(t))))
            assert theirs == g.heat(t), (g, t)
        theirs = cgt.parse(str(pycgt.overheat(p, pycgt.parse("1"), pycgt.parse("1"))))
        assert theirs == g.overheat(1, 1), g
