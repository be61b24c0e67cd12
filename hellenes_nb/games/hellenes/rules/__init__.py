"""The rules of *Hellenes*, one module or package per chapter of the rulebook (docs/engine.md):
§3 :mod:`.cards`, :mod:`.events`, :mod:`.sequence`; §4 :mod:`.actions`; §5
:mod:`.movement`, :mod:`.boarding`; §6 :mod:`.battle`; §7–8 :mod:`.siege`; §9
:mod:`.winter`; §9.5 and §14 :mod:`.year_end`, :mod:`.victory`; §10 :mod:`.new_year`; §11
:mod:`.olympians`; §12 :mod:`.peace`; §13 :mod:`.persia`; §15 :mod:`.scenarios`,
:mod:`.setup`."""
