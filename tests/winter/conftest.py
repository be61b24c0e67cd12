"""Make the position helpers (wpos.py) importable by the winter tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
