"""The exact DP's inner loop compiled with numba (optional: ``pip install numba``).

:mod:`.fast` prepares everything as NumPy arrays (each side's numbered states,
one table per firing slot of the states a unit attack leaves and their chances) and, when numba
is installed, hands the sweep over the battle's states to :func:`sweep_battle`. The sweep is the
chain of :mod:`.dp` (§6.2 order of fire, §6.31–6.33 attacks, §6.4 retreat
moments, §6.5–6.6 silent first rounds, §8.11 half steps dropped at a round's end) walked over
dense arrays indexed by joint state ``a * n_defender + d``:

* round tags one after another; inside a tag, weight levels from the highest down; inside a
  level, the rounds already under way (phase A) and then the rounds starting at that level
  (phase B), whose mass is first scaled by 1 / (1 − stay) to sum the empty rounds;
* a unit attack that leaves the enemy with no unrouted block records the mass under
  (firing side's state, slot, first round?, what matters of the beaten side) in ``collapses``;
  a side that retreats at its first attack records it in ``retreats``. Afterwards
  :func:`settle_collapses` turns the collapses into outcomes with pursuit and harrying
  (§6.34, §6.41); retreats (and collapses of sides with cargo) are settled in Python.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _slots(ids, tag, first, silent, n_d, pairs, sides, fire, flow, collapses, retreats):
    """Fire every slot for the in-round mass of the joint states ``ids`` (one weight level);
    ``pairs`` gives each joint state's (attacker, defender) states without a division."""
    joint_a, joint_d = pairs
    _, _, ables, cvs, wants, active = sides
    slot_side, slot_block, slot_table, aft, chn = fire
    n_s = len(slot_side)
    n_st = flow.shape[2]
    for k in range(n_s):
        s = slot_side[k]
        i = slot_block[k]
        t = slot_table[k]
        bit = 1 << s
        # the arrays of this slot's sides, picked once (tuple indexing costs in the loop)
        own_able, own_cv, own_wants = ables[s], cvs[s], wants[s]
        found = collapses[s]
        watch = active[s]
        hold = first and s == silent
        f = 1 if first else 0
        for j in ids:
            for st in range(n_st):
                m = flow[k, j, st]
                if m == 0.0:
                    continue
                flow[k, j, st] = 0.0
                a = joint_a[j]
                d = joint_d[j]
                own = a if s == 0 else d
                if hold or not own_able[own, i]:
                    flow[k + 1, j, st] += m
                    continue
                st2 = st
                if watch and not st & bit:
                    st2 = st | bit
                    if own_wants[tag, own]:
                        retreats[s, j, f] += m
                        continue
                # the joint state after the attack is base + stride * (foe's new state)
                foe, base, stride = (d, a * n_d, 1) if s == 0 else (a, d, n_d)
                cv = own_cv[own, i]
                for w in range(chn.shape[3]):
                    p = chn[t, cv, foe, w]
                    if p == 0.0:
                        break
                    after = aft[t, cv, foe, w]
                    if after < 0:  # the foe has no unrouted block left: -1 - its descriptor
                        found[own, k, f, -1 - after] += m * p
                    else:
                        flow[k + 1, base + stride * after, st2] += m * p


@njit(cache=True)
def sweep_battle(setup, sides, fire, quiet, flow, starts, collapses, retreats):
    """Push the mass of joint state 0 to the battle's end.

    ``setup``: top weight, first and last round tag, silent side (or -1), slot and started
    flags of the starting moment, and each side's number of standing states (numbered first,
    so that joint state ``a * n_d + d`` pairs two of them). ``sides``: pairs (attacker,
    defender) of per-state arrays: weight, state after the round's end, able and cv per block,
    retreat wanted per tag; then the retreat-policy flags.
    ``fire``: the firing order (side, block), each slot's attack table and the tables (an
    enemy state with nothing unrouted is coded as -1 - its ending descriptor).
    ``quiet[s][tag, id]``: the chance that side s's fire changes nothing in a round (0 if it
    retreats at once); their product is the chance ``stay`` of an empty round.
    ``flow[k, j, started]`` holds in-round mass before slot k and ``starts[tag, j]`` round-start
    mass. Returns the expected number of rounds begun, or -1.0 if some round can never change
    anything."""
    top, tag0, last_tag, silent, slot0, started0, n_a, n_d = setup
    weights, ends = sides[0], sides[1]
    n_s = len(fire[0])
    n_st = flow.shape[2]
    # joint states grouped by weight level: level q is order[offset[q]:offset[q + 1]]
    counts = np.zeros(top + 2, np.int64)
    for a in range(n_a):
        for d in range(n_d):
            counts[weights[0][a] + weights[1][d] + 1] += 1
    offset = np.cumsum(counts)
    fill = offset.copy()
    order = np.empty(n_a * n_d, np.int64)
    joint_a = np.empty(n_a * n_d, np.int64)
    joint_d = np.empty(n_a * n_d, np.int64)
    for a in range(n_a):
        for d in range(n_d):
            q = weights[0][a] + weights[1][d]
            order[fill[q]] = a * n_d + d
            fill[q] += 1
            joint_a[a * n_d + d] = a
            joint_d[a * n_d + d] = d
    pairs = (joint_a, joint_d)
    played = 0.0
    if slot0 > 0:
        flow[slot0, 0, started0] = 1.0
        played = 1.0
    else:
        starts[tag0, 0] = 1.0
    for tag in range(tag0, last_tag + 1):
        first = tag == 0 and silent >= 0
        saturated = tag == last_tag
        follow = min(tag + 1, last_tag)
        for q in range(top, -1, -1):
            ids = order[offset[q] : offset[q + 1]]
            # phase A: rounds that began at a higher weight and sit at weight q now
            _slots(ids, tag, first, silent, n_d, pairs, sides, fire, flow, collapses, retreats)
            for j in ids:
                for st in range(n_st):
                    m = flow[n_s, j, st]
                    if m != 0.0:
                        flow[n_s, j, st] = 0.0
                        starts[follow, ends[0][joint_a[j]] * n_d + ends[1][joint_d[j]]] += m
            # phase B: rounds starting at weight q; on the last tag scaled by 1 / (1 - stay)
            begun = False
            for j in ids:
                m = starts[tag, j]
                if m == 0.0:
                    continue
                starts[tag, j] = 0.0
                if saturated:
                    stay = quiet[0][tag, joint_a[j]] * quiet[1][tag, joint_d[j]]
                    if stay >= 1.0:
                        return -1.0
                    m /= 1.0 - stay
                played += m
                flow[0, j, 0] += m
                begun = True
            if not begun:
                continue
            _slots(ids, tag, first, silent, n_d, pairs, sides, fire, flow, collapses, retreats)
            for j in ids:
                for st in range(n_st):
                    m = flow[n_s, j, st]
                    if m != 0.0:
                        flow[n_s, j, st] = 0.0
                        if not saturated:  # on the last tag this is the empty round, summed
                            a, d = joint_a[j], joint_d[j]
                            starts[follow, ends[0][a] * n_d + ends[1][d]] += m
    return played


@njit(cache=True)
def settle_collapses(found, victor, beaten, blocks, silent, binomial, ends):
    """Eliminations and panics recorded by :func:`sweep_battle` for one victor, added to
    ``ends[how, victor's steps lost, beaten side's steps lost]`` (how 0 elimination, 1 panic).

    ``found[own, slot, first, desc]``: mass ending with the victor in state ``own`` after
    ``slot`` fired (the ``first`` axis has length 1 when no side is silent in round 1).
    ``victor``: its (cv, able, steps lost) per state; ``beaten``: per ending descriptor
    (alive?, rearguard rank, steps lost, steps left); ``blocks``: per victor block
    (slot, agility rank, cavalry?, power); ``silent``: the victor is silent in a first round;
    ``binomial[power, dice, hits]``. Pursuit by unrouted blocks that have not fired and are
    more agile than the rearguard, then the victor's cavalry harrying, hits only (§6.34,
    §6.41); hits beyond the steps left are lost. Every cell of ``found`` is left at zero."""
    cv, able, lost = victor
    alive, rear, base, left = beaten
    slot_of, rank, cavalry, power = blocks
    n_own, n_s, n_f, n_desc = found.shape
    most = ends.shape[2] - 1
    dist = np.zeros(most + 1)
    work = np.zeros(most + 1)
    pmf = np.zeros((8, most + 1))
    known = np.zeros(8, np.bool_)
    for own in range(n_own):
        for k in range(n_s):
            for f in range(n_f):
                known[:] = False
                for desc in range(n_desc):
                    m = found[own, k, f, desc]
                    if m == 0.0:
                        continue
                    found[own, k, f, desc] = 0.0  # left empty for the next battle
                    if not alive[desc]:
                        ends[0, lost[own], base[desc]] += m
                        continue
                    r = rear[desc]
                    if not known[r]:
                        known[r] = True
                        dist[:] = 0.0
                        dist[0] = 1.0
                        for i in range(len(slot_of)):
                            dice = cv[own, i] if able[own, i] else 0
                            if dice == 0:
                                continue
                            chase = slot_of[i] > k and not (f == 1 and silent) and rank[i] < r
                            for _ in range(int(chase) + int(cavalry[i])):
                                work[:] = 0.0
                                for h in range(most + 1):
                                    if dist[h] == 0.0:
                                        continue
                                    for extra in range(dice + 1):
                                        work[min(h + extra, most)] += (
                                            dist[h] * binomial[power[i], dice, extra]
                                        )
                                dist[:] = work
                        pmf[r, :] = dist
                    for h in range(most + 1):
                        p = pmf[r, h]
                        if p != 0.0:
                            ends[1, lost[own], base[desc] + min(h, left[desc])] += m * p


@njit(cache=True)
def attack_tables(sides, foe_of, outcomes, aft, chn):
    """Fill the stacked attack tables of :func:`sweep_battle` (the compiled twin of
    ``statetables.attack_table``, same order and same sums).

    ``sides[s]``: side s as (hits_stack, routs_stack, standing, desc): the state after h single
    hits (routs) and, per state, unrouted block left? and ending descriptor; table ``t`` fires
    at side ``foe_of[t]``. ``outcomes[0..2][t, cv, o]``: hits, routs and chance of one unit
    attack of table ``t``'s power with ``cv`` dice (§6.31–6.33), chance 0 past the last one.
    ``aft[t, cv, state, w]`` receives the distinct states left, in increasing order (a state
    with nothing unrouted coded as -1 - its descriptor) and ``chn`` their chances. Returns
    the largest number of distinct states left by one attack."""
    hits, routs, chance = outcomes
    n_t, n_cv, n_o = chance.shape
    seen = np.empty(n_o, np.int64)
    mass = np.empty(n_o)
    width = 0
    for t in range(n_t):
        hits_stack, routs_stack, standing, desc = sides[foe_of[t]]
        for cv in range(n_cv):
            for x in range(hits_stack.shape[1]):
                count = 0
                for o in range(n_o):
                    p = chance[t, cv, o]
                    if p == 0.0:
                        break
                    after = routs_stack[routs[t, cv, o], hits_stack[hits[t, cv, o], x]]
                    at = 0
                    while at < count and seen[at] < after:
                        at += 1
                    if at < count and seen[at] == after:
                        mass[at] += p
                        continue
                    for back in range(count, at, -1):
                        seen[back] = seen[back - 1]
                        mass[back] = mass[back - 1]
                    seen[at] = after
                    mass[at] = p
                    count += 1
                for w in range(count):
                    after = seen[w]
                    aft[t, cv, x, w] = after if standing[after] else -1 - desc[after]
                    chn[t, cv, x, w] = mass[w]
                width = max(width, count)
    return width
