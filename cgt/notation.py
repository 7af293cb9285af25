"""Reading and writing games: CGSuite-style ASCII, Unicode and LaTeX.

The ASCII form round-trips: ``parse(str(g)) == g`` for every game.

Grammar accepted by :func:`parse` (spaces are free, except inside ``+-``)::

    expr    := ["+" | "-"] term (("+" | "-") term | "+-" term)*
    term    := INT "*" ( "(" expr ")" | "{" ... "}" )    integer multiple
             | "+-" term | "-" term | atom
    atom    := literal | "{" sides "}" | "<" sides ">" | "(" expr ")"
             | ("Tiny" | "Miny") "(" expr ")"
    literal := [INT ["/" INT] | DECIMAL] [ups] [star]   (at least one part)
    ups     := "^"+ [INT] | "v"+ [INT] | arrows ↑ ⇑ ↓ ⇓ (a lone ↑ or ↓ may take a count: ↑3)
    star    := "*" [INT]
    sides   := options separated by "," and runs of "|": the longest run
               splits Left from Right; a side holding a shorter run is a
               single option written in slash notation, so
               {3||2|1} = {3|{2|1}} and {a|b||c} = {{a|b}|c}

``3+-1`` (no space) is ``3 + (+-1)``; ``+-{1,1*}`` is ``{1,1*|-1,-1*}`` (a
list of options after ``+-``), while ``+-{1|0}`` is the switch of the game
``{1|0}``.

Unicode input, as ``format(g, "u")`` writes it, reads back too: ``±``, the
minus sign ``−``, ``∗``, the arrows and the vulgar fractions ``½ ¼ ¾ ⅛ ⅜ ⅝ ⅞``
alone or after an integer (``1⅞``).  Digits must be ASCII ``0``-``9``.

>>> from cgt import parse
>>> parse("{3||2|1}"), parse("<0|*>"), parse("3+-1"), parse("+-{1,1*}")
({3||2|1}, ^, 3+-1, +-{1,1*})
>>> parse("2*{1|-1}") == 2 * parse("{1|-1}")
True
"""

from __future__ import annotations

import html
import itertools
import operator
import re
import threading
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import canonical as _engine
from ._cache import BoundedCache
from ._deep import deep
from ._digits import count_text, int_to_str, str_to_int
from ._tokens import ARROWS, UNICODE_FRACTIONS, Tok, is_vs, tokenize
from .canonical import canonical_form, make_nus, on_clear
from .dyadic import Dyadic, NotDyadic
from .errors import CGTError, InvalidArgument, ParseError, TooLarge, WrongType
from .game import (
    Game,
    _has_big_nimber,
    _le,
    _nimber_form,
    miny,
    number,
    switch,
    tiny,
    up_nth,
    up_sum,
    zero,
)
from .kernels import kernel

if TYPE_CHECKING:
    from .loopy.sided import SidedValue
    from .loopy.values import LoopyGame

__all__ = [
    "Reader",
    "names",
    "parse",
    "reader",
    "readers",
    "register_reader",
    "set_text_limit",
    "text_limit",
    "to_latex",
    "to_mathml",
    "to_string",
    "to_unicode",
]


# ---------------------------------------------------------------------------
# Parser
# ---------------------------------------------------------------------------
class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    # helpers
    @property
    def tok(self) -> Tok:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self) -> Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def error(self, message: str, tok: Tok | None = None) -> ParseError:
        t = tok or self.tok
        return ParseError(message, self.text, t.pos)

    def expect(self, kind: str, what: str) -> Tok:
        if self.tok.kind != kind:
            found = "the end of the text" if self.tok.kind == "END" else repr(self.tok.text)
            raise self.error(f"expected {what}, found {found}")
        return self.next()

    # grammar
    def parse_all(self) -> Game:
        if self.tok.kind == "END":
            raise self.error("empty text: expected a game")
        g = self.expr()
        if self.tok.kind != "END":
            raise self.error(f"unexpected {self.tok.text!r}")
        return g

    def expr(self) -> Game:
        g = self.term()
        while True:
            kind = self.tok.kind
            if kind not in ("+", "-", "PM"):
                return g
            self.next()
            h = self.switch_term() if kind == "PM" else self.term()
            # The engine adds huge nimbers and up counts in closed form where one
            # exists and raises TooLarge where none does: the same rule as ``+``
            # (cgt.canonical.NIMBER_SUM_LIMIT, UP_SUM_LIMIT).
            g = g + h if kind != "-" else g - h

    def _usable(self, g: Game, where: Tok) -> None:
        """Refuse huge nimbers and up counts as options of a brace form with
        other options: the engine would list them one by one.  (In sums, the
        engine's own limits apply, as for ``+``.)"""
        if _huge(g):
            raise self.error(
                f"a nimber or up count above {_MAX_IN_EXPRESSION} can be read alone or in a "
                "sum, but not as an option",
                where,
            )

    def term(self) -> Game:
        kind = self.tok.kind
        if kind == "+":
            self.next()
            return self.term()
        if kind == "-":
            self.next()
            if self.tok.kind in ("INT", "DEC", "UFRAC"):
                # "-1v" is the number -1 plus down, as printed: the sign
                # belongs to the number part of the literal only.
                return self.literal(negative=True)
            return -self.term()
        if kind == "PM":
            self.next()
            return self.switch_term()
        if kind == "INT" and self.peek().kind == "*" and self.peek(2).kind in ("(", "{", "<"):
            n = _int(self.next().text)
            self.next()
            return n * self.atom()
        return self.atom()

    def switch_term(self) -> Game:
        """After +-: the switch of a game, or of a list {a,b,...} of options."""
        if self.tok.kind == "{" and not self._braces_have_bar():
            self.next()
            options = self.option_list(closing="}")
            return Game(options, [-o for o in options])
        return switch(self.term())

    def _braces_have_bar(self) -> bool:
        depth = 0
        j = self.i
        while True:
            t = self.toks[j]
            if t.kind in ("{", "<", "("):
                depth += 1
            elif t.kind in ("}", ">", ")"):
                depth -= 1
                if depth == 0:
                    return False
            elif t.kind == "BAR" and depth == 1:
                return True
            elif t.kind == "END":
                return True  # let the game parser report the missing brace
            j += 1

    def option_list(self, closing: str) -> list[Game]:
        options: list[Game] = []
        if self.tok.kind == closing:
            self.next()
            return options
        while True:
            options.append(self.expr())
            if self.tok.kind == ",":
                self.next()
                continue
            self.expect(closing, f"',' or {closing!r}")
            return options

    def atom(self) -> Game:
        t = self.tok
        if t.kind in ("{", "<"):
            self.next()
            return self.braces(closing="}" if t.kind == "{" else ">", opening=t)
        if t.kind == "(":
            self.next()
            g = self.expr()
            self.expect(")", "')'")
            return g
        if t.kind == "IDENT" and t.text.lower() in ("tiny", "miny"):
            return self.tiny_miny()
        return self.literal()

    def tiny_miny(self) -> Game:
        """``Tiny(G)`` or ``Miny(G)`` (any case), as CGSuite writes them."""
        t = self.next()
        word = t.text.capitalize()
        if self.tok.kind != "(":
            raise self.error(
                f"{t.text!r} alone is not a game: {word} takes the game it is made of, "
                f"as CGSuite writes it: {word}(1) is {word.lower()}-one "
                f"({'{0||0|-1}' if word == 'Tiny' else '{1|0||0}'}), {word}(G) is "
                f"{word.lower()}-G; or call cgt.{word.lower()}(G)",
                t,
            )
        self.next()
        arg = self.expr()
        self.expect(")", "')'")
        return tiny(arg) if word == "Tiny" else miny(arg)

    def literal(self, negative: bool = False) -> Game:
        start = self.tok
        x = Dyadic(0)
        have_any = False
        t = self.tok
        if t.kind in ("INT", "DEC"):
            self.next()
            if t.kind == "INT" and self.tok.kind == "/":
                self.next()
                den = self.expect("INT", "a denominator after '/'")
                try:
                    x = Dyadic(_int(t.text), _int(den.text))
                except NotDyadic as exc:
                    raise self.error(str(exc), den) from None
            else:
                try:
                    x = Dyadic(t.text)
                except NotDyadic as exc:
                    raise self.error(str(exc), t) from None
            if self.tok.kind == "UFRAC" and t.kind == "INT" and self.tok.pos == t.pos + len(t.text):
                x = x + Dyadic(*UNICODE_FRACTIONS[self.next().text])  # a mixed number: 1½
            have_any = True
        elif t.kind == "UFRAC":
            self.next()
            x = Dyadic(*UNICODE_FRACTIONS[t.text])
            have_any = True
        k = 0
        m = 0
        extra: Game | None = None  # an uptimal ^<n> or ^[n]
        seen_ups = seen_star = False
        while True:
            t = self.tok
            if not seen_ups and t.kind in ("^", "ARROW", "IDENT"):
                found = parse_uptimal(self.text, t.pos)
                if found is not None:
                    extra, end = found
                    while self.tok.pos < end:
                        self.next()
                    seen_ups = have_any = True
                    continue
            is_ups = t.kind in ("^", "ARROW") or (t.kind == "IDENT" and is_vs(t.text))
            if not seen_ups and is_ups:
                k = self.ups()
                seen_ups = have_any = True
            elif not seen_star and t.kind == "*":
                self.next()
                m = 1
                if self.tok.kind == "INT":
                    m = _int(self.next().text)
                seen_star = have_any = True
            else:
                break
        if negative:
            x = -x
        t = self.tok
        if have_any and t.kind == "IDENT" and t.text.lower() in ("tiny", "miny"):
            # CGSuite prints a number plus tiny or miny run together: 3Tiny({3|1})
            tail = self.tiny_miny()
            extra = tail if extra is None else extra + tail
        if not have_any:
            if start.kind == "END":
                raise self.error("unexpected end of text: expected a game")
            raise self.error(f"expected a game, found {start.text!r}")
        value = number(x) if k == 0 and m == 0 else make_nus(x, k, m)
        return value if extra is None else value + extra

    def ups(self) -> int:
        t = self.next()
        if t.kind == "ARROW":
            k = ARROWS[t.text]
            if self.tok.kind == "INT" and abs(k) == 1:  # ↑3 (as printed), like ^3
                return k * _int(self.next().text)
            while self.tok.kind == "ARROW" and (ARROWS[self.tok.text] > 0) == (k > 0):
                k += ARROWS[self.next().text]
            return k
        if t.kind == "^":
            count = 1
            while self.tok.kind == "^" and self.tok.pos == t.pos + count:
                self.next()
                count += 1
            if self.tok.kind == "INT" and count == 1:
                return _int(self.next().text)
            return count
        # a run of v's, possibly followed by a count: v, vv, v3
        count = len(t.text)
        if self.tok.kind == "INT" and count == 1:
            return -_int(self.next().text)
        return -count

    def braces(self, closing: str, opening: Tok) -> Game:
        # Collect items and separators at this nesting level.
        items: list[Game | None] = []
        seps: list[Tok] = []
        while True:
            if self.tok.kind in (",", "BAR", closing):
                items.append(None)
            else:
                where = self.tok
                item = self.expr()
                self._usable(item, where)
                items.append(item)
            t = self.tok
            if t.kind == closing:
                self.next()
                break
            if t.kind in (",", "BAR"):
                seps.append(self.next())
                continue
            if t.kind == "END":
                raise self.error(f"missing {closing!r} to close the {opening.text!r}", opening)
            raise self.error(f"expected ',', '|' or {closing!r}, found {t.text!r}")
        return self.build(items, seps, opening)

    def build(self, items: list[Game | None], seps: list[Tok], opening: Tok) -> Game:
        bars = [s for s in seps if s.kind == "BAR"]
        if not bars:
            raise self.error("a game needs a '|' between Left's and Right's options", opening)
        widest = max(len(s.text) for s in bars)
        splits = [j for j, s in enumerate(seps) if s.kind == "BAR" and len(s.text) == widest]
        if len(splits) > 1:
            raise self.error(
                f"ambiguous: '{'|' * widest}' appears twice at the same level", seps[splits[1]]
            )
        j = splits[0]
        left = self.side(items[: j + 1], seps[:j], opening)
        right = self.side(items[j + 1 :], seps[j + 1 :], opening)
        return Game(left, right)

    def side(self, items: list[Game | None], seps: list[Tok], opening: Tok) -> list[Game]:
        if any(s.kind == "BAR" for s in seps):
            return [self.build(items, seps, opening)]
        if len(items) == 1 and items[0] is None:
            return []
        out: list[Game] = []
        for j, item in enumerate(items):
            if item is None:
                where = seps[j] if j < len(seps) else seps[j - 1]
                raise self.error("missing option before this separator", where)
            out.append(item)
        return out


_MAX_IN_EXPRESSION = 1 << 16


def _huge(g: Game) -> bool:
    """Has ``g`` a nimber or up count above :data:`_MAX_IN_EXPRESSION` (so it is
    no option of a brace form)?"""
    parts = g.nus_or_none()
    return parts is not None and (
        parts[2] > _MAX_IN_EXPRESSION or abs(parts[1]) > _MAX_IN_EXPRESSION
    )


def _int(digits: str) -> int:
    return str_to_int(digits)  # any length: not bound by int()'s 4,300-digit limit


# ---------------------------------------------------------------------------
# Readers: cgt.parse asks each registered reader whether a text is its own
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Reader:
    """A reader of game text registered with :func:`parse` (see :func:`register_reader`).

    ``claims(text)`` says whether the text is this reader's to read (``None``:
    the reader is only reached by name, through :func:`reader`); ``read(text)``
    reads it; readers that claim are asked in ``priority`` order, lowest first.

    >>> [r.name for r in readers()]
    ['sided', 'loopy', 'misere', 'short']
    >>> reader("short").read("{1|-1}")
    +-1
    """

    name: str
    read: Callable[[str], Any]
    claims: Callable[[str], bool] | None = None
    priority: int = 0


_readers: dict[str, Reader] = {}
# (claims, read) of the readers that claim, in priority order: what parse() walks
_claiming: list[tuple[Callable[[str], bool], Callable[[str], Any]]] = []


def register_reader(
    name: str,
    read: Callable[[str], Any],
    claims: Callable[[str], bool] | None = None,
    *,
    priority: int = 0,
) -> Reader:
    """Register a reader of game text with :func:`parse` (again under a name: replaced).

    :func:`parse` hands a text to the first reader, lowest ``priority``
    first, whose ``claims(text)`` is true, and reads short notation when
    none claims it.  A reader with ``claims=None`` is reached by name only
    (:func:`reader`).  A module registers its reader when it is imported.

    >>> r = register_reader("shout", lambda t: parse(t.strip("!")), lambda t: t.endswith("!"))
    >>> parse("{1|0}!"), reader("shout").claims("*!")
    ({1|0}, True)
    >>> _unregister("shout"); parse("{1|0}!")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: unexpected character '!' at position 5
      {1|0}!
           ^
    """
    if not isinstance(name, str) or not name or name == "short":
        raise InvalidArgument(f"a reader's name is a new non-empty string, not {name!r}")
    entry = Reader(name, read, claims, priority)
    with _readers_lock:
        _readers[name] = entry
        _reorder()
    return entry


def _unregister(name: str) -> None:
    """Drop a registered reader (for tests and doctests that register one)."""
    with _readers_lock:
        _readers.pop(name, None)
        _reorder()


def _reorder() -> None:
    ordered = sorted(_readers.values(), key=lambda r: r.priority)
    # replaced in one assignment: a parse() running meanwhile walks the old list
    global _claiming
    _claiming = [(r.claims, r.read) for r in ordered if r.claims is not None]


def readers() -> list[Reader]:
    """The registered readers: those that claim texts in the order :func:`parse`
    asks them, then those reached by name only, then the short-game reader.

    >>> readers()[-1].name, readers()[-1].claims is None
    ('short', True)
    """
    with _readers_lock:
        ordered = sorted(_readers.values(), key=lambda r: (r.claims is None, r.priority))
    return [*ordered, _SHORT]


def reader(name: str) -> Reader:
    """The reader registered as ``name`` (``"short"``: short games, what no reader claims).

    >>> reader("loopy").read("a{0|a}"), reader("sided").read("on & off")
    (over, SidedValue(on, off))
    >>> reader("chess")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: no reader of game text is registered as 'chess' (there are: ...)
    """
    if name == "short":
        return _SHORT
    found = _readers.get(name)
    if found is None:
        known = ", ".join(r.name for r in readers())
        raise InvalidArgument(
            f"no reader of game text is registered as {name!r} (there are: {known})"
        )
    return found


def parse(text: str) -> Game | LoopyGame | SidedValue:
    """Read a game written in CGSuite notation: a short game, or a loopy one.

    The registered readers (:func:`readers`) are asked in turn: the first
    that claims the text reads it.  The loopy and sided readers register when
    :mod:`cgt.loopy` is imported (as ``import cgt`` does): a sided value
    ``S & T`` goes to :func:`cgt.loopy.parse_sided`, text with loopy notation
    -- ``pass``, a name labelling braces (``a{0|a}``) or one of the words
    ``on off over under dud upon`` -- to :func:`cgt.loopy.parse_loopy`;
    anything no reader claims is a short :class:`Game`.  (No word of the
    short notation -- ``v``, ``Tiny``, ``Miny`` -- is a loopy word, so the
    two never compete for a text.)

    Raises :class:`cgt.ParseError`, whose message shows the text with a caret
    under the first offending character.

    >>> from cgt import parse
    >>> parse("{-2,1,3|0,1,5}"), parse("^^*"), parse("v3"), parse("1/2*"), parse("2 + (1 + *)")
    ({3|0}, ^^*, v3, 1/2*, 3*)
    >>> parse("{0|||0||0|-1}"), parse("Tiny(1)"), parse("Miny({2|1})") == -parse("Tiny({2|1})")
    ({0|Tiny(1)}, Tiny(1), True)
    >>> parse("{0|pass}"), parse("a{0|a}"), parse("on + off"), parse("on & off")
    (over, over, dud, SidedValue(on, off))
    >>> parse("{1|*3")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: missing '}' to close the '{' at position 0
      {1|*3
      ^
    """
    if not isinstance(text, str):
        raise WrongType(f"parse() needs a str, not {type(text).__name__}")
    found = _parsed.get(text)
    if found is None:
        for claims, read in _claiming:
            if claims(text):
                out: Game | LoopyGame | SidedValue = read(text)
                return out
        found = _parse(text)
        if len(_parsed) >= _PARSE_CACHE_SIZE:
            _parsed.clear()
        _parsed[text] = found
    return found


def _parse_short(text: str) -> Game:
    """Read a short game in CGSuite notation (loopy words are errors here).

    What :func:`parse` does with every text without loopy notation, typed as
    a :class:`Game` (the same cache: the same objects).

    >>> _parse_short("{1|0}") is _parse_short("{1|0}"), _parse_short("^*")
    (True, ^*)
    >>> _parse_short("{0|pass}")
    Traceback (most recent call last):
    ...
    cgt.errors.ParseError: expected a game, found 'pass' at position 3
      {0|pass}
         ^
    """
    if not isinstance(text, str):
        raise WrongType(f"parse() needs a str, not {type(text).__name__}")
    found = _parsed.get(text)
    if found is None:
        found = _parse(text)
        if len(_parsed) >= _PARSE_CACHE_SIZE:
            _parsed.clear()
        _parsed[text] = found
    return found


_SHORT = Reader("short", _parse_short)
_readers_lock = threading.Lock()


# Games are immutable and interned, so a text always means the same object.
_parsed: dict[str, Game] = {}
_PARSE_CACHE_SIZE = 4096
on_clear(_parsed.clear)


@deep
def _parse(text: str) -> Game:
    if text[:1] == "{" or text.lstrip()[:1] == "{":
        found = _fast_parse(text)
        if found is not None:
            return found
    return _Parser(text).parse_all()


# ---------------------------------------------------------------------------
# The fast path: braces, commas, single bars and simple literals
# ---------------------------------------------------------------------------
# Most texts are nests of {..|..} over literals like 1/2, ^*, -1, *2.  The fast
# path reads exactly those, with one regular expression and a loop, and gives
# up (None) on anything else -- slash notation, parentheses, sums of braces,
# Unicode, any error -- so that the reference parser above reads the text
# again and raises its own error at its own position.  What it builds is what
# the reference builds: every literal is read by the reference parser (alone:
# the literal's characters cannot join a token across a separator), and every
# brace pair becomes Game(left, right) over the same options.
_FAST_TOKEN_RE = re.compile(r"[{}]|\|+|,|[^{}|,]+")
_FAST_GROUP_RE = re.compile(r"\{[^{}]*\}|[{}]|\|+|,|[^{}|,]+")
_FAST_LITERAL_RE = re.compile(r"[0-9/.*^v+\-\s]*\Z")
_literals: dict[str, Game | None] = {}  # a literal's text -> its game (None: not fast)
_forms: dict[tuple[tuple[int, ...], tuple[int, ...]], Game] = {}  # option serials -> form
_inner: dict[str, Game | None] = {}  # an innermost {..}'s text -> its game (None: not fast)
_serial: Callable[[Game], int] = operator.attrgetter("serial")  # mapped over options
_FAST_CACHE_SIZE = 1 << 16  # entries in each memo
_FAST_KEY_SIZE = 256  # longer texts are read every time, not remembered


def _fast_literal(text: str) -> Game | None:
    """The game of a literal that may be an option, or None (the reference decides).

    >>> _fast_literal(" 1/2* "), _fast_literal("{"), _fast_literal("1/3")
    (1/2*, None, None)
    """
    s = text.strip()
    if s in _literals:
        return _literals[s]
    g: Game | None = None
    if s and _FAST_LITERAL_RE.match(s) is not None:
        try:
            g = _Parser(s).parse_all()
        except ParseError:
            g = None
        except Exception:  # the reference parser meets it again, and raises it
            return None
        # as an option: the reference refuses huge nimbers and up counts
        if g is not None and _huge(g):
            g = None
    if len(s) <= _FAST_KEY_SIZE:
        if len(_literals) >= _FAST_CACHE_SIZE:
            _literals.clear()
        _literals[s] = g
    return g


def _fast_form(
    left: list[Game], right: list[Game], key: tuple[tuple[int, ...], tuple[int, ...]] | None = None
) -> Game | None:
    """``Game(left, right)``, remembered by the options' serial numbers.

    The canonical form does not depend on the order or repetition of options,
    and games are interned, so the key is the sorted serials (``key``, when
    the caller has it already).  None if the engine raises (the reference
    parser then raises it in its own order).

    >>> from cgt import star, zero
    >>> _fast_form([zero], [star]) is _fast_form([zero, zero], [star])
    True
    """
    if key is None:
        key = (tuple(sorted(map(_serial, left))), tuple(sorted(map(_serial, right))))
    g = _forms.get(key)
    if g is None:
        # Game(left, right) without converting the options (games already).
        # The parser runs inside @deep (_parse), so the engine is called bare.
        try:
            if _has_big_nimber(left) or _has_big_nimber(right):
                g = _nimber_form(left, right)
            else:
                g = canonical_form(left, right)
        except Exception:  # the reference path meets it again, and raises it
            return None
        if len(_forms) >= _FAST_CACHE_SIZE:
            _forms.clear()
        _forms[key] = g
    return g


def _fast_parse(text: str) -> Game | None:
    """A brace form over simple literals, or None: the reference parser decides.

    The compiled kernel ``parse`` when it is built, else
    :func:`_fast_parse_python`; the two read the same texts the same way.

    >>> _fast_parse("{0|*}"), _fast_parse("{0|*} + 1")
    (^, None)
    """
    if _kernel is not None:
        found: Game | None = _kernel.fast_parse(text, _literals, _forms, _fast_literal, _fast_form)
        return found
    return _fast_parse_python(text)


_kernel = kernel("parse")


def _fast_parse_python(text: str, group: bool = True) -> Game | None:
    """A brace form over simple literals, or None: the reference parser decides.

    With ``group``, an innermost ``{..}`` (no brace inside) is one token, whose
    game is remembered by its text: the same loop reads it alone, once.

    >>> _fast_parse_python("{0, 1/2 | ^*}"), _fast_parse_python("{ {1|0} | -1}")
    ({1/2|^*}, {1|0||-1})
    >>> [_fast_parse_python(t) for t in ("{3||2|1}", "{1|*3", "{1|0}+1", "1/2")]
    [None, None, None, None]
    """
    stack: list[tuple[list[Game] | None, list[Game]]] = []
    side: list[Game] | None = None  # the options of the side being read
    left: list[Game] | None = None  # Left's options, once the bar is read
    pending = False  # an option was read since the last separator
    result: Game | None = None
    literals, forms, inner, big = _literals, _forms, _inner, _MAX_IN_EXPRESSION
    for tok in (_FAST_GROUP_RE if group else _FAST_TOKEN_RE).findall(text):
        c = tok[0]
        if c == "{":
            if pending or result is not None:
                return None
            if len(tok) > 1:  # a whole {..} without braces inside: read once per text
                g = inner.get(tok)
                if g is None:
                    if tok in inner:
                        return None
                    g = _fast_parse_python(tok, group=False)
                    if len(tok) <= _FAST_KEY_SIZE:
                        if len(inner) >= _FAST_CACHE_SIZE:
                            inner.clear()
                        inner[tok] = g
                    if g is None:
                        return None
                if side is None:
                    result = g
                else:
                    parts = g.nus_or_none()  # (as _huge, inline: the hot loop)
                    if parts is not None and (parts[2] > big or -big > parts[1] or parts[1] > big):
                        return None
                    side.append(g)
                pending = True
                continue
            if side is not None:
                stack.append((left, side))
            left, side = None, []
        elif c == "}":
            if side is None or left is None or (side and not pending):
                return None
            key = (tuple(sorted(map(_serial, left))), tuple(sorted(map(_serial, side))))
            g = forms.get(key)
            if g is None:
                g = _fast_form(left, side, key)
                if g is None:
                    return None
            if not stack:
                result, side, left = g, None, None
            else:
                parts = g.nus_or_none()
                if parts is not None and (parts[2] > big or -big > parts[1] or parts[1] > big):
                    return None
                left, side = stack.pop()
                side.append(g)
            pending = True
        elif c == ",":
            if not pending or side is None:
                return None
            pending = False
        elif c == "|":
            if len(tok) > 1 or left is not None or side is None or (side and not pending):
                return None
            left, side, pending = side, [], False
        else:
            g = literals.get(tok)  # most literals come without spaces
            if g is None:
                if tok.isspace():
                    continue
                if pending or side is None:
                    return None
                g = _fast_literal(tok)
                if g is None:
                    return None
            elif pending or side is None:
                return None
            side.append(g)
            pending = True
    return result if side is None else None


on_clear(_literals.clear, _forms.clear, _inner.clear)


# ---------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Style:
    up: tuple[str, str, str]  # one up, two ups, "k ups" format
    down: tuple[str, str, str]
    star: str
    pm: str
    minus: str
    open: str
    close: str
    bar: str
    comma: str
    latex: bool = False
    measure: bool = False  # lengths instead of texts (the same walk, counting characters)


_ASCII = _Style(("^", "^^", "^{k}"), ("v", "vv", "v{k}"), "*", "+-", "-", "{", "}", "|", ",")
_UNICODE = _Style(("↑", "⇑", "↑{k}"), ("↓", "⇓", "↓{k}"), "*", "±", "−", "{", "}", "|", ",")
_LATEX = _Style(
    # k ups as a multiple, k.up: a superscript (up^k) would read as "up-kth"
    ("\\uparrow", "\\Uparrow", "{k}\\cdot\\uparrow"),
    ("\\downarrow", "\\Downarrow", "{k}\\cdot\\downarrow"),
    "\\ast",
    "\\pm",
    "-",
    "\\{",
    "\\}",
    " \\mid ",  # (spaced: a named part may follow, and \\mida is no TeX)
    ",",
    latex=True,
)


def _number_text(x: Dyadic, style: _Style) -> str:
    if style.up is _UNICODE.up:  # (measuring styles are copies of these)
        return format(x, "u")
    if style.latex:
        return format(x, "latex")
    return str(x)


def _nus_text(nus: tuple[Dyadic, int, int], style: _Style) -> str:
    x, k, m = nus
    parts = []
    if x._num != 0 or (k == 0 and m == 0):
        parts.append(_number_text(x, style))
    if k:
        one, two, many = style.up if k > 0 else style.down
        a = abs(k)
        if a > 2 and parts and style.latex:
            parts.append("+")  # 1 + 3.up, not 13.up
        parts.append(one if a == 1 else two if a == 2 else many.format(k=int_to_str(a)))
    if m:
        parts.append(style.star if m == 1 else f"{style.star}{int_to_str(m)}")
    return "".join(parts)


# One walk writes a game's text and, with a measuring style, counts its
# characters instead: the pieces below are texts, or lengths when measuring.
def _lit(style: _Style, text: str) -> Any:
    return len(text) if style.measure else text


def _cat(style: _Style, *parts: Any) -> Any:
    if style.measure:
        return sum(p if type(p) is int else len(p) for p in parts)
    return "".join(parts)


def _join(style: _Style, sep: str, parts: list[Any]) -> Any:
    if style.measure:
        return sum(parts) + len(sep) * (len(parts) - 1)
    return sep.join(parts)


def _fmt(g: Game, style: _Style, memo: dict[int, tuple[Any, int]]) -> tuple[str, int]:
    """(text, bars): bars > 0 means text is a bare 'L|R' needing braces alone
    (with a measuring style: the text's length instead of the text)."""
    key = g.serial
    found = memo.get(key)
    if found is not None:
        return found
    result = _fmt_uncached(g, style, memo)
    memo[key] = result
    return result


def _braced(g: Game, style: _Style, memo: dict[int, tuple[Any, int]]) -> Any:
    """The text of ``g``, braced if it needs braces alone (or its length, measuring)."""
    text, bars = _fmt(g, style, memo)
    return _cat(style, style.open, text, style.close) if bars else text


def _fmt_uncached(g: Game, style: _Style, memo: dict[int, tuple[Any, int]]) -> tuple[Any, int]:
    nus = g.nus_or_none()
    if nus is not None:
        return _lit(style, _nus_text(nus, style)), 0
    raw_left, raw_right = g.raw_options()
    left, right = _ordered(raw_left, style, memo), _ordered(raw_right, style, memo)
    # x +- y with numbers, when the centre x is an integer ({4|2} is 3+-1)
    if len(left) == 1 and len(right) == 1 and left[0].is_number and right[0].is_number:
        a, b = left[0].to_dyadic(), right[0].to_dyadic()
        mid, half = (a + b).half(), (a - b).half()
        if mid.is_integer():
            prefix = "" if mid._num == 0 else _number_text(mid, style)
            return _lit(style, f"{prefix}{style.pm}{_number_text(half, style)}"), 0
    # +-G and +-{a,b,...}
    # (one option a side, the common case: -a is b, as games are interned)
    if len(left) == len(right) and (
        -left[0] is right[0] if len(left) == 1 else {-o for o in left} == set(right)
    ):
        if len(left) == 1:
            return _cat(style, style.pm, _braced(left[0], style, memo)), 0
        inner = _join(style, style.comma, [_braced(o, style, memo) for o in left])
        return _cat(style, style.pm, style.open, inner, style.close), 0
    # Conway's up-nth ^<n> and the cumulative ^[n] (n >= 2), plus a number and *
    if not style.latex:
        up_text = _uptimal(g, "unicode" if style.up is _UNICODE.up else "ascii")
        if up_text is not None:
            return _lit(style, up_text), 0
    # Tiny(G) = {0 || 0 | -G} and Miny(G) = {G | 0 || 0}
    tm = _tiny_miny(raw_left, raw_right)
    if tm is not None and not style.latex:
        word, arg = tm
        return _cat(style, word, "(", _braced(arg, style, memo), ")"), 0
    sides = []
    widest = 0
    for opts in (left, right):
        if len(opts) == 1:
            text, bars = _fmt(opts[0], style, memo)
            if bars >= _MAX_SLASHES:
                # Deep nests would need ever longer runs of bars: brace instead.
                text, bars = _cat(style, style.open, text, style.close), 0
            widest = max(widest, bars)
            sides.append(text)
        else:
            sides.append(_join(style, style.comma, [_braced(o, style, memo) for o in opts]))
    sep = style.bar * (widest + 1) if not style.latex else _latex_bars(widest + 1)
    return _cat(style, sides[0], sep, sides[1]), widest + 1


_MAX_SLASHES = 3


def _ordered(
    options: tuple[Game, ...], style: _Style, memo: dict[int, tuple[str, int]]
) -> tuple[Game, ...]:
    """Options in display order (as Game.left_options), sharing this render's memo."""
    if len(options) < 2 or style.measure:  # (lengths do not depend on the order)
        return options
    return tuple(
        sorted(options, key=lambda o: (o.birthday(), not o.is_number, _fmt(o, style, memo)[0]))
    )


def _latex_bars(n: int) -> str:
    return " " + "|" * n + " " if n > 1 else " \\mid "


def _tiny_miny(left: tuple[Game, ...], right: tuple[Game, ...]) -> tuple[str, Game] | None:
    """``("Tiny", G)`` for ``{0 || 0 | -G}`` with ``G > 0`` (the options given),
    ``("Miny", G)`` for ``{G | 0 || 0}``, else None."""
    if len(left) != 1 or len(right) != 1:
        return None
    a, b = left[0], right[0]
    if a is zero and not b.is_nus:
        bl, br = b.raw_options()
        if len(bl) == 1 and bl[0] is zero and len(br) == 1:
            arg = -br[0]
            if arg is not zero and _le(zero, arg):
                return "Tiny", arg
    if b is zero and not a.is_nus:
        al, ar = a.raw_options()
        if len(ar) == 1 and ar[0] is zero and len(al) == 1:
            arg = al[0]
            if arg is not zero and _le(zero, arg):
                return "Miny", arg
    return None


DEFAULT_TEXT_LIMIT = 1_000_000
"""The longest text (in characters) a game is written as, by default."""

_text_limit = DEFAULT_TEXT_LIMIT


def text_limit() -> int:
    """The longest text, in characters, that printing a game writes.

    >>> import cgt
    >>> cgt.text_limit() >= 1000
    True
    """
    return _text_limit


def set_text_limit(chars: int) -> None:
    """Set the longest text, in characters, that printing a game writes.

    A game whose text (``str``, ``format``, LaTeX, the store's encoding) is
    longer is written with its shared subgames named instead (a form that
    :func:`parse` reads back: see :ref:`printing-limits`); when even that is
    longer, printing raises :class:`~cgt.TooLarge` at once, naming the sizes.

    >>> import cgt
    >>> old = cgt.text_limit()
    >>> g = cgt.parse("+".join("{%d|{%d|-%d}}" % (k, k - 1, k) for k in range(1, 9)))
    >>> len(str(g))
    27553
    >>> cgt.set_text_limit(10_000)
    >>> text = str(g); len(text), cgt.parse(text) == g
    (5946, True)
    >>> cgt.set_text_limit(1000)
    >>> str(g)
    Traceback (most recent call last):
    ...
    cgt.errors.TooLarge: the text of this game has 27,553 characters, 5,946 with its shared ...
    >>> cgt.set_text_limit(old)
    """
    global _text_limit
    if isinstance(chars, bool) or not isinstance(chars, int):
        raise WrongType(f"a text limit is a positive int, not {type(chars).__name__}")
    if chars < 1:
        raise InvalidArgument(f"a text limit is a positive int, not {chars!r}")
    _text_limit = chars


class _TooLong(Exception):
    """The texts written so far are longer than the budget (internal)."""


class _Budgeted(dict[int, tuple[Any, int]]):
    """A printing memo that stops the walk once its texts total ``left`` characters."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        super().__init__()
        self.left = left

    def __setitem__(self, key: int, value: tuple[Any, int]) -> None:
        self.left -= len(value[0])
        if self.left < 0:
            raise _TooLong
        dict.__setitem__(self, key, value)


def _render(g: Game, style: _Style) -> str:
    nus = g.nus_or_none()
    if nus is None:
        return _render_walk(g, style)
    # a number + ups + nimber is one literal: no walk, nothing to name
    text = _nus_text(nus, style)
    if len(text) > _text_limit:
        raise _too_large(g, len(text), len(text))
    return text


@deep
def _render_walk(g: Game, style: _Style) -> str:
    try:
        text: str = _braced(g, style, _Budgeted(_text_limit))
        return text
    except _TooLong:
        pass
    # Long, or many long parts: count the characters first (a walk over the
    # shared subgames, each once), then write the text or name shared parts.
    size: int = _braced(g, replace(style, measure=True), {})
    if size <= _text_limit:
        text = _braced(g, style, {})
        return text
    return _compact(g, style, size)


_SMALL = 40  # parts written out in full, wherever they occur, in the named form


def names() -> Iterator[str]:
    """Names for the positions of a text: a, b, ..., z (never ``v``, which is
    down), then aa, ab, ..., then three letters, and so on, leaving out the
    words of the notation (``on``, ``off``, ``pass``, ``over``, ``under``,
    ``dud``, ``upon``, ``tiny``, ``miny``).

    Shared subgames of a long short game (:func:`set_text_limit`) and the
    positions of loopy games that are met again are named with these.

    >>> from itertools import islice
    >>> " ".join(islice(names(), 23, 28)), "on" in islice(names(), 1000)
    ('y z aa ab ac', False)
    """
    for width in itertools.count(1):
        for letters in itertools.product("abcdefghijklmnopqrstuwxyz", repeat=width):
            name = "".join(letters)
            if name not in _WORDS:
                yield name


_WORDS = frozenset({"pass", "on", "off", "over", "under", "dud", "upon", "tiny", "miny"})


def _compact(g: Game, style: _Style, full: int) -> str:
    """The text with each shared part written once, named, and named again where met.

    Parts of at most :data:`_SMALL` characters are written out wherever they
    occur; a larger part is written in braces, ``a{...|...}`` the first time
    it is met when it occurs more than once, and ``a`` afterwards.  This is
    the naming of loopy notation (``a{0|a}``), which :func:`parse` reads; a
    form without cycles reads back as the short game.
    """
    if g.is_nus:  # (a number or nus value: nothing to name)
        raise _too_large(g, full, full)
    measure = replace(style, measure=True)
    sizes: dict[int, tuple[Any, int]] = {}
    texts: dict[int, tuple[Any, int]] = {}
    ascii_texts: dict[int, tuple[Any, int]] = {}
    marks: dict[int, int] = {}

    def size(o: Game) -> int:
        n: int = _braced(o, measure, sizes)
        return n

    def whole(o: Game) -> bool:
        """Is ``o`` written out wherever it occurs?"""
        return o.is_nus or size(o) <= _SMALL

    def mark(o: Game) -> int:
        """A fingerprint of the value that does not depend on serial numbers."""
        key = o.serial
        found = marks.get(key)
        if found is None:
            if whole(o):
                found = zlib.crc32(_braced(o, _ASCII, ascii_texts).encode())
            else:
                left, right = o.raw_options()
                found = hash((tuple(sorted(map(mark, left))), tuple(sorted(map(mark, right)))))
            marks[key] = found
        return found

    def order(options: tuple[Game, ...]) -> list[Game]:

        def key(o: Game) -> tuple[Any, ...]:
            if whole(o):
                return (o.birthday(), not o.is_number, 0, size(o), _braced(o, style, texts))
            return (o.birthday(), not o.is_number, 1, size(o), mark(o))

        return sorted(options, key=key)

    # First walk: how often each large part is met (each large part is
    # walked once), in the order the text meets them.
    refs: dict[int, int] = {g.serial: 1}
    seen: list[Game] = []
    sides: dict[int, tuple[list[Game], list[Game]]] = {}
    stack = [g]
    while stack:
        v = stack.pop()
        seen.append(v)
        raw_left, raw_right = v.raw_options()
        left, right = order(raw_left), order(raw_right)
        sides[v.serial] = (left, right)
        fresh = []
        for o in left + right:
            if not whole(o):
                key = o.serial
                count = refs.get(key, 0)
                refs[key] = count + 1
                if count == 0:
                    fresh.append(o)
        stack.extend(reversed(fresh))
    # The names, in the order of the text (a depth-first walk, Left first).
    names_met = names()
    label: dict[int, str] = {}
    total = 0

    def walk(v: Game) -> None:
        left, right = sides[v.serial]
        for o in left + right:
            key = o.serial
            if not whole(o) and key not in done:
                done.add(key)
                if refs[key] > 1:
                    label[key] = next(names_met)
                walk(o)

    done: set[int] = {g.serial}
    walk(g)  # (recursion as deep as the game: _render_walk runs under @deep)
    for v in seen:
        key = v.serial
        left, right = sides[key]
        total += len(label.get(key, "")) + len(style.open) + len(style.bar) + len(style.close)
        total += len(style.comma) * (max(0, len(left) - 1) + max(0, len(right) - 1))
        for o in left + right:
            if whole(o):
                total += size(o)
        if key in label:
            total += (refs[key] - 1) * len(label[key])
    if total > _text_limit:
        raise _too_large(g, full, total)
    # Second walk: write it.
    out: list[str] = []
    written: set[int] = set()

    def write(v: Game) -> None:
        key = v.serial
        out.append(label.get(key, "") + style.open)
        left, right = sides[key]
        for i, side in enumerate((left, right)):
            if i:
                out.append(style.bar)
            for j, o in enumerate(side):
                if j:
                    out.append(style.comma)
                if whole(o):
                    out.append(_braced(o, style, texts))
                elif o.serial in written:
                    out.append(label[o.serial])
                else:
                    written.add(o.serial)
                    write(o)
        out.append(style.close)

    write(g)
    return "".join(out)


# The interface cgt's other writers of game text use (cgt.loopy's printer):
# internal, so not in __all__ and not part of the API.
def option_text(g: Game, memo: dict[int, tuple[str, int]]) -> tuple[str, int]:
    """``(text, bars)``: the ASCII text of ``g`` to write inside another game's braces.

    ``bars > 0`` when the text is a bare ``L|R`` form whose longest run of
    bars has that length: it needs braces, unless the writer uses it in slash
    notation.  ``memo`` is the writer's, keyed by :attr:`Game.serial`, shared
    by the calls of one text; no text limit applies (the writer keeps its own).

    >>> import cgt
    >>> memo = {}
    >>> option_text(cgt.parse("{3|{2|1}}"), memo), option_text(cgt.parse("1/2*"), memo)
    (('3||2|1', 2), ('1/2*', 0))
    """
    return _fmt(g, _ASCII, memo)


def _too_large(g: Game, full: int, named: int) -> TooLarge:
    err = TooLarge(
        f"the text of this game has {count_text(full)} characters, {count_text(named)} with its "
        f"shared subgames named: more than the text limit of {_text_limit:,} "
        f"(cgt.set_text_limit); its birthday is {g.birthday()}, and g.left_options, "
        "g.right_options explore it"
    )
    err.sizes = (full, named)  # type: ignore[attr-defined]
    return err


def to_string(g: Game) -> str:
    """CGSuite-style ASCII; ``parse(to_string(g)) == g``.

    >>> import cgt
    >>> to_string(cgt.parse("{3|{2|1}}")), to_string(cgt.up + cgt.up + cgt.up)
    ('{3||2|1}', '^3')
    """
    return _render(g, _ASCII)


def to_unicode(g: Game) -> str:
    """Unicode notation: arrows, ``±``, ``½``, a true minus sign.

    >>> import cgt
    >>> to_unicode(cgt.parse("{1/2|-1/2}")), to_unicode(cgt.parse("-1/2^^*"))
    ('±½', '−½⇑*')
    """
    return _render(g, _UNICODE)


def to_latex(g: Game) -> str:
    """LaTeX (MathJax-safe) notation, without the surrounding dollars.

    >>> import cgt
    >>> to_latex(cgt.parse("{1/2|^*}"))
    '\\\\{\\\\frac{1}{2} \\\\mid \\\\uparrow\\\\ast\\\\}'

    Three or more ups are a multiple, ``3\\cdot\\uparrow``; a superscript
    (``\\uparrow^{3}``) would read as up-third, a different game.

    >>> print(to_latex(3 * cgt.up), to_latex(1 + 3 * cgt.up + cgt.star), to_latex(2 * cgt.down))
    3\\cdot\\uparrow 1+3\\cdot\\uparrow\\ast \\Downarrow
    """
    return _render(g, _LATEX)


# The LaTeX writer's whole vocabulary, token by token, and the MathML of each: MathML
# is what a browser draws with no script (Chromium, Firefox and Safari natively).
_LATEX_TOKEN = re.compile(
    r"(?P<frac>\\frac\{(?P<num>\d+)\}\{(?P<den>\d+)\})|(?P<int>\d+)|(?P<bars>\|+)|(?P<name>[a-z]+)"
    r"|(?P<word>\\[A-Za-z]+|\\[{}]|[-+,])|(?P<space> +)"
)
_TIGHT = ' lspace="0" rspace="0"'  # a symbol inside a literal (1↑∗3), not an operator
_BAR_SPACE = ' lspace="0.2em" rspace="0.2em"'  # the same for every run (‖ has none by default)
_MATHML_WORDS = {
    "\\{": "<mo>{</mo>",
    "\\}": "<mo>}</mo>",
    "\\mid": f"<mo{_BAR_SPACE}>|</mo>",
    "\\pm": "<mo>±</mo>",
    "-": "<mo>−</mo>",
    "+": "<mo>+</mo>",
    ",": "<mo>,</mo>",
    "\\ast": f"<mo{_TIGHT}>∗</mo>",
    "\\cdot": f"<mo{_TIGHT}>·</mo>",
    "\\uparrow": f"<mo{_TIGHT}>↑</mo>",
    "\\Uparrow": f"<mo{_TIGHT}>⇑</mo>",
    "\\downarrow": f"<mo{_TIGHT}>↓</mo>",
    "\\Downarrow": f"<mo{_TIGHT}>⇓</mo>",
}
_MATHML_BARS = {1: "|", 2: "‖"}  # longer runs as they are: |||


def to_mathml(g: Game) -> str:
    """MathML: the notation of :func:`to_latex`, drawn by a browser with no script.

    One ``<math>`` element; its ``alttext`` is the ASCII text.  Jupyter shows a
    game with it (``_repr_html_``), so an HTML export of a notebook reads right
    without MathJax; a LaTeX export keeps using :func:`to_latex`.

    >>> import cgt, re
    >>> print(to_mathml(cgt.parse("-1/2")))
    <math ...alttext="-1/2"><mrow><mo>−</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></mrow></math>
    >>> re.findall(r">([^<]+)<", to_mathml(cgt.parse("{3||2|1}")))  # the symbols drawn
    ['{', '3', '‖', '2', '|', '1', '}']
    >>> re.findall(r">([^<]+)<", to_mathml(cgt.parse("^^^*2")))
    ['3', '·', '↑', '∗', '2']
    """
    latex, ascii_text = to_latex(g), to_string(g)
    out = []
    at = 0
    while at < len(latex):
        found = _LATEX_TOKEN.match(latex, at)
        kind = found.lastgroup if found is not None else None
        if found is None or (kind == "word" and found[0] not in _MATHML_WORDS):
            # (the vocabulary above is the LaTeX writer's: anything else is a bug here)
            raise CGTError(f"to_mathml: no MathML for {latex[at : at + 12]!r} in {latex!r}")
        if kind == "frac":
            out.append(f"<mfrac><mn>{found['num']}</mn><mn>{found['den']}</mn></mfrac>")
        elif kind == "int":
            out.append(f"<mn>{found[0]}</mn>")
        elif kind == "bars":
            out.append(f"<mo{_BAR_SPACE}>{_MATHML_BARS.get(len(found[0]), found[0])}</mo>")
        elif kind == "name":
            out.append(f"<mi>{found[0]}</mi>")
        elif kind == "word":
            out.append(_MATHML_WORDS[found[0]])
        at = found.end()
    alt = html.escape(ascii_text, quote=True)
    return (
        f'<math xmlns="http://www.w3.org/1998/Math/MathML" alttext="{alt}">'
        f"<mrow>{''.join(out)}</mrow></math>"
    )


# --- uptimals: Conway's up-nth ^<n> and the sums ^[n] ------------------------------
_uptimal_text: BoundedCache[tuple[Game, str], str | None] = BoundedCache("atomic.uptimal_text")
on_clear(_uptimal_text.clear)

_STYLES = {
    "ascii": ("^", "v", "*"),
    "unicode": ("↑", "↓", "*"),
}


def format_uptimal(g: Game, style: str = "ascii") -> str | None:
    """Short text for an uptimal value such as ``x^<n>*m`` or ``x^[n]*m``, else None.

    The values are ``x +- up^n + *m`` (``x^<n>*m``) and ``x +- up^[n] + *m``
    (``x^[n]*m``) with ``n >= 2``; any other game gives None.

    ``style`` is ``"ascii"`` (``^<2>``, ``v[3]``) or ``"unicode"`` (``↑<2>``).

    >>> import cgt
    >>> from cgt.game import up_nth, up_sum
    >>> format_uptimal(up_nth(2)), format_uptimal(-up_sum(3) + cgt.star + 1), format_uptimal(cgt.up)
    ('^<2>', '1v[3]*', None)
    """
    if g.is_nus:
        return None
    return _uptimal(g, style)


def _uptimal(g: Game, style: str) -> str | None:
    """:func:`format_uptimal` of a game that is not a number + ups + nimber."""
    if g.left_stop() != g.right_stop():
        return None
    key = (g, style)
    if key in _uptimal_text:
        return _uptimal_text[key]
    text = _format_uptimal(g, style)
    _uptimal_text[key] = text
    return text


def _format_uptimal(g: Game, style: str) -> str | None:
    # Printing calls this on every all-small node, so it must be cheap: up^<n>
    # and up^[n] are born on day n + 1, and adding * moves the birthday by at
    # most one, so only a few n can match, each tested by identity (interning).
    upc, downc, starc = _STYLES[style]
    x = g.left_stop()
    h = _engine.add(g, _engine.make_number(-x)) if x._num else g
    if not h.is_all_small:
        return None
    born = h.birthday()
    candidates = [(h, 0)]
    if born <= _UPTIMAL_STAR_LIMIT:
        candidates.append((_engine.add(h, _engine.make_nus(Dyadic(0), 0, 1)), 1))
    for d, m in candidates:
        b = d.birthday()
        for n in range(max(2, b - 1), b + 1):
            for kind, base in (("<>", up_nth(n)), ("[]", up_sum(n))):
                for sign in (1, -1):
                    if d is (base if sign > 0 else _engine.negate(base)):
                        return _uptimal_text_of(x, sign, kind, n, m, upc, downc, starc)
    if born <= _UPTIMAL_NIMBER_LIMIT:
        # Small games: also x +- up^<n> + *m with any m, by subtraction.
        for n in range(2, born + 1):
            for kind, base in (("<>", up_nth(n)), ("[]", up_sum(n))):
                for sign in (1, -1):
                    c = base if sign > 0 else _engine.negate(base)
                    d = _engine.add(h, _engine.negate(c))
                    if d.is_nimber:
                        return _uptimal_text_of(x, sign, kind, n, d.nim_value(), upc, downc, starc)
    return None


def _uptimal_text_of(
    x: Dyadic, sign: int, kind: str, n: int, m: int, upc: str, downc: str, starc: str
) -> str:
    head = "" if x._num == 0 else str(x)
    arrow = upc if sign > 0 else downc
    star = "" if m == 0 else starc if m == 1 else f"{starc}{int_to_str(m)}"
    return f"{head}{arrow}{kind[0]}{n}{kind[1]}{star}"


_UPTIMAL_NIMBER_LIMIT = 12


_UPTIMAL_STAR_LIMIT = 48


_UPTIMAL_RE = re.compile(r"(\^|v|↑|↓)(<|\[)\s*([0-9]+)\s*(>|\])")


def parse_uptimal(text: str, pos: int) -> tuple[Game, int] | None:
    """Read ``^<n>``, ``^[n]``, ``v<n>`` or ``v[n]`` at ``text[pos:]``.

    Returns ``(game, end)`` -- ``+-up^n`` or ``+-up^[n]`` and the position just
    after the closing bracket -- or None if no uptimal token starts there.

    >>> parse_uptimal("1^<2>*", 1), parse_uptimal("v[3]", 0), parse_uptimal("^^", 0)
    ((^<2>, 5), (v[3], 4), None)
    """
    m = _UPTIMAL_RE.match(text, pos)
    if m is None:
        return None
    arrow, opening, digits, closing = m.groups()
    if (opening == "<") != (closing == ">"):
        return None
    n = int(digits)
    if opening == "<":
        if n < 1:
            return None
        g = up_nth(n)
    else:
        g = up_sum(n)
    if arrow in ("v", "↓"):
        g = _engine.negate(g)
    return g, m.end()
