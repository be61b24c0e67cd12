"""The leak oracle: what one side may legitimately know, and a search of what it is shown.

The oracle is computed from the engine's FULL record (``game.state`` and the raw
``game.state.log``), never from the redaction code it checks (``rules/eventlog.py``,
``rules/view.py``), so a fault there cannot hide itself.

**What a side knows** (the oracle's definition; docs/security.md, "The log and the view"):

- every one of its own units, always (§2.0: a block faces its owner);
- every unit that has fought in a battle it could see, from that battle's reveal on for the
  rest of the game: the units listed in the full record of each ``battle_reveal`` event, plus
  every unit whose ``revealed`` flag is set at a check (§6.1: both sides see the revealed
  blocks). Remembering a block seen once is what a player at the table can do, so the oracle
  never flags it, even if the engine names it later (the engine itself names a block only
  while it is revealed: that stricter rule is tested by the targeted tests);
- nothing else about an enemy unit: its key ("S20"), its name ("Corinthian fleet"), its
  description ("Spartan fleet #20 (Corinthian fleet)"), its type next to its side's adjective
  ("Spartan hoplite"), or a strength given to an unnamed block ("a Spartan block ... at
  strength 3", or in older words "at 3 cv").

**What a side may not know of the enemy's cards**: the cards in the enemy's hand, and the card
the enemy has committed face down while the side has not committed its own (§3.3). They may
not appear in a structured field (``hands``, ``played``, a ``card`` field of a log event), as
"card N", in a list of dealt or drawn cards, or by title. A title is searched for only while no
card of that title is outside the deck and the enemy's secrets (several cards share a title, and
a public copy may be named legitimately). Log events are searched when they first appear, since
a card may leave the enemy's hand later and be named in public then.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.index import N_UNITS, SIDE_NAMES

ADJ = ("Athenian", "Spartan")
#: type words that, next to a side's adjective, would tell a hidden block's type; "fleet" is
#: left out: at sea only fleets and their passengers stand, and texts may say "a Spartan fleet"
TYPE_WORDS = ("elite hoplite", "hoplite", "cavalry", "infantry", "archer", "barbarian",
              "persian", "elite fleet", "improved fleet")
#: per enemy side: its adjective before a type word, and before "block" or "fleet" with a cv
_TYPED = [re.compile(rf"\b{a} (?:{'|'.join(TYPE_WORDS)})") for a in ADJ]
_CV = [re.compile(rf"\b{a} (?:block|fleet)\b[^.;:\"]{{0,60}}\b(?:at|to) (?:\d+ cv|strength \d)")
       for a in ADJ]
_KEY = re.compile(r"(?<![\w#-])[AS]\d+(?!\d)")
#: names of rules that hold a card's title (§12: the Peace of Nicias is not the Nicias card)
PUBLIC_PHRASES = ("Peace of Nicias",)
_DEALT = re.compile(r"(?:cards|ones): \[([0-9, ]*)\]")


def _rating(text: str, m: re.Match) -> bool:
    """Is this "A1" a combat rating (§2.14: a letter and a digit, like Athenian keys A1-A3)
    rather than a unit key? Ratings stand before a cv, after a "rating" field, or in pairs."""
    before, after = text[max(0, m.start() - 16): m.start()], text[m.end(): m.end() + 8]
    return (re.match(r",? (?:cv )?\d+(?: cv)?", after) is not None or "rating" in before
            or after.startswith("/") or before.endswith("/"))


@dataclass
class Finding:
    side: str
    where: str
    what: str
    excerpt: str

    def __str__(self) -> str:
        return f"{self.side} is shown {self.what} in {self.where}: …{self.excerpt}…"


@dataclass
class Oracle:
    """Knowledge of both sides, kept up to date along one game (module docstring)."""

    game: Game
    known: list[set[int]] = field(default_factory=lambda: [set(), set()])
    log_seen: int = 0
    _cache: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        ix = self.game.state.ix
        for s in (0, 1):
            self.known[s] = {u for u in range(s * 60, s * 60 + 60) if ix.exists[u]}
        self.update()

    def update(self) -> None:
        """Learn the reveals since the last call (full log and ``revealed`` flags)."""
        st = self.game.state
        ix = st.ix
        for ev in st.log[self.log_seen:]:
            if ev["kind"] == "battle_reveal":
                for key in ev.get("blocks", ()):
                    if not key.startswith("garrison:"):
                        for s in (0, 1):
                            self.known[s].add(ix.unit(key))
        self.log_seen = len(st.log)
        for u in range(N_UNITS):
            if st.revealed[u]:
                for s in (0, 1):
                    self.known[s].add(u)

    # -- what is secret from one side now --------------------------------------------------
    def hidden_units(self, side: int) -> list[int]:
        ix = self.game.state.ix
        e = 1 - side
        return [u for u in range(e * 60, e * 60 + 60) if ix.exists[u] and u not in self.known[side]]

    def secret_cards(self, side: int) -> set[int]:
        st = self.game.state
        e = 1 - side
        out = set(st.hands[e])
        if st.played[e] is not None and st.played[side] is None:
            out.add(st.played[e]["card"])
        return out

    def secret_titles(self, secret: set[int]) -> list[str]:
        """Titles of the secret cards that name one card only and no kind of event: a title
        two cards share ("Treachery"), or an event's own name ("Civil War", which another
        card's event may also bring about), may stand in a public text legitimately."""
        world = self.game.state.ix.world
        counts: dict[str, int] = {}
        for c in world.cards.values():
            counts[c.title] = counts.get(c.title, 0) + 1
        events = {e.name for e in world.events.values()}
        return sorted({world.cards[n].title for n in secret
                       if counts[world.cards[n].title] == 1
                       and world.cards[n].title not in events})

    # -- searching --------------------------------------------------------------------------
    def _mask(self, s: int) -> re.Pattern:
        """One pattern of everything side ``s`` may see named (descriptions before names,
        longest first), masked before searching so that a name inside another name does not
        count."""
        key = (s, frozenset(self.known[s]))
        if key not in self._cache:
            ix = self.game.state.ix
            may = [u for u in self.known[s] if ix.exists[u]]
            words = sorted({ix.describe(u) for u in may} | {ix.unit_name[u] for u in may},
                           key=len, reverse=True)
            self._cache[key] = re.compile("|".join(re.escape(w) for w in words))
        return self._cache[key]

    def search(self, side: str, where: str, text: str, *, cards: bool = True) -> list[Finding]:
        """Findings for everything ``side`` may not know in ``text`` (JSON, HTML or words)."""
        s = SIDE_NAMES.index(side)
        ix = self.game.state.ix
        found: list[Finding] = []

        def flag(what: str, m: re.Match | int) -> None:
            at = m.start() if isinstance(m, re.Match) else m
            found.append(Finding(side, where, what, clean[max(0, at - 80): at + 80]))

        clean = self._mask(s).sub("¤", text)
        hidden = self.hidden_units(s)
        keys = {ix.unit_key[u]: u for u in hidden}
        for m in _KEY.finditer(clean):
            if m.group(0) in keys and not _rating(clean, m):
                flag(f"the key of hidden {m.group(0)}", m)
        for u in hidden:
            if ix.unit_name[u] in clean:
                flag(f"the name of hidden {ix.unit_key[u]} ({ix.unit_name[u]})",
                     clean.index(ix.unit_name[u]))
        m = _TYPED[1 - s].search(clean)
        if m:
            flag(f"the type of a hidden {ADJ[1 - s]} block", m)
        m = _CV[1 - s].search(clean)
        if m:
            flag(f"the cv of a hidden {ADJ[1 - s]} block", m)
        if cards:
            found += self._cards(side, where, clean)
        return found

    def _cards(self, side: str, where: str, clean: str) -> list[Finding]:
        s = SIDE_NAMES.index(side)
        secret = self.secret_cards(s)
        if not secret:
            return []
        found = []
        cards = self.game.state.ix.world.cards
        for n in sorted(secret):
            m = re.search(rf"\bcard {n}\b", clean)
            if m:
                found.append(Finding(side, where, f"the enemy's secret card {n}",
                                     clean[max(0, m.start() - 80): m.start() + 80]))
        for m in _DEALT.finditer(clean):
            nums = {int(x) for x in m.group(1).split(",") if x.strip()}
            if nums & secret:
                found.append(Finding(side, where, f"the enemy's cards {sorted(nums & secret)}",
                                     m.group(0)))
        public = clean
        for phrase in PUBLIC_PHRASES:
            public = public.replace(phrase, "¤")
        for t in self.secret_titles(secret):
            if t in public:
                i = public.index(t)
                found.append(Finding(side, where, f"the title of a secret card ({t}, card(s) "
                                     f"{[n for n in secret if cards[n].title == t]})",
                                     public[max(0, i - 80): i + 80]))
        return found

    def structured(self, side: str, view: dict, new_events: list[dict]) -> list[Finding]:
        """Checks of the view's shape: enemy blocks hidden, enemy hand and face-down card
        hidden, no secret card in a ``card`` field of a new log event."""
        s = SIDE_NAMES.index(side)
        enemy = SIDE_NAMES[1 - s]
        ix = self.game.state.ix
        found = []
        for rec in view["units"]:
            if rec["side"] != enemy:
                continue
            if "unit" not in rec:
                if set(rec) != {"side", "hidden", "area", "besieged"}:
                    found.append(Finding(side, "view units", "extra fields of a hidden block",
                                         json.dumps(rec)))
            elif ix.unit(rec["unit"]) not in self.known[s]:
                found.append(Finding(side, "view units", f"hidden block {rec['unit']}",
                                     json.dumps(rec)))
        if not isinstance(view["hands"][enemy], dict):
            found.append(Finding(side, "view hands", "the enemy's hand",
                                 json.dumps(view["hands"][enemy])))
        played = view["played"][enemy]
        if isinstance(played, dict) and "card" in played \
                and played["card"] in self.secret_cards(s):
            found.append(Finding(side, "view played", "the enemy's face-down card",
                                 json.dumps(played)))
        secret = self.secret_cards(s)
        for ev in new_events:
            if ev.get("card") in secret:
                found.append(Finding(side, "log", f"secret card {ev['card']} in a field",
                                     json.dumps(ev)))
        return found


def check_view(oracle: Oracle, side: str, view: dict, log_from: int) -> list[Finding]:
    """Search everything in ``view`` (the log from ``log_from`` on). New log events are
    searched for cards only after the last reshuffle among them: before it, a card named in
    public may since have gone back into the deck and into the enemy's hand (§9.54)."""
    rest = {k: v for k, v in view.items() if k != "log"}
    new = view["log"][log_from:]
    cut = max((i + 1 for i, ev in enumerate(new) if ev["kind"] == "reshuffle"), default=0)
    return (oracle.structured(side, view, new[cut:])
            + oracle.search(side, "view", json.dumps(rest, ensure_ascii=False))
            + oracle.search(side, "log", json.dumps(new[:cut], ensure_ascii=False), cards=False)
            + oracle.search(side, "log", json.dumps(new[cut:], ensure_ascii=False)))


def widget_text(state: dict[str, Any], skip: tuple[str, ...] = ()) -> str:
    """Every synced value of a widget's state as one JSON string (HTML entities decoded)."""
    return html.unescape(json.dumps({k: v for k, v in state.items() if k not in skip},
                                    ensure_ascii=False, default=str))
