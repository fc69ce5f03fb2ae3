"""A zip of paiju's Botzone bot to upload to Botzone as a Python 3 program.

Botzone runs a zipped Python program through the ``__main__.py`` at the zip's root (its wiki,
"Bot": bundling several Python files). The bot needs only the standard library and paiju's
``engine`` and ``ai`` packages, so the zip holds their ``.py`` files and a ``__main__.py`` that
answers one turn at the level, seed and strong budget it was built with.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

PACKAGES = ("engine", "ai")

MAIN = '''"""paiju's MCR AI as a Botzone Chinese Standard Mahjong bot (built by paiju botzone-bot
--bundle): one turn per run, the history on standard input."""
import sys

from ai.botzone.bot import respond
from ai.botzone.protocol import ProtocolError

try:
    sys.stdout.write(respond(sys.stdin.read(), {level!r}, {seed!r}, {strong_ms!r}))
except ProtocolError as e:
    print("paiju botzone-bot:", e, file=sys.stderr)
    sys.exit(2)
'''


def write_bundle(out: Path, level: str, seed: int, strong_ms: float | None = None,
                 root: Path | None = None) -> int:
    """Write the zip to ``out`` (``root``: the directory holding the packages, by default this
    checkout's); the number of files in it."""
    root = root or Path(__file__).resolve().parents[2]
    files = sorted(f for pkg in PACKAGES for f in (root / pkg).rglob("*.py")
                   if "__pycache__" not in f.parts)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for f in files:
            z.write(f, f.relative_to(root).as_posix())
        z.writestr("__main__.py", MAIN.format(level=level, seed=seed, strong_ms=strong_ms))
    return len(files) + 1


__all__ = ["write_bundle"]
