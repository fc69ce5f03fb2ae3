"""The page probe every browser test polls: the table's state as data attributes and which
buttons are on screen, plus the fields a game's test adds."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

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
    shows; a deal that does not end in ``timeout_s`` fails with the server's log."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        s = page.evaluate(probe_js)
        if s["settlement"]:
            return
        if not s["table"] or s["busy"]:
            page.wait_for_timeout(30)
            continue
        yield s
    raise AssertionError(f"the {what} deal did not end within {timeout_s} s: {stats}\n"
                         f"{page.evaluate(probe_js)}\nserver log:\n{server.log()}")


def assert_font_loaded(page: Any) -> None:
    """The Chinese glyphs come with the page: the bundled CJK subset is loaded."""
    assert page.evaluate("""async () => {
      await document.fonts.ready;
      return [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'PaijuCJK'
                                               && f.status === 'loaded');
    }"""), "the bundled CJK font did not load"
