"""The rulebook's sections as the tutorial's coverage sees them: a short title for each (our own
words) and whether it holds a rule a player applies.

A few headings only gather their subsections (§6.3 is §6.31–§6.33), point elsewhere (§14.13
points to §9.51) or describe the physical kit (the marker labels of §2.4). They are listed
with the reason they need no task; every other section must be taught by a task or a worked
example (``hellenes tutorial check`` says which are not).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hellenes_nb.core.catalog import home_plugin
from hellenes_nb.lessons.format import normalise_section

__all__ = ["NO_TASK", "TITLES", "applied", "coverage", "coverage_markdown", "order"]

#: section → a short title
TITLES: dict[str, str] = {
    "1.0": "Regions of the map: Greece, Persia, Sicily, Italy",
    "1.1": "Land areas, nations and city-states",
    "1.2": "Sea areas, deep-sea borders and narrows",
    "1.3": "Cities, ports, capacity, offshore seas, towns",
    "1.31": "Loyalty of cities; neutral cities",
    "1.32": "Nationality of cities and towns",
    "1.33": "Subject regions",
    "1.4": "Control of areas and cities",
    "2.0": "Blocks, hidden faces and the recruit pool",
    "2.1": "Unit labels: Greeks, barbarians, Sicilians",
    "2.11": "A unit's nationality and home cities",
    "2.12": "Combat value: one die per step",
    "2.13": "Movement range and elite units",
    "2.14": "Combat rating: agility and power",
    "2.2": "Unit types (heading)",
    "2.21": "Hoplites",
    "2.22": "Archers",
    "2.23": "Cavalry",
    "2.24": "Infantry",
    "2.25": "Barbarians",
    "2.26": "Fleets, at sea and on land",
    "2.27": "The Odrysian cavalry",
    "2.3": "Garrisons",
    "2.4": "Markers (heading)",
    "2.41": "Group markers",
    "2.42": "Game markers",
    "3.0": "The cards of each scenario",
    "3.1": "Events",
    "3.11": "Leaders",
    "3.12": "Revolts",
    "3.2": "Action value of a card",
    "3.3": "Initiative: the lower card moves first",
    "4.0": "Actions",
    "4.1": "Group movement as an action",
    "4.2": "Building",
    "4.21": "Reinforcing a unit at home",
    "4.22": "Recruiting",
    "4.23": "Detached garrisons",
    "4.3": "Pillaging as an action",
    "4.4": "Winter maintenance as an action",
    "5.0": "Groups, formations and musters",
    "5.1": "Land movement",
    "5.2": "Sea movement and sea access",
    "5.21": "Carrying a land unit by sea",
    "5.22": "Deep-sea crossings and storms",
    "5.23": "Ship damage",
    "5.3": "Forced marches and forced sails",
    "5.4": "Engaging the enemy",
    "5.41": "Formations that do not coordinate",
    "5.42": "Joining a siege assault",
    "5.5": "Pillaging",
    "6.0": "The combat phase and the order of battles",
    "6.1": "Battle sequence: fortify or reveal",
    "6.2": "Combat rounds and firing order",
    "6.3": "Combat resolution (heading)",
    "6.31": "A unit's attack",
    "6.32": "Hits go to the strongest",
    "6.33": "Routs go to the weakest",
    "6.34": "Panic and pursuit",
    "6.4": "Retreats",
    "6.41": "Cavalry harrying",
    "6.5": "Sea battles and narrows",
    "6.6": "Sea landings",
    "7.0": "Siege (heading)",
    "7.1": "Fortifying",
    "7.2": "Establishing a siege",
    "7.3": "City garrisons",
    "7.4": "Besieged units",
    "8.0": "Siege combat: assault or attrition",
    "8.1": "Siege assault",
    "8.11": "Double defense",
    "8.12": "Retreats from an assault",
    "8.13": "Capitulation",
    "8.2": "Siege attrition",
    "8.21": "Blockade",
    "8.22": "Black Sea grain",
    "8.3": "Sorties",
    "9.0": "Winter: who survives it",
    "9.1": "Winter initiative",
    "9.2": "Winter actions",
    "9.21": "Wintering movement",
    "9.211": "Quartering",
    "9.212": "Homing",
    "9.213": "Displacement",
    "9.214": "Group moves in winter",
    "9.22": "Winter maintenance",
    "9.23": "Winter building",
    "9.24": "Winter disbanding",
    "9.3": "Siege-breaking combat",
    "9.31": "Homing battles",
    "9.32": "Winter sorties",
    "9.4": "Winter siege combat",
    "9.5": "Year End (heading)",
    "9.51": "Tribute",
    "9.52": "Victory check",
    "9.53": "Advancing the year",
    "9.54": "Reshuffling the cards",
    "10.0": "New Year (heading)",
    "10.1": "The New Year deal",
    "10.2": "New Year events",
    "10.3": "Sacrifices",
    "11.0": "Appeals to the Olympians",
    "12.0": "The Peace of Nicias",
    "12.1": "War resumes",
    "12.11": "Halved tribute",
    "12.12": "Decelea",
    "12.13": "New Spartan recruits",
    "13.0": "Persian Aid (heading)",
    "13.1": "Persian gold",
    "13.2": "Persian intervention",
    "13.3": "Fewer revolts",
    "14.0": "Victory (heading)",
    "14.1": "Prestige",
    "14.11": "Prestige from battles",
    "14.12": "Prestige from pillage",
    "14.13": "Tribute (a pointer to §9.51)",
    "14.2": "Winning the game (heading)",
    "14.21": "Surrender at 15 Prestige",
    "14.22": "Peace offers",
    "14.23": "Exhaustion at the campaign's end",
    "14.24": "Levels of victory",
    "15.0": "Scenarios (heading)",
    "15.1": "The 431 Campaign",
    "15.2": "The Sicily Campaign",
    "15.3": "The 413 Campaign",
    "15.4": "The 415 Campaign",
}

#: sections with no rule of their own for a player to apply, and why
NO_TASK: dict[str, str] = {
    "2.2": "a heading: the unit types are §2.21–§2.27",
    "2.4": "a heading: the marker labels of the physical game",
    "2.41": "group markers only tidy a crowded physical map; the screen needs none",
    "2.42": "the labels of the physical markers; the screen shows year, prestige and markers",
    "6.3": "a heading: §6.31–§6.33 hold its rules",
    "7.0": "a heading: §7.1–§7.4 hold its rules",
    "9.5": "a heading: §9.51–§9.54 hold its rules",
    "10.0": "a heading: §10.1–§10.3 hold its rules",
    "13.0": "a heading: §13.1–§13.3 hold its rules",
    "14.0": "a heading: §14.1–§14.24 hold its rules",
    "14.13": "it only points to §9.51",
    "14.2": "a heading: §14.21–§14.24 hold its rules",
    "15.0": "a heading: §15.1–§15.4 hold its rules",
}


def order(section: str) -> tuple[int, ...]:
    """Sort key of a section number (``9.211`` after ``9.21``; a rulebook that numbers with
    several dots, ``4.3.1``, sorts the same way)."""
    major, _, minor = section.partition(".")
    return (int(major), *(int(c) for c in minor if c != "."))


def _rulebook(kit: Any = None) -> tuple[Iterable[str], Mapping[str, str]]:
    """The sections of a game's rulebook and those needing no task: its tutorial kit's, or
    (no kit, or a kit that lists none) the home game's, above."""
    if kit is None or not kit.sections:
        return home_plugin().lessons.rule_sections, NO_TASK
    return kit.sections, kit.no_task


def applied(kit: Any = None) -> list[str]:
    """Every section with a rule a player applies, in rulebook order (``kit``: the game's
    tutorial kit; None: the home game)."""
    sections, no_task = _rulebook(kit)
    return sorted((s for s in sections if s not in no_task), key=order)


def coverage(taught: Iterable[tuple[str, str]], kit: Any = None) -> dict[str, list[str]]:
    """Section → the tasks that teach it (``taught``: pairs of section and task name), for
    every section of the rulebook (``kit``'s game's; None: the home game's), in order."""
    out: dict[str, list[str]] = {s: [] for s in sorted(_rulebook(kit)[0], key=order)}
    for section, task in taught:
        s = normalise_section(section)
        if s in out and task not in out[s]:
            out[s].append(task)
    return out


def coverage_markdown(table: dict[str, list[str]]) -> str:
    """The coverage as a Markdown table (docs/tutorial.md)."""
    lines = ["| § | section | taught by |", "|---|---|---|"]
    for s, tasks in table.items():
        if s in NO_TASK:
            who = f"— ({NO_TASK[s]})"
        else:
            who = ", ".join(f"`{t}`" for t in tasks) if tasks else "**not yet taught**"
        lines.append(f"| {s} | {TITLES.get(s, '')} | {who} |")
    return "\n".join(lines)
