"""Board rulesets (Clobber's peers): cgt against cgt-py on the same boards.

Run:  python benchmarks/bench_boards.py [--only NAME]

Boards are chosen so that cgt-py takes roughly 1 to 30 seconds.  Each side
starts cold (``cgt.clear_caches()`` and the ruleset tables; a fresh cgt-py
object).  Printed: seconds for each side, the ratio cgt / cgt-py (below 1
means cgt is faster), and whether the two values agree.  Not part of the tests.
"""

from __future__ import annotations

import argparse
import time

import cgt
from cgt import games
from cgt.games import clear_solver_caches

try:
    import cgt_py
except ImportError:  # pragma: no cover - the peer is optional
    cgt_py = None

BOARDS = [
    ("Amazons", "x...|....|...o"),
    ("Konane", "xoxoxo|oxo.ox|xoxoxo|o.oxox"),
    ("Fission", ".....|.x...|.....|...x.|....."),
    ("Fission", "......|..x...|......|...x..|......"),
]


def peer_text(form: object) -> str:
    text = str(form)
    return text[len("CanonicalForm('") : -2] if text.startswith("CanonicalForm('") else text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", help="run only the boards of this ruleset")
    args = parser.parse_args()
    for name, board in BOARDS:
        if args.only and name != args.only:
            continue
        cgt.clear_caches()
        clear_solver_caches()
        start = time.perf_counter()
        ours = getattr(games, name)(board).value()
        mine = time.perf_counter() - start
        line = f"{name:8} {board:36} cgt {mine:7.2f} s"
        if cgt_py is not None:
            start = time.perf_counter()
            theirs = getattr(cgt_py, name)(board).canonical_form
            peer = time.perf_counter() - start
            agree = ours == cgt.parse(peer_text(theirs))
            line += f"  cgt-py {peer:7.2f} s  ratio {mine / peer:6.2f}  agree {agree}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
