"""The table's "Last moves" (web/kit.js ``logPanel``): the newest move is always in sight.

Issue 26, defect 2: the log sat in the table's centre, which scrolled from the top, so once it
held more than about five lines (every MCR deal's start, with the flowers) the newest ones were
cut off. Now the log scrolls inside itself with the newest drawn at the bottom, in sight. (The
square table of issue 26 gives it room for all its lines at 1280×800; on the phone it scrolls.)
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_e2e_mcr import play_mcr_deal

NEWEST = """() => {
  const items = [...document.querySelectorAll('[data-testid=table] [data-testid=log] li')];
  if (!items.length) return null;
  const newest = items.reduce((a, b) => Number(a.dataset.event) > Number(b.dataset.event) ? a : b);
  const r = newest.getBoundingClientRect();
  let clippedBy = null;
  for (let el = newest.parentElement; el && el !== document.body; el = el.parentElement) {
    if (!/(auto|scroll|hidden|clip)/.test(getComputedStyle(el).overflowY)) continue;
    const box = el.getBoundingClientRect();
    if (r.top < box.top - 1 || r.bottom > box.bottom + 1) { clippedBy = el.className; break; }
  }
  const centre = document.querySelector('[data-testid=table] .centre');
  return {lines: items.length, shown: r.height > 0, clippedBy,
          crowded: centre.scrollHeight > centre.clientHeight + 1
                   || items.some((li) => li.getBoundingClientRect().height === 0)
                   || document.querySelector('[data-testid=log] ol').scrollHeight
                      > document.querySelector('[data-testid=log] ol').clientHeight + 1};
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 740)])
def test_the_newest_move_is_always_in_sight(live_server: LiveServer, new_page: Any,
                                            width: int, height: int) -> None:
    page = new_page(width, height)
    page.goto(live_server.url + "/")
    page.get_by_test_id("play-mcr").click()
    page.get_by_test_id("table").wait_for()
    seen: list[dict[str, Any]] = []

    def check() -> None:
        # the table as it stands, not halfway through a discard's slide or the hand's turning
        # up (web/motion.js): a transform in flight may push a box past the middle for a moment
        page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running'"
                               " || a.effect?.getTiming().iterations === Infinity)",
                               timeout=5_000)  # a pulsing mark (thinking...) never ends
        got = page.evaluate(NEWEST)
        if got is not None:
            seen.append(got)

    play_mcr_deal(page, live_server, each=check)
    assert seen, "the log never showed a move"
    hidden = [s for s in seen if not s["shown"] or s["clippedBy"]]
    assert not hidden, hidden[:3]
    if width < 500:  # on the desktop the square table's middle holds all the lines (issue 26)
        assert any(s["crowded"] for s in seen), "the log never held more than its room: no test"
