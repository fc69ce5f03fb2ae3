"""Refused actions counted per seat (issue 27): every action of a seat that the rules refuse
while the deal is played (illegal, not its turn, malformed), over REST or the WebSocket, is
counted, and the match log shows the counts once the deal is over (as it shows its actions);
a stale action, a request that is not an action at all, and an action after the deal's end
are not counted. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import auth, new_match


def _post(client: TestClient, mid: str, token: str, action: Any, version: int) -> str:
    """The answer's error code ("ok" when the action landed)."""
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                    json={"action": action, "version": version})
    return "ok" if r.status_code == 200 else str(r.json()["error"]["code"])


def _refused(client: TestClient, mid: str) -> list[int] | None:
    log = client.get(f"/api/matches/{mid}/log")
    assert log.status_code == 200, log.text
    return log.json()["deals"][0]["refused"]  # type: ignore[no-any-return]


def _play_out(client: TestClient, mid: str, tokens: list[str]) -> int:
    """Play the deal to its end over REST (a win whenever there is one, else the last legal
    action); the version at its end."""
    for _ in range(1000):
        for token in tokens:
            legal = client.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
            if legal["actions"]:
                action = next((a for a in legal["actions"] if a["type"] == "win"),
                              legal["actions"][-1])
                assert _post(client, mid, token, action, legal["version"]) == "ok"
                break
        else:
            view = client.get(f"/api/matches/{mid}").json()
            assert view["state"]["result"] is not None
            return int(view["version"])
    raise AssertionError("the deal did not end")


def test_refused_actions_are_counted_per_seat_and_logged_once_the_deal_is_over(
        client: TestClient) -> None:
    m = new_match(client, seed=7)  # Sichuan, four human seats, seat 3 deals
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    # seat 0 over REST: an illegal action and a malformed one
    assert _post(client, mid, tokens[0], {"type": "discard", "card": 0}, 0) == "action/illegal"
    assert _post(client, mid, tokens[0], {"type": "discard"}, 0) == "action/malformed"
    # seat 1 over its socket: an illegal action
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[1]}") as ws:
        ws.receive_json()
        ws.send_json({"action": {"type": "win"}, "version": 0})
        assert ws.receive_json()["error"]["code"] == "action/illegal"
    # not counted: a stale action, and a request that is no action
    assert _post(client, mid, tokens[2], {"type": "declare_missing", "suit": "m"},
                 5) == "action/stale_version"
    assert _post(client, mid, tokens[2], {"type": 3}, 0) == "request/invalid"
    assert _refused(client, mid) is None  # the deal is being played
    for seat, token in enumerate(tokens):
        assert _post(client, mid, token, {"type": "declare_missing", "suit": "m"}, seat) == "ok"
    # the dealer (seat 3) is to discard: seat 1 is not to act
    assert _post(client, mid, tokens[1], {"type": "discard", "card": 0},
                 4) == "action/not_your_turn"
    end = _play_out(client, mid, tokens)
    assert _refused(client, mid) == [2, 2, 0, 0]
    # the deal is over: an action now is no part of it, and counts nothing
    assert _post(client, mid, tokens[0], {"type": "pass"}, end) == "action/game_over"
    assert _refused(client, mid) == [2, 2, 0, 0]
