"""The README stays a newcomer's one screen (issue 26): under 8 KB, its two set-up commands
first, and no link of it or of docs/ leads nowhere (sections moved to docs/ keep their links)."""

from __future__ import annotations

import re

from tests.servers import ROOT

README = ROOT / "README.md"
SERVE = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/paiju serve"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_short_with_the_two_commands_first() -> None:
    text = README.read_text()
    assert len(text.encode()) < 8192
    blocks = re.findall(r"```sh\n(.*?)\n```", text, re.S)
    assert blocks[:2] == [SERVE, "scripts/test"]
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text()


def test_every_local_link_resolves() -> None:
    checked = 0
    for page in [README, *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in LINK.findall(page.read_text()):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            assert path.exists(), f"{page.relative_to(ROOT)} links to a missing {target}"
            assert path.is_relative_to(ROOT)
            checked += 1
    assert checked > 10  # the pattern still finds the links
