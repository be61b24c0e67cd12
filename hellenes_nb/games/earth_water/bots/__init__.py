"""Computer opponents for *300: Earth & Water* (docs/bots.md)."""
