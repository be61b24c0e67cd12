"""The Amphipolis widgets: the board (:mod:`.board`, ``AmphipolisBoard``), one Python class and one
ESM file in ``static/``, named as text in the game's dashboard part (``ui.py``)."""
