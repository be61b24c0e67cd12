"""The common part of a ruleset whose state is one plain position with a stack of decision
frames (Earth & Water, Amphipolis, Athens & Sparta): a game subclasses :class:`PlainRuleset`,
names its facts and hands over its module functions, and writes only what is its own (how a
position is described, what its result carries). docs/architecture.md, "Adding a game"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from hellenes_nb.core.steps import StepRegistry

__all__ = ["PlainRuleset"]


class PlainRuleset:
    """A :class:`~hellenes_nb.core.ruleset.Ruleset` built from a game's parts.

    A subclass sets ``name``, ``title``, ``roles``, ``SCENARIOS`` and the class attributes
    below, each wrapped in ``staticmethod``: ``make(scenario, seed)`` the first position,
    ``checked(action)`` the action's shape, ``view_of(state, role, steps)`` and
    ``log_of(state, role, start)`` the redacted reads, ``validate(data)`` the open save's check.
    ``result`` reads the stack's ``over`` frame and adds :meth:`final`'s fields."""

    name: ClassVar[str]
    title: ClassVar[str]
    roles: ClassVar[tuple[str, ...]]
    SCENARIOS: ClassVar[tuple[str, ...]]
    #: hidden blocks or cards: the generic search may not read the position
    perfect_information: ClassVar[bool] = False
    #: why a scenario outside SCENARIOS is refused, added to the error
    NOT_YET: ClassVar[str] = ""
    make: ClassVar[Callable[[str, int], Any]]
    checked: ClassVar[Callable[[dict], dict | None]]
    view_of: ClassVar[Callable[..., dict]]
    log_of: ClassVar[Callable[..., list]]
    validate: ClassVar[Callable[[Any], Any]]

    def __init__(self, steps: StepRegistry) -> None:
        self.steps = steps

    @property
    def scenarios(self) -> tuple[str, ...]:
        return self.SCENARIOS

    def sets_up(self, scenario: str, **options: Any) -> bool:
        return scenario in self.SCENARIOS and not options

    def _no_options(self, options: dict) -> None:
        if options:
            raise ValueError(f"{self.title} takes no options, not {sorted(options)}")

    def setup(self, scenario: str, seed: int, **options: Any) -> Any:
        if scenario not in self.SCENARIOS:
            known = ", ".join(repr(s) for s in self.SCENARIOS)
            raise ValueError(f"{self.title} sets up {known}{self.NOT_YET}, not {scenario!r}")
        self._no_options(options)
        return self.make(scenario, seed)

    def check_shape(self, action: dict) -> dict | None:
        return self.checked(action)

    def view(self, state: Any, role: str) -> dict[str, Any]:
        return self.view_of(state, role, self.steps)

    def log_for(self, state: Any, role: str, start: int = 0) -> list[dict]:
        return self.log_of(state, role, start)

    def final(self, state: Any, top: dict) -> dict:
        """The game's own fields of a result (scores, points) besides winner, how and text."""
        return {}

    def result(self, state: Any) -> dict | None:
        top = state.stack[-1] if state.stack else None
        if top is None or top["kind"] != "over":
            return None
        w = top["winner"]
        if isinstance(w, int):  # a side's number; -1 for a tie
            w = self.roles[w] if w >= 0 else None
        return {"winner": w, "how": top["how"], "text": top["text"], **self.final(state, top)}

    def save_state(self, state: Any) -> dict[str, Any]:
        return state.to_dict()

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        self._no_options(options)
        self.validate(data)
        return data["scenario"], data["seed"], data["history"]
