"""Misère Hexapawn on three rows as a sum of column blocks.

Under misère rules promoting loses and a player with no move on their turn
wins.  This module splits a three-row board into *blocks* and decides sums
of blocks exactly; it is an independent model of the rules, checked in the
tests against the compiled search (``Hexapawn(..., misere=True)``).

**Blocks.**  A pawn enters another column only by capturing, and a capture
needs an enemy pawn there, so a column that is empty stays empty: empty
columns split the board into independent blocks for the rest of the game.
A block is a tuple of columns, each a three-character string read from
White's side (``"W.B"``: White's pawn on rank 1, Black's on rank 3), and is
always seen with **White to move**: after a move the whole sum is
colour-swapped (:func:`colour_swap`: ranks reversed, colours exchanged), so
the next mover is again "White".

**Promotion.**  A promotion ends the game and the promoter loses, so it is
not a move of an ordinary disjunctive sum.  It is never worth playing while
a non-promoting move exists (that move cannot do worse than losing at once),
so it matters only when the mover has no other move anywhere: then the mover
loses if some block offers them a promotion and wins (the misère ending) if
none does.  :func:`block_options` therefore returns a block's
non-promoting options together with a flag "the mover could promote here",
and :func:`sum_outcome` applies that rule once, at the end.

**Not impartial.**  The blocks are partisan: a block and its colour swap
(the same block with the other side to move) can have different outcomes,
and 20 of the 38 blocks that arise from ``P(3)`` do; see
:func:`partisan_blocks`.  The misère
quotient of impartial games (:mod:`cgt.impartial.quotient`) needs every
component to offer both players the same options, so it does not apply to
these blocks as they stand (even the start position ``P(n)``, which is
colour-symmetric, becomes partisan after one move).  What this module offers
is the exact sum solver, memoised on multisets of canonical blocks.

>>> sum_outcome(board_blocks("BBB|...|WWW"))      # 3 x 3, White to move
Outcome.P
>>> three_row_misere_winner(2)
'white'
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...errors import InvalidPosition
from ...game import Outcome, OutcomeWord

__all__ = [
    "MisereBlock",
    "block_moves",
    "block_options",
    "block_quotient",
    "board_blocks",
    "canonical_block",
    "colour_swap",
    "is_colour_symmetric",
    "partisan_blocks",
    "reachable_blocks",
    "sum_outcome",
    "three_row_misere_winner",
]

#: A block: columns read from White's side, ``"W"``, ``"B"`` or ``"."`` per rank.
MisereBlock = tuple[str, ...]

_SWAP = str.maketrans("WB", "BW")


def colour_swap(block: MisereBlock) -> MisereBlock:
    """The block seen from the other side: ranks reversed, colours exchanged.

    ``colour_swap(b)`` with White to move is ``b`` with Black to move.

    >>> colour_swap(("W.B", ".WB"))
    ('W.B', 'WB.')
    """
    return tuple(col[::-1].translate(_SWAP) for col in block)


def canonical_block(block: MisereBlock) -> MisereBlock:
    """The lesser of a block and its left-right mirror image (same game).

    >>> canonical_block(("WB.", "W.B"))
    ('W.B', 'WB.')
    """
    mirror = tuple(reversed(block))
    return min(block, mirror)


def is_colour_symmetric(block: MisereBlock) -> bool:
    """Whether the block is the same game whichever side is to move.

    >>> is_colour_symmetric(("W.B",) * 4), is_colour_symmetric(("W.B", ".WB"))
    (True, False)
    """
    return canonical_block(colour_swap(block)) == canonical_block(block)


def _split(columns: list[str]) -> list[MisereBlock]:
    out: list[MisereBlock] = []
    cur: list[str] = []
    for col in columns:
        if col == "...":
            if cur:
                out.append(tuple(cur))
                cur = []
        else:
            cur.append(col)
    if cur:
        out.append(tuple(cur))
    return out


def board_blocks(board: str, to_move: str = "white") -> tuple[MisereBlock, ...]:
    """The blocks of a three-row board, canonical and seen with White to move.

    ``board`` is a Hexapawn board string (top row first, rows separated by
    ``|``); with ``to_move="black"`` every block is colour-swapped.

    >>> board_blocks("BB.B|....|WW.W")
    (('W.B',), ('W.B', 'W.B'))
    """
    if to_move not in ("white", "black"):
        raise InvalidPosition(f"to_move must be 'white' or 'black', got {to_move!r}")
    rows = board.replace("\n", "|").split("|")
    if len(rows) != 3 or len({len(r) for r in rows}) != 1 or not rows[0]:
        raise InvalidPosition(f"a three-row board of equal rows is expected, got {board!r}")
    if set("".join(rows)) - set("WB."):
        raise InvalidPosition(f"squares must be 'W', 'B' or '.', got {board!r}")
    if "W" in rows[0] or "B" in rows[2]:
        raise InvalidPosition(f"a pawn stands on its promotion rank in {board!r}")
    columns = ["".join(rows[2 - r][c] for r in range(3)) for c in range(len(rows[0]))]
    blocks = _split(columns)
    if to_move == "black":
        blocks = [colour_swap(b) for b in blocks]
    return tuple(sorted(canonical_block(b) for b in blocks))


@cache
def block_options(block: MisereBlock) -> tuple[tuple[tuple[MisereBlock, ...], ...], bool]:
    """White's non-promoting options in a block, and whether White could promote.

    Each option is the tuple of canonical blocks it leaves, colour-swapped
    (so that the next mover is again "White"); blocks with no move for
    either side are dropped (they never change and offer no promotion).

    >>> block_options(("W.B",))     # one option: the column is blocked, nothing is left
    (((),), False)
    >>> block_options((".WB", "W.B"))     # the rank-2 pawn could only promote
    (((('WB.', 'WB.'),),), True)
    """
    n = len(block)
    cols = [list(c) for c in block]
    opts: set[tuple[MisereBlock, ...]] = set()
    promotes = False
    for c in range(n):
        for r in (0, 1):
            if cols[c][r] != "W":
                continue
            targets = [(c, r + 1)] if cols[c][r + 1] == "." else []
            targets += [
                (c + d, r + 1) for d in (-1, 1) if 0 <= c + d < n and cols[c + d][r + 1] == "B"
            ]
            for tc, tr in targets:
                if tr == 2:
                    promotes = True
                    continue
                new = [list(x) for x in cols]
                new[c][r] = "."
                new[tc][tr] = "W"
                parts = _split(["".join(x) for x in new])
                live = (canonical_block(colour_swap(p)) for p in parts)
                opts.add(tuple(sorted(p for p in live if not _dead(p))))
    return tuple(sorted(opts)), promotes


@cache
def _dead(block: MisereBlock) -> bool:
    """No move and no promotion for either side: the block never matters."""
    return block_options(block) == ((), False) and block_options(
        canonical_block(colour_swap(block))
    ) == ((), False)


@cache
def _mover_wins(blocks: tuple[MisereBlock, ...]) -> bool:
    any_move = any_promotion = False
    swapped = [canonical_block(colour_swap(b)) for b in blocks]
    for i, b in enumerate(blocks):
        if i and blocks[i - 1] == b:
            continue
        opts, promotes = block_options(b)
        any_promotion |= promotes
        rest = swapped[:i] + swapped[i + 1 :]
        for o in opts:
            any_move = True
            if not _mover_wins(tuple(sorted(rest + list(o)))):
                return True
    if any_move:
        return False
    return not any_promotion  # stuck: promoting loses, having no move wins


def sum_outcome(blocks: tuple[MisereBlock, ...] | list[MisereBlock]) -> Outcome:
    """Misère outcome of a sum of blocks, White to move: ``N`` if the mover wins.

    >>> sum_outcome([("W.B",), ("W.B",)]), sum_outcome([("W.B",)])
    (Outcome.N, Outcome.P)
    """
    key = []
    for b in blocks:
        if not isinstance(b, tuple) or not all(isinstance(c, str) and len(c) == 3 for c in b):
            raise InvalidPosition(f"a block is a tuple of three-character columns, got {b!r}")
        if any(set(c) - set("WB.") or c[2] == "W" or c[0] == "B" for c in b):
            raise InvalidPosition(f"bad column in block {b!r}")
        key.append(canonical_block(b))
    live = tuple(sorted(b for b in key if b and not _dead(b)))
    return Outcome.N if _mover_wins(live) else Outcome.P


def three_row_misere_winner(n: int) -> OutcomeWord:
    """Who wins misère ``3 x n`` Hexapawn (White moves first), by the block model.

    Exact but exponential: ``n = 7`` takes seconds, ``n = 8`` about half a minute.

    >>> [three_row_misere_winner(n)[0].upper() for n in range(1, 6)]
    ['B', 'W', 'B', 'B', 'B']
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidPosition(f"a board needs a positive int number of columns, got {n!r}")
    if sum_outcome([("W.B",) * n]) is Outcome.N:
        return OutcomeWord("white", Outcome.N)
    return OutcomeWord("black", Outcome.P)


def reachable_blocks(n: int) -> list[MisereBlock]:
    """Every block that arises (with either side to move) in play from ``P(n)``.

    Sorted by width, then as tuples; promotions end the game and add none.

    >>> len(reachable_blocks(3)), reachable_blocks(3)[:3]
    (38, [('.BB',), ('W.B',), ('WW.',)])
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidPosition(f"n must be a positive int, got {n!r}")
    seen: set[MisereBlock] = set()
    frontier: list[MisereBlock] = [("W.B",) * n]
    while frontier:
        b = frontier.pop()
        if b in seen:
            continue
        seen.add(b)
        for option in block_options(b)[0]:
            frontier.extend(option)
    return sorted(seen, key=lambda b: (len(b), b))


def partisan_blocks(n: int) -> list[MisereBlock]:
    """The blocks reachable from ``P(n)`` whose outcome depends on who moves.

    For each such block ``b``, ``sum_outcome([b])`` differs from
    ``sum_outcome([colour_swap(b)])`` (``b`` with Black to move): no
    impartial game has that property, so these blocks are not impartial.

    >>> partisan_blocks(3)[:2]
    [('.BB',), ('WW.',)]
    """
    return [b for b in reachable_blocks(n) if sum_outcome([b]) != sum_outcome([colour_swap(b)])]


def block_moves(block: MisereBlock) -> tuple[list[Any], list[Any]]:
    """A block as a partizan game (Left is White, Right is Black), promotions as losing moves.

    Returns ``(left_moves, right_moves)`` as
    :func:`cgt.misere.partizan_quotient_of` reads them: each move the tuple of
    canonical blocks it leaves (seen as they stand, not colour-swapped), and
    :data:`cgt.misere.LOSING_MOVE` where the player could promote.

    >>> block_moves((".BB",))      # White has no move; Black's only move promotes
    ([], [LOSING_MOVE])
    >>> block_moves(("W.B", "W.B"))       # White advances: ".WB"; Black: "WB."
    ([(('.WB', 'W.B'),)], [(('W.B', 'WB.'),)])
    """
    from ...misere.quotient import LOSING_MOVE

    white, white_promotes = block_options(block)
    left: list[Any] = [tuple(canonical_block(colour_swap(b)) for b in o) for o in white]
    black, black_promotes = block_options(canonical_block(colour_swap(block)))
    right: list[Any] = [tuple(o) for o in black]
    if white_promotes:
        left.append(LOSING_MOVE)
    if black_promotes:
        right.append(LOSING_MOVE)
    return left, right


def block_quotient(blocks: Any, **bounds: int) -> Any:
    """The partizan misère quotient of some blocks and every block they reach.

    Blocks are taken as they stand with White as Left and Black as Right
    (:func:`block_moves`), so a sum's outcome says who wins with either
    side to move.  ``bounds`` go to :func:`cgt.misere.partizan_quotient_of`
    (``max_order``, ``max_search``, ...), which raises
    :class:`~cgt.errors.TooLarge` with the order reached when the quotient
    is out of reach (already for ``P(2)``).

    >>> q = block_quotient([("..B", "WB.", ".W.")])
    >>> len(q), q.presentation(), q.outcome_partition()["L"]
    (3, 'a^2=a, ab=b, b^2=b', ('b',))
    """
    from ...misere.quotient import partizan_quotient_of

    family = [canonical_block(b) for b in blocks]
    return partizan_quotient_of(family, block_moves, **bounds)
