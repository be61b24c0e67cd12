"""``hellenes odds``: battle odds from the command line (see ``docs/odds.md``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from hellenes_nb.core.words import listed
from hellenes_nb.games.hellenes.odds.auto import METHODS, battle_odds
from hellenes_nb.games.hellenes.odds.battle import (
    SIDE_NAMES,
    BattleSpec,
    RetreatPolicy,
    make_battle,
)
from hellenes_nb.games.hellenes.odds.forces import ForcesError
from hellenes_nb.games.hellenes.odds.montecarlo import MAX_SAMPLES, check_samples
from hellenes_nb.games.hellenes.odds.result import HOWS, Odds


def add_odds_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``odds`` sub-command; it sets ``func`` to :func:`run_odds`."""
    parser = subparsers.add_parser(
        "odds",
        help="odds of a Hellenes battle (§6), exact where possible",
        description="Odds of one battle. Forces are comma-separated blocks such as "
        "'B2:3,cav:A1:2' (see docs/odds.md).",
    )
    parser.add_argument(
        "--attacker", required=True, help="the aggressor's blocks, e.g. 'B2:3,A1:2'"
    )
    parser.add_argument("--defender", required=True, help="the defender's blocks")
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--sea", action="store_true", help="a sea battle: E/F fleets (§6.5)")
    kind.add_argument(
        "--assault",
        action="store_true",
        help="a siege assault: defenders A2, double defense (§8.1)",
    )
    parser.add_argument(
        "--landing", action="store_true", help="aggressors land from the sea: silent round 1 (§6.6)"
    )
    parser.add_argument(
        "--narrows",
        action="store_true",
        help="fleets engage across a narrows: silent round 1 (§6.5)",
    )
    for side in SIDE_NAMES:
        parser.add_argument(
            f"--{side}-retreat-after-rounds",
            type=int,
            metavar="N",
            help=f"the {side} retreats at its first attack of round N+1 (0 = retire at once)",
        )
        parser.add_argument(
            f"--{side}-retreat-at-losses",
            type=int,
            metavar="K",
            help=f"the {side} retreats at its first attack of a round once it has lost K steps",
        )
    parser.add_argument("--method", choices=METHODS, default="auto", help="default: auto")
    parser.add_argument(
        "--samples",
        type=int,
        help=f"Monte Carlo battles (1 to {MAX_SAMPLES:,}; default 40,000, about ±0.5 %%, "
        "fewer for battles of more than 50 blocks)",
    )
    parser.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (0 or more)")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    parser.set_defaults(func=run_odds)
    return parser


def _policy(args: argparse.Namespace, side: str) -> RetreatPolicy:
    return RetreatPolicy(
        after_rounds=getattr(args, f"{side}_retreat_after_rounds"),
        at_losses=getattr(args, f"{side}_retreat_at_losses"),
    )


def run_odds(args: argparse.Namespace) -> int:
    """Compute and print the odds; returns the exit status (2 on bad input)."""
    try:
        if args.samples is not None:
            check_samples(args.samples, "--samples")
        if args.seed < 0:
            raise ValueError(f"--seed must be 0 or more, not {args.seed:,}")
        spec = make_battle(
            args.attacker,
            args.defender,
            sea=args.sea,
            assault=args.assault,
            landing=args.landing,
            narrows=args.narrows,
            attacker_retreat=_policy(args, "attacker"),
            defender_retreat=_policy(args, "defender"),
        )
        odds = battle_odds(spec, args.method, args.samples, args.seed)
    except (ForcesError, ValueError) as error:
        print(f"hellenes odds: error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({**odds.to_dict(), "why": why(spec, odds)}, indent=2))
    else:
        print(render(odds, spec))
    return 0


#: the battle board's words for the defender's row (games/hellenes/widgets/static/battle.js)
DEFENDER_FIRST = "fires first in each letter"


def why(spec: BattleSpec, odds: Odds) -> list[str]:
    """Why the defender is favoured, in words with the rules behind it: one sentence a reason
    that holds in this battle (empty when the defender is not the likelier winner)."""
    if odds.defender_wins <= odds.attacker_wins:
        return []
    attack = {b.agility for b in spec.attacker}
    defend = {b.agility for b in spec.defender}
    reasons = []
    shared = sorted(attack & defend)
    if shared:
        reasons.append(
            f"the defender {DEFENDER_FIRST} (§6.2): its {listed(shared)} blocks fire before "
            f"the attacker's {listed(shared)} blocks, so they may hit or rout them before "
            "they can fire back")
    if min(defend) < min(attack):
        reasons.append(f"the defender's {min(defend)} blocks fire before any attacker block "
                       "(the earlier letter fires first, §6.2)")
    if spec.silent_first_round:
        rule = "§6.5" if spec.kind == "sea" else "§6.6"
        reasons.append(f"the attacker does not fire in the first round ({rule})")
    if spec.kind == "assault":
        reasons.append("the city's defenders have double defence behind its walls (§8.11)")
    steps = spec.starting_steps(0), spec.starting_steps(1)
    if steps[1] > steps[0]:
        reasons.append(f"the defender brings {steps[1]} steps against {steps[0]}")
    return [f"why the defender is favoured: {r}" for r in reasons]


def render(odds: Odds, spec: BattleSpec | None = None) -> str:
    """A plain-text report of the odds; sampled odds state their error (95 % margins); with
    the battle, why the defender is favoured when it is (:func:`why`)."""
    lines = [f"method: {odds.method}"]
    if odds.samples:
        lines[0] += (f", {odds.samples:,} samples: each probability within ±{odds.margin():.2%} "
                     "(95 % confidence)")
    if odds.note:
        lines.append(f"note: {odds.note}")
    for name, p in (("attacker", odds.attacker_wins), ("defender", odds.defender_wins)):
        error = f" ± {odds.margin(p):.2%}" if odds.samples else ""
        lines.append(f"{name} wins {float(p):7.2%}{error}")
    if spec is not None:
        lines.extend(why(spec, odds))
    lines.append("")
    lines.append(f"{'winner':<10}{'how':<13}{'probability':>12}")
    ways = odds.by_how()
    for name in SIDE_NAMES:
        for how in HOWS:
            if ways[(name, how)]:
                lines.append(f"{name:<10}{how:<13}{float(ways[(name, how)]):>12.2%}")
    lines.append("")
    lost = odds.expected_steps_lost()
    prestige = odds.expected_prestige()
    for side, name in enumerate(SIDE_NAMES):
        dist = odds.steps_lost_distribution(side)
        spread = "  ".join(f"{k}:{float(p):.1%}" for k, p in enumerate(dist) if p)
        lines.append(
            f"{name}: loses {float(lost[name]):.2f} steps on average, gains "
            f"{float(prestige[name]):.2f} prestige; steps lost {spread}"
        )
    lines.append(f"expected rounds: {float(odds.expected_rounds):.2f}")
    return "\n".join(lines)
