"""Reading loopy games in CGSuite notation.

Grammar of :func:`parse_loopy` (on top of :func:`cgt.parse` for short games)::

    expr    := ["-"] term (("+" | "-") term)*
    term    := [NAME] "{" sides "}"      a NAME before braces labels that node
             | "pass"                    a move to the innermost game it is an option of
                                         (in {0||0|0,pass}: the inner {0|0,pass})
             | NAME                      a labelled node (of braces around it)
             | "on" | "off" | "over" | "under" | "dud" | "upon"
             | NUMBER ("over" | "under")  no space: 5over = 5 + over; -5over = -5 + over
             | [NUMBER] ("^" | "v") ("[on]" | "<on>") ["*" [INT]]
                                         CGSuite's upon family: ^[on] = upon = {pass|*},
                                         ^<on> = {0||0|0,pass}, v = negative; a number
                                         and a nimber added: 5^[on]*, -1/4v[on], v<on>*3
             | [NUMBER] ("Tiny" | "Miny") "(" expr ")"   Tiny(X) = {0||0|-X},
                                         Miny(X) = {X|0||0}, for loopy X: Tiny(on)
             | "+-" term                  {term | -term}, when term is loopy: +-over, +-(5over)
             | "+-{" expr, ... "}"        {a, b | -a, -b}: +-{{0|^<on>},{0|^<on>*}}
             | "(" expr ")"
             | short                     anything cgt.parse reads: 1/2, *, ^, v, {1|0}, ...
    sides   := options separated by "," and runs of "|" (slash notation, as in cgt.parse)

A name is known inside the braces it labels and, once they are closed, in
the rest of the text (an enclosing label of the same name comes first), so a
position met twice can be written once and named.  ``pass`` and names of
enclosing braces are options only: they cannot be added or negated.

>>> from cgt.loopy import parse_loopy, over
>>> parse_loopy("{0|pass}") == over, parse_loopy("a{0|a}") == over
(True, True)
>>> parse_loopy("{1|0}")              # no cycle: the short game
{1|0}
>>> parse_loopy("on + off"), parse_loopy("3/2under"), parse_loopy("+-(5over)")
(dud, 3/2under, +-(5over))
>>> parse_loopy("upon") == parse_loopy("^[on]") == parse_loopy("{pass|*}")
True
>>> parse_loopy("5v<on>*"), parse_loopy("Tiny(on)") == parse_loopy("{0||0|off}")
(5v<on>*, True)

:func:`cgt.parse` hands every text with loopy notation to :func:`parse_loopy`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .._deep import deep
from .._tokens import Tok, is_vs, tokenize
from ..dyadic import Dyadic
from ..errors import ParseError, WrongType
from ..game import Game, nimber, number
from ..notation import reader, register_reader
from .graph import GameGraph
from .values import _CONSTANTS, LoopyGame, _acyclic

# a short game's text read as cgt.parse reads it (its cache), typed as a Game
_read_short: Callable[[str], Game] = reader("short").read

# ^<on> = {0||0|0,pass}: node 0 = {0|2}, node 1 = 0, node 2 = {0|0,pass}
_UPONTH = LoopyGame(GameGraph.of([[1], [], [1]], [[2], [], [1, 2]]))

__all__ = ["parse_loopy"]

Closed = Game | LoopyGame


class _Node:
    """A node of the graph being read, and the enclosing nodes it refers to."""

    __slots__ = ("free", "id", "is_pass")

    def __init__(self, node: int, free: frozenset[int], is_pass: bool = False) -> None:
        self.id = node
        self.free = free
        # ``pass`` is a move to the innermost game it is an option of, which in
        # slash notation ({0||0|0,pass}) is the inner node, not the braces
        self.is_pass = is_pass


Part = Game | LoopyGame | _Node

MAX_NODES = 20000
"""The most positions of a short game embedded in loopy text, or of a loopy sum
there (:func:`parse_loopy`, :func:`~cgt.loopy.sided.parse_sided`); beyond, an error at once.

>>> from cgt.loopy import parse_loopy
>>> parse_loopy("a{0|a} + 30000")
Traceback (most recent call last):
...
cgt.errors.ParseError: a short game with more than 20000 positions cannot be part of ...
"""
_MAX_NODES = MAX_NODES


_OPEN = ("{", "(", "<", "[")
_CLOSE = ("}", ")", ">", "]")


def _cgt_ident(text: str) -> bool:
    return text.lower() in ("tiny", "miny") or is_vs(text)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0
        self.left: list[list[int]] = []
        self.right: list[list[int]] = []
        self.scopes: list[tuple[str | None, int]] = []
        self.done: dict[str, tuple[int, frozenset[int]]] = {}
        # the closing bracket of every opening one (the END token if none)
        self.match: dict[int, int] = {}
        stack: list[int] = []
        for j, t in enumerate(self.toks):
            if t.kind in _OPEN:
                stack.append(j)
            elif t.kind in _CLOSE and stack:
                self.match[stack.pop()] = j
        for j in stack:
            self.match[j] = len(self.toks) - 1
        # loopy_count[j]: how many names (not cgt.parse's words) come before token j
        self.loopy_count = [0]
        for t in self.toks:
            named = t.kind == "IDENT" and not _cgt_ident(t.text)
            self.loopy_count.append(self.loopy_count[-1] + named)

    @property
    def tok(self) -> Tok:
        return self.toks[self.i]

    def error(self, message: str, tok: Tok | None = None) -> ParseError:
        return ParseError(message, self.text, (tok or self.tok).pos)

    def found(self) -> str:
        return "the end of the text" if self.tok.kind == "END" else repr(self.tok.text)

    # --- graph building ----------------------------------------------------------
    def new_node(self) -> int:
        self.left.append([])
        self.right.append([])
        return len(self.left) - 1

    def embed(self, value: Closed) -> int:
        g = value if isinstance(value, LoopyGame) else LoopyGame.of(value)
        base = len(self.left)
        for moves in g.graph.left:
            self.left.append([base + j for j in moves])
        for moves in g.graph.right:
            self.right.append([base + j for j in moves])
        return base

    def node_of(self, part: Part, tok: Tok) -> int:
        return part.id if isinstance(part, _Node) else self.embed(self.loopy(part, tok))

    def tiny_miny(self, word: str, x: Closed, tok: Tok) -> LoopyGame:
        """``Tiny(X) = {0||0|-X}`` or ``Miny(X) = {X|0||0}``."""
        outer, inner = self.new_node(), self.new_node()
        zero = self.embed(number(0))
        far = self.node_of(-x if word == "tiny" else x, tok)
        near, away = (self.left, self.right) if word == "tiny" else (self.right, self.left)
        near[outer].append(zero)
        away[outer].append(inner)
        near[inner].append(zero)
        away[inner].append(far)
        return self.extract(outer)

    def loopy(self, value: Closed, tok: Tok) -> LoopyGame:
        """A value as a loopy game; ParseError if its graph would be too large."""
        if isinstance(value, LoopyGame):
            return value
        if _too_large_for_graph(value):
            raise self.error(
                f"a short game with more than {_MAX_NODES} positions "
                "cannot be part of a loopy game here",
                tok,
            )
        return LoopyGame.of(value)

    def add(self, a: Closed, b: Closed, tok: Tok) -> Closed:
        if isinstance(a, Game) and isinstance(b, Game):
            return a + b
        x, y = self.loopy(a, tok), self.loopy(b, tok)
        if x.graph.size * y.graph.size > _MAX_NODES:
            raise self.error(f"a loopy sum of more than {_MAX_NODES} positions is too large", tok)
        return x + y

    def extract(self, node: int) -> LoopyGame:
        return LoopyGame(GameGraph.of(self.left, self.right, node))

    def close(self, part: Part, tok: Tok) -> Closed:
        """A part as a value, for sums and negatives."""
        if isinstance(part, _Node):
            if part.free:
                raise self.error(
                    "'pass' or a name of enclosing braces can only be an option, "
                    "not part of a sum or a negative",
                    tok,
                )
            return self.extract(part.id)
        return part

    # --- scanning ----------------------------------------------------------------
    def region_end(self) -> int:
        """The index of the token that ends the expression starting here."""
        j = self.i
        while True:
            kind = self.toks[j].kind
            if kind in _OPEN:
                j = self.match[j]
                if self.toks[j].kind == "END":
                    return j
                j += 1
            elif kind in ("END", ",", "BAR") or kind in _CLOSE:
                return j
            else:
                j += 1

    def loopy_between(self, a: int, b: int) -> bool:
        return self.loopy_count[b] > self.loopy_count[a]

    def short(self, a: int, b: int) -> Game:
        """Tokens a..b-1 read by cgt.parse."""
        if a >= b:
            raise self.error(f"expected a game, found {self.found()}")
        start = self.toks[a].pos
        end = self.toks[b].pos if self.toks[b].kind != "END" else len(self.text)
        try:
            g = _read_short(self.text[start:end])
        except ParseError as err:
            raise ParseError(err.message, self.text, start + err.position) from None
        self.i = b
        return g

    # --- grammar -----------------------------------------------------------------
    def expr(self) -> Part:
        end = self.region_end()
        if not self.loopy_between(self.i, end):
            return self.short(self.i, end)
        first_tok = self.tok
        part: Part
        if self.tok.kind == "-" and self.number_prefixed(self.i + 1):
            self.i += 1  # "-5over" is -5 + over, "-1/4v[on]" -1/4 + v[on], as CGSuite prints them
            part = self.term(end, negative=True)
        elif self.tok.kind == "-" and not self.term_is_loopy(self.i + 1, end):
            part = self.chunk(end, self.i + 1)
        elif self.tok.kind == "-":
            self.i += 1
            part = -self.loopy(self.close(self.term(end), first_tok), first_tok)
        else:
            part = self.term(end)
        while self.i < end:
            op = self.tok
            other: Part
            if op.kind == "PM" and self.term_is_loopy(self.i + 1, end):
                other = self.term(end)  # reads the +- itself
            elif op.kind == "PM":
                other = self.chunk(end, self.i + 1)
            elif op.kind in ("+", "-"):
                self.i += 1
                other = self.term(end)
            else:
                raise self.error(f"expected '+', '-', ',', '|' or '}}', found {self.found()}")
            a = self.close(part, first_tok)
            b = self.close(other, op)
            if op.kind == "-":
                b = -b
            part = self.add(a, b, op)
        return part

    def number_over(self, j: int) -> tuple[int, Dyadic, str] | None:
        """A number written right before ``over`` or ``under`` at token j
        (``5over``, ``3/2under``): the index after it, the number, the word."""
        found = self.number_at(j)
        if found is None:
            return None
        k, x = found
        word, before = self.toks[k], self.toks[k - 1]
        if word.kind != "IDENT" or word.text not in ("over", "under"):
            return None
        if word.pos != before.pos + len(before.text):
            return None
        return k + 1, x, word.text

    def has_bar(self, j: int) -> bool:
        """Whether the braces opening at token j have a '|' of their own."""
        k = j + 1
        while k < self.match[j]:
            if self.toks[k].kind in _OPEN:
                k = self.match[k]
            elif self.toks[k].kind == "BAR":
                return True
            k += 1
        return False

    def option_list(self, at: Tok) -> list[Closed]:
        """``{a, b, ...}`` (no bar) as values."""
        opening = self.tok
        self.i += 1
        parts: list[Closed] = []
        while True:
            parts.append(self.close(self.expr(), at))
            if self.tok.kind == ",":
                self.i += 1
                continue
            if self.tok.kind != "}":
                raise self.error(f"expected ',' or '}}', found {self.found()}")
            self.i += 1
            return parts
        raise self.error("unclosed '{'", opening)  # pragma: no cover

    def number_at(self, j: int) -> tuple[int, Dyadic] | None:
        """A number at token j (``5``, ``3/2``, ``0.5``): the index after it, the number."""
        t = self.toks[j]
        if t.kind not in ("INT", "DEC"):
            return None
        k = j + 1
        if t.kind == "INT" and self.toks[k].kind == "/" and self.toks[k + 1].kind == "INT":
            k += 2
        end = self.toks[k - 1]
        try:
            g = _read_short(self.text[t.pos : end.pos + len(end.text)])
        except ParseError:  # pragma: no cover - the tokens are a number
            return None
        return (k, g.to_dyadic()) if g.is_number else None

    def prefix(self, j: int) -> tuple[int, Dyadic]:
        """A number written right before the token after it (no space), or 0."""
        found = self.number_at(j)
        if found is not None:
            k, x = found
            before, after = self.toks[k - 1], self.toks[k]
            if after.pos == before.pos + len(before.text):
                return k, x
        return j, Dyadic(0)

    def upon_at(self, j: int) -> tuple[int, Dyadic, bool, str, int] | None:
        """CGSuite's ``x^[on]*n`` family at token j (``^[on]``, ``5v<on>*``): the
        index after it, x, whether down, '[' or '<', and n."""
        k, x = self.prefix(j)
        t = self.toks[k]
        if not (t.kind == "^" or (t.kind == "IDENT" and t.text == "v")):
            return None
        o, w, c = (self.toks[min(k + d, len(self.toks) - 1)] for d in (1, 2, 3))
        if (o.kind, w.kind, w.text, c.kind) not in (
            ("[", "IDENT", "on", "]"),
            ("<", "IDENT", "on", ">"),
        ):
            return None
        k += 4
        nim = 0
        if self.toks[k].kind == "*":
            nim = 1
            k += 1
            if self.toks[k].kind == "INT" and self.toks[k].pos == self.toks[k - 1].pos + 1:
                nim = int(self.toks[k].text)
                k += 1
        return k, x, t.kind != "^", o.kind, nim

    def tiny_at(self, j: int) -> tuple[int, Dyadic, str] | None:
        """``xTiny(`` or ``xMiny(`` of a loopy game at token j: the index of '(', x, the word."""
        k, x = self.prefix(j)
        t = self.toks[k]
        if t.kind != "IDENT" or t.text.lower() not in ("tiny", "miny"):
            return None
        if self.toks[k + 1].kind != "(" or not self.loopy_between(k + 1, self.match[k + 1]):
            return None
        return k + 1, x, t.text.lower()

    def number_prefixed(self, j: int) -> bool:
        if self.number_over(j) is not None:
            return True
        if self.number_at(j) is None:
            return False
        return self.upon_at(j) is not None or self.tiny_at(j) is not None

    def term_is_loopy(self, j: int, end: int) -> bool:
        t = self.toks[j]
        if t.kind == "{" or self.number_over(j) is not None:
            return True
        if self.upon_at(j) is not None or self.tiny_at(j) is not None:
            return True
        if t.kind == "PM" and self.toks[j + 1].kind == "{" and not self.has_bar(j + 1):
            return self.loopy_between(j + 1, self.match[j + 1])
        if t.kind == "PM":
            return self.term_is_loopy(j + 1, end)
        if t.kind == "IDENT":
            return not _cgt_ident(t.text)
        if t.kind == "(":
            close = self.matching(j)
            return self.loopy_between(j, close)
        return False

    def matching(self, j: int) -> int:
        return self.match[j]

    def chunk(self, end: int, after: int) -> Game:
        """A short game from here to the next '+' or '-' outside brackets (before end)."""
        j = after
        while j < end:
            kind = self.toks[j].kind
            if kind in _OPEN:
                j = self.match[j] + 1
            elif kind in ("+", "-") or (kind == "PM" and self.term_is_loopy(j + 1, end)):
                break
            else:
                j += 1
        return self.short(self.i, min(j, end))

    def term(self, end: int, negative: bool = False) -> Part:
        t = self.tok
        found = self.number_over(self.i)
        if found is not None:
            self.i, x, word = found
            n = number(-x if negative else x)
            return self.add(n, _CONSTANTS[word], t)
        upon = self.upon_at(self.i)
        if upon is not None:
            self.i, x, down, kind, nim = upon
            base = _CONSTANTS["upon"] if kind == "[" else _UPONTH
            shift = number(-x if negative else x) + nimber(nim)
            return self.add(-base if down else base, shift, t)
        tiny = self.tiny_at(self.i)
        if tiny is not None:
            self.i, x, word = tiny
            self.i += 1
            arg = self.close(self.expr(), t)
            if self.tok.kind != ")":
                raise self.error(f"expected ')', found {self.found()}")
            self.i += 1
            return self.add(number(-x if negative else x), self.tiny_miny(word, arg, t), t)
        if t.kind == "PM" and self.term_is_loopy(self.i + 1, end):
            self.i += 1
            if self.tok.kind == "{" and not self.has_bar(self.i):
                parts = self.option_list(t)  # +-{a,b} = {a,b | -a,-b}
            else:
                parts = [self.close(self.term(end), t)]
            node = self.new_node()
            for x_part in parts:
                self.left[node].append(self.node_of(x_part, t))
                self.right[node].append(self.node_of(-x_part, t))
            return _Node(node, frozenset())
        if t.kind == "{":
            self.i += 1
            return self.braces(None, t)
        if t.kind == "IDENT" and not _cgt_ident(t.text):
            name = t.text
            if self.toks[self.i + 1].kind == "{":
                if name in _CONSTANTS or name == "pass":
                    raise self.error(f"{name!r} is a constant, not a name for braces")
                brace = self.toks[self.i + 1]
                self.i += 2
                return self.braces(name, brace)
            self.i += 1
            if name == "pass":
                if not self.scopes:
                    raise self.error("'pass' is a move: it needs braces around it", t)
                node = self.scopes[-1][1]
                return _Node(node, frozenset({node}), is_pass=True)
            if name in _CONSTANTS:
                return _CONSTANTS[name]
            for label, node in reversed(self.scopes):
                if label == name:
                    return _Node(node, frozenset({node}))
            if name in self.done:  # labelled braces written earlier
                node, free = self.done[name]
                return _Node(node, free)
            raise self.error(f"unknown name {name!r}", t)
        if t.kind == "(" and self.term_is_loopy(self.i, end):
            self.i += 1
            inner = self.expr()
            if self.tok.kind != ")":
                raise self.error(f"expected ')', found {self.found()}")
            self.i += 1
            return inner
        return self.chunk(end, self.i)

    def braces(self, label: str | None, opening: Tok) -> _Node:
        node = self.new_node()
        self.scopes.append((label, node))
        items: list[tuple[str, object, Tok]] = []  # ("opt", part) ("," None) ("bar", n)
        while True:
            t = self.tok
            if t.kind == "}":
                self.i += 1
                break
            if t.kind == "END":
                raise self.error("unclosed '{': expected '}'", opening)
            if t.kind == ",":
                items.append((",", None, t))
                self.i += 1
            elif t.kind == "BAR":
                items.append(("bar", len(t.text), t))
                self.i += 1
            else:
                items.append(("opt", self.expr(), t))
                if self.tok.kind not in (",", "BAR", "}", "END"):
                    raise self.error(f"expected ',', '|' or '}}', found {self.found()}")
        self.scopes.pop()
        if not any(kind == "bar" for kind, _, _ in items):
            raise self.error("braces need a '|' between Left's and Right's options", opening)
        free = self.build(items, node, opening) - {node}
        if label is not None:
            self.done[label] = (node, free)
        return _Node(node, free)

    def build(self, items: list[tuple[str, object, Tok]], node: int, at: Tok) -> frozenset[int]:
        """Set the moves of ``node`` from options and bars (slash notation)."""
        longest = max(int(v) for k, v, _ in items if k == "bar")  # type: ignore[call-overload]
        splits = [n for n, (k, v, _) in enumerate(items) if k == "bar" and v == longest]
        if len(splits) > 1:
            raise self.error("ambiguous bars: two runs of the same length", items[splits[1]][2])
        s = splits[0]
        free: frozenset[int] = frozenset()
        for side, targets in ((items[:s], self.left[node]), (items[s + 1 :], self.right[node])):
            if any(k == "bar" for k, _, _ in side):
                sub = self.new_node()
                free |= self.build(side, sub, side[0][2])
                targets.append(sub)
                continue
            expect_option = True
            for k, v, t in side:
                if k == "opt":
                    if not expect_option:  # pragma: no cover - the reader forbids it
                        raise self.error("expected ','", t)
                    assert isinstance(v, (Game, LoopyGame, _Node))
                    if isinstance(v, _Node) and v.is_pass:
                        targets.append(node)  # the node these options belong to
                    elif isinstance(v, _Node):
                        free |= v.free
                        targets.append(self.node_of(v, t))
                    else:
                        targets.append(self.node_of(v, t))
                    expect_option = False
                else:
                    if expect_option:
                        raise self.error("expected an option before ','", t)
                    expect_option = True
            if side and expect_option:
                raise self.error("expected an option after ','", side[-1][2])
        return free


def _too_large_for_graph(value: Game) -> bool:
    """Has this short game more than ``_MAX_NODES`` positions (counted up to the bound)?

    >>> import cgt
    >>> _too_large_for_graph(cgt.parse("{1|0}")), _too_large_for_graph(cgt.number(10**30))
    (False, True)
    """
    # a game born on day d has more than d positions: no need to count them
    too_large = value.birthday() >= _MAX_NODES
    seen = {value}
    todo = [value]
    while todo and not too_large:
        g = todo.pop()
        for o in (*g.left_options, *g.right_options):
            if o not in seen:
                seen.add(o)
                todo.append(o)
        too_large = len(seen) > _MAX_NODES
    return too_large


def _as_loopy(value: Closed) -> LoopyGame:
    return value if isinstance(value, LoopyGame) else LoopyGame.of(value)


@deep
def parse_loopy(text: str) -> Game | LoopyGame:
    """Read a loopy game in CGSuite notation; a game with no cycle comes back short.

    >>> from cgt.loopy import parse_loopy
    >>> parse_loopy("a{1||a|0}")          # slash notation: a{1|{a|0}}
    a{1|{a|0}}
    >>> parse_loopy("{pass|*}"), parse_loopy("over - over").is_stopper
    (^[on], False)
    >>> parse_loopy("{0|b}")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: unknown name 'b' at position 3
      {0|b}
         ^
    """
    if not isinstance(text, str):
        raise WrongType(f"parse_loopy() needs a str, not {type(text).__name__}")
    reader = _Reader(text)
    if reader.tok.kind == "END":
        raise reader.error("empty text: expected a game")
    part = reader.expr()
    if reader.tok.kind != "END":
        raise reader.error(f"unexpected {reader.tok.text!r}")
    if isinstance(part, Game):
        return part
    g = reader.extract(part.id) if isinstance(part, _Node) else part
    return g.to_short() if _acyclic(g.graph) else g


_LOOPY_WORDS = frozenset({"pass", "on", "off", "over", "under", "dud", "upon"})
_WORD_RE = re.compile(r"[A-Za-z_]+")
_NOT_V_RE = re.compile(r"[A-Za-uw-z_]")


def _is_loopy_text(text: str) -> bool:
    """Whether the text uses loopy notation: a loopy word, or a name before braces.

    Words are found as the tokenizer finds them (maximal runs of letters), and
    short notation has no word but ``v``-runs, ``Tiny`` and ``Miny``: a text
    with any other word is not short, so this never takes a short text away.

    >>> _is_loopy_text("{0|pass}"), _is_loopy_text("5over"), _is_loopy_text("a {0|a}")
    (True, True, True)
    >>> [_is_loopy_text(t) for t in ("{1|0}", "Tiny(1) + vv", "foo", "On")]
    [False, False, False, False]
    """
    if _NOT_V_RE.search(text) is None:
        return False  # no word but runs of v (most texts: no letter at all)
    for match in _WORD_RE.finditer(text):
        word = match.group()
        if word in _LOOPY_WORDS:
            return True
        if word.lower() in ("tiny", "miny") or is_vs(word):
            continue
        if text[match.end() :].lstrip().startswith("{"):
            return True
    return False


# cgt.parse hands this reader every text with loopy notation (after sided values)
register_reader("loopy", parse_loopy, _is_loopy_text, priority=20)
