"""The dashboard shows *Amphipolis*' odds before a choice that rolls a die is taken (issue 29
item 4): the chance on the choice's button, the whole distribution in its hover words and in
the side panel, only for the side at the screen; then the combat fought is one of the
outcomes shown."""

from __future__ import annotations

import random

from hellenes_nb.games.amphipolis.odds import action_odds
from hellenes_nb.games.amphipolis.oddswords import ATTACKS
from hellenes_nb.games.amphipolis.ui import SCREEN
from hellenes_nb.widgets.dashboard import Dashboard


def buttons(dash: Dashboard) -> list[list]:
    return [o for g in dash.choice_panel.groups for r in g["rows"] for o in r["options"]]


def to_a_choice_with_odds(dash: Dashboard, seed: int = 5, limit: int = 400) -> None:
    """Play seeded random choices (hot-seat) until one offered rolls a combat's die."""
    rng = random.Random(seed)
    for _ in range(limit):
        if dash.handover_to is not None:
            dash.ready()
        side = dash.viewer
        if any(action_odds(dash.game, side, a) for a in dash.choices):
            return
        dash.choose(rng.choice(dash.choices))
    raise AssertionError("no choice with odds came up")


def test_the_odds_show_on_the_buttons_and_in_the_panel_before_the_choice():
    dash = Dashboard("amphipolis-10.2", seed=5, mode="hotseat")
    to_a_choice_with_odds(dash)
    side = dash.viewer
    word = side.title()
    with_odds = [o for o in buttons(dash) if f"{word} wins" in o[0] or
                 f"{word} succeeds" in o[0]]
    assert with_odds, buttons(dash)
    short, full, _n = with_odds[0]
    assert short.endswith("%") and "(die " in full  # the chance, then every face on hover
    panel = dash.in_play_html.value
    assert "Odds before you choose" in panel and "(die " in panel


def test_the_attacks_are_buttons_of_their_own_row_not_a_drop_down_list():
    dash = Dashboard("amphipolis-10.2", seed=5, mode="hotseat")
    to_a_choice_with_odds(dash)
    rows = [r for g in dash.choice_panel.groups for r in g["rows"]]
    attacks = [r for r in rows if r["title"] == ATTACKS]
    assert attacks and not attacks[0]["pick"]  # buttons, so each chance shows
    assert all(o[0].endswith("%") for o in attacks[0]["options"])


def test_the_choice_taken_from_a_button_with_odds_plays_as_offered():
    dash = Dashboard("amphipolis-10.2", seed=5, mode="hotseat")
    to_a_choice_with_odds(dash)
    before = len(dash.game.history)
    n = next(o[2] for o in buttons(dash) if o[0].endswith("%"))
    dash.choice_panel._request_choose({"i": n, "moves": before})
    assert len(dash.game.history) == before + 1


def test_the_other_side_sees_no_odds_of_the_deciding_sides_choices():
    dash = Dashboard("amphipolis-10.2", seed=5, mode="hotseat")
    to_a_choice_with_odds(dash)
    other = "sparta" if dash.viewer == "athens" else "athens"
    words = SCREEN.in_play_html(dash.game, dash.game.view(other))
    assert "Odds" not in words and "(die " not in words
    mine = SCREEN.in_play_html(dash.game, dash.game.view(dash.viewer))
    assert "Odds before you choose" in mine
