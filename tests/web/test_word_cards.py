"""Paohuzi word cards print like the real deck (issue 26, defect 12): the 2, 7 and 10 of both
sizes (二 七 十, 贰 柒 拾) in red, every other card in black, wherever a card is drawn — the
calculator's palette and the rules page here; the table (test_e2e_paohuzi.py) and the replay
(test_replay.py) call ``assert_word_ink`` too."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer

RED = "rgb(192, 35, 27)"
BLACK = "rgb(27, 29, 36)"
RED_VALUES = {2, 7, 10}


def assert_word_ink(page: Any, at_least: int = 1) -> None:
    """Every face-up word card on the page has its numeral, its value and its mirrored numeral
    in the deck's ink: red for 2, 7 and 10, black for the rest."""
    cards = page.evaluate("""() => [...document.querySelectorAll('.wcard[data-face]')].map((c) => ({
        face: c.dataset.face,
        fills: [...c.querySelectorAll('svg text')].filter((t) => t.getAttribute('fill') !== '#fff')
          .map((t) => getComputedStyle(t).fill),
      }))""")
    assert len(cards) >= at_least, cards
    for card in cards:
        want = RED if int(card["face"][1:]) in RED_VALUES else BLACK
        assert card["fills"] and set(card["fills"]) == {want}, card


def test_calculator_and_rules_print_the_deck_colours(live_server: LiveServer,
                                                      new_page: Any) -> None:
    page = new_page(1280, 800)
    page.goto(f"{live_server.url}/#/calc/paohuzi")
    page.wait_for_selector("[data-testid=calc-page][data-game=paohuzi]")
    faces = page.evaluate("[...document.querySelectorAll('.wcard[data-face]')]"
                          ".map((c) => c.dataset.face)")
    assert {f"{k}{v}" for k in "xd" for v in range(1, 11)} <= set(faces)
    assert_word_ink(page, 20)
    page.goto(f"{live_server.url}/#/rules/paohuzi")
    page.wait_for_selector(".wcard[data-face]")
    assert_word_ink(page, 20)
    assert not page.js_errors, page.js_errors
