"""Hot sums: temperature, thermographs and playing the hottest component.

A sum of hot games is played well by moving in the hottest component
(Winning Ways ch. 6, "hotstrat").  This script values a sum of switches and
a few {k || k-1 | 0} games, prints each component's thermograph, plays the sum
with the hottest-first strategy and compares the result with the exact stops.

Run:  python examples/hot_sums.py
"""

from __future__ import annotations

import cgt
from cgt import Dyadic, Game


def hottest_first(components: list[Game], left_to_move: bool) -> Dyadic:
    """Play the sum by always moving in the hottest component; return the score."""
    comps = list(components)
    score = Dyadic(0)
    while comps:
        comps.sort(key=lambda c: c.temperature(), reverse=True)
        c = comps.pop(0)
        if c.is_number:
            score += c.to_dyadic()
            continue
        options = c.left_options if left_to_move else c.right_options
        if left_to_move:
            comps.append(max(options, key=lambda o: o.mean()))
        else:
            comps.append(min(options, key=lambda o: o.mean()))
        left_to_move = not left_to_move
    return score


def main() -> None:
    texts = ["{6|-6}", "{4||3|0}", "{3|-1}", "{2||1|0}", "{1|-1}"]
    parts = [cgt.parse(t) for t in texts]
    print(f"{'component':>12}  {'mean':>6}  {'temp':>6}  thermograph")
    # by hand: a switch {a|b} has mean (a+b)/2 and temperature (a-b)/2; in {k||k-1|0}
    # Left's wall k - t meets Right's (k-1 while {k-1|0} is hotter than t, then
    # (k-1)/2 + t): {4||3|0} at t = 1 (mean 3), {2||1|0} at t = 3/4 (mean 5/4)
    by_hand = {"{4||3|0}": ("3", "1"), "{2||1|0}": ("5/4", "3/4")}
    for text, p in zip(texts, parts, strict=True):
        print(f"{text:>12}  {p.mean()!s:>6}  {p.temperature()!s:>6}  {p.thermograph()}")
        if text in by_hand:
            mean, temp = (Dyadic(x) for x in by_hand[text])
        else:
            a, b = (Dyadic(x) for x in text.strip("{}").split("|"))
            mean, temp = (a + b) / 2, (a - b) / 2
        assert (p.mean(), p.temperature()) == (mean, temp), text
    total = sum(parts, cgt.zero)
    print()
    print(
        "sum of means     ",
        sum((p.mean() for p in parts), Dyadic(0)),
        "= mean of sum",
        total.mean(),
    )
    assert total.mean() == sum((p.mean() for p in parts), Dyadic(0))  # the mean is additive
    print("temperature of the sum", total.temperature())
    assert total.temperature() <= max(p.temperature() for p in parts)
    print(
        "Left first:  hottest-first scores",
        hottest_first(parts, True),
        " exact left stop",
        total.left_stop(),
    )
    print(
        "Right first: hottest-first scores",
        hottest_first(parts, False),
        " exact right stop",
        total.right_stop(),
    )
    # on this sum, playing the hottest component first reaches the exact stops
    assert hottest_first(parts, True) == total.left_stop() >= total.mean()
    assert hottest_first(parts, False) == total.right_stop() <= total.mean()
    print("the sum cooled by 1:", total.cool(1))
    assert total.cool(1) == sum((p.cool(1) for p in parts), cgt.zero)  # cooling is additive
    print("frozen:", total.freeze())
    # frozen at its temperature, the sum is its mean plus an infinitesimal
    assert (total.freeze() - cgt.number(total.mean())).is_infinitesimal


if __name__ == "__main__":
    main()
