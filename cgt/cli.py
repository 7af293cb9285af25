"""The command line, ``python -m cgt`` (or the ``cgt`` script): one subcommand per
ruleset family, labelled output, ``--json``.

Every subcommand prints one ``label: value`` line per answer; ``--json``
prints the same answers as one JSON object whose keys are the labels with
``_`` for spaces (``left stop`` becomes ``left_stop``).  Several expressions
give one report each: blank-line separated, or one JSON object per line.
Bad input prints one ``cgt:`` line (a parse error adds the text and a caret
under the fault) to standard error and exits with status 2.

>>> main(["value", "{1|-1} + {1|-1}"])
value: 0
outcome: P
birthday: 0
temperature: -1
mean: 0
left stop: 0
right stop: 0
0
>>> main(["wythoff", "3", "5", "--json"])
{"queens": ["(3, 5)"], "grundy": 0, "outcome": "P", "winning_moves": []}
0

The rulesets read from one argument (a board, strip, graph or row) are the
table :data:`RULESETS`, by subcommand name, read from the ruleset registry
(:mod:`cgt.games.registry`: a ruleset declares its subcommand on its class);
a :data:`Report` is the list of ``(label, value)`` pairs a subcommand prints.

>>> RULESETS["clobber"].kind, RULESETS["cram"].kind, len(RULESETS) >= 20
('partizan', 'impartial', True)
>>> report_value(parse("*"))[:2]
[('value', '*'), ('outcome', 'N')]
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ._digits import int_to_str
from .errors import CGTError, InvalidArgument
from .game import Game, Outcome
from .loopy.sided import SidedValue
from .loopy.values import LoopyGame
from .notation import parse

__all__ = [
    "RULESETS",
    "Report",
    "describe",
    "main",
    "report_scoring",
    "report_value",
    "winning_lines",
]

Report = list[tuple[str, Any]]
"""Labelled answers, in order: ``(label, value)`` with values of JSON types."""

_PROG = "python -m cgt"


# --- reports ------------------------------------------------------------------------------
def _outcome_letter(outcome: object) -> str:
    """The letter of an outcome class (``L``, ``R``, ``N`` or ``P``).

    >>> _outcome_letter(parse("*").outcome())
    'N'
    """
    if isinstance(outcome, Outcome):
        return outcome.name
    return str(outcome)


def _json_int(n: int) -> int | str:
    """``n`` itself, or its decimal string when too long for ``json`` to print.

    >>> _json_int(12), _json_int(10**5000)[:3]
    (12, '100')
    """
    return n if n.bit_length() < 13000 else int_to_str(n)


def _winner_word(w: object) -> str:
    """``Left``, ``Right`` or ``draw`` for a loopy line of play.

    >>> from cgt.loopy.graph import Winner
    >>> _winner_word(Winner.LEFT), _winner_word(Winner.DRAW)
    ('Left', 'draw')
    """
    return {"L": "Left", "R": "Right", "D": "draw"}[str(getattr(w, "value", w))]


def report_value(g: Game | LoopyGame | SidedValue, unicode: bool = False) -> Report:
    """The labelled invariants of a value: a short game, a loopy game or a sided value.

    >>> for label, value in report_value(parse("{3||2|1}")):
    ...     print(f"{label}: {value}")
    value: {3||2|1}
    outcome: L
    birthday: 4
    temperature: 3/4
    mean: 9/4
    left stop: 3
    right stop: 2
    >>> report_value(parse("on + off"))
    [('value', 'dud'), ('left first', 'draw'), ('right first', 'draw')]
    >>> report_value(parse("on & off"))
    [('value', 'on & off'), ('onside', 'on'), ('offside', 'off')]
    """
    if isinstance(g, SidedValue):
        return [("value", str(g)), ("onside", str(g.onside)), ("offside", str(g.offside))]
    if isinstance(g, LoopyGame):
        o = g.outcome()
        out: Report = [("value", str(g))]
        if o.short is not None:
            out.append(("outcome", _outcome_letter(o.short)))
        out += [("left first", _winner_word(o.left_first))]
        out += [("right first", _winner_word(o.right_first))]
        return out
    return [
        ("value", format(g, "u" if unicode else "")),
        ("outcome", _outcome_letter(g.outcome())),
        ("birthday", _json_int(g.birthday())),
        ("temperature", str(g.temperature())),
        ("mean", str(g.mean())),
        ("left stop", str(g.left_stop())),
        ("right stop", str(g.right_stop())),
    ]


def report_scoring(g: Any, unicode: bool = False) -> Report:
    """The labelled invariants of a scoring game (:class:`cgt.scoring.ScoringGame`): its
    value, Left's and Right's scores moving first (``Ls``, ``Rs``), and the outcome
    with komi 0 (Left wins above 0, Right at 0 or below).

    >>> from cgt.scoring import parse_scoring
    >>> for label, value in report_scoring(parse_scoring("<<2|^2>|^2>")):
    ...     print(f"{label}: {value}")
    value: <<2|^2>|^2>
    left score: 2
    right score: 2
    outcome: L
    """
    return [
        ("value", format(g, "u" if unicode else "")),
        ("left score", str(g.left_score)),
        ("right score", str(g.right_score)),
        ("outcome", _outcome_letter(g.outcome())),
    ]


def describe(g: Game) -> str:
    """One line of invariants for a game (the layout of earlier versions).

    >>> print(describe(parse("{3||2|1}")))
    outcome L, birthday 4, temperature 3/4, mean 9/4, stops 3 / 2
    """
    parts = [f"outcome {_outcome_letter(g.outcome())}", f"birthday {int_to_str(g.birthday())}"]
    parts.append(f"temperature {g.temperature()}")
    if not g.is_number:
        parts.append(f"mean {g.mean()}")
        parts.append(f"stops {g.left_stop()} / {g.right_stop()}")
    return ", ".join(parts)


def _move_descriptions(position: object, side: str) -> list[str]:
    from .play import Player, winning_moves

    return [m.description for m in winning_moves(position, Player(side))]


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
    name = "Left" if side.upper() == "L" else "Right"
    moves = _move_descriptions(position, side)
    if not moves:
        return [f"{name} has no winning move"]
    return [f"{name} wins with: {m}" for m in moves]


def _moves_label(side: str) -> str:
    return "winning moves for " + ("Left" if side == "L" else "Right")


def _coordinates(position: object, moves: list[Any]) -> Report:
    """The ``coordinates`` line, said before the moves it explains: how their
    descriptions name places (nothing when there is no move or no convention)."""
    text = getattr(type(position), "move_coordinates", "")
    return [("coordinates", text)] if text and moves else []


# --- rulesets that take one text argument -----------------------------------------------
@dataclass(frozen=True)
class Ruleset:
    """A subcommand for a ruleset read from one argument: a board, strip, graph or row.

    ``kind`` is ``"partizan"`` (value and invariants), ``"impartial"`` (Grundy
    value) or ``"loopy"`` (loopy value and who wins from each start).

    >>> RULESETS["domineering"].make("..|..").value()
    +-1
    """

    make: Callable[[str], Any]
    kind: str
    metavar: str
    summary: str
    example: str


def _rulesets() -> dict[str, Ruleset]:
    """The subcommands of the rulesets that declare one (see :mod:`cgt.games.registry`)."""
    from .games.registry import rulesets

    return {
        r.cli: Ruleset(r.make, r.kind, r.syntax, r.summary, r.example)
        for r in rulesets()
        if r.cli is not None
    }


RULESETS: dict[str, Ruleset] = _rulesets()
"""The rulesets read from one argument, by subcommand name.

>>> sorted(RULESETS)[:3]
['amazons', 'arc-kayles', 'backsliding-toads-and-frogs']
"""


def _report_position(ruleset: Ruleset, text: str, args: argparse.Namespace) -> Report:
    position = ruleset.make(text)
    kind = ruleset.kind
    variant = getattr(args, "variant", None)
    if variant is not None:  # a partizan ruleset played by a variant's rules
        from .games.variants import VARIANTS

        position = VARIANTS[variant](position)
        kind = "impartial" if variant == "impartial" else kind
    out: Report
    if kind == "other":  # a ruleset with its own report: Dots-and-Boxes, Top Entails, Nimstring
        report: Report = position.cli_report()
        return report
    if kind == "scoring":  # a scoring game: its value, scores and outcome (Kobber, Diskonnect)
        return report_scoring(position.value(), args.unicode)
    if kind == "impartial":
        grundy = position.grundy()
        out = [("grundy", grundy), ("outcome", "P" if grundy == 0 else "N")]
    else:
        out = report_value(position.value(), args.unicode)
    if args.moves and ruleset.kind != "loopy":
        moves = _move_descriptions(position, args.moves)
        out += [*_coordinates(position, moves), (_moves_label(args.moves), moves)]
    return out


# --- the other families ----------------------------------------------------------------
def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidArgument(f"{what} must be an integer, got {text!r}") from None


def _report_hexapawn(args: argparse.Namespace) -> Report:
    from .games import Hexapawn

    pawn = args.pawn.replace("-", "_").replace("+", "_plus")
    if args.rows is None and not args.board.lstrip("-").isdigit():
        h = Hexapawn(args.board, pawn=pawn, misere=args.misere, to_move=args.to_move)
    else:
        if args.rows is None:
            raise InvalidArgument("give the number of rows after the columns, as in: hexapawn 3 3")
        columns, rows = _int(args.board, "columns"), _int(args.rows, "rows")
        if args.to_move != "white":
            raise InvalidArgument("--to-move needs a board string; the start has White to move")
        h = Hexapawn(columns, rows, pawn=pawn, misere=args.misere)
    winner = str(h.winner())
    return [
        ("board", h.board),
        ("to move", str(h.to_move)),
        ("winner", winner),
        ("winning moves", [str(m) for m in h.winning_moves()]),
    ]


def _report_wythoff(args: argparse.Namespace) -> Report:
    from .games import Wythoff

    numbers = [_int(t, "a coordinate") for t in args.coordinates]
    if not numbers or len(numbers) % 2:
        raise InvalidArgument(f"give each queen as two coordinates x y; got {len(numbers)} numbers")
    queens = list(zip(numbers[::2], numbers[1::2], strict=True))
    w = Wythoff(queens)
    return [
        ("queens", [f"({x}, {y})" for x, y in w.queens]),
        ("grundy", w.grundy()),
        ("outcome", _outcome_letter(w.outcome())),
        *_coordinates(w, moves := [f"{a} to {b}" for a, b in w.winning_moves()]),
        ("winning moves", moves),
    ]


def _int_set(text: str, what: str) -> list[int]:
    """The integers of ``{1,2,5}`` or ``1,2,5``.

    >>> _int_set("{1, 2,5}", "x")
    [1, 2, 5]
    """
    inner = text.strip().strip("{}").replace(" ", "")
    return [_int(t, what) for t in inner.split(",") if t]


def _heap_ruleset(code: str, all_but: bool) -> Any:
    from .games import OctalGame, SubtractionGame

    text = code.strip()
    if "." in text and not all_but:
        return OctalGame(text)
    return SubtractionGame(_int_set(text, "a subtraction set member"), all_but=all_but)


def _report_heap(args: argparse.Namespace) -> Report:
    from .games import PeriodNotFound

    ruleset = _heap_ruleset(args.rule, args.all_but)
    heaps = [_int(t, "a heap size") for t in args.heaps]
    count = args.sequence
    if count is None:
        count = min(max(heaps, default=20) + 1, 100)
    out: Report = [("ruleset", repr(ruleset))]
    if heaps:
        p = ruleset(*heaps)
        grundy = p.grundy()
        out += [
            ("heaps", heaps),
            ("grundy", grundy),
            ("outcome", "P" if grundy == 0 else "N"),
            *_coordinates(p, moves := [p.describe_move(o) for o in p.winning_moves()]),
            ("winning moves", moves),
        ]
    out.append(("sequence", ruleset.grundy_sequence(count)))
    try:
        found = ruleset.periodicity(max_length=args.search)
    except PeriodNotFound:  # not proven within --search values: null, as documented
        period = None
    else:
        period = {"preperiod": found.preperiod, "period": found.period}
        if found.saltus:  # arithmetic periodicity: G(n + period) = G(n) + saltus
            period["saltus"] = found.saltus
    out.append(("periodicity", period))
    return out


def _report_partizan_subtraction(args: argparse.Namespace) -> Report:
    from .games import PartizanSubtraction

    ruleset = PartizanSubtraction(
        _int_set(args.left_set, "a member of Left's set"),
        _int_set(args.right_set, "a member of Right's set"),
    )
    position = ruleset(*(_int(t, "a heap size") for t in args.heaps))
    out = [("ruleset", repr(ruleset)), ("heaps", list(position.heaps))]
    out += report_value(position.value(), args.unicode)
    if args.moves:
        moves = _move_descriptions(position, args.moves)
        out += [*_coordinates(position, moves), (_moves_label(args.moves), moves)]
    return out


def _report_chips(args: argparse.Namespace) -> Report:
    from .games import ChipGame

    g = ChipGame([_int(t, "a square") for t in args.squares], rule=args.rule.upper())
    out: Report = [
        ("squares", list(g.squares)),
        ("rule", g.rule),
        ("winner", str(g.winner())),
        *_coordinates(g, moves := [f"move the chip on {a} to {b}" for a, b in g.winning_moves()]),
        ("winning moves", moves),
        ("nim heaps", list(g.nim_heaps())),
    ]
    if g.rule == "C":
        out.append(("grundy", g.grundy()))
    return out


# --- printing -------------------------------------------------------------------------
def _text_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def json_key(label: str) -> str:
    """The ``--json`` key of an output label: snake_case, lower case.

    >>> json_key("winning moves for Left"), json_key("left stop")
    ('winning_moves_for_left', 'left_stop')
    """
    return "_".join(label.lower().replace("-", " ").split())


def _print_report(report: Report, as_json: bool) -> None:
    if as_json:
        print(json.dumps({json_key(label): value for label, value in report}))
        return
    for label, value in report:
        if isinstance(value, list) and label.startswith("winning moves"):
            if not value:
                print(f"{label}: none")
            else:
                print(f"{label}:")
                for item in value:
                    print(f"  {item}")
        elif isinstance(value, list):
            print(f"{label}: {' '.join(map(str, value))}")
        else:
            print(f"{label}: {_text_value(value)}")


def _print_reports(reports: list[Report], as_json: bool) -> None:
    for i, report in enumerate(reports):
        if i and not as_json:
            print()
        _print_report(report, as_json)


# --- argument parsing ---------------------------------------------------------------
_EPILOG = """\
examples:
  python -m cgt value "{3||2|1} + ^ + *"       value, outcome, temperature, stops
  python -m cgt "{1|0}" -1/2                   (value is the default subcommand)
  python -m cgt domineering "..#|...|..."      a ruleset position: its value
  python -m cgt domineering "...|..." --moves L   ... and Left's winning moves
  python -m cgt cram "...|...|..."             Grundy value of an impartial position
  python -m cgt hexapawn 3 3 --pawn berolina   who wins Hexapawn from the start
  python -m cgt wythoff 3 5                    outcome and winning moves of a queen
  python -m cgt heap 0.77 20                   Kayles: heap of 20, Grundy values, period
  python -m cgt chips 4 6 8 --rule A           a chip-sliding game: who wins
  python -m cgt partizan-subtraction {1} {2} 3   Left takes 1, Right takes 2
  python -m cgt loopy "on + off"               a loopy value: who wins from each start
  python -m cgt col "L-.-.-R" --json           any subcommand: a JSON object
  python -m cgt play domineering "...|..."     play a game against cgt (--as, --first)
  python -m cgt survey octal --digits 2        a survey: periods of every octal 0.ab
  python -m cgt --demo                         a short tour

Run "python -m cgt SUBCOMMAND --help" for the arguments of one subcommand.
"""

_BOARD_HELP = {
    "GRID": "rows of . (empty) and # (filled) separated by |",
    "GRAPH": "vertices joined by - (L, R or . for Col and Snort), as in L-.-.-R",
    "BOARD": "rows separated by |",
    "STRIP": "one row of squares",
    "ROW": "one row of dominoes",
    "TREES": "trees on the ground: letters a stalk, (a;b) branches, ; between trees",
    "SIZE": "ROWSxCOLS, as in 2x3",
    "WEIGHTS": "vertex weights along paths, ; between paths, as in 2-3-1;1-2",
    "HEAPS": "heaps N, or N/K after a move that took K, as in 10 7/2",
    "PAIRS": "pairs P,Q separated by spaces, as in 9,6 8,3",
    "LINES": "ROWSxCOLS, a colon, then the lines drawn: h<r>,<c> (top of box r,c) and v<r>,<c> "
    "(its left side), as in 2x2: h0,0 v1,2",
    "STACKS": "heap sizes separated by spaces, the heap the player to move must play in (after a "
    "top coin was taken) in brackets, as in [7] 4",
    "STRINGS": "strings u-v separated by spaces (coin names, or ground), as in ground-a a-b "
    "b-ground; or a Dots-and-Boxes board ROWSxCOLS: LINES, as in 2x2: h0,0 h0,1",
    "CODE:COINS": "a turning code, a colon, then coins h (heads) and t (tails), as in 1-3:thhth",
}


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def _add_common(p: argparse.ArgumentParser, moves: bool = False) -> None:
    p.add_argument("--json", action="store_true", help="print a JSON object instead of text")
    p.set_defaults(moves=None, unicode=False)
    if moves:
        p.add_argument(
            "--moves",
            metavar="{L,R}",
            type=str.upper,
            choices=["L", "R"],
            help="also list that side's winning moves (moving first)",
        )
        p.add_argument("--unicode", action="store_true", help="print the value with arrows and ±")


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser and one parser per subcommand (by name).

    >>> top, subs = build_parser()
    >>> "hexapawn" in subs and "domineering" in subs, top.prog
    (True, 'python -m cgt')
    """
    top = argparse.ArgumentParser(
        prog=_PROG,
        description="Combinatorial game theory: values, outcomes and winning moves.",
        epilog=_EPILOG,
        formatter_class=_formatter,
    )
    top.add_argument("--demo", action="store_true", help="a short tour of the library")
    sub = top.add_subparsers(dest="command", title="subcommands", metavar="SUBCOMMAND")
    subs: dict[str, argparse.ArgumentParser] = {}

    def add(name: str, summary: str, example: str) -> argparse.ArgumentParser:
        p = sub.add_parser(
            name,
            help=summary,
            description=summary[0].upper() + summary[1:] + ".",
            epilog=f"example:\n  {_PROG} {name} {example}\n",
            formatter_class=_formatter,
        )
        p.add_argument(
            "--work-limit",
            metavar="STEPS",
            type=_steps,
            default=None,
            help="stop with an error after this many steps of work (see cgt.work_limit)",
        )
        subs[name] = p
        return p

    p = add("value", "value of game expressions in CGSuite notation", '"{3||2|1} + ^ + *"')
    p.add_argument("expression", nargs="+", help="a game expression, such as {1|0} or ^ + *")
    _add_common(p)
    p.add_argument("--unicode", action="store_true", help="print the value with arrows and ±")
    p = add("loopy", "loopy values and sided values (on, off, dud, upon, S & T)", '"on + off"')
    p.add_argument("expression", nargs="+", help="a loopy expression, such as on + off")
    _add_common(p)
    for name, r in RULESETS.items():
        example = f'"{r.example}"' if any(c in r.example for c in "|(;#:[ ") else r.example
        p = add(name, r.summary, example)
        p.add_argument("position", metavar=r.metavar, help=_BOARD_HELP[r.metavar])
        _add_common(p, moves=r.kind not in ("loopy", "scoring", "other"))
        if r.kind == "scoring":
            p.add_argument("--unicode", action="store_true", help="print the value with ∅ and ⟨⟩")
        if r.kind == "partizan":
            p.add_argument(
                "--variant",
                choices=["impartial", "dicotic", "twisted"],
                help="play the ruleset's impartial, dicotic or twisted variant "
                "(see cgt.games.variants)",
            )
    p = add("play", "play a game against cgt in the terminal", 'domineering "...|..." --as right')
    p.add_argument("ruleset", metavar="RULESET", help="a ruleset's subcommand, as domineering")
    p.add_argument("position", metavar="POSITION", help="the position, as that subcommand reads it")
    p.add_argument(
        "--as",
        dest="human",
        default="left",
        type=str.lower,
        choices=["left", "right"],
        help="the side you play (default left); cgt plays the other",
    )
    p.add_argument(
        "--first",
        default="left",
        type=str.lower,
        choices=["left", "right"],
        help="the side that moves first (default left)",
    )
    p.set_defaults(moves=None, unicode=False, json=False)
    p = add("hexapawn", "who wins Hexapawn, and with which moves", "3 3 --pawn berolina")
    p.add_argument("board", metavar="COLUMNS|BOARD", help="columns, or a board such as B.B|.W.|W.W")
    p.add_argument(
        "rows", nargs="?", metavar="ROWS", help="rows (with COLUMNS: the start position)"
    )
    p.add_argument(
        "--pawn",
        default="normal",
        choices=["normal", "berolina", "berolina-plus"],
        help="pawn type (default normal)",
    )
    p.add_argument("--misere", action="store_true", help="the player who promotes loses")
    p.add_argument(
        "--to-move", default="white", choices=["white", "black"], help="side to move on a board"
    )
    _add_common(p)
    p = add("wythoff", "Wythoff's game: outcome and winning moves", "3 5")
    p.add_argument("coordinates", nargs="+", metavar="X Y", help="each queen's two coordinates")
    _add_common(p)
    p = add("heap", "heap games: Grundy values and periodicity", "0.77 20")
    p.add_argument(
        "rule", metavar="RULE", help="an octal code such as 0.77, or a subtraction set {1,2,5}"
    )
    p.add_argument("heaps", nargs="*", metavar="HEAP", help="heap sizes of a position")
    p.add_argument(
        "--sequence", metavar="N", type=int, help="list G(0) .. G(N-1) (default: up to the heaps)"
    )
    p.add_argument(
        "--search",
        metavar="N",
        type=int,
        default=4096,
        help="search this many values for a period (default 4096)",
    )
    p.add_argument("--all-but", action="store_true", help="subtract any number not in the set")
    _add_common(p)
    p = add(
        "partizan-subtraction",
        "partizan subtraction: Left and Right remove numbers from different sets",
        '"{1}" "{2}" 2 3',
    )
    p.add_argument("left_set", metavar="LEFT", help="Left's subtraction set, as {1,3}")
    p.add_argument("right_set", metavar="RIGHT", help="Right's subtraction set, as {2}")
    p.add_argument("heaps", nargs="+", metavar="HEAP", help="heap sizes")
    _add_common(p, moves=True)
    p = add("chips", "chip-sliding games: who wins, and with which moves", "4 6 8 --rule A")
    p.add_argument("squares", nargs="*", metavar="SQUARE", help="the squares of the chips")
    p.add_argument(
        "--rule",
        default="C",
        type=str.upper,
        choices=["A", "B", "C", "D"],
        help="A: reaching square 1 wins, B: it loses, C: normal play (default), D: misère",
    )
    _add_common(p)
    p = add("survey", "a survey of a family of games, in parallel, kept in a store", "octal")
    p.add_argument("family", choices=["octal", "domineering"], help="the family to survey")
    p.add_argument(
        "--digits", type=int, default=2, help="octal: codes 0.d1..dk with k up to this (2)"
    )
    p.add_argument(
        "--bound", type=int, default=4096, help="octal: values searched for a period (4096)"
    )
    p.add_argument(
        "--box", default="3x3", metavar="SIZE", help="domineering: regions of this box (3x3)"
    )
    p.add_argument(
        "--workers", type=int, help="worker processes (default: one per core; 0: this process)"
    )
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, as tcp://host:8786")
    p.add_argument("--store", metavar="FILE", help="keep results in this store; resume from it")
    _add_common(p)
    p = add(
        "store",
        "check a store file, or recompute a sample of its values (exit 1 on a disagreement)",
        "verify values.sqlite --sample 100",
    )
    p.add_argument(
        "action",
        choices=["verify", "check"],
        help="verify: recompute a sample of values; check: integrity and every checksum",
    )
    p.add_argument("file", metavar="FILE", help="the store file")
    p.add_argument(
        "--sample", type=int, default=100, help="verify: how many values to recompute (100)"
    )
    p.add_argument("--seed", type=int, default=0, help="verify: seed of the sample (0)")
    _add_common(p)
    return top, subs


def _report_store(args: argparse.Namespace) -> tuple[Report, bool]:
    """Check or verify a store file; the report and whether everything agreed."""
    from pathlib import Path

    from .store import Store, StoreError

    if not Path(args.file).is_file():
        raise StoreError(f"{args.file}: no such store file")
    store = Store(args.file)
    try:
        if args.action == "check":
            store.check()
            return [("file", args.file), ("rows", len(store)), ("check", "ok")], True
        if args.sample < 0:
            raise InvalidArgument(f"--sample must be non-negative, not {args.sample}")
        found = store.verify(sample=args.sample, seed=args.seed)
    finally:
        store.close()
    report: Report = [("file", args.file), ("checked", found.checked)]
    report.append(("disagreements", len(found.disagreements)))
    for bad in found.disagreements:
        label = "bad row" if bad.problem == "row" else "disagreement"
        what = bad.stored if bad.problem == "row" else f"stored {bad.stored}, is {bad.recomputed}"
        report.append((label, f"{bad.ruleset} {bad.key}: {what}"))
    for ruleset, n in found.unverifiable.items():
        report.append(("unverifiable", f"{ruleset}: {n} rows"))
    return report, found.ok


def _report_survey(args: argparse.Namespace) -> Report:
    """Run the survey the arguments name; one line per item."""
    from . import surveys as _survey

    family: Callable[[Any], Any]
    items: list[Any]
    if args.family == "octal":
        items = [(code, args.bound) for code in _survey.octal_codes(args.digits)]
        family = _survey.octal_period
    else:
        size = args.box.lower().split("x")
        if len(size) != 2 or not all(part.isdigit() for part in size):
            raise InvalidArgument(f"--box takes ROWSxCOLS, as in 3x3, not {args.box!r}")
        items = _survey.domineering_regions(int(size[0]), int(size[1]))
        family = _survey.domineering_value
    client = None
    if args.scheduler is not None:
        if not _survey.has_dask():
            raise InvalidArgument(
                "--scheduler needs Dask: pip install 'dask[distributed]' (the 'parallel' extra of "
                "combinatorial-games)"
            )
        import importlib

        client = importlib.import_module("distributed").Client(args.scheduler)
    try:
        results = _survey.survey(
            family, items, store=args.store, client=client, workers=args.workers, progress=None
        )
    finally:
        if client is not None:
            client.close()
    report: Report = []
    for item, result in results.items():
        if args.family == "octal":
            if result is not None and not (
                type(result) is tuple and len(result) == 2 and all(type(n) is int for n in result)
            ):
                from .store import StoreError

                raise StoreError(
                    f"survey result for {item[0]} is {result!r:.60}, not (preperiod, period) "
                    f"or None: the store holds another survey's results under this name"
                )
            proven = "none proven" if result is None else f"{result[0]}+{result[1]}"
            report.append((item[0], proven))
        else:
            report.append((item, result))
    return report


def _play(args: argparse.Namespace) -> None:
    """Play a game against cgt: the ruleset's position, read from standard input."""
    from .versus import PLAYABLE_KINDS, Match, play_in_terminal

    name = args.ruleset.lower().replace("_", "-")
    ruleset = RULESETS.get(name)
    if ruleset is None:
        close = suggest(name, list(RULESETS))
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        raise InvalidArgument(
            f"play: no ruleset is called {args.ruleset!r}{hint}; "
            f"the rulesets are the subcommands that read one position, as domineering"
        )
    if ruleset.kind not in PLAYABLE_KINDS:
        raise InvalidArgument(
            f"play: cgt cannot play {name}: it plays short games under normal play "
            f"(partizan or impartial rulesets), and {name} is {ruleset.kind}"
        )
    play_in_terminal(Match(ruleset.make(args.position), human=args.human, first=args.first))


# --- the old interface: bare expressions and --domineering style flags ----------------------
_OLD_FLAGS = ("--domineering", "--cram", "--col", "--snort")


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


def _hide_negatives(raw: list[str], valued: Sequence[str]) -> dict[str, str]:
    """Replace arguments like ``-1/2`` by placeholders (argparse takes them for options)."""
    hidden: dict[str, str] = {}
    for i, arg in enumerate(raw):
        if i > 0 and raw[i - 1] in valued:
            continue
        if _looks_like_expression(arg):
            key = f"\0{len(hidden)}"
            hidden[key] = arg
            raw[i] = key
    return hidden


def _unhide(args: argparse.Namespace, hidden: dict[str, str]) -> None:
    for name, value in vars(args).items():
        if isinstance(value, str):
            setattr(args, name, hidden.get(value, value))
        elif isinstance(value, list):
            setattr(args, name, [hidden.get(v, v) if isinstance(v, str) else v for v in value])


def suggest(text: str, names: Sequence[str], most: int = 5) -> list[str]:
    """The subcommand names a mistyped ``text`` may mean, best first (at most ``most``).

    Names containing ``text`` (those starting with it first, then the
    shorter); when none does, the name closest in spelling (difflib).

    >>> suggest("toads", ["toads-and-frogs", "backsliding-toads-and-frogs", "domineering"])
    ['toads-and-frogs', 'backsliding-toads-and-frogs']
    >>> suggest("domineerin", ["domineering", "cram"]), suggest("xyzzy", ["cram"])
    (['domineering'], [])
    """
    key = text.lower().replace("_", "-").replace(" ", "-")
    contained = [n for n in names if key in n]
    contained.sort(key=lambda n: (not n.startswith(key), len(n), n))
    if contained:
        return contained[:most]
    return difflib.get_close_matches(key, names, n=1, cutoff=0.6)


def _legacy(raw: list[str]) -> int:
    """Bare expressions (the ``value`` subcommand) and the old ``--domineering`` style flags."""
    p = argparse.ArgumentParser(prog=_PROG, epilog=_EPILOG, formatter_class=_formatter)
    p.add_argument("expression", nargs="*")
    for flag in _OLD_FLAGS:
        p.add_argument(flag, metavar="POSITION", help=argparse.SUPPRESS)
    p.add_argument("--moves", type=str.upper, choices=["L", "R"])
    p.add_argument("--unicode", action="store_true")
    p.add_argument("--json", action="store_true")
    p.add_argument("--demo", action="store_true")
    hidden = _hide_negatives(raw, (*_OLD_FLAGS, "--moves"))
    args = p.parse_intermixed_args(raw)
    _unhide(args, hidden)
    for text in args.expression[:1]:
        if text.replace("-", "").isalpha() and len(text) > 3:
            try:
                parse(text)
            except CGTError:
                close = suggest(text, list(build_parser()[1]))
                hint = f" (did you mean {' or '.join(close)}?)" if close else ""
                raise InvalidArgument(
                    f"{text!r} is no subcommand{hint} and no game expression; see: {_PROG} --help"
                ) from None
    if args.demo:
        _demo()
        return 0
    used = [flag for flag in _OLD_FLAGS if getattr(args, flag[2:]) is not None]
    for flag in used:
        print(
            f"cgt: {flag} is deprecated; write: {_PROG} {flag[2:]} POSITION",
            file=sys.stderr,
        )
    if args.moves and not used:
        _error("--moves needs a position: use a subcommand such as domineering")
        return 2
    if not used and not args.expression:
        p.print_usage(sys.stderr)
        return 2
    reports = [_report_position(RULESETS[f[2:]], getattr(args, f[2:]), args) for f in used]
    reports += [report_value(parse(text), args.unicode) for text in args.expression]
    _print_reports(reports, args.json)
    return 0


def _error(message: str) -> None:
    print(f"cgt: {message}", file=sys.stderr)


def _run(raw: list[str]) -> int:
    top, subs = build_parser()
    if not raw:
        top.print_usage(sys.stderr)
        _error(f"give a subcommand or an expression; see: {_PROG} --help")
        return 2
    if raw[0] in ("-h", "--help"):
        top.parse_args(raw[:1])  # prints the help and exits
    command = raw[0]
    if command not in subs:
        return _legacy(raw)
    p = subs[command]
    rest = raw[1:]
    hidden = _hide_negatives(rest, ("--moves", "--pawn", "--rule", "--to-move"))
    args = p.parse_intermixed_args(rest)
    _unhide(args, hidden)
    if args.work_limit is not None:
        from ._budget import work_limit

        with work_limit(args.work_limit):
            return _dispatch(command, args)
    return _dispatch(command, args)


def _steps(text: str) -> int:
    """``--work-limit``'s argument: a positive number of steps (``10**6`` and ``1e6`` read too)."""
    try:
        if "**" in text:
            base, _, power = text.partition("**")
            steps: int = int(base) ** int(power)
        else:
            steps = int(float(text)) if "e" in text.lower() else int(text)
    except (ValueError, OverflowError):
        raise argparse.ArgumentTypeError(f"not a number of steps: {text!r}") from None
    if steps < 1:
        raise argparse.ArgumentTypeError(f"a work limit is at least 1 step, not {text}")
    return steps


def _dispatch(command: str, args: argparse.Namespace) -> int:
    """Run one subcommand: a ruleset's report, or the handler :data:`_COMMANDS` names."""
    if command in RULESETS:
        _print_reports([_report_position(RULESETS[command], args.position, args)], args.json)
        return 0
    return _COMMANDS[command](args)


def _reporting(
    *make: Callable[[argparse.Namespace], Report],
) -> Callable[[argparse.Namespace], int]:
    """A subcommand that prints the reports ``make`` returns (text or JSON) and succeeds."""

    def run(args: argparse.Namespace) -> int:
        _print_reports([m(args) for m in make], args.json)
        return 0

    return run


def _values(args: argparse.Namespace) -> int:
    _print_reports([report_value(parse(text), args.unicode) for text in args.expression], args.json)
    return 0


def _store(args: argparse.Namespace) -> int:
    report, ok = _report_store(args)
    _print_reports([report], args.json)
    return 0 if ok else 1


def _play_command(args: argparse.Namespace) -> int:
    _play(args)
    return 0


# Each subcommand that is not a ruleset's, by name: what runs it (its exit status).
_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "value": _values,
    "loopy": _values,
    "hexapawn": _reporting(_report_hexapawn),
    "wythoff": _reporting(_report_wythoff),
    "heap": _reporting(_report_heap),
    "partizan-subtraction": _reporting(_report_partizan_subtraction),
    "chips": _reporting(_report_chips),
    "survey": _reporting(_report_survey),
    "play": _play_command,
    "store": _store,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); returns the exit status.

    Argument errors exit through :class:`SystemExit` with status 2, as argparse does.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     status = main(["{1|"])
    >>> status, err.getvalue().splitlines()[0]
    (2, 'cgt: unexpected end of text: expected a game at position 3')
    """
    raw = list(sys.argv[1:] if argv is None else argv)
    try:
        return _run(raw)
    except CGTError as err:
        _error(str(err))
        return 2
    except KeyboardInterrupt:
        _error("interrupted")
        return 130


# --- the tour -----------------------------------------------------------------------------
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
    print(f"  five Clobber boards: {says[_outcome_letter(match.outcome())]}; Left's winning moves:")
    for move in match.winning_moves("L")[:3]:
        print(f"    {move.description}")
    print("Loopy games")
    print(f"  {{0|pass}} = {parse('{0|pass}')}, on + off = {parse('on + off')}")
    toads = BackslidingToadsAndFrogs("ttt..fff")
    print(f"  Backsliding Toads and Frogs {toads}: {toads.outcome()}")
    print(f"More: {_PROG} --help")
