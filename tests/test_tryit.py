"""The "try it" page (``docs/tryit``): cgt running in a browser on Pyodide.

The fast tests check the page's parts in this Python: the examples come from the
user guide, the cell runner shows values, pictures and errors.  The browser test
builds the site (Pyodide and the wheels from the cache that
``python docs/tryit/tryit_build.py --fetch`` fills; CI fetches it), serves it on
127.0.0.1 and drives headless Chromium, with every other host unreachable,
through the DevTools protocol on a pipe (standard library only): it types each
example, presses Run, and compares what the page shows with what the same runner
gives here.  It skips, saying why, without Chromium or the fetched Pyodide.  Set
``CGT_SHOTS=<dir>`` to keep the screenshots.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import http.server
import importlib.util
import json
import os
import select
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.tools.browser import CHROMIUM, FLAGS

ROOT = Path(__file__).resolve().parent.parent
TRYIT = ROOT / "docs" / "tryit"
EXAMPLES = json.loads((TRYIT / "examples.json").read_text(encoding="utf-8"))


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, TRYIT / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


runner = _load("tryit_runner")
build = _load("tryit_build")


# --- the page's parts, in this Python --------------------------------------------------
def _guide_lines() -> set[str]:
    lines = set()
    for page in [*(ROOT / "docs" / "guide").glob("*.rst"), ROOT / "docs" / "quickstart.rst"]:
        for line in page.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line.startswith((">>> ", "... ")):
                lines.add(line[4:])
    return lines


def test_every_example_comes_from_the_user_guide() -> None:
    guide = _guide_lines()
    assert len(EXAMPLES) >= 6
    for example in EXAMPLES:
        for line in example["code"].splitlines():
            assert any(line in shown for shown in guide), (example["title"], line)


def test_the_page_offers_what_the_brief_asks_for() -> None:
    """Examples of a {L|R} value, a Domineering value, a temperature, a drawn board."""
    codes = " ".join(e["code"] for e in EXAMPLES)
    for wanted in ["cgt.parse(", "Domineering(", ".value()", ".temperature()"]:
        assert wanted in codes, wanted
    results = [runner.run(e["code"]) for e in EXAMPLES]
    assert sum(1 for r in results if r["svg"]) >= 2  # a board and a thermograph, drawn
    assert sum(1 for r in results if r["error"]) == 1  # the mistake, and only it


def test_the_runner_shows_the_last_value_what_was_printed_and_errors() -> None:
    import cgt
    from cgt.games import Domineering

    shown = runner.run('g = cgt.parse("{1|-1}")\nprint(g + cgt.star)\ng.temperature()')
    assert shown == {"stdout": "+-1*\n", "value": "1", "svg": None, "error": None}
    assert runner.run("x = 1")["value"] is None  # a statement shows nothing
    board = runner.run('Domineering("..#|...")')
    assert board["value"] == repr(Domineering("..#|..."))
    assert board["svg"] == Domineering("..#|...")._repr_svg_()
    assert ET.fromstring(board["svg"]).tag == "{http://www.w3.org/2000/svg}svg"
    error = runner.run('cgt.parse("{1|")')
    assert error["value"] is None and error["error"] is not None
    assert error["error"].startswith("cgt.errors.")  # the type, then the message with its caret
    try:
        cgt.parse("{1|")
    except ValueError as err:
        assert str(err).splitlines()[0] in error["error"]
    assert "SyntaxError" in str(runner.run("1 +")["error"])
    # the cells share a namespace, as in a notebook
    runner.run("seven = 7")
    assert runner.run("seven * 6")["value"] == "42"


def test_cgt_imports_without_sqlite3_and_its_store_says_why_it_cannot_open(
    tmp_path: Path,
) -> None:
    """Pyodide's standard library has no sqlite3 (a separate package there)."""
    code = (
        "import sys; sys.modules['sqlite3'] = None\n"
        "import cgt, pickle\n"
        "from cgt.games import Domineering\n"
        "assert str(Domineering('..|..').value()) == '+-1'\n"
        "try:\n"
        f"    cgt.Store({str(tmp_path / 's.sqlite')!r})\n"
        "except cgt.StoreError as err:\n"
        "    assert 'no sqlite3 module' in str(err), err\n"
        "    assert isinstance(err, ValueError)\n"
        "    pickle.loads(pickle.dumps(err))\n"
        "    print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=110,
    )
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
    assert not (tmp_path / "s.sqlite").exists()


def test_the_site_without_pyodide_is_the_page_saying_how_to_fetch_it(tmp_path: Path) -> None:
    out = build.build(tmp_path / "site", cache=tmp_path / "empty-cache")
    assert json.loads((out / "manifest.json").read_text())["wheels"] == []
    assert not (out / "pyodide").exists()
    for name in build.PAGE:
        assert (out / name).read_bytes() == (TRYIT / name).read_bytes()
    assert "tryit_build.py --fetch" in (out / "tryit-worker.js").read_text()


def test_the_docs_build_writes_the_page_beside_the_guide_page_that_links_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("sphinx")  # the extension logs through Sphinx
    spec = importlib.util.spec_from_file_location("cgt_tryit", ROOT / "docs/_ext/cgt_tryit.py")
    assert spec is not None and spec.loader is not None
    extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extension)
    monkeypatch.setenv("CGT_TRYIT_CACHE", str(tmp_path / "empty-cache"))

    class App:
        def __init__(self, out: Path, form: str) -> None:
            self.outdir = str(out)
            self.builder = type("Builder", (), {"format": form})()

    extension.write_site(App(tmp_path / "html", "html"), None)
    assert (tmp_path / "html" / "tryit" / "index.html").is_file()
    extension.write_site(App(tmp_path / "latex", "latex"), None)
    extension.write_site(App(tmp_path / "failed", "html"), RuntimeError("build failed"))
    assert not (tmp_path / "latex").exists() and not (tmp_path / "failed").exists()
    # the guide page (guide/tryit.html) links the page written there, and is in the toctree
    guide = (ROOT / "docs" / "guide" / "tryit.rst").read_text(encoding="utf-8")
    assert "<../tryit/index.html>`_" in guide
    assert "   guide/tryit\n" in (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    assert f"|pyodide| replace:: {build.PYODIDE}" in guide
    assert '"cgt_tryit"' in (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")


# --- the built site, with Pyodide --------------------------------------------------------
needs_pyodide = pytest.mark.skipif(
    not build.fetched(),
    reason=f"no Pyodide in {build.cache_dir()}: run python docs/tryit/tryit_build.py --fetch",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build.build(tmp_path_factory.mktemp("tryit") / "tryit")  # type: ignore[no-any-return]


def _requirements(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as whl:
        (meta,) = [n for n in whl.namelist() if n.endswith(".dist-info/METADATA")]
        text = whl.read(meta).decode()
    reqs = [
        line.split(":", 1)[1].strip()
        for line in text.splitlines()
        if line.startswith("Requires-Dist:")
    ]
    return [r for r in reqs if "extra ==" not in r]


@pytest.mark.slow
@needs_pyodide
def test_the_site_holds_pure_wheels_for_cgt_and_all_it_needs(site: Path) -> None:
    import re

    manifest = json.loads((site / "manifest.json").read_text())
    wheels = [site / "wheels" / name for name in manifest["wheels"]]
    assert sorted(w.name for w in (site / "wheels").iterdir()) == sorted(w.name for w in wheels)
    assert all(w.name.endswith("-py3-none-any.whl") for w in wheels)
    names = {w.name.split("-")[0].lower().replace("_", "-") for w in wheels}
    assert "combinatorial-games" in names
    for wheel in wheels:  # every run-time requirement (without extras) is served too
        for req in _requirements(wheel):
            wanted = re.split(r"[ <>=!~;\[(]", req, maxsplit=1)[0].lower().replace("_", "-")
            assert wanted in names, f"{wheel.name} needs {req}"
    # cgt's wheel holds this checkout's package, source for source, and nothing compiled
    with zipfile.ZipFile(site / "wheels" / manifest["wheels"][-1]) as whl:
        files = set(whl.namelist())
        here = [p for p in (ROOT / "cgt").rglob("*.py") if "__pycache__" not in p.parts]
        assert len(here) > 50
        for path in here:
            name = path.relative_to(ROOT).as_posix()
            assert name in files and whl.read(name) == path.read_bytes(), name
    assert not [f for f in files if f.endswith((".so", ".pyd", ".dylib"))]
    for name in build.RUNTIME:
        assert (site / "pyodide" / name).is_file(), name


# --- the browser ------------------------------------------------------------------------


class _Server(http.server.ThreadingHTTPServer):
    requested: list[str]


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[_Server]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            httpd.requested.append(self.path)
            super().do_GET()

    handler = functools.partial(Handler, directory=str(site))
    httpd = _Server(("127.0.0.1", 0), handler)
    httpd.requested = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()


class DevTools:
    """Chromium driven through the DevTools protocol on a pipe (``--remote-debugging-pipe``:
    commands on the child's fd 3, answers on its fd 4, each a JSON text ended by NUL)."""

    def __init__(self, binary: str, profile: str, width: int, height: int) -> None:
        cmd_read, self._cmd = os.pipe()
        self._answers, ans_write = os.pipe()

        def plumb() -> None:  # in the child, before exec: the pipes on fds 3 and 4
            # copied out of the way first (either may be fd 3 or 4); dup2 makes 3 and 4
            # inheritable, the copies and the pipes' own fds close at exec
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (cmd_read, ans_write)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.proc = subprocess.Popen(
            [
                binary,
                *FLAGS,
                # the network is off: every host name fails to resolve, but the local server's
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            close_fds=False,  # plumb() leaves only fds 3 and 4 open (os.pipe's are CLOEXEC)
            preexec_fn=plumb,  # the child only duplicates two pipes before exec
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(cmd_read)
        os.close(ans_write)
        self._next = 0
        self._buffer = b""
        self.session = ""

    def send(self, method: str, session: str | None = None, **params: Any) -> Any:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        session = self.session if session is None else session
        if session:  # a command to the page; without, to the browser
            message["sessionId"] = session
        os.write(self._cmd, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 120  # a hang guard only
        while True:
            while b"\0" not in self._buffer:
                left = deadline - time.monotonic()
                ready, _, _ = select.select([self._answers], [], [], max(left, 0))
                if not ready:
                    raise TimeoutError(f"Chromium did not answer {method}")
                chunk = os.read(self._answers, 1 << 20)
                if not chunk:
                    raise RuntimeError(f"Chromium closed its pipe (during {method})")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def open(self, url: str) -> None:
        target = self.send("Target.createTarget", url=url)["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]

    def js(self, expression: str) -> Any:
        answer = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def wait(self, expression: str, seconds: float = 120) -> Any:
        deadline = time.monotonic() + seconds  # a hang guard only
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.1)
        raise TimeoutError(f"still false after {seconds} s: {expression}")

    def click(self, selector: str) -> None:
        """A left click in the middle of the element, as the mouse gives it."""
        box = self.js(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        for kind in ["mousePressed", "mouseReleased"]:
            self.send(
                "Input.dispatchMouseEvent",
                type=kind,
                x=box[0],
                y=box[1],
                button="left",
                clickCount=1,
            )

    def type(self, selector: str, text: str) -> None:
        """Replace the element's text by typing ``text`` into it."""
        self.js(f"document.querySelector({json.dumps(selector)}).select()")
        self.send("Input.insertText", text=text)

    def screenshot(self) -> bytes:
        return base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"])

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.send("Browser.close", session="")
        try:
            self.proc.wait(timeout=30)  # Browser.close ends it
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._cmd)
        os.close(self._answers)


STATE = "document.getElementById('status')?.dataset.state"
SHOWN = """(() => {
  const text = (id) => {
    const e = document.getElementById(id);
    return e.hidden ? null : e.textContent;
  };
  const svg = document.querySelector('#picture svg');
  return {stdout: text('stdout') || '', value: text('value'), error: text('error'),
          svg: svg && !document.getElementById('picture').hidden
            ? [...svg.querySelectorAll('*')].map((e) => e.localName) : null};
})()"""


def _tags(svg: str) -> list[str]:
    return [e.tag.rpartition("}")[2] for e in ET.fromstring(svg).iter()][1:]


def _keep(name: str, data: bytes) -> None:
    if os.environ.get("CGT_SHOTS"):
        Path(os.environ["CGT_SHOTS"]).mkdir(parents=True, exist_ok=True)
        (Path(os.environ["CGT_SHOTS"]) / name).write_bytes(data)


def _colour_count(png: bytes, colour: tuple[int, int, int]) -> int | None:
    try:
        import io

        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow comes with matplotlib (the plot extra)
        return None
    with Image.open(io.BytesIO(png)) as im:
        raw = im.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(raw), 3) if tuple(raw[i : i + 3]) == colour)


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
@needs_pyodide
def test_the_page_runs_the_examples_in_a_browser_with_the_network_off(
    site: Path, server: _Server
) -> None:
    assert CHROMIUM is not None
    port = server.server_address[1]
    with tempfile.TemporaryDirectory() as profile:
        browser = DevTools(CHROMIUM, profile, 1000, 900)
        try:
            browser.open(f"http://127.0.0.1:{port}/index.html")
            state = browser.wait(f"['ready', 'error', 'missing'].includes({STATE}) && {STATE}")
            assert state == "ready", browser.js("document.getElementById('status').textContent")
            status = browser.js("document.getElementById('status').textContent")
            assert "Pyodide 0.29.5" in status and "Python 3.13" in status, status

            def run(code: str) -> dict[str, Any]:
                browser.type("#code", code)
                assert browser.js("document.getElementById('code').value") == code
                browser.click("#run")
                browser.wait(f"{STATE} !== 'running' && {STATE}")
                return browser.js(SHOWN)  # type: ignore[no-any-return]

            # typed by hand: a value, as in the quick start
            shown = run('Domineering("..|..").value()')
            assert shown["value"] == "+-1" and shown["error"] is None
            # each example of the drop-down, chosen there, shows what it shows in this Python
            for number, example in enumerate(EXAMPLES, start=1):
                browser.js(
                    "{ const s = document.getElementById('examples');"
                    f"s.selectedIndex = {number}; s.dispatchEvent(new Event('change')); }}"
                )
                assert browser.js("document.getElementById('code').value") == example["code"]
                browser.click("#run")
                browser.wait(f"{STATE} !== 'running' && {STATE}")
                shown = browser.js(SHOWN)
                here = runner.run(example["code"])
                assert shown["value"] == here["value"], example
                assert shown["stdout"] == here["stdout"], example
                assert shown["error"] == here["error"], example
                assert shown["svg"] == (here["svg"] and _tags(here["svg"])), example
                if "thermograph" in example["code"]:
                    _keep("tryit-thermograph.png", browser.screenshot())
            error = browser.screenshot()
            _keep("tryit-error.png", error)
            # a board typed by hand, drawn
            shown = run('print(Domineering("..#|...").value())\nDomineering("..#|...")')
            assert shown["stdout"] == "+-1\n" and shown["svg"].count("rect") == 6
            board = browser.screenshot()
            _keep("tryit-board.png", board)
            assert browser.js("document.getElementById('examples').selectedIndex") == 0
            # sympy, the other dependency, works too (mpmath under it)
            cell = 'import sympy\nsympy.sympify(cgt.number("3/4")) + sympy.Rational(1, 4)'
            assert run(cell)["value"] == runner.run(cell)["value"] == "1"
            # a computation that would not end is stopped; Python restarts, fresh
            run("forty_two = 42")
            browser.type("#code", "while True:\n    pass")
            browser.click("#run")
            browser.wait(f"{STATE} === 'running'")
            browser.click("#stop")
            stopped = browser.js(SHOWN)
            assert stopped["error"] is not None and stopped["error"].startswith("Stopped")
            browser.wait(f"{STATE} === 'ready'")
            assert run("6 * 7")["value"] == "42"
            assert "NameError" in str(run("forty_two")["error"])
        finally:
            browser.close()
    assert board[:8] == b"\x89PNG\r\n\x1a\n"
    blocked = _colour_count(board, (0x44, 0x44, 0x44))  # the board's blocked square
    if blocked is not None:
        # small boards are drawn twice as large: a blocked square is 48 pixels wide
        assert blocked >= 44 * 44, blocked
        assert _colour_count(error, (0x44, 0x44, 0x44)) < 200  # no board: a few text pixels
    # everything came from the local server: the runtime and the wheels included
    served = set(server.requested)
    for path in ["/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/tryit_runner.py"]:
        assert path in served, path
    wheels = json.loads((site / "manifest.json").read_text())["wheels"]
    assert {p for p in served if p.startswith("/wheels/")} == {f"/wheels/{w}" for w in wheels}
