"""A concealed kong lies face down in the browser too (MCR-3.3, SC-4.3, NT-4.1): a match of
people only is played through the API until one seat declares a concealed kong, then the next
seat's page (opened from its join link) shows that kong as four backs with no face, and the
owner's page shows its faces. Sichuan draws the mahjong table, Nantong the long-card table.

Screenshots: tests/artifacts/face-down-<game>.png.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine import get_game
from engine.core.playout import hoarding_action

from .conftest import LiveServer

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SEED = 1
"""With every seat hoarding from this seed, a concealed kong comes within 50 decisions in both
games (Sichuan: seat 2 at the 46th, Nantong: seat 0 at the 29th)."""


def _play_to_a_concealed_kong(server: LiveServer, name: str) -> tuple[str, list[str], int]:
    """A match of people only, played by hoarding seats through the API until one declares a
    concealed kong: the match id, the seats' tokens and the kong's seat."""
    game = get_game(name)
    m = server.post_json("/api/matches", {"game": name, "seed": SEED,
                                       "seats": [{"kind": "human"}] * game.players})
    tokens = [s["token"] for s in m["seats"]]
    state, rng, version = game.new_deal(SEED), random.Random(SEED), 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = hoarding_action(game, state, seat, rng)
        server.post_json(f"/api/matches/{m['match_id']}/actions",
              {"action": action, "version": version}, tokens[seat])
        state, version = game.apply(state, seat, action), version + 1
        if action["type"] == "concealed_kong":
            return m["match_id"], tokens, seat
    pytest.fail(f"no concealed kong in {name}'s hoarding deal from seed {SEED}")


@pytest.mark.parametrize("name", ["sichuan", "nantong"])
def test_another_seats_concealed_kong_shows_four_backs(name: str, live_server: LiveServer,
                                                      new_page: Any) -> None:
    mid, tokens, owner = _play_to_a_concealed_kong(live_server, name)
    other = (owner + 1) % len(tokens)
    page = new_page(1280, 860)
    page.goto(f"{live_server.url}/#/join/{mid}/{tokens[other]}")
    down = page.get_by_test_id("face-down") if name == "sichuan" else \
        page.locator("[data-kind=concealed_kong]")
    down.first.wait_for()
    assert down.count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"face-down-{name}.png"))
    inner = down.first.evaluate("(el) => el.innerHTML")
    assert down.first.locator(".tile--back, .lcard--back").count() == 4, inner
    assert "<svg" not in inner, inner  # no face drawn
    assert page.js_errors == []
    # the owner sees its own kong: the faces between the two backs
    mine = new_page(1280, 860)
    mine.goto(f"{live_server.url}/#/join/{mid}/{tokens[owner]}")
    if name == "sichuan":
        mine.get_by_test_id("melds").first.wait_for()
        assert mine.get_by_test_id("face-down").count() == 0
    else:
        group = mine.locator("[data-kind=concealed_kong]").first
        group.wait_for()
        assert group.locator(".lcard--back").count() == 2
    assert mine.js_errors == []
