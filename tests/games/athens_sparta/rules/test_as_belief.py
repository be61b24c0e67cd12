"""Athens & Sparta: the sampler of what a side cannot see (belief.py) draws the other side's
face-down blocks again, keeping that side's view and the blocks it has been shown (§2.0, §5.4)."""

from __future__ import annotations

import random

from hellenes_nb import new_game
from hellenes_nb.games.athens_sparta.belief import redeal


def test_2_0_face_down_blocks_are_drawn_again_and_the_view_stays_the_same():
    g = new_game("athens-sparta", 4)
    g.state.event("combat", "5.41", "sparta: spa-h1 fires", "sparta")  # shown in a battle
    rng = random.Random(3)
    real = g.state.board.blocks
    moved: set[str] = set()
    for _ in range(12):
        other = redeal(g.state, "athens", rng, blocks=True)
        assert g.ruleset.view(other, "athens") == g.view("athens")
        maxima = {x.id: x.steps for x in other.world.blocks}
        for k, v in other.board.blocks.items():
            assert v.steps <= maxima[k]
            if (v.where, v.steps) != (real[k].where, real[k].steps):
                assert v.side == "sparta"  # Athens' own blocks are never drawn again
                moved.add(k)
    assert len(moved) > 5  # the drawing does draw
    assert "spa-h1" not in moved  # a block named to Athens keeps its place
    types = {x.id: x.type for x in g.state.world.blocks}
    for k in moved:  # navies swap with navies, armies with armies
        places = {real[j].where for j in moved if (types[j] == "navy") == (types[k] == "navy")}
        assert real[k].where in places


def test_the_conformance_sampler_leaves_the_blocks_as_they_are():
    """Without ``blocks`` the blocks stay (the reveal check replays the other side's action,
    which names its block)."""
    g = new_game("athens-sparta", 4)
    other = redeal(g.state, "athens", random.Random(5))
    assert {k: (v.where, v.steps) for k, v in other.board.blocks.items()} == \
        {k: (v.where, v.steps) for k, v in g.state.board.blocks.items()}
