"""The games hosted on the core, one package each (docs/architecture.md, "Adding a game")."""
