"""The 300: Earth & Water widgets: the board (:mod:`.board`, ``EWBoardView``), one Python class and
one ESM file in ``static/``, named as text in the game's records (``ui.py``, ``tutorialkit.py``,
``plugin.py``)."""
