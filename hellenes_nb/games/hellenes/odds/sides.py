"""How one side's blocks take hits and routs (§6.32, §6.33, §8.11, §7.3).

A side's state during a battle is a tuple of small ints, one per block in the order written (see
:mod:`.battle`): ``code = 4 * cv + 2 * routed + half``, where ``half`` marks the
half-step loss of double defense (§8.11). An eliminated block has code 0.
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.odds.forces import Block

ROUTED = 2
HALF = 1
STEP = 4


class Side:
    """The fixed facts of one side and the pure functions that update its state tuple."""

    __slots__ = ("blocks", "n", "start", "double", "routable", "garrison", "cavalry", "carried")

    def __init__(self, blocks: tuple[Block, ...]) -> None:
        self.blocks = blocks
        self.n = len(blocks)
        self.start = tuple(STEP * block.cv for block in blocks)
        # in a siege assault every defender is a city defender (§8.1): double defense, no routs
        self.double = any(block.city for block in blocks)
        self.routable = not self.double
        self.garrison = tuple(block.garrison for block in blocks)
        self.cavalry = tuple(block.cavalry for block in blocks)
        self.carried = tuple(block.carried for block in blocks)

    def hit(self, codes: tuple[int, ...], hits: int, routed_too: bool = False) -> tuple[int, ...]:
        """Apply ``hits`` one at a time to the currently strongest block (§6.32).

        Ties go to the block written first. Routed blocks take no battle losses
        (§6.33) unless ``routed_too`` (pursuit §6.34 and harrying §6.41). With double defense a
        hit first puts a half step on a block, which must take the next hit as well (§8.11); a
        garrison takes hits only once it is the last block left (§7.3). Hits with no eligible
        target are lost.
        """
        if hits <= 0:
            return codes
        c = list(codes)
        n, double, garrison = self.n, self.double, self.garrison
        for _ in range(hits):
            if double:
                holder = -1
                for i in range(n):
                    if c[i] & HALF:
                        holder = i
                        break
                if holder >= 0:
                    left = c[holder] - STEP - HALF
                    c[holder] = left if left >= STEP else 0
                    continue
            best, best_cv, spare = -1, 0, -1
            for i in range(n):
                code = c[i]
                if code < STEP or (code & ROUTED and not routed_too):
                    continue
                if garrison[i]:
                    spare = i
                    continue
                if code >> 2 > best_cv:
                    best, best_cv = i, code >> 2
            if best < 0:
                best = spare
            if best < 0:
                break
            if double:
                c[best] |= HALF
            else:
                left = c[best] - STEP
                c[best] = left if left >= STEP else 0
        return tuple(c)

    def rout(self, codes: tuple[int, ...], routs: int) -> tuple[int, ...]:
        """Rout the currently weakest unrouted block once per rout (§6.33); city defenders ignore
        routs (§8.1). Ties go to the block written first."""
        if routs <= 0 or not self.routable:
            return codes
        c = list(codes)
        for _ in range(routs):
            best, best_cv = -1, 99
            for i in range(self.n):
                code = c[i]
                if code < STEP or code & ROUTED:
                    continue
                if code >> 2 < best_cv:
                    best, best_cv = i, code >> 2
            if best < 0:
                break
            c[best] |= ROUTED
        return tuple(c)

    @staticmethod
    def end_round(codes: tuple[int, ...]) -> tuple[int, ...]:
        """Drop half-step losses left at the end of a round (§8.11)."""
        if not any(code & HALF for code in codes):
            return codes
        return tuple(code & ~HALF for code in codes)

    @staticmethod
    def standing(codes: tuple[int, ...]) -> bool:
        """Whether any block is alive and unrouted (otherwise the side panics or is gone)."""
        return any(code >= STEP and not code & ROUTED for code in codes)

    @staticmethod
    def alive(codes: tuple[int, ...]) -> bool:
        """Whether any block survives."""
        return any(code >= STEP for code in codes)

    def shaken(self, codes: tuple[int, ...]) -> bool:
        """Whether the side has suffered any hit or rout (so retreating is not retiring, §6.4)."""
        return codes != self.start

    def steps_lost(self, codes: tuple[int, ...]) -> int:
        """Steps lost so far, counting carried land units cut down to stay below their fleet
        (§6.5) and lost with it."""
        lost = 0
        for code, start, carried in zip(codes, self.start, self.carried, strict=True):
            cv = code >> 2
            lost += (start >> 2) - cv
            if carried:
                lost += carried - min(carried, max(cv - 1, 0))
        return lost
