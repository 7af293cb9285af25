"""Pictures you can save, with alt text (issue 28, item 8).

Every drawable object (every subclass of ``cgt._svg.Drawable``, found by
walking the package, so a new picture cannot be missed) has ``to_svg()`` and
``save(path)``, and its SVG carries a ``<title>``.  Each check reads the file
back: the SVG parsed as XML, the PNG's size from its header, the PDF's magic
bytes, and compares with what the object says about itself.
"""

from __future__ import annotations

import importlib
import inspect
import pathlib
import pickle
import pkgutil
import struct
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import cgt
from cgt._svg import Drawable, with_title
from cgt.census import HasseDiagram
from cgt.certificates import Certificate, CertificateTree
from cgt.errors import InvalidArgument, MissingExtra, WrongType
from cgt.games import Domineering, Hexapawn
from cgt.misere.universes import OrderDiagram
from cgt.scoring import ScoringTree
from cgt.tree import GameTree
from tests.test_pictures import all_samples

SVG = "{http://www.w3.org/2000/svg}"


def drawable_classes() -> set[type]:
    for info in pkgutil.walk_packages(cgt.__path__, "cgt."):
        if "_kernel" not in info.name:
            importlib.import_module(info.name)
    out: set[type] = set()
    todo = [Drawable]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("cgt.") and not inspect.isabstract(sub) and _named(sub):
                out.add(sub)
    return out


def _named(cls: type) -> bool:
    """Is ``cls`` reachable by its module and qualified name?  (Not a class made at run
    time, as the ruleset variants of cgt.games.variants are: their samples are their
    shared bases'.)"""
    found: Any = sys.modules.get(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is cls


SAMPLES = all_samples()


def _title(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    first = root[0]
    assert first.tag == SVG + "title", "the <title> is the first child of the picture"
    return first.text or ""


def test_every_drawable_class_has_a_sample() -> None:
    sampled = {type(s) for s in SAMPLES}
    missing = []
    for cls in drawable_classes():
        if "_draw_svg" not in {n for k in cls.__mro__ if k is not Drawable for n in vars(k)}:
            continue  # draws nothing of its own
        if not any(issubclass(s, cls) for s in sampled):
            missing.append(cls.__qualname__)
    assert not missing, f"drawable classes with no sample: {missing}"
    # the walk is not vacuous
    assert {Domineering, Hexapawn, cgt.Thermograph, cgt.Sum, GameTree} <= drawable_classes()


@pytest.mark.parametrize("thing", SAMPLES, ids=lambda p: type(p).__name__)
def test_every_picture_has_a_title_and_saves_as_svg(thing: Any, tmp_path: pathlib.Path) -> None:
    svg = thing.to_svg()
    assert thing._repr_svg_() == svg  # Jupyter shows the same picture
    title = _title(svg)
    assert title == " ".join(thing.svg_title().split())[:400]
    assert len(title) > 8 and title.strip() == title
    trees = (GameTree, ScoringTree, Certificate, CertificateTree)  # titled by what they show
    if not isinstance(thing, (cgt.Thermograph, *trees, cgt.Sum, HasseDiagram, OrderDiagram)):
        # the class, or the ruleset that made it (a heap ruleset, or a family's rules)
        named = [
            repr(getattr(thing, attr)) for attr in ("ruleset", "rules") if hasattr(thing, attr)
        ]
        assert type(thing).__name__ in title or any(name in title for name in named)
    out = thing.save(tmp_path / "picture.svg")
    assert out == tmp_path / "picture.svg"
    assert out.read_text(encoding="utf-8") == svg
    # str paths and an explicit format work too
    thing.save(str(tmp_path / "picture.txt"), format="SVG")
    assert (tmp_path / "picture.txt").read_text(encoding="utf-8") == svg


def test_titles_describe_the_object() -> None:
    board = "..#|...|..."
    title = _title(Domineering(board).to_svg())
    assert title == "Domineering position " + " / ".join(board.split("|"))
    g = cgt.parse("{3||2|1}")
    th = g.thermograph()
    title = _title(th.to_svg())
    assert f"mast {th.mast}" in title and f"temperature {th.temperature}" in title
    tree = g.tree()
    assert _title(tree.to_svg()) == f"game tree of {g}: {tree.size} nodes, depth {tree.depth}"
    s = Domineering("..") + cgt.up
    assert _title(s.to_svg()) == "sum of Domineering position .. + ^"
    # a nested part's picture carries its own title too
    root = ET.fromstring(s.to_svg())
    nested = [el for el in root.iter(SVG + "svg") if el is not root]
    assert nested and nested[0][0].tag == SVG + "title"
    # text that needs escaping stays well-formed
    empty = '<svg xmlns="http://www.w3.org/2000/svg"></svg>'
    assert _title(with_title(empty, 'a < b & "c"')) == 'a < b & "c"'
    long = with_title(empty, "x" * 1000)
    assert len(_title(long)) == 400 and _title(long).endswith("\u2026")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize(
    "thing",
    [Domineering("..|.."), cgt.parse("{3||2|1}").thermograph(), Hexapawn(3, 3)],
    ids=lambda p: type(p).__name__,
)
def test_png_and_pdf(thing: Any, tmp_path: pathlib.Path) -> None:
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as err:  # OSError: the package without the cairo library
        pytest.skip(f"PNG/PDF need the plot extra and the cairo library: {err}")
    root = ET.fromstring(thing.to_svg())
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    png = thing.save(tmp_path / "p.png").read_bytes()
    w, h = _png_size(png)
    assert abs(w - 2 * width) <= 2 and abs(h - 2 * height) <= 2  # drawn at twice the size
    pdf = thing.save(tmp_path / "p.PDF").read_bytes()
    assert pdf.startswith(b"%PDF-") and b"%%EOF" in pdf[-32:]
    assert thing.save(tmp_path / "q", format="png").read_bytes()[:4] == b"\x89PNG"


def test_png_without_the_extra_names_it(tmp_path: pathlib.Path, monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now raises ImportError
    with pytest.raises(MissingExtra, match=r"the 'plot' extra\): pip install cairosvg") as err:
        Domineering("..").save(tmp_path / "d.png")
    assert isinstance(err.value, ImportError) and isinstance(err.value, ValueError)
    back = pickle.loads(pickle.dumps(err.value))
    assert str(back) == str(err.value)
    assert not (tmp_path / "d.png").exists()
    # SVG needs nothing
    assert Domineering("..").save(tmp_path / "d.svg").exists()


def test_bad_paths_and_formats(tmp_path: pathlib.Path) -> None:
    d = Domineering("..")
    with pytest.raises(InvalidArgument, match="svg, png or pdf"):
        d.save(tmp_path / "d.jpg")
    with pytest.raises(InvalidArgument, match="svg, png or pdf"):
        d.save(tmp_path / "d")  # no suffix and no format
    with pytest.raises(InvalidArgument, match="format='gif'"):
        d.save(tmp_path / "d.svg", format="gif")
    with pytest.raises(WrongType, match="file path"):
        d.save(3)  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())
