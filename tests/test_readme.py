"""The README's examples run as printed: its Python block gives the counts its comments
say, its shell lines answer with the numbers they promise, and its transcript (``$``
lines and what follows them) is what the commands print."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cpuzzler.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = README.split("## Three examples", 1)[1].split("\n## ", 1)[0]


def _python_block() -> str:
    return re.search(r"```python\n(.*?)```", EXAMPLES, re.S)[1]


def _shell_lines() -> list[tuple[str, str]]:
    """The indented ``cpuzzler ...  # comment`` lines: (command, comment)."""
    return [(m[1].strip(), m[2]) for m in
            re.finditer(r"^    (cpuzzler [^#\n]*)#([^\n]*)$", EXAMPLES, re.M)]


def _transcript() -> list[tuple[str, list[str]]]:
    """The ``$ command`` lines and the lines printed after each."""
    runs: list[tuple[str, list[str]]] = []
    for line in EXAMPLES.splitlines():
        if line.startswith("    $ "):
            runs.append((line[6:], []))
        elif runs and line.startswith("    "):
            runs[-1][1].append(line[4:])
        elif runs and line.strip():
            break
    return runs


def test_the_python_example_gives_the_counts_its_comments_say(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scope: dict[str, object] = {}
    for line in _python_block().splitlines():
        code, _, comment = line.partition("#")
        if not code.strip():
            continue
        if code.startswith(("from ", "import ")) or "=" in code.split("(")[0]:
            exec(code, scope)
            continue
        value = eval(code, scope)
        promised = re.match(r"\s*(\d+)", comment)
        if promised:
            assert value == int(promised[1]), line
        else:
            assert value, line  # the picture: some SVG text
    assert len(_python_block().splitlines()) >= 6


@pytest.mark.parametrize("command, comment", _shell_lines())
def test_each_shell_line_runs_and_prints_what_its_comment_promises(command, comment, capsys,
                                                                   monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(shlex.split(command)[1:]) == 0, command
    out = capsys.readouterr().out.replace(",", "")
    for number in re.findall(r"\b\d{3,}\b", comment):
        assert re.search(rf"\b{number}\b", out), (command, number, out[-400:])


def test_the_shell_examples_are_there():
    assert len(_shell_lines()) >= 4
    assert [command.split()[0] for command, _ in _transcript()] == ["cat", "cpuzzler"]


@pytest.mark.parametrize("command, printed", _transcript())
def test_the_transcript_is_what_the_commands_print(command, printed):
    if command.startswith("cpuzzler "):  # the installed command, as this Python has it
        command = f"{shlex.quote(sys.executable)} -m cpuzzler {command[9:]}"
    run = subprocess.run(command, shell=True, cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == printed
