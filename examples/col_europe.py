"""Col and Snort on the map of Europe.

The Polish survey "When can one win, and how to play to win?" plays Col on
a map: countries are vertices, land borders are edges, each player colours
countries in his own colour and two neighbours may never share a colour.
The theorem: every Col value is a number or a number plus star, and a whole
uncoloured map is worth 0 or *.

This script builds Europe's border graph, values the islands and small
regions, then grows a region country by country (breadth first from
Portugal) for as long as each value takes less than a time budget.

Run ``python examples/col_europe.py [--budget SECONDS]``.
"""

from __future__ import annotations

import argparse
import time

import networkx as nx

import cgt
from cgt.games import Col, Snort

# Land borders between European countries (ISO 3166 codes); islands without
# land borders (IS, MT, CY) are added as isolated vertices.
BORDERS = """
PT-ES ES-FR ES-AD AD-FR FR-MC FR-BE FR-LU FR-DE FR-CH FR-IT BE-LU BE-DE BE-NL
NL-DE LU-DE DE-DK DE-CH DE-AT DE-CZ DE-PL CH-LI CH-AT CH-IT LI-AT AT-CZ AT-SK
AT-HU AT-SI AT-IT IT-SM IT-VA IT-SI SI-HR SI-HU CZ-PL CZ-SK PL-SK PL-UA PL-BY
PL-LT PL-RU SK-UA SK-HU HU-UA HU-RO HU-RS HU-HR HR-RS HR-BA HR-ME BA-RS BA-ME
RS-RO RS-BG RS-MK RS-XK RS-ME ME-XK ME-AL XK-AL XK-MK AL-MK AL-GR MK-GR MK-BG
GR-BG GR-TR BG-RO BG-TR RO-UA RO-MD MD-UA UA-BY UA-RU BY-LT BY-LV BY-RU LT-LV
LT-RU LV-EE LV-RU EE-RU RU-FI RU-NO FI-SE FI-NO SE-NO GB-IE
"""
ISLANDS = ["IS", "MT", "CY"]


def europe() -> nx.Graph:
    """Europe's land-border graph (countries as ISO codes)."""
    g = nx.Graph()
    for pair in BORDERS.split():
        a, b = pair.split("-")
        g.add_edge(a, b)
    g.add_nodes_from(ISLANDS)
    return g


def brute(g: nx.Graph, snort: bool, coloured: frozenset[tuple[str, str]] = frozenset()) -> cgt.Game:
    """The value of Col (or Snort) on a small map, from the rules, by building the game tree.

    Col: a player may not colour a country next to one of their own colour;
    Snort: next to one of the opponent's colour.
    """
    done = dict(coloured)
    options: dict[str, list[cgt.Game]] = {"L": [], "R": []}
    for player, other in (("L", "R"), ("R", "L")):
        banned = other if snort else player
        for v in g.nodes:
            if v not in done and all(done.get(u) != banned for u in g.neighbors(v)):
                options[player].append(brute(g, snort, coloured | {(v, player)}))
    return cgt.Game(options["L"], options["R"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=5.0, help="seconds per value")
    args = parser.parse_args()
    g = europe()
    print(
        f"Europe: {g.number_of_nodes()} countries, {g.number_of_edges()} borders, "
        f"{nx.number_connected_components(g)} components"
    )
    pairs = {frozenset(p.split("-")) for p in BORDERS.split()}
    assert g.number_of_edges() == len(pairs) == len(BORDERS.split())
    assert g.number_of_nodes() == len(set().union(*pairs)) + len(ISLANDS)
    for part in sorted(nx.connected_components(g), key=len):
        if len(part) <= 3:
            sub = g.subgraph(part)
            name = "-".join(sorted(part))
            print(f"  {name:12} Col {Col(sub).value()!s:4} Snort {Snort(sub).value()}")
            assert Col(sub).value() == brute(sub, snort=False)
            assert Snort(sub).value() == brute(sub, snort=True)
    order = list(nx.bfs_tree(g, "PT"))
    print("Growing a region from Portugal (Col value of the uncoloured region):")
    # The cost of a region can jump fifty-fold with one more country, so each value
    # runs under a work budget (cgt.work_limit, in the engine's steps): the steps per
    # CPU second measured so far, times the time budget.  A region that needs more
    # stops the survey instead of running on for minutes.
    rate = 0.0  # steps per CPU second, the best seen
    for n in range(1, len(order) + 1):
        region = g.subgraph(order[:n])
        steps = max(10**5, int(rate * args.budget))
        start = time.process_time()
        try:
            with cgt.work_limit(steps):
                value = Col(region).value()
                used = steps - (cgt.work_left() or 0)
        except cgt.errors.WorkLimitExceeded:
            print(f"  {n:2} countries (+{order[n - 1]}): more than {steps:,} steps of work")
            print("  (stopping: this region exceeds the time budget)")
            break
        spent = time.process_time() - start
        if spent > 0.05:
            rate = max(rate, used / spent)
        assert value in (cgt.zero, cgt.star)  # the survey's theorem
        print(f"  {n:2} countries (+{order[n - 1]}): {value!s:2}   {spent:6.2f} s")
        if n <= 6:  # small enough for the game tree
            assert value == brute(region, snort=False)
        if spent > args.budget:
            print("  (stopping: the next region would exceed the time budget)")
            break


if __name__ == "__main__":
    main()
