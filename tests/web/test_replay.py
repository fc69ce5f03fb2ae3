"""The replay page end to end: a deal the AI plays out through the real server, then
#/replay/<match>/<deal> in Debian's Chromium, stepped through by keyboard, buttons, the slider's
neighbours and the move list, to the end: the settlement shown is the match's result, and the seed
revealed at the end hashes to the hash published when the deal began. Every hand is open at every
step. A deal still being played has no replay (the page says so), and a bad id says there is none.

Screenshots: tests/artifacts/replay-<game>-start.png, -end.png, -phone.png.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES

from .axe import assert_no_axe_violations
from .conftest import LiveServer
from .probe import assert_hand_inside, assert_middle_reads
from .test_word_cards import assert_word_ink

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
DEAL_TIMEOUT_S = 120


def post_json(server: LiveServer, path: str, body: Any) -> Any:
    req = urllib.request.Request(f"{server.url}{path}", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def finished_ai_match(server: LiveServer, game: str, seed: int) -> tuple[str, dict[str, Any]]:
    """A match whose every seat is the basic AI: it plays its first deal to the end by itself."""
    seats = [{"kind": "ai", "level": "basic"}] * GAMES[game].players
    m = post_json(server, "/api/matches", {"game": game, "seed": seed, "seats": seats})
    deadline = time.monotonic() + DEAL_TIMEOUT_S
    while time.monotonic() < deadline:
        deal = server.get_json(f"/api/matches/{m['match_id']}/log")["deals"][0]
        if deal["over"]:
            assert deal["seed_hash"] == m["seed_hash"]
            return m["match_id"], deal
        time.sleep(0.2)
    raise AssertionError(f"the AI did not finish the {game} deal:\n{server.log()}")


def step_of(page: Any) -> int:
    return int(page.get_by_test_id("replay-board").get_attribute("data-step"))


def wait_step(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('[data-testid=replay-board]')?.dataset.step === String(n)", arg=n)


# the seats' names seen from seat 0, as at the table (kit.js seatNames)
SEAT_NAMES = {4: ["You", "Right", "Across", "Left"], 3: ["You", "Right", "Left"]}

MOVE_LIST = """() => {
    const list = document.querySelector('[data-testid=replay-moves]');
    const cur = list.querySelector('[data-testid=replay-move].is-current');
    const a = list.getBoundingClientRect(), b = cur.getBoundingClientRect();
    return {step: Number(cur.dataset.step), inside: b.top >= a.top - 1 && b.bottom <= a.bottom + 1,
            scrolls: list.scrollHeight > list.clientHeight, pageY: window.scrollY};
}"""

CONTROLS = """() => ['start', 'prev', 'play', 'next', 'end'].map((name) => {
    const b = document.querySelector(`[data-testid=replay-${name}]`);
    const s = getComputedStyle(b), r = b.getBoundingClientRect();
    return {name, label: b.getAttribute('aria-label'), icon: b.querySelector('path')?.getAttribute('d'),
            look: [Math.round(r.width), Math.round(r.height), s.backgroundColor, s.color, s.borderRadius,
                   s.borderColor, s.opacity]};
})"""


def seat_names_from(viewer: int, players: int) -> dict[int, str]:
    return {s: SEAT_NAMES[players][(s - viewer) % players] for s in range(players)}


def check_move_list(page: Any, step: int) -> None:
    """The current move is highlighted and in sight inside the list; the page did not scroll."""
    wait_step(page, step)
    got = page.evaluate(MOVE_LIST)
    assert got["step"] == step and got["scrolls"] and got["inside"], got
    assert got["pageY"] == 0, got


def check_controls(page: Any) -> None:
    """Every control button looks the same (one style and size), playing or not, with its own
    spoken label and icon."""
    controls = page.evaluate(CONTROLS)
    assert len({tuple(c["look"]) for c in controls}) == 1, controls
    assert all(c["label"] for c in controls) and len({c["label"] for c in controls}) == 5, controls
    assert len({c["icon"] for c in controls}) == 5, controls


def shown_totals(page: Any) -> dict[int, int]:
    out = {}
    for row in page.get_by_test_id("settlement").get_by_test_id("total-row").all():
        text = row.get_by_test_id("total-delta").inner_text().replace("\u2212", "-").replace("+", "")
        out[int(row.get_attribute("data-seat"))] = int(text)
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_replay_steps_to_the_settlement(live_server: LiveServer, new_page: Any, game: str) -> None:
    mid, deal = finished_ai_match(live_server, game, seed=31)
    n = len(deal["actions"])
    players = GAMES[game].players
    page = new_page(1280, 900)
    page.goto(f"{live_server.url}/#/replay/{mid}/0")
    page.get_by_test_id("replay").wait_for()
    assert int(page.get_by_test_id("replay").get_attribute("data-steps")) == n + 1
    assert step_of(page) == 0
    assert page.get_by_test_id("replay-move").count() == n + 1
    assert_no_axe_violations(page, f"the {game} replay at its start")

    # every hand is open: no card backs anywhere, the other seats' hands face up
    table = page.get_by_test_id("table")
    assert table.get_attribute("data-game") == game
    assert table.get_by_test_id("backs").count() == 0
    assert table.get_by_test_id("shown-hand").count() == players - 1
    assert table.get_by_test_id("hand-tile").count() > 0
    assert_hand_inside(page, f"the {game} replay at its start")  # beside the move list
    # the shuffle check: the hash shown at the start, the seed revealed, SHA-256 agreeing
    assert page.get_by_test_id("replay-seed-hash").inner_text() == deal["seed_hash"]
    assert page.get_by_test_id("replay-seed-value").inner_text() == str(deal["seed"])
    page.wait_for_selector("[data-testid=replay-seed-check][data-ok=true]")
    if game == "paohuzi":
        assert_word_ink(page, 20)  # the deck's inks on the board and in the move list
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"replay-{game}-start.png"))

    # the seats are named from the viewer's seat, as at the table: the move list and the board
    names = seat_names_from(0, players)
    who = page.locator("[data-testid=replay-move] .replay__who").all_inner_texts()
    assert who == [names[a["seat"]] for a in deal["actions"]]
    # the viewer's own moves are said to "you": "You discard", never "You discards"
    texts = [" ".join(t.split()) for t in page.get_by_test_id("replay-move").all_inner_texts()[1:]]
    own = [t for t, a in zip(texts, deal["actions"], strict=True)
           if a["seat"] == 0 and a["action"]["type"] == "discard"]
    assert own and all("You discard" in t and "You discards" not in t for t in own), own
    assert page.get_by_test_id("my-seat").get_attribute("data-seat") == "0"
    assert "Seat " not in page.get_by_test_id("replay").inner_text()
    assert page.get_by_test_id("actions").count() == 0  # a replay decides nothing

    # the move list follows the current move, inside itself, never scrolling the page
    page.keyboard.press("End")
    check_move_list(page, n)
    page.keyboard.press("ArrowLeft")
    check_move_list(page, n - 1)
    page.keyboard.press("Home")
    check_move_list(page, 0)

    # keyboard: arrows one move, Home and End
    page.locator("body").press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_step(page, min(3, n))
    page.keyboard.press("ArrowLeft")
    wait_step(page, min(2, n))
    current = page.locator("[data-testid=replay-move].is-current")
    assert current.get_attribute("data-step") == str(min(2, n))
    page.keyboard.press("Home")
    wait_step(page, 0)
    # buttons
    page.get_by_test_id("replay-next").click()
    wait_step(page, 1)
    check_controls(page)
    page.get_by_test_id("replay-prev").click()
    wait_step(page, 0)
    assert page.get_by_test_id("replay-prev").is_disabled()
    # play, then pause
    page.get_by_test_id("replay-play").click()
    page.wait_for_function("Number(document.querySelector('[data-testid=replay-board]').dataset.step) >= 2")
    check_controls(page)  # the pause button looks like the others
    page.get_by_test_id("replay-play").click()
    paused = step_of(page)
    page.wait_for_timeout(1200)
    assert step_of(page) == paused
    # the move list
    page.get_by_test_id("replay-move").nth(n // 2).click()
    wait_step(page, n // 2)
    assert page.get_by_test_id("table").get_by_test_id("backs").count() == 0

    # the end: the settlement is the match's, with the seed checked
    page.get_by_test_id("replay-end").click()
    wait_step(page, n)
    settlement = page.get_by_test_id("settlement")
    settlement.wait_for()
    assert shown_totals(page) == dict(enumerate(deal["result"]["deltas"]))
    assert settlement.get_by_test_id("seed").inner_text() == str(deal["seed"])
    assert settlement.get_by_test_id("seed-hash").inner_text() == deal["seed_hash"]
    assert "✓" in settlement.get_by_test_id("seed-check").inner_text()
    assert_no_axe_violations(page, f"the {game} replay at its end")
    # a replay cannot start the next deal
    assert settlement.get_by_test_id("next-deal").count() == 0
    assert settlement.get_by_test_id("restart").count() == 0
    page.wait_for_timeout(400)
    page.screenshot(path=str(ARTIFACTS / f"replay-{game}-end.png"))
    # hide the results to look at the table, and bring them back
    settlement.get_by_test_id("hide-settlement").click()
    page.get_by_test_id("replay-show-results").click()
    page.get_by_test_id("settlement").wait_for()

    # the shareable URL is the page's: copy it, and opening it shows the same replay
    url = page.get_by_test_id("replay-url").input_value()
    assert url.endswith(f"#/replay/{mid}/0")
    page.get_by_test_id("replay-copy").click()
    page.wait_for_function("document.querySelector('[data-testid=replay-copied]').textContent !== ''")
    other = new_page(390, 844, is_mobile=True, has_touch=True)
    other.goto(f"{url}/1")  # seen from seat 1: it sits at the bottom, named "You"
    other.get_by_test_id("replay").wait_for()
    assert other.get_by_test_id("my-seat").get_attribute("data-seat") == "1"
    names = seat_names_from(1, players)
    who = other.locator("[data-testid=replay-move] .replay__who").all_inner_texts()
    assert who == [names[a["seat"]] for a in deal["actions"]]
    assert other.get_by_test_id("replay-url").input_value() == f"{url}/1"
    other.get_by_test_id("replay-move").nth(n // 2).click()
    wait_step(other, n // 2)
    other.wait_for_timeout(300)
    other.screenshot(path=str(ARTIFACTS / f"replay-{game}-phone.png"), full_page=True)
    assert other.evaluate("document.documentElement.scrollWidth") <= 390
    other.keyboard.press("End")
    wait_step(other, n)
    other.get_by_test_id("settlement").wait_for()
    assert shown_totals(other) == dict(enumerate(deal["result"]["deltas"]))

    for p in (page, other):
        assert not p.js_errors, p.js_errors
        assert p.evaluate("[...window.__paijuMissing]") == []


def test_no_replay_while_the_deal_is_played(live_server: LiveServer, new_page: Any) -> None:
    m = post_json(live_server, "/api/matches", {"game": "sichuan", "seats": [
        {"kind": "human"}, {"kind": "ai"}, {"kind": "ai"}, {"kind": "ai"}]})
    page = new_page(1280, 800)
    page.goto(f"{live_server.url}/#/replay/{m['match_id']}/0")
    error = page.get_by_test_id("replay-error")
    error.wait_for()
    assert "still being played" in error.inner_text()
    assert page.get_by_test_id("table").count() == 0
    page.goto(f"{live_server.url}/#/replay/no-such-match/0")
    page.wait_for_function(
        "document.querySelector('[data-testid=replay-error]')?.innerText.includes('no such match')")
    page.goto(f"{live_server.url}/#/replay/{m['match_id']}/x")
    page.get_by_test_id("replay-error").wait_for()
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("lang", ["fr", "pl", "it", "zh"])
def test_replay_and_friends_pages_in_every_language(live_server: LiveServer, new_page: Any,
                                                    lang: str) -> None:
    """Every text of both pages (and of the table drawn for a spectator) exists in the language."""
    mid, _ = finished_ai_match(live_server, "paohuzi", seed=32)
    page = new_page(1280, 900)
    page.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}')")
    page.goto(f"{live_server.url}/#/replay/{mid}/0")
    page.get_by_test_id("replay").wait_for()
    page.wait_for_selector("[data-testid=replay-seed-check][data-ok=true]")
    page.get_by_test_id("replay-move").nth(2).click()
    page.keyboard.press("End")
    page.get_by_test_id("settlement").wait_for()
    text = page.get_by_test_id("replay").inner_text()
    assert "replay." not in text and "app." not in text
    page.goto(f"{live_server.url}/#/friends/sichuan")
    page.get_by_test_id("friends-setup").wait_for()
    assert page.locator("[data-testid^=friends-humans-]").count() == 3
    page.get_by_test_id("friends-humans-3").check()
    page.get_by_test_id("friends-create").click()
    page.get_by_test_id("friends-links").wait_for()
    assert page.locator("[data-testid^=join-link-]").count() == 2
    if lang == "en":
        assert_no_axe_violations(page, "the friends page with its links")
    assert "replay." not in page.get_by_test_id("friends").inner_text()
    # the table just created is kept: coming back shows its links, until another is set up
    mid = page.get_by_test_id("friends-links").get_attribute("data-match")
    page.reload()
    assert page.get_by_test_id("friends-links").get_attribute("data-match") == mid
    page.get_by_test_id("friends-new").click()
    page.get_by_test_id("friends-setup").wait_for()
    assert page.evaluate("[...window.__paijuMissing]") == []
    assert not page.js_errors, page.js_errors


def test_the_pages_own_sha256_agrees_with_hashlib(live_server: LiveServer, new_page: Any) -> None:
    """seed.js hashes seeds itself where WebCrypto is missing (plain http on a local network):
    its SHA-256 must be the standard one, over one and several 64-byte blocks."""
    import hashlib

    texts = ["", "31", "9007199254740991", "x" * 55, "y" * 56, "z" * 64, "w" * 200]
    page = new_page(800, 600)
    page.goto(live_server.url + "/")
    got = page.evaluate("""async (texts) => {
        const m = await import('/seed.js');
        return texts.map((s) => m.sha256Bytes(new TextEncoder().encode(s)));
    }""", texts)
    assert got == [hashlib.sha256(s.encode()).hexdigest() for s in texts]


#: The last moves in full sight in the middle's log.
LOG_LINES = """() => { const ol = document.querySelector('.felt .log ol');
  const box = ol.getBoundingClientRect();
  return [...ol.children].filter((li) => { const r = li.getBoundingClientRect();
    return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }).length; }"""


def test_the_nantong_replay_middle_reads(live_server: LiveServer, new_page: Any) -> None:
    """Beside the move list at 1280×800 the Nantong middle was about 330 px wide (the side ponds
    ran in rows, not in columns): the indicators' captions ran past their box and the last moves
    showed about two lines. Now at every fifth step every line of the middle is inside its box
    and at least four last moves are in full sight."""
    mid, deal = finished_ai_match(live_server, "nantong", seed=31)
    n = len(deal["actions"])
    page = new_page(1280, 800)
    page.goto(f"{live_server.url}/#/replay/{mid}/0")
    page.get_by_test_id("replay").wait_for()
    for step in range(0, n, 5):
        page.get_by_test_id("replay-move").nth(step).click()
        wait_step(page, step)
        assert_middle_reads(page, f"the Nantong replay at move {step}")
        lines = page.evaluate(LOG_LINES)
        assert lines >= min(4, step + 1), f"move {step}: {lines} last moves in sight"
        if step == 25:
            page.screenshot(path=str(ARTIFACTS / "replay-nantong-middle.png"))
    assert not page.js_errors, page.js_errors
