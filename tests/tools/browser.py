"""Headless Chromium for the tests that look at pages (the notebook, the "try it" page,
the docs' maths).

``CHROMIUM`` is the browser found on ``PATH`` (``None`` without one: those tests
skip); ``FLAGS`` start it headless and quiet, without its own network traffic
(no updates, sync or first-run pages).

:func:`visit_offline` loads a page through a proxy that does not exist (so any
http(s) fetch fails, as with no network), lets its scripts run, and returns
the DOM after them, the text a reader sees, and every http(s) URL the page
itself asked for (from Chromium's net log; the browser's own background
requests are left out), with a screenshot.  Set ``CGT_SHOTS=<dir>`` to keep
the screenshots.
"""

from __future__ import annotations

import html.parser
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

CHROMIUM = next(
    filter(None, map(shutil.which, ["chromium", "chromium-browser", "google-chrome"])), None
)

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

_OFFLINE = [
    *FLAGS,
    "--hide-scrollbars",
    "--proxy-server=127.0.0.1:9",  # the discard port: no proxy there, so no network
    "--virtual-time-budget=20000",  # let scripts (MathJax) finish before the DOM or the shot
]


@dataclass(frozen=True)
class Visit:
    dom: str  #: the DOM after the page's scripts ran
    text: str  #: the text a reader sees (no scripts, no styles)
    requested: list[str]  #: the http(s) URLs the page asked for


class _Text(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self.hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def page_text(dom: str) -> str:
    """The text of an HTML document without its scripts and styles.

    >>> page_text("<p>a <b>b</b><script>no</script> &lt;c&gt;</p>")
    'a b <c>'
    """
    parser = _Text()
    parser.feed(dom)
    parser.close()
    return "".join(parser.parts)


def _requested(netlog: Path) -> list[str]:
    """The http(s) URLs a page loaded from a file asked for, from a Chromium net log."""
    log = json.loads(netlog.read_text(encoding="utf-8"))
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls = []
    for event in log["events"]:
        params = event.get("params", {})
        # the page's own requests carry its file:// origin; the browser's do not
        if (
            event["type"] == start
            and "file://" in params.get("network_isolation_key", "")
            and params["url"].startswith(("http://", "https://"))
        ):
            urls.append(params["url"])
    return urls


def _run(args: list[str], profile: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run(
        [CHROMIUM, *_OFFLINE, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def visit_offline(page: Path, shot: Path, size: tuple[int, int] = (1100, 1800)) -> Visit:
    """Load ``page`` with no network: its DOM, text and requests, and a screenshot in ``shot``."""
    requested = []
    with tempfile.TemporaryDirectory() as work:
        netlog = Path(work) / "dom.json"
        done = _run([f"--log-net-log={netlog}", "--dump-dom", page.as_uri()], work + "/a")
        assert done.stdout.strip(), f"Chromium printed no DOM: {done.stderr[-2000:]}"
        requested += _requested(netlog)
        netlog = Path(work) / "shot.json"
        _run(
            [
                f"--log-net-log={netlog}",
                f"--window-size={size[0]},{size[1]}",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
            work + "/b",
        )
        requested += _requested(netlog)
    assert shot.exists(), "Chromium wrote no screenshot"
    if os.environ.get("CGT_SHOTS"):
        Path(os.environ["CGT_SHOTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(os.environ["CGT_SHOTS"]) / shot.name)
    return Visit(done.stdout, page_text(done.stdout), sorted(set(requested)))


def inked(shot: Path) -> float:
    """The share of a screenshot's pixels darker than light grey (0 for a blank page)."""
    from PIL import Image  # Pillow comes with matplotlib (the docs and plot extras)

    with Image.open(shot) as im:
        raw = im.convert("L").resize((im.width // 4, im.height // 4)).tobytes()
    return sum(1 for p in raw if p < 233) / len(raw)
