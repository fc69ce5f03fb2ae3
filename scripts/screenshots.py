#!/usr/bin/env python3
"""The README's screenshots, from a real browser: ``.venv/bin/python scripts/screenshots.py``.

Starts the server (``tests/servers.py``, its own SQLite file, AI without delay), and for each
game creates a match with a fixed seed (seat 0 human, the others ``basic`` AI, which is
deterministic), plays seat 0 through the API with the same ``basic`` policy until the deal is
under way, then opens that seat in Debian's Chromium at 1280×800 (and MCR on a 360×740 phone)
and writes WebP images, encoded by the browser itself, under ``docs/images/``. The same seeds
give the same tables, so re-running it after a change of the page only changes the pictures
where the page changed. A deal that ends before the wanted move goes on with the next seed.
"""

from __future__ import annotations

import argparse
import base64
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ai.policies import choose  # noqa: E402
from tests.servers import Uvicorn  # noqa: E402
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUT = ROOT / "docs" / "images"

SHOTS = {
    # game: (first seed tried, seat 0's moves before the picture)
    "mcr": (2026, 9),
    "sichuan": (2026, 9),
    "paohuzi": (2026, 5),
    "nantong": (2026, 7),
}
"""Each table mid-deal: enough moves that every seat has discarded a few cards."""

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
QUALITY = 0.82
"""WebP quality: text stays crisp, a table is ~50-90 KB."""
TIMEOUT_S = 60.0


class Seat:
    """Seat 0 of a new match, played through the REST API as the ``basic`` AI would."""

    def __init__(self, api: httpx.Client, game: str, seed: int) -> None:
        created = api.post("/api/matches", json={"game": game, "seed": seed}).raise_for_status()
        body = created.json()
        self.api, self.game, self.seed = api, game, seed
        self.match_id = body["match_id"]
        self.token = next(s["token"] for s in body["seats"] if s["seat"] == 0)
        self.auth = {"Authorization": f"Bearer {self.token}"}

    def play(self, moves: int) -> bool:
        """Make ``moves`` moves, then wait for the next turn; False if the deal ended first."""
        rng = random.Random(0)  # unused by ``basic``, which is deterministic
        made = 0
        while True:
            turn = self._turn()
            if turn is None:
                return False
            if made == moves:
                return True
            view, legal = turn
            action = choose(self.game, "basic", view["state"], legal["actions"], rng)
            sent = self.api.post(f"/api/matches/{self.match_id}/actions", headers=self.auth,
                                 json={"action": action, "version": legal["version"]})
            if sent.status_code == 409:  # an AI seat answered the same claim window first
                continue
            sent.raise_for_status()
            made += 1

    def _turn(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The view and legal actions when seat 0 is to act; None once the deal is over."""
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            view = self.api.get(f"/api/matches/{self.match_id}", headers=self.auth).json()
            if view["state"].get("result") is not None:
                return None
            legal = self.api.get(f"/api/matches/{self.match_id}/legal", headers=self.auth).json()
            if legal["actions"] and legal["version"] == view["version"]:
                return view, legal
            time.sleep(0.05)
        raise RuntimeError(f"{self.game}: seat 0 got no turn within {TIMEOUT_S} s")


def mid_deal(api: httpx.Client, game: str) -> Seat:
    """A match of ``game`` whose seat 0 is to act after its wanted number of moves."""
    first, moves = SHOTS[game]
    for seed in range(first, first + 20):
        seat = Seat(api, game, seed)
        if seat.play(moves):
            print(f"{game}: seed {seed}, match {seat.match_id}")
            return seat
    raise RuntimeError(f"{game}: every deal from seed {first} ended within {moves} moves")


def shoot(browser: Any, url: str, seat: Seat, path: Path, phone: bool = False) -> None:
    """Open the seat's table in a fresh context, wait until it has settled, save it as WebP."""
    ctx = browser.new_context(
        viewport=PHONE if phone else DESKTOP, device_scale_factor=1, is_mobile=phone,
        has_touch=phone, locale="en-GB", reduced_motion="reduce", color_scheme="light")
    try:
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT_S * 1000)
        page.goto(f"{url}/#/join/{seat.match_id}/{seat.token}")
        page.wait_for_selector("[data-testid=table]")
        page.wait_for_function("""() => {
            const t = document.querySelector('[data-testid=table]');
            return t && t.dataset.busy !== 'true'
              && document.querySelector('[data-testid=hand-tile][data-legal=true], '
                                        + 'button[data-action]:not([disabled])');
        }""")
        page.evaluate("document.fonts.ready")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)  # a last render after the fonts and the socket's first frame
        png = page.screenshot(type="png")
        webp = page.evaluate("""async ([b64, quality]) => {
            const img = new Image();
            img.src = 'data:image/png;base64,' + b64;
            await img.decode();
            const c = document.createElement('canvas');
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            c.getContext('2d').drawImage(img, 0, 0);
            return c.toDataURL('image/webp', quality).split(',')[1];
        }""", [base64.b64encode(png).decode(), QUALITY])
    finally:
        ctx.close()
    path.write_bytes(base64.b64decode(webp))
    print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="game",
                        help=f"games to shoot, of {', '.join(SHOTS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = set(args.games) - set(SHOTS)
    if unknown:
        parser.error(f"unknown games: {', '.join(sorted(unknown))}")
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{tmp}/shots.db",
                          "PAIJU_AI_DELAY_MS": "0", "PAIJU_AI_POLL_SECONDS": "0.5"},
                         Path(tmp) / "server.log")
        server.start()
        try:
            with httpx.Client(base_url=server.url, timeout=30) as api, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for game in args.games or SHOTS:
                        seat = mid_deal(api, game)
                        shoot(browser, server.url, seat, OUT / f"table-{game}.webp")
                        if game == "mcr":
                            shoot(browser, server.url, seat, OUT / "phone-mcr.webp", phone=True)
                finally:
                    browser.close()
        except Exception:
            print(server.log(), file=sys.stderr)
            raise
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
