"""§9 Winter: :mod:`.season` the winter turn (action cards only, maintenance, building,
disbanding, siegebreaking and winter siege combat), :mod:`.shelter` the shelter units need
(§9.0, §9.213 Displacement, §9.22 Maintenance) and :mod:`.movement` §9.21 Wintering Movement
(the limits of Quartering, Homing and Winter group moves, the listing of free moves)."""
