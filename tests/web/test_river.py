"""Sichuan Blood River (血流成河, options.md OPT-SC-2) in the browser: a match created through the
API with ``{"blood_mode": "river"}`` is played to the end by mouse and keyboard.

Seat 0 plays what ``basic`` would (read from the API's view and legal actions), through the
page: the missing-suit buttons, the claim buttons, Win, Kong, and a tile then Discard. The
seed (28, found by script: every seat ``basic``, seat 0 first wins with 43 tiles left and wins
four times) gives seat 0 an early win, so its hand is locked for most of the deal: then only the
drawn tile is playable (OPT-SC-2.3), the others are disabled, and it is discarded by mouse and
by keyboard in turn. On the way the win piles show beside the melds (OPT-SC-2.2, public) with the
locked mark (OPT-SC-2.4); the settlement lists every win, several of one seat (OPT-SC-2.5).

Screenshots: /tmp/paiju-river.png (a locked turn), /tmp/paiju-river-end.png (settlement).
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

from ai.policies.sichuan_basic import basic

from .conftest import LiveServer
from .probe import probe, turns
from .test_e2e import _acted

SEED = 28
DEAL_TIMEOUT_S = 150
TABLE_SHOT = "/tmp/paiju-river.png"
END_SHOT = "/tmp/paiju-river-end.png"

PROBE = probe(
    toAct="t ? t.dataset.toAct === 'true' : false",
    ready="t ? t.dataset.legalReady === 'true' : false",
    phase="t ? t.dataset.phase : null",
    piles="document.querySelectorAll('[data-testid=win-pile]').length",
    locked="document.querySelectorAll('[data-testid=locked-badge]').length",
)


def _create(server: LiveServer) -> dict[str, str]:
    body = {"game": "sichuan", "seed": SEED, "options": {"blood_mode": "river"},
            "seats": [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * 3}
    req = urllib.request.Request(f"{server.url}/api/matches", method="POST",
                                 data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        created = json.loads(r.read())
    assert created["options"]["blood_mode"] == "river"
    return {"match_id": created["match_id"], "game": "sichuan",
            "token": next(s["token"] for s in created["seats"] if s["seat"] == 0)}


def _decision(server: LiveServer, session: dict[str, str]) -> tuple[dict, dict, list[dict]]:
    """(the seat's view, basic's action, the legal actions), from the API."""
    path = f"/api/matches/{session['match_id']}"
    view = server.get_json(path, session["token"])["state"]
    legal = server.get_json(f"{path}/legal", session["token"])["actions"]
    return view, basic(view, legal, random.Random(0)), legal


def _locked_turn(page: Any, view: dict, action: dict, pointer: str) -> None:
    """OPT-SC-2.3 on the page: the drawn tile is the one playable tile; the others cannot be
    selected; it is discarded by mouse or touch (select, Discard) or keyboard (↑ to the hand,
    Enter)."""
    drawn = view["drawn"]["id"]
    assert action == {"type": "discard", "card": drawn}
    legal_tiles = page.locator("[data-testid=hand-tile][data-legal=true]")
    assert legal_tiles.count() == 1 and legal_tiles.get_attribute("data-id") == str(drawn)
    other = page.locator("[data-testid=hand-tile][data-legal=false]").first
    assert other.is_disabled()
    assert page.get_by_test_id("discard").is_disabled()
    assert page.get_by_test_id("locked-badge").count() >= 1
    if pointer == "keyboard":
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")  # the only playable card: the selection stays on it
        selected = page.locator("[data-testid=hand-tile].is-selected")
        assert selected.get_attribute("data-id") == str(drawn)
        page.keyboard.press("Enter")
    elif pointer == "touch":
        other.tap(force=True, timeout=3000)  # a disabled tile: nothing happens
        assert page.get_by_test_id("discard").is_disabled()
        legal_tiles.tap(timeout=3000)
        page.get_by_test_id("discard").tap(timeout=3000)
    else:
        other.click(force=True, timeout=3000)  # a disabled tile: nothing happens
        assert page.get_by_test_id("discard").is_disabled()
        legal_tiles.click(timeout=3000)
        page.get_by_test_id("discard").click(timeout=3000)


def _play(page: Any, action: dict, legal: list[dict]) -> None:
    kind = action["type"]
    if kind == "declare_missing":
        page.get_by_test_id(f"declare-{action['suit']}").click(timeout=3000)
    elif page.get_by_test_id("claim-prompt").count():
        page.get_by_test_id(f"claim-{kind}").click(timeout=3000)
    elif kind == "win":
        win = page.get_by_test_id("turn-win")
        if "card" in action:  # the dealer's first-turn win names its tile: select it first
            page.locator(f"[data-testid=hand-tile][data-id='{action['card']}']").click()
            assert win.get_attribute("data-card") == str(action["card"])
        win.click(timeout=3000)
    elif kind in ("concealed_kong", "added_kong"):
        kongs = [a for a in legal if a["type"] in ("concealed_kong", "added_kong")]
        page.get_by_test_id("turn-kong").nth(kongs.index(action)).click(timeout=3000)
    else:
        page.locator(f"[data-testid=hand-tile][data-id='{action['card']}']").click(timeout=3000)
        page.get_by_test_id("discard").click(timeout=3000)


def _play_river(page: Any, server: LiveServer, pointers: tuple[str, ...],
                locked_turns: int | None = None) -> tuple[dict[str, str], dict[str, int]]:
    """Seat 0 of a new river match (seed 28) plays as ``basic`` through the page, its locked
    turns by each of ``pointers`` in turn; to the end, or until ``locked_turns`` were played."""
    session = _create(server)
    page.goto(server.url + "/")
    page.evaluate("(s) => localStorage.setItem('paiju.current', JSON.stringify(s))", session)
    page.reload()
    page.get_by_test_id("table").wait_for(timeout=30_000)
    stats = {"decisions": 0, "locked": 0, "piles_seen": 0} | {f"locked_{p}": 0 for p in pointers}
    for s in turns(page, PROBE, DEAL_TIMEOUT_S, "Sichuan Blood River", server, stats):
        stats["piles_seen"] = max(stats["piles_seen"], s["piles"])
        if not (s["toAct"] and s["ready"]):
            page.wait_for_timeout(30)
            continue
        view, action, legal = _decision(server, session)
        if view["phase"] == "over" or not legal:
            page.wait_for_timeout(30)
            continue
        v = s["version"]
        me = view["players"][0]
        if me["locked"] and view["phase"] == "play" and action["type"] == "discard":
            pointer = pointers[stats["locked"] % len(pointers)]
            if not stats["locked"]:
                page.screenshot(path=TABLE_SHOT)
                # the win pile lies beside the melds, its tiles the seat's winning tiles
                pile = page.locator("[data-testid=my-seat] [data-testid=win-pile] "
                                    "[data-testid=win-pile-tile]")
                assert [int(x) for x in pile.evaluate_all("ts => ts.map(t => t.dataset.id)")] \
                    == [c["id"] for c in me["win_pile"]]
            _locked_turn(page, view, action, pointer)
            stats[f"locked_{pointer}"] += 1
            stats["locked"] += 1
        else:
            _play(page, action, legal)
        _acted(page, v, str(action))
        stats["decisions"] += 1
        if locked_turns is not None and stats["locked"] >= locked_turns:
            break
    return session, stats


def test_a_blood_river_deal_with_a_locked_hand(live_server: LiveServer, new_page: Any) -> None:
    page = new_page(1366, 768)
    session, stats = _play_river(page, live_server, ("mouse", "keyboard"))
    assert stats["locked_mouse"] and stats["locked_keyboard"], stats
    assert stats["piles_seen"] >= 1, stats

    settlement = page.get_by_test_id("settlement")
    settlement.wait_for()
    result = live_server.get_json(f"/api/matches/{session['match_id']}",
                                  session["token"])["state"]["result"]
    seats = [w["seat"] for w in result["wins"]]
    assert result["exhausted"] and seats.count(0) >= 2, seats  # several wins, one seat
    cards = page.locator("[data-testid=settlement] [data-testid=win]")
    assert cards.count() == len(seats)
    assert page.locator("[data-testid=settlement] [data-testid=win][data-seat='0']").count() \
        == seats.count(0)
    # each card shows the hand and melds that win was made with, not the seat's final hand
    # (a locked hand may kong between its wins, OPT-SC-2.3)
    shown = cards.evaluate_all("""cs => cs.map((c) => ({
        hand: [...c.querySelectorAll('[data-testid=shown-hand] .tile__idx')]
          .map((x) => x.textContent),
        melds: c.querySelectorAll('.win__hand .meld').length }))""")
    assert [(sorted(x["hand"]), x["melds"]) for x in shown] == [
        (sorted(c["face"] for c in w["hand"]), len(w["melds"])) for w in result["wins"]]
    page.wait_for_timeout(600)  # the settlement fades in
    page.screenshot(path=END_SHOT)
    assert not page.js_errors, page.js_errors


def test_a_locked_hand_by_touch_on_a_phone(live_server: LiveServer, new_page: Any) -> None:
    """OPT-SC-2.3 by touch: on a phone, the locked hand's only playable tile is tapped and
    discarded (two locked turns, then the test stops), the win pile and the mark shown."""
    page = new_page(390, 844, is_mobile=True, has_touch=True, device_scale_factor=2)
    _, stats = _play_river(page, live_server, ("touch",), locked_turns=2)
    assert stats["locked_touch"] == 2 and stats["piles_seen"] >= 1, stats
    assert not page.js_errors, page.js_errors


def test_the_dealer_names_the_tile_of_a_first_turn_win(live_server: LiveServer,
                                                        new_page: Any) -> None:
    """OPT-SC-2.2: the dealer's 14-tile first-turn win names the tile for the win pile: one Win
    button, for the selected tile; its click sends ``{"type": "win", "card": id}``. The match
    is a hand-made position served in place of the server's (routes)."""
    from engine import get_game
    from engine.core.state import evolve
    from tests.sichuan.position import position

    g = get_game("sichuan")
    state, _ = position({0: "1m 1m 1m 2m 2m 2m 3m 3m 3m 1m 2m 3m 5s 5s",
                         1: "1s", 2: "2s", 3: "3s"}, missing="pppp")
    state = evolve(state, options=g.options({"blood_mode": "river"}))
    view = g.view(state, 0)
    legal = g.legal_actions(state, 0)
    assert sum(a["type"] == "win" for a in legal) == 14
    match = {"match_id": "named-win", "game": "sichuan", "version": 5, "deal": 0, "seat": 0,
             "seats": [{"seat": 0, "kind": "human", "level": None}]
             + [{"seat": s, "kind": "ai", "level": "basic"} for s in (1, 2, 3)],
             "scores": [0] * 4, "seed_hash": view["seed_hash"], "options": view["options"],
             "state": view}
    sent: list[dict] = []

    def answer(route: Any) -> None:
        url = route.request.url
        if url.endswith("/legal"):
            body = {"version": 5, "actions": legal}
        elif url.endswith("/actions"):
            sent.append(json.loads(route.request.post_data or "{}"))
            body = match
        else:
            body = match
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page = new_page(1366, 768)
    page.route_web_socket("**/ws*", lambda ws: ws.close())
    page.route("**/api/matches/named-win**", answer)
    page.goto(live_server.url + "/")
    page.evaluate("() => localStorage.setItem('paiju.current', JSON.stringify("
                  "{match_id: 'named-win', token: 'fixture', game: 'sichuan'}))")
    page.reload()
    win = page.get_by_test_id("turn-win")
    win.wait_for(timeout=15_000)
    assert page.get_by_test_id("turn-win").count() == 1  # one button, not fourteen
    five_s = next(t for t in state.hands[0] if t >> 2 == 22)  # a 5s
    page.locator(f"[data-testid=hand-tile][data-id='{five_s}']").click()
    page.wait_for_function(  # the selection re-renders the button for that tile
        "id => document.querySelector('[data-testid=turn-win]')?.dataset.card === String(id)",
        arg=five_s, timeout=5000)
    assert "5s" in win.inner_text()
    win.click()
    page.wait_for_timeout(500)
    assert sent and sent[0]["action"] == {"type": "win", "card": five_s}, sent
    assert not page.js_errors, page.js_errors
