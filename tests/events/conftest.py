"""Event tests share the real-world position helpers of evkit.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
