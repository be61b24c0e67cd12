"""A battle's decisions and deterministic answers to them, for auto-play, tests and the widgets.

:class:`BattleQuestion` is the decision a battle (:class:`~.combat.Battle`, its ``prompt``)
waits for. :class:`BattlePolicy` answers every one: owner's choices among tied blocks (§6.32,
§6.33) go to the first block by key; the retreat option (§6.2, §6.4) is declined unless a
``retreat`` rule says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from hellenes_nb.games.hellenes.rules.battle.setup import BattleError

__all__ = ["BattleQuestion", "BattlePolicy", "auto"]


@dataclass(frozen=True)
class BattleQuestion:
    """A decision the battle waits for.

    ``kind`` is ``"retreat"`` (choices ``fight``/``retreat``, §6.2, §6.4), ``"hit"`` or
    ``"rout"`` (which of several tied blocks takes it: the owner's choice, §6.32, §6.33).
    ``whose`` is the side that decides.
    """

    whose: str
    kind: str
    choices: tuple[str, ...]
    rule: str
    why: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"whose": self.whose, "kind": self.kind, "choices": list(self.choices),
                "rule": self.rule, "why": self.why}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> BattleQuestion:
        """Rebuild a question saved by :meth:`to_dict`."""
        return cls(d["whose"], d["kind"], tuple(d["choices"]), d["rule"], d["why"])


class Asking(Protocol):
    """What a policy reads of the battle it answers: the question it waits on."""

    @property
    def prompt(self) -> BattleQuestion | None: ...


class BattlePolicy:
    """A deterministic answer to every decision of a battle.

    Ties go to the first tied block by key (§6.32, §6.33 owner's choice). Retreat (§6.4) only
    when ``retreat(battle, side)`` says so; by default never.
    """

    __slots__ = ("retreat",)

    def __init__(self, retreat: Callable[[Any, str], bool] | None = None) -> None:
        self.retreat = retreat

    def __call__(self, battle: Asking) -> str:
        p = battle.prompt
        if p is None:
            raise BattleError("no decision is pending")
        if p.kind == "retreat":
            wants = self.retreat is not None and self.retreat(battle, p.whose)
            return "retreat" if wants else "fight"
        return p.choices[0]


#: Never retreats; ties go to the first block by key.
auto = BattlePolicy()
