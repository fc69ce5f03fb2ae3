"""An MCR settlement's win reads top to bottom (issue 26, defect 10), on a hand-made finished
deal served to the page: a self-drawn pure straight with two flowers (23 points before flowers,
25 with them). The rows go patterns, "Total before flowers 23", "Flower Tiles 2", "Total with
flowers 25", each number the sum of the rows above it; "Flower Tiles" came above "Total before
flowers" before. The calculator shows the same order for the same hand."""

from __future__ import annotations

from typing import Any

from engine.mcr import GAME as G
from tests.mcr.position import position

from .conftest import LiveServer
from .probe import assert_mcr_rows_add_up, screenshot
from .test_hints import _serve


def test_mcr_win_rows_read_top_to_bottom(live_server: LiveServer, new_page: Any) -> None:
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 5s"}, drawn="5s",
                        flowers={0: "f1 f2"})
    page = new_page(1280, 900)
    _serve(page, live_server.url, G.apply(state, 0, {"type": "win"}), "mcr",
           "[data-testid=settlement]")
    card = page.get_by_test_id("win")
    card.wait_for()
    rows = assert_mcr_rows_add_up(card.element_handle())
    assert [r["code"] for r in rows if r["kind"] == "item"][-1] == "flower_tiles"
    texts = [r["text"] for r in rows]
    before = next(i for i, x in enumerate(texts) if "Total before flowers" in x)
    flower = next(i for i, x in enumerate(texts) if "Flower Tiles" in x)
    assert before < flower < len(texts) - 1 and "Total with flowers" in texts[-1]
    assert [r["value"] for r in rows[before:]] == [23, 2, 25]
    screenshot(page, "mcr-settlement-rows")
    assert not page.js_errors, page.js_errors
