"""A Paohuzi settlement under house rules in the browser (shared/rules/options.md OPT-PH-3,
OPT-PH-5): the 名堂 rows with their multiplier, the xing (the turned card, the face it names,
its count) and the payment row by row, equal to the engine's result and the payments, in every
language; the log says the turned card. Screenshot: tests/artifacts/paohuzi-rules-settlement.png.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine import get_game
from engine.core.options import Variant
from engine.core.playout import eager_action, random_playout

from .axe import assert_no_axe_violations
from .conftest import LiveServer, finished_match, open_finished

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
OPTIONS = {"mingtang": "full", "xing": "turn", "min_huxi": 10}
LANGUAGES = ["en", "fr", "it", "pl", "zh"]


def _won_under_options() -> tuple[dict[str, Any], dict[str, Any]]:
    """The first seeded deal eager play wins under OPTIONS with a 名堂 (the match view, its
    result's win)."""
    game = Variant(get_game("paohuzi"), OPTIONS)
    for seed in range(300):
        state, steps = random_playout(game, seed, random.Random(seed), policy=eager_action)
        win = state.win
        if win is not None and win.settlement.mingtang and win.card is not None:
            match = finished_match("paohuzi", state, steps)
            return match, match["state"]["result"]["win"]
    raise AssertionError("no deal won with a 名堂 in 300 seeds")


def test_settlement_shows_mingtang_xing_and_payment(live_server: LiveServer, new_page: Any) -> None:
    """OPT-PH-3.3: the 名堂 rows add up to the multiplier; OPT-PH-5.1: the turned card and the
    xing face are drawn; OPT-PH-1.1: the tun row counts from the match's minimum; the payment rows run tun + xing × multiplier = each opponent's payment,
    the amount of the payments list."""
    match, win = _won_under_options()
    assert win["xing"]["mode"] == "turn" and win["xing"]["card"] is not None
    page = new_page(1280, 900)
    open_finished(page, live_server.url, match)
    page.get_by_test_id("settlement").wait_for()
    got = page.evaluate("""() => {
      const rows = (id) => [...document.querySelectorAll(`[data-testid=${id}] [data-testid=item]`)]
        .map((tr) => [tr.dataset.code, tr.lastElementChild.textContent.trim(),
                      [...tr.querySelectorAll('[data-face]')].map((c) => c.dataset.face)]);
      const cell = (id) => Number(document.querySelector(`[data-testid=${id}]`)?.dataset.value);
      return {mingtang: rows('mingtang-table'), payment: rows('payment-table'),
              multiplier: cell('mingtang-multiplier'), pays: cell('each-pays'),
              amounts: [...document.querySelectorAll('[data-testid=payment-amount]')]
                .map((e) => e.textContent)};
    }""")
    assert [(code, total) for code, total, _ in got["mingtang"]] == [
        (i["code"], str(i["total"])) for i in win["mingtang"]]
    assert got["multiplier"] == win["multiplier"] == sum(i["total"] for i in win["mingtang"])
    xing = win["xing"]
    running = win["tun"] + xing["count"]
    expected = [["pay_tun", str(win["tun"]), []],
                ["pay_xing_turn", str(xing["count"]), [xing["card"]["face"], xing["face"]]]]
    if win["multiplier"] != 1:
        running *= win["multiplier"]
        expected.append(["pay_mingtang", str(running), []])
    assert got["payment"] == expected
    assert got["pays"] == win["payment"] == running
    assert all(str(win["payment"]) in a for a in got["amounts"]), got["amounts"]
    # OPT-PH-1.1: the tun row counts from the match's minimum, 10
    assert f"({win['huxi']} − 10) ÷ 3" in page.get_by_test_id("tun-rule").inner_text()
    log = page.get_by_test_id("log").inner_text()
    assert "Xing" in log, log
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(600)  # the panel's fade-in, for a readable picture
    page.screenshot(path=str(ARTIFACTS / "paohuzi-rules-settlement.png"), full_page=True)
    assert_no_axe_violations(page, "a Paohuzi settlement under house rules")
    for lang in LANGUAGES[1:]:
        page.select_option("[data-testid=language]", lang)
        page.wait_for_function("(l) => document.documentElement.lang.slice(0, 2) === l", arg=lang)
        page.get_by_test_id("payment-table").wait_for()
        assert page.evaluate("[...window.__paijuMissing]") == [], lang
    assert not page.js_errors, page.js_errors
