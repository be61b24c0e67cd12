"""The rules of *Hellenes*, one module or package per chapter of the rulebook (docs/engine.md):
§1.4 :mod:`.control`; §3 :mod:`.cards`, :mod:`.card_play`, :mod:`.events`, :mod:`.revolts`,
:mod:`.sequence`; §4 :mod:`.actions`; §5 :mod:`.movement`, :mod:`.boarding`; §6 :mod:`.battle`
(and :mod:`.losses`, eliminating units); §7–8 :mod:`.siege`; §9 :mod:`.winter`; §9.5 and §14
:mod:`.year_end`, :mod:`.victory`; §10 :mod:`.new_year`; §11 :mod:`.olympians`,
:mod:`.appeals`; §12 :mod:`.peace`; §13 :mod:`.persia`; §15 :mod:`.scenarios`, :mod:`.setup`.

Modules import one another in one direction only, and only at the top: a chapter that makes
a random result calls :mod:`.olympians` (which imports no chapter) to offer the appeal, and
:mod:`.appeals` imports the chapters whose results it repeats."""
