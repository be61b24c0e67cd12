"""§7 Strategems: drawing them (§2 A), the windows in which a side may play one, and what each
does in scenario 10.2.

**A window gives nothing away.** A side is asked whenever it holds at least one counter (and,
in an action phase, has not yet played one there, §2 B.3), whatever the counters are, so being
asked says nothing the other side could not see already (how many counters each side holds);
"pass" is always a choice. Windows: the start of Phase B.2 (S3, S14, S15, S16), right after
an S15 (S14 to cancel it), the start of each action phase (S2 with Athenian triremes in M2 or
M3, S4, S11 once the walls stand, S21), before each combat (S5, S6, S7, S9, S18, and on the
main map S8 and S10), Phase D.3 (S12, S13), Phase D.4 (S1) and Phase D.5 (S17, S19, S20). S22
may be played in any of them. S8 brings half the PF of the next land zone the player picks,
S10 the unit next door (a step must be able to bring it in) the player picks, S9 after an S8
of the other side cancels it, otherwise it takes the enemy unit the player picks out of the
odds, and S18 wounds the enemy leader with a bonus the player picks (each target one way of
playing the counter, so it is revealed with it and not before).

Frames: ``window`` (a side plays one strategem or passes) and ``target`` (the player picks
the units or the leader a strategem strikes or restores)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import (
    HOME,
    LEADERS,
    OPS,
    SPARTA,
    UNITS,
    W,
    bonus,
    eliminate,
    in_play_units,
    land_pf,
    leaders_at,
    may_use,
    one_of_each,
    reduce,
    scenario_of,
    siege_choices,
    strength,
    units_at,
    zname,
)
from hellenes_nb.games.amphipolis.rules.marching import over_stack
from hellenes_nb.games.amphipolis.rules.movement import NO_ENTRY, step_cost
from hellenes_nb.games.amphipolis.rules.walls import sap
from hellenes_nb.games.amphipolis.state import IN_PLAY, IN_POOL, SIDES, State

__all__ = ["STEPS", "draw", "window_frames"]

COUNTERS = {c.id: c for c in W.counters}
WHEN = {"B2": "reinforcements, Phase B.2", "S15": "to answer the reinforcements just called",
        "B3": "start of an action phase", "combat": "before the combat",
        "D3": "Phase D.3", "D4": "Phase D.4", "D5": "sieges, Phase D.5"}
#: zones S4's archers may bar: the operational map and the land zones of the main map
BARRABLE = (*OPS, *(z.id for z in W.main if not z.sea))
MAIN_ZONES = frozenset(z.id for z in W.main)
#: windows inside an action phase: one strategem a side there (§2 B.3)
ACTION = ("B3", "combat")


def draw(st: State, side: int, n: int) -> None:
    """Draw ``n`` counters blindly from the cup (§2 A); the drawer alone reads which."""
    got = []
    for _ in range(n):
        if not st.cup:
            break
        got.append(st.cup.pop(st.dice.randbelow(len(st.cup))))
    if got:
        st.hands[side].extend(got)
        names = " and ".join(_both(c) for c in got)
        st.event("draw", "2", f"{SIDES[side].title()} draws {names}", side, private=side,
                 public=f"{SIDES[side].title()} draws {len(got)} strategem(s)")


def _both(cid: str) -> str:
    a, b = COUNTERS[cid].faces
    return f"{cid} (S{a.number} {a.english} / S{b.number} {b.english})"


def open_to(st: State, side: int, phase: str) -> bool:
    """Whether ``side`` is asked in a window of ``phase`` (module docstring)."""
    return bool(st.hands[side]) and not (phase in ACTION and st.played[side])


def window_frames(st: State, order: tuple[int, ...], phase: str, zone: str = "") -> list[dict]:
    """The window frames to push for the sides in ``order`` (first to decide first in
    ``order``; returned in the order to push)."""
    frames = [{"kind": "window", "side": s, "phase": phase, "zone": zone}
              for s in order if open_to(st, s, phase)]
    return frames[::-1]


def _below(st: State, kind: str) -> int:
    for k in range(len(st.stack) - 2, -1, -1):
        if st.stack[k]["kind"] == kind:
            return k
    return -1


def optional_units(st: State, side: int) -> list[int]:
    """The units an S15 (or S16) could bring: the scenario's named optional units not yet in
    play, or with a generic optional reinforcement (§10.4) every unit of the side not yet
    arrived and not due later."""
    scen = scenario_of(st)
    groups = [g for g in scen.optional if g.side == SIDES[side]]
    ids = [u for g in groups for u in g.units]
    if any(g.generic for g in groups):
        named = {u for p in st.pending for u in p["units"]}
        ids += [u.id for u in UNITS if u.side == side and u.id not in named]
    return [W.unit_index[u] for u in ids if st.ustat[W.unit_index[u]] == IN_POOL]


def _s15_open(st: State, side: int) -> bool:
    """S15 may call the optional reinforcements: once a side where the scenario says so
    (§10.1–10.3), as often as the supply allows in the campaign (§10.4)."""
    once = scenario_of(st).s15_once and f"s15:{SIDES[side]}" in st.used
    return not once and f"due:{SIDES[side]}" not in st.used and bool(optional_units(st, side))


def _uses(st: State, side: int, n: int, frame: dict) -> list[str]:
    """The ways face ``n`` may be played now ([] when it cannot)."""
    zone, foe, phase = frame["zone"], 1 - side, frame["phase"]
    mine = units_at(st, zone, side, land=True) if zone else []
    if n == 1:
        k = _below(st, "move")
        return [""] if k >= 0 and st.stack[k]["side"] == side else []
    if n == 3:
        return [] if st.flotilla else [""]
    if n == 4:
        return [""] if any(UNITS[i].type == "A" and st.uloc[i] in BARRABLE
                           for i in in_play_units(st, side)) else []
    if n in (5, 6):
        return [""] if any(UNITS[i].type == "CP"[n - 5] for i in mine) else []
    if n == 7:
        return [""] if side == SPARTA and any(UNITS[i].nation == "spartan" for i in mine) else []
    if n == 9:  # against an S8 of the other side, or one of three enemy units or more
        k = _below(st, "battle")
        if k >= 0 and any(m[0] == foe and m[1] == 8 for m in st.stack[k]["mods"]):
            return [""]
        foes = units_at(st, zone, foe, land=True)
        if len(foes) < 3:
            return []
        picks = sorted(one_of_each(st, foes), key=lambda i: -strength(st, i))
        return [UNITS[i].id for i in picks]  # the strongest first (the engine's old pick)
    if n == 18:  # the enemy leader wounded, the player's pick: the largest bonus first
        hurt = sorted((g for g in leaders_at(st, zone, foe) if bonus(st, g)),
                      key=lambda g: -bonus(st, g))
        return [LEADERS[g].id for g in hurt]
    if n in (12, 13):
        return [""] if any(st.ured[i] for i in in_play_units(st, side)) else []
    if n == 14:
        due = any(p["side"] == SIDES[foe] and p["turn"] == st.turn for p in st.pending)
        return [""] if phase == "S15" or due else []
    if n == 15:
        return [""] if _s15_open(st, side) else []
    if n == 16:
        return [""] if optional_units(st, side) and may_use(st, side, "macedonia") else []
    if n == 17:
        return [""] if any(UNITS[i].nation == "allied" and UNITS[i].land
                           for i in in_play_units(st, foe)) else []
    if n in (19, 20):
        hows = ("diplomacy",) if n == 19 else ("assault", "blockade")
        ok = not st.siege_bonus[side] and any(h in hows for _, h in siege_choices(st, side))
        return [""] if ok else []
    if n == 21:
        return [""] if in_play_units(st, foe) else []
    if n == 22:
        out = [u for u, ok in (("advantage", st.advantage != side), ("draw", bool(st.cup)),
                               ("recover", phase == "D3" and bool(_uses(st, side, 12, frame))),
                               ("reinforce", phase == "B2" and _s15_open(st, side))) if ok]
        return out
    if n == 2:  # a storm: Athenian triremes out at sea (M2, M3)
        return [""] if side == SPARTA and _at_sea(st) else []
    if n == 11:  # the sappers: walls Sparta built
        return [""] if st.walls == "built" else []
    main = zone in W.zone and W.zone[zone].kind == "main"
    if n == 8:  # a combined attack from a next land zone of the main map, the player's pick
        return [z for z in _next_land(zone) if land_pf(st, z, side)] if main else []
    if n == 10:  # surprise: one more unit from next door into the combat, the player's pick
        return [UNITS[i].id for i in one_of_each(st, _surprise(st, zone, side))] if main else []
    return []


def _at_sea(st: State) -> list[int]:
    return [i for i in in_play_units(st, 0) if not UNITS[i].land and st.uloc[i] in ("M2", "M3")]


def _next_land(zone: str) -> list[str]:
    return [z for z in W.neighbours[zone] if W.zone[z].kind == "main" and not W.zone[z].sea]


def _helpers(st: State, frm: str, side: int) -> int:
    """S8: half, rounded up, of the land PF of ``side`` in ``frm``, the next land zone the
    player picked (§7 S8)."""
    return (land_pf(st, frm, side) + 1) // 2


def _surprise(st: State, zone: str, side: int) -> list[int]:
    """S10: the land units of ``side`` in a next land zone a step may leave for the combat
    zone, none when one more would be over its stacking limit; the player picks one (§7
    S10)."""
    if over_stack(st, zone, side, 1):
        return []
    return [i for z in _next_land(zone) for i in units_at(st, z, side, land=True)
            if step_cost(W, z, zone, side=side, walls=st.walls, flotilla=st.flotilla)
            != NO_ENTRY]


def _use_words(st: State, side: int, n: int, use: str) -> str:
    """How a label names the zone S8 draws on or the unit S10 brings."""
    if n == 8:
        return f" (from {zname(use)}, {use}: {_helpers(st, use, side)} PF)"
    if n == 10:
        i = W.unit_index[use]
        return f" ({UNITS[i].label(st.ured[i])} from {zname(st.uloc[i])}, {st.uloc[i]})"
    if n == 9 and use:
        i = W.unit_index[use]
        return (f" (the {UNITS[i].label(st.ured[i])} of {SIDES[UNITS[i].side].title()} does "
                "not count in the odds)")
    if n == 9:
        return f" (cancels {SIDES[1 - side].title()}'s combined attack, S8)"
    if n == 18 and use:
        return f" (wounds {LEADERS[W.leader_index[use]].name})"
    return f" ({use})" if use else ""


def options(st: State, side: int, frame: dict) -> list[dict]:
    out = []
    phase = frame["phase"]
    for cid in st.hands[side]:
        for face in COUNTERS[cid].faces:
            if face.colour not in (SIDES[side], "neutral"):
                continue
            fits = face.number == 14 if phase == "S15" else face.phase in (phase, "any")
            if not fits:
                continue
            for use in _uses(st, side, face.number, frame):
                out.append({"type": "play", "side": SIDES[side], "counter": cid,
                            "number": face.number, "use": use,
                            "label": f"play S{face.number} {face.english}"
                                     + _use_words(st, side, face.number, use)})
    return out


class Window(Step):
    """A side may play one strategem or pass (module docstring)."""

    kind = "window"
    rules = ("7",)
    revealing = frozenset({"play"})

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if open_to(st, frame["side"], frame["phase"]) else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        return [{"type": "pass", "side": SIDES[side], "label": "play no strategem"},
                *options(st, side, frame)]

    def why_illegal(self, st: State, frame: dict, action: dict) -> IllegalAction | None:
        """S9 or S18 with no target (as saved before the player picked it) still plays,
        on the target the engine used to pick (the strongest unit, the best leader)."""
        if action.get("type") == "play" and action.get("number") in (9, 18) and \
                action.get("use") == "" and frame.get("phase") == "combat":
            legal = options(st, self.role(action), frame)
            if any(a["counter"] == action.get("counter") and a["number"] == action["number"]
                   for a in legal):
                return None
        return super().why_illegal(st, frame, action)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        side = self.role(action)
        pop(st, frame)
        if action["type"] == "pass":
            return
        cid, n, use = action["counter"], action["number"], action["use"]
        if cid not in st.hands[side]:
            raise IllegalAction(f"{SIDES[side].title()} does not hold the counter {cid!r}", "7")
        st.hands[side].remove(cid)
        (st.removed if n == 3 else st.cup).append(cid)
        if frame["phase"] in ACTION:
            st.played[side] = True
        face = W.faces[n][1]
        st.event("strategem", "7", f"{SIDES[side].title()} plays strategem S{n} {face.name} "
                 f"({face.english})" + (f", as {use}" if use else ""), side, number=n)
        _effect(st, side, n, use, frame)

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()} may play a strategem "
                f"({WHEN[frame['phase']]}) or pass")


def _effect(st: State, side: int, n: int, use: str, frame: dict) -> None:
    foe, zone = 1 - side, frame["zone"]
    if n == 22 and use == "recover":
        n = 12
    if n == 22 and use == "reinforce":
        n = 15
    if n == 1:
        k = max(i for i in range(len(st.stack)) if st.stack[i]["kind"] == "move")
        st.stack[k] = {**st.stack[k], "ops": st.stack[k]["ops"] + 1}
    elif n == 3:
        st.flotilla = True
    elif n == 4:
        st.barred = [*st.barred, *([side, z] for z in BARRABLE if any(
            UNITS[i].type == "A" for i in units_at(st, z, side)))]
    elif n == 2:
        for i in _at_sea(st):
            roll = st.dice.roll()
            st.event("storm", "7", f"Storm at sea: Athens rolls {roll} for its "
                     f"{UNITS[i].label(st.ured[i])} in {st.uloc[i]}", foe)
            if roll >= 5:
                reduce(st, i, "7", "a storm at sea (S2)")
    elif n == 11:
        sap(st)
    elif n == 10:
        i = W.unit_index[use]
        frm = st.uloc[i]
        st.uloc[i] = zone
        st.event("surprise", "7", f"{SIDES[side].title()}'s {UNITS[i].label(st.ured[i])} comes "
                 f"from {zname(frm)} into the combat in {zname(zone)} (S10)", side)
    elif n in (5, 6, 7, 8, 9, 18):
        k = max(i for i in range(len(st.stack)) if st.stack[i]["kind"] == "battle")
        extra = -1
        if n == 8:
            extra = _helpers(st, use, side)
            st.event("combined", "7", f"{SIDES[side].title()} adds {extra} PF from "
                     f"{zname(use)} ({use}) to the combat (S8)", side)
        if n == 9 and any(m[0] == foe and m[1] == 8 for m in st.stack[k]["mods"]):
            battle = st.stack[k]
            st.stack[k] = {**battle, "mods": [m for m in battle["mods"]
                                              if not (m[0] == foe and m[1] == 8)]}
            st.event("discord", "7", f"S9 cancels {SIDES[foe].title()}'s combined attack", side)
            return
        if n == 9:  # the unit picked; "" (saves made before the choice): the strongest
            foes = units_at(st, zone, foe, land=True)
            extra = W.unit_index[use] if use else max(foes, key=lambda i: strength(st, i))
            st.event("discord", "7", f"the {UNITS[extra].label(st.ured[extra])} of "
                     f"{SIDES[foe].title()} does not count in the odds", side)
        if n == 18:  # the leader picked; "" (saves made before the choice): the best
            extra = W.leader_index[use] if use else max(leaders_at(st, zone, foe),
                                                         key=lambda g: bonus(st, g))
            st.lwound[extra] = 1
            st.event("wounded", "7", f"{LEADERS[extra].name} is wounded", foe)
        battle = st.stack[k]
        st.stack[k] = {**battle, "mods": [*battle["mods"], [side, n, extra]]}
    elif n in (12, 13):
        push(st, {"kind": "target", "side": side, "effect": "recover", "n": n - 11,
                  "picked": []})
    elif n == 14:
        if frame["phase"] == "S15":
            st.used = [u for u in st.used if u != f"due:{SIDES[foe]}"]
            st.event("cancelled", "7", f"{SIDES[foe].title()}'s reinforcements are cancelled",
                     side)
        else:
            k = next(k for k, p in enumerate(st.pending)
                     if p["side"] == SIDES[foe] and p["turn"] == st.turn)
            st.pending = [*st.pending[:k], {**st.pending[k], "turn": st.turn + 1},
                          *st.pending[k + 1:]]
            st.event("delayed", "7", f"{SIDES[foe].title()}'s reinforcements of this turn "
                     "come one turn later", side)
    elif n == 15:
        st.used = [*st.used, f"s15:{SIDES[side]}", f"due:{SIDES[side]}"]
        if st.hands[foe]:
            push(st, {"kind": "window", "side": foe, "phase": "S15", "zone": ""})
    elif n == 16:  # at most three allied units of the supply, the player's pick (.arrivals)
        push(st, {"kind": "bring", "side": side, "at": "macedonia", "n": 3, "picked": [],
                  "s16": True})
    elif n == 17:
        push(st, {"kind": "target", "side": side, "effect": "desert", "n": 1, "picked": []})
    elif n in (19, 20):
        st.siege_bonus[side] = n
    elif n == 21:
        push(st, {"kind": "target", "side": side, "effect": "ill", "n": 1, "picked": []})
        push(st, {"kind": "target", "side": side, "effect": "epidemic", "n": 2, "picked": []})
    elif n == 22 and use == "advantage":
        st.advantage = side
        st.event("advantage", "7", f"{SIDES[side].title()} seizes the Advantage", side)
    elif n == 22:
        draw(st, side, 1)


def _targets(st: State, frame: dict) -> list[int]:
    side, effect = frame["side"], frame["effect"]
    foe = 1 - side
    if effect == "recover":
        return [i for i in in_play_units(st, side) if st.ured[i] and i not in frame["picked"]]
    if effect == "recover_main":  # §2 D.3: units on the main map
        return [i for i in in_play_units(st, side) if st.ured[i] and st.uloc[i] in MAIN_ZONES
                and i not in frame["picked"]]
    if effect == "desert":
        return [i for i in in_play_units(st, foe)
                if UNITS[i].nation == "allied" and UNITS[i].land]
    if effect == "epidemic":
        return [i for i in in_play_units(st, foe) if UNITS[i].land
                and i not in frame["picked"]]
    return [g for g, lead in enumerate(LEADERS) if lead.side == foe and st.lstat[g] == IN_PLAY
            and st.lwound[g] != 2]


class Target(Step):
    """The player of a strategem picks what it strikes or restores, one piece at a time."""

    kind = "target"
    rules = ("7",)
    WORDS = {"recover": "restore", "recover_main": "restore", "desert": "remove for good",
             "epidemic": "reduce", "ill": "make ill"}

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        choices = _targets(st, frame)
        many = len(choices) > 1 if frame["effect"] == "ill" else \
            len(one_of_each(st, choices)) > 1
        return (frame["side"],) if frame["n"] > 0 and many else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        word = self.WORDS[frame["effect"]]
        if frame["effect"] == "ill":
            return [{"type": "target", "side": SIDES[side], "piece": LEADERS[g].id,
                     "label": f"{word} {LEADERS[g].name}"} for g in _targets(st, frame)]
        return [{"type": "target", "side": SIDES[side], "piece": UNITS[i].id,
                 "label": f"{word} {UNITS[i].label(st.ured[i])} in {zname(st.uloc[i])}"}
                for i in one_of_each(st, _targets(st, frame))]

    def run(self, st: State, frame: dict) -> None:
        choices = _targets(st, frame)
        if frame["n"] <= 0 or not choices:
            pop(st, frame)
        else:
            self._hit(st, frame, choices[0])

    def apply(self, st: State, frame: dict, action: dict) -> None:
        index = W.leader_index if frame["effect"] == "ill" else W.unit_index
        self._hit(st, frame, index[action["piece"]])

    def _hit(self, st: State, frame: dict, k: int) -> None:
        effect = frame["effect"]
        replace_top(st, n=frame["n"] - 1, picked=[*frame["picked"], k])
        if effect in ("recover", "recover_main"):
            st.ured[k] = False
            st.event("recovered", "7", f"{UNITS[k].label()} is back at full strength",
                     frame["side"])
        elif effect == "desert":
            eliminate(st, k, "7", "its men desert (S17)")
        elif effect == "epidemic":
            reduce(st, k, "7", "epidemic (S21)")
        else:
            owner = LEADERS[k].side
            st.lwound[k], st.lloc[k] = 2, HOME[owner]
            st.event("ill", "7", f"{LEADERS[k].name} falls ill and is taken to "
                     f"{zname(HOME[owner])} (S21)", owner)

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()} picks what the strategem strikes "
                f"({self.WORDS[frame['effect']]}, {frame['n']} left)")


STEPS = (Window(), Target())
