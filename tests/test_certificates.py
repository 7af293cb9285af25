"""Winning-strategy certificates (issue 32): cgt writes them, an independent checker replays them.

The move generators of Domineering, Clobber and Toads and Frogs are written
here from the rules, sharing no code with cgt's rulesets; Col and a ruleset
written in this file are checked through :func:`cgt.certificates.move_generator`
as well.  The checker, :mod:`cgt.verify`, imports the standard library only
(checked with :mod:`ast`).  Corrupted certificates (a wrong answer, a missing
reply, an illegal move, a loser claimed to win, truncated JSON, ...) are each
refused with a message that says what is wrong.
"""

from __future__ import annotations

import ast
import json
import pickle
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.certificates import (
    Certificate,
    InvalidCertificate,
    move_generator,
    strategy,
)
from cgt.games import Clobber, Col, Cram, Domineering, ToadsAndFrogs
from cgt.games.base import Position
from cgt.verify import CertificateError, check

ROOT = Path(__file__).resolve().parent.parent


# --- move generators written from the rules (no cgt code) ---------------------------------
def _grid(text: str) -> list[list[str]]:
    return [list(row) for row in text.split("\n")]


def _text(grid: list[list[str]]) -> str:
    return "\n".join("".join(row) for row in grid)


def domineering_moves(text: str, player: str) -> list[str]:
    """Left puts a vertical domino on two empty cells, Right a horizontal one."""
    grid = _grid(text)
    dr, dc = (1, 0) if player == "L" else (0, 1)
    out = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            r2, c2 = r + dr, c + dc
            if cell == "." and r2 < len(grid) and c2 < len(grid[r2]) and grid[r2][c2] == ".":
                after = [list(line) for line in grid]
                after[r][c] = after[r2][c2] = "#"
                out.append(_text(after))
    return out


def domineering_negate(text: str) -> str:
    """The transpose: vertical and horizontal swap, so Left and Right do."""
    grid = _grid(text)
    return _text([[grid[r][c] for r in range(len(grid))] for c in range(len(grid[0]))])


def cram_moves(text: str, player: str) -> list[str]:
    """Cram: either side puts a domino on two empty cells, either way round (impartial)."""
    return domineering_moves(text, "L") + domineering_moves(text, "R")


def clobber_moves(text: str, player: str) -> list[str]:
    """A stone of the mover's moves onto an orthogonally adjacent stone of the other side."""
    mine, theirs = ("x", "o") if player == "L" else ("o", "x")
    grid = _grid(text)
    out = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell != mine:
                continue
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < len(grid) and 0 <= c2 < len(grid[r2]) and grid[r2][c2] == theirs:
                    after = [list(line) for line in grid]
                    after[r][c], after[r2][c2] = ".", mine
                    out.append(_text(after))
    return out


def clobber_negate(text: str) -> str:
    return text.translate(str.maketrans("xo", "ox"))


def toads_moves(text: str, player: str) -> list[str]:
    """Toads (t, Left) step right onto a blank or jump one frog onto one; frogs (f) go left."""
    me, other, step = ("t", "f", 1) if player == "L" else ("f", "t", -1)
    out = []
    for i, cell in enumerate(text):
        if cell != me:
            continue
        if 0 <= i + step < len(text) and text[i + step] == ".":
            to = i + step
        elif (
            0 <= i + 2 * step < len(text) and text[i + step] == other and text[i + 2 * step] == "."
        ):
            to = i + 2 * step
        else:
            continue
        cells = list(text)
        cells[i], cells[to] = ".", me
        out.append("".join(cells))
    return out


def toads_negate(text: str) -> str:
    return text[::-1].translate(str.maketrans("tf", "ft"))


# --- a ruleset written here: Left takes 1 or 2 from a heap, Right 1 or 3 ---------------------
class Heap(Position):
    """A heap of ``n`` counters; Left removes 1 or 2, Right removes 1 or 3."""

    def __init__(self, n: int) -> None:
        self.n = n

    def left_options(self) -> list[Heap]:
        return [Heap(self.n - k) for k in (1, 2) if k <= self.n]

    def right_options(self) -> list[Heap]:
        return [Heap(self.n - k) for k in (1, 3) if k <= self.n]

    def key(self) -> int:
        return self.n

    def __str__(self) -> str:
        return str(self.n)


def heap_moves(text: str, player: str) -> list[str]:
    takes = (1, 2) if player == "L" else (1, 3)
    return [str(int(text) - k) for k in takes if k <= int(text)]


# --- a brute force over sums of texts, with a generator --------------------------------------
def brute_wins(moves: Callable[[str, str], list[str]], texts: tuple[str, ...], player: str) -> bool:
    """Does ``player``, moving first in the sum of ``texts``, win? (Memoised full search.)"""
    memo: dict[tuple[tuple[str, ...], str], bool] = {}
    other = {"L": "R", "R": "L"}

    def wins(state: tuple[str, ...], who: str) -> bool:
        key = (tuple(sorted(state)), who)
        if key not in memo:
            memo[key] = any(
                not wins((*state[:i], o, *state[i + 1 :]), other[who])
                for i, t in enumerate(state)
                for o in moves(t, who)
            )
        return memo[key]

    return wins(texts, player)


# --- random won positions ---------------------------------------------------------------------
def board(rng: random.Random, rows: int, cols: int, fill: Callable[[], str]) -> str:
    return "|".join("".join(fill() for _ in range(cols)) for _ in range(rows))


def domineering_part(rng: random.Random) -> Domineering:
    return Domineering(
        board(
            rng, rng.randint(1, 3), rng.randint(1, 4), lambda: "#" if rng.random() < 0.25 else "."
        )
    )


def clobber_part(rng: random.Random) -> Clobber:
    return Clobber(board(rng, rng.randint(1, 2), rng.randint(2, 4), lambda: rng.choice("xxoo.")))


def toads_part(rng: random.Random) -> ToadsAndFrogs:
    return ToadsAndFrogs("".join(rng.choice("tf..") for _ in range(rng.randint(3, 7))))


def col_part(rng: random.Random) -> Col:
    return Col("-".join(rng.choice("...LR") for _ in range(rng.randint(2, 5))))


def heap_part(rng: random.Random) -> Heap:
    return Heap(rng.randint(1, 9))


RULESETS: dict[str, tuple[Callable[[random.Random], Any], Any, Any, int]] = {
    # name: (a random part, move generator, negate, how many certificates)
    "Domineering": (domineering_part, domineering_moves, domineering_negate, 80),
    "Clobber": (clobber_part, clobber_moves, clobber_negate, 80),
    "ToadsAndFrogs": (toads_part, toads_moves, toads_negate, 50),
    "Col": (col_part, move_generator(Col), None, 45),
    "Heap": (heap_part, heap_moves, None, 45),
}


def won_sums(name: str, seed: int = 32) -> Iterator[tuple[cgt.Sum, str]]:
    """Random sums of one to three parts, each with a side that wins it (by cgt's value)."""
    make, _, negate, count = RULESETS[name]
    rng = random.Random(f"{name} {seed}")
    made = 0
    while made < count:
        parts = [make(rng) for _ in range(rng.randint(1, 3))]
        if negate is not None and rng.random() < 0.3:  # a G + (-G) pair too
            g = parts[0]
            parts.append(type(g)(negate(str(g)).replace("\n", "|")))
        s = cgt.Sum(*parts)
        value = s.value()
        for side in ("L", "R"):
            wins = value >= 0 or value.fuzzy(0) if side == "L" else value <= 0 or value.fuzzy(0)
            if made < count and wins:
                made += 1
                yield s, side


def test_three_hundred_certificates_are_accepted_by_the_independent_checker() -> None:
    total = 0
    for name, (_, moves, negate, count) in RULESETS.items():
        checked = 0
        for s, side in won_sums(name):
            certificate = strategy(s, side, negate=negate)
            texts = [str(part) for part in s.parts]
            report = check(certificate.to_json(), moves, negate=negate, root=texts)
            assert report.winner == side
            assert report.moving == certificate.moving
            assert report.nodes >= 1
            checked += 1
        assert checked == count, name
        total += checked
    assert total >= 300


def test_mirror_pairs_are_one_rule() -> None:
    g = Domineering("...|..#|...")
    s = g + Domineering(domineering_negate(str(g)).replace("\n", "|")) + Domineering("..")
    with_mirror = strategy(s, "R", negate=domineering_negate)
    without = strategy(s, "R")
    data = json.loads(with_mirror.to_json())
    assert any("mirror" in node for node in data["nodes"])
    assert with_mirror.nodes < without.nodes
    report = check(with_mirror.to_json(), domineering_moves, negate=domineering_negate)
    assert report.mirrored > 1
    with pytest.raises(CertificateError, match="needs the negate callable"):
        check(with_mirror.to_json(), domineering_moves)
    check(without.to_json(), domineering_moves)


def test_splits_make_a_sum_of_regions_grow_as_a_sum() -> None:
    # regions each worth 0 or more for Left: each part proved on its own
    s = cgt.Sum(*(Domineering(t) for t in ("..|..", ".|.", "..|..", ".|.|.", "..|..|#.")))
    split = strategy(s, "L", moving="second")
    whole = strategy(s, "L", moving="second", split=False)
    assert split.nodes < whole.nodes
    for c in (split, whole):
        check(c.to_json(), domineering_moves)


def test_cgt_claims_agree_with_a_brute_force() -> None:
    """Who wins, moving first or second, as the certificates say, against a search written here."""
    rng = random.Random(7)
    seen = 0
    for _ in range(60):
        name = rng.choice(["Domineering", "Clobber", "ToadsAndFrogs"])
        make, moves, _, _ = RULESETS[name]
        parts = [make(rng) for _ in range(rng.randint(1, 2))]
        texts = tuple(str(p) for p in parts)
        s = cgt.Sum(*parts)
        for side in ("L", "R"):
            other = "R" if side == "L" else "L"
            first = brute_wins(moves, texts, side)
            second = not brute_wins(moves, texts, other)
            if not (first or second):
                with pytest.raises(cgt.InvalidArgument, match="loses"):
                    strategy(s, side)
                continue
            c = strategy(s, side)
            assert c.moving == ("second" if second else "first")
            check(c.to_json(), moves, root=list(texts))
            seen += 1
    assert seen > 40


def test_nim_groups_are_one_rule() -> None:
    """Impartial components of nim-sum 0: the checker computes their Grundy values itself."""
    rng = random.Random(3)
    grouped = 0
    for _ in range(25):
        parts = [
            Cram(board(rng, rng.randint(1, 2), rng.randint(1, 4), lambda: rng.choice("...#")))
            for _ in range(rng.randint(2, 4))
        ]
        s = cgt.Sum(*parts)
        for side in ("L", "R"):
            c = strategy(s, side, moving="first" if s.value() != 0 else "second")
            texts = [str(p) for p in parts]
            report = check(c.to_json(), cram_moves, root=texts)
            data = json.loads(c.to_json())
            if any("nim" in node for node in data["nodes"]):
                grouped += 1
                assert report.grundy > 0
            # Cram's first player wins exactly when the nim-sum is not 0 (brute force)
            assert (c.moving == "first") == brute_wins(cram_moves, tuple(texts), side)
    assert grouped > 30
    heaps = cgt.Sum(Cram("..."), Cram("...."), Cram("......"), Cram("..|.."))  # * + *2 + *3 + 0
    c = strategy(heaps, "L")
    assert c.nodes == 1 < strategy(heaps, "L", split=False).nodes
    data = json.loads(c.to_json())
    bad = json.loads(json.dumps(data))
    bad["root"] = bad["nodes"][0]["state"] = bad["nodes"][0]["nim"][0] = [1, 2, 3]  # *+*2+*3 + 0
    check(json.dumps(bad), cram_moves)  # (..|.. is worth 0 and impartial: still a proof)
    bad["root"] = bad["nodes"][0]["state"] = bad["nodes"][0]["nim"][0] = [1, 2]  # * + *2
    with pytest.raises(CertificateError, match="of nim-sum 3, not 0"):
        check(json.dumps(bad), cram_moves)
    with pytest.raises(CertificateError, match="is not impartial"):
        check(json.dumps(data), domineering_moves)  # the same boards under Domineering's rules


# --- corrupted certificates -----------------------------------------------------------------
BASE = Domineering("...|...") + Domineering("..|..|..")  # worth 0: Left wins moving second


def _base() -> dict[str, Any]:
    return json.loads(strategy(BASE, "L").to_json())  # type: ignore[no-any-return]


def _refused(data: dict[str, Any] | str, match: str, **kwargs: Any) -> CertificateError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(CertificateError, match=match) as info:
        check(text, domineering_moves, **kwargs)
    return info.value


def _winner_nodes(data: dict[str, Any]) -> list[int]:
    return [i for i, node in enumerate(data["nodes"]) if "move" in node]


def test_the_base_certificate_is_accepted() -> None:
    data = _base()
    assert check(json.dumps(data), domineering_moves).nodes == len(data["nodes"])
    assert len(_winner_nodes(data)) > 5


def test_a_wrong_answer_is_refused() -> None:
    data = _base()
    texts = data["texts"]
    refused = 0
    for i in _winner_nodes(data):
        node = data["nodes"][i]
        here, there = (texts[k] for k in node["move"])
        state = [texts[k] for k in node["state"]]
        for other in domineering_moves(here, "L"):
            if other == there:
                continue
            rest = list(state)
            rest.remove(here)
            if not brute_wins(domineering_moves, (*rest, other), "R"):
                continue  # that answer wins too
            bad = json.loads(json.dumps(data))
            if other not in texts:
                bad["texts"].append(other)
            bad["nodes"][i]["move"][1] = bad["texts"].index(other)
            err = _refused(bad, "no node for this state")
            assert err.line and all(":" in step for step in err.line)
            refused += 1
    assert refused >= 3


def test_a_missing_reply_is_refused() -> None:
    data = _base()
    for i in _winner_nodes(data):
        bad = json.loads(json.dumps(data))
        del bad["nodes"][i]
        err = _refused(bad, "the certificate has no node for this state with L to move")
        assert err.line[-1].startswith("R: ")  # after Right's reply that is not answered


def test_an_illegal_move_is_refused() -> None:
    data = _base()
    i = _winner_nodes(data)[0]
    bad = json.loads(json.dumps(data))
    bad["texts"].append("#.\n#.\n#.")
    bad["nodes"][i]["move"][1] = len(bad["texts"]) - 1
    _refused(bad, "illegal move: L cannot move from")
    bad = json.loads(json.dumps(data))  # a move in a component that is not there
    here = bad["nodes"][i]["move"][0]
    others = [k for k in range(len(bad["texts"])) if k not in bad["nodes"][i]["state"]]
    bad["nodes"][i]["move"][0] = others[0]
    assert here != others[0]
    _refused(bad, "which is not in the state")


def test_a_loser_claimed_won_is_refused() -> None:
    data = _base()
    bad = dict(data, winner="R")
    _refused(bad, "no node for this state with L to move")
    bad = dict(data, moving="first")  # Left moving first in a 0: loses
    _refused(bad, "no node for this state with L to move")
    # a hand-made proof that Left wins .. (worth -1) moving first
    fake = {
        "format": "cgt-certificate",
        "version": 1,
        "winner": "L",
        "moving": "first",
        "texts": ["..", "##"],
        "root": [0],
        "nodes": [{"turn": "L", "state": [0], "move": [0, 1]}, {"turn": "R", "state": []}],
    }
    _refused(fake, "illegal move")
    # the right certificate for another position
    _refused(data, "the certificate is about", root=["..\n..", "."])


def test_truncated_or_malformed_json_is_refused() -> None:
    text = strategy(BASE, "L").to_json()
    for cut in range(0, len(text), max(1, len(text) // 40)):
        _refused(text[:cut], "malformed certificate")
    data = _base()
    for key in ("winner", "moving", "texts", "root", "nodes"):
        _refused({k: v for k, v in data.items() if k != key}, f"the key '{key}' is missing")
    _refused(dict(data, version=2), "reads version 1")
    _refused(dict(data, nodes=[{"turn": "X", "state": []}]), "turn must be 'L' or 'R'")
    _refused(dict(data, root=[999]), "not a number of a text")
    _refused("[1, 2]", "the top level must be an object")
    with pytest.raises(CertificateError, match="malformed"):
        check(b"\xff\xfe", domineering_moves)
    with pytest.raises(InvalidCertificate, match="not JSON"):
        Certificate.from_json(text[:-1])


def test_bad_splits_and_cycles_are_refused() -> None:
    data = _base()
    root = data["nodes"][0]
    assert root["turn"] == "R"
    bad = json.loads(json.dumps(data))
    bad["nodes"][0]["split"] = [root["state"][:1]]  # parts that are not the state
    _refused(bad, "are not the state")
    bad = json.loads(json.dumps(data))
    bad["nodes"][0]["split"] = [root["state"]]  # a part that is the whole: a loop
    _refused(bad, "comes back to the state")
    bad = json.loads(json.dumps(data))
    bad["nodes"][0]["mirror"] = [root["state"]]  # 3x2 and 2x3: a board and its negative
    assert check(json.dumps(bad), domineering_moves, negate=domineering_negate).mirrored > 1
    _refused(bad, "is not negate", negate=lambda text: text)  # with a wrong negation


def test_a_generator_that_fails_names_the_text() -> None:
    def broken(text: str, player: str) -> list[str]:
        raise KeyError(text)

    with pytest.raises(CertificateError, match="the move generator failed on"):
        check(strategy(BASE, "L").to_json(), broken)
    with pytest.raises(CertificateError, match="options must be texts"):
        check(strategy(BASE, "L").to_json(), lambda t, p: [1])
    with pytest.raises(CertificateError, match="returned one text"):
        check(strategy(BASE, "L").to_json(), lambda t, p: t)
    with pytest.raises(TypeError, match="moves must be a function"):
        check(strategy(BASE, "L").to_json(), "domineering")  # type: ignore[arg-type]
    err = CertificateError("no answer", ["L: a -> b"], 2)
    err.extra = 1  # type: ignore[attr-defined]
    back = pickle.loads(pickle.dumps(err))
    assert (str(back), back.line, back.node, back.extra) == (str(err), err.line, 2, 1)


def test_the_checker_imports_the_standard_library_only() -> None:
    tree = ast.parse((ROOT / "cgt" / "verify.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "a relative import in the checker"
            imported.add((node.module or "").split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("eval", "exec"):
            raise AssertionError("the checker runs code")
    assert imported, "no imports found: the test reads the wrong file"
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


def test_the_checker_runs_alone() -> None:
    """cgt/verify.py loaded as a plain file, with no cgt on the path, checks a certificate."""
    import subprocess

    text = strategy(Clobber("xo") + Clobber("xo.o"), "L").to_json()
    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('v', {str(ROOT / 'cgt' / 'verify.py')!r})\n"
        "v = importlib.util.module_from_spec(spec); sys.modules['v'] = v\n"
        "spec.loader.exec_module(v)\n"
        "assert 'cgt' not in sys.modules\n"
        "moves = {('xo','L'): ['.x'], ('xo','R'): ['o.'], ('xo.o','L'): ['.x.o'],\n"
        "         ('xo.o','R'): ['o..o'], ('.x.o','L'): [], ('.x.o','R'): [], ('.x','L'): [],\n"
        "         ('.x','R'): [], ('o.','L'): [], ('o.','R'): [], ('o..o','L'): [],\n"
        "         ('o..o','R'): []}\n"
        "print(v.check(sys.stdin.read(), lambda t, p: moves[t, p]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", script], input=text, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Report(winner='L', moving='second'" in done.stdout


# --- the certificate object ---------------------------------------------------------------
def test_json_round_trip_sizes_pickle_and_answers() -> None:
    c = strategy(BASE, "L")
    again = Certificate.from_json(c.to_json(indent=2))
    assert again.to_json() == c.to_json()
    assert c.json_bytes == len(c.to_json().encode())
    assert c.nodes == len(json.loads(c.to_json())["nodes"])
    assert pickle.loads(pickle.dumps(c)).to_json() == c.to_json()
    err = InvalidCertificate("bad", ["L: a -> b"], 3)
    back = pickle.loads(pickle.dumps(err))
    assert isinstance(back, cgt.CGTError) and isinstance(back, ValueError)
    assert str(back) == str(err)
    # every answer the certificate gives is a legal, winning move by the brute force
    data = json.loads(c.to_json())
    texts = data["texts"]
    for node in data["nodes"]:
        if "move" in node:
            state = [texts[k] for k in node["state"]]
            here, there = c.answer(state)
            assert there in domineering_moves(here, "L")
            rest = list(state)
            rest.remove(here)
            assert not brute_wins(domineering_moves, (*rest, there), "R")
    with pytest.raises(cgt.InvalidArgument, match="no position"):
        c.answer(["..."])


@pytest.mark.slow
def test_a_long_line_is_no_recursion_error() -> None:
    c = Heap(3000).strategy("L")  # ^1000: Left wins moving second, 3000 moves deep
    assert c.moving == "second" and c.nodes == 3001
    assert check(c.to_json(), heap_moves, root=["3000"]).nodes == 3001


def test_bad_arguments_raise_cgt_errors() -> None:
    with pytest.raises(cgt.InvalidArgument, match="a player is"):
        strategy(Clobber("xo"), "up")
    with pytest.raises(cgt.InvalidArgument, match="moving is"):
        strategy(Clobber("xo"), "L", moving="third")
    with pytest.raises(cgt.InvalidArgument, match="does not win"):
        strategy(Domineering(".."), "L", moving="first")
    with pytest.raises(cgt.InvalidArgument, match="max_nodes"):
        strategy(Clobber("xo"), "L", max_nodes=0)
    with pytest.raises(cgt.TooLarge, match="max_nodes=3"):
        strategy(Domineering("....|....|...."), "R", max_nodes=3)
    with pytest.raises(cgt.WrongType, match="negate"):
        strategy(Clobber("xo"), "L", negate="swap")  # type: ignore[arg-type]


def test_the_picture() -> None:
    c = strategy(Clobber("xo") + Clobber("xo.o"), "L")
    svg = c.to_svg()
    assert svg.startswith("<svg") and "<title>winning strategy for Left" in svg
    assert svg.count('class="node"') == c.tree().size == 5
    loaded = Certificate.from_json(c.to_json())
    with pytest.raises(cgt.InvalidArgument, match="move generator"):
        loaded.tree()
    assert loaded.tree(clobber_moves).size == 5
    # Jupyter's picture of a loaded certificate: the answers, not the replies
    assert loaded.to_svg().count('class="node"') == 1  # the root, dashed
    with pytest.raises(cgt.TooLarge, match="max_nodes"):
        strategy(BASE, "L").tree(max_nodes=3)
