"""The tour notebook (``examples/tour.ipynb``) runs in a real Jupyter kernel,
shows its pictures, and looks like something in a real browser.

Needs the ``notebook`` extra (nbclient, nbformat, ipykernel, nbconvert); the
browser test also needs Chromium (``apt-get install chromium``; CI installs
both).  Set ``CGT_SHOTS=<dir>`` to keep the screenshot.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tests.tools.browser import CHROMIUM, FLAGS

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "examples" / "tour.ipynb"

pytestmark = pytest.mark.slow


# running the notebook in a Jupyter kernel, and Chromium, take minutes on a loaded machine
pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def executed() -> Any:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), old) if p)
    try:
        client = nbclient.NotebookClient(
            nb,
            timeout=300,
            kernel_name="python3",
            resources={"metadata": {"path": str(NOTEBOOK.parent)}},
        )
        client.execute()
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    return nb


def outputs(nb: Any) -> list[Any]:
    return [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]


def test_the_notebook_is_stored_without_outputs() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert not outputs(nb), "store the notebook clean; CI executes it"


@pytest.mark.slow
def test_the_notebook_runs_and_shows_pictures(executed: Any) -> None:
    errors = [o for o in outputs(executed) if o.output_type == "error"]
    assert not errors, errors[0].get("evalue") if errors else None
    code = [c for c in executed.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code)
    svgs = [
        o.data["image/svg+xml"] for o in outputs(executed) if "image/svg+xml" in o.get("data", {})
    ]
    assert len(svgs) >= 14  # a tree, a thermograph and a dozen positions
    for svg in svgs:
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and "viewBox" in root.attrib
    latex = [o.data["text/latex"] for o in outputs(executed) if "text/latex" in o.get("data", {})]
    assert "$3\\cdot\\uparrow\\ast$" in latex  # three ups and a star, not up-third
    texts = " ".join(svgs)
    for expected in ["temperature", "Black to move", "rule C", "2,3"]:
        assert expected in texts, expected


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_the_notebook_in_a_browser(executed: Any, tmp_path: Path) -> None:
    nbconvert = pytest.importorskip("nbconvert")
    html, _ = nbconvert.HTMLExporter().from_notebook_node(executed)
    page = tmp_path / "tour.html"
    page.write_text(html, encoding="utf-8")
    shot = tmp_path / "notebook.png"
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                CHROMIUM,
                *FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={shot}",
                "--window-size=1280,2400",
                page.as_uri(),
            ],
            capture_output=True,
            timeout=180,
            check=False,
        )
    assert shot.exists(), "Chromium wrote no screenshot"
    if os.environ.get("CGT_SHOTS"):
        Path(os.environ["CGT_SHOTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(os.environ["CGT_SHOTS"]) / "notebook.png")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow comes with matplotlib (the plot extra)
        assert len(data) > 50_000
        return
    with Image.open(shot) as im:
        assert im.size == (1280, 2400)
        rgb = im.convert("RGB")
        raw = rgb.resize((320, 600)).tobytes()
    pixels = [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]
    inked = sum(1 for p in pixels if sum(p) < 700) / len(pixels)  # darker than light grey
    assert inked > 0.03, "the page is (nearly) blank"
    assert len(set(pixels)) > 200, "too few colours for text and pictures"

    def near(colour: tuple[int, int, int]) -> int:
        return sum(
            1 for p in pixels if sum(abs(a - b) for a, b in zip(p, colour, strict=True)) < 60
        )

    # the pictures were drawn: Left's blue and Right's red edges of the game tree and thermograph,
    # the brown squares of the Hexapawn board
    assert near((0x34, 0x65, 0xA4)) > 5
    assert near((0xCC, 0x00, 0x00)) > 5
    assert near((0xB5, 0x88, 0x63)) > 5
