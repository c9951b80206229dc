"""The documentation site: `mkdocs build --strict` (broken links, missing references and
a notebook that fails all fail it), the tutorial run during the build, the catalog pages
generated from the puzzle files, the pictures drawn by the code, and the built pages
opened in headless Chromium (pictures drawn with a size, no script errors, not blank)."""

from __future__ import annotations

import doctest
import functools
import html
import http.server
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

from cpuzzler import catalog
from cpuzzler.formats import puzzle_file

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--virtual-time-budget=10000", "--window-size=1200,900"]
# injected into each page opened: script errors, and then every picture's drawn size
WATCH = """<script>
window.__errors = [];
window.addEventListener("error", e => window.__errors.push(String(e.message)));
const __error = console.error;
console.error = (...a) => { window.__errors.push(a.join(" ")); __error(...a); };
window.addEventListener("load", () => setTimeout(() => document.body.setAttribute(
  "data-seen", JSON.stringify({errors: window.__errors,
    sizes: Array.from(document.querySelectorAll("article img, article svg"), p => {
      const box = p.getBoundingClientRect(); return [box.width, box.height]; })})), 500));
</script>
</head>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", DISABLE_MKDOCS_2_WARNING="true")
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert build.returncode == 0, build.stderr[-4000:]
    return out


def test_the_site_builds_strictly_with_guides_reference_and_catalog(site):
    for page in ("index.html", "getting-started/index.html", "guides/engines/index.html",
                 "reference/exact-cover/index.html", "catalog/polyominoes/index.html"):
        assert (site / page).is_file(), page
    reference = (site / "reference/exact-cover/index.html").read_text()
    assert "ExactCover" in reference and 'class="gp">&gt;&gt;&gt;' in reference  # doctests as code
    assert not list(site.glob("**/*.py"))  # the build's own scripts stay out


def test_the_reference_shows_typed_signatures_and_the_public_surface_only(site):
    pages = {page.parent.name: html.unescape(re.sub(r"<[^>]+>", "", page.read_text()))
             for page in (site / "reference").glob("*/index.html")}
    assert {"exact-cover", "engines", "models", "parts"} <= set(pages)
    for name, text in pages.items():
        raw = re.findall(r":(?:class|meth|attr|func|mod|data):`?\w", text)
        assert not raw, f"{name}: raw Sphinx roles {raw[:3]}"
    # signatures carry their annotations (the types link to their entries)
    assert re.search(r"time_limit:\s*float\s*\|\s*None", pages["exact-cover"])
    # helpers a module keeps out of its __all__ have no entry in the reference
    engines = (site / "reference/engines/index.html").read_text()
    assert 'id="cpuzzler.engines.frontier.disk.count_on_disk"' in engines
    for helper in ("frontier.workers.process_shard", "sweep.counter_arguments",
                   "native.solver_arguments"):
        assert f'id="cpuzzler.engines.{helper}"' not in engines, helper


def test_the_tutorial_ran_during_the_build(site):
    page = (site / "tutorial/index.html").read_text()
    assert "(2339, 9356)" in html.unescape(page)
    assert page.count("<svg") >= 2  # a solution and a region, drawn by the code


def test_every_catalog_puzzle_has_its_entry_and_most_a_picture(site):
    pages = {family: (site / f"catalog/{family}/index.html").read_text()
             for family in {entry.family for entry in catalog.ENTRIES}}
    for entry in catalog.ENTRIES:
        assert f'id="{entry.name}"' in pages[entry.family], entry.name
    tilings = sum(page.count('class="puzzle-picture"') for page in pages.values())
    assert tilings > len(catalog.ENTRIES) // 2


def test_the_home_pages_picture_is_what_the_code_draws_now():
    drawn = catalog.get("pentominoes-6x10").build().first().svg()
    assert (DOCS / "pentominoes-6x10.svg").read_text() == drawn


def test_the_getting_started_puzzle_file_counts_as_it_says():
    text = (DOCS / "getting-started.md").read_text()
    toml = re.search(r"```toml\n(.*?)```", text, re.S)[1]
    puzzle = puzzle_file.parse(toml, path="my-puzzle.toml")
    assert "(65 up to symmetry)" in text and puzzle.count() == 65


def test_the_doctest_fences_of_the_reference():
    spec = importlib.util.spec_from_file_location("griffe_doctests",
                                                  DOCS / "griffe_doctests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert doctest.testmod(module).failed == 0


def _png_colours(path: Path) -> int:
    """How many distinct byte values the picture's pixel rows hold (a blank page: few)."""
    data, at, rows = path.read_bytes(), 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            rows += data[at + 8:at + 8 + length]
        at += 12 + length
    return len(set(zlib.decompress(rows)))


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (.ci/run installs Debian's)")
@pytest.mark.parametrize("page", ["index.html", "guides/pictures/index.html",
                                  "catalog/polyiamonds/index.html"])
def test_pages_open_in_chromium_with_pictures_and_no_errors(site, tmp_path, page):
    served = tmp_path / "site"
    shutil.copytree(site, served)
    target = served / page
    target.write_text(target.read_text().replace("</head>", WATCH, 1))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{server.server_address[1]}/{page}"
    try:
        browse = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
        dom = subprocess.run([*browse, "--dump-dom", address], capture_output=True, text=True,
                             timeout=120, stdin=subprocess.DEVNULL)
        shot = tmp_path / "shot.png"
        subprocess.run([*browse, f"--screenshot={shot}", address], capture_output=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    finally:
        server.shutdown()
    seen = re.search(r'data-seen="([^"]*)"', dom.stdout)
    assert seen, dom.stderr[-2000:]
    report = json.loads(html.unescape(seen[1]))
    assert report["errors"] == []
    assert report["sizes"] and all(w > 10 and h > 10 for w, h in report["sizes"]), report
    assert shot.is_file() and _png_colours(shot) > 16  # not a blank page


def test_no_docstring_holds_a_raw_sphinx_role():
    """mkdocstrings shows ``:class:`X``` as it is written: the API reference held
    ``:class:ExactCover`` and ``:meth:from_string``. Docstrings name code in double
    backticks."""
    package = ROOT / "cpuzzler"
    role = re.compile(r":(?:class|meth|attr|func|mod|obj|data|exc):`")
    found = [f"{path.relative_to(package)}:{k}" for path in package.rglob("*.py")
             for k, line in enumerate(path.read_text().splitlines(), start=1)
             if role.search(line)]
    assert not found, found
