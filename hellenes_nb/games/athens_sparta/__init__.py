"""*Athens & Sparta* (Columbia Games) as a game of hellenes-nb: the reconstructed hex map,
roster and deck (docs/athens-sparta.md). Not yet registered as a plugin."""
