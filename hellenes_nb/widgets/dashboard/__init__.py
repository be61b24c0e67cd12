"""The play dashboard (docs/dashboard.md): :class:`Dashboard` with its parts, the decision
panel's layout (:mod:`.choices`), the read-only panels (:mod:`.panels`), the replay viewer
(:mod:`.replay`) and saving and loading (:mod:`.saves`). A game's boards (its map, its battle
board) are its own, named in its ``ScreenKit``."""

from hellenes_nb.widgets.dashboard.choices import FINISH, GROUPS, ROW_BUTTONS, group_choices
from hellenes_nb.widgets.dashboard.dashboard import Dashboard
from hellenes_nb.widgets.dashboard.replay import ReplayViewer
from hellenes_nb.widgets.dashboard.saves import validated_game

__all__ = ["FINISH", "GROUPS", "ROW_BUTTONS", "Dashboard", "ReplayViewer", "group_choices",
           "validated_game"]
