"""A store written by 1de27f0 (the commit before issue 27's work) reads in this tree.

``tests/data/store_1de27f0.sqlite`` was written by ``tests/tools/store_corpus.py``
in a checkout of 1de27f0: the values of positions of several rulesets (their
rows named ``module.qualname`` by that store, or ``keyed:<name>`` for the
keyed engines) and two surveys' results.  Opened here, the rows are renamed to
the rulesets' stable names, the values are read from the file (store hits, no
new search) and are right: equal to a search without a store and to a brute
force over the whole position.  (``tests/test_store_names.py`` builds such a
file row by row; this one is what 1de27f0's code actually wrote.)
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import cgt
from cgt.games import clear_solver_caches, solver_for
from cgt.store import Store, use_store
from cgt.surveys import domineering_value, octal_period
from tests.tools.store_corpus import POSITIONS, SURVEYED, compute

DATA = Path(__file__).resolve().parent / "data" / "store_1de27f0.sqlite"


def brute(kind: str, position: Any) -> cgt.Game | int:
    """The value from the whole position's options (no components, keys or store),
    memoised by the position's text only."""
    memo: dict[str, Any] = {}

    def value(p: Any) -> Any:
        text = repr(p)
        if text not in memo:
            if kind == "value":
                memo[text] = cgt.Game(
                    [value(o) for o in p.left_options()], [value(o) for o in p.right_options()]
                )
            else:
                seen = {value(o) for o in p.options()}
                memo[text] = next(n for n in range(len(seen) + 1) if n not in seen)
        return memo[text]

    return value(position)  # type: ignore[no-any-return]


def _names(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        query = "SELECT ruleset, count(*) FROM (SELECT ruleset FROM value UNION ALL "
        query += "SELECT ruleset FROM grundy) GROUP BY ruleset"
        return dict(conn.execute(query).fetchall())
    finally:
        conn.close()


def test_the_file_is_as_1de27f0_wrote_it() -> None:
    names = _names(DATA)
    assert "cgt.games.strips.ToadsAndFrogs" in names and "cgt.games.nogo.NoGo" in names
    assert not any(n.startswith("ruleset:") for n in names)


def test_a_store_1de27f0_wrote_reads_with_the_same_values(tmp_path: Path) -> None:
    path = tmp_path / "base.sqlite"
    shutil.copy(DATA, path)
    before = _names(path)
    cgt.clear_caches()
    clear_solver_caches()
    with use_store(path):
        stored = {label: compute(kind, make()) for label, kind, make in POSITIONS}
        for _, _, make in POSITIONS:
            solver = solver_for(type(make()))
            assert solver.store_hits >= 1 and solver.info().misses == 0, type(make())
    clear_solver_caches()
    cgt.clear_caches()
    for label, kind, make in POSITIONS:  # no store: searched again, and by brute force
        assert stored[label] == compute(kind, make()), label
        assert stored[label] == brute(kind, make()), label
    after = _names(path)
    assert sum(after.values()) == sum(before.values())  # rows renamed, none lost or added
    assert not any(n.startswith("cgt.") for n in after), after
    assert Store(path).verify(sample=1.0).ok


def test_the_surveys_1de27f0_stored_read(tmp_path: Path) -> None:
    path = tmp_path / "base.sqlite"
    shutil.copy(DATA, path)
    store = Store(path)
    assert store.survey_results("cgt.surveys.domineering_value") == {
        board: domineering_value(board) for board in SURVEYED
    }
    assert store.survey_results("cgt.surveys.octal_period") == {
        ("0.77", 512): octal_period(("0.77", 512))
    }
