"""§5.3, §5.22, §5.23 the rolls after all actions: forced marches (the owner rolls, then may
decline a success) and the storms of deep-sea crossings, each followed by the appeal it may
call for (Hermes, Poseidon, §11.0).

Pending rolls (``state.pending_rolls``), made by :func:`~.execution.execute`:

- ``{"kind": "forced", "side", "unit", "carry", "from", "target", "group", "path"}`` (§5.3);
- ``{"kind": "deepsea", "side", "units", "from", "to", "group", "path"}`` (§5.22).
"""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, replace_top
from hellenes_nb.games.hellenes.eventlog import a_block
from hellenes_nb.games.hellenes.index import (
    FALL,
    HIGH_SUMMER,
    NEW_YEAR,
    SIDE_NAMES,
    SPRING,
    SUMMER,
    WINTER,
    side_title,
)
from hellenes_nb.games.hellenes.rules import olympians
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.movement.check import check_border
from hellenes_nb.games.hellenes.rules.movement.execution import record_arrival
from hellenes_nb.games.hellenes.rules.movement.occupancy import Occupancy
from hellenes_nb.games.hellenes.state import State

#: storm on a die roll up to this face, by season index (§5.22)
STORM_MAX = {NEW_YEAR: 3, SPRING: 3, SUMMER: 2, HIGH_SUMMER: 1, FALL: 2, WINTER: 3}


def forced_succeeds(state: State, u: int, face: int) -> bool:
    """Regular units succeed on 5–6, elite on 3–6 (§5.3)."""
    return face >= (3 if state.ix.elite[u] else 5)


class Rolls(Step):
    """Forced marches (owner rolls, then may decline a success), then storms (§5.3, §5.22).

    Frame: ``{"kind": "rolls", "side": s, "stage": "forced"|"choose"|"storms",
    "await": (indices of successful forced marches in pending_rolls)}``.
    """

    kind = "rolls"
    rules = ("5.3", "5.22", "5.23")
    minor = True

    def deciders(self, state, frame):
        return (frame["side"],) if frame["stage"] == "choose" and frame["await"] else ()

    def legal(self, state, frame, side):
        if side != frame["side"] or not frame["await"]:
            return []
        r = state.pending_rolls[frame["await"][0]]
        ix = state.ix
        key = ix.unit_key[r["unit"]]
        target = ix.place_name[r["target"]]
        name = SIDE_NAMES[side]
        return [
            {"type": "forced_march", "side": name, "unit": key, "accept": True,
             "label": f"{ix.describe(r['unit'])}: make the extra move into {target}"},
            {"type": "forced_march", "side": name, "unit": key, "accept": False,
             "label": f"{ix.describe(r['unit'])}: decline the extra move into {target}"},
        ]

    def apply(self, state, frame, action):
        idx = frame["await"][0]
        r = state.pending_rolls[idx]
        replace_top(state, **{"await": frame["await"][1:]})
        if action["accept"]:
            _forced_enter(state, r)
        else:
            state.event("forced_declined", "5.3", f"{state.ix.describe(r['unit'])} declines "
                        "the extra move", r["side"], private=r["side"],
                        public="A forced march succeeds but the move is declined")

    def run(self, state, frame):
        stage = frame["stage"]
        if stage == "forced":
            ok = []
            for i, r in enumerate(state.pending_rolls):
                if r["kind"] != "forced":
                    continue
                face = state.dice.roll()
                state.barrier = True
                good = forced_succeeds(state, r["unit"], face)
                state.event("forced_roll", "5.3",
                            f"Forced march of {state.ix.describe(r['unit'])}: rolled {face}, "
                            f"{'success' if good else 'failure'}", r["side"], dice=[face],
                            private=r["side"],
                            public=f"A forced march rolls {face}: "
                                   f"{'success' if good else 'failure'}")
                if good:
                    ok.append(i)
            replace_top(state, stage="choose", **{"await": tuple(ok)})
            olympians.offer_hermes(state)
        elif stage == "choose":
            replace_top(state, stage="storms", next=0)
        else:
            self._next_storm(state, frame)

    def _next_storm(self, state: State, frame: dict) -> None:
        """Roll the next deep-sea crossing's storm; one per run, so that an appeal to Poseidon
        (§11.0) is settled before the next storm is rolled."""
        rolls = state.pending_rolls
        i = frame.get("next", 0)
        while i < len(rolls) and rolls[i]["kind"] != "deepsea":
            i += 1
        if i >= len(rolls):
            state.pending_rolls = []
            pop(state, frame)
            return
        replace_top(state, next=i + 1)
        roll_storm(state, rolls[i])

    def text(self, state, frame):
        return "Forced marches and deep-sea crossings are rolled after all actions"


def _forced_enter(state: State, r: dict) -> None:
    """Complete a successful, accepted forced march or sail (§5.3)."""
    u, c = r["unit"], r["carry"]
    ix = state.ix
    a, b = r["from"], r["target"]
    if state.loc[u] != a:
        return
    ctx = Occupancy(state, r["side"], places=(b,))
    movers = [u] + ([c] if c >= 0 and state.loc[c] == a else [])
    reason, _stops, via, enters = check_border(ctx, u, a, b, False, ix.is_fleet[u], len(movers))
    if reason:
        state.event("forced_blocked", "5.3", f"{ix.describe(u)} cannot complete the forced "
                    f"march: {reason}", r["side"], private=r["side"],
                    public="A forced march cannot be completed")
        return
    for m in movers:
        state.loc[m] = b
        state.inside[m] = 1 if enters else 0
    deep = [(a, b)] if ix.border.get((a, b)) == "deepsea" else []
    record_arrival(state, movers, r["path"], via, r["group"], deep)
    state.event("forced_move", "5.3", f"{ix.describe(u)} force marches into "
                f"{ix.place_name[b]}", r["side"], private=r["side"],
                public=f"{a_block(r['side'])} force marches from "
                       f"{ix.place_name[a]} into {ix.place_name[b]}")


def roll_storm(state: State, record: dict) -> None:
    """Roll the storm of one deep-sea crossing (:func:`storm`) and offer Poseidon (§11.0)."""
    snap = olympians.storm_snapshot(state, record)
    storm(state, record)
    olympians.offer_poseidon(state, record, snap)


def storm(state: State, r: dict) -> None:
    """The opponent rolls for a storm on the deep-sea crossing ``r`` (``{"side", "from", "to",
    "units"}``); in a storm each fleet rolls for ship damage (§5.22, §5.23)."""
    ix = state.ix
    side = r["side"]
    face = state.dice.roll()
    state.barrier = True
    storm = face <= STORM_MAX[state.season]
    border = f"{ix.place_name[r['from']]}–{ix.place_name[r['to']]}"
    state.event("storm_roll", "5.22", f"{side_title(1 - side)} rolls {face} for the "
                f"deep-sea crossing {border}: {'storm' if storm else 'calm seas'}", 1 - side,
                dice=[face])
    if not storm:
        return
    for f in r["units"]:
        if state.loc[f] < 0:
            continue
        dmg = state.dice.roll()
        cargo = state.carry.get(f, -1)
        if dmg <= 3:
            if cargo >= 0:
                eliminate(state, cargo, "5.23", "lost with its fleet in a gale", "lost at sea")
            eliminate(state, f, "5.23", f"gale (rolled {dmg})")
            continue
        state.cv[f] -= 1
        state.event("high_seas", "5.23", f"{ix.describe(f)} loses a step in high seas and "
                    f"drops to strength {state.cv[f]} (rolled a {dmg})", side, private=side,
                    public=f"{a_block(side, 'fleet')} loses a step of strength in high "
                    "seas")
        if state.cv[f] <= 0:
            if cargo >= 0:
                eliminate(state, cargo, "5.23", "lost with its fleet", "lost at sea")
            eliminate(state, f, "5.23", "sunk in high seas")
        elif cargo >= 0 and state.cv[cargo] >= state.cv[f]:
            state.cv[cargo] = state.cv[f] - 1
            if state.cv[cargo] <= 0:
                eliminate(state, cargo, "5.23", "too strong for its damaged fleet",
                          "lost at sea")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (Rolls(),)
