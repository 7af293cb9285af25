"""Go endgame regions (cgt.games.go): a whole-board brute force of Japanese scores,
the corridors of *Mathematical Go* as Sensei's Library states them, warming,
kos and bad input.

The brute force below is written again from the rules in the module docstring,
on dictionaries of points: no splitting, no keys, no symmetry, no game values.
It plays the region with passes allowed (two passes in a row end play; then
groups in atari that cannot escape are taken off as dead, and the score is
counted) and finds the best score for Black moving first and for White moving
first.
"""

from __future__ import annotations

import pickle
import random
import resource
from fractions import Fraction

import pytest

import cgt
from cgt.errors import CGTError, InvalidPosition, WrongType
from cgt.games import GoRegion
from cgt.games.go import KoError, warm

Point = tuple[int, int]
Board = dict[Point, str]


# --- an independent brute force ---------------------------------------------------------
def read(text: str) -> Board:
    return {
        (r, c): ch for r, row in enumerate(text.split("|")) for c, ch in enumerate(row) if ch != "#"
    }


def around(board: Board, p: Point) -> list[Point]:
    r, c = p
    return [q for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if q in board]


def colour_of(ch: str) -> str | None:
    return ch.lower() if ch in "xoXO" else None


def chain(board: Board, p: Point) -> tuple[set[Point], set[Point], bool]:
    """Stones, liberties and safety (a safe stone in it) of the chain at ``p``."""
    me = colour_of(board[p])
    stones, todo = {p}, [p]
    while todo:
        for q in around(board, todo.pop()):
            if q not in stones and colour_of(board[q]) == me:
                stones.add(q)
                todo.append(q)
    liberties = {q for s in stones for q in around(board, s) if board[q] == "."}
    return stones, liberties, any(board[s].isupper() for s in stones)


def empty_areas(board: Board) -> list[tuple[set[Point], set[Point]]]:
    done: set[Point] = set()
    out = []
    for p, ch in board.items():
        if ch != "." or p in done:
            continue
        area, todo = {p}, [p]
        while todo:
            for q in around(board, todo.pop()):
                if board[q] == "." and q not in area:
                    area.add(q)
                    todo.append(q)
        done |= area
        out.append((area, {q for a in area for q in around(board, a) if board[q] != "."}))
    return out


def japanese(board: Board) -> int:
    """Territory, Black minus White: areas touching one colour only."""
    total = 0
    for area, border in empty_areas(board):
        colours = {colour_of(board[q]) for q in border}
        if colours == {"x"}:
            total += len(area)
        elif colours == {"o"}:
            total -= len(area)
    return total


class Ko(Exception):
    pass


def end_score(board: Board) -> int:
    """The score when play has ended: a group in atari whose owner cannot play on its
    last liberty is dead, removed with each stone a prisoner (Japanese counting takes
    dead stones off without a move); then the territory."""
    board = dict(board)
    prisoners = 0
    found = True
    while found:
        found = False
        for p, ch in board.items():
            if ch not in "xo":
                continue
            stones, liberties, safe = chain(board, p)
            if safe or len(liberties) != 1:
                continue
            (last,) = liberties
            try:
                escapes = any(after[last] == ch for after, _ in plays(board, ch))
            except Ko:
                escapes = True
            if not escapes:
                for s in stones:
                    board[s] = "."
                prisoners += len(stones) if ch == "o" else -len(stones)
                found = True
                break
    return japanese(board) + prisoners


def plays(board: Board, me: str) -> list[tuple[Board, int]]:
    """The boards after each move of ``me``, with the prisoners taken (Black's positive)."""
    other = "o" if me == "x" else "x"
    settled: set[Point] = set()
    for area, border in empty_areas(board):
        if (
            border
            and len({colour_of(board[q]) for q in border}) == 1
            and all(chain(board, q)[2] for q in border)
        ):
            settled |= area
    out = []
    for p, ch in board.items():
        if ch != "." or p in settled:
            continue
        near = around(board, p)
        if near and all(colour_of(board[q]) == me for q in near):
            continue  # own one-point eye
        after = dict(board)
        after[p] = me
        taken: set[Point] = set()
        for q in near:
            if after[q] == other:
                stones, liberties, safe = chain(after, q)
                if not liberties and not safe:
                    for s in stones:
                        after[s] = "."
                    taken |= stones
        stones, liberties, safe = chain(after, p)
        if not liberties and not safe:
            continue
        if len(taken) == 1 and stones == {p} and not safe and liberties == taken:
            raise Ko
        out.append((after, len(taken) if me == "x" else -len(taken)))
    return out


def best_scores(text: str) -> tuple[int, int]:
    """Best play's score with Black first and with White first (passes allowed)."""
    memo: dict[tuple[frozenset[tuple[Point, str]], str, bool], int] = {}
    running: set[frozenset[tuple[Point, str]]] = set()

    def best(board: Board, me: str, passed: bool) -> int:
        frozen = frozenset(board.items())
        key = (frozen, me, passed)
        if key in memo:
            return memo[key]
        if frozen in running and not passed:
            raise Ko  # a board came back
        running.add(frozen)
        other = "o" if me == "x" else "x"
        results = [gain + best(after, other, False) for after, gain in plays(board, me)]
        results.append(end_score(board) if passed else best(board, other, True))
        if not passed:
            running.discard(frozen)
        memo[key] = max(results) if me == "x" else min(results)
        return memo[key]

    board = read(text)
    return best(board, "x", False), best(board, "o", False)


def needs_ko(text: str) -> bool:
    """Whether some line of play (either player at each turn) reaches a ko capture or
    brings a board back (a cycle of the graph of boards and moves)."""
    graph: dict[frozenset[tuple[Point, str]], list[frozenset[tuple[Point, str]]]] = {}
    todo = [read(text)]
    while todo:
        board = todo.pop()
        frozen = frozenset(board.items())
        if frozen in graph:
            continue
        try:
            after = [b for me in "xo" for b, _ in plays(board, me)]
        except Ko:
            return True
        graph[frozen] = [frozenset(b.items()) for b in after]
        todo += after
    state: dict[frozenset[tuple[Point, str]], int] = {}  # 1 on the path, 2 done

    def cycle(node: frozenset[tuple[Point, str]]) -> bool:
        state[node] = 1
        for nxt in graph[node]:
            if state.get(nxt) == 1 or (nxt not in state and cycle(nxt)):
                return True
        state[node] = 2
        return False

    return any(node not in state and cycle(node) for node in graph)


def random_region(rng: random.Random, letters: str) -> str:
    h, w = rng.choice([(1, 4), (1, 5), (1, 6), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4)])
    return "|".join("".join(rng.choice(letters) for _ in range(w)) for _ in range(h))


def stops(g: cgt.Game) -> tuple[object, object]:
    """The left and right stops (dyadics, compared with the brute force's integers)."""
    return g.left_stop(), g.right_stop()


def cpu() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_utime


# --- the brute force against the values' stops -----------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_stops_are_best_play_on_regions_with_a_safe_boundary(seed: int) -> None:
    """Regions whose stones are all safe at the start (the book's setting): the left and
    right stops are the best Japanese score with Black, and with White, to move; and the
    value raises KoError exactly when some line of play needs a ko rule."""
    rng = random.Random(seed)
    checked = kos = 0
    while checked < 80:
        text = random_region(rng, "......XXXOO#")
        if text.count(".") > 7:
            continue
        region = GoRegion(text)
        if needs_ko(text):
            with pytest.raises(KoError, match="ko"):
                region.value()
            kos += 1
            continue
        g = region.value()
        assert stops(g) == best_scores(text), text
        checked += 1
    assert kos > 0  # both kinds were met


def test_loose_stones_count_as_japanese_counting_does() -> None:
    """A dead stone is removed at the end as a prisoner, without a move to take it: the
    value says 4 (three points of territory, one prisoner).  The brute force takes off
    only groups in atari that cannot extend, and this stone can (into a group of two that
    is as dead), so there Black plays the capture out and scores 3.  A stone joined to
    its wall is safe."""
    g = GoRegion("o..X").value()
    assert g == 4
    assert best_scores("o..X") == (3, 3)  # the capture played out costs Black a point
    assert GoRegion("..#x|#O..").value() == -6  # White: 5 points and the prisoner
    assert GoRegion("OXXX|Oo.X|OXXX").value() == cgt.star  # o is safe: one dame left


# --- corridors (Mathematical Go, section 2.1; Sensei's Library) ---------------------------
def black_corridor(n: int) -> GoRegion:
    """``n`` empty points walled by Black's safe stones, White's wall at the mouth."""
    return GoRegion(f"O{'X' * (n + 1)}|O{'.' * n}X|O{'X' * (n + 1)}")


def white_corridor(n: int) -> GoRegion:
    return GoRegion(f"X{'O' * (n + 1)}|X{'.' * n}O|X{'O' * (n + 1)}")


@pytest.mark.parametrize("n", range(1, 7))
def test_closed_corridors(n: int) -> None:
    """Black at the mouth keeps ``n - 1`` points; White at the mouth leaves the corridor
    one shorter: ``C_n = {n - 1 | C_(n-1)}``, ``C_1 = *``.  Chilled, the corridor is the
    number ``n - 2 + 1/2^(n-1)`` (Sensei's Library, "Corridor": "Corridor of length n has
    count n - 2 + 1/2^{n-1}"; the book's section 2.1, Fractions)."""
    expected = cgt.star
    for k in range(2, n + 1):
        expected = cgt.Game([k - 1], [expected])
    g = black_corridor(n).value()
    assert g == expected
    count = Fraction(n - 2) + Fraction(1, 2 ** (n - 1))
    chilled = black_corridor(n).chilled()
    assert chilled == cgt.number(f"{count.numerator}/{count.denominator}")
    assert white_corridor(n).chilled() == -chilled
    assert stops(g) == best_scores(black_corridor(n).board_string())


def test_five_white_corridors_of_sensei_numbers_page() -> None:
    """Sensei's Library, "Numbers": corridors worth -1/2, -1 1/4, -2 1/8, -3 1/16 and
    -4 1/32, together -10 31/32; Black to play reaches -10, White -11, and a move there
    is worth 31/32."""
    regions = [white_corridor(n) for n in range(2, 7)]
    chilled = [r.chilled() for r in regions]
    assert [str(c) for c in chilled] == ["-1/2", "-5/4", "-17/8", "-49/16", "-129/32"]
    assert sum(chilled, cgt.zero) == cgt.number("-351/32")  # -10 31/32
    total = sum((r.value() for r in regions), cgt.zero)
    assert stops(total) == (-10, -11)
    assert total.temperature() == cgt.number("31/32")
    together = regions[0] + regions[1] + regions[2] + regions[3] + regions[4]
    assert together.value() == total


@pytest.mark.parametrize("n", range(1, 6))
def test_gold_corridors_chill_to_ups(n: int) -> None:
    """A corridor with a dead White stone at its end chills to an integer plus
    ``*, ^, ^^*, ^^^, ^^^^*`` for n = 1..5 (Sensei's Library, "Corridor Infinitesimals",
    which marks the integer away; the book's section 2.4)."""
    g = GoRegion(f"X{'X' * (n + 2)}|O{'.' * n}oX|X{'X' * (n + 2)}")
    infinitesimal = (n - 1) * cgt.up + (cgt.star if n % 2 else cgt.zero)
    assert g.chilled() == n + infinitesimal


# --- warming --------------------------------------------------------------------------------
def parity(text: str, prisoners: int = 0) -> int:
    """Empty points that have a neighbouring point, plus prisoners, mod 2 (the parity of
    every end score reached after an even number of moves)."""
    board = read(text)
    return (sum(1 for p, ch in board.items() if ch == "." and around(board, p)) + prisoners) % 2


@pytest.mark.parametrize("letters", ["......XXXOO#", "........xoXXOO#"])
def test_warming_undoes_chilling_on_even_regions(letters: str) -> None:
    """Berlekamp and Wolfe: warming inverts chilling on even Go positions.  An odd region
    warms back to its value plus a star (a dame chills to 0, which warms to 0)."""
    rng = random.Random(7)
    even = odd = 0
    while even + odd < 120:
        text = random_region(rng, letters)
        try:
            region = GoRegion(text, prisoners=rng.choice([0, 0, 1, -1]))
            g = region.value()
        except KoError:
            continue
        except InvalidPosition:  # a random board with a group already dead
            continue
        back = warm(region.chilled())
        if parity(text, region.prisoners) == 0:
            assert back == g, text
            even += 1
        else:
            assert back == g + cgt.star, text
            odd += 1
    assert even > 20 and odd > 20


def test_warm_by_its_definition() -> None:
    """warm(n) = n (even), n* (odd); warm(G) = {1 + warm(G^L) | -1 + warm(G^R)}."""
    for n in range(-4, 5):
        assert warm(cgt.number(n)) == (n if n % 2 == 0 else n + cgt.star)
    for text in ["1/2", "{3|1}", "^", "{2|-1/2}", "5/4"]:
        g = cgt.parse(text)
        expected = cgt.Game(
            [1 + warm(gl) for gl in g.left_options], [-1 + warm(gr) for gr in g.right_options]
        )
        assert warm(g) == expected
    with pytest.raises(WrongType):
        warm("1/2")


# --- kos, bad input and the rest of the protocol -------------------------------------------
def test_a_ko_raises_and_says_so() -> None:
    ko = GoRegion("#XO#|Xo.O|#XO#")  # Black takes at (1, 2); White could take back
    with pytest.raises(KoError, match="ko rule") as found:
        ko.value()
    assert isinstance(found.value, CGTError) and isinstance(found.value, ValueError)
    again = pickle.loads(pickle.dumps(found.value))
    assert type(again) is KoError and str(again) == str(found.value)
    with pytest.raises(KoError, match=r"GoRegion\('O\.\.X'\): play reaches a ko"):
        GoRegion("O..X").value()  # the ko comes after a throw-in
    # the same shape with the capturing stone connected to its wall is no ko
    assert GoRegion("XXX|Xo.|XXO").value() is not None


def test_bad_text_and_arguments() -> None:
    for text, words in [
        ("x.z", "unknown character 'z'"),
        ("x..|.o", "rectangles"),
        ("xo|o.", "no liberty"),
    ]:
        with pytest.raises(InvalidPosition, match=words):
            GoRegion(text)
    with pytest.raises(WrongType):
        GoRegion(["x."])
    with pytest.raises(WrongType):
        GoRegion("x.", prisoners=1.5)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        GoRegion("x.", prisoners=True)


@pytest.mark.parametrize("seed", range(2))
def test_swapping_colours_negates_and_walls_split(seed: int) -> None:
    """Laws: the region with Black and White swapped is worth the negative, and two
    regions side by side in one board (apart from each other) are worth their sum, with
    the stops of the whole board the play-out's."""
    rng = random.Random(100 + seed)
    swap = str.maketrans("xoXO", "oxOX")
    done = 0
    while done < 25:
        a, b = random_region(rng, "....XXOO#"), random_region(rng, "....XXOO#")
        if a.count(".") + b.count(".") > 7:
            continue
        rows_a, rows_b = a.split("|"), b.split("|")
        h = max(len(rows_a), len(rows_b))
        rows_a += ["#" * len(rows_a[0])] * (h - len(rows_a))
        rows_b += ["#" * len(rows_b[0])] * (h - len(rows_b))
        both = "|".join(f"{x}#{y}" for x, y in zip(rows_a, rows_b, strict=True))
        try:
            ga, gb, whole = GoRegion(a).value(), GoRegion(b).value(), GoRegion(both).value()
        except KoError:
            continue
        assert GoRegion(a.translate(swap)).value() == -ga
        assert whole == ga + gb
        assert stops(whole) == best_scores(both), both
        done += 1


def test_symmetric_images_share_keys_and_values() -> None:
    text = "OXXX|O..X|Oo.X"
    rows = text.split("|")
    flipped = "|".join(row[::-1] for row in rows)
    turned = "|".join("".join(row[c] for row in rows) for c in range(len(rows[0])))
    values = {GoRegion(t).value() for t in (text, flipped, turned)}
    assert len(values) == 1
    assert GoRegion(text).key() == GoRegion(flipped).key() == GoRegion(turned).key()


def test_components_and_prisoners() -> None:
    region = GoRegion("O.X.O", prisoners=3)
    parts = region.components()
    assert parts == [GoRegion("O.X"), GoRegion("X.O"), GoRegion("", prisoners=3)]
    assert region.value() == 3 + cgt.star + cgt.star
    assert GoRegion("XXX|X.X|XXX", prisoners=-1).score() == 0
    assert pickle.loads(pickle.dumps(region)) == region
    assert "prisoners=3" in repr(region)


def test_moves_are_described_and_the_board_draws() -> None:
    g = GoRegion("XXX|Xo.|XXO")
    assert [g.describe_move(o) for o in g.left_options()] == ["x at (1, 2) takes 1"]
    assert [g.describe_move(o) for o in g.right_options()] == ["o at (1, 2)"]
    svg = g._repr_svg_()
    assert svg.count("<circle") == 8 and svg.count("<rect") == 1 + 7  # board + safe marks


def test_a_sum_of_regions_is_quick() -> None:
    start = cpu()
    total = sum((black_corridor(n).value() for n in range(1, 8)), cgt.zero)
    assert total.left_stop() >= total.right_stop()
    assert cpu() - start < 5
