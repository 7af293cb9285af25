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
    for text, p in zip(texts, parts, strict=True):
        print(f"{text:>12}  {p.mean()!s:>6}  {p.temperature()!s:>6}  {p.thermograph()}")
    total = sum(parts, cgt.zero)
    print()
    print(
        "sum of means     ",
        sum((p.mean() for p in parts), Dyadic(0)),
        "= mean of sum",
        total.mean(),
    )
    print("temperature of the sum", total.temperature())
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
    print("the sum cooled by 1:", total.cool(1))
    print("frozen:", total.freeze())


if __name__ == "__main__":
    main()
