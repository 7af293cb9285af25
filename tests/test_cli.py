"""The command line, ``python -m cgt``: every subcommand, its text and JSON output.

Values printed are checked against values computed here another way: by
brute force over the positions' options (a recursion that builds the value
from the options' values, or a mex), by published values (with their
source), or by reading the printed text back with :func:`cgt.parse`.
"""

from __future__ import annotations

import json
import math
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.__main__ import main
from cgt.cli import RULESETS, build_parser
from cgt.games import ChipGame, Hexapawn, Wythoff


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    status, out, err = run(capsys, *args, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def labelled(out: str) -> dict[str, str]:
    """The ``label: value`` lines of a text report (list items are left out)."""
    pairs = [line.split(": ", 1) for line in out.splitlines() if ": " in line and line[0] != " "]
    return dict((k, v) for k, v in pairs)


# --- independent references ---------------------------------------------------------------
def brute_value(position: Any) -> cgt.Game:
    """The value built from the options' values by recursion, read by cgt.parse."""

    @cache
    def text(p: Any) -> str:
        left = ",".join(text(o) for o in p.left_options())
        right = ",".join(text(o) for o in p.right_options())
        return str(cgt.parse("{" + left + "|" + right + "}"))

    return cgt.parse(text(position))


def brute_grundy(position: Any) -> int:
    """The Grundy value as the mex of the options' values (no solver)."""
    seen = {brute_grundy(o) for o in position.options()}
    return next(n for n in range(len(seen) + 1) if n not in seen)


@cache
def brute_net_score(position: Any) -> int:
    """A scoring game's net score for the mover by plain minimax: a move that completes
    boxes scores them and the mover moves again."""
    best = None
    for move in position.moves():
        made = position.completes(move)
        rest = brute_net_score(position.play(move))
        score = made + rest if made else -rest
        best = score if best is None else max(best, score)
    return 0 if best is None else best


def brute_scores(position: Any) -> tuple[int, int]:
    """A scoring position's final scores by plain minimax, (Left first, Right first):
    a player with no move ends the game at her atom."""

    @cache
    def first(p: Any, left: bool) -> int:
        options = list(p.left_options() if left else p.right_options())
        if not options:
            return int(p.left_atom() if left else p.right_atom())
        scores = [first(o, not left) for o in options]
        return max(scores) if left else min(scores)

    return first(position, True), first(position, False)


@cache
def top_entails_wins(free: tuple[int, ...], entailed: int | None) -> bool:
    """Top Entails played out: split a heap in two, or take its top coin and entail the
    reply to that heap (an empty entailed heap: no move); ``free`` sorted."""
    heaps = [entailed] if entailed is not None else list(free)
    for i, h in enumerate(heaps):
        others = list(free) if entailed is not None else heaps[:i] + heaps[i + 1 :]
        for a in range(1, h):
            if not top_entails_wins(tuple(sorted([*others, a, h - a])), None):
                return True
        if h and not top_entails_wins(tuple(sorted(others)), h - 1):
            return True
    return False


@cache
def nimstring_wins(strings: tuple[tuple[str, str], ...]) -> bool:
    """Strings-and-Coins played out: cut a string; a player who captures (leaves a coin with
    no string) moves again; no string left: the player to move loses.  ``strings`` sorted."""
    for i in range(len(strings)):
        rest = strings[:i] + strings[i + 1 :]
        ends = {x for s in rest for x in s}
        took = any(x != "ground" and x not in ends for x in strings[i])
        if nimstring_wins(rest) == took:
            return True
    return False


def nimstring_strings(position: Any) -> tuple[tuple[str, str], ...]:
    pairs = (sorted(map(str, s)) for s in position.strings)
    return tuple(sorted((a, b) for a, b in pairs))


def entailing_winners(position: Any) -> list[Any]:
    """The moves of a Top Entails or Nimstring position that win by the searches above."""
    from cgt.games.nimstring import Nimstring

    out = []
    for m in position.moves():
        after = position.play(m)
        if isinstance(position, Nimstring):
            took = position.captures(m) > 0
            if nimstring_wins(nimstring_strings(after)) == took:
                out.append(m)
        else:
            ent = None if after.entailed is None else after.heaps[after.entailed]
            free = [h for i, h in enumerate(after.heaps) if i != after.entailed]
            if not top_entails_wins(tuple(sorted(free)), ent):
                out.append(m)
    return out


def mover_wins(h: Hexapawn, memo: dict[tuple[Any, ...], bool] | None = None) -> bool:
    """Hexapawn by plain minimax: promoting wins (loses in misère), no move loses."""
    memo = {} if memo is None else memo
    key = (h.board, h.to_move, h.pawn, h.misere)
    if key not in memo:
        memo[key] = any(
            not h.misere if h.promotes(move) else not mover_wins(h.play(move), memo)
            for move in h.moves()
        )
    return memo[key]


def wythoff_p_positions(limit: int) -> set[tuple[int, int]]:
    """The P-positions (floor(n phi), floor(n phi^2)) and their mirrors (Wythoff 1907)."""
    phi = (1 + math.sqrt(5)) / 2
    pairs = {(math.floor(n * phi), math.floor(n * phi * phi)) for n in range(limit)}
    return pairs | {(b, a) for a, b in pairs}


# --- value and loopy --------------------------------------------------------------------------
def test_value_is_labelled_and_matches_published_invariants(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # {3||2|1}: temperature 3/4 and mean 9/4 (Winning Ways, ch. 6; Siegel, CGT, II.5).
    status, out, _ = run(capsys, "value", "{3||2|1}")
    assert status == 0
    assert labelled(out) == {
        "value": "{3||2|1}",
        "outcome": "L",
        "birthday": "4",
        "temperature": "3/4",
        "mean": "9/4",
        "left stop": "3",
        "right stop": "2",
    }


@pytest.mark.parametrize("text", ["{3||2|1} + ^ + *", "{1|0}", "-1/2", "*3 + *5", "+-1 + +-1"])
def test_value_json_reads_back(capsys: pytest.CaptureFixture[str], text: str) -> None:
    data = run_json(capsys, "value", text)
    g = cgt.parse(text)
    assert cgt.parse(data["value"]) == g
    assert data["outcome"] == g.outcome().name
    assert data["birthday"] == g.birthday()
    assert cgt.parse(data["left_stop"]) == cgt.number(str(g.left_stop()))
    assert data["temperature"] == str(g.temperature())


def test_bare_expressions_are_the_value_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    _, via_value, _ = run(capsys, "value", "{1|0}", "^*")
    status, bare, err = run(capsys, "{1|0}", "^*")
    assert status == 0 and bare == via_value and err == ""
    reports = bare.split("\n\n")
    assert len(reports) == 2 and reports[1].startswith("value: ^*")


def test_several_expressions_give_one_json_object_a_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "value", "1", "*", "--json")
    assert status == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["value"] for o in objects] == ["1", "*"]
    assert [o["outcome"] for o in objects] == ["L", "N"]


def test_loopy_values(capsys: pytest.CaptureFixture[str]) -> None:
    # on + off = dud, a draw from both starts (Siegel, CGT, ch. VI).
    data = run_json(capsys, "loopy", "on + off")
    assert data == {"value": "dud", "left_first": "draw", "right_first": "draw"}
    assert str(cgt.parse("on + off")) == data["value"]
    # on > 0 and Left wins from both starts: outcome L.
    assert run_json(capsys, "loopy", "on")["outcome"] == "L"
    data = run_json(capsys, "loopy", "on & off")
    assert (data["onside"], data["offside"]) == ("on", "off")
    status, out, _ = run(capsys, "loopy", "upon")
    assert status == 0 and labelled(out)["value"] == "^[on]"


# --- rulesets read from one argument ------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_subcommand_against_brute_force(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    ruleset = RULESETS[name]
    position = ruleset.make(ruleset.example)
    data = run_json(capsys, name, ruleset.example)
    if ruleset.kind == "impartial":
        assert data["grundy"] == brute_grundy(position)
        assert data["outcome"] == ("P" if data["grundy"] == 0 else "N")
    elif ruleset.kind == "partizan":
        value = cgt.parse(data["value"])
        assert value == brute_value(position)
        assert data["outcome"] == value.outcome().name
    elif ruleset.kind == "scoring":  # Kobber, Diskonnect: Ls and Rs by minimax of the scores
        ls, rs = brute_scores(position)
        assert (int(data["left_score"]), int(data["right_score"])) == (ls, rs)
        assert data["value"] == str(position.value())
        # komi 0: Left wins a play ending above 0, Right one ending at 0 or below
        assert data["outcome"] == {(True, True): "N", (True, False): "L"}.get(
            (ls > 0, rs <= 0), "R" if rs <= 0 else "P"
        )
    elif ruleset.kind == "other" and "value" in data:  # entailing moves: Top Entails, Nimstring
        assert data["value"] == str(position.value())
        assert data["outcome"] == position.value().outcome().name
        assert len(data["winning_moves"]) == len(entailing_winners(position))
    elif ruleset.kind == "other":  # a scoring game: the mover's net score with best play
        assert data["net_score"] == brute_net_score(position)
        for move in data["best_moves"]:
            made = position.completes(move)
            rest = brute_net_score(position.play(move))
            assert (made + rest if made else -rest) == data["net_score"]
    else:
        outcome = position.outcome()
        words = {"L": "Left", "R": "Right", "D": "draw"}
        assert data["left_first"] == words[outcome.left_first.value]
        assert data["right_first"] == words[outcome.right_first.value]
    status, out, _ = run(capsys, name, ruleset.example)
    assert status == 0 and out.splitlines()[0].split(": ")[0] in (
        "value",
        "grundy",
        "board",
        "position",
    )


def test_scoring_rulesets_print_scores(capsys: pytest.CaptureFixture[str]) -> None:
    # the Scoring Games Calculator guide's Diskonnect example, worth <<2|^2>|^2>
    status, out, _ = run(capsys, "diskonnect", "...|..o|xo.", "--unicode")
    assert status == 0 and labelled(out)["value"] == "\u27e8\u27e82|\u22052\u27e9|\u22052\u27e9"
    data = run_json(capsys, "kobber", "3: xo")  # <0|0> and 3 points won: <3|3>
    assert (data["value"], data["left_score"], data["right_score"]) == ("<3|3>", "3", "3")
    status, _, err = run(capsys, "kobber", "a: xo")
    assert status != 0 and "must be an integer" in err


@pytest.mark.parametrize("text", ["[7] 4", "4 2 6", "3 3", "[3] 1 2", "5", "1 4", "[0] 2", "2,2,4"])
def test_top_entails_against_the_search(capsys: pytest.CaptureFixture[str], text: str) -> None:
    from cgt.games.top_entails import TopEntails

    position = TopEntails.parse(text)
    data = run_json(capsys, "top-entails", text)
    assert TopEntails.parse(data["position"]) == position
    assert data["value"] == str(position.value())
    free = [h for i, h in enumerate(position.heaps) if i != position.entailed]
    ent = None if position.entailed is None else position.heaps[position.entailed]
    wins = top_entails_wins(tuple(sorted(free)), ent)
    assert data["outcome"] == ("N" if wins else "P")
    expected = []
    for m in entailing_winners(position):  # described here from the move itself
        if m[0] == "top":
            expected.append(f"take the top coin of heap {m[1]}")
        else:
            expected.append(f"split heap {m[1]} into {m[2]} and {position.heaps[m[1]] - m[2]}")
    assert data["winning_moves"] == expected
    assert bool(expected) == wins


@pytest.mark.parametrize(
    "text",
    [
        "2x2: h0,0 h0,1",
        "1x2: h0,0 h1,0 h0,1 v0,0",
        "1x3",
        "ground-a a-b b-ground",
        "ground-a a-b b-c c-ground",
        "a-b b-c c-a a-ground",
        "ground-a ground-a a-b",
    ],
)
def test_nimstring_against_the_search(capsys: pytest.CaptureFixture[str], text: str) -> None:
    from cgt.games.nimstring import Nimstring

    position = Nimstring.parse(text)
    data = run_json(capsys, "nimstring", text)
    assert Nimstring.parse(data["position"]) == position
    assert data["value"] == str(position.value())
    wins = nimstring_wins(nimstring_strings(position))
    assert data["outcome"] == ("N" if wins else "P")
    winners = entailing_winners(position)
    assert len(data["winning_moves"]) == len(winners) and bool(winners) == wins
    for line, (u, v, _) in zip(data["winning_moves"], winners, strict=True):
        ends = [str(x).replace(" ", "") for x in (u, v)]
        assert line.startswith(f"cut {ends[0]}-{ends[1]}")
        assert ("capturing" in line) == (position.captures((u, v, _)) > 0)
    status, out, _ = run(capsys, "nimstring", text)
    assert status == 0 and labelled(out)["value"] == data["value"]


def test_nimstring_of_a_board_is_its_strings_and_coins(capsys: pytest.CaptureFixture[str]) -> None:
    from cgt.games import DotsAndBoxes

    board = "2x2: h0,0 v1,2 h2,1"
    graph = DotsAndBoxes.parse(board).strings_and_coins()
    printed = run_json(capsys, "nimstring", board)["position"].split()
    assert len(printed) == graph.number_of_edges()
    ground = sorted(p for p in printed if "ground" in p)
    # every edge to the ground once per undrawn border line
    assert len(ground) == graph.degree("ground")


def test_published_position_values(capsys: pytest.CaptureFixture[str]) -> None:
    # Winning Ways, ch. 2: Domineering on 2x2 is +-1, on 2x3 {2|-1/2};
    # Col on a path L-.-.-R is 0 (the middle vertices cancel).
    assert run_json(capsys, "domineering", "..|..")["value"] == "+-1"
    assert run_json(capsys, "domineering", "...|...")["value"] == "{2|-1/2}"
    assert run_json(capsys, "col", "L-.-.-R")["value"] == "0"
    # Cutcake 2x3 and Toppling Dominoes LLL (Winning Ways, ch. 2 and Siegel): 0 and 3.
    assert run_json(capsys, "toppling-dominoes", "LLL")["value"] == "3"


def test_winning_moves_of_a_domineering_grid(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "domineering", "...|...", "--moves", "L")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "value: {2|-1/2}"
    assert lines[-2:] == ["winning moves for Left:", "  vertical domino on (0, 1) and (1, 1)"]
    data = run_json(capsys, "domineering", "..|..", "--moves", "r")
    assert data["winning_moves_for_right"] == [
        "horizontal domino on (0, 0) and (0, 1)",
        "horizontal domino on (1, 0) and (1, 1)",
    ]


def test_winning_moves_win(capsys: pytest.CaptureFixture[str]) -> None:
    """Each listed move leaves a position the mover wins moving second (brute force)."""
    from cgt.games import Clobber

    board = "xox.x|.xoxo"
    data = run_json(capsys, "clobber", board, "--moves", "L")
    position = Clobber(board)
    winning = {
        position.describe_move(o)
        for o in position.left_options()
        if brute_value(o) >= 0  # Left moved: Left wins when Right starts
    }
    assert set(data["winning_moves_for_left"]) == winning


def test_no_winning_move_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "col", "L-.-.-R", "--moves", "L")
    assert status == 0 and out.splitlines()[-1] == "winning moves for Left: none"
    data = run_json(capsys, "cram", "...|...|...", "--moves", "L")
    assert data["winning_moves_for_left"] == [] and data["grundy"] == 0


# --- Hexapawn, Wythoff, heaps, chips -----------------------------------------------------------
def test_hexapawn(capsys: pytest.CaptureFixture[str]) -> None:
    # Gardner (1962): Black wins 3x3 Hexapawn.
    status, out, _ = run(capsys, "hexapawn", "3", "3")
    assert status == 0
    assert labelled(out)["winner"] == "black"
    assert out.splitlines()[-1] == "winning moves: none"
    for args, h in [
        (["4", "4"], Hexapawn(4, 4)),
        (["3", "3", "--pawn", "berolina"], Hexapawn(3, 3, pawn="berolina")),
        (["3", "4", "--misere"], Hexapawn(3, 4, misere=True)),
        (["B.B|.W.|W.W", "--to-move", "black"], Hexapawn("B.B|.W.|W.W", to_move="black")),
    ]:
        data = run_json(capsys, "hexapawn", *args)
        mover = h.to_move
        other = "black" if mover == "white" else "white"
        assert data["winner"] == (mover if mover_wins(h) else other)
        assert data["to_move"] == mover
        assert data["board"] == h.board
        winning = [
            str(m)
            for m in h.moves()
            if (not h.misere if h.promotes(m) else not mover_wins(h.play(m)))
        ]
        assert data["winning_moves"] == winning


def test_wythoff(capsys: pytest.CaptureFixture[str]) -> None:
    p_positions = wythoff_p_positions(20)
    status, out, _ = run(capsys, "wythoff", "3", "5")
    assert status == 0 and labelled(out)["outcome"] == "P" and (3, 5) in p_positions
    data = run_json(capsys, "wythoff", "4", "5")
    assert data["outcome"] == "N" and data["grundy"] == Wythoff([(4, 5)]).mex_check()
    targets = {
        tuple(int(c) for c in move.split(" to ")[1].strip("()").split(", "))
        for move in data["winning_moves"]
    }
    below = {(a, b) for a, b in p_positions if a <= 4 and b <= 5 and (a, b) != (4, 5)}
    reachable = {(a, b) for a, b in below if a == 4 or b == 5 or 4 - a == 5 - b}
    assert targets == reachable and targets
    data = run_json(capsys, "wythoff", "1", "2", "1", "2")  # two equal queens: P
    assert data["outcome"] == "P" and data["queens"] == ["(1, 2)", "(1, 2)"]


def test_heap_games(capsys: pytest.CaptureFixture[str]) -> None:
    # Kayles (octal 0.77): G(0..20) from OEIS A002186; period 12 after 71 values
    # (Guy and Smith 1956).
    kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    data = run_json(capsys, "heap", "0.77", "20")
    assert data["sequence"] == kayles
    assert data["periodicity"] == {"preperiod": 71, "period": 12}
    assert data["grundy"] == kayles[20] and data["outcome"] == "N"
    assert data["winning_moves"] == ["take 2 from heap 0 (20), leaving 9 and 9"]
    assert kayles[9] ^ kayles[9] == 0
    # Subtraction {1,2,3}: G(n) = n mod 4; a sum of heaps xors.
    data = run_json(capsys, "heap", "{1,2,3}", "5", "6", "--sequence", "12")
    assert data["sequence"] == [n % 4 for n in range(12)]
    assert data["grundy"] == (5 % 4) ^ (6 % 4)
    assert data["periodicity"] == {"preperiod": 0, "period": 4}
    status, out, _ = run(capsys, "heap", "0.6", "--search", "256")
    assert status == 0 and labelled(out)["periodicity"] == "none"  # Officers: not proven


def test_chips(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "chips", "4", "6", "8", "--rule", "A")
    assert status == 0 and labelled(out)["winner"] == "second"
    for squares, rule in [([2, 4, 5, 6, 8], "C"), ([3, 5, 7], "A"), ([2, 3, 6], "D")]:
        data = run_json(capsys, "chips", *map(str, squares), "--rule", rule)
        g = ChipGame(squares, rule)
        assert data["winner"] == g.winner(method="search")
        moves = [f"move the chip on {a} to {b}" for a, b in g.winning_moves(method="search")]
        assert data["winning_moves"] == moves
        if rule == "C":
            assert data["grundy"] == brute_grundy(g)
        else:
            assert "grundy" not in data


def test_partizan_subtraction(capsys: pytest.CaptureFixture[str]) -> None:
    from cgt.games import PartizanSubtraction

    game = PartizanSubtraction({1, 3}, {2})
    data = run_json(capsys, "partizan-subtraction", "{1,3}", "{2}", "4", "5", "--moves", "R")
    position = game(4, 5)
    assert cgt.parse(data["value"]) == brute_value(position)
    assert data["heaps"] == [4, 5]
    winning = [position.describe_move(o) for o in position.right_options() if brute_value(o) <= 0]
    assert data["winning_moves_for_right"] == winning
    # {1} against {2}: heaps of 1, 2, 3 are 1, {1|0}, 0 (the class's documented values).
    for heap, value in [("1", "1"), ("2", "{1|0}"), ("3", "0")]:
        assert run_json(capsys, "partizan-subtraction", "{1}", "{2}", heap)["value"] == value


def test_ctrl_c_is_a_message_and_status_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import cgt.cli

    def interrupted(args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setitem(cgt.cli._COMMANDS, "wythoff", interrupted)
    assert run(capsys, "wythoff", "3", "5") == (130, "", "cgt: interrupted\n")


# --- every subcommand: JSON, help, errors ------------------------------------------------------
EXAMPLES = {
    "value": ["{1|0}"],
    "loopy": ["on + off"],
    "hexapawn": ["3", "3"],
    "wythoff": ["3", "5"],
    "heap": ["0.77", "20"],
    "chips": ["4", "6", "8"],
    "partizan-subtraction": ["{1}", "{2}", "2", "3"],
    "survey": ["domineering", "--box", "2x2", "--workers", "0"],
    **{name: [r.example] for name, r in RULESETS.items()},
}


@pytest.mark.slow
def test_every_subcommand_has_json_output_and_help_with_an_example(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from cgt.store import Store

    _, subs = build_parser()
    store = tmp_path / "values.sqlite"
    with Store(store) as s:
        s.put_grundy("Toy", 1, 1)
    examples = {**EXAMPLES, "store": ["verify", str(store), "--sample", "10"]}
    # play is a conversation on standard input, not a report (tests/test_versus.py)
    assert set(subs) == set(examples) | {"play"}
    for name, args in [*examples.items(), ("play", [])]:
        if args:
            data = run_json(capsys, name, *args)
            assert data, name
        with pytest.raises(SystemExit) as done:
            main([name, "--help"])
        assert done.value.code == 0
        text = capsys.readouterr().out
        assert "example:" in text and f"python -m cgt {name}" in text
        assert "``" not in text and ":func:" not in text


def test_top_help_is_plain_text_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "examples:" in text and "python -m cgt hexapawn 3 3" in text
    for markup in ("``", ":func:", ":class:", "::", ">>>"):
        assert markup not in text
    for name in EXAMPLES:
        assert name in text


@pytest.mark.parametrize(
    "args",
    [
        ["{1|?}"],
        ["value", "{1|"],
        ["domineering", "..x"],
        ["wythoff", "3"],
        ["wythoff", "3", "x"],
        ["heap", "0.8x", "3"],
        ["hexapawn", "3"],
        ["chips", "0", "1"],
        ["cutcake", "2by3"],
        ["top-entails", "4 x"],
        ["top-entails", "[1] [2]"],
        ["top-entails", "-3"],
        ["nimstring", "a-b-c"],
        ["nimstring", "a-a"],
        ["nimstring", "2x99"],
        ["hexapwn", "3", "3"],
    ],
)
def test_errors_are_one_message_and_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith("cgt: ") and "Traceback" not in err
    first = err.splitlines()[0]
    if len(err.splitlines()) > 1:  # a parse error: the text and a caret under the fault
        assert err.splitlines()[-1].strip() == "^"
    assert len(first) > len("cgt: ")


def test_misspelt_subcommands_are_suggested(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "hexapwn", "3", "3")
    assert "did you mean hexapawn?" in err


def test_argument_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["domineering", "..", "--moves", "up"])
    assert done.value.code == 2 and "invalid choice" in capsys.readouterr().err
    assert main([]) == 2
    assert "python -m cgt --help" in capsys.readouterr().err


# --- the old interface ----------------------------------------------------------------------
def test_old_flags_still_work_with_a_deprecation_note(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "-2", "--domineering", "..|..", "--cram", "...")
    assert status == 0
    assert "--domineering is deprecated" in err and "python -m cgt domineering" in err
    assert "--cram is deprecated" in err
    reports = [labelled(block) for block in out.split("\n\n")]
    assert reports[0]["value"] == "+-1"
    assert reports[1] == {"grundy": "1", "outcome": "N"}  # Cram 1x3: one move, *1
    assert reports[2]["value"] == "-2"


def test_old_moves_flag(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--snort", ".-.", "--moves", "L")
    assert status == 0
    assert out.splitlines()[-3:] == [
        "winning moves for Left:",
        "  colour vertex 0 blue",
        "  colour vertex 1 blue",
    ]
    status, _, err = run(capsys, "{1|-1}", "--moves", "L")
    assert status == 2 and err.startswith("cgt: --moves needs a position")


# --- through the interpreter ------------------------------------------------------------------
def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cgt", *args], capture_output=True, text=True, timeout=120
    )


def test_module_entry_point_runs_the_demo() -> None:
    done = _cli("--demo")
    assert done.returncode == 0, done.stderr
    assert "{-2,1,3|0,1,5}     = {3|0}" in done.stdout
    assert "Periodicity(preperiod=71, period=12)" in done.stdout


def test_negative_numbers_and_expressions_starting_with_minus() -> None:
    done = _cli("-1/2", "-{1|0}", "-{1|0} + 1", "-^*", "3", "--unicode", "-5/8", "-v")
    assert done.returncode == 0, done.stderr
    values = [line.split(": ")[1] for line in done.stdout.splitlines() if line[:7] == "value: "]
    assert values == ["−½", "{0|−1}", "{1|0}", "↓*", "3", "−⅝", "↑"]
    done = _cli("value", "-1/2", "--json")
    assert json.loads(done.stdout)["value"] == "-1/2"


def test_huge_numbers_on_the_command_line() -> None:
    done = _cli("-" + "9" * 5000, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["value"] == "-" + "9" * 5000 and data["birthday"] == "9" * 5000


def test_errors_through_the_interpreter_have_no_traceback() -> None:
    done = _cli("-{1|")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("cgt: ") and "^" in done.stderr
    done = _cli("wythoff", "-3", "5")
    assert done.returncode == 2 and done.stderr == "cgt: x must be non-negative, got -3\n"


def test_module_docstring_examples() -> None:
    """pytest does not collect doctests from ``__main__.py``: run them here."""
    import doctest

    import cgt.__main__

    failed, _ = doctest.testmod(cgt.__main__, optionflags=doctest.ELLIPSIS)
    assert failed == 0


# --- the docs -------------------------------------------------------------------------------
DOCS = Path(__file__).resolve().parent.parent / "docs" / "guide"


def console_examples(path: Path) -> list[tuple[list[str], list[str]]]:
    """The ``$ python -m cgt ...`` commands of a page's console blocks, with their output."""
    examples: list[tuple[list[str], list[str]]] = []
    in_block = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(".. code-block:: console"):
            in_block = True
        elif in_block and line and not line.startswith(" "):
            in_block = False
        elif in_block and line.startswith("   $ python -m cgt "):
            examples.append((shlex.split(line[len("   $ python -m cgt ") :]), []))
        elif in_block and line.startswith("   ") and examples:
            examples[-1][1].append(line[3:])
    return examples


@pytest.mark.parametrize("page", ["cli.rst", "playing.rst", "campaigns.rst"])
def test_the_console_examples_of_the_docs_are_true(
    capsys: pytest.CaptureFixture[str], page: str
) -> None:
    examples = console_examples(DOCS / page)
    assert examples
    for args, expected in examples:
        main(args)
        out, err = capsys.readouterr()
        assert (out + err).splitlines() == expected, args


def test_a_work_limit_stops_a_long_computation_with_an_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--work-limit STEPS`` (every subcommand): a computation past the budget ends with one
    ``cgt:`` line and status 2; within it, the answer is the one without a limit; the budget
    is the command's only (none is left behind)."""
    cgt.clear_caches()
    board = "|".join(["......"] * 5)
    assert main(["domineering", board, "--work-limit", "2000"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cgt: ") and "work budget of 2,000 steps" in err
    assert cgt.work_left() is None
    assert main(["domineering", "...|...", "--json", "--work-limit", "10**6"]) == 0
    limited = json.loads(capsys.readouterr().out)
    assert main(["domineering", "...|...", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == limited
    assert main(["heap", "0.07", "--sequence", "20", "--work-limit", "1e6"]) == 0
    assert "sequence: 0 0 1 1 2 0 3 1 1 0 " in capsys.readouterr().out  # OEIS A002187
    for bad in ("0", "-5", "many", "1e999"):
        with pytest.raises(SystemExit) as stop:
            main(["value", "*", "--work-limit", bad])
        assert stop.value.code == 2
        assert "--work-limit" in capsys.readouterr().err


def test_every_subcommand_is_a_ruleset_or_has_a_handler() -> None:
    """The subcommands run through two registries, the rulesets' and ``_COMMANDS``: none is
    missing from both (it would fail at run time), none is in both."""
    from cgt.cli import _COMMANDS

    _, subs = build_parser()
    assert set(subs) == set(_COMMANDS) | set(RULESETS)
    assert not set(_COMMANDS) & set(RULESETS)
