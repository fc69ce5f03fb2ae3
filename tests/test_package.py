"""paiju installed like any Python application (issue 26): the wheel carries the web app, and
the installed ``paiju serve``, started away from the source tree, serves the page, its locales
and its fonts.

The wheel is built from a copy of the tree (setuptools keeps stale files in an in-tree
``build/``) and installed without its dependencies into a fresh virtualenv, which borrows them
from this test's environment through a ``.pth`` file: installing them would add ~20 s and a
download, and they are not what is checked here. 5 s in all on an idle 2-core machine, 18 s on
one busy with other tests.
"""

from __future__ import annotations

import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import httpx
import pytest

from tests.servers import ROOT, Uvicorn

SKIP = shutil.ignore_patterns(".*", "build", "dist", "*.egg-info", "__pycache__", "tests",
                              "bench", "docs", "examples", "*.db")
"""What a build does not need: caches, databases and the folders no package holds."""


def _run(*command: str | Path, cwd: Path) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv holding the wheel built from this tree; its ``bin`` directory."""
    tmp = tmp_path_factory.mktemp("package")
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=SKIP)
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", ".",
         cwd=source)
    [wheel] = (tmp / "dist").glob("paiju-*.whl")
    venv = tmp / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    python = venv / "bin" / "python"
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
         "-q", wheel, cwd=tmp)
    purelib = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                        cwd=tmp).strip())
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *site.getsitepackages()}
    (purelib / "_paiju_test_deps.pth").write_text("\n".join(sorted(ours)) + "\n")
    return venv / "bin"


def test_the_installed_server_serves_the_web_app(installed: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = _run(installed / "python", "-c", "import server; print(server.__file__)",
                 cwd=elsewhere)
    assert where.startswith(str(installed.parent)), where  # the wheel's copy, not the tree's
    server = Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{tmp_path / 'paiju.db'}",
                      "PAIJU_WEB_DIR": None, "PYTHONPATH": None}, tmp_path / "server.log",
                     command=[str(installed / "paiju"), "serve"], cwd=elsewhere)
    server.start()
    try:
        for path in ("", "app.js", "style.css", "locales/fr/app.json", "locales/zh/rules.json",
                     "fonts/paiju-cjk.woff2", "fonts/OFL.txt"):
            answer = httpx.get(f"{server.url}/{path}", timeout=10)
            assert answer.status_code == 200, (path, answer.status_code, server.log())
            assert answer.content == (ROOT / "web" / (path or "index.html")).read_bytes(), path
        assert httpx.get(f"{server.url}/api/games", timeout=10).json()
    finally:
        server.stop()
