"""§7–8 sieges and §5.5 pillaging, by phase: :mod:`.condition` who besieges what;
:mod:`.records` establishing and lifting sieges, capture and the refresh of the records after
every phase and battle (§7.2, §7.3); :mod:`.blockade` blockades and the grain route (§8.21,
§8.22); :mod:`.methods` the acting player's siege combat (§8.0); :mod:`.assault` the assault and
capitulation (§8.1, §8.13, Treachery §3.1); :mod:`.attrition` siege attrition (§8.2);
:mod:`.sortie` sorties (§8.3); :mod:`.pillage` pillaging (§5.5).

Siege records live in ``state.sieges[place]``::

    {"besieger": side, "since": [year, season, turn], "blockaded_since": [...] or None}

``since`` is when the siege was established (§7.2); ``blockaded_since`` when the port was last
seen blockaded without a break (§8.21). A siege whose besiegers have gone is lifted, one whose
defenders have all gone ends with the city taken, and a new siege condition (fortified
defenders, enemy sole occupation of the province) is established.
"""
