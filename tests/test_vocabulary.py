"""One vocabulary for who wins: cgt.Outcome everywhere, the rulesets' words as OutcomeWords.

Every ruleset's ``outcome()`` is checked against something computed another
way: a brute-force search over the public moves of the position (Hexapawn,
chip games, Wythoff, misère heaps), or the outcome class of the canonical
value (partizan rulesets).
"""

from __future__ import annotations

import copy
import inspect
import itertools
import pickle
from collections.abc import Callable
from functools import cache
from typing import Any

import networkx as nx
import pytest

import cgt
from cgt import Outcome, OutcomeWord
from cgt.errors import InvalidArgument, NotImpartial, WrongType
from cgt.games import (
    Amazons,
    ArcKayles,
    ChipGame,
    Clobber,
    Col,
    Cram,
    Cutcake,
    Domineering,
    Eatcake,
    ElephantsAndRhinos,
    Fission,
    Hackenbush,
    Hexapawn,
    Konane,
    NodeKayles,
    NoGo,
    OctalGame,
    PartizanSubtraction,
    Push,
    Shove,
    SkiJumps,
    Snort,
    SubtractionGame,
    ToadsAndFrogs,
    ToppingDominoes,
    TopplingDominoes,
    Wythoff,
)
from cgt.games.hexapawn import three_row_winner
from cgt.games.registry import rulesets
from cgt.games.wythoff import misere_p_positions

# --- Outcome and OutcomeWord themselves ------------------------------------------------


def test_outcome_words_compare_with_their_outcome_both_ways() -> None:
    for word, kind in itertools.product(["white", "black", "first", "second"], Outcome):
        w = OutcomeWord(word, kind)
        assert isinstance(w, str)
        assert w == word and word == w and str(w) == word and repr(w) == repr(word)
        assert w == kind and kind == w
        assert (w != kind) is False and (kind != w) is False
        for other in Outcome:
            if other is not kind:
                assert w != other and other != w
        assert w.outcome is kind
        # it hashes as its word: sets and dicts of words keep working
        assert hash(w) == hash(word) and {word: 1}[w] == 1
        assert w in {word} and w in [kind]


def test_outcome_members_still_equal_their_letters() -> None:
    for kind in Outcome:
        assert kind == kind.value and hash(kind) == hash(kind.value)
        assert {kind.value: 1}[kind] == 1
        assert kind != "white"


def test_outcome_and_words_pickle_and_copy() -> None:
    for kind in Outcome:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(kind, protocol)) is kind
    w = OutcomeWord("black", Outcome.P)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(w, protocol))
        assert type(back) is OutcomeWord and back == "black" and back.outcome is Outcome.P
    for back in (copy.copy(w), copy.deepcopy(w)):
        assert back == "black" and back.outcome is Outcome.P
    results = pickle.loads(pickle.dumps([Hexapawn(3, 3).winner(), ChipGame([2]).winner()]))
    assert results == [Outcome.P, Outcome.N] and results == ["black", "first"]


def test_outcome_reads_the_words() -> None:
    assert Outcome("first") is Outcome("next") is Outcome("N") is Outcome.N
    assert Outcome("Second") is Outcome("previous") is Outcome("p") is Outcome.P
    assert Outcome("left") is Outcome.L and Outcome(" Right ") is Outcome.R
    with pytest.raises(ValueError):
        Outcome("white")  # who White is depends on the position: not an outcome class


def test_outcome_word_bad_input() -> None:
    with pytest.raises(InvalidArgument, match="not an outcome class"):
        OutcomeWord("white", "Q")
    with pytest.raises(WrongType):
        OutcomeWord(3, Outcome.N)  # type: ignore[arg-type]
    assert issubclass(InvalidArgument, ValueError)


# --- Hexapawn -----------------------------------------------------------------------------


@cache
def _brute_mover_wins(board: str, to_move: str, pawn: str, misere: bool) -> bool:
    """Whether the side to move wins, by plain search over the public move API."""
    h = Hexapawn(board, pawn=pawn, misere=misere, to_move=to_move)
    moves = h.moves()
    if not moves:
        return misere  # no move: loses in normal play, wins in misère
    for m in moves:
        if h.promotes(m):
            if not misere:
                return True
            continue  # promoting loses in misère
        child = h.play(m)
        if not _brute_mover_wins(child.board, child.to_move, pawn, misere):
            return True
    return False


def _hexapawn_positions() -> list[Hexapawn]:
    out = []
    for columns, rows in [(2, 3), (3, 3), (4, 3), (3, 4), (2, 4)]:
        for pawn in ("normal", "berolina", "berolina_plus"):
            for misere in (False, True):
                start = Hexapawn(columns, rows, pawn=pawn, misere=misere)
                out.append(start)
                # a few positions reached by play, with either side to move
                pos = start
                for ply in range(4):
                    moves = [m for m in pos.moves() if not pos.promotes(m)]
                    if not moves:
                        break
                    pos = pos.play(moves[ply % len(moves)])
                    out.append(pos)
    return out


@pytest.mark.parametrize("h", _hexapawn_positions(), ids=repr)
def test_hexapawn_outcome_agrees_with_brute_force_and_winner(h: Hexapawn) -> None:
    kind = h.outcome()
    assert type(kind) is Outcome and kind in (Outcome.N, Outcome.P)
    mover_wins = _brute_mover_wins(h.board, h.to_move, h.pawn, h.misere)
    assert (kind is Outcome.N) == mover_wins
    assert h.outcome("search") is kind
    w = h.winner()
    assert type(w) is OutcomeWord and w.outcome is kind and w == kind
    # the words: the side to move wins exactly when the outcome is N
    assert w == (h.to_move if mover_wins else ("black" if h.to_move == "white" else "white"))
    if h.moves():  # (in misère a player with no move wins without one)
        assert bool(h.winning_moves()) == (kind is Outcome.N)
    with pytest.warns(DeprecationWarning, match=r"outcome\(\)"):
        assert h.wins_for_mover() == mover_wins


def test_hexapawn_start_words_mean_first_and_second() -> None:
    # White moves first: a White win is N, a Black win is P (Gardner: 3 x 3 is Black's)
    black, white = Hexapawn(3, 3).winner(), Hexapawn(4, 3).winner()
    assert black == "black" and black == Outcome.P
    assert white == "white" and white == Outcome.N
    assert Hexapawn(3, 3).winner() == cgt.Outcome.P  # the example
    for n in range(1, 9):
        theory, search = three_row_winner(n), Hexapawn(n, 3).winner("search")
        assert theory == search and theory.outcome is search.outcome
        assert theory.outcome is Hexapawn(n, 3).outcome("theory")
    huge = Hexapawn(10**100, 3)
    assert huge.winner() == "black" and huge.outcome() is Outcome.P


def test_hexapawn_progress_keyword_is_checked() -> None:
    with pytest.raises(WrongType):
        Hexapawn(3, 3).outcome(progress="yes")  # type: ignore[arg-type]


# --- chip games ------------------------------------------------------------------------------


@cache
def _brute_first_wins(squares: tuple[int, ...], rule: str) -> bool:
    if rule in "AB" and squares and squares[0] == 1:
        return rule == "B"  # the previous player put a chip on square 1
    g = ChipGame(squares, rule)
    moves = g.moves()
    if not moves:
        return rule == "D"
    return any(not _brute_first_wins(g.play(m).squares, rule) for m in moves)


def _chip_positions() -> list[tuple[tuple[int, ...], str]]:
    out = []
    for k in range(4):
        for squares in itertools.combinations(range(1, 8), k):
            for rule in "ABCD":
                out.append((squares, rule))
    return out


def test_chip_outcome_agrees_with_brute_force_and_winner() -> None:
    seen = set()
    for squares, rule in _chip_positions():
        g = ChipGame(squares, rule)
        kind = g.outcome()
        assert type(kind) is Outcome
        assert (kind is Outcome.N) == _brute_first_wins(squares, rule), (squares, rule)
        assert g.outcome("search") is kind is g.outcome("theory")
        w = g.winner()
        assert type(w) is OutcomeWord and w == kind and w.outcome is kind
        assert w == ("first" if kind is Outcome.N else "second")
        assert Outcome(w) is kind  # the word read back as an outcome class
        seen.add(kind)
    assert seen == {Outcome.N, Outcome.P}


def test_chip_misere_outcome_is_rule_d() -> None:
    for squares in itertools.combinations(range(1, 8), 3):
        assert ChipGame(squares, "C").misere_outcome() is ChipGame(squares, "D").outcome()
    with pytest.raises(NotImpartial, match="rule D"):
        ChipGame([2, 3], "A").misere_outcome()


# --- impartial positions: Wythoff and heaps ----------------------------------------------------


@cache
def _wythoff_p(x: int, y: int, misere: bool) -> bool:
    moves = [(x - k, y) for k in range(1, x + 1)]
    moves += [(x, y - k) for k in range(1, y + 1)]
    moves += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    if not moves:
        return not misere  # (0, 0): the player to move cannot move
    return not any(_wythoff_p(a, b, misere) for a, b in moves)


def test_wythoff_outcomes_by_brute_force() -> None:
    misere_p = set(misere_p_positions(12))
    for x, y in itertools.product(range(9), repeat=2):
        w = Wythoff([(x, y)])
        assert w.outcome() is (Outcome.P if _wythoff_p(x, y, False) else Outcome.N)
        assert w.misere_outcome() is (Outcome.P if _wythoff_p(x, y, True) else Outcome.N)
        assert ((x, y) in misere_p) == _wythoff_p(x, y, True)


@cache
def _misere_p(game: OctalGame, heaps: tuple[int, ...]) -> bool:
    options = {tuple(sorted(o.heaps)) for o in game(*heaps).options()}
    if not options:
        return False  # no move: the player to move wins in misère
    return not any(_misere_p(game, o) for o in options)


def test_heap_outcomes_normal_and_misere() -> None:
    for game in (OctalGame("0.77"), OctalGame("0.07"), SubtractionGame({1, 2, 4})):
        for heaps in [(n,) for n in range(10)] + [(1, 2), (3, 3), (1, 4, 5)]:
            p = game(*heaps)
            assert p.outcome() is (Outcome.P if p.grundy() == 0 else Outcome.N)
            if isinstance(game, OctalGame):
                assert p.misere_outcome() is (
                    Outcome.P if _misere_p(game, tuple(sorted(heaps))) else Outcome.N
                )
    kayles = OctalGame("0.77")
    assert cgt.impartial.misere_outcome(kayles(4)) is kayles(4).misere_outcome() is Outcome.P


# --- every ruleset answers with an Outcome -------------------------------------------------------

SAMPLES: dict[str, Callable[[], list[Any]]] = {
    "Amazons": lambda: [Amazons("x.o"), Amazons("x..")],
    "ArcKayles": lambda: [ArcKayles(nx.path_graph(4)), ArcKayles(nx.cycle_graph(4))],
    "ChipGame": lambda: [ChipGame([2, 4, 5]), ChipGame([1, 3], "B")],
    "Clobber": lambda: [Clobber("xo"), Clobber("xoo"), Clobber("xox|o.o")],
    "Col": lambda: [Col(nx.path_graph(3)), Col(nx.cycle_graph(4))],
    "Cram": lambda: [Cram("..|.."), Cram("...|...")],
    "Cutcake": lambda: [Cutcake(2, 4), Cutcake(3, 3)],
    "Domineering": lambda: [Domineering("..|.."), Domineering("...|..."), Domineering("...")],
    "Eatcake": lambda: [Eatcake(1, 2), Eatcake(2, 3)],
    "ElephantsAndRhinos": lambda: [ElephantsAndRhinos("e..r"), ElephantsAndRhinos("e.r")],
    "Fission": lambda: [Fission(".|x|."), Fission(".x.")],
    "Hackenbush": lambda: [Hackenbush.parse("l(l;rl)"), Hackenbush.parse("r")],
    "HeapPosition": lambda: [OctalGame("0.77")(5), SubtractionGame({1, 2})(3)],
    "Hexapawn": lambda: [Hexapawn(3, 3), Hexapawn(4, 3, misere=True)],
    "Konane": lambda: [Konane("xo."), Konane("xo.o.")],
    "NoGo": lambda: [NoGo(".."), NoGo("x.")],
    "NodeKayles": lambda: [NodeKayles(nx.path_graph(3)), NodeKayles(nx.path_graph(4))],
    "PartizanSubtractionPosition": lambda: [PartizanSubtraction({1}, {2})(n) for n in (2, 3)],
    "Push": lambda: [Push("x.o"), Push("xo.")],
    "Shove": lambda: [Shove("x.o"), Shove(".xo")],
    "SkiJumps": lambda: [SkiJumps("x.."), SkiJumps("x.o")],
    "Snort": lambda: [Snort(nx.path_graph(3)), Snort(nx.path_graph(4))],
    "ToadsAndFrogs": lambda: [ToadsAndFrogs("t.f"), ToadsAndFrogs("tt.f")],
    "ToppingDominoes": lambda: [ToppingDominoes("LG"), ToppingDominoes("LR")],
    "TopplingDominoes": lambda: [TopplingDominoes("L"), TopplingDominoes("LGR")],
    "Wythoff": lambda: [Wythoff([(1, 2)]), Wythoff([(2, 2), (3, 5)])],
}
# scoring rulesets answer with a net score (a tie is neither N nor P): no outcome class
SCORING = {"DotsAndBoxes"}
# loopy rulesets answer with cgt.loopy.LoopyOutcome (draws are possible there)
LOOPY = {"BackslidingToadsAndFrogs", "FoxAndGeese", "Loopy"}
BASES = {"Position", "ImpartialPosition", "ScoringPosition"}
# a ruleset in the registry brings its own samples (its example and declared samples)
CLASSES: dict[str, type] = {r.cls.__name__: r.cls for r in rulesets()}
for _ruleset in rulesets():
    if _ruleset.kind != "loopy" and _ruleset.name not in SCORING:
        SAMPLES.setdefault(_ruleset.cls.__name__, _ruleset.all_samples)


def _ruleset_classes() -> list[str]:
    names = []
    for name in cgt.games.__all__:
        obj = getattr(cgt.games, name)
        if inspect.isclass(obj) and hasattr(obj, "outcome") and name not in LOOPY | BASES:
            names.append(name)
    return names + [
        r.cls.__name__ for r in rulesets() if r.kind != "loopy" and r.name not in SCORING
    ]


def test_every_ruleset_class_has_samples() -> None:
    missing = set(_ruleset_classes()) - set(SAMPLES)
    assert not missing, f"add sample positions for {sorted(missing)} to SAMPLES"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_ruleset_outcome_is_an_outcome(name: str) -> None:
    for position in SAMPLES[name]():
        assert isinstance(position, CLASSES.get(name) or getattr(cgt.games, name))
        kind = position.outcome()
        assert type(kind) is Outcome, (position, kind)
        if hasattr(position, "winner"):
            assert position.winner() == kind and position.winner().outcome is kind
        elif name not in ("ChipGame",):
            # the outcome search against the class of the canonical value
            assert kind is position.value().outcome(), position
