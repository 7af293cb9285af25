"""Every cgt exception survives pickling, so errors cross process boundaries."""

from __future__ import annotations

import importlib
import multiprocessing
import pickle
import pkgutil

import pytest

import cgt
from cgt.errors import CGTError


def _all_error_classes() -> list[type[CGTError]]:
    for info in pkgutil.walk_packages(cgt.__path__, "cgt."):
        if info.name.endswith("__main__"):
            continue
        importlib.import_module(info.name)
    found: list[type[CGTError]] = []
    todo: list[type[CGTError]] = [CGTError]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("cgt") and cls not in found:
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def _instance(cls: type[CGTError]) -> CGTError:
    if issubclass(cls, cgt.ParseError):
        return cls("unexpected '?'", "{1|?}", 3)
    if issubclass(cls, cgt.WorkLimitExceeded):
        return cls(1000)
    return cls("something went wrong with {1|0}")


def test_the_sweep_sees_the_classes_defined_outside_errors_py() -> None:
    names = {cls.__name__ for cls in _all_error_classes()}
    assert {"ParseError", "NotDyadic", "InvalidNimber", "TemperatureError"} <= names
    assert len(names) >= 12


@pytest.mark.parametrize("cls", _all_error_classes(), ids=lambda c: c.__qualname__)
def test_every_error_class_round_trips_through_pickle(cls: type[CGTError]) -> None:
    err = _instance(cls)
    err.extra = [1, 2]  # type: ignore[attr-defined]
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is cls
    assert str(back) == str(err)
    assert back.args == err.args
    assert vars(back) == vars(err)


def test_parse_error_keeps_its_position_and_text() -> None:
    with pytest.raises(cgt.ParseError) as info:
        cgt.parse("{1|0} + {1|")
    back = pickle.loads(pickle.dumps(info.value))
    assert (back.message, back.text, back.position) == (
        info.value.message,
        info.value.text,
        info.value.position,
    )
    assert str(back) == str(info.value) and "^" in str(back)


def test_a_spawn_pool_reports_a_parse_error_to_the_parent() -> None:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        result = pool.map_async(cgt.parse, ["{1|0}", "^*", "{1|"])
        with pytest.raises(cgt.ParseError) as info:
            result.get(timeout=60)
        good = pool.map_async(cgt.parse, ["{1|0}", "^*"]).get(timeout=60)
    assert info.value.text == "{1|" and info.value.position == 3
    assert good == [cgt.parse("{1|0}"), cgt.up + cgt.star]
