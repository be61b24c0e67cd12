"""§6 one battle place, stage by stage (the battle frame): which formation fights first (§5.41) or
which newly arrived one joins an assault (§5.42), fortifying (§6.1, §7.1), revealing, the
fight itself through :class:`~.combat.Battle` with the appeal to Ares after each attack
(§11.0), losses and Prestige (§6.32, §14.11), the retreats (:mod:`.retreats`), and the next
formation or the end.

Frame: ``{"kind": "battle", "place", "side", "mode", "stage", ...}``. ``mode`` is ``field``
(land or sea battle, or a sortie) or ``assault`` (pushed by ``siege/assault.py``). Stages:
``start`` → ``order`` or, for an assault, ``join`` → ``fortify`` → ``reveal`` → ``fight`` (the
battle's own decisions, §6.2–§6.4) → ``retreat`` (a destination per unit, §6.4) → ``after``.

Decisions are actions with ``type``: ``formation``, ``join`` / ``no_join``, ``fortify`` /
``fortify_done``, ``battle_choice`` (``fight``, ``retreat`` or a block key), ``retreat``. In
every list the first action is the cautious default (for the joining formations, the first one
joins, as before joining became optional), so "take the first choice" is a usable automatic
policy."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.steps import IllegalAction, Step, pop, replace_top
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.battle_words import rating_words, strength
from hellenes_nb.games.hellenes.index import SIDE_NAMES, WorldIndex, action_side, side_title
from hellenes_nb.games.hellenes.rules import olympians, victory
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.fighters import (
    battle_object,
    build_battle,
    key_unit,
    log_battle,
    save_battle,
)
from hellenes_nb.games.hellenes.rules.battle.phase import formations, joining
from hellenes_nb.games.hellenes.rules.battle.retreats import (
    carried_now,
    choosers,
    ordered,
    retreat_action,
    retreat_options,
    retreat_refusal,
    retreat_unit,
    settle_retreats,
)
from hellenes_nb.games.hellenes.rules.battle.watch import WATCHERS, tell
from hellenes_nb.games.hellenes.rules.control import outside_units
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.siege.condition import defenders, inside_units
from hellenes_nb.games.hellenes.rules.siege.records import capture, refresh
from hellenes_nb.games.hellenes.state import State


def _fighter_name(ix: WorldIndex, key: str) -> str:
    if key.startswith("garrison:"):
        return f"the garrison of {ix.place_name[ix.place(key.split(':', 1)[1])]}"
    return ix.describe(ix.unit(key))


class BattleStep(Step):
    """One battle place: formation order, fortifying, the fight and the retreats."""

    kind = "battle"
    rules = ("6.1", "6.2", "6.4", "5.41", "7.1", "8.1")

    def deciders(self, state, frame):
        stage = frame["stage"]
        if stage in ("order", "join"):
            return (frame["side"],)
        if stage == "fortify":
            return (1 - frame["side"],)
        if stage == "fight":
            prompt = frame["battle"]["prompt"]
            return (SIDE_NAMES.index(prompt["whose"]),) if prompt else ()
        if stage == "retreat" and choosers(state, frame):
            return (frame["retreat_side"],)
        return ()


    def legal(self, state, frame, side):
        stage = frame["stage"]
        if stage == "retreat":  # the choosers are found once, by _ordered (not by deciders too)
            if side != frame["retreat_side"]:
                return []
            return [retreat_action(state, frame, u, o)
                    for u in ordered(state, frame)
                    for o in retreat_options(state, frame, u)]
        if side not in self.deciders(state, frame):
            return []
        ix = state.ix
        name = SIDE_NAMES[side]
        if stage == "join":
            others = " (the other newly arrived formations stay out of it)" if len(
                frame["forms"]) > 1 else ""
            return [*({"type": "join", "side": name, "index": i,
                       "label": f"The {count(len(f['units']), 'unit')} that came from "
                                f"{ix.place_name[f['from']]} "
                                f"{'joins' if len(f['units']) == 1 else 'join'} the assault"
                                f"{others}"}
                      for i, f in enumerate(frame["forms"])),
                    {"type": "no_join", "side": name,
                     "label": "No newly arrived formation joins: the besiegers assault alone"}]
        if stage == "order":
            out = []
            for i, f in enumerate(frame["forms"]):
                src = ix.place_name[f["from"]] if f["from"] >= 0 else "already there"
                out.append({"type": "formation", "side": name, "index": i,
                            "label": f"Fight first with the {count(len(f['units']), 'unit')} from "
                                     f"{src} ({f['via'] or 'in place'})"})
            return out
        if stage == "fortify":
            chosen = frame["chosen"]
            out = [{"type": "fortify_done", "side": name,
                    "label": (f"Done: fortify {count(len(chosen), 'unit')}" if chosen
                              else "Fortify no one: fight in the open")}]
            for u in self._fortifiable(state, frame):
                out.append({"type": "fortify", "side": name, "unit": ix.unit_key[u],
                            "label": f"{ix.describe(u)} fortifies inside "
                                     f"{ix.city_name[frame['place']]}"})
            return out
        prompt = frame["battle"]["prompt"]  # the fight stage, the last one with deciders
        words = {"fight": "Fight on this round", "retreat": "Retreat every unit now"}
        out = []
        for c in prompt["choices"]:
            label = words.get(c) or (f"{_fighter_name(ix, c)} takes the "
                                     f"{prompt['kind']}")
            out.append({"type": "battle_choice", "side": name, "choice": c,
                        "label": label})
        return out


    def why_illegal(self, state, frame, action):
        if frame["stage"] == "retreat" and action.get("type") == "retreat":
            ix = state.ix
            try:
                u = ix.unit(action["unit"])
                q = ix.place(action["to"])
                f = ix.unit(action["fleet"]) if action.get("fleet") else -1
            except KeyError as exc:
                return IllegalAction(str(exc.args[0]), "6.4")
            if action_side(action) != frame["retreat_side"]:
                return IllegalAction(f"{side_title(frame['retreat_side'])} is retreating, not "
                                     f"{action['side']}", "6.4")
            if u not in frame["pending"]:
                return IllegalAction(f"{ix.describe(u)} is not one of the units that must "
                                     "retreat from this battle", "6.4")
            why = retreat_refusal(state, frame, u, q, bool(action.get("city")), f)
            if why:
                return IllegalAction(f"{ix.describe(u)} cannot retreat there: {why[0]}",
                                     why[1])
            return None
        return super().why_illegal(state, frame, action)

    def apply(self, state, frame, action):
        t = action["type"]
        ix = state.ix
        if t in ("join", "no_join"):
            i = action.get("index", -1)  # no_join: every newly arrived formation stays out
            out = tuple(u for j, f in enumerate(frame["forms"]) if j != i for u in f["units"])
            replace_top(state, stage="reveal", forms=(), left_out=out)
        elif t == "formation":
            i = action["index"]
            forms = list(frame["forms"])
            cur = forms.pop(i)
            stage = "fortify_check" if frame["first"] else "reveal"
            replace_top(state, stage=stage, current=cur, forms=tuple(forms))
        elif t == "fortify":
            replace_top(state, chosen=(*frame["chosen"], ix.unit(action["unit"])))
        elif t == "fortify_done":
            self._fortify(state, frame)
        elif t == "battle_choice":
            b = battle_object(state, frame)
            events = b.choose(action["choice"])
            log_battle(state, frame["place"], events)
            self._store(state, b)
        else:
            u = ix.unit(action["unit"])
            fleet = ix.unit(action["fleet"]) if action.get("fleet") else -1
            retreat_unit(state, frame, u, ix.place(action["to"]),
                               bool(action.get("city")), fleet)

    def _store(self, state: State, b: Battle) -> None:
        saved = save_battle(b)
        replace_top(state, battle=saved)
        if WATCHERS:  # a board showing this very battle (watch.py); nothing changes here
            tell(state.stack[-1]["place"], saved)

    def run(self, state, frame):
        stage = frame["stage"]
        getattr(self, f"_run_{stage}")(state, frame)

    def _run_start(self, state: State, frame: dict) -> None:
        p, side = frame["place"], frame["side"]
        base = {"chosen": (), "pending": (), "fleet_at": (), "cargo_used": (), "storms": (),
                "awarded": None, "stuck_side": None, "retreat_side": -1, "panic": False,
                "continued": False, "garrison_stays": False, "suffered": ()}
        if frame["mode"] == "assault":
            # joining is optional (§5.42: one formation *can* join): asked whenever one came
            joins = joining(state, p, side)
            replace_top(state, stage="join" if joins else "reveal", current=None,
                        forms=tuple(joins), froms=(), first=False, left_out=(), **base)
            return
        forms = formations(state, p, side)
        froms = tuple(sorted({e["from"] for e in state.engagements
                              if e["area"] == p and e["side"] == side and e["from"] >= 0
                              and e["via"] != "join"}))
        if not forms:
            pop(state, frame)
            return
        if len(forms) > 1:
            replace_top(state, stage="order", forms=tuple(forms), current=None, froms=froms,
                        first=True, **base)
        else:
            replace_top(state, stage="fortify_check", forms=(), current=forms[0],
                        froms=froms, first=True, **base)

    def _fortifiable(self, state: State, frame: dict) -> list[int]:
        """Defenders outside who may still fortify (§6.1, §7.1): only in the first battle
        of a CityState the defender holds, within capacity, fleets only in ports."""
        ix = state.ix
        p, side = frame["place"], frame["side"]
        if not frame["first"] or ix.is_sea(p) or not ix.has_city[p]:
            return []
        if frame["current"]["via"] == "sortie" or defenders(state, p, side):
            return []
        room = scenario_rules.capacity(state, p) - len(inside_units(state, p, 1 - side))
        room -= len(frame["chosen"])
        if room <= 0:
            return []
        return [u for u in outside_units(state, p, 1 - side)
                if u not in frame["chosen"] and (ix.is_port[p] or not ix.is_fleet[u])]

    def _run_fortify_check(self, state: State, frame: dict) -> None:
        if self._fortifiable(state, frame):
            replace_top(state, stage="fortify")
        else:
            replace_top(state, stage="reveal")

    def _fortify(self, state: State, frame: dict) -> None:
        ix = state.ix
        p, d = frame["place"], 1 - frame["side"]
        for u in frame["chosen"]:
            state.inside[u] = 1
        if frame["chosen"]:
            keys = ", ".join(ix.describe(u) for u in frame["chosen"])
            state.event("fortify", "7.1", f"{side_title(d)} fortifies {keys} inside "
                        f"{ix.city_name[p]}", d, place=p, private=d,
                        public=f"{side_title(d)} fortifies {count(len(frame['chosen']), 'unit')}"
                               f" inside {ix.city_name[p]}, declining battle")
        if frame["chosen"] and not outside_units(state, p, d):
            state.event("declined", "6.1", f"Every {side_title(d)} defender in {ix.place_name[p]} "
                        "fortified: no battle there this turn", d, place=p)
            replace_top(state, stage="after", first=False, chosen=())
            return
        replace_top(state, stage="reveal", first=False)

    def _run_reveal(self, state: State, frame: dict) -> None:
        ix = state.ix
        p = frame["place"]
        built = build_battle(state, frame)
        if built is None:
            replace_top(state, stage="after")
            return
        b, units = built
        for u in units:
            state.revealed[u] = 1
        state.barrier = True
        sides = {s: [f for f in b.fighters if f.side == SIDE_NAMES[s]] for s in (0, 1)}
        head = (f"{b.kind.capitalize()} battle in {ix.place_name[p]} ({side_title(frame['side'])} "
                "attacking): ")
        state.event("battle_reveal", "6.1", lambda rd: head + "; ".join(
            f"{side_title(s)}: "
            + ", ".join(f"{rd.fighter(f.key)} at {strength(f.cv)} ({rating_words(f.rating)})"
                        for f in fs)
            for s, fs in sides.items()),
                    frame["side"], place=p, battle_kind=b.kind,
                    blocks=[f.key for f in b.fighters])
        log_battle(state, p, b.log)
        # a new battle (the next formation, or one continued after a failed retreat) starts a
        # new chain of Ares re-rolls (§11.0)
        fresh = {"ares_chain": None} if frame.get("ares_chain") else {}
        # once a battle here is revealed, nobody may fortify before the next one (§6.1, §7.1)
        saved = save_battle(b)
        replace_top(state, stage="fight", battle=saved, first=False, **fresh)
        if WATCHERS:
            tell(p, saved)

    def _run_fight(self, state: State, frame: dict) -> None:
        b = battle_object(state, frame)
        if not b.over:
            before = frame["battle"]
            log_battle(state, frame["place"], b.step())
            self._store(state, b)
            if olympians.offer_ares(state, before) or not b.over:
                return
        self._settle_battle(state, state.stack[-1], b)

    def _settle_battle(self, state: State, frame: dict, b: Battle) -> None:
        """Apply losses and Prestige, then start the retreat (§6.32, §6.34, §6.4, §14.11)."""
        ix = state.ix
        p = frame["place"]
        out = b.outcome
        assert out is not None
        for key, cv in out.final_cv.items():
            u = key_unit(ix, key)
            if u < 0:
                if cv <= 0 and p in state.garrisons:
                    del state.garrisons[p]
                    state.event("garrison_lost", "7.3", f"The garrison of "
                                f"{ix.city_name[p]} is eliminated", -1, place=p)
                continue
            if state.loc[u] < 0:
                continue
            if cv <= 0:
                eliminate(state, u, "6.32", "lost its last step in battle")
            else:
                state.cv[u] = cv
        self._award(state, frame, out)
        winner = SIDE_NAMES.index(out.winner)
        if frame["mode"] == "assault" and winner == frame["side"] \
                and not defenders(state, p, 1 - frame["side"]):
            capture(state, p, winner, "assault")
        loser = 1 - winner
        if out.must_retreat is None:
            replace_top(state, stage="after", winner=winner, suffered=b.suffered)
            return
        keys = {f.key for f in b.fighters if f.side == SIDE_NAMES[loser] and f.cv > 0}
        pending = tuple(u for u in (key_unit(ix, k) for k in sorted(keys))
                        if u >= 0 and not carried_now(state, u, p))
        stuck_garrison = any(k.startswith("garrison:") for k in keys)
        replace_top(state, stage="retreat", retreat_side=loser, pending=pending,
                    panic=out.how == "panic", winner=winner, fleet_at=(), cargo_used=(),
                    storms=(), garrison_stays=stuck_garrison, suffered=b.suffered)

    def _award(self, state: State, frame: dict, out: Any) -> None:
        """Prestige for the battle (§14.11); a fight continued by units that could not retreat
        only tops the first award up to what the final result is worth."""
        if not out.prestige_to:
            return
        side = SIDE_NAMES.index(out.prestige_to)
        amount = out.prestige
        prior = frame.get("awarded")
        if prior and prior[0] == side:
            amount = max(0, amount - prior[1])
        total = amount + (prior[1] if prior and prior[0] == side else 0)
        where = state.ix.place_name[frame["place"]]
        victory.gain(state, side, amount, out.prestige_rule,
                     f"{out.how} in the battle of {where}", place=frame["place"])
        replace_top(state, awarded=[side, total])


    def _run_retreat(self, state: State, frame: dict) -> None:
        settle_retreats(state, frame)

    def _run_after(self, state: State, frame: dict) -> None:
        """Between formations: a beaten formation makes way for the next one against the
        surviving defenders; once one wins, the rest simply join it (§5.41)."""
        ix = state.ix
        p, side = frame["place"], frame["side"]
        state.revealed = bytearray(len(state.revealed))
        lost = frame.get("winner", side) != side
        if frame["forms"] and lost and outside_units(state, p, 1 - side):
            forms = list(frame["forms"])
            if len(forms) > 1:
                replace_top(state, stage="order", forms=tuple(forms), current=None,
                            awarded=None, stuck_side=None, continued=False, winner=side,
                            suffered=())
                return
            replace_top(state, stage="reveal", current=forms[0], forms=(), awarded=None,
                        stuck_side=None, continued=False, winner=side, suffered=())
            return
        if frame["forms"] and not lost:
            state.event("formations_join", "5.41", f"{side_title(side)}'s other formations join "
                        f"the victors in {ix.place_name[p]}", side, place=p)
        pop(state, frame)
        refresh(state)

    def text(self, state, frame):
        ix = state.ix
        p = frame["place"]
        stage = frame["stage"]
        where = ix.place_name[p]
        if stage == "order":
            return (f"{side_title(frame['side'])}: choose which formation fights first in {where} "
                    "(§5.41)")
        if stage == "join":
            return (f"{side_title(frame['side'])}: one newly arrived formation may join the "
                    f"besiegers' assault on {ix.city_name[p]}: choose it, or none "
                    "(§5.42)")
        if stage == "fortify":
            return (f"{side_title(1 - frame['side'])}: before the blocks are revealed, fortify "
                    f"units inside {ix.city_name[p]}? (§6.1, §7.1)")
        if stage == "fight":
            prompt = frame["battle"]["prompt"]
            if prompt:
                return f"Battle of {where}: {battle_question(frame['battle'], prompt)}"
        if stage == "retreat":
            return (f"{side_title(frame['retreat_side'])}: choose where each unit retreats from "
                    f"{where} (§6.4)")
        return f"Battle of {where}"


_COUNT = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def battle_question(battle: dict, question: dict) -> str:
    """What a battle asks of a side, as a sentence with its rule: whether to retreat before
    its first attack of a round (§6.4), or which of its tied blocks takes a hit (§6.32, the
    strongest; §8.11, one that lost half a step) or is routed (§6.33, the weakest)."""
    side = question["whose"]
    you = side_title(SIDE_NAMES.index(side))
    if question["kind"] == "retreat":
        return (f"{you}, your first attack of round {battle['round']} is due: retreat all your "
                "blocks now, or fight on? (§6.4)")
    cvs = {f["key"]: f["cv"] for f in battle["fighters"]}
    tied = [cvs[k] for k in question["choices"] if k in cvs]
    many = _COUNT.get(len(tied), str(len(tied)))
    each = f"{strength(tied[0])} each" if tied else ""
    if question["kind"] == "rout":
        return (f"{you}: {many} of your blocks not yet routed are tied as the weakest ({each}): "
                "choose which one is routed (§6.33)")
    if question["rule"] == "8.11":
        return (f"{you}: {many} of your blocks lost half a step and must take the next hit "
                "first: choose which one takes it (§8.11)")
    last = " (the garrison is hit last, §7.3)" if "garrison" in question["why"] else ""
    return (f"{you}: {many} of your blocks are tied as the strongest ({each}): choose which "
            f"one takes the hit (§6.32){last}")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (BattleStep(),)
