"""Friends at one table in the browser: two people play one Paohuzi deal against the AI from two
pages (two browser contexts, as two devices would be).

The first (on a desktop) opens the lobby's "Play with friends", keeps two people (the third seat
goes to the AI), creates the table, reads the join link of the friend's seat and sits down; the
second (on a phone) opens that link. Each page shows only its own hand (the other seats' cards are
backs) at its own seat; both play by clicking until the settlement shows in both, with the same
result as the server's; the settlement's "Replay this deal" opens the replay of that deal; either
may start the next deal, and both pages follow.

Screenshots: tests/artifacts/friends-setup.png, friends-links.png, friends-<seat>.png.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .conftest import LiveServer
from .probe import probe
from .test_e2e import _acted, _click

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
DEAL_TIMEOUT_S = 90

PROBE = probe(
    deal="t ? Number(t.dataset.deal) : -1",
    turnPass="!!q('[data-testid=turn-pass]')",
    mySeat="q('[data-testid=my-seat]') ? Number(q('[data-testid=my-seat]').dataset.seat) : null",
    backs="document.querySelectorAll('[data-testid=backs]').length",
    hand="[...document.querySelectorAll('[data-testid=hand-tile]')].map((el) => Number(el.dataset.id))",
)


def act_once(page: Any) -> bool:
    """Play this page's seat once if it has a decision now (win when offered, else pass claims
    and discard the last legal card); whether it played."""
    s = page.evaluate(PROBE)
    if s["settlement"] or not s["table"] or s["busy"]:
        return False
    v = s["version"]
    for flag, testid in (("claimWin", "claim-win"), ("claimPass", "claim-pass"),
                         ("turnWin", "turn-win")):
        if s[flag]:
            return _click(page.get_by_test_id(testid)) and _acted(page, v, testid)
    if s["legal"]:
        if not _click(page.locator("[data-testid=hand-tile][data-legal=true]").last):
            return False
        return _click(page.get_by_test_id("discard")) and _acted(page, v, "Discard")
    if s["turnPass"]:
        return _click(page.get_by_test_id("turn-pass")) and _acted(page, v, "Continue")
    return False


def shown_totals(page: Any) -> dict[int, int]:
    out = {}
    for row in page.get_by_test_id("settlement").get_by_test_id("total-row").all():
        text = row.get_by_test_id("total-delta").inner_text().replace("\u2212", "-").replace("+", "")
        out[int(row.get_attribute("data-seat"))] = int(text)
    return out


def test_two_friends_play_a_deal_from_two_pages(live_server: LiveServer, new_page: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    host = new_page(1280, 860)
    host.goto(live_server.url + "/")
    host.get_by_test_id("friends-paohuzi").click()
    host.get_by_test_id("friends-setup").wait_for()
    # two people or three (all of Paohuzi's seats); two by default
    assert host.locator("[data-testid^=friends-humans-]").count() == 2
    assert host.get_by_test_id("friends-humans-2").is_checked()
    host.screenshot(path=str(ARTIFACTS / "friends-setup.png"))
    host.get_by_test_id("friends-create").click()
    links = host.get_by_test_id("friends-links")
    links.wait_for()
    mid = links.get_attribute("data-match")
    assert host.locator("[data-testid^=join-link-]").count() == 1
    join = host.get_by_test_id("join-link-1").input_value()
    assert f"#/join/{mid}/" in join
    host.get_by_test_id("copy-1").click()
    host.screenshot(path=str(ARTIFACTS / "friends-links.png"))

    # the server's side: seats 0 and 1 are people, seat 2 the basic AI
    view = live_server.get_json(f"/api/matches/{mid}")
    assert [(s["kind"], s["level"]) for s in view["seats"]] == [
        ("human", None), ("human", None), ("ai", "basic")]

    host.get_by_test_id("friends-sit").click()
    host.wait_for_selector("[data-testid=table][data-game=paohuzi]")
    friend = new_page(390, 844, is_mobile=True, has_touch=True)  # the friend is on a phone
    friend.goto(join)
    friend.wait_for_selector("[data-testid=table][data-game=paohuzi]")
    assert "/join/" not in friend.url  # the token leaves the address bar once stored
    assert friend.evaluate("document.documentElement.scrollWidth") <= 390

    # each page sits at its own seat and sees only its own hand
    pages = {0: host, 1: friend}
    for seat, page in pages.items():
        page.wait_for_function("document.querySelectorAll('[data-testid=hand-tile]').length >= 14")
        s = page.evaluate(PROBE)
        assert s["mySeat"] == seat
        assert s["backs"] == 2  # the two other seats: card backs only
    assert not set(host.evaluate(PROBE)["hand"]) & set(friend.evaluate(PROBE)["hand"])

    # both play until both show the settlement
    plays = {0: 0, 1: 0}
    shots: set[int] = set()
    deadline = time.monotonic() + DEAL_TIMEOUT_S
    while time.monotonic() < deadline:
        done = 0
        for seat, page in pages.items():
            if page.evaluate(PROBE)["settlement"]:
                done += 1
                continue
            if act_once(page):
                plays[seat] += 1
                if seat not in shots:
                    page.screenshot(path=str(ARTIFACTS / f"friends-{seat}.png"))
                    shots.add(seat)
            else:
                page.wait_for_timeout(30)
        if done == 2:
            break
    else:
        raise AssertionError(f"the deal did not end in both pages: {plays}\n{live_server.log()}")
    assert plays[0] > 0 and plays[1] > 0, plays

    result = live_server.get_json(f"/api/matches/{mid}")["state"]["result"]
    log = live_server.get_json(f"/api/matches/{mid}/log")["deals"][0]
    for seat, page in pages.items():
        assert shown_totals(page) == dict(enumerate(result["deltas"]))
        assert sum(1 for a in log["actions"] if a["seat"] == seat) >= plays[seat]

    # the settlement links to this deal's replay
    href = host.get_by_test_id("replay-link").get_attribute("href")
    assert href == f"#/replay/{mid}/0/0"  # seen from the host's seat (issue 26, defect 8)
    assert friend.get_by_test_id("replay-link").get_attribute("href") == f"#/replay/{mid}/0/1"
    host.get_by_test_id("replay-link").click()
    host.get_by_test_id("replay").wait_for()
    host.keyboard.press("End")
    host.get_by_test_id("replay").get_by_test_id("settlement").wait_for()
    assert shown_totals(host) == dict(enumerate(result["deltas"]))
    host.go_back()  # back to the table, which comes back by itself
    host.get_by_test_id("settlement").wait_for()

    # the friend starts the next deal; both pages follow
    friend.get_by_test_id("next-deal").click()
    for page in pages.values():
        page.wait_for_selector("[data-testid=table][data-deal='1']")
    for page in pages.values():
        assert not page.js_errors, page.js_errors
        assert page.evaluate("[...window.__paijuMissing]") == []
