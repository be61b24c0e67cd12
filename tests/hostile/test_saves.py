"""Hostile and tampered saves (issue 14, items 2 and 6; docs/security.md, "Saves"), and saves
of the other game (issue 26, item 2; docs/security.md, "Wrong and unusable files").

Every file here is refused with a ValueError in plain words naming what is wrong (never an
OverflowError, KeyError or a traceback), and the dashboard's Load button shows that message and
changes nothing. How long each refusal takes is measured in ``scripts/bench_saves.py``.
"""

from __future__ import annotations

import base64
import html
import json
import re
import stat
import time

import pytest
from support.widget_helpers import press_load

import hellenes_nb
from hellenes_nb.bots import RandomBot
from hellenes_nb.core import sealed
from hellenes_nb.core.game import Game
from hellenes_nb.core.savefiles import OtherGameSave, read_save, sealed_save
from hellenes_nb.core.savejson import MAX_HISTORY
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.widgets.dashboard import Dashboard


@pytest.fixture(autouse=True)
def own_key(tmp_path, monkeypatch):
    """Each test is a fresh installation: its own config folder, so its own save key."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture(scope="module")
def saved() -> str:
    """The open save of a game 60 moves in (some units moved, cards played, dice rolled)."""
    game = hellenes_nb.new_game("431", seed=3)
    player = RandomBot(3)
    for _ in range(60):
        side = "athens" if game.legal_actions("athens") else "sparta"
        game.apply(player.choose(game, side))
    return game.to_json()


def _edit(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _on_map(data: dict) -> str:
    return next(k for k, u in data["state"]["units"].items()
                if u["at"] not in ("pool", "aside", "out"))


def _set_cv(cv: int):
    def change(data: dict) -> None:
        data["state"]["units"][_on_map(data)]["cv"] = cv
    return change


def _set(key: str, value):
    return lambda data: data["state"].__setitem__(key, value)


def _twice(text: str) -> str:
    """The first unit listed a second time, in another place (the JSON repeats its key)."""
    data = json.loads(text)
    key = _on_map(data)
    return text.replace('"units": {', f'"units": {{"{key}": {{"at": "laconia", "cv": 1}}, ', 1)


def _drop_last_move(data: dict) -> None:
    data["history"].pop()


HOSTILE = {
    "cv 99": (lambda t: _edit(t, _set_cv(99)), r"has combat value 99, outside 0 to its maximum"),
    "cv 200": (lambda t: _edit(t, _set_cv(200)), r"combat value 200, outside 0 to its maximum"),
    "cv -1": (lambda t: _edit(t, _set_cv(-1)), r"combat value -1"),
    "prestige 'x'": (lambda t: _edit(t, _set("prestige", "x")),
                     r"state › prestige: should be a whole number, not 'x'"),
    "prestige 99": (lambda t: _edit(t, _set("prestige", 99)),
                    r"state › prestige: 99 is more than the highest allowed"),
    "season 99": (lambda t: _edit(t, _set("season", 99)),
                  r"state › season: 99 is more than the highest allowed, 5"),
    "year 999": (lambda t: _edit(t, _set("year", 999)), r"year 999 is outside scenario 431"),
    "unknown frame": (lambda t: _edit(t, lambda d: d["state"]["stack"].append(
        {"kind": "teleport"})), r"'teleport' is not a kind of step this engine knows"),
    "unit in two places": (_twice, r"appears twice in one object"),
    "unit missing": (lambda t: _edit(t, lambda d: d["state"]["units"].pop("A1")),
                     r"unit A1 is missing: every unit must be listed exactly once"),
    "unknown unit": (lambda t: _edit(t, lambda d: d["state"]["units"].__setitem__(
        "A99", {"at": "pool"})), r"there is no unit 'A99'"),
    "unknown place": (lambda t: _edit(t, lambda d: d["state"]["control"].__setitem__(
        "atlantis", "athens")), r"'atlantis', which is no land area or sea"),
    "card twice": (lambda t: _edit(t, lambda d: d["state"]["deck"].append(
        d["state"]["hands"]["athens"][0])), r"card \d+ is in two places"),
    "unknown card": (lambda t: _edit(t, lambda d: d["state"]["deck"].append(99)),
                     r"card 99, which does not exist"),
    "unknown entry": (lambda t: _edit(t, _set("cheat", 1)),
                      r"state › cheat: this entry is not part of a saved game"),
    "dice state too big": (lambda t: _edit(t, lambda d: d["state"]["dice"].__setitem__(
        "state", 1 << 70)), r"state › dice › state: .* is more than the highest allowed"),
    "seed with 300 digits": (lambda t: _edit(t, lambda d: d.__setitem__("seed", 10 ** 300)),
                             r"seed: .* is more than the highest allowed"),
    "NaN": (lambda t: t.replace('"prestige": ', '"prestige": NaN, "p": ', 1),
            r"NaN is not a number a saved game can hold"),
    "huge history": (lambda t: _edit(t, lambda d: d.__setitem__(
        "history", [{"type": "end_actions", "side": "athens"}] * (MAX_HISTORY + 1))),
                     r"history: holds 20,001 moves; a saved game has at most 20,000"),
    "deeply nested JSON": (lambda t: "[" * 200_000 + "]" * 200_000,
                           r"nests lists or objects far too deeply"),
    "nested past the limit": (lambda t: '{"a": ' * 41 + "1" + "}" * 41,
                              r"nests lists or objects 41 levels deep"),
    "50 MB file": (lambda t: " " * 50_000_000 + t, r"is 50,\d{3},\d{3} (characters|bytes); a saved "
                                                    r"game is far smaller"),
    "history disagrees with the state": (
        lambda t: _edit(t, _drop_last_move),
        r"does not follow from its own list of moves .*: state › "),
    "an illegal move": (lambda t: _edit(t, lambda d: d["history"].__setitem__(
        2, {"type": "end_actions", "side": "sparta"})),
                        r"move 3 of the saved game is not legal"),
    "not a save": (lambda t: json.dumps({"hello": "world"}), r"not a saved Hellenes game"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_open_save_is_refused_in_plain_words(saved, case):
    build, message = HOSTILE[case]
    bad = build(saved)
    with pytest.raises(ValueError, match=message) as caught:
        Game.from_json(bad)
    text = str(caught.value)
    assert "Traceback" not in text and len(text) < 600
    with pytest.raises(ValueError, match=message):
        read_save(bad.encode() if len(bad) < 10_000_000 else bad)


@pytest.mark.parametrize("case", ["cv 200", "prestige 'x'", "unknown frame",
                                  "unit in two places", "deeply nested JSON", "50 MB file",
                                  "history disagrees with the state"])
def test_the_load_button_shows_the_refusal_and_changes_nothing(saved, case):
    build, message = HOSTILE[case]
    dash = Dashboard("431", seed=4, mode="hotseat")
    before = dash.game.to_json()
    press_load(dash, build(saved).encode())
    assert dash.status.value.startswith("<div class='hn-msg'>⚠ ")
    shown = re.sub(r"<[^>]+>", "", dash.status.value).replace("&#x27;", "'")
    assert re.search(message, shown), shown
    assert dash.game.to_json() == before


def test_state_from_dict_turns_an_out_of_range_value_into_a_value_error(saved):
    data = json.loads(_edit(saved, _set_cv(200)))
    with pytest.raises(ValueError, match="bad entry"):
        State.from_dict(data["state"], hellenes_nb.new_game("431", 1).state.ix)


def test_a_valid_open_save_still_loads_to_the_same_game(saved):
    loaded = Game.from_json(saved)
    assert json.loads(loaded.to_json()) == json.loads(saved)


# -- sealed saves (games against the computer) -------------------------------------------------
def _bot_dash(**kwargs) -> Dashboard:
    dash = Dashboard("431", bot="random", **kwargs)
    me = HeuristicBot(5)
    for _ in range(30):
        dash.choose(me.choose(dash.game, "athens"))
    return dash


def _download(dash: Dashboard) -> str:
    """The save exactly as the browser receives it: the Save link's data URL, decoded."""
    found = re.search(r"href='data:application/json;base64,([^']+)'", dash.download.value)
    assert found, dash.download.value
    return base64.b64decode(found.group(1)).decode()


def test_the_save_link_against_the_computer_reveals_nothing_hidden():
    dash = _bot_dash()
    dash.save()
    text = _download(dash)
    data = json.loads(text)
    st = dash.game.state
    assert set(data) == {"format", "version", "note", "side", "scenario", "key_id", "view",
                         "sealed"}
    assert data["side"] == "athens" and data["format"] == "hellenes-nb sealed game"
    view = data["view"]
    assert view == json.loads(json.dumps(dash.game.view("athens")))
    assert view["hands"]["sparta"] == {"count": len(st.hands[1])}
    assert view["deck"] == {"count": len(st.deck)}
    for unit in view["units"]:
        if unit["side"] == "sparta" and not st.revealed[st.ix.unit(unit["unit"])
                                                        if "unit" in unit else 0]:
            assert unit.get("hidden") and "unit" not in unit and "cv" not in unit
    # the seed, the dice state, the deck order and the computer's hand (as a list: one card
    # number alone, such as 44, may stand anywhere in the text) appear nowhere in the file
    for secret in (str(dash.game.seed), str(st.dice.state), json.dumps(st.deck)[1:-1],
                   json.dumps(sorted(st.hands[1])), json.dumps(st.hands[1])):
        assert secret not in text
    assert '"seed"' not in text and '"history"' not in text and '"state"' not in text
    # the sealed part is ciphertext: nothing readable in it
    token = base64.urlsafe_b64decode(data["sealed"])
    assert b"deck" not in token and b"seed" not in token and b"athens" not in token


def test_a_sealed_save_goes_on_where_it_was_saved():
    dash = _bot_dash(seed=21)
    text = dash.save()
    again = Dashboard.load(text)
    assert (again.mode, again.human, again.bot_name) == ("bot", "athens", "random")
    assert again.game.history == dash.game.history
    assert again.game.state == dash.game.state
    assert repr(again) == repr(dash)
    hidden = _bot_dash()
    loaded = Dashboard.load(hidden.save())
    assert "seed hidden" in repr(loaded) and str(hidden.game.seed) not in repr(loaded)


def test_a_sealed_save_opens_only_against_the_computer_on_the_same_side():
    text = _bot_dash(seed=22).save()
    with pytest.raises(ValueError, match="opens only against the computer, with you as Athens"):
        Dashboard.load(text, mode="hotseat")
    with pytest.raises(ValueError, match="opens only against the computer"):
        Dashboard.load(text, human="sparta")
    seat = Dashboard("431", seed=1, mode="hotseat")
    before = seat.game.to_json()
    with pytest.raises(ValueError, match="opens only against the computer"):
        seat.restore(text)
    assert seat.game.to_json() == before


def _swap_char(token: str, at: int) -> str:
    return token[:at] + ("A" if token[at] != "A" else "B") + token[at + 1:]


def test_a_tampered_sealed_token_is_refused():
    text = _bot_dash(seed=23).save()
    data = json.loads(text)
    data["sealed"] = _swap_char(data["sealed"], len(data["sealed"]) // 2)
    with pytest.raises(ValueError, match="sealed part of this save has been altered or damaged"):
        read_save(json.dumps(data))
    data["sealed"] = "not a token at all ✓"
    with pytest.raises(ValueError, match="altered or damaged"):
        read_save(json.dumps(data))
    # the Load button shows the refusal
    dash = _bot_dash(seed=23)
    before = dash.game.to_json()
    press_load(dash, json.dumps(data))
    assert "⚠" in dash.status.value and "altered or damaged" in dash.status.value
    assert dash.game.to_json() == before


def test_a_token_from_another_installation_is_refused(tmp_path, monkeypatch):
    text = _bot_dash(seed=24).save()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "another-machine"))
    with pytest.raises(ValueError, match="sealed by another installation of hellenes-nb"):
        Dashboard.load(text)
    # even with this machine's key id written in, the token does not open
    data = json.loads(text)
    data["key_id"] = sealed.key_id(sealed.installation_key())
    with pytest.raises(ValueError, match="altered or damaged"):
        read_save(json.dumps(data))


def test_the_readable_part_cannot_redirect_the_sealed_part():
    text = _bot_dash(seed=25).save()
    data = json.loads(text)
    data["side"] = "sparta"
    with pytest.raises(ValueError, match="does not match its sealed part"):
        read_save(json.dumps(data))
    data = json.loads(text)
    data["key_id"] = "not hex"
    with pytest.raises(ValueError, match="key_id"):
        read_save(json.dumps(data))


def test_the_sealed_part_is_checked_like_an_open_save(saved):
    """A token sealed with this installation's key still holds a save that must pass every
    check (a key taken from the installation does not let a file skip them)."""
    bad = _edit(saved, _set_cv(200))
    text = sealed_save(Game.from_json(saved), "athens", "random", seed_secret=True)
    data = json.loads(text)
    content = json.dumps({"human": "athens", "bot": "random", "seed_secret": True, "game": bad})
    data["sealed"], data["key_id"] = sealed.seal(content.encode())
    with pytest.raises(ValueError, match="combat value 200"):
        read_save(json.dumps(data))


def test_the_key_lives_in_the_config_folder_for_the_user_only(tmp_path):
    path = sealed.key_path()
    assert not path.exists()
    text = _bot_dash(seed=26).save()
    assert path.is_relative_to(tmp_path / "config")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    key = path.read_bytes().strip()
    assert key.decode() not in text and sealed.key_id(key) in text
    path.chmod(0o644)  # widened by hand: narrowed again when next used
    assert sealed.installation_key() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_bytes(b"garbage")
    with pytest.raises(ValueError, match="save key in .* is damaged"):
        read_save(text)


# -- a save of the other game (issue 26, item 2) -----------------------------------------------
@pytest.fixture
def other_games() -> dict[str, str]:
    """Saves of each game, open (hot-seat) and sealed (against the computer) by this test's
    installation (so a sealed one would open here)."""
    return {"earth-water open": Dashboard("earth-water", seed=12, mode="hotseat").save(),
            "earth-water sealed": Dashboard("earth-water", seed=12, human="persia",
                                            bot="random").save(),
            "hellenes open": Dashboard("431", seed=12, mode="hotseat").save(),
            "hellenes sealed": Dashboard("431", seed=12, bot="random").save(),
            "hellenes 415": Dashboard("415", seed=12, mode="hotseat").save()}


EW_INTO_HELLENES = (r"This is a save of 300: Earth & Water \(scenario 'earth-water'\); this "
                    r"board plays Hellenes: Campaigns of the Peloponnesian War, so nothing was "
                    r"loaded\. Open it in a new cell with Dashboard\.load\(file, "
                    r"game='earth-water'\)")
HELLENES_INTO_EW = (r"This is a save of Hellenes: Campaigns of the Peloponnesian War \(scenario "
                    r"'431'\); this board plays 300: Earth & Water, so nothing was loaded\. Open "
                    r"it in a new cell with Dashboard\.load\(file\)")


@pytest.mark.parametrize("kind", ["open", "sealed"])
@pytest.mark.parametrize("mode", ["hotseat", "bot"])
def test_an_earth_and_water_save_on_the_hellenes_load_button_names_both_games(
        other_games, kind, mode):
    dash = Dashboard("431", seed=4, mode=mode, bot="random")
    before, moves = dash.game.to_json(), len(dash.game.history)
    start = time.perf_counter()
    press_load(dash, other_games[f"earth-water {kind}"])
    assert time.perf_counter() - start < 5
    shown = html.unescape(re.sub(r"<[^>]+>", "", dash.status.value))
    assert shown.startswith("⚠ ") and re.search(EW_INTO_HELLENES, shown), shown
    assert dash.game.to_json() == before
    if dash.handover_to:  # hot-seat: the first player takes the screen
        dash.ready()
    dash.choose(0)  # play goes on
    assert len(dash.game.history) > moves and dash.message == ""
    with pytest.raises(ValueError, match=EW_INTO_HELLENES):
        dash.restore(other_games[f"earth-water {kind}"])
    with pytest.raises(ValueError, match=EW_INTO_HELLENES):
        Dashboard.load(other_games[f"earth-water {kind}"])


@pytest.mark.parametrize("kind", ["open", "sealed"])
def test_a_hellenes_save_on_the_earth_and_water_board_names_both_games(other_games, kind):
    with pytest.raises(ValueError, match=HELLENES_INTO_EW):
        Dashboard.load(other_games[f"hellenes {kind}"], game="earth-water")
    board = Dashboard("earth-water", seed=4, mode="hotseat")
    before = board.game.to_json()
    with pytest.raises(ValueError, match=HELLENES_INTO_EW):
        board.restore(other_games[f"hellenes {kind}"])
    assert board.game.to_json() == before


def test_the_core_refuses_a_save_of_another_game_before_replaying_or_unsealing(
        other_games, tmp_path, monkeypatch):
    """``read_save(text, game=...)`` names both games; the scenario decides, so a sealed
    save of the other game is refused even where its key is unknown."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "elsewhere"))
    for text in (other_games["earth-water open"], other_games["earth-water sealed"]):
        with pytest.raises(OtherGameSave, match=r"save of 300: Earth & Water \(scenario "
                                                r"'earth-water'\), not of Hellenes"):
            read_save(text, game="hellenes")
    # another scenario of the same game is the same game: one dashboard plays every scenario
    loaded = read_save(other_games["hellenes 415"], game="hellenes").game
    assert loaded.state.scenario == "415"
    dash = Dashboard("431", seed=4, mode="hotseat")
    dash.restore(other_games["hellenes 415"])
    assert dash.game.state.scenario == "415" and dash.message.startswith("Loaded the 415 game")
