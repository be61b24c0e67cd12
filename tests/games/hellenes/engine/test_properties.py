"""Invariants under random legal play (hypothesis): nothing crashes, the board stays consistent,
views never leak hidden blocks, and clone / undo / replay / save-load agree."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from support.hellenes_mini_world import mini_world

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.eventlog import HEAD, REDACTED
from hellenes_nb.games.hellenes.world.records import SetupEntry

SETUP = [SetupEntry("athens", 1, "attica", 3), SetupEntry("athens", 2, "attica", 2),
         SetupEntry("athens", 3, "saronic_gulf", 3), SetupEntry("athens", 7, "plataea", 2),
         SetupEntry("sparta", 1, "laconia", 3), SetupEntry("sparta", 2, "laconia", 2),
         SetupEntry("sparta", 3, "messenia", 2), SetupEntry("sparta", 10, "corinth", 2),
         SetupEntry("sparta", 22, "boeotia", 2)]
MINI = mini_world(SETUP)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=5, max_size=120)


def run(seed: int, picks: list[int], check=None) -> Game:
    game = Game.new("mini", seed, world=MINI)
    for i in picks:
        if game.over:
            break
        legal = game.legal_actions()
        assert legal, f"dead end: no legal action at {game.prompt.kind}"
        game.apply(legal[i % len(legal)])
        if check:
            check(game)
    return game


def board_ok(game: Game) -> None:
    s = game.state
    ix = s.ix
    inside_count = [0] * ix.n_places
    for u in range(120):
        p = s.loc[u]
        if p < 0:
            assert s.cv[u] == 0 and not s.inside[u]
            continue
        assert ix.exists[u]
        assert 1 <= s.cv[u] <= ix.max_cv[u], (ix.unit_key[u], s.cv[u])
        if ix.is_sea(p):
            assert not s.inside[u]
        if s.inside[u]:
            assert ix.has_city[p]
            inside_count[p] += 1
        if ix.is_fleet[u] and not ix.is_sea(p):
            assert ix.is_coastal(p), f"fleet {ix.unit_key[u]} inland in {ix.place_ids[p]}"
        assert not s.neutral[p]
    for p in range(ix.n_land):
        if ix.has_city[p]:
            assert inside_count[p] <= 2 * ix.city_value[p]
    for p in range(ix.n_land, ix.n_places):
        for side in (0, 1):
            here = [u for u in range(side * 60, side * 60 + 60) if s.loc[u] == p]
            land = sum(1 for u in here if not ix.is_fleet[u])
            assert land <= len(here) - land, f"land units stranded at sea in {ix.place_ids[p]}"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), picks=choices)
def test_random_legal_play_never_crashes_and_keeps_the_board_consistent(seed, picks):
    run(seed, picks, board_ok)


def _names(value, field: str = ""):
    """Every string of a view (values and keys), but a block's rating: a rating code such as
    "A1" is also the key of unit A1, and a revealed fighter's rating is public."""
    if isinstance(value, dict):
        for k, x in value.items():
            yield k
            yield from _names(x, k)
    elif isinstance(value, list):
        for x in value:
            yield from _names(x, field)
    elif isinstance(value, str) and field != "rating":
        yield value


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), picks=choices)
@example(seed=147, picks=[52] + [0] * 12 + [2] + [0] * 10)  # a revealed A1-rated fighter
def test_views_never_show_hidden_enemy_blocks(seed, picks):
    def check(game: Game) -> None:
        s = game.state
        ix = s.ix
        for side, enemy in (("athens", 1), ("sparta", 0)):
            v = game.view(side)
            # past battle reveals in the log were public when they happened; the rest of the
            # view must show only what is visible now
            named = set(_names({k: x for k, x in v.items() if k != "log"}))
            for ev, shown in zip(s.log, v["log"], strict=True):
                assert REDACTED not in shown
                form = ev.get(REDACTED, {}).get(side)
                if form is not None:  # a side that may not read it all reads its form only
                    assert shown == {**{k: ev[k] for k in HEAD}, **form}
            for u in range(enemy * 60, enemy * 60 + 60):
                if s.loc[u] >= 0 and s.revealed[u]:
                    continue
                assert ix.unit_key[u] not in named, (side, ix.unit_key[u])
            for rec in v["units"]:
                if rec["side"] != side and "unit" not in rec:
                    assert set(rec) == {"side", "hidden", "area", "besieged"}
                elif rec["side"] != side:
                    assert s.revealed[ix.unit(rec["unit"])], rec
            enemy_name = "sparta" if side == "athens" else "athens"
            assert isinstance(v["hands"][enemy_name], dict)
            assert isinstance(v["pools"][enemy_name], dict)

    run(seed, picks, check)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), picks=choices)
def test_clone_replay_and_save_load_agree(seed, picks):
    game = run(seed, picks)
    assert game.clone().state == game.state
    assert Game.replay("mini", seed, game.history, world=MINI).state == game.state
    assert Game.from_json(game.to_json(), world=MINI).state == game.state


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), picks=choices)
def test_undo_returns_exactly_to_the_earlier_state(seed, picks):
    game = Game.new("mini", seed, world=MINI)
    for i in picks:
        if game.over:
            break
        before = game.state.clone()
        legal = game.legal_actions()
        game.apply(legal[i % len(legal)])
        try:
            game.undo()
        except IllegalAction:
            continue  # a roll or a reveal: undo is refused, as it must be
        assert game.state == before
        game.apply(legal[i % len(legal)])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), picks=choices, junk=st.dictionaries(
    st.sampled_from(["type", "side", "unit", "path", "area", "card", "use", "carry", "forced"]),
    st.one_of(st.none(), st.integers(-3, 300), st.text(max_size=8), st.booleans(),
              st.lists(st.text(max_size=6), max_size=3))))
def test_malformed_actions_raise_illegal_action_and_change_nothing(seed, picks, junk):
    game = run(seed, picks[:30])
    if game.over:
        return
    before = game.state.clone()
    try:
        game.apply(junk)
    except IllegalAction:
        assert game.state == before
