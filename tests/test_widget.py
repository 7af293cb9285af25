"""The board widget (cgt/widget.py; issue 32, "Playing against cgt").

The Python side is checked here directly: the squares of the pictures, the
squares each move changes (against the coordinates in the rulesets' own move
descriptions), clicks that play every move, bad messages.  The front end is
checked in headless Chromium: a page embeds the widget's own ES module with a
small model that sends its messages to the widget object in this process (a
local HTTP server), the same ``state`` anywidget syncs in Jupyter; a click on a
square plays a move and cgt's reply appears in the DOM.  Set ``CGT_SHOTS=<dir>``
to keep the screenshots.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from cgt.cli import RULESETS
from cgt.games import Clobber, Cram, Domineering, Hackenbush, Konane, ToadsAndFrogs
from cgt.play import Player
from cgt.versus import PLAYABLE_KINDS
from cgt.widget import Board, board_cells, move_cells
from tests.tools.browser import CHROMIUM, FLAGS, inked

_PAIR = re.compile(r"\((\d+), (\d+)\)")


def _grid_text(position: Any) -> list[str]:
    return str(position).replace("|", "\n").split("\n")


@pytest.mark.parametrize(
    "position",
    [
        Domineering("..#|...|..."),
        Cram("...|.#."),
        Clobber("xo.|.ox"),
        Clobber("xox|oxo"),
        Konane("xo.o.|.x..x"),
    ],
    ids=str,
)
def test_move_squares_agree_with_the_move_descriptions(position: Any) -> None:
    # the squares a move changes (from the board texts) are the squares its
    # description names (row, column), for both sides
    seen = 0
    for side in (Player.LEFT, Player.RIGHT):
        b = Board(position, human=side, first=side)
        moves = b.state()["moves"]
        seen += len(moves)
        for m in moves:
            named = {(int(r), int(c)) for r, c in _PAIR.findall(m["text"])}
            assert named <= {tuple(c) for c in m["cells"]}, m
            assert named, m
    assert seen


def test_toads_and_frogs_squares() -> None:
    t = ToadsAndFrogs("tt.f.f")
    for o in t.left_options():
        cells = move_cells(t, o)
        # a toad moves right: the square it left held a t and the square it reached is empty
        (r0, a), (r1, b) = cells
        assert r0 == r1 == 0 and a < b
        assert str(t)[a] == "t" and str(t)[b] == "." and str(o)[b] == "t"


PLAYABLE = sorted(n for n, r in RULESETS.items() if r.kind in PLAYABLE_KINDS)
CLICKABLE = {"domineering", "cram", "clobber", "konane", "amazons", "toads-and-frogs", "fission"}


@pytest.mark.parametrize("name", PLAYABLE)
def test_board_pictures_have_their_squares_or_none(name: str) -> None:
    position = RULESETS[name].make(RULESETS[name].example)
    cells = board_cells(position)
    if name in CLICKABLE:
        assert cells
    if not cells:  # played by buttons only
        return
    rows = _grid_text(position)
    assert len(cells) == len(rows) * len(rows[0]), name
    # squares tile a rectangle: equal size, columns left to right, rows top to bottom
    sizes = {(w, h) for (_, _, w, h) in cells.values()}
    assert len(sizes) == 1
    (w, h) = sizes.pop()
    for (r, c), (x, y, _, _) in cells.items():
        assert x == cells[(0, 0)][0] + c * w and y == cells[(0, 0)][1] + r * h
    # every move's squares are squares of the board; clicking them plays a move that changes
    # every square clicked, unless another move changes the very same squares (Amazons: a to b
    # shooting at c, and a to c shooting at b), which is played by its button
    for side in (Player.LEFT, Player.RIGHT):
        moves = Board(position, human=side, first=side).state()["moves"]
        squares = {m["text"]: {tuple(c) for c in m["cells"]} for m in moves}
        for m in moves:
            assert squares[m["text"]] <= set(cells)
            b = Board(position, human=side, first=side)
            clicked = set()
            for r, c in m["cells"]:
                if not b.state()["log"]:
                    b.click(r, c)
                    clicked.add((r, c))
            log = b.state()["log"]
            if not log:
                assert sum(1 for x in squares.values() if x == squares[m["text"]]) > 1, m
                continue
            assert clicked <= squares[log[0].removeprefix("You: ")]


@pytest.mark.parametrize(
    "position",
    [Domineering("...|...|..."), Clobber("xox|oxo"), ToadsAndFrogs("tt..ff"), Cram("...|...")],
    ids=str,
)
def test_clicking_the_squares_of_a_move_plays_it(position: Any) -> None:
    for side in (Player.LEFT, Player.RIGHT):
        moves = Board(position, human=side, first=side).state()["moves"]
        for m in moves:
            b = Board(position, human=side, first=side)
            for r, c in m["cells"]:
                if b.state()["log"]:
                    break
                b.click(r, c)
            log = b.state()["log"]
            assert log and log[0] == f"You: {m['text']}", (m, log)
            # cgt answered when it could
            if len(log) > 1:
                assert log[1].startswith("cgt: ")


def test_a_square_no_move_uses_clears_the_selection() -> None:
    b = Board(Clobber("xo.|.ox"), human="left")
    b.click(0, 0)  # the x at (0, 0) can take the o at (0, 1) only: played at once
    assert b.state()["log"][0] == "You: x (0, 0) takes o at (0, 1)"
    b = Board(Clobber("oxo|..."), human="left")
    b.click(0, 1)  # the x can take either o: wait for the second square
    assert b.state()["selected"] == [[0, 1]] and not b.state()["log"]
    b.click(1, 0)  # an empty square no move uses
    assert b.state()["selected"] == [] and "no move of yours" in b.state()["note"]
    b.click(0, 1)
    b.click(0, 2)
    assert b.state()["log"][0] == "You: x (0, 1) takes o at (0, 2)"


@pytest.mark.parametrize(
    "message",
    [
        None,
        "move",
        {"kind": "move", "index": "0"},
        {"kind": "move", "index": True},
        {"kind": "move", "index": 99},
        {"kind": "cell", "cell": [0]},
        {"kind": "cell", "cell": "0,0"},
        {"kind": "expand", "path": "L9"},
        {"kind": "expand", "path": "X"},
        {"kind": "expand", "path": 3},
        {"kind": "fly"},
    ],
)
def test_bad_messages_change_nothing_and_say_why(message: Any) -> None:
    b = Board(Domineering("...|..."))
    before = b.state()
    b.receive(message)
    after = b.state()
    assert after["note"], message
    assert {k: v for k, v in after.items() if k != "note"} == {
        k: v for k, v in before.items() if k != "note"
    }


def test_the_state_is_json_and_the_panel_is_right() -> None:
    b = Board(Domineering("...|..."), human="right", first="left")
    s = b.state()
    json.dumps(s)
    # cgt (Left) moved first, with its winning move (worth 2: the only one at least 0)
    assert s["log"] == ["cgt: vertical domino on (0, 1) and (1, 1)"]
    assert s["value"] == "2" and s["outcome"] == "L"
    assert s["options"] == {"left": ["1"], "right": []}
    assert s["status"] == "cgt wins: Right (you) have no move." and s["over"]
    assert s["thermograph"].startswith("<svg") and s["moves"] == []
    b.reset()
    assert b.state()["log"] == s["log"]  # cgt moves first again


def test_the_explorer_opens_and_closes_nodes() -> None:
    b = Board(Hackenbush.parse("l(l;rl)"))
    value = b.match.value()
    assert [n["path"] for n in b.state()["tree"]] == [""] + [
        f"L{i}" for i in range(len(value.left_options))
    ] + [f"R{i}" for i in range(len(value.right_options))]
    b.expand("L0")
    paths = [n["path"] for n in b.state()["tree"]]
    child = value.left_options[0]
    assert paths[1 : 2 + len(child.left_options) + len(child.right_options)][0] == "L0"
    assert b.state()["tree"][1]["open"]
    b.expand("L0")
    assert not b.state()["tree"][1]["open"]


def test_the_anywidget_carries_the_state_and_its_messages() -> None:
    pytest.importorskip("anywidget")
    b = Board(Domineering("...|...|..."))
    w = b.widget
    assert w.state == b.state() and "render" in w._esm
    w._handle_custom_msg({"kind": "cell", "cell": [0, 1]}, [])
    assert w.state["log"][0] == "You: vertical domino on (0, 1) and (1, 1)"
    assert w.state == b.state()
    bundle = b._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle[0]


def test_without_anywidget_the_widget_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import pickle
    import sys

    from cgt import widget as module
    from cgt.errors import MissingExtra

    monkeypatch.setitem(sys.modules, "anywidget", None)
    monkeypatch.setattr(module, "_CLASS", [])
    b = Board(Domineering(".."))
    with pytest.raises(MissingExtra, match=r"'widget' extra") as caught:
        _ = b.widget
    assert str(pickle.loads(pickle.dumps(caught.value))) == str(caught.value)
    assert b.state()["value"] == "-1"  # the Python side works without it


# --- in a browser ----------------------------------------------------------------------------
_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>cgt board</title><style>{css}</style></head>
<body style="margin: 16px; background: white"><div id="host"></div>
<script type="module">
import widget from "/board.js";
function call(method, url, body) {{
  const x = new XMLHttpRequest();
  x.open(method, url, false);
  x.send(body);
  return JSON.parse(x.responseText);
}}
let state = call("GET", "/state");
const listeners = [];
const model = {{
  get: (name) => (name === "state" ? state : undefined),
  on: (event, cb) => {{ if (event === "change:state") listeners.push(cb); }},
  off: () => {{}},
  send: (message) => {{
    state = call("POST", "/send", JSON.stringify(message));
    for (const cb of listeners) cb();
  }},
}};
widget.render({{ model, el: document.getElementById("host") }});
// the person's clicks: each at the centre of an element, on whatever is drawn on top there
const done = [];
for (const selector of {clicks}) {{
  const aim = document.querySelector(selector);
  if (!aim) {{ done.push("missing " + selector); continue; }}
  const box = aim.getBoundingClientRect();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  hit.dispatchEvent(new MouseEvent("click", {{ bubbles: true, clientX: x, clientY: y }}));
  done.push(hit.getAttribute("data-cell") || hit.getAttribute("data-move") || hit.tagName);
}}
document.body.setAttribute("data-clicked", done.join(" "));
</script></body></html>
"""


class _Backend:
    """The Python side of the page: a fresh board per page load, its anywidget's state."""

    def __init__(self, make: Any, clicks: list[str]) -> None:
        self.make, self.clicks = make, clicks
        self.board: Board | None = None
        self.received: list[Any] = []

    def handler(self) -> type[BaseHTTPRequestHandler]:
        backend = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def reply(self, body: str, kind: str) -> None:
                data = body.encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if self.path == "/":
                    backend.board = backend.make()
                    w = backend.board.widget
                    page = _PAGE.format(css=w._css, clicks=json.dumps(backend.clicks))
                    self.reply(page, "text/html")
                elif self.path == "/board.js":
                    assert backend.board is not None
                    self.reply(backend.board.widget._esm, "text/javascript")
                elif self.path == "/state":
                    assert backend.board is not None
                    self.reply(json.dumps(backend.board.widget.state), "application/json")
                else:
                    self.send_error(404)

            def do_POST(self) -> None:
                assert backend.board is not None
                n = int(self.headers.get("Content-Length", "0"))
                message = json.loads(self.rfile.read(n))
                backend.received.append(message)
                w = backend.board.widget
                w._handle_custom_msg(message, [])  # as a comm message from the front end
                self.reply(json.dumps(w.state), "application/json")

        return Handler


def _serve(backend: _Backend) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), backend.handler())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _chromium(args: list[str]) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=10000", *args],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )


def in_a_browser(test: Callable[..., None]) -> Callable[..., None]:
    """Mark a browser test: slow, a long time limit, skipped without Chromium."""
    test = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")(test)
    marked: Callable[..., None] = pytest.mark.slow(pytest.mark.timeout(400)(test))
    return marked


def _visit(make: Any, clicks: list[str], shot: Path) -> tuple[str, list[Any]]:
    pytest.importorskip("anywidget")
    backend = _Backend(make, clicks)
    for url in _serve(backend):
        dom = _chromium(["--dump-dom", url]).stdout
        received = list(backend.received)
        _chromium(["--window-size=900,700", f"--screenshot={shot}", url])
    assert shot.exists(), "Chromium wrote no screenshot"
    if os.environ.get("CGT_SHOTS"):
        Path(os.environ["CGT_SHOTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(os.environ["CGT_SHOTS"]) / shot.name)
    return dom, received


@in_a_browser
def test_a_click_on_the_board_plays_and_cgt_answers_in_a_browser(tmp_path: Path) -> None:
    shot = tmp_path / "widget_domineering.png"
    dom, received = _visit(
        lambda: Board(Domineering("...|...|..."), human="left"), ['[data-cell="0,1"]'], shot
    )
    # the click landed on the square's overlay (hit-tested at its centre) and reached Python
    assert 'data-clicked="0,1"' in dom, dom[-2000:]
    assert received == [{"kind": "cell", "cell": [0, 1]}]
    # the person's move and cgt's reply are in the log, and on the redrawn board: 4 squares filled
    assert "You: vertical domino on (0, 1) and (1, 1)" in dom
    reply = re.search(r"cgt: (horizontal domino on \(\d, \d\) and \(\d, \d\))", dom)
    assert reply, dom[-3000:]
    board = dom[dom.index('class="cgt-pic"') :]
    board = board[: board.index("</svg>")]
    assert board.count('fill="#444444"') == 4
    # the panel: the value after both moves, the options, the thermograph and the hint
    expected = Board(Domineering("...|...|..."), human="left")
    expected.click(0, 1)
    state = expected.state()
    assert f">{state['value']}<" in dom and state["hint"].replace(";", "") in dom.replace(";", "")
    assert dom.count("<svg") >= 2  # the board and the thermograph
    assert inked(shot) > 0.01


@in_a_browser
def test_a_move_button_plays_hackenbush_in_a_browser(tmp_path: Path) -> None:
    shot = tmp_path / "widget_hackenbush.png"

    def make() -> Board:
        return Board(Hackenbush.parse("l(l;rl);r(lr;r)"), human="left")

    dom, received = _visit(make, ['[data-move="1"]', '[data-path="L0"]'], shot)
    # the same two actions on the Python side alone
    expected = make()
    first = expected.state()["moves"][1]["text"]
    expected.play(1)
    expected.expand("L0")
    state = expected.state()
    assert received == [{"kind": "move", "index": 1}, {"kind": "expand", "path": "L0"}]
    assert 'data-clicked="1 ' in dom
    assert f"You: {first}" in dom and state["log"][1] in dom
    assert state["log"][1].startswith("cgt: chop the red edge")
    # the explorer shows the nodes of the Python state, L0 opened
    shown = re.findall(r'data-path="([LR0-9]*)"', dom)
    assert shown == [n["path"] for n in state["tree"]]
    assert any(path.startswith("L0") and len(path) > 2 for path in shown)
    assert inked(shot) > 0.01
