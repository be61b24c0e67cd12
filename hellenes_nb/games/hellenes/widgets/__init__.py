"""The Hellenes widgets: the map (:mod:`.map`), the battle board (:mod:`.battle`, its words in
:mod:`.battle_text`, its odds charts in :mod:`.charts`), the dashboard's battle board
(:mod:`.battleview`) and the prestige chart (:mod:`.prestige_chart`). Each is one Python class and
one ESM file in ``static/``; the shared dashboard, lessons and tutorial name them as text in the
game's records (``ui.py``, ``tutorialkit.py``, ``lessonkit.py``), never by an import."""
