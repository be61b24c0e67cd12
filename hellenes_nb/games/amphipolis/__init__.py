"""*Amphipolis, 424–422 BC* (Frédéric Bey) on the core: scenario 10.2 on the operational map
and the rear bases (docs/amphipolis.md)."""
