"""Keyboard play (web/keys.js) end to end: for each of the four games a whole deal played with
page.keyboard only — no click after the lobby's Play — against the live AI players.

The player reads each button's key from the hint drawn on it (a <kbd>) and presses it: the
missing suit by its digit (SC-3.1), Win (W) when offered (SC-4.1, MCR-4, NT-5, PH-5.2), every
other claim taken by its letter (P pung/peng, K kong, C chow/chi, O pao; several chows or chis:
the letter, then Enter on the one it focused) and the others passed (X); Nantong's preparation
finished (F, NT-3.1); a discard chosen with the arrows and confirmed with Enter or Space (once
after Esc cleared a selection). After the deal: V hides and shows the results, N starts the next
deal. On the way: the keyboard help opens with "?" and closes with Esc, the live region has
announced the moves, every hand card and region has a name for screen readers, and no text
of the play namespace is missing.

Screenshots of each table at 1280×800 (mid-deal and settlement) go to tests/artifacts/.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import LiveServer
from .probe import ACTION_PROBE, decide, screenshot, turns, wait_past

GAMES = ["sichuan", "mcr", "nantong", "paohuzi"]
DEAL_TIMEOUT_S = {"sichuan": 120, "mcr": 120, "nantong": 90, "paohuzi": 90}


def press_action(page: Any, action: str) -> None:
    """Press the key the action's button shows; several buttons of a kind ("C1", "C2"): its
    letter focuses the first of them, Enter chooses it."""
    hint = page.locator(f"button[data-action='{action}']").first.get_attribute("data-key-hint")
    assert hint, f"the {action} button shows no key"
    page.keyboard.press(hint[0].lower())
    if len(hint) > 1:
        page.wait_for_function("a => document.activeElement?.dataset.action === a", arg=action, timeout=3000)
        page.keyboard.press("Enter")


def _selected(page: Any) -> int | None:
    sel = page.evaluate("document.querySelector('[data-testid=hand] .is-selected')?.dataset.id ?? null")
    return None if sel is None else int(sel)


def discard_by_keys(page: Any, n: int) -> None:
    """Select a card with the arrows and discard it; the variants use every key of the hand."""
    if n % 3 == 1:
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        first = _selected(page)
        assert first is not None, "ArrowRight selected no card"
        page.keyboard.press("Escape")
        assert _selected(page) is None, "Escape left a card selected"
        page.keyboard.press("End")
        assert _selected(page) is not None, "End selected no card"
        page.keyboard.press(" ")
        return
    page.keyboard.press("ArrowLeft")
    assert _selected(page) is not None, "ArrowLeft selected no card"
    page.keyboard.press("Enter")


def play_by_keyboard(page: Any, server: LiveServer, game: str,
                     on_turn: Any = None) -> dict[str, int]:
    """Play the human seat by keyboard until the settlement shows; ``on_turn(page, probe)`` runs
    at every decision (the phone test checks the page's width there)."""
    stats = {"discards": 0, "claims": 0, "passes": 0, "wins": 0, "other": 0, "offers": 0}
    for s in turns(page, ACTION_PROBE, DEAL_TIMEOUT_S[game], game, server, stats):
        move = decide(s, stats["offers"])
        if move is None:
            page.wait_for_timeout(30)
            continue
        if on_turn:
            on_turn(page, s, stats)
        v = s["version"]
        if "pass" in s["actions"] and move != "win" and any(a in s["actions"] for a in ("pung", "peng", "kong", "chow", "chi", "pao")):
            stats["offers"] += 1
        if move == "discard":
            discard_by_keys(page, stats["discards"])
            stats["discards"] += 1
        else:
            press_action(page, move)
            key = {"win": "wins", "pass": "passes"}.get(move)
            stats[key or ("claims" if move in ("pung", "peng", "kong", "chow", "chi", "pao") else "other")] += 1
        wait_past(page, v, f"{move} by keyboard")
    return stats


def _check_screen_reader_names(page: Any) -> None:
    names = page.evaluate("""() => ({
        cards: [...document.querySelectorAll('[data-testid=hand-tile]')].map((b) => b.getAttribute('aria-label')),
        hand: document.querySelector('[data-testid=hand]')?.getAttribute('aria-label'),
        actions: document.querySelector('[data-testid=actions]')?.getAttribute('aria-label'),
        rivers: [...document.querySelectorAll('[data-testid=river]')].map((r) => [r.getAttribute('role'), r.getAttribute('aria-label')]),
        seats: [...document.querySelectorAll('[data-testid=seat]')].map((s) => s.getAttribute('aria-label')),
        backs: [...document.querySelectorAll('[data-testid=backs]')].map((b) => [b.getAttribute('role'), b.getAttribute('aria-label')]),
        shortcuts: [...document.querySelectorAll('button[data-action]')].map((b) => b.getAttribute('aria-keyshortcuts')),
      })""")
    assert names["cards"] and all(names["cards"]), names["cards"]
    assert names["hand"] and str(len(names["cards"])) in names["hand"], names["hand"]
    assert names["actions"], names
    assert names["rivers"] and all(role == "group" and label for role, label in names["rivers"]), names["rivers"]
    assert names["seats"] and all(names["seats"]), names["seats"]
    assert names["backs"] and all(role == "img" and label for role, label in names["backs"]), names["backs"]
    assert all(names["shortcuts"]), names["shortcuts"]


def _check_help(page: Any) -> None:
    page.keyboard.press("?")
    help_ = page.get_by_test_id("keys-help")
    help_.wait_for(state="visible")
    rows = help_.locator("tr").count()
    assert rows >= 8, rows
    page.keyboard.press("Escape")
    help_.wait_for(state="hidden")


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_by_keyboard_only(live_server: LiveServer, new_page: Any, game: str) -> None:
    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    page.get_by_test_id(f"play-{game}").click()  # the last click: from here on, keys only
    page.wait_for_selector(f"[data-testid=table][data-game={game}]")
    page.wait_for_selector("[data-testid=table][data-to-act=true][data-legal-ready=true], "
                           "[data-testid=table][data-to-act=false]")
    _check_help(page)

    decisions: list[str] = []

    def on_turn(page: Any, s: dict[str, Any], stats: dict[str, int]) -> None:
        decisions.append(",".join(s["actions"]))
        if s["legal"] and not stats["discards"]:
            _check_screen_reader_names(page)
        if len(decisions) == 2:
            page.wait_for_timeout(300)  # the last discard's animation
            screenshot(page, f"{game}-desktop")

    started = time.monotonic()
    stats = play_by_keyboard(page, live_server, game, on_turn)
    elapsed = time.monotonic() - started
    assert stats["discards"] + stats["wins"] + stats["other"] > 0, stats

    page.get_by_test_id("settlement").wait_for()
    page.wait_for_timeout(300)
    screenshot(page, f"{game}-desktop-end")
    spoken = page.get_by_test_id("announcer").inner_text()
    assert spoken.strip(), "nothing was announced"
    # after the deal: V shows the table, V the results again, N the next deal
    page.wait_for_function("document.activeElement?.dataset.testid === 'settlement'")
    page.keyboard.press("v")
    page.get_by_test_id("show-settlement").wait_for()
    page.keyboard.press("v")
    page.get_by_test_id("settlement").wait_for()
    page.keyboard.press("n")
    page.wait_for_selector("[data-testid=table][data-deal='1']")
    missing = page.evaluate("[...window.__paijuMissing].filter((k) => k.includes(':play.'))")
    assert not missing, missing
    assert not page.js_errors, page.js_errors
    print(f"{game}: a deal by keyboard in {elapsed:.1f} s: {stats}")
