"""No route leaks a concealed kong (MCR-3.3, SC-4.3, NT-4.1): a match of people only is played
through the API by hoarding seats until one declares a concealed kong, and then not one of its
ids reaches another seat or a spectator through anything the API serves: the seat's view, the
WebSocket's snapshot and the update that announced the kong, the hints, the log and the replay
(refused while the deal is played). Its owner sees it; once the deal is over, everybody does."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine import get_game
from engine.core.playout import hoarding_action

from .conftest import auth

SEED = 1
"""Hoarding from this seed, a concealed kong comes within 50 decisions in both games."""


def card_ids(node: object) -> set[int]:
    """Every card id in a JSON value: the ints under ``id`` and ``card``, and in ``cards``."""
    out: set[int] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("id", "card") and type(value) is int:
                out.add(value)
            elif key == "cards" and isinstance(value, list):
                out.update(v for v in value if type(v) is int)
            out |= card_ids(value)
    elif isinstance(node, list):
        for item in node:
            out |= card_ids(item)
    return out


def served(client: TestClient, mid: str, token: str | None) -> dict[str, Any]:
    """Everything a REST client with ``token`` (None: a spectator) can read of the match."""
    h = auth(token) if token else {}
    out = {"view": client.get(f"/api/matches/{mid}", headers=h).json(),
           "log": client.get(f"/api/matches/{mid}/log").json()}
    replay = client.get(f"/api/matches/{mid}/deals/0/replay")
    out["replay"] = replay.json()
    if token:
        out["hints"] = client.get(f"/api/matches/{mid}/hints", headers=h).json()
        out["legal"] = client.get(f"/api/matches/{mid}/legal", headers=h).json()
    return out


@pytest.mark.parametrize("name", ["sichuan", "nantong"])
def test_no_route_shows_another_seats_concealed_kong(client: TestClient, name: str) -> None:
    game = get_game(name)
    m = client.post("/api/matches", json={"game": name, "seed": SEED,
                                          "seats": [{"kind": "human"}] * game.players}).json()
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    state, rng = game.new_deal(SEED), random.Random(SEED)
    kong: dict[str, Any] | None = None
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[0]}") as ws, \
            client.websocket_connect(f"/api/matches/{mid}/ws") as spectator:
        sockets = [ws.receive_json(), spectator.receive_json()]
        while kong is None:
            seat = game.to_act(state)[0]
            action = hoarding_action(game, state, seat, rng)
            r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[seat]),
                            json={"action": action, "version": len(sockets) // 2 - 1})
            assert r.status_code == 200, r.text
            state = game.apply(state, seat, action)
            sockets += [ws.receive_json(), spectator.receive_json()]
            if action["type"] == "concealed_kong":
                kong, owner = action, seat
    assert kong is not None
    ids = set(kong["cards"])
    others = [s for s in range(game.players) if s != owner]
    assert served(client, mid, None)["replay"]["error"]["code"] == "deal/in_progress"
    for viewer in [*others, None]:
        got = served(client, mid, tokens[viewer] if viewer is not None else None)
        assert not ids & card_ids(got), f"seat {viewer} is served an id of seat {owner}'s kong"
    socket_seen = sockets if owner != 0 else sockets[1::2]  # seat 0's own socket may see it
    assert not ids & card_ids(socket_seen), "a socket was sent an id of another seat's kong"
    assert ids <= card_ids(served(client, mid, tokens[owner])["view"])  # its owner sees it
    version = len(sockets) // 2 - 1
    while game.to_act(state):  # to the end of the deal, when every kong is turned up
        seat = game.to_act(state)[0]
        action = hoarding_action(game, state, seat, rng)
        r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[seat]),
                        json={"action": action, "version": version})
        assert r.status_code == 200, r.text
        state, version = game.apply(state, seat, action), version + 1
    assert ids <= card_ids(served(client, mid, None)["view"])
