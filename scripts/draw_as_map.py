"""Draw the reconstructed Athens & Sparta hex map: an SVG, and a PNG of it to look at.

    .venv/bin/python scripts/draw_as_map.py [OUT_DIR]      # writes athens_sparta_map.svg/.png

The PNG is taken with headless Chromium through Playwright, as scripts/screenshots.py does
(HELLENES_CHROMIUM, or chromium on the PATH, or /usr/bin/chromium).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hellenes_nb.games.athens_sparta.drawing import map_svg  # noqa: E402
from hellenes_nb.games.athens_sparta.world import read_world  # noqa: E402


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "artifacts"
    out.mkdir(parents=True, exist_ok=True)
    svg = out / "athens_sparta_map.svg"
    svg.write_text(map_svg(read_world(), width=1600), encoding="utf-8")
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("HELLENES_CHROMIUM") or shutil.which("chromium") or \
        "/usr/bin/chromium"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium,
                                     args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.set_content('<body style="margin:0">' + svg.read_text(encoding="utf-8") + "</body>")
        page.locator("svg").first.screenshot(path=str(out / "athens_sparta_map.png"),
                                             timeout=120_000)
        browser.close()
    print(f"wrote {svg} and {out / 'athens_sparta_map.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
