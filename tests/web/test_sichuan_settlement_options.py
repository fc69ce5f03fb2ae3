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
