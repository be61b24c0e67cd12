"""What the battle board says and shows: plain-words narration citing rules, block states, the
decision, the appeal on offer and the stake (docs/battle-widget.md, §6, §11.0, §14.11).

Every function reads a battle and a ``name`` function (block key -> display name); nothing here
changes a battle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hellenes_nb.games.hellenes.battle_words import (
    SIDE_WORD,
    event_sentence,
    outcome_sentence,
    rating_words,
    strength,
)
from hellenes_nb.games.hellenes.battlelab import Battle, Fighter, other_side

__all__ = ["SIDE_WORD", "appeal_view", "attack_view", "block_view", "narrate", "outcome_text",
           "prompt_view", "stake_lines", "state_label", "struck"]

Names = Callable[[str], str]


def struck(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The narrative with the lines of its latest unit attack (from its "attack" line on)
    marked ``replaced``: an appeal to Ares or Hera rolls that attack again (§11.0), and the
    board shows the old lines struck through rather than dropping them."""
    start = max((i for i, line in enumerate(log) if line["kind"] == "attack"), default=len(log))
    return [*log[:start], *({**line, "replaced": True} for line in log[start:])]


def outcome_text(battle: Battle) -> str:
    o = battle.outcome
    if o is None:
        return ""
    return outcome_sentence(o.winner, o.how, o.prestige, o.rounds, o.prestige_rule)


def _retreat_cost(battle: Battle, side: str) -> str:
    """What retreating costs ``side``: nothing if it retires from a land battle before taking
    any hit or rout (including before a fight continued by units that could not retreat)."""
    enemy = SIDE_WORD[other_side(side)]
    if battle.kind != "sea" and side not in battle.suffered:
        return "it retires untouched, so no Prestige changes hands (§14.11)"
    return f"{enemy} gains 1 Prestige (§6.4, §14.11)"


def aggressor(battle: Battle) -> str:
    return next(f.side for f in battle.fighters if f.role == "aggressor")


def stake_lines(battle: Battle) -> list[str]:
    """What the battle is worth to each side (§6.34, §6.4, §14.11), or how it ended."""
    if battle.over:
        return [outcome_text(battle)]
    lines = ["Win by enemy panic or by wiping out every enemy block: +2 Prestige "
             "(§6.34, §14.11)."]
    first = aggressor(battle)
    for side in (first, other_side(first)):
        if not battle.may_retreat[side]:
            lines.append(f"{SIDE_WORD[side]} cannot retreat from this battle (§6.4, §8.12).")
        else:
            lines.append(f"If {SIDE_WORD[side]} retreats: {_retreat_cost(battle, side)}.")
    if battle.treachery:
        lines.append("Treachery: the assault lasts one round; if the city still stands the "
                     "assaulters must retreat (§3.1).")
    return lines


def state_label(f: Fighter, name: Names) -> str:
    """A block's state in words: ``strength 2 of 4, routed`` (its rating is shown beside it)."""
    if f.cv == 0:
        return "eliminated"
    parts = [strength(f.cv, f.max_cv)]
    if f.routed:
        parts.append("routed")
    if f.half:
        parts.append("half step lost")
    if f.carried_by:
        parts.append(f"carried by {name(f.carried_by)}")
    return ", ".join(parts)


def block_view(battle: Battle, f: Fighter, name: Names) -> dict[str, Any]:
    order = battle.firing_order()
    return {
        "order": order.index(f.key) + 1 if f.key in order else 0, "key": f.key,
        "name": name(f.key), "side": f.side, "role": f.role,
        "rating": f.rating, "agility": f.agility, "power": f.power, "cv": f.cv,
        "start_cv": f.start_cv, "max_cv": f.max_cv, "routed": f.routed, "half": f.half,
        "eliminated": f.cv == 0, "fired": f.fired, "cavalry": f.cavalry, "fleet": f.fleet,
        "garrison": f.garrison, "city": f.city, "carried_by": f.carried_by or "",
        "holds": f.holds_round1 and battle.round == 1 and not battle.over,
        "note": "city defender: A2, double defense, never routed (§8.1)" if f.city else "",
        "label": f"{rating_words(f.rating)}, {state_label(f, name)}",
    }


def prompt_view(battle: Battle, name: Names) -> dict[str, Any]:
    """The battle's decision in words: fight on or retreat (§6.4), or a tied block (§6.32)."""
    p = battle.prompt
    if p is None:
        return {}
    if p.kind == "retreat":
        cost = _retreat_cost(battle, p.whose)
        text = (f"{SIDE_WORD[p.whose]}: your first attack of round {battle.round} is "
                f"due. Fight on, or retreat every block now? If you retreat, {cost}.")
        choices = [{"value": "fight", "label": "Fight on"},
                   {"value": "retreat", "label": "Retreat all blocks"}]
    else:
        word = "hit" if p.kind == "hit" else "rout"
        text = (f"{SIDE_WORD[p.whose]} chooses which block takes the {word}: "
                f"{p.why} (owner's choice)")
        choices = [{"value": k, "label": f"{name(k)} "
                    f"({state_label(battle.fighter(k), name)})"} for k in p.choices]
    return {"whose": p.whose, "kind": p.kind, "rule": p.rule, "text": text,
            "choices": choices}


def latest_attack(battle: Battle) -> dict[str, Any]:
    return next(e for e in reversed(battle.log) if e["kind"] == "attack")


def appeal_view(offer: Mapping[str, Any] | None, battle: Battle,
                name: Names) -> dict[str, Any]:
    """The appeal the engine offers (``BattleLab.offer``) in words (§11.0)."""
    if offer is None:
        return {}
    side, god = offer["side"], offer["god"]
    who = name(latest_attack(battle)["by"])
    if god == "hera":
        text = (f"{SIDE_WORD[side]} may overrule the appeal of {SIDE_WORD[other_side(side)]} "
                f"to Ares with Hera: the attack of {who} is rolled once more.")
        label = "Appeal to Hera (roll it once more)"
    elif offer["free"]:
        text = (f"{SIDE_WORD[side]} appealed to Ares this round: this attack by {who}, "
                "of the same agility class, may be re-rolled too, at no further cost.")
        label = "Appeal to Ares (re-roll this attack, free)"
    else:
        text = (f"{SIDE_WORD[side]} holds a Sacrifice to Ares: re-roll the attack of "
                f"{who}? It spends the Sacrifice.")
        label = "Appeal to Ares (re-roll this attack)"
    return {"god": god, "side": side, "free": offer["free"], "rule": "11.0", "text": text,
            "appeal_label": label, "accept_label": "Accept the dice"}


def attack_view(battle: Battle, name: Names, n: int, rerolls: int) -> dict[str, Any]:
    """The latest unit attack in the log with everything it did so far (a tie may have
    been settled by the owner's choice since the dice were thrown)."""
    log = battle.log
    start = max(i for i, e in enumerate(log) if e["kind"] == "attack")
    attack = log[start]
    power = int(attack["rating"][1])
    dice = []
    for face in attack["dice"]:
        if face <= power:
            result = "hit"
        elif face >= 7 - power:
            result = "rout" if attack["mode"] == "fire" else "rout-ignored"
        else:
            result = "miss"
        dice.append({"face": face, "result": result})
    effects = []
    for e in log[start + 1:]:
        if e["kind"] in ("hit", "half_hit", "rout", "eliminated", "unused"):
            effects.append({"kind": e["kind"], "target": e.get("target", ""),
                            "name": name(e.get("target", "")), "rule": e["rule"],
                            "why": e.get("why", ""), "cv": e.get("cv")})
    return {"n": n, "by": attack["by"], "name": name(attack["by"]),
            "side": attack["side"], "rating": attack["rating"],
            "rating_words": rating_words(attack["rating"]), "mode": attack["mode"],
            "rule": attack["rule"], "round": attack["round"], "dice": dice,
            "hits": attack["hits"], "routs": attack["routs"], "effects": effects,
            "rerolls": rerolls, "text": narrate(attack, battle, name)["text"]}


def _appeal_text(e: Mapping[str, Any], name: Names) -> str:
    god, side = e["god"], SIDE_WORD[e["side"]]
    if god == "hera":
        return (f"{side} appeals to Hera and overrules the appeal to Ares: "
                f"the attack of {name(e['by'])} is rolled once more. The Sacrifice is spent.")
    if e["free"]:
        return (f"{side} has Ares re-roll the attack of {name(e['by'])} as well (same "
                "agility class this round, no further Sacrifice).")
    return (f"{side} appeals to Ares: the attack of {name(e['by'])} is re-rolled and "
            "the new dice stand. The Sacrifice is spent.")


#: the board's own lines (appeals and automatic choices of its lab battle); every battle event
#: is worded by ``battle_words``, as in the game's log
_TEXTS: dict[str, Callable[[Mapping[str, Any], Names], str]] = {
    "auto_choice": lambda e, n: (f"Auto: {SIDE_WORD[e['side']]} picks "
                                 f"{e['choice'] if e['decision'] == 'retreat' else n(e['choice'])}"
                                 "."),
    "appeal": _appeal_text,
    "accept": lambda e, n: (f"{SIDE_WORD[e['side']]} lets the dice stand (no appeal to "
                            f"{e['god'].title()})."),
}


def narrate(e: Mapping[str, Any], battle: Battle, name: Names) -> dict[str, Any] | None:
    """One plain-words line for a battle event, citing its rule (None for no line)."""
    kind = e["kind"]
    if kind == "battle_end" and battle.outcome:
        text = outcome_text(battle)
    elif kind in _TEXTS:
        text = _TEXTS[kind](e, name)
    else:
        text = event_sentence(e, name)
        if text is None:
            return None
    key = e.get("by") or e.get("target")
    side = e.get("side") or (battle.fighter(key).side if key else "")
    return {"round": e["round"], "kind": kind, "rule": e["rule"], "side": side, "text": text}
