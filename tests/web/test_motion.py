"""Motion at the table (web/motion.js, issue 26), kind by kind: a claimed card pulled into its
new group, and a hand laid down at the end turning up card by card. The phone deals of
test_screens.py count the discards' slides over whole deals, where claims and wins come at
random; here each opens on a real position (positions.py) and plays the move that makes one,
the API answering with the position after it. Counted from the page's counters, never timed."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .positions import claim, open_turn, played, position, served

KINDS = """() => { const d = document.documentElement.dataset;
  return {discard: Number(d.motionDiscard ?? 0), claim: Number(d.motionClaim ?? 0),
          reveal: Number(d.motionReveal ?? 0)}; }"""


@pytest.mark.parametrize(("game", "take"), [("mcr", "pung"), ("paohuzi", "peng")])
def test_a_claim_pulls_the_card_into_its_group(live_server: LiveServer, new_page: Any,
                                               game: str, take: str) -> None:
    g, st, version = claim(game, {take, "pass"})
    action = next(a for a in g.legal_actions(st, 0) if a["type"] == take)
    after = served(g, *played(g, st, version, action))
    page = new_page(1280, 800)
    open_turn(page, live_server.url, served(g, st, version), prompt="claim-prompt", after=after)
    assert page.evaluate(KINDS)["claim"] == 0
    groups = page.locator("[data-testid=my-seat] :is(.meld, .lgroup, .wgroup)").count()
    page.locator(f"button[data-action={take}]").first.click()
    page.wait_for_function("v => Number(document.querySelector('[data-testid=table]')"
                           "?.dataset.version) === v", arg=after["match"]["version"])
    assert page.locator("[data-testid=my-seat] :is(.meld, .lgroup, .wgroup)").count() > groups
    assert page.evaluate(KINDS)["claim"] >= 1
    assert not page.js_errors, page.js_errors


def test_a_hand_laid_down_turns_up_and_reduced_motion_stops_it(live_server: LiveServer,
                                                             new_page: Any) -> None:
    """An MCR win on a discard: the winner's hand turns up, card by card; with reduced motion
    asked for by the system, the same win starts nothing."""
    g, st, version = position("mcr", lambda v, acts: v["phase"] == "claim"
                              and "win" in {a["type"] for a in acts}, seeds=range(400))
    win = next(a for a in g.legal_actions(st, 0) if a["type"] == "win")
    after = served(g, *played(g, st, version, win))
    assert after["match"]["state"]["phase"] == "over"
    for reduced in (False, True):
        page = new_page(1280, 800, reduced_motion="reduce" if reduced else "no-preference")
        open_turn(page, live_server.url, served(g, st, version), prompt="claim-prompt",
                  after=after)
        page.get_by_test_id("claim-win").click()
        page.get_by_test_id("settlement").wait_for()
        kinds = page.evaluate(KINDS)
        if reduced:
            assert kinds == {"discard": 0, "claim": 0, "reveal": 0}, kinds
        else:
            assert kinds["reveal"] >= 13, kinds  # every card of the hand laid down
        assert not page.js_errors, page.js_errors
