"""The page probe every browser test polls: the table's state as data attributes and which
buttons are on screen, plus the fields a game's test adds."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WEB = Path(__file__).resolve().parents[2] / "web"

COMMON = {
    "table": "!!t",
    "busy": "t ? t.dataset.busy === 'true' : false",
    "version": "t ? Number(t.dataset.version) : -1",
    "settlement": "!!q('[data-testid=settlement]')",
    "claimWin": "!!q('[data-testid=claim-win]')",
    "claimPass": "!!q('[data-testid=claim-pass]')",
    "turnWin": "!!q('[data-testid=turn-win]')",
    "legal": "document.querySelectorAll('[data-testid=hand-tile][data-legal=true]').length",
}


def probe(**fields: str) -> str:
    """A JS function returning COMMON's fields and ``fields`` (JS expressions, which may use
    ``q`` = querySelector and ``t`` = the table element; a field here overrides COMMON's)."""
    body = ",\n    ".join(f"{k}: {v}" for k, v in (COMMON | fields).items())
    return ("() => {\n  const q = (s) => document.querySelector(s);\n"
            "  const t = q('[data-testid=table]');\n  return {\n    " + body + ",\n  };\n}")


def turns(page: Any, probe_js: str, timeout_s: float, what: str, server: Any,
          stats: dict[str, int]) -> Iterator[dict[str, Any]]:
    """The page's probe each time the table waits for nothing but us, until the settlement
    shows; a deal that does not end in ``timeout_s`` fails with the server's log. A page marked
    ``page.one_screen = True`` must hold the whole table without scrolling each time."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        s = page.evaluate(probe_js)
        if s["settlement"]:
            return
        if not s["table"] or s["busy"]:
            page.wait_for_timeout(30)
            continue
        if getattr(page, "one_screen", False):
            assert_one_screen(page, f"{what}, version {s['version']}")
        yield s
    raise AssertionError(f"the {what} deal did not end within {timeout_s} s: {stats}\n"
                         f"{page.evaluate(probe_js)}\nserver log:\n{server.log()}")


def assert_reasons_in_words(rows: Any, payments: list[dict[str, Any]]) -> None:
    """Each payment row of a mahjong settlement says its reason in words (English: the page's
    language in these tests), never as the engine's code (issue 26, defect 4: ``self_draw``,
    ``ready_check`` showed as such); the code stays on the row as ``data-reason``."""
    words = json.loads((WEB / "locales" / "en" / "app.json").read_text())
    for row, p in zip(rows.all(), payments, strict=True):
        assert row.get_attribute("data-reason") == p["reason"]
        reason = row.locator("td").last.inner_text()
        assert reason.startswith(words[f"reason.{p['reason']}"]), (reason, p)
        assert row.locator("code").count() == 0


def assert_font_loaded(page: Any) -> None:
    """The Chinese glyphs come with the page: the bundled CJK subset is loaded."""
    assert page.evaluate("""async () => {
      await document.fonts.ready;
      return [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'PaijuCJK'
                                               && f.status === 'loaded');
    }"""), "the bundled CJK font did not load"


# ---------------------------------------------------------------- any table, by its action buttons

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

#: What ``ACTION_PROBE`` reads: the enabled action buttons (web/keys.js maps keys onto the same
#: data-action attribute), Sichuan's suggested missing suit, and the page's width.
ACTION_PROBE = probe(
    actions="[...document.querySelectorAll('button[data-action]')]"
            ".filter((b) => !b.disabled && b.getClientRects().length).map((b) => b.dataset.action)",
    suit="q('[data-action^=suit-][data-suggested=true]')?.dataset.action ?? null",
    deal="t ? Number(t.dataset.deal) : -1",
    scrollWidth="document.scrollingElement.scrollWidth",
    innerWidth="innerWidth",
)

#: Claims that take the card on offer (mahjong, Nantong, Paohuzi).
TAKES = ("pao", "kong", "pung", "peng", "chow", "chi")


def decide(s: dict[str, Any], offered: int) -> str | None:
    """The move a plain player makes on any table, as a data-action ("discard": a hand card):
    win when offered, the suggested missing suit, no opening declaration, every other claim
    taken (so groups and the discards after them are played too), otherwise pass or discard."""
    actions = s["actions"]
    if "win" in actions:
        return "win"
    if s["suit"]:
        return str(s["suit"])
    if "finish" in actions:
        return "finish"
    take = next((a for a in TAKES if a in actions), None)
    if take and "pass" in actions:
        return take if offered % 2 else "pass"
    if "pass" in actions:
        return "pass"
    if s["legal"]:
        return "discard"
    return None


def wait_past(page: Any, version: int, what: str, timeout_ms: int = 8000) -> None:
    """After a move: the table must move past ``version`` (the move played, or overtaken)."""
    try:
        page.wait_for_function(
            "v => Number(document.querySelector('[data-testid=table]')?.dataset.version) > v"
            " || !!document.querySelector('[data-testid=settlement]')",
            arg=version, timeout=timeout_ms)
    except Exception as exc:
        raise AssertionError(f"{what} at version {version} did not play") from exc


def screenshot(page: Any, name: str, full_page: bool = False) -> Path:
    """A screenshot under tests/artifacts/ (gitignored) for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


#: The page's scroll size against the window's.
SCROLL = """() => ({height: document.scrollingElement.scrollHeight, innerHeight,
                  width: document.scrollingElement.scrollWidth, innerWidth})"""


def assert_one_screen(page: Any, where: str) -> None:
    """The whole table on one screen (issue 26): the page scrolls neither down nor sideways,
    and one's hand lies inside one's panel."""
    m = page.evaluate(SCROLL)
    assert m["height"] <= m["innerHeight"] and m["width"] <= m["innerWidth"], \
        f"{where}: the page scrolls ({m}): {overflowing(page, bottom=True)}; " \
        f"the table's parts: {felt_parts(page)}"
    assert_hand_inside(page, where)


#: One's hand cards that reach past one's panel (``.me``) or the window's sides.
HAND_OUTSIDE = """() => [...document.querySelectorAll('.me [data-testid=hand-tile]')]
  .flatMap((el) => {
  const r = el.getBoundingClientRect(), me = el.closest('.me').getBoundingClientRect();
  const inside = r.left >= Math.max(me.left, 0) - 1
    && r.right <= Math.min(me.right, innerWidth) + 1;
  return inside ? [] : [`${el.dataset.face}: ${Math.round(r.left)}-${Math.round(r.right)} px`
                        + ` in ${Math.round(me.left)}-${Math.round(me.right)} px`];
})"""


def assert_hand_inside(page: Any, where: str) -> None:
    """Every card of one's hand inside one's panel and the window: a Nantong hand of 22-24 cards
    ran past both edges of a seat narrowed by the Hints drawer or the replay's move list, its
    first card off the screen (the page did not scroll: the felt clips)."""
    outside = page.evaluate(HAND_OUTSIDE)
    assert not outside, f"{where}: hand cards outside the player's panel: {outside[:4]}"


def overflowing(page: Any, bottom: bool = False) -> list[str]:
    """The elements reaching past the right edge of the window (why a page scrolls sideways),
    or with ``bottom`` past either edge."""
    return page.evaluate("""(bottom) => [...document.querySelectorAll('body *')].filter((el) => {
        const r = el.getBoundingClientRect();
        const below = bottom && r.bottom > innerHeight + 0.5;
        return r.width > 0 && (r.right > innerWidth + 0.5 || below);
      }).slice(0, 10).map((el) => `${el.tagName.toLowerCase()}.${el.className}`
        + ` [${el.dataset.testid ?? ''}] ${Math.round(el.getBoundingClientRect().right)}px`
        + ` ${Math.round(el.getBoundingClientRect().bottom)}px`)""", bottom)


def boxes_on_phone(page: Any, selector: str, width: int = 390) -> list[dict[str, Any]]:
    """The page must not scroll sideways at ``width`` px: the boxes (testid, left, right,
    width) of the elements ``selector`` picks, measured in one go (the table re-renders as
    the AI players act), each checked to lie inside the window."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways at {width} px ({scroll} px wide)"
    boxes: list[dict[str, Any]] = page.evaluate("""(sel) => [...document.querySelectorAll(sel)]
        .map((el) => {
          const r = el.getBoundingClientRect();
          return {id: el.dataset.testid, left: r.left, right: r.right, width: r.width};
        })""", selector)
    for b in boxes:
        assert b["left"] >= 0 and b["right"] <= width, b
    return boxes


MCR_ROWS = """(card) => [...card.querySelectorAll('table.patterns tr')].map((r) => ({
  kind: r.dataset.testid ?? (r.querySelector('[data-testid=win-total]') ? 'total' : r.parentElement.tagName),
  code: r.dataset.code ?? null,
  value: Number(r.querySelector('[data-testid=item-total], [data-testid=points-before-flowers], '
    + '[data-testid=win-total]')?.dataset.value ?? NaN),
  text: r.innerText,
}))"""


def assert_mcr_rows_add_up(card: Any) -> list[dict[str, Any]]:
    """An MCR win's rows read top to bottom (issue 26, defect 10: "Flower Tiles 1" sat above
    "Total before flowers 8"): the patterns, then "Total before flowers" (their sum), then the
    flowers, then the total (the sum so far); every number is the sum of the rows above it."""
    rows = [r for r in card.evaluate(MCR_ROWS) if r["kind"] != "THEAD"]
    kinds = [r["kind"] for r in rows]
    assert kinds.count("item-subtotal") == 1 and kinds[-1] == "total", rows
    sub = kinds.index("item-subtotal")
    patterns, flowers = rows[:sub], rows[sub + 1:-1]
    assert patterns and all(r["kind"] == "item" and r["code"] != "flower_tiles" for r in patterns)
    assert all(r["kind"] == "item" and r["code"] == "flower_tiles" for r in flowers), rows
    assert rows[sub]["value"] == sum(r["value"] for r in patterns), rows
    assert rows[-1]["value"] == rows[sub]["value"] + sum(r["value"] for r in flowers), rows
    return rows


#: Each line of text in the middle of the felt (``root``) that something cuts: a line box
#: reaching past its board (or compass) or past a box that clips it, up to the felt. The last
#: moves scroll by design: of them, some line of the newest must be in sight.
MIDDLE_CLIPPED = """(root) => {
  const centre = document.querySelector(root);
  if (!centre) return ['no middle'];
  const bad = [];
  const ol = centre.querySelector('.log ol');
  const newest = ol?.firstElementChild;  // column-reverse: the newest move is the first item
  const outside = (r, b) => r.left < b.left - 1 || r.right > b.right + 1
    || r.top < b.top - 1 || r.bottom > b.bottom + 1;
  const lines = (node) => { const range = document.createRange(); range.selectNodeContents(node);
    return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0); };
  const px = (r) => [r.left, r.right, r.top, r.bottom].map(Math.round).join(' ');
  const say = (text, r, f) => `"${text.trim().slice(0, 40)}" at ${px(r)}`
    + ` past .${f.className.split(' ')[0]} ${px(f.getBoundingClientRect())}`;
  const walker = document.createTreeWalker(centre, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.data.trim() || (ol && ol.contains(n))) continue;
    const frames = [];
    for (let a = n.parentElement; a; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const clips = cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
      if (clips || a.matches('.board, .compass')) frames.push(a);
      if (a.classList.contains('felt')) break;
    }
    for (const r of lines(n)) {
      const f = frames.find((f) => outside(r, f.getBoundingClientRect()));
      if (f) { bad.push(say(n.data, r, f)); break; }
    }
  }
  if (newest) {
    const box = ol.getBoundingClientRect();
    const seen = [...newest.querySelectorAll('*'), newest].flatMap((el) => [...el.childNodes])
      .filter((n) => n.nodeType === 3 && n.data.trim()).flatMap(lines)
      .some((r) => !outside(r, box));
    if (!seen) bad.push(`the newest move "${newest.innerText.slice(0, 40)}" is not in sight`);
  }
  return bad;
}"""


def assert_middle_reads(page: Any, where: str) -> None:
    """Every line of the middle of the felt is in sight (issue 26 audit): on a phone the Paohuzi
    middle cut its last line ("Deal 1 · 15 huxi to win") in Polish and Italian, and a narrow
    Nantong middle ran its indicator captions past their box."""
    cut = page.evaluate(MIDDLE_CLIPPED, ".felt > .centre")
    assert not cut, (f"{where}: text of the middle is cut: {cut[:4]}; "
                     f"the table's parts: {felt_parts(page)}")


#: The boxes (top and height) of the table's and the felt's parts: what took the middle's room.
FELT_PARTS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    const name = el.className.split(' ').slice(0, 2).join('.');
    return `${name} ${Math.round(r.top)}+${Math.round(r.height)}`; };
  const table = document.querySelector('[data-testid=table]');
  const centre = document.querySelector('.felt > .centre');
  if (!table) return 'no table';
  const felt = document.querySelector('.felt');
  return [table, ...table.children, ...(felt ? felt.children : []),
          ...(centre ? centre.children : [])].map(box).join(', ');
}"""


def felt_parts(page: Any) -> str:
    """``FELT_PARTS`` of the page: what a failed layout check reports."""
    return str(page.evaluate(FELT_PARTS))


#: The controls a player may press or switch, as boxes (the element ``except`` and its inside
#: left out).
CONTROL_BOXES = """(sel) => { const me = document.querySelector(sel);
  const box = (el, what) => { const r = el.getBoundingClientRect();
    return {what, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return [...document.querySelectorAll(
    'button, input, select, textarea, a[href], label, [role=button]')]
  .filter((el) => el.getClientRects().length && !me.contains(el) && !el.contains(me))
  .map((el) => box(el, `${el.tagName.toLowerCase()} ${el.dataset.testid
                         ?? el.innerText.trim().slice(0, 30)}`))
  .concat([box(me, 'self')]); }"""


def assert_covers_no_control(page: Any, selector: str, where: str) -> None:
    """The element ``selector`` lies over no control (issue 26 audit: the floating "Show
    results" covered the Auto-pass switch on a phone)."""
    boxes = page.evaluate(CONTROL_BOXES, selector)
    me = boxes.pop()
    hit = [b["what"] for b in boxes
           if b["left"] < me["right"] - 0.5 and me["left"] < b["right"] - 0.5
           and b["top"] < me["bottom"] - 0.5 and me["top"] < b["bottom"] - 0.5]
    assert not hit, f"{where}: {selector} covers {hit}"
