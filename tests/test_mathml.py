"""Games as MathML (``cgt.notation.to_mathml``, ``Game._repr_html_``): issue 28 item 2.

Jupyter shows a game through ``_repr_html_`` (MathML, which a browser draws
with no script) before ``_repr_latex_`` (which needs MathJax), so a notebook
exported to HTML reads right offline.  The MathML must say the same game as
the text: it is read back here, symbol by symbol, into ASCII notation and
parsed (an independent reader, ``cgt.parse``, judges it).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from cgt.notation import to_mathml
from tests.strategies import games
from tests.tools import browser

M = "{http://www.w3.org/1998/Math/MathML}"

# what each drawn operator means in ASCII notation
BACK = {
    "{": "{",
    "}": "}",
    "|": "|",
    "‖": "||",
    "|||": "|||",
    ",": ",",
    "±": "+-",
    "−": "-",
    "+": "+",
    "∗": "*",
    "·": "·",
    "↑": "^",
    "⇑": "^^",
    "↓": "v",
    "⇓": "vv",
}


def read_back(mathml: str) -> str:
    """The ASCII text a reader of the drawn MathML would type."""
    root = ET.fromstring(mathml)
    assert root.tag == M + "math"
    (row,) = list(root)
    assert row.tag == M + "mrow"
    out = []
    for node in row:
        tag = node.tag.removeprefix(M)
        if tag == "mn":
            assert node.text is not None and node.text.isdigit()
            out.append(node.text)
        elif tag == "mfrac":
            num, den = list(node)
            assert num.tag == den.tag == M + "mn"
            out.append(f"{num.text}/{den.text}")
        elif tag == "mo":
            assert node.text in BACK, node.text
            out.append(BACK[node.text])
        elif tag == "mi":  # a shared part's name, in a game over the text limit
            assert node.text is not None and node.text.isalpha()
            out.append(node.text)
        else:
            raise AssertionError(f"unexpected <{tag}>")
    # k·↑ is k ups, ^k in ASCII (a number before it was followed by '+')
    return re.sub(r"(\d+)·(\^|v)", r"\2\1", "".join(out))


nus_values = st.builds(
    lambda x, k, m: cgt.number(x) + k * cgt.up + cgt.nimber(m),
    st.sampled_from(["0", "1", "-3", "1/2", "-3/4", "17/32", "-5/64"]),
    st.integers(-5, 5),
    st.integers(0, 9),
)


# {a|{b|c}}: slash notation, whose runs of bars the MathML must keep apart
nested = st.builds(lambda a, b, c: cgt.Game([a], [cgt.Game([b], [c])]), games, games, games)


@given(st.one_of(games, nested, nus_values, st.builds(lambda a, b: a + b, games, nus_values)))
def test_the_mathml_of_a_game_reads_back_as_the_game(g: cgt.Game) -> None:
    mathml = to_mathml(g)
    assert ET.fromstring(mathml).attrib["alttext"] == str(g)
    assert cgt.parse(read_back(mathml)) == g
    assert g._repr_html_() == mathml  # what Jupyter shows


def test_the_symbols_are_the_latex_ones() -> None:
    g = cgt.parse("{3||2|1}")
    assert read_back(to_mathml(g)) == "{3||2|1}"
    assert read_back(to_mathml(cgt.parse("-1/2^^*"))) == "-1/2^^*"
    assert read_back(to_mathml(cgt.parse("1+^^^*3"))) == "1+^3*3"  # 3·↑, not up-third
    assert read_back(to_mathml(cgt.parse("+-{1,1*}"))) == "+-{1,1*}"
    # a deep nest is braced, so runs of bars stay short
    deep = cgt.parse("{4|||3||2|{1|0}}")
    assert cgt.parse(read_back(to_mathml(deep))) == deep


def test_a_game_too_long_to_write_shows_no_html() -> None:
    g = cgt.parse("+".join(f"{{{k}|{{{k - 1}|-{k}}}}}" for k in range(1, 9)))
    old = cgt.text_limit()
    cgt.set_text_limit(1000)
    try:
        assert g._repr_html_() is None and g._repr_latex_() is None  # Jupyter shows repr(g)
        with pytest.raises(cgt.TooLarge):
            to_mathml(g)
    finally:
        cgt.set_text_limit(old)


VALUES = ["{3||2|1}", "-1/2^^*", "1+^^^*3", "+-{1,1*}", "{2|{1|0},*}", "3/4"]


@pytest.mark.slow
@pytest.mark.skipif(browser.CHROMIUM is None, reason="Chromium is not installed")
def test_a_notebook_exported_to_html_shows_values_with_no_network(tmp_path: Path) -> None:
    """A notebook showing values, exported by nbconvert as it is, read in Chromium offline.

    The export's own template asks a CDN for MathJax (which fails offline): the values
    must read right without it, drawn from their MathML, with no TeX left on the page."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    formatters = pytest.importorskip("IPython.core.formatters")
    display = formatters.DisplayFormatter()  # what a Jupyter kernel sends for a value
    nb = nbformat.v4.new_notebook()
    for i, text in enumerate(VALUES, 1):
        data, metadata = display.format(cgt.parse(text))
        assert {"text/html", "text/latex", "text/plain"} <= set(data)
        cell = nbformat.v4.new_code_cell(f"cgt.parse({text!r})", execution_count=i)
        out = nbformat.v4.new_output(
            "execute_result", data=data, metadata=metadata, execution_count=i
        )
        cell.outputs = [out]
        nb.cells.append(cell)
    exporter = nbconvert.HTMLExporter()
    page = tmp_path / "values.html"
    page.write_text(exporter.from_notebook_node(nb)[0], encoding="utf-8")
    visit = browser.visit_offline(page, tmp_path / "notebook-values.png", size=(800, 900))
    # nothing asked for beyond the template's own MathJax and require.js
    assert set(visit.requested) <= {exporter.mathjax_url, exporter.require_js_url}
    assert visit.dom.count("<math ") == len(VALUES)
    for text in VALUES:
        drawn = "".join(re.findall(r">([^<]+)<", to_mathml(cgt.parse(text))))
        assert drawn in visit.text.replace("\u2062", ""), drawn  # each value reads as drawn
    assert "\\mid" not in visit.text and "\\{" not in visit.text and "$" not in visit.text
    assert browser.inked(tmp_path / "notebook-values.png") > 0.005


def test_a_long_game_written_with_named_parts() -> None:
    """Over the text limit a game is written with its shared parts named (``a{...}``, then
    ``a``): the LaTeX is still TeX (``\\mid a``, not the unknown ``\\mida``) and the MathML,
    read back with its names, is the game."""
    g = cgt.parse("+".join(f"{{{k}|{{{k - 1}|-{k}}}}}" for k in range(1, 9)))
    old = cgt.text_limit()
    cgt.set_text_limit(10_000)
    try:
        text, latex, mathml = str(g), format(g, "latex"), to_mathml(g)
    finally:
        cgt.set_text_limit(old)
    assert cgt.parse(text) == g and re.search(r"[a-z]", text)  # named, and reads back
    assert set(re.findall(r"\\[A-Za-z]+", latex)) == {"\\mid"}
    root = ET.fromstring(mathml)
    assert root.attrib["alttext"] == text
    assert len(list(root.iter(M + "mi"))) > 10
    assert cgt.parse(read_back(mathml)) == g
