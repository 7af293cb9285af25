"""cgt: combinatorial game theory in typed Python.

Short partizan games in canonical form, their arithmetic and order, numbers,
nimbers and infinitesimals; impartial games; values of real positions.

>>> import cgt
>>> cgt.parse("{-2,1,3|0,1,5}")
{3|0}
>>> g = cgt.parse("{0|*}"); g, g > 0, g < cgt.number("1/64")
(^, True, True)
>>> cgt.star + cgt.nimber(3) + cgt.nimber(5), cgt.parse("2 + (1 + *)")
(*7, 3*)
"""

from __future__ import annotations

from . import (
    _facade,  # noqa: F401  (fills Game's theory table: cgt/_facade.py)
    games,
    impartial,
    loopy,
    ordinal,
    play,
    progress,
    surreal,
)
from ._budget import work_left, work_limit
from ._version import __version__
from .canonical import (
    cache_info,
    cache_limit,
    clear_caches,
    memory_limit,
    set_cache_limit,
    set_memory_limit,
)
from .census import born_by, born_on, hasse_diagram, join, meet
from .dyadic import Dyadic, NotDyadic, simplest_between
from .errors import (
    CGTError,
    DivisionByZero,
    GameTooDeep,
    InvalidArgument,
    InvalidNimber,
    InvalidPosition,
    LoopyPosition,
    MissingExtra,
    NotANumber,
    NotAtomic,
    NotImpartial,
    ParseError,
    PositionProtocolError,
    TooLarge,
    WorkLimitExceeded,
    WrongType,
)
from .game import (
    Game,
    Outcome,
    OutcomeWord,
    Relation,
    down,
    miny,
    nimber,
    number,
    star,
    switch,
    tiny,
    to_game,
    up,
    zero,
)
from .impartial.misere_canonical import MisereGame, parse_misere
from .impartial.quotient import MisereQuotient
from .kernels import compiled
from .notation import parse, set_text_limit, text_limit
from .ordinal import Ordinal
from .play import Move, Player, Sum
from .products import NotPositive
from .progress import set_progress
from .store import Store, StoreError, use_store
from .structure import NotSubordinate
from .surreal import Surreal
from .surveys import survey
from .temperature import TemperatureError
from .thermograph import Thermograph

__all__ = [
    "CGTError",
    "DivisionByZero",
    "Dyadic",
    "Game",
    "GameTooDeep",
    "InvalidArgument",
    "InvalidNimber",
    "InvalidPosition",
    "LoopyPosition",
    "MisereGame",
    "MisereQuotient",
    "MissingExtra",
    "Move",
    "NotANumber",
    "NotAtomic",
    "NotDyadic",
    "NotImpartial",
    "NotPositive",
    "NotSubordinate",
    "Ordinal",
    "Outcome",
    "OutcomeWord",
    "ParseError",
    "Player",
    "PositionProtocolError",
    "Relation",
    "Store",
    "StoreError",
    "Sum",
    "Surreal",
    "TemperatureError",
    "Thermograph",
    "TooLarge",
    "WorkLimitExceeded",
    "WrongType",
    "__version__",
    "born_by",
    "born_on",
    "cache_info",
    "cache_limit",
    "clear_caches",
    "compiled",
    "down",
    "games",
    "hasse_diagram",
    "impartial",
    "join",
    "loopy",
    "meet",
    "memory_limit",
    "miny",
    "nimber",
    "number",
    "ordinal",
    "parse",
    "parse_misere",
    "play",
    "progress",
    "set_cache_limit",
    "set_memory_limit",
    "set_progress",
    "set_text_limit",
    "simplest_between",
    "star",
    "surreal",
    "survey",
    "switch",
    "text_limit",
    "tiny",
    "to_game",
    "up",
    "use_store",
    "work_left",
    "work_limit",
    "zero",
]
