"""The README's pictures of the game: the built site in headless Chromium, as a
player sees it on a phone and on a desktop, written small (JPEG) to
docs/screenshots/. Run after a build: .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

from browser_helpers import WELCOMED, wait_ready  # noqa: E402
from support import launch_chromium, serve  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
#: (file, link, viewport, a phone's touch screen)
SHOTS = (("phone-chessboard.jpg", "#/chessboard/3", (390, 844), True),
         ("desktop-martha.jpg", "#/martha/4", (1280, 800), False))


def main() -> None:
    if not (ROOT / "dist" / "index.html").exists():
        sys.exit("scripts/screenshots.py: build the site first (python3 build.py)")
    OUT.mkdir(parents=True, exist_ok=True)
    with serve(ROOT / "dist") as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for name, link, (width, height), touch in SHOTS:
            context = browser.new_context(viewport={"width": width, "height": height},
                                          has_touch=touch, is_mobile=touch,
                                          reduced_motion="reduce")
            context.add_init_script(WELCOMED)
            page = context.new_page()
            page.goto(f"{base}index.html{link}")
            wait_ready(page)
            page.wait_for_timeout(500)          # the card faces drawn
            page.screenshot(path=str(OUT / name), type="jpeg", quality=70)
            context.close()
            print(f"wrote docs/screenshots/{name} ({(OUT / name).stat().st_size // 1000} kB)")
        browser.close()


if __name__ == "__main__":
    main()
