"""Choices an event asks for (a city, a card, a number of armies): one ``pick`` frame kind whose
``what`` names the handler (:data:`HANDLERS`, listed explicitly)."""

from __future__ import annotations

from hellenes_nb.games.earth_water.rules import greek, leaders, persian
from hellenes_nb.games.earth_water.rules.common import SideStep
from hellenes_nb.games.earth_water.state import State

__all__ = ["HANDLERS", "STEPS"]

HANDLERS = {**leaders.PICKS, **greek.PICKS, **persian.PICKS}


class Pick(SideStep):
    """A side chooses for an event (the handler of ``frame["what"]``)."""

    kind = "pick"
    rules = ("6.2",)

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        return HANDLERS[frame["what"]].options(st, frame, side)

    def act(self, st: State, frame: dict, act: dict) -> None:
        HANDLERS[frame["what"]].act(st, frame, act)

    def reveals(self, st: State, frame: dict, action: dict) -> bool:
        """As the handler says (its ``revealing`` action types, none by default)."""
        return action["type"] in getattr(HANDLERS[frame["what"]], "revealing", ())

    def text(self, st: State, frame: dict) -> str:
        return HANDLERS[frame["what"]].text(st, frame)


STEPS = (Pick(),)
