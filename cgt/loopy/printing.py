"""Writing stoppers as CGSuite writes them (ASCII text that :func:`cgt.parse` reads back).

A stopper is written from its simplest form (:mod:`cgt.loopy.canonical`),
position by position:

* a position with no cycle below it: the short game (``1/2``, ``^*``, ``{1|0}``);
* ``on``, ``off``, and a number plus ``over`` or ``under``: ``over``, ``5over``,
  ``3/2under``;
* ``{X | -X}``: ``+-X`` (``+-over``, ``+-(5over)``, ``+-{0|^<on>}``);
* ``x + Tiny(S) = {x || x | x - S}`` and ``x + Miny(S)`` when ``S`` is large
  enough (``Tiny(on) = {0||0|off}``, ``Miny(on) = {on|0||0}``, ``Tiny(over)``);
* the upon family, a number ``x`` and a nimber added:
  ``x^[on] = {pass | x*}``, ``x^[on]* = {x, pass | x}``, ``x^<on> = {x || x | x, pass}``
  (``pass`` there loops to the inner braces), ``x^<on>* = {x, x* || x* | pass}``,
  and their negatives ``v[on]``, ``v<on>``;
* anything else in braces, with slash notation for a side with a single option
  (``{0||0|a}`` for ``{0|{0|a}}``, at most three bars without braces), ``pass``
  for a move of a position to itself, and a name (``a``, ``b``, ...) before the
  braces of a position that a position inside them moves back to.

>>> import cgt
>>> [str(cgt.parse(t)) for t in ("{pass|*}", "{0||0|0,pass}", "{0||0|off}", "a{0|{0|{{a|*}|*}}}")]
['^[on]', '^<on>', 'Tiny(on)', 'a{0||||0|||a|*||*}']
"""

from __future__ import annotations

from .._deep import deep
from ..game import Game, nimber, number, zero
from ..notation import names, option_text
from .canonical import canonical_numbering
from .graph import GameGraph

__all__ = ["stopper_text"]

_MAX_SLASHES = 4  # a run this long gets braces round it


def _number_text(x: Game) -> str:
    """A number as a prefix: '' for 0."""
    return "" if x is zero else str(x)


@deep
def stopper_text(graph: GameGraph) -> str:
    """The text of the stopper whose simplest form (canonically numbered) is ``graph``.

    >>> import cgt
    >>> g = cgt.parse("{pass|1/2*} + 1")
    >>> stopper_text(g._canonical_graph())
    '3/2^[on]'
    """
    try:
        return _Printer(graph).top(graph.start)
    except _TooLong:
        # CGSuite writes a position again wherever it is met outside its own
        # braces; when that grows too long, write each once and name it
        from .values import _plain_text, _short_nodes

        return _plain_text(graph, _short_nodes(graph))


_BUDGET = 20_000  # characters of text before falling back to naming shared positions


class _TooLong(Exception):
    pass


class _Printer:
    def __init__(self, graph: GameGraph) -> None:
        from .values import _short_nodes

        self.graph = graph
        self.left, self.right = graph.left, graph.right
        self.shorts = _short_nodes(graph)
        self.memo: dict[int, tuple[str, int]] = {}
        self.stack: dict[int, str | None] = {}
        self.names = names()
        self.spent = 0

    def fresh(self, v: int, brackets: bool, parens: bool) -> str:
        """Position v written on its own (names start again at a)."""
        p = _Printer(self.graph)
        p.memo = self.memo
        text, _ = p.text(v, brackets, parens)
        return text

    def top(self, v: int) -> str:
        if v in self.shorts:
            return str(self.shorts[v])
        return self.text(v, True, False)[0]

    # --- shapes ------------------------------------------------------------------
    def short_number(self, v: int) -> Game | None:
        g = self.shorts.get(v)
        return g if g is not None and g.is_number else None

    def negated(self, v: int) -> GameGraph:
        return canonical_numbering(GameGraph(self.right, self.left, v))

    def at(self, v: int) -> GameGraph:
        return canonical_numbering(GameGraph(self.left, self.right, v))

    def reaches_itself(self, v: int) -> bool:
        seen: set[int] = set()
        todo = [*self.left[v], *self.right[v]]
        while todo:
            w = todo.pop()
            if w == v:
                return True
            if w not in seen:
                seen.add(w)
                todo.extend((*self.left[w], *self.right[w]))
        return False

    def plumtree(self, v: int) -> bool:
        """Whether every cycle below v is a pass (a move of a position to itself)."""
        order: list[int] = []
        seen = {v}
        todo = [v]
        while todo:
            w = todo.pop()
            order.append(w)
            for x in (*self.left[w], *self.right[w]):
                if x not in seen:
                    seen.add(x)
                    todo.append(x)
        indegree = dict.fromkeys(order, 0)
        for w in order:
            for x in set(self.left[w]) | set(self.right[w]):
                if x != w:
                    indegree[x] += 1
        ready = [w for w in order if indegree[w] == 0]
        done = 0
        while ready:
            w = ready.pop()
            done += 1
            for x in set(self.left[w]) | set(self.right[w]):
                if x != w:
                    indegree[x] -= 1
                    if indegree[x] == 0:
                        ready.append(x)
        return done == len(order)

    # --- named forms -------------------------------------------------------------
    def pseudonumber(self, v: int, parens: bool) -> str | None:
        lo, ro = self.left[v], self.right[v]
        if lo == (v,) and not ro:
            return "on"
        if ro == (v,) and not lo:
            return "off"
        for word, mine, other in (("over", lo, ro), ("under", ro, lo)):
            if other == (v,) and len(mine) == 1:
                x = self.short_number(mine[0])
                if x is not None:
                    prefix = _number_text(x)
                    text = prefix + word
                    return f"({text})" if parens and prefix else text
        return None

    def switch(self, v: int) -> str | None:
        lo = self.ordered(self.left[v])
        if not lo or len(lo) != len(self.right[v]) or self.reaches_itself(v):
            return None
        if self.negated(v) != self.at(v):
            return None
        if len(lo) == 1:
            return "+-" + self.fresh(lo[0], True, True)
        return "+-{" + ",".join(self.fresh(w, True, False) for w in lo) + "}"

    def tiny(self, v: int, parens: bool) -> str | None:
        """``x + Tiny(S) = {x || x | x - S}`` with ``x - S <= x + under`` (and Miny)."""
        from .values import LoopyGame, _ge, under

        lo, ro = self.left[v], self.right[v]
        if len(lo) != 1 or len(ro) != 1:
            return None
        for word, near, far, sides in (
            ("Tiny", lo[0], ro[0], (self.left, self.right)),
            ("Miny", ro[0], lo[0], (self.right, self.left)),
        ):
            x = self.short_number(near)
            inner_near, inner_far = sides[0][far], sides[1][far]
            if x is None or inner_near != (near,) or len(inner_far) != 1:
                continue
            t = inner_far[0]
            if t in self.shorts or not self.plumtree(v):
                continue
            tail = LoopyGame(GameGraph(self.left, self.right, t))
            if word == "Tiny":  # t - x <= under
                if not _ge(LoopyGame.of(x) + under, tail):
                    continue
                sub = LoopyGame.of(x) - tail
            else:  # x - t <= under, that is x + over <= t
                if not _ge(tail, LoopyGame.of(x) - under):
                    continue
                sub = tail - LoopyGame.of(x)
            inner = stopper_text(sub._canonical_graph())
            text = _number_text(x) + f"{word}({inner})"
            return f"({text})" if parens and x is not zero else text
        return None

    def upon(self, v: int) -> str | None:
        for negated in (False, True):
            found = self.upon_form(v, negated, True)
            if found is not None:
                kind, x, nim = found
                if negated:
                    x = -x
                arrow = "v" if negated else "^"
                star = "" if nim == 0 else "*" if nim == 1 else f"*{nim}"
                return _number_text(x) + arrow + kind + star
        return None

    def value(self, w: int, negated: bool) -> Game | None:
        g = self.shorts.get(w)
        return None if g is None else -g if negated else g

    def upon_form(self, v: int, negated: bool, uponth: bool) -> tuple[str, Game, int] | None:
        """('[on]', x, n) when position v (or its negative) is x^[on]*n, ('<on>',
        x, n) for x^<on>*n, else None."""
        lo, ro = (self.right[v], self.left[v]) if negated else (self.left[v], self.right[v])
        if len(ro) != 1:
            return None
        r = self.value(ro[0], negated)
        nus = None if r is None else r.nus_or_none()
        if nus is not None and nus[1] == 0:
            x, m = number(nus[0]), nus[2]
            if m == 0 and len(lo) == 2 and v in lo:
                other = lo[0] if lo[1] == v else lo[1]
                if self.value(other, negated) == x:
                    return ("[on]", x, 1)
            if m != 0 and lo == (v,):
                return ("[on]", x, m ^ 1)
            return None
        if not uponth or r is not None:
            return None
        # x^<on>*n: the negative of the Right option is (-x)^[on]*m, and the Left
        # options are x + *k for k = 0 .. m^1
        inner = self.upon_form(ro[0], not negated, False)
        if inner is None:
            return None
        x, m = -inner[1], inner[2]
        want = {x + nimber(k) for k in range((m ^ 1) + 1)}
        got = [self.value(w, negated) for w in lo]
        if len(got) != len(want) or set(got) != want:
            return None
        return ("<on>", x, m ^ 1)

    # --- writing -----------------------------------------------------------------
    def ordered(self, options: tuple[int, ...]) -> list[int]:
        shorts = [w for w in options if w in self.shorts]
        loopy = [w for w in options if w not in self.shorts]

        def short_key(w: int) -> tuple[int, bool, str]:
            g = self.shorts[w]
            return (g.birthday(), not g.is_number, option_text(g, self.memo)[0])

        return sorted(shorts, key=short_key) + sorted(loopy)

    def text(self, v: int, brackets: bool, parens: bool) -> tuple[str, int]:
        """(text, bars): bars > 0 when the text is a bare 'L|R' run of that many bars."""
        g = self.shorts.get(v)
        if g is not None:
            text, bars = option_text(g, self.memo)
            if bars and (brackets or bars >= _MAX_SLASHES):
                return "{" + text + "}", 0
            return text, bars
        if v in self.stack:
            name = self.stack[v]
            if name is None:
                name = next(self.names)
                self.stack[v] = name
            return name, 0
        for form in (
            self.pseudonumber(v, parens),
            self.switch(v),
            self.tiny(v, parens),
            self.upon(v),
        ):
            if form is not None:
                return form, 0
        self.stack[v] = None
        sides = []
        bars = 0
        for options in (self.left[v], self.right[v]):
            ordered = self.ordered(options)
            parts = []
            for w in ordered:
                if w == v:
                    parts.append("pass")
                    continue
                text, b = self.text(w, len(ordered) > 1, False)
                bars = max(bars, b)
                parts.append(text)
            sides.append(",".join(parts))
        name = self.stack.pop(v)
        self.spent += len(sides[0]) + len(sides[1])
        if self.spent > _BUDGET:
            raise _TooLong
        bars += 1
        braced = (
            brackets
            or name is not None
            or not self.left[v]
            or not self.right[v]
            or bars >= _MAX_SLASHES
        )
        body = sides[0] + "|" * bars + sides[1]
        if braced:
            return (name or "") + "{" + body + "}", 0
        return body, bars
