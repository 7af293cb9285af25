"""The tokenizer of game text (internal: cgt's readers share it, no public API).

:mod:`cgt.notation` reads short games with it, :mod:`cgt.loopy.notation`
loopy ones and :mod:`cgt.ordinal` ordinals and surreal numbers, so the
notations agree on what a token is: integers and
decimals, words, runs of ``|``, ``+-`` (or ``±``), the arrows, the vulgar
fractions and single characters.  A character no notation has raises
:class:`~cgt.ParseError` at its position.

>>> [(t.kind, t.text) for t in tokenize("{1/2 || ^*}")][:6]
[('{', '{'), ('INT', '1'), ('/', '/'), ('INT', '2'), ('BAR', '||'), ('^', '^')]
>>> tokenize("1½")[1].kind, tokenize("±↑")[1].kind, tokenize("")[-1].kind
('UFRAC', 'ARROW', 'END')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .dyadic import _VULGAR
from .errors import ParseError

__all__ = ["ARROWS", "UNICODE_FRACTIONS", "Tok", "is_vs", "tokenize"]


@dataclass(frozen=True)
class Tok:
    """A token: its kind, its text and where it starts in the text read."""

    kind: str  # INT DEC IDENT BAR PM ARROW UFRAC END and single characters
    text: str
    pos: int


ARROWS = {"↑": 1, "⇑": 2, "↓": -1, "⇓": -2}
"""The arrows and the number of ups each stands for."""

UNICODE_FRACTIONS = {glyph: pair for pair, glyph in _VULGAR.items()}
"""Every vulgar fraction the Unicode printer writes (Dyadic's format "u"): glyph -> (num, den)."""

_SINGLE = set("{}<>(),*^/+-[]")
_TOKEN_RE = re.compile(r"[0-9]+\.[0-9]+|[0-9]+|[A-Za-z_]+|\|+|\+-|.", re.S)


def tokenize(text: str) -> list[Tok]:
    """The tokens of ``text``, spaces left out, ending with an ``END`` token."""
    tokens: list[Tok] = []
    for match in _TOKEN_RE.finditer(text):
        s, pos = match.group(), match.start()
        if s.isspace():
            continue
        if "0" <= s[0] <= "9":
            tokens.append(Tok("DEC" if "." in s else "INT", s, pos))
        elif s[0].isascii() and (s[0].isalpha() or s[0] == "_"):
            tokens.append(Tok("IDENT", s, pos))
        elif s[0] == "|":
            tokens.append(Tok("BAR", s, pos))
        elif s in ("+-", "±"):
            tokens.append(Tok("PM", s, pos))
        elif s == "−":
            tokens.append(Tok("-", s, pos))
        elif s in ("∗",):
            tokens.append(Tok("*", s, pos))
        elif s in ARROWS:
            tokens.append(Tok("ARROW", s, pos))
        elif s in UNICODE_FRACTIONS:
            tokens.append(Tok("UFRAC", s, pos))
        elif s in _SINGLE:
            tokens.append(Tok(s, s, pos))
        else:
            raise ParseError(f"unexpected character {s!r}", text, pos)
    tokens.append(Tok("END", "", len(text)))
    return tokens


def is_vs(s: str) -> bool:
    """Is ``s`` a run of ``v`` (downs: ``v``, ``vv``, ...)?

    >>> is_vs("vvv"), is_vs("over"), is_vs("")
    (True, False, False)
    """
    return bool(s) and set(s) == {"v"}
