"""Hexapawn on any board, with normal, Berolina and Berolina Plus pawns.

Gardner's Hexapawn, stretched: White's pawns fill the bottom row, Black's the
top row, White moves first.  Normal pawns step straight forward onto an empty
square and capture one square diagonally forward (no double step).  Berolina
pawns do the opposite: they step diagonally forward onto an empty square and
capture one square straight forward.  **Berolina Plus** pawns (the definition
used here; the source page does not define them) are Berolina pawns that may
also capture one square sideways.

Normal rules: a player wins by promoting (reaching the far row) or when the
opponent, to move, has no legal move.  Misère rules: promoting loses, and
having no move on your turn wins (a player whose only moves promote loses).

Boards are ``columns x rows`` (so ``Hexapawn(8, 3)`` is eight pawns a side on
three rows); as strings they read top row first, rows separated by ``|`` or
newlines, ``W`` a white pawn, ``B`` a black pawn, ``.`` empty.  Squares are
named as in chess: files ``a, b, ...`` from White's left, ranks ``1, 2, ...``
from White's side.

>>> Hexapawn(3, 3).winner()
'black'
>>> Hexapawn(3, 3).outcome()          # White moves first: Black wins means P
Outcome.P
>>> [str(m) for m in Hexapawn(8, 3).winning_moves()]
['a1-a2', 'c1-c2', 'f1-f2', 'h1-h2']
>>> Hexapawn(10**100, 3).winner()      # the certified 3 x n theory, O(1)
'black'
"""

from __future__ import annotations

import warnings
from typing import Literal, NamedTuple

from ... import progress as _progress
from ..._compat import CallableStr, flag
from ..._svg import Drawable
from ...errors import InvalidPosition, WrongType
from ...game import Outcome, OutcomeWord
from ..registry import register_ruleset
from ._engine import MAX_ROWS, PAWN_TYPES, Engine, clear_engines, engine_for
from .theory import (
    block_board,
    block_value,
    certify_period,
    nimbers,
    theory_winning_openings,
    three_row_winner,
)

__all__ = [
    "MAX_ROWS",
    "PAWN_TYPES",
    "Hexapawn",
    "HexapawnMove",
    "SearchStats",
    "block_board",
    "block_value",
    "certify_period",
    "clear_engines",
    "nimbers",
    "theory_winning_openings",
    "three_row_winner",
]

#: boards with more cells than this are only handled by the 3-row theory
MAX_CELLS = 1 << 20


def file_name(column: int) -> str:
    """Chess-style file letters for a 0-based column: ``a .. z, aa, ab, ...``.

    >>> file_name(0), file_name(25), file_name(26)
    ('a', 'z', 'aa')
    """
    name = ""
    c = column + 1
    while c:
        c, r = divmod(c - 1, 26)
        name = chr(ord("a") + r) + name
    return name


def _file_index(name: str) -> int:
    c = 0
    for ch in name:
        c = c * 26 + (ord(ch) - ord("a") + 1)
    return c - 1


class HexapawnMove(NamedTuple):
    """One pawn move: 0-based ``(column, row)`` squares, and whether it captures.

    ``str`` gives chess-like notation: ``a1-a2`` for a step, ``b1xc2`` for a
    capture.

    >>> m = HexapawnMove((1, 0), (2, 1), True)
    >>> str(m), m.origin, m.target
    ('b1xc2', (1, 0), (2, 1))
    """

    origin: tuple[int, int]
    target: tuple[int, int]
    capture: bool

    def __str__(self) -> str:
        (c0, r0), (c1, r1) = self.origin, self.target
        sep = "x" if self.capture else "-"
        return f"{file_name(c0)}{r0 + 1}{sep}{file_name(c1)}{r1 + 1}"


class SearchStats(NamedTuple):
    """Size of the shared transposition table of one engine.

    >>> h = Hexapawn(3, 3); _ = h.winner(method="search")
    >>> h.search_stats().positions >= 1
    True
    """

    positions: int
    nodes: int


def _bit_square(bit: int) -> tuple[int, int]:
    index = bit.bit_length() - 1
    return index >> 3, index & 7


@register_ruleset(
    "Hexapawn",
    "other",
    docs="hexapawn",
    samples=lambda: [Hexapawn(3, 3), Hexapawn("B.B|.W.|W.W", to_move="black")],
    stored_as=("cgt.games.hexapawn.Hexapawn",),
    fast_path="compiled search (cgt/_c/hexapawn.c), at most 64 squares",
)
class Hexapawn(Drawable):
    """A Hexapawn position: board, pawn type, ending rule and the side to move.

    ``Hexapawn(columns, rows)`` is the start position; ``Hexapawn(board)``
    reads a board string (White to move unless ``to_move="black"``).

    >>> h = Hexapawn(3, 3)
    >>> print(h)
    BBB
    ...
    WWW
    >>> h.winner(), Hexapawn(3, 3, pawn="berolina_plus").winner()
    ('black', 'white')
    >>> Hexapawn("B.B|.W.|W.W", to_move="black").winner()
    'white'
    """

    __slots__ = ("_bits", "columns", "misere", "pawn", "rows", "white_to_move")

    def __init__(
        self,
        columns: int | str,
        rows: int | None = None,
        pawn: str = "normal",
        misere: bool = False,
        *,
        to_move: str = "white",
    ) -> None:
        if pawn not in PAWN_TYPES:
            raise InvalidPosition(
                f"unknown pawn type {pawn!r}: expected 'normal', 'berolina' or 'berolina_plus'"
            )
        if to_move not in ("white", "black"):
            raise InvalidPosition(f"to_move must be 'white' or 'black', got {to_move!r}")
        if not isinstance(misere, bool):
            raise WrongType(f"misere must be True or False, not {misere!r}")
        self.pawn = pawn
        self.misere = misere
        self.white_to_move = to_move == "white"
        self._bits: tuple[int, int] | None
        if isinstance(columns, str):
            if rows is not None:
                raise InvalidPosition("give either a board string or columns and rows, not both")
            self.columns, self.rows, self._bits = _parse_board(columns)
            return
        if isinstance(columns, bool) or not isinstance(columns, int):
            raise InvalidPosition(f"columns must be an int or a board string, got {columns!r}")
        if rows is None:
            raise InvalidPosition("the number of rows is missing")
        if isinstance(rows, bool) or not isinstance(rows, int):
            raise InvalidPosition(f"rows must be an int, got {rows!r}")
        if columns < 1:
            raise InvalidPosition(f"a board needs at least one column, got {columns}")
        if not 2 <= rows <= MAX_ROWS:
            raise InvalidPosition(f"rows must be between 2 and {MAX_ROWS}, got {rows}")
        self.columns = columns
        self.rows = rows
        self._bits = None  # the start position, built on demand

    # --- representation ---------------------------------------------------------------
    def _engine(self) -> Engine:
        if self.columns * self.rows > MAX_CELLS:
            raise InvalidPosition(
                f"a {self.columns} x {self.rows} board is too large to search "
                f"(more than {MAX_CELLS} squares); only the 3-row theory answers it"
            )
        return engine_for(self.columns, self.rows, self.pawn, self.misere)

    def bits(self) -> tuple[int, int]:
        """The two bitboards ``(white, black)``: square ``(c, r)`` is bit ``8c + r``.

        >>> Hexapawn(2, 3).bits()
        (257, 1028)
        """
        if self._bits is None:
            e = self._engine()
            self._bits = (e.start_white, e.start_black)
        return self._bits

    @property
    def to_move(self) -> str:
        """``"white"`` or ``"black"``.

        >>> h = Hexapawn(3, 3)
        >>> h.to_move, h.play(h.moves()[0]).to_move
        ('white', 'black')
        """
        return "white" if self.white_to_move else "black"

    @property
    def is_start(self) -> bool:
        """Whether this is the start position with White to move.

        >>> Hexapawn(4, 4).is_start, Hexapawn("B|.|W").is_start
        (True, True)
        """
        if not self.white_to_move:
            return False
        if self._bits is None:
            return True
        e = self._engine()
        return self._bits == (e.start_white, e.start_black)

    @property
    def board(self) -> str:
        """The board as a string, top row (Black's home) first, rows joined by ``|``.

        A property (the former call ``board()`` still works, with a
        :class:`DeprecationWarning`).

        >>> Hexapawn(3, 3).board
        'BBB|...|WWW'
        """
        return CallableStr(self._board(), "Hexapawn.board")

    def _board(self) -> str:
        w, b = self.bits()
        rows = []
        for r in reversed(range(self.rows)):
            line = []
            for c in range(self.columns):
                bit = 1 << (8 * c + r)
                line.append("W" if w & bit else "B" if b & bit else ".")
            rows.append("".join(line))
        return "|".join(rows)

    def __str__(self) -> str:
        return self._board().replace("|", "\n")

    def __repr__(self) -> str:
        extra = "" if self.pawn == "normal" else f", pawn={self.pawn!r}"
        extra += ", misere=True" if self.misere else ""
        extra += "" if self.white_to_move else ", to_move='black'"
        if self._bits is None:
            return f"Hexapawn({self.columns}, {self.rows}{extra})"
        return f"Hexapawn({self._board()!r}{extra})"

    def _draw_svg(self) -> str:
        """The board as a picture: Black's home row on top, files and ranks
        labelled, the side to move named underneath.

        >>> svg = Hexapawn(3, 3)._repr_svg_()
        >>> svg.count('class="pawn white"'), svg.count('class="pawn black"')
        (3, 3)
        """
        from ..._svg import document, num

        cell, edge = 36, 18
        w, b = self.bits()
        body = []
        for r in range(self.rows):
            y = edge + (self.rows - 1 - r) * cell
            body.append(
                f'<text x="{edge / 2}" y="{y + cell / 2}" dy="0.35em" font-size="11" '
                f'text-anchor="middle">{r + 1}</text>'
            )
            for c in range(self.columns):
                x = edge + c * cell
                shade = "#b58863" if (r + c) % 2 == 0 else "#f0d9b5"
                body.append(
                    f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{shade}"/>'
                )
                bit = 1 << (8 * c + r)
                if (w | b) & bit:
                    white = bool(w & bit)
                    body.append(_pawn(x + cell / 2, y + cell / 2, cell, white))
        for c in range(self.columns):
            body.append(
                f'<text x="{edge + c * cell + cell / 2}" y="{edge + self.rows * cell + 12}" '
                f'font-size="11" text-anchor="middle">{file_name(c)}</text>'
            )
        width = 2 * edge + self.columns * cell
        height = edge + self.rows * cell + 34
        mover = "White" if self.white_to_move else "Black"
        body.append(
            f'<text x="{num(width / 2)}" y="{height - 4}" font-size="11" '
            f'text-anchor="middle">{mover} to move</text>'
        )
        return document(width, height, body, background="white")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hexapawn):
            return NotImplemented
        return (
            self.columns == other.columns
            and self.rows == other.rows
            and self.pawn == other.pawn
            and self.misere == other.misere
            and self.white_to_move == other.white_to_move
            and self.bits() == other.bits()
        )

    def __hash__(self) -> int:
        return hash((self.columns, self.rows, self.pawn, self.misere, self.white_to_move))

    def _with(self, white: int, black: int, white_to_move: bool) -> Hexapawn:
        h = object.__new__(Hexapawn)
        h.columns, h.rows, h.pawn, h.misere = self.columns, self.rows, self.pawn, self.misere
        h.white_to_move = white_to_move
        h._bits = (white, black)
        return h

    # --- moves ---------------------------------------------------------------------------
    def _children(self) -> list[tuple[HexapawnMove, int, int]]:
        e = self._engine()
        w, b = self.bits()
        return [
            (HexapawnMove(_bit_square(o), _bit_square(t), cap), nw, nb)
            for o, t, cap, nw, nb in e.children(w, b, self.white_to_move)
        ]

    def moves(self) -> list[HexapawnMove]:
        """Every legal move of the side to move, captures first.

        >>> [str(m) for m in Hexapawn(2, 3, pawn="berolina").moves()]
        ['a1-b2', 'b1-a2']
        """
        return [m for m, _w, _b in self._children()]

    def promotes(self, move: HexapawnMove) -> bool:
        """Whether ``move`` reaches the far row.

        >>> h = Hexapawn("B.|.W|..")
        >>> h.promotes(h.moves()[0])
        True
        """
        return move.target[1] == (self.rows - 1 if self.white_to_move else 0)

    def play(self, move: HexapawnMove | str) -> Hexapawn:
        """The position after ``move`` (a :class:`HexapawnMove` or its notation).

        >>> print(Hexapawn(3, 3).play("b1-b2"))
        BBB
        .W.
        W.W
        """
        if not self._children():
            raise InvalidPosition("the game is over: no move can be played")
        wanted = str(move)
        for m, nw, nb in self._children():
            if str(m) == wanted:
                return self._with(nw, nb, not self.white_to_move)
        raise InvalidPosition(
            f"{wanted!r} is not a legal move for {self.to_move} in {self._board()!r}"
        )

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: the side to move has no move.

        (Promotion ends the game at once, so boards with a pawn on its far row
        are rejected when read.)  A property, as every ``is_*`` predicate; the
        former call ``is_over()`` still works, with a :class:`DeprecationWarning`.

        >>> Hexapawn("B|W").is_over, Hexapawn(3, 3).is_over
        (True, False)
        """
        return flag(not self._children(), "Hexapawn.is_over")

    # --- solving ---------------------------------------------------------------------------
    def _theory_applies(self) -> bool:
        return self.rows == 3 and self.pawn == "normal" and not self.misere and self.is_start

    def outcome(
        self,
        method: Literal["auto", "search", "theory"] = "auto",
        *,
        progress: bool | None = None,
    ) -> Outcome:
        """``Outcome.N`` if the side to move wins with perfect play, else ``Outcome.P``.

        Under the ruleset's own ending (promotion or a stalemated opponent;
        the misère ending for ``misere=True``).  From the start position
        White moves first, so ``N`` means White wins and ``P`` Black wins.
        ``method`` as for :meth:`winner`; a search longer than two seconds
        shows a progress bar (see :mod:`cgt.progress`) unless
        ``progress=False``.

        >>> Hexapawn(3, 3).outcome(), Hexapawn(4, 3).outcome()
        (Outcome.P, Outcome.N)
        >>> Hexapawn("B.B|.W.|W.W", to_move="black").outcome()    # Black to move loses
        Outcome.P
        """
        if method not in ("auto", "search", "theory"):
            raise InvalidPosition(f"method must be 'auto', 'search' or 'theory', got {method!r}")
        _progress.check_flag(progress)
        if method == "theory" or (method == "auto" and self._theory_applies()):
            if not self._theory_applies():
                raise InvalidPosition(
                    "the theory covers only the start position on three rows "
                    "with normal pawns and normal rules"
                )
            return three_row_winner(self.columns).outcome
        return Outcome.N if self._mover_wins(progress) else Outcome.P

    def _mover_wins(self, progress: bool | None = None) -> bool:
        w, b = self.bits()
        return self._engine().solve(w, b, self.white_to_move, progress=progress)

    def winner(
        self,
        method: Literal["auto", "search", "theory"] = "auto",
        *,
        progress: bool | None = None,
    ) -> OutcomeWord:
        """``"white"`` or ``"black"``: who wins with perfect play.

        ``method="auto"`` uses the certified three-row theory for the start
        position on three rows (normal pawns and rules), and the exact search
        otherwise; ``"search"`` and ``"theory"`` force one of them.

        The word is a :class:`cgt.OutcomeWord`: a ``str`` that also knows (and
        equals) the :class:`cgt.Outcome` of the position, :meth:`outcome`.

        >>> Hexapawn(5, 5).winner(), Hexapawn(5, 5, pawn="berolina").winner()
        ('white', 'black')
        >>> Hexapawn(8, 3).winner(method="search"), Hexapawn(8, 3).winner(method="theory")
        ('white', 'white')
        >>> import cgt
        >>> Hexapawn(3, 3).winner() == cgt.Outcome.P, Hexapawn(3, 3).winner().outcome
        (True, Outcome.P)
        """
        kind = self.outcome(method, progress=progress)
        mover_wins = kind is Outcome.N
        word = "white" if mover_wins == self.white_to_move else "black"
        return OutcomeWord(word, kind)

    def wins_for_mover(self) -> bool:
        """Whether the side to move wins (exact search).

        .. deprecated:: 0.1
           Use ``outcome() == cgt.Outcome.N`` (the one vocabulary for who wins).

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     Hexapawn(4, 3).wins_for_mover()
        True
        """
        warnings.warn(
            "Hexapawn.wins_for_mover() is deprecated: use outcome() == cgt.Outcome.N "
            "(outcome() is Outcome.N when the side to move wins, Outcome.P when it loses)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._mover_wins()

    def winning_moves(self) -> list[HexapawnMove]:
        """The moves that win for the side to move (empty if it loses).

        >>> [str(m) for m in Hexapawn(4, 4).winning_moves()]
        ['a1-a2', 'd1-d2']
        """
        e = self._engine()
        out = []
        for m, nw, nb in self._children():
            if self.promotes(m):
                if not self.misere:
                    out.append(m)
                continue
            if not e.solve(nw, nb, not self.white_to_move):
                out.append(m)
        if self.misere and not out and not self._children():
            return []
        return out

    def game_length(self) -> int:
        """Plies left when the winner hurries and the loser delays the end.

        >>> Hexapawn(3, 3).game_length()
        6
        """
        w, b = self.bits()
        return self._engine().length(w, b, self.white_to_move)

    def principal_variation(self) -> list[HexapawnMove]:
        """A line of best play: the winner wins fastest, the loser resists longest.

        >>> [str(m) for m in Hexapawn(3, 3).principal_variation()]
        ['b1-b2', 'a3xb2', 'c1xb2', 'c3-c2', 'a1-a2', 'c2-c1']
        """
        line: list[HexapawnMove] = []
        pos = self
        e = self._engine()
        while True:
            kids = pos._children()
            if not kids:
                return line
            if pos.misere:
                if all(pos.promotes(m) for m, _w, _b in kids):
                    return [*line, kids[0][0]]
            else:
                for m, _w, _b in kids:
                    if pos.promotes(m):
                        return [*line, m]
            target = pos.game_length()
            mover_wins = pos._mover_wins()
            for m, nw, nb in kids:
                if pos.misere and pos.promotes(m):
                    continue
                child_wins = e.solve(nw, nb, not pos.white_to_move)
                if child_wins == mover_wins:
                    continue
                if 1 + e.length(nw, nb, not pos.white_to_move) == target:
                    line.append(m)
                    pos = pos._with(nw, nb, not pos.white_to_move)
                    break
            else:  # pragma: no cover - the length table guarantees a move
                raise AssertionError("no move realises the game length")

    def search_stats(self) -> SearchStats:
        """Positions stored and expanded so far by this board's shared engine.

        >>> h = Hexapawn(3, 3)
        >>> h.winner(method="search")
        'black'
        >>> h.search_stats().positions > 0
        True
        """
        e = self._engine()
        return SearchStats(e.positions, e.nodes)


def _pawn(x: float, y: float, cell: int, white: bool) -> str:
    """A pawn's silhouette (head, neck and base) centred at ``(x, y)``."""
    from ..._svg import num

    u = cell / 36
    fill, line = ("#ffffff", "#222222") if white else ("#222222", "#dddddd")
    colour = "white" if white else "black"
    return (
        f'<g class="pawn {colour}" fill="{fill}" stroke="{line}" stroke-width="1.2">'
        f'<path d="M{num(x - 10 * u)},{num(y + 12 * u)} h{num(20 * u)} '
        f'l{num(-5 * u)},{num(-12 * u)} h{num(-10 * u)} z"/>'
        f'<circle cx="{num(x)}" cy="{num(y - 5 * u)}" r="{num(6 * u)}"/></g>'
    )


def _parse_board(text: str) -> tuple[int, int, tuple[int, int]]:
    raw = text.replace("\n", "|").strip("|")
    lines = [line.strip() for line in raw.split("|")]
    if not lines or not lines[0]:
        raise InvalidPosition(f"empty board string {text!r}")
    columns = len(lines[0])
    rows = len(lines)
    if not 2 <= rows <= MAX_ROWS:
        raise InvalidPosition(f"a board needs 2 to {MAX_ROWS} rows, got {rows} in {text!r}")
    white = black = 0
    for i, line in enumerate(lines):
        r = rows - 1 - i
        if len(line) != columns:
            raise InvalidPosition(
                f"row {i + 1} from the top has {len(line)} squares, expected {columns}: {text!r}"
            )
        for c, ch in enumerate(line):
            bit = 1 << (8 * c + r)
            if ch in "Ww":
                if r == rows - 1:
                    raise InvalidPosition(
                        f"white pawn on its promotion row at {file_name(c)}{r + 1}: "
                        "the game would already be over"
                    )
                white |= bit
            elif ch in "Bb":
                if r == 0:
                    raise InvalidPosition(
                        f"black pawn on its promotion row at {file_name(c)}{r + 1}: "
                        "the game would already be over"
                    )
                black |= bit
            elif ch != ".":
                raise InvalidPosition(
                    f"unexpected {ch!r} at {file_name(c)}{r + 1} (row {i + 1} from the top, "
                    f"column {c + 1}) in {text!r}: use W, B or ."
                )
    return columns, rows, (white, black)
