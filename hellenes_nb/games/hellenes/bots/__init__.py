"""The computer opponents that know *Hellenes* (docs/bots.md): :mod:`.heuristic` and the
parts it plays with (campaigns, fighting, wintering, cards), each from its own side's view."""
