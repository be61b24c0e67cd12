"""The board of *Athens & Sparta* (docs/athens-sparta.md, "The board"): drawn from a side's view
only (the other side's blocks face down, with nothing of what they are), a click on a hex lights
where the viewer's blocks there may go now, bad requests refused in words, nothing under the
curtain, the classroom size."""

from __future__ import annotations

import json
import random
import re

import pytest

from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.session import GameSession
from hellenes_nb.games.athens_sparta.boardsvg import board_svg
from hellenes_nb.games.athens_sparta.widgets.board import ASBoard
from hellenes_nb.games.athens_sparta.world import load_world

ATHENS_HEX = "0907"


def athens_to_move(seed: int = 3) -> Game:
    """A game at Athens' first Move Phase: both pick their highest card (with this seed
    Athens is then Player 1)."""
    game = new_game("athens-sparta", seed)
    for side in ("athens", "sparta"):
        cards = [a for a in game.legal_actions(side) if a["type"] == "card"]
        game.apply(max(cards, key=lambda a: int(re.search(r"\((\d+) MP", a["label"])[1])))
    assert game.prompt.side == "athens" and game.prompt.kind == "ops"
    return game


def _swap_two_spartan_blocks(game: Game) -> Game:
    """The same game with two Spartan blocks of different types in different hexes swapped:
    Athens' view cannot tell them apart."""
    twin = game.clone()
    blocks = twin.state.board.blocks
    kinds = {b.id: b.type for b in twin.state.world.blocks}
    spartan = [k for k, v in sorted(blocks.items()) if v.side == "sparta" and v.where[0].isdigit()]
    a = spartan[0]
    b = next(k for k in spartan if kinds[k] != kinds[a] and blocks[k].where != blocks[a].where)
    blocks[a], blocks[b] = blocks[b], blocks[a]
    return twin


def _traits(board: ASBoard) -> str:
    return json.dumps({k: v for k, v in board.get_state().items()
                       if k not in ("_esm", "_css", "layout", "renders", "_anywidget_id")},
                      sort_keys=True, default=str)


def test_the_other_sides_blocks_reach_the_page_face_down_only():
    game = athens_to_move()
    twin = _swap_two_spartan_blocks(game)
    board = ASBoard(GameSession(game), viewer="athens")
    seen = _traits(board)
    spartan = [k for k, v in game.state.board.blocks.items() if v.side == "sparta"]
    for block in spartan:
        assert block not in seen
    assert 'class="block face-down" data-side="sparta"' in board.svg
    on_map = sum(1 for b in game.view("athens")["blocks"]
                 if b["side"] == "sparta" and b["where"][0].isdigit())
    assert board.svg.count('data-side="sparta"><title>Spartan block, face down') == on_map
    board.session.load(twin)
    assert _traits(board) == seen, "Athens' board changed with Sparta's hidden blocks"
    theirs = ASBoard(GameSession(game), viewer="sparta").svg
    assert theirs != ASBoard(GameSession(twin), viewer="sparta").svg  # Sparta sees its own


def test_own_blocks_stand_face_up_with_type_rating_and_steps():
    game = athens_to_move()
    svg = board_svg(game.view("athens"))
    assert 'data-block="ath-h1"' in svg
    block = re.search(r'<g class="block face-up"[^>]*data-block="ath-h1".*?</g>', svg)[0]
    assert "<title>Athens I: hoplite B2, 3 of 3 steps</title>" in block
    assert ">H</text>" in block and ">B2</text>" in block
    assert block.count("<circle") == 3 and 'fill="none"' not in block.split("<circle", 1)[1]


def test_cities_sieges_and_the_tally_are_drawn():
    game = athens_to_move()
    svg = board_svg(game.view("athens"))
    assert 'class="siege" data-city="potidaea"' in svg
    assert 'class="blockade" data-city="potidaea"' in svg
    assert "Olympiad 84, Game Turn 1 of 6" in svg
    assert "City points: Athens 19, Sparta 18 (30 wins)" in svg
    shown = game.view("athens")["shown"]
    cards = {c.id: c for c in load_world().cards}
    for side in ("athens", "sparta"):
        assert f"{side.title()} plays {cards[shown[side]].mp} MP" in svg


def test_a_click_on_a_hex_lights_where_the_blocks_there_may_go():
    game = athens_to_move()
    board = ASBoard(GameSession(game), viewer="athens")
    board.select(ATHENS_HEX)
    mine = {b["id"] for b in game.view("athens")["blocks"] if b.get("where") == ATHENS_HEX}
    want = {a["to"] for a in game.legal_actions("athens") if a.get("block") in mine}
    assert want and board.lit() == want
    assert board.note == "Lit: where your blocks in Athens (0907) may go now."
    for h in want:
        assert f'data-lit="{h}"' in board.svg
    sparta = ASBoard(GameSession(game), viewer="sparta")
    sparta.select(ATHENS_HEX)  # not Sparta's turn, and not its blocks
    assert sparta.lit() == frozenset()
    assert re.findall(r'data-lit="(\d+)"', sparta.svg) == [ATHENS_HEX]  # the hex picked
    assert sparta.note.startswith("Athens (0907): none of your blocks")


def test_bad_requests_are_refused_in_words_and_the_curtain_hides_everything():
    board = ASBoard(GameSession(athens_to_move()), viewer="athens")
    with pytest.raises(ValueError, match="'atlantis' is not a hex of the board"):
        board.select("atlantis")
    board.handle_request({"request": "select", "hex": 42})  # from the page: words only
    assert "is not a hex of the board" in board.message
    with pytest.raises(ValueError, match="viewer must be"):
        ASBoard(viewer="persia")
    board.curtain = True
    assert board.svg == "" and board.note == ""
    with pytest.raises(ValueError, match="hidden while the screen is handed over"):
        board.select(ATHENS_HEX)


def test_classroom_size_draws_larger_blocks_without_hex_numbers():
    view = athens_to_move().view("athens")
    normal, big = board_svg(view), board_svg(view, size="classroom")
    assert ">0907</text>" in normal and ">0907</text>" not in big
    assert 'width="15.0"' in normal and 'width="19.5"' in big

    def name_size(svg: str) -> float:
        return float(re.search(r'font-size="([\d.]+)"[^>]*>Sparta ·</text>', svg)[1])

    assert name_size(normal) == 9 and name_size(big) >= 13  # city names read on a projector
    with pytest.raises(ValueError, match="'normal' or 'classroom'"):
        board_svg(view, size="huge")


def test_the_board_follows_random_play_without_error():
    game = new_game("athens-sparta", 3)
    board = ASBoard(GameSession(game), viewer="sparta")
    rng = random.Random(3)
    for _ in range(60):
        if game.over:
            break
        board.session.apply(rng.choice(game.legal_actions()))
    assert board.renders > 30 and "<svg" in board.svg
