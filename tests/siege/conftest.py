"""Siege tests share the position helpers of tests/battles (fightpos.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "battles"))
