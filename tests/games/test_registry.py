"""The ruleset registry: every ruleset declares itself once, and the CLI reads it."""

from __future__ import annotations

import inspect
import pickle

import pytest

import cgt.games as G
from cgt.cli import RULESETS
from cgt.errors import CGTError, InvalidArgument
from cgt.games.base import ImpartialPosition, Position, ScoringPosition
from cgt.games.registry import KINDS, by_name, info, register_ruleset, rulesets
from tests.test_api_conventions import NOT_POSITIONS

# classes of cgt.games that are not rulesets: bases, ruleset factories, records
NOT_RULESETS = NOT_POSITIONS


def test_every_exported_ruleset_class_is_registered() -> None:
    registered = {r.cls for r in rulesets()}
    for name in G.__all__:
        obj = getattr(G, name)
        if (
            inspect.isclass(obj)
            and name not in NOT_RULESETS
            and obj.__name__ == name
            and not issubclass(obj, BaseException)  # PeriodNotFound: an error, not a ruleset
        ):
            assert obj in registered, f"{name} is not declared with register_ruleset"


def test_names_and_subcommands_are_unique_and_kinds_known() -> None:
    entries = rulesets()
    assert len({r.name for r in entries}) == len(entries)
    clis = [r.cli for r in entries if r.cli is not None]
    assert len(set(clis)) == len(clis)
    for r in entries:
        assert r.kind in KINDS
        assert by_name(r.name) is r and info(r.cls) is r
        if r.kind == "impartial":
            assert issubclass(r.cls, ImpartialPosition), r.name
        if r.kind == "partizan":
            assert issubclass(r.cls, Position), r.name
        if r.kind == "scoring":
            assert issubclass(r.cls, ScoringPosition), r.name


@pytest.mark.parametrize("r", rulesets(), ids=lambda r: r.name)
def test_every_ruleset_has_a_sample_of_its_class(r: object) -> None:
    from cgt.games.registry import RulesetInfo

    assert isinstance(r, RulesetInfo)
    samples = r.all_samples()
    assert samples and all(type(p) is r.cls for p in samples)
    assert type(r.sample()) is r.cls
    for p in samples:
        assert pickle.loads(pickle.dumps(p)) == p


def test_the_cli_lists_exactly_the_rulesets_that_declare_a_subcommand() -> None:
    declared = {r.cli: r for r in rulesets() if r.cli is not None}
    assert set(RULESETS) == set(declared)
    for name, sub in RULESETS.items():
        r = declared[name]
        assert (sub.kind, sub.metavar, sub.summary, sub.example) == (
            r.kind,
            r.syntax,
            r.summary,
            r.example,
        )
        assert type(sub.make(sub.example)) is r.cls


def test_the_guide_pages_exist() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs" / "guide"
    for r in rulesets():
        assert r.docs is not None and (docs / f"{r.docs}.rst").is_file(), r.name


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(InvalidArgument, match="kind is one of"):
        register_ruleset("Nothing", "normal play")
    with pytest.raises(InvalidArgument, match=r"is taken by cgt\.games\.clobber\.Clobber"):
        register_ruleset("Clobber", "partizan")(type("Clobber2", (), {}))
    with pytest.raises(InvalidArgument, match="subcommand 'clobber' is taken"):
        register_ruleset("Unclaimed", "partizan", cli="clobber")(type("Unclaimed", (), {}))
    with pytest.raises(InvalidArgument, match="no ruleset is registered as 'Nope'"):
        by_name("Nope")
    with pytest.raises(InvalidArgument, match="not a registered ruleset"):
        info(int)
    with pytest.raises(InvalidArgument, match="declares no example"):
        register_ruleset("Bare", "other")(Bare := type("Bare", (), {}))
        try:
            info(Bare).sample()
        finally:
            from cgt.games.registry import _forget

            _forget(Bare)
    assert "Bare" not in {r.name for r in rulesets()}
    assert "Unclaimed" not in {r.name for r in rulesets()}
    err = InvalidArgument("x")
    assert isinstance(err, CGTError) and pickle.loads(pickle.dumps(err)).args == err.args
