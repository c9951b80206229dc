"""The package as a user gets it: `python -m build` makes an sdist and a wheel, and the
wheel, installed into a fresh virtual environment outside the checkout, counts from the
shell and from Python (so the C extension, the catalog's data files, the type marker and
the entry point are all in it)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import cpuzzler

pytestmark = pytest.mark.xdist_group("packaging")  # one worker builds the dist once
ROOT = Path(__file__).resolve().parent.parent
# what a build from a clean checkout would not see (a build writes beside the sources, so
# each builds from its own copy: two at a time in one checkout share its build folders)
NOT_SOURCES = shutil.ignore_patterns(".*", "site", "build", "dist", "*.egg-info", "*.so",
                                     "__pycache__")


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out, sources = tmp_path_factory.mktemp("dist"), tmp_path_factory.mktemp("sources")
    shutil.copytree(ROOT, sources, ignore=NOT_SOURCES, dirs_exist_ok=True)
    build = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(sources)],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    return out


@pytest.mark.slow
def test_build_makes_an_sdist_and_a_wheel_of_the_version_in_one_place(dist):
    version = cpuzzler.__version__
    (wheel,) = dist.glob(f"cpuzzler-{version}-*.whl")
    (sdist,) = dist.glob(f"cpuzzler-{version}.tar.gz")
    names = zipfile.ZipFile(wheel).namelist()
    assert "cpuzzler/py.typed" in names and "cpuzzler/engines/_dlx.pyi" in names
    assert any(name.startswith("cpuzzler/engines/_dlx") and name.endswith(".so")
               for name in names)
    assert "cpuzzler/puzzles/polyominoes.toml" in names
    assert "cpuzzler/pieces/polyominoes.toml" in names
    with tarfile.open(sdist) as archive:
        inside = archive.getnames()
    assert f"cpuzzler-{version}/cpuzzler/engines/csrc/xc.h" in inside  # builds anywhere
    assert f"cpuzzler-{version}/LICENSE" in inside
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def test_the_license_and_the_citation_say_what_the_package_says():
    """MIT in LICENSE and pyproject.toml; CITATION.cff carries the version in one place."""
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text()
    citation = (ROOT / "CITATION.cff").read_text()
    assert f'version: "{cpuzzler.__version__}"' in citation and "license: MIT" in citation


@pytest.mark.slow
def test_the_wheel_installed_in_a_fresh_environment_counts(dist, tmp_path):
    (wheel,) = dist.glob("cpuzzler-*.whl")
    env = tmp_path / "env"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps",
                              str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr
    # the dependencies from the environment running the tests (not its cpuzzler: a .pth
    # line adds a folder to the path without running that folder's own .pth files)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; "
                                "print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    shell = subprocess.run([str(env / "bin" / "cpuzzler"), "solve", "pentominoes-3x20",
                            "--count"], capture_output=True, text=True, timeout=120,
                           cwd=tmp_path)
    assert shell.returncode == 0, shell.stderr
    assert shell.stdout.startswith("2 solutions"), shell.stdout
    where = subprocess.run(
        [str(python), "-c", "import cpuzzler; from cpuzzler.models import queens; "
         "print(cpuzzler.__file__); print(queens(8).count(symmetry='raw'))"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    path, count = where.stdout.split()
    assert Path(path).is_relative_to(env) and count == "92"


def interpreter(version: str) -> str | None:
    """A working ``python<version>`` on this machine: on the path, or one pyenv keeps."""
    found = [shutil.which(f"python{version}")]
    found += sorted(map(str, Path.home().glob(f".pyenv/versions/{version}.*/bin/python{version}")))
    for candidate in filter(None, found):
        run = subprocess.run([candidate, "--version"], capture_output=True, text=True)
        if run.returncode == 0 and run.stdout.startswith(f"Python {version}."):
            return candidate
    return None


NETWORK_TROUBLE = ("Temporary failure in name resolution", "Network is unreachable",
                   "Connection refused", "ConnectionError", "timed out")


@pytest.mark.slow
@pytest.mark.parametrize("version", ["3.12", "3.13"])
def test_the_sdist_builds_and_counts_on_each_newer_python_here(dist, tmp_path, version):
    """The Python versions the classifiers name beyond the one running the tests: the
    sdist built and installed with its dependencies in a fresh environment, then a
    count by three engines (the C extension, the SAT and CP-SAT libraries)."""
    python = interpreter(version)
    if python is None:
        pytest.skip(f"no Python {version} on this machine")
    (sdist,) = dist.glob("cpuzzler-*.tar.gz")
    env = tmp_path / "env"
    subprocess.run([python, "-m", "venv", str(env)], check=True, timeout=300)
    install = subprocess.run([str(env / "bin" / "pip"), "install", "-q", str(sdist)],
                             capture_output=True, text=True, timeout=1200)
    if install.returncode and any(word in install.stderr for word in NETWORK_TROUBLE):
        pytest.skip(f"the package registry could not be reached: {install.stderr[-300:]}")
    assert install.returncode == 0, install.stderr[-2000:]
    count = subprocess.run(
        [str(env / "bin" / "python"), "-c", "import sys; from cpuzzler.models import queens; "
         "print(sys.version_info[:2], [queens(8).count(engine=e, symmetry='raw') "
         "for e in ('dlx', 'sat', 'cpsat', 'memo')])"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert count.returncode == 0, count.stderr
    major, minor = version.split(".")
    assert count.stdout.split() == [f"({major},", f"{minor})", "[92,", "92,", "92,", "92]"]
