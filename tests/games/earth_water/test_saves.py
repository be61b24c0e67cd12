"""Saves of *300: Earth & Water* against the computer are sealed as the Hellenes dashboard's
(docs/security.md, "Sealed saves"; docs/earth-water.md): the Save link's file shows only what
the player may see, keeps the computer's hand, the deck order, the dice and the seed sealed,
loads back to the same game, and a tampered or misused file is refused in plain words."""

from __future__ import annotations

import base64
import json

import pytest

from hellenes_nb.core.savefiles import read_save
from hellenes_nb.widgets.ew_board import EWBoard


def _against_the_computer(moves: int = 30) -> EWBoard:
    """A game the computer holds cards in; its seed is long (a short one, such as 5, could
    stand anywhere in a file) and, as a dashboard's random seed, never told the player."""
    board = EWBoard(seed=4_062_731_958_117, player="greece", opponent="random",
                    seed_secret=True)
    while len(board.game.history) < moves or not board.game.state.hands[1]:
        board.choose(len(board.choices) - 1)
    return board


def test_a_dashboard_seed_is_secret():
    from hellenes_nb.widgets.dashboard import Dashboard

    assert Dashboard("earth-water", human="greece").seed_secret
    assert not Dashboard("earth-water", seed=3, human="greece").seed_secret


def _link(board: EWBoard) -> str:
    """The file exactly as the page's Save link offers it."""
    head, data = board.download["href"].split(",", 1)
    assert head == "data:application/json;base64"
    return base64.b64decode(data).decode()


def test_the_save_link_keeps_the_computer_secrets_sealed():
    board = _against_the_computer()
    board.handle_request({"request": "save"})
    text = _link(board)
    assert board.download["name"].startswith("earth-water-campaign-")
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
    again = EWBoard.load(board.save())
    assert again.player == "greece" and again.bot.name == "random"
    assert again.game.history == board.game.history
    assert again.game.state.to_dict() == board.game.state.to_dict()
    assert again.seed_secret and "seed hidden" in repr(again.open_replay())
    assert "seed hidden" in repr(board.open_replay())
    again.choose(0)
    assert again.download == {}  # a move makes the old link stale: it goes


def test_a_tampered_or_misused_sealed_save_is_refused_in_plain_words():
    text = _against_the_computer().save()
    data = json.loads(text)
    token = data["sealed"]
    mid = len(token) // 2
    data["sealed"] = token[:mid] + ("A" if token[mid] != "A" else "B") + token[mid + 1:]
    with pytest.raises(ValueError, match="sealed part of this save has been altered or damaged"):
        EWBoard.load(json.dumps(data))
    edited = {**json.loads(text), "side": "persia"}
    with pytest.raises(ValueError, match="does not match its sealed part"):
        read_save(json.dumps(edited))
    for player in (None, "persia"):  # hot-seat, or the computer's side, would show its hand
        with pytest.raises(ValueError, match="opens only against the computer, with you as "
                                             "Greece"):
            EWBoard.load(text, player=player)


def test_a_hot_seat_save_stays_open():
    board = EWBoard(seed=6, player=None)
    board.choose(0)
    data = json.loads(board.save())
    assert data["format"] != "hellenes-nb sealed game" and "state" in data
    assert not board.seed_secret
