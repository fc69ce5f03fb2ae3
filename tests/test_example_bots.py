"""Issue 27: each game's example bot (``examples/<game>_bot.py``) plays a whole deal against a
real server over the WebSocket, from the shapes docs/bots.md gives, with no refused action; the
examples use nothing a stranger's bot lacks (no ``engine``, no ``ai``)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.servers import ROOT, live

EXAMPLES = ROOT / "examples"
PLAYERS = {"mcr": 4, "sichuan": 4, "paohuzi": 3, "nantong": 3}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server (own SQLite file, in-process AI without delay)."""
    with live(tmp_path_factory.mktemp("examples")) as url:
        yield url


def run_bot(script: str, server: str, seed: int, *args: str) -> tuple[dict, dict]:
    """Run an example bot for one deal: the settlement it prints and its summary line."""
    out = subprocess.run([sys.executable, str(EXAMPLES / script), "--server", server,
                          "--seed", str(seed), *args], capture_output=True, text=True,
                         timeout=180, check=False)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stderr.strip().splitlines()[-1])["summary"]
    return json.loads(out.stdout), summary


# The seed of each game's deal, and the game's own decisions the bot must have made in it (the
# deals are deterministic: the same seed, the same AI decisions).
CASES = {
    "mcr": (2, {"chow", "discard"}),  # a chow named by its run's lowest face: {"low": "3m"}
    "sichuan": (1, {"declare_missing", "discard", "pung"}),
    "paohuzi": (3, {"chi", "peng", "pao", "discard"}),
    "nantong": (6, {"finish", "pung", "discard", "win"}),  # the preparation, then the play
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_each_game_bot_plays_a_whole_deal(server: str, game: str) -> None:
    seed, made = CASES[game]
    result, summary = run_bot(f"{game}_bot.py", server, seed)
    assert len(result["deltas"]) == PLAYERS[game] and sum(result["deltas"]) == 0
    assert summary["game"] == game
    assert summary["refused"] == 0, summary["refusals"]
    assert summary["decisions"] == sum(summary["actions"].values()) > 0
    assert made <= set(summary["actions"]), summary["actions"]


def test_the_dispatcher_plays_any_game(server: str) -> None:
    """examples/bot.py --game: the same brain as the game's own bot, so the same deal."""
    result, summary = run_bot("bot.py", server, CASES["nantong"][0], "--game", "nantong")
    assert summary["refused"] == 0 and summary["game"] == "nantong"
    assert CASES["nantong"][1] <= set(summary["actions"])
    assert len(result["deltas"]) == 3


def test_the_examples_use_only_the_public_api() -> None:
    """A stranger's bot has the docs, not our packages: no example imports engine, ai or
    server."""
    for path in EXAMPLES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in ("engine", "ai", "server"), (path.name, name)


def test_hand_reading() -> None:
    """examples/mahjong_hand.py: ready is 0, complete -1; Nantong's seven groups; seven pairs."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        from mahjong_hand import shanten
    finally:
        sys.path.remove(str(EXAMPLES))
    ready = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E E C".split()
    assert shanten(ready, 0) == 0 and shanten([*ready, "C"], 0) == -1
    assert shanten("1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N".split(), 0) == 8
    assert shanten("1m 1m 2m 2m 3m 3m 4p 4p 5p 5p 6s 6s 9s".split(), 0, pairs_hand=True) == 0
    nantong = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7s 8s 9s Q Q B B H".split()
    assert shanten(nantong, 0, sets=7) == 0
    assert shanten(nantong[3:], 1, sets=7) == 0  # a set exposed counts as one


def _brain(module: str):  # noqa: ANN202  (an example's module, imported from examples/)
    sys.path.insert(0, str(EXAMPLES))
    try:
        return __import__(module)
    finally:
        sys.path.remove(str(EXAMPLES))


def _cards(faces: str, first: int = 0) -> list[dict]:
    return [{"id": first + i, "face": f} for i, f in enumerate(faces.split())]


def test_brains_make_their_games_own_decisions() -> None:
    """Each example's choose() on views shaped as docs/bots.md says: Nantong's preparation
    (declarations before ready before finish), Sichuan's missing suit, Paohuzi's claims."""
    import random

    rng = random.Random(0)
    nantong = _brain("nantong_bot")
    prepare = {"phase": "prepare", "seat": 1, "claim": None, "players": []}
    finish, ready = {"type": "finish"}, {"type": "ready"}
    kong = {"type": "opening_kong", "cards": [68, 69, 70, 71]}
    assert nantong.choose(prepare, [kong, ready, finish], rng) == kong
    assert nantong.choose(prepare, [ready, finish], rng) == ready

    sichuan = _brain("sichuan_bot")
    hand = _cards("1m 2m 3m 4m 5m 1p 2p 3p 4p 5p 1s 9s 9s")
    declare = {"phase": "declare", "seat": 0, "claim": None,
               "players": [{"seat": 0, "hand": hand, "melds": []}]}
    legal = [{"type": "declare_missing", "suit": s} for s in "mps"]
    assert sichuan.choose(declare, legal, rng) == {"type": "declare_missing", "suit": "s"}
    hand = _cards("1m 2m 3m 4m 5m 1p 2p 3p 1s 2s 3s 4s 9s")  # OPT-SC-1: dots, the fewest
    exchange = {**declare, "phase": "exchange",
                "players": [{"seat": 0, "hand": hand, "melds": []}]}
    legal = [{"type": "exchange", "cards": c} for c in ([0, 1, 2], [5, 6, 7], [8, 9, 10])]
    assert sichuan.choose(exchange, legal, rng) == {"type": "exchange", "cards": [5, 6, 7]}

    paohuzi = _brain("paohuzi_bot")
    me = {"seat": 1, "hand": _cards("x2 x3 x5 x5 d7 d9")}
    view = {"phase": "claim", "seat": 1, "players": [{}, me],
            "claim": {"kind": "reveal", "from": 0, "card": {"id": 60, "face": "x4"}}}
    breaks_pair = {"type": "chi", "cards": [1, 2], "bi": []}  # x3 x5: one of the x5 pair
    keeps = {"type": "chi", "cards": [0, 1], "bi": []}  # x2 x3
    assert paohuzi.choose(view, [breaks_pair, {"type": "pass"}], rng) == {"type": "pass"}
    assert paohuzi.choose(view, [breaks_pair, keeps, {"type": "pass"}], rng) == keeps
    assert paohuzi.choose(view, [{"type": "peng"}, keeps, {"type": "pass"}], rng)["type"] == "peng"
