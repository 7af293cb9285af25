"""Command line: ``python -m cgt``.

Evaluate game expressions in CGSuite notation, or value positions::

    python -m cgt "{3||2|1} + ^ + *"          # canonical value and its invariants
    python -m cgt --domineering "..#|...|..."
    python -m cgt --col "L-.-.-R"              # also --snort, --cram
    python -m cgt --domineering "...|..." --moves L   # Left's winning moves
    python -m cgt --demo                       # a short tour
    python -m cgt -1/2 "-{1|0}"                # a leading minus is an expression

>>> main(["{1|-1} + {1|-1}"])
0
  outcome P, birthday 0, temperature -1
0
>>> main(["{1|"])
cgt: unexpected end of text: expected a game at position 3
  {1|
     ^
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import Game, parse
from ._digits import int_to_str
from .errors import CGTError
from .loopy.sided import SidedValue
from .loopy.values import LoopyGame

__all__ = ["main"]


def describe(g: Game) -> str:
    """One line of invariants for a game.

    >>> print(describe(parse("{3||2|1}")))
    outcome L, birthday 4, temperature 3/4, mean 9/4, stops 3 / 2
    """
    parts = [f"outcome {g.outcome().value}", f"birthday {int_to_str(g.birthday())}"]
    parts.append(f"temperature {g.temperature()}")
    if not g.is_number:
        parts.append(f"mean {g.mean()}")
        parts.append(f"stops {g.left_stop()} / {g.right_stop()}")
    return ", ".join(parts)


def winning_lines(position: object, side: str) -> list[str]:
    """One line per winning move of ``side`` (``"L"`` or ``"R"``) moving first in ``position``.

    >>> from cgt.games import Domineering
    >>> for line in winning_lines(Domineering("..|.."), "L"):
    ...     print(line)
    Left wins with: vertical domino on (0, 0) and (1, 0)
    Left wins with: vertical domino on (0, 1) and (1, 1)
    >>> winning_lines(Domineering("..|##"), "L")
    ['Left has no winning move']
    """
    from .play import Player, winning_moves

    player = Player(side)
    name = player.name.title()
    moves = winning_moves(position, player)
    if not moves:
        return [f"{name} has no winning move"]
    return [f"{name} wins with: {m.description}" for m in moves]


def _demo() -> None:
    from .games import Col, Cram, Domineering, OctalGame

    lines = [
        ("{-2,1,3|0,1,5}", "dominated options are dropped"),
        ("{9/16|15/16}", "the simplicity theorem"),
        ("{0|*}", "up"),
        ("* + *3 + *5", "nimbers add by xor"),
        ("+-1 + +-1", "switches cancel"),
        ("{3||2*|1*}", "a hot game"),
    ]
    print("Canonical forms")
    for text, note in lines:
        g = parse(text)
        print(f"  {text:18} = {g!s:12} {note}")
    print("Positions")
    for board in ("..|..", "...|...", "..#|...|..."):
        print(f"  Domineering {board:12} = {Domineering(board).value()}")
    print(f"  Cram 3x3 Grundy value = {Cram('...|...|...').grundy()}")
    print(f"  Col on the path L-.-.-R = {Col('L-.-.-R').value()}")
    kayles = OctalGame("0.77")
    print(f"  Kayles 0.77: G(1..12) = {kayles.grundy_sequence(13)[1:]}")
    print(f"  Kayles period: {kayles.periodicity()}")
    from .games import BackslidingToadsAndFrogs, Clobber
    from .play import Sum

    print("Playing well")
    boards = ["xox.x|.xoxo", "xoo.o|xo.xo", "xoxox|oooxx", "xooox|xx.xx", "ooxxx|oxoox"]
    match = Sum(*(Clobber(b) for b in boards))
    says = {
        "L": "Left wins whoever starts",
        "R": "Right wins whoever starts",
        "N": "the player to move wins",
        "P": "the second player wins",
    }
    print(f"  five Clobber boards: {says[match.outcome().name]}; Left's winning moves:")
    for move in match.winning_moves("L")[:3]:
        print(f"    {move.description}")
    print("Loopy games")
    print(f"  {{0|pass}} = {parse('{0|pass}')}, on + off = {parse('on + off')}")
    toads = BackslidingToadsAndFrogs("ttt..fff")
    print(f"  Backsliding Toads and Frogs {toads}: {toads.outcome()}")


_VALUED_OPTIONS = frozenset({"--domineering", "--cram", "--col", "--snort"})


def _looks_like_expression(arg: str) -> bool:
    """True for an argument starting with ``-`` that is no option: ``-1/2``, ``-{1|0}``.

    >>> _looks_like_expression("-1/2"), _looks_like_expression("-v"), _looks_like_expression("-h")
    (True, True, False)
    """
    if not arg.startswith("-") or arg.startswith("--") or len(arg) < 2:
        return False
    if not arg[1].isalpha():
        return True
    try:  # "-v" (minus down) is an expression, "-h" an option
        parse(arg)
    except CGTError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m cgt", description=__doc__.split("\n\n")[0])
    parser.add_argument("expression", nargs="*", help="game expressions in CGSuite notation")
    parser.add_argument("--domineering", metavar="GRID", help="value a Domineering grid")
    parser.add_argument("--cram", metavar="GRID", help="Grundy value of a Cram grid")
    parser.add_argument("--col", metavar="GRAPH", help="value a Col position ('L-.-R' syntax)")
    parser.add_argument("--snort", metavar="GRAPH", help="value a Snort position")
    parser.add_argument(
        "--moves",
        metavar="{L,R}",
        type=str.upper,
        choices=["L", "R"],
        help="also print that side's winning moves in each position given by an option",
    )
    parser.add_argument("--unicode", action="store_true", help="print with arrows and ±")
    parser.add_argument("--demo", action="store_true", help="a short tour of the library")
    # A leading minus would make argparse take "-1/2" or "-{1|0}" for an
    # option: hide such arguments behind placeholders and put them back after.
    raw = list(sys.argv[1:] if argv is None else argv)
    hidden: dict[str, str] = {}
    for i, arg in enumerate(raw):
        if i > 0 and raw[i - 1] in _VALUED_OPTIONS:
            continue
        if _looks_like_expression(arg):
            hidden[f"\0{len(hidden)}"] = arg
            raw[i] = f"\0{len(hidden) - 1}"
    args = parser.parse_intermixed_args(raw)
    args.expression = [hidden.get(text, text) for text in args.expression]
    fmt = "u" if args.unicode else ""
    try:
        if args.demo:
            _demo()
            return 0
        from .games import Col, Cram, Domineering, Snort

        if args.moves and not (args.domineering or args.col or args.snort or args.cram):
            print("cgt: --moves needs a position: --domineering, --cram, --col or --snort")
            return 2

        # (value, position whose winning moves to print, or None)
        results: list[tuple[Game | LoopyGame | SidedValue, object]] = []
        if args.domineering:
            d = Domineering(args.domineering)
            results.append((d.value(), d))
        if args.col:
            c = Col(args.col)
            results.append((c.value(), c))
        if args.snort:
            s = Snort(args.snort)
            results.append((s.value(), s))
        if args.cram:
            cram = Cram(args.cram)
            print(cram.grundy())
            if args.moves:
                print("\n".join(winning_lines(cram, args.moves)))
        results.extend((parse(text), None) for text in args.expression)
        if not results and not args.cram:
            parser.print_usage()
            return 2
        for g, position in results:
            if isinstance(g, LoopyGame):  # loopy text: its value and outcome
                print(g)
                print("  " + str(g.outcome()))
                continue
            if isinstance(g, SidedValue):  # onside & offside
                print(g)
                continue
            print(format(g, fmt))
            print("  " + describe(g))
            if args.moves and position is not None:
                print("\n".join(winning_lines(position, args.moves)))
    except CGTError as err:
        print(f"cgt: {err}")
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
