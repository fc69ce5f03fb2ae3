"""JSON that broke the server (issue 22, item 4): nesting ~1,000 levels deep (RecursionError), a
lone surrogate such as "\\ud800" (which no UTF-8 answer can echo) and, on the WebSocket, a binary
frame (KeyError). Over HTTP each is a 400 with its code; on a WebSocket an error message, and
the socket stays open and plays on. Nothing changes the match."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from server.jsonin import MAX_DEPTH

from .conftest import auth, new_match

DEEP = "[" * 1000 + "]" * 1000
"""About where the standard parser's recursion gave out."""
DEEPEST = "[" * 3000 + "]" * 3000
"""Beyond orjson's own limit (1,024)."""
JUST_TOO_DEEP = "[" * MAX_DEPTH + "]" * MAX_DEPTH  # inside an object: one level more

BAD_BODIES = [
    ('{"game": "\\ud800"}', "request/malformed_json"),
    ('{"action": {"type": "\\ud800"}, "version": 0}', "request/malformed_json"),
    ('{"action": {"type": "discard", "card": "\\udfff\\ud800"}, "version": 0}',
     "request/malformed_json"),
    ('{"game": "sichuan", "seed": NaN}', "request/malformed_json"),
    (DEEP, "request/too_deep"),
    (DEEPEST, "request/too_deep"),
    ('{"action": {"type": "x", "a": ' + DEEP + '}, "version": 0}', "request/too_deep"),
    ('{"action": {"type": "x", "a": ' + JUST_TOO_DEEP + '}, "version": 0}', "request/too_deep"),
]
ROUTES = ["/api/matches", "/api/matches/{mid}/actions", "/api/matches/{mid}/next-deal",
          "/api/games/sichuan/score", "/api/games/chess/score"]


def error_code(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    return str(body["error"]["code"])


@pytest.mark.parametrize(("body", "code"), BAD_BODIES)
def test_bad_json_bodies_are_a_400_with_their_code(client: TestClient, body: str,
                                                   code: str) -> None:
    m = new_match(client)
    mid, token = m["match_id"], m["seats"][0]["token"]
    headers = {"content-type": "application/json", **auth(token)}
    for route in ROUTES:
        r = client.post(route.format(mid=mid), content=body.encode(), headers=headers)
        assert r.status_code == 400 and error_code(r) == code, (route, r.text[:200])
    assert client.get(f"/api/matches/{mid}").json()["version"] == 0


def test_what_is_json_is_read_as_before(client: TestClient) -> None:
    """Nesting up to the limit, a surrogate pair (an emoji), a NUL escape: all plain JSON."""
    m = new_match(client)
    mid, token = m["match_id"], m["seats"][0]["token"]
    headers = {"content-type": "application/json", **auth(token)}
    deep_enough = "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2)
    body = '{"action": {"type": "x\\u0000\\ud83d\\ude00", "a": ' + deep_enough + '}, "version": 0}'
    r = client.post(f"/api/matches/{mid}/actions", content=body.encode(), headers=headers)
    assert r.status_code == 422 and error_code(r) == "action/illegal"
    assert "x\x00😀" in r.json()["error"]["message"]
    r = client.post("/api/matches", content=b'{"game": "\\ud83c\\udc04"}',
                    headers=headers)
    assert r.status_code == 404 and "🀄" in r.json()["error"]["message"]


WS_BAD = [
    ("not json", "request/malformed_json"),
    (json.dumps([1, 2]), "request/invalid"),
    (json.dumps({"action": {"type": "declare_missing", "suit": "m"}}), "request/invalid"),
    (json.dumps({"action": {"type": "declare_missing", "suit": "m"}, "version": "0"}),
     "request/invalid"),
    (json.dumps({"action": {"type": "fly"}, "version": 0}), "action/illegal"),
    (json.dumps({"action": {"type": "declare_missing", "suit": "m"}, "version": 5}),
     "action/stale_version"),
    (json.dumps({"action": {"type": "x", "pad": "y" * 9000}, "version": 0}), "request/too_large"),
    ('{"action": {"type": "\\ud800"}, "version": 0}', "request/malformed_json"),
    ('{"action": {"type": "declare_missing", "suit": "\\udc00"}, "version": 0}',
     "request/malformed_json"),
    ('{"action": {"type": "x", "a": ' + DEEP + '}, "version": 0}', "request/too_deep"),
    (DEEPEST[:2900] + DEEPEST[-2900:], "request/too_deep"),
]


@pytest.mark.parametrize(("message", "code"), WS_BAD)
def test_bad_messages_get_an_error_change_nothing_and_the_socket_plays_on(
        client: TestClient, message: str, code: str) -> None:
    m = new_match(client)
    mid, token = m["match_id"], m["seats"][0]["token"]
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={token}") as ws:
        ws.receive_json()
        ws.send_text(message)
        err = ws.receive_json()
        assert err["type"] == "error" and err["error"]["code"] == code, err
        for frame in (b'{"action": {"type": "declare_missing", "suit": "m"}, "version": 0}',
                      b'{"type": "sync"}'):  # short ones too: a sync is only ever text
            ws.send_bytes(frame)
            err = ws.receive_json()
            assert err["type"] == "error" and err["error"]["code"] == "ws/binary_frame", err
        assert client.get(f"/api/matches/{mid}").json()["version"] == 0
        ws.send_json({"action": {"type": "declare_missing", "suit": "m"}, "version": 0})
        upd = ws.receive_json()
        assert upd["type"] == "update" and upd["match"]["version"] == 1


def test_a_real_socket_survives_every_bad_frame(live_server: str) -> None:
    """Over a real connection (uvicorn, the websockets client): a binary frame, deep JSON and
    lone surrogates each get an error, and the same connection then plays an action; each of
    them used to close it with 1006 and no error."""
    import httpx

    seats = [{"kind": "human"}] * 4
    m = httpx.post(f"{live_server}/api/matches",
                   json={"game": "sichuan", "seed": 3, "seats": seats}).json()
    url = live_server.replace("http", "ws", 1)
    with connect(f"{url}/api/matches/{m['match_id']}/ws?token={m['seats'][0]['token']}",
                 open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
        frames: list[str | bytes] = [
            b"\x00\x01binary", b'{"action": {"type": "declare_missing", "suit": "m"}}',
            '{"action": {"type": "\\ud800"}, "version": 0}', DEEP,
            '{"action": {"type": "x", "a": ' + DEEP + '}, "version": 0}', "[" * 4000]
        codes = ["ws/binary_frame", "ws/binary_frame", "request/malformed_json",
                 "request/too_deep", "request/too_deep", "request/too_deep"]
        for frame, code in zip(frames, codes, strict=True):
            ws.send(frame)
            err = json.loads(ws.recv(timeout=10))
            assert err["type"] == "error" and err["error"]["code"] == code, (frame[:20], err)
        ws.send(json.dumps({"action": {"type": "declare_missing", "suit": "m"}, "version": 0}))
        upd = json.loads(ws.recv(timeout=10))
        assert upd["type"] == "update" and upd["match"]["version"] == 1
