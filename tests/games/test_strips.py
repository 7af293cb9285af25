"""Strips, cakes and heaps against independent brute force and published values."""

from __future__ import annotations

import pickle
import random
from functools import cache

import pytest

import cgt
from cgt import Game
from cgt.errors import InvalidPosition
from cgt.games import (
    Cutcake,
    Eatcake,
    ElephantsAndRhinos,
    PartizanSubtraction,
    Push,
    Shove,
    ToadsAndFrogs,
    ToppingDominoes,
    TopplingDominoes,
)

# ---------------------------------------------------------------------------
# Brute force: whole positions as plain strings / tuples, no splitting, no keys
# ---------------------------------------------------------------------------


def _strip_moves(s: str, piece: str, other: str, step: int, jumps: bool) -> list[str]:
    out = []
    for i, ch in enumerate(s):
        if ch != piece:
            continue
        for target, over in ((i + step, None), (i + 2 * step, i + step)):
            if not 0 <= target < len(s) or s[target] != ".":
                continue
            if over is not None and (not jumps or s[over] != other):
                continue
            cells = list(s)
            cells[i], cells[target] = ".", piece
            out.append("".join(cells))
            break
    return out


@cache
def brute_toads(s: str) -> Game:
    return Game(
        [brute_toads(o) for o in _strip_moves(s, "t", "f", 1, True)],
        [brute_toads(o) for o in _strip_moves(s, "f", "t", -1, True)],
    )


@cache
def brute_elephants(s: str) -> Game:
    return Game(
        [brute_elephants(o) for o in _strip_moves(s, "e", "r", 1, False)],
        [brute_elephants(o) for o in _strip_moves(s, "r", "e", -1, False)],
    )


@cache
def brute_dominoes(row: str) -> Game:
    def moves(colour: str) -> list[Game]:
        return [
            brute_dominoes(rest)
            for i, ch in enumerate(row)
            if ch in (colour, "G")
            for rest in (row[:i], row[i + 1 :])
        ]

    return Game(moves("L"), moves("R"))


@cache
def brute_subtraction(left: frozenset[int], right: frozenset[int], heaps: tuple[int, ...]) -> Game:
    def moves(subs: frozenset[int]) -> list[Game]:
        return [
            brute_subtraction(left, right, (*heaps[:i], h - s, *heaps[i + 1 :]))
            for i, h in enumerate(heaps)
            for s in subs
            if s <= h
        ]

    return Game(moves(left), moves(right))


@cache
def brute_cake(pieces: tuple[tuple[int, int], ...]) -> Game:
    def moves(vertical: bool) -> list[Game]:
        out = []
        for i, (r, c) in enumerate(pieces):
            rest = pieces[:i] + pieces[i + 1 :]
            side = c if vertical else r
            for a in range(1, side):
                new = ((r, a), (r, c - a)) if vertical else ((a, c), (r - a, c))
                out.append(brute_cake(tuple(sorted(rest + new))))
        return out

    return Game(moves(True), moves(False))


def _random_strip(rng: random.Random, letters: str) -> str:
    n = rng.randint(0, 8)
    weights = [2, 1, 1]
    return "".join(rng.choices("." + letters, weights=weights, k=n))


# ---------------------------------------------------------------------------
# Brute force comparisons (seeded)
# ---------------------------------------------------------------------------


def test_toads_and_frogs_brute_force() -> None:
    rng = random.Random(20240611)
    for _ in range(250):
        s = _random_strip(rng, "tf")
        assert ToadsAndFrogs(s).value() == brute_toads(s), s


def test_elephants_and_rhinos_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(250):
        s = _random_strip(rng, "er")
        assert ElephantsAndRhinos(s).value() == brute_elephants(s), s


def test_toppling_dominoes_brute_force() -> None:
    rng = random.Random(12)
    for _ in range(250):
        row = "".join(rng.choices("LRG", k=rng.randint(0, 8)))
        assert TopplingDominoes(row).value() == brute_dominoes(row), row


def test_partizan_subtraction_brute_force() -> None:
    rng = random.Random(13)
    for _ in range(250):
        left = frozenset(rng.sample(range(1, 5), rng.randint(1, 3)))
        right = frozenset(rng.sample(range(1, 5), rng.randint(1, 3)))
        heaps = tuple(rng.randint(0, 7) for _ in range(rng.randint(1, 3)))
        got = PartizanSubtraction(left, right)(*heaps).value()
        assert got == brute_subtraction(left, right, heaps), (left, right, heaps)


@pytest.mark.slow
def test_cutcake_brute_force() -> None:
    rng = random.Random(14)
    for _ in range(200):
        pieces = tuple((rng.randint(1, 4), rng.randint(1, 4)) for _ in range(rng.randint(1, 2)))
        assert Cutcake.of(pieces).value() == brute_cake(tuple(sorted(pieces))), pieces
    for r in range(1, 5):
        for c in range(1, 5):
            assert Cutcake(r, c).value() == brute_cake(((r, c),))


def test_components_and_keys_are_sound() -> None:
    """Every component split and key used by the solver agrees with brute force."""
    rng = random.Random(15)
    for _ in range(200):
        s = _random_strip(rng, "tf")
        total = sum((brute_toads(c.strip) for c in ToadsAndFrogs(s).components()), cgt.zero)
        assert total == brute_toads(s), s
        e = _random_strip(rng, "er")
        total = sum(
            (brute_elephants(c.strip) for c in ElephantsAndRhinos(e).components()), cgt.zero
        )
        assert total == brute_elephants(e), e


def test_mirror_negates() -> None:
    rng = random.Random(16)
    for _ in range(100):
        s = _random_strip(rng, "tf")
        g = ToadsAndFrogs(s)
        assert g.mirror().value() == -g.value(), s
        assert g.mirror().key() != g.key() or g.value() == -g.value()


def test_dead_pieces() -> None:
    assert ToadsAndFrogs("ff.tt").dead() == [0, 1, 3, 4]
    assert ToadsAndFrogs("tf").dead() == [0, 1]
    assert ToadsAndFrogs("t.f").dead() == []
    assert ToadsAndFrogs("tff").dead() == [0, 1, 2]
    assert ElephantsAndRhinos("er.e").dead() == [0, 1, 3]
    assert ElephantsAndRhinos("er.e.").dead() == [0, 1]


# ---------------------------------------------------------------------------
# Published values
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 2, 3])
@pytest.mark.parametrize("m", [1, 2, 3])
def test_toads_and_frogs_hull(n: int, m: int) -> None:
    # Jesse Hull's observation, quoted in J. Erickson, "New Toads and Frogs
    # results", Games of No Chance (MSRI Publ. 29, 1996):
    # T^n . T F T^m . T F = {m+n-1 | {n | 2}}.
    # Checked for m >= 1: with m = 0 the first frog is followed by an empty
    # square, a toad can jump it, and the formula does not apply (t.tf.tf is 1/2).
    strip = "t" * n + ".tf" + "t" * m + ".tf"
    expected = Game([m + n - 1], [Game([n], [2])])
    assert ToadsAndFrogs(strip).value() == expected


def test_toppling_dominoes_published() -> None:
    # Lessons in Play (Albert, Nowakowski, Wolfe), Toppling Dominoes: a lone
    # blue domino is 1, a lone red one -1, a green one *; a row of n blue
    # dominoes is n (Left topples it to leave any shorter blue row).
    assert TopplingDominoes("L").value() == 1
    assert TopplingDominoes("R").value() == -1
    assert TopplingDominoes("G").value() == cgt.star
    for n in range(1, 7):
        assert TopplingDominoes("L" * n).value() == n
    assert ToppingDominoes is TopplingDominoes


def test_cutcake_table() -> None:
    # Winning Ways, ch. 2, "Cutcake": every value is an integer; with Left
    # cutting vertically, a rows x cols cake with cols >= rows is worth
    # floor(cols / 2**floor(log2 rows)) - 1, and transposing negates (the
    # closed form of the book's table, checked here on 1..9 x 1..9).
    for rows in range(1, 10):
        for cols in range(1, 10):
            big, small = max(rows, cols), min(rows, cols)
            v = big // 2 ** (small.bit_length() - 1) - 1
            expected = v if cols >= rows else -v
            assert Cutcake(rows, cols).value() == expected, (rows, cols)
    assert Cutcake(1, 7).value() == 6 and Cutcake(7, 1).value() == -6
    assert Cutcake(2, 2).value() == 0 and Cutcake(2, 4).value() == 1


def test_impartial_subtraction_is_nimbers() -> None:
    # With equal sets the game is the impartial subtraction game {1, 2}:
    # Grundy values n mod 3 (Winning Ways, ch. 4).
    game = PartizanSubtraction({1, 2}, {1, 2})
    for n in range(12):
        assert game(n).value() == cgt.nimber(n % 3)


# ---------------------------------------------------------------------------
# Errors, display, pickling
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "text", "column"),
    [
        (ToadsAndFrogs, "t.x", 2),
        (ToadsAndFrogs, "tt.e", 3),
        (ElephantsAndRhinos, "e.t", 2),
        (TopplingDominoes, "LB", 1),
    ],
)
def test_bad_strips(make: type, text: str, column: int) -> None:
    with pytest.raises(InvalidPosition, match=f"at row 0, column {column} of {text!r}"):
        make(text)


def test_bad_arguments() -> None:
    with pytest.raises(InvalidPosition):
        ToadsAndFrogs(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        Cutcake(0, 2)
    with pytest.raises(InvalidPosition):
        Cutcake.of([(1, 2, 3)])  # type: ignore[list-item]
    with pytest.raises(InvalidPosition):
        PartizanSubtraction("12", {1})
    with pytest.raises(InvalidPosition):
        PartizanSubtraction({1}, {1})(2, -1)
    with pytest.raises(InvalidPosition):
        ToadsAndFrogs(ElephantsAndRhinos("e"))  # type: ignore[arg-type]


def test_upper_case_and_display() -> None:
    g = ToadsAndFrogs("TT.FF")
    assert str(g) == "tt.ff" and repr(g) == "ToadsAndFrogs('tt.ff')"
    assert ToadsAndFrogs(g) == g and hash(ToadsAndFrogs(g)) == hash(g)
    assert ElephantsAndRhinos("E.R") == ElephantsAndRhinos("e.r")
    assert TopplingDominoes("lrg") == TopplingDominoes("LRG")
    for position in (
        g,
        ElephantsAndRhinos("e.r"),
        TopplingDominoes("LGR"),
        TopplingDominoes(""),
        PartizanSubtraction({1}, {2})(3, 1),
        Cutcake(2, 3),
        Cutcake.of([]),
    ):
        assert position._repr_svg_().startswith("<svg")


def test_pickle_round_trip() -> None:
    for position in (
        ToadsAndFrogs("tt.f.f"),
        ElephantsAndRhinos("e.e.r"),
        TopplingDominoes("LGRRG"),
        PartizanSubtraction({1, 3}, {2})(5, 4),
        Cutcake.of([(2, 5), (3, 1)]),
    ):
        copy = pickle.loads(pickle.dumps(position))
        assert copy == position and type(copy) is type(position)
        assert copy.value() == position.value()
        assert repr(copy) == repr(position)


# ---------------------------------------------------------------------------
# Eatcake, Push and Shove
# ---------------------------------------------------------------------------


@cache
def brute_eatcake(pieces: tuple[tuple[int, int], ...]) -> Game:
    def moves(column: bool) -> list[Game]:
        out = []
        for i, (r, c) in enumerate(pieces):
            rest = pieces[:i] + pieces[i + 1 :]
            for j in range(c if column else r):  # every column / row, no symmetry
                new = ((r, j), (r, c - 1 - j)) if column else ((j, c), (r - 1 - j, c))
                kept = tuple(p for p in new if p[0] > 0 and p[1] > 0)
                out.append(brute_eatcake(tuple(sorted(rest + kept))))
        return out

    return Game(moves(True), moves(False))


# Push and Shove as defined in the Lean CombinatorialGames library (Ruleset
# Shove: the moved piece and every piece to its left go one square left;
# Push: only the adjacent run, into the nearest empty square, and the leftmost
# piece falls off when the run reaches the end).
def _shove_move(s: str, p: int) -> str:
    # Every piece at a square <= p moves one square left; below 0 it is gone.
    pieces = {}
    for k, ch in enumerate(s):
        if ch == ".":
            continue
        target = k - 1 if k <= p else k
        if target >= 0:
            pieces[target] = ch
    return "".join(pieces.get(k, ".") for k in range(len(s)))


def _push_move(s: str, p: int) -> str:
    # The run of pieces ending at p moves one square left, cell by cell.
    start = p
    while start > 0 and s[start - 1] != ".":
        start -= 1
    cells = list(s)
    for k in range(start, p + 1):
        if k >= 1:
            cells[k - 1] = s[k]
    cells[p] = "."
    return "".join(cells)


@cache
def brute_shove(s: str) -> Game:
    return Game(
        [brute_shove(_shove_move(s, p)) for p, ch in enumerate(s) if ch == "x"],
        [brute_shove(_shove_move(s, p)) for p, ch in enumerate(s) if ch == "o"],
    )


@cache
def brute_push(s: str) -> Game:
    return Game(
        [brute_push(_push_move(s, p)) for p, ch in enumerate(s) if ch == "x"],
        [brute_push(_push_move(s, p)) for p, ch in enumerate(s) if ch == "o"],
    )


def test_eatcake_brute_force() -> None:
    rng = random.Random(17)
    for _ in range(220):
        pieces = tuple((rng.randint(1, 4), rng.randint(1, 4)) for _ in range(rng.randint(1, 2)))
        assert Eatcake.of(pieces).value() == brute_eatcake(tuple(sorted(pieces))), pieces
    for r in range(1, 5):
        for c in range(1, 6):
            assert Eatcake(r, c).value() == brute_eatcake(((r, c),)), (r, c)


def test_shove_brute_force() -> None:
    rng = random.Random(18)
    for _ in range(250):
        s = _random_strip(rng, "xo")
        assert Shove(s).value() == brute_shove(s), s


def test_push_brute_force() -> None:
    rng = random.Random(19)
    for _ in range(250):
        s = _random_strip(rng, "xo")
        assert Push(s).value() == brute_push(s), s


def test_push_and_shove_moves_differ() -> None:
    # Moving the piece on square 3 of "x.ox": Shove moves every piece to its
    # left, Push only the adjacent run "o" (into the empty square 1).
    assert _shove_move("x.ox", 3) == ".ox." and _push_move("x.ox", 3) == "xox."
    assert Shove("x.ox").left_options()[1] == Shove(".ox.")
    assert Push("x.ox").left_options()[1] == Push("xox.")


def test_eatcake_hand_values() -> None:
    # Worked by hand from the rules (no published table was at hand):
    # 1x1: either player eats the whole piece, {0|0} = *.
    # 1x2: Left leaves 1x1 = *, Right eats the only row, {*|0} = v;
    # 2x1 is its transpose, ^.  1x3: Left leaves 1x2 = v or 1x1 + 1x1 = 0,
    # Right leaves nothing; v is dominated by 0, so {0|0} = *.
    assert Eatcake(1, 1).value() == cgt.star
    assert Eatcake(1, 2).value() == cgt.down
    assert Eatcake(2, 1).value() == cgt.up
    assert Eatcake(1, 3).value() == cgt.star
    # Transposing a cake swaps the players: the value is negated.
    for r in range(1, 5):
        for c in range(1, 5):
            assert Eatcake(c, r).value() == -Eatcake(r, c).value(), (r, c)


def test_push_and_shove_hand_values() -> None:
    # Worked by hand from the rules: a lone Left piece on square i needs
    # i + 1 moves to leave the strip, and Right has none, so it is i + 1
    # (a lone Right piece is -(i + 1)).  In "xo" Left's move leaves the
    # Right piece on square 1 (-2) and Right's leaves it on square 0 (-1):
    # {-2|-1} = -3/2 in both games.
    for game in (Push, Shove):
        for i in range(5):
            assert game("." * i + "x").value() == i + 1
            assert game("." * i + "o..").value() == -(i + 1)
        assert game("xo").value() == Game([-2], [-1])
    # Swapping the sides negates.
    rng = random.Random(20)
    for _ in range(60):
        s = _random_strip(rng, "xo")
        swapped = s.translate(str.maketrans("xo", "ox"))
        assert Shove(swapped).value() == -Shove(s).value(), s
        assert Push(swapped).value() == -Push(s).value(), s


def test_push_and_shove_components() -> None:
    assert Shove("x.o..").components() == [Shove("x.o")]
    assert Push("...").components() == [] and Shove("").components() == []
    assert Push("x.o").key() == Push("x.o...").key()


@pytest.mark.parametrize(
    ("make", "text", "column"),
    [(Shove, "x.t", 2), (Shove, "?", 0), (Push, "xo.e", 3), (Push, "x o", 1)],
)
def test_bad_push_and_shove_strips(make: type, text: str, column: int) -> None:
    with pytest.raises(InvalidPosition, match=f"{text[column]!r} at row 0, column {column} of"):
        make(text)


def test_bad_eatcake_and_push_arguments() -> None:
    with pytest.raises(InvalidPosition, match="non-negative"):
        Eatcake(-1, 2)
    with pytest.raises(InvalidPosition):
        Eatcake(True, 2)
    with pytest.raises(InvalidPosition):
        Eatcake.of([(1, 2, 3)])  # type: ignore[list-item]
    with pytest.raises(InvalidPosition):
        Shove(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        Push(Shove("x"))  # type: ignore[arg-type]


def test_eatcake_push_shove_display_and_pickle() -> None:
    assert str(Eatcake.of([(2, 3), (0, 1), (1, 1)])) == "2x3 + 1x1"
    assert str(Eatcake(0, 0)) == "0" and repr(Eatcake(0, 4)) == "Eatcake.of([])"
    assert repr(Eatcake(2, 3)) == "Eatcake(2, 3)"
    assert repr(Eatcake.of([(2, 3), (1, 2)])) == "Eatcake.of([(2, 3), (1, 2)])"
    g = Shove("X.O")
    assert str(g) == "x.o" and repr(g) == "Shove('x.o')"
    assert repr(Push("xO.")) == "Push('xo.')"
    assert Push(Push("x.o")) == Push("x.o") and hash(Push(Push("x"))) == hash(Push("x"))
    assert Push("x") != Shove("x")
    for position in (
        Eatcake(2, 3),
        Eatcake.of([]),
        Eatcake.of([(1, 2), (3, 1)]),
        Shove("x.o"),
        Shove(""),
        Push("o.xx"),
    ):
        assert position._repr_svg_().startswith("<svg")
        copy = pickle.loads(pickle.dumps(position))
        assert copy == position and type(copy) is type(position)
        assert copy.value() == position.value()
        assert repr(copy) == repr(position)
