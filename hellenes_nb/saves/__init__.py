"""Saved games (docs/dashboard.md, "What a save reveals"; docs/security.md, "Saves").

- :mod:`.model`: the save formats as typed models, and reading a file's JSON within limits;
  every refusal is a ``ValueError`` in plain words naming the place and the problem.
- :mod:`.sealed`: the installation's key and the sealing of what a player may not see.
- :mod:`.files`: writing and reading whole save files (open or sealed) as games.

This package imports nothing from :mod:`hellenes_nb.game` at import time, so ``game`` may use
:mod:`.model`; only :mod:`.files` builds games.
"""
