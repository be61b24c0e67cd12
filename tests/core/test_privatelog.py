"""The one redaction of private log events shared by the games that write them
(core/privatelog.py): the owner and the teacher read the event whole, the other side its
heading and public text, and an unknown reader is refused in words."""

from __future__ import annotations

import pytest

from hellenes_nb.core.privatelog import PrivateEvents, PrivateLog

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


class _Pos(PrivateEvents):
    __slots__ = ("_log", "_n", "turn")
    SIDE_NAMES = ("red", "blue")

    def __init__(self) -> None:
        self._log, self._n, self.turn = [], 0, 1

    def _date(self) -> dict:
        return {"turn": self.turn}

    def clone(self) -> _Pos:
        c = _Pos.__new__(_Pos)
        c._log, c._n, c.turn = self._log, self._n, self.turn
        return c


def test_a_clone_shares_the_log_until_it_writes_and_then_forks_it():
    a = _Pos()
    a.event("x", "1.1", "first", 0)
    b = a.clone()
    b.turn = 2
    b.event("y", "1.2", "only in b", 1)
    a.event("z", "1.3", "only in a")
    assert [e["text"] for e in a.log] == ["first", "only in a"]
    assert [e["text"] for e in b.log] == ["first", "only in b"]
    assert b.log[1] == {"kind": "y", "rule": "1.2", "side": "blue", "turn": 2,
                        "text": "only in b"}
    assert a.log[1]["side"] is None


def test_a_private_event_names_its_owner_and_needs_public_words():
    a = _Pos()
    ev = a.event("draw", "2.1", "red draws card 7", 0, private=0, public="red draws a card",
                 card=7)
    assert ev["private"] == "red" and ev["public"] == "red draws a card" and ev["card"] == 7
    with pytest.raises(ValueError, match="needs public words"):
        a.event("draw", "2.1", "secret", 1, private=1)
    assert len(a.log) == 1
