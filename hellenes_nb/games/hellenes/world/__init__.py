"""The static world of Hellenes: map, roster, cards and scenarios, loaded from data/hellenes/."""

from hellenes_nb.games.hellenes.world.check import Problem, check_world
from hellenes_nb.games.hellenes.world.load import DataError, data_dir, load_world, read_world
from hellenes_nb.games.hellenes.world.records import (
    Area,
    Border,
    Card,
    City,
    Nation,
    Nationality,
    Rating,
    Scenario,
    Sea,
    SetupEntry,
    Town,
    Unit,
    World,
)

__all__ = [
    "Area",
    "Border",
    "Card",
    "City",
    "DataError",
    "Nation",
    "Nationality",
    "Problem",
    "Rating",
    "Scenario",
    "Sea",
    "SetupEntry",
    "Town",
    "Unit",
    "World",
    "check_world",
    "data_dir",
    "load_world",
    "read_world",
]
