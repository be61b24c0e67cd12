"""The battle board inside the dashboard: the battle the game is fighting, read from the view
(docs/dashboard.md, "Battles"; §6.2–§6.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.battlelab import BattleError, battle_from_view
from hellenes_nb.games.hellenes.widgets import battle_text
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

__all__ = ["EngineBattleView", "fighter_names"]

_BATTLE_CSS = str(BattleWidget._css) + (
    "\n.hn-dash-battle .hb-controls, .hn-dash-battle .hb-tray.empty { display: none; }\n")


def fighter_names(game: Game, shown: dict[str, Any]) -> dict[str, str]:
    """The blocks of a battle by the names players give them: a unit's own name ("Leontis
    hoplites", "The Three Hundred"), a city's garrison as "Garrison of Athens"."""
    ix = game.state.ix
    names = {}
    for f in shown["fighters"]:
        key = f["key"]
        if key.startswith("garrison:"):
            names[key] = f"Garrison of {ix.city_name[ix.place(key.split(':', 1)[1])]}"
        else:
            names[key] = ix.unit_name[ix.unit(key)]
    return names


class EngineBattleView(BattleWidget):
    """The battle widget following a battle of the game (``view["battle"]``): the engine rolls
    the dice, so the board's own stepping controls are hidden and its decision buttons go to
    ``on_choice``. The view carries no dice, so the board holds none of the game's. The same
    board follows each decision and each new battle (:meth:`follow`): its page is built once."""

    _css = _BATTLE_CSS
    requests = {name: "_request_engine" for name in BattleWidget.requests}

    def __init__(self, game: Game, view: dict[str, Any],
                 on_choice: Callable[[str], Any], **kwargs: Any) -> None:
        self._on_choice = on_choice
        shown = view["battle"]
        super().__init__(battle_from_view(shown), **self._words(game, shown), **kwargs)
        self._last_dice()

    def follow(self, game: Game, view: dict[str, Any]) -> None:
        """Show the game's battle as it stands now (a later decision, or another battle)."""
        shown = view["battle"]
        with self.hold_sync():
            self.show_battle(battle_from_view(shown), **self._words(game, shown))
            self._last_dice()

    @staticmethod
    def _words(game: Game, shown: dict[str, Any]) -> dict[str, Any]:
        ix = game.state.ix
        place = ix.place_name[ix.place(shown["place"])]
        return {"names": fighter_names(game, shown), "title": f"Battle in {place}"}

    def _last_dice(self) -> None:
        if self._attacks:  # the dice of the attack just thrown
            self.last_attack = battle_text.attack_view(self.battle, self.name, self._attacks,
                                                       self._rerolls)

    def _request_engine(self, msg: dict) -> None:
        if msg.get("request") == "choose":
            self._on_choice(str(msg.get("choice")))
            return
        raise BattleError("In a game the engine rolls the dice: answer the decision in the "
                          "panel (§6.2).")
