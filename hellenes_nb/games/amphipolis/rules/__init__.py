"""The rules of *Amphipolis*, one module per chapter of the rulebook: ``sequence`` (§2),
``operations`` (§3), ``combat`` (§4.1–4.2), ``sieges`` (§4.3), ``attrition`` (§6),
``stratagems`` (§7), ``advantage`` (the Advantage chapter, headed 9 but cited as 8) and
``victory`` (§9); for the main map, not yet in play: ``movement`` and ``marching`` (§3.1, §3.3),
``walls`` (§5) and ``deaths`` (Brasidas and Cleon)."""
