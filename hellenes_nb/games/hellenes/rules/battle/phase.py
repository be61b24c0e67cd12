"""§6 the combat phase on the map (frame ``{"kind": "combat_phase", "side"}``, pushed by the
sequence of play): sorties are declared (§8.3), battles are fought smallest first (§6.0), each
in its own battle frame (:mod:`.stages`), then the acting player's sieges from prior seasons
(§8.0). Optional keys ``action_turn`` (0/1, default: the card was played for actions) and
``sieges`` (0 skips siege combat) let Winter reuse the phase. Here too: the formations of a
side in a place (§5.41) and those that may join a siege assault (§5.42)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_title
from hellenes_nb.games.hellenes.rules.control import disputed, outside_units
from hellenes_nb.games.hellenes.rules.siege.methods import siege_targets
from hellenes_nb.games.hellenes.rules.siege.records import refresh
from hellenes_nb.games.hellenes.rules.siege.sortie import sortie_candidates
from hellenes_nb.games.hellenes.state import State

__all__ = ["CombatPhase", "formations", "joining"]


def _action_turn(state: State, side: int) -> bool:
    """The acting player played his card for actions, not for its event (§3.1, §8.1, §8.3)."""
    play = state.played[side]
    return play is None or play.get("use") != "event"


def formations(state: State, p: int, side: int) -> list[dict]:
    """``side``'s formations in ``p``: one per engagement record (a group that moved along one
    route, or sortiers), then any other unbesieged units there as one more formation."""
    present = {u for u in outside_units(state, p, side) if not state.retreated[u]}
    out: list[dict] = []
    seen: set[int] = set()
    for e in state.engagements:
        if e["area"] != p or e["side"] != side or e["via"] == "join":
            continue
        units = tuple(u for u in e["units"] if u in present and u not in seen)
        if units:
            out.append({"units": units, "from": e["from"], "via": e["via"]})
            seen.update(units)
    rest = tuple(sorted(present - seen))
    if rest:
        out.append({"units": rest, "from": -1, "via": ""})
    return out


def joining(state: State, p: int, side: int) -> list[dict]:
    """Formations of ``side`` that moved this turn into the province of ``p``, where ``side``
    holds an established siege, without engaging: only one of them may join a siege assault
    (§5.42). Same shape as :func:`formations`."""
    present = set(outside_units(state, p, side))
    out = []
    for e in state.engagements:
        if e["area"] == p and e["side"] == side and e["via"] == "join":
            units = tuple(u for u in e["units"] if u in present and not state.retreated[u])
            if units:
                out.append({"units": units, "from": e["from"], "via": "join"})
    return out


def _size(state: State, p: int, side: int) -> int:
    """Battle size for the order of battles: the acting player's largest formation there
    (its 'primary' formation, §6.0; docs/rules-decisions.md)."""
    return max((len(f["units"]) for f in formations(state, p, side)), default=0)


class CombatPhase(Step):
    """The acting player's combat phase (§6.0): sorties, battles smallest first, sieges."""

    kind = "combat_phase"
    rules = ("6.0", "6.1", "8.0", "8.3")

    def _pending(self, state: State, frame: dict) -> list[int]:
        done = frame.get("done", ())
        return [p for p in disputed(state) if p not in done]

    def deciders(self, state, frame):
        return (frame["side"],) if frame.get("stage") == "pick" else ()

    def legal(self, state, frame, side):
        if side != frame["side"] or frame.get("stage") != "pick":
            return []
        ix = state.ix
        return [{"type": "battle_order", "side": SIDE_NAMES[side], "place": ix.place_ids[p],
                 "label": f"Fight the battle in {ix.place_name[p]} next"}
                for p in frame["choices"]]

    def apply(self, state, frame, action):
        self._open(state, frame, state.ix.place(action["place"]))

    def _open(self, state: State, frame: dict, p: int) -> None:
        replace_top(state, stage="battles", done=(*frame.get("done", ()), p), choices=())
        push(state, {"kind": "battle", "place": p, "side": frame["side"], "mode": "field",
                     "treachery": False, "stage": "start"})

    def run(self, state, frame):
        side = frame["side"]
        stage = frame.get("stage", "start")
        if stage == "start":
            refresh(state)
            turn = int(frame.get("action_turn", _action_turn(state, side)))
            replace_top(state, stage="battles", done=(), action_turn=turn)
            state.event("combat_phase", "6.0", f"{side_title(side)}'s combat phase", side)
            if turn and sortie_candidates(state, side):
                push(state, {"kind": "sortie", "side": side, "chosen": ()})
        elif stage == "battles":
            places = self._pending(state, frame)
            if not places:
                refresh(state)
                replace_top(state, stage="sieges")
                return
            sizes = {p: _size(state, p, side) for p in places}
            least = min(sizes.values())
            tied = tuple(p for p in places if sizes[p] == least)
            if len(tied) == 1:
                self._open(state, frame, tied[0])
            else:
                replace_top(state, stage="pick", choices=tied)
        elif stage == "sieges":
            replace_top(state, stage="end")
            if frame.get("sieges", 1) and siege_targets(state, side):
                push(state, {"kind": "siege_combat", "side": side, "done": (),
                             "action_turn": frame["action_turn"]})
        else:
            refresh(state)
            pop(state, frame)

    def text(self, state, frame):
        if frame.get("stage") == "pick":
            return (f"{side_title(frame['side'])}: several battles have the same size; choose "
                    "which to fight next (§6.0)")
        return f"{side_title(frame['side'])}'s combat phase"


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (CombatPhase(),)
