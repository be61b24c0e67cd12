"""The one redaction of private log events shared by the games that write them
(core/privatelog.py): the owner and the teacher read the event whole, the other side its
heading and public text, and an unknown reader is refused in words."""

from __future__ import annotations

import pytest

from hellenes_nb.core.privatelog import PrivateLog

LOG = PrivateLog(("red", "blue", "all"), ("kind", "rule", "side", "turn"))
EVENT = {"kind": "draw", "rule": "3.1", "side": 0, "turn": 2, "card": 7,
         "text": "Red draws card 7.", "private": "red", "public": "Red draws a card."}


def test_the_owner_and_the_teacher_read_it_whole_the_other_side_its_public_words():
    whole = {k: v for k, v in EVENT.items() if k not in ("private", "public")}
    assert LOG.read([EVENT], "red") == LOG.read([EVENT], "all") == [whole]
    assert LOG.read([EVENT], "blue") == [{"kind": "draw", "rule": "3.1", "side": 0, "turn": 2,
                                          "text": "Red draws a card."}]
    public = {"kind": "move", "text": "Blue moves."}
    assert LOG.read([EVENT, public], "blue", start=1) == [public]


def test_a_reader_the_game_has_not_is_refused_by_name():
    with pytest.raises(ValueError, match="a log is read by 'red', 'blue' or 'all', not 'green'"):
        LOG.read([EVENT], "green")
