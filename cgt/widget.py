"""A board to play against cgt in Jupyter: :class:`Board`, drawn by an anywidget.

``Board(position)`` shows the position (the ruleset's own picture), the moves
of the side to move, and a panel: the value, its outcome in words, the values
of the canonical options, the thermograph and a hint saying which moves win.
A click on the board plays a move on boards drawn as a grid of squares
(Domineering, Cram, Clobber, Konane, Amazons, Toads and Frogs, ...); every
ruleset also gets one button per move (Hackenbush, graphs, heaps, ...).
cgt answers at once, as :class:`cgt.versus.Match` does: with a winning move
when it has one, else with the move whose value is best for it.  An explorer
opens the game tree of the value: expand a node to see its options.

The Python side is plain Python (no Jupyter needed): :meth:`Board.state` is
what the front end draws, and :meth:`Board.click`, :meth:`Board.play`,
:meth:`Board.expand` are what its clicks send.  The widget itself
(:attr:`Board.widget`, shown when a notebook displays the board) needs
`anywidget <https://anywidget.dev>`_ (the ``widget`` extra: ``pip install anywidget``).

>>> from cgt.games import Domineering
>>> b = Board(Domineering("...|..."), human="right", first="right")
>>> b.state()["value"], [m["text"] for m in b.state()["moves"]][:2]
('{2|-1/2}', ['horizontal domino on (0, 0) and (0, 1)', 'horizontal domino on (0, 1) and (0, 2)'])
>>> b.click(0, 1)              # the square at row 0, column 1: two of Right's moves use it
>>> b.state()["selected"]
[[0, 1]]
>>> b.click(0, 2)              # ... and one uses both: played, and cgt answers
>>> b.state()["log"]
['You: horizontal domino on (0, 1) and (0, 2)', 'cgt: vertical domino on (0, 0) and (1, 0)']
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from typing import Any

from .errors import CGTError, InvalidArgument, MissingExtra
from .game import Game, Outcome
from .play import Move, Player
from .versus import VALUE_STEPS, Match, outcome_words

__all__ = ["Board", "board_cells", "move_cells"]

_RECT = re.compile(
    r'<rect\b[^>]*?\bx="([-0-9.]+)"[^>]*?\by="([-0-9.]+)"'
    r'[^>]*?\bwidth="([0-9.]+)"[^>]*?\bheight="([0-9.]+)"'
)

Cell = tuple[int, int]


def _grid(position: Any) -> list[str] | None:
    """The rows of a position's text when it is a rectangle of characters (else ``None``)."""
    if isinstance(position, Game):
        return None
    rows = str(position).replace("|", "\n").split("\n")
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        return None
    return rows


def _svg(position: Any) -> str:
    draw = getattr(position, "to_svg", None)
    if draw is None:
        return ""
    try:
        return str(draw())
    except CGTError:
        return ""


def board_cells(position: Any) -> dict[Cell, tuple[float, float, float, float]]:
    """The squares of a board's picture, by (row, column): ``(x, y, width, height)`` in the SVG.

    A board is a position whose text is a rectangle of characters (rows
    separated by ``|`` or newlines) drawn as that many equal squares; any
    other position has none (its moves are played by buttons).

    >>> from cgt.games import Domineering, Hackenbush
    >>> cells = board_cells(Domineering("..#|..."))
    >>> len(cells), cells[(1, 2)]
    (6, (48.0, 24.0, 24.0, 24.0))
    >>> board_cells(Hackenbush.parse("l(l;rl)"))
    {}
    """
    rows = _grid(position)
    if rows is None:
        return {}
    rects = [tuple(float(v) for v in m.groups()) for m in _RECT.finditer(_svg(position))]
    squares = [r for r in rects if r[2] == r[3]]
    if not squares:
        return {}
    size = Counter((r[2], r[3]) for r in squares).most_common(1)[0][0]
    squares = [r for r in squares if (r[2], r[3]) == size]
    xs, ys = sorted({r[0] for r in squares}), sorted({r[1] for r in squares})
    if len(xs) != len(rows[0]) or len(ys) != len(rows) or len(squares) != len(xs) * len(ys):
        return {}
    return {(ys.index(r[1]), xs.index(r[0])): r for r in squares}  # type: ignore[misc]


def move_cells(position: Any, option: Any) -> list[Cell]:
    """The squares a move changes: where the texts of the board before and after differ.

    >>> from cgt.games import Clobber
    >>> c = Clobber("xo.|.ox")
    >>> [move_cells(c, o) for o in c.left_options()]
    [[(0, 0), (0, 1)], [(1, 1), (1, 2)]]
    """
    before, after = _grid(position), _grid(option)
    if before is None or after is None or len(before) != len(after):
        return []
    if any(len(a) != len(b) for a, b in zip(before, after, strict=True)):
        return []
    return [
        (r, c)
        for r, (a, b) in enumerate(zip(before, after, strict=True))
        for c in range(len(a))
        if a[c] != b[c]
    ]


def _cell(value: Any) -> Cell:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise InvalidArgument(f"a square is [row, column], not {value!r}")


class Board:
    """A game against cgt from ``position``, with what a board widget shows and does.

    ``human`` is the side the person plays, ``first`` the side that moves
    first; when that is cgt's side, cgt moves at once.  ``value_steps`` bounds
    the work on each value, as for :class:`~cgt.versus.Match`: a position with
    no value shows none, and its moves are decided by search.

    >>> from cgt.games import Hackenbush
    >>> b = Board(Hackenbush.parse("l(l;rl)"), human="left")
    >>> [m["text"] for m in b.state()["moves"]]
    ['chop the blue edge (0, 1)', 'chop the blue edge (1, 2)', 'chop the blue edge (3, 4)']
    >>> b.play(0)
    >>> b.state()["status"]
    'You win: Right (cgt) has no move.'
    """

    def __init__(
        self,
        position: Any,
        *,
        human: Player | str = "left",
        first: Player | str = "left",
        value_steps: int | None = VALUE_STEPS,
    ) -> None:
        self.match = Match(position, human=human, first=first, value_steps=value_steps)
        self._first = self.match.to_move
        self.selected: list[Cell] = []
        self.log: list[str] = []
        self.expanded: set[str] = {""}
        self.note = ""
        self._widget: Any = None
        self._answer()

    # --- what the front end sends -------------------------------------------------------
    def play(self, index: int) -> None:
        """Play your move numbered ``index`` (from 0, as in ``state()["moves"]``); cgt answers.

        >>> from cgt.games import Domineering
        >>> b = Board(Domineering("..|.."))
        >>> b.play(1); b.state()["log"]
        ['You: vertical domino on (0, 1) and (1, 1)', 'cgt: cannot move']
        """
        move = self.match.play(index)
        self.selected = []
        self.note = ""
        self.log.append(f"You: {move.description}")
        self._answer()
        self._sync()

    def click(self, row: int, column: int) -> None:
        """A click on the square ``(row, column)``: select it, and play the move once only one fits.

        The selected squares pick the moves that change all of them; when one
        move is left (or one changes exactly the selected squares) it is
        played.  A square no move of the selection uses starts a new
        selection; a square no move uses at all clears it.

        >>> from cgt.games import ToadsAndFrogs
        >>> b = Board(ToadsAndFrogs("t.f.."), human="left")
        >>> b.click(0, 0); b.state()["log"]
        ['You: t at 0 steps to 1', 'cgt: f at 2 jumps to 0']
        """
        cell = _cell((row, column))
        if self.match.over or self.match.to_move is not self.match.human:
            self.note = "it is not your turn"
            self._sync()
            return
        moves = self._moves()
        chosen = [c for c in self.selected if c != cell]
        chosen = [*chosen, cell] if cell not in self.selected else chosen
        fits = self._fitting(moves, chosen)
        if not fits and cell not in self.selected:
            chosen = [cell]
            fits = self._fitting(moves, chosen)
        exact = [i for i in fits if set(moves[i][1]) == set(chosen)]
        if len(fits) == 1 or len(exact) == 1:
            self.play(fits[0] if len(fits) == 1 else exact[0])
            return
        self.selected = chosen if fits else []
        self.note = "" if fits else f"no move of yours uses the square {cell}"
        self._sync()

    @staticmethod
    def _fitting(moves: list[tuple[Move, list[Cell]]], chosen: list[Cell]) -> list[int]:
        if not chosen:
            return []
        return [i for i, (_, cells) in enumerate(moves) if set(chosen) <= set(cells)]

    def expand(self, path: str) -> None:
        """Open (or close, when open) the explorer's node at ``path``.

        A path is a string of steps ``L<i>`` and ``R<i>``, each the ``i``-th
        Left or Right canonical option of the node before (``""``: the value).

        >>> from cgt.games import Domineering
        >>> b = Board(Domineering("...|..."))
        >>> b.expand("L0"); [(n["path"], n["value"]) for n in b.state()["tree"]][:3]
        [('', '{2|-1/2}'), ('L0', '2'), ('L0L0', '1')]
        """
        self._node(path)  # checks the path
        self.expanded.symmetric_difference_update({path})
        self._sync()

    def reset(self) -> None:
        """Start again from the first position.

        >>> from cgt.games import Domineering
        >>> b = Board(Domineering("..|.."))
        >>> b.play(0); b.reset(); b.state()["log"]
        []
        """
        m = self.match
        self.match = Match(m.start, human=m.human, first=self._first, value_steps=m.value_steps)
        self.selected, self.log, self.note = [], [], ""
        self._answer()
        self._sync()

    def receive(self, message: dict[str, Any]) -> None:
        """Act on a message of the front end: ``{"kind": "move", "index": i}``,
        ``{"kind": "cell", "cell": [row, column]}``, ``{"kind": "expand", "path": p}``
        or ``{"kind": "reset"}``.  A bad message changes nothing and says why in the status.

        >>> from cgt.games import Domineering
        >>> b = Board(Domineering("..|.."))
        >>> b.receive({"kind": "move", "index": 9}); b.state()["note"]
        'there is no move 9: the moves are numbered 0 to 1'
        """
        try:
            kind = message.get("kind") if isinstance(message, dict) else None
            if kind == "move":
                index = message.get("index")
                if not isinstance(index, int) or isinstance(index, bool):
                    raise InvalidArgument(f"a move is chosen by its number, not {index!r}")
                self.play(index)
            elif kind == "cell":
                self.click(*_cell(message.get("cell")))
            elif kind == "expand":
                path = message.get("path")
                if not isinstance(path, str):
                    raise InvalidArgument(f"a node of the explorer is a path string, not {path!r}")
                self.expand(path)
            elif kind == "reset":
                self.reset()
            else:
                raise InvalidArgument(f"the board does not know the message {message!r:.80}")
        except CGTError as err:
            self.note = str(err)
            self._sync()

    # --- what the front end shows ------------------------------------------------------
    def _moves(self) -> list[tuple[Move, list[Cell]]]:
        here = self.match.position
        return [(m, move_cells(here, m.position)) for m in self.match.moves()]

    def _answer(self) -> None:
        m = self.match
        if not m.over and m.to_move is m.computer:
            move = m.reply()
            if move is not None:
                self.log.append(f"cgt: {move.description}")
        elif m.over and m.to_move is m.computer and self.log:
            self.log.append("cgt: cannot move")

    def _node(self, path: str) -> Game:
        g = self.match.value()
        if g is None:
            raise InvalidArgument("this position has no value to explore (too much work)")
        for step in re.findall(r"[LR]\d+|.", path):
            if not re.fullmatch(r"[LR]\d+", step):
                raise InvalidArgument(f"a path is steps L<i> and R<i>, as L0R1, not {path!r}")
            options = g.left_options if step[0] == "L" else g.right_options
            if int(step[1:]) >= len(options):
                raise InvalidArgument(f"the node at {path!r} does not exist")
            g = options[int(step[1:])]
        return g

    def _tree(self) -> list[dict[str, Any]]:
        """The explorer's rows, depth first: every child of an expanded node is shown."""
        out: list[dict[str, Any]] = []
        root = self.match.value()
        if root is None:
            return []
        stack: list[tuple[str, Game, str]] = [("", root, "")]
        while stack and len(out) < 400:
            path, g, side = stack.pop()
            is_open = path in self.expanded
            out.append(
                {
                    "path": path,
                    "side": side,
                    "depth": len(re.findall(r"[LR]", path)),
                    "value": str(g),
                    "open": is_open,
                    "leaf": not g.left_options and not g.right_options,
                }
            )
            if is_open:
                children = [(f"{path}L{i}", o, "L") for i, o in enumerate(g.left_options)]
                children += [(f"{path}R{i}", o, "R") for i, o in enumerate(g.right_options)]
                stack.extend(reversed(children))
        return out

    def status(self) -> str:
        """One line: whose turn it is, or who won.

        >>> from cgt.games import Domineering
        >>> Board(Domineering("...|...")).status()
        'Your move (Left).'
        """
        m = self.match
        if m.over:
            loser = m.to_move.name.title()
            if m.winner is m.human:
                return f"You win: {loser} (cgt) has no move."
            return f"cgt wins: {loser} (you) have no move."
        if m.to_move is m.human:
            return f"Your move ({m.human.name.title()})."
        return f"cgt's move ({m.computer.name.title()})."

    def state(self) -> dict[str, Any]:
        """Everything the front end draws, as JSON types.

        ``svg`` is the board's picture and ``cells`` its clickable squares;
        ``moves`` the moves of the person to move (text, value, whether it
        wins, the squares it changes); ``value``, ``outcome``, ``says``,
        ``options`` (the canonical options' values), ``thermograph`` (SVG)
        and ``hint`` describe the position; ``log`` lists the moves made;
        ``tree`` is the explorer.

        >>> from cgt.games import Domineering
        >>> s = Board(Domineering("...|...")).state()
        >>> s["outcome"], s["options"]
        ('N', {'left': ['2'], 'right': ['-1/2']})
        >>> s["hint"]
        'Left to move wins with: vertical domino on (0, 1) and (1, 1)'
        >>> [(m["text"], m["value"], m["wins"], m["cells"]) for m in s["moves"]][1]
        ('vertical domino on (0, 1) and (1, 1)', '2', True, [[0, 1], [1, 1]])
        """
        m = self.match
        value = m.value()
        outcome: Outcome = m.outcome()
        position = m.position
        moves: list[dict[str, Any]] = []
        if not m.over and m.to_move is m.human:
            for i, (move, g, wins) in enumerate(m.scored()):
                cells = move_cells(position, move.position)
                moves.append(
                    {
                        "index": i,
                        "text": move.description,
                        "value": "?" if g is None else str(g),
                        "wins": wins,
                        "cells": [list(c) for c in cells],
                    }
                )
        squares = board_cells(position)
        return {
            "title": type(position).__name__,
            "svg": _svg(position),
            "text": str(position),
            "cells": [
                {"cell": list(c), "x": r[0], "y": r[1], "w": r[2], "h": r[3]}
                for c, r in sorted(squares.items())
            ],
            "selected": [list(c) for c in self.selected],
            "moves": moves,
            "human": m.human.name.title(),
            "computer": m.computer.name.title(),
            "to_move": m.to_move.name.title(),
            "over": m.over,
            "winner": None if m.winner is None else m.winner.name.title(),
            "status": self.status(),
            "note": self.note,
            "value": "not computed (too much work)" if value is None else str(value),
            "outcome": outcome.name,
            "says": outcome_words(outcome),
            "options": {
                "left": [] if value is None else [str(o) for o in value.left_options],
                "right": [] if value is None else [str(o) for o in value.right_options],
            },
            "thermograph": "" if value is None else value.thermograph().to_svg(),
            "hint": m.hint(),
            "log": list(self.log),
            "tree": self._tree(),
        }

    # --- the widget --------------------------------------------------------------------
    @property
    def widget(self) -> Any:
        """The anywidget that draws this board (made on first use; needs anywidget).

        >>> from cgt.games import Domineering
        >>> b = Board(Domineering("..|.."))
        >>> b.widget.state["value"] if _has_anywidget() else "+-1"
        '+-1'
        """
        if self._widget is None:
            cls = _widget_class()
            w = cls()
            w.state = self.state()
            w.on_msg(self._on_msg)
            self._widget = w
        return self._widget

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)

    def _sync(self) -> None:
        if self._widget is not None:
            self._widget.state = self.state()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Jupyter shows the widget (needs anywidget)."""
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"Board({self.match.position!r}, human={self.match.human.name.lower()!r})"


def _has_anywidget() -> bool:
    try:
        import anywidget  # noqa: F401
    except ImportError:
        return False
    return True


_CLASS: list[Any] = []
_CLASS_LOCK = threading.Lock()


def _widget_class() -> Any:
    """The anywidget class (made once): a synced ``state`` and the front end (ESM, CSS)."""
    with _CLASS_LOCK:
        if not _CLASS:
            _CLASS.append(_make_widget_class())
        return _CLASS[0]


def _make_widget_class() -> Any:
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise MissingExtra(
            "the board widget needs anywidget (the 'widget' extra): pip install anywidget"
        ) from None

    namespace = {"_esm": _FRONT_END, "_css": _STYLE, "state": traitlets.Dict().tag(sync=True)}
    namespace["__module__"] = __name__
    return type("BoardWidget", (anywidget.AnyWidget,), namespace)


# the widget's style sheet
_STYLE = """
.cgt-board { font-family: DejaVu Sans, Verdana, Arial, sans-serif; font-size: 13px;
  display: flex; gap: 18px; flex-wrap: wrap; align-items: flex-start; color: #222; }
.cgt-board .cgt-col { display: flex; flex-direction: column; gap: 8px; min-width: 220px; }
.cgt-board .cgt-status { font-weight: bold; font-size: 15px; }
.cgt-board .cgt-note { color: #a40000; }
.cgt-board .cgt-pic svg { max-width: 480px; height: auto; }
.cgt-board .cgt-pic .cgt-cell { fill: transparent; cursor: pointer; }
.cgt-board .cgt-pic .cgt-cell:hover { fill: rgba(52, 101, 164, 0.25); }
.cgt-board .cgt-pic .cgt-cell.cgt-selected { fill: rgba(52, 101, 164, 0.45); }
.cgt-board button { font: inherit; margin: 1px 0; text-align: left; cursor: pointer; }
.cgt-board button.cgt-wins { border-color: #3465a4; }
.cgt-board .cgt-thermo svg { width: 240px; height: auto; }
.cgt-board table { border-collapse: collapse; }
.cgt-board td, .cgt-board th { padding: 1px 6px; text-align: left; vertical-align: top; }
.cgt-board .cgt-tree div { white-space: nowrap; cursor: pointer; }
.cgt-board .cgt-L { color: #3465a4; } .cgt-board .cgt-R { color: #cc0000; }
"""

# the front end: an ES module with anywidget's render({model, el})
_FRONT_END = r"""
const SVGNS = "http://www.w3.org/2000/svg";

function add(parent, tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  parent.appendChild(node);
  return node;
}

function render({ model, el }) {
  const root = add(el, "div", null, "cgt-board");
  function draw() {
    const s = model.get("state") || {};
    root.replaceChildren();
    const left = add(root, "div", null, "cgt-col");
    add(left, "div", s.status, "cgt-status");
    if (s.note) add(left, "div", s.note, "cgt-note");
    const pic = add(left, "div", null, "cgt-pic");
    if (s.svg) {
      pic.innerHTML = s.svg;
    } else {
      add(pic, "pre", s.text);
    }
    const svg = pic.querySelector("svg");
    if (svg) {
      const width = parseFloat(svg.getAttribute("width") || "0");
      if (width > 0 && width < 240) {  // small boards drawn larger, to click
        const scale = Math.min(3, 240 / width);
        const height = parseFloat(svg.getAttribute("height") || "0");
        svg.setAttribute("width", String(width * scale));
        if (height > 0) svg.setAttribute("height", String(height * scale));
      }
    }
    const selected = new Set((s.selected || []).map((c) => c.join(",")));
    if (svg && !s.over) {
      for (const c of s.cells || []) {
        const r = document.createElementNS(SVGNS, "rect");
        for (const [k, v] of [["x", c.x], ["y", c.y], ["width", c.w], ["height", c.h]]) {
          r.setAttribute(k, String(v));
        }
        const key = c.cell.join(",");
        r.setAttribute("class", "cgt-cell" + (selected.has(key) ? " cgt-selected" : ""));
        r.setAttribute("data-cell", key);
        r.addEventListener("click", () => model.send({ kind: "cell", cell: c.cell }));
        svg.appendChild(r);
      }
    }
    const moves = s.moves || [];
    if (moves.length) {
      add(left, "div", `Your moves (${s.human}):`);
      const list = add(left, "div", null, "cgt-moves");
      for (const m of moves) {
        const b = add(list, "button", `${m.text} (value ${m.value})`);
        b.setAttribute("data-move", String(m.index));
        b.addEventListener("click", () => model.send({ kind: "move", index: m.index }));
        add(list, "br");
      }
    }
    add(left, "button", "start again", "cgt-reset").addEventListener("click", () =>
      model.send({ kind: "reset" })
    );
    const log = add(left, "ol", null, "cgt-log");
    for (const line of s.log || []) add(log, "li", line);

    const right = add(root, "div", null, "cgt-col");
    const table = add(right, "table", null, "cgt-panel");
    const row = (label, text, cls) => {
      const tr = add(table, "tr");
      add(tr, "th", label);
      add(tr, "td", text, cls);
    };
    row("value", s.value, "cgt-value");
    row("outcome", `${s.outcome}: ${s.says}`);
    const opts = s.options || { left: [], right: [] };
    if (s.thermograph) {
      row("Left options", opts.left.join(", ") || "none", "cgt-L");
      row("Right options", opts.right.join(", ") || "none", "cgt-R");
    }
    const hint = add(right, "details", null, "cgt-hint");
    add(hint, "summary", "which move wins?");
    add(hint, "div", s.hint);
    const thermo = add(right, "div", null, "cgt-thermo");
    thermo.innerHTML = s.thermograph || "";
    const tree = add(right, "details", null, "cgt-tree");
    tree.open = (s.tree || []).length > 1;
    add(tree, "summary", "explore the game tree");
    for (const n of s.tree || []) {
      const mark = n.leaf ? "\u00b7" : n.open ? "\u25be" : "\u25b8";
      const who = n.side ? n.side + ": " : "";
      const line = add(tree, "div", `${mark} ${who}${n.value}`, n.side ? "cgt-" + n.side : "");
      line.style.paddingLeft = `${n.depth * 16}px`;
      line.setAttribute("data-path", n.path);
      if (!n.leaf) {
        line.addEventListener("click", () => model.send({ kind: "expand", path: n.path }));
      }
    }
  }
  model.on("change:state", draw);
  draw();
  return () => model.off("change:state", draw);
}

export default { render };
"""
