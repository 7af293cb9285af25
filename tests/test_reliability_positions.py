"""User positions: loops are reported at once, protocol mistakes by a cgt error that says why."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

import cgt
from cgt.games.base import ImpartialPosition, Position
from cgt.solver import Solver
from tests.test_reliability_hangs import raises_at_once


class Cycle(ImpartialPosition):
    def __init__(self, n: int, size: int = 3) -> None:
        self.n, self.size = n, size

    def options(self) -> list[Cycle]:
        return [Cycle((self.n + 1) % self.size, self.size)] if self.n >= 0 else []

    def key(self) -> Hashable:
        return self.n


class Loop(Position):
    """Left may pass back to the same position; Right ends the game."""

    def left_options(self) -> list[Any]:
        return [Loop()]

    def right_options(self) -> list[Any]:
        return []

    def key(self) -> Hashable:
        return "loop"


class Heap(ImpartialPosition):
    def __init__(self, n: int) -> None:
        self.n = n

    def options(self) -> list[Heap]:
        return [Heap(k) for k in range(self.n)]

    def key(self) -> Hashable:
        return self.n


class ListKey(Heap):
    def key(self) -> Hashable:
        return [self.n]  # type: ignore[return-value]


class IntOptions(Position):
    def left_options(self) -> list[Any]:
        return [1]

    def right_options(self) -> list[Any]:
        return []

    def key(self) -> Hashable:
        return "int options"


def test_a_loop_is_reported_at_once() -> None:
    code = """
        from cgt.games.base import ImpartialPosition
        class Cycle(ImpartialPosition):
            def __init__(self, n): self.n = n
            def options(self): return [Cycle((self.n + 1) % 3)]
            def key(self): return self.n
        Cycle(0).grundy()
    """
    message = raises_at_once(code.replace("\n", "\n            "), "LoopyPosition")
    assert "loopy" in message


def test_loops_raise_loopy_position() -> None:
    with pytest.raises(cgt.LoopyPosition, match="Cycle with key 0"):
        Solver().grundy(Cycle(0))
    with pytest.raises(cgt.LoopyPosition, match="loopy"):
        Solver().value(Loop())
    assert issubclass(cgt.LoopyPosition, ValueError)


def test_the_solver_is_usable_after_a_loop() -> None:
    s = Solver()
    with pytest.raises(cgt.LoopyPosition):
        s.grundy(Cycle(0, size=5))
    assert not s._path
    assert s.grundy(Heap(7)) == 7
    # the same key met twice in different branches (a transposition) is not a loop
    assert s.grundy(Heap(12)) == 12


def test_a_loop_deep_in_the_search() -> None:
    # a long cycle that needs the controlled deep recursion to close
    with pytest.raises(cgt.LoopyPosition):
        Solver().grundy(Cycle(0, size=5000))


def test_an_unhashable_key_is_a_protocol_error() -> None:
    for solve in (Solver().grundy, Solver().value):
        with pytest.raises(cgt.PositionProtocolError, match=r"ListKey.key\(\) returned a list"):
            solve(ListKey(3))
    assert issubclass(cgt.PositionProtocolError, TypeError)


def test_an_option_that_is_not_a_position() -> None:
    with pytest.raises(cgt.PositionProtocolError, match=r"1 \(an int\) is not a position"):
        Solver().value(IntOptions())


def test_errors_inside_user_methods_are_not_renamed() -> None:
    class Broken(ImpartialPosition):
        def options(self) -> list[Any]:
            return [self.missing]  # type: ignore[attr-defined]

    with pytest.raises(AttributeError, match="missing"):
        Solver().grundy(Broken())


def test_a_game_value_can_be_an_option() -> None:
    """Values mix into user positions: a Game returned as an option is its own value."""
    from cgt.games.base import ImpartialPosition, Position

    class Choice(Position):
        def left_options(self) -> list[object]:
            return [cgt.number(3), Choice2()]

        def right_options(self) -> list[object]:
            return [cgt.parse("{1|-1}")]

        def key(self) -> str:
            return "choice"

    class Choice2(Position):
        def left_options(self) -> list[object]:
            return [cgt.star]

        def right_options(self) -> list[object]:
            return []

        def key(self) -> str:
            return "choice2"

    assert Choice().value() == cgt.Game([3, cgt.Game(["*"], [])], ["{1|-1}"])

    class Heap(ImpartialPosition):
        def options(self) -> list[object]:
            return [cgt.nimber(1), cgt.nimber(3)]

        def key(self) -> int:
            return 0

    assert Heap().grundy() == 0  # mex{1, 3}

    class Bad(ImpartialPosition):
        def options(self) -> list[object]:
            return [cgt.up]

        def key(self) -> int:
            return 1

    with pytest.raises(cgt.NotImpartial, match="not a nimber"):
        Bad().grundy()


@pytest.mark.slow
def test_identity_keys_warn_once_when_the_table_grows() -> None:
    import warnings

    from cgt import solver as solver_module
    from cgt.games.base import Position

    class Row(Position):  # no key(): every object is its own key
        def __init__(self, n: int) -> None:
            self.n = n

        def left_options(self) -> list[Row]:
            return [Row(self.n - k) for k in (1, 2) if k <= self.n]

        def right_options(self) -> list[Row]:
            return [Row(self.n - 1)] if self.n else []

    old = solver_module.IDENTITY_KEY_WARNING
    solver_module.IDENTITY_KEY_WARNING = 50
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            s = solver_module.Solver()
            v = s.value(Row(12))
            s.value(Row(13))
        mine = [w for w in caught if issubclass(w.category, solver_module.IdentityKeyWarning)]
        assert len(mine) == 1 and "Row positions have no key()" in str(mine[0].message)
        keyed = type("KeyedRow", (Row,), {"key": lambda self: self.n})
        assert v is solver_module.Solver().value(keyed(12))  # the same answer, keyed
    finally:
        solver_module.IDENTITY_KEY_WARNING = old
