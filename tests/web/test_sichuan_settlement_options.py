"""The Sichuan settlement under house rules (rules/options.md OPT-SC-6, OPT-SC-7): a deal where
a kong's player is won on right after its replacement shows the 杠上炮 row in the win and the
call transfer as a payment line of its own, named in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.sichuan.test_call_transfer import refund_position

from .conftest import LiveServer, finished_match, open_finished
from .test_i18n import LANGUAGES, _missing, _switch

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
NAMES = {"en": ("Call transfer", "Win on a discard after a kong"),
         "fr": ("Transfert d’appel", "Victoire sur la défausse après un kong"),
         "zh": ("呼叫转移", "杠上炮")}


def test_settlement_shows_the_transfer_and_the_kong_discard_row(live_server: LiveServer,
                                                                 new_page: Any) -> None:
    """OPT-SC-6.3: the transfer is itemised as its own line (reason ``call_transfer``), after
    the win it follows; OPT-SC-7.2: the win lists 杠上炮 with 海底; OPT-SC-6.3: the refund at
    the exhausted wall gives back only the exposed kong's 2."""
    state = refund_position(call_transfer="on", extra_fans=["gang_shang_pao"])
    page = new_page(1280, 900)
    open_finished(page, live_server.url, finished_match("sichuan", state, len(state.events)))
    page.get_by_test_id("settlement").wait_for()
    for lang in LANGUAGES:
        _switch(page, lang)
        page.get_by_test_id("settlement").wait_for()
        assert _missing(page) == [], (lang, _missing(page))
        reasons = page.eval_on_selector_all("[data-testid=payment]",
                                            "(rows) => rows.map((r) => r.dataset.reason)")
        assert reasons.index("call_transfer") == reasons.index("win") + 1
        assert reasons.count("refund") == 1
        row = page.locator("[data-testid=payment][data-reason=call_transfer]").inner_text()
        assert "6" in row and "{" not in row
        items = page.eval_on_selector_all("[data-testid=win] [data-testid=item]",
                                          "(rows) => rows.map((r) => r.dataset.code)")
        assert items == ["basic_hand", "last_tile", "kong_discard"], items
        if lang in NAMES:
            transfer, pattern = NAMES[lang]
            assert transfer in row, (lang, row)
            assert pattern in page.get_by_test_id("win").inner_text(), lang
    _switch(page, "en")
    page.get_by_test_id("settlement").wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "sichuan-settlement-options.png"), full_page=True)
    assert not page.js_errors, page.js_errors


def _third_win_heavenly(**options: Any) -> Any:
    """Seats 2 and 3 have won; the dealer wins on its dealt hand (2 fan), the third win, so
    the deal is over; only seat 1 pays."""
    from dataclasses import replace

    from engine import get_game
    from tests.sichuan.test_options import with_options
    from tests.sichuan.test_rules import a_win

    from .conftest import finished_match as finished

    g = get_game("sichuan")
    state = replace(with_options(*[_heavenly_position()], **options), wins=(a_win(2), a_win(3)))
    after = g.apply(state, 0, {"type": "win"})
    assert after.phase == "over"
    return finished("sichuan", after, 1)


def _heavenly_position() -> Any:
    from tests.sichuan.position import position
    state, _ = position({0: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m", 1: "1s 2s"})
    return state


def test_the_win_says_plus_one_only_when_it_was_paid(live_server: LiveServer,
                                                     new_page: Any) -> None:
    """OPT-SC-4.1: the dealer's first-turn win (2 fan) is paid 4 + 1; OPT-SC-7.3: as a 天胡 it
    is 32 with no point after it, and OPT-SC-3.1 caps it at 3 fan (8), which the win says."""
    page = new_page(1280, 900)
    for options, plus, capped, points in (({}, True, False, 4),
                                          ({"extra_fans": ["tian_di_hu"]}, False, False, 32),
                                          ({"extra_fans": ["tian_di_hu"], "fan_cap": 3}, False,
                                           True, 8)):
        match = _third_win_heavenly(**options)
        match["match_id"] = f"finished-sichuan-{len(options)}-{options.get('fan_cap')}"
        open_finished(page, live_server.url, match)
        page.get_by_test_id("settlement").wait_for()
        text = page.locator("[data-testid=win][data-seat='0']").inner_text()
        assert ("+ 1 from each payer" in text) is plus, (options, text)
        assert ("capped at 3" in text) is capped, (options, text)
        assert f"{points} points" in text, (options, text)
