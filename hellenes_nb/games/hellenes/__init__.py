"""*Hellenes: Campaigns of the Peloponnesian War* on the shared core: its world data
(:mod:`.world`), state and views, the rules one chapter per module or package
(:mod:`.rules`), exact battle odds (:mod:`.odds`), its computer opponents (:mod:`.bots`) and
its map drawing (:mod:`.render`)."""
