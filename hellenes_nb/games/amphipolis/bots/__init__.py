"""The bots of *Amphipolis*."""
