"""The arena's ``ws`` seat: an external bot joins each deal over the WebSocket protocol
(docs/bots.md) and the arena plays the other seats on the server it started."""

from __future__ import annotations

import asyncio
import io
import json
import random
import sys
from pathlib import Path

import pytest

from ai.arena import render, run
from ai.arena_ws import run_ws
from server.app import serving

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import bot  # examples/bot.py, the documented bot


def test_a_websocket_bot_plays_arena_deals() -> None:
    """examples/bot.py plays the ws seat of every rotation of one shuffle; the arena's own
    seats are measured as in-process, and every deal settles to zero."""

    async def scenario() -> tuple[dict, list[dict], int]:
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        joins: list[dict] = []

        def announce(line: dict) -> None:
            joins.append(line["join"])
            lines.put_nowait(json.dumps(line) + "\n")

        async def feed() -> int:  # the bot side of the pipe: join lines in, deals played
            played = 0
            while (line := await lines.get()) is not None:
                played += await bot.arena([line], io.StringIO(), seed=1)
            return played

        player = asyncio.create_task(feed())
        report = await run_ws("sichuan", ["ws", "basic", "random", "basic"], 1, 4, announce,
                              serving, timeout=60)
        lines.put_nowait(None)
        return report, joins, await player

    report, joins, played = asyncio.run(asyncio.wait_for(scenario(), 240))
    assert played == len(joins) == 4
    assert [j["seat"] for j in joins] == [0, 3, 2, 1]  # the ws seat rotates like any bot
    assert all(j["ws"].startswith("ws://127.0.0.1:") and j["token"] in j["ws"] for j in joins)
    bots = report["bots"]
    assert bots["ws"]["deals"] == 4 and bots["basic"]["deals"] == 8 and bots["random"]["deals"] == 4
    assert bots["basic"]["illegal_actions"] == 0 and bots["basic"]["decisions"] > 0
    total = sum(b["mean_score"] * b["deals"] for b in bots.values())
    assert abs(total) < 0.01
    assert set(report["differences"]) == {"ws-basic", "ws-random", "basic-random"}


def test_bot_passes_other_lines_through() -> None:
    out = io.StringIO()
    assert asyncio.run(bot.arena(["report line\n", "{\"x\": 1}\n"], out, seed=None)) == 0
    assert out.getvalue() == "report line\n{\"x\": 1}\n"


def test_ws_seat_needs_the_ws_arena() -> None:
    with pytest.raises(ValueError, match="unknown level 'ws'"):
        run("sichuan", ["ws", "basic", "basic", "basic"], 1, 1)
    with pytest.raises(ValueError, match="no 'ws' seat"):
        asyncio.run(run_ws("sichuan", ["basic"] * 4, 1, 1, lambda _: None, serving))


def test_cli_piped_into_the_example_bot() -> None:
    """The documented command line: the arena's join lines piped into examples/bot.py --arena,
    which passes the final report through."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    arena = subprocess.Popen([sys.executable, "-m", "server.cli", "arena", "--game", "paohuzi",
                              "--seats", "basic,ws,random", "--deals", "1", "--seed", "3",
                              "--json", "--ws-timeout", "60"],
                             cwd=root, stdout=subprocess.PIPE)
    player = subprocess.run([sys.executable, "examples/bot.py", "--arena", "--seed", "2"],
                            cwd=root, stdin=arena.stdout, capture_output=True, text=True,
                            timeout=240, check=False)
    assert arena.wait(timeout=60) == 0 and player.returncode == 0, player.stderr
    report = json.loads(player.stdout)
    assert report["bots"]["ws"]["deals"] == 3 and report["seats"] == ["basic", "ws", "random"]


def test_the_bot_sends_a_rate_limited_action_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against AI seats that answer at once a bot is asked for more actions a second than a
    connection may send: the refused action is sent again (docs/bots.md), and the deal ends
    (a bot that waited for an update instead would wait forever)."""
    import server.ws

    monkeypatch.setattr(server.ws, "RATE", 4.0)  # the same limit, met sooner (at 10 a slow run
    # of the whole suite once never met it)
    refused: list[str] = []
    error = server.ws._error

    def counted(code: str, message: str) -> dict:
        refused.append(code)
        return error(code, message)

    monkeypatch.setattr(server.ws, "_error", counted)

    async def scenario() -> int:
        tasks: list[asyncio.Future[int]] = []

        def announce(line: dict) -> None:  # each deal's bot plays as the arena goes on
            tasks.append(asyncio.ensure_future(bot.arena([json.dumps(line) + "\n"],
                                                         io.StringIO(), seed=2)))

        await run_ws("sichuan", ["ws", "basic", "basic", "basic"], 1, 2, announce, serving,
                     timeout=60)
        return sum([await t for t in tasks])

    assert asyncio.run(asyncio.wait_for(scenario(), 200)) == 4
    assert "ws/rate_limited" in refused


def test_the_ws_seats_decisions_and_refusals_are_counted() -> None:
    """The ws seat's decisions are the actions the server accepted from it, and its illegal
    actions the ones the server refused (the match log says both): a bot that sends one
    illegal action on purpose shows exactly one, and as many decisions as its own tally of
    actions that landed; its decision times are not measured."""
    import paiju_client

    wrong: list[dict] = []

    def once_wrong(state: dict, legal: list[dict], rng: random.Random) -> dict:
        if not wrong:  # the first decision: an action no seat may ever make
            wrong.append({"type": "no_such_action"})
            return wrong[0]
        return paiju_client.win_or_random(state, legal, rng)

    tally = paiju_client.Tally()

    async def scenario() -> dict:
        tasks: list[asyncio.Future[int]] = []

        def announce(line: dict) -> None:
            tasks.append(asyncio.ensure_future(paiju_client.arena(
                [json.dumps(line) + "\n"], io.StringIO(), 5, {"paohuzi": once_wrong}, tally)))

        report = await run_ws("paohuzi", ["ws", "random", "random"], 1, 6, announce, serving,
                              timeout=60)
        assert sum([await t for t in tasks]) == 3
        return report

    report = asyncio.run(asyncio.wait_for(scenario(), 200))
    ws, rnd = report["bots"]["ws"], report["bots"]["random"]
    assert ws["deals"] == 3 and ws["illegal_actions"] == tally.refused == 1
    # each decision the bot made landed, but for the stale ones (the one refused was replaced
    # by a legal action)
    assert ws["decisions"] == tally.decisions - tally.stale > 0
    assert ws["decision_ms_mean"] is None and ws["decision_ms_p99"] is None
    assert rnd["decisions"] > 0 and rnd["illegal_actions"] == 0 and rnd["decision_ms_p99"] >= 0
    assert "ws" in render(report)
