"""A small synthetic world and helpers to build positions for rule tests.

The map reuses real area ids around the Isthmus but is simplified on purpose, so that each test
controls exactly which units stand where. It does not replace the packaged data.
"""

from __future__ import annotations

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.index import index_for, side_index
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.state import POOL, State
from hellenes_nb.games.hellenes.world.records import (
    Area,
    Border,
    Card,
    City,
    EventDef,
    Nation,
    Nationality,
    Rating,
    Scenario,
    Sea,
    SetupEntry,
    Town,
    Unit,
    World,
    frozen_map,
)

SRC = "test kit"

# id: (city name, value, port, offshore, nationality, loyalty) or None; town nationality; coasts
LAND = {
    "attica": (("Athens", 5, True, "saronic_gulf", "attica", "athens"), None),
    "plataea": (("Plataea", 1, False, None, "attica", "athens"), None),
    "megaris": (("Megara", 1, True, "saronic_gulf", "megara", "sparta"), None),
    "corinth": (("Corinth", 3, True, "gulf_of_corinth", "corinth", "sparta"), None),
    "argolis": (("Argos", 3, False, None, "argos", "neutral"), None),
    "laconia": (("Sparta", 5, False, None, "lacedaemon", "sparta"), None),
    "messenia": (("Messene", 1, True, "messenian_gulf", "lacedaemon", "sparta"), None),
    "boeotia": (("Thebes", 3, False, None, "thebes", "sparta"), None),
    "arcadia": (None, None),
    "phocis": (None, None),
    "locris": (None, None),
    "malis": (None, None),
    "odrysia": (None, "odrysia"),
    "chalcis": (("Chalcis", 2, True, "saronic_gulf", "subject", "athens"), None),
}
SEAS = ["saronic_gulf", "gulf_of_corinth", "gulf_of_patrae", "laconian_gulf", "messenian_gulf",
        "myrtoan_sea", "andros_sea"]
BORDERS = [
    ("attica", "megaris", "land"), ("attica", "boeotia", "land"), ("attica", "plataea", "land"),
    ("boeotia", "plataea", "land"), ("corinth", "megaris", "land"), ("boeotia", "megaris", "land"),
    ("argolis", "corinth", "land"), ("argolis", "laconia", "land"),
    ("arcadia", "laconia", "land"), ("arcadia", "corinth", "land"),
    ("laconia", "messenia", "land"), ("boeotia", "phocis", "land"), ("locris", "phocis", "land"),
    ("locris", "malis", "land"), ("malis", "odrysia", "land"), ("boeotia", "chalcis", "land"),
    ("attica", "saronic_gulf", "coast"), ("megaris", "saronic_gulf", "coast"),
    ("gulf_of_corinth", "megaris", "coast"), ("corinth", "gulf_of_corinth", "coast"),
    ("argolis", "myrtoan_sea", "coast"), ("laconia", "laconian_gulf", "coast"),
    ("messenia", "messenian_gulf", "coast"), ("boeotia", "gulf_of_corinth", "coast"),
    ("gulf_of_corinth", "phocis", "coast"), ("chalcis", "saronic_gulf", "coast"),
    ("myrtoan_sea", "saronic_gulf", "sea"), ("laconian_gulf", "myrtoan_sea", "deepsea"),
    ("laconian_gulf", "messenian_gulf", "sea"), ("gulf_of_corinth", "gulf_of_patrae", "narrows"),
    ("gulf_of_patrae", "messenian_gulf", "sea"), ("andros_sea", "saronic_gulf", "deepsea"),
]
NATS = {"attica": "athens", "subject": "athens", "megara": "sparta", "corinth": "sparta",
        "argos": "neutral", "lacedaemon": "sparta", "thebes": "sparta", "odrysia": "athens"}

# (side, id): (type, max_cv, rating, sea_rating, move, elite, nationality, homes, availability)
UNITS = {
    ("athens", 1): ("hoplite", 4, "C2", None, 2, False, "attica", ("attica", "plataea"), ""),
    ("athens", 2): ("fleet", 4, "D1", "E2", 3, False, "attica", ("attica",), ""),
    ("athens", 3): ("elite_fleet", 4, "D1", "E2", 3, True, "attica", ("attica",), ""),
    ("athens", 4): ("cavalry", 3, "A1", None, 3, False, "attica", ("attica",), ""),
    ("athens", 5): ("barbarian", 3, "A3", None, 3, False, "odrysia", ("odrysia",),
                    "no_athenian_leader"),
    ("athens", 6): ("fleet", 3, "D1", "F1", 3, False, "subject", ("chalcis",), ""),
    ("athens", 7): ("hoplite", 3, "C2", None, 2, False, "attica", ("attica", "plataea"), ""),
    ("athens", 8): ("archer", 2, "A1", None, 2, False, "attica", ("attica",), ""),
    ("sparta", 1): ("elite_hoplite", 4, "B2", None, 2, True, "lacedaemon",
                    ("laconia", "messenia"), ""),
    ("sparta", 2): ("hoplite", 4, "C2", None, 2, False, "lacedaemon", ("laconia", "messenia"),
                    ""),
    ("sparta", 3): ("fleet", 3, "D1", "F1", 3, False, "lacedaemon", ("messenia",), ""),
    ("sparta", 4): ("fleet", 3, "D1", "F1", 3, False, "lacedaemon", ("messenia",), ""),
    ("sparta", 5): ("infantry", 3, "B1", None, 2, False, "lacedaemon", ("laconia",), ""),
    ("sparta", 6): ("cavalry", 2, "A1", None, 3, False, "lacedaemon", ("laconia",), ""),
    ("sparta", 7): ("hoplite", 3, "C2", None, 2, False, "megara", ("megaris",), ""),
    ("sparta", 10): ("fleet", 3, "D1", "F1", 3, False, "corinth", ("corinth",), ""),
    ("sparta", 11): ("hoplite", 4, "C2", None, 2, False, "corinth", ("corinth",), ""),
    ("sparta", 20): ("fleet", 3, "D1", "F1", 3, False, "thebes", ("boeotia",), ""),
    ("sparta", 21): ("cavalry", 3, "A2", None, 3, False, "thebes", ("boeotia",), ""),
    ("sparta", 22): ("hoplite", 4, "C2", None, 2, False, "thebes", ("boeotia",), ""),
}


def _rating(text: str | None) -> Rating | None:
    return Rating(text[0], int(text[1])) if text else None


def _cards() -> dict[int, Card]:
    cards = {
        1: Card(1, "Pericles", "gold", 1, "leader", "both", True, True, "",
                frozen_map({"leader": "pericles", "side": "athens"}), 1, "", SRC),
        2: Card(2, "Archidamos", "gold", 1, "leader", "both", True, True, "",
                frozen_map({"leader": "archidamos", "side": "sparta"}), 0, "", SRC),
    }
    events = ["atrocity", "earthquake", "augury", "hunger", "treachery", "plague_strikes"]
    for n in range(3, 21):
        cards[n] = Card(n, f"Card {n}", "silver", 1 + n % 3, events[n % len(events)], "both",
                        False, True, "", frozen_map({}), None, "", SRC)
    return cards


def mini_world(setup: list[SetupEntry] | None = None) -> World:
    """The synthetic world; ``setup`` fills the scenario "mini" (431, cards 1–20)."""
    areas = {}
    for aid, (city, town) in LAND.items():
        c = None
        if city:
            name, value, port, off, nat, loy = city
            c = City(name, value, port, off, nat, loy, None, (0.0, 0.0))
        t = Town("Odrysian lands", town, (0.0, 0.0)) if town else None
        areas[aid] = Area(aid, aid.title(), aid, "greece", False, (0.0, 0.0), c, t,
                          ("saronic_gulf",) if aid == "corinth" else (), (), SRC)
    seas = {s: Sea(s, s.replace("_", " ").title(), "greece", (0.0, 0.0), False, SRC)
            for s in SEAS}
    borders = tuple(Border(*sorted((a, b)), t, SRC) for a, b, t in BORDERS)
    adj: dict[str, list] = {}
    for b in borders:
        adj.setdefault(b.a, []).append((b.b, b.type))
        adj.setdefault(b.b, []).append((b.a, b.type))
    units = {}
    for (side, uid), (typ, mx, rat, sea, mv, el, nat, homes, av) in UNITS.items():
        units[(side, uid)] = Unit(side, uid, f"{nat.title()} {typ}", nat, typ, mx, _rating(rat),
                                  _rating(sea), mv, el, homes, ("mini",), av, SRC)
    scen = Scenario(
        id="mini", name="Test position", years=(431, 431), cards=(1, 20),
        unit_ids=((1, 30),), neutral=("argolis",), prestige=0,
        leaders=frozen_map({"athens": "pericles", "sparta": "archidamos"}),
        captured=frozen_map({}), setup=tuple(setup or ()), garrisons=frozen_map({}), rules=(),
        source=SRC)
    return World(
        nationalities=frozen_map({k: Nationality(k, k, "#000000", v, "greek", SRC)
                                  for k, v in NATS.items()}),
        nations=frozen_map({a: Nation(a, a, SRC) for a in LAND}),
        areas=frozen_map(areas), seas=frozen_map(seas), borders=borders,
        subject_regions=frozen_map({}), units=frozen_map(units), cards=frozen_map(_cards()),
        events=frozen_map({k: EventDef(k, k, "3.1", False, "") for k in
                           ("leader", "atrocity", "earthquake", "augury", "hunger",
                            "treachery", "plague_strikes")}),
        special_rules=frozen_map({}), scenarios=frozen_map({"mini": scen}),
        adjacency=frozen_map({k: tuple(sorted(v)) for k, v in adj.items()}),
    )


WORLD = mini_world()
IX = index_for(WORLD)


def position(units: dict[str, tuple], *, seed: int = 1, world: World = WORLD) -> State:
    """A state with exactly ``units`` on the map: ``{"S1": ("laconia", 3), "A2": ("attica", 2,
    "inside")}``; every other unit of the scenario is in its pool."""
    s = initial_state(world, "mini", seed)
    ix = index_for(world)
    for u in range(120):
        if s.loc[u] >= 0:
            s.loc[u], s.cv[u] = POOL, 0
    for key, spec in units.items():
        u = ix.unit(key)
        s.loc[u] = ix.place(spec[0])
        s.cv[u] = spec[1]
        s.inside[u] = 1 if "inside" in spec[2:] else 0
    from hellenes_nb.games.hellenes.rules import control

    control.refresh(s)
    return s


def action_phase(state: State, side: str, actions: int, *, season: int = 1) -> Game:
    """A game whose next decision is ``side``'s action phase with ``actions`` actions."""
    s = side_index(side)
    state.season = season
    state.active = s
    state.first = s
    hand_card = 3 + s
    state.played[s] = {"card": hand_card, "use": "actions"}
    state.played[1 - s] = {"card": 5 + s, "use": "actions"}
    state.actions_left = actions
    state.stack = [{"kind": "year", "stage": 5},
                   {"kind": "season", "season": season, "stage": 3},
                   {"kind": "turn", "side": s, "stage": 1},
                   {"kind": "actions", "side": s}]
    return Game(HELLENES, state, seed=1)


def unit_at(game: Game, key: str) -> str | None:
    """Where a unit stands (area id) or None when off the map."""
    p = game.state.loc[game.state.ix.unit(key)]
    return game.state.ix.place_ids[p] if p >= 0 else None
