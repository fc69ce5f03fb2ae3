"""Display settings (web/settings.js): chosen in the panel, kept across a reload (with the
language), applied to <html> before the page's own script runs; and the claim timer, which is
off unless asked for, counts down on a claim and passes by itself when it runs out.
"""

from __future__ import annotations

from typing import Any

from .axe import assert_no_axe_violations
from .conftest import LiveServer
from .probe import probe, turns
from .test_e2e import _acted, _click

# Records <html>'s classes and style at the moment <body> appears: after index.html's inline
# script, before any module (app.js, settings.js) has run.
EARLY = """
new MutationObserver((_, obs) => {
  if (!document.body) return;
  obs.disconnect();
  const r = document.documentElement;
  window.__early = {cls: r.className, contrast: r.style.getPropertyValue('--set-contrast'),
                    tone: r.hasAttribute('data-set-contrast')};
}).observe(document, {childList: true, subtree: true});
"""

HTML = """() => { const r = document.documentElement; return {
  cls: [...r.classList], contrast: r.style.getPropertyValue('--set-contrast'),
  grain: r.style.getPropertyValue('--set-grain'), temperature: r.style.getPropertyValue('--set-temperature'),
  toneAttr: r.hasAttribute('data-set-contrast'), grainAttr: r.hasAttribute('data-set-grain'),
  filter: getComputedStyle(r).filter, lang: r.lang }; }"""


def test_settings_and_language_persist_across_reload(live_server: LiveServer, new_page: Any) -> None:
    page = new_page(1280, 800)
    page.add_init_script(EARLY)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-sichuan").wait_for()
    before = page.evaluate(HTML)
    assert before["filter"] == "none" and not before["toneAttr"], before  # 50 % = today's look
    assert "set-largeTiles" not in before["cls"]

    page.get_by_test_id("settings-open").click()
    panel = page.get_by_test_id("settings")
    panel.wait_for()
    for name in ("contrast", "grain", "temperature"):
        assert page.get_by_test_id(f"setting-{name}").input_value() == "50"
    assert page.get_by_test_id("setting-claimTimer").input_value() == "0"  # off by default
    assert_no_axe_violations(page, "the ⚙ settings dialog", "[data-testid=settings]")
    page.get_by_test_id("setting-contrast").fill("80")
    page.get_by_test_id("setting-grain").fill("100")
    page.get_by_test_id("setting-temperature").fill("20")
    page.get_by_test_id("setting-largeTiles").check()
    page.get_by_test_id("setting-reducedMotion").check()
    page.get_by_test_id("setting-claimTimer").select_option("20")
    assert page.get_by_test_id("setting-contrast-value").inner_text() == "80%"
    now = page.evaluate(HTML)
    assert now["contrast"] == "0.8" and now["toneAttr"] and now["filter"] != "none", now
    assert {"set-largeTiles", "set-reducedMotion"} <= set(now["cls"]), now
    wide = page.evaluate("() => document.querySelector('.lobby__tiles .tile').getBoundingClientRect().width")
    page.keyboard.press("Escape")
    assert panel.count() == 0
    page.select_option("[data-testid=language]", "pl")
    page.wait_for_function("document.documentElement.lang === 'pl'")

    page.reload()
    page.get_by_test_id("play-sichuan").wait_for()
    early = page.evaluate("window.__early")
    assert "set-largeTiles" in early["cls"] and "set-reducedMotion" in early["cls"], early
    assert early["contrast"] == "0.8" and early["tone"], early
    after = page.evaluate(HTML)
    assert after["contrast"] == "0.8" and after["grain"] == "1" and after["temperature"] == "0.2", after
    assert after["toneAttr"] and after["grainAttr"] and after["filter"] != "none", after
    wash = page.evaluate("() => { const s = getComputedStyle(document.body, '::before');"
                         " return {content: s.content, opacity: Number(s.opacity)}; }")
    assert wash["content"] != "none" and wash["opacity"] > 0, wash  # temperature 20: a cool wash
    grain = page.evaluate("Number(getComputedStyle(document.body, '::after').opacity)")
    assert grain > 0, grain
    assert {"set-largeTiles", "set-reducedMotion"} <= set(after["cls"]), after
    assert after["lang"] == "pl" and page.get_by_test_id("language").input_value() == "pl"
    assert page.get_by_test_id("play-sichuan").inner_text() == "Graj"
    assert page.evaluate("() => document.querySelector('.lobby__tiles .tile').getBoundingClientRect().width") == wide
    # reduced motion: the lobby's animations are off
    assert page.evaluate("getComputedStyle(document.querySelector('.lobby__tiles .tile')).animationName") \
        in ("none", "")

    page.get_by_test_id("settings-open").click()
    assert page.get_by_test_id("setting-contrast").input_value() == "80"
    assert page.get_by_test_id("setting-largeTiles").is_checked()
    assert page.get_by_test_id("setting-claimTimer").input_value() == "20"
    assert page.get_by_test_id("settings").locator("h2").inner_text() == "Ustawienia"
    page.get_by_test_id("settings-reset").click()
    back = page.evaluate(HTML)
    assert not back["toneAttr"] and back["filter"] == "none" and "set-largeTiles" not in back["cls"], back
    assert page.evaluate("[...window.__paijuMissing].filter((k) => k.includes(':app.'))") == []
    assert not page.js_errors, page.js_errors


TIMER_PROBE = probe(timer="!!q('[data-testid=claim-timer]')",
                    left="q('[data-testid=claim-timer]') ? Number(q('[data-testid=claim-timer]').dataset.left) : -1")


def test_claim_timer_passes_by_itself(live_server: LiveServer, new_page: Any) -> None:
    """With the timer at 10 s, a claim shows a countdown and, left alone, passes by itself; the
    deal goes on (discards are clicked, wins taken, only claims left to the timer)."""
    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    page.evaluate("localStorage.setItem('paiju.settings', JSON.stringify({claimTimer: 10}))")
    page.reload()
    page.get_by_test_id("play-mcr").click()  # MCR: chows make claims frequent
    stats = {"discards": 0, "timed_passes": 0}
    for s in turns(page, TIMER_PROBE, 120, "MCR (claim timer)", live_server, stats):
        v = s["version"]
        if s["claimWin"]:
            if _click(page.get_by_test_id("claim-win")):
                _acted(page, v, "Win on a claim")
            continue
        if s["claimPass"]:
            timer = page.get_by_test_id("claim-timer")
            timer.wait_for()
            assert 0 < int(timer.get_attribute("data-left") or "0") <= 10
            assert any(ch.isdigit() for ch in timer.inner_text()), timer.inner_text()
            # nobody clicks: the timer itself posts Pass for this decision
            with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/actions")
                                     and '"pass"' in (r.post_data or ""), timeout=20_000):
                pass
            stats["timed_passes"] += 1
            if stats["timed_passes"] == 2:
                break
            page.wait_for_timeout(300)
            continue
        if s["turnWin"]:
            if _click(page.get_by_test_id("turn-win")):
                _acted(page, v, "Win")
            continue
        if s["legal"]:
            tile = page.locator("[data-testid=hand-tile][data-legal=true]").last
            if _click(tile) and _click(page.get_by_test_id("discard")) and _acted(page, v, "Discard"):
                stats["discards"] += 1
            continue
        page.wait_for_timeout(30)
    log = live_server.log()
    assert "Traceback" not in log, log
    assert stats["timed_passes"] >= 1 or page.get_by_test_id("settlement").count() == 1, stats
    assert not page.js_errors, page.js_errors


def test_the_lobby_picks_the_ai_level_and_remembers_it(live_server: LiveServer, new_page: Any) -> None:
    """The level chosen on a game's card is what the match's AI seats play, and the lobby shows
    it again after a reload; the blurb names it."""
    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    picker = page.get_by_test_id("level-paohuzi")
    picker.wait_for()
    assert picker.input_value() == "basic"
    picker.select_option("strong")
    assert "strong" in page.get_by_test_id("blurb-paohuzi").inner_text()
    page.reload()
    page.get_by_test_id("level-paohuzi").wait_for()
    assert page.get_by_test_id("level-paohuzi").input_value() == "strong"
    assert page.get_by_test_id("level-sichuan").input_value() == "basic"  # per game
    page.get_by_test_id("play-paohuzi").click()
    page.get_by_test_id("table").wait_for(timeout=15_000)
    session = page.evaluate("JSON.parse(localStorage.getItem('paiju.current'))")
    view = page.evaluate(
        "async ([id, token]) => (await fetch(`/api/matches/${id}`,"
        " {headers: {Authorization: `Bearer ${token}`}})).json()",
        [session["match_id"], session["token"]])
    levels = [s.get("level") for s in view["seats"] if s["kind"] == "ai"]
    assert levels == ["strong", "strong"], view["seats"]
    assert page.evaluate("[...window.__paijuMissing]") == []


def test_the_dialog_still_closes_after_back_to_the_defaults(live_server: LiveServer,
                                                            new_page: Any) -> None:
    """Issue 26, defect 1: after "Back to the defaults" the dialog closed no more (Close,
    Escape and a click outside did nothing, and ⚙ opened a second one): the reset put a new
    dialog in place of the one the app held. It now refills the same dialog."""
    page = new_page(1280, 800)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-sichuan").wait_for()
    panel = page.get_by_test_id("settings")
    closes = [
        lambda: page.get_by_test_id("settings-close").click(),
        lambda: page.keyboard.press("Escape"),
        lambda: page.mouse.click(5, 790),  # outside the dialog
        lambda: page.get_by_test_id("settings-open").click(),  # ⚙ again toggles it shut
    ]
    for close in closes:
        page.get_by_test_id("settings-open").click()
        panel.wait_for()
        page.get_by_test_id("setting-contrast").fill("80")
        page.get_by_test_id("settings-reset").click()
        assert page.get_by_test_id("setting-contrast").input_value() == "50"  # reset, refilled
        assert page.get_by_test_id("setting-contrast-value").inner_text() == "50%"
        assert panel.count() == 1
        close()
        assert panel.count() == 0
        assert page.get_by_test_id("settings-open").get_attribute("aria-expanded") == "false"


def test_percentages_are_written_the_languages_way(live_server: LiveServer, new_page: Any) -> None:
    """The volume and the sliders say their value as Intl.NumberFormat writes a percentage:
    "50 %" in French (a no-break space before the sign), "50%" in English."""
    for lang in ("fr", "en"):
        page = new_page(1280, 800)
        page.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}')")
        page.goto(live_server.url + "/")
        page.get_by_test_id("settings-open").click()
        percent = page.evaluate("""(lang) => [0.5, 0.35].map((n) => new Intl.NumberFormat(lang,
            {style: 'percent'}).format(n))""", lang)
        spaced = [p.replace("\u00a0", " ").replace("\u202f", " ") for p in percent]
        assert spaced == (["50 %", "35 %"] if lang == "fr" else ["50%", "35%"]), percent
        value = page.get_by_test_id("setting-volume-value")
        assert value.inner_text() == percent[0], (lang, value.inner_text())
        assert page.get_by_test_id("setting-contrast-value").inner_text() == percent[0]
        page.get_by_test_id("setting-volume").fill("35")
        assert value.inner_text() == percent[1]
        assert page.js_errors == []
