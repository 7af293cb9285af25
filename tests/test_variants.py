"""The impartial, dicotic and twisted variants of rulesets (issue 29).

Every variant is checked against its definition (CGSuite's ``Game.ImpartialVariant``,
``DicoticVariant`` and ``TwistedVariant``) computed here by a plain recursion over the
game tree, on small positions of Domineering, Clobber, Hackenbush, Toads and Frogs, game
values and a user class of explicit game forms; and against published facts: Cram is
the impartial variant of Domineering (CGSuite defines ``Cram`` so; Winning Ways ch. 3),
the impartial variant of blue-red Hackenbush is green Hackenbush, whose stalks are nim
heaps (Winning Ways ch. 2 and 7), and Clobber is dicotic (Albert, Nowakowski and Wolfe,
*Lessons in Play*, ch. 9: its dicotic variant is itself).
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import CGTError, LoopyPosition, WrongType
from cgt.games import (
    Clobber,
    Cram,
    Domineering,
    Hackenbush,
    ImpartialPosition,
    Position,
    ToadsAndFrogs,
)
from cgt.games.variants import dicotic_variant, impartial_variant, twisted_variant


class Form(Position):
    """An explicit game form {L | R} (not reduced): a user-defined ruleset."""

    def __init__(self, left: tuple[Form, ...] = (), right: tuple[Form, ...] = ()) -> None:
        self.left, self.right = tuple(left), tuple(right)

    def left_options(self) -> list[Form]:
        return list(self.left)

    def right_options(self) -> list[Form]:
        return list(self.right)

    def key(self) -> Hashable:
        return (tuple(f.key() for f in self.left), tuple(f.key() for f in self.right))

    def __repr__(self) -> str:
        return f"Form({self.left!r}, {self.right!r})"


def forms(depth: int = 3) -> st.SearchStrategy[Form]:
    leaf = st.just(Form())
    return st.recursive(
        leaf,
        lambda kids: st.builds(
            Form, st.lists(kids, max_size=3).map(tuple), st.lists(kids, max_size=3).map(tuple)
        ),
        max_leaves=8,
    )


def raw_sides(p: Any) -> tuple[list[Any], list[Any]]:
    if isinstance(p, cgt.Game):
        return list(p.left_options), list(p.right_options)
    if isinstance(p, ImpartialPosition):
        return list(p.options()), list(p.options())
    return list(p.left_options()), list(p.right_options())


def brute(p: Any, variant: str, memo: dict[Any, cgt.Game] | None = None) -> cgt.Game:
    """The variant's value by its definition, recursing on the game tree."""
    memo = {} if memo is None else memo
    key = p if isinstance(p, cgt.Game) else (type(p), p.key())
    if key in memo:
        return memo[key]
    left, right = raw_sides(p)
    if variant == "impartial":
        both = [brute(o, variant, memo) for o in left + right]
        g = cgt.Game(both, both)
    elif variant == "dicotic":
        if not left or not right:
            g = cgt.zero
        else:
            g = cgt.Game(
                [brute(o, variant, memo) for o in left], [brute(o, variant, memo) for o in right]
            )
    else:
        g = cgt.Game(
            [-brute(o, variant, memo) for o in left], [-brute(o, variant, memo) for o in right]
        )
    memo[key] = g
    return g


def form_of(g: cgt.Game) -> Form:
    return Form(
        tuple(form_of(o) for o in g.left_options), tuple(form_of(o) for o in g.right_options)
    )


FUNCTIONS = {"impartial": impartial_variant, "dicotic": dicotic_variant, "twisted": twisted_variant}
VARIANTS = sorted(FUNCTIONS)


def boards(rows: int, cols: int, alphabet: str) -> st.SearchStrategy[str]:
    row = st.text(alphabet, min_size=cols, max_size=cols)
    return st.lists(row, min_size=rows, max_size=rows).map("|".join)


small_boards = st.integers(1, 3).flatmap(
    lambda r: st.integers(1, 3).flatmap(lambda c: boards(r, c, ".#"))
)
clobber_boards = st.integers(1, 2).flatmap(
    lambda r: st.integers(1, 4).flatmap(lambda c: boards(r, c, "xo."))
)
strips = st.text("tf.", min_size=1, max_size=6)
hackenbush = st.text("lr", min_size=0, max_size=4).map(lambda s: s or "l")


# --- every variant against its definition ----------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(board=small_boards)
def test_domineering_variants_match_the_definition(variant: str, board: str) -> None:
    assert FUNCTIONS[variant](Domineering)(board).value() == brute(Domineering(board), variant)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(board=clobber_boards)
def test_clobber_variants_match_the_definition(variant: str, board: str) -> None:
    assert FUNCTIONS[variant](Clobber)(board).value() == brute(Clobber(board), variant)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(strip=strips)
def test_toads_and_frogs_variants_match_the_definition(variant: str, strip: str) -> None:
    assert FUNCTIONS[variant](ToadsAndFrogs)(strip).value() == brute(ToadsAndFrogs(strip), variant)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(text=st.lists(hackenbush, min_size=1, max_size=2).map(";".join))
def test_hackenbush_variants_match_the_definition(variant: str, text: str) -> None:
    p = Hackenbush.parse(text)
    assert FUNCTIONS[variant](p).value() == brute(p, variant)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None)
@given(form=forms())
def test_variants_of_a_user_class_match_the_definition(variant: str, form: Form) -> None:
    assert FUNCTIONS[variant](Form).wrap(form).value() == brute(form, variant)
    assert FUNCTIONS[variant](form).value() == brute(form, variant)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None)
@given(
    g=st.sampled_from([cgt.parse(t) for t in ("0", "*", "1", "-2", "{1|-1}", "^", "{2|*}", "1/2")])
)
def test_variants_of_values_use_the_canonical_form(variant: str, g: cgt.Game) -> None:
    assert FUNCTIONS[variant](g).value() == brute(g, variant) == brute(form_of(g), variant)


# --- published facts and the laws of each variant -------------------------------------
@settings(max_examples=40, deadline=None)
@given(board=small_boards)
def test_impartial_domineering_is_cram(board: str) -> None:
    # CGSuite: Cram := game.grid.Domineering.ImpartialVariant; cgt's Cram is its own ruleset
    assert impartial_variant(Domineering)(board).grundy() == Cram(board).grundy()


@pytest.mark.parametrize("n", range(6))
def test_impartial_hackenbush_stalks_are_nim_heaps(n: int) -> None:
    # Winning Ways ch. 2: a green stalk of n edges is *n, whatever colours the edges had
    for colours in ("l" * n, "r" * n, ("lr" * n)[:n]):
        assert impartial_variant(Hackenbush.parse(colours)).value() == cgt.nimber(n)


@settings(max_examples=25, deadline=None)
@given(text=st.lists(hackenbush, min_size=1, max_size=3).map(";".join))
def test_impartial_hackenbush_is_green_hackenbush(text: str) -> None:
    green = Hackenbush.parse(text.replace("l", "e").replace("r", "e"))
    assert impartial_variant(Hackenbush.parse(text)).grundy() == green.grundy()


@settings(max_examples=30, deadline=None)
@given(board=clobber_boards)
def test_clobber_is_its_own_dicotic_variant(board: str) -> None:
    assert dicotic_variant(Clobber)(board).value() == Clobber(board).value()


@settings(max_examples=40, deadline=None)
@given(form=forms())
def test_variant_values_are_of_their_kind(form: Form) -> None:
    assert impartial_variant(form).value().is_nimber  # an impartial form's value is a nimber
    assert dicotic_variant(form).value().is_all_small
    t = twisted_variant(form)
    # t(-G) = -t(G), and -t(G) is the variant position negated
    assert (-t).value() == -t.value()
    assert twisted_variant(_negate(form)).value() == -t.value()


def _negate(form: Form) -> Form:
    return Form(tuple(_negate(f) for f in form.right), tuple(_negate(f) for f in form.left))


@settings(max_examples=30, deadline=None)
@given(board=small_boards)
def test_twisted_variant_of_an_impartial_game_is_the_game(board: str) -> None:
    assert twisted_variant(Cram)(board).value() == Cram(board).value()
    assert dicotic_variant(Cram)(board).value() == Cram(board).value()


def test_impartial_variant_splits_into_components() -> None:
    p = impartial_variant(Domineering)("..#...|..#...")
    parts = list(p.components())
    assert len(parts) == 2 and all(type(q) is type(p) for q in parts)
    assert p.grundy() == parts[0].grundy() ^ parts[1].grundy()
    assert p.grundy() == brute(Domineering("..#...|..#..."), "impartial").nim_value()


# --- the classes behave like rulesets ---------------------------------------------------
def test_one_class_per_base_in_every_thread() -> None:
    made: list[type] = []
    threads = [
        threading.Thread(target=lambda: made.append(dicotic_variant(Form))) for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(map(id, made))) == 1 and made[0] is dicotic_variant(Form)
    assert impartial_variant(Domineering).__name__ == "ImpartialDomineering"
    assert twisted_variant(Clobber).__name__ == "TwistedClobber"
    assert issubclass(impartial_variant(Domineering), ImpartialPosition)


@pytest.mark.parametrize("variant", VARIANTS)
def test_positions_pickle_print_and_draw(variant: str) -> None:
    p = FUNCTIONS[variant](Domineering)("..|..")
    for q in (p, -p) if variant == "twisted" else (p,):
        again = pickle.loads(pickle.dumps(q))
        assert again == q and again.value() == q.value() and repr(again) == repr(q)
        assert eval(repr(q), {**FUNCTIONS_BY_NAME, "Domineering": Domineering}) == q
    assert str(p) == str(Domineering("..|.."))
    svg = p.to_svg()
    assert svg.startswith("<svg") and f"{type(p).__name__} position .. / .." in svg
    assert type(p).__name__ == variant.capitalize() + "Domineering"
    assert p.outcome() == p.value().outcome()


FUNCTIONS_BY_NAME = {f"{name}_variant": f for name, f in FUNCTIONS.items()}


def test_winning_moves_are_described_by_the_base() -> None:
    p = dicotic_variant(Domineering)("...|...")
    moves = p.winning_moves("L")
    assert moves and all("domino" in (m.description or "") for m in moves)
    assert all(m.position.value().outcome() in (cgt.Outcome.L, cgt.Outcome.P) for m in moves)


def test_loopy_bases_give_loopy_variants() -> None:
    from cgt.games import BackslidingToadsAndFrogs
    from cgt.loopy import LoopyGame

    mirror = {"LEFT": "RIGHT", "RIGHT": "LEFT", "DRAW": "DRAW"}
    for strip in ("t.f", "tf", "t.", "f.t"):
        v = impartial_variant(BackslidingToadsAndFrogs)(strip)
        # in an impartial game the mover's fate does not depend on the mover's name
        out = v.outcome()
        assert mirror[out.left_first.name] == out.right_first.name
    assert impartial_variant(BackslidingToadsAndFrogs)("tf").value() == cgt.zero
    dud = impartial_variant(BackslidingToadsAndFrogs)("t.").value()  # to and fro for ever
    assert isinstance(dud, LoopyGame) and str(dud) == "dud"


def test_command_line_plays_variants(capsys: pytest.CaptureFixture[str]) -> None:
    from cgt.cli import main

    assert main(["domineering", "..|..|..", "--variant", "impartial"]) == 0
    assert "grundy: " + str(Cram("..|..|..").grundy()) in capsys.readouterr().out
    assert main(["domineering", "...|...", "--variant", "dicotic", "--json"]) == 0
    out = capsys.readouterr().out
    assert f'"value": "{brute(Domineering("...|..."), "dicotic")}"' in out
    with pytest.raises(SystemExit):
        main(["clobber", "xo", "--variant", "sideways"])
    capsys.readouterr()


# --- bad input ------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["..|..", None, 2.5, int, [1, 2]])
@pytest.mark.parametrize("variant", VARIANTS)
def test_bad_input_raises_a_cgt_error(variant: str, bad: Any) -> None:
    with pytest.raises(WrongType) as info:
        FUNCTIONS[variant](bad)
    assert f"{variant}_variant()" in str(info.value)
    again = pickle.loads(pickle.dumps(info.value))
    assert str(again) == str(info.value)


def test_bad_positions_inside_the_base_raise_cgt_errors() -> None:
    class Circle(ImpartialPosition):
        def __init__(self, n: int) -> None:
            self.n = n

        def options(self) -> list[Circle]:
            return [Circle((self.n + 1) % 3)]

        def key(self) -> Hashable:
            return self.n

    with pytest.raises(LoopyPosition):
        dicotic_variant(Circle)(0).value()

    class Broken(Position):
        def left_options(self) -> list[Any]:
            return ["not a position"]

        def right_options(self) -> list[Any]:
            return []

        def key(self) -> Hashable:
            return "broken"

    with pytest.raises(CGTError):
        impartial_variant(Broken)().grundy()
    with pytest.raises(WrongType):
        twisted_variant(Domineering).wrap("..")


def test_variant_positions_sum_and_are_stored(tmp_path: Any) -> None:
    from cgt.solver import Solver

    p = impartial_variant(Domineering)("...|...")
    q = twisted_variant(Clobber)("xo.|.ox")
    assert (p + q + Cram("..")).value() == p.value() + q.value() + Cram("..").value()
    path = str(tmp_path / "values.sqlite")
    first = Solver(store=path)
    value = first.value(q, progress=False)
    again = Solver(store=path)  # a new solver reads what the first one stored
    assert again.value(q, progress=False) == value and again.info().misses == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_partizan_ruleset_variant_by_its_ruleset_info(variant: str) -> None:
    from cgt.games.registry import rulesets

    checked = 0
    for r in rulesets():
        if r.kind != "partizan" or not r.example:
            continue
        info = FUNCTIONS[variant](r.cls).ruleset_info()
        assert info.kind == ("impartial" if variant == "impartial" else "partizan")
        assert info.name == variant.capitalize() + r.cls.__name__ and info.cli is None
        p = info.sample()
        assert type(p) is FUNCTIONS[variant](r.cls) and str(p) == str(r.make(r.example))
        assert p.value() == brute(r.make(r.example), variant), r.name
        checked += 1
    assert checked >= 15


def test_variant_classes_and_variants_of_variants_pickle() -> None:
    for f in FUNCTIONS.values():
        assert pickle.loads(pickle.dumps(f(Domineering))) is f(Domineering)
    nested = impartial_variant(dicotic_variant(Domineering))
    assert nested.__name__ == "ImpartialDicoticDomineering"
    p = nested("...|...")
    again = pickle.loads(pickle.dumps(p))
    assert type(again) is nested and again == p
    # i(d(G)) = {i(d(G^L)), i(d(G^R)) | the same} while G has moves on both sides, else 0

    def both(g: Any) -> cgt.Game:
        left, right = raw_sides(g)
        if not left or not right:
            return cgt.zero
        opts = [both(o) for o in left + right]
        return cgt.Game(opts, opts)

    assert again.value() == both(Domineering("...|..."))
