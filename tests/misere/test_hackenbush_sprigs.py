"""Misère Hackenbush sprigs (McKay, Milley and Nowakowski, "Misère-play Hackenbush Sprigs",
IJGT 2016, arXiv:1202.5654), reproduced by search and by partizan quotients.

A sprig is a Hackenbush string whose ground edge is green and whose other
edges are blue or red.  The paper's theorems checked here: the misère outcome
of a sum of sprigs is the normal-play outcome of that sum plus ``*``; and a
sprig plus its negative is equal to 0 modulo the dicots.
"""

from __future__ import annotations

import itertools
import random

import cgt
from cgt.games import Hackenbush
from cgt.misere import conjugate, form, partizan_quotient_of, universe, zero


def sprigs(most: int) -> list[str]:
    return ["e" + "".join(t) for n in range(most + 1) for t in itertools.product("lr", repeat=n)]


def test_misere_outcome_is_the_normal_outcome_plus_star() -> None:
    rnd = random.Random(7)
    pool = sprigs(3)
    for _ in range(150):
        chosen = [Hackenbush.parse(rnd.choice(pool)) for _ in range(rnd.randint(1, 3))]
        misere = cgt.Sum(*chosen).misere_outcome()  # the search on positions
        normal = (sum((p.value() for p in chosen), cgt.zero) + cgt.star).outcome()
        assert misere == normal, chosen


def test_quotients_of_one_sprig_agree_with_the_theorem() -> None:
    for text in sprigs(2):
        q = partizan_quotient_of([Hackenbush.parse(text)], max_order=40)
        comps = list(q.components)
        for r in range(5):
            for chosen in itertools.combinations_with_replacement(comps, r):
                normal = (sum((p.value() for p in chosen), cgt.zero) + cgt.star).outcome()
                assert q.misere_outcome(list(chosen)) == normal, (text, chosen)


def test_a_sprig_plus_its_negative_is_zero_modulo_the_dicots() -> None:
    dicots = universe("dicot")
    for text in sprigs(3):
        g = form(Hackenbush.parse(text))
        assert g.is_dicot()
        total = g + conjugate(g)
        assert dicots.ge(total, zero) and dicots.ge(zero, total), text
