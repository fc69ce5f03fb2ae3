"""The rules page of each game (web/rules.js) in the browser, in every language.

A person's path: from the lobby or from a table, open the rules of the game; read the sections
listed in the table of contents, each with its text, the drawn groups of tiles or cards and the
worked examples; switch language; come back to the table, which resumes.

- every game × every language: each section renders with a title and text, every figure draws
  each of its tiles or cards, no text is missing (``window.__paijuMissing`` stays empty) and the
  page does not scroll sideways on a 360 px phone;
- the worked examples add up, and the server's calculator (POST /api/games/<game>/score) gives
  the score they show: MCR-4.2 (8-point minimum) and MCR-5.2 (who pays), SC-8/SC-9.1/SC-9.3,
  PH-6.1 to PH-6.3, NT-6.1 to NT-6.9;
- the keys the page uses are exactly the English rules.json keys (no stale text), and every
  language has a real translation of them, not a copy of the English;
- the table's Rules link opens the rules of the game being played, and the back link returns to
  the same match; the language picker redraws an open rules page in the new language.

Screenshots: tests/artifacts/rules-<game>-desktop.png and rules-<game>-phone-<lang>.png (360×740).
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from .axe import assert_no_axe_violations
from .conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "web" / "locales"
ARTIFACTS = ROOT / "tests" / "artifacts"
LANGS = ["en", "fr", "pl", "it", "zh"]
GAMES = ["mcr", "sichuan", "paohuzi", "nantong"]
PLURAL = re.compile(r"\.(zero|one|two|few|many|other)$")
CARD = ".tile, .lcard, .wcard"

#: What a rules page shows, read from the DOM after it rendered.
READ_PAGE = """() => {
  const page = document.querySelector('[data-testid=rules]');
  const q = (s) => [...document.querySelectorAll(s)];
  return {
    game: page?.dataset.game ?? null,
    title: page?.querySelector('h1')?.textContent ?? '',
    sections: q('[data-testid^=rules-section-]').map((s) => ({
      id: s.dataset.testid.slice('rules-section-'.length),
      title: s.querySelector('h2').textContent,
      text: [...s.querySelectorAll(':scope > p, :scope > ul')].map((e) => e.textContent).join(' '),
    })),
    toc: q('[data-testid=rules-toc] a').map((a) => a.dataset.section),
    groups: q('[data-testid=rules-group]').map((g) => ({
      faces: [...g.querySelectorAll('.tile, .lcard, .wcard')].map((c) => c.dataset.face),
      drawn: [...g.querySelectorAll('svg')].length,
    })),
    examples: q('[data-testid=rules-example]').map((e) => e.dataset.example),
    patterns: q('[data-testid=rules-pattern]').length,
    missing: [...window.__paijuMissing],
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth,
  };
}"""

#: The page's data: every game's sections, figures and examples (plain JSON).
RULES_DATA = "async () => JSON.parse(JSON.stringify((await import('./rules.js')).RULES))"


def _open_rules(page: Any, server: LiveServer, game: str, lang: str) -> dict[str, Any]:
    page.goto(server.url + "/")
    page.evaluate("(l) => localStorage.setItem('paiju.lang', l)", lang)
    page.goto(f"{server.url}/#/rules/{game}")
    page.reload()  # a hash change alone keeps the document, and with it the language loaded
    page.wait_for_selector(f"[data-testid=rules][data-game={game}]")
    return page.evaluate(READ_PAGE)


def _faces(groups: list[dict[str, Any]]) -> list[str]:
    return [f.rstrip("*") for g in groups for f in g["faces"]]


def _expected_faces(rules: dict[str, Any]) -> list[list[str]]:
    """Every drawn group the data asks for, in page order (figures, then example hands)."""
    out = []
    for section in rules["sections"]:
        for fig in section.get("figures", []):
            for g in fig.get("groups", fig.get("hand", [])):
                out.append([f.rstrip("*") for f in g["faces"]])
    return out


def _post(server: LiveServer, path: str, body: Any) -> Any:
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def _locale(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / lang / "rules.json").read_text(encoding="utf-8"))


def test_every_rules_page_in_every_language(live_server: LiveServer, new_page: Any) -> None:
    phone = new_page(360, 740)
    desktop = new_page(1280, 800)
    phone.goto(live_server.url + "/")
    rules = phone.evaluate(RULES_DATA)
    assert sorted(rules) == sorted(GAMES)
    english: dict[str, dict[str, Any]] = {}
    for lang in LANGS:
        for game in GAMES:
            shown = _open_rules(phone, live_server, game, lang)
            where = f"{game} in {lang}"
            assert shown["missing"] == [], f"{where}: missing texts {shown['missing']}"
            ids = [s["id"] for s in rules[game]["sections"]]
            assert [s["id"] for s in shown["sections"]] == ids, where
            assert shown["toc"] == ids, f"{where}: the table of contents lists every section"
            for s in shown["sections"]:
                assert s["title"].strip() and len(s["text"]) >= 10, f"{where}: section {s['id']} is empty"
                assert not re.search(r"\b(ui|mcr|sichuan|paohuzi|nantong)\.[a-z_]+\.", s["text"]), \
                    f"{where}: a raw key shows in {s['id']}"
            # every tile or card of every figure is drawn, in order
            assert [g["faces"] for g in shown["groups"]] == _expected_faces(rules[game]), where
            assert all(g["drawn"] == len(g["faces"]) for g in shown["groups"]), where
            assert shown["examples"], f"{where}: no worked example"
            if game == "mcr":
                assert shown["patterns"] == 82, "MCR-6: the 81 patterns and the 5-point kong row"
            if game == "sichuan":
                assert shown["patterns"] == 11, "SC-8: the fan table"
            assert shown["scrollWidth"] <= shown["innerWidth"], \
                f"{where}: the phone page scrolls sideways ({shown['scrollWidth']} px)"
            if lang == "en":
                english[game] = shown
            else:
                same = [s["id"] for s, e in zip(shown["sections"], english[game]["sections"], strict=True)
                        if s["text"] == e["text"]]
                assert not same, f"{where}: sections left in English: {same}"
            if game in ("mcr", "nantong") or lang == "en":
                _shot(phone, f"rules-{game}-phone-{lang}")
    assert phone.js_errors == []
    for game in GAMES:
        shown = _open_rules(desktop, live_server, game, "en")
        assert shown["missing"] == [] and shown["scrollWidth"] <= shown["innerWidth"]
        _shot(desktop, f"rules-{game}-desktop", full_page=False)
        assert_no_axe_violations(desktop, f"the {game} rules")
    assert desktop.js_errors == []


def _shot(page: Any, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def _tables(example: dict[str, Any]) -> list[dict[str, Any]]:
    """The example's score tables; each with a total must add up to it."""
    for table in example["tables"]:
        if "total" in table:
            assert sum(line["n"] for line in table["lines"]) == table["total"]["n"], example["example"]
    return example["tables"]


def _patterns_shown(table: dict[str, Any]) -> Counter[str]:
    out: Counter[str] = Counter()
    for line in table["lines"]:
        out[line["pattern"]] += line["n"]
    return out


def test_examples_add_up_and_match_the_calculator(live_server: LiveServer, new_page: Any) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    rules = page.evaluate(RULES_DATA)
    checked = Counter()
    for game in GAMES:
        for section in rules[game]["sections"]:
            for ex in section.get("figures", []):
                if "example" not in ex:
                    continue
                tables = _tables(ex)
                if "spec" not in ex:
                    continue
                got = _post(live_server, f"/api/games/{game}/score", ex["spec"])
                check = ex["check"]
                name = ex["example"]
                if game == "mcr":
                    # MCR-4.2: the total decides whether the hand may win at all
                    assert got["total"] == check["total"] == tables[0]["total"]["n"], name
                    assert got["meets_minimum"] is check["meets_minimum"], name
                    assert _patterns_shown(tables[0]) == Counter(
                        {p["code"]: p["total"] for p in got["items"]}), name
                    if len(tables) > 1:  # MCR-5.2: the discarder pays 8 + total, the others 8
                        pays = [line["n"] for line in tables[1]["lines"]]
                        assert pays == [8 + got["total"], 8, 8], name
                elif game == "sichuan":
                    assert got["fan"] == check["fan"] == tables[0]["total"]["n"], name
                    assert _patterns_shown(tables[0]) == Counter(
                        {p["code"]: p["total"] for p in got["items"]}), name
                    assert got["points"] == check["points"] == 2 ** got["fan"], "SC-9.1"
                    assert got["points_per_payer"] == check["points_per_payer"], "SC-9.3"
                    assert [line["n"] for line in tables[1]["lines"]] == [got["points"], got["points_per_payer"]]
                elif game == "paohuzi":
                    assert got["winning"] and got["huxi"] == check["huxi"] == tables[0]["total"]["n"], name
                    assert got["tun"] == check["tun"] == tables[1]["lines"][0]["n"], "PH-6.3"
                    assert sorted(g["total"] for g in got["items"]) == sorted(
                        line["n"] for line in tables[0]["lines"]), "PH-6.1, PH-6.2"
                elif game == "nantong":
                    winner = got["players"][got["winner"]]
                    assert winner["total_before_rounding"] == check["before_rounding"] == tables[0]["total"]["n"]
                    assert got["totals"] == check["totals"] == [line["n"] for line in tables[1]["lines"]]
                    assert got["deltas"] == check["deltas"] == [line["n"] for line in tables[3]["lines"]]
                    pays = sorted(p["amount"] for p in got["payments"])
                    assert pays == sorted(line["n"] for line in tables[2]["lines"]), "NT-6.9"
                checked[game] += 1
    assert checked == Counter(mcr=2, sichuan=1, paohuzi=1, nantong=1)


def test_keys_used_are_the_english_keys_and_every_language_translates_them(
        live_server: LiveServer, new_page: Any) -> None:
    page = new_page()
    used: set[str] = {"link"}  # the table's Rules link, shown by app.js
    keys = "async () => (await import('./rules.js')).usedKeys()"
    for game in GAMES:
        _open_rules(page, live_server, game, "en")
        used |= set(page.evaluate(keys))
    page.goto(f"{live_server.url}/#/rules/chess")  # no such game
    page.wait_for_selector("[data-testid=rules-switch-mcr]")
    used |= set(page.evaluate(keys))
    page.evaluate("localStorage.setItem('paiju.current', JSON.stringify({match_id: 'm', token: 't'}))")
    page.goto(f"{live_server.url}/#/rules/mcr")  # with a table to go back to
    page.wait_for_selector("[data-testid=rules][data-game=mcr]")
    used |= set(page.evaluate(keys))
    english = _locale("en")
    base = {PLURAL.sub("", k) for k in english}
    assert used == base, (f"keys used but missing: {sorted(used - base)}; "
                          f"keys never used: {sorted(base - used)}")
    for lang in LANGS[1:]:
        text = _locale(lang)
        missing = [k for k in english if not PLURAL.search(k) and k not in text]
        assert not missing, f"{lang}: missing {missing[:10]}"
        long_same = [k for k, v in english.items() if len(v) > 30 and text.get(k) == v]
        assert not long_same, f"{lang}: copied from English: {long_same[:10]}"
        for k, v in text.items():
            # the same placeholders and the same markup as the English
            en = english.get(k) or english.get(PLURAL.sub(".other", k), "")
            assert set(re.findall(r"\{\w+\}", v)) == set(re.findall(r"\{\w+\}", en)), f"{lang}:{k}"
            assert v.count("**") % 2 == 0 and "<" not in v, f"{lang}:{k}"


def test_the_table_links_to_the_rules_and_back(live_server: LiveServer, new_page: Any) -> None:
    page = new_page(360, 740)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-paohuzi").click()
    page.get_by_test_id("table").wait_for(timeout=15_000)
    session = page.evaluate("JSON.parse(localStorage.getItem('paiju.current'))")
    link = page.get_by_test_id("table-rules")
    assert link.is_visible() and link.get_attribute("href") == "#/rules/paohuzi"
    link.click()
    page.wait_for_selector("[data-testid=rules][data-game=paohuzi]")
    assert not page.get_by_test_id("table-rules").is_visible(), "no Rules link on the rules page"
    back = page.get_by_test_id("rules-back")
    assert back.text_content() == "\u2190 Back to your table"
    # the table of contents scrolls to a section without leaving the page
    page.locator("[data-testid=rules-toc] a[data-section=huxi]").click()
    assert page.evaluate("location.hash") == "#/rules/paohuzi"
    page.wait_for_function("document.activeElement?.id === 'rules-paohuzi-huxi-h'")
    back.click()
    page.get_by_test_id("table").wait_for(timeout=15_000)
    assert page.evaluate("JSON.parse(localStorage.getItem('paiju.current'))") == session
    assert page.evaluate("window.__paijuMissing.size") == 0
    assert page.js_errors == []


@pytest.mark.parametrize("path", ["#/rules/chess", "#/rules"])
def test_an_unknown_game_offers_the_four(live_server: LiveServer, new_page: Any, path: str) -> None:
    page = new_page()
    page.goto(f"{live_server.url}/{path}")
    page.wait_for_selector("[data-testid=rules]")
    for game in GAMES:
        assert page.get_by_test_id(f"rules-switch-{game}").get_attribute("href") == f"#/rules/{game}"
    assert page.evaluate("window.__paijuMissing.size") == 0


def test_switching_language_on_a_rules_page_redraws_it(live_server: LiveServer, new_page: Any) -> None:
    page = new_page()
    _open_rules(page, live_server, "sichuan", "en")
    assert page.locator("[data-testid=rules] h1").text_content().startswith("Sichuan mahjong")
    page.get_by_test_id("language").select_option("it")
    page.wait_for_function(
        "document.querySelector('[data-testid=rules] h1')?.textContent.startsWith('Mahjong del Sichuan')")
    assert page.locator("[data-testid=rules-section-missing] h2").text_content() == "Il seme mancante"
    assert page.evaluate("[...window.__paijuMissing]") == []
