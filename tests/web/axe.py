"""The accessibility audit the browser tests run on each screen they reach: axe-core (bundled by
the ``axe-playwright-python`` package, injected into the page; nothing is downloaded) against the
WCAG 2.0/2.1 A and AA rules (issue 26, defect 7: the lobby's links read at 2.23:1).

axe-core cannot measure text over a gradient (it files it under "needs review", not as a
violation), and the felt, the tiles and the cards are all gradients: so, for the audit only, each
gradient is painted with its one colour stop that contrasts least with the text on it (the felt's
light centre under the light text, the cards' darker foot under their dark print) and put back
after. Text that passes there passes anywhere on the gradient.

The display settings in ⚙ (contrast, temperature, grain) change the colours; the tests audit the
defaults, which is what a fresh browser context has.
"""

from __future__ import annotations

from typing import Any

#: The rule sets audited: WCAG 2.0 and 2.1, levels A and AA.
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: Stop every animation and paint every gradient background with its stop of least contrast
#: with the element's text colour; ``window.__axeUnflatten()`` undoes both.
_FLATTEN = """() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const still = document.head.appendChild(document.createElement('style'));
  still.textContent = '*, *::before, *::after { animation: none !important; '
    + 'transition: none !important; }';
  const flattened = [];
  for (const el of [document.body, ...document.body.querySelectorAll('*')]) {
    const cs = getComputedStyle(el);
    if (!cs.backgroundImage.includes('gradient(')) continue;
    const stops = cs.backgroundImage.match(/rgba?\\([^)]*\\)/g) ?? [];
    if (!stops.length) continue;
    const ink = rgb(cs.color);
    const worst = stops.reduce((a, b) => (ratio(rgb(b), ink) < ratio(rgb(a), ink) ? b : a));
    flattened.push([el, el.style.cssText]);
    el.style.setProperty('background-image', 'none', 'important');
    el.style.setProperty('background-color', worst, 'important');
  }
  window.__axeUnflatten = () => {
    flattened.forEach(([el, css]) => { el.style.cssText = css; });
    still.remove();
  };
}"""


def axe_violations(page: Any, context: str | None = None) -> list[dict[str, Any]]:
    """axe-core's WCAG AA violations on the page as it is now (or inside ``context``, a CSS
    selector), with animations and transitions stopped (a prompt caught fading in is not the
    colour a player reads; the table redraws whenever a move comes) and the gradients flattened."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": WCAG_AA}, "resultTypes": ["violations"]}
    page.evaluate(_FLATTEN)
    try:
        results = Axe().run(page, context=context, options=options)
    finally:
        page.evaluate("() => window.__axeUnflatten?.()")
    return list(results.response["violations"])


def describe(violations: list[dict[str, Any]]) -> str:
    """Each violation's rule id, impact and help, then each offending node: its target and
    axe's figures (for colour contrast: the colours, the ratio and the ratio wanted)."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:12]:
            data = [c.get("data") for c in node.get("any", []) + node.get("all", [])
                    + node.get("none", []) if c.get("data")]
            lines.append(f"    {' > '.join(map(str, node['target']))}  {data or ''}")
            lines.append(f"        {node.get('html', '')[:160]}")
        if len(v["nodes"]) > 12:
            lines.append(f"    … and {len(v['nodes']) - 12} more")
    return "\n".join(lines)


def assert_no_axe_violations(page: Any, where: str, context: str | None = None) -> None:
    """Fail, with every violation described, if axe-core finds one on the page (``where``
    names the screen in the message)."""
    violations = axe_violations(page, context)
    assert not violations, f"axe-core, WCAG AA, on {where}:\n{describe(violations)}"
