"""The page probe every browser test polls: the table's state as data attributes and which
buttons are on screen, plus the fields a game's test adds."""

from __future__ import annotations

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
