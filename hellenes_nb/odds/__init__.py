"""Exact and sampled battle odds for *Hellenes* (§6 combat, §8.11 double defense, §14.11)."""
