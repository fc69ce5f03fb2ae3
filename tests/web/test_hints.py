"""Hints at the table (web/hints.js) in Debian's Chromium against the real server.

For each game a person's path: Play from the lobby, switch Hints on at the table, play (the
missing suit, claims passed or taken, Nantong's preparation finished) up to the first discard
of one's own, and see the panel: how far the hand is from ready (Paohuzi: the huxi held and
still needed) and one row per card face one may discard, the ready ones first, agreeing with
GET /api/matches/{id}/hints; after a reload the switch is still on.

Then the warning step, on a Nantong table served from a hand-made engine position (an opponent
declared ready, NT-3.6): discarding a card it could win on asks first ("Keep it" posts nothing,
"Discard anyway" posts the discard); a card no hidden hand can win on is discarded at once.
Screenshots go to tests/artifacts/hints-<game>.png and hints-warning.png.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import get_game

from .conftest import LiveServer
from .probe import ACTION_PROBE, decide, overflowing, screenshot, turns, wait_past
from .test_e2e import _click

GAMES = ["sichuan", "mcr", "nantong", "paohuzi"]
PANEL = """() => ({
  on: document.querySelector('[data-testid=hints-toggle]')?.checked ?? null,
  version: Number(document.querySelector('[data-testid=hints]')?.dataset.version ?? -1),
  table: Number(document.querySelector('[data-testid=table]')?.dataset.version ?? -2),
  shanten: document.querySelector('[data-testid=hints-shanten]')?.dataset.shanten ?? null,
  summary: document.querySelector('[data-testid=hints-shanten]')?.textContent ?? '',
  huxi: document.querySelector('[data-testid=hints-huxi]')?.textContent ?? null,
  rows: [...document.querySelectorAll('[data-testid=hints-discard]')].map((r) =>
    [r.dataset.face, r.dataset.ready === 'true', r.textContent,
     Number(r.querySelector('[data-testid=hints-improving]')?.dataset.unseen ?? -1)]),
  legal: [...new Set([...document.querySelectorAll('[data-testid=hand-tile][data-legal=true]')]
    .map((el) => el.dataset.face))],
})"""


def _to_first_discard(page: Any, server: LiveServer, game: str, deals: int = 3) -> None:
    """Play the seat as a plain player would until it is to discard. The lobby deals at random,
    and an opponent may win before the seat ever discards (seen once in Paohuzi): then the
    next deal is played, up to ``deals``."""
    for deal in range(deals):
        stats = {"offers": 0}
        for s in turns(page, ACTION_PROBE, 90, game, server, stats):
            move = decide(s, stats["offers"])
            if move == "discard":
                return
            if move is None:
                page.wait_for_timeout(30)
                continue
            stats["offers"] += move in ("pass", "pung", "peng", "kong", "chow", "chi", "pao")
            if _click(page.locator(f"button[data-action='{move}']").first):
                wait_past(page, s["version"], move)
        page.get_by_test_id("next-deal").click()
        page.wait_for_selector(f"[data-testid=table][data-deal='{deal + 1}']")
    pytest.fail(f"{deals} {game} deals ended before a discard of ours")


def _panel(page: Any) -> dict[str, Any]:
    page.wait_for_function(f"({PANEL})().version === ({PANEL})().table && ({PANEL})().rows.length > 0")
    return page.evaluate(PANEL)


@pytest.mark.parametrize("game", GAMES)
def test_hints_panel_at_each_table(live_server: LiveServer, new_page: Any, game: str) -> None:
    page = new_page(1280, 800)
    page.one_screen = True  # the panel is a drawer beside the table, never under it (issue 26)
    page.goto(live_server.url + "/")
    page.get_by_test_id(f"play-{game}").click()
    page.wait_for_selector(f"[data-testid=table][data-game={game}]")
    toggle = page.get_by_test_id("hints-toggle")
    assert not toggle.is_checked()
    toggle.check()
    page.get_by_test_id("hints-status").or_(page.get_by_test_id("hints-shanten")).first.wait_for()

    _to_first_discard(page, live_server, game)
    shown = _panel(page)
    session = page.evaluate("JSON.parse(localStorage.getItem('paiju.current'))")
    api = live_server.get_json(f"/api/matches/{session['match_id']}/hints", session["token"])
    assert api["version"] == shown["version"] and api["available"]
    assert sorted(f for f, *_ in shown["rows"]) == sorted(shown["legal"]) \
        == sorted(d["face"] for d in api["discards"])
    assert {f for f, ready, *_ in shown["rows"] if ready} \
        == {d["face"] for d in api["discards"] if d["ready"]}
    readies = [ready for _, ready, *_ in shown["rows"]]
    assert readies == sorted(readies, reverse=True), "ready discards come first"
    assert int(shown["shanten"]) == api["hand"]["shanten"] and shown["summary"].strip()
    assert all(text.strip() for _, _, text, _ in shown["rows"])
    # issue 26: a discard short of ready shows the unseen tiles that bring it nearer
    improving = {d["face"]: sum(i["unseen"] for i in d["improving"]) for d in api["discards"]
                 if not d["ready"] and d["shanten"] > 0}
    assert {f: n for f, _, _, n in shown["rows"] if f in improving} == improving
    if game == "paohuzi":
        assert shown["huxi"] and str(api["hand"]["huxi"]) in shown["huxi"]
    else:
        assert shown["huxi"] is None
    screenshot(page, f"hints-{game}", full_page=True)

    page.reload()  # the switch is remembered
    page.wait_for_selector("[data-testid=table]")
    assert page.get_by_test_id("hints-toggle").is_checked()
    page.get_by_test_id("hints-shanten").wait_for()
    page.get_by_test_id("hints-toggle").uncheck()
    page.wait_for_function("!document.querySelector('[data-testid=hints-shanten]')")
    missing = page.evaluate("[...window.__paijuMissing].filter((k) => k.includes(':hints.'))")
    assert not missing, missing
    assert not page.js_errors, page.js_errors


# ---------------------------------------------------------------- the warning step

def _serve(page: Any, url: str, state: Any, name: str = "nantong",
           shown: str = "[data-testid=table][data-legal-ready=true]") -> dict[str, Any]:
    """Serve the game ``name``'s ``state`` as match ``hints-warning`` for seat 0: the view,
    legal actions and hints from the engine, and a posted action applied to it; return once
    the page shows ``shown``."""
    game = get_game(name)
    box: dict[str, Any] = {"state": state, "version": 5, "posted": []}
    mid = "hints-warning"

    def view() -> dict[str, Any]:
        v = game.view(box["state"], 0)
        return {"match_id": mid, "game": name, "version": box["version"], "deal": 0, "seat": 0,
                "seats": [{"seat": 0, "kind": "human", "level": None}]
                + [{"seat": s, "kind": "ai", "level": "basic"} for s in range(1, game.players)],
                "scores": [0] * game.players, "seed_hash": v["seed_hash"], "state": v}

    def handle(route: Any) -> None:
        req = route.request
        path = req.url.split("?")[0]
        if path.endswith("/hints"):
            body = {"match_id": mid, "version": box["version"],
                    **game.hints(box["state"], 0)}
        elif path.endswith("/legal"):
            body = {"match_id": mid, "version": box["version"], "seat": 0,
                    "actions": game.legal_actions(box["state"], 0)}
        elif path.endswith("/actions") and req.method == "POST":
            posted = json.loads(req.post_data)
            box["posted"].append(posted)
            box["state"] = game.apply(box["state"], 0, posted["action"])
            box["version"] += 1
            body = view()
        else:
            body = view()
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route_web_socket("**/ws*", lambda ws: ws.close())
    page.route(f"**/api/matches/{mid}**", handle)
    page.goto(url + "/")
    page.evaluate("""(name) => {
        localStorage.setItem('paiju.current', JSON.stringify({match_id: 'hints-warning', token: 't', game: name}));
        localStorage.setItem('paiju.hints', 'on');
    }""", name)
    page.reload()
    page.wait_for_selector(shown)
    return box


def _discard(page: Any, face: str) -> None:
    page.locator(f"[data-testid=hand-tile][data-face='{face}']").first.click()
    page.get_by_test_id("discard").click()


def test_warning_before_a_discard_a_ready_opponent_could_win_on(live_server: LiveServer,
                                                                 new_page: Any) -> None:
    from tests.nantong.test_hints import table

    page = new_page(1280, 900)
    box = _serve(page, live_server.url, table())
    page.get_by_test_id("hints-ready-opponents").wait_for()
    assert page.locator("[data-testid=hints-discard][data-face=H]").get_attribute("data-danger") == "true"
    assert page.locator("[data-testid=hints-discard][data-face=Q]").get_attribute("data-danger") == "false"

    _discard(page, "H")
    warning = page.get_by_test_id("hints-warning")
    warning.wait_for()
    assert "⚠" in warning.inner_text()
    page.wait_for_function("document.activeElement?.dataset.testid === 'hints-keep'")
    screenshot(page, "hints-warning")
    page.get_by_test_id("hints-keep").click()
    warning.wait_for(state="detached")
    assert box["posted"] == []

    assert page.locator("[data-testid=hand-tile].is-selected").get_attribute("data-face") == "H"
    page.get_by_test_id("discard").click()  # still selected: the warning again
    page.get_by_test_id("hints-discard-anyway").click()
    page.wait_for_function("Number(document.querySelector('[data-testid=table]')?.dataset.version) === 6")
    card = box["posted"][0]["action"]["card"]
    assert box["posted"] == [{"action": {"type": "discard", "card": card}, "version": 5}]
    assert card >> 2 == 29  # the Red Flower (H)
    assert not page.js_errors, page.js_errors


def test_a_safe_discard_needs_no_confirmation(live_server: LiveServer, new_page: Any) -> None:
    from tests.nantong.test_hints import table

    page = new_page(1280, 900)
    box = _serve(page, live_server.url, table())
    page.get_by_test_id("hints-discard").first.wait_for()
    _discard(page, "Q")
    page.wait_for_function("Number(document.querySelector('[data-testid=table]')?.dataset.version) === 6")
    assert page.get_by_test_id("hints-warning").count() == 0
    assert [p["action"]["card"] >> 2 for p in box["posted"]] == [27]  # Thousand (Q)
    assert not page.js_errors, page.js_errors


# ---------------------------------------------------------------- improving tiles (issue 26)

ROWS = """() => [...document.querySelectorAll('[data-testid=hints-discard]')].map((r) => {
  const imp = r.querySelector('[data-testid=hints-improving]');
  return {face: r.dataset.face, ready: r.dataset.ready === 'true', text: r.innerText,
          kinds: imp ? Number(imp.dataset.kinds) : null, unseen: imp ? Number(imp.dataset.unseen) : null,
          faces: imp ? [...imp.querySelectorAll('.hints__improving-face')]
            .map((f) => [f.dataset.face, f.querySelector('small').innerText]) : []};
})"""


def test_each_discard_shows_the_tiles_that_bring_it_nearer(live_server: LiveServer,
                                                           new_page: Any) -> None:
    """Issue 26, defect 6: an MCR hand one discard from ready (tests/mcr/test_hints.py checks
    the counts by hand). Each other discard shows its kinds and unseen tiles, with each face
    and its count, and the rows go fewest steps first, then most tiles: E (ready) first, then
    2s (6 kinds, 18 tiles) and 3s (5 kinds, 15); no row says only "1 step from ready"."""
    from tests.mcr.test_hints import _efficiency_position

    page = new_page(1280, 900)
    _serve(page, live_server.url, _efficiency_position(), "mcr")
    page.get_by_test_id("hints-discard").first.wait_for()
    page.get_by_test_id("hints").get_by_text("other discards").click()  # the rest, folded
    rows = page.evaluate(ROWS)
    assert [r["face"] for r in rows[:3]] == ["E", "2s", "3s"], rows
    assert rows[0]["ready"] and rows[0]["kinds"] is None
    two = rows[1]
    assert (two["kinds"], two["unseen"]) == (6, 18)
    assert two["faces"] == [["1s", "3"], ["2s", "3"], ["3s", "3"], ["4s", "3"], ["5s", "4"],
                            ["W", "2"]]
    assert "6 kinds, 18 tiles left" in two["text"]
    unseen = [r["unseen"] for r in rows[1:]]
    assert all(r["kinds"] for r in rows[1:]) and unseen == sorted(unseen, reverse=True), rows
    assert page.get_by_test_id("hints-win").count() == 0
    screenshot(page, "hints-improving", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})  # the faces wrap on a phone
    page.wait_for_timeout(300)
    assert not [e for e in overflowing(page) if "hints" in e], overflowing(page)
    assert not page.js_errors, page.js_errors


def test_a_win_on_offer_is_said_and_no_discard_is_listed(live_server: LiveServer,
                                                        new_page: Any) -> None:
    """Issue 26, defect 6: a self-drawn pure straight: the panel says a win is offered and
    lists no "keeps you ready" discard."""
    from tests.mcr.position import position

    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 5s"}, drawn="5s")
    page = new_page(1280, 900)
    _serve(page, live_server.url, state, "mcr")
    page.get_by_test_id("hints-win").wait_for()
    assert "Win" in page.get_by_test_id("hints-win").inner_text()
    assert page.get_by_test_id("hints-discard").count() == 0
    assert page.get_by_test_id("turn-win").is_visible()
    assert not page.js_errors, page.js_errors
