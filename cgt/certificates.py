"""Winning strategies as certificates that anyone can check.

:func:`strategy` turns a position (or a :class:`~cgt.Sum` of positions) that
a side wins into a :class:`Certificate`: for every position that side meets,
its winning answer, and for every position where the opponent moves, a proof
that every reply is answered.  A certificate is written as JSON
(:meth:`Certificate.to_json`, the format documented in :mod:`cgt.verify`) and
checked by :func:`cgt.verify.check`, which imports nothing of cgt and trusts
only the move generator it is given.

The certificate is kept small by the theory, each rule one the checker
confirms by itself:

* **transpositions**: nodes are keyed by the position (a multiset of
  component texts) and the side to move, so a position reached along several
  lines is proved once (the certificate is a DAG);
* **components**: a position is a disjunctive sum; a move is a move in one
  component, and components where no one can move are dropped;
* **splits**: where the opponent is to move, the sum is cut into parts that
  the winner wins moving second, each proved on its own (the winner answers in
  the part the opponent moved in), so the proof of a sum of independent
  regions grows as the sum of their proofs, not as their product.  Among
  others this covers a component worth 0 (the second player wins it) and a
  component and its negative;
* **mirror play**: with a ``negate`` function (a position's text to its
  negative's) a pair ``G + (-G)`` is one rule, *copy the move*, instead of a
  tree; the checker walks ``G``'s own game tree to confirm every copy is legal;
* **choice of answers**: among the winning answers the builder prefers one
  that leads to a position already proved, then one after which the position
  splits into the smallest parts (answering locally), then one in a
  component that is not a number (number avoidance).

>>> from cgt.games import Clobber
>>> c = strategy(Clobber("xo") + Clobber("xo.o"), "L")
>>> c                                   # * + * = 0: Left wins moving second
Certificate(Left wins moving second, 4 nodes)
>>> c.root, c.moving
(('xo', 'xo.o'), 'second')
>>> c.check(move_generator(Clobber)).nodes
4
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ._deep import deep
from ._svg import Drawable, TreeNode, short_text, tree_svg
from .errors import CGTError, InvalidArgument, TooLarge, WrongType
from .game import Game, zero
from .play import Player, Sum, as_player
from .verify import FORMAT, VERSION, CertificateError, Report, check, load

__all__ = [
    "Certificate",
    "CertificateTree",
    "InvalidCertificate",
    "move_generator",
    "strategy",
]

State = tuple[str, ...]
Moves = Callable[[str, str], Iterable[str]]
_Split = tuple[list[State], list[tuple[str, str]], list[State]]
"""A split: parts (each proved alone), mirror pairs, nim groups."""


class InvalidCertificate(CGTError, CertificateError):
    """A certificate that is malformed or that its checker refuses (a :class:`cgt.CGTError`
    and a :class:`cgt.verify.CertificateError`).

    >>> Certificate.from_json('{"format": "cgt-certificate"')
    Traceback (most recent call last):
    ...
    cgt.certificates.InvalidCertificate: malformed certificate: not JSON (...)
    """


def _wrap(err: CertificateError) -> InvalidCertificate:
    return InvalidCertificate(err.problem, err.line, err.node)


def move_generator(make: Callable[[str], Any]) -> Moves:
    """A move generator for :func:`cgt.verify.check` from a cgt ruleset: ``make(text)``
    reads a position (a ruleset class, or its ``parse``), the options are written with ``str``.

    It is cgt's own move generation, so a check with it is not independent
    of cgt's rules; write your own from the rules for that.

    >>> from cgt.games import ToadsAndFrogs
    >>> moves = move_generator(ToadsAndFrogs)
    >>> list(moves("t.f", "L")), list(moves("t.f", "R"))
    (['.tf'], ['tf.'])
    """

    def moves(text: str, player: str) -> list[str]:
        side = as_player(player)
        position = make(text)
        return [str(option) for option in _options(position, side)]

    return moves


def _options(position: Any, side: Player) -> list[Any]:
    if isinstance(position, Game):
        return list(position.left_options if side is Player.LEFT else position.right_options)
    found = position.left_options() if side is Player.LEFT else position.right_options()
    return list(found)


def _value_of(position: Any) -> Game:
    if isinstance(position, Game):
        return position
    value = position.value()
    if not isinstance(value, Game):
        raise WrongType(
            f"{short_text(position)} has no short game value ({type(value).__name__}): "
            "strategies are certified for short games only"
        )
    return value


class _Builder:
    """The search that writes a certificate: values of components, chosen answers, nodes."""

    def __init__(self, winner: Player, negate: Callable[[str], str] | None, max_nodes: int) -> None:
        self.winner = winner
        self.opponent = winner.opponent
        self.negate = negate
        self.max_nodes = max_nodes
        self.positions: dict[str, Any] = {}
        self.moves: dict[tuple[str, Player], tuple[str, ...]] = {}
        self.values: dict[str, Game] = {}
        self.totals: dict[State, Game] = {}
        self.splits: dict[State, _Split | None] = {}
        self.impartial: dict[str, bool] = {}
        self.nodes: dict[tuple[Player, State], dict[str, Any]] = {}
        self.splitting = True

    # --- components ------------------------------------------------------------------
    def text(self, position: Any) -> str:
        text = str(position)
        known = self.positions.setdefault(text, position)
        if known is not position and type(known) is not type(position):
            raise InvalidArgument(
                f"two components of different kinds ({type(known).__name__} and "
                f"{type(position).__name__}) are both written {text!r}: the certificate "
                "names positions by their text"
            )
        return text

    def options(self, text: str, side: Player) -> tuple[str, ...]:
        found = self.moves.get((text, side))
        if found is None:
            found = tuple(self.text(o) for o in _options(self.positions[text], side))
            self.moves[text, side] = found
        return found

    def value(self, text: str) -> Game:
        found = self.values.get(text)
        if found is None:
            found = self.values[text] = _value_of(self.positions[text])
        return found

    def state(self, texts: Iterable[str]) -> State:
        return tuple(
            sorted(
                t for t in texts if self.options(t, Player.LEFT) or self.options(t, Player.RIGHT)
            )
        )

    def total(self, state: State) -> Game:
        found = self.totals.get(state)
        if found is None:
            found = zero
            for t in state:
                found = found + self.value(t)
            self.totals[state] = found
        return found

    def second_wins(self, g: Game) -> bool:
        """Does the winner win ``g`` with the opponent moving first?"""
        return g >= zero if self.winner is Player.LEFT else g <= zero

    def first_wins(self, g: Game) -> bool:
        """Does the winner win ``g`` moving first?"""
        return not (g <= zero) if self.winner is Player.LEFT else not (g >= zero)

    def wins(self, state: State, turn: Player) -> bool:
        g = self.total(state)
        return self.first_wins(g) if turn is self.winner else self.second_wins(g)

    # --- splits ----------------------------------------------------------------------
    def is_impartial(self, text: str) -> bool:
        """Do both sides have the same options everywhere in the component's game tree?"""
        found = self.impartial.get(text)
        if found is not None:
            return found
        if not self.value(text).is_nimber:
            self.impartial[text] = False
            return False
        todo, seen, ok = [text], {text}, True
        while todo and ok:
            x = todo.pop()
            if self.impartial.get(x) is True:
                continue
            left = sorted(self.options(x, Player.LEFT))
            ok = left == sorted(self.options(x, Player.RIGHT))
            for y in left:
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        if ok:
            for x in seen:
                self.impartial[x] = True
        self.impartial[text] = ok
        return ok

    def nim_group(self, rest: list[str]) -> list[str]:
        """Impartial components of ``rest`` whose Grundy values have nim-sum 0 (most of them)."""
        heaps = [t for t in rest if self.is_impartial(t)]
        total = 0
        for t in heaps:
            total ^= int(self.value(t).nim_value())
        if total:
            odd = next((t for t in heaps if int(self.value(t).nim_value()) == total), None)
            if odd is None:
                return []
            heaps.remove(odd)
        return heaps

    def split(self, state: State) -> _Split | None:
        """Parts (each won by the winner moving second), mirror pairs and nim groups, or None."""
        if not self.splitting:
            return None
        if state in self.splits:
            return self.splits[state]
        rest = list(state)
        pairs: list[tuple[str, str]] = []
        if self.negate is not None:
            for t in list(rest):
                if t not in rest:
                    continue
                rest.remove(t)
                u = self.negate(t)
                if u in rest and self.value(u) == -self.value(t):
                    rest.remove(u)
                    pairs.append((t, u))
                else:
                    rest.append(t)
        heaps = self.nim_group(rest)
        for t in heaps:
            rest.remove(t)
        groups = [tuple(sorted(heaps))] if heaps else []
        parts: list[State] = []
        remaining = self.total(tuple(sorted(rest)))
        for size in (1, 2):
            for group in self._groups(rest, size):
                if any(rest.count(t) < n for t, n in Counter(group).items()):
                    continue
                g = zero
                for t in group:
                    g = g + self.value(t)
                if not self.second_wins(g) or not self.second_wins(remaining - g):
                    continue
                for t in group:
                    rest.remove(t)
                remaining = remaining - g
                parts.append(tuple(sorted(group)))
        found: _Split | None = None
        if rest and (parts or pairs or groups):
            parts.append(tuple(sorted(rest)))
        if len(parts) > 1 or pairs or groups:
            found = (parts, pairs, groups)
        self.splits[state] = found
        return found

    @staticmethod
    def _groups(rest: list[str], size: int) -> list[tuple[str, ...]]:
        if size == 1:
            return [(t,) for t in list(rest)]
        items = list(rest)
        return [(a, b) for i, a in enumerate(items) for b in items[i + 1 :]]

    def biggest_part(self, state: State) -> int:
        found = self.split(state)
        if found is None:
            return len(state)
        return max((len(p) for p in found[0]), default=0)

    # --- nodes -------------------------------------------------------------------
    def add(self, key: tuple[Player, State], node: dict[str, Any]) -> None:
        if len(self.nodes) >= self.max_nodes:
            raise TooLarge(
                f"the certificate needs more than max_nodes={self.max_nodes} nodes: "
                "pass a larger max_nodes, or certify smaller positions"
            )
        self.nodes[key] = node

    def build(self, state: State, turn: Player, hint: str | None = None) -> None:
        key = (turn, state)
        if key in self.nodes:
            return
        if turn is self.winner:
            here, there, after = self.answer(state, hint)
            self.add(key, {"move": (here, there)})
            self.build(after, self.opponent)
            return
        found = self.split(state)
        if found is not None:
            parts, pairs, groups = found
            self.add(key, {"split": parts, "mirror": pairs, "nim": groups})
            for part in parts:
                self.build(part, self.opponent)
            return
        self.add(key, {})
        for here in sorted(set(state)):
            rest = list(state)
            rest.remove(here)
            for there in self.options(here, self.opponent):
                after = self.state([*rest, there])
                self.build(after, self.winner, there)

    def answer(self, state: State, hint: str | None) -> tuple[str, str, State]:
        """The winner's chosen winning move: (component, option, position after)."""
        best: tuple[tuple[int, int, int, int], str, str, State] | None = None
        for here in sorted(set(state)):
            rest = list(state)
            rest.remove(here)
            for there in self.options(here, self.winner):
                after = self.state([*rest, there])
                if not self.wins(after, self.opponent):
                    continue
                known = 0 if (self.opponent, after) in self.nodes else 1
                score = (
                    known,
                    self.biggest_part(after) if known else 0,
                    0 if here == hint else 1,
                    1 if self.value(here).is_number else 0,
                )
                if best is None or score < best[0]:
                    best = (score, here, there, after)
        if best is None:  # (the search said the winner wins here: never happens)
            raise AssertionError(f"no winning move in {state}")
        return best[1], best[2], best[3]


class Certificate(Drawable):
    """A winning strategy for one side: a DAG of positions with the winner's answers.

    Made by :func:`strategy` or read by :meth:`from_json`; checked by
    :meth:`check` (that is, :func:`cgt.verify.check`).  ``winner`` wins the
    ``root`` position (its components' texts), moving ``moving`` ("first" or
    "second").  ``nodes`` counts the positions proved, ``json_bytes`` the
    size of the compact JSON.

    >>> from cgt.games import Domineering
    >>> c = strategy(Domineering("..|..") + Domineering("..|.."), "R")
    >>> c.winner, c.moving, c.nodes
    (Player.RIGHT, 'second', 7)
    >>> Certificate.from_json(c.to_json()).to_json() == c.to_json()
    True
    """

    def __init__(self, data: dict[str, Any], moves: Moves | None = None) -> None:
        self._data = data
        self._moves = moves

    @classmethod
    def from_json(cls, text: str | bytes) -> Certificate:
        """Read a certificate from its JSON text (checking its shape, not its claim).

        >>> from cgt.games import Clobber
        >>> text = strategy(Clobber("xo"), "R").to_json()
        >>> Certificate.from_json(text).winner
        Player.RIGHT
        """
        try:
            data = load(text)
        except CertificateError as err:
            raise _wrap(err) from None
        return cls(data)

    def to_json(self, indent: int | None = None) -> str:
        """The certificate as JSON text (compact unless ``indent``), as :mod:`cgt.verify` reads it.

        >>> import json
        >>> from cgt.games import Clobber
        >>> data = json.loads(strategy(Clobber("xo"), "L").to_json())
        >>> data["format"], data["version"], data["winner"], data["texts"]
        ('cgt-certificate', 1, 'L', ['xo', '.x'])
        """
        if indent is None:
            return json.dumps(self._data, separators=(",", ":"), ensure_ascii=False)
        return json.dumps(self._data, indent=indent, ensure_ascii=False)

    @property
    def winner(self) -> Player:
        """The side that wins.

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo"), "R").winner
        Player.RIGHT
        """
        return Player(self._data["winner"])

    @property
    def moving(self) -> str:
        """``"first"`` (the winner moves first) or ``"second"`` (the opponent does).

        >>> from cgt.games import Domineering
        >>> strategy(Domineering("..|.."), "L").moving, strategy(Domineering(".|."), "L").moving
        ('first', 'second')
        """
        return str(self._data["moving"])

    @property
    def ruleset(self) -> str:
        """The names of the rulesets of the components (for people: the checker ignores it).

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo"), "L").ruleset
        'Clobber'
        """
        return str(self._data.get("ruleset", ""))

    @property
    def root(self) -> tuple[str, ...]:
        """The texts of the root position's components.

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo") + Clobber("ox.xo"), "L").root
        ('ox.xo', 'xo')
        """
        texts = self._data["texts"]
        return tuple(texts[i] for i in self._data["root"])

    @property
    def nodes(self) -> int:
        """How many positions the certificate proves (its nodes).

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xoxo"), "L").nodes > 1
        True
        """
        return len(self._data["nodes"])

    @property
    def json_bytes(self) -> int:
        """The size of the compact JSON in bytes (UTF-8).

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo"), "L").json_bytes == len(strategy(Clobber("xo"), "L").to_json())
        True
        """
        return len(self.to_json().encode("utf-8"))

    def check(
        self,
        moves: Moves,
        *,
        negate: Callable[[str], str] | None = None,
        root: Sequence[str] | None = None,
    ) -> Report:
        """Replay every line with :func:`cgt.verify.check`; its :class:`~cgt.verify.Report`.

        Raises :class:`InvalidCertificate` naming the first bad line.

        >>> from cgt.games import ToadsAndFrogs
        >>> c = strategy(ToadsAndFrogs("tt.f") + ToadsAndFrogs("t.ff"), "L")
        >>> c.check(move_generator(ToadsAndFrogs)).winner
        'L'
        """
        try:
            return check(self.to_json(), moves, negate=negate, root=root)
        except CertificateError as err:
            raise _wrap(err) from None

    def answer(self, state: Iterable[str]) -> tuple[str, str]:
        """The winner's move in a position of the certificate with the winner to move:
        (the component moved in, the component after the move), as texts.

        ``state`` lists the component texts (components without moves left out).

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo") + Clobber("xo.o"), "L").answer(["xo.o"])
        ('xo.o', '.x.o')
        """
        if isinstance(state, str):
            raise WrongType("answer() needs the list of component texts, not one str")
        texts = self._data["texts"]
        wanted = sorted(state)
        for node in self._data["nodes"]:
            mine = node["turn"] == self._data["winner"] and "move" in node
            if mine and sorted(texts[i] for i in node["state"]) == wanted:
                here, there = node["move"]
                return texts[here], texts[there]
        raise InvalidArgument(
            f"the certificate has no position {wanted} with {self.winner.name.title()} to move"
        )

    def tree(self, moves: Moves | None = None, max_nodes: int = 200) -> CertificateTree:
        """The certificate drawn as a tree (see :class:`CertificateTree`).

        ``moves`` lists the opponent's replies; a certificate made by
        :func:`strategy` knows them, one read from JSON needs the generator.

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo") + Clobber("xo.o"), "L").tree().size
        5
        """
        return CertificateTree(self, moves, max_nodes)

    def svg_title(self) -> str:
        """The picture's alt text.

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo"), "L").svg_title()
        'winning strategy for Left (moving first) in xo: 2 nodes'
        """
        where = " + ".join(_label(t) for t in self.root) or "0"
        return (
            f"winning strategy for {self.winner.name.title()} (moving {self.moving}) in "
            f"{where}: {self.nodes} nodes"
        )

    def _draw_svg(self) -> str:
        """The tree of :meth:`tree`, cut (dashed ``…`` nodes) past 200 nodes.

        >>> from cgt.games import Clobber
        >>> c = strategy(Clobber("xoxoxo|oxoxox"), "L")
        >>> c.nodes > 200, "…" in c.to_svg()
        (True, True)
        """
        return CertificateTree(self, self._moves, 200, strict=False)._draw_svg()

    def __repr__(self) -> str:
        return (
            f"Certificate({self.winner.name.title()} wins moving {self.moving}, "
            f"{self.nodes} node{'' if self.nodes == 1 else 's'})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return Certificate, (self._data,)


def _label(text: str) -> str:
    return " / ".join(text.splitlines()) if "\n" in text else text


class CertificateTree(Drawable):
    """A certificate as a picture: each node a position (its components joined by
    ``+``), the winner's answer on an edge of the winner's colour, the
    opponent's replies on edges of the other colour (Left's blue, hanging left;
    Right's red, hanging right).  A split shows its parts as the opponent's
    children, a mirror pair as a grey box; a node met again is drawn once more,
    dashed and without its children (the DAG's sharing).

    >>> from cgt.games import Clobber
    >>> t = strategy(Clobber("xo") + Clobber("xo.o"), "L").tree()
    >>> t.size, t.to_svg().count('class="node"')
    (5, 5)
    """

    def __init__(
        self,
        certificate: Certificate,
        moves: Moves | None,
        max_nodes: int,
        *,
        strict: bool = True,
    ) -> None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
            raise InvalidArgument(f"max_nodes must be a positive int, not {max_nodes!r}")
        self.certificate = certificate
        moves = moves if moves is not None else certificate._moves
        if moves is None and strict:
            raise InvalidArgument(
                "a certificate read from JSON draws with its move generator: tree(moves=...)"
            )
        self._root = _grow(certificate._data, moves, max_nodes, strict)
        self.size = self._root.count()

    def svg_title(self) -> str:
        """The picture's alt text (the certificate's).

        >>> from cgt.games import Clobber
        >>> strategy(Clobber("xo"), "R").tree().svg_title()
        'winning strategy for Right (moving first) in xo: 2 nodes'
        """
        return self.certificate.svg_title()

    def _draw_svg(self) -> str:
        return tree_svg(self._root)

    def __repr__(self) -> str:
        return f"CertificateTree({self.size} nodes)"


@deep
def _grow(data: dict[str, Any], moves: Moves | None, max_nodes: int, strict: bool) -> TreeNode:
    """The tree to draw; past ``max_nodes``, :class:`~cgt.TooLarge` (``strict``) or cut nodes.

    Without ``moves`` (a certificate read from JSON, drawn by Jupyter) the
    opponent's replies are not drawn, and a component that a move leaves
    without moves is found by the nodes' states.
    """
    texts: list[str] = data["texts"]
    winner = data["winner"]
    opponent = "R" if winner == "L" else "L"

    def live(state: Iterable[str]) -> State:
        if moves is None:
            return tuple(sorted(state))
        return tuple(sorted(t for t in state if list(moves(t, "L")) or list(moves(t, "R"))))

    index = {(node["turn"], live(texts[i] for i in node["state"])): node for node in data["nodes"]}
    drawn: set[tuple[str, State]] = set()
    budget = [max_nodes]

    def label(state: State) -> str:
        return " + ".join(_label(t) for t in state) or "0"

    def grow(turn: str, state: State) -> TreeNode:
        budget[0] -= 1
        if budget[0] < 0 and strict:
            raise TooLarge(
                f"the certificate has more than max_nodes={max_nodes} nodes to draw: "
                "pass a larger max_nodes to tree()"
            )
        if budget[0] < 0:
            return TreeNode("…", cut=True)
        key = (turn, state)
        node = TreeNode(label(state))
        if key in drawn or key not in index:
            node.cut = True
            return node
        drawn.add(key)
        raw = index[key]
        mine, theirs = (node.lefts, node.rights) if winner == "L" else (node.rights, node.lefts)
        if turn == winner:
            here, there = (texts[i] for i in raw["move"])
            rest = list(state)
            rest.remove(here)
            after = live([*rest, there])
            if (opponent, after) not in index and moves is None:
                after = live(rest)  # (the move left the component without moves)
            mine.append(grow(opponent, after))
        elif "split" in raw or "mirror" in raw or "nim" in raw:
            node.label += "  (split)"
            for part in raw.get("split", []):
                theirs.append(grow(opponent, live(texts[i] for i in part)))
            for a, b in raw.get("mirror", []):
                theirs.append(TreeNode(f"{_label(texts[a])} + {_label(texts[b])}: copy", atom=True))
            for group in raw.get("nim", []):
                heaps = " + ".join(_label(texts[i]) for i in group)
                theirs.append(TreeNode(f"{heaps}: nim-sum 0", atom=True))
        elif moves is None:
            node.cut = bool(state)  # the replies: with the move generator, tree(moves)
        else:
            for here in sorted(set(state)):
                rest = list(state)
                rest.remove(here)
                for there in moves(here, opponent):
                    theirs.append(grow(winner, live([*rest, there])))
        return node

    root = live(texts[i] for i in data["root"])
    return grow(winner if data["moving"] == "first" else opponent, root)


@deep
def strategy(
    position: Any,
    player: Player | str,
    *,
    moving: str | None = None,
    negate: Callable[[str], str] | None = None,
    split: bool = True,
    max_nodes: int = 200_000,
) -> Certificate:
    """A winning strategy for ``player`` in ``position`` (a position or a :class:`~cgt.Sum`),
    as a :class:`Certificate`.

    ``moving`` is ``"first"`` (``player`` moves first and wins) or
    ``"second"`` (the opponent moves first and ``player`` still wins); by
    default ``"second"`` where ``player`` wins moving second (the stronger
    claim), else ``"first"``.  A side that does not win so raises
    :class:`~cgt.errors.InvalidArgument`.  ``negate`` (a position's text to
    the text of its negative) lets pairs ``G + (-G)`` be proved by mirror
    play; checking such a certificate needs the same function.  Components
    are named by their text (``str``), so a ruleset's text must say the whole
    position.  ``split=False`` turns splits (and so mirror play) off: the
    whole sum is proved as one tree, for comparison.

    >>> from cgt.games import Domineering
    >>> c = strategy(Domineering("...|...") + Domineering("..|..|.."), "L")   # worth 0
    >>> c.nodes < 60, c.check(move_generator(Domineering)).winner
    (True, 'L')
    >>> strategy(Domineering(".."), "L")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: Left loses .. moving first and moving second (its value is -1)
    """
    side = as_player(player)
    if moving not in (None, "first", "second"):
        raise InvalidArgument(f"moving is 'first', 'second' or None, not {moving!r}")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise InvalidArgument(f"max_nodes must be a positive int, not {max_nodes!r}")
    if negate is not None and not callable(negate):
        raise WrongType(f"negate must be a function from text to text, not {negate!r}")
    parts = list(position.parts) if isinstance(position, Sum) else list(Sum(position).parts)
    builder = _Builder(side, negate, max_nodes)
    builder.splitting = bool(split)
    root = builder.state(builder.text(p) for p in parts)
    total = builder.total(root)
    name = side.name.title()
    shown = " + ".join(_label(t) for t in root) or "0"
    if moving is None:
        if builder.second_wins(total):
            moving = "second"
        elif builder.first_wins(total):
            moving = "first"
        else:
            raise InvalidArgument(
                f"{name} loses {shown} moving first and moving second (its value is {total})"
            )
    turn = side if moving == "first" else side.opponent
    if not builder.wins(root, turn):
        raise InvalidArgument(f"{name} does not win {shown} moving {moving} (its value is {total})")
    builder.build(root, turn)
    ids: dict[str, int] = {}

    def number(text: str) -> int:
        return ids.setdefault(text, len(ids))

    for t in root:
        number(t)
    nodes = []
    for (who, state), node in builder.nodes.items():
        out: dict[str, Any] = {"turn": who.value, "state": [number(t) for t in state]}
        if "move" in node:
            out["move"] = [number(t) for t in node["move"]]
        if node.get("split"):
            out["split"] = [[number(t) for t in part] for part in node["split"]]
        if node.get("mirror"):
            out["mirror"] = [[number(a), number(b)] for a, b in node["mirror"]]
        if node.get("nim"):
            out["nim"] = [[number(t) for t in group] for group in node["nim"]]
        nodes.append(out)
    kinds = sorted({type(builder.positions[t]).__name__ for t in builder.positions})
    data = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": " + ".join(kinds),
        "winner": side.value,
        "moving": moving,
        "texts": list(ids),
        "root": [ids[t] for t in root],
        "nodes": nodes,
    }

    def moves(text: str, player: str) -> list[str]:
        return list(builder.options(text, as_player(player)))

    return Certificate(data, moves)
