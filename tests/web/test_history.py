"""The History page end to end (issue 26, "your history"): a new browser's History is empty; it
starts a Sichuan match from the lobby (its anonymous player's token goes with it), the deal is
played to its end through the API with the table's seat token (the AI plays the rest), and the
History page, reached from the lobby, lists the deal with its score and result as the server
settled them, in French then in Chinese (numbers and dates as Intl writes them in each), with
statistics, its replay link opens that deal's replay and its review link that deal's review
(asked with the player's token). Another browser's History stays empty.

Screenshots: tests/artifacts/history-fr.png, history-zh-phone.png.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

from engine.core.playout import PLAIN

from .axe import assert_no_axe_violations
from .conftest import LiveServer
from .probe import WEB, screenshot

DEAL_TIMEOUT_S = 180


def call(server: LiveServer, path: str, token: str, body: Any = None) -> Any:
    req = urllib.request.Request(
        f"{server.url}{path}", method="GET" if body is None else "POST",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as exc:
        if exc.code == 409:  # the AI moved first: ask again
            return None
        raise


def play_to_the_end(server: LiveServer, match_id: str, token: str) -> dict[str, Any]:
    """Play the seat with its token (a win or meld when offered, else at random) until the
    deal is over; the AI plays the other seats."""
    rng = random.Random(5)
    deadline = time.monotonic() + DEAL_TIMEOUT_S
    while time.monotonic() < deadline:
        view = call(server, f"/api/matches/{match_id}", token)
        if view["state"]["result"] is not None:
            return view  # type: ignore[no-any-return]
        legal = call(server, f"/api/matches/{match_id}/legal", token)
        if not legal["actions"]:
            time.sleep(0.05)
            continue
        keen = [a for a in legal["actions"] if a["type"] not in PLAIN]
        call(server, f"/api/matches/{match_id}/actions", token,
             {"action": rng.choice(keen or legal["actions"]), "version": legal["version"]})
    raise AssertionError(f"the deal did not end:\n{server.log()}")


def intl(page: Any, lang: str, what: str, value: Any) -> str:
    """``value`` as the page's Intl writes it in ``lang`` (history.js's formats)."""
    return page.evaluate("""([lang, what, value]) => ({
        date: () => new Intl.DateTimeFormat(lang, {dateStyle: "medium", timeStyle: "short"})
          .format(new Date(value)),
        score: () => new Intl.NumberFormat(lang, {signDisplay: "exceptZero",
          maximumFractionDigits: 1}).format(value),
        rate: () => new Intl.NumberFormat(lang, {style: "percent", maximumFractionDigits: 1})
          .format(value),
      })[what]()""", [lang, what, value])


def check_history(page: Any, lang: str, match_id: str, end: dict[str, Any],
                  record: dict[str, Any], words: dict[str, str]) -> None:
    """The page lists the one deal as the server recorded it, in ``lang``."""
    page.get_by_test_id("history-deals").wait_for()
    assert page.locator("h1").inner_text() == words["title"]
    rows = page.get_by_test_id("history-deal")
    assert rows.count() == 1
    row = rows.first
    assert row.get_attribute("data-match") == match_id and row.get_attribute("data-deal") == "0"
    delta = end["state"]["result"]["deltas"][0]
    assert row.get_by_test_id("deal-score").inner_text() == intl(page, lang, "score", delta)
    assert row.get_attribute("data-result") == record["result"]
    assert words[record["result"]] in row.inner_text()
    assert row.locator("time").inner_text() == intl(page, lang, "date", record["finished_at"])
    assert words["ai"] in row.inner_text()  # the opponents' level, in words
    stat = page.get_by_test_id("history-stat")
    assert stat.count() == 1 and stat.first.get_attribute("data-game") == "sichuan"
    assert stat.first.get_by_test_id("stat-deals").inner_text() == "1"
    won = 1.0 if record["result"] == "won" else 0.0
    assert stat.first.get_by_test_id("stat-win-rate").inner_text() == intl(page, lang, "rate", won)
    assert stat.first.get_by_test_id("stat-mean").inner_text() == intl(page, lang, "score", delta)
    assert page.evaluate("[...window.__paijuMissing]") == []


FR = {"title": "Votre historique", "won": "Gagnée", "dealt_in": "Votre défausse",
      "other": "Un autre joueur a gagné", "drawn": "Donne nulle", "ai": "IA moyen"}
ZH = {"title": "你的对局", "won": "和牌", "dealt_in": "放炮", "other": "他人和牌",
      "drawn": "流局", "ai": "普通电脑"}


def test_a_finished_deal_is_on_the_history_page_with_its_replay(live_server: LiveServer,
                                                                 new_page: Any) -> None:
    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    page.evaluate("localStorage.setItem('paiju.lang', 'fr')")
    page.reload()
    # a new browser: the lobby's link, an empty History, and a player kept for this browser
    page.get_by_test_id("lobby-history").click()
    page.get_by_test_id("history-empty").wait_for()
    assert "Aucune donne" in page.get_by_test_id("history-empty").inner_text()
    me = page.evaluate("JSON.parse(localStorage.getItem('paiju.player'))")
    assert me["id"] and me["token"]

    # a match from the lobby, played to the end through the API with the table's seat
    page.get_by_test_id("history-link").click()  # the top bar's link is there too
    page.get_by_test_id("history").wait_for()
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-sichuan").click()
    page.get_by_test_id("table").wait_for(timeout=20_000)
    assert page.get_by_test_id("history-link").is_hidden()  # not while at the table
    session = page.evaluate("JSON.parse(localStorage.getItem('paiju.current'))")
    page.get_by_test_id("leave").click()
    page.get_by_test_id("lobby").wait_for()
    end = play_to_the_end(live_server, session["match_id"], session["token"])
    [record] = call(live_server, "/api/players/me/history", me["token"])["deals"]
    assert record["match_id"] == session["match_id"]

    page.get_by_test_id("lobby-history").click()
    check_history(page, "fr", session["match_id"], end, record, FR)
    screenshot(page, "history-fr")

    # the same page in Chinese, on a phone: nothing wider than the window
    page.set_viewport_size({"width": 360, "height": 740})
    page.select_option("[data-testid=language]", "zh")
    page.wait_for_function("document.querySelector('h1')?.textContent === '你的对局'")
    check_history(page, "zh", session["match_id"], end, record, ZH)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "history-zh-phone")

    # the replay link opens that deal's replay
    page.get_by_test_id("history-replay").click()
    page.get_by_test_id("replay").wait_for(timeout=20_000)
    assert page.get_by_test_id("replay").get_attribute("data-game") == "sichuan"
    assert page.url.endswith(f"#/replay/{session['match_id']}/0/0")  # from the player's seat

    # the review link asks with the player's token (the table's may be gone): it starts
    page.evaluate("['paiju.current', 'paiju.last'].forEach((k) => localStorage.removeItem(k))")
    page.go_back()
    page.get_by_test_id("history-review").click()
    page.get_by_test_id("review").wait_for(timeout=20_000)
    assert page.url.endswith(f"#/review/{session['match_id']}/0/0")
    assert page.get_by_test_id("review").get_attribute("data-status") in (
        "queued", "running", "done")
    assert page.js_errors == []

    # another browser has a history of its own: empty
    other = new_page(1280, 800)
    other.goto(live_server.url + "/#/history")
    other.get_by_test_id("history-empty").wait_for()
    assert other.evaluate("JSON.parse(localStorage.getItem('paiju.player')).id") != me["id"]


def _record(i: int, game: str, result: str, score: int, hand: str | None = None,
            value: int | None = None, unit: str = "points") -> dict[str, Any]:
    return {"id": i, "match_id": f"m{i}", "deal": 0, "game": game,
            "finished_at": f"2026-11-{i:02d}T09:30:00Z", "seat": 0, "score": score,
            "opponents": [{"seat": 1, "kind": "ai", "level": "strong"},
                          {"seat": 2, "kind": "human", "level": None}],
            "result": result, "hand": hand, "hand_value": value, "unit": unit,
            "replay": f"/api/matches/m{i}/deals/0/replay"}


PAGES = {
    None: {"deals": [_record(3, "mcr", "won", 24, "mixed_triple_chow", 10),
                     _record(2, "nantong", "won", 30, "qing_hu", 1250, "hu")],
           "next_before": 2},
    "2": {"deals": [_record(1, "paohuzi", "won", 4, None, 18, "huxi")], "next_before": None},
}
STATS = [{"game": "mcr", "deals": 1234, "won": 1, "dealt_in": 0, "drawn": 0, "win_rate": 0.1234,
          "deal_in_rate": 0.0, "mean_score": -2.5,
          "best": {"hand": "mixed_triple_chow", "value": 10, "unit": "points", "match_id": "m3",
                   "deal": 0, "seat": 2}}]


def test_won_hands_pages_and_numbers_in_two_languages(live_server: LiveServer,
                                                      new_page: Any) -> None:
    """The server's answer made by hand: won hands named in the page's language with their
    value in its unit, numbers as Intl writes them, "Show older" adding the next page."""

    def answer(route: Any) -> None:
        before = route.request.url.partition("before=")[2] or None
        body = {"player_id": "p", "stats": STATS, **PAGES[before]}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    for lang, words in (("pl", ("Mieszany potrójny chow · 10 punktów", "Qing Hu: siedem",
                                "SI: silny", "człowiek", "12,3%", "1234")),
                        ("en", ("Mixed Triple Chow · 10 points", "Qing Hu: seven sequences",
                                "strong AI", "a person", "12.3%", "1,234"))):
        page = new_page(1280, 800)
        page.route("**/api/players/me/history*", answer)
        page.goto(live_server.url + "/")
        page.evaluate("(lang) => localStorage.setItem('paiju.lang', lang)", lang)
        page.goto(live_server.url + "/#/history")
        page.reload()  # in the language just chosen
        rows = page.get_by_test_id("history-deal")
        rows.first.wait_for()
        assert rows.count() == 2
        text = page.get_by_test_id("history").inner_text()
        for word in words:
            assert word in text.replace("\u00a0", " ").replace("\u202f", " "), (lang, word)
        hu = page.evaluate("(lang) => new Intl.NumberFormat(lang).format(1250)", lang)
        assert f"{hu} hu" in rows.nth(1).inner_text()  # Nantong's hu, written the Intl way
        mean = page.get_by_test_id("stat-mean").inner_text()
        assert mean == intl(page, lang, "score", -2.5)
        best = page.get_by_test_id("stat-best").locator("a")
        assert best.get_attribute("href") == "#/replay/m3/0/2"  # seen from the player's seat
        page.get_by_test_id("history-more").click()
        page.wait_for_function("document.querySelectorAll('[data-testid=history-deal]')"
                               ".length === 3")
        assert page.get_by_test_id("history-more").is_hidden()
        assert "18 huxi" in rows.nth(2).inner_text()
        if lang == "en":
            assert_no_axe_violations(page, "the History page")
        assert page.evaluate("[...window.__paijuMissing]") == []
        assert page.js_errors == []


def test_opponents_are_listed_the_languages_way(live_server: LiveServer, new_page: Any) -> None:
    """The opponents' cell joins them as the language lists things (Intl.ListFormat): in
    Chinese with 、 and 和, never the English ", " the page once used for every language."""

    def answer(route: Any) -> None:
        body = {"player_id": "p", "stats": STATS, "deals": PAGES["2"]["deals"], "next_before": None}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    for lang in ("zh", "fr"):
        page = new_page(1280, 800)
        page.route("**/api/players/me/history*", answer)
        page.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}')")
        page.goto(live_server.url + "/#/history")
        row = page.get_by_test_id("history-deal").first
        row.wait_for()
        cell = row.locator("td[data-label]").nth(2).inner_text()
        words = json.loads((WEB / "locales" / lang / "history.json").read_text())
        levels = json.loads((WEB / "locales" / lang / "app.json").read_text())
        names = [words["ai"].replace("{level}", levels["ai.strong"]), words["person"]]
        want = page.evaluate("([lang, names]) => new Intl.ListFormat(lang, {type: 'conjunction'})"
                             ".format(names)", [lang, names])
        assert cell == want, (lang, cell, want)
        if lang == "zh":
            assert ", " not in cell and "和" in cell, cell
        assert page.js_errors == []
