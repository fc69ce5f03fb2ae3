"""The WebSocket protocol: snapshot first, updates after every change, actions in, clear errors
for bad messages (which change nothing), and the example bot playing a whole deal."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.settings import ROOT

from .conftest import auth, new_match


def test_snapshot_then_updates_and_actions(client: TestClient) -> None:
    m = new_match(client)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[1]}") as ws:
        snap = ws.receive_json()
        assert snap["type"] == "snapshot" and snap["match"]["version"] == 0
        assert snap["match"]["seat"] == 1 and len(snap["legal"]) == 3
        # another seat acts over REST: this socket gets the update with the new public events
        client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[0]),
                    json={"action": {"type": "declare_missing", "suit": "m"}, "version": 0})
        upd = ws.receive_json()
        assert upd["type"] == "update" and upd["match"]["version"] == 1
        assert upd["events"] == [{"type": "declared", "seat": 0}]
        assert upd["events_from"] == len(snap["match"]["state"]["events"])
        assert "events" not in upd["match"]["state"]  # the log is the client's to extend
        # and acts itself over the socket
        ws.send_json({"action": {"type": "declare_missing", "suit": "p"}, "version": 1})
        upd = ws.receive_json()
        assert upd["match"]["version"] == 2 and upd["legal"] == []
        assert upd["match"]["state"]["players"][1]["missing_suit"] == "p"


def test_updates_extend_the_clients_event_log_to_the_servers(client: TestClient) -> None:
    """Snapshot, then updates merged by ``events_from``: after every change (a whole deal, then
    the next deal, which starts the log again) the client's log is exactly the one a GET of the
    view shows, though no update resends it."""
    import random

    from server.ws import merge_events

    m = new_match(client, seed=3)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    rng = random.Random(3)
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[2]}") as ws:
        log = ws.receive_json()["match"]["state"]["events"]
        for step in range(400):
            view = client.get(f"/api/matches/{mid}", headers=auth(tokens[2])).json()
            if view["state"]["result"] is not None:
                if view["deal"] == 1:
                    break
                client.post(f"/api/matches/{mid}/next-deal", headers=auth(tokens[0]))
            else:
                acted = False
                for seat, token in enumerate(tokens):
                    legal = client.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
                    if legal["actions"]:
                        r = client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                                        json={"action": rng.choice(legal["actions"]),
                                              "version": view["version"]})
                        assert r.status_code == 200, (seat, r.text)
                        acted = True
                        break
                assert acted
            upd = ws.receive_json()
            assert upd["type"] == "update" and "events" not in upd["match"]["state"]
            log = merge_events(log, upd)
            expected = client.get(f"/api/matches/{mid}", headers=auth(tokens[2])).json()
            assert upd["match"]["version"] == expected["version"]
            assert log == expected["state"]["events"], step
        else:
            pytest.fail("two deals did not end in 400 changes")


def test_spectator_and_refused_connections(client: TestClient) -> None:
    m = new_match(client)
    mid = m["match_id"]
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        snap = ws.receive_json()
        assert snap["match"]["seat"] is None and snap["legal"] == []
        assert all(p["hand"] is None for p in snap["match"]["state"]["players"])
        ws.send_json({"action": {"type": "declare_missing", "suit": "m"}, "version": 0})
        assert ws.receive_json()["error"]["code"] == "auth/missing_token"
    for url, code in ((f"/api/matches/{mid}/ws?token=wrong", "auth/bad_token"),
                      ("/api/matches/nope/ws", "match/not_found")):
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["error"]["code"] == code
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_example_bot_plays_a_whole_deal(live_server: str) -> None:
    """examples/bot.py (the one docs/bots.md walks through) plays a full deal and exits."""
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "bot.py"), "--server",
                          live_server, "--seed", "21"], capture_output=True, text=True,
                         timeout=120, check=True)
    result = json.loads(out.stdout)
    assert sum(result["deltas"]) == 0 and len(result["deltas"]) == 4


def test_connections_per_token_are_limited(client: TestClient) -> None:
    from contextlib import ExitStack

    limit = client.app.state.settings.ws_connections_per_token  # type: ignore[attr-defined]
    m = new_match(client)
    mid, token = m["match_id"], m["seats"][0]["token"]
    with ExitStack() as stack:
        for _ in range(limit):
            ws = stack.enter_context(client.websocket_connect(f"/api/matches/{mid}/ws?token={token}"))
            assert ws.receive_json()["type"] == "snapshot"
        with client.websocket_connect(f"/api/matches/{mid}/ws?token={token}") as extra:
            assert extra.receive_json()["error"]["code"] == "ws/too_many_connections"
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={token}") as ws:
        assert ws.receive_json()["type"] == "snapshot"  # closed sockets free their places
