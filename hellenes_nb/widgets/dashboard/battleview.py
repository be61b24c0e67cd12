"""The battle board inside the dashboard: the battle the game is fighting, read from the view
(docs/dashboard.md, "Battles"; §6.2–§6.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.battlelab import BattleError, battle_from_view
from hellenes_nb.widgets import battle_text
from hellenes_nb.widgets.battle import BattleWidget

__all__ = ["EngineBattleView"]

_BATTLE_CSS = str(BattleWidget._css) + (
    "\n.hn-dash-battle .hb-controls, .hn-dash-battle .hb-tray.empty { display: none; }\n")


class EngineBattleView(BattleWidget):
    """The battle widget following a battle of the game (``view["battle"]``): the engine rolls
    the dice, so the board's own stepping controls are hidden and its decision buttons go to
    ``on_choice``. The view carries no dice, so the board holds none of the game's."""

    _css = _BATTLE_CSS
    requests = {name: "_request_engine" for name in BattleWidget.requests}

    def __init__(self, game: Game, view: dict[str, Any],
                 on_choice: Callable[[str], Any]) -> None:
        shown = view["battle"]
        battle = battle_from_view(shown)
        ix = game.state.ix
        names = {f.key: ix.describe(ix.unit(f.key)) for f in battle.fighters
                 if not f.key.startswith("garrison:")}
        self._on_choice = on_choice
        place = ix.place_name[ix.place(shown["place"])]
        super().__init__(battle, names=names, title=f"Battle in {place}")
        if self._attacks:  # the dice of the attack just thrown
            self.last_attack = battle_text.attack_view(self.battle, self.name, self._attacks,
                                                       self._rerolls)

    def _request_engine(self, msg: dict) -> None:
        if msg.get("request") == "choose":
            self._on_choice(str(msg.get("choice")))
            return
        raise BattleError("In a game the engine rolls the dice: answer the decision in the "
                          "panel (§6.2).")
