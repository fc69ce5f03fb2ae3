"""The room form and the house rules in the browser (issue 28, rules/options.md OPT-0).

A person's path: in the lobby, "Room options" on a game opens the room form (a modal dialog):
the presets first (Seed rules, Popular app rules, Custom), then every option the server offers,
labelled in the page's language (GET /api/games?lang) with its default marked. Choosing a preset
fills the options; changing one makes the choice Custom. Start makes the match under those
options (OPT-0.1); the lobby remembers the choice, and Play then starts with it at once. The
table's top bar shows the options that differ from the rules page, and its button lists them
all. The rules page explains every option of options.md and says which the server offers.

- MCR with "Popular app rules" (Botzone's table, OPT-MCR-1 and OPT-MCR-3): the match and its
  view carry exactly the preset's options, the table lists the two that differ; Play and a
  friends' table then use the remembered choice;
- a custom Paohuzi room, by keyboard only (OPT-PH-1, OPT-PH-6): Enter opens, focus lands on the
  preset, arrows and typing change options, Escape closes and gives focus back, Enter starts;
  a number out of range is refused in the form, and no match is made;
- the rules pages list each game's options with their values, and the server's options agree
  with what the page says of them (values, default);
- the replay names the options that differ under its title (OPT-0.2);
- axe-core finds no WCAG AA violation in the form, on the table and on the replay with the list
  of options.

Screenshots: tests/artifacts/room-form-mcr.png, room-table-options-mcr.png and
room-form-paohuzi-phone.png (390×844).
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from .axe import assert_no_axe_violations
from .conftest import LiveServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts"
POPULAR_MCR = {"flowers": False, "min_points": 8, "prevailing_wind": "random"}


def _lobby(page: Any, server: LiveServer, lang: str = "en") -> None:
    page.goto(server.url + "/")
    page.evaluate("(l) => localStorage.setItem('paiju.lang', l)", lang)
    page.reload()
    page.get_by_test_id("play-mcr").wait_for()


def _session(page: Any) -> dict[str, str]:
    page.wait_for_function("localStorage.getItem('paiju.current') !== null")
    return page.evaluate("JSON.parse(localStorage.getItem('paiju.current'))")


def _view(server: LiveServer, session: dict[str, str]) -> dict[str, Any]:
    return server.get_json(f"/api/matches/{session['match_id']}", session["token"])


def _focused(page: Any) -> str | None:
    return page.evaluate("document.activeElement?.dataset?.testid ?? null")


def test_popular_app_rules_for_mcr(live_server: LiveServer, new_page: Any) -> None:
    """OPT-0.1, OPT-0.2, OPT-MCR-1, OPT-MCR-3: the preset Botzone plays, chosen in the form,
    is the match's options; the table shows what differs; the lobby remembers the choice."""
    page = new_page(1280, 800)
    _lobby(page, live_server)
    assert page.get_by_test_id("room-rules-mcr").inner_text() == "Rules: Seed rules"
    assert page.get_by_test_id("room-nantong").count() == 0, "Nantong has no options"
    page.get_by_test_id("room-mcr").click()
    form = page.get_by_test_id("room-form")
    form.wait_for()
    assert page.evaluate("document.querySelector('[data-testid=room-form]').open")
    assert _focused(page) == "room-preset-seed", "focus goes to the checked preset"
    labels = form.locator("legend, label").all_inner_texts()
    assert "Flowers" in labels and "Minimum points to win (起和番)" in labels, labels
    # the default is marked in each list
    assert form.locator("[data-testid=room-opt-flowers] option[data-default=true]").inner_text() \
        == "With flowers (144 tiles) (default)"
    assert_no_axe_violations(page, "the MCR room form")
    _shot(page, "room-form-mcr")
    page.get_by_test_id("room-preset-popular").check()
    assert form.locator("[data-testid=room-opt-flowers] option:checked").inner_text() \
        == "Without flowers (136 tiles)"
    assert form.locator("[data-testid=room-opt-prevailing_wind] option:checked").inner_text() \
        == "Random each deal"
    page.get_by_test_id("room-start").click()
    page.get_by_test_id("table").wait_for()
    view = _view(live_server, _session(page))
    assert view["options"] == view["state"]["options"] == POPULAR_MCR
    active = page.get_by_test_id("active-options")
    active.wait_for()
    assert _shown_options(page) == POPULAR_MCR
    button = page.get_by_test_id("table-options")
    assert "2" in button.inner_text()
    assert "Flowers: Without flowers (136 tiles)" in button.get_attribute("title")
    button.click()
    listing = page.get_by_test_id("table-options-list")
    listing.wait_for()
    changed = listing.locator("dt[data-changed=true]").evaluate_all(
        "(els) => els.map((e) => e.dataset.key)")
    assert sorted(changed) == ["flowers", "prevailing_wind"]
    assert listing.locator("dd[data-key=min_points]").inner_text() == "8 (default)"
    assert_no_axe_violations(page, "the MCR table with its house rules")
    _shot(page, "room-table-options-mcr")
    page.keyboard.press("Escape")
    listing.wait_for(state="detached")
    # back in the lobby, Play starts at once with the rules last chosen
    page.get_by_test_id("leave").click()
    assert page.get_by_test_id("room-rules-mcr").inner_text() == "Rules: Popular app rules"
    first = view["match_id"]
    page.get_by_test_id("play-mcr").click()
    page.get_by_test_id("table").wait_for()
    again = _session(page)
    assert again["match_id"] != first
    assert _view(live_server, again)["options"] == POPULAR_MCR
    # a friends' table takes the same choice
    page.goto(f"{live_server.url}/#/friends/mcr")
    assert page.get_by_test_id("friends-rules").inner_text() == "Rules: Popular app rules"
    page.get_by_test_id("friends-create").click()
    page.get_by_test_id("friends-links").wait_for()
    saved = page.evaluate("JSON.parse(localStorage.getItem('paiju.friends'))")
    friends = _view(live_server, {"match_id": saved["match_id"],
                                  "token": saved["tokens"][str(saved["mine"])]})
    assert friends["options"] == POPULAR_MCR
    assert page.js_errors == []


def test_a_custom_paohuzi_room_by_keyboard(live_server: LiveServer, new_page: Any) -> None:
    """OPT-PH-1 and OPT-PH-6 set in the form with the keyboard alone; Custom is chosen by
    itself; Escape closes and gives focus back; a cap out of range (OPT-PH-6) is refused in the
    form and makes no match."""
    page = new_page(390, 844)
    _lobby(page, live_server)
    page.get_by_test_id("room-paohuzi").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("room-form").wait_for()
    assert _focused(page) == "room-preset-seed"
    page.keyboard.press("Escape")
    page.get_by_test_id("room-form").wait_for(state="detached")
    assert _focused(page) == "room-paohuzi", "focus returns to the button that opened the form"
    page.keyboard.press("Enter")
    page.get_by_test_id("room-form").wait_for()
    _shot(page, "room-form-paohuzi-phone")
    for _ in range(12):  # Tab to the minimum huxi
        if _focused(page) == "room-opt-min_huxi":
            break
        page.keyboard.press("Tab")
    assert _focused(page) == "room-opt-min_huxi"
    page.keyboard.press("ArrowDown")  # 15 → 10
    assert page.get_by_test_id("room-preset-custom").is_checked()
    for _ in range(12):
        if _focused(page) == "room-opt-payment_cap":
            break
        page.keyboard.press("Tab")
    assert _focused(page) == "room-opt-payment_cap"
    page.keyboard.press("Control+A")
    page.keyboard.type("5000")
    page.keyboard.press("Enter")
    error = page.get_by_test_id("room-error")
    error.wait_for()
    assert "1000" in error.inner_text() and _focused(page) == "room-opt-payment_cap"
    assert page.evaluate("localStorage.getItem('paiju.current')") is None, "no match was made"
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    page.get_by_test_id("table").wait_for()
    options = _view(live_server, _session(page))["options"]
    assert options["min_huxi"] == 10 and options["payment_cap"] == 7, options
    seed = _game(live_server, "paohuzi")["presets"][0]["options"]
    assert options == {**seed, "min_huxi": 10, "payment_cap": 7}, "the others keep their defaults"
    page.get_by_test_id("active-options").wait_for()
    assert _shown_options(page) == options
    page.get_by_test_id("leave").click()
    assert page.get_by_test_id("room-rules-paohuzi").inner_text() == "Rules: Custom"
    assert page.js_errors == []


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _shown_options(page: Any) -> Any:
    """The options the table's line was drawn from (its ``data-options``)."""
    return json.loads(page.get_by_test_id("active-options").get_attribute("data-options"))


def test_labels_follow_the_page_language(live_server: LiveServer, new_page: Any) -> None:
    """The form's texts are the server's labels in the page's language (?lang), with the
    Chinese names beside the French ones."""
    page = new_page(1280, 800)
    _lobby(page, live_server, "fr")
    page.get_by_test_id("room-sichuan").click()
    form = page.get_by_test_id("room-form")
    form.wait_for()
    assert "Plafond de fan (封顶)" in form.locator("label").all_inner_texts()
    assert form.get_by_test_id("room-preset-popular").count() == (
        "popular" in [p["id"] for p in _game(live_server, "sichuan", "fr")["presets"]])
    assert page.evaluate("[...window.__paijuMissing]") == []
    page.get_by_test_id("room-cancel").click()
    form.wait_for(state="detached")


def _game(server: LiveServer, name: str, lang: str = "en") -> dict[str, Any]:
    return next(g for g in server.get_json(f"/api/games?lang={lang}") if g["name"] == name)


def test_rules_pages_list_the_options(live_server: LiveServer, new_page: Any) -> None:
    """Each rules page has a house-rules section explaining every option of options.md with its
    values; for the options the server offers, the page's values and default are the server's,
    and an option not offered yet says so."""
    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    data = page.evaluate(
        "async () => JSON.parse(JSON.stringify((await import('./rules.js')).RULES))")
    expected = {"mcr": 3, "sichuan": 7, "paohuzi": 6, "nantong": 0}
    for name, count in expected.items():
        page.goto(f"{live_server.url}/#/rules/{name}")
        page.reload()
        section = page.get_by_test_id("rules-section-options")
        section.wait_for()
        shown = section.locator("[data-testid=rules-option]").evaluate_all(
            """(els) => els.map((e) => ({key: e.dataset.key, rule: e.dataset.rule,
                offered: e.dataset.offered, title: e.querySelector('h3').textContent,
                text: e.textContent}))""")
        assert len(shown) == count, (name, shown)
        server = {o["key"]: o for o in _game(live_server, name)["options"]}
        spec = {o[0]: o for s in data[name]["sections"] if s["id"] == "options"
                for o in s["options"]}
        for o in shown:
            assert o["rule"].startswith("OPT-") and o["title"] and len(o["text"]) > 40, o
            assert o["offered"] == ("true" if o["key"] in server else "false"), o
            if o["key"] in server:
                declared = server[o["key"]]
                _key, rule, values, default = spec[o["key"]][:4]
                assert rule == declared["rule"] and default == declared["default"], o["key"]
                if "values" in declared:
                    assert values == declared["values"], o["key"]
                else:
                    assert values == {"min": declared["min"], "max": declared["max"]}, o["key"]
        assert set(server) <= {o["key"] for o in shown}, f"{name}: an option not explained"
        if name == "nantong":
            assert "no room options" in section.inner_text()
    assert page.js_errors == []


def test_the_replay_shows_the_options(live_server: LiveServer, new_page: Any) -> None:
    """OPT-0.2: the replay carries the deal's options; its page names those that differ from the
    rules page (OPT-MCR-2 here) under its title, and lists every option on demand."""
    seats = [{"kind": "ai", "level": "basic"}] * 4
    req = urllib.request.Request(
        f"{live_server.url}/api/matches", method="POST",
        headers={"Content-Type": "application/json"},
        data=json.dumps({"game": "mcr", "seed": 11, "seats": seats,
                         "options": {"min_points": 1}}).encode())
    with urllib.request.urlopen(req, timeout=10) as r:
        match_id = json.loads(r.read())["match_id"]
    deadline = time.monotonic() + 45
    while not live_server.get_json(f"/api/matches/{match_id}/log")["deals"][0]["over"]:
        assert time.monotonic() < deadline, "the AI did not finish the deal"
        time.sleep(0.2)
    page = new_page(1280, 800)
    page.goto(f"{live_server.url}/#/replay/{match_id}/0/0")
    active = page.get_by_test_id("active-options")
    active.wait_for()
    assert _shown_options(page) == {"flowers": True, "min_points": 1, "prevailing_wind": "east"}
    assert active.locator("li").all_inner_texts() == ["Minimum points to win (起和番): 1"]
    page.get_by_test_id("table-options").click()
    page.get_by_test_id("table-options-list").wait_for()
    assert page.get_by_test_id("table-options-list").locator("dt").count() == 3
    assert_no_axe_violations(page, "the replay's house rules")
    page.get_by_test_id("table-options-close").click()
    assert page.js_errors == []
