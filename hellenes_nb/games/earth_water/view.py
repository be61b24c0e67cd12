"""What each side may see (docs/earth-water.md, "Hidden information"): the board, the tracks,
the discard pile (face up, §6.2) and the number of cards in each hand and in the draw pile are
public; a hand is seen by its owner only (and by the teacher, ``"all"``); the draw pile's
order by nobody. Log events written ``private`` are read in full by their owner only, the other
side reads their public words (:func:`log_for`)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.privatelog import PrivateLog
from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.earth_water.index import CITIES, MAJOR, SIDE_NAMES, N
from hellenes_nb.games.earth_water.rules.board import controller
from hellenes_nb.games.earth_water.rules.campaign import LAST
from hellenes_nb.games.earth_water.rules.combat import persian_cap
from hellenes_nb.games.earth_water.state import FLAGS, State

__all__ = ["READERS", "log_for", "read_event", "view"]

READERS = ("greece", "persia", "all")
_HEAD = ("kind", "rule", "side", "campaign")


#: the one redaction of private events (core/privatelog.py)
LOG = PrivateLog(READERS, _HEAD)
read_event = LOG.read_event


def log_for(st: State, role: str, start: int = 0) -> list[dict]:
    return LOG.read(st.log, role, start)


def _battle(st: State) -> dict[str, Any] | None:
    for frame in reversed(st.stack):
        if frame["kind"] == "battle" and frame["stage"] not in ("themistocles", "check"):
            city = frame["city"]
            k = 0 if frame["type"] == "land" else 2
            return {"type": frame["type"], "city": CITIES[city].id,
                    "attacker": SIDE_NAMES[frame["attacker"]], "stage": frame["stage"],
                    "round": frame.get("rounds", 0),
                    "units": {"greece": st.u[k * N + city], "persia": st.u[(k + 1) * N + city]},
                    "carried": frame.get("carried", 0), "last": frame.get("last"),
                    "bonus": frame.get("bonus", 0), "cavalry": frame.get("cavalry", False),
                    "persian_cap": persian_cap(frame), "no_retreat": frame["no_retreat"]}
    return None


def view(st: State, role: str, steps: StepRegistry) -> dict[str, Any]:
    """A JSON-ready dict of what ``role`` ("greece", "persia" or "all") may know."""
    if role not in READERS:
        raise ValueError(f"a view is for 'greece', 'persia' or 'all', not {role!r}")
    u = st.u
    cities = []
    for c in CITIES:
        i = c.index
        who = controller(st, i)
        cities.append({"id": c.id, "name": c.name, "major": SIDE_NAMES[MAJOR[i]] if MAJOR[i] >= 0
                       else None, "amphorae": c.amphorae, "port": c.port,
                       "armies": {"greece": u[i], "persia": u[N + i]},
                       "fleets": {"greece": u[2 * N + i], "persia": u[3 * N + i]},
                       "control": SIDE_NAMES[who] if who >= 0 else None})
    hands: dict[str, Any] = {}
    for s, name in enumerate(SIDE_NAMES):
        hands[name] = (st.hands[s][:] if role in (name, "all")
                       else {"count": len(st.hands[s])})
    top = st.stack[-1] if st.stack else None
    prompt: dict[str, Any] = {"kind": top["kind"] if top else "stopped"}
    if top is not None:
        step = steps.step_for(top)
        who = step.deciders(st, top) if not step.terminal else ()
        prompt.update(side=SIDE_NAMES[who[0]] if who else "none", text=step.text(st, top),
                      rules=list(step.rules))
    talents = {SIDE_NAMES[f["side"]]: f["talents"] for f in st.stack if f["kind"] == "prepare"}
    return {
        "game": "earth-water", "scenario": st.scenario, "viewer": role,
        "campaign": st.campaign, "campaigns": LAST, "score": st.score,
        "cities": cities,
        "reserve": {name: {"armies": st.reserve[s], "fleets": st.reserve[2 + s]}
                    for s, name in enumerate(SIDE_NAMES)},
        "portraits": st.portraits,
        "flags": [f for f in FLAGS if st.has(f)],
        "hands": hands,
        "deck": {"count": len(st.deck)},
        "discard": st.discard[:],
        "talents": talents,
        "prompt": prompt,
        "battle": _battle(st),
        "log": log_for(st, role),
    }
