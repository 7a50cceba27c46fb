"""Take the README's picture of the table view in a browser: ``python tools/table_screenshot.py [OUT.png]``.

A copy of the yze demo in a temporary folder, in a conflict and with one roll made, served by
``gmconsole serve`` and loaded in headless Chromium (the browser test's helpers, ``tests/web/served_page.py``);
the page is saved once its terminal shows the initiative. Default output: ``docs/images/table-view.png``.
Needs the test extras and the system's ``chromium`` and ``chromedriver``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "yze-demo"


def main(out: Path) -> int:
    sys.path.insert(0, str(ROOT / "tests" / "web"))
    from served_page import free_port, headless_chromium, serving, wait_for_screen

    from gmconsole.campaign.library import install_demos
    from gmconsole.campaign.service import CampaignService

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        data.mkdir()
        install_demos(data)
        with CampaignService.open(data, NAME) as service:
            ids = [service.character(name).id for name in ("Ash", "Parker Moss", "Ripley Hale", "Hull rats")]
            service.conflict.start_conflict(ids, mode="manual", order=ids)
            service.rolls.roll("Ripley Hale", "melee")
        with serving(data, NAME, free_port()) as url, headless_chromium(Path(folder) / "chromium") as driver:
            driver.set_window_size(1100, 700)
            driver.get(url)
            wait_for_screen(driver, lambda text: "Ripley Hale" in text, timeout=20)
            time.sleep(1)  # the page fades the terminal in
            driver.save_screenshot(str(out))
    print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images" / "table-view.png"))
