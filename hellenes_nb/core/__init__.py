"""The game-independent core (docs/architecture.md): the generic :class:`~.game.Game`, the
decision-frame machinery (:mod:`.steps`), seeded dice kept in the state (:mod:`.dice`), the
safe file readers and sealed saves. Nothing here imports a game: each game plugs in through its
``Ruleset`` (:mod:`.ruleset`)."""
