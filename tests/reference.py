"""An independent, deliberately naive implementation of short games.

Used only as an oracle in tests: forms are nested tuples, comparison is the
recursive definition, canonical forms come from the textbook procedure
(delete dominated options, bypass reversible ones, repeat).  It shares no
code with :mod:`cgt`'s engine, so agreement is evidence, not tautology.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import cgt

Form = tuple[tuple["Form", ...], tuple["Form", ...]]

ZERO: Form = ((), ())


def form(left: list[Form] | tuple[Form, ...], right: list[Form] | tuple[Form, ...]) -> Form:
    """A form with its option lists sorted (so equal forms are equal tuples)."""
    return (tuple(sorted(set(left))), tuple(sorted(set(right))))


@cache
def le(g: Form, h: Form) -> bool:
    """G <= H iff no G^L >= H and no H^R <= G."""
    return not any(le(h, gl) for gl in g[0]) and not any(le(hr, g) for hr in h[1])


def eq(g: Form, h: Form) -> bool:
    return le(g, h) and le(h, g)


@cache
def neg(g: Form) -> Form:
    return form([neg(r) for r in g[1]], [neg(lo) for lo in g[0]])


@cache
def add(g: Form, h: Form) -> Form:
    left = [add(a, h) for a in g[0]] + [add(g, b) for b in h[0]]
    right = [add(a, h) for a in g[1]] + [add(g, b) for b in h[1]]
    return form(left, right)


@cache
def canonical(g: Form) -> Form:
    left = [canonical(o) for o in g[0]]
    right = [canonical(o) for o in g[1]]
    while True:
        cur = form(left, right)
        # dominated
        left = [a for a in set(left) if not any(le(a, b) and not le(b, a) for b in left)]
        left = _dedupe(left)
        right = [a for a in set(right) if not any(le(b, a) and not le(a, b) for b in right)]
        right = _dedupe(right)
        cur = form(left, right)
        new_left: list[Form] = []
        changed = False
        for a in left:
            rev = next((ar for ar in a[1] if le(ar, cur)), None)
            if rev is None:
                new_left.append(a)
            else:
                new_left.extend(rev[0])
                changed = True
        new_right: list[Form] = []
        for b in right:
            rev = next((bl for bl in b[0] if le(cur, bl)), None)
            if rev is None:
                new_right.append(b)
            else:
                new_right.extend(rev[1])
                changed = True
        left, right = new_left, new_right
        if not changed:
            return form(left, right)


def _dedupe(options: list[Form]) -> list[Form]:
    out: list[Form] = []
    for o in options:
        if not any(eq(o, p) for p in out):
            out.append(o)
    return out


def integer(n: int) -> Form:
    g = ZERO
    for _ in range(abs(n)):
        g = form([g], []) if n > 0 else form([], [g])
    return g


def dyadic(x: Fraction) -> Form:
    """Canonical form of a dyadic number, by the textbook recursion."""
    if x.denominator == 1:
        return integer(int(x))
    d = x.denominator
    return form([dyadic(x - Fraction(1, d))], [dyadic(x + Fraction(1, d))])


def nimber(n: int) -> Form:
    opts = [nimber(j) for j in range(n)]
    return form(opts, opts)


@cache
def birthday(g: Form) -> int:
    return 1 + max((birthday(o) for o in g[0] + g[1]), default=-1)


def from_game(g: cgt.Game) -> Form:
    """The canonical form of a cgt Game, read through its public options."""
    return form([from_game(o) for o in g.left_options], [from_game(o) for o in g.right_options])


def to_game(f: Form) -> cgt.Game:
    """Build a cgt Game from a (not necessarily canonical) form."""
    return cgt.Game([to_game(o) for o in f[0]], [to_game(o) for o in f[1]])
