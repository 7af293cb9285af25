"""Pickles written by 1de27f0 (the commit before issue 27's work) load in this tree.

``tests/data/pickles_1de27f0.pickle`` is a dict ``label -> pickle bytes`` that
``tests/tools/pickle_corpus.py`` wrote in a checkout of 1de27f0: short games,
dyadics, outcomes, loopy games, sided values, misère forms, thermographs, one
position of every ruleset of :mod:`cgt.games` (pickled under the module paths
1de27f0 had, which moved classes must keep resolving), a ``Sum`` and every
exception class of :mod:`cgt.errors`.  ``pickles_1de27f0.json`` holds the
``repr`` and ``str`` each object had there.

Each pickle is loaded here, and compared with the same object built by this
tree (:func:`tests.tools.pickle_corpus.corpus`): equal (and, for interned
values, the very same object) where the type defines equality, else the same
type, arguments and text; and its ``repr``/``str`` must be what 1de27f0
printed.

The file is our own test data, written by the script above from this
repository's code.  Loading a pickle runs code named in it, so ``cgt`` itself
never reads pickles from anywhere (its store keeps values as text); only this
test loads these bytes, which we made.
"""

from __future__ import annotations

import enum
import json
import pathlib
import pickle
from typing import Any

import pytest

import cgt
from tests.tools.pickle_corpus import corpus

DATA = pathlib.Path(__file__).resolve().parent / "data"
BLOBS: dict[str, bytes] = pickle.loads((DATA / "pickles_1de27f0.pickle").read_bytes())
TEXTS: dict[str, dict[str, str]] = json.loads(
    (DATA / "pickles_1de27f0.json").read_text(encoding="utf-8")
)
NOW: dict[str, Any] = corpus()


def _defines_equality(obj: Any) -> bool:
    classes = type(obj).__mro__[:-1]  # not object's identity
    return any("__eq__" in vars(k) for k in classes) and not isinstance(obj, BaseException)


# Objects whose text changed on purpose since 1de27f0: label -> (why, the text now).
# Their old pickles still load and print as they did; a new one prints the new text.
TEXT_CHANGED = {
    "Hackenbush": (
        "issue 28: a graph position prints the user's node names, not internal numbers",
        "graph 0-1:L, 1-2:R, 0-2:G (ground 0)",
    ),
}


def test_the_corpus_is_the_same_list_here() -> None:
    # error classes added since 1de27f0 (so not in its corpus) are the only new labels
    new = {label for label in NOW if label not in BLOBS}
    assert all(label.startswith("errors.") for label in new), new
    assert set(BLOBS) == set(TEXTS) == set(NOW) - new
    import cgt.errors as errors

    classes = {f"errors.{n}" for n, c in vars(errors).items() if isinstance(c, type)}
    assert {label for label in BLOBS if label.startswith("errors.")} <= classes
    assert len(BLOBS) > 80


@pytest.mark.parametrize("label", sorted(BLOBS))
def test_a_pickle_of_1de27f0_loads(label: str) -> None:
    loaded = pickle.loads(BLOBS[label])
    # repr first, as the corpus script did: Hexapawn's repr names the start
    # position by its size only until str() has built the board
    assert repr(loaded) == TEXTS[label]["repr"]
    rebuilt = NOW[label]
    assert type(loaded) is type(rebuilt)
    if _defines_equality(rebuilt):
        assert loaded == rebuilt
        assert hash(loaded) == hash(rebuilt) or type(rebuilt).__hash__ is None
        if isinstance(rebuilt, cgt.Game):  # interned: equal values are one object
            assert loaded is rebuilt
    elif isinstance(rebuilt, enum.Enum):
        assert loaded is rebuilt
    elif isinstance(rebuilt, BaseException):
        assert loaded.args == rebuilt.args
        assert vars(loaded) == vars(rebuilt)
    if label in TEXT_CHANGED:
        assert str(loaded) == TEXTS[label]["str"] != str(rebuilt) == TEXT_CHANGED[label][1]
    else:
        assert str(loaded) == str(rebuilt) == TEXTS[label]["str"]
