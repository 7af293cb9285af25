"""An independent checker of winning-strategy certificates (standard library only).

A *certificate* (made by :func:`cgt.certificates.strategy`) claims that one
side wins a position, or a sum of positions, moving first or second, and
holds a winning strategy: for each position the winner meets, the winning
answer.  This module replays every line of it and confirms the win, or raises
:class:`CertificateError` naming the first bad line.  It imports nothing of
cgt and nothing outside Python's standard library, and reading a certificate
never runs code (it is JSON, read by :func:`json.loads`): all that it trusts
is the move generator it is given.

**The move generator** is a callable ``moves(text, player)``: ``text`` is the
text of one position (a component of a sum), ``player`` is ``"L"`` or
``"R"``, and it returns the texts of the positions that player can move to
(an iterable of ``str``).  Write it from the rules, in your own code.

**The format** (version 1) is one JSON object::

    {"format": "cgt-certificate", "version": 1,
     "ruleset": "Domineering",          (what the texts are: for people only)
     "winner": "L",                     ("L" or "R")
     "moving": "first",                 ("first" or "second": who moves first at the root)
     "texts": ["..\\n..", "#.\\n#.", ...],   (each component text once)
     "root": [0],                       (the position: a multiset of text numbers)
     "nodes": [ {"turn": "L", "state": [0], "move": [0, 1]}, ... ]}

A *state* is a multiset of components (a disjunctive sum), written as a list
of indices into ``texts``; the order does not matter, and a component with no
move for either side (worth 0) is dropped by the checker wherever it occurs.
Each node is a state with the side to ``turn``, of one of three kinds:

* the winner to move: ``"move": [i, j]`` is the answer, a move in the
  component ``texts[i]`` (which must be in the state) to ``texts[j]`` (which
  must be one of the generator's options there).  The state after it, with
  the opponent to move, must have a node;
* the opponent to move, no other key: *every* move of the opponent (the
  generator's options, in every component) must lead to a state with a node,
  the winner to move.  A state where the opponent has no move is won;
* the opponent to move, ``"split": [[...], ...]``, ``"mirror": [[i, j],
  ...]`` and/or ``"nim": [[...], ...]``: the state is cut into independent
  parts, the union of the split parts, the mirror pairs and the nim groups
  being the state (as multisets).  Each split part is a state of its own,
  the opponent to move, with its own node.  Each mirror pair is a component
  and its negative (``texts[j]`` is ``negate(texts[i])``), won by the second
  player copying each move in the other component; the checker confirms that
  copy is always legal by walking the first component's game tree with the
  ``negate`` callable it is given (pairs are refused without one).  Each nim
  group is a sum of impartial components whose Grundy values have nim-sum 0:
  the checker walks each component's game tree, confirms that both sides
  have the same options everywhere in it, computes its Grundy value (the mex
  of its options' values), and relies on the Sprague-Grundy theorem (an
  impartial game equals the Nim heap of its Grundy value, and a sum of heaps
  of nim-sum 0 is lost by the player to move, whose every move the other
  answers by restoring nim-sum 0: Winning Ways, chapter 3; Siegel,
  *Combinatorial Game Theory*, IV.1).

A split is sound because the winner, second to move in every part, answers in
the part where the opponent moved (a sum of games each won by Left moving
second is won by Left moving second).  Nodes are looked up by their state and
turn, so a position reached along several lines is proved once (a DAG), and
any line that comes back to a state on itself is refused (games here are
short).

>>> rows = {"...": [".##", "##."], ".##": [], "##.": []}   # Right's dominoes on a row
>>> def moves(text, player):
...     return rows[text] if player == "R" else []
>>> certificate = {"format": "cgt-certificate", "version": 1, "ruleset": "row",
...     "winner": "R", "moving": "first", "texts": ["...", ".##"], "root": [0],
...     "nodes": [{"turn": "R", "state": [0], "move": [0, 1]}, {"turn": "L", "state": []}]}
>>> import json
>>> check(json.dumps(certificate), moves)
Report(winner='R', moving='first', nodes=2, mirrored=0, grundy=0)
>>> certificate["winner"] = "L"
>>> check(json.dumps(certificate), moves)
Traceback (most recent call last):
...
cgt.verify.CertificateError: at the root: the certificate has no node for this state with L ...
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["FORMAT", "VERSION", "CertificateError", "Report", "check", "load"]

FORMAT = "cgt-certificate"
"""The value of a certificate's ``"format"`` key.

>>> FORMAT
'cgt-certificate'
"""

VERSION = 1
"""The version of the format this checker reads.

>>> VERSION
1
"""

Moves = Callable[[str, str], Iterable[str]]
State = tuple[str, ...]
_SIDES = ("L", "R")


class CertificateError(ValueError):
    """A certificate that is malformed or does not prove the win it claims.

    ``line`` is the line of play from the root to the bad node, each move
    written ``"L: a -> b"`` (empty at the root or for a malformed file);
    ``node`` the bad node's index in ``"nodes"`` (or ``None``).

    >>> err = CertificateError("no answer", line=["R: ... -> .##"], node=3)
    >>> str(err), err.line, err.node
    ('after R: ... -> .##: no answer (node 3)', ['R: ... -> .##'], 3)
    >>> import pickle
    >>> pickle.loads(pickle.dumps(err)).line
    ['R: ... -> .##']
    """

    def __init__(self, problem: str, line: Sequence[str] = (), node: int | None = None) -> None:
        self.problem = problem
        self.line = list(line)
        self.node = node
        where = "after " + ", ".join(self.line) if self.line else "at the root"
        if not line and node is None and problem.startswith("malformed"):
            where = ""
        text = f"{where}: {problem}" if where else problem
        if node is not None:
            text += f" (node {node})"
        super().__init__(text)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.problem, self.line, self.node), dict(self.__dict__)


@dataclass(frozen=True)
class Report:
    """What :func:`check` confirmed: who wins, moving first or second, and how much it read.

    ``nodes`` counts the certificate's nodes on the lines replayed, ``mirrored``
    the positions of mirror pairs' first components where copying was
    confirmed, ``grundy`` the positions of nim groups' components whose
    Grundy value was computed.

    >>> Report("L", "second", 5, 0).nodes
    5
    """

    winner: str
    moving: str
    nodes: int
    mirrored: int
    grundy: int = 0


@dataclass
class _Node:
    index: int
    turn: str
    state: State
    move: tuple[str, str] | None
    split: list[State] | None
    mirror: list[tuple[str, str]] | None
    nim: list[State] | None = None


@dataclass
class _Certificate:
    ruleset: str
    winner: str
    moving: str
    root: State
    nodes: list[_Node]


def _malformed(what: str) -> CertificateError:
    return CertificateError("malformed certificate: " + what)


def _texts_of(ids: Any, texts: list[str], where: str) -> State:
    if not isinstance(ids, list):
        raise _malformed(f"{where} must be a list of text numbers, not {type(ids).__name__}")
    out = []
    for i in ids:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(texts):
            raise _malformed(f"{where} has {i!r}, not a number of a text (0 to {len(texts) - 1})")
        out.append(texts[i])
    return tuple(out)


def _node(i: int, raw: Any, texts: list[str]) -> _Node:
    where = f"node {i}"
    if not isinstance(raw, dict):
        raise _malformed(f"{where} must be an object, not {type(raw).__name__}")
    unknown = set(raw) - {"turn", "state", "move", "split", "mirror", "nim"}
    if unknown:
        raise _malformed(f"{where} has unknown keys {sorted(unknown)}")
    turn = raw.get("turn")
    if turn not in _SIDES:
        raise _malformed(f"{where}: turn must be 'L' or 'R', not {turn!r}")
    state = _texts_of(raw.get("state"), texts, f"{where}'s state")
    move = None
    if "move" in raw:
        pair = _texts_of(raw["move"], texts, f"{where}'s move")
        if len(pair) != 2:
            raise _malformed(f"{where}'s move must be [from, to], not {raw['move']!r}")
        move = (pair[0], pair[1])
    split = None
    if "split" in raw:
        if not isinstance(raw["split"], list):
            raise _malformed(f"{where}'s split must be a list of states")
        split = [_texts_of(p, texts, f"{where}'s split part") for p in raw["split"]]
    mirror = None
    if "mirror" in raw:
        if not isinstance(raw["mirror"], list):
            raise _malformed(f"{where}'s mirror must be a list of pairs")
        mirror = []
        for p in raw["mirror"]:
            pair = _texts_of(p, texts, f"{where}'s mirror pair")
            if len(pair) != 2:
                raise _malformed(f"{where}'s mirror pair must be [a, negate(a)], not {p!r}")
            mirror.append((pair[0], pair[1]))
    nim = None
    if "nim" in raw:
        if not isinstance(raw["nim"], list):
            raise _malformed(f"{where}'s nim must be a list of groups")
        nim = [_texts_of(p, texts, f"{where}'s nim group") for p in raw["nim"]]
    if move is not None and (split is not None or mirror is not None or nim is not None):
        raise _malformed(f"{where} has both a move and a split")
    return _Node(i, turn, state, move, split, mirror, nim)


def load(text: str | bytes) -> dict[str, Any]:
    """Read a certificate's JSON and check its shape (not yet its claim); the object read.

    Only :func:`json.loads` reads the text: nothing in it is ever run.

    >>> load('{"format": "cgt-certificate", "version": 1, "winner": "L", "moving": "first", '
    ...      '"texts": [], "root": [], "nodes": []}')["winner"]
    'L'
    >>> load('{"format": "cgt-certificate", "version": 1')
    Traceback (most recent call last):
    ...
    cgt.verify.CertificateError: malformed certificate: not JSON (Expecting ',' delimiter: ...)
    """
    _read(text)
    data: dict[str, Any] = json.loads(text)
    return data


def _read(text: str | bytes) -> _Certificate:
    if not isinstance(text, (str, bytes, bytearray)):
        raise _malformed(f"a certificate is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise _malformed(f"not JSON ({err})") from None
    if not isinstance(data, dict):
        raise _malformed(f"the top level must be an object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise _malformed(f"format must be {FORMAT!r}, not {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise _malformed(f"this checker reads version {VERSION}, not {data.get('version')!r}")
    for key in ("winner", "moving", "texts", "root", "nodes"):
        if key not in data:
            raise _malformed(f"the key {key!r} is missing")
    winner, moving = data["winner"], data["moving"]
    if winner not in _SIDES:
        raise _malformed(f"winner must be 'L' or 'R', not {winner!r}")
    if moving not in ("first", "second"):
        raise _malformed(f"moving must be 'first' or 'second', not {moving!r}")
    texts = data["texts"]
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise _malformed("texts must be a list of strings")
    root = _texts_of(data["root"], texts, "the root")
    if not isinstance(data["nodes"], list):
        raise _malformed("nodes must be a list")
    nodes = [_node(i, raw, texts) for i, raw in enumerate(data["nodes"])]
    ruleset = data.get("ruleset", "")
    return _Certificate(str(ruleset), winner, moving, root, nodes)


class _Rules:
    """The move generator, its answers remembered, and a component's deadness."""

    def __init__(self, moves: Moves, negate: Callable[[str], str] | None) -> None:
        self.moves = moves
        self.negate_fn = negate
        self.known: dict[tuple[str, str], tuple[str, ...]] = {}
        self.negated: dict[str, str] = {}

    def options(self, text: str, player: str, line: list[str], node: int | None) -> tuple[str, ...]:
        found = self.known.get((text, player))
        if found is not None:
            return found
        try:
            got = self.moves(text, player)
            if isinstance(got, (str, bytes)):
                raise TypeError(f"it returned one text, {got!r}, not a list of texts")
            out = tuple(got)
        except Exception as err:  # the generator refused the text: the certificate's fault
            raise CertificateError(
                f"the move generator failed on {text!r} for {player}: {type(err).__name__}: {err}",
                line,
                node,
            ) from err
        for option in out:
            if not isinstance(option, str):
                raise CertificateError(
                    f"the move generator gave {option!r} (a {type(option).__name__}) for "
                    f"{text!r}, {player}: options must be texts (str)",
                    line,
                    node,
                )
        self.known[text, player] = out
        return out

    def negate(self, text: str, line: list[str], node: int | None) -> str:
        if self.negate_fn is None:
            raise CertificateError(
                "the certificate uses mirror play, which needs the negate callable "
                "(check(..., negate=...)): none was given",
                line,
                node,
            )
        found = self.negated.get(text)
        if found is None:
            try:
                found = self.negate_fn(text)
            except Exception as err:
                raise CertificateError(
                    f"negate failed on {text!r}: {type(err).__name__}: {err}", line, node
                ) from err
            if not isinstance(found, str):
                raise CertificateError(f"negate({text!r}) is not a text: {found!r}", line, node)
            self.negated[text] = found
        return found

    def state(self, texts: Iterable[str], line: list[str], node: int | None) -> State:
        """The multiset as a sorted tuple, components without moves dropped."""
        return tuple(
            sorted(
                t
                for t in texts
                if self.options(t, "L", line, node) or self.options(t, "R", line, node)
            )
        )


def _minus(state: State, part: Iterable[str]) -> list[str] | None:
    rest = list(state)
    for t in part:
        if t not in rest:
            return None
        rest.remove(t)
    return rest


def _show(state: State) -> list[str]:
    return list(state)


def check(
    certificate: str | bytes,
    moves: Moves,
    *,
    negate: Callable[[str], str] | None = None,
    root: Sequence[str] | None = None,
) -> Report:
    """Replay every line of ``certificate`` (JSON text) and confirm the win it claims.

    ``moves(text, player)`` is the ruleset's move generator (see the module
    documentation), ``negate(text)`` the text of the negative of a position
    (the same board with the roles of the sides swapped), needed only by
    certificates with mirror play.  With ``root`` (component texts) the
    certificate must be about that position.  Returns a :class:`Report`;
    raises :class:`CertificateError` naming the first bad line.

    >>> import json
    >>> def moves(text, player):          # Nim heaps "0", "1", "2", ...
    ...     return [str(k) for k in range(int(text))]
    >>> proof = {"format": "cgt-certificate", "version": 1, "ruleset": "nim", "winner": "R",
    ...     "moving": "second", "texts": ["1", "0"], "root": [0, 0],
    ...     "nodes": [{"turn": "L", "state": [0, 0], "mirror": [[0, 0]]}]}
    >>> check(json.dumps(proof), moves, negate=lambda t: t)   # *1 + *1: copy the move
    Report(winner='R', moving='second', nodes=1, mirrored=2, grundy=0)
    >>> check(json.dumps(proof), moves, negate=lambda t: t, root=["2", "1"])
    Traceback (most recent call last):
    ...
    cgt.verify.CertificateError: at the root: the certificate is about ['1', '1'], not ['1', '2']
    """
    if not callable(moves):
        raise TypeError(f"moves must be a function (text, player) -> option texts, not {moves!r}")
    if negate is not None and not callable(negate):
        raise TypeError(f"negate must be a function from text to text, not {negate!r}")
    cert = _read(certificate)
    rules = _Rules(moves, negate)
    winner = cert.winner
    opponent = "R" if winner == "L" else "L"
    index: dict[tuple[str, State], _Node] = {}
    for node in cert.nodes:
        key = (node.turn, rules.state(node.state, [], node.index))
        if key in index:
            raise _malformed(f"nodes {index[key].index} and {node.index} are the same state")
        index[key] = node
    start = rules.state(cert.root, [], None)
    if root is not None:
        if isinstance(root, str) or not all(isinstance(t, str) for t in root):
            raise CertificateError(f"root must be a list of component texts, not {root!r}")
        wanted = rules.state(root, [], None)
        if wanted != start:
            raise CertificateError(f"the certificate is about {_show(start)}, not {_show(wanted)}")
    first = winner if cert.moving == "first" else opponent
    mirrored: set[str] = set()
    grundy: dict[str, int] = {}
    done: set[tuple[str, State]] = set()
    on_line: set[tuple[str, State]] = set()

    def find(turn: str, state: State, line: list[str], parent: int | None) -> _Node:
        node = index.get((turn, state))
        if node is None:
            raise CertificateError(
                f"the certificate has no node for this state with {turn} to move "
                f"(state: {_show(state)})",
                line,
                parent,
            )
        return node

    def successors(node: _Node, line: list[str]) -> list[tuple[str, State, str]]:
        """The (turn, state, move text) the node's claim rests on, after checking its own rule."""
        state = rules.state(node.state, line, node.index)
        if node.turn == winner:
            if node.move is None:
                raise CertificateError(
                    f"{winner} is to move but the node gives no move (state: {_show(state)})",
                    line,
                    node.index,
                )
            here, there = node.move
            rest = _minus(state, [here])
            if rest is None:
                raise CertificateError(
                    f"the move is in {here!r}, which is not in the state {_show(state)}",
                    line,
                    node.index,
                )
            if there not in rules.options(here, winner, line, node.index):
                raise CertificateError(
                    f"illegal move: {winner} cannot move from {here!r} to {there!r}",
                    line,
                    node.index,
                )
            after = rules.state([*rest, there], line, node.index)
            return [(opponent, after, f"{winner}: {here!r} -> {there!r}")]
        if node.move is not None:
            raise CertificateError(
                f"the node gives a move for {winner}, but {opponent} is to move", line, node.index
            )
        if node.split is None and node.mirror is None and node.nim is None:
            out = []
            for here in sorted(set(state)):
                rest = _minus(state, [here])
                assert rest is not None
                for there in rules.options(here, opponent, line, node.index):
                    after = rules.state([*rest, there], line, node.index)
                    out.append((winner, after, f"{opponent}: {here!r} -> {there!r}"))
            return out
        parts = [rules.state(p, line, node.index) for p in node.split or []]
        pairs = node.mirror or []
        heaps = node.nim or []
        union: list[str] = [t for p in parts for t in p] + [t for pair in pairs for t in pair]
        union += [t for group in heaps for t in group]
        if rules.state(union, line, node.index) != state:
            raise CertificateError(
                f"the split parts, mirror pairs and nim groups "
                f"{[*map(list, parts), *map(list, pairs), *map(list, heaps)]} "
                f"are not the state {_show(state)}",
                line,
                node.index,
            )
        for a, b in pairs:
            _mirror(a, b, line, node.index)
        for group in heaps:
            total = 0
            for t in group:
                total ^= _grundy(t, line, node.index)
            if total:
                raise CertificateError(
                    f"the nim group {list(group)} has Grundy values "
                    f"{[grundy[t] for t in group]}, of nim-sum {total}, not 0",
                    line,
                    node.index,
                )
        return [(opponent, p, f"(part {_show(p)})") for p in parts if p]

    def _mirror(a: str, b: str, line: list[str], node: int) -> None:
        """Confirm that in ``a + b`` (``b`` = -``a``) copying each move wins for the winner."""
        if rules.negate(a, line, node) != b:
            raise CertificateError(
                f"mirror pair: {b!r} is not negate({a!r}) = {rules.negate(a, line, node)!r}",
                line,
                node,
            )
        walking: set[str] = set()
        stack: list[tuple[str, Iterable[str]]] = []

        def enter(x: str) -> None:
            if x in mirrored:
                return
            if x in walking:
                raise CertificateError(
                    f"mirror play: {x!r} can be played back to itself (a loopy game)", line, node
                )
            walking.add(x)
            stack.append((x, iter(follow(x))))

        def follow(x: str) -> list[str]:
            """The positions of the first component after each opponent move and its copy."""
            y = rules.negate(x, line, node)
            out = []
            for x2 in rules.options(x, opponent, line, node):  # opponent in x, copied in y
                if rules.negate(x2, line, node) not in rules.options(y, winner, line, node):
                    raise CertificateError(
                        f"mirror play: after {opponent}'s move {x!r} -> {x2!r} the copy "
                        f"{y!r} -> {rules.negate(x2, line, node)!r} is not a move of {winner}",
                        line,
                        node,
                    )
                out.append(x2)
            mine = {rules.negate(x3, line, node): x3 for x3 in rules.options(x, winner, line, node)}
            for y2 in rules.options(y, opponent, line, node):  # opponent in y, copied in x
                if y2 not in mine:
                    raise CertificateError(
                        f"mirror play: after {opponent}'s move {y!r} -> {y2!r} no move of "
                        f"{winner} in {x!r} is its copy",
                        line,
                        node,
                    )
                out.append(mine[y2])
            return out

        enter(a)
        while stack:
            x, todo = stack[-1]
            nxt = next(iter(todo), None)
            if nxt is None:
                stack.pop()
                walking.discard(x)
                mirrored.add(x)
            else:
                enter(nxt)

    def _grundy(top: str, line: list[str], node: int) -> int:
        """The Grundy value of an impartial component (after checking it is impartial)."""
        walking: set[str] = set()
        stack: list[tuple[str, Iterator[str]]] = []

        def enter(x: str) -> None:
            if x in walking:
                raise CertificateError(
                    f"nim group: {x!r} can be played back to itself (a loopy game)", line, node
                )
            left = sorted(rules.options(x, "L", line, node))
            if left != sorted(rules.options(x, "R", line, node)):
                raise CertificateError(
                    f"nim group: {x!r} is not impartial (Left and Right have different moves)",
                    line,
                    node,
                )
            walking.add(x)
            stack.append((x, iter(left)))

        if top not in grundy:
            enter(top)
        while stack:
            x, todo = stack[-1]
            nxt = next((y for y in todo if y not in grundy), None)
            if nxt is not None:
                enter(nxt)
                continue
            stack.pop()
            walking.discard(x)
            seen = {grundy[y] for y in rules.options(x, "L", line, node)}
            grundy[x] = next(g for g in range(len(seen) + 1) if g not in seen)
        return grundy[top]

    # an iterative depth-first walk: lines may be long, and a line must not loop
    root_node = find(first, start, [], None)
    frames: list[tuple[tuple[str, State], Iterable[tuple[str, State, str]], list[str]]] = []

    def open_node(node: _Node, line: list[str]) -> None:
        key = (node.turn, rules.state(node.state, line, node.index))
        on_line.add(key)
        frames.append((key, iter(successors(node, line)), line))

    open_node(root_node, [])
    while frames:
        key, todo, line = frames[-1]
        step = next(iter(todo), None)
        if step is None:
            frames.pop()
            on_line.discard(key)
            done.add(key)
            continue
        turn, state, said = step
        child = (turn, state)
        if child in done:
            continue
        here = index[key].index
        deeper = [*line, said] if not said.startswith("(") else line
        if child in on_line:
            raise CertificateError(
                f"the line comes back to the state {_show(state)} with {turn} to move "
                "(a cycle: no win in a short game)",
                deeper,
                here,
            )
        open_node(find(turn, state, deeper, here), deeper)
    return Report(winner, cert.moving, len(done), len(mirrored), len(grundy))
