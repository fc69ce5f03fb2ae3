"""openapi/ws-messages.json's event catalogue (``server/ws_events.py``) is the engine's (issue 27):
every event type the engine's source can log (read from the source itself, so a new one cannot
be missed) is catalogued, and none else; each has its example, made by the engine, showing every
field the event carries; the committed file has those examples.

The engine logs an event in a few ways: ``event(state, kind, ...)`` on the mahjong tables,
``deal_event(...)``, and tuples ``(kind, seat, ...)`` added to ``events`` (Paohuzi, Nantong's
indicators). Where ``kind`` is a variable, its values are the string constants assigned to it
in the function, or, where it comes from an action, ``FROM_ACTIONS`` says which."""

from __future__ import annotations

import ast
import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import get_game
from engine.mahjong.table import MahjongTable
from server.ws_events import EVENTS, SOURCES
from server.ws_events import event_examples as _made
from server.ws_examples import ACTIONS
from tests.servers import ROOT

from .test_ws_examples import _played

ENGINE = ROOT / "engine"
event_examples = functools.cache(_made)
"""Made once per game for all the tests here."""

FROM_ACTIONS: dict[tuple[str, str], set[str]] = {
    ("mahjong/table.py", "_claim_meld"): {"pung", "kong", "chow"},  # the claim made
    ("nantong/game.py", "_phase_apply"): {"opening_kong", "opening_triplet", "hezi"},
    ("paohuzi/game.py", "_take"): {"chi", "peng", "pao"},  # the claim made
}
"""Event kinds taken from an action's type, by (module, function): the actions of that kind
which log an event; a game's are those of its own actions (``ACTIONS``)."""


def _modules(game: str) -> list[Path]:
    """The engine modules that may log ``game``'s events: its own, the shared core, and the
    shared mahjong table for the three mahjong games."""
    shared = ["core"] + (["mahjong"] if isinstance(get_game(game), MahjongTable) else [])
    return [p for d in [game, *shared] for p in sorted((ENGINE / d).glob("*.py"))]


def _is_events(node: ast.AST) -> bool:
    """``events`` or ``<something>.events``: an event log."""
    return (isinstance(node, ast.Name) and node.id == "events") or (
        isinstance(node, ast.Attribute) and node.attr == "events")


def _logged_tuples(tree: ast.AST) -> Iterator[ast.expr]:
    """The kind (first item) of each tuple the module adds to an event log: appended to
    ``events``, in a tuple or list added to ``events`` or ``x.events``, assigned to
    ``events``, given as ``events=``, or returned as the game's deal events (``_set_aside``)."""
    logs: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            logs += [k.value for k in node.keywords if k.arg == "events"]
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr == "append" and _is_events(f.value):
                logs.append(ast.Tuple(elts=node.args))
        elif isinstance(node, ast.BinOp) and (_is_events(node.left) or _is_events(node.right)):
            logs += [node.left, node.right]
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_is_events(t) for t in targets):
                logs.append(node.value)
        elif isinstance(node, ast.FunctionDef) and node.name == "_set_aside":
            logs += [r.value.elts[2] for r in ast.walk(node)
                     if isinstance(r, ast.Return) and isinstance(r.value, ast.Tuple)]
    for log in logs:
        for part in ast.walk(log):
            if isinstance(part, (ast.Tuple, ast.List)):
                for item in part.elts:
                    if isinstance(item, ast.Tuple) and len(item.elts) >= 3:
                        yield item.elts[0]


def _kinds(module: Path, game: str) -> set[str]:
    """The event kinds ``module`` may log for ``game``."""
    tree = ast.parse(module.read_text())
    where = module.relative_to(ENGINE).as_posix()
    found: set[str] = set()
    for func in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)] + [tree]:
        body = func.body if isinstance(func, ast.Module) else [func]
        nodes = [n for b in body for n in ast.walk(b)]
        heads: list[ast.expr] = []
        for n in nodes:
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                if n.func.id == "event":
                    heads.append(n.args[1])
                elif n.func.id == "deal_event":
                    found.add("deal")
        heads += _logged_tuples(ast.Module(body=body, type_ignores=[]))
        for h in heads:
            if isinstance(h, ast.Constant) and isinstance(h.value, str):
                found.add(h.value)
            elif isinstance(h, ast.Name):  # read in its function's own pass
                if isinstance(func, ast.FunctionDef):
                    found |= _variable_kind(func, h.id, where, game)
            else:
                raise AssertionError(f"{where}:{h.lineno}: an event kind this test cannot read")
    return found


def _variable_kind(func: ast.FunctionDef, name: str, where: str, game: str) -> set[str]:
    """The values of ``name``, an event's kind in ``func``: the constants assigned to it, or
    the actions ``FROM_ACTIONS`` names."""
    values: list[ast.expr] = []
    for n in ast.walk(func):
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(t, ast.Name) and t.id == name:
                    values.append(n.value)
                elif isinstance(t, ast.Tuple) and isinstance(n.value, ast.Tuple):
                    values += [v for x, v in zip(t.elts, n.value.elts, strict=True)
                               if isinstance(x, ast.Name) and x.id == name]
    if values and all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in values):
        return {v.value for v in values}  # type: ignore[attr-defined]
    key = (where, func.name)
    assert key in FROM_ACTIONS, f"{where} {func.name}: which events does {name!r} name?"
    return FROM_ACTIONS[key] & set(ACTIONS[game])


@pytest.mark.parametrize("game", sorted(EVENTS))
def test_the_event_catalogue_is_the_engines(game: str) -> None:
    kinds = set().union(*(_kinds(m, game) for m in _modules(game)))
    assert set(EVENTS[game]) == kinds, (set(EVENTS[game]) - kinds, kinds - set(EVENTS[game]))


def test_the_scan_sees_the_variable_kinds() -> None:
    """Each ``FROM_ACTIONS`` entry is still an event site (none left over), and the scan finds
    every way the engine logs: without it the catalogue test would pass on an empty scan."""
    seen = {k for game in EVENTS for m in _modules(game) for k in _kinds(m, game)}
    assert seen == {k for kinds in EVENTS.values() for k in kinds}
    for where, func in FROM_ACTIONS:
        tree = ast.parse((ENGINE / where).read_text())
        assert any(isinstance(n, ast.FunctionDef) and n.name == func for n in ast.walk(tree))


@pytest.mark.parametrize("game", sorted(EVENTS))
def test_every_event_has_a_full_example(game: str) -> None:
    """Each catalogued type has its example, as its seat and (where it differs) the next seat
    see it, with every field the type carries in the seeded deals of test_ws_examples; every
    source deal still gives some example (none is kept for nothing)."""
    examples = event_examples(game)
    assert list(examples) == list(EVENTS[game])
    logged = _played(game)[1]
    assert logged.keys() <= examples.keys()
    for kind, entry in examples.items():
        assert set(entry) <= {"example", "others", "source"}
        assert entry["example"]["type"] == kind
        assert entry.get("others", {"type": kind})["type"] == kind
        assert entry.get("others") != entry["example"]
        assert logged.get(kind, set()) <= set(entry["example"]), (kind, entry["example"])
    used = {e["source"] for e in examples.values()}
    assert used == {s.describe() for s in SOURCES[game]}


def test_others_see_what_is_theirs() -> None:
    """Spot checks of the viewpoints: another seat's draw has no card, another seat's
    concealed kong no tile, another seat's exchange selection no tiles, and each seat's deal
    event its own hand."""
    mcr = event_examples("mcr")
    assert "card" in mcr["draw"]["example"] and "card" not in mcr["draw"]["others"]
    assert "card" not in mcr["concealed_kong"]["others"]
    assert mcr["deal"]["example"]["hand"] != mcr["deal"]["others"]["hand"]
    assert "others" not in mcr["discard"]
    sichuan = event_examples("sichuan")
    assert "cards" not in sichuan["exchange_selected"]["others"]


def test_the_stacked_deal_is_a_deal() -> None:
    """Nantong's stacked deal keeps every card once and its deal event says what was dealt."""
    source = next(s for s in SOURCES["nantong"] if s.made is not None)
    g = get_game("nantong")
    state = source.made(g.new_deal(source.seed))  # type: ignore[misc]
    cards = [t for h in state.hands for t in h] + list(state.wall) + list(state.indicators)
    assert sorted(cards) == list(g.deck)
    assert list(state.events[0][3]) == [tuple(sorted(h)) for h in state.hands]
    seat = (state.dealer + 1) % 3
    assert {"type": "ready"} in g.legal_actions(g.apply(state, state.dealer, {"type": "finish"}),
                                                seat)


def test_the_file_has_the_examples() -> None:
    """openapi/ws-messages.json holds the examples the engine makes now (regenerate with
    ``python -m server.openapi``)."""
    events = json.loads((ROOT / "openapi" / "ws-messages.json").read_text())["events"]
    assert {k: v for k, v in events.items() if k != "description"} == {
        game: event_examples(game) for game in sorted(EVENTS)}


def _event_rows(game: str) -> dict[str, str]:
    """The rows of the Events table of docs/bots/<game>.md, by event type."""
    page = (ROOT / "docs" / "bots" / f"{game}.md").read_text()
    section = page.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
    return {m[1]: m[0] for m in re.finditer(r"^\| `([a-z_]+)` \|.*$", section, re.M)}


@pytest.mark.parametrize("game", sorted(EVENTS))
def test_every_catalogued_event_has_its_row_in_the_bot_page(game: str) -> None:
    """docs/bots/<game>.md's Events table has a row for each catalogued type (the rare ones
    too), naming each field of its examples."""
    rows = _event_rows(game)
    for kind, entry in event_examples(game).items():
        assert kind in rows, f"docs/bots/{game}.md lacks {kind}"
        fields = set(entry["example"]) | set(entry.get("others", {}))
        missing = [f for f in fields if f'"{f}"' not in rows[kind] and f"`{f}`" not in rows[kind]]
        assert not missing, (kind, missing, rows[kind])
