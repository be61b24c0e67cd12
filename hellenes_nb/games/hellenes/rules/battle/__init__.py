"""§6 battles (with §8.1 siege assault and §14.11 prestige): :mod:`.phase` the combat phase on
the map (battle order, formations, fortifying, revealing, retreats), :mod:`.combat` the battle
machine fought one unit attack at a time, :mod:`.setup` the checks on who may fight,
:mod:`.blocks` a block as it stands in a battle, :mod:`.policies` deterministic answers to a
battle's decisions and :mod:`.prestige` what a battle's end is worth."""
