"""`cpuzzler gallery`: the page, and every picture on it drawn by a real browser."""

import html
import json
import re
import shutil
import subprocess

import pytest

from cpuzzler.cli import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# a new profile, no network, no sandbox (CI runs as root)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MEASURE = """<script>
document.body.setAttribute("data-sizes", JSON.stringify(
  Array.from(document.querySelectorAll("svg"), s => {
    const box = s.getBoundingClientRect(); return [box.width, box.height]; })));
</script>
</body>"""


def _gallery(tmp_path, capsys, name, n):
    assert main(["gallery", name, "-o", str(tmp_path / "g"), "-n", str(n),
                 "--time-limit", "5"]) == 0
    target = tmp_path / "g" / "index.html"
    assert capsys.readouterr().out.strip() == str(target)
    return target.read_text()


def test_the_page_shows_region_pieces_counts_and_solutions(tmp_path, capsys):
    page = _gallery(tmp_path, capsys, "pentominoes-3x20", 3)  # it has but 2
    assert page.count("<svg") == 1 + 12 + 2
    assert "unique 2, raw 8 (" in page  # the published counts with their source
    assert "2 up to symmetry, 8 in all" in page  # and ours
    assert [f"solution {k}<" in page for k in (1, 2, 3)] == [True, True, False]


def test_gallery_errors(tmp_path, capsys):
    assert main(["gallery", "queens-8", "-o", str(tmp_path / "q")]) == 2
    assert "gallery draws tilings" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    assert main(["gallery", "soma", "-o", str(tmp_path / "file")]) == 2
    assert "is not a folder" in capsys.readouterr().err


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (.ci/run installs Debian's)")
@pytest.mark.parametrize("name, pictures", [("tetrasticks-5x5", 1 + 16 + 2),
                                            ("soma", 1 + 7 + 2),
                                            ("hexiamonds-6x6", 1 + 12 + 2)])
def test_every_picture_is_drawn_with_a_size_in_chromium(tmp_path, capsys, name, pictures):
    page = _gallery(tmp_path, capsys, name, 2)
    measured = tmp_path / "g" / "measured.html"
    measured.write_text(page.replace("</body>", MEASURE))
    run = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                          "--dump-dom", measured.as_uri()],
                         capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    found = re.search(r'data-sizes="([^"]*)"', run.stdout)
    assert found, run.stderr[-2000:]
    sizes = json.loads(html.unescape(found[1]))
    assert len(sizes) == pictures
    assert all(width > 10 and height > 10 for width, height in sizes), sizes
