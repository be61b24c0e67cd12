"""Where the checkout's folders are, for tests that read its files."""

from pathlib import Path

#: the root of the checkout (the folder holding pyproject.toml)
ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "hellenes"
LESSONS = ROOT / "lessons"
NOTEBOOKS = ROOT / "notebooks"
SCRIPTS = ROOT / "scripts"
