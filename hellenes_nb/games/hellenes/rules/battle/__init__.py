"""§6 battles (with §8.1 siege assault and §14.11 prestige). On the map: :mod:`.phase` the combat
phase (battle order, formations), :mod:`.stages` one battle place stage by stage (fortifying,
revealing, the fight, losses and Prestige), :mod:`.fighters` the battle built from the map and
logged, :mod:`.retreats` retreats (§6.4), :mod:`.watch` watchers told of each step of a
battle being fought (a board showing that battle). The battle itself, knowing nothing of the map:
:mod:`.combat` the machine fought one unit attack at a time, :mod:`.setup` the checks on who may
fight, :mod:`.blocks` a block as it stands in a battle, :mod:`.policies` a battle's questions
and deterministic answers, :mod:`.prestige` what a battle's end is worth."""
