"""Any screen: each game's table played on a phone in portrait (360×740, touch) through a whole
deal, with the page never wider than the screen — checked at every decision and on the results —
and every hand card, prompt button and the results inside the screen, big enough to tap. At every
decision the whole table is on the screen: no scroll at all, down or sideways (issue 26).

Motion (web/motion.js, issue 26): with reduced motion asked for — in ⚙ (Sichuan) or by the
system (Nantong) — no animation runs at any decision and none was ever started; without it
(MCR, Paohuzi) the discards slid to their ponds. Counted, never timed.

The seat plays like the keyboard test (probe.decide: the suggested missing suit, Win when
offered, every other claim taken, the last legal card discarded), by tapping. Screenshots of each
table at phone size (mid-deal, settlement) go to tests/artifacts/; the desktop ones come from
test_keyboard.py.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LiveServer
from .positions import open_turn, turn_at
from .probe import (
    ACTION_PROBE,
    assert_covers_no_control,
    assert_middle_reads,
    assert_one_screen,
    decide,
    overflowing,
    screenshot,
    turns,
    wait_past,
)

GAMES = ["sichuan", "mcr", "nantong", "paohuzi"]
PHONE = {"width": 360, "height": 740}
DEAL_TIMEOUT_S = {"sichuan": 120, "mcr": 120, "nantong": 90, "paohuzi": 90}
MIN_CARD_PX = 20  # narrow Nantong and Paohuzi cards; a mahjong tile is wider
#: how each game's phone asks for reduced motion: ⚙'s setting, the system's, or not at all
REDUCED = {"sichuan": "settings", "nantong": "system", "mcr": None, "paohuzi": None}
#: animations running now, and those motion.js started since the page loaded
MOTION = "[document.getAnimations().length, Number(document.documentElement.dataset.motion ?? 0)]"


def _tap(locator: Any) -> bool:
    """Tap if it is still there; the table may re-render between looking and tapping."""
    try:
        locator.tap(timeout=3000)
        return True
    except Exception:  # noqa: BLE001 - a re-render or an answered claim: look again
        return False


#: Each hand card and action button shown, by its box; one inside a box that scrolls (a claim
#: of many chis scrolls in the phone's action area, test_the_most_chis_fit_a_phone) by that box:
#: the box must lie on the screen, the control need only be scrolled to.
CONTROL_BOXES = """() => {
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (/auto|scroll/.test(s.overflowY) && p.scrollHeight > p.clientHeight) return p;
    }
    return null;
  };
  return [...document.querySelectorAll('[data-testid=hand-tile], button[data-action]')]
    .filter((el) => el.getClientRects().length).map((el) => {
      const r = el.getBoundingClientRect();
      const box = scroller(el)?.getBoundingClientRect();
      const clipped = box && (r.top < box.top || r.bottom > box.bottom);
      const b = clipped ? box : r;
      return {id: el.dataset.action ?? el.dataset.testid, left: r.left, right: r.right,
              top: b.top, bottom: b.bottom, width: r.width, scrolled: Boolean(clipped)};
    });
}"""


def assert_fits(page: Any, where: str) -> None:
    """No sideways scrolling, and the controls a player taps lie inside the screen (or inside a
    box on the screen that scrolls to them)."""
    width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"{where}: the page is {width[0]} px wide on a {width[1]} px screen: " \
        f"{overflowing(page)}"
    boxes = page.evaluate(CONTROL_BOXES)
    for b in boxes:
        assert b["left"] >= 0 and b["right"] <= PHONE["width"] + 0.5, (where, b)
        assert b["top"] >= 0 and b["bottom"] <= PHONE["height"] + 0.5, (where, b)
        if b["id"] == "hand-tile":
            assert b["width"] >= MIN_CARD_PX, (where, b)


def play_by_tapping(page: Any, server: LiveServer, game: str, shots: bool = True) -> dict[str, int]:
    reduced = REDUCED[game] is not None
    stats = {"decisions": 0, "discards": 0, "offers": 0, "taps": 0}
    for s in turns(page, ACTION_PROBE, DEAL_TIMEOUT_S[game], game, server, stats):
        move = decide(s, stats["offers"])
        if move is None:
            page.wait_for_timeout(30)
            continue
        stats["decisions"] += 1
        assert s["scrollWidth"] <= s["innerWidth"], \
            f"{game}, decision {stats['decisions']}: {s['scrollWidth']} px wide: {overflowing(page)}"
        assert_fits(page, f"{game}, decision {stats['decisions']}")
        assert_one_screen(page, f"{game}, decision {stats['decisions']}")
        assert_middle_reads(page, f"{game}, decision {stats['decisions']}")
        if reduced:
            assert page.evaluate(MOTION) == [0, 0], f"{game}: an animation under reduced motion"
        # the 10th, when the deal lasts, shows fuller ponds; the 1st, overwritten by the 2nd,
        # keeps a table mid-deal when a random deal ends at once (a Paohuzi one did, at the 1st)
        if shots and stats["decisions"] in (1, 2, 10):
            page.wait_for_timeout(300)  # the last discard's animation
            screenshot(page, f"{game}-phone", full_page=True)
        v = s["version"]
        if "pass" in s["actions"] and move != "win" and len(s["actions"]) > 1:
            stats["offers"] += 1
        if move == "discard":
            if not _tap(page.locator("[data-testid=hand-tile][data-legal=true]").last):
                continue
            if not _tap(page.locator("button[data-action=discard]")):
                continue
            stats["discards"] += 1
        elif not _tap(page.locator(f"button[data-action='{move}']").first):
            continue
        stats["taps"] += 1
        wait_past(page, v, f"tapping {move}")
    return stats


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_on_a_phone(live_server: LiveServer, new_page: Any, game: str) -> None:
    page = new_page(PHONE["width"], PHONE["height"], is_mobile=True, has_touch=True,
                    device_scale_factor=2,
                    reduced_motion="reduce" if REDUCED[game] == "system" else "no-preference")
    if REDUCED[game] == "settings":
        page.add_init_script("localStorage.setItem('paiju.settings', '{\"reducedMotion\": true}')")
    page.goto(live_server.url + "/")
    assert_fits(page, "lobby")
    page.get_by_test_id(f"play-{game}").tap()
    page.wait_for_selector(f"[data-testid=table][data-game={game}]")
    page.wait_for_function("document.querySelectorAll('[data-testid=hand-tile]').length > 0")
    assert_fits(page, f"{game} first view")

    started = time.monotonic()
    stats = play_by_tapping(page, live_server, game)
    elapsed = time.monotonic() - started
    assert stats["taps"] > 0, stats
    started = page.evaluate(MOTION)[1]
    if REDUCED[game]:
        assert started == 0, f"{game}: motion under reduced motion"
    else:
        assert started > 0, f"{game}: no discard slid to its pond"

    page.get_by_test_id("settlement").wait_for()
    page.wait_for_timeout(300)
    screenshot(page, f"{game}-phone-end")
    assert_fits(page, f"{game} results")
    # the table behind the results reads on the phone too, and the results come back
    page.get_by_test_id("hide-settlement").tap()
    page.get_by_test_id("show-settlement").wait_for()
    assert_fits(page, f"{game} table after the deal")
    assert_covers_no_control(page, "[data-testid=show-settlement]", f"{game} after the deal")
    screenshot(page, f"{game}-phone-over", full_page=True)
    page.get_by_test_id("show-settlement").tap()
    page.get_by_test_id("settlement").wait_for()
    # touch screens get no key hints
    assert page.evaluate("[...document.querySelectorAll('.key-hint')].every((k) => !k.getClientRects().length)")
    assert not page.js_errors, page.js_errors
    print(f"{game} on a phone: a deal in {elapsed:.1f} s: {stats}")


@pytest.mark.parametrize("lang", ["pl", "it"])
@pytest.mark.parametrize("game", GAMES)
def test_the_middle_reads_on_a_phone(live_server: LiveServer, new_page: Any, game: str,
                                     lang: str) -> None:
    """In the two languages of the longest words, a phone deal of each game, every line of the
    middle of the felt in sight at every decision (the Paohuzi middle cut "Deal 1 · 15 huxi to
    win" and the dealer's extra card in both), and "Show results" over no control after it."""
    page = new_page(PHONE["width"], PHONE["height"], is_mobile=True, has_touch=True,
                    reduced_motion="reduce")
    page.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}')")
    page.goto(live_server.url + "/")
    page.get_by_test_id(f"play-{game}").tap()
    page.wait_for_selector(f"[data-testid=table][data-game={game}]")
    page.wait_for_function("document.querySelectorAll('[data-testid=hand-tile]').length > 0")
    try:
        stats = play_by_tapping(page, live_server, game, shots=False)
    except AssertionError:
        screenshot(page, f"{game}-phone-{lang}-failed", full_page=True)  # for people to look at
        raise
    assert stats["decisions"] > 0, stats
    page.get_by_test_id("hide-settlement").tap()
    page.get_by_test_id("show-settlement").wait_for()
    assert_covers_no_control(page, "[data-testid=show-settlement]", f"{game} in {lang}")
    assert not page.js_errors, page.js_errors


def ten_chis() -> dict[str, Any]:
    """The first Paohuzi claim of ten chis or more on seat 0 (seed 558: ten, a peng, a pass)."""
    return turn_at("paohuzi", lambda v, acts: v["phase"] == "claim"
                   and [a["type"] for a in acts].count("chi") >= 10, seeds=range(550, 600))


def choices_in_sight(page: Any, height: int) -> Iterator[tuple[int, dict[str, float]]]:
    """Each button of the claim prompt brought into the screen (``height`` tall) and found
    inside it: its index and box."""
    buttons = page.locator("[data-testid=claim-prompt] button[data-action]")
    assert buttons.count() >= 12  # ten chis, the peng, the pass
    for i in range(buttons.count()):
        buttons.nth(i).scroll_into_view_if_needed()
        box = buttons.nth(i).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= height + 0.5, (i, box)
        yield i, box


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_most_chis_fit_a_phone(live_server: LiveServer, new_page: Any, lang: str) -> None:
    """A Paohuzi claim of ten chis, each with its bi (PH-4.6; random play offers up to twelve):
    the whole table stays on the phone's screen, hand and switches in sight, and the prompt
    scrolls in its own box, each choice brought into the screen to be tapped (five chis once
    pushed one's panel past the screen, and a test run later met one with more). The deal
    tests' check of every control (``assert_fits``) takes a choice scrolled out of that box as
    in reach: one run met three chis in Polish at its first decision and read the third, below
    the box, as off the screen."""
    page = new_page(PHONE["width"], PHONE["height"], is_mobile=True, has_touch=True)
    open_turn(page, live_server.url, ten_chis(), lang=lang, prompt="claim-prompt")
    screenshot(page, f"paohuzi-phone-ten-chis-{lang}")
    assert_one_screen(page, "ten chis")
    assert_fits(page, "ten chis")
    assert any(b["scrolled"] for b in page.evaluate(CONTROL_BOXES))
    switches = page.locator("[data-testid=autoplay] input").all()
    assert len(switches) == 2
    for switch in switches:
        box = switch.bounding_box()
        assert box and box["y"] + box["height"] <= PHONE["height"], box
    for i, _ in choices_in_sight(page, PHONE["height"]):
        assert_one_screen(page, f"ten chis, choice {i} in sight")
    # the pass, from the bottom of the box
    page.locator("[data-testid=claim-prompt] button[data-action]").last.tap()
    assert not page.js_errors, page.js_errors


def test_the_most_chis_on_a_phone_on_its_side(live_server: LiveServer, new_page: Any) -> None:
    """The same claim on a phone held sideways (740×360), too low for the table in one view:
    the page scrolls, and every choice keeps its full size and can be brought into the screen
    (a prompt squeezed into what the felt leaves would have no room at all)."""
    page = new_page(740, 360, is_mobile=True, has_touch=True)
    open_turn(page, live_server.url, ten_chis(), prompt="claim-prompt")
    for i, box in choices_in_sight(page, 360):
        assert box["height"] >= 30, (i, box)
    assert not page.js_errors, page.js_errors
