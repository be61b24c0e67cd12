"""The replay viewer: step through a game's moves on a read-only map (docs/dashboard.md)."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as W

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import strip_label
from hellenes_nb.widgets.dashboard.replay_faces import face_for
from hellenes_nb.widgets.dashboard.words import esc, side_words

__all__ = ["ReplayViewer"]


class ReplayViewer(W.VBox):
    """Step through a game's history (slider, previous, next) on a read-only board: the
    Hellenes map, or the board of another game (its face, :mod:`.replay_faces`).

    Positions are rebuilt from (scenario, seed, moves) exactly as :meth:`Game.replay` does,
    keeping a copy every ``CHECKPOINT`` moves so any position is a few moves away. Each move is
    named by its label as it was played (``labels``, from the dashboard's
    :class:`~hellenes_nb.core.session.GameSession`); only a move whose label is not known (a
    loaded save's) is looked up in the position before it.
    """

    CHECKPOINT = 25

    def __init__(self, game: Game, viewer: str = "all", *, show_seed: bool = True,
                 labels: Sequence[str | None] = ()) -> None:
        self.scenario, self.seed = game.state.scenario, game.seed
        self.show_seed = show_seed
        self.moves = list(game.history)
        self._labels = [*labels[:len(self.moves)], *[None] * (len(self.moves) - len(labels))]
        self.viewer = viewer
        part = plugin_for(game.ruleset).dashboard
        self.side_word = side_words(part.side_word if part is not None else {})
        start = Game.begin(self.scenario, self.seed, game.origin)  # a lesson's step, or the setup
        self._checkpoints: dict[int, Game] = {0: start.clone()}
        self._log_len = [len(start.log)]
        g = start
        for i, a in enumerate(self.moves, 1):
            g.apply(a)
            self._log_len.append(len(g.log))
            if i % self.CHECKPOINT == 0:
                self._checkpoints[i] = g.clone()
        self.face = face_for(start, viewer)
        #: the board shown (the game's own dashboard board)
        self.map = self.face.widget
        n = len(self.moves)
        self.slider = W.IntSlider(value=n, min=0, max=n, description="Move",
                                  continuous_update=False, layout=W.Layout(width="60%"))
        self.prev_button = W.Button(description="◀ Previous", tooltip="One move back")
        self.next_button = W.Button(description="Next ▶", tooltip="One move on")
        self.caption = W.HTML()
        self.prev_button.on_click(lambda _b: self.prev())
        self.next_button.on_click(lambda _b: self.next())
        self.slider.observe(lambda ch: self.show(ch["new"]), names="value")
        bar = W.HBox([self.prev_button, self.slider, self.next_button],
                     layout=W.Layout(align_items="center"))
        super().__init__([W.HTML("<h3 class='hn-h'>Replay</h3>"), bar, self.caption, self.map])
        self.add_class("hn-replay")
        self.show(n)

    @property
    def position(self) -> int:
        """How many moves of the history are played in the position shown."""
        return self.slider.value

    def game_at(self, k: int) -> Game:
        """A fresh copy of the game after its first ``k`` moves."""
        if not isinstance(k, int) or not 0 <= k <= len(self.moves):
            raise ValueError(f"a replay position is a whole number from 0 to "
                             f"{len(self.moves)}, not {k!r}")
        base = (k // self.CHECKPOINT) * self.CHECKPOINT
        g = self._checkpoints[base].clone()
        for a in self.moves[base:k]:
            g.apply(a)
        return g

    def show(self, k: int) -> None:
        """Show the position after ``k`` moves."""
        g = self.game_at(k)
        self.face.draw(g)
        if self.slider.value != k:
            self.slider.value = k
        head = f"<b>Move {k} of {len(self.moves)}</b> · {esc(self.face.heading(g))}"
        lines = []
        if k:
            action = self.moves[k - 1]
            side = action.get("side", "")
            lines.append(f"<div class='hn-rp-act'>{esc(self.side_word.get(side, side.title()))}: "
                         f"{esc(self._label(k))}</div>")
            log = g.log_for(self.viewer, self._log_len[k - 1])
            lines += [f"<div class='hn-rp-ev'>{esc(e['text'])} "
                      f"<span class='hn-rule'>§{esc(e['rule'])}</span></div>" for e in log]
        self.caption.value = f"<div class='hn-rp'>{head}{''.join(lines)}</div>"
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k == len(self.moves)

    def _label(self, k: int) -> str:
        """The move's label, unless it belongs to a side whose secrets the viewer may not see."""
        action = self.moves[k - 1]
        side = action.get("side")
        if self.viewer != "all" and side != self.viewer:
            return "a decision (its details are hidden from you; see the log below)"
        if self._labels[k - 1] is None:
            before = self.game_at(k - 1)
            self._labels[k - 1] = next(
                (a.get("label", a["type"]) for a in before.legal_actions(side)
                 if strip_label(a) == strip_label(action)), action["type"].replace("_", " "))
        return self._labels[k - 1]

    def next(self) -> None:
        """One move on."""
        if self.position < len(self.moves):
            self.show(self.position + 1)

    def prev(self) -> None:
        """One move back."""
        if self.position > 0:
            self.show(self.position - 1)

    def __repr__(self) -> str:
        seed = f"seed={self.seed}" if self.show_seed else "seed hidden"
        return (f"<ReplayViewer {self.scenario} {seed}: move {self.position} of "
                f"{len(self.moves)}; viewer {self.viewer}>")
