"""Athens & Sparta: the rules options of docs/rules-decisions.md taken by
``new_game("athens-sparta", seed, **options)``, kept in saves, refused in words."""

from __future__ import annotations

import pytest

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.sequence import OlympiadEnd


def test_options_are_taken_kept_in_the_save_and_bad_ones_refused_in_words():
    g = new_game("athens-sparta", 3, pursuit="forced_only", end_of_war="points")
    assert g.state.options == {"end_of_war": "points", "pursuit": "forced_only"}
    assert new_game("athens-sparta", 3, pursuit="aid").state.options == {}  # the default
    again = Game.from_json(g.to_json(), pursuit="forced_only", end_of_war="points")
    assert again.to_json() == g.to_json()
    with pytest.raises(ValueError, match="played with the rules options end_of_war='points'"):
        Game.from_json(g.to_json())
    with pytest.raises(ValueError, match="'aid' \\(the default\\) or 'forced_only', not 'x'"):
        new_game("athens-sparta", 3, pursuit="x")
    with pytest.raises(ValueError, match="no option 'fog'"):
        new_game("athens-sparta", 3, fog="on")
    assert new_game("athens-sparta", 3, revolt="fan", bidding="on").state.options == {
        "bidding": "on", "revolt": "fan"}  # every option of options.yaml is played now


@pytest.mark.rule("10.2")
def test_10_2_end_of_the_war_athens_by_the_aid_more_points_with_the_option():
    winners = {}
    for option in ("aid", "points"):
        st = Position("athens-sparta", 3, options={} if option == "aid" else
                      {"end_of_war": option})
        st.board.olympiad = 89
        for city in ("chios", "samos"):  # Sparta 18 + 4, Athens 19 - 4: under 30, Sparta ahead
            st.board.control[city] = "sparta"
        st.stack = [{"kind": "olympiad_end"}]
        OlympiadEnd().run(st, st.stack[-1])
        winners[option] = (st.stack[-1]["winner"], st.stack[-1]["how"])
    assert winners == {"aid": ("athens", "end of the war"), "points": ("sparta", "end of the war")}
