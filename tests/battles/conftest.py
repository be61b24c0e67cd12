"""Make the position helpers (fightpos.py) importable by the battle tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
