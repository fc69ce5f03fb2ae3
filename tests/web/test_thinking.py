"""The "thinking" mark (issue 26): the AI seat that is to act shows it on its seat panel, named
for screen readers ("Right is thinking") in the page's language; no other seat shows it, nor a
seat of a person. The table is a fixed mid-deal view served in place of the API (the AI of the
test server plays at once, too fast to be seen reliably).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import get_game

from .conftest import LiveServer
from .probe import screenshot

LABELS = {"en": "Right is thinking", "fr": "Droite réfléchit", "zh": "下家正在决定"}


def _ai_to_play(name: str) -> dict[str, Any]:
    """The match view seat 0 gets when seat 1 (the seat on its right, an AI) is to play."""
    g = get_game(name)
    state, rng = g.new_deal(3), random.Random(3)
    while seats := g.to_act(state):
        if seats == [1] and g.view(state, 0)["phase"] == "play":
            view = g.view(state, 0)
            return {"match_id": f"thinking-{name}", "game": name, "version": 5, "deal": 0,
                    "seat": 0,
                    "seats": [{"seat": 0, "kind": "human", "level": None}]
                    + [{"seat": s, "kind": "ai", "level": "basic"} for s in range(1, g.players)],
                    "scores": [0] * g.players, "seed_hash": view["seed_hash"], "state": view}
        state = g.apply(state, seats[0], rng.choice(g.legal_actions(state, seats[0])))
    raise AssertionError(f"{name}: seat 1 never came to play")


@pytest.mark.parametrize("name", ["mcr", "paohuzi"])
def test_the_ai_to_act_shows_it_is_thinking(live_server: LiveServer, new_page: Any,
                                            name: str) -> None:
    match = _ai_to_play(name)
    body = json.dumps(match)
    legal = json.dumps({"version": 5, "actions": []})
    page = new_page(1280, 800)
    page.route_web_socket("**/ws*", lambda ws: ws.close())
    page.route(f"**/api/matches/{match['match_id']}**", lambda route: route.fulfill(
        status=200, content_type="application/json",
        body=legal if route.request.url.endswith("/legal") else body))
    page.goto(live_server.url + "/")
    page.evaluate("""(m) => localStorage.setItem('paiju.current',
        JSON.stringify({match_id: m.match_id, token: 'fixture', game: m.game}))""", match)
    page.reload()
    page.get_by_test_id("table").wait_for()
    for lang, label in LABELS.items():
        page.get_by_test_id("language").select_option(lang)
        page.wait_for_function("(l) => [...document.querySelectorAll('[data-testid=thinking]')]"
                               ".some((m) => m.getAttribute('aria-label') === l)", arg=label)
        assert page.locator("[data-testid=thinking]").count() == 1
        mark = page.locator("[data-testid=seat][data-seat='1'] [data-testid=thinking]")
        assert mark.is_visible()
        assert mark.get_attribute("role") == "img"
        assert mark.inner_text().strip()  # a visible word beside the dots
        assert page.get_by_role("img", name=label).count() == 1
    page.get_by_test_id("language").select_option("en")
    screenshot(page, f"thinking-{name}")
    assert not page.js_errors, page.js_errors
