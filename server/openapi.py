"""Writes ``openapi/openapi.json`` (from the app) and ``openapi/ws-messages.json`` (the WebSocket
messages, which FastAPI leaves out of OpenAPI, as JSON Schema from the same pydantic models).

``python -m server.openapi`` regenerates both; a test fails when the committed files are stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from .models import AiTurn, AiWelcome, WsAction, WsError, WsSnapshot, WsSync, WsUpdate
from .settings import ROOT, Settings
from .ws_events import EVENTS, event_examples
from .ws_examples import ACTIONS, CLIENT_EXAMPLES, ERROR_EXAMPLES, action_schemas, example_deals

OUT = ROOT / "openapi"


def openapi_spec() -> dict[str, Any]:
    from .app import create_app

    app = create_app(Settings(database_url="sqlite://", ai_in_process=False))
    return app.openapi()


def _with_examples(schema: dict[str, Any], examples: dict[str, list[Any]]) -> dict[str, Any]:
    """``schema`` (a union's, its models in ``$defs``) with ``examples`` for each model."""
    for name, given in examples.items():
        schema["$defs"][name]["examples"] = given
    return schema


def ws_spec() -> dict[str, Any]:
    messages = example_deals()
    return {
        "title": "paiju WebSocket messages",
        "description": "WS /api/matches/{match_id}/ws?token=<seat token>: the server sends a "
                       "snapshot first, then an update after every change; the client may send "
                       "actions, and a sync, answered with a snapshot of the match as it is "
                       "now. Refused messages get an error, change nothing and leave the "
                       "connection open. A connection the server cannot serve is sent an error "
                       "and closed with 4000 + the error's HTTP status, the error's code as "
                       "reason: 4404 match/not_found, 4403 auth/bad_token, 4429 "
                       "ws/too_many_connections, 4503 db/unavailable (connect again after a "
                       "second): docs/bots.md. The examples of snapshot and update are a real "
                       "deal of each game (mcr, nantong, paohuzi, sichuan, in that order, then "
                       "sichuan with exchange_three: its exchange phase, then sichuan with "
                       "blood_mode river: from the first time seat 0 plays a locked hand) as "
                       "seat 0 sees it; "
                       "`actions` has every game's actions, `events` every game's events, "
                       "each with an example (docs/bots/<game>.md explains them).",
        "client_to_server": _with_examples(TypeAdapter(WsAction | WsSync).json_schema(),
                                           {"WsAction": CLIENT_EXAMPLES[:-1],
                                            "WsSync": CLIENT_EXAMPLES[-1:]}),
        "server_to_client": _with_examples(
            TypeAdapter(WsSnapshot | WsUpdate | WsError).json_schema(),
            {"WsSnapshot": [m[0] for m in messages],
             "WsUpdate": [m[1] for m in messages], "WsError": ERROR_EXAMPLES}),
        "actions": {
            "description": "Every game's actions, each with an example: the `action` of a "
                           "client's message. `legal` lists the seat's actions complete (card "
                           "ids filled in): send one as it is. docs/bots/<game>.md explains "
                           "each.",
            **{game: action_schemas(game) for game in sorted(ACTIONS)}},
        "events": {
            "description": "Every game's event types, each with an example made by the engine: "
                           "an entry of a view's `events` (the snapshot's `match.state.events`, "
                           "an update's `events`). `example` is the event as its own seat sees "
                           "it (seat 0's view of an event of no seat: every seat sees its own "
                           "alike), `others` as the next seat sees it, only where that differs "
                           "(another seat's draw has no `card`; each seat's `deal` has its own "
                           "dealt `hand`). `source`: the deal it comes from, by seed and house "
                           "rules, or a stacked deal for an event too rare to be dealt. "
                           "docs/bots/<game>.md explains each.",
            **{game: event_examples(game) for game in sorted(EVENTS)}},
        "ai_feed": {
            "description": "WS /api/ai/feed?capacity=<n> with 'Authorization: Bearer <AI service "
                           "key>', for AI services (docs/ai-service.md): a welcome, then a turn "
                           "whenever an AI seat must act, at most `capacity` held at once (a "
                           "turn's slot comes free when its match moves on or its lease "
                           "lapses). A missing or wrong key: the upgrade is refused with HTTP "
                           "401 and an auth/bad_key error body. The service sends nothing; "
                           "POST /api/ai/turns is the same feed as a long poll.",
            "server_to_client": TypeAdapter(AiWelcome | AiTurn).json_schema(),
        },
    }


def render(spec: dict[str, Any]) -> str:
    return json.dumps(spec, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def files() -> dict[Path, str]:
    return {OUT / "openapi.json": render(openapi_spec()),
            OUT / "ws-messages.json": render(ws_spec())}


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for path, text in files().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
