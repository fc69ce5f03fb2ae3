"""Sichuan's exchange of three (rules/options.md OPT-SC-1) in the web app, on the real server in
Chromium: a match created through the API with ``exchange_three``, the exchange played by mouse,
by touch and by keyboard, until play starts.

On the way: the prompt names the suits offered and where the tiles go; once one tile is chosen
only tiles that can still make a legal selection (the same suit) stay open; "Pass three" waits
for the third; after the move the note says the direction and the tiles given and received,
the received tiles are marked in the hand, and the declaration (SC-3.1) follows on that hand.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .conftest import LiveServer

TIMEOUT_MS = 20_000
DECLARE_SHOT = "/tmp/paiju-exchange-declare.png"
"""Screenshots: /tmp/paiju-exchange-{mouse,touch}.png (three chosen), this (after the move)."""


def _request(server: LiveServer, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(f"{server.url}{path}", headers=headers,
                                 data=None if body is None else json.dumps(body).encode(),
                                 method="GET" if body is None else "POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _create(server: LiveServer, options: dict[str, Any], seed: int,
            humans: int = 1) -> list[dict[str, str]]:
    """A Sichuan match (``humans`` human seats first, then basic AIs) made through POST
    /api/matches: each human seat's session, as the page keeps it."""
    body = {"game": "sichuan", "seed": seed, "options": options,
            "seats": [{"kind": "human"}] * humans
            + [{"kind": "ai", "level": "basic"}] * (4 - humans)}
    made = _request(server, "/api/matches", body)
    assert made["options"]["exchange_three"] == options["exchange_three"]
    return [{"match_id": made["match_id"], "token": made["seats"][s]["token"], "game": "sichuan"}
            for s in range(humans)]


def _open(page: Any, server: LiveServer, session: dict[str, str]) -> None:
    page.goto(server.url + "/")
    page.evaluate("(s) => localStorage.setItem('paiju.current', JSON.stringify(s))", session)
    page.reload()
    page.wait_for_selector("[data-testid=table][data-phase=exchange] [data-testid=exchange-prompt]"
                           "[data-testid=exchange-prompt]", timeout=TIMEOUT_MS)
    page.wait_for_selector("[data-testid=table][data-legal-ready=true]", timeout=TIMEOUT_MS)


def _hand(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid=hand] [data-testid=hand-tile]')].map((b) => ({id: Number(b.dataset.id),
        face: b.dataset.face, open: !b.disabled, picked: b.classList.contains('is-picked'),
        received: b.classList.contains('is-received')}))""")


def _confirm_enabled(page: Any) -> bool:
    return page.evaluate("!document.querySelector('[data-testid=exchange-confirm]').disabled")


DIRECTION_WORDS = {"counterclockwise": "to the right", "clockwise": "to the left",
                   "across": "across the table"}


def _to_play(page: Any, direction: str | None = None, then: Any = None) -> None:
    """After the move: the note, the marks, then the declaration by its suggested button (and
    ``then()``, what the other humans do)."""
    page.wait_for_selector("[data-testid=table][data-phase=declare] [data-testid=declare-prompt]",
                           timeout=TIMEOUT_MS)
    note = page.get_by_test_id("exchange-note")
    assert note.count() == 1
    if direction:
        assert note.get_attribute("data-direction") == direction
        assert DIRECTION_WORDS[direction] in note.inner_text()
    assert sum(t["received"] for t in _hand(page)) == 3  # the three received, marked
    page.screenshot(path=DECLARE_SHOT)
    log = page.get_by_test_id("log").inner_text()
    assert "Tiles passed" in log and "You gave" in log, log
    assert "You gave" in note.inner_text() or "you gave" in note.inner_text()
    page.locator("[data-testid^=declare-][data-suggested=true]").click()
    if then is not None:
        then()
    page.wait_for_function("""() => ['play', 'claim'].includes(
        document.querySelector('[data-testid=table]')?.dataset.phase)""", timeout=TIMEOUT_MS)


@pytest.mark.parametrize("pointer", ["mouse", "touch"])
def test_the_exchange_by_pointer(live_server: LiveServer, new_page: Any, pointer: str) -> None:
    """OPT-SC-1.1 to 1.4 by clicks (a desktop) and by taps (a phone), counter-clockwise: the
    tiles go to the player on the right."""
    touch = pointer == "touch"
    page = (new_page(390, 844, is_mobile=True, has_touch=True, device_scale_factor=2) if touch
            else new_page(1366, 768))
    _open(page, live_server, _create(live_server, {"exchange_three": "counterclockwise"}, 11)[0])
    ask = page.get_by_test_id("exchange-ask").inner_text()
    assert "to the player on your right" in ask and ("Tap" if touch else "Click") in ask, ask
    assert not _confirm_enabled(page)
    chosen: list[int] = []
    for n in range(3):
        tile = next(t for t in _hand(page) if t["open"] and not t["picked"])
        button = page.locator(f"[data-testid=hand-tile][data-id='{tile['id']}']")
        button.tap() if touch else button.click()
        chosen.append(tile["id"])
        page.wait_for_function("n => Number(document.querySelector("
                               "'[data-testid=exchange-chosen]').dataset.count) === n", arg=n + 1)
        hand = _hand(page)
        suit = tile["face"][1]
        # only the chosen suit stays open (and a fourth tile never)
        assert all(t["face"][1] == suit for t in hand if t["open"]), hand
        assert [t["id"] for t in hand if t["picked"]] == sorted(chosen, key=lambda i: [
            t["id"] for t in hand].index(i))
        assert _confirm_enabled(page) == (n == 2)
    page.screenshot(path=f"/tmp/paiju-exchange-{pointer}.png")
    # a chosen tile is put back by another click, and chosen again
    again = page.locator(f"[data-testid=hand-tile][data-id='{chosen[-1]}']")
    again.tap() if touch else again.click()
    page.wait_for_function("() => document.querySelector('[data-testid=exchange-chosen]')"
                           ".dataset.count === '2'")
    assert not _confirm_enabled(page)
    again = page.locator(f"[data-testid=hand-tile][data-id='{chosen[-1]}']")
    again.tap() if touch else again.click()
    confirm = page.get_by_test_id("exchange-confirm")
    confirm.tap() if touch else confirm.click()
    _to_play(page, "counterclockwise")
    assert not page.js_errors, page.js_errors


def test_the_exchange_by_keyboard(live_server: LiveServer, new_page: Any) -> None:
    """OPT-SC-1.1 by keys alone, the direction drawn at random: the arrows move through the
    hand without choosing, Enter chooses, E passes; the declaration by Enter on its suggested
    suit."""
    page = new_page(1366, 768)
    _open(page, live_server, _create(live_server, {"exchange_three": "random"}, 12)[0])
    assert "a direction drawn once all four have chosen" in page.get_by_test_id(
        "exchange-ask").inner_text()
    page.locator("[data-testid=hand-tile][data-legal=true]").first.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert not any(t["picked"] for t in _hand(page))  # moving chooses nothing
    for n in range(3):
        page.keyboard.press("Enter")
        page.wait_for_function("n => Number(document.querySelector("
                               "'[data-testid=exchange-chosen]').dataset.count) === n", arg=n + 1)
        if n < 2:
            page.keyboard.press("ArrowRight")
            focused = page.evaluate("document.activeElement.classList.contains('is-picked')")
            if focused:  # the next open tile may be one already chosen: move on
                page.keyboard.press("ArrowRight")
    assert sum(t["picked"] for t in _hand(page)) == 3
    assert page.get_by_test_id("exchange-confirm").get_attribute("aria-keyshortcuts") == "E"
    page.keyboard.press("e")
    page.wait_for_selector("[data-testid=table][data-phase=declare] [data-testid=declare-prompt]",
                           timeout=TIMEOUT_MS)
    direction = page.get_by_test_id("exchange-note").get_attribute("data-direction")
    assert direction in ("clockwise", "counterclockwise", "across")
    # the three AIs choose meanwhile, each choice a new version whose buttons wait, disabled, on
    # their legal actions (a key pressed then is lost: CI met it once); press once they are done
    page.wait_for_function("""() => document.querySelectorAll(
        '[data-testid=declare-badge][data-declared=true]').length === 3""", timeout=TIMEOUT_MS)
    page.wait_for_function("() => document.activeElement?.dataset.suggested === 'true'")
    page.keyboard.press("Enter")
    page.wait_for_function("""() => ['play', 'claim'].includes(
        document.querySelector('[data-testid=table]')?.dataset.phase)""", timeout=TIMEOUT_MS)
    assert not page.js_errors, page.js_errors


def test_waiting_shows_who_is_still_choosing(live_server: LiveServer, new_page: Any) -> None:
    """OPT-SC-1.1: after passing, one waits and sees who has chosen: with a second human at
    Right, the two AIs have chosen, Right is still choosing; once Right passes (through the
    API) the tiles move for everybody."""
    me, right = _create(live_server, {"exchange_three": "across"}, 13, humans=2)
    page = new_page(1366, 768)
    _open(page, live_server, me)
    for _ in range(3):
        tile = next(t for t in _hand(page) if t["open"] and not t["picked"])
        page.locator(f"[data-testid=hand-tile][data-id='{tile['id']}']").click()
    page.get_by_test_id("exchange-confirm").click()
    waiting = page.get_by_test_id("exchange-waiting")
    waiting.wait_for(timeout=TIMEOUT_MS)
    page.wait_for_function("() => document.querySelectorAll("
                           "'[data-testid=exchange-badge][data-selected=true]').length === 3",
                           timeout=TIMEOUT_MS)
    assert "Right" in waiting.inner_text() and "Left" not in waiting.inner_text()
    badge = page.locator("[data-testid=seat][data-seat='1'] [data-testid=exchange-badge]")
    assert badge.get_attribute("data-selected") == "false"
    # my three stay raised, no longer to be chosen
    assert sum(t["picked"] for t in _hand(page)) == 3
    assert not any(t["open"] for t in _hand(page))
    path = f"/api/matches/{right['match_id']}"

    def right_acts() -> None:
        legal = _request(live_server, f"{path}/legal", token=right["token"])
        _request(live_server, f"{path}/actions", {"action": legal["actions"][0],
                                                   "version": legal["version"]}, right["token"])

    right_acts()  # its exchange
    _to_play(page, "across", then=right_acts)  # and its declaration
    assert not page.js_errors, page.js_errors
