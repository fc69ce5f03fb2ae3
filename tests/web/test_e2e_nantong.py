"""Nantong long cards in the web app end to end: the real server, Debian's Chromium, a whole deal
played by clicking.

A person's path: the lobby offers Play for Nantong; the table shows the two indicators (NT-2.4)
and long cards; the preparation offers only the legal declarations (NT-3.1), finished with a click;
each turn a legal card is selected and discarded (NT-4.1), claims are answered with Win or Pass
(NT-4.2), Win is taken when offered, until the settlement shows every player's hu itemised —
holdings with their ×2s (NT-6.1 to NT-6.3), the winner's bonuses and multipliers (NT-6.5, NT-6.6),
the rounding (NT-6.7) — and the pairwise settlement (NT-6.9), all adding up to what is shown.

The human seat discards the card that leaves its hand closest to winning (mahjong shanten, as
the engine reads Nantong hands), so that it wins now and then against the basic AI seats. Screenshots: /tmp/paiju-nantong-prep.png (preparation), -table.png
(mid-deal), -claim.png (a claim, when one came), -end.png (settlement), -win.png (a won deal
with a ×2, played by the engine and served to the page in place of the API, so that the
winner's itemisation is checked every run), -mobile.png and -mobile-end.png (390×844).
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine import get_game
from engine.mahjong.shanten import standard_shanten
from engine.nantong.cards import parse_face
from engine.nantong.scoring import HOLDINGS

from .axe import assert_no_axe_violations
from .conftest import LiveServer, finished_match, open_finished
from .probe import assert_font_loaded, boxes_on_phone, probe, screenshot, turns
from .test_e2e import _acted, _click, _session

DEAL_TIMEOUT_S = 40
SHOT = "/tmp/paiju-nantong-{}.png"

PROBE = probe(
    prep="[...document.querySelectorAll('[data-testid^=prep-]')]"
         ".filter((b) => b.dataset.testid !== 'prep-prompt').map((b) => b.dataset.testid.slice(5))",
    legal="[...document.querySelectorAll('[data-testid=hand-tile][data-legal=true]')]"
          ".map((el) => [Number(el.dataset.id), el.dataset.face])",
    hand="[...document.querySelectorAll('[data-testid=hand-tile]')].map((el) => el.dataset.face)",
)


def _shanten(faces: list[str]) -> int:
    counts = [0] * 34
    for f in faces:
        counts[parse_face(f)] += 1
    return standard_shanten(tuple(counts))


def _best_discard(hand: list[str], legal: list[list[Any]]) -> int:
    """The legal card whose discard leaves the hand nearest to seven groups and a pair."""
    def after(face: str) -> int:
        rest = list(hand)
        rest.remove(face)
        return _shanten(rest)
    return min(legal, key=lambda c: (after(c[1]), -c[0]))[0]


def play_nantong_deal(page: Any, server: LiveServer) -> dict[str, int]:
    """Play the human seat by clicking until the settlement shows."""
    stats = {"declarations": 0, "finished": 0, "discards": 0, "passes": 0, "wins": 0, "claims": 0}
    shots: set[str] = set()
    for s in turns(page, PROBE, DEAL_TIMEOUT_S, "Nantong", server, stats):
        v = s["version"]
        if s["prep"]:
            # NT-3.1: only legal declarations are offered, and finishing always is
            assert "finish" in s["prep"], s["prep"]
            if "prep" not in shots:
                page.wait_for_timeout(300)
                page.screenshot(path=SHOT.format("prep"))
                shots.add("prep")
            declare = next((d for d in ("opening_kong", "opening_triplet", "hezi") if d in s["prep"]), None)
            what = declare or "finish"
            if _click(page.get_by_test_id(f"prep-{what}")) and _acted(page, v, what):
                stats["declarations" if declare else "finished"] += 1
            continue
        if s["claimWin"]:
            if _click(page.get_by_test_id("claim-win")) and _acted(page, v, "Win on a claim"):
                stats["wins"] += 1
            continue
        if s["claimPass"]:
            stats["claims"] += 1
            if "claim" not in shots:
                page.wait_for_timeout(300)
                page.screenshot(path=SHOT.format("claim"))
                shots.add("claim")
            if _click(page.get_by_test_id("claim-pass")) and _acted(page, v, "Pass"):
                stats["passes"] += 1
            continue
        if s["turnWin"]:
            if _click(page.get_by_test_id("turn-win")) and _acted(page, v, "Win"):
                stats["wins"] += 1
            continue
        if s["legal"]:
            card = _best_discard(s["hand"], s["legal"])
            if not _click(page.locator(f"[data-testid=hand-tile][data-id='{card}']")):
                continue
            if stats["discards"] == 3 and "table" not in shots:
                page.wait_for_timeout(300)  # let the last discard's animation settle
                page.screenshot(path=SHOT.format("table"))
                screenshot(page, "nantong-1366")
                shots.add("table")
            if _click(page.get_by_test_id("discard")) and _acted(page, v, "Discard"):
                stats["discards"] += 1
            continue
        page.wait_for_timeout(30)
    return stats


def _ints(locator: Any) -> list[int]:
    return [int(t.replace("+", "")) for t in locator.all_inner_texts()]


def check_settlement(page: Any, result: dict[str, Any], scores: list[int]) -> None:
    """Every number of the itemisation adds up to the totals shown, which are the server's."""
    settlement = page.get_by_test_id("settlement")
    cards = settlement.get_by_test_id("hu-card")
    assert cards.count() == 3
    for i in range(3):
        card = cards.nth(i)
        seat = int(card.get_attribute("data-seat"))
        p = result["players"][seat]
        rows = card.get_by_test_id("item")  # web/items.js: one row per item, in order
        assert rows.count() == len(p["items"])
        running = held = 0
        for k, it in enumerate(p["items"]):
            row = rows.nth(k)
            assert (row.get_attribute("data-code"), row.get_attribute("data-op")) == (
                it["code"], it["op"])
            shown = int(row.get_by_test_id("item-total").inner_text())
            if it["op"] == "×":  # NT-6.6: a × row shows what it makes
                running *= int(row.get_by_test_id("item-value").inner_text().lstrip("×"))
                assert shown == running, (seat, row.inner_text())
                continue
            value = int(row.get_by_test_id("item-value").inner_text())
            factors = row.get_by_test_id("item-factor").count()
            assert value * 2 ** factors == shown == it["total"], (seat, row.inner_text())  # NT-6.2
            running += shown
            held += shown if it["code"] in HOLDINGS else 0
        base = int(card.get_by_test_id("base").inner_text())
        assert held == base == p["base"]  # NT-6.1
        before = int(card.get_by_test_id("before-rounding").inner_text())
        total = int(card.get_by_test_id("hu-total").inner_text())
        assert running == before == p["total_before_rounding"]  # NT-6.7
        assert total == -(-before // 10) * 10 == p["total"] == result["totals"][seat]  # rounding up
        if seat == result["winner"]:
            assert card.get_by_test_id("reading").count() == 1
        else:
            assert all(i["code"] in HOLDINGS for i in p["items"])
    # NT-6.9: every pair settles the difference of its totals
    totals = result["totals"]
    pairs = settlement.get_by_test_id("pair")
    assert pairs.count() == 3
    deltas = [0, 0, 0]
    for k in range(3):
        row = pairs.nth(k)
        payer, payee = int(row.get_attribute("data-payer")), int(row.get_attribute("data-payee"))
        amount = int(row.get_by_test_id("pair-amount").inner_text())
        assert amount == totals[payee] - totals[payer] >= 0, row.inner_text()
        deltas[payer] -= amount
        deltas[payee] += amount
    assert deltas == result["deltas"]
    shown = {}
    for row in settlement.get_by_test_id("total-row").all():
        text = row.get_by_test_id("total-delta").inner_text().replace("\u2212", "-").replace("+", "")
        shown[int(row.get_attribute("data-seat"))] = int(text)
    assert shown == dict(enumerate(deltas)), shown
    assert sum(deltas) == 0 and len(scores) == 3


def test_play_a_nantong_deal_by_clicking(live_server: LiveServer, new_page: Any) -> None:
    page = new_page(1366, 768)
    page.one_screen = True  # the whole table on one screen at every decision (issue 26)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-nantong").click()
    page.wait_for_selector("[data-testid=table][data-game=nantong]")
    session = _session(page)
    view = live_server.get_json(f"/api/matches/{session['match_id']}", session["token"])
    # three seats: you and two AI (of a level the server plays for this game)
    assert len(view["seats"]) == 3 and [s["kind"] for s in view["seats"]] == ["human", "ai", "ai"]
    assert page.get_by_test_id("seat").count() == 2
    # NT-2.3, NT-2.4: two indicators face up in the middle
    shown = [el.get_attribute("data-face") for el in page.get_by_test_id("indicator").all()]
    assert shown == [c["face"] for c in view["state"]["indicators"]]
    page.wait_for_function("document.querySelectorAll('[data-testid=hand-tile]').length >= 22")
    assert page.get_by_test_id("hand-tile").first.get_attribute("aria-label")
    assert_font_loaded(page)

    started = time.monotonic()
    stats = play_nantong_deal(page, live_server)
    elapsed = time.monotonic() - started
    assert stats["finished"] <= 1

    settlement = page.get_by_test_id("settlement")
    settlement.wait_for()
    page.get_by_test_id("seed-check").filter(has_text="✓").wait_for()
    page.wait_for_timeout(400)
    page.screenshot(path=SHOT.format("end"))
    screenshot(page, "nantong-1366-end")

    view = live_server.get_json(f"/api/matches/{session['match_id']}", session["token"])
    result = view["state"]["result"]
    assert view["state"]["phase"] == "over" and result is not None
    check_settlement(page, result, view["scores"])
    assert view["scores"] == result["deltas"]  # the first deal of the match
    assert not page.js_errors, page.js_errors

    # the settlement still reads on a phone
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.screenshot(path=SHOT.format("mobile-end"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the settlement scrolls sideways at 390 px ({width} px wide)"
    print(f"Nantong deal played in {elapsed:.1f} s: {stats}; "
          f"{'winner ' + str(result['winner']) if result['winner'] is not None else 'exhausted'}; "
          f"totals {result['totals']}")


def test_nantong_small_screen(live_server: LiveServer, new_page: Any) -> None:
    page = new_page(390, 844, is_mobile=True, has_touch=True, device_scale_factor=2)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-nantong").click()
    page.wait_for_selector("[data-testid=table][data-game=nantong]")
    page.wait_for_function("document.querySelectorAll('[data-testid=hand-tile]').length >= 22")
    page.wait_for_timeout(300)
    boxes = boxes_on_phone(
        page, "[data-testid=hand-tile], [data-testid=indicator], [data-testid^=prep-]")
    assert sum(b["id"] == "indicator" for b in boxes) == 2, boxes
    assert all(b["width"] >= 24 for b in boxes if b["id"] == "hand-tile"), boxes
    page.screenshot(path=SHOT.format("mobile"), full_page=True)
    assert not page.js_errors, page.js_errors


# ---------------------------------------------------------------- a won deal, played by the engine


def _greedy(state: Any, seat: int, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Win, declare and claim whatever is offered; otherwise discard toward a winning hand."""
    for kind in ("win", "opening_kong", "opening_triplet", "hezi", "ready", "kong", "pung",
                 "concealed_kong", "added_kong"):
        for a in actions:
            if a["type"] == kind:
                return a
    discards = [a for a in actions if a["type"] == "discard"]
    if discards:
        hand = [c >> 2 for c in state.hands[seat]]

        def after(a: dict[str, Any]) -> tuple[int, int]:
            counts = [0] * 34
            for f in hand:
                counts[f] += 1
            counts[a["card"] >> 2] -= 1
            return standard_shanten(tuple(counts)), a["card"]
        return min(discards, key=after)
    return next(a for a in actions if a["type"] in ("finish", "pass"))


def _won_deal() -> dict[str, Any]:
    """A finished deal with a winner — one whose total is doubled at least once when such a deal
    comes within the first seeds — played greedily from fixed seeds: the same deal every run."""
    game = get_game("nantong")
    first = None
    for seed in range(300):
        st = game.new_deal(seed)
        version = 0
        rng = random.Random(seed)
        while game.result(st) is None:
            seat = rng.choice(game.to_act(st))
            st = game.apply(st, seat, _greedy(st, seat, game.legal_actions(st, seat)))
            version += 1
        result = game.result(st)
        assert result is not None
        if result["winner"] is None:
            continue
        match = finished_match("nantong", st, version)
        if any(i["op"] == "×" for i in result["players"][result["winner"]]["items"]):
            return match
        first = first or match
    assert first is not None, "no won deal in 300 seeds"
    return first


def test_a_win_is_itemised(live_server: LiveServer, new_page: Any) -> None:
    match = _won_deal()
    result = match["state"]["result"]
    page = new_page(1280, 800)
    open_finished(page, live_server.url, match)
    page.get_by_test_id("settlement").wait_for()
    page.get_by_test_id("seed-check").filter(has_text="✓").wait_for()
    page.wait_for_timeout(400)
    page.screenshot(path=SHOT.format("win"))
    assert_no_axe_violations(page, "a won nantong deal's settlement")
    check_settlement(page, result, match["scores"])
    winner = page.locator(f"[data-testid=hu-card][data-seat='{result['winner']}']")
    items = result["players"][result["winner"]]["items"]
    bonuses = [i for i in items if i["op"] == "+" and i["code"] not in HOLDINGS]
    assert len(bonuses) >= 1  # NT-6.5: the shape
    assert winner.locator("[data-testid=item][data-op='×']").count() == len(
        [i for i in items if i["op"] == "×"]) >= 1  # NT-6.6
    if result["win"]["card"]:  # the winning card is marked in the winning split
        assert winner.get_by_test_id("reading").locator(".is-winning").count() == 1
    assert not page.js_errors, page.js_errors
