"""The review page end to end: a seeded Sichuan deal through the real server (seat 0 played by
the test through the API, always its first legal action; the others by the basic AI), then the
table's settlement, its "Review" button, the progress bar while the server's worker process
evaluates, and the list of decisions with the summary on top, those played otherwise
highlighted with the reviewer's choice and both expected scores, the hand drawn with the usual
tiles; again in French (the stored review comes back at once); an axe check of both states.

Screenshots: tests/artifacts/review-progress.png, review-done.png, review-fr.png.
"""

from __future__ import annotations

import time
import urllib.request
from pathlib import Path
from typing import Any

from .axe import assert_no_axe_violations
from .conftest import LiveServer

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
DEAL_TIMEOUT_S = 120
REVIEW_TIMEOUT_MS = 180_000


def _played_deal(server: LiveServer, seed: int) -> dict[str, Any]:
    """A Sichuan match whose deal 0 is over: seat 0 took its first legal action (a win when it
    had one) every time, the basic AI played the others."""
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * 3
    m = server.post_json("/api/matches", {"game": "sichuan", "seed": seed, "seats": seats})
    mid, token = m["match_id"], m["seats"][0]["token"]
    deadline = time.monotonic() + DEAL_TIMEOUT_S
    while time.monotonic() < deadline:
        view = server.get_json(f"/api/matches/{mid}", token)
        if view["state"]["result"] is not None:
            return m
        legal = server.get_json(f"/api/matches/{mid}/legal", token)
        if legal["actions"]:
            wins = [a for a in legal["actions"] if a["type"] == "win"]
            try:
                server.post_json(f"/api/matches/{mid}/actions",
                      {"action": (wins or legal["actions"])[0], "version": legal["version"]},
                      token)
            except urllib.error.HTTPError as exc:
                if exc.code != 409:  # the AI moved first: ask again
                    raise
        else:
            time.sleep(0.05)
    raise AssertionError(f"the deal did not end:\n{server.log()}")


def test_review_from_the_settlement(live_server: LiveServer, new_page: Any) -> None:
    m = _played_deal(live_server, seed=31)
    ARTIFACTS.mkdir(exist_ok=True)
    page = new_page()
    page.goto(live_server.url + "/")
    page.evaluate("""(m) => localStorage.setItem('paiju.current',
        JSON.stringify({match_id: m.match_id, token: m.seats[0].token, game: 'sichuan'}))""", m)
    page.reload()
    page.locator("[data-testid=settlement], [data-testid=show-settlement]").first.wait_for()
    if not page.get_by_test_id("settlement").is_visible():
        page.get_by_test_id("show-settlement").click()
    page.get_by_test_id("review-link").click()

    # the reviewer is working: a progress bar, counting the seat's decisions
    bar = page.get_by_test_id("review-progress")
    bar.wait_for()
    page.screenshot(path=str(ARTIFACTS / "review-progress.png"))
    assert_no_axe_violations(page, "the review while it runs")
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=review-progress]')?.max) > 1")

    review = page.locator("[data-testid=review][data-status=done]")
    review.wait_for(timeout=REVIEW_TIMEOUT_MS)
    body = live_server.get_json(f"/api/matches/{m['match_id']}/deals/0/review",
                                m["seats"][0]["token"])
    assert body["status"] == "done"
    items = page.get_by_test_id("review-decision")
    assert items.count() == body["total"] == len(body["decisions"]) > 3
    different = page.locator("[data-testid=review-decision][data-matched=false]")
    assert different.count() == sum(not d["matched"] for d in body["decisions"]) >= 1
    assert page.locator(".review__item.is-different").count() == different.count()
    assert page.locator(".review__item.is-mistake").count() == page.locator(
        "[data-testid=review-decision][data-flagged=true]").count() == body["summary"]["flagged"]
    summary = page.get_by_test_id("review-summary").inner_text()
    s = body["summary"]
    assert f"{s['matched']} of {s['decisions']}" in summary
    assert f"{s['expected_loss']:.1f}" in summary
    first = different.first
    assert "Reviewer:" in first.inner_text() and "±" in first.inner_text()
    assert first.locator(".review__hand .tile").count() >= 1, "the hand as it was, in tiles"
    # the table as the seat saw it, on demand: the other hands face down
    first.locator("details summary").click()
    first.locator(".table").wait_for()  # drawn on the details' toggle event
    assert first.locator(".table").count() == 1
    assert first.locator(".table [data-testid=backs]").count() == 3
    page.screenshot(path=str(ARTIFACTS / "review-done.png"), full_page=True)
    assert_no_axe_violations(page, "the review's decisions")

    # in French: the stored review, at once
    page.evaluate("() => localStorage.setItem('paiju.lang', 'fr')")
    page.reload()
    page.locator("[data-testid=review][data-status=done]").wait_for(timeout=10_000)
    text = page.get_by_test_id("review-summary").inner_text()
    assert f"{s['matched']} décisions sur {s['decisions']}" in text, text
    assert "Analyste" in page.locator("[data-testid=review-decision][data-matched=false]"
                                      ).first.inner_text()
    page.screenshot(path=str(ARTIFACTS / "review-fr.png"))
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
