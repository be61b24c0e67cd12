"""The heuristic opponent: sensible, fast moves from what its side may know (docs/bots.md).

``HeuristicBot(seed).choose(game, side)`` looks at the decision's kind and hands it to the
policy for that part of the rules: cards (:mod:`.cards_policy`), the action phase and group
moves (:mod:`.campaign`), battles and sieges (:mod:`.fighting`), Winter (:mod:`.wintering`);
the small decisions are here. Enemy forces come only from the redacted view (:mod:`.picture`).
Ties are broken by fixed keys, so a bot with a given seed always makes the same choices; the
seed only drives decisions no policy covers (a uniform pick, as a last resort).
"""

from __future__ import annotations

import random

from hellenes_nb.bots.base import Bot
from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.bots import campaign, cards_policy, fighting, wintering
from hellenes_nb.games.hellenes.bots.picture import Picture
from hellenes_nb.games.hellenes.rules import cards

PEACE_MIN_LEVEL = 9      # offer peace when two dice must total less than this or more (§14.22)


class HeuristicBot(Bot):
    """Rule-of-thumb play: see the module docstring and docs/bots.md."""

    name = "heuristic"
    games = ("hellenes",)

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)
        self.memory: dict[str, dict] = {"athens": {}, "sparta": {}}

    def choose(self, game: Game, side: str) -> dict:
        return self.decide(game, side, self._legal(game, side))

    def decide(self, game: Game, side: str, legal: list[dict],
               pic: Picture | None = None) -> dict:
        """One of ``legal`` (the legal actions of ``side`` now, listed by the caller). The
        search's rollouts call this with ``pic`` made by :meth:`Picture.of_state` and a light
        game that carries only ``state`` and ``ruleset``."""
        if len(legal) == 1:
            return legal[0]
        kind = game.state.stack[-1]["kind"]
        handler = getattr(self, f"on_{kind}", None)
        if handler is None:
            return self.rng.choice(legal)
        pic = pic or Picture(game, side)
        pic.aim = self.memory[side].get("aim", -1)
        return handler(game, pic, legal)

    # -- cards -----------------------------------------------------------------------------
    def on_card_play(self, game, pic, legal):
        return cards_policy.choose_card(pic, legal)

    def on_event(self, game, pic, legal):
        """Event choices (§3.1): the most valuable city; 'done' last."""
        ix = pic.ix

        def worth(a: dict) -> tuple:
            c = a["choice"]
            if c in ix.place_of:
                return (ix.city_value[ix.place_of[c]], c)
            return (-1 if c == "done" else 0, c)

        return max(legal, key=worth)

    def on_taxes_removal(self, game, pic, legal):
        return next((a for a in legal if a["type"] == "keep_taxes"), legal[0])

    def on_appeal(self, game, pic, legal):
        return next(a for a in legal if a["type"] == "no_appeal")

    def on_declare_war(self, game, pic, legal):
        return next(a for a in legal if a["declare"] is False)

    def on_peace_offer(self, game, pic, legal):
        """Offer peace only when it usually succeeds (§14.22)."""
        need, cost = _peace_terms(game)
        offer = pic.prestige >= need and pic.prestige - cost >= PEACE_MIN_LEVEL
        return next(a for a in legal if a["offer"] is offer)

    # -- actions ---------------------------------------------------------------------------
    def on_actions(self, game, pic, legal):
        return campaign.choose_action(game, pic, legal, self.memory[pic.side])

    def on_group_move(self, game, pic, legal):
        return campaign.group_move(game, pic, legal, self.memory[pic.side])

    def on_recruit(self, game, pic, legal):
        """Place the strongest drawn unit (§4.22) where it is most needed."""
        ix = pic.ix

        def worth(a: dict) -> tuple:
            u = ix.unit_of[a["unit"]]
            p = ix.place_of[a["area"]]
            rec = ix.world.units[(pic.side, ix.unit_number[u])]
            need = pic.threat(p) - pic.my_strength(pic.mine_out[p] + pic.mine_in[p])
            aimed = 1.0 if pic.aim >= 0 and p in pic.near(pic.aim) else 0.0  # a plan's aim
            return (ix.max_cv[u] * rec.rating.power + (1.0 if need > 0 else 0.0)
                    + 0.1 * ix.city_value[p] + aimed, a["unit"], a["area"])

        return max(legal, key=worth)

    def on_rolls(self, game, pic, legal):
        return next((a for a in legal if a.get("accept") is True), legal[0])

    # -- combat ----------------------------------------------------------------------------
    def on_combat_phase(self, game, pic, legal):
        return legal[0]

    def on_battle(self, game, pic, legal):
        t = legal[0]["type"]
        if t in ("fortify", "fortify_done"):
            return fighting.fortify(game, pic, legal)
        if t == "battle_choice":
            return fighting.battle_choice(game, pic, legal)
        if t in ("formation", "join"):
            return fighting.formation(game, pic, legal)
        return fighting.retreat(game, pic, legal)

    def on_sortie(self, game, pic, legal):
        return fighting.sortie(game, pic, legal)

    def on_siege_combat(self, game, pic, legal):
        return fighting.siege_combat(game, pic, legal)

    def on_capitulation(self, game, pic, legal):
        return fighting.capitulate(game, pic, legal)

    def on_attrition_hits(self, game, pic, legal):
        return fighting.least_valuable(pic, legal)

    def on_pillage_withdraw(self, game, pic, legal):
        return fighting.withdraw(game, pic, legal)

    # -- winter ----------------------------------------------------------------------------
    def on_winter_actions(self, game, pic, legal):
        return wintering.choose(game, pic, legal)

    def on_winter_disband(self, game, pic, legal):
        return fighting.least_valuable(pic, legal)


def _peace_terms(game: Game) -> tuple[int, int]:
    """(prestige needed, cost) of a peace offer now (§14.22; Peace Faction, §3.1)."""
    return cards.peace_offer_terms(game.state)
