"""The words of a battle, one copy for the game's log and the battle board (issue 15, item 3).

A battle event (``rules/battle/combat.py``'s fields) becomes a sentence a pupil reads: counts
without "(s)", the die faces that hit and rout instead of a rating code ("B2": agility B, a 1 or
2 hits; §6.2, §6.31), "strength" for a block's combat value. The rule number is not written
into the sentence: every line carries its rule, and each reader shows it at the end.

``name`` is a function from a fighter key to words (the log's :class:`~.eventlog.Reader`
names only the blocks a reader knows; the battle board names every block of its lab battle).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hellenes_nb.core.words import count, listed, sentence_start
from hellenes_nb.games.hellenes.index import SIDE_WORD

__all__ = ["ADJECTIVE", "HOW_TEXT", "SIDE_WORD", "attack_sentence", "event_sentence", "hit_faces",
           "outcome_sentence", "rating_words", "strength"]

Names = Callable[[str], str]

ADJECTIVE = {"athens": "Athenian", "sparta": "Spartan"}
HOW_TEXT = {"elimination": "eliminating every enemy block", "panic": "enemy panic",
            "retreat": "enemy retreat", "retire": "the enemy retiring (a skirmish)",
            "treachery_failed": "holding out through the Treachery Assault"}


def strength(cv: int, most: int | None = None) -> str:
    """``strength 3`` or ``strength 3 of 4`` (a block's combat value, §2.12)."""
    return f"strength {cv}" if most is None else f"strength {cv} of {most}"


def hit_faces(power: int) -> str:
    """The faces that hit for a block of this power: ``1``, ``1 or 2``, ``1, 2 or 3``
    (§6.31)."""
    return listed(list(range(1, power + 1)))


def rating_words(rating: str) -> str:
    """A combat rating in words: ``"C2"`` -> ``agility C, hits on a 1 or 2`` (§2.14)."""
    return f"agility {rating[0]}, hits on a {hit_faces(int(rating[1]))}"


def attack_sentence(name: str, ev: Mapping[str, Any], *, again: bool = False) -> str:
    """One unit attack (an ``attack`` event) as a sentence: its dice, which faces hit and
    rout, what was rolled and what it did. Routs do not count in pursuit or when harrying a
    retreat (§6.34, §6.41). ``again``: the attack rolled once more after an appeal (§11.0)."""
    power = int(str(ev["rating"])[-1])
    hits = hit_faces(power)
    kind = {"fire": "Attack", "pursuit": "Pursuit attack", "harry": "Harrying attack"}[ev["mode"]]
    dice = ev["dice"]
    if ev["mode"] == "fire":
        routs = listed(list(range(7 - power, 7)))
        odds = f"hits on a {hits}, routs on a {routs}"
        result = f"{count(ev['hits'], 'hit')} and {count(ev['routs'], 'rout')}"
    else:
        odds = f"hits on a {hits}; routs do not count now"
        result = count(ev["hits"], "hit")
    rolled = "rolled again" if again else "rolled"
    return (f"{kind} by {name} with {count(len(dice), 'die', 'dice')} ({odds}): {rolled} "
            f"{listed(dice, 'and')}, so {result}.")


def outcome_sentence(winner: str, how: str, prestige: int, rounds: int, rule: str = "") -> str:
    """How a battle ended: ``Athens wins by enemy panic: +2 Prestige after 2 rounds.``
    (``rule``, when given, is cited beside the Prestige, §14.11)."""
    gain = f": +{prestige} Prestige" if prestige else ": no Prestige changes hands"
    cite = f" (§{rule})" if rule else ""
    return (f"{SIDE_WORD[winner]} wins by {HOW_TEXT[how]}{gain}{cite} after "
            f"{count(rounds, 'round')}.")


def _unused(e: Mapping[str, Any]) -> str:
    amount = count(e.get("hits", e.get("routs", 0)), "hit" if "hits" in e else "rout")
    return f"{sentence_start(amount)} left unused: {e['why']}."


def _panic(e: Mapping[str, Any]) -> str:
    return (f"Every {ADJECTIVE[e['side']]} block is routed: {SIDE_WORD[e['side']]} panics. "
            f"Its slowest blocks (agility {e['rearguard']}, the last to fire) are the "
            "rearguard.")


_SENTENCES: dict[str, Callable[[Mapping[str, Any], Names], str]] = {
    "attack": lambda e, n: attack_sentence(n(e["by"]), e),
    "hit": lambda e, n: (f"Hit on {n(e['target'])}, {e['why']}: "
                         f"{'eliminated' if e['cv'] == 0 else 'strength now ' + str(e['cv'])}."),
    "half_hit": lambda e, n: (f"Half hit on {n(e['target'])} (double defense): the next hit "
                              "must complete its step."),
    "rout": lambda e, n: f"Rout of {n(e['target'])}, {e['why']}.",
    "eliminated": lambda e, n: f"{sentence_start(n(e['target']))} is eliminated.",
    "unused": lambda e, n: _unused(e),
    "hold": lambda e, n: f"{sentence_start(n(e['by']))} cannot attack in round 1: {e['why']}.",
    "stand": lambda e, n: f"{SIDE_WORD[e['side']]} fights on.",
    "retreat": lambda e, n: f"{SIDE_WORD[e['side']]} retreats all its blocks: {e['why']}.",
    "panic": lambda e, n: _panic(e),
    "all_eliminated": lambda e, n: f"Every {ADJECTIVE[e['side']]} block is eliminated.",
    "round_end": lambda e, n: f"Round {e['round']} ends: every block has had its attack.",
    "half_cancelled": lambda e, n: (f"{sentence_start(n(e['target']))}'s half-step loss is "
                                    "cancelled at the end of the round."),
    "cargo_reduced": lambda e, n: (f"{sentence_start(n(e['target']))} drops to "
                                   f"{strength(e['cv'])} to stay weaker than its fleet "
                                   f"{n(e['carrier'])}."),
    "battle_end": lambda e, n: outcome_sentence(e["winner"], e["how"], e["prestige"],
                                                e["round"]),
}


def event_sentence(e: Mapping[str, Any], name: Names) -> str | None:
    """One battle event as a sentence (None for a kind that is not a battle event)."""
    words = _SENTENCES.get(e["kind"])
    return None if words is None else words(e, name)
