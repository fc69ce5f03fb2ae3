"""The Sichuan calculator page under house rules (rules/options.md OPT-SC-3, 4, 7): a person sets
the fan cap, the self-draw bonus and the extra fan rows in their own fieldset, the situation
offers 天胡/地胡/杠上炮 once their row is on, and the itemised score is the engine's
``game.score`` for the same spec and options, row by row; the settings survive a reload."""

from __future__ import annotations

from typing import Any

from engine import get_game

from .axe import assert_no_axe_violations
from .conftest import LiveServer
from .test_calculator import click, faces, mode, no_missing_keys, open_calc, shown

HAND = "2m 3m 4m 5m 6m 7m 3s 4s 5s 6s 7s 8s 5m"
"""All simples, no meld: won on a second 5m."""


def engine_rows(**more: Any) -> tuple[list[list[str]], int]:
    spec = {"concealed": faces(HAND), "winning_tile": "5m", "missing_suit": "p", **more}
    r = get_game("sichuan").score(spec)
    return [[p["code"], str(p["total"])] for p in r["items"]], r["points_per_payer"]


def test_sichuan_calculator_under_house_rules(live_server: LiveServer, new_page: Any) -> None:
    """OPT-SC-7.1: 门清 and 中张 switched on add a fan each (2 fan, 4 points); OPT-SC-7.3: with
    天胡/地胡 on, a Heavenly hand is 32 with no self-draw point, and OPT-SC-3.1 caps it at 8
    under a 3-fan cap; the page's rows and totals are the engine's."""
    page = new_page()
    open_calc(page, live_server, "sichuan")
    click(page, HAND + " 5m")
    got = shown(page)
    rows, total = engine_rows()
    assert (got["rows"], got["total"]) == (rows, total) and total == 1
    assert page.locator("[data-testid=calc-rules]").is_visible()
    assert page.locator("[data-testid=calc-flag-heavenly]").count() == 0  # its row is off

    page.check("[data-testid=calc-flag-menqing_zhongzhang]")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '4'")
    got = shown(page)
    rows, total = engine_rows(options={"extra_fans": ["menqing_zhongzhang"]})
    assert got["rows"] == rows == [["basic_hand", "0"], ["concealed_hand", "1"],
                                   ["all_simples", "1"]]
    assert got["total"] == total == 4
    assert "Concealed hand" in got["text"] and "All simples" in got["text"]

    page.check("[data-testid=calc-flag-tian_di_hu]")
    page.check("[data-testid=calc-flag-heavenly]")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '32'")
    got = shown(page)
    options = {"extra_fans": ["menqing_zhongzhang", "tian_di_hu"]}
    rows, total = engine_rows(heavenly=True, options=options)
    assert got["rows"] == rows == [["heavenly_hand", "5"]] and got["total"] == total == 32
    assert "Heavenly hand" in got["text"] and "+1" not in got["text"]

    page.select_option("[data-testid=calc-select-fan_cap]", "3")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '8'")
    assert "capped at 3 fan" in shown(page)["text"]
    assert_no_axe_violations(page, "the sichuan calculator with house rules")
    no_missing_keys(page)

    page.reload()  # the rules live in the URL with the hand
    page.wait_for_selector("[data-testid=calc-page][data-game=sichuan]")
    assert shown(page)["total"] == 8
    assert page.is_checked("[data-testid=calc-flag-heavenly]")


def test_kong_discard_flag_follows_its_row(live_server: LiveServer, new_page: Any) -> None:
    """OPT-SC-7.2: 杠上炮 is offered once its row is on and adds a fan to a discard win; the
    self-draw bonus select changes what each payer gives on a self-draw (OPT-SC-4.3)."""
    page = new_page()
    open_calc(page, live_server, "sichuan")
    click(page, HAND + " 5m")
    shown(page)
    page.check("[data-testid=calc-flag-gang_shang_pao]")
    page.check("[data-testid=calc-flag-kong_discard]")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '2'")
    got = shown(page)
    rows, total = engine_rows(kong_discard=True, options={"extra_fans": ["gang_shang_pao"]})
    assert got["rows"] == rows == [["basic_hand", "0"], ["kong_discard", "1"]]
    page.uncheck("[data-testid=calc-flag-kong_discard]")
    page.check("[data-testid=calc-flag-self_draw]")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '2'")  # 1 point + the self-draw point
    page.select_option("[data-testid=calc-select-self_draw_bonus]", "none")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '1'")
    no_missing_keys(page)


def test_mcr_calculator_reads_the_tables_minimum(live_server: LiveServer, new_page: Any) -> None:
    """OPT-MCR-2.1 in the calculator: the verdict under the items reads the minimum set in the
    house rules (8 by default): a 21-point hand meets 8 and falls short of 24, as the engine's
    ``game.score`` says with the same options."""
    page = new_page()
    open_calc(page, live_server, "mcr")
    click(page, "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 5s")
    assert shown(page)["total"] == 21
    verdict = page.locator("[data-testid=calc-minimum]")
    assert "the 8-point minimum is met" in verdict.inner_text()
    page.select_option("[data-testid=calc-select-min_points]", "24")
    page.wait_for_function("document.querySelector('[data-testid=calc-minimum]')"
                           "?.textContent.includes('24-point')")
    assert "below the 24-point minimum" in verdict.inner_text()
    spec = {"concealed": faces("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s"), "winning_tile": "5s",
            "options": {"min_points": 24}}
    engine = get_game("mcr").score(spec)
    assert engine["meets_minimum"] is False and engine["min_points"] == 24
    assert_no_axe_violations(page, "the mcr calculator with a minimum")
    no_missing_keys(page)


def test_sichuan_calculator_says_who_pays_dian_gang_hua(live_server: LiveServer,
                                                         new_page: Any) -> None:
    """OPT-SC-5 in the calculator: a win on the replacement of a kong made on a discard
    (点杠花, shown once "kong replacement" is ticked) is paid by every opponent, 4 + 1 each, by
    default; under "paid by the kong's discarder" that player alone pays 4 (OPT-SC-5.2)."""
    page = new_page()
    open_calc(page, live_server, "sichuan")
    mode(page, "kong")
    click(page, "9m")
    mode(page, "hand")
    click(page, "1s 1s 4s 5s 6s 7s 8s 9s 2m 3m 1m")
    assert page.locator("[data-testid=calc-flag-kong_given]").count() == 0
    page.check("[data-testid=calc-flag-kong_replacement]")
    page.check("[data-testid=calc-flag-kong_given]")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '5'")
    assert "self-draw +1" in shown(page)["text"]
    page.select_option("[data-testid=calc-select-dian_gang_hua]", "discard")
    page.wait_for_function("document.querySelector('[data-testid=calc-total]')?.dataset.value"
                           " === '4'")
    assert "whose discard made the kong pays" in shown(page)["text"]
    spec = {"melds": [{"type": "kong", "tile": "9m"}], "winning_tile": "1m",
            "concealed": faces("1s 1s 4s 5s 6s 7s 8s 9s 2m 3m"), "missing_suit": "p",
            "kong_replacement": True, "kong_given": True,
            "options": {"dian_gang_hua": "discard"}}
    assert get_game("sichuan").score(spec)["points_per_payer"] == 4
    no_missing_keys(page)
