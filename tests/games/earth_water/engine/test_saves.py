"""Saves of *300: Earth & Water* against the computer are sealed as the Hellenes dashboard's
(docs/security.md, "Sealed saves"; docs/earth-water.md): the Save link's file shows only what
the player may see, keeps the computer's hand, the deck order, the dice and the seed sealed,
loads back to the same game, and a tampered or misused file is refused in plain words. Played
on the shared dashboard (``Dashboard("earth-water")``)."""

from __future__ import annotations

import base64
import json
import re

import pytest

from hellenes_nb.core.game import new_game
from hellenes_nb.core.savefiles import read_save
from hellenes_nb.widgets.dashboard import Dashboard


def _against_the_computer(moves: int = 30) -> Dashboard:
    """A game the computer holds cards in; its seed is long (a short one, such as 5, could
    stand anywhere in a file) and, as a dashboard's random seed, never told the player."""
    board = Dashboard(game=new_game("earth-water", 4_062_731_958_117), human="greece",
                      bot="random")
    board.seed_secret = True  # as if dealt from a random seed (fixed here for the test)
    while len(board.game.history) < moves or not board.game.state.hands[1]:
        board.choose(len(board.choices) - 1)
    return board


def test_a_dashboard_seed_is_secret():
    assert Dashboard("earth-water", human="greece").seed_secret
    assert not Dashboard("earth-water", seed=3, human="greece").seed_secret


def _link(board: Dashboard) -> tuple[str, str]:
    """The file exactly as the page's Save link offers it, and the link's file name."""
    name, href = re.search(r"download='([^']*)' href='([^']*)'", board.download.value).groups()
    head, data = href.split(",", 1)
    assert head == "data:application/json;base64"
    return base64.b64decode(data).decode(), name


def test_the_save_link_keeps_the_computer_secrets_sealed():
    board = _against_the_computer()
    board.save_button.click()
    text, name = _link(board)
    assert name.startswith("earth-water-campaign-")
    data = json.loads(text)
    st = board.game.state
    assert data["format"] == "hellenes-nb sealed game" and data["side"] == "greece"
    assert data["view"] == json.loads(json.dumps(board.game.view("greece")))
    assert st.hands[1] and data["view"]["hands"]["persia"] == {"count": len(st.hands[1])}
    private = [e["text"] for e in st.log if e.get("private") == "persia"
               and e["text"] != e["public"]]
    assert private, "the computer drew cards in private"
    # (the deck order as a list: one card number alone, such as 5, may stand anywhere)
    order = [json.dumps(st.deck)[1:-1]] if len(st.deck) > 1 else []
    for secret in (str(board.game.seed), str(st.dice.state), *order,
                   json.dumps(st.hands[1]), json.dumps(sorted(st.hands[1])), *private):
        assert secret not in text
    assert '"seed"' not in text and '"history"' not in text and '"deck": [' not in text
    token = base64.urlsafe_b64decode(data["sealed"])
    assert b"deck" not in token and b"seed" not in token and b"persia" not in token


def test_the_sealed_save_loads_back_to_the_same_game_with_the_seed_still_secret():
    board = _against_the_computer()
    again = Dashboard.load(board.save(), game="earth-water")
    assert again.human == "greece" and again.mode == "bot" and again.bot_name == "random"
    assert again.game.history == board.game.history
    assert again.game.state.to_dict() == board.game.state.to_dict()
    assert again.seed_secret and "seed hidden" in repr(again.open_replay())
    assert "seed hidden" in repr(board.open_replay())
    again.save()
    again.choose(0)
    assert again.download.value == ""  # a move makes the old link stale: it goes


def test_a_tampered_or_misused_sealed_save_is_refused_in_plain_words():
    text = _against_the_computer().save()
    data = json.loads(text)
    token = data["sealed"]
    mid = len(token) // 2
    data["sealed"] = token[:mid] + ("A" if token[mid] != "A" else "B") + token[mid + 1:]
    with pytest.raises(ValueError, match="sealed part of this save has been altered or damaged"):
        Dashboard.load(json.dumps(data), game="earth-water")
    edited = {**json.loads(text), "side": "persia"}
    with pytest.raises(ValueError, match="does not match its sealed part"):
        read_save(json.dumps(edited))
    for options in ({"mode": "hotseat"}, {"human": "persia"}):  # would show Persia's hand
        with pytest.raises(ValueError, match="opens only against the computer, with you as "
                                             "Greece"):
            Dashboard.load(text, game="earth-water", **options)


def test_a_hot_seat_save_stays_open():
    board = Dashboard("earth-water", seed=6, mode="hotseat")
    board.ready()
    board.choose(0)
    data = json.loads(board.save())
    assert data["format"] != "hellenes-nb sealed game" and "state" in data
    assert not board.seed_secret
