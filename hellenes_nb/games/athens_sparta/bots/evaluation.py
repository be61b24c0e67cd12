"""The search's score of an *Athens & Sparta* position, learned from self-play (docs/bots.md,
"Athens & Sparta"; docs/athens-sparta.md, "The learned evaluation").

A rollout stops at the end of a Combat Phase. Its last position is scored as a win chance
``1 / (1 + exp(-z))``, ``z`` a weighted sum of facts (:func:`features`, each Athens' lead over
Sparta: Athens is role 0 of the ruleset, :data:`..position.SIDES`). The facts follow the
game's own victory terms (§10), read where the game keeps them: the rule module
(:mod:`..rules.victory`: the 30 points that win and the last Olympiad) and the game's options
(``end_of_war``, data/athens_sparta/options.yaml), not a file of their own:

- ``points``: the city points now (§10.2: cities held, neutral allies included, none besieged
  or blockaded; Miletus not Sparta's with Persia's support, §9.3);
- ``points_progress``: that lead by how far the war has run (the end of Olympiad 89 decides
  by points only under ``end_of_war: points``, §10.2);
- ``reach`` and ``reach_late``: how far each side's points stand into the last
  :data:`NEAR` below the 30 that win (§10.2), and that by how near this Olympiad's victory
  check is (the check is made only after its last Game Turn);
- ``clock``: the side that wins if the war ended now (Athens by the aid's reading, else the
  side ahead on points, Athens on a tie, §10.2) by how far the war has run;
- ``armies`` and ``navies``: steps on the map (§2.11), the hand-set worth's other fact, split;
- ``sieges``: the points of the cities each side besieges or blockades (§6.0: they count for
  neither side, §10.2, and are the points in prospect);
- ``main_threat``: enemy steps in or next to each main city (sudden death, §10.1);
- ``hand_mp``: the move points left in hand (§4.0, §4.6; in the search's samples the other
  hand is one drawn from the unseen cards, never the real one);
- ``persia``: Sparta has Persia's support (§9.3: cheaper navies, Persia open).

Both scenarios are one family (:func:`family`): the war and the war with the Syracuse points
are decided by the same terms; the Syracuse points change only Syracuse's value (read by
``points`` from the state) and the first Olympiad's length (read by the clocks). The weights
are fitted by ``scripts/fit_evaluation_as.py`` and shipped in
``data/athens_sparta/evaluation.json``; without them the search keeps the hand-set
:func:`.searching.worth` squashed (:data:`.searching.SCALE`)."""

from __future__ import annotations

from pathlib import Path

from hellenes_nb.bots import learned
from hellenes_nb.bots.learned import win_chance
from hellenes_nb.games.athens_sparta.position import SIDES, TURNS, Position
from hellenes_nb.games.athens_sparta.rules.syracusepoints import turns_now
from hellenes_nb.games.athens_sparta.rules.victory import (
    LAST_OLYMPIAD,
    WIN_POINTS,
    victory_points,
)
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import FIRST_OLYMPIAD
from hellenes_nb.games.athens_sparta.world import World, data_dir

__all__ = ["FEATURES", "NEAR", "WEIGHTS_FILE", "family", "features", "fitted", "value"]

WEIGHTS_FILE = "evaluation.json"
#: the facts scored, each as Athens' lead over Sparta (:func:`features`)
FEATURES = ("points", "points_progress", "reach", "reach_late", "clock", "armies", "navies",
            "sieges", "main_threat", "hand_mp", "persia")
#: the points below the 30 that win from which a side counts as within reach (about what
#: two major cities taken in an Olympiad give)
NEAR = 6
#: Game Turns in the whole war, less one (the clock runs from 0 to 1)
_SPAN = (LAST_OLYMPIAD - FIRST_OLYMPIAD + 1) * TURNS - 1


def family(scenario: str) -> str:
    """The family of fitted weights a scenario reads: one for the game (module docstring)."""
    return "athens-sparta"


def fitted(fam: str, folder: Path | None = None) -> dict[str, float] | None:
    """The fitted weights of a family, or None (:func:`~hellenes_nb.bots.learned.fitted`); a
    file that cannot be read is a :class:`~hellenes_nb.bots.learned.TermsError` naming it."""
    return learned.fitted((folder or data_dir()) / WEIGHTS_FILE, fam)


#: by a world's data folder: its navies, its cards' move points and the hexes in or next to
#: each main city (worked out once: the search scores thousands of positions)
_ROSTERS: dict[str, tuple[frozenset[str], dict[str, int], dict[str, set[str]]]] = {}


def _roster(world: World) -> tuple[frozenset[str], dict[str, int], dict[str, set[str]]]:
    out = _ROSTERS.get(world.folder)
    if out is None:
        near = {s: {world.cities[s].hex} | world.land_links.get(world.cities[s].hex, set())
                for s in SIDES}
        out = _ROSTERS[world.folder] = (
            frozenset(b.id for b in world.blocks if b.type == "navy"),
            {c.id: c.mp for c in world.cards}, near)
    return out


def features(st: Position) -> dict[str, float]:
    """The facts, each as Athens' lead (module docstring)."""
    board, world = st.board, st.world
    navies, mps, near = _roster(world)
    first, second = SIDES  # Athens, role 0: every fact is its lead
    pts = victory_points(board, world, board.persia != "none")
    lead = float(pts[first] - pts[second])
    sign = {first: 1.0, second: -1.0}
    armies = fleets = threat = 0.0
    for k, b in board.blocks.items():
        k_sign = sign.get(b.side or "")
        if k_sign is None or b.where not in world.hexes:
            continue
        if k in navies:
            fleets += k_sign * b.steps
        else:
            armies += k_sign * b.steps
        if b.where in near[second if b.side == first else first]:
            threat += k_sign * b.steps
    sieges = 0.0
    for city in set(board.besieged) | set(board.blockaded):
        by = {board.besieged.get(city), board.blockaded.get(city)} & set(SIDES)
        value = board.values.get(city, world.cities[city].value)
        sieges += sum(sign[s] for s in by) * value
    done = ((board.olympiad - FIRST_OLYMPIAD) * TURNS + board.turn - 1) / _SPAN
    check = board.turn / turns_now(st)
    reach = (max(0, pts[first] - (WIN_POINTS - NEAR))
             - max(0, pts[second] - (WIN_POINTS - NEAR))) / NEAR
    at_end = 1.0 if st.options.get("end_of_war", "aid") == "aid" or lead >= 0 else -1.0
    hand = sum(mps.get(c, 0) for c in st.hands[first]) - sum(
        mps.get(c, 0) for c in st.hands[second])
    return {"points": lead, "points_progress": lead * done, "reach": reach,
            "reach_late": reach * check, "clock": at_end * done, "armies": armies,
            "navies": fleets, "sieges": sieges, "main_threat": threat, "hand_mp": float(hand),
            "persia": -1.0 if board.persia == "allied" else 0.0}


def value(st: Position, role: int, weights: dict[str, float]) -> float:
    """The win chance of side number ``role`` (0 Athens, 1 Sparta) by ``weights``, 0 to 1; a
    finished game scores 1, 0.5 or 0."""
    res = ATHENS_SPARTA.result(st)
    if res is not None:
        return 0.5 if res["winner"] is None else float(res["winner"] == SIDES[role])
    return win_chance(features(st), weights, role)
