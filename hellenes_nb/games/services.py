"""Each registered game's :class:`~hellenes_nb.gameservices.GameServices`, listed explicitly
(as :mod:`hellenes_nb.games.registry` lists the rulesets)."""

from __future__ import annotations

from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.games.earth_water.services import EARTH_WATER_SERVICES
from hellenes_nb.games.hellenes.services import HELLENES_SERVICES
from hellenes_nb.gameservices import NO_SERVICES, GameServices

#: game name -> its services
SERVICES: dict[str, GameServices] = {"hellenes": HELLENES_SERVICES,
                                     "earth-water": EARTH_WATER_SERVICES}


def services_for(ruleset: Ruleset) -> GameServices:
    """The services of ``ruleset``'s game (:data:`~hellenes_nb.gameservices.NO_SERVICES` for
    a game that registered none)."""
    return SERVICES.get(ruleset.name, NO_SERVICES)
