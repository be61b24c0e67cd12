"""The bots of *Athens & Sparta*: the heuristic and the easy level."""
