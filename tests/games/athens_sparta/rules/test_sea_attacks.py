"""Athens & Sparta: sea attacks and sea retreats (aid "Sea Attacks": an operation move of
ships onto an enemy port, vacant or not, starts from friendly ports within 4 hexes; aid "Sea
Retreats": ships retreat to a friendly port within 4 hexes, not through enemy hexes)."""

from __future__ import annotations

import pytest
from support.athens_sparta_positions import at_battles, at_moves

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction

EPIDAURUS = "0708"  # a vacant Spartan port, 2 hexes of water from 0909 and from Aegina
OPEN_SEA = "0909"  # open water off Attica
AEGINA = "0808"  # an Athenian port


def _attacks(g: Game, block: str) -> list[str]:
    return [a["to"] for a in g.legal_actions("athens")
            if a.get("block") == block and a["type"] == "move" and "attacks" in a["label"]]


@pytest.mark.rule("aid")
def test_aid_sea_attacks_start_from_a_friendly_port_not_from_a_patrol_at_sea():
    g = at_moves("athens", {"ath-n1": (OPEN_SEA, 3)})
    g.state.patrols = (("ath-n1", OPEN_SEA),)
    assert _attacks(g, "ath-n1") == []  # no enemy port, vacant or held, from the open sea
    assert AEGINA in [a["to"] for a in g.legal_actions("athens")
                      if a.get("block") == "ath-n1" and a["type"] == "move"]  # home still
    with pytest.raises(IllegalAction, match=r"Epidaurus from 0909.*friendly port.*Sea "
                                            r"Attacks'"):
        g.apply({"type": "move", "side": "athens", "block": "ath-n1", "to": EPIDAURUS})
    assert g.state.board.blocks["ath-n1"].where == OPEN_SEA  # the state unchanged
    from_port = at_moves("athens", {"ath-n1": (AEGINA, 3)})
    assert EPIDAURUS in _attacks(from_port, "ath-n1")  # the same attack from a port of its own


@pytest.mark.rule("aid")
def test_aid_sea_retreats_go_to_a_friendly_port_within_4_hexes_avoiding_enemy_hexes():
    """Athens' navy patrols at Chios while the land falls; it retreats by sea to a free
    Athenian port within 4 hexes, and not to Samos' 1609, whose only way within reach passes
    1408, where a Spartan navy stands."""
    chios = "1306"
    place = {"spa-p1": (chios, 3), "chios-h": (chios, 1), "ath-n2": (chios, 3)}
    for spartan_navy, barred in ((None, set()), ("1408", {"1609"})):
        here = dict(place, **({"spa-n1": (spartan_navy, 3)} if spartan_navy else {}))
        g = at_battles("sparta", [chios], {"spa-p1": "1406"}, here, [1] + [6] * 20,
                       clear=(chios,))
        g.apply({"type": "battle", "side": "sparta", "hex": chios})
        g.apply({"type": "combat", "side": "athens", "block": "ath-n2", "choice": "patrol"})
        assert g.prompt.kind == "retreat" and g.prompt.side == "athens"
        ports = {a["to"] for a in g.legal_actions("athens")}
        assert ports == {"0907", "1007", "1103", "1210", "1403", "1405", "1508", "1608",
                         "1609"} - barred
        w = g.state.world
        assert all(w.city_at(h).port and g.state.board.control[w.city_at(h).id] == "athens"
                   for h in ports)
