"""§9 Winter: :mod:`.season` the winter turn (action cards only, maintenance, building,
disbanding, siegebreaking and winter siege combat) and :mod:`.movement` §9.21 Wintering
Movement with the shelter it looks for (Quartering, Homing, Displacement)."""
