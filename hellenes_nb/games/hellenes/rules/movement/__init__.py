"""§5 movement: :mod:`.check` a move, border by border (ranges, land and sea moves, sea
transport §5.21, deep-sea crossings §5.22, forced marches §5.3, engaging §5.4);
:mod:`.search` the canonical path to every place a unit may reach, for listing moves;
:mod:`.execution` carrying out a checked move and recording its formation; :mod:`.rolls` the
forced-march and storm rolls after all actions; :mod:`.occupancy` where the enemy stands, as
moves see it, and the places a side just pillaged (§5.5). A move is a ``path`` of places
entered, in order (the start is not included)."""
