"""Invariants of the battle machine over random battles, dice and decisions (hypothesis)."""

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.games.hellenes.rules.battle.blocks import SIDES, Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.setup import KINDS, BattleError

Spec = tuple[str, str, str, str, int, dict[str, Any]]


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, bool, list[Spec]]:
    """A random legal battle: kind, treachery flag and block specs."""
    kind = draw(st.sampled_from(KINDS))
    aggressor = draw(st.sampled_from(SIDES))
    specs: list[Spec] = []
    for side in SIDES:
        role = "aggressor" if side == aggressor else "defender"
        for i in range(draw(st.integers(1, 6))):
            key = f"{side[0].upper()}{i}"
            max_cv = draw(st.integers(1, 4))
            cv = draw(st.integers(1, max_cv))
            power = draw(st.integers(1, 3))
            if kind == "assault" and role == "defender":
                if i == 0 and draw(st.booleans()):
                    specs.append((key, side, role, "A2", 1,
                                  {"max_cv": 1, "garrison": True, "city": True}))
                else:
                    specs.append((key, side, role, "A2", cv, {"max_cv": max_cv, "city": True}))
            elif kind == "sea":
                letter = draw(st.sampled_from("EF"))
                specs.append((key, side, role, f"{letter}{power}", cv,
                              {"max_cv": max_cv, "fleet": True,
                               "holds_round1": draw(st.booleans())}))
                if draw(st.booleans()):
                    specs.append((key + "c", side, role, "C2", draw(st.integers(1, 4)),
                                  {"carried_by": key}))
            else:
                letter = draw(st.sampled_from("ABCD"))
                specs.append((key, side, role, f"{letter}{power}", cv,
                              {"max_cv": max_cv, "cavalry": draw(st.booleans()),
                               "holds_round1": role == "aggressor" and draw(st.booleans())}))
    treachery = kind == "assault" and draw(st.booleans())
    return kind, treachery, specs


def build(setup: tuple[str, bool, list[Spec]], seed: int) -> Battle:
    kind, treachery, specs = setup
    fighters = [Fighter(k, s, r, rt, cv, **fl) for k, s, r, rt, cv, fl in specs]
    return Battle(fighters, kind, dice=seed, treachery=treachery)


def pick(battle: Battle, rng: random.Random) -> str:
    """A random legal answer; retreat is rare so that most battles are fought out."""
    p = battle.prompt
    if p.kind == "retreat":
        return "retreat" if rng.random() < 0.08 else "fight"
    return rng.choice(p.choices)


def act(battle: Battle, rng: random.Random) -> list[dict]:
    if battle.prompt is not None:
        return battle.choose(pick(battle, rng))
    return battle.step()


def play(battle: Battle, rng: random.Random, limit: int = 20_000) -> None:
    for _ in range(limit):
        if battle.over:
            return
        act(battle, rng)
    raise AssertionError("the battle did not end")


common = settings(max_examples=120, deadline=None)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


@common
@given(setups(), seeds, seeds)
def test_cv_stays_in_range_never_rises_and_routed_blocks_never_fire(setup, seed, pseed) -> None:
    b = build(setup, seed)
    rng = random.Random(pseed)
    last = {f.key: f.cv for f in b.fighters}
    routed: set[str] = set()
    for _ in range(20_000):
        if b.over:
            break
        for e in act(b, rng):
            if e["kind"] == "attack":
                assert e["by"] not in routed, f"routed block {e['by']} attacked"
            if e["kind"] == "rout":
                routed.add(e["target"])
        for f in b.fighters:
            assert 0 <= f.cv <= f.max_cv
            assert f.cv <= last[f.key], f"{f.key} gained a step"
            last[f.key] = f.cv
            if f.carried_by is not None:
                carrier = b.fighter(f.carried_by)
                assert f.cv == 0 or f.cv < carrier.cv
    assert b.over, "every battle terminates"
    out = b.outcome
    assert out.prestige in (0, 1, 2)
    assert out.prestige_to in (None, out.winner)
    assert out.steps_lost == {s: sum(f.start_cv - f.cv for f in b.fighters if f.side == s)
                              for s in SIDES}
    assert set(out.eliminated) == {f.key for f in b.fighters if f.cv == 0}


@common
@given(setups(), seeds, seeds)
def test_same_dice_and_choices_replay_the_same_events(setup, seed, pseed) -> None:
    a, b = build(setup, seed), build(setup, seed)
    play(a, random.Random(pseed))
    play(b, random.Random(pseed))
    assert a.log == b.log
    assert a.outcome == b.outcome


@common
@given(setups(), seeds, seeds, st.integers(min_value=0, max_value=60))
def test_clone_and_dict_round_trips_are_equal_and_play_on_identically(
    setup, seed, pseed, cut
) -> None:
    b = build(setup, seed)
    rng = random.Random(pseed)
    for _ in range(cut):
        if b.over:
            break
        act(b, rng)
    snap = b.to_dict()
    clone = b.clone()
    saved = Battle.from_dict(json.loads(json.dumps(snap)))
    assert clone.to_dict() == snap
    assert saved.to_dict() == snap
    state = rng.getstate()
    play(b, rng)
    for other in (clone, saved):
        r2 = random.Random()
        r2.setstate(state)
        play(other, r2)
        assert other.to_dict() == b.to_dict()
    assert Battle.from_dict(snap).to_dict() == snap, "playing on must not touch the snapshot"


@common
@given(setups(), seeds, seeds, st.text(min_size=1, max_size=6))
def test_an_illegal_choice_raises_and_changes_nothing(setup, seed, pseed, junk) -> None:
    b = build(setup, seed)
    rng = random.Random(pseed)
    for _ in range(20_000):
        if b.over:
            break
        if b.prompt is not None:
            before = b.to_dict()
            bad = junk if junk not in b.prompt.choices else junk + "?"
            try:
                b.choose(bad)
            except BattleError as exc:
                assert f"§{b.prompt.rule}" in str(exc)
            else:
                raise AssertionError(f"{bad!r} was accepted")
            assert b.to_dict() == before
        act(b, rng)
