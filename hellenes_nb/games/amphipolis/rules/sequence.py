"""§2 The sequence of play, turn after turn: A strategems drawn; B.1 the initiative and the
action points; B.2 reinforcements and their free moves and operations; B.3 the action phases
(:mod:`.actions`); C construction (the Spartan walls, §5, rolled whenever Sparta may:
trying costs nothing); D adjustments: D.1 keep one strategem and D.2 one free operation to a
city of the main map (the initiative player's D.1 and D.2, then the other's), D.3 recovery,
D.4 transfers to the rear bases, D.5 sieges, D.6 attrition (the initiative player first for
each of D.3–D.6), D.7 victory, the pieces a scenario removes (§10.4) and the next turn.

Reinforcements arrive by :mod:`.arrivals`, with the choices the scenarios leave to the player
(the rear base, the type, the units of the campaign's S15).

Frames: ``turn`` (automatic: one stage after another) and ``keep`` (D.1)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.advantage import d3_open
from hellenes_nb.games.amphipolis.rules.arrivals import available, deploy, deploy_optional
from hellenes_nb.games.amphipolis.rules.attrition import attrition_frame
from hellenes_nb.games.amphipolis.rules.common import (
    ARMISTICE,
    LEADERS,
    SPARTA,
    SPARTA_FIRST,
    UNITS,
    W,
    bonus,
    scen_id,
    scenario_of,
    season,
    siege_choices,
    year,
)
from hellenes_nb.games.amphipolis.rules.mainmoves import activations
from hellenes_nb.games.amphipolis.rules.operations import routes
from hellenes_nb.games.amphipolis.rules.stratagems import COUNTERS, draw, window_frames
from hellenes_nb.games.amphipolis.rules.victory import complete_winner, level, scores
from hellenes_nb.games.amphipolis.rules.walls import may_build, try_build
from hellenes_nb.games.amphipolis.state import IN_PLAY, OUT, SIDES, State

__all__ = ["STEPS", "action_points", "available", "initial_state"]

#: the adjustments each side makes in turn (D.3 to D.6)
ADJUST = ("D3", "D4", "D5", "D6")


def initial_state(scenario: str, seed: int) -> State:
    """The position at the start of ``scenario`` (§10), dice seeded."""
    w = W
    st = State(scenario, seed)
    scen = scenario_of(st)
    st.turn, st.first, st.last = scen.first_turn, scen.first_turn, scen.last_turn
    st.advantage = SIDES.index(scen.advantage)
    st.garrison = {z: SIDES.index(s) for z, s in scen.garrisons.items()}
    st.citadel = SIDES.index(scen.citadel)
    for g in scen.deploy:
        for u in g.units:
            i = w.unit_index[u]
            st.ustat[i], st.uloc[i] = IN_PLAY, g.at
        for lid in g.leaders:
            k = w.leader_index[lid]
            st.lstat[k], st.lloc[k] = IN_PLAY, g.at
    st.pending = [{"side": g.side, "turn": g.turn, "at": g.at, "leaders": list(g.leaders),
                   "units": list(g.units), **({"generic": dict(g.generic)} if g.generic else {})}
                  for g in scen.reinforcements]
    st.event("setup", "10", f"Scenario {scen.id}, {scen.title}: turns {scen.first_turn} to "
             f"{scen.last_turn}, {scen.advantage.title()} has the Advantage")
    st.stack = [{"kind": "turn", "stage": "A"}]
    return st


def action_points(roll: int, turn: int) -> int:
    """PA from the initiative roll (§2 B.1): half, rounded up; +1 in summer and autumn; -1 in
    winter unless the total is only 1 or 2."""
    pa = (roll + 1) // 2
    s = season(turn)
    if s in ("summer", "autumn"):
        pa += 1
    elif s == "winter" and pa > 2:
        pa -= 1
    return pa


def _end(st: State, winner: int, how: str, text: str) -> None:
    st.stack = [{"kind": "over", "winner": winner, "how": how, "text": text,
                 "vp": scores(st)}]
    st.event("end", "9", text, winner)


class Turn(Step):
    """The turn's stages, in order (module docstring)."""

    kind = "turn"
    rules = ("2",)

    def run(self, st: State, frame: dict) -> None:
        stage = frame["stage"]
        getattr(self, "_" + stage)(st, frame)

    def _A(self, st: State, frame: dict) -> None:  # noqa: N802 (named after the phase)
        st.event("turn", "2", f"Turn {st.turn}: {season(st.turn)} of {year(st.turn)} BC"
                 + (", an armistice turn" if st.turn in ARMISTICE else ""))
        for side in (st.advantage, 1 - st.advantage):
            draw(st, side, 2)
        replace_top(st, stage="B1")

    def _B1(self, st: State, frame: dict) -> None:  # noqa: N802
        dice = 1 if st.turn in ARMISTICE else 2
        rolls = [sum(st.dice.roll() for _ in range(dice)) for _ in (0, 1)]
        st.initiative = st.advantage if rolls[0] == rolls[1] else int(rolls[1] > rolls[0])
        if st.turn == 1 and scen_id(st) in SPARTA_FIRST:
            st.initiative = SPARTA  # §10.1, §10.4: Sparta has the initiative on turn 1
        st.pa = [action_points(r, st.turn) for r in rolls]
        st.event("initiative", "2", f"Initiative: Athens rolls {rolls[0]}, Sparta {rolls[1]}; "
                 f"{SIDES[st.initiative].title()} has the initiative; PA: Athens {st.pa[0]}, "
                 f"Sparta {st.pa[1]}")
        replace_top(st, stage="B2")
        push(st, {"kind": "adv_b1"})

    def _B2(self, st: State, frame: dict) -> None:  # noqa: N802
        for k in range(len(LEADERS)):
            if st.lwound[k]:
                st.lwound[k] = 0
                st.event("recovered", "2", f"{LEADERS[k].name} recovers", LEADERS[k].side)
        replace_top(st, stage="B2deploy")
        for f in window_frames(st, (st.advantage, 1 - st.advantage), "B2"):
            push(st, f)

    def _B2deploy(self, st: State, frame: dict) -> None:  # noqa: N802
        # the groups due, then each side's optional ones; a choice of the player stops the
        # stage (its frame on top), which runs again once it is made (.arrivals)
        if not deploy(st):
            return
        replace_top(st, stage="B2opt0")

    def _B2opt0(self, st: State, frame: dict) -> None:  # noqa: N802
        replace_top(st, stage="B2opt1")
        deploy_optional(st, 0)

    def _B2opt1(self, st: State, frame: dict) -> None:  # noqa: N802
        replace_top(st, stage="B2moves")
        deploy_optional(st, 1)

    def _B2moves(self, st: State, frame: dict) -> None:  # noqa: N802
        replace_top(st, stage="B2end")
        main = scenario_of(st).main_map
        for side in (1 - st.advantage, st.advantage):
            frame = {"kind": "move", "side": side, "phase": "B2", "ops": 2}
            if routes(st, side, "B2") or main and activations(st, side, "B2", frame):
                push(st, frame)

    def _B2end(self, st: State, frame: dict) -> None:  # noqa: N802
        st.fresh = [False] * len(st.fresh)
        st.lfresh = [False] * len(st.lfresh)
        st.active = st.initiative
        replace_top(st, stage="B3")

    def _B3(self, st: State, frame: dict) -> None:  # noqa: N802
        if st.pa[st.active] <= 0:
            st.active = 1 - st.active
        if st.pa[st.active] <= 0:
            replace_top(st, stage="C")
            return
        push(st, {"kind": "action", "side": st.active, "stage": "open"})

    def _C(self, st: State, frame: dict) -> None:  # noqa: N802
        replace_top(st, stage="D1")
        if scenario_of(st).main_map and not may_build(st):
            try_build(st)

    def _D1(self, st: State, frame: dict) -> None:  # noqa: N802
        replace_top(st, stage="D3", who=0)
        main = scenario_of(st).main_map
        for side in (1 - st.initiative, st.initiative):
            if main and routes(st, side, "D2"):
                push(st, {"kind": "move", "side": side, "phase": "D2", "ops": 1})
            if len(st.hands[side]) > 1:
                push(st, {"kind": "keep", "side": side})

    def _adjust(self, st: State, frame: dict) -> None:
        stage, who = frame["stage"], frame["who"]
        side = st.initiative if who == 0 else 1 - st.initiative
        k = ADJUST.index(stage)
        nxt = (ADJUST[k + 1], who) if k + 1 < len(ADJUST) else (
            ("D3", 1) if who == 0 else ("D7", 0))
        replace_top(st, stage=nxt[0], who=nxt[1])
        if stage == "D3":
            points = d3_points(st, side)
            if points:
                push(st, {"kind": "target", "side": side, "effect": "recover_main",
                          "n": points, "picked": []})
            if d3_open(st, side):
                push(st, {"kind": "adv_d3", "side": side})
            for f in window_frames(st, (side,), "D3"):
                push(st, f)
        elif stage == "D4":
            if routes(st, side, "D4"):
                ops = 2 if scenario_of(st).main_map else 1
                push(st, {"kind": "move", "side": side, "phase": "D4", "ops": ops})
                for f in window_frames(st, (side,), "D4"):
                    push(st, f)
        elif stage == "D5":
            if siege_choices(st, side):
                push(st, {"kind": "siege", "side": side, "done": []})
            for f in window_frames(st, (side,), "D5"):
                push(st, f)
        else:
            push(st, attrition_frame(st, side))

    _D3 = _D4 = _D5 = _D6 = _adjust

    def _D7(self, st: State, frame: dict) -> None:  # noqa: N802
        win = complete_winner(st)
        if win >= 0:
            _end(st, win, "complete", f"{SIDES[win].title()} holds the citadel and all eight "
                 f"towns: a complete victory (§9.1) on turn {st.turn}")
            return
        _removals(st)
        if st.turn >= st.last:
            vp = scores(st)
            win, how = level(vp)
            words = "a draw" if win < 0 else f"a {how} victory for {SIDES[win].title()}"
            _end(st, win, how, f"End of scenario {st.scenario}: Athens {vp[0]} VP, Sparta "
                 f"{vp[1]} VP, {words} (§9.2)")
            return
        st.turn += 1
        replace_top(st, stage="A", who=0)


def d3_points(st: State, side: int) -> int:
    """Reduced units of ``side`` on the main map that Phase D.3 restores: as many as the
    bonus points of its leaders on the main map (§2 D.3), at most as many as there are."""
    main = {z.id for z in W.main}
    points = sum(bonus(st, k) for k, g in enumerate(LEADERS)
                 if g.side == side and st.lloc[k] in main)
    hurt = sum(1 for i, u in enumerate(UNITS) if u.side == side and st.ured[i]
               and st.uloc[i] in main)
    return min(points, hurt)


def _removals(st: State) -> None:
    """Pieces a scenario removes for good in Phase D.7 (§10.4's special rules)."""
    for r in scenario_of(st).removals:
        if r.turn is not None and r.turn != st.turn or r.citadel and SIDES[st.citadel] != \
                r.citadel:
            continue
        for lid in r.leaders:
            k = W.leader_index[lid]
            if st.lstat[k] != OUT:
                st.lstat[k], st.lloc[k] = OUT, None
                st.event("removed", "10.4", f"{LEADERS[k].name} leaves the game", LEADERS[k].side)
        for uid in r.units:
            i = W.unit_index[uid]
            if f"gone:{uid}" not in st.used:
                st.ustat[i], st.uloc[i] = OUT, None
                st.used = [*st.used, f"gone:{uid}"]
                st.event("removed", "10.4", f"{UNITS[i].label()} ({uid}) leaves the game",
                         UNITS[i].side)
        if r.strategem:
            cid = W.faces[r.strategem][0]
            if cid not in st.removed:
                st.cup = [c for c in st.cup if c != cid]
                st.hands = [[c for c in h if c != cid] for h in st.hands]
                st.removed = [*st.removed, cid]
                st.event("removed", "10.4", f"strategem S{r.strategem} leaves the game")


class Keep(Step):
    """D.1: a side keeps one strategem of its choice and returns the others to the cup."""

    kind = "keep"
    rules = ("2",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if len(st.hands[frame["side"]]) > 1 else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        name = SIDES[side]
        out = []
        for cid in st.hands[side]:
            a, b = COUNTERS[cid].faces
            out.append({"type": "keep", "side": name, "counter": cid,
                        "label": f"keep S{a.number} {a.english} / S{b.number} {b.english}"})
        return out

    def apply(self, st: State, frame: dict, action: dict) -> None:
        side = frame["side"]
        back = [c for c in st.hands[side] if c != action["counter"]]
        st.hands[side] = [action["counter"]]
        st.cup = [*st.cup, *back]
        st.event("keep", "2", f"{SIDES[side].title()} keeps one strategem and returns "
                 f"{len(back)} to the cup", side)
        pop(st, frame)

    def run(self, st: State, frame: dict) -> None:
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return f"{SIDES[frame['side']].title()} keeps one strategem (Phase D.1)"


STEPS = (Turn(), Keep())
