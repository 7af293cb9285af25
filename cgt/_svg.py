"""Shared helpers for the SVG pictures that Jupyter shows (``_repr_svg_``).

Every picture is one self-contained ``<svg>`` element: the SVG namespace, a
``width``, a ``height`` and a ``viewBox``, no external fonts, styles or images.
Text widths are estimated (no font metrics are available): :func:`text_width`
errs on the wide side for the digits, letters and signs labels use.

>>> from cgt._svg import document, text_width
>>> document(10, 20, ['<circle cx="5" cy="5" r="4"/>'])[:87]
'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20" viewBox="0 0 10 20" font'
>>> text_width("10", 10)
13.0
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["BLUE", "RED", "document", "escape", "fit_font", "num", "text_width"]

BLUE = "#3465a4"
RED = "#cc0000"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# Advance widths in ems, a little above those of common sans-serif fonts.
_NARROW = set("il.,:;|!'()[]")
_WIDE = set("mwMW@%")


def escape(text: str) -> str:
    """``text`` with ``&``, ``<``, ``>`` and ``"`` escaped for SVG text and attributes.

    >>> escape('a<b & "c"')
    'a&lt;b &amp; &quot;c&quot;'
    """
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def text_width(text: str, size: float) -> float:
    """An upper estimate of the width of ``text`` at font size ``size``.

    >>> text_width("(0, 1)", 10) < text_width("MMMMMM", 10)
    True
    """
    ems = sum(
        0.35 if ch in _NARROW else 0.95 if ch in _WIDE or not ch.isascii() else 0.65 for ch in text
    )
    return round(ems * size, 2)


def fit_font(text: str, room: float, size: float = 11.0, smallest: float = 6.0) -> float:
    """The largest font size up to ``size`` at which ``text`` fits in ``room``
    (but never below ``smallest``).

    >>> fit_font("7", 20), fit_font("(10, 12)", 20)
    (11.0, 6.0)
    """
    if not text:
        return size
    per_unit = text_width(text, 1.0)
    return max(smallest, min(size, int(room / per_unit * 4) / 4))


def num(x: float) -> str:
    """A coordinate, short: at most two decimals and no trailing zeros.

    >>> num(3.0), num(2.504), num(-0.0)
    ('3', '2.5', '0')
    """
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def document(width: float, height: float, body: Iterable[str], background: str = "") -> str:
    """An ``<svg>`` element of the given size (``viewBox`` from the origin) around ``body``.

    >>> document(4, 3, [], background="white").count("<rect")
    1
    """
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" font-family="{FONT}">'
    )
    back = f'<rect width="{num(width)}" height="{num(height)}" fill="{background}"/>'
    return head + (back if background else "") + "".join(body) + "</svg>"
