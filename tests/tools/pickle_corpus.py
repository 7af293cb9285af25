"""A corpus of ``cgt`` objects to pickle in one tree and load in another.

Run:  ``PYTHONPATH=<tree> python tests/tools/pickle_corpus.py <out.pickle> <out.json>``

:func:`corpus` builds, with API that 1de27f0 already had, one object of each
kind that ``cgt`` users keep: short games (numbers, nimbers, ups, switches, hot
and deep ones), :class:`cgt.Dyadic`, :class:`cgt.Outcome`, loopy games, sided
values, misère forms, thermographs, a position of every ruleset in
:mod:`cgt.games`, a :class:`cgt.play.Sum` and an instance of every exception
class of :mod:`cgt.errors`.  :func:`write` pickles each object on its own (so
one that fails to load does not hide the others) into a dict
``label -> pickle bytes``, and writes each object's ``repr`` and ``str`` into a
JSON file.  ``tests/test_pickle_compat.py`` loads the pickles that 1de27f0
wrote (``tests/data/pickles_1de27f0.*``) in this tree and compares them with
the same corpus built here.

>>> objects = corpus()
>>> objects["number 3/4"]
3/4
"""

from __future__ import annotations

import inspect
import json
import pickle
import sys
from typing import Any


def corpus() -> dict[str, Any]:
    """label -> object (see the module docstring)."""
    import networkx as nx

    import cgt
    from cgt import errors, games, loopy
    from cgt.impartial import misere_canonical
    from cgt.play import Sum

    parse = cgt.parse
    out: dict[str, Any] = {
        "zero": cgt.zero,
        "integer -5": cgt.number(-5),
        "number 3/4": parse("3/4"),
        "number -17/64": cgt.number(cgt.Dyadic(-17, 64)),
        "star": cgt.star,
        "nimber *13": cgt.nimber(13),
        "up": cgt.up,
        "down star": parse("v*"),
        "nu 1/2^^*3": parse("1/2^^*3"),
        "switch +-3": cgt.switch(3),
        "switch +-{3|1}": parse("+-{3|1}"),
        "tiny-2": cgt.tiny(2),
        "miny-1": cgt.miny(1),
        "hot {3||2|1}": parse("{3||2|1}"),
        "general {2,*|{-1|-2},v}": parse("{2,*|{-1|-2},v}"),
        "sum of switches": parse("{5|-5}") + parse("{3|{1|-1}}") + parse("^*"),
        "deep chain (birthday 300)": parse(
            "".join(f"{{{n}|" for n in range(300, 0, -1)) + "0" + "}" * 300
        ),
        "deep chain (birthday 2000)": parse(
            "".join(f"{{{n}|" for n in range(2000, 0, -1)) + "0" + "}" * 2000
        ),
        "Dyadic 5/8": cgt.Dyadic(5, 8),
        "Dyadic -3": cgt.Dyadic(-3),
        "Relation.CONFUSED": cgt.Relation.CONFUSED,
        "thermograph of {3||2|1}": parse("{3||2|1}").thermograph(),
        "thermograph of {5|-5}+{1|-1}": (parse("{5|-5}") + parse("{1|-1}")).thermograph(),
        "loopy on": loopy.on,
        "loopy off": loopy.off,
        "loopy over": loopy.over,
        "loopy under": loopy.under,
        "loopy dud": loopy.dud,
        "loopy upon": loopy.upon,
        "loopy a{0|a}": loopy.parse_loopy("a{0|a}"),
        "loopy a{{a|0},1|-1}": loopy.parse_loopy("a{{a|0},1|-1}"),
        "loopy from a short game": loopy.LoopyGame.of(parse("{1|{0|-1}}")),
        "sided on & off": loopy.SidedValue(loopy.on, loopy.off),
        "misere heap 3": misere_canonical.misere_heap(3),
        "misere form of *2+*2": misere_canonical.misere_canonical_form(parse("*2") + parse("*2")),
        "misere form of *2+*3": misere_canonical.misere_canonical_form(parse("*2+*3")),
        "misere form of {0,*2|0,*2}": misere_canonical.misere_canonical_form(parse("{0,*2|0,*2}")),
        # one position of every ruleset (module paths as 1de27f0 had them)
        "Domineering": games.Domineering("..#|...|..."),
        "Cram": games.Cram("...|.#."),
        "Clobber": games.Clobber("xox|o.x"),
        "Konane": games.Konane("xo.|.ox"),
        "Fission": games.Fission(".x.|...|.x."),
        "Amazons": games.Amazons("x..|..o"),
        "Col (graph)": games.Col(nx.path_graph(4)),
        "Col (text)": games.Col("L-.-."),
        "Snort": games.Snort(nx.cycle_graph(5)),
        "NodeKayles": games.NodeKayles(nx.path_graph(5)),
        "ArcKayles": games.ArcKayles(nx.cycle_graph(5)),
        "Hackenbush": games.Hackenbush([(0, 1, "L"), (1, 2, "R"), (0, 2, "G")]),
        "ToadsAndFrogs": games.ToadsAndFrogs("tt.f.f"),
        "ElephantsAndRhinos": games.ElephantsAndRhinos("e..r"),
        "ToppingDominoes": games.ToppingDominoes("LGR"),
        "TopplingDominoes": games.TopplingDominoes("LGRL"),
        "PartizanSubtraction": games.PartizanSubtraction({1, 3}, {2}),
        "PartizanSubtractionPosition": games.PartizanSubtraction({1, 3}, {2})(4, 1),
        "Cutcake": games.Cutcake(2, 4),
        "Eatcake": games.Eatcake(1, 2),
        "Push": games.Push("x.o"),
        "Shove": games.Shove("x.o.x"),
        "SkiJumps": games.SkiJumps("x.|o."),
        "NoGo": games.NoGo("x.|.."),
        "OctalGame": games.OctalGame("0.77"),
        "SubtractionGame": games.SubtractionGame({1, 2, 5}),
        "HeapPosition": games.OctalGame("0.77").position(3, 5),
        "Wythoff": games.Wythoff([(4, 5), (7, 3)]),
        "ChipGame": games.ChipGame([2, 3, 6]),
        "Hexapawn": games.Hexapawn(3, 4),
        "BackslidingToadsAndFrogs": games.BackslidingToadsAndFrogs("tt..f"),
        "FoxAndGeese": games.FoxAndGeese("x.x.|....|o..."),
        "Sum": Sum(games.Domineering("..|.."), games.Clobber("xo"), parse("{1|-1}")),
    }
    for outcome in cgt.Outcome:
        out[f"Outcome.{outcome.name}"] = outcome
    for name, cls in sorted(vars(errors).items()):
        if (
            inspect.isclass(cls)
            and issubclass(cls, Exception)
            and cls.__module__ == errors.__name__
        ):
            out[f"errors.{name}"] = _exception(cls)
    return out


def _exception(cls: type[Exception]) -> Exception:
    """An instance of ``cls`` with a message (and the extra arguments some classes take)."""
    message = f"a {cls.__name__} in the pickle corpus"
    for args in ((message,), (message, "{1|?}", 3), (1000,)):
        try:
            return cls(*args)
        except (TypeError, ValueError):
            continue
    return cls()


def write(pickle_path: str, text_path: str) -> None:
    """Pickle :func:`corpus` (one pickle per object) and write its ``repr``/``str`` as JSON."""
    objects = corpus()
    blobs = {label: pickle.dumps(obj, protocol=4) for label, obj in objects.items()}
    texts = {label: {"repr": repr(obj), "str": str(obj)} for label, obj in objects.items()}
    with open(pickle_path, "wb") as out:
        pickle.dump(blobs, out, protocol=4)
    with open(text_path, "w", encoding="utf-8") as out:
        json.dump(texts, out, indent=1, sort_keys=True, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    write(sys.argv[1], sys.argv[2])
