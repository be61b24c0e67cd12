"""Strategics (§9.1, §9.3) as frames of the sequence of play.

- **grain** (§9.1, the Hellespont): at the end of each Athenian Player Turn, while Sparta has
  sea control of Abydos (a Spartan navy there and no Athenian one, or a Spartan blockade of
  the city), Athens removes one of its blocks standing in Athens' hex to its pool;
  ``grain_loss`` {block}, asked only when there is a choice. Not while Athens holds Syracuse
  with sea control of it (§9.2, :func:`.syracuse.grain_relief`).
- **persia** (§9.3): at the end of a Game Turn in which Sparta holds Miletus and has not taken
  Persia's support, Sparta may take it (``ally_persia``, for good) or not yet
  (``decline_persia``). With it Spartan navies cost 1 BP a step, Persia is open to Spartan
  moves, and Miletus no longer counts for Sparta's victory points. Athens retaking Miletus
  ends the alliance for good.
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, push
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.syracuse import grain_relief

__all__ = ["STEPS", "persia_check", "sea_control_of_abydos"]


def _navies(st: Position, hex_id: str, side: str) -> list[str]:
    kinds = {x.id: x.type for x in st.world.blocks}
    return [k for k, v in sorted(st.board.blocks.items())
            if v.where == hex_id and v.side == side and v.steps > 0 and kinds[k] == "navy"]


def sea_control_of_abydos(st: Position) -> bool:
    """Sparta has sea control of Abydos (§4.2, §9.1)."""
    abydos = st.world.cities["abydos"]
    if st.board.blockaded.get("abydos") == "sparta":
        return True
    return bool(_navies(st, abydos.hex, "sparta")) and not _navies(st, abydos.hex, "athens")


def _in_athens(st: Position) -> list[str]:
    hex_id = st.world.cities["athens"].hex
    return [k for k, v in sorted(st.board.blocks.items())
            if v.where == hex_id and v.side == "athens" and v.steps > 0]


def _lose(st: Position, block: str) -> None:
    st.board.blocks[block].where, st.board.blocks[block].steps = "pool", 0
    st.event("grain", "9.1", "Sparta holds the Hellespont: Athens loses a block from Athens "
             "to its pool", "athens")


def _binds(st: Position) -> bool:
    """Sparta holds the Hellespont and Athens has no Syracusan grain (§9.1, §9.2)."""
    return sea_control_of_abydos(st) and not grain_relief(st)


class Grain(Step):
    """The Hellespont's grain (module docstring)."""

    kind = "grain"
    rules = ("9.1",)

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return (0,) if _binds(st) and len(_in_athens(st)) > 1 else ()

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        return [{"type": "grain_loss", "side": "athens", "block": k,
                 "label": f"remove {k} from Athens (the Hellespont is lost)"}
                for k in _in_athens(st)] if side == 0 else []

    def why_illegal(self, st: Position, frame: dict, action: dict) -> IllegalAction | None:
        if action.get("type") != "grain_loss":
            return IllegalAction(f"{shown(action.get('type'))} is not a choice here: "
                                 f"{self.text(st, frame)}", "9.1")
        if action["block"] not in _in_athens(st):
            return IllegalAction(f"the block removed for the Hellespont is one of those in "
                                 f"Athens ({', '.join(_in_athens(st))}), not "
                                 f"{shown(action['block'])}", "9.1")
        return None

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        _lose(st, action["block"])
        pop(st, frame)

    def run(self, st: Position, frame: dict) -> None:
        if _binds(st) and _in_athens(st):
            _lose(st, _in_athens(st)[0])
        pop(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        return "Sparta holds the Hellespont: Athens removes one block from Athens (§9.1)"


def persia_check(st: Position) -> None:
    """At the end of a Game Turn: the alliance ends if Athens holds Miletus; Sparta is asked
    if it holds Miletus without the alliance (module docstring)."""
    owner = st.board.control.get("miletus")
    if st.board.persia == "allied" and owner == "athens":
        st.board.persia = "ended"
        st.event("persia", "9.3", "Athens retakes Miletus: Persia's support ends for good",
                 "athens")
    elif st.board.persia == "none" and owner == "sparta":
        push(st, {"kind": "persia"})


class Persia(Step):
    """Sparta takes Persia's support or not (module docstring)."""

    kind = "persia"
    rules = ("9.3",)

    def deciders(self, st: Position, frame: dict) -> tuple[int, ...]:
        return (1,)

    def legal(self, st: Position, frame: dict, side: int) -> list[dict]:
        if side != 1:
            return []
        return [{"type": "ally_persia", "side": "sparta",
                 "label": "take Persia's support (for good: navies 1 BP a step, Persia open, "
                          "Miletus lost for victory)"},
                {"type": "decline_persia", "side": "sparta", "label": "not now"}]

    def apply(self, st: Position, frame: dict, action: dict) -> None:
        if action["type"] == "ally_persia":
            st.board.persia = "allied"
            st.event("persia", "9.3", "Sparta takes Persia's support", "sparta")
        pop(st, frame)

    def text(self, st: Position, frame: dict) -> str:
        return "Sparta holds Miletus: take Persia's support? (§9.3)"


STEPS = (Grain(), Persia())
