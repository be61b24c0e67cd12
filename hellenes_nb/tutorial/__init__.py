"""Learn to play by playing: the rules tutorial (docs/tutorial.md).

Chapters of short tasks on small positions, each with a goal the engine checks (``format``,
``goals``), played by a :class:`~.run.TaskRun` on the engine (``board``, ``why``,
``search``), checked by ``hellenes tutorial check`` (``check``, ``sections``), with the
learner's stars kept in a small JSON file (``progress``). The widget is
:mod:`hellenes_nb.widgets.tutorial`.
"""
