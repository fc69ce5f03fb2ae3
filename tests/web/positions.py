"""Real positions for browser tests: a turn of seat 0 reached by the engine (random moves from
fixed seeds), and a table opened on it with the page served that view and its legal actions in
place of the API."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engine import Game, get_game

Acts = list[dict[str, Any]]


def position(game: str, wanted: Callable[[dict[str, Any], Acts], bool],
             seeds: range = range(200)) -> tuple[Game, Any, int]:
    """The first turn of seat 0 (the dealer) where ``wanted`` holds, found by playing random
    moves from fixed seeds: the game, the state and its version."""
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
                return g, st, version
            st = g.apply(st, seat, rng.choice(acts))
    raise AssertionError(f"no such turn in {game}")


def claim(game: str, offered: set[str]) -> tuple[Game, Any, int]:
    """The first claim on seat 0 where exactly the ``offered`` answers are legal."""
    return position(game, lambda v, acts: v["phase"] == "claim"
                    and {a["type"] for a in acts} == offered)


def served(g: Game, st: Any, version: int) -> dict[str, Any]:
    """What the server would send seat 0 at ``st``: the match view and the legal actions."""
    view = g.view(st, 0)
    mid = f"turn-{g.name}"
    acts = g.legal_actions(st, 0) if 0 in g.to_act(st) else []
    return {"legal": {"match_id": mid, "version": version, "seat": 0, "actions": acts},
            "match": {"match_id": mid, "game": g.name, "version": version, "deal": 0,
                      "seat": 0, "seats": [{"seat": 0, "kind": "human", "level": None}]
                      + [{"seat": s, "kind": "ai", "level": "basic"} for s in range(1, g.players)],
                      "scores": [0] * g.players, "seed_hash": view["seed_hash"], "state": view}}


def turn_at(game: str, wanted: Callable[[dict[str, Any], Acts], bool],
            seeds: range = range(200)) -> dict[str, Any]:
    """``served`` at ``position``."""
    return served(*position(game, wanted, seeds))


def played(g: Game, st: Any, version: int, action: dict[str, Any]) -> tuple[Any, int]:
    """``st`` after seat 0 plays ``action`` and the others pass (or play their first legal
    action) until seat 0 is to act again or the deal is over: the state and its version."""
    st = g.apply(st, 0, action)
    version += 1
    while g.result(st) is None and 0 not in g.to_act(st):
        seat = g.to_act(st)[0]
        acts = g.legal_actions(st, seat)
        st = g.apply(st, seat, next((a for a in acts if a["type"] == "pass"), acts[0]))
        version += 1
    return st, version


def open_turn(page: Any, url: str, turn: dict[str, Any], lang: str = "en",
              prompt: str = "turn-hint", after: dict[str, Any] | None = None) -> str:
    """Open the table on ``turn`` (the API answered from it) and return its ``prompt``; with
    ``after``, the first action posted moves the served match there (and is answered with it)."""
    mid = turn["match"]["match_id"]
    now = [turn]

    def answer(route: Any) -> None:
        path = route.request.url.split("?")[0]
        if after is not None and route.request.method == "POST" and path.endswith("/actions"):
            now[0] = after
        body = now[0]["legal"] if path.endswith("/legal") else now[0]["match"]
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
