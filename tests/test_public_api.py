"""Every public name and signature of ``cgt`` before issue 27 still holds (issue 27, Acceptance).

``tests/data/public_api_1de27f0.txt`` lists the public API at 1de27f0, the
commit before issue 27's work, as ``tests/tools/public_api.py`` prints it:
``cgt`` and its public submodules, their public names, the public methods,
properties and attributes of their classes, each with its kind and signature
(parameter names, kinds and defaults).  Each listed path must still resolve in
this tree to something of the same kind and signature.  New names are allowed;
a name may move to another module as long as its old path still reaches it
(a re-export).  A line that no longer holds on purpose is excused in the file
by ``# justified <path>: <why>``; a justification whose line holds again fails
(delete it).
"""

from __future__ import annotations

import pathlib

from tests.tools.public_api import line_for, listing, signature

DATA = pathlib.Path(__file__).resolve().parent / "data" / "public_api_1de27f0.txt"


def _read() -> tuple[dict[str, str], dict[str, str]]:
    lines: dict[str, str] = {}
    justified: dict[str, str] = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("# justified "):
            path, _, why = line.removeprefix("# justified ").partition(": ")
            justified[path] = why
        elif line and not line.startswith("#"):
            lines[line.split("\t")[0]] = line
    return lines, justified


def test_every_public_name_of_1de27f0_still_holds() -> None:
    base, justified = _read()
    assert len(base) > 1000 and "cgt.parse" in base and "cgt.game.Game.temperature" in base
    broken = []
    for path, line in base.items():
        now = line_for(path)
        if now != line and path not in justified:
            broken.append(f"  was {line!r}\n  now {now!r}")
    assert not broken, "public names changed since 1de27f0:\n" + "\n".join(broken)


def test_justifications_are_needed() -> None:
    base, justified = _read()
    assert set(justified) <= set(base), "justified paths that 1de27f0 did not have"
    holding = sorted(path for path in justified if line_for(path) == base[path])
    assert not holding, f"these lines hold again, delete their justification: {holding}"


def test_the_listing_sees_a_change() -> None:
    # the comparison is not vacuous: a listed path reaches this tree's objects,
    # and a changed signature or a missing name shows
    now = {line.split("\t")[0]: line for line in listing()}
    assert now["cgt.parse"] == line_for("cgt.parse")
    assert line_for("cgt.Game.no_such_method") is None
    assert line_for("cgt.Game.temperature") == "cgt.Game.temperature\tmethod\t(self)"

    def before(a: int, b: str = "x") -> None: ...

    def after(a: int, c: str = "x") -> None: ...

    assert signature(before) != signature(after)
