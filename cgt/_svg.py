"""Shared helpers for the SVG pictures that Jupyter shows (``_repr_svg_``),
and :class:`Drawable`, the public face of every picture: ``to_svg()`` and
``save(path)``.

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

import os
import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from pathlib import Path

from .errors import InvalidArgument, MissingExtra, TooLarge, WrongType

__all__ = [
    "BLUE",
    "RED",
    "Drawable",
    "document",
    "escape",
    "fit_font",
    "hasse_svg",
    "num",
    "short_text",
    "text_width",
    "with_title",
]

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


_ROW = 58  # vertical distance of two levels of a Hasse diagram
_GAP = 14  # horizontal space between two labels of a level


def hasse_svg(
    levels: Sequence[Sequence[Hashable]],
    covers: Iterable[tuple[Hashable, Hashable]],
    labels: Mapping[Hashable, str],
) -> str:
    """A Hasse diagram: ``levels`` from the bottom up, each left to right, a line per cover.

    Each element is a labelled rounded box, centred in its level; a cover
    ``(x, y)`` (``x`` below ``y``) is a line from the top of ``x`` to the
    bottom of ``y``.

    >>> labels = {"a": "0", "b": "1", "c": "*"}
    >>> svg = hasse_svg([["a"], ["b", "c"]], [("a", "b"), ("a", "c")], labels)
    >>> svg.count("<line"), svg.count("<rect"), svg.count("<text")
    (2, 4, 3)
    """
    widths = [sum(text_width(labels[g], 12) + 8 + _GAP for g in level) for level in levels]
    width = max(widths, default=0) + 8
    where: dict[Hashable, tuple[float, float]] = {}
    for k, level in enumerate(levels):
        y = 20.0 + (len(levels) - 1 - k) * _ROW
        x = (width - widths[k]) / 2
        for g in level:
            w = text_width(labels[g], 12) + 8 + _GAP
            where[g] = (x + w / 2, y)
            x += w
    edges = [
        f'<line x1="{num(where[x][0])}" y1="{num(where[x][1] - 10)}" '
        f'x2="{num(where[y][0])}" y2="{num(where[y][1] + 10)}" stroke="#888888"/>'
        for x, y in covers
    ]
    nodes = []
    for g, (cx, cy) in where.items():
        w = text_width(labels[g], 12) + 8
        nodes.append(
            f'<g class="node"><rect x="{num(cx - w / 2)}" y="{num(cy - 10)}" width="{num(w)}" '
            f'height="20" rx="6" fill="white" stroke="#444444"/><text x="{num(cx)}" '
            f'y="{num(cy)}" dy="0.35em" font-size="12" text-anchor="middle">'
            f"{escape(labels[g])}</text></g>"
        )
    height = 40 + (len(levels) - 1) * _ROW
    return document(width, height, edges + nodes, background="white")


_TITLE_LIMIT = 400  # characters of alt text; a longer description is cut with an ellipsis
_SVG_OPEN = re.compile(r"<svg\b[^>]*>")


def with_title(svg: str, title: str) -> str:
    """``svg`` with a ``<title>`` (its alt text) as the first child of its outer ``<svg>``.

    A title already there is kept; the text is escaped and cut to a few
    hundred characters.

    >>> with_title('<svg width="1"><rect/></svg>', "a <b>")
    '<svg width="1"><title>a &lt;b&gt;</title><rect/></svg>'
    >>> with_title('<svg><title>t</title></svg>', "u")
    '<svg><title>t</title></svg>'
    """
    head = _SVG_OPEN.search(svg)
    if head is None:
        raise InvalidArgument("with_title() needs an SVG document (no <svg> element found)")
    if svg.startswith("<title", head.end()):
        return svg
    text = " ".join(title.split())
    if len(text) > _TITLE_LIMIT:
        text = text[: _TITLE_LIMIT - 1] + "\u2026"
    return f"{svg[: head.end()]}<title>{escape(text)}</title>{svg[head.end() :]}"


_FORMATS = ("svg", "png", "pdf")


def short_text(obj: object) -> str:
    """``str(obj)``, or its ``repr`` summary when its text is over the text limit.

    Alt texts use it: a picture of a game too large to print still gets a title.

    >>> import cgt
    >>> short_text(cgt.parse("{1|*}"))
    '{1|*}'
    """
    try:
        return str(obj)
    except TooLarge:
        return repr(obj)


class Drawable:
    """A mixin for everything cgt draws: positions, sums, thermographs, game trees.

    A drawing class implements ``_draw_svg()`` (the picture) and may override
    :meth:`svg_title` (its alt text); the mixin gives the picture Jupyter
    shows (``_repr_svg_``), :meth:`to_svg` and :meth:`save`.

    >>> from cgt.games import Domineering
    >>> d = Domineering("..|..")
    >>> d.svg_title()
    'Domineering position .. / ..'
    >>> d.to_svg().count("<title>Domineering position .. / ..</title>")
    1
    """

    __slots__ = ()

    def _draw_svg(self) -> str:  # pragma: no cover - every drawing class overrides it
        raise NotImplementedError

    def svg_title(self) -> str:
        """The picture's alt text: what it shows, in words (its SVG ``<title>``).

        >>> from cgt.games import Clobber
        >>> Clobber("xo.").svg_title()
        'Clobber position xo.'
        """
        name = type(self).__name__
        text = " / ".join(line.strip() for line in short_text(self).splitlines())
        if text.startswith(name + "("):  # a constructor call: what is inside it
            text = text[len(name) + 1 : -1] if text.endswith(")") else text[len(name) :]
        return f"{name} position {text}" if text.strip("' ") else f"empty {name} position"

    def to_svg(self) -> str:
        """The picture as an SVG document (text), with its :meth:`svg_title` as ``<title>``.

        The same picture Jupyter shows; self-contained (no external fonts,
        styles or images).

        >>> from cgt.games import Clobber
        >>> svg = Clobber("xo").to_svg()
        >>> svg.startswith("<svg") and "<title>Clobber position xo</title>" in svg
        True
        """
        return with_title(self._draw_svg(), self.svg_title())

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def save(self, path: str | os.PathLike[str], *, format: str | None = None) -> Path:
        """Write the picture to ``path`` and return it as a :class:`~pathlib.Path`.

        The format is ``format`` (``"svg"``, ``"png"`` or ``"pdf"``) or else
        the file's suffix.  SVG needs nothing else; PNG and PDF are drawn from
        the SVG by cairosvg, installed with the ``plot`` extra
        (or on its own: ``pip install cairosvg``); without it they raise
        :class:`~cgt.errors.MissingExtra`.

        >>> import pathlib, tempfile
        >>> from cgt.games import Clobber
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     out = Clobber("xo").save(pathlib.Path(folder) / "clobber.svg")
        ...     out.read_text(encoding="utf-8") == Clobber("xo").to_svg()
        True
        """
        if not isinstance(path, (str, os.PathLike)):
            raise WrongType(f"save() needs a file path, not {type(path).__name__}")
        target = Path(path)
        kind = format if format is not None else target.suffix.lstrip(".")
        kind = kind.lower() if isinstance(kind, str) else kind
        if kind not in _FORMATS:
            how = f"format={format!r}" if format is not None else f"the suffix of {str(target)!r}"
            raise InvalidArgument(
                f"save() writes svg, png or pdf, not {how}: name the file .svg, .png or "
                f".pdf, or pass format='svg'"
            )
        svg = self.to_svg()
        if kind == "svg":
            target.write_text(svg, encoding="utf-8")
            return target
        try:
            import cairosvg
        except (ImportError, OSError) as err:  # OSError: the package without the cairo library
            raise MissingExtra(
                f"saving {kind.upper()} needs cairosvg and the cairo library (the 'plot' "
                f"extra): pip install cairosvg, or save as .svg ({err})"
            ) from None
        convert = cairosvg.svg2png if kind == "png" else cairosvg.svg2pdf
        # twice the SVG's size for PNG, so the picture stays sharp on a high-density screen
        options = {"scale": 2.0} if kind == "png" else {}
        convert(bytestring=svg.encode("utf-8"), write_to=str(target), **options)
        return target
