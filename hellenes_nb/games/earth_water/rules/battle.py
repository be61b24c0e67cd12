"""Battles (§7): rounds of dice until one side is gone or retreats. Land battles are fought by
armies (§7.1), naval battles by fleets (§7.2); armies and fleets never fight each other.

A battle is one frame whose ``stage`` says what comes next: ``themistocles`` (after a Persian
naval move, the Greek window, card 5), ``check`` (is there an enemy fleet in the port?),
``begin`` (a land battle: the Greek battle cards' window), ``react``, ``roll``, ``after`` (The
Immortals, Artemisia), ``decide``, ``attacker_retreat``, ``defender_retreat``, ``bridge`` and
``end``. Greece's dice are rolled first, then Persia's (forced dice follow that order)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, pop, push, replace_top
from hellenes_nb.games.earth_water.index import N
from hellenes_nb.games.earth_water.rules.board import ABYDOS, controls
from hellenes_nb.games.earth_water.rules.campaign import add_score, leader_text
from hellenes_nb.games.earth_water.rules.combat import (
    attacker_retreats,
    count,
    defender_retreats,
    dice_for,
    kind_of,
    lose,
    persian_cap,
)
from hellenes_nb.games.earth_water.rules.common import (
    EWStep,
    action,
    card_name,
    city_id,
    city_of,
    name,
    play_card,
    plural,
    word,
)
from hellenes_nb.games.earth_water.rules.leaders import pay
from hellenes_nb.games.earth_water.rules.reactions import (
    ARTEMISIA,
    IMMORTALS,
    MILTIADES,
    PAUSANIAS,
    artemisia_open,
    battle_cards,
    immortals_open,
    themistocles_open,
)
from hellenes_nb.games.earth_water.state import State

__all__ = ["STEPS"]

GREAT_KING, EVANGELION = 7, 10
DECIDING = {"react": lambda f: 0, "immortals": lambda f: 1, "artemisia": lambda f: 0,
            "attacker_retreat": lambda f: f["attacker"],
            "defender_retreat": lambda f: 1 - f["attacker"], "bridge": lambda f: 0}
UNIT = {"land": ("army", "armies"), "naval": ("fleet", "fleets")}


def _units(frame: dict, n: int) -> str:
    return plural(n, *UNIT[frame["type"]])


class Battle(EWStep):
    """One battle (module docstring)."""

    kind = "battle"
    rules = ("7.0",)
    #: a battle card is shown from the hidden hand: undo stops there
    revealing = frozenset({"react"})

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        who = DECIDING.get(frame["stage"])
        return () if who is None else (who(frame),)

    # -- automatic stages --------------------------------------------------------------------
    def step(self, st: State, frame: dict) -> None:
        getattr(self, "_" + frame["stage"])(st, frame)

    def _themistocles(self, st: State, frame: dict) -> None:
        replace_top(st, stage="check")
        if themistocles_open(st, frame["city"]):
            push(st, {"kind": "window", "card": 5, "side": 0, "city": frame["city"]})

    def _check(self, st: State, frame: dict) -> None:
        if count(st, frame, 1 - frame["attacker"]) and count(st, frame, frame["attacker"]):
            st.event("battle", "7.2", f"Naval battle in the port of {name(frame['city'])}: "
                     f"{word(frame['attacker'])} attacks.", frame["attacker"],
                     city=city_id(frame["city"]))
            replace_top(st, stage="roll", rounds=0)
        else:
            self._land(st, frame)

    def _begin(self, st: State, frame: dict) -> None:
        city = frame["city"]
        st.event("battle", "7.1", f"Land battle in {name(city)}: {word(frame['attacker'])} "
                 "attacks.", frame["attacker"], city=city_id(city))
        frame = replace_top(st, rounds=0, start_persians=st.u[N + city])
        replace_top(st, stage="react" if battle_cards(st, frame) else "roll")

    def _roll(self, st: State, frame: dict) -> None:
        cap = persian_cap(frame)
        greek = st.dice.rolls(dice_for(st, frame, 0))
        persian = st.dice.rolls(dice_for(st, frame, 1))
        g, p = max(greek), max(min(d, cap) for d in persian)
        lost = [p >= g, g >= p]
        for side in (0, 1):
            if lost[side]:
                frame = lose(st, frame, side)
        loser = ("each side loses" if lost[0] and lost[1] else
                 f"{word(0 if lost[0] else 1)} loses")
        capped = f" (counted up to {cap})" if cap < 6 and max(persian) > cap else ""
        st.event("battle_round", "7.1" if frame["type"] == "land" else "7.2",
                 f"Round {frame['rounds'] + 1} in {name(frame['city'])}: Greece rolls "
                 f"{', '.join(map(str, greek))}, Persia rolls {', '.join(map(str, persian))}"
                 f"{capped}; best {g} against {p}: {loser} {_units(frame, 1)}.",
                 dice={"greece": greek, "persia": persian}, best=[g, p], lost=lost, cap=cap,
                 city=city_id(frame["city"]))
        st.stack[-1] = {**frame, "stage": "after", "rounds": frame["rounds"] + 1,
                        "persia_lost": lost[1], "last": {"greece": greek, "persia": persian,
                                                         "best": [g, p], "lost": lost}}

    def _after(self, st: State, frame: dict) -> None:
        if frame["type"] == "land" and immortals_open(st, frame):
            replace_top(st, stage="immortals")
        elif frame["type"] == "naval" and artemisia_open(st, frame):
            replace_top(st, stage="artemisia")
        else:
            replace_top(st, stage="decide")

    def _decide(self, st: State, frame: dict) -> None:
        if not count(st, frame, 0) or not count(st, frame, 1):
            replace_top(st, stage="end")
        elif frame["no_retreat"]:
            replace_top(st, stage="roll")
        else:
            replace_top(st, stage="attacker_retreat")

    def _end(self, st: State, frame: dict) -> None:
        if frame["type"] == "naval":
            self._land(st, frame)
            return
        city, attacker = frame["city"], frame["attacker"]
        winner = (attacker if not count(st, frame, 1 - attacker) else
                  1 - attacker if not count(st, frame, attacker) else -1)
        st.event("battle_end", "7.1", f"The battle in {name(city)} is over: " + (
            f"{word(winner)} holds the field." if winner >= 0 else "no army is left."),
                 winner, city=city_id(city))
        self._scores(st, frame)
        if city == ABYDOS and st.has("bridge") and controls(st, 0, ABYDOS):
            replace_top(st, stage="bridge")
        else:
            pop(st, frame)

    @staticmethod
    def _scores(st: State, frame: dict) -> None:
        """The Great King (Persian card 7) and Evangelion (Greek card 10) score after the
        battle their move started."""
        side, event, city = frame["attacker"], frame["event"], frame["city"]
        if (side, event) not in ((1, GREAT_KING), (0, EVANGELION)):
            return
        title = "The Great King" if side == 1 else "Evangelion"
        if not st.u[(1 - side) * N + city]:
            add_score(st, 1 if side == 0 else -1)
            st.event("card_points", "6.2", f"{title}: no enemy army is left in {name(city)}; "
                     f"{word(side)} gains 1 point ({leader_text(st.score)}).", side)
        if not controls(st, side, city):
            add_score(st, -1 if side == 0 else 1)
            st.event("card_points", "6.2", f"{title}: {word(side)} does not control "
                     f"{name(city)}; {word(1 - side)} gains 1 point "
                     f"({leader_text(st.score)}).", 1 - side)

    def _land(self, st: State, frame: dict) -> None:
        """The end of a naval move or battle: the armies carried by the surviving fleets land,
        and fight if enemy armies hold the city (§6.5)."""
        side, city, carried = frame["attacker"], frame["city"], frame.get("carried", 0)
        pop(st, frame)
        if not carried or not st.u[(2 + side) * N + city]:
            return
        st.u[side * N + city] += carried
        st.event("landing", "6.5", f"{plural(carried, 'army', 'armies')} of {word(side)} "
                 f"land in {name(city)}.", side, city=city_id(city), armies=carried)
        if st.u[(1 - side) * N + city]:
            push(st, {"kind": "battle", "type": "land", "city": city, "attacker": side,
                      "stage": "begin", "came_from": [], "by_sea": frame["origin"],
                      "moved": st.u[(2 + side) * N + city], "event": 0, "bonus": 0,
                      "cavalry": False, "no_retreat": False})

    # -- decisions ---------------------------------------------------------------------------
    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        stage = frame["stage"]
        if stage not in DECIDING or DECIDING[stage](frame) != side:
            return []
        if stage == "react":
            return ([action("react", 0, f"Play {card_name(c, 0)} (§6.1)", card=c)
                     for c in battle_cards(st, frame) if c in st.hands[0]]
                    + [action("fight", 0, "Fight without a battle card (§7.1)")])
        if stage in ("immortals", "artemisia"):
            card = IMMORTALS if stage == "immortals" else ARTEMISIA
            out = [action("react", side, f"Play {card_name(card, side)} (§6.1)", card=card)] \
                if card in st.hands[side] else []
            return out + [action("decline", side, "Let the moment pass (§6.1)")]
        if stage == "bridge":
            return [action("destroy_bridge", 0, "Destroy the pontoon bridge (§7.1)",
                           destroy=True),
                    action("destroy_bridge", 0, "Leave the bridge standing (§7.1)",
                           destroy=False)]
        rule = "7.1" if frame["type"] == "land" else "7.2"
        where = (attacker_retreats if stage == "attacker_retreat" else defender_retreats)(
            st, frame)
        return [action("fight", side, f"Fight on in {name(frame['city'])} (§{rule})")] + [
            action("retreat", side, f"Retreat {'by sea' if by == 'sea' else 'by road'} to "
                   f"{name(c)} (§{rule})", to=city_id(c), by=by) for c, by in where]

    def act(self, st: State, frame: dict, act: dict) -> None:
        kind, stage = act["type"], frame["stage"]
        if stage == "react":
            self._react(st, frame, act)
        elif stage in ("immortals", "artemisia"):
            if kind == "react":
                (self._immortals if stage == "immortals" else self._artemisia)(st, frame)
            else:
                st.event("decline", "6.1", f"{word(act_side(act))} does not react.",
                         act_side(act))
                replace_top(st, stage="decide")
        elif stage == "bridge":
            if act["destroy"]:
                st.mark("bridge", False)
                st.event("bridge", "7.1", "Greece destroys the pontoon bridge over the "
                         "Hellespont.", 0)
            pop(st, frame)
        elif kind == "fight":
            nxt = "defender_retreat" if stage == "attacker_retreat" else "roll"
            if nxt == "defender_retreat" and not defender_retreats(st, frame):
                nxt = "roll"
            replace_top(st, stage=nxt)
        elif kind == "retreat":
            self._retreat(st, frame, stage == "attacker_retreat", city_of(act, "to"),
                          act["by"])
        else:
            raise IllegalAction(f"{kind!r} is not a battle decision", "7.0")

    def _react(self, st: State, frame: dict, act: dict) -> None:
        if act["type"] == "fight":
            replace_top(st, stage="roll")
            return
        card = act["card"]
        play_card(st, 0, card, "reaction")
        if card == PAUSANIAS:
            frame = replace_top(st, cavalry=False)
            st.event("pausanias", "6.1", "Pausanias: the Persian cavalry's bonus is lost.", 0)
        else:
            frame = replace_top(st, bonus=card)
            st.event("battle_card", "6.1", f"{card_name(card, 0)}: Greece rolls three dice for "
                     "the whole battle.", 0)
        replace_top(st, stage="react" if battle_cards(st, frame) else "roll")
        if card == MILTIADES:
            pay(st, "miltiades", keep=frame["city"])

    def _immortals(self, st: State, frame: dict) -> None:
        play_card(st, 1, IMMORTALS, "reaction")
        back = min(3, frame["start_persians"], st.reserve[1])
        st.reserve[1] -= back
        st.u[N + frame["city"]] += back
        armies = plural(back, "Persian army", "Persian armies")
        st.event("immortals", "6.1", f"The Immortals: {armies} return to {name(frame['city'])}"
                 + (" and the Greek battle card no longer counts" if frame.get("bonus") else "")
                 + "; the battle goes on.", 1)
        replace_top(st, stage="decide", bonus=0)

    def _artemisia(self, st: State, frame: dict) -> None:
        play_card(st, 0, ARTEMISIA, "reaction")
        frame = lose(st, frame, 1, portrait=True)
        st.mark("artemisia")
        st.event("artemisia", "6.1", f"Artemisia: another Persian fleet flees the battle in "
                 f"{name(frame['city'])} and is out of the game.", 0)
        st.stack[-1] = {**frame, "stage": "decide"}

    def _retreat(self, st: State, frame: dict, attacker: bool, to: int, by: str) -> None:
        side = frame["attacker"] if attacker else 1 - frame["attacker"]
        city, k = frame["city"], kind_of(frame)
        moving = st.u[(k + side) * N + city]
        st.u[(k + side) * N + city] = 0
        st.u[(k + side) * N + to] += moving
        extra = ""
        if k == 2 and attacker and frame.get("carried"):
            st.u[side * N + to] += frame["carried"]  # the carried armies land at home
            extra = f", landing the {plural(frame['carried'], 'army', 'armies')} they carry"
            frame = {**frame, "carried": 0}
        elif k == 0 and by == "sea":
            fleets = st.u[(2 + side) * N + city]
            if attacker:
                fleets = min(fleets, frame["moved"])
            st.u[(2 + side) * N + city] -= fleets
            st.u[(2 + side) * N + to] += fleets
            extra = f" aboard {plural(fleets, 'fleet')}"
        st.event("retreat", "7.1" if k == 0 else "7.2", f"{word(side)} retreats "
                 f"{_units(frame, moving)} from {name(city)} to {name(to)}{extra}.", side,
                 city=city_id(city), to=city_id(to))
        st.stack[-1] = {**frame, "stage": "end"}

    def text(self, st: State, frame: dict) -> str:
        kind = "Land" if frame["type"] == "land" else "Naval"
        where = name(frame["city"])
        stage = frame["stage"]
        what = {"react": "Greece may play a battle card", "immortals":
                "Persia may play The Immortals", "artemisia": "Greece may play Artemisia",
                "attacker_retreat": f"{word(frame['attacker'])} (attacking) fights on or "
                "retreats", "defender_retreat": f"{word(1 - frame['attacker'])} (defending) "
                "fights on or retreats", "bridge": "Greece may destroy the pontoon bridge"
                }.get(stage, "the dice are rolled")
        return f"{kind} battle in {where}: {what}"


def act_side(act: dict) -> int:
    return 0 if act["side"] == "greece" else 1


STEPS = (Battle(),)
