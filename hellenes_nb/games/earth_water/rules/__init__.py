"""The rules of *300: Earth & Water*, one module per chapter of the rulebook: the map's
questions (:mod:`.board`, §2.1, §6.4, §8.2), the campaign and scoring (:mod:`.campaign`, §4,
§5.3, §9, §10), preparation (:mod:`.preparation`, §5), operations (:mod:`.operations`, §6.1–6.3),
movement (:mod:`.movement`, §6.4–6.5), battles (:mod:`.battle`, §7), the cards' events and
reactions (:mod:`.cards`, :mod:`.greek`, :mod:`.persian`, :mod:`.reactions`, §6.1–6.2) and
supply (:mod:`.supply`, §8). Each module lists its ``STEPS``."""
