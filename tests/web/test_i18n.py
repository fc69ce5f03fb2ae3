"""Translations: every language has every English key, the code asks only for keys that exist,
and the page switches language in place on the lobby and on each of the four tables.

The static checks read web/locales/<lang>/<ns>.json and web/*.js; keys built at run time (pattern
names, ``app.seat.${...}``...) are not literal and are checked by their owners' tests. A plural
key ("x.one", "x.other" in English) needs, in each language, the forms its plural rules give for
whole numbers (Polish one/few/many, Chinese other only): a language may have more forms than
English, never fewer than it uses.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.servers import ROOT

from .axe import assert_no_axe_violations
from .conftest import LiveServer

LOCALES = ROOT / "web" / "locales"
LANGUAGES = ["en", "fr", "pl", "it", "zh"]
PLURAL_FORMS = {"zero", "one", "two", "few", "many", "other"}
# The categories Intl.PluralRules(lang).select(n) gives for whole numbers 0–999 999.
NEEDED_FORMS = {
    "en": {"one", "other"}, "fr": {"one", "other"}, "it": {"one", "other"},
    "pl": {"one", "few", "many"}, "zh": {"other"},
}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
RULE_ID = re.compile(r"\b(?!SHA-)[A-Z]{2,4}-\d")
"""A rule id of the rule books (PH-6.4, NT-3.6...): never in what a player reads (issue 26,
defect 11); SHA-256 of the shuffle check is a name, not a rule id."""
VISIBLE = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[title], [aria-label]')].flatMap((el) =>
    [el.getAttribute('title') ?? '', el.getAttribute('aria-label') ?? ''])].join('\\n')"""
LEVELS = ["random", "basic", "strong"]


def _load(lang: str, ns: str) -> dict[str, Any]:
    path = LOCALES / lang / f"{ns}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _namespaces() -> list[str]:
    return sorted(p.stem for p in (LOCALES / "en").glob("*.json"))


def _plural_bases(en: dict[str, Any]) -> set[str]:
    """The keys English gives plural forms: both "x.one" and "x.other" (a lone "error.other"
    is an ordinary key)."""
    return {k[: -len(".one")] for k in en if k.endswith(".one") and k[: -len(".one")] + ".other" in en}


def _split(key: str, plurals: set[str]) -> tuple[str, str | None]:
    """("a.b.one") → ("a.b", "one") when "a.b" is plural; any other key → (key, None)."""
    base, _, last = key.rpartition(".")
    return (base, last) if base in plurals and last in PLURAL_FORMS else (key, None)


def _groups(table: dict[str, Any], plurals: set[str]) -> dict[str, set[str | None]]:
    groups: dict[str, set[str | None]] = {}
    for key in table:
        base, form = _split(key, plurals)
        groups.setdefault(base, set()).add(form)
    return groups


@pytest.mark.parametrize("ns", _namespaces())
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_english_key_is_translated(ns: str, lang: str) -> None:
    en = _load("en", ns)
    other = _load(lang, ns)
    assert all(isinstance(v, str) for v in en.values()), f"en/{ns}.json: every value is a string"
    problems: list[str] = []
    for key, value in other.items():
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{key}: empty or not a string")
    plurals = _plural_bases(en)
    theirs = _groups(other, plurals)
    for base, forms in _groups(en, plurals).items():
        if forms == {None}:
            if not str(other.get(base, "")).strip():
                problems.append(f"{base}: missing")
            continue
        have = theirs.get(base, set())
        if None in have:
            continue  # one text for every number is fine (t() falls back to the plain key)
        for form in sorted(NEEDED_FORMS[lang] - have):  # type: ignore[operator]
            problems.append(f"{base}.{form}: missing plural form")
    # a placeholder English never fills would show as "{name}"
    en_names: dict[str, set[str]] = {}
    for key, value in en.items():
        en_names.setdefault(_split(key, plurals)[0], set()).update(PLACEHOLDER.findall(value))
    for key, value in other.items():
        base = _split(key, plurals)[0]
        extra = set(PLACEHOLDER.findall(str(value))) - en_names.get(base, set())
        if extra and base in en_names:
            problems.append(f"{key}: placeholders {sorted(extra)} that English never fills")
    assert not problems, f"{lang}/{ns}.json:\n" + "\n".join(problems)


def _literal_keys() -> dict[str, set[str]]:
    """Every key a web/*.js file asks for literally: t("ns.key"...) and the sentences whose
    subject is a seat, names.say("ns.key"...), which need "ns.key" and "ns.key.you"."""
    found: dict[str, set[str]] = {}
    call = re.compile(r"""\bt\(\s*(["'`])([\w.-]+)\1""")
    say = re.compile(r"""names\.say\(([^,]+),""")
    quoted = re.compile(r"""["']([a-z]+\.[\w.-]+)["']""")
    for path in sorted((ROOT / "web").glob("*.js")):
        text = re.sub(r"/\*[\s\S]*?\*/", "", path.read_text(encoding="utf-8"))
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        for m in call.finditer(text):
            found.setdefault(m.group(2), set()).add(path.name)
        for m in say.finditer(text):
            for key in quoted.findall(m.group(1)):
                found.setdefault(key, set()).add(path.name)
                found.setdefault(f"{key}.you", set()).add(path.name)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_names_a_rule_id(lang: str) -> None:
    """Issue 26, defect 11: "(PH-6.4)" showed in Paohuzi payments; the rule books' ids are for
    the code, not for players."""
    found = {f"{ns}:{k}": v for ns in _namespaces() for k, v in _load(lang, ns).items()
             if RULE_ID.search(v)}
    assert not found, found


def _assert_no_rule_id(page: Any, where: str) -> None:
    text = page.evaluate(VISIBLE)
    assert not RULE_ID.search(text), (where, RULE_ID.findall(text), text[:2000])


def test_every_literal_key_exists_in_english() -> None:
    tables = {ns: _load("en", ns) for ns in _namespaces()}
    missing = []
    for key, files in sorted(_literal_keys().items()):
        ns, _, rest = key.partition(".")
        table = tables.get(ns, {})
        if rest in table or f"{rest}.other" in table:
            continue
        missing.append(f"{key} (in {', '.join(sorted(files))})")
    assert _literal_keys(), "the key scan found no t() call at all"
    assert not missing, "keys used in web/*.js but missing from web/locales/en:\n" + "\n".join(missing)


# ------------------------------------------------------------------ in the browser

GAMES = ["sichuan", "mcr", "nantong", "paohuzi"]


def _switch(page: Any, lang: str) -> None:
    page.select_option("[data-testid=language]", lang)
    page.wait_for_function("(l) => document.documentElement.lang.slice(0, 2) === l", arg=lang)


def _missing(page: Any) -> list[str]:
    return page.evaluate("[...window.__paijuMissing]")


def test_language_switch_on_the_lobby_and_every_table(live_server: LiveServer, new_page: Any) -> None:
    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-sichuan").wait_for(timeout=30_000)
    page.evaluate("window.__sameDocument = true")  # gone if anything reloaded the page
    seen: dict[str, list[str]] = {"play": [], "tagline": [], "title": []}
    for lang in LANGUAGES:
        _switch(page, lang)
        page.get_by_test_id("play-sichuan").wait_for()
        assert _missing(page) == [], (lang, _missing(page))
        seen["play"].append(page.get_by_test_id("play-sichuan").inner_text())
        seen["tagline"].append(page.locator(".lobby__hero p").inner_text())
        seen["title"].append(page.locator("[data-testid=game-sichuan] h2").inner_text())
        # the AI levels keep their API names as values and show words a player understands
        select = page.get_by_test_id("level-sichuan")
        assert select.locator("option").evaluate_all("(os) => os.map((o) => o.value)") == LEVELS
        words = _load(lang, "app")
        assert select.locator("option").all_inner_texts() == [words[f"ai.{x}"] for x in LEVELS]
        _assert_no_rule_id(page, f"lobby {lang}")
        if lang in ("fr", "zh"):  # longer words, and Chinese text in the page's own language
            assert_no_axe_violations(page, f"the lobby in {lang}")
    for what, texts in seen.items():
        assert len(set(texts)) == len(LANGUAGES), (what, texts)
    assert page.evaluate("window.__sameDocument === true"), "switching languages reloaded the page"

    for game in GAMES:
        _switch(page, "en")
        page.evaluate("localStorage.removeItem('paiju.current')")
        page.goto(live_server.url + "/")
        page.get_by_test_id(f"play-{game}").click()
        page.locator("[data-testid=table] [data-testid=log]").wait_for(timeout=30_000)
        page.evaluate("window.__sameDocument = true")
        texts: dict[str, list[str]] = {"me": [], "log": [], "leave": [], "wall": [], "auto": []}
        for lang in LANGUAGES:
            _switch(page, lang)
            table = page.get_by_test_id("table")
            table.wait_for()
            assert _missing(page) == [], (game, lang, _missing(page))
            texts["me"].append(page.locator("[data-testid=my-seat] .seat__name").inner_text())
            texts["log"].append(page.locator(".log__title").inner_text())
            texts["leave"].append(page.get_by_test_id("leave").inner_text())
            texts["wall"].append(page.locator("[data-testid=wall] small").inner_text())
            texts["auto"].append("|".join(page.locator(".autoplay__label").all_inner_texts()))
            _assert_no_rule_id(page, f"{game} table {lang}")
            assert page.get_by_test_id("language").input_value() == lang
        if game == "sichuan":  # the opponents' level in words: "casual AI", not the API's "basic"
            _switch(page, "en")
            label = page.get_by_test_id("table").inner_text()
            assert "casual AI" in label and "basic AI" not in label, label
        for what, seen_texts in texts.items():
            assert len(set(seen_texts)) == len(LANGUAGES), (game, what, seen_texts)
        assert page.evaluate("window.__sameDocument === true"), f"{game}: the switch reloaded the page"
        assert not page.js_errors, page.js_errors


CJK = re.compile("[\u3000-\u303f\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def test_chinese_ui_font_has_every_character() -> None:
    """The Chinese interface renders on a machine with no CJK font: every character of the zh
    texts is in the bundled subset (web/fonts/README.md says how to rebuild it)."""
    font = ROOT / "web" / "fonts" / "paiju-cjk-ui.woff2"
    listed = set((ROOT / "web" / "fonts" / "paiju-cjk-ui.txt").read_text(encoding="utf-8").strip())
    assert font.stat().st_size > 10_000, "the Chinese UI font is missing"
    used: dict[str, str] = {}
    for path in sorted((LOCALES / "zh").glob("*.json")):
        for ch in CJK.findall(path.read_text(encoding="utf-8")):
            used.setdefault(ch, path.name)
    lacking = {ch: where for ch, where in used.items() if ch not in listed}
    assert used, "no Chinese text found"
    assert not lacking, ("characters missing from web/fonts/paiju-cjk-ui.txt (rebuild the subset, "
                         f"see web/fonts/README.md): {''.join(sorted(lacking))} in {sorted(set(lacking.values()))}")


def test_every_language_draws_its_chinese_with_the_bundled_font() -> None:
    """Outside the Chinese interface, every Chinese character on the page (the Chinese terms
    beside the French, English, Italian and Polish texts, and those of the app's files) is drawn
    with the bundled serif subset, ``PaijuCJK``: each must be in it (issue 26, defect 3: 臭, of
    "Passed cards (臭牌)" in the Paohuzi rules, was a gap in every non-Chinese language).
    ``paiju-cjk.txt`` lists the subset's characters (web/fonts/README.md rebuilds it)."""
    listed = set((ROOT / "web" / "fonts" / "paiju-cjk.txt").read_text(encoding="utf-8").strip())
    used: dict[str, str] = {}
    sources = [p for p in sorted(LOCALES.glob("*/*.json")) if p.parent.name != "zh"]
    sources += sorted((ROOT / "web").glob("*.js")) + [ROOT / "web" / "index.html"]
    for path in sources:
        for ch in CJK.findall(path.read_text(encoding="utf-8")):
            if not "\u3000" <= ch <= "\u303f" and not "\uff00" <= ch <= "\uffef":  # punctuation
                used.setdefault(ch, f"{path.parent.name}/{path.name}")
    lacking = {ch: where for ch, where in used.items() if ch not in listed}
    assert "臭" in used, "the Paohuzi rules' 臭牌 should be among the texts"
    assert not lacking, ("characters missing from web/fonts/paiju-cjk.txt (rebuild the subset, "
                         f"see web/fonts/README.md): {lacking}")


def test_the_servers_chinese_names_are_in_the_bundled_font() -> None:
    """The Chinese names the settlements and the calculators show beside every language's text
    come from the engine (each score item's ``chinese``): every character of them is in the
    serif subset too (a Sichuan option added 自摸加番, and 加 was not)."""
    from engine.mcr.patterns import PATTERNS as MCR
    from engine.nantong import scoring as nantong
    from engine.paohuzi import scoring as paohuzi
    from engine.paohuzi.mingtang import MINGTANG
    from engine.sichuan.scoring import PATTERNS as SICHUAN

    listed = set((ROOT / "web" / "fonts" / "paiju-cjk.txt").read_text(encoding="utf-8").strip())
    names = [entry[1] for table in (MCR, SICHUAN, nantong.HOLDINGS, nantong.FACTORS,
                                    nantong.SHAPES, nantong.BONUSES, nantong.MULTIPLIERS,
                                    paohuzi.GROUP_NAMES, MINGTANG) for entry in table.values()]
    lacking = {ch: name for name in names for ch in CJK.findall(name) if ch not in listed}
    assert len(names) > 100 and not lacking, lacking


def _finished_with_a_win(game: str) -> dict[str, Any]:
    """The first deal from seed 0 up that eager random play ends with a win (a settlement with
    its itemised win), as the match view the page would get; Nantong's needs the greedy player
    of its own browser test, random play hardly ever wins there."""
    import random

    from engine import get_game
    from engine.core.playout import eager_action, random_playout

    from .conftest import finished_match
    from .test_e2e_nantong import _won_deal

    if game == "nantong":
        return _won_deal()
    g = get_game(game)
    for seed in range(200):
        state, steps = random_playout(g, seed, random.Random(seed), policy=eager_action)
        result = g.result(state)
        assert result is not None
        if result.get("wins") or result.get("win") or result.get("winner") is not None:
            return finished_match(game, state, steps)
    raise AssertionError(f"no {game} deal with a win in 200 seeds")


@pytest.mark.parametrize("game", GAMES)
def test_settlement_in_every_language(game: str, live_server: LiveServer, new_page: Any) -> None:
    from .conftest import open_finished

    page = new_page(1280, 800)
    open_finished(page, live_server.url, _finished_with_a_win(game))
    page.get_by_test_id("settlement").wait_for()
    titles = []
    for lang in LANGUAGES:
        _switch(page, lang)
        page.get_by_test_id("settlement").wait_for()
        assert _missing(page) == [], (game, lang, _missing(page))
        titles.append(page.locator("#settle-title").inner_text())
        assert "{" not in page.get_by_test_id("settlement").inner_text(), (game, lang)
        _assert_no_rule_id(page, f"{game} settlement {lang}")
    assert len(set(titles)) == len(LANGUAGES), titles
    assert not page.js_errors, page.js_errors


def _plain(text: str) -> str:
    """Text with the typographic spaces (French "{name} : activé", Intl's numbers) made plain."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


#: Every text the status line shows, recorded (it fades after 4 s).
STATUS_SEEN = """() => { window.statusSeen = [];
  const el = document.querySelector('[data-testid=status]');
  new MutationObserver(() => window.statusSeen.push(el.textContent))
    .observe(el, {childList: true, characterData: true, subtree: true}); }"""


def test_autoplay_sound_and_history_in_every_language(live_server: LiveServer,
                                                      new_page: Any) -> None:
    """Issue 26's "done when": the auto-play switches, the sound settings and the History work
    in all five languages (test_autoplay and test_history play them in English, French, Polish
    and Chinese). One MCR table, switched in place to each language: the switches carry their
    names, Shift+X turns auto-pass on or off and the status line says so, the keyboard help
    names each switch, ⚙ names the volume and the mute; then the History page (the server's
    answer made by hand, as in test_history) heads its columns and says the results and the
    opponents in each language. No text is missing in any."""
    from .test_history import PAGES, STATS

    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-mcr").click()
    page.wait_for_selector("[data-testid=table][data-game=mcr] [data-testid=autoplay]",
                           timeout=30_000)
    page.evaluate(STATUS_SEEN)
    for i, lang in enumerate(LANGUAGES):
        _switch(page, lang)
        words = _load(lang, "play")
        names = [words[f"auto.{k}"] for k in ("win", "pass", "discard", "sort")]
        assert page.locator(".autoplay__label").all_inner_texts() == names, lang
        page.evaluate("document.activeElement?.blur()")  # the language menu keeps its keys
        on = i % 2 == 0  # on in English, off in French, on again in Polish...
        page.keyboard.press("Shift+X")
        said = _plain(words["auto.turnedOn" if on else "auto.turnedOff"]
                      .replace("{name}", words["auto.pass"]))
        page.wait_for_function(
            "(s) => window.statusSeen.some((x) => x.replace(/[\\u00a0\\u202f]/g, ' ') === s)",
            arg=said, timeout=5_000)
        assert page.get_by_test_id("auto-pass").is_checked() is on, lang
        page.keyboard.press("?")
        help_text = _plain(page.get_by_test_id("keys-help").inner_text())
        for name in names:
            assert _plain(words["auto.help"].replace("{name}", name)) in help_text, (lang, name)
        page.keyboard.press("Escape")
        page.get_by_test_id("keys-help").wait_for(state="hidden")
        page.get_by_test_id("settings-open").click()
        settings = _plain(page.get_by_test_id("settings").inner_text())
        for key in ("sound.volume", "sound.volumeHint", "sound.mute"):
            assert _plain(words[key]) in settings, (lang, key)
        page.get_by_test_id("settings-close").click()
        assert _missing(page) == [], (lang, _missing(page))

    def answer(route: Any) -> None:
        before = route.request.url.partition("before=")[2] or None
        body = {"player_id": "p", "stats": STATS, **PAGES[before]}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route("**/api/players/me/history*", answer)
    page.get_by_test_id("leave").click()
    page.get_by_test_id("lobby-history").click()
    page.get_by_test_id("history-deal").first.wait_for()
    for lang in LANGUAGES:
        _switch(page, lang)
        words, app = _load(lang, "history"), _load(lang, "app")
        page.wait_for_function("(t) => document.querySelector('h1')?.textContent === t",
                               arg=words["title"])
        page.get_by_test_id("history-deal").first.wait_for()  # re-read in the new language
        text = _plain(page.get_by_test_id("history").text_content() or "")
        for key in ("stats", "deals", "col.winRate", "col.dealInRate", "col.meanScore",
                    "col.best", "col.opponents", "col.result", "result.won", "person"):
            assert _plain(words[key]) in text, (lang, key)
        assert _plain(words["ai"].replace("{level}", app["ai.strong"])) in text, lang
        assert "{" not in text, (lang, text)
        assert _missing(page) == [], (lang, _missing(page))
    assert not page.js_errors, page.js_errors
