"""Where the enemy stands, as one side's moves see it (§5.0, §5.4, §5.5, §1.31): the
occupancy facts a move check and the movement search read, made once per unchanged state and
shared between states with the same enemy positions (:data:`_FACTS`); and the places a side
may not enter because it pillaged them this player turn (§5.5)."""

from __future__ import annotations

from hellenes_nb.core import remembered
from hellenes_nb.games.hellenes.index import SIDE_SPAN
from hellenes_nb.games.hellenes.rules.control import besieged, placed
from hellenes_nb.games.hellenes.rules.scenarios import capacity
from hellenes_nb.games.hellenes.state import State

#: ``bytes.translate`` table: 0 becomes 1, anything else 0 (a logical "not" per byte)
_ZERO_TO_ONE = bytes([1] + [0] * 255)
#: more deep-sea borders than any way has: a place a pruned walk has not reached (:func:`walk`)
OPEN = 1 << 30


#: The occupancy facts of :class:`Occupancy` (``enemy_out``, ``blocked``, ``enemy``, their masks and
#: ``closed``, immutable, and the searches made with them: see :func:`destinations`), shared between
#: states. Key: all they are made from: world index, side, pass-through places, places pillaged
#: by the side this turn, neutral places, and the enemy units' places and "inside" flags.
#: Bounded.
_FACTS: dict[tuple, tuple[bytes, bytes, bytes, tuple[int, int, int], tuple[int, ...], dict]] = (
    remembered.table("movement.occupancy._FACTS"))
_FACTS_MAX = 512


class Occupancy:
    """Occupancy facts for one side's moves, computed once per check (one unchanged state).

    With ``places`` (the places of one path, for :func:`check_border`), :attr:`enemy_out` is filled
    in for those places only and :attr:`blocked` and :attr:`enemy` (read by searches) are not
    built."""

    __slots__ = ("blocked", "closed", "enemy", "enemy_out", "ix", "side", "state", "through",
                 "pillaged", "searches", "_ports", "_masks")

    def __init__(self, state: State, side: int, through: bytearray | None = None,
                 places: tuple[int, ...] | None = None):
        ix = state.ix
        self.state, self.ix, self.side = state, ix, side
        self.through = through
        self.pillaged = _pillaged_now(state, side)
        self._ports: dict[tuple[int, int], bool] = {}
        lo = (1 - side) * SIDE_SPAN
        if places is not None:
            #: per place, 1 when enemy units stand there outside the walls
            self.enemy_out = enemy_out = bytearray(ix.n_places)
            loc, inside = state.loc, state.inside
            there = loc[lo:lo + SIDE_SPAN].tolist()
            for p in places:
                if p in there and any(loc[e] == p and not inside[e]
                                      for e in range(lo, lo + SIDE_SPAN)):
                    enemy_out[p] = 1
            return
        hi = lo + SIDE_SPAN
        key = (ix, side, None if through is None else bytes(through), self.pillaged,
               state.neutral, state.loc[lo:hi].tobytes(), bytes(state.inside[lo:hi]))
        facts = _FACTS.get(key)
        if facts is None:
            if len(_FACTS) >= _FACTS_MAX:
                _FACTS.clear()
            facts = _FACTS[key] = _facts(state, lo, through, self.pillaged)
        #: ``enemy_out`` as above; ``blocked``: places that may not be entered at all, neutral
        #: (§1.31) or pillaged by the mover (§5.5); ``enemy``: places whose enemy units stop
        #: and engage the mover (not those it may pass through); ``closed``: per place, -1 when
        #: blocked, else :data:`OPEN` (to start a pruned walk's table of fewest deep-sea
        #: borders, :func:`walk`); ``searches``: the searches made with these facts
        #: (:func:`_search`)
        (self.enemy_out, self.blocked, self.enemy, self._masks, self.closed,
         self.searches) = facts

    def port_ok(self, p: int, n_units: int) -> bool:
        """Can ``n_units`` friendly units go inside the besieged city of ``p`` (§5.2, §7.4)?
        The state-dependent half of :func:`_can_enter_city`, remembered per place."""
        got = self._ports.get((p, n_units))
        if got is None:
            state = self.state
            got = self._ports[(p, n_units)] = besieged(state, p) == self.side and (
                sum(1 for u in placed(state)[self.side].get(p, ()) if state.inside[u])
                + n_units <= capacity(state, p))
        return got

    def masks(self) -> tuple[int, int, int]:
        """:attr:`enemy_out`, :attr:`enemy` and :attr:`blocked` as ints, one byte per place (to
        mask with :meth:`_Borders.ball`)."""
        return self._masks


def _facts(state: State, lo: int, through: bytearray | None, pillaged: frozenset[int]
           ) -> tuple[bytes, bytes, bytes, tuple[int, int, int], tuple[int, ...], dict]:
    """The occupancy facts of :class:`Occupancy` for the side whose enemy's units start at ``lo``:
    ``enemy_out``, ``blocked``, ``enemy``, the three as ints (:meth:`Occupancy.masks`), ``closed``
    and an empty table of the searches made with them (:func:`_search`)."""
    n = state.ix.n_places
    enemy_out = bytearray(n)
    hi = lo + SIDE_SPAN
    for p, inside in zip(state.loc[lo:hi], state.inside[lo:hi], strict=True):
        if p >= 0 and not inside:
            enemy_out[p] = 1
    blocked = bytearray(state.neutral)
    for p in pillaged:
        blocked[p] = 1
    out = int.from_bytes(enemy_out, "little")
    enemy = out if through is None else (
        out & int.from_bytes(through.translate(_ZERO_TO_ONE), "little"))
    return (bytes(enemy_out), bytes(blocked), enemy.to_bytes(n, "little"),
            (out, enemy, int.from_bytes(blocked, "little")),
            tuple(-1 if x else OPEN for x in blocked), {})


def _pillaged_now(state: State, side: int) -> frozenset[int]:
    """Places ``side`` pillaged this player turn: its units may not enter them (§5.5)."""
    if not state.pillaged:
        return frozenset()
    return frozenset(p for p in state.pillaged if pillage_entry_banned(state, p, side))


# -- the places a side just pillaged (§5.5) ----------------------------------------------------
def _turn_code(state: State, side: int) -> int:
    """Names ``side``'s player turn now."""
    return state.year * 100 + state.season * 10 + side


def note_pillaged(state: State, p: int, side: int) -> None:
    """``side`` has just pillaged ``p``: its units may not enter ``p`` for the rest of this
    player turn (§5.5; the ``pillaged_now:<place>`` flag)."""
    state.flags[f"pillaged_now:{state.ix.place_ids[p]}"] = _turn_code(state, side)


def pillage_entry_banned(state: State, p: int, side: int) -> bool:
    """True if ``side`` pillaged ``p`` this player turn: its units may not enter (§5.5)."""
    return state.flags.get(f"pillaged_now:{state.ix.place_ids[p]}") == _turn_code(state, side)

