"""The arena under house-rule options (rules/options.md OPT-0): ``--options`` deals every deal
under them, in-process and through the server for ``ws`` seats; bad ones stop it (exit 2)."""

from __future__ import annotations

import asyncio
import io
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from ai import arena_ws
from ai.arena import BotStats, arena_policies, play_deal, run
from ai.arena_ws import run_ws
from engine import get_game
from server.app import serving
from server.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import bot  # examples/bot.py, the documented bot

NO_FLOWERS = {"flowers": False, "prevailing_wind": "rotate", "min_points": 1}
RESOLVED = {"flowers": False, "min_points": 1, "prevailing_wind": "rotate"}


def spy(seen: list[dict[str, Any]]) -> Any:
    """A policy that plays like ``random`` and keeps every view's options and wall."""
    inner = arena_policies()["mcr"]["random"]

    def policy(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> Any:
        seen.append({"options": view["options"], "wall": view["wall_remaining"]})
        return inner(view, legal, rng)
    return policy


def test_in_process_deals_are_dealt_under_the_options() -> None:
    """OPT-0.2, OPT-MCR-1: the arena's deal is dealt under its options (136 tiles without
    flowers) and every view it gives a bot carries them."""
    seen: list[dict[str, Any]] = []
    policies = {"mcr": {"spy": spy(seen)}}
    play_deal("mcr", ["spy"] * 4, 3, "t", defaultdict(BotStats), policies, NO_FLOWERS)
    assert seen and all(s["options"] == RESOLVED for s in seen)
    assert seen[0]["wall"] == 136 - 4 * 13 - 1
    seen.clear()
    play_deal("mcr", ["spy"] * 4, 3, "t", defaultdict(BotStats), policies)
    assert all(s["options"]["flowers"] is True for s in seen)


def test_run_reports_its_options_and_they_change_the_deals() -> None:
    seats = ["basic", "random", "random", "random"]
    plain = run("mcr", seats, deals=1, seed=2)
    house = run("mcr", seats, deals=1, seed=2, options=NO_FLOWERS)
    assert plain["options"] == {"flowers": True, "min_points": 8, "prevailing_wind": "east"}
    assert house["options"] == RESOLVED and house["bots"] != plain["bots"]
    assert run("nantong", ["random"] * 3, deals=1, seed=2)["options"] == {}


def test_cli_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``--options JSON``; not JSON, not an object, or options the game refuses: exit 2 and
    why (the key)."""
    base = ["arena", "--game", "mcr", "--seats", "random,random,random,random", "--deals", "1"]
    assert main([*base, "--json", "--options", '{"flowers": false}']) == 0
    assert json.loads(capsys.readouterr().out)["options"]["flowers"] is False
    assert main([*base, "--options", '{"flowers": fals']) == 2
    assert "--options is not JSON" in capsys.readouterr().err
    for bad, key in (('{"jokers": 1}', "jokers"), ('{"min_points": 99}', "min_points"),
                     ("[1]", "JSON object")):
        assert main([*base, "--options", bad]) == 2
        assert key in capsys.readouterr().err
    assert main(["arena", "--game", "nantong", "--seats", "ws,random,random",
                 "--deals", "1", "--options", '{"flowers": false}']) == 2
    assert "'flowers'" in capsys.readouterr().err


def ws_arena(game: str, seats: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One shuffle of the ws arena on a real server, its ``ws`` seat played by the example bot
    (examples/bot.py) through the join lines the arena announces; the arena's report."""
    async def scenario() -> dict[str, Any]:
        lines: asyncio.Queue[str | None] = asyncio.Queue()

        async def feed() -> int:
            played = 0
            while (line := await lines.get()) is not None:
                played += await bot.arena([line], io.StringIO(), seed=1)
            return played

        player = asyncio.create_task(feed())
        report = await run_ws(game, seats, 1, seed,
                              lambda line: lines.put_nowait(json.dumps(line) + "\n"),
                              serving, timeout=120, options=options)
        lines.put_nowait(None)
        assert await player == len(seats)
        return report

    return asyncio.run(asyncio.wait_for(scenario(), 300))


def test_ws_arena_creates_its_matches_with_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ws arena creates each match through the API with ``options``: the views the
    server gives the arena's own seats carry them, and the deal is dealt under them."""
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(arena_ws, "arena_policies",
                        lambda strong=None: {"mcr": {"random": spy(seen)}})

    report = ws_arena("mcr", ["ws", "random", "random", "random"], 4, NO_FLOWERS)
    assert report["options"] == RESOLVED and report["bots"]["ws"]["deals"] == 4
    assert seen and all(s["options"] == RESOLVED for s in seen)
    assert max(s["wall"] for s in seen) <= 136 - 4 * 13 - 1


def test_win_and_deal_in_rates_count_each_deal_once_in_blood_river() -> None:
    """OPT-SC-2.5: in Blood River a seat may win several times in a deal (and deal in to
    several winners); the arena's rates stay shares of deals, never above 100%."""
    river = {"blood_mode": "river", "exchange_three": "random"}
    report = run("sichuan", ["basic", "random", "random", "random"], deals=3, seed=2028,
                 options=river)
    bots = report["bots"]
    for b in bots.values():
        assert 0 <= b["win_rate"] <= 1 and 0 <= b["deal_in_rate"] <= 1, b
    assert bots["basic"]["win_rate"] > 0.5


POPULAR = {
    "sichuan": {"exchange_three": "random", "blood_mode": "river", "call_transfer": "on",
                "extra_fans": ["menqing_zhongzhang", "tian_di_hu", "gang_shang_pao"]},
    "paohuzi": {"mingtang": "full", "xing": "turn", "self_draw_bonus": "tun",
                "pao": "mandatory", "min_huxi": 10},
}


@pytest.mark.parametrize("game", sorted(POPULAR))
def test_the_documented_bot_plays_house_rules_over_the_websocket(game: str) -> None:
    """Each option end to end over the WebSocket (OPT-SC-1, OPT-SC-2, OPT-SC-6, OPT-SC-7,
    OPT-PH-3, OPT-PH-5): the example bot (examples/bot.py, written from docs/bots.md) plays a
    shuffle in every seat of a real server's matches under the options, exchange and locked
    hands included, and the server refuses none of its actions."""
    seats = ["ws"] + ["basic"] * (get_game(game).players - 1)
    report = ws_arena(game, seats, 11, POPULAR[game])
    ws = report["bots"]["ws"]
    assert ws["deals"] == len(seats) and ws["illegal_actions"] == 0, ws
    assert all(report["options"][k] == v for k, v in POPULAR[game].items())
