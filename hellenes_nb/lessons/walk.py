"""Moving through a lesson's steps, the same for every game's lesson runner: the step shown,
its number and progress, and Next, Back and Go to (a refusal in plain words, the step shown
unchanged). A runner gives ``steps``, ``_reach(i)`` (compute the game up to step ``i``) and
``_error(message)`` (the exception it raises, naming its file if it likes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["StepWalk"]


class StepWalk:
    """The step a class is at, and the moves between steps (module docstring)."""

    index = 0

    @property
    def steps(self) -> Sequence[Any]:
        """Every step of the lesson."""
        raise NotImplementedError

    def _reach(self, i: int) -> None:
        raise NotImplementedError

    def _error(self, message: str) -> Exception:
        return ValueError(message)

    @property
    def step(self) -> Any:
        """The current step record."""
        return self.steps[self.index]

    @property
    def number(self) -> int:
        """The current step's number as shown to the class (1 = the first step)."""
        return self.index + 1

    @property
    def progress(self) -> str:
        """``"3 / 12"``."""
        return f"{self.number} / {len(self.steps)}"

    @property
    def at_end(self) -> bool:
        """True on the last step."""
        return self.index == len(self.steps) - 1

    def goto(self, number: int) -> Any:
        """Go to step ``number`` (1 to the number of steps); returns the step record."""
        n = len(self.steps)
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= n:
            raise self._error(f"there is no step {number!r}; steps run from 1 to {n}")
        self._reach(number - 1)
        self.index = number - 1
        return self.step

    def next(self) -> Any:
        """Go on to the next step (after a decision point the lesson follows history)."""
        if self.at_end:
            raise self._error(f"this is the last step ({self.progress})")
        return self.goto(self.number + 1)

    def back(self) -> Any:
        """Go back one step."""
        if self.index == 0:
            raise self._error("this is the first step")
        return self.goto(self.number - 1)
