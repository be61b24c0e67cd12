"""Athens & Sparta: sea patrols declared by the defender when a battle begins (aid "Sea
Patrols": ships may patrol instead of accepting battle or siege; sea control needed; ground
blocks and patrolling ships do not fight each other; enemy ships still may). Dice forced."""

from __future__ import annotations

import pytest
from support.athens_sparta_positions import at_battles

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.bots.heuristic import HeuristicBot
from hellenes_nb.games.athens_sparta.rules.facts import facts

CHIOS = "1306"  # Athens' unwalled port; Sparta comes from 1406
NAUPACTUS = "0506"  # Athens' walled minor port


def _do(g: Game, side: str, type_: str, **keys) -> None:
    g.apply({"type": type_, "side": side, **keys})


def _asked(g: Game) -> dict:
    return g.view(g.prompt.side)["prompt"]["battle"]


def _chios(faces) -> Game:
    """Sparta's peltast attacks Chios, held by a 1-step hoplite and Athens' navy ath-n2."""
    return at_battles("sparta", [CHIOS], {"spa-p1": "1406"},
                      {"spa-p1": (CHIOS, 3), "chios-h": (CHIOS, 1), "ath-n2": (CHIOS, 3)},
                      faces, clear=(CHIOS,))


@pytest.mark.rule("aid")
def test_aid_sea_patrols_the_defenders_navy_may_patrol_instead_of_accepting_battle():
    g = _chios([1] + [6] * 20)
    _do(g, "sparta", "battle", hex=CHIOS)
    asked = _asked(g)
    assert g.prompt.side == "athens" and asked["block"] == "ath-n2"
    assert asked["options"] == ["accept", "patrol"]
    assert "before round 1: athens declares for ath-n2" in g.view("athens")["prompt"]["text"]
    labels = [a["label"] for a in g.legal_actions("athens")]
    assert any("patrols at sea instead of fighting" in t for t in labels)


@pytest.mark.rule("aid")
def test_aid_sea_patrols_ground_blocks_never_fire_at_a_patrol_and_it_sails_when_the_land_falls():
    """The peltast's one hit goes to the hoplite (1 step), not to the stronger navy on patrol;
    with the land lost the patrol retreats by sea to a friendly port (aid "Sea Retreats") and
    Chios falls to Sparta."""
    g = _chios([1] + [6] * 20)
    _do(g, "sparta", "battle", hex=CHIOS)
    _do(g, "athens", "combat", block="ath-n2", choice="patrol")
    b = g.state.board
    assert b.blocks["ath-n2"].steps == 3
    assert b.blocks["chios-h"].where == "pool"
    if g.prompt.kind == "retreat":  # two friendly ports or more: Athens picks
        assert g.prompt.side == "athens"
        to = next(a["to"] for a in g.legal_actions("athens") if a["type"] == "retreat")
        _do(g, "athens", "retreat", block="ath-n2", to=to)
    while g.prompt.kind == "regroup":
        _do(g, "sparta", "end_regroup")
    b = g.state.board
    here = b.blocks["ath-n2"].where
    assert here != CHIOS and g.state.world.city_at(here).port
    assert b.control[g.state.world.city_at(here).id] == "athens"
    assert b.control["chios"] == "sparta"


@pytest.mark.rule("aid")
def test_aid_sea_patrols_accepting_battle_puts_the_navy_in_the_land_battle_as_before():
    g = _chios([1] + [6] * 20)
    _do(g, "sparta", "battle", hex=CHIOS)
    _do(g, "athens", "combat", block="ath-n2", choice="accept")
    assert _asked(g)["options"] == ["land", "stay"]  # no enemy navy: join the land or stay


@pytest.mark.rule("aid")
def test_aid_sea_patrols_enemy_ships_still_fight_a_patrol_which_cannot_withdraw():
    """At walled Naupactus a patrolling navy fights Sparta's navy at sea (it may not withdraw
    into the city, as an accepting one may) and keeps the sea while the peltast withdraws; the
    attacking navy, with the defender's ships still at sea, must go (§5.43) and the hoplite
    besieges the city: the patrol stays in its port, shut in with the city."""
    place = {"spa-n1": (NAUPACTUS, 1), "spa-h1": (NAUPACTUS, 1),
             "naupactus-p": (NAUPACTUS, 2), "ath-n2": (NAUPACTUS, 3)}
    origins = {"spa-n1": "0606", "spa-h1": "0505"}
    g = at_battles("sparta", [NAUPACTUS], origins, place, [6] * 40, clear=(NAUPACTUS,))
    _do(g, "sparta", "battle", hex=NAUPACTUS)
    assert _asked(g)["options"] == ["accept", "patrol"]
    _do(g, "athens", "combat", block="ath-n2", choice="patrol")
    seen = []
    while g.prompt.kind == "battle":
        asked = _asked(g)
        seen.append((asked["block"], tuple(asked["options"])))
        side, block = g.prompt.side, asked["block"]
        choice = "withdraw" if block == "naupactus-p" and "withdraw" in asked["options"] \
            else "stay" if "stay" in asked["options"] else asked["options"][0]
        _do(g, side, "combat", block=block, choice=choice)
    assert not any(k == "ath-n2" and "withdraw" in o for k, o in seen)
    assert seen[1] == ("spa-h1", ("storm", "stay"))  # the patrol does not bar the storm
    while g.prompt.kind in ("retreat", "regroup"):
        a = g.legal_actions(g.prompt.side)
        _do(g, g.prompt.side, a[-1]["type"], **{k: v for k, v in a[-1].items()
                                                 if k not in ("type", "side", "label")})
    b = g.state.board
    assert b.blocks["ath-n2"].where == NAUPACTUS and b.blocks["spa-n1"].where != NAUPACTUS
    assert b.besieged.get("naupactus") == "sparta" and b.control["naupactus"] == "athens"
    assert facts(g.state.world, b).sea_control(NAUPACTUS) == "athens"


@pytest.mark.rule("aid")
def test_aid_sea_patrols_none_under_the_fan_text_and_refused_in_words():
    g = at_battles("sparta", [CHIOS], {"spa-p1": "1406"},
                   {"spa-p1": (CHIOS, 3), "chios-h": (CHIOS, 1), "ath-n2": (CHIOS, 3)},
                   [6] * 20, clear=(CHIOS,), sea_patrols="off")
    _do(g, "sparta", "battle", hex=CHIOS)
    asked = _asked(g)
    assert "patrol" not in asked["options"]
    with pytest.raises(IllegalAction, match="Sea Patrols"):
        _do(g, g.prompt.side, "combat", block=asked["block"], choice="patrol")


def test_sea_patrols_the_heuristic_accepts_battle():
    """The heuristic keeps its navy in the battle (it may then stay at sea, which holds the
    hex against the land attack after round 2; a patrol would not)."""
    g = _chios([1] + [6] * 20)
    _do(g, "sparta", "battle", hex=CHIOS)
    for seed in range(8):
        assert HeuristicBot(seed).choose(g, "athens")["choice"] == "accept"


def test_sea_patrols_both_sides_see_the_patrol_in_the_battle_list():
    """Blocks in a battle are shown to both sides (§5.4): the patrol's place is in both views
    alike, and the declaration's log line is the same for both."""
    g = _chios([6] * 20)
    _do(g, "sparta", "battle", hex=CHIOS)
    _do(g, "athens", "combat", block="ath-n2", choice="patrol")
    if g.prompt.kind == "battle":
        lists = [g.view(s)["prompt"]["battle"]["blocks"] for s in ("athens", "sparta")]
        assert lists[0] == lists[1]
        assert {b["id"]: b["place"] for b in lists[0]}["ath-n2"] == "on patrol"
    lines = [[e.get("public", e["text"]) for e in g.view(s)["log"] if e["kind"] == "combat"]
             for s in ("athens", "sparta")]
    assert lines[0] == lines[1] and any("patrols at sea" in t for t in lines[0])
