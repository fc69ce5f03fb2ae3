"""Real positions for browser tests: a turn of seat 0 reached by the engine (random moves from
fixed seeds), and a table opened on it with the page served that view and its legal actions in
place of the API."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engine import get_game

Acts = list[dict[str, Any]]


def turn_at(game: str, wanted: Callable[[dict[str, Any], Acts], bool],
            seeds: range = range(200)) -> dict[str, Any]:
    """The first turn of seat 0 (the dealer) where ``wanted`` holds, found by playing random
    moves from fixed seeds: the match view and the legal actions the server would send."""
    g = get_game(game)
    for seed in seeds:
        rng = random.Random(seed)
        st = g.new_deal(seed, 0)
        for version in range(400):
            if g.result(st) is not None:
                break
            seat = g.to_act(st)[0]
            acts = g.legal_actions(st, seat)
            view = g.view(st, 0)
            if seat == 0 and view["to_act"] and wanted(view, acts):
                mid = f"turn-{game}"
                return {"legal": {"match_id": mid, "version": version, "seat": 0, "actions": acts},
                        "match": {"match_id": mid, "game": game, "version": version, "deal": 0,
                                  "seat": 0, "seats": [{"seat": 0, "kind": "human", "level": None}]
                                  + [{"seat": s, "kind": "ai", "level": "basic"}
                                     for s in range(1, g.players)],
                                  "scores": [0] * g.players, "seed_hash": view["seed_hash"],
                                  "state": view}}
            st = g.apply(st, seat, rng.choice(acts))
    raise AssertionError(f"no such turn in {game}")


def open_turn(page: Any, url: str, turn: dict[str, Any], lang: str = "en",
              prompt: str = "turn-hint") -> str:
    """Open the table on ``turn`` (the API answered from it) and return its ``prompt``."""
    mid = turn["match"]["match_id"]

    def answer(route: Any) -> None:
        body = turn["legal"] if route.request.url.split("?")[0].endswith("/legal") else turn["match"]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route_web_socket("**/ws*", lambda ws: ws.close())
    page.route(f"**/api/matches/{mid}**", answer)
    page.goto(url + "/")
    page.evaluate("""([m, lang]) => {
        localStorage.setItem('paiju.current', JSON.stringify({match_id: m.match_id, token: 'fixture', game: m.game}));
        localStorage.setItem('paiju.lang', lang);
    }""", [turn["match"], lang])
    page.reload()
    hint = page.get_by_test_id(prompt)
    hint.wait_for(timeout=20_000)
    return hint.inner_text()
