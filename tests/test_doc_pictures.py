"""Pictures in the user guide are what the library draws today.

A guide page shows a position's SVG as ``.. picture: EXPR`` followed by a
``.. raw:: html`` block; this test evaluates ``EXPR`` and compares its
``_repr_svg_()`` with the embedded drawing, so the pictures cannot go stale.
"""

from __future__ import annotations

import re
from pathlib import Path

import cgt.games

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide"
PICTURE = re.compile(r"^\.\. picture: (.+)\n\n\.\. raw:: html\n\n   (.+)$", re.M)


def test_guide_pictures_are_current() -> None:
    found = 0
    names = {name: getattr(cgt.games, name) for name in cgt.games.__all__}
    for page in sorted(GUIDE.glob("*.rst")):
        for expr, svg in PICTURE.findall(page.read_text()):
            drawn = eval(expr, {}, names)._repr_svg_()  # our own docs: trusted text
            assert " ".join(drawn.split("\n")) == svg, f"{page.name}: {expr}"
            found += 1
    assert found >= 3
