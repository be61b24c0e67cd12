"""*300: Earth & Water* (Bonsai Games / Nuts!, design Yasushi Nakaguro) on the shared core: the
Persian Wars in five campaigns (docs/earth-water.md). The rulebook is
``../shared/seeds/002_aab8812d119bc410.txt``; rules are cited by its sections (§6.4)."""
