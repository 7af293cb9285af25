"""Progress and Ctrl-C in the loopy searches (issue 28 item 6): building a game
graph, its retrograde analysis and the search for sides show a bar once they
run long, stay silent when asked, and a Ctrl-C in the middle leaves nothing
half done (the sides found so far are all right, and the search runs again)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cgt
from cgt import progress
from cgt.games import BackslidingToadsAndFrogs, FoxAndGeese
from cgt.loopy import (
    LoopyGame,
    SidedValue,
    SidesNotFound,
    analyse,
    game_graph,
    on,
    over,
    sided,
    sides,
)

from .test_loopy_sided import _check
from .test_progress import _Interrupt, eager  # noqa: F401 - eager is a fixture
from .tools.interrupt import interrupt_after, needs_timer

try:
    import tqdm
except ImportError:  # pragma: no cover - CI installs the 'progress' extra
    tqdm = None

needs_tqdm = pytest.mark.skipif(tqdm is None, reason="tqdm is not installed")

FOX = FoxAndGeese(".x.x|....|....|....|....|o...")  # 648 positions
STRIP = "tt..ff"  # sides * & *, found in a fraction of a second


@pytest.fixture
def quick(request: pytest.FixtureRequest) -> Iterator[None]:
    """tests/test_progress.py's ``eager`` (bars open at once, the clock read at
    every step), and no sides remembered from earlier searches."""
    request.getfixturevalue("eager")
    sided._ONSIDES.clear()
    yield
    sided._ONSIDES.clear()


NAMES = ["game graph", "retrograde analysis", "sides of a loopy game", "simplest form"]


def _strip_value() -> LoopyGame:
    g = BackslidingToadsAndFrogs(STRIP).value()
    assert isinstance(g, LoopyGame)
    return g


def _searches() -> dict[str, Callable[[], Any]]:
    graph = game_graph(FOX)[0]
    return {
        "game graph": lambda: game_graph(FOX)[0],
        "retrograde analysis": lambda: analyse(graph)[0],
        "sides of a loopy game": lambda: sides(_strip_value()),
        # a new LoopyGame each time: a game keeps its simplest form once found
        "simplest form": lambda: LoopyGame(graph).canonical().graph,
    }


def _expected() -> dict[str, Any]:
    with cgt.set_progress(False):
        graph = game_graph(FOX)[0]
        star = LoopyGame.of(cgt.star)
        return {
            "game graph": graph,
            "retrograde analysis": analyse(graph)[0],
            # checked independently of the search: the naive fixpoint below
            "sides of a loopy game": SidedValue(star, star),
            # the position is over: checked below by comparisons, not simplest forms
            "simplest form": over.canonical().graph,
        }


def test_the_expected_values_are_right() -> None:
    _check(_strip_value(), _expected()["sides of a loopy game"])
    fox = LoopyGame(game_graph(FOX)[0])
    assert fox >= over and over >= fox  # by product graphs (Siegel VI), no simplest form


@needs_tqdm
@pytest.mark.parametrize("name", NAMES)
def test_a_long_loopy_search_shows_a_bar(
    name: str, quick: None, capsys: pytest.CaptureFixture[str]
) -> None:
    search = _searches()[name]
    capsys.readouterr()
    result = search()
    err = capsys.readouterr().err
    assert result == _expected()[name]
    assert name in err, err
    assert re.search(r"\d[kMG]?(pos|state|step|pair)/s", err), err  # a rate
    assert progress.outermost() is None


@pytest.mark.parametrize("name", NAMES)
def test_progress_false_keeps_a_loopy_search_silent(
    name: str, quick: None, capsys: pytest.CaptureFixture[str]
) -> None:
    search = _searches()[name]
    capsys.readouterr()
    with cgt.set_progress(False):
        result = search()
    assert capsys.readouterr().err == ""
    assert result == _expected()[name]


def test_nested_searches_open_no_bar_of_their_own(quick: None) -> None:
    # the sides search analyses many graphs: they report to its bar, not their own
    opened: list[str] = []
    original = progress.Tracker.__init__

    def init(tracker: progress.Tracker, desc: str, **kwargs: Any) -> None:
        opened.append(desc)
        original(tracker, desc, **kwargs)

    analysed: list[int] = []
    real_analyse = sided.analyse  # type: ignore[attr-defined]

    def counting(graph: Any) -> Any:
        analysed.append(graph.size)
        return real_analyse(graph)

    g = _strip_value()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(progress.Tracker, "__init__", init)
        mp.setattr(sided, "analyse", counting)
        sides(g)
    # the onside's search and the offside's; then SidedValue checks onside >= offside
    assert opened[:2] == ["sides of a loopy game"] * 2
    assert set(opened[2:]) <= {"retrograde analysis"} and len(opened) <= 4
    assert len(analysed) > len(opened)  # the searches' own analyses opened nothing


def _remembered_sides_are_right() -> None:
    """Every onside remembered is the one a fresh search finds (or both fail)."""
    for graph, found in list(sided._ONSIDES.items()):
        sided._ONSIDES.pop(graph)
        try:
            fresh: LoopyGame | str = sided._sidle(graph)
        except SidesNotFound as err:
            fresh = str(err)
        assert fresh == found


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("at", [1, 5, 40])
def test_ctrl_c_mid_loopy_search(
    name: str, at: int, quick: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if at > 1 and tqdm is None:  # without a bar the search stops reporting after one update
        pytest.skip("tqdm is not installed")
    search = _searches()[name]
    expected = _expected()[name]
    # a search with fewer checkpoints (the simplest form of a graph this size is found
    # on arrays, one checkpoint a level) is interrupted at its last one instead
    counter = _Interrupt(0)  # counts, never raises
    monkeypatch.setattr(progress.Tracker, "update", counter.method())
    search()
    sided._ONSIDES.clear()
    assert counter.calls >= 5
    at = min(at, counter.calls)
    interrupt = _Interrupt(at)
    monkeypatch.setattr(progress.Tracker, "update", interrupt.method())
    with pytest.raises(KeyboardInterrupt):
        search()
    assert interrupt.calls == at
    assert progress.outermost() is None  # nothing is left tracking
    if tqdm is not None:
        assert not [bar for bar in tqdm.tqdm._instances if not bar.disable]
    monkeypatch.setattr(progress.Tracker, "update", interrupt.original)
    _remembered_sides_are_right()
    assert search() == expected


@needs_timer
@pytest.mark.parametrize("fraction", [0.1, 0.4, 0.8])
def test_a_real_ctrl_c_signal_mid_sides_search(fraction: float, quick: None) -> None:
    # SIGPROF after a fraction of the search's own CPU time, its handler raising
    # KeyboardInterrupt as Ctrl-C does (see tests/tools/interrupt.py)
    g = _strip_value()
    sides(g)  # the first search fills the caches of g's values; time a second one
    sided._ONSIDES.clear()
    start = time.process_time()
    sides(g)
    took = time.process_time() - start
    # a search that ends before its interrupt (a faster run than the timed one) is
    # made again with an earlier one, at most three times
    for attempt in range(3):
        sided._ONSIDES.clear()
        if interrupt_after(max(fraction * took / 2**attempt, 1e-3), lambda: sides(g)) is not None:
            break
    else:
        pytest.fail("no attempt was interrupted in the sides search")
    assert progress.outermost() is None
    _remembered_sides_are_right()
    assert sides(g) == _expected()["sides of a loopy game"]


def test_the_offside_search_of_tt_t__ff_ends_with_off() -> None:
    # Backsliding tt.t..ff: sidling on values went down -1, -2, ... for ever towards
    # the positions of -G whose onside is off, and gave up (SidesNotFound) after
    # its budget; those positions now start at off (issue 33).  Its onside is on,
    # checked exactly: G+ >= on; tests/test_loopy_sided.py checks the offside.
    sided._ONSIDES.clear()
    g = BackslidingToadsAndFrogs("tt.t..ff").value()
    assert isinstance(g, LoopyGame) and not g.is_stopper
    assert sided.onside_ge(g, on)
    with cgt.set_progress(False):
        assert sides(g) == SidedValue(on, on)
    assert str(g) == "on & on"
