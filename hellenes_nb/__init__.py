"""hellenes-nb: the block wargame *Hellenes* as Jupyter widgets for teaching and solo play."""

__version__ = "0.1.0"
