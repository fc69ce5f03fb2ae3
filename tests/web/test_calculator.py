"""The hand calculator page (#/calc/<game>) in the browser: a person builds a known hand by
clicking faces in the palette, sets the situation, and reads the itemised score — which must be
the engine's own ``game.score`` for the same spec, row by row and in total, and match a value
worked out by hand from the rules. An impossible hand shows the server's refusal in words, an
incomplete one says what is missing, and the page fits a 360 px wide phone.

Screenshots: tests/artifacts/calc-<game>.png (desktop) and calc-mcr-phone.png (360×740).
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from engine import get_game

from .axe import assert_no_axe_violations
from .conftest import LiveServer

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

# ------------------------------------------------------------------ driving the page


def faces(text: str) -> list[str]:
    return text.split()


def open_calc(page: Any, server: LiveServer, game: str) -> None:
    page.goto(f"{server.url}/#/calc/{game}")
    page.wait_for_selector(f"[data-testid=calc-page][data-game={game}]")


def mode(page: Any, name: str) -> None:
    page.click(f"[data-testid=calc-mode-{name}]")


def click(page: Any, faces: str) -> None:
    """Click each face of ``faces`` (space-separated) in the palette."""
    for face in faces.split():
        page.click(f"[data-testid=calc-face-{face}]")


def shown(page: Any) -> dict[str, Any]:
    """The scored result as the page shows it: each item row's code and last cell (web/items.js),
    and the total."""
    page.wait_for_selector("[data-testid=calc-result][data-state=scored]")
    return page.evaluate("""() => {
      const r = document.querySelector('[data-testid=calc-result]');
      return {
        rows: [...r.querySelectorAll('[data-testid=item]')].map((tr) =>
          [tr.dataset.code, tr.lastElementChild.textContent.trim()]),
        names: [...r.querySelectorAll('[data-testid=item] td:first-child')].map((td) => td.textContent),
        total: Number(r.querySelector('[data-testid=calc-total]').dataset.value),
        text: r.textContent,
      };
    }""")


def no_missing_keys(page: Any) -> None:
    """No text of this page's namespaces lacks a translation, and no script failed."""
    missing = page.evaluate("[...globalThis.__paijuMissing]")
    assert [k for k in missing if k.split(":", 1)[1].startswith(("calc.", "patterns."))] == []
    assert page.js_errors == []  # type: ignore[attr-defined]


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"calc-{name}.png"), full_page=True)


# ------------------------------------------------------------------ MCR


def test_mcr_known_hand_by_clicking(live_server: LiveServer, new_page: Any) -> None:
    """MCR-6 by hand: 1–9 characters, 2–3–4 dots and a 5-bamboo pair won on a discarded 5 bamboo
    is Pure Straight 16 + Concealed Hand 2 + All Chows 2 + Single Wait 1 = 21; the page shows the
    engine's rows and total."""
    page = new_page()
    open_calc(page, live_server, "mcr")
    click(page, "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p")
    assert "1" in page.text_content("[data-testid=calc-need]")  # one tile still missing
    click(page, "5s 5s")  # the 14th goes to the winning tile by itself
    assert page.get_attribute("[data-testid=calc-win-card]", "data-face") == "5s"
    got = shown(page)
    spec = {"concealed": faces("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s"), "winning_tile": "5s",
            "flowers": 0, "seat_wind": "E", "prevalent_wind": "E", "self_drawn": False,
            "last_tile": False, "kong_replacement": False, "robbing_kong": False,
            "fourth_tile": False}
    engine = get_game("mcr").score(spec)
    assert got["rows"] == [[p["code"], str(p["total"])] for p in engine["items"]]
    assert got["total"] == engine["total"] == 21
    assert got["rows"] == [["pure_straight", "16"], ["concealed_hand", "2"], ["all_chows", "2"],
                           ["single_wait", "1"]]
    assert got["names"][0].startswith("Pure Straight")
    shot(page, "mcr")
    assert_no_axe_violations(page, "the mcr calculator")
    no_missing_keys(page)


def test_mcr_melds_flowers_and_situation(live_server: LiveServer, new_page: Any) -> None:
    """MCR-4.4, MCR-6.3: declared melds (a pung of the seat wind, a chow, a concealed kong),
    two flowers, self-drawn, winds set; the page's itemisation is the engine's."""
    page = new_page()
    open_calc(page, live_server, "mcr")
    mode(page, "pung")
    click(page, "E")
    mode(page, "chow")
    click(page, "2p")
    mode(page, "concealed_kong")
    click(page, "7s")
    mode(page, "hand")
    click(page, "5m 6m 7m 9p f1 f5 9p")
    page.check("[data-testid=calc-flag-self_drawn]")
    page.select_option("[data-testid=calc-select-prevalent_wind]", "S")
    got = shown(page)
    spec = {"melds": [{"type": "pung", "tile": "E"}, {"type": "chow", "tile": "2p"},
                      {"type": "kong", "tile": "7s", "concealed": True}],
            "concealed": faces("5m 6m 7m 9p"), "winning_tile": "9p", "flowers": 2,
            "seat_wind": "E", "prevalent_wind": "S", "self_drawn": True}
    engine = get_game("mcr").score(spec)
    assert got["rows"] == [[p["code"], str(p["total"])] for p in engine["items"]]
    assert got["total"] == engine["total"]
    assert ["flower_tiles", "2"] in got["rows"] and ["seat_wind", "2"] in got["rows"]
    # issue 26, defect 10: the flowers come after "Points before flowers", which sums the rows
    # above it, then the total: the rows read top to bottom
    order = page.evaluate("""() => [...document.querySelectorAll('[data-testid=calc-table] tr')]
      .map((tr) => tr.dataset.code ?? tr.querySelector('[data-testid]')?.dataset.testid ?? '')
      .filter((x) => x)""")
    assert order[-3:] == ["calc-before-flowers", "flower_tiles", "calc-total"], order
    before = int(page.get_attribute("[data-testid=calc-before-flowers]", "data-value"))
    assert before == engine["points_before_flowers"] == engine["total"] - 2
    no_missing_keys(page)


def test_mcr_impossible_hand_shows_a_readable_error(live_server: LiveServer, new_page: Any) -> None:
    """A kong replacement without a kong (MCR-4.4) is refused by the server (422); the page says
    so in words, not as JSON, and recovers once the flag is cleared."""
    page = new_page()
    open_calc(page, live_server, "mcr")
    page.click("[data-testid=calc-example]")
    shown(page)
    page.check("[data-testid=calc-flag-kong_replacement]")
    page.wait_for_selector("[data-testid=calc-result][data-state=error]")
    text = page.text_content("[data-testid=calc-error]")
    assert "cannot score this hand" in text and "kong_replacement needs a kong" in text
    assert "{" not in text and "error" not in text.lower().split("kong_replacement")[0]
    page.uncheck("[data-testid=calc-flag-kong_replacement]")
    assert shown(page)["total"] == 21
    # a hand that is complete but forms no winning shape: the engine's reason, in words
    page.click("[data-testid=calc-clear]")
    click(page, "1m 3m 5m 7m 9m 2p 4p 6p 8p 1s 3s 5s 7s 9s")
    page.wait_for_selector("[data-testid=calc-result][data-state=not-winning]")
    assert "Not a winning hand" in page.text_content("[data-testid=calc-not-winning]")
    no_missing_keys(page)


def test_mcr_on_a_phone_and_shared_by_url(live_server: LiveServer, new_page: Any) -> None:
    """360×740: the palette, hand and result fit without horizontal scrolling; the URL carries
    the hand, so opening it again (in French) or switching the language shows the same score."""
    page = new_page(360, 740)
    open_calc(page, live_server, "mcr")
    page.click("[data-testid=calc-example]")
    total = shown(page)["total"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.is_visible("[data-testid=calc-summary]")  # the gist, pinned while building
    assert f"{total} points" in page.text_content("[data-testid=calc-summary]")
    shot(page, "mcr-phone")
    url = page.url
    assert "/calc/mcr/" in url
    other = new_page(360, 740)
    other.add_init_script("localStorage.setItem('paiju.lang', 'fr')")
    other.goto(url)
    got = shown(other)
    assert got["total"] == total
    assert got["names"][0].startswith("Suite pure")
    assert "Total des points" in got["text"]
    other.select_option("[data-testid=language]", "it")  # the page is drawn again from the URL
    other.wait_for_function("document.querySelector('[data-testid=item] td')?.textContent.startsWith('Scala pura')")
    assert shown(other)["total"] == total
    no_missing_keys(other)


# ------------------------------------------------------------------ Sichuan


def test_sichuan_known_hand_by_clicking(live_server: LiveServer, new_page: Any) -> None:
    """SC-8, SC-9.1: a bamboo full flush of chows won on a discard is 2 fan = 4 points; with a
    declared kong and a self-draw the page matches the engine row by row."""
    page = new_page()
    open_calc(page, live_server, "sichuan")
    click(page, "1s 2s 3s 2s 3s 4s 4s 5s 6s 7s 8s 9s 9s 9s")
    got = shown(page)
    spec = {"concealed": faces("1s 2s 3s 2s 3s 4s 4s 5s 6s 7s 8s 9s 9s"), "winning_tile": "9s",
            "missing_suit": "m"}
    engine = get_game("sichuan").score(spec)
    assert got["rows"] == [[p["code"], str(p["total"])] for p in engine["items"]]
    assert got["total"] == engine["points_per_payer"] == 4
    assert page.text_content("[data-testid=calc-fan]") == "2"

    page.click("[data-testid=calc-clear]")
    mode(page, "kong")
    click(page, "5p")
    mode(page, "hand")
    click(page, "2p 2p 2p 6p 7p 8p 3m 3m 3m 9p 9p")
    page.check("[data-testid=calc-flag-self_draw]")
    got = shown(page)
    spec = {"melds": [{"type": "kong", "tile": "5p"}], "concealed": faces("2p 2p 2p 6p 7p 8p 3m 3m 3m 9p"),
            "winning_tile": "9p", "missing_suit": "s", "self_draw": True}
    engine = get_game("sichuan").score(spec)
    assert got["rows"] == [[p["code"], str(p["total"])] for p in engine["items"]]
    assert got["total"] == engine["points_per_payer"]
    shot(page, "sichuan")
    assert_no_axe_violations(page, "the sichuan calculator")
    no_missing_keys(page)


# ------------------------------------------------------------------ Paohuzi


def test_paohuzi_known_hand_by_clicking(live_server: LiveServer, new_page: Any) -> None:
    """PH-6.1 to PH-6.3 by hand: big 壹贰叁 6 + small 2-7-10 3 + small 一二三 3 + a big kan 6 +
    a small kan 3 + a big peng 3 + 四五六 0 = 24 huxi, 1 + (24 − 15) // 3 = 4 tun."""
    page = new_page()
    open_calc(page, live_server, "paohuzi")
    mode(page, "peng")
    click(page, "d9")
    mode(page, "chi")
    click(page, "x3 x5")
    assert page.is_visible("[data-testid=calc-pending]")
    click(page, "x9")  # 三五九 is no chi: refused in words, nothing added
    assert "is not a chi" in page.text_content("[data-testid=calc-notice]")
    assert page.locator("[data-testid=calc-group]").count() == 1
    mode(page, "hand")
    click(page, "d1 d2 d3 x2 x7 x10 x1 x2 x3 d5 d5 d5 x8 x8 x8 x4 x5")
    mode(page, "win")
    click(page, "x6")
    got = shown(page)
    spec = {"groups": [{"type": "peng", "cards": ["d9"] * 3}],
            "concealed": faces("d1 d2 d3 x2 x7 x10 x1 x2 x3 d5 d5 d5 x8 x8 x8 x4 x5"),
            "winning_card": "x6"}
    engine = get_game("paohuzi").score(spec)
    assert sorted(got["rows"]) == sorted([g["code"], str(g["total"])] for g in engine["items"])
    assert got["total"] == engine["huxi"] == 24
    assert page.text_content("[data-testid=calc-tun]") == str(engine["tun"]) == "4"
    shot(page, "paohuzi")
    assert_no_axe_violations(page, "the paohuzi calculator")
    no_missing_keys(page)


# ------------------------------------------------------------------ Nantong


def test_nantong_known_hand_by_clicking(live_server: LiveServer, new_page: Any) -> None:
    """NT-6.3's worked example: with indicators 2 of Strings and 3 of Myriads, three 2 of Strings
    in hand are worth 24 hu; the whole win (six triplets, won on a discarded 5 of Myriads:
    Piao Hu) is itemised as the engine does; a second player's base hu and the settlement too."""
    page = new_page()
    open_calc(page, live_server, "nantong")
    mode(page, "indicator")
    click(page, "2s 3m")
    mode(page, "hand")
    click(page, "1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 3p 3p 3p 5m 5m 9p 9p")
    mode(page, "win")
    click(page, "5m")
    got = shown(page)
    spec = {"indicators": ["2s", "3m"], "players": [{
        "concealed": faces("1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 3p 3p 3p 5m 5m 9p 9p"),
        "win": {"how": "discard", "card": "5m"}}]}
    engine = get_game("nantong").score(spec)["players"][0]
    two_strings = page.evaluate("""() => [...document.querySelectorAll('[data-testid=item]')]
      .filter((tr) => tr.querySelector('[data-face="2s"]')).map((tr) => tr.lastElementChild.textContent)""")
    assert two_strings == ["24"]
    assert [r[0] for r in got["rows"]] == [i["code"] for i in engine["items"]]
    assert [i["op"] for i in engine["items"]][-1] == "×"  # Piao Hu doubles (NT-6.6)
    assert got["rows"][-1][1] == str(engine["total_before_rounding"])  # a × row: what it makes
    assert got["total"] == engine["total"]
    assert page.text_content("[data-testid=calc-base]") == str(engine["base"])

    # a second player who did not win, with an exposed pung of the Thousand: base hu only, and
    # the two settle the difference of their totals (NT-6.9)
    page.click("[data-testid=calc-player-add]")
    mode(page, "pung")
    click(page, "Q")
    mode(page, "hand")
    click(page, "1m 2m 2m 2m 2m 4m 4m 4m 4m 5p 5p 5p 5p 6p 6p 6p 6p 8s 8s")
    got = shown(page)
    spec["players"].append({"concealed": faces("1m 2m 2m 2m 2m 4m 4m 4m 4m 5p 5p 5p 5p 6p 6p 6p 6p 8s 8s"),
                            "melds": [{"type": "pung", "card": "Q"}]})
    result = get_game("nantong").score(spec)
    second = result["players"][1]
    assert got["total"] == second["total"]
    assert [r[0] for r in got["rows"]] == [i["code"] for i in second["items"]]
    assert ["exposed_pung", "4"] in got["rows"]  # an Old General doubles first (NT-6.2)
    settled = page.evaluate("""() => [...document.querySelectorAll('[data-testid=calc-settlement-row]')]
      .map((tr) => Number(tr.lastElementChild.dataset.value))""")
    assert settled == result["deltas"] and sum(settled) == 0
    page.click("[data-testid=calc-player-0]")  # back to the winner, whose cards were kept
    assert shown(page)["total"] == result["players"][0]["total"]
    shot(page, "nantong")
    assert_no_axe_violations(page, "the nantong calculator")
    no_missing_keys(page)


# ------------------------------------------------------------------ refusals in words, every game


def test_each_game_explains_an_impossible_situation(live_server: LiveServer, new_page: Any) -> None:
    """Each game's example hand with a situation its rules exclude: the server's 422 is shown as
    a sentence under a translated heading (SC-6.4 robbing a kong is never a self-draw; PH-2.4 a
    Heavenly hand has no winning card; NT-3.5 a Hezi needs two indicators of one face)."""
    page = new_page()
    for game, flag, words in (("sichuan", "robbing_kong", "never with self_draw"),
                              ("paohuzi", "heavenly", "no winning_card"),
                              ("nantong", "hezi", "both indicators of the same face")):
        open_calc(page, live_server, game)
        page.click("[data-testid=calc-example]")
        shown(page)
        if game == "sichuan":
            page.check("[data-testid=calc-flag-self_draw]")
        page.check(f"[data-testid=calc-flag-{flag}]")
        page.wait_for_selector("[data-testid=calc-result][data-state=error]")
        text = page.text_content("[data-testid=calc-error]")
        assert "cannot score this hand" in text and words in text and "{" not in text
    no_missing_keys(page)


# ------------------------------------------------------------------ layout (issue 26, defect 13)

MIN_CARD_PX = 16

LAYOUT = """() => {
    const rect = (el) => el.getBoundingClientRect();
    const result = document.querySelector('[data-testid=calc-result]');
    const hand = document.querySelector('[data-testid=calc-hand] .calc__cards');
    const cards = [...hand.querySelectorAll('[data-testid=calc-hand-card]')].map((c) => ({
      suit: /\\d/.test(c.dataset.face) ? c.dataset.face.replace(/\\d+/g, '') : '*',
      top: Math.round(rect(c).top), width: rect(c).width + 3 }));
    const rows = [...result.querySelectorAll('tr')].map((tr) => [rect(tr).top, rect(tr).bottom]);
    return {
      resultTop: rect(result).top, buildTop: rect(document.querySelector('.calc__build')).top,
      cardWidths: [...result.querySelectorAll('[data-face]')].map((c) => rect(c).width),
      handWidth: rect(hand).width, cards, rows,
      overflow: result.scrollWidth - result.clientWidth,
      tableRight: Math.max(...[...result.querySelectorAll('table')].map((t) => rect(t).right)),
      resultRight: rect(result).right,
      pageOverflow: document.documentElement.scrollWidth - innerWidth,
    };
}"""


def hand_breaks_inside_a_suit(cards: list[dict[str, Any]], line: float) -> list[int]:
    """Where the hand wraps between two cards of one suit whose run would fit on one line."""
    runs: list[list[dict[str, Any]]] = []
    for c in cards:
        if runs and runs[-1][0]["suit"] == c["suit"]:
            runs[-1].append(c)
        else:
            runs.append([c])
    bad = []
    for run in runs:
        if sum(c["width"] for c in run) <= line:
            bad += [i for i, (a, b) in enumerate(pairwise(run))
                    if a["top"] != b["top"]]
    return bad


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (360, 740)])
@pytest.mark.parametrize("game", ["mcr", "sichuan", "paohuzi", "nantong"])
def test_the_example_lays_out_cleanly(live_server: LiveServer, new_page: Any, game: str,
                                      width: int, height: int) -> None:
    """Every calculator with its example hand: on a desktop the score's top is level with the
    builder's and, stuck at the window's top while the builder scrolls, the whole score is in
    sight; its cards are readable (at least 16 px wide); the hand wraps only between suits;
    nothing overflows its card or the page."""
    page = new_page(width, height)
    open_calc(page, live_server, game)
    page.click("[data-testid=calc-example]")
    page.wait_for_selector("[data-testid=calc-result][data-state=scored]")
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate(LAYOUT)
    if width >= 900:
        assert abs(got["resultTop"] - got["buildTop"]) <= 1, got
    assert got["cardWidths"] and min(got["cardWidths"]) >= MIN_CARD_PX, got["cardWidths"]
    assert hand_breaks_inside_a_suit(got["cards"], got["handWidth"]) == [], got["cards"]
    assert got["overflow"] <= 0 and got["tableRight"] <= got["resultRight"] + 0.5, got
    assert got["pageOverflow"] <= 0, got
    assert all(b[0] >= a[1] - 1 for a, b in pairwise(got["rows"])), got
    if width >= 900:  # the score, stuck beside the builder while it scrolls, is whole in sight
        page.evaluate(f"window.scrollTo(0, {got['resultTop']})")
        page.wait_for_timeout(100)
        box = page.get_by_test_id("calc-result").bounding_box()
        assert 0 <= box["y"] <= 10 and box["y"] + box["height"] <= height, box
    shot(page, f"{game}-example-{width}")
    no_missing_keys(page)


def test_paohuzi_house_rules_mingtang_and_xing(live_server: LiveServer, new_page: Any) -> None:
    """OPT-PH-3.2, OPT-PH-5.1 by hand: big kans 壹 叁 伍 捌 (4 × 6), a 玖 peng on another's 玖
    (3), 绞 六 陆 陆 (0), big 贰柒拾 (6): 33 huxi, 7 tun, 20 big cards: 大胡 8 + 2 = 10. Under
    full 名堂 and xing "turn" with 一 turned (xing face 二, none held) each opponent pays
    7 × 10 = 70; on the stock's last card the winning 玖 is turned (拾, one held: t = 8) and
    海胡 adds 6: 8 × 16 = 128. The page's rows are the engine's, and its house-rule selects send
    the options (the turned card's select only while it is needed)."""
    page = new_page()
    open_calc(page, live_server, "paohuzi")
    hand = "d1 d1 d1 d3 d3 d3 d5 d5 d5 d8 d8 d8 d9 d9 x6 d6 d6 d2 d7 d10"
    mode(page, "hand")
    click(page, hand)
    mode(page, "win")
    click(page, "d9")
    page.wait_for_selector("[data-testid=calc-result][data-state=scored]")
    assert page.locator("[data-testid=payment-table]").count() == 0  # the rules as written
    assert not page.is_visible("[data-testid=calc-select-turned_card]")
    page.select_option("[data-testid=calc-select-mingtang]", "full")
    page.select_option("[data-testid=calc-select-xing]", "turn")
    page.select_option("[data-testid=calc-select-turned_card]", "x1")
    spec = {"concealed": faces(hand), "winning_card": "d9", "turned_card": "x1",
            "options": {"mingtang": "full", "xing": "turn"}}

    def tables() -> dict[str, Any]:
        page.wait_for_selector("[data-testid=payment-table] [data-code=pay_xing_turn]")
        return page.evaluate("""() => {
          const rows = (id) => [...document.querySelectorAll(
            `[data-testid=${id}] [data-testid=item]`)]
            .map((tr) => [tr.dataset.code, tr.lastElementChild.textContent.trim()]);
          const cell = (id) => document.querySelector(`[data-testid=${id}]`)?.dataset.value;
          return {mingtang: rows('mingtang-table'), payment: rows('payment-table'),
                  multiplier: Number(cell('mingtang-multiplier')), pays: Number(cell('each-pays')),
                  summary: document.querySelector('[data-testid=calc-result]').textContent};
        }""")

    got = tables()
    engine = get_game("paohuzi").score(spec)
    assert got["mingtang"] == [[i["code"], str(i["total"])] for i in engine["mingtang"]]
    assert got["mingtang"] == [["da_hu", "10"]] and got["multiplier"] == engine["multiplier"] == 10
    assert got["payment"] == [["pay_tun", "7"], ["pay_xing_turn", "0"], ["pay_mingtang", "70"]]
    assert got["pays"] == engine["payment"] == 70
    page.click("[data-testid=calc-flag-last_card]")
    page.wait_for_function("() => document.querySelector('[data-testid=each-pays]')"
                           "?.dataset.value === '128'")
    assert not page.is_visible("[data-testid=calc-select-turned_card]")
    got = tables()
    last = {k: v for k, v in spec.items() if k != "turned_card"} | {"last_card": True}
    engine = get_game("paohuzi").score(last)
    assert got["mingtang"] == [["da_hu", "10"], ["hai_hu", "6"]] and got["multiplier"] == 16
    assert got["payment"] == [["pay_tun", "7"], ["pay_xing_turn", "1"], ["pay_mingtang", "128"]]
    assert engine["payment"] == 128
    shot(page, "paohuzi-rules")
    assert_no_axe_violations(page, "the paohuzi calculator with house rules")
    no_missing_keys(page)
